"""The owner's actions on a store (review, correct, forget, export, import, erase), for the plugin's
methods and the CLI: each change one locked write through the editor; fixable errors :class:`OwnerError`.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple, TypeVar

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.audit import Actor, AuditEvent
from ovos_memory_plugin_entity.domain.editor import Editor, edit
from ovos_memory_plugin_entity.domain.entities import parse_when
from ovos_memory_plugin_entity.domain.errors import NotFound, OwnerError
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.record import Entity, Fact, Pending, SessionRecord
from ovos_memory_plugin_entity.domain.scope import MAX_SESSION_ID_CHARS, session_key
from ovos_memory_plugin_entity.io.stores import Store

EXPORT_FORMAT = "ovos-memory-plugin-entity/export"
EXPORT_VERSION = 1
T = TypeVar("T")
Progress = Callable[[int, int], None]
# What one session's import did: brought in, facts left out as forgotten here, secrets refused.
Brought = Tuple[bool, int, List[str]]


@dataclass(frozen=True)
class SessionSummary:
    session_id: str
    live: int
    retired: int
    last_change: Optional[float]


@dataclass
class ImportReport:
    """What an import did: sessions changed, facts left out as forgotten here, secrets refused by class."""

    sessions: int = 0
    forgotten_here: int = 0
    refused_secrets: Dict[str, int] = field(default_factory=dict)


class Owner:
    """Owner actions on one store, stamped with ``now()`` and an actor (``api``, ``cli``)."""

    def __init__(self, store: Store, policy: Policy, now: Callable[[], float], actor: Actor = "api",
                 scope: str = "session"):
        self.store, self.policy, self.now, self.actor, self.scope = store, policy, now, actor, scope
        self.skipped: List[str] = []  # why the last import left sessions as they were

    def key(self, session_id: Any) -> str:
        key = session_key(self.scope, session_id)
        if key is None:
            raise OwnerError(f"invalid session id {str(session_id)[:60]!r}: it must be a non-empty string of at "
                             f"most {MAX_SESSION_ID_CHARS} characters")
        return key

    # -- reading -----------------------------------------------------------
    def record(self, session_id: str, must_exist: bool = False) -> SessionRecord:
        key = self.key(session_id)
        revision, record = self.store.load(key)
        if must_exist and not record.facts and not record.pending and not revision:
            raise OwnerError(f"no session {session_id!r}; 'sessions' lists them")
        return record

    def sessions(self) -> List[SessionSummary]:
        summaries = []
        for session_id in self.store.sessions():
            record = self.store.load(session_id)[1]
            trail = self.store.audit(session_id)
            if not (record.facts or record.entities or record.pending or trail):
                continue  # erased: nothing of it is left to list
            live = sum(1 for f in record.facts if f.live)
            summaries.append(SessionSummary(session_id, live, len(record.facts) - live,
                                            trail[-1].get("at") if trail else None))
        return summaries

    def facts(self, session_id: str, include_retired: bool = False, must_exist: bool = True) -> List[Fact]:
        record = self.record(session_id, must_exist)
        return [Fact(**f.to_dict()) for f in record.facts if include_retired or f.live]

    def history(self, session_id: str, must_exist: bool = True) -> List[Dict[str, Any]]:
        self.record(session_id, must_exist)
        return self.store.audit(self.key(session_id))

    def entities(self, session_id: str, must_exist: bool = True) -> List[Entity]:
        return [Entity.from_dict(e.to_dict()) for e in self.record(session_id, must_exist).entities if e.live]

    def pending(self, session_id: str, must_exist: bool = True) -> List[Pending]:
        return list(self.record(session_id, must_exist).pending)

    # -- changing ------------------------------------------------------------
    def change(self, session_id: str, act: Callable[[Editor], T]) -> T:
        """``act`` on the session's editor, one locked write; what it returns."""
        try:
            change = self.store.update(self.key(session_id),
                                       lambda record: edit(record, self.policy, self.now(), self.actor, act))
        except NotFound as exc:
            raise OwnerError(f"{exc} in session {session_id!r}; "
                             f"'facts', 'entities' or 'pending' list them") from None
        return change.outcome

    def add(self, session_id: str, text: str, pin: bool = False, about: Optional[str] = None,
            relation: Optional[str] = None, when: Optional[str] = None) -> Fact:
        self._refuse(text, about, relation)
        event_date = parse_when(when) if when else None
        if when and event_date is None:
            raise OwnerError(f"when must be an ISO date or date-time (2030-01-02 or 2030-01-02T15:00), got {when!r}")
        fact = self.change(session_id, lambda e: e.add(text, pin, about, relation, event_date))
        if fact is None:
            raise OwnerError(f"not stored: {text!r} has no words, or reads as an instruction to the assistant")
        return Fact(**fact.to_dict())

    def edit(self, session_id: str, fact_id: str, text: str) -> Fact:
        self._refuse(text)
        fact = self.change(session_id, lambda e: e.edit(fact_id, text))
        if fact is None:
            raise OwnerError(f"not stored: {text!r} reads as an instruction to the assistant")
        return Fact(**fact.to_dict())

    def _refuse(self, text: Any, *names: Optional[str]) -> None:
        """No words, or a secret: the owner is told a secret's class, never shown it back."""
        if not isinstance(text, str) or not textlib.normalise(text):
            raise OwnerError(f"a fact must be non-empty text, got {text!r}")
        texts = (text, *names)
        kind = next((k for k in (self.policy.secret_class(t) for t in texts if t) if k), None)
        if kind is not None:
            raise OwnerError(f"not stored: it holds a {kind}, and secrets are never kept")

    def erase(self, session_id: str) -> None:
        self.store.erase(self.key(session_id))

    # -- export and import -------------------------------------------------------
    def export(self, session_ids: Iterable[str], progress: Progress = lambda _done, _total: None) -> Dict[str, Any]:
        ids = [self.key(s) for s in session_ids]
        sessions = []
        for done, session_id in enumerate(ids, 1):
            sessions.append({"session_id": session_id, "record": self.store.load(session_id)[1].to_dict(),
                             "history": self.store.audit(session_id)})
            progress(done, len(ids))
        return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "exported_at": self.now(),
                "sessions": sessions}

    def import_data(self, data: Any, progress: Progress = lambda _done, _total: None) -> ImportReport:
        """An export of ours or the older plugin's file; safe to repeat (:attr:`skipped` says why)."""
        self.skipped = []
        if isinstance(data, dict) and data.get("format") == EXPORT_FORMAT:
            return self._import_export(data, progress)
        if isinstance(data, dict) and all(isinstance(v, dict) and isinstance(v.get("facts"), list)
                                          for v in data.values()):
            report = ImportReport()
            for done, (session_id, entry) in enumerate(data.items(), 1):
                marker = "texts:" + textlib.digest(json.dumps([session_id, entry["facts"]], sort_keys=True))[:24]
                self._bring_in(report, session_id, once(marker, partial(Editor.import_texts, texts=entry["facts"])))
                progress(done, len(data))
            return report
        raise OwnerError("not an export of this plugin, nor the older plugin's file")

    def _import_export(self, data: Dict[str, Any], progress: Progress) -> ImportReport:
        if data.get("version") != EXPORT_VERSION:
            raise OwnerError(f"export version {data.get('version')!r} is not supported "
                             f"(this version reads {EXPORT_VERSION})")
        entries = data.get("sessions")
        if not isinstance(entries, list):
            raise OwnerError("the export has no 'sessions' list")
        report = ImportReport()
        for done, entry in enumerate(entries, 1):
            try:
                incoming = SessionRecord.from_dict(entry["record"])
                given = entry.get("history", [])
                history = _valid_events(given) if isinstance(given, list) else []
                session_id = str(entry["session_id"])
            except (KeyError, TypeError, ValueError, AttributeError) as exc:
                raise OwnerError(f"session {done} of the export is malformed: {exc}") from None
            marker = "export:" + textlib.digest(json.dumps(entry, sort_keys=True, default=str))[:24]
            self._bring_in(report, session_id, once(marker, partial(_merge, incoming=incoming, history=history)))
            if isinstance(given, list) and len(history) < len(given):
                self.skipped.append(f"{session_id}: {len(given) - len(history)} history event(s) are not "
                                    f"events of this plugin (a field of the wrong type); left them out")
            progress(done, len(entries))
        return report

    def _bring_in(self, report: ImportReport, session_id: str, act: Callable[[Editor], Brought]) -> None:
        changed, forgotten, refused = self.change(session_id, act)
        report.sessions += changed
        report.forgotten_here += forgotten
        for kind in refused:
            report.refused_secrets[kind] = report.refused_secrets.get(kind, 0) + 1
        if not changed:
            self.skipped.append(f"{session_id}: this very content was imported into it before "
                                f"(erase the session to restore it again)")

def once(marker: str, bring: Callable[[Editor], int]) -> Callable[[Editor], Brought]:
    """``bring`` (which says how many facts were forgotten here), unless ``marker``'s content came in before."""
    def act(editor: Editor) -> Brought:
        if not editor.mark_imported(marker):
            return False, 0, []
        return True, bring(editor), list(editor.change.refused_secrets)
    return act


def _merge(editor: Editor, incoming: SessionRecord, history: List[AuditEvent]) -> int:
    forgotten = sum(1 for fact in incoming.facts if fact.live and fact.text and _forgotten_here(editor, incoming, fact))
    editor.merge_record(incoming, history)
    return forgotten


def _forgotten_here(editor: Editor, incoming: SessionRecord, fact: Fact) -> bool:
    """A tombstone here stands on an incoming fact (about a namesake here) or on its person's name."""
    if not fact.about:
        return editor.blocked(fact.text)
    theirs = incoming.entity(fact.about)
    if theirs is None:
        return False
    ours = next((e for e in editor.record.entities if e.name.casefold() == theirs.name.casefold()), None)
    return editor.blocked(fact.text, ours.id) if ours is not None else editor.name_forgotten(theirs.name)


def _valid_events(given: List[Any]) -> List[AuditEvent]:
    """The export's history events that read as ours (:meth:`AuditEvent.from_dict`)."""
    events = []
    for item in given:
        try:
            events.append(AuditEvent.from_dict(item))
        except ValueError:
            continue
    return events


def read_json_file(path: str) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise OwnerError(f"cannot read {path}: {exc.strerror or exc}") from None
    except (ValueError, RecursionError) as exc:
        raise OwnerError(f"{path} is not JSON: {exc}") from None
