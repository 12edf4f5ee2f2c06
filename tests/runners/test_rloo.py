"""runners/rloo.py: RLOO settings reach TRL; a two-step run leaves GRPO's run folder (KL logged)."""

from __future__ import annotations

import dataclasses
import json

import pytest

from runners import rloo
from runners.config import RECIPE_FIELDS, DataSettings, ModelSettings, PromptSettings, trl_config


def test_every_training_setting_reaches_rloo_config():
    trl = pytest.importorskip("trl")
    args = rloo.Args(output_dir="/tmp/unused")
    args.training.normalize_advantages = True
    config = trl_config(args, trl.RLOOConfig)
    for f in dataclasses.fields(args.training):
        if f.name not in RECIPE_FIELDS:
            assert getattr(config, f.name) == getattr(args.training, f.name), f.name
    assert config.beta == 0.05


def test_two_step_run(tmp_path, capsys):
    pytest.importorskip("trl")
    args = rloo.Args(output_dir=str(tmp_path / "run"))
    args.model = ModelSettings(hidden_size=32, num_layers=2)
    args.data = DataSettings(n=16, max_steps=1)
    args.prompt = PromptSettings(system="", instruction="")
    args.training.learning_rate = 1e-3
    args.training.max_steps = 2
    args.training.max_completion_length = 8
    args.training.save_steps = 2
    summary = rloo.train(args)
    assert summary["algorithm"] == "rloo" and summary["steps"] == 2
    metrics = [json.loads(line) for line in (tmp_path / "run" / "metrics.jsonl").read_text().splitlines()]
    assert "kl" in metrics[0] and "rewards/accuracy/mean" in metrics[0]
    assert (tmp_path / "run" / "checkpoint-2" / "config.json").is_file()
    assert (tmp_path / "run" / "config.yaml").read_text().startswith("# rewardkit train rloo --config")
