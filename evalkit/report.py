"""``rewardkit report DIR``: the error breakdown of what ``eval`` wrote, as terminal tables, Markdown or HTML.

DIR is a single eval folder, an eval output folder with one subfolder per checkpoint, or a training run
folder (``metrics.jsonl`` / ``trainer_state.json`` and ``eval/<checkpoint>/``); records are found
recursively and checkpoints ordered by step. The report is built once as a list of blocks (headings,
paragraphs, tables, examples, plots) and rendered by one function per format, so the three formats say
the same things. The Markdown is deterministic — examples are drawn with a fixed seed, no timings, no
absolute paths — and the HTML is one self-contained file (inline CSS, plots embedded as PNG data URIs).

Python API::

    from evalkit.report import write_report, print_report
    path = write_report("runs/grpo", fmt="html")   # runs/grpo/report.html, written atomically
    print_report("runs/grpo")                       # rich tables on stdout
"""

from __future__ import annotations

import base64
import html
import os
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from evalkit import analysis as an
from evalkit.figures import new_figure, new_panels, png_bytes
from rewardkit.files import atomic_write

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["FORMATS", "build_report", "print_report", "render_html", "render_markdown", "write_report"]

FORMATS = ("term", "md", "html")
_SUFFIX = {"md": ".md", "html": ".html"}
MARK_OPEN, MARK_CLOSE = "⟦", "⟧"  # the extracted span in Markdown and terminal examples
SUSPECTS_SHOWN = 25


# ------------------------------------------------------------------------------------------------ blocks


@dataclass
class Heading:
    text: str
    level: int = 2


@dataclass
class Para:
    text: str  # `code` spans are the only inline markup


@dataclass
class Bullets:
    items: list[str]


@dataclass
class Table:
    headers: list[str]
    rows: list[list[str]]
    right: set[int] = field(default_factory=set)  # right-aligned column indexes


@dataclass
class Example:
    title: str
    facts: list[tuple[str, str]]
    question: str | None
    tail: str
    span: tuple[int, int] | None  # within ``tail``
    cut: bool  # the tail is not the whole completion


@dataclass
class Plot:
    title: str
    png: bytes


Block = Heading | Para | Bullets | Table | Example | Plot


@dataclass
class Report:
    title: str
    blocks: list[Block]
    records: pd.DataFrame
    log: pd.DataFrame
    warnings: list[str]


# ----------------------------------------------------------------------------------------------- helpers


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


# ------------------------------------------------------------------------------------------------- plots


_COLORS = {
    "correct": "#4caf50",
    "reasoning_error": "#e53935",
    "extraction_failure": "#fb8c00",
    "format_error": "#fdd835",
    "truncated": "#8e24aa",
    "ambiguous": "#1e88e5",
    "data_problem": "#9e9e9e",
    "grader_problem": "#424242",
}


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


def _ticks(ax: Any, positions: list[float], labels: list[str]) -> None:
    long = len(labels) > 3 or any(len(label) > 12 for label in labels)
    ax.set_xticks(positions, labels, rotation=30 if long else 0, ha="right" if long else "center")


def _accuracy_figure(accuracy: list[dict[str, Any]], policies: Sequence[str] = ("strict", "flexible")) -> Any:
    """Checkpoints of one run: accuracy over the step axis. Anything else (models of several sizes, say):
    bars side by side, with no line joining things that are not points of one trajectory."""
    fig, ax = new_figure()
    stepped = an.is_training_run([a["step"] for a in accuracy])
    width = 0.8 / len(policies)
    for i, policy in enumerate(policies):
        ys = [100 * (a[f"accuracy_{policy}"] or 0.0) for a in accuracy]
        cis = [a[f"ci_{policy}"] for a in accuracy]
        lo = [y - 100 * ci[0] if ci else 0.0 for y, ci in zip(ys, cis, strict=True)]
        hi = [100 * ci[1] - y if ci else 0.0 for y, ci in zip(ys, cis, strict=True)]
        if stepped:
            xs = [float(a["step"]) for a in accuracy]
            ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=3, label=policy)
        else:
            xs = [j + (i - (len(policies) - 1) / 2) * width for j in range(len(accuracy))]
            ax.bar(xs, ys, width, yerr=[lo, hi], capsize=3, label=policy)
    if stepped:
        ax.set_xticks([float(a["step"]) for a in accuracy], [str(a["step"]) for a in accuracy])
        ax.set_xlabel("step")
        ax.grid(alpha=0.3)
    else:
        _ticks(ax, [float(j) for j in range(len(accuracy))], [a["checkpoint"] for a in accuracy])
        ax.set_xlabel("folder")
        ax.grid(alpha=0.3, axis="y")
    ax.set_ylabel("accuracy (%)")
    ax.set_ylim(0, 100)
    ax.set_title(f"Accuracy per {'checkpoint' if stepped else 'folder'} (95% Wilson interval)")
    ax.legend(fontsize="small")
    return fig


def _stacked_figure(comparisons: dict[str, pd.DataFrame], names: list[str]) -> Any:
    """One panel of stacked category bars per policy, so a drift only one policy sees is in view."""
    fig, axes = new_panels(len(comparisons))
    positions = [float(p) for p in range(len(names))]
    shown = [
        cat for cat in an.CATEGORIES if any(float(t.loc[cat, n]) for t in comparisons.values() for n in names)
    ]
    for ax, (policy, comparison) in zip(axes, comparisons.items(), strict=True):
        bottom = [0.0] * len(names)
        for cat in shown:
            values = [100 * float(comparison.loc[cat, n]) for n in names]
            ax.bar(positions, values, bottom=bottom, color=_COLORS[cat], label=an.CATEGORY_LABELS[cat])
            bottom = [b + v for b, v in zip(bottom, values, strict=True)]
        _ticks(ax, positions, names)
        ax.set_ylim(0, 100)
        ax.set_title(policy)
    axes[0].set_ylabel("% of samples")
    axes[-1].legend(fontsize="x-small", loc="center left", bbox_to_anchor=(1.0, 0.5))
    fig.suptitle("Error breakdown per checkpoint")
    return fig


def _group_figure(groups: list[tuple[str, int, float | None, float | None]], name: str, kept: Any) -> Any:
    fig, ax = new_figure()
    positions = list(range(len(groups)))
    width = 0.8 / len(kept)
    for i, (policy, values) in enumerate(kept.items()):
        offset = (i - (len(kept) - 1) / 2) * width
        ax.bar([p + offset for p in positions], [100 * (v or 0) for v in values], width, label=policy)
    ax.set_xticks(positions, [g[0] for g in groups])
    ax.set_xlabel(name)
    ax.set_ylabel("accuracy (%)")
    ax.set_ylim(0, 100)
    ax.set_title(f"Accuracy by {name}")
    ax.legend(fontsize="small")
    return fig


# ------------------------------------------------------------------------------------------------- build


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
            lambda kept: png_bytes(_accuracy_figure(accuracy, list(kept))),
        )
        blocks.append(
            Plot(
                "Error breakdown per checkpoint, flexible and strict",
                png_bytes(_stacked_figure(comparisons, names)),
            )
        )

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
                    lambda kept, values=values, label=label: png_bytes(_group_figure(values, label, kept)),
                )
    return blocks


def _trajectory_blocks(files: Sequence[Path], root: Path, *, plots: bool) -> tuple[list[Block], list[str]]:
    """Agentic episodes: tool use before the answer, accuracy with and without a tool, returns, the curve."""
    from evalkit.trajectories import load_trajectories, render_trajectories_markdown, summarize_trajectories

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
                },
                "at every training step",
                lambda kept: png_bytes(_curve_figure(steps, kept)),
            )
    return blocks, problems


def _curve_figure(steps: list[float], kept: dict[str, list[float | None]]) -> Any:
    fig, ax = new_figure()
    for label, values in kept.items():
        ax.plot(steps, [float("nan") if v is None else v for v in values], marker="o", label=label)
    ax.set_xlabel("training step")
    ax.set_ylim(-0.02, 1.02)
    ax.legend()
    return fig


def build_report(
    run_dir: str | os.PathLike[str], *, examples: int = 3, seed: int = 0, plots: bool = False
) -> Report:
    """Read ``run_dir`` and lay out the report. ``plots`` renders the PNGs (the HTML wants them)."""
    root = Path(run_dir)
    from evalkit.curves import curve_notes, curve_panels, plot_panel, read_training_log
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


# ---------------------------------------------------------------------------------------------- markdown


def _md_cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render_markdown(report: Report) -> str:
    out = [f"# {report.title}", ""]
    for block in report.blocks:
        if isinstance(block, Heading):
            out += ["#" * block.level + " " + block.text, ""]
        elif isinstance(block, Para):
            out += [block.text, ""]
        elif isinstance(block, Bullets):
            out += [f"- {item}" for item in block.items] + [""]
        elif isinstance(block, Table):
            out.append("| " + " | ".join(_md_cell(h) for h in block.headers) + " |")
            out.append(
                "|" + "|".join("---:" if i in block.right else "---" for i in range(len(block.headers))) + "|"
            )
            out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in block.rows]
            out.append("")
        elif isinstance(block, Example):
            out.append(f"**{block.title}** — " + "; ".join(f"{k}: `{_md_code(v)}`" for k, v in block.facts))
            out.append("")
            if block.question:
                out += [f"> {block.question}", ""]
            text = _marked(block.tail, block.span)
            fence = "````" if "```" in text else "```"
            out += [fence + "text", ("…" if block.cut else "") + text.rstrip(), fence, ""]
        elif isinstance(block, Plot):
            continue  # images are in the HTML report
    return "\n".join(out).rstrip() + "\n"


def _md_code(text: str) -> str:
    return text.replace("`", "'")


def _marked(text: str, span: tuple[int, int] | None) -> str:
    if span is None:
        return text
    a, b = span
    return text[:a] + MARK_OPEN + text[a:b] + MARK_CLOSE + text[b:]


# -------------------------------------------------------------------------------------------------- html

_CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2rem auto;max-width:72rem;
padding:0 1rem;color:#222;line-height:1.45}
h1{font-size:1.6rem}h2{font-size:1.25rem;margin-top:2rem;border-bottom:1px solid #ddd}h3{font-size:1.05rem}
table{border-collapse:collapse;margin:.5rem 0 1rem;font-size:.9rem}
th,td{border:1px solid #ccc;padding:.25rem .5rem;vertical-align:top}th{background:#f3f3f3}
td.r{text-align:right;font-variant-numeric:tabular-nums}
code{background:#f3f3f3;padding:0 .2rem;border-radius:3px}
pre{background:#f7f7f7;border:1px solid #ddd;padding:.6rem;white-space:pre-wrap;word-break:break-word}
mark{background:#ffe066;font-weight:bold}
.example{margin:.8rem 0 1.2rem}.facts{font-size:.9rem}.q{color:#555;font-style:italic}
figure{margin:1rem 0}figure img{max-width:100%;height:auto}figcaption{font-size:.85rem;color:#555}
"""


def _inline(text: str) -> str:
    """Escape ``text`` and turn its `code` spans into <code>."""
    parts = re.split(r"`([^`]*)`", text)
    return "".join(f"<code>{html.escape(p)}</code>" if i % 2 else html.escape(p) for i, p in enumerate(parts))


def render_html(report: Report) -> str:
    esc = html.escape
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{esc(report.title)}</title><style>{_CSS}</style></head><body>",
        f"<h1>{esc(report.title)}</h1>",
    ]
    for block in report.blocks:
        if isinstance(block, Heading):
            out.append(f"<h{block.level}>{esc(block.text)}</h{block.level}>")
        elif isinstance(block, Para):
            out.append(f"<p>{_inline(block.text)}</p>")
        elif isinstance(block, Bullets):
            out.append("<ul>" + "".join(f"<li>{_inline(i)}</li>" for i in block.items) + "</ul>")
        elif isinstance(block, Table):
            head = "".join(f"<th>{esc(h)}</th>" for h in block.headers)
            body = "".join(
                "<tr>"
                + "".join(
                    f'<td class="r">{esc(c)}</td>' if i in block.right else f"<td>{esc(c)}</td>"
                    for i, c in enumerate(row)
                )
                + "</tr>"
                for row in block.rows
            )
            out.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")
        elif isinstance(block, Example):
            facts = "; ".join(f"{esc(k)}: <code>{esc(v)}</code>" for k, v in block.facts)
            tail = block.tail
            if block.span is not None:
                a, b = block.span
                shown = esc(tail[:a]) + "<mark>" + esc(tail[a:b]) + "</mark>" + esc(tail[b:])
            else:
                shown = esc(tail)
            question = f'<p class="q">{esc(block.question)}</p>' if block.question else ""
            out.append(
                f'<div class="example"><p><strong>{esc(block.title)}</strong></p><p class="facts">{facts}</p>'
                f"{question}<pre>{'…' if block.cut else ''}{shown}</pre></div>"
            )
        elif isinstance(block, Plot):
            data = base64.b64encode(block.png).decode("ascii")
            out.append(
                f'<figure><img alt="{esc(block.title)}" src="data:image/png;base64,{data}">'
                f"<figcaption>{esc(block.title)}</figcaption></figure>"
            )
    out.append("</body></html>")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------------- terminal


def render_terminal(report: Report, file: IO[str] | None = None) -> None:
    from rich.console import Console
    from rich.table import Table as RichTable
    from rich.text import Text

    console = Console(file=file if file is not None else sys.stdout, highlight=False)
    if not console.is_terminal:  # rich assumes 80 columns when piped; the tables need more
        console.width = max(console.width, 120)
    console.print(Text(report.title, style="bold underline"))
    for block in report.blocks:
        if isinstance(block, Heading):
            console.print()
            console.print(Text(block.text, style="bold" if block.level > 2 else "bold cyan"))
        elif isinstance(block, Para):
            console.print(block.text, markup=False)
        elif isinstance(block, Bullets):
            for item in block.items:
                console.print(Text("• " + item))
        elif isinstance(block, Table):
            table = RichTable()
            for i, h in enumerate(block.headers):
                table.add_column(h, justify="right" if i in block.right else "left")
            for row in block.rows:
                table.add_row(*[Text(c) for c in row])
            console.print(table)
        elif isinstance(block, Example):
            console.print(Text(block.title, style="bold"))
            console.print(Text("; ".join(f"{k}: {v}" for k, v in block.facts), style="dim"))
            if block.question:
                console.print(Text("Q: " + block.question, style="italic"))
            body = Text("…" if block.cut else "")
            if block.span is not None:
                a, b = block.span
                body.append(block.tail[:a])
                body.append(block.tail[a:b], style="reverse bold")
                body.append(block.tail[b:])
            else:
                body.append(block.tail)
            console.print(body)
            console.print()


# ---------------------------------------------------------------------------------------------- writing


def default_output(run_dir: str | os.PathLike[str], fmt: str) -> Path:
    root = Path(run_dir)
    folder = root if root.is_dir() else root.parent
    return folder / f"report{_SUFFIX[fmt]}"


def render(report: Report, fmt: str) -> str:
    if fmt == "md":
        return render_markdown(report)
    if fmt == "html":
        return render_html(report)
    raise ValueError(f"fmt must be 'html' or 'md', got {fmt!r}")


def write_report(
    run_dir: str | os.PathLike[str],
    *,
    fmt: str = "html",
    output: str | os.PathLike[str] | None = None,
    examples: int = 3,
    seed: int = 0,
) -> Path:
    """Write the report of ``run_dir`` as HTML or Markdown (atomically) and return the path written.

    The default output is ``RUN_DIR/report.html`` (or ``report.md``). Raises FileNotFoundError when there
    are no records under ``run_dir``, ValueError for an unknown ``fmt``.
    """
    if fmt not in _SUFFIX:
        raise ValueError(f"fmt must be 'html' or 'md', got {fmt!r}")
    report = build_report(run_dir, examples=examples, seed=seed, plots=fmt == "html")
    path = Path(output) if output is not None else default_output(run_dir, fmt)
    atomic_write(path, render(report, fmt))
    return path


def print_report(
    run_dir: str | os.PathLike[str], *, file: IO[str] | None = None, examples: int = 3, seed: int = 0
) -> Report:
    """Print the report of ``run_dir`` as rich tables (to stdout, or ``file``); returns the report."""
    report = build_report(run_dir, examples=examples, seed=seed)
    render_terminal(report, file)
    return report
