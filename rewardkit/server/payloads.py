"""Request bodies in, response bodies out, for the three POST endpoints; every rejection names the field.

>>> parse_grade({"items": [{"completion": "The answer is 4.", "gold": 4}]})
[GradeItem(completion='The answer is 4.', gold='4', policy='flexible', finished=None, decimals=None)]
>>> parse_grade({"items": [{"completion": "4", "gold": True}]})
Traceback (most recent call last):
...
rewardkit.server.payloads.PayloadError: items[0].gold: a gold is a string or a finite number, got true
>>> strip_prompt("Q: 2+2? A: 4", "Q: 2+2?"), strip_prompt("4", "Q: 2+2?")
(' A: 4', '4')
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rewardkit.equivalence import MAX_DECIMALS
from rewardkit.jsonl import gold_text
from rewardkit.rewards.base import Scored
from rewardkit.types import POLICIES, GradeResult

__all__ = [
    "GradeItem",
    "PayloadError",
    "RewardBatch",
    "grade_response",
    "openrlhf_response",
    "parse_grade",
    "parse_openrlhf",
    "parse_score",
    "score_response",
    "strip_prompt",
]


class PayloadError(ValueError):
    """A request body that does not follow its endpoint's contract; ``field`` is the JSON path at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field


@dataclass(frozen=True)
class GradeItem:
    completion: str
    gold: str
    policy: str = "flexible"
    finished: bool | None = None
    decimals: int | None = None  # grade's option: answers rounded to that many places


@dataclass(frozen=True)
class RewardBatch:
    """What a reward is called with: completions, their golds, and the prompts when the client sent them."""

    completions: list[str]
    golds: list[str]
    prompts: list[str] | None = None


def _shown(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _object(body: Any) -> dict[str, Any]:
    if not isinstance(body, dict):
        raise PayloadError("", f"the body must be a JSON object, got {_shown(body)}")
    return body


def _list(body: dict[str, Any], key: str, *, required: bool = True) -> list[Any] | None:
    if key not in body:
        if required:
            raise PayloadError(key, "missing")
        return None
    value = body[key]
    if not isinstance(value, list):
        raise PayloadError(key, f"must be an array, got {_shown(value)}")
    return value


def _strings(values: list[Any], key: str) -> list[str]:
    for i, v in enumerate(values):
        if not isinstance(v, str):
            raise PayloadError(f"{key}[{i}]", f"must be a string, got {_shown(v)}")
    return values


def _golds(values: list[Any], key: str) -> list[str]:
    return [_gold(v, f"{key}[{i}]") for i, v in enumerate(values)]


def _gold(value: Any, field: str) -> str:
    gold = gold_text(value)
    if gold is None:
        raise PayloadError(field, f"a gold is a string or a finite number, got {_shown(value)}")
    return gold


def _same_length(body: dict[str, Any], first: str, *others: str) -> None:
    n = len(body[first])
    for key in others:
        if key in body and body[key] is not None and len(body[key]) != n:
            raise PayloadError(key, f"has {len(body[key])} entries for {n} in {first}")


def parse_grade(body: Any) -> list[GradeItem]:
    """``{"items": [{"completion", "gold", "policy"?, "finished"?, "decimals"?}, ...]}`` → the items."""
    items = _list(_object(body), "items")
    assert items is not None
    out = []
    for i, item in enumerate(items):
        where = f"items[{i}]"
        if not isinstance(item, dict):
            raise PayloadError(where, f"must be an object, got {_shown(item)}")
        for key in ("completion", "gold"):
            if key not in item:
                raise PayloadError(f"{where}.{key}", "missing")
        if not isinstance(item["completion"], str):
            raise PayloadError(f"{where}.completion", f"must be a string, got {_shown(item['completion'])}")
        policy = item.get("policy", "flexible")
        if policy not in POLICIES:
            raise PayloadError(
                f"{where}.policy", f"must be one of {', '.join(POLICIES)}, got {_shown(policy)}"
            )
        finished = item.get("finished")
        if not (finished is None or isinstance(finished, bool)):
            raise PayloadError(f"{where}.finished", f"must be true, false or null, got {_shown(finished)}")
        decimals = item.get("decimals")
        if decimals is not None and (
            isinstance(decimals, bool) or not isinstance(decimals, int) or not 0 <= decimals <= MAX_DECIMALS
        ):
            raise PayloadError(
                f"{where}.decimals",
                f"must be a whole number from 0 to {MAX_DECIMALS} or null, got {_shown(decimals)}",
            )
        gold = _gold(item["gold"], f"{where}.gold")
        out.append(GradeItem(item["completion"], gold, policy, finished, decimals))
    return out


def parse_score(body: Any) -> RewardBatch:
    """``{"completions": [...], "golds": [...], "prompts"?: [...]}`` → the batch."""
    body = _object(body)
    completions = _strings(_list(body, "completions") or [], "completions")
    golds = _golds(_list(body, "golds") or [], "golds")
    prompts = _list(body, "prompts", required=False)
    _same_length(body, "completions", "golds", "prompts")
    return RewardBatch(completions, golds, None if prompts is None else _strings(prompts, "prompts"))


def strip_prompt(query: str, prompt: str) -> str:
    """The completion inside an OpenRLHF query: the query with its prompt removed from the front (a query
    that does not start with its prompt is the completion already)."""
    return query[len(prompt) :] if prompt and query.startswith(prompt) else query


def parse_openrlhf(body: Any) -> RewardBatch:
    """OpenRLHF's ``{"query": [...], "prompts": [...], "labels": [...]}`` → the batch (labels are golds)."""
    body = _object(body)
    queries = _strings(_list(body, "query") or [], "query")
    prompts = _strings(_list(body, "prompts") or [], "prompts")
    labels = _golds(_list(body, "labels") or [], "labels")
    _same_length(body, "query", "prompts", "labels")
    return RewardBatch([strip_prompt(q, p) for q, p in zip(queries, prompts, strict=True)], labels, prompts)


def grade_response(results: Sequence[GradeResult]) -> dict[str, Any]:
    return {"results": [r.to_dict() for r in results]}


def _components(scored: Sequence[Scored]) -> dict[str, list[float | None]]:
    names = sorted({name for s in scored for name in s.components})
    return {name: [s.components.get(name) for s in scored] for name in names}


def score_response(scored: Sequence[Scored]) -> dict[str, Any]:
    """``rewards`` (None where the reward does not apply, e.g. a gold that cannot be parsed), one result per
    item (value, verdict, extracted answer, components), and each component across the batch."""
    results = [
        {"reward": s.value, "verdict": s.verdict, "extracted": s.extracted, "components": dict(s.components)}
        for s in scored
    ]
    return {"rewards": [s.value for s in scored], "results": results, "components": _components(scored)}


def openrlhf_response(scored: Sequence[Scored]) -> dict[str, Any]:
    """OpenRLHF's answer: ``rewards`` and ``scores`` are tensors on its side, so a reward that does not apply
    is sent as 0.0 and flagged per item in ``extra_logs["not_applicable"]`` (OpenRLHF logs every
    ``extra_logs`` entry, one number per sample), with each component the same way."""
    values = [0.0 if s.value is None else s.value for s in scored]
    extra: dict[str, list[float]] = {"not_applicable": [float(s.value is None) for s in scored]}
    for name, column in _components(scored).items():
        extra[name] = [0.0 if v is None else v for v in column]
    return {"rewards": values, "scores": list(values), "extra_logs": extra}
