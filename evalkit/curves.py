"""Training curves: read a run's logs and plot them.

A run folder may hold our runners' ``metrics.jsonl`` (one JSON object per logging step, the keys of TRL's
``log_history`` entries) and TRL's ``trainer_state.json`` (in the run folder or in its ``checkpoint-N``
folders; each holds the history up to its step, so the one with the most entries wins). Both are read;
where both log a step, ``metrics.jsonl`` wins. Rows without a ``step`` (or ``global_step``) are dropped,
and so are TRL's end-of-training summary rows (``train_runtime``...).

The plotted series: total reward with its per-component means (``rewards/<name>/mean``, the key scheme of
:mod:`rewardkit.rewards.component_logs`, which is TRL's: a plain TRL run's reward functions are components
too), KL, completion length, clipped ratio, loss. A series that repeats another one step for step (the only
reward function of a run, whose mean is the total ``reward``) is drawn once, under both names. A panel whose
series were not logged, or are 0 at every step (KL with ``beta`` 0), is not drawn: :func:`curve_notes` says
so in one line.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rewardkit.jsonl import LineError, iter_jsonl
from rewardkit.rewards.component_logs import component_of

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "METRICS_FILE",
    "TRAINER_STATE_FILE",
    "CurvePanel",
    "curve_notes",
    "curve_panels",
    "read_training_log",
]

METRICS_FILE = "metrics.jsonl"
TRAINER_STATE_FILE = "trainer_state.json"

# end-of-training summary keys: not a point on a curve
_SUMMARY_KEYS = ("train_runtime", "train_loss", "total_flos")


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    value = float(value)
    return value if math.isfinite(value) else None


def _row(entry: dict[str, Any]) -> dict[str, float] | None:
    if any(k in entry for k in _SUMMARY_KEYS):
        return None
    step = entry.get("step", entry.get("global_step"))
    if _number(step) is None:
        return None
    row = {"step": float(step)}
    for key, value in entry.items():
        number = _number(value)
        if number is not None and key not in ("step", "global_step"):
            row[key] = number
    return row


def _trainer_state(run: Path, errors: list[str]) -> list[dict[str, Any]]:
    best: list[dict[str, Any]] = []
    for path in sorted(run.rglob(TRAINER_STATE_FILE)):
        if any(part.startswith(".") for part in path.relative_to(run).parts[:-1]):
            continue
        try:
            state = json.loads(path.read_text(encoding="utf-8"))
        # ValueError: not UTF-8, not JSON, or a number past Python's int/str limit; RecursionError: nesting
        # too deep to read. A damaged state file is a message, never a traceback.
        except (OSError, ValueError, RecursionError) as exc:
            errors.append(f"{path}: unreadable ({exc.__class__.__name__}: {exc})")
            continue
        history = state.get("log_history") if isinstance(state, dict) else None
        if not isinstance(history, list):
            errors.append(f"{path}: field 'log_history' missing or not a list")
            continue
        entries = [e for e in history if isinstance(e, dict)]
        if len(entries) > len(best):
            best = entries
    return best


def read_training_log(run_dir: str | os.PathLike[str]) -> tuple[pd.DataFrame, list[str]]:
    """The run's logged metrics, one row per step (sorted), and the ``FILE[:LINE]: ...`` problems met.

    An empty table when the folder has no logs (a plain eval folder).
    """
    import pandas as pd

    run = Path(run_dir)
    errors: list[str] = []
    rows: dict[float, dict[str, float]] = {}
    if run.is_dir():
        for entry in _trainer_state(run, errors):
            row = _row(entry)
            if row is not None:
                rows.setdefault(row["step"], {}).update(row)
        metrics = run / METRICS_FILE
        if metrics.is_file():
            for item in iter_jsonl(metrics):
                if isinstance(item, LineError):
                    errors.append(str(item))
                    continue
                row = _row(item.data)
                if row is None:
                    if "step" not in item.data:
                        errors.append(f"{metrics}:{item.line}: field 'step' missing or not a number")
                    continue
                rows.setdefault(row["step"], {}).update(row)  # metrics.jsonl wins on shared keys
    if not rows:
        return pd.DataFrame(columns=["step"]), errors
    df = pd.DataFrame([rows[s] for s in sorted(rows)])
    if (df["step"] == df["step"].round()).all():
        df["step"] = df["step"].astype(int)
    return df, errors


@dataclass(frozen=True)
class CurvePanel:
    """One plot: a title, a y label and the columns drawn on it. ``same_as``: (column, drawn column) for
    each series left out because it repeats a drawn one at every step; its name goes on that line's label."""

    title: str
    ylabel: str
    columns: tuple[str, ...]
    same_as: tuple[tuple[str, str], ...] = ()

    def label(self, column: str) -> str:
        """The legend entry of a drawn column: its name, and the names of the series equal to it."""
        return " = ".join([column, *(other for other, kept in self.same_as if kept == column)])


# what a missing panel most likely means, for its one-line note
_WHY_MISSING = {"kl": "TRL logs it only with beta > 0"}


def _wanted(log: pd.DataFrame) -> list[CurvePanel]:
    components = sorted(c for c in log.columns if component_of(c) is not None)
    return [
        CurvePanel("Reward (total and per component)", "reward", ("reward", *components)),
        CurvePanel("KL to the reference", "kl", ("kl",)),
        CurvePanel("Completion length", "tokens", ("completions/mean_length",)),
        CurvePanel("Clipped ratio (hit max length)", "fraction", ("completions/clipped_ratio",)),
        CurvePanel("Loss", "loss", ("loss",)),
        CurvePanel("Groups with zero reward spread", "fraction", ("frac_reward_zero_std",)),
    ]


def _present(log: pd.DataFrame, columns: Sequence[str]) -> tuple[str, ...]:
    return tuple(c for c in columns if c in log and log[c].notna().any())


def _flat_zero(log: pd.DataFrame, columns: Sequence[str]) -> bool:
    return all((log[c].dropna() == 0).all() for c in columns)


def _distinct(
    log: pd.DataFrame, columns: Sequence[str]
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The columns with the repeats left out, and (repeat, the column it repeats) for each."""
    kept: list[str] = []
    same: list[tuple[str, str]] = []
    for column in columns:
        series = log[column]
        twin = next((k for k in kept if series.isna().equals(log[k].isna()) and _close(series, log[k])), None)
        if twin is None:
            kept.append(column)
        else:
            same.append((column, twin))
    return tuple(kept), tuple(same)


def _close(a: pd.Series, b: pd.Series) -> bool:
    both = a.notna()
    return bool(((a[both] - b[both]).abs() <= 1e-9 * (1 + b[both].abs())).all())


def curve_panels(log: pd.DataFrame) -> list[CurvePanel]:
    """The panels worth drawing for ``log``: series with at least one value, each drawn once, and no panel
    whose every series is 0 throughout (:func:`curve_notes` names those)."""
    out = []
    for panel in _wanted(log):
        cols = _present(log, panel.columns)
        if not cols or _flat_zero(log, cols):
            continue
        kept, same = _distinct(log, cols)
        out.append(CurvePanel(panel.title, panel.ylabel, kept, same))
    return out


def curve_notes(log: pd.DataFrame) -> list[str]:
    """One line for each standard panel :func:`curve_panels` leaves out: its series were not logged, or are
    0 at every logged step. Empty for an empty log (a folder that is not a training run).

    >>> import pandas as pd
    >>> for note in curve_notes(pd.DataFrame({"step": [1, 2], "reward": [0.1, 0.4], "kl": [0.0, 0.0]}))[:2]:
    ...     print(note)
    KL to the reference: kl is 0 at all 2 logged steps
    Completion length: completions/mean_length not logged
    """
    if log.empty:
        return []
    notes = []
    for panel in _wanted(log):
        cols = _present(log, panel.columns)
        names = ", ".join(panel.columns)
        if not cols:
            why = next((f" ({_WHY_MISSING[c]})" for c in panel.columns if c in _WHY_MISSING), "")
            notes.append(f"{panel.title}: {names} not logged{why}")
        elif _flat_zero(log, cols):
            steps = int(log[list(cols)].notna().any(axis=1).sum())
            notes.append(f"{panel.title}: {', '.join(cols)} is 0 at all {steps} logged steps")
    return notes
