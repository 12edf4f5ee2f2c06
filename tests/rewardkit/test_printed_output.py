"""Property tests for what a program printed and for structured answers, over generated values.

1. several values printed on one line (``print(a, b)`` → ``12 30``, ``12, 30``, ``(12, 30)``, ``[12, 30]``)
   are never paid against one of them, and the same values read as a list answer a gold that lists them;
2. sympy's ``Rational(p, q)`` is the value p/q, never its numerator or denominator;
3. a solve dict of several variables (``{x: 3, y: 5}``) is never paid against one variable's value;
4. a JSON answer whose other field offers alternatives is never paid, whichever value the gold is.
"""

from __future__ import annotations

import os
from fractions import Fraction

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

SCALE = max(1, int(os.environ.get("REWARDKIT_PROPERTY_SCALE", "1")))
FAST = settings(max_examples=30 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])

values = st.integers(min_value=-(10**6), max_value=10**6)


def _ran(code: str, output: str) -> str:
    return f"Let me compute it.\n```python\n{code}\n```\n```output\n{output}\n```"


@FAST
@given(
    first=values, second=values, layout=st.sampled_from(["{} {}", "{}, {}", "({}, {})", "[{}, {}]", "{}\t{}"])
)
def test_values_printed_on_one_line_are_candidates(first: int, second: int, layout: str) -> None:
    assume(first != second)
    completion = _ran("print(a, b)", layout.format(first, second))
    for gold in (first, second):
        r = grade(completion, gold=str(gold))
        assert not r.correct and r.verdict is Verdict.AMBIGUOUS, (completion, gold, r)
    listed = grade(completion, gold=f"{first}, {second}")
    assert listed.correct, (completion, listed)


@FAST
@given(
    numerator=st.integers(min_value=-500, max_value=500), denominator=st.integers(min_value=2, max_value=500)
)
def test_printed_rational_is_its_value(numerator: int, denominator: int) -> None:
    value = Fraction(numerator, denominator)
    assume(value.denominator > 1)
    completion = _ran("print(repr(p))", f"Rational({value.numerator}, {value.denominator})")
    r = grade(completion, gold=f"{value.numerator}/{value.denominator}")
    assert r.correct, (completion, r)
    for part in (value.numerator, value.denominator):
        assert not grade(completion, gold=str(part)).correct, (completion, part)


@FAST
@given(x=values, y=values)
def test_solve_dict_of_several_variables_is_no_answer(x: int, y: int) -> None:
    completion = _ran("print(sp.solve([e1, e2], [x, y]))", f"{{x: {x}, y: {y}}}")
    for gold in (x, y):
        assert not grade(completion, gold=str(gold)).correct, (completion, gold)


@FAST
@given(
    answer=values,
    others=st.lists(values, min_size=1, max_size=3),
    key=st.sampled_from(["alternatives", "other_answers", "candidates", "backup_answer", "second_guess"]),
)
def test_json_alternatives_hedge(answer: int, others: list[int], key: str) -> None:
    assume(others[0] != answer)
    offered = str(others[0]) if key in ("backup_answer", "second_guess") else str(others)
    completion = f'{{"answer": {answer}, "{key}": {offered}}}'
    for gold in (answer, others[0]):
        r = grade(completion, gold=str(gold))
        assert not r.correct, (completion, gold, r)
