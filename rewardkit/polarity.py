"""Yes/no answers: the polarity a word answer states (``Yes``, ``nope``, ``of course not``) and where a
completion with no answer marker states one (``Yes, she has enough money.``, ``Is it possible? No.``).

A gold of ``yes``/``true``/``correct`` or ``no``/``false``/``incorrect`` is answered by any word of the
same polarity: ``yep``, ``True`` and ``correct`` answer ``yes``. With no marker, a polarity word that opens a
sentence and is set off by punctuation (``No, she cannot.``, ``So, yes.``, ``I think yes``, ``…, so no.``) is
the answer; ``No one knows``, ``No problem!``, ``Yes?``, ``Maybe yes`` and ``I guess yes`` state none. So is
a verdict on the statement asked about (``The statement is false.``, ``This claim is not true.``; ``That is
correct.`` only right after a question); ``is not false`` (a double negation) and ``is probably true`` are
no answer. Chinese says its yes or no (``答案：是``, ``不够。``) in English by the time it is read here
(:mod:`rewardkit.languages.chinese`). Two sentences of opposite polarity are no answer (AMBIGUOUS), unless the
later one corrects the earlier (``Yes. Wait, no.``: a retraction opens it); a retraction after the last one
takes it back.

>>> polarity("Yep"), polarity("of course not"), polarity("Monday")
(True, False, None)
>>> stated_polarity("Is it possible? No, she needs 3 more dollars.")
(16, 18, False)
>>> stated_polarity("Yes, at first. No, it is not.")
(15, 17, "several answers: 'Yes' and 'No' say both")
"""

from __future__ import annotations

import re

from rewardkit.commitment import problem
from rewardkit.commitment.retractions import RETRACTION
from rewardkit.lazy_regex import lazy_compile

_YES = ("yes", "yeah", "yep", "yup", "true", "of course", "certainly", "absolutely", "definitely",
        # the word alone in the languages read (French, German, Spanish, Portuguese, Italian, Russian,
        # Chinese)
        "oui", "ja", "sí", "si", "sim", "sì", "да", "是的", "对", "正确",
        # Japanese, the word alone (its hedges are not read: only a completion or a marker's span of the word)
        "はい",
        # a verdict on a statement: "correct" answers "yes" and "true", "incorrect" answers "no" and "false"
        "correct")  # fmt: skip
_NO = ("no", "nope", "nah", "false", "of course not", "certainly not", "absolutely not", "definitely not",
       "not at all", "non", "nein", "não", "nao", "нет", "否", "错", "错误", "不对", "不是", "いいえ",
       "incorrect", "not true", "not correct")  # fmt: skip
_POLARITY = {**dict.fromkeys(_YES, True), **dict.fromkeys(_NO, False)}

# The words that answer a question in a sentence of their own: a polarity, set off by punctuation or the end.
# The phrases a reply opens with out of politeness ("Certainly! Let me …", "Sure, here is …") are left out.
_SENTENCE_WORDS = (
    # ("No. 5" numbers a thing)
    r"yes|yeah|yep|yup|no(?!\.\s*\d)|nope|nah|true|false|of\s+course(?:\s+not)?|definitely\s+not|absolutely\s+not"
)
# what may open the sentence before the word: a conclusion ("So, yes."), a correction ("Wait, no."), an
# opinion ("I think yes", "I'd say no": as "I think the answer is 5" commits, so does "I think yes"; a guess,
# "I guess yes", "Maybe yes", opens no sentence on its word)
_LEAD = (
    r"(?:(?P<lead>so|thus|therefore|hence|then|overall|in\s+short|in\s+conclusion|but|wait|actually|oh|hmm|oops)"
    r"\s*,?\s*)?"
    r"(?:(?:i\s+(?:think|believe)|i(?:'d|’d|\s+would)\s+say)\s*,?\s*)?"
)
# a sentence opens at the start, after a full stop, a question or a colon, and a conclusion after a comma too
# ("She has 20 and needs 15, so yes.")
_OPENS = r"(?:^|(?<=[.!?\n:])|(?<=,)(?=\s*(?:so|thus|therefore|hence)\b))"
# what may follow the word that answers or the verdict, in its sentence: its end, or its reason ("True,
# because …", "False — 91 = 7 × 13.", "Yes because she saved 20"); a condition ("true only if …", "true for
# n > 2", "true as long as …") is no reason, and leaves the sentence no answer
_ENDS_OR_GIVES_REASON = r"(?=\s*(?:[.!;:\n—–]|$|-\s)|,?\s*(?:because|since)\b)"
_STATED = lazy_compile(
    rf"{_OPENS}[\s*_>#-]*{_LEAD}[*_\s]*(?P<word>{_SENTENCE_WORDS})[*_ \t]*"
    rf"(?:{_ENDS_OR_GIVES_REASON}|(?=\s*,))",
    re.IGNORECASE,
)
# A verdict on the statement asked about: "The statement is false.", "So the claim is true", "This is
# incorrect." A pronoun ("That is correct.") may name a step of the reasoning, a check that closes it: it
# answers only right after a question (or as the whole completion). "is not true" says false; "is not false"
# (a double negation, often "not entirely false") is no answer.
_VERDICT = lazy_compile(
    rf"{_OPENS}[\s*_>#-]*{_LEAD}[*_\s]*"
    r"(?:(?:the|this|that)\s+(?:given\s+|original\s+|above\s+|first\s+|second\s+)?"
    r"(?:statement|claim|assertion|proposition|conjecture)"
    # the statement quoted after its noun: 'The statement "91 is prime" is false.'
    r"(?:\s*(?:\x22[^\x22\n]{1,200}\x22|“[^”\n]{1,200}”|‘[^’\n]{1,200}’|(?<=\s)'[^'\n]{1,200}'(?=\s)))?"
    r"|(?P<pronoun>that|this|it))"
    r"(?:\s+(?:is|was)|'s|’s)(?:\s+(?P<adverb>indeed|therefore|thus|hence|clearly|definitely|"
    r"probably|possibly|likely|perhaps|maybe))?(?:\s+[*_]*\s*(?P<not>not)|(?P<contracted>n't|n’t))?\s+[*_]*\s*"
    # (a comma only before a reason: "false, as 91 = 7 × 13"; "true, but only if …" is no verdict)
    rf"(?P<word>true|false|correct|incorrect)[*_ \t]*(?:{_ENDS_OR_GIVES_REASON}|(?=,\s*as\b))",
    re.IGNORECASE,
)
# what, right after the word, narrows what it says to some cases: "True — but only for even n.", "Yes,
# except on Sundays", "False, unless n = 0", "True, though not always": the answer holds in part, no answer
# ("No, only 12 eggs are left." gives its reason)
_RESTRICTED_AFTER = lazy_compile(
    r"[\s*_,;:—–-]*(?:(?:but|and|though|although|yet)\s+)?(?:only\s+(?:if|when|whenever|for|in|under|as\s+long|"
    r"provided)|except|unless|not\s+(?:always|necessarily|in\s+general|for\s+(?:all|every|each)))\b",
    re.IGNORECASE,
)
_CORRECTING = frozenset({"wait", "actually", "oh", "hmm", "oops"})
# a reply's opening courtesy, not an answer: "Yes, let's solve it step by step.", "Of course! Here is …"
_OPENS_A_REPLY = lazy_compile(
    r"[*_]*[\s,.!:;-]*(?:let(?:'s|\s+me(?!\s+know)|\s+us)|i(?:'ll|\s+will|\s+can)|we(?:'ll|\s+will|\s+can)|here(?:'s|\s+is))\b",
    re.IGNORECASE,
)


def polarity(text: str) -> bool | None:
    """True for a word answer that says yes (``yes``, ``yep``, ``true``, ``of course``), False for one that
    says no (``no``, ``nope``, ``false``, ``not at all``), None for any other text. Case and spacing do not
    matter."""
    return _POLARITY.get(" ".join(text.lower().split()))


def stated_polarity(region: str) -> tuple[int, int, bool | str] | None:
    """Where a completion with no answer marker says yes or no: the span of the polarity word of its last
    sentence that opens on one (``Yes, she can.``, ``So, no.``, ``I think yes``) or that calls the statement
    asked about true or false (``The statement is false.``), and the polarity, or a string saying why it
    commits to neither (both are said, a later sentence takes the answer back, the sentence hedges); None when
    no sentence opens on one.

    >>> stated_polarity("I think yes.")
    (8, 11, True)
    >>> stated_polarity("Check the cases. The statement is not true.")
    (34, 42, False)
    >>> stated_polarity("The claim is probably true.")[2]
    "hedged: 'The claim is probably …' does not commit to the value"
    """
    found = [m for m in _STATED.finditer(region) if not _OPENS_A_REPLY.match(region, m.end())]
    lowered = region.lower()
    if "true" in lowered or "false" in lowered or "correct" in lowered:  # a literal test before the pattern
        found += [m for m in _VERDICT.finditer(region) if _answers_a_question(region, m)]
        found.sort(key=lambda m: m.start("word"))
    if not found:
        return None
    last = found[-1]
    start, end = _span(last)
    said = _said(last)
    if said is None:
        return start, end, f"double negation: {region[start:end]!r} says what the statement is not"
    for earlier in found[:-1]:
        if _said(earlier) is (not said) and (last["lead"] or "").lower() not in _CORRECTING:
            both = region[slice(*_span(earlier))]
            return start, end, f"several answers: {both!r} and {region[start:end]!r} say both"
    # the sentence's own lead-in ("So", "I think", "The statement is probably"), less its "not" (read above)
    negation = _negation(last)
    before = region[last.start() : last.start("word")]
    if negation is not None:
        before = region[last.start() : negation[0]] + region[negation[1] : last.start("word")]
    why = problem(before, region[end : end + 300], words=True)
    if why is not None:
        return start, end, why
    restricted = _RESTRICTED_AFTER.match(region, end)
    if restricted is not None:
        shown = region[end : restricted.end()].strip()
        return start, end, f"restricted: '… {shown}' says {region[start:end]!r} holds only in part"
    if RETRACTION.search(region, last.end()):
        return start, end, f"retracted: a later sentence takes {region[start:end]!r} back"
    return start, end, said


def _negation(m: re.Match[str]) -> tuple[int, int] | None:
    """Where the "not" (or "n't") of a verdict (_VERDICT) stands; None for a sentence that holds none."""
    for group in ("not", "contracted"):
        if group in m.re.groupindex and m[group] is not None:
            return m.start(group), m.end(group)
    return None


def _span(m: re.Match[str]) -> tuple[int, int]:
    """The answer a sentence found by _STATED or _VERDICT states: its word, with the "not" before it."""
    negation = _negation(m)
    return (negation[0] if negation is not None else m.start("word")), m.end("word")


def _said(m: re.Match[str]) -> bool | None:
    """The polarity a sentence found by _STATED or _VERDICT states: its word's, turned by a "not" ("is not
    true" says no); None for a "not" before a word that says no ("is not false", a double negation)."""
    said = polarity(m["word"])
    assert said is not None
    if _negation(m) is None:
        return said
    return False if said else None


def _answers_a_question(region: str, m: re.Match[str]) -> bool:
    """Whether a verdict said of a pronoun ("That is correct.") answers the question: it opens the completion
    or follows a question mark. A verdict said of the statement asked about answers wherever it stands."""
    if m["pronoun"] is None:
        return True
    before = region[: m.start()].rstrip(" \t\n*_>#-")
    return not before or before.endswith("?")
