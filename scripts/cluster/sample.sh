#!/usr/bin/env bash
# A random sample of a board's units, to cost a sharded solve before running it
# (docs/cluster.md, "Costing a board from a sample"). Each sample walks from the start
# down to a unit of at most LEAF pieces: at each level it splits the current position
# STEP plies deeper (FIRST plies at the first level), notes how many units the split
# has and the fewest of them a proof of each winner needs (`--merge` with no results),
# and goes on into one unit drawn at random. The unit reached is solved on its own
# (`konane solve --fen … --first-win`, as a shard solves a unit), with its nodes, wall
# time and peak memory. A position that the split decides without its units (a side
# wins at once within STEP plies) is solved as the unit instead. scripts/cluster/sample-summary.py turns the lines into the cost.
#
# One line a sample in DIR/samples.txt, appended as each is solved; run the same
# command again and it goes on from the first sample not there. The draws depend only on
# SEED, the sample's number and the level (SHA-256, not the shell's random numbers), so
# every machine draws the same units.
#
# Usage: scripts/cluster/sample.sh DIR SIZE COUNT LEAF [STEP]
#   e.g. nice -n 19 scripts/cluster/sample.sh data/solve/8x8-sample 8x8 200 36 4
# Environment: KONANE (default target/release/konane), SEED (default 1), FIRST (plies
# of the first split, default STEP), THREADS (the leaf solve's, default 1), TIMEOUT
# (seconds a leaf solve may take, default 1800: a leaf stopped then is written with
# "stopped" and its nodes so far, a lower bound).
set -euo pipefail

if [ $# -lt 4 ]; then
    sed -n '2,20p' "$0" >&2
    exit 2
fi
dir=$1 size=$2 count=$3 leaf=$4 step=${5:-4}
konane=${KONANE:-target/release/konane}
seed=${SEED:-1} first=${FIRST:-$step} threads=${THREADS:-1} timeout=${TIMEOUT:-1800}
for n in "$count" "$leaf" "$step" "$first" "$seed" "$threads" "$timeout"; do
    case $n in
        '' | *[!0-9]*) echo "sample: '$n' is not a whole number" >&2; exit 2 ;;
    esac
done
if [ "$step" -lt 1 ] || [ "$first" -lt 1 ]; then
    echo "sample: STEP and FIRST must be at least 1" >&2
    exit 2
fi
if [ ! -x "$konane" ]; then
    echo "sample: $konane is missing: cargo build --release -p konane-cli --locked" >&2
    exit 1
fi
mkdir -p "$dir"
samples=$dir/samples.txt work=$dir/work
mkdir -p "$work"
header="# konane sample: size $size leaf $leaf step $step first $first seed $seed"
if [ ! -f "$samples" ]; then
    {
        echo "$header"
        echo "# made by: scripts/cluster/sample.sh DIR $size $count $leaf $step (SEED=$seed FIRST=$first)"
        echo "# sample | levels (units:black proof:white proof, one a split) | unit FEN | pieces | winner | nodes | seconds | peak MiB | load"
    } >"$samples"
elif ! grep -qxF "$header" "$samples"; then
    echo "sample: $samples was made with other settings: $(head -1 "$samples")" >&2
    exit 1
fi

# The pieces of a FEN's board.
pieces() { local board=${1%% *}; board=${board//[!bw]/}; echo "${#board}"; }

# A number from 0 to $2 - 1 drawn from the text $1.
draw() { echo $((16#$(printf '%s' "$1" | sha256sum | cut -c1-12) % $2)); }

start=$("$konane" solve --size "$size" --split 1 --units "$work/start.txt" >/dev/null &&
    sed -n 's/^root //p' "$work/start.txt")
for ((i = 1; i <= count; i++)); do
    if grep -q "^$i |" "$samples"; then
        continue
    fi
    fen=$start levels="" level=0 plies=$first
    while [ "$(pieces "$fen")" -gt "$leaf" ]; do
        level=$((level + 1))
        units=$work/units.txt
        "$konane" solve --fen "$fen" --split "$plies" --units "$units" >/dev/null
        total=$(sed -n 's/^units //p' "$units")
        [ "$total" -gt 0 ] || break
        merged=$("$konane" solve --fen "$fen" --split "$plies" --units "$units" --merge)
        proofs=$(echo "$merged" | sed -n 's/^Proof numbers: a proof that Black wins needs at least \([0-9]*\) of them, that White wins \([0-9]*\).*/\1:\2/p')
        # None when positions above the units already decide it: it is the unit then.
        [ -n "$proofs" ] || break
        levels="$levels${levels:+,}$total:$proofs"
        pick=$(($(draw "$seed-$i-$level" "$total") + 1))
        fen=$(awk -v id="$pick" '$1 == id { print $3, $4 }' "$units")
        plies=$step
    done
    load=$(cut -d' ' -f1 /proc/loadavg)
    status=0
    /usr/bin/time -f '%e %M' -o "$work/time.txt" timeout -s INT "$timeout" \
        "$konane" solve --fen "$fen" --first-win --threads "$threads" >"$work/leaf.txt" 2>&1 || status=$?
    winner=$(sed -n 's/^\(Black\|White\) wins.*/\1/p' "$work/leaf.txt" | head -1)
    nodes=$(sed -n 's/^Nodes: //p' "$work/leaf.txt")
    read -r seconds peak <"$work/time.txt" || true
    if [ $status -ne 0 ] || [ -z "$winner" ]; then
        winner=stopped
        [ -n "$nodes" ] || nodes=0
    fi
    echo "$i | ${levels:-none} | $fen | $(pieces "$fen") | $winner | $nodes | $seconds | $((${peak:-0} / 1024)) | $load" >>"$samples"
    echo "sample $i: $(pieces "$fen") pieces, $winner, $nodes nodes, $seconds s ($(date -u +%H:%M:%S) UTC)"
done
