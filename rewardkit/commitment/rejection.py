"""Whether a value, or an option, is called wrong or rejected (``x = 5 is extraneous``, ``72 (rejected)``),
and which reason clauses speak of another value than the one stated."""

from __future__ import annotations

import re
from collections.abc import Iterator

from rewardkit.commitment.shared_words import (
    A_DIGIT,
    CALLED_RIGHT,
    LATER_SENTENCE,
    NEGATED,
    NO_LETTERS,
    NOT_CLAIMED,
    why_after,
)
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import CARDINAL_WORDS, Quantity, same_quantity, scan

# ... or rejects it, with no other value between: "x = 5 is extraneous", "72 (rejected)", "72 ✗", "72 does not
# work", "72 cannot be the answer", "72 was my first thought, but it's wrong" ("72 because 96 does not work"
# rejects 96, not 72)
_REJECTED_AFTER = lazy_compile(
    r"^[\s$*_)\]\\]*(?:✗|✘|❌|❎|\\times\b(?=[\s$)]*$))|"
    r"^(?:[^\d.;!?\n]){0,60}?(?:\b(?:extraneous|(?:reject|discard)(?:ed|s)?|inadmissible|not\s+admissible|"
    r"(?:is|are|was|seems|looks)\s+(?:(?:far|way|much)\s+)?too\s+(?:large|big|small|high|low|many|few)|"
    r"(?:is|are|was|be)\s+(?:impossible|invalid|not\s+(?:valid|possible|allowed|right|correct|a\s+(?:valid\s+)?solution|"
    r"the\s+(?:final\s+|correct\s+|right\s+|real\s+)?answer))|(?:does|do|did)\s*(?:not|n't)\s+(?:work|satisfy|hold|fit|check\s+out)|fails?\b|"
    r"(?:isn'?t|aren'?t|wasn'?t)\s+(?:right|correct|valid|possible|the\s+answer)|"
    r"(?:cannot|can\s*not|can't|could\s*not|couldn't)\s+be\s+(?:the\s+|an?\s+)?(?:answer|right|correct|"
    r"solution|valid)|(?:it|this|that)(?:'s|\s+is|\s+was)\s+(?:wrong|incorrect|not\s+(?:right|correct)))\b)",
    re.IGNORECASE,
)
# a reason whose subject is a value, then what it says of it: "because A is too small", ", since 70 is
# incorrect", "as option (C) would be wrong"; the clause runs to the next stop
# (opening on the word, case spelled out: a pattern that may start at any position, or ignores case, costs
# several times more on every statement that holds none)
_REASON_ABOUT_A_VALUE = lazy_compile(
    r"\b(?:[Bb]ecause|[Ss]ince|[Aa]s|[Ww]hile|[Ww]hereas|and|but)\s+(?:(?:options?|choices?|answer)\s+)?"
    # (several letters at once: "since A, B and D all fail", "because (A) and (B) are too small")
    r"(?:(?P<several>\(?[A-J]\)?(?:\s*,\s*\(?[A-J]\)?)*,?\s+(?:and|or|nor)\s+\(?[A-J]\)?(?![A-Za-z]))|"
    r"\((?P<paren>[A-J])\)|(?P<letter>[A-J])(?![A-Za-z])|(?P<number>[-−]?\$?\d[\d,]*(?:\.\d+)?)|"
    # ... or whose subject is every option but the one stated: "because all the other options are too
    # small", "since the others are wrong", "as the remaining choices are impossible"
    r"(?P<others>(?:all\s+(?:of\s+)?)?the\s+(?:(?:other|remaining)\s+(?:options|choices|answers|ones)|others|rest)))"
    r"\s+(?:(?:all|both|each)\s+)?(?:(?:is|are|was|were|seem|seems|look|looks|would\s+be)\s+"
    r"(?:(?:all\s+)?(?:clearly|obviously|definitely|also|far|way|much)\s+)?"
    # what it says of that value, and no more: a bound or condition after it still qualifies the answer
    r"(?:wrong|incorrect|invalid|impossible|not\s+(?:correct|right|valid|possible)|"
    r"too\s+(?:large|big|small|high|low|many|few))|fail(?:s|ed)?)\b"
)
_A_LETTER = lazy_compile(r"[A-J]")


def without_reason_about_another(after: str, value: Quantity | None, letter: str | None) -> str:
    """``after`` without a reason clause that speaks of another value than the one stated (``value``, or the
    choice ``letter``): what it calls wrong is that other value. A clause about the same value, or about a
    value the statement cannot be told apart from, stays.

    >>> without_reason_about_another(" because A is too small.", None, "B")
    '.'
    >>> without_reason_about_another(" because B is too small.", None, "B")
    ' because B is too small.'
    """
    if letter is None and (
        value is None or (A_DIGIT.search(after, 0, 120) is None and not _names_the_others(after[:120]))
    ):
        return after  # no letter stated, and no number (nor "the other options") to speak of
    for _ in range(_REASONS_AT_MOST):  # "since A is too small and D is too large": each reason in turn
        m = _REASON_ABOUT_A_VALUE.search(after, 0, 120)
        if m is None or not _about_another(m, value, letter):
            return after
        start = len(after[: m.start()].rstrip(" \t,;"))  # with the comma that opens the clause
        after = after[:start] + after[m.end() :]
    return after


_REASONS_AT_MOST = 3


def _names_the_others(head: str) -> bool:
    """Whether ``head`` may name the other options (a literal test before the pattern)."""
    return "other" in head or "rest" in head or "remaining" in head


def _about_another(m: re.Match[str], value: Quantity | None, letter: str | None) -> bool:
    """Whether the reason clause ``m`` (:data:`_REASON_ABOUT_A_VALUE`) speaks of another value than ``value``
    or another choice than ``letter``."""
    if m["others"] is not None:  # "because all the other options are too small"
        return True
    if m["several"] is not None:  # "since A, B and D all fail": none of them the letter stated
        named = _A_LETTER.findall(m["several"])
        return letter is not None and all(other != letter.upper() for other in named)
    other_letter = m["paren"] or m["letter"]
    if other_letter is not None:
        # "since a is" may be the article, never another choice
        return letter is not None and other_letter.upper() != letter.upper() and other_letter.isupper()
    other = next(scan(m["number"]), None)
    return not (
        value is None or other is None or other.quantity is None or same_quantity(other.quantity, value)
    )


def in_reason_about_it(text: str, at: int) -> bool:
    """Whether the choice letter at ``text[at]`` is the subject of a reason clause that calls it wrong
    (``B, because (A) is incorrect``): a letter ruled out on the way, no candidate for the answer.

    >>> in_reason_about_it("It's B, because (A) is incorrect.", 16), in_reason_about_it("So (A) is it.", 3)
    (True, False)
    """
    for m in _REASON_ABOUT_A_VALUE.finditer(text, max(0, at - 20), at + 60):
        if m.start("paren") <= at + 1 < m.end("paren") or m.start("letter") <= at < m.end("letter"):
            return True
    return False


# a sentence after the answer that calls a value wrong by the value itself: "The answer is 72. 72 is wrong.",
# "… B. B is incorrect.", "… 72. But 72 is not the answer." (a question, "Is 72 wrong?", and "not wrong" call
# nothing so); the caller knows whether the value is the answer's own
_VALUE_CALLED_WRONG = lazy_compile(
    r"(?:^|(?<=[.!;])\s+|\n)[\s*_>]*(?:(?:but|so|hmm|wait|however|oops|no)[,:]?\s+)?(?:(?:the\s+)?(?:value|answer|"
    r"number|result|option|choice)\s+)?[$(*_]*(?P<value>[-−]?\$?\d[\d,]*(?:\.\d+)?|[A-J](?![\w'’]))[$)*_]*\s+"
    r"(?:is|was)\s+(?:(?:definitely|clearly|actually|obviously|certainly|simply|in\s+fact)\s+)?"
    r"(?:wrong|incorrect|not\s+(?:right|correct|the\s+(?:right\s+|correct\s+)?answer)|the\s+wrong\s+answer|"
    r"a\s+mistake|an\s+error)\b(?![^.!?\n]{0,40}\?)",
    re.IGNORECASE,
)
_CALLS_WRONG = ("wrong", "incorrect", "not right", "not correct", "not the", "mistake", "error")


def values_called_wrong(tail: str) -> Iterator[re.Match[str]]:
    """The sentences of ``tail`` (the text after an answer) that call a value wrong by naming it, each with
    the value in its ``value`` group.

    >>> [m["value"] for m in values_called_wrong(" 72 is wrong. So is B? No. C is incorrect.")]
    ['72', 'C']
    >>> list(values_called_wrong(" Is 72 wrong? 72 is not wrong."))
    []
    """
    lowered = tail.lower()
    if any(word in lowered for word in _CALLS_WRONG):
        yield from _VALUE_CALLED_WRONG.finditer(tail)


# a closing sentence that rejects an option and names no value: "The answer cannot be (C).", "Option B is
# wrong.", "It is not D.", "So we can rule out A and B." (an option's letter, capital: "It is not a" names
# none). Said after a value with no marker, it is the text's last word, and it commits to no value
_OPTION_LETTER = r"(?:(?i:option|choice|answer)[ \t]+)?[*_]*\(?[*_]*(?-i:[A-J])[*_]*\)?(?![\w'’])"
_OPTIONS_NAMED = (
    rf"{_OPTION_LETTER}(?:[ \t]*(?:,|\bor\b|\band\b|\bnor\b)[ \t]*(?:(?i:either|neither)[ \t]+)?"
    rf"{_OPTION_LETTER})*"
)
_OPTION_REJECTED = lazy_compile(
    r"(?:^|(?<=[.!?:\n]))[\s*_>]*(?:(?:so|thus|hence|therefore|but|and|also|clearly|obviously|then)[\s,]+)*(?:"
    # "The answer cannot be (C)", "It is not D", "That isn't B", "The correct option can't be A or B"
    r"(?:(?:the\s+)?(?:(?:correct|right|final|best)\s+)?(?:answer|option|choice)|it|that|this)\s+"
    r"(?:cannot|can\s*not|can['’]t|could\s*not|couldn['’]t|is\s+not|isn['’]t|['’]s\s+not|must\s+not|mustn['’]t|"
    r"should\s*n['o]?t|should\s+not|won['’]t|will\s+not|would\s*n['o]?t|would\s+not|is\s+never)"
    rf"(?:\s+be)?\s+{_OPTIONS_NAMED}|"
    # "Option B is wrong", "(C) is incorrect", "A and B are ruled out"
    rf"{_OPTIONS_NAMED}\s+(?:is|are|must\s+be|would\s+be|seems?|looks?)\s+(?:(?:also|clearly|definitely|thus)\s+)?"
    r"(?:wrong|incorrect|not\s+(?:correct|right|the\s+answer|it|valid|possible)|false|invalid|impossible|out|"
    r"ruled\s+out|eliminated|excluded|rejected)|"
    # "We can rule out C", "Eliminate (D)", "Not (B)."
    r"(?:(?:we|i|you)\s+(?:can\s+|could\s+)?)?(?:rule\s+out|eliminate|exclude|reject|discard)\s+"
    rf"{_OPTIONS_NAMED}|(?:not|never)\s+{_OPTIONS_NAMED}"
    r")[\s*_.!]*$",
    re.IGNORECASE,
)


def option_rejected_after(rest: str) -> str | None:
    """Why the text after a value that no marker states ends on rejecting an option (``… gives 18.\\n\\nThe
    answer cannot be (C).``, ``So x = 4. Option B is wrong.``), or None: its last statement is about the
    options, negative, and commits to no value. A value stated after the rejection (``It is not D. The answer
    is 18.``) is read where it stands, never here.

    >>> option_rejected_after(".\\n\\nThe answer cannot be (C).")
    "rejects an option: 'The answer cannot be (C).' commits to no value"
    >>> [option_rejected_after(t) is not None for t in (". Option B is wrong.", ". It is not D.")]
    [True, True]
    >>> option_rejected_after(". It is not a whole number."), option_rejected_after(" apples.")
    (None, None)
    """
    rest = rest[-300:]
    if not any(c in rest for c in "ABCDEFGHIJ"):
        return None  # (the common case: no capital letter an option could be named by)
    m = _OPTION_REJECTED.search(rest)
    if m is None:
        return None
    said = m.group().strip(NO_LETTERS + "\n")
    return f"rejects an option: {said[:60]!r} commits to no value"


_CARDINALS = "|".join(sorted(CARDINAL_WORDS, key=len, reverse=True))
# an operation after a comma: the statement goes on to change the value ("72, plus 3", "72, then halve it",
# "72, minus the 4 she kept"); a restatement ("72, which is 48 + 24") or a reason ("72, since 8 * 9 = 72")
# changes nothing
_OPERATED_AFTER = lazy_compile(
    r"^[\s$*_)]*,\s*(?:and\s+|but\s+)?(?:then\s+)?(?:plus|minus|times|less|divided\s+by|multiplied\s+by|"
    r"(?:add|subtract|multiply|divide|halve|double|triple|square|take\s+away|deduct|remove)(?:s|d|ed)?\b|"
    r"take\s+away)\b|"
    # (each word read whole, possessively: a word split into pieces at every letter would make the six-word
    # window try every split of the text after a value before failing)
    # the story goes on past the value: "72, then she gives away half", "72, and then she sold 5 more", "72
    # marbles, but then she loses some", "72 apples, after which he eats 5", "72 marbles before giving away
    # half" (its noun or unit hides nothing: "72 marbles, then …" changes the value as "72, then …" does)
    r"^[\s$*_)]*(?:[^\W\d_][\w'’-]*+[\s*_)]*+){0,6}?(?:,\s*(?:and\s+|but\s+)?|(?:and|but)\s+)then\s+"
    r"(?:she|he|they|we|you|it|i|the|\w+s|\w+ed)\b|"
    r"^[\s$*_)]*(?:[^\W\d_][\w'’-]*+[\s*_)]*+){0,6}?,\s*(?:after\s+which|whereupon|after\s+that)\s+"
    r"(?:she|he|they|we|you|it|i|the|\w+s|\w+ed)\b|"
    r"^[\s$*_)]*(?:[^\W\d_][\w'’-]*+[\s*_)]*+){0,6}?,?\s*(?:before|until|till)\s+(?:(?:she|he|they|we|you|i)\s+)?"
    r"(?:giv|gave|sell|sold|spen[dt]|los[ets]|eat|ate|us[ei]|pa(?:y|id)|b(?:uy|ought)|donat|shar|split|divid|"
    r"tak|took|add|remov|lend|lent|subtract|deduct|halv|doubl|receiv|earn|gain)\w*\b|"
    # ... or leaves part of it out, or adds to it: "72, excluding the 4 she kept", "72 before tax", "72 plus
    # tax"
    r"^[\s$*_)]*[,(]?\s*(?:excluding|exclusive\s+of|not\s+(?:counting|including)|without\s+(?:counting|"
    r"including))\b|"
    r"^[\s$*_)]*[,(]?\s*(?:before|plus|excluding|pre-?)\s*(?:the\s+|any\s+)?(?:\d+(?:\.\d+)?\s*%\s+)?"
    r"(?:tax(?:es)?|vat|discounts?|tips?|shipping|fees?|deductions?|returns?|refunds?|interest|rebates?|"
    r"gratuity)\b|"
    # an operation on what the words after it name: "72 minus the 5 she gave away", "72 times the price"
    # ("72 minus x", "72 minus itself", "72 plus five" are arithmetic, read as such)
    rf"^[\s$*_)]*(?:minus|plus|less)\s+(?!(?:than|or|and|equal|itself|half|a\s+(?:half|third|quarter)|{_CARDINALS})\b)"
    r"(?=[^\W\d_]{2})|"
    r"^[\s$*_)]*(?:times|divided\s+by|multiplied\s+by)\s+(?:the|his|her|their|its|what|those|these|that|this)\b"
    # ("72 times the first day", "72 times that week" count times)
    r"(?!\s+(?:\w+\s+)?(?:day|days|week|weeks|month|months|year|years|morning|evening|night|time|season|game|"
    r"match|round|race)\b)|"
    # "72, which we then double", "72, which she then splits among 4"
    r"^[\s$*_)]*,?\s*(?:which|that|after\s+which|from\s+which|whereupon)\s+(?:we|you|i|one|they|she|he)\s+(?:(?:then|now|still|must|need\s+to|have\s+to|"
    r"should|can|will|next)\s+)*(?:double|halve|triple|quadruple|multiply|divide|add|subtract|square|cube|reduce|"
    r"increase|decrease|split|share|deduct|take\s+away|take\s+half|cut)\w*\b|"
    # "72, but we must then divide by 2", "72, and we still have to subtract the 5" ("add that …" says more)
    r"^[\s$*_)]*,?\s*(?:but|and|yet)\s+(?:we|you|i)\s+(?:still\s+)?(?:need\s+to|have\s+to|must|should)\s+"
    r"(?:(?:then|also|still|now|next|first)\s+)?(?:subtract|add|divide|multiply|halve|double|deduct|remove|"
    r"take\s+away|account\s+for)\b(?!\s+that\b)|"
    # "72, which still needs to be halved", "72, which must be split among 4"
    r"^[\s$*_)]*,?\s*which\s+(?:still\s+|then\s+)?(?:needs?|has|have|must|should)\s+(?:to\s+)?(?:still\s+|then\s+)?be\s+"
    r"(?:halved|doubled|tripled|divided|multiplied|subtracted|added|reduced|split|shared|squared|deducted|"
    r"increased|decreased|cut)\b|"
    # "72, so half of that is the answer", "72; a third of this goes to …"
    r"^[^.;!?\n]{0,40}?\b(?:half|double|twice|triple|thrice|a\s+(?:third|quarter|fourth|fifth|tenth)|"
    r"(?:one|two|three|four)[\s-](?:half|halves|thirds?|quarters?|fourths?|fifths?)|\d+\s*(?:%|percent)|"
    r"the\s+(?:square|cube|square\s+root|cube\s+root|reciprocal|remainder|rest|half|double))\s+of\s+"
    r"(?:that|this|it|which|the\s+(?:total|result|number|amount|value|sum|answer))\b|"
    # a percent of a number: "\\boxed{72}\\%\\text{ of the remaining 50}" ("72% of the votes" states a share)
    r"^[\s$*_)}]*(?:\\?%|percent|per\s*cent)[\s$*_]*(?:\\text\{\s*|\\mbox\{\s*|\\,|\\ )*"
    r"of\b[^.;!?\n\d]{0,40}\d",
    re.IGNORECASE,
)


def rejected_after(after: str) -> str | None:
    """Why the rest of a statement rejects its value (``x = 5 is extraneous``, ``72 (rejected)``), or None.

    >>> rejected_after(" is extraneous."), rejected_after(" because 96 does not work.")
    ("rejected: '… is extraneous' rejects the value", None)
    """
    return why_after(_REJECTED_AFTER, after, 200, "rejected", "rejects the value")


def operated_after(after: str) -> str | None:
    """Why the rest of a statement goes on to change its value (``72, plus 3``), or None.

    >>> operated_after(", then halve it"), operated_after(", which is 48 + 24.")
    ("operated on: '… , then halve it' changes the value it states", None)
    >>> operated_after(" before tax") is not None, operated_after(", and that is the total")
    (True, None)
    """
    return why_after(_OPERATED_AFTER, after, 100, "operated on", "changes the value it states")


def other_option_called_right(after: str, letter: str, letters: str) -> str | None:
    """Why a sentence after a letter answer calls another of ``letters`` the right one (``Answer: B\\nThe
    speed doubles, so C is correct.``), or None: the text gives two answers. A sentence that states a
    condition, a belief or a trap (``If C were correct, …``, ``Many think C is correct``) claims nothing.

    >>> other_option_called_right("\\nThe speed doubles, so C is correct.", "B", "ABCD")
    "two answers: 'The speed doubles, so C is correct.' calls C the right option"
    >>> other_option_called_right("\\nSo B is correct; one might think C is correct.", "B", "ABCD") is None
    True
    """
    if not any(
        word in after for word in ("orrect", "ight", "rue", "est", "alid", "hoose", "ick", "elect", "go ")
    ):
        return None
    for sentence in LATER_SENTENCE.split(after[:600]):
        for m in CALLED_RIGHT.finditer(sentence):
            named = next(g for g in m.groups() if g is not None)
            if named == letter or named not in letters:
                continue
            clause = max(sentence.rfind(c, 0, m.start()) for c in ",;:") + 1
            if NOT_CLAIMED.search(sentence, 0, m.end()) or NEGATED.search(sentence, clause, m.end()):
                continue
            return f"two answers: {sentence.strip()[:80]!r} calls {named} the right option"
    return None
