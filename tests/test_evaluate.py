"""Exact and numeric evaluation of math trees: values, guards that refuse instead of hanging."""

from __future__ import annotations

import time
from fractions import Fraction

import mpmath
import pytest

from rewardkit.evaluate import NotEvaluable, TooLarge, exact_value, numeric_value, sample_points
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
    assert time.perf_counter() - start < 0.5


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
