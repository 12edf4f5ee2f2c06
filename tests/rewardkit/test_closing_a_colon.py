"""The closing ``A: 72`` line read at once (``rewardkit.extract.closing_a_colon``) against the general reading
it stands in for: wherever it answers, ``find_answers`` finds that answer alone and the grade is the same,
to the span and the detail.

``grade`` takes a completion that closes on ``A: <digits>`` and holds nothing any other reader keys on
(GSM8K's few-shot shape) straight to the judge. These properties build completions from reasoning lines and
every kind of text a reader keys on (markers, speakers, boxes, tags, struck text, code, hedges, other
languages), close them on a line that is or is nearly that shape, and grade each twice: as ``grade`` does,
and with the fast path off. Every table row whose completion has the shape is graded both ways too.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rewardkit import grade
from rewardkit.extract import closing_a_colon, find_answers

GRADE_MODULE = sys.modules["rewardkit.grade"]
TABLES = Path(__file__).resolve().parents[2] / "fixtures" / "equivalence"

LINES = [
    "Janet has 16 - 3 = <<16-3=13>>13 eggs left.",
    "She sells 13 * 2 = $<<13*2=26>>26 worth.",
    "So 4 + 5 = 9.",
    "Then he pays 1,250 dollars.",
    "It is 12.5 or 13.",
    "Maybe it is 40.",
    "Wait, that is wrong; it is 27.",
    "Suppose it is 8.",
    "The answer is 17.",
    "Answer: 15",
    "Final answer: 15",
    "The result is 19.",
    "#### 21",
    "# Answer",
    "\\boxed{23}",
    "$\\frac{1}{2}$",
    "<think>6 * 7 = 42</think>",
    "<think>still thinking about 9",
    "</think>",
    "<reasoning>9</reasoning>",
    "<|im_end|>",
    "<answer>11</answer>",
    "~~14~~ 15",
    "<del>14</del>",
    "```python\nprint(3)\n```",
    "`x = 3`",
    "| a | b |",
    "Q: How many eggs?",
    "Question: what next?",
    "Exercise 3. How many pens?",
    "**Question 2**",
    "Now let's solve another problem.",
    "Q2. How many pens?",
    "Step 1: add them.",
    "Die Antwort ist 8.",
    "La respuesta es 3,5.",
    "Réponse : 9",
    "答案是8。",
    "It drops to ‐3 degrees.",
    "zero\u200bwidth 5",
    # English working's signs outside ASCII, read as their ASCII forms
    "It’s 3 × 4 = 12 eggs, so she’s done.",
    "He pays €12 – €3 = €9.",
    "The temperature is −3 °C.",
    "She eats ¾ of the pie and ½ of the cake.",
    "12 ÷ 4 = 3 ‘boxes’ and “crates”",
    "I’m not sure it’s 40.",
    "It’s 18–20 dollars, about 50¢ each, or £3.",
    "The answer isn’t 14.",
    "Wait — it’s 27.",
    "A: 30",
    "a: 31",
    "",
]
CLOSINGS = [
    "A: {n}",
    "A: {n}",
    "A: {n}",
    "A: {n}.",
    "A: {n} ",
    "A: {n}\n",
    "A:{n}",
    "A:  {n}",
    "**A:** {n}",
    "a: {n}",
    "A: -{n}",
    "A: {n}.5",
    "A: {n},000",
    "A: {n} eggs",
    "A: {n}?",
    "A: 0{n}",
    "A: ٧{n}",
    "A: ７２",
    "A: {n} or {n}1",
    # the numbers read at once besides digits: a sign, a decimal point, groups of three, and their near misses
    "A: -{n}.5",
    "A: {n},000.25",
    "A: -{n},000",
    "A: 0.{n}",
    "A: {n}.",
    "A: .{n}",
    "A: {n}.5.",
    "A: 1,{n}",
    "A: {n},00",
    "A: 0,{n}",
    "A: --{n}",
    "A: +{n}",
    "A: {n}.-5",
]
GOLDS = [
    *("72", "72.0", "26", "-26", "7200", "\\frac{144}{2}", "B", "yes", "x + 1", "\\frac{", "72 eggs", "0"),
    *("-72", "72.5", "-72.5", "72000", "0.72", "72000.25", "1, 72", "7.2", "\\frac{145}{2}", "72\\%"),
]


@st.composite
def completions(draw: st.DrawFn) -> str:
    body = "\n".join(draw(st.lists(st.sampled_from(LINES), max_size=6)))
    n = draw(st.sampled_from(["72", "26", "0", "7200", "1" * 61]))
    closing = draw(st.sampled_from(CLOSINGS)).format(n=n)
    return body + draw(st.sampled_from(["\n", "\n\n", " ", ""])) + closing


def _outcome(completion: str, gold: str, **options: object) -> tuple[object, ...]:
    r = grade(completion, gold=gold, **options)  # type: ignore[arg-type]
    return (
        r.verdict,
        r.correct,
        r.extracted,
        r.extracted_parsed,
        r.rule,
        r.span,
        r.match,
        r.detail,
        r.lenient,
    )


def _general_outcome(completion: str, gold: str, **options: object) -> tuple[object, ...]:
    original = GRADE_MODULE.closing_a_colon
    GRADE_MODULE.closing_a_colon = lambda text, lowered: None
    try:
        return _outcome(completion, gold, **options)
    finally:
        GRADE_MODULE.closing_a_colon = original


OPTIONS = st.fixed_dictionaries(
    {
        "policy": st.sampled_from(["flexible", "strict"]),
        "finished": st.sampled_from([None, True, False]),
        "decimals": st.sampled_from([None, None, 0, 2]),
    }
)


@settings(max_examples=600)
@given(completions())
@example("She sells 13 * 2 = $<<13*2=26>>26 worth.\nA: 26")
@example("A: 72")
def test_the_closing_line_read_at_once_is_the_one_anchored_answer(completion: str) -> None:
    answer = closing_a_colon(completion, completion.lower())
    if answer is None:
        return
    found = find_answers(completion, completion.lower())
    assert found.anchored == [answer]
    assert (found.region_start, found.region, found.problem) == (0, completion, None)


@settings(max_examples=600)
@given(completions(), st.sampled_from(GOLDS), OPTIONS)
@example("She sells 13 * 2 = $<<13*2=26>>26 worth.\nA: 26", "26", {})
@example("Then he pays 1,250 dollars.\nA: 72", "72", {"finished": False})
def test_grade_with_the_closing_line_read_at_once_is_the_general_grade(
    completion: str, gold: str, options: dict[str, object]
) -> None:
    assert _outcome(completion, gold, **options) == _general_outcome(completion, gold, **options)


def _table_rows_of_the_shape() -> list[object]:
    rows = []
    for path in sorted(TABLES.glob("*.jsonl")):
        for lineno, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            row = json.loads(text) if text.strip() else None
            if row is None or not isinstance(row.get("completion"), str):
                continue
            if closing_a_colon(row["completion"], row["completion"].lower()) is not None:
                rows.append(pytest.param(row, id=f"{path.stem}:{lineno}"))
    return rows


TABLE_ROWS = _table_rows_of_the_shape()


def test_the_tables_hold_completions_of_the_shape() -> None:
    assert len(TABLE_ROWS) >= 10  # else the next test checks nothing


@pytest.mark.parametrize("row", TABLE_ROWS)
def test_table_rows_of_the_shape_grade_as_the_general_reading(row: dict[str, object]) -> None:
    options = dict(row.get("options") or {})  # type: ignore[call-overload]
    if "policy" in row:
        options["policy"] = row["policy"]
    gold = str(row["gold"])
    assert _outcome(str(row["completion"]), gold, **options) == _general_outcome(
        str(row["completion"]), gold, **options
    )
