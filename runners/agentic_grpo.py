"""Agentic GRPO: multi-step tool use on TRL's GRPOTrainer, trained on the discounted trajectory reward.

Run it::

    rewardkit train agentic_grpo --config runners/configs/agentic_tiny.yaml

The policy acts in a loop — call a tool, read the observation, act again, answer — inside TRL's tool loop
(``environment_factory``: a fresh :mod:`runners.envs` environment per rollout, its public methods the tools,
``max_tool_calling_iterations`` rounds at most). Each episode's reward is ``Σ γᵗ rₜ`` from
:class:`rewardkit.rewards.TrajectoryReward`: a valid call, a call that succeeded, a new gold fact in an
observation, and the final answer graded by rewardkit.

Steps, top to bottom:

1. problems from the environment's generator (training rows and held-out evaluation rows);
2. the policy: ``model.source: tiny`` builds a random Llama with a character tokenizer whose chat template is
   TRL's ``qwen2_5`` (tool calling that TRL can parse); any ChatML model works with
   ``model.chat_template: qwen2_5``;
3. optional SFT warm start on demonstrations in which only ``warm_start.tool_fraction`` of the episodes call
   the tool (so the starting policy seldom does); on the calculator's mixed task
   (``environment.easy_fraction``) only hard problems are ever shown with a call;
4. evaluation *before*: our own episode loop (:func:`runners.agentic.run_episodes`), sampled;
5. GRPO with the recording trajectory reward: ``RUN_DIR/trajectories.jsonl`` gets every training episode,
   ``RUN_DIR/metrics.jsonl`` TRL's logs plus ``agentic/tool_call_rate``, ``agentic/accuracy``, ...;
6. evaluation *after* on the same rows; ``RUN_DIR/summary.json`` holds both (with 95 % intervals on the
   accuracy with and without a tool call, and per problem part where rows have one) and the tool-call-rate
   curve.

Under ``accelerate launch`` every process trains and appends its own training episodes to the one
``trajectories.jsonl``; the main process builds the tiny model, runs both evaluations and writes the summary.
"""

from __future__ import annotations

import dataclasses
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from rewardkit.errors import ConfigError
from rewardkit.files import atomic_write
from runners.agentic import (
    TrajectoryLog,
    TrajectoryRecorder,
    build_tool_model,
    calculator_demonstrations,
    environment_tools,
    run_episodes,
    sft_warm_start,
    summarize_by_part,
    summarize_episodes,
    use_chatml_tool_template,
)
from runners.config import LoraSettings, ModelSettings, exit_recipe, run_recipe, write_run_config
from runners.devices import checkpointing_under_its_name, device_kwargs
from runners.envs import ENVIRONMENTS, PROBLEMS
from runners.models import apply_lora, load_model
from runners.preflight import check_generation_batch, check_golds, check_learning_rate
from runners.run_logs import HealthMonitor, MetricsLog, make_callback, raise_if_diverged

DEFAULT_SYSTEM = "Answer the question. Call a tool when it helps."


@dataclass
class Policy(ModelSettings):
    """``ModelSettings`` plus the chat template: ``auto`` keeps the tokenizer's own (the tiny model's is
    already TRL's qwen2_5), ``qwen2_5`` sets TRL's ChatML tool template (for SmolLM2-Instruct and kin)."""

    chat_template: Literal["auto", "qwen2_5"] = "auto"


@dataclass
class EnvironmentSettings:
    """Which environment (``calculator`` or ``lookup``), how many training problems, and the prompt."""

    name: str = "calculator"
    n: int = 256
    seed: int = 0
    two_step_fraction: float = field(default=0.0, metadata={"help": "calculator: share with a + or - step"})
    easy_fraction: float = field(default=0.0, metadata={"help": "calculator: share of the easy part"})
    digits: int = field(default=3, metadata={"help": "calculator: digits of the hard part's factors"})
    wordings: int | None = field(default=None, metadata={"help": "calculator: one-step wordings (None: all)"})
    system: str = DEFAULT_SYSTEM


@dataclass
class WarmStart:
    """SFT on demonstrations before RL; ``steps: 0`` skips it (a pretrained model)."""

    steps: int = 0
    tool_fraction: float = field(default=0.2, metadata={"help": "share of demonstrations that call the tool"})
    n: int = 512
    batch_size: int = 16
    learning_rate: float = 3e-3
    seed: int = 1


@dataclass
class Evaluation:
    """The before/after evaluation: held-out problems, played by our own episode loop."""

    episodes: int = field(default=200, metadata={"help": "0 skips the before/after evaluation"})
    seed: int = 12345
    sampled: bool = field(default=True, metadata={"help": "sample (temperature) or greedy"})
    temperature: float = 1.0
    batch_size: int = 64
    max_new_tokens: int = 96


@dataclass
class RewardSettings:
    """The trajectory reward: ``Σ γᵗ rₜ`` (see ``rewardkit.rewards.TrajectoryReward``)."""

    gamma: float = 0.9
    final_reward: float = 0.6
    valid_call: float = field(default=0.1, metadata={"help": "per well-formed tool call; 0 drops it"})
    invalid_call: float = field(default=-0.1, metadata={"help": "per malformed tool call (a penalty)"})
    tool_ok: float = field(default=0.1, metadata={"help": "per observation that is not an error; 0 drops it"})
    progress: float = field(
        default=0.2, metadata={"help": "per new gold number in an observation (a useful call); 0 drops it"}
    )
    step_cap: float | None = field(default=None, metadata={"help": "null: the automatic cap"})
    max_steps: int | None = None


@dataclass
class Training:
    """GRPO settings, forwarded to ``trl.GRPOConfig`` as named; others under ``extra``."""

    learning_rate: float = 1e-5
    max_steps: int = 100
    per_device_train_batch_size: int = 16
    gradient_accumulation_steps: int = 1
    num_generations: int = 8
    beta: float = field(default=0.0, metadata={"help": "KL coefficient; > 0 loads a reference model"})
    loss_type: str = "dapo"
    max_completion_length: int = field(default=160, metadata={"help": "all turns and tool results together"})
    max_tool_calling_iterations: int = 3
    temperature: float = 1.0
    logging_steps: int = 1
    save_steps: int = field(default=0, metadata={"help": "checkpoint-N every this many steps; 0: none"})
    save_final: bool = True
    # on cores shared with other jobs torch's threads spin-wait on each other: one thread is faster for
    # a tiny model; a real model on free cores wants torch's default
    cpu_threads: int | None = field(
        default=None, metadata={"help": "torch CPU threads (None: torch's default; 1 for tiny models)"}
    )
    seed: int = 0
    extra: dict[str, Any] = field(default_factory=dict, metadata={"help": "other GRPOConfig fields"})


@dataclass
class Args:
    output_dir: str = "runs/agentic_grpo"
    model: Policy = field(default_factory=Policy)
    lora: LoraSettings = field(default_factory=LoraSettings)
    environment: EnvironmentSettings = field(default_factory=EnvironmentSettings)
    warm_start: WarmStart = field(default_factory=WarmStart)
    evaluation: Evaluation = field(default_factory=Evaluation)
    reward: RewardSettings = field(default_factory=RewardSettings)
    training: Training = field(default_factory=Training)


def problems(settings: EnvironmentSettings, n: int, seed: int) -> list[dict[str, Any]]:
    """``n`` rows ``{question, answer, environment}`` from the environment's generator."""
    if settings.name not in PROBLEMS:
        raise ConfigError(f"environment.name {settings.name!r}: one of {', '.join(sorted(PROBLEMS))}")
    if settings.name != "calculator" and (
        settings.easy_fraction or settings.digits != 3 or settings.wordings
    ):
        raise ConfigError(
            "environment.easy_fraction, environment.digits and environment.wordings are the calculator's "
            "settings"
        )
    if settings.name == "calculator":
        return PROBLEMS["calculator"](
            n,
            seed=seed,
            digits=settings.digits,
            two_step_fraction=settings.two_step_fraction,
            easy_fraction=settings.easy_fraction,
            wordings=settings.wordings,
        )
    return PROBLEMS[settings.name](n, seed=seed)


def trajectory_reward(settings: RewardSettings) -> Any:
    from rewardkit.rewards.step_scorers import Progress, ToolSucceeded, ValidToolCall
    from rewardkit.rewards.trajectory import TrajectoryReward

    # valid_call and tool_ok pay for *any* working call, progress only for one that brings a gold number:
    # with the first two at 0 the policy is paid for tool use only when the detour helps
    scorers: list[Any] = []
    if settings.valid_call or settings.invalid_call:
        scorers.append(ValidToolCall(reward=settings.valid_call, penalty=settings.invalid_call))
    if settings.tool_ok:
        scorers.append(ToolSucceeded(reward=settings.tool_ok))
    if settings.progress:
        scorers.append(Progress(reward=settings.progress))
    return TrajectoryReward(
        scorers=scorers,
        gamma=settings.gamma,
        final_reward=settings.final_reward,
        step_cap="auto" if settings.step_cap is None else settings.step_cap,
        max_steps=settings.max_steps,
    )


def grpo_config(args: Args) -> Any:
    """``trl.GRPOConfig`` from ``args.training`` and the device defaults; an unknown ``extra`` name is a
    ConfigError, not a silent no-op."""
    from trl import GRPOConfig

    t = args.training
    accepted = {f.name for f in dataclasses.fields(GRPOConfig)}
    for key in t.extra:
        if key not in accepted:
            raise ConfigError(f"training.extra.{key}: not a GRPOConfig field")
    settings = dict(
        output_dir=args.output_dir,
        learning_rate=t.learning_rate,
        max_steps=t.max_steps,
        per_device_train_batch_size=t.per_device_train_batch_size,
        gradient_accumulation_steps=t.gradient_accumulation_steps,
        num_generations=t.num_generations,
        beta=t.beta,
        loss_type=t.loss_type,
        max_completion_length=t.max_completion_length,
        max_tool_calling_iterations=t.max_tool_calling_iterations,
        temperature=t.temperature,
        logging_steps=t.logging_steps,
        save_strategy="steps" if t.save_steps > 0 else "no",
        save_steps=max(t.save_steps, 1),
        save_only_model=True,
        seed=t.seed,
        report_to="none",
        log_completions=False,  # trajectories.jsonl holds every episode, step by step
        **{**device_kwargs(), **t.extra},
    )
    return GRPOConfig(**checkpointing_under_its_name(GRPOConfig, settings))


def load_policy(args: Args, tools: list[Any]) -> tuple[Any, Any, str]:
    """(model, tokenizer, source); ``tiny`` is built once into ``RUN_DIR/base-model``."""
    settings = dataclasses.replace(args.model)
    if settings.source == "tiny":
        folder = Path(args.output_dir) / "base-model"
        if not (folder / "config.json").is_file():
            build_tool_model(
                folder,
                tools=tools,
                hidden_size=settings.hidden_size,
                num_layers=settings.num_layers,
                seed=settings.seed,
            )
        settings.source = str(folder)
    model, tokenizer, source = load_model(settings, output_dir=args.output_dir)
    if settings.chat_template == "qwen2_5":
        use_chatml_tool_template(tokenizer)
        model.generation_config.eos_token_id = tokenizer.eos_token_id
    return model, tokenizer, source


def train(args: Args) -> dict[str, Any]:
    """Run the recipe; return the summary (also ``RUN_DIR/summary.json``); other processes than the main
    one return ``{}``."""
    import torch
    from accelerate import PartialState
    from datasets import Dataset
    from trl import GRPOTrainer

    started = time.perf_counter()
    if args.training.cpu_threads is not None:
        torch.set_num_threads(args.training.cpu_threads)
    run_dir = Path(args.output_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    env_cls = ENVIRONMENTS.get(args.environment.name)
    if env_cls is None:
        raise ConfigError(
            f"environment.name {args.environment.name!r}: one of {', '.join(sorted(ENVIRONMENTS))}"
        )

    # 1. problems, and the checks that fail before anything heavy loads
    rows = problems(args.environment, args.environment.n, args.environment.seed)
    eval_rows = problems(args.environment, args.evaluation.episodes, args.evaluation.seed)
    check_golds(rows, source=f"environment {args.environment.name}")
    t = args.training
    check_generation_batch(t.per_device_train_batch_size, t.gradient_accumulation_steps, t.num_generations)
    for warning in check_learning_rate(t.learning_rate, lora=args.lora.r > 0, source=args.model.source):
        print(f"rewardkit: warning: {warning}")
    # Under `accelerate launch` every process runs this function: the main one owns the run folder's files
    # and the before/after evaluations; every rank trains and appends its own training episodes.
    # On CPU-only machines the trainer joins processes over gloo; the state must agree (cpu=True).
    state = PartialState(cpu=not torch.cuda.is_available())
    trajectories = TrajectoryLog(run_dir / "trajectories.jsonl")
    metrics = MetricsLog(run_dir / "metrics.jsonl")
    if state.is_main_process:
        write_run_config(run_dir, args, command="rewardkit train agentic_grpo")
        for log in (trajectories, metrics):
            log.path.unlink(missing_ok=True)  # a rerun into the same folder starts fresh logs
    state.wait_for_everyone()  # nobody appends before the old logs are gone

    # 2. the policy
    tools = environment_tools(env_cls())
    with state.main_process_first():  # the tiny model is built once, by the main process
        model, tokenizer, source = load_policy(args, tools)
    torch.manual_seed(t.seed)

    # 3. SFT warm start: a policy that can call the tool, but seldom does
    warm_losses: list[float] = []
    if args.warm_start.steps > 0:
        if args.environment.name != "calculator":
            raise ConfigError("warm_start needs environment.name: calculator (its demonstrations)")
        w = args.warm_start
        demo_rows = problems(args.environment, w.n, w.seed + 1000)
        conversations = [
            [{"role": "system", "content": args.environment.system}, *c]
            for c in calculator_demonstrations(demo_rows, tool_fraction=w.tool_fraction, seed=w.seed)
        ]
        warm_losses = sft_warm_start(
            model,
            tokenizer,
            conversations,
            tools=tools,
            steps=w.steps,
            batch_size=w.batch_size,
            learning_rate=w.learning_rate,
            seed=w.seed,
            log_every=max(1, w.steps // 10),
        )

    reward = trajectory_reward(args.reward)

    def evaluate(phase: str) -> dict[str, Any]:
        if not eval_rows or not state.is_main_process:  # generation only: no collective to join
            return {}
        e = args.evaluation
        records = run_episodes(
            model,
            tokenizer,
            env_cls,
            eval_rows,
            reward=reward,
            system=args.environment.system,
            max_tool_calling_iterations=t.max_tool_calling_iterations,
            max_new_tokens=e.max_new_tokens,
            do_sample=e.sampled,
            temperature=e.temperature,
            seed=e.seed,
            batch_size=e.batch_size,
            phase=phase,
            environment=args.environment.name,
        )
        trajectories.write(records)
        summary: dict[str, Any] = dict(summarize_episodes(records))
        print(f"{phase}: " + ", ".join(f"{k} {_fmt(v)}" for k, v in summary.items()), flush=True)
        summary.update(accuracy_intervals(records))
        parts = summarize_by_part(records)
        if parts:
            summary["parts"] = {
                p: {**s, **accuracy_intervals([r for r in records if r.get("part") == p])}
                for p, s in parts.items()
            }
        return summary

    # 4. before
    before = evaluate("before")

    # 5. GRPO in TRL's tool loop
    dataset = Dataset.from_list(
        [
            {
                "prompt": [
                    {"role": "system", "content": args.environment.system},
                    {"role": "user", "content": r["question"]},
                ],
                "answer": r["answer"],
                "question": r["question"],
                "environment": r["environment"],
                **({"part": r["part"]} if "part" in r else {}),
            }
            for r in rows
        ]
    )
    recorder = TrajectoryRecorder(
        reward,
        log=trajectories,
        environment=args.environment.name,
        rank=state.process_index,
        world_size=state.num_processes,
    )
    health = HealthMonitor()
    metrics_callback = make_callback(metrics, health=health)
    trainer = GRPOTrainer(
        model=apply_lora(model, args.lora),
        reward_funcs=[recorder],
        args=grpo_config(args),
        train_dataset=dataset,
        processing_class=tokenizer,
        environment_factory=env_cls,
        callbacks=[metrics_callback],
    )
    trainer.train()
    raise_if_diverged(metrics_callback)
    print(
        f"rank {state.process_index}/{state.num_processes}: trained {trainer.state.global_step} steps, "
        f"{recorder.episodes} episodes",
        flush=True,
    )
    if t.save_final:
        trainer.save_model(str(run_dir))  # the trainer writes from the main process only
        if state.is_main_process:
            tokenizer.save_pretrained(str(run_dir))
    model = trainer.model
    state.wait_for_everyone()  # every rank's training episodes are on disk
    if not state.is_main_process:
        return {}

    # 6. after
    after = evaluate("after")
    logged = metrics.read()
    curve = [
        {
            "step": m["step"],
            "tool_call_rate": m["agentic/tool_call_rate"],
            "accuracy": m.get("agentic/accuracy"),
        }
        for m in logged
        if isinstance(m.get("agentic/tool_call_rate"), (int, float))
    ]
    summary = {
        "environment": args.environment.name,
        "model": source,
        "evaluation": {
            "episodes": args.evaluation.episodes,
            "sampled": args.evaluation.sampled,
            "temperature": args.evaluation.temperature,
        },
        "before": before,
        "after": after,
        "tool_call_rate_curve": curve,
        "warm_start_loss": [warm_losses[0], warm_losses[-1]] if warm_losses else None,
        "train_episodes": sum(1 for r in trajectories.read() if r.get("phase") == "train"),  # all ranks
        "health_warnings": health.warnings,
        "seconds": round(time.perf_counter() - started, 1),
    }
    atomic_write(run_dir / "summary.json", json.dumps(summary, indent=2) + "\n")
    print(report(summary), flush=True)
    return summary


def accuracy_intervals(records: list[dict[str, Any]]) -> dict[str, list[float] | None]:
    """95 % Wilson intervals of the accuracy with and without a tool call: the tool pays when the first lies
    above the second, not when one point estimate happens to.

    >>> accuracy_intervals([{"tool_calls": 1, "correct": True}])["accuracy_without_tool_ci"] is None
    True
    """
    from evalkit.metrics import wilson_interval

    def interval(rows: list[dict[str, Any]]) -> list[float] | None:
        return [round(x, 4) for x in wilson_interval(sum(bool(r["correct"]) for r in rows), len(rows))]

    with_tool = [r for r in records if r["tool_calls"] > 0]
    without = [r for r in records if r["tool_calls"] == 0]
    return {
        "accuracy_with_tool_ci": interval(with_tool) if with_tool else None,
        "accuracy_without_tool_ci": interval(without) if without else None,
    }


def _fmt(value: Any) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def tool_pays(block: dict[str, Any]) -> bool | None:
    """Whether the accuracy with a tool call lies above the accuracy without one, 95 % intervals apart;
    None when either kind of episode is missing.

    >>> tool_pays({"accuracy_with_tool_ci": [0.3, 0.6], "accuracy_without_tool_ci": [0.0, 0.1]})
    True
    """
    with_ci, without_ci = block.get("accuracy_with_tool_ci"), block.get("accuracy_without_tool_ci")
    if not with_ci or not without_ci:
        return None
    return bool(with_ci[0] > without_ci[1])


def _ci(value: Any, ci: Any) -> str:
    if not isinstance(value, (int, float)):
        return "-"  # no episode of this kind
    return f"{value:.2f} [{ci[0]:.2f}, {ci[1]:.2f}]" if ci else f"{value:.2f}"


def report(summary: dict[str, Any], *, points: int = 10) -> str:
    """Before/after table (overall, then per problem part where the rows have parts, with 95 % intervals on
    the accuracy with and without a tool call) and the tool-call-rate curve (at most ``points`` entries)."""
    before_all, after_all = summary.get("before") or {}, summary.get("after") or {}
    lines = ["", f"{'':24}{'before':>10}{'after':>10}"]
    for key in ("tool_call_rate", "accuracy", "accuracy_with_tool", "accuracy_without_tool", "mean_return"):
        lines.append(f"{key:24}{_fmt(before_all.get(key)):>10}{_fmt(after_all.get(key)):>10}")
    blocks = [("all", before_all, after_all)] + [
        (part, (before_all.get("parts") or {}).get(part) or {}, block)
        for part, block in (after_all.get("parts") or {}).items()
    ]
    header = f"{'part':6}{'phase':8}{'n':>5}{'tool':>7}{'acc':>7}  {'acc with tool':24}{'acc without':24}"
    lines += ["", header + "pays"]
    for part, *phases in blocks:
        for phase, b in zip(("before", "after"), phases, strict=True):
            if not b:
                continue
            with_tool = _ci(b.get("accuracy_with_tool"), b.get("accuracy_with_tool_ci"))
            without = _ci(b.get("accuracy_without_tool"), b.get("accuracy_without_tool_ci"))
            pays = {True: "yes", False: "no", None: "-"}[tool_pays(b)]
            lines.append(
                f"{part:6}{phase:8}{b.get('episodes', 0):>5}{_fmt(b.get('tool_call_rate')):>7}"
                f"{_fmt(b.get('accuracy')):>7}  {with_tool:24}{without:24}{pays}"
            )
    curve = summary.get("tool_call_rate_curve") or []
    if curve:
        stride = max(1, len(curve) // points)
        shown = curve[::stride]
        if shown[-1] is not curve[-1]:
            shown.append(curve[-1])
        lines.append(
            "tool-call rate during training (step: rate): "
            + ", ".join(f"{c['step']}: {c['tool_call_rate']:.2f}" for c in shown)
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    import sys

    return run_recipe(
        Args, train, sys.argv[1:] if argv is None else argv, prog="rewardkit train agentic_grpo"
    )


if __name__ == "__main__":
    exit_recipe(main())
