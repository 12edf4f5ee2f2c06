"""Other values offered beside the answer, labelled markers, a correction's own value, a next problem's block.

A text that declares other values acceptable too (a range, a set, a tolerance, another "form" of another
value) commits to none of them; the same value again commits. A correction states the value right after its
cue, never a number of the reason after it. A made-up next problem with its own reasoning block is cut off,
whatever it answers.
"""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

WORKING = "In April she sold 48 clips. In May she sold half as many.\n"
OFFERS = [
    "Answer: {v} (any value from {lo} to {hi} is acceptable)",
    "Answer: {v} (anything between {lo} and {hi} is fine)",
    "Answer: {v}. {w} is also accepted.",
    "Answer: {v}. Either {v} or {w} works.",
    "Answer: {v} (values {v} and {w} are both correct)",
    "The answer is {v}.\n\n(Alternate form: {w}.)",
    "The answer is {v}. Equivalent answer: {w}.",
    "\\boxed{{{v}}}\n\nNote: an answer of {w} is also accepted.",
    "Answer: {v} (±{d} is fine)",
    "The answer is {v} (within ±{d}).",
]
SAME_VALUE = [
    "The answer is {v}.\n\n(Alternate form: {v}.0)",
    "Answer: {v}. {w} is not acceptable.",
    "Answer: {v}. No other value is acceptable.",
    "The answer is {v}. Either form is fine.",
]
NUMBER_WORDS = {"two": 2, "three": 3, "five": 5, "eight": 8, "ten": 10}

values = st.integers(10, 10_000)


@settings(max_examples=300)
@given(values, values, st.integers(1, 9), st.sampled_from(OFFERS))
def test_other_values_declared_acceptable_are_never_paid(v: int, w: int, d: int, offer: str) -> None:
    assume(w != v)  # (the same value offered again is the answer again: the next test)
    completion = WORKING + offer.format(v=v, w=w, lo=v - d, hi=v + d, d=d)
    assert grade(completion, gold=str(v)).verdict is Verdict.AMBIGUOUS
    assert not grade(completion, gold=str(w)).correct


@settings(max_examples=200)
@given(values, values, st.sampled_from(SAME_VALUE))
def test_the_same_value_again_and_rejections_stay_paid(v: int, w: int, said: str) -> None:
    completion = WORKING + said.format(v=v, w=w)
    assert grade(completion, gold=str(v)).verdict is Verdict.CORRECT


@settings(max_examples=200)
@given(values, values, st.sampled_from(sorted(NUMBER_WORDS)), st.sampled_from(["Correction: ", "Update: "]))
def test_a_correction_states_its_own_value(v: int, w: int, word: str, cue: str) -> None:
    assume(w != v and NUMBER_WORDS[word] != w)  # (the reason's number may be the correction's own value)
    completion = f"Answer: {v}\n{cue}{w}\n\nI forgot she kept {word} clips."
    assert grade(completion, gold=str(w)).verdict is Verdict.CORRECT
    assert not grade(completion, gold=str(NUMBER_WORDS[word])).correct


@settings(max_examples=150)
@given(values, values, st.sampled_from(["Question 2: ", "Next question: ", "Q2: ", "### Problem 2\n"]))
def test_a_next_problem_with_its_own_block_is_cut_off(first: int, second: int, header: str) -> None:
    completion = (
        f"<think>\n48 + 24 = 72\n</think>\n\nThe answer is {first}.\n\n{header}A train travels far. "
        f"How fast is it?\n<think>\n120 / 2 = 60\n</think>\nThe answer is {second}."
    )
    assert grade(completion, gold=str(first)).verdict is Verdict.CORRECT
    if second != first:
        assert not grade(completion, gold=str(second)).correct


@settings(max_examples=100)
@given(values, st.sampled_from(["tentative", "a guess", "unverified", "not sure"]))
def test_a_marker_labelled_unsure_is_not_paid_by_the_working_after_it(v: int, label: str) -> None:
    completion = f"Answer ({label}): {v}\n\nAltogether she sold {v - 8} + 8 = {v} clips."
    assert grade(completion, gold=str(v)).verdict is Verdict.AMBIGUOUS
