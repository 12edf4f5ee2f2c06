"""Property tests for the grading core: invariants over generated inputs, not hand-picked examples.

What is checked (each test's docstring states its invariant):

1. formatting variants of one number grade the same (all CORRECT), and the same variants of a different
   number all grade WRONG;
2. ``grade`` is total: arbitrary and adversarial text never raises, never hangs, and yields a
   well-formed result quickly;
3. round trips: numbers rendered as words, with separators or with scale suffixes parse back to their
   value, and equal golds written differently have the same canonical ``gold_parsed``;
4. the two policies are consistent with :meth:`GradeResult.under`;
5. ``grade_many`` returns exactly what per-item ``grade`` calls return, in input order;
6. what must never be paid, over generated values: an ordinal or a numbered day against a quantity of a
   unit, a choice letter stated with another option's value, a plural scale word read as its bare number,
   either end of a range, a percent below one against the proportion it spells.

Number words come from ``tests/numberwords.py``, a renderer written apart from ``rewardkit.numbers`` so
that the round trip has a second opinion.
"""

from __future__ import annotations

import os
import threading
import time
from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, assume, event, given, note, settings
from hypothesis import strategies as st
from numberwords import to_words

from rewardkit import GradeResult, Verdict, grade, grade_many

# Grading is fast but not free, and timings vary on shared CI machines: no per-example deadline, and
# example counts sized so the whole file runs in well under 30 s on two cores. For a soak run, multiply
# every count: REWARDKIT_PROPERTY_SCALE=20 pytest tests/rewardkit/test_properties.py
SCALE = max(1, int(os.environ.get("REWARDKIT_PROPERTY_SCALE", "1")))


def examples(n: int) -> int:
    return n * SCALE


FAST = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
TOTALITY = settings(
    max_examples=examples(200),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)

INT_LIMIT = 10**12
WORDS_LIMIT = 10**6


@pytest.fixture(scope="module", autouse=True)
def _warm_up():
    # The first calls may import sympy or build regex tables; keep that out of the timing asserts.
    for completion, gold in [("The answer is 72.", "72"), ("\\boxed{\\frac{1}{2}}", "\\frac12"), ("x", "y")]:
        grade(completion, gold=gold)


# --------------------------------------------------------------------------------------------------
# Rendering numbers


def plain(value: int | Decimal) -> str:
    """The shortest plain decimal text of ``value``: no exponent, no trailing fractional zeros."""
    if isinstance(value, int):
        return str(value)
    text = format(value, "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def group(digits: str, sep: str) -> str:
    """Thousands grouping of a string of digits: ``group("1234567", ",") == "1,234,567"``."""
    head = len(digits) % 3 or 3
    return sep.join([digits[:head]] + [digits[i : i + 3] for i in range(head, len(digits), 3)])


def number_forms(value: int | Decimal, *, latex: bool) -> list[str]:
    """Texts of ``value`` differing only in formatting: separators, trailing fractional zeros.

    With ``latex`` the LaTeX thousands separators ``{,}`` and ``\\,`` are included; they only make
    sense inside math (a box).
    """
    text = plain(value)
    sign, body = ("-", text[1:]) if text.startswith("-") else ("", text)
    whole, _, frac = body.partition(".")
    tail = f".{frac}" if frac else ""
    zeros = [f"{text}0", f"{text}00"] if frac else [f"{text}.0", f"{text}.00"]
    forms = [text, *zeros]
    if len(whole) > 3:
        seps = [",", "{,}", "\\,"] if latex else [","]
        forms += [f"{sign}{group(whole, sep)}{tail}" for sep in seps]
        forms.append(f"{sign}{group(whole, ',')}{tail}{'0' if frac else '.00'}")
    return forms


def scale_forms(value: int) -> list[str]:
    """Exact scale-suffix texts of an integer: ``72000 -> 72k, 72 thousand``, ``2500000 -> 2.5 million``."""
    forms: list[str] = []
    for scale, suffixes in (
        (10**3, ["k", "K", " thousand"]),
        (10**6, ["M", " million"]),
        (10**9, [" billion"]),
    ):
        mantissa = Decimal(value) / scale
        # Only exact mantissas from 1 to 999.99, as people write them ("2.5 million", not "0.5k" or
        # "72000 thousand").
        if 1 <= abs(mantissa) < 1000 and mantissa == mantissa.quantize(Decimal("0.01")):
            forms += [f"{plain(mantissa.normalize())}{suffix}" for suffix in suffixes]
    return forms


def word_forms(value: int) -> list[str]:
    """English words for an integer in the renderer's range, in a few styles."""
    if abs(value) >= WORDS_LIMIT:
        return []
    forms = {to_words(value), to_words(value, and_=True), to_words(value, hyphen=False)}
    if value < 0:
        forms.add(to_words(value, negative="minus"))
    return sorted(forms)


def variants(value: int | Decimal, prefix: str = "") -> list[str]:
    """Completions that all commit to ``value`` as the final answer, in many formats."""
    out = [f"{prefix}\\boxed{{{t}}}" for t in number_forms(value, latex=True)]
    out += [f"{prefix}So the final answer is $\\boxed{{{t}}}$." for t in number_forms(value, latex=True)[:1]]
    for t in number_forms(value, latex=False):
        out += [
            f"{prefix}The answer is {t}.",
            f"{prefix}Final Answer: {t}",
            f"{prefix}#### {t}",
            f"{prefix}**{t}**",
        ]
    if value >= 0:
        for t in number_forms(value, latex=False):
            out += [f"{prefix}The answer is ${t}.", f"{prefix}#### ${t}"]
        out.append(f"{prefix}\\boxed{{\\${plain(value)}}}")
    if isinstance(value, int) or value == value.to_integral_value():
        n = int(value)
        for t in scale_forms(n):
            out += [f"{prefix}The answer is {t}.", f"{prefix}Final Answer: {t}"]
        for t in word_forms(n):
            out += [f"{prefix}The answer is {t}.", f"{prefix}Final Answer: {t}"]
    return out


def grade_all(completions: list[str], gold: str) -> dict[tuple[Verdict, bool], list[tuple[str, str | None]]]:
    """Group completions by (verdict, correct), keeping what was extracted for the failure message."""
    groups: dict[tuple[Verdict, bool], list[tuple[str, str | None]]] = {}
    for c in completions:
        r = grade(c, gold=gold)
        groups.setdefault((r.verdict, r.correct), []).append((c, r.extracted))
    return groups


def describe(groups) -> str:
    lines = []
    for (verdict, correct), items in groups.items():
        lines.append(f"{verdict.value} (correct={correct}): {len(items)}")
        lines += [f"    {c!r} -> extracted {e!r}" for c, e in items[:6]]
    return "\n".join(lines)


# --------------------------------------------------------------------------------------------------
# Strategies

# Numbers built group by group (units, thousands, millions, billions), with empty and round groups
# likely: "one million two hundred thousand" is where word parsers go wrong, and uniform draws from
# [0, 10**12) almost never produce it.
_group = st.one_of(st.just(0), st.integers(1, 9).map(lambda h: h * 100), st.integers(1, 999))
grouped_integers = st.tuples(_group, _group, _group, _group, st.booleans()).map(
    lambda g: (-1 if g[4] else 1) * (g[0] + g[1] * 10**3 + g[2] * 10**6 + g[3] * 10**9)
)

integers = st.one_of(
    grouped_integers,
    st.integers(0, INT_LIMIT - 1),
    st.integers(-INT_LIMIT + 1, -1),
    st.integers(0, 2000),
    st.integers(-999, 999).map(lambda k: k * 10**3),
    st.integers(-999, 999).map(lambda k: k * 10**6),
    st.integers(1, 999).map(lambda k: k * 10**5),  # 2.5 million and friends
    st.integers(-99, 99).map(lambda k: k * 10**9),
)


@st.composite
def decimals(draw) -> Decimal:
    """A decimal with 1 to 4 fractional digits as written (so ``str`` may keep trailing zeros)."""
    places = draw(st.integers(1, 4))
    mantissa = draw(st.integers(-(10**12), 10**12))
    return Decimal(mantissa).scaleb(-places)


prefixes = st.sampled_from(["", "Let me think step by step.\n", "We have 3 + 4 = 7 and 12 / 4 = 3.\n"])


def next_value(value: int | Decimal) -> int | Decimal:
    """The value one unit in the last written place above ``value`` (n+1, or 72.5 -> 72.6)."""
    if isinstance(value, int):
        return value + 1
    return value + Decimal(1).scaleb(value.as_tuple().exponent)


# --------------------------------------------------------------------------------------------------
# 1. Formatting variants of one number grade the same


@FAST
@given(n=integers, prefix=prefixes)
def test_integer_formatting_variants_are_all_correct(n, prefix):
    """Every formatting variant of integer n (box, separators, trailing zeros, $, markers, bold, scale
    suffix, words) is CORRECT against gold str(n): one verdict, CORRECT, for all of them."""
    groups = grade_all(variants(n, prefix), gold=str(n))
    assert set(groups) == {(Verdict.CORRECT, True)}, describe(groups)


@FAST
@given(n=integers, prefix=prefixes)
def test_integer_formatting_variants_of_another_number_are_all_wrong(n, prefix):
    """The same variants of n+1, and of -n when n != 0, are all WRONG against gold str(n): formatting
    never turns a different number into a match, and a sign is never dropped."""
    others = variants(next_value(n), prefix)
    if n != 0:
        others += variants(-n, prefix)
    groups = grade_all(others, gold=str(n))
    assert set(groups) == {(Verdict.WRONG, False)}, describe(groups)


@FAST
@given(d=decimals(), prefix=prefixes)
def test_decimal_formatting_variants_are_all_correct(d, prefix):
    """Every formatting variant of a decimal d (<= 4 fractional digits) is CORRECT against gold str(d),
    including golds written with trailing zeros ("72.50")."""
    groups = grade_all(variants(d, prefix), gold=str(d))
    assert set(groups) == {(Verdict.CORRECT, True)}, describe(groups)


@FAST
@given(d=decimals(), prefix=prefixes)
def test_decimal_formatting_variants_of_another_number_are_all_wrong(d, prefix):
    """The same variants of d + 10**-places (one unit in the last written digit) and of -d are all WRONG
    against gold str(d): the grader compares decimals exactly, not within a float tolerance."""
    others = variants(next_value(d), prefix)
    if d != 0:
        others += variants(-d, prefix)
    groups = grade_all(others, gold=str(d))
    assert set(groups) == {(Verdict.WRONG, False)}, describe(groups)


long_integers = st.integers(13, 700).flatmap(lambda digits: st.integers(10 ** (digits - 1), 10**digits - 1))
LONG_TEMPLATES = ["{}", "The answer is {}.", "#### {}", "\\boxed{{{}}}", "Final Answer: {}"]


@pytest.mark.parametrize("template", LONG_TEMPLATES)
@FAST
@given(n=long_integers)
def test_long_integers_are_never_confused(template, n):
    """Beyond the usual range (13 to 700 digits) a digit guard may refuse to judge, but it must not
    truncate: n, n+1, 10n and n//10 against gold str(n) -- only n may be CORRECT, and n itself is never
    WRONG (a number equal to the gold is not a reasoning error)."""
    gold = str(n)
    same = grade(template.format(n), gold=gold)
    assert same.verdict is not Verdict.WRONG, (len(gold), same.verdict, same.rule, same.detail[:120])
    for other in (n + 1, n * 10, n // 10):
        r = grade(template.format(other), gold=gold)
        assert r.verdict is not Verdict.CORRECT, (len(gold), len(str(other)), r.rule, r.detail[:120])


# --------------------------------------------------------------------------------------------------
# 2. Totality

# fmt: off
FRAGMENTS = [
    "\\boxed{", "\\boxed", "}", "{", "\\", "<think>", "</think>", "####", "The answer is ", "Final Answer: ",
    "Answer:", "A:", "**", "$", "$$", "\\frac{", "\\frac", "\\dfrac", "\\sqrt{", "\\sqrt[", "^", "^{", "_",
    "!", "\\left(", "\\right)", "(", ")", "[", "]", "1", "0", "9", "-", "+", ".", ",", "{,}", "\\,", "e",
    "E", "1e308", "1e-400", "10^{10^{10}}", "9^9^9^9", "1000000!", "(10!)!", "\\infty", "nan", "inf",
    "\\text{", "\\mathrm{", "\\%", "%", "\\pi", "x", "=", " or ", " and ", "(B)", "\n", "\x00", "\u2212",
    "\u0663", "\uff11\uff12", "\u00bd", "\u00b2", " million", " thousand", "seventy-two", " hundred", "k",
    "\\begin{pmatrix}", "\\end{pmatrix}", "&", "\\\\", "\\cdot", "\\times", "\\div", "\\lim", "\\int",
    "\\sum_{i=1}^{10^{100}}", ":", ";", "<answer>", "</answer>", "\\{", "\\}", "\\ne", "\\le", "1/0", "0/0",
    "\\frac{1}{0}", "i", "\\sqrt{-1}", "\\log", "\\sin", "'", '"', "\\$", "#", "~", "\t", "\r",
]
# fmt: on

HUGE = [
    "\\boxed{" * 500,
    "<think>" + "x" * 2000,
    "####" * 1000,
    "9" * 10_000,
    "1" + "0" * 10_000,
    "0." + "9" * 10_000,
    "\\frac{" * 300,
    "\\frac{1}{" * 300 + "}" * 300,
    "{" * 2000,
    "}" * 2000,
    "\\sqrt{" * 500 + "2" + "}" * 500,
    "10^" * 200 + "10",
    "2^{" * 100 + "2" + "}" * 100,
    "9^{9^{9^{9}}}",
    "99999999999!",
    "(" * 1000 + "1" + ")" * 1000,
    "\\left(" * 300,
    "-" * 5000 + "1",
    "1e" + "9" * 100,
    "\\boxed{" + "9" * 10_000 + "}",
    "\\boxed{" + "9" * 10_000 + "!}",
    "The answer is " + "1," * 3000 + "1.",
    "#### " + "9" * 10_000,
    "1/" * 3000 + "1",
    "\\binom{10^{100}}{10^{50}}",
    "10^{-10^{10}}",
    "e^{e^{e^{100}}}",
    "\\underbrace{" * 200,
    "\\boxed{1}" * 2000,
    " or ".join(str(i) for i in range(2000)),
    "one hundred " * 1000,
    "\\begin{pmatrix}" * 100,
    "1.5" * 3000,
]

adversarial = st.lists(
    st.one_of(st.sampled_from(FRAGMENTS), st.sampled_from(HUGE), st.text(max_size=8)), max_size=10
).map("".join)
any_text = st.one_of(st.text(), adversarial)
policies = st.sampled_from(["flexible", "strict"])
finished = st.sampled_from([None, True, False])

# ten times grade's own 1 s deadline (the slowest example takes about 0.03 s idle): a hang fails, a busy
# machine does not
HANG_S = 10.0


def call_with_watchdog(fn, *args, **kwargs):
    """Run ``fn`` in a daemon thread so that a hang fails the test instead of stalling the run."""
    box: dict = {}

    def target():
        try:
            box["result"] = fn(*args, **kwargs)
        except BaseException as exc:  # reported below, with the input, by the caller's assert
            box["error"] = exc

    worker = threading.Thread(target=target, daemon=True)
    worker.start()
    worker.join(HANG_S)
    if worker.is_alive():
        pytest.fail(f"grade did not return within {HANG_S}s")
    if "error" in box:
        raise AssertionError(f"grade raised {box['error']!r}") from box["error"]
    return box["result"]


def check_well_formed(completion: str, gold: str, **options) -> GradeResult:
    started = time.perf_counter()
    r = call_with_watchdog(grade, completion, gold=gold, **options)
    wall = time.perf_counter() - started
    note(f"result: {r!r}")
    assert isinstance(r, GradeResult)
    assert isinstance(r.verdict, Verdict)
    assert isinstance(r.correct, bool)
    assert r.correct == (r.verdict is Verdict.CORRECT)
    # ERROR is how grade reports its own exceptions: it keeps a training run alive, but on any input it
    # is a grader bug, so the property treats it as a failure.
    assert r.verdict is not Verdict.ERROR, r.detail
    assert r.extracted is None or isinstance(r.extracted, str)
    # elapsed_s is the grader's own measurement of this call, so it lies within the wall time around the
    # call: a wrong one fails, a busy machine cannot (the watchdog bounds the wall time itself)
    assert 0.0 <= r.elapsed_s <= wall, f"elapsed_s={r.elapsed_s} wall={wall:.3f}s"
    return r


@TOTALITY
@given(completion=st.text(), gold=st.text(), policy=policies, finished=finished)
def test_grade_is_total_on_arbitrary_text(completion, gold, policy, finished):
    """For any unicode text as completion and gold, grade returns a well-formed GradeResult (never
    raises, never ERROR), correct is True iff the verdict is CORRECT, and it takes under a second."""
    check_well_formed(completion, gold, policy=policy, finished=finished)


@TOTALITY
@given(completion=any_text, gold=any_text, policy=policies, finished=finished)
def test_grade_is_total_on_adversarial_math_text(completion, gold, policy, finished):
    """Adversarial math-looking text (unclosed boxes and think tags, repeated ####, 10,000 digits, deep
    fractions, exponent towers, huge factorials) as completion or gold: well-formed result, under 1 s."""
    check_well_formed(completion, gold, policy=policy, finished=finished)


@settings(TOTALITY, max_examples=examples(100))
@given(answer=adversarial)
def test_grade_is_total_when_both_sides_are_adversarial(answer):
    """A boxed adversarial answer graded against itself as gold (so both sides reach the parser and the
    comparison): well-formed result, under 1 s. The verdict is not prescribed."""
    check_well_formed(f"The answer is \\boxed{{{answer}}}.", answer)


# --------------------------------------------------------------------------------------------------
# 3. Round trips


@FAST
@given(
    n=grouped_integers | st.integers(-INT_LIMIT + 1, INT_LIMIT - 1) | st.integers(-2000, 2000),
    hyphen=st.booleans(),
    and_=st.booleans(),
    negative=st.sampled_from(["negative", "minus"]),
    template=st.sampled_from(["The answer is {}.", "Final Answer: {}", "So the total is {}.\nAnswer: {}"]),
    capital=st.booleans(),
)
def test_number_words_round_trip(n, hyphen, and_, negative, template, capital):
    """An integer written in English words (American or British "and", hyphenated or not, "negative" or
    "minus", up to the billions) reads back as its value: CORRECT against gold str(n)."""
    words = to_words(n, hyphen=hyphen, and_=and_, negative=negative)
    if capital:
        words = words[0].upper() + words[1:]
    completion = template.format(words, words)
    r = grade(completion, gold=str(n))
    assert r.verdict is Verdict.CORRECT, (completion, r.verdict, r.extracted, r.detail)


@FAST
@given(
    mantissa=st.integers(100, 99_999).map(lambda m: Decimal(m).scaleb(-2)) | st.integers(1, 999).map(Decimal),
    scale=st.sampled_from([10**3, 10**6, 10**9]),
    negative=st.booleans(),
)
def test_scale_suffix_round_trip(mantissa, scale, negative):
    """An integer written with an exact scale suffix (72k, 2.5 million, 3M, 1.25 billion) reads back as
    its value: every such form is CORRECT against gold str(value)."""
    value = int(mantissa * scale) * (-1 if negative else 1)
    forms = scale_forms(value)
    assert forms  # the renderer must produce something, or the test checks nothing
    completions = [f"The answer is {t}." for t in forms] + [f"Final Answer: {t}" for t in forms]
    groups = grade_all(completions, gold=str(value))
    assert set(groups) == {(Verdict.CORRECT, True)}, describe(groups)


def gold_spellings(value: int | Decimal) -> list[str]:
    """Golds of one value written differently: plain, thousands commas, trailing zeros, padding."""
    text = plain(value)
    golds = [text, f" {text} "] + [t for t in number_forms(value, latex=False) if t != text]
    if isinstance(value, Decimal):
        golds.append(str(value))
    return golds


@FAST
@given(value=integers | decimals())
def test_equal_golds_have_identical_gold_parsed(value):
    """Golds of one value written differently ("1,000", "1000", "1000.0", " 1000 ") parse to the same
    canonical gold_parsed, and each one grades the same completion CORRECT."""
    golds = gold_spellings(value)
    completion = f"The answer is {plain(value)}."
    results = {g: grade(completion, gold=g) for g in golds}
    parsed = {g: r.gold_parsed for g, r in results.items()}
    assert None not in parsed.values(), parsed
    assert len(set(parsed.values())) == 1, parsed
    verdicts = {g: r.verdict for g, r in results.items()}
    assert set(verdicts.values()) == {Verdict.CORRECT}, verdicts


@FAST
@given(value=integers | decimals())
def test_different_golds_have_different_gold_parsed(value):
    """The canonical form distinguishes values: gold str(v) and gold str(next(v)) parse differently."""
    completion = f"The answer is {plain(value)}."
    a = grade(completion, gold=str(value)).gold_parsed
    b = grade(completion, gold=str(next_value(value))).gold_parsed
    assert a is not None and b is not None
    assert a != b, (value, a, b)


# --------------------------------------------------------------------------------------------------
# 4. Policy consistency


@st.composite
def numeric_golds(draw) -> str:
    return str(draw(integers | decimals()))


@st.composite
def completions_for(draw, gold: str) -> str:
    """A completion around ``gold``: some reasoning, maybe a think region, maybe a final answer in one of
    many forms (anchored, lenient, hedged, missing), with the gold or a nearby number."""
    try:
        value: int | Decimal = int(gold)
    except ValueError:
        value = Decimal(gold)
    answer = draw(st.sampled_from([value, next_value(value), -value, 0, 7]))
    answer_text = draw(
        st.sampled_from(
            number_forms(answer, latex=False) + word_forms(int(answer))
            if isinstance(answer, int)
            else number_forms(answer, latex=False)
        )
    )
    other = plain(next_value(answer))
    reasoning = draw(st.sampled_from(["", "First, 3 + 4 = 7.\n", f"We get {other} apples. ", "Hmm.\n"]))
    final = draw(
        st.sampled_from(
            [
                "The answer is {a}.",
                "\\boxed{{{a}}}",
                "#### {a}",
                "Final Answer: {a}",
                "Answer: {a}",
                "**{a}**",
                "{a}",
                "So it is {a} apples.",
                "It is {a} or {o}.",
                "\\boxed{{{a}}} and \\boxed{{{o}}}",
                "The answer is \\boxed{{{a}}}.",
                "<answer>{a}</answer>",
                "",
                "The answer is",
            ]
        )
    )
    final = final.format(a=answer_text, o=other)
    shape = draw(st.sampled_from(["plain", "think_closed", "think_open", "answer_in_think"]))
    if shape == "think_closed":
        return f"<think>{reasoning}</think>\n{final}"
    if shape == "think_open":
        return f"<think>{reasoning}{final}"
    if shape == "answer_in_think":
        return f"<think>{reasoning}{final}</think>\nDone."
    return f"{reasoning}{final}"


@st.composite
def choice_items(draw) -> tuple[str, str, dict]:
    """A multiple-choice completion, its gold letter, and the offered choices (or none)."""
    gold = draw(st.sampled_from("ABCD"))
    said = draw(st.sampled_from("ABCDE"))
    other = draw(st.sampled_from("ABCD"))
    completion = draw(
        st.sampled_from(
            [
                "The answer is ({a}).",
                "The answer is {a}.",
                "\\boxed{{{a}}}",
                "Answer: {a}",
                "**Answer:** ({a})",
                "({a})",
                "{a}",
                "I think {a} or {o}.",
                "Between ({a}) and ({o}), the answer is ({a}).",
                "So option {a}",
            ]
        )
    ).format(a=said, o=other)
    options = draw(st.sampled_from([{}, {"choices": "ABCD"}, {"choices": ["10", "20", "30", "40"]}]))
    return completion, gold, options


@st.composite
def graded_items(draw) -> tuple[str, str, dict]:
    """(completion, gold, options): mostly numeric completions around a numeric gold, some multiple
    choice, some arbitrary text."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(any_text), draw(st.one_of(numeric_golds(), any_text)), {}
    if kind == 1:
        return draw(choice_items())
    gold = draw(numeric_golds())
    return draw(completions_for(gold)), gold, {}


graded_pairs = graded_items().map(lambda item: item[:2])


@settings(FAST, max_examples=examples(200))
@given(item=graded_items(), finished=finished)
def test_strict_policy_agrees_with_under(item, finished):
    """grade(c, policy="strict") has the verdict and correctness of grade(c).under("strict"), and the
    strict result under("flexible") restores the flexible judgement; strict CORRECT implies flexible
    CORRECT."""
    completion, gold, options = item
    flexible = grade(completion, gold=gold, finished=finished, **options)
    strict = grade(completion, gold=gold, policy="strict", finished=finished, **options)
    note(f"flexible={flexible!r}\nstrict={strict!r}")
    event(f"flexible {flexible.verdict.value} / strict {strict.verdict.value}")
    assert flexible.policy == "flexible" and strict.policy == "strict"
    converted = flexible.under("strict")
    assert (strict.verdict, strict.correct) == (converted.verdict, converted.correct)
    back = strict.under("flexible")
    assert (back.verdict, back.correct) == (flexible.verdict, flexible.correct)
    if strict.correct:
        assert flexible.correct


# --------------------------------------------------------------------------------------------------
# 5. grade_many


def key(r: GradeResult) -> tuple:
    return (r.verdict, r.correct, r.extracted, r.rule, r.gold_parsed, r.match, r.lenient, r.policy)


@settings(FAST, max_examples=examples(40))
@given(
    items=st.lists(st.tuples(graded_pairs, finished), max_size=12),
    workers=st.sampled_from([1, 2, 3]),
    policy=policies,
    data=st.data(),
)
def test_grade_many_matches_grade_in_input_order(items, workers, policy, data):
    """grade_many (in-process or with worker processes) returns exactly one result per input, equal to
    grade(c, gold=g) for that input, in input order; permuting the inputs permutes the results.

    A budget no item comes near: this is about order and equality, and a verdict that depends on a clock
    (TIMEOUT on a busy machine's slower path) cannot be the same on two clocks."""
    budget = 30.0
    completions = [c for (c, _), _ in items]
    golds = [g for (_, g), _ in items]
    flags = [f for _, f in items]
    expected = [
        key(grade(c, gold=g, policy=policy, finished=f, timeout_s=budget))
        for c, g, f in zip(completions, golds, flags, strict=True)
    ]
    got = grade_many(completions, golds, workers=workers, policy=policy, finished=flags, timeout_s=budget)
    assert len(got) == len(items)
    assert [key(r) for r in got] == expected

    order = data.draw(st.permutations(range(len(items))))
    shuffled = grade_many(
        [completions[i] for i in order],
        [golds[i] for i in order],
        workers=workers,
        policy=policy,
        finished=[flags[i] for i in order],
        timeout_s=budget,
    )
    assert [key(r) for r in shuffled] == [expected[i] for i in order]


@given(
    mantissa=st.decimals(min_value=-1000, max_value=1000, places=3, allow_nan=False, allow_infinity=False),
    exponent=st.integers(min_value=-30, max_value=30),
    form=st.sampled_from(["{m}e{x:+d}", "{m}E{x}", "{m} x 10^{x}", "{m}×10^{x}", "{m} \\times 10^{{{x}}}"]),
)
def test_scientific_notation_at_the_end_is_read_whole(mantissa, exponent, form):
    """With no answer marker, a number in scientific notation (1.5e+20, 6.02 x 10^23, 2\\times 10^{5}) is
    the last number as a whole: never its exponent alone."""
    text = form.format(m=mantissa, x=exponent)
    gold = str(Decimal(str(mantissa)).scaleb(exponent))
    r = grade(f"Working it through, we get {text}", gold=gold)
    note(f"text={text!r} gold={gold!r} extracted={r.extracted!r} detail={r.detail!r}")
    assert r.extracted == text and r.verdict is Verdict.CORRECT, r.detail


@given(
    a=st.integers(min_value=-9, max_value=9).filter(bool),
    b=st.integers(min_value=-20, max_value=20),
    c=st.integers(min_value=-20, max_value=20),
    op=st.sampled_from(["<", "\\leq", ">", "\\geq"]),
)
def test_linear_inequality_equals_its_solution(a, b, c, op):
    """``a x + b op c`` is the same set as ``x op' (c - b) / a`` (op' flipped when a < 0), and not the same as
    the unflipped bound when a < 0 (the classic sign slip)."""
    flipped = {"<": ">", "\\leq": "\\geq", ">": "<", "\\geq": "\\leq"}
    bound = Fraction(c - b, a)
    solved = op if a > 0 else flipped[op]
    answer = f"The answer is ${a}x + {b} {op} {c}$"
    r = grade(answer, gold=f"x {solved} {bound.numerator}/{bound.denominator}")
    note(f"{answer!r} detail={r.detail!r}")
    assert r.verdict is Verdict.CORRECT, r.detail
    if a < 0:
        slip = grade(answer, gold=f"x {op} {bound.numerator}/{bound.denominator}")
        assert slip.verdict is Verdict.WRONG, slip.detail


@given(
    a=st.fractions(min_value=-50, max_value=50, max_denominator=12),
    b=st.fractions(min_value=-50, max_value=50, max_denominator=12),
    gap=st.sampled_from([" or ", ", ", " or maybe ", " \\quad \\text{or} \\quad ", " / "]),
)
def test_a_hedge_across_math_spans_is_never_paid(a, b, gap):
    """No marker, two candidate values in separate math spans: the lenient math fallback never pays the
    last one when they differ."""
    assume(a != b)

    def tex(x: Fraction) -> str:
        sign = "-" if x < 0 else ""
        return f"{sign}\\frac{{{abs(x.numerator)}}}{{{x.denominator}}}"

    completion = f"It is ${tex(a)}${gap}${tex(b)}$"
    r = grade(completion, gold=tex(b))
    note(f"{completion!r} -> {r.verdict.value} {r.detail!r}")
    assert r.verdict is Verdict.AMBIGUOUS


def _english_suffix(n: int) -> str:
    # the oracle, as a style guide words it: eleventh, twelfth, thirteenth; otherwise by the last digit
    if 10 < n % 100 < 14:
        return "th"
    return ("th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th")[n % 10]


@FAST
@given(
    st.integers(min_value=1, max_value=10**7),  # "0nd" reads as the product 0*n*d, which is 0
    st.sampled_from(["The answer is the {}.", "The answer is {}", "She finished in {} place."]),
)
def test_ordinals_read_their_number_only_with_the_english_suffix(n, template):
    right = _english_suffix(n)
    assert grade(template.format(f"{n}{right}"), gold=str(n)).verdict is Verdict.CORRECT
    for suffix in {"st", "nd", "rd", "th"} - {right}:
        assert not grade(template.format(f"{n}{suffix}"), gold=str(n)).correct, suffix


@FAST
@given(
    st.integers(min_value=1, max_value=10**7),
    st.sampled_from(["{} days", "{} km", "${}", "{}%", "{} apples"]),
    st.sampled_from(
        ["The answer is the {}.", "The answer is {}", "She finished in {} place.", "It is day {}."]
    ),
)
def test_an_ordinal_or_a_numbered_place_never_pays_a_quantity_of_a_unit(n, gold, template):
    """``the 72nd`` and ``day 72`` name a place in an order: against a gold that is a quantity of a unit or
    a percent (``72 days``, ``$72``, ``72%``) they are never paid, whatever the number."""
    said = f"{n}{_english_suffix(n)}" if "day" not in template else str(n)
    r = grade(template.format(said), gold=gold.format(n))
    note(f"{template.format(said)!r} vs {gold.format(n)!r} -> {r.verdict.value} {r.detail!r}")
    assert not r.correct


@FAST
@given(
    options=st.lists(st.integers(1, 999), min_size=4, max_size=4, unique=True),
    letter=st.integers(0, 3),
    other=st.integers(0, 3),
    form=st.sampled_from(
        [
            "\\boxed{{{l}}} ({v})",
            "\\boxed{{{l}}} = {v}",
            "$\\boxed{{{l}}}$, i.e. {v}.",
            "The answer is {l}, i.e. {v}.",
            "The answer is {l} = {v}.",
            "Answer: ({l}) {v}",
            "\\boxed{{{l}}}: {v} clips",
            "The answer is \\(\\boxed{{{l}}}\\) ({v}).",
            "\\[\\boxed{{{l}}}\\] = {v}",
            "The answer is **{l}**, which is {v}.",
        ]
    ),
)
def test_a_choice_letter_stated_with_another_options_value_is_never_paid(options, letter, other, form):
    """A letter followed by a value commits to the letter only when the value is its own option's: with the
    option texts known, ``\\boxed{C} (60)`` where C is 72 is AMBIGUOUS, ``\\boxed{C} (72)`` CORRECT."""
    letters = "ABCD"
    completion = "Which option is right?\n" + form.format(l=letters[letter], v=options[other])
    r = grade(completion, gold=letters[letter], choices=[str(o) for o in options])
    note(f"{completion!r} -> {r.verdict.value} {r.detail!r}")
    if other == letter:
        assert r.verdict is Verdict.CORRECT
    else:
        assert r.verdict is Verdict.AMBIGUOUS


_WRAPPED_LETTERS = [
    "{l}",
    "({l})",
    "**{l}**",
    "$\\boxed{{{l}}}$",
    "\\(\\boxed{{{l}}}\\)",
    "\\[\\boxed{{{l}}}\\]",
    "\\boxed{{{l}}}",
]
_VALUE_SAID = [
    " ({v})",
    " = {v}",
    ", which is {v}",
    ", i.e. {v}",
    ": {v}",
    " (i.e. {v})",
    ", that is {v}",
    " — {v}",
]


@FAST
@given(
    letter=st.sampled_from("ABCDEFGHIJ"),
    value=st.integers(0, 10**6),
    wrapped=st.sampled_from(_WRAPPED_LETTERS),
    said=st.sampled_from(_VALUE_SAID),
    opening=st.sampled_from(["The answer is ", "Final Answer: ", "So the answer is ", ""]),
    choices=st.sampled_from(["ABCDEFGHIJ", None]),
)
def test_a_value_said_of_a_letter_whose_option_is_unknown_is_never_paid(
    letter, value, wrapped, said, opening, choices
):
    """With only letters offered (or none), ``\\boxed{C} (60)``, ``$\\boxed{A}$, i.e. 60``, ``C: 60`` state a
    value for the letter that nothing can check against its option: never paid, whatever the letter, the math
    or emphasis around it and the words between; the letter alone and its label's text, ``(C) 60``, are."""
    letter_text = wrapped.format(l=letter)
    completion = f"{opening}{letter_text}{said.format(v=value)}."
    r = grade(completion, gold=letter, choices=choices)
    note(f"{completion!r} -> {r.verdict.value} {r.detail!r}")
    if completion.startswith("A: "):  # the marker "A:" states the value, which is no choice
        assert not r.correct
    else:
        assert r.verdict is Verdict.AMBIGUOUS
    alone = grade(f"{opening}{letter_text}.", gold=letter, choices=choices)
    assert alone.verdict is Verdict.CORRECT, alone.detail
    label = grade(f"The answer is ({letter}) {value}.", gold=letter, choices=choices)
    assert label.verdict is Verdict.CORRECT, label.detail


@FAST
@given(
    options=st.lists(st.integers(1, 999), min_size=4, max_size=4, unique=True),
    letter=st.integers(0, 3),
    arrived=st.integers(0, 3),
    statement=st.sampled_from(
        [
            "The total is {v}, so the answer is {l}.",
            "In all, 12 + 30 = {v}; therefore the correct answer is ({l}).",
            "The energy is about {v} units, hence $\\boxed{{{l}}}$.",
            "We get x \\approx {v}, so we choose {l}.",
        ]
    ),
)
def test_a_letter_picked_after_another_options_value_is_never_paid(options, letter, arrived, statement):
    """With the options' values known, a statement that arrives at one option's value and picks a letter is
    paid only when the value is the letter's own option's."""
    letters = "ABCD"
    completion = statement.format(v=options[arrived], l=letters[letter])
    r = grade(completion, gold=letters[letter], choices=[str(o) for o in options])
    note(f"{completion!r} -> {r.verdict.value} {r.detail!r}")
    assert r.verdict is (Verdict.CORRECT if arrived == letter else Verdict.AMBIGUOUS)


@FAST
@given(
    letter=st.sampled_from("ABCD"),
    other=st.sampled_from("ABCD"),
    reason=st.sampled_from(
        [" because {o} is too small.", ", since {o} is wrong.", " because {o} undercounts."]
    ),
    before=st.sampled_from(["", "3 × 5 = 15.\n"]),
)
def test_a_bare_letter_and_a_reason_about_another_option_answers_the_letter(letter, other, reason, before):
    """``B because A is too small`` answers B with no marker; a reason about the letter itself, ``B because
    B is too small``, takes it back."""
    completion = f"{before}{letter}{reason.format(o=other)}"
    r = grade(completion, gold=letter, choices="ABCD")
    note(f"{completion!r} -> {r.verdict.value} {r.detail!r}")
    if other != letter:
        assert r.verdict is Verdict.CORRECT
    elif "undercounts" not in reason:  # (a verb the commitment rules do not read as calling a value wrong)
        assert not r.correct


@FAST
@given(
    mantissa=st.integers(1, 999),
    scale=st.sampled_from(
        [("hundreds", 10**2), ("thousands", 10**3), ("millions", 10**6), ("billions", 10**9)]
    ),
    template=st.sampled_from(["The answer is {}.", "Final Answer: {}", "So she has {}."]),
)
def test_a_plural_scale_word_scales_its_number(mantissa, scale, template):
    """``72 thousands`` is 72000 as ``72 thousand`` is: CORRECT against the product, never paid against the
    bare number before the scale word."""
    word, factor = scale
    completion = template.format(f"{mantissa} {word}")
    assert grade(completion, gold=str(mantissa * factor)).verdict is Verdict.CORRECT, completion
    assert not grade(completion, gold=str(mantissa)).correct, completion


@FAST
@given(
    a=st.integers(0, 10**6),
    b=st.integers(0, 10**6),
    word=st.sampled_from(["to", "up to", "through", "thru", "till", "until"]),
    opening=st.sampled_from(["", "from "]),
)
def test_a_range_is_never_paid_as_either_end(a, b, word, opening):
    """``The answer is from 72 up to 74`` states no single value: neither end is paid."""
    assume(a != b)
    completion = f"The answer is {opening}{a} {word} {b}."
    for gold in (a, b):
        r = grade(completion, gold=str(gold))
        assert not r.correct, (completion, gold, r.detail)


@FAST
@given(
    hundredths=st.integers(1, 99),
    form=st.sampled_from(["{}%", "{} percent", "{}\\%"]),
)
def test_a_percent_below_one_never_pays_the_proportion_it_spells(hundredths, form):
    """A bare gold below 1 is a proportion: ``0.72%`` is 0.0072, never the gold 0.72, and it equals the gold
    0.0072; ``72%`` is the proportion 0.72."""
    d = Decimal(hundredths).scaleb(-2)
    completion = f"Answer: {form.format(d)}"
    assert not grade(completion, gold=str(d)).correct, completion
    assert grade(completion, gold=str(d / 100)).verdict is Verdict.CORRECT, completion
    assert grade(f"Answer: {form.format(hundredths)}", gold=str(d)).verdict is Verdict.CORRECT


@given(
    start=st.integers(-50, 50),
    step=st.integers(-7, 7).filter(bool),
    count=st.integers(3, 40),
    dots=st.sampled_from(["\\dots", "\\ldots", "\\cdots"]),
    before=st.integers(2, 3),
)
def test_progression_with_dots_is_its_terms(start, step, count, dots, before):
    """An arithmetic progression written with dots (``1, 2, \\dots, 9``) equals the list of its terms, both
    ways; one a term short, or of another step, does not."""
    terms = [start + k * step for k in range(count)]
    written = ", ".join(map(str, terms[:before])) + f", {dots}, {terms[-1]}"
    listed = ", ".join(map(str, terms))
    assume(count > before)
    assert grade(f"The answer is $\\boxed{{{written}}}$.", gold=listed).verdict is Verdict.CORRECT
    assert grade(f"The answer is $\\boxed{{{listed}}}$.", gold=written).verdict is Verdict.CORRECT
    short = ", ".join(map(str, terms[:before])) + f", {dots}, {terms[-2]}"
    if count - 1 > before:
        assert grade(f"The answer is $\\boxed{{{short}}}$.", gold=listed).verdict is Verdict.WRONG


# --------------------------------------------------------------------------------------------------
# Plain math after prose: the word before the math never changes what is read

opening_words = st.sampled_from(
    ["So", "Thus", "Then", "Hence", "Therefore,", "We get", "The line is", "Finally"]
)
linear = st.tuples(st.integers(-9, 9).filter(bool), st.integers(-9, 9))


@FAST
@given(word=opening_words, coefficients=linear, prefix=prefixes, stop=st.sampled_from(["", "."]))
def test_plain_math_after_any_opening_word_reads_the_same(word, coefficients, prefix, stop):
    """``<word> y = ax + b`` ends on plain math: CORRECT against ``ax+b`` and WRONG against ``ax+b+1``
    whatever the prose word before it (never its letters read as a product, ``S*o*y``); a hedge before it
    refuses it."""
    a, b = coefficients
    expression = f"{a}x + {b}" if b >= 0 else f"{a}x - {-b}"
    completion = f"{prefix}{word} y = {expression}{stop}"
    assert grade(completion, gold=f"{a}x+{b}").verdict == Verdict.CORRECT, completion
    assert grade(completion, gold=f"{a}x+{b + 1}").verdict == Verdict.WRONG, completion
    hedged = f"{prefix}Maybe y = {expression}{stop}"
    assert grade(hedged, gold=f"{a}x+{b}").verdict == Verdict.AMBIGUOUS, hedged


# --------------------------------------------------------------------------------------------------
# Worked steps in a list: the last step's result is the answer, never a product of the items

step_markers = st.sampled_from(["{}. ", "{}) ", "- ", "* ", "• "])
step_operators = st.sampled_from(["*", "×", "+"])


@FAST
@given(
    a=st.integers(1, 99),
    b=st.integers(1, 99),
    k=st.integers(2, 9),
    marker=step_markers,
    operator=step_operators,
    steps=st.integers(2, 4),
)
def test_listed_steps_end_on_their_last_result(a, b, k, marker, operator, steps):
    """A list of worked steps, one equation an item (``1. 5 + 7 = 12\\n2. 12 * 2 = 24``), is CORRECT against
    its last step's result and WRONG against an earlier step's (and the number of any item)."""
    value, lines = a + b, [f"{a} + {b} = {a + b}"]
    results = [value]
    for _ in range(steps - 1):
        nxt = value * k if operator != "+" else value + k
        lines.append(f"{value} {operator} {k} = {nxt}")
        value = nxt
        results.append(value)
    completion = "\n".join(marker.format(i) + line for i, line in enumerate(lines, 1))
    assert grade(completion, gold=str(value)).verdict is Verdict.CORRECT, completion
    assume(results[-2] != value)
    assert grade(completion, gold=str(results[-2])).verdict is Verdict.WRONG, completion


# a sentence that puts the value forward without stating it: a trial, a goal, a question without its mark, a
# guess, a negation before a colon
put_forward = st.sampled_from(
    ["Try", "Let's try", "Let us test", "Plug in", "We want to prove", "We need to show that",
     "It remains to show", "To find:", "Is", "Could it be", "The guess was", "Initial guess:", "It is not:\n"]
)  # fmt: skip
wrapped = st.sampled_from(["{}", "${}$", "\\({}\\)"])


@FAST
@given(words=put_forward, coefficients=linear, prefix=prefixes, wrap=wrapped, stop=st.sampled_from(["", "."]))
def test_math_put_forward_without_commitment_is_never_paid(words, coefficients, prefix, wrap, stop):
    """``<trial, goal, question, guess or negation> y = ax + b`` is refused against ``ax+b``, in plain text as
    in math delimiters, and ``<the same> n`` against the number ``n``; ``So …`` pays both."""
    a, b = coefficients
    expression = f"{a}x + {b}" if b >= 0 else f"{a}x - {-b}"
    spacer = "" if words.endswith("\n") else " "
    completion = f"{prefix}{words}{spacer}{wrap.format('y = ' + expression)}{stop}"
    assert grade(completion, gold=f"{a}x+{b}").verdict != Verdict.CORRECT, completion
    number = abs(a) * 10 + abs(b)
    said = f"{prefix}{words}{spacer}{wrap.format(number)}{stop}"
    assert grade(said, gold=str(number)).verdict != Verdict.CORRECT, said
    assert grade(f"{prefix}So {wrap.format(number)}{stop}", gold=str(number)).verdict == Verdict.CORRECT


@FAST
@given(
    a=st.integers(min_value=1, max_value=10**5),
    b=st.integers(min_value=1, max_value=10**5),
    stated=st.sampled_from(
        ["The answer is {}.", "Final Answer: $\\boxed{{{}}}$", "#### {}", "So the answer is {}."]
    ),
    lead=st.sampled_from(
        ["", "Note: ", "Note that ", "However, ", "Alternatively, ", "On the other hand, ", "(Note: "]
    ),
    cue=st.sampled_from(
        [
            "if the order mattered",
            "in the case where repetition is allowed",
            "if instead she kept 2",
            "assuming the coins are distinguishable",
            "had we counted the muffins",
        ]
    ),
    said=st.sampled_from(
        [
            "the answer would be {}",
            "we would instead get $\\boxed{{{}}}$",
            "it would be {}",
            "she would make {} dollars",
        ]
    ),
    gap=st.sampled_from([" ", "\n\n"]),
)
def test_an_answer_to_another_reading_after_the_answer_is_never_paid(a, b, stated, lead, cue, said, gap):
    """A value offered after the committed answer under a hypothetical or another reading of the question is
    never paid, and never grades the committed answer WRONG: two answers for two readings are AMBIGUOUS."""
    assume(a != b)
    close = ")" if lead.startswith("(") else ""
    completion = f"{stated.format(a)}{gap}{lead}{cue}, {said.format(b)}.{close}"
    for gold in (b, a):
        r = grade(completion, gold=str(gold))
        note(f"{completion!r} gold={gold} -> {r.verdict.value} {r.detail!r}")
        assert r.verdict is Verdict.AMBIGUOUS
