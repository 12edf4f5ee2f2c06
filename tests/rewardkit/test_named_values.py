"""Values each given under its own name (``Alice has 18, Bob has 12``, ``鸡有18只，兔有12只``) answer two
questions: a statement that names two is refused whichever rule found it; a reason, a computation or a
restatement after the value (``18, since 3 × 6 = 18``) is no second named value."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rewardkit import Verdict, grade
from rewardkit.several_values import names_before_values


@pytest.mark.parametrize(
    ("before", "gap", "names"),
    [
        ("Alice has ", " apples and Bob has ", "alice has, bob has"),
        ("chickens ", ", rabbits ", "chickens, rabbits"),
        ("boys: ", "; girls: ", "boys, girls"),
        ("鸡有", " , 兔有", "鸡有, 兔有"),
        ("gallinas ", ", y conejos ", "gallinas, conejos"),
        ("x: ", ", y: ", "x, y"),
        ("She makes ", ", since 3 × ", None),  # a reason
        ("she earns $", ", which is ", None),  # a computation
        ("Alice has ", " apples, as ", None),
        ("", ", Bob has ", None),  # the first value has no name of its own
        ("Alice has ", ", Alice has ", "alice has, alice has"),  # one name given two values
        ("Alice has ", " apples and ", None),  # no name before the second value
        ("Total ", ", each ", None),  # a rate after a total
        ("not ", "; it is ", None),  # a negation, then the value it gives instead
    ],
)
def test_names_before_values(before: str, gap: str, names: str | None) -> None:
    assert names_before_values(before, gap) == names


NAMES = ("Alice", "Bob", "Carla", "Dev")


@given(
    first=st.sampled_from(NAMES),
    second=st.sampled_from(NAMES),
    a=st.integers(1, 999),
    b=st.integers(1, 999),
    joiner=st.sampled_from([", ", "; ", " and ", ", and "]),
    marker=st.sampled_from(["Answer: ", "The answer is: ", "Final answer: ", "答："]),
)
def test_two_named_counts_pay_neither(first, second, a, b, joiner, marker):
    completion = f"{marker}{first} has {a} apples{joiner}{second} has {b} apples."
    for gold in (a, b):
        r = grade(completion, gold=str(gold))
        if a != b:
            assert r.verdict is Verdict.AMBIGUOUS, (completion, gold, r)


@given(a=st.integers(1, 999), b=st.integers(1, 999), word=st.sampled_from(["no", "wait", "actually", "oops"]))
def test_a_value_taken_back_for_another_within_its_span_is_never_paid(a, b, word):
    spans = (f"\\boxed{{{a} \\text{{ ({word}, {b})}}}}", f"{a} — {word}, {b}.", f"Answer: {a} — {word} {b}")
    for completion in spans:
        r = grade(completion, gold=str(a))
        assert a == b or not r.correct, (completion, r)
