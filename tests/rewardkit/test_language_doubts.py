"""Hedges, conditions and the conditional mood in French, German, Spanish, Italian, Portuguese, Russian and
Chinese: a statement they qualify does not commit, with a marker or without one (the lenient rules' value is
read with them when it is about to be paid), and English pays nothing for them."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rewardkit import Verdict, grade
from rewardkit.languages import european, rewrite

OWN_HEDGES = sorted(hedge for hedges in european._OWN_HEDGES.values() for hedge in hedges)


@given(st.sampled_from(OWN_HEDGES), st.integers(min_value=0, max_value=10**6))
def test_a_hedge_that_tells_its_language_refuses_the_only_number(hedge, n):
    completion = f"{hedge[0].upper()}{hedge[1:]} {n}."
    assert grade(completion, gold=str(n)).verdict is Verdict.AMBIGUOUS
    assert grade(f"{n}.", gold=str(n)).verdict is Verdict.CORRECT


@pytest.mark.parametrize(
    "completion",
    [
        "La réponse serait 11 si on compte la sœur.",
        "Die Antwort wäre 11, wenn wir die Schwester mitzählen.",
        "La respuesta sería 11 si contamos a la hermana.",
        "La risposta sarebbe 11 se contiamo la sorella.",
        "A resposta seria 11 se contarmos a irmã.",
        "Ответ был бы 11, если считать сестру.",
        "要是算上姐姐，答案是11。",
    ],
)
def test_the_conditional_mood_under_a_condition_does_not_commit(completion):
    assert grade(completion, gold="11").verdict is Verdict.AMBIGUOUS
    stated = completion.split(" si ")[0].split(" se ")[0].split(", ")[0].rstrip(".") + "."
    if stated != completion and not stated.startswith("要是"):
        assert grade(stated, gold="11").verdict is Verdict.CORRECT, stated


def test_english_is_not_read_for_doubts():
    # the words of a condition in an English text: nothing to read, and a text no language claims keeps all
    # but the hedges that say their own language
    for text in ("The price falls to 30 if it rains.", "So in all it is 30."):
        assert not rewrite(text, doubts=True).changed
    assert not european.doubted_near("So in all it is 30.", 16, 18)


# (a counterfactual, the same statement of what does hold): "without …, it would" states no answer, in every
# language read; the indicative beside it does
COUNTERFACTUALS = [
    ("Without the coupon, it would cost {n} dollars.", "With the coupon, it costs {n} dollars."),
    ("Had she kept them all, she would have {n}.", "She kept them all, so she has {n}."),
    ("Sans la remise, le prix serait de {n} €.", "Avec la remise, le prix est de {n} €."),
    ("Ohne den Gutschein würde es {n} € kosten.", "Mit dem Gutschein kostet es {n} €."),
    ("Sin el cupón costaría {n} dólares.", "Con el cupón cuesta {n} dólares."),
    ("Senza il buono costerebbe {n} euro.", "Con il buono costa {n} euro."),
    ("Sem o cupom custaria {n} reais.", "Com o cupom custa {n} reais."),
    ("Без купона это стоило бы {n} рублей.", "С купоном это стоит {n} рублей."),
    ("Если бы он не купил книгу, у него было бы {n} рублей.", "Он купил книгу, и у него {n} рублей."),
    ("假如他没有买书，他会剩下{n}元。", "他买了书，剩下{n}元。"),
]


@given(st.sampled_from(COUNTERFACTUALS), st.integers(min_value=2, max_value=10**5))
def test_a_counterfactual_states_no_answer_in_any_language(pair, n):
    counterfactual, indicative = (template.format(n=n) for template in pair)
    assert not grade(counterfactual, gold=str(n)).correct, counterfactual
    assert grade(indicative, gold=str(n)).verdict is Verdict.CORRECT, indicative


# (a value set against the answer, the answer stated): "72 is not the answer" rejects the value in every
# language read, and the answer named with the same words commits to it
REJECTED_AS_THE_ANSWER = [
    ("{n} is not the answer.", "The answer is {n}."),
    ("{n} no es la respuesta correcta.", "La respuesta correcta es {n}."),
    ("{n} ist nicht die richtige Antwort.", "Die richtige Antwort ist {n}."),
    ("{n} n'est pas la bonne réponse.", "La bonne réponse est {n}."),
    ("{n} non è la risposta.", "La risposta è {n}."),
    ("{n} não é a resposta.", "A resposta é {n}."),
    ("{n} — это не ответ.", "Ответ: {n}."),
    ("{n} не является ответом.", "Ответ равен {n}."),
    ("{n}不是正确答案。", "正确答案是{n}。"),
    ("{n}并不是最终答案。", "最终答案是{n}。"),
]


@given(st.sampled_from(REJECTED_AS_THE_ANSWER), st.integers(min_value=0, max_value=10**6))
def test_a_value_set_against_the_answer_is_rejected_in_any_language(pair, n):
    rejected, stated = (template.format(n=n) for template in pair)
    assert grade(rejected, gold=str(n)).verdict is Verdict.AMBIGUOUS, rejected
    assert grade(stated, gold=str(n)).verdict is Verdict.CORRECT, stated
