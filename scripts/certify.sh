#!/usr/bin/env bash
# Writes and verifies the proof certificate of each board's start position and prints
# a Markdown table: winner, records, file size, leaf limit, solve time, certificate
# writing time, peak memory of both, verify time and peak memory, SHA-256. Resumable: a board whose certificate
# already verified (its .verify.txt says so) is only reported again.
#
# Usage: scripts/certify.sh DIR [WxH ...]   (default: every board from 1x1 to 6x6)
# Environment: KONANE (default target/release/konane, run `cargo build --release`),
# THREADS (default 2), LEAF (leaf limit, default: the solver's), TABLE_MPOS (default:
# the solver's), SOLVE_ARGS (more `konane solve` options, such as --all or --first-win),
# TIMEOUT (seconds: a solve still running then is stopped with SIGINT, writes no
# certificate, and its row says so; default none). The load average before and after
# each solve is kept in DIR/log/WxH.load.
set -euo pipefail
dir=${1:?usage: scripts/certify.sh DIR [WxH ...]}
shift
konane=${KONANE:-target/release/konane}
sizes=("$@")
if [ ${#sizes[@]} -eq 0 ]; then
  for h in $(seq 1 6); do for w in $(seq 1 6); do sizes+=("${w}x${h}"); done; done
fi
mkdir -p "$dir/log"
solve_args=(--threads "${THREADS:-2}")
[ -n "${LEAF:-}" ] && solve_args+=(--leaf-pieces "$LEAF")
[ -n "${TABLE_MPOS:-}" ] && solve_args+=(--table-mpos "$TABLE_MPOS")
read -r -a more <<<"${SOLVE_ARGS:-}"
solve_args+=("${more[@]}")

echo "| Board | Winner | Won + lost records | Bytes | Leaf limit | Solve (s) | Write (s) | Peak (MiB) | Verify (s) | Peak (MiB) | SHA-256 |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|"
for size in "${sizes[@]}"; do
  cert="$dir/$size.cert"
  log="$dir/log/$size"
  if ! grep -q '^Verified: ' "$log.verify.txt" 2>/dev/null; then
    limit=()
    [ -n "${TIMEOUT:-}" ] && limit=(timeout -s INT "$TIMEOUT")
    cut -d' ' -f1-3 /proc/loadavg >"$log.load"
    status=0
    /usr/bin/time -f '%e %M' -o "$log.solve.time" "${limit[@]}" \
      "$konane" solve --size "$size" "${solve_args[@]}" --certificate "$cert" >"$log.solve.txt" || status=$?
    cut -d' ' -f1-3 /proc/loadavg >>"$log.load"
    if [ ! -e "$cert" ]; then
      echo "| $size | not solved (exit status $status; see $log.solve.txt) | | | | | | | | | |"
      continue
    fi
    /usr/bin/time -f '%e %M' -o "$log.verify.time" \
      "$konane" verify "$cert" >"$log.verify.txt"
  fi
  winner=$(sed -n 's/^Verified: \([A-Za-z]*\) wins.*/\1/p' "$log.verify.txt")
  records=$(sed -n 's/^Records: \([0-9]*\) won, \([0-9]*\) lost.*/\1 + \2/p' "$log.verify.txt")
  leaf=$(sed -n 's/.*leaf limit \([0-9]*\) pieces.*/\1/p' "$log.verify.txt")
  bytes=$(stat -c %s "$cert")
  solve_s=$(sed -n 's/^Time: \([0-9.]*\) s.*/\1/p' "$log.solve.txt")
  write_s=$(sed -n 's/^Certificate: .*, \([0-9.]*\) s)$/\1/p' "$log.solve.txt")
  read -r _ solve_kib <"$log.solve.time"
  read -r verify_s verify_kib <"$log.verify.time"
  sha=$(sha256sum "$cert" | cut -d' ' -f1)
  echo "| $size | $winner | $records | $bytes | $leaf | $solve_s | $write_s | $((solve_kib / 1024)) | $verify_s | $((verify_kib / 1024)) | \`$sha\` |"
done
