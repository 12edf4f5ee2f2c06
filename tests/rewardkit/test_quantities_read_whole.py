"""Quantities read whole on every path: basis points and per mille with their number, an hour with a.m./p.m.
as a time of day, units of two words, a rounded restatement in another unit, a gold's rate or area."""

from decimal import ROUND_HALF_UP, Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardkit import grade
from rewardkit.grade import parse_gold

# the ways a text states n basis points: after the last number, after math or emphasis, glued, after a marker
_BASIS_POINTS = [
    "The Fed raised rates by {n} bp.",
    "The spread widened by {n} basis points.",
    "The yield moved {n}bps.",
    "The spread is ${n}$ bp.",
    "The spread is ${n}\\text{{ bp}}$.",
    "Rates rose **{n}** basis points.",
    "The fee is {n} per ten thousand.",
    "Answer: {n} bp",
    "\\boxed{{{n} \\text{{ bp}}}}",
]


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=1, max_value=9999), st.sampled_from(_BASIS_POINTS))
def test_basis_points_are_hundredths_of_a_percent(n: int, template: str) -> None:
    """n bp never equals n %, and always equals n/100 %."""
    text = template.format(n=n)
    assert not grade(text, gold=f"{n}%").correct, text
    hundredths = Decimal(n) / 100
    assert grade(text, gold=f"{hundredths.normalize():f}%").correct, text


_MERIDIEMS = [("p.m.", 12), ("pm", 12), ("PM", 12), ("P.M.", 12), ("a.m.", 0), ("AM", 0)]
_HOURS = [
    "She arrives at {h} {m}",
    "She arrives at {h}{m}",
    "The shop opens at ${h}$ {m}",
    "The answer is {h} {m}",
    "#### {h} {m}",
]


@settings(max_examples=80, deadline=None)
@given(st.integers(min_value=1, max_value=12), st.sampled_from(_MERIDIEMS), st.sampled_from(_HOURS))
def test_an_hour_with_its_meridiem_is_a_time_of_day(h: int, meridiem: tuple[str, int], template: str) -> None:
    """``3 p.m.`` answers a time gold and never the bare hour."""
    mer, shift = meridiem
    text = template.format(h=h, m=mer) + ("" if mer.endswith(".") else ".")
    assert not grade(text, gold=str(h)).correct, text
    assert grade(text, gold=f"{h % 12 + shift}:00").correct, text


# (a unit of two words, a unit of another dimension its last word spells alone)
_TWO_WORDS = [
    ("fl oz", "oz"),
    ("fl. oz", "ounces"),
    ("fluid ounces", "oz"),
    ("cu in", "in"),
    ("cu ft", "ft"),
    ("nautical miles", "miles"),
    ("light-years", "years"),
    ("kilowatt hours", "kW"),
    ("mm Hg", "mm"),
]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=999), st.sampled_from(_TWO_WORDS), st.booleans())
def test_a_unit_of_two_words_is_read_whole(n: int, units: tuple[str, str], marker: bool) -> None:
    """``16 fl oz`` never pays ``16 oz``; it pays its own unit and a bare gold."""
    whole, part = units
    text = f"The answer is {n} {whole}." if marker else f"So the tank holds {n} {whole}."
    assert not grade(text, gold=f"{n} {part}").correct, text
    assert grade(text, gold=f"{n} {whole}").correct, text
    assert grade(text, gold=str(n)).correct, text


_KM_PER_MILE = Decimal("1.609344")


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=1, max_value=500), st.sampled_from([", or ", " ("]), st.booleans())
def test_a_restatement_may_round_at_its_places(km: int, joiner: str, marker: bool) -> None:
    """``5 km, or 3.1 miles`` is one distance, paid against 5; a restatement off by half a mile is two."""
    miles = (Decimal(km) / _KM_PER_MILE).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    if miles == miles.to_integral_value():
        return  # "69.0" writes a whole 69, exact: no rounded restatement of 111 km
    close = ")" if joiner == " (" else ""
    lead = "The answer is" if marker else "He ran"
    text = f"{lead} {km} km{joiner}{miles} miles{close}."
    assert grade(text, gold=str(km)).correct, text
    off = f"{lead} {km} km{joiner}{miles + Decimal('0.5')} miles{close}."
    assert not grade(off, gold=str(km)).correct, off


@pytest.mark.parametrize(
    ("gold", "shown"),
    [
        ("27.78 m/s", "27.78 meter/second"),
        ("$0.25/minute", "0.25 dollar/minute"),
        ("5 m^2", "5 meter^2"),
        ("$72 an hour", "72 dollar/hour"),
        ("72 in", "72 inch"),
        ("2.5 million", "2500000"),
        ("45^\\circ", "45°"),
    ],
)
def test_a_gold_is_read_with_its_whole_unit(gold: str, shown: str) -> None:
    assert parse_gold(gold).canonical == shown


@pytest.mark.parametrize(
    ("completion", "gold", "detail"),
    [
        ("The answer is 100 km/h.", "27.78 m/s", "100 kilometer/hour differs from gold 27.78 meter/second"),
        ("She earns $15 per hour.", "$0.25/minute", "15 dollar/hour matches gold 0.25 dollar/minute"),
        ("Its speed is 36 km/h.", "10 m/s", "36 kilometer/hour matches gold 10 meter/second"),
        ("The area is 50000 cm^2.", "5 m^2", "50000 centimeter^2 matches gold 5 meter^2"),
        ("The answer is 72 km/h.", "72 km/h", "72 kilometer/hour matches gold 72 kilometer/hour"),
    ],
)
def test_the_detail_shows_each_unit_whole(completion: str, gold: str, detail: str) -> None:
    assert grade(completion, gold=gold).detail == detail
