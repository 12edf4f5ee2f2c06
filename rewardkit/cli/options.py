"""Options that several subcommands share: the grading policy, multiple-choice letters, grading options."""

from __future__ import annotations

import argparse
from typing import Any

from rewardkit.cli.argtypes import int_at_least, number_at_least
from rewardkit.equivalence import MAX_DECIMALS
from rewardkit.grade import DEFAULT_TIMEOUT_S
from rewardkit.types import POLICIES

__all__ = [
    "add_decimals_option",
    "add_grading_options",
    "add_policy_option",
    "choices_arg",
    "decimal_places",
    "grade_options",
]

_POLICY_HELP = (
    "flexible (default) judges the final answer wherever the completion states it; "
    "strict demands an anchored answer (a marker or a box) and turns a lenient-only hit into FORMAT"
)


def add_policy_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--policy", choices=POLICIES, default="flexible", help=_POLICY_HELP)


def add_grading_options(parser: argparse.ArgumentParser) -> None:
    """``--workers``, ``--timeout`` and ``--decimals``, as every command that grades a file takes them."""
    parser.add_argument("--workers", type=int_at_least(1), default=1, help="grader processes (default: 1)")
    parser.add_argument(
        "--timeout",
        type=number_at_least(0, inclusive=False, what="a number of seconds"),
        default=DEFAULT_TIMEOUT_S,
        metavar="SECONDS",
        help=f"grading budget per completion (default: {DEFAULT_TIMEOUT_S:g} s); an overrun is a TIMEOUT "
        "verdict",
    )
    add_decimals_option(parser)


def add_decimals_option(parser: argparse.ArgumentParser) -> None:
    """``--decimals N``: grade's option, for the tasks that ask for answers rounded to N places."""
    parser.add_argument(
        "--decimals",
        type=decimal_places,
        metavar="N",
        help="the tasks ask for answers rounded to N decimal places: a decimal answer is also CORRECT when "
        "it and the gold round alike at N places (0.33 for 1/3 with --decimals 2; match "
        "rounded_to_decimals); default: decimals are compared as written",
    )


def decimal_places(text: str) -> int:
    """A number of decimal places for ``--decimals``: a whole number from 0 to :data:`MAX_DECIMALS`.

    >>> decimal_places("2")
    2
    """
    value = int_at_least(0)(text)
    if value > MAX_DECIMALS:
        raise argparse.ArgumentTypeError(f"must be at most {MAX_DECIMALS}, got {value}")
    return value


def choices_arg(value: Any) -> Any:
    """Multiple-choice letters as the grader takes them: a tuple of labels, hashable for grouping.

    >>> choices_arg("ABCD"), choices_arg("A1, B2"), choices_arg(None)
    (('A', 'B', 'C', 'D'), ('A1', 'B2'), None)
    """
    if value is None:
        return None
    if isinstance(value, str):
        parts = [p.strip() for p in value.split(",")] if "," in value else list(value.strip())
        return tuple(p for p in parts if p)
    return tuple(value)


def grade_options(
    *, policy: str, finished: bool | None, choices: Any, decimals: int | None = None
) -> dict[str, Any]:
    """The keyword arguments of ``grade``/``grade_many`` for these options (unset ones left out)."""
    options: dict[str, Any] = {"policy": policy}
    if decimals is not None:
        options["decimals"] = decimals
    if finished is not None:
        options["finished"] = finished
    if choices is not None:
        options["choices"] = choices
    return options
