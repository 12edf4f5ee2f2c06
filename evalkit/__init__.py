"""evalkit: evaluation over checkpoints (generation, records, sampling metrics, error analysis, reports).

Built on :mod:`rewardkit`'s grading core; imports torch and transformers only inside the functions that
generate text.
"""
