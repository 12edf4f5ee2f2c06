"""Error analysis on fixture records with known answers: taxonomy, format cost, grader suspects, reasoning
detail, recommendations, checkpoint comparison, and the records table itself.

``fixtures/report/completions-step{5,10}.jsonl`` carry the expected category of every line under both
policies; ``fixtures/report/run`` holds the records ``rewardkit eval --completions`` wrote for them (plus
one hand-written TIMEOUT record in checkpoint-10, a verdict grading cannot be made to produce on purpose).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from paths import REPO

pd = pytest.importorskip("pandas")


from evalkit import analysis as an  # noqa: E402
from rewardkit.cli import main  # noqa: E402

FIXTURES = REPO / "fixtures" / "report"
RUN = FIXTURES / "run"


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


@pytest.mark.parametrize("step", [5, 10])
def test_taxonomy_of_graded_fixture_matches_the_known_categories(tmp_path, step, capsys):
    source = FIXTURES / f"completions-step{step}.jsonl"
    assert main(["eval", "--completions", str(source), "--output-dir", str(tmp_path)]) == 0
    df = an.load_records(tmp_path)
    expected = {(r["id"], r["sample_index"]): r for r in _lines(source)}
    assert len(df) == len(expected)
    for row in df.to_dict("records"):
        want = expected[(row["id"], row["sample_index"])]
        assert row["category"] == want["expected_category"], row["id"]
        assert row["category_strict"] == want["expected_category_strict"], row["id"]
    # the committed records the report tests read are what grading these inputs gives today
    committed = an.load_records(RUN / "eval" / f"checkpoint-{step}")
    committed = committed[committed["verdict"] != "TIMEOUT"]
    key = ["id", "sample_index"]
    merged = df[[*key, "verdict", "verdict_strict"]].merge(
        committed[[*key, "verdict", "verdict_strict"]], on=key
    )
    assert len(merged) == len(df)
    assert (merged["verdict_x"] == merged["verdict_y"]).all()
    assert (merged["verdict_strict_x"] == merged["verdict_strict_y"]).all()


def test_load_records_of_a_run_orders_checkpoints_by_step():
    df = an.load_records(RUN)
    assert an.checkpoints(df) == ["checkpoint-5", "checkpoint-10"]  # not the string order
    assert list(df.drop_duplicates("checkpoint")["step"]) == [5, 10]
    assert len(df) == 27 and df.attrs["errors"] == []
    for column in ("id", "completion", "gold", "verdict", "verdict_strict", "extracted", "rule", "span",
                   "category", "category_strict", "dataset", "level", "subject", "calculations"):  # fmt: skip
        assert column in df.columns
    counts = df[df["checkpoint"] == "checkpoint-10"]["category"].value_counts().to_dict()
    assert counts == {
        "correct": 4,
        "reasoning_error": 4,
        "extraction_failure": 2,
        "truncated": 1,
        "ambiguous": 1,
        "data_problem": 1,
        "grader_problem": 1,
    }


def test_discover_layouts(tmp_path):
    single = an.discover(RUN / "eval" / "checkpoint-10")
    assert [(s.checkpoint, s.step) for s in single] == [("checkpoint-10", 10)]
    by_file = an.discover(RUN / "eval" / "checkpoint-5" / "records.jsonl")
    assert [(s.checkpoint, s.step) for s in by_file] == [("checkpoint-5", 5)]
    assert [s.checkpoint for s in an.discover(RUN / "eval")] == ["checkpoint-5", "checkpoint-10"]
    with pytest.raises(FileNotFoundError, match=r"no records\.jsonl"):
        an.discover(tmp_path)
    with pytest.raises(FileNotFoundError, match="no such file"):
        an.discover(tmp_path / "missing")


def test_malformed_record_lines_are_named_by_file_line_and_field(tmp_path):
    good = (RUN / "eval" / "checkpoint-10" / "records.jsonl").read_text(encoding="utf-8").splitlines()
    bad = [good[0], '{"id": "x", "sample_index": 0, "verdict": "MAYBE"}', "{not json", good[0], good[1]]
    (tmp_path / "records.jsonl").write_text("\n".join(bad) + "\n", encoding="utf-8")
    df = an.load_records(tmp_path)
    assert len(df) == 2
    errors = df.attrs["errors"]
    assert len(errors) == 3
    assert "records.jsonl:2: field 'verdict'" in errors[0] and '"MAYBE"' in errors[0]
    assert "records.jsonl:3: invalid JSON" in errors[1]
    assert "records.jsonl:4: repeats id" in errors[2] and "first on line 1" in errors[2]


def test_format_cost_and_breakdown():
    df = an.load_records(RUN / "eval" / "checkpoint-10")
    cost = an.format_cost(df)
    assert cost.scored == 13  # the GOLD_INVALID record is left out
    assert cost.accuracy_strict == pytest.approx(3 / 13)
    assert cost.accuracy_flexible == pytest.approx(4 / 13)
    assert cost.points == pytest.approx(100 / 13)
    assert cost.lenient_only == 1
    table = an.breakdown(df)
    assert table["count"].sum() == table["count_strict"].sum() == 14
    assert table.loc["format_error", "count"] == 0 and table.loc["format_error", "count_strict"] == 1
    assert table.loc["correct", "rate"] == pytest.approx(4 / 14)
    assert table.loc["correct", "ci_low"] < 4 / 14 < table.loc["correct", "ci_high"]


def test_grader_suspects_on_the_fixture():
    suspects = an.grader_suspects(an.load_records(RUN))
    found = {(r["checkpoint"], r["id"], r["sample_index"]) for r in suspects.to_dict("records")}
    # "Answer: 26 ... so she makes 18" (WRONG; its last number is the gold); not the FORMAT-only answers
    # (the format cost), the "3 or 4" hedges, nor a truncated completion whose last number equals the gold
    assert found == {("checkpoint-10", "eggs", 1)}
    eggs = suspects[suspects["id"] == "eggs"].iloc[0]
    assert eggs["reasons"] == ["a lenient re-grade (last number '18') matches the gold"]


def test_suspect_rules():
    base = {
        "gold": "#### 18",
        "verdict": "WRONG",
        "verdict_strict": "WRONG",
        "extracted": "26",
        "span": [8, 10],
    }
    assert an.suspect_reasons({**base, "completion": "Answer: 26. Hmm, 18"})
    assert an.suspect_reasons({**base, "completion": "Answer: 26 and 20"}) == []
    assert an.suspect_reasons({**base, "completion": "#### 18\nAnswer: 26, 27"}) == [
        "the '#### 18' answer matches the gold"
    ]
    # the policy explains it: a lenient-only hit is a format error, not a measurement doubt
    assert (
        an.suspect_reasons({**base, "verdict": "CORRECT", "verdict_strict": "FORMAT", "completion": "so 18"})
        == []
    )
    assert an.suspect_reasons({**base, "verdict": "GOLD_INVALID", "completion": "18"}) == []
    span = an.suspect_reasons(
        {**base, "completion": "Answer: 26", "extracted_strict": "25", "span_strict": [9, 10]}
    )
    assert span and span[0].startswith("the extracted span differs between policies")


@pytest.mark.parametrize(
    "cut_off",
    [
        {"verdict": "TRUNCATED", "verdict_strict": "TRUNCATED"},
        {"verdict_strict": "TRUNCATED"},
        {"finished": False},
        {"finish_reason": "length"},
    ],
)
def test_a_truncated_sample_is_not_a_grader_suspect(cut_off):
    record = {
        "gold": "#### 72",
        "verdict": "WRONG",
        "verdict_strict": "WRONG",
        "extracted": "48",
        "completion": "Answer: 48 in April, so in May she sold 48 / 2 = 24, and 48 + 24 = 72",
        "finish_reason": "stop",
    }
    assert an.suspect_reasons(record)  # the same record, finished, is a suspect
    assert an.suspect_reasons({**record, **cut_off}) == []
    assert an.grader_suspects(pd.DataFrame([{**record, **cut_off}])).empty
    assert an.suspect_reasons({**record, "finished": True})


def test_equations_find_arithmetic_slips_without_eval():
    found = an.equations("16 - 3 - 4 = <<16-3-4=9>>9 eggs; 9 * 2 = $19. 10/3 = 3.33, 7/2 = 3, 2 + 3 * 4 = 14")
    slips = [str(e) for e in found if not e.holds]
    assert slips == ["9 * 2 = $19 (false: 18)"]
    assert len(found) == 6  # the annotation and its plain-text twin both count
    assert an.equations("__import__('os') * 2 = 4") == []
    assert [e.holds for e in an.equations("<<48/2=25>>")] == [False]


def test_scale_factor():
    assert an.scale_factor(Fraction(180), Fraction(3)) == "x60"
    assert an.scale_factor(Fraction(5, 100), Fraction(5)) == "/100"
    assert an.scale_factor(Fraction(5000), Fraction(5)) == "x1000"
    assert an.scale_factor(Fraction(7), Fraction(5)) is None
    assert an.scale_factor(Fraction(0), Fraction(5)) is None


def test_reasoning_detail_on_the_fixture():
    df = an.load_records(RUN / "eval" / "checkpoint-10")
    detail = an.reasoning_detail(df)
    assert detail.as_dict() == {
        "wrong": 4,
        "eligible": 4,
        "intermediate": 1,  # wallet: 50, the gold's first step (100 / 2)
        "arithmetic_slip": 1,  # clips: 48 + 24 = 70
        "off_by_unit": 1,  # movies: 180 minutes for 3 hours
        "unexplained": 1,  # eggs: 26
        "scales": {"x60": 1},
    }
    assert detail.examples["arithmetic_slip"] == ["checkpoint-10:clips#0: 48 + 24 = 70 (false: 72)"]


def _table(**counts: int) -> pd.DataFrame:
    rows = {}
    for cat in an.CATEGORIES:
        rows[cat] = {
            "count": counts.get(cat, 0),
            "count_strict": counts.get(cat + "_strict", counts.get(cat, 0)),
        }
    return pd.DataFrame.from_dict(rows, orient="index")


def test_recommendations_follow_the_distribution():
    cost = an.FormatCost(100, 0.5, 0.5, 0)
    advice = an.recommendations(_table(correct=50, extraction_failure=30, reasoning_error=20), cost, 0)
    assert len(advice) == 1 and "answer format" in advice[0]
    advice = an.recommendations(_table(correct=70, truncated=20, reasoning_error=10), cost, 0)
    assert len(advice) == 1 and "max tokens" in advice[0]
    advice = an.recommendations(_table(correct=60, reasoning_error=38, ambiguous=2), cost, 3)
    assert any("Reasoning errors dominate" in a for a in advice)
    assert any("hedge" in a for a in advice)
    assert any("3 grader-suspect" in a and "rewardkit audit" in a for a in advice)
    big_gap = an.FormatCost(100, 0.4, 0.6, 20)
    advice = an.recommendations(
        _table(correct=40, format_error=0, format_error_strict=20, reasoning_error=40), big_gap, 0
    )
    assert any("20.0 points" in a for a in advice)
    assert an.recommendations(_table(correct=99, reasoning_error=0), cost, 0)[0].startswith(
        "No error category"
    )


def test_compare_checkpoints_and_what_moved():
    df = an.load_records(RUN)
    table = an.compare_checkpoints(df)
    assert list(table.columns) == ["checkpoint-5", "checkpoint-10", "change_points"]
    assert table.loc["truncated", "checkpoint-5"] == pytest.approx(3 / 13)
    assert table.loc["truncated", "change_points"] == pytest.approx(100 * (1 / 14 - 3 / 13))
    changes = an.category_changes(df)
    assert len(changes) == 2 * len(an.CATEGORIES)  # every category under both policies
    moves = {(c.name, c.policy): round(c.points, 1) for c in an.moved(changes)}
    # the strict format-error drift is a movement too, though flexible sees no format error at all
    assert moves[("format_error", "strict")] == -23.6 and ("format_error", "flexible") not in moves
    assert {name for name, _ in moves} == {
        "truncated", "reasoning_error", "correct", "grader_problem", "extraction_failure", "format_error"
    }  # fmt: skip
    assert next(iter(moves)) == ("format_error", "strict")  # largest first
    assert all(c.within_noise for c in changes)  # 13 and 14 samples: every interval is wide
    accuracy = an.accuracy_by_checkpoint(df)
    assert [(a["checkpoint"], a["step"], a["scored"]) for a in accuracy] == [
        ("checkpoint-5", 5, 12),
        ("checkpoint-10", 10, 13),
    ]


def test_group_accuracy_names_whole_numbers_without_decimals():
    df = an.load_records(RUN / "eval" / "checkpoint-10")
    groups = an.group_accuracy(df, "calculations")
    assert [g[0] for g in groups] == ["1", "2", "3"]
    assert an.group_accuracy(df, "no_such_column") == []


def _records(folder: Path, verdicts: list[str]) -> None:
    folder.mkdir(parents=True)
    lines = [json.dumps({"id": f"p{i}", "sample_index": 0, "verdict": v}) for i, v in enumerate(verdicts)]
    (folder / "records.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize(
    ("before", "after", "within"),
    [
        (20, 80, False),  # 20% -> 80% of 100: the intervals are far apart
        (45, 55, True),  # 45% -> 55% of 100: they overlap
    ],
)
def test_a_change_is_within_the_noise_when_the_intervals_overlap(tmp_path, before, after, within):
    _records(tmp_path / "checkpoint-1", ["CORRECT"] * before + ["WRONG"] * (100 - before))
    _records(tmp_path / "checkpoint-2", ["CORRECT"] * after + ["WRONG"] * (100 - after))
    df = an.load_records(tmp_path)
    correct = {c.policy: c for c in an.category_changes(df) if c.name == "correct"}
    assert correct["flexible"].points == pytest.approx(after - before)
    assert correct["flexible"].within_noise is within and correct["strict"].within_noise is within
    accuracy = {c.policy: c for c in an.accuracy_changes(an.accuracy_by_checkpoint(df))}
    assert accuracy["strict"].within_noise is within
    assert an.intervals_overlap(correct["flexible"].first_ci, correct["flexible"].last_ci) is within


def test_models_sort_naturally_and_checkpoints_by_step(tmp_path):
    for name in ("175b", "6b", "13b"):
        _records(tmp_path / "models" / name, ["CORRECT", "WRONG"])
    sources = an.discover(tmp_path / "models")
    assert [s.checkpoint for s in sources] == ["6b", "13b", "175b"]  # not the text order 13b, 175b, 6b
    assert not an.is_training_run([s.step for s in sources])
    for name in ("checkpoint-100", "checkpoint-20", "checkpoint-3"):
        _records(tmp_path / "run" / name, ["CORRECT"])
    sources = an.discover(tmp_path / "run")
    assert [s.step for s in sources] == [3, 20, 100] and an.is_training_run([s.step for s in sources])
