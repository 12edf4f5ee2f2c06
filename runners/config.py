"""A recipe's config: the settings every recipe shares (model, LoRA, data, prompts), YAML files and
``key.sub=value`` overrides into dataclasses (every error names FILE:LINE and the key), the command line
every recipe parses, the run folder's ``config.yaml``, and TRL's trainer config built from ours.

Importing this module is cheap (no torch, transformers or trl), so configs load and are tested without the
``[train]`` extra.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import json
import logging
import os
import re
import sys
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, NoReturn

from rewardkit.errors import ConfigError, DataError, TrainingDiverged
from rewardkit.exit_codes import EXIT_FINDINGS, EXIT_OK, EXIT_USAGE
from rewardkit.files import atomic_write
from rewardkit.rewards.base import Reward
from rewardkit.yaml_loader import YamlRefused, parse_yaml
from runners.devices import checkpointing_under_its_name, device_kwargs

__all__ = [
    "ALLOW_CODE_HELP",
    "DataSettings",
    "LoraSettings",
    "ModelSettings",
    "PromptSettings",
    "build_reward",
    "config_to_dict",
    "load_config",
    "parse_args",
    "run_recipe",
    "trl_config",
    "write_run_config",
]


@dataclass
class ModelSettings:
    """Where the policy comes from. ``source``: a local folder, a hub id, or ``"tiny"`` (a random Llama with
    a character tokenizer, built offline into ``OUTPUT_DIR/base-model``; ``hidden_size``, ``num_layers`` and
    ``seed`` shape it). ``dtype``: ``auto`` (float32; trainers add bf16 autocast on a GPU), ``float32``,
    ``bfloat16`` or ``float16``. ``attn_implementation``: ``auto`` (transformers' choice, SDPA), ``eager``,
    ``sdpa``, ``flash_attention_2`` or any name transformers accepts."""

    source: str = "tiny"
    hidden_size: int = 64
    num_layers: int = 4
    seed: int = 0
    dtype: Literal["auto", "float32", "bfloat16", "float16"] = "auto"
    attn_implementation: str = "auto"


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
    rewardkit.errors.ConfigError: override 'model.size': unknown key (known keys here: attn_impl...
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
    except TrainingDiverged as exc:
        print(f"rewardkit: error: training diverged at {exc}", file=sys.stderr)
        return EXIT_FINDINGS
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
    global _group_torn_down
    _group_torn_down = True


# set once this process tore a process group down (end_process_group): exit_recipe then leaves at once
_group_torn_down = False


def exit_recipe(status: int) -> NoReturn:
    """End a recipe run as a script (``python -m runners.grpo``, what ``accelerate launch`` starts on each
    rank) with ``status``. A rank that tore its process group down leaves at once, past the interpreter's
    own teardown: there, a C++ thread of torch's libraries can still be joinable when its destructor runs, and
    the abort ("terminate called without an active exception", exit -6) fails a launch whose every rank
    finished. Every file of the run is written and closed by then; what is buffered in the standard streams
    and the logging handlers is flushed first."""
    if _group_torn_down:
        sys.stdout.flush()
        sys.stderr.flush()
        logging.shutdown()
        os._exit(status)
    raise SystemExit(status)


PROVENANCE_FILE = "provenance.json"


def write_run_config(run_dir: str | Path, config: Any, *, command: str) -> Path:
    """``RUN_DIR/config.yaml``: the resolved config, its first line the command that reruns it; and
    ``RUN_DIR/provenance.json`` (:func:`run_provenance`).

    A folder that already holds the training output of other inputs (another config, another starting
    model, another rewardkit) is refused with the differences: TRL would write over some of its checkpoints
    and leave the rest, and an eval of the folder would mix two runs."""
    import yaml

    run = Path(run_dir)
    provenance = run_provenance(config)
    _refuse_a_folder_of_another_run(run, provenance)
    path = run / "config.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    body = yaml.safe_dump(config_to_dict(config), sort_keys=False)
    atomic_write(path, f"# {command} --config {path}\n{body}")
    atomic_write(run / PROVENANCE_FILE, json.dumps(provenance, indent=2, sort_keys=True) + "\n")
    return path


def run_provenance(config: Any) -> dict[str, Any]:
    """What a run's outputs depend on: the rewardkit version, the resolved config (where the run writes
    left out), and the starting model (a hash of its files for a local folder, the id for a hub
    model; the offline tiny model is its settings, which the config holds)."""
    from evalkit.provenance import model_fingerprint, rewardkit_version

    settings = config_to_dict(config)
    settings.pop("output_dir", None)
    # as JSON reads it back (tuples are lists), so a rerun with the same config compares equal
    settings = json.loads(json.dumps(settings, sort_keys=True, default=str))
    model = getattr(config, "model", None)
    source = getattr(model, "source", None)
    found: dict[str, Any] = {"rewardkit": rewardkit_version(), "config": settings}
    if isinstance(source, str) and source != "tiny":
        found["model"] = model_fingerprint(source)
    return found


def _refuse_a_folder_of_another_run(run: Path, provenance: dict[str, Any]) -> None:
    from evalkit.provenance import differences

    trained = run.is_dir() and (
        (run / "metrics.jsonl").exists() or any(p.name.startswith("checkpoint-") for p in run.iterdir())
    )
    if not trained:
        return
    try:
        before = json.loads((run / PROVENANCE_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        before = None
    if not isinstance(before, dict):
        raise ConfigError(
            f"{run} holds the output of an earlier run that recorded no {PROVENANCE_FILE}; remove it or set "
            "another output_dir"
        )
    changed = differences(before, provenance)
    if changed:
        raise ConfigError(
            f"{run} holds a run of other inputs ({'; '.join(changed)}); remove it or set another output_dir, "
            "so the two runs' checkpoints do not mix"
        )


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
    return config_cls(**checkpointing_under_its_name(config_cls, wanted))
