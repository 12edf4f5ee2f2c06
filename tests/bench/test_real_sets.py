"""bench/real_sets.py: real labelled completions and peer suites; every rewardkit difference has a reason.

The real data lives outside the repository (the script reads it in place); these tests run the script's
logic on small sets written here, with rewardkit only (``--no-math-verify``), so they hold on any machine.
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
    return load_bench_script("real_sets")


REAL = [
    {"id": "r-agree", "completion": "So the answer is 18.", "gold": "18", "label": True},
    {"id": "r-wrong", "completion": "So the answer is 17.", "gold": "18", "label": False},
    # The label is the mistake here: rewardkit pays, the label says no.
    {"id": "r-differ", "completion": "So the answer is 18.", "gold": "18", "label": False},
    # Would be a difference too, but debatable rows are left out of everything.
    {
        "id": "r-debatable",
        "completion": "So the answer is 5.",
        "gold": "18",
        "label": True,
        "debatable": True,
    },
]
PEER = [
    {"id": "p-agree", "completion": "\\boxed{42}", "gold": "42", "expected": True, "extra": {}},
    {"id": "p-skip", "completion": "\\boxed{41}", "gold": "42", "expected": None, "extra": {}},
    {
        "id": "p-french",
        "completion": "La réponse est \\boxed{42}",
        "gold": "42",
        "expected": True,
        "extra": {"language": "Language.FRENCH"},
    },
]
LISTED = {"set": "mini", "id": "r-differ", "reason": "label-wrong", "why": "the completion says 18, the gold"}


def _write(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def data(tmp_path: Path) -> Path:
    _write(tmp_path / "data" / "real" / "mini.jsonl", REAL)
    _write(tmp_path / "data" / "peer" / "suite.jsonl", PEER)
    # Graded by bench/peer_cases.py against its own list, never here.
    _write(tmp_path / "data" / "peer" / "math_verify_cases.jsonl", [{"id": "x", "gold": "1", "pred": "2"}])
    return tmp_path / "data"


def _run(
    tmp_path: Path,
    data: Path,
    capsys: pytest.CaptureFixture[str],
    differences: list[dict[str, Any]] | None,
    *extra: str,
) -> tuple[int, str, dict[str, Any] | None]:
    listed = tmp_path / "differences.jsonl"
    if differences is not None:
        _write(listed, differences)
    out = tmp_path / "out.json"
    argv = ["--data-dir", str(data), "--differences", str(listed), "--json", str(out), "--no-math-verify"]
    status = _script().main([*argv, *extra])
    return status, capsys.readouterr().out, (json.loads(out.read_text()) if out.exists() else None)


def test_every_difference_listed_passes(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, report = _run(tmp_path, data, capsys, [LISTED])
    assert status == 0
    assert report is not None
    sets = {s["set"]: s for s in report["sets"]}
    assert list(sets) == ["mini", "suite", "suite (excluding multilingual)"]
    assert sets["mini"]["n"] == 3 and sets["mini"]["debatable"] == 1
    assert sets["mini"]["rewardkit"] == {"agree": 2, "fp": 1, "fn": 0}
    assert sets["mini"]["math_verify"] is None
    assert sets["suite"]["n"] == 2 and sets["suite"]["skipped"] == 1
    assert sets["suite (excluding multilingual)"]["n"] == 1
    assert report["by_reason"] == {"label-wrong": 1}
    assert "| mini | 3 | 1 deb | 2/3 | 66.7 % | 1 | 0 |" in out
    assert "| label-wrong | 1 | 1 | 0 | mini | the completion says 18, the gold |" in out


def test_debatable_and_skipped_rows_are_left_out(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, _, report = _run(tmp_path, data, capsys, [LISTED])
    assert report is not None
    graded = {(o["set"], o["id"]) for o in report["outcomes"]}
    assert ("mini", "r-debatable") not in graded and ("suite", "p-skip") not in graded
    assert graded == {
        ("mini", "r-agree"),
        ("mini", "r-wrong"),
        ("mini", "r-differ"),
        ("suite", "p-agree"),
        ("suite", "p-french"),
    }
    assert next(o for o in report["outcomes"] if o["id"] == "p-french")["multilingual"] is True


def test_an_unlisted_difference_fails(tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, report = _run(tmp_path, data, capsys, [])
    assert status == 1
    assert "UNLISTED mini/r-differ: label False, rewardkit CORRECT" in out
    assert report is not None and report["unlisted"] == ["mini/r-differ"]


def test_an_unjudged_difference_fails(tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(tmp_path, data, capsys, [{**LISTED, "reason": "unjudged"}])
    assert status == 1
    assert "UNJUDGED mini/r-differ" in out


def test_a_listed_difference_that_no_longer_occurs_fails(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    agreeing = {**LISTED, "id": "r-agree"}
    debatable = {**LISTED, "id": "r-debatable"}  # not graded, so its listing can never be true
    status, out, _ = _run(tmp_path, data, capsys, [LISTED, agreeing, debatable])
    assert status == 1
    assert "STALE mini/r-agree" in out and "STALE mini/r-debatable" in out


def test_listings_outside_the_run_are_left_alone(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = {"set": "elsewhere", "id": "e-1", "reason": "label-wrong", "why": "x"}
    status, _, _ = _run(tmp_path, data, capsys, [LISTED, other])
    assert status == 0
    status, out, _ = _run(tmp_path, data, capsys, [other], "--sets", "suite")
    assert status == 0 and "STALE" not in out  # mini was not run, so its missing listing is no failure


def test_update_keeps_reasons_and_marks_new_ones_unjudged(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = {"set": "elsewhere", "id": "e-1", "reason": "label-wrong", "why": "x"}
    stale = {**LISTED, "id": "r-agree"}
    status, _, _ = _run(tmp_path, data, capsys, [other, stale], "--update-differences")
    assert status == 1  # the new difference is unjudged, and unjudged is a failure
    written = [json.loads(line) for line in (tmp_path / "differences.jsonl").read_text().splitlines()]
    assert [(e["set"], e["id"], e["reason"]) for e in written] == [
        ("mini", "r-differ", "unjudged"),
        ("elsewhere", "e-1", "label-wrong"),
    ]
    _write(tmp_path / "differences.jsonl", [LISTED, other])
    status, _, _ = _run(tmp_path, data, capsys, None, "--update-differences")
    assert status == 0
    written = [json.loads(line) for line in (tmp_path / "differences.jsonl").read_text().splitlines()]
    assert written[0] == LISTED


def test_limit_subsamples_and_spares_listings_outside_the_sample(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sampled = set()
    for seed in range(4):
        status, _, report = _run(
            tmp_path, data, capsys, [LISTED], "--sets", "mini", "--limit", "1", "--seed", str(seed)
        )
        assert report is not None and report["sets"][0]["n"] == 1
        # Sampled or not, the listing of r-differ is never stale: outside the sample it is left alone.
        assert status == 0
        sampled.add(report["outcomes"][0]["id"])
    assert len(sampled) > 1  # the seed picks


def test_rows_without_ids_get_stable_ones(tmp_path: Path, data: Path) -> None:
    path = _write(tmp_path / "noid.jsonl", [{"completion": "1", "gold": "1", "expected": True}] * 2)
    rows = _script().read_set(path, "peer")
    assert [r.id for r in rows] == ["noid-000", "noid-001"]


def test_a_malformed_line_names_the_file_and_line(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = data / "real" / "mini.jsonl"
    bad.write_text(
        json.dumps(REAL[0]) + "\n" + '{"id": "r-2", "completion": "x", "gold": "1"\n', encoding="utf-8"
    )
    _write(tmp_path / "differences.jsonl", [LISTED])
    argv = ["--data-dir", str(data), "--differences", str(tmp_path / "differences.jsonl"), "--no-math-verify"]
    assert _script().main(argv) == 2
    err = capsys.readouterr().err
    assert f"real_sets: {bad}:2: " in err


def test_missing_differences_file_is_a_data_error(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--data-dir", str(data), "--differences", str(tmp_path / "absent.jsonl"), "--no-math-verify"]
    assert _script().main(argv) == 2
    assert "absent.jsonl" in capsys.readouterr().err


def test_a_label_that_is_not_a_boolean_is_a_data_error(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(data / "real" / "mini.jsonl", [REAL[0], {**REAL[1], "label": "yes"}])
    _write(tmp_path / "differences.jsonl", [])
    argv = ["--data-dir", str(data), "--differences", str(tmp_path / "differences.jsonl"), "--no-math-verify"]
    assert _script().main(argv) == 2
    assert f"{data / 'real' / 'mini.jsonl'}:2: field 'label' must be a boolean" in capsys.readouterr().err


def test_malformed_differences_name_the_line(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    listed = tmp_path / "differences.jsonl"
    listed.write_text(json.dumps(LISTED) + "\n" + '{"set": "mini", "id": "x", "why": "no reason"}\n')
    argv = ["--data-dir", str(data), "--differences", str(listed), "--no-math-verify"]
    assert _script().main(argv) == 2
    assert f"{listed}:2: missing field 'reason'" in capsys.readouterr().err


def test_shipped_differences_are_well_formed() -> None:
    """Every listed difference carries a judged reason and a why; keys are unique (the data may be absent)."""
    rows = [json.loads(line) for line in (ROOT / "bench" / "real_differences.jsonl").read_text().splitlines()]
    assert rows and len({(r["set"], r["id"]) for r in rows}) == len(rows)
    assert all(r["reason"] and r["reason"] != "unjudged" and r["why"] for r in rows)
    prefixes = ("fp-", "fn-", "label-", "policy-")
    assert all(r["reason"].startswith(prefixes) for r in rows), "reasons say fp-/fn-/label-/policy-"


def test_math_verify_side_when_installed(
    tmp_path: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("math_verify")
    listed = _write(tmp_path / "differences.jsonl", [LISTED])
    out = tmp_path / "out.json"
    argv = ["--data-dir", str(data), "--differences", str(listed), "--json", str(out), "--sets", "mini"]
    assert _script().main(argv) == 0
    mini = json.loads(out.read_text())["sets"][0]
    assert mini["math_verify"] == {"agree": 2, "fp": 1, "fn": 0}  # it reads these three alike
    assert "x |" in capsys.readouterr().out  # the speed-up column is filled
