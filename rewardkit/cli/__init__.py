"""The ``rewardkit`` command line. The core's own subcommands are ``grade``, ``score``, ``check-data`` and
``stress`` (a module each in this package); every other subcommand registers itself through the
``rewardkit.commands`` entry-point group (evalkit adds ``eval``, ``report`` and ``audit``; runners adds
``train``, ``pairs`` and ``demo``), so the core never imports the packages built on it.

Exit status: 0 when the command did its job (a wrong answer is a result, not an error), 1 when
``check-data`` found golds that cannot be parsed or ``stress`` found a reward that pays an attack, 2 for
usage errors (an unknown reward spec included) and unreadable or malformed input. A malformed JSONL
line is reported as ``FILE:LINE: ...`` on stderr and skipped; every other line is still processed, and
the exit status is 2 at the end.

The console script imports this package before any argument is parsed, so nothing heavy loads at module
level, here or in a registered command module: sympy and rich load inside the subcommand that needs them,
and ``--help`` stays instant.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence

from rewardkit.cli.messages import error
from rewardkit.cli.plugins import command_modules
from rewardkit.exit_codes import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE

__all__ = ["build_parser", "main"]


def _version() -> str:
    from rewardkit import __version__

    return __version__


def build_parser() -> argparse.ArgumentParser:
    """The whole parser: the core's subcommands, then each registered module's, in the order they load."""
    parser = argparse.ArgumentParser(
        prog="rewardkit",
        description="Grade LLM answers to math problems against gold answers.",
        epilog="Run 'rewardkit COMMAND --help' for the options of one command.",
    )
    parser.add_argument("--version", action="version", version=f"rewardkit {_version()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    # each module adds its parsers with a `run` default and imports only argparse at module level
    for module in command_modules():
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI and return its exit status (``--help`` and usage errors included)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    command: Callable[[], int] | None = _handover(argv)
    if command is None:
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # --help, --version and usage errors: report the status, don't exit
            return exc.code if isinstance(exc.code, int) else EXIT_USAGE
        run: Callable[[argparse.Namespace], int] = args.run
        command = lambda: run(args)  # noqa: E731
    try:
        return command()
    except SystemExit as exc:  # a handed-over command's own argparse: --help and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    except KeyboardInterrupt:
        error("interrupted")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # `rewardkit score ... -o - | head`: the reader left, which is fine
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # so the interpreter's final flush stays quiet
        except (OSError, ValueError):
            pass
        return EXIT_OK


def _handover(argv: list[str]) -> Callable[[], int] | None:
    """The command, when a registered module owns ``argv`` whole (``pairs``, ``demo``); else None.

    argparse's REMAINDER does not capture options that come first (``rewardkit demo --quick``), so such
    commands parse their own command line."""
    for module in command_modules():
        owns = getattr(module, "owns", None)
        if owns is not None and owns(argv):
            passthrough = module.passthrough
            return lambda: int(passthrough(argv))
    return None
