"""Property tests for what the last-number fallback must not read as the answer, over generated values.

1. the working of a trial (``Suppose the answer is 72. Then 72 / 8 = 9.``, ``Let me try 20. 20 / 2 = 10.``,
   in other languages too) pays neither the value tried nor what the working computes;
2. a check after the result, on its own line or after a comma, semicolon or full stop on the result's line
   (``x = 2, check: 2 × 3 = 6 ✓``, ``检验：…``), is not read for its own last number: the result is;
3. a check that does not come out (``= 82 ≠ 80``, ``✗``) leaves the result AMBIGUOUS, and the same check
   that comes out (``✓``) pays it;
4. a closing sentence that goes on to an event with a new value (``Then she spends $5 on feed.``) never
   pays that value.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

SCALE = max(1, int(os.environ.get("REWARDKIT_PROPERTY_SCALE", "1")))
FAST = settings(max_examples=40 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])

small = st.integers(min_value=2, max_value=400)
factors = st.integers(min_value=2, max_value=12)

SUPPOSITIONS = [
    "Suppose the answer is {v}. Then {v} / {d} = {q}.",
    "Let's say the answer is {v}.\n\n{v} / {d} = {q}",
    "Let me try {v}. {v} / {d} = {q}.",
    "Try x = {v}. Then {v} / {d} = {q}, a whole number.",
    "Supposons que la réponse soit {v}. Alors {v} ÷ {d} = {q}, ce qui est un nombre entier.",
    "Angenommen, die Antwort ist {v}. Dann {v} / {d} = {q}.",
    "Supongamos que la respuesta es {v}. Entonces {v} / {d} = {q}.",
    "Supponiamo che la risposta sia {v}. Allora {v} / {d} = {q}.",
    "Suponha que a resposta seja {v}. Então {v} / {d} = {q}.",
    "Предположим, что ответ {v}. Тогда {v} / {d} = {q}.",
    "设答案为{v}。则{v}÷{d}={q}，是整数。",
    "我们试一下{v}。{v}÷{d}={q}。",
]


@FAST
@given(shape=st.sampled_from(SUPPOSITIONS), quotient=small, divisor=factors)
def test_a_trials_working_is_never_paid(shape: str, quotient: int, divisor: int) -> None:
    """A value tried and the working that uses it commit to nothing: neither value is paid."""
    tried = quotient * divisor
    completion = shape.format(v=tried, d=divisor, q=quotient)
    for gold in (tried, quotient):
        r = grade(completion, gold=str(gold))
        assert not r.correct, (completion, gold, r)
        assert r.verdict is Verdict.AMBIGUOUS, (completion, gold, r)


CHECKS = [
    "So x = {a}, check: {a} × {b} = {p} ✓",
    "So she has {a} apples; verification: {a} × {b} = {p}.",
    "So he pays ${a}. Check: {a} × {b} = {p} ✓",
    "So she has {a} apples.\nCheck: {a} × {b} = {p} ✓",
    "由 {b}x = {p} 得 x = {a}，检验：{a} × {b} = {p} ✓。",
    "所以他有{a}个苹果。\n验算：{a} × {b} = {p} ✓",
]


@FAST
@given(shape=st.sampled_from(CHECKS), result=small, factor=factors)
def test_a_check_after_the_result_is_not_read_for_its_value(shape: str, result: int, factor: int) -> None:
    """The result before a check is paid; the check's own product is not."""
    product = result * factor
    completion = shape.format(a=result, b=factor, p=product)
    assert grade(completion, gold=str(result)).verdict is Verdict.CORRECT, completion
    assert not grade(completion, gold=str(product)).correct, completion


@FAST
@given(
    result=small,
    given_away=small,
    off=st.integers(min_value=1, max_value=9),
    sign=st.sampled_from(["≠", "\\neq", "!=", "✗"]),
    line=st.booleans(),
)
def test_a_check_that_does_not_come_out_leaves_the_result_unsure(
    result: int, given_away: int, off: int, sign: str, line: bool
) -> None:
    """A check whose computed value is set unequal to another (or crossed out) leaves the result AMBIGUOUS;
    the same check with a tick pays it."""
    total = result + given_away
    assume(total != result)
    stated = (
        f"He gave away {given_away}, so {total} - {given_away} = {result}.\nSo he has {result} apples left"
    )
    failed = f"{total} ✗" if sign == "✗" else f"{total} {sign} {total + off}"
    separator = ".\n" if line else ", "  # a line of its own, or a clause of the result's line
    completion = f"{stated}{separator}Check: {result} + {given_away} = {failed}"
    r = grade(completion, gold=str(result))
    assert r.verdict is Verdict.AMBIGUOUS, (completion, r)
    passed = f"{stated}{separator}Check: {result} + {given_away} = {total} ✓"
    assert grade(passed, gold=str(result)).verdict is Verdict.CORRECT, passed


EVENTS = [
    "Then she spends ${z} on feed.",
    "But she loses {z} marbles.",
    "After that, she gives away {z} cookies.",
    "Then he pays ${z} for parking.",
    "Later, Tom buys {z} more stamps.",
]


@FAST
@given(shape=st.sampled_from(EVENTS), x=small, y=factors, z=small)
def test_an_operand_the_text_goes_on_to_is_never_paid(shape: str, x: int, y: int, z: int) -> None:
    """``… = $18. Then she spends $5 on feed.``: the closing event's value is no result."""
    assume(z not in (x, y, x * y))
    completion = f"She sells {x} items at ${y} each, so she makes {x} * {y} = ${x * y}. " + shape.format(z=z)
    r = grade(completion, gold=str(z))
    assert not r.correct and r.verdict is Verdict.AMBIGUOUS, (completion, r)
