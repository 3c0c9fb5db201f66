#!/usr/bin/env bash
# PyTorch for the trainer (scripts/nnue/train.py) into $NNUE_VENV (default
# target/nnue-venv), from PyPI.
# The trainer runs on the CPU, but PyPI has only one Linux wheel of torch and it will
# not import without the CUDA libraries it names as dependencies (torch installed with
# --no-deps fails at `import torch`: "libcublasLt.so.* not found"), so they come too:
# about 4 GB installed, downloaded once (pip's cache keeps the wheels). torch is
# BSD-3-Clause; the NVIDIA libraries are redistributable under NVIDIA's licence and are
# loaded, not linked into anything of this project.
# Usage: scripts/nnue/setup-venv.sh   (does nothing when the venv already imports torch;
# a venv outside the tree, NNUE_VENV=~/.cache/konane-nnue-venv say, outlives fresh clones)
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=${NNUE_VENV:-target/nnue-venv}
torch_version=2.15.0
if [ -x "$venv/bin/python" ] && "$venv/bin/python" -c "import torch" 2>/dev/null; then
    exit 0
fi
rm -rf "$venv"
"${PYTHON:-python3}" -m venv "$venv"
"$venv/bin/pip" install --quiet "torch==$torch_version"
"$venv/bin/python" -c "import torch; torch.ones(1)"
