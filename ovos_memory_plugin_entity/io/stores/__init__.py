"""Where facts live: ``base`` (the protocol, shared logic) and the backends ``memory``,
``json_folder`` and ``postgres`` (imported only when chosen: it needs its extra)."""
from __future__ import annotations

from pathlib import Path
from typing import Optional

from ovos_memory_plugin_entity.io.stores.base import Store
from ovos_memory_plugin_entity.io.stores.json_folder import LOCK_WAIT_S, JsonFolderStore
from ovos_memory_plugin_entity.io.stores.memory import MemoryStore

__all__ = ["JsonFolderStore", "MemoryStore", "Store", "open_store"]


def open_store(backend: str, folder: Path, db_url: str = "", pool_size: int = 4, lock_wait_s: float = LOCK_WAIT_S,
               key_file: Optional[Path] = None) -> Store:
    """PostgreSQL seals its text with the node key at ``key_file`` (default: :func:`node_key_path`)."""
    if backend == "memory":
        return MemoryStore()
    if backend == "postgres":
        from ovos_memory_plugin_entity.io.stores.postgres import PostgresStore
        return PostgresStore(db_url, key_file or node_key_path(folder), pool_size=pool_size)
    return JsonFolderStore(folder, lock_wait_s=lock_wait_s)


def node_key_path(folder: Path) -> Path:
    """The node key's place unless ``db_key_file`` says: the JSON folder."""
    return Path(folder) / "postgres.key"
