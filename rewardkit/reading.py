"""What one answer span says against a gold: a value, a hedge, an option named, a time of day, or why it
cannot be read. :func:`reading_of` is the one entry point: the extraction rules find the span, this module
reads it, and :mod:`rewardkit.grade` compares the reading with the gold."""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction

import rewardkit.commitment as commitment
import rewardkit.counted_values as counted_values
from rewardkit.commitment import shared_words
from rewardkit.extract import (
    APPROX,
    MAX_SPAN_CHARS,
    Reading,
    clean_span,
    plain_number,
    read_choice,
    read_math,
    read_number,
    split_approximation,
)
from rewardkit.gold import HEDGE_WORDS, TEXT_GOLD, Gold, normalise_text
from rewardkit.latex import ASCII_FUNCTIONS
from rewardkit.lazy_regex import lazy_compile
from rewardkit.letter_sets import hedged_sets, letter_set, run_together
from rewardkit.mathtree import (
    ListOf,
    Node,
    Number,
    Relation,
    SetOf,
    Symbol,
    Text,
    TupleOf,
    structural_key,
    symbols_of,
)
from rewardkit.numbers import (
    CLOCK,
    CLOCK_12,
    PART_OF_DAY,
    Quantity,
    hour_of_day,
    spoken_time_of_day,
)
from rewardkit.option_words import option_key, options_named
from rewardkit.polarity import polarity, stated_polarity
from rewardkit.several_values import (
    counts_listed,
)
from rewardkit.spoken_ranges import hyphen_range
from rewardkit.spoken_times import clock_phrase, is_span_of_years, span_of_years
from rewardkit.stated_units import (
    RESTATING_APPROXIMATION,
    rounds_to,
)
from rewardkit.tree_values import NotEvaluable, exact_value, numeric_value

# "approximately 2^{16}", "about sqrt(4)": the approximation of a value, which starts with math or a call
_APPROXIMATELY = lazy_compile(
    rf"^[\s*_]*(?:{shared_words.APPROXIMATION})\s+"
    rf"(?=[$({{\\\d+\-−–|]|(?:{'|'.join(sorted(ASCII_FUNCTIONS))})\()",
    re.I,
)
COPULA_WORD = r"(?:is|are|was|were|equals|(?:should|would|will|must)\s+be)"
COPULA = lazy_compile(rf"\s{COPULA_WORD}\s")


def counted_names(gold: Gold) -> tuple[str, ...] | None:
    """The words of a counted gold (:func:`rewardkit.gold._counted_gold`), in its order, or None."""
    node = gold.node
    if not isinstance(node, ListOf) or not node.items:
        return None
    names = []
    for item in node.items:
        if not (isinstance(item, Relation) and isinstance(item.lhs, Symbol) and len(item.lhs.name) > 1):
            return None
        names.append(item.lhs.name)
    return tuple(names) if all(n.isalpha() for n in names) else None


def _counted_reading(text: str, names: tuple[str, ...]) -> Reading | None:
    """``2 bins and 1 paper`` against a counted gold: one equation per word, or None."""
    pairs = counted_values.read_counted(text, names)
    if pairs is None:
        return None
    listed = ", ".join(value for value, _ in pairs)
    values = read_math(listed).node
    if not isinstance(values, ListOf) or len(values.items) != len(pairs):
        return None
    items = tuple(Relation("=", Symbol(word), v) for (_, word), v in zip(pairs, values.items, strict=True))
    return Reading("value", node=ListOf(items), text=text)


def chosen_set(text: str, gold: Gold) -> str | None:
    """The option letters ``text`` chooses as one set (:func:`letter_sets.letter_set`), or None. Against a
    single-letter gold only letters run together (``BC``) are read as a set: a list (``B and D``) is read as
    before, two candidates for one answer."""
    chosen = letter_set(text)
    if chosen is None or (len(gold.choice or "") < 2 and not run_together(text)):
        return None
    return chosen


# an em dash (or figure dash, horizontal bar) glued to the digits after it: "The answer is —72"
_GLUED_DASH = lazy_compile(r"[—‒―](?=\$?\.?\d)")
_DASH_LEAD = lazy_compile(r"[\s\"'(*_`]*")


def _said_around_value(text: str, gold: Gold) -> Reading | None:
    """A reading of an answer span whose number is only part of what it says, or None: a clock phrase
    (``quarter to 8`` is 7:45, read as such against a time gold and refused against any other), a decade or
    century (``the 1970s``: ten years, no one number), or a dash glued to the number (``—72``), which may be
    its minus sign as well as punctuation."""
    dash = _GLUED_DASH.match(text, _DASH_LEAD.match(text).end())  # type: ignore[union-attr]
    if dash is not None:
        return Reading("ambiguous", text=text, why=glued_dash_why(text[dash.start() :]))
    if not re.search(r"\d\s*['’]?s\b|\s(?:to|till?|before|past|after)\s", text, re.IGNORECASE):
        return None  # the common case: neither a plural number nor a clock phrase's direction word
    time = clock_phrase(text)
    if time is not None:
        if is_time_gold(gold):
            return Reading("value", time, text=text)
        return Reading("unparseable", text=text, why=f"{text!r} names the time of day {time}, not a number")
    found = re.search(r"\d+", text)
    if found is not None and not is_span_of_years(gold.raw):
        years = span_of_years(text, found.start(), found.end())
        if years is not None:
            return Reading("ambiguous", text=text, why=span_of_years_why(years))
    return None


def glued_dash_why(text: str) -> str:
    return f"{text[:20]!r}: a dash glued to the number may be its minus sign or punctuation"


def span_of_years_why(years: str) -> str:
    return f"{years!r} names a decade or century (or an age range), not one number"


# an approximation said in words right after a value, up to its number: ", which is about ", " (roughly "
_APPROXIMATION_IN_WORDS = lazy_compile(
    r"[ \t]*(?:,[ \t]*(?:i\.\s?e\.,?|that\s+is,?|which\s+is)?|\(|[ \t]+(?:i\.\s?e\.,?|which\s+is))[ \t]*"
    rf"(?:{RESTATING_APPROXIMATION})[ \t]*"
    # the approximation closes the statement: nothing after it but its bracket and punctuation ("(about 0.785)
    # or more" bounds what it says)
    r"(?P<approximation>[-−]?\$?\d[\d,]*(?:\.\d+)?[ \t]*%?)[ \t]*\)?[ \t.!*_$]*$",
    re.IGNORECASE,
)
_APPROXIMATION_WORD_STEMS = ("bout", "pprox", "oughly", "round")


def _approximated(exact: Reading, approximation: Reading, span: str) -> Reading:
    """The exact value an approximation restates (``\\frac16 \\approx 0.17``), or AMBIGUOUS where both are
    rational and the approximation is no rounding of it (``72 \\approx 70``, ``72 (approximately 70)``: a
    second value)."""
    approximate = approximation.quantity
    if approximate is None and isinstance(approximation.node, Number):  # (read as math: "2.41" against √2)
        places = approximation.node.decimals
        approximate = Quantity(approximation.node.value, Fraction(1, 10**places) if places else None)
    value = exact.quantity if exact.quantity is not None else _constant_quantity(exact.node)
    if approximate is None or value is None or value.unit is not None or approximate.unit is not None:
        return exact  # (a restatement in another unit is the unit readers')
    if rounds_to(value, approximate):
        return exact
    said = span.strip()
    why = f"{said!r}: the approximation is no rounding of the value before it"
    return Reading("ambiguous", text=said, why=why)


def unrounded_approximation(exact: Reading, approximation: str, gold: Gold, said: str) -> str | None:
    """Why an approximation said in words after a value that a lenient rule read (``So the probability is
    1/3, approximately 0.4.``) is no rounding of it, as :func:`reading_of` finds after a marker (``The answer
    is 1/3 (approximately 0.4)``); None where it rounds it (``1/3, approximately 0.33``) or where the two
    cannot be compared.

    >>> from rewardkit.gold import parse_gold
    >>> gold = parse_gold("1/3")
    >>> unrounded_approximation(reading_of("1/3", gold), "0.4", gold, "1/3, approximately 0.4")
    "'1/3, approximately 0.4': the approximation is no rounding of the value before it"
    >>> unrounded_approximation(reading_of("1/3", gold), "0.33", gold, "1/3, approximately 0.33")
    """
    if exact.status != "value":
        return None
    reading = _approximated(exact, _read_span(approximation, gold), said)
    return reading.why if reading.status == "ambiguous" else None


def _constant_quantity(node: Node | None) -> Quantity | None:
    """The value of a constant tree (``\\frac16``, ``\\sqrt2``, ``\\pi/4``) as a quantity, irrational ones to
    a float's precision (enough to tell the rounding an approximation writes), or None."""
    if node is None or symbols_of(node):
        return None
    try:
        rational = exact_value(node)
        if rational is None:
            number = numeric_value(node, {})
            if number.imag != 0:
                return None
            rational = Fraction(float(number.real))
    except (NotEvaluable, ArithmeticError, ValueError):
        return None
    return Quantity(rational)


def reading_of(span: str, gold: Gold) -> Reading:
    if not span.isascii() and BIDI_OVERRIDE.search(span):
        # "\u202e27\u202c" is shown as 72: what a reader sees is not what the characters say
        return Reading("unparseable", text=span, why="a bidirectional override reorders the answer as shown")
    if gold.kind == "number" and plain_number(span):
        return read_number(span)  # "18", "$1,250": no approximation, copula or parentheses to look for
    if len(span) > _LONG_SPAN and _DIGITS_WITH_POINT.fullmatch(span):
        # "0.3333…" written on for hundreds of digits: no word, sign or label for the readers below to find,
        # and each of their scans would cost a step per digit
        return _read_span(span, gold)
    written = span
    label = _OPTION_LABEL_FIRST.match(span) if gold.kind in ("number", "math") else None
    if label is not None:
        # "(B) 42", "B) 42" against a value: the option's label, then the value it names
        labelled = reading_of(span[label.end() :], gold)
        if labelled.status == "value":
            return labelled
    if gold.kind in ("number", "math"):
        member = _MEMBER_OF.match(span)
        if member is not None:
            # "The answer is one of: 1, 2, 3": a member of the values that follow, not which one
            why = f"{member.group().strip()!r} says the answer is among several values, not which"
            return Reading("ambiguous", text=span, why=why)
        said = _said_around_value(clean_span(span), gold)
        if said is not None:
            return said
        if "-" in span and _HYPHEN_PAIR.fullmatch(gold.raw.strip(" $")) is None:
            ranged = hyphen_range(span)
            if ranged is not None:  # "roughly 18-20", "18-20 dollars": a range, never their difference
                return Reading("ambiguous", text=clean_span(span), why=ranged)
            joined = _HYPHEN_PAIR.fullmatch(clean_span(span)) or _HYPHEN_PAIR.fullmatch(span.strip(" \t*_"))
            if joined is not None and _ascending(joined["lo"], joined["hi"]):
                # "18-20", "\\boxed{70-80}", "$18-$20": a range as often as a difference (a range climbs:
                # "16-3" is a difference), unless the gold writes one so
                why = f"{joined.group()!r} joins two numbers with a hyphen: a range as much as a difference"
                return Reading("ambiguous", text=joined.group(), why=why)
    time_gold = is_time_gold(gold)
    if time_gold or (gold.kind == "number" and _HOUR_OF_DAY_GATE.search(span) is not None):
        # "3 p.m." against 15:00, "3:30 in the afternoon", "15 h 30"; against a bare 3 it stays unread
        hour = hour_of_day(clean_span(span)) or spoken_time_of_day(clean_span(span))
        if hour is None and time_gold:
            part = _PART_OF_DAY_END.search(clean_span(span))
            phrase = clock_phrase(clean_span(span)[: part.start()]) if part is not None else None
            if part is not None and phrase is not None:  # "half past three in the afternoon"
                hour = in_half_of_day(phrase, part.group())
        if hour is not None:
            return time_reading(hour, clean_span(span), time_gold)
    if gold.kind in ("number", "math"):
        # "approximately $2^{16}$", "about (42)": an approximation commits to the value it names
        span = _APPROXIMATELY.sub("", span, count=1)
    in_words = False
    if gold.kind in ("number", "math") and any(word in span for word in _APPROXIMATION_WORD_STEMS):
        # "$\\sqrt{2}$, which is about 1.41", "\\frac{\\pi}{4} (approximately 0.785)": an approximation said
        # in words after the exact value restates it, as "\\approx 1.41" does
        worded = _APPROXIMATION_IN_WORDS.search(span)
        if worded is not None and worded.start() > 0:
            span = span[: worded.start()] + " \\approx " + worded["approximation"]
            in_words = True
    if gold.kind in ("number", "math") and APPROX.search(span):
        # "\\frac{1}{3} \\approx 0.333": the exact value stated first is the answer; "x \\approx 2.83" or a
        # lone "\\approx 2.83" states only the approximation
        exact, approximate = split_approximation(clean_span(span))
        if exact:
            reading = _read_span(exact, gold)
            if reading.status == "value" and not isinstance(reading.node, Symbol):
                # (a sign, "x = 1/3 \\approx 0.33", restates as math writes it, its digits unchecked; words,
                # "72 (approximately 70)", say a second value unless they round the first)
                return _approximated(reading, _read_span(approximate, gold), written) if in_words else reading
        return _read_span(approximate, gold)
    return _read_span(span, gold)


# past this length a span of digits is read without the scans for words around its number
_LONG_SPAN = 60
_DIGITS_WITH_POINT = lazy_compile(r"\d*\.?\d*")

# a statement that names a member of a set of values: "one of: 1, 2, 3", "any of the values 1, 2", "either of"
_MEMBER_OF = lazy_compile(r"[\s*_$]*(?:one|any|either|each)\s+of\b", re.IGNORECASE)
# an option's letter opening a statement before the option's value: "(B) 42", "B) 42", "(B)\\ 42"
_OPTION_LABEL_FIRST = lazy_compile(
    r"[\s*_]*(?:\(\s*[A-J]\s*\)[.:]?|[A-J][).:])(?:[\s*_]|\\ )+(?=[-−$€£\d.\\])"
)


# two unsigned numbers and the hyphen between them, nothing else: "18-20", "$18-$20", "2.5-3"
_HYPHEN_PAIR = lazy_compile(r"[$€£]?(?P<lo>\d[\d,]*(?:\.\d+)?)-[$€£]?(?P<hi>\d[\d,]*(?:\.\d+)?)\.?")


def _ascending(lo: str, hi: str) -> bool:
    """Whether the number written ``lo`` is below the one written ``hi`` (both digits, maybe grouped)."""
    return Fraction(lo.replace(",", "")) < Fraction(hi.replace(",", ""))


# the controls that force a direction on what they enclose (embeddings and overrides): digits under one are
# shown in another order than they are written
BIDI_OVERRIDE = lazy_compile("[\u202a\u202b\u202d\u202e]")


def _read_span(span: str, gold: Gold) -> Reading:
    if gold.kind == "choice":
        chosen = chosen_set(clean_span(span), gold)
        if chosen is not None:  # "AC", "A and C", "(A) and (C)": several options chosen, as one set
            return Reading("value", choice=chosen, text=chosen)
        several = gold.choice is not None and len(gold.choice) > 1
        hedged = hedged_sets(clean_span(span)) if several and (" or " in span or "或" in span) else None
        if hedged is not None:
            return Reading(
                "ambiguous", text=hedged, why=f"hedged: {hedged[:60]!r} offers letter sets as alternatives"
            )
        reading = read_choice(span, gold.letters, gold.options, gold.option_words)
        if reading.status == "none" and any(gold.option_words):
            reading = _option_words_named(span, gold) or reading
        if reading.status == "none" and gold.option_text:
            return _option_named(span, gold) or reading
        if reading.status == "none" and (any(o is not None for o in gold.options) or any(gold.option_words)):
            return _names_no_option(span, gold) or reading
        return reading
    if gold.kind == "text":
        first = re.split(r"[,;(，；（]", clean_span(span), maxsplit=1)[0]
        stance = polarity(first.strip(" \t.!。！")) if not first.isascii() else None
        if stance is not None:  # "否", "Sí", "да": a polarity said in another language, against a yes/no gold
            return Reading("value", text="yes" if stance else "no")
        text = normalise_text(first)
        if polarity(text) is None and polarity(gold.text) is not None:
            # "Answer: The statement is false.", "Answer: I think yes": the marker opens the sentence that
            # says it
            sentence = stated_polarity(clean_span(span))
            if sentence is not None and isinstance(sentence[2], str):
                return Reading("ambiguous", text=text, why=sentence[2])
            if sentence is not None:
                return Reading("value", text="yes" if sentence[2] else "no")
        return Reading("value" if text else "none", text=text)
    if gold.kind == "math":
        names = counted_names(gold) if gold.read_as == "boxed" else None
        counted = _counted_reading(clean_span(span), names) if names is not None else None
        if counted is not None:  # "2 bins and 1 paper": the parts named by their words
            return counted
        key = structural_key(clean_span(span))
        if key == gold.text:  # identical up to spacing and \dfrac-style spelling: no parse needed
            return Reading("value", node=gold.node, text=key)
        math = read_math(span)
        if math.status == "unparseable" and COPULA.search(span):
            # "The values of x for which f(x) = g(x) are x = 5 and x = -2": the sentence states its value
            # after its last "is"/"are"
            stated = read_math(COPULA.split(span)[-1])
            if stated.status == "value":
                return stated
        listed = (
            counts_listed(clean_span(span))
            if math.status == "unparseable" and isinstance(gold.node, (ListOf, TupleOf, SetOf))
            else None
        )
        if listed is not None:  # "12 apples and 5 oranges" against "12, 5": the values the gold lists
            return read_math(listed)
        if math.status == "unparseable":
            # "approximately 3.14", "3 or 4", "$42 per week": prose around a number is no math, but the
            # number (or the hedge) is still what the answer says, and a wrong value is not an unread one
            reading = read_number(span)
            if reading.status in ("value", "ambiguous"):
                return reading
        return math
    if COPULA.search(span):
        # "the number of points in the domain of $f(x)$ is 19", "the product of the last two digits of N
        # when T is 3 is **6**": a sentence states its value after its last "is", not in its subject
        stated = _unwrapped(read_number, COPULA.split(span)[-1])
        if stated.status == "value":
            return stated
    reading = _unwrapped(read_number, span)
    if reading.status in ("unparseable", "none"):
        # "2\sqrt{2}", "16 - 3 - 4", "\pi": not a plain number, maybe math with a value
        math = read_math(span)
        if math.status == "value" and not isinstance(math.node, Text):
            return math
    return reading


def _option_named(span: str, gold: Gold) -> Reading | None:
    """An answer that names a lettered gold's option by its words (``the answer is Alina`` against ``(D)
    Alina``): the gold's letter; another name, written as the gold's is (capitalised words), is another
    option; None for anything else."""
    words = clean_span(span).strip(" \t.!*_")
    if not TEXT_GOLD.fullmatch(words) or not words[:1].isupper():
        return None
    if HEDGE_WORDS.search(words):  # "Alina or Bob", "maybe Alina"
        return Reading("ambiguous", text=words, why=f"several options or a hedge: {words!r}")
    named = normalise_text(words)
    return Reading("value", choice=gold.choice if named == gold.option_text else words, text=words)


def _names_no_option(span: str, gold: Gold) -> Reading | None:
    """An answer that clearly names something no option is, when the options' values or words are known: a
    value none of them has (``Answer: 19`` against ``12, 15, 18, 21``), or words all drawn from the options'
    own that no one option holds (``Answer: I and II only`` against ``I only``, ``II only``, ``I and III
    only``, ``I, II and III``): another answer, WRONG; None for what cannot be read so (``see above``, a
    hedge, a word no option uses, part of one option's words: UNPARSEABLE or no answer, as before).

    >>> from rewardkit.gold import parse_gold
    >>> gold = parse_gold("C", ("I only", "II only", "I and III only", "I, II and III"))
    >>> _names_no_option("I and II only", gold).choice, _names_no_option("only I", gold)
    ('I and II only', None)
    """
    text = clean_span(span)[:MAX_SPAN_CHARS].strip(" \t.!*_")
    if any(c.isdigit() for c in text):
        stated = read_number(text)
        if stated.status == "value" and stated.quantity is not None:
            return Reading("value", choice=stated.text, text=stated.text)
        return None
    vocabulary = {w for key in gold.option_words for w in key.split()}
    said = set(option_key(text).split())
    if not said or not said <= vocabulary or any(said <= set(key.split()) for key in gold.option_words):
        return None  # (part of one option's words may name it: "Pacific" for "Pacific Ocean")
    return Reading("value", choice=text, text=text)


def _option_words_named(span: str, gold: Gold) -> Reading | None:
    """An answer that names one of the offered options by its words (``Answer: Paris`` against the choices
    ``London, Berlin, Madrid, Paris``): that option's letter, read as a value's statement is (``not Paris``,
    ``maybe Paris`` do not commit); two options named (``Paris or Madrid``, ``Paris, not Madrid``) commit
    to neither; None when no option is named, or more is said around it than an aside.

    >>> from rewardkit.gold import parse_gold
    >>> gold = parse_gold("D", ("London", "Berlin", "Madrid", "Paris"))
    >>> _option_words_named("the Paris.", gold).choice, _option_words_named("Madrid or Paris", gold).status
    ('D', 'ambiguous')
    >>> _option_words_named("probably Paris", gold).status, _option_words_named("Parisian", gold)
    ('ambiguous', None)
    """
    text = clean_span(span)[:MAX_SPAN_CHARS]
    named = options_named(text, gold.option_words)
    if not named:
        return None
    if len({index for index, _, _ in named}) > 1:
        listed = ", ".join(dict.fromkeys(gold.letters[index] for index, _, _ in named))
        return Reading(
            "ambiguous", text=text, why=f"several options named by their words ({listed}): {text!r}"
        )
    index, start, end = named[0]
    before, after = text[:start], text[end:]
    why = commitment.problem(before, after, words=True)
    if why is not None:
        return Reading("ambiguous", text=text, why=why)
    if option_key(before) not in _NOTHING_BEFORE_AN_OPTION or not (
        not option_key(after) or _ASIDE_AFTER_AN_OPTION.match(after)
    ):
        return None  # "Paris, France", "The capital is Paris": more than the option's name
    return Reading("value", choice=gold.letters[index], text=text[start:end])


# what may stand before an option's words in an answer that names it: an article, emphasis, quotes
_NOTHING_BEFORE_AN_OPTION = frozenset(("", "the", "a", "an"))
# ... and after them: an aside set off by a comma, a bracket or a dash, or a reason ("Paris, the capital of
# France", "Paris (France)", "Paris because it is the capital"), which the commitment rules have read
_ASIDE_AFTER_AN_OPTION = lazy_compile(r"\s*(?:[,(–—]|\s-\s|\s(?:because|since|as)\b)", re.IGNORECASE)


# one value in grouping parentheses, then maybe its unit: "(\\frac{2}{5}) tonnes", "(18) apples"
_PARENTHESISED = lazy_compile(r"\s*\(\s*([^(),;]{1,200}?)\s*\)\s*((?:[^\W\d_]+\s*){0,4})[.\s]*")


def _unwrapped(reader: Callable[[str], Reading], span: str) -> Reading:
    """``reader(span)``, or of the value inside one pair of grouping parentheses when that is all the span
    holds besides a unit (``(\\frac{2}{5}) tonnes``)."""
    reading = reader(span)
    if reading.status == "unparseable":
        m = _PARENTHESISED.fullmatch(clean_span(span))
        if m is not None:
            inner = reader(f"{m[1]} {m[2]}".strip())
            if inner.status == "value":
                return inner
    return reading


def is_time_gold(gold: Gold) -> bool:
    unit = gold.quantity.unit if gold.quantity is not None else None
    return unit is not None and unit.dimension == "clock"


PART_OF_DAY_AFTER = lazy_compile(
    rf"[ \t]*(?:o['’]clock[ \t]*|Uhr[ \t]*|h[ \t]+|hours?[ \t]+|час(?:а|ов)?[ \t]+)?{PART_OF_DAY}",
    re.IGNORECASE,
)


# what an hour of the day holds after its digits, looked for before its readers run against a number gold:
# a.m./p.m. ("3 p.m.", "3pm", "3 \\text{ P.M.}"), the half of the day in words, the "h" of "15 h 30"
_HOUR_OF_DAY_GATE = lazy_compile(
    r"\d[ \t]*(?:\\text\{\s*)?[aApP]\.?[ \t]*[mM]|\d[ \t]*(?:h|Uhr)[ \t]*[0-5]\d"
    rf"|\d[ \t]*(?:o['’]clock[ \t]*)?{PART_OF_DAY}",
    re.IGNORECASE,
)
_PART_OF_DAY_END = lazy_compile(rf"[ \t,]*{PART_OF_DAY}[ \t.!]*$", re.IGNORECASE)
_EVENING_WORDS = lazy_compile(
    r"afternoon|evening|tarde|noche|après-midi|soir|nachmittag|abend|дня|вечера|pomeriggio|sera|noite",
    re.IGNORECASE,
)


def in_half_of_day(time: Quantity, after: str) -> Quantity:
    """``time`` (a 12-hour reading) in the half of the day the words right after it name (``in the
    afternoon``), or as it is."""
    said = PART_OF_DAY_AFTER.match(after)
    if said is None or time.unit is not CLOCK_12:
        return time
    evening = _EVENING_WORDS.search(said.group()) is not None
    return Quantity(time.value % 720 + (720 if evening else 0), unit=CLOCK)


def time_reading(time: Quantity, text: str, time_gold: bool) -> Reading:
    """A time of day read from ``text``: its value against a time gold, unread against any other."""
    if time_gold:
        return Reading("value", time, text=text)
    return Reading("unparseable", text=text, why=f"{text!r} names the time of day {time}, not a number")
