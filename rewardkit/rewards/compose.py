"""Combining rewards: weighted sums (with monitor-only parts), gates, products, clipping.

A composite is itself a :class:`~rewardkit.rewards.base.Reward`: it scores its parts once per batch, keeps
each part's value in ``Scored.components`` (logged per component through TRL's ``log_metric`` /
``log_extra``), and carries the grader's verdict and extracted answer through.

Why a gate: an additive format reward is the first thing a policy learns to farm (format → 1 while accuracy
stays 0). ``Gate(accuracy, on=format)`` pays accuracy only when the format holds, so format alone earns
nothing.

>>> from rewardkit.rewards.accuracy import AccuracyReward
>>> total = WeightedSum([(AccuracyReward(), 1.0), (AccuracyReward(name="watch"), 0.0)])
>>> total(completions=["#### 3", "#### 4"], answer=["3", "3"])
[1.0, 0.0]
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from rewardkit.rewards.base import Reward, Scored


def _parts(reward: Reward, texts: list[str], completion_ids: Any, columns: Mapping[str, Any]) -> list[Scored]:
    scored = reward.score(texts, completion_ids=completion_ids, columns=columns)
    if len(scored) != len(texts):
        raise RuntimeError(f"reward {reward.name!r} scored {len(scored)} of {len(texts)} completions")
    return scored


def _components(name: str, scored: Scored) -> dict[str, float | None]:
    # a nested composite contributes its own parts under its name ("total/format/tags")
    out: dict[str, float | None] = {name: scored.value}
    for part, value in scored.components.items():
        out[f"{name}/{part}"] = value
    return out


def _why(parts: Sequence[Scored]) -> tuple[str | None, str | None]:
    for s in parts:
        if s.verdict is not None:
            return s.verdict, s.extracted
    return None, None


def _unique_names(rewards: Sequence[Reward]) -> None:
    names = [r.name for r in rewards]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        raise ValueError(f"composite parts need distinct names, got {duplicates} twice; pass name=...")


class WeightedSum(Reward):
    """``Σ wᵢ·rᵢ`` over the parts with nonzero weight; weight-0 parts are monitor-only (scored and logged,
    not counted). A counted part that is ``None`` for a sample makes the sample ``None``: a sum that skips
    an unreadable gold would pay format alone."""

    default_name = "total"

    def __init__(self, parts: Sequence[tuple[Reward, float]], *, name: str | None = None) -> None:
        super().__init__(name=name)
        if not parts:
            raise ValueError("a weighted sum needs at least one part")
        _unique_names([r for r, _ in parts])
        self.parts = [(r, float(w)) for r, w in parts]

    def score(
        self, texts: list[str], *, completion_ids: Any = None, columns: Mapping[str, Any]
    ) -> list[Scored]:
        per_part = [(_parts(r, texts, completion_ids, columns), r, w) for r, w in self.parts]
        out = []
        for i in range(len(texts)):
            components: dict[str, float | None] = {}
            total: float | None = 0.0
            for scored, reward, weight in per_part:
                components.update(_components(reward.name, scored[i]))
                if weight == 0:
                    continue
                value = scored[i].value
                if value is None or total is None or math.isnan(value):
                    total = None
                else:
                    total += weight * value
            verdict, extracted = _why([s[i] for s, _, _ in per_part])
            out.append(Scored(total, verdict, extracted, components))
        return out


class Gate(Reward):
    """``reward`` where ``on`` scores at least ``threshold``, ``otherwise`` (default 0.0) elsewhere.

    ``Gate(AccuracyReward(), on=FormatReward())``: accuracy counts only when the format is valid.
    """

    default_name = "gated"

    def __init__(
        self,
        reward: Reward,
        *,
        on: Reward,
        threshold: float = 1.0,
        otherwise: float = 0.0,
        name: str | None = None,
    ) -> None:
        super().__init__(name=name)
        _unique_names([reward, on])
        self.reward, self.on, self.threshold, self.otherwise = reward, on, threshold, otherwise

    def score(
        self, texts: list[str], *, completion_ids: Any = None, columns: Mapping[str, Any]
    ) -> list[Scored]:
        values = _parts(self.reward, texts, completion_ids, columns)
        gates = _parts(self.on, texts, completion_ids, columns)
        out = []
        for v, g in zip(values, gates, strict=True):
            components = {**_components(self.reward.name, v), **_components(self.on.name, g)}
            open_ = g.value is not None and g.value >= self.threshold
            # an unreadable gold stays unscored whichever way the gate falls
            value = v.value if open_ or v.value is None else self.otherwise
            out.append(Scored(value, v.verdict, v.extracted, components))
        return out


class Product(Reward):
    """``Π rᵢ``; ``None`` when any part is ``None``."""

    default_name = "product"

    def __init__(self, parts: Sequence[Reward], *, name: str | None = None) -> None:
        super().__init__(name=name)
        if not parts:
            raise ValueError("a product needs at least one part")
        _unique_names(parts)
        self.parts = list(parts)

    def score(
        self, texts: list[str], *, completion_ids: Any = None, columns: Mapping[str, Any]
    ) -> list[Scored]:
        per_part = [(_parts(r, texts, completion_ids, columns), r) for r in self.parts]
        out = []
        for i in range(len(texts)):
            components: dict[str, float | None] = {}
            product: float | None = 1.0
            for scored, reward in per_part:
                components.update(_components(reward.name, scored[i]))
                value = scored[i].value
                product = None if value is None or product is None else product * value
            verdict, extracted = _why([s[i] for s, _ in per_part])
            out.append(Scored(product, verdict, extracted, components))
        return out


class Clip(Reward):
    """``reward`` clipped to ``[low, high]`` (either bound may be None)."""

    default_name = "clipped"

    def __init__(
        self, reward: Reward, *, low: float | None = None, high: float | None = None, name: str | None = None
    ) -> None:
        super().__init__(name=name)
        if low is not None and high is not None and low > high:
            raise ValueError(f"clip needs low <= high, got {low} > {high}")
        self.reward, self.low, self.high = reward, low, high

    def score(
        self, texts: list[str], *, completion_ids: Any = None, columns: Mapping[str, Any]
    ) -> list[Scored]:
        out = []
        for s in _parts(self.reward, texts, completion_ids, columns):
            value = s.value
            if value is not None:
                value = max(self.low, value) if self.low is not None else value
                value = min(self.high, value) if self.high is not None else value
            out.append(Scored(value, s.verdict, s.extracted, _components(self.reward.name, s)))
        return out
