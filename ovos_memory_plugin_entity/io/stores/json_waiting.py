"""The JSON backend's kept exchanges, ``waiting/<key>.json``, one line each: appended as
queued, rewritten without one once learnt, shredded by an erase or a forget, taken at the
next start (a crash while taking means one is learnt twice: a fact confirmed, not added).
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Dict, List

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.waiting import MAX_KEPT_PER_SESSION, bounded, heard_by
from ovos_memory_plugin_entity.io.stores import files
from ovos_memory_plugin_entity.io.stores.encoding import json_lines, parsed_lines

if TYPE_CHECKING:
    from ovos_memory_plugin_entity.io.stores.json_folder import JsonFolderStore


def _path(store: "JsonFolderStore", key: str) -> str:
    return os.path.join(store.waiting_dir, f"{key}.json")


def _read(path: str) -> List[Dict[str, Any]]:
    try:
        return parsed_lines(files.read_bytes(path) or b"")
    except files.UnsafeStore:
        return []


def _bounded(items: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    if len(items) > MAX_KEPT_PER_SESSION:
        LOG.warning(f"entity memory: more than {MAX_KEPT_PER_SESSION} exchanges waiting for one session "
                    f"(MAX_KEPT_PER_SESSION); kept the newest")
    return bounded(items)


def keep(store: "JsonFolderStore", key: str, items: List[Dict[str, Any]]) -> None:
    """Appended; bounded to :data:`MAX_KEPT_PER_SESSION` when one is removed or taken."""
    with store.locked(key):
        files.append(_path(store, key), json_lines(items))


def done(store: "JsonFolderStore", key: str, token: str) -> None:
    with store.locked(key):
        path = _path(store, key)
        kept = _read(path)
        left = [item for item in kept if item.get("token") != token]
        if len(left) == len(kept):
            return
        if not left:
            files.shred(path)
            return
        files.write_atomic(path, json_lines(_bounded(left)), store.tmp_dir)


def drop(store: "JsonFolderStore", key: str) -> None:
    """Under the session's lock (an erase or a forget)."""
    files.shred(_path(store, key))


def take_all(store: "JsonFolderStore", learner: str) -> List[Dict[str, Any]]:
    """Every kept exchange ``learner`` heard, oldest first per session; another's stay."""
    taken: List[Dict[str, Any]] = []
    for path in sorted(store.waiting_dir.glob("*.json")):
        with store.locked(path.name[:-len(".json")]):
            items = _read(str(path))
            others = [item for item in items if not heard_by(item, learner)]
            taken += _bounded([item for item in items if heard_by(item, learner)])
            if len(others) == len(items):
                continue
            if others:
                files.write_atomic(str(path), json_lines(others), store.tmp_dir)
            else:
                files.shred(path)
    return taken
