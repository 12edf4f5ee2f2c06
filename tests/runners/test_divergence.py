"""A run whose loss or gradient norm stops being a number stops at that step, saves nothing after it, and
says why (runners/run_logs.py: divergence, make_callback, raise_if_diverged); model.attn_implementation
reaches the loaded model."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

from rewardkit.errors import TrainingDiverged
from rewardkit.exit_codes import EXIT_FINDINGS
from runners import sft
from runners.config import DataSettings, ModelSettings, PromptSettings, run_recipe
from runners.run_logs import MetricsLog, divergence, make_callback, raise_if_diverged


@pytest.mark.parametrize(
    ("entry", "diverged"),
    [
        ({"loss": 0.5, "grad_norm": 0.1}, False),
        ({"loss": math.nan, "grad_norm": 0.1}, True),
        ({"loss": 0.5, "grad_norm": math.inf}, True),
        ({"loss": 0.5, "grad_norm": -math.inf}, True),
        ({"reward": math.nan}, False),  # a reward that is not a number is the reward's problem
        ({"loss": "nan"}, False),  # only numbers are judged
        ({}, False),
    ],
)
def test_divergence_reads_loss_and_grad_norm(entry, diverged):
    why = divergence(entry, step=7)
    assert (why is not None) == diverged
    if diverged:
        assert why.startswith("step 7: ") and "learning_rate" in why


def _log(callback, logs, *, step, main=True):
    state = SimpleNamespace(global_step=step, is_world_process_zero=main)
    control = SimpleNamespace(should_training_stop=False, should_save=True)
    callback.on_log(None, state, control, logs=logs)
    return control


def test_the_callback_stops_on_every_process_and_saves_nothing(tmp_path):
    pytest.importorskip("transformers")
    metrics = MetricsLog(tmp_path / "metrics.jsonl")
    callback = make_callback(metrics)
    fine = _log(callback, {"loss": 0.4, "grad_norm": 0.2}, step=1)
    assert not fine.should_training_stop and fine.should_save
    raise_if_diverged(callback)  # nothing yet
    other_rank = make_callback(metrics)
    for cb, main in ((callback, True), (other_rank, False)):
        control = _log(cb, {"loss": 0.4, "grad_norm": math.nan}, step=2, main=main)
        assert control.should_training_stop and not control.should_save
        with pytest.raises(TrainingDiverged, match="step 2: grad_norm is nan"):
            raise_if_diverged(cb)
    assert [e["grad_norm"] for e in metrics.read()] == [0.2, None]  # the main process logged both steps


def test_a_diverged_recipe_exits_1_with_the_reason(capsys):
    def train(config):
        raise TrainingDiverged("step 3: loss is nan; ...")

    status = run_recipe(sft.Args, train, ["output_dir=/tmp/unused"], prog="rewardkit train sft")
    assert status == EXIT_FINDINGS
    assert "rewardkit: error: training diverged at step 3: loss is nan" in capsys.readouterr().err


def _tiny_sft_args(tmp_path, learning_rate):
    args = sft.Args(output_dir=str(tmp_path / "run"))
    args.model = ModelSettings(hidden_size=32, num_layers=1, attn_implementation="eager")
    args.data = DataSettings(n=64, min_steps=1, max_steps=1, max_operand=3)
    args.prompt = PromptSettings(system="", instruction="")
    args.eval = sft.EvalSettings(n=0)
    t = args.training
    t.learning_rate, t.max_steps, t.per_device_train_batch_size = learning_rate, 6, 8
    t.max_length, t.logging_steps, t.save_steps, t.warmup_steps = 96, 1, 1, 0
    return args


def test_an_sft_run_that_blows_up_stops_there(tmp_path):
    """A learning rate of 1e12 sends the weights past float32's range within a step or two: the run stops at
    the first step whose loss or gradient norm is not finite, keeps the checkpoints before it, writes none
    after it and no final model."""
    pytest.importorskip("trl")
    args = _tiny_sft_args(tmp_path, learning_rate=1e12)
    with pytest.raises(TrainingDiverged) as raised:
        sft.train(args)
    step = int(str(raised.value).split(":")[0].removeprefix("step "))
    run = tmp_path / "run"
    saved = sorted(int(p.name.removeprefix("checkpoint-")) for p in run.glob("checkpoint-*"))
    assert 1 <= step < 6 and saved == list(range(1, step))
    assert not (run / "model.safetensors").exists()
    last = [e for e in MetricsLog(run / "metrics.jsonl").read() if "loss" in e][-1]  # not the train summary
    assert last["step"] == step and None in (last["loss"], last["grad_norm"])


def test_attn_implementation_reaches_the_model(tmp_path):
    pytest.importorskip("transformers")
    from runners.models import build_tiny_model, load_model

    folder = build_tiny_model(tmp_path / "m", hidden_size=32, num_layers=1)
    for wanted, expected in (("eager", "eager"), ("sdpa", "sdpa")):
        settings = ModelSettings(source=str(folder), attn_implementation=wanted)
        model, _, _ = load_model(settings, output_dir=tmp_path)
        assert model.config._attn_implementation == expected
    # auto: transformers' choice
    model, _, _ = load_model(ModelSettings(source=str(folder)), output_dir=tmp_path)
    assert model.config._attn_implementation in {"sdpa", "eager"}
