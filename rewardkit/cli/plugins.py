"""Which modules add subcommands to ``rewardkit``: the core's own, then those registered in the
``rewardkit.commands`` entry-point group by installed distributions.

An entry point names a module (``evalkit.commands``) that has ``register(subparsers)`` and may have
``owns(argv)`` / ``passthrough(argv)`` for a command that parses its own command line. A module that fails to
import is reported once on stderr and left out, so a broken extension never takes ``rewardkit grade`` down.
"""

from __future__ import annotations

import functools
import importlib
import sys
from importlib import metadata
from types import ModuleType

__all__ = ["ENTRY_POINT_GROUP", "command_modules"]

ENTRY_POINT_GROUP = "rewardkit.commands"

# the core's subcommands, in the order `rewardkit --help` lists them
_CORE = (
    "rewardkit.cli.grade",
    "rewardkit.cli.score",
    "rewardkit.cli.check_data",
    "rewardkit.cli.stress",
    "rewardkit.cli.serve",
)


@functools.cache
def command_modules() -> tuple[ModuleType, ...]:
    """The core's command modules, then every registered one (by entry-point name, duplicates once)."""
    modules = [importlib.import_module(name) for name in _CORE]
    seen = set(_CORE)
    for entry in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
        if entry.value in seen:
            continue
        seen.add(entry.value)
        try:
            loaded = entry.load()
        except Exception as exc:  # any failure of someone else's module: say so, keep the rest working
            print(
                f"rewardkit: warning: subcommands from {entry.value!r} ({entry.name}) not loaded: {exc}",
                file=sys.stderr,
            )
            continue
        if not hasattr(loaded, "register"):
            print(f"rewardkit: warning: {entry.value!r} has no register(subparsers)", file=sys.stderr)
            continue
        modules.append(loaded)
    return tuple(modules)
