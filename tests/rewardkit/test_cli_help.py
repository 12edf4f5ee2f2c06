"""Every ``--help`` of the CLI, walked from the top parser down to each recipe and passthrough command: no
reStructuredText markup, no internal argument names, and every option that has a default says what it is."""

from __future__ import annotations

import argparse
import contextlib
import io
import re
from collections.abc import Iterator

import pytest

from rewardkit.cli import build_parser, main

RST = re.compile(r"``|:(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj|ref):`")
# options whose default lives in the code that reads them (None in argparse): the help must still name it
IMPLICIT_DEFAULTS = {"--timeout"}


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _captured(argv: list[str]) -> tuple[str, list[argparse.ArgumentParser]]:
    """What ``rewardkit ARGV`` prints, and every parser that parsed on the way (modules build their own)."""
    seen: list[argparse.ArgumentParser] = []
    original = argparse.ArgumentParser.parse_known_args

    def spy(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(self)
        return original(self, *args, **kwargs)

    out = io.StringIO()
    with pytest.MonkeyPatch.context() as mp, contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        mp.setattr(argparse.ArgumentParser, "parse_known_args", spy)
        with contextlib.suppress(SystemExit):
            main(argv)
    return out.getvalue(), seen


def _all_helps() -> Iterator[tuple[str, str, list[argparse.ArgumentParser]]]:
    for name, parser in _subcommands().items():
        if name == "train":
            from runners.commands import ALGORITHMS

            for algo in ALGORITHMS:
                yield (f"train {algo}", *_captured(["train", algo, "--help"]))
        if parser.add_help:
            yield name, parser.format_help(), [parser]
        else:  # pairs, demo: the module parses its own command line
            yield (name, *_captured([name, "--help"]))


HELPS = list(_all_helps())


def test_every_command_is_walked() -> None:
    names = {name for name, _, _ in HELPS}
    assert {"score", "eval", "audit", "report", "pairs", "demo", "train", "train rm", "train sft"} <= names
    assert all(text.startswith("usage:") for _, text, _ in HELPS)


@pytest.mark.parametrize(("name", "text"), [(n, t) for n, t, _ in HELPS], ids=[n for n, _, _ in HELPS])
def test_help_is_plain_text_without_internal_names(name: str, text: str) -> None:
    assert not RST.search(text), f"rewardkit {name} --help shows markup: {RST.search(text)}"
    assert not re.search(r"\brest\b", text), f"rewardkit {name} --help shows the internal 'rest' argument"


def _undocumented(parser: argparse.ArgumentParser) -> list[str]:
    missing = []
    for action in parser._actions:
        if isinstance(action, (argparse._HelpAction, argparse._VersionAction, argparse._SubParsersAction)):
            continue
        if action.nargs == 0:  # flags: store_true, store_const
            continue
        has_default = action.default not in (None, argparse.SUPPRESS) or bool(
            set(action.option_strings) & IMPLICIT_DEFAULTS
        )
        if has_default and "default" not in (action.help or "").lower():
            missing.append(action.option_strings[-1] if action.option_strings else action.dest)
    return missing


@pytest.mark.parametrize(("name", "parsers"), [(n, p) for n, _, p in HELPS], ids=[n for n, _, _ in HELPS])
def test_every_default_is_shown(name: str, parsers: list[argparse.ArgumentParser]) -> None:
    assert parsers, f"no parser seen for rewardkit {name}"
    missing = [option for p in parsers for option in _undocumented(p)]
    assert not missing, f"rewardkit {name} --help: {missing} have a default the help does not show"
