"""PostgreSQL pools are closed explicitly, never by a finaliser: a pool's finaliser joins
its worker threads, and runs on one of them when that thread held the last reference
("cannot join current thread"). A store dropped without ``close`` leaves its pool held
until the interpreter exits, where the main thread closes it."""
from __future__ import annotations

import gc
import threading
import weakref

from ovos_memory_plugin_entity.io.stores.postgres import close_pool
from tests.pg import needs_postgres


@needs_postgres
def test_a_store_dropped_without_close_never_finalises_its_pool(pg_url, tmp_path):
    from ovos_memory_plugin_entity.io.stores.postgres import PostgresStore
    store = PostgresStore(pg_url, tmp_path / "node.key")
    pool = weakref.ref(store._pool)
    del store
    collector = threading.Thread(target=gc.collect)  # collected anywhere: the pool is still held
    collector.start()
    collector.join()
    assert pool() is not None and not pool().closed
    close_pool(pool())  # what the exit hook does for it, from this (the main) thread
    assert pool().closed


@needs_postgres
def test_close_releases_the_pool(pg_url, tmp_path):
    from ovos_memory_plugin_entity.io.stores.postgres import PostgresStore
    store = PostgresStore(pg_url, tmp_path / "node.key")
    pool = weakref.ref(store._pool)
    store.close()
    del store
    gc.collect()
    assert pool() is None  # closed explicitly, then nothing holds it
