"""runners/grpo.py: settings reach TRL, preflight errors, the run folder, and GRPO actually learning."""

from __future__ import annotations

import dataclasses
import json
import re

import pytest

from rewardkit.errors import ConfigError
from rewardkit.rewards.base import Reward, Scored
from runners import grpo
from runners.config import RECIPE_FIELDS, DataSettings, ModelSettings, PromptSettings
from runners.problems import synthetic_problems


def test_every_training_setting_reaches_grpo_config():
    pytest.importorskip("trl")
    args = grpo.Args(output_dir="/tmp/unused")
    args.training.num_generations = 8
    args.training.max_completion_length = 77
    args.training.extra = {"top_k": 5}
    config = grpo.trl_config(args, grpo._grpo_config())
    for f in dataclasses.fields(args.training):
        if f.name not in RECIPE_FIELDS:
            assert getattr(config, f.name) == getattr(args.training, f.name), f.name
    assert config.beta > 0  # a reference model is loaded and KL is logged by default
    assert config.top_k == 5 and config.save_only_model and config.report_to == []
    args.training.extra = {"no_such_setting": 1}
    with pytest.raises(ConfigError, match=r"training\.no_such_setting"):
        grpo.trl_config(args, grpo._grpo_config())


def test_preflight_catches_bad_batches_golds_and_learning_rates(tmp_path, capsys):
    assert grpo.main(["training.per_device_train_batch_size=6", "training.num_generations=4"]) == 2
    assert "6 × 1 × 1 = 6 is not divisible by training.num_generations = 4" in capsys.readouterr().err

    data = tmp_path / "bad.jsonl"
    data.write_text('{"question": "1+1?", "answer": "2"}\n{"question": "x?", "answer": ""}\n')
    assert grpo.main([f"data.source={data}"]) == 2
    assert f"{data}:2: 1 of 2 golds cannot be parsed" in capsys.readouterr().err

    args = grpo.Args(model=ModelSettings(source="some/pretrained"))
    args.training.learning_rate = 5e-5
    (warning,) = grpo.preflight(args, synthetic_problems(4))
    assert "high for full fine-tuning" in warning
    args.lora.r = 8
    assert grpo.preflight(args, synthetic_problems(4)) == []


def test_help_lists_the_settings(capsys):
    with pytest.raises(SystemExit) as exit_info:
        grpo.main(["--help"])
    assert exit_info.value.code == 0
    out = capsys.readouterr().out
    assert "training.num_generations = 4" in out and "training.beta = 0.04" in out


def _tiny_args(tmp_path, **training):
    args = grpo.Args(output_dir=str(tmp_path / "run"))
    args.model = ModelSettings(hidden_size=32, num_layers=2)
    args.data = DataSettings(n=16, max_steps=1)
    args.prompt = PromptSettings(system="", instruction="")
    for key, value in {
        "learning_rate": 1e-3,
        "max_steps": 2,
        "per_device_train_batch_size": 8,
        "num_generations": 4,
        "max_completion_length": 8,
        "save_steps": 1,
        **training,
    }.items():
        setattr(args.training, key, value)
    return args


def test_run_folder_has_logs_checkpoints_and_evaluates(tmp_path):
    pytest.importorskip("trl")
    from evalkit.model_eval import ModelEvalOptions, run_model_eval

    args = _tiny_args(tmp_path)
    summary = grpo.train(args)
    run = tmp_path / "run"
    assert summary["steps"] == 2 and summary["world_size"] == 1
    assert (run / "config.yaml").read_text().startswith("# rewardkit train grpo --config ")
    metrics = [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines()]
    logged = metrics[0]
    for key in (
        "step",
        "reward",
        "reward_std",
        "kl",
        "loss",
        "frac_reward_zero_std",
        "completions/mean_length",
        "completions/clipped_ratio",
        "rewards/total/mean",  # what TRL logs for the reward it calls
        "rewards/accuracy/mean",  # and its components, which TRL alone would not show
        "rewards/answer_format/mean",
        "parse_failure_rate",
    ):
        assert key in logged, key
    rollouts = [json.loads(line) for line in (run / "rollouts.jsonl").read_text().splitlines()]
    assert {r["step"] for r in rollouts} == {1, 2}
    first = rollouts[0]
    assert set(first) >= {"prompt", "completion", "answer", "reward", "components", "verdict"}
    assert set(first["components"]) == {"accuracy", "answer_format"}
    assert first["verdict"] in {
        "CORRECT",
        "WRONG",
        "NO_ANSWER",
        "UNPARSEABLE",
        "FORMAT",
        "AMBIGUOUS",
        "TRUNCATED",
    }
    # every completion is random text: the health monitor says so
    assert any("no readable answer" in w or "max_completion_length" in w for w in summary["warnings"])
    assert sorted(p.name for p in run.glob("checkpoint-*")) == ["checkpoint-1", "checkpoint-2"]

    problems = tmp_path / "problems.jsonl"
    problems.write_text("".join(json.dumps(p) + "\n" for p in synthetic_problems(2, max_steps=1)))
    options = ModelEvalOptions(
        model=str(run), output_dir=str(run / "eval"), data_file=str(problems), max_new_tokens=8,
        system="", instruction="",
    )  # fmt: skip
    assert run_model_eval(options) == 0
    assert {p.parent.name for p in (run / "eval").glob("*/summary.json")} == {
        "checkpoint-1",
        "checkpoint-2",
        "final",
    }


class ShortNumber(Reward):
    """The format "1–3 digits, then EOS" within 4 tokens (1.0), with partial credit elsewhere: 0.3 for the
    share of digits plus 0.3 for stopping (EOS), so neither a run of digits nor an empty answer is a dead
    end, and both stay well below the format itself."""

    default_name = "short_number"

    def __init__(self, *, max_tokens: int, eos_id: int) -> None:
        super().__init__()
        self.max_tokens, self.eos_id = max_tokens, eos_id

    def score(self, texts, *, completion_ids=None, columns):
        out = []
        for text, ids in zip(texts, completion_ids, strict=True):
            stopped = bool(ids) and ids[-1] == self.eos_id
            if stopped and re.fullmatch(r"\d{1,3}", text):
                out.append(Scored(1.0))
            else:
                digits = sum(c.isdigit() for c in text) / max(len(text), 1)
                out.append(Scored(0.3 * digits + 0.3 * stopped))
        return out


def test_grpo_learns_a_format_reward_from_a_random_model(tmp_path):
    """The learning test: from random weights to mean reward >= 0.9 in well under a minute on a CPU."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("trl")
    args = _tiny_args(
        tmp_path,
        learning_rate=4e-3,
        max_steps=90,
        per_device_train_batch_size=16,
        num_generations=4,
        max_completion_length=4,
        beta=0.01,
        save_steps=0,
        save_final=False,
    )
    args.model = ModelSettings()  # 64 wide, 4 layers: 0.27 M parameters
    args.data = DataSettings(n=64)
    threads = torch.get_num_threads()
    torch.set_num_threads(1)  # tiny matrices: a second thread only adds contention on a shared machine
    try:
        summary = grpo.train(args, reward=ShortNumber(max_tokens=4, eos_id=2))
    finally:
        torch.set_num_threads(threads)
    rewards = [
        m["reward"]
        for m in json.loads(
            "[" + ",".join((tmp_path / "run" / "metrics.jsonl").read_text().splitlines()) + "]"
        )
        if "reward" in m
    ]
    print(f"GRPO format reward: start {summary['reward_start']:.3f} end {summary['reward_end']:.3f}")
    assert summary["reward_start"] < 0.3
    assert summary["reward_end"] >= 0.9, rewards
    assert all("kl" in m for m in (tmp_path / "run" / "metrics.jsonl").read_text().splitlines()[:-1])
