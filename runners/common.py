"""What every recipe shares: configs, the model (hub, folder or the offline tiny builder), LoRA, device
defaults, the synthetic task, prompts, and the run's logs (metrics, rollouts, health warnings).

Recipes (``runners/grpo.py``, ``sft.py``, ...) read top to bottom and call these helpers; nothing here is a
trainer. Importing this module is cheap: torch, transformers, peft and datasets are imported inside the
functions that need them, so configs load (and are tested) without the ``[train]`` extra.

A run folder ``RUN_DIR`` (the recipe's ``output_dir``) receives:

* ``config.yaml``: the resolved config, its first line the command that reruns it;
* ``metrics.jsonl``: one JSON object per logging step with TRL's keys (``step``, ``reward``, ``kl``, ...);
* ``rollouts.jsonl``: sampled completions per logging step with their per-component rewards and verdicts;
* ``checkpoint-N/``: what ``rewardkit eval --model RUN_DIR`` evaluates.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import math
import os
import random
import re
import shutil
import sys
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from rewardkit.errors import ConfigError, DataError
from rewardkit.exit_codes import EXIT_OK, EXIT_USAGE
from rewardkit.files import append_json_lines
from rewardkit.jsonl import read_log
from rewardkit.rewards.base import Reward, Scored, TextReward, completion_text
from rewardkit.rewards.component_logs import log_components
from rewardkit.yaml_loader import YamlRefused, parse_yaml

__all__ = [
    "ALLOW_CODE_HELP",
    "CHAT_TEMPLATE",
    "AnswerMarkerReward",
    "DataSettings",
    "HealthMonitor",
    "LoraSettings",
    "MetricsLog",
    "ModelSettings",
    "PromptSettings",
    "RolloutLog",
    "RolloutRecorder",
    "apply_lora",
    "build_reward",
    "build_tiny_model",
    "check_generation_batch",
    "check_golds",
    "check_learning_rate",
    "config_to_dict",
    "device_kwargs",
    "greedy_accuracy",
    "load_config",
    "load_model",
    "load_problems",
    "make_callback",
    "parse_args",
    "prompt_dataset",
    "run_recipe",
    "synthetic_problems",
    "trl_config",
    "world_size",
    "write_run_config",
]


# --------------------------------------------------------------------------- settings shared by recipes


@dataclass
class ModelSettings:
    """Where the policy comes from. ``source``: a local folder, a hub id, or ``"tiny"`` (a random Llama with
    a character tokenizer, built offline into ``OUTPUT_DIR/base-model``; ``hidden_size``, ``num_layers`` and
    ``seed`` shape it). ``dtype``: ``auto`` (float32; trainers add bf16 autocast on a GPU), ``float32``,
    ``bfloat16`` or ``float16``."""

    source: str = "tiny"
    hidden_size: int = 64
    num_layers: int = 4
    seed: int = 0
    dtype: Literal["auto", "float32", "bfloat16", "float16"] = "auto"


@dataclass
class LoraSettings:
    """LoRA adapters through peft; ``r = 0`` trains the full model. ``target_modules``: module names, or
    ``[all-linear]`` for every linear layer but the output head."""

    r: int = 0
    alpha: int = 16
    dropout: float = 0.05
    target_modules: list[str] = field(default_factory=lambda: ["all-linear"])


@dataclass
class DataSettings:
    """The training problems: ``source: synthetic`` (multi-step arithmetic word problems, see
    :func:`synthetic_problems`) or a JSONL file with a question and a gold answer per line."""

    source: str = "synthetic"
    n: int = 256
    min_steps: int = 1
    max_steps: int = 2
    max_operand: int = 9
    seed: int = 0
    question_key: str = "question"
    answer_key: str = "answer"


@dataclass
class PromptSettings:
    """The prompt (``evalkit.prompts.build_prompt``, the one ``rewardkit eval`` uses). ``None`` keeps
    evalkit's default system prompt / instruction; an empty string leaves it out."""

    system: str | None = None
    instruction: str | None = None


# --------------------------------------------------------------------------- configs: YAML -> dataclasses


# YAML is read by rewardkit.yaml_loader: YAML 1.2 booleans; aliases, nesting and duplicate keys bounded.


class _Where:
    """Names the place a value came from: ``FILE:LINE: key 'a.b'`` or ``override 'a.b=...'``. A key that
    has no line of its own (a default, a key inside an alias) gets the line of its deepest ancestor."""

    def __init__(
        self, path: str | None, lines: Mapping[tuple[str, ...], int], overridden: set[tuple[str, ...]]
    ):
        self.path, self.lines, self.overridden = path, lines, overridden

    def _override(self, keys: tuple[str, ...]) -> tuple[str, ...] | None:
        return next((keys[:n] for n in range(len(keys), 0, -1) if keys[:n] in self.overridden), None)

    def from_file(self, keys: tuple[str, ...]) -> bool:
        """Whether the value at ``keys`` was read from the config file (not a default, not an override)."""
        return self.path is not None and keys in self.lines and self._override(keys) is None

    def __call__(self, keys: tuple[str, ...]) -> str:
        dotted = ".".join(keys)
        override = self._override(keys)
        if override == keys:
            return f"override {dotted!r}"
        if override is not None:
            return f"override {'.'.join(override)!r}: key {dotted!r}"
        line = next((self.lines[keys[:n]] for n in range(len(keys), 0, -1) if keys[:n] in self.lines), None)
        if self.path is None:
            return f"key {dotted!r}"
        return f"{self.path}:{line}: key {dotted!r}" if line else f"{self.path}: key {dotted!r}"


def _type_name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


def _coerce(value: Any, tp: Any, keys: tuple[str, ...], where: _Where) -> Any:
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any or tp is object:
        return value
    if dataclasses.is_dataclass(tp) and isinstance(tp, type):
        if not isinstance(value, Mapping):
            raise ConfigError(f"{where(keys)}: expected a mapping of {tp.__name__} fields, got {value!r}")
        return _build(tp, value, keys, where)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        errors = []
        for option in args:
            if option is type(None):
                continue
            try:
                return _coerce(value, option, keys, where)
            except ConfigError as exc:
                errors.append(str(exc))
        raise ConfigError(f"{where(keys)}: {value!r} is not a {_type_name(tp)}")
    if origin is Literal:
        if value not in args:
            raise ConfigError(f"{where(keys)}: {value!r} is not one of {', '.join(map(repr, args))}")
        return value
    if origin in (list, Sequence) or tp is list:
        if not isinstance(value, list):
            raise ConfigError(f"{where(keys)}: expected a list, got {value!r}")
        inner = args[0] if args else Any
        return [_coerce(v, inner, (*keys, str(i)), where) for i, v in enumerate(value)]
    if origin in (dict, Mapping) or tp is dict:
        if not isinstance(value, Mapping):
            raise ConfigError(f"{where(keys)}: expected a mapping, got {value!r}")
        return dict(value)
    if tp is bool:
        if not isinstance(value, bool):
            raise ConfigError(f"{where(keys)}: expected true or false, got {value!r}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{where(keys)}: expected an integer, got {value!r}")
        return value
    if tp is float:
        if isinstance(value, str):  # YAML 1.1 reads 1e-5 (no dot) as a string
            with contextlib.suppress(ValueError):
                value = float(value)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ConfigError(f"{where(keys)}: expected a number, got {value!r}")
        return float(value)
    if tp is str:
        if not isinstance(value, str):
            raise ConfigError(f"{where(keys)}: expected a string, got {value!r}")
        return value
    raise ConfigError(f"{where(keys)}: unsupported field type {_type_name(tp)}")


def _build(config_cls: type, data: Mapping[str, Any], prefix: tuple[str, ...], where: _Where) -> Any:
    hints = typing.get_type_hints(config_cls)
    fields = {f.name: f for f in dataclasses.fields(config_cls) if f.init}
    kwargs = {}
    for key, value in data.items():
        keys = (*prefix, str(key))
        if key not in fields:
            known = ", ".join(sorted(fields))
            raise ConfigError(f"{where(keys)}: unknown key (known keys here: {known})")
        kwargs[key] = _coerce(value, hints[key], keys, where)
    # nested dataclasses not mentioned keep their defaults; mentioned ones were built from their mapping
    return config_cls(**kwargs)


def _set_dotted(data: dict[str, Any], keys: tuple[str, ...], value: Any) -> None:
    node = data
    for key in keys[:-1]:
        child = node.get(key)
        if not isinstance(child, dict):
            child = node[key] = {} if child is None or not isinstance(child, Mapping) else dict(child)
        node = child
    node[keys[-1]] = value


def load_config(config_cls: type, path: str | None, overrides: Sequence[str] = ()) -> Any:
    """A ``config_cls`` instance from a YAML file (or the defaults when ``path`` is None) and dotted
    ``key.sub=value`` overrides (values read as YAML: ``x=1e-5``, ``x=true``, ``x={a: 1}``, ``x=`` is null).

    Unknown keys and wrongly typed values raise ConfigError naming the file, the line and the key.

    >>> @dataclass
    ... class Opt:
    ...     lr: float = 1e-6
    ...     model: ModelSettings = field(default_factory=ModelSettings)
    >>> load_config(Opt, None, ["lr=1e-5", "model.hidden_size=32"]).model.hidden_size
    32
    >>> load_config(Opt, None, ["model.size=32"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rewardkit.errors.ConfigError: override 'model.size': unknown key (known keys here: dtype, hidden_size, ...
    """
    import yaml

    data: dict[str, Any] = {}
    lines: dict[tuple[str, ...], int] = {}
    if path is not None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"{path}: cannot read the config: {exc.strerror or exc}") from exc
        except UnicodeDecodeError as exc:
            raise ConfigError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from exc
        try:
            loaded, lines = parse_yaml(text)
        except YamlRefused as exc:
            raise ConfigError(f"{path}:{exc.line}: {exc}") from None
        except yaml.YAMLError as exc:
            raise ConfigError(f"{path}: not valid YAML: {exc}") from exc
        except ValueError as exc:  # e.g. an integer longer than Python reads (4,300 digits)
            raise ConfigError(f"{path}: a value cannot be read: {exc}") from exc
        if loaded is None:
            loaded = {}
        if not isinstance(loaded, dict):
            raise ConfigError(f"{path}: a config is a mapping of keys to values, got {type(loaded).__name__}")
        data = loaded
    overridden: set[tuple[str, ...]] = set()
    for item in overrides:
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"override {item!r}: expected key.sub=value")
        keys = tuple(key.strip().split("."))
        try:
            value = parse_yaml(raw)[0] if raw.strip() else None
        except YamlRefused as exc:
            raise ConfigError(f"override {item[:80]!r}: {exc}") from None
        except (yaml.YAMLError, ValueError) as exc:
            raise ConfigError(f"override {item!r}: value is not valid YAML: {exc}") from exc
        _set_dotted(data, keys, value)
        overridden.add(keys)
    where = _Where(path, lines, overridden)
    config = _build(config_cls, data, (), where)
    # remembered beside the fields (dataclasses.asdict does not see it), for build_reward's messages
    with contextlib.suppress(AttributeError, TypeError):
        object.__setattr__(config, _CONFIG_SOURCE, where)
    return config


_CONFIG_SOURCE = "_rewardkit_config_source"

ALLOW_CODE_HELP = (
    "let the config file's reward name module:callable code outside rewardkit (it is imported and run); "
    "Python's standard library is never a reward"
)


def build_reward(config: Any, *, key: str = "reward") -> Reward:
    """The reward ``config.<key>`` specifies (``rewardkit.rewards.build``), for a recipe.

    A bad spec is a ConfigError that names the config file and the line of the deepest key of the spec it is
    about (``c.yaml:7: key 'reward.acuracy': unknown reward 'acuracy' ...``). A spec read from a config file
    may name ``module:callable`` code outside rewardkit only when the config opts in with
    ``allow_code: true``: importing a module runs it, and a config file is easily copied from elsewhere.

    >>> @dataclass
    ... class Opt:
    ...     reward: Any = "accuracy"
    >>> build_reward(load_config(Opt, None, ["reward={acuracy: 1.0}"]))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rewardkit.errors.ConfigError: override 'reward': key 'reward.acuracy': unknown reward 'acuracy'; ...
    """
    from rewardkit.errors import CodeNotAllowedError
    from rewardkit.rewards import build

    where: _Where = getattr(config, _CONFIG_SOURCE, None) or _Where(None, {}, set())
    allow_code = bool(getattr(config, "allow_code", False)) or not where.from_file((key,))
    try:
        return build(getattr(config, key), allow_code=allow_code)
    except CodeNotAllowedError as exc:
        raise CodeNotAllowedError(
            f"{where((key, *exc.keys))}: {exc}; a config file names code only with `allow_code: true` in it "
            "(or the override allow_code=true)"
        ) from exc
    except ConfigError as exc:
        raise ConfigError(f"{where((key, *exc.keys))}: {exc}") from exc


def config_to_dict(config: Any) -> dict[str, Any]:
    """A config as plain data (for ``config.yaml`` and logs)."""
    return dataclasses.asdict(config)


def _field_lines(config_cls: type, prefix: str = "") -> list[str]:
    hints = typing.get_type_hints(config_cls)
    out = []
    defaults = config_cls()
    for f in dataclasses.fields(config_cls):
        tp = hints[f.name]
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            out.extend(_field_lines(tp, f"{prefix}{f.name}."))
            continue
        default = getattr(defaults, f.name)
        text = f.metadata.get("help", "")
        out.append(f"  {prefix}{f.name} = {default!r}" + (f"  # {text}" if text else ""))
    return out


# reStructuredText roles and literals in docstrings: ``x``, :func:`x`, :class:`~a.B` (help shows plain text)
_RST_ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj|ref|doc|term):`~?([^`]+)`")
_RST_LITERAL = re.compile(r"``([^`]+)``")


def plain_text(text: str) -> str:
    """``text`` with reStructuredText markup reduced to what a terminal shows.

    >>> plain_text("``rewardkit pairs`` builds them; :class:`~runners.rm.RewardModelReward` uses them")
    "'rewardkit pairs' builds them; RewardModelReward uses them"
    """
    text = _RST_ROLE.sub(lambda m: m.group(1).rsplit(".", 1)[-1], text)
    return _RST_LITERAL.sub(r"'\1'", text)


def parse_args(config_cls: type, argv: Sequence[str], *, prog: str | None = None) -> Any:
    """``--config FILE.yaml`` plus ``key.sub=value`` overrides → a ``config_cls`` instance.

    ``--help`` prints the recipe's docstring (its first paragraph, as plain text) and every field with its
    default.
    """
    doc = (sys.modules[config_cls.__module__].__doc__ or "").strip()
    parser = argparse.ArgumentParser(
        prog=prog,
        description=plain_text(doc.split("\n\n")[0]) if doc else None,
        epilog="settings (override with key.sub=value):\n" + plain_text("\n".join(_field_lines(config_cls))),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--config", metavar="FILE.yaml", help="YAML config; overrides apply on top")
    parser.add_argument("overrides", nargs="*", metavar="key.sub=value", help="dotted overrides")
    args = parser.parse_args(list(argv))
    return load_config(config_cls, args.config, args.overrides)


def run_recipe(config_cls: type, train: Callable[[Any], Any], argv: Sequence[str], *, prog: str) -> int:
    """A recipe's ``main``: parse, train, and turn the errors a user can fix into one line and exit 2."""
    finished = False
    try:
        config = parse_args(config_cls, argv, prog=prog)
        train(config)
        finished = True
    except (ConfigError, DataError) as exc:
        print(f"rewardkit: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    finally:
        end_process_group(wait=finished)
    return EXIT_OK


def end_process_group(*, wait: bool) -> None:
    """Tear down the torch.distributed group a multi-process run (``accelerate launch``) opened.

    Left to interpreter exit, gloo's worker threads can be destroyed while still joinable, and a rank
    that trained to the end aborts ("terminate called without an active exception", exit -6), failing
    the whole launch. ``wait`` first lets every rank reach the end, so none tears down while another
    still talks to it; after an error there is nobody to wait for."""
    torch = sys.modules.get("torch")  # a run that never imported torch opened no group
    if torch is None or not torch.distributed.is_available() or not torch.distributed.is_initialized():
        return
    if wait:
        torch.distributed.barrier()
    torch.distributed.destroy_process_group()


def write_run_config(run_dir: str | Path, config: Any, *, command: str) -> Path:
    """``RUN_DIR/config.yaml``: the resolved config, its first line the command that reruns it."""
    import yaml

    path = Path(run_dir) / "config.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    body = yaml.safe_dump(config_to_dict(config), sort_keys=False)
    path.write_text(f"# {command} --config {path}\n{body}", encoding="utf-8")
    return path


# --------------------------------------------------------------------------- trainer configs

# ``training`` fields the recipes act on themselves rather than handing to TRL
RECIPE_FIELDS = frozenset({"save_steps", "save_final", "extra", "max_prompt_length"})


def trl_config(args: Any, config_cls: type, **fixed: Any) -> Any:
    """``config_cls`` (GRPOConfig, RLOOConfig, SFTConfig...) built from ``args.training``: every field is
    forwarded under its own name, so a setting TRL does not know is a ConfigError, never silently dropped.
    Added: ``output_dir``, checkpointing from ``save_steps`` (model weights only), no external loggers, the
    device defaults, ``fixed``, then ``training.extra`` (any other field of ``config_cls``)."""
    t = args.training
    accepted = {f.name for f in dataclasses.fields(config_cls)}
    wanted = {f.name: getattr(t, f.name) for f in dataclasses.fields(t) if f.name not in RECIPE_FIELDS}
    unknown = sorted(k for k in (*wanted, *t.extra) if k not in accepted)
    if unknown:
        raise ConfigError(
            f"training.{unknown[0]}: not a setting of {config_cls.__name__} in the installed TRL version"
        )
    if "max_prompt_length" in accepted and getattr(t, "max_prompt_length", None) is not None:
        wanted["max_prompt_length"] = t.max_prompt_length
    wanted.update(
        output_dir=args.output_dir,
        save_strategy="steps" if t.save_steps > 0 else "no",
        save_steps=max(t.save_steps, 1),
        save_only_model=True,
        report_to="none",
        **device_kwargs(),
        **fixed,
    )
    wanted.update(t.extra)
    return config_cls(**wanted)


# --------------------------------------------------------------------------- the tiny model, offline

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
        model = AutoModelForCausalLM.from_pretrained(
            source, dtype=_torch_dtype(settings.dtype), **hub_kwargs(source)
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


def device_kwargs() -> dict[str, Any]:
    """Trainer-config settings for this machine: CPU-safe without CUDA (TRL's bf16 and gradient
    checkpointing defaults fail or only slow things there), bf16 mixed precision on a GPU that has it."""
    import torch

    if not torch.cuda.is_available():
        return {"use_cpu": True, "bf16": False, "gradient_checkpointing": False}
    return {"bf16": bool(torch.cuda.is_bf16_supported()), "fp16": not torch.cuda.is_bf16_supported()}


def world_size() -> int:
    """Processes in this run (``accelerate launch`` / torchrun set WORLD_SIZE)."""
    return int(os.environ.get("WORLD_SIZE", "1"))


# --------------------------------------------------------------------------- the synthetic task

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


# --------------------------------------------------------------------------- preflight checks


def check_golds(problems: Sequence[Mapping[str, Any]], *, source: str, key: str = "answer") -> None:
    """Raise DataError when golds cannot be parsed (``rewardkit check-data``'s test): a reward would be
    None for every completion of such a problem, and a run on them trains on nothing."""
    from rewardkit import Verdict, grade

    bad = []
    seen: dict[str, bool] = {}
    for line, problem in enumerate(problems, start=1):
        gold = str(problem.get(key, ""))
        if gold not in seen:
            seen[gold] = grade("", gold=gold).verdict is Verdict.GOLD_INVALID
        if seen[gold]:
            bad.append((line, gold))
    if bad:
        line, gold = bad[0]
        shown = gold if len(gold) <= 60 else gold[:57] + "..."
        raise DataError(
            f"{len(bad)} of {len(problems)} golds cannot be parsed, the first {shown!r} "
            f"(run `rewardkit check-data` on the file for all of them)",
            path=source,
            line=line,
            field=key,
        )


def check_generation_batch(per_device_batch: int, accumulation: int, num_generations: int) -> None:
    """TRL samples ``num_generations`` completions per prompt from one generation batch of
    ``per_device_batch × processes × accumulation`` completions: it must divide evenly."""
    total = per_device_batch * world_size() * accumulation
    if num_generations < 2:
        raise ConfigError(
            f"training.num_generations must be at least 2 (group-relative advantages), got {num_generations}"
        )
    if total % num_generations:
        raise ConfigError(
            f"training.per_device_train_batch_size × processes × gradient_accumulation_steps = "
            f"{per_device_batch} × {world_size()} × {accumulation} = {total} is not divisible by "
            f"training.num_generations = {num_generations}; e.g. set the batch size to a multiple of it"
        )


def check_learning_rate(learning_rate: float, *, lora: bool, pretrained: bool) -> list[str]:
    """Warnings for learning rates that wreck a pretrained model (a GSM8K run at the seed's 5e-5 fell from
    57 % to 2.4 %). A random tiny model is exempt: it has nothing to forget."""
    if not pretrained:
        return []
    limit = 1e-3 if lora else 1e-5
    if learning_rate > limit:
        what = "LoRA" if lora else "full fine-tuning of a pretrained model"
        return [
            f"training.learning_rate {learning_rate:g} is high for {what} (above {limit:g}); RL fine-tuning "
            f"usually uses 1e-6..{limit:g}, and higher rates can collapse accuracy"
        ]
    return []


# --------------------------------------------------------------------------- rewards and logs


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


_PARSE_FAILURES = frozenset({"NO_ANSWER", "UNPARSEABLE"})


def _verdict_name(verdict: Any) -> str | None:
    return None if verdict is None else str(getattr(verdict, "name", verdict)).upper()


class RolloutRecorder(Reward):
    """Wraps a reward: scores through it, and keeps the latest samples for the rollout log.

    It also reports through TRL's ``log_metric``: ``rewards/<component>/mean`` and ``/std`` for each part of
    a composite (:mod:`rewardkit.rewards.component_logs`; TRL itself logs only ``rewards/<name>/mean`` of the
    reward it calls) and ``parse_failure_rate`` (the
    share of graded completions with no readable answer).
    """

    def __init__(self, reward: Reward, *, keep: int = 64) -> None:
        super().__init__(name=reward.name)
        self.reward = reward
        self.keep = keep
        self.pending: list[dict[str, Any]] = []
        self.calls = 0

    def score(
        self, texts: list[str], *, completion_ids: Any = None, columns: Mapping[str, Any]
    ) -> list[Scored]:
        return self.reward.score(texts, completion_ids=completion_ids, columns=columns)

    def __call__(
        self,
        prompts: Sequence[Any] | None = None,
        completions: Sequence[Any] | None = None,
        completion_ids: Sequence[Sequence[int]] | None = None,
        **columns: Any,
    ) -> list[float | None]:
        scored = self.score_call(prompts, completions, completion_ids, columns)
        texts = [completion_text(c) for c in completions or ()]
        self.calls += 1
        self._log(scored, columns)
        answers = columns.get("answer")
        for i, (text, s) in enumerate(zip(texts, scored, strict=True)):
            self.pending.append(
                {
                    "prompt": completion_text(prompts[i]) if prompts is not None else None,
                    "completion": text,
                    "answer": answers[i] if isinstance(answers, list) and i < len(answers) else None,
                    "reward": s.value,
                    "components": dict(s.components),
                    "verdict": _verdict_name(s.verdict),
                    "extracted": s.extracted,
                }
            )
        del self.pending[: -self.keep]
        return [s.value for s in scored]

    def _log(self, scored: list[Scored], columns: Mapping[str, Any]) -> None:
        log_metric = columns.get("log_metric")
        log_extra = columns.get("log_extra")
        if log_metric is not None:
            log_components(log_metric, (s.components for s in scored), skip=[self.name])
            verdicts = [_verdict_name(s.verdict) for s in scored if s.verdict is not None]
            if verdicts:
                failures = sum(v in _PARSE_FAILURES for v in verdicts)
                log_metric("parse_failure_rate", failures / len(verdicts))
        if log_extra is not None and any(s.verdict is not None for s in scored):
            log_extra("verdict", [_verdict_name(s.verdict) for s in scored])

    def take(self) -> list[dict[str, Any]]:
        """The samples kept since the last call, oldest first."""
        out, self.pending = self.pending, []
        return out


class _JsonlLog:
    """A log of a run: rows appended as whole JSON lines (:mod:`rewardkit.files`: one ``O_APPEND`` write
    per batch, so the ranks of a multi-process run never interleave), read back by
    :func:`rewardkit.jsonl.read_log` (a damaged line is a DataError naming ``FILE:LINE``)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)

    def _append(self, rows: Sequence[Mapping[str, Any]]) -> None:
        append_json_lines(self.path, rows, default=_jsonable)

    def read(self) -> list[dict[str, Any]]:
        """Every row written so far (empty when the file does not exist)."""
        return read_log(self.path)


def _jsonable(value: Any) -> Any:
    if hasattr(value, "item"):  # numpy / torch scalars
        return value.item()
    return str(value)


class MetricsLog(_JsonlLog):
    """``RUN_DIR/metrics.jsonl``: one object per logging step with TRL's ``log_history`` keys (``step``,
    ``reward``, ``reward_std``, ``kl``, ``rewards/<name>/mean``, ``completions/mean_length``,
    ``completions/clipped_ratio``, ``loss``, ``frac_reward_zero_std``, ...). Non-finite numbers become null.

    >>> import tempfile
    >>> log = MetricsLog(Path(tempfile.mkdtemp()) / "metrics.jsonl")
    >>> log.write({"step": 1, "reward": 0.5, "kl": float("nan")})
    >>> log.read()
    [{'step': 1, 'reward': 0.5, 'kl': None}]
    """

    def write(self, entry: Mapping[str, Any]) -> None:
        clean = {k: (None if isinstance(v, float) and not math.isfinite(v) else v) for k, v in entry.items()}
        self._append([clean])


class RolloutLog(_JsonlLog):
    """``RUN_DIR/rollouts.jsonl``: per logging step, sampled completions with ``step``, ``prompt``,
    ``completion``, ``reward``, per-component rewards, ``verdict``."""

    def write(self, step: int, samples: Sequence[Mapping[str, Any]]) -> None:
        self._append([{"step": step, **s} for s in samples])


@dataclass
class HealthMonitor:
    """Warnings about runs that cannot learn, from each logging step's metrics.

    * ``completions/clipped_ratio`` above ``max_clipped``: completions hit the length limit (no answer, and
      TRUNCATED rewards teach nothing useful);
    * ``frac_reward_zero_std`` above ``max_zero_std``: groups where every completion got the same reward —
      all right or all wrong gives no gradient;
    * ``parse_failure_rate`` above ``max_parse_failures``: the grader cannot read most answers.

    A condition is reported when it first holds and then at most every ``every`` logging steps.
    """

    max_clipped: float = 0.5
    max_zero_std: float = 0.9
    max_parse_failures: float = 0.5
    every: int = 20
    print_to: Any = None
    warnings: list[str] = field(default_factory=list)
    _last: dict[str, int] = field(default_factory=dict)

    def check(self, entry: Mapping[str, Any]) -> list[str]:
        step = int(entry.get("step", 0))
        found = []

        def over(key: str, limit: float) -> float | None:
            value = entry.get(key)
            return value if isinstance(value, (int, float)) and value > limit else None

        if (v := over("completions/clipped_ratio", self.max_clipped)) is not None:
            found.append(
                (
                    "clipped",
                    f"{v:.0%} of completions hit max_completion_length: raise it, or penalise length "
                    "(the overlong reward)",
                )
            )
        if (v := over("frac_reward_zero_std", self.max_zero_std)) is not None:
            found.append(
                (
                    "zero_std",
                    f"{v:.0%} of groups got identical rewards (all right or all wrong gives no gradient): "
                    "use easier/harder problems, more generations, or a higher temperature",
                )
            )
        if (v := over("parse_failure_rate", self.max_parse_failures)) is not None:
            found.append(
                (
                    "parse",
                    f"{v:.0%} of completions have no readable answer: check the prompt's answer format "
                    "against the reward (rewardkit score on rollouts.jsonl shows the verdicts)",
                )
            )
        messages = []
        for kind, text in found:
            last = self._last.get(kind)
            if last is not None and step - last < self.every:
                continue
            self._last[kind] = step
            message = f"step {step}: {text}"
            self.warnings.append(message)
            messages.append(message)
            print(f"rewardkit: warning: {message}", file=self.print_to or sys.stderr)
        return messages


def make_callback(
    metrics: MetricsLog,
    *,
    rollouts: RolloutLog | None = None,
    recorder: RolloutRecorder | None = None,
    health: HealthMonitor | None = None,
) -> Any:
    """A ``transformers.TrainerCallback`` that writes each logging step to ``metrics`` (and the samples the
    ``recorder`` kept since the last one to ``rollouts``) and runs the ``health`` checks; on the main
    process only."""
    from transformers import TrainerCallback

    class MetricsCallback(TrainerCallback):
        def on_log(self, args: Any, state: Any, control: Any, logs: Any = None, **kwargs: Any) -> None:
            if not state.is_world_process_zero or not logs:
                return
            entry = {"step": state.global_step, **logs}
            metrics.write(entry)
            if rollouts is not None and recorder is not None:
                rollouts.write(state.global_step, recorder.take())
            if health is not None:
                health.check(entry)

    return MetricsCallback()
