"""Where a text's conclusion stands and whether it is one: the value a sentence concludes on, words written as
the answer or pointing back to one, a labelled total, and closing sentences that explain, plan or reason after
the result."""

from __future__ import annotations

import re

from rewardkit.commitment.shared_words import (
    CHECK_OPENING,
    CONCLUDING,
    EVENT_WORDS,
    HEDGE_STEMS,
    RESULT_AFTER,
)
from rewardkit.lazy_regex import lazy_compile

# a value stated by a copula: "is $4$", "equals -2", "are \\(\\frac12\\)"
_STATED_VALUE = lazy_compile(
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


_STATED_AS_ANSWER = lazy_compile(
    r"\b(?:it'?s|it\s+is|(?:the\s+)?answer\s+is|should\s+be|is\s+actually|actually)[\s:]*[$*_(]*$",
    re.IGNORECASE,
)
_CONCLUDES = lazy_compile(
    CONCLUDING +
    # (a clock reading is read whole, "so she arrives at 4:15 PM", never its minutes)
    r"(?:[^.;!?\n]|\.\d){0,100}?(?<![\d.,/^:])"
    r"(?P<value>\d{1,2}:[0-5]\d(?:\s*[ap]\.?m\b)?|[-−]?\$?\d[\d,]*(?:\.\d+)?(?:/\d+)?)(?![\d.,/:]*\d|\s*[%/^])"
    r"[^\d\n.;!?=]{0,80}[.!]?\s*$",
    re.IGNORECASE,
)
# a sentence that ends on the result of its computation, "… and 48 + 48 = 96 in total.", or on a total, "She
# sold 96 clips in all." (a unit or a few words may follow it; "…, which occurs when x = 3." computes nothing)
_VALUE_AT_END = r"(?P<value>[-−]?\$?\d[\d,]*(?:\.\d+)?(?:/\d+)?)(?![\d.,/]*\d|\s*[-+*/×÷%^=<>])"
_RESULT_CONCLUDES = lazy_compile(rf"[\d)][\s*_]{{0,3}}=[\s*_]*{_VALUE_AT_END}[^\d\n.;!?=]{{0,80}}[.!]?\s*$")
# ... its operand and its result counted in one unit: "6 packs of 8 cans = 48 cans" (not a conversion, "3
# hours = 180 minutes", which says one quantity twice)
_SAME_UNIT_RESULT = lazy_compile(
    rf"\d[ \t]+(?P<unit>[A-Za-z]{{2,}})[ \t]*=[ \t*_]*{_VALUE_AT_END}[ \t]+(?P=unit)\b"
    r"[^\d\n.;!?=]{0,80}[.!]?\s*$"
)
_TOTAL_CONCLUDES = lazy_compile(
    rf"(?<![\d.,/^]){_VALUE_AT_END}(?=(?:[\s*_]+[A-Za-z]+){{0,3}}[\s*_]+"
    r"(?i:in\s+total|altogether|in\s+all|all\s+together|total)\b)[^\d\n.;!?=]{0,80}[.!]?\s*$"
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
_WORKING_LABEL = lazy_compile(
    rf"[\s*_>#-]*(?:{WORKING_WORDS}|{WORKING_ANSWER}|work|steps?(?:[ \t]+\d{{1,3}})?|"
    r"calculations?|computation)"
    r"[ \t*_]*[:：][ \t*_]*",
    re.IGNORECASE,
)
# a sentence that opens by going on from the answer: "But she lost 1", "Then subtract …", "On closer …"
_GOES_ON = lazy_compile(
    r"^[\s*_>-]*(?:but|however|then|yet|still|except|actually|after|on\s+(?:closer|second|further)|"
    r"we\s+(?:must|need|should|have\s+to)|subtract|add|minus|now|also|next|finally)\b",
    re.IGNORECASE,
)
_EVENT_OPENING = lazy_compile(EVENT_WORDS + r"[$€£]?$", re.IGNORECASE)
# a clause of a sentence that goes on past a value before it: "72, then …", "72 marbles and then …", "72,
# after which …"
_CLAUSE_GOES_ON = lazy_compile(
    r"(?:,\s*|\s(?=and\s+then\b|but\s+then\b))(?=(?:and\s+|but\s+)?(?:then|after\s+(?:that|which))\b)",
    re.IGNORECASE,
)
# the initials of the openings above: a literal test before the reader
_EVENT_INITIALS = frozenset("TtBbAaLlNnHhSsWwIiYy")
# the one value of such a sentence (a sign before it is read with the opening), and the digits of a value
_EVENT_VALUE = lazy_compile(r"(?P<value>\d[\d,]*(?:\.\d+)?)(?![\d.,]*\d)[^\d]*$")
_EVENT_NUMBER = lazy_compile(r"\d[\d,]*(?:\.\d+)?")


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
    if RESULT_AFTER.search(after):
        return None
    number = _EVENT_NUMBER.search(value)  # (of "5 dollars", "$5")
    if number is None or re.search(rf"=\s*[$€£]?\s*{re.escape(number.group())}(?![\d]|[.,]\d)", earlier):
        return None  # "Feed costs 10 / 2 = $5. Then she spends $5 on feed.": a result computed before
    said = (opening + value).strip()
    return f"an operand: {said[-60:]!r} goes on to another value, and states no result"


# a sentence that restates a value in a scale: "That is, 72 tens.", "i.e. 72 hundred" (72 tens is 720)
_RESTATED_SCALED = lazy_compile(
    r"^[\s*_>-]*(?:that\s+is|that'?s|i\.\s?e\.?|in\s+other\s+words|namely|meaning|or)\s*,?\s*"
    r"(?P<value>[-−]?\$?\d[\d,]*(?:\.\d+)?\s*(?:tens|dozens?|hundreds?|thousands?|millions?|billions?|score|gross))"
    r"(?![A-Za-z])[^\d\n.;!?]{0,30}[.!]?\s*$",
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
    if len(sentence) > 300 or CHECK_OPENING.match(sentence):
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
            and not RESULT_AFTER.search(sentence, event.end("value"))
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


# a value that opens its sentence as the subject of what is said of it: "64 assumed the squares don't
# overlap", "64 counts the corner twice" (a reason about the value, not a statement of it: "64 is right",
# "64 it is", "64 stands", "64 hundred")
_SENTENCE_OPENS_BEFORE = lazy_compile(
    r"(?:^|[.!?:\n])[\s*_>]*(?:(?:so|but|and|because|since)[,\s]+)?(?:the\s+)?\Z"
)
_SUBJECT_OF_REASON_AFTER = lazy_compile(
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


# the marker named, not stated: what the answer needs or how it is to be written, before giving it ("To get
# the final answer, I need to add 40 and 32", "Before I give the final answer of 5, let me check", "For the
# final answer we need step 2", "The final answer should be a whole number", "The final answer will be in
# dollars", "the final answer in 2 decimal places")
_MENTIONED_BEFORE = lazy_compile(
    r"(?:\b(?:to|in\s+order\s+to)\s+(?:get|find|reach|obtain|compute|calculate|determine|work\s+out|arrive\s+at|"
    r"get\s+to|give|write|state|present|express|round|format|simplify)|\bfor|\btowards?|"
    r"\bbefore\s+(?:(?:i|we)\s+(?:\w+\s+)?(?:give|write|state|present|get|reach|commit\s+to)|giving|writing|"
    r"stating|presenting|getting|reaching|committing\s+to))\s+(?:the|a|an|our|my|your|this|that)\s+(?:final\s+)?$",
    re.IGNORECASE,
)
_MENTIONED_AFTER = lazy_compile(
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
_PLAN = lazy_compile(
    rf"\b(?:he|she|they|we|i|you|(?-i:[A-Z][a-z]+)|the\s+[a-z]+)(?:\s+(?:also|still|now|then|really))?\s+"
    rf"{_PLAN_VERB}\s+(?:to|of|on|for)\b",
    re.IGNORECASE,
)
_PLAN_STEMS = ("lan", "ntend", "aim", "want", "xpect", "going", "will", "hop", "wish", "dream", "like")
_ANOTHER_TIME_AT = lazy_compile(_ANOTHER_TIME, re.IGNORECASE)


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
_WOULD_CONSEQUENCE = lazy_compile(
    r"\bwould\s+(?:(?:only|still|then|also)\s+)?(?:take|last|need|require|cost|leave|give|mean|get|allow|let)\b",
    re.IGNORECASE,
)
_NO_REMARK = lazy_compile(
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
_TOTAL_LINE = lazy_compile(
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
_EXPLANATION_LABEL = lazy_compile(
    r"(?:^|(?<=[.!?\n]))[ \t*_>#-]*(?:(?:the|my|our|here(?:'s|\s+is))[ \t]+)?"
    r"(?:explanation|justification|reasoning|rationale|reason|why)[ \t*_]*[:：]",
    re.IGNORECASE,
)
_EXPLANATION_STEMS = ("xplan", "ustif", "eason", "ationale", "hy", "XPLAN", "EASON")


# a value stated as what "it" is, then a reason for it that closes the text: "No, it's 48. Each of the 4
# crates holds 12.", "I believe it's $\\frac23$ since only 2 of the 3 cases work."
_STATED_THEN_REASON = lazy_compile(
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
_REASON_LEAD = lazy_compile(
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
        or HEDGE_STEMS.search(rest.lower())
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
