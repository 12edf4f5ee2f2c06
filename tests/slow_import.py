"""A module that takes a second to import (tests/sandbox_helpers.py: grade_after_slow_import)."""

import time

time.sleep(1.0)
