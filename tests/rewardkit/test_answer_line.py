"""The last-line reader of answers in other languages (``rewardkit.languages.read_answer_line``) against the
rewrite of the whole text it stands in for: wherever it answers, the grade is the same, to the span.

``grade`` reads a completion that closes on ``Réponse : 2,5`` or ``答案是七十二`` from that line alone and
rewrites the whole text only where it cannot (see ``rewardkit.grade._grade_answer_line``). These properties
build completions from reasoning in several languages (hedges, negations, retractions, markers, boxes, a
``<think>`` block) and a closing line, and grade each twice: as ``grade`` does, and with the line reader off.
"""

from __future__ import annotations

import sys

import pytest
from chinese_numerals import to_chinese
from hypothesis import given
from hypothesis import strategies as st

from rewardkit import Verdict, grade
from rewardkit.languages import read_answer_line

GRADE_MODULE = sys.modules["rewardkit.grade"]

SENTENCES = [
    "She buys 3 packs of 12 eggs, so 3 * 12 = 36 eggs.",
    "Then 36 - 4 = 32 are left.",
    "The answer is 17.",
    "Wait, that is wrong.",
    "Maybe it is 40.",
    "\\boxed{12}",
    "<think>Let me think: 6 * 7 = 42.</think>",
    "<think>unclosed thoughts about 9",
    "Elle achète 3 paquets, donc 3 * 12 = 36 œufs.",
    "La réponse est peut-être 40.",
    "Attendez, ce n'est pas 36.",
    "La réponse n'est pas 12, mais 14.",
    "Si le prix était 5, le total serait 15.",
    "Réponse : 9",
    "Die Antwort ist vielleicht 8.",
    "Er hat 1.250,5 Euro.",
    "La respuesta es 3,5.",
    "Ответ: 7",
    "Если бы было 5, то 10.",
    "小明有七十二个苹果，吃了三分之一。",
    "答案是8。",
    "等等，不对，是9。",
    "如果他有5个，那么一共是10个。",
    "所以一共是24元。",
    "答案不是12。",
    "７２ − ３ ＝ ６９",
    "It drops to ‐3 degrees, then to －5.",
    "la",
    "",
]

EUROPEAN_MARKERS = [
    "Réponse :",
    "Réponse:",
    "La réponse est",
    "Réponse finale :",
    "La réponse serait",
    "La réponse n'est pas",
    "Antwort:",
    "Die Antwort ist",
    "La respuesta es",
    "Respuesta:",
    "Risposta:",
    "Resposta:",
    "Ответ:",
    "Le résultat est",
]
CHINESE_MARKERS = [
    "答案：",
    "答案:",
    "答案是",
    "答案为",
    "最终答案是",
    "最终答案：",
    "答：",
    "最后答案为",
    "答案应该是",
]
LEADS = ["", "", "**", "## ", "> ", "  "]
GAPS = ["", " ", "  ", "** ", " **"]
SUFFIXES = ["", ".", "。", " ", "**", ".\n", "\n\n"]


def european_numbers() -> st.SearchStrategy[str]:
    integers = st.integers(-(10**7), 10**7).map(str)
    grouped = st.integers(1000, 10**9).map(lambda n: f"{n:,}".replace(",", st_choice(n, ".", " ", ",")))
    decimals = st.tuples(st.integers(0, 9999), st.integers(0, 999)).map(lambda p: f"{p[0]},{p[1]}")
    return st.one_of(integers, grouped, decimals)


def st_choice(n: int, *options: str) -> str:
    return options[n % len(options)]


def chinese_numbers() -> st.SearchStrategy[str]:
    ascii_numbers = st.integers(-(10**6), 10**6).map(str)
    decimals = st.tuples(st.integers(0, 999), st.integers(0, 99)).map(lambda p: f"{p[0]}.{p[1]}")
    full_width = st.integers(0, 10**6).map(
        lambda n: str(n).translate(str.maketrans("0123456789", "０１２３４５６７８９"))
    )
    numerals = st.tuples(
        st.integers(-(10**9), 10**9), st.sampled_from(["standard", "liang", "explicit_one"])
    ).map(lambda p: to_chinese(p[0], style=p[1]))
    # runs of numeral characters that spell no number, or a neighbouring pair ("三四": three or four)
    runs = st.text(alphabet="零一二两三四五六七八九十百千万亿点负", min_size=1, max_size=6)
    return st.one_of(ascii_numbers, decimals, full_width, numerals, runs)


@st.composite
def completions(draw: st.DrawFn) -> tuple[str, str]:
    body = "\n".join(draw(st.lists(st.sampled_from(SENTENCES), max_size=5)))
    if draw(st.booleans()):
        line = draw(st.sampled_from(LEADS)) + draw(st.sampled_from(EUROPEAN_MARKERS))
        line += draw(st.sampled_from(GAPS)) + draw(european_numbers())
    else:
        line = draw(st.sampled_from(LEADS)) + draw(st.sampled_from(CHINESE_MARKERS))
        line += draw(st.sampled_from(GAPS)) + draw(chinese_numbers())
    completion = body + draw(st.sampled_from(["\n", "\n\n", " "])) + line + draw(st.sampled_from(SUFFIXES))
    return completion, draw(st.sampled_from(["72", "3.5", "1250.5", "-12", "\\frac{7}{2}", "5600", "0"]))


def _outcome(completion: str, gold: str, **options: object) -> tuple[object, ...]:
    r = grade(completion, gold=gold, **options)  # type: ignore[arg-type]
    return (r.verdict, r.correct, r.extracted, r.rule, r.span, r.match, r.detail)


def _whole_text_outcome(completion: str, gold: str, **options: object) -> tuple[object, ...]:
    original = GRADE_MODULE._grade_answer_line
    GRADE_MODULE._grade_answer_line = lambda *args, **kwargs: None
    try:
        return _outcome(completion, gold, **options)
    finally:
        GRADE_MODULE._grade_answer_line = original


OPTIONS = st.fixed_dictionaries(
    {"policy": st.sampled_from(["flexible", "strict"]), "finished": st.sampled_from([None, True, False])}
)


@given(completions(), OPTIONS)
def test_the_answer_line_grades_as_the_whole_text_rewritten(case: tuple[str, str], options: dict) -> None:
    completion, gold = case
    assert _outcome(completion, gold, **options) == _whole_text_outcome(completion, gold, **options)


@given(completions(), OPTIONS)
def test_the_gold_of_the_line_itself_agrees_too(case: tuple[str, str], options: dict) -> None:
    # the line's own value as the gold: the paying side of the comparison, where a difference would cost most
    completion, _gold = case
    line = read_answer_line(completion)
    if line is None:
        return
    gold = line.value.split(" or ")[0]
    assert _outcome(completion, gold, **options) == _whole_text_outcome(completion, gold, **options)


# the closings most models write in these languages: each must be read from its line (the speed of an answer
# in another language rests on it), and graded as its English counterpart is
CLOSINGS = [
    ("Réponse : 5600", "5600"),
    ("Réponse : 2,5", "2.5"),
    ("**Réponse :** 18", "18"),
    ("La réponse est 1 250.", "1250"),
    ("Antwort: 1.250,5", "1250.5"),
    ("Die Antwort ist -4", "-4"),
    ("La respuesta es 3,5", "3.5"),
    ("Ответ: 1 000 000", "1000000"),
    ("答案：5600", "5600"),
    ("答案是 5600", "5600"),
    ("答案是五千六百", "5600"),
    ("答案是两百五十。", "250"),
    ("答：７２", "72"),
    ("最终答案是 3.5", "3.5"),
    ("答案为负十二", "-12"),
]


@pytest.mark.parametrize(("closing", "value"), CLOSINGS)
def test_common_closings_are_read_from_their_line(closing: str, value: str) -> None:
    completion = "She has 3 bags of 4 apples, so 3 * 4 = 12.\n" + closing
    line = read_answer_line(completion)
    assert line is not None and line.value == value
    assert grade(completion, gold=value).verdict is Verdict.CORRECT
    assert grade(completion, gold=value + "1").verdict is Verdict.WRONG
    assert _outcome(completion, value) == _whole_text_outcome(completion, value)


@pytest.mark.parametrize(
    "closing",
    [
        "Réponse : 2 €",  # a unit: the whole text's rewrite reads it
        "Réponse : peut-être 72",  # words after the marker
        "答案是72元",
        "答案是三角形",  # a word, no numeral
        "答案：5。不对，是6。",  # a retraction after the value
        "The answer is 72",  # English: nothing to rewrite
        "Réponse : 1,500 ou 1,600",
    ],
)
def test_other_closings_are_left_to_the_whole_text(closing: str) -> None:
    assert read_answer_line("So 3 * 4 = 12.\n" + closing) is None
