"""Trajectory statistics for agentic runs: does the policy call its tools, and does calling them pay off?

Reads ``trajectories.jsonl`` as the agentic recipe writes it (one JSON object per episode; see
``runners/agentic.py``): ``phase`` (``"train"``, ``"before"``, ``"after"``), ``step``, ``steps`` (each with
``kind``, ``tool``, ``ok``, ``reward``), ``return``, ``verdict``, ``correct``, ``tool_calls``,
``tool_failures``, ``invalid_calls``, ``called_tool_before_answer``.

For each phase :func:`summarize_trajectories` gives how often the tool is called before the answer, accuracy
with and without a tool call (with Wilson intervals: a handful of episodes proves little), tool failure and
invalid-call rates, steps per episode, the return distribution, and for training episodes the same rates per
training step (the tool-call-rate curve). Where episodes carry a problem ``part`` (the calculator's mixed
task: ``"easy"`` problems the policy can answer itself, ``"hard"`` ones it cannot), :func:`summarize_parts`
gives the same per part: the tool pays *when* accuracy with a call beats accuracy without one on the hard
part.

>>> episodes = [
...     {"phase": "before", "correct": False, "tool_calls": 0, "called_tool_before_answer": False,
...      "return": 0.0, "steps": [{"kind": "final_answer"}]},
...     {"phase": "after", "correct": True, "tool_calls": 1, "called_tool_before_answer": True,
...      "return": 1.0, "steps": [{"kind": "tool_call"}, {"kind": "observation"}, {"kind": "final_answer"}]},
... ]
>>> s = summarize_trajectories(episodes)
>>> s["before"]["tool_call_rate"], s["after"]["tool_call_rate"], s["after"]["accuracy_with_tool"]
(0.0, 1.0, 1.0)
"""

from __future__ import annotations

import math
import os
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from evalkit.metrics import wilson_interval
from rewardkit.jsonl import LineError, iter_jsonl

__all__ = [
    "TRAJECTORIES_FILE",
    "find_trajectories",
    "load_trajectories",
    "part_table",
    "render_parts_markdown",
    "render_trajectories_markdown",
    "summarize_parts",
    "summarize_trajectories",
]

TRAJECTORIES_FILE = "trajectories.jsonl"
PHASE_ORDER = ("before", "train", "after")


def find_trajectories(run_dir: str | os.PathLike[str]) -> list[Path]:
    """Every ``trajectories.jsonl`` under ``run_dir`` (or ``run_dir`` itself when it is the file)."""
    root = Path(run_dir)
    if root.is_file():
        return [root]
    return sorted(root.rglob(TRAJECTORIES_FILE))


def load_trajectories(path: str | os.PathLike[str]) -> tuple[list[dict[str, Any]], list[str]]:
    """The episodes of one file and the problems found (``FILE:LINE: why``); bad lines are skipped, so a
    run killed mid-line still reports everything before it."""
    episodes: list[dict[str, Any]] = []
    problems: list[str] = []
    # the reader of every JSONL input: a damaged line (not JSON, a number past Python's int/str limit,
    # nesting too deep to read, bytes that are not UTF-8) is one ``FILE:LINE:`` problem, never a traceback
    for item in iter_jsonl(path):
        if isinstance(item, LineError):
            problems.append(str(item))
            continue
        if not isinstance(item.data.get("steps", []), list):
            problems.append(f"{path}:{item.line}: field 'steps' must be a list")
            continue
        episodes.append(item.data)
    return episodes, problems


def _rate(hits: int, total: int) -> float | None:
    return hits / total if total else None


def _interval(hits: int, total: int) -> list[float] | None:
    return list(wilson_interval(hits, total)) if total else None


def _quantiles(values: Sequence[float]) -> dict[str, float] | None:
    if not values:
        return None
    ordered = sorted(values)

    def at(q: float) -> float:
        # linear interpolation between closest ranks, as numpy's default
        position = q * (len(ordered) - 1)
        low, high = math.floor(position), math.ceil(position)
        return ordered[low] + (ordered[high] - ordered[low]) * (position - low)

    return {
        "min": ordered[0],
        "p25": at(0.25),
        "median": at(0.5),
        "p75": at(0.75),
        "max": ordered[-1],
        "mean": math.fsum(ordered) / len(ordered),
    }


def _histogram(values: Sequence[float], bins: int = 10) -> dict[str, list[float] | list[int]] | None:
    if not values:
        return None
    low, high = min(values), max(values)
    if high == low:
        return {"edges": [low, high], "counts": [len(values)]}
    width = (high - low) / bins
    counts = [0] * bins
    for v in values:
        counts[min(int((v - low) / width), bins - 1)] += 1
    return {"edges": [low + i * width for i in range(bins + 1)], "counts": counts}


def _block(episodes: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    n = len(episodes)
    called = [e for e in episodes if e.get("called_tool_before_answer") or (e.get("tool_calls") or 0) > 0]
    direct = [e for e in episodes if e not in called]
    correct = sum(bool(e.get("correct")) for e in episodes)
    correct_called = sum(bool(e.get("correct")) for e in called)
    correct_direct = sum(bool(e.get("correct")) for e in direct)
    before_answer = sum(bool(e.get("called_tool_before_answer")) for e in episodes)
    calls = sum(int(e.get("tool_calls") or 0) for e in episodes)
    failures = sum(int(e.get("tool_failures") or 0) for e in episodes)
    invalid = sum(int(e.get("invalid_calls") or 0) for e in episodes)
    returns = [float(e["return"]) for e in episodes if isinstance(e.get("return"), (int, float))]
    verdicts: dict[str, int] = defaultdict(int)
    for e in episodes:
        verdicts[str(e.get("verdict") or "UNKNOWN")] += 1
    return {
        "episodes": n,
        "accuracy": _rate(correct, n),
        "accuracy_ci": _interval(correct, n),
        "tool_call_rate": _rate(len(called), n),
        "tool_call_rate_ci": _interval(len(called), n),
        "tool_before_answer_rate": _rate(before_answer, n),
        "accuracy_with_tool": _rate(correct_called, len(called)),
        "accuracy_with_tool_ci": _interval(correct_called, len(called)),
        "accuracy_without_tool": _rate(correct_direct, len(direct)),
        "accuracy_without_tool_ci": _interval(correct_direct, len(direct)),
        "episodes_with_tool": len(called),
        "tool_calls": calls,
        "calls_per_episode": _rate(calls, n),
        "tool_failure_rate": _rate(failures, calls),
        "invalid_call_rate": _rate(invalid, calls + invalid),
        "steps_per_episode": _rate(sum(len(e.get("steps") or []) for e in episodes), n),
        "returns": _quantiles(returns),
        "return_histogram": _histogram(returns),
        "verdicts": dict(sorted(verdicts.items())),
    }


def _step_key(step: Any) -> tuple[int, Any]:
    return (0, step) if isinstance(step, (int, float)) and not isinstance(step, bool) else (1, str(step))


def summarize_trajectories(episodes: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Statistics per phase (``before``, ``train``, ``after``, in that order), plus ``curve``: for training
    episodes, per training step, the tool-call rate, accuracy and mean return."""
    by_phase: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for e in episodes:
        by_phase[str(e.get("phase") or "train")].append(e)
    phases = sorted(
        by_phase, key=lambda p: (PHASE_ORDER.index(p) if p in PHASE_ORDER else len(PHASE_ORDER), p)
    )
    summary: dict[str, Any] = {p: _block(by_phase[p]) for p in phases}
    by_step: dict[Any, list[Mapping[str, Any]]] = defaultdict(list)
    for e in by_phase.get("train", []):
        by_step[e.get("step")].append(e)
    curve = []
    for step in sorted(by_step, key=_step_key):
        block = _block(by_step[step])
        curve.append(
            {
                "step": step,
                "episodes": block["episodes"],
                "tool_call_rate": block["tool_call_rate"],
                "accuracy": block["accuracy"],
                "mean_return": (block["returns"] or {}).get("mean"),
            }
        )
    summary["curve"] = curve
    return summary


def summarize_parts(episodes: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """:func:`summarize_trajectories` per problem ``part``, in name order; episodes without one are left
    out (an empty dict when none has a part).

    >>> parts = summarize_parts([
    ...     {"phase": "after", "part": "easy", "correct": True, "tool_calls": 0, "steps": []},
    ...     {"phase": "after", "part": "hard", "correct": True, "tool_calls": 1, "steps": []},
    ...     {"phase": "after", "part": "hard", "correct": False, "tool_calls": 0, "steps": []},
    ... ])
    >>> {p: (s["after"]["tool_call_rate"], s["after"]["accuracy_with_tool"]) for p, s in parts.items()}
    {'easy': (0.0, None), 'hard': (0.5, 1.0)}
    """
    by_part: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for e in episodes:
        if isinstance(e.get("part"), str):
            by_part[e["part"]].append(e)
    return {part: summarize_trajectories(by_part[part]) for part in sorted(by_part)}


def _pct(value: Any) -> str:
    return "–" if value is None else f"{100 * value:.1f}%"


def _pct_ci(value: Any, ci: Any) -> str:
    if value is None:
        return "–"
    return f"{100 * value:.1f}% [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]" if ci else _pct(value)


def _num(value: Any, digits: int = 2) -> str:
    return "–" if value is None else f"{value:.{digits}f}"


_PART_ROWS = (
    "episodes",
    "accuracy [95% CI]",
    "called a tool [95% CI]",
    "accuracy with a tool call",
    "accuracy without a tool call",
)


def part_table(summary: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    """(header, rows) of one part's table: tool use and accuracy with and without a call, one column per
    phase (``summary`` is one value of :func:`summarize_parts`)."""
    phases = {k: v for k, v in summary.items() if k != "curve"}
    lines = render_trajectories_markdown(phases).strip().splitlines()
    cells = [[c.strip() for c in line.strip("|").split("|")] for line in lines]
    return cells[0], [row for row in cells[2:] if row[0] in _PART_ROWS]


def render_parts_markdown(parts: Mapping[str, Mapping[str, Any]]) -> str:
    """One table per problem part (from :func:`summarize_parts`), under the part's name in bold."""
    out = []
    for part, summary in parts.items():
        header, rows = part_table(summary)
        lines = ["| " + " | ".join(header) + " |", "|---|" + "---:|" * (len(header) - 1)]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        out.append(f"**{part}**\n\n" + "\n".join(lines) + "\n")
    return "\n".join(out)


def render_trajectories_markdown(summary: Mapping[str, Any]) -> str:
    """The trajectory section of a report, as Markdown: a table with one column per phase."""
    phases = [p for p in summary if p != "curve"]
    if not phases:
        return ""
    rows = [
        ("episodes", lambda b: str(b["episodes"])),
        ("accuracy [95% CI]", lambda b: _pct_ci(b["accuracy"], b["accuracy_ci"])),
        ("called a tool [95% CI]", lambda b: _pct_ci(b["tool_call_rate"], b["tool_call_rate_ci"])),
        ("tool called before the answer", lambda b: _pct(b["tool_before_answer_rate"])),
        (
            "accuracy with a tool call",
            lambda b: (
                _pct_ci(b["accuracy_with_tool"], b["accuracy_with_tool_ci"])
                + f" (n={b['episodes_with_tool']})"
            ),
        ),
        (
            "accuracy without a tool call",
            lambda b: (
                _pct_ci(b["accuracy_without_tool"], b["accuracy_without_tool_ci"])
                + f" (n={b['episodes'] - b['episodes_with_tool']})"
            ),
        ),
        ("tool calls per episode", lambda b: _num(b["calls_per_episode"])),
        ("tool failure rate", lambda b: _pct(b["tool_failure_rate"])),
        ("invalid call rate", lambda b: _pct(b["invalid_call_rate"])),
        ("steps per episode", lambda b: _num(b["steps_per_episode"], 1)),
        (
            "return median [p25, p75]",
            lambda b: (
                "–"
                if not b["returns"]
                else f"{b['returns']['median']:.2f} [{b['returns']['p25']:.2f}, {b['returns']['p75']:.2f}]"
            ),
        ),
    ]
    lines = ["| metric | " + " | ".join(phases) + " |", "|---|" + "---:|" * len(phases)]
    for label, cell in rows:
        lines.append(f"| {label} | " + " | ".join(cell(summary[p]) for p in phases) + " |")
    curve = summary.get("curve") or []
    if curve:
        lines += [
            "",
            "| training step | episodes | called a tool | accuracy | mean return |",
            "|---:|---:|---:|---:|---:|",
        ]
        for point in curve:
            lines.append(
                f"| {point['step']} | {point['episodes']} | {_pct(point['tool_call_rate'])} | "
                f"{_pct(point['accuracy'])} | {_num(point['mean_return'])} |"
            )
    return "\n".join(lines) + "\n"
