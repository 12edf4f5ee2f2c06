#!/usr/bin/env bash
# bash bench/gpu_session.sh [OUT]
#
# Everything a lent GPU machine should run, as one script under 10 minutes (an H200's session budget is 15):
#   1. bench/padded_attention_check.py: are a left-padded batch's logits and gradients finite under each
#      attention kernel, precision and gradient checkpointing (half a minute);
#   2. bench/gpu_pipeline.py --scale gpu: the demo's task at ~25 M parameters, SFT then GRPO and PPO from the
#      same SFT model (held-out accuracy per split, reward, KL, tokens/s, peak GPU memory, wall time);
#   3. bench/agentic_gpu.sh: the agentic recipe (tool-call rate and accuracy before and after), its warm start
#      and evaluation cut to fit (the full config's 1,500 warm-start steps alone take ~150 s on an H200);
#   4. pytest -m gpu: the vLLM generation backend's tests (they skip where vLLM is not installed).
# Each part has its own time limit, so one that runs long cannot take the others' time, and each writes its
# figures as it goes: OUT (default $OUT, else runs/gpu_session) keeps what finished. trl/datasets come from
# the wheels in .whl/ when missing (see ../shared/wheels/README.md; carry .whl/ to the device machine).
#
# A CPU check of the script itself (a few minutes):
#   SCALE=tiny AGENTIC_CONFIG=runners/configs/agentic_tiny.yaml AGENTIC_STEPS=2 \
#   AGENTIC_ARGS="warm_start.steps=5 evaluation.episodes=4" bash bench/gpu_session.sh /tmp/gpu_check
set -uo pipefail
cd "$(dirname "$0")/.."
out="${1:-${OUT:-runs/gpu_session}}"
scale="${SCALE:-gpu}"
mkdir -p "$out"

source bench/device_env.sh > "$out/versions.txt" || exit 2
cat "$out/versions.txt"
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader 2>/dev/null | tee "$out/gpu.txt" || true
if [ "$scale" = gpu ] && ! python3 -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)'; then
    echo "gpu_session: no CUDA device; for a CPU check of the script: SCALE=tiny bash bench/gpu_session.sh" >&2
    exit 2
fi
status=0
part() {  # part NAME LIMIT_S COMMAND...: run one part under its limit, log it, remember a failure
    local name="$1" limit="$2"; shift 2
    local start; start=$(date +%s)
    echo "== gpu_session: $name (limit ${limit} s)"
    timeout "$limit" "$@" > "$out/$name.log" 2>&1
    local rc=$?
    echo "== gpu_session: $name exit $rc after $(( $(date +%s) - start )) s" | tee -a "$out/parts.txt"
    tail -n 25 "$out/$name.log"
    [ "$rc" = 0 ] || status=1
}
part padded_attention 45 python3 bench/padded_attention_check.py --json "$out/padded_attention.json"
part pipeline 300 python3 bench/gpu_pipeline.py --scale "$scale" --output-dir "$out/pipeline"
# 40 of the config's 120 steps, 400 warm-start steps and 200 episodes: the part's share of a 10-minute session
# shellcheck disable=SC2086  # AGENTIC_ARGS: more overrides, split on spaces
part agentic 180 env RUN_DIR="$out/agentic" bash bench/agentic_gpu.sh "training.max_steps=${AGENTIC_STEPS:-40}" \
    ${AGENTIC_ARGS:-warm_start.steps=400 evaluation.episodes=200}
part gpu_tests 45 python3 -m pytest -q -m gpu -p no:cacheprovider tests/evalkit/test_eval_vllm.py
exit "$status"
