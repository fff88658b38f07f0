"""Once, off the constructor's path: copying the older plugin's store in, and forgetting the
secrets an earlier version of ours kept.

The older plugin's file (``{session_id: {"facts": [str]}}`` at ``db_path``) is only read, never changed
nor read through a link; each record marks it imported, so an interrupted import resumes. Each record
also marks the secret sweep (:data:`SECRETS_SWEPT`, recorded by class only), so a session is
swept once; a later version that finds more secrets names a new marker.
"""
from __future__ import annotations

import json
import threading
from functools import partial
from pathlib import Path
from typing import Callable, Optional

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.editor import Editor, edit
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.text import digest
from ovos_memory_plugin_entity.io.stores import JsonFolderStore, Store, files
from ovos_memory_plugin_entity.pipelines.owner import once

# The marker file keeps the name it had when the older plugin was called "the seed": a
# store that finished its import then must not start it again.
DONE_MARKER = "seed-import.json"
# The record's marker that its kept secrets were looked for, by this version's finder.
SECRETS_SWEPT = "secrets-swept-2"  # 2: ids by shape, PINs said in pairs, corrections


def import_older_plugin_file(store: JsonFolderStore, older_path: Path, key_for: Callable[[str], str],
                             policy: Policy, now: Callable[[], float]) -> int:
    """Copy every session of the older plugin's file into the store; returns sessions imported."""
    try:
        raw = files.read_bytes(older_path)
        if raw is None or len(raw) > files.MAX_FILE_BYTES:
            raise ValueError("it is missing" if raw is None else f"it is larger than {files.MAX_FILE_BYTES} bytes")
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise ValueError("it is not the older plugin's store")
    except (OSError, ValueError, RecursionError) as exc:  # UnsafeStore (a link) is an OSError
        LOG.error(f"entity memory: cannot import the older plugin's file {older_path} ({exc}); "
                  f"it was left as it is")
        return 0
    imported, refused = 0, 0
    for session_id, entry in data.items():
        texts = entry.get("facts") if isinstance(entry, dict) else None
        if not isinstance(session_id, str) or not isinstance(texts, list):
            continue
        act = once(digest(session_id)[:16], partial(Editor.import_texts, texts=texts))
        change = store.update(key_for(session_id), lambda record: edit(record, policy, now(), "import", act))
        imported += bool(change.events)
        refused += len(change.refused_secrets)
    store.write_marker(DONE_MARKER, {"source": str(older_path), "sessions": len(data)})
    LOG.info(f"entity memory: imported {imported} sessions from {older_path}; that file was not changed"
             + (f"; {refused} secrets in it were refused (the audit names their classes)" if refused else ""))
    return imported


def start(store: JsonFolderStore, db_path: str, key_for: Callable[[str], str], policy: Policy,
          now: Callable[[], float]) -> Optional[threading.Thread]:
    """The import, in a daemon thread, when the older plugin's file is there and not yet imported."""
    older_path = Path(db_path).expanduser()
    if not older_path.is_file() or store.has_marker(DONE_MARKER):
        return None
    return in_background("import", f"importing {older_path}",
                          lambda: import_older_plugin_file(store, older_path, key_for, policy, now))


def forget_kept_secrets(store: Store, policy: Policy, now: Callable[[], float]) -> int:
    """Sweep every session not yet swept (see the module's docstring); returns the secrets forgotten."""
    forgotten = 0
    for key in store.sessions():
        _token, record = store.load(key)
        if SECRETS_SWEPT in record.imported:
            continue

        def sweep(editor: Editor) -> None:
            if editor.mark_imported(SECRETS_SWEPT):
                editor.forget_kept_secrets()
        change = store.update(key, lambda record: edit(record, policy, now(), "plugin", sweep))
        forgotten += len([e for e in change.events if e.action == "refuse"])
    if forgotten:
        LOG.warning(f"entity memory: forgot {forgotten} secret(s) an earlier version had kept "
                    f"(the audit names their classes)")
    return forgotten


def in_background(name: str, doing: str, work: Callable[[], object]) -> threading.Thread:
    """``work`` in a daemon thread: the constructor returns at once."""
    def run() -> None:
        try:
            work()
        except Exception as exc:  # a problem here must never take the assistant down
            LOG.exception(f"entity memory: {doing} stopped ({exc}); it resumes next start")
    thread = threading.Thread(target=run, name=f"entity-memory-{name}", daemon=True)
    thread.start()
    return thread
