"""French, German, Spanish, Italian, Portuguese and Russian answers: their markers, the decimal comma they
write, and the words that decide whether a statement commits to its value.

``Réponse : 3,5`` states 3.5, where ``The answer is 3,5`` states no single number: a comma between digits is
a decimal point only in a statement whose language writes it so. :func:`normalize` rewrites

* each statement one of these languages' markers opens (from the marker to the end of its sentence): the
  marker in English, ``3,5`` as ``3.5``, ``1.000.000`` and ``1 000`` as thousands, and ``2.500`` as 2500
  where a dot groups thousands (German, Italian, Portuguese). A lone separator before exactly three digits
  (``1,500``, and ``1.500`` in French, Spanish and Russian) is read both ways (``1500 or 1.5``), so it is
  never paid as either: models often keep English digit grouping in other languages, Spanish writes
  ``1.500`` both ways by region, and Russian groups thousands with spaces; only an amount of money
  (``2.500 euros``) reads it as thousands, since no currency is counted to three places;
* in a text written in one of these languages (its function words outnumber English ones), the words of the
  commitment rules into English: ``n'est pas`` → ``is not``, ``vielleicht`` → ``maybe``, ``или`` → ``or``,
  ``Если`` → ``if``, ``mindestens`` → ``at least``, ``Attendez, en fait`` → ``wait, actually``.

Outside a marker's statement no comma is read as a decimal point, and a text whose language is not known
is left as it is: the grader does not guess.

>>> normalize("Donc, la réponse est 3,5.")
'Donc, The answer is 3.5.'
>>> normalize("Ответ: 1 000 000")
'Answer: 1000000'
>>> normalize("Die Antwort lautet 1.250,5 Euro.")
'The answer is 1250.5 Euro.'
>>> normalize("Die Antwort ist nicht 5, sondern 6.")
'The answer is not 5, but rather 6.'
>>> normalize("Réponse : 1,500")
'Answer: 1500 or 1.500'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rewardkit.languages.number_words import DECIMAL_POINTS, spans
from rewardkit.languages.rewrite import Rewritten
from rewardkit.lazy_regex import lazy_compile
from rewardkit.substrings import find_all, first_non_ascii


@dataclass(frozen=True)
class Language:
    code: str
    # (pattern, English marker): patterns match case-insensitively; "final" forms first
    markers: tuple[tuple[str, str], ...]
    # words common in any text of the language and rare in English: they tell the language
    function_words: tuple[str, ...]
    # the commitment rules' words, in English (longest first when applied)
    phrases: dict[str, str]
    # "1.500": True where a dot groups thousands, False where it is read both ways (Spanish writes it both
    # ways by region; French and Russian group with spaces: a dot between their digits is as often the English
    # point)
    dot_groups_thousands: bool


FRENCH = Language(
    "fr",
    (
        (r"(?:la\s+)?réponse\s+finale\s+est\b|réponse\s+finale\s*:", "The final answer is"),
        (r"(?:la\s+)?réponse\s+n['’]est\s+pas\b|le\s+résultat\s+n['’]est\s+pas\b", "The answer is not"),
        # "soit": the subjunctive a supposition or a doubt states its answer in ("Supposons que … soit 72")
        # the article before a choice letter is read with the marker ("la bonne réponse est la C")
        (
            r"(?:la\s+)?(?:bonne\s+)?réponse\s+(?:correcte\s+)?(?:est|soit)\b(?:\s+la(?=\s+[*_]*\s*\(?\s*[A-Z]\s*\)?\s*[*_]*(?![\w'’])))?"
            r"|le\s+résultat\s+(?:est|soit)\b",
            "The answer is",
        ),
        # the conditional mood states what the answer would be, most often under a condition ("si …")
        (r"(?:la\s+)?réponse\s+serait\b|le\s+résultat\s+serait\b", "The answer would be"),
        (r"réponse(?:\s+(?:correcte|exacte))?\s*:", "Answer:"),
    ),
    (
        "réponse",
        "résultat",
        "le",
        "la",
        "les",
        "est",
        "et",
        "des",
        "une",
        "pour",
        "avec",
        "que",
        "qui",
        "donc",
    ),
    {
        "n'est pas": "is not",
        "n’est pas": "is not",
        # an option ruled out ("La réponse ne peut pas être (C).")
        "la réponse ne peut pas être": "the answer cannot be",
        "ne peut pas être": "cannot be",
        "ne sont pas": "are not",
        "pas": "not",
        "peut-être": "maybe",
        "ou bien": "or",
        "ou": "or",
        "attendez": "wait",
        "attends": "wait",
        "en fait": "actually",
        "en réalité": "actually",
        "si": "if",
        "quand": "when",
        "lorsque": "when",
        "au moins": "at least",
        "au plus": "at most",
        "au minimum": "at least",
        "au maximum": "at most",
        # "minimum 72" and "maximum 72" are the English words, read as they are
        "au bas mot": "at least",
        "pour le moins": "at least",
        "tout au plus": "at most",
        "à tout le moins": "at least",
        "plus de": "more than",
        "pas plus de": "no more than",
        "plus que": "more than",
        "ou plus": "or more",
        "supérieur à": "more than",
        "inférieur à": "less than",
        "jusqu'à": "up to",
        "jusqu’à": "up to",
        "moins de": "less than",
        "moins": "minus",
        "mille": "thousand",
        "millions": "million",
        "million": "million",
        "presque": "nearly",
        "quasiment": "nearly",
        "et demi": "and a half",
        "et demie": "and a half",
        "au carré": "squared",
        "au cube": "cubed",
        "milliards": "billion",
        "milliard": "billion",
        "près de": "nearly",
        "environ": "about",
        "à peu près": "about",
        "mais": "but",
        # ("c'est-à-dire 70" restates: "that is 70", never "it is")
        "c'est-à-dire": "that is",
        "c’est-à-dire": "that is",
        "c'est": "it is",
        "c’est": "it is",
        "fois": "times",
        "multiplié par": "multiplied by",
        "divisé par": "divided by",
        "le double de": "double",
        "le triple de": "triple",
        "la racine carrée de": "the square root of",
        # ranges, retractions, suppositions, doubts and hedges: the English the commitment rules read
        "entre": "between",
        "c'est faux": "that's wrong",
        "c’est faux": "that's wrong",
        "c'est incorrect": "that's wrong",
        "c’est incorrect": "that's wrong",
        "je me suis trompé": "I made a mistake",
        "je me suis trompée": "I made a mistake",
        "supposons que": "suppose",
        "supposons": "suppose",
        "je ne pense pas que": "I don't think",
        "je ne crois pas que": "I don't think",
        "probablement": "probably",
        "pas sûr": "not sure",
        "pas sûre": "not sure",
        "je ne suis pas sûr": "I am not sure",
        "je ne suis pas sûre": "I am not sure",
        # a part of a value, a bound, a scale and a hedge said after or around the number: never the number
        "la moitié de": "half of",
        "moitié de": "half of",
        "le tiers de": "a third of",
        "un tiers de": "a third of",
        "le quart de": "a quarter of",
        "un quart de": "a quarter of",
        "ou moins": "or less",
        "plus ou moins": "about",
        "ou davantage": "or more",
        "milliers": "thousand",
        "millier": "thousand",
        # "sans doute" hedges ("probably"); "sans aucun doute" (without any doubt) commits
        "sans doute": "probably",
        "et des poussières": "or more",
        "et quelques": "or more",
        "ce n'est pas correct": "that's not right",
        "ce n’est pas correct": "that's not right",
        "ce n'est pas juste": "that's not right",
        "ce n’est pas juste": "that's not right",
        "ce n'est pas bon": "that's not right",
        "ce n’est pas bon": "that's not right",
    },
    False,
)
GERMAN = Language(
    "de",
    (
        (
            r"(?:die\s+)?endgültige\s+antwort\s+(?:ist|lautet)\b|endgültige\s+antwort\s*:",
            "The final answer is",
        ),
        (
            # "beträgt" (amounts to) states a value as "ist" does: "Also beträgt das Ergebnis 3,5."
            r"(?:die\s+)?(?:antwort|lösung)\s+(?:ist|lautet|beträgt)\b|das\s+ergebnis\s+(?:ist|lautet|beträgt)\b"
            r"|(?:ist|lautet|beträgt)\s+(?:die\s+(?:antwort|lösung)|das\s+ergebnis)\b",
            "The answer is",
        ),
        (
            r"(?:die\s+)?(?:antwort|lösung)\s+wäre\b|das\s+ergebnis\s+wäre\b|wäre\s+die\s+(?:antwort|lösung)\b",
            "The answer would be",
        ),
        (r"(?:antwort|lösung|ergebnis)\s*:", "Answer:"),
    ),
    (
        "antwort",
        "lösung",
        "ergebnis",
        "der",
        "die",
        "das",
        "und",
        "ist",
        "nicht",
        "mit",
        "ein",
        "eine",
        "wir",
    ),
    {
        "nicht": "not",
        "kein": "not",
        "keine": "not",
        "sondern": "but rather",
        "vielleicht": "maybe",
        "oder": "or",
        "moment": "wait",
        "warte": "wait",
        "eigentlich": "actually",
        "tatsächlich": "actually",
        "wenn": "if",
        "falls": "if",
        "sofern": "if",
        "mindestens": "at least",
        "höchstens": "at most",
        "wenigstens": "at least",
        "zumindest": "at least",
        "minimal": "at least",
        "maximal": "at most",
        "mehr als": "more than",
        "weniger als": "less than",
        "minus": "minus",
        "tausend": "thousand",
        "millionen": "million",
        "million": "million",
        "über": "over",
        "unter": "under",
        "fast": "nearly",
        "knapp": "nearly",
        "oder mehr": "or more",
        "bis zu": "up to",
        "und ein halb": "and a half",
        "milliarden": "billion",
        "milliarde": "billion",
        # the abbreviations a German text writes its scale words with ("72 Mio. Euro", "1,5 Mrd.", "3 Tsd.")
        "mio": "million",
        "mrd": "billion",
        "tsd": "thousand",
        "zirka": "about",
        "beinahe": "nearly",
        "etwa": "about",
        "ungefähr": "about",
        "circa": "about",
        "ist": "is",
        "sind": "are",
        "aber": "but",
        "mal": "times",
        "multipliziert mit": "multiplied by",
        "geteilt durch": "divided by",
        "das Doppelte von": "double",
        "das Dreifache von": "triple",
        "die Quadratwurzel von": "the square root of",
        "zwischen": "between",
        "das stimmt nicht": "that's wrong",
        "stimmt nicht": "that's wrong",
        "das ist falsch": "that's wrong",
        "angenommen,": "suppose",
        "angenommen": "suppose",
        "nehmen wir an,": "suppose",
        "ich glaube nicht, dass": "I don't think",
        "ich denke nicht, dass": "I don't think",
        "wahrscheinlich": "probably",
        "vermutlich": "probably",
        "nicht sicher": "not sure",
        "ich bin mir nicht sicher": "I am not sure",
        "ich habe mich geirrt": "I made a mistake",
        "die Hälfte von": "half of",
        "ein Drittel von": "a third of",
        "ein Viertel von": "a quarter of",
        "zum Quadrat": "squared",
        "im Quadrat": "squared",
        "oder weniger": "or less",
        "mehr oder weniger": "about",
    },
    True,
)
SPANISH = Language(
    "es",
    (
        (r"(?:la\s+)?respuesta\s+final\s+es\b|respuesta\s+final\s*:", "The final answer is"),
        (r"(?:la\s+)?respuesta\s+no\s+es\b|el\s+resultado\s+no\s+es\b", "The answer is not"),
        (
            r"(?:la\s+)?respuesta\s+(?:correcta\s+)?(?:es|sea)\b(?:\s+la(?=\s+[*_]*\s*\(?\s*[A-Z]\s*\)?\s*[*_]*(?![\w'’])))?"
            r"|el\s+resultado\s+es\b",
            "The answer is",
        ),
        (r"(?:la\s+)?respuesta\s+(?:correcta\s+)?sería\b|el\s+resultado\s+sería\b", "The answer would be"),
        (r"respuesta(?:\s+(?:correcta|exacta))?\s*:", "Answer:"),
    ),
    (
        "respuesta",
        "el",
        "los",
        "las",
        "es",
        "y",
        "una",
        "para",
        "con",
        "que",
        "por",
        "del",
        "cada",
        "son",
        "tiene",
        "hay",
    ),
    {
        "no es": "is not",
        "la respuesta no puede ser": "the answer cannot be",
        "no puede ser": "cannot be",
        "no son": "are not",
        "no": "not",
        "quizás": "maybe",
        "quizá": "maybe",
        "tal vez": "maybe",
        "o": "or",
        "espera": "wait",
        "en realidad": "actually",
        "de hecho": "actually",
        "si": "if",
        "cuando": "when",
        "al menos": "at least",
        "como mínimo": "at least",
        "como máximo": "at most",
        "mínimo": "at least",
        "máximo": "at most",
        "por lo menos": "at least",
        "a lo sumo": "at most",
        "como mucho": "at most",
        "como poco": "at least",
        "más de": "more than",
        "menos de": "less than",
        "menos": "minus",
        "mil": "thousand",
        "millones": "million",
        "millón": "million",
        "veces": "times",
        "casi": "nearly",
        "o más": "or more",
        "más o menos": "about",
        "más": "plus",
        "hasta": "up to",
        "y medio": "and a half",
        "y media": "and a half",
        "al cuadrado": "squared",
        "al cubo": "cubed",
        "elevado a": "to the power of",
        "mil millones": "billion",
        "aproximadamente": "about",
        "alrededor de": "about",
        "sino": "but rather",
        "pero": "but",
        "es": "is",
        "son": "are",
        "multiplicado por": "multiplied by",
        "dividido por": "divided by",
        "dividido entre": "divided by",
        "el doble de": "double",
        "el triple de": "triple",
        "la raíz cuadrada de": "the square root of",
        "es incorrecto": "that's wrong",
        "es incorrecta": "that's wrong",
        "está mal": "that's wrong",
        "eso está mal": "that's wrong",
        "me equivoqué": "I made a mistake",
        "supongamos que": "suppose",
        "supongamos": "suppose",
        "no creo que": "I don't think",
        "no pienso que": "I don't think",
        "probablemente": "probably",
        "no estoy seguro": "I am not sure",
        "no estoy segura": "I am not sure",
        "la mitad de": "half of",
        "un tercio de": "a third of",
        "la tercera parte de": "a third of",
        "un cuarto de": "a quarter of",
        "o menos": "or less",
        "suponiendo que": "assuming",
        "suponiendo": "assuming",
    },
    False,
)
ITALIAN = Language(
    "it",
    (
        (r"(?:la\s+)?risposta\s+finale\s+è|risposta\s+finale\s*:", "The final answer is"),
        (r"(?:la\s+)?risposta\s+non\s+è|il\s+risultato\s+non\s+è", "The answer is not"),
        (
            # "sia": the subjunctive a supposition or a doubt states its answer in ("Supponiamo che … sia 72")
            r"(?:la\s+)?risposta\s+(?:corretta\s+)?(?:è|sia\b)(?:\s+la(?=\s+[*_]*\s*\(?\s*[A-Z]\s*\)?\s*[*_]*(?![\w'’])))?"
            r"|il\s+risultato\s+(?:è|sia\b)",
            "The answer is",
        ),
        (r"(?:la\s+)?risposta\s+(?:corretta\s+)?sarebbe\b|il\s+risultato\s+sarebbe\b", "The answer would be"),
        (r"risposta(?:\s+(?:corretta|esatta|giusta))?\s*:", "Answer:"),
    ),
    ("risposta", "risultato", "il", "la", "che", "è", "di", "per", "una", "con", "sono", "del", "ogni"),
    {
        "non è": "is not",
        "non": "not",
        "forse": "maybe",
        "oppure": "or",
        "o": "or",
        "aspetta": "wait",
        "in realtà": "actually",
        "se": "if",
        "quando": "when",
        "almeno": "at least",
        "al massimo": "at most",
        "al minimo": "at least",
        "come minimo": "at least",
        "come massimo": "at most",
        "minimo": "at least",
        "massimo": "at most",
        "perlomeno": "at least",
        "per lo meno": "at least",
        "tutt'al più": "at most",
        "tutt’al più": "at most",
        "più di": "more than",
        "meno di": "less than",
        "meno": "minus",
        "mila": "thousand",
        "mille": "thousand",
        "milioni": "million",
        "milione": "million",
        "quasi": "nearly",
        "o più": "or more",
        "più": "plus",
        "oltre": "over",
        "fino a": "up to",
        "volte": "times",
        "e mezzo": "and a half",
        "e mezza": "and a half",
        "al quadrato": "squared",
        "al cubo": "cubed",
        "miliardi": "billion",
        "miliardo": "billion",
        "circa": "about",
        "ma": "but",
        "è": "is",
        "sono": "are",
        "moltiplicato per": "multiplied by",
        "diviso per": "divided by",
        "il doppio di": "double",
        "il triplo di": "triple",
        "la radice quadrata di": "the square root of",
        "è sbagliato": "that's wrong",
        "è errato": "that's wrong",
        "non è corretto": "that's wrong",
        "ho sbagliato": "I made a mistake",
        "supponiamo che": "suppose",
        "supponiamo": "suppose",
        "non credo che": "I don't think",
        "non penso che": "I don't think",
        "probabilmente": "probably",
        "non sono sicuro": "I am not sure",
        "non sono sicura": "I am not sure",
        "la metà di": "half of",
        "metà di": "half of",
        "un terzo di": "a third of",
        "la terza parte di": "a third of",
        "o meno": "or less",
        "più o meno": "about",
        "supponendo che": "assuming",
    },
    True,
)
PORTUGUESE = Language(
    "pt",
    (
        (r"(?:a\s+)?resposta\s+final\s+é|resposta\s+final\s*:", "The final answer is"),
        (r"(?:a\s+)?resposta\s+não\s+é|o\s+resultado\s+não\s+é", "The answer is not"),
        (
            # "seja": the subjunctive a supposition or a doubt states its answer in ("Suponha que … seja 72")
            r"(?:a\s+)?resposta\s+(?:correta\s+)?(?:é|seja\b)(?:\s+a(?=\s+[*_]*\s*\(?\s*[A-Z]\s*\)?\s*[*_]*(?![\w'’])))?"
            r"|o\s+resultado\s+(?:é|seja\b)",
            "The answer is",
        ),
        (r"(?:a\s+)?resposta\s+(?:correta\s+)?seria\b|o\s+resultado\s+seria\b", "The answer would be"),
        (r"resposta(?:\s+(?:correta|correcta|certa|exata))?\s*:", "Answer:"),
    ),
    ("resposta", "o", "os", "as", "é", "um", "uma", "para", "com", "que", "por", "do", "da", "são", "não"),
    {
        "não é": "is not",
        "não": "not",
        "talvez": "maybe",
        "ou": "or",
        "espera": "wait",
        "espere": "wait",
        "na verdade": "actually",
        "se": "if",
        "quando": "when",
        "pelo menos": "at least",
        "no mínimo": "at least",
        "no máximo": "at most",
        "ao menos": "at least",
        "mínimo": "at least",
        "máximo": "at most",
        "quando muito": "at most",
        "mais de": "more than",
        "menos de": "less than",
        "menos": "minus",
        "mil": "thousand",
        "milhões": "million",
        "milhão": "million",
        "quase": "nearly",
        "ou mais": "or more",
        "mais": "plus",
        "até": "up to",
        "e meio": "and a half",
        "e meia": "and a half",
        "ao quadrado": "squared",
        "ao cubo": "cubed",
        "bilhões": "billion",
        "bilhão": "billion",
        "cerca de": "about",
        "aproximadamente": "about",
        "mas": "but",
        "é": "is",
        "são": "are",
        "vezes": "times",
        "multiplicado por": "multiplied by",
        "dividido por": "divided by",
        "o dobro de": "double",
        "o triplo de": "triple",
        "a raiz quadrada de": "the square root of",
        "entre": "between",
        "está errado": "that's wrong",
        "está errada": "that's wrong",
        "é incorreto": "that's wrong",
        "me enganei": "I made a mistake",
        "suponhamos que": "suppose",
        "suponha que": "suppose",
        "não acho que": "I don't think",
        "não creio que": "I don't think",
        "provavelmente": "probably",
        "não tenho certeza": "I am not sure",
        "a metade de": "half of",
        "metade de": "half of",
        "um terço de": "a third of",
        "a terça parte de": "a third of",
        "ou menos": "or less",
        "mais ou menos": "about",
        "supondo que": "assuming",
    },
    True,
)
RUSSIAN = Language(
    "ru",
    (
        (r"окончательный\s+ответ\s*[:—–-]?", "The final answer is"),
        (r"(?:итак|значит|следовательно|таким\s+образом),?\s+ответ\b\s*[:—–-]?", "So the answer is"),
        # "что ответ 72" (that the answer is 72): the clause a doubt or a supposition holds its answer in
        (r"что\s+ответ\s*(?:[:—–]|равен\b|будет\b|(?=[-−]?\d))", "that the answer is"),
        (r"ответ\s+(?:был\s+бы|бы\s+был)\b", "The answer would be"),
        (r"ответ\s*[:—–]|ответ\s+(?:равен|будет)|ответ\s+(?=[-−]?\d)", "Answer:"),
    ),
    ("ответ", "и", "в", "не", "на", "что", "это", "с", "по", "как", "мы", "его", "для", "то", "каждой"),
    {
        "не менее": "at least",
        "не более": "at most",
        "не": "not",
        "может быть": "maybe",
        "возможно": "maybe",
        "или": "or",
        "либо": "or",
        "подождите": "wait",
        "подожди": "wait",
        "погодите": "wait",
        "на самом деле": "actually",
        "вообще-то": "actually",
        "если": "if",
        "когда": "when",
        "как минимум": "at least",
        "как максимум": "at most",
        "минимум": "at least",
        "максимум": "at most",
        "самое меньшее": "at least",
        "самое большее": "at most",
        "по меньшей мере": "at least",
        "хотя бы": "at least",
        "от силы": "at most",
        "делить на": "divided by",
        "больше": "more than",
        "меньше": "less than",
        "минус": "minus",
        "тысячи": "thousand",
        "тысяч": "thousand",
        "тысяча": "thousand",
        "миллиона": "million",
        "миллионов": "million",
        "миллион": "million",
        "более": "more than",
        "менее": "less than",
        "почти": "nearly",
        "плюс": "plus",
        "свыше": "more than",
        "не больше": "at most",
        "не меньше": "at least",
        "до": "up to",
        "тыс": "thousand",
        "млн": "million",
        "млрд": "billion",
        "с половиной": "and a half",
        "в квадрате": "squared",
        "в кубе": "cubed",
        "миллиардов": "billion",
        "миллиарда": "billion",
        "миллиард": "billion",
        "примерно": "about",
        "около": "about",
        "приблизительно": "about",
        "а": "but rather",
        "то": "",
        "итак": "so",
        "равен": "is",
        "равно": "is",
        "умножить на": "times",
        "умноженное на": "multiplied by",
        "разделить на": "divided by",
        "делённое на": "divided by",
        "по крайней мере": "at least",
        "удвоенное": "double",
        "квадратный корень из": "the square root of",
        "от": "from",
        "между": "between",
        "нет": "no",
        "это неверно": "that's wrong",
        "это неправильно": "that's wrong",
        "я ошибся": "I made a mistake",
        "я ошиблась": "I made a mistake",
        "предположим,": "suppose",
        "предположим": "suppose",
        "допустим,": "suppose",
        "допустим": "suppose",
        "я не думаю,": "I don't think",
        "не думаю,": "I don't think",
        "я не считаю,": "I don't think",
        "не считаю,": "I don't think",
        "половина от": "half of",
        "половину от": "half of",
        "треть от": "a third of",
        "четверть от": "a quarter of",
        "вероятно": "probably",
        "наверное": "probably",
        "скорее всего": "probably",
        "я не уверен": "I am not sure",
        "я не уверена": "I am not sure",
        "не уверен": "not sure",
        "не уверена": "not sure",
        "но": "but",
    },
    False,
)
LANGUAGES = (FRENCH, GERMAN, SPANISH, ITALIAN, PORTUGUESE, RUSSIAN)

# Hedges, conditions and the conditional mood, in the English the commitment rules read: a statement they open
# or close does not commit to its value ("Vielleicht 30", "sería 11 si contamos a la hermana"). Kept apart
# from the tables above, and added to them here.
_DOUBTS = {
    "fr": {
        "peut être": "maybe", "possiblement": "possibly", "vraisemblablement": "probably",
        "sûrement": "probably", "il se peut que": "maybe", "il est possible que": "maybe",
        "pourrait être": "could be", "pourrait": "could be", "je suppose que": "I guess",
        "à condition que": "provided that", "pourvu que": "provided that", "au cas où": "in case",
        "à supposer que": "assuming", "en supposant que": "assuming", "sauf si": "unless",
        "à moins que": "unless", "sinon": "otherwise", "serait": "would be", "seraient": "would be",
    },
    "de": {
        "möglicherweise": "possibly", "womöglich": "possibly", "eventuell": "possibly", "wohl": "probably",
        "dürfte": "probably", "könnte": "could be", "könnten": "could be",
        # "Es könnte sein, dass die Antwort 72 ist": the value stands after "dass", at the end of its clause
        "es könnte sein, dass": "maybe", "könnte sein, dass": "maybe", "es kann sein, dass": "maybe",
        "kann sein, dass": "maybe", "es ist möglich, dass": "maybe", "es könnte sein": "maybe",
        "es kann sein": "maybe", "ich vermute": "I guess", "ich schätze": "I guess",
        "vorausgesetzt, dass": "provided that", "vorausgesetzt": "provided that", "es sei denn": "unless",
        "außer wenn": "unless", "sonst": "otherwise", "schätzungsweise": "about", "wäre": "would be",
        "wären": "would be", "würde": "would",
    },
    "es": {
        "a lo mejor": "maybe", "posiblemente": "possibly", "puede que": "maybe", "puede ser": "maybe",
        "seguramente": "probably", "acaso": "maybe", "quizas": "maybe", "supongo que": "I guess",
        "supongo": "I guess", "podría ser": "could be", "podría": "could be", "en caso de que": "in case",
        "a menos que": "unless", "salvo que": "unless", "siempre y cuando": "provided that",
        "de lo contrario": "otherwise", "sería": "would be", "serían": "would be",
    },
    "it": {
        "magari": "maybe", "può darsi che": "maybe", "può darsi": "maybe", "suppongo che": "I guess",
        "suppongo": "I guess", "potrebbe essere": "could be", "potrebbe": "could be", "a meno che": "unless",
        "nel caso in cui": "in case", "nel caso che": "in case", "purché": "provided that",
        "altrimenti": "otherwise", "sarebbe": "would be", "sarebbero": "would be",
    },
    "pt": {
        "possivelmente": "possibly", "quem sabe": "maybe", "pode ser": "maybe", "suponho que": "I guess",
        "poderia ser": "could be", "poderia": "could be", "a menos que": "unless", "no caso de": "in case",
        "caso contrário": "otherwise", "seria": "would be", "seriam": "would be",
    },
    "ru": {
        "может,": "maybe,", "пожалуй": "probably", "наверно": "probably", "не исключено, что": "maybe",
        "предполагаю,": "I guess", "предполагаю": "I guess", "при условии, что": "provided that",
        "если только": "only if", "разве что": "unless", "иначе": "otherwise",
        "в противном случае": "otherwise", "был бы": "would be", "была бы": "would be",
        "было бы": "would be", "были бы": "would be",
    },
}  # fmt: skip
# What a counterfactual opens with ("Sans la réduction, le prix serait de 72 €", "Ohne Gutschein würde es
# 72 € kosten"): "without", read with the conditional mood after it (_CONDITIONAL_MOOD) as the English
# "Without …, it would …" is. Spanish "sin" only before a word of its own ("sin" alone is also the sine), and
# the negations and retractions that say their language ("No son 72": "no" alone is English too)
_OWN_WORDS = {
    # a condition in the past subjunctive or pluperfect is counterfactual: "Если бы он не потратил …", "Si no
    # hubiera gastado …", "S'il n'avait pas …", "Se avesse …" read as "Supposing …"
    # ... and an answer given on another's word: "Según el usuario, la respuesta es 72"
    "fr": {"sans": "without", "erreur": "mistake", "selon": "according to", "d'après": "according to",
           "l'utilisateur": "the user", "utilisateur": "user", "s'il avait": "supposing he had",
           "s'il n'avait": "supposing he had", "si elle avait": "supposing she had",
           "si elle n'avait": "supposing she had", "si on avait": "supposing we had",
           "si on n'avait": "supposing we had", "si nous avions": "supposing we had"},
    "de": {"ohne": "without", "fehler": "mistake", "stopp": "wait", "laut": "according to",
           "gemäß": "according to", "nutzer": "user", "benutzer": "user"},
    "es": {"según": "according to", "usuario": "user", "sin el": "without the", "sin la": "without the",
           "sin los": "without the", "sin las": "without the", "sin un": "without a", "sin una": "without a",
           "sin su": "without its", "sin sus": "without its", "sin ese": "without that",
           "sin esa": "without that", "sin este": "without this", "sin esta": "without this",
           "no era": "was not", "no eran": "were not", "no fue": "was not", "no será": "will not be",
           "no serán": "will not be", "no sería": "would not be", "no hay": "there are not",
           "no tiene": "does not have", "no tienen": "do not have", "si hubiera": "supposing",
           "si hubiese": "supposing", "si no hubiera": "supposing not", "si no hubiese": "supposing not",
           "si hubieran": "supposing", "si no hubieran": "supposing not"},
    "it": {"secondo l'utente": "according to the user", "utente": "user", "senza": "without",
           "errore": "mistake", "non è": "is not", "non sono": "are not", "non era": "was not",
           "non erano": "were not", "non ha": "does not have", "non hanno": "do not have",
           "non c'è": "there is not", "non ci sono": "there are not", "se avesse": "supposing",
           "se non avesse": "supposing not", "se fosse": "supposing", "se non fosse": "supposing not",
           "se avessi": "supposing"},
    "pt": {"segundo o usuário": "according to the user", "usuário": "user", "sem o": "without the",
           "sem a": "without the", "sem os": "without the", "sem as": "without the", "sem um": "without a",
           "sem uma": "without a", "erro": "mistake", "não são": "are not", "não era": "was not",
           "não é": "is not", "não tem": "does not have", "não têm": "do not have", "não há": "there are not",
           "se tivesse": "supposing", "se não tivesse": "supposing not"},
    "ru": {"без": "without", "стоп": "wait", "ошибка": "mistake", "ошибся": "I made a mistake",
           "ошиблась": "I made a mistake", "правильно": "actually", "если бы": "supposing",
           "по словам": "according to", "согласно": "according to", "пользователя": "user",
           "пользователь": "user"},
}  # fmt: skip
# The words that conclude a statement with no marker ("Donc elle a soixante-douze billes.", "Sie hat insgesamt
# zweiundsiebzig Äpfel."): in a closing sentence that holds no digit, they tell the language of the one
# number it spells out, read as digits then (as English "so she needs seventy-two cookies" is read)
_CONCLUSION_WORDS = {
    "fr": ("donc", "ainsi", "alors", "par conséquent", "au total", "en tout", "finalement", "au final"),
    "de": ("also", "somit", "daher", "deshalb", "folglich", "insgesamt", "damit", "schließlich"),
    "es": ("por lo tanto", "por tanto", "entonces", "así que", "en total", "así", "finalmente", "luego"),
    "it": ("quindi", "dunque", "pertanto", "perciò", "in totale", "allora", "in tutto", "infine"),
    "pt": ("portanto", "logo", "então", "assim", "no total", "ao todo", "em total", "finalmente"),
    "ru": ("итак", "итого", "значит", "поэтому", "следовательно", "всего", "таким образом", "в итоге"),
}  # fmt: skip
_CONCLUSION_WORD = {
    code: lazy_compile(rf"(?<![\w'’])(?:{'|'.join(words)})(?![\w'’])")
    for code, words in _CONCLUSION_WORDS.items()
}
_ANY_CONCLUSION_WORD = lazy_compile(
    rf"(?<![\w'’])(?:{'|'.join(w for words in _CONCLUSION_WORDS.values() for w in words)})(?![\w'’])"
)
# the closing sentence read so is short, and written in none of English's words ("So it is also null.")
_LONGEST_CLOSING = 300
_CLOSING_AFTER = " \t\n.!?*_"
_ANY_DIGIT = lazy_compile(r"\d")
_ENDS_ON_NO_WORD = frozenset("0123456789$})]\\%")
# the only commitment words such a sentence may hold: any other (a negation, a hedge, a bound, an
# alternative, a condition) leaves its number unread; and the words that make a number approximate
_PLAIN_STATEMENT = frozenset(("is", "are", "it is", "so", "thousand", "million", "billion"))
_APPROXIMATE_WORDS = frozenset(
    "unos unas uns umas etwa ungefähr rund circa ca knapp gut quelque quelques approximativement cerca "
    "примерно около приблизительно почти порядка".split()
)
_ENGLISH_IN_CLOSING = frozenset(
    "the is and of that we it are there has have she he so they answer i you this hope".split()
)


def spelled_conclusion(text: str) -> tuple[int, int, int, int, int, Language] | None:
    """The one number the closing sentence of ``text`` spells out in one of these languages, when a word of
    that language concludes it and it holds no digit: ``(sentence start, sentence end, number start, number
    end, value, language)``, or None. Two numbers spelled out there (``Donc, avec trois boîtes, elle a
    soixante-douze billes.``), or two languages that read it differently, are no one value: None.

    >>> spelled_conclusion("Donc elle a soixante-douze billes.")[2:5]
    (12, 26, 72)
    >>> spelled_conclusion("Sie hat drei Kisten mit je vierundzwanzig Äpfeln. Insgesamt zwei Kisten.")[2:5]
    (60, 64, 2)
    >>> spelled_conclusion("Donc il a un chien."), spelled_conclusion("Donc elle a deux ou trois billes.")
    (None, None)
    """
    end = len(text.rstrip(_CLOSING_AFTER))
    if end < 4 or text[end - 1] in _ENDS_ON_NO_WORD:
        return None  # most texts: the last number, a box or math closes them (asked of every English text)
    lo = end - _LONGEST_CLOSING if end > _LONGEST_CLOSING else 0
    start = max(text.rfind(".", lo, end), text.rfind("!", lo, end), text.rfind("?", lo, end)) + 1
    start = max(start, text.rfind("\n", start, end) + 1)
    if (start == 0 and lo > 0) or end - start < 4 or _ANY_DIGIT.search(text, start, end):
        return None
    sentence = text[start:end].lower()
    words = sentence.replace(",", " ").split()
    if not _ENGLISH_IN_CLOSING.isdisjoint(words):
        return None  # an English sentence ("I hope this helps!"): English reads it
    if _ANY_CONCLUSION_WORD.search(sentence) is None:
        return None
    found = None
    for code, conclusion in _CONCLUSION_WORD.items():
        if conclusion.search(sentence) is None:
            continue
        numbers = list(spans(text, code, start, end))
        if len(numbers) != 1:
            continue
        if not _APPROXIMATE_WORDS.isdisjoint(words) or any(
            _PHRASE_ENGLISH[code].get(m.group().lower()) not in _PLAIN_STATEMENT
            for m in _phrase_matches(text, _BY_CODE[code], start, end)
        ):
            # "Quindi Marco non ha settantadue figurine.", "tiene unas setenta y dos": no commitment
            return None
        number_start, number_end, value = numbers[0]
        if found is not None and found[2:5] != (number_start, number_end, value):
            return None  # two languages, two readings
        found = (start, end, number_start, number_end, value, _BY_CODE[code])
    return found


# The answer named as a noun, so that a value set against it reads as the English one does ("72 no es la
# respuesta correcta", "72 ist nicht die Antwort", "72 — это не ответ": 72 is not the answer), and the words
# of a correction said after an answer ("Corrección: 70", "Korrektur: 70", "72 (falsch)")
_ANSWER_NOUNS = {
    "fr": {"la réponse": "the answer", "la bonne réponse": "the correct answer",
           "la réponse correcte": "the correct answer", "le bon résultat": "the correct answer",
           "faux": "wrong", "fausse": "wrong", "incorrect": "incorrect", "incorrecte": "incorrect"},
    "de": {"die Antwort": "the answer", "die richtige Antwort": "the correct answer",
           "die korrekte Antwort": "the correct answer", "die Lösung": "the answer",
           "die richtige Lösung": "the correct answer", "das richtige Ergebnis": "the correct answer",
           "korrektur": "correction", "berichtigung": "correction", "falsch": "wrong", "nein": "no"},
    "es": {"la respuesta": "the answer", "la respuesta correcta": "the correct answer",
           "el resultado correcto": "the correct answer", "corrección": "correction",
           "incorrecto": "incorrect", "incorrecta": "incorrect"},
    "it": {"la risposta": "the answer", "la risposta corretta": "the correct answer",
           "la risposta giusta": "the correct answer", "correzione": "correction", "sbagliato": "wrong",
           "errato": "wrong", "errata": "wrong"},
    "pt": {"a resposta": "the answer", "a resposta correta": "the correct answer",
           "a resposta certa": "the correct answer", "correção": "correction", "errado": "wrong",
           "errada": "wrong", "incorreto": "incorrect", "incorreta": "incorrect"},
    "ru": {"ответ": "the answer", "ответом": "the answer", "правильный ответ": "the correct answer",
           "правильным ответом": "the correct answer", "верный ответ": "the correct answer",
           "верным ответом": "the correct answer", "не является": "is not", "это не": "is not",
           "не равен": "is not equal to", "не равно": "is not equal to", "исправление": "correction",
           "поправка": "correction", "неверно": "wrong", "неправильно": "wrong"},
}  # fmt: skip
# Russian units of time, length, mass, volume and money, in every form the language writes them: read as
# the English unit, so "Ответ: 72 секунды" against "72 минуты" compares seconds with minutes (both were a
# bare 72).
# A gold in Cyrillic is read as Russian as the completion is; one in a Latin-script language is too short to
# tell its language, and its units stay as they are written on both sides
_RUSSIAN_UNITS = {
    "секунда": "seconds", "секунды": "seconds", "секунд": "seconds", "секунду": "seconds",
    "минута": "minutes", "минуты": "minutes", "минут": "minutes", "минуту": "minutes", "час": "hours",
    "часа": "hours", "часов": "hours", "день": "days", "дня": "days", "дней": "days", "сутки": "days",
    "суток": "days", "неделя": "weeks", "недели": "weeks", "недель": "weeks", "неделю": "weeks",
    "месяц": "months", "месяца": "months", "месяцев": "months", "год": "years", "года": "years",
    "лет": "years", "метр": "meters", "метра": "meters", "метров": "meters", "километр": "kilometers",
    "километра": "kilometers", "километров": "kilometers", "сантиметр": "centimeters",
    "сантиметра": "centimeters", "сантиметров": "centimeters", "килограмм": "kilograms",
    "килограмма": "kilograms", "килограммов": "kilograms", "грамм": "grams", "грамма": "grams",
    "граммов": "grams", "литр": "liters", "литра": "liters", "литров": "liters", "рубль": "rubles",
    "рубля": "rubles", "рублей": "rubles", "доллар": "dollars", "доллара": "dollars",
    "долларов": "dollars", "евро": "euros", "мин": "minutes", "сек": "seconds", "км": "kilometers",
    "кг": "kilograms", "см": "centimeters", "мм": "millimeters", "руб": "rubles",
}  # fmt: skip
# another answer offered as valid too ("La bonne réponse est B, mais C est aussi possible."): read as the
# English "is also possible", which commits to neither answer; each language's "is", "also" and adjectives,
# in the orders it writes them
_ALSO_VALID_PARTS = {
    "fr": (("est aussi", "est également", "est tout aussi", "serait aussi", "serait également"),
           ("possible", "correcte", "correct", "valable", "valide", "plausible", "juste", "acceptable")),
    "de": (("ist auch", "ist ebenfalls", "ist genauso", "wäre auch", "wäre ebenfalls"),
           ("möglich", "richtig", "korrekt", "plausibel", "gültig", "denkbar", "zulässig")),
    "es": (("también es", "es también", "es igualmente", "también sería", "sería también"),
           ("posible", "correcta", "correcto", "válida", "válido", "plausible", "aceptable")),
    "it": (("è anche", "è pure", "è altrettanto", "sarebbe anche"),
           ("possibile", "corretta", "corretto", "valida", "valido", "plausibile", "accettabile")),
    "pt": (("também é", "é também", "é igualmente", "também seria", "seria também"),
           ("possível", "correta", "correto", "válida", "válido", "plausível", "aceitável")),
    "ru": (("тоже", "также", "тоже может быть", "также может быть"),
           ("возможен", "возможна", "возможно", "верен", "верна", "верно", "правильный", "правильная",
            "правильно", "подходит", "допустим", "допустимо")),
}  # fmt: skip
_ALSO_VALID = {
    code: {f"{also} {valid}": "is also possible" for also in alsos for valid in valids}
    for code, (alsos, valids) in _ALSO_VALID_PARTS.items()
}
for _language in LANGUAGES:
    for _phrase, _english in (
        *_ALSO_VALID[_language.code].items(),
        *_DOUBTS[_language.code].items(),
        *_OWN_WORDS[_language.code].items(),
        *_ANSWER_NOUNS[_language.code].items(),
        *(_RUSSIAN_UNITS.items() if _language is RUSSIAN else ()),
    ):
        _language.phrases.setdefault(_phrase, _english)
# The hedges no other of these languages, nor English, writes: they say their language themselves, and are
# read in a text too short to tell it by its function words ("Peut-être 18.", "Quizás 36.")
_OWN_HEDGES = {
    "fr": ("peut-être", "peut être", "probablement", "vraisemblablement", "possiblement", "sans doute",
           "pourrait être", "pourrait"),
    "de": ("vielleicht", "wahrscheinlich", "vermutlich", "möglicherweise", "womöglich", "eventuell",
           "könnte", "könnten", "dürfte"),
    "es": ("quizás", "quizá", "quizas", "tal vez", "a lo mejor", "probablemente", "posiblemente",
           "podría ser", "podría", "puede ser", "puede que"),
    "it": ("forse", "magari", "probabilmente", "potrebbe essere", "potrebbe", "può darsi"),
    "pt": ("talvez", "provavelmente", "possivelmente", "quem sabe", "pode ser", "poderia ser", "poderia"),
    "ru": ("возможно", "может быть", "наверное", "наверно", "вероятно", "скорее всего", "пожалуй"),
}  # fmt: skip

# the bounds and negations that tell their own language too ("Höchstens 72.", "Il faut au moins 72 briques.",
# "No son 72": "no" alone is English as well, "no son" is not): read where a lenient rule would pay a value
# beside them
_OWN_QUALIFIERS = {
    "fr": ("pas", "au moins", "au plus", "au minimum", "au maximum", "tout au plus", "plus de", "moins de",
           "inférieur à", "supérieur à", "presque", "près de"),
    "de": ("nicht", "kein", "keine", "mindestens", "höchstens", "wenigstens", "zumindest", "mehr als",
           "weniger als", "knapp", "beinahe", "über", "unter"),
    "es": ("al menos", "como mínimo", "como máximo", "por lo menos", "a lo sumo", "como mucho", "más de",
           "menos de", "no es", "no son", "casi"),
    "it": ("almeno", "al massimo", "perlomeno", "per lo meno", "più di", "meno di", "quasi"),
    "pt": ("não", "pelo menos", "no mínimo", "no máximo", "ao menos", "mais de", "quase"),
    "ru": ("не менее", "не более", "не", "как минимум", "как максимум", "минимум", "максимум", "больше",
           "меньше", "более", "менее", "не больше", "не меньше", "по меньшей мере", "по крайней мере",
           "хотя бы", "нет", "почти"),
}  # fmt: skip
for _code, _words_of in _OWN_WORDS.items():
    _OWN_QUALIFIERS[_code] = (*_OWN_QUALIFIERS[_code], *_words_of)

_MARKERS = [(language, pattern, english) for language in LANGUAGES for pattern, english in language.markers]
# every alternative of every marker opens where a word starts ("Réponsele résultat est" holds no marker)
_MARKER = lazy_compile(
    "|".join(f"(?P<m{i}>(?<![^\\W\\d_])(?:{pattern}))" for i, (_, pattern, _) in enumerate(_MARKERS)),
    re.IGNORECASE,
)
_CHEAP = ("répon", "résult", "antwort", "lösung", "ergebnis", "respuesta", "resultado", "rispost", "risultat",
          "respost", "ответ")  # fmt: skip
_NON_ASCII_STEMS = tuple(word for word in _CHEAP if not word.isascii())
_STEM = lazy_compile("|".join(_CHEAP), re.IGNORECASE)
# per answer word, the markers that hold it (each marker holds one): tried where that word stands, a handful
# of alternatives fail at a word faster than every language's together
_MARKER_OF_STEM = {
    stem: lazy_compile(
        "(?<![^\\W\\d_])(?:"
        + "|".join(
            f"(?P<m{i}>{pattern})" for i, (_, pattern, _) in enumerate(_MARKERS) if stem in pattern.lower()
        )
        + ")",
        re.IGNORECASE,
    )
    for stem in _CHEAP
}
# the longest text a marker puts before its answer word ("таким образом, ответ", "ist die Antwort")
_BEFORE_STEM = 24


def _marker_matches(
    text: str, lowered: str | None = None, stems: list[str] | None = None
) -> list[re.Match[str]]:
    """The markers of ``text``, left to right. The marker pattern is tried only in a window around each
    answer word: tried at every position, its many alternatives cost more than all the rest of grading.
    ``lowered`` is ``text.lower()``, and ``stems`` the answer words it holds (:func:`_stems_in`), when the
    caller has them."""
    if lowered is None:
        lowered = text.lower()
    if len(lowered) == len(text):  # the common case: positions agree, and str.find beats a regex scan
        present = stems if stems is not None else _stems_in(lowered, first_non_ascii(lowered))
        starts = sorted((i, stem) for stem in present for i in find_all(lowered, stem))
    else:
        starts = [(m.start(), m.group().lower()) for m in _STEM.finditer(text)]
    found: list[re.Match[str]] = []
    end = 0
    for start, stem in starts:
        if start < end:
            continue
        pattern = _MARKER_OF_STEM.get(stem, _MARKER)
        # a marker opens at most _BEFORE_STEM characters before its answer word, and one that opens after
        # this word holds an answer word of its own, tried from there; it is matched against the whole text,
        # since a cut-off window would end a word early and let `\b` match inside it ("ответRéponse")
        m = _first_marker(text, max(end, start - _BEFORE_STEM), start + 1, pattern)
        if m is not None and m.end() > start:
            found.append(m)
            end = m.end()
    return found


def _first_marker(
    text: str, lo: int, last_start: int, pattern: re.Pattern[str] = _MARKER
) -> re.Match[str] | None:
    """The first match of ``pattern`` (a marker alternation) that opens in ``text[lo:last_start]``, tried
    only where a word starts: every marker opens on a letter that no letter precedes, and a marker
    alternation costs a lot at each position."""
    # each run of letters starts a word, but a run at lo that a letter precedes
    inside = lo > 0 and _LETTER.match(text, lo - 1) is not None
    for word in _LETTERS.finditer(text, lo, last_start):
        if inside and word.start() == lo:
            continue
        m = pattern.match(text, word.start())
        if m is not None:
            return m
    return None


_LETTER = lazy_compile(r"[^\W\d_]")
_LETTERS = lazy_compile(r"[^\W\d_]+")


def has_answer_word(lowered: str, first: int | None = None) -> bool:
    """Whether lower-cased text holds an answer word of these languages (``réponse``, ``ответ`` …): the test
    every completion pays, so the ASCII ones are found through the prefixes they share. ``first`` is where
    the first character outside ASCII stands, when the caller knows: an answer word outside ASCII starts
    no earlier."""
    if "antwort" in lowered or "ergebnis" in lowered:
        return True
    if "res" in lowered and ("respuesta" in lowered or "resultado" in lowered or "respost" in lowered):
        return True
    if "ris" in lowered and ("rispost" in lowered or "risultat" in lowered):
        return True
    if first is None:
        return not lowered.isascii() and any(word in lowered for word in _NON_ASCII_STEMS)
    # each holds a character outside ASCII after at most two ASCII letters ("répon", "lösung")
    lo = max(0, first - 2)
    return first < len(lowered) and any(lowered.find(word, lo) >= 0 for word in _NON_ASCII_STEMS)


def _stems_in(lowered: str, first: int) -> list[str]:
    """The answer words (:data:`_CHEAP`) that lower-cased text holds, found as :func:`has_answer_word` finds
    them: the ASCII ones through the prefixes they share, the others from ``first`` on (where the first
    character outside ASCII stands).

    >>> _stems_in("la réponse est 5, die antwort 6", 4), _stems_in("the result is 5", 15)
    (['antwort', 'répon'], [])
    """
    present = [word for word in ("antwort", "ergebnis") if word in lowered]
    if "res" in lowered:
        present += [word for word in ("respuesta", "resultado", "respost") if word in lowered]
    if "ris" in lowered:
        present += [word for word in ("rispost", "risultat") if word in lowered]
    if first < len(lowered):
        lo = max(0, first - 2)
        present += [word for word in _NON_ASCII_STEMS if lowered.find(word, lo) >= 0]
    return present


_ENGLISH_WORDS = ("the", "is", "and", "of", "to", "a", "in", "so", "we", "that", "it", "each", "for", "are")


def _words(words: tuple[str, ...]) -> re.Pattern[str]:
    return lazy_compile(
        r"(?<![\w'’])(?:" + "|".join(re.escape(w) for w in words) + r")(?![\w'’])", re.IGNORECASE
    )


_BY_CODE = {language.code: language for language in LANGUAGES}
_LANGUAGES_OF_WORD: dict[str, list[str]] = {}
for _language in LANGUAGES:
    for _word in _language.function_words:
        _LANGUAGES_OF_WORD.setdefault(_word, []).append(_language.code)
for _word in _ENGLISH_WORDS:
    _LANGUAGES_OF_WORD.setdefault(_word, []).append("en")
_FUNCTION_WORDS_OF = {
    code: frozenset(w for w, codes in _LANGUAGES_OF_WORD.items() if code in codes) for code in _BY_CODE
}
_ENGLISH_FUNCTION_WORDS = frozenset(w for w, codes in _LANGUAGES_OF_WORD.items() if "en" in codes)
# every function word is one token of these characters, the ones _words bounds a word by
_TOKEN = lazy_compile(r"[\w'’]+")
# the word a range is written with between its two numbers ("de 72 a 74", "72 bis 74", "от 72 до 74"): read as
# English "to", where "72 to 74" states no single value; elsewhere it is what its phrase says ("до" "up to")
# or left as it is ("a", "à")
_RANGE_WORDS = {"fr": ("à",), "de": ("bis",), "es": ("a", "hasta"), "it": ("a",), "pt": ("a", "até"),
                "ru": ("до",)}  # fmt: skip
_PHRASES = {
    language.code: _words(
        tuple(sorted({*language.phrases, *_RANGE_WORDS.get(language.code, ())}, key=len, reverse=True))
    )
    for language in LANGUAGES
}
_SEPARATED_DIGITS = lazy_compile(r"\d[.,\s\u00a0\u202f]\d")
_WORD = lazy_compile(r"[^\W\d_][^\W\d_'’-]*")
_PHRASE_ENGLISH = {lang.code: {k.lower(): v for k, v in lang.phrases.items()} for lang in LANGUAGES}
_PHRASE_OPENERS = {
    lang.code: {_WORD.match(k.lower()).group() for k in (*lang.phrases, *_RANGE_WORDS.get(lang.code, ()))}  # type: ignore[union-attr]
    for lang in LANGUAGES
}
_SENTENCE_END = lazy_compile(r"[.!?;](?=\s|$)|\n")
# numbers as these languages group and point them
_GROUPED = lazy_compile(r"(?<![\d.,])(?!0)\d{1,3}(?:(?:\.|[ \u00a0\u202f])\d{3}){2,}(?:,\d+)?(?![\d.,])")
_SPACE_GROUPED = lazy_compile(r"(?<![\d.,])\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:,\d+)?(?![\d.,]|\s\d)")
# (a leading 0 groups nothing: "0.125" is a point, never 125)
_DOT_GROUPED = lazy_compile(r"(?<![\d.,])(?!0)(\d{1,3})\.(\d{3})(,\d+)?(?![\d.,])")
_LONE_COMMA_THOUSANDS = lazy_compile(r"(?<![\d.,])(\d{1,3}),(\d{3})(?![\d.,])")
_DECIMAL_COMMA = lazy_compile(r"(?<![\d.,])(\d+),(\d+)(?![\d,]|\.\d)")
_BRACED_COMMA = lazy_compile(r"(?<=\d)\{,\}(?=\d)")


def _in_money(text: str, start: int, end: int) -> bool:
    """Whether the number at ``text[start:end]`` is an amount of money: a currency sign or name right before
    or after it."""
    return _MONEY.match(text, end + (text[end : end + 1] == " "), end + 12) is not None or bool(
        _MONEY.search(text[max(0, start - 3) : start])
    )


def _grouped(m: re.Match[str]) -> str:
    return re.sub(r"[.\s\u00a0\u202f]", "", m.group()).replace(",", ".")


def _number_steps(language: Language) -> list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]]:
    """The rewrites, in order, that read a number as ``language`` groups and points it (``1.250,5``)."""

    def dot_grouped(m: re.Match[str]) -> str:
        # (an amount of money counts no currency to three places: "2.500 euros", "€ 1.250")
        if m[3] or language.dot_groups_thousands or _in_money(m.string, m.start(), m.end()):
            return m[1] + m[2] + (m[3] or "").replace(",", ".")
        return f"{m[1]}{m[2]} or {m[1]}.{m[2]}"  # "1.500" in Spanish or French: both readings

    # callables, not templates: a template is parsed again at each match
    return [
        (_GROUPED, _grouped),
        (_SPACE_GROUPED, _grouped),
        (_DOT_GROUPED, dot_grouped),
        (_LONE_COMMA_THOUSANDS, lambda m: f"{m[1]}{m[2]} or {m[1]}.{m[2]}"),
        (_DECIMAL_COMMA, lambda m: f"{m[1]}.{m[2]}"),
    ]


_NUMBER_STEPS = {language.code: _number_steps(language) for language in LANGUAGES}


def _plain_numbers(r: Rewritten, start: int, end: int, language: Language) -> None:
    """The numbers of ``r.text[start:end]`` (a marker's statement) as these languages group and point them."""
    if r.text.find("{,}", start, end) >= 0:
        # "2{,}5": LaTeX's spelling of the comma between digits (braced, so that no space follows it), read as
        # the comma it prints, by the statement's language ("1{,}500" as "1,500" is: both ways)
        before = len(r.text)
        r.sub(_BRACED_COMMA, ",", start, end)
        end += len(r.text) - before
    if not _SEPARATED_DIGITS.search(r.text, start, end):
        return  # no separator between digits: nothing to read differently
    for pattern, replacement in _NUMBER_STEPS[language.code]:
        before = len(r.text)
        r.sub(pattern, replacement, start, end)
        end += len(r.text) - before


def plain_value(number: str, language: Language) -> str:
    """A number as ``language`` writes it, in the shared notation: what a statement's rewrite
    (:func:`_plain_numbers`) makes of it.

    >>> plain_value("1.250,5", GERMAN), plain_value("3,5", FRENCH), plain_value("1,500", FRENCH)
    ('1250.5', '3.5', '1500 or 1.500')
    """
    # digits alone (a sign before them) hold no separator: the common case, without the search
    if number.lstrip("-\u2212").isdecimal() or not _SEPARATED_DIGITS.search(number):
        return number
    for pattern, replacement in _NUMBER_STEPS[language.code]:
        number = pattern.sub(replacement, number)
    return number


# A line that one of these languages' markers opens and a number alone completes ("Réponse : 2,5",
# "**Antwort:** 72."): how most models close an answer in these languages
_LINE_LEAD = lazy_compile(r"[ \t*_#>]*")
_LINE_VALUE = lazy_compile(r"[ \t*_]*(?P<value>[-\u2212]?\d(?:\d|[.,\u00a0\u202f ](?=\d))*)[ \t*_.]*")


def read_answer_line(line: str) -> tuple[int, int, str] | None:
    """Where the number of an answer line (:data:`_LINE_VALUE`) stands in ``line``, and what it says in the
    shared notation, or None when ``line`` is not one.

    >>> read_answer_line("Réponse : 2,5."), read_answer_line("**Antwort:** 72")
    ((10, 13, '2.5'), (13, 15, '72'))
    >>> read_answer_line("Réponse : 2 €") is None
    True
    """
    found = answer_line_span(line)
    if found is None:
        return None
    start, end, language = found
    return start, end, plain_value(line[start:end], language)


def holds_an_answer_word(text: str) -> bool:
    """Whether ``text`` holds an answer word (:data:`_CHEAP`), as the marker patterns match it (case
    ignored): every marker holds one, so a text without one holds no marker.

    >>> holds_an_answer_word("**RÉPONSE :** 7"), holds_an_answer_word("答案是 7")
    (True, False)
    """
    return _STEM.search(text) is not None


def answer_line_span(line: str) -> tuple[int, int, Language] | None:
    """Where the number of an answer line stands in ``line`` and the language of its marker (the number
    reads as :func:`plain_value` reads it there), or None when ``line`` is no answer line."""
    lead = _LINE_LEAD.match(line)
    m = _MARKER.match(line, lead.end() if lead is not None else 0)
    if m is None:
        return None
    value = _LINE_VALUE.fullmatch(line, m.end())
    if value is None:
        return None
    start, end = value.span("value")
    return start, end, _MARKERS[int((m.lastgroup or "m0")[1:])][0]


_WHOLE = lazy_compile(r"[\s\S]+")


def _spelled_numbers(r: Rewritten, start: int, end: int, language: Language) -> None:
    """The numbers ``r.text[start:end]`` (a marker's statement) spells in words, as digits: ``soixante-douze``
    is 72 in a French statement (and in no other: see :mod:`rewardkit.languages.number_words`); its percent
    (``trois pour cent`` is 3%), per mille (``72 pour mille`` is 7.2%) and decimal point between digits
    (``3 coma 5`` is 3.5, never 3) too."""
    if not _LETTER.search(r.text, start, end):
        return
    code = language.code
    before = len(r.text)
    r.sub(_PERCENT_WORDS[code], "%", start, end)
    end += len(r.text) - before
    before = len(r.text)
    r.sub(_PERMILLE_WORDS[code], "‰", start, end)  # "72 pour mille" is 7.2 %, not 72
    end += len(r.text) - before
    found = {lo: (hi, value) for lo, hi, value in spans(r.text, code, start, end)}
    if found:
        before = len(r.text)
        matches = [_WHOLE.match(r.text, lo, hi) for lo, (hi, _) in found.items()]
        r.apply([m for m in matches if m is not None], lambda m: str(found[m.start()][1]))
        end += len(r.text) - before
    r.sub(_DECIMAL_POINT_WORDS[code], ".", start, end)


_PERCENT_WORDS = {
    code: lazy_compile(rf"[ \t\u00a0]*(?<!\w)(?:{words})(?!\w)", re.IGNORECASE)
    for code, words in {"fr": r"pour[ -]?cent", "de": "prozent", "es": r"por\s+ciento", "it": r"per\s+cento",
                        "pt": r"por\s+cento", "ru": "процент(?:а|ов)?"}.items()
}  # fmt: skip
_PERMILLE_WORDS = {
    code: lazy_compile(rf"[ \t\u00a0]*(?<!\w)(?:{words})(?!\w)", re.IGNORECASE)
    for code, words in {"fr": r"pour[ -]?mille", "de": "promille", "es": r"por\s+mil", "it": r"per\s+mille",
                        "pt": r"por\s+mil", "ru": "промилле"}.items()
}  # fmt: skip
_DECIMAL_POINT_WORDS = {
    code: lazy_compile(rf"(?<=\d)[ \t\u00a0]+(?:{words})[ \t\u00a0]+(?=\d)", re.IGNORECASE)
    for code, words in DECIMAL_POINTS.items()
}


def language_of(text: str, markers: list[re.Match[str]] | None = None) -> Language | None:
    """The language of ``text`` among these, when its function words say so clearly (more of them than of
    English, and of no other of these as many), else None."""
    tail = text[-3000:]
    tail = tail[tail.rfind("</think>") + 1 :]  # the answer's language: reasoning may be in another one
    words = _function_words(tail)
    if words is None:
        return RUSSIAN  # the one language here written in Cyrillic
    # each language's count is one set intersection, not a loop over the words in Python
    counts = {code: len(words & function_words) for code, function_words in _FUNCTION_WORDS_OF.items()}
    for m in _marker_matches(tail) if markers is None else markers:
        counts[_MARKERS[int((m.lastgroup or "m0")[1:])][0].code] += 2
    english = len(words & _ENGLISH_FUNCTION_WORDS)
    (best_code, best), (_, second) = sorted(counts.items(), key=lambda item: item[1], reverse=True)[:2]
    return _BY_CODE[best_code] if best >= 2 and best > english and best > second else None


# a lone point before exactly three digits, the first group no 0: "12.500", "2.400" (not "0.125", "1.250.000")
_LONE_DOT_GROUP = lazy_compile(r"(?<![\d.,])[1-9]\d{0,2}\.\d{3}(?![\d.,])")
# an amount of money around it: a sign or a currency's name
_MONEY = lazy_compile(
    r"[$€£¥₽元]|\b(?:euros?|eur|dollars?|usd|pounds?|gbp|yuan|rmb|yen|pesos?|reais|rubles?|roubles?|francs?|chf)\b"
    r"|руб",
    re.IGNORECASE,
)


def dot_thousands_doubt(value: str, text: str) -> str | None:
    """Why ``value``, a lenient reading of ``text`` with a lone point before three digits (``12.500 Euro``,
    ``2.400``), is not shown to be that decimal: the point groups thousands in an amount of money (no
    currency is counted to three places) or in a text with these languages' function words and none of
    English's (German, Italian, Portuguese, French and Spanish group with it; Russian reads it both ways).
    None for an English or unknown text, where ``2.400 kg`` is 2.4, and where no such point stands.

    >>> dot_thousands_doubt("12.500 Euro", "Das Auto kostet 12.500 Euro.")[:30]
    "'12.500' in an amount of money"
    >>> dot_thousands_doubt("2.400", "The weight is 2.400 kg.") is None
    True
    """
    point = _LONE_DOT_GROUP.search(value)
    if point is None:
        return None
    said = point.group()
    if _MONEY.search(value):
        return f"{said!r} in an amount of money: a point before three digits groups thousands, never cents"
    # (a short text has too few function words for language_of: one of these languages' and none of English's
    # tell it, "Die Fläche beträgt 1.250 m².")
    words = _function_words(text[-3000:])
    if words is not None and (not words or words & _ENGLISH_FUNCTION_WORDS):
        return None
    return f"{said!r} in a text not in English: a point before three digits may group thousands there"


_GROUPING_CODES = frozenset(language.code for language in LANGUAGES if language.dot_groups_thousands)
# the function words only languages that group thousands with a point write (German's "das", Portuguese's
# "é"), and those only languages that read a lone one both ways write (French's "est", Spanish's "el")
_GROUPING_WORDS = frozenset(
    w for w, codes in _LANGUAGES_OF_WORD.items() if "en" not in codes and set(codes) <= _GROUPING_CODES
)
_BOTH_WAYS_WORDS = frozenset(
    w for w, codes in _LANGUAGES_OF_WORD.items() if "en" not in codes and not set(codes) & _GROUPING_CODES
)


def dot_thousands_value(value: str, text: str) -> str | None:
    """``value``, a lenient reading of ``text`` with a lone point before three digits, with that point read
    as the text's language reads it when that language groups thousands with it: a text with none of
    English's function words and more of German's, Italian's or Portuguese's own than of French's or Spanish's
    (``Das Auto kostet 12.500 Euro.``), or an amount of money whose currency follows it in a text with no
    English function word (``L'auto costa 12.500 euro.``: no currency is counted to three places, in French
    and Spanish either). None where the point stays a decimal point (English: ``The car costs 12.500
    Euro.``) or is read both ways (``Le prix est 1.500.``): there :func:`dot_thousands_doubt` refuses the
    decimal, and nothing pays.

    >>> dot_thousands_value("12.500 Euro", "Das Auto kostet 12.500 Euro.")
    '12500 Euro'
    >>> dot_thousands_value("1.500", "Le prix est 1.500.")
    >>> dot_thousands_value("2.400", "The weight is 2.400 kg.")
    """
    point = _LONE_DOT_GROUP.search(value)
    if point is None or _LONE_DOT_GROUP.search(value, point.end()) is not None:
        return None
    tail = text[-3000:]
    tail = tail[tail.rfind("</think>") + 1 :]  # the answer's language, as language_of reads it
    words = _function_words(tail)
    if words is None or words & _ENGLISH_FUNCTION_WORDS:
        return None  # (Russian reads it both ways; English reads the decimal point)
    money_after = _MONEY.match(value, point.end() + (value[point.end() : point.end() + 1] == " "))
    if money_after is None and len(words & _GROUPING_WORDS) <= len(words & _BOTH_WAYS_WORDS):
        return None  # (German writes "des" as French does: the words of one side outnumber the other's)
    return value[: point.start()] + point.group().replace(".", "") + value[point.end() :]


_CYRILLIC = lazy_compile(r"[\u0400-\u04ff]{2,}")


def _function_words(tail: str) -> set[str] | None:
    """The distinct function words of these languages and English among ``tail``'s tokens, lower-cased; None
    for a text in Cyrillic (Russian's script) that is not Latin-1."""
    words = _latin1_function_words(tail)
    if words is None:
        if _CYRILLIC.search(tail):
            return None
        # the distinct tokens that are function words: what _words(all of them) finds, in one scan (that
        # alternation, tried at every position, cost more than all the rest of grading)
        words = set(map(str.lower, _TOKEN.findall(tail))).intersection(_LANGUAGES_OF_WORD)
    return words


# A text written in Latin-1 (English, and French, German, Spanish, Italian, Portuguese as most write them) is
# split into its tokens by bytes: each byte that _TOKEN's class holds as itself lower-cased, every other one a
# space. The regex reads a character at a time, and cost more than the rest of the language pass.
_LATIN1_TOKENS = bytes((ord(chr(b).lower()) if _TOKEN.fullmatch(chr(b)) else ord(" ")) for b in range(256))
_LATIN1_FUNCTION_WORDS = {w.encode("latin-1"): w for w in _LANGUAGES_OF_WORD if max(w) <= "\xff"}
_LATIN1_WORDS = frozenset(_LATIN1_FUNCTION_WORDS)


def _latin1_function_words(text: str) -> set[str] | None:
    """The function words among the lower-cased tokens of ``text`` (``_TOKEN.findall``), or None when ``text``
    is not Latin-1 (nor Cyrillic, then: a caller that gets a set need not look for it).

    >>> sorted(_latin1_function_words("La réponse est 5, and THE l'x"))
    ['and', 'est', 'la', 'réponse', 'the']
    """
    try:
        encoded = text.encode("latin-1")  # a copy of the string's own bytes when it is Latin-1
    except UnicodeEncodeError:
        return None
    tokens = encoded.translate(_LATIN1_TOKENS).split()
    return {_LATIN1_FUNCTION_WORDS[t] for t in _LATIN1_WORDS.intersection(tokens)}


def normalize(text: str) -> str:
    """``text`` with each statement these languages' markers open, and the commitment words of a text in one
    of them, rewritten in the shared notation."""
    rewritten = Rewritten(text)
    rewrite(rewritten)
    return rewritten.text


def rewrite(r: Rewritten, first: int | None = None, doubts: bool = False) -> None:
    """:func:`normalize`, in place, keeping track of where each character came from. A text that holds no
    answer word of these languages and no Cyrillic is returned at the cost of a few substring tests, unless
    ``doubts``: then its commitment words are read all the same, and in a text whose language is not known its
    hedges that tell their own (``Peut-être 18.``, see :func:`doubted_near`). ``first`` is where the first
    character outside ASCII stands, when the caller has found it."""
    text = r.text
    if first is None:
        first = first_non_ascii(text)
    # lower-cased in two parts: an ASCII part lower-cases a machine word at a time, the rest a character at a
    # time through the Unicode tables (six times as long over a whole English text that closes in Chinese); no
    # answer word or marker holds the one letter whose lower case depends on what precedes it (Greek sigma)
    lowered = text.lower() if first >= len(text) else text[:first].lower() + text[first:].lower()
    # lower-casing keeps an ASCII text's length, and the positions of all before its first other character
    stems = _stems_in(lowered, first) if len(lowered) == len(text) else None
    marked = bool(stems) if stems is not None else has_answer_word(lowered)
    # no marker: the one number a conclusion of these languages spells out closes the text, as digits
    closing = None if marked else spelled_conclusion(text)
    cyrillic = first < len(text) and _CYRILLIC.search(text, first) is not None
    if not marked and not doubts and closing is None and not cyrillic:
        return
    markers = _marker_matches(text, lowered, stems) if marked else []
    if marked and not markers:  # an answer word that opens no marker ("Die Lösung hat …"): as none
        closing = spelled_conclusion(text)
    language = language_of(text, markers if len(text) <= 3000 and "</think>" not in text else None)
    if closing is not None:
        start, end, number_start, number_end, value, closing_language = closing
        r.splice([(number_start, number_end, str(value))])
        if closing_language is not language:  # the conclusion's words are read in its language
            end += len(str(value)) - (number_end - number_start)
            r.apply(_phrase_matches(r.text, closing_language, start, end), _in_english(closing_language))
    statements = []
    last = 0
    for m in markers:
        if m.start() < last:
            continue
        stop = _SENTENCE_END.search(text, m.end())  # "3,5." ends at its full stop; "1.250,5" goes on
        last = stop.start() if stop is not None else len(text)
        statements.append((m, last))
    for m, end in reversed(statements):  # from the last, so that earlier positions hold
        marker_language, _, english = _MARKERS[int((m.lastgroup or "m0")[1:])]
        before = len(r.text)
        _plain_numbers(r, m.end(), end, marker_language)
        _spelled_numbers(r, m.end(), end + len(r.text) - before, marker_language)
        if marker_language is not language:
            # the statement a marker opens is in the marker's language, whatever the rest is written in
            # ("… so 8 * 9 = 72.\nRéponse : pas 72"): its commitment words are read there
            end += len(r.text) - before
            r.apply(_phrase_matches(r.text, marker_language, m.end(), end), _in_english(marker_language))
        spaced = m.end() < len(r.text) and not r.text[m.end()].isspace()
        r.apply([m], _constant(english + " " if spaced else english))
    if language is not None:
        r.apply(_phrase_matches(r.text, language), _in_english(language))
    elif doubts:
        r.sub(_OWN_HEDGE, lambda m: _OWN_HEDGE_ENGLISH[m.group().lower()])
    if (language is not None or doubts) and "without" in r.text:
        r.apply(_conditional_mood(r.text, language), lambda m: "would " + m.group())
    now = None  # the text as rewritten so far, lower-cased: made once, if a language has such words
    for code in {m.lastgroup and _MARKERS[int(m.lastgroup[1:])][0].code for m in markers} | {
        language and language.code
    }:
        if code in _BETWEEN_NUMBERS:
            # the pattern opens on a look-behind, tried at every position: only where one of its words stands
            now = now if now is not None else (lowered if r.text is text else r.text.lower())
            if any(word in now for word in _OPERATION_WORDS[code]):
                r.sub(_BETWEEN_NUMBERS[code], lambda m: f" {_OPERATIONS[m[1].lower()]} ")


# Words that name an operation only between two numbers: "72 por 2" is 72 × 2 (as "72 fois 2" and "72 mal 2"
# are), where "72 por hora" is a rate, "por lo tanto" "therefore", and "72 sur 2" is 72 / 2 where "sur la
# table" is "on the table"; "72 par 2" and "72 на 2" are "72 by 2" (a quotient, or a rectangle's sides), where
# "par jour" and "на столе" are not; read as the English operation, never as the first number
_OPERATIONS = {"por": "times", "per": "times", "entre": "divided by", "sur": "over", "durch": "divided by",
               "diviso": "divided by", "hoch": "to the power of", "par": "by", "на": "by", "sobre": "over",
               "fratto": "over"}  # fmt: skip
_OPERATION_WORDS = {"es": ("por", "entre", "sobre"), "it": ("per", "diviso", "fratto"), "pt": ("por",),
                    "fr": ("sur", "par"), "de": ("durch", "hoch"), "ru": ("на",)}  # fmt: skip
_BETWEEN_NUMBERS = {
    code: lazy_compile(rf"(?<=\d)\s+({'|'.join(words)})\s+(?=[-−]?\d)", re.IGNORECASE)
    for code, words in _OPERATION_WORDS.items()
}


_ANY_OPERATION_WORD = frozenset(word for words in _OPERATION_WORDS.values() for word in words)


# The words of a count said against its whole and of an amount needed toward a whole, which the reader of a
# value measured against a reference (:func:`rewardkit.commitment.measured_against`) reads in English as "out
# of", "needs" and "to reach": "12 questions sur 20", "12 de 20 preguntas", "12 von 20 Fragen" count 12 of 20
# (a word of its own between them: "of" counts with nothing between, "sur" after a noun too); "Il lui en faut
# 3 de plus pour atteindre un total de 10", "Le faltan 3 para llegar a 10", "Er braucht noch 3, um auf 10 zu
# kommen" need 3 toward 10. Read wherever they stand, with no language found for the text: a last number is
# judged in the words around it, which a short text of these languages holds too few of to be told
COUNTED_AGAINST: dict[str, tuple[str, ...]] = {
    "fr": ("sur",),
    "es": ("de",),
    "de": ("von",),
    "it": ("su",),
    "pt": ("de",),
}
# (of these, the ones a noun may stand between the count and: "12 questions sur 20", "12 domande su 20")
COUNTED_AGAINST_AFTER_A_NOUN = frozenset({"sur", "su"})
NEEDED: dict[str, tuple[str, ...]] = {
    "fr": ("faut", "manque", "manquent", "doit", "doivent", "besoin"),
    "es": ("necesita", "necesitan", "falta", "faltan", "debe", "deben", "requiere"),
    "de": ("braucht", "brauchen", "benötigt", "benötigen", "muss", "müssen", "fehlt", "fehlen"),
}
# the words that name the whole, right before its number; German closes the clause after it ("um auf 10 zu
# kommen"): its whole is read only with the "zu" of that clause after the number
TOWARD: dict[str, tuple[str, ...]] = {
    "fr": ("pour atteindre", "pour arriver à", "pour en avoir", "pour avoir", "pour obtenir",
           "pour compléter", "pour faire"),
    "es": ("para llegar a", "para alcanzar", "para tener", "para completar", "para juntar", "para reunir",
           "para conseguir", "para sumar"),
    "de": ("um auf", "um insgesamt", "um",),
}  # fmt: skip
TOTAL_OF: dict[str, tuple[str, ...]] = {
    "fr": ("un total de", "le total de"),
    "es": ("un total de", "el total de"),
    "de": (),
}
TOWARD_CLOSES_AFTER = {"de": "zu"}


def leaves_line(line: str, text: str, last_line: int) -> bool:
    """Whether :func:`rewrite` leaves ``line``, a whole line of ``text`` before its last line (which starts at
    ``last_line``), as it stands: ``line`` is ASCII, holds no answer word (no marker opens a statement in it,
    and one on another line ends at its line) and no word of an operation between numbers (read after any
    marker's language), and no word that opens a commitment phrase of ``text``'s language, when it has one
    (those are read in every line). A short line before an answer line is read by the rules that judge that
    line's value: where this holds, it reads alike rewritten or not.

    >>> english = "He runs 3 sprints of 60 meters, and he does it each week.\\nSo he runs 9*60=540 m\\n"
    >>> leaves_line("So he runs 9*60=540 m", english + "Réponse : 540", len(english))
    True
    >>> leaves_line("So 3 par 2 = 6", "So 3 par 2 = 6\\nRéponse : 6", 15)
    False
    >>> leaves_line("Antwort: 5", "Antwort: 5\\nRéponse : 5", 11)
    False
    >>> leaves_line("Elle a 3 pommes ou 2 poires", "Elle a 3 pommes ou 2 poires, donc 5.\\nRéponse : 5", 37)
    False
    """
    if not line.isascii():
        return False
    lowered = line.lower()
    words = set(_WORD.findall(lowered))
    if has_answer_word(lowered) or not _ANY_OPERATION_WORD.isdisjoint(words):
        return False
    # the language as the rewrite finds it, from the function words and the markers: where no answer word
    # stands before the last line, the marker that opens that line is all there is (an answer line is a
    # marker and a number), found without a search of the text
    markers = None
    if not has_answer_word(text[:last_line].lower()):
        lead = _LINE_LEAD.match(text, last_line)
        marker = _MARKER.match(text, lead.end() if lead is not None else last_line)
        markers = [marker] if marker is not None else []
    language = language_of(text, markers)
    # the conditional mood is read only in a line that holds "without", after its phrases are read
    return language is None or (words.isdisjoint(_PHRASE_OPENERS[language.code]) and "without" not in lowered)


# the hedges that tell their own language, and the words of a condition or of the conditional mood: what a
# statement a lenient rule reads its value from may hold in these languages ("Vielleicht 30.")
_OWN_HEDGE_ENGLISH = {
    word: _PHRASE_ENGLISH[code][word]
    for table in (_OWN_HEDGES, _OWN_QUALIFIERS)
    for code, words in table.items()
    for word in words
}
_OWN_HEDGE = _words(tuple(sorted(_OWN_HEDGE_ENGLISH, key=len, reverse=True)))
_CONDITIONS = (" si ", " se ", "\nsi ", "\nse ", "wenn", "falls", "sofern", "если", "serait", "sería", "wäre",
               "sarebbe", "seria", " бы", "würde")  # fmt: skip
_DOUBT_WORDS = (*_OWN_HEDGE_ENGLISH, *_CONDITIONS)
_ASCII_DOUBT_WORDS = tuple(word for word in _DOUBT_WORDS if word.isascii())
_WORD_RUN = lazy_compile(r"[^\W\d_]+")
_DOUBT_FIRST_WORDS = frozenset(_WORD_RUN.findall(word)[0] for word in _DOUBT_WORDS)


def doubted_near(text: str, start: int, end: int) -> bool:
    """Whether a hedge or a condition of these languages may stand in the statement around ``text[start:end]``
    (a value a lenient rule found in a text no marker of theirs opens): asked of a value about to be paid, at
    the cost of a few substring tests of its neighbourhood; :func:`rewrite` with ``doubts`` then reads them.

    >>> doubted_near("Vielleicht 30.", 11, 13), doubted_near("So in all it is 30.", 16, 18)
    (True, False)
    """
    window = text[max(0, start - 200) : end + 80].lower()
    # the words of the window, met against the first word of each doubt: one scan, however many doubts
    if _DOUBT_FIRST_WORDS.isdisjoint(_WORD_RUN.findall(window)):
        return False
    window = " " + window
    words = _ASCII_DOUBT_WORDS if window.isascii() else _DOUBT_WORDS
    return any(word in window for word in words)


# the conditional mood, which "would" writes in English: French "-rait", German "würde", "wäre", "hätte",
# Spanish "-ría", Italian "-rebbe", Portuguese "-ria", Russian "бы"
_CONDITIONAL_MOOD = {
    "fr": r"\w+(?:rait|raient)", "de": r"(?:würde|wäre|hätte|könnte)n?", "es": r"\w+r[ií]a(?:n|mos)?",
    "it": r"\w+rebbe(?:ro)?", "pt": r"\w+ria(?:m)?", "ru": r"бы",
}  # fmt: skip
_MOOD_OF = {
    code: lazy_compile(rf"(?<![\w'’])(?:{verb})(?![\w'’])", re.IGNORECASE)
    for code, verb in _CONDITIONAL_MOOD.items()
}
_ANY_MOOD = lazy_compile(rf"(?<![\w'’])(?:{'|'.join(_CONDITIONAL_MOOD.values())})(?![\w'’])", re.IGNORECASE)
_WITHOUT = lazy_compile(r"\bwithout\b", re.IGNORECASE)
_STOPS = ".!?\n"


def _conditional_mood(text: str, language: Language | None) -> Iterator[re.Match[str]]:
    """The verbs in the conditional mood of the sentences of ``text`` that hold a "without" (``Sans la
    réduction, le prix serait …`` once read): what the English reader of a counterfactual looks for. In a
    text whose language is not known, any of these languages' forms.

    >>> [m.group() for m in _conditional_mood("Ohne Gutschein würde es 72 € kosten. Sie würde.", None)]
    []
    >>> [m.group() for m in _conditional_mood("without Gutschein würde es 72 € kosten. Sie würde.", None)]
    ['würde']
    """
    mood = _ANY_MOOD if language is None else _MOOD_OF[language.code]
    end = 0
    for without in _WITHOUT.finditer(text):
        if without.start() < end:
            continue  # a second "without" in a sentence already read
        end = min((i for i in (text.find(c, without.end()) for c in _STOPS) if i >= 0), default=len(text))
        start = max(text.rfind(c, 0, without.start()) for c in _STOPS) + 1
        yield from mood.finditer(text, start, end)


def _in_english(language: Language) -> Callable[[re.Match[str]], str]:
    """The English of a commitment phrase of ``language`` (``n'est pas`` → ``is not``), and ``to`` for its
    range word between a number and a larger one (``72 bis 74``)."""
    english = _PHRASE_ENGLISH[language.code]
    ranges = _RANGE_WORDS.get(language.code, ())

    def replace(m: re.Match[str]) -> str:
        word = m.group().lower()
        if word in ranges and _between_rising_numbers(m.string, m.start(), m.end()):
            return "to"
        if m.group() == "А" and _STANDS_ALONE.match(m.string, m.end()):
            return (
                m.group()
            )  # "Ответ: А": the option's letter, the conjunction only joins words ("не 5, а 6")
        return english.get(word, m.group())

    return replace


# what follows a word that is a statement's last: a closing bracket or emphasis, its stop, the line's end
_STANDS_ALONE = lazy_compile(r"[ \t)\]}$*_]*(?:[.!;,]|\n|$)")


_NUMBER_BEFORE = lazy_compile(r"(?<![\d.,])(\d{1,15}(?:[.,]\d{1,15})?)\s+$")
_NUMBER_AFTER = lazy_compile(r"\s+(\d{1,15}(?:[.,]\d{1,15})?)(?![\d.,]\d)")


def _between_rising_numbers(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` stands between a number and a larger one, as a range's word does (``de 72 a
    74``; "72 a 3 euros", 72 at 3 euros each, is no range).

    >>> _between_rising_numbers("de 72 a 74", 6, 7), _between_rising_numbers("72 a 3 euros", 3, 4)
    (True, False)
    """
    before = _NUMBER_BEFORE.search(text[max(0, start - 32) : start])
    after = _NUMBER_AFTER.match(text, end)
    if before is None or after is None:
        return False
    return float(before[1].replace(",", ".")) < float(after[1].replace(",", "."))


def _constant(text: str) -> Callable[[re.Match[str]], str]:
    return lambda _: text


def _phrase_matches(
    text: str, language: Language, start: int = 0, stop: int | None = None
) -> Iterator[re.Match[str]]:
    """The commitment phrases of ``language`` in ``text[start:stop]``: tried only where a word that opens one
    stands (the phrase alternation at every position costs more than grading the text)."""
    openers, pattern = _PHRASE_OPENERS[language.code], _PHRASES[language.code]
    end = start
    stop = len(text) if stop is None else stop
    for word in _WORD.finditer(text, start, stop):
        if word.start() >= end and word.group().lower() in openers:
            m = pattern.match(text, word.start(), stop)
            if m is not None:
                end = m.end()
                yield m
