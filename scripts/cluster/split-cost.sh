#!/usr/bin/env bash
# Cost of splitting a solve (docs/cluster.md): for each board and split depth, cut the
# start position into units, solve them in SHARDS shards (one process each, one after
# the other, one thread: shards share no table) and print the total nodes and solving
# seconds against the unsplit solve's. Resumable: units files and results files already
# there are kept, and an interrupted shard resumes where it stopped.
# Usage: scripts/cluster/split-cost.sh DIR "BOARDS" "DEPTHS" [SHARDS] [KONANE]
#   e.g. scripts/cluster/split-cost.sh /tmp/cost "6x6 7x6" "2 4 6" 1
set -euo pipefail
dir=$1
boards=$2
depths=$3
shards=${4:-1}
konane=${5:-$(cd "$(dirname "$0")/../.." && pwd)/target/release/konane}
mkdir -p "$dir"
cd "$dir"

# Sums the nodes and seconds columns of results files.
sum() { awk 'FNR > 1 { n += $3; s += $4 } END { printf "%d %.1f\n", n, s }' "$@"; }

for board in $boards; do
    if ! grep -q "^Nodes:" "unsplit-$board.txt" 2>/dev/null; then
        nice "$konane" solve --size "$board" --threads 1 >"unsplit-$board.partial"
        mv "unsplit-$board.partial" "unsplit-$board.txt"
    fi
    base_nodes=$(awk '/^Nodes:/ { print $2 }' "unsplit-$board.txt")
    base_seconds=$(awk '/^Time:/ { print $2 }' "unsplit-$board.txt")
    echo "$board unsplit: $base_nodes nodes, $base_seconds s"
    for depth in $depths; do
        units=units-$board-$depth.txt
        [ -s "$units" ] || "$konane" solve --size "$board" --split "$depth" --units "$units" >/dev/null
        count=$(awk '/^units / { print $2 }' "$units")
        results=()
        for k in $(seq 1 "$shards"); do
            out=results-$board-$depth-$k-of-$shards.txt
            nice "$konane" solve --units "$units" --shard "$k/$shards" --results "$out" --threads 1 >/dev/null
            results+=("$out")
        done
        read -r nodes seconds < <(sum "${results[@]}")
        verdict=$("$konane" solve --units "$units" --merge "${results[@]}" | sed -n 2p)
        awk -v b="$board" -v d="$depth" -v u="$count" -v k="$shards" -v n="$nodes" -v s="$seconds" \
            -v bn="$base_nodes" -v bs="$base_seconds" -v v="$verdict" \
            'BEGIN { printf "| %s | %s | %s | %s | %d | %.2f | %.1f | %.2f | %s |\n", b, d, u, k, n, n / bn, s, s / bs, v }'
    done
done
