#!/usr/bin/env bash
# CI's cluster step: the one-node Slurm cluster check (slurm-local.sh) and the same
# flows with GNU parallel (parallel-local.sh), on one release build. Slurm that cannot
# be installed or started on the machine (slurm-local.sh exits 2) is reported and
# skipped, and then only the GNU parallel flows prove the sharding; a comparison that
# fails on either fails the step.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cargo build --release --locked --quiet --bin konane || exit 1
konane=$root/target/release/konane

echo "== cluster: one-node Slurm"
scripts/cluster/slurm-local.sh "$konane"
slurm=$?
if [ "$slurm" = 2 ]; then
    echo "NOTE: Slurm could not run on this machine; the GNU parallel flows below stand in for it"
elif [ "$slurm" != 0 ]; then
    exit 1
fi
echo "== cluster: GNU parallel"
scripts/cluster/parallel-local.sh "$konane" || exit 1
