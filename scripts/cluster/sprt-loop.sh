# The sequential test across shards, shared by sprt-slurm.sh and sprt-parallel.sh
# (sourced, not run). An SPRT cannot stop inside a shard, so the loop runs the shards
# of a match in batches: run a batch, merge every record so far with `konane match
# merge`, stop once H0 or H1 is accepted, else run the next batch, until the match's
# games are spent. Each shard writes DIR/shard-K.txt (its record) and DIR/shard-K.log
# (its output). Resumable: a shard that finished leaves DIR/shard-K.done and is not
# run again. The sourcing script defines `run_batch LIST`, which runs the shard command
# line of each K in LIST (a list of numbers) and returns when all have finished.

usage() {
    echo "usage: $0 [options] DIR SHARDS BATCH -- KONANE match ARGS… (with --games and --sprt)" >&2
    exit 2
}

# sprt_loop DIR SHARDS BATCH KONANE ARGS…: sets SHARD_COMMAND (the shard command with
# {K} for the shard's number) and runs the batches.
sprt_loop() {
    local dir=$1 shards=$2 batch=$3
    shift 3
    [ "$#" -ge 2 ] && [ "$2" = match ] || usage
    local konane=$1
    mkdir -p "$dir"
    dir=$(realpath "$dir")
    SHARD_COMMAND="$(printf '%q ' "$@") --shard {K}/$shards --record $dir/shard-{K}.txt >$dir/shard-{K}.log && touch $dir/shard-{K}.done"
    local first=1
    while [ "$first" -le "$shards" ]; do
        local last=$((first + batch - 1))
        [ "$last" -le "$shards" ] || last=$shards
        local pending=()
        for k in $(seq "$first" "$last"); do
            [ -e "$dir/shard-$k.done" ] || pending+=("$k")
        done
        if [ "${#pending[@]}" -gt 0 ]; then
            echo "== shards $first-$last of $shards"
            run_batch "${pending[@]}" || { echo "a shard failed" >&2; return 1; }
        fi
        local records=()
        for k in $(seq 1 "$last"); do records+=("$dir/shard-$k.txt"); done
        "$konane" match merge "${records[@]}" >"$dir/merged.txt" || return 1
        grep -E '^(SPRT|Elo [^f])' "$dir/merged.txt"
        if grep -q -E 'H[01] accepted' "$dir/merged.txt"; then
            echo "decided after shards 1-$last of $shards: $dir/merged.txt"
            return 0
        fi
        first=$((last + 1))
    done
    echo "no decision: the games of all $shards shards are spent ($dir/merged.txt)"
}
