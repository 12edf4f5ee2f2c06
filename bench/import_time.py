"""Import cost: ``import rewardkit`` against ``import math_verify`` (the peer) and ``import sympy`` (which the
core keeps off its import path), each timed in fresh interpreters that take turns, in one run.

    .venv/bin/python bench/import_time.py                 # 7 rounds; exit 1 when a target is missed
    .venv/bin/python bench/import_time.py --rounds 15 --json out/import_time.json

Each import's figure is the fastest of its rounds (a busy machine slows some starts, never speeds one up),
and the numbers to quote are the ratios. Targets: ``import rewardkit`` takes at most half the time of
``import math_verify`` (sympy when math-verify is not installed), and loads none of torch, transformers,
sympy, numpy or rich. tests/rewardkit/test_core.py checks the modules on every run and only a generous
absolute bound, so a busy machine cannot fail it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the bench's modules, by bare name

from run_json import write_json
from shared_data import REPO

HEAVY = ("torch", "transformers", "sympy", "numpy", "rich")
RATIO_TARGET = 0.5  # rewardkit's import time / the reference's

_CODE = (
    "import sys, time; t = time.perf_counter(); import {module}; dt = time.perf_counter() - t;"
    "import json; print(json.dumps({{'dt': dt, 'heavy': sorted(m for m in {heavy!r} if m in sys.modules)}}))"
)


def time_import(module: str) -> tuple[float, list[str]]:
    """Seconds ``import module`` takes in a fresh interpreter, and the heavy modules it loaded."""
    code = _CODE.format(module=module, heavy=HEAVY)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=REPO)
    figures = json.loads(done.stdout)
    return float(figures["dt"]), list(figures["heavy"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args(argv)

    reference = "math_verify" if importlib.util.find_spec("math_verify") else "sympy"
    modules = ["rewardkit", reference] + (["sympy"] if reference != "sympy" else [])
    seconds: dict[str, list[float]] = {m: [] for m in modules}
    loaded: set[str] = set()
    for _ in range(args.rounds):
        for module in modules:  # taking turns: a slow stretch of the machine hits every module alike
            dt, heavy_modules = time_import(module)
            seconds[module].append(dt)
            if module == "rewardkit":
                loaded.update(heavy_modules)
    best = {m: min(s) for m, s in seconds.items()}
    heavy = sorted(loaded)
    ratio = best["rewardkit"] / best[reference]

    print(f"| import | best of {args.rounds} (s) | / {reference} |")
    print("|---|---|---|")
    for module in modules:
        print(f"| {module} | {best[module]:.3f} | {best[module] / best[reference]:.2f} |")
    checks = [
        (f"rewardkit <= {RATIO_TARGET:g}x {reference}", f"{ratio:.2f}x", ratio <= RATIO_TARGET),
        (f"rewardkit loads none of {', '.join(HEAVY)}", ", ".join(heavy) or "none", not heavy),
    ]
    print("\n| target | value | met |\n|---|---|---|")
    for target, value, met in checks:
        print(f"| {target} | {value} | {'yes' if met else '**NO**'} |")
    if args.json:
        figures = {
            "rounds": args.rounds,
            "reference": reference,
            "best_s": best,
            "ratio": ratio,
            "heavy": heavy,
        }
        write_json(args.json, figures)
    return 0 if all(met for _, _, met in checks) else 1


if __name__ == "__main__":
    sys.exit(main())
