"""Former name of :mod:`rewardkit.rewards.hacking_probes`, kept so that existing imports keep working."""

from rewardkit.rewards.hacking_probes import *  # noqa: F403
from rewardkit.rewards.hacking_probes import __all__ as __all__
