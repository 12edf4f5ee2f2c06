"""A gold written with two or more decimals is read as possibly rounded: a more precise answer pays exactly
when it rounds to the gold half away from zero at the gold's last written place, the boundary included only on
the side nearer zero (``0.335`` rounds to ``0.34``, never to ``0.33``)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from rewardkit import grade


@settings(max_examples=300, deadline=None)
@given(
    gold_units=st.integers(-(10**6), 10**6),
    places=st.integers(2, 4),
    extra=st.integers(1, 3),
    offset=st.integers(-1200, 1200),
)
def test_a_more_precise_answer_pays_a_rounded_gold_when_it_rounds_to_it(
    gold_units: int, places: int, extra: int, offset: int
) -> None:
    gold = Decimal(gold_units).scaleb(-places)
    pred = gold + Decimal(offset).scaleb(-(places + extra))
    gold_text = f"{gold:.{places}f}"
    pred_text = f"{pred:.{places + extra}f}"  # always written to more places than the gold
    # Decimal's ROUND_HALF_UP rounds ties away from zero, the rule the gold is read by
    rounds_to_gold = pred.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP) == gold
    result = grade(f"The answer is {pred_text}.", gold=gold_text)
    assert result.correct == rounds_to_gold, (pred_text, gold_text, result.detail)


def test_the_halfway_answer_rounds_away_from_zero() -> None:
    assert grade("The answer is 0.335.", gold="0.34").correct
    assert not grade("The answer is 0.335.", gold="0.33").correct
    assert grade("The answer is -0.335.", gold="-0.34").correct
    assert not grade("The answer is -0.335.", gold="-0.33").correct
