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
from hypothesis import given, settings
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
    # short lines right before the answer line, as English working writes them: read as they stand where the
    # rewrite leaves them, else by the rewrite (an operation word, a marker, a phrase of the language)
    "So 9 * 60 = 540 m a week",
    "So 3 per 2 = 6",
    "He has 12 or 15.",
    "Il a 3 ou 4 pommes.",
    "Total: 12 without the 3 extra",
    "Antwort: 12",
    "12",
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


# --- the line read by its shape: the patterns tried once per shape read every line as they read it ---------

# what a line around its number holds: markers' letters, digits of every kind, numerals, signs, separators,
# punctuation, a unit
LINE_CHARACTERS = (
    "0123456789０１２３４５６７８９٣"
    "零〇一二两三四五六七八九十百千万亿億萬拾点负"
    "-−.,  \u00a0\u202f*_#>:：。元€%aé答案是"
)


def _read_by_patterns(text: str) -> object:
    """``read_answer_line`` as it reads without the shapes: each line's patterns tried on the line itself."""
    from rewardkit import languages

    end = len(text)
    while end and text[end - 1].isspace():
        end -= 1
    start = text.rfind("\n", 0, end) + 1
    if not 0 < end - start <= languages._LONGEST_LINE:
        return None
    line = text[start:end]
    read = languages._read_line(line)
    if read is None:
        return None
    value_start, value_end, value = read
    shape = languages._english_shape(line[:value_start] + "1" + line[value_end:])
    if shape is None:
        return None
    before, after = shape
    return languages.AnswerLine(
        start, end, before + value + after, len(before), value, start + value_start, start + value_end
    )


@st.composite
def answer_lines(draw: st.DrawFn) -> str:
    if draw(st.integers(0, 3)) == 0:
        return draw(st.text(alphabet=LINE_CHARACTERS, max_size=12))
    markers = draw(st.sampled_from([EUROPEAN_MARKERS, CHINESE_MARKERS]))
    # two characters of each class (an ASCII digit, a full-width one, a numeral's digit, its unit) in the
    # order of a number, and what stands between and around them
    runs = st.text(alphabet="15１７一七十百", min_size=1, max_size=4)
    separators = st.sampled_from(["点", "点", ".", ",", " ", "\u00a0", ""])
    numbers = st.tuples(st.sampled_from(["", "-", "负"]), runs, separators, runs).map("".join)
    numeral = st.text(alphabet="一七十百", max_size=3)
    point = st.sampled_from(["", "点"])
    numerals = st.tuples(st.sampled_from(["", "负"]), numeral, point, numeral).map("".join)
    number = draw(
        st.one_of(
            european_numbers(),
            chinese_numbers(),
            st.text(alphabet="15１７一七十百点负-−., \u00a0", min_size=1, max_size=8),
            numbers,
            numbers,
            numerals,
            numerals,
        )
    )
    return (
        draw(st.sampled_from(LEADS))
        + draw(st.sampled_from(markers))
        + draw(st.sampled_from(GAPS))
        + number
        + draw(st.sampled_from([*SUFFIXES, "元", " €", " %", "个"]))
    )


@settings(max_examples=500)
@given(st.lists(answer_lines(), min_size=1, max_size=4))
def test_a_line_is_read_by_its_shape_as_by_its_patterns(lines: list[str]) -> None:
    # several lines in a row: a shape remembered from one line reads the next of the same shape
    for line in lines:
        completion = "So 3 * 4 = 12.\n" + line
        assert read_answer_line(completion) == _read_by_patterns(completion)


@settings(max_examples=1000)
@given(answer_lines())
def test_a_line_and_its_shape_match_the_line_patterns_alike(line: str) -> None:
    # what the shapes rest on: the characters put in one class are alike to every answer line pattern
    from rewardkit import languages
    from rewardkit.languages import chinese, european

    shape = languages._shape(line)
    assert chinese.answer_line_span(line) == chinese.answer_line_span(shape)
    assert european.answer_line_span(line) == european.answer_line_span(shape)


@settings(max_examples=500)
@given(
    st.sampled_from(LEADS),
    st.sampled_from(CHINESE_MARKERS),
    st.sampled_from(GAPS),
    st.tuples(
        st.sampled_from(["", "负"]),
        st.text(alphabet="零一七两十百千万", max_size=4),
        st.sampled_from(["", "点", "点"]),
        st.text(alphabet="零一七两十百千万", max_size=4),
    ).map("".join),
    st.sampled_from(["", "。", ".", " ", "**"]),
)
def test_a_numeral_line_and_its_shape_match_alike(
    lead: str, marker: str, gap: str, number: str, end: str
) -> None:
    # a numeral's units are read as its digits in its shape unless a decimal point (点, digits alone after it)
    # stands in the number
    from rewardkit import languages
    from rewardkit.languages import chinese

    line = lead + marker + gap + number + end
    assert chinese.answer_line_span(line) == chinese.answer_line_span(languages._shape(line))
    assert read_answer_line("So 3 * 4 = 12.\n" + line) == _read_by_patterns("So 3 * 4 = 12.\n" + line)
