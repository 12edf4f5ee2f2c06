"""Grade ``score``'s items a chunk at a time: the one grading step that local ``score`` and the Ray actors of
``score --engine ray`` share, so both give the same result for the same line."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rewardkit.jsonl import Record
    from rewardkit.types import GradeResult

__all__ = ["ScoreItem", "grade_items", "result_fields"]


class ScoreItem:
    """One valid input line of ``score``: the record as read and what grading needs of it."""

    __slots__ = ("choices", "completion", "finished", "gold", "record")

    def __init__(
        self, record: Record, completion: str, gold: str, finished: bool | None, choices: Any
    ) -> None:
        self.record = record  # as read: the output line keeps every input field as it was, a numeric gold too
        self.completion = completion
        self.gold = gold
        self.finished = finished
        self.choices = choices


def grade_items(items: Sequence[ScoreItem], args: argparse.Namespace) -> list[GradeResult]:
    """Grade one chunk: one grade_many call per choices group, results in input order."""
    from rewardkit import grade_many

    results: list[Any] = [None] * len(items)
    extra: dict[str, Any] = {"workers": args.workers, "policy": args.policy}
    if args.timeout is not None:
        extra["timeout_s"] = args.timeout
    if getattr(args, "decimals", None) is not None:
        extra["decimals"] = args.decimals
    groups: dict[Any, list[int]] = {}
    for i, item in enumerate(items):
        groups.setdefault(item.choices, []).append(i)
    for choices, idx in groups.items():
        options = dict(extra)
        flags = [items[i].finished for i in idx]
        if any(f is not None for f in flags):
            options["finished"] = flags
        if choices is not None:
            options["choices"] = choices
        graded = grade_many(
            [items[i].completion for i in idx],
            [items[i].gold for i in idx],
            **options,
        )
        if len(graded) != len(idx):  # the contract says this cannot happen; never misalign rows
            raise RuntimeError(f"grade_many returned {len(graded)} results for {len(idx)} inputs")
        for i, r in zip(idx, graded, strict=True):
            results[i] = r
    return results


def result_fields(r: GradeResult) -> dict[str, Any]:
    """The fields a scored line gains, in the order they are written."""
    return {
        "correct": r.correct,
        "verdict": r.verdict.value,
        "extracted": r.extracted,
        "rule": r.rule,
        "match": r.match,
        "detail": r.detail,
    }
