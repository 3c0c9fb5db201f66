#!/usr/bin/env bash
# A solve campaign in resumable pieces: the board is cut into units once, then rounds
# of cheapest proofs are solved until the root's winner is proven (when the side to
# move wins, run it again per undecided first move with MOVES to settle each one).
# Everything it learns is in DIR: units.txt (the split), results.txt (one
# line a solved unit, appended as each is proven), merged.txt (the latest back-up to
# the root). Stop it at any time (Ctrl-C, kill, the end of a session or a job); run
# the same command again and it resumes from results.txt. Commit DIR to keep progress.
#
# Usage: scripts/campaign.sh DIR SIZE DEPTH [THREADS]
#   e.g. nice -n 19 scripts/campaign.sh data/solve/8x7 8x7 5 2
# Environment: KONANE (the binary; default target/release/konane), MOVES (moves played
# from the start before the split, e.g. "d4"), EXTRA (more flags for each shard's
# `konane solve`, e.g. "--table-mpos 256").
set -euo pipefail

if [ $# -lt 3 ]; then
    sed -n '2,14p' "$0" >&2
    exit 2
fi
dir=$1 size=$2 depth=$3 threads=${4:-2}
konane=${KONANE:-target/release/konane}
extra=${EXTRA:-}
start=(--size "$size")
if [ -n "${MOVES:-}" ]; then
    # shellcheck disable=SC2206
    start+=(--moves $MOVES)
fi
mkdir -p "$dir"
units=$dir/units.txt results=$dir/results.txt merged=$dir/merged.txt

if [ ! -x "$konane" ]; then
    echo "campaign: $konane is missing: cargo build --release -p konane-cli --locked" >&2
    exit 1
fi
if [ ! -f "$units" ]; then
    "$konane" solve "${start[@]}" --split "$depth" --units "$units"
fi

merge() {
    if [ -f "$results" ]; then
        "$konane" solve --units "$units" "${start[@]}" --split "$depth" --merge "$results" > "$merged.tmp"
    else
        "$konane" solve --units "$units" "${start[@]}" --split "$depth" --merge > "$merged.tmp"
    fi
    mv "$merged.tmp" "$merged"
}

round=0
while true; do
    merge
    # The units of this round: the cheapest proof, while the winner is open.
    if ! grep -q '^Cheapest proof' "$merged"; then
        break
    fi
    sed -n '/^Cheapest proof/,/^Others/p' "$merged" > "$dir/round.txt"
    round=$((round + 1))
    echo "campaign: round $round, $(grep -c '^[0-9]' "$dir/round.txt") units ($(date -u +%H:%M:%S) UTC)"
    # shellcheck disable=SC2086
    "$konane" solve --units "$units" --shard 1/1 --results "$results" --only "$dir/round.txt" \
        --threads "$threads" $extra
done
rm -f "$dir/round.txt"
head -3 "$merged"
echo "campaign: done ($(date -u +%H:%M:%S) UTC)"
