#!/usr/bin/env bash
# Prints rows of docs/proof-search.md's table "What each method buys": for each
# argument (the flags of one row, "" for the defaults), the nodes of the five benchmark
# positions solved on one thread (exact: the same on every run) and their total.
# The positions: the start of 7x6, 6x7 and 8x5, and two positions of 8x6 (after
# h1 g1 h3h1 f2h2 h1h3, White to move and win; after ... f4f2, Black to move and lose).
#
# Usage: scripts/proof-methods.sh FLAGS...   e.g. scripts/proof-methods.sh "" "--pn-epsilon 0"
# Environment: KONANE (default target/release/konane). A row takes about a minute on
# one core with the defaults (`--pn-pieces 0`, depth first everywhere, about half an hour).
set -euo pipefail
cd "$(dirname "$0")/.."
konane=${KONANE:-target/release/konane}
if [ $# -eq 0 ]; then
    sed -n '2,10p' "$0" >&2
    exit 2
fi
[ -x "$konane" ] || { echo "no $konane: cargo build --release -p konane-cli first" >&2; exit 1; }

commas() {
    sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"
}

nodes() {
    "$konane" solve --threads 1 "$@" | sed -n 's/^Nodes: //p'
}

echo "| setting | 7x6 | 6x7 | 8x5 | 8x6, White to win | 8x6, Black to lose | all five |"
echo "|---|---:|---:|---:|---:|---:|---:|"
for flags in "$@"; do
    # shellcheck disable=SC2206
    extra=($flags)
    row=() total=0
    for start in "--size 7x6" "--size 6x7" "--size 8x5" \
        "--size 8x6 --moves h1 g1 h3h1 f2h2 h1h3" "--size 8x6 --moves h1 g1 h3h1 f2h2 h1h3 f4f2"; do
        # shellcheck disable=SC2086
        count=$(nodes $start "${extra[@]}")
        row+=("$(commas "$count")")
        total=$((total + count))
    done
    label=${flags:-the defaults}
    echo "| \`$label\` | $(IFS='|'; echo "${row[*]}" | sed 's/|/ | /g') | $(commas "$total") |"
done
