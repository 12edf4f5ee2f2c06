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

import torch

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
