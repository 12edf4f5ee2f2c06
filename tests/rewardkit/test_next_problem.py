"""A made-up next problem after the answer, quantities listed with their nouns, and copied options.

A base model that keeps writing invents a next problem and answers it: whatever the header, the first
problem's answer is graded and the invented one is never paid. Two quantities listed with their nouns are two
answers, whichever is the gold. A completion that only copies the question's options chooses none of them.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

HEADERS = [
    "Question 2: ", "Question 12: ", "QUESTION 3: ", "Q2: ", "Q3. ", "Problem 2: ", "### Problem 2\n",
    "**Question 3**\n", "**Question 2:** ", "Exercise 3. ", "## Question 2\n", "Question #2: ",
    "> Problem 4: ",
    "Next question: ", "New problem: ", "Another problem: ", "Now let's solve another problem. ",
    "Let's try another question. ", "Here's another problem: ", "Example 2: ",
]  # fmt: skip
FIRST_STATEMENTS = [
    "The answer is {v}.",
    "#### {v}",
    "Answer: {v}",
    "So she makes ${v} per day.",
    "\\boxed{{{v}}}",
]
SECOND_STATEMENTS = ["The answer is {v}.", "#### {v}", "Answer: {v}", "A: {v}", "**Final Answer:** {v}"]
QUESTION = "Sam has 4 pens and buys some more. How many pens does he have now?"

values = st.integers(1, 10_000)


@settings(max_examples=300)
@given(
    values,
    values,
    st.sampled_from(HEADERS),
    st.sampled_from(FIRST_STATEMENTS),
    st.sampled_from(SECOND_STATEMENTS),
)
def test_a_made_up_next_problem_is_never_paid(
    first: int, second: int, header: str, said: str, again: str
) -> None:
    completion = f"She sells 9 eggs.\n{said.format(v=first)}\n\n{header}{QUESTION}\n{again.format(v=second)}"
    assert grade(completion, gold=str(first)).verdict == Verdict.CORRECT
    if second != first:
        assert not grade(completion, gold=str(second)).correct


NOUNS = ["apples", "oranges", "boys", "girls", "red marbles", "blue marbles", "eggs", "pens"]
JOINERS = [" and ", ", ", ", and ", " & "]
MARKERS = ["The answer is {}.", "Final answer: {}", "#### {}", "\\boxed{{{}}}", "**Answer:** {}"]


@settings(max_examples=300)
@given(values, values, st.sampled_from(NOUNS), st.sampled_from(NOUNS), st.sampled_from(JOINERS),
       st.sampled_from(MARKERS))  # fmt: skip
def test_two_quantities_with_nouns_pay_neither(
    first: int, second: int, noun: str, other: str, joiner: str, marker: str
) -> None:
    if first == second:
        return
    completion = marker.format(f"{first} {noun}{joiner}{second} {other}")
    for gold in (first, second):
        assert grade(completion, gold=str(gold)).verdict == Verdict.AMBIGUOUS


LABELS = ["{}) ", "({}) ", "{}. ", "**{}**) "]


@settings(max_examples=300)
@given(
    st.lists(values, min_size=2, max_size=5, unique=True),
    st.sampled_from(LABELS),
    st.sampled_from(["\n", " "]),
)
def test_copied_options_choose_none(options: list[int], label: str, separator: str) -> None:
    letters = "ABCDE"[: len(options)]
    completion = separator.join(
        label.format(letter) + str(v) for letter, v in zip(letters, options, strict=True)
    )
    for letter in letters:
        assert not grade(completion, gold=letter, choices=letters).correct
        assert not grade(completion, gold=letter).correct
