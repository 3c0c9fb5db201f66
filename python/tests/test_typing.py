"""The type stubs match the native module (mypy's stubtest) and type-check the
package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


PACKAGE = Path(__file__).resolve().parents[1] / "konane"


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *arguments], capture_output=True, text=True, timeout=600
    )


def test_the_stub_matches_the_native_module() -> None:
    # Every class is final, so PEP 800's disjoint bases would say nothing more.
    checked = run("mypy.stubtest", "konane._konane", "--ignore-disjoint-bases")
    assert checked.returncode == 0, checked.stdout + checked.stderr


def test_the_package_type_checks() -> None:
    checked = run("mypy", "-p", "konane", "--ignore-missing-imports")
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.parametrize("section", ["Quick start", "Game values"])
def test_the_examples_pass_mypy_strict(tmp_path: Path, section: str) -> None:
    docs = (PACKAGE.parents[1] / "docs" / "python.md").read_text()
    code = docs.split(f"## {section}", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    script = tmp_path / "example.py"
    script.write_text(code)
    checked = run("mypy", "--strict", str(script))
    assert checked.returncode == 0, checked.stdout + checked.stderr
