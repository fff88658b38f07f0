"""What every backend shares: the store protocol and the logic of a change and of an
erase, so that backends differ only in where the bytes go (errors: :mod:`errors`).

Every change is ``update(session_id, mutate)``: the backend re-reads the record under
the session's lock, runs ``mutate`` (a pure edit, see :mod:`editor`), saves when the
change says so, appends its audit events and scrubs forgotten text from the trail.
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
        """The session's record and a revision token that changes whenever it does.

        The record may be shared with other readers: treat it as read-only.
        """

    def update(self, session_id: str, mutate: Mutation) -> Change:
        """Re-read, apply ``mutate`` and save (when its Change says so), under the session's lock."""

    def audit(self, session_id: str) -> List[Dict[str, Any]]: ...

    def sessions(self) -> List[str]: ...

    def erase(self, session_id: str) -> None: ...

    def keep_waiting(self, session_id: str, exchanges: List[Dict[str, Any]]) -> None:
        """Keep exchanges the model has not seen, as they are queued, for a restart; bounded."""

    def done_waiting(self, session_id: str, token: str) -> None:
        """The kept exchange ``token`` names was learnt (or dropped): it goes."""

    def take_waiting(self, learner: str = "") -> List[Dict[str, Any]]:
        """Every kept exchange ``learner`` heard (each names its session), removed from the
        store; those of another learner stay (see :func:`waiting.heard_by`)."""

    def close(self) -> None: ...

    @property
    def tombstone_key(self) -> bytes:
        """The store's secret for tombstone hashes: an export of its tombstones holds nothing
        that can be checked against guesses."""


# Audit lines kept per session by default: past it the oldest half is folded into a summary.
DEFAULT_MAX_AUDIT_EVENTS = 1000


def mutated(session_id: str, data: Optional[Dict[str, Any]], mutate: Mutation) -> Tuple[SessionRecord, Change]:
    """The record ``data`` holds (a new one when None), after ``mutate``, and the change."""
    record = SessionRecord.from_dict(data) if data else new_record(session_id)
    record.session_id = session_id
    return record, mutate(record)


def erased(old: Optional[SessionRecord], session_id: str) -> SessionRecord:
    """What a session holds after an erase: nothing but a new generation (so an exchange
    queued before the erase is dropped) and the older plugin's import markers (so its
    file is not imported into it again). The markers of imported exports go: a backup
    restores into an erased session."""
    fresh = new_record(session_id, (old.generation if old else 0) + 1)
    # The older plugin's markers are bare digests; an export's or a text list's say "export:" or "texts:".
    fresh.imported = [m for m in old.imported if ":" not in m] if old else []
    return fresh


def scrub_trail(trail: List[Dict[str, Any]], change: Change) -> List[Dict[str, Any]]:
    """The trail without forgotten text; the proposal a forgotten fact came from loses its lines too."""
    ids = linked_ids(trail, change.forgotten_ids)
    return [scrub_event(e, change.forgotten_texts, ids) for e in trail]


def event_lines(change: Change) -> List[Dict[str, Any]]:
    """The change's audit events as the trail keeps them (JSON objects)."""
    return [event.to_dict() for event in change.events]
