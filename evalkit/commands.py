"""The ``rewardkit`` subcommands evalkit owns (``report``, ``audit``), registered into the CLI's parser.

Imported before any argument is parsed: argparse only at module level; the work is imported inside ``run``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["register"]


def register(sub: Any) -> None:
    """Add evalkit's subcommands to ``sub`` (the CLI's subparsers); each sets ``run`` to its handler."""
