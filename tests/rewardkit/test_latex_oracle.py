"""LaTeX answers graded against sympy as the oracle: properties over generated expressions.

Random sympy expressions ``e`` are drawn from a small grammar (integers, rationals, ``x``/``y``, ``pi``,
``sqrt``, ``sin``/``cos``/``log``/``exp``, sums, products, small integer powers) and printed with
``sympy.latex``. Sympy is only the *oracle* here: it prints the LaTeX a model would write and decides, by
evaluating at fixed sample points, whether two expressions really differ. ``rewardkit`` never sees a sympy
object, only the printed text.

1. an expression graded against itself is CORRECT, and so are other printings of it (``\\cdot`` products,
   ``a / b`` short fractions) and its expanded form;
2. a perturbation that changes the value (``e + 1``, ``2 e`` for ``e != 0``, ``x`` and ``y`` swapped
   when that changes ``e``) is WRONG;
3. random LaTeX token soup, as the answer or as the gold, never raises, never ends in ERROR, and is
   graded in well under a second.

``log`` is printed as ``\\ln`` (``ln_notation=True``): a bare ``\\log`` is base 10 to some readers and
base e to others, which a perturbation test must not depend on.
"""

from __future__ import annotations

import time

import pytest
import sympy
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st

from rewardkit import GradeResult, Verdict, grade

X, Y = sympy.symbols("x y")

# The whole file runs in well under 30 s: no per-example deadline (sympy's first calls are slow and CI
# machines are shared), small example counts.
ORACLE = settings(
    max_examples=75, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much]
)
SOUP = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)


@pytest.fixture(scope="module", autouse=True)
def _warm_up():
    # sympy's import and first simplifications are slow; keep them out of the timing assertion
    for completion, gold in [
        ("\\boxed{\\sin{\\left(x \\right)}}", "\\sin x"),
        ("\\boxed{\\frac{1}{2}}", "0.5"),
    ]:
        grade(completion, gold=gold)


# --------------------------------------------------------------------------------------------------
# The grammar

_UNARY = (sympy.sqrt, sympy.sin, sympy.cos, sympy.log, sympy.exp, lambda a: -a)


@st.composite
def _tree(draw: st.DrawFn, depth: int, top: bool = False) -> sympy.Expr:
    # the top node is never a leaf: plain numbers have their own tables and properties
    kind = draw(st.integers(min_value=1 if top else 0, max_value=3 if depth > 0 else 0))
    if kind == 0:  # a leaf: integer, rational, x, y or pi
        leaf = draw(st.integers(min_value=0, max_value=3))
        if leaf == 0:
            return sympy.Integer(draw(st.integers(min_value=-9, max_value=9)))
        if leaf == 1:
            p, q = draw(st.integers(min_value=-9, max_value=9)), draw(st.integers(min_value=2, max_value=9))
            return sympy.Rational(p, q)
        return draw(st.sampled_from([X, Y, sympy.pi]))
    if kind == 1:  # a unary function or negation
        return draw(st.sampled_from(_UNARY))(draw(_tree(depth - 1)))
    if kind == 2:  # a power with a small integer exponent
        return draw(_tree(depth - 1)) ** draw(st.sampled_from([2, 3, -1]))
    a, b = draw(_tree(depth - 1)), draw(_tree(depth - 1))
    return a + b if draw(st.booleans()) else a * b


def _interesting(e: sympy.Expr) -> bool:
    # finite, small, and not something sympy already folded to a rational
    return (
        not e.is_Rational
        and not e.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo)
        and sympy.count_ops(e) <= 12
    )


expressions = _tree(3, top=True).filter(_interesting)


def latex(e: sympy.Expr, **kw) -> str:
    return sympy.latex(e, ln_notation=True, **kw)


# Points away from the branch cuts of sqrt/log on the negative axis and from small integers.
_POINTS = [
    {X: sympy.Rational(7, 5), Y: sympy.Rational(13, 4)},
    {X: sympy.Rational(29, 10), Y: sympy.Rational(3, 7)},
]


def _value(e: sympy.Expr, point: dict) -> complex | None:
    try:
        v = complex(e.subs(point).evalf(30))
    except (TypeError, ValueError, ZeroDivisionError, OverflowError):
        return None
    if v != v or abs(v) == float("inf"):
        return None
    return v


def certainly_different(a: sympy.Expr, b: sympy.Expr) -> bool:
    """True when a and b differ clearly at some sample point (the oracle's 'not equivalent')."""
    for point in _POINTS:
        va, vb = _value(a, point), _value(b, point)
        if va is None or vb is None:
            continue
        if abs(va - vb) > 1e-6 * max(1.0, abs(va), abs(vb)):
            return True
    return False


def certainly_nonzero(e: sympy.Expr) -> bool:
    return certainly_different(e, sympy.Integer(0))


def boxed(text: str) -> str:
    return f"Simplifying step by step.\n\\boxed{{{text}}}"


def _context(completion: str, gold: str, r: GradeResult) -> str:
    return (
        f"completion={completion!r}\n gold={gold!r}\n got {r.verdict.value} extracted={r.extracted!r} "
        f"detail={r.detail!r}"
    )


# --------------------------------------------------------------------------------------------------
# 1. equal expressions grade CORRECT


@ORACLE
@given(expressions)
def test_expression_against_itself_is_correct(e: sympy.Expr) -> None:
    """``\\boxed{latex(e)}`` against the gold ``latex(e)`` is CORRECT."""
    text = latex(e)
    note(f"e = {e!r}")
    r = grade(boxed(text), gold=text)
    assert r.verdict == Verdict.CORRECT, _context(boxed(text), text, r)


@ORACLE
@given(expressions)
def test_other_printings_are_correct(e: sympy.Expr) -> None:
    """The same expression printed with ``\\cdot`` products and ``a / b`` short fractions is CORRECT."""
    gold = latex(e)
    pred = latex(e, mul_symbol="dot", fold_short_frac=True)
    note(f"e = {e!r}")
    r = grade(boxed(pred), gold=gold)
    assert r.verdict == Verdict.CORRECT, _context(boxed(pred), gold, r)


@ORACLE
@given(expressions)
def test_expanded_form_is_correct(e: sympy.Expr) -> None:
    """``expand(e)`` (products and powers multiplied out) is CORRECT against ``e``."""
    expanded = sympy.expand(e)
    assume(sympy.count_ops(expanded) <= 40)
    gold, pred = latex(e), latex(expanded)
    note(f"e = {e!r}, expanded = {expanded!r}")
    r = grade(boxed(pred), gold=gold)
    assert r.verdict == Verdict.CORRECT, _context(boxed(pred), gold, r)


# --------------------------------------------------------------------------------------------------
# 2. perturbed expressions grade WRONG


@ORACLE
@given(expressions)
def test_plus_one_is_wrong(e: sympy.Expr) -> None:
    """``e + 1`` is WRONG against ``e``."""
    perturbed = e + 1
    assume(certainly_different(perturbed, e))
    gold, pred = latex(e), latex(perturbed)
    note(f"e = {e!r}")
    r = grade(boxed(pred), gold=gold)
    assert r.verdict == Verdict.WRONG, _context(boxed(pred), gold, r)


@ORACLE
@given(expressions)
def test_doubled_is_wrong(e: sympy.Expr) -> None:
    """``2 e`` is WRONG against ``e`` when ``e`` is not zero."""
    assume(certainly_nonzero(e))
    perturbed = 2 * e
    gold, pred = latex(e), latex(perturbed)
    note(f"e = {e!r}")
    r = grade(boxed(pred), gold=gold)
    assert r.verdict == Verdict.WRONG, _context(boxed(pred), gold, r)


@ORACLE
@given(expressions)
def test_swapped_variables_are_wrong(e: sympy.Expr) -> None:
    """``e`` with ``x`` and ``y`` exchanged is WRONG against ``e`` when the exchange changes the value."""
    swapped = e.subs({X: Y, Y: X}, simultaneous=True)
    assume(certainly_different(swapped, e))
    gold, pred = latex(e), latex(swapped)
    note(f"e = {e!r}, swapped = {swapped!r}")
    r = grade(boxed(pred), gold=gold)
    assert r.verdict == Verdict.WRONG, _context(boxed(pred), gold, r)


# --------------------------------------------------------------------------------------------------
# 3. token soup

_TOKENS = [
    *r"""
    \frac \dfrac \sqrt \sqrt[3] { } { } ( ) [ ] \left( \right) \{ \} ^ _ x y e i 1 2 9 0.5 10 + - \cdot
    \times / ! \pi \infty , = < \le \ge & \\ \begin{pmatrix} \end{pmatrix} \cup \pm \% ^\circ \text{
    \binom \log_ \ln \sin \cos \boxed{ . $ \, \! 9^{9^{9^9}} (10^{1000})! \frac{1}{
""".split(),
    " ",
]
soup = st.lists(st.sampled_from(_TOKENS), min_size=1, max_size=40).map("".join)


# grade's symbolic step runs under its default 1 s deadline, so a soup that reaches sympy may take about that
# long by design (the slowest example takes about 0.2 s idle). Ten times the deadline fails a grader that
# overruns its budget, never a busy machine.
SLOW_S = 10.0


def _check_fast(completion: str, gold: str) -> None:
    start = time.perf_counter()
    r = grade(completion, gold=gold)
    elapsed = time.perf_counter() - start
    assert isinstance(r, GradeResult)
    assert r.verdict != Verdict.ERROR, _context(completion, gold, r)
    assert elapsed < SLOW_S, f"took {elapsed:.2f}s\n" + _context(completion, gold, r)


@SOUP
@given(soup, st.sampled_from(["0", "\\frac{1}{2}", "x+1", "(1,2)", "[0,1)", "y=2x+1", "\\{1,2\\}"]))
def test_token_soup_answer_is_total_and_fast(text: str, gold: str) -> None:
    """Token soup in a box or after a final-answer marker never raises or errors, within its deadline."""
    _check_fast(f"Working it out.\n\\boxed{{{text}}}", gold)
    _check_fast(f"Working it out.\nThe final answer is ${text}$. I hope it is correct.", gold)


@SOUP
@given(soup)
def test_token_soup_gold_is_total_and_fast(text: str) -> None:
    """Token soup as the gold never raises or errors, and keeps to the deadline."""
    _check_fast("Working it out.\n\\boxed{\\frac{x+1}{2}}", text)


def test_grammar_produces_varied_expressions() -> None:
    """A sanity check on the generator itself: the oracle sees symbols, functions and constants."""
    texts: list[str] = []

    # derandomized: a check on the generator must not depend on the luck of one run
    @settings(max_examples=200, deadline=None, database=None, derandomize=True)
    @given(expressions)
    def collect(e: sympy.Expr) -> None:
        texts.append(latex(e))

    collect()
    joined = " ".join(texts)
    for needle in ("x", "y", "\\pi", "\\sqrt", "\\frac"):
        assert needle in joined, f"the generator never produced {needle!r}"
