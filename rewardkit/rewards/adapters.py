"""Adapters beyond TRL's plain call: an async variant, verl's ``compute_score``, and a batch API.

TRL needs no adapter: every built-in reward has TRL's signature (``reward_funcs=[build("accuracy")]``).

verl's entry points (per sample, batch, async; dispatch on ``data_source``) live in
:mod:`rewardkit.rewards.verl_scoring` and are importable from here too.

>>> compute_score("gsm8k", "... #### 72", "72")
{'score': 1.0, 'verdict': 'CORRECT', 'extracted': '72', 'valid': True}
>>> score(["#### 3", "#### 4"], ["3", "3"], spec="accuracy")
[1.0, 0.0]
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from rewardkit.rewards import build
from rewardkit.rewards.base import Reward, Scored
from rewardkit.rewards.verl_scoring import (
    VerlScorer,
    compute_score,
    compute_score_async,
    compute_score_batch,
    verl_scorer,
)

__all__ = [
    "AsyncReward",
    "VerlScorer",
    "compute_score",
    "compute_score_async",
    "compute_score_batch",
    "score",
    "score_details",
    "verl_scorer",
]


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
