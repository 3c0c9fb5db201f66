#!/usr/bin/env bash
# The Python package's checks, a step of scripts/test.sh: formatting and lints of its
# Rust crate (python/, a workspace of its own), then the wheel users install, built by
# scripts/build-python.sh, installed with its test extras into a fresh virtual
# environment target/python-venv (made again every run, so nothing of the source tree
# or an earlier install is tested), and its pytest suite (the type-stub check included).
# Needs python3 (3.9 or newer) with venv and the Rust toolchain.
# Usage: scripts/test-python.sh [pytest arguments]
set -euo pipefail
cd "$(dirname "$0")/.."

python=${PYTHON:-python3}
venv=target/python-venv

fail() {
    echo "scripts/test-python.sh: $*" >&2
    exit 1
}

cargo fmt --manifest-path python/Cargo.toml --check
# Not --locked: python/Cargo.lock follows the shared crates, whose dependencies other
# branches change; cargo adds or drops only what they need.
cargo clippy --manifest-path python/Cargo.toml --all-targets -- -D warnings

command -v "$python" >/dev/null 2>&1 || fail "$python is missing: the Python package needs Python 3.9 or newer"
"$python" -c 'import sys; sys.exit(sys.version_info < (3, 9))' ||
    fail "$("$python" --version 2>&1) is too old: the Python package needs Python 3.9 or newer"
"$python" -m venv --help >/dev/null 2>&1 ||
    fail "$python has no venv module (on Debian and Ubuntu: apt-get install python3-venv)"
scripts/build-python.sh target/wheels
wheels=(target/wheels/konane-*.whl)
[ -f "${wheels[0]}" ] || fail "scripts/build-python.sh made no wheel"
rm -rf "$venv"
"$python" -m venv "$venv" ||
    fail "$python -m venv failed (on Debian and Ubuntu: apt-get install python3-venv)"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "${wheels[0]}[test]"

# The error messages are compared with the protocol's, as the konane binary prints them.
# Built as `cargo test --workspace` builds it (the same features), which scripts/test.sh
# has just run, so that there it is already up to date.
cargo test --workspace --locked --no-run --quiet
export KONANE_BINARY=$PWD/target/debug/konane

# From the repository root, `import konane` finds the installed wheel, not python/konane
# (checked here, so that a test run against the source tree cannot pass unnoticed).
"$venv/bin/python" -c 'import konane, sys; sys.exit("/python/konane/" in konane.__file__)' ||
    fail "import konane found the source tree, not the installed wheel"
status=0
"$venv/bin/python" -m pytest python/tests -q -p no:cacheprovider "$@" || status=$?
case $status in
    0) ;;
    5) echo "pytest collected no tests from python/tests" >&2; exit 1 ;;
    *) exit "$status" ;;
esac
