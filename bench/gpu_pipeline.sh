#!/usr/bin/env bash
# bash bench/gpu_pipeline.sh [OUTPUT_DIR]
# On one GPU (sized for a few minutes on an H200): SFT a ~25M-parameter Llama from scratch on the demo's
# task (demonstrations that forget the carry), then GRPO and PPO from it on the same completion budget. Writes
# OUTPUT_DIR/results.md: held-out accuracy per split, reward, KL, tokens/s, peak GPU memory, wall time.
# Needs the [train] extra. `python bench/gpu_pipeline.py --scale tiny` checks the same code on a CPU.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-runs/gpu_pipeline}"
python=${PYTHON:-python}
if ! "$python" -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)'; then
    echo "gpu_pipeline: no CUDA device; for a CPU check run: $python bench/gpu_pipeline.py --scale tiny" >&2
    exit 2
fi
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader || true
# one process, one GPU: the peak-memory figures are this run's alone
export CUDA_VISIBLE_DEVICES="${CUDA_VISIBLE_DEVICES:-0}" TOKENIZERS_PARALLELISM=false
time "$python" bench/gpu_pipeline.py --output-dir "$out" --scale gpu
