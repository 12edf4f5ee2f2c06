"""A closing sentence that gives two subjects each a value (``Alice picked 18 apples and Bob picked 12.``,
``The shirt costs $12 and the pants cost $30.``, ``He has 18 and she 12.``) names two quantities: the last
number answers one of them, so neither value is paid. A total concluded after them (``…, so 30 in all.``) is
their result and is paid; a value restated in another unit after an arithmetic step (``4 × 75 = 300 cents,
which is $3``) is one quantity, either statement paid."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

# a subject and whether it takes a verb's plural form
SUBJECTS = (
    ("Alice", False),
    ("Bob", False),
    ("he", False),
    ("she", False),
    ("his sister", False),
    ("Alice's brother", False),
    ("the red box", False),
    ("the first team", False),
    ("the twins", True),
    ("her brothers", True),
)
# a verb's form after a singular and after a plural subject
VERBS = (
    ("picked", "picked"),
    ("has", "have"),
    ("costs", "cost"),
    ("weighs", "weigh"),
    ("carries", "carry"),
    ("watches", "watch"),
    ("earned", "earned"),
    ("sold", "sold"),
    ("is", "are"),
    ("scored", "scored"),
    ("collected", "collected"),
    ("owns", "own"),
)
JOINERS = (" and ", ", and ", ", while ", " while ", " whereas ", " but ", ", but ", ", ", "; ")
NOUNS = ("", " apples", " points", " stickers")
OPENINGS = ("", "So ", "Therefore, ", "Thus ")
CONCLUSIONS = (", so ", ", which makes ", "; together that is ")


def _clause(subject: tuple[str, bool], verb: tuple[str, str], value: int, noun: str) -> str:
    return f"{subject[0]} {verb[1] if subject[1] else verb[0]} {value}{noun}"


def _sentence(opening: str, first: str) -> str:
    return opening + first if opening else first[0].upper() + first[1:]


@settings(max_examples=150, deadline=None)
@given(
    subjects=st.lists(st.sampled_from(SUBJECTS), min_size=2, max_size=2, unique=True),
    verb=st.sampled_from(VERBS),
    values=st.lists(st.integers(1, 999), min_size=2, max_size=2, unique=True),
    joiner=st.sampled_from(JOINERS),
    nouns=st.tuples(st.sampled_from(NOUNS), st.sampled_from(NOUNS)),
    opening=st.sampled_from(OPENINGS),
    elided=st.booleans(),
)
def test_two_subjects_each_with_a_value_pay_neither(subjects, verb, values, joiner, nouns, opening, elided):
    (a, b), (first, second) = values, subjects
    said = _clause(second, verb, b, nouns[1])
    if elided and second[0] in ("Bob", "Alice", "she", "he") and first[0] in ("Alice", "Bob", "he", "she"):
        said = f"{second[0]} {b}{nouns[1]}"  # "Alice made 72, Bob 48": the verb left out
    completion = (
        f"Let me add it up.\n\n{_sentence(opening, _clause(first, verb, a, nouns[0]))}{joiner}{said}."
    )
    for gold in (a, b):
        result = grade(completion, gold=str(gold))
        assert not result.correct, (completion, gold, result)
    assert grade(completion, gold=str(b)).verdict is Verdict.AMBIGUOUS, completion


@settings(max_examples=80, deadline=None)
@given(
    subjects=st.lists(st.sampled_from(SUBJECTS), min_size=2, max_size=2, unique=True),
    verb=st.sampled_from(VERBS),
    values=st.lists(st.integers(1, 999), min_size=2, max_size=2, unique=True),
    joiner=st.sampled_from(JOINERS),
    noun=st.sampled_from(NOUNS),
    conclusion=st.sampled_from(CONCLUSIONS),
)
def test_a_total_concluded_after_two_named_values_is_paid(subjects, verb, values, joiner, noun, conclusion):
    (a, b), (first, second) = values, subjects
    completion = (
        f"{_sentence('', _clause(first, verb, a, noun))}{joiner}{_clause(second, verb, b, '')}"
        f"{conclusion}{a + b} in all."
    )
    assert grade(completion, gold=str(a + b)).correct, completion


# (smaller unit, larger unit, how many of the smaller make one of the larger)
_PAIRS = [("cents", "dollars", 100), ("cm", "m", 100), ("g", "kg", 1000)]
_RESTATING = [", which is ", ", that is, ", ", i.e. ", ", or ", " ("]


@settings(max_examples=80, deadline=None)
@given(
    count=st.integers(2, 9),
    each=st.integers(1, 50),
    pair=st.sampled_from(_PAIRS),
    joiner=st.sampled_from(_RESTATING),
    operator=st.sampled_from(["×", "*", "x"]),
    marker=st.sampled_from(["So ", "Answer: ", "The answer is "]),
    off=st.integers(1, 5),
)
def test_a_result_restated_in_another_unit_pays_either_side(count, each, pair, joiner, operator, marker, off):
    small, large, factor = pair
    result = count * each * factor // 10  # a whole number of the smaller unit
    big = f"{result / factor:g}"
    if result == 0 or "e" in big or float(big) * factor != result:
        return
    close = ")" if joiner == " (" else ""
    product = f"{count} {operator} {result // count}" if result % count == 0 else f"{result} {operator} 1"
    completion = f"{marker}{product} = {result} {small}{joiner}{big} {large}{close}."
    assert grade(completion, gold=str(result)).correct, completion
    assert grade(completion, gold=big).correct, completion
    other = f"{float(big) + off:g}"
    completion = f"{marker}{product} = {result} {small}{joiner}{other} {large}{close}."
    for gold in (str(result), other):
        assert not grade(completion, gold=gold).correct, (completion, gold)
