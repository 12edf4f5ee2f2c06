"""Chinese answers, read into the notation the readers know: numerals, fractions, percent, units, markers and
the words that decide whether a statement commits to its value.

:func:`normalize` rewrites a completion (or a gold) once, before anything is extracted: ``答案是七十二`` reads
as ``the answer is 72``, ``三分之二`` as ``2/3``, ``百分之二十五`` as ``25%``, ``1.5小时`` as ``1.5 hours``,
``答案不是5`` as ``the answer is not 5``, full-width ``７２`` as ``72``. Everything after it (markers, the
commitment rules, units with conversion, equivalence) is then the one implementation every language shares.

A numeral becomes digits only where it stands as a number: before a classifier or a unit (``十三只``), at the
end of a statement, or after ``是``/``为``/``有``. Inside a word it stays a word: ``三角形`` (triangle),
``十分`` (very), ``一共`` (in total), ``万一`` (in case) carry no value, and reading them as one would pay
``这个图形是三角形`` for the gold 3.

>>> normalize("所以答案是七十二。")
'so  the answer is 72.'
>>> normalize("答：小明还剩三分之二。")
'Answer: 小明还剩2/3.'
>>> parse_numeral("两百五十"), parse_numeral("一万零三百"), parse_numeral("三点一四"), parse_numeral("十")
(Fraction(250, 1), Fraction(10300, 1), Fraction(157, 50), Fraction(10, 1))
>>> parse_numeral("三角") is None, parse_numeral("千万") is None
(True, True)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from functools import lru_cache

from rewardkit.languages.rewrite import Rewritten
from rewardkit.languages.traditional import FINANCIAL_THREE, TABLE, TRADITIONAL
from rewardkit.lazy_regex import lazy_compile
from rewardkit.letter_sets import letter_set
from rewardkit.numbers import ordinal_suffix
from rewardkit.substrings import find_all, first_non_ascii, longest_first

DIGITS = {
    "零": 0, "〇": 0, "一": 1, "壹": 1, "二": 2, "贰": 2, "两": 2, "三": 3, "叁": 3, "四": 4, "肆": 4,
    "五": 5, "伍": 5, "六": 6, "陆": 6, "七": 7, "柒": 7, "八": 8, "捌": 8, "九": 9, "玖": 9,
}  # fmt: skip
SMALL_UNITS = {"十": 10, "拾": 10, "百": 100, "佰": 100, "千": 1000, "仟": 1000}
BIG_UNITS = {"万": 10**4, "萬": 10**4, "亿": 10**8, "億": 10**8}
_NUMERAL_CHARS = "".join([*DIGITS, *SMALL_UNITS, *BIG_UNITS])
_NUMERAL_CHARACTERS = frozenset(_NUMERAL_CHARS)
_DIGIT_CHARACTERS = frozenset(DIGITS)

# Words a numeral stands before as a count or a measure: after one of these a numeral is a number.
CLASSIFIERS = (
    "个 只 本 人 位 名 条 张 辆 块 件 支 颗 棵 头 匹 次 道 页 朵 杯 瓶 盒 箱 包 袋 双 对 份 种 组 层 台 "
    "架 间 座 粒 根 片 场 遍 圈 步 号 队 行 列 排 盆 碗 封 首 幅 把 枝 堆 批 户 家 所 门 节 课 题 元 角 "
    "毛 岁 天 年 月 日 周 星期 小时 时 分钟 分 秒 米 厘米 毫米 千米 公里 克 千克 公斤 吨 斤 升 毫升 平方 "
    "立方 度 倍 多 余 以上 以下 左右 打"
).split()
# An amount needed toward a whole, the English reader's "needs" and "to reach"
# (:func:`rewardkit.commitment.measured_against`): "他还需要3个才能达到10个" needs 3 toward 10 (the classifier
# after the amount may be gone: the rewrite reads "3个" as "3")
NEEDED = ("还需要", "还需", "还要", "还差", "需要再", "再需要", "还得", "缺", "差")
TOWARD = ("才能达到", "才能凑够", "才能凑齐", "才能集齐", "才能有", "才够", "才能到", "就能达到", "就够",
          "就能凑够", "就到", "就能到", "以达到", "来达到")  # fmt: skip
# A comparison said before its gap, the English reader's "30 yuan cheaper than" (:func:`rewardkit.commitment.
# names_gap`): "现价120元，比原价便宜了30元" states 120 and the 30 it is cheaper by, which answers nothing
# (比, the reference, then what is more or less of it; 了 or 出 may close it: "比小红多出6个")
COMPARED_BY = "比"
COMPARATIVES = (
    "便宜", "贵", "多", "少", "高", "低", "矮", "长", "短", "大", "小", "重", "轻", "快", "慢", "早", "晚",
    "远", "近", "宽", "窄", "厚", "薄", "深", "浅", "增加", "减少", "提高", "降低", "增长", "下降", "上涨",
    "下跌", "节省", "省",
)  # fmt: skip
# Measures with a conversion: the readers know the English units.
UNITS = {
    "个小时": " hours", "个钟头": " hours", "个星期": " weeks", "个礼拜": " weeks", "美元": " dollars",
    "欧元": " euros", "英镑": " GBP", "人民币": " yuan", "日元": " yen", "斤": " jin", "角": " jiao",
    "小时": " hours", "分钟": " minutes", "秒钟": " seconds", "秒": " seconds", "天": " days",
    "星期": " weeks",
    "周": " weeks", "个月": " months", "岁": " years", "千克": " kg", "公斤": " kg", "克": " g",
    "吨": " tonnes",
    "千米": " km", "公里": " km", "厘米": " cm", "毫米": " mm", "平方米": " m^2", "立方米": " m^3",
    # an area or a volume is no length: "72平方厘米" is 72 cm^2, never the gold 72厘米
    "平方厘米": " cm^2", "平方分米": " dm^2", "平方毫米": " mm^2", "平方千米": " km^2", "平方公里": " km^2",
    "立方厘米": " cm^3", "立方分米": " dm^3", "立方毫米": " mm^3",
    "公顷": " hectares", "亩": " mu",
    "米": " m",
    "毫升": " mL", "升": " L", "元": " yuan", "度": " degrees",
    # 分 after a number is a cent of a yuan (as "72 cents" is read, a bare gold ignores it); a clock's
    # minutes ("3点15分") and a fraction ("三分之一") are read before units are
    "分米": " dm", "分": " fen",
    # the units of a translated word problem (miles, pounds, gallons …) and the smaller metric ones: a
    # value in one is no value in another ("72英里" is no 72千米); 毛 is a 角, and the traditional
    # 两, 里, 寸, 尺 (no unit of the English readers) are kept apart from every other unit
    "英里": " miles", "海里": " nautical miles", "英尺": " feet", "英寸": " inches", "英亩": " acres",
    "磅": " pounds", "盎司": " ounces", "加仑": " gallons", "毫克": " mg", "纳米": " nm", "微米": " μm",
    "摄氏度": " °C", "华氏度": " °F", "毛": " jiao", "两": " liang", "里": " li", "寸": " cun", "尺": " chi",
    # the metric units as Taiwan names them (公尺 is a metre, never 3 chi; 公分 a centimetre)
    "公尺": " m", "公分": " cm", "公厘": " mm", "公克": " g", "公升": " L", "公吨": " tonnes",
}  # fmt: skip

# Phrases whose English is what the shared readers act on: markers, copulas, the commitment rules' words.
# Longest first (one alternation), so "不是" is read before "是" and "最终答案" before "答案".
PHRASES = {
    # markers
    "最终答案是": " the final answer is ", "最终答案为": " the final answer is ",
    "最终答案": " final answer",
    "最后答案是": " the final answer is ", "最后答案": " final answer", "答案应该是": " the answer is ",
    "答案应为": " the answer is ", "答案是": " the answer is ", "答案为": " the answer is ",
    "答案": " answer",
    "故选": " so the answer is ", "所以选": " so the answer is ", "因此选": " so the answer is ",
    "应选": " the answer is ", "应该是": " should be ", "应是": " should be ", "答案选": " the answer is ",
    "结果是": " the result is ", "结果为": " the result is ",
    # negation, and what names the answer after one ("不是40，而是45")
    "并不是": " is not ", "不是": " is not ", "并非": " is not ", "不等于": " is not equal to ",
    "不为": " is not ",
    "不会是": " cannot be ", "而是": " but it is ",
    # bounds
    "不少于": " at least ", "不超过": " at most ", "至少": " at least ", "最少": " at least ",
    "至多": " at most ", "最起码": " at least ", "起码": " at least ", "不低于": " at least ",
    "不多于": " at most ", "不高于": " at most ", "高于": " more than ", "低于": " less than ",
    "最多": " at most ", "超过": " more than ", "多于": " more than ", "大于": " more than ",
    "少于": " less than ",
    "小于": " less than ", "不到": " less than ", "将近": " nearly ", "接近": " nearly ",
    "几乎": " nearly ",
    "以上": " or more", "以下": " or less", "以内": " or less", "出头": " or more",
    "或更多": " or more", "或者更多": " or more", "或更少": " or less", "或者更少": " or less",
    # approximations commit (as "about 12" does)
    "大约": " about ", "大概": " about ", "约为": " is about ", "约": " about ", "差不多": " about ",
    "左右": " or so",
    # conditions, hedges, retractions
    "答案要么是": " the answer is either ", ", 要么是": ", or ", "要么是": " either ", "要么": " either ",
    "若干": " several ", "倘若": " if ", "若": " if ", ", 不是": ", not ",
    "不, ": " no, wait, ",
    "(不确定)": " (not sure)", "(不太确定)": " (not sure)", "但我不确定": " but I am not sure",
    "我不确定": " I am not sure", "不确定": " not sure ",
    # a doubt in the sentence after the answer is about it: read into its statement, as "72 (not sure)"
    ". 不过我不太确定": " (not sure)", ". 不过我不确定": " (not sure)", ". 但我不太确定": " (not sure)",
    ". 但我不确定": " (not sure)", ". 我不太确定": " (not sure)", ". 我不确定": " (not sure)",
    ". 不太确定": " (not sure)",
    "多少": " how many? ",
    "如果": " if ", "假如": " if ", "假设": " assuming ", "除非": " unless ", "只要": " as long as ",
    "或者": " or ", "还是": " or ", "或": " or ",
    # "18（或任意18的倍数）" (or any multiple of 18): a family of values offered with it
    "或任意": " or any ", "或者任意": " or any ", "或任何": " or any ", "或者任何": " or any ",
    "或所有": " or all ", "或者所有": " or all ", "可能是": " might be ", "可能": " maybe ",
    # "也许是72" is "maybe 72": "maybe is 72" would read as a statement after its hedge
    "也许是": " maybe ", "或许是": " maybe ", "也许": " maybe ", "或许": " maybe ",
    "未必是": " is not necessarily ", "未必": " not necessarily ",
    "我猜的": " I guess", "我猜": " I guess ", "不可能是": " cannot be ", "不可能": " impossible ",
    # a supposition tries a value ("设答案为72，则…": suppose the answer is 72, then …)
    "设答案为": " suppose the answer is ", "设答案是": " suppose the answer is ", "假定": " assuming ",
    # ... and so does the condition said after the answer's noun ("答案若是72，则…": if the answer is 72),
    # or a trial ("试试72：…", "我们试一下72。": try 72)
    "答案若是": " if the answer is ", "答案如果是": " if the answer is ", "答案要是": " if the answer is ",
    "试一试": " try ", "试一下": " try ", "试试": " try ",
    **{
        who + trial: f" {english} try "
        for who, english in (("我们", "let's"), ("让我们", "let's"), ("我", "let me"), ("让我", "let me"))
        for trial in ("试一试", "试一下", "试试")
    },
    # retractions said after the answer, and a check that finds another value
    "开玩笑的": " no, wait, ", "开玩笑": " no, wait, ", "好像不太对": " that doesn't seem right ",
    "好像不对": " that doesn't seem right ", "不太对": " that's not right ",
    "这不可能": " that can't be right ", "这是不可能的": ", that can't be right ",
    "检查一下, 发现是": " let me check: actually, it is ", "检查发现是": " actually, it is ",
    "检查后发现是": " actually, it is ", "验算发现是": " actually, it is ",
    # a check of the result ("检验：2 × 3 = 6 ✓", also after a comma on the answer's line): "check:",
    # which the last-number reader does not read its value from; "经检验，x = 2是原方程的解" (checked,
    # x = 2 solves the equation) states the answer after it, and is kept as it is
    "检验:": " check:", "验算:": " check:", "验证:": " verification:", "检查:": " check:",
    "代入检验:": " check:", "检验一下:": " check:", "验算一下:": " check:", "检验, ": " check: ",
    "验算, ": " check: ", "经检验": "经检验", "经验算": "经验算",
    "等一下": " Wait", "等等": " Wait", "其实": " actually ", "实际上": " actually ",
    "不对": " that's wrong ", "算错了": " I made a mistake ", "错了": " I made a mistake ",
    "这是错的": ", that's wrong ", "是错的": ", that's wrong ", "是错误的": ", that's wrong ",
    "是不对的": ", that's wrong ",
    "更正": " correction ",
    # "算了，重新算" (forget it, let me work it out again) takes the answer back ("我算了一下" is "I worked
    # it out", so 算了 alone is no retraction)
    "重新算": " let me redo this ", "重新计算": " let me redo this ", "重算": " let me redo this ",
    "重新做": " let me redo this ",
    # a check or a second thought after the answer ("答案是72。再检查一下，应该是70。",
    # "不过仔细想想，应该是70个才对", "再算一次发现应该是70"): the value it goes on to state is the answer, as
    # after "Let me check again" or "On second thought" ("再检查一下，确实是72" states the same one, and
    # confirms it)
    **dict.fromkeys(
        (
            "再检查一下", "再检查一遍", "再检查一次", "重新检查一下", "重新检查", "再核对一下", "再核对一遍",
            "再验算一下", "再验算一遍", "再验算一次", "再算一下", "再算一遍", "再算一次", "再计算一下",
            "再计算一遍", "再计算一次", "再看一下", "再看一遍",
        ),
        " let me check again ",
    ),
    **dict.fromkeys(
        ("仔细想想", "仔细想一想", "仔细一想", "再想想", "再想一想", "转念一想", "重新想想"),
        " on second thought ",
    ),
    **dict.fromkeys(("重新算一遍", "重新算一次", "重新计算一遍", "重新计算一次"), " let me redo this "),
    # the writer's own result ("小明说答案是72，但我算出来是64"): "I get", which sets it against a value
    # before it
    **dict.fromkeys(
        (
            "我算出来是", "我算出来的是", "我算出来的结果是", "我算出的是", "我算出是", "我算得", "我算的是",
            "我算出来得", "我得到的是", "我得出的是", "我得到", "我算出来",
        ),
        " I get ",
    ),
    "我的计算结果是": " my calculation gives ", "我的计算结果为": " my calculation gives ", ". 但": ". but ",
    ". 但是": ". but ",
    # ... and the value it is set against, on the book's word ("书上的答案是72", "课本上说答案是72")
    **dict.fromkeys(("书上的答案", "课本上的答案", "课本的答案", "书后的答案"), " the textbook's answer"),
    **dict.fromkeys(("书上说", "课本上说", "课本说"), " the textbook says "),
    # copulas: a sentence states its value after its last "is"
    "但是": " but ", "于是": " so ", "就是": " is ", "是否": " whether ", "总是": " always ",
    "是": " is ",
    "等于": " = ", "所以": " so ", "因此": " so ", "故": " so ",
    # the conclusions a yes or a no closes on ("综上所述，不够"): the English leads a closing word may have
    "因而": " so ", "综上所述": " in conclusion ", "综上": " in conclusion ", "总之": " in short ",
    # an approximation after a comma restates the value before it ("概率为1/6，约为0.17": …, which is about
    # 0.17), as English's ", which is about" does: the subject it leaves out is that value
    ", 约为": ", which is about ", ", 约等于": ", which is about ", ", 大约为": ", which is about ",
    ", 大约是": ", which is about ", ", 约是": ", which is about ", ", 近似为": ", which is about ",
    ", 约": ", about ", ", 大约": ", about ",
    # where a value is attained, after it ("最小值为$-\frac94$，此时$x=\frac32$": …, when x = 3/2): no
    # value of the statement's own
    ", 此时": ", when ", ", 这时": ", when ",
    # the total words left after _TOTAL_AFTER_QUANTITY ("所以一共是72": so in all it is 72); 共 alone is a
    # part of too many words (公共, 共同) to be read by itself
    "一共": " in all ", "总共": " in all ", "共计": " in total ", "合计": " in total ", "总计": " in total ",
}  # fmt: skip
# 大概 before a copula hedges ("答案大概是72": the answer is probably 72); right before a number it
# approximates ("大概72个": about 72), as 大约 does. And the other words of a guess or a condition.
PHRASES.update({
    "大概是": " is probably ", "大概为": " is probably ", "大概就是": " is probably ",
    "大概会是": " would probably be ", "估计是": " is probably ", "估计为": " is probably ",
    "我估计": " I guess ", "估计": " probably ", "恐怕是": " is probably ", "恐怕": " probably ",
    "说不定是": " maybe ", "说不定": " maybe ", "兴许是": " maybe ", "兴许": " maybe ",
    "多半是": " is probably ", "要是": " if ", "要不是": " if not for ",
    "若是": " if ", "假使": " if ", "如若": " if ",
    # the condition that says the other case ("如果算上五月，是72个；如果不算，是48个": if not, 48), and the
    # word for it ("否则是48个"): a second scenario, never the answer, as "If not, …" and "otherwise" are
    "如果不": " if not ", "如果没有": " if not ", "如果没": " if not ", "假如不": " if not ",
    "假如没有": " if not ", "要是不": " if not ", "要是没有": " if not ", "若不": " if not ",
    "若没有": " if not ", "倘若不": " if not ",
    # 否则 opens the other case's clause, after a comma as often as after a full stop: a clause of its own
    "否则": "; otherwise ", "不然": "; otherwise ", "要不然": "; otherwise ",
})  # fmt: skip
# A value set against the answer ("72不是正确答案": 72 is not the correct answer), the doubts said of a value
# ("没有把握", "不太确定": not sure), the negation that leaves it open ("不一定是72": not necessarily 72), and
# the words a correction opens with ("抱歉，应为70", "纠正一下：70", "错，应为70"): the English the rules read
PHRASES.update({
    "正确答案是": " the correct answer is ", "正确答案为": " the correct answer is ",
    "正确的答案是": " the correct answer is ", "正确答案": " the correct answer",
    "正确的答案": " the correct answer",
    "不一定是": " is not necessarily ", "不一定为": " is not necessarily ", "不一定": " not necessarily ",
    "不见得是": " is not necessarily ", "不见得": " not necessarily ",
    "不能是": " cannot be ", "不可能为": " cannot be ", "不能得到": " cannot be ",
    "不可能得到": " cannot be ",
    "(错误)": " (wrong)", "(错)": " (wrong)", "(不正确)": " (incorrect)", "不正确": " is incorrect ",
    "是不正确的": ", that's wrong ",
    "抱歉": " sorry ", "对不起": " sorry ", "不好意思": " sorry ",
    "纠正一下": " correction ", "纠正:": " correction:", "修正:": " correction:", "订正:": " correction:",
    "改正:": " correction:", "应为": " should be ",
    # corrected to ("改正为48", "更正为48"), and a sentence that opens on "should be" after a statement
    # ("答案是42。应为48。"): a correction of what it follows, as "Correction: 48" is
    "改正为": " correction: ", "更正为": " correction: ", "修正为": " correction: ",
    "订正为": " correction: ", "纠正为": " correction: ", "应改为": " correction: ",
    "应更正为": " correction: ", ". 应为": ". correction: ", ". 应该是": ". correction: ",
    # "错，" opens a correction; "不错" (not bad) and "没错" (right) do not
    "错, ": " that's wrong, ", "不错": " good ", "没错": " right ",
    ", 不过": ", but ", ", 但是": ", but ", ", 但": ", but ",
    # "选项B正确" (option B is correct), "B是正确的": a choice called correct
    "选项": " option ", "正确": " is correct ", "是正确的": " is correct ",
    # "A和C都对" (A and C are both right): a set of options called correct, as "A and C are both correct"
    **dict.fromkeys(("都对", "都正确", "都是对的", "都是正确的", "均正确", "均对"), " are both correct "),
    # "正确选项为C" (the correct option is C): the answer named as the option chosen
    "正确选项为": " the answer is ", "正确选项是": " the answer is ", "正确的选项是": " the answer is ",
    "正确的选项为": " the answer is ", "正确选项应为": " the answer is ", "正确选项应是": " the answer is ",
    # a choice not made ("不选B", "不应选B"): what the answer is not, never a 选 read as the answer's own
    "不选": " the answer is not ", "不应选": " the answer is not ", "不应该选": " the answer is not ",
    "不该选": " the answer is not ", "不能选": " the answer is not ", "不可选": " the answer is not ",
    "不要选": " the answer is not ", "不会选": " the answer is not ",
})  # fmt: skip
_ANSWER_NOUNS = {
    "答案": "the answer", "最终答案": "the final answer", "正确答案": "the correct answer",
    "正确的答案": "the correct answer",
}  # fmt: skip
for _negation in ("不是", "并不是", "并非"):
    for _answer, _english_answer in _ANSWER_NOUNS.items():
        PHRASES[_negation + _answer] = f" is not {_english_answer} "
_UNSURE = "不太确定 不能确定 不敢确定 不太肯定 不敢肯定 不是很确定 没有把握 没把握 拿不准".split()
for _unsure in _UNSURE:
    PHRASES[_unsure] = " not sure "
    PHRASES["我" + _unsure] = " I am not sure "
# the 要 of another word before 是 ("主要是" mainly is, "需要是" needs to be) opens no "if": read as before
for _head in "主需想还就不必重将快总也都":
    PHRASES.setdefault(_head + "要是", f"{_head}要 is ")

# Whose claim a statement is. A value someone else says or believes (小明说答案是72, 老师说, 题目说,
# 有同学认为, 他以为: "Bob says the answer is 72") or one the writer doubts (我不认为, 我不觉得, 我怀疑:
# "I don't think the answer is 72") asserts nothing; the writer's own belief (我认为, 我觉得, 我也认为:
# "I think the answer is 72") commits. Read as the English the doubted-marker rule reads. 以为 believes
# wrongly ("他以为是72": he thought, mistakenly, it was 72); 说/认为 followed by a colon or a comma quote
# what they report ("老师说：答案是72").
_BELIEF_VERBS = {"认为": "think", "觉得": "think", "相信": "believe"}
_WRITERS = {"我": "I", "我们": "we", "个人": "I", "本人": "I", "笔者": "I"}
_STILL = {"": "", "也": "also ", "还是": "still ", "仍然": "still ", "依然": "still ", "始终": "still ",
          "一直": "still ", "更": "rather "}  # fmt: skip
_REPORTING_VERBS = {
    "认为": " thinks ", "觉得": " thinks ", "相信": " believes ", "以为": " mistakenly thinks ",
    "声称": " claims ", "宣称": " claims ", "坚称": " claims ", "猜测": " guessed ", "猜想": " guessed ",
    "猜": " guessed ", "怀疑": " doubts ", "说": " says ", "指出": " says ", "听说": " people say ",
    "据说": " people say ", "告诉我": " told me ", "告诉我们": " told us ",
}  # fmt: skip
PHRASES.update(_REPORTING_VERBS)
for _verb in ("认为", "觉得", "说", "声称"):
    for _punctuation in (": ", ", "):
        PHRASES[_verb + _punctuation] = _REPORTING_VERBS[_verb] + "that "
for _writer, _english_writer in _WRITERS.items():
    for _still, _english_still in _STILL.items():
        for _verb, _english_verb in _BELIEF_VERBS.items():
            PHRASES[_writer + _still + _verb] = f" {_english_writer} {_english_still}{_english_verb} "
            for _not in ("不", "并不"):
                PHRASES[_writer + _still + _not + _verb] = f" {_english_writer} do not {_english_verb} "
    PHRASES[_writer + "怀疑"] = f" {_english_writer} doubt "
    PHRASES[_writer + "说"] = f" {_english_writer} say "
for _verb, _english_verb in _BELIEF_VERBS.items():
    for _not in ("不", "并不"):
        PHRASES[_not + _verb] = f" do not {_english_verb} "
PHRASES.update({"不同意": " disagree ", "我不同意": " I disagree "})
# words that hold 说 or 以为 and report nothing: 说明 (shows), 也就是说 (that is), 总的来说 (on the
# whole), 正如…所说 (as … says: the writer agrees), 可以为 (can be); kept as they were
PHRASES.update({
    "也就是说": " that is, ", "就是说": " that is, ", "换句话说": " in other words, ", "所以说": " so ",
    "如果说": " if ", "这就是说": " that is, ",
    **{word: word for word in (
        "说明 说法 小说 来说 所说 比如说 例如说 譬如说 可以说 应该说 不用说 虽说 再说 老实说 说实话 "
        "按理说 照理说 一般说 总的说 简单说 具体说 严格说 准确说 确切说 要说 话说 "
        "可以为 难以为 足以为").split()},
    # "-ly speaking" ("简单地说": simply put); "大声地说" (said loudly) still reports
    **{adverb + "地说": adverb + "地说" for adverb in "简单 具体 严格 准确 确切 一般 坦白 老实 客观".split()},
    # "他所说的答案是72" (the answer he gave is 72) reports; "正如他所说，" agrees (a comma after it)
    "所说的": " says ",
})  # fmt: skip

# 即 (that is) restates what comes before it ("答案是C，即72": C, that is, 72, where 72 may be
# another option's value); the words that only hold the character (即使, 即便: even if; 立即, 随即:
# at once; 即将: about to; 即可: then; 即时: real-time) are kept as they were
PHRASES.update({
    "即": " that is, ", "也就是": " that is, ", "亦即": " that is, ",
    **{word: word for word in "即使 即便 立即 随即 即将 即可 即时 即刻 当即 旋即 即为".split()},
})  # fmt: skip

# 可能 before a noun is the adjective "possible" ("可能的情况有72种": the possible cases number 72), no
# hedge; "可能的答案是72" offers one possible answer
PHRASES.update({"可能的": " possible ", "可能性": " possibility ", "可能的答案": " a possible answer "})

# How a value looks, not what it is: 好像, 似乎, 看起来 (it seems) hedge the statement they stand in,
# between 答案 and its copula too ("答案好像是72": the answer seems to be 72), as "The answer seems to be
# 72" does
_SEEMS = "好像 似乎 貌似 看起来 看上去 看样子 仿佛 好似".split()
for _seems in _SEEMS:
    PHRASES[_seems] = " seemingly "
    for _copula in ("是", "为", "就是", "应该是"):
        PHRASES[_seems + _copula] = " seems to be "
        PHRASES["答案" + _seems + _copula] = " the answer seems to be "
        PHRASES["最终答案" + _seems + _copula] = " the final answer seems to be "
    # "C选项看起来对，但其实是错的": an option that looks right, as "(C) might look right, but …"
    for _right in ("对", "是对的", "正确", "是正确的"):
        PHRASES[_seems + _right] = " looks right "

# An answer called wrong after it is stated ("这个答案是错的", "以上答案不对", "答案错了"): "The answer
# above is wrong", which takes it back (a new value after it corrects it)
_ANSWER_CALLED = (
    "这个答案 该答案 此答案 以上答案 以上的答案 上面的答案 上面答案 上述答案 前面的答案 这个结果 以上结果 "
    "上面的结果 答案 结果"
).split()
for _answer in _ANSWER_CALLED:
    for _wrong in ("是错的", "是错误的", "是不对的", "是不正确的", "错了", "不对", "不正确", "有误"):
        PHRASES[_answer + _wrong] = " the answer above is wrong "

# "72，而不是70" (72, rather than 70): the answer set against another value, as "rather than" reads
PHRASES.update({"而不是": " rather than ", "而非": " rather than ", "而并非": " rather than "})
# "要得到最终答案，…" (to get the final answer, …): the answer named as a goal, no marker
for _goal in ("要", "为了", "为"):
    for _get in ("得到", "求出", "求得", "算出", "找到", "得出", "确定"):
        for _answer, _english_answer in (("答案", "the answer"), ("最终答案", "the final answer")):
            PHRASES[_goal + _get + _answer] = f" to get {_english_answer} "
# the extremes a function takes ("最大值为$2\\sqrt{3}$，最小值为$-2$"): named as English names them
for _extreme, _english_extreme in (("最大值", "the maximum"), ("最小值", "the minimum")):
    PHRASES[_extreme] = f" {_english_extreme} "
    PHRASES[_extreme + "为"] = f" {_english_extreme} is "

_BOUNDS_AND_APPROXIMATIONS = ("at least", "at most", "more than", "less than", "nearly", "about")

# Words a numeral character is part of: never a value
_NUMERAL_WORDS = (
    "一共 一些 一起 一样 一定 一直 一般 一下 一切 一边 一旦 一致 一点儿 一半 一律 一再 统一 唯一 万一 "
    "十分 之一 一元二次 一元一次 二元一次 千万 万分 百分比 三角 四边 五边 六边 八边 多边 十字 百科 万物 "
    "一些 "
    # a check or a second thought said again ("再算一次", "仔细想一想"), no count of anything
    "再检查一遍 再检查一次 再核对一遍 再验算一遍 再验算一次 再算一遍 再算一次 再计算一遍 再计算一次 再看一遍 "
    "仔细想一想 仔细一想 再想一想 转念一想 重新算一遍 重新算一次 重新计算一遍 重新计算一次 "
    # 零 of a word is no zero ("60个零件", 60 parts; 零钱 change, 零食 snacks, 零售 retail); 零下 is a sign
    "零件 零部件 零钱 零花钱 零用钱 零食 零售 零头 零散 零星 零碎 零工"
).split()

_NUMERAL_WORD_SET = frozenset(_NUMERAL_WORDS)

_PUNCTUATION = {
    "。": ". ", "！": "! ", "？": "? ", "；": "; ", "，": ", ", "：": ": ", "、": ", ", "（": " (",
    "）": ") ",
    "\u3000": " ",
}  # fmt: skip
# the ideographs (CJK unified, extension A, compatibility), as the body of a character class
_IDEOGRAPHS = r"\u3400-\u9fff\uf900-\ufaff"
_CJK = lazy_compile(f"[{_IDEOGRAPHS}]")
_KANA = lazy_compile(r"[\u3040-\u30ff]")
# the parts of the day a clock reading may open with ("下午3点" is 15:00)
_PART_OF_DAY = "上午|早上|凌晨|中午|下午|晚上"
_FULL_WIDTH = lazy_compile(r"[\uff01-\uff5e]")
# A full-width comma between full-width digits, three of them after it, separates thousands ("３，５００",
# "１２，３４５，６７８"), as "3,500" does: a writer who types digits full width types their separator so too.
# Next to an ASCII digit it stays the clause comma it is in a Chinese sentence ("买了3，5个苹果": 3, 5).
FULL_WIDTH_THOUSANDS = r"(?<=[０-９])，(?=[０-９]{3}(?![０-９]))"
_FULL_WIDTH_GROUP = lazy_compile(FULL_WIDTH_THOUSANDS)

# A numeral is at most MAX_NUMERAL characters (一万亿零一千万 is 8): bounded quantifiers, and patterns that
# start only where a number starts, keep every rewrite linear in the text, whatever runs it holds
MAX_NUMERAL = 40
_NUMERAL = f"[{_NUMERAL_CHARS}]{{1,{MAX_NUMERAL}}}(?:点[{''.join(DIGITS)}]{{1,{MAX_NUMERAL}}})?"
_DIGITS = rf"\d{{1,{MAX_NUMERAL}}}(?:\.\d{{1,{MAX_NUMERAL}}})?"
_NUMBER = rf"(?:负)?(?:{_DIGITS}|{_NUMERAL})"
# "三分之二", "3分之2", "二又三分之一", "百分之二十五", "千分之五"
_UNSIGNED = rf"(?:{_DIGITS}|{_NUMERAL})"
_FRACTION = lazy_compile(
    rf"(?<![{_NUMERAL_CHARS}\d.])(?:(?P<of>{_NUMBER})的)?(?P<sign>负)?(?:(?P<whole>{_UNSIGNED})又)?(?P<den>{_UNSIGNED})分之(?P<num>{_UNSIGNED})"
)
# "72的两倍" (twice 72), "72的一半" (half of 72): the number is what the multiple is taken of, never the
# value; written as the product it is (the readers never take an operand of one for the answer)
# When the number is said right before ("这个数是十二的三倍": this number is three times twelve), the product
# is written as the value it is: the subject before the copula leaves a sentence the number readers read
# only when its value stands alone after "is"
_MULTIPLE_OF = lazy_compile(
    rf"(?:(?<![\d.{_NUMERAL_CHARS}负])(?P<base>{_DIGITS}|{_NUMERAL}))?\s*的\s*(?:(?P<half>一半)|(?P<times>{_UNSIGNED})\s*倍)"
)
# arithmetic between two numbers, said in words: "72乘以2" is 72 × 2, "72的平方" 72^2, never 72
_OPERATION_BETWEEN = lazy_compile(r"(?<=\d)\s*(?:再\s*)?(?P<op>乘以|乘|除以|加上|加|减去|减)\s*(?=\d)")
_POWER_OF = lazy_compile(
    r"(?<=\d)\s*(?:的\s*(?P<power>平方根|立方根|平方|立方|倒数)|(?P<root>开平方|开立方|开方))"
)
_OPERATORS = {
    "乘以": " × ", "乘": " × ", "除以": " ÷ ", "加上": " + ", "加": " + ", "减去": " - ", "减": " - ",
}  # fmt: skip
_POWERS = {"平方": "^2", "立方": "^3", "平方根": "^(1/2)", "立方根": "^(1/3)", "倒数": "^(-1)",
           "开方": "^(1/2)", "开平方": "^(1/2)", "开立方": "^(1/3)"}  # fmt: skip
# "负72" is -72 (the numeral reader knows 负七十二); "72和73" lists two values, as "72 and 73" does
_NEGATIVE_DIGITS = lazy_compile(r"负\s*(?=\d)")
# 为 between a noun and a value is its copula ("交点坐标为(1,2)", "概率为$\frac16$", "面积为12"), as 是
# is; not in the words it ends (因为 because, 认为 think, 以为, 作为 as, 成为 become, 设…为 let … be, 分为
# divide into …)
_COPULA_BEFORE_VALUE = lazy_compile(
    rf"(?<=[{_IDEOGRAPHS}])(?<![因认以作成称视改分变化设令记定选最较更极颇尤行])为"
    rf"(?=[ \t]*(?:\$|\\\(|[-−(\[{{]|\d|负|[{_NUMERAL_CHARS}]))"
)
# "三十五和三十六", "5和6", and between pieces of math or bracketed values: "$(0,1)$和$(2,+\infty)$" (two
# intervals listed), "(1,2)与(3,4)"
_AND_BETWEEN = lazy_compile(r"(?<=[\d$)\]])[ \t]*(?:和|与|及|以及)[ \t]*(?=[\d$(\[])")
# a count's noun, then 和 and another count: "1 苹果和3 梨" (the classifiers read before it)
_AND_AFTER_NOUN = lazy_compile(r"(?<=\d)([ \t]*[\u4e00-\u9fff]{1,4}?)[ \t]*(?:和|与|以及|及)[ \t]*(?=\d)")
# a question or a guess, said by the particle that closes the clause: "答案是72吗" (is the answer 72?),
# "是72吧" (72, I suppose?), "那么x呢" (and x?)
_QUESTION_PARTICLE = lazy_compile(r"[吗呢吧](?=[^" + _IDEOGRAPHS + r"]|$)")
_MIXED_DIGITS = lazy_compile(r"(\d)\s*又\s*(\d+\s*/\s*\d+)")  # "2又1/3"
# "三四个", "七八十", "一两个": two neighbouring digits say "three or four", never 34; after the places above
# them too: "十二三" (12 or 13), "二十五六" (25 or 26), "一百二三十" (120 or 130), "一百零二三" (102 or 103)
_NEIGHBOURS = lazy_compile(
    r"(?<![一二两三四五六七八九十百千万亿点])(?P<head>[一二两三四五六七八九十百千万]*[十百千万]零?)?"
    r"(?P<low>[一二三四五六七八])(?P<high>[二两三四五六七八九])(?P<unit>[十百千万]?)(?=[^一二三四五六七八九十百千万亿点]|$)"
)
# "三十多", "12多个", "十几": more than the number, a bound; "5～6", "5至6", "2到3": a range, two values
_MORE_THAN = lazy_compile(r"(?<=\d)\s*(?:多|余|几)(?!少)|(?<=\d)\s*个\s*多(?![少边])")
# "72块多", "72元多", "72米多", "72岁多": a measure or a classifier between the number and its 多 bounds it as
# "72个多" does ("72 yuan and some"), whatever the word: not 多 opening a word of its own ("多少", "多了2块",
# "多出", "多于", "多边形", "多项式", "多面体", "多位数", "多元", "多次", "多种"), nor the words that already
# bound it ("多", "余", "以上", …) or 打 (a verb as often as a dozen)
_MEASURES_BEFORE_MORE = longest_first(
    {*CLASSIFIERS, *UNITS} - {"多", "余", "以上", "以下", "左右", "打", "个"}
)
_MEASURE_THEN_MORE = lazy_compile(
    r"(?<=\d)[^\S\r\n]*(?P<measure>"
    + _MEASURES_BEFORE_MORE
    + r")[^\S\r\n]*多(?![少了出于边项面位元数次种样变])"
)
# a hyphen is a range only before a number with a Chinese unit or classifier ("5-6个", "3-4小时"): between
# bare numbers it is a minus ("16 - 3 = 13" in a Chinese solution's working)
_RANGE = lazy_compile(
    r"(?<![\d.])(\d(?:[\d.]{0,40}\d)?)\s*(?:(?:～|~|至|到)\s*(?=\d)|-\s*(?=\d[\d.]{0,40}\s*[\u4e00-\u9fff]))"
)
# "零下5度": below zero; "下午3点" is 15:00, "3点半" 3:30, "3点15分" 3:15; "半小时", "一个半小时"
_BELOW_ZERO = lazy_compile(r"零下\s*")
# 分 is the minute of a duration said in parts, after hours or before seconds ("2小时30分", "2分30秒"); after
# a sum in yuan (or alone) it stays the fen
_MINUTE_FEN = lazy_compile(
    r"(?P<after_hours>(?:小时|钟头)\s*\d{1,2}\s*)分(?![钟之米])|(?<=\d)(?P<space>\s*)分(?=\s*\d{1,2}(?:\.\d+)?\s*秒)"
)
_WHEN = lazy_compile(r"(?<![相应适恰正])当([^,.;!?\n。，]{1,40}?)时")
_CLOCK = lazy_compile(
    r"(?P<part>" + _PART_OF_DAY + r")?\s*(?P<h>\d{1,2})\s*点\s*"
    r"(?:(?P<half>半)|(?P<m>\d{1,2})\s*分|(?(part)(?P<bare>\d{1,2})|(?!)))?(?!\d)"
)
# "72点5" is 72.5, as "七十二点五" is; "3点15" with no 分 may be 3:15 too, so it reads both ways (never paid
# as either); "72点多" is a little over 72; "下午3点15" is a clock's (read by _CLOCK)
_DECIMAL_POINT = lazy_compile(
    r"(?<![\d.])(?<!"
    + _PART_OF_DAY
    + r")(?P<whole>\d{1,40})\s*点\s*(?:(?P<more>多)|(?P<dec>\d{1,40})(?![\d.]|\s*分))"
)
# "72来个", "72上下": about 72, the approximation "72左右" is; "近72": nearly 72 (not 最近, 附近, 接近, 将近)
_ABOUT_AFTER = lazy_compile(
    r"(?<=\d)\s*(?:上下|来\s*(?:[个只人名位本条张件次]|(?=[^" + _IDEOGRAPHS + r"]|$)))"
)
_NEARLY_BEFORE = lazy_compile(r"(?<![将接附最亲邻靠临])近\s*(?=[-\d])")
# "不下72" (no fewer than 72): a bound before its number, as "至少" is
_AT_LEAST_BEFORE = lazy_compile(r"不下于?\s*(?=[-\d])")
# "至少需要72块" (at least need 72), "最多只能买72个" (at most can only buy 72), "起码要72天": the adverb of
# a bound stands before the verb it bounds, where English puts "at least" right before the number ("need at
# least 72"); read so, or the verb between would leave the number unbounded. What may stand between: an
# adverb or two (只, 也, 还), an auxiliary (需要, 能, 可以, 得) with a verb of up to two characters after
# it, or a verb that states a quantity (有, 买, 用); then 了. A bare copula is the phrases' ("至少是72": is
# at least 72), and a superlative names no bound ("最多的一组有72人": 的 stands after it)
_BOUND_ADVERBS = {"最起码": " at least ", "起码": " at least ", "至少": " at least ", "最少": " at least ",
                  "至多": " at most ", "最多": " at most "}  # fmt: skip
_AUXILIARIES = "需要|需|要|得要|得|能够|能|可以|可|会|应该|应当|应|必须|须|该"
_QUANTITY_VERBS = (
    "有|买|卖|用|花|付|装|坐|放|走|跑|做|种|带|拿|吃|喝|读|看|写|搬|运|剩下|剩|等|达到|达|占|得到|"
    "准备|借|租|给|交|存|攒|省|赚|挣|收|获得|容纳|载|生产|制作|完成|修|挖|栽|请|住|分"
)
_BOUND_BEFORE_VERB = lazy_compile(
    rf"(?P<bound>{'|'.join(_BOUND_ADVERBS)})"
    rf"(?P<gap>[也还就才都只仅]{{0,2}}(?:(?:{_AUXILIARIES})[{_IDEOGRAPHS}]{{0,2}}?|{_QUANTITY_VERBS})[了过]?"
    r"|[也还就才都只仅]{1,2})"
    r"(?=[ \t]*[-−$¥]?[ \t]*\d)"
)
# A set said in words (as "no real solutions" and "the empty set" are read): "此方程无实数解",
# "方程没有实数根" (no real solutions), "无解" (no solution), "解集为空集" (the solution set is the empty
# set); the equation, inequality or set named before it is the sentence's subject ("there are no real
# solutions"). "无解析式", "无解释", "没有解出", "无根号" are other words.
_SET_IN_WORDS = lazy_compile(
    r"(?:(?:此|该|这个|这|原)?(?:方程组|方程|不等式组|不等式))?(?:无|没有)(?P<real>实数)?"
    r"(?:解(?![析释答决读题法出开得])|根(?![号据式源本])|(?P<real_root>实根))|(?P<set>(?:(?:解集|集合)(?:为|是))?)空集"
)
# "4天一共做60个零件" (in 4 days, 60 parts in total), "3小时共行驶180千米", "5个班一共有200人": the total word
# (一共, 共, 总共, 共计, 合计, 总计) before a verb and a value says that value is the total the statement
# gives; the quantity before it is what the total is over, no answer of its own. Read as "in 4 days the total
# 做 is 60", which the readers read for the value after its "is". Only over words that qualify nothing
# (no bound, hedge or negation between: "4天一共最多做60个" is left to the bound's reading) and a verb that
# states a quantity.
_TOTAL_WORDS = "一共|总共|共计|合计|总计|(?<!公)共"
_TOTAL_AFTER_QUANTITY = lazy_compile(
    rf"(?<![\d.第])(?P<lead>\d{{1,40}}(?:\.\d{{1,40}})?)"
    rf"(?P<over>(?:(?![不没未非无约概近至最多少余或吗呢吧要是])[{_IDEOGRAPHS}]){{1,6}}?)"
    # (or a measure's adjective: "两条路共长90千米", two roads together 90 km long)
    rf"(?:{_TOTAL_WORDS})(?P<verb>(?:{_AUXILIARIES})?(?:{_QUANTITY_VERBS}|行驶|行|加工|制造|长|宽|高|重|深|厚|远)?了?)"
    r"(?:是|为)?"
    r"(?=[ \t]*\d)"
)
# "72开外", "72挂零", "72有余" (72 and some), "72强" (a little over 72), "72弱" (a little under): bounds after
# their number (a numeral's too: 零 of 挂零 is read before numerals are); "500强企业" (the top 500 firms) is a
# name, so 强 and 弱 count only where the clause ends
_BOUND_AFTER_NUMBER = lazy_compile(
    rf"(?<=[\d{_NUMERAL_CHARS}])\s*(?:开外|挂零|有余)|(?<=\d)\s*(?:强|(?P<weak>弱))(?![" + _IDEOGRAPHS + r"])"
)
# "2的72次方" is 2^72, "72比1" the ratio 72:1, "根号72" √72: never 72
_NTH_POWER = lazy_compile(r"(?:\s*的\s*)?(\d{1,40})\s*次方(?!案)")  # not 第3次方案 (the third plan)
_RATIO = lazy_compile(r"(?<=\d)\s*比\s*(?=\d)")
_ROOT_OF = lazy_compile(r"根号\s*(?=\d)")
# "7成" and "8折" count tenths (70 %, 80 % of the price): "72成" is no 72
# in numerals as in digits ("七成", "打八折"); "7成5", "七成五" are 7.5 tenths, and "85折", "八五折" 8.5
# tenths (a discount of two digits counts hundredths: no price is 85 tenths of itself); "一成不变",
# "七折八扣" are words, and a bound after the tenths ("七成以上", "七成多") bounds them
_CHINESE_DIGITS = "".join(DIGITS)
_TENTHS = lazy_compile(
    rf"(?<![\d.{_NUMERAL_CHARS}])(?P<count>\d{{1,40}}(?:\.\d{{1,40}})?|[{_CHINESE_DIGITS}十]{{1,2}})\s*"
    rf"(?:成(?P<more>[{_CHINESE_DIGITS}]|\d(?!\d|\.\d))?|(?P<discount>折))"
    rf"(?:(?![{_IDEOGRAPHS}])|(?=以上|以下|以内|左右|上下|出头|多)"
    # a discount before the sale it prices ("商品打八折出售": sold at 80 % of the price, "八折优惠";
    # "八折价是80元" states the price)
    r"|(?<=折)(?=出售|销售|售出|售卖|卖出|出手|卖|售|优惠|促销))"
)
# before a copula 八成 is no 80 %: "答案八成是72" (most likely 72) hedges, as "多半是" does
PHRASES.update({"八成是": " is probably ", "八成会是": " would probably be "})
_AND_A_HALF = lazy_compile(
    r"(?<!\d)(\d{1,40})\s*个?半(?=\s*(?:小时|钟头|天|年|个月|月|星期|周|公斤|千克|斤|米|公里|分钟)|[^"
    + _IDEOGRAPHS
    + r"]|$)"
)
_HALF = lazy_compile(r"(?<![\d个大])半(?=\s*(?:个|小时|钟头|天|年|个月|星期|公斤|千克|斤|米|公里))")
# "一半" (a half) where it stands as a value, "答案是一半", "剩下一半" (half of a thing, "72的一半", is read
# as the product before); "多一半", "少一半", "大一半" (over or under a half) are no half
_A_HALF = lazy_compile(r"(?<![的多少大小])一半(?!儿)")
# "一刻钟" is a quarter of an hour, "三刻钟" three; "3点一刻", "三点三刻" a clock's quarters (read by
# _CLOCK_IN_NUMERALS)
_QUARTER_HOURS = lazy_compile(r"(?<![点\d])(?P<n>[一两二三四]|[1-4])\s*刻钟")
# a clock said in numerals ("三点十五分", "下午三点半", "三点一刻", "三点五分" at 3:05, "三点钟"): written
# with digits, "3点15分", for _CLOCK to read (a numeral before 点 alone is a decimal, "三点五" 3.5)
_CLOCK_IN_NUMERALS = lazy_compile(
    rf"(?<![\d.{_NUMERAL_CHARS}第])(?P<h>\d{{1,2}}|[零〇一二两三四五六七八九十]{{1,3}})\s*点\s*"
    r"(?:(?P<m>\d{1,2}|[零〇一二三四五六七八九十]{1,3})\s*分(?!之)|(?P<half>半)(?!点)|(?P<q>[一两二三])\s*刻(?!钟)|钟|整)"
)
# "以下三点十分重要" (the three points below are very important): 十分 before an adjective is "very"
_VERY = lazy_compile("重要|关键|必要|明显|清楚|简单|容易|困难|复杂|相似|有用|有趣|值得|注意|相同|接近")
# "百分之二十五" is 25 %, but "三百分之一" is 1/300: a scale word with a numeral before it is a denominator
_PERCENT = lazy_compile(rf"(?<![{_NUMERAL_CHARS}\d])(?P<scale>百|千)分之(?P<num>{_NUMBER})")
# "3万", "1.5万"; "1万5千" and "3千5百" are one number (15000, 3500), never 10000 glued to 5000; the scales
# of several characters are one ("3千万" 30 million, "3百万", "3万亿" 3 × 10^12, "2千亿"), never "3000" glued
# to a 万 left unread (the traditional 萬 and 億, and Japanese 億, are the same scales)
_DIGITS_THEN_SCALE = lazy_compile(
    r"(?<![\d.])(\d{1,40}(?:\.\d{1,40})?)\s*([十百千]?[万萬]?[亿億]|[十百千]?[万萬]|[千百])"
    r"(?P<rest>(?:\d{1,4}[万萬亿億千百十]{0,3}){1,8}+)?+(?![克米瓦分])"
)
_SCALED_PART = lazy_compile(r"(\d{1,4})([万萬亿億千百十]{0,3})")
# a lone 一 opening a word of two characters ("一共", "一些", "一定") is no numeral (_inside_word says so,
# and no measure opens on the word's second character to make it one): passed over by the pattern itself,
# as a match it cost a call and a rewrite that changed nothing, in almost every Chinese text
_WORDS_OPENED_BY_ONE = sorted(
    {
        word[1]
        for word in _NUMERAL_WORDS
        if len(word) == 2
        and word[0] == "一"
        and word[1] not in _NUMERAL_CHARACTERS
        and word[1] != "点"
        and not any(len(unit) >= 2 and unit.startswith(word[1]) for unit in (*UNITS, *CLASSIFIERS))
    }
)
_NUMERAL_RUN = lazy_compile(
    rf"负?(?!一[{''.join(_WORDS_OPENED_BY_ONE)}])[{_NUMERAL_CHARS}]++(?:点[{''.join(DIGITS)}]++)?"
)
_NUMBER_FOLLOWS = lazy_compile(
    r"\s*(?:$|[\s.,;:!?)\]}%$<*_。！？；，：、）]|[A-Za-z\\]|"
    # a word joining it to another number: "三十五或三十六" (35 or 36), "三十五到四十" (35 to 40), "三和五"
    r"(?:或者|或是|或|还是|到|至|和|与|跟)\s*(?=[0-9０-９零〇一二三四五六七八九十百千万亿两负])|"
    + "|".join(sorted({*CLASSIFIERS, *UNITS}, key=len, reverse=True))
    + ")"
)
_STATES_A_VALUE = ("是", "为", "有", "剩", "：", ":", "=", "等于", "共", "得", "需", "要", "用")
# Chinese puts a bound before its copula ("答案至少是5": the answer at least is 5): read it after the copula
for _word, _english_word in list(PHRASES.items()):
    if _english_word.strip() in _BOUNDS_AND_APPROXIMATIONS:
        for _copula in ("是", "为"):
            PHRASES.setdefault(_word + _copula, f" is {_english_word.strip()} ")


_PHRASE = lazy_compile(longest_first(PHRASES))
# a unit or classifier follows its number on the number's line: one opening the next line starts its words
# ("= 65000\n所以…", "= 12\n分析：", "= 3\n根据…")
_UNIT_AFTER_NUMBER = lazy_compile(r"(?<=[\d%)}$])[^\S\r\n]*(" + longest_first(UNITS) + ")")
# (not 打: a dozen where the dozen step reads it, the verb where it does not, "3打2")
_CLASSIFIERS_AFTER_NUMBER = "".join(c for c in CLASSIFIERS if c not in UNITS and len(c) == 1 and c != "打")
_CLASSIFIER_AFTER_NUMBER = lazy_compile(
    r"(?<=\d)[^\S\r\n]*(?:" + "|".join(map(re.escape, _CLASSIFIERS_AFTER_NUMBER)) + ")"
)
# "2打鸡蛋", "两打": 打 after a number is a dozen, read as English reads "2 dozen" (24, never 2); not the verb
# it also is after a score or a count ("3打2", "打败", "打折", "打了")
_DOZEN_AFTER_NUMBER = lazy_compile(
    r"(?<=\d)[^\S\r\n]*打(?![\d败开算扫折电球针印工车字卡死伤破碎断平赢输了过着成])"
)
_ORDINAL = lazy_compile(r"第\s*(\d+)(\s*名)?")  # "第3", "第3名" (third place)
# "第三个选项", "第3个选项": the third option, an option named by its place in the list; and after 选
# (choose), "第三项", the third item, and a list of them ("故选第一项和第三项"; elsewhere 第三项 is as often a
# sequence's third term)
_PLACE_NUMERAL = r"(?:\d{1,2}|[一二三四五六七八九十])"
_PLACE_JOIN = r"[ \t]*(?:和|与|以及|及|,|、)[ \t]*"
_OPTION_ITEM = rf"第\s*{_PLACE_NUMERAL}\s*(?:个\s*)?选项"
_CHOSEN_ITEM = rf"第\s*{_PLACE_NUMERAL}\s*(?:个\s*)?项"
_OPTION_PLACE = lazy_compile(
    rf"{_OPTION_ITEM}(?:{_PLACE_JOIN}{_OPTION_ITEM}){{0,9}}"
    rf"|(?<=选)[ \t]*{_CHOSEN_ITEM}(?:{_PLACE_JOIN}{_CHOSEN_ITEM}){{0,9}}(?![\u4e00-\u9fff])"
)
_PLACE_ITEM = lazy_compile(rf"第\s*({_PLACE_NUMERAL})\s*(?:个\s*)?选?项")
# a condition that did not happen and what would have followed: "假如他没有花钱, 他会有…" (after the
# punctuation step: its comma is ", ")
_COUNTERFACTUAL = lazy_compile(
    rf"(?P<cond>(?:假如|如果|要是|倘若|假若|假使|若是|如若)[^,.;!?\n]{{0,40}}?)(?:没有|没)"
    rf"(?P<mid>(?=[{_IDEOGRAPHS}])[^,.;!?\n]{{0,40}}?,[^,.;!?\n]{{0,40}}?)(?:就会|将会|会)"
)
# "答：…", the school answer line; and the answer key's heading, "【答案】72" (also "[答案]", "【答】",
# "【参考答案】", "【最终答案】", a heading that lost its opening bracket, "答案】72"), opening a line or a
# sentence: a marker like "答案：" (the "【解析】" after it is the working, read as any text after an answer)
_ANSWER_LINE = lazy_compile(
    r"(?m)^(?P<lead>[ \t*_]*)答\s*[:：]\s*"
    r"|(?:^|(?<=[.!?] ))(?P<heading>[ \t*_]*)"
    r"(?:[【\[〖]\s*(?:最终|参考|正确|标准)?答案?|(?:最终|参考|正确|标准)?答案)\s*[】\]〗]\s*(?:[:：]\s*)?"
)
# The answer key's analysis ("【答案】B\n【解析】…故选C。"): the key states the answer and the analysis is
# its working, so the analysis's own concluding words ("故选", "答案为", "所以选") are no marker that
# overrides the key. What they conclude is read as the working's conclusion: a letter as one called right
# too ("C is also correct"), any other value after "so" ("so 72"), so that an analysis concluding on another
# answer than its key's leaves two answers (AMBIGUOUS), and one concluding on the key's own answer confirms
# it.
_ANALYSIS_HEADING = lazy_compile(
    r"(?:[【\[〖]\s*(?:试题|详细)?(?:解析|分析|详解|详析|点评|思路|解答)\s*[】\]〗]|"
    r"(?m:^)[ \t*_]*(?:解析|分析|详解)\s*[:：])"
)
_ANSWER_BEFORE = lazy_compile(r"Answer: |答案")  # the key's heading, "【答案】" (read by then) or "答案："
_ANALYSIS_CONCLUSION = lazy_compile(
    r"(?:故|所以|因此|因而|从而|综上所述?,?[ \t]*|则)?[ \t]*"
    # (a verb of choosing only before its letter: "选项A错误" is no conclusion; nor "不选", "挑选")
    r"(?:本题)?(?:(?<![不挑候筛精评入落竞初预推当优海票])(?:应选|选择|选)[ \t]*(?::[ \t]*)?"
    r"(?=\(?[A-J]{1,10}\)?(?![A-Za-z]))"
    r"|答案(?:应该?)?[为是选][ \t]*(?::[ \t]*)?|答案[ \t]*:[ \t]*)"
    r"(?:(?P<letters>\(?[A-J]\)?(?:[ \t]*(?:,[ \t]*|和|与|及)?\(?[A-J]\)?)*)(?![A-Za-z])[ \t]*(?:项)?)?"
)
# a negated verb right before its number: "她没有卖出72个" (she did not sell 72), "没买72个", "她没有72个"
# (she does not have 72): read as the English negation before a value ("没错", right, is no negation)
# (not after the word that opens a condition: "如果没有五月的" is "if not for May's", read as a condition)
_NEGATED_VERB = lazy_compile(rf"(?<![果如若假使])没有?(?!错)(?:[{_IDEOGRAPHS}]{{1,2}})?(?=[ \t]*[-−]?\d)")
# "选B", "选择 (C)", "本题选C", "应该选择D", "选A项": the letter chosen, as exam answers state it
# (after the phrases, which read "故选", "答案选", "不选" first); not where 选 closes another word
# ("挑选", "候选", "筛选", "入选"), nor before a letter that names something else ("选A组的学生": choose
# the students of group A)
_CHOSEN_LETTER = lazy_compile(
    r"(?<![挑候筛精评入落竞初预推当优海票])(?:选择|选)[ \t]*(?::[ \t]*)?"
    r"(?=\(?[A-J]\)?(?:[A-J]{1,9})?(?:项)?(?:[\s.,;:!?*_)]|或|和|与|$))"  # "选AC": several letters
)
# "B和C", "(B)与(C)", "A以及选项D": two choice letters joined, as "B and C" names two (a letter glued to
# a word of Latin letters is none: "AB和CD")
_LETTERS_JOINED = lazy_compile(
    r"(?<![A-Za-z])(\(?[A-J]\)?)[ \t]*(?:以及|和|与|及|跟)[ \t]*(?=(?:选项)?[ \t]*\(?[A-J]\)?(?![A-Za-z]))"
)
# "A也对", "A同样正确", "70也可以": another letter or value called right too, as "A is also correct" offers a
# second answer ("A也不对" calls it wrong, and stays as it is)
_ALSO_RIGHT = lazy_compile(
    r"(?P<what>(?<![A-Za-z])\(?[A-J]\)?|(?<![\d.])\d{1,40}(?:\.\d{1,40})?)[ \t]*(?:选项|项)?[ \t]*"
    r"(?:也同样|同样也|也|同样|亦)[ \t]*(?:是)?[ \t]*"
    r"(?:正确答案|正确的|正确|对的|对|可以|成立|行|符合题意|满足题意|符合条件|满足条件)(?![\u3400-\u9fff])"
)
# A value that the statement goes on to change: "答案是72，然后还要再减去5个" (72, then subtract 5),
# "72，然后她送给朋友一半" (then she gives away half): what "72, then she gives away half" says. After a
# comma, or right after the value with a word of sequence or of what remains to do; never arithmetic between
# two numbers ("72再减5", read before as 72 - 5)
_OPERATIONS_AFTER = {
    "减去": "subtract", "减掉": "subtract", "扣除": "deduct", "扣掉": "deduct", "扣去": "deduct",
    "去掉": "remove", "拿走": "take away", "加上": "add", "乘以": "multiply by", "除以": "divide by",
    "送给": "gives away", "送出": "gives away", "送走": "gives away", "送掉": "gives away",
    "分给": "gives away", "分掉": "gives away", "捐出": "gives away", "捐给": "gives away", "卖掉": "sells",
    "卖出": "sells",
    "用掉": "uses", "用去": "uses", "花掉": "spends", "花去": "spends", "吃掉": "eats", "丢掉": "loses",
    "减半": "halve", "翻倍": "double", "翻一番": "double",
}  # fmt: skip
_BARE_OPERATIONS = {"减": "subtract", "加": "add", "乘": "multiply by", "除": "divide by"}
# a verb of the story done to the value, after a word of sequence ("然后花了一半", "又买了5个")
_STORY_VERBS = {
    "花": "spends", "用": "uses", "吃": "eats", "喝": "drinks", "卖": "sells", "送": "gives away",
    "给": "gives away", "拿": "takes", "丢": "loses", "捐": "gives away", "分": "gives away", "买": "buys",
    "借": "lends", "扣": "deducts", "取": "takes", "交": "pays", "付": "pays", "输": "loses", "赢": "wins",
}  # fmt: skip
_ACTORS = {"她": "she", "他": "he", "它": "it", "她们": "they", "他们": "they", "我们": "we", "你": "you"}
_THEN_OPERATION = lazy_compile(
    r"(?:(?P<comma>,[ \t]*)|(?<=\d)[ \t]*(?=然后|接着|随后|之后|后来|接下来|还|再|又))"
    r"(?P<then>然后|接着|随后|之后|后来|接下来)?(?P<who>她们|他们|我们|她|他|它|你)?"
    r"(?P<adverbs>(?:还要|还得|还需要|还需|还应|还|又|再|也|要|需要|得){0,3})"
    rf"(?:(?P<verb>{'|'.join(sorted(_OPERATIONS_AFTER, key=len, reverse=True))})"
    r"|(?<=再)(?P<bare>[减加乘除])(?![法数少起上号])"
    rf"|(?P<stem>[{''.join(_STORY_VERBS)}])(?:了|掉|出|走|去|给)+)"
)
# the parts of a question answered one by one: "第一问答案是72，第二问答案是48", "第(2)小题：48": "for part
# (2), …", each part a statement of its own (a comma before the next part's label ends the one before)
_PART_LABEL = lazy_compile(
    r"(?P<comma>,[ \t]*)?第[ \t]*\(?[ \t]*(?P<n>\d{1,2}|[一二三四五六七八九十])[ \t]*\)?[ \t]*"
    r"(?:小问|小题|问)(?:[ \t]*的)?(?:[ \t]*[,:][ \t]*)?"
)

# A yes or a no said as the answer itself: 是/是的/对/正确 (yes), 不是/否/不对/错 (no), and the verb of
# the question answered alone, 能/可以 (can) against 不能/不可以, 够/足够 (enough) against 不够. It is one
# only where it is the whole clause, after a marker (答案：是, 所以不够), opening the text or the reply to a
# question (是的，他能买得起。, 够吗？不够。), or opening the closing sentence; as a copula inside a
# sentence (答案是5) it stays the word it is. Written as the English word, so that the English readers
# (a sentence that opens on "yes", two polarities that say both, a hedge) judge it.
_POLARITY_WORDS = {
    **dict.fromkeys(("是的", "对的", "没错", "正确", "可以", "足够", "是", "对", "能", "够"), "yes"),
    **dict.fromkeys(("不可以", "不正确", "不是", "不对", "不能", "不够", "错误", "否", "错"), "no"),
}
# words that agree or disagree with the question: after a negated one (他不够吗？是的。) they say the opposite
# of the word, so they answer none
_AGREEMENT_WORDS = frozenset(
    ("是的", "对的", "没错", "正确", "是", "对", "不正确", "不是", "不对", "错误", "否", "错")
)
# words that open a correction as well ("不对，应为70"): a polarity only where an answer is expected
_CORRECTION_WORDS = frozenset(("不对", "错", "错误", "不正确"))
_POLARITY_CLAUSE = lazy_compile(
    r"(?P<word>" + "|".join(sorted(_POLARITY_WORDS, key=len, reverse=True)) + r")(?=[ \t*_]*(?:[.!,;}]|\n|$))"
)
# where such a word is the answer, read backwards from it: the start of the text or of a sentence (a
# question answered, the closing sentence), a marker (答案：, 答：, 答案是), a conclusion (所以, 因此), a box
_POLARITY_POSITION = lazy_compile(
    r"(?:(?P<box>\\(?:boxed|text|textbf|mathrm)\{[ \t]*)"
    r"|(?P<opening>(?:^|[\n.!?])[ \t*_>#-]*)"
    r"|(?P<marker>(?:答案|答|Answer)[ \t]*:[ \t*_]*)"
    r"|(?P<copula>答案(?:是|为)[ \t*_]*)"
    r"|(?P<so>(?:所以|因此|因而|综上所述|综上|总之|故)[ \t]*(?:,[ \t]*)?[ \t*_]*))\Z"
)
# what the rest of a text holds after the clause when the clause opens its last sentence
_REST_OF_LAST_SENTENCE = lazy_compile(r"[ \t*_]*(?:[,;](?:[^.!?\n]|\.\d)*)?[.!]*\s*$")
# a comma after the word that goes on to take it back or to begin the working ("是，也不是", "是的，但…",
# "对，我们先算…"): no answer
_GOES_ON_TO_HEDGE_OR_WORK = lazy_compile(
    r"[ \t*_]*,[ \t]*(?:也|又|但|可是|不过|然而|却|我们|让我|我来|首先|下面|先|来)"
)
# a question that negates ("他的钱不够吗?"), once its choices between a word and its negation ("够不够",
# "是不是", "有没有") are taken out
_NEGATED_QUESTION = lazy_compile(r"[不没未非别]")
_A_NOT_A = lazy_compile(r"(.)[不没]\1")


# A line that a Chinese marker opens and a number alone completes ("答案：72", "答案是 七十二。",
# "**最终答案为** 2.5"): how most models close an answer in Chinese
_ANSWER_LINE_VALUE = lazy_compile(
    r"[ \t*_#>]*(?:(?:最终|最后)?答案(?:应该是|应为|是|为)|(?:(?:最终|最后)?答案|答)[ \t]*[:：])[ \t*_]*"
    rf"(?P<value>-?\d{{1,{MAX_NUMERAL}}}(?:\.\d{{1,{MAX_NUMERAL}}})?"
    rf"|[０-９]{{1,{MAX_NUMERAL}}}|{_NUMERAL_RUN.pattern})"
    r"[ \t*_]*[。.]?[ \t*_]*"
)


def read_answer_line(line: str) -> tuple[int, int, str] | None:
    """Where the number of an answer line (:data:`_ANSWER_LINE_VALUE`) stands in ``line``, and what it says in
    the shared notation (as :func:`rewrite` reads it there), or None when ``line`` is not one.

    >>> read_answer_line("答案是 七十二。"), read_answer_line("答：７２"), read_answer_line("答案是三角形")
    ((4, 7, '72'), (2, 4, '72'), None)
    """
    span = answer_line_span(line)
    if span is None:
        return None
    value = line_value(line[span[0] : span[1]])
    return None if value is None else (span[0], span[1], value)


def answer_line_span(line: str) -> tuple[int, int] | None:
    """Where the number of an answer line stands in ``line``, whatever it says (:func:`line_value` reads
    it), or None when ``line`` is no answer line."""
    m = _ANSWER_LINE_VALUE.fullmatch(line)
    return None if m is None else m.span("value")


@lru_cache(maxsize=4096)
def line_value(value: str) -> str | None:
    """The number of an answer line (:func:`answer_line_span`) in the shared notation, or None when it is a
    word or no numeral. Remembered: a numeral is read character by character, and answers repeat.

    >>> line_value("72"), line_value("７２"), line_value("两百五十"), line_value("三四"), line_value("千万")
    ('72', '72', '250', None, None)
    """
    if value[-1].isascii():
        return value
    if _FULL_WIDTH.match(value):
        return _FULL_WIDTH.sub(_half_width, value)
    # a numeral reads as _numeral reads it at the end of a statement: digits, unless it is a word ("千万",
    # "十分": no word of _NUMERAL_WORDS holds a character the line may hold around its number, so it can only
    # be the whole run, where _inside_word looks for it) or no numeral ("三四", three or four)
    if value in _NUMERAL_WORD_SET or _NEIGHBOURS.search(value):
        return None
    return _decimal_text(value)


def has_chinese(text: str) -> bool:
    return _CJK.search(text, first_non_ascii(text)) is not None


def parse_numeral(text: str) -> Fraction | None:
    """The value of a Chinese numeral (``七十二``, ``两百五十``, ``一万零三百``, ``二〇二四``, ``三点一四``,
    ``负五``), or None when ``text`` is not one."""
    negative = text.startswith("负")
    if negative:
        text = text[1:]
    whole, point, decimals = text.partition("点")
    if not whole or (point and not decimals) or any(c not in DIGITS for c in decimals):
        return None
    if any(c not in _NUMERAL_CHARS for c in whole):
        return None
    value = _integer(whole)
    if value is None:
        return None
    result = Fraction(value)
    if decimals:
        result += Fraction(int("".join(str(DIGITS[c]) for c in decimals)), 10 ** len(decimals))
    return -result if negative else result


def _integer(text: str) -> int | None:
    if _DIGIT_CHARACTERS.issuperset(text):
        # "五", "二〇二四" (a year, digit by digit); "两" counts, it never spells a digit string
        if len(text) > 1 and "两" in text:
            return None
        return int("".join(str(DIGITS[c]) for c in text))
    above_yi = 0  # closed by 亿
    above_wan = 0  # closed by 万, within the current 亿 group
    section = 0  # below 万
    digit: int | None = None
    smallest_unit = 10**5  # small units fall within a section: 千, then 百, then 十
    unit_before_digit = 0  # the unit right before the pending digit ("两百五": 百), 0 after a 零
    previous = ""
    for c in text:
        value_of_digit = DIGITS.get(c)
        if value_of_digit is not None:
            if digit is not None:
                return None  # "五五十": two digits with no unit between
            if value_of_digit == 0:
                unit_before_digit = 0  # "一百零五": the 五 counts ones
                previous = c
                continue
            digit = value_of_digit
            unit_before_digit = SMALL_UNITS.get(previous) or BIG_UNITS.get(previous) or 0
        elif c in SMALL_UNITS:
            unit = SMALL_UNITS[c]
            if unit >= smallest_unit:
                return None  # "五十百"
            if digit is None:
                if unit != 10:
                    return None  # "百", "千万": these need their digit; only 十 stands alone ("十二")
                digit = 1
            section += digit * unit
            smallest_unit, digit, unit_before_digit = unit, None, 0
        else:
            unit = BIG_UNITS[c]
            if unit == 10**4:
                value = section + (digit or 0)
                if value == 0 or above_wan:
                    return None  # "万", "一万三万"
                above_wan = value * unit
            else:
                value = above_wan + section + (digit or 0)
                if value == 0 or above_yi:
                    return None
                above_yi, above_wan = value * unit, 0
            section, digit, smallest_unit, unit_before_digit = 0, None, 10**5, 0
        previous = c
    if digit is not None:
        # "两百五" is 250 and "三万五" 35,000: a digit right after a unit of a hundred or more counts in
        # the next unit down; "一百零五" (a 零 between) and "十五" count ones
        section += digit * (unit_before_digit // 10 if unit_before_digit >= 100 else 1)
    return above_yi + above_wan + section


def _number(text: str) -> Fraction | None:
    negative = text.startswith("负")
    body = text[1:] if negative else text
    if not body:
        return None
    if body[0].isdigit():
        try:
            value = Fraction(body)
        except ValueError:
            return None
    else:
        parsed = parse_numeral(body)
        if parsed is None:
            return None
        value = parsed
    return -value if negative else value


def _plain(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"


@lru_cache(maxsize=4096)  # a numeral is read character by character, and the same ones come back
def _decimal_text(text: str) -> str | None:
    """A numeral as digits, keeping a written decimal as a decimal (``三点一四`` → ``3.14``)."""
    if _NUMERAL_CHARACTERS.issuperset(text) and text:
        # a whole number, the common case: its integer as it is, without the Fraction that parse_numeral makes
        integer = _integer(text)
        return None if integer is None else str(integer)
    negative = text.startswith("负")
    body = text[1:] if negative else text
    if body and body[0].isdigit():
        return text.replace("负", "-")
    whole, _, decimals = body.partition("点")
    value = _number(whole) if whole else None
    if value is None or (decimals and any(c not in DIGITS for c in decimals)):
        return None
    digits = str(value.numerator) + ("." + "".join(str(DIGITS[c]) for c in decimals) if decimals else "")
    return ("-" if negative else "") + digits


def _fraction(m: re.Match[str]) -> str:
    den, num = _number(m["den"]), _number(m["num"])
    whole = _number(m["whole"]) if m["whole"] else None
    if den is None or num is None or den == 0 or (m["whole"] and whole is None):
        return m.group()
    sign = "-" if m["sign"] else ""
    value = f"{_plain(num)}/{_plain(den)}"
    value = f" {sign}{_plain(whole)} {value} " if whole is not None else f"{sign}{value}"
    if m["of"]:  # "9的三分之二": two thirds of 9, a quantity of its own, never 9 nor 2/3
        of = _decimal_text(m["of"])
        return f"{value} of {of if of is not None else m['of']}"
    return value


def _multiple_of(m: re.Match[str]) -> str:
    """``72的两倍`` as 144, ``72的一半`` as 36; a multiple of a thing named in words (``乙的三倍``) as the
    ratio ``'s 3 times``; of what is no number here (``72元的两倍``, ``3+5的两倍``) as `` × 2`` after it, the
    product the readers read (or refuse) as they find it."""
    times = Fraction(1, 2) if m["half"] else _number(m["times"])
    if times is None:
        return m.group()
    base, text = m["base"], m.string
    if base is not None:
        start, end = m.span("base")
        before = text[:start].rstrip(" \t")[-1:]
        value = _number(base)
        operand = before in _OPERATOR_CHARACTERS or before == "第"
        if value is not None and not operand and (base.isascii() or not _inside_word(text, start, end)):
            return _plain(value * times)
    elif _NOUN_BEFORE_MULTIPLE.search(text, max(0, m.start() - 12), m.start()):
        # "甲的钱数是乙的三倍" (A's money is three times B's): a multiple of a thing, no number, says the
        # ratio the question asks for, as "3 times B's" does
        return f"'s {_plain(times)}" + ("" if m["half"] else " times")
    return f"{base or ''} × {_plain(times)}"


# what may stand before a multiple's number that makes the number an operand of a larger expression
_OPERATOR_CHARACTERS = frozenset("+-−×*/÷^=加减乘除")
# a thing named in words right before a multiple ("乙的三倍", "乙的钱数的一半"): ideographs after a copula or
# where a word starts, no numeral among them ("72元的两倍", "三个苹果的两倍" take a multiple of a quantity)
_NOUN_BEFORE_MULTIPLE = lazy_compile(
    rf"(?:(?<=[是为])|(?<![{_IDEOGRAPHS}\w]))(?:(?![是为{_NUMERAL_CHARS}])[{_IDEOGRAPHS}]){{1,12}}$"
)


def _clock_in_numerals(m: re.Match[str]) -> str:
    """``三点十五分`` and ``三点一刻`` as ``3点15分``, ``三点半`` as ``3点半``, ``三点钟`` as ``3点``."""
    hour = _number(m["h"])
    minute = _number(m["m"]) if m["m"] else Fraction(15 * DIGITS[m["q"]]) if m["q"] else Fraction(0)
    if hour is None or minute is None or not 0 <= hour <= 24 or not 0 <= minute <= 59:
        return m.group()
    if m["m"] and m["m"].isdigit() and m["h"].isdigit():
        return m.group()  # "3点15分": _CLOCK's own
    if m["m"] == "十" and _VERY.match(m.string, m.end()):
        return m.group()
    if m["half"]:
        return f"{hour}点半"
    return f"{hour}点{minute}分" if m["m"] or m["q"] else f"{hour}点"


def _set_in_words(m: re.Match[str]) -> str:
    if m["set"] is not None:
        return " the empty set "  # "解集为空集": the set said, as a marker's statement reads it whole
    if m["real"] or m["real_root"]:
        return " there are no real solutions "
    return " there is no solution "


def _tenths(m: re.Match[str]) -> str:
    """``7成``, ``八折`` as 7/10 and 4/5; ``七成五`` as 3/4, ``八五折`` and ``85折`` as 17/20."""
    count, more = m["count"], m["more"]
    value = _number(count)
    if value is None:
        return m.group()
    if m["discount"] and value.denominator == 1 and 10 < value < 100:
        return _plain(value / 100)
    if more is not None:
        if value.denominator != 1 or value >= 10:
            return m.group()
        value += Fraction(DIGITS.get(more, 0) if not more.isdigit() else int(more), 10)
    return _plain(value / 10)


def _clock(m: re.Match[str]) -> str:
    hour, minute = int(m["h"]), m["m"] or m["bare"]
    if hour > 24 or (minute and int(minute) > 59):
        return m.group()
    if (m["part"] in ("下午", "晚上") and hour < 12) or (m["part"] == "中午" and hour < 6):
        hour += 12
    minutes = 30 if m["half"] else int(minute or 0)
    return f" {hour}:{minutes:02d} "


def _decimal_point(m: re.Match[str]) -> str:
    whole, decimals = m["whole"], m["dec"]
    if m["more"]:
        return f"{whole} or more "
    if len(decimals) == 2 and int(whole) <= 24 and int(decimals) <= 59:
        return f"{whole}.{decimals} or {whole}:{decimals}"  # "3点15": a decimal or a clock's reading
    return f"{whole}.{decimals}"


def _neighbours(m: re.Match[str]) -> str:
    low, high = DIGITS[m["low"]], DIGITS[m["high"]]
    if high != low + 1:
        return m.group()
    scale = SMALL_UNITS.get(m["unit"]) or BIG_UNITS.get(m["unit"]) or 1
    head = m["head"] or ""
    base = 0
    if head:
        # the places above fill only the place right above the digits' own ("十二三": the tens, then the
        # ones), or any after a 零 ("一百零二三"): "一千二三" is no numeral of two values
        place = head.rstrip("零")[-1]
        value = parse_numeral(head.rstrip("零"))
        if value is None or (
            not head.endswith("零") and (SMALL_UNITS.get(place) or BIG_UNITS[place]) != 10 * scale
        ):
            return m.group()
        base = int(value)
    return f"{base + low * scale} or {base + high * scale}"


def _percent(m: re.Match[str]) -> str:
    num = _decimal_text(m["num"])
    if num is None:
        return m.group()
    return f"{num}%" if m["scale"] == "百" else f"{num}/1000"


def _scaled(m: re.Match[str]) -> str:
    """``3万`` as 30000; ``1万5千``, ``3千5百``, ``1亿2千万``, ``1万5`` (the digit after a unit of a
    hundred or more counts in the next unit down, as in ``三万五``) as the one number they write, or as
    they are when the parts do not fall in decreasing units."""
    if not m["rest"]:
        scale = 1
        for c in m[2]:
            scale *= _UNIT_VALUES[c]
        return _plain(Fraction(m[1]) * scale)
    if "." in m[1]:
        return m.group()
    parts = [(m[1], m[2]), *_SCALED_PART.findall(m["rest"])]
    total, previous = 0, None
    for k, (digits, units) in enumerate(parts):
        number, unit = int(digits), 1
        for c in units:
            unit *= _UNIT_VALUES[c]
        if not units:
            if k != len(parts) - 1 or previous is None:
                return m.group()
            if number < 10 and previous >= 100:
                unit = previous // 10  # "1万5": 5 thousand
        if previous is not None and number * unit >= previous:
            return m.group()  # "1万20000", "5千3万": no number is written so
        total += number * unit
        previous = unit
    return str(total)


_UNIT_VALUES = {**SMALL_UNITS, **BIG_UNITS}


def _numeral(m: re.Match[str]) -> str:
    """A numeral run as digits where it stands as a number, else as it is."""
    text, (start, end), run = m.string, m.span(), m.group()
    if len(run) > MAX_NUMERAL:
        return run  # no number is written this long: a run of numeral characters is no value
    digits = _decimal_text(run)
    kilo = ""
    if digits is None and run.endswith("千") and text.startswith(_KILO_UNITS, end - 1):
        # "四十五千米" is 45 km: no numeral ends in that 千 ("四十五千" is no number), the unit 千米 opens
        # on it ("五千米", a numeral whole, stays 5000 m)
        kilo, end = "千", end - 1
        digits = _decimal_text(run[:-1])
    if digits is None:
        return run
    if text[start - 1 : start].isdigit():  # "3两" is 3 liang, "72三" no 723: glued to digits, no numeral
        return run
    if text[start - 1 : start] == "第" and text[end : end + 1] != "名":
        return run  # "第一个": an ordinal, "the first", no value ("第三名", third place, is read as 第3名)
    if run == "一" and _article_one(text, start, end):
        return run  # "一条路长45千米": "a road is 45 km long", whose value is 45 km, never 1
    single = len(run.lstrip("负")) - len(kilo) == 1
    follows = _NUMBER_FOLLOWS.match(text, end) is not None
    stated = text[max(0, start - 2) : start].endswith(_STATES_A_VALUE)
    if not follows and not (stated and not single and not _CJK.match(text, end)):
        return run
    # the word test last: it costs more than the tests above, which turn away most words ("一共是")
    return run if _inside_word(text, start, end) else digits + kilo


# 一 and a classifier of things (not a measure, a time or money: "一天", "一元" count what they
# measure) that open a noun phrase: "一条路", "一个班", "一本书". Said first in a statement that states
# another number ("一条路长45千米", "一个班有40人", "一本书72页"), the phrase is the article "a" ("a road
# is 45 km long", as in English), and the number after it is what the statement says; with no other
# number ("答：需要一条", "答：一个") it counts one
_THING_CLASSIFIERS = (
    "个 只 本 位 名 条 张 辆 块 件 支 颗 棵 头 匹 道 朵 杯 瓶 盒 箱 包 袋 双 对 份 种 组 层 台 "
    "架 间 座 粒 根 片 场 盆 碗 封 首 幅 把 枝 堆 批 户 家 所 门 节 课 题 队 行 列 排"
).split()
_NOUN_PHRASE_AFTER_ONE = lazy_compile(
    f"(?:{'|'.join(_THING_CLASSIFIERS)})(?![{_NUMERAL_CHARS}是为有共和与或也都就还又的])(?=[{_IDEOGRAPHS}])"
)
# where a statement opens: the text's start, a line, a sentence, a clause, a marker's colon or a box before it
_STATEMENT_OPENS_BEFORE = lazy_compile(r"(?:^|[.!?;:,\n。！？；：，{])[ \t*_]*$")
# a number the statement states after the phrase: digits, or a numeral that is not a lone 一 of a word
_ANOTHER_NUMBER = lazy_compile(
    f"\\d|[零〇二两三四五六七八九十百千万亿壹贰叁肆伍陆柒捌玖拾佰仟萬億]|一(?=[十百千万亿点]|{'|'.join(_THING_CLASSIFIERS)})"
)
_STATEMENT_END = lazy_compile(r"[!?;\n。！？；]|\.(?!\d)")
_LISTED = lazy_compile(r"[,，、和与及跟或加+&]|还有|以及")


def _article_one(text: str, start: int, end: int) -> bool:
    """Whether the 一 at ``start:end`` has no value of its own: after 每 ("每一个班", every class), or
    opening a statement with a classifier and a noun as the article "a", when the statement states another
    number.

    >>> _article_one("Answer: 一条路长45千米", 8, 9), _article_one("一个班有四十人", 0, 1)
    (True, True)
    >>> _article_one("每一个班", 1, 2), _article_one("一个苹果和3个梨", 0, 1)
    (True, False)
    >>> _article_one("Answer: 需要一条. ", 10, 11), _article_one("一条路. 长45千米", 0, 1)
    (False, False)
    >>> _article_one("一个是72", 0, 1)
    False
    """
    if text[start - 1 : start] == "每":
        return True
    phrase = _NOUN_PHRASE_AFTER_ONE.match(text, end)
    if phrase is None or _STATEMENT_OPENS_BEFORE.search(text, max(0, start - 12), start) is None:
        return False
    stop = _STATEMENT_END.search(text, phrase.end())
    number = _ANOTHER_NUMBER.search(text, phrase.end(), stop.start() if stop else len(text))
    # no list between them: "一个苹果和3个梨" (one apple and 3 pears) counts one apple, then pears
    return number is not None and _LISTED.search(text, phrase.end(), number.start()) is None


def _inside_word(text: str, start: int, end: int) -> bool:
    """Whether the numeral at ``start:end`` is part of a word (``三角形``, ``一共``, ``十分``). A word lying
    inside a longer numeral is not one (``万一`` in ``一万一千``), nor one whose last character begins a
    measure (``十分`` in ``五十分钟``: fifty minutes)."""
    for word in _words_sharing_a_character(text[start:end]):
        at = text.find(word, max(0, start - len(word) + 1), end + len(word) - 1)
        while 0 <= at < end:
            overlaps = at + len(word) > start
            within = start <= at and at + len(word) <= end and end - start > len(word)
            measure = at + len(word) > end and text.startswith(_MEASURES_AT_END, end)
            if overlaps and not within and not measure:
                return True
            at = text.find(word, at + 1, end + len(word) - 1)
    return False


def _words_sharing_a_character(run: str) -> tuple[str, ...]:
    """The words of _NUMERAL_WORDS that hold a character of ``run``: only those can overlap it (trying all
    forty words at each run, or caching per run — every answer's numeral is another — cost more than the rest
    of its step). In the order of _NUMERAL_WORDS.

    >>> _words_sharing_a_character("五千六百")
    ('千万', '百分比', '五边', '六边', '百科')
    """
    bits = 0
    for c in set(run):
        bits |= _WORDS_OF_CHARACTER.get(c, 0)
    return _words_of_bits(bits) if bits else ()


@lru_cache(maxsize=1024)
def _words_of_bits(bits: int) -> tuple[str, ...]:
    return tuple(word for i, word in enumerate(_NUMERAL_WORDS) if bits >> i & 1)


# per character, the words of _NUMERAL_WORDS that hold it, as bits of their index
_WORDS_OF_CHARACTER: dict[str, int] = {}
for _i, _numeral_word in enumerate(_NUMERAL_WORDS):
    for _c in set(_numeral_word):
        _WORDS_OF_CHARACTER[_c] = _WORDS_OF_CHARACTER.get(_c, 0) | 1 << _i


_KILO_UNITS = tuple(unit for unit in UNITS if unit.startswith("千"))
_MEASURES_AT_END = tuple(unit for unit in (*UNITS, *CLASSIFIERS) if len(unit) >= 2)


def _analysis_conclusion(m: re.Match[str]) -> str:
    """An answer key's analysis concluding (see _ANALYSIS_CONCLUSION); the words as they are outside one."""
    text = m.string
    heading = None
    for heading in _ANALYSIS_HEADING.finditer(text, 0, m.start()):  # noqa: B007 (the last one is wanted)
        pass
    if heading is None or _ANSWER_BEFORE.search(text, 0, heading.start()) is None:
        return m.group()
    if m["letters"]:
        # (a set of letters, "B、D", as one: "BD")
        chosen = letter_set(m["letters"]) or m["letters"].strip()
        return f" so {chosen} is also correct "
    return " so "


def normalize(text: str) -> str:
    """``text`` with its Chinese read into the shared notation (see the module's docstring)."""
    rewritten = Rewritten(text)
    rewrite(rewritten)
    return rewritten.text


def rewrite(r: Rewritten, first: int | None = None) -> None:
    """:func:`normalize`, in place, keeping track of where each character came from. ``first`` is where the
    first character outside ASCII stands, when the caller has found it."""
    if first is None:
        first = first_non_ascii(r.text)
    if _CJK.search(r.text, first) is None:  # has_chinese, from the only place a Chinese character can be
        if _FULL_WIDTH.search(r.text, first):
            r.sub(_FULL_WIDTH, _half_width, first)
        return
    start = _rewrite_start(r.text, first)
    # One look at the characters says which steps can match: every step's matches hold one of its trigger
    # characters, and a rewrite only ever takes characters outside ASCII away (what it writes is ASCII, or
    # the text's own characters moved), so a step none of whose triggers the text holds now never matches.
    # Most texts need three or four of the twenty steps; trying each cost more than its own work.
    characters = set(r.text[first:])
    if not TRADITIONAL.isdisjoint(characters) and _KANA.search(r.text, first) is None:
        # traditional characters, read as the simplified ones every step knows (a Japanese text's are its
        # own words: its reader has read what it knows of them)
        r.sub(FINANCIAL_THREE, "叁", start)
        r.translate(TABLE)
        characters = set(r.text[first:])
    can_match = _steps_that_can_match(characters) | _RANGE_BIT
    while can_match:
        bit = (can_match & -can_match).bit_length() - 1  # the steps in order, only those that can match
        can_match ^= 1 << bit
        _, pattern, replacement = _STEPS[bit]
        if pattern is _RANGE:  # the one step that also matches ASCII ("3~5"): over the whole text
            if not _holds_a_range_separator(r.text, start):
                continue  # no separator, no match: most texts, found for less than the search costs
            before = r.text
            # from where the steps before it could rewrite: the text before it is as it was, so the first
            # character outside ASCII is still no earlier (a hyphen before it is tried, and fails, for
            # nothing)
            r.apply(_range_matches(r.text, start), replacement)
            if r.text is not before:
                start = _rewrite_start(r.text)
        else:
            r.sub(pattern, replacement, start)


def _steps_that_can_match(characters: set[str]) -> int:
    """The steps (but _RANGE) one of whose trigger characters a text holds (``characters``, its set), as bits
    of their index."""
    steps = 0
    for c in characters:
        steps |= _STEPS_OF_CHARACTER.get(c, 0)
    return steps


# Every match of every step but _RANGE holds a character outside ASCII, with at most these before it:
# digits, a decimal point, ", ", the emphasis or spaces of a line's start ("3.5小时", " 答：", ", 不是") and
# a choice letter in its parentheses ("(B)不是 A") and the bracket of an answer key's heading ("[答案]").
_BEFORE_CHINESE = frozenset("0123456789.,*_()[ \t\n\r\x0b\x0c\x1c\x1d\x1e\x1fABCDEFGHIJKLMNOPQRSTUVWXYZ")


_RANGE_SEPARATORS = "～~至到-"  # the hyphen last: _range_matches finds it apart


def _holds_a_range_separator(text: str, chinese_start: int = 0) -> bool:
    """Whether :func:`_range_matches` finds a separator to try in ``text``: without one it yields nothing."""
    return (
        _RANGE_SEPARATOR_BUT_HYPHEN.search(text) is not None or text.find("-", max(0, chinese_start - 1)) >= 0
    )


# one scan of the text for any of them (a test per separator scanned it four times)
_RANGE_SEPARATOR_BUT_HYPHEN = lazy_compile(f"[{_RANGE_SEPARATORS[:-1]}]")


def _range_matches(text: str, chinese_start: int = 0) -> Iterator[re.Match[str]]:
    """The matches of ``_RANGE.finditer(text)``, tried only where one can start: at the number before each
    separator (a match is that whole number, spaces, the separator). The range step reads the whole text,
    and its pattern tried at every position cost as much as the other steps together. A hyphen is a range
    sign only before a number and a Chinese character, so only one at or past ``chinese_start - 1`` (where
    :func:`_rewrite_start` says a rewrite can start) can be one: only digits, points and spaces stand between
    it and the first character outside ASCII.

    >>> [m.group() for m in _range_matches("16 - 3 = 13, 5至6个, 1.5~2, 3--4, x-1, 5-6个")]
    ['5至', '1.5~', '5-']
    """
    end = 0
    hyphens = find_all(text, "-", max(0, chinese_start - 1))
    separators = [i for separator in _RANGE_SEPARATORS[:-1] for i in find_all(text, separator)]
    for at in sorted([*separators, *hyphens]):
        number_end = at
        while number_end > 0 and text[number_end - 1].isspace():
            number_end -= 1
        number_start = number_end
        while number_start > 0 and (text[number_start - 1].isdecimal() or text[number_start - 1] == "."):
            number_start -= 1  # _RANGE's number starts where no digit or point precedes it
        if number_start < end or number_start == number_end:
            continue
        m = _RANGE.match(text, number_start)
        if m is not None:
            end = m.end()
            yield m


def _rewrite_start(text: str, first: int | None = None) -> int:
    """Where the first match of a step (but _RANGE) can start: before the first character outside ASCII
    (``first``, when known), past what may stand before it. So a completion reasoned in English that closes in
    Chinese is rewritten from its Chinese on (the steps' scans of the English before it cost four times the
    rest of grading).

    >>> _rewrite_start("She has 3 + 4 = 7 apples.\\n所以一共是7。"), _rewrite_start("So 7 \\n 3.5小时")
    (24, 2)
    """
    start = first_non_ascii(text) if first is None else first
    while start > 0 and text[start - 1] in _BEFORE_CHINESE:
        start -= 1
    return start


def _group(i: int, before: str = "", after: str = "") -> Callable[[re.Match[str]], str]:
    return lambda m: before + m[i] + after


# An option or a value set aside beside the one chosen: "故选C，不选B", "选C而不选B" (C, not B),
# "应选C，B不对" (C, B is wrong: C, not B), "72（不是73）", "72（并非73）" (72, not 73). Each names what the
# answer is not after what it is, as "C, not B" and "72 (not 73)" do, and takes nothing back. Only before
# the letter or the number it sets aside: "72（不是很确定）" doubts, "不选B，选C" and "(不是最终答案)" are
# read as ever
_SET_ASIDE = lazy_compile(
    r"(?P<comma>,)[ \t]*(?:而|并)?不(?:应该?|该)?选(?:择)?[ \t]*(?=\(?[A-J]\)?(?![A-Za-z]))"
    r"|(?P<rather>而)不选(?:择)?[ \t]*(?=\(?[A-J]\)?(?![A-Za-z]))"
    r"|(?P<paren>\()[ \t]*(?:并不是|不是|并非|而不是)[ \t]*(?=[-−]?\d|\(?[A-J]\)?[ \t]*\))"
    r"|(?<=[A-J])(?P<chosen>\)?[*_ \t]*,)[ \t]*(?P<letter>\(?[A-J]\)?)[ \t]*(?:选项|项)?[ \t]*"
    r"(?:是)?(?:不对|错误|错|不正确)(?:的)?(?=[ \t*_]*(?:[.,;!?)\n]|$))"
)


def _set_aside(m: re.Match[str]) -> str:
    """:data:`_SET_ASIDE` as the English that sets the letter or value aside, where it is another than the one
    chosen right before it ("选A，不选A", "72（不是72）" say the answer and its negation: left as they
    are)."""
    text = m.string
    chosen = _ITEM_BEFORE.search(text, max(0, m.start() - 40), m.start())
    aside = _ITEM_AFTER.match(text, m.start("letter") if m["letter"] else m.end())
    if chosen is None or aside is None or _same_item(chosen["item"] or chosen["number"], aside["item"]):
        return m.group()
    if m["rather"]:
        return " rather than "
    if m["paren"]:
        return "(not "
    if m["letter"]:
        return f"{m['chosen']} not {m['letter']}"
    return ", not "


# the letter or the number chosen right before a set-aside, and the one set aside
# (a number's unit between: "72元（不是73元）")
_ITEM_BEFORE = lazy_compile(
    r"(?<![A-Za-z\d.])\(?(?:(?P<item>[A-J])\)?|(?P<number>[-−]?\d+(?:\.\d+)?)(?:[ \t]*[A-Za-z]{1,12})?)"
    r"[*_ \t]*$"
)
_ITEM_AFTER = lazy_compile(r"\(?(?P<item>[A-J]|[-−]?\d+(?:\.\d+)?)")


def _same_item(chosen: str, aside: str) -> bool:
    if chosen[-1].isdigit() and aside[-1].isdigit():
        return float(chosen.replace("−", "-")) == float(aside.replace("−", "-"))
    return chosen == aside


# a choice letter that opens a line glued to "不是" ("B不是 A") is the answer set against another: "B, not A",
# as "B，不是A" reads; inside a sentence ("集合A不是B的子集", set A is not a subset of B) it is a subject
_LETTER_NOT = lazy_compile(r"^([ \t*_]*\(?[A-Z]\)?)[ \t]*(?=不是)", re.MULTILINE)
_PUNCTUATION_MARK = lazy_compile("[" + "".join(_PUNCTUATION) + "]")
_FULL_WIDTH_CHARACTERS = "".join(map(chr, range(0xFF01, 0xFF5F)))


def _ascii_mark(m: re.Match[str]) -> str:
    """A full-width mark as its ASCII one; the space that stands for its width only where more of the line
    follows (``72。`` closing a text is ``72.``: a space after the last full stop is one more character every
    reader after the rewrite steps over, on the path of every Chinese closing sentence).

    >>> from rewardkit.languages import normalize
    >>> normalize("是72。"), normalize("72。\\n答：72"), normalize("72。所以")
    ('is 72.', '72.\\nAnswer: 72', '72.  so ')
    """
    mark = _PUNCTUATION[m.group()]
    end = m.end()
    if mark == ", " and _FULL_WIDTH_GROUP.match(m.string, m.start()):
        return ","  # "３，５００": a full-width comma between full-width digit groups separates thousands
    if mark[-1] == " " and (end == len(m.string) or m.string[end] in " \t\r\n"):
        return mark[:-1]
    if m.group() == "）" and end < len(m.string) and m.string[end] in _MARKS_AFTER_A_PARENTHESIS:
        # "72（不是73）。": "72 (not 73).", the stop glued to the parenthesis it closes the sentence after (a
        # space between would stand inside the answer's span, and its end map before the parenthesis)
        return ")"
    return mark


_MARKS_AFTER_A_PARENTHESIS = frozenset("。，；：！？、")


def _first_non_ascii_of(phrase: str) -> str:
    return next(c for c in phrase if not c.isascii())


# (triggers, pattern, replacement): a step matches only in a text that holds one of its triggers after its
# first character outside ASCII (the triggers are none of them ASCII, but _RANGE's)
_STEPS: list[tuple[str, re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    ("".join(_PUNCTUATION), _PUNCTUATION_MARK, lambda m: _ascii_mark(m)),
    (_FULL_WIDTH_CHARACTERS, _FULL_WIDTH, lambda m: _half_width(m)),
    ("答", _ANSWER_LINE, lambda m: (m["lead"] or m["heading"] or "") + "Answer: "),
    ("选答", _ANALYSIS_CONCLUSION, _analysis_conclusion),
    ("没", _COUNTERFACTUAL, lambda m: _counterfactual(m)),
    ("零", _BELOW_ZERO, lambda m: "-"),
    (_NUMERAL_CHARS, _NEIGHBOURS, lambda m: _neighbours(m)),
    ("之", _PERCENT, lambda m: _percent(m)),
    ("之", _FRACTION, lambda m: _fraction(m)),
    ("的开", _POWER_OF, lambda m: _POWERS[m["power"] or m["root"]]),
    ("的", _MULTIPLE_OF, lambda m: _multiple_of(m)),
    ("乘除加减", _OPERATION_BETWEEN, lambda m: _OPERATORS[m["op"]]),
    ("负", _NEGATIVE_DIGITS, lambda m: "-"),
    ("万萬亿億千百", _DIGITS_THEN_SCALE, lambda m: _scaled(m)),
    ("开挂有强弱", _BOUND_AFTER_NUMBER, lambda m: _bound_after(m, " or less" if m["weak"] else " or more")),
    ("点", _CLOCK_IN_NUMERALS, lambda m: _clock_in_numerals(m)),
    ("刻", _QUARTER_HOURS, lambda m: f" {15 * (DIGITS.get(m['n']) or int(m['n']))} minutes"),
    (_NUMERAL_CHARS, _NUMERAL_RUN, lambda m: _numeral(m)),
    ("无没空", _SET_IN_WORDS, lambda m: _set_in_words(m)),
    ("共计", _TOTAL_AFTER_QUANTITY, lambda m: f"in {m['lead']}{m['over']} the total {m['verb']} is "),
    # after the numerals are digits: "三十五和三十六" lists two values, as "35和36" does
    ("和与及", _AND_BETWEEN, lambda m: " and "),
    # "1个苹果和3个梨": two counts each with its noun, joined as "1 apple and 3 pears" is
    ("和与及", _AND_AFTER_NOUN, _group(1, after=" and ")),
    # "B和C": "B and C" (以 of 以及 is no trigger: 及 is one, and 以 opens the commonest words, 所以, 可以)
    ("和与及跟", _LETTERS_JOINED, _group(1, after=" and ")),
    ("没", _NEGATED_VERB, lambda m: " did not get "),
    ("又", _MIXED_DIGITS, lambda m: f"{m[1]} {m[2]}"),
    ("点", _DECIMAL_POINT, lambda m: _decimal_point(m)),
    ("点", _CLOCK, lambda m: _clock(m)),
    ("上来", _ABOUT_AFTER, lambda m: _bound_after(m, " or so")),
    ("近", _NEARLY_BEFORE, lambda m: " nearly "),
    ("不", _AT_LEAST_BEFORE, lambda m: " at least "),
    ("至最起", _BOUND_BEFORE_VERB, lambda m: f" {m['gap']}{_BOUND_ADVERBS[m['bound']]}"),
    ("次", _NTH_POWER, _group(1, "^")),
    ("比", _RATIO, lambda m: ":"),
    ("根", _ROOT_OF, lambda m: "√"),
    ("成折", _TENTHS, lambda m: _tenths(m)),
    ("当", _WHEN, _group(1, " when ", " ")),  # "当x=3时，…": a condition opens the statement
    ("半", _AND_A_HALF, _group(1, after=".5")),
    ("半", _A_HALF, lambda m: "1/2"),
    ("半", _HALF, lambda m: "0.5"),
    ("多余几", _MORE_THAN, lambda m: " or more "),
    ("多", _MEASURE_THEN_MORE, lambda m: f" or more {m['measure']}"),
    ("～~至到-", _RANGE, _group(1, after=" or ")),
    ("第", _OPTION_PLACE, lambda m: _option_place(m)),  # "第三个选项": "the 3rd option"
    ("第", _PART_LABEL, lambda m: _part_label(m)),  # "第一问", "第(2)小题": "for part (2), "
    # "第3名": "3rd", an ordinal as in English
    ("第", _ORDINAL, lambda m: f" {m[1]}{ordinal_suffix(int(m[1]))} "),
    ("分", _MINUTE_FEN, lambda m: (m["after_hours"] or m["space"] or "") + "分钟"),
    ("打", _DOZEN_AFTER_NUMBER, lambda m: " dozen "),
    ("".join(unit[0] for unit in UNITS), _UNIT_AFTER_NUMBER, lambda m: UNITS[m[1]]),
    (_CLASSIFIERS_AFTER_NUMBER, _CLASSIFIER_AFTER_NUMBER, lambda m: " "),
    ("也同亦", _ALSO_RIGHT, lambda m: f"{m['what']} is also correct"),  # "A也对": "A is also correct"
    ("减扣去拿加乘除送分捐卖用花吃丢翻喝给买借取交付输赢", _THEN_OPERATION, lambda m: _then_operation(m)),
    ("不错非", _SET_ASIDE, _set_aside),  # "选C，不选B", "72（不是73）": "C, not B", "72 (not 73)"
    ("不", _LETTER_NOT, _group(1, after=", ")),  # "B不是 A": "B, not A"
    ("吗呢吧", _QUESTION_PARTICLE, lambda m: "?"),
    ("".join({word[0] for word in _POLARITY_WORDS}), _POLARITY_CLAUSE, lambda m: _polarity_clause(m)),
    ("".join(_first_non_ascii_of(phrase) for phrase in PHRASES), _PHRASE, lambda m: _english(m)),
    ("为", _COPULA_BEFORE_VALUE, lambda m: _copula_before_value(m)),  # after the phrases ("约为", "答案为")
    ("选", _CHOSEN_LETTER, lambda m: _english_at(m, " the answer is ")),
]
_RANGE_BIT = 1 << next(bit for bit, step in enumerate(_STEPS) if step[1] is _RANGE)
_STEPS_OF_CHARACTER: dict[str, int] = {}
for _bit, (_triggers, _pattern, _) in enumerate(_STEPS):
    if _pattern is not _RANGE:
        for _c in _triggers:
            _STEPS_OF_CHARACTER[_c] = _STEPS_OF_CHARACTER.get(_c, 0) | 1 << _bit


def _option_place(m: re.Match[str]) -> str:
    """ "第三个选项": " the 3rd option "; "选第一项和第三项": " the 1st option and the 3rd option "."""
    places = [_place_number(item[1]) for item in _PLACE_ITEM.finditer(m.group())]
    return " " + " and ".join(f"the {n}{ordinal_suffix(n)} option" for n in places) + " "


def _place_number(numeral: str) -> int:
    return 10 if numeral == "十" else DIGITS.get(numeral) or int(numeral)


def _copula_before_value(m: re.Match[str]) -> str:
    """为 as "is", but in a clause that supposes (设长为3: let the length be 3, 令x为2, 若…为): a value tried,
    no statement, left as it is."""
    text, at = m.string, m.start()
    clause = text[max(text.rfind(c, 0, at) for c in ",.;!?\n") + 1 : at]
    return m.group() if any(word in clause for word in _SUPPOSING) else " is "


_SUPPOSING = ("设", "令", "若", "如果", "假如", "假定", "要是", "suppose", "if ", "assuming")


def _polarity_clause(m: re.Match[str]) -> str:
    """A polarity clause (:data:`_POLARITY_CLAUSE`) as the English word it says, where it is the answer; the
    text as it is where it is not (a copula, a correction, a hedge or the working after it, a reply to a
    negated question).

    >>> normalize("答案：是"), normalize("不够。"), normalize("他能买得起吗？能。")
    ('answer: yes', 'no.', '他能买得起?? yes.')
    >>> normalize("答案是5"), normalize("是，也不是。"), normalize("他不够吗？是的。")
    ('the answer is 5', 'is , 也 is not .', '他不够??  is 的.')
    """
    word, text, kept = m["word"], m.string, m.group()
    at = _POLARITY_POSITION.search(text, max(0, m.start() - 12), m.start())
    if at is None:
        return kept  # inside a sentence: "他能买", "答案是5"
    after = text[m.end() :]
    if at["box"] is not None:
        # "\\boxed{是}": the box's whole content, or none of it ("\\boxed{是5}" is not matched at all)
        return _POLARITY_WORDS[word] if after.lstrip(" \t").startswith("}") else kept
    if after.lstrip(" \t*_").startswith("}"):
        return kept  # the end of a group this is not the start of
    if at["copula"] is not None and word in _AGREEMENT_WORDS:
        return kept  # "答案是对的" calls an answer right, "答案是否…" asks whether: no polarity of its own
    # the text's first words, or the reply to a question it asks
    replying = at["opening"] is not None and (
        (at.start() == 0 and not at.group().startswith("\n")) or "?" in at.group()
    )
    if at["opening"] is not None and not replying and not _REST_OF_LAST_SENTENCE.match(after):
        return kept  # a sentence of the working, not the closing one, nor a reply to a question
    if word in _CORRECTION_WORDS and at["so"] is not None:
        return kept
    if word in _CORRECTION_WORDS and at["opening"] is not None and not replying:
        # "答案是20。错。", "……是20。不对。": after a statement it takes that statement back, as "Wrong." does
        return "wrong" if word in ("错", "错误") else kept
    if _GOES_ON_TO_HEDGE_OR_WORK.match(after):
        return kept
    question_end = text.rfind("?", 0, m.start())
    if word in _AGREEMENT_WORDS and question_end >= 0:
        question_start = max(text.rfind(stop, 0, question_end) for stop in ".!\n")
        question = _A_NOT_A.sub("", text[question_start + 1 : question_end])
        if _NEGATED_QUESTION.search(question):
            return kept
    return _POLARITY_WORDS[word]


def _then_operation(m: re.Match[str]) -> str:
    """:data:`_THEN_OPERATION` as the English "…, then (she) subtracts": the value is changed after it."""
    if m["stem"]:
        if not (m["then"] or m["adverbs"]):
            return m.group()  # ", 用了…", ", 分给…": no word says the story goes on past the value
        verb = _STORY_VERBS[m["stem"]]
    else:
        verb = _OPERATIONS_AFTER[m["verb"]] if m["verb"] else _BARE_OPERATIONS[m["bare"]]
    who = _ACTORS[m["who"]] + " " if m["who"] else ""
    return f", then {who}{verb} "


def _part_label(m: re.Match[str]) -> str:
    """:data:`_PART_LABEL` as "for part (2), ", a statement of its own after the part before it."""
    n = m["n"] if m["n"].isdigit() else _decimal_text(m["n"])
    return _english_at(m, ("; " if m["comma"] else " ") + f"for part ({n}), ")


def _counterfactual(m: re.Match[str]) -> str:
    """``假如他没有花钱，他会有72元`` reads "if he had not spent any, he would have 72 yuan": 没 in a
    condition whose main clause says 会 is the counterfactual past (``如果他再买3个，他会有10个`` stays a
    plain "if")."""
    return f"{m['cond']} had not {m['mid']} would "


def _half_width(m: re.Match[str]) -> str:
    return chr(ord(m.group()) - 0xFEE0)


def _bound_after(m: re.Match[str], english: str) -> str:
    """A bound said after its number (``72以上``, ``72左右``) stays a word of its own before a noun:
    "72以上的数" reads "72 or more 的数", as "72 or more of them" does."""
    if english.endswith(_BOUNDS_AFTER) and _CJK.match(m.string, m.end()):
        return english + " "
    return english


_BOUNDS_AFTER = ("or more", "or less", "or so")


def _english(m: re.Match[str]) -> str:
    """A phrase's English (:func:`_bound_after`, :func:`_english_at`, written out: the step calls it for every
    word of a Chinese text, and the two calls cost a third of it)."""
    english = PHRASES[m.group()]
    text, at = m.string, m.start()
    if english.endswith(_BOUNDS_AFTER) and _CJK.match(text, m.end()):
        english += " "
    return english.lstrip(" ") if at == 0 or text[at - 1] == "\n" else english


def _english_at(m: re.Match[str], english: str) -> str:
    # no space opens a line: a line's first word is what "If …, the answer is" rules look for
    at = m.start()
    return english.lstrip(" ") if at == 0 or m.string[at - 1] == "\n" else english
