"""The answer a completion with no marker and no box ends on: the last choice letter, the last piece of
math, else the last number, read with what its sentence says of it (a condition, a check, an explanation, a
goal it is compared with, a rival it was preferred to). :func:`lenient_answer` finds it;
:func:`lenient_problem` says why a value found this way is no answer."""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

import rewardkit.commitment as commitment
import rewardkit.counted_values as counted_values
from rewardkit.answer_fields import working_after
from rewardkit.commitment import (
    attainment,
    bounds,
    conclusions,
    conditions,
    dialogue,
    hedges,
    listed_answers,
    negation,
    other_readings,
    rejection,
    restatement,
    result_checks,
    retractions,
    shared_words,
    whole_statement,
)
from rewardkit.equivalence import (
    compare_math,
    compare_quantities,
)
from rewardkit.extract import (
    POLITE_TAIL,
    Candidates,
    Reading,
    clean_span,
    closing_approximation,
    last_choice,
    lists_options,
    option_called_answer,
    option_stated_past,
    option_verdicts,
    place_start,
    read_math,
    read_number,
    set_said_at_end,
    without_option_verdicts,
)
from rewardkit.gold import Gold, normalise_text
from rewardkit.labels import STRUCTURE_AFTER
from rewardkit.lazy_regex import lazy_compile
from rewardkit.letter_sets import last_set_named
from rewardkit.mathtree import (
    Chain,
    Constant,
    Degrees,
    Div,
    Interval,
    ListOf,
    Mul,
    Neg,
    Node,
    Number,
    PlusMinus,
    Ratio,
    Relation,
    SetOf,
    TupleOf,
    Union,
    quantity_tree,
)
from rewardkit.numbers import (
    CARDINAL_WORDS,
    MERIDIEM,
    NAMED_EQUAL_BEFORE,
    Quantity,
    first_value,
    hour_of_day,
    lookup_unit,
    parse_number,
    parse_words,
    same_quantity,
    same_share,
    scan,
    spoken_time_of_day,
)
from rewardkit.parts import lettered_parts
from rewardkit.polarity import polarity, stated_polarity
from rewardkit.reading import (
    BIDI_OVERRIDE,
    COPULA_WORD,
    PART_OF_DAY_AFTER,
    counted_names,
    glued_dash_why,
    in_half_of_day,
    is_time_gold,
    reading_of,
    span_of_years_why,
    time_reading,
    unrounded_approximation,
)
from rewardkit.several_values import (
    bold_alone_in_list,
    bulleted_values_before,
    case_series_before,
    hedged_alternatives,
    named_alike_before,
    named_quantities_in,
    one_variable_alternatives,
    parts_before,
    qualified_values_before,
    quantity_listed_before,
    variables_in,
)
from rewardkit.spoken_operations import instruction_before, operation_after, operation_before
from rewardkit.spoken_ranges import range_end_before, range_start_after, tolerance_after
from rewardkit.spoken_times import clock_phrase_around, is_span_of_years, span_of_years
from rewardkit.stated_units import (
    RESTATING,
    RESTATING_APPROXIMATION,
    restated_around,
    rounded_restatement,
    rounds_to,
)
from rewardkit.tree_values import NotEvaluable
from rewardkit.types import Answer

# a value, maybe its unit, and an opening parenthesis right before the last number: "1.5 (3/2)", "72 cm
# (0.72 m)"
_VALUE_BEFORE_PARENTHESIS = lazy_compile(
    # (past the box, math or emphasis the value closes: "\\boxed{15} (", "$15$ (", "**15** (")
    r"(?<![\w.])[-−$]?\d[\d,]*(?:\.\d+)?%?(?:[}$*_\]]|\\[)\]])*[ \t]*(?:[^\W\d_]+[ \t]*){0,2}\([ \t]*"
    # (the value in parentheses may be said to restate the first, "72 (i.e., 70)", or called an approximation:
    # "72 (roughly 70)")
    rf"(?:(?:{RESTATING}),?[ \t]*)?"
    rf"(?P<approximately>(?:{RESTATING_APPROXIMATION}|nearly|almost|~|≈)[ \t]*)?\$?$",
    re.IGNORECASE,
)
# a value, maybe its unit, and the words that say it again right before the last number: "0.4, which is ",
# "5 km, i.e. "
_VALUE_BEFORE_RESTATEMENT = lazy_compile(
    r"(?<![\w.])(?P<value>[-−$]?\d[\d,]*(?:\.\d+)?(?:/\d+)?%?(?:[ \t]*[^\W\d_]+)?)[ \t]*,[ \t]*"
    rf"(?:which[ \t]+is|that[ \t]+is|(?:{RESTATING})|(?:{restatement.CONCLUDING_SO}))[ \t,]*$",
    re.IGNORECASE,
)
_CLOSED_AFTER_VALUE = lazy_compile(r"\$?[ \t]*(?:[^\W\d_]+[ \t]*){0,2}\)")
# "Rs. 350", "approx. 350", "ca. 350": a period that abbreviates the word before a value ends no sentence
_ABBREVIATION_BEFORE_VALUE = lazy_compile(r"\b(?:rs|ca|approx)\.$", re.IGNORECASE)


def relations_are_answers(gold: Gold) -> bool:
    """Whether ``x \\ge 5`` can be the answer rather than a bound on it: for any math gold (an interval, an
    inequality; against a value the comparison itself says WRONG), not for a number gold."""
    return gold.kind != "number"


def lists_values(gold: Gold) -> bool:
    """Whether the gold is a set of values (``-2, 3``, ``\\{-2, 3\\}``, ``\\pm 2``, an interval or union): a
    solution set written with "or" answers it, where against one value the "or" hedges."""
    if plus_minus(gold):  # "\\pm 2": the two values 2 and -2
        return True
    node = gold.node if gold.kind == "math" else None
    if isinstance(node, (ListOf, SetOf)):
        return len(node.items) >= 2
    bound = isinstance(node, Relation) and node.op in ("<", "<=", ">", ">=")
    return bound or isinstance(node, (Interval, Union, Chain))


def plus_minus(gold: Gold) -> bool:
    """Whether the gold is the two values a ``\\pm`` writes (``2 \\pm \\sqrt{5}``, ``x = \\pm 2``)."""
    node = gold.node if gold.kind == "math" else None
    if isinstance(node, Relation) and node.op == "=" and isinstance(node.rhs, PlusMinus):
        node = node.rhs  # "x = \\pm 2"
    return isinstance(node, PlusMinus)


# a sentence that says the one before it again: "Or, in other words, seventy-two.", "I.e. 72.", "That is, 72."
_RESTATEMENT_OPENING = lazy_compile(
    r"[ \t\n*_]*(?i:or\b[,\s]*)?(?i:in\s+other\s+words|i\.\s*e\.|that\s+is(?:\s+to\s+say)?|equivalently|"
    r"put\s+(?:another|differently)|namely|in\s+words|in\s+short)\b"
)
_RESTATEMENT_INITIALS = frozenset("OoIiTtEePpNn")


def _restated_statement(found: Candidates, sentence_start: int, answer: Answer, gold: Gold) -> str | None:
    """Why the sentence before a lenient value's sentence does not commit to it, when that sentence only says
    it again (``It is not 72.\n\nOr, in other words, seventy-two.``): a restatement commits no more than
    what it restates."""
    if _RESTATEMENT_OPENING.match(found.region, sentence_start) is None:
        return None
    again = reading_of(answer.text, gold)
    if again.status != "value" or again.quantity is None:
        return None
    region = found.region[:sentence_start]
    earlier = Candidates(region_start=found.region_start, region=region)
    # the restated sentence: the last one before, read back to its own start
    body = region.rstrip(" \t\n*_.!?;")
    restated_from = max(body.rfind(c, max(0, len(body) - 400)) for c in ".!?\n") + 1
    same = [
        q
        for q in scan(region[restated_from:])
        if q.quantity is not None and same_quantity(q.quantity, again.quantity)
    ]
    if not same:
        return None
    start, end = restated_from + same[-1].start, restated_from + same[-1].end
    previous = Answer(
        region[start:end], "last_number", found.region_start + start, found.region_start + end, True
    )
    return lenient_problem(earlier, previous, gold)


# where the sentences after an answer break: a full stop (not a decimal point), a line break, ";", "!" or "?"
_SENTENCE_SPLIT = lazy_compile(r"(?<=[.!?;])(?!\d)\s+|\n+")


_NUMERAL_TEXT = lazy_compile(r"\d[\d,]*(?:\.\d+)?")


def _told_whole(value: str, texts: tuple[str, ...]) -> bool:
    """Whether ``value`` (a fraction, ``3/4``, or a clock reading, ``4:15 PM``) is written whole in one of
    ``texts``."""
    told = re.compile(rf"(?<![\d.,/:]){re.escape(value)}(?![\d/:]|[.,]\d)")
    return any(value in text and told.search(text) for text in texts)


# how much of a reasoning block before the answer region is read for the steps a closing sentence restates
_THOUGHT_READ = 20_000


# a value restated right before the last one: "1/6, i.e. 0.5", "$\\frac{1}{6}$, that is, 0.5" (也就是, 即
# read)
_RESTATED_AS = lazy_compile(
    r"(?P<first>\$[^$\n]{1,60}\$|[-−]?\d[\d,]*(?:\.\d+)?(?:/\d+)?)[ \t*_]*,?[ \t]*"
    r"(?:that\s+is|i\.[ \t]?e\.|in\s+other\s+words|namely),?[ \t*_]*\$?$",
    re.IGNORECASE,
)
# a value equated with the last one: "0.125 = 1/6 = 12.5%" (its first value stands after no operator: "48 +
# 24 = 72" computes it)
_EQUATED_AS = lazy_compile(r"(?<![\w.,/^])(?P<first>[-−]?\d[\d,]*(?:\.\d+)?(?:/\d+)?%?)[ \t]*=[ \t]*\$?$")


# a value restated in words after the last number and its unit: "45 minutes, i.e. half an hour", "90
# minutes, that is, one and a half hours", "250 cm, or two and a half metres"
_RESTATED_IN_WORDS = lazy_compile(
    r"[ \t]*(?P<unit>[A-Za-z]+)[ \t]*,[ \t]*"
    r"(?:i\.[ \t]?e\.|that\s+is|in\s+other\s+words|which\s+is|or),?[ \t]+(?P<words>[A-Za-z][A-Za-z -]{0,40}?)"
    r"[ \t]+(?:of[ \t]+)?(?:an?[ \t]+)?(?P<unit2>[A-Za-z]+)[ \t]*(?:[.,;!]|$)",
    re.IGNORECASE,
)


def _restated_in_words(told: str, value: str) -> str | None:
    """The restatement in words of ``value`` that ``told``, the text after it, opens on with the value's
    unit (``45`` and `` minutes, i.e. half an hour``) where it states another quantity of that dimension,
    or None (an equal one, ``three quarters of an hour``, or none read)."""
    again = _RESTATED_IN_WORDS.match(told)
    if again is None:
        return None
    spoken = parse_words(again["words"])
    if spoken is None:
        return None
    first = parse_number(f"{value} {again['unit']}")
    second = parse_number(f"{spoken.numerator}/{spoken.denominator} {again['unit2']}")
    if first is None or second is None or first.unit is None or second.unit is None:
        return None
    if first.unit.dimension != second.unit.dimension or same_quantity(first, second):
        return None
    return told[again.start("words") : again.end("unit2")]


# what stands before a value of a chain of equalities: another link, a copula or the sentence's start (a colon
# divides: "18 : 2 = 9")
_LINK_BEFORE = lazy_compile(
    r"(?:(?<![<>!])=|(?<![A-Za-z])(?:is|are|was|be|equals|gives|get)|[.!?\n]|^)$", re.IGNORECASE
)


def _equated_before(region: str, start: int, last: Reading, gold: Gold) -> re.Match[str] | None:
    """The value of a chain of equalities ending right before ``region[start:]`` (``0.125 = 1/6 = 12.5%``)
    that differs from ``last``, the value the chain ends on, or None (each value back to an operand, ``48 +
    24 = 72``, or a word is read)."""
    at = start
    for _ in range(6):
        equated = _EQUATED_AS.search(region, max(0, at - 40), at)
        if equated is None:
            return None
        before = region[max(0, equated.start() - 24) : equated.start()].rstrip("$\\( \t")
        if not _LINK_BEFORE.search(before):
            return None  # ("48 + 24 = 72", "8 boxes of 9 = 72": the value before the sign is an operand)
        if restated_differs(reading_of(equated["first"], gold), last):
            return equated
        at = equated.start()
    return None


def restated_differs(first: Reading, second: Reading) -> bool:
    """Whether a value said again (``1/2, that is 0.25``) states another value than the first: both read as
    values that are neither equal (a percent as its hundredth: ``2/5, which is 40%``) nor one the other
    rounded at its places (``1/3, i.e. 0.333``)."""
    if first.status != "value" or second.status != "value" or same_reading(first, second):
        return False
    a, b = first.quantity, second.quantity
    if a is None or b is None:
        return False  # an expression's restatement is left to the readers of math
    if a.percent != b.percent and (a.value * 100 if b.percent else a.value) == (
        b.value * 100 if a.percent else b.value
    ):
        return False
    # (only a decimal rounds: a whole number or a fraction states its value exactly)
    return not ((b.ulp is not None and rounds_to(a, b)) or (a.ulp is not None and rounds_to(b, a)))


_KEY_ANALYSIS = ("【解析】", "【分析】", "【详解】", "【解答】", "解析：", "解析:", "分析：", "分析:")


def concluded_past(
    found: Candidates, answer: Answer, gold: Gold, tail: str, completion: str = ""
) -> str | None:
    """Why the text after the answer goes past it to another value with no retraction cue (``#### 72\nBut she
    lost 1, so 71.``), or None. A sentence that checks the answer, explains it (``That is 72 clips in all.``)
    or restates a step of the reasoning before it (``So she sold 24 in May.``) goes nothing past it; one that
    opens by going on (``But``, ``Then``) concludes on what it names, seen before or not. The reasoning
    includes the reasoning block before the answer region (``<think>…9 eggs…</think> \\boxed{18} So she
    makes $18 from the 9 eggs.``), read only for a value the answer region does not hold, and the sentences
    of the tail before the one read. Reasoning told after its answer (``Answer: 72\n\n… 48 / 2 = 24
    clips.\nAltogether she sold 48 + 24 = 72 clips.``) is judged by its last conclusion: a step on the way to
    the answer's value goes past nothing, a last conclusion on another value (``… 48 + 48 = 96 in total.``)
    does."""
    # the answer's reading and the numbers of the reasoning are looked up only once a sentence concludes on
    # a value: most tails conclude on none
    first: Reading | None = None
    earlier: set[str] | None = None
    thought: set[str] | None = None
    past: str | None = None  # the last conclusion on another value, while no later one states the answer
    if tail.lstrip(' \t\n"')[:1] == ",":
        # '{"answer": 42, "explanation": "6 packs of 8 cans = 48 cans"}': the object's working, read as the
        # lines an "Explanation:" heading opens after an answer line
        tail = working_after(tail.lstrip(' \t\n"')) or tail
    sentences = _SENTENCE_SPLIT.split(POLITE_TAIL.sub("", tail))
    # an answer key's analysis after it (``【答案】70\n【解析】…9×8=72。``) is its working, whose steps are
    # no conclusions
    results = not tail.lstrip().startswith(_KEY_ANALYSIS)
    # the last sentence with a value: a line that labels it the total there closes the working on it ("Answer:
    # 9 hours\n\nStep-by-step:\n- Monday: 3 hours\n…\n- Total: 10 hours")
    closing = max((at for at, sentence in enumerate(sentences) if DIGIT.search(sentence)), default=-1)
    checking = False  # whether the sentence before checks: a ticked computation after it checks too
    for at, sentence in enumerate(sentences):
        checking = result_checks.check_goes_on(sentence, checking)
        if checking:
            continue  # "Verification: 9 × 2 = 18 ✓. Also, 16 - 3 - 4 = 9 ✓.": its steps conclude nothing
        where = conclusions.concluded_value(sentence, results=results)
        if where is None and at == closing and results:
            total = conclusions.labelled_total(sentence)
            where = None if total is None else (*total, False)
        if where is None:
            continue
        start, end, goes_on = where
        value = sentence[start:end]
        if first is None:
            first = reading_of(answer.text, gold)
            if first.status != "value":
                return None
        later = reading_of(value, gold)
        if later.status == "value" and same_reading(first, later):
            past = None  # "… Altogether she sold 48 + 24 = 72 clips.": the reasoning concludes on the answer
            continue
        if not goes_on:
            if earlier is None:
                reasoning = found.region[: answer.start - found.region_start]
                earlier = {m.group() for m in _NUMERAL_TEXT.finditer(reasoning)}
            number = value.lstrip("-−$")
            if number in earlier or any(
                m.group() == number
                for told in (*sentences[:at], sentence[:start])
                for m in _NUMERAL_TEXT.finditer(told)
            ):
                continue  # "So she sold 24 in May.": a step of the reasoning, told again
            reasoning = found.region[: answer.start - found.region_start]
            if ("/" in number or ":" in number) and _told_whole(
                number, (reasoning, *sentences[:at], sentence[:start])
            ):
                continue  # "… 3/4 of them remain.", "… at 4:15 PM": a fraction or a time told again
            if thought is None:
                block = completion[max(0, found.region_start - _THOUGHT_READ) : found.region_start]
                thought = {m.group() for m in _NUMERAL_TEXT.finditer(block)} if block else set()
            if number in thought:
                continue  # a step of the reasoning block before the answer region, told again
        if later.status == "value":
            why = f"goes past its answer: {sentence.strip()[:60]!r} concludes on another value"
            if goes_on:
                return why  # "#### 72\nBut she lost 1, so 71.": the text goes on from its answer
            past = why
    return past


def _puts_forward(line: str) -> bool:
    """Whether a line ending on a colon negates, tries, asks or guesses what the next line holds (``It is
    not:``, ``Let's try:``, ``My guess:``)."""
    return (
        negation.negates(line)
        or (conditions.put_forward_before(line) or hedges.hedged_before(line)) is not None
    )


# one variable, maybe with a subscript or as a Greek letter's command: what a combination's side is not
_ONE_VARIABLE = lazy_compile(r"\s*(?:[A-Za-z]|\\[A-Za-z]+)(?:_\{?\w+\}?)?\s*")


def _states_a_combination(text: str) -> bool:
    """Whether ``text`` states the value of an expression of variables (``a + b = 5``, ``x^2 + y^2 = 25``,
    ``ab = 12``), not of one variable (``y = 4``).

    >>> [_states_a_combination(t) for t in ("a + b = 5", "$ab = 12$", "y = 4", "x_1 = 3", "5")]
    [True, True, False, False, False]
    """
    math = clean_span(text).strip("$ ")
    if math.count("=") != 1:
        return False
    side = math.split("=", 1)[0]
    return any(c.isalpha() for c in side) and _ONE_VARIABLE.fullmatch(side) is None


# a line that holds one number and nothing else (but emphasis, a list bullet or a full stop)
BARE_NUMBER_LINE = lazy_compile(r"[ \t*_`>-]*[-−]?[$€£]?\d[\d,]*(?:\.\d+)?[ \t*_`.]*")
DIGIT = lazy_compile(r"\d")


def _stacked_numbers_before(region: str, start: int, end: int) -> str | None:
    """Why the last number stands on its own line under other lines of one number each (``70\n71\n72``, a
    code block of candidates): a list written down the page, as ``70, 71, 72`` is one across it; or None."""
    line_start = region.rfind("\n", 0, start) + 1
    line_end = region.find("\n", end)
    line_end = len(region) if line_end < 0 else line_end
    if not BARE_NUMBER_LINE.fullmatch(region, line_start, line_end):
        return None
    above = region[max(0, line_start - 200) : line_start].rstrip("\n `").rsplit("\n", 1)[-1]
    if not above or not BARE_NUMBER_LINE.fullmatch(above):
        return None
    mine, theirs = read_number(region[start:end]), read_number(above.strip(" \t*_`>-."))
    if mine.quantity is None or theirs.quantity is None or same_quantity(mine.quantity, theirs.quantity):
        return None
    return f"several values one per line: {above.strip()!r} above {region[start:end]!r}"


def lenient_problem(found: Candidates, answer: Answer, gold: Gold) -> str | None:
    """Why the statement around a lenient answer does not commit to it (``She has at least 12``), or None."""
    if gold.kind == "text":
        return None
    if found.struck is not None and found.struck[1] > answer.start:
        # "48 + 24 = 72 clips.\nThe answer is ~~72~~.": the answer struck out after the value is taken back,
        # and nothing stated in its place; the value before it is working the text went on to strike
        return f"taken back: {found.struck[0]!r} after it is struck out, and no value is stated in its place"
    region, base = found.region, found.region_start
    start, end = answer.start - base, answer.end - base
    if answer.rule == "last_number" and "(" in region[max(0, start - 18) : start]:
        restating = _VALUE_BEFORE_PARENTHESIS.search(region, max(0, start - 56), start)
        if restating is not None and conditions.condition_closes_parenthesis(region[end : end + 120]):
            # "It costs $15 (16 with tax).": the value in parentheses answers another reading of the question
            return f"{region[restating.start() : end].strip()!r} … gives a second value under a condition"
        if restating is not None:
            # (the value before the parenthesis, past the words that open it: "72 (i.e., ", "72 (roughly ")
            said = region[restating.start() : region.rfind("(", restating.start(), start)].rstrip()
            before, last = read_number(said).quantity, read_number(answer.text).quantity
            if (
                before is not None
                and last is not None
                and (
                    before.unit is None
                    # "1.2 million dollars ($120,000)": the same unit twice is no restatement in another
                    or before.unit == last.unit
                )
                # (what the value counts may be said again before the bracket: "72 apples (i.e., 70 apples)")
                and _CLOSED_AFTER_VALUE.match(region, end, end + 40) is not None
                and not same_quantity(before, last)
                and not (restating["approximately"] and rounds_to(before, last))
            ):
                # "it is 2.5 (3/2)": two values, one in parentheses (a restatement in another unit, "72 cm
                # (0.72 m)", is left to the unit readers)
                return f"{region[restating.start() : end + 1]!r} says another value in parentheses"
            # "It is not 1.5 (3/2)": the value in parentheses restates the one before them, and the words
            # before that one are what commit to it or not
            start = restating.start()
    if answer.rule == "last_number" and "," in region[max(0, start - 20) : start]:
        restates = _VALUE_BEFORE_RESTATEMENT.search(region, max(0, start - 60), start)
        said_first = read_number(restates["value"]).quantity if restates is not None else None
        said_last = read_number(answer.text).quantity if said_first is not None else None
        if (
            restates is not None
            and said_first is not None
            and said_last is not None
            and (
                same_quantity(said_first, said_last)
                or same_share(said_first, said_last)
                or rounded_restatement(said_last, said_first)
            )
        ):
            # "The answer cannot be 0.4, which is 40%.": the value said again in another form, whose first
            # statement's words are what commit to it or not
            start = restates.start()
    if gold.kind in ("number", "math") and region[end : end + 3].lstrip(" \t")[:1] == "(":
        # "It is 15 (sixteen).": the value said again in parentheses, as another value (read as the number
        # reader reads a marker's "15 (sixteen)")
        close = region.find(")", end, end + 40)
        in_parentheses = read_number(region[start : close + 1]) if close > 0 else None
        if in_parentheses is not None and in_parentheses.status == "ambiguous":
            return in_parentheses.why
    if gold.kind in ("number", "math") and answer.lenient:
        # "So the probability is 1/3, approximately 0.4.": the approximation the text closes on after the
        # value, stepped over to find it, must round it, as after a marker
        approximation = closing_approximation(region)
        if approximation is not None and approximation[2] and end <= approximation[0]:
            cut, approximate, _ = approximation
            said = region[start:].strip(" \t\n.!*_")
            if not DIGIT.search(region, end, cut):
                why = unrounded_approximation(reading_of(answer.text, gold), approximate, gold, said)
                if why is not None:
                    return why
    in_code = in_code_aside(region, start)
    if in_code is not None:
        return in_code
    if gold.kind in ("number", "math"):
        # "Alice: I think it's 45.\nBob: Hmm, I get 40.", '"Wrong," said the apprentice, "it is 27."': a
        # character's words (the literal tests as for an anchored answer)
        speech = (
            dialogue.quoted_speech(region, start, end)
            if '"' in region or "“" in region or "said" in region
            else None
        )
        if speech is None and region.count(":") >= 2 and "\n" in region:
            speech = dialogue.dialogue_disagrees(region, start)
        if speech is not None:
            return speech
    expected = hedges.labelled_expected(region[max(0, start - 40) : start])
    if expected is not None:  # "I cannot determine the answer. (Expected output: 72)"
        return expected
    if not region.isascii() and BIDI_OVERRIDE.search(region, max(0, start - 8), end + 8):
        return "a bidirectional override reorders the value as shown"
    if _ASKS_AT_END.search(answer.text) or region[end : end + 20].lstrip(" \t*_$)")[:1] in ("?", "？"):
        # "Is 72?", "¿Es 72?", "🤔 72? 🤷": math a lenient rule read with its question mark asks (what
        # follows the mark says nothing: a symbol, an emoji)
        return f"not asserted: the statement asks ({region[max(0, start - 20) : end + 3].strip()!r})"
    sentence_start = max(region.rfind(c, max(0, start - 300), start) for c in ".;!?\n") + 1
    if _ABBREVIATION_BEFORE_VALUE.search(region, max(0, sentence_start - 8), sentence_start):
        # "cannot be Rs. 350", "not approx. 350": the period abbreviates a word; the sentence began before it
        sentence_start = max(region.rfind(c, max(0, start - 300), sentence_start - 1) for c in ".;!?\n") + 1
    if (
        sentence_start > 0
        and region[sentence_start - 1] == "\n"
        and not region[sentence_start:start].strip(" \t$*_\\[(")
        # (a letter that opens its line with a verdict on it, "E: correct", opens a sentence of its own)
        and not (gold.kind == "choice" and region[end : end + 300].partition("\n")[0].strip(" \t*_)."))
    ):
        # "The answer cannot be approximately\n\n$$72$$": a value alone on its line after a line that breaks
        # off on a word continues that line's sentence
        body = region[:sentence_start].rstrip()
        # ... and so does a line that ends on a negation and its colon ("It is not:\n72")
        if body[-1:].isalpha() or (body[-1:] == ":" and _puts_forward(body)):
            sentence_start = max(body.rfind(c, max(0, len(body) - 300)) for c in ".;!?\n") + 1
    stops = [i for i in (region.find(c, end, end + 300) for c in ";!?\n") if i >= 0]
    period = SENTENCE_STOP.search(region, end, end + 300)
    if period is not None:
        stops.append(period.start())
    sentence_end = min(stops) if stops else min(len(region), end + 300)
    if gold.kind == "number":  # ("3 and 1/2 cups" is one mixed number, read whole: no list)
        listed = listed_answers.listed_before(region[sentence_start:start], answer.text)
        if listed is not None:
            return listed
        stacked = _stacked_numbers_before(region, start, end)
        if stacked is not None:
            return stacked
    if gold.kind in ("number", "math") and region[sentence_start - 1 : sentence_start] in (";", ","):
        # "If the price is $3, she has 12 left; if it's $2, she has 15 left.": the sentence's clauses
        # before the semicolon give the other case
        opened = max(region.rfind(c, max(0, start - 400), start) for c in "!?\n") + 1
        per_case = conditions.one_value_per_case(region[opened:start])
        if per_case is not None:
            return per_case
    elif gold.kind in ("number", "math") and ("," in region[sentence_start:start]):
        per_case = conditions.one_value_per_case(region[sentence_start:start]) or (
            # "If we count the teacher, 25 go. Without the teacher, 24 go."
            conditions.case_then_complement(
                region[max(0, start - 500) : start],
                region[sentence_start:start],
                read_number(answer.text).quantity,
            )
            if sentence_start > 0
            else None
        )
        if per_case is not None:  # "With tax it is $54, and without tax it is $50."
            return per_case
    if gold.kind in ("number", "math") and sentence_start > 0:
        # "If she sells in the morning, she makes $18.\nIf she sells in the evening, she makes $20."
        series = case_series_before(region, start, answer.text)
        if series is not None:
            return series
    if gold.kind in ("number", "math"):
        spoken = operation_after(region, end)
        if spoken is not None:  # "So it is 72 squared.": the last number is an operand of the words after it
            return f"an operand: {region[start : end + 40].split(chr(10))[0]!r} applies {spoken!r} to it"
        spoken = operation_before(region[sentence_start:start])
        if spoken is not None:  # "It's twice 18.", "so the square root of 72": an operand of the words before
            return f"an operand: {region[sentence_start:end].strip()[-60:]!r} applies {spoken!r} to it"
        told = instruction_before(region[sentence_start:start]) if answer.lenient else None
        if told is not None:  # "3. Subtract 4": an instruction's operand, and no result stated
            said = region[sentence_start:end].strip()[-60:]
            return f"an operand: {said!r} says to {told} it, and states no result"
        event = (
            conclusions.event_operand(
                region[sentence_start:start], answer.text, region[end:sentence_end], region[:sentence_start]
            )
            if answer.rule == "last_number"
            else None
        )
        if event is not None:  # "… = $18. Then she spends $5 on feed.": what the text would go on to spend
            return event
        # "From 9 to 11 marbles.", "12.5 to 12 meters", "350, give or take a few": several values
        ranged = range_end_before(region[sentence_start:start], region[start:end]) or range_start_after(
            region[end : end + 40]
        )
        if ranged is not None:
            return ranged
        tolerance = tolerance_after(region, end)
        if tolerance is not None:
            return f"a tolerance: {tolerance!r} after the value gives a band of values"
    opening = region[sentence_start:start].lstrip(" \t\n*_")
    if gold.kind in ("number", "math") and opening[:1] in _RESTATEMENT_INITIALS:
        restated = _restated_statement(found, sentence_start, answer, gold)
        if restated is not None:
            return restated
        if opening[:1] in "Oo":  # "It is 18. Or 19.": the sentence offers its value beside the one before
            value = read_number(answer.text).quantity
            offered = other_readings.offered_instead(
                region[max(0, sentence_start - 200) : sentence_start], opening, value
            )
            if offered is not None:
                return offered
    named = _NAMED_VALUE.match(answer.text) if gold.kind in ("number", "math") else None
    if named is not None:  # "So the sum is $2n+1$ when $n = 3$": the math names the condition's value
        why = conditions.condition_value_before(region[sentence_start:start] + named.group())
        if why is not None:
            return why
    if gold.kind in ("number", "math") and " or" in answer.text and not lists_values(gold):
        # "x = 2 or x = -2", "$2 \\text{ or } -2$": a piece of math that offers another value beside its
        # first hedges between them against one value, as a marker's statement would
        first = first_value(answer.text)
        if first is not None and _OR_WORD.search(answer.text, first[1]):
            why = commitment.problem(
                region[sentence_start:start] + answer.text[: first[0]],
                answer.text[first[1] :] + region[end : sentence_end + 3],
                relations_qualify=not relations_are_answers(gold),
            )
            if why is not None:
                return why
    if answer.rule == "last_math" and " or " in answer.text and lists_values(gold):
        # "$2 \\text{ or } 3$", "So x = 2 or y = 3": against a gold that lists values, bare values or other
        # variables joined by "or" hedge between them, as in a marker's statement; one variable's values
        # ("x = 2 or x = -2") write its solution set
        alternatives = read_math(answer.text)
        if alternatives.node is not None and hedged_alternatives(alternatives.node):
            return f"hedged: {answer.text!r} offers values as alternatives, not a solution set"
    if gold.kind == "number":
        # "(i) 72 (ii) 70", "So x = 2 and y = 4.": several named values, and the gold names none of them
        line_end = region.find("\n", end)
        parts = parts_before(region[max(0, start - 300) : len(region) if line_end < 0 else line_end])
        if parts is not None:
            return f"several parts answered: {parts[-60:]!r}"
        # "(a) After the first week she has saved $45.\n(b) After the fourth week she has saved $180.": the
        # last of the labelled parts the text closes on answers one part, not the question's one value
        lettered = lettered_parts(POLITE_TAIL.sub("", region)) if "\n" in region else None
        if lettered is not None and lettered[-1][0] <= start:
            said = region[lettered[0][0] : lettered[-1][1]].replace("\n", " ")
            return f"several parts answered: {said[:60]!r}"
        # the sentence the value is stated in: a display closed before it (``… we get: \\[ y = 0 + 3 = 3 \\]
        # Thus, the intercept is 3.``) ends a sentence as a full stop does, so its values are the reasoning's
        stated_from = sentence_start
        for after_display in AFTER_DISPLAY.finditer(region, sentence_start, start):
            stated_from = after_display.end()
        # "The minimum is 4, attained at x = 1 and y = 2.": the argument named after the value is none of its
        # parts
        told = region[end:sentence_end]
        told_end = (
            end if attainment.past_attained(region[sentence_start:start], told) is not told else sentence_end
        )
        variables = variables_in(region[stated_from:told_end])
        if variables is not None and not _states_a_combination(answer.text):
            # ("Thus a = 2 and b = 3, so a + b = 5.": the parts, then the combination the question asks for)
            return f"several variables stated ({variables}): the gold names none of them"
        quantities = named_quantities_in(region[stated_from:sentence_end], start - stated_from)
        if quantities is not None:  # "The number of apples is 18 and the number of oranges is 12."
            return f"several quantities stated ({quantities}): the last value answers one of them"
        named_from = stated_from
        if stated_from == sentence_start and region[sentence_start - 1 : sentence_start] == ";":
            # "Alice picked 18 apples; Bob picked 12.": the clause before the semicolon gives the other name
            named_from = (
                max(region.rfind(c, max(0, sentence_start - 300), sentence_start - 1) for c in ".!?\n") + 1
            )
        quantities = named_alike_before(region[named_from:start], answer.text) or qualified_values_before(
            region[stated_from:start], answer.text, region[end : sentence_end + 1]
        )
        if quantities is not None:  # "甲做了72个，乙做了48个。", "Alice made 72, Bob made 48.", "48 in April
            # and 24 in May."
            return f"several quantities stated ({quantities}): the last value answers one of them"
        if region[sentence_start : sentence_start + 1] in _BULLETS and answer.rule == "last_number":
            labels = bulleted_values_before(region, start)
            if labels is not None and bold_alone_in_list(region, start):
                labels = None  # "- Sum: 108\n- Count: 6\n- Mean: **18**": the one value set in bold
            if labels is not None:  # "**Summary**\n- April: 48 clips\n- May: 24 clips"
                return f"several quantities listed ({labels}): the closing summary answers none of them"
        # "The probability is 1/6, i.e. 0.5.": the last value restates the one before it as another value
        restating = _RESTATED_AS.search(region, max(0, start - 80), start)  # ("i.e." ends no sentence)
        if restating is None and "=" in region[max(0, start - 4) : start]:
            # "The probability is 0.125 = 1/6 = 12.5%.": a chain of equalities, each value equated with the
            # next
            restating = _equated_before(region, start, reading_of(answer.text, gold), gold)
        if restating is not None:
            first_said, last_said = reading_of(restating["first"], gold), reading_of(answer.text, gold)
            if restated_differs(first_said, last_said):
                said = region[restating.start() : end]
                return f"two different values: {said[:60]!r} restates the value as another"
        if answer.rule == "last_number" and "," in region[end : end + 24]:
            # ("i.e." ends no sentence: the restatement is read past the sentence's end)
            in_words = _restated_in_words(region[end : end + 80], answer.text)
            if in_words is not None:  # "She spends 45 minutes, i.e. half an hour."
                return f"two different values: {region[start:end]!r} restated as {in_words!r}"
        # "So there are 5 cats and 3 dogs.": two quantities, each with its noun, and the value is the last
        other = quantity_listed_before(region[stated_from:start], answer.text, region[end:told_end])
        if other is not None:
            return f"several quantities: {other!r} is listed with {answer.text!r}"
    stated = next(scan(answer.text), None)
    if gold.kind == "number" and start > sentence_start:
        # "So he pays $1.50, or 150 cents.": a value restated in another unit is one statement, and what
        # stands before its first statement is what can qualify it
        again = restated_around(region, start, end)
        if again is not None and again.equal and again.start < start:
            # (its decimal point, "$1.50", is no full stop)
            start, sentence_start = again.start, min(sentence_start, again.start)
    start = place_start(region, start)  # "So it is not a 95% chance.": "not" negates the article's phrase
    return (
        negation.negated_earlier(
            region[sentence_start:start], stated.quantity if stated is not None else None
        )
        or conditions.conditioned_before(region[sentence_start:start])
        # "Suppose the answer is 72. Then 72 / 8 = 9.": a value a trial's working computes
        or (conditions.worked_from_trial(region[:start], answer.text) if gold.kind == "number" else None)
        # "Note: if she bought 3 more, she would have 15.": a side remark on another reading
        or other_readings.aside_alternative(region[sentence_start:start])
        or conditions.example_before(region[max(0, start - 40) : start])
        or commitment.problem(
            region[sentence_start:start],
            region[end : sentence_end + 3],  # with its full stop: "42..." trails off, "42?" asks
            relations_qualify=not relations_are_answers(gold),
            letters=gold.kind == "choice",
            # "B is correct because A is too small": a reason that calls another option wrong leaves B
            letter=answer.text.strip("() ") if gold.kind == "choice" else None,
        )
        # "If x > 0, the correct choice is c.": a letter is named under a condition as a marker's answer is
        # (a condition on the method, "If we check each option, …", conditions nothing)
        or (conditions.conditional_opening(region[sentence_start:start]) if gold.kind == "choice" else None)
        or bounds.bounded_after(region, end)  # "It has 18 legs. Or more."
        or hedges.also_valid_after(  # "72; alternatively 96": past the statement's own end
            region[end : end + 400], stated.quantity if stated is not None else None
        )
        # "… = 60\nThe answer cannot be determined.", "64. Actually no, I need to start over."
        or (retractions.withdrawn_after(region[end:]) if gold.kind in ("number", "math") else None)
        # "… gives 18.\n\nThe answer cannot be (C).", "So x = 4. Option B is wrong.": the text's last word
        # rejects an option, and commits to no value
        or (
            rejection.option_rejected_after(region[end:])
            if gold.kind in ("number", "math") and answer.lenient
            else None
        )
        # "Therefore, B. Just kidding.", "(B). I'm not sure.": a letter taken back (the verdicts on the other
        # options after it, "C) Wrong.", take nothing back)
        or (
            retractions.withdrawn_after(without_option_verdicts(region[end:]))
            if gold.kind == "choice"
            else None
        )
        # "Only (B) works. It seems to be (B), though it might be (C).": a later hedge between letters
        or (
            hedges.hedged_later(region[end : end + 400], answer.text.strip("() "), gold.letters)
            if gold.kind == "choice"
            else None
        )
    )


_OR_WORD = lazy_compile(r"\bor\b")
# what opens a bulleted line
_BULLETS = ("-", "*", "+", "•", " ", "\t")
_NAMED_VALUE = lazy_compile(r"[A-Za-z](?:_\{?\w{1,4}\}?)?\s*=\s*")

# a code block's fence; the comment a code line ends with; a line that reports an error
FENCE = "```"
_CODE_COMMENT = lazy_compile(r"(?:^|\s)(?:#|//|--)(?![^'\x22\n]*['\x22][^'\x22\n]*$)", re.MULTILINE)
_ERROR_REPORT = lazy_compile(
    r"^Traceback \(most recent call last\)|^\s*[A-Za-z_.]*(?:Error|Exception)\b", re.MULTILINE
)


def in_code_aside(region: str, at: int, unclosed: bool = True) -> str | None:
    """Why a value a lenient rule found at ``region[at]`` is no statement of the text's: it sits in a code
    block's comment (``ans = 8*9  # 72, but this double counts``) or in an error the block reports
    (``ValueError: 72``), or in a block the text never closes (``unclosed``: it stops inside its code), or
    None. A result a block prints (the output block of a tool-using solver) is left to the other readers."""
    # "`" alone is found at once, the fence a step at a time: most texts hold neither
    if "`" not in region or FENCE not in region or region.count(FENCE, 0, at) % 2 == 0:
        return None  # the common case: no code block, or the value stands outside every one
    opened = region.rfind(FENCE, 0, at)
    if unclosed and region.find(FENCE, at) < 0:
        # "```python\nn = 72\nprint(n": the text stops inside its code, which states nothing
        return f"cut off inside a code block: {region[opened : opened + 40]!r} never closes"
    line_start = region.rfind("\n", 0, at) + 1
    if line_start > opened and _CODE_COMMENT.search(region, line_start, at):
        return f"in a code comment: {region[line_start : at + 20].strip()[:60]!r} states no answer"
    error = _ERROR_REPORT.search(region, opened, at + 1)
    if error is not None:
        return f"in an error report: {region[line_start : at + 20].strip()[:60]!r} states no answer"
    return None


SENTENCE_STOP = lazy_compile(r"\.(?!\d)")
_ASKS_AT_END = lazy_compile(r"[?？][^\w]*$|\d[ \t*_$)]*[?？]")
# the end of a display (\\] or $$) with a capitalised word after it: a new sentence starts there
AFTER_DISPLAY = lazy_compile(r"(?:\\\]|\$\$)\s+(?=[A-Z])")


def _said_around_number(found: Candidates, number: Answer, gold: Gold) -> tuple[Answer, Reading] | None:
    """The last number read with the words around it when they make it part of something else (see
    :func:`_said_around_value`): ``left at quarter to 8``, ``in the '70s``, ``fell to —72``."""
    region, at, end = found.region, number.start - found.region_start, number.end - found.region_start
    if at > 0 and region[at - 1] in "—‒―" and (at < 2 or not region[at - 2].isalnum()):
        return number, Reading("ambiguous", text=number.text, why=glued_dash_why(region[at - 1 : end]))
    phrase = clock_phrase_around(region, at, end)
    if phrase is not None:
        start, stop, time = phrase
        text = region[start:stop].removesuffix(".")  # the period of "p.m." may end the sentence too
        answer = Answer(
            text, number.rule, found.region_start + start, found.region_start + start + len(text), True
        )
        if time is not None and is_time_gold(gold):
            # "half past three in the afternoon": the half of the day said after the phrase
            return answer, Reading("value", in_half_of_day(time, region[stop : stop + 40]), text=text)
        said = f"the time of day {time}" if time is not None else "no time of day"
        return answer, Reading("unparseable", text=text, why=f"{text!r} names {said}, not a number")
    if gold.kind in ("number", "math") and not is_span_of_years(gold.raw):
        years = span_of_years(region, at, end)
        if years is not None:
            return number, Reading("ambiguous", text=number.text, why=span_of_years_why(years))
    return None


_CHECKS_TAIL_CHARS = 600  # the check lines a text closes on are read within its last characters
_CONDITION_STEPS = 3  # conditions and quantified variables stepped over at the end of a text, at most
_CONDITION_TAIL_CHARS = (
    1500  # what may follow the math stepped over: the rest of its sentence, a closing line
)


# a closing line that is a letter and a value said of it: "C = 48", "**C**: 60"
_LETTER_VALUE_LINE = lazy_compile(r"[ \t*_]*\(?([A-Z])\)?[*_]*[ \t]*[:=][ \t*_$]*[-−]?\d[^\n]*")


def _letter_value_closing(found: Candidates, gold: Gold) -> tuple[Answer, Reading] | None:
    """A completion with no marker that closes on a line holding only a letter and a value said of it
    (``C = 48``, ``**C**: 60``), when that value commits to neither: another option's value, or one no
    option's known value can check (:func:`option_stated_past`); None otherwise (a letter whose own value
    it restates is no answer with no marker either: nothing calls it one)."""
    region = found.region.rstrip()
    at = region.rfind("\n") + 1
    line = _LETTER_VALUE_LINE.fullmatch(region, at)
    if line is None or line[1] not in gold.letters:
        return None
    why = option_stated_past(region, line.end(1), line[1], gold.letters, gold.options, gold.option_words)
    if why is None:
        return None
    start = found.region_start + at
    answer = Answer(region[at:].strip(), "choice", start, found.region_start + len(region), True)
    return answer, Reading("ambiguous", text=answer.text, why=why)


def _names_a_set(node: Node | None) -> bool:
    """Whether a gold is a set or an interval (``\\emptyset``, ``\\{2\\}``, ``[0, 1)``, or ``(-\\infty,
    \\infty)``, which reads as a pair of infinities): what a set said in words can answer."""
    if isinstance(node, (SetOf, Interval, Union)):
        return True
    return isinstance(node, TupleOf) and len(node.items) == 2 and any(i in _INFINITIES for i in node.items)


_INFINITIES = (Constant("oo"), Neg(Constant("oo")))


def lenient_answer(
    found: Candidates, gold: Gold, *, conditions_left: int = _CONDITION_STEPS
) -> tuple[Answer | None, Reading | None]:
    """The answer a completion without a marker or box ends on, and its reading: the last choice letter, the
    last piece of math (math and text golds; a number gold when the last number lies inside it, so
    ``$\\frac{10}{9}$`` is not read as 9), else the last number. A last sentence that only states a
    condition (``… is **3** minutes. This is true for \\(n \\geq 5\\).``), or math that only names the
    variables of a quantifier (``… for all \\(x\\) and \\(y\\).``), is stepped over (a few times at most)."""
    names = counted_names(gold) if gold.read_as == "boxed" else None
    where = (
        counted_values.last_counted(POLITE_TAIL.sub("", found.region), names) if names is not None else None
    )
    if where is not None:  # "So she needs 1 paper and 2 bins.": the gold's parts, named by their words
        s, e = where
        counted = Answer(found.region[s:e], "last_math", found.region_start + s, found.region_start + e, True)
        return counted, reading_of(counted.text, gold)
    if gold.kind == "choice":
        several = gold.choice is not None and len(gold.choice) > 1
        named_set = last_set_named(POLITE_TAIL.sub("", found.region)) if several else None
        if named_set is not None:  # "The correct options are A and C.": several letters, one set
            s, e = named_set
            chosen = Answer(found.region[s:e], "choice", found.region_start + s, found.region_start + e, True)
            return chosen, reading_of(chosen.text, gold)
        verdicts = option_verdicts(found.region, gold.letters, found.region_start)
        if isinstance(verdicts, Answer):  # "(A) is incorrect. (B) is correct. (C) is incorrect."
            return verdicts, reading_of(verdicts.text, gold)
        if verdicts is not None:  # "A is correct. B is correct.": two options called correct
            at = found.region_start + len(found.region)
            return Answer("", "choice", at, at, True), Reading("ambiguous", text="", why=verdicts)
        answer = last_choice(found.region, gold.letters, found.region_start)
        if answer is None and (gold.option_text or any(gold.option_words)):
            # "Alina is the answer" against "(D) Alina", "So Paris is the answer" against its option text
            answer = option_called_answer(found.region, found.region_start)
        if answer is None:  # "$E$": a letter alone in the last math span
            run = found.last_math()
            answer = run[-1] if run else None
        if answer is not None and lists_options(answer.text):
            answer = None  # "A) 12\nB) 24\nC) 36\nD) 48": the question's options copied are no answer
        # "C = 48", "**C**: 60": a value said of the letter, another option's or one no known value checks
        said = _letter_value_closing(found, gold) if answer is None else None
        if said is not None:
            return said
        hedged = hedges.hedged_letters(found.region, gold.letters) if answer is None else None
        if hedged is not None:  # "Either B or D could work.": a hedge, not a text with nothing answer-like
            at = found.region_start + len(found.region)
            return Answer("", "choice", at, at, True), Reading("ambiguous", text="", why=hedged)
        return answer, (reading_of(answer.text, gold) if answer is not None else None)
    if gold.kind == "math" and _names_a_set(gold.node):
        # "So there is no solution.", "The domain is all real numbers.": a set said in words ends the text
        set_words = set_said_at_end(POLITE_TAIL.sub("", found.region))
        if set_words is not None:
            s, e = set_words
            at = found.region_start + s
            answer = Answer(found.region[s:e], "set_words", at, at + e - s, lenient=True)
            return answer, reading_of(answer.text, gold)
    if gold.kind in ("number", "math") and conditions_left > 0:
        # "The minimum value is $-\\frac94$, attained at $x = \\frac32$.": the value stated first is the
        # answer, the math after it names where it is attained; the value must end where the words start
        tail = found.region[-_ATTAINED_TAIL_CHARS:]
        attained = (
            attainment.attained_at_end(POLITE_TAIL.sub("", tail))
            if attainment.may_say_attained(tail)
            else None
        )
        if attained is not None:
            stated_end = max(0, len(found.region) - _ATTAINED_TAIL_CHARS) + attained
            earlier = Candidates(region_start=found.region_start, region=found.region[:stated_end])
            value, _ = stated = lenient_answer(earlier, gold, conditions_left=conditions_left - 1)
            between = found.region[value.end - found.region_start : stated_end] if value is not None else "-"
            if value is not None and not between.strip("$)\\"):
                at = value.start - found.region_start
                sentence_start = max(found.region.rfind(c, max(0, at - 300), at) for c in ".;!?\n") + 1
                other = conclusions.value_stated_before(found.region[sentence_start:at])
                if other is not None:  # "The minimum is 4, attained at x = 1, and the maximum is 5, …"
                    return value, Reading("ambiguous", text=value.text, why=other)
                return stated
    if gold.kind == "number" and conditions_left > 0:
        # "8 * 9 = 72 apples.\nCheck: 72 / 9 = 8 ✓": a check of the result that closes the text restates the
        # question's numbers; the result stands before it
        # read on the text's tail only, past a literal test: the polite-closing pattern is costly on long text
        tail_at = max(0, len(found.region) - _CHECKS_TAIL_CHARS)
        tail = found.region[tail_at:]
        checked = (
            result_checks.checks_at_end(POLITE_TAIL.sub("", tail))
            if result_checks.may_end_on_check(tail)
            else None
        )
        if checked is not None:
            checked += tail_at
            earlier = Candidates(region_start=found.region_start, region=found.region[:checked])
            stated = lenient_answer(earlier, gold, conditions_left=conditions_left - 1)
            if stated[0] is not None:
                result = stated[1].quantity if stated[1] is not None else None
                failed = result_checks.failed_check(found.region[checked:], result)
                if failed is not None:  # "… 72 apples left.\nCheck: 72 + 10 = 82 ≠ 80.": the result is unsure
                    return stated[0], Reading("ambiguous", text=stated[0].text, why=failed)
                return stated
        elif result_checks.may_end_on_check(tail):
            unsettled = result_checks.unsettled_check_at_end(tail)
            last = found.last_number()
            if unsettled is not None and last is not None:
                # "So the total is 72. Wait, let me double-check the second day: 24 apples.": the check's
                # value is a given it looks at, and the result before it is left unjudged
                return last, Reading("ambiguous", text=last.text, why=unsettled)
    if gold.kind == "number" and conditions_left > 0:
        # "I'd answer 56. The reasoning: 7 groups of 8.": an explanation told after the value closes the text;
        # the value stands before it, unless the explanation concludes on another
        tail_at = max(0, len(found.region) - _CHECKS_TAIL_CHARS)
        explained = conclusions.explained_at_end(found.region[tail_at:])
        # "… a profit of $12,500.\n\nThis matches the 25% margin on $50,000 revenue.": a remark that confirms
        # the result against givens, read as an explanation; its numbers are never the answer
        confirmed = (
            None
            if explained is not None
            else result_checks.confirmed_at_end(POLITE_TAIL.sub("", found.region[tail_at:]))
        )
        if confirmed is not None:
            explained = confirmed
        if explained is not None:
            explained += tail_at
            explained_value = _value_ending_before(found, gold, explained, conditions_left)
            if explained_value is not None:
                return explained_value
            remarked = found.last_number() if confirmed is not None else None
            if remarked is not None and remarked.start - found.region_start >= explained:
                # the value before the remark is not read alone: the remark's numbers stay no answer
                remark = found.region[explained:].strip()[:60]
                why = f"a remark after the result: {remark!r} names givens, no answer"
                return remarked, Reading("ambiguous", text=remarked.text, why=why)
    if gold.kind == "number" and conditions_left > 0 and ")" in found.region[-_CHECKS_TAIL_CHARS:]:
        # "Answer = 18 eggs\n(6 per day × 3 days)": a line of working in brackets right after the value's line
        # explains it; the value stands before it, unless the aside concludes on another or hedges
        tail_at = max(0, len(found.region) - _CHECKS_TAIL_CHARS)
        aside = _ASIDE_LINE_AT_END.search(POLITE_TAIL.sub("", found.region[tail_at:]))
        if (
            aside is not None
            and _WORKING_ASIDE.search(aside["body"])
            and not _UNCOMMITTED_CUE.search(aside["body"])
        ):
            at = tail_at + aside.start() + 1
            explained_value = _value_ending_before(found, gold, at, conditions_left)
            if (
                explained_value is not None
                # ("(6 per day × 4 days = 24)": the aside computes another value)
                and all(
                    same_reading(reading_of(m["value"], gold), explained_value[1])
                    for m in _ASIDE_RESULT.finditer(aside["body"])
                )
            ):
                return explained_value
    if gold.kind == "number" and conditions_left > 0:
        # "No, it's 48. Each of the 4 crates holds 12.": the value stated, then the reason for it, whose
        # numbers are no answer; the value stands before it, unless the reason concludes on another
        tail_at = max(0, len(found.region) - _CHECKS_TAIL_CHARS)
        reason = conclusions.reason_after_stated(found.region[tail_at:])
        if reason is not None:
            reason += tail_at
            reasoned = _value_before(found, gold, reason, conditions_left)
            if (
                reasoned is not None
                and not found.region[reasoned[0].end - found.region_start : reason].strip(" \t\n.!,*_$")
                and concluded_past(found, reasoned[0], gold, found.region[reason:]) is None
                and not _restated_last(found, reasoned[1], gold)
            ):
                return reasoned
    if gold.kind == "number" and conditions_left > 0:
        # "… = 45 minutes.\n\nSo Maria needs 45 minutes in total. She walks 3 blocks at 15 minutes each.", "…
        # so he saved $240 this year. Next year he hopes to save $300.": a closing sentence that restates the
        # givens, or a plan for another time, states no answer; the result stands before it
        closing_tail = _closing_tail(found)  # (read once for both readers of the closing sentence)
        closing = _closing_remark(found, gold, conditions_left, closing_tail)
        if closing is not None:
            return closing
        # "So she has 25 stickers left. (She gave away 15.)", "In total they have 30 marbles: Alice 18, Bob
        # 12.": a remark told after the concluded value, or the total's breakdown, states no answer
        concluded_before = _remark_after_result(found, gold, conditions_left, closing_tail)
        if concluded_before is not None:
            return concluded_before
    if gold.kind == "text":
        # "Yes.", "\\text{even}": a completion that is only the word (or a phrase no longer than the gold's)
        phrase = found.whole_phrase(len(gold.text.split()))
        if phrase is not None:
            return phrase, reading_of(phrase.text, gold)
    if gold.kind == "text" and polarity(gold.text) is not None:
        # "Yes, she has enough money.", "Is it possible? No.": the sentence that opens on yes or no
        yes_no = stated_polarity(found.region)
        if yes_no is not None:
            start, end, stance = yes_no
            word = found.region[start:end]
            at = found.region_start + start
            answer = Answer(word, "polarity", at, at + len(word), lenient=True)
            if isinstance(stance, str):  # "Yes. … No.", "Yes, probably.": why it commits to neither
                return answer, Reading("ambiguous", text=word, why=stance)
            text = normalise_text(word)
            if polarity(text) is not stance:  # "is not true": the polarity the words state, not their last
                text = "yes" if stance else "no"
            return answer, Reading("value", text=text)
    # a gold listing values may be answered by list items, one value each ("- \\(d(6) = \\frac13\\)")
    run = found.last_math(bullets=isinstance(gold.node, (ListOf, SetOf)))
    if not run and (
        (gold.kind == "math" and not _number_of_degrees(gold))
        or (gold.kind == "number" and " or " in found.region[-_OR_TAIL_CHARS:])
    ):
        # "Thus y = 2x + 1": the math that ends the last sentence after its prose, written with no delimiters
        # (a gold of degrees reads the last number, "45 degrees" too); against a number, only math offering
        # another value ("Then x = 3 or x = 5"), which hedges
        plain = found.plain_math()
        if plain is not None and (gold.kind == "math" or " or " in plain.text):
            run = [plain]
    # the math stepped over ends the text's last sentence (a later step, the one before it): past a further
    # sentence the text ends on something else, which no reader here has looked at
    sentences_after = -1
    after = found.region[run[-1].end - found.region_start :] if run else ""
    if run and conditions_left > 0 and len(after) <= _CONDITION_TAIL_CHARS:
        after = POLITE_TAIL.sub("", after).rstrip()
        sentences_after = _SENTENCE_BREAKS.subn("", after)[1]
        if conditions_left == _CONDITION_STEPS and not after.endswith((".", "!", "\\]", "$$")):
            sentences_after = -1  # "For \\(y = -2\\), there is no real": a text cut off states no condition
    allowed = 0 if conditions_left == _CONDITION_STEPS else 1
    if 0 <= sentences_after <= allowed:
        cut = _condition_sentence(found, run, gold)
        if cut is not None:
            earlier = Candidates(region_start=found.region_start, region=found.region[:cut])
            stated = lenient_answer(earlier, gold, conditions_left=conditions_left - 1)
            # only the statement right before: past a further sentence, what the text ends on is unknown
            if (
                stated[0] is not None
                and _SENTENCE_BREAKS.subn("", found.region[stated[0].end - found.region_start : cut])[1] <= 1
            ):
                return stated
    math = run[-1] if run else None
    if math is not None and len(run) == 1 and gold.kind == "math" and "circ" in found.region:
        # "The angle is $\\frac{\\pi}{3}$, that is, $60^\\circ$.": one angle restated in the other unit; the
        # statement in the gold's unit answers it ("$\\frac{\\pi}{3}$, that is, $45^\\circ$" says two angles)
        angle = _angle_restated(found, math, gold)
        if angle is not None:
            return angle
    # a ratio gold of three terms (1:2:3) is answered by one in plain text too, read whole as its last number
    ratio = isinstance(gold.node, Ratio)
    number = found.last_number() if gold.kind == "number" or ratio or _number_of_degrees(gold) else None
    inside = number is not None and math is not None and math.start <= number.start < number.end <= math.end
    if math is not None and (number is None or (inside and math.text != number.text)):
        if len(run) > 1:
            joined = _math_run(run, gold, found)
            if joined is not None:
                return joined
        reading = reading_of(math.text, gold)
        if reading.status in ("value", "ambiguous") or number is None:
            return math, reading
        if inside and _piece_of_math(found, math, number):
            # "\\[\\weirdcmd \\quad x = \\frac{2}{3}\\]": the last number is a piece of math that cannot be
            # read (a denominator, a radicand, an exponent), never the value the math states (the number is
            # what was found, so that what its sentence says of it, "as $x \\to 72$", is read too)
            why = (
                f"the last number {number.text!r} is a piece of math that cannot be read ({math.text[:60]!r})"
            )
            return number, Reading("unparseable", text=number.text, why=why)
    if number is not None:
        said = _said_around_number(found, number, gold)
        if said is not None:
            return said
    if number is not None:
        hour = _hour_after(found, number, is_time_gold(gold))
        if hour is not None:
            return hour
    if number is not None and gold.kind == "number":
        compared = _compared_value(found, number, gold)
        if compared is not None:
            return compared
        if "/" in number.text:
            score = _score_of_whole(found, number, gold)
            if score is not None:  # "She scored 18/20.": 18 out of 20, as well as 0.9
                return score
        named = _names_a_thing(found, number, gold, conditions_left) if conditions_left > 0 else None
        if named is not None:  # "… it takes 8 hours to drain the 1200-gallon tank.": 8
            return named
        added = _added_by_participle(found, number)
        if added is not None:  # "The total time is 4 hours, covering 240 km.": which one is asked?
            return number, Reading("ambiguous", text=number.text, why=added)
    if number is not None:
        total = found.labelled_total(number) if gold.kind == "number" else None
        if total is not None:  # "In total: 72 muffins, as each of the 6 boxes holds 12."
            number = total
        restated = found.restated_result(number) if gold.kind == "number" and total is None else None
        if isinstance(restated, str):
            return number, Reading("ambiguous", text=number.text, why=restated)
        if restated is not None:
            number = restated
        argument = _command_argument(found, number)
        if argument is not None:
            # "The ratio is \\frac{2}{3}.": the last number is an argument of a command written with no
            # delimiters; the math it ends is the answer when it reads, never the number alone
            plain = found.plain_math()
            if plain is not None and plain.start <= number.start and number.end <= plain.end:
                reading = reading_of(plain.text, gold)
                if reading.status in ("value", "ambiguous"):
                    return plain, reading
            return number, argument
        operand = operand_of_expression(found, number)
        if operand is not None:
            return number, operand
        if conditions_left > 0:
            before_rival = _before_rejected_rival(
                found, number, gold, conditions_left
            ) or _before_contrasted_rival(found, number, gold, conditions_left)
            if before_rival is not None:
                return before_rival
    return number, (reading_of(number.text, gold) if number is not None else None)


# what makes a closing sentence conclude on a result of its own: a computation, a conclusion word, what is
# left or the total, a label's value ("He gave away 3, so 9 are left.", "That's 45 minutes in total.",
# "Multiply by 2: 24.")
_CONCLUDED_CUE = lazy_compile(
    r"[=×÷/+<>≈]|\d\s*\*\s*\d|\d\s+-\s+\d|:[\s*_$]*\d|\\(?:times|div|cdot|frac)|\b(?:so|thus|hence|therefore|total|totals|"
    r"in\s+all|altogether|overall|left|remain(?:s|ing)?|answer|result)\b",
    re.IGNORECASE,
)
# ... or say something of a value that its readers judge (a negation, a hedge, an alternative, a bound, a
# range, a condition, a correction, a question): such a sentence is read as ever, never stepped over
_UNCOMMITTED_CUE = lazy_compile(
    rf"[?？]|n['’]t\b|\b(?:not|no|never|nor|cannot|or|either|alternatively|maybe|perhaps|probably|possibly|"
    rf"likely|guess|think|believe|seems?|suspect|{shared_words.APPROXIMATION}|nearly|almost|least|most|up\s+to|"
    r"more\s+than|less\s+than|fewer\s+than|between|from|range|if|unless|assum\w*|suppos\w*|provided|"
    r"otherwise|actually|wait|instead|rather|wrong|incorrect|mistake|error|reject\w*|correct\w*)\b"
    # the writer's own result, said apart ("(My computation gave 68.)"), contradicts the value; no remark
    rf"|\b{shared_words.OWN_RESULT}",
    re.IGNORECASE,
)
# ... or state one as a step, a need, a consequence, no restatement of givens ("Now she has 12.", "She needs
# 45 minutes.", "She would have 15.")
_RESULT_CUE = lazy_compile(
    r"\b(?:giving|gives|leaving|leaves|making|makes|made|means|equals?|times|plus|minus|divided|multiplied|"
    r"sum|difference|product|need(?:s|ed)?|must|should|then|now|but|however|when|would|could|might|may|will)\b",
    re.IGNORECASE,
)
# what opens a closing sentence that derives a value from others rather than restates them: "With a length
# of 6 meters, the width is 4 meters."
_DERIVING_OPENING = lazy_compile(
    r"[\s*_>-]*(?:with|given|using|if|since|because|as|for|from|after|taking|assuming|when)\b", re.IGNORECASE
)
_WORD = lazy_compile(r"[^\W\d_]{2,}")
# a full stop that abbreviates a word: "i.e.", "e.g.", "etc.", "approx.", "vs."
_ABBREVIATED = lazy_compile(
    r"(?:\b[A-Za-z]\.[A-Za-z]|\b(?i:etc|vs|approx|ca|rs|mr|mrs|ms|dr|st|no|fig|eq|resp))\.$"
)
_RESTATED_NUMBERS = 3  # the numbers a closing sentence of givens holds, at most, to be read as operands
_RESULTS_READ = 4000  # how much of the text before a closing sentence is read for the results it states


def _combines_to(value: Fraction, numbers: list[Fraction]) -> bool:
    """Whether ``value`` is the sum or the product of ``numbers`` (two or three): the operands of a result,
    told after it (a value that one of them is got from, ``12`` before ``Multiply by 2: 24``, is none).

    >>> _combines_to(Fraction(45), [Fraction(3), Fraction(15)])
    True
    >>> _combines_to(Fraction(72), [Fraction(48), Fraction(24)])
    True
    >>> _combines_to(Fraction(12), [Fraction(2), Fraction(24)])
    False
    """
    product = Fraction(1)
    for n in numbers:
        product *= n
    return value in (sum(numbers, Fraction(0)), product)


# the end of a text as the readers of its closing sentence see it: where it starts in the region, the text
# without a closing pleasantry, and its sentence breaks
_ClosingTail = tuple[int, str, list[re.Match[str]]]


def _closing_tail(found: Candidates) -> _ClosingTail:
    """The last :data:`_CHECKS_TAIL_CHARS` of the answer region, a closing pleasantry taken off, and the
    sentence breaks in it (but a last one at its very end)."""
    tail_at = max(0, len(found.region) - _CHECKS_TAIL_CHARS)
    body = POLITE_TAIL.sub("", found.region[tail_at:]).rstrip()
    return tail_at, body, list(_SENTENCE_BREAKS.finditer(body, 0, max(0, len(body) - 1)))


def _closing_remark(
    found: Candidates, gold: Gold, conditions_left: int, tail: _ClosingTail
) -> tuple[Answer, Reading] | None:
    """The value stated before a closing sentence that states no answer, read in the last number's place:
    a sentence that only restates the givens (``So Maria needs 45 minutes in total. She walks 3 blocks at
    15 minutes each.``: its numbers are stated earlier and its last as no result, or they are the operands
    of the value before it, ``The area is 24 square meters. Its length is 6 meters and width 4 meters.``),
    or a plan or wish (``… so he saved $240 this year. Next year he hopes to save $300.``). AMBIGUOUS, with
    the last number, where no result stands right before a sentence of givens or a plan: a given is never
    the answer. None when the text closes on no such sentence, or when that sentence's last number is read
    as ever (it restates the value before it, or a result of the working)."""
    region = found.region
    tail_at, body, breaks = tail
    if not breaks or not DIGIT.search(body, breaks[-1].end()):
        return None  # (one sentence, or a closing sentence with no digit: the common cases)
    if _ABBREVIATED.search(body, max(0, breaks[-1].start() - 8), breaks[-1].start() + 1):
        return None  # "… 90 minutes, i.e. 2 hours.": the full stop abbreviates, the sentence goes on
    sentence = body[breaks[-1].end() :]
    closing_at = tail_at + breaks[-1].end() + len(sentence) - len(sentence.lstrip())
    sentence = sentence.strip()
    if _CONCLUDED_CUE.search(sentence):
        return None  # (the common case: the closing sentence concludes)
    # "… 235 pages left. At 35 pages a day that would take about 7 more days.": what would follow from the
    # result, however approximate or conditional
    consequence = conclusions.would_consequence(sentence)
    if consequence is None and _UNCOMMITTED_CUE.search(sentence):
        return None  # (or says what its readers judge)
    plan = consequence or conclusions.planned(sentence)
    if plan is None and _RESULT_CUE.search(sentence):
        return None
    last = found.last_number()
    if last is None or last.start - found.region_start < closing_at:
        return None
    said = [q for q in scan(sentence) if q.quantity is not None]
    if not said:
        return None
    before = region[:closing_at]
    givens = False
    if plan is None:
        earlier = {m.group().replace(",", "") for m in _NUMERAL_TEXT.finditer(before)}
        # (givens are two or more: a sentence saying one number stated before says that value again, "**7**",
        # "Oh right, 40 minutes.")
        givens = len(said) >= 2 and all(
            (n := _NUMERAL_TEXT.search(sentence, q.start, q.end)) is not None
            and n.group().replace(",", "") in earlier
            for q in said
        )
        if not givens and not 2 <= len(said) <= _RESTATED_NUMBERS:
            return None
        if givens and _stated_as_result(before[-_RESULTS_READ:], last.text):
            return None  # "… = 45 minutes. … She walks 3 blocks for 45 minutes.": a result told again
    why = plan or f"a closing sentence that restates givens: {sentence[:60]!r} states no answer"
    unsure = last, Reading("ambiguous", text=last.text, why=why)
    read_before = _value_before(found, gold, closing_at, conditions_left)
    if read_before is None:
        return unsure if plan is not None or givens else None
    stated, reading = read_before
    if (
        reading.quantity is None
        or DIGIT.search(region, stated.end - found.region_start, closing_at)
        or _SENTENCE_BREAKS.subn("", region[stated.end - found.region_start : closing_at].rstrip())[1] > 1
    ):
        return unsure if plan is not None or givens else None
    value = reading.quantity
    if same_reading(reading_of(last.text, gold), reading):
        return None  # "So 45 minutes. She walks 3 blocks for 45 minutes.": the last number says it again
    stated_from = _sentence_start(region, stated.start - found.region_start)
    if len(_WORD.findall(region, stated_from, closing_at)) < 2:
        # "**72 clips**\n\nNatalia sold 48 in April and 24 in May.": a bare value line is no statement
        return None
    again = next((q for q in said if same_quantity(q.quantity, value)), None)
    if again is not None and givens:
        # "So 45 minutes in total. It is 45 minutes for 3 blocks of 15 minutes.": the answer said again with
        # the givens, read where the closing sentence says it
        at = found.region_start + closing_at + again.start
        said_again = sentence[again.start : again.end]
        return Answer(said_again, "restated_result", at, at + len(said_again), True), reading_of(
            said_again, gold
        )
    if (
        plan is None
        and again is None
        and 2 <= len(said) <= _RESTATED_NUMBERS
        and value.value is not None
        and _combines_to(value.value, [q.quantity.value for q in said])
        and (givens or not _DERIVING_OPENING.match(sentence))
    ):
        return stated, reading  # "… 84 pages. She reads 28 pages each day for 3 days.": its operands
    if plan is None and not givens:
        return None  # "The area is 24. With a length of 6, the width is 4.": a value the sentence derives
    result = (
        conclusions.concluded_value(region[stated_from:closing_at]) is not None
        or "=" in region[stated_from : stated.start - found.region_start]
        # "72 − 20 = 52.\nShe has 52 cookies left. Next week she plans to bake 15 trays.": the working
        # computed the value the statement before the plan says
        or _stated_as_result(
            region[max(0, stated_from - _RESULTS_READ) : stated_from], _numeral(value, stated)
        )
    )
    return (stated, reading) if result else unsure


# a remark told after the value a text concludes on, whose own value is no result of the working: a whole
# sentence in brackets ("(She gave away 15.)", "(The one after would be 486.)"), the rest of a count ("The
# other 14 animals are horses."), or a value that would be ("Its perimeter would be 28 meters.": another
# quantity, and which one is asked is unknown); one that points back at the value ("That would be $35.") or
# derives from it ("For 7 tickets she would pay $35.") goes on from it, and is read as ever
# (a whole sentence: "(20 after the gift)" is a value under a condition, left to its readers)
_REMARK_IN_BRACKETS = lazy_compile(r"\((?P<body>[A-Z][^()\n]{2,200})\)[.!]?")
_REMARK_OF_THE_REST = lazy_compile(r"[\s*_>-]*(?:the[ \t]+)?(?:others?|rest)\b", re.IGNORECASE)
_WOULD_BE = lazy_compile(
    r"\b(?:would|could|might)[ \t]+(?:(?:only|still|also|then|now)[ \t]+)?be\b", re.IGNORECASE
)
_POINTS_BACK = lazy_compile(
    r"[\s*_>-]*(?:that|this|it|which|these|those|so|thus|hence|therefore|then)\b", re.I
)
# a statement that concludes the text's working: "So she has 25 stickers left.", "In total they have 30."
_CONCLUDING_STATEMENT = lazy_compile(
    r"[\s*_>-]*(?:so|thus|hence|therefore|in[ \t]+total|in[ \t]+all|altogether|overall|finally|"
    r"in[ \t]+the[ \t]+end)\b",
    re.IGNORECASE,
)
# where a total's breakdown opens after its value: "30 marbles: Alice 18, Bob 12." (a sentence after a value
# called the total that only breaks it down is one too: "So they have 30 in total. Alice has 18 and Bob 12.";
# after any other value it may state the asked part: "He had 50 apples. He sold 8 and kept 42.")
_BREAKDOWN_COLON = lazy_compile(r":[ \t]+(?=[^\d\n]{0,40}\d)")
_CALLED_TOTAL = lazy_compile(r"\b(?:total|altogether|in\s+all|combined|all\s+together)\b", re.IGNORECASE)
_PARTS_AT_MOST = 6  # the parts a total's breakdown names, at most
# a clause added after the concluded value with another quantity: "Hence the train arrives at 3:15 PM, after
# traveling for 135 minutes." (a time and a duration: which one is asked is unknown)
_ADDED_CLAUSE = lazy_compile(
    r",[ \t]+(?:after|before|while|by|when)[ \t]+[a-z]{2,}ing\b(?=[^,.;:!?\n=]*[.!]?$)", re.IGNORECASE
)
# a value per a span of time said again per another: "$1,234.50 a month, which is $41.15 a day"
_PER_SPAN = r"[ \t]+(?:a|an|per|each|every)[ \t]+(?P<{0}>second|minute|hour|day|week|month|year)\b"
_RATE_RESTATED = lazy_compile(
    _PER_SPAN.format("first")
    + r"[^,.;:!?\n\d]{0,40},[ \t]+(?:which[ \t]+is|that[ \t]+is|i\.e\.,?|or)[ \t]+"
    + r"[$€£*_ \t]*(?P<second>\d[\d,]*(?:\.\d+)?)"
    + _PER_SPAN.format("span")
    + r"[ \t]*[.!]?$",
    re.IGNORECASE,
)
# how many days each span lasts, at least and at most
_SPAN_DAYS = {
    "second": (Fraction(1, 86400),) * 2,
    "minute": (Fraction(1, 1440),) * 2,
    "hour": (Fraction(1, 24),) * 2,
    "day": (Fraction(1),) * 2,
    "week": (Fraction(7),) * 2,
    "month": (Fraction(28), Fraction(31)),
    "year": (Fraction(360), Fraction(366)),
}


def _rate_restated(first: Fraction, first_span: str, second: Fraction, second_span: str) -> bool:
    """Whether ``second`` per ``second_span`` says ``first`` per ``first_span`` again (a month of 28 to 31
    days, a rounding of a cent in a hundred).

    >>> _rate_restated(Fraction("1234.50"), "month", Fraction("41.15"), "day")
    True
    >>> w = Fraction(800)
    >>> _rate_restated(w, "week", Fraction(3200), "month"), _rate_restated(w, "week", Fraction(50), "day")
    (True, False)
    """
    if second <= 0 or first_span == second_span:
        return False
    (low_1, high_1), (low_2, high_2) = _SPAN_DAYS[first_span], _SPAN_DAYS[second_span]
    ratio = first / second
    return low_1 / high_2 * Fraction(99, 100) <= ratio <= high_1 / low_2 * Fraction(101, 100)


def _remark_kind(sentence: str) -> str | None:
    """Which remark ``sentence``, closing the text after a value, is: ``"brackets"``, ``"rest"`` or
    ``"would"``; None for a sentence that concludes, hedges, computes or goes on from the value.

    >>> _remark_kind("(She gave away 15.)"), _remark_kind("The other 14 animals are horses.")
    ('brackets', 'rest')
    >>> _remark_kind("Its perimeter would be 28 meters."), _remark_kind("(So she gave away 15.)")
    ('would', None)
    >>> _remark_kind("That would be $35."), _remark_kind("For 7 tickets, she would pay $35.")
    (None, None)
    """
    bracketed = _REMARK_IN_BRACKETS.fullmatch(sentence) if sentence[:1] == "(" else None
    said = bracketed["body"] if bracketed is not None else sentence
    if (
        _CONCLUDED_CUE.search(said)
        or _UNCOMMITTED_CUE.search(said)
        or _DERIVING_OPENING.match(said)
        or _POINTS_BACK.match(said)
        or len(_NUMERAL_TEXT.findall(said)) != 1
        # (a number word counts as a value too; "one" is as often a pronoun: "The one after would be 486.")
        or any(word in CARDINAL_WORDS and word != "one" for word in re.findall(r"[a-z]+", said.lower()))
    ):
        return None
    result_cue = _RESULT_CUE.search(said)
    if bracketed is not None and (result_cue is None or result_cue.group().lower() == "would"):
        return "brackets"
    if result_cue is None and _REMARK_OF_THE_REST.match(said):
        return "rest"
    if _WOULD_BE.search(said) and all(m.group().lower() == "would" for m in _RESULT_CUE.finditer(said)):
        return "would"
    return None


def _remark_after_result(
    found: Candidates, gold: Gold, conditions_left: int, tail: _ClosingTail
) -> tuple[Answer, Reading] | None:
    """The value a text concludes on before a remark that closes it (``So she has 25 stickers left. (She gave
    away 15.)``, ``Therefore, the farmer has 36 cows. The other 14 animals are horses.``) or before the
    total's breakdown (``They collected 120 cans in total: 45 on Monday, 35 on Tuesday and 40 on
    Wednesday.``: its parts add up to it), read in the last number's place. AMBIGUOUS, with the last number,
    where the remark says what another quantity would be (``Therefore, the garden is 48 square meters. Its
    perimeter would be 28 meters.``: which one is asked is unknown), and where a remark in brackets or on
    the rest follows a value that no concluding statement states (``Tom needs 9 more dollars. (He already
    has 21.)``). None when the text closes on no such remark."""
    region = found.region
    tail_at, body, breaks = tail
    sentence_at = breaks[-1].end() if breaks else 0
    if not DIGIT.search(body, sentence_at):
        return None  # (the common case: a closing sentence with no digit)
    colon = body.rfind(":", sentence_at)
    breakdown = _BREAKDOWN_COLON.search(body, colon) if colon >= 0 else None
    added = _ADDED_CLAUSE.search(body, sentence_at) if breakdown is None and "ing" in body[-200:] else None
    rate = (
        _RATE_RESTATED.search(body, sentence_at)
        if breakdown is None and added is None and "," in body[-200:]
        else None
    )
    remark_at = (
        breakdown.start() + 1
        if breakdown is not None
        else added.start() + 1
        if added is not None
        else rate.end("first")
        if rate is not None
        else sentence_at
    )
    remark = body[remark_at:].strip()
    kind = (
        "breakdown"
        if breakdown is not None
        else "added"
        if added is not None
        else "rate"
        if rate is not None
        else (_remark_kind(remark) or "breakdown")
        if breaks
        else None
    )
    remark_at = tail_at + remark_at + len(body[remark_at:]) - len(body[remark_at:].lstrip())
    numerals = _NUMERAL_TEXT.findall(remark)
    if kind is None or remark_at == 0:
        return None
    if kind == "added" and (
        len(numerals) != 1 or _CONCLUDED_CUE.search(remark) or _UNCOMMITTED_CUE.search(remark)
    ):
        return None
    parts = [Fraction(n.replace(",", "")) for n in numerals]
    if kind == "breakdown":
        # (a total's breakdown names its parts and no more: "Alice has 18 and Bob has 12.")
        told = list(_NUMERAL_TEXT.finditer(region, max(0, remark_at - 200), remark_at))
        if (
            not 2 <= len(parts) <= _PARTS_AT_MOST
            or not told
            or sum(parts, Fraction(0)) != Fraction(told[-1].group().replace(",", ""))
            or (
                breakdown is None
                and not _CALLED_TOTAL.search(region, _sentence_start(region, told[-1].start()), remark_at)
            )
            or _CONCLUDED_CUE.search(remark)
            or _UNCOMMITTED_CUE.search(remark)
        ):
            return None
    last = found.last_number()
    if last is None or last.start - found.region_start < remark_at:
        return None
    stated = _value_before(found, gold, remark_at, conditions_left)
    if stated is None:
        return None
    value, reading = stated
    between = region[value.end - found.region_start : remark_at]
    if DIGIT.search(between) or _SENTENCE_BREAKS.subn("", between.rstrip())[1] > 1:
        return None  # (only the value that ends the statement right before the remark)
    if same_reading(reading_of(last.text, gold), reading):
        return None  # ("So 25 left. (25 stickers.)": the remark says the value again)
    if kind == "rate":
        # "$1,234.50 a month, which is $41.15 a day": one quantity said per two spans, either answers it
        again = reading_of(rate["second"], gold).quantity if rate is not None else None
        if (
            rate is None
            or reading.quantity is None
            or reading.quantity.value is None
            or again is None
            or again.value is None
            or not _rate_restated(
                reading.quantity.value, rate["first"].lower(), again.value, rate["span"].lower()
            )
        ):
            return None
        return stated if _equals_gold(reading, gold) else None
    if kind == "added":
        why = (
            f"two quantities stated: {remark[:60]!r} adds another after the value; which is asked is unknown"
        )
        return last, Reading("ambiguous", text=last.text, why=why)
    if kind == "breakdown":
        # the parts add up to the value before them: a total and its breakdown, and the total is the answer
        if reading.quantity is None or reading.quantity.value != sum(parts, Fraction(0)):
            return None
        return stated
    statement_from = _sentence_start(region, value.start - found.region_start)
    statement = region[statement_from:remark_at].strip()
    concluded = (
        _CONCLUDING_STATEMENT.match(statement) is not None
        or conclusions.concluded_value(statement) is not None
    )
    if concluded and kind != "would":
        return stated
    if kind == "would" and not concluded:
        return None  # ("Each ticket costs $5. Seven tickets would be $35.": the would-sentence may conclude)
    why = (
        f"another quantity: {remark[:60]!r} says what would be after the concluded value, and which is asked "
        "is unknown"
        if kind == "would"
        else f"a remark after a value no statement concludes on: {remark[:60]!r} states no answer"
    )
    return last, Reading("ambiguous", text=last.text, why=why)


def _numeral(value: Quantity, stated: Answer) -> str:
    """The digits a whole ``value`` is written with in working (``52`` for ``52.0``), else the text of
    ``stated``."""
    number = value.value
    if number is not None and number.denominator == 1:
        return str(number.numerator)
    return stated.text


_REASONING_READ = 4000  # how much of the reasoning block before the answer region is read for its numbers


def givens_after_reasoning(found: Candidates, reasoning: str) -> str | None:
    """Why the answer region after a reasoning block (``reasoning``, the text before the region) states no
    answer when it is one sentence that only restates the question's givens (``<think>3 × 15 =
    45</think>\\nShe walks 3 blocks at 15 minutes each.``): two or three numbers, each written in the
    reasoning, the last no result there, whose sum or product is the number the reasoning ends on, and nothing
    that concludes, computes or hedges; None otherwise. What :func:`_closing_remark` reads in a sentence after
    the result, with the reasoning as the text before it.

    >>> from rewardkit.extract import find_answers
    >>> text = "<think>3 × 15 = 45</think>\\nShe walks 3 blocks at 15 minutes each."
    >>> givens_after_reasoning(find_answers(text), text[:26])[:52]
    'a sentence after the reasoning that restates givens:'
    >>> text = "<think>3 × 15 = 45</think>\\nShe walks 45 minutes."
    >>> givens_after_reasoning(find_answers(text), text[:26])
    """
    body = POLITE_TAIL.sub("", found.region[-_CHECKS_TAIL_CHARS:]).strip()
    if (
        not body
        or len(body) < len(found.region.strip()) - _CHECKS_TAIL_CHARS
        or _SENTENCE_BREAKS.search(body, 0, len(body) - 1)
        or _CONCLUDED_CUE.search(body)
        or _UNCOMMITTED_CUE.search(body)
        or _RESULT_CUE.search(body)
    ):
        return None  # (several sentences are _closing_remark's; a sentence that concludes is read as ever)
    said = [q for q in scan(body) if q.quantity is not None]
    last = found.last_number()
    if last is None:
        return None
    # (a compound quantity the last number reads whole is one value: "He has 12 dollars and 50 cents.")
    inside = len(_NUMERAL_TEXT.findall(last.text))
    told = len(said) - inside + 1 if inside > 1 else len(said)
    if not 2 <= told <= _RESTATED_NUMBERS or len(said) > _RESTATED_NUMBERS:
        return None
    before = reasoning[-_REASONING_READ:]
    earlier = {m.group().replace(",", "") for m in _NUMERAL_TEXT.finditer(before)}
    if not all(
        (n := _NUMERAL_TEXT.search(body, q.start, q.end)) is not None
        and n.group().replace(",", "") in earlier
        for q in said
    ):
        return None
    reached = [m.group().replace(",", "") for m in _NUMERAL_TEXT.finditer(before[-200:])]
    if not reached or _stated_as_result(before, last.text):
        return None  # "<think>… = 45</think> She walks 3 blocks for 45 minutes.": the result told again
    result = Fraction(reached[-1])
    values = [q.quantity.value for q in said if q.quantity is not None and q.quantity.value is not None]
    if len(values) != len(said) or result in values or not _combines_to(result, values):
        # the sentence's numbers are the operands of the reasoning's last number, and none of them is it
        # ("<think>… 9 times 2 is 18.</think> … earning $18.": the result told again; "Each of the 4 friends
        # gets 3 slices." after reasoning that reached 5 states its own value)
        return None
    return f"a sentence after the reasoning that restates givens: {body[:60]!r} states no answer"


def _sentence_start(region: str, at: int) -> int:
    """Where the sentence that holds ``region[at]`` starts: past the last full stop (a decimal point, ``8.0``,
    is none), semicolon, ``!``, ``?`` or line break before it, within 300 characters."""
    lo = max(0, at - 300)
    stop = max(region.rfind(c, lo, at) for c in ";!?\n")
    for point in SENTENCE_STOP.finditer(region, max(lo, stop + 1), at):
        stop = point.start()
    return stop + 1


def _stated_as_result(text: str, number: str) -> bool:
    """Whether ``number`` is the value a sentence of ``text`` concludes on or computes (``= 45``, ``so 45``):
    a result told again, where a closing sentence holds it, and no given."""
    digits = number.strip(" $€£*_")
    if digits not in text:
        return False
    for sentence in _SENTENCE_SPLIT.split(text):
        if digits not in sentence:
            continue
        where = conclusions.concluded_value(sentence)
        if where is not None and sentence[where[0] : where[1]].lstrip("-−$") == digits:
            return True
        if re.search(rf"=[\s$*_\\(]*{re.escape(digits)}(?![\d]|[.,]\d)", sentence):
            return True
    return False


def _value_before(
    found: Candidates, gold: Gold, at: int, conditions_left: int
) -> tuple[Answer, Reading] | None:
    """The answer the text up to ``at`` (a position in ``found.region``) ends on, read as a value, or None:
    what a closing check, explanation, reason or remark after ``at`` leaves as the statement before it."""
    earlier = Candidates(region_start=found.region_start, region=found.region[:at])
    value, reading = lenient_answer(earlier, gold, conditions_left=conditions_left - 1)
    if value is None or reading is None or reading.status != "value":
        return None
    return value, reading


def _value_ending_before(
    found: Candidates, gold: Gold, at: int, conditions_left: int
) -> tuple[Answer, Reading] | None:
    """The value the text up to ``at`` ends on when it ends the sentence right before ``at`` (an
    explanation, a remark or a line of working in brackets opens there), unless what follows ``at``
    concludes on another value; None otherwise."""
    stated = _value_before(found, gold, at, conditions_left)
    if stated is None or _SENTENCE_BREAKS.search(
        found.region[stated[0].end - found.region_start : at].rstrip()
    ):
        return None
    if concluded_past(found, stated[0], gold, found.region[at:]) is not None:
        return None
    return stated


def _restated_last(found: Candidates, stated: Reading, gold: Gold) -> bool:
    """Whether the text's last number says ``stated`` again (``It is 18. Or 18.0.``): the last number is then
    read as ever, the statement before it and it being one value."""
    number = found.last_number()
    return number is not None and same_reading(reading_of(number.text, gold), stated)


def _compared_value(found: Candidates, number: Answer, gold: Gold) -> tuple[Answer, Reading] | None:
    """The value a closing clause measures against the last number (``In total he ran 14 miles, which is 2
    miles short of his 16-mile goal.``, ``She saved $40, half of her $80 target.``): the statement's value,
    read in the number's place (rule ``compared_value``); AMBIGUOUS where no value stands right before the
    clause (``He is 2 miles short of his 16-mile goal.``); None when the number is measured against
    nothing."""
    region, base = found.region, found.region_start
    at = number.start - base
    # (a full stop may be a decimal point or an abbreviation's, "$1.50", "i.e.": the reader stops at words)
    line_start = max(region.rfind(c, max(0, at - 300), at) for c in "!?;\n") + 1
    measured = bounds.measured_against(
        region[line_start:at], region[number.end - base : number.end - base + 40]
    )
    if measured is None:
        return None
    start, end, said = measured
    if start < 0:
        why = f"a reference: {said!r} measures a value against {number.text!r}, which states no answer"
        return number, Reading("ambiguous", text=number.text, why=why)
    start, end = line_start + start, line_start + end
    value = Answer(region[start:end], "compared_value", base + start, base + end, lenient=True)
    # what stands before the value is what can negate, bound or hedge it ("It is not 14 miles, which is 2
    # miles short of …": the clause after it is no correction that names another value)
    sentence_start = max(region.rfind(c, max(0, start - 300), start) for c in ".;!?\n") + 1
    uncommitted = commitment.problem(region[sentence_start:start], "")
    if uncommitted is not None:
        return value, Reading("ambiguous", text=value.text, why=uncommitted)
    return value, reading_of(value.text, gold)


def _score_of_whole(found: Candidates, number: Answer, gold: Gold) -> tuple[Answer, Reading] | None:
    """A score written as a fraction of its whole after a verb of scoring (``She scored 18/20.``, see
    :func:`rewardkit.commitment.scored_out_of`) read as the count it states (18, rule ``compared_value``)
    where the gold is that count and not the fraction (0.9 is paid as ever): the count reading is added,
    the fraction's kept; AMBIGUOUS against the whole (20), which the score names but does not answer. None
    where the fraction is no such score or the gold is neither."""
    region, base = found.region, found.region_start
    at, end = number.start - base, number.end - base
    scored = bounds.scored_out_of(region[max(0, at - 40) : at], number.text, region[end : end + 20])
    if scored is None or gold.quantity is None:
        return None
    fraction = reading_of(number.text, gold)
    if _equals_gold(fraction, gold):
        return None
    count, whole = scored
    counted = reading_of(count, gold)
    if _equals_gold(counted, gold):
        value = Answer(count, "compared_value", number.start, number.start + len(count), lenient=True)
        return value, counted
    if _equals_gold(reading_of(whole, gold), gold):
        why = f"a score: {number.text!r} names {whole} as the whole it counts against, which answers nothing"
        return number, Reading("ambiguous", text=number.text, why=why)
    return None


def _equals_gold(reading: Reading, gold: Gold) -> bool:
    return (
        reading.status == "value"
        and reading.quantity is not None
        and gold.quantity is not None
        and compare_quantities(reading.quantity, gold.quantity) is not None
    )


# a number glued by a hyphen to a unit or a measure word before a noun: "the 1200-gallon tank", "a 5-pound
# bag", "her 12-year-old son" (a multiplier, "a 3-fold increase", is no measure)
_MEASURE_BEFORE_NOUN = lazy_compile(r"-(?:[A-Za-z]+-){0,2}(?P<word>[A-Za-z]+)[ \t]+(?P<noun>[A-Za-z]+)")
# what after the compound shows it stands alone, no adjective of a noun ("It is 12-sided and regular.")
_NO_NOUN = frozenset(
    "and or but nor so yet with without in on at to for of by from than as is are was were be been has have "
    "had which that who each per apiece long wide tall high deep old".split()
)
# a copula and an indefinite article before the compound: the sentence states the measure as the property of
# what it is about ("It is a 12-sided polygon.", "So it's a 30-minute walk.")
_PROPERTY_BEFORE = lazy_compile(
    r"(?:\b(?:is|are|was|were|be|been|becomes?|became|makes?|made)|['’]s|['’]re)[ \t]+(?:an?[ \t]+)?$",
    re.IGNORECASE,
)
# a conclusion word between the value and an indefinite compound: the thing named is what the sentence
# concludes on
_CONCLUDES_BEFORE = lazy_compile(
    r"\b(?:so|thus|hence|therefore|altogether|in\s+(?:all|total))\b", re.IGNORECASE
)
# a definite article or a possessive before the compound: the thing it names is one the problem has
_DEFINITE_BEFORE = lazy_compile(
    r"(?:\b(?:the|this|that|these|those|his|her|its|their|our|my|your|each|every)|['’]s)[ \t]+$",
    re.IGNORECASE,
)


def _names_a_thing(
    found: Candidates, number: Answer, gold: Gold, conditions_left: int
) -> tuple[Answer, Reading] | None:
    """The value stated before a last number that is a measure naming a thing (``… so it takes 8 hours to
    drain the 1200-gallon tank.``: 8), read in its place; AMBIGUOUS where no value stands before it in its
    sentence and an article or possessive names the thing as one the problem has (``It takes a while to fill
    the 600-liter pool.``); None when the number is no such measure, or is said of a thing introduced as the
    answer (``It is a 12-sided polygon.``: the property asked about)."""
    region, base = found.region, found.region_start
    at, end = number.start - base, number.end - base
    if region[end : end + 1] != "-":
        return None  # (the common case: no hyphen glued to the number)
    measure = _MEASURE_BEFORE_NOUN.match(region, end)
    if (
        measure is None
        or measure["word"].lower() in ("fold", "ish", "odd")
        or measure["noun"].lower() in _NO_NOUN
        or STRUCTURE_AFTER.match(region, end)  # "a 3-part question": the solution's structure, read as such
    ):
        return None
    sentence_start = _sentence_start(region, at)
    definite = _DEFINITE_BEFORE.search(region, max(0, at - 24), at) is not None
    if not definite and _PROPERTY_BEFORE.search(region, max(0, at - 24), at):
        return None  # "So it's a 30-minute walk.": the measure is the property the sentence states
    earlier = Candidates(region_start=base, region=region[:at])
    stated, reading = lenient_answer(earlier, gold, conditions_left=conditions_left - 1)
    if (
        stated is not None
        and reading is not None
        and reading.status == "value"
        and stated.start - base >= sentence_start
        # ("… 10 minutes each, so she takes a 30-minute walk.": a thing the sentence concludes on is no given)
        and (definite or not _CONCLUDES_BEFORE.search(region, stated.end - base, at))
    ):
        return stated, reading
    if not definite:
        return None
    said = region[max(sentence_start, at - 12) : measure.end()].strip()
    why = f"a reference: {said!r} names a thing of the problem, no answer"
    return number, Reading("ambiguous", text=number.text, why=why)


# a participle clause that closes a sentence on a value of its own: ", covering 240 km", ", spending $30"
# (the words that conclude, "giving", "leaving", "making", "totaling", are conclusions and no such clause)
_PARTICIPLE_CLAUSE = lazy_compile(
    r",[ \t]+(?:(?:also|while|thereby)[ \t]+)?(?P<verb>[a-z]{2,}ing)\b[^,.;:!?\n=]*$"
)
_CONCLUDING_PARTICIPLES = frozenset(
    "giving leaving making totaling totalling bringing yielding resulting amounting adding summing coming "
    "equaling equalling being having getting".split()
)
# the copula that states the sentence's value before such a clause: "The total time is 4 hours"
_COPULA_BEFORE = lazy_compile(rf"\s{COPULA_WORD}\s", re.IGNORECASE)


def _added_by_participle(found: Candidates, number: Answer) -> str | None:
    """Why the last number is no answer the text commits to alone: its sentence states a value after its
    copula, then adds another quantity in a participle clause (``The total time is 4 hours, i.e. 240
    minutes, covering 240 km.``: a time and a distance, and the question asks one of them), or None."""
    region, base = found.region, found.region_start
    at = number.start - base
    if region.rfind(",", max(0, at - 60), at) < 0:
        return None  # (the common case: no comma before the last number)
    sentence_start = _sentence_start(region, at)
    # "… is 4 hours, i.e. 240 minutes, covering …": an abbreviation's stops end no sentence
    for _ in range(3):
        before = region[max(0, sentence_start - 10) : sentence_start].rstrip()
        abbreviation = _ABBREVIATED.search(before) if sentence_start > 1 else None
        if abbreviation is None:
            break
        sentence_start = _sentence_start(region, sentence_start - len(before) + abbreviation.start())
    head = region[sentence_start:at]
    clause = _PARTICIPLE_CLAUSE.search(head)
    if clause is None or clause["verb"].lower() in _CONCLUDING_PARTICIPLES:
        return None
    copula = _COPULA_BEFORE.search(head, 0, clause.start())
    stated = first_value(head[copula.end() : clause.start()]) if copula is not None else None
    added = first_value(region[at : number.end - base + 40])
    if stated is None or added is None or stated[2] is None or added[2] is None:
        return None
    if same_quantity(stated[2], added[2]) or stated[2].unit is None or added[2].unit is None:
        return None  # ("… is 240 km, covering 240 km": one quantity; a bare number names no other kind)
    if stated[2].unit.dimension == added[2].unit.dimension:
        return None
    said = region[sentence_start : number.end - base].strip()
    return f"two quantities stated: {said[:70]!r} adds another quantity after its value"


def _piece_of_math(found: Candidates, math: Answer, number: Answer) -> bool:
    """Whether the last number stands inside a brace group or a script of a delimited math span
    (``$\\frac{2}{3}$``'s 3, ``\\(\\sqrt{3}\\)``'s, ``$2^{10}$``'s 10): a piece of its structure, which says
    no value of its own. A number at the math's top level (``$\\lim_{x \\to 0} f(x) = 72$``) is not."""
    region, base = found.region, found.region_start
    if region[max(0, math.start - base - 1) : math.start - base] not in ("$", "(", "["):
        return False  # the whole text read as an expression ("9 × 8 => 72"), no delimited span
    before = region[math.start - base : number.start - base]
    if before.rstrip().endswith(("^", "_")):
        return True
    depth = 0
    for brace in _GROUP_BRACE.finditer(before):
        depth += 1 if brace.group() == "{" else -1
    return depth > 0


_GROUP_BRACE = lazy_compile(r"(?<!\\)[{}]")
# a closing line that is one aside in brackets, after the line it explains: "\n(6 per day × 3 days)"
_ASIDE_LINE_AT_END = lazy_compile(r"\n[ \t]*\((?P<body>[^()\n]{1,200})\)[ \t.]*\s*$")
# ... that works: an operation on the givens ("6 per day × 3 days", "3 boxes of 4", "12 + 6"), not another
# value ("20 after the gift")
_WORKING_ASIDE = lazy_compile(r"\d[^\n]*(?:[×*/+÷=−]|\s-\s|\b(?:x|per|each|times|of|at)\b)[^\n]*\d")
_ASIDE_RESULT = lazy_compile(r"=[ \t*_$]*(?P<value>[-−]?\d[\d,]*(?:\.\d+)?)")
_OR_TAIL_CHARS = 160  # the plain math a number gold's "or" test reads is at most this long
_ATTAINED_TAIL_CHARS = 600  # the statement of a value and where it is attained ends the text within this


def _before_rejected_rival(
    found: Candidates, number: Answer, gold: Gold, conditions_left: int
) -> tuple[Answer, Reading] | None:
    """The statement right before a last sentence that only rejects another value (``72. Note that 96 does
    not work.``), or None. A sentence that rejects the value stated before it (``… = 72. 72 was my first
    thought, but it's wrong.``) leaves nothing to fall back on."""
    region, at = found.region, number.end - found.region_start
    sentence_start = max(region.rfind(c, max(0, at - 300), at) for c in ".;!?\n") + 1
    if sentence_start <= 0:
        return None
    after = region[at : at + 300]
    if (rejection.rejected_after(after) or whole_statement.called_wrong_after(after)) is None:
        return None
    if _SENTENCE_BREAKS.search(POLITE_TAIL.sub("", after).rstrip().rstrip(".!")) is not None:
        return None  # the rejection is not what the text ends on
    earlier = Candidates(region_start=found.region_start, region=region[:sentence_start])
    stated, reading = lenient_answer(earlier, gold, conditions_left=conditions_left - 1)
    if stated is None or reading is None or reading.status != "value":
        return None
    between = region[stated.end - found.region_start : sentence_start]
    rejected = reading_of(number.text, gold)
    if _SENTENCE_BREAKS.subn("", between)[1] > 1 or (
        rejected.status == "value" and same_reading(rejected, reading)
    ):
        return None
    return stated, reading


# a value (maybe with its unit), then "not" before the last number: "18 dollars, not 16", "18 - not 16"
_CONTRASTED_BEFORE = lazy_compile(
    r"\d(?:[%)$]|\\\))?(?:[ \t]+[^\W\d_]+)?[*_]*"
    r"(?P<cut>[ \t]*(?:[,;—–]|[ \t]-)[ \t]*(?:and[ \t]+|but[ \t]+)?not[ \t]+(?:even[ \t]+)?[$€£]?)$",
    re.IGNORECASE,
)


def _before_contrasted_rival(
    found: Candidates, number: Answer, gold: Gold, conditions_left: int
) -> tuple[Answer, Reading] | None:
    """The value a last sentence states right before it sets the last number aside with "not" (``So she makes
    18 dollars, not 16.`` answers 18), read by the lenient rules on the text before the "not", or None."""
    region, at = found.region, number.start - found.region_start
    if "not" not in region[max(0, at - 12) : at]:  # the common case, settled by one substring test
        return None
    contrast = _CONTRASTED_BEFORE.search(region, max(0, at - 80), at)
    if contrast is None:
        return None
    earlier = Candidates(region_start=found.region_start, region=region[: contrast.start("cut")])
    stated, reading = lenient_answer(earlier, gold, conditions_left=conditions_left - 1)
    # the value read is the one right before the "not", not one of an earlier sentence
    if (
        stated is None
        or reading is None
        or reading.status != "value"
        or stated.end - found.region_start <= contrast.start()
    ):
        return None
    rejected = reading_of(number.text, gold)
    if rejected.status == "value" and same_reading(rejected, reading):
        return None
    return stated, reading


# a.m. or p.m. after an hour, maybe after the math or emphasis that closes around it ("$3$ p.m.", "**3** PM")
_MERIDIEM_AFTER = lazy_compile(rf"(?:\$|\\\)|\*{{1,2}}|_)?\s*{MERIDIEM}")
# what may follow an hour's digits before its a.m./p.m. or half of the day: a space, the letter glued to them
# ("3pm"), the math or emphasis closing around them
_AFTER_AN_HOUR = frozenset(" \t\u00a0\u202faApPoOhHU$\\*_")
# "at" (or "until") before an hour whose half of the day is said in words ("at 3 in the afternoon")
_AT_THE_HOUR = lazy_compile(r"\b(?:at|until|till)[ \t]+(?:around[ \t]+|about[ \t]+)?$", re.IGNORECASE)
_H_BEFORE = lazy_compile(r"(?<![\d.,:])\d{1,2}[ \t]*(?:h|Uhr)[ \t]*$")


def _hour_after(found: Candidates, number: Answer, time_gold: bool = True) -> tuple[Answer, Reading] | None:
    """The last number with the a.m./p.m. after it (``arrives at 3 p.m.``), read as a time of day: its value
    against a time gold, and against any other no number (``3 p.m.`` is never a bare 3, nor is ``at 3 in the
    afternoon`` or ``à 16 h 45`` its 45)."""
    at = number.end - found.region_start
    begin = at - len(number.text)
    # (the common case, a full stop or a line's end after the number, looks for no a.m. or p.m.)
    meridiem = (
        _MERIDIEM_AFTER.match(found.region, at) if found.region[at : at + 1] in _AFTER_AN_HOUR else None
    )
    if meridiem is None:
        before = found.region[max(0, begin - 12) : begin]
        hour_before = (
            _H_BEFORE.search(found.region, max(0, begin - 12), begin)
            if "h" in before or "Uhr" in before
            else None
        )
        if hour_before is not None:
            # "à 16 h 45": the hour written before the minutes, as French and German write the clock
            text = found.region[hour_before.start() : at]
            time = spoken_time_of_day(text)
            if time is None:
                return None
            start = found.region_start + hour_before.start()
            answer = Answer(text, number.rule, start, start + len(text), lenient=True)
            return answer, time_reading(time, text, time_gold)
        # "at 3:30 in the afternoon", "a las 3:30 de la tarde": the half of the day said in words (against
        # a number, only after "at": "she ate 3 in the afternoon" counts what she ate)
        said = (
            PART_OF_DAY_AFTER.match(found.region, at) if found.region[at : at + 1] in _AFTER_AN_HOUR else None
        )
        if (
            said is not None
            and not time_gold
            and _AT_THE_HOUR.search(found.region, max(0, begin - 24), begin) is None
        ):
            return None
        time = spoken_time_of_day(number.text + said.group()) if said is not None else None
        if said is None or time is None:
            return None
        text = number.text + said.group().rstrip(" .")
        answer = Answer(text, number.rule, number.start, number.start + len(text), lenient=True)
        return answer, time_reading(time, text, time_gold)
    # the period of "p.m." may end the sentence too: left out, the statement still ends where it did; the
    # hour is read without the math or emphasis that closes around its number ("$3$ p.m.")
    text = found.region[begin : meridiem.end()].removesuffix(".")
    hour = hour_of_day(f"{number.text} {meridiem['mer']}m")
    if hour is None:
        return None
    answer = Answer(text, number.rule, number.start, number.start + len(text), lenient=True)
    return answer, time_reading(hour, text, time_gold)


def _condition_sentence(found: Candidates, run: list[Answer], gold: Gold) -> int | None:
    """Where the text ends that comes before a math run that is no answer, or None: the start of a sentence
    whose opening states a condition on it (``This is true for \\(n \\geq 5\\)``), or the run's own start
    when it only names the variables of a quantifier (``for all positive integers \\(n\\)``, ``for all
    \\(x\\) and \\(y\\)``). Against a gold that is itself a relation or a range (``n \\geq 5``) the math
    may be the answer, so nothing is stepped over; against an equation (``f(z) = z``) only the quantifier's
    variables are."""
    if gold.kind not in ("number", "math") or isinstance(gold.node, (Chain, Interval, Union)):
        return None
    equation = isinstance(gold.node, Relation) and gold.node.op == "="
    if isinstance(gold.node, Relation) and not equation:
        return None
    at = run[0].start - found.region_start
    region = found.region
    before = region[max(0, at - 300) : at]
    opener = _MATH_OPENER.search(before)
    # a variable a quantifier binds is no answer, a variable gold's neither ("… for all $x$" against x)
    if (
        opener is not None
        and all(_BARE_VARIABLE.fullmatch(a.text) for a in run)
        and _QUANTIFIER.search(before, 0, opener.start())
    ):
        return max(0, at - 300) + opener.start()
    # the math's own opener ("\\(", "$") ends the text before it
    sentence_start = max(region.rfind(c, max(0, at - 300), at) for c in ".;!?\n") + 1
    if equation or sentence_start <= 0 or not conditions.condition_clause(region[sentence_start:at]):
        return None
    return sentence_start


_SENTENCE_BREAKS = lazy_compile(r"[.!?](?=\s)|\n+")
_MATH_OPENER = lazy_compile(r"(?:\\[(\[]|\$\$?)\s*$")
_BARE_VARIABLE = lazy_compile(r"[A-Za-z]")
# "for all positive integers", "for every real", "for any": what binds the variables named after it
_QUANTIFIER = lazy_compile(
    r"\b(?:for\s+(?:all|every|any|each|some)|\\forall|\\exists)(?:\s+[A-Za-z-]+){0,3}\s*$", re.IGNORECASE
)


def _number_of_degrees(gold: Gold) -> bool:
    """Whether a math gold is a plain number of degrees (``45^\\circ``): a number like any other, which
    plain text states as ``45°`` or ``45 degrees``, so the last number may be read as for a number gold."""
    return isinstance(gold.node, Degrees) and isinstance(gold.node.x, Number)


def _command_argument(found: Candidates, number: Answer) -> Reading | None:
    """An UNPARSEABLE reading when the lenient number is the argument of a LaTeX command written in the
    text (``\\frac{2}{3}``'s 3, ``\\sqrt{3}``, ``\\sqrt[3]{8}``): a piece of the math, not a value; None
    otherwise (text in ``\\text{18}`` is prose)."""
    at = number.start - found.region_start
    if not found.region[max(0, at - 3) : at].rstrip().endswith("{"):
        return None  # (one look at the characters before the number, for the text that has no command)
    command = _COMMAND_OPENS.search(found.region, max(0, at - 24), at)
    if command is None:
        return None
    # (from the command's name: "\\frac{2}{3}", not "}{3}")
    opened = found.region.rfind("\\", max(0, at - 40), command.start() + 1)
    said = found.region[opened if opened >= 0 else command.start() : number.end - found.region_start + 1]
    why = f"the last number {number.text!r} is an argument of the math {said!r}, not a value"
    return Reading("unparseable", text=number.text, why=why)


# the opening of a command's argument right before a number: "\\sqrt{", "\\sqrt[3]{", "\\frac{2}{" (not a text
# wrapper's, "\\text{18 apples}", which holds prose)
_COMMAND_OPENS = lazy_compile(
    r"(?:\\(?!(?:text|textbf|textrm|textit|mathrm|mathbf|mbox|emph|operatorname)\b)[A-Za-z]+\s*"
    r"(?:\[[^\]{}]{0,8}\]\s*)?|\}\s*)\{\s*$"
)


def operand_of_expression(found: Candidates, number: Answer) -> Reading | None:
    """An UNPARSEABLE reading when the lenient number is an operand of an expression (``Thus 3^x``,
    ``x^2``, ``0! + 1``), not a value stated; None when it stands as a value."""
    at = number.start - found.region_start
    if "print" in found.region[max(0, at - 12) : at]:
        line_start = found.region.rfind("\n", 0, at) + 1
        line_end = found.region.find("\n", at)
        line_end = len(found.region) if line_end < 0 else line_end
        if _PRINTED_LITERAL.fullmatch(found.region, line_start, line_end):
            return None  # "print(18)": the literal a program prints is its result, no operand of a call
    lo = max(0, at - 8)
    around = found.region[lo : at + len(number.text) + 8]
    after_ok = _IN_EXPRESSION_AFTER.match(around, at - lo + len(number.text)) is None
    if after_ok and not _IN_EXPRESSION_BEFORE.search(around, 0, at - lo):
        end = number.end - found.region_start
        glued = _GLUED_LETTER.match(found.region, end) if number.text[-1:].isdigit() else None
        if (
            glued is None
            or lookup_unit(glued[1]) is not None  # "2m", "5 m": a unit the text writes spaced too
            or (
                re.search(rf"(?<![\w\\]){glued[1]}(?![\w])", found.region) is None
                and NAMED_EQUAL_BEFORE.search(found.region, max(0, at - 12), at) is None
                and (
                    # "Room 72B", "10p", "50c": a capital names a thing, p and c are pence and cents
                    glued[1] in _NOT_A_VARIABLE
                    # "3x as many", "2x faster": an x glued to a number says how many times, in prose
                    or _MULTIPLIER_AFTER.match(found.region, glued.end()) is not None
                )
            )
        ):
            return None
        # "Let k be odd. … so x = 3k.", "Thus x = 2k.", "So it simplifies to 2y.": the letter glued after the
        # number is a variable, the number its coefficient
        said = number.text + glued[1]
        why = f"the last number {number.text!r} multiplies the variable {glued[1]!r}: {said!r}"
        return Reading("unparseable", text=number.text, why=why)
    why = f"the last number {number.text!r} is part of an expression: {around.strip()!r}"
    return Reading("unparseable", text=number.text, why=why)


# a line that prints a number and nothing else: "print(18)", "print(18.5)"
_PRINTED_LITERAL = lazy_compile(r"[ \t]*print[ \t]*\([ \t]*[-−]?\d[\d_]*(?:\.\d+)?[ \t]*\)[ \t;]*")
# one letter glued after a number, no letter after it ("3k", "2x"; not "5km"), and no English word alone ("a",
# "I": the text writes them as words)
_GLUED_LETTER = lazy_compile(r"([B-HJ-Zb-z])(?![A-Za-z])")
_NOT_A_VARIABLE = frozenset("BCDEFGHJKLMNOPQRSTUVWXYZpc")
# a word after "3x" that makes it a multiplier ("3x as many", "2x faster", "10x the price")
_MULTIPLIER_AFTER = lazy_compile(
    r"[ \t]+(?:as|more|less|faster|slower|larger|smaller|bigger|higher|lower|the|that|longer)\b"
)


# an operand of a power or product ("3^x", "x^2", "2*y", "3 * x"); markdown emphasis ("*14* cookies",
# "**6**") is not a product
_IN_EXPRESSION_AFTER = lazy_compile(r"\s*\^|[*×·/][A-Za-z(\\]|\s+[*×·/]\s+[A-Za-z(\\]")
# ... or the argument of a call ("$\\sqrt{eval('1')}$", "f(2)"): digits inside code-like math are no value
_IN_EXPRESSION_BEFORE = lazy_compile(r"(?:\^|[\w)!](?:\s+[*×·/+]\s+|[*×·/])|[A-Za-z_]\(\s*['\"]?)\s*\{?\s*$")


def _angle_restated(found: Candidates, math: Answer, gold: Gold) -> tuple[Answer, Reading] | None:
    """The last math ``math`` as the restatement of the span right before it, one angle in degrees and the
    other not (``$\\frac{\\pi}{3}$, that is, $60^\\circ$``, ``$60^\\circ$ (i.e. $\\frac{\\pi}{3}$)``): the
    span in the gold's unit when the two are the same angle, both read as a hedge when they are not; None
    when ``math`` restates no angle."""
    at = math.start - found.region_start
    before = _ANGLE_RESTATED.search(found.region, max(0, at - 160), at)
    if before is None or (before["inner"].count("circ") + math.text.count("circ")) != 1:
        return None  # (the cheap test first: one of the two spans, and only one, is in degrees)
    first, last = read_math(before["inner"]), read_math(math.text)
    if (
        first.node is None
        or last.node is None
        or isinstance(first.node, Degrees) == isinstance(last.node, Degrees)
    ):
        return None
    degrees, radians = (first.node, last.node) if isinstance(first.node, Degrees) else (last.node, first.node)
    assert isinstance(degrees, Degrees)
    as_radians = Div(Mul((degrees.x, Constant("pi"))), Number(Fraction(180)))
    try:
        same = compare_math(as_radians, radians) is not None
    except NotEvaluable:
        return None
    start = found.region_start + before.start("inner")
    if not same:
        text = found.region[before.start("inner") : math.end - found.region_start]
        why = f"{before['inner']!r} and {math.text!r} are two different angles, stated as one"
        return Answer(text, "last_math", start, math.end, lenient=True), Reading(
            "ambiguous", text=text, why=why
        )
    if isinstance(first.node, Degrees) == isinstance(gold.node, Degrees):
        said = Answer(before["inner"], "last_math", start, start + len(before["inner"]), lenient=True)
        return said, reading_of(said.text, gold)
    return math, reading_of(math.text, gold)


# a math span, then the words that restate it, then the opening of the math that restates it:
# "$\\frac{\\pi}{3}$, that is, $", "\\(60^\\circ\\) (i.e. \\("
_ANGLE_RESTATED = lazy_compile(
    r"(?:\$|\\\()(?P<inner>[^$\n]{1,80}?)(?:\$|\\\))[*_]*(?:[ \t]+rad(?:ians?)?\b)?"
    r"[ \t]*(?:\([ \t]*)?,?[ \t]*"
    r"(?:(?:that\s+is|i\.\s*e\.|in\s+other\s+words|equivalently|which\s+is|or\s+equivalently)[ \t]*,?[ \t]*)?"
    r"[*_]*(?:\$|\\\()[ \t]*$",
    re.IGNORECASE,
)


def _math_run(run: list[Answer], gold: Gold, found: Candidates) -> tuple[Answer, Reading] | None:
    """Several math spans joined by a list or hedge gap (``$1$ and $2$``, ``$\\frac12$ or $\\frac13$``): the
    list, when the gold lists values; a hedge when they say different things; None when they agree. Spans
    a prose "or" joins are read whole as one statement of alternatives, as one span writing them is: a
    solution set on one variable (``$x = 2$ or $x = -2$``, ``$x < 2$ or $x > 3$``) answers a gold that lists
    values, while bare values or other variables (``$2$ or $3$``, ``$x = 2$ or $y = 3$``) hedge."""
    base = found.region_start
    gaps = [found.region[a.end - base : b.start - base] for a, b in itertools.pairwise(run)]
    if any(_HEDGE_JOINS.search(gap) for gap in gaps):
        # "$2$, maybe $3$": a guess between them, whatever the gold
        text = ", ".join(a.text.rstrip(", ") for a in run)
        joined = Answer(text, "last_math", run[0].start, run[-1].end, lenient=True)
        readings = [reading_of(a.text, gold) for a in run]
        if all(r.status == "value" for r in readings) and all(
            same_reading(r, readings[-1]) for r in readings
        ):
            return None
        return joined, Reading("ambiguous", text=text, why=f"hedged: {text!r} guesses between values")
    if any(_OR_JOINS.search(gap) for gap in gaps):
        # "\\(-1, 0,\\) or \\(1\\)": a list's comma may sit inside the span before the "or"
        text = run[0].text.rstrip(", ")
        for gap, answer in zip(gaps, run[1:], strict=True):
            text += (" or " if _OR_JOINS.search(gap) else ", ") + answer.text.rstrip(", ")
        joined = Answer(text, "last_math", run[0].start, run[-1].end, lenient=True)
        whole = reading_of(text, gold) if lists_values(gold) else None
        if whole is not None and whole.node is not None:
            # (each span a statement about the variable: bare intervals or tuples joined by "or" are two
            # answers offered, "$(0, 1)$ or $(2, 3)$")
            if one_variable_alternatives(whole.node) and all(
                _OF_A_VARIABLE.match(a.text) and not _OR_JOINS.search(a.text) for a in run
            ):
                return joined, whole
            readings = [reading_of(a.text, gold) for a in run]
            if not (
                all(r.status == "value" for r in readings)
                and all(same_reading(r, readings[0]) for r in readings)
            ):
                why = f"hedged: {text!r} offers values as alternatives, not a solution set"
                return joined, Reading("ambiguous", text=text, why=why)
    # "\\(-1, 0,\\) and \\(1\\)": a list's comma may sit inside the span before the "and"
    text = ", ".join(a.text.rstrip(", ") for a in run)
    joined = Answer(text, "last_math", run[0].start, run[-1].end, lenient=True)
    if isinstance(gold.node, (ListOf, SetOf)) or (plus_minus(gold) and _one_variable(run)):
        # ("$x = 2+\\sqrt5$ and $x = 2-\\sqrt5$" against "2 \\pm \\sqrt{5}": the two values it writes, of one
        # variable; "$x = 3$ and $y = -3$" names two unknowns)
        return joined, reading_of(text, gold)
    if isinstance(gold.node, Union):
        # "$(0, 1)$ and $(2, \\infty)$" against "(0, 1) \\cup (2, \\infty)": intervals listed, read as the
        # union the gold writes when the list is one of intervals (the comparison says whether it is)
        listed = reading_of(text, gold)
        if listed.status == "value" and isinstance(listed.node, ListOf):
            return joined, listed
    readings = [reading_of(a.text, gold) for a in run]
    if all(r.status == "value" for r in readings) and all(same_reading(r, readings[-1]) for r in readings):
        return None
    return joined, Reading("ambiguous", text=text, why=f"several distinct answers: {text!r}")


# the joiners of math spans that offer them as alternatives, and those that guess between them
_OR_JOINS = lazy_compile(r"(?i:\bor\b)|\\text\{\s*or\s*\}")
_HEDGE_JOINS = lazy_compile(r"(?i:\b(?:maybe|possibly|perhaps)\b)")
# math that opens on a variable and a relation: a statement about the variable ("x = 2", "x < 2", "x \\geq 3")
_OF_A_VARIABLE = lazy_compile(r"\s*[A-Za-z]\s*(?:[=<>≤≥]|\\(?:geq?|leq?|ge|le|neq?)\b)")


def _one_variable(run: list[Answer]) -> bool:
    """Whether the math spans of ``run`` all state values of one variable, or all bare values."""
    named = {m.group().strip()[0] if (m := _OF_A_VARIABLE.match(a.text)) else "" for a in run}
    return len(named) == 1


def same_reading(a: Reading, b: Reading) -> bool:
    if a.quantity is not None and b.quantity is not None:
        return same_quantity(a.quantity, b.quantity)
    if a.node is not None or b.node is not None:
        tree_a = a.node if a.node is not None else quantity_tree(a.quantity) if a.quantity else None
        tree_b = b.node if b.node is not None else quantity_tree(b.quantity) if b.quantity else None
        if tree_a is None or tree_b is None:
            return False
        try:
            return compare_math(tree_a, tree_b) is not None
        except NotEvaluable:
            return False
    return (a.choice, a.text if a.choice is None else "") == (b.choice, b.text if b.choice is None else "")
