"""Closing statements that give several values, each under its own name: the last number is one of them.

``(i) 72 (ii) 70`` answers two parts and ``So x = 2 and y = 4.`` states two variables: the last number is the
value of the last part or variable, and without the question nobody can tell which one the gold asks for. The
last-number fallback asks :func:`parts_before` and :func:`variables_in` about the statement it ends, and
refuses it (AMBIGUOUS) when either finds several. A labelled step that works a value out
(``1) 6 × 12 = 72  2) 72 − 2 = 70``) is reasoning, not a list of parts; one variable worked out through others
(``y = 2 + 4 = 6``) is one statement.

>>> parts_before("(i) 72 (ii) 70"), parts_before("(a) 72\\n(b) 70"), parts_before("(ii) gives 70")
('(i) 72 (ii) 70', '(a) 72 (b) 70', None)
>>> variables_in("So x = 2 and y = 4."), variables_in("The solution is x = 5, where y = 3.")
('x, y', 'x, y')
>>> variables_in("x = 5"), variables_in("y = 2 + 4 = 6")
(None, None)

Two quantities listed, each with the noun of what it counts (``12 apples and 5 oranges``, ``20 boys, 25
girls``, ``18 eggs and $36``), are two answers as ``18 and 36`` is: :func:`noun_between` finds the noun and
the joiner that stand between them, and the number reader refuses the statement; a gold that lists values
reads it as the list :func:`counts_listed` gives. A compound of one dimension (``2 hours and 30 minutes``)
is read whole before, and a second value that counts a part of the first (``12 apples, 5 of them red``) or
says it again (``12 apples, which is 3 dozen``) is no second answer.

>>> noun_between(" apples and ", " oranges"), noun_between("  boys,  ", "  girls")
('apples', 'boys')
>>> noun_between(" apples, ", " of them are red"), noun_between(" per day and ", " per week")
(None, None)
>>> counts_listed("12 apples and 5 oranges"), counts_listed("20 boys, 25 girls, and 3 teachers.")
('12, 5', '20, 25, 3')

A solution set is written as alternatives on one variable (``x = -2 or x = 3``, ``x < 2 or x > 3``): the
"or" joins the values of the set, it does not hedge between them. :func:`one_variable_alternatives` tells
such a statement, read whole, from a hedge between bare values (``2 or 3``) or between variables.
"""

from __future__ import annotations

import re
from itertools import pairwise

from rewardkit.lazy_regex import lazy_compile
from rewardkit.mathtree import Interval, ListOf, Node, Relation, Symbol, Union, symbols_of
from rewardkit.numbers import same_quantity, scan

# a part's label: "(i)", "ii)", "(a)", "b)", "(2)", "2)", "Part 2:", "Part (b):"
_LABEL = r"(?:\(?(?:[ivx]{1,4}|[a-h]|\d{1,2})\)|part\s*\(?(?:[ivx]{1,4}|[a-h]|\d{1,2})\)?\s*[:.])"
_VALUE = r"[-−]?[$€£]?\d[\d,]*(?:\.\d+)?%?(?:[ \t]*[A-Za-z]{1,15})?"
_PARTS = lazy_compile(
    rf"(?:[ \t*_]*{_LABEL}[ \t*_]*:?[ \t]*{_VALUE}[ \t*_]*[,;.]?[ \t]*(?:and\s+)?){{2,}}", re.I
)
_PART_LINES = 6  # labelled parts on lines of their own, at most


def parts_before(text: str) -> str | None:
    """The labelled parts (``(i) 72 (ii) 70``) that ``text``, the lines up to and with the last number, ends
    with, when there are two or more and each is a bare value; else None."""
    if ")" not in text and "art" not in text:
        return None
    lines = text.rstrip().split("\n")[-_PART_LINES:]
    for k in range(len(lines)):
        joined = " ".join(line.strip() for line in lines[k:])
        if _PARTS.fullmatch(joined):
            return joined
    return None


# the label of a fill-in blank: "(1)", "1)", "①", "第一空", "(i)"; and its number
_BLANK = lazy_compile(
    r"(?:\((?P<digit>\d{1,2})\)|(?<![\w.])(?P<bare>\d{1,2})\)|(?P<circled>[\u2460-\u2473])|"
    r"第(?P<chinese>[一二三四五六七八九十])(?:空|问)|\((?P<roman>i{1,3}|iv|vi{0,3}|ix|x)\))[ \t]*:?[ \t]*"
)
_CHINESE_ORDINALS = "一二三四五六七八九十"
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x")
# what a blank's answer may be: a value, a short expression or a word, with no label or clause in it
_BLANK_VALUE = lazy_compile(r"[^\n;,，；。]{1,40}?")


def _blank_number(m: re.Match[str]) -> int:
    if m["digit"] or m["bare"]:
        return int(m["digit"] or m["bare"])
    if m["circled"]:
        return ord(m["circled"]) - 0x2460 + 1
    if m["chinese"]:
        return _CHINESE_ORDINALS.index(m["chinese"]) + 1
    return _ROMAN.index(m["roman"]) + 1


def labelled_blanks(line: str) -> list[str] | None:
    """The answers of the fill-in blanks that ``line`` answers in order under their labels (``(1) 3; (2) 5``,
    ``①3；②5``, ``第一空：3，第二空：5``), two or more, numbered from one; None for anything else.

    >>> labelled_blanks("(1) 3; (2) 5"), labelled_blanks("①3; ②5."), labelled_blanks("第一空: 3, 第二空: x+1")
    (['3', '5'], ['3', '5'], ['3', 'x+1'])
    >>> labelled_blanks("(1) 3; (3) 5"), labelled_blanks("(1) 3"), labelled_blanks("(1) 6 × 12 = 72 (2) 70")
    (None, None, None)
    """
    if len(line) > 300:
        return None
    labels = list(_BLANK.finditer(line))
    if len(labels) < 2 or line[: labels[0].start()].strip(" \t*_"):
        return None
    values = []
    for k, label in enumerate(labels):
        if _blank_number(label) != k + 1:
            return None
        end = labels[k + 1].start() if k + 1 < len(labels) else len(line)
        value = line[label.end() : end].strip(" \t*_;,，；。.")
        if not _BLANK_VALUE.fullmatch(value) or "=" in value:
            return None  # a clause, or a step worked out ("(1) 6 × 12 = 72"), is no blank's answer
        values.append(value)
    return values


# a single-letter variable given a value: "x = 2", "y=4"; a value worked out through others ("y = 2 + 4 = 6")
# is still one variable's
_ASSIGNED = lazy_compile(r"(?<![\w\\])([A-Za-z])\s*=\s*[-−]?\$?\d")


def variables_in(statement: str) -> str | None:
    """The variables, two or more, that ``statement`` gives values to (``x, y``), or None."""
    if statement.count("=") < 2:
        return None
    names = sorted({m[1].lower() for m in _ASSIGNED.finditer(statement)})
    return ", ".join(names) if len(names) > 1 else None


# a quantity named in words and given its value: "the number of apples is 18", "the cost of the shirt was
# $12", "Ann's share is 40"
_NAMED_QUANTITY = lazy_compile(
    r"\b(?:the\s+)?(?P<name>(?:number|amount|total|count|cost|price|value|sum|weight|length|width|height|area|"
    r"age|speed|share)\s+of\s+(?:the\s+|her\s+|his\s+|their\s+)?[a-z]+(?:\s+[a-z]+)?|[A-Z][a-z]+'s\s+[a-z]+)"
    r"\s+(?:is|are|was|were|equals|comes\s+to|=)\s+[*_]*[$€£]?[-−]?\d"
    # ... or named by its noun alone after "the": an extreme ("the minimum is $4$ … and the maximum is $5$"),
    # a measure of a figure or a statistic of data ("the width is 4 and the length is 5")
    r"|\b(?:[Tt]he|[Ii]ts)\s+(?P<noun>minimum|maximum|smallest|largest|greatest|least|lowest|highest|width|"
    r"length|height|depth|area|perimeter|volume|radius|diameter|mean|median|mode|range)(?:\s+(?:possible\s+)?value)?"
    r"\s+(?:is|are|was|were|equals|=)\s+[*_]*(?:\$|\\\()?[ \t]*[$€£]?[-−]?\d"
    # ... or a person's count: "Alice has 12 apples and Bob has 18 apples"
    r"|\b(?P<owner>[A-Z][a-z]+)\s+(?:has|had|gets|got|earns|earned|makes|made|owns|owned|pays|paid|needs|spends|"
    r"spent|collects|collected|sells|sold|buys|bought|reads|read|saves|saved|scores|scored)\s+[*_]*[$€£]?\d",
)


def named_quantities_in(statement: str, value_at: int | None = None) -> str | None:
    """The quantities, two or more, that ``statement`` names in words and gives values to (``The number of
    apples is 18 and the number of oranges is 12.``), or None: the last value answers one of them.

    >>> named_quantities_in("The number of apples is 18 and the number of oranges is 12.")
    'number of apples, number of oranges'
    >>> named_quantities_in("The number of apples is 18, so the number of apples is 18.") is None
    True
    >>> named_quantities_in("So, Alice has 12 apples and Bob has 18 apples.")
    'alice, bob'
    >>> named_quantities_in("The minimum is $4$, attained at $x = 1$, and the maximum is $5$.")
    'minimum, maximum'
    >>> named_quantities_in("The width is 4 cm, so the area is 4 * 5 = 20.") is None
    True

    ``value_at``, where the value read stands in ``statement``: a value concluded after the named ones is
    their result, none of them (``Alice has 18 and Bob has 12, so 30 in all.``).

    >>> named_quantities_in("Alice has 18 and Bob has 12, so 30 in all.", 36) is None
    True
    """
    if statement.count(" ") < 6:
        return None  # no room for two named quantities
    names: dict[str, None] = {}
    said_to = 0
    for m in _NAMED_QUANTITY.finditer(statement):
        if names and _CONSEQUENCE.search(statement, said_to, m.start()):
            # "The width is 4, so the area is 20.": the quantity the statement concludes with, worked out from
            # the one before, is its answer
            names.clear()
        names[(m["name"] or m["owner"] or m["noun"]).lower()] = None
        said_to = m.end()
    if value_at is not None and said_to <= value_at and _CONSEQUENCE.search(statement, said_to, value_at):
        return None  # "…, so 30 in all", "…, which makes 30": the value is what the named ones come to
    return ", ".join(names) if len(names) > 1 else None


def named_quantity_clauses(statement: str) -> list[tuple[int, int]] | None:
    """Where the clauses of ``statement`` stand that each name a quantity and give it its value (``Alice has
    18 marbles and Bob has 12 marbles.``: ``Alice has 18 marbles``, ``Bob has 12 marbles.``), two or more of
    distinct quantities, or None: each clause runs from its name to the next one's, less the joiner between.

    >>> statement = "So, Alice has 18 marbles and Bob has 12 marbles."
    >>> [statement[s:e] for s, e in named_quantity_clauses(statement)]
    ['Alice has 18 marbles', 'Bob has 12 marbles.']
    >>> named_quantity_clauses("Alice has 18 and Bob has 12, so 30 in all.") is None  # a result after them
    True
    """
    if named_quantities_in(statement, len(statement)) is None:
        return None
    starts = [m.start() for m in _NAMED_QUANTITY.finditer(statement)]
    ends = [len(_CLAUSE_JOINER.sub("", statement[:after])) for after in starts[1:]] + [
        len(statement.rstrip())
    ]
    return list(zip(starts, ends, strict=True))


# what joins one named quantity's clause to the next: a comma or semicolon, "and", "while", "but", "whereas"
_CLAUSE_JOINER = lazy_compile(r"[\s,;]*(?:\b(?:and|while|but|whereas)\b)?[\s,;]*$", re.IGNORECASE)

# a word that makes what follows a consequence of what stands before
_CONSEQUENCE = lazy_compile(
    r"\b(?:so|thus|hence|therefore|then|which\s+(?:means|gives|makes)|giving|meaning)\b", re.IGNORECASE
)


def one_variable_alternatives(node: Node) -> bool:
    """Whether a statement read whole as ``node`` gives the values of one variable as alternatives: equations
    of one variable to constants (``x = -2 or x = 3``), or the intervals of a union of bounds on it
    (``x < 2 or x > 3``, which the math reader makes a union).

    >>> from rewardkit.latex import parse_math
    >>> [one_variable_alternatives(parse_math(t)) for t in ("x = -2 or x = 3", "2 or 3", "x = 2 or y = 3")]
    [True, False, False]
    """
    if isinstance(node, (Union, Interval)):
        return True
    if not isinstance(node, ListOf) or len(node.items) < 2:
        return False
    names = _variables_given_constants(node)
    return names is not None and len(names) == 1


def hedged_alternatives(node: Node) -> bool:
    """Whether values joined by "or", read whole as ``node``, hedge between answers rather than write a
    solution set: bare values (``2 or 3``) or equations of different variables (``x = 2 or y = 3``).

    >>> from rewardkit.latex import parse_math
    >>> [hedged_alternatives(parse_math(t)) for t in ("2 or 3", "x = 2 or y = 3")]
    [True, True]
    >>> [hedged_alternatives(parse_math(t)) for t in ("x = 2 or x = 3", "x = 2 or 3")]
    [False, False]
    """
    if not isinstance(node, ListOf) or len(node.items) < 2:
        return False
    if not any(symbols_of(item) for item in node.items):
        return True
    names = _variables_given_constants(node)
    return names is not None and len(names) > 1


def _variables_given_constants(node: ListOf) -> set[str] | None:
    """The variables of a list whose every item gives one a constant (``x = 2``, ``y = 3``), or None when an
    item is anything else."""
    names = set()
    for item in node.items:
        if not (isinstance(item, Relation) and item.op == "=" and isinstance(item.lhs, Symbol)):
            return None
        if symbols_of(item.rhs):
            return None
        names.add(item.lhs.name)
    return names


# the words that name what a value counts ("apples", "red marbles", "cups of flour"), then a list's joiner:
# what stands between two quantities listed
_NOUN_THEN_JOINER = lazy_compile(
    # (a noun of any alphabet, joined by "and" in the languages the grader reads: "12 Äpfel und 5 Orangen",
    # "12 pommes et 5 oranges", "12 manzanas y 5 naranjas", "12 яблок и 5 апельсинов")
    r"[ \t]*(?P<noun>[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*){0,3})[ \t]*"
    r"(?:,[ \t]*(?:and[ \t]+)?|;[ \t]*|[ \t]+(?:and|plus|und|et|y|e|и)[ \t]+|[ \t]*&[ \t]*)"
)
# words that make the words after a value something other than a noun: a rate ("18 per day"), a comparison
# ("5 more than"), a clause ("12, which is"), a verb, an article
_NOT_NOUN = frozenset(
    """per which that who is are was were be been or and not no but than more less fewer times each every
    a an the if so then thus hence because since as for to in at by from with this these it its i we you
    they he she left over about approximately roughly around nearly almost exactly only total altogether
    respectively""".split()
)
# a second value that counts part of the first: "5 of them", "5 of which", "5 out of the 12"
_PART_OF_FIRST = lazy_compile(
    r"[ \t]*(?:of|out[ \t]+of)[ \t]+(?:them|which|whom|those|these|the|its|their|all)\b", re.IGNORECASE
)


def noun_between(gap: str, after: str) -> str | None:
    """The noun that names what the first of two quantities counts, when ``gap``, the text between the two,
    is that noun and a list's joiner (`` apples and ``) and ``after``, the text past the second, does not
    make the second a part of the first (``5 of them``); else None."""
    m = _NOUN_THEN_JOINER.fullmatch(gap)
    if m is None:
        return None
    words = m["noun"].split()
    if any(w.lower() in _NOT_NOUN for w in words if w.lower() != "of") or words[-1].lower() == "of":
        return None
    if _PART_OF_FIRST.match(after):
        return None
    return m["noun"]


# the name a value is given right before it: "Alice has ", "chickens ", "the boys: ", "鸡有" (words of any
# alphabet, five at most, maybe a colon, an equals sign or a currency sign before the value)
_NAME_BEFORE = r"(?P<name>[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*){0,4})[ \t]*[:：=]?[ \t*_]*[$€£¥]?[ \t]*"
_NAMED_VALUE_START = lazy_compile(_NAME_BEFORE + r"$")
_NAME_LEADS = lazy_compile(r"[ \t*_]*" + _NAME_BEFORE)
# what stands between two values each named before it: the first one's noun or unit, a list's joiner, the
# second one's name ("18 apples and Bob has ", " , 兔有")
_JOINER_THEN_NAME = lazy_compile(
    r"[ \t]*(?:[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*)?)?[ \t*_]*"
    # (a contrast joins them as "and" does: "Alice picked 18, while Bob picked 12", "… whereas Bob …", "… but
    # Bob …")
    r"(?:[,;，、；][ \t]*(?:(?:and|und|et|y|e|и|while|whereas|but)[ \t]+)?"
    r"|[ \t]+(?:and|und|et|y|e|и|while|whereas|but)[ \t]+)" + _NAME_BEFORE
)
# words before a value that make it part of the other one's statement, not a value of its own: a reason, a
# computation, a restatement, a negation or a comparison ("18, since 3 × 6", "18, which is 12 + 6", "18, as
# 12 + 6", "18, i.e. 18.0", "not 40; it is 45")
_EXPLAINS = frozenset(
    """which that who so since because as ie i.e per each of from by times plus minus or not is was were are
    equals than more less fewer with without out and it this there what""".split()
)


def _names(words: str) -> bool:
    """Whether the words before a value name it, rather than negate, restate or explain it (``not``, ``it
    is``, ``since``)."""
    return words.split()[0].lower().rstrip(".") not in _EXPLAINS


def names_before_values(before: str, gap: str) -> str | None:
    """The two names, when each of two values is given its own before it (``Alice has 18, Bob has 12``,
    ``chickens 18, rabbits 12``, ``鸡有18，兔有12``): ``before`` is the statement's text before the first
    value, ``gap`` the text between the two. Two named quantities answer two questions, as two listed with
    their nouns do (the caller asks only about two different values); None when the second is no such value
    (``18, since 3 × 6``).

    >>> names_before_values("Alice has ", " apples and Bob has "), names_before_values("", ", since 3 × ")
    ('alice has, bob has', None)
    """
    first = _NAMED_VALUE_START.search(before[-80:])
    second = _JOINER_THEN_NAME.fullmatch(gap) if first is not None else None
    if first is None or second is None or not (_names(first["name"]) and _names(second["name"])):
        return None
    # one name twice ("Alice has 18, Alice has 12") gives it two values: as much two answers as two names do
    return f"{first['name'].lower()}, {second['name'].lower()}"


# a value as a count or an amount is written in a list of them: "12", "$36", "2.5", "40%"
_COUNT_TEXT = r"[-−]?[$€£]?\d+(?:,\d{3})*(?:\.\d+)?%?"  # ("18, 12": a comma before a space is a joiner)
# (a CJK character before it is a name's last, "鸡有18", not a letter the digits are glued to)
_COUNT = lazy_compile(rf"(?<![^\W\u3400-\u9fff\uf900-\ufaff]|\.){_COUNT_TEXT}(?![\w.]\w)")
_BARE_JOINER = lazy_compile(r"[ \t]*(?:,[ \t]*(?:and[ \t]+)?|;[ \t]*|[ \t]+(?:and|plus)[ \t]+|[ \t]*&[ \t]*)")
_NOUN_TAIL = lazy_compile(r"[ \t]*(?:[A-Za-z][A-Za-z'’-]*(?:[ \t]+[A-Za-z][A-Za-z'’-]*){0,3})?[ \t.!]*")


def counts_listed(text: str) -> str | None:
    """The values of a statement that is nothing but two or more quantities listed, each maybe with the noun
    of what it counts (``12 apples and 5 oranges``) or each under its own name (``Alice has 12, Bob has 5``,
    ``鸡有18 , 兔有12``), as a list (``12, 5``); else None."""
    counts = list(_COUNT.finditer(text))
    if len(counts) < 2:
        return None
    lead = text[: counts[0].start()]
    named = _NAME_LEADS.fullmatch(lead) if lead.strip(" \t*_") else None
    if lead.strip(" \t*_") and (named is None or not _names(named["name"])):
        return None
    for first, second in pairwise(counts):
        gap = text[first.end() : second.start()]
        if named is not None:
            other = _JOINER_THEN_NAME.fullmatch(gap)
            if other is None or not _names(other["name"]):
                return None
        elif not _BARE_JOINER.fullmatch(gap) and noun_between(gap, text[second.end() :]) is None:
            return None
    tail = _NOUN_TAIL.fullmatch(text, counts[-1].end())
    if tail is None or any(word.lower() in _NOT_NOUN for word in tail.group().split()[:1]):
        return None  # "1, 2 or more", "12 and 5 at least": the words after the list qualify it
    return ", ".join(m.group().replace(",", "").lstrip("$€£") for m in counts)


# a quantity, the noun of what it counts and a list's joiner, closing the text before a value: "5 cats and "
_LISTED_BEFORE = lazy_compile(
    rf"(?<![\w.])(?P<count>{_COUNT_TEXT})"
    r"(?P<gap>[ \t]*[A-Za-z][A-Za-z'’-]*(?:[ \t]+[A-Za-z][A-Za-z'’-]*){0,3}[ \t]*"
    r"(?:,[ \t]*(?:and[ \t]+)?|;[ \t]*|[ \t]+(?:and|plus)[ \t]+|[ \t]*&[ \t]*))$"
)
_JOINER_ENDS = (",", ";", "&", " and", " plus", "and ", "plus ", ", ", "; ", "& ")


def quantity_listed_before(before: str, value: str, after: str) -> str | None:
    """The other quantity when the statement a value ends lists it with another, each with its noun (``So
    there are 5 cats and `` before ``3``, `` dogs.`` after it), and the two differ; else None.

    >>> quantity_listed_before("So there are 5 cats and ", "3", " dogs.")
    '5 cats'
    >>> quantity_listed_before("So 5 + ", "3", ""), quantity_listed_before("So 3 cats and ", "3", " dogs")
    (None, None)
    """
    if not before.endswith(_JOINER_ENDS):
        return None
    m = _LISTED_BEFORE.search(before, max(0, len(before) - 120))
    if m is None or noun_between(m["gap"], after) is None:
        return None
    if _plain(m["count"]) == _plain(value):
        return None
    return f"{m['count']} {m['gap'].split()[0]}"


def _plain(count: str) -> str:
    return count.replace(",", "").lstrip("$€£")


# what opens one case of several, by family: a numbered case or part ("Case 2:", "Part (b):", "For part (b),",
# "Scenario 1:"), a condition ("If she sells in the evening,", "When x < 0,"), or a thing counted in or out
# ("With the discount:", "Without the coupon,", "Including tax,")
_CASE_OPENING = lazy_compile(
    r"[ \t*_>#-]*(?:(?P<numbered>(?:for\s+)?(?:case|scenario|part|situation|option)\s*"
    r"\(?(?:[ivx]{1,4}|[a-d]|\d{1,2})\)?[ \t*_]*[:.),-]|"
    # a bare enumerator before an answer marker: "(1) The answer is 72. (2) The answer is 48." (before any
    # other sentence it numbers a step, "(2) 7 × 2 = 14.")
    r"\((?:[ivx]{1,4}|[a-d]|\d{1,2})\)[ \t*_]*(?=(?:the\s+)?(?:final\s+)?answer\b))|"
    r"(?P<condition>(?:if|when|whenever|in\s+case)\b[^,:\n]{1,120}[,:])|"
    r"(?P<counted>(?:with|without|including|excluding|not\s+counting)\b[^,:\n]{1,80}[,:]))",
    re.IGNORECASE,
)
# where a sentence ends: a line break, "!", "?", ";" or a full stop that is no decimal point ("$3.50")
_SENTENCE_END = lazy_compile(r"[\n!?;]|\.(?!\d)")


def case_series_before(text: str, at: int, stated: str) -> str | None:
    """Why the sentence of ``text`` whose answer ``stated`` starts at ``at`` answers one case of several: it
    opens on a case (``If she sells in the evening, she makes $20.``, ``Case 2: …``, ``- Without the discount:
    $20``) and the sentence before it opens on another case of the same kind with another value (``If she
    sells in the morning, she makes $18.``); or None. One value per case answers every case and none of them.

    >>> case_series_before("If she sells early, she makes $18. If she sells late, she makes $20.", 65, "$20")
    "one value per case: 'If she sells early, she makes $18' … gives another case another value"
    >>> case_series_before("If she eats 3, 13 are left. So she has $20.", 40, "$20")

    """
    # where the value's sentence opens: the cheap search first (most sentences open on no case), the stops
    # of the sentences before it only for one that does
    opening_at = max(text.rfind(c, max(0, at - 600), at) for c in "\n!?;.") + 1
    if opening_at == 0 or (text[opening_at - 1] == "." and text[opening_at : opening_at + 1].isdigit()):
        return None  # the text's first sentence, or a decimal point: no sentence before it to compare
    opened = _CASE_OPENING.match(text, opening_at)
    if opened is None or opened.end() > at:
        return None
    first_value = next(scan(stated), None)
    if first_value is None:
        return None
    value = first_value.quantity
    stops = [m.end() for m in _SENTENCE_END.finditer(text, max(0, at - 600), at)]
    # the sentence before, skipping blank lines and stops with nothing between them
    previous_end = stops[-1] - 1
    previous_start = 0
    for k in range(len(stops) - 2, -2, -1):
        previous_start = stops[k] if k >= 0 else max(0, at - 600)
        if text[previous_start:previous_end].strip(" \t*_>#-"):
            break
        previous_end = previous_start - 1
    before = _CASE_OPENING.match(text, previous_start)
    if before is None or before.lastgroup != opened.lastgroup or before.end() > previous_end:
        return None
    said = [span.quantity for span in scan(text[before.end() : previous_end])]
    if not said or same_quantity(said[-1], value):
        return None  # no value in that case, or the same one: it holds in both
    # "If she works 5 days, she makes 5 * 32 = $160.": a step that goes on from the one before
    if any(same_quantity(span.quantity, said[-1]) for span in scan(text[opened.start() : at])):
        return None
    first = text[previous_start:previous_end].strip(" \t*_>#-.")
    return f"one value per case: {first[:50]!r} … gives another case another value"


def named_alike_before(before: str, value: str) -> str | None:
    """The two names when the statement ``before`` a value gives another value under a name that differs from
    the value's own only in whose it is, or None: two named quantities, and the last value answers one of
    them. The name is a subject and its verb, the verb said again after the other subject (``Alice made 72,
    Bob made``, ``Alice picked 18 apples and Bob picked``, ``甲做了72 , 乙做了``), in another person's form
    (``The shirt costs $12 and the pants cost``), or left out after a name (``Alice picked 18 and Bob``). Only
    a name alike tells a second quantity from a statement's opening words (``After 3 days, she has``); one
    subject at two moments (``She had 18 and now has``) is one count, the later its result.

    >>> named_alike_before("甲做了72 , 乙做了", "48"), named_alike_before("After 3 days, she has ", "72")
    ('甲做了, 乙做了', None)
    >>> named_alike_before("The shirt costs $12 and the pants cost ", "$30")
    'the shirt costs, the pants cost'
    >>> named_alike_before("So Tom is 12 years old and his sister is ", "8")
    'tom is, his sister is'
    >>> named_alike_before("She had 18 and now has ", "12"), named_alike_before("Alice picked 18, so ", "18")
    (None, None)
    """
    if not _JOINS_TWO.search(before):
        return None  # names_before_values wants a joiner between the values
    previous = [*scan(before)][-1:]
    stated = next(scan(value), None)
    if not previous or stated is None or same_quantity(previous[0].quantity, stated.quantity):
        return None
    # the conclusion the statement opens with is none of the first name ("So Alice made 72, …")
    opening = _CONCLUSION_OPENING.match(before, 0, previous[0].start)
    names = names_before_values(
        before[opening.end() if opening else 0 : previous[0].start], before[previous[0].end :]
    )
    if names is None:
        return None
    first, second = names.split(", ")
    whose = _whose_alike(first, second) or _verb_left_out(before[previous[0].end :], first)
    if whose is None:
        return None
    # whose a value is: a subject of a word or two ("Bob", "the boys", "甲", "第一天", "his sister",
    # "Alice's basket"), not a clause's words ("I think the answer might be 18, but it could be 20")
    if any(
        len(who.split()) > (3 if who.split()[0] in _DETERMINERS else 2) or len(who) > _LONGEST_SUBJECT
        for who in whose
    ):
        return None
    if any(who in _WHEN_NOT_WHOSE for who in whose):
        # "原来有72个，现在有48个", "他先做了12个，又做了15个", "She had 18 and now has 12": one count at two
        # moments, not two counts
        return None
    if any(word in _SUMMING for word in whose[1].split()) or whose[1].startswith(_CHINESE_SUMMING):
        # "The price is $3 each, and the total is $12.", "每个是3元，总价是12元": the last is what the others
        # come to
        return None
    subjects = [" ".join(w for w in who.split() if w not in _WHEN_NOT_WHOSE) for who in whose]
    if subjects[0] == subjects[1] or not all(subjects):
        return None  # "She had 18 apples, then she had 12": the same subject later ("Alice had 18, then Bob
        # had 12" names two)
    return names


def _whose_alike(first: str, second: str) -> tuple[str, str] | None:
    """Whose each of two names is, when they differ only in it (``alice picked``, ``bob picked``: ``alice``,
    ``bob``), or None. A verb in another person's form is the same verb (``costs``, ``cost``), and a name
    alone stands for the first one's subject and verb (``alice picked``, ``bob``)."""
    shared = 0
    while shared < min(len(first), len(second)) and first[-1 - shared] == second[-1 - shared]:
        shared += 1
    ending = first[len(first) - shared :]
    if ending[:1].isascii() and ending[:1].isalnum():
        # a word's end is no word ("jake", "blake"): the shared ending starts at a space
        ending = ending[ending.find(" ") :] if " " in ending else ""
    whose = first[: len(first) - len(ending)].strip(), second[: len(second) - len(ending)].strip()
    if ending.strip() and all(whose) and whose[0] != whose[1]:
        return whose
    if not (first.isascii() and second.isascii()):
        return None
    words, others = first.split(), second.split()
    if len(words) >= 2 and len(others) >= 2 and _lemma(words[-1]) == _lemma(others[-1]):
        whose = " ".join(words[:-1]), " ".join(others[:-1])  # "the shirt costs", "the pants cost"
        return whose if whose[0] != whose[1] and _lemma(words[-1]) not in _NOT_A_VERB else None
    return None


def _verb_left_out(gap: str, first: str) -> tuple[str, str] | None:
    """Whose each value is when the second name is a subject alone, its verb left out as the first one's
    (``Alice made 72, Bob 48``, ``He picked 18 and she 12``): a capitalised name or a subject pronoun after
    the first one's, who is one too; ``gap`` is the text between the values, ``first`` the first name."""
    m = _JOINER_THEN_NAME.fullmatch(gap)
    words = first.split()
    if m is None:
        return None
    who = m["name"].strip()
    if len(words) == 3 and words[0] in _DETERMINERS and len(who.split()) == 2:
        # "So the boys ate 18 slices and the girls 12": a subject its determiner opens, each
        other = who.lower().split()
        if other[0] not in _DETERMINERS or other[1] == words[1] or other[1] in _NOT_NOUN:
            return None
        return " ".join(words[:2]), who.lower()
    if len(words) != 2 or " " in who:
        return None
    if not (_SUBJECT_ALONE.fullmatch(who) and _SUBJECT_ALONE.fullmatch(words[0].capitalize())):
        return None
    if (
        who.lower() == words[0]
        or who.lower() in _EXPLAINS
        or (who.lower() in _NOT_NOUN and who not in ("he", "she", "they", "we"))
    ):
        return None  # "Alice made 72, Then 48": no subject
    return words[0], who.lower()


# a subject said alone: a name ("Bob"), a subject pronoun ("she")
_SUBJECT_ALONE = lazy_compile(r"[A-Z][a-z]{1,15}|he|she|they|we")


def _lemma(word: str) -> str:
    """A verb's form for every person: ``costs`` and ``cost``, ``carries`` and ``carry``, ``is`` and
    ``are`` (a plural's ``s`` is cut too, which is harmless: the names compared end on their verbs)."""
    word = word.lower().rstrip("'’")
    if word in _BE:
        return "be"
    if word in ("has", "have"):
        return "have"
    if word in ("does", "do"):
        return "do"
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


_BE = frozenset("is are am was were be".split())
# what ends a name and is no verb: a joiner or an article left at its end
_NOT_A_VERB = frozenset("and or but while whereas the a an of to".split())
# a joiner of two statements: a comma, a semicolon, "and", a contrast
_JOINS_TWO = lazy_compile(r"[,;，、；]|\b(?:and|while|whereas|but)\b")
_LONGEST_SUBJECT = 16
# the words that open a subject of three ("the first train", "his older sister")
_DETERMINERS = frozenset("the his her their my our its your".split())
_CONCLUSION_OPENING = lazy_compile(
    r"[ \t*_]*(?:so|thus|therefore|hence|finally|in\s+conclusion|in\s+short|in\s+total|overall)\b"
    r"[ \t]*,?[ \t]*",
    re.IGNORECASE,
)
# words of a time or a sequence, in a subject's place: one quantity told at two moments
_WHEN_NOT_WHOSE = frozenset(
    "原来 原先 本来 起初 最初 开始 一开始 现在 目前 如今 后来 之后 然后 接着 最后 先 又 再 还 "
    "then now later finally".split()
)


# a value, maybe its noun, then what it counts in or when, and a joiner: "48 in April and ", "5 miles on
# Monday, " (the qualifier a preposition and a word or two)
_QUALIFIED_BEFORE = lazy_compile(
    rf"(?<![\w.])(?P<count>{_COUNT_TEXT})[ \t]*(?P<noun>(?:[A-Za-z]+[ \t]+){{0,2}}?)"
    r"(?P<prep>in|on|during|for|at|by|from|to)[ \t]+(?:the[ \t]+)?(?P<what>[A-Za-z]+(?:[ \t]+[A-Za-z]+)?)"
    r"[ \t]*(?:,[ \t]*(?:and[ \t]+|but[ \t]+|while[ \t]+)?|[ \t]+(?:and|but|while|whereas)[ \t]+)$"
)
# ... and after the last value: its noun, the same preposition and another word or two, then the
# sentence's end
_QUALIFIED_AFTER = lazy_compile(
    r"[ \t]*(?P<noun>(?:[A-Za-z]+[ \t]+){0,2}?)(?P<prep>in|on|during|for|at|by|from|to)[ \t]+(?:the[ \t]+)?"
    r"(?P<what>[A-Za-z]+(?:[ \t]+[A-Za-z]+)?)[ \t*_]*(?:[.!;\n]|$)"
)
# what a qualifier names when the value after it sums or restates the first: "… and 72 in all"
_SUMMING = frozenset("all total sum both everything together altogether whole overall combined".split())
# the Chinese subjects of a total: 总价 (the total price), 总数, 总共, 合计, 全部
_CHINESE_SUMMING = ("总", "一共", "共", "合计", "全部", "一起")
# qualifiers that name cases, left to the reading of one value per case
_CASES = frozenset("case cases scenario scenarios".split())


def qualified_values_before(before: str, value: str, after: str) -> str | None:
    """The two qualifiers when a statement gives one value per time, place or party under one preposition
    (``Natalia sold 48 in April and 24 in May.``, ``5 miles on Monday and 3 miles on Tuesday``): ``before``
    is the statement's text before ``value``, ``after`` the rest of its sentence; else None. Each value
    answers its own question; a second that sums them (``… and 72 in all``) is no such value.

    >>> qualified_values_before("Natalia sold 48 in April and ", "24", " in May.")
    'in April, in May'
    >>> qualified_values_before("She sold 48 in April and ", "72", " in all.") is None
    True
    """
    if not before.endswith((*_JOINER_ENDS, " but ", " while ", " whereas ")):
        return None
    m = _QUALIFIED_BEFORE.search(before, max(0, len(before) - 120))
    told = _QUALIFIED_AFTER.match(after)
    if m is None or told is None or m["prep"].lower() != told["prep"].lower():
        return None
    what, other = m["what"].lower(), told["what"].lower()
    if what == other or {what.split()[0], other.split()[0]} & (_SUMMING | _NOT_NOUN):
        return None
    if {what.split()[-1], other.split()[-1]} & _CASES:
        return None  # "40 in the first case and 50 in the second": the reading of cases says so
    if _plain(m["count"]) == _plain(value):
        return None
    return f"{m['prep']} {m['what']}, {told['prep']} {told['what']}"


# a bulleted line that gives a value under its label: "- April: 48 clips", "* **May:** $24"
_LABELLED_BULLET = lazy_compile(
    r"[ \t]*[-*+•][ \t]+[*_]*(?P<label>[^\W\d_][^:\n]{0,40}?)[*_]*[ \t]*:[ \t*_]*(?P<value>[^\n]*)"
)
# a label under which the last line sums or concludes the lines before it: its value is the answer
_CONCLUDING_LABEL = lazy_compile(
    r"(?:.*\b)?(?:total|totals|sum|altogether|overall|combined|answer|final|result|in\s+all|both|together)\b",
    re.IGNORECASE,
)


def bulleted_values_before(text: str, start: int) -> str | None:
    """The two labels when the value at ``start`` of ``text`` closes a bulleted summary whose lines each give
    a value under its own label (``- April: 48 clips\\n- May: 24 clips``), or None. Such a summary names
    several quantities and answers none of them; its last number is read only where its lines are one
    answer's parts: a last line that sums or concludes them (``- Total: 72``) or works its value out from
    the line before (``- Step 2: 8 × 2 = 16``).

    >>> bulleted_values_before("**Summary**\\n- April: 48 clips\\n- May: 24 clips", 37)
    "'April', 'May'"
    >>> bulleted_values_before("- April: 48\\n- May: 24\\n- Total: 72", 31) is None
    True
    """
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    last = _LABELLED_BULLET.fullmatch(text, line_start, len(text) if line_end < 0 else line_end)
    if last is None or _CONCLUDING_LABEL.match(last["label"]):
        return None
    stated = [*scan(last["value"])]
    # the value read is the line's own, the first after its label
    if not stated or last.start("value") + stated[0].start != start:
        return None
    previous_end = line_start - 1
    while previous_end > 0 and not text[text.rfind("\n", 0, previous_end) + 1 : previous_end].strip():
        previous_end = text.rfind("\n", 0, previous_end)  # blank lines between the items
    if previous_end <= 0:
        return None
    previous = _LABELLED_BULLET.fullmatch(text, text.rfind("\n", 0, previous_end) + 1, previous_end)
    if previous is None or previous["label"].strip().lower() == last["label"].strip().lower():
        return None
    before = [*scan(previous["value"])]
    if not before or any(same_quantity(before[-1].quantity, span.quantity) for span in stated):
        return None  # no value there, or a step that goes on from it
    return f"{previous['label'].strip()!r}, {last['label'].strip()!r}"


_BULLET_OPENING = lazy_compile(r"[ \t]*[-*+•][ \t]")


def bold_alone_in_list(text: str, start: int) -> bool:
    """Whether the bulleted line that holds ``start`` is the one line of its list set in bold (``- Sum:
    108\\n- Count: 6\\n- Mean: **18**``): the writer singles its value out of the list as the answer, as a
    bold value closing a sentence is. A list whose lines are all bold, or none, singles out nothing.

    >>> t = "- Sum: 108\\n- Count: 6\\n- Mean: **18**"
    >>> bold_alone_in_list(t, t.index("18")), bold_alone_in_list(t.replace("**", ""), t.index("18") - 2)
    (True, False)
    >>> bold_alone_in_list("- Sum: **108**\\n- Mean: **18**", 26)
    False
    """
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    if "**" not in line and "__" not in line:
        return False
    previous_end = line_start - 1
    while previous_end > 0:
        previous_start = text.rfind("\n", 0, previous_end) + 1
        previous = text[previous_start:previous_end]
        previous_end = previous_start - 1
        if not previous.strip():
            continue  # (blank lines between the items)
        if _BULLET_OPENING.match(previous) is None:
            break  # the list's first line is past: "**Summary**" above it is no item
        if "**" in previous or "__" in previous:
            return False
    return True
