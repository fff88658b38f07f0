"""Named steps where a test's subprocess, started with ``ENTITY_MEMORY_CRASH_AT=step`` (or ``step:N``),
SIGKILLs itself, to prove a crash there is recovered from. Unset, a step costs one comparison.
"""
from __future__ import annotations

import os
import signal

CRASH_ENV = "ENTITY_MEMORY_CRASH_AT"
_STEP, _, _NTH = os.environ.get(CRASH_ENV, "").partition(":")
_reached = 0


def crash_point(step: str) -> None:
    global _reached
    if not _STEP or step != _STEP:
        return
    _reached += 1
    if _reached >= int(_NTH or 1):
        os.kill(os.getpid(), signal.SIGKILL)
