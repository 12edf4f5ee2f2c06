"""The problems a recipe trains on: the offline synthetic arithmetic task, problems read from a JSONL file
or a hub dataset, the prompt dataset TRL takes, and greedy accuracy on a set of problems.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rewardkit.errors import ConfigError, DataError
from runners.config import DataSettings

__all__ = ["greedy_accuracy", "load_problems", "prompt_dataset", "synthetic_problems"]


_NAMES = ["Ava", "Ben", "Cleo", "Dan", "Eli", "Fay", "Gus", "Hana", "Ivan", "Jo", "Kai", "Lena"]


_ITEMS = ["apples", "marbles", "stickers", "coins", "pencils", "cards", "shells", "books"]


_MORE = ["buys {k} more", "finds {k} more", "gets {k} more"]


_LESS = ["gives away {k}", "loses {k}", "sells {k}"]


_TIMES = ["doubles them", "triples them"]


def synthetic_problems(
    n: int, *, min_steps: int = 1, max_steps: int = 3, max_operand: int = 9, seed: int = 0
) -> list[dict[str, Any]]:
    """``n`` arithmetic word problems with GSM8K-style rationale golds; deterministic by ``seed``.

    Each problem chains ``steps`` operations (uniform in ``[min_steps, max_steps]``: the difficulty) on a
    starting count; the gold shows one ``a+b=<<a+b=c>>c`` calculation per step and ends ``#### N``.

    >>> p = synthetic_problems(1, min_steps=2, max_steps=2, seed=3)[0]
    >>> print(p["question"])
    Dan has 7 stickers. Dan finds 1 more, then gives away 4. How many stickers does Dan have now?
    >>> print(p["answer"])
    7+1=<<7+1=8>>8
    8-4=<<8-4=4>>4
    #### 4
    """
    if not 1 <= min_steps <= max_steps:
        raise ConfigError(f"need 1 <= min_steps <= max_steps, got {min_steps} and {max_steps}")
    if max_operand < 1:
        raise ConfigError(f"max_operand must be at least 1, got {max_operand}")
    rng = random.Random(seed)
    problems = []
    for i in range(n):
        name, item = rng.choice(_NAMES), rng.choice(_ITEMS)
        value = rng.randint(2, max(2, max_operand))  # "has 1 apples" reads wrong
        start = value
        steps = rng.randint(min_steps, max_steps)
        phrases, lines = [], []
        for _ in range(steps):
            kinds = ["add", "add"]
            if value >= 1:
                kinds.append("sub")
            if value <= max_operand:
                kinds.append("mul")
            kind = rng.choice(kinds)
            if kind == "add":
                k = rng.randint(1, max_operand)
                phrase, op, result = rng.choice(_MORE).format(k=k), "+", value + k
            elif kind == "sub":
                k = rng.randint(1, value)
                phrase, op, result = rng.choice(_LESS).format(k=k), "-", value - k
            else:
                k = rng.choice([2, 3])
                phrase, op, result = _TIMES[k - 2], "*", value * k
            lines.append(f"{value}{op}{k}=<<{value}{op}{k}={result}>>{result}")
            phrases.append(phrase)
            value = result
        question = (
            f"{name} has {start} {item}. {name} {', then '.join(phrases)}. "
            f"How many {item} does {name} have now?"
        )
        problems.append(
            {"id": i, "question": question, "answer": "\n".join([*lines, f"#### {value}"]), "steps": steps}
        )
    return problems


def load_problems(settings: DataSettings) -> list[dict[str, Any]]:
    """The problems of ``settings``: synthetic, or read from a JSONL file (first ``n`` lines), as dicts
    with ``question`` and ``answer`` (plus the file's other fields)."""
    if settings.source == "synthetic":
        return synthetic_problems(
            settings.n,
            min_steps=settings.min_steps,
            max_steps=settings.max_steps,
            max_operand=settings.max_operand,
            seed=settings.seed,
        )
    from rewardkit.jsonl import LineError, iter_jsonl

    keys = (settings.question_key, settings.answer_key)
    problems = []
    try:
        golds = (settings.answer_key,)  # a string or a JSON number, as everywhere (rewardkit.jsonl.gold_text)
        for item in iter_jsonl(settings.source, required=keys, strings=keys[:1], golds=golds):
            if isinstance(item, LineError):
                raise DataError(item.message, path=settings.source, line=item.line)
            row = dict(item.data)
            row["question"], row["answer"] = row[keys[0]], row[keys[1]]
            problems.append(row)
            if len(problems) == settings.n:
                break
    except OSError as exc:
        raise DataError(f"cannot read the data: {exc.strerror or exc}", path=settings.source) from exc
    if not problems:
        raise DataError("no problems in the file", path=settings.source)
    return problems


def prompt_dataset(
    problems: Sequence[Mapping[str, Any]],
    tokenizer: Any,
    *,
    system: str | None = None,
    instruction: str | None = None,
) -> Any:
    """A ``datasets.Dataset`` with ``prompt`` (``evalkit.prompts.build_prompt``, the prompt ``rewardkit
    eval`` uses), ``answer`` and ``question``. ``None`` keeps evalkit's default system / instruction."""
    from datasets import Dataset

    from evalkit.prompts import DEFAULT_INSTRUCTION, DEFAULT_SYSTEM, build_prompt

    system = DEFAULT_SYSTEM if system is None else system
    instruction = DEFAULT_INSTRUCTION if instruction is None else instruction
    return Dataset.from_dict(
        {
            "prompt": [
                build_prompt(tokenizer, p["question"], system=system, instruction=instruction)
                for p in problems
            ],
            "answer": [str(p["answer"]) for p in problems],
            "question": [p["question"] for p in problems],
        }
    )


def greedy_accuracy(
    model: Any,
    tokenizer: Any,
    problems: Sequence[Mapping[str, Any]],
    *,
    system: str | None = None,
    instruction: str | None = None,
    max_new_tokens: int = 64,
    batch_size: int = 32,
) -> dict[str, float]:
    """Greedy decoding on ``problems`` with the eval prompt, graded by ``rewardkit.grade``: ``accuracy``
    (verdict CORRECT) and ``answered`` (an answer was read at all), for before/after numbers in a run's
    summary. ``rewardkit eval --model`` is the full evaluation; this is the in-process quick look."""
    import torch

    from rewardkit import Verdict, grade

    data = prompt_dataset(problems, tokenizer, system=system, instruction=instruction)
    prompts, golds = list(data["prompt"]), list(data["answer"])
    was_training = model.training
    model.eval()
    correct = answered = 0
    device = next(model.parameters()).device
    for start in range(0, len(prompts), batch_size):
        batch = tokenizer(
            prompts[start : start + batch_size], return_tensors="pt", padding=True, add_special_tokens=False
        ).to(device)
        with torch.no_grad():
            out = model.generate(
                **batch,
                max_new_tokens=max_new_tokens,
                do_sample=False,
                pad_token_id=tokenizer.pad_token_id,
                eos_token_id=tokenizer.eos_token_id,
            )
        texts = tokenizer.batch_decode(out[:, batch["input_ids"].shape[1] :], skip_special_tokens=True)
        for text, gold in zip(texts, golds[start : start + batch_size], strict=True):
            result = grade(text, gold=gold)
            correct += result.correct
            answered += result.verdict not in (Verdict.NO_ANSWER, Verdict.UNPARSEABLE, Verdict.TRUNCATED)
    if was_training:
        model.train()
    n = max(len(prompts), 1)
    return {"accuracy": correct / n, "answered": answered / n, "n": len(prompts)}
