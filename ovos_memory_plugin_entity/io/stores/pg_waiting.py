"""The PostgreSQL backend's kept exchanges, in ``entity_memory_waiting``, each sealed
under a data key of its own. Taken under ``FOR UPDATE``: two nodes starting at once
never both learn from one exchange.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.errors import Unsealable
from ovos_memory_plugin_entity.domain.waiting import MAX_KEPT_PER_SESSION, heard_by
from ovos_memory_plugin_entity.io.stores.sealing import Sealer

TABLE = "entity_memory_waiting"


def create(conn: Any) -> None:
    conn.execute(f"CREATE TABLE IF NOT EXISTS {TABLE} (id bigserial PRIMARY KEY, session_id text NOT NULL, "
                 f"item jsonb NOT NULL, token text)")
    conn.execute(f"CREATE INDEX IF NOT EXISTS {TABLE}_session ON {TABLE} (session_id, id)")


def _sealed(sealer: Sealer, key: str, item: Dict[str, Any]) -> Any:
    from psycopg.types.json import Jsonb
    wrapped = sealer.new_data_key(key)
    return Jsonb({"key": wrapped, "sealed": sealer.seal(wrapped, key, item)})


def _opened(sealer: Sealer, key: str, stored: Any) -> Optional[Dict[str, Any]]:
    try:
        return sealer.open(stored["key"], key, stored["sealed"])
    except (Unsealable, KeyError, TypeError):
        LOG.error(f"entity memory: a kept exchange of {key!r} does not open with this node's key; dropped it")
        return None


def keep(conn: Any, sealer: Sealer, key: str, items: List[Dict[str, Any]]) -> None:
    with conn.transaction():
        with conn.cursor() as cursor:
            cursor.executemany(f"INSERT INTO {TABLE} (session_id, item, token) VALUES (%s, %s, %s)",
                               [(key, _sealed(sealer, key, item), item.get("token")) for item in items])
        over = conn.execute(f"DELETE FROM {TABLE} WHERE session_id = %s AND id NOT IN (SELECT id FROM {TABLE} "
                            f"WHERE session_id = %s ORDER BY id DESC LIMIT %s)",
                            (key, key, MAX_KEPT_PER_SESSION)).rowcount
    if over:
        LOG.warning(f"entity memory: more than {MAX_KEPT_PER_SESSION} exchanges waiting for one session "
                    f"(MAX_KEPT_PER_SESSION); kept the newest")


def take_all(conn: Any, sealer: Sealer, learner: str) -> List[Dict[str, Any]]:
    """Every kept exchange ``learner`` heard (one that does not open is dropped)."""
    with conn.transaction():
        rows = conn.execute(f"SELECT id, session_id, item FROM {TABLE} ORDER BY id FOR UPDATE").fetchall()
        opened = [(row_id, _opened(sealer, key, item)) for row_id, key, item in rows]
        taken = [(row_id, item) for row_id, item in opened if item is None or heard_by(item, learner)]
        if taken:
            conn.execute(f"DELETE FROM {TABLE} WHERE id = ANY(%s)", ([row_id for row_id, _ in taken],))
    return [item for _, item in taken if item is not None]


def done(conn: Any, key: str, token: str) -> None:
    conn.execute(f"DELETE FROM {TABLE} WHERE session_id = %s AND token = %s", (key, token))


def drop(conn: Any, key: str) -> None:
    """Inside an erase's or a forget's transaction."""
    conn.execute(f"DELETE FROM {TABLE} WHERE session_id = %s", (key,))
