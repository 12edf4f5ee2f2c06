"""The grader's fast paths find exactly what the scans they stand in for find.

Each fast path skips work a cheap test proves useless (a regex tried only where its match can start, a
regex scan skipped when a word every match holds is absent, a reader skipped when the span is a bare
number, a result filled without its generated ``__init__``); each property here checks, on text built from
the pieces that matter, that the outcome is the one of the plain scan. Speed itself is measured by
``bench/grading_speed.py``, never asserted here.
"""

from __future__ import annotations

import dataclasses
import pickle
import re
import sys
from unittest import mock

from hypothesis import example, given, settings
from hypothesis import strategies as st

import rewardkit.extract as extract
from rewardkit import GradeResult, Verdict
from rewardkit.extract import read_number
from rewardkit.grade import _result, parse_gold
from rewardkit.reading import _read_span, reading_of
from rewardkit.types import Answer


def _text(pieces: list[str], max_size: int = 40) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=max_size).map("".join)


def _spans(matches: object) -> list[tuple[tuple[int, int], str]]:
    return [(m.span(), m.group()) for m in matches]  # type: ignore[attr-defined]


_MARKER_PIECES = [
    "final", "answer", "result", "the ", " ", "  ", "\n", "is", " is", "would be", "will be", "should be",
    ":", "：", "*", "**", "_", "x", "s", "final answer", "answer is", "answer:", "result is",
]  # fmt: skip


@settings(max_examples=400)
@given(_text(_MARKER_PIECES))
def test_answer_markers_tried_at_their_words_are_the_full_scan(text: str) -> None:
    found = extract._matches_at(extract._ANSWER_MARKERS, text, extract._MARKER_STEMS)
    assert _spans(found) == _spans(extract._ANSWER_MARKERS.finditer(text))


@settings(max_examples=300)
@given(_text(["#", "##", "####", " ", "5", "\n", "x"]))
def test_hashes_tried_at_each_run_of_four_are_the_full_scan(text: str) -> None:
    found = extract._matches_at(extract._HASHES, text, ("####",))
    assert _spans(found) == _spans(extract._HASHES.finditer(text))


@settings(max_examples=400)
@given(_text(["A", "A:", "A：", ":", "：", " ", "\t", "*", "**", "_", "\n", "x", "So ", "B"]))
@example("A:\nB:")
def test_a_colon_lines_found_from_their_letter_are_the_full_scan(text: str) -> None:
    # (both leave out a line "A:" followed by option B's label: "A: 10 km\nB: 11 km" lists options)
    full = [
        m
        for m in extract._A_COLON.finditer(text)
        if not (
            (next_line := text.find("\n", m.end()) + 1) and extract._NEXT_OPTION_LABEL.match(text, next_line)
        )
    ]
    assert _spans(extract._a_colon_matches(text)) == _spans(full)


_CONTINUATION_PIECES = [
    "\n", " ", "\t", ":", "：", "Question", "Q", "Problem", "Human", "User", "Input", "<|", "|>", "im_end",
    "im_start", "endoftext", "eot_id", "end", "</s>", "<", "s>", "x", "Answer", "Qu",
    # a next problem's header: numbered, decorated, or called the next
    "QUESTION", "Exercise", "Example", "2", "13", ".", "#", "### ", "**", "_", ">", "?", "Find", "Next",
    "NEW", "Another", " question", " problem", " exercise", "Now let's solve", "Here's", " another",
    " the next",
]  # fmt: skip


@settings(max_examples=400)
@given(_text(_CONTINUATION_PIECES))
def test_a_continuation_is_never_missed_by_the_substring_test(text: str) -> None:
    if extract._CONTINUATION.search(text, 1) is not None:
        assert extract._may_continue(text)


def test_the_substring_test_skips_the_scan_on_a_gsm8k_completion() -> None:
    completion = "She has 16 - 3 = <<16-3=13>>13 eggs.\nShe sells 13 * 2 = $<<13*2=26>>26\nA: 26"
    assert not extract._may_continue(completion)
    assert extract._may_continue("A: 26\n\nQuestion: how many?")


_NUMBER = st.one_of(
    st.integers(-(10**12), 10**12).map(str),
    st.integers(1000, 10**9).map(lambda n: f"{n:,}"),
    st.decimals(-1000, 1000, places=3, allow_nan=False, allow_infinity=False).map(str),
)
_DECORATION = st.sampled_from(["{}", "${}", "{}.", " {} ", "${}.", "{}..", "\t{}"])


@settings(max_examples=300)
@given(_NUMBER, _DECORATION, st.sampled_from(["18", "1,250", "-3.5", "0.125", "1000000"]))
def test_a_plain_number_read_on_its_fast_path_reads_as_the_general_reader_reads_it(
    number: str, decoration: str, gold: str
) -> None:
    span = decoration.format(number)
    assert extract.plain_number(span)
    parsed = parse_gold(gold)
    assert reading_of(span, parsed) == _read_span(span, parsed) == read_number(span)


def test_a_result_filled_at_once_is_the_one_the_constructor_builds() -> None:
    gold = parse_gold("18")
    answer = Answer("18", "a_colon", 40, 42)
    fast = _result(
        gold, "flexible", Verdict.CORRECT, answer, extracted_parsed="18", match="exact", detail="d"
    )
    built = GradeResult(
        correct=True,
        verdict=Verdict.CORRECT,
        extracted="18",
        rule="a_colon",
        gold="18",
        gold_parsed="18",
        extracted_parsed="18",
        match="exact",
        lenient=False,
        policy="flexible",
        detail="d",
        span=(40, 42),
    )
    assert set(vars(fast)) == {f.name for f in dataclasses.fields(GradeResult)}
    assert fast == built and hash(fast) == hash(built) and repr(fast) == repr(built)
    assert pickle.loads(pickle.dumps(fast)) == built
    assert dataclasses.replace(fast, detail="e") == dataclasses.replace(built, detail="e")
    assert fast.under("strict") == built.under("strict") and fast.to_dict() == built.to_dict()
    assert _result(gold, "strict", Verdict.NO_ANSWER) == GradeResult(
        False, Verdict.NO_ANSWER, gold="18", gold_parsed="18", policy="strict"
    )


# the module, not the function the package exports under its name
grade_module = sys.modules["rewardkit.grade"]

# the gold's reader
gold_module = sys.modules["rewardkit.gold"]

_WHOLE_NUMBER_GOLDS = st.one_of(
    st.from_regex(gold_module._WHOLE_NUMBER_GOLD.pattern, fullmatch=True),
    st.integers(-(10**18), 10**18).map(str),
    st.integers(-(10**15), 10**15).map(lambda n: f"{n:,}"),
)


@settings(max_examples=400)
@given(_WHOLE_NUMBER_GOLDS)
@example("0")
@example("-0")
@example("1,000")
def test_a_whole_number_gold_read_at_once_is_the_gold_the_readers_read(gold: str) -> None:
    parse = gold_module._parse_gold_text.__wrapped__
    fast = parse(gold, None)
    with mock.patch.object(gold_module, "_WHOLE_NUMBER_GOLD", re.compile(r"(?!)")):
        read = parse(gold, None)
    if gold_module._WHOLE_NUMBER_GOLD.fullmatch(gold):
        assert fast.kind == "number"
    assert fast == read and vars(fast) == vars(read) and repr(fast) == repr(read)
    assert [f.name for f in dataclasses.fields(fast)] == list(vars(fast))
    assert pickle.loads(pickle.dumps(fast)) == read and hash(fast) == hash(read)
    assert vars(fast.quantity) == vars(read.quantity) and hash(fast.quantity) == hash(read.quantity)


# --- languages: rewriting from where the language starts, markers and function words found by word -------

_MIXED_PIECES = [
    "She has ", "16 - 3", " = ", "13", " eggs", ".", ",", ", ", " ", "\n", "*", "_", "5~6", "3.5", "-",
    "the", "答案是", "答：", "答案", "所以", "一共是", "七十二", "三分之二", "百分之二十五", "小时", "个",
    "只", "不是", ", 不是", "。", "，", "：", "半", "第", "点", "多", "又", "当", "时", "万", "零下", "三四",
    "１２", "至少", "5至6", "2又1/3", "十几", "\u3000", "元", "％", "ｋｇ", "公斤", "米", "要么是", "或者",
    "下午3点半", "当x=3时", "一个半小时", "B不是 A", "第3名", "负五", "三十多", "五千六百", "三角形", "一共",
]  # fmt: skip


def _rewritten_from_the_start(text: str) -> tuple[str, tuple[int, int]]:
    """Every Chinese step over the whole text, whatever characters it holds: what :func:`chinese.rewrite` did
    before it started late and picked its steps by their trigger characters."""
    from rewardkit.languages import chinese
    from rewardkit.languages.rewrite import Rewritten

    r = Rewritten(text)
    if chinese.has_chinese(r.text):
        for _triggers, pattern, replacement in chinese._STEPS:
            r.sub(pattern, replacement)
    return r.text, r.original_span(0, len(r.text))


@settings(max_examples=500)
@given(_text(_MIXED_PIECES, max_size=25))
def test_chinese_rewritten_from_its_first_character_is_rewritten_as_from_the_start(text: str) -> None:
    from rewardkit.languages import chinese
    from rewardkit.languages.rewrite import Rewritten

    r = Rewritten(text)
    chinese.rewrite(r)
    if chinese.has_chinese(text):
        assert (r.text, r.original_span(0, len(r.text))) == _rewritten_from_the_start(text)


def test_an_english_completion_closing_in_chinese_is_rewritten_from_its_chinese_on() -> None:
    from rewardkit.languages import chinese

    text = "She has 16 - 3 = 13 eggs.\nShe sells 13 * 2 = 26\n答案是 26"
    start = chinese._rewrite_start(text)
    assert text[start:] == " 26\n答案是 26"
    assert chinese.normalize(text) == _rewritten_from_the_start(text)[0]  # "16 - 3" still reads "16 or 3"


_EUROPEAN_PIECES = [
    "Réponse", "réponse", " : ", ":", " ", "\n", "la ", "La ", "finale", " est ", "le résultat", "Antwort",
    "die ", "ist", "lautet", "respuesta", "es", "risposta", "è", "resposta", "é", "ответ", "итак, ", "x",
    "7", "3,5", "l'", "’", "-", "_", "2", "Ergebnis", "Lösung", "das", "final", "résultat",
]  # fmt: skip


@settings(max_examples=400)
@given(_text(_EUROPEAN_PIECES, max_size=20), st.integers(0, 30), st.integers(0, 80))
@example("Réponsele résultat est ", 0, 22)  # a marker's second alternative inside a word
def test_a_marker_tried_at_word_starts_is_the_one_the_search_finds(text: str, lo: int, span: int) -> None:
    from rewardkit.languages import european

    lo = min(lo, len(text))
    hi = min(len(text), lo + span)
    found, searched = european._first_marker(text, lo, hi), european._MARKER.search(text, lo)
    if searched is not None and searched.start() >= hi:
        searched = None
    assert (found and (found.span(), found.lastgroup)) == (searched and (searched.span(), searched.lastgroup))


def _markers_by_full_search(text: str) -> list[tuple[tuple[int, int], str | None]]:
    """The markers of ``text`` as every language's alternation finds them around each answer word (what
    ``_marker_matches`` did before it tried only the markers holding that word)."""
    from rewardkit.languages import european

    starts = sorted({m.start() for m in european._STEM.finditer(text)})
    found, end = [], 0
    for start in starts:
        if start < end:
            continue
        # the whole text after the window's start: a search cut off early lets `\b` match inside a word
        m = european._MARKER.search(text, max(end, start - european._BEFORE_STEM))
        if m is not None and m.start() <= start < m.end():
            found.append((m.span(), m.lastgroup))
            end = m.end()
    return found


@settings(max_examples=500)
@given(_text(_EUROPEAN_PIECES, max_size=24))
@example("la réponse est 5, die Antwort ist 6")
@example("RéponseRéponse :  :  : ::rispostaответ’итак, ответRéponse")  # a marker word glued to the next
def test_markers_tried_by_their_answer_word_are_the_ones_every_language_finds(text: str) -> None:
    from rewardkit.languages import european

    assert [(m.span(), m.lastgroup) for m in european._marker_matches(text)] == _markers_by_full_search(text)


_WORD_PIECES = [
    "le", "la", "Les", "est", "et", "the", "The", "is", "der", "Die", "und", "y", "el", "ответ", "и", " ",
    "\n", ".", "'", "’", "l'", "x", "é", "_", "2", "-", "EST", "ist", "una",
]  # fmt: skip


@settings(max_examples=400)
@given(_text(_WORD_PIECES, max_size=30))
def test_function_words_found_by_token_are_the_ones_the_alternation_finds(text: str) -> None:
    from rewardkit.languages import european

    every = european._words(tuple(sorted(european._LANGUAGES_OF_WORD, key=len, reverse=True)))
    by_token = set(map(str.lower, european._TOKEN.findall(text))).intersection(european._LANGUAGES_OF_WORD)
    assert by_token == {w.lower() for w in every.findall(text)}


_LATIN1_PIECES = [p for p in _WORD_PIECES if p.isascii()]
_LATIN1_PIECES += ["réponse", "RÉPONSE", "Lösung", "ÜBER", "più", "é", "ß", "µ", "²", "×", "\xa0", "À", "la_"]
_LATIN1_PIECES += ["Est5", "\t", "\x85", "ÿ"]


@settings(max_examples=400)
@given(_text(_LATIN1_PIECES, max_size=30))
def test_function_words_found_by_bytes_are_the_ones_found_by_token(text: str) -> None:
    from rewardkit.languages import european

    by_token = set(map(str.lower, european._TOKEN.findall(text))).intersection(european._LANGUAGES_OF_WORD)
    assert european._latin1_function_words(text) == by_token


def test_a_text_outside_latin1_has_its_function_words_found_by_token() -> None:
    from rewardkit.languages import european

    assert european._latin1_function_words("Ответ: 5") is None
    assert european._latin1_function_words("it’s the answer") is None  # ’ is a token character past Latin-1
    assert european.language_of("La réponse est 5, et la raison est que c'est le double.") is european.FRENCH


_RANGE_PIECES = ["1", "23", "4.5", ".", "..", " ", "  ", "\n", "-", "--", "~", "x", "١", "\u3000"]
_RANGE_PIECES += ["～", "至", "到", "个"]


@settings(max_examples=500)
@given(_text(_RANGE_PIECES))
def test_ranges_tried_at_the_number_before_each_separator_are_the_full_scan(text: str) -> None:
    from rewardkit.languages import chinese

    assert _spans(chinese._range_matches(text)) == _spans(chinese._RANGE.finditer(text))


# --- Rewritten: origins kept as pieces map every position as one number per character did ------------------


class _OriginPerCharacter:
    """The rewritten text with one origin per position: what :class:`Rewritten` kept before its pieces."""

    def __init__(self, text: str) -> None:
        self.text, self.origin = text, list(range(len(text) + 1))

    def sub(self, pattern: re.Pattern[str], replacement: str, pos: int) -> None:
        text, pieces, origin, last = self.text, [], [], 0
        for m in pattern.finditer(text, pos):
            new = m.expand(replacement)
            if new == m.group():
                continue
            pieces += [text[last : m.start()], new]
            origin += self.origin[last : m.start()] + [self.origin[m.start()]] * len(new)
            last = m.end()
        if pieces:
            self.text, self.origin = "".join([*pieces, text[last:]]), origin + self.origin[last:]


_REWRITES = [
    (re.compile(p), r)
    for p, r in [
        ("ab", "X"), ("a", ""), ("b+", "bbb"), ("c", "cc"), ("X", "Y"), ("(a)(b)", r"\2\1"), ("^", "S"),
        ("$", "E"), ("bc|cb", ""), ("a?", "-"),
    ]
]  # fmt: skip


@settings(max_examples=500)
@given(
    st.text("abcX ", max_size=30),
    st.lists(st.tuples(st.integers(0, len(_REWRITES) - 1), st.integers(0, 40)), max_size=6),
)
def test_origins_kept_as_pieces_map_every_position_as_per_character_origins(
    text: str, steps: list[tuple[int, int]]
) -> None:
    from rewardkit.languages.rewrite import Rewritten

    fast, plain = Rewritten(text), _OriginPerCharacter(text)
    for which, pos in steps:
        pattern, replacement = _REWRITES[which]
        fast.sub(pattern, replacement, min(pos, len(fast.text)))
        plain.sub(pattern, replacement, min(pos, len(plain.text)))
    assert fast.text == plain.text
    n = len(fast.text)
    assert [fast.original_span(i, i)[0] for i in range(n + 1)] == plain.origin


@settings(max_examples=500)
@given(st.text("零〇一二两三四五六七八九十百千万亿壹拾佰仟萬億", min_size=1, max_size=10))
def test_a_whole_numeral_read_without_a_fraction_reads_as_parsed(text: str) -> None:
    from rewardkit.languages import chinese

    value = chinese.parse_numeral(text)
    assert chinese._decimal_text(text) == (None if value is None else str(value.numerator))


# --- extraction and units: scans skipped where the characters every match holds are absent ------------------

_SPAN_PIECES = [
    "224", "3.5", " ", "km", " km", "\\text{ km}", "^2", "^\\circ", "°", "º", "$", "**", "~", "{", "}", "\\,",
    "cm", " per ", "hour", "\\", "m", ")", "]", "!", ".", "?", ";", "5!", "x", "\n", "\t",
]  # fmt: skip


def _unit_at_end_plain(span: str) -> object:
    """:func:`unit_at_end` with its presentation always dropped first, as it was."""
    from rewardkit import stated_units

    raw = span[-stated_units._TAIL_CHARS :]
    tail = stated_units._plain(raw).rstrip()
    if not tail or (tail[-1].isdigit() and "^" not in tail[-8:]):
        return None
    return stated_units._unit_in(raw, tail)


@settings(max_examples=500)
@given(_text(_SPAN_PIECES, max_size=12))
def test_a_unit_after_a_bare_number_is_the_one_read_through_the_presentation(span: str) -> None:
    from rewardkit.stated_units import unit_at_end

    assert unit_at_end(span) == _unit_at_end_plain(span)


@settings(max_examples=500)
@given(_text(_SPAN_PIECES, max_size=20))
def test_a_sentence_end_or_factorial_holds_the_character_its_scan_is_skipped_without(rest: str) -> None:
    rest = rest.replace("\n", " ")  # a marker's span is one line
    if not any(c in rest for c in ".!?;"):
        assert extract._SENTENCE_END.search(rest) is None
    if "!" not in rest:
        assert extract._FACTORIAL_THEN_STOP.search(rest) is None


def test_an_answer_filled_at_once_is_the_dataclass_built_one() -> None:
    fast, built = extract._answer("18", "a_colon", 3, 5), Answer("18", "a_colon", 3, 5)
    assert fast == built and hash(fast) == hash(built) and repr(fast) == repr(built)
    assert pickle.loads(pickle.dumps(fast)) == built
    assert dataclasses.replace(fast, text="19") == dataclasses.replace(built, text="19")
    assert [f.name for f in dataclasses.fields(Answer)] == list(vars(fast))


def test_candidates_filled_at_once_are_the_dataclass_built_ones() -> None:
    answers = [Answer("18", "a_colon", 3, 5)]
    fast, built = extract._found(answers, 7, "x: A: 18"), extract.Candidates(answers, 7, "x: A: 18")
    assert fast == built and repr(fast) == repr(built)
    assert pickle.loads(pickle.dumps(fast)) == built
    assert dataclasses.replace(fast, region="y") == dataclasses.replace(built, region="y")
    assert [f.name for f in dataclasses.fields(extract.Candidates)] == list(vars(fast))
    assert fast.outside == [] and fast.outside is not extract._found([], 0, "").outside


@settings(max_examples=400)
@given(_text(["<", "<<", ">", ">>", "think", "thinking", "THINK", "tHiNk", "ı", "K", " ", "\n", "t", "/"]))
def test_a_reasoning_block_opening_is_never_missed_by_the_substring_test(text: str) -> None:
    if extract._THINK_OPEN_ANY.search(text) is not None:
        assert "<t" in text or "<T" in text


def _escaped(text: str, k: int) -> bool:
    """Whether the character at ``k`` follows an odd run of backslashes."""
    run = len(text[:k]) - len(text[:k].rstrip("\\"))
    return run % 2 == 1


@settings(max_examples=300, deadline=None)
@given(_text(["{", "}", "\\", "\\\\", "1", " ", "\\boxed{"]))
@example("\\boxed{\\boxed{12 \\\\}}")
@example("\\boxed{\\{1\\}}")
def test_brace_pairs_agree_with_the_brace_scan(text: str) -> None:
    # past eight boxes the extractor pairs every brace in one pass instead of scanning from each opener; a
    # brace after an even run of backslashes ("12 \\}") counts in both, one after an odd run ("\}") in neither
    pairs = extract._brace_pairs(text)
    for k, c in enumerate(text):
        if c == "{" and not _escaped(text, k):
            assert pairs.get(k) == extract._matching_brace(text, k), (text, k)


def test_a_brace_after_a_row_break_closes_its_group() -> None:
    text = "\\boxed{\\boxed{12 \\\\}}"
    assert extract._matching_brace(text, 13) == len(text) - 2
    assert extract._matching_brace("{1\\}}", 0) == 4


_COMPOUND_PIECES = [
    "2", "30", "5", "50", "1.5", " ", "  ", ",", ", ", " and ", "and", "hours", " hours ", "minutes",
    " min", "ft", " in", "cm", " m ", "$", "HK$", "¢", " cents", "°C", "\\text{C}", "negative ", "minus ",
    "is ", "= ", ">>", "<<", "*", "kg ", " g", "lbs", "oz", "x", "\n", "fl oz", "So", "ANDY", "Hand",
]  # fmt: skip


@settings(max_examples=500)
@given(_text(_COMPOUND_PIECES, max_size=12))
@example("$5 and 50 cents")
@example("2 hours, and 30 minutes")
@example("2kg 1.5 g")
@example("$1.51.5¢")
def test_a_compound_found_after_its_precheck_is_the_one_the_full_scan_finds(text: str) -> None:
    # the last number as the number reader finds it: "1.5" whole, never the digits after its point, and
    # ".5" with its point
    numbers = list(re.finditer(r"\.?\d+(?:\.\d+)?", text))
    if not numbers:
        return
    last = numbers[-1]
    start, end = last.span()
    assert extract._compound(text, start, end) == extract._compound_scanned(text, start, end)


_UNIT_TEXT_PIECES = [
    "72", " ", "km", "kgs", "kg", "K", "hours", "Hour", "h", "min", "mins", "fl oz", "fl. oz", "HK$", "$",
    "°C", "^2", "¢", "per", " cent", "percent", "dozen", "million", "m", "mm", "Hg", "x", "a", "seventy",
    "-", "two",
]  # fmt: skip


@settings(max_examples=400)
@given(_text(_UNIT_TEXT_PIECES, max_size=10))
def test_the_unit_tree_matches_what_the_flat_alternation_matches(text: str) -> None:
    """substrings.longest_first writes its words as a tree of shared prefixes: the patterns built on it match
    exactly what the flat, longest-first alternation did."""
    from rewardkit import numbers
    from rewardkit.substrings import longest_first

    def flat(words: object) -> str:
        return "(?:" + "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) + ")"  # type: ignore[call-overload]

    words_flat = [s for s in numbers.UNITS if s != "¢"]
    sensitive = sorted(numbers._CASE_SENSITIVE)
    flat_units = (
        r"(?:(?-i:"
        + flat(sensitive)
        + r")|(?i:"
        + flat([s for s in words_flat if s not in numbers._CASE_SENSITIVE])
        + r"))(?![A-Za-z])|¢"
    )
    tree = re.compile(r"\s*(?:" + numbers._UNIT_RE_TEXT + ")")
    plain = re.compile(r"\s*(?:" + flat_units + ")")
    for at in range(len(text) + 1):
        a, b = tree.match(text, at), plain.match(text, at)
        assert (a and a.span()) == (b and b.span())
    words = list(numbers._NUMBER_WORDS)
    tree_words = re.compile(longest_first(words) + r"(?![A-Za-z])", re.IGNORECASE)
    plain_words = re.compile(flat(words) + r"(?![A-Za-z])", re.IGNORECASE)
    for at in range(len(text) + 1):
        a, b = tree_words.match(text, at), plain_words.match(text, at)
        assert (a and a.span()) == (b and b.span())


@settings(max_examples=400)
@given(_text(["$", "$$", "\\", "\\$", "(", ")", "[", "]", "\\(", "\\]", "x", " ", "\n"], max_size=16))
def test_math_delimiters_found_from_their_first_character_are_the_look_behind_scan(text: str) -> None:
    look_behind = re.compile(r"(?<!\\)\$\$|(?<!\\)\$|\\[()\[\]]")
    assert _spans(extract._MATH_DELIMITER.finditer(text)) == _spans(look_behind.finditer(text))


_DANGLING_PIECES = [
    "Answer", "answer", "ANSWER", "Anſwer", "result", "final", " ", "\n", ":", "：", "is", "would be", "A",
    "**", "_", "$", "####", "\\boxed", "{", "x", "5", ".", "Final answer",
]  # fmt: skip


@settings(max_examples=400)
@given(_text(_DANGLING_PIECES, max_size=12))
def test_a_dangling_marker_is_never_missed_by_the_substring_test(text: str) -> None:
    if grade_module._DANGLING_MARKER.search(text) is not None:
        assert grade_module._may_dangle(text)


_OPENING_PIECES = [
    "So", "so", "Thus", "Therefore", "Hence", "Finally", "Overall", "In conclusion", "In total", "In summary",
    ",", " ", "  ", "the", "The", "final", "Final", "answer", "Answer", "result", "is", "will be", ":", "**",
    "_", "#", ">", "\n", "would be", "if", "not", "maybe", "x",
]  # fmt: skip


def _cased(word: str) -> st.SearchStrategy[str]:
    return st.sampled_from([word, word.capitalize(), word.upper()])


# sentences _PLAIN_OPENING is written to take, and the pieces of others around them
_PLAIN_OPENINGS = st.tuples(
    st.sampled_from(["", " ", "**", "> ", "## "]),
    st.one_of(st.just(""), _cased("so"), _cased("therefore"), _cased("in conclusion"), _cased("finally")),
    st.sampled_from(["", ",", " ", ", "]),
    st.sampled_from(["", "the ", "The "]),
    st.sampled_from(["", "final ", "Final "]),
    st.one_of(_cased("answer"), _cased("result")),
    st.sampled_from(["", " is", " will be", "**"]),
    st.sampled_from(["", ":", "：", ": ", " "]),
).map(lambda parts: " ".join(p for p in parts[:2] if p) + "".join(parts[2:]))


@settings(max_examples=500)
@given(st.one_of(_PLAIN_OPENINGS, _text(_OPENING_PIECES, max_size=10)))
@example("So, the final answer is: ")
@example("**Final Answer:** ")
def test_a_plain_opening_is_one_the_readers_find_nothing_in(text: str) -> None:
    """conditions.conditional_opening skips its readers for a sentence that is only its marker: on every such
    sentence they find nothing."""
    from rewardkit.commitment import conditions, hedges, shared_words

    if len(text) < 48 and conditions._PLAIN_OPENING.fullmatch(text):
        assert conditions.supposed_before(text) is None
        tail = text[-400:]
        assert hedges.disowned_before(tail) is None and hedges.hedged_before(tail) is None
        assert shared_words.DOUBTED_ANSWER.search(tail) is None
        assert conditions._CONDITION_BEFORE.search(tail) is None
        assert shared_words.INSIDE_CONDITION.search(tail) is None


@given(st.text(alphabet="一二两三四五六七八九十百千万亿点共些分之角边元次字科物统唯直般样起", max_size=12))
def test_the_words_sharing_a_character_with_a_numeral_are_those_found_word_by_word(run: str) -> None:
    from rewardkit.languages import chinese

    expected = tuple(word for word in chinese._NUMERAL_WORDS if not set(word).isdisjoint(run))
    assert chinese._words_sharing_a_character(run) == expected


NUMERAL_WORDS = __import__("rewardkit.languages.chinese", fromlist=["_"])._NUMERAL_WORDS


@given(
    st.sampled_from(["", "**", "## ", "> "]),
    st.sampled_from(["答案是", "答案为", "答案：", "答：", "最终答案是", "最后答案为", "答案应该是"]),
    st.sampled_from(["", " ", "** "]),
    st.one_of(
        st.sampled_from(NUMERAL_WORDS),
        st.text(alphabet="零一二两三四五六七八九十百千万亿分之共边角", min_size=1, max_size=6),
    ),
    st.sampled_from(["", "。", ".", " **", "。 "]),
)
def test_a_numeral_ending_an_answer_line_is_inside_a_word_only_when_it_is_one(
    lead: str, marker: str, gap: str, run: str, suffix: str
) -> None:
    # what chinese.read_answer_line asks instead of _inside_word: no numeral word holds a character of the
    # line around the number, so only the whole run can be one
    from rewardkit.languages import chinese

    line = lead + marker + gap + run + suffix
    start = len(lead + marker + gap)
    assert chinese._inside_word(line, start, start + len(run)) == (run in chinese._NUMERAL_WORD_SET)


@given(st.text(alphabet=st.sampled_from("ab 7.\n-éー一答€"), max_size=200), st.integers(0, 210))
def test_the_first_character_outside_ascii_is_the_one_a_scan_finds(text: str, lo: int) -> None:
    from rewardkit.substrings import first_non_ascii

    expected = next((i for i in range(lo, len(text)) if ord(text[i]) > 127), len(text))
    if lo <= len(text):
        assert first_non_ascii(text, lo) == expected


@given(st.text(alphabet=st.sampled_from("aB 7.\nÉéİẞß答ΣΑ€"), max_size=60))
def test_a_text_lowered_in_two_parts_at_its_first_character_outside_ascii_is_lowered_alike(text: str) -> None:
    # what european.rewrite lowers: the same text, but where a Greek capital sigma's case depends on the
    # letter before it across the cut (no answer word or marker of these languages holds one)
    from rewardkit.substrings import first_non_ascii

    first = first_non_ascii(text)
    if "Σ" not in text[first : first + 1]:
        assert text[:first].lower() + text[first:].lower() == text.lower()


# --- an answer that ends the completion: the readers of what follows it are skipped ----------------------

_TAIL_PIECES = [
    "The answer is ", "A: ", "#### ", "72", "96", "-3", "2.5", "$", ";", " ", "\n", ".", "?", "...", "(", ")",
    "not sure", "also works", "I take that back", "plus 3", "km", "x", "**",
]  # fmt: skip


@settings(max_examples=300)
@given(_text(_TAIL_PIECES, max_size=12), _NUMBER)
def test_the_readers_of_what_follows_an_answer_find_nothing_after_the_end(text: str, number: str) -> None:
    from rewardkit.commitment import hedges, retractions, whole_statement
    from rewardkit.numbers import scan
    from rewardkit.stated_units import unit_at_start

    completion = text + number
    start, end = len(text), len(completion)
    value = next(scan(number)).quantity
    assert whole_statement.listed_after(completion, start, end) is None
    assert retractions.withdrawn_after(completion[end:]) is None
    assert hedges.also_valid_after(completion[end:], value) is None
    assert grade_module._undercut_after(completion, end) is None
    assert unit_at_start(completion[end:]) is None
    for gold in ("72", "x + 1", "B"):
        found = extract.find_answers(completion)
        answer = Answer(number, "a_colon", start, end)
        assert grade_module._retraction(found, answer, parse_gold(gold)) is None


@settings(max_examples=400)
@given(_text(["a", ":", "：", "\n", " ", "A:", "x：y"], max_size=30))
def test_first_colons_found_by_str_find_are_each_lines_first_colon(text: str) -> None:
    expected, start = [], 0
    for line in text.split("\n"):
        colons = [i for i in (line.find(":"), line.find("：")) if i >= 0]
        if colons:
            expected.append((start, start + min(colons)))
        start += len(line) + 1
    assert extract._first_colons.__wrapped__(text) == tuple(expected)


def _bare_quantities() -> st.SearchStrategy[object]:
    from fractions import Fraction

    from rewardkit.numbers import Quantity

    places = st.integers(0, 4)
    return st.builds(
        lambda n, d, p, percent, decimal: Quantity(
            Fraction(n, d),
            Fraction(1, 10**p) if decimal else None,
            percent=percent,
            decimals=p if decimal else 0,
        ),
        st.integers(-(10**6), 10**6),
        st.sampled_from([1, 2, 3, 4, 5, 8, 10, 100, 1000]),
        places,
        st.booleans(),
        st.booleans(),
    )


@settings(max_examples=500)
@given(_bare_quantities(), _bare_quantities(), st.one_of(st.none(), st.integers(0, 4)))
@example(
    pred=__import__("rewardkit.numbers").numbers.parse_number("0.3333333"),
    gold=__import__("rewardkit.numbers").numbers.parse_number("1/3"),
    decimals=None,
)
def test_two_bare_numbers_compare_as_the_full_comparison_compares_them(
    pred: object, gold: object, decimals: int | None
) -> None:
    from rewardkit import equivalence

    full = equivalence._compare_quantities(pred, gold)  # type: ignore[arg-type]
    if full is None and decimals is not None and equivalence._quantities_round_alike(pred, gold, decimals):  # type: ignore[arg-type]
        full = equivalence.ROUNDED_TO_DECIMALS
    assert equivalence.compare_quantities(pred, gold, decimals) == full  # type: ignore[arg-type]


def _format_fraction_by_division(value: object) -> str:
    """:func:`format_fraction` as it was: the factors 2 and 5 of the denominator divided out one at a time."""
    from fractions import Fraction

    assert isinstance(value, Fraction)
    if value.denominator == 1:
        return str(value.numerator)
    den = value.denominator
    twos = fives = 0
    while den % 2 == 0:
        den //= 2
        twos += 1
    while den % 5 == 0:
        den //= 5
        fives += 1
    if den != 1:
        return f"{value.numerator}/{value.denominator}"
    places = max(twos, fives)
    scaled = abs(value.numerator) * (10**places // value.denominator)
    digits = str(scaled).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


@settings(max_examples=500)
@given(
    st.integers(-(10**30), 10**30),
    st.integers(0, 400),
    st.integers(0, 400),
    st.sampled_from([1, 1, 1, 3, 7, 9, 11, 13, 15, 21, 25 * 3, 2**61 - 1]),
)
@example(numerator=6818181818181818181, twos=300, fives=300, other=1)
def test_a_fraction_formatted_from_its_counted_factors_is_the_one_divided_out(
    numerator: int, twos: int, fives: int, other: int
) -> None:
    from fractions import Fraction

    from rewardkit.numbers import format_fraction

    value = Fraction(numerator, 2**twos * 5**fives * other)
    assert format_fraction(value) == _format_fraction_by_division(value)


@settings(max_examples=300)
@given(_NUMBER, _DECORATION)
def test_a_plain_reading_filled_at_once_is_the_dataclass_built_one(number: str, decoration: str) -> None:
    from rewardkit.numbers import Quantity

    reading = read_number.__wrapped__(decoration.format(number))  # type: ignore[attr-defined]
    for fast, fields in ((reading, extract.Reading), (reading.quantity, Quantity)):
        built = dataclasses.replace(fast)  # the same values, through the generated __init__
        assert fast == built and hash(fast) == hash(built) and repr(fast) == repr(built)
        assert vars(fast) == vars(built) and pickle.loads(pickle.dumps(fast)) == built
        assert [f.name for f in dataclasses.fields(fields)] == list(vars(fast))


@settings(max_examples=200)
@given(_text(_TAIL_PIECES, max_size=8), st.sampled_from(["72", "x + 1", "\\frac{1}{2}", "5 km", "B"]))
def test_the_judges_skipped_steps_leave_what_they_would_have_left(span: str, gold: str) -> None:
    parsed = parse_gold(gold)
    reading = reading_of(span, parsed)
    # no unit named: the units step returns the match it is given
    assert grade_module._compare_units(reading, parsed, None, "exact", "p") == ("exact", "p")
    assert grade_module._compare_units(reading, parsed, None, None, "p") == (None, "p")
    if "=" not in span:  # no "=": no variable named
        assert grade_module._named_variable(span) is None


_TIME_PIECES = [
    "quarter", " to ", " past ", "half", "twenty-five", "ten", "minutes", "8", "12", "123", "1970", "1970s",
    "70s", "'70s", "the ", "mid-", " ", "s", "eight", "twelve", "o'clock", " p.m.", "from ", "0", "33333",
]  # fmt: skip


@settings(max_examples=400)
@given(_text(_TIME_PIECES, max_size=10), st.data())
def test_a_number_too_long_for_an_hour_or_a_decade_is_neither_without_the_scans(
    text: str, data: st.DataObject
) -> None:
    from rewardkit import spoken_times

    numbers = [m.span() for m in re.finditer(r"\d+|[A-Za-z]+", text)]
    if not numbers:
        return
    start, end = data.draw(st.sampled_from(numbers))
    scanned = None
    for m in spoken_times._CLOCK_PHRASE.finditer(text, max(0, start - 40), min(len(text), end + 40)):
        if m.start("hour") == start and m.end("hour") == end:
            scanned = m
            break
    if scanned is None:
        assert spoken_times.clock_phrase_around(text, start, end) is None
    years = None
    for m in spoken_times._SPAN_OF_YEARS.finditer(text, max(0, start - 12), min(len(text), end + 4)):
        group = "year" if m["year"] else "short" if m["short"] else "tens"
        if m.start(group) == start and m.end(group) == end:
            years = text[(start - 1 if group == "short" else start) : m.end()]
            break
    assert spoken_times.span_of_years(text, start, end) == years


def test_a_span_opening_on_a_decimal_digit_is_answer_like() -> None:
    digits = [c for c in map(chr, range(0x110000)) if c.isdecimal()]  # every one, about 700
    assert all(extract._ANSWER_LIKE_START.match(d + " apples") is not None for d in digits)


@settings(max_examples=400)
@given(_text(["1", "23", ",", ".", "/", " ", "x", "a", "\n", "4,5", "0.33", "٣", "٤٥"], max_size=20))
def test_a_digit_run_stripped_at_once_starts_where_the_loop_stopped(text: str) -> None:
    for end in [i + 1 for i, c in enumerate(text) if c.isdecimal()]:
        start = end - 1
        while start > 0 and text[start - 1] in "0123456789,./":
            start -= 1
        assert len(text[: end - 1].rstrip(extract._NUMBER_BODY)) == start


@settings(max_examples=300)
@given(st.from_regex(r"[0-9]{1,61}", fullmatch=True))
@example("0")
@example("0" * 60)
@example("9" * 61)
def test_a_digits_only_span_read_at_once_is_read_as_the_plain_number_regex_reads_it(span: str) -> None:
    from rewardkit.numbers import plain_quantity

    plain = extract._PLAIN_NUMBER.fullmatch(span)
    reading = read_number.__wrapped__(span)  # type: ignore[attr-defined]
    if plain is None:
        assert len(span) > 60
        return
    assert reading == extract.Reading("value", plain_quantity(plain), text=plain.group(1))
    assert vars(reading.quantity) == vars(plain_quantity(plain))


_OPENING_CHARS = ["A", "So", "a", "x", ":", "：", "*", "**", "_", "#", ">", " ", "\t", "\n", "1", "é", "½"]


@settings(max_examples=400)
@given(_text(_OPENING_CHARS, max_size=8))
def test_a_marker_opening_with_one_letter_at_most_has_no_word_for_the_regex(text: str) -> None:
    from rewardkit.commitment import conditions, shared_words

    if len(text.strip(shared_words.NO_LETTERS)) < 2:
        assert conditions._TWO_LETTERS.search(text, max(0, len(text) - 400)) is None


@given(
    st.text(alphabet="0123456789٣０-−., \u00a0\u202f", max_size=12), st.sampled_from(["fr", "de", "es", "ru"])
)
def test_digits_alone_are_their_own_plain_value_without_the_search(number: str, code: str) -> None:
    from rewardkit.languages import european

    language = next(language for language in european.LANGUAGES if language.code == code)
    expected = number
    if european._SEPARATED_DIGITS.search(number):
        for pattern, replacement in european._NUMBER_STEPS[code]:
            expected = pattern.sub(replacement, expected)
    assert european.plain_value(number, language) == expected


@settings(max_examples=500)
@given(_bare_quantities(), _bare_quantities(), st.one_of(st.none(), st.integers(0, 4)))
@example(
    pred=__import__("rewardkit.numbers").numbers.parse_number("72"),
    gold=__import__("rewardkit.numbers").numbers.parse_number("72.0"),
    decimals=None,
)
def test_a_whole_number_against_a_number_gold_compares_as_the_quantities_compare(
    pred: object, gold: object, decimals: int | None
) -> None:
    """grade._compare settles a whole number against a bare gold at once: the rule and the text it gives are
    what compare_quantities, the ratio reading and str give."""
    from rewardkit import equivalence
    from rewardkit.extract import Reading
    from rewardkit.grade import Budget, Gold, _compare, _ratio_as_fraction

    reading = Reading("value", pred, text=str(pred))  # type: ignore[arg-type]
    number_gold = Gold("number", str(gold), quantity=gold, canonical=str(gold))  # type: ignore[arg-type]
    rule = equivalence.compare_quantities(pred, gold, decimals)  # type: ignore[arg-type]
    if rule is None and _ratio_as_fraction(pred, str(pred), gold, str(gold)):  # type: ignore[arg-type]
        rule = "ratio"
    assert _compare(reading, number_gold, Budget(10.0), decimals) == (rule, str(pred))


@settings(max_examples=300)
@given(
    st.sampled_from(["", " ", "  ", "\t", " \t "]),
    st.from_regex(r"[0-9]{1,12}", fullmatch=True),
    st.sampled_from(["", ".", " ", ". ", " .", "\n", ".\nQ"]),
)
def test_digits_alone_after_a_marker_are_the_span_the_sentence_reader_gives(
    pad: str, digits: str, end: str
) -> None:
    """_marker_span returns digits alone on the marker's line (a full stop at most) at once: the span the
    sentence reader gives them, the same with a character that sends the line down that reader."""
    region = "A:" + pad + digits + end
    span, start, stop = extract._marker_span(region, 2)
    assert (span, region[start:stop]) == (digits, digits)
    # a line the fast path leaves to the readers ("72!" is a factorial, "72 …" more words) reads them alike
    slow_region = "A:" + pad + digits + " ." + end
    assert extract._marker_span(slow_region, 2)[0] == digits


@settings(max_examples=300)
@given(
    st.sampled_from(["A: ", "**A:** ", "#### ", "Answer: ", "> A: ", "##### ", "A：", "Q: 2+2?\nA: "]),
    st.from_regex(r"[0-9]{1,12}", fullmatch=True),
)
def test_digits_ending_the_completion_after_a_bare_marker_commit_as_the_readers_find(
    lead: str, digits: str
) -> None:
    """_committed settles digits that end the completion after a marker line with no word at once: the
    readers it skips find nothing in such a line."""
    from rewardkit.commitment import conditions
    from rewardkit.grade import _committed

    completion = lead + digits
    answer = Answer(digits, "a_colon", len(lead), len(completion))
    line = completion[completion.rfind("\n", 0, answer.start) + 1 : answer.start]
    assert conditions.conditional_opening(line) is None
    assert conditions.counterfactual_around(line, digits) is None
    assert _committed(answer, parse_gold(digits), completion) == (answer, None)
