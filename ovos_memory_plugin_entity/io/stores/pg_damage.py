"""PostgreSQL values that do not open, set aside (still sealed) in ``entity_memory_damaged``
and reported, as the JSON backend keeps ``*.corrupt`` files; the rest keeps working.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Tuple

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.errors import Unsealable

TABLE = "entity_memory_damaged"


def create(conn: Any) -> None:
    conn.execute(f"CREATE TABLE IF NOT EXISTS {TABLE} (id bigserial PRIMARY KEY, session_id text NOT NULL, "
                 f"kind text NOT NULL, value jsonb, set_aside_at timestamptz NOT NULL DEFAULT now())")


def set_aside(conn: Any, key: str, kind: str, value: Any, why: Exception) -> None:
    """Inside the caller's transaction: keep ``value`` in the damaged table, say so."""
    from psycopg.types.json import Jsonb
    conn.execute(f"INSERT INTO {TABLE} (session_id, kind, value) VALUES (%s, %s, %s)", (key, kind, Jsonb(value)))
    LOG.error(f"entity memory: a damaged {kind} of session {key!r} ({why}) was set aside in {TABLE}; "
              f"the rest of the session keeps working")


def open_events(conn: Any, table: str, key: str,
                open_event: Callable[[Any], Dict[str, Any]]) -> List[Tuple[int, Dict[str, Any]]]:
    """Inside a write: (id, event) in order; a line that does not open is set aside, so it
    never stops a forget or a compaction."""
    events = []
    for row_id, stored in conn.execute(f"SELECT id, event FROM {table} WHERE session_id = %s ORDER BY id",
                                       (key,)).fetchall():
        try:
            events.append((row_id, open_event(stored)))
        except Unsealable as exc:
            set_aside(conn, key, "audit line", stored, exc)
            conn.execute(f"DELETE FROM {table} WHERE id = %s", (row_id,))
    return events
