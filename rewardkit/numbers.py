"""Plain-text numbers to exact values.

Covers what graders usually get wrong: thousands separators (``1,000`` ``1 000`` ``1{,}000`` ``1\\,000``)
told apart from lists (``1,2``), decimals, scientific notation, Unicode minus, fractions and mixed numbers
(``2 1/2``, ``\\frac12``), scale words and SI suffixes (``1k``, ``2.5 million``, ``72 grand``), currency (each
its own dimension: ``₹72`` is no ``$72``), percent, per mille and basis points, units after a number, the
words after a value that change it (``72 below zero`` is -72, ``72 Mio.`` is refused), and spelled-out numbers
(``seventy-two``, ``a dozen``, ``two-thirds``).

Everything is exact (:class:`fractions.Fraction`) and nothing here imports sympy: plain numbers must stay on
the fast path.

>>> parse_number("$1,250").value
Fraction(1250, 1)
>>> parse_number("2.5 million").value
Fraction(2500000, 1)
>>> str(parse_number("seventy-two"))
'72'
>>> parse_number("1,2") is None
True
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

from rewardkit.lazy_regex import lazy_compile
from rewardkit.substrings import longest_first

# Digit strings longer than this are refused: a Fraction of a 5000-digit integer is cheap, but a policy
# that learns to print 10^5 digits must not be able to stall the reward loop.
MAX_DIGITS = 2000
MAX_EXPONENT = 400


@dataclass(frozen=True)
class Unit:
    """A unit of measure: values convert to the dimension's base unit by multiplying with ``factor``."""

    name: str
    dimension: str
    factor: Fraction


@dataclass(frozen=True)
class Quantity:
    """A number as written: exact value (scale words applied, percent not), precision, percent, unit.

    ``ulp`` is the place value of the last written digit for numbers written with a fractional part
    (``3.14`` -> 1/100); it is None for numbers written exactly (integers, fractions, words, scale words).
    ``leading`` is the largest unit of a compound (``2 hours 30 minutes`` is 150 minutes led by the hour),
    None for a quantity said in one unit: a bare gold equals the compound in either unit it names.
    """

    value: Fraction
    ulp: Fraction | None = None
    percent: bool = False
    unit: Unit | None = None
    decimals: int = 0
    leading: Unit | None = field(default=None, repr=False)

    @property
    def in_leading_unit(self) -> Quantity | None:
        """A compound stated in its largest unit (``2 hours 30 minutes`` as 5/2 hours); None for a quantity
        said in one unit.

        >>> str(parse_number("1 hour 20 minutes").in_leading_unit), parse_number("80 minutes").in_leading_unit
        ('4/3 hour', None)
        """
        if self.leading is None or self.unit is None:
            return None
        return Quantity(self.base_value / self.leading.factor, None, self.percent, self.leading)

    @property
    def base_value(self) -> Fraction:
        """The value in the base unit of its dimension (the value itself when unitless)."""
        return self.value * self.unit.factor if self.unit is not None else self.value

    def __str__(self) -> str:
        if self.unit is None and not self.percent:
            return format_fraction(self.value)  # a bare number, the common case
        if self.unit is not None and self.unit.dimension == "clock":
            minutes = int(self.value)
            return f"{minutes // 60}:{minutes % 60:02d}" + (
                " (12-hour)" if self.unit.name.endswith(")") else ""
            )
        if self.unit is not None and self.unit.dimension == "ratio":
            return f"{self.value.numerator}:{self.value.denominator}"
        text = format_fraction(self.value)
        if self.percent:
            text += "%"
        if self.unit is not None:
            text += " " + self.unit.name
        leading = self.in_leading_unit
        if leading is not None:
            text += f" ({leading})"  # "150 minute (2.5 hour)": the compound in both units it names
        return text


# A time of day is minutes since midnight. Written with a.m./p.m. or on the 24-hour clock it is exact
# ("clock"); "7:40" alone could be morning or evening ("clock12", minutes modulo 12 hours) and matches either.
CLOCK = Unit("time of day", "clock", Fraction(1))
CLOCK_12 = Unit("time of day (12-hour)", "clock", Fraction(1))
# a ratio a:b is the value a/b, equal by proportion (6:4 = 3:2), and only ever to another ratio
RATIO = Unit("ratio", "ratio", Fraction(1))
# an ordinal ("the 72nd") names a place in an order: its number answers a bare gold, never a quantity of a
# unit or a percent ("72 days", "$72", "72%")
ORDINAL = Unit("ordinal", "ordinal", Fraction(1))

# "a.m.", "PM", "\\text{ p.m.}" after a time: one group, "mer", holds its a or p
MERIDIEM = r"(?:(?:\\text\{\s*)?(?P<mer>[aApP])\.?\s*[mM]\.?(?:\s*\})?(?![A-Za-z]))"
_CLOCK_TIME = lazy_compile(rf"(?P<h>\d{{1,2}}):(?P<m>[0-5]\d)(?::(?P<s>[0-5]\d))?\s*{MERIDIEM}?")
# "3 p.m.", "3pm", "12 a.m.": an hour of the 12-hour clock with no minutes, after words that lead to it
_HOUR_OF_DAY = lazy_compile(rf"[^\d:\-−]*?(?<![\d.,])(?P<h>\d{{1,2}})\s*{MERIDIEM}[\s.]*")
_RATIO = lazy_compile(r"(?P<a>\d{1,12}(?:\.\d{1,12})?)\s*:\s*(?P<b>\d{1,12}(?:\.\d{1,12})?)")


def clock_or_ratio(text: str) -> Quantity | None:
    """``7:40 p.m.`` / ``19:40`` as a time of day, ``5:2`` as a ratio, when that is the whole of ``text``.

    >>> clock_or_ratio("7:40 p.m.") == clock_or_ratio("19:40"), str(clock_or_ratio("6:4").value)
    (True, '3/2')
    """
    m = _CLOCK_TIME.fullmatch(text)
    if m is not None:
        hours, minutes = int(m["h"]), int(m["m"]) + Fraction(int(m["s"] or 0), 60)
        meridiem = (m["mer"] or "").lower()
        if hours > 24 or (meridiem and not 1 <= hours <= 12):
            return None
        if meridiem:
            hours = hours % 12 + (12 if meridiem == "p" else 0)
            return Quantity(hours * 60 + minutes, unit=CLOCK)
        if hours == 0 or hours > 12:
            return Quantity(hours % 24 * 60 + minutes, unit=CLOCK)
        return Quantity(hours % 12 * 60 + minutes, unit=CLOCK_12)
    m = _RATIO.fullmatch(text)
    if m is not None:
        a, b = Fraction(m["a"]), Fraction(m["b"])
        return Quantity(a / b, unit=RATIO) if b else None
    return None


def clock_before_event(text: str) -> Quantity | None:
    """A time of day followed by what happens at it, in a language written without spaces (``3:15 出发``,
    ``他们在 15:15 到达学校``: the Chinese reading leaves its verb after the time), when that is the whole
    of ``text``; None otherwise. A bound, a negation or a question said around the time (``3:15 以后``,
    ``3:15前``, ``不早于 3:15``, ``3:15 不能出发``) leaves it unread, as does anything in letters (``3:15 or
    3:45``).

    >>> str(clock_before_event("他们在 15:15 到达学校")), clock_before_event("3:15 以后出发")
    ('15:15', None)
    """
    m = _CLOCK_THEN_EVENT.fullmatch(text)
    if m is None or m["event"].startswith(_BOUND_AFTER_TIME) or _NOT_AT_THE_TIME.search(m["event"]):
        return None
    if _NOT_AT_THE_TIME.search(_PART_OF_DAY_WORDS.sub("", m["lead"])):
        return None
    time = clock_or_ratio(m["time"])
    return time if time is not None and time.unit is not None and time.unit.dimension == "clock" else None


# the words before a time (no number, nothing in letters: "答: " of a boxed statement may stand there), the
# time, and the verb phrase after it (ideographs only: its words of commitment have been read into English by
# then, and English after a time is no verb phrase of this kind)
_CLOCK_THEN_EVENT = lazy_compile(
    r"(?P<lead>[^\dA-Za-z]{0,16}?)(?P<time>\d{1,2}:[0-5]\d)[ \t]*"
    r"(?P<event>[\u3400-\u9fff\uf900-\ufaff]{1,16})[ \t.!。]*"
)
# a negation, a bound, an extreme or a doubt said of the time ("不", "最晚", "早于", "前", "后", "约")
_NOT_AT_THE_TIME = lazy_compile("[不没未非无别最早晚约前后或]")
# "3:15以后", "3:15之前", "3:15起", "3:15多": before, after, from or past the time, no time itself
_BOUND_AFTER_TIME = ("以", "之", "起", "多")
_PART_OF_DAY_WORDS = lazy_compile("上午|早上|早晨|凌晨|中午|下午|傍晚|晚上")


def hour_of_day(text: str) -> Quantity | None:
    """``3 p.m.``, ``3pm``, ``12 a.m.`` as a time of day, when an hour with a.m./p.m. is all of ``text``.
    Only a time gold reads a prediction this way: against a bare number the hour stays unread.

    >>> hour_of_day("3 p.m.") == clock_or_ratio("15:00"), hour_of_day("12 a.m.") == clock_or_ratio("0:00")
    (True, True)
    >>> hour_of_day("13 p.m.") is None, hour_of_day("3 pmol") is None, hour_of_day("2.3 pm") is None
    (True, True, True)
    """
    m = _HOUR_OF_DAY.fullmatch(text)
    if m is None or not 1 <= int(m["h"]) <= 12:
        return None
    hours = int(m["h"]) % 12 + (12 if m["mer"].lower() == "p" else 0)
    return Quantity(Fraction(hours * 60), unit=CLOCK)


# the half of the day said in words after a time, in English and the languages read: "3:30 in the afternoon",
# "3:30 de la tarde", "7 h du matin", "8 Uhr abends", "5 часов вечера"
_MORNING = (
    r"in\s+the\s+morning|de\s+la\s+(?:mañana|madrugada)|du\s+matin|(?:am\s+)?(?:morgens|vormittags|früh)|"
    r"am\s+(?:Morgen|Vormittag)|утра|ночи|di\s+mattina|del\s+mattino|della\s+mattina|da\s+(?:manhã|madrugada)"
)
_EVENING = (
    r"in\s+the\s+(?:afternoon|evening)|de\s+la\s+(?:tarde|noche)|de\s+l['’]après-midi|du\s+soir|"
    r"(?:am\s+)?(?:nachmittags|abends)|am\s+(?:Nachmittag|Abend)|дня|вечера|del\s+pomeriggio|di\s+sera|"
    r"della\s+sera|da\s+(?:tarde|noite)"
)
PART_OF_DAY = rf"(?:{_MORNING}|{_EVENING})(?![^\W\d_])"
# the words before the time: any but those that move it ("quarter to 9", "10 minutes past 9")
_PLAIN_LEAD = r"(?:(?!\b(?:to|till?|before|past|after|half|quarter|minutes?|mins?)\b)[^\d:])*?"
_PART_OF_DAY_TIME = lazy_compile(
    rf"{_PLAIN_LEAD}(?<![\d.,])(?P<h>\d{{1,2}})(?:\s*(?::|h|Uhr)\s*(?P<m>[0-5]\d))?"
    r"\s*(?:o['’]clock|Uhr|h|hours?|час(?:а|ов)?)?\s*"
    rf"(?:(?P<am>{_MORNING})|(?P<pm>{_EVENING}))(?![^\W\d_])[\s.]*",
    re.IGNORECASE,
)
# "15 h 30", "15h30", "8 Uhr 15": the 24-hour clock as French and German write it
_H_CLOCK = lazy_compile(rf"{_PLAIN_LEAD}(?<![\d.,])(?P<h>\d{{1,2}})\s*(?:h|Uhr)\s*(?P<m>[0-5]\d)[\s.]*")


def spoken_time_of_day(text: str) -> Quantity | None:
    """A time of day whose half of the day is said in words (``3:30 in the afternoon``, ``3:30 de la tarde``),
    or written as French and German write the 24-hour clock (``15 h 30``), when that is the whole of
    ``text``; None otherwise. Read only against a time gold.

    >>> str(spoken_time_of_day("A las 3:30 de la tarde")), str(spoken_time_of_day("15 h 30"))
    ('15:30', '15:30')
    >>> spoken_time_of_day("13:30 in the morning") is None, str(spoken_time_of_day("at 7 in the morning"))
    (True, '7:00')
    """
    m = _PART_OF_DAY_TIME.fullmatch(text)
    if m is not None:
        hours, minutes = int(m["h"]), int(m["m"] or 0)
        if not 1 <= hours <= 12:
            return None
        return Quantity(Fraction((hours % 12 + (12 if m["pm"] else 0)) * 60 + minutes), unit=CLOCK)
    m = _H_CLOCK.fullmatch(text)
    if m is not None and int(m["h"]) <= 24:
        hours, minutes = int(m["h"]), int(m["m"])
        unit = CLOCK if hours == 0 or hours > 12 else CLOCK_12
        return Quantity(Fraction(hours % 24 * 60 + minutes), unit=unit)
    return None


# A numeral written with its base: ``1011_2``, ``2045_{6}``, ``A3_{16}``, in math delimiters or not, once its
# letter digits are out of their ``\text`` wrappers (``\text{A3}_{16}``, ``\text{B}2_{12}``).
_BASED_NUMERAL = lazy_compile(r"[\s$]*([0-9A-Za-z]{1,64})\s*_\s*\{?\s*\(?\s*(\d{1,2})\s*\)?\s*\}?[\s$.]*")
_BARE_DIGITS = lazy_compile(r"[\s$]*([0-9A-Z]{1,64})[\s$.]*")
_DIGITS_WRAPPER = lazy_compile(r"\\(?:text|mathrm)\s*\{\s*([0-9A-Za-z]{1,64})\s*\}")


def numeral_in_base(text: str) -> tuple[str, int] | None:
    """The digits and base of a numeral written with a base subscript, or None.

    >>> [numeral_in_base(t) for t in ("1011_2", "$2045_{6}$", "11", "7_{10}", "\\\\text{B}2_{12}")]
    [('1011', 2), ('2045', 6), None, ('7', 10), ('B2', 12)]
    """
    if "_" not in text:
        return None
    if "\\" in text:
        text = _DIGITS_WRAPPER.sub(r"\1", text)
    m = _BASED_NUMERAL.fullmatch(text)
    if m is None or not 2 <= int(m.group(2)) <= 36:
        return None
    return m.group(1).upper().lstrip("0") or "0", int(m.group(2))


def same_numeral(answer: str, digits: str, base: int) -> bool:
    """Whether ``answer`` writes the numeral ``digits`` in ``base``: a gold written in a base asks for the
    answer in that base, so its value in base ten, in another base or as an expression is another answer
    (``11``, ``13_8``, ``2^3+3`` against ``1011_2``), while its bare digits (``1011``) are the numeral with
    the subscript left off.

    >>> same_numeral("1011", "1011", 2), same_numeral("11", "1011", 2), same_numeral("13_8", "1011", 2)
    (True, False, False)
    """
    written = numeral_in_base(answer)
    if written is not None:
        return written == (digits, base)
    if "\\" in answer:
        answer = _DIGITS_WRAPPER.sub(r"\1", answer)
    m = _BARE_DIGITS.fullmatch(answer)
    return m is not None and (m.group(1).lstrip("0") or "0") == digits


def same_clock_time(a: Quantity, b: Quantity) -> bool:
    """Two times of day name the same moment (a 12-hour reading matches either half of the day)."""
    if a.unit is CLOCK_12 or b.unit is CLOCK_12:
        return a.value % 720 == b.value % 720
    return a.value == b.value


def same_quantity(a: Quantity, b: Quantity) -> bool:
    """Whether two quantities read from one answer say the same thing (``2.5 hours`` and ``150 minutes``)."""
    if a.unit is not None and b.unit is not None and a.unit.dimension == b.unit.dimension:
        return a.base_value == b.base_value and a.percent == b.percent
    return a.value == b.value and a.percent == b.percent


def same_share(a: Quantity, b: Quantity) -> bool:
    """Whether two plain quantities state one share, one of them as a percentage and exactly equal, so that
    either restates the other (``2/5`` and ``40%``, ``0.25`` and ``25 percent``; not ``1/3`` and ``33%``, a
    rounding, nor ``2/5`` and ``45%``).

    >>> from fractions import Fraction as F
    >>> same_share(Quantity(F(2, 5)), Quantity(F(40), percent=True))
    True
    >>> same_share(Quantity(F(1, 3)), Quantity(F(33), percent=True))
    False
    """
    if a.unit is not None or b.unit is not None or a.percent == b.percent:
        return False
    fraction, percent = (b, a) if a.percent else (a, b)
    return fraction.value * 100 == percent.value


def format_fraction(value: Fraction) -> str:
    """Shortest exact decimal for terminating values, ``p/q`` otherwise.

    >>> format_fraction(Fraction(5, 2)), format_fraction(Fraction(1, 3)), format_fraction(Fraction(-72))
    ('2.5', '1/3', '-72')
    """
    if value.denominator == 1:
        return str(value.numerator)
    den = value.denominator
    # the factors 2 and 5 of the denominator, counted without dividing them out one at a time: a decimal
    # written with 700 places has a denominator of 700 of each, and 1,400 divisions of a 1,600-bit number
    # took 1.5 ms (a test checks the counts against the divisions)
    twos = (den & -den).bit_length() - 1
    den >>= twos
    fives = _power_of_five(den)
    if fives is None:
        return f"{value.numerator}/{value.denominator}"
    places = max(twos, fives)
    scaled = abs(value.numerator) * (10**places // value.denominator)
    digits = str(scaled).rjust(places + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


_LOG2_5 = math.log2(5)


def _power_of_five(n: int) -> int | None:
    """``k`` when ``n`` is ``5 ** k``, else None (``n`` positive).

    >>> _power_of_five(1), _power_of_five(125), _power_of_five(120)
    (0, 3, None)
    """
    if n == 1:
        return 0
    if n % 5:
        return None
    # 5**k has floor(k * log2(5)) + 1 bits: k is within one of the estimate
    guess = round((n.bit_length() - 1) / _LOG2_5)
    for k in (guess, guess + 1, guess - 1):
        if k > 0 and 5**k == n:
            return k
    return None


# --- units -------------------------------------------------------------------------------------------


def _units() -> dict[str, Unit]:
    """Spelling -> Unit. Abbreviations are case-sensitive (``m`` metre vs ``M`` million); words are not."""
    table: list[tuple[str, Fraction | int, tuple[str, ...]]] = []

    def add(dimension: str, name: str, factor: Fraction | int, spellings: tuple[str, ...]) -> None:
        table.append((dimension, factor, (name, *spellings)))

    # time (base: second). Months and years are calendar units with no exact day count: own dimension.
    add("time", "nanosecond", Fraction(1, 10**9), ("nanoseconds", "ns"))
    add("time", "microsecond", Fraction(1, 10**6), ("microseconds", "μs", "µs"))
    add("time", "millisecond", Fraction(1, 1000), ("milliseconds", "ms", "msec"))
    add("time", "second", 1, ("seconds", "sec", "secs", "s"))
    add("time", "minute", 60, ("minutes", "min", "mins"))
    add("time", "hour", 3600, ("hours", "hr", "hrs", "h"))
    add("time", "day", 86400, ("days",))
    add("time", "week", 604800, ("weeks", "wk", "wks"))
    add("calendar", "month", 1, ("months",))
    add("calendar", "year", 12, ("years", "yr", "yrs"))
    add("calendar", "decade", 120, ("decades",))
    add("calendar", "century", 1200, ("centuries",))
    # length (base: metre); imperial units by their exact definitions
    add("length", "nanometer", Fraction(1, 10**9), ("nanometers", "nanometre", "nanometres", "nm"))
    add("length", "micrometer", Fraction(1, 10**6), ("micrometers", "micrometres", "microns", "μm", "µm"))
    add("length", "millimeter", Fraction(1, 1000), ("millimeters", "millimetre", "millimetres", "mm"))
    add("length", "centimeter", Fraction(1, 100), ("centimeters", "centimetre", "centimetres", "cm"))
    add("length", "decimeter", Fraction(1, 10), ("decimeters", "decimetre", "decimetres", "dm"))
    add("length", "meter", 1, ("meters", "metre", "metres", "m"))
    add("length", "kilometer", 1000, ("kilometers", "kilometre", "kilometres", "km"))
    add("length", "inch", Fraction(254, 10000), ("inches",))  # not "in": "5 in total"
    add("length", "foot", Fraction(3048, 10000), ("feet", "ft"))
    add("length", "yard", Fraction(9144, 10000), ("yards", "yd", "yds"))
    add("length", "mile", Fraction(1609344, 1000), ("miles", "mi"))
    add("length", "furlong", Fraction(201168, 1000), ("furlongs",))
    add("length", "nautical mile", 1852, ("nautical miles", "nmi"))
    add("length", "light-year", 9460730472580800, ("light-years", "light year", "light years"))
    # mass (base: gram)
    add("mass", "milligram", Fraction(1, 1000), ("milligrams", "mg"))
    add("mass", "gram", 1, ("grams", "g"))
    add("mass", "kilogram", 1000, ("kilograms", "kg", "kgs"))
    add("mass", "ounce", Fraction(28349523125, 10**9), ("ounces", "oz"))
    add("mass", "pound", Fraction(45359237, 10**5), ("pounds", "lb", "lbs"))
    add("mass", "tonne", 10**6, ("tonnes", "metric ton", "metric tons"))
    add("mass", "stone", Fraction(635029318, 10**5), ("stones",))
    add("mass", "carat", Fraction(1, 5), ("carats",))
    # a ton is a short, long or metric ton by country: it equals only a ton
    add("ton", "ton", 1, ("tons",))
    add("mass", "jin", 500, ("jins", "catty", "catties"))  # the market jin (市斤) of Chinese answers
    # volume (base: millilitre); US customary
    add("volume", "milliliter", 1, ("milliliters", "millilitre", "millilitres", "ml", "mL"))
    add("volume", "liter", 1000, ("liters", "litre", "litres", "l", "L"))
    add("volume", "fluid ounce", Fraction(295735295625, 10**10), ("fluid ounces", "fl oz", "fl. oz"))
    add("volume", "teaspoon", Fraction(492892159375, 10**11), ("teaspoons", "tsp"))
    add("volume", "tablespoon", Fraction(1478676478125, 10**11), ("tablespoons", "tbsp"))
    add("volume", "cup", Fraction(2365882365, 10**7), ("cups",))
    add("volume", "pint", Fraction(473176473, 10**6), ("pints", "pt"))
    add("volume", "quart", Fraction(946352946, 10**6), ("quarts", "qt"))
    add("volume", "gallon", Fraction(3785411784, 10**6), ("gallons", "gal"))
    # data (base: bit); kB and KB are both 1000 bytes, the binary multiples are spelled KiB, MiB, …
    add("data", "bit", 1, ("bits",))
    add("data", "byte", 8, ("bytes",))
    for i, (prefix, short) in enumerate((("kilo", "k"), ("mega", "M"), ("giga", "G"), ("tera", "T")), 1):
        add("data", f"{prefix}bit", 1000**i, (f"{prefix}bits", f"{short}bit", f"{short.upper()}b"))
        add("data", f"{prefix}byte", 8 * 1000**i, (f"{prefix}bytes", f"{short}B", f"{short.upper()}B"))
        binary = f"{short.upper()}iB"
        add("data", binary, 8 * 1024**i, (f"{prefix[:2]}bibyte", f"{prefix[:2]}bibytes"))
    add("data", "petabyte", 8 * 1000**5, ("petabytes", "PB"))
    # frequency (base: hertz), energy (base: joule), power (base: watt), pressure (base: pascal), force,
    # electric charge (base: ampere-hour)
    add("frequency", "hertz", 1, ("Hz",))
    add("frequency", "kilohertz", 10**3, ("kHz",))
    add("frequency", "megahertz", 10**6, ("MHz",))
    add("frequency", "gigahertz", 10**9, ("GHz",))
    add("energy", "joule", 1, ("joules",))
    add("energy", "kilojoule", 10**3, ("kilojoules", "kJ"))
    add("energy", "megajoule", 10**6, ("megajoules", "MJ"))
    add("energy", "calorie", Fraction(4184, 1000), ("calories", "cal"))
    add("energy", "kilocalorie", 4184, ("kilocalories", "kcal", "Cal"))
    add("energy", "watt-hour", 3600, ("watt-hours", "watt hour", "watt hours", "Wh"))
    add("energy", "kilowatt-hour", 3600 * 10**3, ("kilowatt-hours", "kilowatt hour", "kilowatt hours", "kWh"))
    add("energy", "megawatt-hour", 3600 * 10**6, ("megawatt-hours", "MWh"))
    add("power", "watt", 1, ("watts",))
    add("power", "kilowatt", 10**3, ("kilowatts", "kW"))
    add("power", "megawatt", 10**6, ("megawatts", "MW"))
    add("power", "horsepower", Fraction(745699872, 10**6), ("hp",))
    add("pressure", "pascal", 1, ("pascals", "Pa"))
    add("pressure", "kilopascal", 10**3, ("kilopascals", "kPa"))
    add("pressure", "megapascal", 10**6, ("megapascals", "MPa"))
    add("pressure", "bar", 10**5, ())  # not "bars": "72 bars" of chocolate
    add("pressure", "atmosphere", 101325, ("atmospheres", "atm"))
    add("pressure", "psi", Fraction(8896443230521, 1290320000), ())
    add("pressure", "millimeter of mercury", Fraction(133322387415, 10**9), ("mmHg", "mm Hg"))
    add("pressure", "torr", Fraction(101325, 760), ())
    add("force", "newton", 1, ("newtons",))
    add("torque", "newton-meter", 1, ("newton-meters", "Nm", "N·m"))
    add("charge", "ampere-hour", 1, ("ampere-hours", "Ah"))
    add("charge", "milliampere-hour", Fraction(1, 1000), ("milliampere-hours", "mAh"))
    # area (base: square metre, the dimension "square units" of stated_units have)
    add("length^2", "acre", Fraction(40468564224, 10**7), ("acres",))
    add("length^2", "hectare", 10**4, ("hectares", "ha"))
    add("length^2", "mu", Fraction(2000, 3), ())  # the Chinese 亩, a fifteenth of a hectare
    # temperatures are not multiples of one another (0 °C is 32 °F): each scale is its own dimension, so
    # "30 °F" never equals "30 °C", and nothing converts between them
    add("celsius", "°C", 1, ("℃", "degrees celsius", "degree celsius", "celsius"))
    add("fahrenheit", "°F", 1, ("℉", "degrees fahrenheit", "degree fahrenheit", "fahrenheit"))
    add("kelvin", "kelvin", 1, ("kelvins",))
    # money (base: US cent)
    add("usd", "dollar", 100, ("dollars", "usd", "USD", "bucks", "buck"))
    add("usd", "cent", 1, ("cents", "¢"))
    add("eur", "euro", 1, ("euros", "EUR", "€"))
    add("gbp", "pound sterling", 100, ("GBP", "£"))
    add("gbp", "penny", 1, ("pence",))  # not "pennies": a US penny is a cent
    add("cny", "yuan", 10, ("CNY", "RMB", "renminbi", "¥", "￥"))  # ¥ before a number: yuan, as in 72元
    add("cny", "jiao", 1, ())
    add("cny", "fen", Fraction(1, 10), ())
    # other currencies: each its own dimension, so a price in one never pays a gold in another
    add("jpy", "yen", 1, ("JPY", "円"))
    add("inr", "rupee", 1, ("rupees", "INR", "₹", "Rs"))
    add("krw", "won", 1, ("KRW", "₩"))
    add("chf", "Swiss franc", 1, ("Swiss francs", "CHF"))
    add("peso", "peso", 1, ("pesos", "MXN"))
    add("brl", "Brazilian real", 1, ("reais", "BRL", "R$"))
    add("rub", "ruble", 1, ("rubles", "rouble", "roubles", "RUB", "₽"))
    for code, name in (("AUD", "A"), ("CAD", "C"), ("HKD", "HK"), ("NZD", "NZ"), ("SGD", "S")):
        add(code.lower(), f"{code[:2]} dollar", 100, (code, f"{name}$"))

    units: dict[str, Unit] = {}
    for dimension, factor, spellings in table:
        unit = Unit(spellings[0], dimension, Fraction(factor))
        for spelling in spellings:
            units[spelling] = unit
    return units


UNITS = _units()
# the dimensions of money: a currency after a number is read by the number reader, with its sign
CURRENCIES = frozenset("usd eur gbp cny jpy inr krw chf peso brl rub aud cad hkd nzd sgd".split())
_WORDS_OF_THREE = ("min", "sec", "day", "cup", "usd", "yen", "won", "bit", "ton", "psi", "atm", "bar")
_CASE_SENSITIVE = {s for s in UNITS if len(s) <= 3 and s not in _WORDS_OF_THREE}
_UNITS_FOLDED = {s.lower(): u for s, u in UNITS.items() if s not in _CASE_SENSITIVE}


def lookup_unit(word: str) -> Unit | None:
    """The unit a spelling names, or None.

    >>> lookup_unit("Hours").name, lookup_unit("m").name, lookup_unit("M")
    ('hour', 'meter', None)
    """
    if word in _CASE_SENSITIVE:
        return UNITS[word]
    return _UNITS_FOLDED.get(word.lower())


# no letter of an alphabet next: "12 Mädchen" is 12 (no M for million), "18 días" no 18 d; a superscript or a
# vulgar fraction is no letter ("m²" keeps its unit), and a script written without spaces starts a word of its
# own ("72 km每小时")
NO_LETTER_NEXT = (
    r"(?!(?![\u00b2\u00b3\u00b9\u00bc-\u00be\u2070-\u209f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff])"
    r"[^\W\d_])"
)

# letters of other scripts drawn as a digit: Cyrillic З з (3), О о (0), б (6), І і Ӏ ӏ (1), Greek Ο ο (0),
# Ι (1), Armenian Օ օ (0). Glued to digits they spell a look-alike of another number ("1З" is drawn as 13),
# never the digits alone; a unit of the script ("5км", "3ч") is none of them
DIGIT_LOOKALIKES = "ЗзОоб\u0406\u0456\u04c0\u04cfΟοΙՕօ"
# (or glued by a point or comma: "О.5", "1,ООО", the letter standing alone)
_GLUED_LOOKALIKE = lazy_compile(
    rf"\d[{DIGIT_LOOKALIKES}]|[{DIGIT_LOOKALIKES}]\d|"
    rf"\d[.,][{DIGIT_LOOKALIKES}](?![^\W\d_])|(?<![^\W\d_])[{DIGIT_LOOKALIKES}][.,]\d"
)


def glued_lookalike(text: str) -> str | None:
    """The digit and the look-alike of one glued to it in ``text`` (``1З``), or None.

    >>> glued_lookalike("1З"), glued_lookalike("5км"), glued_lookalike("72"), glued_lookalike("О.5")
    ('1З', None, None, 'О.5')
    """
    if text.isascii():
        return None
    m = _GLUED_LOOKALIKE.search(text)
    return m.group() if m is not None else None


_UNIT_WORDS = [s for s in UNITS if s not in ("¢",)]
_UNIT_RE_TEXT = (
    r"(?:(?-i:"
    + longest_first(sorted(_CASE_SENSITIVE))
    + r")|(?i:"
    + longest_first([s for s in _UNIT_WORDS if s not in _CASE_SENSITIVE])
    + r"))"
    + NO_LETTER_NEXT
    + "|¢"
)

# the regex text of a unit's spelling after a number, for the readers of phrases around values
UNIT_PATTERN = _UNIT_RE_TEXT

# --- numerals ----------------------------------------------------------------------------------------

# what a scale word or suffix after a numeral multiplies it by ("2.5 million", "3k", "3 dozen")
_SCALE_MULTIPLIERS = {
    "hundred": 10**2,
    "thousand": 10**3,
    "million": 10**6,
    "billion": 10**9,
    "trillion": 10**12,
    "lakh": 10**5,
    "lakhs": 10**5,
    "crore": 10**7,
    "crores": 10**7,
    "grand": 10**3,
    "score": 20,
    "gross": 144,
    "k": 10**3,
    "dozen": 12,
    # the plural that English writes only for a count of the unit ("hundreds of"), and that text translated
    # from languages that write it ("72 milliers", "72 тысяч") keeps: "72 thousands" is 72000, never 72.
    # Not "dozens": "7 dozens of eggs" answers how many dozens (real completions write it so)
    "hundreds": 10**2,
    "thousands": 10**3,
    "millions": 10**6,
    "billions": 10**9,
    "trillions": 10**12,
    # "72 tens" is 720, as place value names it
    "tens": 10,
    "K": 10**3,
    "M": 10**6,
    "mn": 10**6,
    "B": 10**9,
    "bn": 10**9,
}

_NUMERAL = (
    r"""
(?P<sign>[-−–+])?\s*
(?P<cur>\\\$|[A-Z]{1,3}\$(?=\s?\d)|\$|€|£|¥|￥|₹|₩|₽|(?-i:USD|EUR|GBP|CHF|JPY|INR|CNY|AUD|CAD|Rs\.?)\s?)?\s*
(?P<sign2>[-−–])?
(?:
    # (a point or a comma closes a fraction unless a digit follows it: "2/5, which is 40%", not "1/2,5")
    (?P<mixed_whole>\d{1,9})\s+(?P<mixed_num>\d{1,9})\s*/\s*(?P<mixed_den>\d{1,9})(?![\d/]|[.,]\d)
  | (?P<fnum>\d{1,30})\s*/\s*(?P<fden>\d{1,30})(?![\d/]|[.,]\d)
  | \\[dt]?frac\s*(?:\{\s*(?P<lnum>\d+)\s*\}|(?P<lnum1>\d))\s*(?:\{\s*(?P<lden>\d+)\s*\}|(?P<lden1>\d))
  | (?P<int>(?!0\D)  # "0,111" is no thousands grouping
          # (the apostrophe, straight or typographic, groups thousands in Switzerland and Liechtenstein:
          # "60'000", "1’250.50"; no country writes a decimal with it, so it is read in every language)
          \d{1,3}(?:(?P<sep>,|\{,\}|\\,|\\\ |\\;|[\ \u00a0\u202f\u2009'’])\d{3})(?:(?P=sep)\d{3})*(?![\d])
          # points before two groups of three or more, "1.000.000": no number has two decimal points, so they
          # separate thousands, in every language
          |[1-9]\d{0,2}(?:\.\d{3}){2,}(?![\d,]|\.\d)
          # the Indian grouping: lakhs and crores in pairs before the last three digits, "12,50,000"
          |\d{1,2}(?:,\d{2})+,\d{3}(?![\d])
          |\d+)?
    (?:\.(?P<frac>\d+))?
    (?:[eE](?P<exp>[-−+]?\d{1,4})(?![\d])
      |\s*(?:\\times|\\cdot|×|\*|[xX])\s*10\s*\^\s*(?:\{\s*(?P<exp2>[-−+]?\d{1,4})\s*\}|(?P<exp3>[-−+]?\d{1,4}))
    )?
)
# ("7 hundred thousand" is 700000, never 700)
(?:\s*(?P<scale>(?i:hundred[\ \t]+(?:thousand|million|billion|trillion)s?
                 |(?:hundred|thousand|million|billion|trillion)s?|dozen|lakhs?|crores?|grand|score|gross|tens)(?&no_letter)
                |(?-i:[kKMB]|bn|mn)(?&no_letter))
)?
(?:\s*(?P<pct>%|\\%|(?i:percent|per\ cent|pct|per\s+(?:one\s+)?hundred)(?&no_letter))
  |\s*(?P<permille>‰|(?i:per\s?mille|per\s+(?:one\s+)?thousand)(?&no_letter))
  |\s*(?P<bp>‱|(?i:basis\s+points?|bps?|per\s+ten\s+thousand)(?&no_letter))
  |\s*(?i:per)\s+(?P<per_ten>10{2,9}|1(?:,000){1,3}|10,000|100,000)(?!\d|[.,]\d)
)?
(?:\s*(?P<temperature>(?:°|º|\\circ|\^\s*\{?\s*\\circ\s*\}?|degrees?\s+)\s*(?:\\text\{\s*)?(?P<scale_letter>[CFK])\b\}?)
  |\s*(?P<unit>"""
    + _UNIT_RE_TEXT
    + r""")(?:\s*\^\s*\{?\s*(?P<unit_power>[23])\s*\}?
            # a length's power glued to it, the exponent not raised: "72m2", "27 cm3" (not "5ft2", 5 ft 2 in)
            |(?:(?<=(?<![A-Za-z])m)|(?<=(?<![A-Za-z])(?:mm|cm|dm|km|yd|mi)))(?P<glued_power>[23])(?![\w]|[.,]\d)
    )?)?
"""
)

NUMERAL_RE = lazy_compile(_NUMERAL.replace("(?&no_letter)", NO_LETTER_NEXT), re.VERBOSE)

_MINUS = "-−–"
_new_instance = object.__new__
_set_attribute = object.__setattr__


def plain_quantity(m: re.Match[str]) -> Quantity:
    """Quantity of a match whose group 1 is a plain decimal numeral like ``-1,250.50`` (fast path)."""
    text = m.group(1).replace(",", "")
    dollar = UNITS["dollar"] if m.group(0).lstrip().startswith("$") else None
    if "." not in text:
        return whole_quantity(int(text), dollar)
    whole, frac = text.split(".")
    negative = whole.startswith("-")
    value = abs(int(whole or "0")) + Fraction(int(frac), 10 ** len(frac))
    return Quantity(
        -value if negative else value, Fraction(1, 10 ** len(frac)), unit=dollar, decimals=len(frac)
    )


def whole_quantity(n: int, unit: Unit | None = None) -> Quantity:
    """``Quantity(Fraction(n), unit=unit)``, filled in one step, not by the frozen dataclass's generated
    ``__init__`` (five ``object.__setattr__``): the same object (a test checks it), on the path of every first
    sight of a whole number.

    >>> whole_quantity(72) == Quantity(Fraction(72))
    True
    """
    integer = _new_instance(Quantity)
    _set_attribute(
        integer,
        "__dict__",
        {"value": Fraction(n), "ulp": None, "percent": False, "unit": unit, "decimals": 0, "leading": None},
    )
    return integer


def _quantity_from_numeral(m: re.Match[str]) -> Quantity | None:
    g = m.groupdict()
    negative = (g["sign"] is not None and g["sign"] in _MINUS) or g["sign2"] is not None
    ulp: Fraction | None = None
    decimals = 0
    if g["mixed_whole"] is not None:
        den = int(g["mixed_den"])
        if den == 0:
            return None
        value = int(g["mixed_whole"]) + Fraction(int(g["mixed_num"]), den)
    elif g["fnum"] is not None:
        den = int(g["fden"])
        if den == 0:
            return None
        value = Fraction(int(g["fnum"]), den)
    elif g["lnum"] is not None or g["lnum1"] is not None:
        if len(g["lnum"] or "") + len(g["lden"] or "") > MAX_DIGITS:
            return None  # \frac{1}{<53,000 digits>}: refused before int() is asked to read it
        den = int(g["lden"] or g["lden1"])
        if den == 0:
            return None
        value = Fraction(int(g["lnum"] or g["lnum1"]), den)
    else:
        int_text, frac = g["int"], g["frac"]
        if int_text is None and frac is None:
            return None
        digits = re.sub(r"\D", "", int_text or "") or "0"
        if len(digits) + len(frac or "") > MAX_DIGITS:
            return None
        value = Fraction(int(digits))
        exp_text = g["exp"] or g["exp2"] or g["exp3"]
        exponent = int(exp_text.replace("−", "-")) if exp_text else 0
        if abs(exponent) > MAX_EXPONENT:
            return None
        if frac:
            value += Fraction(int(frac), 10 ** len(frac))
            ulp = Fraction(10) ** (exponent - len(frac))
            decimals = len(frac)
        if exponent:
            value *= Fraction(10) ** exponent
    if g["scale"] and not scale_word_is_noun(m.string, m.start(), m.end("scale"), g["scale"], bool(g["cur"])):
        for word in g["scale"].split():  # ("hundred thousand" is two)
            value *= _SCALE_MULTIPLIERS.get(word) or _SCALE_MULTIPLIERS[word.lower()]
        ulp, decimals = None, 0  # "2.5 million" is a rounded figure of unknown precision: compare exactly
    unit = None
    if g["unit"] and not g["unit_power"] and not g["glued_power"]:  # square and cubic units compare bare
        unit = lookup_unit(g["unit"])
    if g["temperature"]:
        unit = UNITS[{"C": "°C", "F": "°F", "K": "kelvin"}[g["scale_letter"]]]
    if g["cur"]:
        cur_unit = currency_before(g["cur"])
        if unit is not None and unit.dimension != cur_unit.dimension:
            return None  # "$5 km": nonsense, not a quantity
        unit = unit or cur_unit
    percent = g["pct"] is not None
    if g["per_ten"]:
        if g["unit"]:
            return None  # "12 per 100 km": a rate over a quantity, no percent of anything
        # "12 per 1000" is 1.2 %, "12 per 100" 12 %: a count per a power of ten, read as the percent it is
        zeros = len(g["per_ten"].replace(",", "")) - 1
        per = Fraction(100, 10**zeros)
        value, percent = value * per, True
        ulp = ulp * per if ulp is not None else None
        decimals += max(0, zeros - 2)
    if g["permille"] or g["bp"]:
        # "25‰" is 2.5 %, "25 basis points" 0.25 %: read as the percent they are, never as 25 %
        per = Fraction(1, 10 if g["permille"] else 100)
        value, percent = value * per, True
        ulp = ulp * per if ulp is not None else None
        decimals += 1 if g["permille"] else 2
    return Quantity(-value if negative else value, ulp, percent, unit, decimals)


_DOLLAR_CODES = {"$": "dollar", "US$": "dollar", "USD": "dollar", "Rs.": "Rs"}


def currency_before(sign: str) -> Unit:
    """The currency a sign or code before a number names (``$``, ``€``, ``₹``, ``CHF``, ``A$``). A dollar sign
    after letters the table does not know is a dollar of its own, never the US one (``Z$72``).

    >>> [currency_before(sign).name for sign in ("$", "A$", "₹", "Z$")]
    ['dollar', 'AU dollar', 'rupee', 'Z$']
    """
    sign = sign.strip().lstrip("\\")
    unit = UNITS.get(_DOLLAR_CODES.get(sign, sign))
    return unit if unit is not None else Unit(sign, sign, Fraction(100))


# --- number words ------------------------------------------------------------------------------------

_UNITS_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
}
_TENS_WORDS = {
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
}
_SCALE_WORDS = {"hundred": 100, "thousand": 10**3, "million": 10**6, "billion": 10**9, "trillion": 10**12}
_DENOMINATORS = {
    "half": 2,
    "halves": 2,
    "third": 3,
    "thirds": 3,
    "quarter": 4,
    "quarters": 4,
    "fourth": 4,
    "fourths": 4,
    "fifth": 5,
    "fifths": 5,
    "sixth": 6,
    "sixths": 6,
    "seventh": 7,
    "sevenths": 7,
    "eighth": 8,
    "eighths": 8,
    "ninth": 9,
    "ninths": 9,
    "tenth": 10,
    "tenths": 10,
    "hundredth": 100,
    "hundredths": 100,
    "thousandth": 1000,
    "thousandths": 1000,
}
_CARDINAL = {**_UNITS_WORDS, **_TENS_WORDS, **_SCALE_WORDS}
_NUMBER_WORDS = {*_CARDINAL, *_DENOMINATORS, "dozen", "point"}
CARDINAL_WORDS = frozenset(_CARDINAL)  # "seventy", "two", "hundred": the words a whole number is said in
UNITS_WORDS: Mapping[str, int] = MappingProxyType(_UNITS_WORDS)  # "zero" … "nineteen", read-only
_GLUE = {"a", "an", "and", "negative", "minus"}
# a plural scale word ends a number said in words as its singular does ("seventy-two thousands" is 72000); it
# opens none ("thousands of people")
_PLURAL_SCALES = frozenset({"hundreds", "thousands", "millions", "billions", "trillions"})

_WORD_ALT = longest_first([*_NUMBER_WORDS, *_GLUE, *_PLURAL_SCALES])
WORDS_RE = lazy_compile(
    r"(?<![A-Za-z])(?:(?:negative|minus)\s+)?(?:(?:an?|half)[\s-]+)?"
    r"(?:" + longest_first(list(_NUMBER_WORDS)) + r")(?:[\s-]+(?:" + _WORD_ALT + r"))*(?![A-Za-z])",
    re.IGNORECASE,
)


def _cardinal(words: list[str]) -> int | None:
    """Integer value of a cardinal phrase ("one million two hundred thousand and five").

    Scale words must come in decreasing order and two small words may only pair as tens + units, so
    "five five" or "thousand million" are refused rather than guessed at.
    """
    if not words or words[0] in _SCALE_WORDS or words[-1] == "and":
        return None
    total, current = 0, 0
    last_scale = 10**15
    previous = ""
    for w in words:
        if w == "and":
            previous = ""
            continue
        if w in _UNITS_WORDS or w in _TENS_WORDS:
            value = _UNITS_WORDS.get(w, 0) or _TENS_WORDS.get(w, 0)
            pairs = previous in _TENS_WORDS and w in _UNITS_WORDS and 0 < value < 10
            if previous and previous not in _SCALE_WORDS and not pairs:
                return None
            if current % 100 and not pairs:  # "twenty thirty"
                return None
            current += value
        elif w == "hundred":
            if current >= 100 or previous == "hundred":
                return None
            current = (current or 1) * 100
        elif w in _SCALE_WORDS:
            scale = _SCALE_WORDS[w]
            if scale >= last_scale or current == 0:
                return None
            total += current * scale
            current, last_scale = 0, scale
        else:
            return None
        previous = w
    return total + current


def _words_value(words: list[str]) -> Fraction | None:
    """Value of a validated run of number words: cardinals, decimals, fractions, dozens, mixed numbers."""
    if not words:
        return None
    if words[0] in ("negative", "minus"):
        inner = _words_value(words[1:])
        return -inner if inner is not None else None
    if words[0] in ("a", "an"):
        if len(words) == 1:
            return None
        words = ["one", *words[1:]]
    if words[-1] in _PLURAL_SCALES:
        words = [*words[:-1], words[-1][:-1]]
    if "point" in words:
        i = words.index("point")
        whole = _cardinal(words[:i]) if i else 0
        digits = words[i + 1 :]
        if whole is None or not digits or any(d not in _UNITS_WORDS or _UNITS_WORDS[d] > 9 for d in digits):
            return None
        text = "".join(str(_UNITS_WORDS[d]) for d in digits)
        return whole + Fraction(int(text), 10 ** len(text))
    if "dozen" in words:
        return _dozens_value(words)
    if words[-1] in _DENOMINATORS:
        den = _DENOMINATORS[words[-1]]
        head = words[:-1]
        # "one and a half", "two and three quarters": whole part, then a fraction phrase
        if "and" in head:
            cut = len(head) - 1 - head[::-1].index("and")
            whole = _cardinal(head[:cut])
            frac = _words_value([*head[cut + 1 :], words[-1]])
            if whole is not None and frac is not None and 0 < frac < 1:
                return whole + frac
            if whole is None or frac is None:
                return None
        if not head:
            return Fraction(1, den) if words[-1] in ("half",) else None
        num = _cardinal(head) if head != ["one"] else 1
        if num is None:
            return None
        plural = (words[-1].endswith("s") and words[-1] not in ("halves",)) or words[-1] == "halves"
        if (num == 1) == plural and words[-1] not in ("half",):
            return None  # "one thirds", "two third": an ordinal or a typo, not a fraction
        return Fraction(num, den)
    value = _cardinal(words)
    return Fraction(value) if value is not None else None


def _dozens_value(words: list[str]) -> Fraction | None:
    """Value of number words said in dozens: ``a dozen``, ``two dozen``, ``half a dozen``, ``one and a half
    dozen``, ``a dozen and a half``, ``two dozen and a half`` (the count of dozens, whole, then a fraction of
    a dozen said after it). None for anything else ("dozen dozen", "a dozen and three")."""
    at = words.index("dozen")
    head, tail = words[:at], words[at + 1 :]
    if "dozen" in tail or (tail and (tail[0] != "and" or tail[-1] not in _DENOMINATORS)):
        return None
    if head[:1] == ["half"] and head[1:] in (["a"], ["an"], ["one"]):
        count: Fraction | None = Fraction(1, 2)
    elif head in ([], ["a"], ["an"], ["one"]):
        count = Fraction(1)
    else:
        count = _words_value(head)
    if count is None or count <= 0:
        return None
    if tail:  # "a dozen and a half": a fraction of a dozen after the whole dozens
        part = _words_value(tail[1:])
        if part is None or not 0 < part < 1 or count.denominator != 1:
            return None
        count += part
    return count * 12


def ordinal_suffix(n: int) -> str:
    """The English ordinal suffix of a whole number: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 101st.

    >>> [ordinal_suffix(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 101)]
    ['st', 'nd', 'rd', 'th', 'th', 'th', 'th', 'st', 'st']
    """
    if n % 100 in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


# "3 and a half", "2 and three quarters", "5 and one-third": a whole number in digits, its fraction in words
DIGITS_AND_SPOKEN_FRACTION = lazy_compile(
    r"(?<![\d.,/])(\d{1,9})\s+and\s+((?:an?|one|two|three|four|five|six|seven|eight|nine)[\s-]+(?:"
    + longest_first(list(_DENOMINATORS))
    + r"))(?![A-Za-z])",
    re.IGNORECASE,
)


def digits_and_spoken_fractions(text: str) -> str:
    """``3 and a half`` → ``3 1/2``: a mixed number whose whole part is in digits and its fraction in words,
    written as the digits' mixed number the scanner reads; a fraction of 1 or more (``3 and four thirds``) is
    left as said.

    >>> digits_and_spoken_fractions("It takes 3 and a half hours, or 2 and three quarters.")
    'It takes 3 1/2        hours, or 2 3/4               .'
    """

    def mixed(m: re.Match[str]) -> str:
        fraction = parse_words(m[2])
        if fraction is None or not 0 < fraction < 1:
            return m[0]
        # padded to the phrase's length, so that what follows keeps its place in the text
        return f"{m[1]} {fraction.numerator}/{fraction.denominator}".ljust(len(m[0]))

    return DIGITS_AND_SPOKEN_FRACTION.sub(mixed, text)


def parse_words(text: str) -> Fraction | None:
    """Value of a phrase made only of number words.

    >>> [parse_words(t) for t in ("seventy-two", "a dozen", "two-thirds", "one and a half", "negative five")]
    [Fraction(72, 1), Fraction(12, 1), Fraction(2, 3), Fraction(3, 2), Fraction(-5, 1)]
    >>> parse_words("five five") is None
    True
    """
    words = [w for w in re.split(r"[\s-]+", text.strip().lower()) if w]
    return _words_value(words)


# --- scanning ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class QuantitySpan:
    """A quantity found in text, with the span it came from."""

    quantity: Quantity
    start: int
    end: int


_WORD_UNIT_RE = lazy_compile(r"\s*(?P<pct>percent|per cent)?\s*(?P<unit>" + _UNIT_RE_TEXT + ")?")


def scan(text: str) -> Iterator[QuantitySpan]:
    """Quantities in ``text`` from left to right: numerals first, number words where no numeral starts.

    >>> [str(f.quantity) for f in scan("2 hours 30 minutes, or about $3.50")]
    ['2 hour', '30 minute', '3.5 dollar']
    """
    pos = 0
    n = len(text)
    while pos < n:
        m = _NEXT_START.search(text, pos)
        if m is None:
            return
        start = m.start()
        if m.lastgroup == "num" and _NUMBER_BODY_START.match(text, start):
            # where a match used to begin, before _NEXT_START stopped starting at whitespace: at the first
            # whitespace before the number (an exotic space there is kept, as it always was)
            while start > pos and text[start - 1].isspace():
                start -= 1
        while text[start] in " \t\n":
            start += 1
        if m.lastgroup == "word":
            signed = _signed_numeral(text, start)
            if signed is not None:
                yield signed
                pos = signed.end
                continue
            wm = WORDS_RE.match(text, start)
            if wm is None or not _is_word_start(text, start):
                pos = m.end()
                continue
            value = parse_words(wm.group())
            if value is None:
                pos = wm.end()
                continue
            tail = _WORD_UNIT_RE.match(text, wm.end())
            unit = lookup_unit(tail.group("unit")) if tail and tail.group("unit") else None
            end = tail.end() if tail and (tail.group("unit") or tail.group("pct")) else wm.end()
            yield QuantitySpan(Quantity(value, None, bool(tail and tail.group("pct")), unit), start, end)
            pos = end
            continue
        if text[start] in "-−–+" and _follows_operand(text, start):
            pos = start + 1
            continue
        nm = NUMERAL_RE.match(text, start)
        if nm is None or nm.end() == start:
            pos = start + 1
            continue
        q = _quantity_from_numeral(nm)
        if q is None:
            pos = nm.end() if nm.end() > start else start + 1
            continue
        end = nm.end()
        if nm.group("scale") is not None:  # "2 thousand 5 hundred": one number said in parts
            q, end = _scaled_parts(text, nm, q)
        yield QuantitySpan(q, start, end)
        pos = end


def scan_statement(text: str) -> Iterator[QuantitySpan]:
    """:func:`scan` of a statement, less the ``one`` it opens on where that is the article "a": ``One road is
    45 km long``, ``one class has 40 students`` state 45 km and 40 (as ``A road is 45 km long`` does, and
    Chinese ``一条路长45千米``), never 1. ``one`` before no noun (``one of them``, ``one is 45``), or in a
    statement that states no other number (``one apple``), counts one.

    >>> [str(f.quantity) for f in scan_statement("One road is 45 km long")]
    ['45 kilometer']
    >>> [str(f.quantity) for f in scan_statement("one apple")]
    ['1']
    >>> [str(f.quantity) for f in scan_statement("One of 45")]
    ['1', '45']
    """
    found = scan(text)
    first = next(found, None)
    if first is None:
        return
    if not (
        text[first.start] in "oO"
        and first.end - first.start == 3
        and first.quantity.unit is None
        and not text[: first.start].strip(" \t*_")
        and _ARTICLE_ONE_BEFORE_NOUN.match(text, first.end) is not None
    ):
        yield first
    yield from found


# after "one", a noun (no word that makes "one" a number: "one of", "one more", "one is", "one and a half")
# and, later in the statement, another number
_NOT_A_NOUN_AFTER_ONE = (
    "of|or|and|to|in|on|at|by|for|from|with|is|are|was|were|has|had|have|does|did|will|would|can|could|should|"
    "may|might|must|equals?|more|less|fewer|other|another|each|per|than|plus|minus|times|over|out|way|the|an?|"
    "half|third|quarter|fourth|fifth|hundred|thousand|million|billion|dozen|score|gross|time|apiece|only|just|"
    "left|remains?|remaining|too|also|then|so|as|but|if"
)
# (no list between them: "one apple and 3 pears", "one book, 72 pages" count one thing and then others)
_ARTICLE_ONE_BEFORE_NOUN = lazy_compile(
    rf"[ \t]+(?!(?i:{_NOT_A_NOUN_AFTER_ONE})(?![A-Za-z]))[A-Za-z]{{2,}}(?![\w'’-])"
    rf"(?=(?:(?!(?i:and|or|plus|with)(?![A-Za-z]))[^.!?;,&+\n\d])*?"
    rf"(?:\d|(?<![A-Za-z])(?i:{'|'.join(w for w in _CARDINAL if w != 'one')})(?![A-Za-z])))"
)


# a part of a number said in descending scales after the first ("2 thousand 5 hundred", "1 million 200
# thousand"), or its ones after "and" ("3 hundred and 5"), as number words say it ("three hundred and five")
_SCALE_NAMES = "hundred|thousand|million|billion|trillion"
_SCALED_PART_AFTER = lazy_compile(
    rf"[ \t]+(?:and[ \t]+)?(?P<n>[1-9]\d{{0,2}})(?:[ \t]+(?P<scale>(?i:{_SCALE_NAMES}))(?![^\W\d_]))?"
    r"(?![\d.,/:%‰])"
)
# the parts of such a number before the one at the end of a text ("2 thousand " before "5 hundred")
_SCALE_RUN = r"(?i:(?:hundred[ \t]+)?(?:thousand|million|billion|trillion)|hundred)"
_SCALED_PARTS_BEFORE = lazy_compile(
    rf"(?<![\d.,$€£¥])[$€£¥]?\d{{1,3}}[ \t]+{_SCALE_RUN}(?:[ \t]+(?:and[ \t]+)?\d{{1,3}}[ \t]+{_SCALE_RUN})*"
    rf"[ \t]+(?:and[ \t]+)?$"
)


def _scaled_parts(text: str, nm: re.Match[str], q: Quantity) -> tuple[Quantity, int]:
    """The number a whole numeral with a scale word (``nm``, read as ``q``) opens, with where it ends, once
    the parts after it in smaller scales are added (``2 thousand 5 hundred`` is 2500, ``3 hundred and 5``
    305); ``q`` and the numeral's end when none follows."""
    if nm["frac"] or nm["int"] is None or nm["unit"] or nm["pct"] or nm["temperature"] or nm["per_ten"]:
        return q, nm.end()
    if nm["permille"] or nm["bp"] or nm["exp"] or nm["exp2"] or nm["exp3"] or q.value.denominator != 1:
        return q, nm.end()
    smallest = 1
    for word in nm["scale"].split():
        smallest *= _SCALE_MULTIPLIERS.get(word) or _SCALE_MULTIPLIERS.get(word.lower(), 1)
    if smallest not in (10**2, 10**3, 10**5, 10**6, 10**8, 10**9, 10**11, 10**12, 10**14):
        return q, nm.end()  # "2 dozen", "72 score": no number goes on from these in smaller parts
    value, end = abs(q.value), nm.end()
    while True:
        part = _SCALED_PART_AFTER.match(text, end)
        if part is None:
            break
        scale = _SCALE_MULTIPLIERS[part["scale"].lower()] if part["scale"] else 1
        if part["scale"] is None and not part.group().lstrip(" \t").startswith("and"):
            break  # "2 thousand 5": 2005 only with its "and", as number words say it
        amount = int(part["n"]) * scale
        if scale >= smallest or amount >= smallest:
            break  # "2 thousand 5 thousand", "2 thousand 15 hundred": no number is said so
        value, end, smallest = value + amount, part.end(), scale
        if scale == 1:
            break
    if end == nm.end():
        return q, end
    return replace(q, value=-value if q.value < 0 else value), end


def scaled_parts_start(text: str, start: int) -> int:
    """Where a number said in descending scales that ends with the part at ``start`` begins (``2 thousand``
    before ``5 hundred``; ``start`` when no part stands before it): the last-number fallback reads it
    whole, never its last part.

    >>> scaled_parts_start("So 2 thousand 5 hundred.", 14), scaled_parts_start("So 5 hundred.", 3)
    (3, 3)
    """
    if start < 5 or text[start - 1] not in " \t" or text[start - 2] not in "dn":  # "…hundred ", "…and "
        return start
    before = _SCALED_PARTS_BEFORE.search(text, max(0, start - 80), start)
    return before.start() if before is not None else start


# a sign said in words before digits: "negative 72" is -72, never 72
_SIGN_WORD = lazy_compile(r"(?i:negative|minus)[ \t]+(?=(?:\\\$|\$)?\.?\d)")


def _signed_numeral(text: str, start: int) -> QuantitySpan | None:
    """The negative numeral that a sign word at ``start`` opens (``negative 72``, ``minus $5``), or None.
    ``minus`` after a value (``100 minus 72``, ``x minus 3``) is the operation, not a sign."""
    sign = _SIGN_WORD.match(text, start)
    if sign is None or not _is_word_start(text, start):
        return None
    if text[start] in "mM" and _after_value(text, start):
        return None
    nm = NUMERAL_RE.match(text, sign.end())
    if nm is None or nm.end() == sign.end() or nm.group("sign") or nm.group("sign2"):
        return None
    q = _quantity_from_numeral(nm)
    return None if q is None else QuantitySpan(replace(q, value=-q.value), start, nm.end())


_VALUE_BEFORE = lazy_compile(r"(?:[\d)\]}]|(?<![A-Za-z])[A-Za-z])[ \t]*$")


def _after_value(text: str, i: int) -> bool:
    """Whether the word at ``i`` comes right after a value (a digit, a closing bracket, a one-letter name)."""
    return _VALUE_BEFORE.search(text[max(0, i - 40) : i]) is not None


def _follows_operand(text: str, i: int) -> bool:
    """True when the sign at ``i`` comes right after an operand (``16 - 3``, ``x-5``): a binary operator."""
    j = i - 1
    while j >= 0 and text[j] in " \t":
        j -= 1
    return j >= 0 and (text[j].isalnum() or text[j] in ")]}")


def _is_word_start(text: str, i: int) -> bool:
    return i == 0 or not text[i - 1].isalnum()


# A number start never begins with whitespace, and whitespace follows only a sign or a currency: spelled
# "[sign]?\s*(currency)?\s*...", a run of spaces could split between the two \s* every way, and search()
# retried that from every space of the run (cubic: 800 spaces took 20 s).
# a currency sign or code before a number, as NUMERAL_RE's "cur" group reads it
_CURRENCY_START = (
    r"(?:\\\$|(?-i:(?<![A-Za-z$])[A-Z]{1,3}\$(?=\s?\d))|\$|€|£|¥|￥|₹|₩|₽"
    r"|(?-i:(?<![A-Za-z])(?:USD|EUR|GBP|CHF|JPY|INR|CNY|AUD|CAD|Rs\.?)))"
)
_NEXT_START = lazy_compile(
    r"(?P<num>(?:[-−–+]\s*)?(?:" + _CURRENCY_START + r"\s*)?[-−–]?(?:\d|\.\d|\\[dt]?frac))"
    r"|(?P<word>(?<![A-Za-z])(?:"
    + longest_first([*_NUMBER_WORDS, "negative", "minus", "a", "an", "half"])
    + r")(?![A-Za-z]))",
    re.IGNORECASE,
)
_NUMBER_BODY_START = lazy_compile(
    r"(?:" + _CURRENCY_START + r"\s*)?[-−–]?(?:\d|\.\d|\\[dt]?frac)", re.IGNORECASE
)


_STRIP_CHARS = " \t\r\n.,;:!?*_`\"'"
_LEAD_CHARS = " \t\r\n*_`\"'"


@lru_cache(maxsize=4096)
def parse_number(text: str) -> Quantity | None:
    """The quantity ``text`` is, when the whole text is one quantity (surrounding punctuation and
    emphasis allowed); None otherwise. Compound durations (``2 hours 30 minutes``) are one quantity.

    >>> str(parse_number("2 hours and 30 minutes"))
    '150 minute (2.5 hour)'
    >>> parse_number("3 or 4") is None, parse_number("1k").value, parse_number("25%").percent
    (True, Fraction(1000, 1), True)
    """
    text = text.lstrip(_LEAD_CHARS).rstrip(_STRIP_CHARS)
    if not text:
        return None
    m = NUMERAL_RE.fullmatch(text)
    if m is not None:
        return _quantity_from_numeral(m)
    found = list(scan(text))
    if not found:
        return None
    combined = combine_compound(text, found)
    if combined is None:
        return None
    q, end = combined
    if found[0].start != 0 or text[end:].strip(_STRIP_CHARS):
        return None
    return q


# one \s* per stretch of spaces; "and" in the languages the grader reads too ("12 Euro und 50 Cent")
_COMPOUND_GLUE = lazy_compile(r"\s*(?:(?:,|(?:,\s*)?(?:and|und|et|y|e|и)(?![^\W\d_]))\s*)?", re.IGNORECASE)
# "£3 20p": the pence of a sum in pounds, written with the letter p glued to their number
_PENCE_LETTER = lazy_compile(r"p(?![A-Za-z])")
_POUND_WORD = lazy_compile(r"pounds?$", re.IGNORECASE)
# the cent of a euro: the table's cent is the US one (each currency its own dimension), but the cents said
# after euros ("12 euros and 50 cents") are the euro's
EURO_CENT = Unit("euro cent", "eur", Fraction(1, 100))


def _part_unit(text: str, larger: Unit, part: QuantitySpan) -> tuple[Unit | None, int]:
    """The unit of a compound's part as the larger unit before it reads it, and where the part ends: cents
    after euros are euro cents, ``m`` after hours is the minute (``2h30m``), ``20p`` after pounds is 20
    pence. Elsewhere the part's own unit (None for a bare number)."""
    unit = part.quantity.unit
    if unit is None:
        pounds = larger.dimension in ("gbp", "mass") and larger.name.startswith("pound")
        if pounds and _PENCE_LETTER.match(text, part.end):
            return UNITS["pence"], part.end + 1
        return None, part.end
    if unit is UNITS["cent"] and larger is UNITS["euro"]:
        return EURO_CENT, part.end
    minute = UNITS["minute"]
    # only a part under one of the larger unit is its minutes ("2 hours, 300 m" is a distance)
    glued_minutes = unit is UNITS["m"] and larger.dimension == "time" and text[part.end - 1] == "m"
    if glued_minutes and part.quantity.value * minute.factor < larger.factor:
        return minute, part.end
    return unit, part.end


def _compound_parts(text: str, found: list[QuantitySpan]) -> list[tuple[Quantity, Unit, int]]:
    """The leading run of ``found`` that names one dimension in different units joined by nothing, commas or
    ``and`` (``2 hours 30 minutes``, ``30 minutes and 2 hours``): each part with the unit it is read in and
    where it ends. Empty when the first quantity has no unit or is a percent. "pounds" before pence is the
    currency, before ounces the weight."""
    first = found[0]
    unit = first.quantity.unit
    if unit is None or first.quantity.percent:
        return []
    parts = [(first.quantity, unit, first.end)]
    for nxt in found[1:]:
        larger, end = parts[-1][1], parts[-1][2]
        part_unit, part_end = _part_unit(text, larger, nxt)
        if (
            part_unit is not None
            and len(parts) == 1
            and part_unit.dimension == "gbp"
            and unit.dimension == "mass"
        ):
            # "3 pounds 20 pence": the pounds of a sum of money, when the word says pounds (not "3 lb")
            if not _POUND_WORD.search(text, first.start, first.end):
                break
            larger = UNITS["£"]
            parts[0] = (first.quantity, larger, first.end)
        if (
            part_unit is None
            or part_unit.dimension != larger.dimension
            or part_unit == larger
            or nxt.quantity.percent
            or not _COMPOUND_GLUE.fullmatch(text, end, nxt.start)
        ):
            break
        parts.append((nxt.quantity, part_unit, part_end))
    return parts


def combine_compound(text: str, found: list[QuantitySpan]) -> tuple[Quantity, int] | None:
    """Merge a leading run like ``2 hours 30 minutes`` into one quantity in its smallest unit, led by its
    largest (:attr:`Quantity.leading`).

    Returns the merged quantity and the end offset of the run, or the first quantity and its end when it is
    not followed by a compound part. A compound counts its units from the largest down, in whole numbers of
    each unit but the last, each part less than one of the unit before it: ``30 minutes and 2 hours``, ``2
    hours 75 minutes`` and ``1.5 hours, 90 minutes`` are two quantities (a hedge or a restatement), never
    their sum. A sign before the first part is the whole compound's (``-5 ft 6 in`` is -66 inches).

    >>> q, end = combine_compound("3 pounds 20p", list(scan("3 pounds 20p")))
    >>> str(q), end
    ('320 penny (3.2 pound sterling)', 12)
    >>> str(combine_compound("30 minutes and 2 hours", list(scan("30 minutes and 2 hours")))[0])
    '30 minute'
    """
    parts = _compound_parts(text, found)
    run = 1
    while run < len(parts):
        (larger, larger_unit, _), (part, unit, _) = parts[run - 1], parts[run]
        if (
            unit.factor >= larger_unit.factor
            or larger.value.denominator != 1
            or part.value < 0
            or part.value * unit.factor >= larger_unit.factor
        ):
            break
        run += 1
    if run == 1:
        return found[0].quantity, found[0].end
    compound = parts[:run]
    total = sum((abs(q.value) * u.factor for q, u, _ in compound), Fraction(0))
    smallest = compound[-1][1]
    value = total / smallest.factor
    negative = compound[0][0].value < 0
    return Quantity(-value if negative else value, None, False, smallest, leading=compound[0][1]), compound[
        -1
    ][2]


def unit_run_end(text: str, found: list[QuantitySpan]) -> int:
    """Where the leading run of ``found`` in one dimension and different units ends, whether it is a compound
    or not (``30 minutes and 2 hours``, ``2 hours 75 minutes``): a number of it is read with the rest of
    the run, which says whether it is one quantity.

    >>> text = "It takes 30 minutes and 2 hours."
    >>> unit_run_end(text[9:], list(scan(text[9:])))
    22
    """
    parts = _compound_parts(text, found)
    return parts[-1][2] if parts else found[0].end


# --- words after a value that change what it says ---------------------------------------------------------

# Scale words of other languages and made-up ones ("72 Millionen", "72 Mrd.", "72 тыс.", "72 gazillion"). A
# language's own rewriting reads them where the text is in that language; anywhere else the number before one
# is not the value stated, so the reader refuses it. "mil" is a thousand in Spanish and a million in English
# slang: refused everywhere.
# The scale characters of Chinese and Japanese that no reader converts, right after digits: 兆 (10^12, or
# 10^6 as the prefix of 兆瓦 and 兆字节), 京, 垓, 秭, 穰, and a 万 or 亿 the Chinese reader left as it was
# ("3万米"); and Korean's scale syllables (만 10^4, 억 10^8, 조 10^12, 경 10^16, 천, 백: "3만 개", "3조원"),
# where they end the word or a counter, a unit or a particle follows ("3조각", three pieces, is a word of its
# own). The number before one is not the value stated ("3兆个" is no 3, "3만 개" no 3).
_UNREAD_IDEOGRAPHIC_SCALE = "兆京垓秭穰万萬亿億"
_KOREAN_AFTER_SCALE = (
    "원|달러|유로|개|명|마리|권|대|병|잔|번|그루|켤레|쌍|상자|봉지|가지|사람|년|살|킬로|미터|그램|리터|"
    "이|가|은|는|을|를|의|에|도|으로|로|입니다|이다|이에요|예요|이야"
)
_UNREAD_SCALE = lazy_compile(
    r"[ \t]*(?:(?P<word>(?i:(?:[mbzj]|tr|gaz|baz|kaz|squ)"
    r"(?:illiard|iliard|illion|ilion|ill[oó]n|ilh[õã]o|ilh[õã]es)(?:en|es|e|s|i|a|os?)?|[мб]илли(?:он|ард)[^\W\d_]{0,3}|тыс[^\W\d_]{0,4}|млн|млрд"
    r"|mio|mrd|mld|bio|mil|mille|milliers?))(?![^\W\d_])\.?"
    # (past the math delimiter or the box that closes the value: "$3$兆", "\boxed{3}兆")
    r"|(?:(?:\$|\\\)|\\\])[ \t]*)?"
    rf"(?:(?P<ideographic>[{_UNREAD_IDEOGRAPHIC_SCALE}])"
    rf"|(?P<korean>[십백천]?[만억조경]|[천백])(?=[^\uac00-\ud7a3]|$|{_KOREAN_AFTER_SCALE})))"
)
# A sign said after the value: "72 below zero", "72 feet below sea level", "$72 in debt" are -72.
_NEGATIVE_AFTER = lazy_compile(
    r"[ \t]*(?:(?P<word>[^\W\d_]{1,12})[ \t]+)?"
    r"(?i:(?:below|under|less[ \t]+than)[ \t]+zero|below[ \t]+(?:sea[ \t]+level|par)"
    r"|in[ \t]+(?:the[ \t]+red|debt))"
    r"(?![^\W\d_])"
)
# A value stated against another one ("72 short", "72 to the left of the origin"): no value of its own.
_RELATIVE_AFTER = lazy_compile(
    r"[ \t]*(?i:short|behind|overdrawn|in[ \t]+(?:arrears|deficit)|to[ \t]+the[ \t]+(?:left|right)[ \t]+of)"
    r"(?![^\W\d_])"
)


_DEGREES = ("degree", "degrees")


def unread_scale_after(text: str, end: int) -> str | None:
    """The scale word this reader does not read right after a value ending at ``end``, or None.

    >>> [unread_scale_after(text, 2) for text in ("72 Millionen", "72 Mrd.", "72 million", "72 apples")]
    ['Millionen', 'Mrd', None, None]
    """
    m = _UNREAD_SCALE.match(text, end)
    if m is None:
        return None
    if m["word"] is None:
        return m["ideographic"] or m["korean"]
    return m["word"] if m["word"].lower() not in _SCALE_MULTIPLIERS else None


def sign_after(text: str, end: int) -> tuple[int, int] | None:
    """What the words right after a value ending at ``end`` do to its sign: ``(-1, end)`` for a negative said
    in words (``72 below zero``, ``72 degrees below zero``, ``72 in debt``), ``(0, end)`` for a value said
    against another (``72 short``), None when they leave it alone.

    >>> sign_after("72 below zero", 2), sign_after("72 degrees below zero", 2), sign_after("72 short", 2)
    ((-1, 13), (-1, 21), (0, 8))
    >>> sign_after("72 is less than zero", 2), sign_after("72 apples", 2)
    (None, None)
    """
    m = _NEGATIVE_AFTER.match(text, end)
    if m is not None and (m["word"] is None or m["word"].lower() in _DEGREES or lookup_unit(m["word"])):
        return -1, m.end()  # only a unit between the value and its sign: "72 is less than zero" is a claim
    m = _RELATIVE_AFTER.match(text, end)
    return (0, m.end()) if m is not None else None


# feet and inches, the inches' unit being "in" (no unit alone: "5 in total"), a double prime or nothing at the
# end of the statement: "5 ft 6 in", "5 feet 6 inches", "5'6\"", "5 ft 6 tall"; read whole as inches. Two
# digits of inches that open on 0 need their unit: "60’00" is no 60 feet but digits grouped wrong
FEET_INCHES = lazy_compile(
    r"(?<![\w.])(?P<ft>\d{1,4})\s*(?:ft\.?|feet|foot|['′’])\s*(?:and\s+)?(?P<in>\d{1,2}(?:\.\d{1,3})?)"
    r"(?:\s*(?:in(?:ch(?:es)?)?\.?(?![\w])|[\"″”]|'')"
    r"|(?<![^\d]0\d)(?=\s*(?:[.,;!?)]|$|tall\b|long\b|high\b|wide\b|deep\b)))",
    re.IGNORECASE,
)


def feet_inches(text: str) -> str:
    """``text`` with every feet-and-inches quantity written so the unit readers read it whole.

    >>> feet_inches("She is 5 ft 6 in tall."), feet_inches("5'6''"), feet_inches("5 ft in total")
    ('She is 5 ft 6 inches tall.', '5 ft 6 inches', '5 ft in total')
    """
    return FEET_INCHES.sub(lambda m: f"{m['ft']} ft {m['in']} inches", text)


# a scale word after a value ("72 thousand", "72 thousands", "2 dozen eggs", "3 gross of pencils"): the value
# is its multiple, as after a marker, so "She needs 2 dozen eggs." is 24, never 2. Not "dozens", which counts
# dozens ("7 dozens of eggs" answers how many dozens, as after a marker), nor "score" or "gross" where they
# are the noun and the adjective they also are (scale_word_is_noun)
_READ_SCALE = lazy_compile(
    r"[ \t]+(?P<word>(?i:(?:hundred[ \t]+)?(?:thousand|million|billion|trillion)s?|hundreds?|lakhs?|crores?"
    r"|grand|dozen|score|gross))(?![^\W\d_])"
)
# "score" after an article or a possessive is a test's ("a 95 score", "her 72 score"), as it is before what it
# was scored on ("95 score on the test"); "gross" before what is gross is the adjective ("72 gross pay", "500
# gross a week")
_DETERMINER_BEFORE = lazy_compile(
    r"(?<![^\W\d_])(?i:a|an|the|his|her|my|your|their|our|its|this|that)[ \t*_]*$"
)
_SCORED_ON_AFTER = lazy_compile(r"[ \t]+(?i:on|in|for|out|at)(?![^\W\d_])")
_GROSS_BEFORE_NOUN = lazy_compile(
    r"[ \t]+(?i:pay|income|salary|salaries|wages?|earnings|profits?|revenues?|sales|margins?|weight|tonnage|"
    r"amount|total|receipts|proceeds|monthly|annual|yearly|weekly|daily|hourly|per|a|an|each|every|before)"
    r"(?![^\W\d_])"
)


def scale_word_is_noun(text: str, start: int, word_end: int, word: str, money: bool) -> bool:
    """Whether ``score`` or ``gross`` after the numeral at ``start`` (the word ending at ``word_end``) is
    the noun or the adjective, not the scale of 20 or 144: after money (``$72 gross`` is gross pay), a
    test's score (``a 95 score``, ``95 score on the test``), gross pay (``72 gross pay``). Every other scale
    word is one.

    >>> [scale_word_is_noun(t, 0, 7, t[2:], False) for t in ("3 gross", "4 score")]
    [False, False]
    >>> scale_word_is_noun("a 95 score", 2, 10, "score", False)
    True
    >>> scale_word_is_noun("$72 gross", 0, 9, "gross", True)
    True
    >>> scale_word_is_noun("72 gross pay", 0, 8, "gross", False)
    True
    >>> scale_word_is_noun("95 score on", 0, 8, "score", False)
    True
    """
    word = word.lower()
    if word not in ("score", "gross"):
        return False
    if money:
        return True
    if word == "score":
        return (
            _DETERMINER_BEFORE.search(text, max(0, start - 12), start) is not None
            or _SCORED_ON_AFTER.match(text, word_end) is not None
        )
    return _GROSS_BEFORE_NOUN.match(text, word_end) is not None


# a scale suffix glued to the numeral before it ("$50k", "1.2M", "3bn"), as the numeral reader reads it after
# a marker. Not a unit's first letter ("5km", "5kg": a letter follows), nor a variable the numeral multiplies:
# an operator, a power, a subscript, a bracket or the close of math after it ("2k + 1", "3k^2", "2k(k+1)",
# "$2k$"; "$50k-$60k" is a range, its dash followed by a sign; "**$50k**" closes emphasis, no product)
_GLUED_SCALE = lazy_compile(
    r"(?:[kKMB]|bn|mn)"
    + NO_LETTER_NEXT
    + r"(?![\d_^('′’$]|\\\)|[ \t]*[=+/×·÷<>^]|\*(?=[\w(])|[ \t]+\*|[ \t]*[-−][ \t]*(?:\d|[A-Za-z(\\]))"
)


def glued_scale_end(text: str, end: int) -> int:
    """Where a scale suffix glued to the numeral that ends at ``end`` ends (``$50k``, ``1.2M``), ``end`` when
    none does. A letter the text also writes alone (``k = 3``, ``for an integer k``, ``300 K``, ``point M``)
    names a variable, a unit or a point there, never a scale.

    >>> [glued_scale_end(text, 3) for text in ("$50k a year", "1.2M.", "$5km", "$2k + 1", "$2k$")]
    [4, 4, 3, 3, 3]
    >>> glued_scale_end("Let k be odd; so 50k.", 19), glued_scale_end("Room 72B", 7)
    (19, 7)
    >>> glued_scale_end("$72B", 3)
    4
    >>> glued_scale_end("The temperature is 300K.", 22), glued_scale_end("She earns 300K.", 13)
    (22, 14)
    >>> glued_scale_end("Thus x = 2k.", 10)
    10
    """
    if not text[end - 1 : end].isdigit() or end >= len(text) or text[end] not in "kKMBbm":
        return end
    m = _GLUED_SCALE.match(text, end)
    if m is None:
        return end
    letter = m.group()
    if len(letter) == 1 and re.search(rf"(?<![\w\\]){letter}(?![\w])", text) is not None:
        return end
    numeral_start = len(text[:end].rstrip("0123456789.,"))
    if NAMED_EQUAL_BEFORE.search(text, max(0, numeral_start - 12), numeral_start) is not None:
        return end  # "Thus x = 2k.": the right side of a variable's equation multiplies another variable
    if letter == "B" and (numeral_start == 0 or text[numeral_start - 1] not in _MONEY_SIGNS):
        return end  # "Room 72B", "a 2B pencil": a letter after a number names a thing, unless money ("$3B")
    if letter == "K" and _TEMPERATURE.search(text) is not None:
        return end  # "The gas is at 300K": the kelvin, in a text about temperature
    return m.end()


_MONEY_SIGNS = frozenset("$€£¥₹")
# a one-letter variable and its equals sign before a value: "x = ", "y_1 ="
NAMED_EQUAL_BEFORE = lazy_compile(r"(?<![A-Za-z])[A-Za-z](?:_\{?\w{1,3}\}?)?[ \t]*=[ \t]*$")
_TEMPERATURE = lazy_compile(r"(?i:temperature|kelvin|thermal)|°[CF]")


def said_after(text: str, end: int) -> int:
    """Where the words after a value ending at ``end`` that change what it says end (``end`` when none do):
    the last-number fallback reads them with the number, a scale suffix glued to it too (``$50k``).

    >>> said_after("It is 72 below zero.", 8), said_after("It is 72 Mrd.", 8), said_after("72 apples", 2)
    (19, 13, 2)
    >>> said_after("So 72 thousand.", 5), said_after("So 72 thousands of them.", 5), said_after("$72k.", 3)
    (14, 15, 4)
    """
    glued = glued_scale_end(text, end)
    if glued > end:
        return glued
    if end < len(text) and text[end] in " \t":
        read = _READ_SCALE.match(text, end)
        if read is not None:
            numeral_start = len(text[:end].rstrip("0123456789.,'’"))
            money = text[numeral_start - 1 : numeral_start] in _MONEY_SIGNS
            if not scale_word_is_noun(text, numeral_start, read.end(), read["word"], money):
                return read.end()
    scale = _UNREAD_SCALE.match(text, end)
    if scale is not None and unread_scale_after(text, end) is not None:
        return scale.end()
    said = sign_after(text, end)
    return said[1] if said is not None else end


def words_after(text: str, end: int, quantity: Quantity) -> tuple[Quantity, int] | str | None:
    """The quantity once the words after it are read (``72 below zero`` is -72, with the end of the words),
    why it has no value (``72 Millionen``, ``72 short``), or None when the words leave it as it is.

    >>> words_after("72 below zero", 2, Quantity(Fraction(72)))
    (Quantity(value=Fraction(-72, 1), ulp=None, percent=False, unit=None, decimals=0), 13)
    >>> words_after("72 Mio.", 2, Quantity(Fraction(72)))
    "the scale word 'Mio' is one this reader does not read"
    """
    scale = unread_scale_after(text, end)
    if scale is not None:
        return f"the scale word {scale!r} is one this reader does not read"
    said = sign_after(text, end)
    if said is None:
        return None
    sign, said_end = said
    if not sign:
        return f"the value is said against another one: {text[end:said_end].strip()!r}"
    return replace(quantity, value=-quantity.value), said_end


def first_value(text: str) -> tuple[int, int, Quantity | None] | None:
    """Where the value a statement states begins and ends: its first quantity (not an article, "One road is
    45 km long"), else its first math."""
    quantities = scan_statement(text)
    found = next(quantities, None)
    if found is not None:
        if text.startswith(" and ", found.end):  # "3 and a half": the fraction said after is part of it
            mixed = DIGITS_AND_SPOKEN_FRACTION.match(text, found.start)
            if mixed is not None and mixed.end(1) == found.end:
                whole = next(scan(digits_and_spoken_fractions(mixed[0])), None)
                if whole is not None and whole.start == 0:
                    return found.start, mixed.end(), whole.quantity
        if found.quantity.unit is not None and not found.quantity.percent:
            # "1 hour, 15 minutes or more": a compound is the value, what follows it qualifies it; so does
            # what follows a run of one dimension that makes none ("1.5 hours, 90 minutes or more")
            run = [found, *itertools.islice(quantities, _MOST_COMPOUND_PARTS - 1)]
            compound = combine_compound(text, run)
            if compound is not None and compound[1] > found.end:
                return found.start, compound[1], compound[0]
            return found.start, unit_run_end(text, run), found.quantity
        return found.start, found.end, found.quantity
    m = _MATH_START.search(text)
    return (m.start(), len(text), None) if m is not None else None


# the most parts a compound is read in (days, hours, minutes, seconds and their fractions)
_MOST_COMPOUND_PARTS = 6


_MATH_START = lazy_compile(r"\\[A-Za-z]|[\d(\[{]|(?<![A-Za-z])[A-Za-z](?![A-Za-z])")
