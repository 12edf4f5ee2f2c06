"""Whether a value holds only under a condition: a condition before or after it, a supposition or a trial, an
example, a counterfactual (``it would be 24 without the discount``), or one value per case."""

from __future__ import annotations

import re

from rewardkit.commitment.attainment import past_attained
from rewardkit.commitment.hedges import disowned_before, hedged_before
from rewardkit.commitment.shared_words import (
    ASIDE_LEAD,
    ASSUMPTION,
    DOUBTED_ANSWER,
    INSIDE_CONDITION,
    NO_LETTERS,
    WOULD,
    why_after,
)
from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import Quantity, same_quantity, scan

# the rest of a parenthesis that gives the value it opens on under a condition of its own: "(16 with tax)",
# "(4 if traffic is heavy)", "($18 including the tip)"; not "(16 per box)", "(8 × 9)", "(see step 3)"
_CONDITION_IN_PARENTHESES = (
    r"[ \t]*(?:[A-Za-z%]+[ \t]+){0,2}(?:with|without|including|excluding|incl\.|excl\.|after|before|if|when|"
    r"unless|counting|not[ \t]+counting|plus|minus)\b[^()\n]{0,80}\)"
)
_VALUE_UNDER_CONDITION = lazy_compile(
    # (past the value's unit or noun: "3 hours (4 with traffic)")
    r"^(?:[$*_}\]]|\\[)\]])*(?:[ \t]+[^\W\d_]+){0,3}[*_]*[ \t]*\([ \t]*[-−]?[$€£]?\d[\d,]*(?:\.\d+)?"
    + _CONDITION_IN_PARENTHESES,
    re.IGNORECASE,
)
_CONDITION_CLOSES_PARENTHESIS = lazy_compile(_CONDITION_IN_PARENTHESES, re.IGNORECASE)


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


_WITHOUT_AFTER = lazy_compile(
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
    if _WITHOUT_AFTER.match(after[:300]) is None or WOULD.search(sentence_before[-120:]) is None:
        return None
    return f"counterfactual: {('… ' + after.strip())[:60]!r} states what would hold, not what does"


# a statement opened by a condition: "If friction is ignored, the answer is (B)", "Note: if the question
# meant per week, the answer would be 140"
_CONDITION_BEFORE = lazy_compile(
    rf"(?:^\s*|[.!?\n]\s*)[\s*_>-]*{ASIDE_LEAD}(?:if|when|whenever|{ASSUMPTION})\b[^.!?\n]{{0,200}}[,:]"
    r"[^.!?\n]{0,120}$",
    re.IGNORECASE,
)
# a condition that names how the answer is found, not when it holds: "If we check each option,", "When we
# compare the choices,", "Once you test all four options," (the solver's own look over the options, and
# nothing after the comma that conditions again)
_METHOD_CONDITION = lazy_compile(
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
_CONDITION_SET_ASIDE = lazy_compile(r",\s*(?:but|however|yet)\b(?P<rest>[^,]*(?:,[^,]*)?)$", re.IGNORECASE)
# a counterfactual: what would hold without something, or had something else happened ("Without the coupon, it
# would cost $72", "But for the fee, she would have 72", "If she had kept them all, she would have 72", "Were
# it not for …"). A plain "If …, …" restates the question's condition as often as not, and stays a statement
# ("If the discount applies, the price is $72"; "if there were no current, it would take 45 minutes")
_COUNTERFACTUAL_BEFORE = lazy_compile(
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
_ASSUMED_BEFORE = lazy_compile(
    rf"(?:^\s*|[.!?\n]\s*)[\s*_>-]*(?:{ASSUMPTION})\b[^.!?\n]{{0,200}}[,:]"
    r"[^.!?\n]{0,120}$",
    re.IGNORECASE,
)


# a sentence that opens by saying when something holds ("This is true for \\(n \\geq 5\\)", "It holds only
# when $x > 0$", "For all $n$"): the math it ends on is a condition, not an answer
_CONDITION_CLAUSE = lazy_compile(
    r"^[\s*_]*(?:(?:this|that|it|which|the\s+(?:answer|result|formula|solution))\s+(?:is\s+|also\s+)*"
    r"(?:true|valid|holds|works|applies|correct)\s+)?(?:only\s+)?"
    r"(?:for|when|whenever|if|provided(?:\s+that)?|assuming|as\s+long\s+as)\s+"
    r"(?:(?:all|any|every|each)\s+)?[\s$*_]*(?:\\[(\[])?$",
    re.IGNORECASE,
)


# a condition right after a value, nothing but math or a \\text between: "\\boxed{72} \\text{ if } n
# \\text{ is even}", "\\boxed{72}, unless n = 0" (further on, "… \\boxed{11} more CDs if he had not bought
# the set" often restates the question's own condition)
_CONDITION_RIGHT_AFTER = lazy_compile(
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
    return why_after(
        _CONDITION_RIGHT_AFTER, after, 100, "conditional", "makes the answer depend on a condition"
    )


def condition_clause(sentence_before: str) -> bool:
    """Whether a sentence whose text before a math span is ``sentence_before`` opens by stating a
    condition (``This is true for …``), so that the math is the condition rather than an answer.

    >>> condition_clause("This is true for \\\\("), condition_clause("The answer is \\\\(")
    (True, False)
    """
    return len(sentence_before) <= 200 and _CONDITION_CLAUSE.match(sentence_before) is not None


# ... or a marker a condition holds in mid-sentence: "Find x if the answer is 72", "x is 9 provided the result
# is 72" (the condition's value, not a statement of the answer)
_CONDITION_ON_MARKER = lazy_compile(
    r"\b(?:if|unless|supposing|assuming|provided(?:\s+that)?|given\s+that|in\s+case)\s+(?:that\s+)?"
    r"(?:the|its|our|my|your)\s+(?:final\s+|correct\s+|right\s+)?(?:answer|result)\s+(?:is|was|were|equals|be)"
    r"[\s:=*_$]*\Z",
    re.IGNORECASE,
)
# the value a condition gives a variable, after the statement it conditions: "The sum is 2n+1 when n = 3", "…
# if $x = 3$" ("where x = 72" names the value of a variable of the statement)
_CONDITION_VALUE_BEFORE = lazy_compile(
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
_SUPPOSED_ANSWER = lazy_compile(
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


_TWO_LETTERS = lazy_compile(r"[^\W\d_]{2}")
# a sentence that is only its marker, after a connective: nothing in it conditions, hedges or doubts
_PLAIN_OPENING = lazy_compile(
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
    doubted = DOUBTED_ANSWER.search(tail)
    if doubted is None:
        return None
    said = doubted.group().strip().rstrip(_BEFORE_A_BOX)
    return f"not asserted: {said[:60]!r} doubts, asks or reports the answer"


# what stands between a marker and its box: "the answer is $", "answer: \("
_BEFORE_A_BOX = " \t$*_(\\["
_BOXED_MARKER = lazy_compile(
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
    doubted = DOUBTED_ANSWER.search(tail)
    if doubted is not None:
        return f"not asserted: {doubted.group().strip()[:60]!r} doubts, asks or reports the answer"
    # "When x = 2 the answer is": a condition with no comma holds the marker inside it
    m = _CONDITION_BEFORE.search(tail) or INSIDE_CONDITION.search(tail) or _CONDITION_ON_MARKER.search(tail)
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
_EXAMPLE_BEFORE = lazy_compile(
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
_PUT_FORWARD = lazy_compile(
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
_TRIAL_OPENING = lazy_compile(
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
_TRIAL_BREAK = lazy_compile(r"[.!?](?!\d)|\n+")
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


# one sentence that gives a value per case: "If the price is $3, she has 12 left; if it's $2, she has 15",
# "If each person, 12; if each group, 4", "With tax it is $54, and without tax it is $50", "Including the
# teacher 25 go, excluding her 24": two conditions of one kind, the first with its value, the second
# opening the clause of the value. (Reasoning that chains "If …, …. If …, …." over sentences states steps.)
_PER_CASE = [
    lazy_compile(
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
_CASE_THEN_COMPLEMENT = lazy_compile(
    r"(?:^|[.!?\n]\s*)[\s*_>-]*(?:with|including|counting|if\s+(?:we|you)\s+(?:count|include))\b"
    r"(?P<case>[^.!?\n]*?)\d[^.!?\n]*[.!?]\s+[\s*_>-]*(?:without|excluding|not\s+counting|"
    r"if\s+(?:we|you)\s+(?:don'?t|do\s+not)\s+(?:count|include)|if\s+(?:we|you)\s+exclude)\b"
    r"(?P<complement>[^.!?\n]*)$",
    re.IGNORECASE,
)
_COMPLEMENT_OPENING = lazy_compile(r"[\s*_>-]*(?:without|excluding|not\s+counting|if\s+(?:we|you)\s+)", re.I)
_NAMING_WORD = lazy_compile(r"[^\W\d_]{3,}")
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
_NEXT_CASE_VALUE = lazy_compile(r"[ \t*_]*[,;][^\d\n.!?]{1,200}?(?=[$€£]?\d)")
