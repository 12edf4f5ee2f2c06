"""Other fields of a JSON or YAML answer that offer other values beside it.

A structured answer states its value under its answer key (``{"answer": 72}``, ``answer: 72``). A field of
the same object that offers other values as alternatives (``"alternatives": [70, 71]``, ``"candidates"``,
``"options"``, ``"other_answers"``, ``"backup_answer"``, ``"second_guess"``) hedges between them, as ``72, but
70 also works`` does: the object commits to none. A field that offers nothing (``[]``, ``null``, ``"none"``,
the answer itself again) hedges nothing, and neutral fields (``"unit": "cm"``, ``"explanation": "…"``,
``"steps": […]`` with numbers, ``"confidence": 0.9``) say something else.

>>> alternatives_beside('{"answer": 72, "alternatives": [70, 71]}', 11, 13)
"several answers: the field 'alternatives' offers [70, 71] beside the answer"
>>> alternatives_beside('{"answer": 72, "unit": "cm", "alternatives": []}', 11, 13) is None
True
"""

from __future__ import annotations

import re

_WINDOW = 800
# a key that offers values beside the answer (quoted in JSON, bare in YAML), and the start of its value
_KEY = (
    r"(?:(?:other|alternative|alternate|possible|candidate|backup|fallback|second(?:ary)?|"
    r"runner[_ -]?up)[_ -]?(?:answers?|values?|results?|solutions?|guess(?:es)?|choices?|options?)|"
    r"alternatives?|alternates?|"
    r"candidates?|options?|also[_ -]?(?:possible|valid|correct))"
)
_ALTERNATIVE_FIELD = re.compile(
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
_ITEM = re.compile(r"""["']([^"'\n]*)["']|([^\s,\[\]{}"'-][^,\[\]{}\n]*)""")


def alternatives_beside(text: str, start: int, end: int) -> str | None:
    """Why the JSON object or YAML block that states the answer at ``text[start:end]`` (under its answer key)
    offers other values beside it, or None."""
    window_start = max(0, start - _WINDOW)
    window = text[window_start : end + _WINDOW]
    lowered = window.lower()
    if not any(stem in lowered for stem in _STEMS):
        return None
    at, till = start - window_start, end - window_start
    scope = _object_around(window, at, till)
    in_yaml = scope is None
    scope = scope or _block_around(window, at, till)
    if scope is None:
        return None
    answer = text[start:end].strip().strip("\"'")
    for field in _ALTERNATIVE_FIELD.finditer(window, *scope):
        if in_yaml and field["key"].lower() in ("option", "options"):
            continue  # "Answer: C\nOptions: (A) 12 …": below a marker's line, the question's options copied
        if field.end() <= at or field.start() >= till:  # (a field around the answer's own value is no other)
            value = _value(window, field.end(), scope[1])
            items = [(a or b).strip() for a, b in _ITEM.findall(value)]
            offered = [item for item in items if item and item.lower() not in _EMPTY and item != answer]
            if value.strip().lower() in _EMPTY or not offered:
                continue  # "alternatives": [], [72]: nothing offered beside the answer
            shown = " ".join(value.split())[:40]
            return f"several answers: the field {field['key']!r} offers {shown} beside the answer"
    return None


def _object_around(window: str, at: int, till: int) -> tuple[int, int] | None:
    """The span of the innermost JSON object (``{…}``) that holds ``window[at:till]``, or None."""
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


_YAML_KEY_LINE = re.compile(r"[ \t]*(?:-[ \t]*)?[\"']?\w+[\"']?[ \t]*:")


def _block_around(window: str, at: int, till: int) -> tuple[int, int] | None:
    """The YAML block (its lines up to a blank line each way) whose ``key: value`` line holds
    ``window[at:till]``, or None."""
    line_start = window.rfind("\n", 0, at) + 1
    if _YAML_KEY_LINE.match(window, line_start) is None:
        return None
    blank_before = window.rfind("\n\n", 0, line_start)
    blank_after = window.find("\n\n", till)
    return (0 if blank_before < 0 else blank_before + 2), (len(window) if blank_after < 0 else blank_after)


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
