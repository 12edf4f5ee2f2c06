"""The JSON a benchmark writes with ``--json``: what ran, where and when (``meta``), then its figures."""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def run_meta(argv: Sequence[str] | None = None, **extra: Any) -> dict[str, Any]:
    """The machine and the run: command line (``sys.argv`` unless ``argv``), Python, platform, CPU count,
    local time, and the script's own settings in ``extra``.

    >>> meta = run_meta(["bench/x.py", "--limit", "5"], limit=5)
    >>> meta["argv"], meta["limit"], sorted(meta)
    (['bench/x.py', '--limit', '5'], 5, ['argv', 'cpus', 'limit', 'platform', 'python', 'time'])
    """
    return {
        "argv": sys.argv if argv is None else list(argv),
        "python": platform.python_version(),
        "platform": platform.platform(),
        **extra,
        "cpus": os.cpu_count(),
        "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
    }


def write_json(path: Path, payload: dict[str, Any], *, ensure_ascii: bool = True) -> None:
    """``payload`` as indented JSON at ``path`` (its folder made if missing), ending in a newline."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(payload, indent=2, ensure_ascii=ensure_ascii) + "\n", encoding="utf-8")
