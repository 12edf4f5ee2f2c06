"""rewardkit: graders and reward functions for RL fine-tuning of LLMs on verifiable tasks.

>>> from rewardkit import grade
>>> grade("So she makes 9 * 2 = $18.\\nThe answer is $18.", gold="18").verdict
<Verdict.CORRECT: 'CORRECT'>
"""

from rewardkit.grade import grade, grade_many
from rewardkit.types import Answer, GradeResult, Verdict

__all__ = ["Answer", "GradeResult", "Verdict", "grade", "grade_many"]
__version__ = "0.1.0.dev0"
