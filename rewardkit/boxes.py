"""Boxes on one line read as one answer: what stands between two boxes (``\\boxed{1}, \\boxed{2}``
lists, ``\\boxed{1} or \\boxed{2}`` hedges), the names written before them (``x = \\boxed{3}``), and the
boxes of the chosen box's line joined as a list. Golds and completions are read alike.
"""

from __future__ import annotations

import re
from typing import Literal

from rewardkit.lazy_regex import lazy_compile
from rewardkit.types import Answer


def named_boxes(gold: str, boxes: list[Answer]) -> str | None:
    """``a = 2, b = 5`` for boxes that each follow the name of their value (``$a = \\boxed{2}$ and $b =
    \\boxed{5}$``), names all different; None when one is unnamed."""
    names: list[str] = []
    since = gold.rfind("\n", 0, boxes[0].start) + 1
    for box in boxes:
        name = _BOX_NAME.search(JOINER_NOISE.sub(" ", gold[max(since, box.start - 40) : box.start]))
        if name is None:
            return None
        names.append(name[1])
        since = box.end
    if len(set(names)) != len(names):
        return None
    return ", ".join(f"{name} = {box.text}" for name, box in zip(names, boxes, strict=True))


_BOX_NAME = lazy_compile(r"(?<![A-Za-z\\])([A-Za-z](?:_\{?\w{1,6}\}?)?)\s*=\s*$")


# what may stand between two boxes that list one answer's values, once math delimiters, spacing commands and
# \text{} wrappers are taken out: nothing, a comma or semicolon, "and" (or both), then perhaps the name the
# next value is given ("a = ")
_LIST_JOINER = lazy_compile(
    r"\s*(?:[,;]\s*)?(?:and\s*)?(?:[A-Za-z](?:_\{?\w{1,6}\}?)?\s*=\s*)?", re.IGNORECASE
)


# or the word naming what the value before counts, then a joiner: "\boxed{1} papers and \boxed{2} bins",
# "\boxed{3} cm, \boxed{4} cm" (a word that judges or goes on is prose: "\boxed{1} wrong, \boxed{2}")
_NAMED_LIST_JOINER = lazy_compile(
    r"\s*(?!(?:is|are|was|were|be|not|no|or|but|which|that|then|so|thus|hence|wrong|incorrect|right|correct"
    r"|also|instead|first|next|final|finally|answer|gives|get|got)\b)[A-Za-z]{1,20}\s*"
    r"(?:[,;]\s*(?:and\s*)?|and\s*)(?:[A-Za-z](?:_\{?\w{1,6}\}?)?\s*=\s*)?",
    re.IGNORECASE,
)


_OR_JOINER = lazy_compile(r"\s*,?\s*or\s*(?:[A-Za-z](?:_\{?\w{1,6}\}?)?\s*=\s*)?", re.IGNORECASE)


# or a divider: a run of three or more of one symbol ("---", "***", "+++++"), set between items as a
# horizontal rule is; never an operator between the values (an operator is one or two symbols: "+", "==")
_DIVIDER = lazy_compile(r"\s*([-+=*_#|])\1{2,}\s*")


JOINER_NOISE = lazy_compile(r"\$|\\[()\[\]]|\\q?quad\b|\\[,;:! ]|~|\\(?:text|textrm|mbox|mathrm)\s*\{|\}")


def box_joiner(gap: str) -> Literal["list", "or"] | None:
    """What the text between two boxes of a gold does: list their values, offer them as alternatives, or
    (None) say something else: prose."""
    if len(gap) > 200:
        return None
    bare = JOINER_NOISE.sub(" ", gap)
    if _LIST_JOINER.fullmatch(bare) or _NAMED_LIST_JOINER.fullmatch(bare) or _DIVIDER.fullmatch(bare):
        return "list"
    return "or" if _OR_JOINER.fullmatch(bare) else None


def boxes_as_list(text: str, anchored: list[Answer], chosen: Answer) -> Answer:
    """The boxes on the chosen box's line as one answer (``\\boxed{1}, \\boxed{2}`` → ``1, 2``): in a gold, or
    in a completion graded against a gold listing several values, several boxes joined as a list
    (:func:`_listed_boxes`) are the list, not a hedge."""
    boxes = boxes_on_line(text, anchored, chosen)
    listed = ", ".join(box.text for box in boxes)
    return Answer(listed, "boxed", boxes[0].start, boxes[-1].end)


def boxes_on_line(text: str, anchored: list[Answer], chosen: Answer) -> list[Answer]:
    """The outermost boxes on the chosen box's line, in order."""
    line_start = text.rfind("\n", 0, chosen.start) + 1
    line_end = text.find("\n", chosen.end)
    line_end = len(text) if line_end < 0 else line_end
    boxes: list[Answer] = []
    # anchored is in order of position; a box inside another is part of it, not a sibling (and joining
    # nested boxes was quadratic: an 8 KB gold of nested boxes took seconds)
    for a in anchored:
        inside_line = a.rule == "boxed" and line_start <= a.start and a.end <= line_end
        if inside_line and (not boxes or a.start >= boxes[-1].end):
            boxes.append(a)
    return boxes
