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

A solution set is written as alternatives on one variable (``x = -2 or x = 3``, ``x < 2 or x > 3``): the
"or" joins the values of the set, it does not hedge between them. :func:`one_variable_alternatives` tells
such a statement, read whole, from a hedge between bare values (``2 or 3``) or between variables.
"""

from __future__ import annotations

import re

from rewardkit.mathtree import Interval, ListOf, Node, Relation, Symbol, Union, symbols_of

# a part's label: "(i)", "ii)", "(a)", "b)", "(2)", "2)", "Part 2:", "Part (b):"
_LABEL = r"(?:\(?(?:[ivx]{1,4}|[a-h]|\d{1,2})\)|part\s*\(?(?:[ivx]{1,4}|[a-h]|\d{1,2})\)?\s*[:.])"
_VALUE = r"[-−]?[$€£]?\d[\d,]*(?:\.\d+)?%?(?:[ \t]*[A-Za-z]{1,15})?"
_PARTS = re.compile(
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


# a single-letter variable given a value: "x = 2", "y=4"; a value worked out through others ("y = 2 + 4 = 6")
# is still one variable's
_ASSIGNED = re.compile(r"(?<![\w\\])([A-Za-z])\s*=\s*[-−]?\$?\d")


def variables_in(statement: str) -> str | None:
    """The variables, two or more, that ``statement`` gives values to (``x, y``), or None."""
    if statement.count("=") < 2:
        return None
    names = sorted({m[1].lower() for m in _ASSIGNED.finditer(statement)})
    return ", ".join(names) if len(names) > 1 else None


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
    names = set()
    for item in node.items:
        if not (isinstance(item, Relation) and item.op == "=" and isinstance(item.lhs, Symbol)):
            return False
        if symbols_of(item.rhs):
            return False
        names.add(item.lhs.name)
    return len(names) == 1
