#!/usr/bin/env bash
# Every check, as CI runs it (.ci/run calls this script): formatting, lints, API docs,
# documentation links, module cycles, the whole test suite (the browser tests of `konane
# gui` included: Chromium and its driver are installed when missing), the Python
# package's build and tests (scripts/test-python.sh), the learned evaluation's pipeline
# in its small mode (scripts/nnue/pipeline.sh small), a short stress match, the costing
# sample script on 5x5, the label-file check (scripts/check-labels.sh) and the cluster
# flows. Works on a fresh machine with the Rust toolchain and python3: it adds the
# rustfmt and clippy components if they are missing, and the Python packages into
# target/python-venv. Stops at the first failing step.
# Usage: scripts/test.sh   (several minutes on 2 cores; `nice scripts/test.sh` is kinder)
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v cargo >/dev/null 2>&1; then
    echo "cargo is missing: install the Rust toolchain (rustup) first" >&2
    exit 1
fi
if command -v rustup >/dev/null 2>&1; then
    for component in rustfmt clippy; do
        if ! rustup component list --installed 2>/dev/null | grep -q "^$component"; then
            rustup component add "$component"
        fi
    done
fi

step() { echo "== $*"; }

# The browser tests of `konane gui` (tests/gui_browser.rs) drive Debian's Chromium through
# its WebDriver; they fail, saying so, when these are missing.
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
    step "installing chromium and chromium-driver for the browser tests"
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update && apt-get install -y chromium chromium-driver
    else
        sudo apt-get update && sudo apt-get install -y chromium chromium-driver
    fi
fi

step "formatting: cargo fmt --check"
cargo fmt --all --check
step "lints: cargo clippy -D warnings"
cargo clippy --workspace --all-targets --locked -- -D warnings
step "API docs: cargo doc -D warnings"
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --locked
step "documentation links"
python3 scripts/check-links.py
step "module structure: no circular imports inside a crate"
python3 scripts/check-module-cycles.py
step "tests: cargo test --workspace"
cargo test --workspace --locked
step "portable build: the rules, search and solver tests without target-cpu=native"
# .cargo/config.toml builds for this machine's CPU; a binary for other machines is built
# with RUSTFLAGS (see CONTRIBUTING.md), so the crates whose speed depends on the CPU are
# tested that way too, in their own target folder.
if [ "$(uname -m)" = x86_64 ]; then
    RUSTFLAGS="-C target-cpu=x86-64" CARGO_TARGET_DIR=target/portable \
        cargo test --locked -p konane-core -p konane-search -p konane-solver
fi
step "learned evaluation: the pipeline's small mode (data, training, the net in the engine)"
# scripts/nnue/pipeline.sh installs PyTorch when missing and uses the binaries the tests
# above built (the test profile is optimised). PyPI's torch comes with its CUDA libraries
# (about 4 GB installed), so the venv lives outside the checkout, in ~/.cache, where the
# next clone on this machine finds it instead of installing it again (NNUE_VENV overrides).
rm -rf target/nnue/ci
NNUE_VENV=${NNUE_VENV:-$HOME/.cache/konane/nnue-venv} \
    KONANE=target/debug/konane NNUE_DATA=target/debug/examples/nnue_data \
    scripts/nnue/pipeline.sh small target/nnue/ci
step "Python package: build the wheel, install it into a fresh target/python-venv, pytest"
scripts/test-python.sh
step "short stress: 20 fast games, Threads 2 against 1, through konane match"
scripts/stress.sh 20
step "costing from a sample: scripts/cluster/sample.sh on 5x5, stopped and resumed, and its summary"
rm -rf target/sample-check
KONANE=target/debug/konane scripts/cluster/sample.sh target/sample-check 5x5 2 12 2 >/dev/null
KONANE=target/debug/konane scripts/cluster/sample.sh target/sample-check 5x5 4 12 2 >/dev/null
[ "$(grep -c '^[0-9]' target/sample-check/samples.txt)" = 4 ] || { echo "FAIL: 4 samples expected" >&2; exit 1; }
summary=$(python3 scripts/cluster/sample-summary.py target/sample-check/samples.txt)
[[ $summary == "4 samples "* ]] || { echo "FAIL: the summary does not count 4 samples" >&2; exit 1; }
step "label files checked again: scripts/check-labels.sh on a small file, resumed, and a wrong label caught"
rm -rf target/label-check && mkdir -p target/label-check
labels=target/label-check/6x5.txt
target/debug/konane perfect label --size 6x5 --pieces 16-20 --count 5 --seed 1 --out "$labels" >/dev/null
KONANE=target/debug/konane scripts/check-labels.sh "$labels" target/label-check/first.txt 3 >/dev/null
checked=$(KONANE=target/debug/konane scripts/check-labels.sh "$labels" target/label-check/first.txt)
[[ $checked == *"5 positions of "*", 5 the same, 0 different" ]] || { echo "FAIL: $checked" >&2; exit 1; }
awk -F' [|] ' -v OFS=' | ' '!/^#/ && !done { $3 = "a1a3"; done = 1 } 1' "$labels" >target/label-check/wrong.txt
if KONANE=target/debug/konane scripts/check-labels.sh target/label-check/wrong.txt target/label-check/wrong-out.txt >/dev/null; then
    echo "FAIL: a wrong label passed the check" >&2
    exit 1
fi
[ "$(grep -c ' | DIFFERENT | ' target/label-check/wrong-out.txt)" = 1 ] || { echo "FAIL: one label should differ" >&2; exit 1; }
step "cluster: sharded solves and matches on a one-node Slurm cluster and with GNU parallel"
# Installs slurm-wlm, munge and GNU parallel when missing (apt-get, as root); where Slurm
# cannot run, the GNU parallel flows stand in for it (scripts/cluster/ci.sh says so).
scripts/cluster/ci.sh
step "all checks passed"
