"""Metamorphic tests: every CORRECT row of the equivalence tables, rewritten so that it must stay CORRECT or
must stop being CORRECT.

The rewrites live in ``tests/metamorphic.py`` (shared with ``bench/metamorphic_real.py``, which runs them over
real completions); its docstring lists each kind with examples. One test per kind, so a failure names the kind
and shows the first offending mutants. For a breaking kind the number of mutants still graded CORRECT is the
false-positive count, and it must be 0: a false positive is a security bug (DESIGN.md).

Kinds the grader gets wrong today are in ``KNOWN_FAILING_KINDS``: their tests are ``xfail(strict=True)``, so
the suite stays green while they fail and turns red the moment one passes (then take it out of the set). The
mutations are not to be weakened to pass; each one must be one a human grader agrees with, and a mutant that
is not is a bug here.

Deterministic: every row, every kind, no sampling (about 20k grades, a few seconds).
"""

from __future__ import annotations

from collections import defaultdict
from functools import cache

import pytest
from metamorphic import ALL_KINDS, BREAK_KINDS, EXPECT, Case, Mutant, fixture_cases, mutants
from paths import REPO

from rewardkit import GradeResult, Verdict

TABLES = REPO / "fixtures" / "equivalence"

# Kinds whose mutants the grader mishandles today (see the report of the test that fails for each). The
# grader's fixes empty this set; a kind that starts passing fails its test (strict xfail) until it is removed
# here.
KNOWN_FAILING_KINDS: frozenset[str] = frozenset()

# Completions with a unit gold written for this test: the tables hold few, and none with a temperature.
UNIT_SEEDS: tuple[Case, ...] = (
    Case(
        "The water warms by 12 degrees from 18 °C.\n18 + 12 = 30\nAnswer: 30 °C",
        "30 °C",
        source="seed:celsius",
    ),
    Case("The oven is set to 350 °F.\nThe answer is 350 °F.", "350 °F", source="seed:fahrenheit"),
    Case(
        "She buys 3 books at 6 dollars each.\n3 * 6 = 18\nThe answer is 18 dollars.",
        "18 dollars",
        source="seed:dollars",
    ),
    Case("He runs 4 km a day for 3 days.\n4 * 3 = 12\nAnswer: 12 km", "12 km", source="seed:km"),
    Case(
        "Three 15-minute breaks.\n3 * 15 = 45\nThe answer is 45 minutes.", "45 minutes", source="seed:minutes"
    ),
    Case("Five bags of 0.5 kg.\n5 * 0.5 = 2.5\nAnswer: 2.5 kg", "2.5 kg", source="seed:kg"),
    Case("Two coffees at $2.25.\n2 * 2.25 = 4.50\nThe answer is $4.50.", "$4.50", source="seed:currency"),
)

# Fewer mutants than this for a kind means a generator stopped applying (a refactor of the anchor logic, a
# grader span that moved): a kind that tests nothing must not pass quietly.
MIN_MUTANTS = {kind: 20 for kind in ALL_KINDS} | {"unit_swap": 30, "numeric_form": 100, "boxed": 100}
SHOW = 5


@cache
def _by_kind() -> dict[str, list[Mutant]]:
    by_kind: dict[str, list[Mutant]] = defaultdict(list)
    for case in (*fixture_cases(TABLES.glob("*.jsonl")), *UNIT_SEEDS):
        for m in mutants(case):
            by_kind[m.kind].append(m)
    return dict(by_kind)


def _report(kind: str, failed: list[tuple[Mutant, GradeResult]], total: int) -> str:
    must = "stay CORRECT" if EXPECT[kind] == "keep" else "not be CORRECT"
    lines = [f"{kind}: {len(failed)} of {total} mutants failed (each must {must}); the first {SHOW}:"]
    for m, r in failed[:SHOW]:
        lines += [
            f"- {m.case.source} [{m.variant}] gold={m.case.gold!r} options={dict(m.options) or ''}",
            f"  completion={m.completion[-300:]!r}",
            f"  verdict={r.verdict.value} rule={r.rule} extracted={r.extracted!r} detail={r.detail!r}",
        ]
    by_variant: dict[str, int] = defaultdict(int)
    for m, _ in failed:
        by_variant[m.variant] += 1
    lines.append("  failures by variant: " + ", ".join(f"{v}={n}" for v, n in sorted(by_variant.items())))
    return "\n".join(lines)


def _kinds() -> list:
    params = []
    for kind in ALL_KINDS:
        marks = []
        if kind in KNOWN_FAILING_KINDS:
            marks.append(pytest.mark.xfail(strict=True, reason=f"the grader mishandles {kind} mutants today"))
        params.append(pytest.param(kind, marks=marks, id=kind))
    return params


def test_known_failing_kinds_are_kinds() -> None:
    unknown = KNOWN_FAILING_KINDS - set(ALL_KINDS)
    assert not unknown, unknown


@pytest.mark.parametrize("kind", ALL_KINDS)
def test_every_kind_applies(kind: str) -> None:
    """Each kind builds mutants from enough rows to mean something."""
    n = len(_by_kind().get(kind, []))
    assert n >= MIN_MUTANTS[kind], f"{kind}: only {n} mutants (want >= {MIN_MUTANTS[kind]})"


@pytest.mark.parametrize("kind", _kinds())
def test_mutation_kind(kind: str) -> None:
    """Keeping mutants stay CORRECT; breaking mutants are not CORRECT (the false-positive count is 0)."""
    ms = _by_kind().get(kind, [])
    failed = []
    for m in ms:
        r = m.grade()
        if m.failed(r):
            failed.append((m, r))
    if kind in BREAK_KINDS:
        assert all(r.verdict is Verdict.CORRECT for _, r in failed)
    if failed:
        pytest.fail(_report(kind, failed, len(ms)), pytrace=False)


def test_a_cut_after_a_stated_value_moves_before_it() -> None:
    """A cut is a breaking mutant only when it falls before the answer. Cut after a whole statement of the
    value ("Kelly will have 90 cents left|"), the text still states it (a statement without its full stop
    is paid, as a reader pays it), so the cut moves to before the value; cut inside the noun phrase ("5
    possible| integer values"), nothing whole is stated and the cut stays."""
    stated = Case(
        "She has 145 cents and the pop costs 55 cents.\n"
        "Therefore, Kelly will have 90 cents left after buying the can of pop. \\boxed{90}",
        "90",
    )
    cuts = {m.variant: m.completion for m in mutants(stated, kinds=["truncate_unflagged"])}
    assert cuts["mid_reasoning"].endswith("\nTherefore, Kelly will have"), cuts
    clipped = Case(
        "The integer values of AC are 7, 8, 9, 10 and 11.\n"
        "Therefore, there are 5 possible integer values for AC. \\boxed{5}",
        "5",
    )
    cuts = {m.variant: m.completion for m in mutants(clipped, kinds=["truncate_unflagged"])}
    assert cuts["mid_reasoning"].endswith("\nTherefore, there are 5 possible"), cuts


def test_no_prose_approximation_where_another_box_would_answer() -> None:
    """Written in prose, an approximation drops the box of the final statement; where an earlier box of
    another value stands, that box becomes the last anchored answer and the grader judges it, so the prose
    variants are not built (the one inside the box still is)."""
    case = Case(
        "So the class has $B + R = 6$ students. The number of students is $\\boxed{6}$.\n\n"
        "However, with $BR = 10$ the pairs are (2, 5) or (5, 2). Upon closer examination, the total number "
        "of students is $\\boxed{7}$.",
        "7",
    )
    variants = {m.variant for m in mutants(case, kinds=["approximate"])}
    assert variants == {"in_box"}, variants
