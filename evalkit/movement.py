"""What changed from the first checkpoint to the last: accuracy per group of problems, and the problems
whose answer turned right or wrong.

A training run can lift one part of a task and leave (or hurt) another; the overall accuracy hides which.
:func:`group_changes` gives every group (``subject``, ``level``, ...) its own first → last accuracy with 95 %
intervals, and :func:`changed_answers` picks the same problems at both ends, so a reader sees what the model
answered before and after.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from evalkit.analysis import Change, accuracy_by_checkpoint, accuracy_changes, checkpoints, group_name
from evalkit.records import natural_key

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["AnswerPair", "GroupChange", "changed_answers", "group_changes"]


@dataclass(frozen=True)
class GroupChange:
    """One group's accuracy at the first and the last checkpoint, under the strict and the flexible policy."""

    group: str
    records_first: int
    records_last: int
    strict: Change
    flexible: Change


def group_changes(df: pd.DataFrame, key: str) -> list[GroupChange]:
    """Per value of ``key`` (natural order), accuracy first → last checkpoint; empty with fewer than two
    checkpoints or without the column. A group missing at either end is left out (nothing to compare)."""
    names = checkpoints(df)
    if len(names) < 2 or key not in df or df[key].isna().all():
        return []
    groups = df[key].map(group_name)
    out = []
    for value in sorted({g for g in groups if isinstance(g, str)}, key=natural_key):
        part = df[groups == value]
        ends = [part[part["checkpoint"] == n] for n in (names[0], names[-1])]
        if any(e.empty for e in ends):
            continue
        # the two ends only: the checkpoints between them are not compared
        rows = accuracy_by_checkpoint(part[part["checkpoint"].isin((names[0], names[-1]))])
        changes = {c.policy: c for c in accuracy_changes(rows)}
        out.append(GroupChange(value, len(ends[0]), len(ends[1]), changes["strict"], changes["flexible"]))
    return out


@dataclass(frozen=True)
class AnswerPair:
    """One problem's first sample at the first and at the last checkpoint."""

    before: dict[str, Any]
    after: dict[str, Any]


def changed_answers(df: pd.DataFrame, n: int, seed: int) -> dict[str, list[AnswerPair]]:
    """Up to ``n`` problems per direction whose first sample (``sample_index`` 0, or the lowest) was wrong
    at the first checkpoint and right at the last (``fixed``), or the other way round (``broken``), under
    the flexible policy; drawn with a fixed seed, in a stable order. Empty with fewer than two checkpoints."""
    names = checkpoints(df)
    if len(names) < 2 or n <= 0:
        return {}
    ends = [_first_samples(df[df["checkpoint"] == name]) for name in (names[0], names[-1])]
    shared = sorted(set(ends[0]) & set(ends[1]))
    out: dict[str, list[AnswerPair]] = {}
    for direction, was, now in (("fixed", False, True), ("broken", True, False)):
        pairs = [
            AnswerPair(ends[0][k], ends[1][k])
            for k in shared
            if bool(ends[0][k].get("correct")) is was and bool(ends[1][k].get("correct")) is now
        ]
        if pairs:
            out[direction] = random.Random(seed).sample(pairs, min(n, len(pairs)))
    return out


def _first_samples(part: pd.DataFrame) -> dict[str, dict[str, Any]]:
    """Problem id (as JSON, so 1 and "1" stay apart) -> its lowest-numbered sample's record."""
    out: dict[str, dict[str, Any]] = {}
    for record in part.to_dict("records"):
        key = json.dumps(record.get("id"), default=str)
        index = record.get("sample_index") or 0
        if key not in out or index < (out[key].get("sample_index") or 0):
            out[key] = record
    return out
