"""Other fields of a JSON or YAML answer that offer other values beside it.

A structured answer states its value under its answer key (``{"answer": 72}``, ``answer: 72``). A field of
the same object that offers other values as alternatives (``"alternatives": [70, 71]``, ``"candidates"``,
``"options"``, ``"other_answers"``, ``"backup_answer"``, ``"second_guess"``) hedges between them, as ``72, but
70 also works`` does: the object commits to none. A field that offers nothing (``[]``, ``null``, ``"none"``,
the answer itself again) hedges nothing, and neutral fields (``"unit": "cm"``, ``"steps": […]`` with numbers,
``"confidence": 0.9``) say something else. The working told after the answer in its object (``"explanation":
"6 packs of 8 cans = 48 cans"``) is read as an ``Explanation:`` line after an answer line is
(:func:`working_after`): where it concludes on another value, the object goes past its answer.

>>> alternatives_beside('{"answer": 72, "alternatives": [70, 71]}', 11, 13)
"several answers: the field 'alternatives' offers [70, 71] beside the answer"
>>> alternatives_beside('{"answer": 72, "unit": "cm", "alternatives": []}', 11, 13) is None
True
"""

from __future__ import annotations

import re
from fractions import Fraction

from rewardkit.lazy_regex import lazy_compile

_WINDOW = 800
# a key that offers values beside the answer (quoted in JSON, bare in YAML), and the start of its value
_KEY = (
    r"(?:(?:other|alternative|alternate|possible|candidate|backup|fallback|second(?:ary)?|"
    r"runner[_ -]?up)[_ -]?(?:answers?|values?|results?|solutions?|guess(?:es)?|choices?|options?)|"
    r"alternatives?|alternates?|"
    r"candidates?|options?|also[_ -]?(?:possible|valid|correct))"
)
_ALTERNATIVE_FIELD = lazy_compile(
    rf"""(?:^|(?<=[\s{{,]))(?P<quote>["']?)(?P<key>{_KEY})(?P=quote)[ \t]*:[ \t]*""",
    re.IGNORECASE | re.MULTILINE,
)
# every key above holds one of these, lower-cased: a literal scan settles most answers
_STEMS = (
    "altern",
    "other",
    "possible",
    "candidate",
    "backup",
    "fallback",
    "second",
    "runner",
    "option",
    "also",
)
# a value that offers nothing
_EMPTY = frozenset({"", "[]", "{}", "null", "none", "nil", "~", "n/a", "na", "false", '""', "''", "[ ]"})
_ITEM = lazy_compile(r"""["']([^"'\n]*)["']|([^\s,\[\]{}"'-][^,\[\]{}\n]*)""")


def alternatives_beside(text: str, start: int, end: int) -> str | None:
    """Why the JSON object or YAML block that states the answer at ``text[start:end]`` (under its answer key)
    offers other values beside it, or None."""
    window_start = max(0, start - _WINDOW)
    if text.rfind("{", window_start, start) < 0 and not _yaml_beside(text, start, end):
        return None  # no object can hold it, no YAML line beside its line: most answers, "…\nAnswer: 72"
    window = text[window_start : end + _WINDOW]
    at, till = start - window_start, end - window_start
    scope = _object_around(window, at, till)
    in_yaml = scope is None
    scope = scope or _block_around(window, at, till)
    if scope is None:
        return None
    # (the keys are looked for in the object or block alone: the words of the reasoning around a plain
    # "Answer: 72" line, "other", "also", "second", are no field of it)
    lowered = window[scope[0] : scope[1]].lower()
    if not any(stem in lowered for stem in _STEMS):
        return None
    answer = text[start:end].strip().strip("\"'")
    for field in _ALTERNATIVE_FIELD.finditer(window, *scope):
        if in_yaml and field["key"].lower() in ("option", "options"):
            continue  # "Answer: C\nOptions: (A) 12 …": below a marker's line, the question's options copied
        if field.end() <= at or field.start() >= till:  # (a field around the answer's own value is no other)
            value = _value(window, field.end(), scope[1])
            items = [(a or b).strip() for a, b in _ITEM.findall(value)]
            offered = [
                item for item in items if item and item.lower() not in _EMPTY and not _same(item, answer)
            ]
            if value.strip().lower() in _EMPTY or not offered:
                continue  # "alternatives": [], [72]: nothing offered beside the answer
            shown = " ".join(value.split())[:40]
            return f"several answers: the field {field['key']!r} offers {shown} beside the answer"
    return None


def _yaml_beside(text: str, start: int, end: int) -> bool:
    """Whether the line before or after the line of ``text[start:end]`` is a line a YAML block may hold."""
    line_start = text.rfind("\n", 0, start) + 1
    if line_start > 0:
        previous = text.rfind("\n", 0, line_start - 1) + 1
        if _YAML_LINE.match(text, previous, line_start - 1):
            return True
    line_end = text.find("\n", end)
    if line_end < 0:
        return False
    following = text.find("\n", line_end + 1)
    return _YAML_LINE.match(text, line_end + 1, len(text) if following < 0 else following) is not None


def _same(item: str, answer: str) -> bool:
    """Whether a field's item says the answer again (``72`` beside ``72.0`` or ``$72$``)."""
    if item == answer:
        return True
    try:
        return Fraction(item.strip("$*_ ")) == Fraction(answer.strip("$*_ "))
    except (ValueError, ZeroDivisionError):
        return False


def _object_around(window: str, at: int, till: int) -> tuple[int, int] | None:
    """The span of the innermost JSON object (``{…}``) that holds ``window[at:till]``, or None."""
    if window.rfind("{", 0, at) < 0:
        return None  # no brace before it: most answers, found without the walk back a character at a time
    depth, opened = 0, -1
    for i in range(at - 1, -1, -1):
        c = window[i]
        if c == "}":
            depth += 1
        elif c == "{":
            if depth == 0:
                opened = i
                break
            depth -= 1
    if opened < 0:
        return None
    depth = 0
    for i in range(till, len(window)):
        c = window[i]
        if c == "{":
            depth += 1
        elif c == "}":
            if depth == 0:
                return opened, i + 1
            depth -= 1
    return None


_YAML_KEY_LINE = lazy_compile(r"[ \t]*(?:-[ \t]*)?[\"']?\w+[\"']?[ \t]*:")


def _block_around(window: str, at: int, till: int) -> tuple[int, int] | None:
    """The YAML block whose ``key: value`` line holds ``window[at:till]``: the lines around it that are YAML
    too (keys, list items, indented values), up to a blank line or a line of prose each way; or None. A
    marker's line in prose (``… = 72 clips.\nAnswer: 72``) is a block of its own line."""
    line_start = window.rfind("\n", 0, at) + 1
    if _YAML_KEY_LINE.match(window, line_start) is None:
        return None
    start = line_start
    while start > 0:
        previous = window.rfind("\n", 0, start - 1) + 1
        if not _YAML_LINE.match(window, previous, start - 1):
            break
        start = previous
    end = window.find("\n", till)
    while end >= 0:
        following = window.find("\n", end + 1)
        stop = len(window) if following < 0 else following
        if not _YAML_LINE.match(window, end + 1, stop):
            break
        end = following
    return start, (len(window) if end < 0 else end)


# a line a YAML block may hold: a key, a list item, an indented value (not a blank line, not prose)
_YAML_LINE = lazy_compile(r"[ \t]*(?:-[ \t]*)?[\"']?\w+[\"']?[ \t]*:|[ \t]*-[ \t]+\S|[ \t]+\S")


def _value(window: str, begin: int, scope_end: int) -> str:
    """The value of a field that begins at ``begin``: a bracketed list, a quoted string or a scalar to the
    line's end or the next comma, or a YAML list on the lines below."""
    rest = window[begin:scope_end]
    if rest[:1] in "[{":
        close = "]" if rest[0] == "[" else "}"
        end = rest.find(close)
        return rest[: end + 1] if end >= 0 else rest.split("\n", 1)[0]
    if rest[:1] in "\"'":
        end = rest.find(rest[0], 1)
        return rest[: end + 1] if end > 0 else rest.split("\n", 1)[0]
    line = rest.split("\n", 1)[0]
    if not line.strip():  # "alternatives:\n  - 70\n  - 71": a YAML list below its key
        items = re.match(r"(?:\n[ \t]*-[ \t]*[^\n]*)+", rest[len(line) :])
        return items.group() if items is not None else ""
    return re.split(r"[,}]", line, maxsplit=1)[0]


def offered_as_alternative(region: str, start: int) -> str | None:
    """Why the value at ``region[start]``, read by the last-number fallback, stands in a field that offers
    alternatives (``final_answer: 72\\nother_answers: 70``: 70 is offered beside another answer, never
    stated as one), or None.

    >>> offered_as_alternative("final_answer: 72\\nother_answers: 70", 33)
    "offered as an alternative: the field 'other_answers' lists it as a candidate, no answer"
    >>> offered_as_alternative("So she has 70 apples.", 11) is None
    True
    """
    line_start = region.rfind("\n", 0, start) + 1
    line = region[line_start:start]
    # the field's key stands on the value's line ("other_answers: 70", '"alternatives": [70'), or the value is
    # an item of a YAML list below it ("  - 70"): most last numbers stand on neither
    if ":" not in line and not region[line_start : start + 1].lstrip().startswith("-"):
        return None
    window_start = max(0, line_start - 300)
    lowered = region[window_start:start].lower()
    if not any(stem in lowered for stem in _STEMS):
        return None
    fields = list(_ALTERNATIVE_FIELD.finditer(region, window_start, start))
    if not fields:
        return None
    field = fields[-1]
    value = _value(region, field.end(), min(len(region), field.end() + 400))
    if not field.end() <= start < field.end() + max(1, len(value)):
        return None
    return f"offered as an alternative: the field {field['key']!r} lists it as a candidate, no answer"


# a JSON field after the answer's value in its object: its key, and a string or a list of strings as its value
_FIELD_AFTER = lazy_compile(
    r"""[ \t\n]*,[ \t\n]*"(?P<key>[A-Za-z_ -]{1,40})"[ \t]*:[ \t\n]*"""
    r"""(?:"(?P<text>(?:[^"\\\n]|\\.){0,2000})"|"""
    r"""(?P<list>\[[ \t\n]*"(?:[^"\\\n]|\\.|"[ \t\n]*,[ \t\n]*"){0,2000}"[ \t\n]*\])|"""
    r"""[^,{}\[\]"\n]{0,60})"""
)
# the keys of the working (the words of an "Explanation:" heading, conclusions.WORKING_WORDS of
# rewardkit.commitment, and their kin)
_WORKING_KEY = lazy_compile(
    r"(?:explanation|justification|reasoning|rationale|solution|working|derivation|details|analysis|why|work|"
    r"steps?|calculations?|computation)",
    re.IGNORECASE,
)
_ESCAPES = {"n": "\n", "t": " ", '"': '"', "\\": "\\", "/": "/"}
_ESCAPE = lazy_compile(r"\\(.)")


def working_after(tail: str) -> str | None:
    """The working a JSON object tells after its answer's value (``, "explanation": "…"}``), as the lines an
    ``Explanation:`` heading opens; None when the text after the value opens no such field.

    >>> working_after(', "explanation": "6 packs of 8 cans = 48 cans"}')
    'Explanation: 6 packs of 8 cans = 48 cans'
    >>> working_after(', "unit": "cans"}'), working_after(". So she has 48 cans.")
    (None, None)
    """
    at = 0
    told: list[str] = []
    while len(told) < 8:
        field = _FIELD_AFTER.match(tail, at)
        if field is None:
            break
        at = field.end()
        if _WORKING_KEY.fullmatch(field["key"].strip()) is None:
            continue
        if field["text"] is not None:
            told.append(field["text"])
        elif field["list"] is not None:
            told.extend(re.findall(r'"((?:[^"\\\n]|\\.)*)"', field["list"]))
    if not told:
        return None
    text = "\n".join(_ESCAPE.sub(lambda m: _ESCAPES.get(m[1], m[1]), item) for item in told)
    return f"Explanation: {text}"
