"""Property tests for multiple-choice answers given with no marker: a verdict on each option, and a conclusion
that is the letter alone.

For any number of options (two to six) and any one option called correct, a list giving a verdict on every
option (``A) Incorrect.``, ``(B) is correct.``, ``**C)** Correct — it matches.``, ``(C) 18 is correct.``) pays
that option's letter and no other, alone or closed by a conclusion naming the same letter (``Therefore,
B.``); a list calling two options correct, a conclusion choosing another letter, a hedged conclusion or a
closing sentence that rules the option out never pays. A conclusion that is the letter alone (``So, C.``)
pays it.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

LETTERS = "ABCDEF"
# how a list writes one option's verdict: the letter, the verdict word and the option's value
LINES = (
    "{letter}) {verdict}.",
    "{letter}. {verdict}.",
    "({letter}) is {word}.",
    "**{letter})** {verdict}",
    "- {letter}) {verdict}, as checked above.",
    "Option {letter} is {word}.",
    "({letter}) {value} is {word}.",
    "{letter}: {word}",
)
RIGHT = ("Correct", "correct", "Right")
WRONG = ("Incorrect", "incorrect", "Wrong", "Not correct")
CONCLUSIONS = (
    "Therefore, {letter}.",
    "So, {letter}.",
    "Hence {letter}.",
    "Thus **{letter}**.",
    "In conclusion, {letter}.",
)
HEDGED = ("Therefore, probably {letter}.", "So maybe {letter}.", "Therefore, {letter} or {other}.")
INTROS = ("", "Let's check each option:\n", "We test every choice against 3 × 5 = 15.\n\n")


def _list(line: str, count: int, right: set[int], values: list[int]) -> str:
    rows = []
    for i in range(count):
        said = RIGHT[i % len(RIGHT)] if i in right else WRONG[i % len(WRONG)]
        rows.append(line.format(letter=LETTERS[i], verdict=said, word=said.lower(), value=values[i]))
    return "\n".join(rows)


@settings(max_examples=200, deadline=None)
@given(
    count=st.integers(3, 6),
    data=st.data(),
    line=st.sampled_from(LINES),
    intro=st.sampled_from(INTROS),
    conclusion=st.sampled_from(("", *CONCLUSIONS)),
    with_choices=st.booleans(),
)
def test_one_option_called_correct_pays_it(
    count: int, data: st.DataObject, line: str, intro: str, conclusion: str, with_choices: bool
) -> None:
    """The one option a verdict list calls correct, alone or restated by a conclusion: CORRECT against its
    letter, WRONG against any other."""
    called = data.draw(st.integers(0, count - 1))
    gold_at = data.draw(st.integers(0, count - 1))
    values = [12 + 3 * i for i in range(count)]
    completion = intro + _list(line, count, {called}, values)
    if conclusion:
        completion += "\n\n" + conclusion.format(letter=LETTERS[called])
    options = {"choices": [str(v) for v in values]} if with_choices else {"choices": LETTERS[:count]}
    r = grade(completion, gold=LETTERS[gold_at], **options)
    assert r.verdict is (Verdict.CORRECT if gold_at == called else Verdict.WRONG), (completion, r)


@settings(max_examples=200, deadline=None)
@given(
    count=st.integers(3, 6),
    data=st.data(),
    line=st.sampled_from(LINES),
    closing=st.sampled_from(("two", "another", "hedged", "ruled out")),
)
def test_uncommitted_verdict_list_never_pays(
    count: int, data: st.DataObject, line: str, closing: str
) -> None:
    """Two options called correct, another letter concluded after the list, a hedged conclusion or a
    closing sentence that rules the option out: never CORRECT, whatever the gold."""
    called = data.draw(st.integers(0, count - 1))
    other = data.draw(st.integers(0, count - 1).filter(lambda i: i != called))
    values = [12 + 3 * i for i in range(count)]
    right = {called, other} if closing == "two" else {called}
    completion = _list(line, count, right, values)
    if closing == "another":
        completion += "\n\n" + data.draw(st.sampled_from(CONCLUSIONS)).format(letter=LETTERS[other])
    elif closing == "hedged":
        hedged = data.draw(st.sampled_from(HEDGED))
        completion += "\n\n" + hedged.format(letter=LETTERS[called], other=LETTERS[other])
    elif closing == "ruled out":
        completion += f"\n\nThe answer cannot be ({LETTERS[called]})."
    for gold in LETTERS[:count]:
        r = grade(completion, gold=gold, choices=LETTERS[:count])
        assert r.verdict is not Verdict.CORRECT, (completion, gold, r)


@settings(max_examples=150, deadline=None)
@given(
    letter=st.sampled_from("BCD"),
    gold=st.sampled_from("ABCD"),
    conclusion=st.sampled_from(CONCLUSIONS),
    working=st.sampled_from(("", "3 × 5 = 15, which is the value of that option.\n\n", "Only one fits. ")),
)
def test_conclusion_letter_decides(letter: str, gold: str, conclusion: str, working: str) -> None:
    """A conclusion that is the letter alone ("Therefore, B."): CORRECT against it, WRONG against another."""
    completion = working + conclusion.format(letter=letter)
    r = grade(completion, gold=gold, choices="ABCD")
    assert r.verdict is (Verdict.CORRECT if gold == letter else Verdict.WRONG), (completion, r)


@settings(max_examples=150, deadline=None)
@given(
    letter=st.sampled_from("ABCD"),
    gold=st.sampled_from("ABCD"),
    conclusion=st.sampled_from((*CONCLUSIONS, "Hence ({letter}).")),
    taken_back=st.sampled_from(
        ("Just kidding.", "I'm not sure.", "Wait, no.", "Scratch that.", "Never mind.")
    ),
)
def test_conclusion_taken_back_never_pays(letter: str, gold: str, conclusion: str, taken_back: str) -> None:
    """A conclusion letter the next sentence takes back or doubts ("Therefore, B. Just kidding."): never
    CORRECT, whatever the gold."""
    completion = f"{conclusion.format(letter=letter)} {taken_back}"
    r = grade(completion, gold=gold, choices="ABCD")
    assert r.verdict is not Verdict.CORRECT, (completion, r)
