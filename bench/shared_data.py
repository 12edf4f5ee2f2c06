"""Reading what the benchmarks read: the real data under ``../shared/data/`` (in place, never copied) and the
benchmarks' own lists, and picking the seeded subsample that ``--limit`` asks for.

Every script of ``bench/`` benchmarks the checkout it lives in: importing this module puts that checkout
first on ``sys.path``.
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
# Benchmark the checkout this file lives in, not whatever rewardkit happens to be installed.
if str(REPO) not in sys.path[:1]:
    sys.path.insert(0, str(REPO))

DEFAULT_DATA = REPO.parent / "shared" / "data"
GSM8K_SOLUTIONS = DEFAULT_DATA / "gsm8k" / "example_model_solutions.jsonl"
GSM8K_MODELS = ("6b_finetuning", "6b_verification", "175b_finetuning", "175b_verification")


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """Every non-blank line of a trusted data file (``../shared/data``), parsed; no checks."""
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def read_checked_jsonl(
    path: Path, required: tuple[str, ...], **checks: Any
) -> list[tuple[int, dict[str, Any]]]:
    """``(line, record)`` for every record of ``path``, read by :func:`rewardkit.jsonl.read_jsonl` with
    ``required`` fields and its other ``checks`` (``strings=``, ``golds=``); the first bad line raises a
    :class:`~rewardkit.errors.DataError` that names the file, the line and the field."""
    from rewardkit.errors import DataError
    from rewardkit.jsonl import read_jsonl as read_records

    records, errors = read_records(path, required=required, **checks)
    if errors:
        first = errors[0]
        raise DataError(first.message, path=str(path), line=first.line, field=first.field)
    return [(r.line, r.data) for r in records]


def subsample(n: int, limit: int | None, seed: int) -> list[int]:
    """Indices of the items to run: all of them, or a seeded random ``limit`` of them in their order.

    >>> subsample(5, None, 0), subsample(5, 9, 0)
    ([0, 1, 2, 3, 4], [0, 1, 2, 3, 4])
    >>> picked = subsample(1000, 3, seed=7)
    >>> picked == sorted(picked) and len(set(picked)) == 3 and picked == subsample(1000, 3, seed=7)
    True
    """
    if limit is None or limit >= n:
        return list(range(n))
    return sorted(random.Random(seed).sample(range(n), limit))


@dataclass(frozen=True)
class GSM8KQuestion:
    """One line of ``gsm8k/example_model_solutions.jsonl``: a GSM8K test question, its rationale gold split at
    the last ``A:`` (``final`` is the answer, e.g. ``18``, ``5,600``, ``-10``), and each model's solution with
    the data set's ``is_correct`` label, keyed by :data:`GSM8K_MODELS`."""

    question: str
    rationale: str
    final: str
    solutions: dict[str, str]
    is_correct: dict[str, bool]


def read_gsm8k_solutions(path: Path = GSM8K_SOLUTIONS) -> list[GSM8KQuestion]:
    """The questions of ``example_model_solutions.jsonl`` in file order (1319 in the shipped file)."""
    questions = []
    for rec in read_jsonl(path):
        rationale, _, final = rec["ground_truth"].rpartition("A:")
        questions.append(
            GSM8KQuestion(
                question=rec["question"],
                rationale=rationale.rstrip(),
                final=final.strip(),
                solutions={m: rec[m]["solution"] for m in GSM8K_MODELS},
                is_correct={m: bool(rec[m]["is_correct"]) for m in GSM8K_MODELS},
            )
        )
    return questions
