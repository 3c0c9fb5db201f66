#!/usr/bin/env bash
# Fuzzing: builds every cargo-fuzz target (libFuzzer) and runs each for a fixed time,
# then reports the executions per target, the total, and any findings (crash files).
# Usage: scripts/fuzz.sh [seconds per target]   (default 60)
# Needs cargo-fuzz (installed from crates.io if missing). The stable toolchain is told
# to accept the fuzzing flags with RUSTC_BOOTSTRAP=1; targets are safe Rust, so they
# run without a sanitizer (-s none): panics and assertion failures are the findings.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
seconds=${1:-60}
export RUSTC_BOOTSTRAP=1
command -v cargo-fuzz >/dev/null 2>&1 || cargo install cargo-fuzz --locked
targets=$(cargo fuzz list)
cargo fuzz build -s none
total=0
findings=0
for target in $targets; do
    mkdir -p "corpus/$target" "artifacts/$target"
    log=$(mktemp)
    status=0
    cargo fuzz run -s none "$target" -- -max_total_time="$seconds" -print_final_stats=1 >"$log" 2>&1 || status=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -n1)
    runs=${runs:-0}
    crashes=$(find "artifacts/$target" -type f | wc -l)
    total=$((total + runs))
    findings=$((findings + crashes))
    echo "$target: $runs executions in ${seconds}s, $crashes findings (exit $status)"
    if [ "$status" -ne 0 ]; then tail -n 30 "$log"; fi
    rm -f "$log"
done
echo "total: $total executions, $findings findings"
[ "$findings" -eq 0 ]
