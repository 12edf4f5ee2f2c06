"""Importable stand-ins used by the sandbox tests (workers import functions by reference)."""

from __future__ import annotations

import os
import time

from rewardkit import grade


def grade_or_hang(completion, **options):
    """``grade``, except that the completion "HANG" sleeps forever and "CRASH" kills its process."""
    if completion == "HANG":
        time.sleep(3600)
    if completion == "CRASH":
        os._exit(3)
    return grade(completion, **options)


def slow_square(x, seconds):
    time.sleep(seconds)
    return x * x
