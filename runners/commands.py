"""The ``rewardkit`` subcommands runners own: ``train ALGO``, ``pairs``, ``demo``.

Each recipe is a module ``runners/<algo>.py`` with ``main(argv) -> int`` (so ``python -m runners.grpo
--config runners/configs/grpo_tiny.yaml`` works too); ``rewardkit train ALGO ...`` hands it the rest of the
command line: ``--config FILE`` and dotted ``key.sub=value`` overrides. Imported before any argument is
parsed: argparse only at module level.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from rewardkit.exit_codes import EXIT_USAGE

__all__ = ["ALGORITHMS", "owns", "passthrough", "register"]

# algorithm name -> recipe module; each exposes main(argv) -> int
ALGORITHMS = {
    "grpo": "runners.grpo",
    "rloo": "runners.rloo",
    "sft": "runners.sft",
    "ppo": "runners.ppo",
    "rm": "runners.rm",
    "agentic_grpo": "runners.agentic_grpo",
}


_TRAIN_EXTRA = {"torch", "transformers", "trl", "peft", "datasets", "accelerate"}


def _missing_extra(exc: ModuleNotFoundError) -> int:
    import sys

    print(
        f"rewardkit: error: training needs the [train] extra ({exc.name} is not installed): "
        "pip install 'rewardkit[train]'",
        file=sys.stderr,
    )
    return EXIT_USAGE


def _run_module(module: str, function: str, argv: list[str]) -> int:
    # recipes import torch & co. lazily, so a missing extra can surface at import or inside the run
    try:
        recipe = importlib.import_module(module)
        result: int = getattr(recipe, function)(argv)
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.split(".")[0] in _TRAIN_EXTRA:
            return _missing_extra(exc)
        raise
    return result


def _train(args: argparse.Namespace) -> int:
    return _run_module(ALGORITHMS[args.algorithm], "main", list(args.rest))


def _pairs(args: argparse.Namespace) -> int:
    return _run_module("runners.pairs", "pairs_main", list(args.rest))


def _demo(args: argparse.Namespace) -> int:
    return _run_module("runners.demo", "main", list(args.rest))


# subcommands whose whole command line belongs to the module: argparse's REMAINDER does not capture options
# that come first (`rewardkit pairs --help`, `rewardkit demo --quick`), so the CLI hands them over unparsed
_PASSTHROUGH = {"pairs": ("runners.pairs", "pairs_main"), "demo": ("runners.demo", "main")}


def owns(argv: list[str]) -> bool:
    """Whether ``argv`` is a command a runners module parses itself."""
    return bool(argv) and argv[0] in _PASSTHROUGH


def passthrough(argv: list[str]) -> int:
    """Run ``argv`` (a command :func:`owns` says yes to) in its module."""
    module, function = _PASSTHROUGH[argv[0]]
    return _run_module(module, function, argv[1:])


def register(sub: Any) -> None:
    """Add ``train``, ``pairs`` and ``demo`` to ``sub`` (the CLI's subparsers)."""
    t = sub.add_parser(
        "train",
        help="train with a recipe: rewardkit train ALGO --config F.yaml [key.sub=value ...]",
        description="Run a training recipe. ALGO is one of: " + ", ".join(ALGORITHMS) + ". "
        "Everything after ALGO goes to the recipe: --config FILE.yaml and dotted overrides such as "
        "training.learning_rate=1e-5 (run 'rewardkit train ALGO --help' for the recipe's own help).",
    )
    t.add_argument("algorithm", choices=sorted(ALGORITHMS), metavar="ALGO")
    t.add_argument(
        "rest",
        nargs=argparse.REMAINDER,
        metavar="ARGS",
        help="the recipe's arguments: --config FILE.yaml and key.sub=value overrides",
    )
    t.set_defaults(run=_train)

    p = sub.add_parser(
        "pairs",
        help="build verifier-labelled preference pairs from `rewardkit eval` records",
        description="Build preference pairs (a verified-correct completion as chosen, a wrong one for the "
        "same prompt as rejected) from the records `rewardkit eval` wrote. Run 'rewardkit pairs --help'.",
        add_help=False,
    )
    p.add_argument("rest", nargs=argparse.REMAINDER, metavar="ARGS", help="see 'rewardkit pairs --help'")
    p.set_defaults(run=_pairs)

    d = sub.add_parser(
        "demo",
        help="the whole loop offline: tiny model, SFT warm start, GRPO, eval over checkpoints, HTML report",
        description="Build a tiny model offline, warm-start it with SFT, train it with GRPO on the synthetic "
        "arithmetic task, evaluate its checkpoints and write the error-breakdown report.",
        add_help=False,
    )
    d.add_argument("rest", nargs=argparse.REMAINDER, metavar="ARGS", help="see 'rewardkit demo --help'")
    d.set_defaults(run=_demo)
