"""Yes/no answers: the polarity a word answer states (``Yes``, ``nope``, ``of course not``) and where a
completion with no answer marker states one (``Yes, she has enough money.``, ``Is it possible? No.``).

A gold of ``yes``/``true`` or ``no``/``false`` is answered by any word of the same polarity: ``yep`` and
``True`` answer ``yes``. With no marker, a polarity word that opens a sentence and is set off by punctuation
(``No, she cannot.``, ``So, yes.``) is the answer; ``No one knows``, ``No problem!``, ``Yes?`` and ``Maybe
yes`` state none. Two sentences of opposite polarity are no answer (AMBIGUOUS), unless the later one corrects
the earlier (``Yes. Wait, no.``: a retraction opens it); a retraction after the last one takes it back.

>>> polarity("Yep"), polarity("of course not"), polarity("Monday")
(True, False, None)
>>> stated_polarity("Is it possible? No, she needs 3 more dollars.")
(16, 18, False)
>>> stated_polarity("Yes, at first. No, it is not.")
(15, 17, "several answers: 'Yes' and 'No' say both")
"""

from __future__ import annotations

import re

from rewardkit.commitment import RETRACTION, problem

_YES = ("yes", "yeah", "yep", "yup", "true", "of course", "certainly", "absolutely", "definitely",
        # the word alone in the languages read (French, German, Spanish, Portuguese, Italian, Russian,
        # Chinese)
        "oui", "ja", "sí", "si", "sim", "sì", "да", "是的", "对", "正确")  # fmt: skip
_NO = ("no", "nope", "nah", "false", "of course not", "certainly not", "absolutely not", "definitely not",
       "not at all", "non", "nein", "não", "nao", "нет", "否", "错", "错误", "不对", "不是")  # fmt: skip
_POLARITY = {**dict.fromkeys(_YES, True), **dict.fromkeys(_NO, False)}

# The words that answer a question in a sentence of their own: a polarity, set off by punctuation or the end.
# The phrases a reply opens with out of politeness ("Certainly! Let me …", "Sure, here is …") are left out.
_SENTENCE_WORDS = (
    # ("No. 5" numbers a thing)
    r"yes|yeah|yep|yup|no(?!\.\s*\d)|nope|nah|true|false|of\s+course(?:\s+not)?|definitely\s+not|absolutely\s+not"
)
# what may open the sentence before the word: a conclusion ("So, yes."), or a correction ("Wait, no.")
_LEAD = (
    r"(?:(?P<lead>so|thus|therefore|hence|then|overall|in\s+short|in\s+conclusion|but|wait|actually|oh|hmm|oops)"
    r"\s*,?\s*)?"
)
_STATED = re.compile(
    rf"(?:^|(?<=[.!?\n:]))[\s*_>#-]*{_LEAD}[*_\s]*(?P<word>{_SENTENCE_WORDS})[*_ \t]*(?=\s*(?:[.,!;:\n]|$))",
    re.IGNORECASE,
)
_CORRECTING = frozenset({"wait", "actually", "oh", "hmm", "oops"})
# a reply's opening courtesy, not an answer: "Yes, let's solve it step by step.", "Of course! Here is …"
_OPENS_A_REPLY = re.compile(
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
    sentence that opens on one (``Yes, she can.``, ``So, no.``) and the polarity, or a string saying why it
    commits to neither (both are said, a later sentence takes the answer back, the sentence hedges); None when
    no sentence opens on one."""
    found = [m for m in _STATED.finditer(region) if not _OPENS_A_REPLY.match(region, m.end())]
    if not found:
        return None
    last = found[-1]
    start, end = last.start("word"), last.end("word")
    said = polarity(last["word"])
    assert said is not None
    for earlier in found[:-1]:
        if polarity(earlier["word"]) != said and (last["lead"] or "").lower() not in _CORRECTING:
            return start, end, f"several answers: {earlier['word']!r} and {last['word']!r} say both"
    before = region[last.start() : start]  # the sentence's own lead-in
    why = problem(before, region[end : end + 300], words=True)
    if why is not None:
        return start, end, why
    if RETRACTION.search(region, last.end()):
        return start, end, f"retracted: a later sentence takes {last['word']!r} back"
    return start, end, said
