"""runners: one readable training recipe per file (GRPO, RLOO, PPO, SFT, reward model, agentic GRPO).

Each recipe is a script with a config dataclass and ``main()``; shared helpers live in ``runners.common``.
"""
