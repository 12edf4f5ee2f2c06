"""Property tests for options a completion lists on one line when only letters are offered
(``Options: (A) 48 (B) 60 (C) 72 (D) 96``, ``A. 48 B. 60 C. 72 D. 96``, ``A) 48, B) 60, …``).

The listing says what each letter stands for, as one option a line does: a letter stated with another option's
value commits to neither and is never paid; an option's value alone names its letter, paid against that letter
and no other; a value no option has is another answer.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

LETTERS = "ABCD"
# how a line lists the options, each label and its value
LAYOUTS = (
    ("Options: ", "({letter}) {value}", " "),
    ("", "({letter}) {value}", "  "),
    ("", "{letter}. {value}", " "),
    ("", "{letter}) {value}", ", "),
    ("Answer choices: ", "**({letter})** {value}", " "),
)
WORK = "\n\nWorking through the problem step by step gives the result.\n\n"
# how the answer states a letter with a value, and a value alone
WITH_VALUE = (
    "The answer is ({letter}) {value}.",
    "<answer>({letter}) {value}</answer>",
    "Answer: {letter}, i.e. {value}",
)
VALUE_ALONE = ("The answer is {value}.", "Final Answer: {value}", "\\boxed{{{value}}}")


def _listing(layout: tuple[str, str, str], values: list[int]) -> str:
    heading, item, joiner = layout
    return heading + joiner.join(
        item.format(letter=letter, value=v) for letter, v in zip(LETTERS, values, strict=True)
    )


@settings(max_examples=60, deadline=None)
@given(
    values=st.lists(st.integers(2, 999), min_size=4, max_size=4, unique=True),
    layout=st.sampled_from(LAYOUTS),
    form=st.sampled_from(WITH_VALUE),
    letter=st.integers(0, 3),
    stated=st.integers(0, 3),
    gold=st.sampled_from(LETTERS),
)
def test_letter_with_another_options_value_is_never_paid(
    values: list[int], layout: tuple[str, str, str], form: str, letter: int, stated: int, gold: str
) -> None:
    completion = _listing(layout, values) + WORK + form.format(letter=LETTERS[letter], value=values[stated])
    r = grade(completion, gold=gold, choices=LETTERS)
    if stated != letter:
        assert r.verdict is Verdict.AMBIGUOUS, (completion, r)
    else:
        assert r.correct is (gold == LETTERS[letter]), (completion, r)


@settings(max_examples=60, deadline=None)
@given(
    values=st.lists(st.integers(2, 999), min_size=4, max_size=4, unique=True),
    layout=st.sampled_from(LAYOUTS),
    form=st.sampled_from(VALUE_ALONE),
    named=st.integers(0, 3),
    gold=st.sampled_from(LETTERS),
)
def test_an_options_value_alone_names_its_letter(
    values: list[int], layout: tuple[str, str, str], form: str, named: int, gold: str
) -> None:
    completion = _listing(layout, values) + WORK + form.format(value=values[named])
    r = grade(completion, gold=gold, choices=LETTERS)
    expected = Verdict.CORRECT if gold == LETTERS[named] else Verdict.WRONG
    assert r.verdict is expected, (completion, r)


@settings(max_examples=30, deadline=None)
@given(
    values=st.lists(st.integers(2, 999), min_size=5, max_size=5, unique=True),
    layout=st.sampled_from(LAYOUTS),
    gold=st.sampled_from(LETTERS),
)
def test_a_value_no_option_has_is_another_answer(
    values: list[int], layout: tuple[str, str, str], gold: str
) -> None:
    completion = _listing(layout, values[:4]) + WORK + f"Answer: {values[4]}"
    r = grade(completion, gold=gold, choices=LETTERS)
    assert r.verdict is Verdict.WRONG, (completion, r)
