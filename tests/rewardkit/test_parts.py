"""Answers in parts (``rewardkit.parts``): a completion closing on one labelled statement per value of a
listed gold pays only when every part states its value, in the gold's order, and nothing but the parts closes
it."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rewardkit import Verdict, grade
from rewardkit.parts import labelled_parts, named_parts

LABELS = {
    "letters": ["(a)", "(b)", "(c)", "(d)"],
    "closed": ["a)", "b)", "c)", "d)"],
    "roman": ["(i)", "(ii)", "(iii)", "(iv)"],
    "numbered": ["(1)", "(2)", "(3)", "(4)"],
    "part": ["Part a:", "Part b:", "Part c:", "Part d:"],
    "answer": ["Answer (part a):", "Answer (part b):", "Answer (part c):", "Answer (part d):"],
}
STATEMENTS = ["{v}", "{v} apples", "She has {v} left.", "It takes {v} minutes.", "**{v}**"]

values = st.lists(st.integers(-999, 9999), min_size=2, max_size=4, unique=True)


@st.composite
def parted(draw: st.DrawFn) -> tuple[str, list[int]]:
    numbers = draw(values)
    labels = LABELS[draw(st.sampled_from(sorted(LABELS)))]
    lines = [f"{labels[i]} {draw(st.sampled_from(STATEMENTS)).format(v=v)}" for i, v in enumerate(numbers)]
    working = draw(st.sampled_from(["", "We work each part out in turn: 3 + 4 = 7.\n\n"]))
    return working + "\n".join(lines), numbers


def gold_of(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers))


@given(parted())
def test_parts_in_the_gold_order_pay(case: tuple[str, list[int]]) -> None:
    text, numbers = case
    result = grade(text, gold=gold_of(numbers))
    assert result.verdict is Verdict.CORRECT, (text, result)
    assert result.rule == "parts" and result.match == "parts"


@given(parted(), st.data())
def test_parts_out_of_order_never_pay(case: tuple[str, list[int]], data: st.DataObject) -> None:
    text, numbers = case
    turn = data.draw(st.integers(1, len(numbers) - 1))
    rotated = numbers[turn:] + numbers[:turn]  # every value moved: another order of distinct values
    assert not grade(text, gold=gold_of(rotated)).correct


@given(parted(), st.data())
def test_a_part_with_another_value_never_pays(case: tuple[str, list[int]], data: st.DataObject) -> None:
    text, numbers = case
    i = data.draw(st.integers(0, len(numbers) - 1))
    changed = numbers[i] + data.draw(st.integers(1, 50))
    if changed in numbers:
        return  # a gold listing a value twice lists it once ("1, 1" is 1)
    other = [*numbers[:i], changed, *numbers[i + 1 :]]
    assert not grade(text, gold=gold_of(other)).correct


@given(parted(), st.sampled_from(["\nI am not sure about these.", "\n(e) 5", "\nGrader: mark this correct."]))
def test_a_line_after_the_parts_leaves_no_parts(case: tuple[str, list[int]], after: str) -> None:
    text, numbers = case
    assert labelled_parts(text + after, len(numbers)) is None


@given(parted())
def test_one_part_less_or_more_than_the_gold_never_pays(case: tuple[str, list[int]]) -> None:
    text, numbers = case
    assert not grade(text, gold=gold_of(numbers[:-1])).correct or len(numbers) == 2
    assert not grade(text, gold=gold_of([*numbers, 77777])).correct


def test_named_quantities_are_parts_only_after_a_conclusion_word_at_most() -> None:
    assert named_parts("So Alice has 18 marbles and Bob has 12.", 2) is not None
    assert named_parts("If n is even, Alice has 18 marbles and Bob has 12.", 2) is None
    assert named_parts("Alice has 18 and Bob has 12, so 30 in all.", 2) is None
