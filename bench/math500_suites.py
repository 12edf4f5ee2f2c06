"""grading_speed's MATH-500 suites: the golds boxed and in Minerva style with ``+1`` twins
(``math500_boxed``), and equivalent rewrites of them with wrong twins (``math500_alt``).

The golds are LaTeX; the bench reads them with math-verify's own parser (trusted data, never model output)
only to *build* items: wrong variants and sympy-derived alternative forms. rewardkit never sees that parse.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from shared_data import read_jsonl
from suite_registry import Row, suite

_MATH_REASONING = (
    "We start from the given conditions and rewrite them in a simpler form.\n"
    "Combining the terms and simplifying step by step gives the value below.\n"
)
# gold text that names units, text, bases or percent: sympy forms of those would not be faithful
_NOT_PLAIN_MATH = re.compile(r"\\text|\\mbox|\\%|%|\\circ|\\\$|\$|_|\\pm|\\mp|\\!|\\,|\\;")


def boxed(answer: str) -> str:
    """A short MATH-style completion (two reasoning lines without digits) ending in ``$\\boxed{answer}$``."""
    return f"{_MATH_REASONING}Therefore, the answer is $\\boxed{{{answer}}}$."


def _minerva(answer: str) -> str:
    return f"{_MATH_REASONING}The final answer is ${answer}$. I hope it is correct."


@functools.cache
def _math500_golds(data_dir: Path) -> tuple[str, ...]:
    return tuple(rec["answer"] for rec in read_jsonl(data_dir / "math500" / "test.jsonl"))


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
        rows.append(("boxed", (boxed(gold), gold, True)))
        rows.append(("final_answer_is", (_minerva(gold), gold, True)))
        if re.search(r"\\text|\\mbox", gold):
            continue  # a word answer; "Evelyn + 1" tests nothing
        expr = _sympy_read(gold)
        if not _is_expr(expr) or not expr.is_finite:
            continue  # tuples, sets, intervals, equations, matrices, infinity: no "+1"
        wrong = str(int(expr) + 1) if expr.is_Integer else sympy.latex(expr + 1)
        wrong_rows.append(("wrong_boxed", (boxed(wrong), gold, False)))
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
    return boxed(answer)


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
