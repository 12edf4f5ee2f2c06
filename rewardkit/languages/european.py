"""Answer markers of French, German, Spanish, Italian, Portuguese and Russian, and the decimal comma they
write after them.

``Réponse : 3,5`` states 3.5, where ``The answer is 3,5`` states no single number: a comma between digits is
a decimal point only in a statement whose language writes it so. :func:`normalize` rewrites each statement
that one of these markers opens (from the marker to the end of its sentence) into the shared notation: the
marker in English, ``3,5`` as ``3.5``, ``1.000`` and ``1 000`` as ``1000``. Outside such a statement no comma
is ever read as a decimal point: when the language is unknown, the grader does not guess.

The words that keep a statement from committing (``n'est pas``, ``nicht``, ``peut-être``, ``если``) are in
:mod:`rewardkit.commitment`, which reads them whatever the language of the text.

>>> normalize("Donc, la réponse est 3,5.")
'Donc, The answer is 3.5.'
>>> normalize("Ответ: 1 000 000")
'Answer: 1000000'
>>> normalize("Die Antwort lautet 1.250,5 Euro.")
'The answer is 1250.5 Euro.'
"""

from __future__ import annotations

import re

# (pattern, English marker): each pattern matches lower-cased text; "final" forms first
_MARKERS: tuple[tuple[str, str], ...] = (
    # French
    (r"(?:la\s+)?réponse\s+finale\s+est\b|réponse\s+finale\s*:", "The final answer is"),
    (r"(?:la\s+)?réponse\s+est\b|le\s+résultat\s+est\b", "The answer is"),
    (r"réponse\s*:", "Answer:"),
    # German
    (r"(?:die\s+)?endgültige\s+antwort\s+(?:ist|lautet)\b|endgültige\s+antwort\s*:", "The final answer is"),
    (r"(?:die\s+)?(?:antwort|lösung)\s+(?:ist|lautet)\b|das\s+ergebnis\s+(?:ist|lautet)\b", "The answer is"),
    (r"(?:antwort|lösung|ergebnis)\s*:", "Answer:"),
    # Spanish
    (r"(?:la\s+)?respuesta\s+final\s+es\b|respuesta\s+final\s*:", "The final answer is"),
    (r"(?:la\s+)?respuesta\s+(?:correcta\s+)?es\b|el\s+resultado\s+es\b", "The answer is"),
    (r"respuesta\s*:", "Answer:"),
    # Italian
    (r"(?:la\s+)?risposta\s+finale\s+è|risposta\s+finale\s*:", "The final answer is"),
    (r"(?:la\s+)?risposta\s+(?:corretta\s+)?è|il\s+risultato\s+è", "The answer is"),
    (r"risposta\s*:", "Answer:"),
    # Portuguese
    (r"(?:a\s+)?resposta\s+final\s+é|resposta\s+final\s*:", "The final answer is"),
    (r"(?:a\s+)?resposta\s+(?:correta\s+)?é|o\s+resultado\s+é", "The answer is"),
    (r"resposta\s*:", "Answer:"),
    # Russian
    (r"окончательный\s+ответ\s*[:—–-]?", "The final answer is"),
    (r"ответ\s*[:—–]|ответ\s+(?:равен|будет|-)", "Answer:"),
)
_MARKER = re.compile(
    "|".join(f"(?P<m{i}>(?<![^\\W\\d_]){pattern})" for i, (pattern, _) in enumerate(_MARKERS)), re.IGNORECASE
)
_CHEAP = ("répon", "résult", "antwort", "lösung", "ergebnis", "respuesta", "resultado", "rispost", "risultat",
          "respost", "ответ")  # fmt: skip
# the statement a marker opens ends at its sentence's end
_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)|\n")
# numbers as these languages group and point them: 1.000.000,5 / 1 000 000,5 / 3,5
_GROUPED = re.compile(r"(?<![\d.,])(\d{1,3}(?:(?:\.|[ \u00a0\u202f])\d{3})+)(,\d+)?(?![\d.,]|\s\d)")
_DECIMAL_COMMA = re.compile(r"(?<![\d.,])(\d+),(\d+)(?![\d,]|\.\d)")


def _plain_numbers(statement: str) -> str:
    statement = _GROUPED.sub(lambda m: re.sub(r"[.\s\u00a0\u202f]", "", m[1]) + (m[2] or ""), statement)
    return _DECIMAL_COMMA.sub(r"\1.\2", statement)


def normalize(text: str) -> str:
    """``text`` with each statement these languages' markers open rewritten in the shared notation."""
    if not any(word in text or word.capitalize() in text or word.upper() in text for word in _CHEAP):
        return text
    out = []
    last = 0
    for m in _MARKER.finditer(text):
        if m.start() < last:
            continue
        english = _MARKERS[int((m.lastgroup or "m0")[1:])][1]
        stop = _SENTENCE_END.search(text, m.end())  # "3,5." ends at its full stop; "1.250,5" goes on
        end = stop.start() if stop is not None else len(text)
        out.append(text[last : m.start()])
        out.append(english)
        out.append(_plain_numbers(text[m.end() : end]))
        last = end
    out.append(text[last:])
    return "".join(out)
