"""Exact and high-precision numeric values of math trees, with guards instead of hangs.

Two evaluators over :mod:`rewardkit.mathtree`:

* :func:`exact_value` — a :class:`~fractions.Fraction` when the tree is a rational constant (``\\frac{6}{4}``,
  ``2^{10}``, ``\\binom{5}{2}``, ``1/2004!``), None otherwise. Sizes are checked before computing, so
  ``9^{9^{9^9}}`` is refused rather than computed.
* :func:`numeric_value` — a complex value at 60 significant digits (mpmath, in a private context so the
  caller's ``mpmath.mp`` settings are untouched), with free symbols bound to the given point. Magnitudes are
  checked after every power and factorial.

Both raise :class:`TooLarge` when a guard trips and :class:`NotEvaluable` when the tree has no value
(``\\infty``, a set, division by zero at this point).

>>> from rewardkit.mathtree import Number, Pow, Factorial, Div
>>> exact_value(Div(Number(Fraction(1)), Factorial(Number(Fraction(5)))))
Fraction(1, 120)
>>> exact_value(Pow(Number(Fraction(9)), Pow(Number(Fraction(9)), Number(Fraction(9)))))
Traceback (most recent call last):
...
rewardkit.tree_values.TooLarge: 9^387420489 has too many digits
"""

from __future__ import annotations

import math
import random
import zlib
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal

from rewardkit.mathtree import (
    Add,
    BigOp,
    Binomial,
    Constant,
    Degrees,
    Div,
    Factorial,
    Func,
    Mul,
    Neg,
    Node,
    Number,
    Percent,
    Pow,
    Root,
    Symbol,
    substitute,
    walk,
)

# Exact integers up to this many bits (about 60,000 digits) are cheap to build and compare.
MAX_EXACT_BITS = 200_000
MAX_FACTORIAL = 5_000
# Numeric values whose binary exponent exceeds this are refused (10^(3*10^5) and beyond).
MAX_MAGNITUDE_BITS = 1_000_000
DIGITS = 60
# A sum or product with constant integer bounds is evaluated term by term only up to this many terms, and
# only while terms times the size of the body (nested sums multiplied through) stays under MAX_SUM_WORK;
# past either it is refused (TooLarge), as 10^{6}! is.
MAX_SUM_TERMS = 1000
MAX_SUM_WORK = 50_000


class NotEvaluable(ValueError):
    """The tree has no numeric value here (infinity, a structure, a pole at this point)."""


class TooLarge(NotEvaluable):
    """A size guard tripped: the value would be too large to compute safely."""


def exact_value(node: Node) -> Fraction | None:
    """The exact rational value of a constant tree, or None when it is not rational (or not constant)."""
    if isinstance(node, Number):
        return node.value
    if isinstance(node, Neg):
        v = exact_value(node.x)
        return -v if v is not None else None
    if isinstance(node, Add):
        total = Fraction(0)
        for term in node.terms:
            v = exact_value(term)
            if v is None:
                return None
            total += v
        return total
    if isinstance(node, Mul):
        product = Fraction(1)
        for factor in node.factors:
            v = exact_value(factor)
            if v is None:
                return None
            product *= v
        return product
    if isinstance(node, Div):
        num, den = exact_value(node.num), exact_value(node.den)
        if num is None or den is None:
            return None
        if den == 0:
            raise NotEvaluable("division by zero")
        return num / den
    if isinstance(node, Percent):
        v = exact_value(node.x)
        return v / 100 if v is not None else None
    if isinstance(node, Pow):
        return _exact_power(node)
    if isinstance(node, Root):
        return _exact_root(node)
    if isinstance(node, Factorial):
        n = exact_value(node.x)
        if n is None or n.denominator != 1 or n < 0:
            return None
        if n > MAX_FACTORIAL:
            raise TooLarge(f"{_short(n)}! has too many digits")
        return Fraction(math.factorial(int(n)))
    if isinstance(node, BigOp):
        return _exact_big_op(node)
    if isinstance(node, Binomial):
        n, k = exact_value(node.n), exact_value(node.k)
        if n is None or k is None or n.denominator != 1 or k.denominator != 1 or n < 0:
            return None
        if n > MAX_FACTORIAL:
            raise TooLarge(f"binomial({_short(n)}, {_short(k)}) has too many digits")
        return Fraction(math.comb(int(n), int(k))) if 0 <= k <= n else Fraction(0)
    return None


def term_indices(node: BigOp, lo: Any, hi: Any) -> range | None:
    """The indices a sum runs over when its bounds are integers (an empty range, upper bound below the lower,
    is the empty sum or product); None when they are not. :class:`TooLarge` past :data:`MAX_SUM_TERMS`
    terms or :data:`MAX_SUM_WORK` nodes of work."""
    if lo is None or hi is None or lo != int(lo) or hi != int(hi):
        return None
    indices = range(int(lo), int(hi) + 1)
    if len(indices) > MAX_SUM_TERMS or len(indices) * _work(node.body) > MAX_SUM_WORK:
        # priced before anything runs: \prod_{k=1}^{10^9} k is refused, never handed to sympy either
        raise TooLarge(f"a {node.op} of {_short(Fraction(len(indices)))} terms")
    return indices


def _work(node: Node) -> int:
    """Nodes evaluated for one value of ``node``: a nested sum counts its terms times its body."""
    if isinstance(node, BigOp):
        lo, hi = (exact_value(b) if isinstance(b, (Number, Neg)) else None for b in (node.lo, node.hi))
        terms = int(hi - lo + 1) if lo is not None and hi is not None else MAX_SUM_WORK
        return 1 + max(terms, 1) * _work(node.body)
    return 1 + sum(_work(c) for c in node.children())


def _exact_big_op(node: BigOp) -> Fraction | None:
    indices = term_indices(node, exact_value(node.lo), exact_value(node.hi))
    if indices is None:
        return None
    total = Fraction(0 if node.op == "sum" else 1)
    for k in indices:
        term = exact_value(substitute(node.body, node.var, Number(Fraction(k))))
        if term is None:
            return None
        total = total + term if node.op == "sum" else total * term
        if max(total.numerator.bit_length(), total.denominator.bit_length()) > MAX_EXACT_BITS:
            raise TooLarge(f"a {node.op} with too many digits")
    return total


def _exact_power(node: Pow) -> Fraction | None:
    base = exact_value(node.base)
    if base is None:
        return None
    exp = exact_value(node.exp)
    if exp is None:
        return None
    if exp.denominator != 1:
        # a rational power is rational only for perfect powers: 8^{2/3} = 4, 2^{1/2} is not
        root = _rational_root(base, exp.denominator)
        if root is None:
            return None
        base, exp = root, Fraction(exp.numerator)
    e = int(exp)
    if base in (0, 1, -1):
        if base == 0 and e < 0:
            raise NotEvaluable("division by zero")
        return base**e
    bits = max(abs(base.numerator).bit_length(), abs(base.denominator).bit_length())
    if bits * abs(e) > MAX_EXACT_BITS:
        raise TooLarge(f"{_short(base)}^{_short(exp)} has too many digits")
    return base**e


def _exact_root(node: Root) -> Fraction | None:
    radicand, index = exact_value(node.radicand), exact_value(node.index)
    if radicand is None or index is None or index.denominator != 1 or index <= 0:
        return None
    return _rational_root(radicand, int(index))


def _rational_root(value: Fraction, n: int) -> Fraction | None:
    if n == 1:
        return value
    if value < 0:
        if n % 2 == 0:
            return None
        root = _rational_root(-value, n)
        return -root if root is not None else None
    num, den = _int_root(value.numerator, n), _int_root(value.denominator, n)
    return Fraction(num, den) if num is not None and den is not None else None


def _int_root(value: int, n: int) -> int | None:
    if value in (0, 1):
        return value
    if value.bit_length() > MAX_EXACT_BITS or n >= value.bit_length():
        # an integer root r >= 2 has r^n >= 2^n, more than value once n reaches its bit length: pricing
        # this first keeps 2^{1/2^{1000}} from trying candidate**(2^1000)
        return None
    guess = round(value ** (1.0 / n)) if value.bit_length() < 1000 else _newton_root(value, n)
    for candidate in (guess - 1, guess, guess + 1):
        if candidate >= 0 and candidate**n == value:
            return candidate
    return None


def _newton_root(value: int, n: int) -> int:
    x = 1 << ((value.bit_length() + n - 1) // n)
    while True:
        y = ((n - 1) * x + value // x ** (n - 1)) // n
        if y >= x:
            return x
        x = y


def _short(value: Fraction) -> str:
    # str() of an int past 4,300 digits raises ValueError (CPython's guard): name such a number by its size
    bits = max(value.numerator.bit_length(), value.denominator.bit_length())
    if bits > 1000:
        return f"<a number of about {int(bits * 0.30103)} digits>"
    text = str(value)
    return text if len(text) <= 20 else text[:8] + "…"


# --- numeric -----------------------------------------------------------------------------------------


@lru_cache(maxsize=1)
def _context() -> Any:
    return _context_at(DIGITS)


@lru_cache(maxsize=64)
def _context_at(digits: int) -> Any:
    # one private context per precision, never re-configured: threads grading at once share them safely
    from mpmath.ctx_mp import MPContext  # imported on first use: plain numbers never need it

    ctx = MPContext()
    ctx.dps = digits
    return ctx


def context() -> Any:
    """The private mpmath context used for numeric evaluation."""
    return _context()


_FUNCTIONS = {
    "sin": "sin", "cos": "cos", "tan": "tan", "sec": "sec", "csc": "csc", "cot": "cot",
    "asin": "asin", "acos": "acos", "atan": "atan", "sinh": "sinh", "cosh": "cosh", "tanh": "tanh",
    "ln": "ln", "exp": "exp", "abs": "fabs",
}  # fmt: skip


def sample_points(names: frozenset[str], count: int = 3, signed: bool = False) -> list[dict[str, Any]]:
    """Deterministic pseudo-random points for free symbols, identical in every process.

    Values lie in [0.5, 2.5) with irrational-looking digits, so identities that hold at all of them hold
    everywhere with overwhelming probability (polynomials and rational functions: Schwartz-Zippel), and
    positive so that square roots and logarithms stay on their principal branch. ``signed`` adds a point
    with negative values, for trees with ``|x|``, floor or ceiling, which positive points cannot tell
    from ``x``.
    """
    ctx = _context()
    points: list[dict[str, Any]] = [{} for _ in range(count + signed)]
    for name in sorted(names):
        rng = random.Random(zlib.crc32(name.encode()))
        for k, point in enumerate(points):
            value = ctx.mpf(0.5 + 2 * rng.random()) + ctx.mpf(1) / (7 + rng.randrange(1000))
            point[name] = -value if k == count else value
    return points


_TRIGONOMETRIC = frozenset({"sin", "cos", "tan", "sec", "csc", "cot"})
_SIGN_SENSITIVE = frozenset({"abs", "floor", "ceil"})
# functions that are constant on intervals: two of them can agree at every sampled point and still differ
# (floor(n/2) and floor(sqrt(n-1)) agree for n in [0.5, 2.5)), so sampling alone never shows them equal
STEP_FUNCTIONS = frozenset({"floor", "ceil", "round", "sign", "sgn", "mod", "frac"})


def has_step_function(*trees: Node) -> bool:
    """Whether a tree holds a function that is constant on intervals (floor, ceiling, round, ...)."""
    return any(isinstance(n, Func) and n.name in STEP_FUNCTIONS for tree in trees for n in walk(tree))


def spread_points(names: frozenset[str], count: int = 6) -> list[dict[str, Any]]:
    """Points far apart (magnitudes up to about 200), where step functions that agree near 1 come apart."""
    ctx = _context()
    points: list[dict[str, Any]] = [{} for _ in range(count)]
    for name in sorted(names):
        rng = random.Random(zlib.crc32(name.encode()) ^ 0x5EED)
        for k, point in enumerate(points):
            point[name] = ctx.mpf(3 * (k + 1) ** 2.5 + rng.random()) + ctx.mpf(1) / (7 + rng.randrange(1000))
    return points


def needs_signed_points(*trees: Node) -> bool:
    """Whether a tree holds a function that positive sample points cannot tell apart from its argument:
    ``|x|``, floor, ceiling, or an even root of an even power (``\\sqrt{x^2}`` is ``|x|``, never ``x``).

    >>> from rewardkit.mathtree import Pow, Root, Symbol, Number
    >>> x, two = Symbol("x"), Number(Fraction(2))
    >>> needs_signed_points(Root(Pow(x, two), two)), needs_signed_points(Root(x, two))
    (True, False)
    """
    return any(
        (isinstance(n, Func) and n.name in _SIGN_SENSITIVE) or _even_root_of_even_power(n)
        for tree in trees
        for n in walk(tree)
    )


def _even_root_of_even_power(node: Node) -> bool:
    if isinstance(node, Root):
        radicand, index = node.radicand, _constant_fraction(node.index)
    elif isinstance(node, Pow):
        exponent = _constant_fraction(node.exp)
        radicand, index = node.base, None if exponent is None else Fraction(exponent.denominator)
    else:
        return False
    if index is None or index.denominator != 1 or index.numerator % 2:
        return False
    for p in walk(radicand):
        if isinstance(p, Pow) and any(isinstance(s, Symbol) for s in walk(p.base)):
            exponent = _constant_fraction(p.exp)
            if exponent is not None and exponent.denominator == 1 and exponent.numerator % 2 == 0:
                return True
    return False


def _constant_fraction(node: Node) -> Fraction | None:
    """A small constant exponent or index as a fraction (``2``, ``\\frac12``, ``1/2``), else None."""
    if isinstance(node, Number):
        return node.value
    if any(isinstance(n, Symbol) for n in walk(node)) or sum(1 for _ in walk(node)) > 5:
        return None
    try:
        value = exact_value(node)
    except NotEvaluable:
        return None
    return value if isinstance(value, Fraction) else None


def numeric_value(node: Node, point: dict[str, Any]) -> Any:
    """The value of ``node`` at ``point`` as an mpmath complex number (60 digits)."""
    ctx = _context()
    return _num(node, point, ctx, _Magnitudes())


# Precision is chosen from the magnitudes a comparison meets, within this cap; past it numbers cannot decide.
MAX_DIGITS = 1000
# a trigonometric argument past this many bits needs that many bits of pi: refused, not computed
MAX_TRIG_ARGUMENT_BITS = 4000
_LOG10_2 = 0.30103


class _Magnitudes:
    """The largest and smallest magnitudes (binary exponents) met while evaluating: what decides how many
    digits an evaluation loses (``e^{100} + 1`` keeps the ``+ 1`` only past 44 digits) and how many it
    needs to see a tiny term (``\\sqrt2 + 10^{-45}``)."""

    __slots__ = ("high", "low")

    def __init__(self) -> None:
        self.high = 0
        self.low = 0

    def note(self, value: Any, ctx: Any) -> None:
        if value != 0:
            m = int(ctx.mag(value))
            self.high = max(self.high, m)
            self.low = min(self.low, m)

    @property
    def lost_digits(self) -> float:
        return self.high * _LOG10_2

    @property
    def spread_digits(self) -> float:
        return (self.high - self.low) * _LOG10_2


Closeness = Literal["same", "different", "undecided"]


def numeric_closeness(pred: Node, gold: Node, point: dict[str, Any]) -> Closeness:
    """Whether two trees have the same value at ``point``, judged against the evaluation's own error.

    Each value is computed with its magnitudes tracked. When they span more than a few digits (large
    intermediates, whose rounding swamps small terms, or tiny terms below the working precision), both
    are evaluated again with enough digits to see every term, up to :data:`MAX_DIGITS`. "same" needs the
    difference within the error estimate and the values resolved far above it; "different" needs the
    difference far above it; anything between is "undecided" (the caller escalates, never pays).

    >>> from rewardkit.latex import parse_math as p
    >>> numeric_closeness(p("e^{100}+1"), p("e^{100}"), {})
    'different'
    >>> numeric_closeness(p("\\\\sqrt{8}"), p("2\\\\sqrt{2}"), {})
    'same'
    """
    track = _Magnitudes()
    ctx = _context()
    p, g = _num(pred, point, ctx, track), _num(gold, point, ctx, track)
    digits = DIGITS
    if track.spread_digits > 15:
        needed = DIGITS + track.spread_digits + 30
        if needed > MAX_DIGITS:
            return "undecided"
        digits = 50 * (int(needed) // 50 + 1)  # a few precisions, each context built once
        ctx = _context_at(digits)
        track = _Magnitudes()
        p, g = _num(pred, point, ctx, track), _num(gold, point, ctx, track)
    noise = ctx.mpf(10) ** (track.lost_digits + 10 - digits)
    diff = abs(p - g)
    if diff <= noise:
        return "same" if max(abs(p), abs(g)) >= noise * ctx.mpf(10) ** 30 else "undecided"
    return "different" if diff > noise * 10**5 else "undecided"


def value_bounds(node: Node) -> tuple[Fraction, Fraction] | None:
    """Rationals ``lo <= hi`` that hold the real value of a tree without free symbols, from an evaluation
    whose error is tracked as :func:`numeric_closeness` tracks it (more digits where magnitudes spread);
    None when the value is not real, not finite, or cannot be resolved within :data:`MAX_DIGITS`.
    Raises NotEvaluable (and the arithmetic errors) as :func:`numeric_value` does.

    >>> from rewardkit.latex import parse_math as p
    >>> lo, hi = value_bounds(p("\\\\sqrt{2}"))
    >>> float(lo) == 2**0.5, 0 < hi - lo < Fraction(1, 10**40)
    (True, True)
    """
    track = _Magnitudes()
    ctx = _context()
    value = _num(node, {}, ctx, track)
    digits = DIGITS
    if track.spread_digits > 15:
        needed = DIGITS + track.spread_digits + 30
        if needed > MAX_DIGITS:
            return None
        digits = 50 * (int(needed) // 50 + 1)
        ctx = _context_at(digits)
        track = _Magnitudes()
        value = _num(node, {}, ctx, track)
    noise = ctx.mpf(10) ** (track.lost_digits + 10 - digits)
    real = ctx.re(value)
    if abs(ctx.im(value)) > noise or not ctx.isfinite(real):
        return None
    center, error = _exact(ctx, real), _exact(ctx, noise)
    return center - error, center + error


def _exact(ctx: Any, value: Any) -> Fraction:
    """An mpmath real as the rational it is (mantissa times a power of two)."""
    mantissa, exponent = ctx.mpf(value).man_exp
    return Fraction(int(mantissa)) * Fraction(2) ** int(exponent)


def _num(node: Node, point: dict[str, Any], ctx: Any, track: _Magnitudes) -> Any:
    value = _value_of(node, point, ctx, track)
    track.note(value, ctx)
    return value


def _value_of(node: Node, point: dict[str, Any], ctx: Any, track: _Magnitudes) -> Any:
    if isinstance(node, Number):
        return ctx.mpf(node.value.numerator) / node.value.denominator
    if isinstance(node, Symbol):
        if node.name not in point:
            raise NotEvaluable(f"no value for {node.name}")
        return ctx.convert(point[node.name])
    if isinstance(node, Constant):
        if node.name == "pi":
            return +ctx.pi
        if node.name == "e":
            return +ctx.e
        if node.name == "i":
            return ctx.mpc(0, 1)
        raise NotEvaluable(f"{node.name} has no finite value")
    if isinstance(node, Neg):
        return -_num(node.x, point, ctx, track)
    if isinstance(node, Add):
        total = ctx.mpf(0)
        for term in node.terms:
            total += _num(term, point, ctx, track)
        return total
    if isinstance(node, Mul):
        product = ctx.mpf(1)
        for factor in node.factors:
            product *= _num(factor, point, ctx, track)
        return _checked(product, ctx)
    if isinstance(node, Div):
        den = _num(node.den, point, ctx, track)
        if den == 0:
            raise NotEvaluable("division by zero")
        return _checked(_num(node.num, point, ctx, track) / den, ctx)
    if isinstance(node, Pow):
        return _power(node, point, ctx, track)
    if isinstance(node, Root):
        radicand = _num(node.radicand, point, ctx, track)
        index = _num(node.index, point, ctx, track)
        if index == 0:
            raise NotEvaluable("zeroth root")
        if ctx.im(radicand) == 0 and ctx.re(radicand) < 0 and ctx.im(index) == 0:  # i^98 is an mpc
            n = ctx.re(index)
            if n == int(n) and int(n) % 2 == 1:  # odd roots of negatives are real: \sqrt[3]{-8} = -2
                return -ctx.power(-ctx.re(radicand), 1 / n)
        return ctx.power(radicand, 1 / index)
    if isinstance(node, Func):
        return _function(node, point, ctx, track)
    if isinstance(node, Factorial):
        x = _num(node.x, point, ctx, track)
        if ctx.im(x) != 0 or ctx.re(x) > 10**6:
            raise TooLarge("factorial too large") if ctx.im(x) == 0 else NotEvaluable("complex factorial")
        if ctx.re(x) < 0 and ctx.re(x) == int(ctx.re(x)):
            raise NotEvaluable("factorial of a negative integer")
        return _checked(ctx.factorial(ctx.re(x)), ctx)
    if isinstance(node, Binomial):
        n, k = _num(node.n, point, ctx, track), _num(node.k, point, ctx, track)
        if abs(n) > 10**6 or abs(k) > 10**6:  # either side: binomial(i, 10^300000) did not return
            raise TooLarge("binomial too large")
        return _checked(ctx.binomial(n, k), ctx)
    if isinstance(node, Percent):
        return _num(node.x, point, ctx, track) / 100
    if isinstance(node, BigOp):
        return _big_op(node, point, ctx, track)
    if isinstance(node, Degrees):
        return _num(node.x, point, ctx, track) * ctx.pi / 180
    raise NotEvaluable(f"{type(node).__name__} has no single value")


def _big_op(node: BigOp, point: dict[str, Any], ctx: Any, track: _Magnitudes) -> Any:
    lo, hi = _num(node.lo, point, ctx, track), _num(node.hi, point, ctx, track)
    if ctx.im(lo) != 0 or ctx.im(hi) != 0:
        raise NotEvaluable(f"a {node.op} with complex bounds")
    indices = term_indices(node, ctx.re(lo), ctx.re(hi))
    if indices is None:
        raise NotEvaluable(f"a {node.op} whose bounds are not small integers here")
    total = ctx.mpf(0 if node.op == "sum" else 1)
    inner = dict(point)
    for k in indices:
        inner[node.var] = ctx.mpf(k)
        term = _num(node.body, inner, ctx, track)
        total = total + term if node.op == "sum" else _checked(total * term, ctx)
    return total


def _power(node: Pow, point: dict[str, Any], ctx: Any, track: _Magnitudes) -> Any:
    base = _num(node.base, point, ctx, track)
    exp = _num(node.exp, point, ctx, track)
    if base == 0:
        if ctx.re(exp) <= 0:
            raise NotEvaluable("0 to a non-positive power")
        return ctx.mpf(0)
    # estimate the size before computing: |base^exp| ~ 2^(re(exp) * log2|base|)
    # (complex: i^{-i \\cdot 10^9} = e^{\\pi/2 \\cdot 10^9})
    size = abs(ctx.re(exp * ctx.log(base))) / ctx.ln2
    if size > MAX_MAGNITUDE_BITS:
        raise TooLarge("power too large")
    if ctx.im(base) == 0 and ctx.im(exp) == 0 and (ctx.re(base) > 0 or ctx.re(exp) == int(ctx.re(exp))):
        return ctx.power(ctx.re(base), ctx.re(exp))
    if ctx.im(base) == 0 and ctx.re(base) < 0 and isinstance(node.exp, (Number, Div, Neg)):
        # (x^2-2)^{5/3} at x^2 < 2 is real, as \\sqrt[3]{x^2-2}^5 is: a rational power with an odd denominator
        # of a negative number takes the real root, the convention of odd roots (\\sqrt[3]{-8} = -2)
        rational = exact_value(node.exp)
        if rational is not None and rational.denominator % 2 == 1:
            magnitude = ctx.power(-ctx.re(base), ctx.re(exp))
            return -magnitude if rational.numerator % 2 else magnitude
    return ctx.power(base, exp)


def _function(node: Func, point: dict[str, Any], ctx: Any, track: _Magnitudes) -> Any:
    args = [_num(a, point, ctx, track) for a in node.args]
    name = node.name
    if name == "log":
        if len(args) == 2:  # log(x, base)
            x, base = args
            if x == 0 or base in (0, 1):
                raise NotEvaluable("logarithm undefined here")
            return ctx.log(x) / ctx.log(base)
        name = "ln"  # a bare \log in answers is the natural logarithm (documented in the README)
    if name in ("floor", "ceil"):
        (x,) = args
        if ctx.im(x) != 0:
            raise NotEvaluable(f"{name} of a complex number")
        return getattr(ctx, name)(ctx.re(x))
    if name not in _FUNCTIONS or len(args) != 1:
        raise NotEvaluable(f"unknown function {name}/{len(args)}")
    (x,) = args
    if name == "ln" and x == 0:
        raise NotEvaluable("log of zero")
    if name in _TRIGONOMETRIC and ctx.mag(x) > MAX_TRIG_ARGUMENT_BITS:  # before the pole checks compute it
        raise NotEvaluable(f"{name} of an argument too large to evaluate")
    if name in ("tan", "sec") and abs(ctx.cos(x)) < ctx.mpf(10) ** (-DIGITS + 5):
        raise NotEvaluable(f"{name} at a pole")
    if name in ("cot", "csc") and abs(ctx.sin(x)) < ctx.mpf(10) ** (-DIGITS + 5):
        raise NotEvaluable(f"{name} at a pole")
    if name == "exp" and abs(x) > MAX_MAGNITUDE_BITS:
        raise TooLarge("exponential too large")
    return getattr(ctx, _FUNCTIONS[name])(x)


def _checked(value: Any, ctx: Any) -> Any:
    if value != 0 and ctx.mag(value) > MAX_MAGNITUDE_BITS:
        raise TooLarge("value too large")
    return value
