#!/usr/bin/env bash
# The Python package's checks, a step of scripts/test.sh: formatting and lints of its
# Rust crate (python/, a workspace of its own), then `pip install ./python[test]` (a PEP
# 517 build with maturin from PyPI) into the virtual environment target/python-venv,
# created when missing, and its pytest suite (the type-stub check included). Needs
# python3 (3.9 or newer) with venv and the Rust toolchain.
# Usage: scripts/test-python.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
venv=target/python-venv

cargo fmt --manifest-path python/Cargo.toml --check
cargo clippy --manifest-path python/Cargo.toml --all-targets --locked -- -D warnings

if [ ! -x "$venv/bin/python" ]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "./python[test]"

# From the repository root, `import konane` finds the installed package, not python/konane.
status=0
"$venv/bin/python" -m pytest python/tests -q -p no:cacheprovider "$@" || status=$?
case $status in
    0) ;;
    5) echo "pytest collected no tests from python/tests" >&2; exit 1 ;;
    *) exit "$status" ;;
esac
