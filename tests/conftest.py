"""Test-wide settings.

``HYPOTHESIS_PROFILE=ci`` (set by ``.ci/run``) makes every property test derandomized: CI checks the same
examples on every run, so a red build always means a change broke something. Local runs keep exploring new
examples (and keep the failures they find in ``.hypothesis/``).
"""

from __future__ import annotations

import os

from hypothesis import settings

# Every test that grades with the default budget gets 30 s, not 1 s: a 1 ms item has been seen to take over a
# second on a stalled CI machine, and a verdict the tests check is about the case, not the machine. Set before
# any test module imports rewardkit (the default is read once, at import); tests of the budget itself pass
# ``timeout_s``, and timing targets are in bench/.
os.environ.setdefault("REWARDKIT_TIMEOUT_S", "30")

# No per-example deadline in any profile: Hypothesis's default (200 ms) is a wall-clock assert that a busy
# machine fails (a first call that starts a sandbox worker takes a second). Tests that bound time do it
# themselves, at ten times what they measure idle or more; timing targets are in bench/.
settings.register_profile("rewardkit", deadline=None)
settings.register_profile("ci", parent=settings.get_profile("rewardkit"), derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or "rewardkit")
