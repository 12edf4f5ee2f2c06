"""Test-side oracle: spell numbers in Chinese numerals (no rewardkit import).

Used to generate completions such as ``答案是一万零三百`` for property tests of the grader. Kept
independent of the implementation on purpose: it spells, the grader reads, and the two must agree.

Rules implemented (Mainland standard, 万/亿 grouping):

* digits 零一二三四五六七八九, place words 十百千 inside a 4-digit section, section words 万 (10^4) and
  亿 (10^8); 10^12 is 一万亿 (not 兆), the largest supported magnitude is < 10^16;
* internal zeros inside a section collapse to one 零 (一百零五, 一千零五十, 一千零一); trailing zeros are
  silent (一千, 十万); a lower section that does not fill its place gets one 零 (一万零三百, 十万零一十,
  一亿零五百万), and then its 十 keeps its 一 (零一十);
* a number starting with 一十 drops the 一 in the ``standard`` and ``liang`` styles (十, 十二, 十万);
  ``explicit_one`` keeps it (一十, 一十二, 一十万); inside a number 一十 is always written (一百一十);
* ``liang``: a 2 in the 百 or 千 place is 两 (两百, 两千二百 → 两千两百), and a section whose whole value
  is 2 is 两 before 万/亿 (两万, 两亿, 两千万); a 2 in the 十 or units place stays 二 (二十, 一百零二);
* negatives take 负.

>>> to_chinese(0)
'零'
>>> to_chinese(10), to_chinese(10, style="explicit_one"), to_chinese(110)
('十', '一十', '一百一十')
>>> to_chinese(105), to_chinese(1010), to_chinese(1050), to_chinese(10300)
('一百零五', '一千零一十', '一千零五十', '一万零三百')
>>> to_chinese(100000), to_chinese(100010)
('十万', '十万零一十')
>>> to_chinese(20000000), to_chinese(20000000, style="liang")
('二千万', '两千万')
>>> to_chinese(1_0000_0000), to_chinese(1_0500_0000)
('一亿', '一亿零五百万')
>>> to_chinese(-12)
'负十二'
>>> to_chinese(250, style="liang"), to_chinese(102, style="liang"), to_chinese(22, style="liang")
('两百五十', '一百零二', '二十二')
>>> fraction_to_chinese(2, 3), fraction_to_chinese(-1, 2), fraction_to_chinese(3, 10)
('三分之二', '负二分之一', '十分之三')
>>> mixed_to_chinese(2, 1, 3)
'二又三分之一'
>>> percent_to_chinese(25), percent_to_chinese(100), percent_to_chinese("12.5"), percent_to_chinese(10)
('百分之二十五', '百分之一百', '百分之十二点五', '百分之十')
>>> decimal_to_chinese("3.14"), decimal_to_chinese("0.5")
('三点一四', '零点五')
>>> decimal_to_chinese("-2.05"), decimal_to_chinese("10.50")
('负二点零五', '十点五零')
>>> from_chinese('两千零二十四'), from_chinese('十万零一十'), from_chinese('一亿零五百万')
(2024, 100010, 105000000)
"""

from __future__ import annotations

import re

__all__ = [
    "STYLES",
    "decimal_to_chinese",
    "fraction_to_chinese",
    "from_chinese",
    "mixed_to_chinese",
    "percent_to_chinese",
    "to_chinese",
    "to_traditional",
]

DIGITS = "零一二三四五六七八九"
PLACES = ("", "十", "百", "千")  # inside a 4-digit section, index = power of ten
STYLES = ("standard", "liang", "explicit_one")
LIMIT = 10**16


def _section(n: int, *, liang: bool) -> str:
    """1 <= n <= 9999, no leading 零, always with 一 before 十 (the caller drops it at the very start)."""
    assert 0 < n < 10_000
    out: list[str] = []
    pending_zero = False
    for power in (3, 2, 1, 0):
        d = n // 10**power % 10
        if d == 0:
            if out:  # a zero after a written digit: one 零 if a non-zero digit follows
                pending_zero = True
            continue
        if pending_zero:
            out.append("零")
            pending_zero = False
        digit = "两" if (liang and d == 2 and power in (2, 3)) else DIGITS[d]
        out.append(digit + PLACES[power])
    return "".join(out)


def _spell(n: int, *, liang: bool) -> str:
    """0 < n < 10**16, with 一十 kept everywhere (start-of-number rule applied by to_chinese).

    Four 4-digit sections (万亿, 亿, 万, units). A 零 goes before a non-zero section when something was
    already written and either a whole section in between was zero or this section has a leading zero
    (0300); trailing zeros of a section are silent (十亿一千万, not 十亿零一千万).
    """
    sections = [n // 10**12 % 10**4, n // 10**8 % 10**4, n // 10**4 % 10**4, n % 10**4]
    suffixes = ["万", "亿", "万", ""]
    out: list[str] = []
    pending_zero = False
    for i, (sec, suffix) in enumerate(zip(sections, suffixes, strict=True)):
        if sec == 0:
            if out:
                pending_zero = True
                if i == 1:  # 万亿 written, 亿 section empty: the 亿 still closes the upper group (一万亿)
                    out.append("亿")
            continue
        if out and (pending_zero or sec < 1000):
            out.append("零")
        pending_zero = False
        head = "两" if (liang and sec == 2 and suffix) else _section(sec, liang=liang)
        out.append(head + suffix)
    return "".join(out)


def to_chinese(n: int, *, style: str = "standard") -> str:
    """Spell an integer with |n| < 10**16 in Chinese numerals.

    >>> to_chinese(1001), to_chinese(35000)
    ('一千零一', '三万五千')
    >>> to_chinese(2000, style="liang"), to_chinese(12, style="explicit_one")
    ('两千', '一十二')
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise TypeError(f"an int is required, got {type(n).__name__}")
    if style not in STYLES:
        raise ValueError(f"style must be one of {STYLES}, got {style!r}")
    if abs(n) >= LIMIT:
        raise ValueError(f"|n| must be below 10**16, got {n}")
    if n == 0:
        return "零"
    sign = "负" if n < 0 else ""
    text = _spell(abs(n), liang=(style == "liang"))
    if style != "explicit_one" and text.startswith("一十"):
        text = text[1:]
    return sign + text


def fraction_to_chinese(num: int, den: int, *, style: str = "standard") -> str:
    """``num/den`` as 'den 分之 num' (denominator first), spelled as given (not reduced).

    >>> fraction_to_chinese(1, 4), fraction_to_chinese(4, 6), fraction_to_chinese(25, 100)
    ('四分之一', '六分之四', '一百分之二十五')
    """
    if den == 0:
        raise ValueError("denominator must not be zero")
    negative = (num < 0) != (den < 0) and num != 0
    body = to_chinese(abs(den), style=style) + "分之" + to_chinese(abs(num), style=style)
    return ("负" if negative else "") + body


def mixed_to_chinese(whole: int, num: int, den: int, *, style: str = "standard") -> str:
    """A mixed number ``whole num/den`` (0 < num < den, whole != 0) as 'whole 又 den 分之 num'.

    The sign of ``whole`` applies to the whole number: ``mixed_to_chinese(-2, 1, 3)`` is -(2 + 1/3).

    >>> mixed_to_chinese(1, 1, 2), mixed_to_chinese(-2, 1, 3)
    ('一又二分之一', '负二又三分之一')
    """
    if whole == 0 or not 0 < num < den:
        raise ValueError("a mixed number needs whole != 0 and 0 < num < den")
    sign = "负" if whole < 0 else ""
    return sign + to_chinese(abs(whole), style=style) + "又" + fraction_to_chinese(num, den, style=style)


def _decimal_parts(text: str) -> tuple[str, str, str]:
    m = re.fullmatch(r"\s*([+-]?)(\d*)(?:\.(\d*))?\s*", str(text))
    if not m or (not m.group(2) and not m.group(3)):
        raise ValueError(f"not a plain decimal: {text!r}")
    return m.group(1), m.group(2) or "0", m.group(3) or ""


def decimal_to_chinese(text: str, *, style: str = "standard") -> str:
    """A decimal string: integer part as a number, fractional digits one by one, as written.

    >>> decimal_to_chinese("12"), decimal_to_chinese(".5"), decimal_to_chinese("100.25")
    ('十二', '零点五', '一百点二五')
    """
    sign, whole, frac = _decimal_parts(text)
    body = to_chinese(int(whole), style=style)
    if frac:
        body += "点" + "".join(DIGITS[int(c)] for c in frac)
    negative = sign == "-" and (int(whole) != 0 or frac.strip("0") != "")
    return ("负" if negative else "") + body


# the traditional script's forms of the numerals that differ (Taiwan, Hong Kong), and the financial numerals
# (大写) as the traditional script writes them
_TRADITIONAL = str.maketrans({"万": "萬", "亿": "億", "两": "兩"})
_FINANCIAL = str.maketrans(
    {"一": "壹", "二": "貳", "两": "貳", "三": "參", "四": "肆", "五": "伍", "六": "陸", "七": "柒",
     "八": "捌", "九": "玖", "十": "拾", "百": "佰", "千": "仟", "万": "萬", "亿": "億"}
)  # fmt: skip


def to_traditional(spelled: str, *, financial: bool = False) -> str:
    """A numeral of :func:`to_chinese` in the traditional script, or in its financial numerals.

    >>> to_traditional("两万零三百"), to_traditional("两万零三百", financial=True)
    ('兩萬零三百', '貳萬零參佰')
    """
    return spelled.translate(_FINANCIAL if financial else _TRADITIONAL)


def percent_to_chinese(k: int | str, *, style: str = "standard") -> str:
    """``k`` percent as 百分之…  (``k`` an int or a decimal string).

    >>> percent_to_chinese(50), percent_to_chinese(-5), percent_to_chinese("0.5")
    ('百分之五十', '负百分之五', '百分之零点五')
    """
    text = str(k)
    spelled = decimal_to_chinese(text, style=style)
    if spelled.startswith("负"):
        return "负百分之" + spelled[1:]
    return "百分之" + spelled


# ---------------------------------------------------------------- an independent reader, for self-checks

_DIGIT_VALUE = {c: i for i, c in enumerate(DIGITS)} | {"〇": 0, "两": 2}
_PLACE_VALUE = {"十": 10, "百": 100, "千": 1000}


def from_chinese(text: str) -> int:
    """Read an integer spelled by :func:`to_chinese` (any style). A plain scan, not the grader's reader.

    >>> from_chinese('十'), from_chinese('一十二'), from_chinese('两百五十'), from_chinese('负一万零三百')
    (10, 12, 250, -10300)
    """
    sign = 1
    if text.startswith("负"):
        sign, text = -1, text[1:]
    total = 0  # completed 亿 groups
    group = 0  # completed 万 groups below the current 亿
    section = 0  # value inside the current 4-digit section
    digit: int | None = None
    for ch in text:
        if ch in _DIGIT_VALUE:
            digit = _DIGIT_VALUE[ch]
        elif ch in _PLACE_VALUE:
            section += (1 if digit is None else digit) * _PLACE_VALUE[ch]
            digit = None
        elif ch == "万":
            section += digit or 0
            digit = None
            group += section * 10_000
            section = 0
        elif ch == "亿":
            section += digit or 0
            digit = None
            total = (total + group + section) * 10**8
            group = section = 0
        else:
            raise ValueError(f"unexpected character {ch!r} in {text!r}")
    section += digit or 0
    return sign * (total + group + section)


# ---------------------------------------------------------------- hand-verified table

# (n, standard, liang, explicit_one); None means "same as standard"
HAND_TABLE: list[tuple[int, str, str | None, str | None]] = [
    (0, "零", None, None),
    (1, "一", None, None),
    (2, "二", "二", None),
    (7, "七", None, None),
    (10, "十", None, "一十"),
    (11, "十一", None, "一十一"),
    (12, "十二", None, "一十二"),
    (19, "十九", None, "一十九"),
    (20, "二十", "二十", None),
    (22, "二十二", "二十二", None),
    (72, "七十二", None, None),
    (99, "九十九", None, None),
    (100, "一百", None, None),
    (101, "一百零一", None, None),
    (102, "一百零二", "一百零二", None),
    (105, "一百零五", None, None),
    (110, "一百一十", None, None),
    (111, "一百一十一", None, None),
    (120, "一百二十", None, None),
    (200, "二百", "两百", None),
    (250, "二百五十", "两百五十", None),
    (999, "九百九十九", None, None),
    (1000, "一千", None, None),
    (1001, "一千零一", None, None),
    (1010, "一千零一十", None, None),
    (1050, "一千零五十", None, None),
    (1100, "一千一百", None, None),
    (1234, "一千二百三十四", "一千两百三十四", None),
    (2000, "二千", "两千", None),
    (2002, "二千零二", "两千零二", None),
    (2024, "二千零二十四", "两千零二十四", None),
    (2222, "二千二百二十二", "两千两百二十二", None),
    (9999, "九千九百九十九", None, None),
    (10000, "一万", None, None),
    (10001, "一万零一", None, None),
    (10010, "一万零一十", None, None),
    (10100, "一万零一百", None, None),
    (10300, "一万零三百", None, None),
    (11000, "一万一千", None, None),
    (12000, "一万二千", "一万两千", None),
    (20000, "二万", "两万", None),
    (35000, "三万五千", None, None),
    (100000, "十万", None, "一十万"),
    (100010, "十万零一十", None, "一十万零一十"),
    (110000, "十一万", None, "一十一万"),
    (220000, "二十二万", "二十二万", None),
    (1000000, "一百万", None, None),
    (1000001, "一百万零一", None, None),
    (1001000, "一百万一千", None, None),
    (1010000, "一百零一万", None, None),
    (10000000, "一千万", None, None),
    (12345678, "一千二百三十四万五千六百七十八", "一千两百三十四万五千六百七十八", None),
    (20000000, "二千万", "两千万", None),
    (100000000, "一亿", None, None),
    (100000001, "一亿零一", None, None),
    (100010000, "一亿零一万", None, None),
    (100100000, "一亿零一十万", None, None),
    (105000000, "一亿零五百万", None, None),
    (110000000, "一亿一千万", None, None),
    (200000000, "二亿", "两亿", None),
    (350000000, "三亿五千万", None, None),
    (1000000000, "十亿", None, "一十亿"),
    (1200000000, "十二亿", None, "一十二亿"),
    (10000000000, "一百亿", None, None),
    (1000000000000, "一万亿", None, None),
    (1010000000, "十亿一千万", None, "一十亿一千万"),
    (100000500, "一亿零五百", None, None),
    (2000000000000, "二万亿", "两万亿", None),
    (1200000000000, "一万二千亿", "一万两千亿", None),
    (1000010000000, "一万亿零一千万", None, None),
    (1001000000000, "一万零一十亿", None, None),
    (9999999999999999, "九千九百九十九万九千九百九十九亿九千九百九十九万九千九百九十九", None, None),
    (-5, "负五", None, None),
    (-10, "负十", None, "负一十"),
    (-100010, "负十万零一十", None, "负一十万零一十"),
    (-2000, "负二千", "负两千", None),
]

OTHER_TABLE: list[tuple[str, str]] = [
    (fraction_to_chinese(2, 3), "三分之二"),
    (fraction_to_chinese(1, 4), "四分之一"),
    (fraction_to_chinese(3, 10), "十分之三"),
    (fraction_to_chinese(-2, 3), "负三分之二"),
    (fraction_to_chinese(2, -3), "负三分之二"),
    (fraction_to_chinese(1, 100), "一百分之一"),
    (fraction_to_chinese(11, 12), "十二分之十一"),
    (mixed_to_chinese(2, 1, 3), "二又三分之一"),
    (mixed_to_chinese(1, 3, 4), "一又四分之三"),
    (mixed_to_chinese(-3, 1, 2), "负三又二分之一"),
    (percent_to_chinese(25), "百分之二十五"),
    (percent_to_chinese(50), "百分之五十"),
    (percent_to_chinese(5), "百分之五"),
    (percent_to_chinese(100), "百分之一百"),
    (percent_to_chinese(150), "百分之一百五十"),
    (percent_to_chinese("12.5"), "百分之十二点五"),
    (percent_to_chinese(-5), "负百分之五"),
    (decimal_to_chinese("3.14"), "三点一四"),
    (decimal_to_chinese("0.5"), "零点五"),
    (decimal_to_chinese("3.05"), "三点零五"),
    (decimal_to_chinese("-0.25"), "负零点二五"),
    (decimal_to_chinese("1.5"), "一点五"),
    (decimal_to_chinese("12.0"), "十二点零"),
    (decimal_to_chinese("2.5", style="liang"), "二点五"),
]


def _self_check() -> int:
    import random

    failures = 0
    for n, standard, liang, explicit in HAND_TABLE:
        for style, want in (
            ("standard", standard),
            ("liang", liang or standard),
            ("explicit_one", explicit or standard),
        ):
            got = to_chinese(n, style=style)
            if got != want:
                failures += 1
                print(f"FAIL to_chinese({n}, style={style!r}) = {got!r}, want {want!r}")
            if from_chinese(want) != n:
                failures += 1
                print(f"FAIL from_chinese({want!r}) = {from_chinese(want)}, want {n}")
    for got, want in OTHER_TABLE:
        if got != want:
            failures += 1
            print(f"FAIL {got!r} != {want!r}")
    # round trip and structural invariants on random magnitudes
    rng = random.Random(20240601)
    samples = [rng.randrange(10 ** rng.randint(1, 16)) for _ in range(20_000)]
    samples += [d * 10**k for d in range(1, 10) for k in range(16)]
    samples += [10**k + 10**j for k in range(16) for j in range(k)]
    for n in samples:
        for style in STYLES:
            for m in (n, -n):
                s = to_chinese(m, style=style)
                if from_chinese(s) != m:
                    failures += 1
                    print(f"FAIL round trip {m} {style}: {s!r} -> {from_chinese(s)}")
                if "零零" in s or (s.endswith("零") and m != 0) or (s.startswith("零") and m != 0):
                    failures += 1
                    print(f"FAIL zero rule {m} {style}: {s!r}")
                if "两十" in s or s.endswith("两") or "十两" in s:
                    failures += 1
                    print(f"FAIL liang rule {m} {style}: {s!r}")
                if style == "standard" and "两" in s:
                    failures += 1
                    print(f"FAIL standard uses 两 {m}: {s!r}")
    return failures


if __name__ == "__main__":
    import doctest
    import sys

    doc_failures, doc_tests = doctest.testmod()
    bad = _self_check()
    print(
        f"doctests: {doc_tests - doc_failures}/{doc_tests} passed; "
        f"table: {len(HAND_TABLE)} integers x 3 styles + {len(OTHER_TABLE)} fractions/percents/decimals; "
        f"self-check failures: {bad}"
    )
    sys.exit(1 if (bad or doc_failures) else 0)
