"""bench/fuzz_grade.py at a moderate size (slow tier): random LaTeX/ASCII math, in completions and as golds.

Every item ends within ``timeout + 1 s``, no verdict is ERROR, no item hangs or crashes its process, and
``grade_many(workers=2)`` neither deadlocks nor loses results. The full run (``--n 20000``) is the bench
script's job; this one is sized to a few minutes on two cores::

    python -m pytest -m slow tests/bench/test_fuzz.py
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from bench_scripts import load_bench_script

N = 2000


@pytest.fixture(scope="module")
def fuzz() -> object:
    return load_bench_script("fuzz_grade")


def test_items_are_reproducible(fuzz) -> None:
    """Item i depends only on (seed, i): a failure found in a run can be regenerated alone."""
    assert fuzz.make_item(0, 17) == fuzz.make_item(0, 17)
    assert fuzz.make_item(0, 17) != fuzz.make_item(1, 17)
    assert len({fuzz.make_item(0, i).completion for i in range(200)}) > 150


@pytest.mark.slow
def test_fuzz_grade(fuzz, tmp_path: Path) -> None:
    out = tmp_path / "fuzz.json"
    code = fuzz.main(
        ["--n", str(N), "--seed", "0", "--timeout", "1", "--workers", "2", "--json", str(out), "--quiet"]
    )
    s = json.loads(out.read_text(encoding="utf-8"))
    assert s["graded"] + len(s["hangs"]) + len(s["crashes"]) == N
    assert not s["over_bound"], f"items over {s['bound_s']} s: {s['over_bound'][:5]}"
    assert not s["errors"], f"ERROR verdicts: {s['errors'][:5]}"
    assert not s["hangs"], f"hangs: {s['hangs'][:5]}"
    assert not s["crashes"], f"crashed children: {s['crashes'][:5]}"
    gm = s["grade_many"]
    assert not gm["deadlocks"], f"grade_many deadlocked: {gm['deadlocks']}"
    assert not gm["wrong_counts"], f"grade_many lost results: {gm['wrong_counts']}"
    assert not gm["errors"], f"grade_many ERROR verdicts: {gm['errors'][:5]}"
    assert code == 0, s["failures"]
