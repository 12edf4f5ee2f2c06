"""Whether an answer is a character's words rather than the writer's: quoted speech, or speakers of a dialogue
who state different values."""

from __future__ import annotations

import re

from rewardkit.lazy_regex import lazy_compile
from rewardkit.numbers import Quantity, same_quantity, scan

# --- a character's words: quoted speech and a dialogue of speakers ------------------------------------------
# a verb of speech and who says it: '"The answer is 81," said the wizard', 'The wizard said, "81."', '"81,"
# she replied'
_SPEECH_VERB = (
    r"(?:said|says|asked|asks|replied|replies|answered|answers|shouted|shouts|declared|declares|announced|"
    r"announces|whispered|whispers|exclaimed|exclaims|insisted|insists|claimed|claims|cried|cries|muttered|"
    r"mutters|retorted|retorts|protested|protests|added|adds|suggested|suggests|guessed|guesses)"
)
_SPEAKER = r"(?:(?:the|a|an|his|her|their|my|our)\s+(?:[a-z]+\s+)?[a-z]+|he|she|they|(?-i:[A-Z][a-z]+))"
_SAID_AFTER_QUOTE = lazy_compile(
    rf"[\s,.!?*_]*[\"”][\s,]*(?:{_SPEECH_VERB}\s+{_SPEAKER}|{_SPEAKER}\s+{_SPEECH_VERB})\b", re.IGNORECASE
)
_SAID_BEFORE_QUOTE = lazy_compile(
    rf"\b(?:{_SPEECH_VERB}(?:\s+to\s+{_SPEAKER}|\s+{_SPEAKER})?|{_SPEAKER}\s+{_SPEECH_VERB})\s*[,:]?\s*[\"“]\s*\Z",
    re.IGNORECASE,
)
# ... or the problem's own words, quoted after what names them or says they are restated: 'Problem: "Find x if
# the answer is 72."', 'The question reads, "…"', 'Restating: "…"', 'Recall the task: "…"' (the writer's own
# words stand outside it: 'The answer is "72".', 'My answer: "72"')
_QUOTED_PROBLEM_BEFORE = lazy_compile(
    r"\b(?:(?:problem|question|task|prompt|exercise|puzzle)(?:\s+(?:statement|text|wording))?|original|"
    r"(?:re)?stat(?:ed|es|ing)|rephras(?:e|ed|es|ing)|paraphras(?:e|ed|es|ing)|restate|recall(?:ing)?|"
    r"quot(?:e|ed|es|ing)|verbatim|reads|read\s+as|goes|asks|asked)[\s*_]*[,:]?[\s*_]*[\"“]\s*\Z",
    re.IGNORECASE,
)
# the same attribution with no quotation marks, right after the value, as a story tells it: "The answer is 81,
# said the wizard." ("72, says my calculation" is the text's own working)
_NARRATED = (
    r"(?:said|replied|answered|shouted|declared|announced|whispered|exclaimed|insisted|cried|muttered|"
    r"retorted)"
)
_SAID_AFTER_VALUE = lazy_compile(
    rf"[\s*_]*[,—–]\s*(?:{_NARRATED}\s+(?:(?:the|a|an|his|her|their)\s+(?:[a-z]+\s+)?[a-z]+|(?-i:[A-Z][a-z]+))|"
    rf"(?:he|she|they)\s+{_NARRATED})\b",
    re.IGNORECASE,
)


_VALUE_WORD = lazy_compile(r"[^\s,\"”—–]+")


def quoted_speech(completion: str, start: int, end: int) -> str | None:
    """Why the answer at ``completion[start:end]`` is a character's words rather than the writer's: it stands
    in a quotation said by someone (``"The answer is 81," said the wizard``) or is followed by who says it
    (``The answer is 81, said the wizard.``), or None.

    >>> print(quoted_speech('"The answer is 81," said the wizard.', 15, 17))
    attributed: '"The answer is 81," said the wizard' is what a character says, not the writer's answer
    >>> quoted_speech('The wizard\\'s answer is 81. So we use 81.', 23, 25) is None
    True
    >>> print(quoted_speech('Problem: "Find x if the answer is 72."', 34, 36))
    attributed: 'Problem: "Find x if the answer is 72."' quotes the problem's words, not the writer's answer
    """
    line_start = completion.rfind("\n", 0, start) + 1
    line_end = completion.find("\n", end)
    line_end = len(completion) if line_end < 0 else line_end
    # (the statement's span may run on past its value into the attribution: '81," said the wizard')
    value = _VALUE_WORD.match(completion, start)
    end = value.end() if value is not None else end
    head = completion[line_start:start]
    said: re.Match[str] | None = None
    opened = max(head.rfind("“"), head.rfind('"') if head.count('"') % 2 == 1 else -1)
    if opened >= 0 and head.rfind("”") < opened:
        closes = [
            i for i in (completion.find('"', end, line_end), completion.find("”", end, line_end)) if i >= 0
        ]
        if closes:
            close = min(closes)
            said = _SAID_AFTER_QUOTE.match(completion, end, line_end)
            if said is None and _SAID_BEFORE_QUOTE.search(head[: opened + 1]) is not None:
                quoted = completion[line_start : close + 1].strip()[:60]
                return f"attributed: {quoted!r} is what a character says, not the writer's answer"
            if said is None and _QUOTED_PROBLEM_BEFORE.search(head[: opened + 1]) is not None:
                quoted = completion[line_start : close + 1].strip()[:60]
                return f"attributed: {quoted!r} quotes the problem's words, not the writer's answer"
    if said is None:
        said = _SAID_AFTER_VALUE.match(completion, end, line_end)
    if said is None:
        return None
    opening = line_start + opened if opened >= 0 else start
    return (
        f"attributed: {completion[opening : said.end()].strip()[:60]!r} is what a character says, not the "
        "writer's answer"
    )


# a line of a dialogue: a speaker's name, a colon, and what the speaker says in the first person ("Alice: I
# think it's 45 minutes.", "Bob: Hmm, I get 40."); a label of a section ("Monday: 5 apples", "Answer: 45")
# says nothing in the first person
_SPEAKER_LINE = lazy_compile(
    r"^[ \t*_>-]*(?P<name>[A-Z][a-z]{1,15})[*_]*[ \t]*:[ \t]*(?P<said>.+)$", re.MULTILINE
)
_FIRST_PERSON = lazy_compile(
    r"\b(?:I|I'm|I'd|I've|I'll|we|we're|we'll|my|me|let's)\b|\bi\s+(?:think|get|got)\b"
)
_SECTION_NAMES = frozenset(
    "Answer Solution Step Note Check Final Explanation Reasoning Question Problem Given Hint Therefore So "
    "Thus Result Total Example Case Part Method Proof Verification Summary Conclusion Work Calculation "
    "Output Input Assistant User Human System Thought Thinking Plan Approach Analysis Edit Update Correction "
    "Response Reply Attempt Option Choice First Second Third Next Then Finally".split()
)


def dialogue_disagrees(completion: str, start: int) -> str | None:
    """Why the value at ``start`` is one speaker's in a dialogue whose speakers state different values
    (``Alice: I think it's 45 minutes.\\nBob: Hmm, I get 40 minutes.``), or None: the text reports an exchange
    that settles on no value of the writer's own.

    >>> dialogue_disagrees("Alice: I think it's 45.\\nBob: I get 40.", 34)
    "attributed: a dialogue whose speakers disagree ('Alice' says 45, 'Bob' says 40)"
    >>> dialogue_disagrees("Monday: 5 apples\\nTuesday: 7 apples\\nTotal: 12", 44) is None
    True
    """
    said: dict[str, tuple[Quantity, str]] = {}
    order: list[str] = []
    for line in _SPEAKER_LINE.finditer(completion):
        name = line["name"]
        if name in _SECTION_NAMES or _FIRST_PERSON.search(line["said"]) is None:
            continue
        values = list(scan(line["said"]))
        if values:
            last = values[-1]
            said[name] = (last.quantity, line["said"][last.start : last.end])
            if name not in order:
                order.append(name)
    if len(order) < 2:
        return None
    first = said[order[0]][0]
    if all(same_quantity(first, said[name][0]) for name in order[1:]):
        return None  # (the speakers agree)
    speaker = _SPEAKER_LINE.match(completion, completion.rfind("\n", 0, start) + 1)
    if speaker is None or speaker["name"] not in said:
        return None  # (the value stands on a line of the writer's own: "So the answer is 40.")
    told = ", ".join(f"{name!r} says {said[name][1]}" for name in order[:3])
    return f"attributed: a dialogue whose speakers disagree ({told})"
