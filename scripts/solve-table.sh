#!/usr/bin/env bash
# Solves the start position of every board from 3x3 to 6x6 (rectangles included) on
# one thread and prints a Markdown table: winner, Black's winning first moves (or, when
# White wins, White's winning replies to each removal), nodes, time. Usage: scripts/solve-table.sh [max-side] (needs `cargo build --release`).
set -euo pipefail
max=${1:-6}
konane=${KONANE:-target/release/konane}
echo "| Board | Winner | Winning first moves | Nodes | Time (s) |"
echo "|---|---|---|---:|---:|"
for h in $(seq 3 "$max"); do
  for w in $(seq 3 "$max"); do
    out=$("$konane" solve --size "${w}x${h}" --threads 1 --table-mpos 16)
    winner=$(grep -oE '^(Black|White) wins' <<<"$out" | cut -d' ' -f1)
    moves="Black: $(sed -n 's/^Winning moves for Black: //p' <<<"$out")"
    if [ "$winner" = White ]; then
      moves="White replies:"
      for removal in $("$konane" solve --size "${w}x${h}" --threads 1 --all | sed -n 's/^\([a-h][0-9]\): loses$/\1/p'); do
        replies=$("$konane" solve --size "${w}x${h}" --moves "$removal" --threads 1 | sed -n 's/^Winning moves for White: //p')
        moves="$moves $removal → $replies;"
      done
      moves=${moves%;}
    fi
    nodes=$(sed -n 's/^Nodes: //p' <<<"$out")
    time=$(sed -n 's/^Time: \([0-9.]*\) s.*/\1/p' <<<"$out")
    echo "| ${w}x${h} | $winner | $moves | $nodes | $time |"
  done
done
