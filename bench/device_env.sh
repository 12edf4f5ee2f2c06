# source bench/device_env.sh   (from the repository root; bench/agentic_gpu.sh and bench/gpu_session.sh do)
#
# The environment the GPU scripts run in: trl/datasets from the wheels in .whl/ when the machine lacks them
# (the lent GPU machine does; see ../shared/wheels/README.md and carry .whl/), this checkout first on the
# path, and one line of versions on stdout. Returns 2 when trl/datasets are missing and no wheels are there.
if ! python3 -c "import trl, datasets" 2>/dev/null; then
    if ! ls .whl/*.whl >/dev/null 2>&1; then
        echo "$(basename "$0" .sh): trl/datasets missing and no wheels in .whl/ (see ../shared/wheels/README.md)" >&2
        return 2
    fi
    python3 -m pip install -q --no-index --no-deps --target /tmp/site .whl/*.whl
    export PYTHONPATH="/tmp/site:${PYTHONPATH:-}"
fi
export PYTHONPATH="$PWD:${PYTHONPATH:-}" TRL_EXPERIMENTAL_SILENCE=1 TOKENIZERS_PARALLELISM=false
python3 -c "import torch, transformers, trl, datasets; print('torch', torch.__version__, 'transformers', \
transformers.__version__, 'trl', trl.__version__, 'datasets', datasets.__version__, 'cuda', torch.cuda.is_available())"
