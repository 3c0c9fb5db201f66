#!/usr/bin/env bash
# Prints the Markdown table of narrow-board solves from the logs that
# `SOLVE_ARGS=--all THREADS=1 scripts/certify.sh DIR WxH ...` leaves in DIR/log: for each
# board the winner, the value of each Black opening removal, nodes, solve time, the
# load average (1-minute) before and after the solve, the certificate's records and
# bytes, and the verify time. A board whose solve was stopped shows the log's last line.
#
# Usage: scripts/narrow-table.sh DIR WxH ...
set -euo pipefail
dir=${1:?usage: scripts/narrow-table.sh DIR WxH ...}
shift
echo "| board | winner | Black's removals | nodes | solve (s) | load | records (won + lost) | bytes | verify (s) |"
echo "|---|---|---|---:|---:|---|---:|---:|---:|"
for size in "$@"; do
  log="$dir/log/$size"
  [ -e "$log.solve.txt" ] || continue
  wins=$(sed -n 's/^\([a-p][0-9]*\): wins$/\1/p' "$log.solve.txt" | tr '\n' ' ')
  loses=$(sed -n 's/^\([a-p][0-9]*\): loses$/\1/p' "$log.solve.txt" | tr '\n' ' ')
  removals=""
  [ -n "$wins" ] && removals="${wins}win"
  [ -n "$wins" ] && [ -n "$loses" ] && removals="$removals; "
  [ -n "$loses" ] && removals="$removals${loses}lose"
  winner=$(sed -n 's/^\(Black\|White\) wins$/\1/p' "$log.solve.txt")
  nodes=$(sed -n 's/^Nodes: \([0-9]*\)$/\1/p' "$log.solve.txt" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')
  seconds=$(sed -n 's/^Time: \([0-9.]*\) s.*/\1/p' "$log.solve.txt")
  load=$(awk '{print $1}' "$log.load" 2>/dev/null | paste -sd' ' | sed 's/ / → /')
  if ! grep -q '^Verified: ' "$log.verify.txt" 2>/dev/null; then
    echo "| $size | not solved | $(tail -1 "$log.solve.txt") | | | $load | | | |"
    continue
  fi
  records=$(sed -n 's/^Records: \([0-9]*\) won, \([0-9]*\) lost.*/\1 + \2/p' "$log.verify.txt")
  bytes=$(stat -c %s "$dir/$size.cert")
  read -r verify_s _ <"$log.verify.time"
  echo "| $size | $winner | $removals | $nodes | $seconds | $load | $records | $bytes | $verify_s |"
done
