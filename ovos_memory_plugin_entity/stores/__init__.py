"""Where facts live. ``base`` is the protocol and the logic every backend shares;
``memory``, ``json_folder`` and ``postgres`` are the backends (postgres imported only
when chosen: it needs the ``postgres`` extra)."""
from __future__ import annotations

from pathlib import Path

from ovos_memory_plugin_entity.stores.base import DEFAULT_CACHE_SESSIONS, Store, StoreDataError, StoreUnavailable
from ovos_memory_plugin_entity.stores.json_folder import JsonFolderStore, UnsafeStore
from ovos_memory_plugin_entity.stores.memory import MemoryStore

__all__ = ["JsonFolderStore", "MemoryStore", "Store", "StoreDataError", "StoreUnavailable", "UnsafeStore",
           "open_store"]


def open_store(backend: str, folder: Path, db_url: str = "", pool_size: int = 4,
               cache_sessions: int = DEFAULT_CACHE_SESSIONS) -> Store:
    """The backend named by ``backend`` (``json``, ``memory`` or ``postgres``)."""
    if backend == "memory":
        return MemoryStore()
    if backend == "postgres":
        from ovos_memory_plugin_entity.stores.postgres import PostgresStore
        return PostgresStore(db_url, pool_size=pool_size, cache_sessions=cache_sessions)
    return JsonFolderStore(folder, cache_sessions=cache_sessions)
