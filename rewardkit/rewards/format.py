"""Format rewards: reasoning/answer tags, the tag-count partial credit, exactly one ``\\boxed{}``.

None of these reads the gold: they pay for the *shape* of a completion. Used alone they are easy to hack
(a well-formed empty answer), so each refuses the cheap shapes — an empty answer block, repeated tags,
two boxes — and is meant to be gated on or summed with an accuracy reward.

>>> FormatReward()(completions=["<think>\\n2 + 2 = 4\\n</think>\\n<answer>\\n4\\n</answer>", "4"])
[1.0, 0.0]
"""

from __future__ import annotations

import re
from typing import Any, Literal

from rewardkit.errors import ConfigError
from rewardkit.lazy_regex import lazy_compile
from rewardkit.rewards.base import TextReward

FormatMode = Literal["tolerant", "strict"]
_MODES: tuple[FormatMode, ...] = ("tolerant", "strict")
_TAG_NAME = lazy_compile(r"[A-Za-z_][\w.:-]*")


def _check_tag(reward: str, option: str, tag: str) -> str:
    if not isinstance(tag, str) or not _TAG_NAME.fullmatch(tag):
        raise ConfigError(f"reward {reward!r}: {option} must be a bare tag name like 'think', got {tag!r}")
    return tag


class FormatReward(TextReward):
    """1.0 when the completion has the reasoning/answer tag format, else 0.0.

    Options (keyword-only):

    * ``mode="tolerant"``: one ``<think>…</think>`` block followed, anywhere later, by one
      ``<answer>…</answer>`` block; any whitespace (newlines included: the match is DOTALL) inside and
      around the blocks, text before or after them allowed. ``"strict"``: the whole completion is exactly
      ``<think>\\n…\\n</think>\\n<answer>\\n…\\n</answer>`` (trailing whitespace allowed, since decoding
      often leaves a final newline before EOS).
    * ``think_tag="think"``, ``answer_tag="answer"``: the tag names. ``answer_tag=None`` requires only the
      reasoning block followed by non-empty text (DeepSeek-R1 style: the answer is the text after
      ``</think>``).
    * ``prefilled_think=False``: set it when the chat template already ended the prompt with ``<think>``;
      the completion then starts inside the reasoning block, so it must contain ``</think>`` and no
      ``<think>`` of its own.
    * ``name="format"``.

    In both modes every tag must appear exactly once (a second answer block is a hedge, and a tag inside
    another block is not the format) and the answer must be non-empty; the reasoning may be empty (models
    with thinking switched off emit ``<think>\\n\\n</think>``).

    >>> f = FormatReward(mode="strict")
    >>> f(completions=["<think>\\nsteps\\n</think>\\n<answer>\\n4\\n</answer>"])
    [1.0]
    >>> f(completions=["<think>steps</think><answer>4</answer>"])
    [0.0]
    >>> FormatReward(prefilled_think=True)(completions=["steps...\\n</think>\\n<answer>4</answer>"])
    [1.0]
    """

    default_name = "format"

    def __init__(
        self,
        *,
        mode: FormatMode = "tolerant",
        think_tag: str = "think",
        answer_tag: str | None = "answer",
        prefilled_think: bool = False,
        name: str | None = None,
    ) -> None:
        super().__init__(name=name)
        if mode not in _MODES:
            raise ConfigError(f"reward {self.name!r}: mode must be one of {_MODES}, got {mode!r}")
        self.mode: FormatMode = mode
        self.think_tag = _check_tag(self.name, "think_tag", think_tag)
        self.answer_tag = None if answer_tag is None else _check_tag(self.name, "answer_tag", answer_tag)
        self.prefilled_think = prefilled_think
        self._pattern = self._compile()

    def __repr__(self) -> str:
        return (
            f"{type(self).__name__}(name={self.name!r}, mode={self.mode!r}, think_tag={self.think_tag!r}, "
            f"answer_tag={self.answer_tag!r}, prefilled_think={self.prefilled_think!r})"
        )

    def _compile(self) -> re.Pattern[str]:
        t_open, t_close = re.escape(f"<{self.think_tag}>"), re.escape(f"</{self.think_tag}>")
        if self.mode == "strict":
            think = r"(?P<think>.*?)\n" if self.prefilled_think else rf"{t_open}\n(?P<think>.*?)\n"
            think += rf"{t_close}\n"
            if self.answer_tag is None:
                tail = r"(?P<answer>.*?)"
            else:
                a_open, a_close = re.escape(f"<{self.answer_tag}>"), re.escape(f"</{self.answer_tag}>")
                tail = rf"{a_open}\n(?P<answer>.*?)\n{a_close}"
            return re.compile(rf"{think}{tail}\s*", re.DOTALL)
        think = "" if self.prefilled_think else rf"{t_open}.*?"
        think += t_close
        if self.answer_tag is None:
            tail = r"(?P<answer>.*)"
        else:
            a_open, a_close = re.escape(f"<{self.answer_tag}>"), re.escape(f"</{self.answer_tag}>")
            tail = rf".*?{a_open}(?P<answer>.*?){a_close}"
        return re.compile(think + tail, re.DOTALL)

    def _counts_ok(self, text: str) -> bool:
        think_opens = text.count(f"<{self.think_tag}>")
        if think_opens != (0 if self.prefilled_think else 1) or text.count(f"</{self.think_tag}>") != 1:
            return False
        if self.answer_tag is None:
            return True
        return text.count(f"<{self.answer_tag}>") == 1 and text.count(f"</{self.answer_tag}>") == 1

    def check(self, text: str) -> bool:
        """Whether one completion text has the format."""
        if not self._counts_ok(text):
            return False
        m = self._pattern.fullmatch(text) if self.mode == "strict" else self._pattern.search(text)
        return m is not None and bool(m.group("answer").strip())

    def value(self, text: str) -> float:
        return 1.0 if self.check(text) else 0.0

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state.pop("_pattern", None)  # rebuilt from the options: pickles stay small and version-proof
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._pattern = self._compile()


class TagCountReward(TextReward):
    """Partial credit for the tag format, so a policy that gets some of it right sees a gradient.

    ``r = clamp(0.25·k − trailing_penalty·c, 0, 1)`` where ``k`` counts which of the four markers
    ``<think>\\n``, ``\\n</think>\\n``, ``\\n<answer>\\n``, ``\\n</answer>`` appear *exactly once* (a repeated
    marker earns nothing), and ``c`` is the number of characters after the last ``</answer>`` once
    surrounding whitespace is stripped (text after the answer is what the policy pads with).

    Options (keyword-only): ``think_tag="think"``, ``answer_tag="answer"``, ``trailing_penalty=0.001``
    per character, ``prefilled_think=False`` (the template wrote ``<think>\\n``: that marker is credited
    when the completion does not repeat it), ``name="tag_count"``.

    >>> f = TagCountReward()
    >>> f(completions=["<think>\\nx\\n</think>\\n<answer>\\n4\\n</answer>", "<think>\\nx\\n</think>\\n4"])
    [1.0, 0.5]
    >>> f(completions=["<think>\\nx\\n</think>\\n<answer>\\n4\\n</answer>\\n" + "y" * 100])
    [0.9]
    """

    default_name = "tag_count"

    def __init__(
        self,
        *,
        think_tag: str = "think",
        answer_tag: str = "answer",
        trailing_penalty: float = 0.001,
        prefilled_think: bool = False,
        name: str | None = None,
    ) -> None:
        super().__init__(name=name)
        self.think_tag = _check_tag(self.name, "think_tag", think_tag)
        self.answer_tag = _check_tag(self.name, "answer_tag", answer_tag)
        if trailing_penalty < 0:
            raise ConfigError(f"reward {self.name!r}: trailing_penalty must be >= 0, got {trailing_penalty}")
        self.trailing_penalty = trailing_penalty
        self.prefilled_think = prefilled_think

    def value(self, text: str) -> float:
        """The reward for one completion text."""
        think_open = f"<{self.think_tag}>"
        markers = [f"\n</{self.think_tag}>\n", f"\n<{self.answer_tag}>\n", f"\n</{self.answer_tag}>"]
        hits = sum(text.count(m) == 1 for m in markers)
        if self.prefilled_think:
            hits += think_open not in text
        else:
            hits += text.count(think_open + "\n") == 1
        close = f"</{self.answer_tag}>"
        trailing = len(text.rsplit(close, 1)[1].strip()) if close in text else 0
        # round: 0.25 * 4 - 0.001 * 100 is 0.9, not 0.9000000000000000222
        return min(1.0, max(0.0, round(0.25 * hits - self.trailing_penalty * trailing, 12)))


_BOXED = "\\boxed"


def _box_content(text: str, at: int) -> str | None:
    """The argument of the ``\\boxed`` at ``at`` when its braces balance, else None.

    A backslash escapes the next character, so ``\\{`` and ``\\}`` are literal braces and do not count.
    """
    k = at + len(_BOXED)
    while k < len(text) and text[k] in " \t":
        k += 1
    if k >= len(text) or text[k] != "{":
        return None
    depth, i = 0, k
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return text[k + 1 : i]
        i += 1
    return None


class BoxedOnceReward(TextReward):
    """1.0 when the answer region has exactly one ``\\boxed{…}`` with balanced braces and a non-empty
    argument, else 0.0: two boxes (a hedge), an unclosed box, ``\\boxed{}`` and no box all score 0.

    The answer region is the text after ``</think>`` when the completion has one; a completion that opens
    ``<think>`` and never closes it has committed to nothing (0.0). Options (keyword-only):
    ``think_tag="think"``, ``name="boxed_once"``.

    >>> f = BoxedOnceReward()
    >>> f(completions=["so \\\\boxed{\\\\frac{1}{2}}", "\\\\boxed{1} or \\\\boxed{2}", "\\\\boxed{3"])
    [1.0, 0.0, 0.0]
    """

    default_name = "boxed_once"

    def __init__(self, *, think_tag: str = "think", name: str | None = None) -> None:
        super().__init__(name=name)
        self.think_tag = _check_tag(self.name, "think_tag", think_tag)

    def value(self, text: str) -> float:
        """The reward for one completion text."""
        close = f"</{self.think_tag}>"
        if close in text:
            text = text.rsplit(close, 1)[1]
        elif f"<{self.think_tag}>" in text:
            return 0.0
        at = text.find(_BOXED)
        if at < 0 or text.find(_BOXED, at + 1) >= 0:
            return 0.0
        content = _box_content(text, at)
        return 1.0 if content is not None and content.strip() else 0.0
