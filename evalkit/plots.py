"""Every figure the reports draw, as PNG bytes (matplotlib, without a display): accuracy per checkpoint,
the error breakdown as stacked bars, accuracy per group, tool use, and the training curves. The HTML report
embeds them as data URIs; the Markdown links none.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from evalkit import analysis as an

if TYPE_CHECKING:
    import pandas as pd

    from evalkit.curves import CurvePanel

__all__ = [
    "CATEGORY_COLORS",
    "accuracy_figure",
    "curve_figure",
    "group_figure",
    "new_figure",
    "new_panels",
    "plot_panel",
    "png_bytes",
    "stacked_figure",
]


CATEGORY_COLORS = {
    "correct": "#4caf50",
    "reasoning_error": "#e53935",
    "extraction_failure": "#fb8c00",
    "format_error": "#fdd835",
    "truncated": "#8e24aa",
    "ambiguous": "#1e88e5",
    "data_problem": "#9e9e9e",
    "grader_problem": "#424242",
}


def _ticks(ax: Any, positions: list[float], labels: list[str]) -> None:
    long = len(labels) > 3 or any(len(label) > 12 for label in labels)
    ax.set_xticks(positions, labels, rotation=30 if long else 0, ha="right" if long else "center")


def accuracy_figure(accuracy: list[dict[str, Any]], policies: Sequence[str] = ("strict", "flexible")) -> Any:
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


def stacked_figure(comparisons: dict[str, pd.DataFrame], names: list[str]) -> Any:
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
            ax.bar(
                positions, values, bottom=bottom, color=CATEGORY_COLORS[cat], label=an.CATEGORY_LABELS[cat]
            )
            bottom = [b + v for b, v in zip(bottom, values, strict=True)]
        _ticks(ax, positions, names)
        ax.set_ylim(0, 100)
        ax.set_title(policy)
    axes[0].set_ylabel("% of samples")
    axes[-1].legend(fontsize="x-small", loc="center left", bbox_to_anchor=(1.0, 0.5))
    fig.suptitle("Error breakdown per checkpoint")
    return fig


def group_figure(groups: list[tuple[str, int, float | None, float | None]], name: str, kept: Any) -> Any:
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


def curve_figure(steps: list[float], kept: dict[str, list[float | None]]) -> Any:
    fig, ax = new_figure()
    for label, values in kept.items():
        ax.plot(steps, [float("nan") if v is None else v for v in values], marker="o", label=label)
    ax.set_xlabel("training step")
    ax.set_ylim(-0.02, 1.02)
    ax.legend()
    return fig


def new_figure(width: float = 7.0, height: float = 3.6) -> tuple[Any, Any]:
    """A matplotlib figure and axes that never touch pyplot's global state (no GUI backend needed)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    return fig, fig.add_subplot()


def png_bytes(fig: Any) -> bytes:
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")  # a bare Figure renders with the Agg canvas
    return buffer.getvalue()


def new_panels(count: int, width: float = 9.0, height: float = 3.6) -> tuple[Any, list[Any]]:
    """A figure with ``count`` side-by-side axes sharing the y axis (one per policy, say)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), dpi=100, layout="constrained")
    axes = fig.subplots(1, count, sharey=True, squeeze=False)[0]
    return fig, list(axes)


def plot_panel(log: pd.DataFrame, panel: CurvePanel) -> bytes:
    """One panel as PNG bytes (matplotlib, Agg backend)."""
    fig, ax = new_figure()
    for col in panel.columns:
        part = log[["step", col]].dropna()
        ax.plot(part["step"], part[col], marker="." if len(part) < 40 else None, label=panel.label(col))
    ax.set_title(panel.title)
    ax.set_xlabel("step")
    ax.set_ylabel(panel.ylabel)
    if len(panel.columns) > 1 or panel.same_as:
        ax.legend(fontsize="small")
    ax.grid(alpha=0.3)
    return png_bytes(fig)
