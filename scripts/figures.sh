#!/usr/bin/env bash
# Measures the figures of the README's results table on the machine it runs on and
# prints them as a Markdown table: the machine (CPU model and cores), the date, and for
# each row the command, the best wall time of several runs (never CPU time), what the
# run printed (leaves, nodes, speed, verdict), the peak memory and the 1-minute load
# average before each run. Wall time is read from the clock around each run
# (date +%s.%N), so a loaded machine shows in the figures: quote them with the load.
#
# Usage: scripts/figures.sh [--with-7x7]   (needs `cargo build --release -p konane-cli`)
# Environment: KONANE (default target/release/konane), REPEATS (runs of each row,
# default 3; the 7x7 row runs once).
#
# Rows: perft(11) on 8x8 (one thread), `konane bench` (its nps, best of the runs), the
# 6x6 solve (one thread), 7x6 and 6x7 `--all` on two threads, and with --with-7x7
# `konane solve --size 7x7 --all` on two threads (7 to 9 minutes and 6.4 GB on a quiet
# 2-core machine).
set -euo pipefail
cd "$(dirname "$0")/.."
konane=${KONANE:-target/release/konane}
repeats=${REPEATS:-3}
with_7x7=false
for arg in "$@"; do
  case $arg in
    --with-7x7) with_7x7=true ;;
    *) echo "usage: scripts/figures.sh [--with-7x7]" >&2; exit 2 ;;
  esac
done
[ -x "$konane" ] || { echo "no $konane: run cargo build --release -p konane-cli first" >&2; exit 1; }
command -v /usr/bin/time >/dev/null || { echo "needs /usr/bin/time (GNU time) for peak memory" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

load() { cut -d' ' -f1 /proc/loadavg; }

# run_best NAME RUNS CMD...: runs CMD RUNS times; leaves in $tmp/NAME.out the output of
# the fastest run and sets best (wall seconds), peak (MiB of that run) and loads (the
# load average before each run).
run_best() {
  local name=$1 runs=$2
  shift 2
  best="" peak="" loads=""
  for _ in $(seq "$runs"); do
    loads="$loads${loads:+, }$(load)"
    local start end wall
    start=$(date +%s.%N)
    /usr/bin/time -f '%M' -o "$tmp/$name.mem" "$@" >"$tmp/$name.run" 2>&1 || {
      echo "failed: $*" >&2; cat "$tmp/$name.run" >&2; exit 1; }
    end=$(date +%s.%N)
    wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f", b - a }')
    if [ -z "$best" ] || awk -v w="$wall" -v b="$best" 'BEGIN { exit !(w < b) }'; then
      best=$wall
      peak=$(($(tail -1 "$tmp/$name.mem") / 1024))
      cp "$tmp/$name.run" "$tmp/$name.out"
    fi
  done
}

# The value of "Key: value" in a run's output.
field() { sed -n "s/^$2: \([^ ]*\).*/\1/p" "$tmp/$1.out" | head -1; }
# Thousands separators.
commas() { sed ':a;s/\B[0-9]\{3\}\>/,&/;ta' <<<"$1"; }

echo "Machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) cores;" \
  "$(date -u '+%Y-%m-%d %H:%M UTC');" \
  "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
echo
echo "| row | command | result | wall time (best of runs) | peak memory | load before each run |"
echo "|---|---|---|---:|---:|---|"

# perft(11) on 8x8, one thread: the count is checked against rules.md.
cmd=("$konane" perft 11 --size 8x8 --threads 1)
run_best perft "$repeats" "${cmd[@]}"
leaves=$(field perft 'Nodes searched')
[ "$leaves" = 552955020 ] || { echo "perft(11) gave $leaves, not 552955020" >&2; exit 1; }
rate=$(awk -v n="$leaves" -v t="$best" 'BEGIN { printf "%.2f", n / t / 1e9 }')
echo "| perft | \`konane perft 11 --size 8x8 --threads 1\` | $(commas "$leaves") leaves, $rate G leaves/s of wall time | $best s ($repeats runs) | $peak MiB | $loads |"

# The bench: its own nps (the search's time), the best of the runs; its node count is
# the search's signature.
bench_best="" bench_nodes="" bench_loads=""
for _ in $(seq "$repeats"); do
  bench_loads="$bench_loads${bench_loads:+, }$(load)"
  line=$("$konane" bench | tail -1)
  read -r nodes _ nps _ <<<"$line"
  bench_nodes=$nodes
  if [ -z "$bench_best" ] || [ "$nps" -gt "$bench_best" ]; then bench_best=$nps; fi
done
echo "| search speed | \`konane bench\` | $(commas "$bench_nodes") nodes, $(awk -v n="$bench_best" 'BEGIN { printf "%.2f", n / 1e6 }') M nodes/s (best of $repeats) | | | $bench_loads |"

# solve_row NAME RUNS ARGS...: a solve's nodes, verdict and wall time.
solve_row() {
  local name=$1 runs=$2
  shift 2
  run_best "$name" "$runs" "$konane" solve "$@"
  local nodes verdict
  nodes=$(field "$name" Nodes)
  verdict=$(grep -oE '^(Black|White) wins' "$tmp/$name.out" | head -1)
  echo "| $name solve | \`konane solve $*\` | $verdict, $(commas "$nodes") nodes (fastest run) | $best s ($runs runs) | $peak MiB | $loads |"
}

solve_row 6x6 "$repeats" --size 6x6 --threads 1
solve_row 7x6 "$repeats" --size 7x6 --threads 2 --all
solve_row 6x7 "$repeats" --size 6x7 --threads 2 --all
if $with_7x7; then
  solve_row 7x7 1 --size 7x7 --threads 2 --all
fi
