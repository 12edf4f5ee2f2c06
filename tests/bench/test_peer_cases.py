"""bench/peer_cases.py: a peer's test cases graded by rewardkit, every difference listed with a reason.

The real cases live outside the repository (bench/peer_cases.py reads them in place); these tests run
the script's logic on cases written here, so they hold on any machine.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bench_scripts import load_bench_script
from paths import REPO

ROOT = REPO


def _script() -> Any:
    return load_bench_script("peer_cases")


CASES = [
    {"id": "agree-number", "gold": "1000", "pred": "1,000", "expected": True},
    {"id": "agree-wrong", "gold": "5", "pred": "The answer is 6", "expected": False},
    {"id": "differ-decimal-comma", "gold": "1000.99", "pred": "1000,99", "expected": True},
]
REASON = {"id": "differ-decimal-comma", "reason": "decimal-comma", "why": "a comma is never a decimal mark"}


def _write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _run(tmp_path: Path, capsys: pytest.CaptureFixture[str], differences: list[dict[str, Any]]) -> tuple:
    cases = _write(tmp_path / "cases.jsonl", CASES)
    listed = _write(tmp_path / "differences.jsonl", differences)
    out = tmp_path / "out.json"
    status = _script().main(["--cases", str(cases), "--differences", str(listed), "--json", str(out)])
    return status, capsys.readouterr().out, (json.loads(out.read_text()) if out.exists() else None)


def test_every_difference_listed_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, report = _run(tmp_path, capsys, [REASON])
    assert status == 0
    assert "agrees with math-verify's expected outcome on 2/3" in out
    assert "| decimal-comma | 1 | a comma is never a decimal mark |" in out
    assert report["agreed_ids"] == ["agree-number", "agree-wrong"]
    assert report["differences"][0]["verdict"] == "AMBIGUOUS"


def test_an_unlisted_difference_fails(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(tmp_path, capsys, [])
    assert status == 1
    assert "UNLISTED differ-decimal-comma: expected True, got AMBIGUOUS" in out


def test_a_listed_difference_that_no_longer_occurs_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stale = {"id": "agree-number", "reason": "decimal-comma", "why": "x"}
    status, out, _ = _run(tmp_path, capsys, [REASON, stale])
    assert status == 1
    assert "STALE agree-number" in out


def test_malformed_differences_name_the_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cases = _write(tmp_path / "cases.jsonl", CASES)
    listed = tmp_path / "differences.jsonl"
    listed.write_text(json.dumps(REASON) + "\n" + '{"id": "x", "why": "no reason"}\n', encoding="utf-8")
    assert _script().main(["--cases", str(cases), "--differences", str(listed)]) == 2
    err = capsys.readouterr().err
    assert f"{listed}:2: missing field 'reason'" in err


def test_shipped_differences_are_well_formed() -> None:
    """Every listed difference carries a reason and a why; ids are unique (the real cases may be absent)."""
    rows = [json.loads(line) for line in (ROOT / "bench" / "peer_differences.jsonl").read_text().splitlines()]
    assert rows and len({r["id"] for r in rows}) == len(rows)
    assert all(r["reason"] and r["why"] for r in rows)
    whys: dict[str, str] = {}
    for r in rows:
        assert whys.setdefault(r["reason"], r["why"]) == r["why"], f"two texts for {r['reason']}"
