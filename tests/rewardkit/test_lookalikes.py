"""Characters that change what a reader sees: look-alike letters inside a Latin word are read as the word
shown, digits with a combining mark are no number, a tilde between numbers is a range, struck text takes back,
and a sentence in a script no reader covers does not commit a value read with no marker."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rewardkit import Verdict, grade
from rewardkit.lookalikes import fold_mixed_words

# Cyrillic and Greek letters drawn as the Latin ones of "not", "never", "probably"
_SPELLINGS = {
    "not": ["n\u043et", "n\u03bft", "N\u041eT"],
    "never": ["n\u0435ver", "n\u0435v\u0435r"],
    "probably": ["pr\u043ebably", "pr\u043eb\u0430bly"],
}
_NEGATIONS = [spelled for spellings in _SPELLINGS.values() for spelled in spellings]


@given(st.sampled_from(_NEGATIONS), st.integers(min_value=0, max_value=10**6))
def test_a_word_spelled_with_look_alikes_is_the_word_a_reader_sees(word, n):
    result = grade(f"The answer is {word} {n}.", gold=str(n))
    assert result.verdict is Verdict.AMBIGUOUS, (word, result.detail)
    assert grade(f"The answer is {n}.", gold=str(n)).verdict is Verdict.CORRECT


@given(st.text(max_size=60))
def test_folding_keeps_every_position(text):
    folded = fold_mixed_words(text)
    assert folded is None or len(folded) == len(text)
    if text.isascii():
        assert folded is None


@given(
    st.integers(min_value=10, max_value=10**6),
    st.sampled_from(["\u0301", "\u0338", "\u0336", "\u0305", "\u20d2"]),
    st.sampled_from(["The answer is {}.", "\\boxed{{{}}}", "#### {}", "She sold {} clips."]),
)
def test_a_mark_on_a_digit_is_never_read_as_the_digits(n, mark, shape):
    digits = str(n)
    for at in range(1, len(digits) + 1):
        marked = digits[:at] + mark + digits[at:]
        result = grade(shape.format(marked), gold=digits)
        assert result.verdict is not Verdict.CORRECT, (marked, result.detail)
        assert grade(shape.format(marked), gold=digits[:at]).verdict is not Verdict.CORRECT


@given(
    st.integers(min_value=0, max_value=999),
    st.integers(min_value=1, max_value=99),
    st.sampled_from(["~", " ~ ", "\u301c", "\uff5e"]),
    st.sampled_from(["The answer is {}.", "She sold {} clips.", "\\boxed{{{}}}"]),
)
def test_a_tilde_between_numbers_is_a_range_that_pays_neither_end(low, width, tilde, shape):
    high = low + width
    completion = shape.format(f"{low}{tilde}{high}")
    for end in (low, high):
        assert grade(completion, gold=str(end)).verdict is not Verdict.CORRECT, completion


@given(
    st.integers(min_value=0, max_value=10**6),
    st.sampled_from(["~~{}~~", "<del>{}</del>", "<s>{}</s>", "\\sout{{{}}}"]),
)
def test_an_answer_struck_out_after_the_working_pays_nothing(n, strike):
    completion = f"So 1 + {n} - 1 = {n} in all.\nThe answer is {strike.format(n)}."
    assert grade(completion, gold=str(n)).verdict is not Verdict.CORRECT, completion


@given(
    st.integers(min_value=0, max_value=10**6),
    st.sampled_from(
        [
            "\u0627\u0644\u0625\u062c\u0627\u0628\u0629 \u0644\u064a\u0633\u062a {}.",
            "\u0631\u0628\u0645\u0627 {}.",
            "\u0936\u093e\u092f\u0926 {}",
            "\u05dc\u05d0 {}.",
        ]
    ),
)
def test_a_sentence_in_an_unread_script_does_not_commit_its_number(n, sentence):
    assert grade(sentence.format(n), gold=str(n)).verdict is Verdict.AMBIGUOUS
    assert grade(sentence.format(n) + f"\nThe answer is {n}.", gold=str(n)).verdict is Verdict.CORRECT
