"""The background queue: order per session, fairness, bound, flush, close, retry."""
from __future__ import annotations

import threading

from ovos_memory_plugin_entity.io.worker import ExtractionWorker
from tests.helpers import Clock


def test_per_session_order_and_flush():
    seen = []
    worker = ExtractionWorker(lambda job: seen.append((job.key, job.payload)))
    for n in range(50):
        worker.submit(f"s{n % 3}", n)
    assert worker.flush(10)
    for key in ("s0", "s1", "s2"):
        mine = [p for k, p in seen if k == key]
        assert mine == sorted(mine) and len(mine) in (16, 17)
    assert worker.close(5)


def test_sessions_take_turns():
    """A session with a long queue does not make another wait for all of it."""
    gate = threading.Event()
    done = []

    def handle(job):
        gate.wait(10)
        done.append(job.key)
    worker = ExtractionWorker(handle)
    for n in range(5):
        worker.submit("busy", n)
    worker.submit("other", 0)
    gate.set()
    assert worker.flush(10)
    # The first "busy" job may already be running; "other" comes next or one after.
    assert done.index("other") <= 2, done
    worker.close(5)


def test_full_queue_drops_the_oldest(logs):
    gate = threading.Event()
    handled = []

    def handle(job):
        gate.wait(10)
        handled.append(job.payload)
    worker = ExtractionWorker(handle, queue_size=3)
    worker.submit("a", 0)  # taken by the thread (or pending); the bound counts pending ones
    for n in range(1, 8):
        worker.submit("a", n)
    gate.set()
    assert worker.flush(10)
    assert worker.dropped >= 4 and handled[-3:] == [5, 6, 7]
    assert any("queue_size" in m for level, m in logs if level == "warning")
    worker.close(5)


def test_retry_waits_on_the_clock_not_on_sleep():
    clock = Clock()
    attempts = []

    def handle(job):
        attempts.append(clock.now)
        return 60.0 if len(attempts) == 1 else None
    worker = ExtractionWorker(handle, clock=clock)
    worker.submit("s", 1)
    assert worker.flush(0.3) is False and len(attempts) == 1
    clock.advance(61)
    worker.wake()
    assert worker.flush(10) and len(attempts) == 2
    worker.close(5)


def test_close_is_idempotent_and_refuses_new_jobs(logs):
    worker = ExtractionWorker(lambda job: None)
    worker.submit("s", 1)
    assert worker.close(5) and worker.close(5)
    assert worker.submit("s", 2) is False


def test_a_crashing_handler_does_not_kill_the_worker(logs):
    seen = []

    def handle(job):
        if job.payload == 1:
            raise RuntimeError("boom")
        seen.append(job.payload)
    worker = ExtractionWorker(handle)
    worker.submit("s", 1)
    worker.submit("s", 2)
    assert worker.flush(10) and seen == [2]
    worker.close(5)
