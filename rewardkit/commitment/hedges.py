"""Whether a statement hedges or disowns its value: hedge words before it (``probably``), doubts after it
(``72 (not sure)``), another value offered as valid too, someone else's answer, a sentence that hedges between
two answers."""

from __future__ import annotations

import re
from collections.abc import Iterator

from rewardkit.commitment.shared_words import (
    HEDGE_STEMS,
    LATER_SENTENCE,
    LOW_CONFIDENCE,
    OFFERING_MODAL,
    OWN_RESULT,
    OWN_VALUE,
    VALUE,
    sentence_of,
    shown_after,
    why_after,
)
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import Quantity, QuantitySpan, same_quantity, scan
from rewardkit.stated_units import rounded_restatement

# the writer's own result set, in one statement, against the value before it: '72", but I get 70.', "72, but
# my calculation gives 70" (group "value"; the value ends the statement)
_OWN_RESULT_AFTER = lazy_compile(
    rf"[\s\x22'”’*_)\]]*[,;]?\s*(?:but|however|yet|whereas)[,\s]+{OWN_RESULT}"
    # (in math too: "but I get $70$")
    rf"(?:\$(?=\d[\d,.]*\$))?(?P<value>{OWN_VALUE})\$?\s*(?:[.!]|$)",
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


# the rest of the statement says it is unsure of the value: "72 (not sure)", "72, I guess", "72, but I could
# be wrong", "72, though I may have erred", "72 (to be confirmed)", "72, maybe." ("72, I am sure" and "72
# (checked)" commit; so does "72, I think", as "I think the answer is 72" does)
_UNSURE_AFTER = lazy_compile(
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
    rf"{LOW_CONFIDENCE})",
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
_HEDGED_BEFORE = lazy_compile(
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
_DISOWNED_BEFORE = lazy_compile(
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
_ALSO_VALID_AFTER = lazy_compile(
    rf"(?P<a>{VALUE})[\s$)*_]*(?:(?:is|would\s+be|are)\s+)?(?:also|too|equally)\s+(?:works?|valid|possible|"
    r"correct|satisf\w*|fits?|holds?|acceptable|(?:an?|one)\s+(?:valid\s+|possible\s+|correct\s+|other\s+)?"
    r"(?:solution|answer|root|possibility|option))\b|"
    rf"(?P<b>{VALUE})[\s$)*_]*(?:works|is\s+(?:valid|possible|correct|acceptable|a\s+(?:valid\s+)?solution))"
    r"\s+(?:too|as\s+well)\b|"
    r"\b(?:alternatively|or\s+else|another\s+(?:valid\s+|possible\s+|correct\s+)?(?:solution|answer|"
    r"possibility|option)\s+(?:is|would\s+be|could\s+be)|(?:the\s+)?other\s+(?:solution|answer|root)\s+is)"
    rf"[\s:,]*(?:(?:the\s+answer|it)\s+(?:is|could\s+be)\s+)?[\s$*_(]*(?P<c>{VALUE})(?=[\s$*_)]*(?:[.;,!\n]|$))|"
    # a family of values: "\\boxed{18}. Any multiple of 18 also works."
    r"\b(?P<family>(?:any|every|all)\s+(?:other\s+)?(?:(?:positive|even|odd|whole|natural)\s+)?"
    r"(?:multiple|divisor|factor)s?\b(?:\s+of\s+[^.;\n]{1,20}?)?)\s+(?:(?:would|will)\s+)?(?:also|too|equally)\s+"
    r"(?:works?|valid|possible|correct|satisf\w*|fits?|holds?|acceptable)\b",
    re.IGNORECASE,
)


# a label that gives the value after it as what is expected of the text, not as its answer: "Expected output:
# 72", "(Expected answer = 72)", "Reference solution: 72", "Ground truth: 72", "Gold: 72" ("The expected value
# is 3.5" states a value of the problem's own)
_EXPECTED_LABEL = lazy_compile(
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
    return why_after(_ATTRIBUTED_AFTER, after, 200, "disowned", "gives the value on another's word")


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
        return f"hedged: {shown_after(after)!r} says it is unsure of the value"
    return why_after(_HEDGED_PREDICATE_AFTER, after, 200, "hedged", "says it is unsure of the value")


# the "whether" that a closing "or not" answers: "72, whether she sells more or not" commits
_WHETHER = lazy_compile(r"\b(?:whether|regardless|no\s+matter)\b", re.IGNORECASE)


# the value as the subject of a predicate that hedges: "72 might be the answer", "(C) seems right", "So (C) is
# probably the answer", "(C) is likely correct" ("(C) is the answer", "(C) must be right" commit)
_CALLED_ANSWER = r"(?:the\s+(?:(?:correct|right|best|final)\s+)?(?:answer|one|choice|option)|right|correct)\b"
_HEDGED_PREDICATE_AFTER = lazy_compile(
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
    if HEDGE_STEMS.search(before[-300:].lower()) is None:  # a literal scan settles most texts
        return None
    m = _HEDGED_BEFORE.search(before[-300:]) or _UNSURE_OPENING.search(before[-300:])
    if m is None:
        return None
    # (a match that opens on the stop or line break before its sentence quotes from after it)
    at = m.start() + (before[-300:][m.start() : m.start() + 1] in ".!?;:\n")
    return f"hedged: {(sentence_of(before[-300:], at) + ' …')!r} does not commit to the value"


# a sentence that opens on the writer's doubt: "I'm not sure, but the answer is 72", "Not sure: 72", "Not
# certain if this is right, but …" (its "but" states the value under the doubt, where "Perhaps I erred, but
# the answer is 72" concedes and commits)
_UNSURE_OPENING = lazy_compile(
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
_ATTRIBUTED_BEFORE = lazy_compile(
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
_ATTRIBUTED_AFTER = lazy_compile(
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
_TURN = lazy_compile(
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
    said = sentence_of(window, len(window) - len(tail) + m.start())
    return f"disowned: {(said + ' …')!r} does not state the answer"


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
_ACCEPTED = lazy_compile(
    r"(?:\b(?:is|are|would\s+be|will\s+be|should\s+be|can\s+be|could\s+be|be)\s+|['’]s\s+|(?<=[\s)*_$]))"
    r"(?P<also>(?:(?:all|also|equally|both|still|likewise|considered|marked|counted|deemed|graded)\s+(?:as\s+)?)*)"
    r"(?:(?P<accepts>acceptable|fine|ok|okay|accepted|allowed|permitted|permissible|tolerated|close\s+enough|"
    r"good\s+enough|counts?\s+as\s+(?:correct|right|valid))|correct|valid|right|works?|would\s+work|will\s+work)\b",
    re.IGNORECASE,
)
# where the clause of an accepting predicate opens: a sentence's end, a bracket, a colon (not a decimal point)
_CLAUSE_BREAK = lazy_compile(r"[;!?\n(\[:]|\.(?!\d)")
# what rejects or excludes the values it names: "70 is not acceptable", "no other value is correct", "Other
# answers such as 70 are wrong"
_REJECTING = lazy_compile(
    r"\b(?:no|not|never|none|nothing|neither|nor|without|except|only|wrong|incorrect|invalid|rejected|fails?)\b"
    r"|n['’]t\b",
    re.IGNORECASE,
)
# a band of values: a range, a tolerance, values near one ("any value from 70 to 74", "±2", "anything close to
# 72", "an error of up to 2"), or any other value ("any other answer is fine too")
_BAND = lazy_compile(
    r"±|\+/-|\+-|\b(?:plus\s+or\s+minus|give\s+or\s+take|within|close\s+to|near|around|about|roughly|"
    r"approximately|range|between|from|through|thru|errors?|tolerance|margin|deviation|or\s+so)\b|"
    r"\d(?:[-–—~]|\s*to\s*)[-−$]?\d|"
    r"(?P<other>\b(?:any|every|all)\s+(?:\w+\s+)?other\b|\banything\s+else\b)",
    re.IGNORECASE,
)
# the words that may open a clause naming values ("but", "either", "the values", "an answer of")
_SUBJECT_LEAD = lazy_compile(
    r"^(?:(?:but|and|though|although|also|however|note(?:\s+that)?|so|while|either|both|the|values?|answers?|"
    r"results?|numbers?|an?\s+(?:answer|value|result)\s+of|of|even)\b[\s,]*)*",
    re.IGNORECASE,
)
# values alone, one or several ("70", "70 clips", "70 or 74", "70, 71 and 72"), and "too" or "also"
_VALUES_ONLY = lazy_compile(
    rf"{VALUE}%?(?:[ \t]+[a-z]+)?(?P<joined>(?:\s*(?:,\s*(?:or|and)?|/|&|\bor\b|\band\b)\s*"
    rf"{VALUE}%?(?:[ \t]+[a-z]+)?)*)[\s$)*_,]*(?P<too>\b(?:too|also|as\s+well)\b)?\s*",
    re.IGNORECASE,
)
# a tolerance the text sets in brackets right after its value: "72 (to within 5%)", "72 (within ±2)"
_TOLERANCE_ASIDE = lazy_compile(
    r"[ \t*_$]*\(\s*(?:accurate\s+|correct\s+|exact\s+)?(?:to\s+)?within\s+(?:±|\+/-|\+-)?\s*[$]?\d[\d.,]*"
    r"\s*%?[^()\n]{0,30}\)",
    re.IGNORECASE,
)
# a label that gives the answer's other form: "Alternate form: 70", "Equivalent answer: 70", "Equivalently,
# 70", "also written as 70" ("Another way to see this: …" gives none)
_OTHER_FORM = lazy_compile(
    r"\b(?:(?:an?|the)\s+)?(?:alternate|alternative|equivalent|other|another)\s+(?:forms?|answers?|values?|expressions?|"
    r"representations?|results?|notations?|ways?\s+(?:to|of)\s+writ(?:e|ing)\s+(?:it|this|that|the\s+answer))\b"
    r"(?:\s+(?:is|are|would\s+be|could\s+be))?[\s*_]*[:=,]?|"
    r"\b(?:or\s+)?equivalently\b[\s,:]*|\b(?:also|alternatively)\s+(?:written|expressed)\s+as\b",
    re.IGNORECASE,
)
# where such a form's statement ends: a sentence's end, a semicolon, a line break, a closing bracket
_FORM_END = lazy_compile(r"[;\n)\]]|[.!?](?!\d)")


# a later sentence that hedges: "It seems to be (B), though it might be (C).", "Maybe (B) or (C).", "Perhaps
# it is (C)."; one that rejects ("(C) might look right, but it is wrong") hedges nothing
_LATER_HEDGE = lazy_compile(
    rf"\b(?:seems?|might|{OFFERING_MODAL}|possibly|perhaps|maybe|probably|likely|not\s+(?:sure|certain)"
    r"|unsure|either)\b",
    re.IGNORECASE,
)
_LATER_REJECTS = lazy_compile(
    r"\b(?:not|no|never|wrong|incorrect|tempting|trap|distractor|rule[sd]?\s+out|eliminat\w*|exclud\w*|fails?)\b"
    r"|n't\b",
    re.IGNORECASE,
)
# the writer's doubt of its own answer, whose "not" rejects nothing: "I'm not fully confident, it might be
# 14", "Not sure; it could also be 14", "I don't know, maybe 14" (blanked before the test for a rejection)
_LATER_UNSURE = lazy_compile(
    r"\bnot\s+(?:(?:so|too|entirely|really|completely|totally|quite|fully|100\s?%)\s+)?"
    r"(?:sure|certain|confident|convinced)\b|\b(?:don'?t|do\s+not)\s+(?:really\s+)?know\b",
    re.IGNORECASE,
)
# a letter named in such a sentence: "(C)", "C" (not the article of "A cat", the pronoun of "I might")
_LATER_LETTER = lazy_compile(
    r"\(\s*(?P<p>[A-Z])\s*\)|(?<![A-Za-z'’])(?P<b>[A-Z])(?![A-Za-z'’])(?!\s+(?!(?:or|and)\b)[a-z])"
)
# a letter the hedge word offers: "could be (C)", "perhaps it is C", "maybe option C"
_LATER_OFFERED = lazy_compile(
    rf"\b(?:{OFFERING_MODAL}|perhaps|maybe|possibly|probably|likely)\s+"
    r"(?:(?:it|this|that|the\s+answer)\s+(?:is|was)\s+|it's\s+)?(?:(?:option|choice)\s+)?"
    r"(?-i:\(\s*(?P<p>[A-Z])\s*\)|(?P<b>[A-Z])(?![A-Za-z]))",
    re.IGNORECASE,
)
# a value the hedge word offers: "might be 70", "could also be $96", "perhaps it is 70", "maybe 70"
_LATER_VALUE = lazy_compile(
    rf"\b(?:{OFFERING_MODAL}|perhaps(?:\s+it\s+is|\s+it's)?|maybe(?:\s+it\s+is|\s+it's)?"
    rf"|possibly)\s+(?:equal\s+to\s+)?(?P<v>{VALUE})",
    re.IGNORECASE,
)
# a later sentence that concludes on two letters: "so B or D.", "Hence, C or D.", "so it's either (C) or (D)"
_LETTERS_CONCLUDED = lazy_compile(
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
_ALSO_RIGHT = lazy_compile(
    # (a letter, or a set of them run together, "BD is also correct", as a multiple-select answer names one)
    rf"(?:(?P<v>{VALUE})|(?-i:\(\s*(?P<p>[A-Z])\s*\)|(?<![A-Za-z'’])(?P<b>[A-J]{{2,10}}|[A-Z])(?![A-Za-z'’])))"
    r"[\s*_)]*"
    rf"(?:(?:might|may|could|would)\s+(?:also|equally)\s+be\s+{_RIGHT}|is\s+(?:also|equally)\s+{_RIGHT}|"
    rf"(?:might|may|could|would)\s+be\s+{_RIGHT}\s+(?:too|as\s+well)\b|(?:also|equally)\s+(?:works?|fits?)\b"
    # "(D) satisfies it too", "D also satisfies the condition", "D works as well" (not "D also satisfies the
    # first condition but fails the second": a condition met in part calls nothing right)
    rf"|(?:also\s+(?:{_MEETS})|(?:{_MEETS})\s+(?:it|them|this|that|these|all\s+of\s+them)\s+(?:too|as\s+well)"
    r"|works?\s+(?:too|as\s+well))\b(?![^.!?\n]*\b(?:but|except|not|fails?|only)\b))",
    re.IGNORECASE,
)
# ("Hmm, or is it 16?", "Wait, or was it 16?": a doubt put as a question offers its value just as well)
_DOUBT_INTERJECTION = r"(?:(?:hmm+|hm+|wait|well|um+|uh+|erm?|or\s+wait)[,.!…\s]+)?"
_OR_ASKED = (
    r"(?:(?:is|was|could|would|should|might|can)\s+(?:it|that|this|the\s+answer)"
    r"(?:\s+(?:actually|really|instead))?(?:\s+be)?[,\s]+)"
)
# ("Answer: 18 eggs\n(or 24)": the sentence in parentheses too)
_OR_SENTENCE_OPENS = lazy_compile(rf"(?:^|[.!?]\s+|\n)[\s*_(]*{_DOUBT_INTERJECTION}or\b", re.IGNORECASE)
# what may stand between the "or" and the value or letter it offers
_OR_SOFTENED = rf"or[,\s]+(?:{_OR_ASKED}|(?:maybe|perhaps|possibly|even|else|alternatively)[,\s]+)?"
_OR_VALUE_SENTENCE = lazy_compile(
    rf"[\s*_(]*{_DOUBT_INTERJECTION}{_OR_SOFTENED}(?:equal\s+to\s+)?(?P<v>{VALUE})", re.IGNORECASE
)
# ... a letter the same way: "Hmm, or is it C?", "Or maybe (C)."
_OR_LETTER_SENTENCE = lazy_compile(
    rf"[\s*_]*{_DOUBT_INTERJECTION}{_OR_SOFTENED}"
    r"(?:(?:option|choice)\s+)?(?-i:\(\s*(?P<p>[A-Z])\s*\)|(?P<b>[A-Z])(?![A-Za-z'’]))(?=[\s*_).?!,;]|$)",
    re.IGNORECASE,
)


# a letter named only in a hedge, with no marker: "Either B or D could work.", "it's either B or D", "B or D
# might be right", "Among the options, B seems right.", "(C) might be the answer"
_LETTER = r"\(?([A-J])\)?"
# what calls an option only likely, not the answer
_ONLY_LIKELY = r"(?:plausible|possible|likely|a\s+possibility|a\s+candidate)\b"
_HEDGED_LETTERS = lazy_compile(
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
_NOTE_OPENING = lazy_compile(
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
    for sentence in LATER_SENTENCE.split(head[:400])[:3]:
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


# a statement that trails off or asks ("…if she starts with 42...", "…how many would remain?") asserts nothing
_TRAILS_OFF_AFTER = lazy_compile(r"^(?:[^.!?\n]|\.\d){0,300}?(?:\.\.\.|…|\?)")


def trails_off(text_after: str) -> str | None:
    """Why the text right after a statement shows it trailing off or asking (``42...``, ``42?``), or None."""
    m = _TRAILS_OFF_AFTER.match(text_after[:300])
    return f"not asserted: the statement trails off or asks ({text_after[:40].strip()!r})" if m else None
