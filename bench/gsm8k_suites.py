"""grading_speed's GSM8K suites: real model completions (``gsm8k_real``) and the test golds in common answer
styles with must-be-wrong twins (``gsm8k_styles``)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from shared_data import GSM8K_MODELS, read_gsm8k_solutions, read_jsonl
from suite_registry import Row, suite


@suite("gsm8k_real")
def gsm8k_real_rows(data_dir: Path) -> list[Row]:
    """Real model completions on GSM8K test (4 models x 1319), labelled by the data set's is_correct."""
    rows: list[Row] = []
    for q in read_gsm8k_solutions(data_dir / "gsm8k" / "example_model_solutions.jsonl"):
        for model in GSM8K_MODELS:
            rows.append((model, (q.solutions[model], q.final, q.is_correct[model])))
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
    for i, rec in enumerate(read_jsonl(data_dir / "gsm8k" / "test.jsonl")):
        gold = rec["answer"].rsplit("#### ", 1)[-1].strip().replace(",", "")
        n = int(gold)  # every GSM8K test answer is an integer
        for style, label, render in _STYLES:
            answer = render(n, i)
            if answer is not None:
                rows.append((style, (_REASONING + answer, gold, label)))
    return rows
