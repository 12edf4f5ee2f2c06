"""Multiple-choice options named by their words.

With ``choices=["London", "Berlin", "Madrid", "Paris"]`` an answer may name an option by its words instead
of its letter: ``Answer: Paris`` answers D, ``Answer: Madrid`` answers C. Each option's words are read once
into a key (case, punctuation, spacing and a leading article do not count: ``the Pacific Ocean`` is ``Pacific
Ocean``), and an option is found in a text only as whole words (``Parisian`` names no ``Paris``).

>>> keys = option_keys(["London", "Berlin", "Madrid", "Paris"])
>>> keys
('london', 'berlin', 'madrid', 'paris')
>>> [(i, s, e) for i, s, e in options_named("The answer is PARIS.", keys)]
[(3, 14, 19)]
>>> options_named("Parisian food", keys)
[]

A letter stated with another option's words (``(C) Paris``, ``Paris (C)``) names two options and commits to
neither: :func:`words_disagreeing` says why.

>>> words_disagreeing("(C) Paris", 0, 3, "C", "ABCD", keys)
"the choice C is 'madrid', but '(C) Paris' names D ('paris')"
>>> words_disagreeing("Paris (C)", 6, 9, "C", "ABCD", keys)
"the choice C is 'madrid', but 'Paris (C)' names D ('paris')"
>>> words_disagreeing("(D) Paris", 0, 3, "D", "ABCD", keys) is None
True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from rewardkit.lazy_regex import lazy_compile

# what separates the words of an option: anything but a letter, a digit or an apostrophe inside a word
_NOT_A_WORD = lazy_compile(r"[^\w']+|_")
_ARTICLES = frozenset(("the", "a", "an"))
_LONGEST_OPTION = 300  # an option's words past this are a passage, not a name an answer repeats


def option_key(text: str) -> str:
    """The words of ``text`` as an option's name is compared: case-folded, punctuation and spacing dropped, a
    leading article left off.

    >>> option_key("  The Pacific  Ocean. "), option_key("Côte d’Ivoire"), option_key("**Paris**")
    ('pacific ocean', "côte d'ivoire", 'paris')
    """
    text = unicodedata.normalize("NFKC", text).casefold().replace("’", "'")
    words = [w.strip("'") for w in _NOT_A_WORD.sub(" ", text).split()]
    words = [w for w in words if w]
    if len(words) > 1 and words[0] in _ARTICLES:
        words = words[1:]
    return " ".join(words)


def option_keys(choices: Sequence[str], values: Sequence[object | None] = ()) -> tuple[str, ...]:
    """The key of each option text, aligned with the choices; ``""`` for an option that has no words to name
    it by: a number (``values[i]`` is its value, read as values are), a single letter, a passage.

    >>> option_keys(["12", "x", "no change", "Both A and B"], [12, None, None, None])
    ('', '', 'no change', 'both a and b')
    """
    keys = []
    for i, choice in enumerate(choices):
        key = option_key(choice) if len(choice) <= _LONGEST_OPTION else ""
        if (i < len(values) and values[i] is not None) or len(key) < 2 or not any(c.isalpha() for c in key):
            key = ""
        keys.append(key)
    return tuple(keys)


@lru_cache(maxsize=1024)
def _patterns(keys: tuple[str, ...]) -> tuple[re.Pattern[str] | None, ...]:
    """For each key, what finds its option's words in a text (whole words, any case or separator)."""
    return tuple(
        re.compile(r"(?<![\w'])" + r"[^\w]+".join(map(re.escape, key.split())) + r"(?![\w'])", re.IGNORECASE)
        if key
        else None
        for key in keys
    )


def options_named(text: str, keys: tuple[str, ...]) -> list[tuple[int, int, int]]:
    """Where ``text`` names an option by its words: ``(index, start, end)`` in the order they stand, an
    option named inside another's words left out (``Paris`` in ``Paris, Texas``, when both are options)."""
    if not any(keys):
        return []
    folded = unicodedata.normalize("NFKC", text).replace("’", "'")
    if len(folded) != len(text):
        return []  # positions would not be the text's own: nothing is read rather than something misplaced
    found = [
        (i, m.start(), m.end())
        for i, pattern in enumerate(_patterns(keys))
        if pattern is not None
        for m in pattern.finditer(folded)
    ]
    return sorted(
        (i, s, e)
        for i, s, e in found
        if not any((s2 <= s and e <= e2) and (s2, e2) != (s, e) for _, s2, e2 in found)
    )


# what may stand between a letter and the option's words it is stated with: "(C) Paris", "C: Paris",
# "C - Paris", "C, i.e. Paris", "Paris (C)", "Paris, option C"
_GAP_AFTER = lazy_compile(
    r"[\s).:,=(*_–—-]*(?:(?:which\s+is|that\s+is|i\.\s*e\.?|namely)[\s,:(*_]*)?(?:the\s+|an?\s+)?", re.I
)
_CLOSING = " \t.!*_)]}$"
_GAP_BEFORE = lazy_compile(
    r"(?:[\s,:;=(*_–—-]|\b(?:i\.\s*e\.?|which\s+is|that\s+is|namely|option|choice)\b)*$", re.I
)


def words_disagreeing(
    text: str, start: int, end: int, letter: str, letters: str, keys: tuple[str, ...]
) -> str | None:
    """Why the option words stated right after the choice ``letter`` (read from ``text[start:end]``: ``(C)
    Paris``) or right
    before it (``Paris (C)``) are another option's, or None: a letter and another option's words commit to
    neither. Words that are the letter's own option, or no option at all (a reason, a remark), say nothing
    against it."""
    index = letters.find(letter)
    if index < 0 or not any(keys):
        return None
    gap = _GAP_AFTER.match(text, end)
    after_at = gap.end() if gap is not None else end
    after = text[after_at : after_at + _LONGEST_OPTION]
    named = [n for n in options_named(after, keys) if n[1] == 0]
    if "." in text[end:after_at]:
        # "C. Paris" labels the option as a list does; "C. Paris is the capital." starts a sentence of its own
        named = [n for n in named if not after[n[2] :].strip(_CLOSING)]
    before = text[:start]
    before_end = _GAP_BEFORE.search(before)
    head = before[: before_end.start()] if before_end is not None else before
    named += [n for n in options_named(head, keys) if n[2] == len(head)]
    for other, _, _ in named:
        if other != index:
            own = f"{keys[index]!r}" if index < len(keys) and keys[index] else "another option"
            shown = text.strip()[:60]
            return f"the choice {letter} is {own}, but {shown!r} names {letters[other]} ({keys[other]!r})"
    return None
