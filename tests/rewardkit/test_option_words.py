"""Property tests for multiple-choice options named by their words (``choices=`` a list of option texts).

For any set of distinct word options: naming an option by its words after a marker pays its letter, whatever
the case, a leading article or the closing punctuation; naming another option is WRONG; two options named,
or a letter stated with another option's words (before or after it), never pay; a word that only starts with
an option's words names nothing.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

WORDS = (
    "London",
    "Berlin",
    "Madrid",
    "Paris",
    "Pacific Ocean",
    "Mount Everest",
    "Nile",
    "Amazon River",
    "It increases",
    "It decreases",
    "No change",
    "Photosynthesis",
    "Mitochondria",
    "Jupiter",
)
MARKERS = ("Answer: ", "The answer is ", "**Final answer: ", "Final Answer: ", "So the answer is ")
ENDINGS = ("", ".", "**", "!", " .")
WORKING = ("", "Let me think about each option in turn.\n\n", "We rule out the others.\n")
CASES = (str, str.lower, str.upper, lambda w: "the " + w)


# (no option's words inside another's: "It increases" and "It increases then …" are tested by the table)
_OPTIONS = st.lists(st.sampled_from(WORDS), min_size=2, max_size=5, unique=True)


def _letter(i: int) -> str:
    return "ABCDE"[i]


@settings(max_examples=200, deadline=None)
@given(_OPTIONS, st.data())
def test_an_option_named_by_its_words_pays_its_letter_and_no_other(
    options: list[str], data: st.DataObject
) -> None:
    i = data.draw(st.integers(0, len(options) - 1))
    j = data.draw(st.integers(0, len(options) - 1).filter(lambda k: k != i))
    case = data.draw(st.sampled_from(CASES))
    marker, ending, working = (data.draw(st.sampled_from(x)) for x in (MARKERS, ENDINGS, WORKING))
    completion = f"{working}{marker}{case(options[i])}{ending}"
    assert grade(completion, gold=_letter(i), choices=options).verdict is Verdict.CORRECT, completion
    assert grade(completion, gold=_letter(j), choices=options).verdict is Verdict.WRONG, completion


@settings(max_examples=200, deadline=None)
@given(_OPTIONS, st.data())
def test_two_options_or_a_letter_with_another_options_words_never_pay(
    options: list[str], data: st.DataObject
) -> None:
    i = data.draw(st.integers(0, len(options) - 1))
    j = data.draw(st.integers(0, len(options) - 1).filter(lambda k: k != i))
    marker = data.draw(st.sampled_from(MARKERS))
    shapes = (
        f"{marker}{options[i]} or {options[j]}",
        f"{marker}({_letter(j)}) {options[i]}",
        f"{marker}{options[i]} ({_letter(j)})",
        f"\\boxed{{{_letter(j)}}} ({options[i]})",
    )
    for completion in shapes:
        for gold in (_letter(i), _letter(j)):
            result = grade(completion, gold=gold, choices=options)
            assert not result.correct, (completion, gold, result.detail)
            assert result.verdict is Verdict.AMBIGUOUS, (completion, gold, result.detail)


@settings(max_examples=100, deadline=None)
@given(_OPTIONS, st.data())
def test_a_longer_word_names_no_option(options: list[str], data: st.DataObject) -> None:
    i = data.draw(st.integers(0, len(options) - 1))
    suffix = data.draw(st.sampled_from(("ian", "s", "ish", "x")))
    completion = f"Answer: {options[i]}{suffix}"
    assert not grade(completion, gold=_letter(i), choices=options).correct, completion
