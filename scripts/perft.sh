#!/usr/bin/env bash
# Perft speed benchmark: builds the release binary and times perft(11) on one thread
# and perft(12) on two threads from the 8x8 start, checking the counts of rules.md.
# Usage: scripts/perft.sh [repeats]   (default 3; the best run of each is reported)
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=${1:-3}
cargo build --release --quiet --bin konane
bin=target/release/konane

best_time() { # depth threads expected
    local best=""
    for _ in $(seq "$repeats"); do
        out=$("$bin" perft "$1" --threads "$2")
        grep -q "Nodes searched: $3\$" <<<"$out" || { echo "perft $1 gave a wrong count:"; echo "$out"; exit 1; } >&2
        t=$(sed -n 's/^Time: \([0-9.]*\) s.*/\1/p' <<<"$out")
        if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    done
    echo "perft($1) threads=$2: $3 leaves, best of $repeats: $best s"
}
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), load $(cut -d' ' -f1-3 /proc/loadavg)"
best_time 11 1 552955020
best_time 12 2 6862224804
