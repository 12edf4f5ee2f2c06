"""Units named where the value readers drop them: after the last number, at the end of a span."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rewardkit import grade
from rewardkit.stated_units import DEGREE, RADIAN, unit_at_end, unit_at_start


@pytest.mark.parametrize(
    ("completion", "gold", "expected"),
    [
        ("So the length is 3000 m", "3 km", "CORRECT"),  # the unit after the last number converts
        ("So the length is 3000 m", "3000 km", "WRONG"),
        ("So the angle is 45 rad", r"45^\circ", "WRONG"),
        ("So the angle is 45 degrees", r"45^\circ", "CORRECT"),
        ("So the area is 50000 square centimeters", r"5 \text{ m}^2", "CORRECT"),
    ],
)
def test_unit_after_the_last_number(completion: str, gold: str, expected: str) -> None:
    assert grade(completion, gold=gold).verdict.value == expected


@pytest.mark.parametrize(
    ("span", "unit"),
    [
        ("45°", DEGREE),
        ("45^{\\circ}", DEGREE),
        ("45\\degree", DEGREE),
        ("45 deg", DEGREE),
        ("45 radians", RADIAN),
    ],
)
def test_angle_spellings(span: str, unit: object) -> None:
    assert unit_at_end(span) is unit


@pytest.mark.parametrize(
    "span", ["2x", "2yx", "x^{2}", "10^{3}", "3 p.m.", "20 total", "20 red apples", "$10", "$10 each", "45"]
)
def test_no_unit(span: str) -> None:
    assert unit_at_end(span) is None


@pytest.mark.parametrize("after", [". Meters are long", " in total", " or 46", "\nm"])
def test_no_unit_after(after: str) -> None:
    assert unit_at_start(after) is None


@pytest.mark.parametrize(
    ("span", "name", "dimension"),
    [
        ("72 per hour", "per hour", "count/time"),
        ("$72 an hour", "dollar/hour", "usd/time"),
        ("$72/hour", "dollar/hour", "usd/time"),
        ("72 dollars a day", "dollar/day", "usd/time"),
        ("72 km every hour", "kilometer/hour", "length/time"),
        ("72 kilograms per square meter", "kilogram/meter^2", "mass/length^2"),
        ("72 mg/dL", "milligram/dl", "mass/word dl"),
        ("72 beats per minute", "beats/minute", "word beat/time"),
        ("72千米每小时", "千米/hour", "word 千米/time"),
        ("每天72元", "元/day", "word 元/time"),
        ("每天72 yuan", "yuan/day", "cny/time"),
        ("72 knots", "nautical mile/hour", "length/time"),
    ],
)
def test_rates(span: str, name: str, dimension: str) -> None:
    """A rate is its own unit, whatever its numerator: never the plain quantity before ``per``."""
    unit = unit_at_end(span)
    assert unit is not None and (unit.name, unit.dimension) == (name, dimension)


@pytest.mark.parametrize("span", ["$72 a piece", "25 per mille", "25 per cent", "72 per ten thousand"])
def test_not_rates(span: str) -> None:
    unit = unit_at_end(span)
    assert unit is None or "/" not in unit.dimension


@pytest.mark.parametrize(
    ("span", "dimension"),
    [("72 zorps", "word zorp"), ("72 Zorp", "word zorp"), ("20 apples", "word apple"), ("72 in", "length")],
)
def test_word_in_a_units_place(span: str, dimension: str) -> None:
    """A word the table does not know is a unit of its own, singular or plural; ``in`` ending a span is the
    inch (nothing follows the preposition)."""
    unit = unit_at_end(span)
    assert unit is not None and unit.dimension == dimension


# (smaller unit, larger unit, how many of the smaller make one of the larger)
_PAIRS = [("minutes", "hours", 60), ("cm", "m", 100), ("g", "kg", 1000), ("cents", "dollars", 100)]
_JOINERS = [", i.e. ", ", which is ", ", or ", " (", " = ", ", that is, "]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=1, max_value=400),
    st.sampled_from(_PAIRS),
    st.sampled_from(_JOINERS),
    st.integers(min_value=1, max_value=5),
)
def test_a_value_restated_in_another_unit(n: int, pair: tuple[str, str, int], joiner: str, off: int) -> None:
    """A value restated in another unit pays a gold equal to either statement; restated as another quantity
    (the larger unit's value off by a whole number) it pays neither."""
    small, large, factor = pair
    big = n * 4 / factor if factor != 60 else n / 60
    small_n = n * 4 if factor != 60 else n
    big_text = f"{big:g}"
    if "e" in big_text or float(big_text) * factor != small_n:
        return  # a value the plain decimal cannot write exactly
    close = ")" if joiner == " (" else ""
    text = f"So it comes to {small_n} {small}{joiner}{big_text} {large}{close}."
    assert grade(text, gold=str(small_n)).correct, text
    assert grade(text, gold=big_text).correct, text
    wrong = f"{float(big_text) + off:g}"
    text = f"So it comes to {small_n} {small}{joiner}{wrong} {large}{close}."
    assert not grade(text, gold=str(small_n)).correct, text
    assert not grade(text, gold=wrong).correct, text
