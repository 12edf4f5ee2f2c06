"""The unit an answer or a gold names, read where the value readers drop it.

The math reader drops a unit after an expression (``45\\text{ km}`` is 45), and the last-number fallback reads
only the number (``So we get 45 km`` reads 45): right against a bare gold, but against a gold that names its
own unit a dropped unit would pay ``45 km`` for ``45 m`` and ``45 radians`` for ``45^\\circ``. This module
reads the unit that ends a span (:func:`unit_at_end`) or follows it in the text (:func:`unit_at_start`), so
the grader can compare the two units: converted when they measure the same thing, refused otherwise.

Angles are two units: degrees (``°``, ``^\\circ``, ``\\degree``, ``deg``, ``degrees``) and radians (``rad``,
``radians``). A radian measure converts to degrees only when it says so: ``\\frac{\\pi}{4} \\text{ rad}`` is
``45^\\circ``, a bare ``\\frac{\\pi}{4}`` is not.

A rate is its own unit, never the plain quantity of its numerator: ``72 per hour``, ``72 km every hour``,
``$72 an hour``, ``72 kilograms per square meter``, ``72元/人``, ``每天72元`` (a count per hour when no unit
stands before ``per``). A word in a unit's place that the table does not know (``72 zorps``, ``72 apples``) is
a unit of its own, equal only to the same word: it never pays a gold naming another unit, while against a bare
gold any unit is dropped as before. Words that end an answer without being a unit (``72 total``, ``$72
each``), a variable (``5 x``) and a Chinese measure word are no unit.

>>> unit_at_end("45\\\\text{ km}").name, unit_at_end("5 \\\\text{cm}^2").name, unit_at_end("5 cm²").name
('kilometer', 'centimeter^2', 'centimeter^2')
>>> unit_at_end("45^{\\\\circ}").name, unit_at_end("\\\\frac{\\\\pi}{4} \\\\text{ rad}").name
('degree', 'radian')
>>> unit_at_end("3 hours").dimension == unit_at_start(" min later").dimension
True
>>> unit_at_end("2x") is None, unit_at_end("20 total") is None, unit_at_start(". Meters") is None
(True, True, True)
>>> unit_at_end("72 per hour").dimension, unit_at_end("$72 an hour").name, unit_at_end("20 apples").dimension
('count/time', 'dollar/hour', 'word apple')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction

from rewardkit.languages.chinese import CLASSIFIERS
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import CURRENCIES, UNITS, Quantity, Unit, currency_before, lookup_unit

# the words of an approximation that restates a value said just before it ("$\\frac16$, i.e. about 0.17",
# "5 km, or about 3.1 miles")
RESTATING_APPROXIMATION = r"about|approximately|approx\.|roughly|around"
# ... and the words that say a value again as an equal one ("72 (i.e., 70)", "72 (that is, seventy)", "72
# (namely 70)"): what follows them is the same value in other words, or a second value where it differs
RESTATING = r"i\.[ \t]?e\.|that\s+is|namely|in\s+other\s+words|viz\.|meaning"

# Degrees and radians are not a rational multiple of one another: each is its own dimension here, and the
# grader converts between them by value (45° is π/4).
DEGREE = Unit("degree", "angle in degrees", Fraction(1))
RADIAN = Unit("radian", "angle in radians", Fraction(1))
ANGLES = (DEGREE, RADIAN)

_ANGLE_WORDS = {
    "degree": DEGREE,
    "degrees": DEGREE,
    "deg": DEGREE,
    "radian": RADIAN,
    "radians": RADIAN,
    "rad": RADIAN,
}
# the lengths whose power may be written glued after them, the exponent not raised ("m2", "cm3")
_GLUED_POWER_UNITS = frozenset({"m", "mm", "cm", "dm", "km", "yd", "mi"})
# the words that square or cube the unit after them ("square feet", "cubic meters", "cu ft")
_POWERS = {"square": 2, "sq": 2, "sq.": 2, "cubic": 3, "cu": 3, "cu.": 3}
# rate units written as one word
_RATES = {
    "mph": ("mile", "hour"),
    "kph": ("kilometer", "hour"),
    "kmh": ("kilometer", "hour"),
    "knot": ("nautical mile", "hour"),
    "knots": ("nautical mile", "hour"),
}

# presentation around a unit: \text{…}, \mathrm{…}, spacing commands, math delimiters
_WRAPPER = lazy_compile(r"\\(?:text|mathrm|textrm|mbox|operatorname|rm|textnormal)\s*\{([^{}]*)\}")
_SPACING = lazy_compile(r"\\[,;:! ]|~|\\quad|\$|\\[()\[\]]|\*\*")
_DEGREE_SIGN = lazy_compile(r"\^\s*\{\s*\\circ\s*\}|\^\s*\\circ|\\circ|\\degree|°|º")
_WORD = r"[A-Za-z]+"
# the units spelled in two words or with a hyphen ("fl oz", "fluid ounces", "nautical miles", "light-years",
# "mm Hg"), tried before one word: their first word alone is no unit, or another one ("16 fl oz" is a volume,
# never the "oz" of mass, nor a bare 16)
_SEVERAL_WORDS = "|".join(
    re.escape(spelling).replace(r"\ ", r"\s+")
    for spelling in sorted(UNITS, key=len, reverse=True)
    if re.fullmatch(r"[A-Za-z]+(?:\.?[ -][A-Za-z]+)+", spelling)
)
# a unit phrase: "km", "square feet", "sq in", "km/h", "miles per hour", "cm^2", "cm^{3}", "cm²",
# "meters squared"
_PHRASE = (
    rf"(?P<shape>(?i:square|sq\.?|cubic|cu\.?)\s+)?(?P<unit>(?i:{_SEVERAL_WORDS})(?![A-Za-z])|{_WORD})"
    rf"(?:\s*(?:/|\s(?i:per)\s)\s*(?P<per>{_WORD}))?"
    r"(?:\s*\^\s*\{?\s*(?P<power>[23])\s*\}?|(?P<superscript>[²³])"
    r"|\s+(?P<named_power>(?i:squared|cubed))(?![A-Za-z])"
    # a length's power glued to it ("72m2", "27 cm3"): read by _resolve for lengths only
    r"|(?<=[a-z])(?P<glued>[23])(?![\w]|[.,]\d))?"
)
# at the end of a span, right after what ends a value (a digit or a closing bracket; braces are gone by then)
_AT_END = lazy_compile(rf"(?<=[\d)\]])\s*{_PHRASE}\s*[.,;:!]*\s*$")
_AT_START = lazy_compile(rf"[ \t]*{_PHRASE}(?![A-Za-z])")
_CLOSERS = lazy_compile(r"^[*_$]+")
# the Chinese words that end a span after its unit: what the quantity measures ("72立方米的土", 72 m^3 of
# soil; "5米长的绳子", a rope 5 m long), with the 的 that joins them (a rate's 每 is read before it)
_NOUN_AFTER_UNIT = lazy_compile(r"(?<=[A-Za-z\d²³])[ \t]*[\u3400-\u9fff\uf900-\ufaff]{1,12}[ \t]*[.,;:!。]*$")
_TAIL_CHARS = 80  # a unit phrase is short: only the span's last characters are looked at


# every match of _WRAPPER, _SPACING and _DEGREE_SIGN holds one of these, and _plain drops braces
_PRESENTATION_CHARS = "\\~$*°º{}^"
# one scan for any of them, where a generator of ten substring tests cost more than the rest of the check
_PRESENTATION = lazy_compile("[" + re.escape(_PRESENTATION_CHARS) + "]")


def _plain(text: str) -> str:
    """The text with its presentation dropped and a degree sign spelled as the word."""
    for _ in range(2):
        text = _WRAPPER.sub(r" \1 ", text)
    text = _DEGREE_SIGN.sub(" degree ", text)
    return _SPACING.sub(" ", text).replace("{", " ").replace("}", " ")


def _resolve(m: re.Match[str], at_end: bool = False) -> Unit | None:
    word, per = " ".join(m["unit"].split()), m["per"]  # "fl  oz" is "fl oz"
    if word.lower() in _ANGLE_WORDS and not (
        per or m["shape"] or m["power"] or m["superscript"] or m["named_power"]
    ):
        return _ANGLE_WORDS[word.lower()]
    if word.lower() in _RATES and not per:
        word, per = _RATES[word.lower()]
    if m["shape"] and word == "in":
        word = "inch"  # "sq in": after "square" the word is the inch, not the preposition
    unit = lookup_unit(word)
    if unit is None and at_end and per is None and word.lower() == "in" and not m["shape"]:
        unit = lookup_unit("inch")  # "72 in" ending a span: nothing follows the preposition, it is the inch
    if unit is None or (unit.dimension in CURRENCIES and not per):
        return None  # a currency after a number is read by the number reader, with its sign
    power = _POWERS.get((m["shape"] or "").strip().lower())
    power = power or int(m["power"] or 0) or {"²": 2, "³": 3}.get(m["superscript"] or "")
    power = power or {"squared": 2, "cubed": 3}.get((m["named_power"] or "").lower())
    if m["glued"]:
        if unit.dimension != "length" or word not in _GLUED_POWER_UNITS:
            return None  # "kg2", "ft2" (5 ft 2 in): no unit squared
        power = int(m["glued"])
    if power:
        unit = Unit(f"{unit.name}^{power}", f"{unit.dimension}^{power}", unit.factor**power)
    if per:
        return rate(unit, per)
    return unit


def rate(unit: Unit | None, per: str, power: int = 1) -> Unit | None:
    """``unit`` per the unit ``per`` names (a count per it when ``unit`` is None): ``km/h``, ``$ an hour``,
    ``72 per day``, ``元/人``. A word the table does not know is a denominator of its own (``mg/dL``,
    ``per person``), so a rate never equals a plain quantity, nor a rate over another denominator.

    >>> rate(lookup_unit("km"), "h").name, rate(None, "hour").dimension, rate(lookup_unit("kg"), "m", 2).name
    ('kilometer/hour', 'count/time', 'kilogram/meter^2')
    """
    if per.lower() in _NOT_DENOMINATORS:
        return None
    under = lookup_unit(_CHINESE_DENOMINATORS.get(per, per)) or _word_unit(per)
    if power > 1:
        under = Unit(f"{under.name}^{power}", f"{under.dimension}^{power}", under.factor**power)
    if unit is None:
        return Unit(f"per {under.name}", f"count/{under.dimension}", 1 / under.factor)
    name, dimension = f"{unit.name}/{under.name}", f"{unit.dimension}/{under.dimension}"
    return Unit(name, dimension, unit.factor / under.factor)


def whole_unit(quantity: Quantity, stated: Unit) -> Quantity:
    """``quantity`` in the unit its words name when that unit is the whole of what the value reader read part
    of: a rate or a power of the quantity's own unit, or any unit of a quantity read bare (``27.78 m/s`` read
    27.78 meters is 27.78 m/s, ``5 m^2`` read 5 is 5 m^2, ``72 in`` read 72 is 72 inches), so that a gold is
    compared and shown whole. An angle, a percent, a time of day, a ratio or an ordinal stays as read.

    >>> from rewardkit.numbers import parse_number as q
    >>> str(whole_unit(q("27.78 m"), unit_at_end("27.78 m/s"))), str(whole_unit(q("5"), unit_at_end("5 m^2")))
    ('27.78 meter/second', '5 meter^2')
    >>> str(whole_unit(q("$72"), unit_at_end("$72 per hour"))), str(whole_unit(q("45"), DEGREE))
    ('72 dollar/hour', '45')
    """
    own = quantity.unit
    if own is stated or stated in ANGLES or quantity.percent:
        return quantity
    if own is None:
        return replace(quantity, unit=stated)
    if own.dimension in _READ_WHOLE or not stated.dimension.startswith(
        (f"{own.dimension}/", f"{own.dimension}^")
    ):
        return quantity
    return replace(quantity, unit=stated, leading=None)


def per_named(own: Unit, stated: Unit) -> Unit:
    """The unit of an amount read with its own unit (``$15``) whose words after it name a count's rate (``per
    hour``): that unit per the time or thing (dollars per hour); any other unit named as it is.

    >>> per_named(lookup_unit("dollar"), rate(None, "hour")).name, per_named(lookup_unit("km"), DEGREE).name
    ('dollar/hour', 'degree')
    """
    if not stated.dimension.startswith("count/") or own.dimension in _READ_WHOLE:
        return stated
    under_name, under_dimension = stated.name.removeprefix("per "), stated.dimension.removeprefix("count/")
    return Unit(f"{own.name}/{under_name}", f"{own.dimension}/{under_dimension}", own.factor * stated.factor)


# the units a value is read whole in, never a rate's numerator
_READ_WHOLE = frozenset({"clock", "ratio", "ordinal"})


def _word_unit(word: str) -> Unit:
    """A word the table does not know, standing where a unit stands: a unit of its own, singular or plural."""
    return Unit(word.lower(), f"word {singular(word)}", Fraction(1))


# the time a Chinese rate is per ("72千米每小时", "72公里/小时"), where the languages' rewriting leaves it
_CHINESE_DENOMINATORS = {
    "小时": "hour", "时": "hour", "天": "day", "日": "day", "秒": "second", "秒钟": "second",
    "分钟": "minute", "周": "week", "星期": "week", "月": "month", "年": "year",
    # a rate's 分 is the minute ("1000米/分", meters a minute): no rate is per fen
    "分": "minute",
}  # fmt: skip
# longest first: 分钟 before 分
_CHINESE_DENOMINATOR_WORDS = sorted(_CHINESE_DENOMINATORS, key=len, reverse=True)
# "per cent", "per mille", "per ten thousand" are read by the number reader as percent
_NOT_DENOMINATORS = frozenset({"cent", "mille", "thousand", "ten", "hundred", "million"})


def singular(word: str) -> str:
    """The word as its singular, lower case: ``papers`` → ``paper``, ``boxes`` → ``box``."""
    word = word.lower()
    if len(word) > 3 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith(("ches", "shes", "xes", "sses")):
        return word[:-2]
    return word[:-1] if len(word) > 2 and word.endswith("s") and not word.endswith("ss") else word


def unit_at_end(span: str) -> Unit | None:
    """The unit that ends ``span`` right after its value (``45 km``, ``5\\text{ cm}^2``, ``45^\\circ``), a
    rate (``72 per hour``, ``$72 an hour``, ``72元/人``), or a word in a unit's place that the table does not
    know (``72 zorps``): that word is a unit of its own, equal only to itself."""
    if span.isdecimal():
        return None  # "72": digits only, the commonest span, end on their number with nothing to drop
    raw = span[-_TAIL_CHARS:]
    # isdecimal, not isdigit: a superscript "²" is a digit to Python, and the power of "cm²" here
    end = raw.rstrip()[-2:]
    glued = end[-1:] in ("2", "3") and end[:1].isalpha()  # "72m2": maybe a length's power, glued
    if end[-1:].isdecimal() and not glued and _PRESENTATION.search(raw) is None:
        return None  # a span ending on its number with no presentation to drop: most spans, without _plain
    tail = _plain(raw).rstrip()
    if not tail or (tail[-1].isdecimal() and not glued and "^" not in tail[-8:]):
        return None  # the common case, a span ending on its number
    return _unit_in(raw, tail)


def _unit_in(raw: str, tail: str) -> Unit | None:
    """The unit ending ``raw``, the last characters of a span, whose presentation is dropped in ``tail``."""
    currency = _CURRENCY_LAST.search(raw)
    own = currency_before(currency["cur"]) if currency is not None else None
    if "每" in tail:  # "每小时72千米": a rate whose unit ends the span
        return _rate_at_end(tail, own)
    m = _AT_END.search(tail)
    if m is None and _NOUN_AFTER_UNIT.search(tail) is not None:
        # "72 m^3的土", "3 L水", "5 m长的绳子": the Chinese noun after the unit is what it measures
        m = _AT_END.search(_NOUN_AFTER_UNIT.sub("", tail))
    unit = _resolve(m, at_end=True) if m is not None else None
    if unit is not None:
        return unit
    return _rate_at_end(tail, own) or (_word_at_end(tail) if own is None else None)


def _rate_at_end(tail: str, own: Unit | None) -> Unit | None:
    m = _RATE_AT_END.search(tail) or _RATE_BEFORE.search(tail)
    if m is None:
        return None
    word, per, sep = m["unit"], m["per"], (m["sep"] or "").strip().lower()
    if sep == "每" and per not in _CHINESE_DENOMINATORS:
        # "每小时行72千米", "每分钟走60米": the time after 每 is the denominator, the verb after it (行,
        # travels) no part of it ("每分米", a decimeter, is no minute)
        per = next(
            (w for w in _CHINESE_DENOMINATOR_WORDS if per.startswith(w) and per[len(w) : len(w) + 1] != "米"),
            None,
        ) or _thing_after_each(per)
    unit = lookup_unit(word) if word else own
    if word and unit is None:
        unit = _word_unit(word)  # "72 beats per minute"
    if sep in ("a", "an", "each") and lookup_unit(per) is None:
        return None  # "$72 a piece": "a" names a rate only before a unit ("$72 a day")
    power = _POWERS.get((m["shape"] or "").strip().lower(), 1)
    return rate(unit, per, power)


# the one character that names the thing a Chinese rate is per, after 每 ("每人分得72元": per person, 人;
# the verb after it, 分得 "gets", is no part of it): a measure word or 人, as the gold writes it after "/"
# ("72元/人")
# (no unit of money, time or measure: "每分米" is per decimeter, "每天" a time the table reads)
_THINGS_PER = frozenset(word for word in CLASSIFIERS if len(word) == 1) - set(
    "元角毛多余打岁天年月日周时分秒米克吨斤升度倍"
)


def _thing_after_each(per: str) -> str:
    """The thing a Chinese rate is per, from the words after 每 up to its amount: ``人分得`` → ``人``,
    ``个人`` (each person) → ``人``, ``箱`` → ``箱``; the words as they stand where they open on no such
    thing."""
    if len(per) > 1 and per[0] == "个" and per[1] in _THINGS_PER:
        per = per[1:]  # "每个人": each (one) person
    return per[0] if len(per) > 1 and per[0] in _THINGS_PER else per


def _word_at_end(tail: str) -> Unit | None:
    m = _WORDS_AT_END.search(tail)
    if m is None:
        return None
    words = m["words"]
    first, _, last = words.partition(" ")
    if last.lower() in _AFTER_UNIT:
        words = first  # "1200 plants each", "72 apples total": the word before the adverb is the unit
    unit = lookup_unit(words)
    if unit is not None or " " in words or "-" in words:
        return unit  # "72 nautical miles", "72 fl oz"; "72 red apples" names no unit
    word = words
    if not m["space"] or len(word) < 2 or not word.isascii() or word.lower() in _NOT_UNITS:
        return None  # variables ("2xy", "72 x"), a Chinese measure word, an adverb ("72 total")
    return _word_unit(word)


# words that end an answer after its number without being its unit
_NOT_UNITS = frozenset(
    """total altogether each apiece only exactly overall respectively left remaining more less fewer units
    unit in is are and or so then now ago later away long high wide tall deep old approximately about roughly
    exact net combined together st nd rd th am pm pi percent times ways sin cos tan log ln exp mod
    per""".split()
    # a scale word is part of the number ("2.5 million" is 2500000), never a unit after it
    + """hundred hundreds thousand thousands million millions billion billions trillion trillions dozen
    lakh lakhs crore crores grand score gross""".split()
)
# adverbs after a unit word that leave it the unit ("1200 plants each", "72 apples total")
_AFTER_UNIT = frozenset(
    "each apiece total altogether overall combined together only exactly left remaining".split()
)
_LETTERS = r"[^\W\d_]+"
_CURRENCY_SIGN = (
    r"\\?\$|[A-Z]{1,3}\$|€|£|¥|￥|₹|₩|₽|(?<![A-Za-z])(?:USD|EUR|GBP|CHF|JPY|INR|CNY|AUD|CAD|Rs\.?)"
)
# the span's last number, with the currency sign before it
_CURRENCY_LAST = lazy_compile(rf"(?P<cur>{_CURRENCY_SIGN})\s*\d[\d.,]*[^\d]*$")
_RATE_SEP = r"(?P<sep>\s*/\s*|\s*每\s*|\s+(?i:per|every|an?|each)\s+)"
_RATE_AT_END = lazy_compile(
    rf"(?<![\d.,])\d(?:[\d.,]*\d)?\s*(?:(?P<unit>{_LETTERS}(?:\s+{_LETTERS})??)\s*)??{_RATE_SEP}"
    rf"(?P<shape>(?i:square|sq\.?|cubic|cu\.?)\s+)?(?P<per>{_LETTERS})\s*[.,;:!。]*\s*$"
)
# "每小时72千米", "每天72元": the Chinese rate names its denominator first
_RATE_BEFORE = lazy_compile(
    rf"(?P<sep>每)\s*(?P<shape>)(?P<per>{_LETTERS}?)\s*\d(?:[\d.,]*\d)?\s*(?P<unit>{_LETTERS})?\s*[.,;:!。]*\s*$"
)
_WORDS_AT_END = lazy_compile(
    rf"(?<![\d.,])\d(?:[\d.,]*\d)?(?P<space>\s*)(?P<words>{_LETTERS}(?:[\s-]{_LETTERS})?)\s*[.,;:!]*\s*$"
)


def unit_at_start(text: str) -> Unit | None:
    """The unit that opens ``text``, what follows an answer on its line (``$45$ km``: `` km``)."""
    head = text[:_TAIL_CHARS].split("\n", 1)[0]
    if not head or (head[0] not in " \t$\\}*_^°º" and not (head[0] == "/" and head[1:2].isalpha())):
        # "45." ends the statement; a unit glued to the number is inside the span already ("/人", "/hour": a
        # rate's denominator after its amount, "72 yuan/人", is read below)
        return None
    # "*3000* m", "*$13$* cm": emphasis and math close before the unit
    plain = _plain(_CLOSERS.sub("", head, count=1))
    rated = _RATE_AT_START.match(plain)  # "\\boxed{72} per hour", "So he earns $72 an hour."
    if rated is None and plain.lstrip()[:1] == "/":
        under = _PER_AFTER_SLASH.match(plain.lstrip())  # "72 yuan/人": a denominator in the languages' words
        return rate(None, under["per"]) if under is not None else None
    if rated is not None:
        unit = lookup_unit(rated["unit"]) if rated["unit"] else None
        if rated["sep"].strip().lower() not in ("a", "an", "each") or lookup_unit(rated["per"]) is not None:
            return rate(unit or (_word_unit(rated["unit"]) if rated["unit"] else None), rated["per"])
    m = _AT_START.match(plain)
    unit = _resolve(m) if m is not None else None
    if unit is not None and ("每" in head or "/" in head):
        # "60 km每小时", "60 km/小时": a Chinese rate names its time after the unit, in the languages' words
        per = _CHINESE_PER_AFTER.match(plain, m.end())  # type: ignore[union-attr]
        if per is not None:
            return rate(unit, per["per"])
    return unit


def rate_opened_before(before: str, value: str, after: str) -> Unit | None:
    """The rate a Chinese statement names before its amount (``每小时60千米``, 60 km an hour;
    ``每千克8.5元``): ``before`` is the text before the amount ``value``, ``after`` what follows it on its
    line; None when no 每 and its denominator stand right before the amount.

    >>> rate_opened_before("速度 is 每小时", "60", " km.").name, rate_opened_before("每人3个, 共", "60", "")
    ('kilometer/hour', None)
    """
    at = before.rfind("每", -12)
    if at < 0:
        return None
    end = _SENTENCE_END.search(after)
    return unit_at_end(before[at:] + value + (after[: end.start()] if end is not None else after))


# the time a Chinese rate is per, after its unit ("km每小时", "km/时")
_CHINESE_PER_AFTER = lazy_compile(
    r"[ \t]*(?:/|每)[ \t]*(?P<per>" + "|".join(_CHINESE_DENOMINATOR_WORDS) + r")(?!米)"
)
_SENTENCE_END = lazy_compile(r"[,;:!?。，；！？\n]|\.(?!\d)")
_PER_AFTER_SLASH = lazy_compile(rf"/[ \t]*(?P<per>{_LETTERS})")
_RATE_AT_START = lazy_compile(
    rf"[ \t]*(?:(?P<unit>{_WORD})\s*)??(?P<sep>\s*/\s*|\s+(?i:per|every|an?|each)\s+)"
    rf"(?P<per>{_WORD})(?![A-Za-z])"
)


# --- a value restated in another unit -----------------------------------------------------------------

# "90 minutes, i.e. 1.5 hours", "250 cm, which is 2.5 m", "2 hours (120 minutes)", "$1.50, or 150 cents":
# one quantity, a joiner that restates it, the quantity in another unit, then the end of the statement
_AMOUNT = (
    # (a CJK character before it is a word's last, "需要1.5小时", not a letter the digits are glued to)
    r"(?:(?P<cur{i}>\\?\$)[ \t]*)?(?<![^\W\u3400-\u9fff\uf900-\ufaff]|[.,/])"
    r"(?P<num{i}>\d+(?:,\d{{3}})*(?:\.\d+)?(?:/[1-9]\d*)?|\.\d+)"
    # (a fraction of one unit: "3/4 of an hour")
    r"(?:[ \t]*(?:of[ \t]+an?[ \t]+)?(?P<unit{i}>[A-Za-z]+(?:[ \t]+[A-Za-z]+)?))?"
)
_RESTATED = lazy_compile(
    _AMOUNT.format(i=1)
    + r"(?P<join>[ \t]*(?:,?[ \t]*(?:i\.[ \t]?e\.,?|that\s+is,?|that's|which\s+is|which\s+equals"
    r"|or(?:\s+equivalently)?|equivalently|in\s+other\s+words,?)|=|\(|[ \t]—|[ \t]--?)[ \t]*"
    # a restatement said to be rounded ("5 km, or about 3.1 miles"): it still rounds only at its places
    rf"(?:(?:{RESTATING_APPROXIMATION})[ \t]+)?)"
    + _AMOUNT.format(i=2)
    # (a compound's smaller part: "200 minutes, or 3 hours 20 minutes")
    + r"(?:[ \t]+(?:and[ \t]+)?(?P<part>\d{1,6})[ \t]*(?P<part_unit>[A-Za-z]+))?"
    # (the restatement ends the statement: a point or comma before a digit is the number's own, "$66.60 less")
    + r"[ \t]*\)?(?=[ \t]*(?:[.,](?!\d)|[;:!]|$))",
    re.MULTILINE | re.IGNORECASE,
)
# the words that may follow a unit in a restatement: what the quantity measures
_MEASURES = frozenset(["", "long", "wide", "tall", "high", "deep", "away", "total", "altogether"])
_MATH_NUMBER = lazy_compile(r"\$(\d[\d,.]*)\$")
# an arithmetic operator right before an amount: the amount is an operand of what the equals sign sums up
_OPERATOR_BEFORE = lazy_compile(
    # (or said in words: "9 times $2 = $18", "the cost multiplied by $2 = $18")
    r"(?:[*×·+/÷−-]|\\times|\\cdot|(?<![A-Za-z])[xX]|\b(?:times|plus|minus|(?:multiplied|divided)\s+by))"
    r"[ \t]*$"
)
# what a joiner holds, looked for before the pattern is run
_RESTATING = lazy_compile(r"i\.e|that|which| or|\(|=|—|-|equivalent|other words", re.IGNORECASE)


@dataclass(frozen=True)
class Restated:
    """Two statements of one quantity in two units: where each value stands (``start``, ``end``, text), and
    whether they are equal once converted."""

    first: tuple[int, int]
    second: tuple[int, int]
    equal: bool
    text: str
    start: int
    first_end: int = 0  # where the first statement, with its unit, ends
    end: int = 0  # where the restatement ends


def restated_around(text: str, start: int, end: int) -> Restated | None:
    """The restatement in another unit (``90 minutes, i.e. 1.5 hours``) one of whose values overlaps
    ``text[start:end]``, within the value's line, or None. Both units must be known and measure the same
    thing (``5 apples, or 10 dollars`` is no restatement); the values' positions are in ``text``.

    >>> t = "The trip takes 90 minutes, i.e. 1.5 hours."
    >>> r = restated_around(t, 32, 35); r.equal, t[slice(*r.first)], t[slice(*r.second)]
    (True, '90', '1.5')
    >>> restated_around("So 90 minutes, i.e. 2 hours.", 20, 21).equal
    False
    >>> restated_around("He walks 3 km, which is 2 km more than Bob.", 9, 10) is None
    True
    >>> restated_around("He pays 3 × $8 = $24.", 18, 20) is None
    True
    >>> restated_around("She earns 9 times $2, which is $18.", 32, 34) is None
    True
    >>> t = "4 pencils cost 4 × 75 = 300 cents, which is $3."
    >>> r = restated_around(t, 24, 27); r.equal, t[slice(*r.first)], t[slice(*r.second)]
    (True, '300', '3')
    """
    lo = text.rfind("\n", max(0, start - 120), start) + 1 or max(0, start - 120)
    line_end = text.find("\n", end, end + 120)
    hi = min(len(text), end + 120) if line_end < 0 else line_end
    if _RESTATING.search(text, lo, hi) is None:
        return None  # the common case: no joiner that restates near the value ("A: 18")
    window = text[lo:hi]
    # emphasis and math delimiters around a number ("*90*", "$90$") become spaces: positions hold
    window = _MATH_NUMBER.sub(lambda m: f" {m[1]} ", window.replace("*", " ").replace("_", " "))
    at = 0
    while (m := _RESTATED.search(window, at)) is not None:
        # the next try starts at this match's second amount: "4 × 75 = 300 cents, which is $3" matches
        # "75 = 300 cents" first (an operand, passed over), and "300 cents" opens the restatement after it
        at = m.start("cur2") if m["cur2"] else m.start("num2")
        a, b = (lo + m.start("num1"), lo + m.end("num1")), (lo + m.start("num2"), lo + m.end("num2"))
        if not any(s < end and start < e for s, e in (a, b)):
            continue
        # (past the lead of a compound the first amount ends: "45 min + 1 h 15 min = 2 hours")
        lead = _COMPOUND_LEAD.search(window, max(0, m.start() - 24), m.start()) if m["unit1"] else None
        operand_at = lead.start() if lead is not None else m.start()
        if _OPERATOR_BEFORE.search(window, max(0, operand_at - 16), operand_at):
            continue  # "3 × $8 = $24", "3 km + 5 km = 8 km": the first amount is an operand, restated by none
        first, second = _amount(m, 1), _amount(m, 2)
        digits = m["num2"]
        if m["part"] and second is not None:
            # "3 hours 20 minutes": the compound, in its smaller unit, is what restates
            second, digits = _compound_of(second, m["part"], m["part_unit"]), m["part"]
            b = (b[0], lo + m.end("part_unit"))
        if first is None or second is None or first.unit is None or second.unit is None:
            continue
        if first.unit.dimension != second.unit.dimension:
            continue
        first_end = lo + max(m.end("num1"), m.end("unit1") if m["unit1"] else 0)
        opened = lo + m.start()
        led = _compound_lead(window, m.start("num1"), first) if not m["cur1"] else None
        if led is not None:  # "5 feet 6 inches, or 66 inches": the first statement is the whole compound
            first, opened = led[0], lo + led[1]
            a = (opened, first_end)
        equal = _same_amount(first, m["num1"], second) or _same_amount(second, digits, first)
        return Restated(a, b, equal, window[opened - lo : m.end()], opened, first_end, lo + m.end())
    return None


# the larger part of a compound right before an amount: "5 feet " before "6 inches", "2 hours and "
_COMPOUND_LEAD = lazy_compile(r"(?<![\w.,])(?P<num>\d{1,6})[ \t]*(?P<unit>[A-Za-z]+)\.?[ \t]+(?:and[ \t]+)?$")


def _compound_lead(window: str, at: int, part: Quantity) -> tuple[Quantity, int] | None:
    """The compound whose last part is ``part``, the amount at ``at`` of ``window`` (``5 feet 6 inches``: 66
    inches), and where it starts; None when no larger whole unit of its dimension stands right before it, or
    the part is no less than one of that unit (``2 hours 75 minutes`` is two quantities)."""
    lead = _COMPOUND_LEAD.search(window, max(0, at - 40), at)
    if lead is None or part.unit is None:
        return None
    unit = lookup_unit(lead["unit"])
    if (
        unit is None
        or unit.dimension != part.unit.dimension
        or unit.factor <= part.unit.factor
        or part.value * part.unit.factor >= unit.factor
    ):
        return None
    whole = Fraction(int(lead["num"])) * unit.factor / part.unit.factor + part.value
    return Quantity(whole, unit=part.unit), lead.start()


def _compound_of(larger: Quantity, part: str, part_unit: str) -> Quantity | None:
    """The compound ``larger`` then ``part`` ``part_unit`` state (``3 hours`` then ``20 minutes``: 200
    minutes), in the smaller unit; None when it is none: no whole number of a larger unit, or a part of
    another dimension or no less than one of the larger unit (``2 hours 75 minutes``).

    >>> str(_compound_of(Quantity(Fraction(3), unit=lookup_unit("hours")), "20", "minutes"))
    '200 minute'
    >>> _compound_of(Quantity(Fraction(2), unit=lookup_unit("hours")), "75", "minutes") is None
    True
    """
    unit = lookup_unit(part_unit)
    value = Fraction(part)
    if (
        unit is None
        or larger.unit is None
        or larger.value.denominator != 1
        or unit.dimension != larger.unit.dimension
        or unit.factor >= larger.unit.factor
        or value * unit.factor >= larger.unit.factor
    ):
        return None
    return Quantity(larger.value * larger.unit.factor / unit.factor + value, unit=unit)


def _same_amount(written: Quantity, digits: str, other: Quantity) -> bool:
    """Whether ``other`` converted to the unit of ``written`` is its value, or rounds to it at the decimal
    places ``digits`` writes (``5 km, or 3.1 miles``); a whole number is exact (``90 minutes, i.e. 2 hours``
    is two values)."""
    assert written.unit is not None and other.unit is not None
    converted = other.base_value / written.unit.factor
    if converted == written.value:
        return True
    places = len(digits.partition(".")[2].rstrip("0"))  # "3.10" is 3.1, as everywhere else
    return places > 0 and abs(converted - written.value) * 2 * 10**places <= 1


def rounded_restatement(a: Quantity, b: Quantity) -> bool:
    """Whether ``a`` and ``b``, in two units of one dimension, state one quantity, one of them rounded at the
    places it writes (``5 km`` and ``3.1 miles``; not ``5 km`` and ``3 miles``: a whole number is exact).

    >>> from rewardkit.numbers import parse_number as q
    >>> rounded_restatement(q("5 km"), q("3.1 miles")), rounded_restatement(q("5 km"), q("3.5 miles"))
    (True, False)
    >>> rounded_restatement(q("5 km"), q("3 miles")), rounded_restatement(q("5 km"), q("5.1 km"))
    (False, False)
    """
    if a.unit is None or b.unit is None or a.unit == b.unit or a.unit.dimension != b.unit.dimension:
        return False
    if a.percent or b.percent:
        return False
    return any(
        written.unit is not None
        and _places(written) > 0
        and abs(other.base_value / written.unit.factor - written.value) * 2 * 10 ** _places(written) <= 1
        for written, other in ((a, b), (b, a))
    )


def rounds_to(exact: Quantity, approximation: Quantity) -> bool:
    """Whether ``approximation`` is ``exact`` rounded (or cut off) at the places it writes, in the same unit:
    ``72`` rounds ``72.4``, ``0.17`` and ``16.7%`` round ``1/6``, ``0.66`` cuts ``2/3`` off; a whole number
    rounds to units, so ``70`` is no rounding of ``72``, and a decimal one unit off in its last place is
    neither (``1/3`` is not ``0.4``).

    >>> from rewardkit.numbers import parse_number as q
    >>> rounds_to(q("72.4"), q("72")), rounds_to(q("1/6"), q("0.17")), rounds_to(q("1/6"), q("16.7%"))
    (True, True, True)
    >>> rounds_to(q("2/3"), q("0.66")), rounds_to(q("72"), q("70")), rounds_to(q("72"), q("71"))
    (True, False, False)
    >>> rounds_to(q("1/3"), q("0.4")), rounds_to(q("-2/3"), q("-0.66")), rounds_to(q("0.71"), q("0.6"))
    (False, True, False)
    """
    if exact.unit != approximation.unit:
        return False
    value = exact.value
    if approximation.percent and not exact.percent:
        value *= 100
    elif exact.percent and not approximation.percent:
        value /= 100
    unit = Fraction(1, 10 ** _places(approximation))
    if abs(value - approximation.value) <= unit / 2:
        return True
    # a decimal may be cut off rather than rounded ("2/3 ≈ 0.66"): the digits past its last place dropped, so
    # it lies between zero and the exact value, less than one unit of that place from it ("1/3 ≈ 0.4" is
    # neither)
    return (
        bool(_places(approximation))
        and abs(approximation.value) <= abs(value) < abs(approximation.value) + unit
        and (value >= 0) == (approximation.value >= 0)
    )


def _places(written: Quantity) -> int:
    """The decimal places a quantity writes, its trailing zeros left off as everywhere else (``3.10`` is
    3.1, ``69.0`` a whole 69); none for a whole number, a fraction or a scaled figure."""
    if written.ulp is None:
        return 0
    places = 0
    while written.ulp * 10**places < 1 and places < 60:
        places += 1
    while places > 0 and (written.value * 10 ** (places - 1)).denominator == 1:
        places -= 1
    return places


def _amount(m: re.Match[str], i: int) -> Quantity | None:
    """The quantity the ``i``-th amount of a restatement states, with the unit its currency sign or its word
    (two words first: ``fl oz``; then one, and a measure after it: ``250 cm long``) names; None when a word
    after it names no unit (``$3 (25 cents each)``: a price per item is no restatement of the total)."""
    value = Fraction(m[f"num{i}"].replace(",", ""))
    unit = currency_before(m[f"cur{i}"].lstrip("\\")) if m[f"cur{i}"] else None
    words = m[f"unit{i}"]
    if words:
        named = lookup_unit(words)
        first, _, second = words.partition(" ")
        if named is None and (
            second.strip().lower() in _MEASURES
            # ("3 hours and 20 minutes": the compound's "and", before its part)
            or (i == 2 and second.lower() == "and" and m.groupdict().get("part"))
        ):
            named = lookup_unit(first)
        if named is None:
            return None
        if named is not None and unit is not None and named.dimension != unit.dimension:
            return None
        unit = named or unit
    return Quantity(value, unit=unit)
