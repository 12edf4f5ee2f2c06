"""The model a recipe trains: a hub id, a local folder, or the tiny model built offline (a character-level
tokenizer and a small random Llama); LoRA adapters; device and process defaults. torch, transformers and
peft are imported inside the functions that need them.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from rewardkit.errors import ConfigError
from runners.config import LoraSettings, ModelSettings

__all__ = ["CHAT_TEMPLATE", "apply_lora", "build_tiny_model", "load_model"]


# Tool-calling aware (the agentic recipe passes ``tools`` and ``tool`` role messages). Every turn ends with
# EOS, so a model trained on it learns to stop.
CHAT_TEMPLATE = (
    "{%- if tools %}<|system|>Tools:{% for tool in tools %}\n{{ tool | tojson }}{% endfor %}{{ eos_token }}"
    "{%- endif %}"
    "{%- for m in messages %}"
    "{%- if m['role'] == 'tool' %}<|tool|>{{ m['content'] }}{{ eos_token }}"
    "{%- elif m['role'] == 'assistant' and m.get('tool_calls') %}<|assistant|>{{ m.get('content') or '' }}"
    "{%- for call in m['tool_calls'] %}<tool_call>"
    "{{ (call['function'] if call.get('function') else call) | tojson }}</tool_call>{% endfor %}"
    "{{ eos_token }}"
    "{%- else %}<|{{ m['role'] }}|>{{ m['content'] }}{{ eos_token }}{%- endif %}"
    "{%- endfor %}"
    "{%- if add_generation_prompt %}<|assistant|>{% endif %}"
)


_ROLE_TOKENS = ["<|system|>", "<|user|>", "<|assistant|>", "<|tool|>"]


_SPECIALS = ["<pad>", "<s>", "</s>", "<unk>"]


def _tiny_tokenizer() -> Any:
    import string

    from tokenizers import Regex, Tokenizer, decoders, models, pre_tokenizers
    from transformers import PreTrainedTokenizerFast

    chars = sorted(set(string.printable) - set("\x0b\x0c"))
    vocab = {token: i for i, token in enumerate(_SPECIALS + _ROLE_TOKENS + chars)}
    core = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    core.pre_tokenizer = pre_tokenizers.Split(Regex(r"[\s\S]"), behavior="isolated")
    core.decoder = decoders.Fuse()
    # role markers are one token each (short prompts), and special: decoding a completion drops them
    core.add_special_tokens(_SPECIALS + _ROLE_TOKENS)
    return PreTrainedTokenizerFast(
        tokenizer_object=core,
        pad_token="<pad>",
        bos_token="<s>",
        eos_token="</s>",
        unk_token="<unk>",
        additional_special_tokens=_ROLE_TOKENS,
        padding_side="left",
        chat_template=CHAT_TEMPLATE,
    )


def build_tiny_model(
    folder: str | Path,
    *,
    hidden_size: int = 64,
    num_layers: int = 4,
    seed: int = 0,
    chat_template: str | None = CHAT_TEMPLATE,
    tokenizer: Any = None,
) -> Path:
    """A random Llama and a character tokenizer saved to ``folder`` (what ``from_pretrained`` loads).

    Llama, not qwen2: for a qwen2 folder transformers substitutes Qwen2Tokenizer, which drops spaces. The
    defaults give ~0.2 M parameters; ``hidden_size=512, num_layers=8`` about 25 M.
    """
    import torch
    from transformers import LlamaConfig, LlamaForCausalLM

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    if tokenizer is None:  # the character tokenizer with role markers; a caller may bring its own
        tokenizer = _tiny_tokenizer()
        tokenizer.chat_template = chat_template
    tokenizer.save_pretrained(folder)
    heads = max(4, hidden_size // 64)
    if hidden_size % heads:
        raise ConfigError(f"model.hidden_size {hidden_size} must be divisible by {heads} attention heads")
    torch.manual_seed(seed)
    config = LlamaConfig(
        vocab_size=len(tokenizer),
        hidden_size=hidden_size,
        intermediate_size=4 * hidden_size,
        num_hidden_layers=num_layers,
        num_attention_heads=heads,
        num_key_value_heads=heads,
        max_position_embeddings=2048,
        pad_token_id=tokenizer.pad_token_id,
        bos_token_id=tokenizer.bos_token_id,  # None for a tokenizer without one (ChatML)
        eos_token_id=tokenizer.eos_token_id,
        tie_word_embeddings=True,
    )
    LlamaForCausalLM(config).save_pretrained(folder)
    return folder


def load_tokenizer(source: str) -> Any:
    """The tokenizer of a folder or hub id, left-padded, with a pad token.

    A local folder with a ``tokenizer.json`` loads as ``PreTrainedTokenizerFast`` exactly as saved: letting
    ``AutoTokenizer`` choose would pick ``Qwen2Tokenizer`` for a qwen2 config, which drops spaces and
    newlines from a character tokenizer.
    """
    from transformers import AutoTokenizer, PreTrainedTokenizerFast

    from evalkit.sources import hub_kwargs

    if (Path(source) / "tokenizer.json").is_file():
        tokenizer = PreTrainedTokenizerFast.from_pretrained(source)
    else:  # a hub id while offline: one try, not a minute of retries
        tokenizer = AutoTokenizer.from_pretrained(source, **hub_kwargs(source))
    if tokenizer.pad_token is None:
        tokenizer.pad_token = tokenizer.eos_token
    tokenizer.padding_side = "left"
    return tokenizer


# written next to a built tiny model: the settings it was built with
TINY_SETTINGS_FILE = "tiny.json"


def resolve_source(settings: ModelSettings, *, output_dir: str | Path) -> str:
    """The folder or hub id the policy loads from; ``tiny`` is built into ``OUTPUT_DIR/base-model`` once,
    and built again when its ``tiny.json`` (the settings it was built with) does not match ``settings``: a
    rerun with another ``model.hidden_size`` must not start from the earlier run's model.

    A source that names a local path (``runs/sft_tiny``, ``./m``...) and is missing is a ConfigError at once,
    naming the command that creates it: handed on, it would be taken for a hub id and retried for a minute.
    """
    from evalkit.sources import missing_path_message, names_local_path

    if settings.source != "tiny":
        if names_local_path(settings.source) and not Path(settings.source).expanduser().exists():
            raise ConfigError(f"model.source: {missing_path_message(settings.source)}")
        return settings.source
    folder = Path(output_dir) / "base-model"
    wanted = {"hidden_size": settings.hidden_size, "num_layers": settings.num_layers, "seed": settings.seed}
    built = folder / TINY_SETTINGS_FILE
    try:
        same = json.loads(built.read_text(encoding="utf-8")) == wanted and (folder / "config.json").is_file()
    except (OSError, ValueError):
        same = False
    if not same:
        if folder.exists():
            shutil.rmtree(folder)
        build_tiny_model(folder, **wanted)
        built.write_text(json.dumps(wanted) + "\n", encoding="utf-8")
    return str(folder)


def _torch_dtype(name: str) -> Any:
    import torch

    return {"auto": torch.float32, "float32": torch.float32, "bfloat16": torch.bfloat16}.get(
        name, torch.float16
    )


def load_model(settings: ModelSettings, *, output_dir: str | Path) -> tuple[Any, Any, str]:
    """``(model, tokenizer, source)``: the causal LM, its tokenizer, and the folder or hub id it came from
    (TRL reloads the reference model from there when ``beta > 0``)."""
    from transformers import AutoModelForCausalLM

    from evalkit.sources import hub_failure, hub_kwargs

    source = resolve_source(settings, output_dir=output_dir)
    try:
        tokenizer = load_tokenizer(source)
        attention = (
            {}
            if settings.attn_implementation == "auto"
            else {"attn_implementation": settings.attn_implementation}
        )
        model = AutoModelForCausalLM.from_pretrained(
            source, dtype=_torch_dtype(settings.dtype), **attention, **hub_kwargs(source)
        )
    except OSError as exc:
        if not Path(source).exists():
            raise ConfigError(
                f"model.source: {hub_failure(source, exc)}; or 'tiny' for the offline tiny model"
            ) from exc
        raise ConfigError(
            f"model.source {settings.source!r}: cannot load a model from it ({exc}); pass a local folder, "
            "a hub id (needs the network once), or 'tiny' for the offline tiny model"
        ) from exc
    if model.generation_config is not None and model.generation_config.pad_token_id is None:
        model.generation_config.pad_token_id = tokenizer.pad_token_id
    return model, tokenizer, source


def apply_lora(model: Any, settings: LoraSettings) -> Any:
    """``model`` with LoRA adapters (only they train), or ``model`` itself when ``settings.r == 0``."""
    if settings.r <= 0:
        return model
    from peft import LoraConfig, get_peft_model

    targets: str | list[str] = settings.target_modules
    if targets == ["all-linear"]:
        targets = "all-linear"
    config = LoraConfig(
        r=settings.r,
        lora_alpha=settings.alpha,
        lora_dropout=settings.dropout,
        target_modules=targets,
        task_type="CAUSAL_LM",
    )
    return get_peft_model(model, config)


def lora_config(settings: LoraSettings) -> Any:
    """The peft ``LoraConfig`` for ``settings`` (None when off), for trainers that take ``peft_config``."""
    if settings.r <= 0:
        return None
    from peft import LoraConfig

    targets: str | list[str] = settings.target_modules
    return LoraConfig(
        r=settings.r,
        lora_alpha=settings.alpha,
        lora_dropout=settings.dropout,
        target_modules="all-linear" if targets == ["all-linear"] else targets,
        task_type="CAUSAL_LM",
    )
