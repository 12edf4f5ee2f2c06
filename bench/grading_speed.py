"""Grading speed and agreement: rewardkit vs math-verify on the same inputs, in one run.

    .venv/bin/python bench/grading_speed.py                      # every suite, full size
    .venv/bin/python bench/grading_speed.py --limit 500          # quick look
    .venv/bin/python bench/grading_speed.py --suites gsm8k_real --json out/bench.json
    .venv/bin/python bench/grading_speed.py --suites math500_boxed,math500_alt,grade_many --limit 300

Prints a markdown table per run: throughput of each grader, their ratio, agreement of each grader with the
labels and with each other, and rewardkit's slowest single item; then a targets table, and (``grade_many``
in ``--suites``) grade_many's workers=2 vs workers=1 speedup. Ratios are the numbers to quote; absolute
throughput depends on the machine.

Adding a suite: write ``<name>_rows(data_dir)`` returning ``(group, (completion, gold, label_or_None))``
pairs and register it with ``@suite("<name>")``; ``SUITES[name].items(data_dir)`` gives the plain
``(completion, gold, label_or_None)`` list. ``group`` drives the per-group breakdown (model, answer style,
subject); ``label`` is ``None`` where the data has no ground truth. Adding a grader (another peer, or
``grade_many`` with workers): a ``Grader`` for per-item timing, or a function returning a ``Run``.
"""

from __future__ import annotations

import argparse
import functools
import gc
import json
import logging
import os
import platform
import random
import re
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
# Benchmark the checkout this file lives in, not whatever rewardkit happens to be installed.
sys.path.insert(0, str(REPO))

Item = tuple[str, str, "bool | None"]  # (completion, gold, label_or_None)
Row = tuple[str, Item]  # (group, item)

WARMUP_ITEMS = 50
BLOCK_ITEMS = 250  # graders take turns in blocks of this many items
SLOWEST = 5  # rewardkit's slowest items listed per suite in the JSON


# --------------------------------------------------------------------------------------------- suites


@dataclass(frozen=True)
class Suite:
    name: str
    rows: Callable[[Path], list[Row]]
    doc: str
    latex_gold: bool = False  # golds are bare LaTeX: math-verify reads them as "$gold$" (its documented way)

    def items(self, data_dir: Path) -> list[Item]:
        return [item for _, item in self.rows(data_dir)]


SUITES: dict[str, Suite] = {}


def suite(
    name: str, *, latex_gold: bool = False
) -> Callable[[Callable[[Path], list[Row]]], Callable[[Path], list[Row]]]:
    """Register ``fn(data_dir) -> [(group, (completion, gold, label_or_None)), ...]`` as a suite."""

    def register(fn: Callable[[Path], list[Row]]) -> Callable[[Path], list[Row]]:
        SUITES[name] = Suite(name, fn, (fn.__doc__ or "").strip().splitlines()[0], latex_gold)
        return fn

    return register


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


GSM8K_MODELS = ("6b_finetuning", "6b_verification", "175b_finetuning", "175b_verification")


@suite("gsm8k_real")
def gsm8k_real_rows(data_dir: Path) -> list[Row]:
    """Real model completions on GSM8K test (4 models x 1319), labelled by the data set's is_correct."""
    rows: list[Row] = []
    for rec in _read_jsonl(data_dir / "gsm8k" / "example_model_solutions.jsonl"):
        gold = rec["ground_truth"].rsplit("A:", 1)[-1].strip()  # e.g. "18", "5,600", "-10"
        for model in GSM8K_MODELS:
            sol = rec[model]
            rows.append((model, (sol["solution"], gold, bool(sol["is_correct"]))))
    return rows


_ONES = [
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
]  # fmt: skip
_TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]


def int_to_words(n: int) -> str:
    """English words for 0 <= n < 1000, e.g. 125 -> 'one hundred twenty-five'."""
    if not 0 <= n < 1000:
        raise ValueError(n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + ("-" + _ONES[ones] if ones else "")
    hundreds, rest = divmod(n, 100)
    return _ONES[hundreds] + " hundred" + (" " + int_to_words(rest) if rest else "")


# Fixed reasoning line in front of every style: no digits, so the only numbers are the ones the style adds.
_REASONING = "Let me work through the quantities in the problem one step at a time.\n"

# (style, label, render(n, index) -> answer text or None when the style does not apply to n)
_STYLES: list[tuple[str, bool, Callable[[int, int], str | None]]] = [
    ("boxed", True, lambda n, i: f"So the final result is \\boxed{{{n}}}."),
    ("answer_is", True, lambda n, i: f"The answer is {n}."),
    ("final_answer", True, lambda n, i: f"Final Answer: {n}"),
    ("hashes", True, lambda n, i: f"#### {n}"),
    ("bold_dollar", True, lambda n, i: f"**Answer:** ${n}"),
    ("thousands_sep", True, lambda n, i: f"The answer is {n:,}." if abs(n) >= 1000 else None),
    ("trailing_zeros", True, lambda n, i: f"The answer is {n}.0" if i % 2 else f"Answer: {n}.00"),
    (
        "minerva",
        True,
        lambda n, i: f"The final answer is $\\boxed{{{n}}}$. I hope it is correct.",
    ),
    (
        "think",
        True,
        lambda n, i: f"<think>Maybe it is {n + 3}? No, let me recheck the steps.</think> The answer is {n}",
    ),
    ("unit_word", True, lambda n, i: f"Answer: {n} dollars"),
    ("spelled_out", True, lambda n, i: f"The answer is {int_to_words(n)}." if 0 <= n < 1000 else None),
    (
        "self_correction",
        True,
        lambda n, i: f"The answer is {n + 1}. Wait, I made an error. The answer is {n}.",
    ),
    # Must-be-wrong variants: without them "agreement" would only measure recall.
    ("wrong_answer_is", False, lambda n, i: f"The answer is {n + 1}."),
    ("wrong_boxed", False, lambda n, i: f"So the final result is \\boxed{{{n + 1}}}."),
    (
        "wrong_after_correction",
        False,
        lambda n, i: f"The answer is {n}. Wait, I made an error. The answer is {n + 1}.",
    ),
    (
        "wrong_gold_in_reasoning",
        False,
        lambda n, i: f"Halfway through we have {n} left over.\nThe answer is {n + 1}.",
    ),
]


@suite("gsm8k_styles")
def gsm8k_styles_rows(data_dir: Path) -> list[Row]:
    """GSM8K test golds rendered in common answer styles, plus must-be-wrong variants (N+1)."""
    rows: list[Row] = []
    for i, rec in enumerate(_read_jsonl(data_dir / "gsm8k" / "test.jsonl")):
        gold = rec["answer"].rsplit("#### ", 1)[-1].strip().replace(",", "")
        n = int(gold)  # every GSM8K test answer is an integer
        for style, label, render in _STYLES:
            answer = render(n, i)
            if answer is not None:
                rows.append((style, (_REASONING + answer, gold, label)))
    return rows


# MATH-500 suites. The golds are LaTeX; the bench reads them with math-verify's own parser (trusted data,
# never model output) only to *build* items: wrong variants and sympy-derived alternative forms. rewardkit
# never sees that parse.

_MATH_REASONING = (
    "We start from the given conditions and rewrite them in a simpler form.\n"
    "Combining the terms and simplifying step by step gives the value below.\n"
)
# gold text that names units, text, bases or percent: sympy forms of those would not be faithful
_NOT_PLAIN_MATH = re.compile(r"\\text|\\mbox|\\%|%|\\circ|\\\$|\$|_|\\pm|\\mp|\\!|\\,|\\;")


def _boxed(answer: str) -> str:
    return f"{_MATH_REASONING}Therefore, the answer is $\\boxed{{{answer}}}$."


def _minerva(answer: str) -> str:
    return f"{_MATH_REASONING}The final answer is ${answer}$. I hope it is correct."


@functools.cache
def _math500_golds(data_dir: Path) -> tuple[str, ...]:
    return tuple(rec["answer"] for rec in _read_jsonl(data_dir / "math500" / "test.jsonl"))


def _sympy_read(latex: str) -> Any:
    """The first sympy object math-verify's parser reads from ``$latex$``, or None."""
    logging.getLogger("math_verify").setLevel(logging.CRITICAL)
    from math_verify import parse

    try:
        found = parse(f"${latex}$")
    except Exception:
        return None
    return found[0] if found and not isinstance(found[0], str) else None


def _is_expr(obj: Any) -> bool:
    import sympy

    return isinstance(obj, sympy.Expr) and not isinstance(obj, sympy.MatrixBase)


def _is_tuple_of_exprs(obj: Any) -> bool:
    import sympy

    return isinstance(obj, sympy.Tuple) and all(_is_expr(a) for a in obj.args)


def _differs(a: Any, b: Any) -> bool:
    """True when two sympy expressions (or tuples of them) are certainly not equal."""
    import sympy

    try:
        if _is_tuple_of_exprs(a) and _is_tuple_of_exprs(b):
            return len(a) != len(b) or any(_differs(x, y) for x, y in zip(a.args, b.args, strict=True))
        if _is_expr(a) and _is_expr(b):
            return sympy.simplify(a - b) != 0
        # sets, intervals, matrices of literal numbers: a changed digit changes the structure
        return a is not None and b is not None and a != b
    except Exception:
        return False


@suite("math500_boxed", latex_gold=True)
def math500_boxed_rows(data_dir: Path) -> list[Row]:
    """MATH-500 golds boxed and in Minerva style (label True), plus gold+1 variants (label False)."""
    import sympy

    rows: list[Row] = []
    wrong_rows: list[Row] = []
    for gold in _math500_golds(data_dir):
        rows.append(("boxed", (_boxed(gold), gold, True)))
        rows.append(("final_answer_is", (_minerva(gold), gold, True)))
        if re.search(r"\\text|\\mbox", gold):
            continue  # a word answer; "Evelyn + 1" tests nothing
        expr = _sympy_read(gold)
        if not _is_expr(expr) or not expr.is_finite:
            continue  # tuples, sets, intervals, equations, matrices, infinity: no "+1"
        wrong = str(int(expr) + 1) if expr.is_Integer else sympy.latex(expr + 1)
        wrong_rows.append(("wrong_boxed", (_boxed(wrong), gold, False)))
        wrong_rows.append(("wrong_final_answer_is", (_minerva(wrong), gold, False)))
    return rows + wrong_rows


def _alt_dfrac(gold: str, expr: Any) -> str | None:
    if re.search(r"\\[dt]frac", gold):
        return re.sub(r"\\[dt]frac", r"\\frac", gold)
    return gold.replace("\\frac", "\\dfrac") if "\\frac" in gold else None


def _alt_left_right(gold: str, expr: Any) -> str | None:
    """Add ``\\left( … \\right)`` around a bracketed tuple/interval, or drop it where the gold has it."""
    if gold.startswith("\\left") and re.search(r"\\right[)\]]\s*$", gold) and gold.count("\\left") == 1:
        return re.sub(r"^\\left\s*", "", re.sub(r"\\right(?=[)\]]\s*$)", "", gold)).strip()
    if "\\left" in gold or gold[:1] not in "([" or gold[-1:] not in ")]" or "," not in gold:
        return None
    if "\\cup" in gold:
        return None
    return f"\\left{gold[0]} {gold[1:-1]} \\right{gold[-1]}"


def _alt_spaces(gold: str, expr: Any) -> str | None:
    if _NOT_PLAIN_MATH.search(gold) or "\\\\" in gold:
        return None
    # a comma between digit groups ("58,500") is a thousands separator, not a list: leave it alone
    out = re.sub(r"\s*([+=-]|,(?!\d{3}(?!\d)))\s*", r" \1 ", gold)
    out = re.sub(r"(?<!\\)\{", "{ ", out)
    out = re.sub(r"(?<!\\)\}", " }", out)
    out = re.sub(r"\s+", "  ", out)
    return f" {out.strip()} "


_FRAC_INT = re.compile(r"\\[dt]?frac\{(-?\d+)\}\{(\d+)\}")


def _alt_slash(gold: str, expr: Any) -> str | None:
    """``\\frac{a}{b}`` -> ``a/b`` for plain integers, only where the fraction stands alone as an operand
    (never after a digit or letter, never before ^ or a letter: ``2\\frac{1}{2}`` is a mixed number)."""
    out, last, changed = [], 0, False
    for m in _FRAC_INT.finditer(gold):
        before, after = gold[: m.start()].rstrip(), gold[m.end() :].lstrip()
        ok_before = before == "" or before[-1] in "([,+-={&" or before.endswith("\\left(")
        ok_after = after == "" or after[0] in ")],+-=}&" or after.startswith(("\\right", "\\\\"))
        if ok_before and ok_after:
            out.append(gold[last : m.start()] + f"{m.group(1)}/{m.group(2)}")
            last, changed = m.end(), True
    return "".join(out) + gold[last:] if changed else None


def _alt_decimal(gold: str, expr: Any) -> str | None:
    """A terminating decimal for a non-integer rational gold (``\\frac{3}{2}`` -> ``1.5``)."""
    import sympy

    if _NOT_PLAIN_MATH.search(gold) or not isinstance(expr, sympy.Rational) or expr.is_Integer:
        return None
    q = int(expr.q)
    twos = fives = 0
    while q % 2 == 0:
        q, twos = q // 2, twos + 1
    while q % 5 == 0:
        q, fives = q // 5, fives + 1
    if q != 1:
        return None
    places = max(twos, fives)
    scaled = int(expr.p) * 10**places // int(expr.q)  # exact: the denominator divides 10**places
    sign, digits = ("-" if scaled < 0 else ""), str(abs(scaled)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}"


def _faithful(gold: str, expr: Any) -> bool:
    """The parse kept the gold's letters: math-verify lower-cases some ("3R^2" reads as 3*r**2)."""
    return all(str(sym) in gold for sym in getattr(expr, "free_symbols", ()))


def _sympy_form(fn: Callable[[Any], Any]) -> Callable[[str, Any], str | None]:
    def render(gold: str, expr: Any) -> str | None:
        import sympy

        if _NOT_PLAIN_MATH.search(gold) or not _faithful(gold, expr):
            return None
        try:
            if _is_expr(expr):
                return str(sympy.latex(fn(expr)))
            if _is_tuple_of_exprs(expr):
                return str(sympy.latex(sympy.Tuple(*[fn(a) for a in expr.args])))
        except Exception:
            return None
        return None

    return render


_ASCII_NAMES = {"sqrt", "pi", "sin", "cos", "tan", "log"}


def _alt_ascii(gold: str, expr: Any) -> str | None:
    """``str(expr)``: sympy's ASCII, the way a model writes Python (``3*sqrt(13)``, ``x**2``)."""
    import sympy

    if _NOT_PLAIN_MATH.search(gold) or not (_is_expr(expr) or _is_tuple_of_exprs(expr)):
        return None
    if not _faithful(gold, expr):
        return None
    if expr.has(sympy.I, sympy.E, sympy.oo, sympy.zoo):
        return None
    text = str(expr)
    if any(len(w) > 1 and w not in _ASCII_NAMES for w in re.findall(r"[A-Za-z_]+", text)):
        return None  # Abs(...), Symbol names sympy spells its own way, ...
    return text


_ALT_FORMS: list[tuple[str, Callable[[str, Any], str | None]]] = [
    ("dfrac", _alt_dfrac),
    ("left_right", _alt_left_right),
    ("spaces", _alt_spaces),
    ("slash", _alt_slash),
    ("decimal", _alt_decimal),
    ("sympy_expand", _sympy_form(lambda e: __import__("sympy").expand(e))),
    ("sympy_factor", _sympy_form(lambda e: __import__("sympy").factor(e))),
    ("ascii", _alt_ascii),
]


def _perturb_last_digit(text: str) -> str | None:
    """Change the last digit of ``text`` (d -> d+1, 9 -> 8), or None when it has no digit."""
    for i in range(len(text) - 1, -1, -1):
        if text[i].isdigit():
            d = int(text[i])
            return text[:i] + str(d + 1 if d < 9 else 8) + text[i + 1 :]
    return None


def _alt_completion(form_name: str, answer: str) -> str:
    if form_name == "ascii":  # nobody boxes Python; a model that writes it writes it as plain text
        return f"{_MATH_REASONING}Final Answer: {answer}"
    return _boxed(answer)


@functools.cache
def _math500_alt_rows(data_dir: Path) -> tuple[Row, ...]:
    def same(a: str, b: str) -> bool:
        return re.sub(r"\s+", "", a) == re.sub(r"\s+", "", b)

    rows: list[Row] = []
    wrong_rows: list[Row] = []
    for gold in _math500_golds(data_dir):
        expr = _sympy_read(gold)
        # the wrong twin: the gold with its last digit changed, checked to differ where sympy reads both
        wgold = _perturb_last_digit(gold)
        wexpr = _sympy_read(wgold) if wgold is not None else None
        if wgold is not None and (expr is not None or wexpr is not None) and not _differs(expr, wexpr):
            wgold = None
        seen = {re.sub(r"\s+", "", gold)}
        for name, render in _ALT_FORMS:
            form = render(gold, expr)
            if form is None or form == gold:
                continue
            if name != "spaces":  # other forms: skip what an earlier form (or the gold) already spells
                if re.sub(r"\s+", "", form) in seen:
                    continue
                seen.add(re.sub(r"\s+", "", form))
            rows.append((name, (_alt_completion(name, form), gold, True)))
            if name == "decimal":  # 3/2 -> 3/3 would not terminate or not be a fraction; 1.5 -> 1.6 is
                wform = _perturb_last_digit(form)
            else:
                wform = render(wgold, wexpr) if wgold is not None else None
            if wform is not None and not same(wform, form):
                wrong_rows.append((f"wrong_{name}", (_alt_completion(name, wform), gold, False)))
    return tuple(rows + wrong_rows)


@suite("math500_alt", latex_gold=True)
def math500_alt_rows(data_dir: Path) -> list[Row]:
    """Equivalent rewrites of the MATH-500 golds (dfrac, left/right, spaces, a/b, decimal, sympy forms)."""
    return list(_math500_alt_rows(data_dir))


POLY_SEED = 20240611
POLY_ITEMS = 200  # identities; as many perturbed ones again


def _random_factors(rng: random.Random, two_vars: bool) -> tuple[int, list[Any]]:
    """A constant and 2+ integer factors of total degree 2..6 in x (or x, y)."""
    import sympy

    x, y = sympy.symbols("x y")
    target = rng.randint(2, 6)
    factors: list[Any] = []
    degree = 0
    while degree < target or len(factors) < 2:
        room = target - degree
        nz = [k for k in range(-7, 8) if k]
        if two_vars and rng.random() < 0.6:
            f = rng.choice([1, 1, 2, -1]) * x + rng.choice(nz) * y + rng.randint(-5, 5)
            deg = 1
        elif room >= 2 and rng.random() < 0.35:
            b = rng.randint(-3, 3)
            c = rng.randint(b * b // 4 + 1, b * b // 4 + 9)  # b^2 < 4c: irreducible over the rationals
            f, deg = x**2 + b * x + c, 2
        else:
            f, deg = rng.choice([1, 1, 1, 2, 3, -1]) * x + rng.choice(nz), 1
        factors.append(f)
        degree += deg
        if degree >= 6:
            break
    return rng.choice([1, 1, 1, 2, 3, -1, -2]), factors


@suite("polynomial_identities", latex_gold=True)
def polynomial_identities_rows(data_dir: Path) -> list[Row]:
    """Seeded random polynomials: expanded gold vs factored form (True), one coefficient off (False)."""
    import sympy

    rng = random.Random(POLY_SEED)
    rows: list[Row] = []
    wrong_rows: list[Row] = []
    for i in range(POLY_ITEMS):
        two_vars = i % 4 == 3
        k, factors = _random_factors(rng, two_vars)
        p = sympy.expand(k * sympy.Mul(*factors))
        gold = sympy.latex(p)
        var = "xy" if two_vars else "x"
        if i % 5 == 4:  # the factors as multiplied, uncollected: "3 (x - 2) (x - 2) (x^2 + 1)"
            answer, form = sympy.latex(sympy.Mul(k, *factors, evaluate=False)), "product"
        else:
            answer, form = sympy.latex(sympy.factor(p)), "factor"
        rows.append((f"{var}_{form}", (_boxed(answer), gold, True)))
        # perturb: one coefficient of one factor moves by 1..3
        j = rng.randrange(len(factors))
        poly = sympy.Poly(factors[j], *sorted(factors[j].free_symbols, key=str))
        terms = poly.terms()
        t = rng.randrange(len(terms))
        bumped = [
            (m, c + (rng.choice([-3, -2, -1, 1, 2, 3]) if n == t else 0)) for n, (m, c) in enumerate(terms)
        ]
        if bumped[t][1] == 0:
            bumped[t] = (bumped[t][0], terms[t][1] + 4)
        wrong_factor = sympy.Poly.from_dict(dict(bumped), *poly.gens).as_expr()
        wrong_factors = [*factors[:j], wrong_factor, *factors[j + 1 :]]
        q = sympy.expand(k * sympy.Mul(*wrong_factors))
        assert sympy.expand(q - p) != 0
        wrong = (
            sympy.latex(sympy.Mul(k, *wrong_factors, evaluate=False))
            if form == "product"
            else sympy.latex(sympy.factor(q))
        )
        wrong_rows.append((f"{var}_perturbed", (_boxed(wrong), gold, False)))
    return rows + wrong_rows


PROSE_CHARS = 32_000
# no digits, no number words, no answer markers: nothing in here is answer-like
_PROSE_SENTENCES = [
    "The river bent slowly around the hill where the old mill used to stand.",
    "Nobody in the village remembered who had planted the row of tall poplars.",
    "We should first understand what the question is really asking for.",
    "Let us consider the shape of the argument before touching any quantities.",
    "A careful reader notices that the conditions are stated in a roundabout way.",
    "The merchant counted his coins twice and still felt that something was missing.",
    "It helps to restate the problem in plain words and look at it again.",
    "Perhaps the trick is to compare the situation before and after the trade.",
    "The wind carried the smell of rain across the empty market square.",
    "Each step of the reasoning should follow from the step before it.",
    "If we are not careful, we might confuse the rate with the total amount.",
    "She wrote the key facts on a slip of paper and pinned it above the desk.",
    "The pattern seems regular, although it is not yet clear why it holds.",
    "Before drawing a conclusion, it is worth checking the assumptions again.",
    "The teacher smiled, because the students had finally asked the right question.",
    "Some of these details are distractions that do not change the outcome.",
    "Looking at the problem from the other side often makes it simpler.",
    "The lamp flickered while the clock on the wall kept its patient rhythm.",
    "We keep track of what is known and what still has to be found.",
    "At this point the picture becomes clearer, though a few gaps remain.",
]


def _prose(seed: int, digits: bool) -> str:
    rng = random.Random(seed)
    parts: list[str] = []
    size = 0
    while size < PROSE_CHARS + 200:
        s = rng.choice(_PROSE_SENTENCES)
        if digits and rng.random() < 0.3:  # a number in passing, never 42
            n = rng.choice([n for n in range(1, 1000) if n != 42])
            s = s[:-1] + rng.choice([f" near mile {n}.", f", about {n} of them.", f" ({n} times)."])
        s += "\n\n" if rng.random() < 0.15 else " "
        parts.append(s)
        size += len(s)
    text = "".join(parts)[: PROSE_CHARS - 1].rstrip()
    return (text + " " * PROSE_CHARS)[: PROSE_CHARS - 1] + "."


@suite("long_prose")
def long_prose_rows(data_dir: Path) -> list[Row]:
    """32,000-character prose with no answer (with and without stray digits) against gold 42."""
    rows: list[Row] = []
    for seed in range(4):
        rows.append(("no_digits", (_prose(seed, digits=False), "42", False)))
    for seed in range(4):
        rows.append(("scattered_digits", (_prose(100 + seed, digits=True), "42", False)))
    for seed in range(2):  # about the same length with a committed answer at the end, for contrast
        text = _prose(200 + seed, digits=True)[: PROSE_CHARS - 20].rsplit(". ", 1)[0]
        rows.append(("answer_at_end", (text + ". The answer is 42.", "42", True)))
    return rows


# -------------------------------------------------------------------------------------------- graders


@dataclass
class Run:
    """One grader over one suite: a verdict per item and the timings."""

    grader: str
    correct: list[bool]
    details: list[dict[str, Any]]
    elapsed_s: float
    item_s: list[float]

    @property
    def per_s(self) -> float:
        return len(self.correct) / self.elapsed_s if self.elapsed_s > 0 else float("inf")


@dataclass(frozen=True)
class Grader:
    """``grade(completion, gold) -> raw``; ``correct(raw) -> bool``; ``detail(raw) -> dict`` for reports."""

    name: str
    grade: Callable[[str, str], Any]
    correct: Callable[[Any], bool]
    detail: Callable[[Any], dict[str, Any]] = field(default=lambda raw: {})


def rewardkit_grader() -> Grader:
    from rewardkit import grade

    return Grader(
        name="rewardkit",
        grade=lambda completion, gold: grade(completion, gold=gold),
        correct=lambda r: bool(r.correct),
        detail=lambda r: {
            "verdict": str(r.verdict),
            "extracted": r.extracted,
            "rule": r.rule,
            "detail": r.detail,
        },
    )


def math_verify_grader(latex_gold: bool = False) -> Grader:
    # math-verify logs every parse failure and timeout; that is noise here and costs time.
    logging.getLogger("math_verify").setLevel(logging.CRITICAL)
    from math_verify import parse, verify

    def grade(completion: str, gold: str) -> bool:
        # Its timeouts use signal.alarm, so this must run in the main thread (it does).
        # A bare LaTeX gold goes in "$...$", as its README does: parse("3 \\sqrt{5}") alone reads just 3.
        try:
            return bool(verify(parse(f"${gold}$" if latex_gold else gold), parse(completion)))
        except Exception:
            return False

    return Grader(name="math-verify", grade=grade, correct=bool)


def time_graders(graders: Sequence[Grader], items: Sequence[Item], block: int = BLOCK_ITEMS) -> list[Run]:
    """Warm each grader up on the first items (untimed), then time every grader on the whole suite.

    The graders take turns block by block, so a change in machine load during the run hits all of them
    alike and the ratio stays honest. Each grader's time is the sum of its blocks.
    """
    for g in graders:
        for completion, gold, _ in items[:WARMUP_ITEMS]:
            g.grade(completion, gold)
    clock = time.perf_counter
    raws: list[list[Any]] = [[] for _ in graders]
    item_s: list[list[float]] = [[] for _ in graders]
    elapsed = [0.0] * len(graders)
    for lo in range(0, len(items), block):
        chunk = items[lo : lo + block]
        for k, g in enumerate(graders):
            gc.collect()
            grade, out, times = g.grade, raws[k], item_s[k]
            start = clock()
            for completion, gold, _ in chunk:
                t0 = clock()
                out.append(grade(completion, gold))
                times.append(clock() - t0)
            elapsed[k] += clock() - start
    return [
        Run(
            grader=g.name,
            correct=[g.correct(r) for r in raws[k]],
            details=[g.detail(r) for r in raws[k]],
            elapsed_s=elapsed[k],
            item_s=item_s[k],
        )
        for k, g in enumerate(graders)
    ]


# ------------------------------------------------------------------------------------------- analysis


def _agree(a: Sequence[bool], b: Sequence[bool | None]) -> tuple[int, int]:
    pairs = [(x, y) for x, y in zip(a, b, strict=True) if y is not None]
    return sum(x == y for x, y in pairs), len(pairs)


def summarize(name: str, rows: list[Row], rk: Run, mv: Run) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    groups = [g for g, _ in rows]
    items = [it for _, it in rows]
    labels = [label for _, _, label in items]
    has_labels = any(label is not None for label in labels)
    worst = max(range(len(items)), key=rk.item_s.__getitem__)
    res: dict[str, Any] = {
        "suite": name,
        "items": len(items),
        "rewardkit_per_s": rk.per_s,
        "math_verify_per_s": mv.per_s,
        "ratio": rk.per_s / mv.per_s,
        "rewardkit_elapsed_s": rk.elapsed_s,
        "math_verify_elapsed_s": mv.elapsed_s,
        "rewardkit_vs_labels": _agree(rk.correct, labels) if has_labels else None,
        "math_verify_vs_labels": _agree(mv.correct, labels) if has_labels else None,
        "rewardkit_vs_math_verify": _agree(rk.correct, mv.correct),
        "rewardkit_worst_item_ms": rk.item_s[worst] * 1e3,
        "rewardkit_median_item_ms": statistics.median(rk.item_s) * 1e3,
        "rewardkit_p99_item_ms": statistics.quantiles(rk.item_s, n=100)[-1] * 1e3 if len(items) > 1 else None,
        "math_verify_worst_item_ms": max(mv.item_s) * 1e3,
        "math_verify_median_item_ms": statistics.median(mv.item_s) * 1e3,
        "rewardkit_worst_item": {"index": worst, "gold": items[worst][1], "tail": items[worst][0][-150:]},
        "rewardkit_slowest_items": [
            {
                "index": i,
                "group": groups[i],
                "ms": rk.item_s[i] * 1e3,
                "math_verify_ms": mv.item_s[i] * 1e3,
                "gold": items[i][1],
                "tail": items[i][0][-100:],
                "verdict": rk.details[i].get("verdict"),
            }
            for i in sorted(range(len(items)), key=rk.item_s.__getitem__, reverse=True)[:SLOWEST]
        ],
        "rewardkit_verdicts": _count(d.get("verdict") for d in rk.details),
        "groups": {},
    }
    for g in dict.fromkeys(groups):
        idx = [i for i, gi in enumerate(groups) if gi == g]
        glabels = [labels[i] for i in idx]
        res["groups"][g] = {
            "items": len(idx),
            "rewardkit_vs_labels": _agree([rk.correct[i] for i in idx], glabels) if has_labels else None,
            "math_verify_vs_labels": _agree([mv.correct[i] for i in idx], glabels) if has_labels else None,
            "rewardkit_vs_math_verify": _agree([rk.correct[i] for i in idx], [mv.correct[i] for i in idx]),
        }
    disagreements = [
        {
            "index": i,
            "group": groups[i],
            "gold": items[i][1],
            "label": labels[i],
            "rewardkit": rk.correct[i],
            **rk.details[i],
            "math_verify": mv.correct[i],
            "tail": items[i][0][-150:],
        }
        for i in range(len(items))
        if labels[i] is not None and rk.correct[i] != labels[i]
    ]
    res["rewardkit_vs_math_verify_disagreements"] = [
        {
            "index": i,
            "group": groups[i],
            "gold": items[i][1],
            "label": labels[i],
            "rewardkit": rk.correct[i],
            **rk.details[i],
            "math_verify": mv.correct[i],
            "tail": items[i][0][-150:],
        }
        for i in range(len(items))
        if rk.correct[i] != mv.correct[i]
    ]
    return res, disagreements


def _count(values: Any) -> dict[str, int]:
    out: dict[str, int] = {}
    for v in values:
        if v is not None:
            out[v] = out.get(v, 0) + 1
    return dict(sorted(out.items(), key=lambda kv: -kv[1]))


def _frac(pair: tuple[int, int] | None) -> str:
    return "—" if pair is None else f"{pair[0]}/{pair[1]}"


def markdown_table(results: list[dict[str, Any]]) -> str:
    head = (
        "| suite | items | rewardkit /s | math-verify /s | ratio | rewardkit vs labels "
        "| math-verify vs labels | rewardkit vs math-verify | rewardkit worst item |"
    )
    lines = [head, "|" + "---|" * head.count(" | ") + "---|"]
    for r in results:
        lines.append(
            f"| {r['suite']} | {r['items']} | {r['rewardkit_per_s']:,.0f} | {r['math_verify_per_s']:,.0f} "
            f"| {r['ratio']:.1f}x | {_frac(r['rewardkit_vs_labels'])} | {_frac(r['math_verify_vs_labels'])} "
            f"| {_frac(r['rewardkit_vs_math_verify'])} | {r['rewardkit_worst_item_ms']:.2f} ms |"
        )
    return "\n".join(lines)


def group_table(results: list[dict[str, Any]]) -> str:
    head = (
        "| suite | group | items | rewardkit vs labels | math-verify vs labels | rewardkit vs math-verify |"
    )
    lines = [head, "|---|---|---|---|---|---|"]
    for r in results:
        for g, s in r["groups"].items():
            lines.append(
                f"| {r['suite']} | {g} | {s['items']} | {_frac(s['rewardkit_vs_labels'])} "
                f"| {_frac(s['math_verify_vs_labels'])} | {_frac(s['rewardkit_vs_math_verify'])} |"
            )
    return "\n".join(lines)


def disagreement_list(name: str, rows: list[dict[str, Any]], show: int, what: str = "the label") -> str:
    shown = min(show, len(rows))
    out = [f"### {name}: rewardkit disagrees with {what} on {len(rows)} items (showing {shown})"]
    for d in rows[:show]:
        detail = (d.get("detail") or "")[:120]
        out.append(
            f"- #{d['index']} [{d['group']}] gold={d['gold']!r} label={d['label']} "
            f"rewardkit={d['rewardkit']} "
            f"verdict={d.get('verdict')} extracted={d.get('extracted')!r} rule={d.get('rule')} "
            f"math-verify={d['math_verify']}\n  detail: {detail!r}\n  tail: {d['tail'][-100:]!r}"
        )
    return "\n".join(out)


# -------------------------------------------------------------------------------------------- targets

MAX_ITEM_MS = 1000.0  # no single item over 1 s, in any suite
PROSE_ITEM_MS = 50.0
WORKERS_SPEEDUP = 1.7


def _ratio_target(minimum: float) -> Callable[[dict[str, Any]], tuple[str, str, bool]]:
    return lambda r: (f"throughput >= {minimum:g}x math-verify", f"{r['ratio']:.1f}x", r["ratio"] >= minimum)


def _labels_all(r: dict[str, Any]) -> tuple[str, str, bool]:
    got, n = r["rewardkit_vs_labels"]
    return "agreement with labels n/n", f"{got}/{n}", got == n


def _labels_at_least_math_verify(r: dict[str, Any]) -> tuple[str, str, bool]:
    rk, mv = r["rewardkit_vs_labels"], r["math_verify_vs_labels"]
    return "agreement with labels >= math-verify's", f"{rk[0]}/{rk[1]} vs {mv[0]}/{mv[1]}", rk[0] >= mv[0]


def _prose_time(r: dict[str, Any]) -> tuple[str, str, bool]:
    value = (
        f"worst {r['rewardkit_worst_item_ms']:.1f} ms, median {r['rewardkit_median_item_ms']:.1f} ms "
        f"(math-verify median {r['math_verify_median_item_ms']:.1f} ms, "
        f"worst {r['math_verify_worst_item_ms']:.1f} ms)"
    )
    return f"rewardkit <= {PROSE_ITEM_MS:g} ms per item", value, r["rewardkit_worst_item_ms"] <= PROSE_ITEM_MS


TARGETS: dict[str, list[Callable[[dict[str, Any]], tuple[str, str, bool]]]] = {
    "gsm8k_real": [_ratio_target(30), _labels_all],
    "math500_boxed": [_ratio_target(5), _labels_at_least_math_verify],
    "math500_alt": [_ratio_target(5), _labels_at_least_math_verify],
    "polynomial_identities": [_ratio_target(3)],
    "long_prose": [_prose_time],
}


def check_targets(results: list[dict[str, Any]], scaling: dict[str, Any] | None) -> list[dict[str, Any]]:
    out = []
    for r in results:
        for check in TARGETS.get(r["suite"], []):
            target, value, met = check(r)
            out.append({"suite": r["suite"], "target": target, "value": value, "met": met})
        worst = r["rewardkit_worst_item_ms"]
        out.append(
            {
                "suite": r["suite"],
                "target": "no item over 1 s",
                "value": f"worst {worst:.1f} ms",
                "met": worst <= MAX_ITEM_MS,
            }
        )
    for workload, result in (scaling or {}).items():
        # the target is for warm workers (the pool persists); the first call's start-up is in the table
        for key, what in (("speedup", "warm workers"),):
            out.append(
                {
                    "suite": f"grade_many ({workload})",
                    "target": f"workers=2 >= {WORKERS_SPEEDUP:g}x workers=1 ({what})",
                    "value": f"{result[key]:.2f}x",
                    "met": result[key] >= WORKERS_SPEEDUP,
                }
            )
    return out


def targets_table(checks: list[dict[str, Any]]) -> str:
    lines = ["| suite | target | value | met |", "|---|---|---|---|"]
    for c in checks:
        lines.append(f"| {c['suite']} | {c['target']} | {c['value']} | {'yes' if c['met'] else '**NO**'} |")
    return "\n".join(lines)


# ------------------------------------------------------------------------------------- grade_many scaling

SCALING = "grade_many"  # not a suite: grade_many(workers=1) vs (workers=2) on math500_boxed + math500_alt
# grade_many is timed on two workloads: cheap items (MATH-500 answers, ~0.1 ms each, where process
# overhead shows) and heavier ones (polynomial identities, ~1 ms each)
SCALING_WORKLOADS = {
    "math500_boxed + math500_alt": ("math500_boxed", "math500_alt"),
    "polynomial_identities": ("polynomial_identities",),
}


def grade_many_scaling(items: Sequence[Item], rounds: int = 3) -> dict[str, Any]:
    """Time ``grade_many(..., workers=1)`` against ``workers=2`` on the same items.

    A first untimed ``workers=1`` call loads what grading loads (imports, the sandbox worker, gold caches).
    The first ``workers=2`` call is timed on its own (``first``): it starts the worker processes. Then the
    two take turns ``rounds`` times (median reported) with started workers and cold span caches on both
    sides, as a training loop grading new completions every step sees it.
    """
    from rewardkit import grade_many

    completions = [c for c, _, _ in items]
    golds = [g for _, g, _ in items]
    clock = time.perf_counter

    from rewardkit import sandbox
    from rewardkit.extract import read_math, read_number

    def cold_start(workers: int) -> None:
        # Every timed call starts from cold span caches: the same batch graded again would otherwise hit
        # them in this process (workers=1) and flatter it against workers that saw other chunks last time.
        # Workers are restarted (forked from this cleared state) and warmed on trivial items, untimed.
        read_number.cache_clear()
        read_math.cache_clear()
        if workers > 1:
            for pool in list(sandbox._pools.values()):
                pool.close()
            grade_many(["#### 1"] * 4 * workers, ["1"] * 4 * workers, workers=workers)
            read_number.cache_clear()
            read_math.cache_clear()

    def timed(workers: int) -> tuple[float, list[Any]]:
        cold_start(workers)
        gc.collect()
        t0 = clock()
        out = grade_many(completions, golds, workers=workers)
        return clock() - t0, out

    grade_many(completions, golds, workers=1)  # warm-up, untimed
    for pool in list(sandbox._pools.values()):
        pool.close()
    gc.collect()
    t0 = clock()
    r2 = grade_many(completions, golds, workers=2)  # the first call pays for starting the workers
    first_w2 = clock() - t0
    w1_times: list[float] = []
    w2_times: list[float] = []
    r1: list[Any] = []
    for _ in range(rounds):
        t, r1 = timed(1)
        w1_times.append(t)
        t, r2 = timed(2)
        w2_times.append(t)
    w1, w2 = statistics.median(w1_times), statistics.median(w2_times)
    return {
        "items": len(items),
        "rounds": rounds,
        "workers1_s": w1,
        "workers2_s": w2,
        "workers2_first_call_s": first_w2,
        "speedup": w1 / w2,
        "speedup_first_call": w1 / first_w2,
        "workers1_times_s": w1_times,
        "workers2_times_s": w2_times,
        "results_differ": sum(a.verdict != b.verdict for a, b in zip(r1, r2, strict=True)),
        "workers2_verdicts": _count(str(r.verdict) for r in r2),
    }


def scaling_table(scaling: dict[str, dict[str, Any]]) -> str:
    lines = [
        "| grade_many workload | call | items | workers=1 | workers=2 | speedup |",
        "|---|---|---|---|---|---|",
    ]
    notes = []
    for workload, s in scaling.items():
        lines += [
            f"| {workload} | first workers=2 call (starts the workers) | {s['items']} "
            f"| {s['workers1_s']:.2f} s | {s['workers2_first_call_s']:.2f} s "
            f"| {s['speedup_first_call']:.2f}x |",
            f"| {workload} | warm workers (median of {s['rounds']}) | {s['items']} | {s['workers1_s']:.2f} s "
            f"| {s['workers2_s']:.2f} s | {s['speedup']:.2f}x |",
        ]
        notes.append(
            f"{workload}: workers=1 and workers=2 differ on {s['results_differ']} items; "
            f"workers=2 verdicts: {s['workers2_verdicts']}"
        )
    return "\n".join([*lines, "", *notes])


def slowest_list(res: dict[str, Any]) -> str:
    out = [f"### {res['suite']}: rewardkit's {len(res['rewardkit_slowest_items'])} slowest items"]
    for d in res["rewardkit_slowest_items"]:
        out.append(
            f"- #{d['index']} [{d['group']}] {d['ms']:.1f} ms (math-verify {d['math_verify_ms']:.1f} ms) "
            f"{d['verdict']} gold={d['gold'][:60]!r} tail={d['tail'][-60:]!r}"
        )
    return "\n".join(out)


# ----------------------------------------------------------------------------------------------- main


def subsample(n: int, limit: int | None, seed: int) -> list[int]:
    """Indices of the items to run: all of them, or a seeded random ``limit`` of them in suite order."""
    if limit is None or limit >= n:
        return list(range(n))
    return sorted(random.Random(seed).sample(range(n), limit))


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    every = [*SUITES, SCALING]
    p.add_argument(
        "--suites", default=",".join(every), help=f"comma-separated, default all: {','.join(every)}"
    )
    p.add_argument("--data-dir", type=Path, default=REPO.parent / "shared" / "data")
    p.add_argument("--limit", type=int, default=None, help="random subsample of N items per suite")
    p.add_argument("--seed", type=int, default=0, help="seed for --limit")
    p.add_argument("--json", type=Path, default=None, help="also write the numbers to this JSON file")
    p.add_argument("--show", type=int, default=15, help="disagreements with the labels to print per suite")
    p.add_argument("--rounds", type=int, default=3, help="grade_many: timed rounds per worker count")
    args = p.parse_args(argv)

    names = [s.strip() for s in args.suites.split(",") if s.strip()]
    unknown = [n for n in names if n not in every]
    if unknown:
        p.error(f"unknown suite(s) {unknown}; known: {every}")
    run_scaling = SCALING in names
    names = [n for n in names if n != SCALING]

    rk_grader = rewardkit_grader()
    results: list[dict[str, Any]] = []
    all_disagreements: dict[str, list[dict[str, Any]]] = {}
    for name in names:
        all_rows = SUITES[name].rows(args.data_dir)
        keep = subsample(len(all_rows), args.limit, args.seed)
        rows = [all_rows[i] for i in keep]
        items = [it for _, it in rows]
        print(f"[{name}] {len(items)} items ...", file=sys.stderr, flush=True)
        graders = [rk_grader, math_verify_grader(latex_gold=SUITES[name].latex_gold)]
        runs = time_graders(graders, items)
        speeds = ", ".join(f"{r.grader} {r.per_s:,.0f}/s" for r in runs)
        print(f"[{name}] {speeds}", file=sys.stderr, flush=True)
        res, dis = summarize(name, rows, runs[0], runs[1])
        for d in dis:  # report positions in the full suite, so --limit runs name the same items
            d["index"] = keep[d["index"]]
        res["rewardkit_worst_item"]["index"] = keep[res["rewardkit_worst_item"]["index"]]
        for d in [*res["rewardkit_slowest_items"], *res["rewardkit_vs_math_verify_disagreements"]]:
            d["index"] = keep[d["index"]]
        res["groups_full_suite"] = _count(g for g, _ in all_rows)  # items per group before --limit
        results.append(res)
        all_disagreements[name] = dis

    scaling = None
    if run_scaling:
        scaling = {}
        for workload, names in SCALING_WORKLOADS.items():
            items = []
            for name in names:
                all_rows = SUITES[name].rows(args.data_dir)
                items += [all_rows[i][1] for i in subsample(len(all_rows), args.limit, args.seed)]
            print(
                f"[{SCALING}] {workload}: {len(items)} items, workers=1 vs 2 ...", file=sys.stderr, flush=True
            )
            scaling[workload] = grade_many_scaling(items, rounds=args.rounds)
    checks = check_targets(results, scaling)

    if results:
        print(markdown_table(results))
    print()
    print(targets_table(checks))
    if scaling is not None:
        print()
        print(scaling_table(scaling))
    if results:
        print()
        print(group_table(results))
    for res in results:
        if res["rewardkit_vs_labels"] is not None:
            print()
            print(disagreement_list(res["suite"], all_disagreements[res["suite"]], args.show))
    for res in results:
        print()
        print(
            disagreement_list(
                res["suite"], res["rewardkit_vs_math_verify_disagreements"], args.show, what="math-verify"
            )
        )
    for res in results:
        print()
        print(slowest_list(res))

    if args.json:
        import math_verify

        try:
            import rewardkit

            rk_version = getattr(rewardkit, "__version__", None)
        except Exception:  # pragma: no cover - reported, not fatal
            rk_version = None
        payload = {
            "meta": {
                "argv": sys.argv,
                "python": platform.python_version(),
                "platform": platform.platform(),
                "rewardkit": rk_version,
                "math_verify": getattr(math_verify, "__version__", None),
                "limit": args.limit,
                "seed": args.seed,
                "warmup_items": WARMUP_ITEMS,
                "block_items": BLOCK_ITEMS,
                "poly_seed": POLY_SEED,
                "cpus": os.cpu_count(),
                "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            },
            "suites": results,
            "targets": checks,
            "grade_many_scaling": scaling,
            "disagreements_with_labels": all_disagreements,
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(payload, indent=2) + "\n", encoding="utf-8")
        print(f"\nwrote {args.json}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
