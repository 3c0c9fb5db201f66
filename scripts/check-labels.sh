#!/usr/bin/env bash
# Checks a perfect-play label file again: solves each labelled position afresh with
# `konane solve --fen FEN --all` and compares its winning moves with the file's, the
# cheapest positions first (by the solver nodes the file records). Resumable: each
# checked position is appended to OUT as `FEN | same or DIFFERENT | the file's moves |
# the solver's moves | nodes`, and a position already in OUT is not solved again.
# Prints how many agree; exits 1 if any differs.
#
# Usage: scripts/check-labels.sh FILE OUT [COUNT]   (COUNT: the cheapest COUNT positions;
#   default all)
#   e.g. nice -n 19 scripts/check-labels.sh data/perfect-play/7x7.txt data/perfect-play/7x7-check.txt 100
# Environment: KONANE (the binary; default target/release/konane), THREADS (default 1),
# SOLVE_ARGS (more `konane solve` options, such as --table-mpos 64).
set -euo pipefail

if [ $# -lt 2 ]; then
    sed -n '2,14p' "$0" >&2
    exit 2
fi
file=$1 out=$2 count=${3:-}
konane=${KONANE:-target/release/konane}
if [ ! -x "$konane" ]; then
    echo "check-labels: $konane is missing: cargo build --release -p konane-cli --locked" >&2
    exit 1
fi
read -r -a more <<<"${SOLVE_ARGS:-}"
touch "$out"

# The positions, cheapest first: nodes, FEN and winning moves, one a line.
positions=$(awk -F' [|] ' '!/^#/ && NF >= 5 { printf "%d|%s|%s\n", $5, $1, $3 }' "$file" | sort -t'|' -k1,1n)
if [ -n "$count" ]; then
    positions=$(head -n "$count" <<<"$positions")
fi
sorted() { tr ' ' '\n' | grep -v '^$' | sort | tr '\n' ' ' | sed 's/ $//'; }

while IFS='|' read -r _ fen moves; do
    if grep -qF "$fen |" "$out"; then
        continue
    fi
    report=$("$konane" solve --fen "$fen" --all --threads "${THREADS:-1}" "${more[@]}")
    found=$(sed -n 's/^Winning moves for [A-Za-z]*: //p' <<<"$report")
    nodes=$(sed -n 's/^Nodes: //p' <<<"$report")
    verdict=DIFFERENT
    if [ "$(sorted <<<"$moves")" = "$(sorted <<<"$found")" ]; then
        verdict=same
    fi
    echo "$fen | $verdict | $moves | $found | $nodes" >>"$out"
done <<<"$positions"

checked=$(grep -c ' | ' "$out" || true)
differ=$(grep -c ' | DIFFERENT | ' "$out" || true)
echo "check-labels: $checked positions of $file checked in $out, $((checked - differ)) the same, $differ different"
[ "$differ" -eq 0 ]
