"""Where the tests find the repository's files, wherever in ``tests/`` a test module lives."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
FIXTURES = REPO / "fixtures"
CONFIGS = REPO / "runners" / "configs"
