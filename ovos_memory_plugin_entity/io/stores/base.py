"""The store protocol and what every backend shares. Every change is ``update(session_id, mutate)``:
under the session's lock the record is re-read, ``mutate`` (a pure edit) run, the record saved,
its audit events appended and forgotten text scrubbed from the trail.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Protocol, Tuple

from ovos_memory_plugin_entity.domain.change import Change
from ovos_memory_plugin_entity.domain.forgetting import linked_ids, scrub_event
from ovos_memory_plugin_entity.domain.record import SessionRecord, new_record

Mutation = Callable[[SessionRecord], Change]
# Records (and rankings) kept in memory per process, by default: a few hundred active sessions.
DEFAULT_CACHE_SESSIONS = 512


class Store(Protocol):
    """What the plugin, the owner and the CLI need from a backend."""

    def load(self, session_id: str) -> Tuple[Any, SessionRecord]:
        """A revision token that changes with the record, and the record (shared: read-only)."""

    def update(self, session_id: str, mutate: Mutation) -> Change: ...

    def audit(self, session_id: str) -> List[Dict[str, Any]]: ...

    def sessions(self) -> List[str]: ...

    def erase(self, session_id: str) -> None: ...

    def keep_waiting(self, session_id: str, exchanges: List[Dict[str, Any]]) -> None:
        """Exchanges the model has not seen, kept as they are queued for a restart; bounded."""

    def done_waiting(self, session_id: str, token: str) -> None: ...

    def take_waiting(self, learner: str = "") -> List[Dict[str, Any]]:
        """Every kept exchange ``learner`` heard, removed; another learner's stay (:func:`kept_exchanges.for_learner`)."""

    def close(self) -> None: ...

    @property
    def tombstone_key(self) -> bytes:
        """The secret of tombstone hashes: exported tombstones cannot be checked against guesses."""


# Audit lines kept per session by default: past it the oldest half is folded into a summary.
DEFAULT_MAX_AUDIT_EVENTS = 1000


def record_of(session_id: str, data: Optional[Dict[str, Any]]) -> SessionRecord:
    """The record ``data`` holds (a new one when empty), under the id it is stored for."""
    record = SessionRecord.from_dict(data) if data else new_record(session_id)
    record.session_id = session_id
    return record


def erased(old: Optional[SessionRecord], session_id: str) -> SessionRecord:
    """A new generation (what was queued before is dropped) and the older plugin's import markers only."""
    fresh = new_record(session_id, (old.generation if old else 0) + 1)
    # The older plugin's markers are bare digests; an export's or a text list's say "export:" or "texts:".
    fresh.imported = [m for m in old.imported if ":" not in m] if old else []
    return fresh


def scrub_trail(trail: List[Dict[str, Any]], change: Change) -> List[Dict[str, Any]]:
    """Without forgotten text, also in the lines of the proposal a forgotten fact came from."""
    ids = linked_ids(trail, change.forgotten_ids)
    return [scrub_event(e, change.forgotten_texts, ids) for e in trail]


def event_lines(change: Change) -> List[Dict[str, Any]]:
    return [event.to_dict() for event in change.events]
