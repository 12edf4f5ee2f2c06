"""The ``decimals`` option: the task asks for answers rounded to N decimal places.

The table rows are in ``fixtures/equivalence/decimals.jsonl``; here are the invariants over random fractions,
the checks of the option's value, and the option's way through ``grade_many``, the rewards, the server's
payload and the ``score`` command.
"""

from __future__ import annotations

import json
import pickle
import subprocess
import sys
from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade, grade_many
from rewardkit.cli import main
from rewardkit.equivalence import LONG_DECIMAL_DIGITS, rounded_alike
from rewardkit.errors import ConfigError
from rewardkit.rewards import build
from rewardkit.server.payloads import PayloadError, parse_grade

PROPERTY = settings(max_examples=150, deadline=None)


def _places(value: Fraction, n: int, rounding: str) -> Decimal:
    """``value`` at ``n`` places, by the decimal module (a second opinion on the grader's own rounding)."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)  # 28 digits: far past n <= 6
    return exact.quantize(Decimal(1).scaleb(-n), rounding=rounding)


def _gold(value: Fraction) -> str:
    sign = "-" if value < 0 else ""
    return f"{sign}\\frac{{{abs(value.numerator)}}}{{{value.denominator}}}"


@PROPERTY
@given(
    p=st.integers(min_value=-20_000, max_value=20_000),
    q=st.integers(min_value=1, max_value=9_999),
    n=st.integers(min_value=1, max_value=6),
)
def test_rounded_fraction_is_correct_and_one_unit_off_is_wrong(p: int, q: int, n: int) -> None:
    """For p/q and N in 1..6: p/q rounded half away from zero to N places (written with all N places) is
    CORRECT with ``decimals=N``; a decimal one unit off in the last place is WRONG, the cut at that place
    included (a cut is a wrong rounding), but where the long-decimal policy pays it anyway."""
    value = Fraction(p, q)
    rounded = _places(value, n, ROUND_HALF_UP)  # ROUND_HALF_UP is half away from zero
    gold = _gold(value)
    note(f"gold={gold} n={n} rounded={rounded}")
    result = grade(f"The answer is \\boxed{{{rounded}}}.", gold=gold, decimals=n)
    assert result.verdict is Verdict.CORRECT, result.detail
    unit = Decimal(1).scaleb(-n)
    for off in (rounded - unit, rounded + unit):
        result = grade(f"The answer is \\boxed{{{off}}}.", gold=gold, decimals=n)
        # the cut, written with six significant digits or more, is what the default long-decimal policy pays
        digits = str(off).replace("-", "").replace(".", "").lstrip("0")
        long_cut = off == _places(value, n, ROUND_DOWN) and len(digits) >= LONG_DECIMAL_DIGITS
        expected = Verdict.CORRECT if long_cut else Verdict.WRONG
        assert result.verdict is expected, f"{off}: {result.detail}"


@PROPERTY
@given(
    p=st.integers(min_value=-20_000, max_value=20_000),
    q=st.integers(min_value=1, max_value=9_999),
    n=st.integers(min_value=0, max_value=6),
    extra=st.integers(min_value=1, max_value=4),
)
def test_rounding_agrees_with_the_decimal_module(p: int, q: int, n: int, extra: int) -> None:
    """``rounded_alike`` for an answer written with more places than asked: equal to the decimal module's
    half-away-from-zero rounding of both sides."""
    value = Fraction(p, q)
    longer = _places(value, n + extra, ROUND_HALF_UP)
    answer = Fraction(longer)
    expected = _places(answer, n, ROUND_HALF_UP) == _places(value, n, ROUND_HALF_UP)
    assert rounded_alike(answer, value, n) == expected


@pytest.mark.parametrize("bad", [-1, 1.5, 2.0, "2", True, 101])
def test_bad_decimals_is_a_caller_error(bad: object) -> None:
    with pytest.raises(ValueError, match="decimals"):
        grade("0.33", gold="\\frac13", decimals=bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="decimals"):
        grade_many(["0.33"], ["\\frac13"], decimals=bad)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="decimals"):
        build({"accuracy": {"decimals": bad}})


CASES = [
    ("0.33", "\\frac13"),
    ("The answer is 0.3333.", "\\frac{1}{3}"),
    ("\\boxed{2.67}", "\\frac83"),
    ("$\\begin{pmatrix}0.33\\\\0.2\\end{pmatrix}$", "\\begin{pmatrix}\\frac13\\\\\\frac15\\end{pmatrix}"),
    ("$(0.6, 2.6667]$", "(\\frac35, \\frac83]"),
    ("0.71", "\\frac{\\sqrt2}{2}"),
    ("3", "3.004"),
    ("0.3", "\\frac13"),
    ("72", "72"),
    ("x + 0.33", "x + \\frac13"),
]


@pytest.mark.parametrize(("completion", "gold"), CASES)
def test_none_is_the_default(completion: str, gold: str) -> None:
    """``decimals=None`` grades exactly as no option does (everything but the clock)."""
    plain, explicit = grade(completion, gold=gold), grade(completion, gold=gold, decimals=None)
    assert {**plain.to_dict(), "elapsed_s": 0} == {**explicit.to_dict(), "elapsed_s": 0}


def test_detail_names_the_rounding() -> None:
    r = grade("\\boxed{0.33}", gold="\\frac13", decimals=2)
    assert (r.verdict, r.match) == (Verdict.CORRECT, "rounded_to_decimals")
    assert "rounded to 2 decimal places" in r.detail
    matrix = grade(CASES[3][0], gold=CASES[3][1], decimals=2)
    assert (matrix.verdict, matrix.match) == (Verdict.CORRECT, "matrix")
    assert "rounded to 2 decimal places" in matrix.detail
    exact = grade("\\boxed{0.5}", gold="\\frac12", decimals=2)
    assert exact.match == "exact" and "rounded" not in exact.detail


def test_grade_many_passes_decimals_to_every_item_and_worker() -> None:
    completions = [c for c, _ in CASES] * 3
    golds = [g for _, g in CASES] * 3
    one = [grade(c, gold=g, decimals=2) for c, g in zip(completions, golds, strict=True)]
    for workers in (1, 2):
        many = grade_many(completions, golds, decimals=2, workers=workers, timeout_s=30)
        assert [(r.verdict, r.match) for r in many] == [(r.verdict, r.match) for r in one]
    assert sum(r.correct for r in one) == 3 * 8


def test_accuracy_reward_spec_takes_decimals_and_pickles() -> None:
    reward = build({"accuracy": {"decimals": 2}})
    again = pickle.loads(pickle.dumps(reward))
    completions = ["The answer is 0.33.", "The answer is 0.3."]
    assert again(completions=completions, answer=["\\frac13"] * 2) == [1.0, 0.0]
    assert build("accuracy")(completions=completions, answer=["\\frac13"] * 2) == [0.0, 0.0]
    cosine = build({"cosine": {"decimals": 2, "max_length": 100, "unit": "chars"}})
    assert pickle.loads(pickle.dumps(cosine)).decimals == 2


def test_server_grade_payload_carries_decimals() -> None:
    items = parse_grade({"items": [{"completion": "0.33", "gold": "\\frac13", "decimals": 2}]})
    assert items[0].decimals == 2
    for bad in (-1, 1.5, "2", True):
        with pytest.raises(PayloadError, match=r"items\[0\]\.decimals"):
            parse_grade({"items": [{"completion": "0.33", "gold": "1", "decimals": bad}]})


def _score_input(tmp_path: Path) -> Path:
    rows = [
        {"completion": "The answer is 0.33.", "answer": "\\frac{1}{3}"},
        {"completion": "So x = \\boxed{2.6667}", "answer": "\\frac{8}{3}"},
        {"completion": "The answer is 0.3.", "answer": "\\frac{1}{3}"},
        {"completion": "The answer is 0.34.", "answer": "\\frac{1}{3}"},
    ]
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_score_decimals_end_to_end(tmp_path: Path) -> None:
    """``python -m rewardkit score --decimals 2``, as a user types it: the rounded answers are CORRECT with
    their match named, the others WRONG; without the flag all four are WRONG."""
    path = _score_input(tmp_path)
    out = tmp_path / "out.jsonl"
    cmd = [sys.executable, "-m", "rewardkit", "score", str(path), "-o", str(out), "-q", "--decimals", "2"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["verdict"] for r in rows] == ["CORRECT", "CORRECT", "WRONG", "WRONG"]
    assert [r["match"] for r in rows[:2]] == ["rounded_to_decimals"] * 2
    assert "accuracy (flexible): 2/4" in proc.stdout
    plain = tmp_path / "plain.jsonl"
    assert main(["score", str(path), "-o", str(plain), "-q"]) == 0
    assert [json.loads(line)["verdict"] for line in plain.read_text(encoding="utf-8").splitlines()] == [
        "WRONG"
    ] * 4


@pytest.mark.parametrize("bad", ["-1", "1.5", "101"])
def test_score_refuses_a_bad_decimals(tmp_path: Path, bad: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(_score_input(tmp_path)), "--decimals", bad]) == 2
    assert "--decimals" in capsys.readouterr().err


def test_grade_command_takes_decimals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["grade", "0.33", "--gold", "\\frac13", "--decimals", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["match"] == "rounded_to_decimals"


@PROPERTY
@given(st.integers(1, 10**6), st.integers(3, 997).filter(lambda q: q % 2 and q % 5))
def test_a_double_printed_for_an_exact_fraction_answers_it(p: int, q: int) -> None:
    """The shortest digits a program prints for the double nearest p/q (15 to 17 significant digits) answer
    the fraction, without the decimals option: the long-decimal policy."""
    printed = repr(p / q)
    digits = len(printed.replace(".", "").lstrip("0"))
    if "e" in printed or digits < 15:
        return
    note(printed)
    assert grade(f"Answer: {printed}", gold=f"\\frac{{{p}}}{{{q}}}").verdict is Verdict.CORRECT


@PROPERTY
@given(st.integers(0, 10**6), st.integers(17, 40), st.sampled_from("123456789"))
def test_a_decimal_longer_than_a_double_differing_in_its_last_place_is_wrong(
    n: int, zeros: int, last: str
) -> None:
    """A decimal with more digits than a printed double carries is compared as written: one that differs
    from a whole gold in its last place is WRONG, however near."""
    answer = f"{n}.{'0' * zeros}{last}"
    assert grade(f"Answer: {answer}", gold=str(n)).verdict is Verdict.WRONG
