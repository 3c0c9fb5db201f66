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
