"""Decide whether a predicted answer means the same as the gold.

Numbers are compared exactly as rationals first (``72.0 = 72``, ``2.5 = 5/2``). Precision only enters
through the gold: a gold written with two or more decimals (``3.14``, ``0.33``) may be a rounding, so a
more precise prediction that rounds to it matches; integer golds and one-decimal golds are exact
(``10001 != 10000``, ``0.54 != 0.5``). Units convert when both sides carry one of the same dimension;
percent follows the gold's form (gold ``25`` or ``0.25`` both accept ``25%``; a bare value below 1 is a
proportion, so gold ``0.72`` accepts ``72%`` and never ``0.72%``).

Each comparison returns the name of the rule that matched, or None: reports show the name.

>>> from rewardkit.numbers import parse_number as q
>>> compare_quantities(q("72.0"), q("72")), compare_quantities(q("3.1416"), q("3.14"))
('exact', 'rounded_gold')
>>> compare_quantities(q("2.5 hours"), q("150 minutes")), compare_quantities(q("25%"), q("0.25"))
('unit_conversion', 'percent')
>>> compare_quantities(q("10001"), q("10000")) is None
True
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

from rewardkit.lazy_regex import lazy_compile
from rewardkit.mathtree import (
    Add,
    Apply,
    BigOp,
    Chain,
    Constant,
    Degrees,
    Div,
    Func,
    Interval,
    ListOf,
    Matrix,
    Mul,
    Neg,
    Node,
    Number,
    Percent,
    PlusMinus,
    Pow,
    Ratio,
    Relation,
    SetOf,
    Symbol,
    Text,
    TupleOf,
    Union,
    is_scalar,
    map_children,
    render,
    substitute,
    symbols_of,
    walk,
)
from rewardkit.numbers import ORDINAL, Quantity, same_clock_time
from rewardkit.periodic import same_families
from rewardkit.tree_values import (
    NotEvaluable,
    TooLarge,
    context,
    exact_value,
    has_step_function,
    needs_signed_points,
    numeric_closeness,
    numeric_value,
    sample_points,
    spread_points,
    value_bounds,
)

# A gold needs at least this many written decimals before it is treated as a possibly rounded figure.
ROUNDED_GOLD_MIN_DECIMALS = 2
# The long-decimal policy: a decimal written with at least this many significant digits equals an exact gold
# whose value it gives to all its written digits, rounded or cut (0.0833333333333333 = 1/12,
# 0.8660254037844386 = \sqrt3/2), as math-verify, Qwen2.5-Math and lighteval judge it. A shorter decimal
# (0.87 against \sqrt3/2, 0.33 against 1/3) stays WRONG: an approximation, unless the gold is itself one.
LONG_DECIMAL_DIGITS = 6
# A decimal with at least this many significant digits may be a double printed by a program, whose shortest
# digits can differ from the true expansion's in the last place: it equals an exact gold when it is the
# double nearest the gold.
FLOAT_REPR_DIGITS = 15
# ... and at most this many: the shortest digits that print a double never run longer
_DOUBLE_DIGITS = 17

_HUNDRED = Fraction(100)
# The most decimal places the ``decimals`` option takes (past it, a rounding instruction means nothing).
MAX_DECIMALS = 100
# The name of the match the ``decimals`` option decided.
ROUNDED_TO_DECIMALS = "rounded_to_decimals"


def compare_quantities(pred: Quantity, gold: Quantity, decimals: int | None = None) -> str | None:
    """The rule under which ``pred`` equals ``gold``, or None when they differ.

    ``decimals``: the task asks for answers rounded to that many places; a decimal (or whole-number) answer
    that does not equal the gold under the rules above equals it when both round alike there
    (:func:`rounded_alike`), in the gold's unit and percent form.

    >>> from rewardkit.numbers import parse_number as q
    >>> compare_quantities(q("0.33"), q("1/3")), compare_quantities(q("0.33"), q("1/3"), decimals=2)
    (None, 'rounded_to_decimals')
    >>> compare_quantities(q("33.33%"), q("1/3"), 2), compare_quantities(q("0.3"), q("1/3"), 2)
    ('rounded_to_decimals', None)
    """
    if pred.unit is None and gold.unit is None and pred.percent == gold.percent:
        # two bare numbers, the common case: no kind, unit or percent to reconcile (a test checks it is what
        # _compare_quantities says)
        rule = _equal(pred.value, pred.ulp, gold.value, gold.ulp, gold.decimals, "exact")
    else:
        rule = _compare_quantities(pred, gold)
    if rule is None and decimals is not None and _quantities_round_alike(pred, gold, decimals):
        return ROUNDED_TO_DECIMALS
    if rule is None and (pred.leading is not None or gold.leading is not None):
        return _compare_compound(pred, gold, decimals)
    return rule


def _compare_compound(pred: Quantity, gold: Quantity, decimals: int | None) -> str | None:
    """A compound (``2 hours 30 minutes``) against a bare number, either side: the number says it in the
    compound's smallest unit (150, compared already) or in its largest (2.5), whichever the number meant. In
    the largest, the number is read as stated in that unit and converted as units are: its precision counts
    in the unit the compound ends on, so 1.33 (hours) is no rounded figure of 1 hour 20 minutes (0.01 hours
    is under a minute) and only the ``decimals`` option rounds it. A unit on the other side converts as
    units do (compared already).

    >>> from rewardkit.numbers import parse_number as q
    >>> [_compare_compound(q("1 h 20 min"), q(gold), None) for gold in ("4/3", "1.33", "1.3333333333333333")]
    ['compound', None, 'compound']
    >>> _compare_compound(q("1 h 20 min"), q("1.33"), 2)
    'rounded_to_decimals'
    """
    compound, bare = (pred, gold) if pred.leading is not None else (gold, pred)
    leading = compound.leading
    if leading is None or bare.unit is not None or bare.percent or compound.percent:
        return None
    stated = replace(bare, unit=leading)
    rule = compare_quantities(*((compound, stated) if compound is pred else (stated, compound)), decimals)
    return "compound" if rule in ("exact", "unit_conversion") else rule  # rounding keeps its own rule


def _compare_quantities(pred: Quantity, gold: Quantity) -> str | None:
    pred_value, gold_value, gold_ulp, rule = pred.value, gold.value, gold.ulp, "exact"
    pred_ulp, gold_decimals = pred.ulp, gold.decimals
    if _read_whole(pred) or _read_whole(gold):
        # a time of day or a ratio equals only another of its kind: 7:40 is not 7, 5:2 is not 5
        if pred.unit is None or gold.unit is None or pred.unit.dimension != gold.unit.dimension:
            return None
        if pred.unit.dimension == "clock":
            return "clock" if same_clock_time(pred, gold) else None
        return "ratio" if pred.value == gold.value else None
    if (pred.unit is ORDINAL or gold.unit is ORDINAL) and (
        _ordinal_against_measure(pred, gold) or _ordinal_against_measure(gold, pred)
    ):
        return None  # "the 72nd" names a place, not 72 days, $72 or 72%
    if pred.unit is not None and gold.unit is not None:
        if pred.unit.dimension != gold.unit.dimension:
            return None
        if pred.unit != gold.unit:
            pred_value, gold_value = pred.base_value, gold.base_value
            gold_ulp = gold.ulp * gold.unit.factor if gold.ulp is not None else None
            rule = "unit_conversion"
            # the gold's precision counts in the unit the prediction is stated in: 0.05 m^2 is 500 cm^2, a
            # whole number there, so 501 cm^2 is a near miss, not a more precise 0.05 m^2
            if gold_ulp is not None:
                gold_decimals = _decimal_places(gold_ulp / pred.unit.factor)
    if pred.percent == gold.percent:
        return _equal(pred_value, pred_ulp, gold_value, gold_ulp, gold_decimals, rule)
    if (gold.unit if pred.percent else pred.unit) is not None:
        # "$25" or "25 km" against "25%", "25%" against "$25": a quantity of a unit is no percent, and a
        # percent no quantity of a unit (only a bare number is read as either)
        return None
    # One side is a percent: "25%" answers gold "25" (the percent number) and gold "0.25" (its value). A bare
    # number below 1 is read as a proportion, never as the percent number: a proportion lies between 0 and 1
    # (a probability, a share), a percent below one percent is rare, and "0.72%" for the proportion 0.72 is
    # the common slip of not multiplying by 100, so "0.72%" answers gold 0.0072 and gold "0.72%", never 0.72
    bare = gold_value if pred.percent else pred_value
    as_number = (
        _equal(pred_value, pred_ulp, gold_value, gold_ulp, gold_decimals, "percent")
        if abs(bare) >= 1 or bare == 0
        else None
    )
    if pred.percent:
        return as_number or _equal(
            pred_value / _HUNDRED,
            _scaled(pred_ulp, 1 / _HUNDRED),
            gold_value,
            gold_ulp,
            gold_decimals,
            "percent",
        )
    return as_number or _equal(
        pred_value, pred_ulp, gold_value / _HUNDRED, _scaled(gold_ulp, 1 / _HUNDRED), gold_decimals, "percent"
    )


def _decimal_places(ulp: Fraction) -> int:
    """How many decimal places a last written digit worth ``ulp`` stands for (1/100 -> 2, 100 -> 0)."""
    places = 0
    while ulp * 10 ** (places + 1) <= 1 and places < 60:
        places += 1
    return places


def _all_digits(decimal: Fraction, ulp: Fraction, gold: Any) -> bool:
    """Whether ``decimal`` is ``gold`` rounded or cut at its last written digit (0.3333 and 0.6667 or 0.6666
    for 2/3; not 0.3334)."""
    if isinstance(gold, Fraction):
        diff, half, unit = gold - decimal, ulp / 2, ulp
    else:  # an mpmath value
        diff, half, unit = context().re(gold) - _mpf(decimal), _mpf(ulp / 2), _mpf(ulp)
    rounded = abs(diff) <= half
    cut = 0 <= diff < unit if decimal > 0 else -unit < diff <= 0
    if rounded or cut:
        return True
    if not 10 ** (FLOAT_REPR_DIGITS - 1) <= abs(decimal) / ulp < 10**_DOUBLE_DIGITS:
        # too few digits to be a printed double, or more than one carries (72.000000000000000000001)
        return False
    # 1.4142135623730951 for sqrt 2: the digits a program prints for the double nearest the gold, whose last
    # one may differ from the true expansion's (the double is not the real number)
    nearest = float(gold) if isinstance(gold, Fraction) else float(context().nstr(context().re(gold), 25))
    return float(decimal) == nearest


def _long_decimal(value: Fraction, ulp: Fraction | None) -> bool:
    """Whether a decimal is written with at least :data:`LONG_DECIMAL_DIGITS` significant digits."""
    if ulp is None or value == 0:
        return False
    return abs(value) / ulp >= 10 ** (LONG_DECIMAL_DIGITS - 1)


def _ordinal_against_measure(a: Quantity, b: Quantity) -> bool:
    """Whether ``a`` is an ordinal and ``b`` a quantity of a unit or a percent."""
    return a.unit is ORDINAL and ((b.unit is not None and b.unit is not ORDINAL) or b.percent)


def _read_whole(q: Quantity) -> bool:
    return q.unit is not None and q.unit.dimension in _WHOLE_KINDS


_WHOLE_KINDS = frozenset({"clock", "ratio"})


def _scaled(ulp: Fraction | None, factor: Fraction) -> Fraction | None:
    return ulp * factor if ulp is not None else None


def _equal(
    pred: Fraction,
    pred_ulp: Fraction | None,
    gold: Fraction,
    gold_ulp: Fraction | None,
    gold_decimals: int,
    rule: str,
) -> str | None:
    if pred == gold:
        return rule
    if (
        gold_ulp is None
        and pred_ulp is not None
        and _long_decimal(pred, pred_ulp)
        and _all_digits(pred, pred_ulp, gold)
    ):
        return "long_decimal"
    if gold_ulp is None or gold_decimals < ROUNDED_GOLD_MIN_DECIMALS:
        return None
    # the prediction must be written more precisely than the gold, and round to it
    if pred_ulp is not None and pred_ulp >= gold_ulp:
        return None
    if _rounds_to(pred, gold, gold_ulp):
        return "rounded_gold" if rule == "exact" else rule
    return None


def _rounds_to(pred: Any, gold: Any, ulp: Any) -> bool:
    """Whether ``pred`` rounded half away from zero at the gold's last place (``ulp``) is ``gold``: within
    half a unit of it, and at exactly half a unit only on the side nearer zero (0.335 rounds to 0.34, never
    to 0.33).

    >>> [_rounds_to(Fraction(x), Fraction("0.33"), Fraction(1, 100)) for x in ("0.334", "0.325", "0.335")]
    [True, True, False]
    >>> _rounds_to(Fraction("0.335"), Fraction("0.34"), Fraction(1, 100))
    True
    >>> _rounds_to(Fraction("-0.335"), Fraction("-0.34"), Fraction(1, 100))
    True
    """
    twice = abs(pred - gold) * 2
    return bool(twice < ulp or (twice == ulp and abs(pred) < abs(gold)))


# --- the decimals option: the task asks for answers rounded to N places -------------------------------
#
# A decimal answer is read as the number a task that asks for N places wants: it equals the gold when both,
# rounded half away from zero at N places, are the same number, or when the answer, written down to that
# place, is the gold cut there (0.66 for 2/3, as the long-decimal policy accepts cut digits; a whole 3 is
# not 3.006 cut, its places were never written). Only an answer written as a decimal or a whole number is
# rounded: a fraction (33/100) or an expression (x + 0.33) states an exact value. The places count in the
# gold's unit and percent form; the gold is taken by its value (exact, or evaluated with its error tracked).


def check_decimals(decimals: object) -> int | None:
    """``decimals`` as the graders take it: None, or a whole number of places from 0 to
    :data:`MAX_DECIMALS`; anything else is a caller's mistake and raises ValueError.

    >>> check_decimals(2), check_decimals(None)
    (2, None)
    >>> check_decimals(-1)
    Traceback (most recent call last):
    ...
    ValueError: decimals must be a whole number of places from 0 to 100 (or None), got -1
    """
    if decimals is None:
        return None
    if isinstance(decimals, bool) or not isinstance(decimals, int) or not 0 <= decimals <= MAX_DECIMALS:
        raise ValueError(
            f"decimals must be a whole number of places from 0 to {MAX_DECIMALS} (or None), got {decimals!r}"
        )
    return decimals


def rounded_alike(pred: Fraction, gold: Fraction, places: int) -> bool:
    """Whether ``pred`` and ``gold`` rounded half away from zero at ``places`` decimal places are the same
    number. A value cut (truncated) there is not the value rounded: ``0.66`` is not 2/3 to two places, and
    at no places ``2`` would otherwise answer 2.9.

    >>> third = Fraction(1, 3)
    >>> [rounded_alike(Fraction(x), third, 2) for x in ("0.33", "0.334", "0.3", "0.34")]
    [True, True, False, False]
    >>> [rounded_alike(Fraction(x), Fraction(2, 3), 2) for x in ("0.67", "0.66", "0.68")]
    [True, False, False]
    >>> rounded_alike(Fraction(3), Fraction("3.004"), 2), rounded_alike(Fraction(2), Fraction("2.9"), 0)
    (True, False)
    """
    scale = 10**places
    return _half_away(pred * scale) == _half_away(gold * scale)


def _half_away(value: Fraction) -> int:
    whole = math.floor(abs(value) + Fraction(1, 2))
    return whole if value >= 0 else -whole


def _quantities_round_alike(pred: Quantity, gold: Quantity, places: int) -> bool:
    # a number written with decimal digits or as a whole number; a fraction (1/3, 2 1/2) is exact
    if _read_whole(pred) or _read_whole(gold) or (pred.ulp is None and pred.value.denominator != 1):
        return False
    if pred.percent != gold.percent and (gold.unit if pred.percent else pred.unit) is not None:
        return False  # a percent and a quantity of a unit, rounded alike or not, say different things
    value = pred.value
    if pred.unit is not None and gold.unit is not None and pred.unit != gold.unit:
        if pred.unit.dimension != gold.unit.dimension:
            return False
        value *= pred.unit.factor / gold.unit.factor  # the places count in the gold's unit
    # the answer in the gold's percent form, each way the percent readings take it
    readings = [value]
    if pred.percent and not gold.percent:
        readings.append(value / _HUNDRED)
    elif gold.percent and not pred.percent:
        readings.append(value * _HUNDRED)
    return any(rounded_alike(v, gold.value, places) for v in readings)


def _decimal_leaf(node: Node) -> Number | None:
    """The number of a tree that is one decimal or whole number (signed, or a percent of one), else None."""
    inner = node.x if isinstance(node, Neg) else node
    inner = inner.x if isinstance(inner, Percent) else inner
    inner = inner.x if isinstance(inner, Neg) else inner
    if isinstance(inner, Number) and (inner.decimals or inner.value.denominator == 1):
        return inner
    return None


def _trees_round_alike(pred: Node, gold: Node, places: int) -> bool:
    """The decimals option on two scalar trees: ``pred`` one decimal number, ``gold`` any constant with a
    real value. In the gold's percent form: against a percent gold its percent number is rounded."""
    leaf = _decimal_leaf(pred)
    if leaf is None or symbols_of(gold):
        return False
    value = exact_value(pred)
    if value is None:
        return False
    if isinstance(gold, Percent):
        gold, value = gold.x, value * _HUNDRED
    exact = exact_value(gold)
    if exact is not None:
        return rounded_alike(value, exact, places)
    try:
        bounds = value_bounds(gold)
    except (NotEvaluable, ZeroDivisionError, ValueError, OverflowError):
        return False
    proxy = _rounding_proxy(bounds, places) if bounds is not None else None
    return proxy is not None and rounded_alike(value, proxy, places)


# an evaluated gold is rounded only when its error is this far below the last place asked for
_ROUNDING_MARGIN = Fraction(1, 10**10)


def _rounding_proxy(bounds: tuple[Fraction, Fraction], places: int) -> Fraction | None:
    """A rational that rounds and cuts at ``places`` as every value between ``bounds`` does, or None when
    the bounds are too wide to tell. Bounds that hold a multiple of the last place (or a half of one) are
    read as that exact number: an irrational within the error of one is a rational the exact reader missed
    (``\\sin\\frac{\\pi}{6}``), and there the cut and the rounding are the number's own."""
    scale = 10**places
    lo, hi = bounds[0] * scale, bounds[1] * scale
    if hi - lo > _ROUNDING_MARGIN:
        return None
    halves = math.floor(hi * 2)  # the largest multiple of a half place at or below hi
    if halves >= lo * 2:
        return Fraction(halves, 2 * scale)
    whole = math.floor(lo)
    # strictly between two half-place marks: the quarter point of that stretch rounds and cuts as it does
    return (whole + (Fraction(1, 4) if lo - whole < Fraction(1, 2) else Fraction(3, 4))) / scale


# --- math trees --------------------------------------------------------------------------------------
#
# The ladder for one pair of trees: exact structure -> exact rationals -> high-precision numeric values
# (free symbols bound to deterministic random points) with a tolerance derived from the gold -> bounded
# symbolic simplification of the difference, which runs in a sandboxed worker with a deadline and only
# when numbers cannot decide (no finite value anywhere, or values equal to 12 digits but not to 40).

SymbolicCheck = Callable[[Node, Node], bool]

# relative difference under which two values are the same number at 60 digits, and over which they are
# certainly different; in between the symbolic rung decides
_SAME = Fraction(1, 10**40)
_DIFFERENT = Fraction(1, 10**12)


def compare_math(
    pred: Node, gold: Node, symbolic: SymbolicCheck | None = None, decimals: int | None = None
) -> str | None:
    """The rule under which the tree ``pred`` equals the tree ``gold``, or None.

    ``decimals`` reaches every number the comparison meets (matrix entries, interval ends, tuple items):
    there a decimal answer equals a constant gold when both round alike (:func:`compare_scalars`).

    >>> from rewardkit.latex import parse_math as p
    >>> compare_math(p("2\\\\sqrt{2}"), p("\\\\sqrt{8}")), compare_math(p("(x+1)^2"), p("x^2+2x+1"))
    ('numeric', 'numeric')
    >>> compare_math(p("[0,1)"), p("[0,1]")) is None, compare_math(p("2x+1=y"), p("y=2x+1"))
    (True, 'equation')
    """
    if pred == gold:
        return "structural"
    if isinstance(gold, Degrees):
        gold = gold.x
    if isinstance(pred, Degrees):
        pred = pred.x
    # "z = 1 + 1 = 2" settles on its result, as "9 * 2 = 18" does
    gold, pred = _chain_result(gold), _chain_result(pred)
    # "x = 5" against a bare value (or a set, "x = \\pm 3") compares its value
    if _is_equation(gold) and not _is_equation(pred):
        gold = _solved_value(gold) or gold  # type: ignore[arg-type]
    elif _is_equation(pred) and not _is_equation(gold):
        pred = _solved_value(pred, stated=True) or pred  # type: ignore[arg-type]
    # "\\angle ACB = 45^\\circ", "\\theta = 45^\\circ": the value solved is in degrees, as a bare one may be
    if isinstance(gold, Degrees):
        gold = gold.x
    if isinstance(pred, Degrees):
        pred = pred.x
    if isinstance(gold, Ratio) or isinstance(pred, Ratio):
        # "2:4:6" is "1:2:3" by proportion; a list of values (1, 2, 3) or a single value is another answer
        return "ratio" if gold == pred else None
    if isinstance(gold, Text) or isinstance(pred, Text):
        gold, pred = _named_set(gold) or gold, _named_set(pred) or pred
    if isinstance(gold, Text) or isinstance(pred, Text):
        if isinstance(gold, Text) and isinstance(pred, Text):
            return "text" if gold.value.casefold().strip() == pred.value.casefold().strip() else None
        return None
    gold, pred = _distributed(gold), _distributed(pred)
    # "\\{1, 3\\} \\cup \\{2, 4\\}": a union of listed sets is the set of all their members
    gold, pred = _united(gold), _united(pred)
    if isinstance(gold, TupleOf) and isinstance(pred, ListOf):
        pred = _conventional_tuple(pred) or pred  # "x = 3, y = 5" against "(3, 5)"
    # "\\frac{\\pi}{6} + k\\pi, …": solutions modulo a period, whatever offsets name them
    families = same_families(pred, gold)
    if families is not None:
        return "periodic" if families else None
    listed = _listed_intervals(pred, gold) if isinstance(pred, ListOf) or isinstance(gold, ListOf) else None
    if listed is not None:
        return "interval" if _same_intervals(*listed, symbolic, decimals) else None
    ordered = isinstance(pred, TupleOf) or (isinstance(gold, ListOf) and _order_matters(gold))
    if (
        isinstance(gold, ListOf)
        and isinstance(pred, (ListOf, TupleOf))
        and (ordered or _named_values(gold, pred))
    ):
        # a tuple against a bare list gold is compared in order, as a tuple is: "(1, 2, 3)" is "1, 2, 3"
        # "2, 4, 3" for T(10), T(11), T(12): a list that is not in sorted order is ordered on purpose
        # "5, 2" against "a = 2, b = 5": bare values answer the names in the order the gold gives them
        return "list" if _in_order(pred.items, gold.items, symbolic, decimals) else None
    gold_items, pred_items = _set_items(gold), _set_items(pred)
    if gold_items is not None or pred_items is not None:
        if gold_items is None:
            gold_items = (gold,)
        if pred_items is None:
            pred_items = (pred,)
        return "set" if _same_items(pred_items, gold_items, symbolic, decimals) else None
    # a pair "(3, \\infty)" is an open interval when the other side is one, or when it reaches infinity
    pairs_are_open = _interval_like(pred) or any(_infinity(i) for i in getattr(gold, "items", ()))
    gold_intervals = _intervals(gold, pairs_are_open=pairs_are_open)
    if gold_intervals is not None:
        pred_intervals = _intervals(pred, pairs_are_open=True)
        if pred_intervals is None:
            return None
        return "interval" if _same_intervals(pred_intervals, gold_intervals, symbolic, decimals) else None
    if isinstance(gold, TupleOf):
        if isinstance(pred, Interval) and pred.left_open and pred.right_open:
            pred = TupleOf((pred.lo, pred.hi))
        if not isinstance(pred, TupleOf):
            return None
        return "tuple" if _in_order(pred.items, gold.items, symbolic, decimals) else None
    if isinstance(gold, Matrix) and not isinstance(pred, Matrix):
        pred = evaluated_matrix(pred) or pred  # "A + B", "A B" of explicit matrices: compared by their result
    if isinstance(gold, Matrix):
        if not isinstance(pred, Matrix) or [len(r) for r in pred.rows] != [len(r) for r in gold.rows]:
            return None
        ok = all(
            compare_math(p, g, symbolic, decimals)
            for pr, gr in zip(pred.rows, gold.rows, strict=True)
            for p, g in zip(pr, gr, strict=True)
        )
        return "matrix" if ok else None
    if isinstance(gold, Relation) and isinstance(pred, Relation) and gold.op == pred.op == "=":
        return _equations(pred, gold, symbolic, decimals)
    if isinstance(gold, (Relation, Chain)) or isinstance(pred, (Relation, Chain)):
        return None
    if not (is_scalar(pred) and is_scalar(gold)):
        return None
    if isinstance(gold, Percent) != isinstance(pred, Percent):
        return _percent(pred, gold, symbolic, decimals)
    return compare_scalars(pred, gold, symbolic, decimals)


def _percent(pred: Node, gold: Node, symbolic: SymbolicCheck | None, decimals: int | None) -> str | None:
    # "25%" answers gold "25" (the percent number) and gold "0.25" (its value), and the converse; a bare value
    # below 1 is a proportion only (compare_quantities says why)
    if isinstance(pred, Percent):
        as_number = not _proportion(gold) and compare_scalars(pred.x, gold, symbolic, decimals)
        ok = as_number or compare_scalars(pred, gold, symbolic, decimals)
    else:
        assert isinstance(gold, Percent)
        as_number = not _proportion(pred) and compare_scalars(pred, gold.x, symbolic, decimals)
        ok = as_number or compare_scalars(pred, gold, symbolic, decimals)
    return "percent" if ok else None


def _proportion(node: Node) -> bool:
    """Whether a bare value lies strictly between -1 and 1 and is not 0 (``\\frac{18}{25}``, ``0.72``): a
    proportion that a percent answers by its value, never by its percent number."""
    try:
        value = exact_value(node)
        if value is not None:
            return 0 < abs(value) < 1
        number = numeric_value(node, {})
    except (NotEvaluable, ZeroDivisionError, ValueError, OverflowError):
        return False
    return bool(_imag(number) == 0 and 0 < abs(number) < 1)


def compare_scalars(
    pred: Node, gold: Node, symbolic: SymbolicCheck | None = None, decimals: int | None = None
) -> str | None:
    """Exact rationals first, then numeric values at 60 digits, then the symbolic check; with ``decimals``,
    last, the rounding of a decimal answer against a constant gold (:func:`rounded_alike`). A formula is
    never rounded: ``x + 0.33`` states a coefficient, not an answer to N places, and stays WRONG against
    ``x + \\frac13``.

    >>> from rewardkit.latex import parse_math as p
    >>> half_root = p("\\\\frac{\\\\sqrt2}{2}")
    >>> compare_scalars(p("0.71"), half_root), compare_scalars(p("0.71"), half_root, decimals=2)
    (None, 'rounded_to_decimals')
    >>> compare_scalars(p("x + 0.33"), p("x + \\\\frac13"), decimals=2) is None
    True
    """
    rule = _compare_scalars(pred, gold, symbolic)
    if rule is None and decimals is not None and _trees_round_alike(pred, gold, decimals):
        return ROUNDED_TO_DECIMALS
    return rule


def _compare_scalars(pred: Node, gold: Node, symbolic: SymbolicCheck | None) -> str | None:
    sign_p, sign_g = _infinity(pred), _infinity(gold)
    if sign_p or sign_g:
        return "exact" if sign_p == sign_g else None
    exact_p, exact_g = exact_value(pred), exact_value(gold)
    gold_ulp = _written_ulp(gold)
    if exact_p is not None and exact_g is not None:
        return _equal(exact_p, _written_ulp(pred), exact_g, gold_ulp, _decimals(gold), "exact")
    names = symbols_of(pred) | symbols_of(gold)
    pred_ulp = _written_ulp(pred)
    if exact_p is not None and not names and _long_decimal(exact_p, pred_ulp) and gold_ulp is None:
        # the long-decimal policy against an exact irrational gold: all its written digits are the gold's
        try:
            g = numeric_value(gold, {})
            if abs(_imag(g)) == 0 and pred_ulp is not None and _all_digits(exact_p, pred_ulp, g):
                return "long_decimal"
        except (NotEvaluable, ZeroDivisionError, ValueError, OverflowError):
            pass
    evaluated = 0
    steps = bool(names) and has_step_function(pred, gold)
    # step functions agree on whole intervals: sampled agreement is never proof for them, only a reason to
    # ask the symbolic rung; points spread far apart show most of their differences
    undecided = steps
    points = sample_points(names, 3 if names else 1, signed=bool(names) and needs_signed_points(pred, gold))
    if steps:
        points += spread_points(names)
    for point in points:
        try:
            if gold_ulp is not None and _decimals(gold) >= ROUNDED_GOLD_MIN_DECIMALS and not names:
                # a rounded gold ("3.14") accepts a more precise value that rounds to it (pi, 3.1416)
                p, g = numeric_value(pred, point), numeric_value(gold, point)
                pred_ulp = _written_ulp(pred)
                close = _rounds_to(p, g, _mpf(gold_ulp)) and abs(_imag(p)) < _mpf(gold_ulp)
                if close and (pred_ulp is None or pred_ulp < gold_ulp):
                    return "rounded_gold"
            verdict = numeric_closeness(pred, gold, point)
        except TooLarge:
            raise
        except (NotEvaluable, ZeroDivisionError, ValueError, OverflowError):
            continue
        evaluated += 1
        if verdict == "different":
            return None
        if verdict == "undecided":
            undecided = True
    if evaluated and not undecided:
        return "numeric"
    if symbolic is None:
        return None
    return "symbolic" if symbolic(pred, gold) else None


def _closeness(p: Any, g: Any) -> str:
    ctx = context()
    scale = max(abs(p), abs(g))
    diff = abs(p - g)
    if diff == 0:
        return "same"
    tiny = ctx.mpf(10) ** -45
    if scale < tiny:
        return "undecided"  # both vanish at this precision: e^{-200} vs e^{-201}, or sin(pi) vs 0
    rel = diff / scale
    if rel <= _mpf(_SAME):
        return "same"
    if rel > _mpf(_DIFFERENT):
        return "different"
    return "undecided"


def _mpf(value: Fraction) -> Any:
    ctx = context()
    return ctx.mpf(value.numerator) / value.denominator


def _imag(value: Any) -> Any:
    return context().im(value)


def _written_ulp(node: Node) -> Fraction | None:
    """Place value of the last written digit when the tree is one decimal number (``3.14`` -> 1/100)."""
    if isinstance(node, Neg):
        node = node.x
    if isinstance(node, Number) and node.decimals:
        return Fraction(1, 10**node.decimals)
    return None


def _decimals(node: Node) -> int:
    if isinstance(node, Neg):
        node = node.x
    return node.decimals or 0 if isinstance(node, Number) else 0


def _infinity(node: Node) -> int:
    if isinstance(node, Constant) and node.name == "oo":
        return 1
    if isinstance(node, Neg) and isinstance(node.x, Constant) and node.x.name == "oo":
        return -1
    return 0


def _distributed(node: Node) -> Node:
    """``(f(n), g(n)) = (n, 1)`` → ``f(n) = n, g(n) = 1``: an equation of two tuples of one length is the list
    of its componentwise equations, unless its left side is a tuple of plain names (``(x, y) = (1, 2)``
    states the pair's value)."""
    if (
        isinstance(node, Relation)
        and node.op == "="
        and isinstance(node.lhs, TupleOf)
        and isinstance(node.rhs, TupleOf)
        and len(node.lhs.items) == len(node.rhs.items)
        and not all(isinstance(item, Symbol) for item in node.lhs.items)
    ):
        pairs = zip(node.lhs.items, node.rhs.items, strict=True)
        return ListOf(tuple(Relation("=", lhs, rhs) for lhs, rhs in pairs))
    if isinstance(node, TupleOf) and node.items and all(_is_equation(item) for item in node.items):
        return ListOf(node.items)  # "(f(n) = n, g(n) = 1)": the brackets group a list of equations
    return node


def _named_values(gold: ListOf, pred: ListOf | TupleOf) -> bool:
    """Whether the gold lists values under names all different (``a = 2, b = 5``, ``x_1 = 3, x_2 = 4``)
    and the answer lists bare values, none named: only their order says which value is which."""
    names = [
        item.lhs
        for item in gold.items
        if isinstance(item, Relation) and item.op == "=" and isinstance(item.lhs, Symbol)
    ]
    return (
        len(names) == len(gold.items) >= 2
        and len(set(names)) == len(names)
        and not any(isinstance(item, Relation) for item in pred.items)
    )


# the sets said in words: "all real numbers" is (-oo, oo), "no solution" the empty set
_ALL_REALS = Interval(Neg(Constant("oo")), Constant("oo"), True, True)
_SET_WORDS = lazy_compile(
    r"(?:the\s+set\s+of\s+)?(?P<reals>(?:all|every|any)\s+real\s+(?:numbers?|values?(?:\s+of\s+[a-z])?|[a-z])|"
    r"all\s+reals|the\s+real\s+numbers)|(?P<empty>(?:there\s+(?:is|are)\s+)?no\s+(?:real\s+)?(?:solutions?|roots?)|"
    r"(?:the\s+)?empty\s+set)",
    re.IGNORECASE,
)


def _named_set(node: Node) -> Node | None:
    """The set a text names (``all real numbers`` → (-oo, oo); ``no solution``, ``the empty set`` → {}), or
    None: these answer a set or interval gold, and each other as words.

    >>> _named_set(Text("All real numbers")) == _ALL_REALS, _named_set(Text("No solution"))
    (True, SetOf(items=()))
    >>> _named_set(Text("all real numbers except 3")) is None
    True
    """
    if not isinstance(node, Text):
        return None
    m = _SET_WORDS.fullmatch(node.value.strip().rstrip("."))
    if m is None:
        return None
    return _ALL_REALS if m["reals"] else SetOf(())


def _conventional_tuple(pred: ListOf) -> TupleOf | None:
    """The tuple that values named by letters write by convention (``x = 3, y = 5`` is ``(3, 5)``, as ``a, b``
    and ``x_1, x_2`` are), when the names are all different and written in that order; None otherwise
    (``y = 5, x = 3`` leaves the order in doubt: the convention and the writing disagree)."""
    names = [
        item.lhs.name
        for item in pred.items
        if isinstance(item, Relation) and item.op == "=" and isinstance(item.lhs, Symbol)
    ]
    if len(names) != len(pred.items) or len(names) < 2 or len(set(names)) != len(names):
        return None
    if any(len(name.split("_", 1)[0].lstrip("\\")) != 1 for name in names) or names != sorted(names):
        return None
    return TupleOf(tuple(item.rhs for item in pred.items))  # type: ignore[attr-defined]


def _in_order(
    preds: tuple[Node, ...], golds: tuple[Node, ...], symbolic: SymbolicCheck | None, decimals: int | None
) -> bool:
    """Whether two sequences of the same length agree item by item."""
    return len(preds) == len(golds) and all(
        compare_math(p, g, symbolic, decimals) for p, g in zip(preds, golds, strict=True)
    )


def _order_matters(gold: Node) -> bool:
    """A bare list gold of constants written out of sorted order: its order carries meaning (the values of
    T(10), T(11), T(12)), where a sorted list is most often a set of solutions written in the usual order
    (by value, or by size: ``1, -1, 7, -7``)."""
    if not isinstance(gold, ListOf) or len(gold.items) < 3:
        return False
    values = []
    for item in gold.items:
        try:
            value = exact_value(item)
        except NotEvaluable:
            return False
        if value is None:
            return False
        values.append(value)
    # sorted by value, or by size as solutions come in pairs (1, -1, 7, -7): the usual order of a set
    return not any(_monotonic(v) for v in (values, [abs(x) for x in values]))


def _monotonic(values: list[Fraction]) -> bool:
    pairs = list(itertools.pairwise(values))
    return all(a <= b for a, b in pairs) or all(a >= b for a, b in pairs)


def _united(node: Node) -> Node:
    """A union whose parts are all listed sets, as one set of their members; any other node as it is."""
    if isinstance(node, Union) and all(isinstance(part, SetOf) for part in node.parts):
        return SetOf(tuple(item for part in node.parts for item in part.items))  # type: ignore[attr-defined]
    return node


def _set_items(node: Node) -> tuple[Node, ...] | None:
    if isinstance(node, (SetOf, ListOf)):
        items: list[Node] = []
        for item in node.items:
            items.extend(_set_items(item) or (item,) if isinstance(item, PlusMinus) else (item,))
        return tuple(items)
    if isinstance(node, PlusMinus):
        return (Add((node.center, Neg(node.offset))), Add((node.center, node.offset)))
    return None


def _same_items(
    pred: tuple[Node, ...], gold: tuple[Node, ...], symbolic: SymbolicCheck | None, decimals: int | None
) -> bool:
    """Equal as sets: every gold item has a partner among the predictions and vice versa."""
    # each side's repeats are told as written: rounding would merge a gold's 0 and 1/300 at two places
    pred_u, gold_u = _distinct(pred, symbolic), _distinct(gold, symbolic)
    if len(pred_u) != len(gold_u):
        return False
    unmatched = list(pred_u)
    for g in gold_u:
        for k, p in enumerate(unmatched):
            if compare_math(p, g, symbolic, decimals):
                del unmatched[k]
                break
        else:
            return False
    return True


def _distinct(items: tuple[Node, ...], symbolic: SymbolicCheck | None) -> list[Node]:
    out: list[Node] = []
    for item in items:
        if not any(item == o or compare_math(item, o, symbolic) for o in out):
            out.append(item)
    return out


def _intervals(node: Node, pairs_are_open: bool = False) -> list[Interval] | None:
    """A gold (or prediction) as a list of intervals: intervals, unions, one-variable inequalities."""
    if isinstance(node, Interval):
        return [node]
    if isinstance(node, Union):
        parts = [_intervals(p, pairs_are_open) for p in node.parts]
        return None if any(p is None for p in parts) else [i for p in parts if p for i in p]
    if pairs_are_open and isinstance(node, TupleOf) and len(node.items) == 2:
        return [Interval(node.items[0], node.items[1], True, True)]
    if isinstance(node, Relation) and node.op in _BOUNDS:
        return _relation_interval(node.op, node.lhs, node.rhs)
    if isinstance(node, Relation) and node.op == "!=":
        # "x ≠ 3": every real value but one, the two open intervals on either side of it
        point = node.rhs if _quantity(node.lhs) else node.lhs if _quantity(node.rhs) else None
        if point is None or symbols_of(point):
            return None
        return [Interval(Neg(_OO), point, True, True), Interval(point, _OO, True, True)]
    if isinstance(node, Chain) and len(node.terms) == 3:
        (op1, op2), (a, x, b) = node.ops, node.terms
        if symbols_of(a) or symbols_of(b):
            return None
        if op1 in (">", ">=") and op2 in (">", ">="):
            a, b, op1, op2 = b, a, _FLIP[op2], _FLIP[op1]
        if op1 not in ("<", "<=") or op2 not in ("<", "<="):
            return None
        if _quantity(x):
            return [Interval(a, b, op1 == "<", op2 == "<")]
        variable = _abs_of_variable(x)
        if variable is not None:
            return _abs_intervals(a, op1 == "<", b, op2 == "<")
    return None


def _listed_intervals(pred: Node, gold: Node) -> tuple[list[Interval], list[Interval]] | None:
    """Both sides as intervals when one lists the intervals the other unites: ``(0, 1), (2, \\infty)`` against
    ``(0, 1) \\cup (2, \\infty)`` (how a function's intervals of increase are written, where a textbook keeps
    ``\\cup`` for a set). An answer's list of pairs counts only against a union, and a gold's not at all:
    ``(0, 1), (2, 3)`` may list points as well; a list holding a bracket or an infinity lists intervals."""
    sides = []
    for side, other in ((pred, gold), (gold, pred)):
        if isinstance(side, ListOf):
            items = side.items
            if not all(isinstance(item, (Interval, TupleOf)) for item in items):
                return None
            if (side is gold or not isinstance(other, (Union, Interval))) and not any(
                isinstance(item, Interval) or any(_infinity(end) for end in getattr(item, "items", ()))
                for item in items
            ):
                return None
            listed = [_intervals(item, pairs_are_open=True) for item in items]
            if any(part is None for part in listed):
                return None
            sides.append([i for part in listed if part for i in part])
        elif isinstance(side, (Union, Interval)):
            united = _intervals(side, pairs_are_open=True)
            if united is None:
                return None
            sides.append(united)
        else:
            return None
    return sides[0], sides[1]


def _quantity(node: Node) -> bool:
    """One variable or one function application to variables (``x``, ``f(x)``): a bound on it is the interval
    of its values. A compound expression (``2x + 1``) is not: its bound is not the same interval."""
    return isinstance(node, Symbol) or (
        isinstance(node, Apply) and all(isinstance(a, Symbol) for a in node.args)
    )


def _abs_of_variable(node: Node) -> Symbol | None:
    if (
        isinstance(node, Func)
        and node.name == "abs"
        and len(node.args) == 1
        and isinstance(node.args[0], Symbol)
    ):
        return node.args[0]
    return None


def _abs_intervals(lo: Node | None, lo_open: bool, hi: Node | None, hi_open: bool) -> list[Interval] | None:
    """The real values of ``z`` with ``lo < |z| < hi`` (each bound optional, ``<=`` where not open), solved by
    hand: ``1 <= |z| <= 3/2`` is ``[-3/2, -1] ∪ [1, 3/2]``. None when a bound's sign cannot be told exactly or
    the set is empty or a single point pair."""
    lo_sign = _sign(lo) if lo is not None else -1
    if lo_sign is None:
        return None
    if lo_sign < 0 or (lo_sign == 0 and not lo_open):
        lo = None  # |z| >= 0 always: no lower bound
    if hi is None:
        if lo is None:
            return [Interval(Neg(_OO), _OO, True, True)]
        return [Interval(Neg(_OO), Neg(lo), True, lo_open), Interval(lo, _OO, lo_open, True)]
    hi_sign = _sign(hi)
    if hi_sign is None or hi_sign <= 0:
        return None
    if lo is None:
        return [Interval(Neg(hi), hi, hi_open, hi_open)]
    try:
        if compare_scalars(lo, hi) is not None or _sign(Add((hi, Neg(lo)))) != 1:
            return None  # lo = hi or lo > hi: no interval
    except NotEvaluable:
        return None
    return [Interval(Neg(hi), Neg(lo), hi_open, lo_open), Interval(lo, hi, lo_open, hi_open)]


def _sign(node: Node) -> int | None:
    """-1, 0 or 1 for a real constant, told exactly or far above the evaluation's error; else None."""
    try:
        exact = exact_value(node)
        if exact is not None:
            return (exact > 0) - (exact < 0)
        value = numeric_value(node, {})
    except (NotEvaluable, ZeroDivisionError, ValueError, OverflowError):
        return None
    ctx = context()
    if ctx.im(value) != 0 or abs(value) < ctx.mpf(10) ** -30:
        return None
    return 1 if ctx.re(value) > 0 else -1


_BOUNDS = {"<", "<=", ">", ">="}
_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
_OO = Constant("oo")


def _relation_interval(op: str, lhs: Node, rhs: Node) -> list[Interval] | None:
    if _abs_of_variable(rhs) is not None and not symbols_of(lhs):
        return _relation_interval(_FLIP[op], rhs, lhs)
    if _abs_of_variable(lhs) is not None:
        if symbols_of(rhs):
            return None
        if op in (">", ">="):
            return _abs_intervals(rhs, op == ">", None, True)
        return _abs_intervals(None, True, rhs, op == "<")
    if isinstance(lhs, Apply) and _quantity(lhs) and not symbols_of(rhs):
        lhs = Symbol("#quantity")  # "f(x) > 0": the values of f(x), as those of a variable
    if not isinstance(lhs, Symbol):
        if isinstance(rhs, Symbol) or (_quantity(rhs) and not symbols_of(lhs)):
            return _relation_interval(_FLIP[op], rhs, lhs)
        solved = _solve_linear(op, lhs, rhs)
        return _relation_interval(*solved) if solved is not None else None
    if symbols_of(rhs):
        return None
    if op in (">", ">="):
        return [Interval(rhs, _OO, op == ">", True)]
    return [Interval(Neg(_OO), rhs, True, op == "<")]


def _solve_linear(op: str, lhs: Node, rhs: Node) -> tuple[str, Symbol, Node] | None:
    """``-x > -1`` -> ``x < 1``: a one-variable inequality linear in its variable, solved exactly. The
    coefficients are read off the difference of the sides at x = 0, 1, 2; anything else is left alone."""
    names = symbols_of(lhs) | symbols_of(rhs)
    if len(names) != 1:
        return None
    (name,) = names
    difference = Add((lhs, Neg(rhs)))
    f0, f1, f2 = (exact_value(substitute(difference, name, Number(Fraction(x)))) for x in (0, 1, 2))
    if f0 is None or f1 is None or f2 is None:
        return None
    slope = f1 - f0
    if slope == 0 or f2 - f1 != slope:
        return None
    bound = Number(-f0 / slope)
    return (op if slope > 0 else _FLIP[op]), Symbol(name), bound


def _same_intervals(
    pred: list[Interval], gold: list[Interval], symbolic: SymbolicCheck | None, decimals: int | None
) -> bool:
    if len(pred) != len(gold):
        return False
    unmatched = list(pred)
    for g in gold:
        for k, p in enumerate(unmatched):
            if (
                (p.left_open, p.right_open) == (g.left_open, g.right_open)
                and compare_math(p.lo, g.lo, symbolic, decimals)
                and compare_math(p.hi, g.hi, symbolic, decimals)
            ):
                del unmatched[k]
                break
        else:
            return False
    return True


def _interval_like(node: Node) -> bool:
    if isinstance(node, Relation):
        return node.op in _BOUNDS
    return isinstance(node, (Interval, Union, Chain))


def _is_equation(node: Node) -> bool:
    return isinstance(node, Relation) and node.op == "="


def _solved_value(eq: Relation, *, stated: bool = False) -> Node | None:
    """``x = 5`` -> ``5``: the value of an equation solved for a single variable, or of a name made of
    symbols only set equal to a constant (``(p, q) = (3, 2)``, ``f(x) = 1``, ``|AB| = 1``)."""
    if isinstance(eq.lhs, Symbol) and eq.lhs.name not in symbols_of(eq.rhs):
        return eq.rhs
    if isinstance(eq.rhs, Symbol) and eq.rhs.name not in symbols_of(eq.lhs):
        return eq.lhs
    if _is_name(eq.lhs) and not symbols_of(eq.rhs):
        return eq.rhs
    if _is_name(eq.rhs) and not symbols_of(eq.lhs):
        return eq.lhs
    # an answer that names its quantity and states it: "|r-s| = 16", "x + y = 4027", "I(6, 3) = 0" (not in a
    # gold, where "a^2 + b = 0" is an equation to satisfy; and a sum or power set to 0 is one too)
    names_it = stated and _is_name(eq.lhs, wide=True) and not symbols_of(eq.rhs)
    if isinstance(eq.lhs, Pow) and isinstance(eq.lhs.base, Symbol):
        names_it = False  # "x^2 = 72" is an equation to solve for x, not the value of x^2
    if names_it and (exact_value(eq.rhs) != 0 or isinstance(eq.lhs, (Apply, Func, Symbol))):
        return eq.rhs
    if isinstance(eq.lhs, Apply) and _is_name(eq.lhs):
        return eq.rhs  # "f(x) = x + 22" names f by its formula
    if not symbols_of(eq.lhs) and not symbols_of(eq.rhs):
        # a computation states its result ("\\sqrt{4} = 2" states 2); a false one ("2 = 3") states nothing
        try:
            return eq.rhs if compare_scalars(eq.lhs, eq.rhs) else None
        except NotEvaluable:
            return None
    return None


def _chain_result(node: Node) -> Node:
    """``z = 1 + 1 = 2`` -> ``2``: a chain of equalities ending on a constant states that constant."""
    if isinstance(node, Chain) and set(node.ops) == {"="} and not symbols_of(node.terms[-1]):
        return node.terms[-1]
    return node


def _is_name(node: Node, wide: bool = False) -> bool:
    """Symbols only, in the shapes answers name a value by: ``x``, ``(p, q)``, ``f(x)``, ``AB``, ``|AB|``,
    ``NO/BO``. ``wide`` also takes the shapes a stated answer names its quantity by: ``|r - s|``, ``x + y``,
    ``x^2 + y^2``, ``\\sin\\theta``, ``E(2020, 1993)``. A number in it (``x + 1 = 5``, ``2x = 10``) makes it
    an equation to solve, not a name."""
    if isinstance(node, Symbol):
        return True
    if isinstance(node, Apply):  # f(x); with numbers, E(2020, 1993), only when wide
        return all(isinstance(a, Symbol) or (wide and isinstance(a, Number)) for a in node.args)
    if isinstance(node, (TupleOf, Mul)):
        parts = node.items if isinstance(node, TupleOf) else node.factors
        return all(_is_name(part, wide) for part in parts)
    if isinstance(node, Div):
        return _is_name(node.num, wide) and _is_name(node.den, wide)
    if isinstance(node, Func) and node.name == "abs" and len(node.args) == 1:
        return _is_name(node.args[0], wide)
    if not wide:
        return False
    if isinstance(node, Add):  # "x + y", "r - s"
        return all(_is_name(t.x if isinstance(t, Neg) else t, wide) for t in node.terms)
    if isinstance(node, Pow):  # "x^2 + y^2"
        return _is_name(node.base, wide) and isinstance(node.exp, Number)
    if isinstance(node, Func) and len(node.args) == 1:  # "\\sin\\theta", "\\log x", "\\cos 2\\alpha"
        return _is_name(node.args[0], wide) or _multiple_of_name(node.args[0])
    return False


def _multiple_of_name(node: Node) -> bool:
    """A name times or over a number (``2\\alpha``, ``\\frac{x}{2}``): the argument of a function an answer
    names its quantity by (``\\cos 2\\alpha = \\frac{7}{25}``, ``\\sin\\frac{x}{2}``), where at the top of
    a side it would be an equation to solve (``2x = 10``)."""
    if isinstance(node, Mul):
        return any(_is_name(f) for f in node.factors) and all(
            _is_name(f) or isinstance(f, Number) for f in node.factors
        )
    if isinstance(node, Div):
        return _is_name(node.num) and isinstance(node.den, Number)
    return False


def _equations(
    pred: Relation, gold: Relation, symbolic: SymbolicCheck | None, decimals: int | None = None
) -> str | None:
    """Equal up to swapping sides and a nonzero constant factor: ``y=2x+1`` ~ ``2x+1=y`` ~ ``2y=4x+2``; a
    function's formula up to the name of its variable (``f(y) = 1`` ~ ``f(x) = 1``)."""
    formulas = _bound_formulas(pred, gold)
    if formulas is not None:
        return "equation" if compare_math(*formulas, symbolic, decimals) else None
    for p_lhs, p_rhs in ((pred.lhs, pred.rhs), (pred.rhs, pred.lhs)):
        if p_lhs == gold.lhs and compare_math(p_rhs, gold.rhs, symbolic, decimals):
            return "equation"
    # "f(x) = x + 1" and "f(x) - x - 1 = 0": an application common to both is one more unknown
    diff_p, diff_g = _applications_as_unknowns(Add((pred.lhs, Neg(pred.rhs))), Add((gold.lhs, Neg(gold.rhs))))
    names = symbols_of(diff_p) | symbols_of(diff_g)
    if not names:
        return None
    ratios = []
    for point in sample_points(names, 3):
        try:
            p, g = numeric_value(diff_p, point), numeric_value(diff_g, point)
        except (NotEvaluable, ZeroDivisionError, ValueError):
            continue
        if abs(g) < context().mpf(10) ** -30:
            if abs(p) < context().mpf(10) ** -30:
                continue
            return None
        ratios.append(p / g)
    if len(ratios) < 2 or abs(ratios[0]) < context().mpf(10) ** -30:
        return None
    same = all(_closeness(r, ratios[0]) == "same" for r in ratios[1:])
    return "equation" if same else None


# an entry of a product of k n-by-n matrices is a tree of about n**(k-1) terms: both bounds keep it small
MAX_MATRIX_SIDE = 6
MAX_MATRIX_OPERANDS = 4


def evaluated_matrix(node: Node) -> Matrix | None:
    r"""An unevaluated sum, difference or product of explicit matrices (and scalar factors) as the matrix it
    equals, its entries left as trees for the comparer; None for anything else, for a sum or product of
    mismatched shapes (never broadcast: ``A + 1`` is not defined), or past the size guards
    (:data:`MAX_MATRIX_SIDE` rows or columns, :data:`MAX_MATRIX_OPERANDS` matrices in one expression).

    >>> from rewardkit.latex import parse_math as p
    >>> m = evaluated_matrix(p("\\begin{pmatrix}1 & 2\\end{pmatrix} + \\begin{pmatrix}3 & 4\\end{pmatrix}"))
    >>> [exact_value(x) for x in m.rows[0]]
    [Fraction(4, 1), Fraction(6, 1)]
    >>> evaluated_matrix(p("\\begin{pmatrix}1 & 2\\end{pmatrix} + 1")) is None
    True
    """
    if not isinstance(node, (Add, Mul, Neg)):
        return None
    count = sum(isinstance(n, Matrix) for n in walk(node))
    if count == 0 or count > MAX_MATRIX_OPERANDS:
        return None
    return _matrix_of(node)


def _matrix_of(node: Node) -> Matrix | None:
    if isinstance(node, Matrix):
        if len(node.rows) > MAX_MATRIX_SIDE or len(node.rows[0]) > MAX_MATRIX_SIDE:
            return None
        return node
    if isinstance(node, Neg):
        inner = _matrix_of(node.x)
        return None if inner is None else Matrix(tuple(tuple(Neg(e) for e in row) for row in inner.rows))
    if isinstance(node, Add):
        terms = [_matrix_of(t) for t in node.terms]
        first = terms[0]
        if first is None or any(t is None or _shape(t) != _shape(first) for t in terms):
            return None
        rows = zip(*(t.rows for t in terms if t is not None), strict=True)
        return Matrix(tuple(tuple(Add(entries) for entries in zip(*row, strict=True)) for row in rows))
    if isinstance(node, Mul):
        scalars = [
            f for f in node.factors if is_scalar(f) and not any(isinstance(n, Matrix) for n in walk(f))
        ]
        product: Matrix | None = None
        for f in node.factors:
            if any(f is s for s in scalars):
                continue
            m = _matrix_of(f)
            if m is None:
                return None
            product = m if product is None else _product(product, m)
            if product is None:
                return None
        if product is None:
            return None
        if scalars:
            product = Matrix(tuple(tuple(Mul((*scalars, e)) for e in row) for row in product.rows))
        return product
    return None


def _shape(m: Matrix) -> tuple[int, int]:
    return len(m.rows), len(m.rows[0])


def _product(a: Matrix, b: Matrix) -> Matrix | None:
    if _shape(a)[1] != _shape(b)[0]:
        return None
    columns = list(zip(*b.rows, strict=True))
    return Matrix(
        tuple(
            tuple(Add(tuple(Mul((x, y)) for x, y in zip(row, col, strict=True))) for col in columns)
            for row in a.rows
        )
    )


def _applications_as_unknowns(pred: Node, gold: Node) -> tuple[Node, Node]:
    """Both sides with each application of a named function (``f(x)``) made a fresh unknown, when both hold
    the same applications: ``f(x) = x + 1`` moved to one side is ``f(x) - x - 1 = 0``, whatever f is.

    >>> from rewardkit.latex import parse_math as p
    >>> [render(side) for side in _applications_as_unknowns(p("f(x) - 1"), p("2 f(x)"))]
    ['#f0 - 1', '2*#f0']
    """
    applied = {n for n in walk(pred) if isinstance(n, Apply)}
    if not applied or applied != {n for n in walk(gold) if isinstance(n, Apply)}:
        return pred, gold
    for k, application in enumerate(sorted(applied, key=render)):
        unknown = Symbol(f"#f{k}")  # no written name has a "#": nothing is captured by it
        pred, gold = _replaced(pred, application, unknown), _replaced(gold, application, unknown)
    return pred, gold


def _replaced(node: Node, old: Node, new: Node) -> Node:
    """``node`` with every subtree equal to ``old`` replaced by ``new``."""
    if node == old:
        return new
    return map_children(node, lambda child: _replaced(child, old, new))


def _bound_formulas(pred: Relation, gold: Relation) -> tuple[Node, Node] | None:
    """The right sides of ``f(n) = …`` and ``f(z) = …`` with each argument renamed to one shared fresh
    name, when both name the same function of distinct variables; None otherwise. The arguments are bound by
    the function's own notation, so ``f(n) = n`` is ``f(z) = z``; a letter free in the formula stays free,
    so ``f(n) = z`` is not ``f(z) = z`` (renaming ``n`` to ``z`` would have captured it)."""
    p, g = pred.lhs, gold.lhs
    if not (isinstance(p, Apply) and isinstance(g, Apply)) or p.name != g.name or len(p.args) != len(g.args):
        return None
    p_names = [a.name for a in p.args if isinstance(a, Symbol)]
    g_names = [a.name for a in g.args if isinstance(a, Symbol)]
    if len(p_names) != len(p.args) or len(g_names) != len(g.args):
        return None
    if len(set(p_names)) != len(p_names) or len(set(g_names)) != len(g_names):
        return None
    p_rhs, g_rhs = pred.rhs, gold.rhs
    for i, (p_name, g_name) in enumerate(zip(p_names, g_names, strict=True)):
        bound = Symbol(f"#{i}")  # no written name has a "#": nothing free can be captured by it
        p_rhs, g_rhs = substitute(p_rhs, p_name, bound), substitute(g_rhs, g_name, bound)
    return p_rhs, g_rhs


# the highest power of the bound variable a sum's body may hold for its closed form to be found
MAX_SUMMED_DEGREE = 10


def _polynomial_sums_closed(expr: Any) -> Any:
    """``expr`` with each sum of a polynomial in its variable, between finite bounds, in closed form
    (Faulhaber's formulas); None when some sum or product is of another kind, which is left unevaluated."""
    import sympy

    if expr.atoms(sympy.Product):
        return None
    sums = expr.atoms(sympy.Sum)
    for each in sums:
        if len(each.limits) != 1:
            return None
        var, lo, hi = each.limits[0]
        body = each.function
        if any(bound.has(sympy.oo, -sympy.oo, sympy.zoo) for bound in (lo, hi)) or body.atoms(sympy.Sum):
            return None
        if not body.is_polynomial(var) or sympy.degree(body, var) > MAX_SUMMED_DEGREE:
            return None
    return expr.xreplace({each: sympy.summation(each.function, each.limits[0]) for each in sums})


def symbolic_equal(pred: Node, gold: Node) -> bool:
    """The last rung: sympy simplifies the difference to zero. Runs in a sandbox worker (it can be slow)."""
    import sympy

    from rewardkit.mathtree import to_sympy

    try:
        difference = to_sympy(pred) - to_sympy(gold)
        if any(isinstance(n, BigOp) for tree in (pred, gold) for n in walk(tree)):
            # sums and products are equal up to sympy's canonical form (commuting factors, the bound
            # variable's name), never by simplify, which would try to evaluate them (\sum_{k=1}^{\infty});
            # a finite sum of a polynomial has a closed form (\sum_{k=1}^{n} k = n(n+1)/2), found exactly
            if difference == 0:
                return True
            closed = _polynomial_sums_closed(difference)
            return closed is not None and bool(sympy.simplify(closed) == 0)
        return bool(sympy.simplify(difference) == 0)
    except (ArithmeticError, ValueError, TypeError, AttributeError, RecursionError, MemoryError):
        # sympy gave up ("cannot convert inf or nan", "gamma function pole", a 4,300-digit str): the
        # difference was not shown to be zero. Caught here, so grade() and grade_many's workers agree
        return False
