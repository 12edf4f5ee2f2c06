"""Training-curve readers: our runners' metrics.jsonl and TRL's trainer_state.json log_history, merged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from paths import REPO

pytest.importorskip("pandas")


from evalkit.curves import curve_notes, curve_panels, read_training_log

RUN = REPO / "fixtures" / "report" / "run"


def test_fixture_run_merges_metrics_and_trainer_state():
    log, errors = read_training_log(RUN)
    assert errors == []
    assert list(log["step"]) == list(range(1, 11))  # the end-of-training summary row is not a point
    assert log["kl"].iloc[-1] == pytest.approx(0.2)  # only metrics.jsonl logs kl
    assert log["grad_norm"].iloc[0] == pytest.approx(1.0)  # only trainer_state.json logs grad_norm
    assert "train_runtime" not in log.columns
    titles = [p.title for p in curve_panels(log)]
    assert titles[0] == "Reward (total and per component)"
    reward = curve_panels(log)[0]
    assert reward.columns == ("reward", "rewards/accuracy_reward/mean", "rewards/format_reward/mean")
    assert {"KL to the reference", "Completion length", "Clipped ratio (hit max length)"} <= set(titles)


def _state(path: Path, steps: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    history = [{"step": s, "reward": s / 10, "completions/mean_length": 100 - s} for s in range(1, steps + 1)]
    history.append({"step": steps, "train_runtime": 3.0, "train_loss": 0.1})
    path.write_text(json.dumps({"global_step": steps, "log_history": history}), encoding="utf-8")


def test_trainer_state_only_takes_the_longest_history(tmp_path):
    _state(tmp_path / "checkpoint-2" / "trainer_state.json", 2)
    _state(tmp_path / "checkpoint-4" / "trainer_state.json", 4)
    log, errors = read_training_log(tmp_path)
    assert errors == []
    assert list(log["step"]) == [1, 2, 3, 4]
    assert [p.title for p in curve_panels(log)] == ["Reward (total and per component)", "Completion length"]


def test_malformed_logs_are_reported_and_skipped(tmp_path):
    (tmp_path / "metrics.jsonl").write_text(
        '{"step": 1, "reward": 0.5}\n{"reward": 0.7}\nnot json\n{"step": 2, "reward": "high", "kl": 0.1}\n',
        encoding="utf-8",
    )
    (tmp_path / "trainer_state.json").write_text('{"log_history": 3}', encoding="utf-8")
    log, errors = read_training_log(tmp_path)
    assert list(log["step"]) == [1, 2]
    assert log["reward"].iloc[1] != log["reward"].iloc[1]  # the non-number is left out (NaN), kl kept
    assert log["kl"].iloc[1] == pytest.approx(0.1)
    assert any(e.endswith("trainer_state.json: field 'log_history' missing or not a list") for e in errors)
    assert any("metrics.jsonl:2: field 'step' missing" in e for e in errors)
    assert any("metrics.jsonl:3: invalid JSON" in e for e in errors)


def test_no_logs_is_an_empty_table(tmp_path):
    log, errors = read_training_log(tmp_path)
    assert log.empty and errors == []
    assert curve_panels(log) == []


def test_plot_panel_is_a_png():
    pytest.importorskip("matplotlib")
    from evalkit.plots import plot_panel

    log, _ = read_training_log(RUN)
    png = plot_panel(log, curve_panels(log)[0])
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) > 5000


TRL_RUN = REPO / "fixtures" / "curves" / "trl_two_rewards"


def test_a_plain_trl_run_gets_its_reward_functions_as_components():
    log, errors = read_training_log(TRL_RUN)
    assert errors == [] and list(log["step"]) == list(range(1, 7))
    reward = curve_panels(log)[0]
    assert reward.columns == ("reward", "rewards/accuracy/mean", "rewards/format/mean")
    assert reward.same_as == ()
    # beta 0: TRL logs no kl, and the report says so in a line instead of an empty plot
    assert "KL to the reference" not in [p.title for p in curve_panels(log)]
    assert "KL to the reference: kl not logged (TRL logs it only with beta > 0)" in curve_notes(log)


def _single_reward_run(path: Path, *, kl: float = 0.0) -> None:
    # one reward function: TRL's rewards/total/mean is the total reward, step for step
    history = [
        {
            "step": s,
            "reward": s / 8,
            "reward_std": 0.1,
            "rewards/total/mean": s / 8,
            "rewards/total/std": 0.1,
            "rewards/accuracy/mean": s / 10,
            "kl": kl,
            "loss": 0.1 / s,
        }
        for s in range(1, 5)
    ]
    path.write_text(json.dumps({"log_history": history}), encoding="utf-8")


def test_a_series_equal_to_another_is_drawn_once_under_both_names(tmp_path):
    _single_reward_run(tmp_path / "trainer_state.json")
    log, _ = read_training_log(tmp_path)
    reward = curve_panels(log)[0]
    assert reward.columns == ("reward", "rewards/accuracy/mean")
    assert reward.same_as == (("rewards/total/mean", "reward"),)
    assert reward.label("reward") == "reward = rewards/total/mean"
    for panel in curve_panels(log):
        drawn = [c for c in panel.columns]
        assert len(drawn) == len(set(drawn))
        for i, a in enumerate(drawn):  # no two drawn lines are the same numbers
            for b in drawn[i + 1 :]:
                assert not (log[a] == log[b]).all(), (a, b)


@pytest.mark.parametrize(("kl", "drawn"), [(0.0, False), (0.02, True)])
def test_an_all_zero_series_is_a_line_not_a_panel(tmp_path, kl, drawn):
    _single_reward_run(tmp_path / "trainer_state.json", kl=kl)
    log, _ = read_training_log(tmp_path)
    titles = [p.title for p in curve_panels(log)]
    assert ("KL to the reference" in titles) is drawn
    notes = curve_notes(log)
    assert ("KL to the reference: kl is 0 at all 4 logged steps" in notes) is not drawn
    assert "Loss" in titles and not any(n.startswith("Loss") for n in notes)


def test_the_legend_names_a_repeated_series():
    pytest.importorskip("matplotlib")
    from evalkit.curves import CurvePanel

    panel = CurvePanel("r", "reward", ("reward",), (("rewards/total/mean", "reward"), ("x", "y")))
    assert panel.label("reward") == "reward = rewards/total/mean" and panel.label("y") == "y = x"
