# The cluster check shared by slurm-local.sh and parallel-local.sh (sourced, not run):
# (a) a 6x6 solve split into units, solved as an array of shards and merged, compared
# with the unsplit solve; (b) a 40-game match played as an array of shards and merged,
# compared with the unsharded match; (c) the SPRT loop across batches of shards
# (sprt_flow, given the loop's script), compared with the unsharded match that stops
# at the same decision. The sourcing script defines
#   run_array N WORKDIR COMMAND   runs COMMAND N times, in WORKDIR, with {K} replaced
#                                 by 1..N, and returns once all have finished
# and sets KONANE (the binary) and WORK (a scratch folder on a filesystem every worker
# sees). Both flows print what they compare and fail on any difference.

# The verdict and (sorted) winning moves of `konane solve` or `--merge` output.
verdict() {
    grep -E '^(Black|White) wins$' "$1"
    local line
    line=$(grep '^Winning moves' "$1")
    echo "${line%%: *}: $(tr ' ' '\n' <<<"${line#*: }" | sort | tr '\n' ' ')"
}

# The result table and SPRT line of `konane match` or `konane match merge` output
# (without the note on pairs still running when the SPRT decided).
figures() {
    sed -n '/^Engine/,$p' "$1" | grep -v -E '^(Restarts|Records|Shard|Missing|Not counted)' |
        sed -E 's/ \([0-9]+ pairs? that (was|were) still running then not counted\)$//'
}

# Fails, saying MESSAGE, unless the files (or process substitutions) A and B are equal.
same() {
    local message=$1
    diff "$2" "$3" || { echo "FAIL: $message" >&2; return 1; }
}

solve_flow() {
    local shards=${SOLVE_SHARDS:-4} depth=${SOLVE_SPLIT:-4}
    echo "== (a) 6x6 split at $depth plies, $shards shards, merged"
    "$KONANE" solve --size 6x6 --threads 1 >"$WORK/solve-unsplit.txt"
    "$KONANE" solve --size 6x6 --split "$depth" --units "$WORK/units.txt"
    run_array "$shards" "$WORK" "$KONANE solve --units $WORK/units.txt --shard {K}/$shards --results $WORK/results-{K}.txt --threads 1"
    "$KONANE" solve --units "$WORK/units.txt" --merge "$WORK"/results-*.txt >"$WORK/solve-merged.txt"
    cat "$WORK/solve-merged.txt"
    same "the merged units do not give the unsplit verdict" \
        <(verdict "$WORK/solve-unsplit.txt") <(verdict "$WORK/solve-merged.txt") || return 1
    echo "same verdict and winning moves as the unsplit solve"
}

match_flow() {
    local shards=${MATCH_SHARDS:-4}
    echo "== (b) 40-game match, $shards shards, merged"
    # The engine at depth 2 against itself at depth 1, one thread each: every game is
    # the same whichever process plays it, and the SPRT does not decide in 40 games.
    local engines=(--engine "name=depth2 cmd=$KONANE option.Threads=1 option.Hash=8 depth=2"
        --engine "name=depth1 cmd=$KONANE option.Threads=1 option.Hash=8 depth=1")
    local series=(--size 6x6 --games 40 --sprt "elo0=0 elo1=50")
    "$KONANE" match "${engines[@]}" "${series[@]}" --record "$WORK/match-whole.txt" >"$WORK/match-whole.out"
    # The array's command line: the same match, one shard each.
    local quoted
    quoted=$(printf '%q ' "$KONANE" match "${engines[@]}" "${series[@]}")
    run_array "$shards" "$WORK" "$quoted --shard {K}/$shards --record $WORK/match-{K}.txt"
    "$KONANE" match merge "$WORK"/match-[0-9]*.txt >"$WORK/match-merged.out"
    cat "$WORK/match-merged.out"
    same "the merged shards do not give the unsharded match's figures" \
        <(figures "$WORK/match-whole.out") <(figures "$WORK/match-merged.out") || return 1
    echo "same table, Elo, pair counts and SPRT as the unsharded match"
}

sprt_flow() {
    local script=$1
    echo "== (c) SPRT across batches of shards: $(basename "$script"), 10 shards, 2 a batch"
    local match=(match --engine "name=depth2 cmd=$KONANE option.Threads=1 option.Hash=8"
        --engine "name=greedy cmd=$KONANE option.Player=greedy"
        --depth 2 --size 6x6 --games 40 --sprt "elo0=0 elo1=100")
    "$KONANE" "${match[@]}" --record "$WORK/sprt-whole.txt" >"$WORK/sprt-whole.out"
    "$script" "$WORK/sprt" 10 2 -- "$KONANE" "${match[@]}" || return 1
    if ! grep -q "H1 accepted" "$WORK/sprt/merged.txt" || [ -e "$WORK/sprt/shard-10.done" ]; then
        echo "FAIL: the loop did not stop early on H1" >&2
        return 1
    fi
    same "the loop's decision differs from the unsharded match's" \
        <(figures "$WORK/sprt-whole.out") <(figures "$WORK/sprt/merged.txt") || return 1
    echo "stopped early with the unsharded match's decision and figures"
}
