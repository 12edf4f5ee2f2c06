"""``grade()`` and ``grade_many()``: extraction + reading + equivalence + policy -> :class:`GradeResult`.

``grade`` never raises on model output: whatever happens inside becomes a verdict. A gold that cannot be
read is GOLD_INVALID, never CORRECT or WRONG.

>>> r = grade("9 * 2 = 18\\n#### 18", gold="18")
>>> r.correct, r.verdict, r.rule, r.match
(True, <Verdict.CORRECT: 'CORRECT'>, 'hashes', 'exact')
>>> grade("I think it is 18.", gold="18", policy="strict").verdict
<Verdict.FORMAT: 'FORMAT'>
>>> grade("The answer is 3 or 4.", gold="3").verdict
<Verdict.AMBIGUOUS: 'AMBIGUOUS'>
"""

from __future__ import annotations

import itertools
import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from fractions import Fraction

import rewardkit.answer_fields as answer_fields
import rewardkit.commitment as commitment
import rewardkit.counted_values as counted_values
import rewardkit.glued_box as glued_box
import rewardkit.labels as labels
import rewardkit.lookalikes as lookalikes
import rewardkit.printed_output as printed_output
import rewardkit.sandbox as sandbox
from rewardkit.boxes import JOINER_NOISE, box_joiner, boxes_as_list, boxes_on_line, named_boxes
from rewardkit.commitment import (
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
from rewardkit.computed_option import value_arrived_before
from rewardkit.equivalence import (
    ROUNDED_TO_DECIMALS,
    check_decimals,
    compare_math,
    compare_quantities,
    compare_scalars,
    symbolic_equal,
)
from rewardkit.extract import (
    MAX_COMPLETION_CHARS,
    POLITE_TAIL,
    Candidates,
    Reading,
    chosen_against_verdicts,
    clean_span,
    closing_a_colon,
    find_answers,
    last_choice,
    listed_options,
    option_listed_for,
    option_stated_past,
    place_start,
    plain_number,
    read_choice,
    read_math,
    read_number,
    signs_only_outside_ascii,
)
from rewardkit.gold import Gold, parse_gold
from rewardkit.languages import (
    doubted_near,
    european,
    leaves_line,
    read_answer_line,
    unread_commitment_word,
    unread_script,
)
from rewardkit.languages import rewrite as rewrite_language
from rewardkit.languages.arabic_hindi import has_script_letter
from rewardkit.languages.rewrite import Rewritten
from rewardkit.lazy_regex import lazy_compile
from rewardkit.lenient import (
    AFTER_DISPLAY,
    BARE_NUMBER_LINE,
    DIGIT,
    FENCE,
    SENTENCE_STOP,
    concluded_past,
    givens_after_reasoning,
    in_code_aside,
    lenient_answer,
    lenient_problem,
    lists_values,
    operand_of_expression,
    relations_are_answers,
    restated_differs,
    same_reading,
)
from rewardkit.letter_sets import set_within
from rewardkit.manipulation import manipulation
from rewardkit.mathtree import (
    Apply,
    Chain,
    Degrees,
    Indexed,
    ListOf,
    Node,
    Number,
    Relation,
    SetOf,
    TupleOf,
    is_scalar,
    quantity_tree,
    render,
    symbols_of,
    walk,
)
from rewardkit.numbers import (
    RATIO,
    Quantity,
    Unit,
    first_value,
    numeral_in_base,
    same_numeral,
    same_quantity,
    scan,
)
from rewardkit.parts import part_spans
from rewardkit.polarity import polarity
from rewardkit.reading import (
    COPULA,
    COPULA_WORD,
    chosen_set,
    counted_names,
    reading_of,
)
from rewardkit.sandbox import DeadlineExceeded
from rewardkit.several_values import (
    case_series_before,
    labelled_blanks,
    named_alike_before,
    named_quantities_in,
    one_variable_alternatives,
)
from rewardkit.spoken_times import clock_phrase_around
from rewardkit.stated_units import (
    ANGLES,
    DEGREE,
    RADIAN,
    Restated,
    per_named,
    rate_opened_before,
    restated_around,
    rounded_restatement,
    rounds_to,
    unit_at_end,
    unit_at_start,
    whole_unit,
)
from rewardkit.substrings import first_non_ascii
from rewardkit.tree_values import NotEvaluable, TooLarge, exact_value
from rewardkit.types import POLICIES, Answer, GradeResult, Policy, Verdict

Choices = str | Sequence[str] | None
# what states a statement's value again, for the reading that compares the value it opens on with the one it
# states last: a copula ("is", also "that is, 70") or a restating abbreviation ("72, i.e., 70", "72 (i.e.
# 70)", "namely 70", an example's "e.g. 70")
_STATING = lazy_compile(rf"\s{COPULA_WORD},?\s|,?[\s(](?:i\.\s?e\.|e\.\s?g\.|namely|viz\.),?\s")


def _named_alike_in(statement: str) -> str | None:
    """The two names when ``statement``'s last value and the one before it are each given under a name that
    differs from the other's only in whose it is (``Alice is 18, Bob is 12``), or None."""
    values = [*scan(statement)][-2:]
    if len(values) < 2:
        return None
    last = values[-1].start
    names = named_alike_before(statement[:last], statement[last:])
    if names is not None and names.split(maxsplit=1)[0] in _CONDITION_OPENERS:
        return None  # "When t is 3, the distance is 45.": the first value is the condition of the second
    return names


# the words that open a clause whose value is a condition or a time, no quantity of its own
_CONDITION_OPENERS = frozenset("when whenever if once after before given assuming unless until at".split())


def _default_timeout_s(variable: str = "REWARDKIT_TIMEOUT_S", fallback: float = 1.0) -> float:
    """The per-item budget every ``timeout_s`` defaults to: ``fallback``, or the environment's ``variable``
    on a machine busier than a 1 s budget assumes (a shared CI runner, a node that also trains). Read once,
    at import, so every default (``grade``, ``grade_many``, the rewards, the CLI, the server) agrees; a value
    that is not a positive number of seconds stops the import with the variable named, never a silent 1 s."""
    raw = os.environ.get(variable, "").strip()
    if not raw:
        return fallback
    try:
        value = float(raw)
    except ValueError:
        value = float("nan")
    if not 0 < value < float("inf"):  # NaN fails both
        raise ValueError(
            f"{variable}={raw!r}: the per-item grading budget must be a positive number of seconds"
        )
    return value


# hard budget of one item's grading, the symbolic step included (and of one item in grade_many's workers)
DEFAULT_TIMEOUT_S = _default_timeout_s()
# rules whose span is a definite commitment even when it holds no value ("\\boxed{???}", "Answer: N/A");
# "the answer is" also appears in prose ("whether the answer is right"), so it is not one of them
_COMMITTING_RULES = frozenset(
    {"boxed", "final_answer", "answer_colon", "hashes", "a_colon", "answer_heading", "answer_tag"}
)


def grade(
    completion: str,
    *,
    gold: str,
    policy: Policy = "flexible",
    finished: bool | None = None,
    choices: Choices = None,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    decimals: int | None = None,
) -> GradeResult:
    """Grade one completion against one gold. Never raises on model output.

    ``policy``: "flexible" (default) credits the answer a careful human grader would read, including a
    last number with no marker; "strict" demands a marker or a box and turns lenient hits into FORMAT.
    ``finished``: False when generation hit the length limit; with no committed answer that is TRUNCATED.
    ``choices``: the offered options for multiple choice, as letters ("ABCD") or option texts.
    ``timeout_s``: the item's time budget, on every path: the symbolic step (sympy, in a sandbox worker) gets
    what is left of it and is stopped at its end; an item whose grading took longer in all is TIMEOUT.
    ``decimals``: the task asks for answers rounded to that many decimal places. A decimal (or whole-number)
    answer then also equals the gold when both, rounded half away from zero there, are the same number, or
    when it is the gold cut at that place (match ``"rounded_to_decimals"``); wherever numbers are compared,
    numbers inside matrices, intervals and tuples too. None (the default): decimals are compared as written.
    A negative or non-integer value raises ValueError, as an unknown policy does.

    >>> third = "\\\\frac13"
    >>> grade("0.33", gold=third).verdict, grade("0.33", gold=third, decimals=2).match
    (<Verdict.WRONG: 'WRONG'>, 'rounded_to_decimals')
    """
    start = time.perf_counter()
    if policy not in POLICIES:
        raise ValueError(f"policy must be one of {POLICIES}, got {policy!r}")
    if decimals is not None:
        decimals = check_decimals(decimals)
    budget = Budget(timeout_s, start)
    try:
        key = tuple(choices) if choices is not None and not isinstance(choices, str) else choices
        result = _grade(completion, parse_gold(gold, key), policy, finished, budget, decimals)
        # the budget's own account only once the clock says the item may be over it (uncharged time is
        # taken off, never added): most items are far within it
        over = time.perf_counter() - start > timeout_s
        if over and result.verdict is not _TIMEOUT and budget.spent() > timeout_s:
            # what a pool worker's watchdog would have stopped: one item, one verdict, whatever the path
            result = _result(
                parse_gold(gold, key),
                policy,
                Verdict.TIMEOUT,
                detail=f"grading took {budget.spent():.2f} s, past the {timeout_s:g} s per-item budget",
            )
    except Exception as exc:  # a grader bug must cost one sample, not the training run
        result = GradeResult(
            False,
            Verdict.ERROR,
            gold=str(gold),
            policy=policy,
            detail=f"internal error: {type(exc).__name__}: {exc}",
        )
    # the result was built here a moment ago and nobody else holds it: set the clock without a copy
    object.__setattr__(result, "elapsed_s", time.perf_counter() - start)
    return result


def _grade(
    completion: str,
    gold: Gold,
    policy: Policy,
    finished: bool | None,
    budget: Budget,
    decimals: int | None,
    seen: bool = False,
) -> GradeResult:
    """Other languages are read into the shared notation first (rewardkit.languages), the tail extraction
    reads only; the result's span then points back into the completion as the caller passed it."""
    if not isinstance(completion, str) or gold.kind == "invalid":
        return _grade_text(completion, gold, policy, finished, budget, decimals)
    ascii_only = completion.isascii()
    if not ascii_only:
        # every character the readers below look for is outside ASCII: each looks from the first one on
        first = first_non_ascii(completion)
        if _INVISIBLE.search(completion, first):
            return _without_invisible(completion, gold, policy, finished, budget, decimals)
        if not seen:
            as_seen = _as_seen(completion, gold, policy, finished, budget, decimals, first)
            if as_seen is not None:
                return as_seen
    lowered = completion.lower() if ascii_only else None  # an ASCII text keeps its length lower-cased
    # English: no rewrite (but for a closing sentence that spells its number out in another language)
    if lowered is None or european.has_answer_word(lowered) or european.spelled_conclusion(completion):
        offset = max(0, len(completion) - MAX_COMPLETION_CHARS)
        if gold.kind in _VALUE_KINDS:
            # before the dashes below: the line it reads holds none of them (its number's sign is "-" or "−")
            line = _grade_answer_line(completion, offset, gold, policy, finished, budget, decimals)
            if line is not None:
                return line
        # every dash below, and every character a language rewrites, is outside ASCII: found from the first
        first = first_non_ascii(completion, offset)
        if _OTHER_DASHES.search(completion, first):
            # "‐72", "‑72": a hyphen or a full-width minus before a number is its sign; one character for
            # one, so every position holds
            completion = completion.translate(_DASH_AS_MINUS)
        rewritten = rewrite_language(completion[offset:], first=first - offset)
        if rewritten.changed:
            result = _as_written(
                completion, _grade_rewritten(rewritten, offset, gold, policy, finished, budget, decimals)
            )
            span = result.span
            if (
                result.verdict in _PAID_LENIENTLY
                and span is not None
                and has_script_letter(completion, first)
            ):
                # Arabic, Persian, Hindi (or a language of their scripts read by none): a value is paid only
                # in a sentence that holds none of their words of commitment, marker or no marker ("उत्तर: ७२
                # नहीं है": the verb and its negation follow the value)
                unread = _in_unread_language(completion, *span)
                if unread is not None:
                    return replace(
                        result, correct=False, verdict=Verdict.AMBIGUOUS, match=None, detail=unread
                    )
            return result
    if lowered is None and signs_only_outside_ascii(completion):
        # "It’s 3 × 4 = 12": English working with its signs, read as an ASCII text is (the fast path too)
        lowered = completion.lower()
    result = _grade_text(completion, gold, policy, finished, budget, decimals, lowered)
    return _doubted(completion, result, gold, policy, finished, budget, decimals)


# what may close the text after a closed box: its math, a full stop
_BOX_CLOSERS = " \t\n$})].\\"


# characters that show nothing (zero-width spaces and joiners, direction marks and isolates, the soft
# hyphen, the byte-order mark): between words they hide nothing from a reader, but they would hide a
# negation or a bound from the rules ("not \u200f72"), so the text is graded without them
_INVISIBLE = lazy_compile("[\u00ad\u200b-\u200f\u2060\u2066-\u2069\ufeff]")


def _without_invisible(
    completion: str, gold: Gold, policy: Policy, finished: bool | None, budget: Budget, decimals: int | None
) -> GradeResult:
    """The grade of ``completion`` with its invisible characters dropped, its span pointing back into it."""
    kept = [i for i, c in enumerate(completion) if not _INVISIBLE.match(c)]
    result = _grade(_INVISIBLE.sub("", completion), gold, policy, finished, budget, decimals)
    if result.span is not None and kept:
        start, end = result.span
        span = (kept[min(start, len(kept) - 1)], kept[end - 1] + 1 if end > 0 else 0)
        # the result was built a moment ago and nobody else holds it: point it back without a copy
        object.__setattr__(result, "span", span)
    return result


def _as_seen(
    completion: str,
    gold: Gold,
    policy: Policy,
    finished: bool | None,
    budget: Budget,
    decimals: int | None,
    first: int,
) -> GradeResult | None:
    """The grade of ``completion`` as a reader sees it, where characters change what it shows: a word that
    mixes Latin letters with look-alikes of Latin letters (``nоt`` with a Cyrillic о) read as the Latin word
    it shows, and an answer whose digits carry a combining mark (``7́2``, ``72̸``) refused. None where no
    such character stands: the caller grades the text as it is. ``first``: where the first character outside
    ASCII stands."""
    folded = lookalikes.fold_mixed_words(completion, first)
    marked = lookalikes.has_marked_digit(completion, first)
    if folded is None and not marked:
        return None
    text = folded if folded is not None else completion
    result = _grade(text, gold, policy, finished, budget, decimals, seen=True)
    if folded is not None and result.span is not None and text[slice(*result.span)] == result.extracted:
        result = replace(result, extracted=completion[slice(*result.span)])  # as the completion writes it
    if marked and result.span is not None:
        digits = lookalikes.marked_digits(completion, *result.span)
        if digits is not None:
            detail = f"{digits!r}: a mark combined with a digit draws another number than its digits"
            return replace(result, correct=False, verdict=Verdict.UNPARSEABLE, match=None, detail=detail)
    return result


# golds whose answer a number states; a choice's letters are read against options listed before the answer
_VALUE_KINDS = ("number", "math")


def _grade_answer_line(
    completion: str,
    offset: int,
    gold: Gold,
    policy: Policy,
    finished: bool | None,
    budget: Budget,
    decimals: int | None,
) -> GradeResult | None:
    """The grade of a completion that closes on a line of another language's marker and a number
    (``Réponse : 2,5``, ``答案是七十二``), read from that line alone
    (:func:`rewardkit.languages.read_answer_line`), or None when the grade rests on more than that line's
    value: the whole text's rewrite then decides. The two agree wherever this answers: nothing follows the
    line, and the rules that judge a stated value read its line and what follows it
    (``tests/rewardkit/test_answer_line.py`` holds them to it)."""
    line = read_answer_line(completion, offset)
    if line is None:
        return None
    before = completion[offset : line.start].rstrip()
    previous = before[before.rfind("\n") + 1 :]
    if (
        len(previous) <= _SHORT_LINE
        and any(c.isdigit() for c in previous)
        and not leaves_line(previous, completion, line.start)
    ):
        # "Réponse : 12\n答案：0": a statement right before the line may list answers with it, and the
        # rewrite reads it otherwise than it stands ("So 9 * 60 = 540 m" it leaves, and is read here too)
        return None
    text = completion[offset : line.start] + line.english + completion[line.end :]
    # (an English text is read lower-cased too, as the English path reads it: the fast paths ask for it)
    result = _grade_text(
        text, gold, policy, finished, budget, decimals, text.lower() if text.isascii() else None
    )
    at = line.start - offset + line.value_at
    if result.lenient or result.span != (at, at + len(line.value)):
        return None  # something other than the line's value decided
    # the result was built a moment ago and nobody else holds it: point it back without a copy
    object.__setattr__(result, "span", (line.value_start, line.value_end))
    return result


# a line this short with a digit, right before the answer line, may be a statement of its own
_SHORT_LINE = 60

# the hyphens and minus signs other than ASCII's and the ones the number reader knows (−, –): read as "-"
_DASH_AS_MINUS = str.maketrans(dict.fromkeys("\u2010\u2011\ufe63\uff0d", "-"))
_OTHER_DASHES = lazy_compile("[\u2010\u2011\ufe63\uff0d]")


def _grade_rewritten(
    rewritten: Rewritten,
    offset: int,
    gold: Gold,
    policy: Policy,
    finished: bool | None,
    budget: Budget,
    decimals: int | None,
) -> GradeResult:
    result = _grade_text(rewritten.text, gold, policy, finished, budget, decimals)
    if result.span is None:
        return result
    start, end = rewritten.original_span(*result.span)
    # the result was built a moment ago and nobody else holds it: point it back without a copy
    object.__setattr__(result, "span", (offset + start, offset + end))
    return result


def _doubted(
    completion: str,
    result: GradeResult,
    gold: Gold,
    policy: Policy,
    finished: bool | None,
    budget: Budget,
    decimals: int | None,
) -> GradeResult:
    """``result``, or the grade of ``completion`` with the hedges and conditions of another language read,
    when a lenient rule found the value it pays next to one (``Vielleicht 30.``, ``Peut-être 18.``): a text
    no marker of theirs opens is read as English, and asked about those words only when they can cost a
    payment."""
    if not result.lenient or result.span is None:
        return result
    if result.verdict not in _PAID_LENIENTLY or result.match is None:
        if result.verdict in _PAID_LENIENTLY or result.verdict is Verdict.WRONG:
            return _dot_grouped(completion, result, gold, policy, finished, budget, decimals)
        return result
    unread = _in_unread_language(completion, *result.span)
    if unread is not None:
        return replace(result, correct=False, verdict=Verdict.AMBIGUOUS, match=None, detail=unread)
    if result.extracted is not None and "." in result.extracted:
        # "Das Auto kostet 12.500 Euro.": with no marker to give the language, a point before three digits is
        # read as the decimal point only in an English or unknown text, and never in an amount of money
        # (the doubt reads the text's tail itself: no copy of a long completion here)
        grouped = european.dot_thousands_doubt(completion[result.span[0] : result.span[1]], completion)
        if grouped is not None:
            return replace(result, correct=False, verdict=Verdict.AMBIGUOUS, match=None, detail=grouped)
    if not doubted_near(completion, *result.span):
        return result
    offset = max(0, len(completion) - MAX_COMPLETION_CHARS)
    rewritten = rewrite_language(completion[offset:], doubts=True)
    if not rewritten.changed:
        return result
    return _as_written(
        completion, _grade_rewritten(rewritten, offset, gold, policy, finished, budget, decimals)
    )


def _dot_grouped(
    completion: str,
    result: GradeResult,
    gold: Gold,
    policy: Policy,
    finished: bool | None,
    budget: Budget,
    decimals: int | None,
) -> GradeResult:
    """``result``, a lenient value not paid, or the grade of ``completion`` with that value's lone point
    before three digits read as its language reads it (``Das Auto kostet 12.500 Euro.`` states 12500, see
    :func:`rewardkit.languages.european.dot_thousands_value`) when that reading is paid."""
    if result.extracted is None or "." not in result.extracted or result.span is None:
        return result
    start, end = result.span
    grouped = european.dot_thousands_value(completion[start:end], completion)
    if grouped is None:
        return result
    # the text graded again whole with that number as read (its language's hedges, negations and bounds are
    # read as ever: "Vielleicht kostet es 12.500 Euro."), its span pointing back past the point dropped
    cut = start + next(
        i for i, (a, b) in enumerate(zip(completion[start:end], grouped, strict=False)) if a != b
    )
    regraded = _grade(completion[:cut] + completion[cut + 1 :], gold, policy, finished, budget, decimals)
    paid = regraded.match is not None and regraded.verdict in _PAID_LENIENTLY
    if not (paid or regraded.verdict is Verdict.AMBIGUOUS) or regraded.span is None:
        return result
    s, e = regraded.span
    if not s <= cut < e:
        return result  # another value than the one read again
    # (paid, or refused for what its sentence says of it: "Vielleicht …" hedges the value, whichever reading)
    object.__setattr__(regraded, "span", (s, e + 1))
    return regraded


# what ends a sentence in the scripts no reader covers, as in English: the Devanagari danda, the Arabic full
# stop and question mark
_ANY_SENTENCE_STOP = lazy_compile("[.!?;\n।॥۔؟]")


_DECIMAL = lazy_compile(r"\d{1,30}(?:\.\d{1,30})?")
# the result of a computation: "= 92", "= **92**"
_COMPUTED_RESULT = lazy_compile(r"=\s*[*_$]*(\d{1,30}(?:\.\d{1,30})?)(?![\d.]\d)")


def _in_unread_language(completion: str, start: int, end: int) -> str | None:
    """Why a value a lenient rule read at ``completion[start:end]`` is not shown to commit: its sentence is
    written in a script no reader covers (``الإجابة ليست 72.``, ``उत्तर 72 नहीं है।``), whose negations and
    hedges are not read, or holds such a word of a language in Latin letters no reader covers (``Het
    antwoord is niet 72.``); None where the sentence holds neither."""
    opened = 0
    for stop in _ANY_SENTENCE_STOP.finditer(completion, max(0, start - 300), start):
        if not (stop.group() == "." and completion[stop.end() : stop.end() + 1].isdigit()):
            opened = stop.end()  # (the point of "1.5" ends no sentence)
    closed = _ANY_SENTENCE_STOP.search(completion, end, end + 300)
    sentence = completion[max(opened, start - 300) : closed.start() if closed else end + 300]
    word = unread_commitment_word(sentence)
    if word is not None:
        return f"not shown to commit: {sentence.strip()[:60]!r} holds {word}, a word of commitment not read"
    script = unread_script(sentence) if not sentence.isascii() else None
    if script is None:
        return None
    value = completion[start:end].strip(" *_$")
    if _DECIMAL.fullmatch(value) and any(
        Fraction(result) == Fraction(value) for result in _COMPUTED_RESULT.findall(sentence)
    ):
        # "… 158 - 66 = 92 لذا، ناتج العملية … هو **92**": the sentence works the value out itself, and the
        # value restates its result
        return None
    said = sentence.strip()[:60]
    return f"not shown to commit: {said!r} is written in {script}, whose words of commitment are not read"


def _as_written(completion: str, result: GradeResult) -> GradeResult:
    """``result`` of ``completion`` read into English, refused where the text as written works on the grader:
    the rewrite reads another language's markers into English (``этот ответ`` → ``этот the answer``), and the
    words that address the grader in that language are read as they stand."""
    if result.verdict not in _READ_FOR_MANIPULATION:
        return result
    worked_on = manipulation(completion, None, result.span)
    if worked_on is None:
        return result
    return replace(result, correct=False, verdict=Verdict.AMBIGUOUS, match=None, detail=worked_on)


# a lenient rule's value is paid (or, under the strict policy, would be but for the format)
_PAID_LENIENTLY = (Verdict.CORRECT, Verdict.FORMAT)


def _grade_text(
    completion: str,
    gold: Gold,
    policy: Policy,
    finished: bool | None,
    budget: Budget,
    decimals: int | None,
    lowered: str | None = None,
) -> GradeResult:
    """``lowered``: ``completion`` lower-cased, of the same length, when the caller has it."""
    if gold.kind == "invalid":
        return _result(gold, policy, Verdict.GOLD_INVALID, detail=gold.why)
    if not isinstance(completion, str):
        return _result(
            gold,
            policy,
            Verdict.ERROR,
            detail=f"completion must be a string, got {type(completion).__name__}",
        )
    if gold.kind == "choice" and not gold.options and gold.letters:
        # only letters offered: the options the completion lists, one per line or on one line, say what each
        # letter stands for ("(A) 48 (B) 60 (C) 72 (D) 96 … The answer is 72." names C)
        listed = listed_options(completion, gold.letters)
        if listed:
            gold = replace(gold, options=listed)
    closing = (
        closing_a_colon(completion, lowered)
        if lowered is not None and finished is not False and gold.kind in _VALUE_KINDS
        else None
    )
    if closing is not None:
        # "…\nA: 72" and nothing else any reader keys on: what the general reading makes of it (a plain value
        # that ends the text, committed, with no rival, sibling or withdrawal), without asking each reader
        result = _judge(closing, reading_of(closing.text, gold), gold, policy, budget, completion, decimals)
    else:
        result = _grade_found(completion, gold, policy, finished, budget, decimals, lowered)
        if not result.correct and gold.kind == "math" and isinstance(gold.node, ListOf):
            result = _graded_in_parts(completion, gold, policy, budget, decimals, result) or result
    forged_turn = result.verdict is Verdict.NO_ANSWER and "<|" in completion
    if result.verdict in _READ_FOR_MANIPULATION or forged_turn:
        # a text that speaks to the grader, grades itself, or hides an answer from the reader is never paid
        # (nor left unanswered where a system turn forged before its text cut all of it off)
        worked_on = manipulation(completion, lowered, result.span)
        if worked_on is not None:
            return replace(result, correct=False, verdict=Verdict.AMBIGUOUS, match=None, detail=worked_on)
        if result.correct and completion.count("</think>") > 1:
            earlier = _answered_between_reasoning(completion, gold, policy, budget, decimals, result.lenient)
            if earlier is not None:
                return replace(result, correct=False, verdict=Verdict.AMBIGUOUS, match=None, detail=earlier)
    return result


# the verdicts a reading in parts may stand in for: the whole text's reading found no answer, or read one
# part's value as the answer (an AMBIGUOUS one found a hedge, a condition or an appeal, which stands); and an
# answer line refused for listing several values (whole_statement.listed_after), where those are the parts
_PARTS_MAY_ANSWER = (Verdict.NO_ANSWER, Verdict.WRONG, Verdict.UNPARSEABLE)
_SEVERAL_ANSWERS = "several answers: "


def _graded_in_parts(
    completion: str, gold: Gold, policy: Policy, budget: Budget, decimals: int | None, whole: GradeResult
) -> GradeResult | None:
    """The grade of a completion that closes on one statement per value of a listed gold (``(a) She has 12
    left.\n(b) She gave away 8.`` against ``12, 8``; :mod:`rewardkit.parts`), each statement graded on its own
    against its value, in order: CORRECT when every part is, else None (the whole text's grade ``whole``
    stands). Only where that grade found no answer before the parts: an answer stated above them is the
    text's."""
    items = gold.node.items if isinstance(gold.node, ListOf) else ()
    if not 2 <= len(items) <= 8:
        return None
    # an answer committed inside a reasoning block is the reasoning's, not the text's
    reasoned = completion.rfind("</think>")
    in_reasoning = whole.span is not None and whole.span[0] < reasoned
    # "Answer: 12; 8": an answer line read as several answers, where the gold lists as many (see below)
    listed = whole.verdict is Verdict.AMBIGUOUS and whole.detail.startswith(_SEVERAL_ANSWERS)
    if (
        whole.judged_verdict not in _PARTS_MAY_ANSWER
        and not (whole.verdict is Verdict.FORMAT and in_reasoning)
        and not listed
    ):
        return None
    spans = part_spans(completion, len(items))
    if spans is None or spans[0][0] < reasoned:
        return None
    if listed and (whole.span is None or whole.span[0] != spans[0][0]):
        return None  # the values listed are the parts' own, from the first: no other statement's
    anchored = whole.verdict is not Verdict.NO_ANSWER and not whole.lenient and not in_reasoning
    if anchored and (whole.span is None or whole.span[0] < spans[0][0]):
        return None
    graded = []
    for (start, end), item in zip(spans, items, strict=True):
        part = _grade_text(
            completion[start:end], parse_gold(render(item)), "flexible", True, budget, decimals
        )
        if not part.correct or part.span is None:
            return None
        graded.append((start + part.span[0], start + part.span[1], part))
    said = ", ".join(part.extracted or "" for _, _, part in graded)
    # a part read leniently is anchored all the same by a label calling it an answer ("Answer (part a): 12")
    lenient = any(
        part.lenient and "answer" not in completion[completion.rfind("\n", 0, start) + 1 : start].lower()
        for (start, _), (_, _, part) in zip(spans, graded, strict=True)
    )
    answer = Answer(said, "parts", graded[0][0], graded[-1][1], lenient)
    detail = f"{len(graded)} parts, each its value in order: " + "; ".join(p.detail for _, _, p in graded)
    return _result(
        gold, "flexible", _CORRECT, answer, extracted_parsed=said, match="parts", detail=detail
    ).under(policy)


# a reasoning block, opened and closed
_THINK_BLOCK = lazy_compile(r"<think>.*?</think>", re.DOTALL)


def _answered_between_reasoning(
    completion: str, gold: Gold, policy: Policy, budget: Budget, decimals: int | None, lenient: bool
) -> str | None:
    """Why the text a reader sees before the last reasoning block closes states another answer
    (``<think>…</think> The answer is 20. <think>wait, 18</think> The answer is 18.``), or None: only the text
    after the last ``</think>`` is graded, and what the reader saw before it is as much an answer as a line
    above a second statement is. ``lenient``: the answer after the last block was read with no marker
    (``… </think> Weng earned $600.``), so a statement with none before it (``</think> Weng earned $10.
    <think>``) is an answer of the same form; after a marker's answer, such text is a step
    (``</think> So far she has 9 eggs. <think>``)."""
    first_close = completion.index("</think>") + len("</think>")
    last_close = completion.rindex("</think>") + len("</think>")
    # (a stray "</think>" with no block of its own is dropped as a block's is)
    between = _THINK_BLOCK.sub(" ", completion[first_close:last_close]).replace("</think>", " ")
    if not (lenient and any(c.isdigit() for c in between)) and not find_answers(between).anchored:
        return None
    said = _grade_found(between, gold, policy, True, budget, decimals, None)
    if said.verdict in (Verdict.WRONG, Verdict.AMBIGUOUS):
        return f"another answer outside the reasoning before its last block: {said.extracted!r}"
    return None


# the results read for text that works on the grader: a paid one (or one the strict policy refuses only for
# its format), and an unreadable one, which is rare and often unreadable for what hides in it
# (``The answer is <span style="display:none">20</span>18.``); not a WRONG one: the scan on every wrong
# result would cost about a tenth of the common path's time, for a result that is not paid anyway
_READ_FOR_MANIPULATION = (Verdict.CORRECT, Verdict.FORMAT, Verdict.UNPARSEABLE)


def _grade_found(
    completion: str,
    gold: Gold,
    policy: Policy,
    finished: bool | None,
    budget: Budget,
    decimals: int | None,
    lowered: str | None,
) -> GradeResult:
    """:func:`_grade_text` past its fast path: the answers extraction finds, judged."""
    found = find_answers(completion, lowered)
    if found.problem == "unterminated_think":
        verdict = Verdict.TRUNCATED if finished is False else Verdict.NO_ANSWER
        return _result(
            gold, policy, verdict, detail="the reasoning block never closed (<think> without </think>)"
        )
    if found.problem == "reopened_think" and finished is False:
        # back to reasoning after its answer, and cut off there: the answer was being reconsidered
        detail = "a reasoning block opened again after the answer and hit the length limit"
        return _result(gold, policy, Verdict.TRUNCATED, detail=detail)

    if finished is False and found.anchored:
        last = max(found.anchored, key=lambda a: a.end)
        closed = any(
            a.rule == "boxed" and not completion[a.end :].strip(_BOX_CLOSERS) for a in found.anchored
        )
        if not closed and not completion[last.end :].strip():
            # "So the answer is 72" at the length limit: the value may have been cut mid-number (720, 72.5)
            detail = "the length limit cut the text at its answer"
            return _result(gold, policy, Verdict.TRUNCATED, detail=detail)
    if found.anchored and found.region[-1:] in _MARKER_LAST_CHARS and _ends_on_marker(found.region):
        # "The answer is 24.\nThe answer is": the text stops where it states its answer again, and what it was
        # about to state (the same value, or a corrected one) is unknown
        detail = "the text stops at an answer marker, before the answer it opens"
        return _result(gold, policy, Verdict.TRUNCATED, detail=detail)
    unreadable: Answer | None = None
    # "The answer is XVIII.": a marker whose sentence commits to words that read as no value (the marker also
    # opens prose, "The answer is correct.", so it is weighed against the fallback's number below)
    unread_statement: Answer | None = None
    pointer: Answer | None = None  # "Final Answer: see above": a marker that points back to the working
    length = len(completion)
    for answer in reversed(found.anchored):
        if (
            answer.rule != "boxed"
            and FENCE in found.region  # (no code block, no aside: most texts, without the call)
            and in_code_aside(found.region, answer.start - found.region_start, unclosed=False) is not None
        ):
            continue  # "# answer: 72" in a code block's comment: a note in the code, no statement of the text
        # an answer that ends the completion (most do) has nothing after it to list, withdraw or offer another
        # value beside it: the readers of what follows are not called on an empty text
        several = (
            None
            if answer.rule == "boxed" or answer.end == length or _blanks_answered(answer, gold, completion)
            else whole_statement.listed_after(completion, answer.start, answer.end)
        )
        if several is not None:
            return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=several)
        # (an answer that ends the completion has no next line)
        dangling = _dangling_alternative(answer, completion) if answer.end < length else None
        if dangling is None and answer.end < length and length - answer.end <= _STACKED_TAIL_CHARS:
            dangling = _stacked_numbers_after(completion, answer)
        if dangling is not None:
            return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=dangling)
        stated, why_not = _committed(answer, gold, completion)
        if why_not is None:
            # "The answer is 12.\n\nFor distinguishable coins, the answer would be 24.", "\\boxed{12} … If the
            # order mattered, we would instead get \\boxed{24}": a later answer to another reading of the
            # question stands beside the earlier one, it does not replace it; two answers, none committed
            why_not = _alternative_to_earlier(found, answer, gold, completion)
            if why_not is None and len(found.anchored) > 1:
                why_not = _explained_otherwise(found, answer, gold, completion)
            if why_not is not None:
                return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=why_not)
        if why_not is not None:
            # the last anchored statement does not commit ("The answer is at least 12"): an earlier one is
            # taken back by it, and only a plain statement after it can still be the answer
            later = _statement_after(found, answer.end, gold)
            if (
                later is not None
                and not _restates_refused(answer, later[1])
                and not _consequence_of_refused(completion, answer.end, later[0].start)
            ):
                return _judge(*later, gold, policy, budget, completion, decimals)
            return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=why_not)
        answer = stated
        if answer.rule == "boxed":
            glued = glued_box.glued_math(completion, answer.start, answer.end)
            if glued is not None:
                # "-\\boxed{72}", "\\boxed{72}^2", "\\sqrt{\\boxed{72}}": the box is an operand of the math
                return _result(gold, policy, Verdict.UNPARSEABLE, answer, detail=glued)
        retracted = _retraction(found, answer, gold, completion) if answer.end < length else None
        if retracted is not None:
            if isinstance(retracted, str):
                # "\\boxed{72}.\n\nBut wait, maybe I misread the question" at the length limit: going back
                # over the answer, cut off before any value
                reopened = _reconsideration_cut_off(found, answer) if finished is False else None
                if reopened is not None:
                    detail = f"went back over its answer and hit the length limit ({reopened!r})"
                    return _result(gold, policy, Verdict.TRUNCATED, answer, detail=detail)
                return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=retracted)
            cut = _cut_mid_sentence(found.region)
            if finished is False or cut is not None:
                # "The answer is 15. Wait, … 15 + 2 = 17\nThe answer is": the correction never got stated
                detail = (
                    f"taken back and cut off before the new answer was stated ({cut or 'length limit'!r})"
                )
                return _result(gold, policy, Verdict.TRUNCATED, detail=detail)
            hedged = _hedged_later(completion, retracted[0].end, retracted[1], gold)
            if hedged is not None:  # "Wait, it is option D. It seems to be (D), though it might be (A)."
                return _result(gold, policy, Verdict.AMBIGUOUS, retracted[0], detail=hedged)
            return _judge(*retracted, gold, policy, budget, completion, decimals)
        if finished is False and answer.end < length:
            reopened = _reconsideration_cut_off(found, answer)
            if reopened is not None:
                detail = f"went back over its answer and hit the length limit ({reopened!r})"
                return _result(gold, policy, Verdict.TRUNCATED, answer, detail=detail)
        # "The answer is 72. I take that back; …", "… The answer above is wrong.": a later sentence that
        # withdraws the statement and states no new value leaves nothing committed
        withdrawn = (
            retractions.withdrawn_after(
                found.region[answer.end - found.region_start : answer.end - found.region_start + 600]
            )
            if gold.kind in ("number", "math") and answer.end < length
            else None
        )
        if withdrawn is not None:
            again = _stated_again_after(found, answer, gold)
            if again is not None:
                # "The answer is 72.\n\nWait, no. Let me recompute: 48 + 24 = 72. Yes, 72.": the take-back is
                # answered by the same value stated again; only what follows that statement can withdraw it
                at = again.end - found.region_start
                withdrawn = retractions.withdrawn_after(found.region[at : at + 600])
            else:
                settled = _settled_on_it(found, answer, gold)
                if settled is not None:
                    # "The answer is 72. Hmm, but maybe I misread: … then it's 144. Still, the natural reading
                    # gives 72, so I'll go with 72.": the doubt is resolved back to the answer by the text
                    # itself; the statement it settles with is the answer
                    withdrawn, answer = None, settled
        if withdrawn is not None:
            return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=withdrawn)
        unequal = (
            _checked_unequal_after(found, answer) if gold.kind == "number" and answer.end < length else None
        )
        if unequal is not None:
            return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=unequal)
        reading = reading_of(answer.text, gold)
        if reading.status == "none" and conclusions.points_back(answer.text):
            # "Final Answer: see above": no statement of its own; the value before it is read as if the marker
            # were not there (and the text, which ends on the marker's words, is not cut off)
            line_start = completion.rfind("\n", 0, answer.start) + 1
            rest = completion[answer.end :].strip(_POINTER_CLOSERS)
            if (not rest or (not DIGIT.search(rest) and _POLITE_CLOSING.match(rest))) and not DIGIT.search(
                completion, line_start, answer.start
            ):
                # the marker's line ends the text: the text before it, graded as it stands ("… = 72. Check:
                # 72 / 6 = 12 ✓\nFinal Answer: see above" reads 72 as it would with no marker line)
                return _grade_text(completion[:line_start], gold, policy, finished, budget, decimals)
            pointer = answer
            continue
        if reading.status == "none":
            # "\\boxed{???}", "Answer: N/A": a commitment to something that is not a value. A later
            # unreadable statement does not override an earlier value; with no value anywhere it is
            # UNPARSEABLE rather than a fallback to some number in the reasoning.
            if unreadable is None and answer.rule in _COMMITTING_RULES:
                unreadable = answer
            elif unread_statement is None and answer.rule == "answer_is" and "\\boxed" not in answer.text:
                unread_statement = answer  # (a box in it is an answer of its own, read as one)
            continue
        # a note set right after the answer is the text after it ("\\boxed{72}\\footnote{Or 73, if …}")
        after_at = hedges.past_note_opening(completion, answer.end)
        rival = (
            hedges.also_valid_after(completion[after_at : after_at + 400], reading.quantity)
            if answer.end < length
            else None
        )
        if rival is None and answer.rule == "answer_colon":
            # '{"answer": 72, "alternatives": [70, 71]}': another field of the answer offers other values
            rival = answer_fields.alternatives_beside(completion, answer.start, answer.end)
        if rival is None and answer.end + 5 < length:  # room for a sentence after the answer (". Or 9")
            rival = _hedged_later(completion, after_at, reading, gold)
        if rival is None and answer.end + 5 < length and gold.kind == "choice" and reading.choice is not None:
            # "Answer: B\nThe speed doubles, so C is correct.": the working after the letter calls another
            # option right
            rival = rejection.other_option_called_right(
                completion[answer.end : answer.end + 600], reading.choice, gold.letters or _ANY_LETTER
            )
        if rival is None and answer.end + 5 < length and gold.kind in ("number", "math", "choice"):
            # "The answer is 18. (Note: if the eggs cost $3, it would be 27.)": another value, to another
            # reading of the question, offered after the answer ("… (B). If friction were included, it would
            # be (C).": another option)
            rival = other_readings.alternative_reading_after(
                completion[after_at : after_at + 600],
                reading.quantity,
                reading.choice if gold.kind == "choice" else None,
                gold.letters,
            )
        if rival is not None:
            return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=rival)
        # (a sibling is another anchored answer: with one, none)
        sibling = None
        if len(found.anchored) > 1:
            sibling = _hedging_sibling(completion, found.anchored, answer, reading, gold)
        if sibling is not None:
            on_line = boxes_on_line(completion, found.anchored, answer)
            # "x = \\boxed{3} and y = \\boxed{5}" against a tuple: named values, the tuple by convention
            named = (
                named_boxes(completion, on_line)
                if isinstance(gold.node, TupleOf)
                and all(
                    box_joiner(completion[a.end : b.start]) == "list" for a, b in itertools.pairwise(on_line)
                )
                else None
            )
            # (boxes only: two marker statements or answer blocks, one after the other, list candidates
            # whatever the gold, "Answer: 12\nAnswer: 13")
            listing = answer.rule == "boxed" and (isinstance(gold.node, (ListOf, SetOf)) or named is not None)
            if listing and not _hedged_boxes(completion, on_line):
                # the gold lists values: boxes listing them answer it ("\\boxed{1} and \\boxed{2}"; not
                # "\\boxed{1} or \\boxed{2}", a hedge between them)
                listed = boxes_as_list(completion, found.anchored, answer)
                if named is not None:
                    listed = Answer(named, listed.rule, listed.start, listed.end, listed.lenient)
                names = counted_names(gold) if gold.read_as == "boxed" else None
                boxes = [(b.start, b.end, b.text) for b in on_line] if names is not None else []
                words = counted_values.counted_boxes(completion, boxes) if boxes else None
                if words is not None:  # "\\boxed{2} bins and \\boxed{1} paper": the boxes name their parts
                    listed = Answer(words, listed.rule, listed.start, listed.end, listed.lenient)
                return _judge(
                    listed, reading_of(listed.text, gold), gold, policy, budget, completion, decimals
                )
            same_line = any(b.text == sibling for b in on_line if b is not answer)
            where = "on one line" if answer.rule == "boxed" and same_line else "one right after the other"
            detail = f"distinct final answers {where}: {answer.text!r} and {sibling!r}"
            return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=detail)
        # "(A) is wrong. (B) is correct. (C) is wrong.\nThe answer is C.": the text gives two answers
        against = (
            chosen_against_verdicts(
                found.region[: answer.start - found.region_start], gold.letters, reading.choice
            )
            if gold.kind == "choice" and reading.choice is not None and answer.start > found.region_start
            else None
        )
        if against is not None:
            return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=against)
        return _judge(answer, reading, gold, policy, budget, completion, decimals)
    if unreadable is not None:
        detail = f"the committed answer {unreadable.text!r} is not a {gold.kind}"
        return _result(gold, policy, Verdict.UNPARSEABLE, unreadable, detail=detail)

    lenient, fallback = lenient_answer(found, gold)
    if gold.kind in ("number", "math") and FENCE in found.region[-_PRINTED_TAIL_CHARS:]:
        lenient, fallback = _printed(found, gold, lenient, fallback)
    if lenient is not None and lenient.rule == "last_number":
        # "final_answer: 72\nother_answers: 70": the last number is one a field offers as an alternative
        offered = answer_fields.offered_as_alternative(found.region, lenient.start - found.region_start)
        if offered is not None:
            fallback = Reading("ambiguous", text=lenient.text, why=offered)
    if (
        lenient is not None
        and lenient.rule == "last_number"
        and gold.kind == "number"
        and found.region_start > 0
        and fallback is not None
        and fallback.status == "value"
    ):
        # "<think>3 × 15 = 45</think>\nShe walks 3 blocks at 15 minutes each.": the text after the reasoning
        # only restates the question's givens, which the reasoning went on from
        restated = givens_after_reasoning(found, completion[: found.region_start])
        if restated is not None:
            fallback = Reading("ambiguous", text=lenient.text, why=restated)
    if found.problem == "outside_region" and (fallback is None or fallback.status == "none"):
        detail = "the only committed answer is inside the reasoning block, none after </think>"
        return _result(gold, policy, Verdict.FORMAT, found.outside[-1], detail=detail)
    if finished is False:
        detail = "hit the length limit before committing to an answer"
        return _result(gold, policy, Verdict.TRUNCATED, detail=detail)
    if lenient is not None and fallback is not None and fallback.status != "none":
        # "… 9 * 2 = $18.\nThe answer is XVIII.": the text committed to what it wrote after its working, as
        # "Answer: XVIII" does; the working's last number is not read in its place (a sentence that refuses,
        # "The answer is unknown.", is read below as one)
        unread = (
            unread_statement
            if unread_statement is not None
            and unread_statement.start >= lenient.end
            and conclusions.written_as_answer(unread_statement.text)
            else None
        )
        bare = fallback.status == "value" and found.bare_expression(lenient)
        cut = (
            _cut_mid_sentence(found.region, bare)
            # (a value read as the option it is, "… = 18$, so the answer is" with (C) 18 listed, as well)
            if (
                gold.kind in ("number", "math")
                or (gold.kind == "choice" and lenient.rule != "choice" and DIGIT.search(lenient.text))
            )
            and unread is None
            and pointer is None
            else None
        )
        if cut is not None:
            detail = f"the text stops mid-sentence ({cut!r}): nothing after its last number commits to it"
            return _result(gold, policy, Verdict.TRUNCATED, detail=detail)
        why_not = lenient_problem(found, lenient, gold)
        if why_not is not None:
            return _result(gold, policy, Verdict.AMBIGUOUS, lenient, detail=why_not)
        named = _names_no_quantity(found, lenient, gold) if fallback.status == "value" else None
        if named is not None:  # "Order #72 was shipped.", "Step 3: answer.": nothing answer-like
            return _result(gold, policy, Verdict.NO_ANSWER, lenient, detail=named)
        if unread is not None:
            detail = (
                f"the committed answer {unread.text!r} is not a {gold.kind}; the working's numbers are not "
                "read in its place"
            )
            return _result(gold, policy, Verdict.UNPARSEABLE, unread, detail=detail)
        return _judge(lenient, fallback, gold, policy, budget, completion, decimals)
    if (
        unread_statement is not None
        and gold.kind in ("number", "math")
        and conclusions.written_as_answer(unread_statement.text)
    ):
        # "The answer is eightteen." with no number anywhere: an answer written, which cannot be read
        detail = f"the committed answer {unread_statement.text!r} is not a {gold.kind}"
        return _result(gold, policy, Verdict.UNPARSEABLE, unread_statement, detail=detail)
    return _result(gold, policy, Verdict.NO_ANSWER, detail="no answer-like text found")


# --- commitment: does the statement that holds the answer assert it? (rewardkit/commitment/) ----------


# a modal that makes what follows in the same sentence a consequence of a condition
_MODAL_IN_SENTENCE = lazy_compile(r"[^.!?\n]*\b(?:would|could|might)\b[^.!?\n]*$", re.IGNORECASE)


# a condition opened after a refused statement, in its sentence (a decimal point ends none): "… if each egg
# sells for $", "… assuming "
_CONDITION_IN_SENTENCE = lazy_compile(
    r"(?:[^.!?\n]|(?<=\d)\.(?=\d))*\b(?:if|when|whenever|unless|assuming|provided|given|supposing|as\s+long\s+as|"
    r"in\s+case|only\s+if)\b(?:[^.!?\n]|(?<=\d)\.(?=\d))*$",
    re.IGNORECASE,
)


def _consequence_of_refused(completion: str, end: int, start: int) -> bool:
    """Whether the value at ``start`` is what the refused statement ending at ``end`` goes on to say would
    hold, in the same sentence (``\\boxed{1} if the order mattered, it would be 2``), or a value of the
    condition it is refused for (``The answer is \\boxed{18} if each egg sells for $2.``): no later
    statement."""
    return start - end < 300 and (
        _MODAL_IN_SENTENCE.match(completion, end, start) is not None
        or _CONDITION_IN_SENTENCE.match(completion, end, start) is not None
    )


def _alternative_to_earlier(found: Candidates, answer: Answer, gold: Gold, completion: str) -> str | None:
    """Why the chosen (last) anchored answer is an answer to another reading of the question, offered after an
    earlier one (``The answer is 12. For distinguishable coins, the answer would be 24.``, ``\\boxed{12} …
    If the order mattered, we would instead get \\boxed{24}``), or None. An alternative that says the same
    as the answer before it (``Even if we count Sunday, the answer would still be 72``) offers none."""
    line_start = completion.rfind("\n", 0, answer.start) + 1
    sentence_before = completion[max(line_start, answer.start - 300) : answer.start]
    if answer.rule == "boxed":
        sentence_before = _BOX_OPENING_AT_END.sub("", sentence_before.rstrip(" \t$\\([{"))
    # (else one that runs on over this one: "#### 1 if …, the answer would be 2")
    earlier = [a for a in found.anchored if a.end <= answer.start] or [
        a for a in found.anchored if a.start < answer.start
    ]
    if not earlier:
        # "If the order mattered, we would instead get \\boxed{24}" alone: an alternative to what, is unsaid
        return other_readings.alternative_opening(sentence_before)
    # "\\boxed{1} if the order mattered, the answer would be 2": the earlier answer ends where the
    # alternative's sentence opens, no full stop between
    said_from = len(sentence_before) - (answer.start - earlier[-1].end)
    if 0 < said_from < len(sentence_before):
        sentence_before = sentence_before[said_from:]
    why = other_readings.alternative_reading(sentence_before)
    if why is None:
        return None
    now = reading_of(answer.text, gold)
    if earlier[-1].end > answer.start:
        # the statement that runs on over this one states its first value ("#### 1 if …, … would be 2": 1)
        first = first_value(earlier[-1].text)
        said = first[2] if first is not None else None
        same = said is not None and now.quantity is not None and same_quantity(said, now.quantity)
        return None if same else why
    before = reading_of(earlier[-1].text, gold)
    if before.status == "value" and now.status == "value" and same_reading(before, now):
        return None
    return why


# the letters an option may have, where the gold names none
_ANY_LETTER = "ABCDEFGHIJ"

# a line that opens the working told after an answer line: "Explanation:", "**Justification:**",
# "## Reasoning"
_WORKING_HEADING = lazy_compile(
    rf"^[ \t>*_#-]*(?:{conclusions.WORKING_WORDS}|step-by-step(?:[ \t]+(?:solution|explanation))?)\b"
    r"[ \t*_]*(?:[:：]|$)",
    re.IGNORECASE | re.MULTILINE,
)


def _explained_otherwise(found: Candidates, answer: Answer, gold: Gold, completion: str) -> str | None:
    """Why the chosen (last) anchored answer concludes the explanation that an earlier answer heads
    (``Answer: 70\nExplanation: … so the answer is 72.``): the explanation works out the answer stated above
    it, so a conclusion on another value leaves two answers, neither committed. None where no heading of
    working stands between them, a retraction changes the answer on the way (``Wait, that is wrong``), or
    both say the same."""
    earlier = [a for a in found.anchored if a.end <= answer.start]
    if not earlier:
        return None
    first = earlier[-1]
    between = completion[first.end : answer.start]
    heading = _WORKING_HEADING.search(between)
    if heading is None or retractions.RETRACTION.search(between, heading.end()) is not None:
        return None
    before, now = reading_of(first.text, gold), reading_of(answer.text, gold)
    if before.status != "value" or now.status != "value" or same_reading(before, now):
        return None
    said = between[heading.start() :].strip()[:40]
    headed, concluded = first.text.strip(), answer.text.strip()
    return f"two answers: {headed!r} heads the text, its explanation ({said!r}…) concludes on {concluded!r}"


def _hedged_later(completion: str, end: int, reading: Reading, gold: Gold) -> str | None:
    """Why a sentence after the statement ending at ``end`` withdraws it by hedging between its answer and
    another (``The answer is (B). It seems to be (B), though it might be (C).``), or None."""
    if gold.kind not in ("choice", "number") or end >= len(completion):
        return None
    return hedges.hedged_later(
        completion[end : end + 400],
        reading.choice if gold.kind == "choice" else None,
        gold.letters,
        reading.quantity if gold.kind == "number" else None,
    )


_WORD_ANSWER = lazy_compile(
    r"\s*(?:[^\W\d_]|['\-])+(?:\s+(?:[^\W\d_]|['\-])+){0,3}?(?=\s*(?:\(|,|;|\bor\b|$))"
)


def _dangling_alternative(answer: Answer, completion: str) -> str | None:
    """Why a marker's statement offers another value across its line's end (``The answer is 72 or\\n73``,
    ``Answer: 72\\nor 73``), or a box's on its line (``\\boxed{18}, or 19``): the statement after it is no
    later answer either."""
    if answer.rule in ("boxed", "answer_tag"):
        # "\\boxed{18}, or 19", "\\boxed{18} or maybe 19", "<answer>18</answer> or 19": the box's or the tag's
        # own line offers another value after it
        after = completion[answer.end : answer.end + 120]
        if "or" not in after and "OR" not in after and "Or" not in after:
            return None
        line = after.partition("\n")[0].lstrip("}")
        line = _ANSWER_TAG_CLOSE.sub("", line, count=1) if answer.rule == "answer_tag" else line
        offered = other_readings.alternative_after(line, read_number(answer.text).quantity)
        if offered is None:
            return None
        # "$\\boxed{1.50}, or 150 cents": the same amount in another unit, read with the box taken away
        head = completion[completion.rfind("\n", 0, answer.start) + 1 : answer.start]
        head = _BOX_OPENING_AT_END.sub("", head)
        again = restated_around(head + answer.text + line, len(head), len(head) + len(answer.text))
        return None if again is not None and again.equal else offered
    return other_readings.alternative_across_lines(
        answer.text[-40:], completion[answer.end : answer.end + 200]
    )


_BOX_OPENING_AT_END = lazy_compile(r"\\(?:boxed|fbox)\s*\{$")
_ANSWER_TAG_CLOSE = lazy_compile(r"^\s*</\s*answer\s*>", re.IGNORECASE)


# markers that state an answer by their form alone ("#### 7", "\\boxed{7}"): what follows them (padding,
# "...") does not make them trail off
_FORMAL_RULES = frozenset({"hashes", "boxed", "answer_tag", "a_colon", "answer_heading"})
_PIECEWISE = lazy_compile(r"\bif\b|\botherwise\b|\\begin\{cases\}")
_CHOICE_LETTER = lazy_compile(r"\(\s*[A-Z]\s*\)|(?<![A-Za-z])[A-Z](?![A-Za-z])")


# what makes letters part of an expression rather than a set of options: "AC + 1", "AC = 5", "2AC"
_IN_EXPRESSION = lazy_compile(r"[-+*/=^<>×÷√\\\d]")


# what a fill-in blank's label opens with: "(1)", "1)", "①", "第一空"
_BLANK_LABEL_OPENINGS = frozenset("(0123456789第" + "".join(chr(c) for c in range(0x2460, 0x2474)))


def _blanks_answered(answer: Answer, gold: Gold, completion: str | None) -> Answer | None:
    """The values of the fill-in blanks that ``answer``'s line answers under their labels (``答案：(1) 3；(2)
    5``, ``Answer: ①3; ②5``), as the tuple of a gold of as many values, or None (against one value, several
    parts answered are refused as before)."""
    if (
        completion is None
        or not isinstance(gold.node, (ListOf, TupleOf))
        or answer.text.lstrip()[:1] not in _BLANK_LABEL_OPENINGS
    ):
        return None
    if answer.rule == "boxed":  # "\\boxed{(1) 3; (2) 5}": the box holds the blanks
        line, line_end = answer.text, answer.end
    else:
        line_end = completion.find("\n", answer.start)
        line_end = len(completion) if line_end < 0 else line_end
        line = POLITE_TAIL.sub("", completion[answer.start : line_end])
    blanks = labelled_blanks(line.strip())
    if blanks is None or len(blanks) != len(gold.node.items):
        return None
    # (in the order of their labels, a tuple: "(1) 5; (2) 3" is no answer to "3, 5")
    return Answer(f"({', '.join(blanks)})", answer.rule, answer.start, line_end, answer.lenient)


def _committed(answer: Answer, gold: Gold, completion: str | None = None) -> tuple[Answer, str | None]:
    """The anchored answer as its statement commits to it (``not 40, but 45`` → ``45``), or why it does
    not."""
    if (
        completion is not None
        and answer.end == len(completion)
        and answer.rule != "boxed"
        and answer.text.isdecimal()
        and answer.text.isascii()
    ):
        # "A: 72" ending the completion: digits with nothing after them to ask, trail off or undercut, and a
        # line before them with no word to open a condition, a hedge or a counterfactual (what the readers
        # below find of it)
        line_start = completion.rfind("\n", 0, answer.start) + 1
        if len(completion[line_start : answer.start].strip(shared_words.NO_LETTERS)) < 2:
            return answer, None
    blanks = _blanks_answered(answer, gold, completion)
    if blanks is not None:
        # what stands around the statement (a condition before it: "If n is even, the answer is (1) 3; (2)
        # 5.") is read as around its first blank's value
        first_blank = blanks.text[1:].split(",")[0]
        boxed = answer.rule == "boxed"
        at = answer.start if boxed else answer.start + max(0, answer.text.find(first_blank))
        stand_in = Answer(first_blank, answer.rule, at, answer.end if boxed else at + len(first_blank), True)
        _, why = _committed(stand_in, gold, completion)
        return blanks, why
    settled = retractions.settled_on(answer.text) if answer.rule != "boxed" else None
    if settled is not None:
        # "The answer is 18 or 16, but I'll go with 18": the value it settles on, committed as any statement
        chosen = answer.text[settled:].rstrip(" \t.!*_")
        at = answer.start + settled
        return _committed(Answer(chosen, answer.rule, at, at + len(chosen), answer.lenient), gold, completion)
    corrected = retractions.corrected_within(answer.text) if answer.rule != "boxed" else None
    if corrected is not None:
        # "The answer is 72, sorry, it should be 70": the value stated again after the take-back, committed as
        # any statement
        restated = answer.text[corrected:].rstrip(" \t.!*_")
        if restated.endswith(")") and "(" not in restated:
            restated = restated[:-1].rstrip(" \t.!*_")  # "72 (sorry, it should be 70)": the aside's bracket
        at = answer.start + corrected
        return _committed(
            Answer(restated, "correction", at, at + len(restated), lenient=True), gold, completion
        )
    asked = _asks(answer, completion)
    if asked is not None:
        return answer, asked
    if answer.rule == "boxed" and completion is not None:
        called = glued_box.called_wrong(completion, answer.end)
        if called is not None:
            return answer, called
        before = completion[max(0, answer.start - 200) : answer.start]
        # "The answer is not \\boxed{72}", "Suppose the answer is \\boxed{72}", "The wrong answer is
        # \\boxed{72}", "\\boxed{72}, plus 3", "\\boxed{72} (not sure)"
        said = (
            negation.negated_before(before)
            or conditions.supposed_before(before)
            or conditions.put_forward_before(before)
            or hedges.disowned_before(before)
            or hedges.hedged_before(before)
            or conditions.doubted_box(before)  # "Bob says the answer is \\boxed{72}"
            or _undercut_after(completion, answer.end, answer.text)
        )
        if said is not None:
            return answer, said
    if answer.rule not in ("boxed", "answer_tag") and completion is not None:
        line_start = completion.rfind("\n", 0, answer.start) + 1
        opened = conditions.conditional_opening(completion[line_start : answer.start])
        if opened is None and gold.kind in ("number", "math"):
            # "The answer would be 72 without the tax": the marker's "would", a "without" after its value
            opened = conditions.counterfactual_around(
                completion[line_start : answer.start], completion[answer.start : answer.end + 100]
            )
        if opened is not None:
            own = _own_result_within(answer) if gold.kind in ("number", "math") else None
            if own is not None:
                # "The textbook says the answer is 72, but I get 70.": another's value reported, the writer's
                # own stated after it; the own one is the answer, read as any statement
                return _committed(own, gold, completion)
            return answer, opened
        if gold.kind in ("number", "math") and answer.start > 0:
            # "Case 1: …, the answer is 3.\nCase 2: …, the answer is -3.", "For part (b), the answer is 18."
            # (on one line too: "For part (a), the answer is 12; for part (b), the answer is 18.")
            series = case_series_before(completion, answer.start, answer.text)
            if series is not None:
                return answer, series
        after_line = completion[answer.end : answer.end + 300].partition("\n")[0]
        if gold.kind in ("number", "math") and after_line.lstrip(" \t*_")[:1] in (",", ";"):
            # "The answer is: if each person, 12; if each group, 4": the statement answers one case of two
            per_case = conditions.another_case_after(answer.text, after_line)
            if per_case is not None:
                return answer, per_case
    if completion is not None and gold.kind in ("number", "math"):
        # '"The answer is 81," said the wizard.', "Alice: I think it's 45.\nBob: I get 40.": a character's
        # words (a literal test before each reader: most texts quote no one and stage no dialogue)
        speech = (
            dialogue.quoted_speech(completion, answer.start, answer.end)
            if '"' in completion or "“" in completion or "said" in completion or "says" in completion
            else None
        )
        if speech is None and completion.count(":") >= 2 and "\n" in completion:
            speech = dialogue.dialogue_disagrees(completion, answer.start)
        if speech is not None:
            return answer, speech
    if plain_number(answer.text):
        # "18", "$1,250": nothing inside a bare number qualifies it; only what follows the statement can
        # ("18..." trails off). The common case, kept off the general reader
        after = completion[answer.end : answer.end + 300] if completion is not None else ""
        if not after:
            return answer, None  # the statement ends the text: nothing after it trails off or undercuts it
        trailing = after.lstrip(" \t")[:1] in (".", "…", "?") and answer.rule not in _FORMAL_RULES
        said = hedges.trails_off(after) if trailing else None
        return answer, said or (_undercut_after(completion, answer.end) if completion is not None else None)
    text = clean_span(answer.text)
    if gold.kind == "text":
        # "Monday (or Tuesday)": the first word is read, and another one hedges it
        # (letters of any script: "Sí (or no)", "Lundi (ou mardi)")
        first = _WORD_ANSWER.match(text)
        if first is None:
            return answer, None
        rest = text[first.end() :]
        asked = (
            hedges.trails_off(completion[answer.end : answer.end + 300])  # "The answer is Monday?"
            if completion is not None and answer.rule not in _FORMAL_RULES
            else None
        )
        # "The answer is red; blue": the span ends at the semicolon, the list of words goes on past it
        past = completion[answer.end : answer.end + 200] if completion is not None else ""
        listed = listed_answers.listed_words_after(past) if past.lstrip(" \t*_").startswith(";") else None
        return answer, asked or listed or commitment.problem(text[: first.start()], rest, words=True)
    # "Answer:\nThe question asks how many are left if she starts with 42...": not an answer at all
    trailing = completion is not None and answer.rule not in _FORMAL_RULES
    said = (
        restatement.restates(text)
        or (hedges.trails_off(completion[answer.end : answer.end + 300]) if trailing else None)  # type: ignore[index]
        or (bounds.bounded_after(completion, answer.end) if completion is not None else None)
    )
    if said is not None:
        return answer, said
    within = set_within(text) if gold.kind == "choice" else None
    if within is not None and chosen_set(text[within[0] : within[1]], gold) is not None:
        # "A and C", "probably AC", "not A and C": several letters named, one set; its statement is read
        # around it
        before, chosen, after = text[: within[0]], text[within[0] : within[1]], text[within[1] :]
        why = commitment.problem(before, after, letters=True)
        if why is None and negation.negates(before):
            why = f"negated: {text[:60]!r} says what the answer is not"
        if why is None and _IN_EXPRESSION.search(before + after):
            why = f"unparseable: {text[:60]!r} puts the letters in an expression, not a set of options"
        if why is not None or not (before or after).strip(" \t.,;:!*_$"):
            return answer, why
        return _part_of(answer, chosen, answer.rule, last=False, lenient=answer.lenient), None
    letter = _CHOICE_LETTER.search(text) if gold.kind == "choice" else None
    # with no letter in it, a choice answer names an option by its text or value ("Answer: not 15", B being
    # 15): its statement is read as a value's is, below
    if letter is not None:
        before, after = text[: letter.start()], text[letter.end() :]
        named = negation.negation_corrected(after) if negation.negates(before) else None
        if named is not None:
            return Answer(named, answer.rule, answer.end - len(named), answer.end, answer.lenient), None
        why = commitment.problem(before, after, letters=True, letter=letter.group().strip("() "))
        taken_back = retractions.taken_back_within(after) if why is None else None
        if taken_back is not None:
            # "(C) — no, sorry, (B)", "B, no — wait: C": the letter named after the take-back is the answer
            later = _CHOICE_LETTER.search(taken_back)
            if later is None or later.group() not in answer.text:
                return answer, f"retracted: {('… ' + after.strip())[:60]!r} takes the letter back"
            # the letter named after it is read as any statement of one ("B, no — wait: not C")
            said = commitment.problem(taken_back[: later.start()], taken_back[later.end() :], letters=True)
            if said is not None:
                return answer, said
            return _part_of(answer, later.group(), "correction", last=True, lenient=True), None
        return answer, why
    if " or " in text and lists_values(gold):
        # "x = -2 or x = 3", "x < 2 or x > 3": a solution set written as alternatives on one variable, read
        # whole (anything else in the statement, "x = 2 or x = 3, I think", makes it no such reading)
        alternatives = read_math(text)
        if alternatives.node is not None and one_variable_alternatives(alternatives.node):
            return answer, None
    if gold.kind == "number" and answer.rule in ("answer_colon", "answer_is"):
        # "Answer: the maximum is 2, the minimum is -2.": a statement that names two quantities and gives each
        # a value answers both; the last one is no more the answer than the first (the last number's reading)
        quantities = named_quantities_in(text)
        joined = "," in text or ";" in text or " and " in text
        if quantities is None and joined and _STATING.search(text) is not None:
            # "Answer: Alice is 18, Bob is 12.", "答：原价是200元，现价是160元。": a value under each of two
            # names alike, each after its copula (the copula reading below keeps only the last one; without
            # a copula the number reader sees both: "Alice has 18, Bob has 12")
            quantities = _named_alike_in(text)
        if quantities is not None:
            return answer, f"several quantities stated ({quantities}): the gold names none of them"
    opening = first_value(text)
    if opening is not None and opening[0] <= 1 and opening[2] is not None:
        # "72 (this is a guess)": an aside that doubts the value it opens on, whatever verb it holds
        rest = text[opening[1] :]
        # ... or gives it on another's word: "72 (source: answer key)"
        unsure = hedges.unsure_after(rest) or hedges.attributed_after(rest)
        if (
            unsure is None
            and rest.lstrip(" \t")[:1] == "("
            and _STATING.search(rest) is not None
            and retractions.taken_back_within(rest) == ""
        ):
            # ... or takes it back in an aside with a verb of its own ("72 (this is what my calculator shows,
            # but I don't trust it)": the copula reading below would keep only what follows its "is")
            unsure = f"retracted: {('… ' + rest.strip())[:60]!r} takes the value back"
        if unsure is not None:
            return answer, unsure
    if opening is not None and opening[0] <= 1 and COPULA.search(text, opening[1]):
        # "72 is what a naive student gets", "72 is a trap": a statement that opens on its value and calls it
        # wrong after its "is" (whose article the copula reading below would take for a variable)
        called = whole_statement.called_wrong_after(
            rejection.without_reason_about_another(text[opening[1] :], opening[2], None)
        )
        if called is not None:
            return answer, called
    for copula in reversed(list(_STATING.finditer(text))):
        # "The probability that …, given that he picks 39 cards, is \\(1\\)": the statement's value is the
        # one after its last "is" (one that has a value after it: "42 if the store is open" is not cut),
        # and only what stands around that value can qualify it
        stated = first_value(text[copula.end() :])
        if stated is not None:
            if (
                opening is not None
                and opening[0] <= 1
                and opening[2] is not None
                and stated[2] is not None
                and opening[1] <= copula.start()
                and not same_quantity(opening[2], stated[2])
                # ("5 km, which is about 3.1 miles": the same quantity, rounded in another unit)
                and not rounded_restatement(opening[2], stated[2])
                # ("1/4 of the pie, which is 25%": the same share, as a percentage)
                and not _same_share(opening[2], stated[2])
            ):
                # "3 hours, that is 120 minutes": a statement that opens on its value and restates it says
                # two different things when the two disagree; "72, which is 48 + 24" computes the same one
                head = text[: opening[1]]
                # ("12, which is 5 more than Bob": the value after the copula is a gap the clause compares
                # with another thing, no second statement of the answer)
                compared = bounds.names_gap(text[copula.end() + stated[1] :])
                if (compared or _restated_alike(head, text[copula.end() :], gold)) and head in answer.text:
                    stated_head = _part_of(answer, head, answer.rule, last=False, lenient=answer.lenient)
                    return stated_head, commitment.problem(
                        "",
                        text[opening[1] :],
                        value=opening[2],
                        relations_qualify=not relations_are_answers(gold),
                    )
                if gold.kind == "number" and completion is not None:
                    again = restated_around(completion, answer.start, answer.end)
                    if again is not None and again.equal:  # "*90* minutes, that is 1.5 hours": one quantity
                        return answer, None
                said = text[: copula.end() + stated[1]].strip()
                return answer, f"two different values: {said[:60]!r}"
            said_again = (
                opening is not None
                and opening[2] is not None
                and stated[2] is not None
                and opening[1] <= copula.start()
                and (
                    same_quantity(opening[2], stated[2])
                    or _same_share(opening[2], stated[2])
                    # "not 5 km, which is 3.1 miles": the same quantity in another unit
                    or rounded_restatement(opening[2], stated[2])
                )
            )
            if not said_again:
                text = text[copula.start() :]
            # (a value said again after its copula, "not 72, that is 72 dollars", is judged where it was first
            # said: the words before it still negate, bound or hedge it)
            break
    if gold.kind == "number" and ("," in text or "(" in text):
        # "Answer: 4 × 75 = 300 cents, or $3.", "90 minutes, or *1.5* hours": a value restated in another unit
        # is one quantity; what stands around its first statement is what can qualify it, and the ", or"
        # between the two hedges nothing
        again = restated_around(text, 0, len(text))
        if again is not None and again.equal and again.first_end:
            text = text[: again.first_end] + text[again.end :]
    where = first_value(text)
    if where is None:
        return answer, None
    start, end, quantity = where
    phrase = clock_phrase_around(text, start, end)
    if phrase is not None:  # "not quarter to 8": the phrase is the value, its hour only a part of it
        start, end, quantity = phrase
    start = place_start(text, start)  # "not day 72", "at least day 72": the place is the value
    dots = _DOTS_OF_DECIMAL.match(text, end) if "." in text[end : end + 2] or "…" in text else None
    if dots is not None and _DECIMAL_END.search(text, start, end):
        end = dots.end()  # "0.333...": the dots continue the number's digits, they do not trail off
    before, after = text[:start], text[end:]
    named = negation.negation_corrected(after, quantity) if negation.negates(before) else None
    if named is not None and answer.rule != "boxed":
        return Answer(named, answer.rule, answer.end - len(named), answer.end, answer.lenient), None
    why = commitment.problem(
        before,
        after,
        value=quantity,
        relations_qualify=not relations_are_answers(gold),
        # a piecewise answer says "if" in its box, when its gold does too
        conditions=not (answer.rule == "boxed" and _PIECEWISE.search(gold.raw)),
    )
    taken_back = retractions.taken_back_within(after) if why is None else None
    if taken_back == "":  # "72, just kidding": nothing stands
        return answer, f"retracted: {('… ' + after.strip())[:60]!r} takes the value back"
    concluded = (
        conclusions.concluded_value(taken_back) if taken_back is not None and len(taken_back) > 8 else None
    )
    if taken_back is not None and concluded is not None:
        # "40 (wait, no — I forgot the 5 she gave away, so 35)": the correction concludes on its value, the
        # numbers of its reason are operands
        taken_back = taken_back[concluded[0] : concluded[1]]
    if taken_back is not None and taken_back in answer.text:  # "72 — just kidding, 73": the later one stands
        return _part_of(answer, taken_back, "correction", last=True, lenient=True), None
    if why is None and taken_back is None:
        # "The answer is 3 boxes of 12, so 36 eggs.": a statement nothing else qualifies that works its answer
        # out; the value it concludes on is the answer, committed as any statement, its operands are working
        worked = _concluded_within(answer, gold)
        if isinstance(worked, str):
            return answer, worked
        if worked is not None:
            return _committed(worked, gold, completion)
    return answer, why


# the marker statements that can work their answer out on their line ("Answer: 12 rows of 6, so 72 chairs.")
_WORKING_STATEMENT_RULES = frozenset({"answer_colon", "answer_is", "final_answer", "hashes", "a_colon"})
_LAST_OPERAND = lazy_compile(r"\d[^\d]*$")
_RESULT_ENDING = lazy_compile(
    r"=[\s*_]*(?P<value>[-−]?\$?\d[\d,]*(?:\.\d+)?(?:/\d+)?)(?![\d.,/]*\d|\s*[-+*/×÷%^=<>])[^\d\n.;!?=]{0,80}[.!]?\s*$"
)
# a word of prose (a command's name, "\\times", is math; a variable, "f(2)", is one letter)
_PROSE_WORD = lazy_compile(r"(?<![\\A-Za-z])[A-Za-z]{2,}")


def _concluded_within(answer: Answer, gold: Gold) -> Answer | str | None:
    """The value a marker's statement concludes on past its operands (``3 boxes of 12, so 36 eggs`` →
    ``36 eggs``), why it does not commit (``36 eggs, so 3 boxes``: a value stated whole, then another one
    derived from it; ``12 rows of 6, so 70``: working that does not give its conclusion), or None for a
    statement that concludes on nothing new (``72, so she is happy``, ``3, so x = 3``, ``12 (3 boxes of
    4)``: an aside's conclusion explains the value it follows), or that other readers judge (a computation
    in math, ``48 + 24 = 70``; a conclusion with a copula of its own, ``the width is 4, so the area is 20``).
    """
    text = answer.text
    if (
        answer.rule not in _WORKING_STATEMENT_RULES
        or gold.kind != "number"  # (math golds state equations and relations: "x^2 - y^2 = 1" is no working)
        or len(text) > 300
        or not any(c.isdigit() for c in text)
    ):
        return None
    where = conclusions.concluded_value(text)
    if where is None and "=" in text:
        # "6 eggs a day for 3 days = 18 eggs": the result of a computation written in words, in units of
        # its own
        result = _RESULT_ENDING.search(text)
        where = None if result is None else (result.start("value"), result.end("value"), False)
    if where is None:
        return None
    opening = first_value(text)
    if opening is None or opening[2] is None or opening[1] > where[0]:
        return None
    head = text[: where[0]]
    if head.count("(") > head.count(")") or head.count("[") > head.count("]"):
        return None  # "12 (4 × 4 = 16)": what an aside concludes explains the value, it answers nothing
    stated = first_value(text[where[0] :])
    if stated is None or stated[2] is None:
        return None
    first, last = opening[2], stated[2]
    if (
        same_quantity(first, last)
        or rounded_restatement(first, last)
        or _same_share(first, last)
        or rounds_to(first, last)
    ):
        return None  # "4 hours, so 240 minutes", "2/3, so about 0.67": one quantity said twice
    turns = list(shared_words.CONCLUDING_TURN.finditer(text, opening[1], where[0]))
    turn = turns[-1] if turns else None  # the turn to the conclusion: "15 + 20 = 35, so 36" turns at "so"
    cut = where[0] if turn is None else turn.start()
    if turn is not None and turn.group() == "=" and _PROSE_WORD.search(text, 0, cut) is None:
        return None  # "2 + 3 = 5", "$48 + 24 = 70$": a computation in math, read (and checked) as such
    if turn is not None and COPULA.search(text, turn.end(), where[0]) is not None:
        return None  # "the width is 4, so the area is 20": the copula reading takes the value it names
    first_turn = turns[0].start() if turns else where[0]
    if not any(c.isdigit() for c in text[opening[1] : first_turn]):
        if turns and turns[0].group() == "=":
            return None  # "x = -2 or x = 3", "2 hours = 120 minutes": values named or restated, no working
        # "The answer is 36 eggs, so 3 boxes.", "40, so 40 - 5 = 35 remain": the statement states a value
        # whole, then derives another from it; which one the question asks for, the text does not say
        said = text[: where[1]].strip()
        return f"two different values: {said[:60]!r} states one value and concludes on another"
    operands = [q.quantity for q in scan(text[opening[0] : cut]) if q.quantity is not None]
    # ("15 + 20 = 35, so she has 35 left": the conclusion says the result of the working's computation again)
    computed = [
        q.quantity for m in _COMPUTED_RESULT.finditer(text, opening[0], cut) for q in scan(m.group(1))
    ]
    if not _worked_to(last, operands) and not any(q is not None and q.value == last.value for q in computed):
        # "12 rows of 6 chairs, so 70 chairs": working that does not give the value it concludes on pays
        # neither its operands nor its conclusion (as a false computation in math does not)
        said = text[: where[1]].strip()
        return f"a false computation: {said[:60]!r} does not give the value it concludes on"
    between = text[opening[1] : where[0]]
    lead = text[_LAST_OPERAND.search(between).start() + 1 + opening[1] : where[0]]  # type: ignore[union-attr]
    why = commitment.problem(lead, "", value=last)
    if why is not None:
        return why  # "3 boxes of 12, so maybe 36 eggs": the conclusion is hedged
    chosen = text[where[0] :].rstrip(" \t.!*_")
    at = answer.start + where[0]
    return Answer(chosen, answer.rule, at, at + len(chosen), answer.lenient)


def _worked_to(result: Quantity, operands: list[Quantity]) -> bool:
    """Whether ``result`` is the sum, the product, the difference or the quotient of ``operands`` (a
    percentage read as its share): ``36`` of ``3 boxes of 12``, ``120`` of ``40, 40 and 40``, ``$60`` of
    ``4 hours at $15``.

    >>> from rewardkit.numbers import parse_number as q
    >>> _worked_to(q("36"), [q("3"), q("12")]), _worked_to(q("70"), [q("12"), q("6")])
    (True, False)
    """
    values = [q.value / 100 if q.percent else q.value for q in operands]
    value = result.value / 100 if result.percent else result.value
    product = Fraction(1)
    for v in values:
        product *= v
    worked = {sum(values, Fraction(0)), product, values[0] - sum(values[1:], Fraction(0))}
    if len(values) == 2 and values[1] != 0:
        worked.add(values[0] / values[1])
    return value in worked


def _settled_on_it(found: Candidates, answer: Answer, gold: Gold) -> Answer | None:
    """The statement the text ends on that settles on the answer's own value (``… so I'll go with 72.``), or
    None."""
    region = POLITE_TAIL.sub("", found.region)  # ("… so I'll go with 72.\n\nI hope this helps!")
    where = retractions.settled_at_end(region)
    if where is None:
        return None
    text = region[where[0] : where[1]]
    first, last = reading_of(answer.text, gold), reading_of(text, gold)
    if first.status != "value" or last.status != "value" or not same_reading(first, last):
        return None
    start = found.region_start + where[0]
    return Answer(text, answer.rule, start, start + len(text), answer.lenient)


def _own_result_within(answer: Answer) -> Answer | None:
    """The writer's own result the statement goes on to after its value (``72, but I get 70`` → ``70``), or
    None."""
    opening = first_value(answer.text)
    if opening is None:
        return None
    own = hedges.own_result_after(answer.text[opening[1] :])
    if own is None:
        return None
    start = answer.start + opening[1] + own[0]
    text = answer.text[opening[1] + own[0] : opening[1] + own[1]]
    return Answer(text, "correction", start, start + len(text), lenient=True)


def _same_share(a: Quantity, b: Quantity) -> bool:
    """Whether two plain quantities state one share, one of them as a percentage and exactly equal (``1/4``
    and ``25%``, ``0.5`` and ``50%``; not ``1/3`` and ``33%``, a rounding, nor ``1/4`` and ``20%``)."""
    if a.unit is not None or b.unit is not None or a.percent == b.percent:
        return False
    fraction, percent = (b, a) if a.percent else (a, b)
    return fraction.value * 100 == percent.value


def _part_of(answer: Answer, part: str, rule: str, *, last: bool, lenient: bool) -> Answer:
    """The answer that is ``part`` of ``answer``'s text (its last or first occurrence), where it stands. A
    box's span covers ``\\boxed{…}`` around its text, so a part of a box keeps the box's span: what is read
    after it is what follows the box."""
    if answer.rule == "boxed":
        return Answer(part, rule, answer.start, answer.end, lenient)
    at = answer.start + (answer.text.rindex(part) if last else answer.text.index(part))
    return Answer(part, rule, at, at + len(part), lenient)


# dots right after a decimal of two digits or more continue it ("0.333...", "3.14159…")
_DOTS_OF_DECIMAL = lazy_compile(r" ?(?:\.\.\.|…)")
_DECIMAL_END = lazy_compile(r"\.\d{2,}$")


def _asks(answer: Answer, completion: str | None) -> str | None:
    """Why an answer asks rather than states (``#### 72?``, ``<answer>72?</answer>``, ``\\boxed{72?}``),
    whatever rule found it, or None."""
    after = completion[answer.end : answer.end + 20] if completion is not None else ""
    if "?" not in answer.text and "?" not in after:  # the common case, settled by two substring tests
        return None
    text = answer.text.rstrip()
    if text.endswith("?") and any(c.isalnum() for c in text):
        return f"not asserted: the answer asks ({text[-20:]!r})"
    if _QUESTION_MARK_AFTER.match(after) is not None:
        # "72?", "\\boxed{72} (?)", "\\boxed{72}\\textsuperscript{?}": a question mark set right after the
        # answer, bare, in brackets or raised, doubts it
        return f"not asserted: the answer asks ({after.strip()[:20]!r})"
    return None


_QUESTION_MARK_AFTER = lazy_compile(
    r"[ \t*_$]*(?:\?|\(\s*\?+\s*\)|\[\s*\?+\s*\]|(?:\^|\\textsuperscript\s*)\{\s*\?+\s*\}|\^\s*\?)"
)


def _undercut_after(completion: str, end: int, stated: str = "") -> str | None:
    """Why the rest of the line after an answer span takes it back, changes it or hedges it (``72
    (rejected)``, ``72, plus 3``, ``72 (not sure)``), or None. ``stated``: the span's text; a reason that
    calls another value wrong (``\\boxed{B} because A is too small``) says nothing against it."""
    bounded = bounds.bounded_after(completion, end)
    if bounded is not None:
        return bounded  # "\\boxed{18} or more", "The answer is 18. At least."
    after = completion[end : end + 300].partition("\n")[0]
    if after.startswith("</"):
        # "<answer>18</answer> if each egg sells for $2": what follows the tag is said of the answer it closes
        after = _ANSWER_TAG_CLOSE.sub("", after, count=1)
    if not after.strip(_NOTHING_SAID):  # "#### 72", "\\boxed{72}.": nothing after the answer on its line
        return None
    if stated:
        letter = stated.strip("() ") if _SINGLE_LETTER.fullmatch(stated) else None
        value = next(scan(stated), None) if letter is None else None
        after = rejection.without_reason_about_another(
            after, value.quantity if value is not None and value.end == len(stated) else None, letter
        )
    return (
        rejection.rejected_after(after)
        or rejection.operated_after(after)
        or hedges.unsure_after(after)
        or hedges.attributed_after(after)  # "72 (source: answer key)"
        # ("The minimum is \\boxed{4} when x = 1": where the value is attained, no condition on it)
        or conditions.condition_right_after(after, completion[max(0, end - 200) : end])
        or conditions.value_under_condition_after(after)  # "\\boxed{15} (16 with tax)"
    )


_SINGLE_LETTER = lazy_compile(r"\s*\(?[A-J]\)?\s*")

# what ends a line without saying anything: spaces, closing punctuation, emphasis, math delimiters
_NOTHING_SAID = " \t.,;:!*_$)]}\\"
_RESTATEMENT_VALUE_END = lazy_compile(r"[\s.,;:!]*$")


def _restated_alike(head: str, restated: str, gold: Gold) -> bool:
    """Whether a restatement after a value (``72, which is 48 + 24``) computes the same value as it."""
    restated = _RESTATEMENT_VALUE_END.sub("", restated)
    if not restated or len(restated) > 120:
        return False
    first, second = reading_of(head, gold), reading_of(restated, gold)
    return first.status == "value" and second.status == "value" and same_reading(first, second)


def _restates_refused(refused: Answer, later: Reading) -> bool:
    """Whether a plain statement after a statement that did not commit says its value again (``Answer: not
    72.\n\nOr, in other words, seventy-two.``): a restatement of a refused value is refused with it, where
    another value (``not 40; it is 45``) is the one the text commits to."""
    stated = first_value(refused.text)
    return (
        stated is not None
        and stated[2] is not None
        and later.quantity is not None
        and same_quantity(stated[2], later.quantity)
    )


def _statement_after(found: Candidates, at: int, gold: Gold) -> tuple[Answer, Reading] | None:
    """A plain statement of a value after position ``at`` (``… not 40; it is 45``, ``… actually D``), read
    leniently."""
    if gold.kind == "choice":
        letter = last_choice(found.region, gold.letters, found.region_start)
        # a letter's match may open on the cue itself ("Wait, D"): what counts is that the letter follows it
        if letter is None or letter.end <= at or lenient_problem(found, letter, gold) is not None:
            return None
        reading = reading_of(letter.text, gold)
        return (letter, reading) if reading.status == "value" else None
    number = found.last_number()
    if number is None or number.start < at or gold.kind not in ("number", "math"):
        return None
    run = found.last_math()
    if run and run[-1].start <= number.start < number.end <= run[-1].end and run[-1].text != number.text:
        # "… not $\\frac12$; it is $\\frac34$", "\\boxed{5} if $x = \\frac32$": the number is a part of math,
        # which states the value (or the condition's)
        math = run[-1]
        reading = reading_of(math.text, gold)
        if reading.status == "value" and not same_reading(reading, reading_of(number.text, gold)):
            return (math, reading) if lenient_problem(found, math, gold) is None else None
    if lenient_problem(found, number, gold) is not None or operand_of_expression(found, number):
        return None
    if _names_no_quantity(found, number, gold) is not None:
        return None
    reading = reading_of(number.text, gold)
    return (number, reading) if reading.status == "value" else None


def _retraction(
    found: Candidates, answer: Answer, gold: Gold, completion: str = "", depth: int = 0
) -> tuple[Answer, Reading] | str | None:
    """What a retraction after the chosen answer says (``The answer is 5. Wait, actually it is 6.``): the
    later value it states, or why nothing is committed any more (a string), or None when nothing takes it
    back. ``completion``: the whole text, whose reasoning block before the answer region a restated step may
    come from; ``depth``: how many corrections on their own lines were read before this one."""
    tail_start = answer.end - found.region_start
    if tail_start >= len(found.region) - 3:
        return None  # the answer ends the text: nothing after it takes it back
    tail = found.region[tail_start : tail_start + 4000]
    cue = retractions.RETRACTION.search(tail)
    while (
        cue is not None and cue["reread"] is not None and not _names_asked_value(found, tail_start, cue, gold)
    ):
        # "Let me reread the question. It asks for the total: 48 + 24 = 72. So 72.": a question read again
        # whose sentence names no value corrects nothing; what follows is read as after any answer
        cue = retractions.RETRACTION.search(tail, cue.end())
    if cue is not None and gold.kind == "text":
        return _word_retraction(found, answer, gold, tail_start, cue)
    if gold.kind in ("number", "math", "choice"):
        called = _own_value_called_wrong(tail, answer, gold)
        if called is not None:
            return called
    if gold.kind in ("number", "math") and tail[:1] in _RESTATEMENT_OPENERS:
        restated = _RESTATED_AFTER.match(tail)
        if restated is not None and restated_differs(
            reading_of(answer.text, gold), reading_of(restated["value"], gold)
        ):
            # "\\boxed{\\frac12} (that is, 0.25)": the value said again right after the answer is another
            return f"two different values: {answer.text!r} restated as {restated['value']!r}"
    if cue is None and gold.kind in ("number", "math"):
        return concluded_past(found, answer, gold, tail, completion)
    if cue is None or gold.kind not in ("number", "math", "choice"):
        return None
    if gold.kind == "choice":
        chosen = reading_of(answer.text, gold).choice
        offered = (
            hedges.offered_beside(tail[cue.end() : cue.end() + 400], chosen, gold.letters or _ANY_LETTER)
            if chosen is not None
            else None
        )
        if offered is not None:
            # "Answer: C\n\nOn reflection, D also works.": the cue offers a letter beside the answer, not
            # instead of it
            return offered
    later = _statement_after(found, found.region_start + tail_start + cue.end(), gold)
    own = _value_on_cue_line(found, tail_start + cue.end(), gold) if gold.kind in ("number", "math") else None
    if own is not None and later is not None and later[0].start >= own[0].end:
        # "Answer: 72\nCorrection: 70\n\nI forgot she kept two clips.": the value on the correction's own
        # line is what it states; the text after it is read as after any answer
        later = own
    else:
        own = None
    if cue["own"] is not None and gold.kind in ("number", "math"):
        # "Answer: 72. My working gives 70, though.": the text's own result set against the answer it stated;
        # the same value worked out confirms it, another leaves two values and commits to neither
        first = reading_of(answer.text, gold)
        if later is not None and first.status == "value" and same_reading(first, later[1]):
            return None
        said = tail[cue.start() : cue.start() + 60].strip()
        return f"contradicted: {said!r} sets the text's own result against its answer"
    if later is not None:
        lead = found.region[
            max(0, later[0].start - found.region_start - 60) : later[0].start - found.region_start
        ]
        if restatement.named_as_earlier(lead):
            # "Hmm, that doesn't match my earlier estimate of 20.": the value it names is the one it left
            return (
                f"retracted: {tail[cue.start() : cue.start() + 60].strip()!r} doubts the answer, states none"
            )
        first = reading_of(answer.text, gold)
        if first.status == "value" and same_reading(first, later[1]):
            at = later[0].start - found.region_start
            if retractions.STRONG_RETRACTION.search(
                tail, cue.start(), at - tail_start
            ) is not None and conclusions.reasoned_about(
                lead, found.region[later[0].end - found.region_start :]
            ):
                # "The answer is 64. No wait, I retract that. 64 assumed …": the value said again is what the
                # take-back explains, not the answer stated again
                return f"retracted: {tail[cue.start() : cue.start() + 60].strip()!r} takes the answer back"
            return None  # "Let me double-check: 9 * 2 = 18. Yes." confirms it
        checks = retractions.CHECK.fullmatch(cue.group()) is not None
        if (
            (checks or result_checks.check_after_hesitation(cue.group(), tail[cue.end() : cue.end() + 80]))
            and not conclusions.stated_as_answer(lead)
            and not _check_concludes(
                found.region,
                tail_start + cue.end(),
                later[0].start - found.region_start,
                later[0].end - found.region_start,
            )
        ):
            # "Let me double-check: 9 * 2 = 18", "Hold on, let me verify the speed: 48 km/h. Correct.": a step
            # of the check, or a given it confirms, corrects nothing; a value the check states as the answer
            # ("… it's 73") or concludes on ("…, so 48 × 3 = 144 km.") does
            if checks or result_checks.confirmed_after(found.region[later[0].end - found.region_start :]):
                return None
            if not _SENTENCE_END_IN.search(tail, cue.end(), later[0].start - found.region_start - tail_start):
                # "Hold on, let me verify the speed: 48 km/h.": a check that names a value in its own sentence
                # and reaches no verdict neither corrects the answer nor leaves it settled (a later sentence
                # that names another value, "… = 56, yes. But the question asks for … 28.", corrects it)
                said = tail[cue.start() : cue.start() + 60].strip()
                return f"unsettled: {said!r} checks the answer and reaches no verdict"
        corrected = Answer(later[0].text, "correction", later[0].start, later[0].end, lenient=True)
        if own is not None:
            if depth >= _MAX_LINE_CORRECTIONS:
                return (
                    f"retracted: {tail[cue.start() : cue.start() + 60].strip()!r} corrects it again and again"
                )
            again = _retraction(found, corrected, gold, completion, depth + 1)
            if again is not None:
                return again  # a later correction, or a take-back of this one
        return corrected, later[1]
    if gold.kind == "choice":
        # "Answer: B\n\nWait, actually it should be D.": the letter the retraction names, read as a statement
        named = retractions.word_after_retraction(tail[cue.end() :])
        first = reading_of(answer.text, gold)
        if named is not None:
            s, e = (cue.end() + named[0], cue.end() + named[1])
            if e - s == 1:
                letter = reading_of(tail[s:e], gold)
                if letter.status == "value":
                    at = found.region_start + tail_start
                    return Answer(tail[s:e], "correction", at + s, at + e, lenient=True), letter
        if first.choice is not None and retractions.letter_reaffirmed(
            tail[cue.end() :], first.choice, gold.letters
        ):
            return (
                None  # "C. Actually, no, A is a common trap; C is still right.": the answer, weighed, stands
            )
    if retractions.STRONG_RETRACTION.search(tail, cue.start()):
        return f"retracted: {tail[cue.start() : cue.start() + 60].strip()!r} takes the answer back"
    if later is None and gold.kind in ("number", "math"):
        # "The answer is 235 pages. Wait, Friday was half of Tuesday: … so the total read is 147.5 and 252.5
        # pages are left.": no plain statement after the cue (its last value is one of a list), but its
        # sentences conclude on another value
        return concluded_past(found, answer, gold, tail, completion)
    return None


# a sentence's end inside a stretch of text: a full stop, "!" or "?" before a space, or a line break
_SENTENCE_END_IN = lazy_compile(r"[.!?](?=\s)|\n")
# where a clause of a check opens: a sentence's start or its colon ("let me verify the speed: 48 km/h"),
# not a clock's or a decimal's
_CHECK_CLAUSE_START = lazy_compile(r"[.!?](?=\s)|\n|(?<!\d):")
_CHECK_CLAUSE_END = lazy_compile(r"[.!?](?=\s|$)|\n")


def _check_concludes(region: str, start: int, value: int, value_end: int) -> bool:
    """Whether the clause of a check (opened at ``start`` of ``region``) that holds the value at
    ``region[value:value_end]`` concludes on it (``Let me double-check: the time is 3 hours, so 48 × 3 = 144
    km.``), rather than names a given or a step (``let me verify the speed: 48 km/h``)."""
    opening = start
    for m in _CHECK_CLAUSE_START.finditer(region, max(start, value - 200), value):
        opening = m.end()
    closing = _CHECK_CLAUSE_END.search(region, value, value + 200)
    clause = region[opening : closing.end() if closing is not None else value + 200]
    where = conclusions.concluded_value(clause, results=False)
    # (the value read as math, "$144$", and the conclusion's digits overlap)
    return where is not None and opening + where[0] < value_end and opening + where[1] > value


def _names_asked_value(found: Candidates, tail_start: int, cue: re.Match[str], gold: Gold) -> bool:
    """Whether the sentence that reads the question again after the answer (``cue``) goes on to name the value
    it asks for (``… but the question asks for 2^9, which is 512``, ``Let me reread the question: it asks for
    both days, so 36``); a value stated in a later sentence is read as after any answer."""
    at = tail_start + cue.end()
    later = _statement_after(found, found.region_start + at, gold)
    if later is None:
        return False
    return _SENTENCE_STOP.search(found.region, at, later[0].start - found.region_start) is None


# where a sentence ends: a stop before a space or the end, or a blank line
_SENTENCE_STOP = lazy_compile(r"[.!?](?=\s|$)|\n\s*\n")


# corrections read one after another before the text is refused as going back and forth
_MAX_LINE_CORRECTIONS = 8
# what may stand between a retraction cue and the value it states right away: "Correction: 70", "Wait,
# actually it is 70", "Update: the answer should be 70" (not "Wait, she also received 2 …": a new fact)
_CUE_TO_VALUE = lazy_compile(
    r"[ \t*_:,;.!—–-]*(?:(?:actually|no|sorry|oops|rather|instead)\b[ \t,:;.!—–-]*)*"
    r"(?:(?:it|the\s+(?:final\s+)?(?:answer|total|result)|that|this)\s+(?:is|should\s+be|must\s+be|was|would\s+be)"
    r"|it['’]s|should\s+be|make\s+(?:it|that))?[ \t*_:$(]*",
    re.IGNORECASE,
)


# emphasis closed right after a value, before a stop, a space or the line's end (not the "*" of "8 * 9")
_CLOSING_EMPHASIS = lazy_compile(r"[*_]+(?=[\s.,;:!?)]|$)")


def _value_on_cue_line(found: Candidates, at: int, gold: Gold) -> tuple[Answer, Reading] | None:
    """The value a retraction cue states right after it on its line (``Correction: 70``, ``Wait, actually it
    is 70.``), read as a statement, or None: the cue opens on something else (``Wait, she also received 2
    …``), or its words do not commit to the value. ``at``: where the cue ends in ``found.region``."""
    line_end = found.region.find("\n", at, at + 200)
    line = found.region[at : line_end if line_end >= 0 else at + 200]
    value = next(scan(line), None)
    if value is None or _CUE_TO_VALUE.fullmatch(line, 0, value.start) is None:
        return None
    closing = _CLOSING_EMPHASIS.match(line, value.end)  # "Correction: **70**."
    if _SIGN_AFTER.match(line, closing.end() if closing is not None else value.end):
        return None  # "Wait, 8 * 9 = 72": the first operand of working
    start = found.region_start + at + value.start
    answer = Answer(
        line[value.start : value.end], "correction", start, start + value.end - value.start, lenient=True
    )
    if lenient_problem(found, answer, gold) is not None or operand_of_expression(found, answer):
        return None
    reading = reading_of(answer.text, gold)
    return (answer, reading) if reading.status == "value" else None


def _stated_again_after(found: Candidates, answer: Answer, gold: Gold) -> Answer | None:
    """The plain statement of the answer's own value after a retraction cue that follows it (``The answer is
    72. Wait, no. Let me recompute: 48 + 24 = 72. Yes, 72.``: ``72``), or None: a take-back followed by the
    answer stated again confirms it, as a correction to another value replaces it."""
    tail_start = answer.end - found.region_start
    cue = retractions.RETRACTION.search(found.region, tail_start, tail_start + 4000)
    if cue is None:
        return None
    later = _statement_after(found, found.region_start + cue.end(), gold)
    # ("72. No wait, 71. No, 72.": another value stated between them, the answer goes back and forth)
    if later is None or not _only_working(found.region[cue.end() : later[0].start - found.region_start]):
        return None
    first = reading_of(answer.text, gold)
    return later[0] if first.status == "value" and same_reading(first, later[1]) else None


# an arithmetic sign next to a number: the number is a term of a computation ("48 + 24 = 72"), not a value
# stated by itself ("71.")
_SIGN_BEFORE = lazy_compile(r"[-+*/×÷=^(<>]\s*[$(]*\s*$")
_SIGN_AFTER = lazy_compile(r"\s*[$)]*\s*[-+*/×÷=^)<>]")


def _only_working(text: str) -> bool:
    """Whether every number of ``text`` is a term of a computation (``Let me recompute: 48 + 24 = 72.``), so
    that no value is stated in it by itself (``No wait, 71.``)."""
    for number in scan(text):
        before = _SIGN_BEFORE.search(text, max(0, number.start - 8), number.start)
        if before is None and _SIGN_AFTER.match(text, number.end) is None:
            return False
    return True


def _own_value_called_wrong(tail: str, answer: Answer, gold: Gold) -> str | None:
    """Why a sentence after the answer takes it back by calling its own value wrong (``The answer is 72. 72 is
    wrong.``, ``… B. B is incorrect.``), or None; another value called wrong is a reason about it, no
    retraction (``The answer is 72. 70 is wrong because …``)."""
    first: Reading | None = None
    for called in rejection.values_called_wrong(tail):
        if first is None:
            first = reading_of(answer.text, gold)
            if first.status != "value":
                return None
        named = reading_of(called["value"], gold)
        if named.status == "value" and same_reading(first, named):
            return f"retracted: {called.group().strip()[:60]!r} calls the answer's own value wrong"
    return None


# a computed value set unequal to another: "= 20 ≠ 18", "$= 20 \\neq 18$", "= 20 != 18" (what a check
# computes, not a condition such as "5 ≠ 0")
_UNEQUAL = lazy_compile(
    r"=[\s$*_]*-?\d[\d,]*(?:\.\d+)?[\s$)*_]*(?:≠|\\neq?(?![A-Za-z])|!=|=/=)[\s$(*_]*(?P<value>-?\d[\d,]*(?:\.\d+)?)"
)


def _checked_unequal_after(found: Candidates, answer: Answer) -> str | None:
    """Why a check after the answer finds a value unequal to it (``Answer: 18.\nCheck: 10 × 2 = 20 ≠ 18.``):
    the text's own check says the answer is wrong; or None."""
    tail = found.region[answer.end - found.region_start :][:2000]
    unequal = "≠" in tail or "\\ne" in tail or "!=" in tail or "=/=" in tail
    if not unequal and "✗" not in tail and "✘" not in tail and "❌" not in tail:
        return None
    stated = next(scan(answer.text), None)
    if stated is None:
        return None
    if not unequal:  # a check's cross alone: "Check: 72 / 8 = 9 ✗"
        return result_checks.failed_check(tail, stated.quantity)
    for m in _UNEQUAL.finditer(tail):
        other = read_number(m["value"]).quantity
        if other is not None and same_quantity(other, stated.quantity):
            said = tail[max(0, m.start() - 30) : m.end()].strip().split("\n")[-1]
            return f"checked wrong: {said!r} after the answer finds it unequal to the check's value"
    # "Answer: 72.\nCheck: 72 + 10 = 82 ≠ 80.": a check that disagrees with anything leaves the answer unsure
    return result_checks.failed_check(tail, stated.quantity)


def _reconsideration_cut_off(found: Candidates, answer: Answer) -> str | None:
    """The words of a reconsideration after the answer that the length limit cut off before it reached any
    value (``The answer is 18. Hmm, but wait``, ``… Wait, let me double``; a check cut off at its operands,
    ``\\boxed{18}\n\nLet me verify: 9 * 2 =``), or None. Read only for a
    completion the caller says did not finish: a reasoning model's thinking runs on past every answer it
    tries, and an answer that thinking was going back over is no commitment."""
    tail = found.region[answer.end - found.region_start :][-2000:]
    cues = [m.start() for m in retractions.RETRACTION.finditer(tail)]
    # "\\boxed{72}\n\nLet me verify: 48 + 24 =": a check of the answer cut off at its operands, before the
    # result (a check announced and cut off before any number, "Let me verify the subtraction once more
    # and", is no reconsideration)
    checks = [] if cues else [m.start() for m in _RECHECK.finditer(tail)]
    if not cues and not checks:
        return None
    rest = tail[(cues or checks)[-1] :]
    if not any(c.isdigit() for c in rest):
        return rest.strip()[:60] if cues else None  # "The answer is 18. Hmm, but wait"
    if _OPERATOR_AT_END.search(rest) and _RESULT_STATED.search(rest) is None and _only_working(rest):
        return rest.strip()[:60]  # "… Let me verify: 48 + 24 =": its operands written, no result yet
    return None


# a check of the answer opened after it: "Let me verify:", "Let's check.", "Verification:", "Check:"
_RECHECK = lazy_compile(
    r"\blet(?:\s+me|'s|\s+us)\s+(?:(?:double[-\s]?|re-?)?(?:verify|check)|confirm)\b|(?:^|(?<=[.!?\n]))[\s*_#]*"
    rf"(?:{shared_words.CHECK_WORDS})[\s*_]*[:：]",
    re.IGNORECASE,
)
# a text that ends on an operator or an equals sign, and an equation's result written
_OPERATOR_AT_END = lazy_compile(r"[-+*/×÷=]\s*$")
_RESULT_STATED = lazy_compile(r"=\s*[$(]*\s*\d")
# a value said again right after the answer: "\\boxed{\\frac12} (that is, 0.5)", "**72**, i.e. 72", "= 0.5",
# then the end of the statement (a value said again with words after it, "(16 with tax)", is left to others)
_RESTATED_AFTER = lazy_compile(
    r"[ \t*_$]*(?:\([ \t]*(?:(?:that\s+is|i\.[ \t]?e\.|in\s+other\s+words|namely),?[ \t]*)?|,?[ \t]*"
    r"(?:that\s+is|i\.[ \t]?e\.|in\s+other\s+words|namely|which\s+is),?[ \t]*|=[ \t]*)"
    r"(?P<value>\$[^$\n]{1,60}\$|[-−]?\d[\d,]*(?:\.\d+)?(?:/\d+)?%?)[ \t*_]*\)?[ \t]*(?:[.,;:!]|$)",
    re.IGNORECASE | re.MULTILINE,
)
_RESTATEMENT_OPENERS = frozenset(" \t*_$(,=")


def _word_retraction(
    found: Candidates, answer: Answer, gold: Gold, tail_start: int, cue: re.Match[str]
) -> tuple[Answer, Reading] | str | None:
    """:func:`_retraction` for a word answer (``The answer is Monday. Wait, actually Tuesday.``): the word the
    last retraction names, or why nothing is committed any more, or None. A retraction that names the same
    word again confirms it."""
    tail = found.region[tail_start : tail_start + 4000]
    named: tuple[int, int] | None = None
    for later in retractions.RETRACTION.finditer(tail, cue.start()):
        where = retractions.word_after_retraction(tail[later.end() :])
        if where is not None:
            named = (later.end() + where[0], later.end() + where[1])
    if named is None:
        if retractions.STRONG_RETRACTION.search(tail, cue.start()):
            return f"retracted: {tail[cue.start() : cue.start() + 60].strip()!r} takes the answer back"
        return None
    text = tail[named[0] : named[1]]
    reading, first = reading_of(text, gold), reading_of(answer.text, gold)
    if reading.status != "value" or (first.status == "value" and first.text == reading.text):
        return None
    start = found.region_start + tail_start + named[0]
    return Answer(text, "correction", start, start + len(text), lenient=True), reading


_PRINTED_TAIL_CHARS = 600


def _printed(
    found: Candidates, gold: Gold, lenient: Answer | None, fallback: Reading | None
) -> tuple[Answer | None, Reading | None]:
    """The lenient answer read off the whole line a program printed, when the text ends on an output block
    whose last line says more than its last number (``12 30``, ``{x: 3, y: 5}``, ``Rational(3, 4)``: see
    :mod:`rewardkit.printed_output`); else the lenient answer as found."""
    lists = isinstance(gold.node, (ListOf, SetOf, TupleOf))
    printed = printed_output.printed_line(found.region, lists)
    if printed is None:
        return lenient, fallback
    if lenient is not None and lenient.start - found.region_start >= printed.end:
        return lenient, fallback  # math written after the output block: the text's own last word
    at = found.region_start + printed.start
    text = found.region[printed.start : printed.end]
    answer = Answer(text, "printed_output", at, at + len(text), lenient=True)
    if printed.why is not None:
        return answer, Reading("ambiguous", text=text, why=printed.why)
    return answer, reading_of(printed.read_as or text, gold)


def _names_no_quantity(found: Candidates, answer: Answer, gold: Gold) -> str | None:
    """Why the last number a lenient rule read is no quantity the text concludes with (an identifier, an
    index, a table cell, …: see :mod:`rewardkit.labels`), or None."""
    if answer.rule != "last_number" or gold.kind not in ("number", "math"):
        return None  # (a reading already refused, "ambiguous", keeps its own reason)
    return labels.not_a_quantity(
        found.region,
        answer.start - found.region_start,
        answer.end - found.region_start,
        worked_before=found.region_start > 0,
    )


def _stacked_numbers_after(completion: str, answer: Answer) -> str | None:
    """Why an answer that ends its line is followed, to the end of the text, only by lines of one bare number
    each, one of them another value (``The answer is 7\n2``, ``Answer:\n70\n72``): values written down the
    page after it, a list of candidates or a number broken across lines, not one answer; or None."""
    line_end = completion.find("\n", answer.end)
    if line_end < 0 or completion[answer.end : line_end].strip(" \t*_.`$}"):
        return None
    lines = [line for line in completion[line_end:].split("\n") if line.strip(" \t`")]
    if not lines or not all(BARE_NUMBER_LINE.fullmatch(line) for line in lines):
        return None
    mine = read_number(answer.text).quantity
    for line in lines:
        theirs = read_number(line.strip(" \t*_`>-.")).quantity
        if mine is None or theirs is None or not same_quantity(mine, theirs):
            return f"several values one per line: {answer.text!r} and then {line.strip()!r}"
    return None


# what may close a pointer's line at the end of the text ("see above.", "(see above)", "**see above**")
_POINTER_CLOSERS = " \t\n.!)*_"


# the most text after an answer that the reader of bare-number lines after it looks at
_STACKED_TAIL_CHARS = 200


def _cut_mid_sentence(region: str, bare: bool = False) -> str | None:
    """The unfinished last words when the text stops mid-sentence after its last number (``…so she has 8
    apples. Then she gives away``): a completion cut off there has not committed to what it was saying.
    A ``bare`` region is one expression and nothing else (``x + x``, ``a^x \\ln a``): it has no sentence to
    stop in, only a marker or a colon left dangling after it."""
    if region.count("```") % 2:
        # "```python\n    total = 5 * 3\n    return total\n\ntotal": the program never closed, so it never ran
        # and said nothing; its numbers are inputs, not the answer
        return region.rstrip().rsplit("\n", 1)[-1][-60:] or "```"
    if "return" in region[-400:] and labels.unfenced_program(region.rstrip()) is not None:
        return None  # "def solution(): … return result": a finished program, whatever it computes
    tail = region.rstrip()[-400:]
    dangling = _DANGLING_MARKER.search(tail) if _may_dangle(tail) else None
    if dangling is not None:
        return dangling.group().strip()  # "…= 42\nFinal Answer:": cut off right where the answer was due
    box = max(tail.rfind("\\boxed"), tail.rfind("\\fbox"))
    if box >= 0 and tail.count("{", box) > tail.count("}", box):
        # "… = 72.\n\\boxed{72": the box never closed; cut off before it committed
        return tail[box:][:60]
    if tail.endswith((":", "：")):
        # "…Thus, the total value of all her jewels is:": it announces what it never delivers
        return tail[-60:].strip()
    if bare or not tail or tail[-1] in ".!?)]}$\"'*`>|" or tail.endswith(("\\]", "\\)")):
        return None
    stops = [m.start() for m in SENTENCE_STOP.finditer(tail)]  # not the point of 18.8
    last = max([tail.rfind(c) for c in "!?\n:;"] + stops[-1:])
    fragment = tail[last + 1 :].strip()
    if _unclosed(fragment):
        # "… (to the nearest", "\\( f: \\mathbb{N": a bracket opened in the last sentence never closed
        return fragment[-60:]
    # a display closed and a sentence begun after it ("\\[ 91 + 7 = 98 \\] After dinner check ins"): the words
    # after the display are the sentence the text stops in
    fragment = AFTER_DISPLAY.split(fragment)[-1]
    # words, and ideographs, each of which is a word here ("然后他送给了": then he gave away)
    words = fragment.split() + _IDEOGRAPH.findall(fragment)
    if len(words) < 2 and _LONE_OPENER.fullmatch(fragment):
        return fragment  # "…= 1 \\] This", "…= 79.\nTherefore": a sentence begun, not one that ended
    if (len(words) < 2 and not _DANGLING.search(fragment)) or _POLITE_CLOSING.match(fragment):
        return None  # one word alone stops mid-sentence only when no sentence can end on it ("…= 79.\nSo")
    if _SUBORDINATE_ONLY.match(fragment):
        # "Since we've found \\(n = 23\\) based on …": a clause that waits for its main clause
        return fragment[-60:]
    if _INSTRUCTION.match(fragment):
        # "Substitute \\(x = 9\\) back into the original equation to ensure it": the text stops while saying
        # what to do next; the value in it is being tried, not stated
        return fragment[-60:]
    if _COUNT_WITHOUT_NOUN.search(fragment):
        return fragment[-60:]  # "Therefore, there are 5 possible": the count stops before what it counts
    if _DIGIT_OR_MATH.search(fragment) and not _DANGLING.search(fragment):
        return None  # "so she has 8 apples": a statement without its full stop
    return fragment[-60:]


def _unclosed(fragment: str) -> bool:
    """Whether a bracket or brace opened in ``fragment`` is still open where it stops: ``(considering both``,
    ``\\sqrt{n``. Round and square brackets are counted together, as a half-open interval ``[0, 1)`` mixes
    them.

    >>> _unclosed("the values for a (considering both"), _unclosed("x in [0, 1)"), _unclosed("so 3 (or 4)")
    (True, False, False)
    """
    # a display's \\[ … \\] may have begun before the fragment, and \\{ \\} are set braces: neither is counted
    text = _DISPLAY_OR_SET.sub("", fragment)
    opened = text.count("(") + text.count("[")
    closed = text.count(")") + text.count("]")
    return opened > closed or text.count("{") > text.count("}")


_DISPLAY_OR_SET = lazy_compile(r"\\[\[\]{}]")


_IDEOGRAPH = lazy_compile(r"[\u3400-\u9fff\uf900-\ufaff]")
# a word that opens a sentence and cannot be one alone ("This", "Therefore", "We"): the text stops after it
_LONE_OPENER = lazy_compile(
    r"(?i:this|these|those|it|we|they|there|here|thus|therefore|hence|finally|next|now|since|because|while|"
    r"although|however|also|similarly|substituting|solving|plugging|simplifying|"
    # ("… so 45 minutes. That's": a contraction of a subject and its verb ends no sentence)
    r"(?:that|it|this|there|here|what|let|he|she)['’]s)[*_,]*"
)
# a sentence whose main clause tells what to do next: "Substitute x = 9 back into …", "Now that we have
# a = -2, substitute this value back"
_INSTRUCTION = lazy_compile(
    r"[*_>\s-]*(?:(?i:now\s+that|since|as|once|given\s+that|with)\b[^,;]*,\s*)?"
    r"(?:(?i:then|next|now|first|finally),?\s+)?(?:(?i:let(?:'s|\s+us|\s+me))\s+)?"
    r"(?i:substitute|plug|verify|check|confirm|solve|compute|calculate|simplify|evaluate|put|insert|"
    r"replace)\b(?!\s*[:：])"
)
# a number followed only by a word that qualifies what it counts, with the noun itself cut off: "there are 5
# possible", "There are 5 prime", "we have 2013 red", "pairs of positive"
_COUNT_WITHOUT_NOUN = lazy_compile(
    r"(?:\d(?:\\\)|\$)?|\bof)\s+(?i:possible|prime|positive|negative|distinct|different|ordered|unordered|"
    r"real|integer|integral|rational|irrational|natural|whole|odd|even|consecutive|unique|valid|non-?negative|"
    r"non-?zero|complex|composite|perfect|equal|identical|red|blue|green|white|black|yellow)\s*$"
)
# a sentence that opens with a subordinating word and has no comma for its main clause to follow: "Since we've
# found n = 23 based on …", "After dinner check ins" — the main clause never came
_SUBORDINATE_ONLY = lazy_compile(
    r"[*_>\s-]*(?i:since|because|although|though|whereas|unless|until|once|if|when|whenever|after|before|"
    r"while|as\s+soon\s+as|now\s+that|given\s+that)\b[^,;]*$"
)


def _may_dangle(tail: str) -> bool:
    """Whether :data:`_DANGLING_MARKER` can match ``tail``: every match holds a colon, ``answer``, ``result``,
    ``####`` or ``\\boxed`` (or a long s, which the pattern's case folding reads as s). The search, tried at
    every position, runs only where one of them stands."""
    if ":" in tail or "：" in tail or "#" in tail or "\\boxed" in tail or "ſ" in tail:
        return True
    lowered = tail.lower()
    return "answer" in lowered or "result" in lowered


def _ends_on_marker(region: str) -> bool:
    """Whether the text's last line ends on an answer marker with nothing after it (``The answer is``,
    ``Final Answer:``, ``####``)."""
    tail = region[-100:].rstrip()
    # every marker ends on a colon, "is", "be", "####" or a box's opening: most texts end on their answer
    if not tail.rstrip(" \t*_$").endswith(_MARKER_ENDINGS):
        return False
    line = tail.rsplit("\n", 1)[-1]
    return _may_dangle(line) and _DANGLING_MARKER.search(line) is not None


_MARKER_ENDINGS = (":", "：", "is", "be", "IS", "BE", "Is", "Be", "#", "{", "d")
# the last character of a text that may end on a marker (after spacing, emphasis or a dollar sign)
_MARKER_LAST_CHARS = frozenset(":：sSeE#{d*_$ \t\n")


# an answer marker with nothing after it, at the very end of the text
_DANGLING_MARKER = lazy_compile(
    r"(?i:\b(?:final\s+answer|answer|result)[*_]*\s*(?:(?:is|would\s+be|will\s+be)\s*[:：]?|[:：]))[ \t*_$]*$"
    r"|^[ \t*_]*A[*_]*[ \t]*[:：][ \t*_$]*$|####[ \t]*$|\\boxed\s*\{?\s*$",
    re.MULTILINE,
)
_POLITE_CLOSING = lazy_compile(shared_words.POLITE_CLOSING, re.IGNORECASE)
_DIGIT_OR_MATH = lazy_compile(r"\d|\\[A-Za-z]")
# a last word that cannot end an English sentence: the text was cut off
_DANGLING = lazy_compile(
    r"(?:\b(?:the|a|an|of|to|in|on|at|by|for|with|from|and|or|but|so|then|is|are|was|were|be|been|that|"
    r"which|because|plus|minus|times|over|into|than|as|if|when|has|have|had|gets|get|its|their|his|her|"
    r"equals|makes|gives|equivalently|namely|i\.e\.|e\.g\.|between|among|such|per|via|whose|whether|since|"
    r"although|unless|whereas|thus|therefore|hence)|"
    # a copula with only an adverb after it: "n = 24 is indeed", "the answer is not"
    r"\b(?:is|are|was|were|be)\s+(?:indeed|actually|clearly|also|then|therefore|thus|hence|just|exactly|"
    r"precisely|simply|still|now|not|always|only|really|certainly|obviously)|[,+\-*/=(\[{])\s*$",
    re.IGNORECASE,
)


def _result(
    gold: Gold,
    policy: Policy,
    verdict: Verdict,
    answer: Answer | None = None,
    *,
    extracted_parsed: str | None = None,
    match: str | None = None,
    detail: str = "",
) -> GradeResult:
    # GradeResult is frozen, so its generated __init__ sets each of its 13 fields by object.__setattr__: on
    # a plain number that is a tenth of the grading. The result is filled in one step instead; it is the
    # same object (equality, hashing, replace, pickling), and a test checks it has every field.
    result = _new_instance(GradeResult)
    # its attributes, set as one new dict: no keyword dict to build and copy
    _set_attribute(
        result,
        "__dict__",
        {
            "correct": verdict is _CORRECT,
            "verdict": verdict,
            "extracted": answer.text if answer is not None else None,
            "rule": answer.rule if answer is not None else None,
            "gold": gold.raw,
            "gold_parsed": gold.canonical,
            "extracted_parsed": extracted_parsed,
            "match": match,
            "lenient": answer.lenient if answer is not None else False,
            "policy": policy,
            "detail": detail,
            "span": (answer.start, answer.end) if answer is not None else None,
            "elapsed_s": 0.0,
        },
    )
    return result


_new_instance = object.__new__
_set_attribute = object.__setattr__
# the verdicts every item is judged by, looked up once: an enum member's lookup is ten times a global's
_CORRECT, _WRONG, _TIMEOUT = Verdict.CORRECT, Verdict.WRONG, Verdict.TIMEOUT


def _hedging_sibling(
    completion: str, anchored: list[Answer], chosen: Answer, reading: Reading, gold: Gold
) -> str | None:
    """Another box on the chosen one's line that says something else (``\\boxed{3} or \\boxed{4}``), or
    another marker's statement right before the chosen one with nothing between them
    (``Answer: 70\\nAnswer: 72``): a list of answers, not a correction."""
    if chosen.rule == "answer_tag":
        # "<answer>70</answer>\n<answer>72</answer>": two answer blocks with nothing between them
        other = next((a for a in reversed(anchored) if a.end <= chosen.start), None)
        if (
            other is not None
            and other.rule == "answer_tag"
            and _TAGS_BETWEEN.fullmatch(completion, other.end, chosen.start)
        ):
            theirs = reading_of(other.text, gold)
            if theirs.status == "value" and not same_reading(theirs, reading):
                return other.text
        return None
    if chosen.rule in _STATEMENT_RULES:
        # the statements before the chosen one (which may restate an anchored answer, not be one of them),
        # stacked right before it ("The answer is 18. The answer is 19.": one line or two, nothing but the
        # marker between them)
        return _stacked_rival(completion, anchored, chosen, reading, gold)
    if chosen.rule != "boxed":
        return None
    if not isinstance(gold.node, (ListOf, SetOf, TupleOf)):
        # "\\boxed{70}\n\\boxed{72}": boxes stacked one per line with nothing but space and math
        # delimiters between them list candidates, as two marker lines do (a gold that lists values reads
        # them as a list); "The answer is 16. $\\boxed{18}$": a statement, then a box of another value with
        # nothing between them
        stacked = _stacked_rival(completion, anchored, chosen, reading, gold)
        if stacked is not None:
            return stacked
    for other in anchored:
        if other is chosen or other.rule != "boxed":
            continue
        lo, hi = (other.end, chosen.start) if other.start < chosen.start else (chosen.end, other.start)
        if lo > hi or "\n" in completion[lo:hi]:
            continue
        theirs = reading_of(other.text, gold)
        if theirs.status == "value" and not same_reading(theirs, reading):
            # "$\\boxed{70}$... wait, I made an error. The correct result is $\\boxed{72}$."
            retracted = other.start < chosen.start and hi - lo <= _RETRACTION_GAP
            # ("$\\boxed{1}$, which is wrong; the answer is $\\boxed{2}$": the first box called wrong)
            if retracted and (
                retractions.RETRACTION.search(completion, lo, hi)
                or whole_statement.called_wrong_after(completion[lo:hi]) is not None
                or _rejected_box(completion[lo:hi])
                or _evaluated_box(completion[lo:hi], other.text, chosen.text)
                or _concluded_past(completion, other, chosen)
            ):
                continue
            return other.text
    return None


# a reason opening in the words after a box: what it rejects is the reason's subject, not the box
# ("\\boxed{72}, since the other case is impossible")
_REASON_WORD = lazy_compile(r"\b(?:because|since|as|given\s+that|for)\b", re.IGNORECASE)


def _rejected_box(gap: str) -> bool:
    """Whether the words after a box reject it, before any reason opens (``$\\boxed{72}$, but this case is
    impossible since $a>b$. Case 2 gives``, ``(extraneous)``): a case the text rules out, whose box is no
    answer beside the next one.

    >>> _rejected_box("$, but this case is impossible since $a>b$. Case 2 gives $"), _rejected_box("$ or $")
    (True, False)
    >>> _rejected_box("$, since the other case is impossible, and $")
    False
    """
    reason = _REASON_WORD.search(gap)
    return rejection.rejected_after(gap[: reason.start()] if reason is not None else gap) is not None


# the words between a general formula's box and the box of its value in the problem:
# "$\\boxed{-\\frac{b}{a}}$, which here is $\\boxed{-\\frac{3}{2}}$", "…, i.e. …", "…, that is …"
_EVALUATED_HERE = lazy_compile(
    r"[\s$)\\\]*_]*,?\s*(?:which\s+here\s+is|which\s+is\s+here|which\s+(?:here\s+)?evaluates\s+to|i\.\s?e\.,?|"
    r"that\s+is,?|here\s+(?:this|that|it)\s+is)[\s$(\\\[*_]*",
    re.IGNORECASE,
)
_COMMAND = lazy_compile(r"\\[A-Za-z]+")
_A_LETTER = lazy_compile(r"[A-Za-z]")


def _evaluated_box(gap: str, general: str, value: str) -> bool:
    """Whether the box ``value`` evaluates the general formula boxed before it (``general``), the two tied by
    ``gap`` (``which here is``, ``i.e.``, ``that is``): a formula in letters, then a value in none, one answer
    said twice.

    >>> _evaluated_box("$, which here is $", "-\\\\frac{b}{a}", "-\\\\frac{3}{2}")
    True
    >>> _evaluated_box("$, which here is $", "-\\\\frac{1}{2}", "-\\\\frac{3}{2}")
    False
    >>> _evaluated_box("$ or $", "b", "3")
    False
    """
    return (
        _EVALUATED_HERE.fullmatch(gap) is not None
        and _A_LETTER.search(_COMMAND.sub(" ", general)) is not None
        and _A_LETTER.search(_COMMAND.sub(" ", value)) is None
    )


def _concluded_past(completion: str, step: Answer, chosen: Answer) -> bool:
    """Whether the box ``chosen`` is stated by a later sentence than the box ``step`` on its line, one that
    concludes on it (``In the first case we find $\\boxed{12}$ arrangements. Adding the other 3, the total
    is $\\boxed{15}$.``): ``step`` is a step of the working, stated by no conclusion of its own. Two boxes a
    hedge or a list joins (``\\boxed{12} or \\boxed{15}``, ``\\boxed{12}, \\boxed{15}``) stand in one
    sentence, and stay two answers."""
    gap = completion[step.end : chosen.start]
    breaks = list(_SENTENCE_BREAK.finditer(gap))
    if not breaks or _BOX_HEDGE.search(JOINER_NOISE.sub(" ", gap)):
        return False
    opens = completion.rfind("\\boxed", step.start - 8, step.start)
    opens = opens if opens >= 0 else step.start
    said_before = completion[max(0, opens - 80) : opens]
    if shared_words.CONCLUDES_BEFORE_VALUE.search(said_before) is not None:
        return False  # "So the answer is \\boxed{12}. The total is \\boxed{15}.": two conclusions
    lead = completion.rfind("\\boxed", chosen.start - 8, chosen.start)
    lead = lead if lead >= 0 else chosen.start
    return (
        shared_words.CONCLUDES_BEFORE_VALUE.search(completion, step.end + breaks[-1].end(), lead) is not None
    )


# a sentence's end between two boxes: a full stop, mark or semicolon before the next sentence's space
_SENTENCE_BREAK = lazy_compile(r"[.!?;](?:[ \t]*\$\$?|[ \t]*\\[)\]])?[ \t]+(?=\S)")


def _stacked_rival(
    completion: str, anchored: list[Answer], chosen: Answer, reading: Reading, gold: Gold
) -> str | None:
    """The value of an answer stacked right before the chosen one that says something else, or None: marker
    statements and boxes one after the other with nothing between them but the markers, space and math
    delimiters list candidates, whatever their formats (``Answer: 70\\nAnswer: 72``,
    ``\\boxed{70}\\n\\boxed{72}``, ``Answer: 17\\n\\boxed{18}\\n#### 19``); one that says the
    chosen value again stacks the one before it too (``Answer: 17\\nAnswer: 18\\nAnswer: 18``)."""
    following = chosen
    for other in reversed([a for a in anchored if a.end <= chosen.start]):
        if other.end > following.start:
            continue  # a marker's statement that holds the box after it ("The answer is \\boxed{18}")
        if other.rule not in _STATEMENT_RULES and other.rule != "boxed":
            return None
        if following.rule == "boxed":
            gap = completion[other.end : following.start]
            stacked = _STACKED_BETWEEN.fullmatch(gap) is not None and (other.rule != "boxed" or "\n" in gap)
        else:
            # (past the math that closes a box before the marker: "$\\boxed{18}$\n#### 19")
            closer = _BOX_CLOSE.match(completion, other.end) if other.rule == "boxed" else None
            closed = closer.end() if closer is not None else other.end
            if other.rule == "boxed":
                # (and the few words that end the box's sentence: "So $\\boxed{17}$ dollars.\n#### 18")
                words = _WORDS_ENDING_LINE.match(completion, closed)
                closed = words.end() if words is not None else closed
            bare = _BARE_MARKER_BETWEEN.fullmatch(completion, min(closed, following.start), following.start)
            stacked = bare is not None and _committed(other, gold, completion)[1] is None
        if not stacked:
            return None
        theirs = reading_of(other.text, gold)
        if theirs.status == "value" and not same_reading(theirs, reading):
            return other.text
        following = other
    return None


# how far apart two boxes on one line may stand for a retraction between them to be read (a longer gap is
# prose of its own; reading it for every pair of a long line of boxes would cost their square)
_RETRACTION_GAP = 300

# the marker rules whose statements stand one to a line; what stands between two of them that say nothing else
_STATEMENT_RULES = ("answer_colon", "answer_is", "final_answer", "hashes")
# the math delimiters that close a box stacked before a marker's line ("$\\boxed{18}$\n#### 18")
_BOX_CLOSE = lazy_compile(r"(?:[ \t]*(?:\$\$?|\\[\])]))*")
_WORDS_ENDING_LINE = lazy_compile(r"(?:[ \t]+[A-Za-z]+){0,3}[ \t]*[.!]?(?=[ \t]*\n)")
_TAGS_BETWEEN = lazy_compile(r"\s*</answer\s*>\s*<answer\s*>\s*", re.IGNORECASE)
# what stands between two boxes stacked on their own lines: space, math delimiters, a full stop or comma
_STACKED_BETWEEN = lazy_compile(r"(?:\s|[$.,;*_]|\\[][()])*")
_BARE_MARKER_BETWEEN = lazy_compile(
    # (JSON's quotes too: '{"answer": 16, "answer": 18}')
    # (an "or" between them offers the second beside the first: "Answer: 18 or Answer: 20")
    r"[\s\u200b-\u200f\u2060\ufeff*_.,;#>\x22'-]*(?:or\b[\s*_,]*)?(?:(?:the|my|our)\s+)?"
    r"(?:(?:final|correct|right|true|actual)[\s_]+)?(?:answer|result)s?[*_\x22']*"
    r"(?:\s*(?:is|:|：))?[\s*_]*|[\s\u200b-\u200f\u2060\ufeff*_.,;]*(?:or\b[\s*_,]*)?#{4}[ \t]*",
    re.IGNORECASE,
)


def _hedged_boxes(text: str, boxes: list[Answer]) -> bool:
    """Whether a hedge word stands between two consecutive boxes of a completion: ``\\boxed{1} or
    \\boxed{2}``, ``\\boxed{1}, maybe \\boxed{2}`` offer alternatives; ``\\boxed{3} for part (a) and
    \\boxed{1}`` lists the answers to a question's parts."""
    return any(
        _BOX_HEDGE.search(JOINER_NOISE.sub(" ", text[a.end : b.start])) for a, b in itertools.pairwise(boxes)
    )


_BOX_HEDGE = lazy_compile(r"\b(?:or|maybe|perhaps|possibly|probably|either)\b", re.IGNORECASE)


def _letter_end(completion: str, answer: Answer, letter: str) -> int | None:
    """Where the choice ``letter`` that ``answer`` was read as ends in ``completion`` (inside a box, before
    its closing brace), or None when the answer's text there does not hold it."""
    m = re.search(rf"(?<![A-Za-z]){letter}(?![A-Za-z])", completion[answer.start : answer.end])
    return answer.start + m.end() if m is not None else None


def _ends_text(text: str, at: int) -> bool:
    """Whether nothing but a full stop and white space follows position ``at`` of ``text``: a completion
    often ends on a space or a line break."""
    return len(text) - at <= _TEXT_END_CHARS and text[at:].rstrip() in ("", ".")


_TEXT_END_CHARS = 8


# an answer that is an option's letter alone: "(C)", "C", "**C**" (and "about (C)", an approximation of it)
_LONE_LETTER = lazy_compile(
    rf"[ \t*_]*(?:(?i:{shared_words.APPROXIMATION})[ \t]+)?\(?[ \t*_]*[A-J][ \t*_]*\)?[ \t*_.]*"
)
# a numeral whose digits may be letters, as a gold in base 16 asks for: "A3", "$1F$"
_ALPHANUMERAL = lazy_compile(r"[\s$]*[0-9A-Za-z]{1,64}[\s$.]*")


def _judge(
    answer: Answer,
    reading: Reading,
    gold: Gold,
    policy: Policy,
    budget: Budget,
    completion: str = "",
    decimals: int | None = None,
    restated: bool = False,
) -> GradeResult:
    if reading.status == "ambiguous":
        return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=reading.why)
    if gold.kind in ("number", "math") and not restated and _LONE_LETTER.fullmatch(answer.text):
        # "(A) 12, (B) 15, (C) 18, (D) 21 … The answer is (C).": against a gold that is a value, the letter
        # states the value the completion lists for it
        letter = answer.text.rstrip(" \t*_).")[-1]
        option = option_listed_for(completion[: answer.start], letter)
        if option is not None:
            stood_for = reading_of(option, gold)
            if stood_for.status == "value":
                shown = Answer(f"({letter}) {option}", answer.rule, answer.start, answer.end, answer.lenient)
                return _judge(shown, stood_for, gold, policy, budget, completion, decimals, restated=True)
    # "A: 18", "The answer is 18. ": digits with nothing after them but a full stop restate nothing
    if (
        not restated
        and (
            not answer.text.isdecimal()
            or (answer.end + 1 < len(completion) and not _ends_text(completion, answer.end))
        )
        and gold.kind == "number"
        and completion
        and reading.status != "none"
    ):
        again = restated_around(completion, answer.start, answer.end)
        if again is not None:
            return _judge_restated(answer, reading, gold, policy, budget, completion, decimals, again)
    based = numeral_in_base(gold.raw) if "_" in gold.raw and gold.kind in ("number", "math") else None
    if reading.status == "unparseable" and not (
        based is not None and based[1] != 10 and _ALPHANUMERAL.fullmatch(answer.text)
    ):
        # (against a gold's numeral in base 16, "A3" or "A4" is a numeral to compare, not digits glued to a
        # letter)
        detail = reading.why or "the answer cannot be read"
        return _result(gold, policy, Verdict.UNPARSEABLE, answer, detail=detail)
    if gold.kind == "choice" and reading.choice is not None:
        options = gold.options
        if not options:
            # "(A) 48 … (D) 96 … The answer is (C) 60": options the completion lists say what each letter is
            options = listed_options(completion[: answer.start], gold.letters)
            reread = read_choice(answer.text, gold.letters, options, gold.option_words) if options else None
            if reread is not None and reread.status == "ambiguous":
                return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=reread.why)
        # "\\boxed{C} (60)", "The answer is C, i.e. 60": the value stated for the letter past its span
        # (with no option's value known, a value said of the letter cannot be checked: it commits to neither)
        letter_end = _letter_end(completion, answer, reading.choice)
        past = (
            option_stated_past(
                completion, letter_end, reading.choice, gold.letters, options, gold.option_words
            )
            if letter_end is not None
            else None
        )
        if past is None and letter_end is not None and options:
            # "E ≈ 3.6 eV, so the answer is B": the statement arrives at another option's value
            past = value_arrived_before(completion, letter_end - 1, reading.choice, gold.letters, options)
        if past is not None:
            return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=past)
    match: str | None = None
    parsed: str | None = None
    rounded = False
    try:
        if reading.status != "unparseable":  # (unread "A3" reaches here only as the gold's numeral's digits)
            match, parsed = _compare(reading, gold, budget, decimals)
            unit = _answer_unit(answer, reading, completion)
            if unit is not None:  # with no unit named, the units leave the match as it is
                match, parsed = _compare_units(reading, gold, unit, match, parsed, decimals)
            rounded = decimals is not None and _decided_by_rounding(match, reading, gold, budget)
    except GoldRefused as exc:
        return _result(gold, policy, Verdict.GOLD_INVALID, answer, detail=str(exc))
    except TooLarge as exc:
        return _result(gold, policy, Verdict.UNPARSEABLE, answer, detail=f"refused before evaluating: {exc}")
    except NotEvaluable as exc:
        return _result(gold, policy, Verdict.UNPARSEABLE, answer, detail=f"the answer has no value: {exc}")
    except DeadlineExceeded:
        detail = f"grading exceeded its {budget.timeout_s:g} s budget in the symbolic step"
        return _result(gold, policy, Verdict.TIMEOUT, answer, detail=detail)
    except SymbolicWorkerFailed as exc:
        detail = f"the symbolic step's worker failed ({exc}); no verdict about the answer"
        return _result(gold, policy, Verdict.ERROR, answer, detail=detail)
    if based is not None and based[1] != 10:
        # a gold written in base 2 asks for the answer in base 2: 11 or 13_8 is another answer, 1011 the
        # numeral with its subscript left off
        if not same_numeral(answer.text, *based):
            written = parsed or answer.text.strip(" $.")
            detail = f"{written} is not the gold's numeral {based[0]} in base {based[1]}"
            return _result(
                gold, policy, Verdict.WRONG, answer, extracted_parsed=parsed, match="mismatch", detail=detail
            )
        if match is None:  # "A3" read as a product or its last digit: the numeral is what matched
            parsed = f"{based[0]}_{{{based[1]}}}"
        match = match or "numeral"
    elif based is None and "_" in reading.text and gold.kind in ("number", "math"):
        numeral = numeral_in_base(reading.text)  # (read: "72₈", "72 (in base 8)" and "72_8" alike)
        # (the math reader decided numeral or indexed name: F_{16}, a_2 are names, A3_{16} a numeral)
        if numeral is not None and numeral[1] != 10 and isinstance(reading.node, Number):
            # the other way round: a gold in base ten asks for base ten, so 101101_2 against 45 is another
            # answer (it is what "express 101101_2 in base ten" starts from); against a gold of the numeral's
            # own digits (101101) the base the gold left off is unknown (72_8 and 72_9 would both be "72"), so
            # that pays neither
            detail = f"{reading.text.strip(' $.')} is written in base {numeral[1]}; the gold names no base"
            return _result(
                gold, policy, Verdict.WRONG, answer, extracted_parsed=parsed, match="mismatch", detail=detail
            )
    if match is not None and gold.kind in ("number", "math") and "=" in answer.text:
        # (an answer with no "=" names no variable)
        names = _named_variable(answer.text), _named_variable(gold.raw)
        if None not in names and names[0] != names[1]:
            # "x = 5" against "y = 5": the same value of another variable (a vertical line, not a horizontal
            # one) answers another question
            detail = f"{parsed} is the value of {names[0]}, the gold's of {names[1]}"
            return _result(
                gold, policy, Verdict.WRONG, answer, extracted_parsed=parsed, match="mismatch", detail=detail
            )
    if answer.lenient and policy == "strict":
        detail = f"no answer marker or box; the {answer.rule} fallback reads {parsed}"
        return _result(
            gold,
            policy,
            Verdict.FORMAT,
            answer,
            extracted_parsed=parsed,
            match=match or "mismatch",
            detail=detail,
        )
    if match is None and not restated and _false_computation(reading.node):
        # "The answer is $72 = 70$": a computation that does not hold states no value, either side's (one
        # between two units, "2 hours = 120 minutes", is a restatement, judged side by side)
        detail = f"a false computation: {parsed or answer.text!r} states no value"
        return _result(gold, policy, Verdict.AMBIGUOUS, answer, extracted_parsed=parsed, detail=detail)
    verdict = _CORRECT if match is not None else _WRONG
    detail = f"{parsed} {'matches' if match else 'differs from'} gold {gold.canonical}"
    if rounded:
        detail += f" rounded to {decimals} decimal place{'' if decimals == 1 else 's'}"
    return _result(
        gold, policy, verdict, answer, extracted_parsed=parsed, match=match or "mismatch", detail=detail
    )


def _false_computation(node: Node | None) -> bool:
    """Whether ``node`` sets constants equal that are not (``72 = 70``, ``2 + 2 = 5``, ``1 = 1 = 2``)."""
    if isinstance(node, Relation) and node.op == "=":
        terms: tuple[Node, ...] = (node.lhs, node.rhs)
    elif isinstance(node, Chain) and set(node.ops) == {"="}:
        terms = node.terms
    else:
        return False
    # (a side that names its quantity, "d(72) = 2/9", "a_3 = 5", states it: judged as stated)
    if any(symbols_of(term) or any(isinstance(n, (Apply, Indexed)) for n in walk(term)) for term in terms):
        return False
    try:
        return not all(compare_scalars(a, b) for a, b in itertools.pairwise(terms))
    except (NotEvaluable, TooLarge):
        return False


def _judge_restated(
    answer: Answer,
    reading: Reading,
    gold: Gold,
    policy: Policy,
    budget: Budget,
    completion: str,
    decimals: int | None,
    again: Restated,
) -> GradeResult:
    """The grade of an answer restated in another unit (``90 minutes, i.e. 1.5 hours``): one quantity, paid
    when the gold is either statement of it; two that differ once converted (``90 minutes, i.e. 2 hours``)
    commit to neither."""
    if not again.equal:
        detail = f"two different values: {again.text.strip()[:60]!r} restates the value as another quantity"
        return _result(gold, policy, Verdict.AMBIGUOUS, answer, detail=detail)
    judged = _judge(answer, reading, gold, policy, budget, completion, decimals, restated=True)
    if judged.verdict not in (_WRONG, Verdict.UNPARSEABLE):
        return judged
    for s, e in (again.first, again.second):
        if (s, e) == (answer.start, answer.end):
            continue  # the statement the answer already judged
        side = Answer(completion[s:e], answer.rule, s, e, answer.lenient)
        reading = reading_of(side.text, gold)
        other = _judge(side, reading, gold, policy, budget, completion, decimals, restated=True)
        if other.verdict in _PAID_LENIENTLY:
            return other
    return judged


# "x = 5", "$t=5$": a value stated for one variable named by a letter (a Greek one by its command)
_NAMED_VARIABLE = lazy_compile(r"\s*([A-Za-z]|\\[a-z]+)\s*=(?!=)")


def _named_variable(text: str) -> str | None:
    """The variable a statement ``name = value`` gives the value of, lower-cased, or None when it names
    none (or more than one: ``x = y = 5``, ``x + y = 5`` are not one variable's value).

    >>> _named_variable("$x = 5$"), _named_variable("\\\\boxed{T=5}"), _named_variable("\\\\theta = 1")
    ('x', 't', '\\\\theta')
    >>> _named_variable("5"), _named_variable("x = y = 5"), _named_variable("x + y = 5")
    (None, None, None)
    """
    if "=" not in text:  # the common case, answered before the span is cleaned
        return None
    cleaned = clean_span(text)
    m = _NAMED_VARIABLE.match(cleaned)
    if m is None or "=" in cleaned[m.end() :]:
        return None
    return m.group(1).lower()


def _decided_by_rounding(match: str | None, reading: Reading, gold: Gold, budget: Budget) -> bool:
    """Whether the ``decimals`` option made ``match``: its own rule, or a matrix, interval or tuple whose
    numbers differ as written (compared again without it, to say so in the detail)."""
    if match is None or match == ROUNDED_TO_DECIMALS:
        return match is not None
    if gold.kind not in ("number", "math") or match in ("exact", "structural", "text", "choice"):
        return False
    return _compare(reading, gold, budget, None)[0] is None


def _compare(reading: Reading, gold: Gold, budget: Budget, decimals: int | None) -> tuple[str | None, str]:
    if gold.kind == "choice":
        return ("choice" if reading.choice == gold.choice else None), str(reading.choice)
    if gold.kind == "text":
        # "yep" and "true" answer "yes": a yes/no gold is answered by any word of its polarity
        wanted = polarity(gold.text) if reading.text != gold.text else None
        same = reading.text == gold.text or (wanted is not None and polarity(reading.text) == wanted)
        return ("text" if same else None), reading.text
    if reading.node is None and gold.kind == "number":
        assert reading.quantity is not None and gold.quantity is not None
        pred, want = reading.quantity, gold.quantity
        if (
            pred.value.denominator == 1
            and decimals is None
            and pred.ulp is None
            and want.ulp is None
            and pred.unit is None
            and want.unit is None
            and not pred.percent
            and not want.percent
        ):
            # a whole number written exactly against a bare gold written exactly, the commonest pair: equal or
            # not, with nothing to round, convert or read as a ratio (what compare_quantities and str say;
            # a test checks it)
            value = pred.value.numerator
            same = want.value.denominator == 1 and want.value.numerator == value
            return ("exact" if same else None), str(value)
        rule = compare_quantities(pred, want, decimals)
        if rule is None and _ratio_as_fraction(pred, reading.text, want, gold.raw):
            rule = "ratio"
        return rule, str(pred)
    node = reading.node if reading.node is not None else quantity_tree(reading.quantity)
    if gold.why and node != gold.tree:
        raise GoldRefused(gold.why)
    return compare_math(node, gold.tree, _symbolic_check(budget), decimals), render(node)


# a fraction written as one: "\\frac{3}{4}", "\\dfrac34", "3/4"
_TERM = r"(?:\{\s*\d+\s*\}|\d)"
_WRITTEN_FRACTION = lazy_compile(rf"[\s$(]*(?:\\[dt]?frac\s*{_TERM}\s*{_TERM}|\d+\s*/\s*\d+)[\s$).]*")


def _ratio_as_fraction(pred: Quantity, pred_text: str, gold: Quantity, gold_text: str) -> bool:
    """Whether a ratio (``3:4``) and a fraction written as one (``\\frac34``, ``3/4``) say the same value: the
    fraction is the ratio of its terms. A ratio stays apart from a decimal or whole number (``3:2`` is not
    ``1.5``, ``2:1`` not ``2``)."""
    if (pred.unit is RATIO) == (gold.unit is RATIO):
        return False
    ratio, other, written = (pred, gold, gold_text) if pred.unit is RATIO else (gold, pred, pred_text)
    if other.unit is not None or other.percent or ratio.value != other.value:
        return False
    return _WRITTEN_FRACTION.fullmatch(written) is not None


# what opens the rest of a line after a value when a rate's denominator follows it: " per hour", "/人"
_RATE_OPENERS = (" ", "/", "\t", "*", "_")


def _answer_unit(answer: Answer, reading: Reading, completion: str) -> Unit | None:
    """The unit the answer names: one ending its span or right after it on its line (``So we get 45 km``: the
    last number is 45, its unit km), else its quantity's. The words win over the number reader, which reads
    ``36 km/h`` as 36 km."""
    after = completion[answer.end : answer.end + 80]
    stated = unit_at_end(answer.text)
    if stated is None:
        stated = unit_at_start(after) if after else None
    elif after[:1] in _RATE_OPENERS and "/" not in stated.dimension:
        # "72 dollars per person", "72 yuan/人": a rate after a value that names its unit is that unit per
        # the thing (a rate names its denominator after the amount, as "$72 per person" does)
        rated = unit_at_start(after)
        if rated is not None and rated.name.startswith("per "):
            stated = per_named(stated, rated)
    if "每" in completion[max(0, answer.start - 12) : answer.start]:
        # "速度是每小时60千米" (60 km an hour), "每千克8.5元": the rate's denominator stands before the amount
        stated = (
            rate_opened_before(completion[max(0, answer.start - 12) : answer.start], answer.text, after)
            or stated
        )
    own = reading.quantity.unit if reading.quantity is not None else None
    if stated is not None and own is not None:
        return per_named(own, stated)  # "$15 per hour": the rate after the amount is dollars per hour
    return stated or own


def _compare_units(
    reading: Reading,
    gold: Gold,
    unit: Unit | None,
    match: str | None,
    parsed: str,
    decimals: int | None = None,
) -> tuple[str | None, str]:
    """The match once the units both sides name are compared: a value read without its unit never matches a
    gold naming another unit (``45 km`` for ``45 m``, ``45 radians`` for ``45^\\circ``, ``5 cm^2`` for
    ``5 m^2``). Units of one dimension convert; an angle converts between degrees and radians by value, and
    only when both sides name their unit (a bare ``\\frac{\\pi}{4}`` is no answer in degrees)."""
    gold_unit = gold.unit or (gold.quantity.unit if gold.quantity is not None else None)
    if unit is None or gold_unit is None:
        return match, parsed
    own = reading.quantity.unit if reading.quantity is not None else None
    whole = whole_unit(reading.quantity, unit) if reading.quantity is not None else None
    if whole is not None and own is not unit and whole.unit is unit:
        # the value in the unit the words name ("100 km/h", not "100 kilometer kilometer/hour")
        shown = str(whole)
    elif unit == gold_unit:
        shown = parsed
    else:
        shown = parsed if parsed.endswith(unit.name) else f"{parsed} {unit.name}"
    if unit == gold_unit and match is not None:
        return match, shown
    if own is unit and gold.quantity is not None and gold.quantity.unit is gold_unit:
        return match, parsed  # two quantities with their units: compare_quantities has converted them
    if unit in ANGLES and gold_unit in ANGLES:
        pred = reading.node if reading.node is not None else quantity_tree(reading.quantity)
        pred, expected = (pred.x if isinstance(pred, Degrees) else pred), gold.tree
        if unit is DEGREE:
            pred = Degrees(pred)
        if gold_unit is RADIAN and isinstance(expected, Degrees):
            expected = expected.x
        try:
            return ("unit_conversion" if compare_scalars(pred, expected) else None), shown
        except (NotEvaluable, ZeroDivisionError, ValueError, OverflowError):
            return None, shown
    if unit.dimension != gold_unit.dimension:
        return None, shown
    value = reading.quantity if reading.quantity is not None else _as_quantity(reading.node)
    expected_value = gold.quantity if gold.quantity is not None else _as_quantity(gold.node)
    if value is None or expected_value is None:
        return None, shown
    pred_q = replace(value, unit=unit)
    gold_q = replace(expected_value, unit=gold_unit)
    return compare_quantities(pred_q, gold_q, decimals), shown


def _as_quantity(node: Node | None) -> Quantity | None:
    """A rational tree as a quantity (``5\\text{ cm}^2`` reads 5), for converting its unit; None otherwise."""
    if node is None or not is_scalar(node):
        return None
    value = exact_value(node)
    return Quantity(value) if value is not None else None


class Budget:
    """One item's time: ``timeout_s`` for all of its grading, on every path. A pool worker's watchdog stops an
    item at ``timeout_s`` whatever step it is in, so ``grade()`` holds itself to the same line: the symbolic
    step gets what is left, and an item that took longer in all is TIMEOUT however it ended. Time spent
    starting a worker or importing sympy for the first time is charged to no item
    (``sandbox.uncharged_seconds``)."""

    __slots__ = ("start", "timeout_s", "uncharged_at_start")  # one per item: built without an instance dict

    def __init__(self, timeout_s: float, start: float | None = None) -> None:
        self.timeout_s = timeout_s
        self.start = time.perf_counter() if start is None else start
        self.uncharged_at_start = sandbox.uncharged_seconds()

    def spent(self) -> float:
        elapsed = time.perf_counter() - self.start
        if elapsed < self.timeout_s:  # the common case: within the budget whatever was uncharged
            return elapsed
        return elapsed - (sandbox.uncharged_seconds() - self.uncharged_at_start)

    def left(self) -> float:
        return self.timeout_s - self.spent()


class SymbolicWorkerFailed(RuntimeError):
    """The sandbox worker running the symbolic step failed: the item is ERROR, counted, never WRONG."""


class GoldRefused(ValueError):
    """The gold trips a size guard, so nothing but an identical answer can be compared with it."""


def _symbolic_check(budget: Budget) -> Callable[[Node, Node], bool]:
    def check(pred: Node, gold: Node) -> bool:
        if sandbox.INLINE:  # already inside a grading worker whose own deadline covers this item
            sandbox.prepare_symbolic()
            return symbolic_equal(pred, gold)
        left = budget.left()
        if left <= 0:
            raise DeadlineExceeded(f"no time left of the {budget.timeout_s:g} s budget for the symbolic step")
        try:
            return bool(sandbox.call(symbolic_equal, pred, gold, timeout_s=left))
        except sandbox.WorkerFailed as exc:
            # the worker died (killed, out of memory): a fact about the grader, never a verdict about the
            # answer (sympy's own failures are "not shown equal" inside symbolic_equal)
            raise SymbolicWorkerFailed(str(exc)) from exc

    return check


def grade_many(
    completions: Sequence[str],
    golds: Sequence[str],
    *,
    workers: int = 1,
    timeout_s: float = DEFAULT_TIMEOUT_S,
    policy: Policy = "flexible",
    finished: Sequence[bool | None] | None = None,
    choices: Choices = None,
    decimals: int | None = None,
) -> list[GradeResult]:
    """Grade many completions; exactly one result per input, in input order, whatever happens inside.

    ``workers > 1`` grades in that many worker processes; an item that runs past ``timeout_s`` gets a
    TIMEOUT result and its worker is replaced. With one worker, items are graded in this process and only
    the symbolic step (the one that can be slow) runs under a hard deadline in a sandbox worker.
    ``finished`` is one flag per completion (or None); ``decimals`` is :func:`grade`'s, for every item.
    """
    decimals = check_decimals(decimals)
    if len(completions) != len(golds):
        raise ValueError(f"{len(completions)} completions but {len(golds)} golds")
    if finished is not None and len(finished) != len(completions):
        raise ValueError(f"{len(completions)} completions but {len(finished)} finished flags")
    flags: Sequence[bool | None] = finished if finished is not None else [None] * len(completions)
    jobs = list(zip(completions, golds, flags, strict=True))
    if workers <= 1 or len(jobs) < 2 * workers:
        return [
            grade(
                c, gold=g, policy=policy, finished=f, choices=choices, timeout_s=timeout_s, decimals=decimals
            )
            for c, g, f in jobs
        ]
    options = {"policy": policy, "choices": choices, "timeout_s": timeout_s, "decimals": decimals}

    def on_timeout(item: tuple[str, str, bool | None]) -> GradeResult:
        detail = f"grading exceeded the {timeout_s:g} s per-item deadline; the worker was replaced"
        return GradeResult(
            False, Verdict.TIMEOUT, gold=str(item[1]), policy=policy, detail=detail, elapsed_s=timeout_s
        )

    def on_crash(item: tuple[str, str, bool | None], why: str) -> GradeResult:
        return GradeResult(False, Verdict.ERROR, gold=str(item[1]), policy=policy, detail=why)

    pool = sandbox.shared_pool(workers, grade)
    return pool.run(jobs, timeout_s=timeout_s, options=options, on_timeout=on_timeout, on_crash=on_crash)
