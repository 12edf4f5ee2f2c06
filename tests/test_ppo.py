"""runners.ppo: the algorithm against hand-computed tensors, then the recipe end to end on a tiny model."""

from __future__ import annotations

import math

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("accelerate")

from runners import ppo  # noqa: E402


def close(actual, expected, tol=1e-6):
    expected = torch.as_tensor(expected, dtype=actual.dtype)
    assert torch.allclose(actual, expected, atol=tol), f"{actual.tolist()} != {expected.tolist()}"


# ---------------------------------------------------------------------------------------------- masks


def test_completion_mask_keeps_tokens_through_the_first_eos():
    ids = torch.tensor([[5, 6, 2, 0, 2], [5, 6, 7, 8, 9], [2, 0, 0, 0, 0]])
    mask, ended = ppo.completion_mask(ids, eos_token_ids=[2])
    assert mask.tolist() == [[1, 1, 1, 0, 0], [1, 1, 1, 1, 1], [1, 0, 0, 0, 0]]
    assert ended.tolist() == [True, False, True]


def test_completion_mask_with_several_eos_ids_and_pad_equal_to_eos():
    ids = torch.tensor([[5, 9, 9, 9], [7, 3, 9, 9]])
    mask, ended = ppo.completion_mask(ids, eos_token_ids=[3, 9])
    assert mask.tolist() == [[1, 1, 0, 0], [1, 1, 0, 0]]
    assert ended.tolist() == [True, True]


def test_masked_mean_ignores_padding_and_survives_an_empty_mask():
    values = torch.tensor([[1.0, 2.0, 100.0], [3.0, 100.0, 100.0]])
    mask = torch.tensor([[1, 1, 0], [1, 0, 0]])
    close(ppo.masked_mean(values, mask), 2.0)
    close(ppo.masked_mean(values, mask, dim=1), [1.5, 3.0])
    close(ppo.masked_mean(values, torch.zeros_like(mask)), 0.0)


def test_masked_whiten_uses_real_tokens_only():
    values = torch.tensor([[1.0, 2.0, 3.0], [4.0, 100.0, -100.0]])
    mask = torch.tensor([[1, 1, 1], [1, 0, 0]])
    # real values 1, 2, 3, 4: mean 2.5, population variance 1.25
    s = math.sqrt(1.25)
    close(ppo.masked_whiten(values, mask), [[-1.5 / s, -0.5 / s, 0.5 / s], [1.5 / s, 0.0, 0.0]], tol=1e-5)
    whitened = ppo.masked_whiten(values, mask)
    close(ppo.masked_mean(whitened, mask), 0.0, tol=1e-6)
    close(ppo.masked_mean(whitened**2, mask), 1.0, tol=1e-5)


# ---------------------------------------------------------------------------------------------- rewards


def test_kl_penalty_is_folded_per_token_and_the_score_lands_on_the_last_real_token():
    scores = torch.tensor([1.0, -0.5])
    logprobs = torch.tensor([[-1.0, -2.0, -3.0], [-1.0, -1.0, -1.0]])
    ref_logprobs = torch.tensor([[-1.5, -2.0, -2.0], [-2.0, -1.0, -9.0]])
    mask = torch.tensor([[1, 1, 1], [1, 1, 0]])
    rewards, kl = ppo.kl_shaped_rewards(scores, logprobs, ref_logprobs, mask, kl_coef=0.1)
    close(kl, [[0.5, 0.0, -1.0], [1.0, 0.0, 0.0]])
    close(rewards, [[-0.05, 0.0, 0.1 + 1.0], [-0.1, -0.5, 0.0]])


def test_zero_kl_coef_leaves_only_the_score():
    rewards, _ = ppo.kl_shaped_rewards(
        torch.tensor([2.0]), torch.tensor([[-1.0, -1.0]]), torch.tensor([[-3.0, -3.0]]),
        torch.tensor([[1, 1]]), kl_coef=0.0,
    )  # fmt: skip
    close(rewards, [[0.0, 2.0]])


# ---------------------------------------------------------------------------------------------- GAE


def test_gae_by_hand():
    rewards = torch.tensor([[1.0, 2.0, 3.0]])
    values = torch.tensor([[0.5, 1.0, 1.5]])
    mask = torch.ones(1, 3)
    advantages, returns = ppo.generalized_advantages(rewards, values, mask, gamma=0.9, lam=0.8)
    # δ2 = 3 - 1.5 = 1.5 (terminal: no next value); δ1 = 2 + 0.9·1.5 - 1 = 2.35; δ0 = 1 + 0.9·1 - 0.5 = 1.4
    # A2 = 1.5; A1 = 2.35 + 0.72·1.5 = 3.43; A0 = 1.4 + 0.72·3.43 = 3.8696
    close(advantages, [[3.8696, 3.43, 1.5]], tol=1e-5)
    close(returns, [[4.3696, 4.43, 3.0]], tol=1e-5)


def test_gae_stops_at_the_last_real_token_and_never_bootstraps_from_padding():
    rewards = torch.tensor([[1.0, 2.0, 99.0]])
    values = torch.tensor([[0.5, 1.0, 7.0]])  # the value on the padding position must not leak back
    mask = torch.tensor([[1, 1, 0]])
    advantages, returns = ppo.generalized_advantages(rewards, values, mask, gamma=0.9, lam=0.8)
    # δ1 = 2 + 0 - 1 = 1; δ0 = 1 + 0.9·1 - 0.5 = 1.4; A0 = 1.4 + 0.72·1 = 2.12
    close(advantages, [[2.12, 1.0, 0.0]], tol=1e-6)
    close(returns, [[2.62, 2.0, 0.0]], tol=1e-6)


def test_gae_limits_monte_carlo_and_one_step_td():
    rewards = torch.tensor([[1.0, 2.0, 3.0], [0.0, 5.0, 0.0]])
    values = torch.tensor([[0.5, 1.0, 1.5], [0.2, 0.4, 0.0]])
    mask = torch.tensor([[1, 1, 1], [1, 1, 0]])
    monte_carlo, returns = ppo.generalized_advantages(rewards, values, mask, gamma=1.0, lam=1.0)
    close(monte_carlo, [[6 - 0.5, 5 - 1.0, 3 - 1.5], [5 - 0.2, 5 - 0.4, 0.0]], tol=1e-6)
    close(returns, [[6.0, 5.0, 3.0], [5.0, 5.0, 0.0]], tol=1e-6)
    one_step, _ = ppo.generalized_advantages(rewards, values, mask, gamma=0.5, lam=0.0)
    close(one_step, [[1 + 0.5 - 0.5, 2 + 0.75 - 1.0, 3 - 1.5], [0.2 - 0.2, 5 - 0.4, 0.0]], tol=1e-6)


# ---------------------------------------------------------------------------------------------- losses


def test_clipped_surrogate_inside_and_outside_the_clip_range():
    # one token per case; ε = 0.2
    ratio = torch.tensor([[1.1, 1.5, 0.5, 1.5, 0.5, 3.0]])
    advantages = torch.tensor([[1.0, 1.0, -1.0, -1.0, 1.0, 50.0]])
    mask = torch.tensor([[1, 1, 1, 1, 1, 0]])  # the last is padding
    old_logprobs = torch.full_like(ratio, -2.0)
    logprobs = (old_logprobs + ratio.log()).requires_grad_(True)
    loss, clipped_fraction, approx_kl = ppo.clipped_policy_loss(
        logprobs, old_logprobs, advantages, mask, clip_range=0.2
    )
    # 1.1·(+1) inside the range: -1.1.  1.5·(+1) past 1+ε: -1.2, clipped.  0.5·(-1) below 1-ε: 0.8, clipped.
    # 1.5·(-1): the pessimistic unclipped 1.5.  0.5·(+1): the pessimistic unclipped -0.5.
    close(loss, (-1.1 - 1.2 + 0.8 + 1.5 - 0.5) / 5, tol=1e-6)
    close(clipped_fraction, 2 / 5)
    expected_kl = sum((r - 1) - math.log(r) for r in (1.1, 1.5, 0.5, 1.5, 0.5)) / 5
    close(approx_kl, expected_kl, tol=1e-6)
    loss.backward()
    # d(-Aρ)/dlogp = -Aρ where unclipped is taken, 0 where clipped; averaged over 5 real tokens
    close(logprobs.grad, [[-1.1 / 5, 0.0, 0.0, 1.5 / 5, -0.5 / 5, 0.0]], tol=1e-6)


def test_clipped_surrogate_at_ratio_one_is_minus_the_mean_advantage():
    advantages = torch.tensor([[0.3, -1.2, 2.0]])
    logprobs = torch.tensor([[-1.0, -2.0, -0.5]])
    loss, clipped_fraction, approx_kl = ppo.clipped_policy_loss(
        logprobs, logprobs.clone(), advantages, torch.ones(1, 3), clip_range=0.2
    )
    close(loss, -(0.3 - 1.2 + 2.0) / 3, tol=1e-6)
    close(clipped_fraction, 0.0)
    close(approx_kl, 0.0)


def test_clipped_value_loss_by_hand():
    values = torch.tensor([[1.0, 1.5, 1.5, 9.0]], requires_grad=True)
    old_values = torch.tensor([[0.9, 1.0, 1.0, 0.0]])
    returns = torch.tensor([[2.0, 2.0, 1.0, 0.0]])
    mask = torch.tensor([[1, 1, 1, 0]])
    loss, clipped_fraction = ppo.clipped_value_loss(values, old_values, returns, mask, clip_range=0.2)
    # 1: within ±0.2 of old: (1-2)² = 1.  2: clipped to 1.2: max(0.25, 0.64) = 0.64, clipped.
    # 3: clipped to 1.2 but the unclipped error is larger: max(0.25, 0.04) = 0.25.
    close(loss, 0.5 * (1 + 0.64 + 0.25) / 3, tol=1e-6)
    close(clipped_fraction, 1 / 3, tol=1e-6)
    loss.backward()
    # gradient (V - R)/3 where unclipped is taken, 0 through the clipped branch (its V is constant there)
    close(values.grad, [[(1.0 - 2.0) / 3, 0.0, (1.5 - 1.0) / 3, 0.0]], tol=1e-6)


def test_entropy_and_token_logprobs():
    logits = torch.tensor([[[0.0, 0.0, 0.0, 0.0], [math.log(3.0), 0.0, -1e9, -1e9]]])
    close(
        ppo.entropy_from_logits(logits), [[math.log(4.0), -(0.75 * math.log(0.75) + 0.25 * math.log(0.25))]]
    )
    close(ppo.token_logprobs(logits, torch.tensor([[2, 0]])), [[math.log(0.25), math.log(0.75)]], tol=1e-6)
