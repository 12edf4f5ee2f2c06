"""evalkit: evaluation over checkpoints (generation, records, sampling metrics, error analysis, reports).

Built on :mod:`rewardkit`'s grading core; imports torch and transformers only inside the functions that
generate text. The public entry points load lazily, so importing the package (the CLI does, before any
argument is parsed) costs nothing:

- :func:`load_records` — every graded sample under a folder as one pandas table (see
  :func:`evalkit.analysis.load_records`);
- :func:`write_report`, :func:`print_report` — the HTML / Markdown / terminal report of an eval or run
  folder (see :mod:`evalkit.report`).
"""

from __future__ import annotations

from typing import Any

__all__ = ["load_records", "print_report", "write_report"]

_LAZY = {
    "load_records": ("evalkit.analysis", "load_records"),
    "write_report": ("evalkit.render", "write_report"),
    "print_report": ("evalkit.render", "print_report"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module 'evalkit' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
