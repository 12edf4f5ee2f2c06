"""The exit statuses of every ``rewardkit`` command, defined once so that scripts and CI can rely on them.

* ``EXIT_OK`` (0): the command did what it was asked and found nothing wrong;
* ``EXIT_FINDINGS`` (1): it ran, and what it checks has problems (``check-data`` found bad rows,
  ``audit`` found disagreements, ...);
* ``EXIT_USAGE`` (2): it could not do its job as asked: a bad flag, an unreadable input, malformed lines
  (each reported as ``FILE:LINE``);
* ``EXIT_INTERRUPTED`` (130): stopped by Ctrl-C, the shell's 128 + SIGINT, so ``$?`` reads as it would for
  any other program killed that way.

>>> EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_INTERRUPTED
(0, 1, 2, 130)
"""

from __future__ import annotations

__all__ = ["EXIT_FINDINGS", "EXIT_INTERRUPTED", "EXIT_OK", "EXIT_USAGE"]

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130
