"""Property tests for answers after markers and in reasoning-model output, over generated values and
phrasings.

1. a doubt about having read the question (``But wait, maybe I misread the question.``, ``unless I
   misunderstood the problem``, ``if I understood the question correctly``) after a box, a marker or a last
   number leaves the answer unpaid, while the same doubt followed by the answer stated again pays it;
2. a marker that commits to words written as the answer but unreadable (``The answer is XVII.``) is
   UNPARSEABLE, whatever number the working before it ends on;
3. answers stacked one right after another in any mixture of formats (``Answer:``, ``\\boxed{}``, ``####``,
   ``Final Answer:``) pay none of their values when two of them differ;
4. a take-back followed by the computation and the same value stated again confirms the value, and another
   value stated in between does not.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

SCALE = max(1, int(os.environ.get("REWARDKIT_PROPERTY_SCALE", "1")))
FAST = settings(max_examples=40 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])

small = st.integers(min_value=2, max_value=400)

CLOSINGS = [
    "So the final answer is \\boxed{{{v}}}.",
    "The answer is {v}.",
    "#### {v}",
    "Answer: {v}",
    "So she has {v} apples.",
]
OPENINGS = ["", "But wait, ", "Hmm, ", "Wait, "]
DOUBTS = [
    "maybe I misread the question.",
    "perhaps I misunderstood the problem.",
    "unless I misinterpreted the question.",
    "maybe I'm misunderstanding the question.",
    "I might be misreading the problem, though.",
    "did I read the question right?",
    "I think I misread the problem.",
    "if I understood the question correctly.",
    "maybe I read the question wrong.",
]


@FAST
@given(
    closing=st.sampled_from(CLOSINGS),
    opening=st.sampled_from(OPENINGS),
    doubt=st.sampled_from(DOUBTS),
    a=small,
    b=small,
)
def test_a_doubt_about_reading_the_question_is_never_paid(
    closing: str, opening: str, doubt: str, a: int, b: int
) -> None:
    """The answer before a doubt that the question was read right is not paid; stated again after a reread,
    it is."""
    total = a + b
    working = f"{a} + {b} = {total}.\n\n{closing.format(v=total)}\n\n"
    sentence = (opening + doubt[0].upper() + doubt[1:]) if not opening else opening + doubt
    r = grade(working + sentence, gold=str(total))
    assert not r.correct, (working + sentence, r)
    reread = f" Let me reread it: {a} + {b} = {total}. Yes, {total}."
    r = grade(working + sentence + reread, gold=str(total))
    assert r.verdict is Verdict.CORRECT, (working + sentence + reread, r)


ROMAN = st.sampled_from(["XVII", "XVIII", "XLII", "LXXII", "IX", "XIV", "MMXX", "CCL"])
WORDS = st.sampled_from(["eightteen", "seventyy-two", "Tuesday", "N/A", "???", "XVIII dollars", "twelveish"])
MARKERS = [
    "The answer is {w}.",
    "So the answer is {w}.",
    "The final answer is {w}.",
    "Answer: {w}",
    "I think the answer is {w}.",
]


@FAST
@given(word=st.one_of(ROMAN, WORDS), marker=st.sampled_from(MARKERS), a=small, b=st.integers(2, 9))
def test_a_marker_committed_to_an_unreadable_answer_never_falls_back(
    word: str, marker: str, a: int, b: int
) -> None:
    """The working's last number is never paid when the marker after it commits to something unreadable: the
    marker's words are what is judged (UNPARSEABLE, or WRONG where they read as math: ``IX`` as ``I*X``)."""
    product = a * b
    completion = f"She sells {a} eggs at ${b} each, so she makes {a} * {b} = ${product}.\n" + marker.format(
        w=word
    )
    for gold in (product, a, b):
        r = grade(completion, gold=str(gold))
        assert not r.correct, (completion, gold, r)
        assert r.verdict in (Verdict.UNPARSEABLE, Verdict.WRONG) and not r.lenient, (completion, gold, r)


FORMATS = [
    "Answer: {v}",
    "\\boxed{{{v}}}",
    "$\\boxed{{{v}}}$",
    "#### {v}",
    "Final Answer: {v}",
    "The answer is {v}.",
]


@FAST
@given(
    formats=st.lists(st.sampled_from(FORMATS), min_size=2, max_size=3),
    values=st.lists(small, min_size=3, max_size=3),
    separator=st.sampled_from(["\n", "\n\n"]),
)
def test_stacked_answers_in_mixed_formats_pay_no_value(
    formats: list[str], values: list[int], separator: str
) -> None:
    """Answers one right after another with two different values commit to none of them."""
    stated = values[: len(formats)]
    assume(len(set(stated)) > 1)
    completion = "She makes 9 * 2 = $18.\n" + separator.join(
        f.format(v=v) for f, v in zip(formats, stated, strict=True)
    )
    for gold in set(stated):
        r = grade(completion, gold=str(gold))
        assert not r.correct, (completion, gold, r)


@FAST
@given(closing=st.sampled_from(CLOSINGS[:4]), a=small, b=small, other=small)
def test_a_take_back_confirmed_by_the_same_value(closing: str, a: int, b: int, other: int) -> None:
    """``Wait, no.`` followed by the computation and the same value pays it; a different value stated between
    them leaves nothing committed."""
    total = a + b
    assume(other != total)
    stated = closing.format(v=total)
    confirmed = f"{stated}\n\nWait, no. Let me recompute: {a} + {b} = {total}. Yes, {total}."
    assert grade(confirmed, gold=str(total)).verdict is Verdict.CORRECT, confirmed
    wavering = f"{stated}\n\nNo wait, {other}. No, {total}."
    assert not grade(wavering, gold=str(total)).correct, wavering
    assert not grade(wavering, gold=str(other)).correct, wavering
