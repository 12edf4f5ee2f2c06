"""Whether a statement is taken back, corrected or settled: a retraction after it (``Wait, actually it is
6.``), a correction within it (``72, sorry, it should be 73``), and the value a text settles on after offering
several."""

from __future__ import annotations

import re

from rewardkit.commitment.shared_words import (
    APPROXIMATION,
    CALLED_RIGHT,
    EVENT_WORDS,
    LOW_CONFIDENCE,
    NEGATED,
    NO_ITEM,
    NOT_CLAIMED,
    OWN_RESULT,
    OWN_VALUE,
    REFUSES,
    RESULT_AFTER,
)
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import scan

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
    rf"{LOW_CONFIDENCE}|"
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
STRONG_RETRACTION = lazy_compile(rf"\b(?:{_TAKES_BACK})", re.IGNORECASE)
CHECK = lazy_compile(r"let\s+me\s+(?:double[-\s]?check|re-?check|check\s+again)", re.IGNORECASE)
# such a closing sentence whose value is a share said in words: "She has 72 marbles. Then she gives away
# half." (the value stated before it is what the event changes)
_EVENT_SHARE = lazy_compile(
    r"(?:^|(?<=[.!?\n]))"
    + EVENT_WORDS
    + r"(?:half|a\s+(?:half|third|quarter|fourth|fifth|tenth|few|couple|dozen)|"
    r"(?:one|two|three|four)[\s-](?:halves|thirds?|quarters?|fourths?|fifths?)|some|most|several|part|the\s+rest)\b"
    r"[^.!?\n\d]*[.!]?\s*$",
    re.IGNORECASE,
)
# a sentence that says the work is not done: "Next, we need to account for the returns.", "But that's only the
# first part of the question.", "This isn't what the question asks for.", "Run it to get the answer."
_UNFINISHED = lazy_compile(
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
_PLACEHOLDER = lazy_compile(
    r"\b(?:final\s+)?(?:answer|result)\s+(?:is|=|:)\s*[$*_(]*[A-Za-z][$*_)]*(?=\s*(?:[,.;]|$|\s+where\b))",
    re.IGNORECASE,
)


# a closing sentence that is only "No." after the statement ("The answer is 20. No.", "8*9 = 72\nNo"): it says
# no to what was just stated, and states nothing in its place
_LONE_NO_AT_END = lazy_compile(r"(?:^|(?<=[.!?\n]))[\s*_]*(?:no|nope|nah)[\s*_.!]*$", re.IGNORECASE)
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
_NUMBER_RUN_AT_END = lazy_compile(
    r"(?:^|(?<=[.!?\n]))[\s*_]*(?:[-−]?\d[\d,.]*(?:[ \t]*[,;]?[ \t]+|[ \t]*[,;][ \t]*)){2,}"
    r"[-−]?\d[\d,.]*[\s.]*$"
)
# a line that is only a hedge, "Maybe", "Probably", "Not sure": finished without a full stop too (an opener,
# "Hmm, but wait", "But wait, maybe", may have been cut off there)
_ONLY_HEDGE = lazy_compile(
    r"[\s*_>]*(?:maybe|perhaps|possibly|probably|(?:i'?m\s+|i\s+am\s+)?not\s+(?:sure|certain)|unsure|uncertain|"
    r"or\s+not|i\s+guess)[\s*_]*",
    re.IGNORECASE,
)
_DOUBT_LEFT_OPEN = lazy_compile(
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
        (REFUSES, "refuses to answer"),
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
    if event is not None and not RESULT_AFTER.search(event.group()):
        return (
            f"operated on: {event.group().strip()[:60]!r} goes on to change the value, and states no result"
        )
    return None


def _sentence_around(text: str, at: int) -> str:
    """The sentence of ``text`` that holds position ``at``, for a detail."""
    start = max(text.rfind(c, 0, at) for c in ".!?;\n") + 1
    ends = [i for i in (text.find(c, at) for c in ".!?;\n") if i >= 0]
    return text[start : (min(ends) + 1 if ends else len(text))].strip()[:60]


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
_OWN_RESULT_INSTEAD = (
    rf"(?:(?<=but\s)|(?<=but\s\s)|(?<=but,\s)|(?<=however,\s)|(?<=yet\s)){OWN_RESULT}(?={OWN_VALUE}\s*(?:[.!]|$))|"
    rf"{OWN_RESULT}(?={OWN_VALUE},?\s+(?:though|however|instead|myself|on\s+my\s+own)\b)"
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


# a cue that takes back nothing by itself, but makes the value it goes on to state the answer ("Let me
# double-check... it's 73"); a check that states the same value confirms it
RETRACTION = lazy_compile(
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


# the clauses of the text after a retraction cue: "A is a common trap; C is still right", "A is tempting, but
# C is still correct" hold two
_CLAUSE_SPLIT = lazy_compile(r"(?<=[.!?;])\s+(?=\S)|\n+|,\s+but\s+", re.IGNORECASE)


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
        for m in CALLED_RIGHT.finditer(clause):
            named = next(g for g in m.groups() if g is not None)
            if named not in letters or NOT_CLAIMED.search(clause, 0, m.end()):
                continue
            if NEGATED.search(clause, max(clause.rfind(c, 0, m.start()) for c in ",:") + 1, m.end()):
                continue
            if named != letter:
                return False  # "Actually, no, A is right": another option called right
            reaffirmed = True
    return reaffirmed


# what a retraction after a word answer names instead: "Wait, actually Tuesday.", "Hmm, no, it's Tuesday."
_WORD_AFTER_RETRACTION = lazy_compile(
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
_NOT_A_WORD_ANSWER = NO_ITEM | frozenset(
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


# a take-back inside the statement, and what it names instead: "72 — just kidding, 73", "72, scratch that: 73"
_TAKEN_BACK_WITHIN = lazy_compile(
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
_SETTLED_ON = lazy_compile(
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


_OR_WORD = lazy_compile(r"\b(?:or|and|maybe|perhaps|probably)\b|/", re.IGNORECASE)


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
_RESTATED_CORRECTION = lazy_compile(
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
