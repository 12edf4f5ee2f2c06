"""Exact and numeric evaluation of math trees: values, guards that refuse instead of hanging."""

from __future__ import annotations

import time
from fractions import Fraction

import mpmath
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rewardkit.latex import parse_math
from rewardkit.mathtree import (
    Add,
    Binomial,
    Constant,
    Div,
    Factorial,
    Func,
    Mul,
    Neg,
    Number,
    Pow,
    Root,
    Symbol,
    render,
)
from rewardkit.tree_values import NotEvaluable, TooLarge, exact_value, numeric_value, sample_points


def n(value, decimals=None):
    return Number(Fraction(value), decimals)


X = Symbol("x")


@pytest.mark.parametrize(
    ("tree", "value"),
    [
        (Div(n(6), n(4)), Fraction(3, 2)),
        (Pow(n(2), n(10)), Fraction(1024)),
        (Pow(n(2), Neg(n(3))), Fraction(1, 8)),
        (Pow(n(8), Div(n(2), n(3))), Fraction(4)),
        (Root(n(27), n(3)), Fraction(3)),
        (Root(Neg(n(8)), n(3)), Fraction(-2)),
        (Root(n(4, None), n(2)), Fraction(2)),
        (Binomial(n(5), n(2)), Fraction(10)),
        (Div(n(1), Factorial(n(5))), Fraction(1, 120)),
        (Add((n(16), Neg(n(3)), Neg(n(4)))), Fraction(9)),
        (Mul((n("0.5"), n(4))), Fraction(2)),
    ],
)
def test_exact_values(tree, value):
    assert exact_value(tree) == value


@pytest.mark.parametrize(
    "tree", [Root(n(8), n(2)), Pow(n(2), Div(n(1), n(2))), Constant("pi"), X, Root(Neg(n(4)), n(2))]
)
def test_irrational_or_symbolic_trees_have_no_exact_value(tree):
    assert exact_value(tree) is None


def test_factorials_far_apart_stay_distinct():
    a, b = Div(n(1), Factorial(n(2004))), Div(n(1), Factorial(n(2006)))
    assert exact_value(a) != exact_value(b)


@pytest.mark.parametrize(
    "tree",
    [
        Pow(n(9), Pow(n(9), Pow(n(9), n(9)))),
        Pow(n(10), Pow(n(10), n(10))),
        Factorial(Pow(n(10), n(1000))),
        Factorial(n(10**6)),
    ],
)
def test_guards_refuse_quickly(tree):
    start = time.perf_counter()
    with pytest.raises(TooLarge):
        exact_value(tree)
    with pytest.raises(TooLarge):
        numeric_value(tree, {})
    # microseconds idle; computing any of these first would take hours: the bound leaves a busy machine room
    assert time.perf_counter() - start < 5


def test_numeric_values_at_sixty_digits_without_touching_global_mpmath():
    before = mpmath.mp.dps
    value = numeric_value(Mul((n(2), Root(n(2), n(2)))), {})
    assert abs(value - numeric_value(Root(n(8), n(2)), {})) < mpmath.mpf(10) ** -55
    assert mpmath.mp.dps == before


def test_functions_and_constants():
    half = numeric_value(Func("sin", (Div(Constant("pi"), n(6)),)), {})
    assert abs(half - mpmath.mpf(1) / 2) < 1e-50
    assert abs(numeric_value(Func("log", (n(8), n(2))), {}) - 3) < 1e-50
    assert abs(numeric_value(Pow(Constant("e"), Func("ln", (n(5),))), {}) - 5) < 1e-50


@pytest.mark.parametrize(
    "tree", [Div(n(1), n(0)), Func("tan", (Div(Constant("pi"), n(2)),)), Constant("oo"), Func("nope", (X,))]
)
def test_undefined_values_are_reported(tree):
    with pytest.raises(NotEvaluable):
        numeric_value(tree, {"x": mpmath.mpf(1)})


def test_sample_points_are_deterministic_and_positive():
    a, b = sample_points(frozenset({"x", "y"})), sample_points(frozenset({"y", "x"}))
    assert a == b and len(a) == 3
    assert all(0.5 <= p[name] < 3 for p in a for name in p)
    assert a[0]["x"] != a[1]["x"]


def test_render_is_readable():
    assert render(Add((Pow(X, n(2)), Mul((n(2), X)), n(1)))) == "x^2 + 2*x + 1"
    assert render(Div(n(1), Factorial(n(5)))) == "1/5!"


# --- precision that knows its own error, and work priced before it runs --------------------------------

# one comparison with its magnitudes in mind: equal only when the digits that could differ were computed
CLOSENESS = [
    ("e^{100}+1", "e^{100}", "different"),
    ("x+10^{61}+1", "x+10^{61}", "different"),
    ("\\sqrt2+10^{-45}", "\\sqrt2", "different"),
    ("(-1)^{10^{300}+\\frac12}", "1", "different"),
    ("(-1)^{10^{300}+\\frac12}", "i", "same"),
    ("\\cos(10^{70}\\pi)", "1", "same"),
    ("\\frac{10^{400}}{10^{400}}", "1", "same"),
    ("(10^{30}+1)^2-10^{60}-2\\cdot10^{30}", "1", "same"),
    # a zero is never resolved by numbers: the symbolic rung decides
    ("\\sin(10^{20}\\pi)", "0", "undecided"),
    ("e^{-200}", "e^{-201}", "different"),
    ("10^{-3000}", "0", "undecided"),  # past MAX_DIGITS numbers cannot decide
]


@pytest.mark.parametrize(("pred", "gold", "expected"), CLOSENESS)
def test_numeric_closeness_raises_precision_to_the_magnitudes_it_meets(pred, gold, expected):
    from rewardkit.latex import parse_math
    from rewardkit.tree_values import numeric_closeness, sample_points

    p, g = parse_math(pred), parse_math(gold)
    point = sample_points(frozenset({"x"}), 1)[0]
    assert numeric_closeness(p, g, point) == expected


def test_integer_roots_are_priced_before_they_are_tried():
    # 2^{1/2^{1000}} used to try candidate ** (2^1000) and grow past 12 GB
    from rewardkit.tree_values import _int_root

    start = time.perf_counter()
    assert _int_root(2, 2**1000) is None
    assert _int_root(3**40, 40) == 3
    assert _int_root(1, 2**1000) == 1 and _int_root(0, 7) == 0
    assert time.perf_counter() - start < 5  # idle: microseconds


def test_huge_trigonometric_arguments_are_refused_not_computed():
    from rewardkit.latex import parse_math

    start = time.perf_counter()
    with pytest.raises(NotEvaluable):
        numeric_value(parse_math("\\sin(10^{300000})"), {})
    assert time.perf_counter() - start < 5  # computing it took 10 s (pi to a million bits)


@pytest.mark.parametrize(
    ("completion", "gold", "correct"),
    [
        ("The answer is $2^{\\frac{1}{2^{1000}}}$.", "1", False),  # grew past 12 GB in the caller
        ("\\boxed{\\sin(10^{300000})}", "0", False),  # 10 s in the caller, outside any deadline
        ("\\boxed{\\sqrt[30000000000]{9}}", "1", False),  # 78 s and 2.9 GB
        ("The answer is 1", "\\boxed{" * 1200 + "1" + "}" * 1200, False),  # a quadratic join of nested boxes
        ("The answer is " + "{" * 2400 + "1" + "}" * 2400, "1", False),  # braces peeled a layer a pass
        ("The answer is 1", "{" * 2000 + "1" + "}" * 2000, True),  # grouping braces say nothing
    ],
)
def test_grade_is_bounded_by_its_deadline_on_costly_inputs(completion, gold, correct):
    from rewardkit import grade

    start = time.perf_counter()
    r = grade(completion, gold=gold, timeout_s=1.0)
    # stated bound: timeout_s + 0.5 s idle; asserted at 10x for a busy machine
    assert time.perf_counter() - start < 1.0 + 10 * 0.5 + 5
    assert r.correct is correct


_COSTLY = [
    ("The answer is $2^{\\frac{1}{2^{1000}}}$.", "1"),
    ("\\boxed{\\sin(10^{300000})}", "0"),
    ("\\boxed{\\sqrt[30000000000]{9}}", "1"),
    ("\\boxed{\\sin(i^{-i \\cdot 10^{9}})}", "0"),
    ("The answer is " + "{" * 2400 + "1" + "}" * 2400, "1"),
]


def test_costly_inputs_are_bounded_through_score_and_rewards_with_workers(tmp_path, capsys):
    # Through `score --workers 2 --timeout 1` one such line ran 60 s, and so did a reward with workers=2,
    # timeout_s=1 on a batch of 2 (a batch below 2 items per worker is graded in the caller): the bound
    # must hold on every entry point, not only in the pool's workers.
    import json

    from rewardkit.cli import main
    from rewardkit.rewards.accuracy import AccuracyReward

    data = tmp_path / "costly.jsonl"
    data.write_text("".join(json.dumps({"completion": c, "answer": g}) + "\n" for c, g in _COSTLY))
    start = time.perf_counter()
    code = main(["score", str(data), "--workers", "2", "--timeout", "1", "-o", str(tmp_path / "out.jsonl")])
    assert time.perf_counter() - start < len(_COSTLY) * (1.0 + 10 * 0.5) + 10
    capsys.readouterr()
    assert code == 0
    rows = [json.loads(line) for line in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert len(rows) == len(_COSTLY) and not any(r["correct"] for r in rows[:4])

    reward = AccuracyReward(workers=2, timeout_s=1.0)
    for completion, gold in _COSTLY:
        start = time.perf_counter()
        values = reward(completions=[completion, "The answer is 1."], answer=[gold, "1"])
        assert time.perf_counter() - start < 2 * (1.0 + 10 * 0.5) + 5
        assert values[1] == 1.0


def test_a_fraction_of_a_huge_numeral_is_refused_not_converted():
    # int() of a 53,000-digit string raises ValueError past CPython's limit: that was an ERROR verdict
    from rewardkit import Verdict, grade

    r = grade("The last value is \\frac{1}{" + "7" * 60_000 + "}", gold="1")
    assert r.verdict is not Verdict.ERROR and not r.correct


# --- sums and products ---------------------------------------------------------------------------------

_BODIES = {"k": lambda k: k, "k^2": lambda k: k * k, "(2k+1)": lambda k: 2 * k + 1, "\\frac{1}{k+10}": None}


@given(
    lo=st.integers(-5, 5),
    length=st.integers(-1, 30),
    body=st.sampled_from(sorted(_BODIES)),
    product=st.booleans(),
)
def test_a_sum_with_integer_bounds_is_its_terms(lo: int, length: int, body: str, product: bool) -> None:
    hi = lo + length
    op = "prod" if product else "sum"
    tree = parse_math(f"\\{op}_{{k={lo}}}^{{{hi}}} {body}")
    term = _BODIES[body] or (lambda k: Fraction(1, k + 10))
    expected = Fraction(1 if product else 0)
    for k in range(lo, hi + 1):
        expected = expected * term(k) if product else expected + term(k)
    assert exact_value(tree) == expected
    assert mpmath.almosteq(numeric_value(tree, {}), mpmath.mpf(expected.numerator) / expected.denominator)


def test_a_sum_past_its_cap_is_refused_before_evaluating() -> None:
    for text in (
        "\\prod_{k=1}^{10^{9}} k",
        "\\sum_{k=1}^{1001} 1",
        "\\sum_{i=1}^{100}\\sum_{j=1}^{100} \\sum_{m=1}^{100} 1",
    ):
        with pytest.raises(TooLarge):
            exact_value(parse_math(text))
    # free bounds have no value here, and the bound variable takes no sample point
    with pytest.raises(NotEvaluable):
        numeric_value(parse_math("\\sum_{k=1}^{n} k"), sample_points(frozenset({"n"}))[0])
