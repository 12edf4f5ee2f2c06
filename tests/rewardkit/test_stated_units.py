"""Units named where the value readers drop them: after the last number, at the end of a span."""

import pytest

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


@pytest.mark.parametrize("span", ["2x", "x^{2}", "10^{3}", "3 p.m.", "20 apples", "$10", "45"])
def test_no_unit(span: str) -> None:
    assert unit_at_end(span) is None


@pytest.mark.parametrize("after", [". Meters are long", " in total", " or 46", "\nm"])
def test_no_unit_after(after: str) -> None:
    assert unit_at_start(after) is None
