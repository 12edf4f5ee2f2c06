"""Property tests for text that goes on past a value, over generated values and phrasings.

1. a statement that goes on to change its value (``72 marbles, then she gives away half``), its noun or unit
   between, pays neither the value nor the operand of the event its clause goes on to;
2. a bound before a computation (``at least 3*50 = 150``) qualifies its result;
3. reasoning told after its answer is judged by its last conclusion: it pays when that is the answer's value,
   never when it is another;
4. a finished text that ends on a doubt after its answer is never paid.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

SCALE = max(1, int(os.environ.get("REWARDKIT_PROPERTY_SCALE", "1")))
FAST = settings(max_examples=40 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])

values = st.integers(min_value=2, max_value=10**5)
nouns = st.sampled_from(["", " marbles", " red marbles", " dollars", " apples in the basket"])
joiners = st.sampled_from([", then", ", and then", " and then", ", but then", ", after which"])
events = st.sampled_from(["gives away", "sells", "loses", "eats", "spends"])
openings = st.sampled_from(["She has ", "So she has ", "The answer is ", "Answer: ", "In the end there are "])


@FAST
@given(opening=openings, n=values, noun=nouns, joiner=joiners, event=events, m=values)
def test_a_value_the_statement_goes_on_to_change_is_never_paid(
    opening: str, n: int, noun: str, joiner: str, event: str, m: int
) -> None:
    """``{opening}{n}{noun}{joiner} she {event} half.`` pays no n; ``… she {event} {m}.`` pays no m."""
    half = f"{opening}{n}{noun}{joiner} she {event} half."
    assert not grade(half, gold=str(n)).correct, half
    operand = f"She has {n}{noun}{joiner} she {event} {m}."
    assume(m != n)
    assert not grade(operand, gold=str(m)).correct, operand


bounds = st.sampled_from(["at least", "more than", "up to", "no fewer than", "at most", "over"])
operators = st.sampled_from(["*", " * ", " x ", " + "])


@FAST
@given(
    bound=bounds,
    a=st.integers(min_value=2, max_value=999),
    b=st.integers(min_value=2, max_value=999),
    operator=operators,
)
def test_a_bound_before_a_computation_qualifies_its_result(bound: str, a: int, b: int, operator: str) -> None:
    """``She has {bound} {a}{op}{b} = {result} apples.`` is a bound on the result: never paid."""
    result = a + b if operator == " + " else a * b
    completion = f"She has {bound} {a}{operator}{b} = {result} apples."
    r = grade(completion, gold=str(result))
    assert r.verdict is Verdict.AMBIGUOUS, (completion, r)


markers = st.sampled_from(["Answer: ", "#### ", "The answer is ", "\\boxed{"])


@FAST
@given(marker=markers, a=values, b=values, answer=values)
def test_reasoning_after_its_answer_is_judged_by_its_last_conclusion(
    marker: str, a: int, b: int, answer: int
) -> None:
    """``{marker}{answer}\\n\\nIn May she sold {a} / 2 = {a / 2} clips.\\nAltogether she sold … = {total}
    clips.`` pays the answer when the total is its value, and never when the total is another."""
    assume(a % 2 == 0 and a // 2 not in (answer, b))
    total = b + a // 2
    stated = f"{marker}{answer}{'}' if marker.startswith(chr(92)) else ''}"
    completion = (
        f"{stated}\n\nIn May she sold {a} / 2 = {a // 2} clips.\n"
        f"Altogether she sold {b} + {a // 2} = {total} clips."
    )
    r = grade(completion, gold=str(answer))
    if total == answer:
        assert r.verdict is Verdict.CORRECT, (completion, r)
    else:
        assert r.verdict is Verdict.AMBIGUOUS, (completion, r)


doubts = st.sampled_from(
    ["Hmm, but wait.", "Wait.", "Hmm.", "Hmm, wait, let me re-check.", "Maybe.", "Or not."]
)


@FAST
@given(marker=markers, n=values, doubt=doubts, newline=st.booleans())
def test_a_finished_text_that_ends_on_a_doubt_is_never_paid(
    marker: str, n: int, doubt: str, newline: bool
) -> None:
    """``{marker}{n}. {doubt}`` (finished) has withdrawn its answer: AMBIGUOUS."""
    stated = f"{marker}{n}{'}' if marker.startswith(chr(92)) else ''}."
    completion = f"{stated}{chr(10) if newline else ' '}{doubt}"
    r = grade(completion, gold=str(n))
    assert r.verdict is Verdict.AMBIGUOUS, (completion, r)
