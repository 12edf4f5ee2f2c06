"""Japanese and Korean answers, read into the notation the readers know: markers, counters and units, the
copula, and the words that decide whether a statement commits to its value.

Both languages put the verb after its value, and with it what an English sentence says before the value:
``答えは42ではありません`` is "the answer is not 42", ``答えは42かもしれません`` "the answer might be 42",
``답은 42가 아닙니다`` "the answer is not 42", ``답은 42일 수도 있습니다`` "the answer may be 42". So a value
with the predicate that follows it is read as the English that says it (``not 42``, ``maybe 42``), for the one
set of commitment rules every language shares to judge; a plain copula (``です``, ``입니다``) states the
value.
Japanese writes its digits glued to the words around them (``答えは42個です``): the counter after a value is
read as a count (``42``) or as the unit it measures (``3.5キログラム`` is 3.5 kg), and the particle before
it as the space it stands for.

A text is Japanese when it holds kana, Korean when it holds Hangul; any other text is returned as it is
after one search. The Chinese reader runs after this one (Japanese writes Chinese characters too: its
numerals, ``三十五個``, are read there).

>>> def words(text):
...     return " ".join(normalize(text).split())
>>> words("したがって、答えは42個です。"), words("答えは 42 かもしれません。")
('so , the answer is 42 .', 'the answer is maybe 42 .')
>>> words("따라서 답은 42가 아닙니다."), words("답은 42 또는 48입니다.")
('so the answer is not 42 .', 'the answer is 42 or 48 .')
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from rewardkit.languages.chinese import FULL_WIDTH_THOUSANDS
from rewardkit.languages.rewrite import Rewritten
from rewardkit.lazy_regex import lazy_compile
from rewardkit.substrings import first_non_ascii, longest_first

_KANA = lazy_compile(r"[\u3040-\u30ff]")
_HANGUL = lazy_compile(r"[\uac00-\ud7a3]")
# (a full-width comma between full-width digit groups separates thousands, as the Chinese reader reads it)
_FULL_WIDTH_DIGIT = lazy_compile(rf"[０-９]|(?<=[0-9０-９])．(?=[0-9０-９])|{FULL_WIDTH_THOUSANDS}")
# the punctuation of Japanese, as the readers write it (the Chinese reader would, but a text whose Chinese
# characters were all words read here has none left for it to run on)
_PUNCTUATION = {
    "。": ". ",
    "、": ", ",
    "，": ", ",
    "：": ": ",
    "！": "! ",
    "？": "? ",
    "；": "; ",
    "\u3000": " ",
}
_PUNCTUATION_MARK = lazy_compile("[" + "".join(_PUNCTUATION) + "]")
_HALF_WIDTH_MARK = {"．": ".", "，": ","}
# what a value written in ASCII holds, and the space before its words
_BEFORE_WORDS = frozenset("0123456789.,-/ \t")


@dataclass(frozen=True)
class VerbFinalLanguage:
    """A language whose verb follows its value: what it says of one (is, is not, might be) comes after it."""

    code: str
    # the count words and units a value stands before, in English (" " for a plain count)
    counters: dict[str, str]
    # what follows a value (and its counter) and says how the text holds it, as the English said before the
    # value ("not", "maybe"), with "{}" for the value where the English puts it elsewhere; "" states it
    predicates: dict[str, str]
    # the particles and words between two values that offer both ("42か48": 42 or 48)
    alternatives: tuple[str, ...]
    # markers, conclusions, hedges and conditions said before a value: their English
    phrases: dict[str, str]
    # numerals written in Chinese characters ("三十五"): a value too, before a predicate or another value
    ideographic_numerals: bool
    # the letters a predicate's last may not stand before ("42だけ", only 42, holds no copula だ): the
    # syllables of the language where its words run on without a space
    word_goes_on: str
    # the words that open a sentence correcting the statement before it ("答えは42です。いや、48です。": no,
    # wait, 48), as the English cue of a retraction they are; the correction rules read what follows them
    corrections: dict[str, str]


JAPANESE = VerbFinalLanguage(
    "ja",
    {
        # a count: the readers take the number alone, as "42 apples" is 42
        **dict.fromkeys(
            "個 人 本 枚 匹 冊 台 頭 羽 杯 回 件 箱 袋 粒 軒 着 足 組 通 問 名 ページ "
            "切れ 束 種類 倍".split(),
            " ",
        ),
        # a measure: the unit the readers convert ("3.5キログラム" is no 3.5 g)
        "円": " yen",
        "ドル": " dollars",
        "ユーロ": " euros",
        "時間": " hours",
        "分間": " minutes",
        # (a date's 日 and 年, "5月3日", "2024年", the Chinese reader counts as it counts its own)
        "分": " minutes",
        "秒間": " seconds",
        "秒": " seconds",
        "日間": " days",
        "週間": " weeks",
        "か月": " months",
        "ヶ月": " months",
        "カ月": " months",
        "ヵ月": " months",
        "年間": " years",
        "歳": " years",
        "キログラム": " kg",
        "キロ": " kg",
        "グラム": " g",
        "トン": " tonnes",
        "キロメートル": " km",
        "メートル": " m",
        "センチメートル": " cm",
        "センチ": " cm",
        "ミリメートル": " mm",
        "平方メートル": " m^2",
        "リットル": " L",
        "ミリリットル": " mL",
        "マイル": " miles",
        "度": " degrees",
        "パーセント": "%",
    },
    {
        # is not: "42ではありません", "42じゃない"; "42ではなく48" says what it is after the negation
        "ではありません": "not",
        "ではありませんでした": "not",
        "ではない": "not",
        "ではないです": "not",
        "ではなかった": "not",
        "じゃない": "not",
        "じゃないです": "not",
        "じゃありません": "not",
        "ではなく": "not {}, but",
        "ではなくて": "not {}, but",
        "じゃなくて": "not {}, but",
        # might be, probably is
        "かもしれません": "maybe",
        "かもしれない": "maybe",
        "かも知れません": "maybe",
        "かも知れない": "maybe",
        "かも": "maybe",
        "だろう": "probably",
        "でしょう": "probably",
        "だと思われます": "probably",
        "のようです": "probably",
        "のようだ": "probably",
        "みたいです": "probably",
        "らしい": "probably",
        "かもしれませんが": "maybe",
        "ではないかと思います": "maybe",
        # isn't it 42?, I wonder if 42
        "ではないか": "maybe",
        "ではないでしょうか": "maybe",
        "じゃないか": "maybe",
        "じゃないかな": "maybe",
        "かな": "maybe",
        "かなあ": "maybe",
        "ではなく、": "not {}, but",
        "ではなく,": "not {}, but",
        # a bound said after its value ("42個以上": 42 or more, "42未満": less than 42)
        "以上": "{} or more",
        "以下": "{} or less",
        "未満": "less than",
        "を超える": "more than",
        # I think it is: a belief stated commits, as "I think the answer is 42" does
        "だと思います": "",
        "だと思う": "",
        "と思います": "",
        "と思う": "",
        # "…ですが": "it is 42, but …", what follows may take it back
        "ですが": "{}, but",
        "だと思いますが": "{}, but",
        "と思いますが": "{}, but",
        "だが": "{}, but",
        # is: the value stated
        "です": "",
        "である": "",
        "だ": "",
        "でした": "",
        "であった": "",
        "だった": "",
        "になります": "",
        "となります": "",
        "になる": "",
        "となる": "",
    },
    # ("10から3を引く", subtract 3 from 10, holds no range: から is no alternative)
    ("か", "または", "あるいは", "もしくは", "や", "～", "〜"),
    {
        # markers
        "最終的な答えは": " the final answer is ",
        "最終的な答え:": " final answer: ",
        "最終的な答え：": " final answer: ",
        "最終解答:": " final answer: ",
        "最終解答：": " final answer: ",
        "最終的な答え": " final answer ",
        "答えは": " the answer is ",
        "答え:": " answer: ",
        "答え：": " answer: ",
        "解答は": " the answer is ",
        "解答:": " answer: ",
        "解答：": " answer: ",
        "正解は": " the correct answer is ",
        "正解:": " answer: ",
        "正解：": " answer: ",
        "答えが": " the answer is ",
        "答え": " answer",
        # a total stated, and the conclusions an answer closes on
        "合計は": " the total is ",
        "合計で": " in total ",
        "全部で": " in total ",
        "合わせて": " in total ",
        "よって": " so ",
        "したがって": " so ",
        "従って": " so ",
        "ゆえに": " so ",
        "故に": " so ",
        "だから": " so ",
        "つまり": " so ",
        "以上より": " so ",
        "以上から": " so ",
        "そのため": " so ",
        # hedges, bounds and approximations said before the value
        "たぶん": " probably ",
        "多分": " probably ",
        "おそらく": " probably ",
        "恐らく": " probably ",
        "もしかしたら": " maybe ",
        "もしかすると": " maybe ",
        "ひょっとしたら": " maybe ",
        "約": " about ",
        "およそ": " about ",
        "だいたい": " about ",
        "大体": " about ",
        "ほぼ": " nearly ",
        "少なくとも": " at least ",
        "最低でも": " at least ",
        "多くとも": " at most ",
        "最大で": " at most ",
        "もし": " if ",
        "です": " ",
        "でした": " ",
        "である": " ",
        "自信がありません": " I am not sure ",
        "自信がない": " I am not sure ",
        "わかりません": " I am not sure ",
        "分かりません": " I am not sure ",
        "確信がありません": " I am not sure ",
        "確かではありません": " I am not sure ",
        "しかし": " but ",
        "ただし": " but ",
        "または": " or ",
        "あるいは": " or ",
        "もしくは": " or ",
        "実は": " actually ",
        "実際には": " actually ",
        "間違えました": " I made a mistake ",
        "訂正": " correction ",
    },
    True,
    "\u3040-\u309f",
    {
        # no (a comma after it: "いいえ。" alone is the answer no), wrong, sorry (a comma or full stop after)
        "いや": " no, wait",
        "いやいや": " no, wait",
        "いいえ": " no, wait",
        "じゃなくて": " no, wait",
        "ではなくて": " no, wait",
        "ではなく": " no, wait",
        "違います": " that's wrong",
        "ちがいます": " that's wrong",
        "違う": " that's wrong",
        "ちがう": " that's wrong",
        "違いました": " that's wrong",
        "間違いでした": " that's wrong",
        "すみません": " sorry",
        "ごめんなさい": " sorry",
        "失礼しました": " sorry",
        # wait (the working goes back on the answer)
        "待って": " wait",
        "ちょっと待って": " wait",
        "待てよ": " wait",
        "待ってください": " wait",
        # correction, correctly (said before the value it gives: "訂正します：48", "正しくは48です")
        "訂正します": " correction:",
        "訂正すると": " correction:",
        "正しくは": " correction:",
        "正しい答えは": " correction: the correct answer is ",
        # worked out again ("計算し直すと、48です": redone, it is 48)
        "計算し直すと": " let me redo this:",
        "もう一度計算すると": " let me redo this:",
    },
)

KOREAN = VerbFinalLanguage(
    "ko",
    {
        **dict.fromkeys("개 명 마리 권 장 대 병 잔 번 송이 그루 켤레 쌍 상자 봉지 가지 배 사람".split(), " "),
        "원": " won",
        "달러": " dollars",
        "유로": " euros",
        "시간": " hours",
        "분": " minutes",
        "초": " seconds",
        "주": " weeks",
        "개월": " months",
        "년간": " years",
        "살": " years",
        "킬로그램": " kg",
        "kg": " kg",
        "그램": " g",
        "킬로미터": " km",
        "미터": " m",
        "센티미터": " cm",
        "밀리미터": " mm",
        "리터": " L",
        "밀리리터": " mL",
        "마일": " miles",
        "도": " degrees",
        "퍼센트": "%",
    },
    {
        # is not: "42가 아닙니다", "42이 아니다"; "42가 아니라 48" says what it is after the negation
        "가 아닙니다": "not",
        "이 아닙니다": "not",
        "가 아니다": "not",
        "이 아니다": "not",
        "가 아니에요": "not",
        "이 아니에요": "not",
        "가 아니야": "not",
        "이 아니야": "not",
        "아닙니다": "not",
        "아니다": "not",
        "가 아니라": "not {}, but",
        "이 아니라": "not {}, but",
        "가 아니고": "not {}, but",
        "이 아니고": "not {}, but",
        # might not be, might be, seems, probably is
        "가 아닐 수도 있습니다": "maybe not",
        "이 아닐 수도 있습니다": "maybe not",
        "가 아닐 수도 있다": "maybe not",
        "이 아닐 수도 있다": "maybe not",
        "가 아닐 수 있습니다": "maybe not",
        "이 아닐 수 있습니다": "maybe not",
        "일 수도 있습니다": "maybe",
        "일 수도 있다": "maybe",
        "일 수도 있어요": "maybe",
        "일 수 있습니다": "maybe",
        "일지도 모릅니다": "maybe",
        "일지도 모른다": "maybe",
        "인 것 같습니다": "probably",
        "인 것 같다": "probably",
        "일 것 같습니다": "probably",
        "일 것 같다": "probably",
        "인 것 같아요": "probably",
        "일 것입니다": "probably",
        "일 것이다": "probably",
        "일 거예요": "probably",
        "일 겁니다": "probably",
        "이겠지요": "probably",
        "이겠죠": "probably",
        "일 듯합니다": "probably",
        "일 듯하다": "probably",
        # is: the value stated
        "입니다": "",
        "이다": "",
        "이에요": "",
        "예요": "",
        "이야": "",
        "임": "",
        "이었습니다": "",
        "였습니다": "",
        "이 됩니다": "",
        "가 됩니다": "",
        "이 남습니다": "",
        "가 남습니다": "",
        "이 남았습니다": "",
        "가 남았습니다": "",
        "이 필요합니다": "",
        "가 필요합니다": "",
        "이상": "{} or more",
        "이하": "{} or less",
        "미만": "less than",
        "초과": "more than",
    },
    # ("10에서 3을 빼면", 3 from 10, holds no range: 에서 is no alternative)
    ("또는", "혹은", "아니면", "이나", "나", "~"),
    {
        "최종 답은": " the final answer is ",
        "최종 답:": " final answer: ",
        "최종 정답은": " the final answer is ",
        "최종 답": " final answer ",
        "정답은": " the correct answer is ",
        "정답:": " answer: ",
        "답은": " the answer is ",
        "답:": " answer: ",
        "답 :": " answer: ",
        "답이": " the answer is ",
        "정답": " answer",
        "답": " answer",
        "총합은": " the total is ",
        "합계는": " the total is ",
        "모두": " in total ",
        "총": " in total ",
        "따라서": " so ",
        "그러므로": " so ",
        "그래서": " so ",
        "결국": " so ",
        "즉": " so ",
        "아마도": " probably ",
        "아마": " probably ",
        "어쩌면": " maybe ",
        "혹시": " maybe ",
        "약": " about ",
        "대략": " about ",
        "거의": " nearly ",
        "적어도": " at least ",
        "최소": " at least ",
        "최대": " at most ",
        "많아야": " at most ",
        "입니다": " ",
        "이다": " ",
        "만약": " if ",
        "만일": " if ",
        "확실하지 않습니다": " I am not sure ",
        "잘 모르겠습니다": " I am not sure ",
        "모르겠습니다": " I am not sure ",
        "하지만": " but ",
        "그러나": " but ",
        "사실은": " actually ",
        "실수했습니다": " I made a mistake ",
        "또는": " or ",
        "혹은": " or ",
    },
    False,
    "",
    {
        "아니": " no, wait",
        "아니요": " no, wait",
        "아뇨": " no, wait",
        "아니오": " no, wait",
        "틀렸습니다": " that's wrong",
        "틀렸어요": " that's wrong",
        "틀렸다": " that's wrong",
        "잘못됐습니다": " that's wrong",
        "잘못되었습니다": " that's wrong",
        "죄송합니다": " sorry",
        "미안합니다": " sorry",
        "틀렸네요": " that's wrong",
        "틀렸군요": " that's wrong",
        "틀렸어": " that's wrong",
        "잘못 계산했습니다": " I made a mistake",
        "잘못 계산했네요": " I made a mistake",
        "실수했네요": " I made a mistake",
        "잠깐": " wait",
        "잠깐만요": " wait",
        "잠깐만": " wait",
        "다시 계산하면": " let me redo this:",
        "정정:": " correction:",
        "정정 :": " correction:",
        "정정하면": " correction:",
        "정정합니다": " correction",
        "다시 정정하면": " correction:",
    },
)

# A comparison whose reference stands before its gap and whose adjective after it, the English reader's
# "30 yen cheaper than the list price" (:func:`rewardkit.commitment.names_gap`): "定価より30円安い",
# "원래 가격보다 30원 싸다" state a gap, no answer. The particle of the reference, and the stems of the
# adjectives.
COMPARED_BY = ("よりも", "より", "보다")
COMPARATIVE_STEMS = (
    # Japanese: cheaper, dearer, more, fewer, longer, shorter, bigger, smaller, heavier, lighter, …
    "安", "高", "多", "少な", "長", "短", "大き", "小さ", "重", "軽", "早", "速", "遅", "低", "広", "狭",
    # Korean (더, more, may open it): cheaper, dearer, more, fewer, bigger, smaller, longer, shorter, …
    "싸", "비싸", "많", "적", "크", "작", "길", "짧", "무겁", "가볍", "빠르", "느리", "높", "낮", "더",
)  # fmt: skip

# An option set aside after the one chosen: "C、Bではありません", "C, B는 아님" (C, B is not: "C, not B", as
# the Chinese reader reads "C，B不对"); the same letter twice ("C, C는 아님") is left as it is
_LETTER_SET_ASIDE = lazy_compile(
    r"(?<![A-Za-z])(?P<chosen>\(?(?P<first>[A-J])\)?[*_ \t]*,)[ \t]*(?P<aside>\(?(?P<second>[A-J])\)?)[ \t]*"
    r"(?:では(?:ありません|ない)|じゃ(?:ありません|ない)|は(?:違います|誤り|間違い)|"
    r"(?:는|은|가|이)?[ \t]*(?:아님|아닙니다|아니다|아니에요|틀렸습니다|틀림|오답))"
    r"(?=[ \t*_]*(?:[.,;!?)\n]|$))"
)


def _letter_set_aside(m: re.Match[str]) -> str:
    return m.group() if m["first"] == m["second"] else f"{m['chosen']} not {m['aside']}"


_IDEOGRAPHIC_NUMERAL = "〇零一二三四五六七八九十百千万億两"
_DIGITS_VALUE = r"[-−]?\d{1,40}(?:[.,]\d{1,40})*(?:/\d{1,40})?"


@dataclass(frozen=True)
class _Patterns:
    # a value, its counter and the predicate after it
    predicated: re.Pattern[str]
    # a value and its counter before an alternative and another value
    alternative: re.Pattern[str]
    # a counter right after a digit
    counted: re.Pattern[str]
    phrase: re.Pattern[str]
    # a word of correction opening a clause (nothing but a space or punctuation before it), with the
    # punctuation after it
    correction: re.Pattern[str]


def _patterns(language: VerbFinalLanguage) -> _Patterns:
    # a numeral of Chinese characters is a value where a predicate or another value says so ("三十五個です");
    # before a counter alone it is as often a word ("一人で": alone), and the Chinese reader judges it there
    value = (
        rf"(?<![\d.,{_IDEOGRAPHIC_NUMERAL}])(?P<value>{_DIGITS_VALUE}|[{_IDEOGRAPHIC_NUMERAL}]{{1,40}})"
        if language.ideographic_numerals
        else rf"(?<![\d.,])(?P<value>{_DIGITS_VALUE})"
    )
    counters = longest_first(language.counters)
    counter = rf"(?:[ \t]*(?P<counter>{counters}))?"
    ends = f"(?![{language.word_goes_on}])" if language.word_goes_on else ""
    predicate = rf"[ \t]*(?P<predicate>{longest_first(language.predicates)}){ends}"
    alternative = rf"[ \t]*,?[ \t]*(?P<alternative>{longest_first(language.alternatives)})[ \t]*"
    return _Patterns(
        lazy_compile(value + counter + predicate),
        lazy_compile(rf"{value}{counter}{alternative}(?=[-−]?\d|[{_IDEOGRAPHIC_NUMERAL}])"),
        # (not the 分 of a fraction, "3分之1", which _FRACTION_OF wrote for the Chinese reader)
        lazy_compile(rf"(?<=\d)[ \t]*(?:{counters})(?![之의])"),
        lazy_compile(longest_first(language.phrases)),
        lazy_compile(
            rf"(?<![^\s.,!?:;)])(?P<word>{longest_first(language.corrections)})(?P<punctuation>[ \t]*[,.!:])?"
        ),
    )


_PATTERNS = {language.code: _patterns(language) for language in (JAPANESE, KOREAN)}
# what follows a Korean numeral that is a whole word: its predicate, or its counter (and what follows that)
_KOREAN_PREDICATE = lazy_compile(rf"[ \t*_]*(?:{longest_first(KOREAN.predicates)})")
_KOREAN_AFTER_VALUE = lazy_compile(
    rf"[ \t*_]*(?:{longest_first(KOREAN.predicates)}|(?:{longest_first(KOREAN.counters)})(?![\uac00-\ud7a3])"
    rf"|(?:{longest_first(KOREAN.counters)})[ \t]*(?:{longest_first(KOREAN.predicates)}))"
)
# a letter of the language glued to a digit: the space a reader needs between a word and a number
# (a Chinese character's are the Chinese reader's: "1万5千" is one number)
_GLUED = lazy_compile(r"(?<=[\u3040-\u30ff\uac00-\ud7a3])(?=[-−]?\d)|(?<=\d)(?=[\u3040-\u30ff\uac00-\ud7a3])")
# "3分の1" is a third ("3 minutes of 1" it is not), as the Chinese "3分之1" the Chinese reader reads
_FRACTION_OF = lazy_compile(rf"(?<=[\d{_IDEOGRAPHIC_NUMERAL}])分の(?=[\d{_IDEOGRAPHIC_NUMERAL}])")
# Japanese writes a hundred and a thousand with no "one" before them ("百二十" is 120, "千五百" 1500),
# where Chinese writes it (一百二十): read with it, where more numeral characters follow (a lone 百 or 千
# is as often a word's: 百貨店, 千葉), for the Chinese reader to read the numeral
_BARE_HUNDRED = lazy_compile(
    f"(?<![{_IDEOGRAPHIC_NUMERAL}])[百千](?=[〇零一二三四五六七八九十百千万億]{{1,20}}(?![{_IDEOGRAPHIC_NUMERAL}]))"
    # ... and inside a numeral, after a larger unit ("三千百" is 3100, "二万千" 21000)
    "|(?<=[千万億])百|(?<=[万億])千"
)
# "3분의 1" is a third, written as one
_KOREAN_FRACTION = lazy_compile(r"(?<![\d.])(\d{1,40})[ \t]*분의[ \t]*(\d{1,40})(?![\d.])")


# the number of an option named as the answer: "정답은 3번" (the answer is number 3), "답: ③번",
# "정답은 3번째" (the third): an option's place in the list, as "option 3" says it (a count of times, "3번",
# is no answer after a marker of a choice; against a number the reader reads "option 3" as 3)
_OPTION_NUMBER = lazy_compile(
    r"(?:(?<=답은)|(?<=답이)|(?<=답:)|(?<=답 :))[ \t]*(?:(?P<n>\d{1,2})|(?P<circled>[①-⑩]))[ \t]*번(?:째)?"
    r"(?:[ \t]*(?:선택지|보기))?"  # ("3번째 선택지": the third option)
)

# ... and in Japanese: "正解は3番です" (number 3), "答えは③番", "答え：3番目" (the third)
_OPTION_NUMBER_JA = lazy_compile(
    r"(?:(?<=答えは)|(?<=正解は)|(?<=答え:)|(?<=答え：)|(?<=正解:)|(?<=正解：))[ \t]*"
    r"(?:(?P<n>\d{1,2})|(?P<circled>[①-⑩]))[ \t]*番(?:目)?(?:[ \t]*の?[ \t]*(?:選択肢|選択))?"
)


# Korean writes its Sino-Korean numerals in Hangul as Japanese writes them in kanji, with no "one" before a
# ten, a hundred, a thousand or a myriad ("백이십" is 120, "만 오천" 15000) and no zero ("백오" is 105). Its
# syllables are as often words ("이" this, "사" buy, "오만" arrogance, "만일" if), so a numeral is read only
# where a marker of the answer puts a value (정답은, 답:), as a whole word: the end of its statement, a
# predicate or a counter after it (a single syllable, a predicate or the end alone: "답은 이번에" is "this
# time"). Where a predicate may begin inside the numeral ("백이십이다": 120 "is", or 122 and a contracted
# "is") the two readings are no one value, and the numeral is left unread.
_HANGUL_DIGITS = dict(zip("일이삼사오육칠팔구", range(1, 10), strict=True))
_HANGUL_PLACES = {"십": 10, "백": 100, "천": 1000}
_HANGUL_MYRIADS = {"만": 10**4, "억": 10**8}
_HANGUL_NUMERAL_CHARS = "일이삼사오육칠팔구십백천만억"
_MAX_HANGUL_NUMERAL = 40
_HANGUL_NUMERAL = lazy_compile(
    r"(?:(?<=답은)|(?<=답이)|(?<=답:)|(?<=답 :))(?P<lead>[ \t*_]*)"
    rf"(?P<run>[{_HANGUL_NUMERAL_CHARS}]"
    rf"(?:[{_HANGUL_NUMERAL_CHARS}]|(?<=[만억])[ \t](?=[{_HANGUL_NUMERAL_CHARS}]))"
    rf"{{0,{_MAX_HANGUL_NUMERAL}}})"
)
# what may close a numeral's statement right after it
_CLOSES_NUMERAL = lazy_compile(r"[ \t*_]*(?:[.!?,;:)\]\n]|$)")
# the copula contracted after a vowel ("122다", "122야"): a numeral ending in 이 before it reads two ways
_CONTRACTED_COPULA = ("다", "야", "였")


def hangul_numeral(text: str) -> int | None:
    """The value of a Sino-Korean numeral written in Hangul, or None when ``text`` is not one: places
    descend within each group of four digits, myriads (만, 억) descend between groups, and a place or a myriad
    with no digit before it counts one.

    >>> hangul_numeral("백이십"), hangul_numeral("이천이십사"), hangul_numeral("만 오천")
    (120, 2024, 15000)
    >>> hangul_numeral("일억"), hangul_numeral("십이억 삼천사백오십육만 칠천팔백구십팔")
    (100000000, 1234567898)
    >>> hangul_numeral("사오"), hangul_numeral("십백"), hangul_numeral("만만") is None
    (None, None, True)
    """
    total = 0
    section = 0
    digit: int | None = None
    smallest_place = 10**4  # places descend within a section
    smallest_myriad = 10**12  # and myriads between sections
    for c in text.replace(" ", "").replace("\t", ""):
        if c in _HANGUL_DIGITS:
            if digit is not None:
                return None  # "사오": two digits side by side are "four or five", no numeral
            digit = _HANGUL_DIGITS[c]
        elif c in _HANGUL_PLACES:
            place = _HANGUL_PLACES[c]
            if place >= smallest_place:
                return None
            section += (1 if digit is None else digit) * place
            smallest_place, digit = place, None
        elif c in _HANGUL_MYRIADS:
            myriad = _HANGUL_MYRIADS[c]
            section += digit or 0
            if myriad >= smallest_myriad:
                return None
            total += (section or 1) * myriad
            smallest_myriad, section, digit, smallest_place = myriad, 0, None, 10**4
        else:
            return None
    return total + section + (digit or 0) if text else None


def _hangul_value(m: re.Match[str], after_value: re.Pattern[str], predicate: re.Pattern[str]) -> str:
    """A Hangul numeral a marker puts in the value's place (:data:`_HANGUL_NUMERAL`) in digits, where one
    reading of it is a whole word; else as it stands."""
    run, text, end = m["run"], m.string, m.end()
    if end < len(text) and text[end] in _HANGUL_NUMERAL_CHARS:
        return m.group()  # longer than any numeral read
    readings: dict[int, int] = {}
    contracted = False
    for cut in range(len(run), 0, -1):
        value = hangul_numeral(run[:cut])
        if value is None:
            continue
        at = m.start("run") + cut
        rest = run[cut:]
        if rest:  # the numeral's last syllables open its predicate ("백이십이다": 120, then "이다")
            whole = predicate.match(text, at) is not None
        elif cut == 1:
            whole = predicate.match(text, at) is not None or _CLOSES_NUMERAL.match(text, at) is not None
        else:
            whole = after_value.match(text, at) is not None or _CLOSES_NUMERAL.match(text, at) is not None
            # "백이십이다": 122 and a contracted "is" as much as 120 "is"
            contracted = run.endswith("이") and text.startswith(_CONTRACTED_COPULA, at)
        if whole:
            readings[cut] = value
    if contracted or len(set(readings.values())) != 1:
        return m.group()
    cut = next(iter(readings))
    return f"{m['lead']}{readings[cut]}{run[cut:]}"


def _option_number(m: re.Match[str]) -> str:
    return f" option {m['n']}" if m["n"] else f" {m['circled']}"


def _counter(m: re.Match[str], language: VerbFinalLanguage) -> list[tuple[int, int, str]]:
    """The edit that reads the counter of ``m`` (none where it has none)."""
    if m["counter"] is None:
        return []
    return [(*m.span("counter"), language.counters[m["counter"]])]


def _predicated(
    matches: Iterator[re.Match[str]], language: VerbFinalLanguage
) -> Iterator[tuple[int, int, str]]:
    """The edits that say each value's predicate in English, around the value: what English says before it
    (``not``, ``maybe``) inserted there, what it says after it (``, but``, ``or more``) in the predicate's
    place. The value itself is left where it is, so that its span points into the caller's text."""
    for m in matches:
        english = language.predicates[m["predicate"]]
        before, _, after = english.partition("{}") if "{}" in english else (english, "", "")
        if before:
            yield m.start("value"), m.start("value"), " " + before.strip() + " "
        yield from _counter(m, language)
        # never nothing: the end of a value maps back through what replaces the words after it
        yield *m.span("predicate"), (after.rstrip() + " ") if after else " "


def _alternatives(
    matches: Iterator[re.Match[str]], language: VerbFinalLanguage
) -> Iterator[tuple[int, int, str]]:
    """The edits that read the word between two values as "or" (``42か48``: 42 or 48)."""
    for m in matches:
        yield from _counter(m, language)
        yield *m.span("alternative"), " or "


# what a statement closes on: a correction corrects only a statement made before it ("いいえ、できません。"
# opening a reply, or after a marker, "答え：いいえ", is the answer no)
_STATEMENT_CLOSED = frozenset(".!")
_LONGEST_INTERJECTION = 3


def _correction(m: re.Match[str], language: VerbFinalLanguage) -> str:
    """A word of correction (:attr:`VerbFinalLanguage.corrections`) as the English cue it is, after a
    statement; as it is elsewhere, and where a cue (no, wrong, sorry) has no punctuation after it ("아니라",
    "違うと思う" go on as other words)."""
    before = m.string[: m.start()].rstrip()
    # (past an interjection of its own: "아, 틀렸네요.", "あっ、違います")
    opened = max(before.rfind(c) for c in _STATEMENT_CLOSED)
    interjection = before[opened + 1 :].strip(" ,")
    if 0 < len(interjection) <= _LONGEST_INTERJECTION and interjection.isalpha() and before[-1] == ",":
        before = before[: opened + 1]
    if not before or before[-1] not in _STATEMENT_CLOSED:
        return m.group()
    english = language.corrections[m["word"]]
    if english.endswith(":"):  # a correction's label: the value follows it ("訂正すると、48": correction: 48)
        return english + " "
    if m["punctuation"] is None:
        return m.group()
    return english + m["punctuation"].strip() + " "


def language_of(text: str, first: int = 0) -> VerbFinalLanguage | None:
    """Japanese where ``text`` holds kana, Korean where it holds Hangul, else None.

    >>> language_of("答えは42です").code, language_of("답은 42입니다").code, language_of("答案是42")
    ('ja', 'ko', None)
    """
    if _KANA.search(text, first):
        return JAPANESE
    if _HANGUL.search(text, first):
        return KOREAN
    return None


def normalize(text: str) -> str:
    """``text`` with its Japanese or Korean read into the shared notation (see the module's docstring)."""
    rewritten = Rewritten(text)
    rewrite(rewritten)
    return rewritten.text


def rewrite(r: Rewritten, first: int | None = None) -> None:
    """:func:`normalize`, in place, keeping track of where each character came from. ``first`` is where the
    first character outside ASCII stands, when the caller has found it."""
    if first is None:
        first = first_non_ascii(r.text)
    language = language_of(r.text, first)
    if language is None:
        return
    patterns = _PATTERNS[language.code]
    # a value may stand before the first character outside ASCII ("The answer is 42です"): the text before
    # its digits is English, and no step matches there (nor changes it, so it stays where it is)
    start = first
    while start > 0 and r.text[start - 1] in _BEFORE_WORDS:
        start -= 1
    r.sub(_FULL_WIDTH_DIGIT, lambda m: _HALF_WIDTH_MARK.get(m.group()) or chr(ord(m.group()) - 0xFEE0), first)
    if language is JAPANESE:
        if "番" in r.text:
            r.sub(_OPTION_NUMBER_JA, _option_number, start)
        r.sub(_PUNCTUATION_MARK, lambda m: _PUNCTUATION[m.group()], first)
        r.sub(_FRACTION_OF, "分之", start)
        if "百" in r.text or "千" in r.text:
            r.sub(_BARE_HUNDRED, lambda m: "一" + m.group(), start)
    else:
        r.sub(_KOREAN_FRACTION, lambda m: f"{m[2]}/{m[1]}", start)
        if "답" in r.text:
            r.sub(_HANGUL_NUMERAL, lambda m: _hangul_value(m, _KOREAN_AFTER_VALUE, _KOREAN_PREDICATE), start)
        if "번" in r.text:
            r.sub(_OPTION_NUMBER, _option_number, start)
    if "," in r.text:
        r.sub(_LETTER_SET_ASIDE, _letter_set_aside, start)
    # what follows a value first (its words are the predicate's, never a phrase's), then the words before it
    if patterns.predicated.search(r.text, start) is not None:
        r.splice(_predicated(patterns.predicated.finditer(r.text, start), language))
    if patterns.alternative.search(r.text, start) is not None:
        r.splice(_alternatives(patterns.alternative.finditer(r.text, start), language))
    r.sub(patterns.counted, lambda m: language.counters[m.group().lstrip(" \t")], start)
    r.sub(patterns.correction, lambda m: _correction(m, language), start)
    r.sub(patterns.phrase, lambda m: language.phrases[m.group()], start)
    r.sub(_GLUED, " ", start)
