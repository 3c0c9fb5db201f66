#!/usr/bin/env bash
# Stress: plays many fast games through `konane match` between the engine with
# Threads 2 and the engine with Threads 1, then counts how the games ended. Every game
# must end by the rules: no time loss, illegal or unreadable move, crash, stall or
# disagreement about the end, and no engine restart. It also reports each engine's peak
# memory, after a short warm-up match and after the long one: it must follow the Hash
# option and not grow with the number of games.
# Usage: scripts/stress.sh [games] [tc] [hash MiB]   (default 1000 games, 1+0.01, 16)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1000}
tc=${2:-1+0.01}
hash=${3:-16}
cargo build --release --quiet --bin konane
bin=$PWD/target/release/konane
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Runs a match of $1 games; each engine process appends its peak RSS (KiB) to a file.
run_match() {
    local n=$1 tag=$2
    "$bin" match \
        --engine "name=threads2 cmd='/usr/bin/time -f %M -a -o $work/rss2-$tag $bin' option.Threads=2 option.Hash=$hash" \
        --engine "name=threads1 cmd='/usr/bin/time -f %M -a -o $work/rss1-$tag $bin' option.Threads=1 option.Hash=$hash" \
        --tc "$tc" --games "$n" --record "$work/record-$tag.txt" >"$work/out-$tag.txt"
}
peak() { sort -n "$1" | tail -n1; }

echo "stress: $games games at tc=$tc, Threads 2 against Threads 1, Hash $hash MiB"
run_match 10 short
start=$(date +%s)
run_match "$games" long
elapsed=$(( $(date +%s) - start ))
tail -n 9 "$work/out-long.txt"
record=$work/record-long.txt
count() { grep -c "^reason $1\$" "$record" || true; }
played=$(grep -c '^game ' "$record" || true)
echo "games played: $played in ${elapsed}s"
bad=0
for reason in time illegal unparseable crash stall disagreement; do
    n=$(count "$reason")
    echo "  ends by $reason: $n"
    bad=$((bad + n))
done
echo "  ends by the rules: $(count nomoves)"
echo "peak memory (KiB) after 10 games / after $games: threads2 $(peak "$work/rss2-short") / $(peak "$work/rss2-long"), threads1 $(peak "$work/rss1-short") / $(peak "$work/rss1-long")"
grep -q "Restarts after a crash or hang: threads2 0, threads1 0" "$work/out-long.txt" || { echo "FAIL: an engine was restarted"; exit 1; }
[ "$played" -eq "$games" ] || { echo "FAIL: $played of $games games played"; exit 1; }
[ "$bad" -eq 0 ] || { echo "FAIL: $bad games did not end by the rules"; exit 1; }
# Peak memory: the table plus at most 64 MiB, and no more than a quarter (plus 4 MiB)
# above the short match's peak.
for side in 1 2; do
    short=$(peak "$work/rss$side-short")
    long=$(peak "$work/rss$side-long")
    [ "$long" -le $((hash * 1024 + 65536)) ] || { echo "FAIL: threads$side peak $long KiB is far above Hash $hash MiB"; exit 1; }
    [ "$long" -le $((short * 5 / 4 + 4096)) ] || { echo "FAIL: threads$side memory grew from $short to $long KiB"; exit 1; }
done
echo "PASS"
