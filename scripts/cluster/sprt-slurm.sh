#!/usr/bin/env bash
# An SPRT across shards of a match on Slurm (the loop is sprt-loop.sh): submits BATCH
# shards at a time as one array job (sbatch --array … --wait), merges, and stops once
# the SPRT decides. DIR must be on a filesystem the compute nodes share. Extra sbatch
# options (partition, time limit, CPUs per task) go in SBATCH_OPTIONS.
# Usage: scripts/cluster/sprt-slurm.sh DIR SHARDS BATCH -- KONANE match ARGS…
#   e.g. SBATCH_OPTIONS="--partition=short --cpus-per-task=2 --time=2:00:00" \
#        scripts/cluster/sprt-slurm.sh sprt-run 100 20 -- $PWD/konane match \
#          --engine "name=new cmd=$PWD/konane-new" --engine "name=old cmd=$PWD/konane-old" \
#          --tc 2+0.02 --concurrency 2 --games 20000 --sprt "elo0=0 elo1=5"
set -uo pipefail
source "$(dirname "$0")/sprt-loop.sh"
[ "$#" -ge 4 ] && [ "$4" = -- ] || usage
dir=$1 shards=$2 batch=$3
shift 4

run_batch() {
    local list
    list=$(IFS=,; echo "$*")
    # shellcheck disable=SC2086 # SBATCH_OPTIONS holds several options.
    sbatch --quiet --wait --array="$list" --output="$dir/slurm-%A_%a.out" ${SBATCH_OPTIONS:-} \
        --wrap="${SHARD_COMMAND//\{K\}/\$SLURM_ARRAY_TASK_ID}"
}

sprt_loop "$dir" "$shards" "$batch" "$@"
