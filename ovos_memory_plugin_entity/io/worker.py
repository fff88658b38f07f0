"""The background queue: the turn never waits for memory. Jobs run in order per session, sessions
take turns, a full queue drops its oldest job; a job retried later stays at its session's head.
One daemon thread, started on the first job.
"""
from __future__ import annotations

import atexit
import threading
import time
import weakref
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import Any, Callable, Deque, Dict, List, Optional

from ovos_utils.log import LOG

# At interpreter exit, pending extractions get this long to finish.
EXIT_DRAIN_S = 5.0
# Dropped exchanges are reported at most this often (a flood must not flood the log).
DROP_WARNING_INTERVAL_S = 60.0


@dataclass
class Job:
    key: str
    seq: int
    payload: Any


# A handler returns None when the job is done, or seconds to wait before retrying it.
Handler = Callable[[Job], Optional[float]]
# Told, at close, the jobs still queued (not started), so they can be kept for the next run.
LeftBehind = Callable[[List[Job]], None]


class ExtractionWorker:
    """Runs ``handler`` on jobs in a background thread, in order per key."""

    def __init__(self, handler: Handler, *, queue_size: int = 256,
                 clock: Callable[[], float] = time.monotonic, name: str = "entity-memory",
                 on_left: Optional[LeftBehind] = None):
        self._handler = handler
        self._on_left = on_left
        self._queue_size = queue_size
        self._clock = clock
        self._name = name
        self._cond = threading.Condition()
        self._queues: Dict[str, Deque[Job]] = {}
        self._pending: "OrderedDict[int, Job]" = OrderedDict()  # queued, oldest first
        self._ready: Deque[str] = deque()  # keys with work, not running, not waiting
        self._waiting: Dict[str, float] = {}  # key -> clock time its retry is due
        self._running: Dict[str, int] = {}  # key -> the seq of its job running now
        self._seq = 0
        self._thread: Optional[threading.Thread] = None
        self._closed = False
        self.dropped = 0
        self._dropped_reported = 0
        self._next_drop_warning = float("-inf")

    # -- submitting ----------------------------------------------------------
    def submit(self, key: str, payload: Any) -> bool:
        """Queue a job; returns at once. False when the worker is closed."""
        with self._cond:
            if self._closed:
                LOG.warning(f"{self._name}: closed, an exchange was not queued")
                return False
            if len(self._pending) >= self._queue_size:
                self._drop_oldest()
            self._seq += 1
            job = Job(key, self._seq, payload)
            self._queues.setdefault(key, deque()).append(job)
            self._pending[job.seq] = job
            if key not in self._running and key not in self._waiting and key not in self._ready:
                self._ready.append(key)
            if self._thread is None:
                # A daemon: Python joins non-daemon threads before atexit runs, which would hang
                # interpreter exit; the atexit hook drains the queue instead.
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
                atexit.register(_drain_at_exit, weakref.ref(self))
            self._cond.notify()
        return True

    def _drop_oldest(self) -> None:
        seq, job = self._pending.popitem(last=False)
        self._queues[job.key].remove(job)
        if not self._queues[job.key]:
            del self._queues[job.key]
            self._waiting.pop(job.key, None)
            if job.key in self._ready:
                self._ready.remove(job.key)
        self.dropped += 1
        now = self._clock()
        if now >= self._next_drop_warning:  # one line a minute, with the count, not one per exchange
            LOG.warning(f"{self._name}: queue full (queue_size={self._queue_size}); dropped "
                        f"{self.dropped - self._dropped_reported} oldest pending exchange(s) since the last "
                        f"report. Is the model endpoint keeping up?")
            self._dropped_reported = self.dropped
            self._next_drop_warning = now + DROP_WARNING_INTERVAL_S
        self._cond.notify_all()

    # -- running -------------------------------------------------------------
    def _next_job(self) -> Optional[Job]:
        with self._cond:
            while True:
                now = self._clock()
                for key, due in list(self._waiting.items()):
                    if due <= now:
                        del self._waiting[key]
                        self._ready.append(key)
                if self._ready:
                    key = self._ready.popleft()
                    job = self._queues[key].popleft()
                    self._pending.pop(job.seq, None)
                    self._running[key] = job.seq
                    return job
                if self._closed and not self._pending:
                    return None
                wait = min(self._waiting.values(), default=None)
                self._cond.wait(timeout=None if wait is None else max(0.01, wait - now))

    def _run(self) -> None:
        while True:
            job = self._next_job()
            if job is None:
                return
            try:
                retry_in = self._handler(job)
            except Exception as exc:  # a handler bug must not kill the worker
                LOG.exception(f"{self._name}: extraction failed: {exc}")
                retry_in = None
            self._finish(job, retry_in)

    def _finish(self, job: Job, retry_in: Optional[float]) -> None:
        with self._cond:
            del self._running[job.key]
            queue = self._queues.setdefault(job.key, deque())
            if retry_in is not None and not self._closed:
                queue.appendleft(job)
                self._pending[job.seq] = job
                self._pending.move_to_end(job.seq, last=False)
                self._waiting[job.key] = self._clock() + retry_in
            elif queue:
                self._ready.append(job.key)
            else:
                self._queues.pop(job.key, None)
            self._cond.notify_all()

    def wake(self) -> None:
        """Re-check waiting sessions now."""
        with self._cond:
            self._cond.notify_all()

    # -- lifecycle -----------------------------------------------------------
    def flush(self, timeout: Optional[float] = None) -> bool:
        """Wait until every job queued before this call is done; False on timeout."""
        with self._cond:
            target = self._seq
            return self._cond.wait_for(
                lambda: not any(seq <= target for seq in (*self._pending, *self._running.values())), timeout)

    def close(self, timeout: Optional[float] = 10.0) -> bool:
        """Drain (within ``timeout``), then stop the thread. Idempotent."""
        drained = self.flush(timeout)
        with self._cond:
            left = [] if self._closed else list(self._pending.values())
            self._closed = True
            self._pending.clear()
            self._queues.clear()
            self._ready.clear()
            self._waiting.clear()
            self._cond.notify_all()
        if left and self._on_left is not None:
            self._on_left(left)
        if self._thread is not None:
            self._thread.join(timeout=timeout)
        return drained


def _drain_at_exit(ref: "weakref.ref[ExtractionWorker]") -> None:
    worker = ref()
    if worker is not None:
        worker.close(EXIT_DRAIN_S)
