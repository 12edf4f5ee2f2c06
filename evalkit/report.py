"""``rewardkit report DIR``: the error breakdown of what ``eval`` wrote, built as a document.

DIR is a single eval folder, an eval output folder with one subfolder per checkpoint, or a training run
folder (``metrics.jsonl`` / ``trainer_state.json`` and ``eval/<checkpoint>/``); records are found
recursively (:func:`evalkit.records.find_eval_records`) and checkpoints ordered by step. This module decides
what the report says (:func:`build_report`, a :class:`~evalkit.report_document.Report`);
:mod:`evalkit.render` writes it as terminal tables, Markdown or HTML, and :mod:`evalkit.plots` draws its
figures. The Markdown is deterministic: examples are drawn with a fixed seed, no timings, no absolute paths.

Python API::

    from evalkit.render import write_report, print_report
    path = write_report("runs/grpo", fmt="html")   # runs/grpo/report.html, written atomically
    print_report("runs/grpo")                       # rich tables on stdout
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from evalkit import analysis as an
from evalkit.movement import changed_answers, group_changes
from evalkit.plots import (
    accuracy_figure,
    curve_figure,
    group_figure,
    png_bytes,
    stacked_figure,
)
from evalkit.report_document import Block, Bullets, Example, Heading, Para, Plot, Report, Table

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["build_report"]


SUSPECTS_SHOWN = 25


def _pct(value: float | None, digits: int = 1) -> str:
    return "-" if value is None else f"{100 * value:.{digits}f}%"


def _ci_text(value: float | None, ci: Sequence[float] | None) -> str:
    if value is None:
        return "-"
    if ci is None:
        return _pct(value)
    return f"{_pct(value)} [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"


def _points(value: float | None) -> str:
    return "-" if value is None else f"{value:+.1f}"


def _short(text: Any, limit: int = 60) -> str:
    if text is None or (isinstance(text, float) and text != text):
        return "-"
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def _gold_shown(record: dict[str, Any]) -> str:
    parsed = record.get("gold_parsed")
    if isinstance(parsed, str) and parsed:
        return parsed
    gold = record.get("gold")
    if isinstance(gold, str) and "####" in gold:
        return gold.rsplit("####", 1)[1].strip()
    return _short(gold, 40)


def _relative(message: str, root: Path) -> str:
    """Messages name files relative to the report folder: the report must not carry absolute paths."""
    for prefix in {str(root) + os.sep, str(root.resolve()) + os.sep}:
        message = message.replace(prefix, "")
    return message


def _flat(values: Sequence[float | None]) -> bool:
    """All zero or missing: a series that would draw an empty figure."""
    return all(v is None or v != v or v == 0 for v in values)


def _plot_blocks(title: str, series: dict[str, list[float | None]], where: str, draw: Any) -> list[Block]:
    """``draw(kept_series) -> png`` for the series with something to show; a one-line statement for the
    series that are all zero or missing (and no figure at all when none is left)."""
    kept = {name: values for name, values in series.items() if not _flat(values)}
    flat = [name for name in series if name not in kept]
    blocks: list[Block] = []
    if kept:
        blocks.append(Plot(title, draw(kept)))
    if flat:
        what = " and ".join(flat) + (" is" if len(flat) == 1 else " are")
        blocks.append(Para(f"{title}: {what} 0 (or missing) {where}" + ("; no plot." if not kept else ".")))
    return blocks


WITHIN_NOISE = "within the 95% intervals"


BEYOND_NOISE = "a change: the 95% intervals do not overlap"


def _noise(change: an.Change) -> str:
    return WITHIN_NOISE if change.within_noise else BEYOND_NOISE


def _movement_blocks(
    df: pd.DataFrame, accuracy: list[dict[str, Any]], comparisons: dict[str, pd.DataFrame]
) -> list[Block]:
    """First → last checkpoint under both policies (a format drift shows under strict only), each change
    said to be within the 95% intervals or outside them."""
    names = an.checkpoints(df)
    first, last = names[0], names[-1]
    # folders without steps (several models, say) are compared, not read as a training trajectory
    stepped = an.is_training_run([a["step"] for a in accuracy])
    blocks: list[Block] = [Heading(f"What moved: {first} → {last}" if stepped else "Folders compared")]
    shifts = [
        f"{c.policy} {_pct(c.first)} → {_pct(c.last)} ({_points(c.points)} points, {_noise(c)})"
        for c in an.accuracy_changes(accuracy)
    ]
    blocks.append(Para(f"Accuracy {first} → {last}: " + "; ".join(shifts) + "."))
    changes = {(c.name, c.policy): c for c in an.category_changes(df)}
    rows = []
    for cat in an.CATEGORIES:
        if not any(float(t.loc[cat, n]) for t in comparisons.values() for n in names):
            continue
        for policy, comparison in comparisons.items():
            change = changes[(cat, policy)]
            rows.append(
                [
                    an.CATEGORY_LABELS[cat],
                    policy,
                    *[_pct(float(comparison.loc[cat, n])) for n in names],
                    _points(change.points),
                    _noise(change),
                ]
            )
    blocks.append(
        Table(
            ["category", "policy", *names, "change (pts)", "vs the noise"],
            rows,
            set(range(2, len(names) + 3)),
        )
    )
    moves = an.moved(changes.values())
    lead = "Moved by a point or more" if stepped else f"Differs by a point or more from {first} to {last}"
    if not moves:
        blocks.append(
            Para(f"No category {'moved' if stepped else 'differs'} by a point or more under either policy.")
        )
        return blocks
    said = []
    for c in moves:
        other = changes[(c.name, "strict" if c.policy == "flexible" else "flexible")]
        same = (
            other.points is not None
            and f"{other.points:+.1f}" == f"{c.points:+.1f}"
            and (other.within_noise == c.within_noise)
        )
        if same and other in moves and moves.index(other) < moves.index(c):
            continue  # said once, for both policies
        policy = "both policies" if same else c.policy
        said.append(f"{an.CATEGORY_LABELS[c.name]} ({policy}) {c.points:+.1f} ({_noise(c)})")
    text = f"{lead}: " + ", ".join(said) + "."
    if all(c.within_noise for c in moves):
        text += (
            f" Every one of these is {WITHIN_NOISE} of {first} and {last}: at this sample size the data "
            "cannot tell the two apart."
        )
    blocks.append(Para(text))
    return blocks


_GROUPS = (("level", "level"), ("subject", "subject"), ("calculations", "gold calculations"))


def _group_movement_blocks(df: pd.DataFrame) -> list[Block]:
    """Accuracy first → last checkpoint per group (subject, level, ...): which part of the task moved, each
    change said to be outside the 95% intervals or within them."""
    names = an.checkpoints(df)
    first, last = names[0], names[-1]
    blocks: list[Block] = []
    for key, label in _GROUPS:
        changes = group_changes(df, key)
        if len(changes) < 2:  # one group is the overall accuracy again
            continue
        blocks.append(Heading(f"What moved, by {label}: {first} → {last}"))
        rows = [
            [
                g.group,
                f"{g.records_first} / {g.records_last}",
                policy,
                _ci_text(c.first, c.first_ci),
                _ci_text(c.last, c.last_ci),
                _points(c.points),
                _noise(c),
            ]
            for g in changes
            for policy, c in (("flexible", g.flexible), ("strict", g.strict))
        ]
        blocks.append(
            Table(
                [label, "samples", "policy", f"{first} [95% CI]", f"{last} [95% CI]", "change", "vs noise"],
                rows,
                {1, 3, 4, 5},
            )
        )
        said = [
            f"{g.group} {_pct(g.flexible.first)} → {_pct(g.flexible.last)} "
            f"({_points(g.flexible.points)} points, {_noise(g.flexible)})"
            for g in changes
        ]
        blocks.append(Para(f"Flexible accuracy by {label}: " + "; ".join(said) + "."))
    return blocks


def _answer_pair_blocks(df: pd.DataFrame, *, examples: int, seed: int) -> list[Block]:
    """The same problems answered at the first and at the last checkpoint: some that turned right, some that
    turned wrong (first sample of each, flexible policy)."""
    names = an.checkpoints(df)
    first, last = names[0], names[-1]
    pairs = changed_answers(df, examples, seed)
    if not pairs:
        return []
    blocks: list[Block] = [
        Heading(f"Same problem, {first} → {last}"),
        Para(
            f"Problems whose first sample was wrong at `{first}` and right at `{last}`, or the other way "
            f"round (up to {examples} of each, drawn with seed {seed})."
        ),
    ]
    titles = {"fixed": "wrong → right", "broken": "right → wrong"}
    for direction, chosen in pairs.items():
        blocks.append(Heading(titles[direction], 3))
        blocks.append(
            Table(
                ["id", "question", "gold", first, last],
                [
                    [
                        _short(p.before.get("id"), 16),
                        _short(p.before.get("question"), 90),
                        _gold_shown(p.before),
                        _answer_shown(p.before),
                        _answer_shown(p.after),
                    ]
                    for p in chosen
                ],
            )
        )
    return blocks


def _answer_shown(record: dict[str, Any]) -> str:
    """What a sample answered, with its verdict: ``345 (WRONG)``."""
    return f"{_short(record.get('extracted'), 30)} ({record.get('verdict')})"


def _record_blocks(df: pd.DataFrame, *, examples: int, seed: int, plots: bool) -> list[Block]:
    """The sections built on eval records: accuracy, categories, suspects, reasoning detail, examples."""
    names = an.checkpoints(df)
    last = names[-1]
    focus = df[df["checkpoint"] == last]
    blocks: list[Block] = []
    n_problems = len({(c, repr(i)) for c, i in zip(df["checkpoint"], df["id"], strict=True)})
    datasets = sorted({d for d in df.get("dataset", []) if isinstance(d, str)})
    blocks.append(
        Para(
            f"{len(df)} graded samples ({n_problems} problem evaluations) from {len(names)} checkpoint(s): "
            + ", ".join(f"`{n}`" for n in names)
            + (f"; data: {', '.join(f'`{d}`' for d in datasets)}" if datasets else "")
            + ". Categories come from the grader's verdicts; hedging (AMBIGUOUS) is its own category here. "
            "Accuracy leaves out samples whose gold cannot be parsed."
        )
    )

    # accuracy per checkpoint
    accuracy = an.accuracy_by_checkpoint(df)
    blocks.append(Heading("Accuracy per checkpoint"))
    rows = []
    for a in accuracy:
        cost = None if a["accuracy_strict"] is None else 100 * (a["accuracy_flexible"] - a["accuracy_strict"])
        rows.append(
            [
                a["checkpoint"],
                "-" if a["step"] is None else str(a["step"]),
                str(a["records"]),
                _ci_text(a["accuracy_strict"], a["ci_strict"]),
                _ci_text(a["accuracy_flexible"], a["ci_flexible"]),
                _points(cost),
            ]
        )
    blocks.append(
        Table(
            ["checkpoint", "step", "samples", "strict [95% CI]", "flexible [95% CI]", "format cost (pts)"],
            rows,
            {1, 2, 3, 4, 5},
        )
    )
    comparisons = {
        "flexible": an.compare_checkpoints(df, "category"),
        "strict": an.compare_checkpoints(df, "category_strict"),
    }
    if plots:
        series = {p: [a[f"accuracy_{p}"] for a in accuracy] for p in ("strict", "flexible")}
        blocks += _plot_blocks(
            "Accuracy per checkpoint",
            series,
            "at every checkpoint",
            lambda kept: png_bytes(accuracy_figure(accuracy, list(kept))),
        )
        blocks.append(
            Plot(
                "Error breakdown per checkpoint, flexible and strict",
                png_bytes(stacked_figure(comparisons, names)),
            )
        )

    # which part of the task moved, at a glance (a group per subject, level, ...)
    if len(names) > 1:
        blocks += _group_movement_blocks(df)

    # the breakdown of the last checkpoint
    table = an.breakdown(focus)
    cost = an.format_cost(focus)
    blocks.append(Heading(f"Error breakdown: {last}"))
    rows = []
    for cat, row in table.iterrows():
        if not (row["count"] or row["count_strict"]) and cat not in ("correct", "reasoning_error"):
            continue
        rows.append(
            [
                str(row["label"]),
                str(int(row["count"])),
                _ci_text(row["rate"], (row["ci_low"], row["ci_high"])),
                str(int(row["count_strict"])),
                _ci_text(row["rate_strict"], (row["ci_low_strict"], row["ci_high_strict"])),
            ]
        )
    rows.append(["total", str(len(focus)), "", str(len(focus)), ""])
    blocks.append(
        Table(["category", "flexible", "rate [95% CI]", "strict", "rate [95% CI]"], rows, {1, 2, 3, 4})
    )
    blocks.append(
        Para(
            f"Strict {_pct(cost.accuracy_strict)} vs flexible {_pct(cost.accuracy_flexible)}: format errors "
            f"cost {'-' if cost.points is None else f'{cost.points:.1f}'} points (right answers that only a "
            f"lenient rule, such as the last number, finds: {cost.lenient_only})."
        )
    )

    # checkpoints compared
    if len(names) > 1:
        blocks += _movement_blocks(df, accuracy, comparisons)
        blocks += _answer_pair_blocks(df, examples=examples, seed=seed)

    # advice
    suspects = an.grader_suspects(df)
    focus_suspects = suspects[suspects["checkpoint"] == last] if not suspects.empty else suspects
    detail = an.reasoning_detail(focus)
    blocks.append(Heading("What to do next"))
    blocks.append(Bullets(an.recommendations(table, cost, len(focus_suspects), detail)))

    # grader suspects
    blocks.append(Heading(f"Grader suspects ({len(suspects)})"))
    if suspects.empty:
        blocks.append(
            Para("None: no sample that the grade calls wrong is read as right by another reading of it.")
        )
    else:
        blocks.append(
            Para(
                "Wrong under the strict policy, not explained by the policy itself nor cut off by the length "
                "limit, yet another reading of the completion matches the gold (or the span differs between "
                "policies): the measurement may be at fault. Check these by hand or with `rewardkit audit`."
                + (f" The first {SUSPECTS_SHOWN} are listed." if len(suspects) > SUSPECTS_SHOWN else "")
            )
        )
        rows = []
        for r in suspects.head(SUSPECTS_SHOWN).to_dict("records"):
            rows.append(
                [
                    str(r["checkpoint"]),
                    _short(r["id"], 24),
                    str(r.get("sample_index")),
                    f"{r['verdict_strict']} / {r['verdict']}",
                    _short(r.get("extracted"), 20),
                    _gold_shown(r),
                    "; ".join(r["reasons"]),
                ]
            )
        blocks.append(
            Table(["checkpoint", "id", "sample", "strict / flexible", "extracted", "gold", "why"], rows, {2})
        )

    # reasoning detail
    blocks.append(Heading(f"Reasoning errors without a model: {last}"))
    if not detail.eligible:
        blocks.append(
            Para(
                f"{detail.wrong} reasoning error(s); none has a gold with `<<a*b=c>>` calculations and a "
                "numeric answer, so nothing more can be said without a model."
            )
        )
    else:
        scales = ", ".join(f"{k}: {v}" for k, v in sorted(detail.scales.items()))
        blocks.append(
            Table(
                ["finding", "samples", "share of analysed"],
                [
                    [
                        "answered an intermediate step of the gold",
                        str(detail.intermediate),
                        _pct(detail.intermediate / detail.eligible),
                    ],
                    [
                        "arithmetic slip (a op b = c with a wrong c)",
                        str(detail.arithmetic_slip),
                        _pct(detail.arithmetic_slip / detail.eligible),
                    ],
                    [
                        "off by a unit scale" + (f" ({scales})" if scales else ""),
                        str(detail.off_by_unit),
                        _pct(detail.off_by_unit / detail.eligible),
                    ],
                    ["none of these", str(detail.unexplained), _pct(detail.unexplained / detail.eligible)],
                ],
                {1, 2},
            )
        )
        blocks.append(
            Para(
                f"{detail.eligible} of {detail.wrong} reasoning errors analysed (golds with calculations and "
                "a numeric answer); a sample can show more than one finding."
            )
        )
        shown = [line for kind in ("intermediate", "arithmetic_slip", "off_by_unit") for line in
                 detail.examples.get(kind, [])]  # fmt: skip
        if shown:
            blocks.append(Bullets(shown))

    # examples
    sampled = an.sample_examples(focus, examples, seed) if examples > 0 else {}
    if sampled:
        blocks.append(Heading(f"Examples: {last} (seed {seed}, up to {examples} per category)"))
        for cat, records in sampled.items():
            column = "category_strict" if cat == "format_error" else "category"
            total = int((focus[column] == cat).sum())
            policy = " under the strict policy" if cat == "format_error" else ""
            blocks.append(Heading(f"{an.CATEGORY_LABELS[cat]} ({total}{policy})", 3))
            for r in records:
                blocks.append(_example(r))

    # breakdowns by group
    groups = [(key, label, an.group_accuracy(focus, key)) for key, label in _GROUPS]
    groups = [(k, lab, g) for k, lab, g in groups if g]
    if groups:
        blocks.append(Heading(f"Accuracy by group: {last}"))
        for _key, label, values in groups:
            blocks.append(
                Table(
                    [label, "samples", "strict", "flexible"],
                    [[v, str(n), _pct(s), _pct(f)] for v, n, s, f in values],
                    {1, 2, 3},
                )
            )
            if plots:
                blocks += _plot_blocks(
                    f"Accuracy by {label}",
                    {"strict": [v[2] for v in values], "flexible": [v[3] for v in values]},
                    f"in every {label} group",
                    lambda kept, values=values, label=label: png_bytes(group_figure(values, label, kept)),
                )
    return blocks


def _trajectory_blocks(files: Sequence[Path], root: Path, *, plots: bool) -> tuple[list[Block], list[str]]:
    """Agentic episodes: tool use before the answer, accuracy with and without a tool, returns, the curve."""
    from evalkit.trajectories import (
        load_trajectories,
        part_table,
        render_trajectories_markdown,
        summarize_parts,
        summarize_trajectories,
    )

    episodes: list[dict[str, Any]] = []
    problems: list[str] = []
    for path in files:
        found, bad = load_trajectories(path)
        episodes += found
        problems += [_relative(m, root) for m in bad]
    if not episodes:
        return [], problems
    summary = summarize_trajectories(episodes)
    phases = [p for p in summary if p != "curve"]
    blocks: list[Block] = [
        Heading("Agentic trajectories"),
        Para(
            f"{len(episodes)} episodes from "
            + ", ".join(f"`{_relative(str(p), root)}`" for p in files)
            + ". An episode *called a tool* when it made at least one tool call before its final answer; "
            "accuracy with and without a call shows whether the detour pays off."
        ),
    ]
    table_lines = render_trajectories_markdown(summary).split("\n\n")[0].strip().splitlines()
    rows = [[c.strip() for c in line.strip("|").split("|")] for line in table_lines[2:]]
    blocks.append(Table(["metric", *phases], rows, set(range(1, len(phases) + 1))))
    parts = summarize_parts(episodes)
    if parts:  # a mixed task: does the policy call where the tool pays and answer directly elsewhere?
        blocks.append(Heading("Per problem part", 3))
        for part, part_summary in parts.items():
            header, part_rows = part_table(part_summary)
            blocks.append(Para(f"**{part}**"))
            blocks.append(Table(header, part_rows, set(range(1, len(header)))))
    curve = summary["curve"]
    if curve:
        blocks.append(Heading("Tool use over training", 3))
        blocks.append(
            Table(
                ["training step", "episodes", "called a tool", "accuracy", "mean return"],
                [
                    [
                        str(c["step"]),
                        str(c["episodes"]),
                        _pct(c["tool_call_rate"]),
                        _pct(c["accuracy"]),
                        "-" if c["mean_return"] is None else f"{c['mean_return']:.2f}",
                    ]
                    for c in curve
                ],
                {1, 2, 3, 4},
            )
        )
        steps = [c["step"] for c in curve]
        if plots and all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in steps):
            blocks += _plot_blocks(
                "Tool-call rate and accuracy over training",
                {
                    "called a tool": [c["tool_call_rate"] for c in curve],
                    "accuracy": [c["accuracy"] for c in curve],
                    **_part_series(parts, steps),
                },
                "at every training step",
                lambda kept: png_bytes(curve_figure(steps, kept)),
            )
    return blocks, problems


def _part_series(parts: dict[str, Any], steps: list[Any]) -> dict[str, list[float | None]]:
    """Tool-call rate and accuracy per problem part along the training steps (None where a step had no
    episode of the part)."""
    series: dict[str, list[float | None]] = {}
    for part, summary in parts.items():
        at = {c["step"]: c for c in summary["curve"]}
        series[f"called a tool ({part})"] = [(at.get(s) or {}).get("tool_call_rate") for s in steps]
        series[f"accuracy ({part})"] = [(at.get(s) or {}).get("accuracy") for s in steps]
    return series


def build_report(
    run_dir: str | os.PathLike[str], *, examples: int = 3, seed: int = 0, plots: bool = False
) -> Report:
    """Read ``run_dir`` and lay out the report. ``plots`` renders the PNGs (the HTML wants them)."""
    root = Path(run_dir)
    from evalkit.curves import curve_notes, curve_panels, read_training_log
    from evalkit.plots import plot_panel
    from evalkit.trajectories import find_trajectories

    trajectory_files = find_trajectories(root)
    try:
        df = an.load_records(root)
    except FileNotFoundError:
        if not trajectory_files:  # an agentic run may have episodes and no eval records yet
            raise
        import pandas as pd

        df = pd.DataFrame()
    log, log_errors = read_training_log(root if root.is_dir() else root.parent)
    warnings = [_relative(m, root) for m in [*df.attrs.get("errors", []), *log_errors]]
    title = f"rewardkit report: {root.resolve().name}"
    blocks: list[Block] = []
    if not df.empty:
        blocks += _record_blocks(df, examples=examples, seed=seed, plots=plots)

    # training curves
    panels = curve_panels(log) if not log.empty else []
    if panels:
        blocks.append(Heading("Training curves"))
        rows = []
        for panel in panels:
            for col in panel.columns:
                series = log[["step", col]].dropna()
                rows.append(
                    [
                        col,
                        str(len(series)),
                        f"{series[col].iloc[0]:.4g} @ {series['step'].iloc[0]:g}",
                        f"{series[col].iloc[-1]:.4g} @ {series['step'].iloc[-1]:g}",
                        f"{series[col].min():.4g}",
                        f"{series[col].max():.4g}",
                    ]
                )
        blocks.append(Table(["series", "points", "first", "last", "min", "max"], rows, {1, 2, 3, 4, 5}))
        if curve_notes(log):  # the panels not drawn: series never logged or 0 throughout
            blocks.append(Bullets(curve_notes(log)))
        if plots:
            for panel in panels:
                blocks.append(Plot(panel.title, plot_panel(log, panel)))

    if trajectory_files:
        more_blocks, bad = _trajectory_blocks(trajectory_files, root, plots=plots)
        blocks += more_blocks
        warnings += bad

    if warnings:
        blocks.append(Heading(f"Skipped input ({len(warnings)})"))
        blocks.append(
            Bullets(warnings[:50] + ([f"... and {len(warnings) - 50} more"] if len(warnings) > 50 else []))
        )
    return Report(title, blocks, df, log, warnings)


def _example(r: dict[str, Any]) -> Example:
    completion = r.get("completion") if isinstance(r.get("completion"), str) else ""
    span = r.get("span") if isinstance(r.get("span"), list) else None
    tail, offset = an.completion_tail(completion, span)
    shifted = None
    if span is not None:
        base = offset or 0
        if span[0] >= base and span[1] <= len(completion):
            shifted = (span[0] - base, span[1] - base)
    facts = [
        ("verdict", f"{r.get('verdict_strict')} (strict) / {r.get('verdict')} (flexible)"),
        ("rule", _short(r.get("rule"), 30)),
        ("extracted", _short(r.get("extracted"), 40)),
        ("gold", _gold_shown(r)),
    ]
    if r.get("finish_reason") == "length":
        facts.append(("finish", "length limit"))
    detail = r.get("detail")
    if isinstance(detail, str) and detail:
        facts.append(("detail", _short(detail, 100)))
    question = r.get("question") if isinstance(r.get("question"), str) else None
    title = f"{r.get('checkpoint')} · id {_short(r.get('id'), 30)} · sample {r.get('sample_index')}"
    return Example(
        title, facts, _short(question, 300) if question else None, tail, shifted, offset is not None
    )
