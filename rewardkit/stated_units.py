"""The unit an answer or a gold names, read where the value readers drop it.

The math reader drops a unit after an expression (``45\\text{ km}`` is 45), and the last-number fallback reads
only the number (``So we get 45 km`` reads 45): right against a bare gold, but against a gold that names its
own unit a dropped unit would pay ``45 km`` for ``45 m`` and ``45 radians`` for ``45^\\circ``. This module
reads the unit that ends a span (:func:`unit_at_end`) or follows it in the text (:func:`unit_at_start`), so
the grader can compare the two units: converted when they measure the same thing, refused otherwise.

Angles are two units: degrees (``°``, ``^\\circ``, ``\\degree``, ``deg``, ``degrees``) and radians (``rad``,
``radians``). A radian measure converts to degrees only when it says so: ``\\frac{\\pi}{4} \\text{ rad}`` is
``45^\\circ``, a bare ``\\frac{\\pi}{4}`` is not.

>>> unit_at_end("45\\\\text{ km}").name, unit_at_end("5 \\\\text{cm}^2").name, unit_at_end("5 cm²").name
('kilometer', 'centimeter^2', 'centimeter^2')
>>> unit_at_end("45^{\\\\circ}").name, unit_at_end("\\\\frac{\\\\pi}{4} \\\\text{ rad}").name
('degree', 'radian')
>>> unit_at_end("3 hours").dimension == unit_at_start(" min later").dimension
True
>>> unit_at_end("2x") is None, unit_at_end("20 apples") is None, unit_at_start(". Meters") is None
(True, True, True)
"""

from __future__ import annotations

import re
from fractions import Fraction

from rewardkit.numbers import Unit, lookup_unit

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
# rate units written as one word
_RATES = {"mph": ("mile", "hour"), "kph": ("kilometer", "hour"), "kmh": ("kilometer", "hour")}

# presentation around a unit: \text{…}, \mathrm{…}, spacing commands, math delimiters
_WRAPPER = re.compile(r"\\(?:text|mathrm|textrm|mbox|operatorname|rm|textnormal)\s*\{([^{}]*)\}")
_SPACING = re.compile(r"\\[,;:! ]|~|\\quad|\$|\\[()\[\]]|\*\*")
_DEGREE_SIGN = re.compile(r"\^\s*\{\s*\\circ\s*\}|\^\s*\\circ|\\circ|\\degree|°|º")
_WORD = r"[A-Za-z]+"
# a unit phrase: "km", "square feet", "sq in", "km/h", "miles per hour", "cm^2", "cm^{3}", "cm²",
# "meters squared"
_PHRASE = (
    rf"(?P<shape>(?i:square|sq\.?|cubic)\s+)?(?P<unit>{_WORD})"
    rf"(?:\s*(?:/|\s(?i:per)\s)\s*(?P<per>{_WORD}))?"
    r"(?:\s*\^\s*\{?\s*(?P<power>[23])\s*\}?|(?P<superscript>[²³])"
    r"|\s+(?P<named_power>(?i:squared|cubed))(?![A-Za-z]))?"
)
# at the end of a span, right after what ends a value (a digit or a closing bracket; braces are gone by then)
_AT_END = re.compile(rf"(?<=[\d)\]])\s*{_PHRASE}\s*[.,;:!]*\s*$")
_AT_START = re.compile(rf"[ \t]*{_PHRASE}(?![A-Za-z])")
_CLOSERS = re.compile(r"^[*_$]+")
_TAIL_CHARS = 80  # a unit phrase is short: only the span's last characters are looked at


# every match of _WRAPPER, _SPACING and _DEGREE_SIGN holds one of these, and _plain drops braces
_PRESENTATION_CHARS = "\\~$*°º{}^"


def _plain(text: str) -> str:
    """The text with its presentation dropped and a degree sign spelled as the word."""
    for _ in range(2):
        text = _WRAPPER.sub(r" \1 ", text)
    text = _DEGREE_SIGN.sub(" degree ", text)
    return _SPACING.sub(" ", text).replace("{", " ").replace("}", " ")


def _resolve(m: re.Match[str]) -> Unit | None:
    word, per = m["unit"], m["per"]
    if word.lower() in _ANGLE_WORDS and not (
        per or m["shape"] or m["power"] or m["superscript"] or m["named_power"]
    ):
        return _ANGLE_WORDS[word.lower()]
    if word.lower() in _RATES and not per:
        word, per = _RATES[word.lower()]
    if m["shape"] and word == "in":
        word = "inch"  # "sq in": after "square" the word is the inch, not the preposition
    unit = lookup_unit(word)
    if unit is None or unit.dimension in ("usd", "eur", "gbp", "cny"):
        return None  # a currency after a number is read by the number reader, with its sign
    power = {"square": 2, "sq": 2, "sq.": 2, "cubic": 3}.get((m["shape"] or "").strip().lower())
    power = power or int(m["power"] or 0) or {"²": 2, "³": 3}.get(m["superscript"] or "")
    power = power or {"squared": 2, "cubed": 3}.get((m["named_power"] or "").lower())
    if power:
        unit = Unit(f"{unit.name}^{power}", f"{unit.dimension}^{power}", unit.factor**power)
    if per:
        under = lookup_unit(per)
        if under is None:
            return None
        name, dimension = f"{unit.name}/{under.name}", f"{unit.dimension}/{under.dimension}"
        unit = Unit(name, dimension, unit.factor / under.factor)
    return unit


def unit_at_end(span: str) -> Unit | None:
    """The unit that ends ``span`` right after its value (``45 km``, ``5\\text{ cm}^2``, ``45^\\circ``)."""
    tail = span[-_TAIL_CHARS:]
    # isdecimal, not isdigit: a superscript "²" is a digit to Python, and the power of "cm²" here
    if tail.rstrip()[-1:].isdecimal() and not any(c in tail for c in _PRESENTATION_CHARS):
        return None  # a span ending on its number with no presentation to drop: most spans, without _plain
    tail = _plain(tail).rstrip()
    if not tail or (tail[-1].isdecimal() and "^" not in tail[-8:]):
        return None  # the common case, a span ending on its number
    m = _AT_END.search(tail)
    return _resolve(m) if m is not None else None


def unit_at_start(text: str) -> Unit | None:
    """The unit that opens ``text``, what follows an answer on its line (``$45$ km``: `` km``)."""
    head = text[:_TAIL_CHARS].split("\n", 1)[0]
    if not head or head[0] not in " \t$\\}*_^°º":
        return None  # "45." ends the statement; a unit glued to the number is inside the span already
    # "*3000* m", "*$13$* cm": emphasis and math close before the unit
    m = _AT_START.match(_plain(_CLOSERS.sub("", head, count=1)))
    return _resolve(m) if m is not None else None
