"""Each reward lives in the module named for its job, and the old import paths still resolve."""

from __future__ import annotations

import importlib

import pytest

from rewardkit.rewards import REWARDS, build

# built-in name -> the module whose name says what it holds
HOME = {
    "accuracy": "rewardkit.rewards.accuracy",
    "step": "rewardkit.rewards.accuracy",
    "length_penalty": "rewardkit.rewards.length",
    "overlong": "rewardkit.rewards.length",
    "cosine": "rewardkit.rewards.length",
    "format": "rewardkit.rewards.format",
    "tag_count": "rewardkit.rewards.format",
    "boxed_once": "rewardkit.rewards.format",
    "repetition": "rewardkit.rewards.repetition",
    "trajectory": "rewardkit.rewards.trajectory",
}


def test_every_builtin_has_a_home():
    assert set(HOME) == set(REWARDS)


@pytest.mark.parametrize("name", sorted(HOME))
def test_builtin_lives_where_its_job_says(name):
    params = {"alpha": 0.001, "target": 10} if name == "length_penalty" else {}
    assert type(build({name: params})).__module__ == HOME[name]


@pytest.mark.parametrize(
    ("module", "names"),
    [
        ("rewardkit.rewards.trajectory_steps", ["Step", "Trajectory", "KINDS"]),
        ("rewardkit.rewards.trajectory_parsers", ["text_steps", "message_steps", "record_step"]),
        ("rewardkit.rewards.step_scorers", ["ValidToolCall", "ToolSucceeded", "Progress", "FinalAnswer"]),
        ("rewardkit.rewards.trajectory", ["TrajectoryReward", "TrajectoryScore"]),
        ("rewardkit.rewards.hacking_probes", ["PROBES", "run_probes"]),
    ],
)
def test_split_modules_hold_their_parts(module, names):
    loaded = importlib.import_module(module)
    assert all(hasattr(loaded, n) for n in names)


def test_trajectory_parts_are_one_class_each_way():
    from rewardkit.rewards import step_scorers, trajectory_steps

    assert step_scorers.Trajectory is trajectory_steps.Trajectory
    assert not hasattr(importlib.import_module("rewardkit.rewards.accuracy"), "LengthPenaltyReward")
