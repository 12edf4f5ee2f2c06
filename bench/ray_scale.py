"""`rewardkit score --engine ray` against local `score`: items/s with 1 and 2 grader actors, and the outputs
compared byte for byte.

    .venv/bin/python bench/ray_scale.py                          # 20,000 lines
    .venv/bin/python bench/ray_scale.py --rows 100000 --json out/ray_scale.json

The input is synthetic GSM8K-style completions (tests/adversarial/synthetic.py). One local Ray cluster
(`--cpus`, default 2) is started once and every Ray run uses it, so the figures are the grading, not the
cluster's start; each Ray run does include starting its actors. Local `score` runs in this process with
`--workers 1`, the same grader that each actor is. Quote the ratios, not the absolute figures: they depend
on the machine, and on a machine with 2 cores the driver shares them with the actors.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the bench's modules, by bare name

from run_json import run_meta, write_json
from shared_data import REPO

sys.path.insert(0, str(REPO / "tests"))  # the generator lives with the tests

from adversarial.synthetic import write_synthetic


def _timed(run) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    with contextlib.redirect_stdout(io.StringIO()):  # the summary tables
        rc = run()
    if rc != 0:
        raise SystemExit(f"a run failed with status {rc}")
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--cpus", type=int, default=2, help="CPUs of the local Ray cluster (default: 2)")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()

    import ray

    from rewardkit.cli import main as rewardkit
    from rewardkit.ray_engine import score_dataset

    with tempfile.TemporaryDirectory() as tmp:
        src = write_synthetic(Path(tmp) / "in.jsonl", args.rows)
        local_out = Path(tmp) / "local.jsonl"
        local_s = _timed(lambda: rewardkit(["score", str(src), "-o", str(local_out), "-q"]))
        figures = {"local": {"seconds": local_s, "items_per_s": args.rows / local_s}}
        ray.init(num_cpus=args.cpus, include_dashboard=False)
        try:
            for actors in (1, 2):
                out = Path(tmp) / f"ray{actors}.jsonl"
                seconds = _timed(lambda out=out, actors=actors: score_dataset(src, out, actors=actors))
                figures[f"ray_{actors}"] = {
                    "seconds": seconds,
                    "items_per_s": args.rows / seconds,
                    "vs_local": local_s / seconds,
                    "same_output": out.read_bytes() == local_out.read_bytes(),
                }
        finally:
            ray.shutdown()

    print(f"{args.rows} lines, local Ray cluster of {args.cpus} CPUs")
    print(f"{'engine':<12}{'items/s':>10}{'vs local':>10}  same output")
    for name, f in figures.items():
        same = "" if name == "local" else ("yes" if f["same_output"] else "NO")
        print(f"{name:<12}{f['items_per_s']:>10.0f}{f.get('vs_local', 1.0):>9.2f}x  {same}")
    if args.json:
        write_json(args.json, {"meta": run_meta(rows=args.rows, cpus=args.cpus), "figures": figures})
    if not all(f.get("same_output", True) for f in figures.values()):
        raise SystemExit("the Ray output differs from local score")


if __name__ == "__main__":
    main()
