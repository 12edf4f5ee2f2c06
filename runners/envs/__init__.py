"""Small tool environments for the agentic recipe (``runners/agentic_grpo.py``).

Each environment follows TRL's ``environment_factory`` contract: ``reset(**row)`` starts an episode from a
dataset row, every public method is a tool (typed arguments, Google-style docstring: the model sees the
schema TRL renders from them), and a tool that is given bad arguments raises — the trainer turns the
exception into an observation, never a crash. Each environment keeps the episode's calls in ``calls``
(tool, arguments, result, ok) for the trajectory records.

- :class:`CalculatorEnv`: arithmetic on numbers too large to multiply reliably in one's head.
- :class:`LookupEnv`: facts about fictional towns the policy cannot know without looking them up, plus the
  calculator's arithmetic, for questions that need two lookups and a calculation.
"""

from runners.envs.calculator import CalculatorEnv, ToolCall, calculator_problems
from runners.envs.lookup import TOWNS, LookupEnv, lookup_problems

ENVIRONMENTS = {"calculator": CalculatorEnv, "lookup": LookupEnv}
PROBLEMS = {"calculator": calculator_problems, "lookup": lookup_problems}

__all__ = [
    "ENVIRONMENTS",
    "PROBLEMS",
    "TOWNS",
    "CalculatorEnv",
    "LookupEnv",
    "ToolCall",
    "calculator_problems",
    "lookup_problems",
]
