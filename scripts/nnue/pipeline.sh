#!/usr/bin/env bash
# The learned evaluation's pipeline, from nothing to a net file the engine loads:
#   1. PyTorch into $NNUE_VENV, default target/nnue-venv (scripts/nnue/setup-venv.sh);
#   2. training positions: 8x8 self-play games of the engine, each position labelled
#      with the search score and the game's result, positions with few pieces labelled
#      exactly by the solver (the nnue_data example of konane-cli), in shards of
#      GAMES games each, one file per shard; a shard whose file exists is kept, so a
#      stopped run goes on where it stopped;
#   3. training and quantisation (scripts/nnue/train.py) into OUT/net.nnue;
#   4. the check: the konane binary loads the net, its `eval` agrees with the trainer's
#      integer inference on positions of the data, and it searches with the net.
#
# Usage: scripts/nnue/pipeline.sh small|full [OUT]   (OUT defaults to target/nnue/MODE)
#   small: 1 shard of 6 games at 300 nodes a move, 60 training steps, the learning rate
#          from 0.001 down to 0.0001, a tenth of the positions held out (a minute or so
#          once built and installed; the tests run it: scripts/test.sh);
#   full:  SHARDS shards (default 100) of 200 games at 5000 nodes a move, 30000 steps,
#          the learning rate from 0.001 down to 0.00001, 2% of the positions held out
#          (100 shards: about 20 minutes of data and 4 of training on one core).
# Environment: SHARDS, GAMES, NODES, STEPS, JOBS (shards played at once, default 1),
# TRAIN_ARGS (train.py's options besides --out, --steps, --batch and --check, in place
# of the mode's --lr-final and --validation), NNUE_VENV,
# KONANE (the konane binary) and NNUE_DATA (the data generator) when already built;
# otherwise both are built here in release.
set -euo pipefail
cd "$(dirname "$0")/../.."

mode=${1:-}
case "$mode" in
small)
    shards=${SHARDS:-1} games=${GAMES:-6} nodes=${NODES:-300} steps=${STEPS:-60} batch=256
    train_args=${TRAIN_ARGS:---lr-final 1e-4 --validation 0.1}
    ;;
full)
    shards=${SHARDS:-100} games=${GAMES:-200} nodes=${NODES:-5000} steps=${STEPS:-30000} batch=1024
    train_args=${TRAIN_ARGS:---lr-final 1e-5 --validation 0.02}
    ;;
*)
    echo "usage: scripts/nnue/pipeline.sh small|full [OUT]" >&2
    exit 2
    ;;
esac
out=${2:-target/nnue/$mode}
jobs=${JOBS:-1}
mkdir -p "$out/data"

scripts/nnue/setup-venv.sh
python=${NNUE_VENV:-target/nnue-venv}/bin/python

if [ -z "${KONANE:-}" ] || [ -z "${NNUE_DATA:-}" ]; then
    cargo build --release --locked -p konane-cli --bin konane --example nnue_data
fi
konane=${KONANE:-target/release/konane}
nnue_data=${NNUE_DATA:-target/release/examples/nnue_data}

echo "== data: $shards shards of $games games at $nodes nodes a move into $out/data"
export out games nodes nnue_data
seq 0 $((shards - 1)) | xargs -P "$jobs" -I{} sh -c '
    file="$out/data/shard-{}.txt"
    [ -s "$file" ] && exit 0
    "$nnue_data" "$games" {} "$nodes" > "$file.tmp" && mv "$file.tmp" "$file"
'
echo "== training: $steps steps"
read -r -a train_args <<<"$train_args"
"$python" scripts/nnue/train.py --out "$out/net.nnue" --steps "$steps" --batch "$batch" \
    "${train_args[@]}" --check "$out/check.txt" "$out"/data/shard-*.txt

echo "== check: konane loads $out/net.nnue, agrees with the trainer and searches with it"
"$python" scripts/nnue/check.py "$konane" "$out/net.nnue" "$out/check.txt"
echo "== net written: $out/net.nnue"
