"""Whether one statement commits to its value: :func:`problem` asks each reader of the words before and after
the value. A value corrected to itself (:func:`called_wrong_after`) and a rival listed after a semicolon
(:func:`listed_after`) are read by asking it again."""

from __future__ import annotations

import re

from rewardkit.commitment.attainment import past_attained
from rewardkit.commitment.bounds import qualified
from rewardkit.commitment.conditions import (
    condition_value_before,
    counterfactual_around,
    value_under_condition_after,
)
from rewardkit.commitment.hedges import (
    also_valid_after,
    attributed_after,
    disowned_before,
    hedged_before,
    own_result_after,
    trails_off,
    unsure_after,
)
from rewardkit.commitment.listed_answers import listed_words_after
from rewardkit.commitment.negation import negation_corrected
from rewardkit.commitment.rejection import operated_after, rejected_after, without_reason_about_another
from rewardkit.commitment.restatement import (
    partial_around,
    past_restatement,
    restated_otherwise,
    restates,
    restates_value,
)
from rewardkit.commitment.shared_words import (
    DOUBTED_ANSWER,
    INSIDE_CONDITION,
    NEGATION_BEFORE,
    OFFERING_MODAL,
    shown_after,
    why_after,
)
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import Quantity, same_quantity, scan
from rewardkit.several_values import names_before_values

# what, right after a value, gives it as a careless solver's pick or a trap rather than the answer: "C is what
# a naive student picks", "72 is the trap answer", "72 is a distractor", "72 is what you get if you forget
# the carry" ("72 is what the careful count gives" and "72 is the correct answer" commit)
DISOWNED_AFTER = (
    r"[\s$*_)\]}]*,?\s*(?:which\s+)?(?:is|was|would\s+be|are|'s)\s+(?:(?:just|only|merely|simply|clearly|"
    r"exactly|precisely)\s+)?"
    r"(?:what\s+(?:(?:a|an|the|most|many|some)\s+)?(?:naive|naïve|careless|hasty|sloppy|novice|inexperienced|unwary|"
    r"rushed|confused|lazy)\s+(?:student|reader|solver|person|people|guesser|test-?taker|one)s?\b|"
    r"what\s+(?:you|one|we|they|students?|people)(?:'d|\s+would|\s+might)?\s+(?:get|gets|obtain|pick|choose)\s+"
    r"(?:if|when|by)\s+(?:you\s+|one\s+|we\s+|they\s+)?(?:forget|forgets|forgetting|ignore|ignores|ignoring|"
    r"miss|misses|missing|neglect|neglects|neglecting|overlook|overlooks|overlooking|misread|misreads|"
    r"misreading|skip|skips|skipping|drop|drops|dropping)\b|"
    r"(?:the|a|an)\s+(?:(?:obvious|classic|common|typical|tempting|usual|standard)\s+)?(?:trap|distractor|decoy|"
    r"red\s+herring|pitfall|mistake|blunder|(?<=classic\s)error|(?<=common\s)error|(?<=typical\s)error|"
    r"(?:naive|naïve|tempting|trap|wrong|incorrect|careless|mistaken|bogus)\s+"
    r"(?:answer|choice|option|pick|guess|result|one|value)s?)\b)"
)
# the rest of the statement calls the value wrong: "72, which is wrong", "72 (incorrect)", "C is incorrect"
_CALLED_WRONG_AFTER = lazy_compile(
    r"^(?:[^.;\n]|\.\d){0,120}?(?:\b(?:is|are|was|seems?|looks?|that'?s)\s+(?:both\s+|all\s+|also\s+|clearly\s+)?"
    r"(?:wrong|incorrect|not\s+(?:right|correct))\b|"
    r"\(\s*(?:this\s+is\s+|that'?s\s+)?(?:wrong|incorrect)\b|\bnot\s+correct\b|"
    r"\bwhich\s+is\s+(?:wrong|incorrect|(?:a|an)\s+(?:common\s+)?(?:mistake|error))\b|\bno,?\s+wait\b|"
    r"\bi\s+made\s+(?:a|an)\s+(?:mistake|error)|\bthat'?s\s+(?:a|the)\s+(?:trap|mistake|common\s+mistake|"
    r"distractor)|\bi\s+disagree\b|"
    # "250 is a trap answer", "250 is a distractor", "84 would be the answer to a different question"
    r"\b(?:is|was|would\s+be)\s+(?:just\s+|only\s+)?(?:a|an|the)\s+(?:(?:trap|wrong|incorrect|naive|naïve|tempting|"
    r"mistaken|bogus)\s+(?:answer|result|value)|trap|distractor|red\s+herring)\b|"
    r"\banswer\s+to\s+(?:a|an|some|the)\s+(?:different|other|another)\s+question\b|"
    # ... or gives it as the pick of a careless solver, or as a trap: "C is what a naive student picks", "72
    # is the trap answer", "72 is what you get if you forget the carry"
    rf"^{DISOWNED_AFTER})",
    re.IGNORECASE,
)


# ... or corrects it to another value: "72, I mean 73", "72, er, 73", "72, make that 73", "72 → 73", "72 —
# wait, 73", "72 no 73", "72, oops, 73"
_CORRECTED_AFTER = lazy_compile(
    # (the leading run is read possessively, and the space a cue follows is looked at behind it: a run of
    # spaces split three ways between the runs before a cue would cost the cube of its length)
    r"^[\s*_)]*+(?:(?:[,;—–-]\s*|(?<=\s))\(?\s*(?:er|um+|uh+|i\s+mean|i\s+meant|make\s+that|or\s+rather|rather|sorry|"
    # ("18, no, 16" is a take-back, read by taken_back_within: the value after it stands)
    r"wait|no(?!\s*[,—–])|nope|oops|whoops|actually|correction|scratch\s+that|strike\s+that)\b"
    r"[,:\s]*|\s*(?:→|->|=>|⇒)\s*|"
    # ... or a clause that states it: "72, sorry, I computed 70", "72 — wait, we get 70" (a restatement of the
    # answer after the cue, "72, sorry, it should be 70", is read by corrected_within first)
    r"(?:[,;—–-]\s*|(?<=\s))\(?\s*(?:sorry|oops|whoops|wait|actually|scratch\s+that|strike\s+that|"
    r"my\s+(?:mistake|bad|error))\b[,:\s]*(?:[A-Za-z'’]+[ \t]+){1,4})[-−$(]*\d",
    re.IGNORECASE,
)


_CONDITION_AFTER = lazy_compile(
    r"^(?:[^.;\n]|\.\d){0,200}?\b(?:if|when|whenever|unless|provided|providing|assuming|supposing|only\s+if|"
    r"as\s+long\s+as|in\s+case|depending\s+on|given\s+that|on\s+condition|"
    # an inverted condition: "72 had she kept all of them", "72 were it not for the fee", "72 should he stay"
    r"(?:had|were|should)\s+(?:she|he|they|we|you|i|it|there)\b(?!\s*[?])|"
    # ... "72 had the printer not jammed" (a noun, then a participle)
    r"had\s+(?:the|his|her|their|its|my|our)\s+\w+\s+(?:not\s+|never\s+)?(?:been|\w+(?:ed|en|wn|ught|ept|old))\b|"
    # what would hold without something: "72 is what it would cost without the coupon"
    r"would\b[^.;\n]{0,100}?\b(?:without|but\s+for|absent|in\s+the\s+absence\s+of)\b|"
    # one value per case: "72 in the first scenario and 65 in the second", "72 in Tom's case"
    r"(?:in|for|under)\s+(?:the\s+)?(?:first|second|third|former|latter|one|other|\w+(?:'s|’s))"
    r"\s+(?:case|scenario|situation|interpretation|reading|version|setting|option)s?)\b",
    re.IGNORECASE,
)


# a statement of one value per case, the value after the first: "40 in the first case and 55 in the second"
_CASE_BEFORE = lazy_compile(
    r"\b(?:in|for|under)\s+(?:the\s+)?(?:first|former)\s+(?:case|scenario|situation|interpretation|reading|version|"
    r"setting)\b[^.!?;\n]{0,120}$",
    re.IGNORECASE,
)
# another value offered beside the answer: "6, though it might be 7", "6 (or 7)", "y = 2 or y = -2"
# a character of the same sentence: no stop, or the period of a decimal or of an abbreviation before a value
# ("approx. 73", "ca. 73", "Rs. 73")
_IN_SENTENCE = r"(?:[^.;\n]|\.\d|(?<=\bapprox)\.|(?<=\bca)\.|(?<=\bRs)\.)"
_HEDGE_AFTER = lazy_compile(
    rf"^{_IN_SENTENCE}{{0,120}}?(?:\bor\b|\bthough\b|\balthough\b|\bmight\b|"
    rf"\b{OFFERING_MODAL}\b|"
    r"\bpossibly\b|\banother\s+(?:reading|interpretation|view)\b|\bunder\s+(?:one|another|a\s+different)\b|"
    rf"\bperhaps\b|\bmaybe\b|\beither\b|\bprobably\b|\botherwise\b){_IN_SENTENCE}{{0,80}}?"
    r"(?P<other>[-−]?\$?\.?\d[\d,]*(?:\.\d+)?|\\frac|\\sqrt|\b(?:zero|one|two|three|four|five|six|seven|eight|"
    r"nine|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|twenty|thirty|forty|fifty|sixty|seventy|"
    r"eighty|ninety|hundred)\b)",
    re.IGNORECASE,
)


# another value offered before the answer: "70 or 80 people" (the last number is not the answer it hedges),
# its math closed before or after its comma ("\\(-1,\\) or \\(1\\)")
_HEDGE_BEFORE = lazy_compile(
    r"(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|"
    r"sixty|seventy|eighty|ninety|hundred)\b)"
    # (what the value counts may stand before the "or": "72 pens or 70 pencils")
    r"(?:[ \t]+[A-Za-z][A-Za-z'’-]{1,19}){0,2}(?:[\s$%*_)]|\\[)\]])*,?(?:\s|\\[)\]])*\(?\s*\bor\s+"
    r"(?:maybe\s+|perhaps\s+|possibly\s+)?(?:[\s$*_(]|\\[(\[])*$",
    re.IGNORECASE,
)


def called_wrong_after(after: str, value: Quantity | None = None) -> str | None:
    """Why the rest of a statement takes its value back (``72, which is wrong``, ``72, I mean 73``), or None.
    A correction to the same ``value``, when it is known, takes nothing back (``72, actually 72.0``).

    >>> called_wrong_after(" (incorrect).")
    "called wrong: '… (incorrect)' takes the value back"
    >>> called_wrong_after(", I mean 73."), called_wrong_after(" apples.")
    ("corrected: '… , I mean 73' states another value", None)
    """
    called = why_after(_CALLED_WRONG_AFTER, after, 200, "called wrong", "takes the value back")
    if called is not None:
        return called
    corrected = _CORRECTED_AFTER.match(after[:200])
    if corrected is None:
        return None
    if value is not None:
        # the pattern ends on the first digit of the value it corrects to
        at = corrected.end() - 1
        named = next(scan(after[at : at + 60]), None)
        if named is not None and named.start == 0 and same_quantity(named.quantity, value):
            # "72, actually 72.0": the value stands, as what is said after it says ("…, actually 72 or more")
            return problem("", after[at + named.end :], value=value)
    return f"corrected: {shown_after(after)!r} states another value"


# another choice letter offered beside the answer: "(B), though it might be (C)", "(B) (or (C))"
_HEDGE_LETTER = lazy_compile(
    r"^[^.;\n]{0,120}?(?:\bor\b|\bthough\b|\balthough\b|\bmight\b|\bmay\s+be\b|\bcould\s+be\b|"
    r"\bpossibly\b|\bperhaps\b|\bmaybe\b|\beither\b|\bprobably\b)[^.;\n]{0,40}?(?:\(\s*[A-Z]\s*\)|\b[A-Z]\b)"
    # "D, but C is also plausible", "(B); (C) is equally valid"
    r"|^[^.;\n]{0,120}?(?:\(\s*[A-Z]\s*\)|\b[A-Z]\b)[\s)*_]*(?:is|are|seems|looks|would\s+be)?\s*(?:also|equally|just\s+as)\s+"
    r"(?:plausible|possible|likely|valid|correct|reasonable|good|right)\b"
)
# another choice letter joined to the answer's: "B and C", "B, D", "(B) & (C)"; not the pronoun of
# "B and I think"
_LETTER_LISTED = lazy_compile(
    r"[ \t*_]*(?:,|&|\+|\band\b|\bas\s+well\s+as\b|\bplus\b)[ \t*_]*(?:\(\s*[A-Z]\s*\)|[A-Z])"
    # (a word after the letter starts a clause about it, "B, A is too small"; a plural verb calls the letters
    # listed together something: "A, C are correct")
    r"(?![A-Za-z'’])(?!\s+(?!(?:or|and|are|were|both)\b)[a-z])"
)
# another word offered beside a word answer: "Monday (or Tuesday)", "even, or possibly odd"
_HEDGE_WORD = lazy_compile(
    r"^[^.;\n]{0,60}?\b(?:or|though|although|possibly|perhaps|maybe)\b[\s(]*[A-Za-z]{2,}", re.I
)
_EXCLUSION = lazy_compile(r"\b(?:not|never|cannot|nor)\b|n't\b", re.IGNORECASE)


# "writes" or "wrote" right before a value whose noun is a thing written ("James writes 624 pages", "she wrote
# 3 more letters") counts what was written: the verb's object is the quantity, no answer someone reports
_WRITES_RIGHT_BEFORE = lazy_compile(r"\b(?:wrote|writes)[\s*_$]*$", re.IGNORECASE)
_WRITTEN_THINGS = lazy_compile(
    r"[\s*_$]*(?:(?:more|new|extra|additional|other|short|long|full|whole|handwritten|[a-z]+-page)\s+)?"
    r"(?:pages?|letters?|words?|lines?|essays?|articles?|stor(?:y|ies)|poems?|books?|e-?mails?|songs?|chapters?|"
    r"reports?|checks?|cheques?|notes?|cards?|postcards?|messages?|posts?|paragraphs?|sentences?|papers?|"
    r"programs?|reviews?|invitations?|novels?|scripts?|tweets?|texts?|characters?|verses?|sheets?)\b",
    re.IGNORECASE,
)


def problem(
    before: str,
    after: str,
    *,
    value: Quantity | None = None,
    relations_qualify: bool = True,
    conditions: bool = True,
    letters: bool = False,
    words: bool = False,
    letter: str | None = None,
) -> str | None:
    """Why a value stated between ``before`` and ``after`` (the rest of its statement on each side) is not a
    commitment, or None when it is one.

    ``value``, when known, lets a second value that says the same thing pass (``3 hours, or 180 minutes``).
    ``relations_qualify=False`` when the gold is itself an inequality or interval (``x \\ge 5`` is then the
    answer, not a bound on it); ``conditions=False`` inside a box, where ``\\text{ if }`` writes a piecewise
    answer; ``letters=True`` for a multiple-choice answer, which another letter hedges; ``words=True`` for a
    word answer (``Monday (or Tuesday)``), which another word hedges. ``letter``: the choice letter stated,
    when it is one. A reason that calls another value wrong (``B because A is too small``, ``72, since 70 is
    incorrect``) says nothing against the one stated, known by ``value`` or ``letter``.
    """
    before = before[-200:]
    after = without_reason_about_another(after[:300], value, letter)
    # "72 (i.e., 72.0) or more", "0.4, which is 40% or more", "1/4, i.e. 25% if n is even": the value said
    # again, in the same or another form, carries what follows it (the abbreviation's full stops end no
    # statement)
    after = past_restatement(after, value)
    otherwise = restated_otherwise(after, value)
    if otherwise is not None:
        return otherwise
    # "The maximum is 5, achieved when x = 2.": where the value is attained is no condition on it, nor a value
    # that hedges it; what follows that argument still counts
    after = past_attained(before, after)
    negation = NEGATION_BEFORE.search(before)
    if negation is not None and not relations_qualify and negation.group().startswith(("≠", "\\ne")):
        negation = None  # "x \neq 3" against a set or relation gold: the relation is the answer (all x but 3)
    if negation is not None and negation_corrected(after, value) is None:
        return f"negated: {(before.strip() + ' …')!r} says what the answer is not"
    why = qualified(before, after, relations_qualify=relations_qualify)
    if why is not None:
        return why
    hedge_first = _HEDGE_BEFORE.search(before)
    if hedge_first is not None:
        first = hedge_first.start()
        while first > 0 and (before[first - 1].isdigit() or before[first - 1] in ".,"):
            first -= 1  # (the search starts at the last digit its "or" can follow: the whole number is read)
        if not restates_value(value, before[first:], 0, after):
            return f"hedged: another value comes first: {(before.strip()[-60:] + ' …')!r}"
    own = own_result_after(after)
    if own is not None:
        again = next(scan(after[own[0] : own[1]]), None)
        if value is None or again is None or not same_quantity(again.quantity, value):
            # "The answer is 72, but I get 70.": the text's own result set against its answer, as in the
            # sentence after it ("The answer is 72. But I get 70."): two values, neither committed
            return f"contradicted: {after.strip()[:60]!r} sets the text's own result against its answer"
    why = (
        restates(before)
        or partial_around(before, after)
        or trails_off(after)
        or called_wrong_after(after, value)
        or rejected_after(after)
        or operated_after(after)
        or unsure_after(after)
        or attributed_after(after)
        or disowned_before(before)
    )
    if why is not None:
        return why
    doubted = DOUBTED_ANSWER.search(before) if conditions else None
    if doubted is not None and _WRITES_RIGHT_BEFORE.search(doubted.group()) and _WRITTEN_THINGS.match(after):
        doubted = None  # "James writes 624 pages a year": what he writes is counted, no answer reported
    if doubted is not None:  # "I doubt the total is 72", "Whether the total is 72 …"
        return f"not asserted: {doubted.group().strip()[:60]!r} doubts, asks or reports the value"
    why = condition_value_before(before) if conditions else None
    if why is not None:  # "So the sum is 7 when n = 3"
        return why
    if conditions and INSIDE_CONDITION.search(before):
        return f"conditional: {(before.strip()[-60:] + ' …')!r} holds the value inside its condition"
    if conditions and _CASE_BEFORE.search(before):
        return f"conditional: {(before.strip()[-60:] + ' …')!r} gives one value per case"
    why = counterfactual_around(before, after) if conditions else None
    if why is not None:  # "It would take 72 minutes without the current"
        return why
    why = value_under_condition_after(after) if conditions else None
    if why is not None:  # "$15 (16 with tax)"
        return why
    if conditions and _CONDITION_AFTER.match(after):
        return f"conditional: {('… ' + after.strip())[:60]!r} makes the answer depend on a condition"
    hedge = _HEDGE_AFTER.match(after)
    if hedge is not None and not restates_value(value, after, hedge.start("other")):
        return f"hedged: another value follows: {shown_after(after)!r}"
    if words and _HEDGE_WORD.match(after):
        return f"hedged: another answer follows: {shown_after(after)!r}"
    if words:
        why = listed_words_after(after)
        if why is not None:
            return why
    if letters and _LETTER_LISTED.match(after):  # "I choose B and C", "B, D": several choices, none committed
        return f"several choices: {shown_after(after)!r}"
    hedged_letter = _HEDGE_LETTER.match(after) if letters else None
    # "D, it can't be A or B" excludes the other letters; it does not offer them (a letter excluded in a
    # clause before, "C, not B, D is also correct", leaves the one the last clause offers offered)
    if hedged_letter is not None and not _EXCLUSION.search(hedged_letter.group().rsplit(",", 1)[-1]):
        return f"hedged: another choice follows: {shown_after(after)!r}"
    return hedged_before(before) or also_valid_after(after, value)


# another value listed after a semicolon: "Answer: 3; 5" (the statement ends at the semicolon, its list
# does not)
_LISTED_AFTER = lazy_compile(r"[ \t*_$]*;[ \t]*[-−$]?(?:\d|\\frac)")


def listed_after(text: str, start: int, end: int) -> str | None:
    """Why the statement at ``text[start:end]`` is one of several answers listed after a semicolon, or
    None."""
    m = _LISTED_AFTER.match(text, end)
    if m is None:
        return _named_listed_after(text, start, end)
    rival = next(scan(text[m.end() - 1 : m.end() + 60]), None)
    if rival is not None:
        rest = text[m.end() - 1 + rival.end : m.end() + 300]
        if called_wrong_after(rest) or rejected_after(rest):
            return None  # "72; 96 is wrong because …": a rival rejected is no second answer
    return f"several answers: {text[start : m.end()].strip()[:60]!r}"


_SEMICOLON_AFTER = lazy_compile(r"[ \t*_$]*;")


def _named_listed_after(text: str, start: int, end: int) -> str | None:
    """Why a statement that names its value (``boys: 18``) is one of several named values listed after a
    semicolon (``boys: 18; girls: 12``), or None."""
    if not _SEMICOLON_AFTER.match(text, end):
        return None
    first = next(scan(text[start:end]), None)
    rival = next(scan(text[end : end + 80]), None)
    if first is None or rival is None or same_quantity(first.quantity, rival.quantity):
        return None
    gap = text[start + first.end : end + rival.start]
    names = names_before_values(text[start : start + first.start], gap)
    if names is None:
        return None
    return f"several answers: {text[start : end + rival.end].strip()[:60]!r} names two ({names})"
