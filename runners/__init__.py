"""runners: one readable training recipe per file (GRPO, RLOO, PPO, SFT, reward model, agentic GRPO).

Each recipe is a script with a config dataclass and ``main()``. What recipes share lives in one module per
job: ``config`` (settings, YAML configs, the command line, TRL's config), ``models`` (hub, folder or the
offline tiny model; LoRA; devices), ``problems`` (the synthetic task, data files, prompts), ``preflight``
(checks before training), ``marker_reward`` (the format reward the recipes add) and ``run_logs`` (metrics,
rollouts, health warnings).
"""
