"""Property tests for notations around a value that say what it is: a scale suffix glued to it read without a
marker (``$50k``), a hyphen range after an approximating word or before a unit (``roughly 18-20``), an angle
named left of its value (``\\angle ACB = 45^\\circ``), and a value followed by where it is attained (``…,
attained at $x = 1$``). Each test's docstring states its invariant."""

from __future__ import annotations

from decimal import Decimal

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(
    mantissa=st.integers(1, 999) | st.integers(11, 999).map(lambda m: Decimal(m).scaleb(-1)),
    suffix=st.sampled_from([("k", 10**3), ("K", 10**3), ("M", 10**6), ("bn", 10**9)]),
    template=st.sampled_from(
        [
            "She earns ${} a year.",
            "So the total is {}.",
            "The budget is ${}.",
            "He made {} dollars last year.",
        ]
    ),
)
def test_a_glued_scale_suffix_is_read_without_a_marker(mantissa, suffix, template):
    """With no marker, ``$50k``, ``1.2M``, ``3bn`` are read with their suffix as after one: CORRECT against
    the product, never paid as the bare number before the suffix."""
    letters, factor = suffix
    completion = template.format(f"{mantissa}{letters}")
    value = mantissa * factor
    assert grade(completion, gold=str(int(value))).verdict is Verdict.CORRECT, completion
    assume(int(value) != mantissa)
    assert not grade(completion, gold=str(mantissa)).correct, completion


@FAST
@given(
    coefficient=st.integers(2, 999),
    letter=st.sampled_from(["k", "K", "M", "B"]),
    template=st.sampled_from(["Let {l} be an integer. Then x = {n}{l}.", "For some {l}, we get {n}{l}."]),
)
def test_a_letter_the_text_names_alone_is_a_variable_not_a_scale(coefficient, letter, template):
    """A letter glued to a number that the text also writes alone is a variable the number multiplies:
    neither the number nor its scaled value is paid."""
    completion = template.format(n=coefficient, l=letter)
    factor = {"k": 10**3, "K": 10**3, "M": 10**6, "B": 10**9}[letter]
    for gold in (coefficient, coefficient * factor):
        assert not grade(completion, gold=str(gold)).correct, (completion, gold)


@FAST
@given(
    low=st.integers(1, 10**4),
    width=st.integers(1, 100),
    word=st.sampled_from(["roughly", "about", "around", "approximately", "approx.", "~"]),
    unit=st.sampled_from(["", " dollars", " minutes", "%", " km"]),
    spaced=st.booleans(),
    template=st.sampled_from(["Answer: {}", "The answer is {}.", "\\boxed{{{}}}"]),
)
def test_a_climbing_hyphen_pair_after_an_approximating_word_is_a_range(
    low, width, word, unit, spaced, template
):
    """``roughly 18-20`` and ``about 18 - 20 dollars`` are ranges: neither end nor their difference pays."""
    high = low + width
    dash = " - " if spaced else "-"
    joiner = "" if word == "~" else " "
    completion = template.format(f"{word}{joiner}{low}{dash}{high}{unit}")
    for gold in (low, high, low - high):
        assert not grade(completion, gold=str(gold)).correct, (completion, gold)


@FAST
@given(
    low=st.integers(1, 10**4),
    width=st.integers(1, 100),
    unit=st.sampled_from([" dollars", " minutes", "%", " hours"]),
)
def test_a_climbing_hyphen_pair_with_a_unit_is_a_range(low, width, unit):
    """``Answer: 18-20 dollars`` is a range of values in one unit, never the difference -2."""
    high = low + width
    completion = f"Answer: {low}-{high}{unit}"
    for gold in (low, high, low - high):
        assert not grade(completion, gold=str(gold)).correct, (completion, gold)


points = st.text("ABCDEFGHKLMNOPQRSTUVWXYZ", min_size=1, max_size=3)


@FAST
@given(
    name=points,
    degrees=st.integers(1, 179),
    other=st.integers(1, 179),
    command=st.sampled_from(["\\angle ", "m\\angle ", "\\measuredangle ", "∠"]),
    template=st.sampled_from(["Therefore ${}$.", "So, ${}$", "The answer is ${}$.", "$\\boxed{{{}}}$"]),
)
def test_an_angle_named_left_of_its_value_states_the_value(name, degrees, other, command, template):
    """``\\angle ACB = 45^\\circ`` names an angle and states its value: CORRECT against 45 and 45°, WRONG
    against another angle."""
    completion = template.format(f"{command}{name} = {degrees}^{{\\circ}}")
    for gold in (str(degrees), f"{degrees}^\\circ"):
        assert grade(completion, gold=gold).verdict is Verdict.CORRECT, (completion, gold)
    assume(other != degrees)
    assert grade(completion, gold=f"{other}^\\circ").verdict is Verdict.WRONG, completion


@FAST
@given(
    value=st.integers(-50, 50),
    argument=st.integers(-50, 50),
    extremum=st.sampled_from(["minimum value", "maximum value", "smallest value", "largest possible value"]),
    phrase=st.sampled_from(
        [
            ", attained at",
            ", which occurs at",
            ", achieved when",
            ", reached when",
            " at",
            " when",
            ". It occurs at",
        ]
    ),
    math=st.booleans(),
)
def test_the_argument_where_a_value_is_attained_is_never_paid(value, argument, extremum, phrase, math):
    """``The minimum value is $-4$, attained at $x = 1$.``: the value stated first is the answer, the
    argument named after it is never paid."""
    assume(value != argument)
    stated, named = (f"${value}$", f"$x = {argument}$") if math else (str(value), f"x = {argument}")
    completion = f"The {extremum} is {stated}{phrase} {named}."
    assert grade(completion, gold=str(value)).verdict is Verdict.CORRECT, completion
    assert not grade(completion, gold=str(argument)).correct, completion
