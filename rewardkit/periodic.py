"""Solution families of a periodic equation, compared as sets of residues modulo their period.

``\\frac{\\pi}{6} + k\\pi, -\\frac{\\pi}{6} + k\\pi`` and
``\\frac{\\pi}{6} + \\pi k, \\frac{5\\pi}{6} + \\pi k`` name the same solutions: with ``k`` ranging over the
integers, ``-\\pi/6 \\equiv 5\\pi/6 \\pmod{\\pi}``. Written term by term the two lists differ; as families
they are equal.

Only trigonometric families are read this way: every item is ``c + k \\cdot P`` with one integer
parameter (``k``, ``n`` or ``m``), a period ``P`` that is a rational multiple of ``\\pi`` and an offset ``c``
that is one too. ``2k + 1`` against ``2k - 1`` is not: an expression in ``k`` asked for as such is not a
set, and nothing here says which one it is. Families with different periods are compared at their least
common period, when that is a small multiple of each (``\\pi/3 + k\\pi`` is
``\\pi/3 + 2k\\pi, 4\\pi/3 + 2k\\pi``).

>>> from rewardkit.latex import parse_math as p
>>> same_families(p("\\\\frac{\\\\pi}{6} + k\\\\pi, -\\\\frac{\\\\pi}{6} + k\\\\pi"),
...               p("\\\\frac{\\\\pi}{6} + \\\\pi k, \\\\frac{5\\\\pi}{6} + \\\\pi k"))
True
>>> same_families(p("\\\\frac{\\\\pi}{6} + k\\\\pi"), p("\\\\frac{\\\\pi}{3} + k\\\\pi"))
False
>>> same_families(p("2k + 1"), p("2k - 1")) is None
True
"""

from __future__ import annotations

import math
from fractions import Fraction

from rewardkit.mathtree import Add, Constant, Div, ListOf, Mul, Neg, Node, Number, Relation, SetOf, Symbol

# the names an integer parameter of a solution family goes by
PARAMETERS = frozenset({"k", "n", "m"})
# families are compared at their least common period only when it is at most this many of each period
MAX_PERIODS = 24

# a + b·π with rational a, b
Linear = tuple[Fraction, Fraction]


def same_families(pred: Node, gold: Node) -> bool | None:
    """Whether two lists of solution families are equal as sets; None when either side is not made of
    families (the comparison is then someone else's)."""
    pred_families, gold_families = _families(pred), _families(gold)
    if pred_families is None or gold_families is None:
        return None
    periods = [period for _, period in pred_families + gold_families]
    common = _lcm(periods)
    if common is None or any(common / period > MAX_PERIODS for period in periods):
        return None
    return _residues(pred_families, common) == _residues(gold_families, common)


def _residues(families: list[tuple[Fraction, Fraction]], common: Fraction) -> frozenset[Fraction]:
    """Each family ``c + k·P`` (``c``, ``P`` in units of π) as its residues modulo the common period."""
    out: set[Fraction] = set()
    for offset, period in families:
        for j in range(int(common / period)):
            out.add(((offset + j * period) / common) % 1)
    return frozenset(out)


def _lcm(periods: list[Fraction]) -> Fraction | None:
    numerator, denominator = 1, 0
    for p in periods:
        numerator = math.lcm(numerator, p.numerator)
        denominator = math.gcd(denominator, p.denominator)
    return Fraction(numerator, denominator) if denominator else None


def _families(node: Node) -> list[tuple[Fraction, Fraction]] | None:
    """``[(offset, period), ...]`` in units of π, the period positive, for a family or a list or set of them
    (the first item may name the unknown: ``x = \\frac{\\pi}{6} + k\\pi, …``); None otherwise."""
    items = node.items if isinstance(node, (ListOf, SetOf)) else (node,)
    out = []
    names = set()
    for item in items:
        if isinstance(item, Relation) and item.op == "=" and isinstance(item.lhs, Symbol):
            if item.lhs.name in PARAMETERS:
                return None
            item = item.rhs
        family = _family(item)
        if family is None:
            return None
        name, offset, period = family
        names.add(name)
        out.append((offset, period))
    return out if len(names) == 1 else None


def _family(node: Node) -> tuple[str, Fraction, Fraction] | None:
    """``(parameter, offset, period)`` of ``c + k·P`` with ``c`` and ``P`` rational multiples of π."""
    terms = node.terms if isinstance(node, Add) else (node,)
    offset: Linear = (Fraction(0), Fraction(0))
    found: tuple[str, Linear] | None = None
    for term in terms:
        step = _parameter_term(term)
        if step is not None:
            if found is not None:
                return None  # "k\\pi + k\\pi" or two parameters: not one family
            found = step
            continue
        value = _linear(term)
        if value is None:
            return None
        offset = (offset[0] + value[0], offset[1] + value[1])
    if found is None:
        return None
    name, (rational, pis) = found
    # the period and the offset both in units of π: a family of angles
    if rational != 0 or pis == 0 or offset[0] != 0:
        return None
    return name, offset[1], abs(pis)


def _parameter_term(term: Node) -> tuple[str, Linear] | None:
    """``k·P`` (``k\\pi``, ``2k\\pi``, ``-\\pi k``, ``\\frac{k\\pi}{2}``) as ``(k, P)``; None otherwise."""
    sign = 1
    if isinstance(term, Neg):
        sign, term = -1, term.x
    divisor = Fraction(1)
    if isinstance(term, Div):
        den = _linear(term.den)
        if den is None or den[1] != 0 or den[0] == 0:
            return None
        divisor, term = den[0], term.num
    factors = term.factors if isinstance(term, Mul) else (term,)
    parameters = [f for f in factors if isinstance(f, Symbol) and f.name in PARAMETERS]
    if len(parameters) != 1:
        return None
    rest = [f for f in factors if f is not parameters[0]]
    coefficient = _linear(Mul(tuple(rest))) if rest else (Fraction(1), Fraction(0))
    if coefficient is None:
        return None
    scale = sign / divisor
    return parameters[0].name, (coefficient[0] * scale, coefficient[1] * scale)


def _linear(node: Node) -> Linear | None:
    """``node`` as ``a + b·π`` with rational ``a``, ``b``; None when it is anything else."""
    if isinstance(node, Number):
        return node.value, Fraction(0)
    if isinstance(node, Constant) and node.name == "pi":
        return Fraction(0), Fraction(1)
    if isinstance(node, Neg):
        inner = _linear(node.x)
        return None if inner is None else (-inner[0], -inner[1])
    if isinstance(node, Add):
        a, b = Fraction(0), Fraction(0)
        for term in node.terms:
            value = _linear(term)
            if value is None:
                return None
            a, b = a + value[0], b + value[1]
        return a, b
    if isinstance(node, Mul):
        product: Linear = (Fraction(1), Fraction(0))
        for factor in node.factors:
            value = _linear(factor)
            if value is None or (product[1] != 0 and value[1] != 0):
                return None  # π² is no angle
            product = (product[0] * value[0], product[0] * value[1] + product[1] * value[0])
        return product
    if isinstance(node, Div):
        num, den = _linear(node.num), _linear(node.den)
        if num is None or den is None or den[1] != 0 or den[0] == 0:
            return None
        return num[0] / den[0], num[1] / den[0]
    return None
