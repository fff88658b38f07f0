"""Connection pools that are always closed by someone who may join their threads.

A psycopg pool left to the garbage collector closes itself in its finaliser, which
joins its worker threads, and may run on one of them ("cannot join current thread").
So every pool is held here from the moment it opens until it is closed explicitly
(the store's ``close``); those still open at interpreter exit are closed then, by the
main thread. No pool is ever finalised while open.
"""
from __future__ import annotations

import atexit
import threading
from typing import Any, Set

_OPEN: Set[Any] = set()
_LOCK = threading.Lock()
_exit_hook = False
# At exit, a pool left open gets this long to stop its threads.
EXIT_CLOSE_S = 1.0


def opened(pool: Any) -> Any:
    """Hold ``pool`` until :func:`close`; returns it."""
    global _exit_hook
    with _LOCK:
        _OPEN.add(pool)
        if not _exit_hook:
            _exit_hook = True
            atexit.register(_close_left_open)
    return pool


def close(pool: Any, timeout: float = 5.0) -> None:
    pool.close(timeout=timeout)
    with _LOCK:
        _OPEN.discard(pool)


def _close_left_open() -> None:
    with _LOCK:
        left = list(_OPEN)
    for pool in left:
        close(pool, EXIT_CLOSE_S)
