"""Named steps where a test can have this process killed, to prove a crash there is
recovered from: ``ENTITY_MEMORY_CRASH_AT=step`` (or ``step:N``, the Nth time the step
is reached) makes the process SIGKILL itself there. Unset, a step costs one comparison.

Read once at import: only a process started with the variable (a test's subprocess)
can ever be killed by it.
"""
from __future__ import annotations

import os
import signal

CRASH_ENV = "ENTITY_MEMORY_CRASH_AT"
_STEP, _, _NTH = os.environ.get(CRASH_ENV, "").partition(":")
_reached = 0


def crash_point(step: str) -> None:
    """SIGKILL this process if the environment named ``step`` (at its Nth arrival)."""
    global _reached
    if not _STEP or step != _STEP:
        return
    _reached += 1
    if _reached >= int(_NTH or 1):
        os.kill(os.getpid(), signal.SIGKILL)
