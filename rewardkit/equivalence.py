"""Decide whether a predicted answer means the same as the gold.

Numbers are compared exactly as rationals first (``72.0 = 72``, ``2.5 = 5/2``). Precision only enters
through the gold: a gold written with two or more decimals (``3.14``, ``0.33``) may be a rounding, so a
more precise prediction that rounds to it matches; integer golds and one-decimal golds are exact
(``10001 != 10000``, ``0.54 != 0.5``). Units convert when both sides carry one of the same dimension;
percent follows the gold's form (gold ``25`` or ``0.25`` both accept ``25%``).

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

from fractions import Fraction

from rewardkit.numbers import Quantity

# A gold needs at least this many written decimals before it is treated as a possibly rounded figure.
ROUNDED_GOLD_MIN_DECIMALS = 2

_HUNDRED = Fraction(100)


def compare_quantities(pred: Quantity, gold: Quantity) -> str | None:
    """The rule under which ``pred`` equals ``gold``, or None when they differ."""
    pred_value, gold_value, gold_ulp, rule = pred.value, gold.value, gold.ulp, "exact"
    if pred.unit is not None and gold.unit is not None:
        if pred.unit.dimension != gold.unit.dimension:
            return None
        if pred.unit != gold.unit:
            pred_value, gold_value = pred.base_value, gold.base_value
            gold_ulp = gold.ulp * gold.unit.factor if gold.ulp is not None else None
            rule = "unit_conversion"
    if pred.percent == gold.percent:
        return _equal(pred_value, pred.ulp, gold_value, gold_ulp, gold.decimals, rule)
    # One side is a percent: "25%" answers gold "25" (the percent number) and gold "0.25" (its value).
    if pred.percent:
        return _equal(pred_value, pred.ulp, gold_value, gold_ulp, gold.decimals, "percent") or _equal(
            pred_value / _HUNDRED,
            _scaled(pred.ulp, 1 / _HUNDRED),
            gold_value,
            gold_ulp,
            gold.decimals,
            "percent",
        )
    return _equal(pred_value, pred.ulp, gold_value, gold_ulp, gold.decimals, "percent") or _equal(
        pred_value, pred.ulp, gold_value / _HUNDRED, _scaled(gold_ulp, 1 / _HUNDRED), gold.decimals, "percent"
    )


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
    if gold_ulp is None or gold_decimals < ROUNDED_GOLD_MIN_DECIMALS:
        return None
    # the prediction must be written more precisely than the gold, and round to it
    if pred_ulp is not None and pred_ulp >= gold_ulp:
        return None
    if abs(pred - gold) * 2 <= gold_ulp:
        return "rounded_gold" if rule == "exact" else rule
    return None
