"""The type stubs match the native module (mypy's stubtest) and type-check the
package."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


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


def test_the_quick_start_passes_mypy_strict(tmp_path: Path) -> None:
    docs = (PACKAGE.parents[1] / "docs" / "python.md").read_text()
    section = docs.split("## Quick start", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    script = tmp_path / "quick_start.py"
    script.write_text(code)
    checked = run("mypy", "--strict", str(script))
    assert checked.returncode == 0, checked.stdout + checked.stderr
