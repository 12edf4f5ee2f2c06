r"""Parse LaTeX / ASCII math answers into :mod:`rewardkit.mathtree` nodes — by hand, never by ``eval``.

A hand-written tokenizer feeds a recursive-descent parser. Nothing is evaluated (``9^{9^{9^9}}`` is just a
tree; the evaluator guards magnitudes) and sympy is never imported here. A parse must consume the whole
input: anything it cannot read completely raises :class:`MathParseError`, never a silent prefix.

>>> parse_math(r"\frac{1}{2}")
Div(num=Number(value=Fraction(1, 1), decimals=None), den=Number(value=Fraction(2, 1), decimals=None))
>>> parse_math("x \\le 3")
Relation(op='<=', lhs=Symbol(name='x'), rhs=Number(value=Fraction(3, 1), decimals=None))
>>> parse_math("2x+")
Traceback (most recent call last):
    ...
rewardkit.latex.MathParseError: expected an expression, found the end of the input (at position 3)

Conventions (where LaTeX, ASCII and common sense disagree, these are the choices):

- Precedence, loosest first: answer separators (``,`` ``;`` ``or`` ``and`` at top level) < relations
  (``= < <= > >= !=``; two or more make a :class:`Chain`) < ``\cup`` (and ``\cap``, ``\cup`` of named sets,
  ``A \cap B``: one name) < ``+ - \pm`` < explicit ``* / \cdot
  \times \div`` (left-associative) < implicit multiplication < unary minus < ``^`` (right-associative)
  < postfix ``!``. So ``-x^2`` is ``Neg(Pow(x, 2))`` and ``1/2*x`` is ``Mul(Div(1, 2), x)``; a product
  written after a ``/`` (``a/bc``, ``4/3 \\pi``, ``1/2x``) is refused: half of its readers take it as
  ``(a/b)c`` and half as ``a/(bc)``, so it has no one value.
- ``\pm`` sits at the level of ``+``/``-``: ``1 \pm 2 + 3`` is ``PlusMinus(1 + 3, 2)``, the set {2, 6}, not
  ``1 \pm 5`` (a looser ``\pm`` would give the same tree for every plain ``a \pm b`` answer). A ``\pm`` is
  lifted out of sums, products, negations and numerators, so ``\frac{-1 \pm \sqrt{5}}{2}`` is
  ``PlusMinus(Div(Neg(1), 2), Div(sqrt 5, 2))``; a leading ``\pm 3`` is ``PlusMinus(0, 3)``; ``\mp`` reads
  as ``\pm`` (same set). A ``\pm`` in a denominator, exponent, function argument or root, or two of them in
  one expression, is an error.
- ``!`` binds to the atom just before it (``2^3!`` is ``Pow(2, 3!)``, ``-3!`` is ``Neg(3!)``); ``n!!`` is
  refused. ``\%``, ``%``, ``^\circ``, ``\degree`` apply to the whole power before them (``5^2\%`` is 25%).
  ``^\circ C`` / ``^\circ F`` (temperature) drop the unit and give the plain number.
- An unbraced ``^`` or ``_`` takes a whole number (``2^10`` is 1024, ``x_12`` is ``Symbol("x_12")``), as
  ASCII readers expect; an unbraced ``\frac`` / ``\binom`` / ``\sqrt`` argument takes one digit, as in TeX
  (``\frac12`` is 1/2, ``\frac123`` is an error). Two numbers side by side (``1 000``, ``x^2 3``) are an
  error, never an implicit product; powers side by side are one (``2^6 3^5 5^4``, a factorization).
- An integer followed directly by ``\frac`` of two integers is a mixed number: ``2\frac{1}{2}`` is
  ``Add(2, Div(1, 2))`` (``-2\frac12`` is ``Neg`` of that); so is ASCII ``2 1/2``. A number may follow a
  factorial (``4!\,2!`` is a product).
- Letters: a single ``e`` is Euler's number ``Constant("e")`` and a single ``i`` is the imaginary unit
  ``Constant("i")`` (also ``\mathrm{e}``, ``\mathrm{i}``, ``\imath``); in a subscript they are just
  letters (``x_i``). ``\pi``/``pi``/``π`` is ``Constant("pi")``, ``\infty``/``inf``/``∞`` ``Constant("oo")``.
  Greek letters are symbols (``\varphi`` → ``phi``). Two unknown letters are a product (``xy``, ``2ab``)
  unless they are a common English word (``is``, ``of``, ...); three or more unknown letters are a word,
  and words only parse when the *whole* input is text (``\text{Monday}`` → ``Text("Monday")``).
- An angle named by its points after ``\angle``, ``\measuredangle`` or ``∠`` is one symbol: ``\angle ACB``
  is ``Symbol("∠ACB")`` (``m\angle ACB``, its measure, too), so ``\angle ACB = 45^\circ`` names the angle
  and states its value.
- ``f(x)`` is ``Mul(f, x)``; only the known functions (below) apply to an argument. An unparenthesized
  argument runs over the juxtaposed factors up to the next function: ``\sin 2x \cos x`` is
  ``sin(2x)·cos(x)``; an angle in degrees ends it (``\sin 80^\circ (x+1)`` is ``sin(80°)·(x+1)``).
  ``\sin^2 x`` is ``Pow(sin x, 2)``; ``\sin^{-1} x`` is ``asin x``; ``\log_b x`` is
  ``Func("log", (x, b))``; a one-argument ``log`` is left as written (its base is the evaluator's call).
- ``\det`` of an explicit matrix and a ``vmatrix`` are the determinant's cofactor expansion (square, up to
  :data:`MAX_DETERMINANT_SIDE` rows), so constant entries give a number: ``\det\begin{pmatrix}1&2\\3&4
  \end{pmatrix}`` is ``1·4 - 2·3``.
- ``\sum_{k=1}^{n} body`` / ``\prod`` need both bounds and a one-letter variable (:class:`BigOp`); the body
  is the explicit and implicit product after it (up to the next ``+``/``-``). Inside, ``F_k`` is
  ``Indexed("F", k)`` and ``i``/``e`` named as the variable are that variable; ``F_{n-k-1}`` (a subscript
  that is an expression) is ``Indexed`` anywhere; ``x_{2k}`` inside a sum over ``k`` is refused.
- ``x != 3`` (with a space before ``!``) is an inequation; ``5!=120`` is a factorial equal to 120.
- Numbers: ``Number(value, decimals)`` with ``decimals`` the written fractional digits (``None`` for an
  integer). Thousands separators need 3-digit groups after a first group of 1-3 digits not starting with
  0: ``1{,}000`` and ``1\,000`` anywhere, a plain ``1,000`` only outside brackets (``[1,100]`` is an
  interval, a top-level ``1,2`` two answers; ``(1,000, 2)`` is refused as ambiguous). ``1.5e3`` and
  ``1.5\times10^{3}`` fold into one Number; e-notation follows Python (``2e-1`` is 0.2, ``2e`` is 2·e).
  ``-3`` is ``Neg(Number(3))``. ``N/A`` is refused rather than read as N divided by A. A numeral with a
  numeric subscript is written in that base (2 to 36): ``52_8`` is ``Number(42)``; capital letters are
  digits only under a base above ten that they fit (``A3_{16}``, ``1F_{16}``, ``\text{B}2_{12}``), and a lone
  letter (``F_{16}``) stays an indexed name. A repeating decimal is
  its exact fraction: ``0.\overline{3}`` and ``0.\dot{3}`` are ``Number(1/3)``, ``1.2\overline{45}`` 137/110.
- ``(a, b)`` (also ``(a; b)``, one kind of separator per bracket) is a :class:`TupleOf` (the comparer
  decides whether a pair is an open interval), except as a ``\cup`` operand, where it is an open
  :class:`Interval`. ``[a, b]``, ``[a, b)``, ``(a, b]`` are intervals;
  ``(a)``/``[a]`` are groups. ``\{...\}`` and plain ``{a, b}`` with a comma are sets. ``\mathbb{R}`` is
  ``Interval(-oo, oo, True, True)``. ``{n \choose k}`` is a Binomial, ``{a \over b}`` a Div.
- Units are dropped only when they follow an expression and are on the documented lists (``_UNIT_PHRASES``
  for ``\text{}``/``\mathrm{}``, ``_MATH_UNITS`` for bare words of two or more letters): ``5\text{ cm}``,
  ``12 \text{ sq units}``, ``3\,\mathrm{m}^2``. A bare single letter is never a unit (``x^2+c`` keeps c).
  ``\text{ degrees}`` makes :class:`Degrees`, ``\text{ percent}`` makes :class:`Percent`.
- Ignored anywhere: ``$``, ``\$``, ``\(`` ``\)`` ``\[`` ``\]``, ``\left`` / ``\right`` (``.`` drops the
  delimiter; ``\left|`` opens an absolute value), ``\big``-family, ``\displaystyle``, ``\, \! \; \: ~``,
  ``\hspace{}``, ``\phantom{}`` (and its content), ``\mathstrut``, size switches (``\large``); wrappers
  ``\text{}`` ``\mathrm{}`` ``\mathbf{}`` ``\operatorname{}`` ``\boxed{}`` ``\underline{}`` ``\smash{}``
  ... are transparent, and so are colours a reader sees on a white page, by name (``\textcolor{red}{}``,
  ``\color{blue}``, ``\colorbox{yellow}{}``); any other colour is refused. ``\quad`` separates answers at top
  level.

Not supported (an error, never a guess): ``\in``, set-builder notation, ``\cap`` of sets written out,
``\setminus``, ``\approx``, ``\dots``, ratios ``3:2``, Vmatrix norms, ``\int``/``\lim``, ``\mid``,
``\langle``, norms ``\|x\|``, derivatives other than by primes (``f'(x)``, ``y''`` are names), inverse
functions other than ``\sin^{-1}``,
``\cos^{-1}``, ``\tan^{-1}``, ``C(n,k)`` (only ``\binom``), ``\cases``.

Guards: more than :data:`MAX_LENGTH` characters, nesting deeper than :data:`MAX_DEPTH` (groups, arguments,
and also chains of unary minus, ``^``, ``%`` and degree signs, so the tree itself stays shallow for the code
that recurses over it) or a number with more than :data:`MAX_DIGITS` digits is refused. Parsing is linear in
the input length.
"""

from __future__ import annotations

import itertools
import math
import re
from fractions import Fraction
from typing import Any, NoReturn

from rewardkit.errors import RewardkitError
from rewardkit.lazy_regex import lazy_compile
from rewardkit.mathtree import (
    SCALAR_KINDS,
    Add,
    Apply,
    BigOp,
    Binomial,
    Chain,
    Constant,
    Degrees,
    Div,
    Factorial,
    Func,
    Indexed,
    Interval,
    ListOf,
    Matrix,
    Mul,
    Neg,
    Node,
    Number,
    Percent,
    PlusMinus,
    Pow,
    Ratio,
    Relation,
    Root,
    SetOf,
    Symbol,
    Text,
    TupleOf,
    Union,
    symbols_of,
)

__all__ = [
    "MAX_DEPTH",
    "MAX_DETERMINANT_SIDE",
    "MAX_DIGITS",
    "MAX_LENGTH",
    "MathParseError",
    "parse_math",
    "repair_escapes",
    "writes_repeating_decimal",
]

MAX_LENGTH = 2000
MAX_DEPTH = 60
MAX_DIGITS = 400
# a determinant is expanded into n! products of its entries: 4x4 at most (24)
MAX_DETERMINANT_SIDE = 4
# letters that name functions when applied to arguments, as answers write them: f(x), g(n), p(x), T(10),
# E(2020, 1993), I(6, 3); other lower-case letters before a parenthesis multiply (x(x+1), a(b))
FUNCTION_LETTERS = frozenset("fghpq") | frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZ")


class MathParseError(RewardkitError, ValueError):
    """The input is not math this parser can read completely; ``position`` indexes the input string."""

    def __init__(self, message: str, position: int = 0) -> None:
        super().__init__(f"{message} (at position {position})")
        self.message = message
        self.position = position


# --- vocabulary ------------------------------------------------------------------------------------------

_GREEK = (
    "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron rho sigma tau upsilon "
    "phi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma Upsilon Phi Psi Omega"
).split()
_GREEK_VARIANTS = {
    "varepsilon": "epsilon",
    "vartheta": "theta",
    "varphi": "phi",
    "varrho": "rho",
    "varsigma": "sigma",
    "varkappa": "kappa",
}
_UNICODE_LETTERS: dict[str, tuple[str, str]] = {
    "π": ("const", "pi"),
    "α": ("sym", "alpha"),
    "β": ("sym", "beta"),
    "γ": ("sym", "gamma"),
    "δ": ("sym", "delta"),
    "ε": ("sym", "epsilon"),
    "θ": ("sym", "theta"),
    "λ": ("sym", "lambda"),
    "μ": ("sym", "mu"),
    "σ": ("sym", "sigma"),
    "τ": ("sym", "tau"),
    "φ": ("sym", "phi"),
    "ω": ("sym", "omega"),
    "Δ": ("sym", "Delta"),
    "Ω": ("sym", "Omega"),
}
# LaTeX function commands and their mathtree names.
_FUNCS = {name: name for name in "sin cos tan sec csc cot sinh cosh tanh ln log exp".split()}
_FUNCS.update(arcsin="asin", arccos="acos", arctan="atan")
_INVERSE = {"sin": "asin", "cos": "acos", "tan": "atan"}
# Bare words (ASCII input): functions, constants, Greek names, answer separators.
_WORDS: dict[str, tuple[str, str | None]] = {name: ("func", fn) for name, fn in _FUNCS.items()}
_WORDS.update({name: ("func", name) for name in ("asin", "acos", "atan", "abs", "floor", "ceil")})
_WORDS.update({name: ("sym", name) for name in _GREEK if name.islower()})
_WORDS.update(
    pi=("const", "pi"),
    inf=("const", "oo"),
    infty=("const", "oo"),
    infinity=("const", "oo"),
    sqrt=("sqrt", None),
    ln=("func", "ln"),
    log=("func", "log"),
    exp=("func", "exp"),
    cdot=("*", None),
    times=("*", None),
)
_WORDS["or"] = _WORDS["and"] = ("or", None)
# the bare words this reader takes as a function when an argument in parentheses follows ("sin(x)", "sqrt(2)")
ASCII_FUNCTIONS = frozenset(name for name, (kind, _) in _WORDS.items() if kind in ("func", "sqrt"))
# Two-letter English words: never read as a product of two symbols ("5 is" must not become 5·i·s).
_STOPWORDS = frozenset("is of at to in on as be by it an if so we no do he me my up us am ok".split())

# Units that may be dropped after an expression. Bare words (two letters or more, never one: ``c`` and
# ``m`` are variables) ...
_MATH_UNITS: dict[str, str | None] = dict.fromkeys(
    "cm mm km kg mg ml mL ft yd mph units unit dollars dollar inches inch feet foot yards yard miles mile "
    "meters meter metres metre centimeters centimeters millimeters kilometers hours hour hrs hr minutes "
    "minute mins min seconds secs days day weeks week months month years year grams gram kilograms pounds "
    "lbs lb ounces oz liters litres liter litre gallons gallon cups cup radians rad square cubic sq".split()
)
_MATH_UNITS.update(degrees="deg", degree="deg", deg="deg", percent="pct")
# ... and whole \text{}/\mathrm{} contents, which may be one letter or several words.
_UNIT_PHRASES: dict[str, str | None] = dict(_MATH_UNITS)
_UNIT_PHRASES.update(
    dict.fromkeys(
        [
            "m",
            "s",
            "g",
            "h",
            "L",
            "in",
            "sec",
            "sq units",
            "sq. units",
            "square units",
            "units squared",
            "cubic units",
            "sq ft",
            "square feet",
            "square foot",
            "sq in",
            "square inches",
            "sq cm",
            "square cm",
            "square centimeters",
            "square meters",
            "sq m",
            "cubic feet",
            "cubic inches",
            "cubic cm",
            "cubic centimeters",
            "cubic meters",
            "km/h",
            "km/hr",
            "m/s",
            "miles per hour",
            "feet per second",
            "degrees celsius",
            "degrees fahrenheit",
            "square miles",
            "sq miles",
        ]
    )
)
_UNIT_PHRASES.update({"per cent": "pct", "%": "pct"})

_COMMANDS: dict[str, tuple[str, str | None]] = {
    "frac": ("frac", None),
    "dfrac": ("frac", None),
    "tfrac": ("frac", None),
    "cfrac": ("frac", None),
    "sqrt": ("sqrt", None),
    "binom": ("binom", None),
    "dbinom": ("binom", None),
    "tbinom": ("binom", None),
    "choose": ("choose", None),
    "over": ("over", None),
    "cdot": ("*", None),
    "times": ("*", None),
    "ast": ("*", None),
    "div": ("/", None),
    "pm": ("pm", None),
    "mp": ("pm", None),
    "le": ("rel", "<="),
    "leq": ("rel", "<="),
    "leqslant": ("rel", "<="),
    "lt": ("rel", "<"),
    "ge": ("rel", ">="),
    "geq": ("rel", ">="),
    "geqslant": ("rel", ">="),
    "gt": ("rel", ">"),
    "ne": ("rel", "!="),
    "neq": ("rel", "!="),
    "cup": ("cup", None),
    "cap": ("cap", None),
    "emptyset": ("empty", None),
    "varnothing": ("empty", None),
    "infty": ("const", "oo"),
    "pi": ("const", "pi"),
    "imath": ("const", "i"),
    "circ": ("circ", None),
    "degree": ("degree", None),
    "lfloor": ("lfloor", None),
    "rfloor": ("rfloor", None),
    "lceil": ("lceil", None),
    "rceil": ("rceil", None),
    "lvert": ("lvert", None),
    "rvert": ("rvert", None),
    "vert": ("|", None),
    "lbrace": ("\\{", None),
    "rbrace": ("\\}", None),
    "det": ("det", None),
    "sum": ("bigop", "sum"),
    "prod": ("bigop", "prod"),
}
_COMMANDS.update({name: ("func", fn) for name, fn in _FUNCS.items()})
_COMMANDS.update({name: ("sym", name) for name in _GREEK if name != "pi"})
_COMMANDS.update({name: ("sym", base) for name, base in _GREEK_VARIANTS.items()})

_IGNORED_COMMANDS = frozenset(
    "displaystyle textstyle scriptstyle limits nolimits hline big Big bigg Bigg bigl bigr Bigl Bigr biggl "
    "biggr Biggl Biggr bigm Bigm middle mathstrut strut tiny scriptsize footnotesize small normalsize large "
    "Large LARGE huge Huge".split()
)
_TEXT_WRAPPERS = frozenset("text textrm textbf textit textsf textnormal textup textsl mbox hbox emph".split())
# presentation that leaves the value as written: a weight, a line under it, a box, a height ignored
# ("\smash{72}", "\underline{72}"); never a line over it (``0.\overline{3}`` repeats) nor a stroke through
_MATH_WRAPPERS = frozenset(
    "mathrm mathbf mathit mathsf mathnormal boldsymbol bm pmb operatorname boxed fbox underline smash "
    "ensuremath".split()
)
# colours a value may be drawn in and read (``\textcolor{red}{72}``, ``\color{blue} 72``), and the backgrounds
# a value in the text's colour may be boxed on (``\colorbox{yellow}{72}``): visible on a white page, by name;
# any other colour (white, a mix, a code) is refused, as text a reader may not see
_TEXT_COLOURS = frozenset(
    "red blue green black orange purple magenta brown teal violet olive darkgray darkgrey gray grey maroon "
    "navy darkblue darkred darkgreen".split()
)
_BACKGROUNDS = frozenset(
    "white yellow pink lightgray lightgrey cyan lime orange lightblue lightgreen lightyellow green red gray "
    "grey magenta".split()
)
_COLOURING = frozenset("color textcolor colorbox fcolorbox".split())
_MATRIX_ENVS = frozenset("matrix pmatrix bmatrix Bmatrix smallmatrix array".split())

_PUNCT = {
    "+": "+",
    "-": "-",
    "/": "/",
    "^": "^",
    "_": "_",
    "%": "%",
    ",": ",",
    ";": ";",
    "&": "&",
    "(": "(",
    ")": ")",
    "[": "[",
    "]": "]",
    "{": "{",
    "}": "}",
    "|": "|",
    "−": "-",
    "–": "-",
    "‒": "-",
    "﹣": "-",
    "×": "*",
    "·": "*",
    "⋅": "*",
    "∙": "*",
    "∗": "*",
    "÷": "/",
    "±": "pm",
    "∓": "pm",
    "°": "degree",
    "√": "sqrt",
    "∪": "cup",
    "∩": "cap",
    "∅": "empty",
}
_UNICODE_VALUED = {"∞": ("const", "oo"), "≤": ("rel", "<="), "≥": ("rel", ">="), "≠": ("rel", "!=")}
_SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹"
_FROM_SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_SPACES = frozenset(" \t\n\r~$\u00a0\u2009\u202f")
_ASCII_LETTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

# Token kinds that can start a factor of an implicit product (``2x``, ``3\sqrt{2}``, ``(x+1)(x-1)``).
_JUXT = frozenset(
    {"sym", "const", "func", "(", "{", "frac", "sqrt", "binom", "|", "lvert", "lfloor", "lceil", "begin"}
    | {"bigop", "det"}
)
_AFTER_OPERAND = _JUXT | {"num", "unit"}
_SEPARATORS = frozenset({",", ";", "or", "quad"})
_ARITH = (*SCALAR_KINDS, Matrix)
_ZERO = Number(Fraction(0))
_TWO = Number(Fraction(2))
_TEN = Number(Fraction(10))
_INFINITY = Constant("oo")
# Nodes are immutable, so the common small integers can be shared (saves a Fraction and a Number per token).
_SMALL_INTS = {str(v): Number(Fraction(v)) for v in range(100)}


# --- tokenizer -------------------------------------------------------------------------------------------


class _Lexer:
    """Turns the input into parallel lists of token kinds, values and source positions (ends with "eof")."""

    __slots__ = ("braces", "container", "kinds", "n", "poss", "s", "subscripts", "vals", "wrappers")

    def __init__(self, s: str) -> None:
        self.s = s
        self.n = len(s)
        self.kinds: list[str] = []
        self.vals: list[Any] = []
        self.poss: list[int] = []
        # Depth of ( [ \{ — a plain comma separates thousands only outside all of them.
        self.container = 0
        # Open \text{...}-like wrappers: (index of the closing brace, text mode?).
        self.wrappers: list[tuple[int, bool]] = []
        self.braces: dict[int, int] | None = None
        # a subscript may give a numeral with letter digits its base ("A3_{16}")
        self.subscripts = "_" in s

    def push(self, kind: str, val: Any, pos: int) -> None:
        self.kinds.append(kind)
        self.vals.append(val)
        self.poss.append(pos)

    def run(self) -> _Lexer:
        s, n = self.s, self.n
        i = 0
        while i < n:
            wrappers = self.wrappers
            if wrappers and i >= wrappers[-1][0]:
                wrappers.pop()
                i += 1
                continue
            c = s[i]
            if c in _SPACES:
                i += 1
            elif (
                self.subscripts
                and ("A" <= c <= "Z" or "0" <= c <= "9" or c == "\\")
                and (numeral_end := self.letter_numeral(i))
            ):
                i = numeral_end
            elif "0" <= c <= "9" or (c == "." and i + 1 < n and "0" <= s[i + 1] <= "9"):
                i = self.number(i)
            elif c in _PUNCT:
                kind = _PUNCT[c]
                if kind == "(" or kind == "[":
                    self.container += 1
                elif (kind == ")" or kind == "]") and self.container:
                    self.container -= 1
                self.push(kind, None, i)
                i += 1
            elif c == "\\":
                i = self.command(i)
            elif c.isalpha():
                j = i + 1
                while j < n and s[j].isalpha():
                    j += 1
                self.word(s[i:j], i, bool(wrappers) and wrappers[-1][1])
                i = j
            elif c == "*":
                self.push("^" if s.startswith("**", i) else "*", None, i)
                i += 2 if s.startswith("**", i) else 1
            elif c == "<" or c == ">":
                if s.startswith("=", i + 1):
                    self.push("rel", c + "=", i)
                    i += 2
                else:
                    self.push("rel", c, i)
                    i += 1
            elif c == "=":
                self.push("rel", "=", i)
                i += 2 if s.startswith("==", i) else 1
            elif c == "!":
                # "x != 3" (spaced) is an inequation; "5!=120" is a factorial equal to 120.
                if s.startswith("!=", i) and i > 0 and s[i - 1] == " ":
                    self.push("rel", "!=", i)
                    i += 2
                else:
                    self.push("!", None, i)
                    i += 1
            elif c in _UNICODE_VALUED:
                kind, val = _UNICODE_VALUED[c]
                self.push(kind, val, i)
                i += 1
            elif c in _SUPERSCRIPT_DIGITS or (c in "⁻⁺" and i + 1 < n and s[i + 1] in _SUPERSCRIPT_DIGITS):
                # "x²", "10⁴", "2¹⁰", "10⁻³": a run of superscript characters is one exponent
                j = i + 1
                while j < n and s[j] in _SUPERSCRIPT_DIGITS:
                    j += 1
                digits = s[i:j].translate(_FROM_SUPERSCRIPT)
                self.push("^", None, i)
                if digits[0] in "-+":  # "10⁻³" is 10^{-3}
                    self.push("{", None, i)
                    self.push(digits[0], None, i)
                    self.push("num", (Number(Fraction(int(digits[1:]))), digits[1:]), i)
                    self.push("}", None, i)
                else:
                    self.push("num", (Number(Fraction(int(digits))), digits), i)
                i = j
            elif c == "∠" or c == "∡":
                i = self.angle(i, i + 1)
            elif c == "." and _only_closing(s, i + 1):
                i = n  # one trailing period ends a sentence, not the math
            elif (c == "." and s.startswith("...", i)) or c == "…":
                self.push("dots", None, i)  # "1, 2, ..., 9": a progression's dots
                i += 1 if c == "…" else 3
            elif c in "'′" and self.kinds and self.kinds[-1] == "sym" and self.vals[-1] is not None:
                # "f'", "f''(x)", "y′": a derivative by prime is part of the name it marks
                self.vals[-1] = self.vals[-1] + "'"
                i += 1
            else:
                raise MathParseError(f"unexpected character {c!r}", i)
        self.push("eof", None, n)
        return self

    def number(self, i: int) -> int:
        s, n = self.s, self.n
        j = i
        while j < n and "0" <= s[j] <= "9":
            j += 1
        digits = s[i:j]
        if len(digits) > 1 and digits[0] == "0" and i > 0 and s[i - 1] == ",":
            # (1,000, 2) inside brackets: neither a tuple item "000" nor a thousands group is safe to assume
            raise MathParseError("ambiguous comma before a number with a leading zero", i)
        if 0 < len(digits) <= 3 and digits[0] != "0":
            while True:
                if s.startswith("{,}", j):
                    k = j + 3
                elif s.startswith("\\,", j):
                    k = j + 2
                elif j < n and s[j] == "," and self.container == 0:
                    k = j + 1
                else:
                    break
                group = s[k : k + 3]
                if (
                    len(group) == 3
                    and group.isascii()
                    and group.isdigit()
                    and not (k + 3 < n and "0" <= s[k + 3] <= "9")
                ):
                    digits += group
                    j = k + 3
                else:
                    break
        frac = ""
        if j + 1 < n and s[j] == "." and "0" <= s[j + 1] <= "9":
            k = j + 1
            while k < n and "0" <= s[k] <= "9":
                k += 1
            frac = s[j + 1 : k]
            j = k
        if len(digits) + len(frac) > MAX_DIGITS:
            raise MathParseError(f"a number with more than {MAX_DIGITS} digits", i)
        if digits and s.startswith("\\", j + (not frac)) and (frac or s.startswith(".", j)):
            repeating = _REPEATING.match(s, j + (not frac))
            if repeating is not None:
                period = repeating.group(1) or repeating.group(2)
                return self.repeating_decimal(i, digits, frac, period, repeating.end())
        if digits and s.startswith("(", j + (not frac)) and (frac or s.startswith(".", j)):
            # 0.(3), 0.1(6): the period in parentheses, never a product (0.1 times 6 is written 0.1 \cdot 6)
            repeating = _PAREN_PERIOD.match(s, j + (not frac))
            if repeating is not None:
                return self.repeating_decimal(i, digits, frac, repeating.group(1), repeating.end())
        if len(frac) >= 2 and j < n and s[j] in " .\\…":
            # 0.333\ldots, 0.1666...: digits that repeat a period at least twice before the dots are that
            # period repeated; other digits before dots (3.14159...) are a truncated value, no number
            trailing = _TRAILING_DOTS.match(s, j)
            period = _period_of(frac) if trailing is not None else None
            if trailing is not None and period is not None:
                kept = frac[: len(frac) - 2 * period]
                return self.repeating_decimal(i, digits, kept, frac[-period:], trailing.end())
        exp = 0
        if digits and j < n and s[j] in "eE":
            k = j + 1
            if k < n and s[k] in "+-":
                k += 1
            if k < n and "0" <= s[k] <= "9":
                m = k
                while m < n and "0" <= s[m] <= "9":
                    m += 1
                if m - k > 3 or int(s[k:m]) > MAX_DIGITS:
                    raise MathParseError("a scientific-notation exponent that is too large", j)
                exp = int(s[j + 1 : m])
                j = m
        if not frac and not exp and digits in _SMALL_INTS and j - i == len(digits):
            self.push("num", (_SMALL_INTS[digits], digits), i)
            return j
        value = Fraction(int(digits + frac), 10 ** len(frac)) if frac else Fraction(int(digits))
        decimals: int | None = len(frac) if frac else None
        if exp:
            value *= Fraction(10) ** exp
            d = len(frac) - exp
            decimals = d if d > 0 else None
        self.push("num", (Number(value, decimals), s[i:j]), i)
        return j

    def letter_numeral(self, i: int) -> int:
        """The end of a numeral with letter digits under its base (``A3_{16}``, ``\\text{B}2_{12}``) starting
        at ``i``, pushed as its value, or 0 (nothing pushed) when none starts there. Capital letters are
        digits only there: two characters at least or a ``\\text`` wrapper (``F_{16}`` is an indexed name),
        a letter among them, each below the base."""
        s = self.s
        if i and (s[i - 1].isalnum() or s[i - 1] == "\\"):
            return 0
        m = _LETTER_NUMERAL.match(s, i)
        if m is None:
            return 0
        digits = _NUMERAL_WRAPPER.sub(r"\1", m.group(1)).replace(" ", "")
        base = int(m.group(2) or m.group(3))
        if (
            not 11 <= base <= 36
            or digits.isdigit()
            or (len(digits) < 2 and "\\" not in m.group(1))
            or any(int(d, 36) >= base for d in digits)
        ):
            return 0
        self.push("num", (Number(Fraction(int(digits, base))), s[i : m.end()]), i)
        return m.end()

    def repeating_decimal(self, i: int, digits: str, frac: str, period: str, end: int) -> int:
        """``0.\\overline{3}`` = 1/3, ``1.2\\overline{45}`` = 137/110, ``0.\\dot{3}``: the exact fraction."""
        if len(digits) + len(frac) + len(period) > MAX_DIGITS:
            raise MathParseError(f"a number with more than {MAX_DIGITS} digits", i)
        # x = digits.frac + period / (10^len(frac) (10^len(period) - 1))
        value = Fraction(int(digits + frac or "0"), 10 ** len(frac)) + Fraction(
            int(period), 10 ** len(frac) * (10 ** len(period) - 1)
        )
        self.push("num", (Number(value), self.s[i:end]), i)
        return end

    def word(self, run: str, pos: int, text_mode: bool) -> None:
        """A run of letters: a known word, a unit, single-letter symbols, or an unknown word."""
        if len(run) == 1:
            self.letter(run, pos)
        elif run in _WORDS:
            kind, val = _WORDS[run]
            self.push(kind, val, pos)
        elif run in _MATH_UNITS:
            self.push("unit", _MATH_UNITS[run], pos)
        elif len(run) == 2 and not text_mode and run not in _STOPWORDS:
            self.letter(run[0], pos)
            self.letter(run[1], pos + 1)
        else:
            self.push("word", run, pos)

    def letter(self, c: str, pos: int) -> None:
        if c == "e" or c == "i":
            self.push("const", c, pos)
        elif c in _ASCII_LETTERS:
            self.push("sym", c, pos)
        elif c in _UNICODE_LETTERS:
            kind, val = _UNICODE_LETTERS[c]
            self.push(kind, val, pos)
        else:
            self.push("word", c, pos)

    def command(self, i: int) -> int:
        s, n = self.s, self.n
        j = i + 1
        if j >= n:
            raise MathParseError("a lone backslash", i)
        if s[j] not in _ASCII_LETTERS:
            return self.control_symbol(i, s[j])
        k = j + 1
        while k < n and s[k] in _ASCII_LETTERS:
            k += 1
        return self.named(i, k, s[j:k])

    def named(self, i: int, k: int, name: str) -> int:
        """Lex the command ``\\name`` that starts at ``i`` and whose name ends before ``k``."""
        s = self.s
        entry = _COMMANDS.get(name)
        if entry is not None:
            kind = entry[0]
            if kind == "\\{":
                self.container += 1
            elif kind == "\\}" and self.container:
                self.container -= 1
            self.push(kind, entry[1], i)
            return k
        if name in _IGNORED_COMMANDS:
            return k
        if name == "angle" or name == "measuredangle":
            return self.angle(i, k)
        if name == "dots" or name == "ldots" or name == "cdots":
            self.push("dots", None, i)  # only a list's progression takes them (Parser.parse)
            return k
        if name == "quad" or name == "qquad":
            # Wide space: separates answers at top level ("x=1 \quad y=2"), is plain space elsewhere.
            if self.container == 0 and not self.wrappers:
                self.push("quad", None, i)
            return k
        if name == "left" or name == "right":
            return self.sized_delimiter(k, name == "left")
        if name in _TEXT_WRAPPERS or name in _MATH_WRAPPERS:
            if name == "smash" and s.startswith("[", k):  # \smash[b]{…}
                k = s.find("]", k) + 1 or k
            return self.wrapper(i, k, name in _TEXT_WRAPPERS)
        if name in _COLOURING:
            return self.coloured(i, k, name)
        if name == "begin" or name == "end":
            return self.environment(i, k, name)
        if (
            name == "hspace"
            or name == "vspace"
            or name == "phantom"
            or name == "hphantom"
            or name == "vphantom"
        ):
            k = _skip_spaces(s, k + 1 if s.startswith("*", k) else k)
            if not s.startswith("{", k):
                raise MathParseError(f"\\{name} needs a {{...}} argument", i)
            return self.closing_brace(k) + 1
        if name == "mathbb":
            k = _skip_spaces(s, k)
            if s.startswith("{R}", k) or s.startswith("R", k):
                self.push("reals", None, i)
                return k + (3 if s.startswith("{", k) else 1)
            raise MathParseError("only \\mathbb{R} is supported", i)
        if name == "not":
            k = _skip_spaces(s, k)
            if s.startswith("=", k):
                self.push("rel", "!=", i)
                return k + 1
            raise MathParseError("\\not is only supported before =", i)
        for space in ("qquad", "quad"):
            if name.startswith(space):
                # "\quadx_{2}": a space glued to the letters after it, as TeX would read it were the space
                # there; only the wide spaces (no other command's name starts with them)
                self.named(i, i + 1 + len(space), space)
                return i + 1 + len(space)
        raise MathParseError(f"unsupported command \\{name}", i)

    def angle(self, i: int, k: int) -> int:
        """``\\angle ACB``, ``∠A``, ``\\angle 1``: the angle the sign at ``i`` names by its points, one symbol
        (``∠ACB``), so that ``\\angle ACB = 45^\\circ`` names an angle and states its value; ``k``: where
        the sign ends. A lone ``m`` before the sign (``m\\angle ABC``, the angle's measure) is part of the
        name."""
        m = _ANGLE_NAME.match(self.s, k)
        if m is None:
            raise MathParseError("an angle sign that names no angle", i)
        kinds, vals = self.kinds, self.vals
        if (
            kinds
            and kinds[-1] == "sym"
            and vals[-1] == "m"
            and (len(kinds) < 2 or kinds[-2] not in _AFTER_OPERAND)
        ):
            del kinds[-1], vals[-1], self.poss[-1]
        name = re.sub(r"[\s{}]", "", m["braced"] or m["name"]).replace("′", "'")
        self.push("sym", "∠" + name, i)
        return m.end()

    def control_symbol(self, i: int, c: str) -> int:
        if c == "{" or c == "}":
            if c == "{":
                self.container += 1
            elif self.container:
                self.container -= 1
            self.push("\\" + c, None, i)
        elif c == "%":
            self.push("%", None, i)
        elif c == "\\":
            self.push("row", None, i)
        elif c not in ",!;: >$()[]\n\t":  # thin spaces, \$ and math delimiters are ignored
            raise MathParseError(f"unsupported command \\{c}", i)
        return i + 2

    def coloured(self, i: int, k: int, name: str) -> int:
        """``\\textcolor{red}{72}``, ``\\color{red} 72``, ``\\colorbox{yellow}{72}``,
        ``\\fcolorbox{red}{yellow}{72}``: the value drawn, read where its colour (or its background) is one a
        reader sees on a white page (:data:`_TEXT_COLOURS`, :data:`_BACKGROUNDS`), refused otherwise
        (``\\color{white}``)."""
        s = self.s
        colours = []
        for _ in range(2 if name == "fcolorbox" else 1):
            k = _skip_spaces(s, k)
            if not s.startswith("{", k):
                raise MathParseError(f"\\{name} needs a colour", i)
            close = self.closing_brace(k)
            colours.append(s[k + 1 : close].strip().lower())
            k = close + 1
        seen = _TEXT_COLOURS if name in ("color", "textcolor") else _BACKGROUNDS
        if colours[-1] not in seen:
            raise MathParseError(f"a value drawn in a colour a reader may not see: {colours[-1]!r}", i)
        if name == "color":
            return k  # a switch: what follows is drawn in it
        return self.wrapper(i, k, name != "textcolor")

    def sized_delimiter(self, k: int, left: bool) -> int:
        """After \\left / \\right: drop "." (no delimiter); make | and \\vert open/close an absolute value."""
        s = self.s
        k = _skip_spaces(s, k)
        if s.startswith(".", k):
            return k + 1
        if s.startswith("|", k):
            self.push("lvert" if left else "rvert", None, k)
            return k + 1
        if s.startswith("\\", k):
            m = k + 1
            while m < self.n and s[m] in _ASCII_LETTERS:
                m += 1
            if s[k + 1 : m] in ("vert", "lvert", "rvert"):
                self.push("lvert" if left else "rvert", None, k)
                return m
        return k  # the delimiter itself is lexed as usual

    def wrapper(self, i: int, k: int, text_mode: bool) -> int:
        s = self.s
        if s.startswith("*", k):  # \operatorname*
            k += 1
        k = _skip_spaces(s, k)
        if not s.startswith("{", k):
            return k  # \mathrm e: the wrapper has no effect on one token
        close = self.closing_brace(k)
        content = s[k + 1 : close].strip()
        phrase = content.rstrip(".").strip()
        # short units are case-sensitive (m is not M); longer phrases are not (Units, CM)
        if phrase not in _UNIT_PHRASES and len(phrase) > 2:
            phrase = phrase.lower()
        if phrase in _UNIT_PHRASES:
            self.push("unit", _UNIT_PHRASES[phrase], i)
            return close + 1
        if len(self.wrappers) >= MAX_DEPTH:
            raise MathParseError(f"wrappers nested deeper than {MAX_DEPTH} levels", i)
        self.wrappers.append((close, text_mode))
        return k + 1

    def environment(self, i: int, k: int, which: str) -> int:
        s = self.s
        k = _skip_spaces(s, k)
        close = s.find("}", k)
        if not s.startswith("{", k) or close < 0:
            raise MathParseError(f"\\{which} needs an environment name in braces", i)
        name = s[k + 1 : close].strip()
        self.push(which, name, i)
        k = close + 1
        if which == "begin" and name == "array":  # skip the column spec {cc}
            m = _skip_spaces(s, k)
            if s.startswith("{", m):
                k = self.closing_brace(m) + 1
        return k

    def closing_brace(self, k: int) -> int:
        if self.braces is None:
            self.braces = _brace_map(self.s)
        return self.braces[k]


def _skip_spaces(s: str, k: int) -> int:
    while k < len(s) and s[k] in " \t\n\r":
        k += 1
    return k


def _only_closing(s: str, k: int) -> bool:
    """True when nothing but spaces and closing math delimiters follow position k."""
    rest = s[k:].replace("\\)", "").replace("\\]", "").replace("$", "")
    return not rest.strip()


def _brace_map(s: str) -> dict[int, int]:
    """The matching ``}`` of every ``{`` (escaped braces skipped); unbalanced braces are an error."""
    stack: list[int] = []
    match: dict[int, int] = {}
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            stack.append(i)
        elif c == "}":
            if not stack:
                raise MathParseError("unbalanced }", i)
            match[stack.pop()] = i
        i += 1
    if stack:
        raise MathParseError("unbalanced {", stack[-1])
    return match


# --- parser ----------------------------------------------------------------------------------------------


class _Parser:
    """Recursive descent over the token lists; one method per precedence level, loosest first."""

    __slots__ = ("bound", "depth", "i", "in_abs", "kinds", "poss", "source", "vals")

    def __init__(self, source: str, lexer: _Lexer) -> None:
        self.source = source
        self.kinds = lexer.kinds
        self.vals = lexer.vals
        self.poss = lexer.poss
        self.i = 0
        self.depth = 0
        # Inside |...|, a bar closes the absolute value instead of starting an implicit factor.
        self.in_abs = False
        # The variables of the sums being read: "F_k" in a sum over k is a term of F, not a name.
        self.bound: tuple[str, ...] = ()

    # -- errors --

    def fail(self, message: str, at: int | None = None) -> NoReturn:
        raise MathParseError(message, self.poss[self.i if at is None else at])

    def found(self) -> str:
        i = self.i
        if self.kinds[i] == "eof":
            return "the end of the input"
        if self.kinds[i] == "word":
            return repr(self.vals[i])
        text = self.source[self.poss[i] : self.poss[i + 1]].strip()
        # the gap to the next token may hold a wrapper's closing brace: "\text{ if }"
        return repr(text.rstrip("} ") or text or self.source[self.poss[i] :][:10])

    def expect(self, kind: str, what: str) -> None:
        if self.kinds[self.i] != kind:
            self.fail(f"expected {what}, found {self.found()}")
        self.i += 1

    def scalar(self, node: Node, at: int) -> Node:
        """``node`` if it denotes one number; sets, tuples, relations and ``\\pm`` are refused here."""
        if isinstance(node, SCALAR_KINDS):
            return node
        self.fail(f"{_describe(node)} cannot be used here", at)

    # -- answers, relations, unions --

    def parse(self) -> Node:
        kinds = self.kinds
        while kinds[self.i] == "quad":
            self.i += 1
        items = [self.item()]
        between: list[str] = []  # the separator before each item after the first
        words: set[str] = set()  # the words among them ("or", "and"), as written
        dots = -1  # the place of "\\dots" among the items
        while kinds[self.i] in _SEPARATORS:
            seps = 0
            sep = "quad"
            while kinds[self.i] in _SEPARATORS:
                if kinds[self.i] != "quad":
                    seps += 1
                    if seps > 1 and not (kinds[self.i] == "or" and kinds[self.i - 1] != "or"):
                        self.fail(f"unexpected {self.found()}")
                    sep = kinds[self.i] if seps == 1 else sep
                    if kinds[self.i] == "or":
                        word = self.source[self.poss[self.i] : self.poss[self.i + 1]]
                        words.add("and" if "and" in word else "or")
                self.i += 1
            if kinds[self.i] == "eof" and seps == 0:
                break  # a trailing \quad
            if kinds[self.i] == "dots" and dots < 0 and sep == ",":
                dots = len(items)
                self.i += 1
                if kinds[self.i] != ",":
                    self.fail("an open-ended list (ending in dots) commits to no values")
                continue
            items.append(self.item())
            between.append(sep)
        if kinds[self.i] != "eof":
            self.fail(f"unexpected {self.found()} after a complete expression")
        if dots >= 0:
            return self.progression(items, between, dots)
        if len(words) == 1 and between and all(sep == "or" for sep in between):
            joined = _joined_bounds(items, conjunction="and" in words)
            if joined is not None:
                return joined
            if "or" in words and all(map(_interval_written, items)):
                # "(-\\infty, 1) \\text{ or } (3, \\infty)": one solution set's intervals, as \\cup joins them
                return Union(tuple(self.as_set(item, 0) for item in items))
        if len(items) >= 4 and ("," in between or ";" in between):
            solutions = _solution_list(items, between)
            if solutions is not None:
                return solutions
        return items[0] if len(items) == 1 else ListOf(tuple(items))

    def progression(self, items: list[Node], between: list[str], dots: int) -> ListOf:
        """``1, 2, \\dots, 9``, ``2, 4, \\ldots, 20``: the arithmetic progression its written terms fix (two
        terms at least before the dots give the step, one after them ends it), as the list of its terms.
        Anything else with dots (``1, 2, \\dots, n``, ``1, 2, 4, \\dots, 64``, ``2, 4, 6, \\ldots``) names
        no list of values the parser could write out, and is refused."""
        numbers = [_small_int(item) for item in items]
        if dots < 2 or dots != len(items) - 1 or None in numbers or any(sep != "," for sep in between):
            self.fail("dots in a list other than an arithmetic progression of whole numbers")
        terms = [n for n in numbers if n is not None]
        step = terms[1] - terms[0]
        written = terms[:dots]
        if (
            step == 0
            or any(b - a != step for a, b in itertools.pairwise(written))
            or (terms[-1] - written[-1]) % step
            or not 0 < (terms[-1] - written[-1]) // step <= _MAX_PROGRESSION
        ):
            self.fail("dots in a list other than an arithmetic progression of whole numbers")
        return ListOf(tuple(Number(Fraction(v)) for v in range(terms[0], terms[-1] + step, step)))

    def item(self) -> Node:
        first = self.union()
        if self.kinds[self.i] != "rel":
            return first
        ops: list[str] = []
        terms = [first]
        while self.kinds[self.i] == "rel":
            at = self.i
            op = self.vals[at]
            self.i += 1
            terms.append(self.union())
            if op != "=" and op != "!=":
                self.scalar(terms[-2], at)
                self.scalar(terms[-1], at)
            ops.append(op)
        if len(ops) == 1:
            return Relation(ops[0], terms[0], terms[1])
        return Chain(tuple(ops), tuple(terms))

    def union(self) -> Node:
        first = self.expr()
        if self.kinds[self.i] not in ("cup", "cap"):
            return first
        if isinstance(first, Symbol):
            return self.named_set(first)
        if self.kinds[self.i] == "cap":
            self.fail("an intersection of sets written out is not read", self.i)
        parts = [self.as_set(first, self.i)]
        while self.kinds[self.i] == "cup":
            self.i += 1
            at = self.i
            parts.append(self.as_set(self.expr(), at))
        return Union(tuple(parts))

    def named_set(self, first: Symbol) -> Symbol:
        """``A \\cap B``, ``A \\cup B \\cup C``: a set named by the named sets it is made of, one name (the
        side an answer names its set by: ``A \\cap B = \\{1, 2\\}``)."""
        name = first.name
        while self.kinds[self.i] in ("cup", "cap"):
            sign = "∪" if self.kinds[self.i] == "cup" else "∩"
            self.i += 1
            at = self.i
            operand = self.expr()
            if not isinstance(operand, Symbol):
                self.fail(f"{_describe(operand)} joined to a named set", at)
            name += sign + operand.name
        return Symbol(name)

    def as_set(self, node: Node, at: int) -> Node:
        if isinstance(node, (Interval, SetOf)):
            return node
        if isinstance(node, TupleOf) and len(node.items) == 2:  # (a, b) in a union is an open interval
            lo, hi = node.items
            return Interval(self.scalar(lo, at), self.scalar(hi, at), True, True)
        self.fail(f"{_describe(node)} cannot be part of a union", at)

    # -- arithmetic --

    def expr(self) -> Node:
        """Sums and differences, with at most one ``\\pm`` (lifted to the top of the sum)."""
        kinds = self.kinds
        terms: list[Node] = []
        offset: Node | None = None
        if kinds[self.i] == "pm":
            at = self.i
            self.i += 1
            offset = self.scalar(self.term(), at)
        else:
            node = self.term()
            if kinds[self.i] not in ("+", "-", "pm") and not isinstance(node, PlusMinus):
                return node
            offset = self.add_term(terms, node, False, offset, self.i)
        while True:
            k = kinds[self.i]
            at = self.i
            if k == "+" or k == "-":
                self.i += 1
                offset = self.add_term(terms, self.term(), k == "-", offset, at)
            elif k == "pm":
                if offset is not None:
                    self.fail("more than one \\pm in one expression")
                self.i += 1
                offset = self.scalar(self.term(), at)
            else:
                break
        if offset is None:
            return terms[0] if len(terms) == 1 else Add(tuple(terms))
        centre = _ZERO if not terms else terms[0] if len(terms) == 1 else Add(tuple(terms))
        return PlusMinus(centre, offset)

    def add_term(
        self, terms: list[Node], node: Node, negative: bool, offset: Node | None, at: int
    ) -> Node | None:
        if isinstance(node, PlusMinus):
            if offset is not None:
                self.fail("more than one \\pm in one expression", at)
            terms.append(Neg(node.center) if negative else node.center)
            return node.offset
        if not isinstance(node, _ARITH):
            self.fail(f"{_describe(node)} cannot be added", at)
        terms.append(Neg(node) if negative else node)
        return offset

    def term(self) -> Node:
        """Explicit products and quotients, left-associative."""
        node = self.implicit()
        kinds = self.kinds
        while True:
            k = kinds[self.i]
            if k == "*":
                at = self.i
                self.i += 1
                node = self.times(node, self.implicit(), at)
            elif k == "/":
                at = self.i
                self.i += 1
                node = self.divide(node, self.implicit(after_slash=True), at)
            else:
                return node

    def implicit(self, after_slash: bool = False) -> Node:
        """Juxtaposed factors: ``2x``, ``3\\sqrt{2}``, ``x(x+1)``; also a mixed number and a trailing unit.
        ``after_slash``: the factors divide what stands before a written ``/``, where they are refused."""
        node = self.unary()
        kinds = self.kinds
        if kinds[self.i] not in _AFTER_OPERAND:
            return node
        start = self.i
        factors = [node]
        while True:
            k = kinds[self.i]
            if k in _JUXT:
                if k == "|" and self.in_abs:
                    break
                if k == "frac" and len(factors) == 1 and kinds[self.i - 1] == "num" and _is_int(factors[0]):
                    frac = self.power()
                    if _is_int_fraction(frac) and kinds[self.i] not in _JUXT:
                        factors[0] = _mixed_number(factors[0], frac)
                    else:
                        factors.append(frac)
                    continue
                factors.append(self.power())
            elif k == "unit":
                return self.unit(factors[0] if len(factors) == 1 else self.mul(factors, start))
            elif k == "num":
                i = self.i
                if kinds[i - 1] == "!":  # 4!\,2! is a product of factorials
                    factors.append(self.power())
                elif isinstance(factors[-1], Pow) and kinds[i + 1] == "^":
                    # "2^6 3^5 5^4": powers side by side are a product (a factorization); "x^2 3" stays
                    # refused, as it may be x^{23}
                    factors.append(self.power())
                elif (
                    len(factors) == 1
                    and _is_int(factors[0])
                    and kinds[i - 1] == "num"
                    and _ascii_mixed(kinds, self.vals, i)
                ):
                    # "2 1/2": a mixed number written in ASCII
                    self.i = i + 3
                    factors[0] = _mixed_number(factors[0], Div(self.vals[i][0], self.vals[i + 2][0]))
                else:
                    self.fail("two numbers side by side need an operator between them")
            else:
                break
        if after_slash and len(factors) > 1:
            # "4/3 \\pi" is (4/3)π to one reader and 4/(3π) to another, "1/2x" (1/2)x or 1/(2x): no one value
            self.fail("a product written after '/' reads two ways: use \\frac or parentheses", start)
        return factors[0] if len(factors) == 1 else self.mul(factors, start)

    def unit(self, node: Node) -> Node:
        at = self.i
        kind = self.vals[at]
        self.i += 1
        kinds, vals = self.kinds, self.vals
        # "\text{cm}^2", "\text{ units}^{3}": the exponent belongs to the unit
        if kinds[self.i] == "^":
            j = self.i + 1
            braced = kinds[j] == "{"
            if braced:
                j += 1
            if kinds[j] == "num" and vals[j][1] in ("2", "3") and (not braced or kinds[j + 1] == "}"):
                self.i = j + 2 if braced else j + 1
        if kind == "deg":
            return Degrees(self.scalar(node, at))
        if kind == "pct":
            return Percent(self.scalar(node, at))
        while kinds[self.i] == "unit" and vals[self.i] is None:
            self.i += 1  # "square inches", "cubic units": a unit of several words is dropped whole
        return node

    def unary(self) -> Node:
        kinds = self.kinds
        k = kinds[self.i]
        if k != "-" and k != "+":
            return self.power()
        at = self.i
        negations = 0
        while k == "-" or k == "+":
            negations += k == "-"
            self.i += 1
            k = kinds[self.i]
        # each minus is a level of the tree: count it against the depth limit
        self.depth += negations
        node = self.power()
        self.depth -= negations
        for _ in range(negations):
            node = self.negate(node, at)
        return node

    def power(self) -> Node:
        """A postfix atom with exponents (folded right: ``a^b^c`` is ``a^(b^c)``), ``%`` and degrees."""
        base = self.postfix()
        kinds = self.kinds
        k = kinds[self.i]
        if k != "^" and k != "%" and k != "degree":
            return base
        at = self.i
        exps: list[Node] = []
        levels = self.depth  # every ^, % and degree sign nests the tree one level deeper
        while True:
            k = kinds[self.i]
            if k == "^" or k == "%" or k == "degree":
                self.depth += 1
                if self.depth > MAX_DEPTH:
                    self.fail(f"nested deeper than {MAX_DEPTH} levels")
            if k == "^":
                if self.degree_sign():
                    base = self.degrees(self.fold(base, exps, at), at)
                    exps = []
                    continue
                self.i += 1
                exps.append(self.exponent())
            elif k == "%":
                self.i += 1
                base = Percent(self.scalar(self.fold(base, exps, at), at))
                exps = []
            elif k == "degree":
                self.i += 1
                base = self.degrees(self.fold(base, exps, at), at)
                exps = []
            else:
                self.depth = levels
                return self.fold(base, exps, at)

    def degree_sign(self) -> bool:
        """Consume ``^\\circ`` or ``^{\\circ}`` if that is what follows."""
        kinds, i = self.kinds, self.i
        if kinds[i + 1] == "circ":
            self.i = i + 2
            return True
        if kinds[i + 1] == "{" and kinds[i + 2] == "circ" and kinds[i + 3] == "}":
            self.i = i + 4
            return True
        return False

    def degrees(self, node: Node, at: int) -> Node:
        # 20^\circ C is a temperature: drop the unit, keep the number
        if self.kinds[self.i] == "sym" and self.vals[self.i] in ("C", "F"):
            self.i += 1
            return node
        return Degrees(self.scalar(node, at))

    def fold(self, base: Node, exps: list[Node], at: int) -> Node:
        if not exps:
            return base
        exp = self.scalar(exps[-1], at)
        for e in reversed(exps[:-1]):
            exp = Pow(self.scalar(e, at), exp)
        if not isinstance(base, _ARITH):
            self.fail(f"{_describe(base)} cannot be raised to a power", at)
        return Pow(base, exp)

    def exponent(self) -> Node:
        """The argument of ``^``: a braced group or one atom, with an optional sign (ASCII ``e^-x``)."""
        kinds = self.kinds
        at = self.i
        negative = False
        while kinds[self.i] == "-" or kinds[self.i] == "+":
            negative ^= kinds[self.i] == "-"
            self.i += 1
        node = self.postfix()
        return Neg(self.scalar(node, at)) if negative else node

    def postfix(self) -> Node:
        node = self.primary()
        kinds = self.kinds
        while kinds[self.i] == "!":
            if kinds[self.i + 1] == "!":
                self.fail("double factorial n!! is not supported")
            node = Factorial(self.scalar(node, self.i))
            self.i += 1
        return node

    # -- building nodes (with \pm lifting) --

    def times(self, a: Node, b: Node, at: int) -> Node:
        # 1.5 \times 10^{3} is one number as written
        if isinstance(b, Pow) and b.base == _TEN:
            k = _small_int(b.exp)
            if k is not None:
                if isinstance(a, Number):
                    return _scientific(a, k)
                if isinstance(a, Neg) and isinstance(a.x, Number):
                    return Neg(_scientific(a.x, k))
        return self.mul([a, b], at)

    def mul(self, factors: list[Node], at: int) -> Node:
        flat: list[Node] = []
        pm = -1
        for f in factors:
            if isinstance(f, Mul):
                flat.extend(f.factors)
            elif isinstance(f, PlusMinus):
                if pm >= 0:
                    self.fail("more than one \\pm in one product", at)
                pm = len(flat)
                flat.append(f)
            elif isinstance(f, _ARITH):
                flat.append(f)
            else:
                self.fail(f"{_describe(f)} cannot be multiplied", at)
        if pm < 0:
            return Mul(tuple(flat))
        pm_node = flat[pm]
        assert isinstance(pm_node, PlusMinus)
        centre, offset = list(flat), list(flat)
        centre[pm], offset[pm] = pm_node.center, pm_node.offset
        return PlusMinus(Mul(tuple(centre)), Mul(tuple(offset)))

    def divide(self, num: Node, den: Node, at: int) -> Node:
        den = self.scalar(den, at)
        if isinstance(num, PlusMinus):
            return PlusMinus(Div(num.center, den), Div(num.offset, den))
        if not isinstance(num, _ARITH):
            self.fail(f"{_describe(num)} cannot be divided", at)
        return Div(num, den)

    def negate(self, node: Node, at: int) -> Node:
        if isinstance(node, PlusMinus):
            return PlusMinus(Neg(node.center), node.offset)
        if not isinstance(node, _ARITH):
            self.fail(f"{_describe(node)} cannot be negated", at)
        return Neg(node)

    # -- atoms --

    def primary(self) -> Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            self.fail(f"nested deeper than {MAX_DEPTH} levels")
        kinds = self.kinds
        i = self.i
        k = kinds[i]
        node: Node
        if k == "num":
            node = self.vals[i][0]
            self.i = i + 1
            if kinds[self.i] == "_":
                node = self.base_number(str(self.vals[i][1]), i)
        elif (
            k == "sym"
            and kinds[i + 1] == "("
            and (
                (self.vals[i].rstrip("'") in FUNCTION_LETTERS and self._call_args(i + 1))
                or (self._value_at_point(i) and self._call_args(i + 1))
            )
        ):
            # "f(x)", "g(n)", "T(10)", "E(2020, 1993)": function notation, never a product; so is any letter
            # at a whole number that an equation gives the value of ("d(72) = \\frac19", the divisor function)
            self.i = i + 1
            args = self.bracketed()
            node = Apply(self.vals[i], args.items if isinstance(args, TupleOf) else (args,))
        elif k == "sym" and self._inverse_call(i):
            # "f^{-1}(x)": the inverse function applied, named as written; never f to the power -1 times x
            self.i = i + 6
            args = self.bracketed()
            name = self.vals[i] + "^{-1}"
            node = Apply(name, args.items if isinstance(args, TupleOf) else (args,))
        elif k == "sym":
            self.i = i + 1
            node = self.indexed(self.vals[i]) if kinds[i + 1] == "_" else Symbol(self.vals[i])
        elif k == "const" and self.vals[i] in self.bound:
            self.i = i + 1  # \prod_{i=1}^{n} i: a summation variable, not the imaginary unit
            node = self.indexed(self.vals[i]) if kinds[i + 1] == "_" else Symbol(self.vals[i])
        elif k == "const":
            self.i = i + 1
            name = self.vals[i]
            # e_1, i_2 are indexed letters, not constants
            node = Symbol(self.subscripted(name)) if kinds[i + 1] == "_" and name != "oo" else Constant(name)
        elif k == "{":
            node = self.brace_group()
        elif k == "(" or k == "[":
            node = self.bracketed()
        elif k == "frac":
            self.i = i + 1
            num = self.arg()
            node = self.divide(num, self.arg(), i)
        elif k == "sqrt":
            node = self.root()
        elif k == "func":
            node = self.function()
        elif k == "|":
            node = self.delimited("|", "abs")
        elif k == "lvert":
            node = self.delimited("rvert", "abs")
        elif k == "lfloor":
            node = self.delimited("rfloor", "floor")
        elif k == "lceil":
            node = self.delimited("rceil", "ceil")
        elif k == "\\{":
            node = self.set_literal()
        elif k == "empty":
            self.i = i + 1
            node = SetOf(())
        elif k == "binom":
            self.i = i + 1
            n = self.scalar(self.arg(), i)
            node = Binomial(n, self.scalar(self.arg(), i))
        elif k == "begin":
            node = self.matrix()
        elif k == "bigop":
            node = self.big_operator()
        elif k == "det":
            self.i = i + 1
            at = self.i
            matrix = self.primary()
            if not isinstance(matrix, Matrix):
                self.fail("\\det needs an explicit matrix", at)
            node = self.determinant(matrix, at)
        elif k == "reals":
            self.i = i + 1
            node = Interval(Neg(_INFINITY), _INFINITY, True, True)
        else:
            self.fail(f"expected an expression, found {self.found()}")
        self.depth -= 1
        return node

    def base_number(self, digits: str, at: int) -> Node:
        """``52_8``, ``4210_{5}``, ``0.0011_{2}``: a numeral in base 2..36, read as its exact value."""
        base_text = self.subscripted("")[1:]
        if not base_text.isdigit() or not 2 <= int(base_text) <= 36:
            self.fail(f"unsupported number base {base_text!r}", at)
        base = int(base_text)
        whole, _, fraction = digits.partition(".")
        written = whole + fraction
        if (
            not written.isdigit()
            or any(int(d) >= base for d in written)
            or (fraction == "" and "." in digits)
        ):
            self.fail(f"{digits} is not a numeral in base {base}", at)
        value = Fraction(int(whole or "0", base))
        if fraction:  # 0.0011_2 = 3/16
            value += Fraction(int(fraction, base), base ** len(fraction))
        return Number(value)

    def indexed(self, name: str) -> Node:
        """``x_1`` and ``F_n`` are names; ``F_{n-k-1}`` (an index that is an expression) and ``F_k`` in a sum
        over ``k`` are terms of the sequence ``F``. A plain subscript that only mentions a bound variable
        (``x_{2k}`` in a sum over ``k``) is refused: read as a name, it would not change with ``k``."""
        start = self.i
        kinds = self.kinds
        j = start + 1
        if kinds[j] == "{":
            j += 1
            while kinds[j] in ("num", "sym") or (kinds[j] == "const" and self.vals[j] != "oo"):
                j += 1
            if kinds[j] != "}":
                self.i = start + 1
                index = self.scalar(self.brace_group(), start + 1)
                return Indexed(name, index)
        full = self.subscripted(name)
        part = full[len(name) + 1 :]
        if part in self.bound:
            return Indexed(name, Symbol(part))
        if any(var in part for var in self.bound):
            self.fail(f"the subscript of {full} mentions a summation variable; an index needs braces")
        return Symbol(full)

    def big_operator(self) -> Node:
        r"""``\sum_{k=1}^{n} body``, ``\prod_{i=1}^{n} body``: both bounds are required (an unbounded sum
        states no value), the variable is one letter, and the body runs over the explicit and implicit
        products after it, up to the next ``+`` or ``-`` (``\sum_{k=1}^{n} k^2 + 1`` is the sum, plus 1)."""
        kinds = self.kinds
        start = self.i
        op = self.vals[start]
        self.i += 1
        if kinds[self.i] != "_" or kinds[self.i + 1] != "{":
            self.fail(f"\\{op} needs its bounds: _{{k=1}}^{{n}}", start)
        self.i += 2
        letter = kinds[self.i] == "sym" or (kinds[self.i] == "const" and self.vals[self.i] in ("i", "e"))
        if not letter or kinds[self.i + 1] != "rel" or self.vals[self.i + 1] != "=":
            self.fail(f"the lower bound of \\{op} must name its variable: _{{k=1}}", start)
        var = self.vals[self.i]
        self.i += 2
        lo = self.scalar(self.expr(), start)
        self.expect("}", "} after the lower bound")
        if kinds[self.i] != "^":
            self.fail(f"\\{op} needs an upper bound: ^{{n}}", start)
        self.i += 1
        hi = self.scalar(self.exponent(), start)
        if var in symbols_of(lo) or var in symbols_of(hi):
            self.fail(f"the bounds of \\{op} use its own variable {var}", start)
        saved = self.bound
        self.bound = (*saved, var)
        body = self.scalar(self.term(), start)
        self.bound = saved
        return BigOp(op, var, lo, hi, body)

    def subscripted(self, name: str) -> str:
        """``x_1`` → "x_1", ``x_{12}`` → "x_12", ``a_{ij}`` → "a_ij"; only letters and digits."""
        kinds = self.kinds
        if kinds[self.i] != "_":
            return name
        self.i += 1
        if kinds[self.i] != "{":
            return f"{name}_{self.subscript_part()}"
        self.i += 1
        parts = []
        while kinds[self.i] != "}":
            parts.append(self.subscript_part())
        self.i += 1
        if not parts:
            self.fail("empty subscript")
        return f"{name}_{''.join(parts)}"

    def subscript_part(self) -> str:
        k = self.kinds[self.i]
        v = self.vals[self.i]
        if k == "num" and v[1].isascii() and v[1].isdigit():
            self.i += 1
            return str(v[1])
        if k == "sym" or (k == "const" and v != "oo"):
            self.i += 1
            return str(v)
        self.fail(f"unsupported subscript {self.found()}")

    def arg(self, parens: bool = False) -> Node:
        """A macro argument: ``{...}``, or TeX's single unbraced token (one digit of ``\\frac12``)."""
        kinds = self.kinds
        i = self.i
        k = kinds[i]
        if k == "{" or (parens and k == "("):
            return self.primary()
        if k == "num":
            node, raw = self.vals[i]
            if len(raw) == 1:
                self.i = i + 1
                return node
            if not (raw.isascii() and raw.isdigit()):
                self.fail("an unbraced argument must be a single digit; use braces")
            # \frac12: the first digit is this argument, the rest stays in the stream
            self.vals[i] = (Number(Fraction(int(raw[1:]))), raw[1:])
            self.poss[i] += 1
            return Number(Fraction(int(raw[0])))
        if k == "sym":
            self.i = i + 1
            return Symbol(self.vals[i])
        if k == "const":
            self.i = i + 1
            return Constant(self.vals[i])
        self.fail(f"expected a {{...}} argument, found {self.found()}")

    def brace_group(self) -> Node:
        """``{...}``: a group; ``{n \\choose k}``, ``{a \\over b}``; ``{a, b}`` is a set (ASCII style)."""
        kinds = self.kinds
        start = self.i
        self.i += 1
        if kinds[self.i] == "}":
            self.fail("empty group {}")
        saved, self.in_abs = self.in_abs, False
        node = self.expr()
        k = kinds[self.i]
        if k == "choose" or k == "over":
            self.i += 1
            second = self.expr()
            if k == "choose":
                node = Binomial(self.scalar(node, start), self.scalar(second, start))
            else:
                node = self.divide(node, second, start)
        elif k == ",":
            items = [node]
            while kinds[self.i] == ",":
                self.i += 1
                items.append(self.expr())
            node = SetOf(tuple(items))
        self.expect("}", "}")
        self.in_abs = saved
        return node

    def _value_at_point(self, at: int) -> bool:
        """Whether the letter at ``at`` is applied to one whole number and set equal to something, starting
        an equation's left side (``d(72) = ...``, ``; a(3) = ...``): the value of a function at a point. A
        product with a number is written ``72d``; ``d(n - 1)`` and ``2 + d(3)`` stay products."""
        kinds = self.kinds
        return (
            kinds[at + 2] == "num"
            and kinds[at + 3] == ")"
            and kinds[at + 4] == "rel"
            and self.vals[at + 4] == "="
            and (at == 0 or kinds[at - 1] in (",", ";", "rel"))
        )

    def _inverse_call(self, at: int) -> bool:
        """Whether the function letter at ``at`` opens an inverse applied to call arguments: ``f^{-1}(x)``."""
        kinds = self.kinds
        return (
            self.vals[at] in FUNCTION_LETTERS
            and kinds[at + 1 : at + 6] == ["^", "{", "-", "num", "}"]
            and self.vals[at + 4][1] == "1"
            and self._call_args(at + 6)
        )

    def _call_args(self, open_at: int) -> bool:
        """Whether the parentheses at ``open_at`` hold call arguments: numbers and single symbols separated by
        commas (``f(x)``, ``E(2020, 1993)``), not an expression (``p(p+1)`` stays a product)."""
        kinds = self.kinds
        if kinds[open_at] != "(":
            return False
        j = open_at + 1
        while kinds[j] in ("num", "sym", "const", "-"):
            if kinds[j] == "-":
                j += 1
                continue
            j += 1
            if kinds[j] == ",":
                j += 1
            elif kinds[j] == ")":
                return j > open_at + 1
            else:
                return False
        return False

    def bracketed(self) -> Node:
        """``( )`` and ``[ ]``: a group, a tuple ``(a, b, c)`` or an interval ``[a, b)``."""
        kinds = self.kinds
        start = self.i
        opener = kinds[start]
        self.i += 1
        saved, self.in_abs = self.in_abs, False
        items = [self.item()]
        # "(0;-2;6)": a semicolon separates coordinates where a comma may be a decimal mark; one kind of
        # separator per bracket, so "(1,5;2)" is refused rather than guessed
        sep = ";" if opener == "(" and kinds[self.i] == ";" else ","
        while kinds[self.i] == sep:
            self.i += 1
            items.append(self.item())
        closer = kinds[self.i]
        if closer != ")" and closer != "]":
            self.fail(f"expected ',' or a closing bracket, found {self.found()}")
        self.i += 1
        self.in_abs = saved
        if len(items) == 1:
            if (opener == "(") == (closer == ")"):
                return items[0]
            self.fail("mismatched brackets around one expression", start)
        if opener == "(" and closer == ")":
            return TupleOf(tuple(items))
        if len(items) != 2:
            self.fail("an interval needs exactly two endpoints", start)
        lo, hi = self.scalar(items[0], start), self.scalar(items[1], start)
        return Interval(lo, hi, opener == "(", closer == ")")

    def set_literal(self) -> Node:
        kinds = self.kinds
        self.i += 1
        if kinds[self.i] == "\\}":
            self.i += 1
            return SetOf(())
        saved, self.in_abs = self.in_abs, False
        items = [self.expr()]
        dots = -1
        while kinds[self.i] == ",":
            self.i += 1
            if kinds[self.i] == "dots" and dots < 0 and kinds[self.i + 1] == ",":
                dots, self.i = len(items), self.i + 2  # "\\{1, 2, \\dots, 9\\}"
            items.append(self.expr())
        self.expect("\\}", "\\} or ','")
        self.in_abs = saved
        if dots >= 0:
            return SetOf(self.progression(items, [","] * (len(items) - 1), dots).items)
        return SetOf(tuple(items))

    def delimited(self, closer: str, name: str) -> Node:
        """``|x|``, ``\\lvert x \\rvert``, ``\\lfloor x \\rfloor``, ``\\lceil x \\rceil``."""
        start = self.i
        self.i += 1
        saved, self.in_abs = self.in_abs, closer == "|"
        inner = self.expr()
        self.expect(closer, "the closing delimiter")
        self.in_abs = saved
        return Func(name, (self.scalar(inner, start),))

    def root(self) -> Node:
        start = self.i
        self.i += 1
        index: Node = _TWO
        if self.kinds[self.i] == "[":
            self.i += 1
            index = self.scalar(self.expr(), start)
            self.expect("]", "] after the root index")
        radicand = self.arg(parens=True)
        return Root(self.scalar(radicand, start), index)

    def function(self) -> Node:
        """``\\sin x``, ``\\sin(2x)``, ``\\sin^2 x``, ``\\sin^{-1} x``, ``\\log_2 8``, ``\\ln|x|``."""
        kinds = self.kinds
        start = self.i
        name = self.vals[start]
        self.i += 1
        power: Node | None = None
        base: Node | None = None
        powered = False
        while True:
            k = kinds[self.i]
            if k == "^" and not powered:
                powered = True
                self.i += 1
                if self.minus_one():
                    if name not in _INVERSE:
                        self.fail(f"the inverse {name}^{{-1}} is not supported", start)
                    name = _INVERSE[name]
                else:
                    power = self.scalar(self.exponent(), start)
            elif k == "_" and name == "log" and base is None:
                self.i += 1
                base = self.scalar(self.arg(), start)
            else:
                break
        arg = self.function_argument(start)
        node: Node = Func(name, (arg,) if base is None else (arg, base))
        return node if power is None else Pow(node, power)

    def minus_one(self) -> bool:
        """Consume an exponent of exactly ``-1`` or ``{-1}``."""
        kinds, vals, i = self.kinds, self.vals, self.i
        braced = kinds[i] == "{"
        j = i + 1 if braced else i
        if kinds[j] == "-" and kinds[j + 1] == "num" and vals[j + 1][1] == "1":
            if not braced:
                self.i = j + 2
                return True
            if kinds[j + 2] == "}":
                self.i = j + 3
                return True
        return False

    def function_argument(self, start: int) -> Node:
        kinds = self.kinds
        k = kinds[self.i]
        if k == "(" or k == "{":
            return self.scalar(self.primary(), start)
        # Unparenthesized: a sign, then juxtaposed factors up to the next function (\sin x \cos x).
        at = self.i
        negations = 0
        while kinds[self.i] == "-" or kinds[self.i] == "+":
            negations += kinds[self.i] == "-"
            self.i += 1
        self.depth += negations
        node = self.power()
        self.depth -= negations
        k = kinds[self.i]
        # an angle in degrees is a whole argument: "\sin 80^\circ (4\cos 80^\circ - 1)" is a product
        if k in _JUXT and k != "func" and not (k == "|" and self.in_abs) and not isinstance(node, Degrees):
            factors = [node]
            while True:
                k = kinds[self.i]
                if k not in _JUXT or k == "func" or (k == "|" and self.in_abs):
                    break
                factors.append(self.power())
            node = self.mul(factors, at)
        for _ in range(negations):
            node = self.negate(node, at)
        return self.scalar(node, start)

    def matrix(self) -> Node:
        kinds = self.kinds
        start = self.i
        env = self.vals[start]
        if env == "Vmatrix":
            self.fail("norms (Vmatrix) are not supported")
        if env not in _MATRIX_ENVS and env != "vmatrix":
            self.fail(f"unsupported environment {env!r}")
        self.i += 1
        rows: list[tuple[Node, ...]] = []
        row: list[Node] = []
        saved, self.in_abs = self.in_abs, False
        while True:
            at = self.i
            row.append(self.scalar(self.expr(), at))
            k = kinds[self.i]
            if k == "&":
                self.i += 1
                continue
            rows.append(tuple(row))
            row = []
            if k == "row":
                self.i += 1
                if kinds[self.i] == "end":
                    break
            elif k == "end":
                break
            else:
                self.fail(f"expected &, \\\\ or \\end{{{env}}}, found {self.found()}")
        if self.vals[self.i] != env:
            self.fail(f"\\begin{{{env}}} ended by \\end{{{self.vals[self.i]}}}")
        self.i += 1
        self.in_abs = saved
        if any(len(r) != len(rows[0]) for r in rows):
            self.fail("matrix rows of different lengths", start)
        if env == "vmatrix":
            return self.determinant(Matrix(tuple(rows)), start)
        return Matrix(tuple(rows))

    def determinant(self, matrix: Matrix, at: int) -> Node:
        """``\\det`` of an explicit matrix, or a ``vmatrix``: its cofactor expansion, a sum of products of the
        entries (so a matrix of constants has the number as its value), for square matrices up to
        :data:`MAX_DETERMINANT_SIDE` rows (24 products at most)."""
        n = len(matrix.rows)
        if n != len(matrix.rows[0]):
            self.fail("a determinant needs a square matrix", at)
        if n > MAX_DETERMINANT_SIDE:
            self.fail(f"a determinant larger than {MAX_DETERMINANT_SIDE}x{MAX_DETERMINANT_SIDE}", at)
        return _cofactor_expansion(matrix.rows)


# --- helpers ---------------------------------------------------------------------------------------------


def _solution_list(items: list[Node], between: list[str]) -> Node | None:
    """``p=5,q=2;p=7,q=2`` (also ``p=5, q=2 \\quad p=7, q=2``): several solutions, each assigning constants
    to the same two or more names in the same order, as the list of their value tuples ``(5, 2), (7, 2)``
    (in the order the names are written). A ``;`` ends a solution; without one, a solution ends where its
    first name comes back. None for any other shape, which stays a flat list."""
    if not all(
        isinstance(g, Relation) and g.op == "=" and isinstance(g.lhs, Symbol) and _constant(g.rhs)
        for g in items
    ):
        return None
    names = [g.lhs.name for g in items if isinstance(g, Relation) and isinstance(g.lhs, Symbol)]
    if ";" in between:
        ends = [k for k, sep in enumerate(between, start=1) if sep == ";"]
    else:
        ends = [k for k, name in enumerate(names) if k and name == names[0]]
    starts = [0, *ends]
    groups = [names[a:b] for a, b in zip(starts, [*ends, len(names)], strict=True)]
    first = groups[0]
    if len(groups) < 2 or len(first) < 2 or len(set(first)) != len(first) or any(g != first for g in groups):
        return None
    values = [g.rhs for g in items if isinstance(g, Relation)]
    size = len(first)
    return ListOf(tuple(TupleOf(tuple(values[k : k + size])) for k in range(0, len(values), size)))


def _joined_bounds(items: list[Node], *, conjunction: bool) -> Node | None:
    """Bounds on one variable joined by a word: ``x < 2 or x > 3`` is the union of the values each allows,
    ``x > 2 and x < 5`` (one lower and one upper bound) the interval between them. None for anything else
    (equations, several variables, a bound that is not a constant), which stays a list."""
    variable: Symbol | None = None
    intervals: list[Interval] = []
    for item in items:
        bound = _bound_interval(item)
        if bound is None or (variable is not None and bound[0] != variable):
            return None
        variable = bound[0]
        intervals.append(bound[1])
    if not conjunction:
        return Union(tuple(intervals))
    if len(intervals) != 2:
        return None
    lower, upper = sorted(intervals, key=lambda iv: iv.lo == _NEG_INFINITY)
    one_each = lower.hi == _INFINITY and upper.lo == _NEG_INFINITY
    if not one_each or lower.lo == _NEG_INFINITY or upper.hi == _INFINITY:
        return None  # two lower bounds or two upper ones: not an interval written this way
    return Interval(lower.lo, upper.hi, lower.left_open, upper.right_open)


def _interval_written(node: Node) -> bool:
    """An interval as written: with a bracket (``[1, 3)``), a union, or a pair that reaches infinity
    (``(3, \\infty)``); a pair of finite numbers (``(1, 2)``) may be a point."""
    if isinstance(node, (Interval, Union)):
        return True
    return isinstance(node, TupleOf) and len(node.items) == 2 and any(map(_infinite, node.items))


def _infinite(node: Node) -> bool:
    return node in (_INFINITY, _NEG_INFINITY)


def _bound_interval(node: Node) -> tuple[Symbol, Interval] | None:
    """``x < 2`` (or ``2 > x``) as its variable and the interval of values it allows; ``2 < x < 5`` too."""
    if isinstance(node, Chain) and len(node.terms) == 3 and isinstance(node.terms[1], Symbol):
        (lo, x, hi), (op1, op2) = node.terms, node.ops
        if op1 in (">", ">=") and op2 in (">", ">="):
            lo, hi, op1, op2 = hi, lo, _FLIP_BOUND[op2], _FLIP_BOUND[op1]
        if op1 not in ("<", "<=") or op2 not in ("<", "<=") or not _constant(lo) or not _constant(hi):
            return None
        assert isinstance(x, Symbol)
        return x, Interval(lo, hi, op1 == "<", op2 == "<")
    if not isinstance(node, Relation) or node.op not in _FLIP_BOUND:
        return None
    op, lhs, rhs = node.op, node.lhs, node.rhs
    if isinstance(rhs, Symbol) and not isinstance(lhs, Symbol):
        op, lhs, rhs = _FLIP_BOUND[op], rhs, lhs
    if not isinstance(lhs, Symbol) or not _constant(rhs):
        return None
    if op in (">", ">="):
        return lhs, Interval(rhs, _INFINITY, op == ">", True)
    return lhs, Interval(_NEG_INFINITY, rhs, True, op == "<")


_FLIP_BOUND = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}
_NEG_INFINITY = Neg(Constant("oo"))


def _cofactor_expansion(rows: tuple[tuple[Node, ...], ...]) -> Node:
    """The determinant of a square matrix as a tree: expansion along the first row, signs alternating."""
    if len(rows) == 1:
        return rows[0][0]
    terms: list[Node] = []
    for j, entry in enumerate(rows[0]):
        minor = tuple(row[:j] + row[j + 1 :] for row in rows[1:])
        term: Node = Mul((entry, _cofactor_expansion(minor)))
        terms.append(Neg(term) if j % 2 else term)
    return Add(tuple(terms))


def _constant(node: Node) -> bool:
    """No letters in it: a value an assignment can state (``5``, ``-\\frac12``, ``\\pi``)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, (Symbol, Apply)):
            return False
        stack.extend(n.children())
    return True


def _describe(node: Node) -> str:
    return {
        PlusMinus: "a \\pm expression",
        TupleOf: "a tuple",
        SetOf: "a set",
        Interval: "an interval",
        Union: "a union",
        Relation: "an equation or inequality",
        Chain: "a chain of inequalities",
        ListOf: "a list",
        Matrix: "a matrix",
        Text: "text",
        Ratio: "a ratio",
    }.get(type(node), "an expression")


def _is_int(node: Node) -> bool:
    if isinstance(node, Neg):
        node = node.x
    return isinstance(node, Number) and node.decimals is None and node.value.denominator == 1


def _is_int_fraction(node: Node) -> bool:
    return (
        isinstance(node, Div)
        and _is_int(node.num)
        and _is_int(node.den)
        and not isinstance(node.num, Neg)
        and not isinstance(node.den, Neg)
    )


def _mixed_number(whole: Node, frac: Node) -> Node:
    if isinstance(whole, Neg):
        return Neg(Add((whole.x, frac)))
    return Add((whole, frac))


def _ascii_mixed(kinds: list[str], vals: list[Any], i: int) -> bool:
    """True when tokens i.. read "<int> / <int>" and nothing that binds tighter follows."""
    return (
        kinds[i + 1] == "/"
        and kinds[i + 2] == "num"
        and vals[i][1].isdigit()
        and vals[i + 2][1].isdigit()
        and kinds[i + 3] not in _AFTER_OPERAND
        and kinds[i + 3] not in ("^", "!", "%", "degree")
    )


def _small_int(node: Node) -> int | None:
    """The value of an integer literal (or its negation) small enough to scale a number by 10**k."""
    sign = 1
    if isinstance(node, Neg):
        node, sign = node.x, -1
    if (
        isinstance(node, Number)
        and node.decimals is None
        and node.value.denominator == 1
        and abs(node.value) <= MAX_DIGITS
    ):
        return sign * int(node.value)
    return None


def _scientific(mantissa: Number, k: int) -> Number:
    d = (mantissa.decimals or 0) - k
    return Number(mantissa.value * Fraction(10) ** k, d if d > 0 else None)


def _plain_text(s: str) -> str | None:
    """The words of an input that is only text (``\\text{Monday}``, ``no solution``), else None.

    The text is either the whole input or the content of one ``\\text{}``-like wrapper around all of it."""
    t = s.strip().strip("$").strip()
    for opener, closer in (("\\(", "\\)"), ("\\[", "\\]")):
        if t.startswith(opener) and t.endswith(closer):
            t = t[2:-2].strip()
    if t.startswith("\\"):
        head = t.find("{")
        if head < 0 or (t[1:head] not in _TEXT_WRAPPERS and t[1:head] not in _MATH_WRAPPERS):
            return None
        try:
            close = _brace_map(t).get(head)
        except MathParseError:
            return None
        if close != len(t) - 1:
            return None
        t = t[head + 1 : close]
    t = t.replace("\\ ", " ").replace("~", " ").strip().rstrip(".").strip()
    if not all(c.isalpha() or c in " '-.,&" for c in t):
        return None
    words = t.split()
    if not any(sum(c.isalpha() for c in w) >= 2 for w in words):
        return None
    return " ".join(words)


# Every command name the lexer reads: only these are repaired by :func:`repair_escapes`.
_KNOWN_NAMES = frozenset(
    set(_COMMANDS)
    | _IGNORED_COMMANDS
    | _TEXT_WRAPPERS
    | _MATH_WRAPPERS
    | _COLOURING
    | {"quad", "qquad", "left", "right", "begin", "end", "hspace", "vspace", "phantom", "mathbb", "not"}
    | {"hphantom", "vphantom"}
)
# String escapes that ate a command's first letter: "\f" of "\frac" read as a form feed, "\b" of "\boxed"
# as a backspace, "\t" of "\text" as a tab, "\r" of "\right" as a carriage return.
_ESCAPED_LETTERS = {"\x0c": "f", "\x08": "b", "\t": "t", "\r": "r"}
_CONTROL_ESCAPE = lazy_compile(r"\\?([\x0c\x08\t\r])([A-Za-z]+)")
_DOUBLED_ESCAPE = lazy_compile(r"(\\+)([A-Za-z]+)")


def repair_escapes(text: str) -> str:
    r"""Undo the string escaping that mangles LaTeX on its way through JSON or Python source.

    A doubled backslash before a known command's name (``\\frac``, ``-2 \\le x``) is the command: a
    matrix row that begins with the letters of a command name (``1 \\pi`` for the row "p i") is not how
    anyone writes one, while "\\ 2", "\\x" and "\\ \pi" stay row breaks. A control character that a
    string escape made of a command's first letter (form feed + ``rac``) is that command when the letters
    after it complete a known name; a tab or line break before anything else is just space.

    >>> repair_escapes("\\\\left(\\\\frac{1}{5}, 1\\\\right)")
    '\\left(\\frac{1}{5}, 1\\right)'
    >>> repair_escapes("\x0crac{7}{4}"), repair_escapes("1 \\\\ 2 \\\\x")
    ('\\frac{7}{4}', '1 \\\\ 2 \\\\x')
    """
    if "\\\\" in text:
        text = _DOUBLED_ESCAPE.sub(_undouble, text)
    if "\x0c" in text or "\x08" in text or "\t" in text or "\r" in text:
        text = _CONTROL_ESCAPE.sub(_uncontrol, text)
    return text


def _undouble(m: re.Match[str]) -> str:
    # backslashes pair off left to right: an even run before a name ends in a row break, unless the name
    # is a command's (then the last pair is one escaped backslash)
    run, name = m.group(1), m.group(2)
    if len(run) % 2 == 0 and name in _KNOWN_NAMES:
        return run[:-1] + name
    return m.group(0)


def _uncontrol(m: re.Match[str]) -> str:
    name = _ESCAPED_LETTERS[m.group(1)] + m.group(2)
    return "\\" + name if name in _KNOWN_NAMES else m.group(0)


# set-builder notation on one real variable: "\\{x \\mid x > 2\\}", "\\{x : x > 2\\}",
# "\\{x \\in \\mathbb{R} \\mid x > 2\\}"
_SET_BUILDER = lazy_compile(
    r"\s*\\\{\s*(?P<var>[a-z])\s*(?:\\in\s*(?:\\mathbb\s*\{\s*R\s*\}|ℝ)\s*)?(?:\\mid|\\vert|\||:)"
    r"(?P<cond>[^{}]*(?:\{[^{}]*\}[^{}]*)*)\\\}\s*\.?\s*"
)


def _set_builder(m: re.Match[str]) -> Node:
    """``\\{x \\mid x > 2\\}`` as the interval of values its condition allows on its variable: a bound on
    that variable (``x > 2``, ``-1 \\le x \\le 4``), nothing else."""
    condition = parse_math(m["cond"])
    variable = Symbol(m["var"])
    bound = _bound_interval(condition)
    if bound is None or bound[0] != variable:
        raise MathParseError(
            f"set-builder notation with a condition other than a bound on {variable.name}", 0
        )
    return bound[1]


# the most terms the dots of a progression may stand for ("1, 2, \\dots, 1000")
_MAX_PROGRESSION = 1000

# a ratio of three numbers or more, "1:2:3", "2 : 4 : 6" (two, "3:4", are read with times of day as one value)
_LONG_RATIO = lazy_compile(r"\s*\d{1,12}(?:\.\d{1,12})?(?:\s*:\s*\d{1,12}(?:\.\d{1,12})?){2,11}\s*\.?\s*")
_RATIO_TERM = lazy_compile(r"\d+(?:\.\d+)?")


def _ratio(text: str) -> Ratio:
    """``2:4:6`` as ``Ratio((1, 2, 3))``: its terms scaled to whole numbers with no common factor.

    >>> _ratio("2:4:6") == _ratio("1 : 2 : 3") == _ratio("0.5:1:1.5"), _ratio("1:3:2").terms
    (True, (1, 3, 2))
    """
    terms = [Fraction(t) for t in _RATIO_TERM.findall(text)]
    if not any(terms):
        raise MathParseError("a ratio of zeros", 0)
    scale = math.lcm(*(t.denominator for t in terms))
    whole = [int(t * scale) for t in terms]
    common = math.gcd(*whole)
    return Ratio(tuple(w // common for w in whole))


# a numeral whose digits may be capital letters, then its base: "A3_{16}", "1F_16", "\\text{B}2_{12}"
_NUMERAL_WRAPPER = lazy_compile(r"\\(?:text|mathrm)\s*\{\s*([0-9A-Z]{1,64})\s*\}")
_LETTER_NUMERAL = lazy_compile(
    r"((?:[0-9A-Z]|\\(?:text|mathrm)\s*\{\s*[0-9A-Z]{1,64}\s*\}){1,64})"
    r"\s*_\s*(?:\{\s*(\d{1,2})\s*\}|(\d{1,2}))"
)

# the name of an angle after its sign: its vertex or its three points, maybe primed, indexed or spaced
# ("\\angle A", "\\angle A'BC", "\\angle A_1B_1C_1", "\\angle B E A_{1}"), one lower-case letter or a
# number ("\\angle 1"), maybe braced ("\\angle{ABC}")
_ANGLE_POINT = r"[A-Z](?:_\{\s*\w{1,2}\s*\}|_\w)?['′]*"
_ANGLE_POINTS = (
    rf"{_ANGLE_POINT}(?:[ \t]*{_ANGLE_POINT}){{0,2}}(?![A-Za-z])|[a-z](?![A-Za-z])|\d{{1,2}}(?![\d.])"
)
_ANGLE_NAME = lazy_compile(rf"\s*(?:\{{\s*(?P<braced>{_ANGLE_POINTS})\s*\}}|(?P<name>{_ANGLE_POINTS}))")
# the repeating part of a decimal, right after its point or its last written digit: \overline{45}, \dot{3}
_REPEATING = lazy_compile(r"\\overline\s*\{\s*(\d{1,400})\s*\}|\\dot\s*\{\s*(\d)\s*\}")
# the period in parentheses right after the point or the last digit: 0.(3), 1.2(45)
_PAREN_PERIOD = lazy_compile(r"\((\d{1,400})\)")
# dots that continue a decimal: 0.333\ldots, 0.1666..., 0.33…
_TRAILING_DOTS = lazy_compile(r" ?(?:\\[lc]?dots\b|\.\.\.|…)")
# the longest period looked for in the digits before such dots
_MAX_DOTTED_PERIOD = 6


# a repeating decimal in a notation the number reader would cut short: 0.(3), 0.1(6), 0.333\ldots, 0.1666...
_REPEATING_NOTATION = lazy_compile(
    r"(?<![\d.])\d+\.(?:\d*\(\d{1,400}\)|(\d{2,60}) ?(?:\\[lc]?dots\b|\.\.\.|…))"
)


def writes_repeating_decimal(text: str) -> bool:
    """Whether ``text`` writes a decimal with its period in parentheses or repeated before dots, which
    :func:`parse_math` reads as its exact fraction (``0.(3)``, ``0.1666...``; not ``3.14159...``).

    >>> [writes_repeating_decimal(t) for t in ("0.(3)", "0.1666...", "3.14...")]
    [True, True, False]
    """
    if "(" not in text and "dots" not in text and "..." not in text and "…" not in text:
        return False
    return any(
        m.group(1) is None or _period_of(m.group(1)) is not None for m in _REPEATING_NOTATION.finditer(text)
    )


def _period_of(frac: str) -> int | None:
    """The shortest period (up to :data:`_MAX_DOTTED_PERIOD` digits) that the last digits of ``frac`` repeat
    at least twice: 6 for ``142857142857``, 1 for ``1666``, None for ``14159``."""
    for period in range(1, _MAX_DOTTED_PERIOD + 1):
        if 2 * period <= len(frac) and frac[-period:] == frac[-2 * period : -period]:
            return period
    return None


_NOT_AN_ANSWER = frozenset({"n/a", "n / a", "n.a.", "n/a."})

# the words of a chain of reasoning written in the math: what follows a conclusion's sign is what the math
# concludes (``2x = 10 \\implies x = 5``, ``\\therefore \\quad \\frac{a}{b} = \\frac{2}{3}``), and a reason's
# sign gives the grounds of what stands before it (``x = 5 \\because 2x = 10``), or of nothing when it opens
# the math
_CONCLUDES = lazy_compile(
    r"\\(?:therefore|implies|Longrightarrow|Rightarrow|iff|Longleftrightarrow|Leftrightarrow)(?![A-Za-z])|[∴⇒⟹⇔]"
)
_BECAUSE = lazy_compile(r"\\because(?![A-Za-z])|∵")
# a word of prose before a sign (not a command's name): "not", "at least", "is" (a product of two variables,
# "xy", is math)
_PROSE_BEFORE_SIGN = lazy_compile(
    r"(?<![\\A-Za-z])(?:[A-Za-z]{3,}|(?:at|is|or|no|so|if|be|as|to|of|in|an|it|we|by|on)(?![A-Za-z]))"
)
# the words of those signs, one literal scan for the math that holds none
_REASONING_WORD = lazy_compile(r"therefore|implies|ightarrow|iff|because")


def _conclusion(text: str) -> str:
    """What a piece of math states once the signs of its reasoning are read: the text after its last
    conclusion sign (``\\therefore``, ``\\implies``, ``\\Rightarrow``, ``\\iff``), without a reason
    (``\\because …``) after its statement or a ``\\because`` that opens it; signs inside braces (a
    ``\\text{}``, a group) are left to the parser. The text unchanged when it holds none.

    >>> _conclusion(r"\\therefore \\quad \\frac{a}{b} = \\frac{2}{3}")
    '\\\\quad \\\\frac{a}{b} = \\\\frac{2}{3}'
    >>> _conclusion(r"2x = 10 \\implies x = 5")
    'x = 5'
    >>> _conclusion(r"\\because 2x = 10"), _conclusion(r"x = 5 \\because 2x = 10")
    ('2x = 10', 'x = 5')
    >>> _conclusion(r"not \\therefore x = 5")  # prose before the sign: left whole, for the statement to read
    'not \\\\therefore x = 5'
    """
    signs = [m for m in _CONCLUDES.finditer(text) if _top_level(text, m.start())]
    if signs:
        if _PROSE_BEFORE_SIGN.search(text, 0, signs[0].start()):
            return text  # "not \\therefore x = 5": words around the math, for the statement to read, not math
        text = text[signs[-1].end() :].strip()
    reasons = [m for m in _BECAUSE.finditer(text) if _top_level(text, m.start())]
    if reasons:
        first = reasons[0]
        if _PROSE_BEFORE_SIGN.search(text, 0, first.start()):
            return text
        text = text[first.end() :] if not text[: first.start()].strip() else text[: first.start()]
        text = text.strip()
    return text


def _top_level(text: str, at: int) -> bool:
    """Whether ``at`` stands outside every brace group of ``text`` (an escaped ``\\{`` is no group's)."""
    depth = 0
    for m in _BRACE.finditer(text, 0, at):
        depth += 1 if m.group() == "{" else -1
    return depth <= 0


_BRACE = lazy_compile(r"(?<!\\)[{}]")


# --- entry point -----------------------------------------------------------------------------------------


def parse_math(text: str) -> Node:
    """Parse one LaTeX or ASCII math answer into a :mod:`rewardkit.mathtree` tree.

    Raises :class:`MathParseError` on anything it cannot parse completely; never anything else for a str.

    >>> parse_math("x^2+2x+1")  # doctest: +ELLIPSIS
    Add(terms=(Pow(base=Symbol(name='x'), exp=Number(...)), Mul(factors=(Number(...), Symbol(name='x'))), ...
    >>> parse_math(r"\\text{Monday}")
    Text(value='Monday')
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_math expects a str, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise MathParseError(f"input longer than {MAX_LENGTH} characters", MAX_LENGTH)
    if text.strip().lower() in _NOT_AN_ANSWER:
        raise MathParseError(f"{text.strip()!r} means no answer, not N divided by A", 0)
    text = repair_escapes(text)
    if ("\\" in text and _REASONING_WORD.search(text)) or not text.isascii():
        text = _conclusion(text)
    if ":" in text and _LONG_RATIO.fullmatch(text):
        return _ratio(text)
    if "\\{" in text:
        builder = _SET_BUILDER.fullmatch(text)
        if builder is not None:
            return _set_builder(builder)
    try:
        lexer = _Lexer(text).run()
        if len(lexer.kinds) == 1:
            raise MathParseError("empty input", 0)
        return _Parser(text, lexer).parse()
    except MathParseError:
        words = _plain_text(text)
        if words is not None:
            return Text(words)
        raise
    except RecursionError:  # belt and braces: the depth guard should stop nesting long before this
        raise MathParseError(f"nested deeper than {MAX_DEPTH} levels", 0) from None
