"""``rewardkit grade TEXT --gold G``: one completion, and why it got its verdict."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from rewardkit.cli.messages import error, print_json, printable
from rewardkit.cli.options import add_decimals_option, add_policy_option, choices_arg, grade_options
from rewardkit.exit_codes import EXIT_OK, EXIT_USAGE

__all__ = ["register"]


def register(sub: Any) -> None:
    g = sub.add_parser(
        "grade",
        help="grade one completion",
        description="Grade one completion against a gold answer and show why it got its verdict. "
        "The exit status is 0 whatever the verdict.",
    )
    g.add_argument("text", metavar="TEXT", help="the completion to grade; '-' reads it from stdin")
    g.add_argument("--gold", required=True, help="the gold answer")
    add_policy_option(g)
    fin = g.add_mutually_exclusive_group()
    fin.add_argument(
        "--finished",
        dest="finished",
        action="store_const",
        const=True,
        default=None,
        help="the generation ended by itself (stop token)",
    )
    fin.add_argument(
        "--unfinished",
        dest="finished",
        action="store_const",
        const=False,
        help="the generation hit the length limit (an answer it never committed to is TRUNCATED)",
    )
    g.add_argument("--choices", metavar="LETTERS", help="multiple-choice letters, e.g. ABCD")
    add_decimals_option(g)
    g.add_argument("--json", action="store_true", help="print the full result as one JSON object")

    g.set_defaults(run=cmd_grade)


def cmd_grade(args: argparse.Namespace) -> int:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from rewardkit import grade

    text = sys.stdin.read() if args.text == "-" else args.text
    try:
        result = grade(
            text,
            gold=args.gold,
            **grade_options(
                policy=args.policy,
                finished=args.finished,
                choices=choices_arg(args.choices),
                decimals=args.decimals,
            ),
        )
    except (TypeError, ValueError) as exc:  # bad options; model output never raises
        error(str(exc))
        return EXIT_USAGE

    if args.json:
        print_json(result.to_dict())
        return EXIT_OK

    other = "strict" if result.policy == "flexible" else "flexible"
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column(overflow="fold")
    verdict_style = "green" if result.correct else "red"
    table.add_row("verdict", Text(f"{result.verdict.value} ({result.verdict.category})", style=verdict_style))
    table.add_row(f"under {other}", Text(result.under(other).verdict.value))  # type: ignore[arg-type]
    rows = [
        ("extracted", result.extracted),
        ("rule", result.rule),
        ("gold", result.gold),
        ("gold_parsed", result.gold_parsed),
        ("extracted_parsed", result.extracted_parsed),
        ("match", result.match),
        ("detail", result.detail or None),
    ]
    for name, value in rows:
        table.add_row(name, Text(printable(value)))
    Console(file=sys.stdout, highlight=False).print(table)
    return EXIT_OK
