"""The words and patterns that several readers of a statement share: approximations, polite closings, check
and conclusion words, hedges, assumptions, negations, and the small helpers that quote a statement's rest in a
detail. Each reader module of :mod:`rewardkit.commitment` imports what it needs from here."""

from __future__ import annotations

import re

from rewardkit.lazy_regex import lazy_compile

# words that state a value as rounded: they commit to it (unlike a bound), so other readers step over them
# ("approx. 72", "ca. 72": the abbreviations with their periods)
APPROXIMATION = r"approx(?:imately|\.)?|about|around|roughly|circa|ca\."
# a closing line that says nothing about the answer ("I hope this helps!", "Let me know if …")
POLITE_CLOSING = (
    r"(?:i\s+)?(?:hope|thanks|thank\s+you|let\s+me\s+know|good\s+luck|cheers|happy|feel\s+free|best)\b"
)
NEGATION_BEFORE = lazy_compile(
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
A_DIGIT = lazy_compile(r"\d")


# a counterfactual around the value: "would" before it, "without" after it
WOULD = lazy_compile(r"\b(?:would|could|might)\b|(?<=\w)['’]d\b", re.IGNORECASE)
# a modal that offers a value beside another: "might be", "could also be", "may well be", "can also be"
OFFERING_MODAL = (
    r"(?:(?:might|may|could)\s+(?:(?:also|well|equally|just\s+as\s+well)\s+)?be|can\s+(?:also|equally)\s+be)"
)
# a confidence rated low: "low confidence", "confidence: low", "Confidence level - very low", "my confidence
# is low"
LOW_CONFIDENCE = (
    r"\b(?:(?:very|quite|rather|fairly|pretty|extremely|relatively)\s+)?low[\s-]+confidence\b|"
    r"\bconfidence(?:\s+level)?[*_]*\s*(?:[:：=-]|\bis\b)?\s*[*_]*(?:(?:very|quite|rather|fairly|pretty|extremely|"
    r"relatively)\s+)?(?:low|minimal|poor|weak|limited)\b"
)


# a check cue ("Let me double-check"): a value computed in the check is no correction; only one the check
# goes on to state as the answer is ("Let me double-check... it's 73")
# the words that open a check of a result, one vocabulary for every reader of one ("Check:", "Verification:",
# "Let me double-check", "Sanity check", "To verify", "检验：", "验算：")
CHECK_WORDS = (
    r"(?:(?:double|re|cross)[-\s]?)?check(?:ing)?|verif(?:y|ying|ication|ied)|sanity\s+check|"
    r"to\s+(?:check|verify|confirm)|检验|验证|验算"
)


# a sentence that concludes on a value: "But she lost 1, so 71.", "so 72 - 2 = 70 remain", "giving 70", "Then
# subtract the 2 returns: 70.", "so the probability is 4/10 = 2/5.", "so she arrives at 4:15 PM." (the value
# ends the sentence; a unit or a few words may follow it)
CONCLUDING = (
    # ("leaving at 1:15 PM" departs: no conclusion)
    r"(?:\b(?:so|giving|leaving(?!\s+(?:at|from|for|on|in|by|home|around|after|before|early|late)\b)|thus|hence|"
    r"therefore|making|which\s+(?:gives|leaves|makes)|results?\s+in|"
    # (a colon, but not a clock's: "at 1:15")
    r"that\s+(?:gives|leaves|makes)|for\s+a\s+total\s+of)\b|(?<!\d):|:(?![0-5]\d(?!\d)))"
)
# where a sentence turns to its conclusion: a concluding word, or a computation's "=" ("so", "giving", "=")
CONCLUDING_TURN = lazy_compile(rf"{CONCLUDING}|=", re.IGNORECASE)
# the words a later sentence concludes with right before its value, which its box or math then states: "the
# total is", "so the answer is", "Therefore,", "which gives", "for a total of" (an earlier box on the line is
# a step of the working that sentence goes on from)
CONCLUDES_BEFORE_VALUE = lazy_compile(
    r"(?:\b(?:so|thus|hence|therefore|altogether|overall|in\s+total|in\s+all|finally|giving|which\s+gives|"
    r"we\s+get|for\s+a\s+total\s+of)\b|\b(?:the|our|my)\s+(?:(?:final|overall|grand)\s+)?"
    r"(?:total|answer|sum|result|count)(?:\s+(?:number|count)\s+of\s+\w+)?\s+(?:is|comes\s+to|equals)\b)"
    r"[\s:,=*_]*(?:\$\$?|\\[(\[])?[\s*_]*$",
    re.IGNORECASE,
)
# a sentence that checks or explains the answer rather than going on from it: "Check: 72 - 24 = 48."
CHECK_OPENING = lazy_compile(
    rf"^[\s*_>-]*(?:let(?:\s+me|'s|\s+us)\s+)?(?:{CHECK_WORDS}|proof|indeed|(?:this|that|which)\s+(?:matches|agrees|checks|confirms)|"
    r"as\s+a\s+check)(?:\b|(?<=[检验证算]))",
    re.IGNORECASE,
)


# a closing sentence that goes on from the result to an event with a value of its own: "Then she spends $5 on
# feed.", "But he loses 3 marbles.", "After that, she gives away 4 of them." The value is what the working
# would go on to take away or add, an operand, not a result (a verb that gains, "Then she makes $18", states
# one as often as not, and is no event here)
EVENT_WORDS = (
    r"[\s*_>-]*(?:(?:then|but\s+then|but|after\s+that|after\s+which|afterwards?|later|next|and\s+then|however)\b,?\s+"
    r"(?:she|he|they|we|i|you|(?-i:[A-Z][a-z]+(?:'s\s+[a-z]+)?))(?:\s+(?:also|then|still|later|now))?|"
    # the subject first: "He then gives 5 to his sister.", "She later spends $5."
    r"(?:she|he|they|we|i|you)\s+(?:then|later|afterwards|next)(?:\s+also)?)\s+"
    r"(?:spends?|spent|loses?|lost|gives?|gave|eats?|ate|uses?|used|pays?|paid|buys?|bought|donates?|donated|"
    r"sells?|sold|drops?|dropped|breaks?|broke|returns?|returned|throws?|threw|drinks?|drank|takes?|took|"
    r"adds?|added|removes?|removed|shares?|shared|spills?|spilled|lends?|lent|loans?|loaned)\s+"
    r"(?:(?:away|back|up|out|another|an?\s+(?:extra|further|additional))\s+)*"
)
# the words after the value that make it a result after all: "Then she spends $30 in total", "… left"
RESULT_AFTER = lazy_compile(
    r"\b(?:in\s+total|total|altogether|all\s+together|in\s+all|overall|left|remaining|in\s+the\s+end)\b",
    re.IGNORECASE,
)


# a sentence that refuses to answer or says the answer cannot be had: "The answer cannot be determined.",
# "There is not enough information.", "I'm sorry, I can't solve this.", "This question has no solution."
REFUSES = lazy_compile(
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
# the writer's own result set against the answer it stated: "But I get 70.", "My working gives 70, though.",
# "I got 70 myself." (group "own" of RETRACTION: two values, the stated and the worked out, neither committed;
# a value of working, "but I got 70 at first", is none)
OWN_RESULT = (
    r"(?:(?:i|we)\s+(?:(?:actually|still|myself)\s+)?(?:get|got|obtain|obtained|calculate|calculated|compute|computed|"
    r"find|found|make\s+it|come\s+up\s+with|end\s+up\s+with)|(?:my|our)\s+(?:own\s+)?(?:working|work|calculation|"
    r"computation|math|count|result|answer)\s+(?:gives|gave|says|shows|is|was|comes\s+to|came\s+to))[\s:*_]+"
)
OWN_VALUE = r"[$€£]?\d[\d,]*(?:\.\d+)?(?:\s*%)?[*_]*"
# every match of _HEDGED_BEFORE holds one of these, lower-cased
HEDGE_STEMS = lazy_compile(
    r"maybe|perhaps|possibly|presumably|probably|likely|conceivably|supposedly|arguably|seemingly|might|may|could|"
    r"guess|estimate|approximation|conjectur|hypothes|"
    r"suppose|possible|conceivable|plausible|probable|tentative|theor|hypothet|suspect|seems\s+like|chance|unclear|"
    r"seems?\s+to|seemed\s+to|appears?\s+to|appeared\s+to|it\s+(?:seems|appears)|"
    r"in\s+principle|not\s+(?:\w+%?\s+)?(?:sure|certain)|something|anything|ballpark|neighbo|vicinity|region|"
    r"somewhere|order\s+of"
)
# another value the text offers as also valid, in the statement or the sentences after it: "72, but 96 also
# works", "72 (96 also possible)", "72; alternatively 96", "\\boxed{72}. Note that 96 also satisfies the
# conditions", "Answer: 72. Another solution is 96" ("96 does not work" and "Another way to see this: …" offer
# nothing)
VALUE = r"[-−]?\$?\(?\$?\d[\d,]*(?:\.\d+)?"


def shown_after(after: str) -> str:
    """The rest of a statement as a detail quotes it: ``… , I mean 73``."""
    return ("… " + after.rstrip(".").strip())[:60]


def why_after(pattern: re.Pattern[str], after: str, limit: int, kind: str, says: str) -> str | None:
    """``"{kind}: '…' {says}"`` when ``pattern`` matches the start of ``after[:limit]``, else None: the
    reason each reader of what follows a value gives."""
    return f"{kind}: {shown_after(after)!r} {says}" if pattern.match(after[:limit]) else None


def sentence_of(before: str, at: int) -> str:
    """The text of ``before`` from the start of the sentence that holds position ``at``, for a detail."""
    start = max(before.rfind(c, 0, at) for c in ".!?;\n") + 1
    return before[start:].strip()[-60:]


LATER_SENTENCE = lazy_compile(r"(?<=[.!?])\s+(?=\S)|\n+")


# another option called the right one in the text after a letter answer: "so C is correct", "(C) must be the
# right answer", "the correct option is C", "which makes C the best choice", "so we choose C" (a letter stands
# bare only where it cannot be the article or the pronoun: "A is correct" reads, "I would be right" does not)
_LETTER_CALLED = (
    r"(?:(?:option|choice|answer)\s+)?"
    r"(?-i:\(\s*(?P<{g}p>[A-J])\s*\)|(?<![A-Za-z'’(])(?P<{g}b>[A-HJ])(?![A-Za-z'’)]))"
)
CALLED_RIGHT = lazy_compile(
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
NOT_CLAIMED = lazy_compile(
    r"\b(?:if|whether|suppose|supposing|assum\w*|think\w*|thought|believ\w*|might|may|could|seems?|appears?|"
    r"tempting|trap|mistak\w*|wrongly|incorrectly|unless)\b",
    re.IGNORECASE,
)
NEGATED = lazy_compile(r"\b(?:not|never|no)\b|n't\b", re.IGNORECASE)
# what opens a condition the text makes of its own: "Assuming the sale was on Monday, 13", "Had she bought one
# more, it would be 48", "Should the price include tax, …", "In case …", "If not: 72", "Otherwise, 72"
ASSUMPTION = (
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
ASIDE_LEAD = (
    r"(?:(?:\(|note|n\.\s?b\.|remark|caveat|aside|p\.\s?s\.|however|but|and|also|alternatively|"
    r"on\s+the\s+other\s+hand|conversely|by\s+contrast|in\s+contrast|for\s+comparison|then\s+again|of\s+course|"
    # ... or a cue of second thoughts: "Wait, if she keeps 2, it would be 14" (a hypothetical, no correction)
    r"that\s+said|just\s+in\s+case|wait|hmm+|oh|well|actually)(?:[*_]*\s*[:：,—–-])?\s*(?:that\s+)?){0,3}"
)


# a value inside the condition its sentence opens with: "If x is 72, the total is odd", "Wenn die Antwort 72
# ist" (the clause ends at its comma or "then": "If she has 72, then she has 8 left" states 8)
INSIDE_CONDITION = lazy_compile(
    r"(?:^|[.!?;]\s)[\s*_>-]*(?:only\s+)?(?:if|when|whenever|unless|suppose|supposing|assume|assuming|provided|"
    r"in\s+case)\b"
    r"(?:(?!\bthen\b)[^,;:.!?\n]){0,200}$",
    re.IGNORECASE,
)


_SUBJECT_VERB = r"(?!\s+(?:altogether\s+|in\s+total\s+|in\s+all\s+|\w+ly\s+)?(?:is|are|was|were|equals?)\b)"
# the marker inside what its sentence doubts, denies, asks or reports: "I don't think the answer is 72", "We
# need to check whether the answer is 72", "Bob thinks the answer is 72", "Prove that the answer is 72", "It
# is not true that …", "I wouldn't say …", "There is no way …". The clause runs from the cue to the marker; a
# "but" or "so" between them starts a statement of its own. A comma may stand right after the cue where the
# clause goes on ("I don't think, that the answer is 72", "I'm not sure, the answer is 72"): after a cue of
# belief whatever follows it, after any other only before "that", "whether" or "if" ("If you're wondering,
# the answer is 72" names no clause of its cue)
DOUBTED_ANSWER = lazy_compile(
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
# what stands around a marker's letter and is no letter: "**A:** ", "#### "
NO_LETTERS = " \t*_:：#>"
NO_ITEM = frozenset(
    "since because as so but which who whom whose that though although while whereas when where if unless "
    "then hence thus therefore i.e e.g ie eg not nor of in on at for with without by from to into than the a "
    "an this these those it its it's i i'm we you he she they there here my our your his her their me us "
    "them obviously clearly certainly definitely surely indeed naturally really truly exactly precisely "
    "basically simply just only too also again right correct confirmed final please thanks thank period "
    "yes no same each every all both either neither".split()
)
