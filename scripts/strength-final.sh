#!/usr/bin/env bash
# The final strength proof of issue 15, run resumably in pieces:
#
#   1. 1000 games at 2+0.02 (8x8, 1 thread, Hash 64, generated openings, colours
#      swapped in pairs): the new engine against the base; passes when the lower end of
#      the 95% interval of the Elo difference is above +60.
#   2. 200 games at 10+0.1, the same settings: confirms that the difference is positive.
#
# Usage: scripts/strength-final.sh NEW_KONANE BASE_KONANE DIR
#
# Each stage is split into shards (`konane match --shard K/N`), each one record file in
# DIR (stage1/shard-K.txt, its output shard-K.log, and shard-K.done once finished).
# Run the same command again after an interruption: finished shards are skipped, an
# unfinished one is played again from its start. DIR/stageN/load.txt notes the time and
# the load (uptime) at the start and end of every shard. After every shard the records so far
# are merged (`konane match merge`) into DIR/stageN/merged.txt, so the figures are
# always up to date. A shard starts only while the 1-minute load average is below
# MAX_LOAD (default 2.5): the proof needs a quiet machine, and the script waits for one.
#
# Environment (defaults in brackets): KONANE, the binary that runs the matches
# [NEW_KONANE]; MAX_LOAD [2.5]; SEED [15]; STAGES, the stages to run ["1 2"];
# NEW_OPTIONS, more options of the new engine, for example "option.Eval=nnue" [none];
# NICENESS, the nice level of the matches [10];
# GAMES1/SHARDS1/TC1 [1000/20/2+0.02]; GAMES2/SHARDS2/TC2 [200/10/10+0.1]; MATCH_ARGS,
# more `konane match` arguments, for example the openings
# ["--openings data/openings/8x8-selected.txt" or "--random-jumps 4"; default none:
# generated openings with 2 random jumps]. Keep every setting the same across runs
# of one DIR: the merge refuses shards of different series.
set -euo pipefail

if [ $# -ne 3 ]; then
    echo "usage: $0 NEW_KONANE BASE_KONANE DIR" >&2
    exit 2
fi
new=$(realpath "$1")
base=$(realpath "$2")
dir=$3
konane=${KONANE:-$new}
max_load=${MAX_LOAD:-2.5}
seed=${SEED:-15}
for program in "$new" "$base" "$konane"; do
    [ -x "$program" ] || { echo "$0: $program is not an executable" >&2; exit 2; }
done

wait_for_quiet() {
    while true; do
        load=$(cut -d' ' -f1 /proc/loadavg)
        if awk -v l="$load" -v m="$max_load" 'BEGIN { exit !(l < m) }'; then
            return
        fi
        echo "load $load is not below $max_load; waiting a minute"
        sleep 60
    done
}

# stage NUMBER GAMES SHARDS TC
stage() {
    local number=$1 games=$2 shards=$3 tc=$4
    local out="$dir/stage$number"
    mkdir -p "$out"
    echo "== stage $number: $games games at $tc in $shards shards, records in $out"
    for k in $(seq 1 "$shards"); do
        if [ -e "$out/shard-$k.done" ]; then
            continue
        fi
        wait_for_quiet
        echo "-- shard $k/$shards"
        echo "shard $k start: $(uptime)" >>"$out/load.txt"
        nice -n "${NICENESS:-10}" "$konane" match \
            --engine "name=new cmd=$new option.Hash=64 option.Threads=1${NEW_OPTIONS:+ $NEW_OPTIONS}" \
            --engine "name=base cmd=$base option.Hash=64 option.Threads=1" \
            --tc "$tc" --games "$games" --seed "$seed" --concurrency 1 \
            --shard "$k/$shards" --record "$out/shard-$k.txt" ${MATCH_ARGS:-} \
            >"$out/shard-$k.log" 2>&1
        echo "shard $k end: $(uptime)" >>"$out/load.txt"
        touch "$out/shard-$k.done"
        records=()
        for done in "$out"/shard-*.done; do
            records+=("${done%.done}.txt")
        done
        "$konane" match merge "${records[@]}" | tee "$out/merged.txt" | grep '^Elo new - base:' || true
    done
    echo "== stage $number, all shards:"
    cat "$out/merged.txt"
}

for number in ${STAGES:-1 2}; do
    case $number in
    1) stage 1 "${GAMES1:-1000}" "${SHARDS1:-20}" "${TC1:-2+0.02}" ;;
    2) stage 2 "${GAMES2:-200}" "${SHARDS2:-10}" "${TC2:-10+0.1}" ;;
    *) echo "$0: no stage $number" >&2; exit 2 ;;
    esac
done

# The verdict: the lower end of stage 1's 95% interval, and stage 2's Elo.
lower=$(sed -n 's/^Elo new - base: .*(95%: \([-+0-9.inf]*\) \.\..*/\1/p' "$dir/stage1/merged.txt" 2>/dev/null || true)
echo "stage 1: lower end of the 95% interval ${lower:-unknown} (needs > +60)"
if [ -e "$dir/stage2/merged.txt" ]; then
    grep '^Elo new - base:' "$dir/stage2/merged.txt" | sed 's/^/stage 2: /'
fi
