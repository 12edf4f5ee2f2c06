"""Measured figures of the reliability tests, merged into one JSON file when ``REWARDKIT_ADVERSARIAL_REPORT``
names it (SECURITY.md quotes them). Without the variable nothing is written."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any


def record(section: str, values: dict[str, Any]) -> None:
    """Add ``values`` under ``section`` of the report file (if one is asked for)."""
    target = os.environ.get("REWARDKIT_ADVERSARIAL_REPORT")
    if not target:
        return
    path = Path(target)
    data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
    data[section] = values
    path.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
