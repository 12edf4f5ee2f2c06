"""``rewardkit score`` and ``check-data`` stream: memory stays flat however long the input is.

The default-tier test measures the Python heap (tracemalloc) while ``score`` grades 2,500 lines in this
process, after a warm-up that fills the grader's caches: streaming holds one chunk at a time, so the peak is
a fraction of a megabyte, where reading the whole file first held about 1.5 kB per line (3.8 MB here; the
bound below sits between the two). The slow test is the real thing: a million lines through the command in
a child process, its whole process tree's RSS sampled from /proc (bench/score_load.py records the same
figures, with 1 and 2 workers; SECURITY.md quotes them).
"""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest
from adversarial import figures
from adversarial.synthetic import expected_correct, write_synthetic
from bench_scripts import load_bench_script

from rewardkit.cli import main


def _count_and_check(out: Path, rows: int) -> None:
    n = 0
    with out.open("rb") as fh:
        for n, line in enumerate(fh, start=1):
            if n % 997 == 1 or n == rows:  # a sample of lines: in order, graded as expected
                record = json.loads(line)
                assert record["id"] == f"s{n - 1}"
                assert record["correct"] == expected_correct(n - 1), record
    assert n == rows


def test_score_memory_does_not_grow_with_the_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    warm = write_synthetic(tmp_path / "warm.jsonl", 200, problems=50)
    src = write_synthetic(tmp_path / "in.jsonl", 2500, problems=50)
    out = tmp_path / "out.jsonl"
    assert main(["score", str(warm), "-o", str(out), "-q"]) == 0  # imports and caches, not measured
    tracemalloc.start()
    try:
        assert main(["score", str(src), "-o", str(out), "-q"]) == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "2500 graded" in capsys.readouterr().out
    _count_and_check(out, 2500)
    assert peak < 1_500_000, f"peak heap {peak / 1e6:.1f} MB for 2,500 lines: is the input held in memory?"
    figures.record("load.small", {"rows": 2500, "peak_heap_mb": round(peak / 1e6, 2)})


def test_check_data_memory_does_not_grow_with_distinct_golds(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """20,000 different golds: remembering every parse held ~290 bytes a gold (5.8 MB here); the bounded
    cache holds under 1 MB however many there are."""
    src = tmp_path / "golds.jsonl"
    with src.open("w", encoding="utf-8") as fh:
        for i in range(20_000):
            fh.write(json.dumps({"answer": str(1_000_003 * i % 99_999_989), "completion": "x"}) + "\n")
    assert main(["check-data", str(src)]) == 0  # imports and the grader's own caches, not measured
    tracemalloc.start()
    try:
        assert main(["check-data", str(src)]) == 0
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert "OK, all 20000 golds parse" in capsys.readouterr().out
    assert peak < 2_500_000, f"peak heap {peak / 1e6:.1f} MB for 20,000 golds: are they all kept?"


def _bench() -> object:
    return load_bench_script("score_load")


@pytest.mark.slow
@pytest.mark.parametrize("workers", [1, 2])
def test_score_streams_a_million_lines(workers: int, tmp_path_factory: pytest.TempPathFactory) -> None:
    rows = 1_000_000
    folder = tmp_path_factory.getbasetemp() / "million"
    folder.mkdir(exist_ok=True)
    src = folder / "in.jsonl"
    if not src.exists():
        write_synthetic(src, rows)
    out = folder / f"out-{workers}.jsonl"
    run = _bench().score_once(src, out, workers)  # type: ignore[attr-defined]
    _count_and_check(out, rows)
    assert f"{rows} graded" in run["summary"]
    # measured: 79 MB with 1 worker, 155 MB with 2 (the command plus two grading workers, each with its
    # caches full); the input is 164 MB and its results several times that: a held file would go far past
    assert run["peak_rss_mb"] < 300
    figures.record(
        f"load.million_workers{workers}",
        {
            "rows": rows,
            "seconds": round(run["seconds"], 1),
            "lines_per_s": round(rows / run["seconds"]),
            "peak_rss_mb": round(run["peak_rss_mb"], 1),
        },
    )
