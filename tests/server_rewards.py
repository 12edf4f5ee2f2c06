"""Rewards for the server tests, importable by name (``server_rewards:sleepy_reward``) in a server process."""

from __future__ import annotations

import re
import threading
import time

from rewardkit.rewards import Reward, Scored


def sleepy_reward(prompts=None, completions=None, **kwargs):
    """1.0 per completion, after sleeping the seconds a completion ``sleep N`` asks for (a slow grader)."""
    out = []
    for text in completions or []:
        asked = re.fullmatch(r"sleep (\d+(?:\.\d+)?)", text)
        if asked:
            time.sleep(float(asked.group(1)))
        out.append(1.0)
    return out


class GatedReward(Reward):
    """Pays 1.0 per completion once ``gate`` is set; counts its calls (a request cancelled while it waited
    never calls it)."""

    def __init__(self) -> None:
        super().__init__(name="gated")
        self.gate = threading.Event()
        self.calls = 0

    def score(self, texts, *, completion_ids=None, columns):
        self.calls += 1
        self.gate.wait(30)
        return [Scored(1.0, components={"one": 1.0}) for _ in texts]


class BrokenReward(Reward):
    """Raises with the completion in its message (``"raise"``), or pays NaN (``"nan"``)."""

    def __init__(self) -> None:
        super().__init__(name="broken")

    def score(self, texts, *, completion_ids=None, columns):
        if "raise" in texts:
            raise RuntimeError(f"cannot score {texts!r}")
        return [Scored(float("nan")) for _ in texts]
