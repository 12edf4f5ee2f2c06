"""Shaping rewards: format tags, tag count, boxed-once, DAPO overlong, cosine length scaling, repetition.

Every expected value below is computed by hand from the formula in the reward's docstring.
"""

from __future__ import annotations

import math
import pickle

import pytest

from rewardkit.errors import ConfigError
from rewardkit.rewards.base import Reward
from rewardkit.rewards.format import BoxedOnceReward, FormatReward, TagCountReward
from rewardkit.rewards.length import CosineReward, OverlongReward
from rewardkit.rewards.repetition import RepetitionReward, repeated_fraction

PERFECT = "<think>\nFirst, 3 + 4 = 7.\nThen check it.\n</think>\n<answer>\n7\n</answer>"


def one(reward: Reward, text: str, **kwargs) -> float | None:
    (value,) = reward(completions=[text], **kwargs)
    return value


def ids(n: int) -> list[int]:
    return list(range(n))


def fake_encode(text: str) -> list[int]:
    """A picklable stand-in for ``tokenizer.encode``: one token per whitespace-separated word."""
    return [len(w) for w in text.split()]


def fake_hf_tokenizer(text: str) -> dict[str, list[int]]:
    """Like calling a Hugging Face tokenizer directly: a mapping with ``input_ids``."""
    return {"input_ids": fake_encode(text), "attention_mask": [1] * len(text.split())}


# ----------------------------------------------------------------------------------------------- format


@pytest.mark.parametrize("mode", ["tolerant", "strict"])
def test_format_accepts_the_canonical_multiline_completion(mode):
    # the reasoning spans several lines: without DOTALL this is the "format reward is 0 forever" bug
    assert one(FormatReward(mode=mode), PERFECT) == 1.0


@pytest.mark.parametrize(
    ("text", "tolerant", "strict"),
    [
        ("<think>3+4=7</think><answer>7</answer>", 1.0, 0.0),  # no newlines
        ("<think>\n3+4=7\n</think>\n\n<answer>\n7\n</answer>", 1.0, 0.0),  # blank line between blocks
        ("  <think> a\n\n b </think>\n   <answer>  7\n </answer>\n", 1.0, 0.0),  # loose whitespace
        ("Sure!\n<think>\nx\n</think>\n<answer>\n7\n</answer>", 1.0, 0.0),  # text before
        ("<think>\nx\n</think>\n<answer>\n7\n</answer>\nHope this helps", 1.0, 0.0),  # text after
        ("<think>\nx\n</think>\nSo:\n<answer>\n7\n</answer>", 1.0, 0.0),  # text between the blocks
        ("<think>\nx\n</think>\n<answer>\n7\n</answer>\n", 1.0, 1.0),  # a final newline is not text
        ("<think>\n\n</think>\n<answer>\n7\n</answer>", 1.0, 1.0),  # thinking switched off: empty think
        ("<think>\nx\n</think>\n<answer>\n7\n8\n</answer>", 1.0, 1.0),  # multi-line answer
        ("<answer>\n7\n</answer>\n<think>\nx\n</think>", 0.0, 0.0),  # wrong order
        ("<think>\nx\n</think>\n<answer>\n \n</answer>", 0.0, 0.0),  # empty answer
        ("<think>\nx\n</think>\n<answer>\n3\n</answer>\n<answer>\n4\n</answer>", 0.0, 0.0),  # two answers
        ("<think>\nx\n</think>\n<think>\ny\n</think>\n<answer>\n7\n</answer>", 0.0, 0.0),  # two thinks
        ("<think>\nx\n</think>", 0.0, 0.0),  # think only
        ("<think>\nx\n<answer>\n7\n</answer>", 0.0, 0.0),  # reasoning never closed
        ("<answer>\n7\n</answer>", 0.0, 0.0),  # no reasoning
        ("x\n</think>\n<answer>\n7\n</answer>", 0.0, 0.0),  # prefilled shape, option not set
        ("", 0.0, 0.0),
    ],
)
def test_format_tolerant_vs_strict(text, tolerant, strict):
    assert one(FormatReward(), text) == tolerant
    assert one(FormatReward(mode="strict"), text) == strict


@pytest.mark.parametrize(
    ("text", "tolerant", "strict"),
    [
        ("Let me see.\n3 + 4 = 7\n</think>\n<answer>\n7\n</answer>", 1.0, 1.0),
        ("Let me see.\n</think>\n\n<answer>7</answer>", 1.0, 0.0),
        ("\n</think>\n<answer>\n7\n</answer>", 1.0, 1.0),  # empty reasoning after the template's <think>\n
        ("<think>\nx\n</think>\n<answer>\n7\n</answer>", 0.0, 0.0),  # repeats the prefilled <think>
        ("Let me see.\n<answer>\n7\n</answer>", 0.0, 0.0),  # never leaves the reasoning block
        ("Let me see.\n</think>\n", 0.0, 0.0),  # no answer
    ],
)
def test_format_prefilled_think(text, tolerant, strict):
    assert one(FormatReward(prefilled_think=True), text) == tolerant
    assert one(FormatReward(mode="strict", prefilled_think=True), text) == strict


@pytest.mark.parametrize(
    ("text", "tolerant", "strict"),
    [
        ("<think>\nx\n</think>\nThe answer is 7.", 1.0, 1.0),
        ("<think>\nx\n</think>\n\nThe answer is\n7.", 1.0, 1.0),
        ("<think>x</think>The answer is 7.", 1.0, 0.0),
        ("<think>\nx\n</think>\n  \n", 0.0, 0.0),  # nothing after the reasoning
        ("The answer is 7.", 0.0, 0.0),
    ],
)
def test_format_without_answer_tag(text, tolerant, strict):
    assert one(FormatReward(answer_tag=None), text) == tolerant
    assert one(FormatReward(mode="strict", answer_tag=None), text) == strict


def test_format_custom_tag_names():
    f = FormatReward(think_tag="reasoning", answer_tag="final", mode="strict")
    assert one(f, "<reasoning>\nx\n</reasoning>\n<final>\n7\n</final>") == 1.0
    assert one(f, PERFECT) == 0.0


@pytest.mark.parametrize(
    "kwargs", [{"mode": "loose"}, {"think_tag": "<think>"}, {"answer_tag": ""}, {"think_tag": "a b"}]
)
def test_format_rejects_bad_options(kwargs):
    with pytest.raises(ConfigError, match="'format'"):
        FormatReward(**kwargs)


# -------------------------------------------------------------------------------------------- tag count


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (PERFECT, 1.0),
        (PERFECT + "\n", 1.0),  # trailing whitespace is not text
        ("<think>\nx\n</think>\n7", 0.5),  # <think>\n and \n</think>\n
        ("<think>\nx", 0.25),
        ("<answer>\n7\n</answer>", 0.25),  # only \n</answer>: <answer> lacks its leading newline
        ("<think>x</think><answer>7</answer>", 0.0),  # no marker has its newlines
        ("<think>\nx\n</think>\ny\n</think>\n<answer>\n7\n</answer>", 0.75),  # \n</think>\n twice
        ("<think>\nx\n</think>\n<answer>\n7\n</answer>\n<answer>\n8\n</answer>", 0.5),  # two answer blocks
        ("", 0.0),
    ],
)
def test_tag_count_partial_credit(text, expected):
    assert one(TagCountReward(), text) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(
    ("tail", "expected"),
    [
        ("\n" + "y" * 100, 0.9),  # 1 − 0.001·100
        ("\nyy\n", 0.998),  # surrounding whitespace does not count
        ("\n" + "y" * 999, 0.001),
        ("\n" + "y" * 1000, 0.0),
        ("\n" + "y" * 5000, 0.0),  # clamped at 0
    ],
)
def test_tag_count_trailing_text_penalty(tail, expected):
    assert one(TagCountReward(), PERFECT + tail) == pytest.approx(expected, abs=1e-12)


def test_tag_count_clamps_a_partial_score_at_zero():
    # 0.25 for \n</answer>, minus 0.001·500: below zero, clamped
    assert one(TagCountReward(), "<answer>\n7\n</answer>" + "z" * 500) == 0.0


def test_tag_count_options():
    assert one(TagCountReward(trailing_penalty=0.01), PERFECT + "\n0123456789") == pytest.approx(0.9)
    prefilled = "x\n</think>\n<answer>\n7\n</answer>"
    assert one(TagCountReward(), prefilled) == 0.75
    assert one(TagCountReward(prefilled_think=True), prefilled) == 1.0
    assert one(TagCountReward(prefilled_think=True), PERFECT) == 0.75  # repeated the prefilled tag
    with pytest.raises(ConfigError, match="tag_count"):
        TagCountReward(trailing_penalty=-1)


# ------------------------------------------------------------------------------------------- boxed once


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The answer is \\boxed{42}.", 1.0),
        ("\\boxed{\\frac{1}{2}}", 1.0),  # nested braces
        ("\\boxed {42}", 1.0),  # space before the brace
        ("$\\boxed{\\begin{pmatrix} 1 \\\\ 2 \\end{pmatrix}}$", 1.0),  # \\ is a line break, not an escape
        ("\\boxed{\\{1, 2\\}}", 1.0),  # escaped braces are literal
        ("so\n\n\\boxed{\n  x^2\n}\n", 1.0),  # multi-line box
        ("\\boxed{1} or \\boxed{2}", 0.0),  # two boxes: a hedge
        ("\\boxed{2} so \\boxed{2}", 0.0),  # even the same value twice
        ("\\boxed{\\boxed{2}}", 0.0),  # nested box
        ("\\boxed{42", 0.0),  # unclosed
        ("\\boxed{\\frac{1}{2}", 0.0),  # unbalanced
        ("\\boxed{\\}", 0.0),  # the only closing brace is escaped
        ("\\boxed{}", 0.0),  # empty
        ("\\boxed{  }", 0.0),
        ("\\boxed 42", 0.0),  # no braces
        ("The answer is 42.", 0.0),
        ("", 0.0),
        ("<think>\nmaybe \\boxed{1}\n</think>\nso \\boxed{2}", 1.0),  # only the answer region counts
        ("<think>\n\\boxed{1}\n</think>\nso 2", 0.0),  # the box is in the reasoning only
        ("<think>\ntry \\boxed{1}", 0.0),  # reasoning never closed: committed to nothing
        ("reasoning\n</think>\n\\boxed{7}", 1.0),  # prefilled <think>
    ],
)
def test_boxed_once(text, expected):
    assert one(BoxedOnceReward(), text) == expected


# --------------------------------------------------------------------------------------------- overlong


@pytest.mark.parametrize(
    ("length", "expected"),
    [
        # |y| <= L_max − L_cache = 80: no penalty
        (0, 0.0),
        (50, 0.0),
        (80, 0.0),
        # 80 < |y| <= 100: (80 − |y|) / 20
        (81, -0.05),
        (90, -0.5),
        (95, -0.75),
        (100, -1.0),
        # beyond L_max
        (101, -1.0),
        (150, -1.0),
        (10_000, -1.0),
    ],
)
def test_overlong_formula(length, expected):
    f = OverlongReward(max_length=100, cache_length=20)
    assert one(f, "text is ignored", completion_ids=[ids(length)]) == pytest.approx(expected, abs=1e-12)


def test_overlong_defaults_and_hard_cut():
    f = OverlongReward()  # L_max 4096, L_cache 1024
    values = f(completions=["", "", ""], completion_ids=[ids(3072), ids(3584), ids(4097)])
    assert values == pytest.approx([0.0, -0.5, -1.0])
    hard = OverlongReward(max_length=100, cache_length=0)
    assert hard(completions=["", ""], completion_ids=[ids(100), ids(101)]) == [0.0, -1.0]


def test_overlong_length_sources():
    text = "one two three four five six"  # 6 words: 6 tokens for fake_encode, 27 characters
    assert one(OverlongReward(max_length=8, cache_length=2, tokenizer=fake_encode), text) == 0.0
    assert one(OverlongReward(max_length=6, cache_length=4, tokenizer=fake_encode), text) == -1.0
    assert one(OverlongReward(max_length=8, cache_length=4, tokenizer=fake_hf_tokenizer), text) == -0.5
    assert one(OverlongReward(max_length=30, cache_length=6, unit="chars"), text) == -0.5
    # ids win over the tokenizer: TRL's own count is the one the length limit applies to
    f = OverlongReward(max_length=8, cache_length=2, tokenizer=fake_encode)
    assert one(f, text, completion_ids=[ids(7)]) == -0.5


def test_overlong_without_token_ids_or_tokenizer_is_a_clear_error():
    with pytest.raises(ValueError, match=r"'overlong'.*completion_ids.*tokenizer"):
        OverlongReward()(completions=["abc"])
    with pytest.raises(ValueError, match="'short'"):
        OverlongReward(name="short")(prompts=["q"], completions=["abc"])
    with pytest.raises(ValueError, match="2 completion_ids for 1 completions"):
        OverlongReward()(completions=["abc"], completion_ids=[[1], [2]])


@pytest.mark.parametrize(
    "kwargs",
    [
        {"max_length": 100, "cache_length": 101},
        {"max_length": 100, "cache_length": -1},
        {"max_length": 0, "cache_length": 0},
        {"unit": "words"},
        {"tokenizer": "gpt2"},
    ],
)
def test_overlong_rejects_bad_options(kwargs):
    with pytest.raises(ConfigError, match="'overlong'"):
        OverlongReward(**kwargs)


# ----------------------------------------------------------------------------------------------- cosine

C25 = math.cos(math.pi / 4)  # 0.7071…


@pytest.mark.parametrize(
    ("length", "correct", "expected"),
    [
        # correct: 0.5 + 0.25·(1 + cos(π t / 100)), from r_c_max = 1 at t = 0 down to r_c_min = 0.5 at t = T
        (0, True, 1.0),
        (25, True, 0.5 + 0.25 * (1 + C25)),  # 0.92678
        (50, True, 0.75),
        (75, True, 0.5 + 0.25 * (1 - C25)),  # 0.57322
        (100, True, 0.5),
        # wrong: −0.5 − 0.25·(1 + cos(π t / 100)), from r_w_min = −1 at t = 0 up to r_w_max = −0.5 at t = T
        (0, False, -1.0),
        (25, False, -0.5 - 0.25 * (1 + C25)),  # −0.92678
        (50, False, -0.75),
        (100, False, -0.5),
        # beyond T: the exceed penalty, correct or not
        (101, True, -1.0),
        (101, False, -1.0),
        (500, True, -1.0),
    ],
)
def test_cosine_formula(length, correct, expected):
    f = CosineReward(max_length=100)
    text = "The answer is 7." if correct else "The answer is 8."
    got = one(f, text, completion_ids=[ids(length)], answer=["7"])
    assert got == pytest.approx(expected, abs=1e-12)


def test_cosine_monotone_in_length():
    f = CosineReward(max_length=100)
    lengths = list(range(0, 101, 5))
    right = f(completions=["#### 7"] * len(lengths), completion_ids=[ids(n) for n in lengths], answer="7")
    wrong = f(completions=["#### 8"] * len(lengths), completion_ids=[ids(n) for n in lengths], answer="7")
    assert right == sorted(right, reverse=True)  # longer correct answers earn less
    assert wrong == sorted(wrong)  # longer wrong answers are punished less
    assert min(right) > max(wrong)


@pytest.mark.parametrize(
    ("length", "correct", "expected"),
    [
        # the paper's setting: r_c 2 → 1, r_w −10 → 0, exceed −10
        (0, True, 2.0),
        (50, True, 1.5),
        (100, True, 1.0),
        (0, False, -10.0),
        (50, False, -5.0),
        (100, False, 0.0),
        (101, True, -10.0),
        (101, False, -10.0),
    ],
)
def test_cosine_paper_values(length, correct, expected):
    f = CosineReward(
        max_length=100, r_c_min=1.0, r_c_max=2.0, r_w_min=-10.0, r_w_max=0.0, exceed_penalty=-10.0
    )
    text = "\\boxed{7}" if correct else "\\boxed{9}"
    assert one(f, text, completion_ids=[ids(length)], answer=["7"]) == pytest.approx(expected, abs=1e-12)


@pytest.mark.parametrize(
    ("length", "correct", "expected"),
    [(100, True, 0.5), (101, True, 0.5), (1000, True, 0.5), (100, False, -0.5), (5000, False, -0.5)],
)
def test_cosine_clamps_the_ratio_without_exceed_penalty(length, correct, expected):
    f = CosineReward(max_length=100, exceed_penalty=None)
    text = "#### 7" if correct else "#### 8"
    assert one(f, text, completion_ids=[ids(length)], answer=["7"]) == pytest.approx(expected, abs=1e-12)


def test_cosine_invalid_gold_is_none_never_a_fake_score():
    f = CosineReward(max_length=100)
    metrics: dict[str, float] = {}
    values = f(
        completions=["#### 7", "#### 7", "#### 7", "#### 7"],
        completion_ids=[ids(10), ids(10), ids(10), ids(500)],
        answer=["3 or 4", None, "Janet has 7.\n#### 7", 7],
        log_metric=metrics.__setitem__,
    )
    assert values[:2] == [None, None]
    assert values[2] == pytest.approx(0.5 + 0.25 * (1 + math.cos(math.pi * 0.1)))
    assert values[3] == -1.0  # an integer gold column, read as "7"; too long
    assert metrics["rewards/cosine/gold_invalid_frac"] == 0.5
    scored = f.score(["#### 7"], completion_ids=[ids(10)], columns={"answer": ["3 or 4"]})
    assert scored[0].verdict == "GOLD_INVALID" and scored[0].value is None


def test_cosine_reports_verdict_and_extracted():
    f = CosineReward(max_length=100)
    (s,) = f.score(["So \\boxed{8}."], completion_ids=[ids(50)], columns={"answer": ["7"]})
    assert (s.value, s.verdict, s.extracted) == (-0.75, "WRONG", "8")


def test_cosine_gold_key_tokenizer_and_errors():
    f = CosineReward(max_length=4, gold_key="solution", tokenizer=fake_encode)
    assert f(completions=["so #### 7"], solution=["7"]) == [
        pytest.approx(0.5 + 0.25 * (1 - C25))
    ]  # t/T = 3/4
    with pytest.raises(KeyError, match="'solution'"):
        f(completions=["#### 7"], answer=["7"])
    with pytest.raises(ValueError, match=r"'cosine'.*completion_ids"):
        CosineReward()(completions=["#### 7"], answer=["7"])
    assert CosineReward(unit="chars", max_length=12)(completions=["#### 7"], answer=["7"]) == [0.75]
    with pytest.raises(ConfigError, match="'cosine'"):
        CosineReward(max_length=0)


# ------------------------------------------------------------------------------------------- repetition


@pytest.mark.parametrize(
    ("token_ids", "n", "expected"),
    [
        ([1, 2, 3, 4, 5], 3, 0.0),  # 3 trigrams, all distinct
        ([1, 2, 1, 2, 1, 2], 3, -0.5),  # 4 trigrams, 2 distinct: −(1 − 2/4)
        ([5] * 10, 3, -0.875),  # 8 trigrams, 1 distinct: −(1 − 1/8)
        ([1, 2, 3, 1, 2, 3, 1, 2, 3], 3, -(1 - 3 / 7)),  # 7 trigrams, 3 distinct
        ([1, 2, 3], 3, 0.0),  # exactly one trigram
        ([1, 2], 3, 0.0),  # shorter than n
        ([], 3, 0.0),
        ([1, 1, 2, 2], 1, -0.5),  # unigrams: 4, 2 distinct
        ([7, 7, 7, 7, 7], 2, -0.75),  # 4 bigrams, 1 distinct
    ],
)
def test_repetition_on_token_ids(token_ids, n, expected):
    assert one(RepetitionReward(n=n), "ignored", completion_ids=[token_ids]) == pytest.approx(expected)


def test_repetition_options_and_words():
    assert one(RepetitionReward(max_penalty=-0.5), "", completion_ids=[[5] * 10]) == pytest.approx(-0.4375)
    words = RepetitionReward(n=2, unit="words")
    # bigrams: (the cat) (cat the) (the cat) (cat the) (the cat): 5, 2 distinct → −0.6
    assert one(words, "the cat the cat\nthe   cat") == pytest.approx(-0.6)
    assert one(words, "the cat sat", completion_ids=[[1] * 50]) == 0.0  # words ignore the ids
    assert repeated_fraction("abab", 2) == pytest.approx(1 / 3)
    value = one(RepetitionReward(), "", completion_ids=[[1, 2, 3, 4]])
    assert value == 0.0 and math.copysign(1.0, value) == 1.0  # not −0.0


def test_repetition_errors():
    with pytest.raises(ValueError, match=r"'repetition'.*completion_ids.*unit='words'"):
        RepetitionReward()(completions=["a a a a"])
    with pytest.raises(ValueError, match="1 completion_ids for 2 completions"):
        RepetitionReward()(completions=["a", "b"], completion_ids=[[1]])
    for bad in ({"n": 0}, {"max_penalty": 0.5}, {"unit": "chars"}):
        with pytest.raises(ConfigError, match="'repetition'"):
            RepetitionReward(**bad)


# ------------------------------------------------------------------------------ calling convention, pickling

CONVERSATIONAL = [
    {"role": "assistant", "content": "<think>\nFirst, 3 + 4 = 7.\nThen check it.\n</think>\n"},
    {"role": "assistant", "content": [{"type": "text", "text": "<answer>\n7\n</answer>"}]},
]


def test_conversational_messages():
    # the assistant messages are joined by a newline, giving PERFECT with one extra blank line between them
    assert one(FormatReward(), CONVERSATIONAL) == 1.0
    assert one(FormatReward(), [{"role": "assistant", "content": PERFECT}]) == 1.0
    assert one(FormatReward(mode="strict"), [{"role": "assistant", "content": PERFECT}]) == 1.0
    assert one(TagCountReward(), [{"role": "assistant", "content": PERFECT}]) == 1.0
    assert (
        one(BoxedOnceReward(), [{"role": "assistant", "content": [{"type": "text", "text": "\\boxed{7}"}]}])
        == 1.0
    )
    cosine = CosineReward(max_length=100)
    assert (
        one(cosine, [{"role": "assistant", "content": "#### 7"}], completion_ids=[ids(50)], answer=["7"])
        == 0.75
    )
    assert one(RepetitionReward(n=1, unit="words"), [{"role": "assistant", "content": "go go"}]) == -0.5


ALL = [
    (FormatReward(), "format"),
    (FormatReward(mode="strict", prefilled_think=True, name="strict_format"), "strict_format"),
    (TagCountReward(), "tag_count"),
    (BoxedOnceReward(), "boxed_once"),
    (OverlongReward(max_length=100, cache_length=20), "overlong"),
    (OverlongReward(max_length=100, cache_length=20, tokenizer=fake_encode), "overlong"),
    (CosineReward(max_length=100), "cosine"),
    (RepetitionReward(), "repetition"),
]
TRL_COMPLETIONS = [PERFECT, "<think>\nhmm\n</think>\nso \\boxed{8} or \\boxed{8}", "7 7 7 7 7 7 7"]
TRL_IDS = [ids(50), [3, 3, 3, 3, 3, 3, 3, 3], ids(95)]


@pytest.mark.parametrize(("reward", "name"), ALL, ids=[f"{n}-{i}" for i, (_, n) in enumerate(ALL)])
def test_exact_trl_keyword_call(reward, name):
    extra: dict[str, list] = {}
    metrics: dict[str, float] = {}
    out = reward(
        prompts=["What is 3 + 4?"] * 3,
        completions=TRL_COMPLETIONS,
        completion_ids=TRL_IDS,
        answer=["7", "7", "7"],
        trainer_state=None,
        log_extra=extra.__setitem__,
        log_metric=metrics.__setitem__,
    )
    assert reward.__name__ == name
    assert len(out) == 3
    assert all(isinstance(v, float) for v in out)
    if isinstance(reward, CosineReward):
        assert extra[f"{name}/verdict"] == ["CORRECT", "WRONG", "CORRECT"]


def test_trl_call_values():
    kw = {
        "prompts": ["q"] * 3,
        "completions": TRL_COMPLETIONS,
        "completion_ids": TRL_IDS,
        "answer": ["7"] * 3,
        "trainer_state": None,
        "log_extra": lambda *a: None,
        "log_metric": lambda *a: None,
    }
    assert FormatReward()(**kw) == [1.0, 0.0, 0.0]
    assert BoxedOnceReward()(**kw) == [0.0, 0.0, 0.0]
    assert OverlongReward(max_length=100, cache_length=20)(**kw) == pytest.approx([0.0, 0.0, -0.75])
    assert RepetitionReward()(**kw) == pytest.approx([0.0, -(1 - 1 / 6), 0.0])
    assert CosineReward(max_length=100)(**kw) == pytest.approx(
        [0.75, -0.5 - 0.25 * (1 + math.cos(math.pi * 0.08)), 0.5 + 0.25 * (1 + math.cos(math.pi * 0.95))]
    )


@pytest.mark.parametrize(("reward", "name"), ALL, ids=[f"{n}-{i}" for i, (_, n) in enumerate(ALL)])
def test_pickle_round_trip(reward, name):
    copy = pickle.loads(pickle.dumps(reward))
    assert copy.__name__ == reward.__name__ == name
    kw = {"completions": TRL_COMPLETIONS, "completion_ids": TRL_IDS, "answer": ["7"] * 3}
    assert copy(**kw) == reward(**kw)


def test_default_names_are_the_registry_names():
    classes = {
        "format": FormatReward,
        "tag_count": TagCountReward,
        "boxed_once": BoxedOnceReward,
        "overlong": OverlongReward,
        "cosine": CosineReward,
        "repetition": RepetitionReward,
    }
    for name, cls in classes.items():
        assert cls.default_name == name
        assert cls().__name__ == name
        assert issubclass(cls, Reward)


def test_constructors_are_keyword_only():
    for cls in (
        FormatReward,
        TagCountReward,
        BoxedOnceReward,
        OverlongReward,
        CosineReward,
        RepetitionReward,
    ):
        with pytest.raises(TypeError):
            cls("positional")
