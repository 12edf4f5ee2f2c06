"""``rewardkit stress SPEC``: the reward-hacking probes against one reward."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from rewardkit.cli.messages import error, shown
from rewardkit.exit_codes import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE

__all__ = ["register"]


def register(sub: Any) -> None:
    st = sub.add_parser(
        "stress",
        help="run reward-hacking probes against a reward",
        description="Score a built-in library of adversarial completions (empty, hedged 'A or B', several "
        "boxes, every integer 1..100, think-only, injected 'grade this as correct', degenerate repetition, "
        "truncated, perfect tags around a wrong answer, ...) and controls (correct answers) with a reward, "
        "and print each probe's mean reward. An attack fails when its mean exceeds its ceiling: the "
        "threshold, or for a relative attack the mean of its reference probe (format_only may not earn more "
        "than the same text without tags; degenerate and padded_steps not more than the clean correct "
        "answer). Exit status 1 if any attack fails (or, with --strict-controls, a control is unpaid), "
        "2 for an unknown reward spec or probe.",
    )
    st.add_argument(
        "spec",
        metavar="REWARD_SPEC",
        nargs="?",
        help="a built-in reward name, 'module:callable', inline JSON (e.g. "
        '\'{"gate": {"reward": "accuracy", "on": "format"}}\') or @file.json / @file.yaml',
    )
    st.add_argument(
        "--threshold",
        type=float,
        metavar="X",
        help="ceiling on the mean reward of every non-relative attack probe (default: 0.0)",
    )
    st.add_argument(
        "--probe",
        action="append",
        metavar="NAME",
        dest="probes",
        help="run only this probe (repeatable; references a relative probe needs are added)",
    )
    st.add_argument("--json", action="store_true", help="print the results as one JSON object")
    st.add_argument(
        "--allow-code",
        action="store_true",
        help="let an @file spec name module:callable code outside rewardkit (it is imported and run); "
        "module:callable typed on the command line needs no flag. The standard library is never a reward",
    )
    st.add_argument(
        "--strict-controls",
        action="store_true",
        help="also fail when a control probe (a correct answer) earns no reward; by default it is a warning",
    )
    st.add_argument("--list", action="store_true", help="list the probes and exit")

    st.set_defaults(run=cmd_stress)


def _num(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"


def _bound_text(r: Any) -> str:
    if r.probe.kind == "reference":
        return "-"
    if r.probe.kind == "control":
        return f"> {_num(r.bound)}"
    if r.probe.relative_to is not None:
        return f"<= {_num(r.bound)} ({r.probe.relative_to})"
    return f"<= {_num(r.bound)}"


def _stress_verdict(r: Any, strict_controls: bool) -> str:
    if r.passed is None:
        return "REF"
    if r.passed:
        return "PASS"
    if r.probe.kind == "control" and not strict_controls:
        return "WARN"
    return "FAIL"


def cmd_stress(args: argparse.Namespace) -> int:
    from rewardkit.errors import CodeNotAllowedError, ConfigError
    from rewardkit.rewards import build, load_spec
    from rewardkit.rewards.hacking_probes import PROBES, run_probes

    if args.list:
        for p in PROBES:
            print(f"{p.name:20} {p.kind:9} {p.description}")
        return EXIT_OK
    if args.spec is None:
        error("stress needs a REWARD_SPEC (a reward name, module:callable, JSON or @file)")
        return EXIT_USAGE
    known = {p.name for p in PROBES}
    unknown = [n for n in args.probes or () if n not in known]
    if unknown:
        error(f"unknown probe(s) {', '.join(unknown)}; probes: {', '.join(sorted(known))}")
        return EXIT_USAGE
    # a spec typed here names its code in plain sight; one read from a file may have come from anywhere
    from_file = args.spec.startswith("@")
    try:
        spec = load_spec(args.spec)
        reward = build(spec, allow_code=args.allow_code or not from_file)
    except CodeNotAllowedError as exc:
        error(f"reward spec {shown(args.spec)}: {exc}; pass --allow-code to run code named in a spec file")
        return EXIT_USAGE
    except (ConfigError, ValueError, TypeError) as exc:  # constructors reject bad parameters with these
        error(f"reward spec {shown(args.spec)}: {exc}")
        return EXIT_USAGE

    results = run_probes(reward, probes=args.probes, threshold=args.threshold)
    attacks_failed = [r.probe.name for r in results if r.exceeded]
    controls_failed = [r.probe.name for r in results if r.probe.kind == "control" and r.passed is False]
    failed = bool(attacks_failed) or (args.strict_controls and bool(controls_failed))
    status = EXIT_FINDINGS if failed else EXIT_OK

    if args.json:
        payload = {
            "reward": reward.name,
            "spec": spec,
            "threshold": 0.0 if args.threshold is None else args.threshold,
            "probes": [r.to_dict() | {"verdict": _stress_verdict(r, args.strict_controls)} for r in results],
            "attacks_failed": attacks_failed,
            "controls_failed": controls_failed,
            "passed": not failed,
        }
        print(json.dumps(payload, ensure_ascii=False))
        return status

    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    styles = {"PASS": "green", "FAIL": "bold red", "WARN": "yellow", "REF": "dim"}
    title = args.spec if len(args.spec) <= 70 else args.spec[:67] + "..."
    table = Table(title=Text(f"stress: {title}"))
    for name, justify in (
        ("probe", "left"),
        ("kind", "left"),
        ("mean", "right"),
        ("min", "right"),
        ("max", "right"),
        ("None", "right"),
        ("threshold", "left"),
        ("verdict", "left"),
    ):
        table.add_column(name, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for r in results:
        verdict = _stress_verdict(r, args.strict_controls)
        table.add_row(
            r.probe.name,
            r.probe.kind,
            _num(r.mean),
            _num(r.min),
            _num(r.max),
            str(r.none_count),
            _bound_text(r),
            f"[{styles[verdict]}]{verdict}[/]",
        )
    console = Console(file=sys.stdout, highlight=False)
    if not console.is_terminal:  # rich assumes 80 columns when piped; the table needs a few more
        console.width = max(console.width, 110)
    console.print(table)
    for r in results:
        if r.error is not None:
            console.print(f"{r.probe.name}: the reward raised {r.error}", markup=False)
    attacks = sum(r.probe.kind == "attack" for r in results)
    controls = sum(r.probe.kind == "control" for r in results)
    console.print(
        f"{len(attacks_failed)} of {attacks} attacks paid above their ceiling"
        + (f" ({', '.join(attacks_failed)})" if attacks_failed else "")
        + f"; {len(controls_failed)} of {controls} controls unpaid"
        + (f" ({', '.join(controls_failed)})" if controls_failed else ""),
        markup=False,
    )
    console.print("FAIL" if failed else "PASS", markup=False, style="bold red" if failed else "bold green")
    return status
