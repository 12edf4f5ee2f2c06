"""Unevaluated sums and products of explicit matrices are compared by their result, exactly and guarded."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rewardkit.equivalence import MAX_MATRIX_OPERANDS, MAX_MATRIX_SIDE, compare_math, evaluated_matrix
from rewardkit.latex import parse_math
from rewardkit.tree_values import exact_value


def _latex(rows: list[list[int]]) -> str:
    return "\\begin{pmatrix}" + " \\\\ ".join(" & ".join(map(str, r)) for r in rows) + "\\end{pmatrix}"


def _values(text: str) -> list[list[Fraction | None]] | None:
    m = evaluated_matrix(parse_math(text))
    return None if m is None else [[exact_value(x) for x in row] for row in m.rows]


small = st.lists(st.lists(st.integers(-9, 9), min_size=2, max_size=2), min_size=2, max_size=2)


@given(small, small)
def test_sum_and_product_agree_with_integer_arithmetic(a: list[list[int]], b: list[list[int]]) -> None:
    total = [[a[i][j] + b[i][j] for j in range(2)] for i in range(2)]
    product = [[sum(a[i][k] * b[k][j] for k in range(2)) for j in range(2)] for i in range(2)]
    assert _values(f"{_latex(a)} + {_latex(b)}") == total
    assert _values(f"{_latex(a)} {_latex(b)}") == product
    assert compare_math(parse_math(f"{_latex(a)} {_latex(b)}"), parse_math(_latex(product)))


@pytest.mark.parametrize(
    "text",
    [
        "x + 1",
        _latex([[1, 2]]) + " + 1",
        _latex([[1, 2]]) + " + " + _latex([[1], [2]]),
        _latex([[1, 2]]) + " " + _latex([[1, 2]]),
        " ".join([_latex([[1]])] * (MAX_MATRIX_OPERANDS + 1)),
        _latex([[1] * (MAX_MATRIX_SIDE + 1)]) + " + " + _latex([[1] * (MAX_MATRIX_SIDE + 1)]),
    ],
)
def test_undefined_or_too_large_is_not_evaluated(text: str) -> None:
    assert evaluated_matrix(parse_math(text)) is None


def test_at_the_guards_it_is_evaluated() -> None:
    assert _values(" ".join([_latex([[2]])] * MAX_MATRIX_OPERANDS)) == [[2**MAX_MATRIX_OPERANDS]]
    row = [1] * MAX_MATRIX_SIDE
    assert _values(f"{_latex([row])} + {_latex([row])}") == [[2] * MAX_MATRIX_SIDE]
