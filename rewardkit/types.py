"""Result types shared by every part of rewardkit: verdicts, extracted answers, grade results.

These are plain frozen dataclasses and a str-valued enum so that they serialise to JSON without
help and compare by value. Nothing here imports sympy: parsed values are carried as their canonical
text so a result stays cheap to build, pickle and log.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal

Policy = Literal["flexible", "strict"]
POLICIES: tuple[Policy, ...] = ("flexible", "strict")


class Verdict(str, Enum):
    """Why a completion got the score it got. The error analysis is built on these values.

    >>> Verdict.WRONG.category, Verdict.AMBIGUOUS.category, Verdict.TIMEOUT.category
    ('reasoning_error', 'ambiguous', 'grader_problem')
    >>> CATEGORY_LABELS[Verdict.GOLD_INVALID.category]
    'data problem'
    >>> Verdict("CORRECT") is Verdict.CORRECT
    True
    """

    CORRECT = "CORRECT"
    WRONG = "WRONG"
    NO_ANSWER = "NO_ANSWER"
    UNPARSEABLE = "UNPARSEABLE"
    FORMAT = "FORMAT"
    AMBIGUOUS = "AMBIGUOUS"
    TRUNCATED = "TRUNCATED"
    GOLD_INVALID = "GOLD_INVALID"
    TIMEOUT = "TIMEOUT"
    ERROR = "ERROR"

    def __str__(self) -> str:
        return self.value

    @property
    def category(self) -> str:
        """The error-analysis category of DESIGN.md's taxonomy (one of :data:`CATEGORIES`)."""
        return _CATEGORY[self]

    @property
    def scored(self) -> bool:
        """False for verdicts that say nothing about the model (bad gold, grader budget or failure)."""
        return self not in (Verdict.GOLD_INVALID, Verdict.TIMEOUT, Verdict.ERROR)


# The error-analysis categories, in the order reports list them, and their human labels. Hedging
# (AMBIGUOUS) is its own category: a hedge is a different problem to fix than a missing marker, and a
# reward that pays hedges is being hacked.
CATEGORIES: tuple[str, ...] = (
    "correct",
    "reasoning_error",
    "extraction_failure",
    "format_error",
    "truncated",
    "ambiguous",
    "data_problem",
    "grader_problem",
)

CATEGORY_LABELS: dict[str, str] = {
    "correct": "correct",
    "reasoning_error": "reasoning error",
    "extraction_failure": "extraction failure",
    "format_error": "format error",
    "truncated": "truncated",
    "ambiguous": "ambiguous (hedging)",
    "data_problem": "data problem",
    "grader_problem": "grader problem",
}

_CATEGORY = {
    Verdict.CORRECT: "correct",
    Verdict.WRONG: "reasoning_error",
    Verdict.NO_ANSWER: "extraction_failure",
    Verdict.UNPARSEABLE: "extraction_failure",
    Verdict.FORMAT: "format_error",
    Verdict.AMBIGUOUS: "ambiguous",
    Verdict.TRUNCATED: "truncated",
    Verdict.GOLD_INVALID: "data_problem",
    Verdict.TIMEOUT: "grader_problem",
    Verdict.ERROR: "grader_problem",
}


@dataclass(frozen=True)
class Answer:
    """An answer span found in a completion.

    ``rule`` names the extraction rule that found it ("boxed", "final_answer", "answer_is", "hashes",
    "answer_colon", "a_colon", "answer_heading", "answer_tag", "choice", "last_number", "last_math",
    "restated_result", "labelled_total", "compared_value", "whole_completion", "correction",
    "printed_output", "parts").
    ``lenient`` marks rules that only the flexible policy accepts. ``start``/``end`` index the original
    completion text.
    """

    text: str
    rule: str
    start: int
    end: int
    lenient: bool = False


@dataclass(frozen=True)
class GradeResult:
    """Everything a report needs to say why a completion got its score.

    ``correct`` is the only field a reward should read. ``verdict`` is under the policy the caller
    asked for; ``lenient`` records whether the answer came from a rule only the flexible policy
    accepts, so one result can be reported under both policies (see :meth:`under`).
    """

    correct: bool
    verdict: Verdict
    extracted: str | None = None
    rule: str | None = None
    gold: str = ""
    gold_parsed: str | None = None
    extracted_parsed: str | None = None
    match: str | None = None
    lenient: bool = False
    policy: Policy = "flexible"
    detail: str = ""
    span: tuple[int, int] | None = None
    elapsed_s: float = 0.0

    def under(self, policy: Policy) -> GradeResult:
        """The same judgement under another policy.

        Strict demands an anchored answer: a CORRECT or WRONG reached through a lenient rule becomes
        FORMAT. Going back to flexible restores the comparison's verdict, which a strict FORMAT result
        still carries in ``lenient`` and ``match``.

        >>> r = GradeResult(True, Verdict.CORRECT, rule="last_number", match="exact", lenient=True)
        >>> r.under("strict").verdict
        <Verdict.FORMAT: 'FORMAT'>
        >>> r.under("strict").under("flexible").verdict
        <Verdict.CORRECT: 'CORRECT'>
        """
        if policy == self.policy:
            return self
        if policy not in POLICIES:
            raise ValueError(f"policy must be one of {POLICIES}, got {policy!r}")
        judged = self.judged_verdict
        if policy == "strict" and self.lenient and judged in (Verdict.CORRECT, Verdict.WRONG):
            return dataclasses.replace(self, correct=False, verdict=Verdict.FORMAT, policy=policy)
        return dataclasses.replace(self, correct=judged is Verdict.CORRECT, verdict=judged, policy=policy)

    @property
    def judged_verdict(self) -> Verdict:
        """The verdict of the comparison itself, before the policy is applied."""
        if self.verdict is Verdict.FORMAT and self.lenient and self.match is not None:
            return Verdict.CORRECT if self.match != "mismatch" else Verdict.WRONG
        return self.verdict

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (verdict as its string value)."""
        d = dataclasses.asdict(self)
        d["verdict"] = self.verdict.value
        d["span"] = list(self.span) if self.span is not None else None
        return d
