"""The tree that ``latex.py`` parses math answers into, before anything touches sympy.

A small tree of frozen dataclasses keeps the two expensive things apart: the parser never builds sympy
objects (so it cannot blow up on ``9^{9^{9^9}}``), and the equivalence ladder decides most cases by exact
rational arithmetic or by high-precision numeric evaluation of this tree, calling sympy only for what is
left. :func:`to_sympy` converts a (guarded) tree when sympy is needed.

Node kinds::

    Number(value, decimals)          exact rational as written; decimals = written fractional digits
    Symbol(name)                     x, y, x_1 ("x_1"), \\alpha ("alpha")
    Constant(name)                   "pi", "e", "i", "oo" (\\infty)
    Add(terms) Mul(factors) Neg(x) Div(num, den) Pow(base, exp)
    Func(name, args)                 sin cos tan sec csc cot asin acos atan sinh cosh tanh ln log exp abs
                                     floor ceil; log with two args = (x, base)
    Root(radicand, index)            \\sqrt{x} has index Number(2)
    Factorial(x) Binomial(n, k)
    Percent(x)                       x\\% ; the value is x/100
    Degrees(x)                       x^\\circ ; the value is x*pi/180
    PlusMinus(center, offset)        a \\pm b: the set {a - b, a + b}
    SetOf(items) TupleOf(items) ListOf(items)
    Interval(lo, hi, left_open, right_open)
    Union(parts)
    Relation(op, lhs, rhs)           op in "=", "<", "<=", ">", ">=", "!="
    Chain(ops, terms)                0 < x < 12.5: ops ("<", "<"), terms (0, x, 12.5)
    Matrix(rows)
    Indexed(name, index)             a term of a sequence by an index expression: F_{n-k-1}, or F_k in a sum
                                     over k
    BigOp(op, var, lo, hi, body)     \\sum_{k=lo}^{hi} body (op "sum"), \\prod (op "prod"); var is bound in
                                     body, not in lo and hi
    Text(value)                      a \\text{} answer with no math in it ("Monday")
    Ratio(terms)                     a:b:c with three terms or more, as whole numbers with no common factor
                                     (2:4:6 is Ratio((1, 2, 3))): equal by proportion, and only to a ratio
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from rewardkit.lazy_regex import lazy_compile


class Node:
    """Base class of the math tree."""

    __slots__ = ()

    def children(self) -> tuple[Node, ...]:
        out: list[Node] = []
        for name in self.__dataclass_fields__:  # type: ignore[attr-defined]
            value = getattr(self, name)
            if isinstance(value, Node):
                out.append(value)
            elif isinstance(value, tuple):
                for item in value:
                    if isinstance(item, Node):
                        out.append(item)
                    elif isinstance(item, tuple):
                        out.extend(x for x in item if isinstance(x, Node))
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Number(Node):
    value: Fraction
    decimals: int | None = None


@dataclass(frozen=True, slots=True)
class Symbol(Node):
    name: str


@dataclass(frozen=True, slots=True)
class Constant(Node):
    name: str


@dataclass(frozen=True, slots=True)
class Add(Node):
    terms: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Mul(Node):
    factors: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Neg(Node):
    x: Node


@dataclass(frozen=True, slots=True)
class Div(Node):
    num: Node
    den: Node


@dataclass(frozen=True, slots=True)
class Pow(Node):
    base: Node
    exp: Node


@dataclass(frozen=True, slots=True)
class Func(Node):
    name: str
    args: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Apply(Node):
    """A named function applied to arguments, ``f(x)``, ``T(10)``, ``E(2020, 1993)``: function notation, never
    the product ``f·x``. It has no value of its own (nothing says what ``f`` is); it names one."""

    name: str
    args: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Indexed(Node):
    """A sequence's term at an index that is an expression (``F_{n-k-1}``) or a bound variable (``F_k`` in a
    sum over ``k``); a plain subscript (``x_1``, ``F_n`` outside any sum) is part of a :class:`Symbol`'s
    name. Like :class:`Apply`, it has no value of its own."""

    name: str
    index: Node


@dataclass(frozen=True, slots=True)
class BigOp(Node):
    """``\\sum_{k=lo}^{hi} body`` (``op`` "sum") or ``\\prod`` (``op`` "prod"): ``var`` is bound in ``body``
    only, so it is not a free symbol of the tree."""

    op: str
    var: str
    lo: Node
    hi: Node
    body: Node


@dataclass(frozen=True, slots=True)
class Root(Node):
    radicand: Node
    index: Node


@dataclass(frozen=True, slots=True)
class Factorial(Node):
    x: Node


@dataclass(frozen=True, slots=True)
class Binomial(Node):
    n: Node
    k: Node


@dataclass(frozen=True, slots=True)
class Percent(Node):
    x: Node


@dataclass(frozen=True, slots=True)
class Degrees(Node):
    x: Node


@dataclass(frozen=True, slots=True)
class PlusMinus(Node):
    center: Node
    offset: Node


@dataclass(frozen=True, slots=True)
class SetOf(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class TupleOf(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class ListOf(Node):
    items: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Interval(Node):
    lo: Node
    hi: Node
    left_open: bool
    right_open: bool


@dataclass(frozen=True, slots=True)
class Union(Node):
    parts: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Relation(Node):
    op: str
    lhs: Node
    rhs: Node


@dataclass(frozen=True, slots=True)
class Chain(Node):
    ops: tuple[str, ...]
    terms: tuple[Node, ...]


@dataclass(frozen=True, slots=True)
class Matrix(Node):
    rows: tuple[tuple[Node, ...], ...]


@dataclass(frozen=True, slots=True)
class Text(Node):
    value: str


@dataclass(frozen=True, slots=True)
class Ratio(Node):
    terms: tuple[int, ...]


SCALAR_KINDS = (
    Number,
    Symbol,
    Constant,
    Add,
    Mul,
    Neg,
    Div,
    Pow,
    Func,
    Apply,
    Indexed,
    BigOp,
    Root,
    Factorial,
    Binomial,
    Percent,
    Degrees,
)


def is_scalar(node: Node) -> bool:
    """True for expressions that denote one number (possibly with free symbols)."""
    return isinstance(node, SCALAR_KINDS)


def walk(node: Node) -> Any:
    """Every node of the tree, depth first."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(n.children())


def symbols_of(node: Node) -> frozenset[str]:
    """Names of the free symbols in a tree; a sum's bound variable is free only in its bounds.

    >>> from rewardkit.latex import parse_math
    >>> sorted(symbols_of(parse_math("\\\\sum_{k=1}^{n} k x")))
    ['n', 'x']
    """
    names: set[str] = set()
    stack: list[tuple[Node, frozenset[str]]] = [(node, frozenset())]
    while stack:
        n, bound = stack.pop()
        if isinstance(n, Symbol):
            if n.name not in bound:
                names.add(n.name)
        elif isinstance(n, BigOp):
            stack.extend(((n.lo, bound), (n.hi, bound), (n.body, bound | {n.var})))
        else:
            stack.extend((c, bound) for c in n.children())
    return frozenset(names)


def substitute(node: Node, name: str, value: Node) -> Node:
    """``node`` with every free ``Symbol(name)`` replaced by ``value`` (a sum binding ``name`` keeps it in
    its body). ``value`` must not name a variable a sum binds: callers pass constants or fresh names."""
    if isinstance(node, Symbol):
        return value if node.name == name else node
    if isinstance(node, BigOp) and node.var == name:
        return dataclasses.replace(
            node, lo=substitute(node.lo, name, value), hi=substitute(node.hi, name, value)
        )
    return map_children(node, lambda child: substitute(child, name, value))


def map_children(node: Node, fn: Callable[[Node], Node]) -> Node:
    """``node`` with ``fn`` applied to each of its child trees (every field that is a node, or a tuple of
    nodes): the one walk every tree rewrite shares."""
    changes: dict[str, Any] = {}
    for f in dataclasses.fields(node):  # type: ignore[arg-type]
        old = getattr(node, f.name)
        if isinstance(old, Node):
            changes[f.name] = fn(old)
        elif isinstance(old, tuple) and old and all(isinstance(item, Node) for item in old):
            changes[f.name] = tuple(fn(item) for item in old)
    return dataclasses.replace(node, **changes) if changes else node  # type: ignore[type-var]


def to_sympy(node: Node) -> Any:
    """The sympy object for a tree (scalars, relations, sets, tuples, intervals, matrices).

    Only for trees that passed the size guards of :mod:`rewardkit.tree_values`; sympy evaluates eagerly.
    Imports sympy on first use.
    """
    import sympy

    bound_depth = [0]

    def conv(n: Node) -> Any:
        if isinstance(n, Number):
            return sympy.Rational(n.value.numerator, n.value.denominator)
        if isinstance(n, Symbol):
            return sympy.Symbol(n.name)
        if isinstance(n, Constant):
            return {"pi": sympy.pi, "e": sympy.E, "i": sympy.I, "oo": sympy.oo}[n.name]
        if isinstance(n, Add):
            return sympy.Add(*(conv(t) for t in n.terms))
        if isinstance(n, Mul):
            return sympy.Mul(*(conv(f) for f in n.factors))
        if isinstance(n, Neg):
            return -conv(n.x)
        if isinstance(n, Div):
            return conv(n.num) / conv(n.den)
        if isinstance(n, Pow):
            return sympy.Pow(conv(n.base), conv(n.exp))
        if isinstance(n, Root):
            index = conv(n.index)
            radicand = conv(n.radicand)
            return sympy.real_root(radicand, index) if index.is_odd else sympy.root(radicand, index)
        if isinstance(n, Func):
            args = [conv(a) for a in n.args]
            if n.name == "log":
                return sympy.log(*args)
            name = {"ln": "log", "abs": "Abs", "ceil": "ceiling"}.get(n.name, n.name)
            return getattr(sympy, name)(*args)
        if isinstance(n, Apply):
            return sympy.Function(n.name)(*(conv(a) for a in n.args))
        if isinstance(n, Indexed):
            # a name no function application has (f_ is not a letter): F_k never becomes the same object
            # as the function notation F(k)
            return sympy.Function(n.name + "_")(conv(n.index))
        if isinstance(n, BigOp):
            # the bound variable gets a name no answer can write, one per nesting level: sums that differ
            # only in what they call it are the same sympy object
            lo, hi = conv(n.lo), conv(n.hi)
            bound_depth[0] += 1
            var = sympy.Symbol(f"#bound{bound_depth[0]}")
            body = conv(substitute(n.body, n.var, Symbol(var.name)))
            bound_depth[0] -= 1
            cls = sympy.Sum if n.op == "sum" else sympy.Product
            return cls(body, (var, lo, hi))
        if isinstance(n, Factorial):
            return sympy.factorial(conv(n.x))
        if isinstance(n, Binomial):
            return sympy.binomial(conv(n.n), conv(n.k))
        if isinstance(n, Percent):
            return conv(n.x) / 100
        if isinstance(n, Degrees):
            return conv(n.x) * sympy.pi / 180
        if isinstance(n, PlusMinus):
            c, o = conv(n.center), conv(n.offset)
            return sympy.FiniteSet(c - o, c + o)
        if isinstance(n, (SetOf, ListOf)):
            return sympy.FiniteSet(*(conv(i) for i in n.items))
        if isinstance(n, TupleOf):
            return sympy.Tuple(*(conv(i) for i in n.items))
        if isinstance(n, Interval):
            return sympy.Interval(conv(n.lo), conv(n.hi), n.left_open, n.right_open)
        if isinstance(n, Union):
            return sympy.Union(*(conv(p) for p in n.parts))
        if isinstance(n, Relation):
            ops = {
                "=": sympy.Eq,
                "<": sympy.Lt,
                "<=": sympy.Le,
                ">": sympy.Gt,
                ">=": sympy.Ge,
                "!=": sympy.Ne,
            }
            return ops[n.op](conv(n.lhs), conv(n.rhs), evaluate=False)
        if isinstance(n, Chain):
            parts = [
                to_sympy(Relation(op, a, b)) for op, a, b in zip(n.ops, n.terms, n.terms[1:], strict=False)
            ]
            return sympy.And(*parts, evaluate=False)
        if isinstance(n, Matrix):
            return sympy.ImmutableMatrix([[conv(x) for x in row] for row in n.rows])
        if isinstance(n, Text):
            return sympy.Symbol(n.value)
        raise TypeError(f"cannot convert {type(n).__name__}")

    return conv(node)


def quantity_tree(quantity: Any) -> Node:
    """A plain-number :class:`~rewardkit.numbers.Quantity` as a tree (units dropped, percent kept)."""
    value: Fraction = quantity.value
    decimals = quantity.decimals or None
    node: Node = Number(abs(value), decimals) if value >= 0 else Neg(Number(-value, decimals))
    return Percent(node) if quantity.percent else node


_STRUCTURAL_NOISE = lazy_compile(r"\s+|\\left|\\right|\\!|\\,|\\;|\\:|\\displaystyle|\\limits")
_STRUCTURAL_ALIASES = (
    ("\\dfrac", "\\frac"),
    ("\\tfrac", "\\frac"),
    ("\\dbinom", "\\binom"),
    ("\\tbinom", "\\binom"),
    ("\\le ", "\\leq "),
    ("\\ge ", "\\geq "),
)


def structural_key(text: str) -> str:
    """A spelling-insensitive key: two answers with equal keys are the same expression, no parse needed.

    >>> structural_key("\\\\dfrac{ 1 }{2}") == structural_key("\\\\frac{1}{2}")
    True
    """
    for old, new in _STRUCTURAL_ALIASES:
        text = text.replace(old, new)
    return _STRUCTURAL_NOISE.sub("", text)


_PRECEDENCE = {Add: 1, Neg: 2, Mul: 3, Div: 3, Pow: 4}


def render(node: Node) -> str:
    """Compact plain-text rendering for reports (``extracted_parsed``, ``gold_parsed``).

    >>> render(Add((Pow(Symbol("x"), Number(Fraction(2))), Neg(Number(Fraction(1, 2))))))
    'x^2 - 0.5'
    """
    from rewardkit.numbers import format_fraction

    def wrap(child: Node, parent: Node) -> str:
        text = go(child)
        inner, outer = _PRECEDENCE.get(type(child), 9), _PRECEDENCE.get(type(parent), 0)
        if isinstance(child, Number) and child.value.denominator != 1 and outer >= 3:
            return f"({text})"
        return f"({text})" if inner <= outer else text

    def go(n: Node) -> str:
        if isinstance(n, Number):
            return format_fraction(n.value)
        if isinstance(n, (Symbol, Constant)):
            return {"oo": "∞"}.get(n.name, n.name)
        if isinstance(n, Add):
            out = wrap(n.terms[0], n)
            for t in n.terms[1:]:
                out += f" - {wrap(t.x, n)}" if isinstance(t, Neg) else f" + {wrap(t, n)}"
            return out
        if isinstance(n, Neg):
            return f"-{wrap(n.x, n)}"
        if isinstance(n, Mul):
            return "*".join(wrap(f, n) for f in n.factors)
        if isinstance(n, Div):
            return f"{wrap(n.num, n)}/{wrap(n.den, Pow(n, n))}"
        if isinstance(n, Pow):
            return f"{wrap(n.base, n)}^{wrap(n.exp, n)}"
        if isinstance(n, Root):
            index = go(n.index)
            return f"sqrt({go(n.radicand)})" if index == "2" else f"root{index}({go(n.radicand)})"
        if isinstance(n, (Func, Apply)):
            return f"{n.name}({', '.join(go(a) for a in n.args)})"
        if isinstance(n, Indexed):
            return f"{n.name}_({go(n.index)})"
        if isinstance(n, BigOp):
            return f"{n.op}({n.var} = {go(n.lo)}..{go(n.hi)}, {go(n.body)})"
        if isinstance(n, Factorial):
            return f"{wrap(n.x, Pow(n, n))}!"
        if isinstance(n, Binomial):
            return f"binom({go(n.n)}, {go(n.k)})"
        if isinstance(n, Percent):
            return f"{go(n.x)}%"
        if isinstance(n, Degrees):
            return f"{go(n.x)}°"
        if isinstance(n, PlusMinus):
            return f"{go(n.center)} ± {go(n.offset)}"
        if isinstance(n, SetOf):
            return "{" + ", ".join(go(i) for i in n.items) + "}"
        if isinstance(n, TupleOf):
            return "(" + ", ".join(go(i) for i in n.items) + ")"
        if isinstance(n, ListOf):
            return ", ".join(go(i) for i in n.items)
        if isinstance(n, Interval):
            return f"{'(' if n.left_open else '['}{go(n.lo)}, {go(n.hi)}{')' if n.right_open else ']'}"
        if isinstance(n, Union):
            return " ∪ ".join(go(p) for p in n.parts)
        if isinstance(n, Relation):
            return f"{go(n.lhs)} {n.op} {go(n.rhs)}"
        if isinstance(n, Chain):
            out = go(n.terms[0])
            for op, t in zip(n.ops, n.terms[1:], strict=True):
                out += f" {op} {go(t)}"
            return out
        if isinstance(n, Matrix):
            return "[" + "; ".join(", ".join(go(x) for x in row) for row in n.rows) + "]"
        if isinstance(n, Text):
            return n.value
        if isinstance(n, Ratio):
            return ":".join(map(str, n.terms))
        return type(n).__name__

    return go(node)
