"""Where a value is attained (``The minimum is -4, attained when x = 1``): no condition on the value, so the
readers step past it."""

from __future__ import annotations

import re

from rewardkit.lazy_regex import lazy_compile

# where a value is attained, said right after it: "…, attained at $x = 1$", "which occurs when x = 2",
# "achieved for x = 3", "and it is reached at"; after an extreme value ("the minimum is …") a bare "at" or
# "when" says as much ("The minimum is -4 at x = 1"). What follows names the argument that gives the value: no
# condition on it, and no answer of its own
_ATTAINED_AT = lazy_compile(
    # (possessive: a run of spaces is read once, never split between the runs around what may stand in it)
    r"[ \t]*+[$)*_]*+(?:\\[)\]])?[ \t]*+(?P<stop>[,;.])?[ \t]*+"
    r"(?:(?P<verb>(?:(?P<subject>which|that|and(?:[ \t]+(?:it|this|that))?|this(?:[ \t]+value)?|it)[ \t]+)?"
    r"(?:is[ \t]+|are[ \t]+|gets[ \t]+)?(?:only[ \t]+)?(?:attained|achieved|reached|obtained|realized|"
    r"realised|assumed|occurs|occurring|happens|taken))[ \t]+)?"
    r"(?P<where>at|when|for|where|with)\b",
    re.IGNORECASE,
)
# an extreme value, named in the statement before it
_EXTREMUM = lazy_compile(
    r"\b(?:minimum|maximum|minimal|maximal|min|max|smallest|largest|least|greatest|lowest|highest|optimum|"
    r"optimal|extreme|peak)\b",
    re.IGNORECASE,
)
# the argument named after the phrase: math ("$x = \\frac32$", "\\(x = 1\\)"), a variable's value ("x = 3",
# "x = 3/2"), a quantity's ("the width is 5 m", "a width of 5"), a point ("(1, 2)"); several, listed
_ARGUMENT = (
    r"(?:\$[^$\n]{1,80}\$|\\\([^\n]{1,80}?\\\)|\([-−\d., ]{1,30}\)"
    r"|(?:[A-Za-z](?:_\{?\w{1,3}\}?)?[ \t]*=[ \t]*|(?:(?:the|a|an)[ \t]+)?(?:[a-z]+[ \t]+){0,2}"
    r"(?:is|equals|of|=)[ \t]+)[-−]?\d[\d,]*(?:\.\d+)?(?:/\d+)?(?:[ \t]+(?!(?:and|or|if)\b)[a-z]{1,12})?)"
)
_ARGUMENTS = lazy_compile(
    rf"[ \t]*(?:the[ \t]+point[ \t]+)?{_ARGUMENT}(?:[ \t]*(?:,|,?[ \t]*(?:and|or))[ \t]*{_ARGUMENT}){{0,3}}"
    r"[ \t*_]*"
)
# what may end the statement after the argument
_STATEMENT_STOP = frozenset(".!?;\n")


def attained_after(before: str, after: str) -> int | None:
    """How far the words right after a value go that say where it is attained (``, attained at``, ``which
    occurs when``; after an extreme value, ``at`` or ``when`` alone), or None when they say nothing of it.
    ``before``: the statement before the value, which names the extreme value.

    >>> after = ", attained at $x = 1$."
    >>> after[: attained_after("The minimum value is ", after)]
    ', attained at'
    >>> attained_after("The maximum is ", " at x = 2."), attained_after("The sum is ", " when n = 3.")
    (3, None)
    >>> attained_after("The maximum is ", ". This is achieved when x = 2."), attained_after("", ". At x = 2")
    (23, None)
    """
    m = _ATTAINED_AT.match(after)
    if m is None:
        return None
    if m["stop"] == "." and (m["subject"] is None or m["subject"].lower()[:1] not in "ti"):
        return None  # past a full stop, only "This is attained at", "It occurs when" go on about the value
    if m["verb"] is None:
        if m["where"].lower() not in ("at", "when"):
            return None
        sentence = before[-200:]
        sentence = sentence[max(sentence.rfind(". "), sentence.rfind("\n")) + 1 :]
        if _EXTREMUM.search(sentence) is None:
            return None  # "The sum is 7 when n = 3": a value under a condition, no extreme value attained
    return m.end()


def past_attained(before: str, after: str) -> str:
    """``after`` (the rest of a value's statement) past the words that say where the value is attained and
    the argument they name, when these end the statement: what ends it is kept (``.``, ``?``). Otherwise
    ``after`` as it is: a condition or another value after the argument still says what it says.

    >>> past_attained("The maximum is ", ", achieved when $x = 2$."), past_attained("", " when x = 2.")
    ('.', ' when x = 2.')
    """
    length = attained_after(before, after)
    if length is None:
        return after
    m = _ARGUMENTS.match(after, length)
    if m is None or (m.end() < len(after) and after[m.end()] not in _STATEMENT_STOP):
        return after
    return after[m.end() :]


# the stems one of which a text that says where a value is attained holds: a verb of attaining, or an
# extreme value before a bare "at"/"when"
_ATTAINED_STEMS = (
    "attain achiev reach occur obtain realiz realis assum happen taken minim maxim min max small larg least "
    "great lowest highest optim extrem peak"
).split()


def may_say_attained(text: str) -> bool:
    """Whether ``text`` holds a word :func:`attained_at_end` needs (a literal test, before its patterns)."""
    lowered = text.lower()
    return any(stem in lowered for stem in _ATTAINED_STEMS)


def attained_at_end(text: str) -> int | None:
    """Where the words start that end ``text`` by naming where the value before them is attained (``The
    minimum value is $-\\frac94$, attained at $x = \\frac32$.``): the argument that gives the value, after it,
    is no answer; None when the text does not end so.

    >>> text = "The minimum value is $-\\\\frac94$, attained at $x = \\\\frac32$."
    >>> text[: attained_at_end(text)]
    'The minimum value is $-\\\\frac94$'
    >>> attained_at_end("So the sum is 7 when n = 3."), attained_at_end("The minimum occurs at $x = 1$.")
    (None, None)
    """
    tail_at = max(0, len(text) - 300)
    tail = text[tail_at:]
    if not may_say_attained(tail):
        return None
    for m in reversed(list(_ATTAINED_WORDS.finditer(tail))):
        start = m.start()
        # the value stands right before the phrase, past math's close and a comma
        value_end = len(tail[:start].rstrip(" \t,;.*_"))
        if value_end == 0 or not (tail[value_end - 1].isdigit() or tail[value_end - 1] in "$)}"):
            continue
        rest = past_attained(tail[:value_end], tail[value_end:])
        if len(rest) < len(tail) - value_end and not rest.strip(" \t\n.!*_"):
            return tail_at + value_end
    return None


# the words that open the phrase: what the search tries first
_ATTAINED_WORDS = lazy_compile(
    r"(?i:\b(?:which|that|and|this|it|attained|achieved|reached|obtained|realized|realised|assumed|occurs|occurring|"
    r"happens|taken|at|when|for|where|with)\b)"
)
