"""Adapters beyond TRL's plain call: an async variant, verl's ``compute_score``, and a batch API.

TRL needs no adapter: every built-in reward has TRL's signature (``reward_funcs=[build("accuracy")]``).

verl calls ``compute_score(data_source, solution_str, ground_truth, extra_info=None)`` once per sample and
accepts a float or a dict with a ``"score"`` key plus extra metrics. Point its ``custom_reward_function``
at this module's :func:`compute_score` (accuracy), or build one for any spec with :func:`verl_scorer`.

>>> compute_score("gsm8k", "... #### 72", "72")
{'score': 1.0, 'verdict': 'CORRECT', 'extracted': '72', 'valid': True}
>>> score(["#### 3", "#### 4"], ["3", "3"], spec="accuracy")
[1.0, 0.0]
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

from rewardkit.rewards import build
from rewardkit.rewards.base import Reward, Scored


class AsyncReward:
    """An ``async`` wrapper TRL runs concurrently with its other async rewards (``asyncio.gather``).

    The grading runs in a thread (sympy steps additionally in sandbox workers), so the event loop stays
    free. Picklable; ``__name__`` is the wrapped reward's.
    """

    def __init__(self, reward: Reward | Any) -> None:
        self.reward = build(reward)

    @property
    def __name__(self) -> str:
        return self.reward.name

    async def __call__(
        self, prompts: Sequence[Any] | None = None, completions: Sequence[Any] | None = None, **kwargs: Any
    ) -> list[float | None]:
        return await asyncio.to_thread(self.reward, prompts=prompts, completions=completions, **kwargs)


class VerlScorer:
    """verl's ``compute_score`` for any reward spec. Returns a dict: ``score`` (float, as verl needs),
    ``verdict``, ``extracted``, and ``valid`` (False when the reward had no score for the sample, e.g. an
    unreadable gold: the 0.0 is then a placeholder, not a judgement — filter on ``valid``)."""

    def __init__(self, spec: Any = "accuracy", *, gold_key: str = "answer") -> None:
        self.reward = build(spec)
        self.gold_key = gold_key

    def __call__(
        self,
        data_source: str,
        solution_str: str,
        ground_truth: Any,
        extra_info: Mapping[str, Any] | None = None,
    ) -> dict[str, Any]:
        columns: dict[str, Any] = {self.gold_key: [ground_truth]}
        for key, value in (extra_info or {}).items():
            columns.setdefault(key, [value])
        scored = self.reward.score([solution_str], completion_ids=None, columns=columns)[0]
        result: dict[str, Any] = {
            "score": 0.0 if scored.value is None else float(scored.value),
            "verdict": scored.verdict,
            "extracted": scored.extracted,
            "valid": scored.value is not None,
        }
        result.update({k: v for k, v in scored.components.items() if v is not None})
        return result


def verl_scorer(spec: Any = "accuracy", *, gold_key: str = "answer") -> VerlScorer:
    """A verl ``compute_score`` for ``spec``."""
    return VerlScorer(spec, gold_key=gold_key)


_default_verl = None


def compute_score(
    data_source: str, solution_str: str, ground_truth: Any, extra_info: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """verl entry point with the accuracy reward (``custom_reward_function.name=compute_score``)."""
    global _default_verl
    if _default_verl is None:
        _default_verl = VerlScorer("accuracy")
    return _default_verl(data_source, solution_str, ground_truth, extra_info)


def score(
    completions: Sequence[Any],
    golds: Sequence[Any],
    *,
    spec: Any = "accuracy",
    workers: int = 1,
    gold_key: str = "answer",
    **columns: Any,
) -> list[float | None]:
    """Plain batch API: rewards for many completions at once.

    ``workers > 1`` grades in that many worker processes (for rewards that grade). Extra keyword arguments
    are passed as columns (one entry per completion).
    """
    reward = build(spec)
    _set_workers(reward, workers)
    return reward(completions=list(completions), **{gold_key: list(golds)}, **columns)


def score_details(
    completions: Sequence[Any],
    golds: Sequence[Any],
    *,
    spec: Any = "accuracy",
    workers: int = 1,
    gold_key: str = "answer",
    **columns: Any,
) -> list[Scored]:
    """Like :func:`score`, with the verdict, extracted answer and components of every sample."""
    from rewardkit.rewards.base import completion_text

    reward = build(spec)
    _set_workers(reward, workers)
    texts = [completion_text(c) for c in completions]
    return reward.score(texts, completion_ids=None, columns={gold_key: list(golds), **columns})


def _set_workers(reward: Any, workers: int) -> None:
    # every grading part of a composite grades with the requested number of workers
    if hasattr(reward, "workers"):
        reward.workers = workers
    for child in vars(reward).values():
        if isinstance(child, Reward):
            _set_workers(child, workers)
        elif isinstance(child, list):
            for item in child:
                part = item[0] if isinstance(item, tuple) else item
                if isinstance(part, Reward):
                    _set_workers(part, workers)
