"""``rewardkit check-data IN.jsonl``: can every gold be parsed, and does each worked solution agree with
itself."""

from __future__ import annotations

import argparse
import collections
import functools
from typing import Any

from rewardkit.cli.messages import open_failed
from rewardkit.exit_codes import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from rewardkit.jsonl import LineError, LineErrorReporter, iter_jsonl

__all__ = ["register"]


def register(sub: Any) -> None:
    c = sub.add_parser(
        "check-data",
        help="check that every gold answer can be parsed",
        description="Parse the gold answer of every line and list those that cannot be parsed as "
        "FILE:LINE. Exit status 1 if any gold cannot be parsed, 2 if any line is malformed.",
    )
    c.add_argument("input", metavar="IN.jsonl", help="input JSONL file ('-' reads stdin)")
    c.add_argument(
        "--gold-key",
        default="answer",
        help="field holding the gold answer (default: answer); a dotted key reads a nested field",
    )

    c.set_defaults(run=cmd_check_data)


# how a gold's answer was found, as check-data's summary names it
_GOLD_READ_AS = {
    "as_written": "as written",
    "hashes": "after ####",
    "a_colon": "after A:",
    "answer_colon": "after Answer:",
    "answer_is": "after 'the answer is'",
    "final_answer": "after Final Answer",
    "answer_heading": "under # Answer",
    "answer_tag": "in <answer>",
    "boxed": "in \\boxed",
}


def cmd_check_data(args: argparse.Namespace) -> int:
    from rewardkit import grade
    from rewardkit.gold import gold_readings, parse_gold

    # golds repeat (several completions a question, usually next to each other): a bounded cache keeps the
    # parse of each recent one, and memory flat however many distinct golds a file holds
    @functools.lru_cache(maxsize=4096)
    def problem_of(gold: str) -> tuple[str | None, str | None, str]:
        """What is wrong with the gold ("unparseable" or "disagree", with why; None when nothing is), and
        how its answer was read."""
        parsed = parse_gold(gold)
        if parsed.kind == "invalid":
            # boxes of different values with prose (or "or") between them: a worked solution stating several
            # answers, said as such; any other unreadable gold cannot be parsed
            problem = "disagree" if parsed.read_as == "boxed" else "unparseable"
            return problem, parsed.why or "no detail", parsed.read_as
        readings = gold_readings(gold)
        for where, text in readings.items():
            # a worked solution whose final marker, last box and the calculation of its last step say
            # different things is a gold nobody can grade against with confidence: flagged, not passed
            if not grade(f"\\boxed{{{text}}}", gold=gold).correct:
                stated = " vs ".join(f"{w} {t!r}" for w, t in readings.items())
                return "disagree", f"{stated} (the {where} differs)", parsed.read_as
        return None, None, parsed.read_as

    n = 0
    line_errors = LineErrorReporter()
    problems: collections.Counter[str] = collections.Counter()
    read_as: collections.Counter[str] = collections.Counter()
    keys = (args.gold_key,)
    try:
        for item in iter_jsonl(args.input, required=keys, golds=keys, dotted=True):
            if isinstance(item, LineError):
                line_errors.add(item)
                continue
            n += 1
            gold = item.data[args.gold_key]
            problem, why, how = problem_of(gold)
            read_as[how] += 1
            if problem is not None:
                problems[problem] += 1
                shown = gold if len(gold) <= 60 else gold[:57] + "..."
                said = "cannot be parsed" if problem == "unparseable" else "states different answers"
                print(f"{args.input}:{item.line}: gold {shown!r} {said}: {why}")
    except OSError as exc:
        line_errors.finish()
        return open_failed(args.input, exc)

    line_errors.finish()
    malformed = line_errors.count
    bad = f"; {malformed} malformed line(s) skipped" if malformed else ""
    if problems:
        found = []
        if problems["unparseable"]:
            found.append(f"{problems['unparseable']} of {n} golds cannot be parsed")
        if problems["disagree"]:
            found.append(f"{problems['disagree']} of {n} worked solutions state different answers")
        print(f"{args.input}: {'; '.join(found)}{bad}")
    else:
        print(f"{args.input}: OK, all {n} golds parse{bad}")
    if read_as:
        how = ", ".join(f"{_GOLD_READ_AS.get(k, k)} {v}" for k, v in read_as.most_common())
        print(f"golds read: {how}")
    if malformed:
        return EXIT_USAGE
    return EXIT_FINDINGS if problems else EXIT_OK
