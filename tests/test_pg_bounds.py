"""PostgreSQL bounded on the client side: with the server stopped (SIGSTOP: its kernel
still acknowledges every packet, so no server or TCP timeout fires), no call outlives
its bound, update_history never touches the database and a turn waits at most 0.25 s."""
from __future__ import annotations

import contextlib
import os
import signal
import threading
import time

from ovos_memory_plugin_entity.domain.errors import StoreUnavailable
from tests.helpers import NewFact, Ops, Policy, apply_ops, user_assistant
from tests.pg import cluster_processes, needs_postgres

pytestmark = needs_postgres


@contextlib.contextmanager
def server_stopped():
    stopped = cluster_processes()
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        for pid in stopped:
            os.kill(pid, signal.SIGCONT)


def add(text):
    return lambda r: apply_ops(r, Ops(add=(NewFact(text),)), now=1.0, actor="api", policy=Policy())


def test_no_call_outlives_its_bound_with_the_server_stopped(pg_url, tmp_path):
    from ovos_memory_plugin_entity.io.stores.postgres import PostgresStore
    store = PostgresStore(pg_url, tmp_path / "node.key", call_timeout_s=1.0)
    try:
        store.update("s", add("Likes tea"))
        outcome = []

        def owner_add():  # the owner's add_fact: it waited for as long as the server was stopped
            try:
                store.update("s", add("Has a cat"))
            except StoreUnavailable as exc:
                outcome.append(exc)
        with server_stopped():
            call = threading.Thread(target=owner_add)
            call.start()
            call.join(7.0)  # checkout (its check 2 s, a new connection 2 s), then the call's own bound
            ended = not call.is_alive()
        call.join()
        assert ended and len(outcome) == 1
    finally:
        store.close()


def test_a_turn_never_waits_on_a_stopped_database(pg_url, make_memory):
    memory = make_memory(backend="postgres", db_url=pg_url, extractor="rules")
    memory.add_fact("s", "Likes tea")
    assert "Likes tea" in memory.build_conversation_context("tea?", "s")[-2].content
    with server_stopped():
        slowest_queue, slowest_turn = 0.0, 0.0
        for n in range(3):  # the worker meanwhile tries to read and write the session
            start = time.monotonic()
            memory.update_history(user_assistant(f"I have {n + 2} cats."), "s")
            slowest_queue = max(slowest_queue, time.monotonic() - start)
            start = time.monotonic()
            context = memory.build_conversation_context("tea?", "s")
            slowest_turn = max(slowest_turn, time.monotonic() - start)
            assert "Likes tea" in "\n".join(m.content for m in context)  # the facts last read
    assert slowest_queue < 0.05  # it held the turn 1.0 s before
    assert slowest_turn < 0.4  # 0.25 s by design, and it waited 0.95 s behind the worker's read before
