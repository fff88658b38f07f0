"""Pools closed by someone who may join their threads: a psycopg pool's finaliser joins
its workers and may run on one ("cannot join current thread"). Each pool is held here
until closed explicitly; those still open at exit are closed by the main thread.
"""
from __future__ import annotations

import atexit
import threading
from typing import Any, Set

_OPEN: Set[Any] = set()
_LOCK = threading.Lock()
# At exit, a pool left open gets this long to stop its threads.
EXIT_CLOSE_S = 1.0


def opened(pool: Any) -> Any:
    with _LOCK:
        _OPEN.add(pool)
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


atexit.register(_close_left_open)  # imported only with the postgres backend
