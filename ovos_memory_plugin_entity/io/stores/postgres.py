"""``backend: postgres``: many persona servers, one memory (needs the ``postgres`` extra).

Tables: ``entity_memory_meta`` (schema, node key fingerprint), ``_sessions`` (sealed record,
revision), ``_audit`` (sealed events). No text is stored readable (:mod:`sealing`). Every change is
one transaction locking the session's row (``SELECT … FOR UPDATE``) around a short pure function:
no update is lost across machines, and no transaction stays open while the model runs.
"""
from __future__ import annotations

import atexit
import hashlib
import json
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import Any, Dict, List, Optional, Set, Tuple

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.audit import compacted
from ovos_memory_plugin_entity.domain.change import Change
from ovos_memory_plugin_entity.domain.errors import (ConfigError, KeyMismatch, MissingExtra, StoreDataError,
                                                     StoreUnavailable, Unsealable)
from ovos_memory_plugin_entity.domain.kept_exchanges import MAX_KEPT_PER_SESSION, for_learner
from ovos_memory_plugin_entity.domain.record import SessionRecord, new_record
from ovos_memory_plugin_entity.io.caches import LRU
from ovos_memory_plugin_entity.io.crashpoints import crash_point
from ovos_memory_plugin_entity.io.stores.base import (DEFAULT_CACHE_SESSIONS, DEFAULT_MAX_AUDIT_EVENTS, Mutation,
                                                      erased, event_lines, record_of, scrub_trail)
from ovos_memory_plugin_entity.io.stores.pg_watchdog import CALL_TIMEOUT_S, TCP_OPTIONS, Watchdog
from ovos_memory_plugin_entity.io.stores.sealing import Sealer, node_key

# The tables' layout, kept in META: a database of any other is refused, never guessed at.
TABLE_SCHEMA_VERSION = 2
# Keys longer than this are hashed: a btree index row holds about 2,700 bytes.
MAX_KEY_CHARS = 512
# An escaped id (JSON's escaping) never starts so: no literal id names another session's row.
HASHED_KEY_PREFIX = "\\#"
# Server-side bounds on every statement, lock wait and idle transaction (milliseconds).
SERVER_TIMEOUTS = "-c statement_timeout=5000 -c lock_timeout=3000 -c idle_in_transaction_session_timeout=15000"
# A turn's wait for a read with a record to fall back on (the read goes on behind), and without one.
TURN_WAIT_S = 0.25
FIRST_READ_WAIT_S = 1.0
# Reads in flight at once in the background; past it the turn uses what it has.
MAX_READS_IN_FLIGHT = 8
# Waiting longer than this for a connection means the database is down: the turn goes on.
CONNECT_TIMEOUT_S = 2.0
# While it is down it is tried at most this often; other calls fail at once, not waiting.
PROBE_INTERVAL_S = 2.0
SESSIONS, AUDIT, META = "entity_memory_sessions", "entity_memory_audit", "entity_memory_meta"
# Values that do not open, set aside (still sealed) as the JSON backend keeps ``*.corrupt`` files.
DAMAGED = "entity_memory_damaged"
# Exchanges kept for the next start, each sealed apart; taken ``FOR UPDATE``, so no two nodes learn one.
WAITING = "entity_memory_waiting"
_SCHEMA_LOCK_ID = 7_340_115  # pg_advisory_xact_lock key: creating tables from many processes at once


def _escaped(session_id: str) -> str:
    """As PostgreSQL text: NUL and lone surrogates escaped as JSON does (reversible, injective)."""
    return json.dumps(session_id)[1:-1]


def _key(session_id: str) -> str:
    """The escaped id, or its hash when too long for the index (the record keeps the whole id)."""
    escaped = _escaped(session_id)
    if len(escaped) <= MAX_KEY_CHARS:
        return escaped
    return HASHED_KEY_PREFIX + hashlib.sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()


# Pools are closed explicitly, never by a finaliser, which may run on a worker it joins ("cannot join
# current thread"); those still open at exit are closed by the main thread.
_OPEN_POOLS: Set[Any] = set()
_POOLS_LOCK = threading.Lock()
EXIT_CLOSE_S = 1.0  # at exit, a pool left open gets this long to stop its threads


def close_pool(pool: Any, timeout: float = 5.0) -> None:
    pool.close(timeout=timeout)
    with _POOLS_LOCK:
        _OPEN_POOLS.discard(pool)


def _close_pools_left_open() -> None:
    with _POOLS_LOCK:
        left = list(_OPEN_POOLS)
    for pool in left:
        close_pool(pool, EXIT_CLOSE_S)


atexit.register(_close_pools_left_open)  # this module is imported only with the postgres backend


def _set_aside(conn: Any, key: str, kind: str, value: Any, why: Exception) -> None:
    """Inside the caller's transaction: keep ``value`` in :data:`DAMAGED`, say so."""
    from psycopg.types.json import Jsonb
    conn.execute(f"INSERT INTO {DAMAGED} (session_id, kind, value) VALUES (%s, %s, %s)", (key, kind, Jsonb(value)))
    LOG.error(f"entity memory: a damaged {kind} of session {key!r} ({why}) was set aside in {DAMAGED}; "
              f"the rest of the session keeps working")


class PostgresStore:
    """The store protocol on PostgreSQL, through a small psycopg connection pool."""

    def __init__(self, url: str, key_file: Path, pool_size: int = 4, cache_sessions: int = DEFAULT_CACHE_SESSIONS,
                 max_audit_events: int = DEFAULT_MAX_AUDIT_EVENTS, call_timeout_s: float = CALL_TIMEOUT_S):
        self.max_audit_events, self.call_timeout_s = max_audit_events, call_timeout_s
        self._watchdog = Watchdog()
        try:
            import cryptography  # noqa: F401
            import psycopg  # noqa: F401
            from psycopg_pool import ConnectionPool
        except ImportError:
            raise MissingExtra("backend 'postgres'", "postgres") from None
        self.key_file = Path(key_file).expanduser()
        self._sealer = Sealer(node_key(self.key_file), f"this node's key {self.key_file}")
        self._url, self._pool_size, self._pool_class = url, max(pool_size, 2), ConnectionPool
        self._pool = self._new_pool()
        self._schema_ready = False
        self._mismatch_told = False
        self._cache: LRU[str, Tuple[int, SessionRecord]] = LRU(cache_sessions)
        self._lock = threading.Lock()
        self._down = False
        self._pool_failed = False
        self._next_probe = 0.0
        self._reads = threading.BoundedSemaphore(MAX_READS_IN_FLIGHT)
        # Its threads start with the first read, never at import.
        self._readers = ThreadPoolExecutor(MAX_READS_IN_FLIGHT, thread_name_prefix="entity-memory-read")

    @property
    def tombstone_key(self) -> bytes:
        """Derived from the node key, so every node sharing the database hashes alike."""
        return self._sealer.derived(b"tombstones")

    # -- plumbing ------------------------------------------------------------------
    def _new_pool(self) -> Any:
        # open(wait=False): a database that is down must not stop the assistant starting.
        # check: a connection that died with a database restart is replaced on checkout.
        pool = self._pool_class(self._url, min_size=1, max_size=self._pool_size, open=False,
                                timeout=CONNECT_TIMEOUT_S, name="entity-memory", check=self._check,
                                kwargs={"connect_timeout": int(CONNECT_TIMEOUT_S), "options": SERVER_TIMEOUTS,
                                        **TCP_OPTIONS})
        pool.open(wait=False)
        with _POOLS_LOCK:
            _OPEN_POOLS.add(pool)
        return pool

    def _check(self, conn: Any) -> None:
        """The pool's check of a connection on checkout, within the connect bound."""
        with self._watchdog.bounded(conn, CONNECT_TIMEOUT_S):
            self._pool_class.check_connection(conn)

    def _outage(self, exc: Exception) -> StoreUnavailable:
        with self._lock:
            first = not self._down
            self._down = True
            self._pool_failed = True
            self._next_probe = time.monotonic() + PROBE_INTERVAL_S
        if first:
            LOG.warning(f"entity memory: the database is unreachable ({exc}); turns go on with the "
                        f"facts last read, and changes wait in the queue. Check db_url.")
        return StoreUnavailable(str(exc))

    def _connection(self) -> Any:
        with self._lock:
            if self._down and self._pool_failed:
                # psycopg_pool retries with a backoff that keeps doubling; a fresh pool
                # notices a database that came back within a second.
                close_pool(self._pool, timeout=0)
                self._pool = self._new_pool()
                self._pool_failed = False
            pool = self._pool
        return pool.connection(timeout=CONNECT_TIMEOUT_S)

    def _ensure_schema(self, conn: Any) -> None:
        if self._schema_ready:
            return
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK_ID,))
            conn.execute(f"CREATE TABLE IF NOT EXISTS {META} (key text PRIMARY KEY, value text NOT NULL)")
            conn.execute(f"CREATE TABLE IF NOT EXISTS {SESSIONS} (session_id text PRIMARY KEY, "
                         f"record jsonb NOT NULL, revision bigint NOT NULL DEFAULT 0, "
                         f"updated_at timestamptz NOT NULL DEFAULT now())")
            conn.execute(f"CREATE TABLE IF NOT EXISTS {AUDIT} (id bigserial PRIMARY KEY, session_id text NOT NULL, "
                         f"event jsonb NOT NULL)")
            conn.execute(f"CREATE INDEX IF NOT EXISTS {AUDIT}_session ON {AUDIT} (session_id, id)")
            conn.execute(f"CREATE TABLE IF NOT EXISTS {WAITING} (id bigserial PRIMARY KEY, session_id text NOT NULL, "
                         f"item jsonb NOT NULL, token text)")
            conn.execute(f"CREATE INDEX IF NOT EXISTS {WAITING}_session ON {WAITING} (session_id, id)")
            conn.execute(f"CREATE TABLE IF NOT EXISTS {DAMAGED} (id bigserial PRIMARY KEY, session_id text NOT NULL, "
                         f"kind text NOT NULL, value jsonb, set_aside_at timestamptz NOT NULL DEFAULT now())")
            conn.execute(f"INSERT INTO {META} VALUES ('node_key', %s) ON CONFLICT DO NOTHING",
                         (self._sealer.fingerprint,))
            known = conn.execute(f"SELECT value FROM {META} WHERE key = 'node_key'").fetchone()[0]
            row = conn.execute(f"SELECT value FROM {META} WHERE key = 'schema'").fetchone()
            if row is None:
                conn.execute(f"INSERT INTO {META} VALUES ('schema', %s)", (str(TABLE_SCHEMA_VERSION),))
            elif row[0] != str(TABLE_SCHEMA_VERSION):
                raise ConfigError(f"the database's tables are schema {row[0]}, which this plugin (schema "
                                  f"{TABLE_SCHEMA_VERSION}) does not know; use the plugin that made them")
        if known != self._sealer.fingerprint:
            told = f"{self.key_file} is not the key this database is sealed with; copy it from a node that works"
            if not self._mismatch_told:
                self._mismatch_told = True
                LOG.error(f"entity memory: {told} (changes wait in the queue)")
            raise KeyMismatch(told)
        self._schema_ready = True

    def _run(self, work: Any) -> Any:
        """Run ``work(conn)`` with a pooled connection; outages become StoreUnavailable."""
        import psycopg
        from psycopg_pool import PoolTimeout
        if self._down and time.monotonic() < self._next_probe:
            raise StoreUnavailable("the database is down; trying again shortly")
        try:
            with self._connection() as conn, self._watchdog.bounded(conn, self.call_timeout_s):
                self._ensure_schema(conn)
                result = work(conn)
        except (psycopg.OperationalError, PoolTimeout) as exc:
            raise self._outage(exc) from None
        except psycopg.Error as exc:  # the data, not the database: this change alone fails
            raise StoreDataError(f"the database refused this change ({type(exc).__name__}: {exc})") from None
        if self._down:
            with self._lock:
                self._down = False
            LOG.info("entity memory: the database answers again")
        return result

    # -- the store protocol ------------------------------------------------------------
    def load(self, session_id: str) -> Tuple[Any, SessionRecord]:
        """Re-checked within a short bound; past it the record last read is served (the read goes on)."""
        cached = self._cache.get(_key(session_id))
        if not self._reads.acquire(blocking=False):
            if cached is not None:
                return cached
            raise StoreUnavailable("the database is not answering reads")
        try:
            pending = self._readers.submit(self._load_now, session_id)
        except RuntimeError:  # closed: nothing reads any more
            self._reads.release()
            raise StoreUnavailable("the store is closed") from None
        pending.add_done_callback(lambda _done: self._reads.release())
        try:
            return pending.result(TURN_WAIT_S if cached is not None else FIRST_READ_WAIT_S)
        except (FutureTimeout, StoreUnavailable) as exc:
            if cached is not None:
                return cached  # the last good read; a slow one goes on and fills the cache for the next turn
            raise StoreUnavailable(str(exc) or "the database did not answer in time") from None

    def _load_now(self, session_id: str) -> Tuple[Any, SessionRecord]:
        key = _key(session_id)
        cached = self._cache.get(key)
        known = cached[0] if cached else -1

        def read(conn: Any) -> Optional[Tuple[int, Any]]:
            return conn.execute(
                f"SELECT revision, CASE WHEN revision = %s THEN NULL ELSE record END "
                f"FROM {SESSIONS} WHERE session_id = %s", (known, key)).fetchone()
        row = self._run(read)
        if row is None:
            return (0, new_record(session_id))
        if row[1] is None and cached is not None:
            return cached
        try:
            record = self._opened(key, session_id, row[1], int(row[0]))[0]
        except (Unsealable, ValueError) as exc:  # one damaged or refused row costs that session, until its next write
            LOG.error(f"entity memory: the record of session {key!r} is refused ({exc}); it reads as empty, "
                      f"and its next change sets the row aside")
            record = new_record(session_id)
        entry = (int(row[0]), record)
        self._cache.put(key, entry)
        return entry

    def update(self, session_id: str, mutate: Mutation) -> Change:
        from psycopg.types.json import Jsonb
        key = _key(session_id)

        def work(conn: Any) -> Tuple[Change, Optional[Tuple[int, SessionRecord]]]:
            with conn.transaction():
                conn.execute(f"INSERT INTO {SESSIONS} (session_id, record) VALUES (%s, %s) "
                             f"ON CONFLICT DO NOTHING", (key, Jsonb({})))
                raw, revision = conn.execute(
                    f"SELECT record, revision FROM {SESSIONS} WHERE session_id = %s FOR UPDATE", (key,)).fetchone()
                try:
                    record, wrapped = self._opened(key, session_id, raw, int(revision))
                except (Unsealable, ValueError) as exc:
                    _set_aside(conn, key, "record", raw, exc)
                    record, wrapped = new_record(session_id), None
                change = mutate(record)
                entry = None
                if change.modified:
                    sealing = wrapped or self._sealer.new_data_key(key)  # a plain row gets its first key
                    revision = int(revision) + 1  # the row is locked: nobody else moves it on
                    conn.execute(f"UPDATE {SESSIONS} SET record = %s, revision = %s, updated_at = now() "
                                 f"WHERE session_id = %s",
                                 (self._stored(key, session_id, record.to_dict(), sealing, revision), revision, key))
                    entry = (revision, record)
                    crash_point("pg-record-written")
                    if sealing != wrapped or change.forgets:
                        self._reseal_trail(conn, key, wrapped, sealing, change)
                        crash_point("pg-trail-resealed")
                    if change.forgotten_texts:  # kept exchanges may say it in other words
                        conn.execute(f"DELETE FROM {WAITING} WHERE session_id = %s", (key,))
                    if change.events:
                        self._append_events(conn, key, sealing, event_lines(change))
                        self._compact(conn, key, sealing)
                elif revision == 0:  # nothing to keep: leave no empty row behind
                    conn.execute(f"DELETE FROM {SESSIONS} WHERE session_id = %s AND revision = 0", (key,))
            return change, entry
        change, entry = self._run(work)
        crash_point("pg-committed")
        if entry is not None:
            self._cache.put(key, entry)
        return change

    def _reseal_trail(self, conn: Any, key: str, old: Optional[str], new: str, change: Change) -> None:
        """Every line when the session gets its first data key, else the lines a forget scrubs."""
        events = self._open_events(conn, key, old)
        scrubbed = scrub_trail([event for _, event in events], change)
        with conn.cursor() as cursor:
            cursor.executemany(f"UPDATE {AUDIT} SET event = %s WHERE id = %s",
                               [(self._sealed(key, new, after), row_id)
                                for (row_id, before), after in zip(events, scrubbed) if new != old or after != before])

    def _compact(self, conn: Any, key: str, sealing: str) -> None:
        """Past max_audit_events lines, the older half folds into one summary line."""
        if not self.max_audit_events:
            return
        count = conn.execute(f"SELECT count(*) FROM {AUDIT} WHERE session_id = %s", (key,)).fetchone()[0]
        if count <= self.max_audit_events:
            return
        trail = [e for _, e in self._open_events(conn, key, sealing)]
        conn.execute(f"DELETE FROM {AUDIT} WHERE session_id = %s", (key,))
        self._append_events(conn, key, sealing, compacted(trail, self.max_audit_events // 2, time.time()))

    def _append_events(self, conn: Any, key: str, wrapped: str, events: List[Dict[str, Any]]) -> None:
        with conn.cursor() as cursor:
            cursor.executemany(f"INSERT INTO {AUDIT} (session_id, event) VALUES (%s, %s)",
                               [(key, self._sealed(key, wrapped, e)) for e in events])

    # -- sealing (see :mod:`sealing`) ------------------------------------------------
    def _opened(self, key: str, session_id: str, stored: Any, revision: int) -> Tuple[SessionRecord, Optional[str]]:
        """The record and its wrapped data key (none for a first write's placeholder). A row not
        sealed, or sealed for another row or revision (a copy put back), is Unsealable."""
        if stored == {}:
            return new_record(session_id), None
        if not (isinstance(stored, dict) and isinstance(stored.get("sealed"), str)
                and isinstance(stored.get("key"), str)):
            raise Unsealable(f"the row of session {key!r} is not sealed: written by something other than "
                             f"this plugin, it is refused, not read")
        return record_of(session_id, self._sealer.open(stored["key"], key, stored["sealed"], revision)), stored["key"]

    def _stored(self, key: str, session_id: str, record: Dict[str, Any], wrapped: str, revision: int) -> Any:
        from psycopg.types.json import Jsonb
        # The id stays readable so that 'sessions' can list them; it is an id, not what was said.
        return Jsonb({"session_id": _escaped(session_id), "key": wrapped,
                      "sealed": self._sealer.seal(wrapped, key, record, revision)})

    def _sealed(self, key: str, wrapped: str, event: Dict[str, Any]) -> Any:
        from psycopg.types.json import Jsonb
        return Jsonb({"sealed": self._sealer.seal(wrapped, key, event)})

    def _open_events(self, conn: Any, key: str, wrapped: Optional[str],
                     writing: bool = True) -> List[Tuple[int, Dict[str, Any]]]:
        """(id, event) in order. A line that does not open costs only itself: inside a write it is
        set aside, so it never stops a forget or a compaction; else it is reported."""
        events = []
        for row_id, stored in conn.execute(f"SELECT id, event FROM {AUDIT} WHERE session_id = %s ORDER BY id",
                                           (key,)).fetchall():
            try:
                if not isinstance(stored, dict) or not isinstance(stored.get("sealed"), str):
                    raise Unsealable(f"an audit line of {key!r} is not sealed: refused, not read")
                events.append((row_id, self._sealer.open(wrapped or "", key, stored["sealed"])))  # no key: Unsealable
            except Unsealable as exc:
                if not writing:
                    LOG.error(f"entity memory: {exc}")
                    continue
                _set_aside(conn, key, "audit line", stored, exc)
                conn.execute(f"DELETE FROM {AUDIT} WHERE id = %s", (row_id,))
        return events

    def audit(self, session_id: str) -> List[Dict[str, Any]]:
        key = _key(session_id)

        def read(conn: Any) -> List[Dict[str, Any]]:
            row = conn.execute(f"SELECT record->>'key' FROM {SESSIONS} WHERE session_id = %s", (key,)).fetchone()
            return [event for _, event in self._open_events(conn, key, row[0] if row else None, writing=False)]
        return self._run(read)

    def sessions(self) -> List[str]:
        rows = self._run(lambda conn: conn.execute(f"SELECT coalesce(record->>'session_id', session_id) "
                                                   f"FROM {SESSIONS}").fetchall())
        found = []
        for (stored,) in rows:
            try:
                found.append(json.loads(f'"{stored}"'))  # the escaped id, back
            except ValueError:  # a damaged id costs that session only
                LOG.error(f"entity memory: a session row's id {stored[:40]!r} is damaged; left it out")
        return sorted(found)

    def erase(self, session_id: str) -> None:
        """The rows and their data key go, in one transaction locking only this row. Dead row
        versions (until VACUUM FULL), WAL and backups keep ciphertext that opens only with the node key."""
        key = _key(session_id)

        def work(conn: Any) -> None:
            with conn.transaction():
                row = conn.execute(f"SELECT record, revision FROM {SESSIONS} WHERE session_id = %s FOR UPDATE",
                                   (key,)).fetchone()
                try:
                    old = self._opened(key, session_id, row[0], int(row[1]))[0] if row else None
                except (Unsealable, ValueError):
                    old = None  # an unreadable session is erased all the same
                fresh = erased(old, session_id).to_dict()
                revision = int(row[1]) + 1 if row else 1
                conn.execute(f"DELETE FROM {AUDIT} WHERE session_id = %s", (key,))
                conn.execute(f"DELETE FROM {WAITING} WHERE session_id = %s", (key,))
                crash_point("pg-erase-trail-deleted")
                conn.execute(f"INSERT INTO {SESSIONS} (session_id, record, revision) VALUES (%s, %s, %s) "
                             f"ON CONFLICT (session_id) DO UPDATE SET record = EXCLUDED.record, "
                             f"revision = EXCLUDED.revision, updated_at = now()",
                             (key, self._stored(key, session_id, fresh, self._sealer.new_data_key(key), revision),
                              revision))
        self._run(work)
        crash_point("pg-committed")
        self._cache.pop(key)

    def keep_waiting(self, session_id: str, exchanges: List[Dict[str, Any]]) -> None:
        from psycopg.types.json import Jsonb
        key = _key(session_id)
        wrapped = [self._sealer.new_data_key(key) for _ in exchanges]
        rows = [(key, Jsonb({"key": k, "sealed": self._sealer.seal(k, key, item)}), item.get("token"))
                for k, item in zip(wrapped, exchanges)]

        def work(conn: Any) -> int:
            with conn.transaction():
                with conn.cursor() as cursor:
                    cursor.executemany(f"INSERT INTO {WAITING} (session_id, item, token) VALUES (%s, %s, %s)", rows)
                return int(conn.execute(f"DELETE FROM {WAITING} WHERE session_id = %s AND id NOT IN (SELECT id FROM "
                                        f"{WAITING} WHERE session_id = %s ORDER BY id DESC LIMIT %s)",
                                        (key, key, MAX_KEPT_PER_SESSION)).rowcount)
        if self._run(work):
            LOG.warning(f"entity memory: more than {MAX_KEPT_PER_SESSION} exchanges waiting for one session "
                        f"(MAX_KEPT_PER_SESSION); kept the newest")

    def done_waiting(self, session_id: str, token: str) -> None:
        self._run(lambda conn: conn.execute(f"DELETE FROM {WAITING} WHERE session_id = %s AND token = %s",
                                            (_key(session_id), token)))

    def take_waiting(self, learner: str = "") -> List[Dict[str, Any]]:
        """Of every session; one that does not open with this node's key is dropped."""
        def work(conn: Any) -> List[Dict[str, Any]]:
            with conn.transaction():
                rows = conn.execute(f"SELECT id, session_id, item FROM {WAITING} ORDER BY id FOR UPDATE").fetchall()
                opened = [(row_id, self._opened_item(key, item)) for row_id, key, item in rows]
                taken = [(row_id, item) for row_id, item in opened if item is None or for_learner(item, learner)]
                if taken:
                    conn.execute(f"DELETE FROM {WAITING} WHERE id = ANY(%s)", ([row_id for row_id, _ in taken],))
            return [item for _, item in taken if item is not None]
        return list(self._run(work))

    def _opened_item(self, key: str, stored: Any) -> Optional[Dict[str, Any]]:
        try:
            return self._sealer.open(stored["key"], key, stored["sealed"])
        except (Unsealable, KeyError, TypeError):
            LOG.error(f"entity memory: a kept exchange of {key!r} does not open with this node's key; dropped it")
            return None

    def close(self) -> None:
        self._readers.shutdown(wait=False, cancel_futures=True)
        close_pool(self._pool)
        self._watchdog.close()
