"""Golds read once: what kind of answer a gold is (a number, math, a choice letter, a word), what it states
(a reference solution's boxes, its ``####`` line, a question and its answer), and what may be said of it
(``gold_readings``, the readings ``rewardkit check-data`` reports). ``parse_gold`` remembers recent golds: a
sampled group grades many completions against one.

>>> parse_gold("18").kind, parse_gold("x + 1").kind, parse_gold("B", "ABCD").kind, parse_gold("Yes").kind
('number', 'math', 'choice', 'text')
"""

from __future__ import annotations

import functools
import itertools
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import rewardkit.counted_values as counted_values
from rewardkit.boxes import JOINER_NOISE, box_joiner, boxes_as_list, boxes_on_line, named_boxes
from rewardkit.commitment import bounds
from rewardkit.equivalence import (
    compare_math,
)
from rewardkit.extract import (
    APPROX,
    Reading,
    clean_span,
    find_answers,
    read_math,
    read_number,
    read_options,
    split_approximation,
)
from rewardkit.languages import normalize as normalize_language
from rewardkit.latex import repair_escapes
from rewardkit.lazy_regex import lazy_compile
from rewardkit.letter_sets import letter_set
from rewardkit.mathtree import (
    ListOf,
    Node,
    Relation,
    Symbol,
    quantity_tree,
    render,
    structural_key,
)
from rewardkit.numbers import (
    Quantity,
    Unit,
    first_value,
    whole_quantity,
)
from rewardkit.option_words import option_key, option_keys
from rewardkit.stated_units import (
    unit_at_end,
    whole_unit,
)
from rewardkit.tree_values import NotEvaluable, TooLarge, exact_value
from rewardkit.types import Answer

_LETTERED_OPTION = lazy_compile(
    r"\(?([A-HJ])\)?[.:]?[ \t]+[A-Z][a-z]+(?:[ \t]+[A-Za-z]+){0,3}[ \t]*(?:\n|$)"
    # a letter in parentheses labels any option text: "(A) 5", "(C) $\frac{1}{2}$", "(B) 12 cm"
    r"|\(([A-HJ])\)[ \t]+\S[^\n]{0,80}$"
)


_LETTER_GOLD = lazy_compile(r"\(?\s*([A-Z])\s*\)?\.?")


# a word answer ("yes", "Monday"); single letters are variables (or choices), not words
TEXT_GOLD = lazy_compile(r"(?:[A-Za-z]{3,}|no|No|NO)(?:[ '\-]+[A-Za-z]{2,}){0,3}")


# "S_{MBCN}:S=7:32", "V_{1}:V_{2} = 11:21": a ratio of named quantities set equal to a ratio of numbers states
# that ratio (as "x = 5" states 5); the names are letters with an optional subscript, as many as the numbers
_NAME = r"[A-Za-z]{1,3}(?:_\{?[A-Za-z0-9]{1,6}\}?)?"


_NAMED_RATIO = lazy_compile(rf"\s*({_NAME}(?:\s*:\s*{_NAME})+)\s*=\s*(\d+(?:\s*:\s*\d+)+)\s*")


_GOLD_AND = lazy_compile(r"\s*,?\s+and\s+", re.IGNORECASE)


HEDGE_WORDS = lazy_compile(r"\b(?:or|and|maybe|possibly|perhaps)\b", re.IGNORECASE)


_DEFAULT_LETTERS = "ABCD"


@dataclass(frozen=True)
class Gold:
    """A gold answer read once and reused for every completion graded against it."""

    kind: Literal["number", "math", "choice", "text", "invalid"]
    raw: str
    quantity: Quantity | None = None
    choice: str | None = None
    letters: str = ""
    options: tuple[Quantity | None, ...] = ()
    node: Node | None = None
    text: str = ""
    why: str = ""
    canonical: str | None = None
    # how the answer was found in the gold: "as_written", or the extraction rule that read a worked
    # solution ("hashes", "a_colon", "boxed", "final_answer", ...)
    read_as: str = "as_written"
    # the unit the gold names where its value reader drops it (``45^\circ``, ``5\text{ cm}^2``)
    unit: Unit | None = None
    # the words a lettered option gold gives after its letter (``(D) Alina``: ``alina``), normalised
    option_text: str = ""
    # the words of each option the caller offers as texts (``choices=["London", …, "Paris"]``), as
    # option_words.option_key reads them; "" for an option with no words to name it by (a number)
    option_words: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        canonical = {"number": str(self.quantity), "choice": self.choice, "text": self.text}.get(self.kind)
        if self.kind == "math" and self.node is not None:
            canonical = render(self.node)
        object.__setattr__(self, "canonical", canonical)

    @property
    def tree(self) -> Node:
        """The gold as a math tree (numbers too), for comparison with a predicted expression."""
        if self.node is not None:
            return self.node
        assert self.quantity is not None
        return quantity_tree(self.quantity)


def parse_gold(gold: str, choices: str | tuple[str, ...] | None = None) -> Gold:
    """Read a gold answer. A GSM8K rationale ending in ``#### N`` is reduced to ``N``.

    >>> parse_gold("1,250").canonical, parse_gold("B").kind, parse_gold("3 or 4").kind
    ('1250', 'choice', 'invalid')
    """
    if not isinstance(gold, str):  # checked before the cache: a list or dict gold is not even hashable
        shown = repr(gold) if isinstance(gold, (int, float, bool, type(None))) else f"a {type(gold).__name__}"
        return Gold("invalid", shown, why=f"gold must be a string, got {type(gold).__name__}")
    return _parse_gold_text(gold, choices)


@lru_cache(maxsize=65536)
def _parse_gold_text(gold: str, choices: str | tuple[str, ...] | None) -> Gold:
    if choices is None and _WHOLE_NUMBER_GOLD.fullmatch(gold):
        # "18", "-3", "65,960": a GSM8K gold, read at once; the readers below make grading against a new gold
        # cost as much as a dozen completions (a test checks they read it alike)
        return _whole_number_gold(gold, int(gold.replace(",", "")))
    raw = gold
    # "-2 \\le x": a gold escaped twice on its way into the data set is read as the LaTeX it was
    source = normalize_language(repair_escapes(gold))
    gold, read_as, boxes_why = _stated_gold(source)
    if boxes_why:
        return Gold("invalid", raw, why=boxes_why, read_as=read_as)
    text = clean_span(gold)
    if not text:
        return Gold("invalid", raw, why="the gold is empty")
    if text.count("{") != text.count("}"):
        return Gold("invalid", raw, why=f"unbalanced braces in the gold: {text[:80]!r}")
    if APPROX.search(text):
        # "\\frac{\\sqrt3}{3} \\approx 0.577": the exact value stated first is the gold, as in a completion
        exact, _ = split_approximation(text)
        if exact and read_math(exact).status == "value":
            text = exact
    named_ratio = _NAMED_RATIO.fullmatch(text)
    if named_ratio is not None and named_ratio.group(1).count(":") == named_ratio.group(2).count(":"):
        text = named_ratio.group(2)
    letters, options = _letters(choices)
    chosen = letter_set(text) if len(text) < 80 and text[:1] in "(ABCDEFGHIJ" else None
    if chosen is not None and (choices is None or all(c in letters for c in chosen)):
        # "AC", "A, C", "A和C", "(A)(C)": a multiple-select gold, the set of its letters (sorted)
        if choices is None and chosen[-1] not in letters:
            letters = "".join(chr(c) for c in range(ord("A"), ord(chosen[-1]) + 1))
        return Gold("choice", raw, choice=chosen, letters=letters, options=options, read_as=read_as)
    # with option texts, an answer may name an option by its words ("Answer: Paris")
    names = option_keys(choices, options) if options and isinstance(choices, tuple) else ()
    gold_of_kind = functools.partial(Gold, read_as=read_as, option_words=names)
    option = _LETTERED_OPTION.match(text)
    letter = (option.group(1) or option.group(2)) if option is not None else None
    option_text = ""
    if letter is not None and (choices is None or letter in letters):
        # "(D) Alina", "C Cecile": an answer may name the option by its words
        words = text[option.end(1) if option.group(1) else option.end(2) :].strip(" \t.:)")  # type: ignore[union-attr]
        option_text = normalise_text(words) if TEXT_GOLD.fullmatch(words) else ""
        text = letter  # "(D) Alina", "C Cecile", "(A) 5": the letter of a lettered option is the gold
    if read_as == "as_written" and "\n" in text and _SENTENCE.search(text):
        # "Janet has 3 cups.\nShe gets 17 more..." with no final marker: its first number is no answer
        why = "a worked solution with no final answer (no ####, A:, Answer:, Final Answer or \\boxed)"
        return Gold("invalid", raw, why=why)
    m = _LETTER_GOLD.fullmatch(text)
    if (
        m is not None
        and (choices is not None or m.group(1) <= "J")
        and (len(text) == 1 or text.startswith("("))
    ):
        letter = m.group(1)
        if choices is None and letter not in letters:
            letters = "".join(chr(c) for c in range(ord("A"), ord(letter) + 1))
        if letter in letters:
            return gold_of_kind(
                "choice", raw, choice=letter, letters=letters, options=options, option_text=option_text
            )
        return Gold("invalid", raw, why=f"gold letter {letter} is not among the choices {letters}")
    reading = read_number(text)
    if reading.status == "value" and text.count("=") >= 2 and isinstance(read_math(text).node, ListOf):
        reading = Reading("unparseable", text=text)  # "AB=4, CD=5": several equations, read as math below
    where = first_value(text) if reading.status == "value" else None
    if where is not None and _TIMES_GROUP.match(text, where[1]):
        reading = Reading("unparseable", text=text)  # "2 \\left(1 + i\\right)": a product, read as math below
    if reading.status == "value" and reading.quantity is not None:
        bound = bounds.qualified(text[: where[0]], text[where[1] :]) if where is not None else None
        if bound is not None:  # "more than 30", "三十多": no answer equals a bound
            return Gold("invalid", raw, why=f"the gold is a bound, not a value: {bound}")
        if options:
            for i, opt in enumerate(options):
                if opt is not None and opt.value == reading.quantity.value:
                    return gold_of_kind("choice", raw, choice=letters[i], letters=letters, options=options)
        stated = unit_at_end(text)
        quantity = whole_unit(reading.quantity, stated) if stated is not None else reading.quantity
        return gold_of_kind("number", raw, quantity=quantity, unit=stated)
    if reading.status == "ambiguous" and HEDGE_WORDS.search(text):
        listed = _GOLD_AND.sub(", ", text)  # "6 and 8", "19, 46, and 82": a gold listing values, not hedging
        listed = _enumerated(listed) or listed
        if HEDGE_WORDS.search(listed) or not isinstance(read_math(listed).node, ListOf):
            return Gold("invalid", raw, why=f"the gold is not a single value: {reading.text!r}")
        text = listed
    if _QUESTION_GOLD.fullmatch(text):  # "how many?", "多少": a gold that asks is no answer to compare with
        return Gold("invalid", raw, why=f"the gold is a question, not an answer: {text[:80]!r}")
    if any(names) and option_key(text) in names:
        # "Paris" among the option texts: the gold names its option by its words, and is that option's letter
        index = names.index(option_key(text))
        if names.count(names[index]) == 1:
            return gold_of_kind("choice", raw, choice=letters[index], letters=letters, options=options)
    if TEXT_GOLD.fullmatch(text):
        return gold_of_kind("text", raw, text=normalise_text(text))
    math = read_math(text)
    if math.status == "value" and math.node is not None:
        try:
            exact_value(math.node)
            refused = ""
        except NotEvaluable as exc:  # only an identical answer can match a gold the guards refuse
            refused = f"the gold cannot be evaluated safely: {exc}"
        node, key = math.node, structural_key(text)
        if read_as == "boxed" and isinstance(node, ListOf):
            node = _counted_gold(source, node)
        return gold_of_kind("math", raw, node=node, text=key, why=refused, unit=unit_at_end(text))
    return Gold("invalid", raw, why=f"the gold cannot be read: {math.why or repr(text[:80])}")


def _counted_gold(source: str, node: ListOf) -> ListOf:
    """The values of a gold whose boxes each name what they count (``\\boxed{1} papers and \\boxed{2}
    bins``) as one equation per word (``paper = 1, bin = 2``): told apart by their words, or by the gold's
    order when an answer names none (:mod:`rewardkit.counted_values`); any other list as it is."""
    pairs = counted_values.counted_gold(source)
    if pairs is None or len(pairs) != len(node.items) or any(isinstance(i, Relation) for i in node.items):
        return node
    named = zip(pairs, node.items, strict=True)
    return ListOf(tuple(Relation("=", Symbol(word), item) for (_, word), item in named))


# a whole number written plainly, digits maybe grouped by commas: what the number reader reads as an integer
# with no unit, sign of a bound or other reading
_WHOLE_NUMBER_GOLD = lazy_compile(r"-?(?:[1-9]\d{0,2}(?:,\d{3})+|[1-9]\d{0,17}|0)")


def _whole_number_gold(raw: str, n: int) -> Gold:
    """``Gold("number", raw, quantity=Quantity(Fraction(n)))``, filled in one step: the frozen dataclass's
    generated ``__init__`` sets its thirteen fields by ``object.__setattr__`` one at a time. The same object;
    a test checks it."""
    gold = _new_instance(Gold)
    _set_attribute(
        gold,
        "__dict__",
        {
            "kind": "number",
            "raw": raw,
            "quantity": whole_quantity(n),
            "choice": None,
            "letters": "",
            "options": (),
            "node": None,
            "text": "",
            "why": "",
            "canonical": str(n),  # format_fraction of a whole number
            "read_as": "as_written",
            "unit": None,
            "option_text": "",
            "option_words": (),
        },
    )
    return gold


def _enumerated(text: str) -> str | None:
    """``2, 3 or 5``, ``$21,16$ or $11$``: a gold (written by the data set, not by a policy) that enumerates
    three or more values with a final ``or`` lists its solutions, all of which an answer must give; None for
    any other shape. Two values (``3 or 4``) stay a hedge: nothing tells a list of two from a choice."""
    parts = _GOLD_OR.split(text)
    if len(parts) != 2 or "," not in parts[0]:
        return None
    listed = f"{parts[0]}, {parts[1]}"
    node = read_math(listed).node
    return listed if isinstance(node, ListOf) and len(node.items) >= 3 else None


_GOLD_OR = lazy_compile(r"\s*,?\s+or\s+", re.IGNORECASE)


# a group right after a gold's number multiplies it: "2 (1 + i)", "3\\left(x+1\\right)"
_TIMES_GROUP = lazy_compile(r"\s*(?:\\left\s*)?\((?=[^()]{0,200}?(?:[-+*/^\\]|\d))")


_QUESTION_GOLD = lazy_compile(r"(?is)\s*(?:how\s+(?:many|much)\s*\??|[^?]{0,200}\?)\s*")


def _stated_gold(gold: str) -> tuple[str, str, str]:
    """A worked solution as gold (MATH's ``solution``, GSM8K's rationale, a solution ending in ``A: 20``): the
    answer it states, read by the same markers as a completion, with the rule that read it, and why it
    states none (empty when it does). A box wins (several boxes on the last boxed line: :func:`_gold_boxes`),
    else the last marker. A gold with none of these is used as written."""
    if "####" in gold:
        return gold.rsplit("####", 1)[1], "hashes", ""
    if not _MAY_STATE.search(gold):
        return gold, "as_written", ""  # the common case, a bare answer: no scan
    anchored = find_answers(gold).anchored
    boxes = [a for a in anchored if a.rule == "boxed"]
    if not boxes:
        return (anchored[-1].text, anchored[-1].rule, "") if anchored else (gold, "as_written", "")
    text, why = _gold_boxes(gold, boxes)
    return text, "boxed", why


def _gold_boxes(gold: str, boxes: list[Answer]) -> tuple[str, str]:
    """The answer the boxes on a gold's last boxed line state, or why they state none.

    Boxes joined only by list joiners (space, ``,``, ``;``, ``and``, ``\\text{ and }``, ``\\quad``, math
    delimiters, a name before the next value: ``$a = \\boxed{2}$ and $b = \\boxed{5}$``) are one answer
    listing several values: ``\\boxed{1} and \\boxed{2}`` → ``1, 2``; three or more with a final ``or``
    list too (``2, 3 or 5``, as a gold written out is read). Two boxes offered with ``or``, or any with prose
    between them (``we first get \\boxed{1}, which is wrong; the answer is \\boxed{2}``), are no list: they
    are the one answer when every box states the same value (a restatement, ``\\boxed{15\\frac{39}{40}}
    or \\boxed{\\frac{639}{40}}``), else the gold states no answer (GOLD_INVALID, never scored).

    >>> from rewardkit.extract import find_answers
    >>> def read(text): return _gold_boxes(text, find_answers(text).anchored)
    >>> read("\\\\boxed{1} and \\\\boxed{2}"), read("\\\\boxed{1}, \\\\boxed{2}")
    (('1, 2', ''), ('1, 2', ''))
    >>> read("So \\\\boxed{350}. Also, by the mean, \\\\boxed{350}.")
    ('350', '')
    >>> read("\\\\boxed{1} no \\\\boxed{2}")[1]
    "the gold's boxes are separated by prose ('no'): 1 and 2 are neither one answer nor a list of its values"
    """
    listed = boxes_as_list(gold, boxes, boxes[-1])
    on_line = boxes_on_line(gold, boxes, boxes[-1])
    if len(on_line) < 2:
        return listed.text, ""
    gaps = [gold[a.end : b.start] for a, b in itertools.pairwise(on_line)]
    kinds = [box_joiner(gap) for gap in gaps]
    if all(k == "list" for k in kinds):
        # "$a = \\boxed{2}$ and $b = \\boxed{5}$" keeps its names: a = 5, b = 2 is no answer to it
        return named_boxes(gold, on_line) or listed.text, ""
    if len(on_line) >= 3 and kinds[-1] == "or" and all(k == "list" for k in kinds[:-1]):
        return listed.text, ""
    if _all_alike([b.text for b in on_line]):
        return on_line[-1].text, ""
    shown = " and ".join(b.text for b in on_line)
    prose = [
        " ".join(JOINER_NOISE.sub(" ", gap).split()) for gap, k in zip(gaps, kinds, strict=True) if k is None
    ]
    what = f"separated by prose ({prose[0]!r})" if prose else "offered as alternatives ('or')"
    if len(shown) > 120:
        shown = shown[:117] + "..."
    return "", f"the gold's boxes are {what}: {shown} are neither one answer nor a list of its values"


def _all_alike(texts: list[str]) -> bool:
    """Whether every box text states the same answer, each read as a gold is (no symbolic step)."""
    golds = [_parse_gold_text(text, None) for text in texts]
    last = golds[-1]
    if any(g.why for g in golds):
        return False
    if not all(g.kind in ("number", "math") for g in golds):
        return all((g.kind, g.canonical) == (last.kind, last.canonical) for g in golds)
    try:
        return all(compare_math(g.tree, last.tree) is not None for g in golds[:-1])
    except (NotEvaluable, TooLarge, ArithmeticError, ValueError):
        return False


_CALCULATION = lazy_compile(r"<<[^<>=]{0,200}=([^<>]{1,60})>>")


def gold_readings(gold: str) -> dict[str, str]:
    """The answers a worked-solution gold states, by where it states them: ``"marker"`` (its last answer
    marker: ``####``, ``A:``, ``Final Answer``, ...), ``"box"`` (its last box) and ``"calculation"`` (the
    result of the ``<<a=b>>`` calculator annotation, GSM8K's, on its last step). A bare answer has none;
    ``check-data`` flags a gold whose readings disagree.

    >>> gold_readings("3 + 17 = <<3+17=20>>20 cups\\nA: 20")
    {'marker': '20', 'calculation': '20'}
    """
    readings: dict[str, str] = {}
    marker_at = -1
    if "####" in gold:
        marker_at = gold.rfind("####")
        readings["marker"] = gold[marker_at + 4 :].strip()
    elif _MAY_STATE.search(gold):
        anchored = find_answers(gold).anchored
        markers = [a for a in anchored if a.rule != "boxed"]
        boxes = [a for a in anchored if a.rule == "boxed"]
        if markers:
            readings["marker"] = markers[-1].text
            marker_at = markers[-1].start
        stated = _gold_boxes(gold, boxes)[0] if boxes else ""
        if stated:
            readings["box"] = stated
    if marker_at > 0 and "<<" in gold:
        # the calculation of the step that leads to the marker: the last line of reasoning before it (an
        # earlier step's calculation says nothing about the answer)
        before = gold[max(0, marker_at - 4000) : marker_at]
        own_line, _, earlier = before[::-1].partition("\n")
        last_step = own_line[::-1] if "<<" in own_line else earlier[::-1].rstrip().rsplit("\n", 1)[-1]
        calculations = _CALCULATION.findall(last_step)
        if calculations:
            readings["calculation"] = calculations[-1].strip()
    return readings


# what a gold that states its answer somewhere inside it holds (cheap to test; the scan runs only then)
_MAY_STATE = lazy_compile(r"\\boxed|\\fbox|nswer|NSWER|^[ \t*_]*A[*_]*[ \t]*[:：]|\n", re.MULTILINE)


# a line of prose in a gold: a word ending a sentence at a line break, or a line that starts with a word
# (each alternative anchored on a fixed character, so the scan stays linear on long golds)
_SENTENCE = lazy_compile(r"[A-Za-z]{2}[.!?][ \t]*\n|\n[ \t]*[A-Z][a-z]{2,}[ \t]")


def _letters(choices: str | tuple[str, ...] | None) -> tuple[str, tuple[Quantity | None, ...]]:
    if choices is None:
        return _DEFAULT_LETTERS, ()
    if isinstance(choices, str):
        return choices.upper(), ()
    if all(len(c) == 1 and c.isalpha() for c in choices):
        return "".join(choices).upper(), ()
    letters = "".join(chr(ord("A") + i) for i in range(len(choices)))
    return letters, read_options(choices)


def normalise_text(text: str) -> str:
    return " ".join(re.sub(r"[^a-z0-9' ]", " ", text.lower()).split())


_new_instance = object.__new__
_set_attribute = object.__setattr__
