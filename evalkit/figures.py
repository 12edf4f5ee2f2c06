"""Matplotlib figures for reports, made without pyplot's global state (no GUI backend), and their PNG bytes.

Shared by :mod:`evalkit.report` and :mod:`evalkit.curves`, which both draw.
"""

from __future__ import annotations

import io
from typing import Any


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
