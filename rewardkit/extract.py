"""Find the answer a completion commits to.

Two steps, kept apart so reports can say which one failed:

1. :func:`find_answers` locates candidate answer *spans*: ``\\boxed{}``/``\\fbox{}`` (balanced braces; an
   unclosed box is not an answer), the markers ``Final Answer:`` / ``The final answer is`` / ``The answer
   is`` / ``Answer:`` / ``####`` / ``A:``, ``<answer>`` tags, and a lenient last-number fallback. Only the
   text after ``</think>`` counts when reasoning tags are present, and a few-shot continuation after the
   answer (``\\n\\nQuestion: ...``) is cut off.
2. :func:`read_number` / :func:`read_choice` read a value out of one span: the result of an equation
   chain (``9 * 2 = 18``), hedges between distinct values (``3 or 4``) as ambiguous, unevaluated
   expressions as unparseable.

>>> found = find_answers("Work...\\nThe answer is 17.\\nWait, 9 * 2 = 18.\\nThe answer is 18.")
>>> found.anchored[-1].text, found.anchored[-1].rule
('18', 'answer_is')
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import pairwise
from typing import Literal

from rewardkit.commitment.attainment import attained_at_end
from rewardkit.commitment.bounds import gap_said_before, tends_to
from rewardkit.commitment.conclusions import marker_mentioned
from rewardkit.commitment.rejection import in_reason_about_it, without_reason_about_another
from rewardkit.commitment.retractions import RETRACTION, taken_back_within
from rewardkit.commitment.shared_words import APPROXIMATION, CHECK_WORDS, POLITE_CLOSING
from rewardkit.commitment.whole_statement import called_wrong_after
from rewardkit.latex import ASCII_FUNCTIONS, writes_repeating_decimal
from rewardkit.lazy_regex import lazy_compile
from rewardkit.letter_sets import PLACE_WORDS
from rewardkit.lookalikes import digit_letters
from rewardkit.mathtree import Node
from rewardkit.numbers import (
    DIGITS_AND_SPOKEN_FRACTION,
    FEET_INCHES,
    MERIDIEM,
    ORDINAL,
    UNITS,
    WORDS_RE,
    Quantity,
    clock_before_event,
    clock_or_ratio,
    combine_compound,
    digits_and_spoken_fractions,
    feet_inches,
    glued_lookalike,
    lookup_unit,
    ordinal_suffix,
    parse_words,
    plain_quantity,
    said_after,
    same_quantity,
    same_share,
    scaled_parts_start,
    scan,
    scan_statement,
    unit_run_end,
    whole_quantity,
    words_after,
)
from rewardkit.option_words import option_key, words_disagreeing
from rewardkit.several_values import names_before_values, noun_between, variables_in
from rewardkit.spoken_operations import instruction_before, operation_after, operation_before
from rewardkit.spoken_ranges import tolerance_after
from rewardkit.stated_units import (
    RESTATING,
    RESTATING_APPROXIMATION,
    rounded_restatement,
    rounds_to,
    unit_at_start,
)
from rewardkit.substrings import find_all
from rewardkit.types import Answer

# Completions longer than this are graded on their tail: the answer is at the end, and regexes over
# megabytes of degenerate output would stall a training loop.
MAX_COMPLETION_CHARS = 64_000
MAX_SPAN_CHARS = 2500
# how far past a marker its sentence is read (see _marker_span)
_MARKER_WINDOW = MAX_SPAN_CHARS + 100
# answer markers read per completion, the last ones: more is degenerate output, and each costs a read
MAX_MARKERS = 64
# the longest run of digits a marker's span is at once (past it, the general reader decides)
_DIGITS_AT_ONCE = 60
# the signed, decimal and grouped numbers a closing "A: " line is read with at once, as plain digits are:
# "-20", "2.5", "90,000" (a tenth of GSM8K's few-shot answers); grouping in threes only, so "1,22" is left
# to the general reader, which reads it as two values
_CLOSING_NUMBER = lazy_compile(r"-?(?:[1-9]\d{0,2}(?:,\d{3})+|\d{1,60})(?:\.\d{1,60})?")
# the characters outside ASCII that English working writes and no reader keys on but as their ASCII forms
# (quotes, dashes, the minus and operator signs, currencies, degrees, vulgar fractions): a text holding no
# others reads as an ASCII one does (each is one character lower-cased, so positions hold)
_OUTSIDE_PLAIN_SIGNS = lazy_compile(
    "[^\x00-\x7f\u2018\u2019\u201c\u201d\u2013\u2212\u00d7\u00f7\u20ac\u00a3\u00a2\u00b0\u00bd\u00bc\u00be]"
)

_BOX_OPENERS = ("\\boxed", "\\fbox")

# Marker patterns run on the lower-cased text, and only when a cheap substring test says they can match:
# most completions carry one marker, and scanning every position for every alternative is the hot path.
_ANSWER_MARKERS = lazy_compile(
    r"""
      (?P<final_answer>\bfinal\s+answer\b[*_]*(?:(?&label)[*_]*\s*(?:[:：]|(?&dash))|(?:\s*(?:is|would\s+be|will\s+be)\b)?[*_]*\s*(?:[:：]|(?&dash))?))
    | (?P<answer_is>\b(?:answer|result)\s+(?:is|would\s+be|will\s+be|should\s+be|must\s+be)\b[*_]*\s*[:：]?)
    | (?P<answer_colon>\banswer\b[*_]*(?&label)?\s*(?:[:：]|(?&dash)))
    """.replace(
        # a label in words, in brackets between the marker and its colon ("Answer (tentative): 72", "Answer
        # (wrong): 6", "Answer (rounded): 6"): the marker still, whose label the commitment reader weighs
        # (math in brackets, "Final answer (x-2)(x-3)", is the answer)
        "(?&label)",
        r"(?:[ \t]*[(\[][ \t]*[a-z][a-z \t,.'’/-]{1,38}[)\]][*_]*)",
    ).replace(
        # a spaced dash stands for the colon ("Answer - 72", "Final answer — $18"): the value's sign is
        # written against it ("Answer: -72"), a dash with a space on each side separates
        "(?&dash)",
        r"[-–—](?=[ \t]+[*_]*(?:[-−$€£\d(\\]|[a-j]\b))",
    ),
    re.VERBOSE,
)
_HASHES = lazy_compile(r"(?<![#])#{4}(?![#])")
# PRM800K and markdown write the answer under a heading of its own: "# Answer\n\n(15, -29)"
_ANSWER_HEADING = lazy_compile(
    r"^[ \t]*#{1,6}[ \t]*(?:[Ff]inal[ \t]+)?[Aa]nswer[ \t]*:?[ \t]*$", re.MULTILINE
)
# a JSON answer key and its value: a string, a list, or a scalar up to the next key or the object's end
_JSON_ANSWER = lazy_compile(
    r"""["'](?:final[_ ]?)?answer["'][ \t]*:[ \t]*"""
    r"""(?P<value>"(?:[^"\\\n]|\\.){1,200}"|'[^'\n]{1,200}'|\[[^\[\]\n]{0,200}\]|[^,}\s][^,}\n]{0,199}?)"""
    r"[ \t]*(?=[,}\n]|$)",
    re.IGNORECASE,
)
_A_COLON = lazy_compile(r"^[ \t*_]*A[*_]*[ \t]*[:：]", re.MULTILINE)

# A few-shot model keeps writing the next exemplar after its answer; that continuation is not ours. Nor is the
# next problem a base model makes up and solves: a header numbered past the first ("Question 2:", "Q2:",
# "### Problem 2", "**Question 3**", "Exercise 3.", "Example 2:") or one that calls the problem the next
# ("Next question:", "New problem:", "Now let's solve another problem"), at the start of a line. A first
# problem's header ("Problem 1:") may open the completion's own work after a preamble, and the parts of one
# problem are named otherwise ("Part 2:", "Step 2:", "Case 2:"); inside a sentence ("as in Problem 2, …") a
# header is a reference.
_CONTINUATION = lazy_compile(
    r"\n[ \t]*(?:Question|Q|Problem|Human|User|Input)[ \t]*[:：]"
    r"|<\|(?:im_end|im_start|endoftext|end_of_text|eot_id|end|return|end▁of▁sentence|User|Assistant)\|>|</s>"
    # the line's markdown (a quote, a heading, emphasis) before the header
    r"|\n[ \t>]*(?:#{1,6}[ \t]*)?[*_]{0,2}[ \t]*(?:"
    r"(?:(?:Question|QUESTION|question|Problem|PROBLEM|problem|Exercise|EXERCISE|exercise)[ \t]*(?:No\.|#)?"
    r"|Q)[ \t]*"
    r"(?:[2-9]|[1-9]\d{1,2})(?:\.\d{1,2})?(?!\d)"
    # reasoning tries examples of its own ("Example 2: n = 4 gives 7."): an example is a next problem when it
    # asks something
    r"|(?:Example|EXAMPLE)[ \t]*(?:[2-9]|[1-9]\d{1,2})(?!\d)"
    r"(?=[\s\S]{0,400}?(?:\?|\b(?:Find|Compute|Calculate|Determine|Evaluate|Solve|Simplify)\b))"
    r"|(?:Next|NEXT|New|NEW|Another|ANOTHER)[ \t]+(?i:question|problem|exercise)"
    r")[ \t]*[*_]{0,2}[ \t]*(?:[:：]|\.(?!\d)|[*_]{0,2}[ \t]*(?=\n|$))"
    r"|\n[ \t>]*(?:#{1,6}[ \t]*)?[*_]{0,2}[ \t]*(?i:(?:now[ \t]*,?[ \t]*)?let['’]?s[ \t]+"
    r"(?:solve|try|do|look[ \t]+at|move[ \t]+on[ \t]+to|work[ \t]+on|tackle)|here[ \t]+is|here['’]?s)[ \t]+"
    r"(?i:another|the[ \t]+next|a[ \t]+new|one[ \t]+more)[ \t]+(?i:question|problem|exercise)\b",
)
# what every header of a next problem holds (lower-cased), the capital of "Q2:" aside, and the most words that
# stand before it on its line past its markdown ("now, let's move on to the next question"): where no such
# word opens a line, the regex scan for a header is skipped (most texts that name "the problem" do so inside
# a sentence)
_NEXT_PROBLEM_WORDS = ("question", "problem", "exercise", "example")
_WORDS_BEFORE_HEADER = 8


def _may_name_next_problem(region: str, lowered: str) -> bool:
    """Whether ``region`` (``lowered`` is it, or a text holding it, lower-cased) may hold the header of a
    next problem (:data:`_CONTINUATION`), found without the regex scan: a ``Q``, or a header word with few
    words before it on its line."""
    if "Q" in region:
        return True
    for word in _NEXT_PROBLEM_WORDS:
        at = lowered.find(word)
        while at >= 0:
            lead = lowered[lowered.rfind("\n", 0, at) + 1 : at].lstrip(" \t>#*_")
            if len(lead.split(None, _WORDS_BEFORE_HEADER)) <= _WORDS_BEFORE_HEADER:
                return True
            at = lowered.find(word, at + len(word))
    return False


def _may_continue(region: str, closing_tag: bool = True, said: int = 0, lowered: str | None = None) -> bool:
    """Whether :data:`_CONTINUATION` can match ``region`` past ``said`` (where its first character other than
    whitespace stands), found without the regex scan, which stops at every line break and every ``<``
    (GSM8K's ``<<3*4=12>>``): a speaker's line holds the first colon of its line, and most completions hold
    a colon or two; the special tokens hold a ``|``, which almost none holds; a next problem's header holds
    one of a few words. ``closing_tag``: False when the caller knows the text holds no ``</``; ``lowered``:
    ``region``, or a text that holds it, lower-cased, when the caller has it."""
    if "|" in region and "<|" in region:
        return True
    if closing_tag and "</s>" in region:
        return True
    if _may_name_next_problem(region, region.lower() if lowered is None else lowered):
        return True
    for line, colon in _first_colons(region):
        if line >= said + 2 and region[line:colon].strip(" \t") in _SPEAKERS:
            return True
    return False


_SPEAKERS = frozenset({"Question", "Q", "Problem", "Human", "User", "Input"})


@lru_cache(maxsize=4)
def _first_colons(text: str) -> tuple[tuple[int, int], ...]:
    """``(start of line, its first colon)`` for each line of ``text`` that holds a colon (``:`` or the
    full-width ``：``), in order: found by ``str.find``, which skips to the next colon at once, where a
    regex reads the text a character at a time. Two readers ask it of one region in a row: remembered.

    >>> _first_colons("a: b: c\\nno colon\\n x：y")
    ((0, 1), (17, 19))
    """
    wide = "：" in text  # at once false for a text with no character past Latin-1
    found = []
    if not wide:  # most texts: the loop below with str.find in place of _next_colon
        colon = text.find(":")
        while colon >= 0:
            found.append((text.rfind("\n", 0, colon) + 1, colon))
            end = text.find("\n", colon)
            if end < 0:
                break
            colon = text.find(":", end)
        return tuple(found)
    colon = _next_colon(text, 0, wide)
    while colon >= 0:
        found.append((text.rfind("\n", 0, colon) + 1, colon))
        end = text.find("\n", colon)
        if end < 0:
            break
        colon = _next_colon(text, end, wide)
    return tuple(found)


def _next_colon(text: str, start: int, wide: bool) -> int:
    colon = text.find(":", start)
    if not wide:
        return colon
    other = text.find("：", start)
    return other if colon < 0 or 0 <= other < colon else colon


_THINK_OPEN = "<think>"
_THINK_CLOSE = "</think>"
# the reasoning block in the other spellings models write it (``<thinking>``, ``<THINK>``, ``</think >``,
# ``<reasoning>`` of the GRPO format prompts, ``<|begin_of_thought|>`` of the OpenThoughts traces, the
# ``analysis`` channel of the harmony format, whose ``final`` channel holds the answer): an answer only inside
# it is no answer, whichever spelling closes it
_THINK_OPEN_ANY = lazy_compile(
    r"<(?:think|thinking|reasoning)\s*>|<\|begin_of_thought\|>|<\|channel\|>analysis\b", re.IGNORECASE
)
# what another spelling of the closing tag opens with: "</thinking>", "</THINK>", "</reasoning>"
_OTHER_CLOSES = ("</t", "</T", "</r", "</R")
_THINK_CLOSE_ANY = lazy_compile(
    r"</(?:think|thinking|reasoning)\s*>|<\|end_of_thought\|>|<\|channel\|>final(?:<\|message\|>)?",
    re.IGNORECASE,
)
# text struck out in markdown, HTML or LaTeX (``~~72~~ 73``, ``<del>72</del>``, ``\sout{72}``, ``\st{72}``)
# is taken back: blanked before reading, so that every span still points into the text
_STRUCK = lazy_compile(
    r"~~(?=\S)[^~\n]{1,200}?(?<=\S)~~|<(s|del|strike)>[^<\n]{0,200}</\1>|\\(?:sout|xout|st)\{[^{}\n]{0,200}\}",
    re.IGNORECASE,
)

# "#### Step 1:" and "A: Janet sells 16 - 3 = 13 eggs" are not answer statements: these markers must be
# followed by something answer-like.
_ANSWER_LIKE_START = lazy_compile(
    r"[\s*_`$]*(?:[-−–+(\[{\\$€£.\d]|\(?[A-Z]\)?(?:[\s.,:;)*]|$)|"
    r"(?:zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    r"sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|"
    rf"hundred|a\s+dozen|half|negative|minus|yes|no|true|false|{APPROXIMATION})\b|"
    # a value its statement negates, bounds or hedges ("#### not 18", "A: at least 18"): a statement still,
    # which commits to nothing, never a heading skipped for the marker before it to stand
    r"(?:not|never|at\s+(?:least|most)|more\s+than|less\s+than|fewer\s+than|over|under|probably|maybe|perhaps|"
    r"possibly|likely)\s+[-−$€£\d])",
    re.IGNORECASE,
)

# the period of "p.m." ends a sentence only where a new one starts: "3 p.m. or 4 p.m." and "3 p.m. if …" go on
# (so does that of a unit's first word, "fl. oz", "sq. ft", "cu. in": the unit goes on)
# (the period of "Rs. 72" abbreviates the currency before its amount, that of "approx. 72" or "ca. 72" the
# approximation: each ends a sentence only where no value follows; that of "i.e.", "e.g.", "vs." or "viz."
# opens what the statement goes on to say: "72, i.e. 70" states 70 too)
# (a quote, emphasis or bracket may close around the full stop: '"The answer is 81." or more', "*The answer is
# 81.* or more": the sentence ends there, and what follows is read after it)
_SENTENCE_END = lazy_compile(
    r"(?<![aApP]\.[mM])(?<!\bRs)(?<!\b[Cc]a)(?<!\b[Aa]pprox)(?<!\b[iI]\.[eE])(?<!\b[eE]\.[gG])(?<!\bvs)(?<!\bviz)"
    r"(?<!\bfl)(?<!\bsq)(?<!\bcu)\.(?=[*_\x22”’»)]*(?:\s|$))"
    r"|(?:(?<=[aApP]\.[mM])|(?<=\bfl)|(?<=\bsq)|(?<=\bcu))\.(?=\s*(?:$|[A-Z]))"
    r"|(?:(?<=\bRs)|(?<=\b[Cc]a)|(?<=\b[Aa]pprox))\.(?=\s*(?:$|[^\d\s$\\(−-]))"
    r"|(?<!\\)[!?;](?=[*_\x22”’»)]*(?:\s|$))|\n"
)

_MERIDIEM_AFTER = lazy_compile(rf"[ \t]*{MERIDIEM}")

# a currency sign before the number is part of it: "€13" is no "$13"; so is a base after it
_LAST_NUMBER = lazy_compile(
    r"(?:[-−]\s?)?[$€£¥]?(?:\d(?:[\d,]*\d)?(?:\.\d+)?|(?<![\w.])\.\d+)(?:/\d+(?![\d/]))?"
    # a percent sign, spaced as French and Russian space it ("72 %", not the "%" of "72 % 5"), or the word
    r"(?:[ \u00a0\u202f]?\\?[%‰‱](?![ \t]*\d)|"
    r"[ \t]+(?i:percent|per[ ]?cent|per[ ]?mille|per[ ]thousand|per[ ]ten[ ]thousand|basis[ ]points?)"
    r"(?![A-Za-z])"
    # basis points, glued as finance writes them too ("25bp", "50bps"): a hundredth of a percent, never 25
    r"|[ \t]?(?i:bps?)(?![A-Za-z]))?"
    r"(?:[₀₁₂₃₄₅₆₇₈₉]{1,2}(?![₀₁₂₃₄₅₆₇₈₉]))?"  # "72₈": its base, read with it
)


@dataclass(frozen=True)
class Candidates:
    """The candidate answers extraction found in one completion, and the region the lenient rules read."""

    anchored: list[Answer] = field(default_factory=list)
    region_start: int = 0
    region: str = ""
    # why no answer region exists ("unterminated_think"), that anchored answers exist only outside
    # the answer region ("outside_region"), or that a reasoning block opens again after them and never
    # closes ("reopened_think"); None when the region is usable
    problem: str | None = None
    outside: list[Answer] = field(default_factory=list)
    # the last struck-out text that held a number, and where it ends in the completion: taken back, so a
    # value a lenient rule reads before it is what the text went on to strike, never its answer
    struck: tuple[str, int] | None = None

    def last_math(self, *, bullets: bool = False) -> list[Answer]:
        """The lenient fallback for math: the last piece of math in the answer region (``$…$``, ``$$…$$``,
        ``\\(…\\)``, ``\\[…\\]``) when no digit follows it, or the whole region when it is nothing but a short
        expression (``x \\geq 5``); with the pieces just before it that a list or a hedge joins to it
        (``$1$ and $2$``, ``$\\frac12$ or $\\frac13$``), in order; with ``bullets``, the pieces of the list
        items right before it too, one piece each (``- \\( d(6) = \\frac13 \\)\\n- \\( d(16) = 1 \\)``). Empty
        when there is none. Only computed when needed."""
        told = _without_closing_approximation(self.region)
        return [
            Answer(text, "last_math", self.region_start + s, self.region_start + e, lenient=True)
            for text, s, e in _last_math(told, _BULLETED_RUN_GAP if bullets else _RUN_GAP)
        ]

    def plain_math(self) -> Answer | None:
        """The math that ends the region's last sentence when it is written without delimiters after prose
        (``Thus y = 2x + 1``, ``The solutions are x = 2 or x = -2``, ``So the derivative is cos(x)``): what
        follows the sentence's last word of two letters or more (not a function the math reader knows, nor the
        ``or``/``and`` that joins values). None when the sentence holds a math delimiter, asks, trails off, or
        ends on a word, a unit (``5 m``) or a letter that is a word (``is a``). Only computed when needed.

        >>> find_answers("We solve the system. Thus y = 2x + 1.").plain_math().text
        'y = 2x + 1'
        >>> [find_answers(t).plain_math() for t in ("So y is a line.", "It is 5 m.", "Is x = 5?")]
        [None, None, None]
        """
        found = _plain_math(self.region)
        if found is None:
            return None
        text, start, end = found
        return Answer(text, "last_math", self.region_start + start, self.region_start + end, lenient=True)

    def whole_phrase(self, words: int) -> Answer | None:
        """The whole answer region as a word answer (rule ``whole_completion``), when it is nothing but one
        word or a phrase of at most ``words`` words (``Yes.``, ``\\text{even}``, ``**New York**``): what a
        pipeline that extracted its answer already passes. A word list, a hedge, a question or prose around
        the words is none (``even odd``, ``maybe yes``, ``yes?``, ``yes, no``). Only computed when needed.

        >>> find_answers("**Yes**.").whole_phrase(1).text
        '**Yes**'
        >>> [find_answers(t).whole_phrase(1) for t in ("maybe yes", "yes?", "yes, no", "Yes. It is.")]
        [None, None, None, None]
        """
        text = POLITE_TAIL.sub("", self.region).strip()
        if not text or len(text) > _WHOLE_PHRASE_CHARS or text.endswith(("?", "..", "…")):
            return None
        if text[-1] in ".!。！":  # "Yes." ends its one sentence ("いいえ。" too: a full stop no rewrite read)
            text = text[:-1].rstrip()
        phrase = clean_span(text)
        if not _WHOLE_PHRASE.fullmatch(phrase) or _HEDGING_WORD.search(phrase) or len(phrase.split()) > words:
            return None
        start = self.region_start + self.region.find(text)
        return Answer(text, "whole_completion", start, start + len(text), lenient=True)

    def bare_expression(self, answer: Answer) -> bool:
        """Whether ``answer`` is all the answer region says (but spacing and a polite closing line), with no
        word of two letters or more in it but a command or a function call: a bare expression (``x + x``,
        ``a^x \\ln a``, ``sin(x) + cos(x)``), which has no sentence around it to have stopped in the middle
        of. ``so it is x + y`` is a sentence.

        >>> found = find_answers("  x + x\\n")
        >>> found.bare_expression(found.last_math()[0])
        True
        >>> found = find_answers("so it is x + y")
        >>> found.bare_expression(found.plain_math())
        False
        """
        start, end = answer.start - self.region_start, answer.end - self.region_start
        if start < 0 or end > len(self.region) or self.region[:start].strip():
            return False
        if _CLOSING_LINES.sub("", self.region[end:]).strip():
            return False
        return _SHORT_WORD.search(self.region, start, end) is None

    def last_number(self) -> Answer | None:
        """The lenient fallback: the last number in the answer region, digits or words (``She sold
        seventy-two clips.``), read whole with the compound quantity it ends (``2 hours 30 minutes``). Only
        computed when needed."""
        # "So she pays $15 (3 hours at $5).": an aside in parentheses that closes the text after a value shows
        # how it was got; the value before it is the statement's (what the aside says is read after it)
        told = _without_closing_reason(_without_closing_approximation(self.region))
        if ")" in told[-300:]:
            # (before a courtesy that closes the text: "… (see step 3).\n\nI hope this helps!")
            closing = POLITE_TAIL.sub("", told[-300:])
            if closing.rstrip(" \t\n.!*_")[-1:] == ")":
                aside = _CLOSING_ASIDE.search(closing, max(0, len(closing) - 200))
                if (
                    aside is not None
                    and _ASIDE_SAYS.search(aside["inside"])
                    and not _ASIDE_RESTATES.match(aside["inside"])
                ):
                    told = told[: max(0, len(told) - 300) + aside.start("open")]
        last = _last_number(told)
        span = (last.start(), last.end()) if last is not None else None
        words = _last_number_words(told, span[1] if span is not None else 0)
        if words is not None:
            span = words
        vulgar = max(told.rfind(c) for c in _VULGAR_VALUES)
        if vulgar >= 0 and (span is None or vulgar >= span[1]):  # "¾ cup" after the last digit
            # "2½ pizzas", "2 ½": the fraction of a mixed number is read with its whole part, never alone
            glued = span is not None and not told[span[1] : vulgar].strip(" ") and told[span[1] - 1].isdigit()
            span = (span[0] if glued and span is not None else vulgar, vulgar + 1)
        if span is None:
            return None
        start, end = _compound(self.region, *span)
        if start >= 2 and self.region[start - 1] == "." and self.region[start - 2].isdigit():
            # "1.2.3", "1.000.000": digits after the point that follows another number's are the last of one
            # run of digits and points, read whole (a version, thousands a point separates), never alone
            while start > 0 and (self.region[start - 1].isdigit() or self.region[start - 1] == "."):
                start -= 1
            start += len(self.region[start:end]) - len(self.region[start:end].lstrip("."))
        start = scaled_parts_start(self.region, start)  # "2 thousand 5 hundred": read whole, never 500
        if self.region.startswith(" and ", end):
            # "3 and a half cups": the fraction said in words after the whole number is part of it
            mixed = DIGITS_AND_SPOKEN_FRACTION.match(self.region, start)
            if mixed is not None and mixed.end(1) == end:
                end = mixed.end()
        end = said_after(self.region, end)  # "72 below zero", "72 Millionen": read with the number
        if self.region[end : end + 1] in _CLOSERS_BEFORE_SIGN:
            # "$25$ bp", "$25\\text{ bp}$", "**25** basis points": a percent sign or word after the math or
            # emphasis around the number is read with it, as "25 bp" is (0.25 %, never 25)
            percent = _PERCENT_AFTER_CLOSERS.match(self.region, end)
            opener = _OPENER_BEFORE.search(self.region, max(0, start - 16), start) if percent else None
            if percent is not None and opener is not None:
                start, end = opener.start(), percent.end()
        currency = _CURRENCY_WORD_AFTER.match(self.region, end)
        if currency is not None and self.region[start : start + 1] in _OPENS_A_NUMERAL:
            end = currency.end()  # "72 cents": the currency word names the value's unit, read with it
        elif end < len(self.region) and self.region[end] in _BEFORE_A_SIGN_AFTER:
            sign = _currency_sign_after(self.region, end)
            if sign is not None:
                end = sign  # "12,50 €", "2,74 $": the sign after the amount is its currency, read with it
        if self.region[start:end].count(":") == 1:  # "2:30 AM": the time is read whole, half of the day too
            meridiem = _MERIDIEM_AFTER.match(self.region, end)
            if meridiem is not None:  # the period of "p.m." may end the sentence too: left out
                end = meridiem.end() - (self.region[meridiem.end() - 1] == ".")
        elif start > 0 and self.region[start - 1] in " \t'′’tT":  # "5 ft 6 in", "5'6\"": inches of feet
            for m in FEET_INCHES.finditer(self.region, max(0, start - 16), min(len(self.region), end + 10)):
                if m.start("in") == start and m.end("in") == end:
                    start, end = m.start(), m.end()
        place = _PLACE_BEFORE.search(self.region, max(0, start - 12), start)
        if place is not None:  # "It is day 72.": the number names a day, read with the word before it
            start = place.start()
        base = self.region_start
        return Answer(self.region[start:end], "last_number", base + start, base + end, lenient=True)

    def restated_result(self, last: Answer) -> Answer | str | None:
        """The number the closing statement restates from the step just before it, when that is not its
        last number: ``= 34 \\text{ hours}\\] So, she spends a total of 34 hours … in 4 weeks.`` or a code
        block's ``5`` output before ``5 cars drove through … in the first 15 minutes.`` (the answer is said
        first, a number of the question after it). A string says why the evidence conflicts (that result is
        none of the statement's numbers); None when there is no such result or it is the last number.

        Only the one result computed just before the statement counts, and it must be one of the statement's
        own numbers: a statement listing many numbers gains nothing, the value judged is still that result.

        >>> found = find_answers("```output\\n16.0\\n```\\n16 people think that horse #12 will win.")
        >>> found.restated_result(found.last_number()).text
        '16'
        """
        region, base = self.region, self.region_start
        at = last.start - base
        breaks = list(_STATEMENT_BREAK.finditer(region, max(0, at - _STATEMENT_CHARS), at))
        if not breaks:
            return None
        start = breaks[-1].end()
        if "=" in region[start:at] or _STATED_BY_COPULA.search(region, max(start, at - 80), at):
            # "so 3 + 10 = 13 birds", "the number of days … is 3": the statement states its last number
            return None
        result = _result_before(region[max(0, start - _STATEMENT_CHARS) : start])
        if result is None or result.value == _value_of(last.text):
            return None
        earlier = list(scan(region[start:at]))
        if not earlier:
            return self._step_told_again(last, start, result)
        for n in earlier:
            if n.quantity.value == result.value:
                return Answer(
                    region[start + n.start : start + n.end],
                    "restated_result",
                    base + start + n.start,
                    base + start + n.end,
                    lenient=True,
                )
        said = region[start : last.end - base].strip()
        return (
            f"conflicting results: the step before {said[:60]!r} computes {result}, which it does not state"
        )

    def _step_told_again(self, last: Answer, start: int, result: Quantity) -> Answer | None:
        """The result of the step before a closing statement that only tells again a step computed before
        it (``… 48 / 2 = 24 clips. So in total she sold 48 + 24 = 72 clips. So she sold 24 in May.``: ``72``),
        or None: a step told again goes past nothing. A statement that states its value as what is left or a
        total (``So she has 24 left.``) or goes on from the result (``Then she sells 24.``) is no step."""
        region, base = self.region, self.region_start
        at = last.start - base
        closing = region[start : last.end - base + 80].split("\n")[0]
        if _TOLD_AS_RESULT.search(closing) or _GOES_ON_OPENING.match(closing):
            return None
        step = re.escape(last.text.lstrip("$"))
        before = region[max(0, start - 2 * _STATEMENT_CHARS) : start]
        eq = before.rfind("=")
        if eq < 0 or not re.search(rf"=\s*\$?\s*{step}(?![\d]|[.,]\d)", before[:eq]):
            return None  # the value is no result computed before the step
        stated = next(scan(before[eq + 1 :]), None)
        if stated is None or stated.quantity.value != result.value or at - start > 80:
            return None
        if _CHECK_OPENING.match(before, max(before.rfind("\n", 0, eq), before.rfind(". ", 0, eq)) + 1):
            # "… 9 * 2 = 18.\nVerification: 18 / 2 = 9.\nSo she makes $18 a day.": the last step is a check
            # of a result, no total, and the closing states the result
            return None
        result_start = start - len(before) + eq + 1 + stated.start
        result_end = result_start + stated.end - stated.start
        return Answer(
            region[result_start:result_end],
            "restated_result",
            base + result_start,
            base + result_end,
            lenient=True,
        )

    def labelled_total(self, last: Answer) -> Answer | None:
        """The value a closing line labels as the total (``In total: 72 muffins, as each of the 6 boxes holds
        12.``) when the last number lies in the reason given after it, not in the value; else None. Only the
        line of the last number counts: a ``Total: 50 + 29 = 79`` step in the reasoning is no answer.

        >>> found = find_answers("In total: 72 muffins, as each of the 6 boxes holds 12.")
        >>> found.labelled_total(found.last_number()).text
        '72'
        """
        region, base = self.region, self.region_start
        at = last.start - base
        line_start = region.rfind("\n", 0, at) + 1
        if "otal" not in region[line_start:at] and "ll" not in region[line_start:at]:
            return None
        m = _LABELLED_TOTAL.match(region, line_start, at)
        if m is None:
            return None
        start, end = base + m.start("value"), base + m.end("value")
        return Answer(m["value"], "labelled_total", start, end, lenient=True)


# a statement that opens a check of a result: "Verification: 18 / 2 = 9", "Let me check: …", "Check: …"
_CHECK_OPENING = lazy_compile(rf"\s*[*_#>-]*\s*(?:let(?:\s+me|'s|\s+us)\s+)?(?:{CHECK_WORDS})", re.IGNORECASE)


# a closing line that labels its value as the total and gives the reason after it: "In total: 72 muffins, as
# each box holds 12", "Total: $72, since …"
_LABELLED_TOTAL = lazy_compile(
    r"[ \t*_#>-]*(?i:in\s+total|total|altogether|in\s+all|all\s+together)[*_]*\s*[:：][ \t*_]*"
    r"(?:\$(?=[\d.,]+\$)|\\\()?"  # "$72$", "\\(72\\)": math around the value
    r"(?P<value>[-−]?[$€£]?\d[\d,]*(?:\.\d+)?%?)(?![\d.,]\d)(?:\$|\\\))?[ \t*_]*(?:[A-Za-z]+[ \t*_]*){0,3}"
    r"[,;(][ \t]*(?i:as|since|because|for|given\s+that|with|from|where)\b[^\n]*"
)


def find_answers(text: str, lowered: str | None = None) -> Candidates:
    """Candidate answer spans, anchored ones in order of position, plus the lenient fallback. ``lowered``:
    ``text`` lower-cased, of the same length, when the caller has it."""
    offset = 0
    if len(text) > MAX_COMPLETION_CHARS:
        offset = len(text) - MAX_COMPLETION_CHARS
        text = text[offset:]
        lowered = None
    closing_tag = "</" in text
    struck: tuple[str, int] | None = None
    # ("~" alone is found at once, "~~" a step at a time; LaTeX's strikes all hold "out{" or "\\st{")
    if closing_tag or ("~" in text and "~~" in text) or ("{" in text and ("out{" in text or "\\st{" in text)):
        for m in _STRUCK.finditer(text):
            if any(c.isdigit() for c in m.group()):
                struck = (m.group(), offset + m.end())
        text = _STRUCK.sub(lambda m: " " * len(m.group()), text)
        lowered = None
    close, close_end = _think_close(text, closing_tag)
    if close > 0:
        # "…</think>\n\nThe answer is 72.\n\nQuestion 2: …\n<think>…</think>\nThe answer is 60.": a made-up
        # next problem with its own reasoning block is cut off before the last block is taken as the text's
        next_problem = _next_problem_before_last_block(text, close, closing_tag)
        if next_problem is not None:
            same_length = lowered is not None and len(lowered) == len(text)
            text = text[:next_problem]
            lowered = lowered[:next_problem] if lowered is not None and same_length else None
            close, close_end = _think_close(text, closing_tag)
    if lowered is None:
        # the text lower-cased once: each test for a word in either case below is one scan of it, not two
        lowered = text.lower()
    if close >= 0:
        region_start = close_end
    # "<think>" and its other spellings (<THINKING>, <reasoning>, <|begin_of_thought|>): the regex scan, which
    # stops at every "<" of GSM8K's "<<3*4=12>>", runs only where a tag's whole name is found (a long needle
    # is skipped through, where "<t" stops at every "t"), and "<|" only where a "|" is
    elif (
        "<think" in lowered or "<reasoning" in lowered or ("|" in text and "<|" in text)
    ) and _THINK_OPEN_ANY.search(text):
        return Candidates(region_start=offset + len(text), problem="unterminated_think")
    else:
        region_start = 0
    # (nothing after the last block, or only a polite closing: "I hope this helps!")
    after_last = text[close_end:]
    closed_again = (
        _closed_again(text, close)
        if close >= 0
        and (
            not after_last.strip() or (len(after_last) <= 200 and not POLITE_TAIL.sub("", after_last).strip())
        )
        else None
    )
    stray = (
        # (nothing after the last tag, or a closing pleasantry: "</think>\n\nI hope this helps!")
        _stray_close(text, close)
        if closed_again is None and close > 0 and not POLITE_TAIL.sub("", after_last).strip()
        else None
    )
    if closed_again is not None:
        # "</think>\nThe answer is 72.\n<think>Let me double check …</think>": a block opened again after the
        # answer and closed with nothing after it holds no answer; the answer before it is read
        region_start, reopened_at = closed_again
        region = text[region_start:reopened_at]
    elif stray is not None:
        # "<think>…</think>\n\\boxed{14}\n</think>": a closing tag repeated at the end, with no block opened
        # before it, closes nothing; the text between the two tags is the answer's
        (close, region_start), region = stray, text[stray[1] : close]
    else:
        region = text[region_start:]
    reopened = (
        _THINK_OPEN_ANY.search(region) if close >= 0 and "<" in region and closed_again is None else None
    )
    if reopened is not None:
        # a reasoning block opened again after the answer and never closed: what it holds is reasoning
        region = region[: reopened.start()]
    # a next exemplar follows what the text says: a question restated on its first line is none
    # ("\n\n  Q: How many …\n…\nA: 26")
    said = len(region) - len(region.lstrip()) if region[:1].isspace() else 0
    cut = (
        _CONTINUATION.search(region, said + 1) if _may_continue(region, closing_tag, said, lowered) else None
    )
    if cut is not None:
        region = region[: cut.start()]
    base = offset + region_start
    # a few Unicode letters change length when lower-cased: their text is lower-cased where it is read
    same_length = len(lowered) == len(text)
    lowered_region = lowered[region_start : region_start + len(region)] if same_length else None
    anchored = _candidates(region, base, lowered_region, closing_tag)
    if not anchored and region_start > 0:
        outside = _candidates(text[:close], offset)
        if outside:
            return Candidates([], base, region, "outside_region", outside)
    if (reopened is not None or closed_again is not None) and anchored:
        return Candidates(anchored, base, region, "reopened_think", struck=struck)
    found = _found(anchored, base, region)
    if struck is not None:
        object.__setattr__(found, "struck", struck)  # (built a moment ago: nobody else holds it)
    return found


def signs_only_outside_ascii(text: str) -> bool:
    """Whether every character of ``text`` outside ASCII is one of the signs English working writes
    (``’``, ``–``, ``−``, ``×``, ``÷``, ``€``, ``£``, ``¢``, ``°``, ``½``, ``¼``, ``¾``, curly quotes), which
    no reader keys on in another way than their ASCII forms: such a text reads as an ASCII one does.

    >>> signs_only_outside_ascii("It’s 3 × 4 = 12 €"), signs_only_outside_ascii("答案是 12")
    (True, False)
    """
    return _OUTSIDE_PLAIN_SIGNS.search(text) is None


def closing_a_colon(text: str, lowered: str) -> Answer | None:
    """The one anchored answer of a completion that closes on the line ``A: 72`` (a number: digits, with a
    sign, a decimal point or groups of three at most, nothing after it) and holds nothing any other reader
    keys on, as :func:`find_answers` reads it; None for any other text. ``lowered``: ``text`` lower-cased.

    Few-shot completions mostly have this shape (GSM8K's ``…<<3*4=12>>12 eggs\\nA: 12``), and
    :func:`find_answers` asks each of its readers about them in turn to find nothing: no other colon (no
    speaker of a next exemplar, no other marker), no marker word, no heading, box, code, tag or struck text.
    The grader takes this answer as the general reading's; ``tests/rewardkit/test_closing_a_colon.py``
    holds the two to agreement.

    >>> closing_a_colon("3 * 4 = <<3*4=12>>12\\nA: 12", "3 * 4 = <<3*4=12>>12\\na: 12")
    Answer(text='12', rule='a_colon', start=24, end=26, lenient=False)
    >>> closing_a_colon("Q: 3 * 4?\\nA: 12", "q: 3 * 4?\\na: 12") is None  # another colon
    True
    >>> closing_a_colon("So 90 - 110 = -20\\nA: -20", "so 90 - 110 = -20\\na: -20").text
    '-20'
    """
    line = text.rfind("\n") + 1
    digits = text[line + 3 :]
    if (
        text[line : line + 3] != "A: "
        or not (
            (digits.isdecimal() and len(digits) <= _DIGITS_AT_ONCE)
            or _CLOSING_NUMBER.fullmatch(digits) is not None
        )
        or not digits.isascii()
        or len(text) > MAX_COMPLETION_CHARS
        or text.count(":") != 1
        or not (text.isascii() or signs_only_outside_ascii(text))
    ):
        return None
    # one scan each; the single characters are found at once, the words skipped through
    if "#" in text or "\\" in text or "|" in text or "`" in text or "~" in text or "</" in text:
        return None
    if "nswer" in lowered or "esult" in lowered or "<think" in lowered or "<reasoning" in lowered:
        return None
    if _may_name_next_problem(text, lowered):  # "Exercise 3. …": a next problem's header holds no colon
        return None
    return _answer(digits, "a_colon", line + 3, len(text))


# a set said in words as the text's last sentence: "So there is no solution.", "The domain is all real
# numbers."
_SET_SAID_AT_END = lazy_compile(
    # (after a sentence's end, or a clause's comma or semicolon when a conclusion word opens it: "The
    # denominator never vanishes, so the domain is all real numbers.")
    r"(?:^|(?<=[.!?:\n])|(?<=[,;])(?=\s*(?:so|thus|therefore|hence)\b)|"
    # (or after the comma that closes a reason the sentence opens with: "Since the discriminant is negative,
    # the equation has no real solutions.")
    r"(?<=,)(?P<after_reason>(?=\s*(?:there|the|its|their)\b)))"
    r"[\s*_>-]*(?P<lead>(?:(?:so|thus|therefore|hence)\s*,?\s*)?"
    r"(?:there\s+(?:is|are|exists?)\s+|"
    r"(?:the|its|their)\s+(?:[a-z]+\s+){0,2}(?:is|are)\s+|(?:the\s+)?(?:equation|inequality|system)\s+has\s+)?)"
    r"[*_]*(?P<set>no\s+(?:real\s+)?(?:solutions?|roots?)|(?:the\s+)?empty\s+set|all\s+real\s+numbers)[*_]*"
    r"[\s.!]*$",
    re.IGNORECASE,
)


def set_said_at_end(region: str) -> tuple[int, int] | None:
    """Where the set the text's last sentence says in words stands (``So there is no solution.``, ``The
    domain is all real numbers.``), or None: the answer to a set or interval gold with no marker or box.

    >>> text = "Squaring gives x = -1, which fails. So there is no solution."
    >>> text[slice(*set_said_at_end(text))], set_said_at_end("There is no solution for x > 3; x = 2.")
    ('no solution', None)
    >>> text = "It leads to a contradiction, so there is no solution."
    >>> text[slice(*set_said_at_end(text))], set_said_at_end("If a = 0, there is no solution.")
    ('no solution', None)
    """
    if "real" not in region and "solution" not in region and "root" not in region and "empty" not in region:
        return None
    m = _SET_SAID_AT_END.search(region, max(0, len(region) - 200))
    if m is None:
        return None
    if m.start() > 0 and region[m.start() - 1] in ",;":
        # "If a = 0, so there is no solution.", "Maybe x < 0, so …": the clause concludes from a condition or
        # a guess its sentence opens with
        opened = max(region.rfind(c, 0, m.start()) for c in ".!?\n") + 1
        if _CONDITION_OPENS.match(region, opened):
            return None
        if m["after_reason"] is not None and not _REASON_OPENS.match(region, opened):
            return None  # "x is 3, the equation has no real solutions": no reason closed before it
    return m.start("set"), m.end("set")


_REASON_OPENS = lazy_compile(r"[\s*_>-]*(?:since|because|as|given\s+that)\b", re.IGNORECASE)
_CONDITION_OPENS = lazy_compile(
    r"[\s*_>-]*(?:if|when|whenever|unless|suppose|supposing|assuming|assume|provided|maybe|perhaps|possibly|"
    r"probably|in\s+case)\b",
    re.IGNORECASE,
)


def _found(anchored: list[Answer], region_start: int, region: str) -> Candidates:
    """``Candidates(anchored, region_start, region)``, filled in one step as :func:`_answer` fills an
    answer: the frozen dataclass's generated ``__init__`` sets each field by ``object.__setattr__`` and makes
    the empty ``outside`` list by its factory. The same object; a test checks it."""
    found = _new_instance(Candidates)
    _set_attribute(
        found,
        "__dict__",
        {
            "anchored": anchored,
            "region_start": region_start,
            "region": region,
            "problem": None,
            "outside": [],
            "struck": None,
        },
    )
    return found


def _think_close(text: str, closing_tag: bool = True) -> tuple[int, int]:
    """Where the last closing tag of a reasoning block starts and ends, or ``(-1, -1)``. ``closing_tag``:
    False when the caller knows the text holds no ``</``."""
    if not closing_tag and "|" not in text:  # "|" is found at once, "</" and "<|" a step at a time
        return -1, -1
    piped = "|" in text and "<|" in text  # "<|end_of_thought|>", "<|channel|>final": no "</"
    if not closing_tag and not piped:
        return -1, -1
    close = text.rfind(_THINK_CLOSE)
    if close >= 0:
        tail = text[close + 1 :]
        if not any(other in tail for other in _OTHER_CLOSES) and not (piped and "<|" in tail):
            return close, close + len(_THINK_CLOSE)  # the common spelling, last: no regex
    elif not piped and not (closing_tag and "</" in text):
        return -1, -1
    spans = [m.span() for m in _THINK_CLOSE_ANY.finditer(text, max(0, close))]
    return spans[-1] if spans else (-1, -1)


def _next_problem_before_last_block(text: str, close: int, closing_tag: bool) -> int | None:
    """Where a made-up next problem (:data:`_CONTINUATION`) opens between an earlier reasoning block and the
    last one, whose closing tag starts at ``close``, or None: its block reasons about that problem, not the
    text's."""
    earlier = text.rfind(_THINK_CLOSE, 0, close)
    if earlier >= 0:
        earlier_end = earlier + len(_THINK_CLOSE)
    elif any(other in text for other in _OTHER_CLOSES) or "<|" in text:
        earlier, earlier_end = _think_close(text[:close], closing_tag)
        if earlier < 0:
            return None
    else:
        return None
    opened = -1
    for m in _THINK_OPEN_ANY.finditer(text, earlier_end, close):
        opened = m.start()
    if opened < 0:
        return None
    between = text[earlier_end:opened]
    said = len(between) - len(between.lstrip()) if between[:1].isspace() else 0
    if not _may_continue(between, closing_tag, said):
        return None
    cut = _CONTINUATION.search(between, said + 1)
    return earlier_end + cut.start() if cut is not None else None


def _stray_close(text: str, close: int) -> tuple[int, int] | None:
    """Where the earlier closing tag starts and ends when the last one, at ``close``, closes no block of its
    own: no opening tag stands between the two (``<think>…</think>\\n\\boxed{14}\\n</think>``); None
    otherwise.

    >>> _stray_close("<think>a</think> 14 </think>", 20)
    (8, 16)
    >>> _stray_close("<think>a</think> 14 <think>b</think>", 29) is None
    True
    """
    earlier = _think_close(text[:close])
    if earlier[0] < 0 or _THINK_OPEN_ANY.search(text, earlier[1], close) is not None:
        return None
    return earlier


def _closed_again(text: str, close: int) -> tuple[int, int] | None:
    """Where the text between two reasoning blocks starts and ends when the last block, closing at
    ``close``, was opened again after an earlier one closed (``</think> The answer is 72. <think>…</think>``),
    or None: the answer stated between them is the text's, and the block after it reasoning."""
    opened = [m.start() for m in _THINK_OPEN_ANY.finditer(text, 0, close)]
    if not opened:
        return None
    earlier = _think_close(text[: opened[-1]])
    if earlier[0] < 0:
        return None
    return earlier[1], opened[-1]


def _candidates(region: str, base: int, lowered: str | None = None, closing_tag: bool = True) -> list[Answer]:
    """The anchored answers of ``region`` (``lowered``: it lower-cased, of the same length, when the caller
    has it; ``closing_tag``: False when the caller knows it holds no ``</``)."""
    anchored: list[Answer] = []
    if lowered is None:
        lowered = region.lower()
        if len(lowered) != len(region):  # a few Unicode letters change length when lower-cased
            lowered = "".join(c if len(c.lower()) != 1 else c.lower() for c in region)
    # "<answer>", a JSON answer key and the answer markers all hold "nswer" in some case: most texts hold
    # none, and one scan says so for the three
    answer_word = "nswer" in lowered
    if answer_word and "<answer>" in region:
        opened = region.rfind("<answer>")
        before = region[:opened].rstrip()
        if before.endswith("</answer>") and "<answer>" in before:
            # an answer block right before the last one, nothing between them: a second final answer
            # ("<answer>70</answer>\n<answer>72</answer>"), for the grader to weigh against the last
            first = before.rfind("<answer>") + len("<answer>")
            last = len(before) - len("</answer>")
            anchored.append(Answer(region[first:last].strip(), "answer_tag", base + first, base + last))
        start = opened + len("<answer>")
        end = region.find("</answer>", start)
        end = len(region) if end < 0 else end
        anchored.append(Answer(region[start:end].strip(), "answer_tag", base + start, base + end))
    boxes: list[Answer] = []
    if "\\" in region and ("\\boxed" in region or "\\fbox" in region):  # one scan of most texts, not two
        boxes = _boxes(region, base)
        anchored.extend(boxes)
    markers = _markers(region, lowered, answer_word)
    if len(markers) > MAX_MARKERS:  # degenerate output: only the last ones can be its final answer
        markers = sorted(markers, key=lambda rule_match: rule_match[1].start())[-MAX_MARKERS:]
    # (where each statement's marker, or a box set off by a space, opens: a statement ends at the next one
    # that follows its value, "#### 18 #### 20", "Answer: 18 \\boxed{20}")
    statement_starts: list[int] = []
    if len(markers) + len(boxes) > 1 and markers:
        statement_starts = [m.start() for rule, m in markers if rule in _STATEMENT_MARKERS]
        statement_starts += [
            b.start - base for b in boxes if b.start > base and region[b.start - base - 1] in " \t"
        ]
        statement_starts.sort()
    for rule, m in markers:
        if boxes and any(box.start <= base + m.start() < box.end for box in boxes):
            continue  # "\\boxed{\\text{Answer: } 5}": a marker written inside a box, which the box reads
        span, s, e = _marker_span(region, m.end(), closing_tag)
        if not span:
            continue
        if statement_starts and rule in _STATEMENT_MARKERS:
            span, e = _before_next_marker(region, span, s, e, statement_starts)
        # a span opening on a digit (\d is str.isdecimal) is answer-like: most are, known without the regex
        if rule in ("hashes", "a_colon") and not (span[0].isdecimal() or _ANSWER_LIKE_START.match(span)):
            continue
        if ("\\boxed" in span or "\\fbox" in span) and span.count("{") > span.count("}"):
            continue  # the box never closed: cut off before committing
        if (
            rule in ("final_answer", "answer_is")
            and not m.group().endswith((":", "："))
            and marker_mentioned(region[max(0, m.start() - 120) : m.start()], span)
        ):
            continue  # "To get the final answer, I need …": the marker named, not used; the fallback reads on
        anchored.append(_answer(span, rule, base + s, base + e))
    if answer_word and ('nswer"' in region or "nswer'" in region):
        # a JSON object's answer key: '{"reasoning": "…", "answer": 72, "confidence": 0.3}' states 72, the
        # value alone (a string's quotes are not the answer's)
        for m in _JSON_ANSWER.finditer(region):
            s, e = m.span("value")
            if region[s] in "\"'" and e - s >= 2:
                s, e = s + 1, e - 1
            elif region[s] == "[" and "," in region[s:e]:
                # '"answer": [70, 72]': a JSON list is its items, never an interval from 70 to 72
                s, e = s + 1, e - 1
            anchored.append(_answer(region[s:e], "answer_colon", base + s, base + e))
    # a box wins a tie with the marker that introduces it ("The answer is \\boxed{7}")
    if len(anchored) > 1:
        anchored.sort(key=lambda a: (a.start, a.rule == "boxed"))
    return anchored


# the marker rules whose statement a marker of the same kinds right after its value ends
_STATEMENT_MARKERS = frozenset({"answer_colon", "answer_is", "final_answer", "hashes"})
# a statement's value and what may stand between it and the next marker on its line: a value of three words
# or symbols at most (``18``, ``$18$``, ``18 apples``, ``x = 2``, ``Paris``; a thousands comma inside it),
# then space, emphasis, a comma, an "or" offering the next beside it, and the article or pronoun the next
# marker opens with (``18 The answer is 20``, ``18, Answer: 20``, ``18 or Answer: 20``); a longer run of words
# is a sentence that goes on, read as it reads
_VALUE_BEFORE_MARKER = lazy_compile(
    r"(?P<value>(?:[^\s,;<>]|,(?=\d))+(?:[ \t]+(?:[^\s,;<>]|,(?=\d))+){0,2}?)"
    r"[ \t*_]*(?:[,;][ \t*_]*)?(?:or[ \t*_]+)?(?:(?:the|my|our)[ \t]+)?",
    re.IGNORECASE,
)
# words that make the value before a next marker a clause of its own (a condition, a take-back, a hedge, a
# consequence): "18 if …", "18 no, wait", "18 or", "18 so the answer is 20"
_CLAUSE_WORDS = frozenset(
    "if when unless for no not wait but or and so then thus hence because since would could might rather "
    "actually mean just kidding oops sorry maybe perhaps probably possibly whether assuming than the my "
    "our".split()
)


def _before_next_marker(
    region: str, span: str, start: int, end: int, opened: Sequence[int]
) -> tuple[str, int]:
    """A marker's statement and its end, cut where the next marker on its line opens right after its value
    (``#### 18 #### 20``, ``Answer: 18 Answer: 20``) or a box does (``Answer: 18 \\boxed{20}``): each
    marker states its own value, and two of them with nothing between are a list of candidates, as two
    marker lines are (``Answer: 70\\nAnswer: 72``), never one statement read for its last value.
    ``opened``: where the markers and boxes of ``region`` open, in order."""
    following = bisect.bisect_right(opened, start)
    if following == len(opened) or opened[following] >= end:
        return span, end
    head = _VALUE_BEFORE_MARKER.fullmatch(region, start, opened[following])
    if head is None:
        return span, end
    value = head["value"].rstrip("*_")
    if not any(c.isalnum() for c in value):  # "The answer is $\\boxed{20}$": the math opening the box
        return span, end
    if any(word.strip("*_.!?()").lower() in _CLAUSE_WORDS for word in value.split()):
        return span, end
    return value, start + len(value)


def _answer(text: str, rule: str, start: int, end: int) -> Answer:
    """``Answer(text, rule, start, end)``, filled in one step: a frozen dataclass's generated ``__init__``
    sets each field by ``object.__setattr__``, and every marker's span is one. The same object (equality,
    hashing, replace, pickling); a test checks it."""
    answer = _new_instance(Answer)
    _set_attribute(
        answer, "__dict__", {"text": text, "rule": rule, "start": start, "end": end, "lenient": False}
    )
    return answer


_new_instance = object.__new__
_set_attribute = object.__setattr__


def _markers(region: str, lowered: str, answer_word: bool) -> list[tuple[str, re.Match[str]]]:
    """Every marker of ``region`` (``lowered``: it lower-cased, of the same length; ``answer_word``: whether
    that holds "nswer") with its rule, rule by rule: a list, built in one call where a generator paid a frame
    and a resumption per marker on every completion."""
    found: list[tuple[str, re.Match[str]]] = []
    if answer_word or "esult" in lowered:
        for m in _matches_at(_ANSWER_MARKERS, lowered, _MARKER_STEMS):
            rule = m.lastgroup or "answer_colon"
            if rule == "answer_colon" and _SECTION_BEFORE.search(lowered, max(0, m.start() - 30), m.start()):
                continue  # "**Long answer:** In April …": a section's heading, not the answer's marker
            found.append((rule, m))
    if "#" in region:
        if "####" in region:
            for m in _matches_at(_HASHES, region, ("####",)):
                found.append(("hashes", m))
        if "# Answer" in region or "# answer" in region or "# Final" in region or "#Answer" in region:
            for m in _ANSWER_HEADING.finditer(region):
                found.append(("answer_heading", m))
    if "A:" in region or (not region.isascii() and "A：" in region):
        for m in _a_colon_matches(region):
            found.append(("a_colon", m))
    return found


# the word before "answer:" that names a section of the text rather than its answer ("**Short answer:** 72\n\n
# **Long answer:** In April …"), or another form offered beside the answer ("The answer is 72. Equivalent
# answer: 70.", "Another form of the answer: 74", which the commitment reader weighs as such); "Short
# answer:", "Final answer:", "Numerical answer:" mark the answer
_SECTION_BEFORE = lazy_compile(
    r"\b(?:long|longer|detailed|full|complete|extended|expanded|in-depth|elaborated?|explained|worked|"
    r"alternate|alternative|equivalent|"
    r"(?:alternate|alternative|equivalent|other|another)[ \t]+(?:forms?|versions?)[ \t]+of[ \t]+"
    r"(?:the|this|that|my|our))[ \t]+[*_]*$"
)
# every match of _ANSWER_MARKERS starts on one of these words
_MARKER_STEMS = ("final", "answer", "result")


def _matches_at(pattern: re.Pattern[str], text: str, stems: tuple[str, ...]) -> Iterator[re.Match[str]]:
    """The matches of ``pattern.finditer(text)`` for a pattern whose every match starts on one of ``stems``:
    the pattern is tried only where a stem stands. Tried at every position, an alternation of markers costs
    more than all the rest of grading (45 µs on a 300-character completion, against 1 µs here).

    >>> [m.span() for m in _matches_at(_HASHES, "##### 5 #### 6 ####", ("####",))]
    [(8, 12), (15, 19)]
    """
    starts = sorted({i for stem in stems for i in find_all(text, stem)}) if len(stems) > 1 else None
    end = 0
    for start in starts if starts is not None else find_all(text, stems[0]):
        if start >= end:
            m = pattern.match(text, start)  # \b and look-behinds see the text before start
            if m is not None:
                end = m.end()
                yield m


def _a_colon_matches(region: str) -> Iterator[re.Match[str]]:
    """The matches of ``_A_COLON.finditer(region)``, found from the first colon of each line: no colon can
    stand between a line's start and the colon of ``A:``, so a line's match, when it has one, ends at the
    line's first colon.

    >>> [m.span() for m in _a_colon_matches("A: 3\\nSo A: 4\\n **A** : 5")]
    [(0, 2), (13, 21)]
    """
    for line, colon in _first_colons(region):
        m = _A_COLON.match(region, line)
        if m is not None and m.end() == colon + 1:
            next_line = region.find("\n", m.end()) + 1
            if next_line and _NEXT_OPTION_LABEL.match(region, next_line):
                continue  # "A: 10 km\nB: 11 km": the first of the options listed, no answer
            yield m


# the label of option B opening a line, after a line labelled "A:"
_NEXT_OPTION_LABEL = lazy_compile(r"[ \t*_]*\(?B\)?[*_]*[).:]")


_NUMBER_BODY = "0123456789,./"
_LAST_DIGIT = lazy_compile(r"(?s:.*)\d")
# what precedes the exponent digits of scientific notation ("1.5e+", "-3E", "6.02 x 10^", "2\times10^{");
# not in a word or hex ("0x1e5")
_TIMES_TEN = r"\s*(?:[xX×*·]|\\times|\\cdot)\s*10\s*\^\s*"
_MANTISSA_BEFORE_EXPONENT = lazy_compile(
    rf"(?<![\w.])[-−]?\d+(?:\.\d+)?(?:[eE][-+−]?|{_TIMES_TEN}(?:\{{\s*)?[-+−]?)$"
)
_ORDINAL_SUFFIXES = frozenset({"st", "nd", "rd", "th"})
_WHOLE = lazy_compile(r"(?s).+")
# the "$" that closes inline math after a number, maybe after a trailing row break ("$12 \\$"), a unit in text
# ("$25\\text{ cm}$") or spacing
# math that goes on from a number to the "$" that closes it on the line: "^\\circ$", "\\frac{1}{2}$", "_{8}$"
# ("$120 and $30" is money: words, not math, stand before the next dollar sign)
_MATH_GOES_ON = lazy_compile(r"[ \t]*(?:\^|_|\\[A-Za-z]+|\{)[^$\n]{0,60}?(?<!\\)\$")
_CLOSES_MATH = lazy_compile(
    r"[ \t]*(?:\\[,;: !][ \t]*)*(?:\\(?:text|mathrm|textrm|mbox|rm)\s*\{[^{}$\n]{0,40}\}[ \t]*)?"
    r"(?:\\\\[ \t]*)?\$"
)
# what closes math or emphasis around a number ("$25$", "\\(25\\)", "**25**", "$25\\text{…}$"), and a percent
# sign or word after it ("%", "‰", "‱", "per mille", "basis points", "bp"), closers after it too
_CLOSERS_BEFORE_SIGN = frozenset("$\\*_}")
_PERCENT_AFTER_CLOSERS = lazy_compile(
    r"(?:[ \t]*(?:\$|\\\)|\*{1,2}|_|\}|\\[,;: !]))*[ \t]*(?:\\(?:text|mathrm|textrm|mbox|rm)\s*\{\s*)?"
    r"(?:\\?[%‰‱]|(?i:percent|per[ ]?cent|per[ ]?mille|per[ ]thousand|per[ ]ten[ ]thousand|basis[ ]points?"
    r"|bps?)(?![A-Za-z]))(?:\s*\})?(?:[ \t]*(?:\$|\\\)|\*{1,2}))*"
)
# the opening of the math or emphasis right before a number ("$", "\\(", "**", "$\\mathbf{")
_OPENER_BEFORE = lazy_compile(r"(?:\${1,2}|\\\(|\*{1,2}|_)[ \t]*(?:\\[A-Za-z]+\{)?$")
# "25 per 1000", "25 per 10,000": a count per a power of ten, a percent (the number reader's forms)
_PER_BEFORE = frozenset({" per ", " Per ", " PER "})
_POWER_OF_TEN = lazy_compile(r"10{2,9}|1(?:,000){1,3}|10,000|100,000")
_COUNT_PER = lazy_compile(r"(?<![\w.,])\d+(?:\.\d+)?[ \t]+per[ \t]+$", re.IGNORECASE)
# the letters and caret before the digits of a unit's power ("cm^2", "m^{3}")
_UNIT_POWER = lazy_compile(r"[A-Za-z]+\s*\^\s*\{?\s*$")
# the length units whose power is written glued after them ("m2", "cm3"; not "ft2", which is 5 ft 2 in)
_GLUED_POWER = lazy_compile(r"(?<![A-Za-z])(?:mm|cm|dm|km|yd|mi|m)$")
_SCIENTIFIC = lazy_compile(
    rf"[-−]?\d+(?:\.\d+)?(?:[eE][-+−]?\d+|{_TIMES_TEN}(?:\{{\s*[-+−]?\d+\s*\}}|[-+−]?\d+))"
)


_MATH_TAIL_CHARS = 4000  # the fallback looks at the end of the region only: linear, whatever the input
# "$$", "$" (neither escaped) or "\\(", "\\)", "\\[", "\\]"; written to open on the character it consumes
# first, so the engine skips to the next "$" or backslash instead of trying a look-behind at every position
_MATH_DELIMITER = lazy_compile(r"\$(?<!\\\$)\$?|\\[()\[\]]")
_CLOSER_OF = {"\\(": "\\)", "\\[": "\\]", "$": "$", "$$": "$$"}
# a word of prose in any script: three letters not after a backslash ("the", "answer", "दुकान"; not "\\sqrt",
# "\\frac"), nor a function the math reader knows called on an argument in parentheses ("sin(x) + cos(x)",
# "3*sqrt(13)": the ASCII spelling of a command; "sinus (x)" and "sin (x)" stay words); an ideograph is one on
# its own ("他第一个到达" is no math)
_PROSE_WORD = lazy_compile(
    rf"(?<![\\\w])(?!(?:{'|'.join(sorted(ASCII_FUNCTIONS))})\()[^\W\d_]{{3,}}|[\u3400-\u9fff\uf900-\ufaff]"
)
# a word of two letters or more, in the same sense ("so", "it", "is"; not "\\ln", "exp(x)")
_SHORT_WORD = lazy_compile(rf"(?<![\\\w])(?!(?:{'|'.join(sorted(ASCII_FUNCTIONS))})\()[^\W\d_]{{2,}}")
_WHOLE_EXPRESSION_CHARS = 400
# a word of prose ending the text before a minus sign typed before math ("is -$2$"; not "x -$2$", "5-$2$")
_PROSE_END = lazy_compile(r"(?<![\\\w])[^\W\d_]{2,}$")
_ENVIRONMENT = lazy_compile(r"\\(?:begin|end)\{[a-zA-Z*]{1,20}\}")


# what may stand between math spans of one answer: a list ("$1$, $2$ and $3$") or a hedge ("$a$ or $b$")
_RUN_GAP = lazy_compile(
    r"(?:\s|[,;/]|\\q?quad|\\text\{\s*(?:or|and)\s*\}|(?i:or|and|maybe|possibly|perhaps)\b){0,12}"
)
# or the end of one list item and the bullet of the next, each item nothing but its math ("\\)\n- \\(")
_BULLETED_RUN_GAP = lazy_compile(rf"{_RUN_GAP.pattern}|[ \t.,;]*\n\s*(?:[-*•]|\d{{1,2}}[.)])[ \t]+")


def _sign_before(text: str, at: int) -> bool | None:
    """Whether a minus sign is typed right before the math span opening at ``at`` (``is -$2$``, ``is - $2$``),
    or None when a minus there joins it to something before (``5-$\\sqrt{2}$``, ``x - $2$``)."""
    i = at - 1
    while i > 0 and at - i < 8 and text[i] in "*_ \t":  # spaces, emphasis around the math: "-**$2$**"
        i -= 1
    if i < 0 or text[i] not in "-−":
        return False
    before = text[max(0, i - 40) : i].rstrip(" \t")
    if (not before or before[-1] == "\n") and i + 1 < at:
        return False  # "- $d = 3$" opening a line is a list's bullet
    if not before or before[-1] in "\n(:=*,;[{":
        return True
    # after a word of prose ("is -$2$") a sign; after a number, a single letter or math, a minus
    return True if _PROSE_END.search(before) else None


def _last_math(region: str, gap: re.Pattern[str] = _RUN_GAP) -> list[tuple[str, int, int]]:
    """``(text, start, end)`` of the last math span of ``region`` that nothing numeric follows, preceded by
    the spans a list or hedge gap joins to it (``gap``)."""
    base = max(0, len(region) - _MATH_TAIL_CHARS)
    tail = region[base:]
    marks = [(m.group(), m.start(), m.end()) for m in _MATH_DELIMITER.finditer(tail)]
    # pair from the end: a stray currency "$" earlier in the text does not shift the pairing of the last span
    run: list[tuple[str, int, int]] = []
    next_open = 0  # where the span after this one opens (its delimiter), once there is one
    i = len(marks) - 1
    while i > 0:
        closer, close_start, close_end = marks[i]
        opener, open_start, open_end = marks[i - 1]
        if _CLOSER_OF.get(opener) != closer:
            if run:
                break
            i -= 1
            continue
        if not run and _DIGIT.search(tail, close_end):
            return []  # a number comes after the math: the math is not where the text ends
        text = tail[open_end:close_start].strip()
        if not text or (run and not gap.fullmatch(tail, close_end, next_open)):
            break
        sign = _sign_before(tail, open_start)
        if sign is None:  # "5-$\\sqrt{2}$": the math is the operand of an expression typed around it
            if not run:
                return []
            break
        if sign:
            text = "-" + text  # "The smallest value is -$\\pi/6$": the sign typed before the math is its sign
        run.insert(0, (text, base + open_end, base + close_start))
        next_open = open_start
        i -= 2
    if run or marks:
        return run
    # "x \\geq 5\n\nI hope this helps!": a polite closing line is not part of the expression
    text = _CLOSING_LINES.sub("", region).strip()
    # an environment's name ("\\begin{pmatrix}") is no prose word
    words = _ENVIRONMENT.sub(" ", text) if "\\begin" in text else text
    if not text or len(text) > _WHOLE_EXPRESSION_CHARS or _PROSE_WORD.search(words):
        return []
    if _OPENING_WORD.match(text):
        return []  # "So x = 5": a sentence that opens on a word, read as one (``plain_math``), never "S*o*x"
    if ("\n" in text or ". " in text) and _PLAIN_PROSE_WORD.search(words):
        return []  # "8*9 = 72.\nIs it 70": a second sentence of words ("Is it", "No") is prose, no expression
    start = region.find(text)
    if "\n" in text and _LIST_ITEM.match(text):
        # "1. 5 + 7 = 12\n2. 12 * 2 = 24": worked steps, one equation an item (or lines of equations under
        # one); the last step's result is what the list ends on, never a product of the items and numbers
        items = list(_LIST_ITEM.finditer(text))
        if all("=" in text[m.end() : n.start()] for m, n in pairwise(items)):
            last = text[items[-1].end() :].strip()
            if "=" in last:
                at = start + text.rfind(last)
                return [(last, at, at + len(last))]
    return [(text, start, start + len(text))]


# the number or bullet that opens an item of a list, at the start of a line ("1. ", "2) ", "- ", "* ", "• ")
_LIST_ITEM = lazy_compile(r"^[ \t]*(?:\d{1,2}[.)]|[-*•])[ \t]+", re.MULTILINE)
_FUNCTION_NAMES = "|".join(sorted(ASCII_FUNCTIONS))
# a word of the prose a last sentence written without delimiters opens with: two letters or more, not a
# function the math reader knows ("sin x", "sqrt(2)"), nor the constant "pi", nor "or"/"and" joining values
_PLAIN_PROSE_WORD = lazy_compile(
    rf"(?<![\\\w])(?!(?:{_FUNCTION_NAMES}|pi|or|and)(?![^\W\d_]))[^\W\d_]{{2,}}|[\u3400-\u9fff\uf900-\ufaff]"
)
# the end of the sentence before the last one: a full stop, mark or semicolon before a space, or a line break
_PLAIN_BREAK = lazy_compile(r"[.!?;](?=\s)|\n")
_PLAIN_MATH_CHARS = 160
_PLAIN_TAIL_CHARS = 800
# how the math may open: a letter, a digit, a bracket, a sign, a root or a command
_PLAIN_MATH_START = lazy_compile(r"[A-Za-z\d(\[{|\\√π∞-]|−")
# a letter that is an English word on its own (the article, the pronoun, an option), alone or before a value
_LETTER_WORD = lazy_compile(r"[aAI](?:\s+[\w(]|$)")
# a number and a letter spaced apart: a unit ("5 m", "3 s/m"), not a product
_SPACED_UNIT = lazy_compile(r"\d[ \t]+[A-Za-z](?![A-Za-z(])")
# words after which the math that ends a sentence states a condition, a domain or a reason, not the answer
_PLAIN_CONDITION_WORDS = frozenset(
    "when whenever if unless where wherever for all every each any some provided given assuming since "
    "because as with without except until while whereas than about near around".split()
)
# an alternative set aside in brackets ("-2 (or -3)"): a hedge the math reader would drop
_ALTERNATIVE_ASIDE = lazy_compile(r"[(\[]\s*(?i:or|and|maybe|perhaps|possibly)\b")
# a whole region that opens on a word of prose before its math ("So x = 5", "If x = 3"): a sentence, not a
# product of the word's letters ("S*o*x")
_OPENING_WORD = lazy_compile(
    rf"(?!(?:{_FUNCTION_NAMES}|pi)\b)[^\W\d_]{{2,}}[ \t,:]+(?![-+/^=<>≤≥≠)\s]|\*[\s\d(])"
)


# what may follow the math of a last sentence and say nothing against it: the variables a quantifier binds
# ("y = 2x + 1 for all x", "for every positive integer n"), what a variable stands for ("where x is the number
# of days"), or that it works ("so y = 2x + 1 works"); a condition ("where x > 0") is no such tail
_PLAIN_BOUND_TAIL = lazy_compile(
    r",?[ \t]+(?:for[ \t]+(?:all|every|any|each|some)(?:[ \t]+[A-Za-z-]{2,}){0,3}[ \t]+[A-Za-z]"
    r"(?:[ \t]*(?:,|and)[ \t]*[A-Za-z])*|"
    r"where[ \t]+[A-Za-z][ \t]+(?:is|denotes|represents|stands[ \t]+for)[ \t][^.!?;=<>\n]{1,80}|"
    r"works|holds|is[ \t]+(?:correct|right|the[ \t]+answer))$",
    re.IGNORECASE,
)
_PLAIN_BOUND_WORDS = ("for ", "where ", "works", "holds", "correct", "right", "answer")


def _plain_math(region: str) -> tuple[str, int, int] | None:
    """``(text, start, end)`` of the math after the prose of the region's last sentence, written with no
    delimiters (see ``Candidates.plain_math``)."""
    tail = region[-_PLAIN_TAIL_CHARS:]  # the last sentence and a closing line: the patterns read no more
    text = _CLOSING_LINES.sub("", POLITE_TAIL.sub("", tail)).rstrip(" \t\n*_")
    if not text or text.endswith(("?", "？", "..", "…")):
        return None
    if text[-1] in ".!":
        text = text[:-1].rstrip(" \t*_")
    last = text[-120:].lower()
    if any(word in last for word in _PLAIN_BOUND_WORDS):
        bound = _PLAIN_BOUND_TAIL.search(text, max(0, len(text) - 120))
        if bound is not None:
            text = text[: bound.start()].rstrip(" \t*_")
    breaks = list(_PLAIN_BREAK.finditer(text, max(0, len(text) - 400)))
    start = breaks[-1].end() if breaks else 0
    if len(text) - start > 400 or "$" in text[start:] or "\\(" in text[start:] or "\\[" in text[start:]:
        return None
    words = list(_PLAIN_PROSE_WORD.finditer(text, start))
    if not words and start == 0:
        return None  # the whole region is math: the whole-region reading's case
    if words and words[-1].group().lower() in _PLAIN_CONDITION_WORDS:
        return None  # "y = 2x + 1 for all x", "… when x > 0": the math after it is a condition, no answer
    # "We solve it.\ny = 2x + 1": a last sentence of math alone is read whole
    prose_end = words[-1].end() if words else start
    at = prose_end
    while at < len(text) and text[at] in " \t,:*_=":  # "The total = 5x + 3": the relation a word opens
        at += 1
    math = text[at:]
    if (
        not math
        or (words and at == prose_end)  # "sinus(x)", "abc2": a word glued to what follows is no prose
        or len(math) > _PLAIN_MATH_CHARS
        or not _PLAIN_MATH_START.match(math)
        or _LETTER_WORD.match(math)
        or _SPACED_UNIT.search(math)
        or _ALTERNATIVE_ASIDE.search(math)
        or math.rstrip().endswith((" or", " and", ",", "=", "+", "-"))
    ):
        return None
    offset = len(region) - len(tail)
    return math, offset + at, offset + len(text)


# a word answer: letters, maybe joined by an apostrophe or a hyphen ("don't", "right-angled"), words apart by
# spaces only: a comma or a line break makes a list of them
_WHOLE_PHRASE = lazy_compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*(?:[ \t]+[^\W\d_]+(?:['’-][^\W\d_]+)*)*")
_WHOLE_PHRASE_CHARS = 80
# words that make a phrase a hedge or a choice between answers, not one answer ("maybe yes", "yes or no")
_HEDGING_WORD = lazy_compile(
    r"\b(?:or|and|nor|either|neither|maybe|perhaps|possibly|probably|likely|unlikely|not|think|guess)\b",
    re.IGNORECASE,
)
# closing sentences that say nothing about the answer, on its line or on lines of their own ("I hope this
# helps!", "Let me know if …")
POLITE_TAIL = lazy_compile(rf"(?:(?:(?<=[.!?])[ \t]+|\n\s*)(?i:{POLITE_CLOSING})[^\n]*)+\s*$")
_CLOSING_LINES = lazy_compile(
    rf"(?:\n[ \t]*{POLITE_CLOSING}[^\n]*)+\s*$",
    re.IGNORECASE,
)


# (a ratio of three terms or more, "1:2:3", is read whole: its last terms are no ratio, its last no number)
_TIME_OR_SPACED = lazy_compile(
    r"(?<![\d:.,])(?:\d{1,2}:\d{2}(?::\d{2})?|\d{1,6}(?:\s*:\s*\d{1,6}){1,11}|[1-9]\d{0,2}(?: \d{3})+)$"
)

# digits glued by apostrophes ("60’000", "$1'250.50", "60’00"), as the last number reads them
_APOSTROPHE_JOINED = lazy_compile(r"(?<![\d'’.,])(?:[-−]\s?)?[$€£¥]?(?P<digits>\d+(?:['’]\d+)+)(?:\.\d+)?$")

# digit groups joined by LaTeX's braced comma, spaces allowed in and around the braces: one number when every
# group after the first has exactly three digits ("14 {, }916"; "14 {,} 91" is two numbers)
_BRACE_COMMA = r"\s*\{\s*,\s*\}\s*"
_BRACED_GROUPS = lazy_compile(rf"(?<![\d,.])\d{{1,3}}(?:{_BRACE_COMMA}\d{{3}})+$")
_BRACE_COMMA_BEFORE_GROUP = lazy_compile(rf"(?<=\d){_BRACE_COMMA}(?=\d{{3}}(?!\d))")


# where a closing statement starts: a sentence end, or the end of a display or of a code block
_STATEMENT_BREAK = lazy_compile(r"[.!?](?=\s)|[。！？\n]|\\\]|\$\$|```")
_STATEMENT_CHARS = 400
# the printed output of the code block that ends the text before a statement (ToRA's "```output\n5\n```")
_OUTPUT_BEFORE = lazy_compile(r"```output[ \t]*\n\s*([^\n`]{1,60}?)\s*\n```\s*$")
_RESULT_CHARS = 60
# a calculator note of GSM8K's solutions, written before the result it computes ("$<<0.2*50=10>>10")
_CALCULATOR_NOTE = lazy_compile(r"<<[^<>\n]{0,200}>>")
# what may follow an equation's result before the next statement: one unit, math closers, a full stop (the
# result maybe set in emphasis)
_RESULT_ENDS = lazy_compile(
    r"\s*(?:\*\*?|__?)?[-−]?\$?\d[\d,]*(?:\.\d+)?(?:\*\*?|__?|\$(?=\s))?\s*(?:\\(?:text|mathrm)\s*\{[^{}]{0,30}\}|[A-Za-z%°]{1,12})?"
    r"\s*(?:\\[)\]]|\$\$?)?\s*[.,;:]?\s*(?:\\[)\]]|\$\$?)?\s*"
)
# the statement's last number is its predicate ("… is 3", "… is approximately 3", "= 3") or the total it
# concludes on ("…, for a total of 260 sheep"): it says the answer
_STATED_BY_COPULA = lazy_compile(
    rf"(?:\b(?:is|are|was|were|equals|be|becomes|comes\s+to|total\s+of)[:：]?|=)\s+"
    rf"(?:(?:{APPROXIMATION}|exactly|just)\s+)?[\s$*_(\\]*$",
    re.IGNORECASE,
)


# what makes a closing statement's value a result of its own, not a step told again: "So she has 24 left.", "…
# in total", "… now"
_TOLD_AS_RESULT = lazy_compile(
    r"\b(?:left|remain(?:s|ing)?|in\s+total|total|altogether|in\s+all|all\s+together|overall|in\s+the\s+end|"
    r"now|answer|final(?:ly)?|more|less|fewer|each|per|every)\b",
    re.IGNORECASE,
)
# a closing statement that goes on from the result: "Then she sells 24.", "But she loses 24."
_GOES_ON_OPENING = lazy_compile(
    r"[\s*_>-]*(?:then|but|however|after|next|also|now|finally|if|when|yet|still)\b", re.IGNORECASE
)


def _result_before(text: str) -> Quantity | None:
    """The value the step that ends ``text`` computes: the output of a code block, or the result of an
    equation with nothing but its unit and math closers after it (``\\frac{180}{9} = 20. \\]``)."""
    m = _OUTPUT_BEFORE.search(text)
    if m is not None:
        reading = read_number(m.group(1))
    else:
        if ">>" in text:
            # GSM8K's calculator notes, "0.2 x 50 = $<<0.2*50=10>>10.": the step's result follows the note
            text = _CALCULATOR_NOTE.sub("", text)
        eq = text.rfind("=")
        if eq < 0 or len(text) - eq > _RESULT_CHARS or not _RESULT_ENDS.fullmatch(text, eq + 1):
            return None  # "E(7, 3) = 3 \\), as shown above.": prose after the equation, no result of the step
        # (the result set in emphasis, "= **72** clips.", is read without it)
        reading = read_number(text[eq + 1 :].replace("*", "").replace("__", ""))
    return reading.quantity if reading.status == "value" else None


def _value_of(span: str) -> object:
    reading = read_number(span)
    return reading.quantity.value if reading.quantity is not None else None


def _last_number(region: str) -> re.Match[str] | None:
    # the greedy scan finds the last digit in C; the number around it is then read from a small window
    digit = _LAST_DIGIT.match(region)
    if digit is None:
        return None
    end = digit.end()
    # the whole digit run, however long, stripped in C (a loop a character at a time took 0.15 ms on the
    # 1,500 digits of a repeating decimal written out)
    start = len(region[: end - 1].rstrip(_NUMBER_BODY))
    if start > 0 and end < len(region) and region[start - 1].isalpha() and region[end].isalpha():
        return None  # "AZYUK2A": a digit inside a word is no number
    if start > 1 and region[start - 1] in "'’" and region[start - 2].isdigit():
        # "60’000", "1'250.50": thousands grouped by apostrophes, read whole; digits glued by one in other
        # groups ("60’00") are read whole too, and refused, never as their last group ("00")
        joined = _APOSTROPHE_JOINED.search(region, max(0, start - 40), end)
        if joined is not None and not FEET_INCHES.match(region, joined.start("digits")):
            return joined
    if region[end - 3 : end - 2] == "," and not region[end : end + 1].isdigit():
        # "R$ 1.234,50", "1.234,50 €": the currency of an amount says its comma is the decimal one (two cents
        # after it), and its points group thousands: read whole, never as "234, 50"
        money = _COMMA_CENTS.search(region, max(0, start - 4), min(len(region), end + 2))
        if money is not None and money.end() == end:
            return money
    if region[start:end].isdigit():  # maybe the exponent of "1.5e+20": the number is all of it, not "20"
        mantissa = _MANTISSA_BEFORE_EXPONENT.search(region, max(0, start - 64), start)
        if mantissa is not None:  # room for the closing brace of "10^{23}"
            return _SCIENTIFIC.match(region, mantissa.start(), min(len(region), end + 8))
        if "^" in region[max(0, start - 4) : start]:  # maybe the power of "501 cm^2": the number is 501
            power = _UNIT_POWER.search(region, max(0, start - 16), start)
            if power is not None and unit_at_start(" " + region[power.start() : end + 1]) is not None:
                before = _last_number(region[: power.start()])
                # the unit must follow that number, with only presentation between ("*50176* cm^2")
                if before is not None and not region[before.end() : power.start()].strip(" \t*_$"):
                    return before
        if region[start:end] in ("2", "3") and region[start - 1 : start].isalpha():
            # maybe the power of "72m2", "27 cm3": a length squared or cubed, its exponent written on the line
            power = _GLUED_POWER.search(region, max(0, start - 3), start)
            if power is not None and not region[end : end + 1].isalnum():
                before = _last_number(region[: power.start()])
                if before is not None and not region[before.end() : power.start()].strip(" \t*_$"):
                    return before
        if "{" in region[max(0, start - 8) : start]:  # "14 {,} 916": LaTeX's thousands separator, spaced
            grouped = _BRACED_GROUPS.search(region, max(0, start - 80), end)
            if grouped is not None:
                return grouped
        # "12:30" is a time and "1 000" a number grouped by spaces, not "30" and "000"
        whole = _TIME_OR_SPACED.search(region, max(0, start - 40), end)
        if whole is not None and whole.end() == end and not _instruction_colon(region, whole):
            return whole
    # (room after the last digit for "%", " per thousand" and " per ten thousand")
    matches = list(_LAST_NUMBER.finditer(region, max(0, start - 4), min(len(region), end + 20)))
    if not matches:
        return None
    last = matches[-1]
    at = last.start()
    bullet = _BULLET.match(region, at) if region[at] == "-" else None
    if bullet is not None and not region[region.rfind("\n", 0, at) + 1 : at].strip(" \t"):
        # "Values:\n- 70": a dash and a space opening a line are a list's bullet, no minus sign
        unsigned = _LAST_NUMBER.match(region, bullet.end(), last.end())
        if unsigned is not None:
            last, at = unsigned, unsigned.start()
    if region[at] in "-−–" and region[at - 1 : at].isdigit():
        # "18-20 people", "25-5": a dash between two numbers joins them (a range, a difference), it signs
        # neither
        unsigned = _LAST_NUMBER.match(region, at + 1, last.end())
        if unsigned is not None:
            last, at = unsigned, at + 1
    if (
        region[at] == "$"
        and region[at - 1 : at] != "\\"
        and (_CLOSES_MATH.match(region, last.end()) or _MATH_GOES_ON.match(region, last.end()))
    ):
        # "$13$" is inline math around 13, not 13 dollars ("$13", "costs $13." and "$\\$13$" still are; so is
        # "$25\\%$" and "$25\\text{ cm}$", a sign or a unit before the math closes, and "$120^\\circ$", math
        # that goes on from the number to its close)
        return _LAST_NUMBER.match(region, at + 1, last.end())
    if region[at - 5 : at] in _PER_BEFORE and _POWER_OF_TEN.fullmatch(region, at, last.end()):
        # "25 per 1000" is 2.5 %, "25 per 10,000" 0.25 %: the count and the power of ten it is per are one
        # number, as the number reader reads them; a rate over a unit ("12 per 100 km") is no percent
        count = _COUNT_PER.search(region, max(0, at - 40), at)
        if count is not None and unit_at_start(region[last.end() : last.end() + 40]) is None:
            return _WHOLE.match(region, count.start(), last.end())
    if (
        region[last.end() : last.end() + 2] in _ORDINAL_SUFFIXES
        and not region[last.end() + 2 : last.end() + 3].isalpha()
    ):
        # "in 2nd place": the ordinal is read whole, so a wrong suffix ("3th") is no number
        return _WHOLE.match(region, at, last.end() + 2)
    return last


# a list's bullet opening a line: a dash, a star, a plus or a bullet sign, then a space ("- 70", "* 70")
_BULLET = lazy_compile(r"[ \t]*[-*+•‣◦][ \t]+(?=\S)")
# ... or a Markdown quote's marker opening a line ("> 72")
_BULLET_OR_QUOTE = lazy_compile(r"[ \t]*[-*+•‣◦>][ \t]+(?=\S)")


# an operand, its colon and the result after a space: "Subtract 4 from 28: 24" (a ratio is "3:2", "3 : 2")
_OPERAND_COLON = lazy_compile(r"\d{1,6}:[ \t]+\d{1,6}")
_WORD_BEFORE = lazy_compile(r"\b([^\W\d_]+)[ \t]+$")
_HEADING_WORD = lazy_compile(
    r"\b(?i:day|week|month|year|hour|minute|second|page|floor|lap|round|row|seat|room|house|chapter|step|level|"
    r"part|case|item|box|question|problem|option|group|team|stage|phase|trial|game|test|no|number)[ \t]+$"
)
_BEFORE_RATIO_OR_TIME = frozenset(
    "is are was were be been being equals equal at by until till from to in into around about".split()
)
_RATIO_WORD = lazy_compile(r"(?i:ratio|odds|proportion|scale|rate|mix|versus|vs)|\b\w+[ \t]+to[ \t]+\w+")
# where the sentence a step states opens: a line break, or a full stop before a space
_SENTENCE_OPENS = lazy_compile(r".*(?:\n|[.!?;](?=\s))", re.DOTALL)


def _instruction_colon(region: str, whole: re.Match[str]) -> bool:
    """Whether the spaced pair ``whole`` is an instruction's last operand and the result its colon gives
    (``Subtract 4 from 28: 24``, ``Then multiply by 2: 24``), not a ratio or a time: the sentence before it
    tells the reader to operate (:func:`instruction_before`)."""
    if not _OPERAND_COLON.fullmatch(whole.group()):
        return False
    lo = max(0, whole.start() - 120)
    opens = _SENTENCE_OPENS.match(region, lo, whole.start())
    prefix = region[opens.end() if opens is not None else lo : whole.start()]
    if instruction_before(prefix) is not None:
        return True
    # "Half of 48: 24", "After adding 5: 24", "Twice 12: 24": a label that ends on an operand, after a word
    # that neither states a ratio or a time ("is 3: 2", "at 3: 30") nor names a place in a list ("Day 2: 24"),
    # in a sentence naming no ratio
    word = _WORD_BEFORE.search(prefix)
    return (
        word is not None
        and word[1].lower() not in _BEFORE_RATIO_OR_TIME
        and _HEADING_WORD.search(prefix) is None  # "Day 2: 24", "Part 2: 70": a list's heading, as before
        and _RATIO_WORD.search(prefix) is None
    )


def _last_number_words(region: str, after: int) -> tuple[int, int] | None:
    """Where the last spelled-out number of ``region`` lies, when it comes after position ``after`` (the end
    of the last number in digits). A lone "a", "an" or "one" is an article or a pronoun, not a number. In
    the sentence of the last number in digits, a number said in words after it is the last number only in a
    clause that concludes (``… for each of 3 classes, so she needs seventy-two cookies.``, ``…, and there are
    sixteen pieces.``) and names no group of the things counted (``so all three …``, ``so two of them …``):
    elsewhere it is part of the number's own quantity (``3 and a half``, ``1.5 dozen``, ``72 below zero``),
    restates it (``15 (fifteen)``, ``90 minutes, that is, one and a half hours``) or describes (``12
    sequences that meet the three given conditions``, ``$120 over six weeks``)."""
    base = max(0, len(region) - 2000)
    sentence_end = -1
    if after:
        stops = [i for i in (region.find(c, after) for c in ".!?\n") if i >= 0]
        sentence_end = min(stops) if stops else len(region)
        base = max(base, after)
    last = None
    for m in WORDS_RE.finditer(region, base):
        text = m.group().strip()
        if text.lower() in ("a", "an", "one", "half") or parse_words(text) is None:
            continue
        if m.end() < len(region) and (region[m.end()] == "-" or region[m.end()].isalpha()):
            continue
        if m.start() < sentence_end and (
            _WORDS_CONCLUDED.search(region, after, m.start()) is None
            or _GROUP_NAMED_BEFORE.search(region, max(after, m.start() - 24), m.start())
            or _GROUP_NAMED_AFTER.match(region, m.end())
        ):
            continue
        last = m
    return (last.start(), last.end()) if last is not None else None


# a clause that concludes, between the last digits of a sentence and a number said in words after them: "…,
# so (in all) she …", "…, and there are …", "…, which makes …", "… for a total of …"
_WORDS_CONCLUDED = lazy_compile(
    r"[,;]?[ \t]*\b(?:so|thus|hence|therefore|altogether|in[ \t]+(?:all|total)|"
    r"(?:which|that)[ \t]+(?:makes|gives)|"
    r"giving|making|for[ \t]+a[ \t]+total[ \t]+of|there[ \t]+(?:are|is|were|was))\b",
    re.IGNORECASE,
)
# what makes a number word in such a clause name a group of what is counted rather than state a value: a
# determiner or quantifier before it ("so all three", "so the two", "of the two", "the team's five"), or
# "of", a comparison or an alternative after it ("two of them", "two more than", "three times", "two or
# three")
_GROUP_NAMED_BEFORE = lazy_compile(
    r"(?:\b(?:the|these|those|this|that|all|both|each|every|its|his|her|their|our|my|your|of|per|first|last|"
    r"next|other|another|only|any|same|which|whose)|['’]s)[ \t]+$",
    re.IGNORECASE,
)
_GROUP_NAMED_AFTER = lazy_compile(
    r"[ \t]+(?:of|more|less|fewer|times|fold|percent|per\s*cent|out\s+of|or)\b|[ \t]*%", re.IGNORECASE
)


def _compound(region: str, start: int, end: int) -> tuple[int, int]:
    """The span of the compound quantity that ends with the number at ``start:end`` (``2 hours 30 minutes``
    for the ``30``, its unit included), or the number's own span when it stands alone."""
    if not _may_end_compound(region, start):
        return start, end
    return _compound_scanned(region, start, end)


def _may_end_compound(region: str, start: int) -> bool:
    """Whether the number at ``start`` can end a compound quantity or follow a sign word: only when what
    stands before it, past the glue (``, and``), ends as a unit ends (``2 hours 30``), on a digit (``$5 and
    50 cents``: the dollar sign stood before the 5) or on ``negative``/``minus``. Most last numbers follow
    ``is``, ``=`` or ``>>``, and reading every quantity of the 80 characters before them cost more than
    the rest of grading."""
    before = region[max(0, start - 80) : start].rstrip()  # the window _compound_scanned reads
    if before[-3:].lower() == "and" or before[-1:] == ",":
        before = _GLUE_AT_END.sub("", before).rstrip()
    last = before[-1:]
    if not last or last.isdigit():
        return bool(last)
    if last.isalpha():
        # the run of letters that ends the text, searched for where it can start: a run longer than every
        # unit's last word is none of them, and a search from the window's start tried each position
        word = _LAST_LETTERS.search(before, max(0, len(before) - _LONGEST_END_WORD - 1))
        return word is not None and word.group().lower() in _COMPOUND_END_WORDS
    return last in _COMPOUND_END_CHARACTERS


_GLUE_AT_END = lazy_compile(r"(?:,|\band|,\s*and)\s*$", re.IGNORECASE)
_LAST_LETTERS = lazy_compile(r"[^\W\d_]+$")
# the last word of every unit's spelling ("hours", "oz" of "fl oz"), and the sign words before a number
_COMPOUND_END_WORDS = frozenset(
    {m.group().lower() for spelling in UNITS if (m := _LAST_LETTERS.search(spelling)) is not None}
    | {"negative", "minus"}
)
_LONGEST_END_WORD = max(map(len, _COMPOUND_END_WORDS))
# what a unit's spelling or a temperature's ends with when not a letter ("HK$", "¢", "\\text{C}")
_COMPOUND_END_CHARACTERS = frozenset(
    {spelling[-1] for spelling in UNITS if spelling and not spelling[-1].isalnum()} | {"}"}
)


def _compound_scanned(region: str, start: int, end: int) -> tuple[int, int]:
    """:func:`_compound` by reading every quantity of the 80 characters before the number."""
    lo = max(0, start - 80)
    window = region[lo : min(len(region), end + 20)]
    found = list(scan(window))
    at = next((k for k, item in enumerate(found) if item.start <= start - lo < item.end), None)
    if at is None:
        return start, end
    if found[at].start < start - lo and window[found[at].start : start - lo].strip().isdigit():
        # "3 1/2 cups": the fraction is the part of a mixed number, read whole
        return lo + found[at].start, max(end, lo + found[at].end)
    mixed = _MIXED_AND.match(window, found[at - 1].start) if at else None
    if mixed is not None and mixed.start(2) == start - lo and _mixed_number(mixed) != mixed[0]:
        return lo + mixed.start(), max(end, lo + mixed.end())  # "3 and 1/2 cups": a proper fraction after
    for i in range(max(0, at - 4), at):
        combined = combine_compound(window, found[i:])
        if combined is not None and combined[1] >= found[at].end:
            return lo + _signed_start(window, found[i].start), lo + combined[1]
        run_end = unit_run_end(window, found[i:])
        if run_end >= found[at].end:
            # "30 minutes and 2 hours", "2 hours 75 minutes": one dimension in different units that make no
            # compound; the number is read with the run, which says whether it states one value or several
            return lo + _signed_start(window, found[i].start), lo + run_end
    said = window[found[at].start : start - lo].strip().lower()
    if said in ("negative", "minus") and found[at].end == end - lo:
        return lo + found[at].start, end  # "negative 72": the sign said in words belongs to the number
    return start, end


def _signed_start(text: str, start: int) -> int:
    """Where a compound starting at ``start`` starts once a minus glued to it, after a space, is read with it
    (``is -5 dollars and 50 cents``: the scanner takes a minus after a word for an operator; the compound's
    sign is the whole compound's)."""
    if start > 0 and text[start - 1] in "-−" and (start == 1 or text[start - 2] in " \t\n("):
        return start - 1
    return start


def _boxes(region: str, base: int) -> list[Answer]:
    out = []
    # past a few boxes, match every brace of the region in one pass: scanning from each opener is quadratic
    # when boxes nest ("\\boxed{" * 10_000 took 20 s)
    pairs = _brace_pairs(region) if region.count("\\boxed") + region.count("\\fbox") > 8 else None
    for opener in _BOX_OPENERS:
        i = region.find(opener)
        while i >= 0:
            j = i + len(opener)
            k = j
            while k < len(region) and region[k] in " \t":
                k += 1
            if k < len(region) and region[k] == "{":
                end = _matching_brace(region, k) if pairs is None else pairs.get(k)
                if end is not None:
                    content = region[k + 1 : end].strip()
                    if content.endswith("\\\\"):  # \boxed{12 \\}: a row break that ends nothing
                        content = _TRAILING_ROW_BREAKS.sub("", content).rstrip()
                    out.append(Answer(content, "boxed", base + i, base + end + 1))
            elif k > j:  # "\boxed 5": the next token is the argument
                m = re.match(r"[^\s$]+", region[k:])
                if m:
                    out.append(Answer(m.group(), "boxed", base + i, base + k + m.end()))
            i = region.find(opener, j)
    if len(out) > 1:
        # a box inside another is part of the outer one's statement ("\\boxed{\\boxed{72} \\text{ or } 70}"
        # states "72 or 70"): only the outermost boxes are answers
        spans = sorted((a.start, a.end) for a in out)
        outer: list[tuple[int, int]] = []
        for start, end in spans:
            if not outer or start >= outer[-1][1]:
                outer.append((start, end))
        kept = set(outer)
        out = [a for a in out if (a.start, a.end) in kept]
    return out


_TRAILING_ROW_BREAKS = lazy_compile(r"(?<!\\)(?:\\\\\s*)+$")
# a brace after an even run of backslashes is a brace: the "}" of "{12 \\\\}" closes after a row break
_UNESCAPED_BRACE = lazy_compile(r"(?<!\\)(?:\\\\)*[{}]")


def _brace_pairs(text: str) -> dict[int, int]:
    """Every ``{`` of ``text`` that :func:`_matching_brace` would match, with its ``}``, in one pass."""
    pairs: dict[int, int] = {}
    stack: list[int] = []
    for m in _UNESCAPED_BRACE.finditer(text):
        k = m.end() - 1
        if text[k] == "{":
            stack.append(k)
        elif stack:
            start = stack.pop()
            if k - start < 4 * MAX_SPAN_CHARS:  # the same reach as _matching_brace
                pairs[start] = k
    return pairs


def _matching_brace(text: str, open_at: int) -> int | None:
    depth = 0
    k, stop = open_at, min(len(text), open_at + 4 * MAX_SPAN_CHARS)
    while k < stop:
        c = text[k]
        if c == "\\":
            k += 2  # an escaped character, "\\}" or the second backslash of a row break "\\\\"
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return k
        k += 1
    return None


_FACTORIAL_THEN_STOP = lazy_compile(r"[\d)}]!\.?\s*$")


_TABLE_CELL = lazy_compile(r"[ \t]*\|[ \t]*([^|\n]*?)[ \t]*\|[ \t]*")
_TEXT_CLOSE = lazy_compile(r"[ \t:]*\}")
_TEXT_OPEN = lazy_compile(r"\\(?:text|textbf|mathrm|mbox|textrm)\s*\{[^{}]*$")
# the brace that closes a \\text and, with it, the math it stands in ("$\\text{the answer is 72}$")
_TEXT_ENDS_MATH = lazy_compile(r"\}[ \t.]*(?:\$\$?|\\\)|\\\])")


# a matrix environment opened in an answer's line
_OPENS_MATRIX = lazy_compile(r"\\begin\s*\{([pbvBV]?matrix|array)\}")


# words alone after a marker that say how far the value after them holds: a negation, a hedge, a bound
_QUALIFIER_WORD = (
    r"(?:not|never|probably|maybe|perhaps|possibly|likely|unlikely|approximately|about|around|roughly|nearly|"
    r"almost|at\s+(?:least|most)|(?:no\s+)?(?:more|less|fewer)\s+than|over|under|below|above|up\s+to)"
)
_QUALIFIER_ALONE = lazy_compile(
    rf"[ \t*_]*(?i:{_QUALIFIER_WORD}(?:[ \t]+{_QUALIFIER_WORD})*)[ \t*_]*[:：,]?[ \t*_`$\\\[(]*"
)


# the tag that closes an answer block ends the statement inside it: "<answer>The answer is 18</answer>"
_CLOSING_TAG = lazy_compile(r"</(?:answer|solution|final)\b", re.IGNORECASE)


def _before_closing_tag(region: str, start: int, end: int) -> int:
    """``end``, or where a tag closing an answer block between ``start`` and ``end`` opens."""
    tag = region.find("</", start, end)
    if tag < 0:
        return end
    m = _CLOSING_TAG.search(region, tag, end)
    return end if m is None else m.start()


def _marker_span(region: str, at: int, tagged: bool = True) -> tuple[str, int, int]:
    """The answer text after a marker: the rest of its sentence, or the next non-empty line when the
    marker ends its line (``**Final Answer**\\n\\n$$18$$``).

    A sentence is read within :data:`_MARKER_WINDOW` characters of its start: a longer one is past
    ``MAX_SPAN_CHARS`` and unreadable anyway. With :data:`MAX_MARKERS` it bounds the work on a line of
    thousands of markers ("####x####x..."), where each marker used to rescan the rest of the line (30 s
    on 64 kB). ``tagged``: False when the caller knows the region holds no ``</`` (no closing tag of an
    answer block ends the statement).
    """
    window_end = min(len(region), at + _MARKER_WINDOW)
    nl = region.find("\n", at, window_end)
    line_end = window_end if nl < 0 else nl
    if tagged and region.find("</", at, line_end) >= 0:
        line_end = _before_closing_tag(region, at, line_end)
    rest = region[at:line_end]
    # digits alone after the marker, and a full stop at most ("A: 72", "#### 18."): the span every reader
    # below would give, at once
    digits = rest.strip(" \t")
    if digits[-1:] == ".":
        digits = digits[:-1]
    if digits.isdecimal() and digits.isascii() and len(digits) <= _DIGITS_AT_ONCE:
        s = at + rest.index(digits)
        return digits, s, s + len(digits)
    # a marker in a table's header cell ("| Final answer |\n|---|\n| 72 |"): its value is the cell below
    table = rest.strip(" \t*_:：") == "|"
    if table:
        rest = ""
    # "The answer is not\n\n$$72$$", "Final answer: probably\n72": words that qualify a value, alone on the
    # marker's line, qualify the one on the next line; the span holds both
    # (a line that ends on a digit, as most do, holds its value: no pattern tried)
    qualified_from = -1 if rest[-1:].isdigit() or not _QUALIFIER_ALONE.fullmatch(rest) else at
    value_line = 0
    if qualified_from >= 0 or not rest.strip(" \t*_:：#`$\\[]()"):
        if nl < 0:  # the line goes on past the window (or the region ends here)
            nl = region.find("\n", window_end)
        while True:
            if nl < 0:
                return "", at, at
            nxt = nl + 1
            window_end = min(len(region), nxt + _MARKER_WINDOW)
            nl = region.find("\n", nxt, window_end)
            line_end = window_end if nl < 0 else nl
            if tagged and region.find("</", nxt, line_end) >= 0:
                line_end = _before_closing_tag(region, nxt, line_end)
            if region[nxt:line_end].strip(" \t*_`$\\[]()" + ("|:-" if table else "")):
                at = nxt if qualified_from < 0 else qualified_from
                rest = region[at:line_end]
                bullet = _BULLET_OR_QUOTE.match(rest) if qualified_from < 0 else None
                # "Answer:\n- 70": a list's bullet, no minus sign; "Here's the answer:\n\n> **72 clips**": a
                # quote's marker, nothing before it to compare, no bound
                if bullet is not None:
                    at, rest = at + bullet.end(), rest[bullet.end() :]
                # the sentence of a qualified value is read from the value's line: the breaks before it
                # are no sentence end
                value_line = nxt - at
                cell = _TABLE_CELL.fullmatch(rest) if table else None
                if cell is not None:
                    at, rest = nxt + cell.start(1), cell[1]
                break
            if line_end >= len(region):
                return "", at, at
            if nl < 0:
                nl = region.find("\n", window_end)
    closing = _TEXT_CLOSE.match(rest)
    if closing is not None and _TEXT_OPEN.search(region, max(0, at - 40), at):
        # "$\\text{Answer: } 72$": the brace closes the \\text the marker stands in, and says nothing
        at += closing.end()
        rest = rest[closing.end() :]
    elif "}" in rest:
        ended = _TEXT_ENDS_MATH.search(rest)
        if (
            ended is not None
            and "{" not in rest[: ended.start()]
            and _TEXT_OPEN.search(region, max(0, at - 200), at)
        ):
            # "$\\text{the answer is 72}$": a marker written in text in math is a marker, and its statement
            # ends where the \\text it stands in closes the math
            rest = rest[: ended.start()]
    # "The answer is\n$$\\begin{pmatrix}\n2 \\\\\n5\n\\end{pmatrix}$$": a matrix opened on the line runs to
    # its \\end, lines and all, and the sentence goes on after it
    kept = value_line
    opened = _OPENS_MATRIX.search(rest) if "\\begin" in rest else None
    if opened is not None and f"\\end{{{opened[1]}}}" not in rest:
        closer = f"\\end{{{opened[1]}}}"
        close = region.find(closer, at + opened.end(), min(len(region), at + _MARKER_WINDOW))
        if close >= 0:
            kept = close + len(closer) - at
            nl = region.find("\n", at + kept, at + _MARKER_WINDOW)
            rest = region[at : at + _MARKER_WINDOW if nl < 0 else nl]
    # "The answer is 0.333...": the dots after a repeating period belong to the number, no trailing off
    dotted = _DOTTED_DECIMAL.search(rest) if "..." in rest or "…" in rest else None
    if dotted is not None and writes_repeating_decimal(dotted.group()):
        kept = max(kept, dotted.end())
        if _NEW_SENTENCE.match(rest, kept):  # "0.333... Let me know …": the dots end the sentence too
            rest = rest[:kept]
    else:
        dotted = None
    # every match of _SENTENCE_END holds one of ".!?;" (rest holds no line break), and a factorial its "!":
    # most spans ("A: 224") hold none, and skip both scans
    stops = "." in rest or "!" in rest or "?" in rest or ";" in rest
    for stop in _SENTENCE_END.finditer(rest, kept) if stops or kept else ():
        # "$3!\\cdot 2!$": a "!" inside math is a factorial, not the end of the sentence
        if rest[stop.start()] == "!" and rest.count("$", 0, stop.start()) % 2 == 1:
            continue
        rest = rest[: stop.start()]
        break
    stripped = rest.strip(" \t*_`").rstrip(".,;:!?*_ ")
    if "!" in rest and _FACTORIAL_THEN_STOP.search(rest):
        stripped += "!"  # "The answer is 10!." : a factorial before the full stop, not an exclamation
    if not stripped:
        # "Answer: ???": question marks in place of the value commit to none (as "\\boxed{???}" does); one
        # mark asks ("The answer is?")
        unknown = _UNKNOWN_MARKS.match(region, at)
        if unknown is not None:
            return unknown[1], unknown.start(1), unknown.end(1)
        return "", at, at
    s = rest.find(stripped)
    if dotted is not None and s <= dotted.start() < s + len(stripped) < dotted.end():
        stripped = rest[s : dotted.end()]
    if len(stripped) > 12 and ("at" in stripped or "when" in stripped or "for" in stripped):
        # "The minimum is $-\\frac94$, attained at $x = \\frac32$": the statement ends on its value, the math
        # after it names where the value is attained (read with the words before it: "the minimum is")
        lo = max(0, at + s - 200)
        attained = attained_at_end(region[lo : at + s + len(stripped)])
        if attained is not None and lo + attained > at + s:
            stripped = stripped[: lo + attained - at - s]
    return stripped, at + s, at + s + len(stripped)


# question marks written where a marker's value goes, the rest of its line aside ("Answer: ???")
_UNKNOWN_MARKS = lazy_compile(r"[ \t*_`:]*(\?{2,}|？{2,})[ \t*_`.!]*(?=\n|$)")


# --- reading a value out of a span -------------------------------------------------------------------

_LATEX_WRAPPERS = lazy_compile(r"\\(?:text|textbf|mathrm|mathbf|textrm|mbox|boxed|fbox)\s*\{([^{}]*)\}")
_SPAN_NOISE = lazy_compile(
    r"(?<!\\)\\[()\[\]]|\$\$|(?<![\w)])\*\*|\*\*(?![\w(])|__|`|(?<!\\)\\[!;:, ]"
    r"|\\left(?![a-z])|\\right(?![a-z])|\\displaystyle"
)
_STRAY_BACKSLASH = lazy_compile(r"(?<!\\)\\(?=\d)")
_VULGAR_VALUES = {
    "½": "1/2",
    "⅓": "1/3",
    "⅔": "2/3",
    "¼": "1/4",
    "¾": "3/4",
    "⅕": "1/5",
    "⅖": "2/5",
    "⅗": "3/5",
    "⅘": "4/5",
    "⅙": "1/6",
    "⅚": "5/6",
    "⅛": "1/8",
    "⅜": "3/8",
    "⅝": "5/8",
    "⅞": "7/8",
}
_VULGAR = lazy_compile(r"(\d?)\s*([" + "".join(_VULGAR_VALUES) + "])")


# a numeral's base written after it: subscript digits ("72₈"), "(in base 8)", "base-8", "in octal": the base
# subscript the math reader reads ("72_{8}" is 58), never the numeral's digits read as decimal
_SUBSCRIPT_DIGITS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
_SUBSCRIPT_BASE = lazy_compile(r"(?<=[\d.])\s*([₀₁₂₃₄₅₆₇₈₉]{1,2})(?![₀₁₂₃₄₅₆₇₈₉])")
_BASE_WORDS = {"binary": "2", "ternary": "3", "octal": "8", "decimal": "10", "hexadecimal": "16", "hex": "16"}
_SAID_BASE = lazy_compile(
    r"(?<=[\d.])\s*,?\s*(?P<open>\()?\s*(?:(?:in|as\s+a)\s+)?(?:base[\s-]*(?P<n>\d{1,2})"
    r"|(?P<word>binary|ternary|octal|hexadecimal|hex)(?:\s+(?:notation|number|numeral|form))?)"
    r"(?:\s+(?:notation|number|numeral|form|system))?(?(open)\s*\))(?![\w-])",
    re.IGNORECASE,
)


def _said_base(m: re.Match[str]) -> str:
    return "_{" + (m["n"] or _BASE_WORDS[m["word"].lower()]) + "}"


def _vulgar_fraction(m: re.Match[str]) -> str:
    # "3½" and "3 ½" are the mixed number 3 1/2; a lone "½" is 1/2
    return f"{m.group(1)} {_VULGAR_VALUES[m.group(2)]}" if m.group(1) else _VULGAR_VALUES[m.group(2)]


_ESCAPED_QUOTE = lazy_compile(r'(?<!\\)\\"(?![A-Za-z{])')
# an ordinal suffix raised after the digits: "5^{\\text{th}}", "3^{rd}", "1^\\text{st}", "2^{\\mathrm{nd}}"
_ORDINAL_SUPERSCRIPT = lazy_compile(
    r"(?<=\d)\s*\^\s*(?:\{\s*)?(?:\\(?:text|mathrm|textrm|rm)\s*\{?\s*)?(st|nd|rd|th)\b\s*(?:\}\s*){0,2}"
)
_THOUSANDS_BANG = lazy_compile(r"(?<=\d),\s*\\!\s*(?=\d{3})")
_DOLLAR = lazy_compile(r"(?<!\\)\$")
# "18 dollars/day" is a rate, "48 / 2" and "16 - 3" are arithmetic, and so is "72 − 2" with any minus sign
# (U+2212, the figure dash, the small and full-width hyphen-minus); an en or em dash between numbers is a
# range ("72–74"), read as a hedge
_OPERATOR_GAP = lazy_compile(
    r"\s*(?:[=+*×÷^·<>≤≥≠|]|\\cdot|\\times|\\div|\\[lg]e|\\[lg]t|\\ne|[-−‒﹣－]|/\s*[\d(\\])"
)
# "2x", "2 x", "3\\sqrt{2}", "2^{10}", "5(x+1)", "5!": the number starts an expression (a lone letter after
# a space is a variable, except the words "a", "A" and "I")
# (a letter alone is a variable: one that opens a word of any script, "12 Mädchen", "18 dólares", is none; a
# Greek letter alone, π spaced or not, is a constant or a variable: "12 π" is no 12)
_MATH_CONTINUES = lazy_compile(
    r"[A-Za-z(\[{^_!]|\s*\\[A-Za-z]|\s+(?![aAI]\b)[A-Za-z](?![^\W\d_]|')|\s*[π∞√]|\s+[\u0391-\u03a9\u03b1-\u03c9](?![^\W\d_])"
)
# "12/x", "1/sqrt(3)", "1/e", "3/sin(x)": a number divided by a variable, a constant or a function is an
# expression; "72/h", "$5/kg", "12/person" divide by a unit and stay for the unit readers (a rate)
_DIVISOR_SYMBOL = lazy_compile(
    r"\s*/\s*(?:(?:sqrt|sin|cos|tan|sec|csc|cot|sinh|cosh|tanh|ln|log|exp|pi|arcsin|arccos|arctan|abs)"
    r"(?![^\W\d_])|(?P<letter>[A-Za-zα-ωΑ-Ω])(?![^\W\d_]))"  # "72元/人" (per person) is a rate
)


def _divided_by_symbol(gap: str) -> bool:
    """Whether ``gap`` (what follows a number) divides it by a variable, a constant or a function: a single
    letter that is no unit's symbol (``x``, ``n``, ``e``, ``π``; ``s`` and ``h`` are units), or a function's
    or constant's name.

    >>> [_divided_by_symbol(g) for g in ("/x", " / sqrt(3)", "/e", "/π", "/h", "/hour", "/person", "/2")]
    [True, True, True, True, False, False, False, False]
    """
    m = _DIVISOR_SYMBOL.match(gap)
    return m is not None and (m["letter"] is None or lookup_unit(m["letter"]) is None)


_MATH_AFTER = lazy_compile(r"\\(?:frac|sqrt|pi|cup|cap|infty|pm|cdot|times|begin)\b|[\^_{}]")
# what stands between two values that hedge or list answers ("3 or 4", "3, 4"), or bound a range ("72 to 74",
# "72 up to 74", "72 through 74", "72 till 74", and the tilde of "72~75", "72〜75", "72～75", the range sign
# of East Asian text; a tilde before a value alone, "~72", is an approximation): no single value
_HEDGE_GAP = lazy_compile(
    r"\s+|\s*\(?\s*(?:,?\s*(?:or|and|to|up\s+to|up\s+until|through|thru|till|until)\b|,|/|;|–|—|~|〜|～|\\pm|±)"
    r"\s*(?:(?:maybe|possibly|perhaps|else|even)\s+)?",
    re.IGNORECASE,
)
# "x + 5", "\\sqrt{2", "2^{": the number is an operand of math this reader does not evaluate
# What may stand before the answer number: words ("approximately", "a total of") and one "name ="; not
# operators, relations, brackets or commands ("x + 5", "0 < x", "(3, \\frac{\\pi}{2})", "\\sqrt{2}")
# (a superscript or a root sign is math: "x² = 72" states x², not 72)
_PLAIN_PREFIX = lazy_compile(
    r"[^\d+*/^_<>=≤≥≠|!\\()\[\]{}×÷·−–±∓\u00b2\u00b3\u00b9\u2070-\u209f√∛∜-]*(?:=\s*)?"
)


def _unbalanced(text: str) -> bool:
    return text.count("(") + text.count("[") != text.count(")") + text.count("]")


ReadStatus = Literal["value", "none", "unparseable", "ambiguous"]


@dataclass(frozen=True)
class Reading:
    """What one span says: a value, nothing answer-like, something uninterpretable, or a hedge."""

    status: ReadStatus
    quantity: Quantity | None = None
    node: Node | None = None
    choice: str | None = None
    text: str = ""
    why: str = ""


def _value_reading(quantity: Quantity, text: str) -> Reading:
    """``Reading("value", quantity, text=text)``, filled in one step as :func:`_answer` fills an answer: a
    first sight of a plain number pays the generated ``__init__``'s six ``object.__setattr__``. The same
    object; a test checks it."""
    reading = _new_instance(Reading)
    _set_attribute(
        reading,
        "__dict__",
        {"status": "value", "quantity": quantity, "node": None, "choice": None, "text": text, "why": ""},
    )
    return reading


_ZERO_WIDTH = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff\u00ad"))  # and the soft hyphen
_EURO_CENTS = lazy_compile(
    r"(?P<pre>(?:R\$|[€₽])\s?)?(?<![\d.,])(?P<int>\d{1,3}(?:[.\u00a0\u202f ]\d{3})*|\d+)"
    r",(?P<cents>\d{2})(?![\d,])(?(pre)|(?=\s?[€₽]))"
)


_DOLLAR_CENTS_AFTER = lazy_compile(
    r"(?<![\d.,$])(?P<pre>)(?P<int>\d{1,3}(?:[.\u00a0\u202f ]\d{3})*|\d+)"
    r",(?P<cents>\d{2})(?=[ \u00a0\u202f]\$)"
)


# an amount of a currency written with a decimal comma (the real, "R$", the euro, the rouble): its sign
# before it or after it, two cents after the comma, points that group its thousands ("R$ 1.234,50", "€ 12,50",
# "1.234,50 €"); "R$ 3,5" and "R$ 1,234.50" are no such amount (the one English-grouped, read as English is)
_COMMA_CENTS = lazy_compile(
    r"(?P<pre>(?:R\$|[€₽])[ \u00a0\u202f]?)?(?<![\d.,])(?:\d{1,3}(?:\.\d{3})+|\d+),\d{2}(?![\d,]|\.\d)"
    r"(?(pre)|(?=[ \u00a0\u202f]?[€₽]))"
)


def _euro_cents(m: re.Match[str]) -> str:
    """``€1.072,50`` → ``€1072.50``: the amount's groups joined, its decimal comma a point."""
    return (m["pre"] or "") + re.sub(r"\D", "", m["int"]) + "." + m["cents"]


def clean_span(span: str) -> str:
    """Drop presentation: math delimiters, emphasis, ``\\text{}`` wrappers, spacing commands.

    >>> clean_span("**$\\\\boxed{\\\\text{18}}$**.")
    '18'
    """
    for _ in range(3):
        new = _LATEX_WRAPPERS.sub(r"\1", span)
        if new == span:
            break
        span = new
    if not span.isascii():
        # a zero-width character inside a number joins its digits ("72\u200b0" is 720, never 72)
        span = span.translate(_ZERO_WIDTH)
        if "€" in span or "₽" in span:
            # "€72,50", "72,50 €": the currencies written with a decimal comma, two cents after it
            span = _EURO_CENTS.sub(_euro_cents, span)
        span = _VULGAR.sub(_vulgar_fraction, span)
        span = _SUBSCRIPT_BASE.sub(lambda m: "_{" + m[1].translate(_SUBSCRIPT_DIGITS) + "}", span)
    if "R$" in span and "," in span:
        span = _EURO_CENTS.sub(_euro_cents, span)  # "R$ 1.234,50": the real is written as the euro is
    if "$" in span and "," in span and span.count("$") == 1 and "\\" not in span:
        # "2,74 $": a lone dollar sign after the amount, spaced, is Canadian French, whose comma is a decimal
        # one ("2,74$" may close math)
        span = _DOLLAR_CENTS_AFTER.sub(_euro_cents, span)
    if "ase" in span or "ary" in span or "ctal" in span or "hex" in span:
        span = _SAID_BASE.sub(_said_base, span)
    if '"' in span:
        # \" before a non-letter is a quote escaped for JSON, not LaTeX's umlaut accent (\"a, \"{o})
        span = _ESCAPED_QUOTE.sub('"', span)
    span = _THOUSANDS_BANG.sub(",", span)  # MATH writes 10,\!080 and 11,\! 111
    if "^" in span:
        span = _ORDINAL_SUPERSCRIPT.sub(r"\1", span)  # "5^{\text{th}}", "3^{rd}": the ordinal 5th, 3rd
    if "ft" in span or "fe" in span or "foo" in span or "'" in span or "′" in span or "’" in span:
        span = feet_inches(span)
    span = _SPAN_NOISE.sub(" ", span)
    if "\\" in span:
        # "\\boxed{\\15}": the "$" of "\\$15" dropped leaves a backslash before digits, which no TeX
        # command starts with (a "\\\\" line break before digits is kept)
        span = _STRAY_BACKSLASH.sub("", span)
    if "$" in span:
        # paired dollars delimit math ("$\\frac12$"); a lone one is currency ("$18")
        dollars = len(_DOLLAR.findall(span))
        if dollars >= 2 and dollars % 2 == 0:
            span = _DOLLAR.sub(" ", span)
    if "{" in span and "," in span:
        span = _BRACE_COMMA_BEFORE_GROUP.sub(",", span)  # "14 {, }916" is 14,916
    span = span.replace("{,}", ",").replace("\\%", "%").replace("\\$", "$")
    # a trailing "!" stays: in an answer span it is a factorial ("5!"); prose "!" already ended the span
    dotted = _DOTTED_TAIL.search(span) if "..." in span else None  # "0.333...": the dots are the number's
    span = span[: dotted.end(1)] if dotted is not None else span
    span = span.strip().rstrip(".,;:?*_ " if dotted is None else ",;:?*_ ").lstrip(",;:!?*_ ")
    if span.startswith('"') and span.endswith('"') and span.count('"') == 2:
        span = span[1:-1].strip()  # "$12$ and $13$" in quotes: the quotes only set the answer off
    if span.startswith("{"):
        span = _without_grouping_braces(span)
    if span.startswith(".") and not span[1:2].isdigit():
        span = span.lstrip(". ")
    return span


def _without_grouping_braces(span: str) -> str:
    """``{{42}}`` → ``42``: braces around the whole span say nothing. Every layer is matched in one pass
    (peeling them one at a time rescanned the span per layer: 10 KB of nested braces took 22 s)."""
    pairs = _brace_pairs(span)
    i, j = 0, len(span) - 1
    while i < j and span[i] == "{" and pairs.get(i) == j:
        i, j = i + 1, j - 1
        while i <= j and span[i].isspace():
            i += 1
        while j >= i and span[j].isspace():
            j -= 1
    return span[i : j + 1]


# "3 and 1/2 cups": a mixed number said aloud, not a hedge between 3 and 1/2 (a proper fraction only)
_MIXED_AND = lazy_compile(
    r"(?<![\d.,/])(\d{1,9})\s+and\s+(\d{1,9})\s*/\s*(\d{1,9})(?![\d.,/])", re.IGNORECASE
)


def _mixed_number(m: re.Match[str]) -> str:
    whole, numerator, denominator = m.groups()
    if int(numerator) >= int(denominator):
        return m[0]
    # (padded to the phrase's length, so that what follows keeps its place in the text)
    return f"{whole} {numerator}/{denominator}".ljust(len(m[0]))


# "18", "-3.5", "1,250." : most spans are a bare number, read without the general scanner
_PLAIN_NUMBER = lazy_compile(r"\s*\$?(-?(?:(?!0,)\d{1,3}(?:,\d{3})+|\d{1,60})(?:\.\d{1,60})?)[\s.]*")


# a decimal with dots after its digits: "0.333...", "3.14159…"
_DOTTED_DECIMAL = lazy_compile(r"\d\.\d{2,60} ?(?:\.\.\.|…)")


_NEW_SENTENCE = lazy_compile(r"\s+[A-Z]")
# ... ending a span: "0.333...", "3.14159 ..."
_DOTTED_TAIL = lazy_compile(r"(\d\.\d{2,60} ?\.\.\.)[.,;:?*_ ]*$")


def plain_number(span: str) -> bool:
    """Whether a span is a bare number (``18``, ``-3.5``, ``$1,250.``), read without the general scanner."""
    if span.isdigit() and len(span) <= 60 and span.isascii():  # most spans: digits only, no regex
        return True
    if "..." in span and _DOTTED_DECIMAL.search(span):  # "0.333...": a period or a cut value, read as math
        return False
    return _PLAIN_NUMBER.fullmatch(span) is not None


# a statement that opens on the time its value is over ("In 2 days he walks 45 km", "For 5 weeks, she saves
# $40"): the preposition before the first number, and a clause of words (no list, no "and") before the next
_LEADING_DURATION = lazy_compile(
    r"[\s*_]*(?i:in|for|after|during|within)\s+(?:(?i:the|a|an|just|only|first|next|last|another)\s+)*"
)
_VERB_AFTER_TIME = lazy_compile(r"[ \t]*[\u4e00-\u9fff]{1,4}[ \t]*")
# ... or on a quantity bought, made or used, and then what it costs or takes: "买4千克需要34元" (buying 4 kg
# costs 34 yuan), "4人要12天": the verb of need or cost before the second value says it is the one stated
_VERB_BEFORE_QUANTITY = lazy_compile(r"[ \t*_]*[\u4e00-\u9fff]{0,2}[ \t]*")
_COST_AFTER_QUANTITY = lazy_compile(
    r"[ \t]*[\u4e00-\u9fff]{0,2}?(?:需要|需|要|花了|花|用了|用|付了|付)[ \t]*"
)
_CLAUSE_AFTER_DURATION = lazy_compile(
    r"[ \t]*,?[ \t]*(?!(?i:and|or|plus|and\s+a)\b)(?:[A-Za-z'’]+[ \t]+){1,6}(?:[$€£][ \t]*)?"
)
# the clause after a rate ("每千克8.5元，") that gives the total or the cost it comes to ("买4千克需要34元",
# "一共需要48个"; 一共 is "in all" by then), from its start
_TOTAL_AFTER_RATE = lazy_compile(r"[,;][ \t]*(?=[^,;.]*?(?:需|要|花|用|付|共|in all|total))")


# Readings are immutable and spans repeat (a sampled group often commits to the same few answers), so the
# readers remember recent spans.
@lru_cache(maxsize=8192)
def read_number(span: str) -> Reading:
    """Read one numeric answer from a span.

    >>> read_number("9 * 2 = 18 dollars").quantity.value
    Fraction(18, 1)
    >>> read_number("3 or 4").status, read_number("18 or 18.0").status
    ('ambiguous', 'value')
    >>> read_number("3 and 1/2 cups").quantity.value, read_number("3 and 5/2").status
    (Fraction(7, 2), 'ambiguous')
    >>> read_number("16 - 3 - 4").status, read_number("10+John's age").status
    ('unparseable', 'unparseable')
    """
    if span.isdigit() and len(span) <= 60 and span.isascii():  # "72": what the regex reads, read at once
        return _value_reading(whole_quantity(int(span)), span)
    if ("..." in span or "…" in span) and _DOTTED_DECIMAL.search(span):
        # "0.333...": the math reader reads the period; "3.14159..." is a value cut short, no number
        if writes_repeating_decimal(span):
            return Reading("unparseable", text=span, why="a repeating decimal, not a cut-off number")
        return Reading("unparseable", text=span, why=f"{span!r} is a value cut short, not a number")
    plain = _PLAIN_NUMBER.fullmatch(span)
    if plain is not None:
        return _value_reading(plain_quantity(plain), plain.group(1))
    text = clean_span(span)
    if len(text) > MAX_SPAN_CHARS:
        return Reading("unparseable", text=text[:80] + "…", why=f"the answer is {len(text)} characters long")
    if writes_repeating_decimal(span):  # "0.(3)", "0.1(6)": the math reader reads the whole period
        return Reading("unparseable", text=text, why="a repeating decimal, not a cut-off number")
    if ":" in text:
        # "7:10 a.m.", "19:40", "5:2": read whole, never as their first number
        whole = clock_or_ratio(_PLAIN_LEAD.sub("", text, count=1))
        if whole is None and not text.isascii():
            whole = clock_before_event(text)  # "3:15 出发": the time, then what happens at it
        if whole is not None:
            return Reading("value", whole, text=text)
        if _COLON_NUMBER.search(text):
            return Reading(
                "unparseable", text=text, why=f"{text!r} is a time or ratio this reader cannot read"
            )
    elided = _ELIDED_LIST.search(text) if "dots" in text or "..." in text or "…" in text else None
    if elided is not None:
        # "1, 2, \\dots, 9": a list with terms left out, never its first number or two
        if not text[elided.end() :].strip(" .$"):  # "1, 2, \\ldots" trails off
            return Reading("ambiguous", text=text, why=f"{text!r} trails off: it commits to no list")
        return Reading("unparseable", text=text, why=f"{text!r} leaves terms out: the math reader reads it")
    variables = variables_in(text)
    if variables is not None:  # "x = 2 and y = 4": several variables' values, not one number
        return Reading("ambiguous", text=text, why=f"{text!r} states several variables ({variables})")
    if "and" in text or "AND" in text or "And" in text:
        text = digits_and_spoken_fractions(_MIXED_AND.sub(_mixed_number, text))
    found = list(scan_statement(text))  # "One road is 45 km long": 45 km, the "one" an article
    if not found:
        if _DIGIT.search(text):  # "1/0": digits that make no number
            return Reading("unparseable", text=text, why=f"{text!r} is not a number")
        return Reading("none", text=text)
    if not _PLAIN_PREFIX.fullmatch(text, 0, found[0].start) or _unbalanced(text):
        return _after_equals(text) or Reading("unparseable", text=text, why="an expression, not a number")
    if len(found) > 1 and found[0].start < 12:
        unit = found[0].quantity.unit
        clause = (
            _CLAUSE_AFTER_DURATION.fullmatch(text, found[0].end, found[1].start)
            if _LEADING_DURATION.fullmatch(text, 0, found[0].start)
            # ... or, in Chinese, a time before its verb with no preposition: "2天走45千米" (in 2 days, walks
            # 45 km)
            else _VERB_AFTER_TIME.fullmatch(text, found[0].end, found[1].start)
            if unit is not None and unit.dimension == "time" and not text[: found[0].start].strip(" \t*_")
            else None
        )
        if clause is None and _COST_AFTER_QUANTITY.fullmatch(text, found[0].end, found[1].start):
            clause = _VERB_BEFORE_QUANTITY.fullmatch(text, 0, found[0].start)
        if clause is not None:
            # "In 2 days he walks 45 km", "For 5 weeks she saves $40": the time the statement opens with is
            # what its value is over, the value is the one its clause states
            return read_number(text[found[0].end :])
    glued = found[0].start
    if glued and text[glued] in "0123456789." and text[glued - 1].isascii() and text[glued - 1].isalpha():
        # "l8", "O8", "x8", "x.5": digits glued to a letter are part of a word or a name (a look-alike of 18
        # or 08, a variable's index), never the number alone
        why = f"{text!r}: the digits are glued to the letter before them"
        return Reading("unparseable", text=text, why=why)
    lookalike = glued_lookalike(text)
    if lookalike is not None:
        # "1З" (Cyrillic Ze), "1О": a letter drawn as a digit glued to the digits spells a look-alike of
        # another number (13, 10), never the digits alone
        why = f"{text!r}: {lookalike!r} glues a letter drawn as a digit to the digits"
        return Reading("unparseable", text=text, why=why)
    limit = tends_to(text[: found[0].start]) if "→" in text or "⟶" in text else None
    if limit is not None:  # "x → 72": the value a variable tends to
        return Reading("ambiguous", text=text, why=limit)
    spoken = operation_before(text[: found[0].start])
    if spoken is not None:
        # "twice 72", "the square root of 72": the number is an operand, the statement names another value
        return Reading("unparseable", text=text, why=f"{text!r}: the number is an operand of {spoken!r}")
    combined = combine_compound(text, found)
    if combined is None:
        return Reading("unparseable", text=text)
    quantity, end = combined
    drawn = digit_letters(text, found[0].start, end)
    if drawn is not None:
        # "O.5", "1.O", "1,OOO": a letter drawn as a digit glued to the number spells a look-alike of another
        # number (0.5, 1.0, 1,000), never the digits beside it
        why = f"{text!r}: {drawn!r} glues a letter drawn as a digit to the number"
        return Reading("unparseable", text=text, why=why)
    said = words_after(text, end, quantity)
    if isinstance(said, str):  # "72 Millionen", "72 short": the words after the number change what it says
        return Reading("unparseable", text=text, why=f"{text!r}: {said}")
    if said is not None:  # "72 below zero": a sign said after the value
        quantity, end = combined = said
    rest = [f for f in found if f.start >= end]
    gap_end = rest[0].start if rest else len(text)
    gap = text[end:gap_end]
    if _ROW_BREAK.search(text, end):
        # "1 \\ 2": rows of a column or lines of a list, never the first of them alone
        return Reading("unparseable", text=text, why=f"{text!r} breaks into rows: more than its first number")
    if _PART_OF_LARGER.match(text, end):
        ordinal = _ORDINAL_END.fullmatch(text, end)
        if ordinal is not None and ordinal[1] == _ordinal_suffix(quantity):
            # "the 3rd", "21st", "101st" end the answer: the ordinal names its number ("3th" is none), a place
            # in an order rather than a quantity of a unit
            ordinal_value = replace(quantity, unit=ORDINAL)
            return Reading("value", ordinal_value, text=text[found[0].start : ordinal.end(1)])
        # "1/3 of 9", "the 72nd term", "3 x 8": the number is part of a larger quantity, which is not read
        return Reading("unparseable", text=text, why=f"{text!r}: the number is part of a larger quantity")
    if _REJECTION_MARK.match(text, end):
        # "72 ✗", "72 ❌": the mark says the value is wrong, wherever the span around it was found
        return Reading("ambiguous", text=text, why=f"rejected: {text!r} marks the value wrong")
    if rest:
        # "18, no, 16", "18 — wait, 16", "18 (no, 16)": the value is taken back for another within the span,
        # whatever rule found it (a box, a whole line of math), never read as its first number
        # ("18 because 16 is wrong" calls the other value wrong, not this one)
        after = without_reason_about_another(text[end:], quantity, None)
        taken_back = called_wrong_after(after, quantity)
        if taken_back is not None:
            return Reading("ambiguous", text=text, why=taken_back)
        instead = taken_back_within(after)
        if instead == "":  # "18, no, 16, no, 18": what it takes back to is taken back in turn
            why = f"taken back: {after.strip()[:60]!r} follows the value"
            return Reading("ambiguous", text=text, why=why)
        if instead is not None:  # "18 — no, 16.": the value it takes back to is read, as after a marker
            return read_number(instead)
    tolerance = tolerance_after(text, end)
    if tolerance is not None:  # "350, give or take a few", "350 plus or minus 5": a band of values
        return Reading("ambiguous", text=text, why=f"{text!r}: {tolerance!r} gives a band of values, not one")
    spoken = operation_after(text, end)
    if spoken is not None:
        # "72 times 2", "72 squared": arithmetic said in words, not the number
        return Reading("unparseable", text=text, why=f"{text!r}: the number is an operand of {spoken!r}")
    if _OPERATOR_GAP.match(gap) or _MATH_CONTINUES.match(gap) or _divided_by_symbol(gap):
        return _after_equals(text) or Reading("unparseable", text=text, why="an expression, not a number")
    if _MATH_AFTER.search(text, end):
        return Reading("unparseable", text=text, why="math follows the number")
    if rest and not gap:  # "1.2.3": two numerals run together
        return Reading("unparseable", text=text, why=f"{text!r} is not one number")
    if rest and gap in ("'", "’") and rest[0].start == end + 1:
        # "60’00", "1’25": digits glued by an apostrophe in groups of other than three digits (and no feet and
        # inches) are no thousands, never the number before the apostrophe
        why = f"{text!r}: digits glued by an apostrophe, not in groups of three"
        return Reading("unparseable", text=text, why=why)
    values = [quantity]
    # "5 km, or 3.1 miles", "2/5, or 40%": only ", or" restates a value rounded in another unit or a share as
    # a percentage; a list ("1.5 hours, 91 minutes") or a range says each of its values exactly
    restating = True
    while rest and _HEDGE_GAP.fullmatch(gap):
        # (a compound is one value: "200 minutes, or 3 hours 20 minutes")
        said_again, end = combine_compound(text, rest) or (rest[0].quantity, rest[0].end)
        values.append(said_again)
        restating = restating and _OR_RESTATES.fullmatch(gap) is not None
        rest = [f for f in rest if f.start >= end]
        gap = text[end : rest[0].start if rest else len(text)]
    if len(values) > 1 and not all(
        same_quantity(v, quantity)
        or (restating and (rounded_restatement(v, quantity) or same_share(v, quantity)))
        for v in values
    ):
        hedged = text[found[0].start : end]
        return Reading("ambiguous", text=hedged, why=f"several distinct answers: {hedged!r}")
    if (
        len(values) == 1
        and rest
        and not same_quantity(rest[0].quantity, quantity)
        # ("现价120元，比原价便宜了30元": the last value is the gap a comparison said before it names, no
        # second answer, as in "120 yuan, 30 yuan cheaper than the original price")
        and not (len(rest) == 1 and gap_said_before(text[: rest[0].start], text[rest[0].end :]))
    ):
        # "12 apples and 5 oranges", "20 boys, 25 girls": two answers, as "12 and 5" is, each with its noun
        noun = noun_between(gap, text[rest[0].end :])
        if noun is not None and not _one_dimension(noun, rest[0].quantity):
            listed = text[found[0].start :].strip(" \t.!")
            why = f"several quantities: {listed[:60]!r} lists another value after the {noun}"
            return Reading("ambiguous", text=listed, why=why)
        names = names_before_values(text[: found[0].start], gap) if found[0].start else None
        if names is not None and "每" in names:
            # "每千克苹果8.5元，买4千克需要34元": a rate (each kilogram's price) before the clause of
            # the total or the cost it gives is that clause's working, as "The price is $3 each, and the
            # total is $12" is ("每小时60千米，需要3小时": a speed, then a time, is two quantities: the
            # total is in the rate's own unit, as 34 yuan is of 8.5 yuan a kilogram)
            total = _TOTAL_AFTER_RATE.search(text, found[0].end)
            rate, _, other = names.partition(", ")
            given = read_number(text[total.end() :]) if total is not None and "每" not in other else None
            if (
                "每" in rate
                and given is not None
                and given.quantity is not None
                and given.quantity.unit == found[0].quantity.unit
            ):
                return given
        if names is not None:  # "Alice has 18, Bob has 12", "鸡有18只，兔有12只": each value under a name
            listed = text.strip(" \t.!")
            why = f"several quantities: {listed[:60]!r} names two ({names})"
            return Reading("ambiguous", text=listed, why=why)
    in_parentheses = None
    if rest and "(" in gap:
        in_parentheses = _LONE_IN_PARENTHESES.fullmatch(gap + text[rest[0].end : rest[0].end + 1])
    if (
        in_parentheses is not None
        and not _restates(rest[0].quantity, quantity)
        and not (in_parentheses["approximately"] and rounds_to(quantity, rest[0].quantity))
    ):
        # "15 (sixteen)", "15 (16)": the value said again in parentheses, as another value; an approximation
        # restates only a rounding at the places it writes ("72.4 (about 72)", "1/6 (≈ 0.17)"; a whole
        # number rounds to units: "72 (approximately 70)" is another value)
        said = text[found[0].start : rest[0].end + 1]
        return Reading("ambiguous", text=said, why=f"{said!r} says another value in parentheses")
    at = found[0].start
    if (
        at > 1
        and text[at - 1] in " \t"  # a word and a space before the value: the one shape a place is named in
        and text[at - 2].isalpha()
        and quantity.unit is None
        and not quantity.percent
        and _PLACE_BEFORE.search(text, max(0, at - 12), at)
    ):
        # "day 72", "page 72": a place in an order, as "the 72nd" is
        quantity = replace(quantity, unit=ORDINAL)
    return Reading("value", quantity, text=text[found[0].start : combined[1]])


_OR_RESTATES = lazy_compile(r"\s*,?\s*or\s+", re.IGNORECASE)


def _restates(other: Quantity, value: Quantity) -> bool:
    """Whether ``other`` says ``value`` again: the same quantity, the same share as a percentage (``2/5
    (40%)``), or the same in another unit rounded at the places it writes (``5 km, or 3.1 miles``, ``5 km (3.1
    miles)``)."""
    return same_quantity(other, value) or same_share(other, value) or rounded_restatement(other, value)


def _one_dimension(noun: str, second: Quantity) -> bool:
    """Whether a noun between two quantities is a unit of the second's dimension (``2 hrs and 30 minutes``):
    the parts of one compound quantity, which is the compound reader's to read."""
    unit = lookup_unit(noun)
    return unit is not None and second.unit is not None and unit.dimension == second.unit.dimension


# the gap between a value and one in parentheses right after it, and that one's closing parenthesis; the
# parenthesis may say its value restates the first ("72 (i.e., 70)", "72 (that is, seventy)", an example's
# "72 (e.g. 70)") or call it an approximation ("72 (approximately 70)", "1/6 (≈ 0.17)")
_LONE_IN_PARENTHESES = lazy_compile(
    rf"\s*\(\s*(?:(?:{RESTATING}|e\.[ \t]?g\.),?\s*)?"
    rf"(?P<approximately>(?:{RESTATING_APPROXIMATION}|nearly|almost|≈|~|\\approx)\s*)?\)",
    re.IGNORECASE,
)
# a mark right after a value that calls it wrong
_REJECTION_MARK = lazy_compile(r"[\s)*_]*[✗✘❌❎🚫]")
# a LaTeX row break with something after it
_ROW_BREAK = lazy_compile(r"\\\\(?=\s*[^\s.,;}$)\]])")
# "1/3 of 9", "half of 10", "72nd", "3 x 8": what makes a number part of a larger quantity
_PART_OF_LARGER = lazy_compile(r"\s*(?:of\s+(?:the\s+)?[\d$]|(?:st|nd|rd|th)\b|[xX×]\s*\d)")
# a unit or a numbered thing named before its number: "day 72", "on page 72", "week 3"
_PLACE_BEFORE = lazy_compile(
    r"\b(?i:day|week|month|year|hour|minute|second|page|floor|lap|round|row|seat|room|house|chapter|step|level)"
    r"[ \t]*$"
)


def place_start(text: str, start: int) -> int:
    """Where the value that starts at ``start`` starts once a place named before it is read with it (``day
    72``, ``page 72``), or the article of the phrase it opens (``a 95 score``, ``an 8 hour shift``): the words
    before that are what qualify or negate it (``not a 95% chance``, ``at least a 95 score``).

    >>> place_start("not day 72", 8), place_start("not 72", 4), place_start("not a 95% chance", 6)
    (4, 4, 4)
    """
    if start == 0 or not text[start - 1].isspace():
        return start
    place = _PLACE_BEFORE.search(text, max(0, start - 12), start)
    if place is None:
        place = _ARTICLE_BEFORE.search(text, max(0, start - 6), start)
    return place.start() if place is not None else start


_ARTICLE_BEFORE = lazy_compile(r"(?<![\w'’])(?i:an?|the)[ \t]+$")


# an ordinal suffix that ends the span ("the 3rd.", "21st")
_ORDINAL_END = lazy_compile(r"(st|nd|rd|th)(?:\s+place)?[\s.,;:!]*")  # "3rd", "3rd place"
_PLAIN_LEAD = lazy_compile(r"^[^\d:]*?(?=\d)")  # "at 7:40", "is 5:2": words before the value
_COLON_NUMBER = lazy_compile(r"\d\s*:\s*\d")
# dots after a list's comma ("1, 2, \\dots, 9", "2, 4, ..."): terms left out
_ELIDED_LIST = lazy_compile(r",\s*(?:\\[lc]?dots\b|\.\.\.|…)")


def _ordinal_suffix(quantity: Quantity) -> str | None:
    """The English ordinal suffix of a whole number written in digits, None for any other quantity.

    >>> [_ordinal_suffix(read_number(n).quantity) for n in "1 2 3 4 11 12 13 21 101".split()]
    ['st', 'nd', 'rd', 'th', 'th', 'th', 'th', 'st', 'st']
    >>> [_ordinal_suffix(read_number(n).quantity) for n in ("2.5", "-3", "3%")]
    [None, None, None]
    """
    value = quantity.value
    if quantity.ulp is not None or quantity.unit is not None or quantity.percent:
        return None
    if value.denominator != 1 or value < 0:
        return None
    return ordinal_suffix(value.numerator)


def _after_equals(text: str) -> Reading | None:
    # only an arithmetic chain ("9 * 2 = 18") is settled by its result; "5x - 7y + 4 = 0" is an equation
    eq = text.rfind("=")
    if eq < 0 or not text[eq + 1 :].strip() or _LETTERS.search(text, 0, eq):
        return None
    reading = read_number(text[eq + 1 :])
    if reading.status == "value" and reading.quantity is not None and not _holds(text[:eq], reading.quantity):
        return Reading("unparseable", text=text, why=f"{text!r} is a false equation: it states no value")
    return reading if reading.status != "none" else None


def _holds(lhs: str, result: Quantity) -> bool:
    """Whether an arithmetic chain's left side has the value it is set equal to (``9 * 2 = 18``, not
    ``2 = 3``); True when the left side cannot be evaluated exactly (the chain's reading is left alone)."""
    from rewardkit.tree_values import NotEvaluable, exact_value

    left = lhs.rsplit("=", 1)[-1]
    math = read_math(left)
    if math.status != "value" or math.node is None:
        return True
    try:
        value = exact_value(math.node)
    except NotEvaluable:
        return True
    return value is None or result.unit is not None or result.percent or value == result.value


# a letter that starts an expression ("E*2", "A + 1", "B^2") is a variable, not a choice
_LETTER_LEAD = lazy_compile(
    r"[(\[]?\s*([A-Z])\s*[)\]]?(?![A-Za-z0-9])(?!\s*(?:[*+\-/^=<>_]|\\(?:cdot|times)))"
)
_LETTER_ANY = lazy_compile(
    r"(?:\(([A-Z])\)|\b(?:option|choice)\s+\(?([A-Z])\)?(?![A-Za-z0-9]))", re.IGNORECASE
)
# a lower-case letter as lists label options, "c)", "b) 12", "(c)", and one alone that is the whole span
# after a marker ("The answer is: b")
_LOWER_LABEL = lazy_compile(r"\s*([a-j])\)(?![A-Za-z0-9])|\s*\(([a-j])\)|\s*([a-j])\s*$")
# a second letter joined to the first as a list joins ("A or C", "A, C", "A/C", "A、C", "A & C", "A和C"; after
# a semicolon only a letter that ends the span, "A; C", not "A; C is too small"): several options named
_LETTER_NEXT = lazy_compile(
    r"\s*(?:,?\s*(?:or|and)\b|[,/、，&]|以及|和|与|及|或(?:者)?)\s*\(?\s*([A-Z])\s*\)?(?![A-Za-z0-9])"
    r"|\s*[;；]\s*\(?\s*([A-Z])\s*\)?(?=[\s.。!*_]*$)",
    re.IGNORECASE,
)


# an option's label as a question lists its options: "(A)", "B)", "C.", "D:", on a line or after a space
_OPTION_LABEL = lazy_compile(r"(?<!\S)[*_]*(?:\([*_]*([A-Z])[*_]*\)|([A-Z])[*_]*[).:])[*_]*(?=\s)")
# what stands between two letters named as a hedge, not as an option's text: "(A) or (C)", "B, D"
_BETWEEN_LETTERS = lazy_compile(r"[\s,;/*_]*(?:(?:or|and|nor|maybe|perhaps)\b[\s,;/*_]*)?", re.IGNORECASE)
_OPTIONS_AT_ONCE = 600  # a list of options longer than this is no copy of a question's
# an option's "text" that speaks of the option ("(A) is incorrect. (B) is correct."): a verdict on each
# option, which the commitment rules read, not the question's options copied
_ABOUT_THE_OPTION = lazy_compile(
    r"[\s*_]*(?:is|are|was|isn'?t|can|cannot|can'?t|must|seems?|looks?|would|could|should|might|may|works?|"
    r"fits?|gives?|does|doesn'?t|has|have|matches|equals|=)(?![\w'])",
    re.IGNORECASE,
)


def lists_options(text: str) -> bool:
    """Whether ``text`` is nothing but options listed as a question lists them, two or more, each a label
    and its text, the letters in order (``A) 12\\nB) 24\\nC) 36\\nD) 48``, ``(A) 12 (B) 24``): the question's
    options copied, which name every choice and commit to none.

    >>> lists_options("A) 12\\nB) 24\\nC) 36\\nD) 48"), lists_options("(A) 12 (B) 24 (C) 36")
    (True, True)
    >>> lists_options("(A) or (B)"), lists_options("(C) 72"), lists_options("C. 72, since (A) 48 is low")
    (False, False, False)
    >>> lists_options("(A) is incorrect. (B) is correct.")
    False
    """
    text = plain_option_labels(text).strip()
    if len(text) > _OPTIONS_AT_ONCE or text.count(")") + text.count(".") + text.count(":") < 2:
        return False
    labels = list(_OPTION_LABEL.finditer(text))
    if len(labels) < 2 or text[: labels[0].start()].strip():
        return False
    for first, second in pairwise(labels):
        letter, following = first[1] or first[2], second[1] or second[2]
        if ord(following) != ord(letter) + 1 or _BETWEEN_LETTERS.fullmatch(text, first.end(), second.start()):
            return False
    if any(_ABOUT_THE_OPTION.match(text, label.end()) for label in labels):
        return False
    return bool(text[labels[-1].end() :].strip(" \t*_.,;"))


def read_choice(
    span: str, letters: str, options: Sequence[Quantity | None] = (), words: tuple[str, ...] = ()
) -> Reading:
    """Read a multiple-choice letter restricted to the offered ``letters``. ``options``: the value of each
    option, where known; ``words``: the key of each option's words (:func:`option_words.option_keys`). A
    letter stated with another option's value or words, before or after it (``(C) 96``, ``18 km/h (B)``,
    ``(C) Paris``), commits to neither.

    >>> read_choice("(B) 42", "ABCD").choice, read_choice("E", "ABCD").status
    ('B', 'none')
    >>> read_choice("(A) or (C)", "ABCD").status, read_choice("(A) 12 (B) 24", "ABCD").status
    ('ambiguous', 'ambiguous')
    >>> read_choice("18, option (B)", "ABCD", read_options(["12", "15", "18", "21"])).why
    "the choice B is 15, but '18, option (B)' states 18"
    """
    if lists_options(span):  # "Answer: (A) 12 (B) 24 (C) 36 (D) 48": every option, none chosen
        return Reading(
            "ambiguous", text=span.strip(), why=f"lists the options: {span.strip()[:60]!r} chooses none"
        )
    text = clean_span(span)[:MAX_SPAN_CHARS]  # a letter is found at the start or not at all
    numbered = _NUMBERED_OPTION.match(text)
    if numbered is not None:  # "the third option, that is, C", "option 3", "③"
        return _numbered_choice(text, numbered, letters)
    text = _CHOICE_ADVERB.sub("", text, count=1)  # "for sure D", "definitely (B)"
    if not text.isascii():
        lone = _CYRILLIC_LETTER.fullmatch(text)
        if lone is not None:  # "Ответ: А": a Cyrillic letter drawn as an option's Latin letter
            if lone[1] not in _CYRILLIC_AS_LATIN:
                why = (
                    f"{lone[1]!r} is a Cyrillic letter: a Russian list's labels (А Б В Г) number it otherwise"
                )
                return Reading("unparseable", text=text, why=why)
            text = _CYRILLIC_AS_LATIN[lone[1]] + text[lone.end(1) :]
    numbered = _NUMBERED_OPTION.match(text)
    if numbered is not None:  # "the third option, that is, C", "option 3", "③"
        return _numbered_choice(text, numbered, letters)
    m = _LETTER_LEAD.match(text)
    letter: str | None = None
    start = end = 0
    if m is not None and m.group(1) in letters and not _is_word(text, m.group(1), m.end()):
        letter, end = m.group(1), m.end()
    else:
        for am in _LETTER_ANY.finditer(text):
            cand = (am.group(1) or am.group(2)).upper()
            if cand in letters:
                letter, start, end = cand, am.start(), am.end()
                break
    label = _LOWER_LABEL.match(text) if letter is None else None
    lower = (label.group(1) or label.group(2) or label.group(3)) if label is not None else None
    if label is not None and lower is not None and lower.upper() in letters:
        # "Answer: c)": an option's label as a list writes it; "The answer is: b", the letter alone
        letter, end = lower.upper(), label.end()
    if letter is None:
        if options:
            reading = read_number(text)
            if reading.status == "value" and reading.quantity is not None:
                for i, opt in enumerate(options):
                    if opt is not None and opt.value == reading.quantity.value:
                        # "C = 48": a letter set equal to another option's value names two options
                        named = _LETTER_EQUALS.match(text)
                        if named is not None and named[1] in letters and named[1] != letters[i]:
                            own = options[letters.index(named[1])]
                            why = f"the choice {named[1]} is {own}, but {text!r} states {reading.text}"
                            return Reading("ambiguous", text=text, why=why)
                        return Reading("value", choice=letters[i], text=reading.text)
        named = _LETTER_EQUALS.match(text) if not any(options) else None
        if named is not None and named[1] in letters and read_number(text[named.end() :]).status == "value":
            # "C = 48" with no option's value known: the letter, with a value said of it that the grade holds
            # against the options the completion lists, or refuses as unchecked (option_stated_past)
            return Reading("value", choice=named[1], text=named[1])
        return Reading("none", text=text)
    nxt = _LETTER_NEXT.match(text, end)
    second = (nxt.group(1) or nxt.group(2)).upper() if nxt is not None else None
    if second is not None and second in letters and second != letter:
        return Reading("ambiguous", text=text, why=f"several distinct choices: {text!r}")
    corrected = _LETTER_CORRECTED.match(text, end)
    if corrected is not None and corrected.group(1) in letters and corrected.group(1) != letter:
        return Reading("ambiguous", text=text, why=f"corrected: {text!r} names another choice")
    index = letters.index(letter)
    restated = _NUMBER_RESTATING.match(text, end)
    if restated is not None:  # "C, that is, the third option": the letter said again by its place
        place = _option_place(restated)
        if place != index + 1:
            why = f"{text!r} names the choice {letter} and the option in place {place}"
            return Reading("ambiguous", text=text, why=why)
    disagreeing = (
        _option_disagreeing(text, end, letter, index, options)
        or _value_before_disagreeing(text, start, letter, index, options)
        or words_disagreeing(text, start, end, letter, letters, words)
    )
    if disagreeing is not None:
        return Reading("ambiguous", text=text, why=disagreeing)
    return Reading("value", choice=letter, text=letter)


# an option named by its place in the list rather than its letter: "the third option", "the 3rd choice",
# "the second one", "option 3", "option number 3", and a circled number (③), as Korean, Chinese and Japanese
# exams number their options ("정답은 3번", option number 3, is read as "option 3")
_CIRCLED = "①②③④⑤⑥⑦⑧⑨⑩"
_OPTION_PLACE = (
    rf"(?:the\s+)?(?:(?P<word>{'|'.join(PLACE_WORDS)})|(?P<nth>\d{{1,2}})(?:st|nd|rd|th))\s+(?:option|choice|one)\b"
    # (a star after the number multiplies it where an operand follows or a space stands before it; glued
    # to it and closing, "**option 3**", it is emphasis)
    r"|(?:option|choice)\s+(?:number\s+|no\.\s*|#\s*)?(?P<n>\d{1,2})"
    r"(?![\d.,]\d|\s*[-+/^=%]|\s*\*+\s*[\d(\\]|\*+[A-Za-z]|\s+\*)"
    rf"|(?P<circled>[{_CIRCLED}])"
)
_NUMBERED_OPTION = lazy_compile(_OPTION_PLACE, re.IGNORECASE)
# ... and the letter that names it again after it ("the third option, that is, C", "option 3 (C)"), to the end
_LETTER_RESTATING = lazy_compile(
    r"[\s,;:]*(?:(?:that\s+is|i\.\s*e\.?|namely|which\s+is)[\s,:]*)?[(\[]?\s*([A-Z])\s*[)\]]?[\s.!*_]*",
    re.IGNORECASE,
)
# ... or the place that names a letter again ("C, that is, the third option", "(C), the second one")
_NUMBER_RESTATING = lazy_compile(
    rf"[\s).*_]*[,;:]?\s*(?:(?:that\s+is|i\.\s*e\.?|namely|which\s+is)[\s,:]*|\(\s*|(?<=,\s)|(?<=,))"
    rf"(?:{_OPTION_PLACE})",
    re.IGNORECASE,
)
# Cyrillic capitals drawn as an option's Latin letter, standing alone: А and С are the letters they show (no
# Russian list labels an option С, and its А is the first too); В and Е are a Russian list's third and sixth
# labels as much as B and E
_CYRILLIC_LETTER = lazy_compile(r"[(\[]?\s*([АВСЕ])\s*[)\]]?[\s.!*_]*")
_CYRILLIC_AS_LATIN = {"А": "A", "С": "C"}


def _option_place(m: re.Match[str]) -> int:
    """The place in the list of options that a match of :data:`_OPTION_PLACE` names (1 for the first)."""
    if m["word"]:
        return PLACE_WORDS[m["word"].lower()]
    if m["circled"]:
        return _CIRCLED.index(m["circled"]) + 1
    return int(m["nth"] or m["n"])


def _numbered_choice(text: str, numbered: re.Match[str], letters: str) -> Reading:
    """The choice an option named by its place states (``option 3``, ``③``), read against the letter said
    with it, if any (``the third option, that is, C``; another letter commits to neither); ``none`` when more
    follows it, or the place names no offered option.

    >>> text = "the third option, i.e. C"
    >>> _numbered_choice(text, _NUMBERED_OPTION.match(text), "ABCD").choice
    'C'
    >>> _numbered_choice("③", _NUMBERED_OPTION.match("③"), "ABCD").choice
    'C'
    >>> text = "option 3, i.e. B"
    >>> _numbered_choice(text, _NUMBERED_OPTION.match(text), "ABCD").why
    "'option 3, i.e. B' names the option in place 3 and the choice B"
    """
    place = _option_place(numbered)
    said = _LETTER_RESTATING.fullmatch(text, numbered.end())
    if said is None and text[numbered.end() :].strip(" \t.!*_"):
        return Reading("none", text=text)  # "option 3 is wrong", "option 3 + 4": more than the option
    if said is not None and said[1].upper() != (letters[place - 1] if 0 < place <= len(letters) else None):
        why = f"{text!r} names the option in place {place} and the choice {said[1].upper()}"
        return Reading("ambiguous", text=text, why=why)
    if not 0 < place <= len(letters):
        return Reading("none", text=text)
    return Reading("value", choice=letters[place - 1], text=letters[place - 1])


# "C, I mean D", "(C), or rather (D)": the letter corrected to another, within the statement
_LETTER_CORRECTED = lazy_compile(
    r"[\s).*_]*[,;—–-]?\s*(?:i\s+mean|i\s+meant|make\s+that|or\s+rather|rather|sorry|er|um+|uh+)\b"
    r"[,:\s]*\(?([A-Z])\)?(?![A-Za-z0-9])",
    re.IGNORECASE,
)
# what may stand between a letter and the value of its option: "(C) 72", "C) 72", "C: 72", "C = 72", "C (72)"
_LETTER_TO_VALUE = lazy_compile(
    r"[\s).:,=(*_–—-]*(?:(?:which\s+is|that\s+is|i\.\s*e\.|ie|namely)[\s,:]*)?(?=[-−$]?\d)", re.IGNORECASE
)
# ... and past the span the letter was read from, within its sentence: the close of its box, emphasis or math
# ("$…$", "\\(…\\)", "\\[…\\]"), then a relation, a colon, a bracket or a word that restates
# ("\\boxed{C} (60)", "\\boxed{C} = 60", "C, i.e. 60")
_VALUE_PAST_LETTER = lazy_compile(
    r"(?:[ \t)}\]$*_]|\\[)\]])*(?:[:=,(–—-]|\\[,;]|\\q?quad)?(?:[ \t(*_$]|\\[(\[])*"
    r"(?:(?:which\s+(?:is|equals)|that\s+is|i\.\s*e\.?|viz\.?|namely)[ \t,:(]*)?(?=[-−$]?\d)",
    re.IGNORECASE,
)
_VALUE_END = lazy_compile(r"[.;!?](?=\s|$)")
# a letter set equal to a value: "C = 48"
_LETTER_EQUALS = lazy_compile(r"\(?\s*([A-Z])\s*\)?\s*=\s*(?=[-−$]?\d)")


def _option_disagreeing(
    text: str, end: int, letter: str, index: int, options: Sequence[Quantity | None]
) -> str | None:
    """Why the value stated right after a choice letter (``(C) 96``) is not the value of that letter's option
    (C is 72), or None when it is, when none is stated or the options are unknown: a letter and a value that
    disagree commit to neither.

    >>> _option_disagreeing("(C) 96", 3, "C", 2, read_options(["48", "60", "72", "96"]))
    "the choice C is 72, but '(C) 96' states 96"
    >>> _option_disagreeing("(C) 72 clips", 3, "C", 2, read_options(["48", "60", "72", "96"])) is None
    True
    """
    if index >= len(options) or options[index] is None:
        return None
    gap = _LETTER_TO_VALUE.match(text, end)
    if gap is None:
        return None
    return _stated_disagreeing(text[gap.end() :], "(" in gap.group(), letter, options[index], text)


# what may stand between a value and the letter stated after it: "18 km/h (B)", "18, i.e. (B)", "18 = option
# B"
_VALUE_TO_LETTER = lazy_compile(
    r"(?:[\s,:;=(*_–—-]|\b(?:i\.\s*e\.?|which\s+is|that\s+is|namely|option|choice)\b)*$", re.IGNORECASE
)


def _value_before_disagreeing(
    text: str, start: int, letter: str, index: int, options: Sequence[Quantity | None]
) -> str | None:
    """Why the value a statement opens on before its choice letter (``18 km/h (B)``) is not the value of that
    letter's option (B is 15), or None: the letter written after its value commits no more than before it."""
    if start == 0 or index >= len(options) or options[index] is None or text[:1] not in _VALUE_OPENINGS:
        return None
    before = text[:start]
    gap = _VALUE_TO_LETTER.search(before)
    return _stated_disagreeing(before[: gap.start()] if gap else before, False, letter, options[index], text)


_VALUE_OPENINGS = frozenset("-−$€£0123456789")


def _stated_disagreeing(
    value: str, bracketed: bool, letter: str, own: Quantity | None, shown: str
) -> str | None:
    """Why the value ``value`` opens with, stated for the choice ``letter`` whose option is ``own``, is
    another value, or None; ``bracketed``: the value is what an opening parenthesis holds (``C (96)``)."""
    if bracketed:
        value = value.split(")", 1)[0]
        if len(value.split()) > 3:  # "C (2 of the options are close)": a remark, not a value stated for C
            return None
    stated = read_number(value)
    if stated.status != "value" or stated.quantity is None or own is None:
        return None
    if same_quantity(stated.quantity, own) or stated.quantity.value == own.value:
        return None
    return f"the choice {letter} is {own}, but {shown!r} states {stated.text}"


def option_stated_past(
    text: str,
    end: int,
    letter: str,
    letters: str,
    options: Sequence[Quantity | None],
    words: tuple[str, ...] = (),
) -> str | None:
    """Why the value stated right after a choice letter that ends at ``end`` in ``text``, past the span the
    letter was read from (``\\boxed{C} (60)``, ``\\boxed{C} = 60``, ``The answer is C, i.e. 60``), is not
    the value of that letter's option, or None: a letter and a value that disagree commit to neither. So
    for another option's words (``words``: each option's key), ``\\boxed{C} (Paris)``. With no option's
    value known (``options`` empty: only letters offered, none listed) the value said of the letter cannot
    be checked, and commits to neither as well; the letter written with its option's text as a label,
    ``(C) 72``, says no more than the letter.

    >>> options = read_options(["48", "60", "72", "96"])
    >>> option_stated_past("\\\\boxed{C} (60).", 8, "C", "ABCD", options)
    "the choice C is 72, but 'C} (60).' states 60"
    >>> option_stated_past("C, i.e. 72.", 1, "C", "ABCD", options)
    >>> option_stated_past("C. 60 more", 1, "C", "ABCD", options)
    >>> option_stated_past("A, i.e. 60", 1, "A", "ABCD", ())
    "'A, i.e. 60' states 60 for the choice A, whose option has no known value to check it against"
    >>> option_stated_past("(C) 72.", 2, "C", "ABCD", ())
    """
    index = letters.find(letter)
    if any(words):
        # the words go on from the letter, past its box or emphasis: "\\boxed{C} (Paris)", "**C** — Paris"
        line = text[end - 1 : end + 120].partition("\n")[0]  # from the letter: "C} (Paris)"
        closed = _LETTER_SPAN_CLOSE.match(line, 1)
        why = words_disagreeing(line, 0, closed.end() if closed else 1, letter, letters, words)
        if why is not None:
            return why
    if index < 0 or (options and index >= len(options)):
        return None
    line = text[end : end + 120].partition("\n")[0]
    if not _DIGIT.search(line):  # the common case: nothing stated after the letter
        return None
    gap = _VALUE_PAST_LETTER.match(line)
    if gap is None:
        return None
    value = _VALUE_END.split(line[gap.end() :], maxsplit=1)[0]
    shown = text[end - 1 : end] + line
    if not options or options[index] is None:
        own_words = words[index] if index < len(words) else ""
        return _stated_unchecked(value, gap.group(), letter, letters, options, own_words, shown)
    return _stated_disagreeing(value, "(" in gap.group(), letter, options[index], shown)


# the close of the box, emphasis or math a letter was read from: what follows it goes on from the letter
_LETTER_SPAN_CLOSE = lazy_compile(r"(?:[ \t)}\]$*_]|\\[)\]])*")
_MATH_OPENING = lazy_compile(r"\\[(\[]")


def _stated_unchecked(
    value: str,
    gap: str,
    letter: str,
    letters: str,
    options: Sequence[Quantity | None],
    own_words: str,
    shown: str,
) -> str | None:
    """Why a value said of the choice ``letter`` (``gap``: what stands between them) commits to neither when
    the letter's option has no value to hold it against (only letters offered, none listed, or an option
    that is no number), or None. ``C (60)``, ``\\boxed{C} = 60``, ``$\\boxed{A}$, i.e. 60`` state a value
    that may be another option's (a confused letter); a label's text right after the letter's close, ``(C)
    72``, ``(\\boxed{B}) 42``, restates the option as listed, and an option's own words holding the value
    (``C: 2 moles`` for ``2 moles of water``) state that option."""
    closed = _LETTER_SPAN_CLOSE.match(gap)
    said = gap[closed.end() :] if closed is not None else gap
    if not _MATH_OPENING.sub("", said).strip(" \t*_$"):
        return None
    if "(" in gap:
        value = value.split(")", 1)[0]
        if len(value.split()) > 3:  # "C (2 of the options are close)": a remark, not a value stated for C
            return None
    stated = read_number(value)
    if stated.status != "value" or stated.quantity is None:
        return None
    for other, option in zip(letters, options, strict=False):
        if other != letter and option is not None and same_quantity(stated.quantity, option):
            return f"{shown!r} states {stated.text}, the value of choice {other}, for the choice {letter}"
    if own_words and f" {option_key(stated.text)} " in f" {own_words} ":
        return None
    return (
        f"{shown!r} states {stated.text} for the choice {letter}, whose option has no known value to check it"
        " against"
    )


def read_options(choices: Sequence[str]) -> tuple[Quantity | None, ...]:
    """The value of each option text, None where an option is not a number."""
    return tuple(r.quantity if r.status == "value" else None for r in map(read_number, choices))


# an option listed on its own line: "(C) 72", "C) 72", "C. 72", "C: 72"
_LISTED_OPTION = lazy_compile(r"^[ \t*_]*\(?([A-Z])[).:][ \t]*([^\n]{1,80}?)[ \t*_]*$", re.MULTILINE)
# the words that announce a list of options: "Options:", "Answer choices -", "The options are", "The choices
# given were:"
_OPTIONS_HEADING = (
    r"(?:[A-Za-z]+[ \t]+){0,3}(?:options|choices|alternatives)(?:[ \t]+(?:given|offered|listed|provided))?"
    r"(?:[ \t]+(?:are|were)[ \t]*:?|[*_]*[ \t]*[:\-])[*_ \t]*"
)
# so, and the first option maybe on the heading's line: "The options are (A) 12\n(B) 15\n…"
_LISTED_OPTION_HEADED = lazy_compile(
    rf"^[ \t*_#]*(?i:{_OPTIONS_HEADING})?\(?([A-Z])[).:][ \t]*([^\n]{{1,80}}?)[ \t*_]*$", re.MULTILINE
)


def listed_options(text: str, letters: str) -> tuple[Quantity | None, ...]:
    """The values of the options ``text`` lists one per line (``(A) 48`` … ``(D) 96``), aligned with
    ``letters``; empty unless every offered letter is listed exactly once, in order, and at least two are
    numbers (a completion that restates its options says what each letter stands for).

    >>> [str(q) for q in listed_options("Which?\\n(A) 48\\n(B) 60\\n(C) 72\\n(D) 96\\nSo C.", "ABCD")]
    ['48', '60', '72', '96']
    >>> listed_options("(A) 48\\n(C) 72", "ABCD"), listed_options("A: 48\\nA: 50\\nB: 60", "AB")
    ((), ())
    """
    found = _listed(text, letters)
    if not found:
        return ()
    options = read_options([option for _, option in found])
    return options if sum(o is not None for o in options) >= 2 else ()


def _listed(text: str, letters: str) -> list[tuple[str, str]]:
    """Each offered letter and its option's text as ``text`` lists them, one per line or on one line; empty
    unless every letter is listed exactly once, in order."""
    text = plain_option_labels(text)
    found = [(m.group(1), m.group(2)) for m in _LISTED_OPTION_HEADED.finditer(text)]
    return found if [letter for letter, _ in found] == list(letters) else _options_on_one_line(text, letters)


# an option's label as AMC problems typeset it, "\\textbf{(A) }", "\\mathrm{(B)}", "\\text{(C) }", and the
# spacing between options, "\\qquad", "\\quad", "\\hspace{1em}"; "$" around the line
_TYPESET_LABEL = lazy_compile(
    r"\\(?:textbf|mathbf|mathrm|textrm|text|rm|bf)\s*\{\s*(\([A-Z]\))\s*(?:\\[ ,;:]|~)?\s*\}"
)
_TYPESET_SPACE = lazy_compile(r"\\q?quad\b|\\hspace\*?\s*\{[^{}\n]{0,20}\}|\\[ ,;:]|~|\$")


def plain_option_labels(text: str) -> str:
    """``text`` with the options an AMC problem typesets (``$\\textbf{(A) }12\\qquad\\textbf{(B) }15$``)
    written as a plain list writes them (``(A) 12 (B) 15``), so that they are read as one; as it is when it
    typesets no label.

    >>> plain_option_labels("$\\\\textbf{(A) }12\\\\qquad\\\\mathrm{(B)}\\\\ 15\\\\quad\\\\text{(C) }18$")
    '  (A) 12  (B)  15  (C) 18 '
    """
    if "{(" not in text and "{ (" not in text:
        return text  # (the common case: no typeset label)
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if len(_TYPESET_LABEL.findall(line)) >= 2:
            lines[i] = _TYPESET_SPACE.sub(" ", _TYPESET_LABEL.sub(r" \1 ", line))
    return "\n".join(lines)


def option_listed_for(text: str, letter: str) -> str | None:
    """The text of the option ``text`` lists for ``letter``, when it lists options A, B, … (two at least,
    two of them numbers) as :func:`listed_options` reads them: what ``The answer is (C).`` states, against
    a gold that is the option's value; None otherwise.

    >>> option_listed_for("The options are (A) 12, (B) 15, (C) 18, (D) 21. So", "C")
    '18'
    >>> option_listed_for("(A) 12 is too small. (B) 15 is too small.", "B") is None
    True
    """
    for last in range(max(ord(letter), ord("B")), ord("J") + 1):
        letters = "".join(chr(c) for c in range(ord("A"), last + 1))
        if chr(last) not in text:
            break
        found = _listed(text, letters)
        if found and sum(o is not None for o in read_options([option for _, option in found])) >= 2:
            return found[letters.index(letter)][1]
    return None


def _options_on_one_line(text: str, letters: str) -> list[tuple[str, str]]:
    """The options ``text`` lists on one line, each label and its text (``Options: (A) 48 (B) 60 (C) 72 (D)
    96``, ``A. 48 B. 60 C. 72 D. 96``, ``A) 48, B) 60, …``), when one line lists every offered letter in order
    and nothing else (:func:`lists_options`: a line of working that names letters, ``(A) 48 is too small. (B)
    …``, lists none); empty when no line does, or when two lines list them with other texts.

    >>> _options_on_one_line("Options: (A) 48 (B) 60 (C) 72 (D) 96\\nSo C.", "ABCD")
    [('A', '48'), ('B', '60'), ('C', '72'), ('D', '96')]
    >>> _options_on_one_line("(A) 48 is too small. (B) 60 is too small. (C) 72 fits.", "ABC")
    []
    """
    if not letters or letters[0] not in text:  # (a cheap test first: every listing names the first letter)
        return []
    listings: list[list[tuple[str, str]]] = []
    for line in text.splitlines():
        if letters[-1] not in line:
            continue
        body = _LISTING_HEADING.sub("", line, count=1)  # "Options: ", "Answer choices: "
        if len(body) > _OPTIONS_AT_ONCE or not lists_options(body):
            body = _listed_in_a_sentence(line, letters)
            if not body:
                continue
        labels = list(_OPTION_LABEL.finditer(body))
        if [label[1] or label[2] for label in labels] != list(letters):
            continue
        ends = [label.start() for label in labels[1:]] + [len(body)]
        texts = [body[label.end() : end].strip(" \t*_.,;") for label, end in zip(labels, ends, strict=True)]
        if any(len(text) > _ONE_LINE_OPTION or _ABOUT_THE_OPTION.search(text) for text in texts):
            continue  # "(A) 48 is too small. (B) 60 is too small. …": a verdict on each, the working's
        listings.append(list(zip(letters, texts, strict=True)))
    return listings[0] if listings and all(listing == listings[0] for listing in listings) else []


def _listed_in_a_sentence(line: str, letters: str) -> str:
    """The options a sentence of ``line`` lists in its prose, from the first letter's label to the end of the
    sentence or clause the last one's text ends (``The options are (A) 12, (B) 15, (C) 18, (D) 21. Since 6 × 3
    = 18, …`` lists ``(A) 12, (B) 15, (C) 18, (D) 21``), every letter labelled once, in order, as
    :func:`lists_options` reads a list; ``""`` when no sentence of the line lists them.

    >>> _listed_in_a_sentence("The choices are (A) 24, (B) 30, (C) 36. So (B) 36.", "ABC")
    '(A) 24, (B) 30, (C) 36'
    >>> _listed_in_a_sentence("(A) is 24, (B) is 30, (C) is 36.", "ABC")
    ''
    """
    if f"{letters[0]})" not in line and f"{letters[0]}." not in line and f"{letters[0]}:" not in line:
        return ""  # (the cheap test first: the first letter labelled, "(A)", "A)", "A.", "A:")
    for first in _OPTION_LABEL.finditer(line):
        if (first[1] or first[2]) != letters[0]:
            continue
        labels = _OPTION_LABEL.finditer(line, first.end())
        last = next((label for label in labels if (label[1] or label[2]) == letters[-1]), None)
        if last is None:
            continue
        closed = _SENTENCE_CLOSE.search(line, last.end())
        body = line[first.start() : closed.start() if closed is not None else len(line)]
        if len(body) <= _OPTIONS_AT_ONCE and lists_options(body):
            return body
    return ""


_ONE_LINE_OPTION = 40  # an option listed beside others is short: a longer text is a sentence of the working
# where the last option listed in a sentence ends: the sentence's end, or the clause's ("(D) 21, so …")
_SENTENCE_CLOSE = lazy_compile(r"[.!?;,](?=\s|$)")
# the heading a line of options may open on: "Options:", "Answer choices:", "Choices -"
_LISTING_HEADING = lazy_compile(
    r"^[ \t*_#]*(?:[A-Za-z]+[ \t]+){0,2}(?:options|choices)[*_]*[ \t]*[:\-][*_ \t]*", re.IGNORECASE
)


def _is_word(text: str, letter: str, end: int) -> bool:
    """Whether a leading capital is a word, not a choice: ``A bit more than (B)`` (an article), ``I don't
    know``, ``I think D`` (a pronoun): a lowercase word after it, or for ``I`` an apostrophe."""
    if letter not in ("A", "I"):
        return False
    if letter == "I" and text[end : end + 1] in ("'", "’"):
        return True
    return bool(re.match(r"\s+(?!(?:or|and)\b)[a-z]", text[end:]))


_CHOICE_ADVERB = lazy_compile(
    # ("that is, C": 即C, the letter said again, after a marker)
    r"^(?:for\s+sure|definitely|certainly|clearly|surely|obviously|indeed|option|choice|that\s+is(?=\s*,))\b"
    r"[\s,:]*",
    re.IGNORECASE,
)
# "(B)", a line holding only a letter, or a letter named as the choice: "I think it's B", "I choose C"
_LENIENT_CHOICE = lazy_compile(
    # "(B)"; a line holding only a letter, or the letter and its reason: "B because A is too small" (what
    # the reason says is the commitment rules' to read: about the letter itself, it takes the letter back)
    r"\(([A-Z])\)|^\s*\**([A-Z])[).:]?\**(?:\s*$|(?:[ \t]*,[ \t]*|[ \t]+)(?=(?:because|since)\b))"
    r"|\b(?:it'?s|it\s+is|is|choose|pick|select|go\s+with|answer|[Aa]ctually|[Ii]nstead|[Rr]ather|[Ww]ait|[Ss]orry|[Nn]o|[Oo]ops|mean|"
    # "on second thought, B", "on reflection, D", "Correction: B"
    r"thought|reflection|[Cc]orrection|"
    # "It must be B", "the correct option: C", "best choice is D"
    r"be|[Cc]orrect\s+(?:option|choice|letter)|[Bb]est\s+(?:option|choice)|"
    # "That corresponds to Option C", "which corresponds to (B)"
    r"corresponds\s+to)"
    # "which is option B", "I choose choice C", "it's **B**"
    r"\s*[,:]?\s+(?:(?:[Oo]ption|[Cc]hoice)\s+)?(?:\*\*|\*|__|_)?\(?([A-Z])\)?"
    r"(?=[\s.,;!*_]|$)"
    # the letter, then the words that call it the answer: "A is the answer", "Option C is correct", "So B is
    # the correct answer"
    r"|(?<![A-Za-z'])(?:(?:[Oo]ption|[Cc]hoice)\s+)?\**([A-Z])\**\s+is\s+(?:the\s+(?:(?:correct|right|best|final)\s+)?"
    r"(?:answer|option|choice)|correct)\b"
    # a conclusion that is the letter alone: "Therefore, B.", "So **C**", "Hence: D", "…, so B." (the letter
    # ends the sentence: "So, A car …", "Therefore, I think …" and "Thus, B is wrong." name no choice); a
    # hedge before the letter ("Therefore, probably B.") and another letter after it ("So B or C.") are kept
    # in the statement, which the commitment rules then refuse
    r"|(?:^|(?<=[.!?,]))[ \t*_]*(?:[Tt]herefore|[Tt]hus|[Hh]ence|[Ss]o|[Cc]onsequently|[Aa]ccordingly|"
    r"[Ff]inally|[Ii]n\s+conclusion|[Oo]verall)(?:[ \t]*[,:][ \t]*|[ \t]+)"
    r"(?:(?:probably|maybe|perhaps|likely|possibly|most\s+likely|presumably)[ \t]*,?[ \t]*)?"
    r"(?:\*\*|\*|__|_)?[ \t]*([A-Z])[ \t]*(?:\*\*|\*|__|_)?"
    r"(?=(?:[ \t]*,?[ \t]*(?:or|and|,)[ \t]*\(?[A-Z]\)?)?"
    r"[ \t]*(?:[.!](?:\s|$)|\n|$|,?[ \t]*(?:because|since)\b))",
    re.MULTILINE,
)
# "can't be", "cannot be", "must not be", "never be" right before a letter
_NEGATED_BE = lazy_compile(r"(?:n't|\bnot|\bnever|\bcannot)\s+be$", re.IGNORECASE)
# a lower-case letter named as the choice, closing the text: "the correct choice is c", "The best option is
# option (b)."
_LOWER_CALLED_CHOICE = lazy_compile(
    r"\b(?i:correct|right|best)\s+(?i:option|choice|answer|letter)\s+is\s*:?\s+(?:(?i:option|choice)\s+)?"
    r"[*_]*\(?[ \t*_]*([a-j])[ \t*_]*\)?[*_]*[ \t]*[.!]?\s*$"
)
# a label that names the choice, then the letter, upper or lower case, closing the text: "Final: C",
# "Correct option: (d)", "Correct choice: b)", "My choice: **B**", and the one option an elimination leaves,
# "… (D) needs a side of 6.5. Remaining: (C)." ("Final: 3 of the options are wrong", "Correct choice: b) or
# c)" name none)
_LABELLED_CHOICE = lazy_compile(
    r"(?:^|(?<=[.!?\n]))[ \t*_#]*(?i:final|(?:final|my|answer|chosen|selected|correct|right|best)[ \t]+"
    r"(?:option|choice|letter)|(?:the[ \t]+)?(?:only[ \t]+)?(?:one[ \t]+)?remaining"
    r"(?:[ \t]+(?:option|choice))?)"
    r"[ \t*_]*:[ \t*_]*(?:(?i:option|choice)[ \t]+)?"
    r"(?:\([ \t*_]*([a-jA-J])[ \t*_]*\)|([a-jA-J])[ \t*_]*\)|([a-jA-J])(?![\w'’]))[ \t*_]*[.!]?[ \t*_]*\s*$"
)
# an option named by its place as the answer, in a sentence that closes the text and opens on it or on a
# conclusion's word: "The correct choice is option 3.", "Choice #2 is correct.", "The third option is the
# right answer." (a place said otherwise, "Let's check option 3.", "Option 3 is wrong", "option 3 gives 12",
# "If x > 0, the correct choice is option 3", "Nobody would say the correct choice is option 3", is no choice)
_PLACE_CALLED_CHOICE = lazy_compile(
    r"(?:^|(?<=[.!?\n]))[ \t*_]*(?:(?:so|thus|hence|therefore)\b,?[ \t]*)?"
    r"(?P<called>(?:the\s+)?(?:correct|right|best)\s+(?:option|choice|answer)\s+is\s*:?\s+)?[*_]*"
    rf"(?P<place>{_OPTION_PLACE})[ \t*_]*"
    r"(?(called)|\s+is\s+(?:the\s+(?:(?:correct|right|best|final)\s+)?(?:answer|option|choice)|correct|right)\b)"
    r"[ \t*_]*[.!]?[ \t*_]*\s*$",
    re.IGNORECASE,
)
# a completion that opens with its letter: "D. it can't be A or B"
_OPENING_CHOICE = lazy_compile(r"\s*\**\(?([A-Z])\)?\**\s*[.):,]\s+\S")
_OPTION_LINE = lazy_compile(r"^\s*\**\(?[A-Z]\)?\**[.):]\s", re.MULTILINE)
# a line that opens on a letter and its reason: "B because A is too small", "C, since …"
_REASONED_LETTER = lazy_compile(
    r"^[ \t]*\**\(?[A-Z]\)?\**[).:]?[ \t]*,?[ \t]*(?:because|since)\b", re.MULTILINE
)


def _lenient_letter(m: re.Match[str]) -> str:
    """The letter a match of :data:`_LENIENT_CHOICE` names, whichever of its forms matched."""
    return m[1] or m[2] or m[3] or m[4] or m[5]


# a reason's opening word: what follows it explains the answer before it
_REASON_OPENING = lazy_compile(
    r"\b(?:because|since|as|while|whereas)\s+(?:option\s+|choice\s+)?\($", re.IGNORECASE
)


def _reason_about_another(region: str, chosen: re.Match[str], named: re.Match[str]) -> bool:
    """Whether the letter ``named`` is the subject of a reason that calls it wrong, given in the sentence
    that chose the letter ``chosen`` (``It's B, because (A) is incorrect.``)."""
    between = region[chosen.end() : named.start() + 1]
    if any(stop in between for stop in ".;!?\n") or not _REASON_OPENING.search(between):
        return False
    return in_reason_about_it(region, named.start()) and _lenient_letter(chosen) != _lenient_letter(named)


def last_choice(region: str, letters: str, base: int) -> Answer | None:
    """Lenient multiple-choice fallback: the last ``(X)``, a line holding only a letter or a letter named as
    the choice (``therefore I think it's B``); else a completion that opens with its letter (``D. it can't
    be A or B``), when no other line is labelled with a letter (a list of the options is not an answer)."""
    last = None
    for m in _LENIENT_CHOICE.finditer(region):
        letter = _lenient_letter(m)
        if letter in letters and not (m.group(3) and _is_word(region, letter, m.end())):
            if m.group(1) and _lists_options(region, m.start()):
                continue  # "(A) 12  (B) 15  (C) 18  (D) 21": the question's options, copied, are no answer
            if m.group(3) and _NEGATED_BE.search(region, max(0, m.start() - 12), m.start() + 2):
                # "it can't be A": a letter ruled out, no candidate for the answer; ruling out the letter
                # named last ("only (B) works. It cannot be (B).") leaves that statement the one the
                # commitment rules read, and refuse
                if last is not None and _lenient_letter(last) == letter:
                    last = m
                continue
            if m.group(1) and last is not None and _reason_about_another(region, last, m):
                continue  # "It's B, because (A) is incorrect.": the reason's letter is ruled out, B stands
            if (
                m.group(2)
                and region[m.end() : m.end() + 1] not in ("", "\n")
                and len(_REASONED_LETTER.findall(region)) > 1
            ):
                continue  # "A because it is too small.\nB because …": each option's reason, none chosen
            last = m
    body = region.rstrip()
    polite = POLITE_TAIL.search(body, max(0, len(body) - 300))
    body = body[: polite.start()] if polite is not None else body  # "…\n\nI hope this helps!"
    tail_at = max(0, len(body) - 160)  # (the pattern closes the text: its tail is enough)
    spoken = _LOWER_CALLED_CHOICE.search(body, tail_at)
    if (
        spoken is not None
        and spoken[1].upper() in letters
        and (last is None or spoken.start() > last.start())
    ):
        # "the correct choice is c": a lower-case letter that the sentence names as the choice, as after a
        # marker ("The answer is: b")
        return Answer(spoken[1], "choice", base + spoken.start(1), base + spoken.end(1), True)
    labelled = _LABELLED_CHOICE.search(body, tail_at) if ":" in body[tail_at:] else None
    said = (labelled[1] or labelled[2] or labelled[3]) if labelled is not None else None
    if labelled is not None and said is not None and said.upper() in letters:
        # "Final: C", "Correct option: (d)": a label that names the choice, read as the marker "Answer:" is
        # (a letter chosen before it is overridden by the label that closes the text)
        at = labelled.start(1) if labelled[1] else labelled.start(2) if labelled[2] else labelled.start(3)
        return Answer(said.upper(), "choice", base + at, base + at + 1, True)
    placed = _PLACE_CALLED_CHOICE.search(body, tail_at) if "ption" in body or "hoice" in body else None
    if (
        placed is not None
        and (last is None or placed.start() > last.start())
        # ("The second one is correct.": with no marker, "one" is as often a value of the working's)
        and not placed["place"].lower().endswith("one")
    ):
        # "The correct choice is option 3.": the option's place, read as the marker reads it ("Answer: option
        # 3"), its letter in the list
        place = placed["place"]
        return Answer(place, "choice", base + placed.start("place"), base + placed.end("place"), True)
    if last is not None:
        letter = _lenient_letter(last)
        if last.group(4):  # the answer is the letter, not the words after it that call it so
            return Answer(letter, "choice", base + last.start(4), base + last.end(4), True)
        if last.group(5):  # "Therefore, B.": the letter, the conclusion's word before it hedges nothing
            return Answer(letter, "choice", base + last.start(5), base + last.end(5), True)
        # a letter named after a word ("it must be B") spans from the letter: the words before it are the
        # statement's, read for a hedge or a negation as before any value ("It might be B")
        start = last.start(3) if last.group(3) else last.start()
        if last.group(3):
            start -= len(last.string[:start]) - len(last.string[:start].rstrip("(*_"))
        return Answer(letter, "choice", base + start, base + last.end(), True)
    opening = _OPENING_CHOICE.match(region)
    if (
        opening is not None
        and opening.group(1) in letters
        and len(_OPTION_LINE.findall(region)) <= 1
        # "(A) 12 (B) 24 (C) 36 (D) 48": the options listed on the opening line, none chosen
        and not lists_options(region.partition("\n")[0])
    ):
        return Answer(opening.group(1), "choice", base + opening.start(1), base + opening.end(1), True)
    return _restated_option(region, letters, base)


# an option restated on the closing line, its letter maybe emphasised or spaced: "A) 12", "**A**) 12"
_RESTATED_OPTION = lazy_compile(r"[ \t*_]*\(?[ \t*_]*([A-Z])[ \t*_]*[).:][ \t]*([^\n]{1,80}?)[ \t*_]*")


# a closing option labelled as a list labels it, its letter closed by a bracket: "C) 18", "**C)** 18"
_CLOSING_LABEL = lazy_compile(r"[ \t*_]*\(?[ \t*_]*[A-Z][ \t*_]*\)")


def _restated_option(region: str, letters: str, base: int) -> Answer | None:
    """The option a completion closes on, restated as the list it copied wrote it (``A) 12\\nB) 24\\n…`` then
    the work, then ``A) 12``), after a line that is not an option's: the one option it comes back to. A
    closing line that adds anything to the option's text (``A) 12 is too small``) or that ends the list
    itself is no choice.

    >>> _restated_option("A) 12\\nB) 24\\n\\n3 * 4 = 12, so\\nA) 12", "AB", 0)
    Answer(text='A', rule='choice', start=28, end=29, lenient=True)
    >>> _restated_option("A) 12\\nB) 24\\n\\nA is too small.\\nB) 24 is too big", "AB", 0) is None
    True
    """
    body = region.rstrip()
    polite = POLITE_TAIL.search(body, max(0, len(body) - 300)) if "\n" in body else None
    if polite is not None:  # "…\nA) 12\n\nI hope this helps!"
        body = body[: polite.start()].rstrip()
    start = body.rfind("\n") + 1
    closing = _RESTATED_OPTION.fullmatch(body, start)
    if closing is None or closing[1] not in letters or start == 0 or lists_options(body[start:]):
        return None  # (a closing line that lists every option, "(A) 12 (B) 15 (C) 18", restates none)
    before = body[:start].rstrip()
    previous = before.rfind("\n") + 1
    if _LISTED_OPTION.fullmatch(before, previous) or _RESTATED_OPTION.fullmatch(before, previous):
        return None  # the last line of the list itself ("**A**) 1\n**B**) 2": its labels emphasised too)
    said = " ".join(closing[2].split()).casefold()
    listed: dict[str, str] = {}
    for m in _LISTED_OPTION.finditer(before):
        listed.setdefault(m[1], " ".join(m[2].split()).casefold())
    if not listed and _CLOSING_LABEL.match(body, start) and not _ABOUT_THE_OPTION.search(closing[2]):
        # "6 × 3 = 18.\n\nC) 18": no option listed, the work closes on one option as a list labels it, the
        # letter chosen ("C: 18" may be "A: 18", an answer's label, and "C) 18 is too big" judges the option)
        at = base + closing.start(1)
        return Answer(closing[1], "choice", at, at + 1, True)
    if len(listed) < 2 or listed.get(closing[1]) != said:
        return None
    at = base + closing.start(1)
    return Answer(closing[1], "choice", at, at + 1, True)


# a verdict on one option, opening its sentence or line: "(A) is incorrect", "B: correct", "Option C is
# right.", "**D** — wrong", "(C) 18 is correct" (the option's value said between); and the verdict as a
# label's text, alone or with its reason: "A) Incorrect.", "B) Correct — it matches."
_OPTION_VERDICT = lazy_compile(
    r"(?:^|(?<=[.;!?\n]))[ \t*_>-]*(?:(?i:option|choice|statement)[ \t]+)?"
    r"\(?[ \t*_]*(?P<letter>[A-J])[ \t*_]*(?P<closer>[).])?[*_]*"
    r"(?:(?P<value>[ \t]+\$?[-−]?\d[\d,]*(?:\.\d+)?(?:/\d+)?%?\$?(?:[ \t]+[a-z]+)?)?[*_]*"
    r"(?:[ \t]*is[ \t]+|[ \t]*[:—–-][ \t]*)|(?(closer)(?P<label>[ \t]+)|(?!)))"
    r"(?:(?i:also|definitely|clearly|thus|therefore)[ \t]+)?[*_]*"
    r"(?P<verdict>(?i:not[ \t]+correct|incorrect|correct|right|wrong|true|false|invalid|valid))\b"
    # a label's text that is the verdict ends there, or gives its reason ("B) Correct answer" is no verdict)
    r"(?(label)(?=[ \t*_]*(?:[.!;,:(—–-]|\n|$)|[ \t]+(?i:because|since|as)\b))"
)
_VERDICT_TAIL_CHARS = 2000
_VERDICT_STEMS = ("orrect", "ight", "rong", "rue", "alse", "alid")
_CALLED_RIGHT = frozenset({"correct", "right", "true", "valid"})
# a label's text that is a verdict ("A) True\nB) False") is how a question lists options as well: it reads as
# a verdict in a list calling two options or more wrong, which no question's own options do
_WRONG_IN_A_LIST = 2
# how a sentence after the verdicts ends when it is finished ("The answer is" stops short)
_ENDS_A_STATEMENT = frozenset(".!)]}*_$`'\"”’")
# an option's letter named in a sentence ("cannot be (B)", "so B is out"); not the article or pronoun
_NAMES_A_LETTER = lazy_compile(r"\([A-J]\)|(?<![\w'’])(?![AI]\s+[a-z])[A-J](?![\w'’])")


def _option_verdict_list(region: str, letters: str) -> tuple[dict[str, tuple[bool, re.Match[str]]], int]:
    """The verdict on each option a verdict list in the region's tail gives (its last verdict on it, True
    for correct), and where the list ends; empty when it gives none."""
    said: dict[str, tuple[bool, re.Match[str]]] = {}
    if not any(stem in region for stem in _VERDICT_STEMS):
        return said, 0
    for m in _OPTION_VERDICT.finditer(region, max(0, len(region) - _VERDICT_TAIL_CHARS)):
        if m["letter"] in letters:
            said[m["letter"]] = (m["verdict"].lower() in _CALLED_RIGHT, m)
    if sum(not right for right, _ in said.values()) < _WRONG_IN_A_LIST:
        said = {letter: (right, m) for letter, (right, m) in said.items() if m["label"] is None}
    return said, max((m.end() for _, m in said.values()), default=0)


def option_verdicts(region: str, letters: str, base: int) -> Answer | str | None:
    """The one option a verdict list calls correct (``(A) is incorrect. (B) is incorrect. (C) is correct.``,
    ``A: wrong\nB: right``, ``A) Incorrect.\\nB) Correct.\\nC) Incorrect.``), as a lenient answer, or the
    letter a sentence after the list chooses when it is the same one (``… Therefore, B.``); why it commits to
    none when it calls several correct (``A is correct. B is correct.``) or chooses another option after
    (``B) Correct. … So (C).``, unless a correction opens the way: ``Wait, …``); None when the region gives
    no verdict on two options or more, or calls none correct.

    >>> option_verdicts("(A) is incorrect. (B) is correct. (C) is incorrect.", "ABCD", 0).text
    'B'
    >>> option_verdicts("A is correct. B is correct. C is wrong.", "ABCD", 0)
    'several options are called correct: A, B'
    >>> option_verdicts("A) Incorrect.\\nB) Correct.\\nC) Incorrect.\\n\\nSo (C).", "ABCD", 0)
    'the option called correct is B, but C is chosen after it'
    >>> option_verdicts("C is correct.", "ABCD", 0) is None
    True
    """
    said, end = _option_verdict_list(region, letters)
    if len(said) < 2:
        return None
    called = [letter for letter, (right, _) in said.items() if right]
    if len(called) > 1:
        return f"several options are called correct: {', '.join(sorted(called))}"
    if not called:
        return None
    # what follows the list, past the line of its last verdict (that line's reason is the verdict's)
    line_end = region.find("\n", end)
    after = len(region) if line_end < 0 else line_end
    later = last_choice(region[after:], letters, base + after)
    if later is not None:
        if later.text == called[0] or RETRACTION.search(region, end, later.start - base):
            return later  # "… Therefore, B.", "… Wait, (B) is wrong after all: so (C).": the statement judged
        return f"the option called correct is {called[0]}, but {later.text} is chosen after it"
    tail = POLITE_TAIL.sub("", region[after:]).strip()
    if tail and (tail[-1] not in _ENDS_A_STATEMENT or _NAMES_A_LETTER.search(tail)):
        # "… The answer cannot be (B).", "… The answer is": the text goes on about the options, or stops,
        # without choosing one; what the verdicts said is not its last word
        return f"after the verdicts, {tail[-60:]!r} chooses no option"
    m = said[called[0]][1]
    if m["value"] is None:
        return Answer(called[0], "choice", base + m.start("letter"), base + m.end("letter"), True)
    # "(C) 18 is correct": the letter with the value said for it, read together (another option's value
    # beside the letter commits to neither)
    start = m.start("letter") - (region[m.start("letter") - 1 : m.start("letter")] == "(")
    return Answer(region[start : m.end("value")], "choice", base + start, base + m.end("value"), True)


def without_option_verdicts(text: str) -> str:
    """``text`` without the verdicts it gives on options (``C) Incorrect.``, ``(D) is wrong``): what else it
    says, as a sentence of its own does (a verdict "Wrong." on another option takes nothing back).

    >>> without_option_verdicts(" because it fits.\\nC) Wrong.\\nD) Wrong. Just kidding.")
    ' because it fits.\\n.\\n. Just kidding.'
    """
    if not any(stem in text for stem in _VERDICT_STEMS):
        return text
    return _OPTION_VERDICT.sub("", text)


def chosen_against_verdicts(before: str, letters: str, letter: str) -> str | None:
    """Why the choice ``letter``, stated after the text ``before``, is not the option a verdict list in that
    text calls correct (``(A) is wrong. (B) is correct. (C) is wrong.`` then ``The answer is C.``), or None:
    the text gives two answers. A correction between the list and the statement (``Wait, …``) makes the
    statement the answer.

    >>> chosen_against_verdicts("A) Incorrect.\\nB) Correct.\\nC) Incorrect.\\n", "ABCD", "C")
    'the option called correct is B, but C is chosen after it'
    >>> chosen_against_verdicts("A) Incorrect.\\nB) Correct.\\nC) Incorrect.\\nWait, B fails.", "ABCD", "C")
    """
    said, end = _option_verdict_list(before, letters)
    called = [chosen for chosen, (right, _) in said.items() if right]
    if len(said) < 2 or len(called) != 1 or called[0] == letter or RETRACTION.search(before, end):
        return None
    return f"the option called correct is {called[0]}, but {letter} is chosen after it"


# an option named by its words, then the words that call it the answer: "Alina is the answer", "So New York
# is the correct answer", "Mount Everest is correct" (capitalised words, as an option's name is written)
_WORDS_CALLED_ANSWER = lazy_compile(
    r"(?<![\w'’])(?P<words>[A-Z][A-Za-z'’-]+(?:[ \t]+[A-Z][A-Za-z'’-]+){0,3})[*_]*[ \t]+is[ \t]+"
    r"(?:the[ \t]+(?:(?:correct|right|best|final)[ \t]+)?(?:answer|option|choice)|correct)\b"
    r"(?![ \t]+(?:to|for|of)\b)"
)
# a word that opens the sentence before the option's name, not part of it ("So Alina is the answer")
_OPENING_CONNECTIVE = lazy_compile(r"(?:So|Thus|Hence|Therefore|Then|Clearly|Obviously|Finally)[ \t]+")
_CALLED_TAIL_CHARS = 400
_CALLED_SENTENCE_END = lazy_compile(r"[.!?;\n]")
_ALTERNATIVE_AFTER = lazy_compile(r"\b(?:or|maybe|perhaps|possibly|unless|if)\b", re.IGNORECASE)


def option_called_answer(region: str, base: int) -> Answer | None:
    """The last option named by its words and called the answer in the region's tail (``Alina is the
    answer``), for a lettered gold whose option has words; the grader reads the words as it reads them after a
    marker. None when no such sentence is there.

    >>> option_called_answer("We check each friend. So Alina is the answer.", 0).text
    'Alina'
    >>> option_called_answer("Alina is not the answer.", 0) is None
    True
    """
    at = max(0, len(region) - _CALLED_TAIL_CHARS)
    if " is " not in region[at:]:
        return None
    last = None
    for m in _WORDS_CALLED_ANSWER.finditer(region, at):
        last = m
    if last is None:
        return None
    rest = _CALLED_SENTENCE_END.split(region[last.end() : last.end() + 200], maxsplit=1)[0]
    if _ALTERNATIVE_AFTER.search(rest):
        return None  # "Alina is the answer, or maybe Bob": another option offered, no commitment
    start = last.start("words")
    opening = _OPENING_CONNECTIVE.match(region, start)
    if opening is not None and opening.end() < last.end("words"):
        start = opening.end()
    return Answer(region[start : last.end("words")], "choice", base + start, base + last.end("words"), True)


# a parenthesis closing the text right after a value and its words ("$15 (3 hours at $5).", "13 eggs left
# (16 - 3).", "72 (see step 3)")
_CLOSING_ASIDE = lazy_compile(
    r"\d%?(?:[*_$}\]]|\\[)\]])*(?:[ \t]+[^\W\d_]+){0,3}[*_]*[ \t]*"
    r"(?P<open>\()(?P<inside>[^()\n]{1,120})\)[ \t.!*_]*\s*$"
)
# what makes that parenthesis an aside, not the value said again ("(3/2)", "(sixteen)"): a word of two letters
# or more beside a number, or arithmetic
# ... and a parenthesis that offers the value again or another one is read as it always was ("(or 13)", "(or
# equivalently $x = 5.0$)", "(i.e. 15.0)")
_ASIDE_RESTATES = lazy_compile(
    rf"\s*(?:or|i\.?\s?e\.?|equivalently|a\.?k\.?a\.?|also|{RESTATING})(?:\b|(?<=\.))", re.IGNORECASE
)
_ASIDE_SAYS = lazy_compile(r"\d.*?[^\W\d_]{2,}|[^\W\d_]{2,}.*?\d|\d\s*(?:[-+*×·=]|\s-\s)\s*[$€£]?\d")
# an approximation that closes the text after an exact value: "$\\frac{1}{6}$, i.e. about 0.17.", "$4\\pi$
# square units, which is about 12.57.", "1/6 ≈ 16.7%", "(approximately 0.1667)": the value before it is the
# answer, the approximation restates it (a bound, "nearly 12", is no restatement; "… 72 and she keeps about
# 10" is no approximation of 72)
_CLOSING_APPROXIMATION = lazy_compile(
    # the exact value: math, or a fraction ("2 kg, which is approximately 2000" restates in another unit)
    r"(?:[$\]}]|\\[)\]]|\d/\d+)[*_]*(?:[ \t]+[^\W\d_]+){0,3}"
    r"(?P<cut>(?:[ \t]*,[ \t]*(?:i\.\s?e\.,?|that\s+is,?|which\s+is|which\s+comes\s+to)?|[ \t]*\(|"
    rf"[ \t]+(?:i\.\s?e\.,?|which\s+is))[ \t]*(?:{RESTATING_APPROXIMATION})|"
    r"[ \t]*(?:≈|~|\\approx))[ \t]*"
    # (an approximation in another unit, "2 kg, which is about 2000 g", is left to the unit readers)
    r"(?P<approximation>[-−]?\$?\d[\d,]*(?:\.\d+)?[ \t]*(?:%|percent)?)[ \t]*\)?[.!*_]*\s*$",
    re.IGNORECASE,
)
_APPROXIMATION_WORDS = ("about", "approx", "roughly", "around", "≈", "~")


# a clause that closes the text after the value it explains, the reason for it ("They need 7 buses, since 6
# buses hold only 270 students."): the value before it is the statement's, the reason's numbers are givens
# (a share said after a value, "45 pages, which is 37.5% of the book", answers whichever the question asks)
_CLOSING_REASON = lazy_compile(
    r"\d%?[*_$]*(?:[ \t]+[^\W\d_]+){0,3}[*_]*"
    r"(?P<cut>,[ \t]*(?:since|because)\b[^.!?\n]*?\d[^.!?\n]*[.!]?)[ \t*_]*\s*$",
    re.IGNORECASE,
)


def _without_closing_reason(region: str) -> str:
    """``region`` without the reason or share that closes it after a value (:data:`_CLOSING_REASON`), or as it
    is."""
    tail = region[-300:]
    if "since" not in tail and "ecause" not in tail:
        return region  # (most texts: none of the clause's words at their end)
    closing = _CLOSING_REASON.search(POLITE_TAIL.sub("", tail))
    return region if closing is None else region[: len(region) - len(tail) + closing.start("cut")]


def closing_approximation(region: str) -> tuple[int, str, bool] | None:
    """Where the approximation that closes ``region`` after an exact value starts
    (:data:`_CLOSING_APPROXIMATION`: ``1/6, i.e. about 0.17``), the number it gives, and whether it says it in
    words (``about``, ``roughly``) rather than with a sign (``≈``); None when the region closes on none.

    >>> closing_approximation("So the probability is 1/3, approximately 0.4.")
    (25, '0.4', True)
    >>> closing_approximation("It is 1/6 ≈ 0.17"), closing_approximation("She has about 12.")
    ((9, '0.17', False), None)
    """
    tail = region[-240:]
    lowered = tail.lower()
    if not any(word in lowered for word in _APPROXIMATION_WORDS):
        return None  # (most texts: no approximation word at their end)
    # (before a courtesy that closes the text: "… about 0.17.\n\nI hope this helps!"; removed from the end,
    # it moves no position before it)
    closing = _CLOSING_APPROXIMATION.search(POLITE_TAIL.sub("", tail))
    if closing is None:
        return None
    cut = closing["cut"].strip(" \t")
    worded = cut not in ("≈", "~", "\\approx")
    return len(region) - len(tail) + closing.start("cut"), closing["approximation"].strip(), worded


def _without_closing_approximation(region: str) -> str:
    """``region`` without the approximation that closes it after an exact value
    (:data:`_CLOSING_APPROXIMATION`), or as it is."""
    closing = closing_approximation(region)
    return region if closing is None else region[: closing[0]]


# a currency named in words after a number: the number reader reads it with the number ("72 cents" is not $72)
_CURRENCY_WORD_AFTER = lazy_compile(
    r"[ \t]+(?i:cents?|dollars?|bucks|euros?|yuan|yen|rupees?|pesos?|pence|penny)(?![A-Za-z])"
)

# a currency sign written after its amount, as continental and Canadian French write it ("12,50 €", "2,74 $");
# a "$" only where it is the text's one dollar sign (so no math delimiter: "$1,22 $" is math around 1,22)
_SIGN_AFTER = lazy_compile(r"[ \u00a0\u202f]?[€₽]|[ \u00a0\u202f]\$")
_BEFORE_A_SIGN_AFTER = frozenset(" \u00a0\u202f€₽$")


def _currency_sign_after(region: str, at: int) -> int | None:
    """Where a currency sign written right after the amount ending at ``at`` ends, or None."""
    sign = _SIGN_AFTER.match(region, at)
    if sign is None or (region[sign.end() - 1] == "$" and region.count("$") != 1):
        return None
    return sign.end()


# what a numeral's span opens on (a span of number words, "seventy-two cents", is read by the words reader)
_OPENS_A_NUMERAL = frozenset("-−$€£¥0123456789.")


def _lists_options(region: str, at: int) -> bool:
    """Whether the line holding ``at`` labels two options or more (``(A) 12  (B) 15``), or opens on an
    option's label next to another line that does (``(A) 12\n(B) 15``), as a question's list of options
    does."""
    start = region.rfind("\n", 0, at) + 1
    end = region.find("\n", at)
    if len(_PAREN_LETTER.findall(region, start, len(region) if end < 0 else end)) >= 2:
        return True
    if not _LABELLED_LINE.match(region, start):
        return False  # "(C)" alone on its line: a letter chosen
    before = region.rfind("\n", 0, start - 1) + 1 if start > 0 else -1
    return (before >= 0 and _LABELLED_LINE.match(region, before) is not None) or (
        end >= 0 and _LABELLED_LINE.match(region, end + 1) is not None
    )


# a line that opens on an option's label and goes on with the option's text: "(A) 12", "B) 15"
_LABELLED_LINE = lazy_compile(r"[ \t]*[*_]*\(?[ \t*_]*[A-Z][ \t*_]*\)?[*_]*[.):][ \t]*[*_]*[ \t]*[^\s*_]")


_PAREN_LETTER = lazy_compile(r"\(\s*[A-Z]\s*\)")
_LETTERS = lazy_compile(r"[A-Za-z]")
_DIGIT = lazy_compile(r"\d")
_MEMBER_OF = lazy_compile(r"^[A-Za-z]\s*\\in\s*")  # "x \in [-2, 7]" answers with the set


# "… + k\\pi \\text{ for } k \\in \\mathbb{Z}", "…, n \\in ℤ": the range of a family's integer parameter
_PARAMETER_RANGE = lazy_compile(
    r"[\s,;]*(?:\\q?quad\s*)?(?:(?:for|where)(?:\s+(?:all|any|every|some))?\s*|\\forall\s*)?"
    r"([kmn])\s*(?:\\in|∈)\s*(?:\\mathbb\s*\{\s*Z\s*\}|\\mathbb\s*Z|ℤ|\\Z\b)\s*$"
)


def _without_parameter_range(text: str) -> str:
    """``text`` without a closing ``for k \\in \\mathbb{Z}`` when ``k`` is a parameter of what precedes it: it
    says which values the parameter takes, not a value of the answer."""
    m = _PARAMETER_RANGE.search(text)
    if m is None or not re.search(rf"(?<![A-Za-z\\]){m[1]}(?![A-Za-z])", text[: m.start()]):
        return text
    return text[: m.start()]


@lru_cache(maxsize=4096)
def read_math(span: str) -> Reading:
    """Read a span as a math expression (LaTeX or ASCII) into a tree; the whole span must parse.

    >>> read_math("\\\\frac{\\\\sqrt{3}}{2}").status, read_math("2x+").status
    ('value', 'unparseable')
    """
    from rewardkit.latex import MathParseError, parse_math

    text = _MEMBER_OF.sub("", clean_span(span))
    if "\\in" in text or "ℤ" in text:
        text = _without_parameter_range(text)
    if ("\\choose" in text or "\\over" in text) and not text.startswith("{"):
        text = "{" + text + "}"  # TeX's infix forms need their group, which cleaning removed
    if len(text) > MAX_SPAN_CHARS:
        return Reading("unparseable", text=text[:80] + "…", why=f"the answer is {len(text)} characters long")
    if not text:
        return Reading("none", text=text)
    try:
        return Reading("value", node=parse_math(text), text=text)
    except MathParseError as exc:
        return Reading("unparseable", text=text, why=f"cannot read {text!r} as math: {exc}")


APPROX = lazy_compile(r"\\approx|≈|\\simeq|\\thickapprox")


def split_approximation(text: str) -> tuple[str, str]:
    """``\\frac13 \\approx 0.333`` → (``\\frac13``, ``0.333``): the exact statement and its approximation."""
    exact, approximate = APPROX.split(text, maxsplit=1)
    return exact.strip().rstrip("=").strip(), approximate
