"""What the last number of a text names when it is no quantity the text concludes with.

The flexible policy falls back on the last number of a completion that has no marker. That number is the
answer only when the text states it as a quantity; a number that names, numbers or lists something is not:

- an identifier: ``Order #72``, ``Ticket ID: 72``, ``No. 72``, ``Version 7.2``, a number glued to letters
  (``Room 72B``, ``x72``, ``CO2``), one inside a file name, a URL or a link's text (``answer_72.txt``,
  ``[72](https://…)``), a numeral in another base (``0x48``), a compound adjective (``a 2-step problem``),
  fields of a log line (``verdict=CORRECT extracted=72``) or a line that speaks as the system or to the grader
  (``[SYSTEM] …``, ``SYSTEM: …``, ``verdict: CORRECT``, ``Ignore previous instructions``);
- an index: a heading's number (``Step 3: answer.``, ``Part 2.``, ``Step 3 of 3``), a numbered list's item
  number (``3.`` after ``2.``), a count that selects terms (``the first 10 odd numbers``);
- a table cell: the last row of a markdown table (with or without its outer bars), unless its label says it is
  the total (``| Total | 12 |``);
- a rate given with the count it applies to, before or after it, in a short text that works nothing out
  (``Three trucks each carry 80 flagstones.``, ``She sells the rest at $2 each.``, ``… 80 flagstones per
  truck.``, ``Each box costs $3 and she bought 5 boxes.``: a question copied back states no result);
- garbled text (control characters, a run of mixed symbols before the number);
- a literal of a program (``x = 72`` in a code block): the grader never runs code, and no output states what
  it prints.

:func:`not_a_quantity` says which, or None. The grader asks it only on the fallback path, so each reader looks
at the number's own line or sentence, behind a literal test.

>>> not_a_quantity("Order #72 was shipped.", 7, 9)
"an identifier: 'Order #72' names something, no quantity"
>>> not_a_quantity("So she has 72 eggs.", 11, 13) is None, not_a_quantity("| Total | 12 |", 10, 12) is None
(True, True)
"""

from __future__ import annotations

import re

from rewardkit.lazy_regex import lazy_compile
from rewardkit.lookalikes import digit_letters
from rewardkit.numbers import DIGIT_LOOKALIKES, lookup_unit
from rewardkit.stated_units import unit_at_start

# words that name a thing by a number. Most are nouns or verbs of their own ("They order 3 pizzas", "gives
# each student 3 pencils"): a label only with a number sign after them ("Order #72", "order number 72",
# "room no. 72", "Ticket ID: 72"); a few name nothing but identifiers ("Version 7.2", "Flight 72", "No. 72")
_LABELLED = (
    r"order|ticket|invoice|receipt|file|serial|model|flight|account|issue|ref|reference|bug|item|product|case|"
    r"player|jersey|horse|car|bus|route|train|room|apartment|house|seat|lot|batch|patch|commit|build|release|"
    r"user|customer|employee|student|member|phone|zip|code|question|problem|page|table|team|group"
)
_IDENTIFIER_BEFORE = lazy_compile(
    rf"(?:\b(?i:{_LABELLED})[ \t]*(?:#|(?i:no|nr|num)\.|(?i:number|num|id)\b[ \t]*[:#]?|:)|"
    r"\b(?i:version|ver|flight|serial|isbn|sku|invoice|ticket|id)\b[ \t]*[:=#]?|"
    r"(?<![A-Za-z])(?:No|Nr|no|nr|num)\.|№)[ \t]*$"
)
# a heading or a reference that numbers a part of the text: "Step 3:", "Part 2.", "see equation 4"
_HEADING_BEFORE = lazy_compile(
    r"\b(?i:step|part|case|stage|phase|question|problem|exercise|example|section|method|approach|attempt|"
    r"solution|scenario|figure|fig\.|table|equation|eq\.|lemma|theorem|chapter|paragraph|option)[ \t]*$"
)
# a heading's number ends on a colon ("Step 3: answer."), or on a stop when the heading opens its line
_PROGRESS_BEFORE = lazy_compile(
    r"\b(?i:step|part|stage|phase|question|problem|section)[ \t]+\d+[ \t]+of[ \t]+$"
)
_HEADING_AFTER = lazy_compile(r"[ \t]*(?:\*\*|__)?[ \t]*(?:(?P<colon>:)|[)\]]|[.—–-](?=\s|$)|(?=\n)|$)")
# a compound adjective of the solution's structure: "a 2-step problem", "a 3-part question"
STRUCTURE_AFTER = lazy_compile(r"[-‐–](?i:step|part|stage|phase)s?\b")
# a count that selects terms: "the first 10 odd numbers", "in the next 5 years"
_SELECTS_BEFORE = lazy_compile(r"\b(?i:the[ \t]+(?:first|next|past|previous|following))[ \t]+$")
_LOOKALIKES = frozenset(DIGIT_LOOKALIKES)
# currency codes and signs written as letters that may be glued before an amount ("Rs72", "USD72")
_CURRENCY_LETTERS = frozenset(
    {"rs", "inr", "usd", "eur", "gbp", "cad", "aud", "jpy", "cny", "rmb", "rm", "rp"}
)
# letters glued after a number that read with it: times, thousands, millions, an exponent never written, half
# of the day, a unit the unit table leaves to its context, a currency code ("3x", "72k", "2e", "5pm", "72in")
_SUFFIX_LETTERS = frozenset(
    {
        "x",
        "k",
        "m",
        "mn",
        "bn",
        "e",
        "am",
        "pm",
        "a",
        "p",
        "in",
        "pc",
        "pcs",
        "yo",
        "usd",
        "eur",
        "gbp",
        "inr",
    }
)
_FILE_NAME = lazy_compile(
    r"[\w-]+\.(?:txt|py|csv|json|jsonl|md|png|jpe?g|gif|pdf|html?|ipynb|log|xlsx?|docx?|zip|tar|gz|js|ts|cpp|"
    r"java|rb|go|rs|ya?ml|xml|sh|cfg|ini|dat|bin|exe)\b",
    re.IGNORECASE,
)
_BASE_PREFIX = lazy_compile(r"(?<![\w.])0[xXbBoO]$")
_EXTENSION = lazy_compile(r"\.[A-Za-z]{2,5}\b")
_LETTERS_END = lazy_compile(r"[A-Za-z_]+$")
_LETTERS_START = lazy_compile(r"[A-Za-z_]+")
_URL = lazy_compile(r"(?:https?://|www\.)\S+", re.IGNORECASE)
_LINK_TEXT = lazy_compile(r"\[[^\[\]\n]{0,200}\]\(")
# a field of a log line, glued to its key ("extracted=72"), and a line that speaks as the system
_FIELD = lazy_compile(r"(?<![\w\\])[A-Za-z_][\w.]+=[^\s=]")
_ROLE_TAG = lazy_compile(
    r"\[(?i:system|admin|grader|inst|sys|assistant|user|judge|evaluator)\]|<\|[\w ]{1,20}\|>|<<SYS>>|"
    r"(?:^|[.!]\s)(?:SYSTEM|System|ADMIN|Admin|GRADER|Grader|JUDGE|Judge)\s*:|"
    r"\b(?i:verdict|extracted|is_correct|grader)\s*[:=]|"
    r"\b(?i:ignore\s+(?:all\s+)?(?:the\s+)?(?:previous|prior|above|earlier)\s+instructions)"
)
# a numbered list's item number at the start of a line: "3." or "3)" (past indentation and emphasis)
_ITEM_NUMBER = lazy_compile(r"[ \t>*_]*(\d{1,3})([.)])(?=[ \t*_]|$)")
# the row that separates a markdown table's header from its body ("|---|---|", "---|:--:")
_TABLE_RULE = lazy_compile(r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*\|[ \t|:-]*$", re.MULTILINE)
# the first cell of a table row that labels the row the total
_TOTAL_LABEL = lazy_compile(
    r"[ \t*_]*(?i:(?:grand\s+|overall\s+)?total|sum|answer|final(?:\s+answer)?|result|altogether|in\s+all|"
    r"overall|combined)\b"
)
# a rate's word after the value or before it ("80 flagstones each", "each carry 80", "$2 apiece", "per truck")
_EACH = lazy_compile(r"\b(?i:each|apiece|a\s+piece|per[ \t]+(?P<per>[A-Za-z]+))\b")
_PER_NUMBER = frozenset({"cent", "mille", "hundred", "thousand", "million", "capita"})
# the count a rate applies to, in the same sentence: a number, a number word, "the rest"
_COUNT = lazy_compile(
    r"\d|\b(?i:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|both|the\s+rest|the\s+remain(?:ing|der)"
    r"|all\s+(?:the|of))\b"
)
# a whole number of things: "5 boxes" (an amount of money, "$48", or a measure, "2.5 kg", is no count)
_COUNT_OF_ITEMS = lazy_compile(r"\d+[ \t]+(?P<noun>[A-Za-z]+)")
_CURRENCY = frozenset("$€£¥")
_EACH_OF_COUNT = lazy_compile(r"^[ \t]+of[ \t]+(?:the[ \t]+|these[ \t]+|those[ \t]+)?\d+")
# what shows that a text works something out or concludes
_WORK = lazy_compile(
    r"[=×÷]|\d\s*[-+*/x]\s*\d|\b(?i:so|thus|therefore|hence|total|altogether|in\s+all|answer|result|overall|"
    r"combined|means|get|gets|got|makes?|made|earn(?:s|ed)|spent|leaves?|equals?|need|needs|remain(?:s|ing)?|left|"
    # "…each day, which is 0.5 gallons": the value the rate comes to, stated
    r"which\s+is|that\s+is|i\.e)\b"
)
_RESTATE_CHARS = 600  # a text that only restates the question is short
# control characters, and a run of mixed symbols, in the line before the number
_CONTROL = lazy_compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffd]")  # and the replacement character
_SYMBOL_RUN = lazy_compile(r"[#@!$%^&*~|`]{4,}")
# a code block's opening fence with its language, and a line of code that gives or prints a value
_FENCE_TAG = lazy_compile(r"```[ \t]*([\w+#-]*)")
_OUTPUT_TAGS = frozenset({"output", "text", "console", "plaintext", "txt", "result", "stdout"})
# a line that states the program's result: "return 72", "print(72)", "answer = 72"
_STATES_RESULT = lazy_compile(
    r"(?:return[ \t]+|print[ \t]*\([ \t]*|(?i:answer|ans|result|final_answer|solution)[ \t]*=[ \t]*)"
    r"[-$]?[\d.,]+[ \t]*\)?[ \t;]*(?:#.*)?$"
)
_ASSIGNED = lazy_compile(r"(?<![\w.])([A-Za-z_]\w*)[ \t]*=[ \t]*[-$]?[\d.,]+[ \t;]*(?:#.*)?$")
_ASSIGNED_ANYWHERE = lazy_compile(
    r"(?:^|[;\n])[ \t]*[A-Za-z_]\w*[ \t]*=[ \t]*[-$]?[\d.,]+[ \t;]*(?:#[^\n]*)?$", re.M
)


def not_a_quantity(region: str, start: int, end: int, worked_before: bool = False) -> str | None:
    """Why the last number of ``region``, at ``region[start:end]``, is no quantity the text concludes with (an
    identifier, an index, a table cell, a rate it never applies, garbled text, a program's literal), or None.
    The span may open on the place word the number is read with (``Step 3``). ``worked_before``: a reasoning
    block before the region holds the work (``<think>… 9 times 2 is 18</think> Janet sells 9 eggs at $2
    each, earning $18 per day.``), so a rate the region restates is no rate it never applies.

    >>> not_a_quantity("Step 1: read. Step 2: think. Step 3: answer.", 29, 35)
    "an index: 'Step 3' numbers a step of the text, it is no quantity"
    >>> not_a_quantity("Step 3: 5 + 7 = 12", 16, 18) is None
    True
    """
    digit = start
    while digit < end and not region[digit].isdigit():
        digit += 1
    line_start = region.rfind("\n", 0, start) + 1
    line_end = region.find("\n", end)
    line_end = len(region) if line_end < 0 else line_end
    if digit == end:  # a number in words ("Four containers were imported."): no label writes one
        return _table_cell(region, line_start, line_end) or (
            None if worked_before else _rate_restated(region, start, end)
        )
    return (
        _identifier(region, start, digit, end, line_start, line_end)
        or _index(region, start, digit, end, line_start, line_end)
        or _table_cell(region, line_start, line_end)
        or _garbled(region, line_start, start)
        or _program_literal(region, start, line_start, line_end)
        or (None if worked_before else _rate_restated(region, digit, end))
    )


def _identifier(region: str, start: int, digit: int, end: int, line_start: int, line_end: int) -> str | None:
    before = region[max(line_start, digit - 40) : digit]
    if _BASE_PREFIX.search(before) is not None:  # "0x48" is 72, "0b101" is 5
        words = _words_around(region, line_start, line_end, digit, end)
        return f"a numeral in another base: {words!r} is not the number its digits spell in base 10"
    if before.endswith("#") or (before.endswith("# ") and before.rstrip(" #").strip(" \t*_>")):
        return _named(region, line_start, line_end, digit, end)  # "#72", "horse # 7" (not the heading "# 72")
    if before[-1:].isascii() and (before[-1:].isalpha() or before[-1:] == "_"):  # "x72", "CO2", "answer_72"
        glued = _LETTERS_END.search(before)
        word = glued.group() if glued is not None else ""
        glued_before = before[: len(before) - len(word)][-1:]
        # "5x5" (a size), "\\cdot2" (a command), "Rs72" (a currency) read the letters otherwise
        if (
            glued_before not in ("\\",)
            and not glued_before.isdigit()
            and word.lower() not in _CURRENCY_LETTERS
        ):
            return _named(region, line_start, line_end, digit, end)
    after = region[end : min(line_end, end + 24)]
    if after[:1] in _LOOKALIKES or before[-1:] in _LOOKALIKES:
        # "1З" (Cyrillic Ze): a letter drawn as a digit glued to the digits spells another number's look-alike
        words = _words_around(region, line_start, line_end, digit, end)
        return f"a look-alike of a number: {words!r} glues a letter drawn as a digit to its digits"
    drawn = digit_letters(region, digit, end)
    if drawn is not None:  # "O.5", "1,OOO": a Latin letter drawn as a digit, glued to the number
        words = _words_around(region, line_start, line_end, digit, end)
        return f"a look-alike of a number: {words!r} glues {drawn!r}, a letter drawn as a digit, to it"
    if after[:1].isascii() and (after[:1].isalpha() or after[:1] == "_"):
        glued = _LETTERS_START.match(after)
        letters = glued.group() if glued is not None else ""
        if letters.lower() not in _SUFFIX_LETTERS and unit_at_start(" " + after) is None:
            return _named(region, line_start, line_end, digit, end)
    if after[:1] == "." and _EXTENSION.match(after) and _FILE_NAME.search(region, line_start):
        for m in _FILE_NAME.finditer(region, line_start, line_end):
            if m.start() <= digit < m.end():
                return f"in a file name: {m.group()!r} names a file, it is no quantity"
    if STRUCTURE_AFTER.match(region, end):  # "a 2-step problem"
        return (
            f"a compound adjective: {region[digit : end + 6].strip()!r} describes the solution, no quantity"
        )
    # ("das Ticket 48 Euro", "ticket 72 km": a price or a measure, its unit read after it)
    measured = not region[digit:end].isascii() or re.search(r"[A-Za-z]", region[digit:end]) is not None
    if (
        not measured
        and _may_label(before)
        and _IDENTIFIER_BEFORE.search(before) is not None
        and unit_at_start(" " + after) is None
    ):
        return _named(region, line_start, line_end, digit, end)
    line = region[line_start:line_end]
    if "://" in line or "www." in line or "](" in line:
        for m in _URL.finditer(region, line_start, line_end):
            if m.start() <= digit < m.end():
                return f"in a link: {m.group()[:60]!r} is an address, it is no quantity"
        for m in _LINK_TEXT.finditer(region, line_start, line_end):
            if m.start() < digit < m.end():
                return f"a link's text: {m.group()[:60]!r} labels a link, it is no quantity"
    if ("=" in line and len(_FIELD.findall(line)) >= 2) or _ROLE_TAG.search(line) is not None:
        return f"a log or system line: {line.strip()[:60]!r} states no answer"
    return None


def _named(region: str, line_start: int, line_end: int, digit: int, end: int) -> str:
    words = _words_around(region, line_start, line_end, digit, end)
    return f"an identifier: {words!r} names something, no quantity"


# what :data:`_IDENTIFIER_BEFORE` can end on: a sign or a word of its own (the search, tried at every position
# of the words before a number, runs only where one stands)
_LABEL_ENDS = frozenset("#:=.№")
_LABEL_END_WORDS = frozenset(
    {"version", "ver", "flight", "serial", "isbn", "sku", "invoice", "ticket", "id", "number", "num"}
)


def _may_label(before: str) -> bool:
    stripped = before.rstrip(" \t")
    if stripped[-1:] in _LABEL_ENDS:
        return True
    word = _LETTERS_END.search(stripped)
    return word is not None and word.group().lower() in _LABEL_END_WORDS


def _words_around(region: str, line_start: int, line_end: int, digit: int, end: int) -> str:
    """The word that holds the number and the word before it (``Order #72``, ``Room 72B``)."""
    left = region.rfind(" ", line_start, digit) + 1 or line_start
    left = region.rfind(" ", line_start, max(line_start, left - 1)) + 1 or line_start
    right = region.find(" ", end, line_end)
    return region[left : line_end if right < 0 else right].strip()[:60]


def _index(region: str, start: int, digit: int, end: int, line_start: int, line_end: int) -> str | None:
    before = region[max(line_start, digit - 30) : digit]
    heading = _HEADING_BEFORE.search(before)
    after = _HEADING_AFTER.match(region, end) if heading is not None else None
    at = digit - len(before) + heading.start() if heading is not None else digit
    opens_line = not region[line_start:at].strip(" \t*_#>-")
    if heading is not None and after is not None and (after["colon"] or opens_line):
        said = region[at:end].strip()
        return (
            f"an index: {said!r} numbers a {heading.group().strip().lower()} of the text, it is no quantity"
        )
    progress = _PROGRESS_BEFORE.search(before)
    if progress is not None:  # "Step 3 of 3": how far the text has got
        said = region[digit - len(before) + progress.start() : end].strip()
        return f"an index: {said!r} counts the text's parts, it is no quantity"
    item = _ITEM_NUMBER.match(region, line_start, line_end)
    if item is not None and item.start(1) == digit:
        number, mark = int(item[1]), item[2]
        earlier = region[max(0, line_start - 3000) : line_start]
        if number > 1 and re.search(rf"(?:^|\n)[ \t>*_]*{number - 1}{re.escape(mark)}[ \t*_]", earlier):
            return (
                f"an index: {region[line_start:line_end].strip()[:40]!r} is a list item's number, no quantity"
            )
    if _SELECTS_BEFORE.search(before) is not None:
        said = region[max(line_start, digit - 12) : min(line_end, end + 20)].strip()
        return f"a count of terms: {said!r} selects terms, it states no result"
    return None


def _table_cell(region: str, line_start: int, line_end: int) -> str | None:
    row = region[line_start:line_end].strip()
    if "|" not in row:
        return None
    # "Item | Cost\n---|---\nBook | 12": a table without its outer bars, known by its separator row
    if not (row.startswith("|") and row.endswith("|") and row.count("|") >= 3) and (
        _TABLE_RULE.search(region, max(0, line_start - 2000), line_start) is None
    ):
        return None
    first = row.strip("|").split("|", 1)[0]
    if _TOTAL_LABEL.match(first) is not None:
        return None  # "| Total | 12 |": the row states the total
    return f"a table cell: the row {row[:60]!r} is no total the text concludes with"


def _garbled(region: str, line_start: int, start: int) -> str | None:
    line = region[line_start : start + 40]
    if _CONTROL.search(line) is not None:
        return "garbled text: control characters around the number"
    run = _SYMBOL_RUN.search(region, line_start, start) if "@" in line or "#" in line or "^" in line else None
    if run is not None and len(set(run.group())) >= 3 and len(set(run.group()) & set("@#^%&~")) >= 2:
        return f"garbled text: {run.group()!r} before the number"
    return None


def _program_literal(region: str, start: int, line_start: int, line_end: int) -> str | None:
    if "```" not in region or region.count("```", 0, start) % 2 == 0:
        # a program written without fences, as program-of-thought solvers write one: the text from its
        # "def" to its last "return"
        opened = unfenced_program(region) if "return" in region else None
        if opened is None or line_start <= opened:
            return None
    else:
        opened = region.rfind("```", 0, start)
    tag = _FENCE_TAG.match(region, opened)
    if line_start <= opened or (tag is not None and tag[1].lower() in _OUTPUT_TAGS):
        return None  # an output block shows what a program printed
    line = region[line_start:line_end].strip()
    failed = _output_without_value(region, line_end)
    if failed is not None:
        # "simulate(10**12)" then "TimeoutError": the program printed no result, and its code's literals are
        # its inputs (the grader never runs it)
        return f"a program's literal: {line[:60]!r} is its code, and its output {failed!r} shows no value"
    assigned = _ASSIGNED.search(line)
    if assigned is None or _STATES_RESULT.match(line) is not None:
        return None  # "return 72", "answer = 72": the program's result; a call: the other readers judge it
    closed = region.find("```", line_end)
    rest = region[line_end : len(region) if closed < 0 else closed]
    name = re.escape(assigned[1])
    shown = rf"^[ \t]*(?:print[ \t]*\([ \t]*{name}[ \t]*\)|return[ \t]+{name})[ \t]*$"
    if re.search(shown, rest, re.MULTILINE) is not None:
        return None  # "x = 72\nprint(x)": printed unchanged, read without running it
    if _ASSIGNED_ANYWHERE.search(region, opened, line_start) is None:
        return None  # "n = 63" alone: the one value the block gives
    return f"a program's input: {line[:60]!r} follows other inputs, is never printed, and no output shows one"


# a program without fences: a function's definition opening its line, then only indented lines (or blank
# ones) to a last "return" with its brackets closed
_DEFINITION = lazy_compile(r"^[ \t]*def[ \t]+[A-Za-z_]\w*[ \t]*\([^\n]*\)[^\n]*:[ \t]*$", re.MULTILINE)
_OPEN_ENDS = frozenset("+-*/%,=([{.<>&|^\\")
_LAST_RETURN = lazy_compile(r"\n[ \t]+return\b[^\n]*\s*$")


def unfenced_program(region: str) -> int | None:
    """Where a program written without a code block begins, when the text ends on one that is finished
    (``def solution():\\n    …\\n    return result``: its last statement returns), or None.

    >>> unfenced_program("Let me write it.\\ndef solution():\\n    x = 6 * 12\\n    return x")
    17
    >>> unfenced_program("def solution():\\n    x = 6 * 12\\n    return (x +") is None
    True
    """
    last = _LAST_RETURN.search(region[-2000:])
    if last is None:
        return None
    returned = last.group()
    if (
        returned.count("(") != returned.count(")")
        or returned.count("[") != returned.count("]")
        or returned.rstrip()[-1] in _OPEN_ENDS
    ):
        return None  # "return (x +", "return total +": cut off inside the statement
    definitions = list(_DEFINITION.finditer(region, max(0, len(region) - 4000)))
    if not definitions:
        return None
    definition = definitions[-1]
    body = region[definition.end() :].split("\n")[1:]
    if any(line.strip() and not line[:1].isspace() for line in body):
        return None  # prose after the function: the text goes on, and other readers read it
    return definition.start()


# the output block right after a code block: its tag, output-like or none, and its body
_OUTPUT_AFTER = lazy_compile(r"```[ \t]*\n\s*```[ \t]*([\w+#-]*)[ \t]*\n(.*?)```", re.DOTALL)


def _output_without_value(region: str, line_end: int) -> str | None:
    """The first line of the output block that follows the code block holding ``line_end``, when that output
    holds no digit (an error, ``TimeoutError``, ``None``), or None."""
    closed = region.find("```", line_end)
    if closed < 0:
        return None
    output = _OUTPUT_AFTER.match(region, closed)
    if output is None or output[1].lower() not in _OUTPUT_TAGS | {""}:
        return None
    body = output[2]
    if any(c.isdigit() for c in body) or len(body) > 2000:
        return None
    # (an error's last line names it: "Traceback …\nZeroDivisionError: division by zero")
    lines = [line.strip() for line in body.splitlines() if line.strip()]
    return lines[-1][:60] if lines else "(empty)"


def _rate_restated(region: str, digit: int, end: int) -> str | None:
    if len(region) > _RESTATE_CHARS or _EACH.search(region) is None or _WORK.search(region) is not None:
        return None
    clause_start = max(region.rfind(c, 0, digit) for c in ".!?;\n") + 1
    stops = [i for i in (region.find(c, end) for c in ".!?;\n") if i >= 0]
    clause_end = min(stops) if stops else len(region)
    for rate in _EACH.finditer(region, clause_start, clause_end):
        per = rate["per"]
        if per is not None and (lookup_unit(per) is not None or per.lower() in _PER_NUMBER):
            continue  # "72 per hour", "12 per 1000", "25 per mille": a unit of its own, a proportion
        # the count it applies to stands before it: "Three trucks each carry 80", "the rest at $2 each"; or
        # the number is that count, after the rate and its value: "Each box costs $3 and she bought 5 boxes"
        counted = region[clause_start : min(digit, rate.start())]
        valued = region[rate.end() : digit] if rate.end() <= digit else ""
        valued = _EACH_OF_COUNT.sub("", valued, count=1)  # "Each of the 8 rows has 9": 8 is what 9 is per
        # (a rate's value, "$3", stands between the rate and the count it applies to)
        items = _COUNT_OF_ITEMS.match(region, digit) if any(c.isdigit() for c in valued) else None
        count_after = items is not None and lookup_unit(items["noun"]) is None
        if _COUNT.search(counted) is not None or (count_after and region[digit - 1 : digit] not in _CURRENCY):
            clause = region[clause_start:clause_end].strip()
            return f"a rate restated: {clause[:60]!r} gives a value per item and the text works nothing out"
    return None
