"""bench/grading_speed.py and the modules it is made of: the suites, the graders' timing, the figures, the
targets, the markdown, and the command end to end on a small data folder written here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from bench_scripts import bench_module, load_bench_script

SUITE_ORDER = [
    "gsm8k_real",
    "gsm8k_styles",
    "gsm8k_languages",
    "math500_boxed",
    "math500_alt",
    "polynomial_identities",
    "long_prose",
]


def _write_jsonl(path: Path, rows: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")


def _solution(text: str, correct: bool) -> dict[str, Any]:
    return {"solution": text, "is_correct": correct}


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """The three files the data-reading suites read, a few lines each."""
    models = bench_module("shared_data").GSM8K_MODELS
    solutions = [
        {
            "question": "How many?",
            "ground_truth": "She has 3 + 4 = <<3+4=7>>7 apples.\nA: 7",
            **{m: _solution("3 + 4 = 7\nA: 7", True) for m in models[:3]},
            models[3]: _solution("3 + 5 = 8\nA: 8", False),
        },
        {
            "question": "How much?",
            "ground_truth": "It costs 5,600 dollars.\nA: 5,600",
            **{m: _solution("The total is 5,600 dollars.\nA: 5,600", True) for m in models},
        },
    ]
    _write_jsonl(tmp_path / "gsm8k" / "example_model_solutions.jsonl", solutions)
    _write_jsonl(
        tmp_path / "gsm8k" / "test.jsonl", [{"answer": "so 1,200 in all.\n#### 1,200"}, {"answer": "#### 7"}]
    )
    _write_jsonl(tmp_path / "math500" / "test.jsonl", [{"answer": "\\frac{3}{2}"}, {"answer": "(1, 2)"}])
    return tmp_path


# ---------------------------------------------------------------------------------------------- suites


def test_the_suites_register_in_the_documented_order() -> None:
    load_bench_script("grading_speed")
    assert list(bench_module("suite_registry").SUITES) == SUITE_ORDER


def test_gsm8k_real_is_each_model_solution_with_its_label(data_dir: Path) -> None:
    rows = bench_module("gsm8k_suites").gsm8k_real_rows(data_dir)
    models = bench_module("shared_data").GSM8K_MODELS
    assert [g for g, _ in rows] == [*models, *models]
    assert [gold for _, (_, gold, _) in rows] == ["7"] * 4 + ["5,600"] * 4
    assert [label for _, (_, _, label) in rows] == [True, True, True, False] + [True] * 4


def test_gsm8k_styles_renders_every_style_that_applies_to_the_gold(data_dir: Path) -> None:
    suites = bench_module("gsm8k_suites")
    rows = suites.gsm8k_styles_rows(data_dir)
    by_gold: dict[str, list[str]] = {}
    for group, (_, gold, _) in rows:
        by_gold.setdefault(gold, []).append(group)
    every = [style for style, _, _ in suites._STYLES]
    assert by_gold["1200"] == [s for s in every if s != "spelled_out"]  # 1200 has no words below 1000
    assert by_gold["7"] == [s for s in every if s != "thousands_sep"]  # no separator under 1000
    wrong = {style for style, label, _ in suites._STYLES if not label}
    assert all((label is False) == (group in wrong) for group, (_, _, label) in rows)


def test_gsm8k_languages_closes_one_model_s_completions_in_every_language(data_dir: Path) -> None:
    suites = bench_module("language_suites")
    rows = suites.gsm8k_languages_rows(data_dir)
    groups = [group for group, _ in suites.CLOSINGS]
    assert [g for g, _ in rows] == groups + groups  # 8 and 5600 both have Chinese numerals
    completions = {(g, gold): completion for g, (completion, gold, _) in rows}
    assert completions["english_answer", "7"] == "3 + 5 = 8\nAnswer: 8"  # the model that got it wrong
    assert completions["chinese_numerals", "7"] == "3 + 5 = 8\n答案是八"
    assert completions["french", "5,600"] == "The total is 5,600 dollars.\nRéponse : 5600"
    assert completions["chinese_sentence", "5,600"] == "The total is 5,600 dollars.\n所以一共是5600。"
    assert [label for _, (_, _, label) in rows] == [False] * 8 + [True] * 8
    assert set(suites.ENGLISH_OF.values()) <= set(groups) and set(suites.ENGLISH_OF) <= set(groups)


def test_every_closing_of_gsm8k_languages_grades_as_the_english_one() -> None:
    """The translations say the same thing: rewardkit reads the same number from each of them."""
    from rewardkit import grade

    suites = bench_module("language_suites")
    reasoning = "She sells 9 * 2 = $<<9*2=18>>18 every day.\n"
    for number, gold in (("18", "18"), ("1,250", "1250"), ("2.5", "2.5"), ("19", "18")):
        verdicts = {
            group: grade(reasoning + line, gold=gold).verdict.value
            for group, _ in suites.CLOSINGS
            if (line := suites.closing(group, number)) is not None
        }
        assert set(verdicts.values()) == {"CORRECT" if number.replace(",", "") == gold else "WRONG"}, verdicts


@pytest.mark.parametrize(
    ("n", "numeral"),
    [(0, "零"), (7, "七"), (10, "十"), (12, "十二"), (20, "二十"), (105, "一百零五"), (110, "一百一十"),
     (1005, "一千零五"), (1200, "一千二百"), (10000, "一万"), (10500, "一万零五百"),
     (12345, "一万二千三百四十五"), (99999, "九万九千九百九十九")],
)  # fmt: skip
def test_chinese_numeral(n: int, numeral: str) -> None:
    suites = bench_module("language_suites")
    assert suites.chinese_numeral(n) == numeral
    from rewardkit.languages.chinese import parse_numeral

    assert parse_numeral(numeral) == n  # the grader reads it back as the same number


@pytest.mark.parametrize(
    ("n", "words"),
    [(0, "zero"), (13, "thirteen"), (40, "forty"), (72, "seventy-two"), (100, "one hundred"),
     (125, "one hundred twenty-five"), (999, "nine hundred ninety-nine")],
)  # fmt: skip
def test_int_to_words(n: int, words: str) -> None:
    assert bench_module("gsm8k_suites").int_to_words(n) == words


def test_int_to_words_refuses_what_it_cannot_spell() -> None:
    with pytest.raises(ValueError):
        bench_module("gsm8k_suites").int_to_words(1000)


@pytest.mark.parametrize(
    ("gold", "slashed"),
    [
        ("\\frac{3}{2}", "3/2"),
        ("\\dfrac{-1}{4}", "-1/4"),
        ("\\left(\\frac{1}{2}, 3\\right)", "\\left(1/2, 3\\right)"),
        ("2\\frac{1}{2}", None),  # a mixed number: never a/b
        ("\\frac{1}{2}x", None),  # before a letter
        ("\\frac{1}{2}^2", None),
        ("\\sqrt{2}", None),
    ],
)
def test_the_slash_form_only_rewrites_a_fraction_that_stands_alone(gold: str, slashed: str | None) -> None:
    assert bench_module("math500_suites")._alt_slash(gold, None) == slashed


@pytest.mark.parametrize(
    ("text", "perturbed"),
    [("12", "13"), ("\\frac{3}{9}", "\\frac{3}{8}"), ("x+1.5", "x+1.6"), ("\\pi", None)],
)
def test_perturb_last_digit(text: str, perturbed: str | None) -> None:
    assert bench_module("math500_suites")._perturb_last_digit(text) == perturbed


def test_the_math500_suites_pair_each_gold_with_its_wrong_twins(data_dir: Path) -> None:
    pytest.importorskip("math_verify")
    sympy = pytest.importorskip("sympy")
    suites = bench_module("math500_suites")
    boxed = suites.math500_boxed_rows(data_dir)
    groups = [g for g, _ in boxed]
    # (1, 2) is a tuple: no "+1" twin; 3/2 gets one, boxed and in Minerva style
    assert groups == [
        "boxed",
        "final_answer_is",
        "boxed",
        "final_answer_is",
        "wrong_boxed",
        "wrong_final_answer_is",
    ]
    assert boxed[4][1][0].endswith(f"$\\boxed{{{sympy.latex(sympy.Rational(5, 2))}}}$.")
    alt = dict((g, it) for g, it in suites.math500_alt_rows(data_dir) if it[1] == "\\frac{3}{2}")
    assert alt["decimal"][0].endswith("$\\boxed{1.5}$.") and alt["decimal"][2] is True
    assert alt["wrong_decimal"][0].endswith("$\\boxed{1.6}$.") and alt["wrong_decimal"][2] is False


def test_the_generated_suites_are_the_same_on_every_run() -> None:
    pytest.importorskip("sympy")
    suites = bench_module("generated_suites")
    rows = suites.polynomial_identities_rows(Path("unused"))
    assert rows == suites.polynomial_identities_rows(Path("unused"))
    labels = [label for _, (_, _, label) in rows]
    assert labels.count(True) == labels.count(False) == suites.POLY_ITEMS
    prose = suites.long_prose_rows(Path("unused"))
    assert [g for g, _ in prose] == ["no_digits"] * 4 + ["scattered_digits"] * 4 + ["answer_at_end"] * 2
    assert all(len(c) <= suites.PROSE_CHARS for _, (c, _, _) in prose)
    assert not any(ch.isdigit() for _, (c, _, _) in prose[:4] for ch in c)


# ------------------------------------------------------------------------------------ timing, figures


def _grader(name: str, answers: dict[str, bool]) -> Any:
    graders = bench_module("graders")
    return graders.Grader(name=name, grade=lambda completion, gold: answers[completion], correct=bool)


def test_time_graders_gives_every_grader_one_outcome_per_item_in_order() -> None:
    timing = bench_module("grader_timing")
    items = [(f"c{i}", "1", None) for i in range(7)]
    seen: list[str] = []
    right = _grader("right", {c: True for c, _, _ in items})
    odd = _grader("odd", {c: int(c[1:]) % 2 == 1 for c, _, _ in items})
    counting = bench_module("graders").Grader("counting", lambda c, g: seen.append(c) or True, bool)
    runs = timing.time_graders([right, odd, counting], items, block=3)
    assert [r.grader for r in runs] == ["right", "odd", "counting"]
    assert runs[0].correct == [True] * 7
    assert runs[1].correct == [False, True, False, True, False, True, False]
    assert all(len(r.item_s) == 7 and r.elapsed_s >= 0 for r in runs)
    # warmed up on the first items (untimed), then every item once, in order
    assert seen == [c for c, _, _ in items] * 2


def _run(name: str, correct: list[bool], verdicts: list[str] | None = None) -> Any:
    timing = bench_module("grader_timing")
    details = [{"verdict": v} for v in verdicts] if verdicts else [{} for _ in correct]
    return timing.Run(
        name, correct, details, elapsed_s=1.0, item_s=[0.001 * (i + 1) for i in range(len(correct))]
    )


def test_summarize_counts_agreement_with_the_labels_and_between_the_graders() -> None:
    summary = bench_module("speed_summary")
    rows = [
        ("a", ("x", "1", True)),
        ("a", ("y", "2", False)),
        ("b", ("z", "3", True)),
        ("b", ("w", "4", None)),
    ]
    rk = _run("rewardkit", [True, True, True, False], ["CORRECT", "CORRECT", "CORRECT", "WRONG"])
    mv = _run("math-verify", [True, False, False, False])
    res, dis = summary.summarize("s", rows, rk, mv)
    assert res["rewardkit_vs_labels"] == (2, 3) and res["math_verify_vs_labels"] == (2, 3)
    assert res["rewardkit_vs_math_verify"] == (2, 4)
    assert res["groups"]["b"] == {
        "items": 2,
        "rewardkit_vs_labels": (1, 1),
        "math_verify_vs_labels": (0, 1),
        "rewardkit_vs_math_verify": (1, 2),
        "rewardkit_median_item_ms": 3.5,  # items 3 and 4: 3 ms and 4 ms
    }
    assert [d["index"] for d in dis] == [1]  # only labelled items can disagree with the label
    assert [d["index"] for d in res["rewardkit_vs_math_verify_disagreements"]] == [1, 2]
    assert res["rewardkit_worst_item"]["index"] == 3 and res["rewardkit_slowest_items"][0]["index"] == 3
    assert res["rewardkit_verdicts"] == {"CORRECT": 3, "WRONG": 1}


def test_count_values_most_frequent_first() -> None:
    count_values = bench_module("speed_summary").count_values
    assert list(count_values(["b", "a", "b", None, "c", "b", "a"]).items()) == [("b", 3), ("a", 2), ("c", 1)]


def _result(suite: str, **over: Any) -> dict[str, Any]:
    base = {
        "suite": suite,
        "items": 10,
        "rewardkit_per_s": 1000.0,
        "math_verify_per_s": 10.0,
        "ratio": 100.0,
        "rewardkit_vs_labels": (10, 10),
        "math_verify_vs_labels": (9, 10),
        "rewardkit_vs_math_verify": (9, 10),
        "rewardkit_worst_item_ms": 2.0,
        "rewardkit_median_item_ms": 1.0,
        "math_verify_worst_item_ms": 200.0,
        "math_verify_median_item_ms": 100.0,
    }
    return {**base, **over}


def test_check_targets_per_suite_and_for_grade_many() -> None:
    targets = bench_module("speed_targets")
    results = [
        _result("gsm8k_real", ratio=29.0, rewardkit_vs_labels=(10, 10)),
        _result("math500_boxed", rewardkit_vs_labels=(8, 10)),
        _result("long_prose", rewardkit_worst_item_ms=1500.0),
    ]
    checks = targets.check_targets(results, {"w": {"speedup": 1.8}})
    met = {(c["suite"], c["target"]): c["met"] for c in checks}
    assert met == {
        ("gsm8k_real", "throughput >= 30x math-verify"): False,
        ("gsm8k_real", "agreement with labels n/n"): True,
        ("gsm8k_real", "no item over 1 s"): True,
        ("math500_boxed", "throughput >= 5x math-verify"): True,
        ("math500_boxed", "agreement with labels >= math-verify's"): False,
        ("math500_boxed", "no item over 1 s"): True,
        ("long_prose", "rewardkit <= 50 ms per item"): False,
        ("long_prose", "no item over 1 s"): False,
        ("grade_many (w)", "workers=2 >= 1.7x workers=1 (warm workers)"): True,
    }


def test_an_answer_in_another_language_is_timed_against_the_same_one_in_english() -> None:
    targets = bench_module("speed_targets")
    pairs = bench_module("language_suites").ENGLISH_OF
    median = {"english_answer": 0.020, "english_answer_is": 0.020, "english_sentence": 0.100}
    median |= {"french": 0.024, "chinese_answer": 0.025, "chinese_answer_is": 0.03, "chinese_numerals": 0.01}
    groups = {g: {"rewardkit_median_item_ms": ms} for g, ms in median.items()}  # chinese_sentence missing
    checks = targets.check_targets([_result("gsm8k_languages", groups=groups)], None)
    met = {c["target"]: (c["met"], c["value"]) for c in checks}
    assert met["french <= 1.2x english_answer per item (median)"] == (True, "1.20x (24.0 vs 20.0 µs)")
    assert met["chinese_answer <= 1.2x english_answer per item (median)"][0] is False
    assert met["chinese_answer_is <= 1.2x english_answer_is per item (median)"][0] is False
    assert met["chinese_numerals <= 1.2x english_answer_is per item (median)"][0] is True
    missing = met["chinese_sentence <= 1.2x english_sentence per item (median)"]
    assert missing == (False, "not both in this run")
    assert met["agreement with labels n/n"] == (True, "10/10")
    assert len(checks) == 2 + len(pairs)  # labels, one per pair, no item over 1 s


def test_the_markdown_tables() -> None:
    report = bench_module("speed_report")
    res = _result("s", rewardkit_vs_labels=None, math_verify_vs_labels=None)
    res["groups"] = {"g": {"items": 10, "rewardkit_vs_labels": None, "math_verify_vs_labels": None,
                           "rewardkit_vs_math_verify": (9, 10),
                           "rewardkit_median_item_ms": 0.0254}}  # fmt: skip
    table = report.markdown_table([res]).splitlines()
    assert table[0].count("|") == table[1].count("|") == table[2].count("|") == 11
    assert table[2] == "| s | 10 | 1,000 | 10 | 100.0x | — | — | — | 9/10 | 2.00 ms |"
    assert report.group_table([res]).splitlines()[2] == "| s | g | 10 | — | — | 9/10 | 25.4 µs |"
    checks = [{"suite": "s", "target": "t", "value": "v", "met": False}]
    assert report.targets_table(checks).splitlines()[2] == "| s | t | v | **NO** |"
    shown = report.disagreement_list("s", [], 3, what="math-verify")
    assert shown == "### s: rewardkit disagrees with math-verify on 0 items (showing 0)"


# ------------------------------------------------------------------------------------------ end to end


def test_grading_speed_end_to_end(data_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("math_verify")
    out = tmp_path / "out" / "speed.json"
    argv = [
        "--data-dir",
        str(data_dir),
        "--suites",
        "gsm8k_real,math500_boxed",
        "--json",
        str(out),
        "--show",
        "2",
    ]
    assert load_bench_script("grading_speed").main(argv) == 0
    text = capsys.readouterr().out
    headings = [line for line in text.splitlines() if line.startswith(("| suite", "### "))]
    assert headings == [
        "| suite | items | rewardkit /s | math-verify /s | ratio | first pass ratio | rewardkit vs labels "
        "| math-verify vs labels | rewardkit vs math-verify | rewardkit worst item |",
        "| suite | target | value | met |",
        "| suite | group | items | rewardkit vs labels | math-verify vs labels | rewardkit vs math-verify "
        "| rewardkit median item |",
        *[line for line in headings if "disagrees with the label" in line],
        *[line for line in headings if "disagrees with math-verify" in line],
        "### gsm8k_real: rewardkit's 5 slowest items",
        "### math500_boxed: rewardkit's 5 slowest items",
    ]
    assert sum("disagrees with the label" in line for line in headings) == 2
    payload = json.loads(out.read_text())
    assert list(payload) == ["meta", "suites", "targets", "grade_many_scaling", "disagreements_with_labels"]
    assert [s["suite"] for s in payload["suites"]] == ["gsm8k_real", "math500_boxed"]
    assert (
        payload["suites"][0]["items"] == 8 and payload["suites"][0]["groups_full_suite"]["6b_finetuning"] == 2
    )
    assert payload["meta"]["poly_seed"] == bench_module("generated_suites").POLY_SEED
    assert payload["grade_many_scaling"] is None


def test_an_unknown_suite_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        load_bench_script("grading_speed").main(["--suites", "gsm8k_real,nope"])
    assert exc.value.code == 2
    assert "unknown suite(s) ['nope']" in capsys.readouterr().err
