"""Whether a statement offers another answer beside its own: an answer to another reading of the question
(``For distinguishable coins, the answer would be 24.``), a value offered instead or across a line's end."""

from __future__ import annotations

import re

from rewardkit.commitment.conditions import counterfactual_around, counterfactual_before
from rewardkit.commitment.shared_words import ASIDE_LEAD, ASSUMPTION, OFFERING_MODAL, VALUE, WOULD
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import Quantity, same_quantity, scan

# a statement whose line ends on "or" or a modal "be" (and a qualifier): the alternative stands on the next
# line
_DANGLING_ALTERNATIVE = lazy_compile(
    rf"(?:\b(?i:or|nor)|\b(?i:{OFFERING_MODAL}))"
    r"(?:\s+(?i:maybe|perhaps|possibly|probably|approximately|about|around|roughly|even))*[\s*_,]*$"
)
# a line right after a statement that opens on "or" and a value: "72\nor 73", "72\n\nOr maybe 73"
_ALTERNATIVE_LINE = lazy_compile(
    r"[ \t*_$.\\\])]*\n[\s*_]*(?i:or)\b[^\n]{0,40}?(?:\d|\\frac|\\sqrt|\(\s*[A-J]\s*\)|\b[A-J]\b)"
)


def alternative_across_lines(statement_end: str, after: str) -> str | None:
    """Why a statement offers another value across its line's end, given the statement's last characters and
    the text after it: its line ends on ``or`` (``72 or\\n73``, ``72, though it might be\\n73``) with more
    after it, or the next line opens on ``or`` and a value (``72\\nor 73``); None otherwise.

    >>> alternative_across_lines("72 or", "\\n73.")
    "hedged: '… or' offers another value on the next line"
    >>> alternative_across_lines("72", "\\nor 73")
    "hedged: 'or 7' on the next line offers another value"
    >>> alternative_across_lines("72", "\\nOr, in other words, seventy-two.") is None
    True
    """
    has_or = "or" in statement_end or "OR" in statement_end
    dangling = _DANGLING_ALTERNATIVE.search(statement_end) if has_or or "be" in statement_end else None
    if dangling is not None and after.strip(" \t\n*_$.\\[]()"):
        return f"hedged: {('… ' + dangling.group().strip())!r} offers another value on the next line"
    opened = _ALTERNATIVE_LINE.match(after) if "or" in after or "OR" in after else None
    if opened is not None:
        return f"hedged: {opened.group().strip()!r} on the next line offers another value"
    return None


# a sentence that opens on "or" and offers a value: "Or 19.", "Or maybe 19.", "or, possibly, $19"; its first
# word, wherever a sentence opens
# "or", and the word that softens it, before the value it offers
_OR_OFFERS = r"or[,\s]+(?:(?:maybe|perhaps|possibly|even|else|alternatively)[,\s]+)?"
# ... or a value right after the statement: "\\boxed{18}, or 19", "\\boxed{18} or maybe 19"
_OR_VALUE_AFTER = lazy_compile(rf"[\s,;*_$)\]}}]*{_OR_OFFERS}(?P<v>{VALUE})", re.IGNORECASE)


# the opening of a sentence that is a value offered as another: "Or ", "or maybe $", "Or, possibly, "
_OR_OPENING = lazy_compile(rf"[\s*_]*{_OR_OFFERS}[$(]*", re.IGNORECASE)


def offered_instead(previous: str, opening: str, value: Quantity | None) -> str | None:
    """Why a value whose sentence opens on "or" (``opening``, the sentence up to the value) is offered beside
    the last value of the text before it (``previous``): ``It is 18. Or 19.``; None when its sentence opens
    otherwise or the value says the same as that one (``18. Or 18.0.``).

    >>> offered_instead("It is 18.", " Or ", None)
    "hedged: 'Or …' offers another value beside 18"
    """
    if _OR_OPENING.fullmatch(opening) is None:
        return None
    earlier = None
    for found in scan(previous[-200:]):
        earlier = found
    if earlier is None or (value is not None and same_quantity(earlier.quantity, value)):
        return None
    said = previous[-200:][earlier.start : earlier.end]
    return f"hedged: {opening.strip() + ' …'!r} offers another value beside {said}"


def alternative_after(after: str, value: Quantity | None) -> str | None:
    """Why the text right after a statement offers another value beside it (``\\boxed{18}, or 19``), or None;
    a value that says the same as ``value`` (``\\boxed{18}, or 18.0``) offers none.

    >>> alternative_after(", or 19", None), alternative_after(" or more", None)
    ("hedged: '… , or 19' offers another value", None)
    """
    m = _OR_VALUE_AFTER.match(after) if "or" in after or "OR" in after or "Or" in after else None
    if m is None:
        return None
    found = next(scan(m["v"]), None)
    if found is None or (value is not None and same_quantity(found.quantity, value)):
        return None
    return f"hedged: {('… ' + m.group().strip())!r} offers another value"


# a sentence that offers the answer to another reading of the question or under a hypothetical: "If the order
# mattered, we would instead get", "For distinguishable coins, the answer would be", "Alternatively, if she
# keeps 2, it would be", "In the case where repetition is allowed, the answer would be", "Otherwise, it is",
# "On the other hand, …". It opens on its condition or its alternative (after a side remark's lead:
# "Note:", "However,"), and a plain "If …" or "For …" needs a "would" or an "instead" as well: "If we check: 5
# + 5 = 10" and "For the second step, we add 3" go on from the answer, they offer none
_ALTERNATIVE_CUE = lazy_compile(
    # (opening its sentence, or right after a value that ends a statement with no full stop: "#### 1 if …")
    rf"(?:^|[.!?\n]|(?<=\d)\s|(?<=[$}}])\s)[\s*_>#$)\]}}-]*(?P<lead>{ASIDE_LEAD})(?:"
    r"(?P<alone>alternatively|otherwise|instead|on\s+the\s+other\s+hand|conversely|if\s+instead|if\s+not|"
    r"(?:under|with|using|in)\s+(?:a|an|the|this)\s+(?:\w+\s+){0,2}?(?:alternative|different|other|literal|"
    r"strict|broader|narrower|looser)\s+(?:\w+\s+)?(?:reading|interpretation|assumption|view|convention|"
    r"definition)|(?:another|a\s+different|the\s+other)\s+(?:reading|interpretation)|"
    r"(?:if|should)\s+(?:the\s+)?(?:question|problem|prompt|task)\s+(?:meant|means|intended|intends|asked|"
    r"asks|wanted|wants|was\s+asking|is\s+asking|instead|had))\b|"
    rf"(?:if|when|whenever|{ASSUMPTION}|without|but\s+for|absent)\b|"
    # "For distinguishable coins, …", "With replacement, …", "Under that reading, …": a case, up to its comma
    # ("For example, …" gives an example)
    r"(?:for(?!\s+(?:example|instance)\b)|with|under)\b[^.!?\n,]{1,80},)"
    r"[^.!?\n]{0,240}$",
    re.IGNORECASE,
)
# ("If she sells 3 more tomorrow, she will make 24": the future of another case offers its value as well)
_MODAL_OR_INSTEAD = lazy_compile(
    r"\b(?:would|could|might|will|instead|rather)\b|(?<=\w)['’](?:d|ll)\b", re.IGNORECASE
)


def alternative_reading(sentence_before: str) -> str | None:
    """Why a statement made after the answer is stated offers another answer, to another reading of the
    question or under a hypothetical (``Note: if the question meant per week, the answer would be``, ``If the
    order mattered, we would instead get``, ``For distinguishable coins, the answer would be``,
    ``Alternatively,``), given the text of its sentence before the value; None when the sentence opens
    otherwise or states no alternative (``If we check: 5 + 5 =``).

    >>> alternative_reading("For distinguishable coins, the answer would be ") is not None
    True
    >>> alternative_reading("If we check: 5 + 5 = "), alternative_reading("For each box, we get ")
    (None, None)
    """
    tail = sentence_before[-300:]
    if not may_offer_alternative(tail):
        return None
    m = _ALTERNATIVE_CUE.search(tail)
    if m is None:
        return None
    if m["alone"] is None and _MODAL_OR_INSTEAD.search(m.group()) is None:
        return None
    return _offers_another(m)


# every sentence that _ALTERNATIVE_CUE and a "would" or "instead" find holds one of these, lower-cased: a
# literal scan settles most sentences
_ALTERNATIVE_WORDS = ("would", "could", "might", "will", "instead", "rather", "'d", "’d", "'ll", "’ll",
                      "alternativ", "otherwise", "other hand", "convers", "if not", "reading",
                      "interpretation", "assumption", "convention", "definition", "view", "question",
                      "problem", "prompt", "task")  # fmt: skip


def may_offer_alternative(text: str) -> bool:
    """Whether ``text`` holds a word an alternative reading needs: a literal test before its reader."""
    lowered = text.lower()
    return any(word in lowered for word in _ALTERNATIVE_WORDS)


def alternative_opening(sentence_before: str) -> str | None:
    """Why a statement offers its value as an alternative to something said before it, whatever came before
    (``Alternatively, the answer is``, ``If the order mattered, we would instead get``), or None: the
    alternative stands beside an answer the text has given, or beside none."""
    tail = sentence_before[-300:]
    m = _ALTERNATIVE_CUE.search(tail) if may_offer_alternative(tail) else None
    if m is None or (m["alone"] is None and _INSTEAD.search(m.group()) is None):
        return None
    return _offers_another(m)


_INSTEAD = lazy_compile(r"\binstead\b", re.IGNORECASE)


def aside_alternative(sentence_before: str) -> str | None:
    """Why a value found with no marker is given in a side remark on another reading (``Note: if she bought 3
    more, she would have``, ``Alternatively,``), or None. A plain ``If …, she would have`` is left alone: with
    no marker it restates the question's own condition as often as not.

    >>> aside_alternative("Note: if she bought 3 more, she would have ") is not None
    True
    >>> aside_alternative("If she buys 3 more, she would have ")
    """
    tail = sentence_before[-300:]
    m = _ALTERNATIVE_CUE.search(tail) if may_offer_alternative(tail) else None
    if m is None or not (
        m["alone"] or m["lead"].strip(" \t(:：,—–-").lower() not in ("", "and", "but", "also")
    ):
        return None
    if m["alone"] is None and _MODAL_OR_INSTEAD.search(m.group()) is None:
        return None
    return _offers_another(m)


def _offers_another(m: re.Match[str]) -> str:
    """The detail of an alternative reading found by ``_ALTERNATIVE_CUE``."""
    said = m.group().strip(" \t\n.!?*_#>-$\\([{")[:60]
    return f"another reading: {said!r} offers an answer to another reading, beside the one stated"


def alternative_reading_after(
    after: str, value: Quantity | None, letter: str | None = None, letters: str = ""
) -> str | None:
    """Why the sentences after a committed answer offer another value to another reading of the question or
    under a hypothetical (``The answer is 18. (Note: if the eggs cost $3, it would be 27.)``, ``… It would be
    80 without the tax.``), or None; a value that says the same as ``value`` offers none (``Even if we count
    Sunday, it would still be 72``). The text has then answered two questions, not the one asked. For an
    option ``letter`` answer, another of ``letters`` offered so (``The answer is (B). If friction were
    included, it would be (C).``).

    >>> alternative_reading_after(" (Note: if the eggs cost $3, it would be 27.)", None) is not None
    True
    >>> alternative_reading_after(" If we check: 5 + 5 = 10, which matches.", None) is None
    True
    >>> alternative_reading_after(" If it had friction, it would be (C).", None, "B", "ABCD") is not None
    True
    >>> alternative_reading_after(" (C) would be right if it had friction.", None, "B", "ABCD") is None
    True
    """
    head = after[:600]
    conditional = value is not None and ("If " in head or "if " in head)
    offers = may_offer_alternative(head)
    if not conditional and not offers:
        return None  # (most texts: no "would", "instead", "otherwise" or "if" after the answer)
    if letter is not None:
        return _letter_offered_after(head, letter, letters) if offers else None
    # the value each sentence ends on is what it offers ("Alternatively, 8 * 9 = 72." offers 72, its operands
    # nothing)
    last_of_sentence: dict[int, tuple[int, int, Quantity | None]] = {}
    for found in scan(head):
        sentence_start = max(head.rfind(c, 0, found.start) for c in "!?\n") + 1
        for stop in _SENTENCE_STOP.finditer(head, sentence_start, found.start):
            sentence_start = stop.end()
        last_of_sentence[sentence_start] = (found.start, found.end, found.quantity)
    for sentence_start, (start, end, quantity) in last_of_sentence.items():
        if quantity is None or (value is not None and same_quantity(quantity, value)):
            continue
        sentence_before = head[sentence_start:start]
        if _OPERAND_BEFORE.search(sentence_before[-40:]) is not None:
            continue  # "… the exact values of \\(\\cos(12^\\circ)\\)": an argument of math, no value offered
        if _ENDS_ASKING.match(head, end) is not None:
            continue  # "… how much she would make in 30 days (540)?": an offer of more, no answer stated
        why = alternative_reading(sentence_before)
        if why is None and WOULD.search(sentence_before) is not None:
            why = counterfactual_around(sentence_before, head[end:]) or counterfactual_before(sentence_before)
        if why is None and conditional:
            why = _case_sentence(sentence_before, head, end)
        if why is not None:
            return why
    return None


# an option named as the value a sentence offers: "(C)", "option C", "be C", "choose C"
_OPTION_OFFERED = lazy_compile(
    r"(?-i:\(\s*(?P<p>[A-Z])\s*\))|\b(?:option|choice|answer|be|is|choose|pick|get)\s+\**(?-i:(?P<b>[A-Z]))\**"
    r"(?![\w'’])",
    re.IGNORECASE,
)


def _letter_offered_after(head: str, letter: str, letters: str) -> str | None:
    """Why a sentence of ``head`` offers another option than ``letter`` to another reading or under a
    hypothetical: the words of the sentence before the option say so, as they do for a value."""
    for m in _OPTION_OFFERED.finditer(head):
        other = m["p"] or m["b"]
        if other == letter or other not in letters:
            continue
        sentence_start = max(head.rfind(c, 0, m.start()) for c in "!?\n") + 1
        for stop in _SENTENCE_STOP.finditer(head, sentence_start, m.start()):
            sentence_start = stop.end()
        sentence_before = head[sentence_start : m.start()]
        why = alternative_reading(sentence_before)
        if why is None and WOULD.search(sentence_before) is not None:
            why = counterfactual_before(sentence_before)
        if why is not None:
            return why
    return None


# a sentence after the answer that opens on a condition and ends on its value: "If we include her brother's
# apples, 15.", "When counted in dozens, 2." (not a check: "If we verify: 12 / 3 = 4.")
_CASE_OPENING = lazy_compile(
    r"^[\s*_>(]*(?:(?:note|however|but|and|also|alternatively)[,:]?\s+)?(?:if|when|assuming|supposing|in\s+case)\b"
    r"(?![^,:]*\b(?:verify|check|confirm|plug|substitut|test)\w*)[^,:]{1,120}[,:]",
    re.IGNORECASE,
)
_ENDS_ON_VALUE = lazy_compile(r"(?:[ \t]+[^\W\d_]+){0,2}[ \t]*[.!)]*[ \t]*(?:\n|$)")


def _case_sentence(sentence_before: str, head: str, end: int) -> str | None:
    """Why a sentence after the answer gives another value under a condition of its own, with no modal (``The
    answer is 12. If we include her brother's apples, 15.``), or None."""
    m = _CASE_OPENING.match(sentence_before)
    if m is None or _ENDS_ON_VALUE.match(head, end) is None:
        return None
    return f"another case: {m.group().strip(' ,:')[:60]!r} gives another value under a condition"


# what makes the value after it an operand of math rather than a value offered: "\\cos(", "x^", "2 *"
_OPERAND_BEFORE = lazy_compile(r"(?:\\[A-Za-z]+|[\^_+*/×·÷-])[\s$({\[\\]*$")
# the rest of a sentence that asks
_ENDS_ASKING = lazy_compile(r"[^.!\n]{0,200}?\?")
# a full stop that ends a sentence (not the point of "$3.50")
_SENTENCE_STOP = lazy_compile(r"\.(?!\d)")
