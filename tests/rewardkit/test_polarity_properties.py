"""Property tests for yes/no answers: a closing polarity word, a verdict on the statement asked about and a
Chinese yes or no are judged by the polarity they state, whatever opens or closes them, and a hedge, a double
negation or a numeric gold never pays.

Golds of one polarity: ``yes``, ``true``, ``True``, ``correct`` say yes; ``no``, ``false``, ``False``,
``incorrect`` say no (each answers any of its own side).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rewardkit import Verdict, grade

YES_GOLDS = ("yes", "Yes", "true", "True", "correct")
NO_GOLDS = ("no", "No", "false", "False", "incorrect")
# what may open the closing sentence without hedging it
OPENERS = ("", "So, ", "So ", "Therefore: ", "Thus, ", "Hence ", "In conclusion, ", "I think ", "I believe ",
           "I'd say ", "I would say ", "Overall, ")  # fmt: skip
YES_WORDS = ("yes", "Yes", "YES", "yeah", "yep", "true", "True")
NO_WORDS = ("no", "No", "NO", "nope", "false", "False")
ENDINGS = ("", ".", "!", ".\n", " .")
WORKING = ("", "She has 20 dollars and the toy costs 15 dollars.\n", "Let me check: 3 + 4 = 7.\n\n")
HEDGES = ("Maybe ", "Perhaps ", "Probably ", "I guess ", "I suppose ", "I suspect ", "Possibly ")
SUBJECTS = (
    "The statement",
    "the statement",
    "The claim",
    "This claim",
    "The given statement",
    "The assertion",
)
VERDICTS = {"true": True, "correct": True, "false": False, "incorrect": False}


def _gold(said: bool, draw_gold: str, same: bool) -> str:
    golds = YES_GOLDS if said == same else NO_GOLDS
    return golds[hash(draw_gold) % len(golds)]


@settings(max_examples=200, deadline=None)
@given(
    working=st.sampled_from(WORKING),
    opener=st.sampled_from(OPENERS),
    said=st.booleans(),
    word_at=st.integers(0, 10),
    ending=st.sampled_from(ENDINGS),
    gold_at=st.sampled_from(YES_GOLDS + NO_GOLDS),
    same=st.booleans(),
)
def test_closing_word_decides(
    working: str, opener: str, said: bool, word_at: int, ending: str, gold_at: str, same: bool
) -> None:
    """A closing polarity word after a light opener: CORRECT against a gold of its polarity, WRONG against
    the other."""
    words = YES_WORDS if said else NO_WORDS
    completion = f"{working}{opener}{words[word_at % len(words)]}{ending}"
    r = grade(completion, gold=_gold(said, gold_at, same))
    assert r.verdict is (Verdict.CORRECT if same else Verdict.WRONG), (completion, r)


@settings(max_examples=150, deadline=None)
@given(
    working=st.sampled_from(WORKING),
    hedge=st.sampled_from(HEDGES),
    said=st.booleans(),
    ending=st.sampled_from(ENDINGS),
    gold=st.sampled_from(YES_GOLDS + NO_GOLDS),
)
def test_hedged_word_never_pays(working: str, hedge: str, said: bool, ending: str, gold: str) -> None:
    """A hedge before the closing word: never CORRECT, whatever the gold."""
    completion = f"{working}{hedge}{'yes' if said else 'no'}{ending}"
    assert grade(completion, gold=gold).verdict is not Verdict.CORRECT, completion


@settings(max_examples=200, deadline=None)
@given(
    working=st.sampled_from(WORKING),
    lead=st.sampled_from(("", "So ", "Therefore, ", "Thus ", "Answer: ")),
    subject=st.sampled_from(SUBJECTS),
    negated=st.sampled_from(("", " not", "n't")),
    verdict=st.sampled_from(tuple(VERDICTS)),
    ending=st.sampled_from(ENDINGS),
    gold_at=st.sampled_from(YES_GOLDS + NO_GOLDS),
    same=st.booleans(),
)
def test_statement_verdict_decides(
    working: str, lead: str, subject: str, negated: str, verdict: str, ending: str, gold_at: str, same: bool
) -> None:
    """A verdict on the statement ("The statement is not true"): it follows the word, turned by a "not"; a
    "not" before a word that says no (a double negation) never pays."""
    completion = f"{working}{lead}{subject} is{negated} {verdict}{ending}"
    _decides_as_said(completion, VERDICTS[verdict], bool(negated), gold_at, same)


@settings(max_examples=100, deadline=None)
@given(
    subject=st.sampled_from(SUBJECTS),
    hedge=st.sampled_from(("probably ", "possibly ", "likely ", "perhaps ")),
    verdict=st.sampled_from(tuple(VERDICTS)),
    gold=st.sampled_from(YES_GOLDS + NO_GOLDS),
)
def test_hedged_verdict_never_pays(subject: str, hedge: str, verdict: str, gold: str) -> None:
    """A hedged verdict ("The statement is probably true"): never CORRECT."""
    completion = f"{subject} is {hedge}{verdict}."
    assert grade(completion, gold=gold).verdict is not Verdict.CORRECT, completion


CHINESE_YES = ("是", "是的", "对", "对的", "正确", "能", "可以", "够", "足够")
CHINESE_NO = ("不是", "否", "不对", "错", "错误", "不正确", "不能", "不可以", "不够")
CHINESE_MARKERS = ("答案：", "答案: ", "答：", "所以", "所以，", "因此，", "综上所述，", "他的钱够吗？", "")
CHINESE_WORKING = ("", "他有20元，玩具15元。\n", "先算总价：3 + 4 = 7。")
CHINESE_ENDINGS = ("", "。", "！", "\n")


@settings(max_examples=200, deadline=None)
@given(
    working=st.sampled_from(CHINESE_WORKING),
    marker=st.sampled_from(CHINESE_MARKERS),
    said=st.booleans(),
    word_at=st.integers(0, 8),
    ending=st.sampled_from(CHINESE_ENDINGS),
    gold_at=st.sampled_from(YES_GOLDS + NO_GOLDS),
    same=st.booleans(),
)
def test_chinese_word_decides(
    working: str, marker: str, said: bool, word_at: int, ending: str, gold_at: str, same: bool
) -> None:
    """A Chinese yes or no after a marker, a conclusion or a question, or closing the text: CORRECT against
    a gold of its polarity, WRONG against the other."""
    words = CHINESE_YES if said else CHINESE_NO
    word = words[word_at % len(words)]
    opens_a_reply = marker.startswith("答") or marker.endswith("？") or not (working or marker)
    if word in ("不对", "错", "错误", "不正确") and not opens_a_reply:
        marker = "答："  # after a statement or a conclusion these take it back: a correction, read as one
    completion = f"{working}{marker}{word}{ending}"
    r = grade(completion, gold=_gold(said, gold_at, same))
    assert r.verdict is (Verdict.CORRECT if same else Verdict.WRONG), (completion, r)


@settings(max_examples=150, deadline=None)
@given(
    marker=st.sampled_from(CHINESE_MARKERS),
    hedge=st.sampled_from(("可能", "也许", "或许", "大概", "我猜", "可能是", "估计")),
    word=st.sampled_from(CHINESE_YES + CHINESE_NO),
    ending=st.sampled_from(CHINESE_ENDINGS),
    gold=st.sampled_from(YES_GOLDS + NO_GOLDS),
)
def test_chinese_hedged_word_never_pays(marker: str, hedge: str, word: str, ending: str, gold: str) -> None:
    """A hedge before a Chinese yes or no: never CORRECT."""
    completion = f"{marker}{hedge}{word}{ending}"
    assert grade(completion, gold=gold).verdict is not Verdict.CORRECT, completion


@settings(max_examples=150, deadline=None)
@given(
    number=st.integers(-1000, 1000),
    template=st.sampled_from(
        (
            "答案是{n}",
            "答案：{n}",
            "Yes. The answer is {n}.",
            "So the answer is {n}. Yes.",
            "The statement is true. Answer: {n}",
            "是的，答案是{n}。",
        )
    ),
    gold=st.sampled_from(YES_GOLDS + NO_GOLDS),
)
def test_number_never_answers_yes_no(number: int, template: str, gold: str) -> None:
    """A number stated as the answer never pays a yes/no gold as a yes or a no."""
    completion = template.format(n=number)
    r = grade(completion, gold=gold)
    assert r.verdict is not Verdict.CORRECT, (completion, r)


@settings(max_examples=100, deadline=None)
@given(
    said=st.sampled_from(("I think yes", "The statement is true", "答案：是", "不够。", "No.", "False")),
    gold=st.integers(-100, 100),
)
def test_yes_no_never_answers_a_number(said: str, gold: int) -> None:
    """A yes or a no against a numeric gold never pays."""
    assert grade(said, gold=str(gold)).verdict is not Verdict.CORRECT


REASONS = (
    " because every square is a rectangle.",
    " because 91 = 7 × 13",
    ", because 2 is the only even prime.",
    " since 91 = 7 × 13.",
    ", since every square is a rectangle.",
    " — every square is a rectangle.",
    " - 91 = 7 x 13.",
)
QUOTED = ("", ' "91 is prime"', " “every square is a rectangle”", " '2 is odd'")


@settings(max_examples=200, deadline=None)
@given(
    working=st.sampled_from(WORKING),
    lead=st.sampled_from(("", "So ", "Therefore, ", "Thus ")),
    subject=st.sampled_from(SUBJECTS),
    quoted=st.sampled_from(QUOTED),
    negated=st.sampled_from(("", " not")),
    verdict=st.sampled_from(("true", "false", "TRUE", "False")),
    reason=st.sampled_from(REASONS),
    gold_at=st.sampled_from(YES_GOLDS + NO_GOLDS),
    same=st.booleans(),
)
def test_verdict_with_reason_decides(
    working: str,
    lead: str,
    subject: str,
    quoted: str,
    negated: str,
    verdict: str,
    reason: str,
    gold_at: str,
    same: bool,
) -> None:
    """A verdict on the statement (quoted or not) followed by its reason ("because …", ", since …", "— …")
    decides as the verdict alone does; a double negation never pays."""
    completion = f"{working}{lead}{subject}{quoted} is{negated} {verdict}{reason}"
    _decides_as_said(completion, verdict.lower() == "true", bool(negated), gold_at, same)


RESTRICTIONS = (
    " only if n is even.",
    " only when n > 2.",
    " — but only for even n.",
    ", but only if n is even.",
    ", except when n = 2.",
    " except for n = 2.",
    ", unless n = 0.",
    " as long as n is even.",
    ", though not always.",
    " for n > 2.",
)


@settings(max_examples=150, deadline=None)
@given(
    opening=st.sampled_from(("The statement is ", "The claim is ", "This statement is ", "", "So, ")),
    word=st.sampled_from(("true", "false", "True", "False", "yes", "no")),
    restriction=st.sampled_from(RESTRICTIONS),
    gold=st.sampled_from(YES_GOLDS + NO_GOLDS),
)
def test_restricted_verdict_never_pays(opening: str, word: str, restriction: str, gold: str) -> None:
    """A verdict or a yes/no narrowed to some cases ("true only if …", "True — but only for even n", "No,
    unless …") holds in part: never CORRECT."""
    if opening.endswith("is ") and word in ("yes", "no"):
        word = "true" if word == "yes" else "false"
    completion = f"{opening}{word}{restriction}"
    assert grade(completion, gold=gold).verdict is not Verdict.CORRECT, completion


def _decides_as_said(completion: str, said: bool, negated: bool, gold_at: str, same: bool) -> None:
    """A verdict word ``said`` (True for a yes), turned by a "not" when ``negated``, decides the completion as
    it says; a "not" before a word that says no (a double negation) never pays."""
    if negated and not said:
        for gold in YES_GOLDS + NO_GOLDS:
            assert grade(completion, gold=gold).verdict is not Verdict.CORRECT, (completion, gold)
        return
    said = said if not negated else not said
    r = grade(completion, gold=_gold(said, gold_at, same))
    assert r.verdict is (Verdict.CORRECT if same else Verdict.WRONG), (completion, r)
