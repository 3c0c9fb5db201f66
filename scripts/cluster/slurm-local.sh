#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, and the cluster check run on it: installs
# slurm-wlm and munge from the distribution when missing (apt-get, as root), writes a
# slurm.conf for this host alone (no cgroups; state and spool in a temporary folder),
# starts munged, slurmctld and slurmd, submits (a) a 6x6 solve split into units and
# (b) a sharded 40-game match as array jobs (sbatch --array --wait), merges both and
# compares them with unsharded runs (scripts/cluster/flows.sh), then stops the daemons
# it started. Exit 0: the check passed; 1: a comparison failed; 2: Slurm could not be
# installed or started here (nothing was compared).
# Usage: scripts/cluster/slurm-local.sh [KONANE]   (default: target/release/konane, built)
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
port=${SLURM_LOCAL_PORT:-16817}

cannot() { echo "slurm-local: $*" >&2; exit 2; }

if [ $# -ge 1 ]; then
    KONANE=$(realpath "$1")
else
    (cd "$root" && cargo build --release --quiet --bin konane) || exit 1
    KONANE=$root/target/release/konane
fi
[ "$(id -u)" = 0 ] || cannot "must run as root (it installs packages and starts daemons)"

if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null || ! command -v munged >/dev/null; then
    echo "== installing slurm-wlm and munge"
    export DEBIAN_FRONTEND=noninteractive
    { apt-get update -qq && apt-get install -y -qq slurm-wlm munge >/dev/null; } ||
        cannot "apt-get could not install slurm-wlm and munge"
fi

tmp=$(mktemp -d /tmp/slurm-local.XXXXXX)
chmod 755 "$tmp"
WORK=$tmp/work
mkdir -p "$WORK" "$tmp/state" "$tmp/spool" "$tmp/munge"
started_munge=""
cleanup() {
    scancel --quiet --user=root 2>/dev/null
    for daemon in slurmd slurmctld; do
        [ -f "$tmp/$daemon.pid" ] && kill "$(cat "$tmp/$daemon.pid")" 2>/dev/null
    done
    [ -n "$started_munge" ] && [ -f "$tmp/munge/munged.pid" ] && kill "$(cat "$tmp/munge/munged.pid")" 2>/dev/null
    sleep 1
    rm -rf "$tmp"
}
trap cleanup EXIT

# munge: a key and a daemon of our own, on a socket in the temporary folder.
export MUNGE_SOCKET=$tmp/munge/munge.socket
dd if=/dev/urandom of="$tmp/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$tmp/munge/munge.key"
munged --force --key-file="$tmp/munge/munge.key" --socket="$MUNGE_SOCKET" \
    --pid-file="$tmp/munge/munged.pid" --seed-file="$tmp/munge/munge.seed" \
    --log-file="$tmp/munge/munged.log" || cannot "munged did not start: $(cat "$tmp/munge/munged.log" 2>/dev/null)"
started_munge=yes

host=$(hostname -s)
node=$(slurmd -C | head -n1 | sed -E 's/ UpTime=.*//')
export SLURM_CONF=$tmp/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=konane-local
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$MUNGE_SOCKET
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SchedulerType=sched/builtin
ReturnToService=2
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF

echo "== starting slurmctld and slurmd on $host (ports $port, $((port + 1)))"
slurmctld -f "$SLURM_CONF" || cannot "slurmctld did not start: $(tail -n 5 "$tmp/slurmctld.log" 2>/dev/null)"
slurmd -f "$SLURM_CONF" || cannot "slurmd did not start: $(tail -n 5 "$tmp/slurmd.log" 2>/dev/null)"
for _ in $(seq 60); do
    state=$(sinfo -h -N -o %T 2>/dev/null | head -n1)
    [ "$state" = idle ] && break
    case $state in down*|drain*) scontrol update nodename="$host" state=resume 2>/dev/null ;; esac
    sleep 1
done
[ "$state" = idle ] || cannot "the node is '$state', not idle: $(tail -n 5 "$tmp/slurmd.log" 2>/dev/null)"
sinfo

# Runs COMMAND as an array job of N tasks ({K} = the task's number) and waits for it.
run_array() {
    local n=$1 dir=$2 command=${3//\{K\}/\$SLURM_ARRAY_TASK_ID}
    sbatch --quiet --array="1-$n" --wait --chdir="$dir" --output="$dir/slurm-%A_%a.out" \
        --cpus-per-task=1 --wrap="$command" || {
        echo "FAIL: an array task failed:" >&2
        tail -n 5 "$dir"/slurm-*.out >&2
        return 1
    }
    echo "array of $n tasks done: $(ls "$dir"/slurm-*.out | wc -l) task logs"
    rm -f "$dir"/slurm-*.out
}

source "$root/scripts/cluster/flows.sh"
solve_flow && match_flow && sprt_flow "$root/scripts/cluster/sprt-slurm.sh" || exit 1
echo "PASS: Slurm array jobs gave the unsharded results"
