#!/usr/bin/env bash
# bash bench/agentic_gpu.sh [key.sub=value ...]
#
# The agentic GRPO demonstration on one GPU (runners/configs/agentic_gpu.yaml, under 8 minutes on an H200):
# prints the tool-call rate and accuracy before and after GRPO and the tool-call-rate curve, and leaves
# RUN_DIR (default runs/agentic_gpu) with summary.json, metrics.jsonl and trajectories.jsonl.
#
# On a machine without trl/datasets (the lent GPU machine), put the wheels of ../shared/wheels/device-py312 in
# .whl/ (an ignored folder) and carry it; they are installed into /tmp/site. Extra arguments are config
# overrides, e.g. `bash bench/agentic_gpu.sh training.max_steps=40` for a quicker look.
set -euo pipefail
cd "$(dirname "$0")/.."

source bench/device_env.sh

RUN_DIR="${RUN_DIR:-runs/agentic_gpu}"
start=$(date +%s)
# the recipe prints the before/after table and the curve at the end; 460 s leaves room inside an 8-minute slot
# AGENTIC_CONFIG=runners/configs/agentic_tiny.yaml checks the script on a CPU
timeout 460 python3 -m runners.agentic_grpo --config "${AGENTIC_CONFIG:-runners/configs/agentic_gpu.yaml}" \
    "output_dir=$RUN_DIR" "$@"
echo "agentic_gpu: $(( $(date +%s) - start )) s; summary in $RUN_DIR/summary.json"
