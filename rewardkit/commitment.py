"""When a statement commits to an answer.

A completion is paid for the answer it *commits* to. A statement commits to a value when it asserts that the
answer is that value, plainly: ``The answer is 45``, ``\\boxed{45}``, ``so she has 45 apples``. It does not
commit when it

* negates the value (``not 40``, ``isn't 40``) — unless it goes on to name the answer (``not 40, but 45``,
  ``not 40; it is 45``: then the named one is the answer);
* qualifies it (``at least 12``, ``more than 12``, ``over 12``, ``12 or more``, ``nearly 12``, ``≥ 12``);
* makes it conditional (``12 when the coupon applies``, ``12 if x > 0``, ``12 unless …``); where a value is
  attained is no condition on it (``The minimum is -4, attained when x = 1``, ``The maximum is 5 at x = 2``):
  the value stated first is the answer, the later one names its argument;
* hedges it with another value (``likely 6, though it might be 7``, ``6 (or 7)``, ``y = 2 or y = -2``);
* is followed by an answer to another reading of the question (``The answer is 12. For distinguishable coins,
  the answer would be 24.``, ``\\boxed{12} … If the order mattered, we would instead get \\boxed{24}``, ``18.
  (Note: if the eggs cost $3, it would be 27.)``, ``18. It would be 24 without the discount.``): the text
  answers two questions, one per reading, as ``72 (4 if we count Sunday)`` does in one statement; neither
  value is paid (an alternative that reaches the same value, ``Even if …, it would still be 12``, and a
  hypothetical set aside before the answer, ``If x were 3 …, but x = 4, so the answer is 12``, commit);
* is retracted afterwards (``The answer is 5. Wait, actually it is 6.``, ``Just kidding, it's 6``): the later
  statement is the answer, and a retraction with no later value (``Ignore that.``, ``Nope.``) leaves none;
* hedges it alone (``The answer is probably 72``, ``Maybe the answer is 72``, ``72 (not sure)``,
  ``72, I guess``, ``72 (I'm not 100% sure)``, ``72 (confidence: low)``; ``(confidence: 0.9)`` and ``I'm
  100% sure`` commit), doubts it with another as a question (``72. Hmm, or is it 70?``), disowns it (``The
  wrong answer is 72``, ``Bob's answer is 72``, ``One possible answer is 72``), goes on to change it (``72,
  plus 3``), offers another value as valid too (``72, but 96 also works``) or rejects it (``x = 5 is
  extraneous``, ``72 (rejected)``).

An approximation (``about 12``, ``approximately 3.14``) does commit: to a value known to be rounded, which
the equivalence rules compare as such. A statement that does not commit is AMBIGUOUS (the verdict of "did not
commit to one answer", its own bucket in reports), never paid.

>>> problem("The answer is ", " or more.")
"qualified: '… or more.' is a bound, not a value"
>>> problem("The answer is at least ", ".")
"qualified: 'The answer is at least …' states a bound, not a value"
>>> problem("", " when the coupon applies.")
"conditional: '… when the coupon applies.' makes the answer depend on a condition"
>>> problem("likely ", ", though it might be 7.")
"hedged: another value follows: '… , though it might be 7'"
>>> problem("not ", "; it is 45"), negation_corrected(", but 45")
(None, '45')
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from rewardkit.languages import chinese, european
from rewardkit.numbers import (
    CARDINAL_WORDS,
    UNIT_PATTERN,
    Quantity,
    QuantitySpan,
    same_quantity,
    same_share,
    scan,
)
from rewardkit.several_values import names_before_values
from rewardkit.stated_units import RESTATING, RESTATING_APPROXIMATION, rounded_restatement, rounds_to

# words that state a value as rounded: they commit to it (unlike a bound), so other readers step over them
# ("approx. 72", "ca. 72": the abbreviations with their periods)
APPROXIMATION = r"approx(?:imately|\.)?|about|around|roughly|circa|ca\."
# a closing line that says nothing about the answer ("I hope this helps!", "Let me know if …")
POLITE_CLOSING = (
    r"(?:i\s+)?(?:hope|thanks|thank\s+you|let\s+me\s+know|good\s+luck|cheers|happy|feel\s+free|best)\b"
)

# words and relations that, right before a value, make it a bound ("at least 12") or a near miss
# ("nearly 12"); presentation may stand between: math, emphasis, a bracket or a quote (\x22 is ")
_QUALIFIER_BEFORE = re.compile(
    r"(?:\b(?:(?:no|not)\s+(?:more|less|fewer|greater|smaller)\s+than|more\s+than|"
    r"less\s+than|fewer\s+than|greater\s+than|smaller\s+than|bigger\s+than|larger\s+than|higher\s+than|"
    # ("round up to 4", "rounded down to 3": a rounding states its result, no bound)
    r"lower\s+than|over|under|above|below|nearly|almost|(?<!round\s)(?<!rounds\s)(?<!rounded\s)(?<!rounding\s)"
    r"up\s+to|upwards\s+of|in\s+excess\s+of|"
    r"a\s+minimum\s+of|a\s+maximum\s+of|minimum\s+of|maximum\s+of|just\s+(?:over|under|shy\s+of)|"
    # "at least 72", "at minimum 72", "at the very least 72", "at the most 72"; "minimum 72", "max 72" right
    # before the value ("the minimum 72", "has max 72" name the extreme itself; the look-behinds run only
    # once an "m" has matched)
    # ... and set off by commas ("The answer is, at least, 72") or before the verb it bounds, with its
    # subject and auxiliary ("At least you need 72 bricks", "She can at most buy 72", "we at least need 72"):
    # the bound is on the quantity the verb states, as in "you need at least 72"
    r"at\s+(?:a\s+|the\s+)?(?:very\s+)?(?:least|most|minimum|maximum)(?:\s*,|"
    r"(?:\s*,)?\s+(?:(?:i|we|you|they|he|she|it|one)(?:['’](?:ll|d))?\s+)?"
    r"(?:(?:can|could|will|would|must|should|may|might|need\s+to|ha(?:ve|s|d)\s+to)\s+)?"
    r"(?:need(?:s|ed)?|requir(?:e|es|ed)|ha(?:ve|s|d)|get|gets|got|buy|buys|bought|use[sd]?|take[sn]?|took|"
    r"make[s]?|made|cost[s]?|pay|pays|paid|spend[s]?|spent|sell[s]?|sold|hold[s]?|held|fit[s]?|carr(?:y|ies|ied)|"
    r"contain(?:s|ed)?|be|reach(?:es|ed)?|afford[s]?|earn(?:s|ed)?|save[sd]?|eat[s]?|ate|walk(?:s|ed)?|"
    r"run[s]?|ran|read[s]?|give[sn]?|gave|receive[sd]?|collect(?:s|ed)?))?|"
    r"m(?<!\bthe\sm)(?<!\ba\sm)(?<!\bits\sm)(?<!\bhas\sm)(?<!\bhave\sm)(?<!\bwith\sm)"
    r"(?:in(?:imum|imally|\.)?|ax(?:imum|imally|\.)?)(?=\s)|"
    r"short\s+of|close\s+to|(?:(?<![\s\S])|(?<=\bis\s)|(?<=\bnumber\s)|(?<=\bvalue\s)|(?<=\bwas\s)|(?<=\bbe\s)|(?<=\bare\s)|(?<=:\s))near(?![a-z])|anywhere\s+from|between|somewhere\s+between|within|beyond|exceed(?:s|ed|ing)?)"
    # "less than or equal to 12", "greater than or equal 12"
    r"(?:\s+or\s+equal(?:\s+to)?)?"
    # (the ">" of an arrow, "=> 72", "9 * 8 -> 72", gives a result: no bound)
    r"|(?<![=-])[<>]=?|[≤≥≲≳≦≧⩽⩾≪≫]=?|\\(?:geq?|leq?|gt|lt|geqslant|leqslant|ll|gg)(?![A-Za-z]))"
    # "at least the 3rd", "more than in 1970", "at least — 72", "at least definitely 72"
    rf"(?:\s+(?:{APPROXIMATION}|exactly|definitely|certainly|surely|clearly|precisely))?(?:\s+(?:the|in|on|at|by|of))?"
    # "at least x = 72": the bound holds for the value a name is given, and "at least 3*50 = 150" for the
    # result of the computation it opens
    # (GSM8K's calculator note, "<<3/440=…>>", opens no bound)
    r"(?:[\s$*_(]*(?:[A-Za-z](?:_\{?\w{1,6}\}?)?|(?<!<<)[$€£]?\d[\d,.]*(?:\s*(?:[-+*/×÷·]|\s[x×]\s|\\times|\\cdot)"
    r"\s*\(?[$€£]?\d[\d,.]*\)?){1,6})\s*=)?"
    # (an approximation's tilde may stand there too: "at least ~72", LaTeX's spacing "at least~72")
    r"[\s$*_(\\\[\x22“—–→⟶⇒~≈∼]*$",
    re.IGNORECASE,
)
# ... and right after it ("12 or more", "12+", "12 and up")
# a bound said after the value that bounds a count of its own: "45 students take at least one", "… at most
# 2 each" (the value is not what it bounds)
_BOUNDS_A_COUNT_AFTER = (
    r"(?![ \t]+(?:one|once|two|twice|three|thrice|four|five|six|seven|eight|nine|ten|\d+)\b)"
)
_QUALIFIER_AFTER = re.compile(
    # the value's unit may stand between ("72 square feet or more", "2 hours 30 minutes or more")
    r"^[\s$*_)\x22”]*\+(?=[\s.,;!)*_]*$|\s+[A-Za-z]{2,}+(?!\())|"  # "12+", "12+ people"; not "1 + sqrt(3)"
    # after a comma, only the bound words themselves ("72, or more", "72, at least"; "Minimum: 1, Maximum: 3"
    # names two values, "72, and more importantly …" bounds nothing)
    # (what the value counts may stand before the comma: "72 apples, or more")
    r"^[\s$*_)]*(?:[ \t]+[A-Za-z]{2,20}){0,2}[\s$*_)]*,\s*(?:[A-Za-z']+\s+){0,3}?"
    r"(?:or\s+(?:more|less|fewer|greater|higher|lower|above|below|over|under|so|thereabouts)\b|"
    r"and\s+up(?:wards?)?|"
    rf"at\s+(?:the\s+)?(?:least|most|best|worst|very\s+(?:least|most)))\b{_BOUNDS_A_COUNT_AFTER}|"
    # (past the value's restatement in parentheses: "1.5 (3/2) or more")
    # (a sign or an approximation inside: "-2/3 (approximately -0.66) or more")
    r"^(?:[\s$*_()\x22”'’°/%\\✓✔×·=+~≈]|[-−](?=\.?\d)|[A-Za-z]++\b|\d++(?:\.\d++)?){0,12}?(?:\b(?:or|and)\s+(?:more|less|fewer|greater|higher|lower|above|"
    r"below|over|under|up|so|thereabouts|longer|shorter|larger|smaller|bigger|beyond|upward|upwards)\b|"
    rf"\bat\s+(?:the\s+)?(?:least|most|best|worst|very\s+(?:least|most))\b{_BOUNDS_A_COUNT_AFTER}|"
    r"\b(?:at\s+)?(?:a\s+)?(?:minimum|maximum)\b|"
    # "72 and change", "72 and then some", "72-odd", "72 odd": a little more than 72
    r"\band\s+(?:change|then\s+some)\b|-odd\b|\bodd(?=[\s.,;!)*_]*$)|"
    # "72 is an overestimate", "72 is only an upper bound"
    r"\b(?:over|under)-?estimat(?:e|es|ed|ion)\b|\b(?:upper|lower)\s+bound\b|"
    r"\b(?:max|tops)\b(?=[\s.,;!)*_]*$))",
    re.IGNORECASE,
)
_NEGATION_BEFORE = re.compile(
    r"\b(?:not|isn't|isnt|aren't|wasn't|weren't|won't\s+be|cannot\s+be|can't\s+be|couldn't\s+be|"
    r"shouldn't\s+be|never|no\s+longer|nor|hardly|different\s+from|other\s+than|anything\s+but|far\s+from|"
    r"nowhere\s+near|unlikely\s+to\s+be|"
    # a negated verb right before its value: "She did not sell 72 clips", "She never sold 72", "didn't get
    # 72", "She did not score 18", "They never won 18 games" (any verb: its object is what it denies)
    r"(?:didn'?t|did\s+not|doesn'?t|does\s+not|don'?t|do\s+not|won'?t|will\s+not|never)\s+"
    r"(?:come\s+to|add\s+up\s+to|[a-z]+)|"
    # what is left out: "we can rule out 17", "all values except 72", "any real number apart from 3"
    r"rule[sd]?\s+out|ruling\s+out|except(?:\s+for)?|apart\s+from|aside\s+from|eliminat(?:e|es|ed|ing))\b"
    r"(?:\s+(?:equal\s+to|exactly|just|simply|quite|really|actually|be|the|[a-z]+ly|"  # "not obviously 72"
    # "not in 1970", "not at quarter to 8": a preposition between the negation and its value
    r"in|on|at|by|of|during|until|till|"
    # a currency written before the value: "cannot be Rs. 350", "not USD 72"
    r"rs\.|rs|usd|inr|eur|gbp|"
    rf"{APPROXIMATION}))*"
    # "not x = 5": the variable the value is stated for stands between the negation and its value
    # "It is not: 72", "Not:\n72": a colon introduces what is negated
    r"(?:[\s$(]+(?:[A-Za-z]|\\[A-Za-z]+)\s*=)?(?:[\s*_]*[:：])?[\s$*_(\\\[\x22“—–→⟶⇒~≈∼]*$|≠\s*$|\\neq?\s*$",
    re.IGNORECASE,
)
# what names the answer after a negation: "not 40, but 45", "not 40; it is 45", "not 40 — rather 45"
_CORRECTION = re.compile(
    r"^[^\n]{0,80}?(?:[,;:—–-]\s*|\s+)(?:but(?:\s+(?:rather|instead|it\s+is|it's))?|rather|instead|it\s+is|"
    r"it's|it\s+was|the\s+answer\s+is|which\s+is)\b[\s:]*"
    # "不是A，是B" read as "not A, is B": the copula alone after the comma, a value right after it
    r"|^[^\n]{0,80}?[,;]\s*is\s+(?=[-−$(]?\d|\(?[A-J]\b|\\)",
    re.IGNORECASE,
)
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
_CALLED_WRONG_AFTER = re.compile(
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
# ... or rejects it, with no other value between: "x = 5 is extraneous", "72 (rejected)", "72 ✗", "72 does not
# work", "72 cannot be the answer", "72 was my first thought, but it's wrong" ("72 because 96 does not work"
# rejects 96, not 72)
_REJECTED_AFTER = re.compile(
    r"^[\s$*_)\]\\]*(?:✗|✘|❌|❎|\\times\b(?=[\s$)]*$))|"
    r"^(?:[^\d.;!?\n]){0,60}?(?:\b(?:extraneous|rejected|inadmissible|not\s+admissible|"
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
_REASON_ABOUT_A_VALUE = re.compile(
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
_A_DIGIT = re.compile(r"\d")
_A_LETTER = re.compile(r"[A-J]")


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
        value is None or (_A_DIGIT.search(after, 0, 120) is None and not _names_the_others(after[:120]))
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


# ... or corrects it to another value: "72, I mean 73", "72, er, 73", "72, make that 73", "72 → 73", "72 —
# wait, 73", "72 no 73", "72, oops, 73"
_CORRECTED_AFTER = re.compile(
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
# the rest of a parenthesis that gives the value it opens on under a condition of its own: "(16 with tax)",
# "(4 if traffic is heavy)", "($18 including the tip)"; not "(16 per box)", "(8 × 9)", "(see step 3)"
_CONDITION_IN_PARENTHESES = (
    r"[ \t]*(?:[A-Za-z%]+[ \t]+){0,2}(?:with|without|including|excluding|incl\.|excl\.|after|before|if|when|"
    r"unless|counting|not[ \t]+counting|plus|minus)\b[^()\n]{0,80}\)"
)
_VALUE_UNDER_CONDITION = re.compile(
    # (past the value's unit or noun: "3 hours (4 with traffic)")
    r"^(?:[$*_}\]]|\\[)\]])*(?:[ \t]+[^\W\d_]+){0,3}[*_]*[ \t]*\([ \t]*[-−]?[$€£]?\d[\d,]*(?:\.\d+)?"
    + _CONDITION_IN_PARENTHESES,
    re.IGNORECASE,
)
_CONDITION_CLOSES_PARENTHESIS = re.compile(_CONDITION_IN_PARENTHESES, re.IGNORECASE)


def value_under_condition_after(after: str) -> str | None:
    """Why a parenthesis right after a value gives another value under a condition of its own (``$15 (16
    with tax)``): two values, one per reading of the question, or None.

    >>> value_under_condition_after(" (16 with tax)."), value_under_condition_after(" (16 per box)")
    ("two values: '(16 with tax)' gives another value under a condition", None)
    """
    m = _VALUE_UNDER_CONDITION.match(after)
    return f"two values: {m.group().strip()!r} gives another value under a condition" if m else None


def condition_closes_parenthesis(after: str) -> bool:
    """Whether what follows a value opening a parenthesis gives it a condition of its own and closes it
    (``16`` in ``$15 (16 with tax)``)."""
    return _CONDITION_CLOSES_PARENTHESIS.match(after) is not None


_CONDITION_AFTER = re.compile(
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
# where a value is attained, said right after it: "…, attained at $x = 1$", "which occurs when x = 2",
# "achieved for x = 3", "and it is reached at"; after an extreme value ("the minimum is …") a bare "at" or
# "when" says as much ("The minimum is -4 at x = 1"). What follows names the argument that gives the value: no
# condition on it, and no answer of its own
_ATTAINED_AT = re.compile(
    # (possessive: a run of spaces is read once, never split between the runs around what may stand in it)
    r"[ \t]*+[$)*_]*+(?:\\[)\]])?[ \t]*+(?P<stop>[,;.])?[ \t]*+"
    r"(?:(?P<verb>(?:(?P<subject>which|that|and(?:[ \t]+(?:it|this|that))?|this(?:[ \t]+value)?|it)[ \t]+)?"
    r"(?:is[ \t]+|are[ \t]+|gets[ \t]+)?(?:only[ \t]+)?(?:attained|achieved|reached|obtained|realized|"
    r"realised|assumed|occurs|occurring|happens|taken))[ \t]+)?"
    r"(?P<where>at|when|for|where|with)\b",
    re.IGNORECASE,
)
# an extreme value, named in the statement before it
_EXTREMUM = re.compile(
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
_ARGUMENTS = re.compile(
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


# a value stated by a copula: "is $4$", "equals -2", "are \\(\\frac12\\)"
_STATED_VALUE = re.compile(
    r"\b(?:is|are|was|were|equals)[ \t]+(?:[$*_(]|\\\()*[ \t]*[-−]?(?:\d|\\[dt]?frac|\\sqrt)", re.IGNORECASE
)


def value_stated_before(sentence_before: str) -> str | None:
    """Why the sentence before a value whose argument was stepped over states another value of its own
    (``The minimum is $4$, attained at $x = 1$, and the maximum is …``): two answers, none committed; or None.

    >>> value_stated_before("The minimum is $4$, attained at $x = 1$, and the maximum is $")
    "several values: 'The minimum is $4$, attained at $x = 1$, and the maximum is' states another one first"
    >>> value_stated_before("The maximum value of $f(x) = 2x + 1$ is $")
    """
    if _STATED_VALUE.search(sentence_before) is None:
        return None
    return f"several values: {sentence_before.strip(' $')[-60:]!r} states another one first"


# the words that open the phrase: what the search tries first
_ATTAINED_WORDS = re.compile(
    r"(?i:\b(?:which|that|and|this|it|attained|achieved|reached|obtained|realized|realised|assumed|occurs|occurring|"
    r"happens|taken|at|when|for|where|with)\b)"
)


# a counterfactual around the value: "would" before it, "without" after it
_WOULD = re.compile(r"\b(?:would|could|might)\b|(?<=\w)['’]d\b", re.IGNORECASE)
_WITHOUT_AFTER = re.compile(
    r"^(?:[^.;!?\n]|\.\d){0,100}?\b(?:without(?!\s+(?:a\s+|any\s+)?(?:hesitation|doubt|question|fail|exception|"
    r"delay)\b)|but\s+for|absent|in\s+the\s+absence\s+of|were\s+it\s+not\s+for)\b",
    re.IGNORECASE,
)


def counterfactual_around(sentence_before: str, after: str) -> str | None:
    """Why a value is what would hold were things otherwise, said around it: ``would`` before it (``The
    answer would be``, ``It would take``) and ``without`` after it (``… without the tax``), or None.

    >>> counterfactual_around("It would take ", " minutes without the current.") is not None
    True
    >>> counterfactual_around("It takes ", " minutes without stopping."), counterfactual_around("", " apples")
    (None, None)
    """
    if _WITHOUT_AFTER.match(after[:300]) is None or _WOULD.search(sentence_before[-120:]) is None:
        return None
    return f"counterfactual: {('… ' + after.strip())[:60]!r} states what would hold, not what does"


# a statement of one value per case, the value after the first: "40 in the first case and 55 in the second"
_CASE_BEFORE = re.compile(
    r"\b(?:in|for|under)\s+(?:the\s+)?(?:first|former)\s+(?:case|scenario|situation|interpretation|reading|version|"
    r"setting)\b[^.!?;\n]{0,120}$",
    re.IGNORECASE,
)
# another value offered beside the answer: "6, though it might be 7", "6 (or 7)", "y = 2 or y = -2"
# a character of the same sentence: no stop, or the period of a decimal or of an abbreviation before a value
# ("approx. 73", "ca. 73", "Rs. 73")
_IN_SENTENCE = r"(?:[^.;\n]|\.\d|(?<=\bapprox)\.|(?<=\bca)\.|(?<=\bRs)\.)"
# a modal that offers a value beside another: "might be", "could also be", "may well be", "can also be"
_OFFERING_MODAL = (
    r"(?:(?:might|may|could)\s+(?:(?:also|well|equally|just\s+as\s+well)\s+)?be|can\s+(?:also|equally)\s+be)"
)
_HEDGE_AFTER = re.compile(
    rf"^{_IN_SENTENCE}{{0,120}}?(?:\bor\b|\bthough\b|\balthough\b|\bmight\b|"
    rf"\b{_OFFERING_MODAL}\b|"
    r"\bpossibly\b|\banother\s+(?:reading|interpretation|view)\b|\bunder\s+(?:one|another|a\s+different)\b|"
    rf"\bperhaps\b|\bmaybe\b|\beither\b|\bprobably\b|\botherwise\b){_IN_SENTENCE}{{0,80}}?"
    r"(?P<other>[-−]?\$?\.?\d[\d,]*(?:\.\d+)?|\\frac|\\sqrt|\b(?:zero|one|two|three|four|five|six|seven|eight|"
    r"nine|ten|eleven|twelve|(?:thir|four|fif|six|seven|eigh|nine)teen|twenty|thirty|forty|fifty|sixty|seventy|"
    r"eighty|ninety|hundred)\b)",
    re.IGNORECASE,
)
# a confidence rated low: "low confidence", "confidence: low", "Confidence level - very low", "my confidence
# is low"
_LOW_CONFIDENCE = (
    r"\b(?:(?:very|quite|rather|fairly|pretty|extremely|relatively)\s+)?low[\s-]+confidence\b|"
    r"\bconfidence(?:\s+level)?[*_]*\s*(?:[:：=-]|\bis\b)?\s*[*_]*(?:(?:very|quite|rather|fairly|pretty|extremely|"
    r"relatively)\s+)?(?:low|minimal|poor|weak|limited)\b"
)
# reading the question wrong, said of the text's own reading: "misread", "misunderstood the problem", "read it
# wrong", "misinterpreting the question"
_MISREAD = (
    r"(?:misread(?:s|ing)?|misunderst(?:ood|ands?|anding)|misinterpret(?:s|ed|ing)?|"
    r"(?:read|reading|understood|understanding|interpreted|interpreting)\s+(?:it|this|that|the\s+(?:question|"
    r"problem|prompt|task))\s+(?:wrong(?:ly)?|incorrectly))\b"
)
# what a reader (``i``/``we``) may be or have, before the misreading: "I", "I've", "I'm", "we are", "I have"
_READER = r"(?:i|we)(?:'ve|\s+have|'m|\s+am|'re|\s+are)?\s+"
# the question, by any name, read right: "read the question right", "understood the problem correctly"
_READ_RIGHT = (
    r"(?:read|reading|understood|understand|understanding|interpreted|interpreting)\s+(?:the\s+|this\s+)?"
    r"(?:question|problem|prompt|task|it|this)\s+(?:correctly|right|properly)\b"
)
# a doubt that the answer answers the question asked: "But wait, maybe I misread the question.", "unless I
# misunderstood the problem", "if I understood the question correctly", "I might be misreading it", "Did I
# read the question right?", "I think I misread the question." A misreading the text already put right, "I
# misread it at first", "Initially I misread the question", is none: what it states after is the answer
_MISREAD_DOUBT = (
    rf"(?:maybe|perhaps|possibly|probably|unless)\s+{_READER}{_MISREAD}|"
    rf"(?:i|we)(?:'m|\s+am|'re|\s+are)?\s+(?:may|might|could)\s+(?:well\s+)?be\s+{_MISREAD}|"
    rf"(?:am\s+i|are\s+we)\s+{_MISREAD}|"
    rf"(?:if|assuming|provided(?:\s+that)?)\s+{_READER}{_READ_RIGHT}|"
    rf"did\s+(?:i|we)\s+(?:misread|misunderstand|misinterpret|{_READ_RIGHT})|"
    rf"(?:i|we)\s+(?:think|suspect|fear|worry|guess|realize|realise|see)\s+(?:that\s+)?{_READER}{_MISREAD}|"
    r"(?<!initially\s)(?<!first\s)(?<!earlier\s)(?<!originally\s)(?<!before\s)"
    r"(?:i|we)(?:'ve|\s+have)?\s+(?:misread|misunderstood|misinterpreted)\s+(?:the\s+|this\s+)?"
    r"(?:question|problem|prompt|task|it)\b"
    r"(?![^.!?\n]{0,40}\b(?:at\s+first|initially|earlier|before|originally|the\s+first\s+time)\b)"
)
# a later statement takes an earlier answer back: "Wait, actually it is 6", "Hmm, no, I made a mistake".
# A check ("Let me double-check: 9 * 2 = 18. Yes.") takes nothing back, whatever number it computes
# a retraction that leaves nothing standing, even when no new value follows it
_TAKES_BACK = (
    r"scra(?:tch|p)\s+that|i\s+made\s+(?:a|an)\s+(?:mistake|error)|"
    # "I withdraw this answer", "I retract that.", "I'm no longer confident in this", "(… but I don't trust
    # it)": the writer takes back or stops vouching for what it stated ("I'm no longer confused", "I withdraw
    # $50" and "I trust it" take nothing back)
    r"(?:i|we)\s+(?:hereby\s+|must\s+|have\s+to\s+|(?:will|'ll|would\s+like\s+to)\s+)?(?:retract|withdraw)\s+"
    r"(?:(?:that|this|it)(?=\s*[.,;:!)\n]|\s*$)|(?:that|this|my|our|the)\s+(?:above\s+|previous\s+|last\s+)?"
    r"(?:final\s+)?(?:answer|result|value|claim|statement|solution))|"
    r"(?:i'?m|i\s+am|we'?re|we\s+are)\s+no\s+longer\s+(?:so\s+|entirely\s+|fully\s+|completely\s+|100\s?%\s+)?"
    r"(?:sure|certain|confident|convinced)\b|"
    r"(?:i\s+|we\s+)?(?:don'?t|do\s+not)\s+(?:really\s+|quite\s+|fully\s+|entirely\s+)?trust\s+"
    r"(?:(?:it|this|that)\b(?!\s+(?:one|step|method|source|book|formula|approach))|(?:this|that|the|my|our)\s+"
    r"(?:answer|result|value|number|calculation|computation|calculator|output))|"
    # "I take that back", "The answer above is wrong", "(that's the wrong answer, though)", "jk"
    r"i\s+take\s+(?:that|it|this)\s+back|\bjk\b|"
    r"(?:the\s+)?(?:(?:answer|result|value|number)\s+)?(?:above|i\s+gave)\s+(?:is|was)\s+(?:wrong|incorrect|not\s+right)|"
    # "This answer is wrong.", "My result was incorrect.": the answer just given, by the noun it goes by
    r"(?:this|that|my|our|the)\s+(?:final\s+)?(?:answer|result)\s+(?:is|was)\s+(?:wrong|incorrect|not\s+right)|"
    # "72 — I'm guessing", "72 (intermediate value only)", "\\boxed{72} \\text{ (wrong)}", "72 (before
    # subtracting …)"
    r"(?:i'?m|i\s+am)\s+(?:just\s+)?guessing|"
    r"(?<=\()\s*(?:(?:an?|the)\s+)?(?:intermediate\b|(?:wrong|incorrect)(?=\s*\))|before\s+(?:[a-z]+ing|(?:we|you|i|she|he|they)\s+[a-z]+)\b)|"
    r"(?:that'?s|that\s+is|this\s+is|it'?s)\s+(?:the|a)\s+wrong\s+(?:answer|result|value)|"
    r"(?<=\()not\s+really(?=\s*\))|"
    r"that'?s\s+(?:not\s+right|not\s+correct|wrong|incorrect|not\s+it)|"
    r"(?:that|this)\s+is\s+(?:not\s+right|not\s+correct|wrong|incorrect|not\s+it)|this'?s\s+(?:wrong|incorrect)|"
    r"i\s+was\s+wrong|hmm+,?\s+no\b|"
    # "72, no, wait: 70", "(C) — no, sorry, (B)", "B, no — wait: C"
    r"no(?:\s*[,—–-]+\s*|\s+)(?:wait|sorry(?=\s*[,:;—–.!-]|\s*$))\b|wait(?:\s*[,—–-]+\s*|\s+)no\b(?!\s+(?:one|more|longer))|"
    # "18, no, 20": a "no" set between two values says no to the first
    r"(?<![\w'’])no\s*[,—–]+\s*[*_]*(?=[-−$€£]?\d)|"
    r"actually,?\s+no\b|"
    r"(?:that|this|it)\s+(?:doesn'?t|does\s+not|can'?t|cannot)\s+(?:seem\s+|look\s+|be\s+)?(?:right|correct)|"
    r"never\s*mind|just\s+kidding|(?:ignore|disregard|forget|strike)\s+(?:that|this|the\s+above|what\s+i\s+said)|"
    # "please disregard it", "Ignore my answer.", "disregard my previous result"
    r"please\s+(?:ignore|disregard|forget)\s+it\b|(?:ignore|disregard|forget)\s+(?:my|our)\s+(?:above\s+|previous\s+|"
    r"last\s+|earlier\s+)?(?:final\s+)?(?:answer|result|value|solution)|"
    r"let\s+me\s+(?:redo|re-do|start\s+over|try\s+(?:that\s+|this\s+|it\s+)?again|rework|recalculate|recompute)|"
    r"or\s+is\s+it\s*\?|"
    # "I don't think that's right", "I need to start over"
    r"(?:i\s+)?(?:don'?t|do\s+not)\s+think\s+(?:that'?s|that\s+is|this\s+is|it'?s|it\s+is)\s+(?:right|correct)|"
    r"(?:i|we)\s+(?:need|have)\s+to\s+(?:start\s+over|redo|re-do|rethink)|start\s+(?:over|again)\b|"
    # "Oops.", "My mistake.", "Hmm, that's off.", "I'm not sure about that.", "That seems too big.", "I doubt
    # it.", "(This is a guess.)", "(Joke.)", "(needs checking)": the text disowns what it just said
    r"oops|my\s+(?:mistake|bad|error)|(?:that|this|it)\s+(?:was|is)\s+(?:a|my)\s+(?:\w+\s+)?(?:mistake|error)|(?:that|this|it)(?:'s|\s+is|\s+was)\s+(?:way\s+|a\s+bit\s+)?off\b|"
    r"(?:i'?m|i\s+am)\s+not\s+(?:so\s+|too\s+|entirely\s+|really\s+|completely\s+|totally\s+|quite\s+|fully\s+|100\s?%\s+)?"
    r"(?:sure|certain|confident)"
    # "… about that", or the sentence ends on it: "The answer is 72. But I am not sure.", "… not 100% sure
    # though."
    # ("I'm not fully confident here; if …": of the answer just stated)
    r"(?:\s+(?:about|of)\s+(?:that|this|it)|\s+here(?=\s*[.!;)\n]|\s*$)|(?:,?\s+(?:though|tho))?(?=\s*[.!)\n]|\s*$))|"
    r"i\s+doubt\s+(?:it|that|this)|"
    # "I don't know.", "I'm unsure.", "This could be wrong.", "I might be wrong.", "This is just a guess.",
    # "But I'm probably wrong.": a sentence of doubt after the answer ("I don't know why the book says 14"
    # doubts the book)
    r"i\s+(?:don'?t|do\s+not)\s+(?:really\s+)?know(?=\s*[.!)\n]|\s*$)|(?:i'?m|i\s+am)\s+(?:unsure|uncertain)\b|"
    r"(?:this|that|it|i|we)\s+(?:could|might|may)\s+(?:well\s+|easily\s+)?be\s+(?:wrong|mistaken|incorrect)\b|"
    r"(?:this|that|it)(?:'s|\s+is|\s+was)\s+(?:just\s+|only\s+|merely\s+)?(?:a|my)\s+(?:\w+\s+)?guess\b|"
    r"(?:i'?m|i\s+am)\s+(?:probably|likely|most\s+likely)\s+(?:wrong|mistaken)\b|"
    # "That looks wrong to me.", "Hmm, that seems off.", "Probably wrong though.", "(I could be off by one.)",
    # "Honestly, I have no idea.", "It depends on whether …"
    r"(?:that|this|it)\s+(?:seems|looks|sounds|feels)\s+(?:\w+\s+)?(?:wrong|off|incorrect|mistaken)\b|"
    # "Actually, I'm not sure that's right.", "I'm not confident in this answer.", "not sure it is correct"
    r"(?:i'?m|i\s+am)\s+not\s+(?:so\s+|too\s+|entirely\s+|really\s+|completely\s+|totally\s+|quite\s+|fully\s+|100\s?%\s+)?"
    r"(?:sure|certain|confident|convinced)\s+(?:(?:that'?s|that\s+is|this\s+is|it'?s|it\s+is|that\s+it'?s|that\s+this\s+is|"
    r"that\s+it\s+is|(?:that\s+)?(?:this|that|the|my)\s+(?:code|program|script|answer|result|value|solution|"
    r"calculation|computation|working|reasoning|approach|method|math|count|total)\s+is)\s+(?:right|correct|true|"
    r"the\s+(?:right\s+|correct\s+)?answer)|(?:in|of|about)\s+(?:this|that|my|the)"
    r"\s+(?:answer|result|value|solution|calculation))\b|"
    # "I think it's wrong.", "This is probably wrong.", "I believe that is incorrect": the text judges what it
    # just stated ("I think it's wrong to count Sunday" judges a step, not the answer)
    r"(?:i|we)\s+(?:think|believe|suspect|fear)\s+(?:that\s+)?(?:it'?s|it\s+is|this\s+is|that'?s|that\s+is)\s+"
    r"(?:(?:probably|likely|actually|all|just)\s+)?(?:wrong|incorrect|mistaken|not\s+right|not\s+correct)\b(?!\s+to\b)|"
    r"(?:this|that|it)(?:'s|\s+is)\s+(?:probably|likely|most\s+likely|possibly)\s+(?:wrong|incorrect|off)\b|"
    # "I'm not completely sure about the second step", "not sure if I read the question right", "Not
    # sure whether …": unsure of a step, a reading or a choice the answer rests on ("I'm not sure why the book
    # says 14" doubts the book, not the answer)
    r"(?:(?:i'?m|i\s+am)\s+|(?<![\w,;:] )(?<![\w,;:]))not\s+"
    r"(?:so\s+|too\s+|entirely\s+|really\s+|completely\s+|totally\s+|quite\s+|fully\s+|100\s?%\s+)?"
    r"(?:sure|certain|confident|convinced)\s+(?:about|of|if|whether|that|in)\b|"
    # "Hmm, that doesn't match.", "That's not what I got before.", "This contradicts step 2.": a check
    # that disagrees with the answer
    r"(?:that|this|it)\s+(?:doesn'?t|does\s+not|didn'?t|did\s+not)\s+(?:quite\s+|seem\s+to\s+)?"
    r"(?:match|agree|add\s+up|check\s+out|tally)\b|"
    r"(?:that|this|it)(?:'s|\s+is|\s+was)\s+not\s+what\s+(?:i|we)\s+(?:got|had|found|computed|calculated)\b|"
    r"(?:that|this|it)\s+(?:contradicts|conflicts\s+with)\b|"
    # "That said, I may have misread the problem.", "I might have made an error somewhere": a mistake it
    # allows for in what it just stated
    r"(?:i|we)\s+(?:may|might|could)\s+(?:well\s+)?have\s+(?:misread|misunderstood|misinterpreted|miscalculated|"
    r"erred|made\s+(?:a|an|some)\s+(?:\w+\s+)?(?:mistake|error|slip)|gotten\s+(?:it|this|something)\s+wrong)\b|"
    rf"{_MISREAD_DOUBT}|"
    r"(?:it'?s|it\s+is)\s+hard\s+to\s+(?:say|tell|be\s+sure)\b|"
    # "That's what the textbook says, but I get 20.": the value before was another's, not the text's own
    r"(?:that'?s|that\s+is|this\s+is)\s+what\s+(?:the\s+)?(?:text\s?book|book|answer\s+key|key|teacher|solution|"
    r"source|reference|worksheet)\s+(?:says|gives|states|lists|has)\b|"
    r"(?<![\w,;:] )(?<![\w,;:])(?:probably|likely|possibly|maybe)\s+(?:wrong|incorrect|off)\b|"
    r"(?:i|we|this|that|it)\s+(?:could|might|may)\s+(?:well\s+)?be\s+off\b|"
    r"(?:i\s+have\s+)?no\s+idea(?=\s*[.!)\n]|\s*$)|it\s+(?:all\s+)?depends\s+on\b|"
    # "Confidence: low" on a line of its own: the text rates its answer a guess
    rf"{_LOW_CONFIDENCE}|"
    r"(?:that|this|it)(?:'s|\s+is|\s+was|\s+seems|\s+looks)\s+(?:way\s+|much\s+|far\s+)?too\s+"
    r"(?:big|large|small|high|low|many|few|much|little)|"
    # (the words right after an opening bracket: "(Joke.)", "(needs checking)")
    r"(?<=\()(?:(?:this\s+is\s+|that'?s\s+)?(?:(?:just\s+)?an?\s+)?(?:guess|joke)|(?:just\s+)?kidding|"
    r"needs?\s+(?:checking|(?:to\s+be\s+)?(?:checked|verified)))(?=[.!]?\s*\))|"
    # a sentence of one word that answers the statement before it: "The answer is 72. Nope." (not the verdict
    # an option's label gives it: "C) Wrong.")
    r"(?<![\w,;:)] )(?<![\w,;:)])(?:nope|wrong|not\s+really|not\s+quite)(?=\s*[.!\n]|\s*$)|"
    # a sentence that only withdraws the one before: "The answer is 72. Or not.", "… Or maybe not.", "…
    # Maybe not.", "… Who knows?", "… Hard to say." ("Not bad!" and "Not 70." withdraw nothing)
    r"(?<![\w,;:)] )(?<![\w,;:)])(?:(?:but\s+)?(?:then\s+again|on\s+the\s+other\s+hand),?\s+)?"
    r"(?:(?:or|but)\s+(?:(?:maybe|perhaps|possibly|probably)\s+)?not|"
    r"(?:maybe|perhaps|possibly)\s+not|who\s+(?:really\s+)?knows|don'?t\s+hold\s+me\s+to\s+(?:it|that|this)|"
    r"(?:(?:it'?s|that'?s|it\s+is|that\s+is)\s+)?(?:hard|impossible)\s+to\s+(?:say|tell))"
    r"(?:[,\s]+(?:really|honestly|though|tbh|for\s+(?:sure|certain)))?(?=\s*[.!?…\n]|\s*$)"
)
STRONG_RETRACTION = re.compile(rf"\b(?:{_TAKES_BACK})", re.IGNORECASE)
# a sentence after the answer that calls a value wrong by the value itself: "The answer is 72. 72 is wrong.",
# "… B. B is incorrect.", "… 72. But 72 is not the answer." (a question, "Is 72 wrong?", and "not wrong" call
# nothing so); the caller knows whether the value is the answer's own
_VALUE_CALLED_WRONG = re.compile(
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


# a check cue ("Let me double-check"): a value computed in the check is no correction; only one the check
# goes on to state as the answer is ("Let me double-check... it's 73")
# the words that open a check of a result, one vocabulary for every reader of one ("Check:", "Verification:",
# "Let me double-check", "Sanity check", "To verify", "检验：", "验算：")
CHECK_WORDS = (
    r"(?:(?:double|re|cross)[-\s]?)?check(?:ing)?|verif(?:y|ying|ication|ied)|sanity\s+check|"
    r"to\s+(?:check|verify|confirm)|检验|验证|验算"
)
CHECK = re.compile(r"let\s+me\s+(?:double[-\s]?check|re-?check|check\s+again)", re.IGNORECASE)
_STATED_AS_ANSWER = re.compile(
    r"\b(?:it'?s|it\s+is|(?:the\s+)?answer\s+is|should\s+be|is\s+actually|actually)[\s:]*[$*_(]*$",
    re.IGNORECASE,
)
# a hesitation that goes on to open a check rather than a correction: "Wait, let me verify the speed:", "Hold
# on, I should double-check Friday:", "Hmm, let's check." (the cue is RETRACTION's; the check's words are
# CHECK_WORDS)
_HESITATION = re.compile(r"wait|hold\s+on|hmm+|actually", re.IGNORECASE)
_CHECK_AFTER_HESITATION = re.compile(
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
_CONFIRMED_AFTER = re.compile(rf"[^\d.!?\n✓✔✅]{{0,30}}(?:[.!,;:—–-][\s*_]*|\s*){_CONFIRMING}", re.IGNORECASE)
# a check that closes on its verdict: "… $15 an hour. Yes.", "… 48 km/h. Correct.", "… = 60 ✓"
_CONFIRMED_AT_END = re.compile(rf"(?:[.!,;:—–-][\s*_]*|\s){_CONFIRMING}[^\n\d]{{0,30}}$", re.IGNORECASE)


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


# a sentence that concludes on a value: "But she lost 1, so 71.", "so 72 - 2 = 70 remain", "giving 70", "Then
# subtract the 2 returns: 70.", "so the probability is 4/10 = 2/5.", "so she arrives at 4:15 PM." (the value
# ends the sentence; a unit or a few words may follow it)
_CONCLUDING = (
    # ("leaving at 1:15 PM" departs: no conclusion)
    r"(?:\b(?:so|giving|leaving(?!\s+(?:at|from|for|on|in|by|home|around|after|before|early|late)\b)|thus|hence|"
    r"therefore|making|which\s+(?:gives|leaves|makes)|results?\s+in|"
    # (a colon, but not a clock's: "at 1:15")
    r"that\s+(?:gives|leaves|makes)|for\s+a\s+total\s+of)\b|(?<!\d):|:(?![0-5]\d(?!\d)))"
)
# where a sentence turns to its conclusion: a concluding word, or a computation's "=" ("so", "giving", "=")
CONCLUDING_TURN = re.compile(rf"{_CONCLUDING}|=", re.IGNORECASE)
_CONCLUDES = re.compile(
    _CONCLUDING +
    # (a clock reading is read whole, "so she arrives at 4:15 PM", never its minutes)
    r"(?:[^.;!?\n]|\.\d){0,100}?(?<![\d.,/^:])"
    r"(?P<value>\d{1,2}:[0-5]\d(?:\s*[ap]\.?m\b)?|[-−]?\$?\d[\d,]*(?:\.\d+)?(?:/\d+)?)(?![\d.,/:]*\d|\s*[%/^])"
    r"[^\d\n.;!?=]{0,80}[.!]?\s*$",
    re.IGNORECASE,
)
# the words a later sentence concludes with right before its value, which its box or math then states: "the
# total is", "so the answer is", "Therefore,", "which gives", "for a total of" (an earlier box on the line is
# a step of the working that sentence goes on from)
CONCLUDES_BEFORE_VALUE = re.compile(
    r"(?:\b(?:so|thus|hence|therefore|altogether|overall|in\s+total|in\s+all|finally|giving|which\s+gives|"
    r"we\s+get|for\s+a\s+total\s+of)\b|\b(?:the|our|my)\s+(?:(?:final|overall|grand)\s+)?"
    r"(?:total|answer|sum|result|count)(?:\s+(?:number|count)\s+of\s+\w+)?\s+(?:is|comes\s+to|equals)\b)"
    r"[\s:,=*_]*(?:\$\$?|\\[(\[])?[\s*_]*$",
    re.IGNORECASE,
)
# a sentence that ends on the result of its computation, "… and 48 + 48 = 96 in total.", or on a total, "She
# sold 96 clips in all." (a unit or a few words may follow it; "…, which occurs when x = 3." computes nothing)
_VALUE_AT_END = r"(?P<value>[-−]?\$?\d[\d,]*(?:\.\d+)?(?:/\d+)?)(?![\d.,/]*\d|\s*[-+*/×÷%^=<>])"
_RESULT_CONCLUDES = re.compile(rf"[\d)][\s*_]{{0,3}}=[\s*_]*{_VALUE_AT_END}[^\d\n.;!?=]{{0,80}}[.!]?\s*$")
# ... its operand and its result counted in one unit: "6 packs of 8 cans = 48 cans" (not a conversion, "3
# hours = 180 minutes", which says one quantity twice)
_SAME_UNIT_RESULT = re.compile(
    rf"\d[ \t]+(?P<unit>[A-Za-z]{{2,}})[ \t]*=[ \t*_]*{_VALUE_AT_END}[ \t]+(?P=unit)\b"
    r"[^\d\n.;!?=]{0,80}[.!]?\s*$"
)
_TOTAL_CONCLUDES = re.compile(
    rf"(?<![\d.,/^]){_VALUE_AT_END}(?=(?:[\s*_]+[A-Za-z]+){{0,3}}[\s*_]+"
    r"(?i:in\s+total|altogether|in\s+all|all\s+together|total)\b)[^\d\n.;!?=]{0,80}[.!]?\s*$"
)
# a computation's result ticked off: "$9 \\times 2 = 18$ ✓", "140 + 160 = 300 ✔"
_TICKED_RESULT = re.compile(r"=[\s$*_]*[-−]?\$?\d[\d,]*(?:\.\d+)?[^\d\n=]{0,20}?[✓✔✅]")
# a sentence that checks or explains the answer rather than going on from it: "Check: 72 - 24 = 48."
_CHECK_OPENING = re.compile(
    rf"^[\s*_>-]*(?:let(?:\s+me|'s|\s+us)\s+)?(?:{CHECK_WORDS}|proof|indeed|(?:this|that|which)\s+(?:matches|agrees|checks|confirms)|"
    r"as\s+a\s+check)(?:\b|(?<=[检验证算]))",
    re.IGNORECASE,
)
# the heading of the working told after an answer line, opening a sentence: "Explanation: 48 + 22 = 70 clips
# in total.", "**Justification:** …", "Step 2: …" (what the sentence concludes is read past it: its colon
# opens the working, it explains nothing of its own)
# the words that head the working told after an answer, one vocabulary for the sentence's label here and the
# line's heading the grader reads (``grade._WORKING_HEADING``)
WORKING_WORDS = (
    r"explanation|justification|reasoning|rationale|solution|working|derivation|details|analysis|why"
)
# the sections of an answer-first text that head its working, named as an answer ("**Short answer:** 72\n\n
# **Long answer:** In April …": `Short answer:` marks the answer, these head the working)
WORKING_ANSWER = (
    r"(?:long|longer|detailed|full|complete|extended|expanded|in-depth|elaborated?|explained|worked)"
    r"[ \t]+answer"
)
_WORKING_LABEL = re.compile(
    rf"[\s*_>#-]*(?:{WORKING_WORDS}|{WORKING_ANSWER}|work|steps?(?:[ \t]+\d{{1,3}})?|"
    r"calculations?|computation)"
    r"[ \t*_]*[:：][ \t*_]*",
    re.IGNORECASE,
)
# a sentence that opens by going on from the answer: "But she lost 1", "Then subtract …", "On closer …"
_GOES_ON = re.compile(
    r"^[\s*_>-]*(?:but|however|then|yet|still|except|actually|after|on\s+(?:closer|second|further)|"
    r"we\s+(?:must|need|should|have\s+to)|subtract|add|minus|now|also|next|finally)\b",
    re.IGNORECASE,
)


# a closing sentence that goes on from the result to an event with a value of its own: "Then she spends $5 on
# feed.", "But he loses 3 marbles.", "After that, she gives away 4 of them." The value is what the working
# would go on to take away or add, an operand, not a result (a verb that gains, "Then she makes $18", states
# one as often as not, and is no event here)
_EVENT_WORDS = (
    r"[\s*_>-]*(?:(?:then|but\s+then|but|after\s+that|after\s+which|afterwards?|later|next|and\s+then|however)\b,?\s+"
    r"(?:she|he|they|we|i|you|(?-i:[A-Z][a-z]+(?:'s\s+[a-z]+)?))(?:\s+(?:also|then|still|later|now))?|"
    # the subject first: "He then gives 5 to his sister.", "She later spends $5."
    r"(?:she|he|they|we|i|you)\s+(?:then|later|afterwards|next)(?:\s+also)?)\s+"
    r"(?:spends?|spent|loses?|lost|gives?|gave|eats?|ate|uses?|used|pays?|paid|buys?|bought|donates?|donated|"
    r"sells?|sold|drops?|dropped|breaks?|broke|returns?|returned|throws?|threw|drinks?|drank|takes?|took|"
    r"adds?|added|removes?|removed|shares?|shared|spills?|spilled|lends?|lent|loans?|loaned)\s+"
    r"(?:(?:away|back|up|out|another|an?\s+(?:extra|further|additional))\s+)*"
)
_EVENT_OPENING = re.compile(_EVENT_WORDS + r"[$€£]?$", re.IGNORECASE)
# such a closing sentence whose value is a share said in words: "She has 72 marbles. Then she gives away
# half." (the value stated before it is what the event changes)
_EVENT_SHARE = re.compile(
    r"(?:^|(?<=[.!?\n]))"
    + _EVENT_WORDS
    + r"(?:half|a\s+(?:half|third|quarter|fourth|fifth|tenth|few|couple|dozen)|"
    r"(?:one|two|three|four)[\s-](?:halves|thirds?|quarters?|fourths?|fifths?)|some|most|several|part|the\s+rest)\b"
    r"[^.!?\n\d]*[.!]?\s*$",
    re.IGNORECASE,
)
# the words after the value that make it a result after all: "Then she spends $30 in total", "… left"
_RESULT_AFTER = re.compile(
    r"\b(?:in\s+total|total|altogether|all\s+together|in\s+all|overall|left|remaining|in\s+the\s+end)\b",
    re.IGNORECASE,
)
# a clause of a sentence that goes on past a value before it: "72, then …", "72 marbles and then …", "72,
# after which …"
_CLAUSE_GOES_ON = re.compile(
    r"(?:,\s*|\s(?=and\s+then\b|but\s+then\b))(?=(?:and\s+|but\s+)?(?:then|after\s+(?:that|which))\b)",
    re.IGNORECASE,
)
# the initials of the openings above: a literal test before the reader
_EVENT_INITIALS = frozenset("TtBbAaLlNnHhSsWwIiYy")
# the one value of such a sentence (a sign before it is read with the opening), and the digits of a value
_EVENT_VALUE = re.compile(r"(?P<value>\d[\d,]*(?:\.\d+)?)(?![\d.,]*\d)[^\d]*$")
_EVENT_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")


def event_operand(sentence_before: str, value: str, after: str, earlier: str) -> str | None:
    """Why a value is the operand of an event the closing sentence goes on to (``Then she spends $5 on
    feed.``) rather than a result, or None. ``sentence_before`` is its sentence up to the value, ``after`` the
    sentence's rest, ``earlier`` the text before the sentence: a value computed there (``= $5``, ``=5>>``) is
    a result told again, and one the sentence's rest calls a total (``… $30 in total``) states a result.

    >>> event_operand("Then she spends ", "$5", " on feed.", "She makes 9 * 2 = $18.")
    "an operand: 'Then she spends $5' goes on to another value, and states no result"
    >>> event_operand("Then she spends ", "$5", " on feed.", "Feed costs 10 / 2 = $5.")
    >>> event_operand("Then she has ", "$13", " left.", "She makes $18.")
    """
    opening = sentence_before.lstrip(" \t\n*_>-")
    if (
        opening[:1] not in _EVENT_INITIALS
        or len(sentence_before) > 120
        or not _EVENT_OPENING.match(sentence_before)
    ):
        # "She has 72, then she gives away 5.": the clause that goes on from the value before it, in the
        # sentence's own words
        clauses = (
            [*_CLAUSE_GOES_ON.finditer(sentence_before)]
            if "then" in sentence_before or "after" in sentence_before
            else []
        )
        if not clauses or len(sentence_before) - clauses[-1].end() > 120:
            return None
        earlier += sentence_before[: clauses[-1].start()]
        opening = sentence_before[clauses[-1].end() :]
        if _EVENT_OPENING.match(opening) is None:
            return None
    if _RESULT_AFTER.search(after):
        return None
    number = _EVENT_NUMBER.search(value)  # (of "5 dollars", "$5")
    if number is None or re.search(rf"=\s*[$€£]?\s*{re.escape(number.group())}(?![\d]|[.,]\d)", earlier):
        return None  # "Feed costs 10 / 2 = $5. Then she spends $5 on feed.": a result computed before
    said = (opening + value).strip()
    return f"an operand: {said[-60:]!r} goes on to another value, and states no result"


# a sentence that restates a value in a scale: "That is, 72 tens.", "i.e. 72 hundred" (72 tens is 720)
_RESTATED_SCALED = re.compile(
    r"^[\s*_>-]*(?:that\s+is|that'?s|i\.\s?e\.?|in\s+other\s+words|namely|meaning|or)\s*,?\s*"
    r"(?P<value>[-−]?\$?\d[\d,]*(?:\.\d+)?\s*(?:tens|dozens?|hundreds?|thousands?|millions?|billions?|score|gross))"
    r"(?![A-Za-z])[^\d\n.;!?]{0,30}[.!]?\s*$",
    re.IGNORECASE,
)


def check_goes_on(sentence: str, checking: bool) -> bool:
    """Whether ``sentence`` checks: it opens a check (``Verification: 9 × 2 = 18 ✓``), or, right after one
    (``checking``), ticks off a computation of its own (``Also, 16 - 3 - 4 = 9 ✓``) with no word that
    concludes or goes on (``But she lost 2, so 72 - 2 = 70 ✓`` goes on from the answer).

    >>> check_goes_on("Verification: 9 × 2 = 18 ✓.", False), check_goes_on("Also, 16 - 3 - 4 = 9 ✓.", True)
    (True, True)
    >>> check_goes_on("Also, 16 - 3 - 4 = 9 ✓.", False), check_goes_on("But so 72 - 2 = 70 ✓", True)
    (False, False)
    """
    if _CHECK_OPENING.match(sentence):
        return True
    return (
        checking
        and ("✓" in sentence or "✔" in sentence or "✅" in sentence)
        and _TICKED_RESULT.search(sentence) is not None
        and _CONCLUDING_WORD.search(sentence) is None
    )


# a word that concludes or goes on from what came before, in a ticked sentence ("also" adds a check)
_CONCLUDING_WORD = re.compile(
    r"\b(?:so|thus|hence|therefore|giving|leaving|making|but|however|then|yet|actually|instead|total)\b",
    re.IGNORECASE,
)


def concluded_value(sentence: str, *, results: bool = True) -> tuple[int, int, bool] | None:
    """Where the value is that ``sentence`` concludes on (``But she lost 1, so 71.``), and whether the
    sentence opens by going on from what came before (``But``, ``Then``); None for a sentence that concludes
    on no value, or checks the answer (``Check: 72 - 24 = 48.``). ``results``: whether a computation's
    result or a total the sentence ends on (``… 48 + 48 = 96 in total.``) is a conclusion too.

    >>> concluded_value("But she lost 1, so 71."), concluded_value("Check: 72 - 24 = 48.")
    ((19, 21, True), None)
    >>> concluded_value("She sold 48 of them in April."), concluded_value("So she sold 24 in May.")
    (None, (12, 14, False))
    >>> concluded_value("Explanation: 48 + 22 = 70 clips in total.")
    (23, 25, False)
    """
    if len(sentence) > 300 or _CHECK_OPENING.match(sentence):
        return None
    label = _WORKING_LABEL.match(sentence) if ":" in sentence or "：" in sentence else None
    if label is not None:
        # "Explanation: She sold 48 and 22, so she sold 70 clips.": the heading's colon explains nothing; the
        # sentence after it concludes as it would alone
        after = concluded_value(sentence[label.end() :], results=results)
        return None if after is None else (after[0] + label.end(), after[1] + label.end(), after[2])
    scaled = _RESTATED_SCALED.match(sentence)
    if scaled is not None:  # "That is, 72 tens.": the value in a scale, whatever came before
        return scaled.start("value"), scaled.end("value"), True
    m = _CONCLUDES.search(sentence)
    if (
        m is None
        and results
        and ("=" in sentence or "otal" in sentence or "all" in sentence or "ltogether" in sentence)
    ):
        # "Natalia sold 48 clips in April and 48 + 48 = 96 in total.": the result of the computation, or the
        # total, the sentence ends on
        m = (
            _RESULT_CONCLUDES.search(sentence)
            or (_SAME_UNIT_RESULT.search(sentence) if "=" in sentence else None)
            or _TOTAL_CONCLUDES.search(sentence)
        )
    if m is None:
        # "#### 18\nThen she spends $5 on feed.": an event with a value of its own goes on from the answer
        event = _EVENT_VALUE.search(sentence) if sentence.lstrip(" \t\n*_>-")[:1] in _EVENT_INITIALS else None
        if (
            event is not None
            and _EVENT_OPENING.match(sentence, 0, event.start("value")) is not None
            and not _RESULT_AFTER.search(sentence, event.end("value"))
        ):
            return event.start("value"), event.end("value"), True
        return None
    goes_on = _GOES_ON.match(sentence) is not None
    if m.group().startswith(":") and not goes_on:
        # "In May she sold half: 24.": a colon explains as often as it concludes; a conclusion after it still
        # concludes ("Wait, Friday was half of Tuesday: 35 / 2 = 17.5, so 252.5 pages are left.")
        m = _CONCLUDES.search(sentence, m.start() + 1)
        if m is None or m.group().startswith(":"):
            return None
    return m.start("value"), m.end("value"), goes_on


# a sentence that refuses to answer or says the answer cannot be had: "The answer cannot be determined.",
# "There is not enough information.", "I'm sorry, I can't solve this.", "This question has no solution."
_REFUSES = re.compile(
    r"\b(?:(?:cannot|can'?t|can\s+not|could\s*n[o']?t|unable\s+to|not\s+able\s+to|(?:wasn'?t|was\s+not)\s+able\s+to|"
    r"impossible\s+to)\s+(?:be\s+)?(?:(?:uniquely|fully|exactly)\s+)?(?:determined?|solved?|answer(?:ed)?|find|"
    r"found|computed?|calculated?|run|execute|tell|say|know|give|reproduced?|verif(?:y|ied)|confirm(?:ed)?|"
    r"derived?)\b|"
    # the condition the value was stated under is not known: "If x = 8, the area is 72. But x is not given."
    r"(?:but|however|unfortunately|yet|sadly|alas),?[^.!?;\n]{0,60}?\b(?:is|are|was|were)\s*"
    r"(?:n't|\s+not)\s+(?:actually\s+)?(?:given|known|specified|stated|provided|defined|the\s+case|true)|"
    r"(?:but|however|unfortunately|yet),?\s+(?:we|i)\s+(?:don'?t|do\s+not|cannot|can'?t)\s+(?:actually\s+)?know\b|"
    # "I don't have the count.", "I don't know the total.": the text says it has not got what was asked
    r"(?:we|i)\s+(?:don'?t|do\s+not)\s+(?:actually\s+|really\s+)?(?:have|know)\s+(?:the|that|this|an?)\s+"
    r"(?:(?:actual|real|right|correct|final|exact)\s+)?(?:answer|count|number|total|value|result|amount)\b|"
    r"not\s+enough\s+(?:information|info|data|details)|insufficient\s+(?:information|info|data|details)|"
    r"(?:has|have|there\s+is|there'?s)\s+no\s+(?:(?:real|valid|unique|definite|single|well-defined)\s+)?"
    r"(?:solution|answer)\b|no\s+(?:solution|answer)\s+exists|ill[-\s]posed|"
    r"(?:answer|result)\s+is\s+(?:undefined|undetermined|indeterminate|unknown|not\s+defined)|"
    r"i(?:'?m|\s+am)\s+sorry|(?:i\s+)?(?:give|gave)\s+up)\b",
    re.IGNORECASE,
)
# a sentence that says the work is not done: "Next, we need to account for the returns.", "But that's only the
# first part of the question.", "This isn't what the question asks for.", "Run it to get the answer."
_UNFINISHED = re.compile(
    # ("we must then divide by 2", "we still have to subtract")
    r"\b(?:(?:we|i|you)\s+(?:still\s+)?(?:need\s+to|have\s+to|must|should)\s+(?:(?:then|also|still|now|next)\s+)?"
    r"(?:subtract|add|account\s+for|"
    r"take\s+(?:away|out|into\s+account)|remove|include|deduct|find|compute|calculate|determine|figure\s+out|"
    r"consider|multiply|divide|work\s+out)|(?:we|i|you)\s+(?:still\s+)?need\s+the\s+(?:remainder|rest|"
    r"difference|total)|(?:is\s*n[o']?t|is\s+not)\s+what\s+the\s+question\s+(?:asks|wants|is\s+asking)|"
    # "The question asked for a count, not a percent.": the value stated answers something else
    r"(?:the\s+)?question\s+(?:asks|asked|wants|wanted|is\s+asking|was\s+asking)\s+(?:for\s+)?[^.!?;\n]{1,60}?,?\s+"
    r"not\s+(?:for\s+)?(?:the|an?|its|their)?\s*\w+|"
    r"only\s+(?:the\s+)?(?:first|one)\s+(?:part|step|half)|(?:which|this|that)\s+changes\s+the\s+"
    r"(?:total|answer|result)|(?:run|execute)\s+(?:it|this|the\s+(?:code|program|script))\s+to\s+"
    r"(?:get|see|find|obtain)|let\s+me\s+(?:first\s+)?(?:check|verify|compute|calculate|work\s+out|figure\s+out)"
    r"\b[^.!?\n]{0,60}?\bfirst|not\s+(?:yet\s+)?(?:done|finished)|"
    # "I haven't computed it", "I did not check this myself": the value is someone else's
    r"i\s+(?:haven'?t|have\s+not|didn'?t|did\s+not|never)\s+(?:actually\s+|yet\s+|really\s+)?(?:computed?|"
    r"calculated?|checked|check|verified|verify|solved?|derived?|worked\s+(?:it\s+|this\s+)?out|"
    r"work\s+(?:it\s+|this\s+)?out))\b",
    re.IGNORECASE,
)
# the answer stated after the value as a placeholder: "The answer is X, where X is the number of shirts."
_PLACEHOLDER = re.compile(
    r"\b(?:final\s+)?(?:answer|result)\s+(?:is|=|:)\s*[$*_(]*[A-Za-z][$*_)]*(?=\s*(?:[,.;]|$|\s+where\b))",
    re.IGNORECASE,
)


# a closing sentence that is only "No." after the statement ("The answer is 20. No.", "8*9 = 72\nNo"): it says
# no to what was just stated, and states nothing in its place
_LONE_NO_AT_END = re.compile(r"(?:^|(?<=[.!?\n]))[\s*_]*(?:no|nope|nah)[\s*_.!]*$", re.IGNORECASE)
# a text that ends on a doubt and nothing after it: "The answer is 72. Hmm, but wait.", "… = 72
# clips.\nMaybe.", "… 72. Wait, let me re-check." (finished there, it has withdrawn what it stated; "72. I
# think." commits, as "72, I think" does, and "Let me verify." alone doubts nothing)
_DOUBT_FILLER = (
    r"(?:but|oh|uh+|um+|so|and|actually|hmm+|hm+|wait|hold\s+on|hang\s+on|on\s+second\s+thought|"
    r"let\s+me\s+(?:re-?check|double[-\s]?check|check\s+(?:again|that)|verify|reconsider|re-?think|think|"
    r"re-?calculate|recompute|re-?read|see))"
)
_DOUBT_WORD = (
    r"(?:hmm+|hm+|wait|hold\s+on|hang\s+on|on\s+second\s+thought|maybe|perhaps|possibly|probably|"
    r"(?:i'?m\s+|i\s+am\s+)?(?:not\s+(?:entirely\s+|completely\s+|100%\s+)?(?:sure|certain)|unsure|uncertain)|"
    r"or\s+not|i\s+guess)"
)
# a run of bare numbers that ends the text after its answer, a sentence or a line of its own: "The answer is
# 72. 1 2 3 4 5 6" (output that runs on into a list, as a run of bare numbers ends a list)
_NUMBER_RUN_AT_END = re.compile(
    r"(?:^|(?<=[.!?\n]))[\s*_]*(?:[-−]?\d[\d,.]*(?:[ \t]*[,;]?[ \t]+|[ \t]*[,;][ \t]*)){2,}"
    r"[-−]?\d[\d,.]*[\s.]*$"
)
# a line that is only a hedge, "Maybe", "Probably", "Not sure": finished without a full stop too (an opener,
# "Hmm, but wait", "But wait, maybe", may have been cut off there)
_ONLY_HEDGE = re.compile(
    r"[\s*_>]*(?:maybe|perhaps|possibly|probably|(?:i'?m\s+|i\s+am\s+)?not\s+(?:sure|certain)|unsure|uncertain|"
    r"or\s+not|i\s+guess)[\s*_]*",
    re.IGNORECASE,
)
_DOUBT_LEFT_OPEN = re.compile(
    rf"(?:^|(?<=[.!?…\n]))[\s*_>]*(?:{_DOUBT_FILLER}[\s,.…!?*_—–-]+)*{_DOUBT_WORD}"
    rf"(?:[\s,.…!?*_—–-]+(?:{_DOUBT_FILLER}|{_DOUBT_WORD}))*[\s,.…!?*_—–-]*$",
    re.IGNORECASE,
)


def withdrawn_after(rest: str) -> str | None:
    """Why the sentences after a statement leave it uncommitted (``… = 60. The answer cannot be determined.``,
    ``… = 48. But that's only the first part of the question.``, ``64. Actually no, I need to start over.``,
    ``… The answer is X, where X is …``), or None. Read on what follows the last value only: a later value
    would be the one to judge.

    >>> withdrawn_after(" The answer cannot be determined."), withdrawn_after(" So she has enough.")
    ("withdrawn: 'The answer cannot be determined.' refuses to answer", None)
    """
    rest = rest[:600]
    if not rest.strip():
        return None
    for pattern, says in (
        (_REFUSES, "refuses to answer"),
        (_UNFINISHED, "says the work is not done"),
        (STRONG_RETRACTION, "takes the value back"),
        (_PLACEHOLDER, "states the answer as a placeholder"),
        (_LONE_NO_AT_END, "says no to it"),
    ):
        m = pattern.search(rest)
        if m is not None:
            return f"withdrawn: {_sentence_around(rest, m.start()) or m.group().strip()!r} {says}"
    run = (
        _NUMBER_RUN_AT_END.search(rest) if rest[-1:].isdigit() or rest.rstrip(" .\n")[-1:].isdigit() else None
    )
    if run is not None:
        return f"withdrawn: {run.group().strip()[:40]!r} runs on past the answer into a list of bare numbers"
    doubt = _DOUBT_LEFT_OPEN.search(rest)
    if doubt is not None and (
        doubt.group().rstrip(" \t\n*_")[-1:] in ".!?…" or _ONLY_HEDGE.fullmatch(doubt.group()) is not None
    ):
        # ("… 18. Hmm, but wait" with no full stop may have been cut off: the caller's finished=False says so)
        return f"withdrawn: {doubt.group().strip()!r} ends the text on a doubt, and states no value"
    # (the words its openings hold: a literal test before the reader)
    opens = (
        "hen" in rest or "ut" in rest or "fter" in rest or "ater" in rest or "ext" in rest or "owever" in rest
    )
    event = _EVENT_SHARE.search(rest) if opens else None
    if event is not None and not _RESULT_AFTER.search(event.group()):
        return (
            f"operated on: {event.group().strip()[:60]!r} goes on to change the value, and states no result"
        )
    return None


# a closing sentence that rejects an option and names no value: "The answer cannot be (C).", "Option B is
# wrong.", "It is not D.", "So we can rule out A and B." (an option's letter, capital: "It is not a" names
# none). Said after a value with no marker, it is the text's last word, and it commits to no value
_OPTION_LETTER = r"(?:(?i:option|choice|answer)[ \t]+)?[*_]*\(?[*_]*(?-i:[A-J])[*_]*\)?(?![\w'’])"
_OPTIONS_NAMED = (
    rf"{_OPTION_LETTER}(?:[ \t]*(?:,|\bor\b|\band\b|\bnor\b)[ \t]*(?:(?i:either|neither)[ \t]+)?"
    rf"{_OPTION_LETTER})*"
)
_OPTION_REJECTED = re.compile(
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


# words a marker's sentence says about the answer rather than as it: a judgement of one stated before ("The
# answer is correct."), a pointer to where it stands ("The answer is as follows.", "The result is the same.",
# "The answer is: see above"), a description of it ("The answer is simple.", "The answer is an integer.",
# "The result is negative.") and the adverbs that go with them
_ABOUT_THE_ANSWER = frozenset(
    "correct right wrong incorrect true false reasonable plausible sensible consistent confirmed verified "
    "valid accurate exact fine ok okay good acceptable close same unchanged different larger smaller "
    "bigger greater lower higher less more positive negative even odd whole integer integral prime "
    "rational irrational real finite nonzero non-zero clear simple obvious straightforward easy trivial "
    "interesting surprising above below follows following shown computed calculated found derived given "
    "stated obtained explained worked out there here see earlier before previous previously again too "
    "very quite pretty fairly rather really indeed clearly obviously still also now therefore thus hence "
    "so then just as in to".split()
)
# a sentence's opening words that make the span after a marker prose rather than its answer: an article or
# a determiner (a description, "the number of apples"), a preposition, a conjunction or a clause ("that
# she has …", "whether …"), a negation or a pronoun
_PROSE_OPENERS = frozenset(
    "a an the that this these those it its what which who how whether where when if unless because since as "
    "in on at by to for from of with within into about based given not no nothing none neither there here "
    "both each every all some any either we i you she he they one".split()
)
# the longest span, in words, taken for an answer written as one rather than for prose
_ANSWER_WORDS = 3


def written_as_answer(span: str) -> bool:
    """Whether the words a marker commits to (``The answer is XVIII.``) are written as the answer itself, a
    short run of words or symbols that are no judgement of an earlier answer, no pointer to one and no
    description of it: read or not, they are what the text answers, and the numbers of its working are not
    read in their place.

    >>> written_as_answer("XVIII"), written_as_answer("eightteen"), written_as_answer("N/A")
    (True, True, True)
    >>> written_as_answer("correct"), written_as_answer("as follows"), written_as_answer("see above")
    (False, False, False)
    >>> written_as_answer("the number of apples she has"), written_as_answer("very simple")
    (False, False)
    """
    words = span.strip(" \t\n.!*_:;,").split()
    if not words or len(words) > _ANSWER_WORDS or words[0].lower().strip("*_\"'") in _PROSE_OPENERS:
        return False
    return not all(word.lower().strip("*_.,;:!\"'") in _ABOUT_THE_ANSWER for word in words)


# the words of a marker's span that points back to an answer stated before it ("Final Answer: see above",
# "Answer: as computed above", "(see the calculation above)"), one of them a pointer back
_POINTING_WORDS = frozenset(
    "see as refer to in from the my our this that previous prior calculation computation solution work "
    "working workings reasoning steps step result results answer value values total shown given stated "
    "computed calculated found derived obtained boxed written mentioned worked out please already".split()
)
_POINTING_BACK = frozenset("above earlier before previously".split())
_POINTER_WORDS = 8


def points_back(span: str) -> bool:
    """Whether the words a marker commits to only point back to an answer stated before it (``Final Answer:
    see above``): they state no value, and the text's own last value stands, read as if the marker were not
    there (where ``The answer is XVIII.`` commits to words that are no value).

    >>> points_back("see above"), points_back("(as computed above)."), points_back("see the working above")
    (True, True, True)
    >>> points_back("XVIII"), points_back("above 70"), points_back("the one before the last")
    (False, False, False)
    """
    words = [word.strip("*_.,;:!()[]\"'") for word in span.lower().split()]
    words = [word for word in words if word]
    return (
        0 < len(words) <= _POINTER_WORDS
        and any(word in _POINTING_BACK for word in words)
        and all(word in _POINTING_WORDS or word in _POINTING_BACK for word in words)
    )


def _sentence_around(text: str, at: int) -> str:
    """The sentence of ``text`` that holds position ``at``, for a detail."""
    start = max(text.rfind(c, 0, at) for c in ".!?;\n") + 1
    ends = [i for i in (text.find(c, at) for c in ".!?;\n") if i >= 0]
    return text[start : (min(ends) + 1 if ends else len(text))].strip()[:60]


# a value named as one given or found before: "my earlier estimate of", "the previous answer,", "what I first
# got:"
_EARLIER_VALUE_BEFORE = re.compile(
    r"\b(?:earlier|previous|prior|original|initial|first|old)\s+(?:\w+\s+)?(?:estimate|answer|result|"
    r"value|guess|figure|calculation|attempt|total)\s*(?:of|was|is|=|:|,)?\s*[$*_(]*$|"
    r"\bwhat\s+(?:i|we)\s+(?:first\s+|originally\s+|initially\s+)?(?:got|had|found)(?:\s+(?:before|earlier))?"
    r"\s*(?:,|:|\(|was)?\s*[$*_(]*$",
    re.IGNORECASE,
)


def named_as_earlier(before: str) -> bool:
    """Whether the words before a value name it as one given or found before (``my earlier estimate of``),
    not a new answer.

    >>> named_as_earlier("that doesn't match my earlier estimate of "), named_as_earlier("it is actually ")
    (True, False)
    """
    return _EARLIER_VALUE_BEFORE.search(before[-60:]) is not None


# a value that opens its sentence as the subject of what is said of it: "64 assumed the squares don't
# overlap", "64 counts the corner twice" (a reason about the value, not a statement of it: "64 is right",
# "64 it is", "64 stands", "64 hundred")
_SENTENCE_OPENS_BEFORE = re.compile(
    r"(?:^|[.!?:\n])[\s*_>]*(?:(?:so|but|and|because|since)[,\s]+)?(?:the\s+)?\Z"
)
_SUBJECT_OF_REASON_AFTER = re.compile(
    r"\s+(?:(?:only|just|also|wrongly|incorrectly|mistakenly|still)\s+)?(?:(?!hundred\b)[a-z]{3,}ed|"
    r"assumes|counts|ignores|includes|excludes|treats|uses|forgets|misses|leaves\s+out|comes\s+from|came\s+from|"
    r"forgot|left\s+out|(?:is|was)\s+(?:based\s+on|only|just|from|what|for|when|if))\b",
    re.IGNORECASE,
)


def reasoned_about(before: str, after: str) -> bool:
    """Whether a value, with the words ``before`` and ``after`` it, opens its sentence as the subject of a
    reason about it (``64 assumed the squares don't overlap``), not as a statement of it (``64 is right``).

    >>> reasoned_about("I retract that. ", " assumed the squares don't overlap")
    True
    >>> reasoned_about(". ", " is right")
    False
    """
    return (
        _SENTENCE_OPENS_BEFORE.search(before[-40:]) is not None
        and _SUBJECT_OF_REASON_AFTER.match(after[:60]) is not None
    )


def stated_as_answer(before: str) -> bool:
    """Whether the words before a value state it as the answer (``… it's``), not as a step of a check."""
    return _STATED_AS_ANSWER.search(before[-60:]) is not None


# where a sentence opens, its emphasis included (fixed-width look-behinds: "\nNo", ". **No")
_SENTENCE_OPENS = (
    "(?:"
    + "|".join(
        f"(?<={re.escape(stop + mark)})"
        for stop in ("\n", "\n ", "\n  ", ". ", "! ", "? ")
        for mark in ("", "*", "**", "_", "__")
    )
    + ")"
)
# the writer's own result set against the answer it stated: "But I get 70.", "My working gives 70, though.",
# "I got 70 myself." (group "own" of RETRACTION: two values, the stated and the worked out, neither committed;
# a value of working, "but I got 70 at first", is none)
_OWN_RESULT = (
    r"(?:(?:i|we)\s+(?:(?:actually|still|myself)\s+)?(?:get|got|obtain|obtained|calculate|calculated|compute|computed|"
    r"find|found|make\s+it|come\s+up\s+with|end\s+up\s+with)|(?:my|our)\s+(?:own\s+)?(?:working|work|calculation|"
    r"computation|math|count|result|answer)\s+(?:gives|gave|says|shows|is|was|comes\s+to|came\s+to))[\s:*_]+"
)
_OWN_VALUE = r"[$€£]?\d[\d,]*(?:\.\d+)?(?:\s*%)?[*_]*"
_OWN_RESULT_INSTEAD = (
    rf"(?:(?<=but\s)|(?<=but\s\s)|(?<=but,\s)|(?<=however,\s)|(?<=yet\s)){_OWN_RESULT}(?={_OWN_VALUE}\s*(?:[.!]|$))|"
    rf"{_OWN_RESULT}(?={_OWN_VALUE},?\s+(?:though|however|instead|myself|on\s+my\s+own)\b)"
)
# the question read again after the answer: "but the question asks for 2^9, which is 512", "However, the
# problem wants …", "Rereading the problem, it asks for …". The value its sentence goes on to name answers the
# question as read again (group "reread" of RETRACTION); "the question also asks …" adds a part, it corrects
# nothing
_QUESTION_READ_AGAIN = (
    r"re-?read(?:ing)?\s+(?:the\s+|this\s+)?(?:question|problem|prompt|task)|"
    r"(?:but|however|though|actually)[,\s]+(?:the\s+(?:question|problem|prompt|task)|it)\s+"
    r"(?:(?:actually|really|specifically|only)\s+)?(?:asks|wants|is\s+asking|asked|requires|is\s+looking)\b"
    r"(?!\s+(?:also|too|as\s+well)\b)"
)
# the writer's own result set, in one statement, against the value before it: '72", but I get 70.', "72, but
# my calculation gives 70" (group "value"; the value ends the statement)
_OWN_RESULT_AFTER = re.compile(
    rf"[\s\x22'”’*_)\]]*[,;]?\s*(?:but|however|yet|whereas)[,\s]+{_OWN_RESULT}"
    # (in math too: "but I get $70$")
    rf"(?:\$(?=\d[\d,.]*\$))?(?P<value>{_OWN_VALUE})\$?\s*(?:[.!]|$)",
    re.IGNORECASE,
)


def own_result_after(after: str) -> tuple[int, int] | None:
    """Where the writer's own result stands in the rest of a statement after its value (``72, but I get 70``:
    the ``70``), or None. After another's value (``The textbook says the answer is 72, but I get 70``) it is
    the text's answer; after the text's own, it contradicts it.

    >>> own_result_after(", but I get 70."), own_result_after(", but she gets 70.")
    ((12, 14), None)
    """
    if "ut" not in after and "owever" not in after and "et" not in after and "hereas" not in after:
        return None
    m = _OWN_RESULT_AFTER.match(after[:200])
    if m is None:
        return None
    return m.start("value"), m.start("value") + len(m["value"].rstrip("*_$"))


# a cue that takes back nothing by itself, but makes the value it goes on to state the answer ("Let me
# double-check... it's 73"); a check that states the same value confirms it
RETRACTION = re.compile(
    rf"\b(?:wait|actually|hmm+|oops|correction|on\s+second\s+thought|on\s+(?:further\s+)?reflection|hold\s+on|"
    # "No, D.", "**No, D**": a sentence that opens by saying no to the one before it
    rf"{_SENTENCE_OPENS}no(?=,)|mistake|sorry|i\s+meant?|"
    # "Wrong, should be 70.", "Incorrect: it is 70": a sentence that opens by calling the one before wrong
    rf"{_SENTENCE_OPENS}(?:wrong|incorrect|not\s+quite)(?=\s*[,:;—–-])|"
    # "Update: … it becomes 254", "Edit: …": a later statement revises the answer
    rf"or\s+rather|make\s+that|(?:update[d]?|edit(?:ed)?|revised|revision|erratum)(?=\s*:)|{CHECK.pattern}|"
    # "It should be 48.", "Should be 48.", "The correct answer is 48.": a sentence that opens by giving the
    # value the one before should have had
    rf"{_SENTENCE_OPENS}(?:(?:it|this|that|the\s+(?:answer|result|total|value))\s+)?should\s+(?:be|have\s+been)"
    r"(?=\s*[*_]*\s*[-−$\d])|"
    rf"{_SENTENCE_OPENS}the\s+(?:correct|right|actual|true)\s+(?:answer|value|result|total)\s+is"
    r"(?=\s*[*_]*\s*[-−$\d])|"
    rf"(?P<own>{_OWN_RESULT_INSTEAD})|(?P<reread>{_QUESTION_READ_AGAIN})|"
    rf"{_TAKES_BACK})"
    rf"(?:\b|(?<=\?))",
    re.IGNORECASE,
)


# another value offered before the answer: "70 or 80 people" (the last number is not the answer it hedges),
# its math closed before or after its comma ("\\(-1,\\) or \\(1\\)")
_HEDGE_BEFORE = re.compile(
    r"(?:\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|"
    r"sixty|seventy|eighty|ninety|hundred)\b)"
    # (what the value counts may stand before the "or": "72 pens or 70 pencils")
    r"(?:[ \t]+[A-Za-z][A-Za-z'’-]{1,19}){0,2}(?:[\s$%*_)]|\\[)\]])*,?(?:\s|\\[)\]])*\(?\s*\bor\s+"
    r"(?:maybe\s+|perhaps\s+|possibly\s+)?(?:[\s$*_(]|\\[(\[])*$",
    re.IGNORECASE,
)
_RELATION = re.compile(
    r"[<>≤≥≲≳≦≧⩽⩾≪≫]=?\s*[\s$*_(]*$|\\(?:geq?|leq?|gt|lt|geqslant|leqslant|ll|gg)[\s$*_(]*$"
)


def called_wrong_after(after: str, value: Quantity | None = None) -> str | None:
    """Why the rest of a statement takes its value back (``72, which is wrong``, ``72, I mean 73``), or None.
    A correction to the same ``value``, when it is known, takes nothing back (``72, actually 72.0``).

    >>> called_wrong_after(" (incorrect).")
    "called wrong: '… (incorrect)' takes the value back"
    >>> called_wrong_after(", I mean 73."), called_wrong_after(" apples.")
    ("corrected: '… , I mean 73' states another value", None)
    """
    called = _why_after(_CALLED_WRONG_AFTER, after, 200, "called wrong", "takes the value back")
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
    return f"corrected: {_shown_after(after)!r} states another value"


_CARDINALS = "|".join(sorted(CARDINAL_WORDS, key=len, reverse=True))
# an operation after a comma: the statement goes on to change the value ("72, plus 3", "72, then halve it",
# "72, minus the 4 she kept"); a restatement ("72, which is 48 + 24") or a reason ("72, since 8 * 9 = 72")
# changes nothing
_OPERATED_AFTER = re.compile(
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
# the rest of the statement says it is unsure of the value: "72 (not sure)", "72, I guess", "72, but I could
# be wrong", "72, though I may have erred", "72 (to be confirmed)", "72, maybe." ("72, I am sure" and "72
# (checked)" commit; so does "72, I think", as "I think the answer is 72" does)
_UNSURE_AFTER = re.compile(
    r"^(?!['’])(?:[^.;!?\n]|\.\d){0,80}?(?:\bnot\s+(?:\w+%?\s+)?(?:sure|certain|confident|positive)\b|\bunsure\b|"
    r"\buncertain\b|\b(?:a|my|just\s+a|an?\s+(?:educated|rough|wild)|best)\s+guess\b|\bi\s+guess\b|"
    r"\bwhich\s+i\s+(?:doubt|question)\b|"
    # "18 or any other number", "72 (or any value; all answers are correct)": the value offered with any
    # other; "18 (or any multiple of 18)", "18, or more generally any even number", "18 and any multiple of
    # it", "18 (or any of these)": with a family of values ("or any 18的倍数" is the Chinese order of "or any
    # multiple of 18"; "for any real x" offers nothing)
    r"\bor\s+(?:(?:more\s+generally|in\s+general|indeed|in\s+fact|really)[,\s]+)?"
    r"(?:(?:any|some|every|another|whatever|all)\s+(?:other\s+)?(?:(?:positive|negative|even|odd|whole|natural|real|"
    r"rational|prime|non-?zero|larger|smaller|greater|higher|lower)\s+)?(?:number|value|answer|amount|integer|result|"
    r"multiple|divisor|factor|solution|one)s?\b|any(?:thing\b|\s+of\s+(?:these|those|them|the\s+above)\b|\s+(?=\d)))|"
    r"\band\s+(?:(?:more\s+generally|in\s+general|indeed|in\s+fact)[,\s]+)?(?:any|every|all)\s+"
    r"(?:(?:positive|even|odd|whole|natural)\s+)?(?:multiple|divisor|factor)s?\b|"
    # "18 (any multiple of 18 works)": the family offered as valid too, in the aside after it
    r"\(\s*(?:any|every|all)\s+(?:other\s+)?(?:(?:positive|even|odd|whole|natural)\s+)?"
    r"(?:multiple|divisor|factor|number|value|integer|solution)s?\b(?:\s+of\s+[^()\n]{1,20}?)?\s+(?:also\s+)?"
    r"(?:works?|(?:is|are)\s+(?:also\s+)?(?:valid|fine|correct|possible|acceptable))\b|"
    r"\b(?:all|any|every)\s+(?:other\s+)?answers?\s+(?:is|are)\s+(?:correct|right|accepted|valid|fine)\b|"
    # "18 seems most likely", "72 looks the most plausible": a value weighed as likely, not stated
    r"\b(?:seems?|appears?|looks?)\s+(?:to\s+be\s+)?(?:the\s+)?(?:most\s+|more\s+|quite\s+|very\s+|rather\s+|fairly\s+)?"
    r"(?:likely|plausible|probable)\b|"
    # "72 or not 72": the value and its negation ("72 whether or not she counts them" commits)
    r"(?<!whether\s)\bor\s+not\s+[-−$]?\d|"
    # "72, or maybe not", "72, but perhaps not", "72 — who knows", "72, hard to say": the statement withdraws
    # its own value before it ends ("72, not 70" names what it is not; "72, whether she sells more or not"
    # commits: :func:`unsure_after` reads no "or not" in a clause that opened on "whether")
    r"\b(?P<or_not>(?:or|but|though)\s+(?:(?:maybe|perhaps|possibly|probably)\s+)?not|(?:maybe|perhaps|possibly)\s+"
    r"not)(?:[,\s]+(?:though|tho|really|honestly))?(?=\s*(?:[.!?…;)\]\n]|$))|"
    r"\bwho\s+(?:really\s+)?(?:knows|can\s+say)(?=\s*(?:[.!?…,;)\]\n—–-]|$))|"
    r"\bhard\s+to\s+(?:say|tell)\b|\bdon'?t\s+hold\s+me\s+to\s+(?:it|that|this)\b|"
    # "15 could also be right", "15 might be correct too": one answer among others, not the answer
    r"^[\s*_)]*(?:(?:might|may|could|would)\s+(?:also|equally)\s+be|is\s+(?:also|equally))\s+"
    r"(?:an?\s+)?(?:\w+\s+)?(?:right|correct|valid|reasonable|possible|plausible|acceptable|answer)\b|"
    r"^[\s*_)]*(?:might|may|could|would)\s+be\s+(?:right|correct|valid)\s+(?:too|as\s+well)\b|"
    r"\bguess(?:ing|ed)?\s*\)|\btentative(?:ly)?\b|\bunverified\b|\bunconfirmed\b|\bunchecked\b|"
    r"\bnot\s+(?:yet\s+)?(?:verified|checked|confirmed)\b|\bto\s+be\s+(?:confirmed|verified|checked|determined)\b|"
    r"\b(?:could|might|may)\s+(?:well\s+)?(?:be\s+(?:wrong|mistaken|off|incorrect)|have\s+(?:erred|made\s+(?:a|an)\s+"
    r"(?:\w+\s+)?(?:mistake|error)|miscalculated|messed\s+up))\b|\bdon'?t\s+quote\s+me\b|\bno\s+guarantees?\b|"
    # "72 (I think)" (an aside that doubts; "I think the answer is 72" commits), "100 is one possibility"
    r"\(\s*i\s+(?:think|believe|guess|suspect)\s*\??\s*\)|"
    r"\b(?:is|was)\s+(?:just\s+|only\s+)?(?:one|a|another)\s+(?:possibility|option|candidate|possible\s+(?:answer|value))\b|"
    # "72 is one of many consistent values", "(72 is just one of several possibilities)"
    r"\b(?:is|was)\s+(?:just\s+|only\s+|merely\s+)?one\s+of\s+(?:many|several|the|multiple|infinitely\s+many|"
    r"countless|various|a\s+(?:few|number|range|family))\b|"
    r"[,(]\s*(?:maybe|perhaps|possibly|probably|presumably|(?:most\s+|very\s+)?likely)\s*[).!]*\s*$|"
    # "12, but it depends on whether …": the value holds under a condition left open
    r"\bit\s+(?:all\s+)?depends\s+on\b|"
    # a confidence the text rates low: "72 (low confidence)", "72 (confidence: low)", "72, confidence is
    # fairly low" ("(confidence: high)", "(confidence: 0.9)", "I'm 100% sure" commit)
    rf"{_LOW_CONFIDENCE})",
    re.IGNORECASE,
)
# a hedge right before the value ("The answer is probably 72", "maybe 72"), or one that opens its sentence
# ("Maybe the answer is 72", "My guess is 72"): a policy that learns to add "probably" has not committed.
# A "but" or "so" between the hedge and the value starts a statement of its own
_HEDGE_WORD_BEFORE = (
    r"maybe|perhaps|possibly|presumably|probably|likely|conceivably|supposedly|arguably|"
    r"tentatively|theoretically|hypothetically|seemingly"
)
# the verb of a quantity a hedge may stand before, in a statement that names its subject ("Bob probably has
# 72", "She maybe spent 72", "小明可能有72": a Chinese verb of one to three characters)
_HEDGED_VERB = (
    r"(?:has|have|had|gets?|got|needs?|needed|makes?|made|costs?|spends?|spent|earns?|earned|owns?|sells?|"
    r"sold|buys?|bought|takes?|took|uses?|used|weighs?|weighed|saves?|saved|pays?|paid|collects?|collected|"
    r"eats?|ate|reads?|scores?|scored|[\u4e00-\u9fff]{1,3})"
)
# every match of _HEDGED_BEFORE holds one of these, lower-cased
_HEDGE_STEMS = re.compile(
    r"maybe|perhaps|possibly|presumably|probably|likely|conceivably|supposedly|arguably|seemingly|might|may|could|"
    r"guess|estimate|approximation|conjectur|hypothes|"
    r"suppose|possible|conceivable|plausible|probable|tentative|theor|hypothet|suspect|seems\s+like|chance|unclear|"
    r"seems?\s+to|seemed\s+to|appears?\s+to|appeared\s+to|it\s+(?:seems|appears)|"
    r"in\s+principle|not\s+(?:\w+%?\s+)?(?:sure|certain)|something|anything|ballpark|neighbo|vicinity|region|"
    r"somewhere|order\s+of"
)
_HEDGED_BEFORE = re.compile(
    rf"\b(?:{_HEDGE_WORD_BEFORE}|(?:might|may|could)(?:\s+(?:well|also|possibly))?\s+(?:be|equal)|"
    # "the answer key might say 15", "a calculator may show 15": what something else might report
    r"(?:might|may|could)\s+(?:say|show|give|read|list|expect)|"
    # "The answer seems to be 72", "appears to be": how it looks, not what it is
    r"(?:seems?|seemed|appears?|appeared)\s+to\s+be|"
    # a guess, not a rounding ("about 18" commits to a rounded value): "something like 18", "in the
    # ballpark of 18", "somewhere around 18", "on the order of 18"
    r"(?:something|anything)\s+like|(?:somewhere\s+)?in\s+the\s+(?:ballpark|neighbou?rhood|vicinity|region)\s+of|"
    r"somewhere\s+(?:around|near|about|close\s+to)|on\s+the\s+order\s+of|ballpark(?:\s+figure)?(?:\s+of)?)"
    r"(?:\s+(?:be|is|equals?|around|about|just))?[\s$*_(\\\[\x22“]*$|"
    # ... or before the verb that states it: "Bob probably has 72", "She might have 72", "小明 maybe 有72"
    rf"\b(?:{_HEDGE_WORD_BEFORE}|(?:might|may|could)\s+(?=have|has|get|need|cost|make|take|weigh|[^\x00-\x7f]))"
    # (a total word may stand between: "小明似乎一共有72", read "小明 seemingly in all 有72")
    rf"\s*(?:(?:in\s+(?:all|total)|altogether)\s+)?{_HEDGED_VERB}[\s$*_(\\\[]*$|"
    rf"(?:^|[.!?;:]\s|\n)[\s*_>-]*(?:(?:{_HEDGE_WORD_BEFORE})\b|i\s+(?:guess|suppose)\b|"
    # "It is possible that the answer is 72" ("It is clear that …" commits)
    r"(?:it\s+is|it'?s|it\s+seems)\s+(?:\w+\s+)?(?:possible|conceivable|plausible|likely|probable)\s+that\b|"
    # "My guess is 72", "The guess was 72", "Initial guess: 72", "An initial estimate is 72", "A
    # rough estimate: 72" (a "guess and check" is a method, and a plain "estimate" may be what the
    # question asks for)
    r"(?:(?:the|a|an|my|our|his|her|their|this|that|one)\s+)?(?:(?:best|first|initial|rough|preliminary|quick|crude|"
    r"ballpark|tentative|early|educated|wild|working)\s+)*guess(?:es)?\b(?!\s*(?:-|and|&)\s*check)|"
    r"(?:(?:the|a|an|my|our|his|her|their|this|that|one)\s+)?(?:first|initial|rough|preliminary|quick|crude|ballpark|"
    r"tentative|early|working)\s+(?:estimate|approximation)s?\b|"
    # "We conjecture that y = 2x + 1", "Conjecture: 72", "Our hypothesis is 72"
    r"(?:we|i)\s+(?:conjecture|hypothesi[sz]e)\b|(?:(?:the|a|an|my|our|this|that|one)\s+)?(?:conjecture|hypothesis)\b|"
    # "I'd guess 6", "I'm guessing 5", "I suspect the answer is 18", "If I had to guess: 36", "It seems like
    # 350", "There's a good chance the answer is 2", "In theory 72", "It's unclear whether …"
    r"i(?:'?d|\s+would)\s+guess\b|i(?:'?m|\s+am)\s+guessing\b|"
    # "I'll guess the answer is 48", "I'm going to guess 48": a guess announced is still a guess
    r"i(?:['’]ll|\s+will|\s+shall|['’]m\s+going\s+to|\s+am\s+going\s+to)\s+(?:just\s+|have\s+to\s+)?guess\b|i\s+suspect\b|if\s+i\s+(?:had|have)\s+to\s+guess\b|"
    r"(?:it\s+)?seems\s+like\b|"
    r"(?:(?:so|thus|therefore|hence|then|now),?\s+)?it\s+(?:seems|appears)(?:\s+to\s+me)?,?\s+(?:that\b|(?=the\s|[a-z]\s*=))|"
    r"there(?:'?s|\s+is)\s+a\s+(?:\w+\s+)?chance\b|chances\s+are\b|in\s+theory\b|"
    r"in\s+principle\b|(?:it'?s|it\s+is)\s+(?:still\s+)?unclear\b)"
    r"(?:(?!\b(?:but|so|thus|therefore|hence|however)\b)[^.!?;\n]){0,120}$",
    re.IGNORECASE,
)
# a marker the sentence disowns or gives to someone else: "The wrong answer is 72", "One possible answer is
# 72", "Bob's answer is 72", "My first answer was 72", "A common mistake is to answer 72" ("The correct
# answer", "My answer", "Our final answer", "The answer to part (b)" commit)
_DISOWNED_BEFORE = re.compile(
    r"(?:\b(?:wrong|incorrect|naive|naïve|trap|distractor|tempting|mistaken|erroneous|false|bogus|"
    r"one\s+possible|a\s+possible|possible|candidate|alternative|first|initial|earlier|previous|original|old|"
    r"preliminary|tentative|provisional|proposed|guessed|common\s+(?:mistake|wrong|incorrect)|"
    # an answer quoted from elsewhere: "Reference answer (from the prompt): 72", "The expected answer is 72"
    r"reference|expected|official|textbook|book|claimed|reported|quoted|alleged|supposed|purported|"
    r"(?:answer\s+)?key(?:'s)?)"
    r"(?:\s+(?:final|but\s+wrong|but\s+incorrect))?\s+answers?|"
    r"(?<![\w'’])(?!(?:let|that|it|what|here|there|who|he|she)['’])[A-Za-z]+['’]s\s+(?:final\s+)?answer|"
    # "The textbook's (wrong) answer is 72", "the (incorrect) answer 72"
    r"\(\s*(?:wrong|incorrect|mistaken|erroneous|false)\s*\)\s+answers?\b|"
    # "The answer cannot be 72. (Alternate form: seventy-two.)": the other form of a value stated before,
    # which states nothing of its own
    r"\b(?:alternate|alternative|equivalent|other|another)\s+(?:forms?|representations?|notations?)"
    r"(?:\s+of\s+(?:the|this|that|my|our)\s+answer)?(?=[\s*_]*[:=])|"
    # "Answer (wrong): 72", "Answer [incorrect] = 72"
    r"\banswers?\s*[(\[]\s*(?:wrong|incorrect|mistaken|erroneous|false|rejected|distractor)(?=\s*[)\]])|"
    # "Answer (tentative): 72", "Final answer (a guess): 72": a label that hedges the marker ("Answer
    # (rounded): 72" states it)
    r"\banswers?[*_]*\s*[(\[]\s*(?:tentative|provisional|preliminary|unverified|unconfirmed|unchecked|uncertain|"
    r"unsure|not\s+(?:sure|certain|verified|confirmed|checked|final)|(?:an?\s+|my\s+|best\s+|educated\s+|rough\s+)?"
    r"guess(?:ed|work)?|draft|to\s+be\s+(?:confirmed|verified|checked)|tbc|tbd|low\s+confidence|"
    r"confidence\s*[:=]?\s*low|maybe|probably|possibly|perhaps|likely|doubtful|speculative|estimated?|"
    r"(?:a\s+)?rough\s+estimate)\b(?=[^()\[\]\n]{0,30}[)\]])|"
    r"\b(?:his|her|their)\s+(?:final\s+)?answer|"
    r"\b(?:common|typical|frequent|classic)\s+(?:mistake|error|pitfall|trap)\s+is\s+to\s+"
    r"(?:answer|say|write|conclude|get|think|give|claim))\b"
    r"[^.!?;\n]{0,40}$",
    re.IGNORECASE,
)
# another value the text offers as also valid, in the statement or the sentences after it: "72, but 96 also
# works", "72 (96 also possible)", "72; alternatively 96", "\\boxed{72}. Note that 96 also satisfies the
# conditions", "Answer: 72. Another solution is 96" ("96 does not work" and "Another way to see this: …" offer
# nothing)
_VALUE = r"[-−]?\$?\(?\$?\d[\d,]*(?:\.\d+)?"
_ALSO_VALID_AFTER = re.compile(
    rf"(?P<a>{_VALUE})[\s$)*_]*(?:(?:is|would\s+be|are)\s+)?(?:also|too|equally)\s+(?:works?|valid|possible|"
    r"correct|satisf\w*|fits?|holds?|acceptable|(?:an?|one)\s+(?:valid\s+|possible\s+|correct\s+|other\s+)?"
    r"(?:solution|answer|root|possibility|option))\b|"
    rf"(?P<b>{_VALUE})[\s$)*_]*(?:works|is\s+(?:valid|possible|correct|acceptable|a\s+(?:valid\s+)?solution))"
    r"\s+(?:too|as\s+well)\b|"
    r"\b(?:alternatively|or\s+else|another\s+(?:valid\s+|possible\s+|correct\s+)?(?:solution|answer|"
    r"possibility|option)\s+(?:is|would\s+be|could\s+be)|(?:the\s+)?other\s+(?:solution|answer|root)\s+is)"
    rf"[\s:,]*(?:(?:the\s+answer|it)\s+(?:is|could\s+be)\s+)?[\s$*_(]*(?P<c>{_VALUE})(?=[\s$*_)]*(?:[.;,!\n]|$))|"
    # a family of values: "\\boxed{18}. Any multiple of 18 also works."
    r"\b(?P<family>(?:any|every|all)\s+(?:other\s+)?(?:(?:positive|even|odd|whole|natural)\s+)?"
    r"(?:multiple|divisor|factor)s?\b(?:\s+of\s+[^.;\n]{1,20}?)?)\s+(?:(?:would|will)\s+)?(?:also|too|equally)\s+"
    r"(?:works?|valid|possible|correct|satisf\w*|fits?|holds?|acceptable)\b",
    re.IGNORECASE,
)


def _shown_after(after: str) -> str:
    """The rest of a statement as a detail quotes it: ``… , I mean 73``."""
    return ("… " + after.rstrip(".").strip())[:60]


def _why_after(pattern: re.Pattern[str], after: str, limit: int, kind: str, says: str) -> str | None:
    """``"{kind}: '…' {says}"`` when ``pattern`` matches the start of ``after[:limit]``, else None: the
    reason each reader of what follows a value gives."""
    return f"{kind}: {_shown_after(after)!r} {says}" if pattern.match(after[:limit]) else None


# a value the text names as only part of the answer: "The subtotal is 72", "Total before the discount: 72",
# "72 is the subtotal", "72 is an intermediate result"
_PARTIAL_BEFORE = re.compile(
    r"\b(?:sub-?total|partial\s+(?:sum|total|result|answer)|intermediate\s+(?:result|value|total|answer)|"
    r"(?:total|price|cost|amount|sum)\s+(?:before|excluding|without)\s+(?:the\s+|any\s+)?(?:discounts?|tax(?:es)?|"
    r"tips?|fees?|shipping|deductions?|refunds?|returns?))\b[^.!?;\n]{0,30}$",
    re.IGNORECASE,
)
_PARTIAL_AFTER = re.compile(
    r"^[\s$*_)]*,?\s*(?:which\s+)?(?:is|was)\s+(?:only\s+|just\s+|merely\s+)?(?:the|a|an)\s+(?:sub-?total|partial\s+"
    r"(?:sum|total|result)|intermediate\s+(?:result|value|step|total))\b",
    re.IGNORECASE,
)


def partial_around(before: str, after: str) -> str | None:
    """Why the words around a value name it as only part of the answer (``The subtotal is``, ``72 is an
    intermediate result``), or None.

    >>> partial_around("The subtotal is ", "."), partial_around("The total is ", ".")
    ("partial: 'The subtotal is …' names part of the answer", None)
    """
    m = _PARTIAL_BEFORE.search(before[-200:])
    if m is not None:
        return f"partial: {(_sentence_of(before[-200:], m.start()) + ' …')!r} names part of the answer"
    if _PARTIAL_AFTER.match(after[:200]):
        return f"partial: {_shown_after(after)!r} names part of the answer"
    return None


def rejected_after(after: str) -> str | None:
    """Why the rest of a statement rejects its value (``x = 5 is extraneous``, ``72 (rejected)``), or None.

    >>> rejected_after(" is extraneous."), rejected_after(" because 96 does not work.")
    ("rejected: '… is extraneous' rejects the value", None)
    """
    return _why_after(_REJECTED_AFTER, after, 200, "rejected", "rejects the value")


def operated_after(after: str) -> str | None:
    """Why the rest of a statement goes on to change its value (``72, plus 3``), or None.

    >>> operated_after(", then halve it"), operated_after(", which is 48 + 24.")
    ("operated on: '… , then halve it' changes the value it states", None)
    >>> operated_after(" before tax") is not None, operated_after(", and that is the total")
    (True, None)
    """
    return _why_after(_OPERATED_AFTER, after, 100, "operated on", "changes the value it states")


# a label that gives the value after it as what is expected of the text, not as its answer: "Expected output:
# 72", "(Expected answer = 72)", "Reference solution: 72", "Ground truth: 72", "Gold: 72" ("The expected value
# is 3.5" states a value of the problem's own)
_EXPECTED_LABEL = re.compile(
    r"(?:\b(?:expected|reference|target|gold|official)\s+(?:output|answer|result|solution|response|label)s?|"
    r"\bexpected|\bground[\s-]?truth|\bgold)[*_]*\s*(?:\([^()\n]{0,20}\)\s*)?[:=][\s*_$`]*$",
    re.IGNORECASE,
)
# (the words every match holds, lower-cased: a substring test settles most texts)
_EXPECTED_WORDS = ("expected", "reference", "target", "gold", "truth", "official")


def labelled_expected(before: str) -> str | None:
    """Why the words right before a value label it as what the text is expected to answer rather than its
    answer (``(Expected output: 72)``, ``Ground truth: 72``), or None: such a label quotes a value, it states
    none. Read for a value a lenient rule found; a marker (``Expected answer: 72``) is disowned as a marker.

    >>> labelled_expected("I cannot determine the answer. (Expected output: ")
    "disowned: 'Expected output:' labels the value as the expected one, not the text's answer"
    >>> labelled_expected("so 8 * 9 = ")
    """
    tail = before[-40:]
    lowered = tail.lower()
    if not any(word in lowered for word in _EXPECTED_WORDS):
        return None
    m = _EXPECTED_LABEL.search(tail)
    if m is None:
        return None
    label = m.group().strip(" \t*_$`")
    return f"disowned: {label!r} labels the value as the expected one, not the text's answer"


def attributed_after(after: str) -> str | None:
    """Why the rest of a statement gives its value on another's word (``72 (source: answer key)``, ``72,
    according to the textbook``), or None.

    >>> attributed_after(" (source: answer key)."), attributed_after(", according to my calculation.")
    ("disowned: '… (source: answer key)' gives the value on another's word", None)
    """
    if "(" not in after[:8] and "," not in after[:8] and "—" not in after[:8] and "–" not in after[:8]:
        return None  # (most statements end with no aside after their value)
    return _why_after(_ATTRIBUTED_AFTER, after, 200, "disowned", "gives the value on another's word")


def unsure_after(after: str) -> str | None:
    """Why the rest of a statement says it is unsure of its value (``72 (not sure)``, ``72, I guess``), or
    None.

    >>> unsure_after(" (not sure)"), unsure_after(", I am sure.")
    ("hedged: '… (not sure)' says it is unsure of the value", None)
    >>> unsure_after(" might be the answer."), unsure_after(" is the answer.")
    ("hedged: '… might be the answer' says it is unsure of the value", None)
    """
    m = _UNSURE_AFTER.match(after[:200])
    if m is not None and not (m["or_not"] and _WHETHER.search(m.group())):
        return f"hedged: {_shown_after(after)!r} says it is unsure of the value"
    return _why_after(_HEDGED_PREDICATE_AFTER, after, 200, "hedged", "says it is unsure of the value")


# the "whether" that a closing "or not" answers: "72, whether she sells more or not" commits
_WHETHER = re.compile(r"\b(?:whether|regardless|no\s+matter)\b", re.IGNORECASE)


# the value as the subject of a predicate that hedges: "72 might be the answer", "(C) seems right", "So (C) is
# probably the answer", "(C) is likely correct" ("(C) is the answer", "(C) must be right" commit)
_CALLED_ANSWER = r"(?:the\s+(?:(?:correct|right|best|final)\s+)?(?:answer|one|choice|option)|right|correct)\b"
_HEDGED_PREDICATE_AFTER = re.compile(
    r"[\s*_)\]$]*(?:(?:might|may|could)\s+(?:well\s+)?be\s+"
    r"|(?:is|was|'s)\s+(?:probably|likely|possibly|perhaps|maybe|presumably)\s+"
    r"|(?:seems|appears|looks)\s+(?:to\s+be\s+|like\s+)?)" + _CALLED_ANSWER,
    re.IGNORECASE,
)


def hedged_before(before: str) -> str | None:
    """Why the words before a value hedge it (``The answer is probably``, ``Maybe the answer is``), or None.

    >>> hedged_before("The answer is probably "), hedged_before("The answer is definitely ")
    ("hedged: 'The answer is probably …' does not commit to the value", None)
    """
    if _HEDGE_STEMS.search(before[-300:].lower()) is None:  # a literal scan settles most texts
        return None
    m = _HEDGED_BEFORE.search(before[-300:]) or _UNSURE_OPENING.search(before[-300:])
    if m is None:
        return None
    # (a match that opens on the stop or line break before its sentence quotes from after it)
    at = m.start() + (before[-300:][m.start() : m.start() + 1] in ".!?;:\n")
    return f"hedged: {(_sentence_of(before[-300:], at) + ' …')!r} does not commit to the value"


# a sentence that opens on the writer's doubt: "I'm not sure, but the answer is 72", "Not sure: 72", "Not
# certain if this is right, but …" (its "but" states the value under the doubt, where "Perhaps I erred, but
# the answer is 72" concedes and commits)
_UNSURE_OPENING = re.compile(
    r"(?:^|[.!?;:]\s)[\s*_>-]*(?:i(?:'?m|\s+am)\s+|i'?m\s+)?not\s+(?:(?:entirely|completely|totally|quite|really|"
    r"100%)\s+)?(?:sure|certain)\b[^.!?;\n]{0,160}$",
    re.IGNORECASE,
)


# the value given on someone else's word: "According to the user, the answer is 72", "Answer according to
# the (wrong) solution manual: 72", "As per the answer key, 72" ("According to my calculation, …", "according
# to the formula" state the text's own work)
# the others whose word a value can be given on: a key, a book, a teacher, a friend, a forum
_OTHERS = (
    r"(?:user|prompt|(?:solution|instructor'?s?|teacher'?s?)\s+manual|manual|answer\s+key|key|textbook|book|"
    r"teacher|reference|source|website|web|internet|forum|friend|colleague|classmate|student|someone|somebody|"
    r"others|hint|instructor|professor|tutor|grader|author|expert|setter)"
)
# the rest of a clause of report, up to the value: no "so", "but" or "which means" in it, which would start
# the text's own statement ("We are told there are 8 boxes of 9, so the answer is 72")
_REPORTED_CLAUSE = (
    r"(?:(?!\b(?:so|thus|hence|therefore|but|however|giving|meaning|which\s+(?:gives|means|makes))\b)[^.!?;\n])"
    r"{0,80}$"
)
_ATTRIBUTED_BEFORE = re.compile(
    r"\b(?:according\s+to|as\s+(?:stated|claimed|given|reported|quoted|suggested)\s+(?:by|in)|as\s+per|citing|quoting|"
    r"(?:provided|supplied|quoted|copied|taken|reported|claimed)\s+(?:by|from|in))\s+"
    r"(?:the\s+|a\s+|an\s+|his\s+|her\s+|their\s+|some\s+)?(?:\([^)\n]{0,20}\)\s+|[a-z]+\s+){0,2}?"
    rf"(?:{_OTHERS}|(?-i:[A-Z][a-z]+)(?:'s|’s)?)\b"
    # a law named for someone is the text's own work: "According to Pythagoras' theorem", "Newton's law"
    r"(?!['’]?s?\s+(?:\w+\s+)?(?:theorem|law|formula|rule|principle|identity|method|inequality|lemma|equation)s?\b)"
    rf"{_REPORTED_CLAUSE}|"
    # "The prompt states that the answer is 72", "The answer key gives 72", "I was told the answer is 72",
    # "I'm told …", "We've been told …"
    r"\b(?:user|prompt|answer\s+key|key|manual|textbook|teacher|reference|source)\s+(?:states|stated|says|said|"
    rf"claims|claimed|gives|gave|lists|listed|reports|reported)\b{_REPORTED_CLAUSE}|"
    r"\b(?:(?:i|we)\s+(?:was|were|have\s+been|had\s+been|am|are)|i['’]m|we['’]re|(?:i|we)['’](?:ve|d)\s+been)\s+told\b"
    rf"{_REPORTED_CLAUSE}|"
    # "Per the answer key, the answer is 72" (not the "per" of a rate: "9 per student")
    r"\bper\s+(?:the|my|our|his|her|their)\s+(?:answer\s+key|key|(?:solution\s+)?manual|textbook|book|teacher|"
    rf"instructor|reference|source|website|forum|friend)\b{_REPORTED_CLAUSE}",
    re.IGNORECASE,
)
# the rest of a statement gives its value on another's word: "72 (source: answer key)", "72 (from the answer
# key)", "72, according to the textbook", "72 (the key's answer)" ("72, according to my calculation", "72
# (from step 3)" are the text's own)
_ATTRIBUTED_AFTER = re.compile(
    r"^[\s$*_]*(?:,|\(|[—–]|\s-)\s*(?:(?:source|src|via|credit)\s*:\s*|(?:according\s+to|as\s+per|per|from|"
    r"(?:as\s+)?(?:stated|claimed|given|reported|quoted|listed|printed)\s+(?:by|in)|(?:quoted|copied|taken)\s+from|"
    r"says?|said\s+by)\s+)"
    rf"(?:the\s+|a\s+|an\s+|his\s+|her\s+|their\s+|my\s+|our\s+|some\s+)?(?:[a-z]+\s+)??{_OTHERS}\b"
    rf"|^[\s$*_]*(?:,|\(|[—–]|\s-)\s*(?:the\s+|my\s+|our\s+|a\s+)?{_OTHERS}['’]s\s+(?:answer|value|result|solution)\b",
    re.IGNORECASE,
)


# every match of _ATTRIBUTED_BEFORE holds one of these (lower-cased): a substring test settles most texts
_ATTRIBUTION_WORDS = ("accord", "as ", "quot", "citing", "by ", "from ", "in ", "told", "user", "prompt",
                      "key", "manual", "textbook", "teacher", "reference", "source", "per ")  # fmt: skip


# where a statement of its own starts inside a sentence: after its "but", "so", "however" or "whereas"
_TURN = re.compile(
    r"(?:[,;:—–-]\s*|\s)(?:but|so|however|whereas)\b(?!\s+(?:wrong|incorrect|mistaken|erroneous|false|naive|tempting)\b)",
    re.IGNORECASE,
)


def disowned_before(before: str) -> str | None:
    """Why the words before a value give it as someone else's or as a wrong or tentative answer (``The wrong
    answer is``, ``Bob's answer is``, ``One possible answer is``), or None.

    >>> disowned_before("The wrong answer is "), disowned_before("The correct answer is ")
    ("disowned: 'The wrong answer is …' does not state the answer", None)
    """
    # every match ends within 40 characters of the value and is shorter than 80: the last 120 hold it, and
    # each holds "answer", "is to" or "form" (a literal scan settles most texts)
    tail = before[-120:]
    lowered = tail.lower()
    if any(word in lowered for word in _ATTRIBUTION_WORDS):
        attributed = _ATTRIBUTED_BEFORE.search(before[-200:])
        if attributed is not None:
            return f"disowned: {attributed.group().strip()[:60]!r} gives the value on another's word"
    if "answer" not in lowered and "is to" not in lowered and "form" not in lowered:
        return None
    # no match holds a sentence break and each runs to the end: the last clause holds it (searched from its
    # start, the look-behind still sees the break before it; a line break may stand between its words)
    clause = max(tail.rfind(c) for c in ".!?;") + 1
    if "but" in lowered or "so" in lowered or "however" in lowered or "whereas" in lowered:
        # "The student's answer is 72, but the correct answer is …": a "but" or "so" starts a statement of its
        # own, which the disowned one before it does not reach ("the tempting but wrong answer" still does)
        clause = max((turn.end() for turn in _TURN.finditer(tail, clause)), default=clause)
    m = _DISOWNED_BEFORE.search(tail, clause)
    if m is None:
        return None
    window = before[-300:]
    said = _sentence_of(window, len(window) - len(tail) + m.start())
    return f"disowned: {(said + ' …')!r} does not state the answer"


def _sentence_of(before: str, at: int) -> str:
    """The text of ``before`` from the start of the sentence that holds position ``at``, for a detail."""
    start = max(before.rfind(c, 0, at) for c in ".!?;\n") + 1
    return before[start:].strip()[-60:]


def also_valid_after(after: str, value: Quantity | None) -> str | None:
    """Why the text after a value offers another value as valid too (``72, but 96 also works``,
    ``72. Another solution is 96``), or None; ``value``, when known, lets a restatement of the same value
    pass.

    >>> also_valid_after(". Note that 96 also satisfies the conditions.", None)
    "several answers: '96' is offered as valid too"
    >>> seventy_two = next(scan("72")).quantity
    >>> also_valid_after(". 96 does not work.", None), also_valid_after(". 72 also works.", seventy_two)
    (None, None)
    """
    for m in _ALSO_VALID_AFTER.finditer(after[:400]):
        if m["family"] is not None:
            return f"several answers: {m['family']!r} is offered as valid too"
        other = m["a"] or m["b"] or m["c"]
        found = next(scan(other), None)
        if found is not None and value is not None and same_quantity(found.quantity, value):
            continue
        return f"several answers: {other.strip(' $()')!r} is offered as valid too"
    return _declared_acceptable(after[:400], value) or _other_form_after(after[:400], value)


def _differs(found: Iterator[QuantitySpan], value: Quantity | None) -> bool:
    """Whether a value of ``found`` says another quantity than ``value`` (any value, when it is unknown)."""
    return any(
        value is None or not (same_quantity(f.quantity, value) or rounded_restatement(f.quantity, value))
        for f in found
    )


def _declared_acceptable(after: str, value: Quantity | None) -> str | None:
    """Why the text after a value declares other values acceptable too: a range, a set or a tolerance
    (``72 (any value from 70 to 74 is acceptable)``, ``(±2 is fine)``, ``Either 72 or 70 works.``, ``70 is
    also accepted.``, ``72 (to within 5%)``), or None. The same value again (``72 or 72.0 are both
    acceptable``) and a rejection (``70 is not acceptable``, ``no other value is correct``) offer nothing.

    >>> _declared_acceptable(" (any value from 70 to 74 is acceptable)", None)
    "several answers: 'any value from 70 to 74' is declared acceptable"
    >>> _declared_acceptable(". 70 is not acceptable.", None), _declared_acceptable(". It holds 8.", None)
    (None, None)
    """
    lowered = after.lower()
    within = _TOLERANCE_ASIDE.match(after) if "within" in lowered else None
    if within is not None:  # "72 (to within 5%)": the text sets its own tolerance
        return f"several answers: {within.group().strip(' ()')!r} accepts a band of values"
    if not any(word in lowered for word in _ACCEPTANCE_WORDS):
        return None
    for m in _ACCEPTED.finditer(after):
        head = after[: m.start()]
        cut = max((b.end() for b in _CLAUSE_BREAK.finditer(head, max(0, len(head) - 120))), default=0)
        subject = head[cut:].strip(" \t*_$")
        if not subject or len(subject) > 80 or _REJECTING.search(subject) or "=" in subject:
            continue  # (a check's working, "Check: 8 - 3 = 5, correct.", accepts a step, not a value)
        found = list(scan(subject))
        banded = _BAND.search(subject)
        if banded is not None and (found or banded["other"] is not None):
            return f"several answers: {subject!r} is declared acceptable"
        listed = _VALUES_ONLY.fullmatch(_SUBJECT_LEAD.sub("", subject)) if found else None
        if listed is None or not _differs(iter(found), value):
            continue
        # "8 is correct" may close a check of a step; a value is offered beside the answer when the words
        # accept it ("70 is fine") or when it stands in a list or with "also", "too", "both", "all"
        if (
            m["accepts"] is not None
            or m["also"]
            or listed["joined"]
            or listed["too"]
            or subject != listed.group()
        ):
            return f"several answers: {subject!r} is declared acceptable"
    return None


def _other_form_after(after: str, value: Quantity | None) -> str | None:
    """Why the text after a value gives another value as its other form (``(Alternate form: 70.)``,
    ``Equivalently, 70``), or None; the same value in another form (``Alternate form: 72.0``,
    ``\\frac{144}{2}``) is the answer again. An answer that is no quantity is not compared.

    >>> seventy_two = next(scan("72")).quantity
    >>> _other_form_after(".\\n\\n(Alternate form: 70.)", seventy_two)
    "several answers: 'Alternate form: 70' gives another value"
    >>> _other_form_after(".\\n\\n(Alternate form: \\\\frac{144}{2}.)", seventy_two) is None
    True
    """
    if value is None:
        return None
    lowered = after.lower()
    if not any(word in lowered for word in ("altern", "equival", "other", "also written", "also expressed")):
        return None
    for m in _OTHER_FORM.finditer(after):
        end = _FORM_END.search(after, m.end())
        told = after[m.end() : end.start() if end is not None else len(after)]
        if _REJECTING.search(told):
            continue  # "Other answers such as 70 are wrong"
        found = list(scan(told))
        if found and _differs(iter(found), value):
            said = (m.group() + told).strip(" \t\n*_()")
            return f"several answers: {said[:60]!r} gives another value"
    return None


# the words of every match of _ACCEPTED (lower-cased): a literal scan settles most texts
_ACCEPTANCE_WORDS = ("accept", "fine", "ok", "valid", "correct", "allow", "work", "right", "enough", "count",
                     "permi", "tolerat")  # fmt: skip
# a predicate that accepts what stands before it: "is acceptable", "are all correct", "would also be OK",
# "works", "is fine too" (a negated one, "is not acceptable", is none)
_ACCEPTED = re.compile(
    r"(?:\b(?:is|are|would\s+be|will\s+be|should\s+be|can\s+be|could\s+be|be)\s+|['’]s\s+|(?<=[\s)*_$]))"
    r"(?P<also>(?:(?:all|also|equally|both|still|likewise|considered|marked|counted|deemed|graded)\s+(?:as\s+)?)*)"
    r"(?:(?P<accepts>acceptable|fine|ok|okay|accepted|allowed|permitted|permissible|tolerated|close\s+enough|"
    r"good\s+enough|counts?\s+as\s+(?:correct|right|valid))|correct|valid|right|works?|would\s+work|will\s+work)\b",
    re.IGNORECASE,
)
# where the clause of an accepting predicate opens: a sentence's end, a bracket, a colon (not a decimal point)
_CLAUSE_BREAK = re.compile(r"[;!?\n(\[:]|\.(?!\d)")
# what rejects or excludes the values it names: "70 is not acceptable", "no other value is correct", "Other
# answers such as 70 are wrong"
_REJECTING = re.compile(
    r"\b(?:no|not|never|none|nothing|neither|nor|without|except|only|wrong|incorrect|invalid|rejected|fails?)\b"
    r"|n['’]t\b",
    re.IGNORECASE,
)
# a band of values: a range, a tolerance, values near one ("any value from 70 to 74", "±2", "anything close to
# 72", "an error of up to 2"), or any other value ("any other answer is fine too")
_BAND = re.compile(
    r"±|\+/-|\+-|\b(?:plus\s+or\s+minus|give\s+or\s+take|within|close\s+to|near|around|about|roughly|"
    r"approximately|range|between|from|through|thru|errors?|tolerance|margin|deviation|or\s+so)\b|"
    r"\d(?:[-–—~]|\s*to\s*)[-−$]?\d|"
    r"(?P<other>\b(?:any|every|all)\s+(?:\w+\s+)?other\b|\banything\s+else\b)",
    re.IGNORECASE,
)
# the words that may open a clause naming values ("but", "either", "the values", "an answer of")
_SUBJECT_LEAD = re.compile(
    r"^(?:(?:but|and|though|although|also|however|note(?:\s+that)?|so|while|either|both|the|values?|answers?|"
    r"results?|numbers?|an?\s+(?:answer|value|result)\s+of|of|even)\b[\s,]*)*",
    re.IGNORECASE,
)
# values alone, one or several ("70", "70 clips", "70 or 74", "70, 71 and 72"), and "too" or "also"
_VALUES_ONLY = re.compile(
    rf"{_VALUE}%?(?:[ \t]+[a-z]+)?(?P<joined>(?:\s*(?:,\s*(?:or|and)?|/|&|\bor\b|\band\b)\s*"
    rf"{_VALUE}%?(?:[ \t]+[a-z]+)?)*)[\s$)*_,]*(?P<too>\b(?:too|also|as\s+well)\b)?\s*",
    re.IGNORECASE,
)
# a tolerance the text sets in brackets right after its value: "72 (to within 5%)", "72 (within ±2)"
_TOLERANCE_ASIDE = re.compile(
    r"[ \t*_$]*\(\s*(?:accurate\s+|correct\s+|exact\s+)?(?:to\s+)?within\s+(?:±|\+/-|\+-)?\s*[$]?\d[\d.,]*"
    r"\s*%?[^()\n]{0,30}\)",
    re.IGNORECASE,
)
# a label that gives the answer's other form: "Alternate form: 70", "Equivalent answer: 70", "Equivalently,
# 70", "also written as 70" ("Another way to see this: …" gives none)
_OTHER_FORM = re.compile(
    r"\b(?:(?:an?|the)\s+)?(?:alternate|alternative|equivalent|other|another)\s+(?:forms?|answers?|values?|expressions?|"
    r"representations?|results?|notations?|ways?\s+(?:to|of)\s+writ(?:e|ing)\s+(?:it|this|that|the\s+answer))\b"
    r"(?:\s+(?:is|are|would\s+be|could\s+be))?[\s*_]*[:=,]?|"
    r"\b(?:or\s+)?equivalently\b[\s,:]*|\b(?:also|alternatively)\s+(?:written|expressed)\s+as\b",
    re.IGNORECASE,
)
# where such a form's statement ends: a sentence's end, a semicolon, a line break, a closing bracket
_FORM_END = re.compile(r"[;\n)\]]|[.!?](?!\d)")


# a statement whose line ends on "or" or a modal "be" (and a qualifier): the alternative stands on the next
# line
_DANGLING_ALTERNATIVE = re.compile(
    rf"(?:\b(?i:or|nor)|\b(?i:{_OFFERING_MODAL}))"
    r"(?:\s+(?i:maybe|perhaps|possibly|probably|approximately|about|around|roughly|even))*[\s*_,]*$"
)
# a line right after a statement that opens on "or" and a value: "72\nor 73", "72\n\nOr maybe 73"
_ALTERNATIVE_LINE = re.compile(
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


# a later sentence that hedges: "It seems to be (B), though it might be (C).", "Maybe (B) or (C).", "Perhaps
# it is (C)."; one that rejects ("(C) might look right, but it is wrong") hedges nothing
_LATER_HEDGE = re.compile(
    rf"\b(?:seems?|might|{_OFFERING_MODAL}|possibly|perhaps|maybe|probably|likely|not\s+(?:sure|certain)"
    r"|unsure|either)\b",
    re.IGNORECASE,
)
_LATER_REJECTS = re.compile(
    r"\b(?:not|no|never|wrong|incorrect|tempting|trap|distractor|rule[sd]?\s+out|eliminat\w*|exclud\w*|fails?)\b"
    r"|n't\b",
    re.IGNORECASE,
)
# the writer's doubt of its own answer, whose "not" rejects nothing: "I'm not fully confident, it might be
# 14", "Not sure; it could also be 14", "I don't know, maybe 14" (blanked before the test for a rejection)
_LATER_UNSURE = re.compile(
    r"\bnot\s+(?:(?:so|too|entirely|really|completely|totally|quite|fully|100\s?%)\s+)?"
    r"(?:sure|certain|confident|convinced)\b|\b(?:don'?t|do\s+not)\s+(?:really\s+)?know\b",
    re.IGNORECASE,
)
# a letter named in such a sentence: "(C)", "C" (not the article of "A cat", the pronoun of "I might")
_LATER_LETTER = re.compile(
    r"\(\s*(?P<p>[A-Z])\s*\)|(?<![A-Za-z'’])(?P<b>[A-Z])(?![A-Za-z'’])(?!\s+(?!(?:or|and)\b)[a-z])"
)
# a letter the hedge word offers: "could be (C)", "perhaps it is C", "maybe option C"
_LATER_OFFERED = re.compile(
    rf"\b(?:{_OFFERING_MODAL}|perhaps|maybe|possibly|probably|likely)\s+"
    r"(?:(?:it|this|that|the\s+answer)\s+(?:is|was)\s+|it's\s+)?(?:(?:option|choice)\s+)?"
    r"(?-i:\(\s*(?P<p>[A-Z])\s*\)|(?P<b>[A-Z])(?![A-Za-z]))",
    re.IGNORECASE,
)
# a value the hedge word offers: "might be 70", "could also be $96", "perhaps it is 70", "maybe 70"
_LATER_VALUE = re.compile(
    rf"\b(?:{_OFFERING_MODAL}|perhaps(?:\s+it\s+is|\s+it's)?|maybe(?:\s+it\s+is|\s+it's)?"
    rf"|possibly)\s+(?:equal\s+to\s+)?(?P<v>{_VALUE})",
    re.IGNORECASE,
)
_LATER_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)|\n+")
# a later sentence that concludes on two letters: "so B or D.", "Hence, C or D.", "so it's either (C) or (D)"
_LETTERS_CONCLUDED = re.compile(
    r"\b(?:so|thus|hence|therefore)\b[,:]?[ \t]+(?:(?:it['’]s|it\s+is|the\s+answer\s+is)[ \t]+)?"
    r"(?:either[ \t]+)?(?:(?:option|choice)[ \t]+)?(?-i:\(\s*(?P<p>[A-J])\s*\)|(?P<b>[A-J])(?![A-Za-z'’]))"
    r"[ \t*_]*,?[ \t]+or[ \t]+"
    r"(?:(?:option|choice)[ \t]+)?(?-i:\(\s*(?P<q>[A-J])\s*\)|(?P<c>[A-J])(?![A-Za-z'’]))"
    r"[ \t*_]*(?=[.!?]|\n|$)",
    re.IGNORECASE,
)
# a value or an option named first, then called right as well: "15 might be right too", "15 is also a
# reasonable answer", "A might also be correct", "(C) also works"
_RIGHT = (
    r"(?:an?\s+|the\s+)?(?:\w+\s+)?(?:right|correct|valid|reasonable|possible|plausible|acceptable|answer)\b"
)
# a condition's verb, said of an option: "satisfies", "meets", "fulfils"
_MEETS = r"satisf(?:y|ies)|meets?|fulfil(?:l?s)?|fulfills?"
_ALSO_RIGHT = re.compile(
    # (a letter, or a set of them run together, "BD is also correct", as a multiple-select answer names one)
    rf"(?:(?P<v>{_VALUE})|(?-i:\(\s*(?P<p>[A-Z])\s*\)|(?<![A-Za-z'’])(?P<b>[A-J]{{2,10}}|[A-Z])(?![A-Za-z'’])))"
    r"[\s*_)]*"
    rf"(?:(?:might|may|could|would)\s+(?:also|equally)\s+be\s+{_RIGHT}|is\s+(?:also|equally)\s+{_RIGHT}|"
    rf"(?:might|may|could|would)\s+be\s+{_RIGHT}\s+(?:too|as\s+well)\b|(?:also|equally)\s+(?:works?|fits?)\b"
    # "(D) satisfies it too", "D also satisfies the condition", "D works as well" (not "D also satisfies the
    # first condition but fails the second": a condition met in part calls nothing right)
    rf"|(?:also\s+(?:{_MEETS})|(?:{_MEETS})\s+(?:it|them|this|that|these|all\s+of\s+them)\s+(?:too|as\s+well)"
    r"|works?\s+(?:too|as\s+well))\b(?![^.!?\n]*\b(?:but|except|not|fails?|only)\b))",
    re.IGNORECASE,
)
# a sentence that opens on "or" and offers a value: "Or 19.", "Or maybe 19.", "or, possibly, $19"; its first
# word, wherever a sentence opens
# "or", and the word that softens it, before the value it offers
_OR_OFFERS = r"or[,\s]+(?:(?:maybe|perhaps|possibly|even|else|alternatively)[,\s]+)?"
# ("Hmm, or is it 16?", "Wait, or was it 16?": a doubt put as a question offers its value just as well)
_DOUBT_INTERJECTION = r"(?:(?:hmm+|hm+|wait|well|um+|uh+|erm?|or\s+wait)[,.!…\s]+)?"
_OR_ASKED = (
    r"(?:(?:is|was|could|would|should|might|can)\s+(?:it|that|this|the\s+answer)"
    r"(?:\s+(?:actually|really|instead))?(?:\s+be)?[,\s]+)"
)
# ("Answer: 18 eggs\n(or 24)": the sentence in parentheses too)
_OR_SENTENCE_OPENS = re.compile(rf"(?:^|[.!?]\s+|\n)[\s*_(]*{_DOUBT_INTERJECTION}or\b", re.IGNORECASE)
# what may stand between the "or" and the value or letter it offers
_OR_SOFTENED = rf"or[,\s]+(?:{_OR_ASKED}|(?:maybe|perhaps|possibly|even|else|alternatively)[,\s]+)?"
_OR_VALUE_SENTENCE = re.compile(
    rf"[\s*_(]*{_DOUBT_INTERJECTION}{_OR_SOFTENED}(?:equal\s+to\s+)?(?P<v>{_VALUE})", re.IGNORECASE
)
# ... a letter the same way: "Hmm, or is it C?", "Or maybe (C)."
_OR_LETTER_SENTENCE = re.compile(
    rf"[\s*_]*{_DOUBT_INTERJECTION}{_OR_SOFTENED}"
    r"(?:(?:option|choice)\s+)?(?-i:\(\s*(?P<p>[A-Z])\s*\)|(?P<b>[A-Z])(?![A-Za-z'’]))(?=[\s*_).?!,;]|$)",
    re.IGNORECASE,
)
# ... or a value right after the statement: "\\boxed{18}, or 19", "\\boxed{18} or maybe 19"
_OR_VALUE_AFTER = re.compile(rf"[\s,;*_$)\]}}]*{_OR_OFFERS}(?P<v>{_VALUE})", re.IGNORECASE)


# the opening of a sentence that is a value offered as another: "Or ", "or maybe $", "Or, possibly, "
_OR_OPENING = re.compile(rf"[\s*_]*{_OR_OFFERS}[$(]*", re.IGNORECASE)


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


# a letter named only in a hedge, with no marker: "Either B or D could work.", "it's either B or D", "B or D
# might be right", "Among the options, B seems right.", "(C) might be the answer"
_LETTER = r"\(?([A-J])\)?"
# what calls an option only likely, not the answer
_ONLY_LIKELY = r"(?:plausible|possible|likely|a\s+possibility|a\s+candidate)\b"
_HEDGED_LETTERS = re.compile(
    rf"\beither\s+{_LETTER}\s*,?\s+or\s+{_LETTER}(?![A-Za-z])"
    rf"|(?<![\w'])(?:option\s+|choice\s+)?{_LETTER}\s*,?\s+or\s+{_LETTER}\s+(?:could|might|may|both|seem)"
    rf"|(?<![\w'])(?:option\s+|choice\s+)?{_LETTER}\s+(?:(?:seems|appears|looks)\s+(?:to\s+be\s+)?"
    r"(?:right|correct|plausible|likely|best|like\s+the\s+(?:answer|best))|(?:might|may|could)\s+be\s+"
    r"(?:right|correct|the\s+(?:answer|best|right\s+one|correct\s+one)))\b"
    # a letter (with its option's value) called only plausible, two called so, or a letter and another offered
    # as valid too: "(D) 96 is plausible.", "C and D are both plausible.", "C, but B is also plausible."
    rf"|(?<![\w'])(?:option\s+|choice\s+)?{_LETTER}(?:\s+[-−$]?\d[\d,.]*)?\s+is\s+(?:also\s+)?{_ONLY_LIKELY}"
    rf"|(?<![\w'])(?:options?\s+|choices?\s+)?{_LETTER}\s*,?\s+and\s+{_LETTER}\s+(?:are\s+)?(?:both\s+|each\s+|equally\s+)?"
    rf"(?:{_ONLY_LIKELY}|valid|correct|right)\b"
    rf"|(?<![\w'])(?:option\s+|choice\s+)?{_LETTER}[\s*_]*,?\s+but\s+(?:option\s+|choice\s+)?{_LETTER}\s+(?:is\s+|seems\s+|"
    r"(?:could|might|may)\s+(?:also\s+|equally\s+)?be\s+)?(?:also\s+|equally\s+)?(?:plausible|possible|valid|correct|right|"
    r"reasonable)\b"
)


def hedged_letters(text: str, letters: str) -> str | None:
    """Why the last sentence of ``text``, which states no answer, names a letter of ``letters`` only in a
    hedge (``Either B or D could work.``, ``Among the options, B seems right.``), or None: no commitment, but
    an answer hedged (AMBIGUOUS), not a text with nothing answer-like in it.

    >>> hedged_letters("So either B or D could work.", "ABCD")
    "hedged: 'So either B or D could work' names no one choice"
    >>> hedged_letters("Among the options, B seems right.", "ABCD"), hedged_letters("B is wrong.", "ABCD")
    ("hedged: 'Among the options, B seems right' names no one choice", None)
    """
    tail = text.rstrip(" \t\n.!*_")[-300:]
    sentence = tail[max(tail.rfind(c) for c in ".!?\n") + 1 :]
    m = _HEDGED_LETTERS.search(sentence)
    if m is None or not any(letter and letter in letters for letter in m.groups()):
        return None
    return f"hedged: {sentence.strip()[:80]!r} names no one choice"


# another option called the right one in the text after a letter answer: "so C is correct", "(C) must be the
# right answer", "the correct option is C", "which makes C the best choice", "so we choose C" (a letter stands
# bare only where it cannot be the article or the pronoun: "A is correct" reads, "I would be right" does not)
_LETTER_CALLED = (
    r"(?:(?:option|choice|answer)\s+)?"
    r"(?-i:\(\s*(?P<{g}p>[A-J])\s*\)|(?<![A-Za-z'’(])(?P<{g}b>[A-HJ])(?![A-Za-z'’)]))"
)
_CALLED_RIGHT = re.compile(
    rf"{_LETTER_CALLED.format(g='x')}[\s*_]*(?:is|must\s+be|should\s+be|has\s+to\s+be)\s+(?:indeed\s+|still\s+)?"
    r"(?:the\s+)?(?:correct|right|true|best|valid)\b(?!\s+(?:if|only|when|unless|for)\b)"
    r"|\b(?:the\s+)?(?:correct|right|best|true)\s+(?:answer|option|choice|one)\s+(?:is|must\s+be|should\s+be)\s*:?\s*"
    rf"{_LETTER_CALLED.format(g='y')}"
    rf"|\bmak(?:es?|ing)\s+{_LETTER_CALLED.format(g='z')}\s+(?:the\s+)?(?:correct|right|best)\b"
    rf"|\b(?:so|thus|therefore|hence)\s*,?\s*(?:we|i)\s+(?:choose|pick|select|go\s+with)\s+{_LETTER_CALLED.format(g='w')}",
    re.IGNORECASE,
)
# what makes a sentence's "C is correct" no claim of its own: a condition, a belief reported, a trap named
# (anywhere before it in the sentence), or a negation in its own clause ("The speed doesn't halve, so C is
# correct" claims C)
_NOT_CLAIMED = re.compile(
    r"\b(?:if|whether|suppose|supposing|assum\w*|think\w*|thought|believ\w*|might|may|could|seems?|appears?|"
    r"tempting|trap|mistak\w*|wrongly|incorrectly|unless)\b",
    re.IGNORECASE,
)
_NEGATED = re.compile(r"\b(?:not|never|no)\b|n't\b", re.IGNORECASE)


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
    for sentence in _LATER_SENTENCE.split(after[:600]):
        for m in _CALLED_RIGHT.finditer(sentence):
            named = next(g for g in m.groups() if g is not None)
            if named == letter or named not in letters:
                continue
            clause = max(sentence.rfind(c, 0, m.start()) for c in ",;:") + 1
            if _NOT_CLAIMED.search(sentence, 0, m.end()) or _NEGATED.search(sentence, clause, m.end()):
                continue
            return f"two answers: {sentence.strip()[:80]!r} calls {named} the right option"
    return None


# the clauses of the text after a retraction cue: "A is a common trap; C is still right", "A is tempting, but
# C is still correct" hold two
_CLAUSE_SPLIT = re.compile(r"(?<=[.!?;])\s+(?=\S)|\n+|,\s+but\s+", re.IGNORECASE)


def letter_reaffirmed(after: str, letter: str, letters: str) -> bool:
    """Whether the text ``after`` a retraction cue calls the answer's own ``letter`` the right one again in a
    clause of its own, calls no other of ``letters`` right, and takes nothing back after it (``Actually, no, A
    is a common trap; C is still right.``): the cue weighed another option and came back to the answer.

    >>> letter_reaffirmed(" no, A is a common trap; C is still right.", "C", "ABCD")
    True
    >>> letter_reaffirmed(" no, A is right; C is still right.", "C", "ABCD")
    False
    """
    if not any(word in after for word in ("orrect", "ight", "rue", "est", "alid")):
        return False
    reaffirmed = False
    for clause in _CLAUSE_SPLIT.split(after[:600]):
        if reaffirmed and RETRACTION.search(clause) is not None:
            return False  # "… C is still right. Wait, …": taken up again
        for m in _CALLED_RIGHT.finditer(clause):
            named = next(g for g in m.groups() if g is not None)
            if named not in letters or _NOT_CLAIMED.search(clause, 0, m.end()):
                continue
            if _NEGATED.search(clause, max(clause.rfind(c, 0, m.start()) for c in ",:") + 1, m.end()):
                continue
            if named != letter:
                return False  # "Actually, no, A is right": another option called right
            reaffirmed = True
    return reaffirmed


def offered_beside(
    after: str, letter: str | None = None, letters: str = "", value: Quantity | None = None
) -> str | None:
    """Why the text right after a statement offers another answer as right too (``… 12. Then again, 15
    might be right too.``, ``… C. On reflection, D also works.``), or, after a letter, settles on two letters
    (``… (B). Actually, (D) satisfies it too, so B or D.``), or None: beside the answer, not instead of it.

    >>> offered_beside(" On reflection, D also works.", "C", "ABCD")
    "hedged later: 'D also works' offers D too"
    >>> offered_beside(" Hmm, so C or D.", "C", "ABCD")
    "hedged later: 'so C or D' names two choices"
    >>> offered_beside(" D also satisfies x > 0, not y.", "C", "ABCD") is None
    True
    """
    head = after.lstrip(" \t.*_)$")
    also = _ALSO_RIGHT.search(head, 0, 400) if ("also" in head or "too" in head or "well" in head) else None
    if also is not None:
        # "… 12. Then again, 15 might be right too.", "… (B). Hmm, actually, A might also be correct."
        offered_letter = also["p"] or also["b"]
        if letter is not None and offered_letter is not None and all(c in letters for c in offered_letter):
            if offered_letter != letter:
                return f"hedged later: {also.group().strip()[:80]!r} offers {offered_letter} too"
        elif value is not None and also["v"] is not None:
            found = next(scan(also["v"]), None)
            if found is not None and not same_quantity(found.quantity, value):
                return f"hedged later: {also.group().strip()[:80]!r} offers {also['v'].strip(' $(')} too"
    if letter is not None and " or " in head[:400]:
        for both in _LETTERS_CONCLUDED.finditer(head, 0, 400):
            # "… (B). Actually, (D) satisfies it too, so B or D.": the text settles on two letters
            pair = (both["p"] or both["b"], both["q"] or both["c"])
            if all(one in letters for one in pair) and pair[0] != pair[1]:
                return f"hedged later: {both.group().strip()[:80]!r} names two choices"
    return None


# what opens a note set beside the text (a footnote, a margin note), whose words are read as the text after
# the answer they follow
_NOTE_OPENING = re.compile(
    r"[}$.\s]{0,4}\\(?:footnote|footnotetext|marginpar|marginnote|sidenote|endnote)\s*(?:\[[^\]\n]{0,20}\])?\s*\{"
)


def past_note_opening(completion: str, end: int) -> int:
    """Where the text after an answer ending at ``end`` starts: past the opening of a note set right after
    it, whose text is the text after the answer (``\\boxed{72}\\footnote{Or 73, if the interval is
    open.}`` offers 73), else ``end``.

    >>> past_note_opening("\\\\boxed{72}\\\\marginpar{or 74?}", 10)
    21
    >>> past_note_opening("\\\\boxed{72} and more", 10)
    10
    """
    if "\\" not in completion[end : end + 6]:
        return end
    note = _NOTE_OPENING.match(completion, end)
    return end if note is None else note.end()


def hedged_later(
    after: str, letter: str | None = None, letters: str = "", value: Quantity | None = None
) -> str | None:
    """Why one of the sentences right after a statement withdraws it by hedging between its answer and
    another (``The answer is (B). It seems to be (B), though it might be (C).``; ``… 72. Perhaps it is 70.``),
    or None. For a letter answer any other of ``letters`` named in a hedging sentence counts; for a value,
    another value the hedge word itself offers (``might be 70``): ``This might seem large, but 72 = 8 * 9``
    hedges nothing.

    >>> hedged_later(" It seems to be (B), though it might be (C).", "B", "ABCD")
    "hedged later: 'It seems to be (B), though it might be (C).' offers C too"
    >>> hedged_later(" (C) might look right, but it is wrong.", "B", "ABCD") is None
    True
    """
    head = after.lstrip(" \t.*_)$")
    if not head:
        return None
    beside = offered_beside(head, letter, letters, value)
    if beside is not None:
        return beside
    hedging = _LATER_HEDGE.search(head, 0, 400) is not None
    # "… 72. Or 70.": a sentence that opens on "or" offers its value beside the statement's
    # ("… (B). Hmm, or is it C?": a letter offered the same way)
    offering = (value is not None or letter is not None) and _OR_SENTENCE_OPENS.search(
        head, 0, 400
    ) is not None
    if not hedging and not offering:
        return None
    for sentence in _LATER_SENTENCE.split(head[:400])[:3]:
        alternative = _OR_VALUE_SENTENCE.match(sentence) if offering and value is not None else None
        if alternative is not None:
            found = next(scan(alternative["v"]), None)
            if found is not None and value is not None and not same_quantity(found.quantity, value):
                return f"hedged later: {sentence.strip()[:80]!r} offers {alternative['v'].strip(' $(')} too"
        other = _OR_LETTER_SENTENCE.match(sentence) if offering and letter is not None else None
        if (
            other is not None
            and (other["p"] or other["b"]) in letters
            and (other["p"] or other["b"]) != letter
        ):
            return f"hedged later: {sentence.strip()[:80]!r} offers {other['p'] or other['b']} too"
        if not hedging or _LATER_HEDGE.search(sentence) is None:
            continue
        if _LATER_REJECTS.search(sentence) and _LATER_REJECTS.search(_LATER_UNSURE.sub("", sentence)):
            continue
        if letter is not None:
            named = [
                m["p"] or m["b"] for m in _LATER_LETTER.finditer(sentence) if m["p"] or (m["b"] not in "AI")
            ]
            others = [other for other in named if other != letter and other in letters]
            offered = [m["p"] or m["b"] for m in _LATER_OFFERED.finditer(sentence)]
            offered = [other for other in offered if other in others]
            # the sentence weighs the answer's letter against another ("It seems to be (B), though it might
            # be (C)"), or its hedge offers another ("It could be (C) too"); "(A) and (C) may be confused
            # with it" does neither
            if others and (letter in named or offered):
                return f"hedged later: {sentence.strip()[:80]!r} offers {(offered or others)[0]} too"
        elif value is not None:
            for m in _LATER_VALUE.finditer(sentence):
                found = next(scan(m["v"]), None)
                if found is not None and not same_quantity(found.quantity, value):
                    return f"hedged later: {sentence.strip()[:80]!r} offers {m['v'].strip(' $(')} too"
    return None


def negates(before: str) -> bool:
    """Whether the words right before a value negate it (``is not 40``)."""
    return _NEGATION_BEFORE.search(before[-200:]) is not None


# another choice letter offered beside the answer: "(B), though it might be (C)", "(B) (or (C))"
_HEDGE_LETTER = re.compile(
    r"^[^.;\n]{0,120}?(?:\bor\b|\bthough\b|\balthough\b|\bmight\b|\bmay\s+be\b|\bcould\s+be\b|"
    r"\bpossibly\b|\bperhaps\b|\bmaybe\b|\beither\b|\bprobably\b)[^.;\n]{0,40}?(?:\(\s*[A-Z]\s*\)|\b[A-Z]\b)"
    # "D, but C is also plausible", "(B); (C) is equally valid"
    r"|^[^.;\n]{0,120}?(?:\(\s*[A-Z]\s*\)|\b[A-Z]\b)[\s)*_]*(?:is|are|seems|looks|would\s+be)?\s*(?:also|equally|just\s+as)\s+"
    r"(?:plausible|possible|likely|valid|correct|reasonable|good|right)\b"
)
# another choice letter joined to the answer's: "B and C", "B, D", "(B) & (C)"; not the pronoun of
# "B and I think"
_LETTER_LISTED = re.compile(
    r"[ \t*_]*(?:,|&|\+|\band\b|\bas\s+well\s+as\b|\bplus\b)[ \t*_]*(?:\(\s*[A-Z]\s*\)|[A-Z])"
    # (a word after the letter starts a clause about it, "B, A is too small"; a plural verb calls the letters
    # listed together something: "A, C are correct")
    r"(?![A-Za-z'’])(?!\s+(?!(?:or|and|are|were|both)\b)[a-z])"
)
# another word offered beside a word answer: "Monday (or Tuesday)", "even, or possibly odd"
_HEDGE_WORD = re.compile(
    r"^[^.;\n]{0,60}?\b(?:or|though|although|possibly|perhaps|maybe)\b[\s(]*[A-Za-z]{2,}", re.I
)
_EXCLUSION = re.compile(r"\b(?:not|never|cannot|nor)\b|n't\b", re.IGNORECASE)
# what opens a condition the text makes of its own: "Assuming the sale was on Monday, 13", "Had she bought one
# more, it would be 48", "Should the price include tax, …", "In case …", "If not: 72", "Otherwise, 72"
_ASSUMPTION = (
    r"only\s+if|if\s+not|otherwise|unless|assuming|provided|supposing|presuming|in\s+case|should|had|were|"
    # "If so, she makes $18.", "If yes, …", "If you mean per day, …": the value answers a question left open
    r"if\s+(?:so|yes|that(?:'s|\s+is)\s+(?:so|the\s+case|right|correct|what\s+you\s+mean[t]?)|"
    r"(?:you|they)\s+mean[t]?|by\s+that\s+you\s+mean[t]?)(?=[\s,:])|"
    r"(?:under|on)\s+the\s+assumption|in\s+(?:the|a|this)\s+hypothetical\s+(?:case|scenario|situation|world)|"
    # "In the case where repetition is allowed, …", "In the event that …"
    r"in\s+the\s+(?:case|event|scenario|situation)\s+(?:where|that|when|in\s+which)"
)
# the words a side remark opens with before its condition: "Note: if …", "Note that if …", "However, if …",
# "Alternatively, if …", "On the other hand, if …", "(Note: if …": the condition is the remark's all the same
_ASIDE_LEAD = (
    r"(?:(?:\(|note|n\.\s?b\.|remark|caveat|aside|p\.\s?s\.|however|but|and|also|alternatively|"
    r"on\s+the\s+other\s+hand|conversely|by\s+contrast|in\s+contrast|for\s+comparison|then\s+again|of\s+course|"
    # ... or a cue of second thoughts: "Wait, if she keeps 2, it would be 14" (a hypothetical, no correction)
    r"that\s+said|just\s+in\s+case|wait|hmm+|oh|well|actually)(?:[*_]*\s*[:：,—–-])?\s*(?:that\s+)?){0,3}"
)
# a statement opened by a condition: "If friction is ignored, the answer is (B)", "Note: if the question
# meant per week, the answer would be 140"
_CONDITION_BEFORE = re.compile(
    rf"(?:^\s*|[.!?\n]\s*)[\s*_>-]*{_ASIDE_LEAD}(?:if|when|whenever|{_ASSUMPTION})\b[^.!?\n]{{0,200}}[,:]"
    r"[^.!?\n]{0,120}$",
    re.IGNORECASE,
)
# a condition that names how the answer is found, not when it holds: "If we check each option,", "When we
# compare the choices,", "Once you test all four options," (the solver's own look over the options, and
# nothing after the comma that conditions again)
_METHOD_CONDITION = re.compile(
    r"[\s*_>-]*(?:[.!?\n]\s*)?[\s*_>-]*(?:if|when|once)\s+(?:we|you|i|one)\s+(?:(?:just|simply|now|carefully)\s+)?"
    r"(?:check|compare|test|examine|evaluate|go\s+through|look\s+(?:at|over|through)|consider|review|try|plug\s+"
    r"[^,.;:!?\n]{0,30}?into|substitute\s+[^,.;:!?\n]{0,30}?into|work\s+through|inspect|verify)\s+"
    r"(?:(?:each|every|all|both|the|these|those|four|five|of|remaining|given|answer|possible)\s+)+"
    r"(?:options?|choices?|answers?|alternatives?|possibilities|candidates|ones?)(?:\s+(?:given|listed|above|below|in\s+turn))?"
    r"\s*,(?![^,;:]*\b(?:if|when|unless|assuming)\b)",
    re.IGNORECASE,
)
# a condition set aside by what the sentence goes on to say: "If x were 3 the sum would be 9, but x = 4, so
# the answer is 12" (the statement after the "but" is the text's own)
_CONDITION_SET_ASIDE = re.compile(r",\s*(?:but|however|yet)\b(?P<rest>[^,]*(?:,[^,]*)?)$", re.IGNORECASE)
# a counterfactual: what would hold without something, or had something else happened ("Without the coupon, it
# would cost $72", "But for the fee, she would have 72", "If she had kept them all, she would have 72", "Were
# it not for …"). A plain "If …, …" restates the question's condition as often as not, and stays a statement
# ("If the discount applies, the price is $72"; "if there were no current, it would take 45 minutes")
_COUNTERFACTUAL_BEFORE = re.compile(
    r"(?:^\s*|[.!?\n]\s*)[\s*_>-]*(?:(?:without|but\s+for|absent|in\s+the\s+absence\s+of|(?:were|had)\s+it\s+not\s+"
    r"(?:been\s+)?for|if\s+(?:it|there)\s+(?:were|was|had\s+been)\s*(?:n't|\s+not)\s+for|if\s+not\s+for)\b"
    r"[^.!?\n]{0,200}?|"
    # the past perfect in the condition: "If he had not spent any", "If she hadn't sold 5", "if they'd kept"
    r"if\b[^.!?\n,]{0,120}?\b(?:(?:had(?:\s*n't|\s+not|\s+never)?|'d)\s+(?:not\s+|never\s+|already\s+|only\s+|just\s+)?"
    r"(?:been|[a-z]+(?:ed|en|wn|ne|ught|ept|ent|ost|old|ung|unk|ade|ood|ot|id|ft|elt|eft|ew|ck))\b|"
    # ... negated, before any verb ("if 他 had not 花钱", Chinese 没 read), not before a noun phrase
    r"had(?:\s*n't|\s+not|\s+never)\s+(?!(?:a|an|the|any|enough|much|many|no)\b)(?=[^\s\d$]))[^.!?\n]{0,120}?)"
    r"(?:\b(?:would|could|might)\b|(?<=\w)['’]d\b)[^.!?\n]{0,120}$|"
    # ... and the value right after its comma, "would" left out: "If she had kept them, 72."
    r"(?:^\s*|[.!?\n]\s*)[\s*_>-]*if\b[^.!?\n,]{0,120}?\bhad(?:\s*n't|\s+not|\s+never)?\s+(?:not\s+|never\s+)?"
    r"(?:been|[a-z]+(?:ed|en|wn|ne|ught|ept|ent|ost|old|ung|unk|ade|ood|ot|id|ft|elt|eft|ew|ck))\b[^.!?\n,]{0,120},"
    r"[\s$*_(]*$",
    re.IGNORECASE,
)
_ASSUMED_BEFORE = re.compile(
    rf"(?:^\s*|[.!?\n]\s*)[\s*_>-]*(?:{_ASSUMPTION})\b[^.!?\n]{{0,200}}[,:]"
    r"[^.!?\n]{0,120}$",
    re.IGNORECASE,
)


# a statement that trails off or asks ("…if she starts with 42...", "…how many would remain?") asserts nothing
_TRAILS_OFF_AFTER = re.compile(r"^(?:[^.!?\n]|\.\d){0,300}?(?:\.\.\.|…|\?)")
# a restatement of the question holds the answer without asserting it: "The question asks whether (B) …"
_RESTATEMENT_BEFORE = re.compile(
    r"\b(?:(?<!\bto\s)the\s+question\s+(?:asks|is)|restat(?:e|es|ed|ing)|"
    r"rephras(?:e|es|ed|ing)|(?:the\s+)?(?:options|choices)\s+(?:mention|include|list)|"
    r"asks?\s+(?:whether|if|how|what|us|for)|"
    # a "so" goes on to a statement of its own: "Restating: 9 groups of 27, so 3 each"
    r"we\s+are\s+asked|we\s+need\s+to\s+(?:check|determine)\s+(?:whether|if))\b"
    r"(?:(?!\b(?:so|thus|therefore|hence)\b)[^=]){0,200}$",
    re.IGNORECASE,
)


# the question's object named and the value stated after a colon or a "which is": "The question asks for
# the tip: $12", "… it asks for the total for both days, which is 36"
_ASKED_FOR_THEN_STATED = re.compile(
    r"\b(?:the\s+question\s+(?:asks|is)|asks?\s+(?:for|what|how))\b"
    r"(?:[^.!?\n:：]{0,80}[:：]|[^.!?\n:：]{1,80}?,\s*which\s+(?:is|equals|comes\s+to))[\s*_$(]*"
    rf"(?:(?:{APPROXIMATION})[\s*_$(]*)?$",
    re.IGNORECASE,
)


def restates(text: str) -> str | None:
    """Why a statement is a restatement of the question rather than an answer, or None. The question's object
    named and the value stated after a colon (``The question asks for the tip: $12``) answers it.

    >>> restates("The question asks for the tip: $") is None, restates("The question asks for the tip, $")
    (True, "a restatement of the question: 'The question asks for the tip, $' asserts no answer")
    """
    m = _RESTATEMENT_BEFORE.search(text[-300:])
    if m is not None and _ASKED_FOR_THEN_STATED.search(m.group()):
        return None
    return f"a restatement of the question: {m.group().strip()[:60]!r} asserts no answer" if m else None


def trails_off(text_after: str) -> str | None:
    """Why the text right after a statement shows it trailing off or asking (``42...``, ``42?``), or None."""
    m = _TRAILS_OFF_AFTER.match(text_after[:300])
    return f"not asserted: the statement trails off or asks ({text_after[:40].strip()!r})" if m else None


# a sentence that opens by saying when something holds ("This is true for \\(n \\geq 5\\)", "It holds only
# when $x > 0$", "For all $n$"): the math it ends on is a condition, not an answer
_CONDITION_CLAUSE = re.compile(
    r"^[\s*_]*(?:(?:this|that|it|which|the\s+(?:answer|result|formula|solution))\s+(?:is\s+|also\s+)*"
    r"(?:true|valid|holds|works|applies|correct)\s+)?(?:only\s+)?"
    r"(?:for|when|whenever|if|provided(?:\s+that)?|assuming|as\s+long\s+as)\s+"
    r"(?:(?:all|any|every|each)\s+)?[\s$*_]*(?:\\[(\[])?$",
    re.IGNORECASE,
)


# a condition right after a value, nothing but math or a \\text between: "\\boxed{72} \\text{ if } n
# \\text{ is even}", "\\boxed{72}, unless n = 0" (further on, "… \\boxed{11} more CDs if he had not bought
# the set" often restates the question's own condition)
_CONDITION_RIGHT_AFTER = re.compile(
    r"^(?:[\s$,;:)\]]|\\[)\]]|\\(?:quad|qquad|text|mbox|mathrm)\b|[{}])*(?:if|when|whenever|unless|provided|"
    r"assuming|only\s+if|as\s+long\s+as|in\s+case)\b",
    re.IGNORECASE,
)


def condition_right_after(after: str, before: str = "") -> str | None:
    """Why the text right after a value (a box's) makes it conditional (``\\text{ if } n \\text{ is
    even}``), or None. ``before``: the text before the value, where an extreme value it names is attained at
    what follows (``The minimum is \\boxed{4} when x = 1``: no condition).

    >>> condition_right_after(" \\\\text{ if } n \\\\text{ is even}") is not None
    True
    >>> condition_right_after(" apples if"), condition_right_after(" when x = 1.", "The minimum is ")
    (None, None)
    """
    if before and past_attained(before, after) is not after:
        return None
    return _why_after(
        _CONDITION_RIGHT_AFTER, after, 100, "conditional", "makes the answer depend on a condition"
    )


def condition_clause(sentence_before: str) -> bool:
    """Whether a sentence whose text before a math span is ``sentence_before`` opens by stating a
    condition (``This is true for …``), so that the math is the condition rather than an answer.

    >>> condition_clause("This is true for \\\\("), condition_clause("The answer is \\\\(")
    (True, False)
    """
    return len(sentence_before) <= 200 and _CONDITION_CLAUSE.match(sentence_before) is not None


# a value inside the condition its sentence opens with: "If x is 72, the total is odd", "Wenn die Antwort 72
# ist" (the clause ends at its comma or "then": "If she has 72, then she has 8 left" states 8)
_INSIDE_CONDITION = re.compile(
    r"(?:^|[.!?;]\s)[\s*_>-]*(?:only\s+)?(?:if|when|whenever|unless|suppose|supposing|assume|assuming|provided|"
    r"in\s+case)\b"
    r"(?:(?!\bthen\b)[^,;:.!?\n]){0,200}$",
    re.IGNORECASE,
)
# the value a condition gives a variable, after the statement it conditions: "The sum is 2n+1 when n = 3", "…
# if $x = 3$" ("where x = 72" names the value of a variable of the statement)
_CONDITION_VALUE_BEFORE = re.compile(
    r"\b(?:when|whenever|if|unless|provided(?:\s+that)?|assuming|given(?:\s+that)?)[\s$\\(]+"
    r"[A-Za-z](?:_\{?\w{1,4}\}?)?\s*=[\s$*_(\\\[{]*$",
    re.IGNORECASE,
)


def condition_value_before(before: str) -> str | None:
    """Why the words before a value make it the value a condition gives a variable (``The sum is 2n+1 when n
    =``), or None.

    >>> condition_value_before("So the sum is 7 when n = ") is not None, condition_value_before("So n = ")
    (True, None)
    """
    if "=" not in before[-40:] or _CONDITION_VALUE_BEFORE.search(before[-200:]) is None:
        return None
    return f"conditional: {(before.strip()[-60:] + ' …')!r} gives the value of a condition, not the answer"


# the marker inside the condition: "If the answer is 72, then …", "Suppose the answer were 72": a value tried,
# not one stated; so is an answer the writer only takes for granted, "I'll assume the answer is 72", "Let me
# presume the answer is 72", "Presuming the answer is 72" (an assumption about the problem, "I'll assume each
# box holds 4, so the answer is 48", states its answer)
_SUPPOSED_ANSWER = re.compile(
    # (a line break opens a sentence too: "… = 48\nSuppose the answer is \\boxed{48}", a box after a program's
    # output block)
    r"(?:^|[.!?;:]\s|\n)[\s*_>-]*(?:\w+,\s*)?(?:if|suppose|supposing|assume|assuming|presume|presuming|"
    r"let(?:['’]?s|\s+us|\s+me)\s+(?:just\s+|simply\s+)?(?:say|assume|suppose|presume)|"
    r"(?:i|we)(?:['’](?:ll|d|m\s+going\s+to|re\s+going\s+to)|\s+(?:will|would|shall|can|am\s+going\s+to|"
    r"are\s+going\s+to))?\s+(?:just\s+|simply\s+)?(?:assume|suppose|presume)|"
    r"what\s+if|whether|in\s+case|provided|say)\s+(?:that\s+)?(?:the\s+|our\s+|my\s+)?(?:final\s+|correct\s+)?"
    r"(?:answer|result)(?:\s+(?:is|was|were|would\s+be|will\s+be|be|equals|=)|\s*:)\s*:?\s*[$(\\\[{]*\s*$",
    re.IGNORECASE,
)


def supposed_before(sentence_before: str) -> str | None:
    """Why the words before a value try it rather than state it (``Suppose the answer is``), or None: the one
    condition a box is read under too (a box commits, unless its own sentence only supposes it).

    >>> supposed_before("Suppose the answer is "), supposed_before("So the answer is ")
    ("conditional: 'Suppose the answer is' tries a value, it does not state one", None)
    """
    supposed = _SUPPOSED_ANSWER.search(sentence_before[-400:])
    if supposed is None:
        return None
    return f"conditional: {supposed.group().strip()[:60]!r} tries a value, it does not state one"


_SUBJECT_VERB = r"(?!\s+(?:altogether\s+|in\s+total\s+|in\s+all\s+|\w+ly\s+)?(?:is|are|was|were|equals?)\b)"
# the marker inside what its sentence doubts, denies, asks or reports: "I don't think the answer is 72", "We
# need to check whether the answer is 72", "Bob thinks the answer is 72", "Prove that the answer is 72", "It
# is not true that …", "I wouldn't say …", "There is no way …". The clause runs from the cue to the marker; a
# "but" or "so" between them starts a statement of its own. A comma may stand right after the cue where the
# clause goes on ("I don't think, that the answer is 72", "I'm not sure, the answer is 72"): after a cue of
# belief whatever follows it, after any other only before "that", "whether" or "if" ("If you're wondering,
# the answer is 72" names no clause of its cue)
_DOUBTED_ANSWER = re.compile(
    r"(?:^|[.!?;:]\s|\n)[\s*_>-]*(?:[^.!?;:\n]{0,120}?\b(?:(?:do|does|did)\s*n[o']?t\s+"
    r"(?:think|believe|know|agree|accept)|"
    r"not\s+(?:\w+%?\s+)?(?:sure|certain|convinced|clear|confident|positive|true|correct|the\s+case)|unsure|"
    # "doubt", but not "without a doubt", "no doubt", "beyond doubt": those affirm
    r"uncertain|(?<!without\sa\s)(?<!without\sany\s)(?<!without\s)(?<!no\s)(?<!beyond\s)(?<!beyond\sa\s)"
    r"doubt(?:s|ful)?|disagree(?:s|d)?|no\s+way|"
    r"(?:can\s*not|cannot|can't|could\s*not|couldn't|would\s*not|wouldn't|won't)\s+"
    r"(?:say|claim|confirm|agree|conclude|accept|believe|think|give|provide|offer|state|commit\s+to|"
    # "We cannot get 72", "It can't be 72", "We couldn't reach 72": the value denied
    r"get|reach|obtain|make|be|equal|achieve|arrive\s+at|end\s+up\s+with)|"
    r"no\s+idea|wonder(?:s|ing)?|whether|unless|"
    r"(?:check|see|verify|test|know|knows|ask|asks|determine|confirm)\s+if|false|untrue|"
    r"(?:wrong|incorrect)\s+(?:to\s+say|that)|"
    r"refuse\s+to\s+say|(?:thinks|believes|claims|claimed|argues|argued|insists|insisted|guessed|suggests|"
    r"suggested)|(?:some|many|most|others|people|students|they)\s+(?:would\s+|might\s+)?"
    r"(?:say|think|claim|believe|write|answer|guess|get)|says|said|told\s+(?:me|us)|"
    # a claim its subject denies: "Nobody would say the answer is 72", "No one could claim it is (C)"
    r"(?:nobody|no[\s-]one|none\s+of\s+us)\s+(?:(?:would|could|can|will|should|might)\s+)?(?:ever\s+)?"
    r"(?:say|says|claim|claims|think|thinks|believe|believes|argue|argues|conclude|answer|pick|choose)|"
    # "wrote" reports ("Margot wrote that the total is 360"), except what the people of the problem wrote, in
    # the subject with the copula right after it ("the number of stories they wrote altogether is 360");
    # what, an answer or a number they wrote is a report again
    rf"(?<!they\s)(?:wrote|writes)|(?:wrote|writes){_SUBJECT_VERB}|(?:what|whatever|answers?|numbers?|values?|"
    r"results?|solutions?|guess(?:es)?|totals?)\s+they\s+(?:wrote|writes)|"
    # "It's impossible for the answer to be 72"
    r"impossible|not\s+possible|"
    # a value given as someone's mistake or as what not to answer: "One might naively compute 48", "An
    # incorrect approach gives 56", "Don't answer 72"
    r"(?:one|someone|somebody|you|a\s+student|students|people)\s+(?:might|could|may|would)|naively|naïvely|"
    r"mistakenly|wrongly|erroneously|(?:an?|the|this|that)\s+(?:incorrect|wrong|naive|naïve|mistaken|flawed|"
    r"erroneous|careless|faulty)\s+(?:\w+\s+){0,2}?(?:approach|method|reading|calculation|computation|"
    r"solution|attempt|interpretation|guess)|(?:don'?t|do\s+not|never|shouldn'?t|should\s+not)\s+"
    r"(?:answer|say|write|put|give|pick|choose))\b|"
    r"(?:prove|show|verify|check|confirm)\s+(?:that|whether|if)\b)"
    r"(?:(?:(?<=think)|(?<=believe)|(?<=sure)|(?<=certain)|(?<=convinced)|(?<=confident)|(?<=positive)|"
    r"(?<=doubt))\s*,|\s*,(?=\s*(?:that|whether|if)\b)|"
    # a report's colon opens what it quotes: "Bob says: the answer is 72"
    r"(?:(?<=says)|(?<=said)|(?<=thinks)|(?<=believes)|(?<=claims)|(?<=claimed)|(?<=wrote)|(?<=writes))\s*:)?"
    # (the period of "Rs. 350" or "approx. 350" abbreviates a word before the value, as the sentence reader
    # knows)
    r"(?:(?!\b(?:but|so|thus|therefore|hence|however)\b)"
    r"(?:[^.!?;:,\n]|(?<=\bRs)\.|(?<=\bca)\.|(?<=\bapprox)\.)){0,120}$",
    re.IGNORECASE,
)


# "writes" or "wrote" right before a value whose noun is a thing written ("James writes 624 pages", "she wrote
# 3 more letters") counts what was written: the verb's object is the quantity, no answer someone reports
_WRITES_RIGHT_BEFORE = re.compile(r"\b(?:wrote|writes)[\s*_$]*$", re.IGNORECASE)
_WRITTEN_THINGS = re.compile(
    r"[\s*_$]*(?:(?:more|new|extra|additional|other|short|long|full|whole|handwritten|[a-z]+-page)\s+)?"
    r"(?:pages?|letters?|words?|lines?|essays?|articles?|stor(?:y|ies)|poems?|books?|e-?mails?|songs?|chapters?|"
    r"reports?|checks?|cheques?|notes?|cards?|postcards?|messages?|posts?|paragraphs?|sentences?|papers?|"
    r"programs?|reviews?|invitations?|novels?|scripts?|tweets?|texts?|characters?|verses?|sheets?)\b",
    re.IGNORECASE,
)


_TWO_LETTERS = re.compile(r"[^\W\d_]{2}")
# what stands around a marker's letter and is no letter: "**A:** ", "#### "
NO_LETTERS = " \t*_:：#>"
# a sentence that is only its marker, after a connective: nothing in it conditions, hedges or doubts
_PLAIN_OPENING = re.compile(
    r"[\s*_#>]*(?:(?:so|thus|therefore|hence|finally|overall|in\s+conclusion|in\s+total|in\s+summary)\s*,?\s*)?"
    r"(?:the\s+)?(?:final\s+)?(?:answer|result)[*_]*(?:\s+(?:is|will\s+be))?[*_]*\s*[:：]?[\s*_]*",
    re.IGNORECASE,
)


def doubted_box(before: str) -> str | None:
    """Why a box stands in a marker's place inside what its sentence doubts or reports (``I don't think the
    answer is \\boxed{72}``, ``Bob says the answer is \\boxed{72}``, ``小明说答案是\\boxed{72}``), or None: a
    box asserts no more than the marker it completes.

    >>> doubted_box("Bob says the answer is $"), doubted_box("So the answer is $")
    ("not asserted: 'Bob says the answer is' doubts, asks or reports the answer", None)
    """
    tail = before[-400:]
    if _BOXED_MARKER.search(tail, max(0, len(tail) - 40)) is None:
        return None  # no marker right before the box: most boxes stand alone or after a plain marker
    doubted = _DOUBTED_ANSWER.search(tail)
    if doubted is None:
        return None
    said = doubted.group().strip().rstrip(_BEFORE_A_BOX)
    return f"not asserted: {said[:60]!r} doubts, asks or reports the answer"


# what stands between a marker and its box: "the answer is $", "answer: \("
_BEFORE_A_BOX = " \t$*_(\\["
_BOXED_MARKER = re.compile(
    r"\b(?:answer|result)(?:\s+(?:is|was|would\s+be|will\s+be))?\s*:?[\s$*_(\\\[]*$", re.IGNORECASE
)


def conditional_opening(sentence_before: str) -> str | None:
    """Why a marker's statement commits only under a condition (``If friction is ignored, the answer is
    (B)``, ``Suppose the answer is``), given the text of its sentence before the marker; None when it opens
    plainly.

    >>> conditional_opening("If the answer is ") is not None, conditional_opening("So the answer is ")
    (True, None)
    """
    if len(sentence_before.strip(NO_LETTERS)) < 2:
        return None  # "A: ", "**A:** ": one letter at most, known without the regex below
    if _TWO_LETTERS.search(sentence_before, max(0, len(sentence_before) - 400)) is None:
        return None  # "#### ", "A: ": no word there to open a condition, a hedge or a doubt
    if len(sentence_before) < 48 and _PLAIN_OPENING.fullmatch(sentence_before):
        return None  # "So the answer is ": the marker alone, as most open; the readers below cost more
    supposed = supposed_before(sentence_before) or put_forward_before(sentence_before)
    if supposed is not None:
        return supposed
    tail = sentence_before[-400:]
    why = disowned_before(tail) or hedged_before(tail)
    if why is not None:
        return why
    doubted = _DOUBTED_ANSWER.search(tail)
    if doubted is not None:
        return f"not asserted: {doubted.group().strip()[:60]!r} doubts, asks or reports the answer"
    # "When x = 2 the answer is": a condition with no comma holds the marker inside it
    m = _CONDITION_BEFORE.search(tail) or _INSIDE_CONDITION.search(tail)
    if m is not None:
        aside = _CONDITION_SET_ASIDE.search(m.group())
        if aside is not None and _CONDITION_BEFORE.search(aside["rest"]) is None:
            m = None  # "If x were 3 …, but x = 4, so the answer is": the condition is set aside
        elif _METHOD_CONDITION.match(m.group()) is not None:
            m = None  # "If we check each option, the answer is": how it was found, no condition on it
    if m is None:
        return counterfactual_before(tail)
    return f"conditional: {m.group().strip()[:60]!r} states the answer only under a condition"


# a value given as an example of a format: "written as a number, e.g. 72", "for instance 72"
_EXAMPLE_BEFORE = re.compile(
    r"(?:\be\.\s?g\.?|\bfor\s+(?:example|instance)|\bsuch\s+as)[\s,:(\x22“$*_]*$", re.IGNORECASE
)


def example_before(before: str) -> str | None:
    """Why the words right before a value give it as an example (``written as a number, e.g.``), or None.

    >>> example_before("written as a number, e.g. "), example_before("So she has ")
    ("an example: 'written as a number, e.g. …' gives the value as an example", None)
    """
    m = _EXAMPLE_BEFORE.search(before[-40:])
    if m is None:
        return None
    return f"an example: {(before.strip()[-40:] + ' …')!r} gives the value as an example"


# a sentence that puts a value forward without stating it: as a trial ("Try 72", "Let's test y = 2x
# + 1", "Plug in x = 3", "What about 72"), as a goal still to be shown ("We want to prove y = 2x +
# 1", "It remains to show that the total is 72", "To find: …"), or as a question with its question
# mark left off ("Is it 72", "Does the total equal 72", "Could the answer be 72"). The trial's value
# is its object: what a name or "=" gives it ("Try x = 3"), not a result it goes on to ("Plugging in
# x = 3, we get 72", "Try x = 1: y = 3"); the goal's value ends its clause ("To find the total, we
# multiply: 72" states it)
_OPENING_CONNECTIVE = (
    r"[\s*_#>-]*(?:(?:so|now|then|next|first|ok(?:ay)?|well|hmm+|and|but|or|instead|again)[,\s]+){0,2}"
)
_PUT_FORWARD = re.compile(
    rf"{_OPENING_CONNECTIVE}(?:"
    r"(?:(?:let'?s|let\s+(?:me|us)|i(?:'ll|\s+will)?|we(?:'ll|\s+will|\s+can)?|maybe|perhaps)\s+)?"
    r"(?:try(?:ing)?|test(?:ing)?|plug(?:ging)?\s+in|substitut(?:e|ing)|attempt(?:ing)?|what\s+about|how\s+about)"
    r"(?:\s+(?:with|the\s+(?:value|answer|number|candidate|guess|line|equation|function|formula|expression)|"
    r"a\s+(?:value|number|candidate)))?[\s:,]*"
    r"(?:(?:[A-Za-z](?:_\{?\w{1,4}\}?)?|\\[A-Za-z]+)(?:\(\w\))?\s*=\s*)?[\s$*_(\\\[{]*|"
    # a trial and its working: "Let me try 20: 20 / 2 = 10", "Testing x = 4: 4^2 = 16" (the values a trial
    # computes are the trial's)
    r"(?:(?:let'?s|let\s+(?:me|us)|i(?:'ll|\s+will)?|we(?:'ll|\s+will|\s+can)?|now)\s+)?(?:try(?:ing)?|test(?:ing)?)\s+"
    r"(?:[A-Za-z]\s*=\s*)?[$]?-?\d[\d,.]*[\s$]*:[^.!?;\n]{0,160}|"
    # a definition: "Let x = 72", "Let y be 2x + 1", "Let y = 2x + 1" (the math read whole)
    r"let\s+(?:[$\\(]*(?:[A-Za-z](?:_\{?\w{1,4}\}?)?|\\[A-Za-z]+)(?:\(\w\))?[$\\)]*\s*(?:=|be\b))?[\s$*_(\\\[{]*|"
    # goals: "We want to show that", "It remains to prove", "Our goal is to verify", "Let's prove that"
    r"[^.!?;:\n]{0,80}?\b(?:want|wants|wish|need|needs|have|has|must|going|aim|aims|set\s+out|(?:would|'d)\s+like|"
    r"remains|left|(?:goal|aim|task|objective|job|plan|purpose)\s+(?:is|was)|let'?s|let\s+(?:me|us)|"
    r"(?:we|i)(?:'ll|\s+will|\s+shall))\s+(?:(?:now|then|still|also|first|only|just)\s+)?(?:to\s+)?"
    r"(?:prove|show|verify|establish|demonstrate|confirm)\b(?:\s+that\b)?"
    r"(?:(?!\b(?:but|so|thus|therefore|hence|then|which|gives?|get|gets|yields?)\b)[^.!?;:,\n]){0,100}|"
    # "To find: y = …", "Goal: 72", "To prove: …"
    r"(?:to\s+(?:find|prove|show|determine|compute|calculate)|goal|aim|objective|task|to\s+be\s+shown|wanted)"
    r"[\s*_]*[:：][\s*_$\\(\[{]*|"
    # questions: "Is it 72", "Does y equal 2x + 1", "Could the answer be 72", "Is 72 correct"
    # (capitalised, or after a connective: "So is it 72"; a fragment's "is $\boxed{72}$" asks nothing)
    r"(?:(?-i:Is|Are|Was|Were|Isn't|Aren't|Does|Did|Doesn't|Could|Would|Can|Might)|"
    r"(?:(?<=[A-Za-z][,\s])|(?<=[A-Za-z],\s))(?:is|are|was|were|isn't|aren't|does|did|doesn't|could|would|can|might))\s+"
    r"(?:(?:it|this|that|there|the|our|my|its|their|his|her|these|those|we|you|i|one|he|she|they)\b|[A-Za-z](?:_\{?\w{1,4}\}?)?(?:\(\w\))?\s*"
    r"(?:=|equal\b)|(?=[\s$*_(\\\[{]*$))[^.!?;:\n]{0,120})$",
    re.IGNORECASE,
)
# every match of _PUT_FORWARD holds one of these, lower-cased: a literal scan settles most sentences
_PUT_FORWARD_WORDS = ("try", "test", "let", "plug", "substitut", "attempt", "about", "prove", "show",
                      "verif", "establish", "demonstrat", "confirm", ":", "is ", "are ", "was ", "were ",
                      "n't ", "does ", "did ", "could ", "would ", "can ", "might ")  # fmt: skip


_MATH_OPENING_CHARS = " \t$*_([{:\\"


def put_forward_before(sentence_before: str) -> str | None:
    """Why the words of a sentence before a value put it forward without stating it: as a trial (``Try``,
    ``Let's test``), as a goal (``We want to prove``, ``To find:``) or as a question left without its mark
    (``Is it``, ``Does the total equal``), or None.

    >>> put_forward_before("Is it ")
    "not asserted: 'Is it' tries a value, asks it or sets it as a goal"
    >>> [put_forward_before(t) is not None for t in ("Let us try ", "We need to show that ", "To find: ")]
    [True, True, True]
    >>> put_forward_before("Plugging in x = 3, we get "), put_forward_before("This shows that the total is ")
    (None, None)
    """
    tail = sentence_before[-200:]
    lowered = tail.lower()
    if not any(word in lowered for word in _PUT_FORWARD_WORDS):
        return None
    # (a line break that ends the text leads to the value on the next line: "Let's try:\n72")
    opened = tail.rstrip(_MATH_OPENING_CHARS + "\n")
    m = _PUT_FORWARD.match(tail, max(0, max(opened.rfind(c) for c in ".!?;\n") + 1))
    if m is None:
        return None
    said = m.group().strip(_MATH_OPENING_CHARS)[:60]
    return f"not asserted: {said!r} tries a value, asks it or sets it as a goal"


# a sentence that tries a value, and the value it tries: a supposed answer ("Suppose the answer is 72",
# "Let's say the result is 72", "What if the answer were 72"; another language's "Supposons que la réponse
# soit 72", "设答案为72" once read as English) or a trial ("Let me try 20", "Try x = 20", "Testing 6")
_TRIAL_OPENING = re.compile(
    rf"(?:^|(?<=[.!?;:\n]))[ \t]*{_OPENING_CONNECTIVE}(?:"
    r"(?:(?:let'?s|let\s+(?:me|us)|we|i)\s+)?(?:suppose|supposing|assume|assuming|say|imagine)[,\s]+(?:that\s+)?"
    r"(?:the\s+|our\s+|my\s+)?(?:final\s+|correct\s+)?(?:answer|result)(?:\s+(?:is|was|were|would\s+be|be|equals)\b|"
    r"\s*[:=])|"
    r"(?:what\s+)?if\s+(?:the\s+)?(?:answer|result)\s+(?:is|was|were|would\s+be)\b|"
    r"(?:(?:let'?s|let\s+(?:me|us)|i(?:'ll|\s+will)?|we(?:'ll|\s+will|\s+can)?|now)\s+)?"
    r"(?:try(?:ing)?|test(?:ing)?|plug(?:ging)?\s+in|substitut(?:e|ing))\b"
    r")[\s:,]*(?:[A-Za-z]\s*=\s*)?[$(\\\[{\s]*\$?(?P<value>\d[\d,]*(?:\.\d+)?)(?![\d.,]*\d)",
    re.IGNORECASE,
)
# the words one of those sentences holds, lower-cased: a literal scan settles most texts
_TRIAL_WORDS = ("suppos", "assum", "say", "imagine", "if ", "try", "trying", "test", "plug", "substitut")
# a sentence break between a trial and what it works out: a full stop (no decimal point), "!", "?", a line
_TRIAL_BREAK = re.compile(r"[.!?](?!\d)|\n+")
# how far a trial reaches: the sentence it is tried in and the next few, where its working is told
_TRIAL_SENTENCES = 3
_TRIAL_CHARS = 400


def worked_from_trial(before: str, value: str) -> str | None:
    """Why ``value``, which ``before`` leads to, is the working of a value tried a sentence or two earlier and
    used since (``Suppose the answer is 72. Then 72 / 8 = 9``, ``Let me try 20. 20 / 2 = 10``): what a trial
    computes is the trial's, until a marker states an answer; or None. The value tried, said again, concludes
    the trial (``Let me try 16: 16 / 2 = 8 ✓. So she has 16 apples.``), and a trial whose value the text
    leaves (``Try 20. No. 8 × 2 = 16``) is no longer worked on.

    >>> worked_from_trial("Suppose the answer is 72. Then 72 / 8 = ", "9")
    "a trial's working: 'Suppose the answer is 72' tries 72, and what follows works it out"
    >>> worked_from_trial("Let me try 20. No. 8 × 2 = ", "16")
    >>> worked_from_trial("Let me try 16: 16 / 2 = 8. So she has ", "16")
    """
    window = before[-_TRIAL_CHARS:]
    lowered = window.lower()
    if not any(word in lowered for word in _TRIAL_WORDS):
        return None
    trials = list(_TRIAL_OPENING.finditer(window))
    if not trials:
        return None
    trial = trials[-1]
    tried = trial["value"]
    rest = window[trial.end() :]
    if len(_TRIAL_BREAK.findall(rest)) > _TRIAL_SENTENCES:
        return None
    said_again, tried_read = next(scan(value), None), next(scan(tried), None)
    if (
        said_again is not None
        and tried_read is not None
        and same_quantity(said_again.quantity, tried_read.quantity)
    ):
        return None  # the value tried, said again ("16.0" too): the trial's conclusion
    if re.search(rf"(?<![\d.,]){re.escape(tried)}(?![\d]|[.,]\d)", rest) is None and rest.strip(" \t$)}]"):
        return None  # the working that follows does not use the value tried
    said = trial.group().strip(" \t\n.!?;:$({[\\")
    return f"a trial's working: {said[:60]!r} tries {tried}, and what follows works it out"


def conditioned_before(sentence_before: str) -> str | None:
    """Why the words of a sentence before a value make it hold only under an assumption of the text's own
    (``Had she bought one more, it would be``, ``Assuming the price includes tax,``, ``If not:``), or try it
    (``Suppose the answer is``), or None. A leading ``If``/``When`` is left to the marker's reader
    (:func:`conditional_opening`): before a value found with no marker it restates the question's own
    condition as often as not (``If she buys 3 more, she will have 10 apples.``).

    >>> conditioned_before("Assuming none were eaten, "), conditioned_before("So she has ")
    ("conditional: 'Assuming none were eaten,' states the answer only under a condition", None)
    """
    tail = sentence_before[-400:]
    supposed = supposed_before(tail) or put_forward_before(tail)
    if supposed is not None:
        return supposed
    m = _ASSUMED_BEFORE.search(tail)
    if m is None:
        return counterfactual_before(tail)
    return f"conditional: {m.group().strip()[:60]!r} states the answer only under a condition"


# a sentence that offers the answer to another reading of the question or under a hypothetical: "If the order
# mattered, we would instead get", "For distinguishable coins, the answer would be", "Alternatively, if she
# keeps 2, it would be", "In the case where repetition is allowed, the answer would be", "Otherwise, it is",
# "On the other hand, …". It opens on its condition or its alternative (after a side remark's lead:
# "Note:", "However,"), and a plain "If …" or "For …" needs a "would" or an "instead" as well: "If we check: 5
# + 5 = 10" and "For the second step, we add 3" go on from the answer, they offer none
_ALTERNATIVE_CUE = re.compile(
    # (opening its sentence, or right after a value that ends a statement with no full stop: "#### 1 if …")
    rf"(?:^|[.!?\n]|(?<=\d)\s|(?<=[$}}])\s)[\s*_>#$)\]}}-]*(?P<lead>{_ASIDE_LEAD})(?:"
    r"(?P<alone>alternatively|otherwise|instead|on\s+the\s+other\s+hand|conversely|if\s+instead|if\s+not|"
    r"(?:under|with|using|in)\s+(?:a|an|the|this)\s+(?:\w+\s+){0,2}?(?:alternative|different|other|literal|"
    r"strict|broader|narrower|looser)\s+(?:\w+\s+)?(?:reading|interpretation|assumption|view|convention|"
    r"definition)|(?:another|a\s+different|the\s+other)\s+(?:reading|interpretation)|"
    r"(?:if|should)\s+(?:the\s+)?(?:question|problem|prompt|task)\s+(?:meant|means|intended|intends|asked|"
    r"asks|wanted|wants|was\s+asking|is\s+asking|instead|had))\b|"
    rf"(?:if|when|whenever|{_ASSUMPTION}|without|but\s+for|absent)\b|"
    # "For distinguishable coins, …", "With replacement, …", "Under that reading, …": a case, up to its comma
    # ("For example, …" gives an example)
    r"(?:for(?!\s+(?:example|instance)\b)|with|under)\b[^.!?\n,]{1,80},)"
    r"[^.!?\n]{0,240}$",
    re.IGNORECASE,
)
# ("If she sells 3 more tomorrow, she will make 24": the future of another case offers its value as well)
_MODAL_OR_INSTEAD = re.compile(
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


_INSTEAD = re.compile(r"\binstead\b", re.IGNORECASE)


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
        if why is None and _WOULD.search(sentence_before) is not None:
            why = counterfactual_around(sentence_before, head[end:]) or counterfactual_before(sentence_before)
        if why is None and conditional:
            why = _case_sentence(sentence_before, head, end)
        if why is not None:
            return why
    return None


# an option named as the value a sentence offers: "(C)", "option C", "be C", "choose C"
_OPTION_OFFERED = re.compile(
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
        if why is None and _WOULD.search(sentence_before) is not None:
            why = counterfactual_before(sentence_before)
        if why is not None:
            return why
    return None


# a sentence after the answer that opens on a condition and ends on its value: "If we include her brother's
# apples, 15.", "When counted in dozens, 2." (not a check: "If we verify: 12 / 3 = 4.")
_CASE_OPENING = re.compile(
    r"^[\s*_>(]*(?:(?:note|however|but|and|also|alternatively)[,:]?\s+)?(?:if|when|assuming|supposing|in\s+case)\b"
    r"(?![^,:]*\b(?:verify|check|confirm|plug|substitut|test)\w*)[^,:]{1,120}[,:]",
    re.IGNORECASE,
)
_ENDS_ON_VALUE = re.compile(r"(?:[ \t]+[^\W\d_]+){0,2}[ \t]*[.!)]*[ \t]*(?:\n|$)")


def _case_sentence(sentence_before: str, head: str, end: int) -> str | None:
    """Why a sentence after the answer gives another value under a condition of its own, with no modal (``The
    answer is 12. If we include her brother's apples, 15.``), or None."""
    m = _CASE_OPENING.match(sentence_before)
    if m is None or _ENDS_ON_VALUE.match(head, end) is None:
        return None
    return f"another case: {m.group().strip(' ,:')[:60]!r} gives another value under a condition"


# what makes the value after it an operand of math rather than a value offered: "\\cos(", "x^", "2 *"
_OPERAND_BEFORE = re.compile(r"(?:\\[A-Za-z]+|[\^_+*/×·÷-])[\s$({\[\\]*$")
# the rest of a sentence that asks
_ENDS_ASKING = re.compile(r"[^.!\n]{0,200}?\?")
# a full stop that ends a sentence (not the point of "$3.50")
_SENTENCE_STOP = re.compile(r"\.(?!\d)")


def counterfactual_before(sentence_before: str) -> str | None:
    """Why the words of a sentence before a value state what would hold were things otherwise (``Without the
    coupon, it would cost``, ``If she had kept them all, she would have``), or None.

    >>> counterfactual_before("Without the coupon, it would cost $"), counterfactual_before("So it costs $")
    ("counterfactual: 'Without the coupon, it would cost $' states what would hold, not what does", None)
    """
    m = _COUNTERFACTUAL_BEFORE.search(sentence_before[-400:])
    if m is None:
        return None
    return f"counterfactual: {m.group().strip()[:60]!r} states what would hold, not what does"


# a value its sentence says something is not: "The answer cannot be 18, since …", "It is not 18 but …"
_NEGATED_VALUE = re.compile(
    r"(?:\bnot|n't|\bnever|\bcannot)\s+(?:be\s+|equal\s+(?:to\s+)?|exactly\s+)?[*_]*[$€£]?(?P<v>-?\d[\d,]*(?:\.\d+)?)",
    re.IGNORECASE,
)


def negated_earlier(sentence_before: str, value: Quantity | None) -> str | None:
    """Why the words of a sentence before a value have already said the answer is not that value (``The answer
    cannot be 18, since 9 eggs at $2 make 18``), or None: the later mention does not undo the negation.

    >>> negated_earlier("The answer cannot be 18, since 9 eggs at $2 make ", Quantity(18, None)) is not None
    True
    """
    if value is None or (
        "not" not in sentence_before and "n't" not in sentence_before and "never" not in sentence_before
    ):
        return None
    for m in _NEGATED_VALUE.finditer(sentence_before[-300:]):
        said = next(scan(m["v"]), None)
        if said is not None and same_quantity(said.quantity, value):
            return f"negated: {m.group().strip()[:60]!r} says the answer is not this value"
    return None


def negated_before(before: str) -> str | None:
    """Why the words right before a value negate it (``The answer is not``), or None.

    >>> negated_before("The answer is not "), negated_before("It is not 5, so the answer is ")
    ("negated: 'The answer is not …' says what the answer is not", None)
    """
    if negates(before):
        return f"negated: {(before.strip()[-60:] + ' …')!r} says what the answer is not"
    return None


# the words that conclude a value from the one before it in the same statement: "1/4, so 25%", "4 hours, thus
# 240 minutes" (the same value in another form, or another value the statement goes on to)
CONCLUDING_SO = r"so|thus|hence|therefore"
# a value said again right after it, in the same or another form: "(i.e., 72.0)", "(that is, 72)", ", namely
# 72,", "(72.0 cm)", ", which is 40%", ", i.e. 0.33", " (40%)"
_RESTATEMENT_OPENING = re.compile(
    rf"[ \t]*(?:\([ \t]*(?:(?:{RESTATING}),?[ \t]*)?"
    rf"|,[ \t]*(?:which[ \t]+is|{RESTATING}|{CONCLUDING_SO})[ \t]*,?[ \t]*)"
    # ("2/3, so about 0.67 or more": a rounded restatement)
    rf"(?:(?P<approximate>{RESTATING_APPROXIMATION})[ \t]+)?",
    re.IGNORECASE,
)
# what a parenthesised restatement may hold after its value before it closes: math or emphasis marks and at
# most a word ("(72.0 cm)", "($0.4$)"); anything more is a second statement, left to the readers
_RESTATEMENT_CLOSE = re.compile(r"[$*_ \t]*(?:[A-Za-z]+)?[$*_ \t]*\)")


def _says_again(said: Quantity, value: Quantity, approximate: bool) -> bool:
    """Whether ``said``, right after ``value``, states it again: the same quantity, the same share (``0.4``,
    ``40%``), a rounding in another unit (``5 km``, ``3.1 miles``), or said to be approximate, a rounding of
    it at its places (``2/3``, ``about 0.67``)."""
    return (
        same_quantity(said, value)
        or same_share(said, value)
        or rounded_restatement(said, value)
        or (approximate and rounds_to(value, said))
    )


def restated_otherwise(after: str, value: Quantity | None) -> str | None:
    """Why a value is not committed to when the statement goes straight on to conclude another value from it
    (``1/4, so 26%``, ``36 eggs, so 3 boxes``): two values, neither said to be the answer; None where none
    follows, or where it is the value said again (``1/4, so 25%``), which :func:`past_restatement` steps over.

    >>> from fractions import Fraction as F
    >>> restated_otherwise(", so 26%.", Quantity(F(1, 4))), restated_otherwise(", so 25%.", Quantity(F(1, 4)))
    ("two different values: ', so 26%' concludes another value from it", None)
    """
    if value is None or after[:1] not in ", \t":
        return None
    opening = _CONCLUDING_OPENING.match(after)
    if opening is None:
        return None
    said = after[opening.end() : opening.end() + 60]
    found = next(scan(said), None)
    if found is None or said[: found.start].strip("$*_ \t"):
        return None
    if _says_again(found.quantity, value, opening["approximate"] is not None):
        return None
    said = after[: opening.end() + found.end].strip()
    return f"two different values: {said!r} concludes another value from it"


_CONCLUDING_OPENING = re.compile(
    rf"[ \t]*,[ \t]*(?:{CONCLUDING_SO})[ \t]*,?[ \t]*(?:(?P<approximate>{RESTATING_APPROXIMATION})[ \t]+)?",
    re.IGNORECASE,
)


def past_restatement(after: str, value: Quantity | None) -> str:
    """``after`` past a restatement of ``value`` that opens it (``, which is 40%`` after 2/5, ``(i.e., 72.0)``
    after 72), so that what follows the restatement is read as following the value; ``after`` itself where
    none opens it, or where what is said again is another value: that is left to the readers
    (``72 (i.e., 70)``).

    >>> from fractions import Fraction as F
    >>> past_restatement(", which is 40% or more.", Quantity(F(2, 5)))
    ' or more.'
    >>> past_restatement(", which is 45% or more.", Quantity(F(2, 5)))
    ', which is 45% or more.'
    >>> seventy_two = Quantity(72)
    >>> past_restatement(" (i.e., 72.0) or more", seventy_two), past_restatement(" (i.e., 70)", seventy_two)
    (' or more', ' (i.e., 70)')
    >>> past_restatement(", namely 72, if the store is open", seventy_two)
    ', if the store is open'
    """
    if value is None or after[:1] not in ", \t(":
        return after
    opening = _RESTATEMENT_OPENING.match(after)
    if opening is None:
        return after
    said = after[opening.end() : opening.end() + 60]
    found = next(scan(said), None)
    if found is None or said[: found.start].strip("$*_ \t"):
        return after
    if not _says_again(found.quantity, value, opening["approximate"] is not None):
        return after
    end = opening.end() + found.end
    if "(" in after[: opening.end()]:
        close = _RESTATEMENT_CLOSE.match(after, end)
        if close is None:
            return after
        end = close.end()
    return after[end:]


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
    negation = _NEGATION_BEFORE.search(before)
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
        if not _restates(value, before[first:], 0, after):
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
    doubted = _DOUBTED_ANSWER.search(before) if conditions else None
    if doubted is not None and _WRITES_RIGHT_BEFORE.search(doubted.group()) and _WRITTEN_THINGS.match(after):
        doubted = None  # "James writes 624 pages a year": what he writes is counted, no answer reported
    if doubted is not None:  # "I doubt the total is 72", "Whether the total is 72 …"
        return f"not asserted: {doubted.group().strip()[:60]!r} doubts, asks or reports the value"
    why = condition_value_before(before) if conditions else None
    if why is not None:  # "So the sum is 7 when n = 3"
        return why
    if conditions and _INSIDE_CONDITION.search(before):
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
    if hedge is not None and not _restates(value, after, hedge.start("other")):
        return f"hedged: another value follows: {_shown_after(after)!r}"
    if words and _HEDGE_WORD.match(after):
        return f"hedged: another answer follows: {_shown_after(after)!r}"
    if words:
        why = listed_words_after(after)
        if why is not None:
            return why
    if letters and _LETTER_LISTED.match(after):  # "I choose B and C", "B, D": several choices, none committed
        return f"several choices: {_shown_after(after)!r}"
    hedged_letter = _HEDGE_LETTER.match(after) if letters else None
    # "D, it can't be A or B" excludes the other letters; it does not offer them
    if hedged_letter is not None and not _EXCLUSION.search(hedged_letter.group()):
        return f"hedged: another choice follows: {_shown_after(after)!r}"
    return hedged_before(before) or also_valid_after(after, value)


# another value listed after a semicolon: "Answer: 3; 5" (the statement ends at the semicolon, its list
# does not)
_LISTED_AFTER = re.compile(r"[ \t*_$]*;[ \t]*[-−$]?(?:\d|\\frac)")


# the value ends a list of values: "Candidates: 70, 71, 72", "between 70 and 72", or a range: "72 through
# 74", "72 till 74" ("from 60 to 72" is as often a change as a range, and its last value the answer)
_LISTED_BEFORE = re.compile(
    r"(?:^|[\s(:{\[])[-−$]?\d+(?:\.\d+)?[\s$%*_)]*(?:,|,?\s*\band|\s+(?:through|thru|till|until|up\s+until)\b)"
    r"\s*[$*_(]*$|"
    # a run of bare numbers with only spaces between: "Answers: 1 2 3 … 72" (not the groups of "1 000 000")
    r"(?:^|[\s(:{\[])(?!\d{1,3}(?:[ \t]+\d{3})+[ \t]+$)\d+(?:[ \t]+\d+){2,}[ \t]+$|"
    # the lower end of "between" said with its unit, a compound's too: "between 2 hours and", "between 2 hours
    # 30 minutes and", "between 5 km and"
    r"\bbetween[ \t]+[-−$£€]?\d+(?:\.\d+)?(?:[ \t]*(?:"
    + UNIT_PATTERN
    + r")(?:,?[ \t]*\d+(?:\.\d+)?[ \t]*(?:"
    + UNIT_PATTERN
    + r"))*)?[\s*_)]*,?[ \t]*and[ \t]*[$£€*_(]*$",
    re.IGNORECASE,
)


# the marker named, not stated: what the answer needs or how it is to be written, before giving it ("To get
# the final answer, I need to add 40 and 32", "Before I give the final answer of 5, let me check", "For the
# final answer we need step 2", "The final answer should be a whole number", "The final answer will be in
# dollars", "the final answer in 2 decimal places")
_MENTIONED_BEFORE = re.compile(
    r"(?:\b(?:to|in\s+order\s+to)\s+(?:get|find|reach|obtain|compute|calculate|determine|work\s+out|arrive\s+at|"
    r"get\s+to|give|write|state|present|express|round|format|simplify)|\bfor|\btowards?|"
    r"\bbefore\s+(?:(?:i|we)\s+(?:\w+\s+)?(?:give|write|state|present|get|reach|commit\s+to)|giving|writing|"
    r"stating|presenting|getting|reaching|committing\s+to))\s+(?:the|a|an|our|my|your|this|that)\s+(?:final\s+)?$",
    re.IGNORECASE,
)
_MENTIONED_AFTER = re.compile(
    r",\s*(?:i|we|you|let(?:'s|\s+us)?|first|one)\b|"
    r"(?:(?:should|must|will|would|needs?\s+to|has\s+to|is|can)\s+(?:be\s+)?)?"
    r"(?:in\s+(?:\w+\s+){0,2}?(?:decimal\s+places?|significant\s+(?:figures|digits)|dollars|cents|simplest|lowest|"
    r"terms\s+of|the\s+form|units)|rounded|expressed|written|simplified|reported|"
    r"an?\s+(?:whole|integer|positive|negative|number|fraction|decimal|real))\b(?!\s*[:=])",
    re.IGNORECASE,
)


def marker_mentioned(before: str, span: str) -> bool:
    """Whether an answer marker (``final answer``, ``the answer is``) is only named, not used to state the
    answer: ``before`` is the text before the marker, ``span`` what follows it (with no colon between).

    >>> marker_mentioned("To get the ", ", I need to add 40 and 32"), marker_mentioned("So the ", "72")
    (True, False)
    >>> marker_mentioned("The ", "should be a whole number"), marker_mentioned("The ", "in 2 decimal places")
    (True, True)
    """
    return _MENTIONED_AFTER.match(span) is not None or _MENTIONED_BEFORE.search(before[-120:]) is not None


# a line that checks a result rather than states one: "Check: 72 / 9 = 8 ✓", "(Verification: 7 + 5 = 12)"
_CHECK_LINE = re.compile(
    rf"[ \t>*_(#-]*(?:let(?:[ \t]+me|'s|[ \t]+us)[ \t]+)?(?:quick[ \t]+)?(?:{CHECK_WORDS})\b"
    r"(?:[*_]*[ \t]*[:：][^\n]*|[^\n]*[✓✔✅][ \t*_).]*)",
    re.IGNORECASE,
)
_CHECK_WORDS = ("heck", "erif", "HECK", "ERIF")
# a check that takes the result back or states another as the answer is no check: "let me double check:
# actually it's 6", "Check: wait, 72 / 9 = 8 fails"
_CHECK_TAKES_BACK = re.compile(
    r"\b(?:actually|wait|oops|sorry|mistake|instead|rather)\b|"
    r"\b(?:it['’]s|it\s+is|answer\s+is|should\s+be)[\s*_$(]*[-−]?\d",
    re.IGNORECASE,
)


# where a check's sentences break: "Check: 18 / 2 = 9. So she makes $20 a day." (not a decimal point)
_CHECK_SENTENCE_BREAK = re.compile(r"(?<=[.!?✓✔✅])\s+(?=\S)")


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
        or not _A_DIGIT.search(sentence)
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
_CHECK_FAILS = re.compile(
    r"=[\s$*_]*(?P<computed>-?\d[\d,]*(?:\.\d+)?)[\s$)*_]*(?:≠|\\neq?(?![A-Za-z])|!=|=/=)[\s$(*_]*"
    r"(?!0(?![\d.,]*\d))-?\d[\d,]*(?:\.\d+)?|[✗✘❌]"
)
# the characters one of those holds: a literal test before the reader
_CHECK_FAIL_SIGNS = ("≠", "\\ne", "!=", "=/=", "✗", "✘", "❌")
_CHECK_WORD = re.compile(r"\b(?:check|verif)", re.IGNORECASE)
_TICK = re.compile("[✓✔✅]")


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
_CHECK_CLAUSE = re.compile(
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
_UNSETTLED_CHECK = re.compile(
    r"(?:^|(?<=[,;.!]))[ \t]*[*_]*(?:wait|hold[ \t]+on|hmm+)[ \t]*[,.!—–-]+[ \t]*"
    r"(?:let(?:[ \t]+me|'s|[ \t]+us)[ \t]+|(?:i|we)[ \t]+(?:should|will|need[ \t]+to|must)[ \t]+)?"
    r"(?:sanity[ \t]+|quick[ \t]+|double[- ]?|re-?)?(?:check|verify|confirm)\b"
    r"(?:[ \t]+[^\W\d][^\n:：.!?\d]{0,40}?)?[*_]*[ \t]*[:：](?P<said>[^\n]*\d[^\n]*)$",
    re.IGNORECASE | re.MULTILINE,
)
# what makes a check's words more than a named value: a computation or a conclusion
_WORKED = re.compile(r"[=×*+÷/^]|\\times|\\cdot|\b(?:so|thus|hence|therefore|which|gives?|makes?)\b", re.I)


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


# one sentence that gives a value per case: "If the price is $3, she has 12 left; if it's $2, she has 15",
# "If each person, 12; if each group, 4", "With tax it is $54, and without tax it is $50", "Including the
# teacher 25 go, excluding her 24": two conditions of one kind, the first with its value, the second
# opening the clause of the value. (Reasoning that chains "If …, …. If …, …." over sentences states steps.)
_PER_CASE = [
    re.compile(
        rf"(?:^|[,;:]\s*)[\s*_>-]*(?:{first})\b[^.;!?\n]*?\d[^.!?\n]*?[,;]\s*"
        rf"(?:and\s+|but\s+|while\s+|whereas\s+|or\s+)?(?:{second})\b[^.;!?\n]*$",
        re.IGNORECASE,
    )
    for first, second in (
        # "…, it is 72, otherwise it is 48", "…; else 48": the last case needs no condition of its own
        ("if|when|in case", r"if|when|in case|otherwise|else"),
        ("with", "without"),
        ("including|counting", r"excluding|not\s+counting|without"),
    )
]


# ... or two sentences, the second the first's complement: "If we count the teacher, 25 go. Without the
# teacher, 24 go." (a chain of "If …" sentences states steps; a case and its complement, naming the same
# thing, answer two readings)
_CASE_THEN_COMPLEMENT = re.compile(
    r"(?:^|[.!?\n]\s*)[\s*_>-]*(?:with|including|counting|if\s+(?:we|you)\s+(?:count|include))\b"
    r"(?P<case>[^.!?\n]*?)\d[^.!?\n]*[.!?]\s+[\s*_>-]*(?:without|excluding|not\s+counting|"
    r"if\s+(?:we|you)\s+(?:don'?t|do\s+not)\s+(?:count|include)|if\s+(?:we|you)\s+exclude)\b"
    r"(?P<complement>[^.!?\n]*)$",
    re.IGNORECASE,
)
_COMPLEMENT_OPENING = re.compile(r"[\s*_>-]*(?:without|excluding|not\s+counting|if\s+(?:we|you)\s+)", re.I)
_NAMING_WORD = re.compile(r"[^\W\d_]{3,}")
_NOT_NAMING = frozenset({"the", "and", "her", "his", "its", "their", "our", "any", "all", "she", "they"})


def case_then_complement(before: str, sentence_before: str, value: Quantity | None) -> str | None:
    """Why the sentence before ``value`` gives the complement of a case the sentence before it answered with
    another value (``If we count the teacher, 25 go. Without the teacher,``), or None; ``before`` holds both
    sentences.

    >>> case_then_complement("If we count Ann, 25 go. Without Ann, ", "Without Ann, ", None) is not None
    True
    """
    if _COMPLEMENT_OPENING.match(sentence_before) is None:
        return None
    m = _CASE_THEN_COMPLEMENT.search(before[-500:])
    if m is None:
        return None
    named = {w.lower() for w in _NAMING_WORD.findall(m["case"])[:3]} - _NOT_NAMING
    if not named & {w.lower() for w in _NAMING_WORD.findall(m["complement"])[:3]}:
        return None  # "With the coupon, … Without spending more, …": no case and its complement
    first_case = m.group()[: m.start("complement") - m.start()]
    said = [found.quantity for found in scan(first_case) if found.quantity is not None]
    if value is not None and said and same_quantity(said[-1], value):
        return None  # the same value in both cases: it holds either way
    return f"one value per case: {m.group().strip(' .')[:60]!r} … answers a case and its complement"


def one_value_per_case(sentence_before: str) -> str | None:
    """Why the sentence before a value gives one value per case, the value the last case's (``If the price is
    $3, she has 12 left; if it's $2, she has``), or None.

    >>> one_value_per_case("If the price is $3, she has 12 left; if it's $2, she has ") is not None
    True
    >>> one_value_per_case("If she sells 16 eggs at $2, she makes ") is None
    True
    """
    if "," not in sentence_before and ";" not in sentence_before:
        return None
    tail = sentence_before[-400:]
    m = next((found for case in _PER_CASE if (found := case.search(tail)) is not None), None)
    if m is None:
        return None
    return f"one value per case: {m.group().strip(' ,;')[:60]!r} … answers each case, not the question"


def another_case_after(stated: str, after: str) -> str | None:
    """Why the rest of the line ``after`` an answer statement ``stated`` that opens on a case gives another
    case another value (``The answer is: if each person, 12; if each group, 4``), or None.

    >>> another_case_after("if each person, 12", "; if each group, 4.") is not None
    True
    >>> another_case_after("12", "; 4 per group is another question.") is None
    True
    """
    m = _NEXT_CASE_VALUE.match(after)
    if m is None:
        return None
    said = [found.quantity for found in scan(stated)]
    then = next(scan(after[m.end() :]), None)
    if said and then is not None and same_quantity(said[-1], then.quantity):
        return None  # the same value in both cases: it holds either way
    return one_value_per_case(stated + m.group())


# the rest of a line up to its next value, after a comma or semicolon: "; if each group, " before "4"
_NEXT_CASE_VALUE = re.compile(r"[ \t*_]*[,;][^\d\n.!?]{1,200}?(?=[$€£]?\d)")


# one or two bare numbers with only spaces between them and the value: "Result: 12 30" (not the groups of
# "1 000 000", nor an operand before a signed value, "72 − 2")
_NUMBERS_BEFORE = re.compile(
    r"(?:^|[\s(:{\[])(?!\d{1,3}(?:[ \t]+\d{3})+[ \t]+$)[-−]?\d+(?:\.\d+)?(?:[ \t]+[-−]?\d+(?:\.\d+)?)?[ \t]+$"
)


def listed_before(before: str, value: str = "") -> str | None:
    """Why a value that the lenient rule found is the last of several listed (``70, 71, 72``, ``12 30``), or
    None. ``value``: the value's text, when known: a number written before it with only a space between
    lists it with others unless it is the same number again (``30 30``, one value printed twice) or the
    value carries a sign (``72 − 2``, an operation).

    >>> listed_before("Candidates: 70, 71, "), listed_before("So she has ")
    ("several values: '71, …' lists the value with others", None)
    >>> listed_before("Result: 12 ", "30"), listed_before("Result: 30 ", "30"), listed_before("72 ", "− 2")
    ("several values: '12 …' lists the value with others", None, None)
    """
    m = _LISTED_BEFORE.search(before[-200:])
    if m is None and value[:1].isdigit() and "/" not in value:  # ("2 1/2" is one mixed number)
        m = _NUMBERS_BEFORE.search(before[-200:])
        said = next(scan(value), None)
        if m is not None and said is not None:
            numbers = [found.quantity for found in scan(m.group())]
            if all(same_quantity(number, said.quantity) for number in numbers):
                m = None  # "30 30.0": the value written again
    return (
        None if m is None else f"several values: {(m.group().strip() + ' …')!r} lists the value with others"
    )


# a word answer listed with others after a comma or semicolon: "red, blue", "red; blue". The item is short and
# ends the statement or the next list item; what opens a clause or an aside is no item ("red, since …",
# "red, of course", "yes, it is", "Monday, the 5th")
_LISTED_WORD_AFTER = re.compile(
    r"^[ \t*_]*[,;][ \t]*(?:(?:and|or)[ \t]+)?[*_\"']*"
    r"(?P<item>[A-Za-z][A-Za-z'’\-]*(?:[ \t]+[A-Za-z][A-Za-z'’\-]*){0,2})"
    r"[*_\"']*[ \t]*(?:[,;]|\b(?:and|or)\b|[.!]?[ \t]*$|[.!]?[ \t]*\n)",
    re.IGNORECASE,
)
_NO_ITEM = frozenset(
    "since because as so but which who whom whose that though although while whereas when where if unless "
    "then hence thus therefore i.e e.g ie eg not nor of in on at for with without by from to into than the a "
    "an this these those it its it's i i'm we you he she they there here my our your his her their me us "
    "them obviously clearly certainly definitely surely indeed naturally really truly exactly precisely "
    "basically simply just only too also again right correct confirmed final please thanks thank period "
    "yes no same each every all both either neither".split()
)


def listed_words_after(after: str) -> str | None:
    """Why a word answer is one of several listed after it (``red, blue``), or None when what follows its
    comma is a clause or an aside (``red, since …``, ``red, of course``).

    >>> listed_words_after(", blue"), listed_words_after(", of course"), listed_words_after(", since …")
    ("several answers: the list goes on with 'blue'", None, None)
    >>> listed_words_after(", no"), listed_words_after(", no doubt.")
    ("several answers: the list goes on with 'no'", None)
    """
    m = _LISTED_WORD_AFTER.match(after[:200])
    if m is None:
        return None
    # "yes, no problem" opens an aside, but a bare "yes" or "no" listed is an answer of its own ("yes, no")
    if m["item"].split()[0].lower().rstrip("'’") in _NO_ITEM and m["item"].lower() not in ("yes", "no"):
        return None
    return f"several answers: the list goes on with {m['item']!r}"


# what a retraction after a word answer names instead: "Wait, actually Tuesday.", "Hmm, no, it's Tuesday."
_WORD_AFTER_RETRACTION = re.compile(
    r"^(?:[\s,.:;!—–\-]|\b(?:wait|actually|hmm+|oops|no|sorry|correction|i\s+meant?|make\s+that|"
    r"or\s+rather|rather|so)\b)*"
    r"(?:(?:it\s+is|it'?s|it\s+(?:must|should|has\s+to)\s+be|the\s+(?:correct\s+|final\s+|right\s+)?answer\s+"
    r"(?:is|should\s+be|must\s+be))[\s:]+)?[*_\"']*"
    r"(?P<word>[A-Za-z][A-Za-z'’\-]*(?:[ \t]+(?!(?:is|was|are|were)\b)[A-Za-z][A-Za-z'’\-]*){0,3}?)[*_\"']*"
    # "Actually, Tuesday is correct.": the word named before its verdict
    r"(?:[ \t]+(?:is|was)[ \t]+(?:correct|right|the[ \t]+(?:correct[ \t]+|right[ \t]+)?answer))?"
    r"[ \t]*(?:[.!]|\n|$)",
    re.IGNORECASE,
)


# what opens a further step of reasoning rather than naming an answer: "Wait, let me check."
_NOT_A_WORD_ANSWER = _NO_ITEM | frozenset(
    "let lets let's check double recheck recount recalculate reconsider rethink think see look hold maybe "
    "perhaps possibly probably might may could should would is was are".split()
)


def word_after_retraction(after: str) -> tuple[int, int] | None:
    """Where the word answer is that the words after a retraction cue name (``, actually Tuesday.``), as
    offsets into ``after``, or None when they go on to something else (``, let me check the count``).

    >>> word_after_retraction(", actually Tuesday."), word_after_retraction(", let me check the days again.")
    ((11, 18), None)
    """
    m = _WORD_AFTER_RETRACTION.match(after[:300])
    if m is None or m["word"].split()[0].lower().rstrip("'’") in _NOT_A_WORD_ANSWER:
        return None
    return m.span("word")


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


_SEMICOLON_AFTER = re.compile(r"[ \t*_$]*;")


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


# a variable that tends to the value: "as x -> 72", "x \\to 72", "\\lim_{n \\to 72}" (an arrow after a result,
# "9 * 8 -> 72", gives it)
_TENDS_TO = re.compile(
    r"(?<![A-Za-z\\])[A-Za-z](?:_\{?\w{1,3}\}?)?[ \t]*"
    r"(?:\\to|\\rightarrow|\\longrightarrow|→|⟶|-{1,2}>)[\s$*_({]*$"
)
# a markup tag that opens an answer's element: "<final_answer>", "<result>", "<b>", '<span class="x">'
_TAG_AT_END = re.compile(r"<[A-Za-z_][\w:-]{0,30}(?:\s[^<>]{0,80})?>[\s*_$]*$")
# GSM8K's calculator note before the result it computes ("48+24 = <<48+24=72>>72"): its ">>" closes the note,
# no "much greater than"
# (the statement read may open inside it, past a decimal point: "2*50=10>>" of "<<0.2*50=10>>"); a note holds
# no space, "x >> 72" is a relation
_CALCULATOR_NOTE_AT_END = re.compile(r"(?:<<)?[^<>\s]{0,200}=[^<>\s]{1,40}>>[\s*_$]*$")


def tends_to(before: str) -> str | None:
    """Why a value is the point a variable tends to (``as x -> 72``, ``x \\to 72``, ``x → 72``), not a value
    stated, or None.

    >>> tends_to("as x -> "), tends_to("9 * 8 -> ")
    ("a limit point: 'as x -> …' says what a variable tends to, not a value", None)
    """
    tail = before[-12:]
    if ">" not in tail and "to" not in tail and "→" not in tail and "⟶" not in tail:
        return None
    if _TENDS_TO.search(before[-60:]) is None:
        return None
    return f"a limit point: {(before.strip()[-40:] + ' …')!r} says what a variable tends to, not a value"


# a bound said after a statement, past its full stop, closing tag, box or line break, and all that stands
# there before its line ends: "\\boxed{18} or more", "<answer>18</answer> or more.", "The answer is 18. Or
# more.", "Answer: 18\nat least" (not "18. At least 5 of them are red.", which goes on)
_BOUND_SAID_AFTER = re.compile(
    r"(?:[ \t]+[A-Za-z%°]+){0,3}"  # the value's unit or noun ("It has 18 legs. Or more.")
    # (past the quote or emphasis that closes the statement: '"The answer is 81." or more')
    r"(?:[\s.,;:!)\]}$*_\x22”’»]|</[A-Za-z_]{1,20}>|\\[)\]])*"
    r"(?P<bound>(?:or\s+(?:more|less|fewer|greater|higher|lower|above|below|over|under|longer|shorter|so|"
    r"thereabouts)|and\s+(?:up(?:wards?)?|above|over|more)|at\s+(?:the\s+)?(?:very\s+)?(?:least|most)|"
    r"(?:at\s+(?:a\s+)?)?(?:minimum|maximum)|tops|give\s+or\s+take(?:\s+a\s+few)?)|"
    # ... or a vague word that takes the value for a guess: "18. Something like that.", "18, more or less"
    r"(?P<vague>(?:or\s+)?something(?:\s+like\s+(?:that|this))?|more\s+or\s+less|(?:or\s+)?thereabouts))"
    r"[ \t.!*_)]*(?:\n|$)",
    re.IGNORECASE,
)


_BOUND_WINDOW = 160


def bounded_after(text: str, end: int = 0) -> str | None:
    """Why what follows a statement ending at ``end`` of ``text``, past its closing punctuation, tag, box or
    line break, makes its value a bound (``\\boxed{18} or more``, ``The answer is 18. At least.``) or a guess
    (``18. Something like that.``), or None: the words must be all that stands there before their line ends.
    Read in place, a short window past ``end``: no copy of the rest of the text.

    >>> bounded_after("</answer> or more."), bounded_after(". At least 5 of them are red.")
    ("qualified: '… or more' is a bound, not a value", None)
    """
    m = _BOUND_SAID_AFTER.match(text, end, end + _BOUND_WINDOW)
    if m is None:
        return None
    if m.group("vague") is not None:
        return f"hedged: {'… ' + m.group('vague')!r} does not commit to the value"
    return f"qualified: {'… ' + m.group('bound')!r} is a bound, not a value"


def qualified(before: str, after: str, *, relations_qualify: bool = True) -> str | None:
    """Why a value between ``before`` and ``after`` is a bound (``at least 12``, ``12 or more``), or None."""
    before = before[-200:]
    if before.rstrip(" \t*_$").endswith(">"):
        before = _TAG_AT_END.sub("", before)  # "<final_answer>72": a markup tag, no relation
        before = _CALCULATOR_NOTE_AT_END.sub("", before)
    limit = tends_to(before)
    if limit is not None:
        return limit
    qualifier = _QUALIFIER_BEFORE.search(before)
    if qualifier is not None and (relations_qualify or not _RELATION.match(before, qualifier.start())):
        return f"qualified: {(before.strip() + ' …')!r} states a bound, not a value"
    if _QUALIFIER_AFTER.match(after[:300]):
        return f"qualified: {('… ' + after.strip())[:60]!r} is a bound, not a value"
    return None


def _restates(value: Quantity | None, after: str, at: int, own: str | None = None) -> bool:
    """Whether every value from ``after[at:]`` on, and every one before it, says the same as ``value``
    (``18, or 18.0``; ``2/5, or 40%``, the same share; ``5 km, or 3.1 miles``, rounded in another unit at the
    places it writes; not ``18 or 18.0, though it might be 19``, nor ``3, 1 or 3, 3``: a list offered as an
    alternative to another is a hedge whatever its first value; nor ``72 muffins or 72 boxes``). ``own``: the
    text right after the value, where it is not ``after`` (a hedge before the value: ``72 pens or`` before
    ``72 pencils``)."""
    if value is None:
        return False
    found = list(scan(after[: at + 200]))
    if not found or not all(
        same_quantity(f.quantity, value)
        or same_share(f.quantity, value)
        or rounded_restatement(f.quantity, value)
        for f in found
    ):
        return False
    # "72 muffins or 72 boxes": the same number of other things, no unit to convert, is another answer
    noun = _NOUN_RIGHT_AFTER.match(after if own is None else own) if value.unit is None else None
    if noun is None:
        return True
    for f in found:
        other = _NOUN_RIGHT_AFTER.match(after, f.end) if f.quantity.unit is None else None
        if other is None:
            continue
        mine, theirs = _singular(noun["noun"]), _singular(other["noun"])
        if mine and theirs and mine != theirs:
            return False
    return True


# the word a bare number counts, right after it: "72 muffins", "72 boxes of pens"
_NOUN_RIGHT_AFTER = re.compile(r"[ \t]+(?P<noun>[A-Za-z]{3,20})\b")
# words after a number that name no thing it counts ("72 in all", "72 total", "72, which is …")
_NOT_NOUNS = frozenset(
    "and but the for not are was were which that then than total overall altogether all each per more less "
    "left remaining exactly only".split()
)


def _singular(word: str) -> str:
    """A counted noun, singular and lower-cased, for comparing two (``boxes`` → ``box``); a word that names no
    thing (``total``, ``which``) is the same as any."""
    word = word.lower()
    if word in _NOT_NOUNS:
        return ""
    return (
        word.removesuffix("es") if word.endswith(("xes", "ches", "shes", "sses")) else word.removesuffix("s")
    )


# a take-back inside the statement, and what it names instead: "72 — just kidding, 73", "72, scratch that: 73"
_TAKEN_BACK_WITHIN = re.compile(
    rf"^[^\n.;!?]{{0,80}}?\b(?:{_TAKES_BACK})(?:\b|(?<=\?))[\s,:;!—–-]*"
    r"(?:(?:it\s+is|it'?s|the\s+answer\s+is|make\s+(?:it|that))\b[\s:]*)?",
    re.IGNORECASE,
)


def taken_back_within(after: str) -> str | None:
    """After a value, the rest of its statement when the statement takes the value back (``72 — just
    kidding, 73`` → ``73``; ``""`` when nothing follows the take-back), or None when nothing takes it back.

    >>> taken_back_within(" — just kidding, 73"), taken_back_within(", just kidding")
    ('73', '')
    >>> taken_back_within(" apples") is None, taken_back_within(", no, 20, no, 18")
    (True, '')
    """
    m = _TAKEN_BACK_WITHIN.match(after[:300])
    if m is None:
        return None
    rest = after[m.end() :].strip(" .!)]*_")
    # "18, no, 20, no, 18": the value it takes back to is taken back in turn; none stands
    return "" if _TAKEN_BACK_WITHIN.match(rest[:300]) else rest


# a hedge the statement settles itself: "18 or 16, but I'll go with 18", "B or C; I'd pick C"
_SETTLED_ON = re.compile(
    r"[,;.]?\s*(?:but|so|and|though)?[,\s]*(?:i'?ll|i\s+will|i'?d|i\s+would|i'?m|i\s+am|let'?s|we'?ll)\s+"
    r"(?:go(?:ing)?\s+with|stick(?:ing)?\s+with|settle\s+on|choose|pick|take|say)\s+(?P<value>[^,;\n]{1,60}?)"
    r"[\s.!*_]*$",
    re.IGNORECASE,
)


def settled_on(statement: str) -> int | None:
    """Where the value a statement settles on starts, when it offers values and then settles on one itself
    (``18 or 16, but I'll go with 18`` → the second ``18``), or None: that value is what it commits to.

    >>> text = "18 or 16, but I'll go with 16."
    >>> text[settled_on(text):], settled_on("18 or 16") is None
    ('16.', True)
    """
    if "or" not in statement and "OR" not in statement:
        return None
    m = _SETTLED_ON.search(statement)
    return None if m is None or m.start() == 0 else m.start("value")


def settled_at_end(text: str) -> tuple[int, int] | None:
    """Where the one value stands that a text ends by settling on itself (``… Still, the natural reading
    gives 72, so I'll go with 72.`` → the last ``72``), or None; a hedge it settles on (``I'll go with 72 or
    73``) is none.

    >>> text = "Maybe I misread. So I'll stick with 72."
    >>> text[slice(*settled_at_end(text))], settled_at_end("I'll go with 72 or 73.")
    ('72', None)
    """
    start = max(0, len(text) - 200)
    tail = text[start:]
    if "'ll" not in tail and "will" not in tail and "’ll" not in tail:
        return None
    m = _SETTLED_ON.search(tail.replace("’", "'"))
    if m is None:
        return None
    value = m["value"].rstrip(" \t*_$")
    lead = len(value) - len(value.lstrip(" \t*_$"))
    found = list(scan(value))
    if len(found) != 1 or found[0].start > lead + 1 or _OR_WORD.search(value):
        return None
    at = start + m.start("value") + found[0].start
    return at, at + found[0].end - found[0].start


_OR_WORD = re.compile(r"\b(?:or|and|maybe|perhaps|probably)\b|/", re.IGNORECASE)


# a take-back inside the statement followed by the answer stated again: "72, sorry, it should be 70", "72 — no
# wait, the answer is 70", "72, my mistake: it's 70", "72 (correction: it should be 70)" (and the Chinese
# "72，抱歉，应该是70", "72，错，应为70", read into these words). The restatement is a statement of its
# own, as the same words in the next sentence are ("72. Sorry, it should be 70."); a bare cue before the other
# value ("72, I mean 73", "72 — wait, 73", "72, correction: 70") states nothing again and stays a take-back
# (see _CORRECTED_AFTER)
_CORRECTION_CUE = (
    r"sorry|(?:my\s+)?apologies|my\s+(?:mistake|bad|error)|oops|whoops|no|wait|hold\s+on|actually|"
    r"scratch\s+that|strike\s+that|i\s+was\s+wrong|i\s+made\s+(?:a|an)\s+(?:mistake|error)|wrong|incorrect|"
    r"(?:that'?s|that\s+is|this\s+is)\s+(?:wrong|incorrect|not\s+right|a\s+mistake)|correction"
)
_RESTATEMENT = (
    r"(?:it|that|this|the\s+(?:(?:correct|right|real|actual|final)\s+)?(?:answer|result|total|value))\s+"
    r"(?:is|was|should\s+(?:be|have\s+been)|must\s+be)|it'?s|that'?s|should\s+(?:be|have\s+been)|must\s+be|"
    r"i\s+meant?|make\s+(?:it|that)"
)
_CORRECTION_SEPARATOR = r"(?:[ \t]*[,;:!—–-]+[ \t]*|[ \t]+)"
_RESTATED_CORRECTION = re.compile(
    r"(?:[,;—–-]|(?<=\S)[ \t])[ \t]*\(?[ \t]*"
    rf"(?:(?:{_CORRECTION_CUE})\b{_CORRECTION_SEPARATOR}){{1,3}}(?:{_RESTATEMENT})\b[ \t:]*"
    # (the value in emphasis or said as rounded: "it should be **70**", "it is about 70")
    rf"(?=[*_]*(?:(?:{APPROXIMATION})[ \t]+[*_]*)?(?:[-−$(]?\d|(?-i:\(?[A-J]\b)|\\))",
    re.IGNORECASE,
)


def corrected_within(statement: str) -> int | None:
    """Where the value a statement restates after taking its first one back starts (``72, sorry, it should be
    70`` → the ``70``), or None: that value is what it commits to.

    >>> text = "72, sorry, it should be 70."
    >>> text[corrected_within(text):], corrected_within("72, I mean 73") is None
    ('70.', True)
    """
    if len(statement) < 8:  # "72", "C", "$1,250": no room for a take-back and a value after it
        return None
    for m in _RESTATED_CORRECTION.finditer(statement[:400]):
        if m.start() > 0 and statement[: m.start()].strip(" \t*_$"):  # a value stands before the take-back
            return m.end()
    return None


def negation_corrected(after: str, value: Quantity | None = None) -> str | None:
    """After a negated value, the answer the statement goes on to name (``not 40, but 45`` → ``45``). The
    negated ``value`` said again, in any form, names no other (``not 72, which is 72 dollars``, ``not 0.4,
    which is 40%``: still not that value).

    >>> n = next(scan("72")).quantity
    >>> negation_corrected(", which is 45", n), negation_corrected(", which is 72 dollars", n)
    ('45', None)
    >>> negation_corrected(", which is 40%", next(scan("0.4")).quantity)
    """
    m = _CORRECTION.match(after)
    if m is None:
        return None
    rest = after[m.end() :].strip()
    if _REFUSES.search(rest[:200]):
        return None  # "not 13, but I cannot determine the exact value": no answer named
    if value is not None and rest:
        again = next(scan(rest), None)
        if (
            again is not None
            and again.start == 0
            and (
                again.quantity.value == value.value
                or same_quantity(again.quantity, value)
                # "not 0.4, which is 40%", "not 5 km, which is 3.1 miles": the value in another form
                or same_share(again.quantity, value)
                or rounded_restatement(again.quantity, value)
            )
        ):
            return None
    return rest or None


# a clause that measures a value against a reference, the text's last number: ", which is 2 miles short of
# his 16-mile goal", ", half of her $80 target", ", i.e. 60% of its 50-liter capacity", ", 2 fewer than the
# limit of 20", ", up from 450". The reference is no answer; the value the clause follows is the statement's
_REFERENCE_OPENER = (
    r"(?:(?:(?:which|that|this|it)(?:\s+(?:is|was|are|were|means|puts\s+(?:him|her|them|it|us))|['’]s)|"
    r"i\.\s?e\.,?|that\s+is,?|or)\s+)?"
    r"(?:(?:just|only|exactly|about|around|roughly|nearly|almost|well|far|still|slightly|much)\s+)?"
)
# the gap or the share the clause measures: "2 miles", "$15", "60%", "half", "three quarters", "twice"
_REFERENCE_SHARE = (
    r"[$€£]?[*_ \t]*\d(?:[\d,]*\d)?(?:\.\d+)?(?:[ \t]*[*_$])*\s*%?|half|twice|double|triple|thrice|"
    r"(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten)[\s-]+"
    r"(?:half|halves|thirds?|quarters?|fourths?|fifths?|sixths?|eighths?|tenths?)"
)
# a share said as one: "60%", "half", "three quarters"
_SHARE_OF = re.compile(
    r"\d(?:[\d,]*\d)?(?:\.\d+)?\s*%|half|(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten)[\s-]+"
    r"(?:half|halves|thirds?|quarters?|fourths?|fifths?|sixths?|eighths?|tenths?)",
    re.IGNORECASE,
)
# the relation to the reference, and what names the reference before its number ("his 16-mile goal", "the
# limit of 20", "her $80 target"); a result said after "to" ("which brings the total to 16") or "a total
# of" is none
_REFERENCE_RELATION = (
    r"(?P<relation>(?:(?:[A-Za-z]+er|more|less|fewer)\s+)?than|short\s+of|shy\s+of|(?:up|down|away)\s+from|out\s+of|of|below|above|under|over|"
    r"beyond|compared\s+(?:to|with)|versus|vs\.?)\s+"
    r"(?:(?:his|her|their|its|the|my|our|your|this|that|[A-Z][a-z]+['’]s)\s+)?"
    # ("45 out of a possible 50", "12 out of a total of 20": the whole, named as what could be had)
    r"(?:(?:a\s+)?(?:possible|total\s+of|maximum\s+of)\s+)?"
    r"(?:[A-Za-z]+(?:-[A-Za-z]+)?\s+of\s+)?[$€£*_ \t]*$"
)
_REFERENCE_CLAUSE = re.compile(
    rf"(?:,(?!\d)|\(|\s[—–-])\s*{_REFERENCE_OPENER}"
    rf"(?:(?P<share>{_REFERENCE_SHARE})(?:[\s-]+[A-Za-z%]+){{0,3}}?\s+)?{_REFERENCE_RELATION}",
    re.IGNORECASE,
)
# ... or with no clause of its own: "He is 2 miles short of his 16-mile goal.", "12 of the 16 questions"
_REFERENCE_SHARED = re.compile(
    rf"(?<![\w$€£.,])(?P<share>{_REFERENCE_SHARE})(?:[\s-]+[A-Za-z%]+){{0,3}}?\s+{_REFERENCE_RELATION}",
    re.IGNORECASE,
)
# the value the clause follows: a number and the unit or few words after it, right before the clause
_HEAD_VALUE = re.compile(
    r"(?<![\w.,])(?P<value>[-−]?[$€£]?\d[\d,]*(?:\.\d+)?%?)(?![\d,])[*_$]*(?:[\s-]+[A-Za-z]+){0,3}[\s*_$]*$"
)
_REFERENCE_WORDS = ("than", "of", "from", "over", "under", "below", "above", "beyond", "versus", "vs")
# ... or a clause with no comma that names the reference a goal, a target, a limit: "They need 11 more
# boxes to reach the goal of 50", "39 boxes toward her goal of 50", "to hit the 100 mark", "12 out of the 20
# allowed" (what follows the number names it when the number comes first: "to reach her 30-stamp goal"); a
# gap before the reference ("3 short of the goal of 20", "5 over the limit of 20") is read below as a gap
_GOAL_NOUN = (
    r"(?:goal|target|limit|quota|capacity|budget|allowance|maximum|minimum|cap|threshold|requirement|mark)s?"
)
_GOAL_CLAUSE = re.compile(
    r"(?<![\w])(?:to\s+(?:reach|meet|hit|achieve|attain|exceed|surpass|fill|stay\s+(?:under|within|below))|"
    r"towards?|out\s+of)\s+"
    r"(?:(?:his|her|their|its|the|my|our|your|this|that|a|an|[A-Z][a-z]+['’]s)\s+)?"
    rf"(?:(?P<named>(?:[A-Za-z]+(?:-[A-Za-z]+)?\s+)?{_GOAL_NOUN}\s+of\s+)|(?=[$€£*_ \t]*$))[$€£*_ \t]*$",
    re.IGNORECASE,
)
_GOAL_NAMED = re.compile(rf"{_GOAL_NOUN}\s+of[$€£*_ \t]*$", re.IGNORECASE)
# the words one of those names its reference by: a literal test before the reader
_GOAL_STEMS = (
    "goal", "target", "limit", "quota", "cap", "budget", "allow", "maxim", "minim", "threshold", "requir",
    "mark", "permitted", "available", "planned",
)  # fmt: skip
_GOAL_AFTER = re.compile(
    rf"[-\s]*(?:[A-Za-z]+[-\s]+){{0,2}}?(?:{_GOAL_NOUN}|allowed|permitted|required|available|planned)\b",
    re.IGNORECASE,
)


# a count said against the whole it is part of: "12 out of 20", "12 of the 20" (digits, right before "of" or
# with what they count between: "45 points out of 50"); not an index ("Step 3 of 5", "page 2 of 10") nor a
# piece of a fraction or a product ("1/3 of 9", "7 groups of 8": a count of "of" only with no noun between)
_COUNT = re.compile(r"[$€£]?[*_ \t]*(?P<count>\d(?:[\d,]*\d)?(?:\.\d+)?)[*_$ \t]*")
_INDEX_BEFORE = re.compile(
    r"(?:\b(?:step|page|part|question|problem|item|case|day|week|month|year|chapter|section|round|level|lap|"
    r"game|trial|attempt|turn|stage|phase|number|no\.?)|#)[ \t]*$",
    re.IGNORECASE,
)


def _counted_against(before: str, shared: re.Match[str]) -> tuple[int, int] | None:
    """Where the count stands in ``before`` when a reference relation ``shared`` found there counts it against
    a whole (``12 out of 20``, ``12 of the 20``): the share is digits, no index nor piece of math, and "of"
    follows it directly; None otherwise."""
    at = shared.start("share")
    count = _COUNT.fullmatch(shared["share"])
    if count is None or _INDEX_BEFORE.search(before, max(0, at - 12), at):
        return None
    if at > 0 and not before[at - 1].isspace() and before[at - 1] not in "*_$(":
        return None  # ("1/3 of 9", "x^2 of": the look-behind of the relation leaves "/" and "^" before it)
    if shared["relation"].lower() == "of" and before[shared.end("share") : shared.start("relation")].strip():
        return None
    return at + count.start("count"), at + count.end("count")


# the last number as the gap of a comparison whose reference is no number: "So he pays $12, which is $5 less
# than last week", "Alice has 12 apples, 5 more than Bob" (the clause opens right before the gap; the gap's
# unit or a few words stand between it and the comparative)
_GAP_OPENER = re.compile(rf"(?:,(?!\d)|\(|\s[—–-])\s*{_REFERENCE_OPENER}[$€£*_ \t]*$", re.IGNORECASE)
_GAP_AFTER = re.compile(
    r"[*_$% \t]*(?:[\s-]+[A-Za-z]+){0,3}?\s+(?!rather\b|other\b)(?:[A-Za-z]+er|more|less|fewer)\s+than\b",
    re.IGNORECASE,
)
# a score written as a fraction of its whole after a verb of scoring or counting: "She scored 18/20", "He got
# 7/10 right", "answered 18/20 correctly", "她得了18/20", "Elle a obtenu 18/20" (the verb right before the
# fraction, an article or emphasis between); "The ratio is 18/20" is a fraction and nothing else
_SCORE_VERB_BEFORE = re.compile(
    r"(?:\b(?:scor(?:ed|es?|ing)|got|gets?|getting|earn(?:ed|s)?|receiv(?:ed|es?)|answer(?:ed|s)|"
    r"solv(?:ed|es)|passed|hit|made|marked|graded"
    # French, Spanish, Italian, Portuguese, German: "a obtenu", "sacó", "ha ottenuto", "tirou", "bekam"
    r"|obtenu|obtient|obtuvo|obtiene|sac[óo]|ottenuto|ottiene|obteve|tirou|erhielt|bekam|erreichte)"
    r"(?:[ \t]+(?:a|an|exactly|only|just))?"
    r"|得了|得到了?|拿了|考了|答对了?|做对了?)"
    r"[ \t]*[*_$]*$",
    re.IGNORECASE,
)
_SCORE_FRACTION = re.compile(r"(?P<count>\d{1,6})/(?P<whole>[1-9]\d{0,5})")
# what may follow such a score: the sentence's end, or what was scored ("18/20 correctly", "7/10 points");
# never "of" ("He got 3/4 of the pizza": a share) nor a unit ("3/4 cup")
_SCORE_AFTER = re.compile(
    r"[ \t*_$]*(?:[.,;:!?)。，；！]|$|(?:correct(?:ly)?|right|points?|marks?|questions?|problems?|answers?|"
    r"shots?|on|in|at|en|im|nel|no|na|bei|punkten?|punkte|puntos|punti|pontos)\b|分|题|道)",
    re.IGNORECASE,
)


def names_gap(after: str) -> bool:
    """Whether ``after``, the text right after a value, makes that value the gap of a comparison (``5 more
    than Bob``, ``$66.60 less than before``, ``30 m taller than the church``): no restatement of the value
    before it.

    >>> names_gap(" more than Bob."), names_gap(" miles, or 8 km.")
    (True, False)
    """
    return " than" in after[:60] and _GAP_AFTER.match(after) is not None


def _gap_of_comparison(before: str, after: str) -> tuple[int, int, str] | None:
    """Where the statement's value stands in ``before`` when the text's last number, right after it, is the
    gap a comparison names against a reference with no number (``$12, which is `` before ``$5 less than last
    week``); (-1, -1, clause) where no value stands before the clause; None when the number is no such gap."""
    gap = _GAP_AFTER.match(after)
    if gap is None:
        return None
    opener = _GAP_OPENER.search(before, max(0, len(before) - 60))
    if opener is None:
        return None
    clause, compared = before[opener.start() :].strip(" \t,(—–-$€£*_"), after[: gap.end()].strip(" \t*_$")
    said = f"{clause} … {compared}"
    head = _HEAD_VALUE.search(before, max(0, opener.start() - 80), opener.start())
    if head is None:
        return -1, -1, said
    return head.start("value"), head.end("value"), said


def scored_out_of(before: str, fraction: str, after: str = "") -> tuple[str, str] | None:
    """The count and the whole of ``fraction`` (``18/20``) when the text right before it (``before``) ends on
    a verb of scoring or counting (``She scored ``, ``她得了``) and what follows it (``after``) ends the
    sentence or names what was scored: ``18/20`` says 18 out of 20 there, as ``18 out of 20`` does (see
    :func:`measured_against`), besides the fraction 0.9 it writes; None elsewhere (``He got 3/4 of the
    pizza``: a share), and where the count exceeds the whole.

    >>> scored_out_of("She scored ", "18/20", "."), scored_out_of("The ratio is ", "18/20", ".")
    (('18', '20'), None)
    >>> scored_out_of("He got ", "3/4", " of the pizza.")
    """
    m = _SCORE_FRACTION.fullmatch(fraction)
    if m is None or int(m["count"]) > int(m["whole"]) or _SCORE_AFTER.match(after) is None:
        return None
    if _SCORE_VERB_BEFORE.search(before[-40:]) is None:
        return None
    return m["count"], m["whole"]


# a needed amount counted toward a whole named after it: "He needs 3 more to reach a total of 10", "She must
# buy 4 to make 12", "to get to 10", "to bring the total to 10", "so that he has 10" (the whole is the
# reference; the same words after a value no need is said of, "He added 3 to reach 10", may state a result)
_NEEDED_TOWARD = re.compile(
    r"(?<![\w])(?:to\s+(?:reach|make|get\s+(?:up\s+)?to|have|hit|"
    r"bring\s+(?:(?:his|her|their|its|the|my|our|your)\s+)?(?:total|count|number|sum)\s+(?:up\s+)?to)|"
    r"so\s+(?:that\s+)?(?:he|she|they|it|we|you|i)\s+(?:(?:will|would|can|could)\s+)?"
    r"(?:has|have|gets?|reach(?:es)?))\s+"
    r"(?:(?:a|the)\s+(?:total|sum)\s+of\s+)?[$€£*_ \t]*$",
    re.IGNORECASE,
)
_NEED_BEFORE = re.compile(r"\b(?:needs?|needed|must|ha(?:s|ve|d)\s+to|requires?|required)\b", re.IGNORECASE)


def _needed_toward(before: str) -> tuple[int, int, str] | None:
    """Where the needed amount stands in ``before`` when the text's last number is the whole it is counted
    toward (``He needs 3 more to reach a total of ``), with the clause that names it; None otherwise."""
    toward = _NEEDED_TOWARD.search(before, max(0, len(before) - 80))
    if toward is None:
        return None
    head = _HEAD_VALUE.search(before, max(0, toward.start() - 80), toward.start())
    if head is None:
        return None
    sentence = max(before.rfind(". ", 0, head.start()), before.rfind(":", 0, head.start())) + 1
    if _NEED_BEFORE.search(before, max(sentence, head.start() - 80), head.start()) is None:
        return None
    return head.start("value"), head.end("value"), before[toward.start() :].strip(" \t$€£*_")


# ... and the same two readings in the words other languages say them with (the vocabularies live in the
# language modules): "12 questions sur 20", "12 de 20 preguntas", "12 von 20 Fragen"; "Il lui en faut 3 de
# plus pour atteindre un total de 10", "Le faltan 3 para llegar a 10", "他还需要3个才能达到10个"
def _words_of(table: dict[str, tuple[str, ...]]) -> str:
    words = sorted({w for words in table.values() for w in words}, key=len, reverse=True)
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in words)


_COUNTED_AGAINST_ABROAD = re.compile(
    r"(?<![\w.,/^])[$€£]?[*_$]*(?P<share>\d(?:[\d,]*\d)?(?:\.\d+)?)[*_$]*"
    r"(?P<noun>(?:[ \t-]+[^\W\d_]+){0,3}?)[ \t]+"
    rf"(?P<relation>{_words_of(european.COUNTED_AGAINST)})[ \t]+"
    r"(?:(?:las|los|la|les|le|die|den|der|i|gli|os|as|um\s+total\s+de|un\s+total\s+de)[ \t]+)?"
    r"[$€£*_ \t]*$",
    re.IGNORECASE,
)
_COUNTED_AGAINST_WORDS = tuple(f" {w} " for words in european.COUNTED_AGAINST.values() for w in words)
_TOWARD_ABROAD = re.compile(
    rf"(?<![\w])(?P<toward>{_words_of(european.TOWARD)})[ \t]+"
    rf"(?:(?:{_words_of(european.TOTAL_OF)})[ \t]+)?[$€£*_ \t]*$",
    re.IGNORECASE,
)
_TOWARD_ABROAD_WORDS = tuple({w.split()[0] + " " for words in european.TOWARD.values() for w in words})
_NEED_ABROAD = re.compile(rf"(?<![\w])(?:{_words_of(european.NEEDED)})(?![\w])", re.IGNORECASE)
_CLOSES_AFTER = re.compile(
    r"(?![ \t*_$]*(?:uhr|h)\b)"  # ("um 10 Uhr": a time of day)
    rf"[^.!?;\n]{{0,30}}?\b(?:{'|'.join(european.TOWARD_CLOSES_AFTER.values())})\s+[^\W\d_]+",
    re.IGNORECASE,
)
_CLOSING_TOWARD = {w for code in european.TOWARD_CLOSES_AFTER for w in european.TOWARD[code]}
# a value and the few words after it, in any script, before the clause that names its whole ("3 de plus ",
# "3 más, ")
_HEAD_VALUE_ABROAD = re.compile(
    r"(?<![\w.,])(?P<value>[-−]?[$€£]?\d[\d,]*(?:\.\d+)?%?)(?![\d,])[*_$]*(?:[ \t-]+[^\W\d_]+){0,3}[\s*_$,]*$"
)
_NEEDED_TOWARD_CHINESE = re.compile(
    rf"(?:{'|'.join(chinese.NEEDED)})[ \t*_$]*(?P<value>\d[\d,]*(?:\.\d+)?)[ \t*_$]*[\u4e00-\u9fff]?[ \t]*"
    rf"(?P<toward>{'|'.join(chinese.TOWARD)})[ \t*_$]*$"
)


def _needed_toward_abroad(before: str, after: str) -> tuple[int, int, str] | None:
    """:func:`_needed_toward` in the words of another language: where the needed amount stands in ``before``
    (``Il lui en faut 3 de plus pour atteindre un total de ``, ``他还需要3个才能达到``), with the clause that
    names the whole; None otherwise."""
    tail = before[-80:]
    chinese_need = (
        _NEEDED_TOWARD_CHINESE.search(before, max(0, len(before) - 40)) if not tail.isascii() else None
    )
    if chinese_need is not None:
        return chinese_need.start("value"), chinese_need.end("value"), chinese_need["toward"]
    toward = _TOWARD_ABROAD.search(before, max(0, len(before) - 80))
    if toward is None:
        return None
    if toward["toward"].lower() in _CLOSING_TOWARD and _CLOSES_AFTER.match(after) is None:
        return None  # "um 10 Uhr": a time, no whole ("um auf 10 zu kommen" closes on "zu")
    head = _HEAD_VALUE_ABROAD.search(before, max(0, toward.start() - 80), toward.start())
    if head is None:
        return None
    sentence = max(before.rfind(". ", 0, head.start()), before.rfind(":", 0, head.start())) + 1
    if _NEED_ABROAD.search(before, max(sentence, head.start() - 80), head.start()) is None:
        return None
    return head.start("value"), head.end("value"), before[toward.start() :].strip(" \t$€£*_")


_WORD_AFTER = re.compile(r"[ \t*_$]*([^\W\d_]+)")
# what a whole may be called after its number ("12 questions sur 20 possibles", "sur 20 au total")
_WHOLE_SAID = frozenset("possibles possible posibles posible possíveis möglichen au en in insgesamt".split())


def _counted_against_abroad(before: str, after: str) -> tuple[int, int, str] | None:
    """:func:`_counted_against` in the words of another language: where the count stands in ``before`` when
    the last number, which ``after`` follows, is the whole it is counted against (``Elle a répondu à 12
    questions sur ``, ``12 de ``); None otherwise. A noun between the two is what both count: another noun
    after the whole names other things (``3 livres sur 2 tables``: "on 2 tables")."""
    m = _COUNTED_AGAINST_ABROAD.search(before, max(0, len(before) - 120))
    if m is None or _INDEX_BEFORE.search(before, max(0, m.start() - 12), m.start()):
        return None
    noun = m["noun"].strip(" \t-")
    if noun and m["relation"].lower() not in european.COUNTED_AGAINST_AFTER_A_NOUN:
        return None  # ("15 de marzo de 2024": a noun between, and "de" counts only right after the number)
    word = _WORD_AFTER.match(after)
    said = word[1].lower() if word is not None else ""
    if noun and said and not said.startswith(noun.split()[-1].lower()[:4]) and said not in _WHOLE_SAID:
        return None
    return m.start("share"), m.end("share"), m.group().strip()


def measured_against(before: str, after: str = "") -> tuple[int, int, str] | None:
    """Where the value a last number is measured against starts and ends in ``before`` (the text before that
    number, its sentence's last 200 characters or so) and the clause that measures it, when the number is the
    reference of a comparison (``In total he ran 14 miles, which is 2 miles short of his 16-mile goal``, ``She
    saved $40, half of her $80 target``): the statement's value is the one the clause follows. The start is
    -1 where no value stands right before the clause (``He is 2 miles short of his 16-mile goal``), whose
    reference no more answers than its gap; None when the number is measured against nothing.

    >>> measured_against("In total he ran 14 miles, which is 2 miles short of his ")
    (16, 18, 'which is 2 miles short of his')
    >>> measured_against("He is 2 miles short of his "), measured_against("which brings the total to ")
    ((-1, -1, '2 miles short of his'), None)
    >>> measured_against("He ran 5 more miles, which makes a total of ")
    >>> measured_against("They need 11 more boxes to reach the goal of ")
    (10, 12, 'to reach the goal of')
    >>> measured_against("She needs 7 more to reach her ", "-stamp goal."), measured_against("to reach ", ".")
    ((10, 11, 'to reach her'), None)

    A count said against its whole (``She answered 12 out of 20``, ``12 of the 20``) is the statement's
    value, and so is an amount needed toward a whole (``He needs 3 more to reach a total of 10``); an index
    (``Step 3 of 5``), a fraction's piece (``1/3 of 9``) and a result said with no need (``He added 3 more to
    reach a total of 10``) are none:

    >>> measured_against("She answered 12 out of "), measured_against("He needs 3 more to reach a total of ")
    ((13, 15, '12 out of'), (9, 10, 'to reach a total of'))
    >>> measured_against("Step 3 of "), measured_against("Thus 1/3 of ")
    (None, None)
    >>> measured_against("He added 3 more to reach a total of ")

    A gap whose reference is no number (``$12, which is $5 less than last week``) leaves the value before it:

    >>> measured_against("So he pays $12, which is ", " less than last week.")
    (11, 14, 'which is … less than')
    """
    if " than" in after[:60]:
        gap = _gap_of_comparison(before, after)
        if gap is not None:
            return gap
    tail = before[-80:].lower()
    if "to " in tail or "so " in tail:
        needed = _needed_toward(before)
        if needed is not None:
            return needed
    if not tail.isascii() or any(word in tail for word in _TOWARD_ABROAD_WORDS):
        needed = _needed_toward_abroad(before, after)
        if needed is not None:
            return needed
    if any(word in tail[-40:] for word in _COUNTED_AGAINST_WORDS):
        counted = _counted_against_abroad(before, after)
        if counted is not None:
            return counted
    named = tail + after[:40].lower()
    goal = (
        _GOAL_CLAUSE.search(before, max(0, len(before) - 120))
        if any(stem in named for stem in _GOAL_STEMS)
        else None
    )
    if goal is not None and (goal["named"] is not None or _GOAL_AFTER.match(after) is not None):
        head = _HEAD_VALUE.search(before, max(0, goal.start() - 80), goal.start())
        said = before[goal.start() :].strip(" \t$€£*_")
        if head is None:
            return -1, -1, said
        return head.start("value"), head.end("value"), said
    if not any(word in tail for word in _REFERENCE_WORDS):
        return None
    m = _REFERENCE_CLAUSE.search(before, max(0, len(before) - 200))
    if m is not None and (m["relation"].lower() != "of" or m["share"] is not None):
        head = _HEAD_VALUE.search(before, max(0, m.start() - 80), m.start())
        said = before[m.start() + 1 :].strip(" \t,(—–-")
        if head is None:
            return -1, -1, said
        return head.start("value"), head.end("value"), said
    shared = _REFERENCE_SHARED.search(before, max(0, len(before) - 120))
    if shared is None:
        return None
    relation = shared["relation"].lower()
    count = _counted_against(before, shared) if relation in ("of", "out of") else None
    if count is not None:
        # "She answered 12 out of 20 questions", "45 points out of a possible 50", "12 of the 20": the count
        # is the statement's value, the whole it is counted against no answer
        return count[0], count[1], shared.group().strip()
    if relation == "of":
        # a share of the reference ("half of her $80 target", "60% of its 50-liter capacity"); a count before
        # "of" is no share ("7 groups of 8": a product's factors; "Step 3 of 3": an index)
        if (
            _SHARE_OF.fullmatch(shared["share"]) is None
            or before[shared.end("share") : shared.start("relation")].strip()
        ):
            return None
    elif not relation.endswith(("than", "short of", "shy of", "away from")) and (
        _GOAL_NAMED.search(shared.group()) is None and _GOAL_AFTER.match(after) is None
    ):
        return None  # ("He saved $120 over 6 weeks": the period it took; "5 over the limit of 20" is a gap)
    return -1, -1, shared.group().strip()


# a plan or a wish that closes the text after its result: "Next year he hopes to save $300.", "Next week he
# plans to run 25 miles." Its value is what someone means to do at another time, no result of the working. A
# plan is read as one only with another time named ("He plans to run 25 miles." may state what was asked); a
# hope, a wish or a dream is never a result
_ANOTHER_TIME = (
    r"\b(?:(?:next|the\s+(?:next|following|coming)|this\s+coming)\s+(?:year|month|week|day|time|weekend|season|"
    r"semester|term|summer|winter|spring|fall|autumn|morning|evening|night|round|trip|game|race)s?|tomorrow|"
    r"someday|one\s+day|in\s+the\s+future|in\s+(?:the\s+)?(?:coming|following|next)\s+[a-z]+)\b"
)
_PLAN_VERB = (
    r"(?:plans?|planning|intends?|intending|aims?|aiming|wants?|wanting|expects?|expecting|(?:is|are|am)\s+going|"
    r"will\s+(?:try|aim|want)|(?P<wish>hopes?|hoping|wish(?:es)?|wishing|dreams?|dreaming|would\s+like|['’]d\s+like))"
)
_PLAN = re.compile(
    rf"\b(?:he|she|they|we|i|you|(?-i:[A-Z][a-z]+)|the\s+[a-z]+)(?:\s+(?:also|still|now|then|really))?\s+"
    rf"{_PLAN_VERB}\s+(?:to|of|on|for)\b",
    re.IGNORECASE,
)
_PLAN_STEMS = ("lan", "ntend", "aim", "want", "xpect", "going", "will", "hop", "wish", "dream", "like")
_ANOTHER_TIME_AT = re.compile(_ANOTHER_TIME, re.IGNORECASE)


def planned(sentence: str) -> str | None:
    """Why ``sentence``, one that closes a text after its result, states a plan or a wish rather than a result
    (``Next year he hopes to save $300.``, ``Next week he plans to run 25 miles.``), or None. A plan counts
    only with another time named; a hope or a wish always does.

    >>> planned("Next year he hopes to save $300."), planned("He plans to run 25 miles.")
    ("a plan or a wish: 'Next year he hopes to save $300.' names what is meant to be, no result", None)
    >>> planned("She hopes to read 30 pages tomorrow."), planned("Next year, the price will be $300.")
    ("a plan or a wish: 'She hopes to read 30 pages tomorrow.' names what is meant to be, no result", None)
    """
    if not any(stem in sentence for stem in _PLAN_STEMS):
        return None
    m = _PLAN.search(sentence)
    if m is None or (m["wish"] is None and _ANOTHER_TIME_AT.search(sentence) is None):
        return None
    return f"a plan or a wish: {sentence.strip()[:60]!r} names what is meant to be, no result"


# a consequence told under "would" after the result: "At 35 pages a day that would take about 7 more days.",
# "If she saved $5 a week, it would take her 12 weeks." What would follow from the result is no result of the
# working; a sentence that negates, corrects, offers another value or asks is read as ever
_WOULD_CONSEQUENCE = re.compile(
    r"\bwould\s+(?:(?:only|still|then|also)\s+)?(?:take|last|need|require|cost|leave|give|mean|get|allow|let)\b",
    re.IGNORECASE,
)
_NO_REMARK = re.compile(
    r"[?？]|n['’]t\b|\b(?:not|no|never|nor|or|either|answer|result|actually|wait|instead|rather|wrong|"
    r"incorrect|mistake|error|correct\w*|should|must|but|however)\b",
    re.IGNORECASE,
)


def would_consequence(sentence: str) -> str | None:
    """Why ``sentence``, one that closes a text after its result, tells what would follow from it rather than
    a result (``At 35 pages a day that would take about 7 more days.``), or None.

    >>> would_consequence("At 35 pages a day that would take about 7 more days.")
    "a consequence: 'At 35 pages a day that would take about 7 more days.' tells what would follow, no result"
    >>> would_consequence("No, it would take 7 days."), would_consequence("It takes 7 days.")
    (None, None)
    """
    if "would" not in sentence or _WOULD_CONSEQUENCE.search(sentence) is None:
        return None
    if _NO_REMARK.search(sentence) is not None:
        return None
    return f"a consequence: {sentence.strip()[:60]!r} tells what would follow, no result"


# a line that labels its value as the total: "- Total: 10 hours", "**Sum:** 48 + 24 = 72 clips", "Total cost:
# $72" (the value ends the line, a unit or a few words after it)
_TOTAL_LINE = re.compile(
    r"[\s*_>#-]*(?:(?:grand\s+)?total|sum|in\s+total|in\s+all|altogether|overall)(?:\s+[A-Za-z]+){0,2}[*_]*"
    r"\s*[:：](?:[^\n]{0,100}?=)?[\s*_]*(?P<value>[-−]?\$?\d[\d,]*(?:\.\d+)?)(?![\d.,]*\d|\s*[-+*/×÷%^=<>])"
    r"[^\d\n.;!?=]{0,40}[.!]?\s*",
    re.IGNORECASE,
)


def labelled_total(line: str) -> tuple[int, int] | None:
    """Where the value is that a line labels as the total (``- Total: 10 hours``, ``**Sum:** 48 + 24 = 72``),
    or None.

    >>> labelled_total("- Total: 10 hours"), labelled_total("**Sum:** 48 + 24 = 72 clips.")
    ((9, 11), (19, 21))
    >>> labelled_total("- Tuesday: 2 hours"), labelled_total("Total: 10 + x")
    (None, None)
    """
    if "otal" not in line and "um" not in line and "ll" not in line and "OTAL" not in line:
        return None
    m = _TOTAL_LINE.fullmatch(line)
    return None if m is None else (m.start("value"), m.end("value"))


# the label of an explanation told after the answer it explains, opening the text's last sentences: "I'd
# answer 56. The reasoning: 7 groups of 8.", "… 72 clips.\nExplanation: …" (of the working words, those that
# explain what was stated before them: a "Solution:" or "Working:" heads the working an answer comes after)
_EXPLANATION_LABEL = re.compile(
    r"(?:^|(?<=[.!?\n]))[ \t*_>#-]*(?:(?:the|my|our|here(?:'s|\s+is))[ \t]+)?"
    r"(?:explanation|justification|reasoning|rationale|reason|why)[ \t*_]*[:：]",
    re.IGNORECASE,
)
_EXPLANATION_STEMS = ("xplan", "ustif", "eason", "ationale", "hy", "XPLAN", "EASON")


# a remark that closes the text on how the result stands against the problem's givens, after the sentence that
# states it: "… a profit of $12,500.\n\nThis matches the expected margin of 25% on $50,000 revenue.", "That
# agrees with the 3 hours given." Its numbers are givens; one that states a value ("This confirms the answer
# is 72", "… = 72") is no remark
_CONFIRMING_REMARK = re.compile(
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
_STATES_A_VALUE = re.compile(
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


# a value stated as what "it" is, then a reason for it that closes the text: "No, it's 48. Each of the 4
# crates holds 12.", "I believe it's $\\frac23$ since only 2 of the 3 cases work."
_STATED_THEN_REASON = re.compile(
    r"\bit(?:'s|’s|[ \t]+is)[ \t]+[*_]{0,2}"
    r"(?P<value>\$[^$\n]{1,40}\$|\\\([^\n]{1,40}?\\\)|[-−]?\$?\d[\d,]*(?:\.\d+)?(?:/\d+)?%?)[*_]{0,2}"
    # (a sentence that opens on an alternative, a doubt or a step on is no reason: "It is 18. Or 19.")
    r"(?P<reason>[ \t]*[.!][ \t]*\n?[ \t]*(?=[A-Z])(?!(?:Or|But|Wait|Actually|However|Though|Although|Maybe"
    r"|Perhaps|Possibly|Probably|Unless|Otherwise|Alternatively|Then|So|Thus|Hence|Therefore|Also|No|Yes|Hmm)\b)"
    r"|,?[ \t]+(?=(?:since|because|as)[ \t]))",
    re.IGNORECASE,
)
# how much of the text's end a reason after a stated value may take
_REASON_CHARS = 160
# what may open a statement that a sentence of reasons follows: a reply's yes or no, a belief ("No, it's 48.",
# "I think it is 48."), after a speaker's label; a qualifier ("At first it's 48.") makes the next sentence a
# step past it
_REASON_LEAD = re.compile(
    r"[ \t*_>]*(?:[A-Za-z]{1,12}:[ \t]*)?(?:(?:no|yes|so|well|actually|hmm|ok|okay)[ \t]*[,!]?[ \t]*)?"
    r"(?:i[ \t]+(?:think|believe|guess)[ \t]+)?",
    re.IGNORECASE,
)


def reason_after_stated(text: str) -> int | None:
    """Where the reason starts that closes ``text`` after a value stated as what "it" is (``No, it's 48.
    Each of the 4 crates holds 12.``: at ``Each``), or None. The reason holds no statement of its own
    (``it is``), and is short.

    >>> t = "No, it's 48. Each of the 4 crates holds 12."
    >>> t[reason_after_stated(t) :]
    'Each of the 4 crates holds 12.'
    >>> reason_after_stated("It's 48."), reason_after_stated("It is 4 and so it is 12.")
    (None, None)
    """
    if "it" not in text and "It" not in text:
        return None
    last = None
    for stated in _STATED_THEN_REASON.finditer(text, max(0, len(text) - _REASON_CHARS - 80)):
        last = stated
    if last is None or len(text) - last.end() > _REASON_CHARS or not text[last.end() :].strip():
        return None
    if last["reason"].lstrip(" \t")[:1] in (".", "!"):
        opened = max(text.rfind(c, 0, last.start()) for c in ".!?\n") + 1
        if not _REASON_LEAD.fullmatch(text, opened, last.start()):
            return None  # "At first it's 48. After sharing, each gets 12.": a step past the value
    rest = text[last.end() :]
    if (
        rest.startswith(("It ", "The answer", "That ", "This "))
        or re.search(r"\bit(?:'s|’s|\s+is)\s", rest, re.IGNORECASE)
        or _HEDGE_STEMS.search(rest.lower())
    ):
        return None  # "It is 18. It seems to be 18, though it might be 19.": a statement again, or a hedge
    return last.end()


def explained_at_end(text: str) -> int | None:
    """Where the explanation that closes ``text`` starts (``I'd answer 56. The reasoning: 7 groups of 8.``: at
    ``The``), when something stands before it; None when the text does not close on one.

    >>> explained_at_end("I'd answer 56. The reasoning: 7 groups of 8."), explained_at_end("So 56.")
    (15, None)
    """
    if not any(stem in text for stem in _EXPLANATION_STEMS):
        return None
    labels = list(_EXPLANATION_LABEL.finditer(text))
    last = labels[-1] if labels else None
    if last is None or not text[: last.start()].strip():
        return None
    return last.start() + len(text[last.start() : last.end()]) - len(text[last.start() : last.end()].lstrip())


# --- a character's words: quoted speech and a dialogue of speakers ------------------------------------------
# a verb of speech and who says it: '"The answer is 81," said the wizard', 'The wizard said, "81."', '"81,"
# she replied'
_SPEECH_VERB = (
    r"(?:said|says|asked|asks|replied|replies|answered|answers|shouted|shouts|declared|declares|announced|"
    r"announces|whispered|whispers|exclaimed|exclaims|insisted|insists|claimed|claims|cried|cries|muttered|"
    r"mutters|retorted|retorts|protested|protests|added|adds|suggested|suggests|guessed|guesses)"
)
_SPEAKER = r"(?:(?:the|a|an|his|her|their|my|our)\s+(?:[a-z]+\s+)?[a-z]+|he|she|they|(?-i:[A-Z][a-z]+))"
_SAID_AFTER_QUOTE = re.compile(
    rf"[\s,.!?*_]*[\"”][\s,]*(?:{_SPEECH_VERB}\s+{_SPEAKER}|{_SPEAKER}\s+{_SPEECH_VERB})\b", re.IGNORECASE
)
_SAID_BEFORE_QUOTE = re.compile(
    rf"\b(?:{_SPEECH_VERB}(?:\s+to\s+{_SPEAKER}|\s+{_SPEAKER})?|{_SPEAKER}\s+{_SPEECH_VERB})\s*[,:]?\s*[\"“]\s*\Z",
    re.IGNORECASE,
)
# the same attribution with no quotation marks, right after the value, as a story tells it: "The answer is 81,
# said the wizard." ("72, says my calculation" is the text's own working)
_NARRATED = (
    r"(?:said|replied|answered|shouted|declared|announced|whispered|exclaimed|insisted|cried|muttered|"
    r"retorted)"
)
_SAID_AFTER_VALUE = re.compile(
    rf"[\s*_]*[,—–]\s*(?:{_NARRATED}\s+(?:(?:the|a|an|his|her|their)\s+(?:[a-z]+\s+)?[a-z]+|(?-i:[A-Z][a-z]+))|"
    rf"(?:he|she|they)\s+{_NARRATED})\b",
    re.IGNORECASE,
)


_VALUE_WORD = re.compile(r"[^\s,\"”—–]+")


def quoted_speech(completion: str, start: int, end: int) -> str | None:
    """Why the answer at ``completion[start:end]`` is a character's words rather than the writer's: it stands
    in a quotation said by someone (``"The answer is 81," said the wizard``) or is followed by who says it
    (``The answer is 81, said the wizard.``), or None.

    >>> print(quoted_speech('"The answer is 81," said the wizard.', 15, 17))
    attributed: '"The answer is 81," said the wizard' is what a character says, not the writer's answer
    >>> quoted_speech('The wizard\\'s answer is 81. So we use 81.', 23, 25) is None
    True
    """
    line_start = completion.rfind("\n", 0, start) + 1
    line_end = completion.find("\n", end)
    line_end = len(completion) if line_end < 0 else line_end
    # (the statement's span may run on past its value into the attribution: '81," said the wizard')
    value = _VALUE_WORD.match(completion, start)
    end = value.end() if value is not None else end
    head = completion[line_start:start]
    said: re.Match[str] | None = None
    opened = max(head.rfind("“"), head.rfind('"') if head.count('"') % 2 == 1 else -1)
    if opened >= 0 and head.rfind("”") < opened:
        closes = [
            i for i in (completion.find('"', end, line_end), completion.find("”", end, line_end)) if i >= 0
        ]
        if closes:
            close = min(closes)
            said = _SAID_AFTER_QUOTE.match(completion, end, line_end)
            if said is None and _SAID_BEFORE_QUOTE.search(head[: opened + 1]) is not None:
                quoted = completion[line_start : close + 1].strip()[:60]
                return f"attributed: {quoted!r} is what a character says, not the writer's answer"
    if said is None:
        said = _SAID_AFTER_VALUE.match(completion, end, line_end)
    if said is None:
        return None
    opening = line_start + opened if opened >= 0 else start
    return (
        f"attributed: {completion[opening : said.end()].strip()[:60]!r} is what a character says, not the "
        "writer's answer"
    )


# a line of a dialogue: a speaker's name, a colon, and what the speaker says in the first person ("Alice: I
# think it's 45 minutes.", "Bob: Hmm, I get 40."); a label of a section ("Monday: 5 apples", "Answer: 45")
# says nothing in the first person
_SPEAKER_LINE = re.compile(
    r"^[ \t*_>-]*(?P<name>[A-Z][a-z]{1,15})[*_]*[ \t]*:[ \t]*(?P<said>.+)$", re.MULTILINE
)
_FIRST_PERSON = re.compile(
    r"\b(?:I|I'm|I'd|I've|I'll|we|we're|we'll|my|me|let's)\b|\bi\s+(?:think|get|got)\b"
)
_SECTION_NAMES = frozenset(
    "Answer Solution Step Note Check Final Explanation Reasoning Question Problem Given Hint Therefore So "
    "Thus Result Total Example Case Part Method Proof Verification Summary Conclusion Work Calculation "
    "Output Input Assistant User Human System Thought Thinking Plan Approach Analysis Edit Update Correction "
    "Response Reply Attempt Option Choice First Second Third Next Then Finally".split()
)


def dialogue_disagrees(completion: str, start: int) -> str | None:
    """Why the value at ``start`` is one speaker's in a dialogue whose speakers state different values
    (``Alice: I think it's 45 minutes.\\nBob: Hmm, I get 40 minutes.``), or None: the text reports an exchange
    that settles on no value of the writer's own.

    >>> dialogue_disagrees("Alice: I think it's 45.\\nBob: I get 40.", 34)
    "attributed: a dialogue whose speakers disagree ('Alice' says 45, 'Bob' says 40)"
    >>> dialogue_disagrees("Monday: 5 apples\\nTuesday: 7 apples\\nTotal: 12", 44) is None
    True
    """
    said: dict[str, tuple[Quantity, str]] = {}
    order: list[str] = []
    for line in _SPEAKER_LINE.finditer(completion):
        name = line["name"]
        if name in _SECTION_NAMES or _FIRST_PERSON.search(line["said"]) is None:
            continue
        values = list(scan(line["said"]))
        if values:
            last = values[-1]
            said[name] = (last.quantity, line["said"][last.start : last.end])
            if name not in order:
                order.append(name)
    if len(order) < 2:
        return None
    first = said[order[0]][0]
    if all(same_quantity(first, said[name][0]) for name in order[1:]):
        return None  # (the speakers agree)
    speaker = _SPEAKER_LINE.match(completion, completion.rfind("\n", 0, start) + 1)
    if speaker is None or speaker["name"] not in said:
        return None  # (the value stands on a line of the writer's own: "So the answer is 40.")
    told = ", ".join(f"{name!r} says {said[name][1]}" for name in order[:3])
    return f"attributed: a dialogue whose speakers disagree ({told})"
