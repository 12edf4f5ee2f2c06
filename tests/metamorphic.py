"""Metamorphic mutations of graded completions: rewrites that must keep a CORRECT verdict, and rewrites that
must take it away.

A *case* is a completion that rewardkit grades CORRECT against its gold. :func:`mutants` finds the committed
final answer (``grade(...).span``), then rewrites the completion around it. Each mutant says whether it must
stay CORRECT (``expect="keep"``) or must not be CORRECT (``expect="break"``). The library is shared by
``tests/rewardkit/test_metamorphic.py`` (the fixture tables) and ``bench/metamorphic_real.py`` (real
completions), so it imports nothing from pytest.

Keeping kinds (the answer is still the one committed answer, a human grader would pay it):

==============  ==========================================================================================
emphasis        ``**18**`` / ``*18*`` around the answer (around its whole ``$…$`` or ``\\boxed{}``)
whitespace      spaces around the answer, every newline doubled, blank lines before and after the text,
                spaces inside the box
numeric_form    a plain-number answer only: ``18`` → ``18.0``, ``18.00`` (``2.5`` → ``2.50``, ``2.500``);
                outside math and boxes also ``\\boxed{18}`` and ``$18$``
boxed           the answer moved into ``\\boxed{}`` where it stands (rows not already boxed)
polite          a closing sentence without numbers after everything ("I hope this helps!")
think           a ``<think>…</think>`` block in front whose reasoning states other values
==============  ==========================================================================================

Breaking kinds (the completion no longer commits to the gold):

==================  ======================================================================================
negate              "The answer is not 18.", "The answer is not 18; it is 19.", "It is not 18; it is 19.",
                    ``\\boxed{\\text{not } 18}``
qualify             "at least 18", "more than 18", "18 or more", in a box ``\\boxed{\\text{at least } 18}``
                    (number golds and scalar math golds)
approximate         (keeps) "approximately 18", "about 18", ``\\boxed{\\approx 18}`` against an exact integer
                    gold: an approximation commits to the value it names (README, "Commitment"), unlike a
                    bound ("at least 18", kind ``qualify``); not for a case whose statement is already
                    approximate
conditional         "18 if the store is open", "If the store is open, the answer is 18.", in a box
hedge               "18 or 19", "likely 18, though it might be 19", "18 (or 19)",
                    ``\\boxed{18 \\text{ or } 19}``, ``\\boxed{18} or \\boxed{19}``
digit               one digit of the committed answer changed where it stands (a choice: another offered
                    letter; a word answer: another word)
wait_actually       "Wait, actually the answer is 19." appended
truncate_flagged    cut mid-sentence before the final answer ("…The answer is", "…so she has"), with
                    ``finished=False``
truncate_unflagged  the same cuts without the flag: a completion ending mid-sentence has committed to nothing
unit_swap           gold with a unit only: the answer's unit swapped for another of different size or another
                    currency (18 dollars → 18 euros, 30 °C → 30 °F, 2.5 hours → 2.5 days), or one added
restate             the final statement replaced by a restatement of the question that contains the answer
                    ("The question asks how many are left if she starts with 18...")
==================  ======================================================================================

Rewrites of the final statement (negate, qualify, conditional, hedge, restate) replace the sentence that holds
the answer; text after it is kept only when it holds no digit, letter choice or box. Those kinds are skipped
for a case whose text outside that sentence already commits to the gold through an anchored rule (a marker or
a box): there the rewrite would leave a commitment standing. A cut is skipped when the text before the cut
commits to the gold that way. The other value of a hedge or a changed digit is the answer with the last digit
of its first run of digits moved (18 → 19, 0.5 → 1.5, ``\\frac{3}{4}`` → ``\\frac{4}{4}``), so it never lies
within the rounding of a gold written with decimals.

>>> from rewardkit import grade
>>> case = Case("9 * 2 = 18\\nThe answer is 18.", "18")
>>> ms = {(m.kind, m.variant): m for m in mutants(case, grade(case.completion, gold=case.gold))}
>>> ms["negate", "not"].completion
'9 * 2 = 18\\nThe answer is not 18.'
>>> ms["qualify", "at least"].completion
'9 * 2 = 18\\nThe answer is at least 18.'
>>> ms["hedge", "likely"].completion
'9 * 2 = 18\\nThe answer is likely 18, though it might be 19.'
>>> ms["truncate_unflagged", "before_answer"].completion
'9 * 2 = 18\\nThe answer is'
>>> ms["numeric_form", "boxed"].completion
'9 * 2 = 18\\nThe answer is \\\\boxed{18}.'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import rewardkit.extract as extract
from rewardkit import GradeResult, Verdict, grade, languages
from rewardkit.numbers import said_after

Expect = Literal["keep", "break"]

KEEP_KINDS: tuple[str, ...] = (
    "emphasis",
    "whitespace",
    "numeric_form",
    "boxed",
    "polite",
    "think",
    "approximate",
)
BREAK_KINDS: tuple[str, ...] = (
    "negate",
    "qualify",
    "conditional",
    "hedge",
    "digit",
    "wait_actually",
    "truncate_flagged",
    "truncate_unflagged",
    "unit_swap",
    "restate",
)
ALL_KINDS: tuple[str, ...] = KEEP_KINDS + BREAK_KINDS
# kinds that write no English words into the statement: applied to cases in other languages too
LANGUAGE_NEUTRAL_KINDS = frozenset(
    {"emphasis", "whitespace", "numeric_form", "boxed", "think", "truncate_flagged", "truncate_unflagged"}
)
EXPECT: dict[str, Expect] = {**dict.fromkeys(KEEP_KINDS, "keep"), **dict.fromkeys(BREAK_KINDS, "break")}

GoldKind = Literal["number", "math", "choice", "text"]


@dataclass(frozen=True)
class Case:
    """One completion graded CORRECT against its gold, with the ``grade`` options of its row."""

    completion: str
    gold: str
    options: Mapping[str, Any] = field(default_factory=dict)
    policy: str = "flexible"
    source: str = ""

    def grade(self, completion: str | None = None, **overrides: Any) -> GradeResult:
        options = {**self.options, **overrides}
        options = {k: v for k, v in options.items() if v is not None}
        text = self.completion if completion is None else completion
        return grade(text, gold=self.gold, policy=self.policy, **options)


@dataclass(frozen=True)
class Mutant:
    """A rewrite of a case's completion; ``options`` override the case's ``grade`` options (None removes)."""

    kind: str
    variant: str
    completion: str
    case: Case
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def expect(self) -> Expect:
        return EXPECT[self.kind]

    def grade(self) -> GradeResult:
        return self.case.grade(self.completion, **self.options)

    def failed(self, r: GradeResult) -> bool:
        """A keeping mutant that is no longer CORRECT, or a breaking mutant that still is."""
        return (r.verdict is not Verdict.CORRECT) if self.expect == "keep" else r.correct


# --------------------------------------------------------------------------------------------------
# Loading cases


def fixture_cases(paths: Iterable[Path]) -> list[Case]:
    """Rows of equivalence tables whose ``expected`` is CORRECT, as cases (``source`` is ``file:line``)."""
    cases = []
    for path in sorted(paths):
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            row = json.loads(line)
            if row.get("expected") != "CORRECT" or row.get("mutate") is False:
                continue  # a row that names a second value like its answer opts out (see its table's loader)
            cases.append(
                Case(
                    row["completion"],
                    row["gold"],
                    dict(row.get("options", {})),
                    row.get("policy", "flexible"),
                    f"{path.name}:{lineno}",
                )
            )
    return cases


# --------------------------------------------------------------------------------------------------
# Reading the gold (our own reading, not the grader's: the mutations need a second opinion)

_NUM = r"[-−]?(?:\d{1,3}(?:,\d{3})+|\d+)?(?:\.\d+)?"
_CURRENCY_PREFIX = r"(?:\\?\$|€|£|USD\s*|EUR\s*)"
_PLAIN_NUMBER = re.compile(r"[-−]?(?:\d+(?:\.\d+)?|\.\d+)")
_INTEGER_GOLD = re.compile(r"(?:\\?\$|€|£)?\s*[-−]?\d{1,3}(?:,\d{3})*(?:\s*[A-Za-z°][A-Za-z° ]*)?|[-−]?\d+")
# "B", "(B)", "\\text{B}", and a lettered option "(D) Alina"
_LETTER_GOLD = re.compile(r"\(?\s*([A-J])\s*\)?\.?|\\text(?:bf)?\{\(?([A-J])\)?\}|\(([A-J])\)\s+\S.*")
_WORD_GOLD = re.compile(r"[A-Za-z][A-Za-z' \-]*")
_UNIT_WORDS = (
    r"dollars?|cents?|euros?|USD|EUR|hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|weeks?|months?|years?|"
    r"km|kilometers?|kilometres?|miles?|mi|meters?|metres?|cm|mm|inch(?:es)?|feet|foot|ft|yards?|yd|"
    r"kg|kilograms?|grams?|lbs?|pounds?|oz|ounces?|mL|ml|liters?|litres?|L|gallons?|gal|quarts?|"
    r"°C|°F|℃|℉|degrees?|Celsius|Fahrenheit|radians?|h|min|m|g|s"
)
_GOLD_NUMBER = re.compile(
    rf"{_CURRENCY_PREFIX}?\s*(?=[-−]?\.?\d){_NUM}(?:[eE][-+]?\d+)?\s*"
    rf"(?:thousand|million|billion|trillion|bn|[kKMB](?![A-Za-z]))?\s*"
    rf"(?:%|\\%|percent)?\s*(?:(?:{_UNIT_WORDS})\b\s*)*"
    rf"(?:(?:and\s+)?(?=\.?\d){_NUM}\s*(?:(?:{_UNIT_WORDS})\b\s*)+)*",  # 2 hours 30 minutes
)
_GOLD_UNIT = re.compile(rf"^\s*(?:\\?\$|€|£)|(?<![A-Za-z])(?:{_UNIT_WORDS})(?![A-Za-z])")
_TEXT_OTHER = {
    "yes": "no",
    "no": "yes",
    "true": "false",
    "false": "true",
    "even": "odd",
    "odd": "even",
    "monday": "Tuesday",
    "tuesday": "Wednesday",
    "wednesday": "Thursday",
    "thursday": "Friday",
    "friday": "Saturday",
    "saturday": "Sunday",
    "sunday": "Monday",
    "left": "right",
    "right": "left",
    "increase": "decrease",
    "decrease": "increase",
    "positive": "negative",
    "negative": "positive",
}


def reduce_gold(gold: str) -> str:
    """A GSM8K rationale's ``#### N`` is its gold; a boxed solution's last box is (a gold with several boxes
    lists several values, ``$a = \\boxed{2}$ and $b = \\boxed{5}$``: kept whole, so it is no number)."""
    if "####" in gold:
        return gold.rsplit("####", 1)[1].strip()
    boxes = list(re.finditer(r"\\boxed\{", gold))
    if len(boxes) == 1:
        inner = _brace_content(gold, boxes[-1].end() - 1)
        if inner is not None:
            return inner.strip()
    return gold.strip()


def gold_kind(gold: str, options: Mapping[str, Any] | None = None) -> GoldKind:
    """number (a plain number, maybe with currency, percent or a unit), math, choice (a letter, or any gold
    with ``choices``) or text (words)."""
    text = reduce_gold(gold).strip()
    if options and options.get("choices") is not None:
        return "choice"
    if _LETTER_GOLD.fullmatch(text):
        return "choice"
    if _GOLD_NUMBER.fullmatch(text):
        return "number"
    if _WORD_GOLD.fullmatch(text) and len(text.strip()) >= 2:
        return "text"
    return "math"


def gold_unit(gold: str) -> str | None:
    """The unit (or currency) a number gold carries, as written; None for a bare number."""
    text = reduce_gold(gold)
    if re.search(r"%|\\%|percent", text):
        return None
    m = _GOLD_UNIT.search(text)
    return m.group(0).strip() if m else None


def exact_integer_gold(gold: str) -> bool:
    """An integer written without decimals (``18``, ``1,250``, ``$18``, ``5 hours``): the only golds for which
    "approximately 18" is a qualification rather than how the value would be stated."""
    return bool(_INTEGER_GOLD.fullmatch(reduce_gold(gold)))


def scalar_math(gold: str) -> bool:
    """A math gold that is one real number (``2\\sqrt{2}``, ``\\frac{\\pi}{3}``): one that "at least" can
    qualify. Variables, sets, tuples, intervals, equations, complex numbers and infinity are not."""
    text = reduce_gold(gold)
    if re.search(r"[,;=<>]|\\[{}]|\\(?:cup|cap|infty|in|le|ge|leq|geq|neq|pm|mp|text|mathrm)\b|\\\{", text):
        return False
    letters = re.sub(r"\\[A-Za-z]+", "", text)
    return not re.search(r"[A-Za-df-z]", letters)  # e is a number; any other letter is a variable or i


def choice_letters(options: Mapping[str, Any] | None) -> str:
    choices = (options or {}).get("choices")
    if choices is None:
        return "ABCD"
    if isinstance(choices, str):
        return choices.upper()
    if all(isinstance(c, str) and len(c) == 1 and c.isalpha() for c in choices):
        return "".join(choices).upper()
    return "".join(chr(ord("A") + i) for i in range(len(choices)))


def gold_letter(gold: str) -> str | None:
    m = _LETTER_GOLD.fullmatch(reduce_gold(gold).strip())
    return (m.group(1) or m.group(2) or m.group(3)) if m else None


# --------------------------------------------------------------------------------------------------
# Text helpers


def _brace_content(text: str, open_at: int) -> str | None:
    depth = 0
    for i in range(open_at, len(text)):
        if text[i] == "{" and (i == 0 or text[i - 1] != "\\"):
            depth += 1
        elif text[i] == "}" and text[i - 1] != "\\":
            depth -= 1
            if depth == 0:
                return text[open_at + 1 : i]
    return None


_NUMBER_TOKEN = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")


def _value_region(text: str) -> tuple[int, int]:
    """Where the value of an answer is written: before an approximation, gloss or rejected alternative
    (``\\frac{1}{3} \\approx 0.333``, ``42 (because …)``, ``3, not 4``), after the last ``=`` or copula
    (``50 - 8 = 42``, ``… when T is 4 is 6``)."""
    end = len(text)
    m = re.search(r"\\approx|≈|\s\(|,\s*not\b|;\s|\sbecause\b", text)
    if m is not None and m.start() > 0:
        end = m.start()
    # "50 - 8 = 42", "the product of the digits when T is 4 is 6": what the last = or copula states
    # (not the = of a sum's lower bound, \\sum_{k=1})
    stated = r"(?<![<>!\\])(?<!_\{[A-Za-z])=(?!=)|\b(?:is|are|was|were|equals)\b"
    equals = [m.end() for m in re.finditer(stated, text[:end])]
    start = equals[-1] if equals else 0
    return (start, end) if _NUMBER_TOKEN.search(text, start, end) else (0, len(text))


def bump(text: str, step: int = 1) -> str | None:
    r"""``text`` with the units digit of one number of its value moved by ``step`` (mod 10): the first number
    (the last one in a list, set, tuple or interval, whose first element may repeat), an exponent or subscript
    only when nothing else holds a digit. The value moves by a whole unit, never within the rounding of a gold
    written with decimals.

    >>> bump("18"), bump("0.5"), bump("1,000"), bump("6.02x10^23"), bump("x^2+2x+1"), bump("52_8")
    ('19', '1.5', '1,001', '7.02x10^23', 'x^2+3x+1', '53_8')
    >>> bump("50 - 8 = 42"), bump("\\frac{0}{5}"), bump("\\{1,1,2\\}"), bump("x^2")
    ('50 - 8 = 43', '\\frac{1}{5}', '\\{1,1,3\\}', 'x^3')
    >>> bump("\\frac{1}{3} \\approx 0.333")
    '\\frac{2}{3} \\approx 0.333'
    """
    start, end = _value_region(text)
    tokens = [m for m in _NUMBER_TOKEN.finditer(text, start, end)]
    if not tokens:
        return None
    plain = [m for m in tokens if not re.search(r"[\\^_]\{?$", text[: m.start()])]
    listed = re.search(r",(?!\d{3})", text[start:end]) is not None
    m = (plain or tokens)[-1 if listed else 0]
    units = m.start() + (m.group(0).find(".") if "." in m.group(0) else len(m.group(0))) - 1
    digit = str((int(text[units]) + step) % 10)
    return text[:units] + digit + text[units + 1 :]


# values whose digits do not move them (sin(k pi), 0! = 1!, binom(n, 0)): no digit is changed in these
_FRAGILE = re.compile(r"\\(?:sin|cos|tan|cot|sec|csc|binom|choose|lfloor|lceil|floor|ceil|mod|pmod|bmod)|!")


_SWAPS = {
    "dollars": "euros",
    "dollar": "euro",
    "euros": "dollars",
    "euro": "dollar",
    "USD": "EUR",
    "EUR": "USD",
    "cents": "dollars",
    "cent": "dollar",
    "hours": "days",
    "hour": "day",
    "hrs": "days",
    "hr": "day",
    "minutes": "seconds",
    "minute": "second",
    "mins": "seconds",
    "min": "s",
    "seconds": "minutes",
    "second": "minute",
    "secs": "minutes",
    "sec": "min",
    "days": "weeks",
    "day": "week",
    "weeks": "days",
    "week": "day",
    "months": "years",
    "month": "year",
    "years": "months",
    "year": "month",
    "km": "mi",
    "kilometers": "miles",
    "kilometres": "miles",
    "kilometer": "mile",
    "kilometre": "mile",
    "miles": "kilometers",
    "mile": "kilometer",
    "mi": "km",
    "meters": "feet",
    "metres": "feet",
    "meter": "foot",
    "metre": "foot",
    "cm": "mm",
    "mm": "cm",
    "inches": "feet",
    "inch": "foot",
    "feet": "yards",
    "foot": "yard",
    "ft": "yd",
    "yards": "feet",
    "yard": "foot",
    "yd": "ft",
    "kg": "lb",
    "kilograms": "pounds",
    "kilogram": "pound",
    "grams": "ounces",
    "gram": "ounce",
    "lb": "kg",
    "lbs": "kg",
    "pounds": "kilograms",
    "pound": "kilogram",
    "oz": "g",
    "ounces": "grams",
    "ounce": "gram",
    "mL": "L",
    "ml": "L",
    "liters": "gallons",
    "litres": "gallons",
    "liter": "gallon",
    "litre": "gallon",
    "gallons": "liters",
    "gallon": "liter",
    "gal": "L",
    "quarts": "gallons",
    "quart": "gallon",
    "°C": "°F",
    "°F": "°C",
    "℃": "℉",
    "℉": "℃",
    "degrees Celsius": "degrees Fahrenheit",
    "degrees Fahrenheit": "degrees Celsius",
    "Celsius": "Fahrenheit",
    "Fahrenheit": "Celsius",
    "degrees": "radians",
    "degree": "radian",
    "radians": "degrees",
    "radian": "degree",
}
# single letters are units only right after a number ("1.5m", "2 h"); "s" is left alone (plurals, "it's")
_SHORT_SWAPS = {"h": "d", "m": "ft", "g": "oz", "L": "gal"}
_SWAP_WORDS = re.compile(
    r"(?<![A-Za-z])(" + "|".join(sorted(map(re.escape, _SWAPS), key=len, reverse=True)) + r")(?![A-Za-z])"
)
_SWAP_SHORT = re.compile(r"(?<=\d)(\s?)([hmgL])(?![A-Za-z])")
_SWAP_CURRENCY = re.compile(r"\\\$|\$(?=\s*\d)|€|£")


def swap_units(text: str) -> str:
    """Every unit and currency in ``text`` replaced by one of another size or another currency."""
    out = _SWAP_WORDS.sub(lambda m: _SWAPS[m.group(1)], text)
    out = _SWAP_SHORT.sub(lambda m: m.group(1) + _SHORT_SWAPS[m.group(2)], out)
    return _SWAP_CURRENCY.sub(lambda m: "$" if m.group(0) in ("€", "£") else "€", out)


_MATH_REGION = re.compile(
    r"\$\$.+?\$\$|\\\[.+?\\\]|\\\(.+?\\\)|(?<![\\$])\$(?!\$)[^$\n]+?(?<!\\)\$",
    re.DOTALL,
)
_MARKER_LEAD = re.compile(
    r"(?:\b(?:is|are|was|were|equals|be)|[:：]|####|<answer>)$",
    re.IGNORECASE,
)
_SENTENCE_BREAK = re.compile(r"[.!?](?=\s)|\n")
_SENTENCE_STOP = re.compile(r"[.!?](?=\s|$)|\n")
_BREAKS_FEW_SHOT = re.compile(r"\n[ \t]*(?:Question|Q|Problem|Human|User|Input)[ \t]*[:：]")
# what a grader cuts off after the answer (a few-shot model writing the next exemplar, a made-up next problem,
# a chat template): the grader's own pattern, so that text appended to the answer goes before it
_CONTINUATION = extract._CONTINUATION


@dataclass(frozen=True)
class Anchor:
    """Where the committed answer sits in a completion, found from ``grade(...).span``.

    ``span`` is the grader's span (a box's span covers ``\\boxed{…}``); ``inner`` is the answer text inside
    the box or the math delimiters; ``construct`` is the span widened to the math delimiters around it (or the
    whole math region the answer sits in); ``sentence`` is the statement that holds the construct."""

    text: str
    rule: str
    span: tuple[int, int]
    inner: tuple[int, int]
    construct: tuple[int, int]
    sentence: tuple[int, int]
    in_math: bool

    @property
    def answer(self) -> str:
        return self.text[self.inner[0] : self.inner[1]]

    @property
    def lead(self) -> str:
        return self.text[self.sentence[0] : self.construct[0]]

    @property
    def tail(self) -> str:
        return self.text[self.construct[1] : self.sentence[1]]

    @property
    def before(self) -> str:
        return self.text[: self.sentence[0]]

    @property
    def after(self) -> str:
        return self.text[self.sentence[1] :]


def anchor(text: str, r: GradeResult) -> Anchor | None:
    if r.span is None or r.rule is None:
        return None
    s, e = r.span
    span = text[s:e]
    if span.count("\\boxed") + span.count("\\fbox") > 1:
        return None  # several boxes read as one list ("\\boxed{3} and \\boxed{4}"): no one answer to rewrite
    if span.startswith(("\\boxed", "\\fbox")) and span.endswith("}") and "{" in span:
        inner = (s + span.index("{") + 1, e - 1)
    elif re.fullmatch(r"\$\$.*\$\$", span, re.DOTALL) or re.fullmatch(r"\\[\[(].*\\[\])]", span, re.DOTALL):
        inner = (s + 2, e - 2)
    elif len(span) > 1 and span.startswith("$") and span.endswith("$"):
        inner = (s + 1, e - 1)
    else:
        inner = (s, e)
    cs, ce = s, e
    before, after = text[:s], text[e:]
    for opener, closer, loose in (
        ("$$", "$$", True),
        ("\\[", "\\]", True),
        ("\\(", "\\)", False),
        ("$", "$", False),
    ):
        b = before.rstrip(" \n") if loose else before
        a = after.lstrip(" \n") if loose else after
        if b.endswith(opener) and a.startswith(closer) and (opener != "$" or not b.endswith("$$")):
            cs, ce = len(b) - len(opener), len(text) - len(a) + len(closer)
            break
    in_math = False
    for m in _MATH_REGION.finditer(text):
        if m.start() <= cs and ce <= m.end() and (m.start(), m.end()) != (cs, ce):
            cs, ce, in_math = m.start(), m.end(), True
            break
    ss = 0
    for m in _SENTENCE_BREAK.finditer(text, 0, cs):
        ss = m.end()
    stop = _SENTENCE_STOP.search(text, ce)
    se = stop.end() if stop and stop.group(0) != "\n" else (stop.start() if stop else len(text))
    return Anchor(text, r.rule, (s, e), inner, (cs, ce), (ss, se), in_math)


# --------------------------------------------------------------------------------------------------
# Rendering the answer and another value, per gold kind


@dataclass(frozen=True)
class Values:
    """The committed answer and a different value, as prose (``say``) and as box content (``latex``)."""

    say: str
    other_say: str | None
    latex: str
    other_latex: str | None
    third_say: str | None = None


# three words in a row, outside LaTeX commands: an answer span that is a sentence
_PROSE = re.compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}\s+[A-Za-z]{2,}\s+[A-Za-z]{2,}(?![A-Za-z])")


# a \\text group of words opening an answer span, a label before its value
# (a word and a space at least: "\\text{FF}_{16}" is a numeral)
_TEXT_LABEL = re.compile(r"^\s*\\text(?:bf|rm|it)?\{[^{}\d]*[A-Za-z]{2,}[:.]?\s[^{}\d]*\}")


def _strip_text_macro(s: str) -> str:
    m = re.fullmatch(r"\s*\\text(?:bf|rm|it)?\{([^{}]*)\}\s*", s)  # one group, the whole span
    return m.group(1) if m else s


def values(case: Case, a: Anchor, kind: GoldKind) -> Values:
    raw = a.answer.strip()
    if kind == "choice":
        letters = choice_letters(case.options)
        letter = gold_letter(case.gold)
        if letter is None:  # a gold given as an option's text: the letter the answer names
            m = re.search(r"(?<![A-Za-z])([A-J])(?![A-Za-z])", raw)
            letter = m.group(1) if m else None
        if letter is None or len(letters) < 2 or letter not in letters:
            return Values(raw, None, raw, None)
        other = letters[(letters.index(letter) + 1) % len(letters)]
        third = letters[(letters.index(letter) + 2) % len(letters)]
        return Values(f"({letter})", f"({other})", letter, other, f"({third})" if third != letter else None)
    if kind == "text":
        word = _strip_text_macro(raw)
        key = reduce_gold(case.gold).strip().lower()
        other = _TEXT_OTHER.get(key)
        if other is None:
            return Values(word, None, raw, None)
        swap = re.compile(re.escape(key), re.IGNORECASE)
        other_latex = swap.sub(other, raw, count=1) if swap.search(raw) else f"\\text{{{other}}}"
        third = _TEXT_OTHER.get(other.lower())
        return Values(word, other, raw, other_latex, third if third and third.lower() != key else None)
    # the exact value stated, not its approximation: "\\frac{1}{3} \\approx 0.333" is \\frac{1}{3}
    raw = re.split(r"\\approx|≈", raw)[0].strip() or raw
    # "\\boxed{\\text{The answer is } 5}": words in a box before its value label it, and are no part of it
    raw = _TEXT_LABEL.sub("", raw, count=1).strip() or raw
    if _PROSE.search(raw) or (kind == "number" and re.match(r"\s*(?:[A-Za-z']+\s+){2,}", raw)):
        # "The values of \\(x\\) for which … are \\(x = 5\\) and \\(x = -2\\)": what the sentence states;
        # "Verna received $7.00 in change": the number it names
        copulas = list(re.finditer(r"\b(?:is|are|was|were|equals)\b", raw))
        numbers = list(re.finditer(r"(?:\\?\$)?[-−]?\d[\d,]*(?:\.\d+)?%?", raw))
        if copulas:
            raw = raw[copulas[-1].end() :].strip().rstrip(".").strip() or raw
        elif kind == "number" and numbers:
            # "72 degrees below zero": a sign said after the number belongs to the value it names
            last = numbers[-1]
            raw = raw[last.start() : said_after(raw, last.end())]
    if kind == "number":
        # "12 (or, in words, twelve)": the value, not its gloss; "9 * 2 = 18": what the equation states; a
        # base in parentheses is part of the value ("72 (in base 8)" is 58)
        raw = re.sub(r"\s+\((?![^()]*\b(?:base|binary|octal)\b)[^()\\]*[A-Za-z]{3,}[^()\\]*\)", "", raw)
        raw = raw.strip() or raw
        raw = re.split(r"\s+or\s+", raw)[0]  # "2 hours or 120 minutes": one statement of the value
        raw = (
            re.split(r",?\s*\bnot\b|;\s", raw)[0].strip() or raw
        )  # "3, not 4": the value, not the rejected one
        start, _ = _value_region(raw)
        raw = raw[start:].strip() or raw
    if _FRAGILE.search(raw):
        other, third = f"{raw} + 1", f"{raw} + 2"
    else:
        other, third = bump(raw), bump(raw, 2)
    if other is None:  # no digit in the answer ("seventy-two", "\\pi"): one from the gold, else plus one
        gold = reduce_gold(case.gold)
        other, third = bump(gold), bump(gold, 2)
        if other is None or _FRAGILE.search(gold):
            other, third = f"{raw} + 1", f"{raw} + 2"
    delimited = "$" in raw or "\\(" in raw
    if not delimited and (re.search(r"[\\^_{}]", raw) or (kind == "math" and re.search(r"[\\^_{}]", other))):
        return Values(f"${raw}$", f"${other}$", raw, other, f"${third}$" if third else None)
    return Values(raw, other, raw, other, third)


# --------------------------------------------------------------------------------------------------
# The mutations

_CONDITIONS = {
    "number": "if the store is open",
    "math": "if $n$ is even",
    "choice": "if friction is ignored",
    "text": "if the calendar starts on a Sunday",
}
_CONDITIONS_LATEX = {
    "number": "\\text{ if the store is open}",
    "math": "\\text{ if } n \\text{ is even}",
    "choice": "\\text{ if friction is ignored}",
    "text": "\\text{ if the calendar starts on a Sunday}",
}
_RESTATE = {
    "number": (
        "The question asks how many are left if she starts with {a}...",
        "Let me restate the problem: if there were {a} in total, how many would remain?",
    ),
    "math": (
        "The question asks us to check whether {a} satisfies the given condition...",
        "Let me restate the problem: if the value were {a}, what would the expression equal?",
    ),
    "choice": (
        "The question asks whether option {a} is consistent with the data...",
        "Let me restate the problem: would option {a} hold if the speed doubled?",
    ),
    "text": (
        "The question asks whether the answer could be {a}...",
        "Let me restate the problem: is {a} one of the possibilities?",
    ),
}


class _Builder:
    """Mutants of one case: holds the anchor and the case's values, and the checks that make them genuine."""

    def __init__(self, case: Case, r: GradeResult, a: Anchor, kind: GoldKind) -> None:
        self.case, self.r, self.a, self.kind = case, r, a, kind
        self.text = case.completion
        self.v = values(case, a, kind)
        self.out: list[Mutant] = []
        self._commits: dict[str, bool] = {}

    def append(self, sentence: str, *, same_line: bool = False) -> str:
        """The completion with ``sentence`` after its answer: at the end, or before a continuation that a
        grader cuts off (text appended after it would be cut off with it)."""
        m = _CONTINUATION.search(self.text, self.a.span[1])
        end = m.start() if m else len(self.text)
        body = self.text[:end].rstrip()
        sep = " " if same_line and body.endswith((".", "!", "?")) else "\n\n"
        return body + sep + sentence + self.text[end:]

    def add(self, kind: str, variant: str, completion: str, **options: Any) -> None:
        if completion != self.text or options:
            self.out.append(Mutant(kind, variant, completion, self.case, options))

    def commits(self, text: str) -> bool:
        """Whether ``text`` commits to the gold through an anchored rule (a marker or a box)."""
        if text not in self._commits:
            r = self.case.grade(text, finished=None)
            self._commits[text] = r.correct and not r.lenient
        return self._commits[text]

    # -- the final statement, rewritten

    @property
    def kept_after(self) -> str:
        after = self.a.after
        if re.search(r"\d|\\boxed|\\fbox|(?<![A-Za-z])[A-J](?![A-Za-z])", after):
            return ""
        word = reduce_gold(self.case.gold).strip().lower()
        if self.kind == "text" and word in after.lower():
            return ""
        return after

    def anchored_outside(self) -> bool:
        """Text outside the final statement holds an anchored answer (a marker or a box) of another value: a
        rewrite of the statement in prose, without its box, leaves that one the last anchored answer ("…
        is $\\boxed{6}$. However, … Upon closer examination, the total is approximately 7."), and the
        grader judges that one: the rewrite no longer keeps the committed answer the one that counts."""
        r = self.case.grade(self.a.before + self.kept_after, finished=None)
        return r.span is not None and not r.lenient

    def statement_free(self) -> bool:
        """Nothing outside the final statement commits to the gold: rewriting that statement is genuine."""
        return not self.commits(self.a.before + self.kept_after)

    def rewrite(self, body: str, *, own_lead: bool = True) -> str:
        lead, tail = self.a.lead, self.a.tail
        closer = ""
        bare = lead.rstrip()
        marker = bare.rstrip("*_` ")
        if own_lead and _MARKER_LEAD.search(marker) and "\\boxed" not in lead:
            for opener, close in (("**", "**"), ("*", "*"), ("`", "`"), ("<answer>", "</answer>")):
                if bare.endswith(opener) and tail.lstrip().startswith(close):
                    closer = close
                    break
            if not lead.endswith((" ", "\n", "\t")) and not closer:
                lead += " "
        elif own_lead:
            lead = re.match(r"\s*", lead).group(0) + "The answer is "  # type: ignore[union-attr]
        else:
            lead = re.match(r"\s*", lead).group(0)  # type: ignore[union-attr]
        return self.a.before + lead + body + closer + "." + self.kept_after

    def box_is_last(self) -> bool:
        """Nothing after the box restates a value (a digit, a letter choice, another box, the gold's word):
        rewriting what the box says then rewrites the answer."""
        after = self.text[self.a.span[1] :]
        if re.search(r"\d|\\boxed|\\fbox|(?<![A-Za-z])[A-J](?![A-Za-z])", after):
            return False
        return not (self.kind == "text" and reduce_gold(self.case.gold).strip().lower() in after.lower())

    def in_box(self, content: str) -> str:
        s, e = self.a.span
        return self.text[:s] + "\\boxed{" + content + "}" + self.text[e:]

    # -- keeping

    def glued(self) -> bool:
        """The answer touches a letter or digit ("We need 2e"): rewriting around it changes how it reads."""
        s, e = self.a.span
        return (s > 0 and self.text[s - 1].isalnum()) or (e < len(self.text) and self.text[e].isalnum())

    def emphasis(self) -> None:
        cs, ce = self.a.construct
        if self.glued():
            return
        if self.text[:cs].rstrip().endswith(("*", "_")) or self.text[ce:].lstrip().startswith(("*", "_")):
            return
        for mark in ("**", "*"):
            self.add("emphasis", mark, self.text[:cs] + mark + self.text[cs:ce] + mark + self.text[ce:])

    def whitespace(self) -> None:
        cs, ce = self.a.construct
        if not self.glued():
            self.add("whitespace", "pad", self.text[:cs] + "  " + self.text[cs:ce] + "  " + self.text[ce:])
        self.add("whitespace", "edges", "\n\n  " + self.text + "  \n\n")
        if "\n" in self.text and not _BREAKS_FEW_SHOT.search(self.text.replace("\n", "\n\n")):
            self.add("whitespace", "newlines", self.text.replace("\n", "\n\n"))
        if self.a.rule == "boxed":
            s, e = self.a.inner
            self.add("whitespace", "in_box", self.text[:s] + " " + self.text[s:e] + " " + self.text[e:])

    def numeric_form(self) -> None:
        if self.kind != "number" or self.glued():
            return
        s, e = self.a.inner
        raw = self.text[s:e]
        if not _PLAIN_NUMBER.fullmatch(raw):
            return
        if languages.rewrite(self.text).changed and re.search(r"\d[.,]\d", raw):
            return  # trailing zeros are English notation: in "Antwort: 1.000" the dot groups thousands
        forms = [raw + ".0", raw + ".00"] if "." not in raw else [raw + "0", raw + "00"]
        for form, variant in zip(forms, ("one_zero", "two_zeros"), strict=True):
            self.add("numeric_form", variant, self.text[:s] + form + self.text[e:])
        if self.a.rule != "boxed" and not self.a.in_math and self.a.inner == self.a.construct:
            self.add("numeric_form", "boxed", self.text[:s] + "\\boxed{" + raw + "}" + self.text[e:])
            self.add("numeric_form", "dollars", self.text[:s] + "$" + raw + "$" + self.text[e:])

    def boxed(self) -> None:
        if self.a.rule == "boxed" or self.glued():
            return
        s, e = self.a.inner
        raw = self.text[s:e]
        if "\n" in raw or len(raw.split()) > 6 or not raw.strip():
            return
        letter = (
            re.search(rf"(?<![A-Za-z]){re.escape(self.v.latex)}(?![A-Za-z])", raw)
            if self.kind == "choice"
            else None
        )
        if letter is not None and raw.strip() != letter.group(0):  # "I think it's B": the letter is boxed
            s, e = s + letter.start(), s + letter.end()
            raw = letter.group(0)
        if not self.a.in_math and self.a.inner == self.a.span and raw.startswith("$"):
            raw = "\\" + raw  # a currency sign inside a box: \$18
        if self.kind == "text" and re.fullmatch(r"[A-Za-z' \-]+", raw):
            raw = f"\\text{{{raw}}}"
        self.add("boxed", "in_place", self.text[:s] + "\\boxed{" + raw + "}" + self.text[e:])

    def polite(self) -> None:
        self.add("polite", "hope", self.append("I hope this helps!"))
        self.add(
            "polite", "questions", self.append("Let me know if you have any other questions.", same_line=True)
        )

    def think(self) -> None:
        if "think>" in self.text or self.v.other_say is None:
            return
        other, third = self.v.other_say, self.v.third_say or self.v.other_say
        other_box = self.v.other_latex or other
        reasoning = (
            f"<think>\nFirst attempt: 3 + 4 = 7 and 7 * 6 = 42, so maybe the answer is {other}.\n"
            f"Hmm, or is it \\boxed{{{other_box}}}? That used 13 instead of 12. Maybe {third}?\n"
            f"Let me redo it carefully.\n</think>\n\n"
        )
        self.add("think", "prefix", reasoning + self.text)

    # -- breaking

    def negate(self) -> None:
        if not self.statement_free():
            return
        a, b = self.v.say, self.v.other_say
        self.add("negate", "not", self.rewrite(f"not {a}"))
        self.add("negate", "cannot_be", self.rewrite(f"The answer cannot be {a}.", own_lead=False))
        if b is not None:
            self.add("negate", "not_but", self.rewrite(f"The answer is not {a}; it is {b}", own_lead=False))
            self.add("negate", "it_is_not", self.rewrite(f"It is not {a}; it is {b}", own_lead=False))
        if self.a.rule == "boxed" and self.box_is_last():
            self.add("negate", "in_box", self.in_box(f"\\text{{not }} {self.v.latex}"))

    def qualify(self) -> None:
        if self.kind not in ("number", "math") or not self.statement_free():
            return
        if self.kind == "math" and not scalar_math(self.case.gold):
            return
        a = self.v.say
        for variant, body in (
            ("at least", f"at least {a}"),
            ("more than", f"more than {a}"),
            ("or more", f"{a} or more"),
        ):
            self.add("qualify", variant, self.rewrite(body))
        if self.a.rule == "boxed" and self.box_is_last():
            self.add("qualify", "in_box", self.in_box(f"\\text{{at least }} {self.v.latex}"))

    def approximate(self) -> None:
        if self.kind != "number" or not exact_integer_gold(self.case.gold) or not self.statement_free():
            return
        if languages.rewrite(self.text).changed:
            return  # the English words would join a statement in another language ("about peut-être 5")
        if re.search(
            r"approx|about|around|roughly|nearly|≈", self.text[self.a.sentence[0] : self.a.sentence[1]]
        ):
            return  # already approximate: the case itself says what the tables decided for it
        if not self.anchored_outside():
            self.add("approximate", "approximately", self.rewrite(f"approximately {self.v.say}"))
            self.add("approximate", "about", self.rewrite(f"about {self.v.say}"))
        if self.a.rule == "boxed" and self.box_is_last():
            self.add("approximate", "in_box", self.in_box(f"\\approx {self.v.latex}"))

    def conditional(self) -> None:
        if not self.statement_free():
            return
        a, cond = self.v.say, _CONDITIONS[self.kind]
        self.add("conditional", "if", self.rewrite(f"{a} {cond}"))
        self.add(
            "conditional",
            "leading_if",
            self.rewrite(f"{cond[0].upper()}{cond[1:]}, the answer is {a}", own_lead=False),
        )
        if self.a.rule == "boxed" and self.box_is_last():
            self.add("conditional", "in_box", self.in_box(self.v.latex + _CONDITIONS_LATEX[self.kind]))

    def hedge(self) -> None:
        a, b = self.v.say, self.v.other_say
        if b is None or not self.statement_free():
            return
        self.add("hedge", "or", self.rewrite(f"{a} or {b}"))
        self.add("hedge", "likely", self.rewrite(f"likely {a}, though it might be {b}"))
        self.add("hedge", "paren", self.rewrite(f"{a} (or {b})"))
        seems = f"It seems to be {a}, though it might be {b}."
        self.add("hedge", "seems", self.rewrite(seems, own_lead=False))
        if self.a.rule == "boxed" and self.box_is_last() and self.v.other_latex is not None:
            self.add("hedge", "in_box", self.in_box(f"{self.v.latex} \\text{{ or }} {self.v.other_latex}"))
            s, e = self.a.span
            cs, ce = self.a.construct
            if (cs, ce) != (s, e) and not self.a.in_math and self.text[cs] == "$":
                two = f"$\\boxed{{{self.v.latex}}}$ or $\\boxed{{{self.v.other_latex}}}$"
                self.add("hedge", "two_boxes", self.text[:cs] + two + self.text[ce:])
            else:
                two = f"\\boxed{{{self.v.latex}}} or \\boxed{{{self.v.other_latex}}}"
                self.add("hedge", "two_boxes", self.text[:s] + two + self.text[e:])

    def digit(self) -> None:
        s, e = self.a.span
        span = self.text[s:e]
        if self.kind == "choice":
            letter = self.v.latex
            if self.v.other_latex is None:
                return
            pattern = re.compile(rf"(?<![A-Za-z]){letter}(?![A-Za-z])")
            if not pattern.search(span):
                return
            changed = pattern.sub(self.v.other_latex, span, count=1)
        elif self.kind == "text":
            if self.v.other_latex is None:
                return
            key = reduce_gold(self.case.gold).strip()
            pattern = re.compile(re.escape(key), re.IGNORECASE)
            if not pattern.search(span):
                return
            changed = pattern.sub(self.v.other_say or "", span, count=1)
        else:
            bumped = None if _FRAGILE.search(span) else bump(span)
            if bumped is None and _FRAGILE.search(span):
                return
            if bumped is None:
                if self.v.other_latex is None:
                    return
                si, ei = self.a.inner
                self.add("digit", "replaced", self.text[:si] + self.v.other_latex + self.text[ei:])
                return
            changed = bumped
        self.add("digit", "in_place", self.text[:s] + changed + self.text[e:])

    def wait_actually(self) -> None:
        if self.v.other_say is None:
            return
        self.add(
            "wait_actually", "appended", self.append(f"Wait, actually the answer is {self.v.other_say}.")
        )

    def truncate(self) -> None:
        for variant, cut in self._cuts():
            if self.commits(cut):
                continue
            self.add("truncate_flagged", variant, cut, finished=False)
            self.add("truncate_unflagged", variant, cut, finished=None)

    def _cuts(self) -> Iterator[tuple[str, str]]:
        cs = self.a.construct[0]
        lead = self.a.lead
        head = self.text[:cs].rstrip(" \t*_`$")
        if head.endswith(("\\boxed{", "\\(", "\\[")):
            head = head.rsplit("\\", 1)[0].rstrip()
        if lead.strip() and re.search(r"[A-Za-z][:：]?$", head):
            line = max(head.rfind(c) for c in ".!?\n") + 1
            kept = _before_stated_value(head[line:], self.text[len(head) :], self.case.gold)
            if re.search(r"[A-Za-z]", kept):  # not a cut at a sentence's end, where nothing was left to say
                yield "before_answer", head[:line] + kept
        # mid-sentence in the reasoning: the last earlier sentence with words enough, cut after a word
        before = self.a.before
        word = re.compile(r"(?<![\\A-Za-z])[A-Za-z]+")  # a word, not a LaTeX command
        sentences = [m for m in re.finditer(r"[^\n.!?]+", before) if len(word.findall(m.group(0))) >= 4]
        for m in reversed(sentences):
            words = list(word.finditer(m.group(0)))
            k = len(words) // 2
            cut_at = m.start() + words[k - 1].end()
            rest = before[cut_at:]
            if re.match(r"[A-Za-z]*[.!?]", rest):
                continue
            kept = _before_stated_value(before[m.start() : cut_at], rest, self.case.gold)
            if not word.search(kept):
                continue
            yield "mid_reasoning", before[: m.start()] + kept
            break

    def unit_swap(self) -> None:
        if self.kind != "number":
            return
        unit = gold_unit(self.case.gold)
        if unit is None:
            return
        s, e = self.a.inner
        raw = self.text[s:e]
        swapped = swap_units(raw)
        if swapped == raw:
            other_unit = swap_units(unit if unit not in ("$", "\\$") else "dollars")
            if other_unit == unit:
                return
            m = re.search(r"\d(?:[\d,]*\d)?(?:\.\d+)?", raw)
            if m is None:
                return
            swapped = raw[: m.end()] + " " + other_unit + raw[m.end() :]
        self.add("unit_swap", "swapped", self.text[:s] + swapped + self.text[e:])

    def restate(self) -> None:
        if not self.statement_free():
            return
        before = self.a.before
        # the restatement takes the place of the answer statement, its marker line ("Answer:\n42") included
        marker = re.search(r"(?im)^[ \t*#_]*(?:final\s+)?answer[ \t*_]*[:：]?[ \t*_]*\n*\Z", before)
        if marker is not None:
            before = before[: marker.start()]
        for i, template in enumerate(_RESTATE[self.kind]):
            sep = "" if not before or before.endswith(("\n", " ")) else " "
            variant = ("trailing_off", "question")[i]
            self.add("restate", variant, before + sep + template.format(a=self.v.say))


# words that open a phrase, not end one: the first word cut off is one of them when the cut falls at a
# phrase boundary ("…has 19 dollars| left after …" is not, "…90 cents left| after buying …" is)
_PHRASE_OPENERS = frozenset(
    "a an the of in on at by for with from to into onto than after before during over under per each every "
    "and or but so because since as if when while which that who whose where altogether total".split()
)
# a word that completes a quantity on its own ("$40 more", "11 minutes left")
_QUANTITY_ENDS = frozenset("more less fewer left remaining altogether total apiece each".split())


def _before_stated_value(kept: str, rest: str, gold: str) -> str:
    """The part of a cut sentence to keep, so that the cut still falls before the answer. A cut after a
    complete statement of the value ("Therefore, Kelly will have 90 cents left|") keeps a statement: a text
    without its full stop still states (the grader's contract, ``fixtures/equivalence/units.jsonl``), and a
    reader would pay it too; such a cut is moved to before the value. Complete means the value, then one to
    three plain words, none opening a new phrase, and the words cut off start at a phrase boundary (or the
    words kept end on a word that completes a quantity). A cut inside the noun phrase ("there are 5
    possible| integer values") or after the sentence moved on past the value ("Substitute x = 9 back into
    …|") stays where it is: it states nothing whole.

    >>> _before_stated_value("Therefore, Kelly will have 90 cents left", " after buying the pop.", "90")
    'Therefore, Kelly will have'
    >>> _before_stated_value("So the mechanic earned $40 more", " revenue on Thursday.", "40")
    'So the mechanic earned'
    >>> _before_stated_value("Therefore, Carla will need 11 cups of flour", " to bake them.", "11")
    'Therefore, Carla will need'
    >>> _before_stated_value("Therefore, there are 5 possible", " integer values.", "5")
    'Therefore, there are 5 possible'
    >>> _before_stated_value("Substitute x = 9 back into the equation to ensure it", " holds.", "9")
    'Substitute x = 9 back into the equation to ensure it'
    """
    number = _NUMBER_TOKEN.search(reduce_gold(gold))
    if number is None or gold_kind(gold) != "number":
        return kept
    value = re.escape(number.group(0)).replace(",", ",?")
    # the value, a closing math delimiter, then one to three words to the end
    words_after = r"[ \t]*(?:\\\)|\$)?[ \t]*((?:[A-Za-z]+[ \t]+){0,2}[A-Za-z]+)\s*$"
    stated = re.search(rf"(?<![\d.,])\\?\$?{value}(?![\d]|[.,]\d)" + words_after, kept)
    if stated is None:
        return kept
    words = stated.group(1).lower().split()
    if any(w in _PHRASE_OPENERS for w in words[-1:] + [w for w in words[:-1] if w != "of"]):
        return kept  # "cups of flour" is one noun phrase; "… pairs of" or "… back into" is not
    after = re.match(r"\s*([A-Za-z]+)", rest)
    boundary = after is None or after.group(1).lower() in _PHRASE_OPENERS | _QUANTITY_ENDS
    if words[-1] not in _QUANTITY_ENDS and not boundary:
        return kept
    # the value's first statement in the kept part: the cut goes after the last word before it
    first = re.search(rf"(?<![\d.,]){value}(?![\d]|[.,]\d)", kept)
    assert first is not None
    head = kept[: first.start()]
    last_word = list(re.finditer(r"(?<![\\A-Za-z])[A-Za-z]+", head))
    return head[: last_word[-1].end()] if last_word else ""


_GENERATORS: dict[str, Callable[[_Builder], None]] = {
    "emphasis": _Builder.emphasis,
    "whitespace": _Builder.whitespace,
    "numeric_form": _Builder.numeric_form,
    "boxed": _Builder.boxed,
    "polite": _Builder.polite,
    "think": _Builder.think,
    "negate": _Builder.negate,
    "qualify": _Builder.qualify,
    "approximate": _Builder.approximate,
    "conditional": _Builder.conditional,
    "hedge": _Builder.hedge,
    "digit": _Builder.digit,
    "wait_actually": _Builder.wait_actually,
    "truncate": _Builder.truncate,
    "unit_swap": _Builder.unit_swap,
    "restate": _Builder.restate,
}


def mutants(case: Case, r: GradeResult | None = None, kinds: Iterable[str] | None = None) -> list[Mutant]:
    """The mutants of a case (``r`` is its grade; computed when not given). A case that is not CORRECT, or
    whose answer has no span, has none. ``kinds`` limits the kinds built (``truncate`` builds both
    truncation kinds)."""
    r = case.grade() if r is None else r
    if r.verdict is not Verdict.CORRECT:
        return []
    a = anchor(case.completion, r)
    if a is None:
        return []
    b = _Builder(case, r, a, gold_kind(case.gold, case.options))
    wanted = set(ALL_KINDS if kinds is None else kinds)
    if languages.rewrite(case.completion).changed:
        # the mutations write English words ("not", "at least", "or 7") into the statement; in a statement in
        # another language they make a mixed sentence no model writes. Those languages' own negations,
        # bounds and hedges are rows of their tables (fixtures/equivalence/chinese.jsonl, languages.jsonl)
        wanted &= LANGUAGE_NEUTRAL_KINDS
    for name, build in _GENERATORS.items():
        produces = ("truncate_flagged", "truncate_unflagged") if name == "truncate" else (name,)
        if wanted.intersection(produces):
            build(b)
    return [m for m in b.out if m.kind in wanted]
