"""Importable stand-ins used by the sandbox tests (workers import functions by reference)."""

from __future__ import annotations

import os
import stat
import threading
import time

from rewardkit import grade


def grade_or_hang(completion, **options):
    """``grade``, except that the completion "HANG" sleeps forever, "CRASH" kills its process, "CLOSE"
    closes the process's pipes (its link to the parent) and then sleeps forever, and "UNPICKLABLE"
    returns a result that cannot be sent back (the worker dies between items, sending it)."""
    if completion == "HANG":
        time.sleep(3600)
    if completion == "CRASH":
        os._exit(3)
    if completion == "CLOSE":
        for name in os.listdir("/dev/fd"):
            fd = int(name)
            try:
                mode = os.fstat(fd).st_mode
                if fd > 2 and (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode)):
                    os.close(fd)
            except OSError:
                pass  # the descriptor listdir itself used, already gone
        time.sleep(3600)
    if completion == "UNPICKLABLE":
        return threading.Lock()
    return grade(completion, **options)


def slow_square(x, seconds):
    time.sleep(seconds)
    return x * x


def modules_loaded(*names):
    """Which of ``names`` the worker process has imported."""
    import sys

    return [name for name in names if name in sys.modules]


def grade_after_slow_import(completion, **options):
    """``grade``, after importing a module that takes a second to import (as sympy can on a busy
    machine): the completion "UNCHARGED" imports it the way grading does, "CHARGED" with a plain import."""
    import importlib

    from rewardkit import sandbox

    if completion == "UNCHARGED":
        sandbox.import_uncharged("slow_import")
    elif completion == "CHARGED":
        importlib.import_module("slow_import")
    return grade("The answer is 1.", **options)


def spin_in_c(completion, **options):
    """``grade``, except that "SPIN" computes a huge power: C code that never lets another thread of the
    worker run (the worker's lifeline thread included) until it is done."""
    if completion == "SPIN":
        pow(3, 10**10)
    return grade(completion, **options)


def grade_after_slow_warm_up(completion, **options):
    """``grade`` in a worker whose symbolic warm-up takes three seconds (as a cold start on a busy machine
    can): the first symbolic item must not pay for it."""
    from rewardkit import sandbox

    if not sandbox._symbolic_ready and sandbox._warm_up.__name__ == "_warm_up":
        warm_up = sandbox._warm_up

        def slow_warm_up():
            time.sleep(3)
            warm_up()

        sandbox._warm_up = slow_warm_up
    return grade(completion, **options)


def allocate(megabytes):
    """Allocate and touch ``megabytes`` of memory; returns how many were allocated."""
    block = bytearray(megabytes << 20)
    block[::4096] = b"\1" * len(block[::4096])
    return len(block) >> 20
