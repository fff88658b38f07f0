"""Importing the seed plugin's store, once, by copying, off the constructor's path.

The seed (ovos-memory-plugins' EntityMemory) keeps ``{session_id: {"facts": [str]}}``
in one file at ``db_path``: by default the same path as ours. Our store lives in a
folder beside it, so the seed's file is only ever read, never changed (the seed may
still be running). Each seed session is marked (by a hash) in the record it went to, so an
import that was interrupted resumes where it stopped; a marker file records that the
whole import finished, so it never runs again.
"""
from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Callable, Optional

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.editor import Change, Editor, Policy
from ovos_memory_plugin_entity.record import SessionRecord
from ovos_memory_plugin_entity.stores import JsonFolderStore
from ovos_memory_plugin_entity.text import digest

MARKER = "seed-import.json"


def _done(store: JsonFolderStore) -> bool:
    return store.has_marker(MARKER)


def import_seed_file(store: JsonFolderStore, seed_path: Path, key_for: Callable[[str], str],
                     policy: Policy, now: Callable[[], float]) -> int:
    """Copy every session of the seed's file into the store; returns sessions imported."""
    try:
        data = json.loads(seed_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        LOG.error(f"entity memory: cannot import the seed plugin's file {seed_path} ({exc}); "
                  f"it was left as it is")
        return 0
    if not isinstance(data, dict):
        LOG.error(f"entity memory: {seed_path} is not a seed plugin store; nothing imported")
        return 0
    imported = 0
    for session_id, entry in data.items():
        texts = entry.get("facts") if isinstance(entry, dict) else None
        if not isinstance(session_id, str) or not isinstance(texts, list):
            continue

        marker = digest(session_id)[:16]

        def mutate(record: SessionRecord, marker: str = marker, texts: list = texts) -> Change:
            editor = Editor(record, policy, now(), "import")
            if editor.mark_imported(marker):
                editor.import_texts(texts)
            return editor.finish()
        if store.update(key_for(session_id), mutate).changed:
            imported += 1
    store.write_marker(MARKER, {"source": str(seed_path), "sessions": len(data)})
    LOG.info(f"entity memory: imported {imported} sessions from {seed_path}; that file was not changed")
    return imported


def start(store: JsonFolderStore, db_path: str, key_for: Callable[[str], str], policy: Policy,
          now: Callable[[], float]) -> Optional[threading.Thread]:
    """Start the import in a daemon thread when a seed file is there and not yet imported."""
    seed_path = Path(db_path).expanduser()
    if not seed_path.is_file() or _done(store):
        return None

    def run() -> None:
        try:
            import_seed_file(store, seed_path, key_for, policy, now)
        except Exception as exc:  # an import problem must never take the assistant down
            LOG.exception(f"entity memory: importing {seed_path} stopped ({exc}); it resumes next start")
    thread = threading.Thread(target=run, name="entity-memory-import", daemon=True)
    thread.start()
    return thread
