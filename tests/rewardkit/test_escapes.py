"""repair_escapes: LaTeX that string escaping mangled on its way into a data set is read as it was written,
and only where the letters after the damage complete a known command's name."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rewardkit.latex import parse_math, repair_escapes

REPAIRED = [
    ("\\\\frac{1}{2}", "\\frac{1}{2}"),
    ("\\\\left(\\\\frac{1}{5},\\\\frac{1}{6}\\\\right)", "\\left(\\frac{1}{5},\\frac{1}{6}\\right)"),
    ("-2 \\\\le x \\\\le 7", "-2 \\le x \\le 7"),
    ("\\\\\\\\frac{1}{2}", "\\\\\\frac{1}{2}"),  # four: a row break, then an escaped \frac
    ("\x0crac{7}{4}", "\\frac{7}{4}"),
    ("-\\\x0crac{7}{4}", "-\\frac{7}{4}"),  # the backslash left by "\\\\" before the form feed
    ("\x08oxed{3}", "\\boxed{3}"),
    ("\text{13}", "\\text{13}"),
    ("\\left(x\right)", "\\left(x\\right)"),
    ("\times", "\\times"),
]
KEPT = [
    "1 \\\\ 2",
    "1 \\\\x",  # a row break before letters that are no command's name
    "1 \\\\ \\pi",
    "\\\\\\frac12",  # an odd run: a row break, then \frac as written
    "\\begin{pmatrix}1 \\\\ 2\\end{pmatrix}",
    "1\t2",
    "\txyz",  # "txyz" is no command
    "a\r\nb",
    "\x0cx",
    "",
]


@pytest.mark.parametrize(("text", "expected"), REPAIRED)
def test_repaired(text: str, expected: str) -> None:
    assert repair_escapes(text) == expected


@pytest.mark.parametrize("text", KEPT)
def test_kept(text: str) -> None:
    assert repair_escapes(text) == text


PARSED_ALIKE = [
    (
        "\\begin{pmatrix}-\\\x0crac{7}{4}&-2\\\\4&\\frac{1}{4}\\\\\\end{pmatrix}",
        "\\begin{pmatrix}-\\frac{7}{4}&-2\\\\4&1/4\\end{pmatrix}",
    ),
    ("\\\\left( 3, \\\\frac{\\\\pi}{2} \\\\right)", "(3, \\pi/2)"),
    ("x_{1}=2,\\quadx_{2}=3", "x_1 = 2, \\quad x_2 = 3"),
    ("x_{1}=2,\\qquadx_{2}=3", "x_1 = 2, x_2 = 3"),
    ("(\\quadx)", "(x)"),
]


@pytest.mark.parametrize(("text", "same_as"), PARSED_ALIKE)
def test_parses_like_the_clean_form(text: str, same_as: str) -> None:
    assert parse_math(text) == parse_math(same_as)


@pytest.mark.parametrize("text", ["\\quadrilateral", "\\quadx+", "\\qquad\\zzz", "\\\\zzz"])
def test_glued_or_doubled_unknowns_stay_refused(text: str) -> None:
    from rewardkit.latex import MathParseError

    with pytest.raises(MathParseError):
        parse_math(text)


@given(st.text(alphabet="\\ab{}x12frac le+^", max_size=40))
def test_text_without_a_doubled_backslash_or_control_character_is_untouched(text: str) -> None:
    if "\\\\" not in text:
        assert repair_escapes(text) == text


@given(
    st.sampled_from(["frac", "sqrt", "le", "pi", "left", "right", "boxed", "text", "cdot", "times"]),
    st.text("12 {}", max_size=5),
)
def test_a_doubled_backslash_before_a_command_is_the_command(name: str, tail: str) -> None:
    assert repair_escapes(f"a \\\\{name}{tail}") == f"a \\{name}{tail}"
    # an odd run of three is a row break then the command: already valid TeX
    assert repair_escapes(f"a \\\\\\{name}{tail}") == f"a \\\\\\{name}{tail}"
