#!/usr/bin/env bash
# For each board, every opening setup (Black's removal, then White's removal next to
# the hole) and who wins it with Black to move: one `konane solve --moves R --all` per
# Black removal R. Prints a Markdown table: board, then for each Black removal the
# White removals after which White wins (W) and after which Black wins (B).
#
# Usage: scripts/narrow-setups.sh WxH ...   (KONANE: default target/release/konane)
set -euo pipefail
konane=${KONANE:-target/release/konane}
echo "| board | setups (Black's removal: White's removal → winner) | nodes |"
echo "|---|---|---:|"
for size in "$@"; do
  removals=$("$konane" solve --size "$size" --threads 1 --all | sed -n 's/^\([a-p][0-9]*\): \(wins\|loses\)$/\1/p')
  cells=()
  total=0
  for r in $removals; do
    out=$("$konane" solve --size "$size" --moves "$r" --threads 1 --all)
    # After White's reply the value printed is White's: "wins" means White wins.
    replies=$(echo "$out" | sed -n 's/^\([a-p][0-9]*\): wins$/\1 → W/p; s/^\([a-p][0-9]*\): loses$/\1 → B/p' | paste -sd, - | sed 's/,/, /g')
    nodes=$(echo "$out" | sed -n 's/^Nodes: //p')
    total=$((total + nodes))
    cells+=("$r: $replies")
  done
  joined=$(printf '%s; ' "${cells[@]}")
  echo "| $size | ${joined%; } | $total |"
done
