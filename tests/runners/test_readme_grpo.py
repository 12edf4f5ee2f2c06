"""Runs the README's "Drop it into GRPOTrainer" snippet: the code users copy must train.

The snippet runs as written, with two substitutions, both here and nowhere else:

* the hub model id is replaced by the folder of a tiny random Llama (~1M parameters) with a character-level
  tokenizer and a chat template, built offline in ``tmp_path`` (no hub access in tests);
* ``trl.GRPOConfig`` is wrapped so the snippet's own keywords are kept and :data:`TINY` overrides them:
  a CPU-sized run of two steps, written under ``tmp_path``.

Needs the ``[train]`` extra (CI installs it); without TRL the test is skipped.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from paths import REPO
from tiny_model import tiny_model

README = REPO / "README.md"
SECTION = "## Drop it into GRPOTrainer"
HUB_MODEL = '"Qwen/Qwen2.5-0.5B-Instruct"'

# CPU-safe, tiny: 2 steps x 2 prompts x 2 generations, 8 new tokens
TINY = {
    "max_steps": 2,
    "per_device_train_batch_size": 4,
    "num_generations": 2,
    "max_completion_length": 8,
    "use_cpu": True,
    "bf16": False,
    "gradient_checkpointing": False,
    "report_to": "none",
    "save_strategy": "no",
    "logging_steps": 1,
    "seed": 0,
}


def readme_snippet() -> str:
    """The first ```python block after the section heading."""
    text = README.read_text(encoding="utf-8")
    assert SECTION in text, f"README.md has no {SECTION!r} section"
    section = text.split(SECTION, 1)[1].split("\n## ", 1)[0]
    match = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    assert match, f"no python block under {SECTION!r}"
    return match.group(1)


def test_readme_grpo_snippet_trains(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    trl = pytest.importorskip("trl", reason="needs the [train] extra: pip install -e '.[train]'")

    snippet = readme_snippet()
    assert snippet.count(HUB_MODEL) == 1, f"the snippet should name {HUB_MODEL} once"
    assert "GRPOConfig(" in snippet and "trainer.train()" in snippet

    model_dir = tmp_path / "tiny-llama"
    tiny_model(model_dir)

    real_config = trl.GRPOConfig
    seen: dict[str, object] = {}

    def tiny_config(**kwargs: object) -> object:
        seen.update(kwargs)
        return real_config(**{**kwargs, **TINY, "output_dir": str(tmp_path / "out")})

    monkeypatch.setattr(trl, "GRPOConfig", tiny_config)
    monkeypatch.chdir(tmp_path)  # anything the snippet writes lands here

    namespace: dict[str, object] = {"__name__": "readme_snippet"}
    exec(compile(snippet.replace(HUB_MODEL, repr(str(model_dir))), str(README), "exec"), namespace)

    assert seen, "the snippet did not build its GRPOConfig through trl.GRPOConfig"
    trainer = namespace["trainer"]
    assert trainer.state.global_step == TINY["max_steps"]
    # TRL loaded the tokenizer itself from the folder: it must be ours, spaces and newlines intact
    tokenizer = trainer.processing_class
    assert tokenizer.decode(tokenizer("a b\nc")["input_ids"], skip_special_tokens=True) == "a b\nc"
    # the keys the README's text promises
    logged = {key for entry in trainer.state.log_history for key in entry}
    expected = {
        "rewards/gated/mean",  # TRL's log per reward function
        "rewards/accuracy/mean",  # the composite's parts, through TRL's log_metric, in TRL's scheme
        "rewards/format/mean",
        "loss",
    }
    assert expected <= logged, f"missing {sorted(expected - logged)}; logged {sorted(logged)}"
    # ... and the per-sample columns of TRL's completions table, through log_extra (one value per completion)
    table = trainer._logs  # private in TRL 1.16; no public accessor for the table
    for column in ("gated/verdict", "gated/extracted"):
        assert len(table["extra"][column]) == len(table["prompt"]) > 0, column
