"""The prompt a model sees for a math problem, shared by ``rewardkit eval`` and the training runners.

Training and evaluation must prompt identically, or an eval measures a format the policy never saw. With a
tokenizer that has a chat template the prompt is that template applied to a system message, optional few-shot
turns and the question with the answer-format instruction, ending with the assistant's turn
(``add_generation_prompt=True``). Without one (a base model, or no tokenizer at all) it is a plain layout:

>>> shots = [("What is 1 + 1?", "1 + 1 = 2\\n#### 2")]
>>> print(build_prompt(None, "What is 2 + 3?", system="", few_shot=shots))
Solve the problem step by step. Give the final answer after '####' (e.g. '#### 42') or in \\boxed{}.
<BLANKLINE>
Question: What is 1 + 1?
Answer: 1 + 1 = 2
#### 2
<BLANKLINE>
Question: What is 2 + 3?
Answer:

Pure Python: the tokenizer is any object with ``chat_template`` and ``apply_chat_template`` (transformers').
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["DEFAULT_INSTRUCTION", "DEFAULT_SYSTEM", "build_prompt", "has_chat_template"]

DEFAULT_SYSTEM = "You are a careful mathematician. Reason step by step, then state the final answer."
DEFAULT_INSTRUCTION = (
    "Solve the problem step by step. Give the final answer after '####' (e.g. '#### 42') or in \\boxed{}."
)


def has_chat_template(tokenizer: Any) -> bool:
    """Whether ``tokenizer`` carries a chat template (None and plain objects do not)."""
    return bool(getattr(tokenizer, "chat_template", None)) and hasattr(tokenizer, "apply_chat_template")


def _user_turn(question: str, instruction: str) -> str:
    return f"{question}\n\n{instruction}" if instruction else question


def build_prompt(
    tokenizer: Any,
    question: str,
    *,
    system: str | None = DEFAULT_SYSTEM,
    instruction: str | None = DEFAULT_INSTRUCTION,
    few_shot: Sequence[tuple[str, str]] = (),
) -> str:
    """The prompt text for ``question``; ``few_shot`` is ``(question, worked answer)`` pairs shown first.

    With a chat template, each few-shot pair is a user/assistant exchange and the instruction is appended to
    every user turn; a template that rejects the system role (some do) gets the system text prepended to the
    first user turn instead. Empty ``system`` / ``instruction`` leave them out.
    """
    system = system or ""
    instruction = instruction or ""
    if has_chat_template(tokenizer):
        turns: list[dict[str, str]] = []
        for shot_question, shot_answer in few_shot:
            turns.append({"role": "user", "content": _user_turn(shot_question, instruction)})
            turns.append({"role": "assistant", "content": shot_answer})
        turns.append({"role": "user", "content": _user_turn(question, instruction)})
        if not system:
            return str(tokenizer.apply_chat_template(turns, tokenize=False, add_generation_prompt=True))
        try:
            return str(
                tokenizer.apply_chat_template(
                    [{"role": "system", "content": system}, *turns],
                    tokenize=False,
                    add_generation_prompt=True,
                )
            )
        except Exception:  # jinja's TemplateError: "System role not supported" and the like
            first = dict(turns[0], content=f"{system}\n\n{turns[0]['content']}")
            return str(
                tokenizer.apply_chat_template([first, *turns[1:]], tokenize=False, add_generation_prompt=True)
            )
    parts = [p for p in (system, instruction) if p]
    for shot_question, shot_answer in few_shot:
        parts.append(f"Question: {shot_question}\nAnswer: {shot_answer}")
    parts.append(f"Question: {question}\nAnswer:")
    return "\n\n".join(parts)
