"""PPO for language models with rewardkit rewards: our own, since TRL removed its PPOTrainer in 1.13.

Run it::

    rewardkit train ppo --config runners/configs/ppo_tiny.yaml [key.sub=value ...]

One training step, top to bottom (each piece below is a small function with its own test):

1. **Rollout.** Sample one completion per prompt from the policy (left-padded prompts, temperature,
   ``max_new_tokens``). Tokens after the first end-of-sequence token are masked out.
2. **Score.** Decode the completions and call the rewardkit reward (any spec ``rewardkit.rewards.build``
   takes, a trained reward model included). ``None`` ("not applicable") counts as 0 and is counted.
3. **Shape.** Per token, the reward is the KL penalty ``-kl_coef * (logp - ref_logp)`` against a frozen
   reference; the scalar score is added at the last real token (InstructGPT's objective).
4. **Advantages.** GAE(γ, λ) backwards over the real tokens with a learned value model; returns are
   advantages + values; advantages are whitened over the batch.
5. **Update.** ``ppo_epochs`` passes over shuffled minibatches: the clipped surrogate
   ``-min(ρA, clip(ρ, 1-ε, 1+ε)A)`` plus ``vf_coef`` times the clipped value loss, gradient clipping,
   optional early stop when the approximate KL passes ``target_kl``.

Logged with the keys GRPO (TRL) logs, so ``rewardkit report`` puts the two side by side.
"""

from __future__ import annotations

import copy
import json
import math
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

import torch

from rewardkit.errors import ConfigError, TrainingDiverged
from rewardkit.files import atomic_write
from rewardkit.rewards.component_logs import reward_key
from runners.config import (
    ALLOW_CODE_HELP,
    DataSettings,
    LoraSettings,
    ModelSettings,
    PromptSettings,
    build_reward,
    exit_recipe,
    run_recipe,
    write_run_config,
)
from runners.models import apply_lora, load_model
from runners.preflight import check_golds, check_learning_rate
from runners.problems import load_problems, prompt_dataset
from runners.run_logs import HealthMonitor, MetricsLog, RolloutLog, RolloutRecorder, divergence

COMMAND = "rewardkit train ppo"

# ----------------------------------------------------------------------------------------------------------
# The config: ``--config FILE.yaml`` and dotted overrides (``training.kl_coef=0.02``) fill these.
# ----------------------------------------------------------------------------------------------------------


DEFAULT_REWARD: dict[str, Any] = {"accuracy": 1.0, "runners.marker_reward:AnswerMarkerReward": 0.2}


@dataclass
class ValueSettings:
    """The value model. ``source: policy`` puts a linear head on a copy of the policy's backbone (with its
    own LoRA adapters when the policy has them); anything else is a separate model (``tiny``, a folder or a
    hub id; ``hidden_size``/``num_layers`` shape a tiny one) that must share the policy's tokenizer."""

    source: str = field(
        default="policy",
        metadata={"help": "policy (a head on a copy of its backbone), tiny, a folder or a hub id"},
    )
    hidden_size: int = 64
    num_layers: int = 2
    learning_rate: float | None = field(default=None, metadata={"help": "None: training.learning_rate"})


@dataclass
class Training:
    """The PPO settings. One step = one rollout batch, then ``ppo_epochs`` passes over it in minibatches.
    Names shared with GRPO's (``learning_rate``, ``max_steps``, ``max_completion_length``, ...) mean the
    same there."""

    learning_rate: float = field(
        default=1e-5, metadata={"help": "1e-6..1e-5 full, up to 1e-3 LoRA; higher for a random tiny model"}
    )
    max_steps: int = 200
    rollout_batch_size: int = field(default=16, metadata={"help": "completions per step and process"})
    samples_per_prompt: int = field(
        default=1, metadata={"help": "> 1: each prompt sampled this many times (GRPO-like groups)"}
    )
    minibatch_size: int = field(
        default=8, metadata={"help": "completions per gradient step; divides rollout_batch_size"}
    )
    ppo_epochs: int = field(default=2, metadata={"help": "passes over each rollout batch"})
    lr_scheduler_type: Literal["constant", "linear"] = "constant"
    max_completion_length: int = 64
    temperature: float = 1.0
    kl_coef: float = field(
        default=0.05, metadata={"help": "per-token KL penalty against the reference, folded into the reward"}
    )
    gamma: float = field(default=1.0, metadata={"help": "discount; 1: no discounting within a completion"})
    lam: float = field(default=0.95, metadata={"help": "GAE lambda"})
    clip_range: float = field(default=0.2, metadata={"help": "epsilon of the clipped surrogate"})
    clip_range_value: float = field(
        default=0.2, metadata={"help": "how far a minibatch may move a value estimate"}
    )
    vf_coef: float = field(default=0.1, metadata={"help": "weight of the value loss"})
    entropy_coef: float = field(default=0.0, metadata={"help": "entropy bonus (0: entropy is only logged)"})
    max_grad_norm: float = 1.0
    target_kl: float | None = field(
        default=None, metadata={"help": "stop a step's epochs early once approx_kl passes this"}
    )
    whiten_advantages: bool = True
    missing_eos_penalty: float | None = field(
        default=None, metadata={"help": "subtracted from the score of completions that never stop"}
    )
    logging_steps: int = 1
    save_steps: int = field(default=50, metadata={"help": "checkpoint-N every this many steps; 0: none"})
    save_final: bool = field(default=True, metadata={"help": "save the last model to RUN_DIR itself"})
    rollouts_per_log: int = field(
        default=16, metadata={"help": "samples kept in rollouts.jsonl per logging step"}
    )
    bf16: bool | None = field(
        default=None, metadata={"help": "None: bf16 autocast on a GPU that supports it, off on CPU"}
    )
    # with other jobs on the cores, torch's threads spin-waiting on each other made the tiny model's forward
    # passes 10x slower than one thread; a real model on free cores wants the default
    cpu_threads: int | None = field(
        default=None, metadata={"help": "torch CPU threads (None: torch's default; 1 for tiny models)"}
    )
    seed: int = 0


@dataclass
class Args:
    output_dir: str = "runs/ppo"
    model: ModelSettings = field(default_factory=ModelSettings)
    lora: LoraSettings = field(default_factory=LoraSettings)
    value: ValueSettings = field(default_factory=ValueSettings)
    data: DataSettings = field(default_factory=DataSettings)
    prompt: PromptSettings = field(default_factory=PromptSettings)
    reward: Any = field(default_factory=lambda: dict(DEFAULT_REWARD), metadata={"help": "a reward spec"})
    allow_code: bool = field(default=False, metadata={"help": ALLOW_CODE_HELP})
    training: Training = field(default_factory=Training)


# ----------------------------------------------------------------------------------------------------------
# The algorithm on plain tensors. Shapes: [batch, completion_tokens]; ``mask`` is 1 on real completion
# tokens (up to and including the end-of-sequence token) and 0 on the padding after it.
# ----------------------------------------------------------------------------------------------------------


def masked_mean(values: torch.Tensor, mask: torch.Tensor, dim: int | None = None) -> torch.Tensor:
    """Mean over the positions where ``mask`` is 1 (all of them, or along ``dim``); 0 where none are."""
    mask = mask.to(values.dtype)
    if dim is None:
        return (values * mask).sum() / mask.sum().clamp(min=1.0)
    return (values * mask).sum(dim) / mask.sum(dim).clamp(min=1.0)


def masked_whiten(values: torch.Tensor, mask: torch.Tensor, *, eps: float = 1e-8) -> torch.Tensor:
    """``values`` shifted to mean 0 and scaled to variance 1 over the real positions; padding stays 0.

    Statistics over real tokens only: counting the padding zeros would pull the mean towards 0 by how
    much shorter some completions are than others.
    """
    mean = masked_mean(values, mask)
    variance = masked_mean((values - mean) ** 2, mask)
    return (values - mean) * torch.rsqrt(variance + eps) * mask.to(values.dtype)


def completion_mask(
    completion_ids: torch.Tensor, eos_token_ids: list[int]
) -> tuple[torch.Tensor, torch.Tensor]:
    """``(mask, ended)``: 1 on each row's tokens up to and including its first end-of-sequence token (all
    tokens when it has none), and whether the row produced one at all.

    ``generate`` keeps padding rows that finished early; those tokens are not the policy's actions.
    """
    is_eos = torch.isin(completion_ids, torch.tensor(eos_token_ids, device=completion_ids.device))
    ended = is_eos.any(dim=1)
    length = completion_ids.shape[1]
    first_eos = torch.where(
        ended, is_eos.int().argmax(dim=1), torch.full_like(ended, length, dtype=torch.long)
    )
    positions = torch.arange(length, device=completion_ids.device)
    return (positions[None, :] <= first_eos[:, None]).long(), ended


def last_token_index(mask: torch.Tensor) -> torch.Tensor:
    """Index of each row's last real token (masks are a prefix of ones)."""
    return (mask.sum(dim=1).long() - 1).clamp(min=0)


def kl_shaped_rewards(
    scores: torch.Tensor,
    logprobs: torch.Tensor,
    ref_logprobs: torch.Tensor,
    mask: torch.Tensor,
    kl_coef: float,
) -> tuple[torch.Tensor, torch.Tensor]:
    """``(rewards, kl)`` per token: ``rewards = -kl_coef * kl`` with ``kl = logp - ref_logp`` (0 on
    padding), and each row's scalar ``score`` added at its last real token.

    The single-sample estimate ``logp - ref_logp`` summed over a completion is an unbiased estimate of
    KL(policy ‖ reference) for that prompt, which is the penalty the objective asks for.
    """
    kl = (logprobs - ref_logprobs) * mask.to(logprobs.dtype)
    rewards = -kl_coef * kl
    rows = torch.arange(rewards.shape[0], device=rewards.device)
    rewards[rows, last_token_index(mask)] += scores.to(rewards.dtype)
    return rewards, kl


def generalized_advantages(
    rewards: torch.Tensor, values: torch.Tensor, mask: torch.Tensor, *, gamma: float, lam: float
) -> tuple[torch.Tensor, torch.Tensor]:
    """``(advantages, returns)`` by GAE(γ, λ), computed backwards over each row's real tokens.

    ``δ_t = r_t + γ V_{t+1} - V_t`` and ``A_t = δ_t + γλ A_{t+1}``. The completion ends the episode: after
    the last real token there is no next state, so ``V_{t+1}`` is 0 there (never the value the model
    happens to predict on a padding position) and nothing flows back from the padding.
    ``returns = advantages + values`` are the value model's targets. Padding positions are 0 in both.
    """
    real = mask.to(values.dtype)
    values = values * real
    rewards = rewards * real
    advantages = torch.zeros_like(rewards)
    running = torch.zeros_like(rewards[:, 0])
    n_tokens = rewards.shape[1]
    for t in reversed(range(n_tokens)):
        # the next state exists only while the next token is real
        next_real = real[:, t + 1] if t + 1 < n_tokens else torch.zeros_like(running)
        next_value = values[:, t + 1] * next_real if t + 1 < n_tokens else torch.zeros_like(running)
        delta = rewards[:, t] + gamma * next_value - values[:, t]
        running = delta + gamma * lam * next_real * running
        advantages[:, t] = running * real[:, t]
    return advantages, advantages + values


def clipped_policy_loss(
    logprobs: torch.Tensor,
    old_logprobs: torch.Tensor,
    advantages: torch.Tensor,
    mask: torch.Tensor,
    *,
    clip_range: float,
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """``(loss, clipped_fraction, approx_kl)`` for PPO's clipped surrogate, averaged over real tokens.

    Per token ``-min(ρA, clip(ρ, 1-ε, 1+ε)A)`` with ``ρ = exp(logp - logp_old)``: once the ratio has moved
    ε past 1 in the direction the advantage rewards, the gradient stops. ``clipped_fraction`` is the share
    of tokens where the clipped term was the one taken (TRL's ``clip_ratio/region_mean``);
    ``approx_kl`` is the estimator ``(ρ - 1) - log ρ`` of KL(old ‖ new), never negative.
    """
    log_ratio = logprobs - old_logprobs
    ratio = torch.exp(log_ratio)
    unclipped = -advantages * ratio
    clipped = -advantages * torch.clamp(ratio, 1.0 - clip_range, 1.0 + clip_range)
    loss = masked_mean(torch.maximum(unclipped, clipped), mask)
    clipped_fraction = masked_mean((clipped > unclipped).to(logprobs.dtype), mask)
    approx_kl = masked_mean((ratio - 1.0) - log_ratio, mask)
    return loss, clipped_fraction.detach(), approx_kl.detach()


def clipped_value_loss(
    values: torch.Tensor,
    old_values: torch.Tensor,
    returns: torch.Tensor,
    mask: torch.Tensor,
    *,
    clip_range: float,
) -> tuple[torch.Tensor, torch.Tensor]:
    """``(loss, clipped_fraction)``: ``max((V - R)², (clip(V, V_old ± ε_v) - R)²) / 2`` over real tokens.

    The pessimistic max keeps one minibatch from moving a value estimate far from the one the advantages
    were computed with.
    """
    clipped_values = old_values + torch.clamp(values - old_values, -clip_range, clip_range)
    unclipped_loss = (values - returns) ** 2
    clipped_loss = (clipped_values - returns) ** 2
    loss = 0.5 * masked_mean(torch.maximum(unclipped_loss, clipped_loss), mask)
    clipped_fraction = masked_mean((clipped_loss > unclipped_loss).to(values.dtype), mask)
    return loss, clipped_fraction.detach()


def entropy_from_logits(logits: torch.Tensor) -> torch.Tensor:
    """Per-position entropy of the categorical distribution over the vocabulary."""
    log_probs = torch.log_softmax(logits, dim=-1)
    return -(log_probs.exp() * log_probs).sum(dim=-1)


def token_logprobs(logits: torch.Tensor, tokens: torch.Tensor) -> torch.Tensor:
    """log p(token) at each position, from logits already aligned with ``tokens``.

    ``logit - logsumexp`` rather than ``log_softmax(...).gather``: no second vocabulary-sized tensor.
    """
    return logits.gather(-1, tokens.unsqueeze(-1)).squeeze(-1) - torch.logsumexp(logits, dim=-1)


# ----------------------------------------------------------------------------------------------------------
# The models: policy, frozen reference, value model. Forward passes return completion positions only.
# ----------------------------------------------------------------------------------------------------------


class ValueHeadModel(torch.nn.Module):
    """A transformer backbone (no LM head) with a linear head: one value estimate per position."""

    def __init__(self, backbone: torch.nn.Module, hidden_size: int) -> None:
        super().__init__()
        self.backbone = backbone
        self.value_head = torch.nn.Linear(hidden_size, 1)
        # start at V = 0 everywhere: a random head would inject noise into the first advantages
        torch.nn.init.zeros_(self.value_head.weight)
        torch.nn.init.zeros_(self.value_head.bias)

    def forward(
        self, input_ids: torch.Tensor, attention_mask: torch.Tensor, position_ids: torch.Tensor
    ) -> torch.Tensor:
        hidden = self.backbone(
            input_ids=input_ids, attention_mask=attention_mask, position_ids=position_ids, use_cache=False
        ).last_hidden_state
        # the head in float32 even under bf16 autocast: returns are small differences of rewards
        with torch.autocast(device_type=hidden.device.type, enabled=False):
            return self.value_head(hidden.float()).squeeze(-1)


def _backbone(causal_lm: Any) -> Any:
    """The transformer under a causal LM's output head (``LlamaForCausalLM.model``), through peft too."""
    inner = causal_lm.get_base_model() if hasattr(causal_lm, "get_base_model") else causal_lm
    return inner.base_model


def build_value_model(args: Args, base_lm: Any, tokenizer: Any, run_dir: Path) -> ValueHeadModel:
    """The value model ``args.value`` asks for. ``base_lm`` is the policy before LoRA: copied, never
    shared, so value updates do not move the policy."""
    if args.value.source == "policy":
        value_lm = apply_lora(copy.deepcopy(base_lm), args.lora)
    else:
        settings = ModelSettings(
            source=args.value.source,
            hidden_size=args.value.hidden_size,
            num_layers=args.value.num_layers,
            seed=args.model.seed + 1,
            dtype=args.model.dtype,
            attn_implementation=args.model.attn_implementation,
        )
        value_lm, value_tokenizer, _ = load_model(settings, output_dir=run_dir / "value-model")
        if value_tokenizer.get_vocab() != tokenizer.get_vocab():
            raise ConfigError(
                f"value.source {args.value.source!r}: its tokenizer differs from the policy's; the value "
                "model reads the policy's token ids, so it needs the same vocabulary"
            )
    hidden_size = value_lm.config.get_text_config().hidden_size
    model = ValueHeadModel(_backbone(value_lm), hidden_size)
    model.value_head.to(torch.float32)  # also when the backbone loads in bfloat16
    return model


def position_ids_for(attention_mask: torch.Tensor) -> torch.Tensor:
    """Positions counted from each row's first real token, as ``generate`` numbers left-padded prompts:
    the default 0..n would shift every position of a padded row and change its log-probabilities."""
    return (attention_mask.long().cumsum(dim=-1) - 1).clamp(min=0)


def completion_logits(
    model: Any, input_ids: torch.Tensor, attention_mask: torch.Tensor, n_completion: int, temperature: float
) -> torch.Tensor:
    """Logits predicting each completion token, divided by the sampling temperature (so log-probabilities
    are those of the distribution the tokens were drawn from)."""
    logits = model(
        input_ids=input_ids,
        attention_mask=attention_mask,
        position_ids=position_ids_for(attention_mask),
        use_cache=False,
        logits_to_keep=n_completion + 1,  # the last prompt position predicts the first completion token
    ).logits[:, :-1]
    return logits.float() / temperature


def completion_values(
    value_model: Any, input_ids: torch.Tensor, attention_mask: torch.Tensor, n_completion: int
) -> torch.Tensor:
    """V(state before each completion token): the value at the position that predicts it."""
    values = value_model(input_ids, attention_mask, position_ids_for(attention_mask))
    return values[:, -n_completion - 1 : -1].float()


def eos_token_ids(model: Any, tokenizer: Any) -> list[int]:
    """Every id that ends a completion: the tokenizer's EOS and the generation config's (chat models often
    list several, e.g. an end-of-turn token)."""
    ids: set[int] = set()
    for source in (getattr(model, "generation_config", None), tokenizer):
        value = getattr(source, "eos_token_id", None)
        ids.update([value] if isinstance(value, int) else (value or []))
    if not ids:
        raise ConfigError("the model and tokenizer define no end-of-sequence token: PPO cannot end episodes")
    return sorted(ids)


# ----------------------------------------------------------------------------------------------------------
# Rollout: sample, score, shape the reward, estimate advantages. Everything here runs without gradients.
# ----------------------------------------------------------------------------------------------------------


@dataclass
class Rollout:
    """One step's experience; tensors are [completions, ...] on the training device."""

    input_ids: torch.Tensor  # prompt (left-padded) + completion
    attention_mask: torch.Tensor
    completion_ids: torch.Tensor
    mask: torch.Tensor  # real completion tokens (through the first EOS)
    logprobs: torch.Tensor
    values: torch.Tensor
    advantages: torch.Tensor
    returns: torch.Tensor
    stats: dict[str, torch.Tensor]  # per-completion values to gather across processes for the logs

    def __len__(self) -> int:
        return self.input_ids.shape[0]


@torch.no_grad()
def collect_rollout(
    rows: Sequence[Mapping[str, Any]],
    *,
    policy: Any,
    reference: Any,
    value_model: Any,
    tokenizer: Any,
    reward: RolloutRecorder,
    settings: Training,
    eos_ids: list[int],
    accelerator: Any,
    log_metric: Any,
) -> Rollout:
    """Sample one completion per row, score it, and turn the scores into advantages."""
    from transformers import GenerationConfig

    device = accelerator.device
    prompts = [row["prompt"] for row in rows]
    bos = tokenizer.bos_token
    # as evalkit's generate: chat templates may already start with BOS; do not add a second one
    add_special = not (bos and all(p.startswith(bos) for p in prompts))
    encoded = tokenizer(prompts, return_tensors="pt", padding=True, add_special_tokens=add_special).to(device)
    generation = GenerationConfig(
        max_new_tokens=settings.max_completion_length,
        do_sample=True,
        temperature=settings.temperature,
        top_k=0,
        top_p=1.0,
        eos_token_id=eos_ids,
        pad_token_id=tokenizer.pad_token_id,
    )
    with accelerator.autocast():
        sequences = policy.generate(**encoded, generation_config=generation)
    n_prompt = encoded["input_ids"].shape[1]
    completion_ids = sequences[:, n_prompt:]
    n_completion = completion_ids.shape[1]
    mask, ended = completion_mask(completion_ids, eos_ids)
    attention_mask = torch.cat([encoded["attention_mask"], mask], dim=1)

    # log-probabilities and values in minibatch-sized chunks: the rollout batch may not fit at once
    logprobs, ref_logprobs, values = [], [], []
    for start in range(0, len(rows), settings.minibatch_size):
        chunk = slice(start, start + settings.minibatch_size)
        ids, attn = sequences[chunk], attention_mask[chunk]
        with accelerator.autocast():
            logprobs.append(
                token_logprobs(
                    completion_logits(policy, ids, attn, n_completion, settings.temperature),
                    completion_ids[chunk],
                )
            )
            if reference is None:  # LoRA: the reference is the policy with its adapters switched off
                with policy.disable_adapter():
                    ref_logits = completion_logits(policy, ids, attn, n_completion, settings.temperature)
            else:
                ref_logits = completion_logits(reference, ids, attn, n_completion, settings.temperature)
            ref_logprobs.append(token_logprobs(ref_logits, completion_ids[chunk]))
            values.append(completion_values(value_model, ids, attn, n_completion))
    logprobs_t, ref_logprobs_t, values_t = torch.cat(logprobs), torch.cat(ref_logprobs), torch.cat(values)

    # score the text the user would see: up to the EOS, special tokens removed
    lengths = mask.sum(dim=1)
    kept = [ids[: int(n) - int(e)].tolist() for ids, n, e in zip(completion_ids, lengths, ended, strict=True)]
    texts = tokenizer.batch_decode(kept, skip_special_tokens=True)
    columns = {k: [row[k] for row in rows] for k in rows[0] if k != "prompt"}
    raw_scores = reward(
        prompts=prompts,
        completions=texts,
        completion_ids=[ids[: int(n)].tolist() for ids, n in zip(completion_ids, lengths, strict=True)],
        log_metric=log_metric,
        **columns,
    )
    not_applicable = torch.tensor([s is None for s in raw_scores], device=device)
    scores = torch.tensor([0.0 if s is None else float(s) for s in raw_scores], device=device)
    shaped_scores = scores.clone()
    if settings.missing_eos_penalty is not None:
        shaped_scores[~ended] -= settings.missing_eos_penalty

    rewards, kl = kl_shaped_rewards(shaped_scores, logprobs_t, ref_logprobs_t, mask, settings.kl_coef)
    advantages, returns = generalized_advantages(
        rewards, values_t, mask, gamma=settings.gamma, lam=settings.lam
    )
    if settings.whiten_advantages:
        advantages = masked_whiten(advantages, mask)

    # TRL's GRPO logs the k3 estimate exp(ref - logp) - (ref - logp) - 1 per token; log the same number
    log_ratio = (ref_logprobs_t - logprobs_t) * mask
    kl_k3 = masked_mean(torch.exp(log_ratio) - log_ratio - 1.0, mask, dim=1)
    stats = {
        "reward": scores,
        "not_applicable": not_applicable.float(),
        "length": lengths.float(),
        "clipped": (~ended).float(),
        "kl": kl_k3,
        "non_score_reward": (-settings.kl_coef * kl).sum(dim=1),
        "value": masked_mean(values_t, mask, dim=1),
        "num_tokens": attention_mask.sum(dim=1).float(),
    }
    return Rollout(
        input_ids=sequences,
        attention_mask=attention_mask,
        completion_ids=completion_ids,
        mask=mask,
        logprobs=logprobs_t,
        values=values_t,
        advantages=advantages,
        returns=returns,
        stats=stats,
    )


# ----------------------------------------------------------------------------------------------------------
# Update: ppo_epochs over shuffled minibatches of the rollout.
# ----------------------------------------------------------------------------------------------------------


def ppo_update(
    rollout: Rollout,
    *,
    policy: Any,
    value_model: Any,
    optimizer: torch.optim.Optimizer,
    parameters: list[torch.nn.Parameter],
    settings: Training,
    accelerator: Any,
) -> dict[str, float]:
    """Run the epochs; return the minibatch averages (over this process) of the training statistics."""
    sums: dict[str, float] = defaultdict(float)
    n_minibatches = 0
    n_completion = rollout.completion_ids.shape[1]
    epochs_done = 0
    for _ in range(settings.ppo_epochs):
        order = torch.randperm(len(rollout), device=rollout.input_ids.device)
        epoch_kl = []
        for start in range(0, len(rollout), settings.minibatch_size):
            idx = order[start : start + settings.minibatch_size]
            mask = rollout.mask[idx]
            with accelerator.autocast():
                logits = completion_logits(
                    policy,
                    rollout.input_ids[idx],
                    rollout.attention_mask[idx],
                    n_completion,
                    settings.temperature,
                )
                values = completion_values(
                    value_model, rollout.input_ids[idx], rollout.attention_mask[idx], n_completion
                )
            logprobs = token_logprobs(logits, rollout.completion_ids[idx])
            policy_loss, clipped_fraction, approx_kl = clipped_policy_loss(
                logprobs, rollout.logprobs[idx], rollout.advantages[idx], mask, clip_range=settings.clip_range
            )
            value_loss, value_clipped_fraction = clipped_value_loss(
                values, rollout.values[idx], rollout.returns[idx], mask, clip_range=settings.clip_range_value
            )
            if settings.entropy_coef:
                entropy = masked_mean(entropy_from_logits(logits), mask)
            else:  # logged only: keep it out of the graph
                entropy = masked_mean(entropy_from_logits(logits.detach()), mask)
            loss = policy_loss + settings.vf_coef * value_loss - settings.entropy_coef * entropy

            optimizer.zero_grad(set_to_none=True)
            accelerator.backward(loss)
            grad_norm = accelerator.clip_grad_norm_(parameters, settings.max_grad_norm)
            optimizer.step()

            for key, value in (
                ("loss", loss),
                ("policy_loss", policy_loss),
                ("value_loss", value_loss),
                ("clip_ratio/region_mean", clipped_fraction),
                ("value_clip_ratio", value_clipped_fraction),
                ("approx_kl", approx_kl),
                ("entropy", entropy),
                ("grad_norm", grad_norm),
            ):
                sums[key] += float(value.detach())
            n_minibatches += 1
            epoch_kl.append(approx_kl)
        epochs_done += 1
        if settings.target_kl is not None:
            # every process must take the same decision, or DDP waits forever for the ones that went on
            mean_kl = accelerator.reduce(torch.stack(epoch_kl).mean(), reduction="mean")
            if float(mean_kl) > settings.target_kl:
                break
    out = {key: total / n_minibatches for key, total in sums.items()}
    out["ppo_epochs"] = float(epochs_done)
    return out


# ----------------------------------------------------------------------------------------------------------
# The run: set up, loop, log, checkpoint.
# ----------------------------------------------------------------------------------------------------------


def check_settings(args: Args) -> None:
    """Fail before loading anything for settings that cannot work."""
    t = args.training
    positive = ("max_steps", "rollout_batch_size", "samples_per_prompt", "minibatch_size", "ppo_epochs")
    for name in (*positive, "max_completion_length", "logging_steps"):
        if getattr(t, name) < 1:
            raise ConfigError(f"training.{name} must be at least 1, got {getattr(t, name)}")
    if t.save_steps < 0:
        raise ConfigError(f"training.save_steps must be 0 (no checkpoints) or more, got {t.save_steps}")
    if t.rollout_batch_size % t.minibatch_size:
        raise ConfigError(
            f"training.rollout_batch_size {t.rollout_batch_size} is not divisible by training.minibatch_size "
            f"{t.minibatch_size}: every minibatch must have the same size"
        )
    if t.rollout_batch_size % t.samples_per_prompt:
        raise ConfigError(
            f"training.rollout_batch_size {t.rollout_batch_size} is not divisible by "
            f"training.samples_per_prompt {t.samples_per_prompt}"
        )
    if t.temperature <= 0:
        raise ConfigError(f"training.temperature must be > 0 (PPO samples), got {t.temperature}")
    for name in ("clip_range", "clip_range_value", "learning_rate"):
        if getattr(t, name) <= 0:
            raise ConfigError(f"training.{name} must be > 0, got {getattr(t, name)}")
    if not (0 <= t.gamma <= 1 and 0 <= t.lam <= 1):
        raise ConfigError(f"training.gamma and training.lam must lie in [0, 1], got {t.gamma} and {t.lam}")


def prompt_batches(
    n_prompts: int, per_process: int, *, seed: int, rank: int, world: int
) -> Iterator[list[int]]:
    """Row indices for each step on this process: shuffled epochs over the prompts, each step split among
    the processes, so no two of them train on the same prompt in one step (as long as there are enough
    prompts for a step). An epoch's tail too short to fill a step is dropped, as ``drop_last`` does."""
    generator = torch.Generator().manual_seed(seed)
    step_size = per_process * world
    while True:
        # fewer prompts than one step needs: repeating some within the step cannot be avoided
        order = torch.cat(
            [torch.randperm(n_prompts, generator=generator) for _ in range(-(-step_size // n_prompts))]
        )
        for start in range(0, len(order) - step_size + 1, step_size):
            mine = start + rank * per_process
            yield order[mine : mine + per_process].tolist()


def _gathered_stats(rollout: Rollout, accelerator: Any, samples_per_prompt: int) -> dict[str, float]:
    """Rollout statistics over every process's completions, under the keys TRL's GRPO logs."""
    stats = {key: accelerator.gather(value) for key, value in rollout.stats.items()}
    reward = stats["reward"]
    out = {
        "reward": float(reward.mean()),
        "reward_std": float(reward.std()) if reward.numel() > 1 else 0.0,
        "kl": float(stats["kl"].mean()),
        "non_score_reward": float(stats["non_score_reward"].mean()),
        "completions/mean_length": float(stats["length"].mean()),
        "completions/min_length": float(stats["length"].min()),
        "completions/max_length": float(stats["length"].max()),
        "completions/clipped_ratio": float(stats["clipped"].mean()),
        "value_mean": float(stats["value"].mean()),
        "num_tokens": float(stats["num_tokens"].sum()),
        "not_applicable_frac": float(stats["not_applicable"].mean()),
    }
    if samples_per_prompt > 1:  # rows of one prompt are adjacent on each process
        groups = reward.view(-1, samples_per_prompt)
        out["frac_reward_zero_std"] = float((groups.std(dim=1) == 0).float().mean())
    return out


def _peak_memory() -> dict[str, float | None]:
    gib = 2.0**30
    rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux
    return {
        "peak_gpu_memory_gib": torch.cuda.max_memory_allocated() / gib if torch.cuda.is_available() else None,
        "peak_rss_gib": rss_kib * 1024 / gib,
    }


def save_model(folder: Path, policy: Any, tokenizer: Any, accelerator: Any) -> None:
    """The policy and tokenizer as ``from_pretrained`` folders: ``RUN_DIR/checkpoint-N`` and the final model
    in ``RUN_DIR`` are what ``rewardkit eval --model RUN_DIR`` evaluates. A LoRA policy saves its adapter,
    whose config names the base model's folder."""
    accelerator.wait_for_everyone()
    if accelerator.is_main_process:
        accelerator.unwrap_model(policy).save_pretrained(folder)
        tokenizer.save_pretrained(folder)


def train(args: Args) -> dict[str, Any]:
    """Run PPO as ``args`` says; return the summary also written to ``RUN_DIR/train_summary.json``."""
    from accelerate import Accelerator
    from accelerate.utils import set_seed

    check_settings(args)
    t = args.training
    run_dir = Path(args.output_dir).resolve()  # adapter configs name the base model by this path
    cuda = torch.cuda.is_available()
    bf16 = (cuda and torch.cuda.is_bf16_supported()) if t.bf16 is None else t.bf16
    accelerator = Accelerator(cpu=not cuda, mixed_precision="bf16" if bf16 else "no")
    if t.cpu_threads is not None:
        torch.set_num_threads(t.cpu_threads)
    set_seed(t.seed)  # identical initial weights (value head) on every process

    # data first: a bad gold or a bad reward spec should fail before minutes of model loading
    problems = load_problems(args.data)
    check_golds(problems, source=args.data.source)
    reward = RolloutRecorder(build_reward(args), keep=t.rollouts_per_log)

    with accelerator.main_process_first():  # the tiny model is built once, by the main process
        base_lm, tokenizer, source = load_model(args.model, output_dir=run_dir)
    for warning in check_learning_rate(t.learning_rate, lora=args.lora.r > 0, source=args.model.source):
        print(f"rewardkit: warning: {warning}", file=sys.stderr)
    dataset = prompt_dataset(
        problems, tokenizer, system=args.prompt.system, instruction=args.prompt.instruction
    )
    rows = dataset.to_list()

    with accelerator.main_process_first():
        value_model = build_value_model(args, base_lm, tokenizer, run_dir)
    if args.lora.r > 0:
        policy, reference = apply_lora(base_lm, args.lora), None
    else:
        reference = copy.deepcopy(base_lm).requires_grad_(False).eval().to(accelerator.device)
        policy = base_lm
    # dropout off throughout: with it, old and new log-probabilities differ even before any update, and
    # the ratio ρ measures noise instead of the policy's change
    for model in (policy, value_model):
        model.eval()
        for module in model.modules():
            if isinstance(module, torch.nn.Dropout):
                module.p = 0.0
    eos_ids = eos_token_ids(base_lm, tokenizer)

    policy_parameters = [p for p in policy.parameters() if p.requires_grad]
    value_parameters = [p for p in value_model.parameters() if p.requires_grad]
    value_lr = args.value.learning_rate if args.value.learning_rate is not None else t.learning_rate
    optimizer = torch.optim.AdamW(
        [{"params": policy_parameters, "lr": t.learning_rate}, {"params": value_parameters, "lr": value_lr}],
        eps=1e-5,
        weight_decay=0.0,
    )
    scheduler = torch.optim.lr_scheduler.LambdaLR(
        optimizer,
        lambda step: 1.0 if t.lr_scheduler_type == "constant" else max(0.0, 1.0 - step / t.max_steps),
    )
    policy, value_model, optimizer = accelerator.prepare(policy, value_model, optimizer)
    torch.manual_seed(t.seed + accelerator.process_index)  # different samples on each process

    metrics = MetricsLog(run_dir / "metrics.jsonl")
    rollouts = RolloutLog(run_dir / "rollouts.jsonl")
    health = HealthMonitor()
    if accelerator.is_main_process:
        write_run_config(run_dir, args, command=COMMAND)  # refuses a folder of another run's outputs
        for log in (metrics, rollouts):
            log.path.unlink(missing_ok=True)  # a rerun of the same run into its folder starts fresh logs
        print(
            f"ppo: {source} → {run_dir} | {len(rows)} prompts | value model: {args.value.source} | "
            f"{'LoRA r=' + str(args.lora.r) if args.lora.r > 0 else 'full fine-tuning'} | "
            f"world size {accelerator.num_processes} | {accelerator.device}",
            file=sys.stderr,
        )

    per_prompt = t.samples_per_prompt
    batches = prompt_batches(
        len(rows), t.rollout_batch_size // per_prompt, seed=t.seed,
        rank=accelerator.process_index, world=accelerator.num_processes,
    )  # fmt: skip
    window: dict[str, list[float]] = defaultdict(list)  # metrics since the last logged step
    reward_metrics: dict[str, list[float]] = defaultdict(list)
    first_reward: float | None = None
    last_reward: float | None = None
    total_tokens = 0.0
    began = time.perf_counter()
    for step in range(1, t.max_steps + 1):
        step_began = time.perf_counter()
        batch = [rows[i] for i in next(batches) for _ in range(per_prompt)]
        unwrapped_policy = accelerator.unwrap_model(policy)
        rollout = collect_rollout(
            batch,
            policy=unwrapped_policy,
            reference=reference,
            value_model=accelerator.unwrap_model(value_model),
            tokenizer=tokenizer,
            reward=reward,
            settings=t,
            eos_ids=eos_ids,
            accelerator=accelerator,
            log_metric=lambda name, value: reward_metrics[name].append(float(value)),
        )
        update = ppo_update(
            rollout,
            policy=policy,
            value_model=value_model,
            optimizer=optimizer,
            parameters=policy_parameters + value_parameters,
            settings=t,
            accelerator=accelerator,
        )
        learning_rate = scheduler.get_last_lr()[0]
        scheduler.step()

        entry = _gathered_stats(rollout, accelerator, per_prompt)
        names = [reward.name]
        update_means = accelerator.reduce(
            torch.tensor(list(update.values()), device=accelerator.device), "mean"
        )
        entry.update(zip(update, update_means.tolist(), strict=True))
        if why := divergence(entry, step=step):  # reduced over processes: every rank stops here
            raise TrainingDiverged(why)
        entry[reward_key(names[0])] = entry["reward"]
        entry[reward_key(names[0], "std")] = entry["reward_std"]
        entry[reward_key(names[0], "none_frac")] = entry.pop("not_applicable_frac")
        for name, values in reward_metrics.items():  # components and parse failures, this process's share
            entry[name] = sum(values) / len(values)
        reward_metrics.clear()
        total_tokens += entry["num_tokens"]
        entry["num_tokens"] = total_tokens  # cumulative, as TRL logs it
        entry["learning_rate"] = learning_rate
        entry["step_time"] = time.perf_counter() - step_began
        first_reward = entry["reward"] if first_reward is None else first_reward
        last_reward = entry["reward"]
        for key, value in entry.items():
            window[key].append(value)

        if step % t.logging_steps == 0 or step == t.max_steps:
            logged = {"step": step, **{k: _window_value(k, v) for k, v in window.items()}}
            window.clear()
            if accelerator.is_main_process:
                metrics.write(logged)
                rollouts.write(step, reward.take())
                health.check(logged)
                print(_progress_line(logged, t.max_steps), file=sys.stderr, flush=True)
        if t.save_steps and step % t.save_steps == 0:
            save_model(run_dir / f"checkpoint-{step}", policy, tokenizer, accelerator)
    wall = time.perf_counter() - began
    if t.save_final:
        save_model(run_dir, policy, tokenizer, accelerator)

    # DDP keeps every process's policy identical; a mismatch means gradients were not synchronised
    checksum = torch.stack([p.detach().double().sum() for p in policy_parameters]).sum().reshape(1)
    checksums = accelerator.gather(checksum.to(accelerator.device))
    print(
        f"ppo rank {accelerator.process_index}/{accelerator.num_processes}: trained {t.max_steps} steps",
        file=sys.stderr,
    )
    summary: dict[str, Any] = {
        "algorithm": "ppo",
        "steps": t.max_steps,
        "processes": accelerator.num_processes,
        "wall_time_s": wall,
        "tokens": total_tokens,
        "tokens_per_second": total_tokens / wall if wall > 0 else None,
        "first_reward": first_reward,
        "last_reward": last_reward,
        "trainable_parameters": sum(p.numel() for p in policy_parameters + value_parameters),
        "ranks_in_sync": bool(
            torch.allclose(checksums, checksums[0].expand_as(checksums), rtol=1e-9, atol=0)
        ),
        **_peak_memory(),
    }
    if accelerator.is_main_process:
        atomic_write(run_dir / "train_summary.json", json.dumps(summary, indent=2) + "\n")
    accelerator.wait_for_everyone()
    accelerator.end_training()
    return summary


def _window_value(key: str, values: list[float]) -> float:
    # counters keep their latest value; everything else is averaged over the logging window
    return values[-1] if key in ("num_tokens", "learning_rate") else sum(values) / len(values)


def _progress_line(entry: Mapping[str, Any], steps: int) -> str:
    def show(key: str) -> str:
        value = entry.get(key)
        return "-" if value is None or (isinstance(value, float) and math.isnan(value)) else f"{value:.3f}"

    return (
        f"ppo step {entry['step']}/{steps}: reward {show('reward')} kl {show('kl')} "
        f"loss {show('loss')} clip {show('clip_ratio/region_mean')} len {show('completions/mean_length')}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``rewardkit train ppo --config FILE.yaml [key.sub=value ...]``; returns the exit status."""
    return run_recipe(Args, train, sys.argv[1:] if argv is None else argv, prog=COMMAND)


if __name__ == "__main__":
    exit_recipe(main())
