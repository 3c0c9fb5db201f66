#!/usr/bin/env bash
# An SPRT across shards of a match with GNU parallel (the loop is sprt-loop.sh): runs
# BATCH shards at a time (-j at once, on this machine or, with -S, over ssh machines
# that share DIR), merges, and stops once the SPRT decides.
# Usage: scripts/cluster/sprt-parallel.sh [-j JOBS] [-S SSHLOGIN] DIR SHARDS BATCH -- KONANE match ARGS…
#   e.g. scripts/cluster/sprt-parallel.sh -j 8 sprt-run 100 8 -- ./konane match \
#          --engine "name=new cmd=./konane-new" --engine "name=old cmd=./konane-old" \
#          --tc 2+0.02 --games 20000 --sprt "elo0=0 elo1=5"
set -uo pipefail
source "$(dirname "$0")/sprt-loop.sh"
jobs=100%   # one per core
remote=()
while getopts "j:S:" option; do
    case $option in
        j) jobs=$OPTARG ;;
        S) remote=(--sshlogin "$OPTARG") ;;
        *) usage ;;
    esac
done
shift $((OPTIND - 1))
[ "$#" -ge 4 ] && [ "$4" = -- ] || usage
dir=$1 shards=$2 batch=$3
shift 4

run_batch() {
    local workdir=()
    [ "${#remote[@]}" -gt 0 ] && workdir=(--workdir "$PWD")
    parallel --will-cite --halt now,fail=1 -j "$jobs" "${remote[@]}" "${workdir[@]}" \
        "${SHARD_COMMAND//\{K\}/\{\}}" ::: "$@"
}

sprt_loop "$dir" "$shards" "$batch" "$@"
