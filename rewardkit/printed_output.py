"""What the line a program printed says, when the text's last number stands on it.

A tool-using solver shows what its program printed in an output block (ToRA's fenced ``output`` block, or
an untagged block after the code). The last-number fallback reads one number off that line; the line says
more than one number can:

- several values printed on one line, ``print(apples, oranges)`` → ``12 30``, or ``12, 30``, ``(12, 30)``,
  ``[12, 30]``: several candidates, no answer to one value (a gold that lists values reads them as that list);
- several labelled values, sympy's solution ``{x: 3, y: 5}`` or ``apples: 12 oranges: 30``: the last number
  is one variable's value, and nothing says it is the one asked for (``{x: 3}`` alone states x = 3);
- one value in a printed form of sympy or numpy, ``Rational(3, 4)`` (3/4, no list ``(3, 4)``),
  ``Integer(5)``, ``Float('0.75', precision=53)``, ``np.float64(0.75)``, ``sqrt(2)/2``, ``pi/4``, ``oo``:
  read as the value it prints.

:func:`printed_line` finds the line and says which, or None (a line of one plain number, prose, code).

>>> printed_line("```output\\n12 30\\n```", False).why
"several values printed on one line: '12 30'"
>>> printed_line("```output\\nRational(3, 4)\\n```", False).read_as
'3/4'
>>> printed_line("```output\\n30\\n```", False) is None
True
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import NamedTuple

from rewardkit.lazy_regex import lazy_compile

# an output block that ends the text's last lines: its tag (output-like, or none after another block)
_OUTPUT_TAGS = frozenset({"output", "text", "console", "plaintext", "txt", "result", "stdout", ""})
_FENCE_TAG = lazy_compile(r"```[ \t]*([\w+#-]*)[ \t]*\n")
_TAIL_CHARS = 600

_NUMBER = r"[-−]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
# values printed side by side: "12 30" (print's separator), "12, 30", "(12, 30)", "[12, 30]", "{12, 30}"
_SPACED_RUN = lazy_compile(rf"{_NUMBER}(?:[ \t]+{_NUMBER})+")
_BRACKETED_RUN = lazy_compile(rf"[(\[{{]?[ \t]*{_NUMBER}(?:[ \t]*,[ \t]*{_NUMBER})+[ \t]*,?[ \t]*[)\]}}]?")
# a name and its value, as a dict, sympy's solve or a labelled print shows it: "x: 3", "'x': 3", "x = 3"
_NAMED = lazy_compile(rf"['\x22]?([A-Za-z_]\w*)['\x22]?[ \t]*[:=][ \t]*({_NUMBER})")
# a dict, sympy's solution: its values may be any expression ("{x: 3/2, y: sqrt(2)}"), and solve(…, dict=True)
# prints a list of them ("[{x: 3, y: 5}]")
_ENTRY = r"['\x22]?[A-Za-z_]\w*['\x22]?[ \t]*:[ \t]*[^,{}\n]+?"
_DICT = rf"\{{[ \t]*{_ENTRY}(?:[ \t]*,[ \t]*{_ENTRY})*[ \t]*,?[ \t]*\}}"
_MAPPING = lazy_compile(rf"\[?[ \t]*{_DICT}(?:[ \t]*,[ \t]*{_DICT})*[ \t]*\]?")
_ENTRY_PARTS = lazy_compile(r"['\x22]?([A-Za-z_]\w*)['\x22]?[ \t]*:[ \t]*([^,{}\n]+?)[ \t]*(?=[,}])")
_LABELLED_RUN = lazy_compile(rf"{_NAMED.pattern}(?:[ \t]*[,;]?[ \t]+{_NAMED.pattern})+")
# the printed forms of one value: sympy's srepr and numpy's scalars, each with the plain value it prints
_RATIONAL = lazy_compile(r"(?:sympy\.|sp\.)?Rational\([ \t]*([-−]?\d+)[ \t]*,[ \t]*([-−]?\d+)[ \t]*\)")
_WRAPPED = lazy_compile(
    r"(?:sympy\.|sp\.)?(?:Integer|Float)\([ \t]*['\x22]?([-−]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)['\x22]?"
    r"(?:[ \t]*,[ \t]*(?:precision|dps)[ \t]*=[ \t]*\d+)?[ \t]*\)|"
    r"(?:np|numpy)\.(?:float|int|uint)(?:16|32|64|128)?\([ \t]*([-−]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)[ \t]*\)"
)
# what a printed expression of sympy may hold once its wrapped numbers are plain: numbers, operators,
# brackets, sqrt, pi and infinity ("sqrt(2)/2", "pi/4", "2*sqrt(3)", "oo")
_SYMPY_EXPRESSION = lazy_compile(r"(?:[\d.+\-*/^() \t]|sqrt|pi|oo)+")


class Printed(NamedTuple):
    """The printed line (``start``/``end`` in the region), and either the math it states (``read_as``) or why
    it states no one value (``why``)."""

    start: int
    end: int
    read_as: str | None
    why: str | None


def printed_line(region: str, lists: bool) -> Printed | None:
    """What the last line of the output block that ends ``region`` says, when it is more than one plain
    number (see the module's docstring), or None. ``lists``: the gold lists values, so values printed side
    by side are read as that list."""
    tail_at = max(0, len(region) - _TAIL_CHARS)
    closing = region.rfind("```", tail_at)
    if closing < 0 or any(c.isdigit() for c in region[closing:]):
        return None  # the text ends in no block, or states a value after it: what it says there is read
    opening = region.rfind("```", tail_at, closing)
    if opening < 0 or region.count("```", 0, opening) % 2:
        return None
    tag = _FENCE_TAG.match(region, opening)
    if tag is None or tag[1].lower() not in _OUTPUT_TAGS:
        return None  # code, not what it printed
    if not tag[1] and not region[:opening].rstrip().endswith("```"):
        return None  # an untagged block is an output only right after the code that printed it
    body_end = len(region[:closing].rstrip())
    line_start = region.rfind("\n", tag.end() - 1, body_end) + 1
    line = region[line_start:body_end]
    start = line_start + len(line) - len(line.lstrip())
    text = line.strip()
    if not text or (not any(c.isdigit() for c in text) and "oo" not in text and "pi" not in text):
        return None
    found = _reading(text, lists)
    return None if found is None else Printed(start, body_end, *found)


def _reading(text: str, lists: bool) -> tuple[str | None, str | None] | None:
    if _SPACED_RUN.fullmatch(text) or (_BRACKETED_RUN.fullmatch(text) and "," in text):
        if len({Fraction(n.replace("−", "-")) for n in re.findall(_NUMBER, text)}) == 1:
            return None  # "30 30", "30 30.0": one value printed twice
        if lists:  # a tuple prints as one, "(12, 30)"; a list's brackets are no interval ("[12, 30]")
            listed = ", ".join(re.findall(_NUMBER, text))
            return (f"({listed})" if text.startswith("(") else listed), None
        return None, f"several values printed on one line: {text[:60]!r}"
    mapping = _MAPPING.fullmatch(text)
    if mapping is not None or _LABELLED_RUN.fullmatch(text):
        pairs = _ENTRY_PARTS.findall(text) if mapping is not None else _NAMED.findall(text)
        names = {name for name, _ in pairs}
        if len(pairs) >= 2:
            if lists and len(names) == len(pairs):
                return ", ".join(f"{name} = {value}" for name, value in pairs), None
            shown = ", ".join(sorted(names))[:40]
            return None, f"several labelled values printed ({shown}): the last number is one of them"
        return None
    plain = _WRAPPED.sub(lambda m: m[1] or m[2], _RATIONAL.sub(r"(\1/\2)", text))
    if plain == text and not any(word in text for word in ("sqrt", "pi", "oo")):
        return None  # "30", "The total is 30": the other readers read it
    if not _SYMPY_EXPRESSION.fullmatch(plain):
        return None
    plain = re.sub(r"\boo\b", r"\\infty", plain.replace("**", "^"))
    if plain.startswith("(") and plain.endswith(")") and plain.count("(") == 1:
        plain = plain[1:-1]  # "Rational(3, 4)" alone: 3/4
    return plain, None
