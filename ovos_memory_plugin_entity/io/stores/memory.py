"""``backend: memory``: records in this process only, gone at restart."""
from __future__ import annotations

import copy
import os
import threading
import time
from typing import Any, Dict, List, Tuple

from ovos_memory_plugin_entity.domain.audit import compacted
from ovos_memory_plugin_entity.domain.change import Change
from ovos_memory_plugin_entity.domain.kept_exchanges import bounded, for_learner
from ovos_memory_plugin_entity.domain.record import SessionRecord, new_record
from ovos_memory_plugin_entity.io.stores import files
from ovos_memory_plugin_entity.io.stores.base import (DEFAULT_MAX_AUDIT_EVENTS, Mutation, erased, event_lines,
                                                      record_of, scrub_trail)


class MemoryStore:
    """The store protocol over dicts; each record is kept as its JSON form."""

    def __init__(self, max_audit_events: int = DEFAULT_MAX_AUDIT_EVENTS) -> None:
        self.max_audit_events = max_audit_events
        self._records: Dict[str, Tuple[int, Dict[str, Any], SessionRecord]] = {}
        self._audit: Dict[str, List[Dict[str, Any]]] = {}
        self._waiting: Dict[str, List[Dict[str, Any]]] = {}  # for a store object outliving its plugin
        self._revision = 0
        self._lock = threading.RLock()
        self.tombstone_key = os.urandom(files.KEY_BYTES)  # this process's memory only, like the facts

    def load(self, session_id: str) -> Tuple[Any, SessionRecord]:
        with self._lock:
            entry = self._records.get(session_id)
            return (entry[0], entry[2]) if entry else (0, new_record(session_id))

    def update(self, session_id: str, mutate: Mutation) -> Change:
        with self._lock:
            entry = self._records.get(session_id)
            record = record_of(session_id, copy.deepcopy(entry[1]) if entry else None)
            change = mutate(record)
            if change.modified:
                self._store(session_id, record)
            trail = self._audit.setdefault(session_id, [])
            if change.forgets:
                trail[:] = scrub_trail(trail, change)
                if change.forgotten_texts:  # kept exchanges may say it in other words
                    self._waiting.pop(session_id, None)
            trail.extend(event_lines(change))
            if self.max_audit_events and len(trail) > self.max_audit_events:
                trail[:] = compacted(trail, self.max_audit_events // 2, time.time())
            return change

    def _store(self, session_id: str, record: SessionRecord) -> None:
        self._revision += 1
        self._records[session_id] = (self._revision, record.to_dict(), record)

    def audit(self, session_id: str) -> List[Dict[str, Any]]:
        with self._lock:
            return [dict(e) for e in self._audit.get(session_id, [])]

    def sessions(self) -> List[str]:
        with self._lock:
            return sorted(self._records)

    def erase(self, session_id: str) -> None:
        with self._lock:
            self._store(session_id, erased(self.load(session_id)[1], session_id))
            self._audit.pop(session_id, None)
            self._waiting.pop(session_id, None)

    def keep_waiting(self, session_id: str, exchanges: List[Dict[str, Any]]) -> None:
        with self._lock:
            self._waiting[session_id] = bounded(self._waiting.get(session_id, []) + exchanges)

    def done_waiting(self, session_id: str, token: str) -> None:
        with self._lock:
            self._waiting[session_id] = [i for i in self._waiting.get(session_id, []) if i.get("token") != token]

    def take_waiting(self, learner: str = "") -> List[Dict[str, Any]]:
        with self._lock:
            taken = [item for items in self._waiting.values() for item in items if for_learner(item, learner)]
            self._waiting = {key: [item for item in items if not for_learner(item, learner)]
                             for key, items in self._waiting.items()}
            return taken

    def close(self) -> None:
        """Nothing to release."""
