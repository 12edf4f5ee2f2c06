"""rewardkit and math-verify called the way a reward function calls them, behind one ``Grader`` shape so the
timing harness treats them alike. Adding a peer: a function returning a ``Grader``."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Grader:
    """``grade(completion, gold) -> raw``; ``correct(raw) -> bool``; ``detail(raw) -> dict`` for reports."""

    name: str
    grade: Callable[[str, str], Any]
    correct: Callable[[Any], bool]
    detail: Callable[[Any], dict[str, Any]] = field(default=lambda raw: {})


def rewardkit_grader() -> Grader:
    from rewardkit import grade

    return Grader(
        name="rewardkit",
        grade=lambda completion, gold: grade(completion, gold=gold),
        correct=lambda r: bool(r.correct),
        detail=lambda r: {
            "verdict": str(r.verdict),
            "extracted": r.extracted,
            "rule": r.rule,
            "detail": r.detail,
        },
    )


def math_verify_grader(latex_gold: bool = False) -> Grader:
    # math-verify logs every parse failure and timeout; that is noise here and costs time.
    logging.getLogger("math_verify").setLevel(logging.CRITICAL)
    from math_verify import parse, verify

    def grade(completion: str, gold: str) -> bool:
        # Its timeouts use signal.alarm, so this must run in the main thread (it does).
        # A bare LaTeX gold goes in "$...$", as its README does: parse("3 \\sqrt{5}") alone reads just 3.
        try:
            return bool(verify(parse(f"${gold}$" if latex_gold else gold), parse(completion)))
        except Exception:
            return False

    return Grader(name="math-verify", grade=grade, correct=bool)
