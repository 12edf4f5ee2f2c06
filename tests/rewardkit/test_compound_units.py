"""A quantity said in two units of one dimension, the largest first (``2 hours and 30 minutes``), is one
quantity: a bare gold equals it in its leading unit (2.5) or in its smallest (150), nothing near either."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade
from rewardkit.numbers import format_fraction, parse_number

# (leading unit, smallest unit, how many of the smallest make one of the leading)
_PAIRS = [
    ("hours", "minutes", 60),
    ("dollars", "cents", 100),
    ("feet", "inches", 12),
    ("kg", "g", 1000),
    ("m", "cm", 100),
]
_JOINERS = [" and ", " ", ", ", ", and "]
_FRAMES = ["The answer is {}.", "So it takes {}.", "\\boxed{{{}}}", "Final answer: {}"]


@st.composite
def compounds(draw: st.DrawFn) -> tuple[str, Fraction, int]:
    """A compound as a completion says it, its value in the leading unit and in the smallest."""
    large, small, ratio = draw(st.sampled_from(_PAIRS))
    a = draw(st.integers(min_value=1, max_value=999))
    b = draw(st.integers(min_value=0, max_value=ratio - 1))
    said = f"{a} {large}{draw(st.sampled_from(_JOINERS))}{b} {small}"
    completion = draw(st.sampled_from(_FRAMES)).format(said)
    return completion, a + Fraction(b, ratio), a * ratio + b


@settings(max_examples=80, deadline=None)
@given(compounds())
def test_a_compound_pays_its_value_in_either_unit(compound: tuple[str, Fraction, int]) -> None:
    completion, leading, smallest = compound
    for gold in (format_fraction(leading), str(smallest)):
        r = grade(completion, gold=gold)
        assert r.verdict is Verdict.CORRECT, (completion, gold, r.detail)


@settings(max_examples=80, deadline=None)
@given(compounds(), st.integers(min_value=1, max_value=9), st.sampled_from([1, -1]))
def test_a_compound_pays_nothing_near_its_value(
    compound: tuple[str, Fraction, int], k: int, sign: int
) -> None:
    """Off by a few thousandths of the leading unit (written exactly or as a decimal) or a few of the
    smallest: never paid."""
    completion, leading, smallest = compound
    for gold in (format_fraction(leading + sign * Fraction(k, 1000)), str(smallest + sign * k)):
        r = grade(completion, gold=gold)
        assert r.verdict is Verdict.WRONG, (completion, gold, r.detail)


@pytest.mark.parametrize(
    ("text", "smallest", "leading"),
    [
        ("2 hours 30 minutes", "150 minute", "2.5 hour"),
        ("-5 feet 6 inches", "-66 inch", "-5.5 foot"),
        ("3 pounds 20p", "320 penny", "3.2 pound sterling"),
        ("12 euros and 50 cents", "1250 euro cent", "12.5 euro"),
        ("2h30m", "150 minute", "2.5 hour"),
        ("1 day 2 hours 30 minutes", "1590 minute", "53/48 day"),
    ],
)
def test_a_compound_reads_in_both_units(text: str, smallest: str, leading: str) -> None:
    q = parse_number(text)
    assert q is not None and q.in_leading_unit is not None
    assert (str(replace(q, leading=None)), str(q.in_leading_unit)) == (smallest, leading)


@pytest.mark.parametrize(
    "text",
    [
        "30 minutes and 2 hours",
        "2 hours 75 minutes",
        "1.5 hours, 90 minutes",
        "5 yards 3 feet",
        "3 lb 20 pence",
    ],
)
def test_no_compound(text: str) -> None:
    """Counted up, overflowing, after a fractional part, or pounds of weight before pence: no compound."""
    q = parse_number(text)
    assert q is None or q.leading is None
