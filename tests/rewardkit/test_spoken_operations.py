"""Properties of arithmetic said in words (``rewardkit/spoken_operations.py``): a number that is an operand of
an operation, a comparison or a description is never paid as itself, whatever the number and the operand; the
same number with a harmless word after it always is.

The table rows (``fixtures/equivalence/operations.jsonl``) pin single cases; these generate the number, the
operand and the context, so a reader keyed to one spelling of one number would fail them.
"""

from __future__ import annotations

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

SCALE = max(1, int(os.environ.get("REWARDKIT_PROPERTY_SCALE", "1")))

# "{n} {word} {m}": the statement names another value than n
INFIX = [
    "times",
    "plus",
    "minus",
    "divided by",
    "multiplied by",
    "choose",
    "by",
    "point",
    "vs",
    "over",
    "mod",
]
# "{n} {word}": a postfix operation or a closing bound
POSTFIX = ["squared", "cubed", "factorial", "halved", "doubled", "inverted", "reversed", "tenths", "plus"]
# "{word} {n}": the number is an operand of what comes before it
PREFIX = [
    "twice",
    "the square root of",
    "the reciprocal of",
    "the number of groups for",
    "the cost of",
    "a multiple of",
]
# "{n} {words}": nothing that changes the value
HARMLESS = ["", " apples", " in all", " times a week", " more than last year", " by the end of the day"]
MARKERS = ["The answer is {}.", "Answer: {}", "So the final answer is {}."]
CONTEXT = "She packs the boxes in rows, 3 at a time, and counts again at the end.\n"

numbers = st.integers(min_value=1, max_value=10**6)


@settings(max_examples=60 * SCALE, deadline=None)
@given(
    n=numbers,
    m=st.integers(min_value=2, max_value=999),
    word=st.sampled_from(INFIX),
    marker=st.sampled_from(MARKERS),
)
def test_an_infix_operand_is_never_paid(n: int, m: int, word: str, marker: str) -> None:
    """``{n} {op} {m}`` after a marker is never CORRECT against ``n``."""
    r = grade(CONTEXT + marker.format(f"{n} {word} {m}"), gold=str(n))
    assert not r.correct, (r.extracted, r.detail)


@settings(max_examples=40 * SCALE, deadline=None)
@given(n=numbers, word=st.sampled_from(POSTFIX), marker=st.sampled_from(MARKERS))
def test_a_postfix_operand_is_never_paid(n: int, word: str, marker: str) -> None:
    """``{n} {postfix}`` after a marker is never CORRECT against ``n``."""
    r = grade(CONTEXT + marker.format(f"{n} {word}"), gold=str(n))
    assert not r.correct, (r.extracted, r.detail)


@settings(max_examples=40 * SCALE, deadline=None)
@given(n=numbers, words=st.sampled_from(PREFIX), marker=st.sampled_from(MARKERS))
def test_a_prefix_operand_is_never_paid(n: int, words: str, marker: str) -> None:
    """``{prefix} {n}`` after a marker is never CORRECT against ``n``."""
    r = grade(CONTEXT + marker.format(f"{words} {n}"), gold=str(n))
    assert not r.correct, (r.extracted, r.detail)


@settings(max_examples=40 * SCALE, deadline=None)
@given(n=numbers, words=st.sampled_from(HARMLESS), marker=st.sampled_from(MARKERS))
def test_harmless_words_keep_the_value(n: int, words: str, marker: str) -> None:
    """``{n}{harmless words}`` after a marker is CORRECT against ``n``: the refusals above are not a grader
    that refuses everything."""
    r = grade(CONTEXT + marker.format(f"{n}{words}"), gold=str(n))
    assert r.verdict is Verdict.CORRECT, (r.extracted, r.detail)
