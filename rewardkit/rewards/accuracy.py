"""Rewards that grade the answer: accuracy and the step bonus (paid only when correct), and the grading
they share with every reward that reads a gold (:class:`GradedReward`).

The seed's formulas, exactly:

* accuracy: ``r_acc`` is 1 for a CORRECT verdict, 0 otherwise, ``None`` when the gold cannot be read.
* step reward: ``r_acc + β·s`` with ``s`` the number of reasoning steps (capped), only when correct.

(The seed's length penalty, also paid only when correct, lives with the other length rewards in
:mod:`rewardkit.rewards.length`.)

>>> StepReward(beta=0.1, cap=3)(completions=["1. 2+2=4\\n#### 4", "#### 5"], answer=["4", "4"])
[1.1, 0.0]
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rewardkit.equivalence import check_decimals
from rewardkit.grade import DEFAULT_TIMEOUT_S, grade_many
from rewardkit.lazy_regex import lazy_compile
from rewardkit.rewards.base import Reward, Scored, column
from rewardkit.rewards.component_logs import reward_key
from rewardkit.types import GradeResult, Policy, Verdict

# Verdicts that say nothing about the completion: the reward is None ("not applicable"), never 0 or 1.
_NOT_APPLICABLE = frozenset({Verdict.GOLD_INVALID, Verdict.TIMEOUT, Verdict.ERROR})


def gold_for(value: Any) -> str:
    """A gold column entry as the string ``grade`` reads (numbers from JSON/Arrow columns included).

    >>> gold_for(72), gold_for(2.5), gold_for("She has 7.\\n#### 7")
    ('72', '2.5', 'She has 7.\\n#### 7')
    """
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None:
        return ""  # a missing gold is GOLD_INVALID, never True/False read as 1/0
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class GradedReward(Reward):
    """Shared part of the rewards that grade: reads the gold column, grades the batch, keeps the results.

    ``gold_key``: the dataset column with the gold answer. ``policy``: "flexible" or "strict" (strict pays
    only anchored answers: a marker or a box). ``max_tokens``: the generation limit; with ``completion_ids``
    a completion that used all of it is unfinished, so one with no committed answer is TRUNCATED (0).
    ``workers``: grade in that many processes (``grade_many``). ``timeout_s``: per-item hard budget.
    ``decimals``: the task asks for answers rounded to that many decimal places (``grade``'s option: a decimal
    answer that rounds as the gold does is CORRECT); None (default) compares decimals as written.

    >>> AccuracyReward(decimals=2)(completions=["#### 0.33", "#### 0.3"], answer=["\\frac{1}{3}"] * 2)
    [1.0, 0.0]
    """

    def __init__(
        self,
        *,
        gold_key: str = "answer",
        policy: Policy = "flexible",
        max_tokens: int | None = None,
        workers: int = 1,
        timeout_s: float = DEFAULT_TIMEOUT_S,
        decimals: int | None = None,
        name: str | None = None,
    ) -> None:
        super().__init__(name=name)
        self.gold_key = gold_key
        self.policy: Policy = policy
        self.max_tokens = max_tokens
        self.workers = workers
        self.timeout_s = timeout_s
        self.decimals = check_decimals(decimals)  # a bad value fails when the reward is built, not mid-run

    def grade(
        self, texts: list[str], completion_ids: Sequence[Sequence[int]] | None, columns: Mapping[str, Any]
    ) -> list[GradeResult]:
        golds = [gold_for(g) for g in column(columns, self.gold_key, len(texts), reward=self.name)]
        finished: list[bool | None] | None = None
        if self.max_tokens is not None and completion_ids is not None:
            finished = [len(ids) < self.max_tokens for ids in completion_ids]
        results = grade_many(
            texts,
            golds,
            workers=self.workers,
            timeout_s=self.timeout_s,
            policy=self.policy,
            finished=finished,
            decimals=self.decimals,
        )
        log_metric = columns.get("log_metric")
        if log_metric is not None and results:
            for verdict in (Verdict.GOLD_INVALID, Verdict.TIMEOUT, Verdict.ERROR):
                count = sum(r.verdict is verdict for r in results)
                if count:
                    log_metric(reward_key(self.name, f"{verdict.value.lower()}_frac"), count / len(results))
        return results

    def score(
        self,
        texts: list[str],
        *,
        completion_ids: Sequence[Sequence[int]] | None = None,
        columns: Mapping[str, Any],
    ) -> list[Scored]:
        results = self.grade(texts, completion_ids, columns)
        lengths = self.lengths(texts, completion_ids)
        out = []
        for i, r in enumerate(results):
            if r.verdict in _NOT_APPLICABLE:
                out.append(Scored(None, r.verdict.value, r.extracted))
                continue
            value = self.value(1.0 if r.correct else 0.0, texts[i], lengths[i] if lengths else None)
            out.append(Scored(value, r.verdict.value, r.extracted))
        return out

    def lengths(self, texts: list[str], completion_ids: Sequence[Sequence[int]] | None) -> list[int] | None:
        return None

    def value(self, accuracy: float, text: str, length: int | None) -> float:
        return accuracy


class AccuracyReward(GradedReward):
    """1.0 for a CORRECT answer, 0.0 otherwise, ``None`` for a gold that cannot be read (or a grader
    timeout/error): counted and logged as ``rewards/<name>/gold_invalid_frac``, never a fake score.

    >>> AccuracyReward()(completions=["The answer is 18.", "I got 17."], answer=["18", "18"])
    [1.0, 0.0]
    """

    default_name = "accuracy"


# Reasoning steps: numbered or bulleted lines, "Step 3:" headings, and lines that compute something (an
# equals sign with a digit on each side). Blank lines and plain prose lines are not steps, so padding a
# completion with newlines earns nothing. The equation test reads "a digit, later an '=', later a digit"
# as: up to the first digit, up to the next '=', then any digit: one way to match, so linear time (the
# spelling ".*\d.*=.*\d" backtracks cubically: a 1,600-character line of digits and '=' took minutes).
_STEP_LINE = lazy_compile(r"^\s*(?:step\s*\d+\b|\d{1,3}[.)]\s|[-*•]\s+\S)|^\D*\d[^=]*=.*\d", re.IGNORECASE)


def count_steps(text: str) -> int:
    """Number of distinct reasoning steps in a completion (a step line repeated counts once, so padding
    a correct answer with copies of one equation earns nothing).

    >>> count_steps("Step 1: 3 + 4 = 7\\n\\n\\n- then 7 * 2 = 14\\n- then 7 * 2 = 14\\nSo the answer is 14.")
    2
    """
    return len({" ".join(line.split()) for line in text.splitlines() if _STEP_LINE.match(line)})


class StepReward(GradedReward):
    """``r_acc + β·min(s, cap)`` for correct answers, 0 for the rest: steps are never paid to a wrong answer.

    ``s`` is :func:`count_steps` (numbered or bulleted steps, equation lines; not raw newlines).

    >>> StepReward(beta=0.1, cap=3)(completions=["1. 2+2=4\\n2. 4*2=8\\n#### 8"], answer=["8"])
    [1.2]
    """

    default_name = "step"

    def __init__(self, *, beta: float = 0.1, cap: int = 10, **options: Any) -> None:
        super().__init__(**options)
        if beta < 0 or cap < 0:
            raise ValueError(f"step needs beta >= 0 and cap >= 0, got {beta}, {cap}")
        self.beta, self.cap = beta, cap

    def value(self, accuracy: float, text: str, length: int | None) -> float:
        if not accuracy:
            return 0.0
        return round(accuracy + self.beta * min(count_steps(text), self.cap), 12)
