"""What the benchmarks share: reading the data (``bench/shared_data.py``) and writing their JSON
(``bench/run_json.py``), and the scripts that read the GSM8K model solutions through them."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest
from bench_scripts import bench_module, load_bench_script
from paths import REPO

from rewardkit.errors import DataError


def _write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


@pytest.fixture
def solutions(tmp_path: Path) -> Path:
    models = bench_module("shared_data").GSM8K_MODELS
    lines = [
        {
            "question": f"Question {i}?",
            "ground_truth": f"First 2 + {i} = <<2+{i}={2 + i}>>{2 + i}.\nA: {2 + i}",
            **{m: {"solution": f"{m} says {2 + i + k}", "is_correct": k == 0} for k, m in enumerate(models)},
        }
        for i in range(3)
    ]
    return _write_jsonl(tmp_path / "gsm8k" / "example_model_solutions.jsonl", lines)


def test_the_bench_grades_this_checkout() -> None:
    shared = bench_module("shared_data")
    assert shared.REPO == REPO and str(REPO) in sys.path


def test_read_checked_jsonl_gives_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "d.jsonl"
    path.write_text('{"id": "a", "gold": "1"}\n\n{"id": "b", "gold": "2"}\n', encoding="utf-8")
    rows = bench_module("shared_data").read_checked_jsonl(path, ("id", "gold"))
    assert rows == [(1, {"id": "a", "gold": "1"}), (3, {"id": "b", "gold": "2"})]


@pytest.mark.parametrize(
    ("text", "checks", "message"),
    [
        ('{"id": "a"}\n{"gold": "2"}\n', {}, "d.jsonl:2: missing field 'id'"),
        ('{"id": "a"}\nnot json\n', {}, "d.jsonl:2:"),
        ('{"id": 3}\n', {"strings": ("id",)}, "d.jsonl:1:"),
    ],
)
def test_read_checked_jsonl_names_the_file_line_and_field(
    tmp_path: Path, text: str, checks: dict[str, Any], message: str
) -> None:
    path = tmp_path / "d.jsonl"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as exc:
        bench_module("shared_data").read_checked_jsonl(path, ("id",), **checks)
    assert message in str(exc.value) and str(path) in str(exc.value)


def test_read_gsm8k_solutions_splits_the_gold_at_the_last_marker(solutions: Path) -> None:
    shared = bench_module("shared_data")
    questions = shared.read_gsm8k_solutions(solutions)
    assert [q.final for q in questions] == ["2", "3", "4"]
    assert questions[1].rationale == "First 2 + 1 = <<2+1=3>>3."
    assert questions[1].solutions["6b_verification"] == "6b_verification says 4"
    assert questions[1].is_correct == {m: m == shared.GSM8K_MODELS[0] for m in shared.GSM8K_MODELS}


def test_reward_overhead_and_report_gsm8k_read_the_same_solutions(solutions: Path, tmp_path: Path) -> None:
    completions, golds = load_bench_script("reward_overhead").load(solutions.parent.parent)
    assert len(completions) == len(golds) == 12 and golds[:5] == ["2", "2", "2", "2", "3"]
    files = load_bench_script("report_gsm8k").write_inputs(solutions, tmp_path / "inputs", limit=2)
    first = [json.loads(line) for line in files["6b_finetuning"].read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in first] == ["test-0000", "test-0001"]
    assert first[1] == {
        "id": "test-0001",
        "question": "Question 1?",
        "answer": "First 2 + 1 = <<2+1=3>>3.\n#### 3",
        "completion": "6b_finetuning says 3",
        "label": True,
    }


def test_run_meta_and_write_json(tmp_path: Path) -> None:
    run_json = bench_module("run_json")
    meta = run_json.run_meta(["x", "--seed", "1"], seed=1)
    assert list(meta) == ["argv", "python", "platform", "seed", "cpus", "time"]
    out = tmp_path / "new" / "folder" / "r.json"
    run_json.write_json(out, {"meta": meta, "text": "七十二"}, ensure_ascii=False)
    written = out.read_text(encoding="utf-8")
    assert written.endswith("}\n") and "七十二" in written and json.loads(written)["meta"] == meta
    run_json.write_json(out, {"text": "七十二"})
    assert "\\u4e03" in out.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["shared_data", "run_json", "suite_registry", "speed_summary"])
def test_the_examples_in_the_bench_modules_run(name: str) -> None:
    # pytest's doctest collection leaves bench/ out (its scripts are not importable by path alone)
    import doctest

    result = doctest.testmod(bench_module(name))
    assert result.attempted > 0 and result.failed == 0
