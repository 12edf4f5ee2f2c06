"""grading_speed's language suite (``gsm8k_languages``): the real GSM8K completions of one model with their
closing ``A: N`` line said three ways in English and the same ways in French and Chinese (digits, numerals,
a sentence without a marker), so that the time of an answer in another language is measured against the
same statement in English on the same reasoning, in the same run (:data:`ENGLISH_OF` pairs them).

>>> chinese_numeral(72), chinese_numeral(105), chinese_numeral(10500), chinese_numeral(12)
('七十二', '一百零五', '一万零五百', '十二')
>>> [closing(style, "5,600") for style, _ in CLOSINGS]  # doctest: +NORMALIZE_WHITESPACE
['Answer: 5,600', 'The answer is 5,600', 'So in all it is 5,600.', 'Réponse : 5600', '答案：5600',
 '答案是 5600', '答案是五千六百', '所以一共是5600。']
>>> closing("french", "2.5"), closing("chinese_numerals", "2.5")
('Réponse : 2,5', None)
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from shared_data import read_gsm8k_solutions
from suite_registry import Row, suite

# the model whose completions are translated: one completion per question keeps the suite near 1319 x 8 items
MODEL = "175b_verification"

_DIGITS = "零一二三四五六七八九"


def chinese_numeral(n: int) -> str:
    """``n`` (0 <= n < 100000) in Chinese numerals, as a school text writes it: 105 → 一百零五, 12 → 十二."""
    if not 0 <= n < 100_000:
        raise ValueError(n)
    if n == 0:
        return _DIGITS[0]
    tens_thousands, rest = divmod(n, 10_000)
    if not tens_thousands:
        text = _below_ten_thousand(rest)
        return text[1:] if text.startswith("一十") else text  # 12 is 十二, not 一十二
    head = _below_ten_thousand(tens_thousands) + "万"
    if not rest:
        return head
    return head + ("零" if rest < 1000 else "") + _below_ten_thousand(rest)


def _below_ten_thousand(n: int) -> str:
    out, gap = "", False
    for place, name in ((1000, "千"), (100, "百"), (10, "十"), (1, "")):
        digit, n = divmod(n, place)
        if digit:
            out += ("零" if gap else "") + _DIGITS[digit] + name
            gap = False
        elif out:
            gap = True  # a zero inside the number is said once, before the next digit: 一千零五
    return out


def _plain(number: str) -> str:
    return number.replace(",", "")


def _french(number: str) -> str:
    # French has a decimal comma and no comma between thousands: 2.5 is "2,5", 5,600 is "5600"
    return "Réponse : " + _plain(number).replace(".", ",")


def _numerals(number: str) -> str | None:
    plain = _plain(number)
    return "答案是" + chinese_numeral(int(plain)) if plain.isdigit() and int(plain) < 100_000 else None


# (group, render(the number as the English completion wrote it) -> closing line, or None where it cannot)
CLOSINGS: list[tuple[str, Callable[[str], str | None]]] = [
    ("english_answer", lambda n: f"Answer: {n}"),
    ("english_answer_is", lambda n: f"The answer is {n}"),
    ("english_sentence", lambda n: f"So in all it is {n}."),  # no marker: the last number is read
    ("french", _french),
    ("chinese_answer", lambda n: f"答案：{_plain(n)}"),
    ("chinese_answer_is", lambda n: f"答案是 {_plain(n)}"),
    ("chinese_numerals", _numerals),
    ("chinese_sentence", lambda n: f"所以一共是{_plain(n)}。"),  # "so in all it is N.": no marker either
]
# the English closing each other one is timed against: the same statement, word for word
ENGLISH_OF = {
    "french": "english_answer",
    "chinese_answer": "english_answer",
    "chinese_answer_is": "english_answer_is",
    "chinese_numerals": "english_answer_is",
    "chinese_sentence": "english_sentence",
}
_CLOSING_OF = dict(CLOSINGS)

# the closing line the English completions end on; the number as written (5,600, 2.5, -10)
_LAST_LINE = re.compile(r"\nA: (-?\d[\d,]*(?:\.\d+)?)\s*$")


def closing(group: str, number: str) -> str | None:
    """The closing line of ``group`` for the answer ``number``, or None where the group cannot say it."""
    return _CLOSING_OF[group](number)


@suite("gsm8k_languages")
def gsm8k_languages_rows(data_dir: Path) -> list[Row]:
    """One model's GSM8K completions, closing in English, French and Chinese (digits, numerals, prose)."""
    rows: list[Row] = []
    for q in read_gsm8k_solutions(data_dir / "gsm8k" / "example_model_solutions.jsonl"):
        completion, label = q.solutions[MODEL], q.is_correct[MODEL]
        m = _LAST_LINE.search(completion)
        if m is None:  # not closed by "A: N": nothing to translate
            continue
        for group, render in CLOSINGS:
            line = render(m[1])
            if line is not None:
                rows.append((group, (completion[: m.start() + 1] + line, q.final, label)))
    return rows
