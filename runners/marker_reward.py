"""The reward the shipped recipes add to accuracy while a model learns the output format: it pays a
completion whose last line is GSM8K's answer marker and a number (``#### 42``). Name it in a reward spec
as ``runners.marker_reward:AnswerMarkerReward``.
"""

from __future__ import annotations

import re

from rewardkit.rewards.base import TextReward

__all__ = ["AnswerMarkerReward"]


class AnswerMarkerReward(TextReward):
    """1.0 when the completion's last line is the answer marker and a number (``#### 42``), else 0.0: the
    synthetic task's format reward (GSM8K's answer format).

    >>> AnswerMarkerReward()(completions=["2+3=<<2+3=5>>5\\n#### 5", "5", "#### 5 or 6"])
    [1.0, 0.0, 0.0]
    """

    default_name = "answer_format"
    _LAST_LINE = re.compile(r"(?:^|\n)####[ \t]*-?\d[\d,]*(?:\.\d+)?[ \t]*\s*$")

    def value(self, text: str) -> float:
        return 1.0 if self._LAST_LINE.search(text) else 0.0
