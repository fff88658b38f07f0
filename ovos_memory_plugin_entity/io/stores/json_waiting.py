"""The JSON backend's kept exchanges, ``waiting/<key>.json``, one line each: appended as
queued, rewritten without one once learnt, shredded by an erase or a forget, taken at the
next start (a crash while taking means one is learnt twice: a fact confirmed, not added).
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Callable, Dict, List

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.waiting import MAX_KEPT_PER_SESSION, bounded, heard_by
from ovos_memory_plugin_entity.io.stores import files
from ovos_memory_plugin_entity.io.stores.encoding import json_lines, parsed_lines

if TYPE_CHECKING:
    from ovos_memory_plugin_entity.io.stores.json_folder import JsonFolderStore


def _path(store: "JsonFolderStore", key: str) -> str:
    return os.path.join(store.waiting_dir, f"{key}.json")


def _removed(store: "JsonFolderStore", key: str, goes: Callable[[Dict[str, Any]], bool]) -> List[Dict[str, Any]]:
    """Under the session's lock: the kept exchanges ``goes`` picks, taken out of the file;
    what is left, and what is returned, bounded to :data:`MAX_KEPT_PER_SESSION`."""
    path = _path(store, key)
    try:
        items = parsed_lines(files.read_bytes(path) or b"")
    except files.UnsafeStore:
        return []
    gone, left = [item for item in items if goes(item)], [item for item in items if not goes(item)]
    if len(left) > MAX_KEPT_PER_SESSION or len(gone) > MAX_KEPT_PER_SESSION:
        LOG.warning(f"entity memory: more than {MAX_KEPT_PER_SESSION} exchanges waiting for one session "
                    f"(MAX_KEPT_PER_SESSION); kept the newest")
    if gone and left:
        files.write_atomic(path, json_lines(bounded(left)), store.tmp_dir)
    elif gone:
        files.shred(path)
    return bounded(gone)


def keep(store: "JsonFolderStore", key: str, items: List[Dict[str, Any]]) -> None:
    """Appended; bounded when one is removed or taken."""
    with store.locked(key):
        files.append(_path(store, key), json_lines(items))


def done(store: "JsonFolderStore", key: str, token: str) -> None:
    with store.locked(key):
        _removed(store, key, lambda item: item.get("token") == token)


def drop(store: "JsonFolderStore", key: str) -> None:
    files.shred(_path(store, key))


def take_all(store: "JsonFolderStore", learner: str) -> List[Dict[str, Any]]:
    """Every kept exchange ``learner`` heard, oldest first per session; another's stay."""
    taken: List[Dict[str, Any]] = []
    for path in sorted(store.waiting_dir.glob("*.json")):
        key = path.name[:-len(".json")]
        with store.locked(key):
            taken += _removed(store, key, lambda item: heard_by(item, learner))
    return taken
