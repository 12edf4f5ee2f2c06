"""One key scheme for per-component reward logs, TRL's own, whoever emits them."""

from __future__ import annotations

import pytest
from reward_helpers import Log

from rewardkit.rewards import build
from rewardkit.rewards.component_logs import component_of, log_components, reward_key

GOOD = "<think>\n3+4=7\n</think>\n<answer>\n7\n</answer>"


def test_a_composite_logs_its_parts_under_trls_keys():
    log = Log()
    total = build({"accuracy": 1.0, "format": 0.5})
    total(prompts=None, completions=[GOOD, "8"], answer=["7", "7"], log_metric=log.metric)
    assert log.metrics["rewards/accuracy/mean"] == [0.5]
    assert log.metrics["rewards/format/mean"] == [0.5]
    assert log.metrics["rewards/accuracy/std"] == [pytest.approx(2**-0.5)]
    # TRL logs rewards/total/mean for the reward it calls; the composite never writes its own total
    assert "rewards/total/mean" not in log.metrics
    assert not [k for k in log.metrics if k.startswith("total/")]


def test_a_part_named_like_the_composite_does_not_overwrite_trls_total():
    log = Log()
    total = build({"sum": {"accuracy": 1.0, "format": 0.5}})
    total.name = "accuracy"
    total.parts[0][0].name = "acc"
    total(prompts=None, completions=[GOOD], answer=["7"], log_metric=log.metric)
    assert "rewards/accuracy/mean" not in log.metrics and log.metrics["rewards/acc/mean"] == [1.0]


@pytest.mark.parametrize(
    ("samples", "expected"),
    [
        ([{"a": 1.0}], {"rewards/a/mean": 1.0}),  # one value: no spread
        ([{"a": None}, {"a": float("nan")}], {}),  # nothing to average is not a 0
        (
            [{"a": 1.0}, {"a": 3.0}, {"b": 2.0}],
            {"rewards/a/mean": 2.0, "rewards/a/std": 2**0.5, "rewards/b/mean": 2.0},
        ),
        ([{"x/y": 0.0}, {"x/y": 0.0}], {"rewards/x/y/mean": 0.0, "rewards/x/y/std": 0.0}),
    ],
)
def test_log_components_table(samples, expected):
    logged: dict[str, float] = {}
    log_components(logged.__setitem__, samples)
    assert logged == pytest.approx(expected)


@pytest.mark.parametrize("name", ["accuracy", "format/tags", "valid_call"])
def test_keys_round_trip(name):
    assert component_of(reward_key(name)) == name
    assert component_of(reward_key(name, "std")) is None
    assert component_of(reward_key(name, "std"), "std") == name
