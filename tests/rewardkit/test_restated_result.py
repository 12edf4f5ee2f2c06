"""A closing sentence that restates the result computed just before it, then a number of the question.

``= 34 hours\\] So she spends 34 hours in 4 weeks.`` and ToRA's ``5`` output before ``5 cars drove … in the
first 15 minutes.``: with no marker, the answer is the number the sentence shares with that result, not its
last number. The invariants: the value paid for is always that one result, so a sentence listing many
numbers gains nothing, and a result the sentence does not state is a conflict that is never paid.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

NOUNS = ("cars drove past", "trees stood near", "kids waited for", "stones lay beside", "birds sat on")
numbers = st.integers(min_value=1, max_value=999)


def _sentence(values: list[int]) -> str:
    parts = [f"{v} {NOUNS[i % len(NOUNS)]}" for i, v in enumerate(values[:-1])]
    return "So " + " ".join(parts) + f" {values[-1]} houses."


def _completions(result: int, sentence: str) -> list[str]:
    return [
        f"```python\nprint(total)\n```\n```output\n{result}\n```\n{sentence}",
        f"Adding up, \\[12 + {result} - 12 = {result} \\text{{ cars}}\\] {sentence}",
        f"The total is \\(3 \\times 1 + {result} - 3 = {result}\\).\n\n{sentence}",
    ]


@settings(max_examples=60, deadline=None)
@given(
    result=numbers,
    others=st.lists(numbers, min_size=1, max_size=6),
    at=st.integers(min_value=0, max_value=6),
    gold=numbers,
)
def test_a_restated_result_is_paid_only_for_its_own_value(result, others, at, gold):
    """With the result among the sentence's numbers, the grade is CORRECT exactly when the result is the
    gold, wherever the result stands and however many other numbers the sentence lists."""
    values = list(others)
    values.insert(min(at, len(values)), result)
    for completion in _completions(result, _sentence(values)):
        r = grade(completion, gold=str(gold))
        assert r.correct == (gold == result), (completion, r)


@settings(max_examples=60, deadline=None)
@given(result=numbers, others=st.lists(numbers, min_size=2, max_size=6))
def test_a_sentence_that_does_not_state_the_result_is_never_paid(result, others):
    """The result computed just before is none of the sentence's numbers: the evidence conflicts, and no
    number of the sentence is paid, the last one included."""
    values = [v for v in others if v != result]
    if len(values) < 2:
        return
    for completion in _completions(result, _sentence(values)):
        for gold in {*values, result}:
            r = grade(completion, gold=str(gold))
            assert not r.correct, (completion, gold, r)
            assert r.verdict is Verdict.AMBIGUOUS, (completion, gold, r)


@pytest.mark.parametrize(
    ("completion", "gold", "verdict"),
    [
        # the statement computes its own last number: it is the answer
        ("So 3 + 10 = 13 birds sat on 2 fences.\nSo there are 3 + 10 = 13 birds.", "13", Verdict.CORRECT),
        # a one-number closing sentence is read as before, whatever came before it
        ("```output\n2.5\n```\nSo it takes 3 trucks.", "3", Verdict.CORRECT),
        # a hedge around the restated number is still a hedge
        ("```output\n5\n```\n5 or 6 cars drove through in the first 15 minutes.", "5", Verdict.AMBIGUOUS),
        # a bound is still a bound
        ("```output\n5\n```\nAt least 5 cars drove through in the first 15 minutes.", "5", Verdict.AMBIGUOUS),
    ],
)
def test_restated_result_cases(completion, gold, verdict):
    assert grade(completion, gold=gold).verdict is verdict
