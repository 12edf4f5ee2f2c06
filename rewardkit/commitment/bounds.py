"""Whether a value is a bound or a measure of another rather than the answer: a qualifier around it (``at
least 12``, ``12 or more``), a variable tending to it, a bound said after its statement, or a reference it is
measured against (``2 miles short of his 16-mile goal``, ``12 out of 20``, the gap of a comparison)."""

from __future__ import annotations

import re

from rewardkit.commitment.shared_words import APPROXIMATION
from rewardkit.languages import chinese, european, japanese_korean
from rewardkit.lazy_regex import lazy_compile

# words and relations that, right before a value, make it a bound ("at least 12") or a near miss
# ("nearly 12"); presentation may stand between: math, emphasis, a bracket or a quote (\x22 is ")
_QUALIFIER_BEFORE = lazy_compile(
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
_QUALIFIER_AFTER = lazy_compile(
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
_RELATION = lazy_compile(
    r"[<>≤≥≲≳≦≧⩽⩾≪≫]=?\s*[\s$*_(]*$|\\(?:geq?|leq?|gt|lt|geqslant|leqslant|ll|gg)[\s$*_(]*$"
)


# a variable that tends to the value: "as x -> 72", "x \\to 72", "\\lim_{n \\to 72}" (an arrow after a result,
# "9 * 8 -> 72", gives it)
_TENDS_TO = lazy_compile(
    r"(?<![A-Za-z\\])[A-Za-z](?:_\{?\w{1,3}\}?)?[ \t]*"
    r"(?:\\to|\\rightarrow|\\longrightarrow|→|⟶|-{1,2}>)[\s$*_({]*$"
)
# a markup tag that opens an answer's element: "<final_answer>", "<result>", "<b>", '<span class="x">'
_TAG_AT_END = lazy_compile(r"<[A-Za-z_][\w:-]{0,30}(?:\s[^<>]{0,80})?>[\s*_$]*$")
# GSM8K's calculator note before the result it computes ("48+24 = <<48+24=72>>72"): its ">>" closes the note,
# no "much greater than"
# (the statement read may open inside it, past a decimal point: "2*50=10>>" of "<<0.2*50=10>>"); a note holds
# no space, "x >> 72" is a relation
_CALCULATOR_NOTE_AT_END = lazy_compile(r"(?:<<)?[^<>\s]{0,200}=[^<>\s]{1,40}>>[\s*_$]*$")


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
_BOUND_SAID_AFTER = lazy_compile(
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
_SHARE_OF = lazy_compile(
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
_REFERENCE_CLAUSE = lazy_compile(
    rf"(?:,(?!\d)|\(|\s[—–-])\s*{_REFERENCE_OPENER}"
    rf"(?:(?P<share>{_REFERENCE_SHARE})(?:[\s-]+[A-Za-z%]+){{0,3}}?\s+)?{_REFERENCE_RELATION}",
    re.IGNORECASE,
)
# ... or with no clause of its own: "He is 2 miles short of his 16-mile goal.", "12 of the 16 questions"
_REFERENCE_SHARED = lazy_compile(
    rf"(?<![\w$€£.,])(?P<share>{_REFERENCE_SHARE})(?:[\s-]+[A-Za-z%]+){{0,3}}?\s+{_REFERENCE_RELATION}",
    re.IGNORECASE,
)
# the value the clause follows: a number and the unit or few words after it, right before the clause
_HEAD_VALUE = lazy_compile(
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
_GOAL_CLAUSE = lazy_compile(
    r"(?<![\w])(?:to\s+(?:reach|meet|hit|achieve|attain|exceed|surpass|fill|stay\s+(?:under|within|below))|"
    r"towards?|out\s+of)\s+"
    r"(?:(?:his|her|their|its|the|my|our|your|this|that|a|an|[A-Z][a-z]+['’]s)\s+)?"
    rf"(?:(?P<named>(?:[A-Za-z]+(?:-[A-Za-z]+)?\s+)?{_GOAL_NOUN}\s+of\s+)|(?=[$€£*_ \t]*$))[$€£*_ \t]*$",
    re.IGNORECASE,
)
_GOAL_NAMED = lazy_compile(rf"{_GOAL_NOUN}\s+of[$€£*_ \t]*$", re.IGNORECASE)
# the words one of those names its reference by: a literal test before the reader
_GOAL_STEMS = (
    "goal", "target", "limit", "quota", "cap", "budget", "allow", "maxim", "minim", "threshold", "requir",
    "mark", "permitted", "available", "planned",
)  # fmt: skip
_GOAL_AFTER = lazy_compile(
    rf"[-\s]*(?:[A-Za-z]+[-\s]+){{0,2}}?(?:{_GOAL_NOUN}|allowed|permitted|required|available|planned)\b",
    re.IGNORECASE,
)


# a count said against the whole it is part of: "12 out of 20", "12 of the 20" (digits, right before "of" or
# with what they count between: "45 points out of 50"); not an index ("Step 3 of 5", "page 2 of 10") nor a
# piece of a fraction or a product ("1/3 of 9", "7 groups of 8": a count of "of" only with no noun between)
_COUNT = lazy_compile(r"[$€£]?[*_ \t]*(?P<count>\d(?:[\d,]*\d)?(?:\.\d+)?)[*_$ \t]*")
_INDEX_BEFORE = lazy_compile(
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
_GAP_OPENER = lazy_compile(rf"(?:,(?!\d)|\(|\s[—–-])\s*{_REFERENCE_OPENER}[$€£*_ \t]*$", re.IGNORECASE)
_GAP_AFTER = lazy_compile(
    r"[*_$% \t]*(?:[\s-]+[A-Za-z]+){0,3}?\s+(?!rather\b|other\b)(?:[A-Za-z]+er|more|less|fewer)\s+than\b",
    re.IGNORECASE,
)
# a score written as a fraction of its whole after a verb of scoring or counting: "She scored 18/20", "He got
# 7/10 right", "answered 18/20 correctly", "她得了18/20", "Elle a obtenu 18/20" (the verb right before the
# fraction, an article or emphasis between); "The ratio is 18/20" is a fraction and nothing else
_SCORE_VERB_BEFORE = lazy_compile(
    r"(?:\b(?:scor(?:ed|es?|ing)|got|gets?|getting|earn(?:ed|s)?|receiv(?:ed|es?)|answer(?:ed|s)|"
    r"solv(?:ed|es)|passed|hit|made|marked|graded"
    # French, Spanish, Italian, Portuguese, German: "a obtenu", "sacó", "ha ottenuto", "tirou", "bekam"
    r"|obtenu|obtient|obtuvo|obtiene|sac[óo]|ottenuto|ottiene|obteve|tirou|erhielt|bekam|erreichte)"
    r"(?:[ \t]+(?:a|an|exactly|only|just))?"
    r"|得了|得到了?|拿了|考了|答对了?|做对了?)"
    r"[ \t]*[*_$]*$",
    re.IGNORECASE,
)
_SCORE_FRACTION = lazy_compile(r"(?P<count>\d{1,6})/(?P<whole>[1-9]\d{0,5})")
# what may follow such a score: the sentence's end, or what was scored ("18/20 correctly", "7/10 points");
# never "of" ("He got 3/4 of the pizza": a share) nor a unit ("3/4 cup")
_SCORE_AFTER = lazy_compile(
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


# ... and the same gap in the languages that say the comparison before it: "，比原价便宜了" (Chinese:
# the reference after 比, then what is more or less of it), "定価より " and "원래 가격보다 " (Japanese and
# Korean: the reference, its particle, the adjective after the gap)
_GAP_BEFORE_CHINESE = lazy_compile(
    rf",[ \t]*[\u4e00-\u9fff]{{0,2}}?{chinese.COMPARED_BY}[^\d,.;:!?()\n]{{1,15}}?"
    rf"(?:{'|'.join(chinese.COMPARATIVES)})(?:出了|出|了)?[ \t]*(?:约|大约)?[$€£¥*_ \t]*$"
)
_GAP_BEFORE_ABROAD = lazy_compile(
    rf",[^\d,.;:!?()\n]{{1,20}}?(?:{'|'.join(japanese_korean.COMPARED_BY)})[$€£¥*_ \t]*$"
)
_GAP_ADJECTIVE_AFTER = lazy_compile(
    rf"[*_ \t]*(?:[A-Za-z]{{1,12}}[ \t]*)?(?:{'|'.join(japanese_korean.COMPARATIVE_STEMS)})"
)


def gap_said_before(before: str, after: str) -> str | None:
    """The comparison, when the value between ``before`` and ``after`` is the gap one said before it names
    (``120 yuan, 比原价便宜了`` before ``30 yuan``, ``120 yenで, 定価より `` before ``30 yen安い``): a gap, as
    ``30 yuan cheaper than the original price`` is, no restatement of the value before it; None otherwise.

    >>> gap_said_before("现价120 yuan, 比原价便宜了", " yuan."), gap_said_before("120 yuan, 原价", " yuan.")
    ('比原价便宜了', None)
    >>> gap_said_before("120 yenで, 定価より ", " yen安い."), gap_said_before("120 yen, 定価より ", " yen.")
    ('定価より', None)
    """
    tail = before[-40:]
    if chinese.COMPARED_BY in tail:
        said = _GAP_BEFORE_CHINESE.search(tail)
        if said is not None:
            return said.group().strip(" \t,$€£¥*_")
    if any(word in tail for word in japanese_korean.COMPARED_BY):
        said = _GAP_BEFORE_ABROAD.search(tail)
        if said is not None and _GAP_ADJECTIVE_AFTER.match(after) is not None:
            return said.group().strip(" \t,$€£¥*_")
    return None


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
_NEEDED_TOWARD = lazy_compile(
    r"(?<![\w])(?:to\s+(?:reach|make|get\s+(?:up\s+)?to|have|hit|"
    r"bring\s+(?:(?:his|her|their|its|the|my|our|your)\s+)?(?:total|count|number|sum)\s+(?:up\s+)?to)|"
    r"so\s+(?:that\s+)?(?:he|she|they|it|we|you|i)\s+(?:(?:will|would|can|could)\s+)?"
    r"(?:has|have|gets?|reach(?:es)?))\s+"
    r"(?:(?:a|the)\s+(?:total|sum)\s+of\s+)?[$€£*_ \t]*$",
    re.IGNORECASE,
)
_NEED_BEFORE = lazy_compile(r"\b(?:needs?|needed|must|ha(?:s|ve|d)\s+to|requires?|required)\b", re.IGNORECASE)


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


_COUNTED_AGAINST_ABROAD = lazy_compile(
    r"(?<![\w.,/^])[$€£]?[*_$]*(?P<share>\d(?:[\d,]*\d)?(?:\.\d+)?)[*_$]*"
    r"(?P<noun>(?:[ \t-]+[^\W\d_]+){0,3}?)[ \t]+"
    rf"(?P<relation>{_words_of(european.COUNTED_AGAINST)})[ \t]+"
    r"(?:(?:las|los|la|les|le|die|den|der|i|gli|os|as|um\s+total\s+de|un\s+total\s+de)[ \t]+)?"
    r"[$€£*_ \t]*$",
    re.IGNORECASE,
)
_COUNTED_AGAINST_WORDS = tuple(f" {w} " for words in european.COUNTED_AGAINST.values() for w in words)
_TOWARD_ABROAD = lazy_compile(
    rf"(?<![\w])(?P<toward>{_words_of(european.TOWARD)})[ \t]+"
    rf"(?:(?:{_words_of(european.TOTAL_OF)})[ \t]+)?[$€£*_ \t]*$",
    re.IGNORECASE,
)
_TOWARD_ABROAD_WORDS = tuple({w.split()[0] + " " for words in european.TOWARD.values() for w in words})
_NEED_ABROAD = lazy_compile(rf"(?<![\w])(?:{_words_of(european.NEEDED)})(?![\w])", re.IGNORECASE)
_CLOSES_AFTER = lazy_compile(
    r"(?![ \t*_$]*(?:uhr|h)\b)"  # ("um 10 Uhr": a time of day)
    rf"[^.!?;\n]{{0,30}}?\b(?:{'|'.join(european.TOWARD_CLOSES_AFTER.values())})\s+[^\W\d_]+",
    re.IGNORECASE,
)
_CLOSING_TOWARD = {w for code in european.TOWARD_CLOSES_AFTER for w in european.TOWARD[code]}
# a value and the few words after it, in any script, before the clause that names its whole ("3 de plus ",
# "3 más, ")
_HEAD_VALUE_ABROAD = lazy_compile(
    r"(?<![\w.,])(?P<value>[-−]?[$€£]?\d[\d,]*(?:\.\d+)?%?)(?![\d,])[*_$]*(?:[ \t-]+[^\W\d_]+){0,3}[\s*_$,]*$"
)
# ... a value glued to the word before it, as Chinese and Japanese write it ("现价120元, ", "120円で, ")
_HEAD_VALUE_GLUED = lazy_compile(
    r"(?<![\w.,](?<![^\x00-\x7f]))(?P<value>[-−]?[$€£]?\d[\d,]*(?:\.\d+)?%?)(?![\d,])[*_$]*"
    r"(?:[ \t-]*[^\W\d_]+){0,3}[\s*_$,]*$"
)
_NEEDED_TOWARD_CHINESE = lazy_compile(
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


_WORD_AFTER = lazy_compile(r"[ \t*_$]*([^\W\d_]+)")
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
    if not tail.isascii():
        compared = gap_said_before(before, after)
        if compared is not None:  # "现价120元，比原价便宜了30元": the value before the gap's clause
            opener = before.rfind(",", max(0, len(before) - 40))
            head = _HEAD_VALUE_GLUED.search(before, max(0, opener - 80), opener + 1)
            return (
                (head.start("value"), head.end("value"), compared) if head is not None else (-1, -1, compared)
            )
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
