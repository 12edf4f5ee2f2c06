"""evalkit.metrics: estimators against hand-computed values, maj@k by equivalence, summaries of records."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from evalkit.metrics import (
    Sample,
    cluster_answers,
    cluster_wilson_interval,
    majority_at_k,
    pass_at_k,
    pass_hat_k,
    summarize,
    wilson_interval,
)

# ------------------------------------------------------------------------------------------- pass@k


@pytest.mark.parametrize(
    ("k", "expected"),
    # 1 - C(3, k) / C(5, k): C(5, k) = 5, 10, 10, 5, 1; C(3, k) = 3, 3, 1, 0, 0
    [(1, Fraction(2, 5)), (2, Fraction(7, 10)), (3, Fraction(9, 10)), (4, 1), (5, 1)],
)
def test_pass_at_k_hand_computed(k: int, expected: Fraction) -> None:
    assert pass_at_k(5, 2, k) == float(expected)


@pytest.mark.parametrize("k", range(1, 11))
def test_pass_at_k_all_wrong_and_all_right(k: int) -> None:
    assert pass_at_k(10, 0, k) == 0.0
    assert pass_at_k(10, 10, k) == 1.0


def test_one_greedy_sample_cannot_give_pass_at_10() -> None:
    with pytest.raises(ValueError, match="k <= n"):
        pass_at_k(1, 1, 10)
    with pytest.raises(ValueError, match="k <= n"):
        pass_hat_k(1, 1, 10)


@pytest.mark.parametrize(("n", "c", "k"), [(5, 2, 0), (5, 6, 1), (5, -1, 1), (0, 0, 1)])
def test_invalid_arguments_are_refused(n: int, c: int, k: int) -> None:
    with pytest.raises(ValueError):
        pass_at_k(n, c, k)
    with pytest.raises(ValueError):
        pass_hat_k(n, c, k)


def test_pass_at_k_large_n_is_stable() -> None:
    # binomials of 10^4 samples overflow floats; the estimate must still be finite and exact-ish
    assert pass_at_k(10_000, 1, 1) == 1e-4
    assert math.isclose(pass_at_k(10_000, 1, 5_000), 0.5)
    assert 0.0 < pass_at_k(10_000, 3, 2) < 1.0


@pytest.mark.parametrize(
    ("c", "k", "expected"),
    # C(c, k) / C(5, k)
    [
        (2, 1, Fraction(2, 5)),
        (2, 2, Fraction(1, 10)),
        (2, 3, 0),
        (4, 2, Fraction(6, 10)),
        (5, 5, 1),
        (0, 1, 0),
    ],
)
def test_pass_hat_k_hand_computed(c: int, k: int, expected: Fraction) -> None:
    assert pass_hat_k(5, c, k) == float(expected)


counts = st.integers(1, 60).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, n)))


@given(counts)
def test_pass_at_1_is_the_success_rate(nc: tuple[int, int]) -> None:
    n, c = nc
    assert pass_at_k(n, c, 1) == c / n
    assert pass_hat_k(n, c, 1) == c / n


@given(counts)
def test_pass_at_k_is_monotone_in_k_and_one_when_every_draw_hits(nc: tuple[int, int]) -> None:
    n, c = nc
    at = [pass_at_k(n, c, k) for k in range(1, n + 1)]
    hat = [pass_hat_k(n, c, k) for k in range(1, n + 1)]
    assert at == sorted(at)
    assert hat == sorted(hat, reverse=True)
    for k, value in enumerate(at, start=1):
        assert 0.0 <= hat[k - 1] <= value <= 1.0
        if n - c < k:
            assert value == 1.0
        exact = 1 - Fraction(math.comb(n - c, k), math.comb(n, k))
        assert math.isclose(value, float(exact), rel_tol=1e-12, abs_tol=1e-15)


@given(counts, st.integers(1, 60))
def test_pass_at_k_is_monotone_in_c(nc: tuple[int, int], k: int) -> None:
    n, c = nc
    k = min(k, n)
    values = [pass_at_k(n, cc, k) for cc in range(n + 1)]
    assert values == sorted(values)
    assert values[c] == pass_at_k(n, c, k)
    hats = [pass_hat_k(n, cc, k) for cc in range(n + 1)]
    assert hats == sorted(hats)


# ------------------------------------------------------------------------------------------- Wilson


def test_wilson_known_values() -> None:
    assert [round(x, 2) for x in wilson_interval(8, 10)] == [0.49, 0.94]
    assert [round(x, 4) for x in wilson_interval(50, 100)] == [0.4038, 0.5962]
    lo, hi = wilson_interval(8, 10, z=2.576)  # 99 %
    assert lo < 0.49 and hi > 0.94


def test_wilson_edges() -> None:
    lo, hi = wilson_interval(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    lo, hi = wilson_interval(10, 10)
    assert hi == 1.0 and round(lo, 4) == 0.7225
    assert wilson_interval(0, 0) == (0.0, 1.0)
    with pytest.raises(ValueError):
        wilson_interval(3, 2)
    with pytest.raises(ValueError):
        wilson_interval(-1, 2)


@given(st.integers(0, 500).flatmap(lambda t: st.tuples(st.integers(0, t), st.just(t))))
def test_wilson_contains_the_estimate(st_: tuple[int, int]) -> None:
    s, t = st_
    lo, hi = wilson_interval(s, t)
    assert 0.0 <= lo <= hi <= 1.0
    if t:
        assert lo <= s / t <= hi


def test_cluster_interval_is_wider_when_samples_of_a_problem_agree() -> None:
    # 10 problems x 8 samples, every problem either all right or all wrong: really 10 observations
    hits, sizes = [8] * 5 + [0] * 5, [8] * 10
    naive = wilson_interval(40, 80)
    clustered = cluster_wilson_interval(hits, sizes)
    assert clustered == wilson_interval(5, 10)
    assert clustered[1] - clustered[0] > naive[1] - naive[0]
    # independent-looking problems (each half right) keep the full sample size
    assert cluster_wilson_interval([4] * 10, sizes) == naive
    # one sample per problem: the ordinary interval; 0/n and n/n fall back to the problem count
    assert cluster_wilson_interval([1, 0, 0, 1, 1], [1] * 5) == wilson_interval(3, 5)
    assert cluster_wilson_interval([8] * 10, sizes) == wilson_interval(10, 10)
    assert cluster_wilson_interval([], []) == (0.0, 1.0)


# -------------------------------------------------------------------------------------------- maj@k


def test_equivalent_answers_written_differently_form_one_cluster() -> None:
    labels, reps = cluster_answers(["3", "0.5", "\\frac{1}{2}", "3", "1/2"])
    assert labels == [0, 1, 1, 0, 1]
    assert reps == ["3", "0.5"]


def test_majority_clusters_by_equivalence_not_string() -> None:
    samples = [Sample("3"), Sample("0.5"), Sample("\\frac{1}{2}"), Sample("3"), Sample("1/2")]
    # as strings "3" would win 2-1-1-1; as values 1/2 wins 3-2
    assert majority_at_k(samples, 5, gold="1/2")
    assert majority_at_k(samples, 5, gold="0.5")
    assert not majority_at_k(samples, 5, gold="3")


def test_majority_tie_goes_to_the_earliest_answer() -> None:
    samples = [Sample("7"), Sample("4"), Sample("4.0"), Sample("7")]
    assert majority_at_k(samples, 4, gold="7")  # 2-2: 7 came first
    assert not majority_at_k(samples, 4, gold="4")
    assert majority_at_k(samples, 1, gold="7")
    assert not majority_at_k(samples, 3, gold="7")  # 4 leads 2-1 after three samples


def test_samples_without_a_committed_answer_do_not_vote() -> None:
    samples = [
        Sample("5", "TRUNCATED"),
        Sample("5", "AMBIGUOUS"),
        Sample(None, "NO_ANSWER"),
        Sample("5", "UNPARSEABLE"),
        Sample("9", "WRONG"),
    ]
    assert not majority_at_k(samples, 5, gold="5")
    assert majority_at_k(samples, 5, gold="9")
    assert not majority_at_k(samples[:4], 4, gold="5")  # no vote at all is a miss


def test_majority_reads_records_under_each_policy() -> None:
    records = [
        {"extracted": "12", "verdict": "CORRECT", "verdict_strict": "FORMAT"},
        {"extracted": "12", "verdict": "CORRECT", "verdict_strict": "FORMAT"},
        {"extracted": "13", "verdict": "WRONG", "verdict_strict": "WRONG"},
    ]
    assert majority_at_k(records, 3, gold="12")
    # under strict the two lenient answers do not count: 13 is the only vote
    assert not majority_at_k(records, 3, gold="12", policy="strict")


def test_majority_k_is_validated() -> None:
    with pytest.raises(ValueError):
        majority_at_k([Sample("1")], 2, gold="1")
    with pytest.raises(ValueError):
        majority_at_k([Sample("1")], 0, gold="1")


# ---------------------------------------------------------------------------------------- summarize


def _record(pid: str, i: int, flexible: str, strict: str | None = None, extracted: str | None = "1", **extra):
    strict = strict or flexible
    return {
        "id": pid,
        "sample_index": i,
        "gold": extra.pop("gold", "1"),
        "extracted": extracted,
        "verdict": flexible,
        "correct": flexible == "CORRECT",
        "verdict_strict": strict,
        "correct_strict": strict == "CORRECT",
        **extra,
    }


def _synthetic() -> list[dict]:
    meta_a = {"subject": "Algebra", "level": 2, "calculations": 1, "token_count": 100}
    meta_b = {"subject": "Geometry", "level": 5, "calculations": 7, "token_count": 300}
    meta_c = {"subject": "Algebra", "level": 5, "calculations": 3, "token_count": 200}
    records = [
        # a: flexible 3/4, strict 1/4 (two lenient hits), majority "1" under flexible only
        _record("a", 0, "CORRECT", **meta_a),
        _record("a", 1, "CORRECT", "FORMAT", **meta_a),
        _record("a", 2, "CORRECT", "FORMAT", **meta_a),
        _record("a", 3, "WRONG", extracted="2", **meta_a),
        # b: 0/4, answers 2, 2, truncated, none
        _record("b", 0, "WRONG", extracted="2", **meta_b),
        _record("b", 1, "WRONG", extracted="2", **meta_b),
        _record("b", 2, "TRUNCATED", extracted=None, **meta_b),
        _record("b", 3, "NO_ANSWER", extracted=None, **meta_b),
        # c: 4/4 under both, written four ways
        *[
            _record("c", i, "CORRECT", extracted=x, gold="0.5", **meta_c)
            for i, x in enumerate(["1/2", "0.5", "\\frac{1}{2}", "\\dfrac12"])
        ],
    ]
    # d: the gold cannot be read, whatever the sample says
    records += [_record("d", i, "GOLD_INVALID", gold="3 or 4") for i in range(4)]
    return records[::-1]  # order of the file must not matter


def test_summarize_synthetic_records() -> None:
    s = summarize(_synthetic())
    assert s["n"] == 3
    assert s["records"] == 16 and s["records_scored"] == 12
    assert s["samples_per_problem"] == 4
    assert s["gold_invalid"] == 4 and s["gold_invalid_problems"] == 1
    assert s["accuracy"] == 5 / 12  # strict: 1 + 0 + 4
    assert s["accuracy_flexible"] == 7 / 12
    assert s["accuracy_ci95"] == list(wilson_interval(5, 12))
    assert s["accuracy_flexible_ci95"] == list(wilson_interval(7, 12))
    lo, hi = s["accuracy_ci95_cluster"]
    assert lo <= 5 / 12 <= hi and hi - lo >= s["accuracy_ci95"][1] - s["accuracy_ci95"][0]
    assert s["verdicts"] == {"CORRECT": 7, "GOLD_INVALID": 4, "NO_ANSWER": 1, "TRUNCATED": 1, "WRONG": 3}
    assert s["verdicts_strict"] == {
        "CORRECT": 5,
        "FORMAT": 2,
        "GOLD_INVALID": 4,
        "NO_ANSWER": 1,
        "TRUNCATED": 1,
        "WRONG": 3,
    }
    assert s["ks"] == [1, 2, 3, 4]
    for k in (1, 2, 3, 4):
        key = str(k)
        strict = (pass_at_k(4, 1, k) + pass_at_k(4, 0, k) + pass_at_k(4, 4, k)) / 3
        flexible = (pass_at_k(4, 3, k) + pass_at_k(4, 0, k) + pass_at_k(4, 4, k)) / 3
        assert s["pass@k"][key] == pytest.approx(strict)
        assert s["pass@k_flexible"][key] == pytest.approx(flexible)
        assert s["pass^k"][key] == pytest.approx((pass_hat_k(4, 1, k) + 0 + 1) / 3)
        assert s["pass^k_flexible"][key] == pytest.approx((pass_hat_k(4, 3, k) + 0 + 1) / 3)
    # a votes 1,1,1,2 (flexible) or 1,2 (strict: the lenient two do not vote; 1 came first) -> both right;
    # b votes 2,2 -> wrong; c's four spellings are one answer -> right
    assert s["maj@k_flexible"] == {"1": 2 / 3, "2": 2 / 3, "3": 2 / 3, "4": 2 / 3}
    assert s["maj@k"] == {"1": 2 / 3, "2": 2 / 3, "3": 2 / 3, "4": 2 / 3}
    assert s["by_subject"] == {
        "Algebra": {"n": 2, "records": 8, "accuracy": 5 / 8, "accuracy_flexible": 7 / 8},
        "Geometry": {"n": 1, "records": 4, "accuracy": 0.0, "accuracy_flexible": 0.0},
    }
    assert list(s["by_level"]) == ["2", "5"]
    assert s["by_level"]["5"]["n"] == 2 and s["by_level"]["5"]["accuracy"] == 0.5
    assert list(s["by_calculations"]) == ["1-2", "3-4", "7+"]
    assert s["by_calculations"]["1-2"] == {"n": 1, "records": 4, "accuracy": 0.25, "accuracy_flexible": 0.75}
    assert s["token_count"] == {"mean": 200.0, "max": 300.0}
    assert json.loads(json.dumps(s)) == s


def test_majority_in_summary_uses_the_first_k_samples() -> None:
    answers = ["2", "1", "1", "2", "2"]
    records = [
        _record("p", i, "CORRECT" if x == "1" else "WRONG", extracted=x) for i, x in enumerate(answers)
    ]
    s = summarize(records)
    # k=1: "2"; k=2: tie 2/1, 2 first; k=3: 1 leads; k=4: tie, 2 first; k=5: 2 leads
    assert s["maj@k_flexible"] == {"1": 0.0, "2": 0.0, "3": 1.0, "4": 0.0, "5": 0.0}


def test_explicit_k_above_the_sample_count_is_refused() -> None:
    records = [_record("a", 0, "CORRECT")]  # one greedy sample
    with pytest.raises(ValueError, match="k="):
        summarize(records, ks=[1, 10])
    with pytest.raises(ValueError):
        summarize(records, ks=[0])
    s = summarize(records, ks=[1])
    assert s["pass@k"] == {"1": 1.0} and s["ks"] == [1]


def test_uneven_samples_per_problem() -> None:
    records = [_record("a", i, "CORRECT" if i < 2 else "WRONG", extracted=str(i)) for i in range(4)]
    records += [_record("b", i, "WRONG", extracted="9") for i in range(2)]
    s = summarize(records)
    assert s["samples_per_problem"] == {"min": 2, "max": 4}
    assert s["ks"] == [1, 2]
    assert s["pass@k"]["2"] == pytest.approx((pass_at_k(4, 2, 2) + 0.0) / 2)
    assert s["accuracy"] == 2 / 6
    with pytest.raises(ValueError):
        summarize(records, ks=[3])


def test_summary_without_optional_fields_or_scored_records() -> None:
    s = summarize([_record("a", 0, "WRONG", extracted="2")])
    assert not {"by_subject", "by_level", "by_calculations", "token_count"} & set(s)
    assert s["accuracy"] == 0.0 and s["pass@k"] == {"1": 0.0}
    empty = summarize([_record("d", 0, "GOLD_INVALID")], ks=[1])
    assert empty["n"] == 0 and empty["accuracy"] is None and empty["accuracy_ci95"] is None
    assert empty["pass@k"] == {} and empty["gold_invalid"] == 1
    assert summarize([])["n"] == 0


def test_timeouts_and_errors_count_as_not_correct() -> None:
    records = [
        _record("a", 0, "CORRECT"),
        _record("a", 1, "TIMEOUT"),
        _record("a", 2, "ERROR", extracted=None),
    ]
    s = summarize(records)
    assert s["accuracy"] == 1 / 3 and s["verdicts"]["TIMEOUT"] == 1 and s["verdicts"]["ERROR"] == 1


def test_duplicate_samples_are_refused() -> None:
    with pytest.raises(ValueError, match="duplicate"):
        summarize([_record("a", 0, "CORRECT"), _record("a", 0, "WRONG")])


def test_gsm8k_rationale_gold_and_calculation_buckets() -> None:
    gold = "48/2 = <<48/2=24>>24\n48+24 = <<48+24=72>>72\n#### 72"
    records = [
        _record("g", 0, "CORRECT", extracted="72", gold=gold, calculations=2),
        _record("g", 1, "CORRECT", extracted="72.00", gold=gold, calculations=2),
        _record("h", 0, "WRONG", extracted="5", gold="#### 6", calculations=0),
    ]
    s = summarize(records)
    assert s["maj@k"] == {"1": 0.5}
    assert list(s["by_calculations"]) == ["0", "1-2"]


def test_metrics_import_without_torch() -> None:
    code = "import sys, evalkit.metrics; assert not {'torch', 'transformers'} & set(sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True)
