#!/usr/bin/env bash
# Builds the Python package's wheel (abi3: one wheel for CPython 3.9 and newer) and its
# sdist with maturin, into target/wheels (or the folder given). maturin comes from PyPI
# into the virtual environment target/python-build, made when missing. The Rust build
# (a release build with LTO, as pyproject.toml's maturin settings say) keeps its output
# in python/target, so a second build recompiles only what changed.
# Usage: scripts/build-python.sh [OUT_DIR]
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
out=${1:-target/wheels}
tools=target/python-build

if ! "$tools/bin/maturin" --version >/dev/null 2>&1; then
    rm -rf "$tools"
    "$python" -m venv "$tools"
    "$tools/bin/python" -m pip install --quiet "maturin>=1.9.4,<2"
fi
mkdir -p "$out"
rm -f "$out"/konane-*.whl "$out"/konane-*.tar.gz
"$tools/bin/maturin" build --release --quiet --manifest-path python/Cargo.toml --out "$out"
"$tools/bin/maturin" sdist --manifest-path python/Cargo.toml --out "$out"
ls "$out"/konane-*
