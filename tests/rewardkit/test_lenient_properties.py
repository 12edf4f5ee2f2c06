"""Property tests for answer extraction and the lenient fallback, over generated values.

1. markers repeated on one line (``#### 18 #### 20``, ``Answer: 18 Answer: 20``) list candidates: neither of
   two different values is paid, and one value said twice is;
2. a number that is a piece of math is never the answer: a fraction after a reasoning sign
   (``\\therefore \\quad \\frac{a}{b} = \\frac{p}{q}``) is read whole, and inside math that cannot be read the
   denominator, radicand or exponent is not paid;
3. a value that is the second operand of an operation said in words (``the number of eggs times $2``) is
   never paid;
4. one variable's solutions in separate spans joined by "or" answer a gold that lists them, while bare values
   joined so hedge.
"""

from __future__ import annotations

import os
from decimal import Decimal

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

SCALE = max(1, int(os.environ.get("REWARDKIT_PROPERTY_SCALE", "1")))
FAST = settings(max_examples=40 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])

values = st.integers(min_value=0, max_value=10**6)
signed = st.integers(min_value=-(10**6), max_value=10**6) | st.decimals(
    min_value=-1000, max_value=1000, places=2
).map(str)
markers = st.sampled_from(["####", "Answer:", "Final Answer:", "The answer is", "**Answer:**", "answer:"])


@FAST
@given(marker=markers, first=signed, second=signed, joiner=st.sampled_from(["", ",", " or"]))
def test_markers_repeated_on_one_line_list_candidates(
    marker: str, first: int | str, second: int | str, joiner: str
) -> None:
    """Two statements of different values on one line (``#### 18 #### 20``, ``Answer: 18 or Answer: 20``) are
    AMBIGUOUS against either; the same value twice (``0`` and ``0.00`` too) is CORRECT."""
    completion = f"{marker} {first}{joiner} {marker} {second}"
    if Decimal(str(first)) == Decimal(str(second)):
        assert grade(completion, gold=str(first)).verdict is Verdict.CORRECT
        return
    for gold in (first, second):
        r = grade(completion, gold=str(gold))
        assert r.verdict is Verdict.AMBIGUOUS, (completion, gold, r)


signs = st.sampled_from(
    ["\\therefore \\quad", "\\therefore", "\\because", "\\implies", "\\Rightarrow", "\\quad"]
)
small = st.integers(min_value=1, max_value=500)


@FAST
@given(sign=signs, numerator=small, denominator=st.integers(min_value=2, max_value=500))
def test_fraction_after_a_reasoning_sign_is_read_whole(sign: str, numerator: int, denominator: int) -> None:
    """``\\[{sign} \\frac{a}{b} = \\frac{p}{q}\\]`` answers ``p/q`` and never pays its denominator ``q``
    alone (unless ``p/q`` is ``q``)."""
    completion = (
        f"Dividing both sides, \\[{sign} \\frac{{a}}{{b}} = \\frac{{{numerator}}}{{{denominator}}}\\]"
    )
    assert grade(completion, gold=f"\\frac{{{numerator}}}{{{denominator}}}").correct
    if numerator != denominator * denominator:
        assert not grade(completion, gold=str(denominator)).correct


@FAST
@given(
    sign=signs,
    words=st.sampled_from(["not", "at least", "probably", "never", "more than"]),
    n=st.integers(min_value=1, max_value=10**6),
)
def test_words_before_a_reasoning_sign_still_qualify(sign: str, words: str, n: int) -> None:
    """``The answer is not $\\therefore x = 5$``: the words before the sign are no premise dropped with it."""
    completion = f"The answer is {words} ${sign} x = {n}$."
    r = grade(completion, gold=str(n))
    assert not r.correct, (completion, r)


shapes = st.sampled_from(
    [
        "\\[\\zzz \\quad x = \\frac{{1}}{{{n}}}\\]",
        "$\\sqrt{{\\zzz {n}}}$",
        "\\[\\foo{{x}} = 2^{{{n}}}\\]",
        "$\\frac{{2}}{{{n} $",
    ]
)


@FAST
@given(shape=shapes, n=st.integers(min_value=2, max_value=10**6))
def test_piece_of_unreadable_math_is_never_paid(shape: str, n: int) -> None:
    """A number that is a denominator, radicand or exponent of math that cannot be read is UNPARSEABLE."""
    completion = "So " + shape.format(n=n) + "."
    r = grade(completion, gold=str(n))
    assert r.verdict is Verdict.UNPARSEABLE, (completion, r)


operations = st.sampled_from(["times $", "times ", "multiplied by ", "divided by ", "plus "])
nouns = st.sampled_from(["the number of eggs Janet sells", "the base cost", "the total", "the remainder"])


@FAST
@given(noun=nouns, operation=operations, n=values, marker=st.booleans())
def test_operand_after_words_is_never_paid(noun: str, operation: str, n: int, marker: bool) -> None:
    """``… {noun} times $2``: the number is an operand of an operation whose other operand is words."""
    completion = f"{'The answer is' if marker else 'So the answer equals'} {noun} {operation}{n}."
    r = grade(completion, gold=str(n))
    assert not r.correct, (completion, r)
    assert r.verdict in (Verdict.UNPARSEABLE, Verdict.AMBIGUOUS), (completion, r)


@FAST
@given(
    variable=st.sampled_from("xyzt"),
    first=st.integers(min_value=-99, max_value=99),
    second=st.integers(min_value=-99, max_value=99),
)
def test_solutions_joined_by_or_answer_a_list(variable: str, first: int, second: int) -> None:
    """``${v} = a$ or ${v} = b$`` answers the gold ``a, b``; ``$a$ or $b$`` hedges against it."""
    assume(first != second)
    gold = f"{first}, {second}"
    solved = grade(f"Solving, we get ${variable} = {first}$ or ${variable} = {second}$.", gold=gold)
    assert solved.verdict is Verdict.CORRECT, solved
    hedged = grade(f"So we get ${first}$ or ${second}$.", gold=gold)
    assert hedged.verdict is Verdict.AMBIGUOUS, hedged
