"""`rewardkit score` on a large synthetic file: peak memory (RSS) and throughput with 1 and 2 workers.

    .venv/bin/python bench/score_load.py                       # 1,000,000 lines, workers 1 and 2
    .venv/bin/python bench/score_load.py --rows 100000 --json out/score_load.json

The input is synthetic GSM8K-style completions (tests/adversarial/synthetic.py), written once to a temporary
folder. Each run is the real command in a child process (`python -m rewardkit score IN -o OUT -q`). Peak RSS
is the largest sum over the command and its grading workers, sampled from /proc every 0.1 s; the largest
single process comes from the kernel (`getrusage` of the waited-for children: a running maximum over the
runs so far). A flat figure across --rows sizes is the point: the command streams,
so memory must not grow with the file. The output is checked: one line per input line, in order.
Absolute throughput depends on the machine; compare the two worker counts within one run.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the bench's modules, by bare name

from run_json import write_json
from shared_data import REPO

sys.path.insert(0, str(REPO / "tests"))  # the generator lives with the tests

from adversarial.synthetic import write_synthetic


def _tree_rss_kb(pid: int) -> int:
    """Resident memory of ``pid`` and all its descendants, from /proc (Linux), in kB."""
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            total += int(next(x for x in status.splitlines() if x.startswith("VmRSS:")).split()[1])
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, StopIteration, ValueError):
            continue  # the process ended between two reads
    return total


def score_once(src: Path, out: Path, workers: int) -> dict[str, Any]:
    """Run the command in a child process, sampling the memory of its whole process tree every 0.1 s."""
    command = [sys.executable, "-m", "rewardkit", "score", str(src), "-o", str(out), "-q"]
    command += ["--workers", str(workers)]
    start = time.perf_counter()
    peak_kb = 0
    with tempfile.TemporaryFile("w+") as stdout, tempfile.TemporaryFile("w+") as stderr:
        proc = subprocess.Popen(command, stdout=stdout, stderr=stderr, text=True)
        while proc.poll() is None:
            peak_kb = max(peak_kb, _tree_rss_kb(proc.pid))
            time.sleep(0.1)
        seconds = time.perf_counter() - start
        stdout.seek(0)
        stderr.seek(0)
        if proc.returncode != 0:
            raise SystemExit(f"score failed ({proc.returncode}): {stderr.read()[-2000:]}")
        summary = stdout.read()
    # ru_maxrss of the children: the largest single process (the command, or one grading worker)
    largest_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return {
        "seconds": seconds,
        "peak_rss_mb": peak_kb / 1024,
        "largest_mb": largest_kb / 1024,
        "summary": summary,
    }


def check_output(out: Path, rows: int) -> None:
    seen = 0
    with out.open("rb") as fh:
        for seen, line in enumerate(fh, start=1):
            if seen in (1, rows):
                record = json.loads(line)
                assert record["id"] == f"s{seen - 1}", (seen, record["id"])
    if seen != rows:
        raise SystemExit(f"{out}: {seen} lines for {rows} inputs")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000, help="synthetic lines (default: 1,000,000)")
    parser.add_argument(
        "--workers", default="1,2", help="worker counts to run, comma-separated (default 1,2)"
    )
    parser.add_argument("--json", metavar="PATH", help="also write the figures here")
    parser.add_argument(
        "--keep", metavar="DIR", help="write the input and outputs here instead of a temp dir"
    )
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.keep) if args.keep else Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        src = folder / f"synthetic-{args.rows}.jsonl"
        began = time.perf_counter()
        if not src.exists():
            write_synthetic(src, args.rows)
        made = time.perf_counter() - began
        print(f"input: {args.rows:,} lines, {src.stat().st_size / 1e6:.0f} MB (written in {made:.0f} s)")
        results: dict[str, Any] = {
            "rows": args.rows,
            "input_mb": round(src.stat().st_size / 1e6, 1),
            "runs": {},
        }
        print("| workers | seconds | lines/s | peak RSS, all processes (MB) | largest process (MB) |")
        print("|---|---|---|---|---|")
        for workers in [int(w) for w in args.workers.split(",")]:
            out = folder / f"scored-{workers}.jsonl"
            run = score_once(src, out, workers)
            check_output(out, args.rows)
            rate = args.rows / run["seconds"]
            results["runs"][str(workers)] = {
                "seconds": round(run["seconds"], 1),
                "lines_per_s": round(rate),
                "peak_rss_mb": round(run["peak_rss_mb"], 1),
                "largest_process_mb": round(run["largest_mb"], 1),
            }
            cells = f"{run['seconds']:.1f} | {rate:,.0f} | {run['peak_rss_mb']:.0f} | {run['largest_mb']:.0f}"
            print(f"| {workers} | {cells} |", flush=True)
            if not args.keep:
                os.unlink(out)
    results["cpus"] = os.cpu_count()
    if args.json:
        write_json(Path(args.json), results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
