"""Forgetting and erasing in the JSON backend, finished after any crash. The record, its
journal, the trail, quarantined copies and temp files all hold the text, so the work is
recorded before it starts and finished by whoever next opens the session:

1. a marker ``scrubs/<key>.json`` (the session id, no text), found by every start;
2. the new snapshot, with the intent (``scrubbing``: texts and ids, or ``erase``) in it:
   the change and the promise to finish it land in one atomic rename;
3. the trail, the quarantined copies and the kept exchanges scrubbed or shredded, the
   session's temp files shredded;
4. the snapshot again without the intent, the journal shredded; 5. the marker shredded.

A crash before 2 leaves the old record, never acknowledged; after 2, the next start, the
session's next locked read or ``doctor`` finishes it.
"""
from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any, Dict, List, Optional

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.change import Change
from ovos_memory_plugin_entity.domain.errors import StoreUnavailable
from ovos_memory_plugin_entity.domain.forgetting import scrub_copy
from ovos_memory_plugin_entity.domain.record import SessionRecord
from ovos_memory_plugin_entity.io.crashpoints import crash_point
from ovos_memory_plugin_entity.io.stores import files
from ovos_memory_plugin_entity.io.stores.base import scrub_trail
from ovos_memory_plugin_entity.io.stores.encoding import json_lines

if TYPE_CHECKING:
    from ovos_memory_plugin_entity.io.stores.json_folder import JsonFolderStore

# The snapshot's key for an unfinished scrub (never part of a record).
INTENT_KEY = "scrubbing"
ERASE_INTENT: Dict[str, Any] = {"erase": True}


def scrub(store: "JsonFolderStore", session_id: str, key: str, record: SessionRecord, intent: Dict[str, Any]) -> None:
    """Steps 1 to 5 of a forget (``texts`` and ``ids``) or an erase (:data:`ERASE_INTENT`), under the
    session's lock; ``record`` is the record after it."""
    files.write_atomic(os.path.join(store.scrubs_dir, f"{key}.json"), json.dumps({"session_id": session_id}).encode("ascii"),
                       store.tmp_dir)
    crash_point("scrub-marked")
    store.write_snapshot(session_id, record, intent)
    finish(store, session_id, key, record, intent)


def finish(store: "JsonFolderStore", session_id: str, key: str, record: Optional[SessionRecord],
           intent: Optional[Dict[str, Any]]) -> None:
    """Steps 3 to 5, under the lock; ``record`` None: no intent was written (a crash before 2)."""
    if intent is not None and record is not None:
        erase = intent.get("erase") is True
        texts = [t for t in intent.get("texts", []) if isinstance(t, str)]
        ids = [i for i in intent.get("ids", []) if isinstance(i, str)]
        events = [] if erase else store.audit(session_id)
        if events:
            files.write_atomic(store.audit_path(session_id),
                               json_lines(scrub_trail(events, Change(forgotten_texts=texts, forgotten_ids=ids))),
                               store.tmp_dir)
        elif erase:
            files.shred(store.audit_path(session_id))
        crash_point("scrub-trail")
        for copy_path in store.quarantined(session_id):
            if erase:
                files.shred(copy_path)
                continue
            try:
                original = files.read_bytes(copy_path) or b""
            except files.UnsafeStore:
                continue  # a planted link: nothing of ours behind it
            scrubbed = scrub_copy(original, texts, ids)
            if scrubbed != original:
                files.write_atomic(copy_path, scrubbed, store.tmp_dir)
        if erase or texts:
            files.shred(store.waiting_path(key))  # exchanges kept for the next start may say it too
        crash_point("scrub-copies")
    for temp in store.tmp_dir.glob(f".tmp_{key}.*"):  # a killed writer's half-written copy
        files.shred(temp)
    crash_point("scrub-temp")
    if intent is not None and record is not None:
        store.write_snapshot(session_id, record)
        crash_point("scrub-clean-snapshot")
    files.shred(os.path.join(store.scrubs_dir, f"{key}.json"))


def finish_all(store: "JsonFolderStore") -> List[str]:
    """At start: the sessions markers name, finished (a busy one is left for its next read)."""
    finished = []
    for marker in sorted(store.scrubs_dir.glob("*.json")):
        try:
            session_id = json.loads((files.read_bytes(marker) or b"{}").decode("utf-8")).get("session_id")
        except (OSError, ValueError, AttributeError):
            session_id = None
        if not isinstance(session_id, str):
            LOG.error(f"entity memory: {marker} does not name a session; removed it")
            files.shred(marker)
            continue
        try:
            store.finish_scrub(session_id)
        except (StoreUnavailable, OSError) as exc:
            LOG.warning(f"entity memory: an interrupted forget or erase could not be finished yet ({exc}); "
                        f"the session's next read finishes it")
            continue
        finished.append(session_id)
    if finished:
        LOG.warning(f"entity memory: finished {len(finished)} forget(s) or erase(s) a crash had interrupted")
    return finished
