"""``rewardkit score --engine ray`` and ``score_dataset`` against local ``score``, on a local Ray cluster that
the tests start themselves: the same output bytes, the same FILE:LINE messages, the same exit status."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from paths import REPO

from rewardkit.cli import main

MIXED = REPO / "fixtures" / "ray" / "mixed.jsonl"
LINE_MESSAGE = re.compile(r"^\S+:\d+: .*$", re.MULTILINE)


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False)
    yield
    ray.shutdown()


def _score(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, bytes, list[str], str]:
    """Exit status, output bytes, FILE:LINE messages and stdout summary of one ``score`` run."""
    rc = main(["score", *argv, "-q"])
    captured = capsys.readouterr()
    out = Path(argv[argv.index("-o") + 1]).read_bytes()
    return rc, out, LINE_MESSAGE.findall(captured.err), captured.out


@pytest.mark.parametrize("policy", ["flexible", "strict"])
def test_ray_engine_matches_local_score_line_for_line(
    ray_cluster: None, policy: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    common = [str(MIXED), "--choices-key", "choices", "--policy", policy]
    local = _score(capsys, [*common, "-o", str(tmp_path / "local.jsonl")])
    on_ray = _score(capsys, [*common, "-o", str(tmp_path / "ray.jsonl"), "--engine", "ray", "--actors", "2"])
    assert local[0] == on_ray[0] == 2  # malformed lines: exit status 2, as documented
    assert on_ray[1] == local[1]
    assert on_ray[2] == local[2]
    assert [line.split(":")[1] for line in local[2]] == ["7", "9", "10", "11", "12", "13"]
    assert on_ray[3] == local[3]  # the summary table too
    verdicts = {json.loads(line)["verdict"] for line in local[1].splitlines()}
    assert {"CORRECT", "WRONG", "NO_ANSWER", "AMBIGUOUS", "TRUNCATED", "GOLD_INVALID"} <= verdicts


def test_score_dataset_is_the_python_entry_point(
    ray_cluster: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from rewardkit.ray_engine import score_dataset

    local = _score(capsys, [str(MIXED), "--choices-key", "choices", "-o", str(tmp_path / "local.jsonl")])
    rc = score_dataset(MIXED, tmp_path / "ray.jsonl", choices_key="choices", actors=1, batch_size=3)
    assert rc == local[0] == 2
    assert (tmp_path / "ray.jsonl").read_bytes() == local[1]
    assert LINE_MESSAGE.findall(capsys.readouterr().err) == local[2]


def test_parquet_rows_grade_as_their_jsonl_lines(
    ray_cluster: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = [
        {"id": 1, "answer": "72", "completion": "The answer is 72."},
        {"id": 2, "answer": "5", "completion": "It is 3 or 4."},
        {"id": 3, "answer": None, "completion": "The answer is 3."},
        {"id": 4, "answer": "\\frac{1}{2}", "completion": "So x = 0.5. Final answer: 0.5"},
    ]
    pq.write_table(pa.Table.from_pylist(rows), tmp_path / "in.parquet")
    (tmp_path / "in.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    local = _score(capsys, [str(tmp_path / "in.jsonl"), "-o", str(tmp_path / "local.jsonl")])
    on_ray = _score(
        capsys, [str(tmp_path / "in.parquet"), "-o", str(tmp_path / "ray.jsonl"), "--engine", "ray"]
    )
    assert on_ray[0] == local[0] == 2
    assert on_ray[1] == local[1]
    assert [m.replace("in.parquet", "in.jsonl") for m in on_ray[2]] == local[2]
    assert on_ray[2] == [
        f"{tmp_path / 'in.parquet'}:3: field 'answer' must be a string or a number, got null"
    ]


@pytest.mark.parametrize("name", ["missing.jsonl", "missing.parquet"])
def test_missing_input_fails_as_local_score_does(
    ray_cluster: None, name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = str(tmp_path / name)
    assert main(["score", path, "--engine", "ray"]) == main(["score", path]) == 2
    err = capsys.readouterr().err
    assert err.count(f"cannot read {path}") == 2, err


def test_engine_ray_without_ray_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    assert main(["score", str(MIXED), "--engine", "ray"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'rewardkit[ray]'" in err


def test_actors_must_be_positive(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(MIXED), "--engine", "ray", "--actors", "0"]) == 2
    assert "--actors" in capsys.readouterr().err


@pytest.mark.slow
def test_ray_engine_grades_100k_rows_as_local_score(
    ray_cluster: None, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = MIXED.read_text(encoding="utf-8").splitlines()
    src = tmp_path / "big.jsonl"
    with src.open("w", encoding="utf-8") as fh:
        for _ in range(5_000):  # 20 lines a copy: 100,000 lines, 30,000 of them malformed
            for line in lines:
                fh.write(line + "\n")
    common = [str(src), "--choices-key", "choices"]
    local = _score(capsys, [*common, "-o", str(tmp_path / "local.jsonl"), "--workers", "2"])
    on_ray = _score(capsys, [*common, "-o", str(tmp_path / "ray.jsonl"), "--engine", "ray", "--actors", "2"])
    assert on_ray[0] == local[0] == 2
    assert on_ray[1] == local[1]
    assert len(on_ray[1].splitlines()) == 65_000
    assert on_ray[2] == local[2]
    assert on_ray[3] == local[3]
