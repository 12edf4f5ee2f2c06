#!/usr/bin/env bash
# bash bench/gpu_pipeline.sh [OUTPUT_DIR]
# On one GPU (sized for about 8 minutes on an H200): SFT a ~25M-parameter Llama from scratch on the synthetic
# arithmetic task, then GRPO and PPO from it on the same budget of sampled completions. Prints and writes
# OUTPUT_DIR/results.md: accuracy before/after, tokens/s, completions/s, peak GPU memory and wall time per stage.
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
