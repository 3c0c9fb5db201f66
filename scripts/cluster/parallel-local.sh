#!/usr/bin/env bash
# The cluster check of slurm-local.sh with GNU parallel instead of Slurm: (a) a 6x6
# solve split into units, the shards run by `parallel`, merged and compared with the
# unsplit solve; (b) a sharded 40-game match, merged and compared with the unsharded
# match (scripts/cluster/flows.sh). Installs GNU parallel (apt-get, as root) when
# missing. PARALLEL_SSHLOGIN, when set, spreads the shards over those machines (GNU
# parallel's --sshlogin, e.g. "2/node1,2/node2"; WORK must then be on a filesystem they
# share, and KONANE at the same path on each).
# Usage: scripts/cluster/parallel-local.sh [KONANE]   (default: target/release/konane, built)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
if [ $# -ge 1 ]; then
    KONANE=$(realpath "$1")
else
    (cd "$root" && cargo build --release --quiet --bin konane) || exit 1
    KONANE=$root/target/release/konane
fi
if ! command -v parallel >/dev/null; then
    echo "== installing GNU parallel"
    { DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq parallel >/dev/null; } ||
        { echo "parallel-local: GNU parallel is missing and could not be installed" >&2; exit 1; }
fi
WORK=${WORK:-$(mktemp -d /tmp/parallel-local.XXXXXX)}
trap 'rm -rf "$WORK"' EXIT

# Runs COMMAND once per K in 1..N ({K} replaced), as many at a time as there are cores
# (or over the PARALLEL_SSHLOGIN machines), and waits for all.
run_array() {
    local n=$1 dir=$2 command=${3//\{K\}/\{\}}
    local remote=()
    [ -n "${PARALLEL_SSHLOGIN:-}" ] && remote=(--sshlogin "$PARALLEL_SSHLOGIN" --workdir "$dir")
    (cd "$dir" && parallel --will-cite --halt now,fail=1 "${remote[@]}" "$command" ::: $(seq "$n") >/dev/null) || {
        echo "FAIL: a shard failed" >&2
        return 1
    }
    echo "$n shards done"
}

source "$root/scripts/cluster/flows.sh"
solve_flow && match_flow && sprt_flow "$root/scripts/cluster/sprt-parallel.sh" || exit 1
echo "PASS: GNU parallel shards gave the unsharded results"
