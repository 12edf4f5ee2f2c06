"""A trained reward model (``rewardkit train rm``, :mod:`runners.rm`) as a rewardkit reward.

    build({"accuracy": 1.0, "runners.rm_reward:RewardModelReward": {"path": "runs/rm", "weight": 0.5}})

``runners.rm:RewardModelReward`` names the same class. torch and transformers are imported when the model is
first loaded, so building the reward is cheap.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from evalkit.prompts import has_chat_template
from rewardkit.errors import ConfigError
from rewardkit.rewards.base import RAW_PROMPTS, Reward, Scored, column, content_text

__all__ = ["NORMALIZE", "RewardModelReward", "load_reward_model", "score_texts"]


def load_reward_model(source: str, *, dtype: str = "auto") -> tuple[Any, Any]:
    """``(model, tokenizer)``: ``source`` as a sequence classifier with one output (a causal LM folder
    gets a new random ``score`` head), its pad token set on the config so the last real token is scored."""
    import torch
    from transformers import AutoModelForSequenceClassification
    from trl.trainer.reward_trainer import suppress_seqcls_warning

    from runners.models import load_tokenizer

    tokenizer = load_tokenizer(source)
    torch_dtype = torch.float32 if dtype == "auto" else getattr(torch, dtype)
    try:
        with suppress_seqcls_warning():
            model = AutoModelForSequenceClassification.from_pretrained(
                source, num_labels=1, dtype=torch_dtype
            )
    except OSError as exc:
        raise ConfigError(f"model.source {source!r}: cannot load a model from it ({exc})") from exc
    model.config.pad_token_id = tokenizer.pad_token_id
    return model, tokenizer


def score_texts(
    model: Any, tokenizer: Any, texts: Sequence[str], *, batch_size: int = 16, max_length: int | None = None
) -> list[float]:
    """``r(text)`` for each text, exactly as ``RewardTrainer`` scores a pair side: the tokenizer's own
    special tokens, EOS appended, right padding (the classifier reads the last non-pad token)."""
    import torch

    eos = tokenizer.eos_token or ""
    texts = [t if t.endswith(eos) else t + eos for t in texts]
    side, truncation_side = tokenizer.padding_side, tokenizer.truncation_side
    tokenizer.padding_side, tokenizer.truncation_side = "right", "left"  # a cut keeps the answer
    device = next(model.parameters()).device
    was_training = model.training
    model.eval()
    scores: list[float] = []
    try:
        with torch.no_grad():
            for start in range(0, len(texts), batch_size):
                batch = tokenizer(
                    list(texts[start : start + batch_size]),
                    padding=True,
                    truncation=max_length is not None,
                    max_length=max_length,
                    return_tensors="pt",
                ).to(device)
                logits = model(input_ids=batch["input_ids"], attention_mask=batch["attention_mask"]).logits
                scores.extend(logits.squeeze(-1).float().tolist())
    finally:
        tokenizer.padding_side, tokenizer.truncation_side = side, truncation_side
        model.train(was_training)
    return scores


NORMALIZE = ("sigmoid", "none", "batch")


class RewardModelReward(Reward):
    """A trained reward model as a rewardkit reward: ``r(prompt + completion)`` per completion.

    ``normalize``: ``sigmoid`` (default) maps the score into (0, 1), the scale of the rule rewards it sits
    next to in a weighted sum; ``none`` keeps the raw score; ``batch`` standardizes within each call. The
    prompt is TRL's ``prompts`` (conversational prompts rendered by the model's chat template), or the
    dataset column ``prompt_column`` when set. The model loads on the first call, on ``device`` (default:
    CUDA when available); the object pickles without it.

        build({"accuracy": 1.0, "runners.rm:RewardModelReward": {"path": "runs/rm", "weight": 0.5}})
    """

    default_name = "reward_model"

    def __init__(
        self,
        path: str,
        *,
        batch_size: int = 16,
        device: str | None = None,
        normalize: str = "sigmoid",
        prompt_column: str | None = None,
        max_length: int | None = None,
        name: str | None = None,
    ) -> None:
        super().__init__(name=name)
        if normalize not in NORMALIZE:
            raise ValueError(f"normalize must be one of {', '.join(NORMALIZE)}, got {normalize!r}")
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, got {batch_size}")
        self.path, self.batch_size, self.device = str(path), batch_size, device
        self.normalize, self.prompt_column, self.max_length = normalize, prompt_column, max_length
        self._model: Any = None
        self._tokenizer: Any = None

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_model"] = state["_tokenizer"] = None  # reloaded lazily in the process that unpickles
        return state

    def __repr__(self) -> str:
        return f"RewardModelReward(path={self.path!r}, normalize={self.normalize!r}, name={self.name!r})"

    def _load(self) -> None:
        import torch

        model, tokenizer = load_reward_model(self.path)
        device = self.device or ("cuda" if torch.cuda.is_available() else "cpu")
        self._model, self._tokenizer = model.to(device).eval(), tokenizer

    def _prompt_texts(self, n: int, columns: Mapping[str, Any]) -> list[str]:
        if self.prompt_column is not None:
            values = column(columns, self.prompt_column, n, reward=self.name)
        else:
            values = columns.get(RAW_PROMPTS)
            if values is None:
                raise ValueError(
                    f"reward {self.name!r} needs the prompts: call it with prompts=, or set prompt_column= "
                    "to the dataset column that holds the prompt text"
                )
            if len(values) != n:
                raise ValueError(f"reward {self.name!r}: {len(values)} prompts for {n} completions")
        return [self._prompt_text(v) for v in values]

    def _prompt_text(self, prompt: Any) -> str:
        if isinstance(prompt, str):
            return prompt
        if has_chat_template(self._tokenizer):
            return str(
                self._tokenizer.apply_chat_template(list(prompt), tokenize=False, add_generation_prompt=True)
            )
        messages = [prompt] if isinstance(prompt, Mapping) else prompt
        return "\n".join(content_text(m.get("content", "")) for m in messages if isinstance(m, Mapping))

    def score(
        self, texts: list[str], *, completion_ids: Any = None, columns: Mapping[str, Any]
    ) -> list[Scored]:
        if self._model is None:
            self._load()
        prompts = self._prompt_texts(len(texts), columns)
        raw = score_texts(
            self._model,
            self._tokenizer,
            [p + t for p, t in zip(prompts, texts, strict=True)],
            batch_size=self.batch_size,
            max_length=self.max_length,
        )
        return [Scored(v) for v in _normalized(raw, self.normalize)]


def _normalized(values: list[float], how: str) -> list[float]:
    """Scores as the reward returns them: ``sigmoid`` squashes each, ``batch`` standardises the batch.

    >>> _normalized([0.0, 2.0], "batch")
    [-1.0, 1.0]
    """
    if how == "sigmoid":
        return [1.0 / (1.0 + math.exp(-v)) if v >= 0 else math.exp(v) / (1.0 + math.exp(v)) for v in values]
    if how == "batch" and len(values) > 1:
        mean = sum(values) / len(values)
        std = math.sqrt(sum((v - mean) ** 2 for v in values) / len(values))
        return [(v - mean) / std if std > 0 else 0.0 for v in values]
    return list(values)
