"""Whether a text ends on a check of its result: where the check lines start, whether a check failed,
confirmed the value or reached no verdict."""

from __future__ import annotations

import re

from rewardkit.commitment.conclusions import concluded_value
from rewardkit.commitment.shared_words import A_DIGIT, CHECK_OPENING, CHECK_WORDS
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import Quantity, same_quantity, scan

# a hesitation that goes on to open a check rather than a correction: "Wait, let me verify the speed:", "Hold
# on, I should double-check Friday:", "Hmm, let's check." (the cue is RETRACTION's; the check's words are
# CHECK_WORDS)
_HESITATION = lazy_compile(r"wait|hold\s+on|hmm+|actually", re.IGNORECASE)
_CHECK_AFTER_HESITATION = lazy_compile(
    r"[\s,.!:;—–-]*(?:(?:let(?:\s+me|'s|\s+us)|(?:i|we)(?:\s+(?:should|will|need\s+to|want\s+to|must|can|could)|'ll)|"
    rf"just|quickly|first)\s+){{0,3}}(?:{CHECK_WORDS}|confirm)\b",
    re.IGNORECASE,
)
# a check's verdict on the value it names last: "48 km/h. Correct.", "6 eggs a day. Yes, that's right.", "half
# of 70 is 35. Yes.", "$15 an hour ✓"
_CONFIRMING = (
    r"(?:[✓✔✅]|(?:yes|yep|yeah|correct|right|confirmed|verified|"
    r"(?:that|this|it|which)(?:'s|\s+is|\s+was)\s+(?:right|correct|consistent|fine)|"
    r"(?:that|this|it|which)\s+(?:checks\s+out|matches))\b)"
)
_CONFIRMED_AFTER = lazy_compile(
    rf"[^\d.!?\n✓✔✅]{{0,30}}(?:[.!,;:—–-][\s*_]*|\s*){_CONFIRMING}", re.IGNORECASE
)
# a check that closes on its verdict: "… $15 an hour. Yes.", "… 48 km/h. Correct.", "… = 60 ✓"
_CONFIRMED_AT_END = lazy_compile(rf"(?:[.!,;:—–-][\s*_]*|\s){_CONFIRMING}[^\n\d]{{0,30}}$", re.IGNORECASE)


def check_after_hesitation(cue: str, after: str) -> bool:
    """Whether a hesitation cue (``Wait``, ``Hold on``) goes on, in ``after`` (the text right after it), to
    open a check of the answer rather than a correction of it.

    >>> check_after_hesitation("Hold on", ", let me verify the speed: 48 km/h."), check_after_hesitation(
    ...     "Wait", ", I should double-check Friday:")
    (True, True)
    >>> check_after_hesitation("Wait", ", the speed is 40 km/h.")
    False
    >>> check_after_hesitation("Oops", ", let me check")
    False
    """
    return _HESITATION.fullmatch(cue) is not None and _CHECK_AFTER_HESITATION.match(after[:80]) is not None


def confirmed_after(after: str) -> bool:
    """Whether the text right after the value a check names (``after``) confirms it (``. Correct.``, ``. Yes,
    that's right.``, `` ✓``).

    >>> confirmed_after(" km/h. Correct."), confirmed_after(" eggs a day. Yes, that's right.")
    (True, True)
    >>> confirmed_after(" km/h, so the trip takes 3 hours."), confirmed_after(".")
    (False, False)
    """
    return _CONFIRMED_AFTER.match(after[:80]) is not None


# a computation's result ticked off: "$9 \\times 2 = 18$ ✓", "140 + 160 = 300 ✔"
_TICKED_RESULT = lazy_compile(r"=[\s$*_]*[-−]?\$?\d[\d,]*(?:\.\d+)?[^\d\n=]{0,20}?[✓✔✅]")


def check_goes_on(sentence: str, checking: bool) -> bool:
    """Whether ``sentence`` checks: it opens a check (``Verification: 9 × 2 = 18 ✓``), or, right after one
    (``checking``), ticks off a computation of its own (``Also, 16 - 3 - 4 = 9 ✓``) with no word that
    concludes or goes on (``But she lost 2, so 72 - 2 = 70 ✓`` goes on from the answer).

    >>> check_goes_on("Verification: 9 × 2 = 18 ✓.", False), check_goes_on("Also, 16 - 3 - 4 = 9 ✓.", True)
    (True, True)
    >>> check_goes_on("Also, 16 - 3 - 4 = 9 ✓.", False), check_goes_on("But so 72 - 2 = 70 ✓", True)
    (False, False)
    """
    if CHECK_OPENING.match(sentence):
        return True
    return (
        checking
        and ("✓" in sentence or "✔" in sentence or "✅" in sentence)
        and _TICKED_RESULT.search(sentence) is not None
        and _CONCLUDING_WORD.search(sentence) is None
    )


# a word that concludes or goes on from what came before, in a ticked sentence ("also" adds a check)
_CONCLUDING_WORD = lazy_compile(
    r"\b(?:so|thus|hence|therefore|giving|leaving|making|but|however|then|yet|actually|instead|total)\b",
    re.IGNORECASE,
)


# a line that checks a result rather than states one: "Check: 72 / 9 = 8 ✓", "(Verification: 7 + 5 = 12)"
_CHECK_LINE = lazy_compile(
    rf"[ \t>*_(#-]*(?:let(?:[ \t]+me|'s|[ \t]+us)[ \t]+)?(?:quick[ \t]+)?(?:{CHECK_WORDS})\b"
    r"(?:[*_]*[ \t]*[:：][^\n]*|[^\n]*[✓✔✅][ \t*_).]*)",
    re.IGNORECASE,
)
_CHECK_WORDS = ("heck", "erif", "HECK", "ERIF")
# a check that takes the result back or states another as the answer is no check: "let me double check:
# actually it's 6", "Check: wait, 72 / 9 = 8 fails"
_CHECK_TAKES_BACK = lazy_compile(
    r"\b(?:actually|wait|oops|sorry|mistake|instead|rather)\b|"
    r"\b(?:it['’]s|it\s+is|answer\s+is|should\s+be)[\s*_$(]*[-−]?\d",
    re.IGNORECASE,
)


# where a check's sentences break: "Check: 18 / 2 = 9. So she makes $20 a day." (not a decimal point)
_CHECK_SENTENCE_BREAK = lazy_compile(r"(?<=[.!?✓✔✅])\s+(?=\S)")


def _checks_only(check: str) -> bool:
    """Whether a check line or clause only checks: it takes nothing back (``let me double check: actually it's
    6``), and each sentence after its first computes, ticks or checks, or holds no value (``Check: 18 / 2 = 9.
    So she makes $20 a day.`` goes on to state a value: no check).

    >>> _checks_only("Check: 18 / 2 = 9 ✓"), _checks_only("Check: 18 / 2 = 9. So she makes $20 a day.")
    (True, False)
    """
    if _CHECK_TAKES_BACK.search(check):
        return False
    colon = check.find(":")
    if (
        colon >= 0
        and not _TICK.search(check)
        and not any(sign in check for sign in _CHECK_FAIL_SIGNS)
        and concluded_value(check[colon + 1 :], results=False) is not None
    ):
        # "Check: 4 × 20 = 80, so she earns $80.": it concludes on a value, unticked (a value it rules out,
        # "= 18 ≠ 20, so 20 is ruled out", is failed_check's)
        return False
    return all(
        "=" in sentence
        or _TICK.search(sentence)
        or _CHECK_WORD.search(sentence)
        or not A_DIGIT.search(sentence)
        for sentence in _CHECK_SENTENCE_BREAK.split(check)[1:]
    )


def may_end_on_check(text: str) -> bool:
    """Whether ``text`` holds a word a check line opens with: a literal test before the line reader."""
    return any(word in text for word in _CHECK_WORDS)


def checks_at_end(text: str) -> int | None:
    """Where the lines that check a result at the end of ``text`` start (``Check: 72 / 9 = 8 ✓``), or the
    check that closes the result's own line after a comma, a semicolon or a full stop (``so x = 2, check: 2 ×
    3 = 6 ✓``), when something stands before them; None when the text does not end on a check.

    >>> checks_at_end("So 72 apples.\\nCheck: 72 / 9 = 8 ✓"), checks_at_end("So 72 apples.")
    (14, None)
    >>> checks_at_end("So x = 2, check: 2 × 3 = 6 ✓"), checks_at_end("So x = 2, and we check 3 = 3.")
    (8, None)
    """
    if not may_end_on_check(text[-600:]):
        return None
    end = len(text.rstrip())
    cut = None
    while end > 0:
        start = text.rfind("\n", 0, end) + 1
        if not _CHECK_LINE.fullmatch(text, start, end) or not _checks_only(text[start:end]):
            break
        cut = start
        end = len(text[:start].rstrip())
    if end > 0:
        line_start = text.rfind("\n", 0, end) + 1
        clause = _CHECK_CLAUSE.search(text, line_start, end)
        if (
            clause is not None
            and clause.start() - 1 > line_start
            and _checks_only(clause["body"])
            # ("Wait, let me recheck: 48 × 3 = 144." is no check of 96: a hesitation's check closes on its
            # verdict)
            and (clause["hesitation"] is None or _CONFIRMED_AT_END.search(clause["body"]) is not None)
        ):
            # (before its comma or full stop: what stands before is the result's statement)
            cut = end = clause.start() - 1
    return cut if cut is not None and end > 0 else None


# a check that does not come out: the value it computes set unequal to another ("Check: 72 + 10 = 82 ≠ 80",
# "= 20 \\neq 18", "= 20 != 18") or a cross after it ("✗", "❌"). A value set unequal to zero states a
# condition of the working ("= 2 ≠ 0"), and a tick after the comparison says the check came out
_CHECK_FAILS = lazy_compile(
    r"=[\s$*_]*(?P<computed>-?\d[\d,]*(?:\.\d+)?)[\s$)*_]*(?:≠|\\neq?(?![A-Za-z])|!=|=/=)[\s$(*_]*"
    r"(?!0(?![\d.,]*\d))-?\d[\d,]*(?:\.\d+)?|[✗✘❌]"
)
# the characters one of those holds: a literal test before the reader
_CHECK_FAIL_SIGNS = ("≠", "\\ne", "!=", "=/=", "✗", "✘", "❌")
_CHECK_WORD = lazy_compile(r"\b(?:check|verif)", re.IGNORECASE)
_TICK = lazy_compile("[✓✔✅]")


def failed_check(text: str, answer: Quantity | None = None) -> str | None:
    """Why a check in ``text`` (a line or clause a check word opens) says it did not come out (``Check: 72 +
    10 = 82 ≠ 80.``): a check that disagrees with anything leaves the result it checks in doubt; or None. A
    check that computes the ``answer`` itself and sets it unequal to another value rules that one out
    (``Check: 9 × 2 = 18 ≠ 20`` after 18).

    >>> failed_check("Check: 72 + 10 = 82 ≠ 80.")
    "a check that does not come out: 'Check: 72 + 10 = 82 ≠ 80' disagrees"
    >>> failed_check("Check: 72 + 10 = 82 ✓"), failed_check("Check: x - 1 = 2 ≠ 0, so 72 / 2 = 36 ✓")
    (None, None)
    """
    if not any(sign in text for sign in _CHECK_FAIL_SIGNS):
        return None
    for m in _CHECK_FAILS.finditer(text):
        computed = next(scan(m["computed"]), None) if answer is not None and m["computed"] else None
        if computed is not None and answer is not None and same_quantity(computed.quantity, answer):
            continue
        line_start = text.rfind("\n", 0, m.start()) + 1
        line_end = text.find("\n", m.end())
        line = text[line_start : len(text) if line_end < 0 else line_end]
        at = m.start() - line_start
        if _CHECK_WORD.search(line, 0, at) is None or _TICK.search(line, at + len(m.group())):
            continue
        said = line[: at + len(m.group())].strip(" \t*_>-,;.")
        return f"a check that does not come out: {said[-60:]!r} disagrees"
    return None


# a check that closes the line of the result it checks, after a comma, a semicolon or a full stop: ", check: 2
# × 3 = 6 ✓", "; verification: …", ". Check: … ✓", after a hesitation and naming what it checks: ". Wait, let
# me recheck the hourly rate: $15 an hour. Yes." (group "body": the check, its hesitation left out)
_CHECK_CLAUSE = lazy_compile(
    r"(?<=[,;.!])[ \t]*(?:and[ \t]+)?[*_]*(?P<hesitation>(?:wait|hold[ \t]+on|hmm+)[ \t]*[,.!—–-]+[ \t]*)?"
    r"(?P<body>(?:let(?:[ \t]+me|'s|[ \t]+us)[ \t]+|(?:i|we)[ \t]+(?:should|will|need[ \t]+to|must)[ \t]+)?"
    r"(?:sanity[ \t]+|quick[ \t]+|double[- ]?|re-?)?"
    r"(?:check(?:ing)?|verification|verify(?:ing)?)\b(?:[ \t]+[^\W\d][^\n:：.!?✓✔✅\d]{0,40}?)?"
    r"(?:[*_]*[ \t]*[:：][^\n]*|[^\n]*[✓✔✅][ \t*_).]*))$",
    re.IGNORECASE,
)


# a check after a hesitation that closes the text on a value it names and neither computes, concludes nor
# judges: "So the total is 72. Wait, let me double-check the second day: 24 apples." (group "said": what
# follows its colon)
_UNSETTLED_CHECK = lazy_compile(
    r"(?:^|(?<=[,;.!]))[ \t]*[*_]*(?:wait|hold[ \t]+on|hmm+)[ \t]*[,.!—–-]+[ \t]*"
    r"(?:let(?:[ \t]+me|'s|[ \t]+us)[ \t]+|(?:i|we)[ \t]+(?:should|will|need[ \t]+to|must)[ \t]+)?"
    r"(?:sanity[ \t]+|quick[ \t]+|double[- ]?|re-?)?(?:check|verify|confirm)\b"
    r"(?:[ \t]+[^\W\d][^\n:：.!?\d]{0,40}?)?[*_]*[ \t]*[:：](?P<said>[^\n]*\d[^\n]*)$",
    re.IGNORECASE | re.MULTILINE,
)
# what makes a check's words more than a named value: a computation or a conclusion
_WORKED = lazy_compile(r"[=×*+÷/^]|\\times|\\cdot|\b(?:so|thus|hence|therefore|which|gives?|makes?)\b", re.I)


def unsettled_check_at_end(text: str) -> str | None:
    """Why ``text`` ends on a check, opened by a hesitation, that names a value and reaches no verdict (``So
    the total is 72. Wait, let me double-check the second day: 24 apples.``): the value is a given it looks
    at, no answer and no correction; None when the text ends otherwise (the check judges, computes or
    concludes: ``… 24 apples. Yes.``, ``…: 48 × 3 = 144.``).

    >>> unsettled_check_at_end("So 72. Wait, let me double-check the second day: 24 apples.") is not None
    True
    >>> unsettled_check_at_end("So 72. Wait, let me recheck: 48 × 3 = 144."), unsettled_check_at_end("So 72.")
    (None, None)
    """
    if not may_end_on_check(text[-300:]):
        return None
    end = len(text.rstrip())
    m = _UNSETTLED_CHECK.search(text, max(0, end - 300), end)
    if m is None or not text[: m.start()].strip() or _CONFIRMED_AT_END.search(m.group()):
        return None
    if _WORKED.search(m["said"]):
        return None
    return f"unsettled: {m.group().strip()[:60]!r} checks the result and reaches no verdict"


# a remark that closes the text on how the result stands against the problem's givens, after the sentence that
# states it: "… a profit of $12,500.\n\nThis matches the expected margin of 25% on $50,000 revenue.", "That
# agrees with the 3 hours given." Its numbers are givens; one that states a value ("This confirms the answer
# is 72", "… = 72") is no remark
_CONFIRMING_REMARK = lazy_compile(
    r"(?:^|(?<=[.!?\n]))[ \t*_>#-]*(?:this|that|which|it|the\s+result|our\s+(?:answer|result))[ \t]+"
    r"(?:(?:also|indeed|nicely|exactly|perfectly|fully)[ \t]+)?"
    r"(?:matches|confirms|agrees[ \t]+with|is[ \t]+consistent[ \t]+with|aligns[ \t]+with|"
    r"is[ \t]+in[ \t]+line[ \t]+with|corresponds[ \t]+to|checks[ \t]+out|makes[ \t]+sense|fits)\b"
    r"(?P<rest>[^\n.!?]*(?:[.!?](?!\s*\S)[^\n.!?]*)*)[.!?*_\s]*$",
    re.IGNORECASE,
)
_CONFIRMING_STEMS = (
    "atch",
    "onfirm",
    "gree",
    "onsistent",
    "lign",
    "in line",
    "orrespond",
    "ks out",
    "sense",
    "fits",
)
_STATES_A_VALUE = lazy_compile(
    r"=|\b(?:is|are|was|were|equals?|be|gives?|makes?|get|gets|answer)\b[\s*_$(]*[-−]?\d", re.IGNORECASE
)


def confirmed_at_end(text: str) -> int | None:
    """Where the remark that closes ``text`` starts when it confirms the result against givens (``This
    matches the expected margin of 25% on $50,000 revenue.``), something standing before it; None otherwise.

    >>> confirmed_at_end("A profit of $12,500.\\n\\nThis matches the 25% margin on $50,000 revenue.")
    22
    >>> confirmed_at_end("A profit of $12,500. This confirms the answer is 72.")
    >>> confirmed_at_end("This fits.")
    """
    tail = text[-300:]
    if not any(stem in tail for stem in _CONFIRMING_STEMS):
        return None
    m = _CONFIRMING_REMARK.search(text, max(0, len(text) - 300))
    if m is None or not text[: m.start()].strip() or _STATES_A_VALUE.search(m["rest"]):
        return None
    return m.start() + len(m.group()) - len(m.group().lstrip(" \t*_>#-"))
