"""A client-side bound on every PostgreSQL call: a stopped server fires none of its own timeouts while
its kernel still acknowledges packets, so past its bound a call's socket is shut down (an outage).
One daemon thread per store, started with the first call, joined by :meth:`Watchdog.close`.
"""
from __future__ import annotations

import contextlib
import itertools
import os
import socket
import threading
import time
from typing import Any, Dict, Iterator, Optional, Tuple

from ovos_utils.log import LOG

# No call outlives this; longer than the server's statement bound (5 s), so a living server reports first.
CALL_TIMEOUT_S = 8.0
# TCP keepalives and a bound on unacknowledged data (libpq): a dead peer is noticed in ~10 s, not two hours.
TCP_OPTIONS = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 3,
               "tcp_user_timeout": int(CALL_TIMEOUT_S * 1000)}


class Watchdog:
    """Shuts down the socket of a call that outlives its bound."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._calls: Dict[int, Tuple[float, Any]] = {}  # token -> (deadline, connection)
        self._tokens = itertools.count()
        self._thread: Optional[threading.Thread] = None
        self._closed = False

    @contextlib.contextmanager
    def bounded(self, conn: Any, seconds: float) -> Iterator[None]:
        """Calls on ``conn`` inside this block end within ``seconds``, answered or not."""
        with self._cond:
            token = next(self._tokens)
            self._calls[token] = (time.monotonic() + seconds, conn)
            if self._thread is None and not self._closed:
                self._thread = threading.Thread(target=self._watch, name="entity-memory-pg-watchdog", daemon=True)
                self._thread.start()
            self._cond.notify()
        try:
            yield
        finally:
            with self._cond:
                self._calls.pop(token, None)

    def _watch(self) -> None:
        with self._cond:
            while not self._closed:
                now = time.monotonic()
                for token, (deadline, conn) in list(self._calls.items()):
                    if deadline <= now:
                        del self._calls[token]
                        _cut(conn)
                wait = min((deadline for deadline, _ in self._calls.values()), default=None)
                self._cond.wait(None if wait is None else max(0.0, wait - now))

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()
        if self._thread is not None:
            self._thread.join(timeout=5.0)


def _cut(conn: Any) -> None:
    """Through a duplicate of its descriptor (the connection keeps its own)."""
    try:
        sock = socket.socket(fileno=os.dup(conn.pgconn.socket))
    except (OSError, ValueError, AttributeError):
        return  # closed meanwhile: nothing waits on it
    with sock, contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RDWR)
    LOG.warning("entity memory: a database call outlived its bound (the server does not answer); "
                "its connection was cut")
