#!/usr/bin/env bash
# Cost of splitting a solve (docs/cluster.md): for each board and split depth, cut the
# start position into units and solve them on one thread per process (processes share
# no table) in one of two ways, then print the total nodes and solving seconds against
# the unsplit solve's:
#   all      every unit, in SHARDS shards run one after the other;
#   rounds   round after round, only the units of the cheapest proof that --merge
#            lists, until the winner is proven (one shard).
# Resumable: units files and results files already there are kept, and an interrupted
# shard resumes where it stopped.
# Usage: scripts/cluster/split-cost.sh DIR "BOARDS" "DEPTHS" [all|rounds] [SHARDS] [KONANE]
#   e.g. scripts/cluster/split-cost.sh /tmp/cost "6x6 7x6" "2 4 6" rounds
set -euo pipefail
dir=$1
boards=$2
depths=$3
mode=${4:-all}
shards=${5:-1}
konane=${6:-$(cd "$(dirname "$0")/../.." && pwd)/target/release/konane}
mkdir -p "$dir"
cd "$dir"

# Sums the nodes and seconds columns of results files.
sum() { awk 'FNR > 1 { n += $3; s += $4; u += 1 } END { printf "%d %.1f %d\n", n, s, u }' "$@"; }

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
        if [ "$mode" = rounds ]; then
            out=results-$board-$depth-rounds.txt
            results=("$out")
            [ -e "$out" ] || "$konane" solve --units "$units" --shard 1/1 --results "$out" --only /dev/null >/dev/null
            rounds=0
            while "$konane" solve --units "$units" --merge "$out" >"merged-$board-$depth.txt" &&
                grep -q "^Winner not proven yet" "merged-$board-$depth.txt"; do
                sed -n '/^Cheapest proof/,/^Others/p' "merged-$board-$depth.txt" >"round-$board-$depth.txt"
                nice "$konane" solve --units "$units" --shard 1/1 --results "$out" --threads 1 \
                    --only "round-$board-$depth.txt" >/dev/null
                rounds=$((rounds + 1))
            done
            label="rounds ($rounds more)"
        else
            for k in $(seq 1 "$shards"); do
                out=results-$board-$depth-$k-of-$shards.txt
                nice "$konane" solve --units "$units" --shard "$k/$shards" --results "$out" --threads 1 >/dev/null
                results+=("$out")
            done
            label="all, $shards shards"
        fi
        read -r nodes seconds solved < <(sum "${results[@]}")
        verdict=$("$konane" solve --units "$units" --merge "${results[@]}" | sed -n 2p)
        awk -v b="$board" -v d="$depth" -v u="$count" -v l="$label" -v x="$solved" -v n="$nodes" \
            -v s="$seconds" -v bn="$base_nodes" -v bs="$base_seconds" -v v="$verdict" \
            'BEGIN { printf "| %s | %s | %s | %s | %s | %d | %.2f | %.1f | %.2f | %s |\n", b, d, u, l, x, n, n / bn, s, s / bs, v }'
    done
done
