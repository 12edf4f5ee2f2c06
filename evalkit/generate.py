"""Finding the checkpoints behind ``--model`` and generating completions with transformers.

:func:`discover_checkpoints` turns what the user pointed at into a list of :class:`Checkpoint`:

- a model folder (``config.json``) → itself;
- a training run folder with ``checkpoint-N`` subfolders → each of them in step order (2 before 10), then the
  model saved at the run folder's root, if any, as ``final``;
- a LoRA adapter folder (``adapter_config.json``) → the adapter, loaded onto its base model (the adapter
  config's ``base_model_name_or_path``, or ``base_model`` when given) with peft;
- a ``.gguf`` file, or a folder holding exactly one → loaded with ``from_pretrained(folder, gguf_file=NAME)``
  (dequantised by transformers; needs the ``gguf`` package);
- a path that does not exist → a hub id (tests never use one), unless it can only be a local path
  (:func:`evalkit.sources.names_local_path`: ``./x``, ``runs/x``, ``a/b/c``...), which is an error at once.

:func:`load_model` loads one, :func:`generate` samples from it: batched, left-padded, each completion with
its finish reason (``"stop"`` when the model produced an end-of-sequence token, ``"length"`` when
``max_new_tokens`` ran out first, which the grader turns into TRUNCATED) and its token count.

torch, transformers and peft are imported inside the functions that need them, never at module level.
"""

from __future__ import annotations

import json
import re
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evalkit.sources import hub_kwargs, missing_path_message, names_local_path

__all__ = ["Checkpoint", "Generation", "discover_checkpoints", "generate", "load_model", "load_tokenizer"]

_STEP = re.compile(r"^checkpoint-(\d+)$")
_TOKENIZER_FILES = ("tokenizer.json", "tokenizer_config.json", "tokenizer.model", "vocab.json")


@dataclass(frozen=True)
class Checkpoint:
    """One model to evaluate. ``name`` names its output subfolder; ``kind`` is model, lora, gguf or hub."""

    name: str
    path: str
    kind: str
    step: int | None = None
    gguf_file: str | None = None
    base_model: str | None = None


@dataclass(frozen=True)
class Generation:
    """One sampled completion: its text (special tokens removed), why it ended, how many tokens it took."""

    completion: str
    finish_reason: str  # "stop" | "length"
    token_count: int


def _gguf_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() == ".gguf")


def _one(folder: Path, name: str, base_model: str | None, step: int | None = None) -> Checkpoint | None:
    """The checkpoint stored directly in ``folder``, or None when it holds no model."""
    if (folder / "adapter_config.json").is_file():
        try:
            config = json.loads((folder / "adapter_config.json").read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise ValueError(
                f"{folder / 'adapter_config.json'}: cannot read the adapter config: {exc}"
            ) from exc
        base = base_model or config.get("base_model_name_or_path")
        if not base:
            raise ValueError(
                f"{folder} is a LoRA adapter whose config names no base model: pass --base-model PATH_OR_ID"
            )
        return Checkpoint(name, str(folder), "lora", step, base_model=str(base))
    if (folder / "config.json").is_file():
        return Checkpoint(name, str(folder), "model", step)
    ggufs = _gguf_files(folder)
    if len(ggufs) == 1:
        return Checkpoint(name, str(folder), "gguf", step, gguf_file=ggufs[0].name)
    if len(ggufs) > 1:
        listed = ", ".join(p.name for p in ggufs)
        raise ValueError(f"{folder} holds several GGUF files ({listed}): pass the one to evaluate")
    return None


def discover_checkpoints(path: str, *, base_model: str | None = None) -> list[Checkpoint]:
    """The checkpoints behind ``path``, in the order they should be evaluated.

    Raises ValueError for a folder that holds no model (nor checkpoints), for ambiguous GGUF folders and for
    an adapter without a base model.
    """
    p = Path(path)
    if p.is_file():
        if p.suffix.lower() != ".gguf":
            raise ValueError(
                f"{path} is a file but not a .gguf model: pass a model folder, a run folder or a hub id"
            )
        return [Checkpoint(p.stem, str(p.parent), "gguf", gguf_file=p.name)]
    if not p.exists():
        if names_local_path(path):
            raise ValueError(missing_path_message(path))
        return [Checkpoint(path.replace("/", "--"), path, "hub", base_model=None)]
    if not p.is_dir():
        raise ValueError(f"{path} is neither a model folder nor a .gguf file")
    steps = []
    for child in p.iterdir():
        match = _STEP.match(child.name)
        if match and child.is_dir():
            steps.append((int(match.group(1)), child))
    found: list[Checkpoint] = []
    for step, child in sorted(steps):
        ckpt = _one(child, child.name, base_model, step)
        if ckpt is None:
            raise ValueError(f"{child} holds no model (no config.json, adapter_config.json or .gguf file)")
        found.append(ckpt)
    root = _one(p, "final" if found else (p.resolve().name or "model"), base_model)
    if root is not None:
        found.append(root)
    if not found:
        raise ValueError(
            f"{path} holds no model: expected config.json, adapter_config.json, a .gguf file or "
            "checkpoint-N subfolders"
        )
    return found


def _load_tokenizer(source: str, **kwargs: Any) -> Any:
    from transformers import AutoTokenizer, PreTrainedTokenizerFast

    kwargs = {**hub_kwargs(source), **kwargs}  # a hub id while offline: one try, not a minute of retries
    config = Path(source) / "tokenizer_config.json"
    if config.is_file():
        try:
            declared = json.loads(config.read_text(encoding="utf-8")).get("tokenizer_class")
        except (OSError, ValueError):
            declared = None
        # AutoTokenizer may substitute the model type's own class for a generic fast tokenizer (for qwen2
        # folders it picks Qwen2Tokenizer, which drops spaces): load what the folder says it holds
        if declared == "PreTrainedTokenizerFast":
            return PreTrainedTokenizerFast.from_pretrained(source, **kwargs)
    return AutoTokenizer.from_pretrained(source, **kwargs)


def _has_tokenizer(folder: str) -> bool:
    return any((Path(folder) / name).is_file() for name in _TOKENIZER_FILES)


def _device(device: str | None) -> str:
    if device:
        return device
    import torch

    return "cuda" if torch.cuda.is_available() else "cpu"


def load_tokenizer(ckpt: Checkpoint) -> Any:
    """The checkpoint's tokenizer, left-padding, with a pad token (the EOS token when it has none).

    A LoRA adapter's comes from the adapter folder when saved there, else from its base model.
    """
    if ckpt.kind == "gguf":
        tokenizer = _load_tokenizer(ckpt.path, gguf_file=ckpt.gguf_file)
    elif ckpt.kind == "lora":
        assert ckpt.base_model is not None
        tokenizer = _load_tokenizer(ckpt.path if _has_tokenizer(ckpt.path) else ckpt.base_model)
    else:
        tokenizer = _load_tokenizer(ckpt.path)
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    tokenizer.padding_side = "left"  # decoder-only batches must end where generation starts
    return tokenizer


def load_model(ckpt: Checkpoint, *, device: str | None = None, tokenizer: Any = None) -> tuple[Any, Any]:
    """``(model, tokenizer)`` for one checkpoint, in eval mode on ``device`` (default: cuda if available).

    A LoRA adapter is merged into its base after loading, so generation runs at the base model's speed.
    """
    from transformers import AutoModelForCausalLM

    model: Any  # transformers' stubs type `.to()` oddly; the model is used duck-typed here
    if ckpt.kind == "gguf":
        model = AutoModelForCausalLM.from_pretrained(ckpt.path, gguf_file=ckpt.gguf_file)
    elif ckpt.kind == "lora":
        from peft import PeftModel

        assert ckpt.base_model is not None
        base = AutoModelForCausalLM.from_pretrained(ckpt.base_model, **hub_kwargs(ckpt.base_model))
        model = PeftModel.from_pretrained(base, ckpt.path).merge_and_unload()
    else:
        model = AutoModelForCausalLM.from_pretrained(ckpt.path, **hub_kwargs(ckpt.path))
    model.to(_device(device))
    model.eval()
    return model, tokenizer if tokenizer is not None else load_tokenizer(ckpt)


def _eos_ids(model: Any, tokenizer: Any) -> list[int]:
    ids: set[int] = set()
    for source in (getattr(model, "generation_config", None), getattr(model, "config", None), tokenizer):
        value = getattr(source, "eos_token_id", None)
        if isinstance(value, int):
            ids.add(value)
        elif isinstance(value, (list, tuple)):
            ids.update(int(v) for v in value)
    if not ids:
        raise ValueError(
            "the model and tokenizer define no end-of-sequence token: cannot tell stop from length"
        )
    return sorted(ids)


def sampling_temperature(*, n: int, max_new_tokens: int, temperature: float, top_p: float) -> float:
    """The temperature to sample at, after checking the settings every backend shares: greedy (0) with
    ``n > 1`` warns and samples at 1.0, since n greedy copies would fake pass@k."""
    if n < 1 or max_new_tokens < 1:
        raise ValueError("n and max_new_tokens must be at least 1")
    if temperature < 0 or not 0 < top_p <= 1:
        raise ValueError(f"need temperature >= 0 and 0 < top_p <= 1, got {temperature} and {top_p}")
    if temperature == 0 and n > 1:
        warnings.warn(
            f"temperature 0 is greedy decoding: {n} samples would be identical; sampling at temperature 1.0",
            stacklevel=3,
        )
        return 1.0
    return temperature


def generate(
    model: Any,
    tokenizer: Any,
    prompts: Sequence[str],
    *,
    n: int = 1,
    max_new_tokens: int = 512,
    temperature: float = 0.0,
    top_p: float = 1.0,
    batch_size: int = 8,
    seed: int | None = None,
    on_batch: Callable[[int, int, float], None] | None = None,
) -> list[list[Generation]]:
    """``n`` completions for each prompt, in prompt order: ``result[i][j]`` is sample j of prompt i.

    Greedy when ``temperature == 0`` (n must then be 1: with more, a warning is issued and the samples are
    drawn at temperature 1.0, since n greedy copies would fake pass@k); otherwise pure temperature / nucleus
    sampling (no top-k). ``batch_size`` counts sequences; prompts are batched by length to save padding.
    A prompt that already starts with the BOS token (chat templates add it) is not given a second one.
    ``on_batch(sequences, new_tokens, seconds)`` is called after each batch (progress, speed).
    """
    import torch
    from transformers import GenerationConfig

    if batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    temperature = sampling_temperature(
        n=n, max_new_tokens=max_new_tokens, temperature=temperature, top_p=top_p
    )
    eos = _eos_ids(model, tokenizer)
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else eos[0]
    sampling = temperature > 0
    config = GenerationConfig(
        max_new_tokens=max_new_tokens,
        do_sample=sampling,
        eos_token_id=eos,
        pad_token_id=pad,
        **({"temperature": temperature, "top_p": top_p, "top_k": 0} if sampling else {}),
    )
    if seed is not None:
        torch.manual_seed(seed)

    items = [(i, j) for i in range(len(prompts)) for j in range(n)]
    lengths = [len(p) for p in prompts]
    items.sort(key=lambda ij: -lengths[ij[0]])  # stable: samples of one prompt stay together
    bos = getattr(tokenizer, "bos_token", None)
    eos_set = set(eos)
    results: list[list[Generation | None]] = [[None] * n for _ in prompts]
    device = next(model.parameters()).device
    for start in range(0, len(items), batch_size):
        batch = items[start : start + batch_size]
        texts = [prompts[i] for i, _ in batch]
        add_special = not (bos and all(t.startswith(bos) for t in texts))
        enc = tokenizer(texts, return_tensors="pt", padding=True, add_special_tokens=add_special).to(device)
        began = time.perf_counter()
        with torch.inference_mode():
            out = model.generate(**enc, generation_config=config)
        new = out[:, enc["input_ids"].shape[1] :].tolist()
        produced = 0
        for (i, j), tokens in zip(batch, new, strict=True):
            stop = next((k for k, t in enumerate(tokens) if t in eos_set), None)
            if stop is None:
                # no EOS: the batch ran to max_new_tokens (generation only stops early when every row ended)
                kept, reason, count = tokens, "length", len(tokens)
            else:
                kept, reason, count = tokens[:stop], "stop", stop + 1
            produced += count
            text = tokenizer.decode(kept, skip_special_tokens=True)
            results[i][j] = Generation(text, reason, count)
        if on_batch is not None:
            on_batch(len(batch), produced, time.perf_counter() - began)
    return [[g for g in row if g is not None] for row in results]
