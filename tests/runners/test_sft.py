"""runners/sft.py: settings reach TRL; SFT lowers the loss and raises exact-match on the synthetic task."""

from __future__ import annotations

import dataclasses

import pytest

from runners import sft
from runners.config import RECIPE_FIELDS, DataSettings, ModelSettings, PromptSettings, trl_config


def test_every_training_setting_reaches_sft_config():
    trl = pytest.importorskip("trl")
    args = sft.Args(output_dir="/tmp/unused")
    config = trl_config(args, trl.SFTConfig)
    for f in dataclasses.fields(args.training):
        if f.name not in RECIPE_FIELDS:
            assert getattr(config, f.name) == getattr(args.training, f.name), f.name


def test_sft_learns_the_synthetic_task(tmp_path):
    """The learning test: loss falls and greedy exact-match on held-out problems rises from zero."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("trl")
    args = sft.Args(output_dir=str(tmp_path / "run"))
    args.model = ModelSettings()
    args.data = DataSettings(n=1000, min_steps=1, max_steps=1, max_operand=3)
    args.prompt = PromptSettings(system="", instruction="")
    args.eval = sft.EvalSettings(n=32, max_new_tokens=24)
    t = args.training
    t.learning_rate, t.max_steps, t.per_device_train_batch_size = 5e-3, 100, 16
    t.max_length, t.logging_steps, t.warmup_steps = 192, 10, 10
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        summary = sft.train(args)
    finally:
        torch.set_num_threads(threads)
    before, after = summary["accuracy_before"]["accuracy"], summary["accuracy_after"]["accuracy"]
    print(
        f"SFT: loss {summary['loss_start']:.3f} -> {summary['loss_end']:.3f}; "
        f"exact-match {before:.3f} -> {after:.3f}; answered {summary['accuracy_after']['answered']:.3f}"
    )
    assert summary["loss_end"] < 0.5 * summary["loss_start"]
    assert before == 0.0 and after >= 0.1
    assert (tmp_path / "run" / "config.json").is_file()  # the warm start RL recipes load
