"""The owner's actions on a store: review, correct, forget, export, import, erase, curate.

Used by the plugin's public methods and by the ``ovos-entity-memory`` CLI, which may run
while the assistant does: every change is one locked read-modify-write in the store.
Errors a person can fix raise :class:`OwnerError` with a sentence that says what.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

from ovos_memory_plugin_entity import facts as factlib
from ovos_memory_plugin_entity import text as textlib
from ovos_memory_plugin_entity.entities import Entity, name_key, parse_when
from ovos_memory_plugin_entity.extraction import ops_from_json
from ovos_memory_plugin_entity.facts import Change, Fact, Policy, SessionRecord
from ovos_memory_plugin_entity.store import Store

EXPORT_FORMAT = "ovos-memory-plugin-entity/export"
EXPORT_VERSION = 1
DAY_S = 86_400.0


class OwnerError(ValueError):
    """Something the owner asked for cannot be done (unknown session or fact, bad file)."""


@dataclass(frozen=True)
class SessionSummary:
    session_id: str
    live: int
    retired: int
    last_change: Optional[float]


@dataclass
class CurationPlan:
    """What ``curate`` would do; nothing changes until it is applied."""

    merges: List[Tuple[str, str, str]] = field(default_factory=list)  # session, kept id, merged id
    prunes: List[Tuple[str, str]] = field(default_factory=list)  # session, fact id
    idle_sessions: List[str] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.merges or self.prunes)


class Owner:
    """Owner actions on one store, stamped with ``now()`` and an actor (``api``, ``cli``)."""

    def __init__(self, store: Store, policy: Policy, now: Callable[[], float], actor: str = "api"):
        self.store, self.policy, self.now, self.actor = store, policy, now, actor

    # -- reading -----------------------------------------------------------
    def record(self, session_id: str, must_exist: bool = False) -> SessionRecord:
        record = self.store.load(session_id)[1]
        if must_exist and not record.facts and session_id not in self.store.sessions():
            raise OwnerError(f"no session {session_id!r}; 'sessions' lists them")
        return record

    def sessions(self) -> List[SessionSummary]:
        summaries = []
        for session_id in self.store.sessions():
            record = self.store.load(session_id)[1]
            trail = self.store.audit(session_id)
            live = sum(1 for f in record.facts if f.live)
            summaries.append(SessionSummary(session_id, live, len(record.facts) - live,
                                            trail[-1]["at"] if trail else None))
        return summaries

    def facts(self, session_id: str, include_retired: bool = False) -> List[Fact]:
        record = self.record(session_id, must_exist=True)
        return [Fact(**f.to_dict()) for f in record.facts if include_retired or f.live]

    def history(self, session_id: str) -> List[Dict[str, Any]]:
        self.record(session_id, must_exist=True)
        return self.store.audit(session_id)

    # -- changing ------------------------------------------------------------
    def _change(self, session_id: str, act: Callable[[SessionRecord], Change]) -> Change:
        return self.store.update(session_id, act)

    def add(self, session_id: str, text: str, pin: bool = False, about: Optional[str] = None,
            relation: Optional[str] = None, when: Optional[str] = None) -> Fact:
        if not isinstance(text, str) or not textlib.normalise(text):
            raise OwnerError(f"a fact must be non-empty text, got {text!r}")
        event_date = parse_when(when) if when else None
        if when and event_date is None:
            raise OwnerError(f"when must be an ISO date or date-time (2030-01-02 or 2030-01-02T15:00), got {when!r}")
        added: List[Fact] = []

        def act(record: SessionRecord) -> Change:
            change, fact = factlib.owner_add(record, text, now=self.now(), actor=self.actor,
                                             policy=self.policy, pin=pin, about=about, relation=relation,
                                             when=event_date)
            added.extend([fact] if fact else [])
            return change
        self._change(session_id, act)
        if not added:
            raise OwnerError(f"a fact must contain words, got {text!r}")
        return Fact(**added[0].to_dict())

    def _live_fact_action(self, session_id: str, fact_id: str,
                          act: Callable[[SessionRecord], Change]) -> Change:
        def guarded(record: SessionRecord) -> Change:
            fact = record.fact(fact_id)
            if fact is None or not fact.live:
                raise OwnerError(f"no live fact {fact_id!r} in session {session_id!r}; "
                                 f"'facts {session_id}' lists them")
            return act(record)
        return self._change(session_id, guarded)

    def edit(self, session_id: str, fact_id: str, text: str) -> Fact:
        if not textlib.normalise(text):
            raise OwnerError(f"a fact must be non-empty text, got {text!r}")
        result: List[Fact] = []

        def act(record: SessionRecord) -> Change:
            change, fact = factlib.owner_edit(record, fact_id, text, now=self.now(), actor=self.actor,
                                              policy=self.policy)
            result.extend([fact] if fact else [])
            return change
        self._live_fact_action(session_id, fact_id, act)
        return Fact(**result[0].to_dict())

    def set_pinned(self, session_id: str, fact_id: str, pinned: bool) -> None:
        self._live_fact_action(session_id, fact_id, lambda record: factlib.owner_set_pinned(
            record, fact_id, pinned, now=self.now(), actor=self.actor, policy=self.policy))

    def forget(self, session_id: str, fact_id: str) -> None:
        def act(record: SessionRecord) -> Change:
            fact = record.fact(fact_id)
            if fact is None or not fact.text:
                raise OwnerError(f"no fact {fact_id!r} with text in session {session_id!r}")
            return factlib.owner_forget(record, fact_id, now=self.now(), actor=self.actor, policy=self.policy)
        self._change(session_id, act)

    def erase(self, session_id: str) -> None:
        self.store.erase(session_id)

    def entities(self, session_id: str) -> List[Entity]:
        return [e for e in self.record(session_id, must_exist=True).entities if e.live]

    def _entity_action(self, session_id: str, act: Callable[[SessionRecord], Change]) -> None:
        def guarded(record: SessionRecord) -> Change:
            try:
                return act(record)
            except KeyError as exc:
                raise OwnerError(f"no entity {exc.args[0]!r} in session {session_id!r}; "
                                 f"'entities {session_id}' lists them") from None
        self._change(session_id, guarded)

    def rename_entity(self, session_id: str, entity_id: str, name: str, relation: Optional[str] = None) -> None:
        self._entity_action(session_id, lambda record: factlib.owner_rename_entity(
            record, entity_id, name, now=self.now(), actor=self.actor, policy=self.policy, relation=relation))

    def merge_entities(self, session_id: str, keep_id: str, merge_id: str) -> None:
        self._entity_action(session_id, lambda record: factlib.owner_merge_entities(
            record, keep_id, merge_id, now=self.now(), actor=self.actor, policy=self.policy))

    def forget_entity(self, session_id: str, entity_id: str) -> None:
        self._entity_action(session_id, lambda record: factlib.owner_forget_entity(
            record, entity_id, now=self.now(), actor=self.actor, policy=self.policy))

    def pending(self, session_id: str) -> List[factlib.Pending]:
        return list(self.record(session_id, must_exist=True).pending)

    def decide(self, session_id: str, pending_id: str, accept: bool) -> None:
        """Approve or reject a pending item (``confirm: on``), as the owner."""
        def act(record: SessionRecord) -> Change:
            item = next((p for p in record.pending if p.id == pending_id), None)
            if item is None:
                raise OwnerError(f"no pending item {pending_id!r} in session {session_id!r}; "
                                 f"'pending {session_id}' lists them")
            ops = ops_from_json(item.ops) if accept else None
            return factlib.decide(record, pending_id, accept, ops, now=self.now(), actor=self.actor,
                                  policy=self.policy)
        self._change(session_id, act)

    # -- export and import -------------------------------------------------------
    def export(self, session_ids: Iterable[str],
               progress: Callable[[int, int], None] = lambda done, total: None) -> Dict[str, Any]:
        ids = list(session_ids)
        sessions = []
        for done, session_id in enumerate(ids, 1):
            record = self.store.load(session_id)[1]
            sessions.append({"session_id": session_id, "record": record.to_dict(),
                             "history": self.store.audit(session_id)})
            progress(done, len(ids))
        return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "exported_at": self.now(),
                "sessions": sessions}

    def import_data(self, data: Any, progress: Callable[[int, int], None] = lambda done, total: None) -> int:
        """Import an export of ours, or the seed plugin's file; returns sessions changed."""
        if isinstance(data, dict) and data.get("format") == EXPORT_FORMAT:
            if data.get("version") != EXPORT_VERSION:
                raise OwnerError(f"export version {data.get('version')!r} is not supported "
                                 f"(this version reads {EXPORT_VERSION})")
            entries = data.get("sessions")
            if not isinstance(entries, list):
                raise OwnerError("the export has no 'sessions' list")
            changed = 0
            for done, entry in enumerate(entries, 1):
                try:
                    incoming = SessionRecord.from_dict(entry["record"])
                    history = [e for e in entry.get("history", []) if isinstance(e, dict)]
                    session_id = str(entry["session_id"])
                except (KeyError, TypeError, ValueError) as exc:
                    raise OwnerError(f"session {done} of the export is malformed: {exc}") from None
                changed += self._merge_in(session_id, incoming, history)
                progress(done, len(entries))
            return changed
        if isinstance(data, dict) and all(isinstance(v, dict) and isinstance(v.get("facts"), list)
                                          for v in data.values()):
            changed = 0
            for done, (session_id, entry) in enumerate(data.items(), 1):
                change = self._change(session_id, lambda record, texts=entry["facts"]: factlib.import_facts(
                    record, texts, now=self.now(), policy=self.policy))
                changed += change.changed
                progress(done, len(data))
            return changed
        raise OwnerError("not an export of this plugin, nor the seed plugin's file")

    def _merge_in(self, session_id: str, incoming: SessionRecord, history: List[Dict[str, Any]]) -> int:
        appended: List[Dict[str, Any]] = []

        def act(record: SessionRecord) -> Change:
            renumber = _renumbering(record, incoming)
            entity_ids = _merge_entities(record, incoming)
            renumber.update(entity_ids)
            existing = {factlib.fact_key(f.about, f.when, f.text) for f in record.live_facts()}
            for fact in incoming.facts:
                about = entity_ids.get(fact.about, fact.about)
                if fact.live and factlib.fact_key(about, fact.when, fact.text) in existing:
                    continue  # already known: keep ours
                copy = Fact(**fact.to_dict())
                copy.id = renumber.get(fact.id, fact.id)
                copy.about = about
                if copy.superseded_by in renumber:
                    copy.superseded_by = renumber[copy.superseded_by]
                record.facts.append(copy)
            record.next_id = max(record.next_id, *(_number(f.id) + 1 for f in record.facts)) \
                if record.facts else record.next_id
            known = {(t.text_hash, t.words_hash) for t in record.tombstones}
            record.tombstones += [t for t in incoming.tombstones if (t.text_hash, t.words_hash) not in known]
            for event in history:
                moved = dict(event)
                for key in ("fact", "by"):
                    if moved.get(key) in renumber:
                        moved[key] = renumber[moved[key]]
                appended.append(moved)
            appended.append({"at": self.now(), "actor": self.actor, "action": "import", "fact": None,
                             "facts": len(incoming.facts)})
            return Change(events=appended)
        self._change(session_id, act)
        return 1

    # -- curation ----------------------------------------------------------------
    def plan_curation(self, *, older_than_days: Optional[float] = None, max_facts: Optional[int] = None,
                      idle_days: Optional[float] = None,
                      progress: Callable[[int, int], None] = lambda done, total: None) -> CurationPlan:
        plan = CurationPlan()
        now = self.now()
        ids = self.store.sessions()
        for done, session_id in enumerate(ids, 1):
            record = self.store.load(session_id)[1]
            live = record.live_facts()
            plan.merges += [(session_id, kept, merged) for kept, merged in _near_duplicates(live, self.policy)]
            merged_ids = {m for s, _, m in plan.merges if s == session_id}
            candidates = [f for f in live if not f.pinned and f.id not in merged_ids]
            doomed = set()
            if older_than_days is not None:
                doomed |= {f.id for f in candidates if now - f.confirmed_at > older_than_days * DAY_S}
            if max_facts is not None:
                remaining = [f for f in live if f.id not in merged_ids and f.id not in doomed]
                excess = len(remaining) - max_facts
                if excess > 0:
                    oldest = sorted((f for f in remaining if not f.pinned), key=lambda f: f.confirmed_at)
                    doomed |= {f.id for f in oldest[:excess]}
            plan.prunes += [(session_id, fid) for fid in sorted(doomed, key=_number)]
            if idle_days is not None:
                trail = self.store.audit(session_id)
                last = trail[-1]["at"] if trail else 0.0
                if now - last > idle_days * DAY_S:
                    plan.idle_sessions.append(session_id)
            progress(done, len(ids))
        return plan

    def apply_curation(self, plan: CurationPlan) -> None:
        by_session: Dict[str, Tuple[List[Tuple[str, str]], List[str]]] = {}
        for session_id, kept, merged in plan.merges:
            by_session.setdefault(session_id, ([], []))[0].append((kept, merged))
        for session_id, fact_id in plan.prunes:
            by_session.setdefault(session_id, ([], []))[1].append(fact_id)
        for session_id, (merges, prunes) in by_session.items():
            def act(record: SessionRecord, merges=merges, prunes=prunes) -> Change:
                now = self.now()
                change = Change()
                for kept_id, merged_id in merges:
                    kept, merged = record.fact(kept_id), record.fact(merged_id)
                    if kept and merged and kept.live and merged.live:
                        kept.confirmations += merged.confirmations
                        kept.confirmed_at = max(kept.confirmed_at, merged.confirmed_at)
                        merged.superseded_at, merged.superseded_by = now, kept_id
                        change.events.append({"at": now, "actor": self.actor, "action": "merge",
                                              "fact": merged_id, "before": merged.text, "by": kept_id})
                for fact_id in prunes:
                    fact = record.fact(fact_id)
                    if fact and fact.live:
                        fact.superseded_at, fact.superseded_by = now, factlib.EVICTED
                        change.events.append({"at": now, "actor": self.actor, "action": "curate",
                                              "fact": fact_id, "before": fact.text})
                return change
            self._change(session_id, act)


def _number(fact_id: str) -> int:
    digits = fact_id.lstrip("f")
    return int(digits) if digits.isdigit() else 0


def _renumbering(record: SessionRecord, incoming: SessionRecord) -> Dict[str, str]:
    """New ids for incoming facts whose ids the session already uses."""
    taken = {f.id for f in record.facts}
    next_number = max([record.next_id - 1, *(_number(i) for i in taken)] or [0]) + 1
    renumber = {}
    for fact in incoming.facts:
        if fact.id in taken:
            renumber[fact.id] = f"f{next_number}"
            next_number += 1
    return renumber


def _merge_entities(record: SessionRecord, incoming: SessionRecord) -> Dict[str, str]:
    """Bring in the incoming entities: one with a known name is the same entity; a new one
    gets a fresh id when its id is taken. Returns incoming id -> id in ``record``."""
    known = {name_key(e.name): e.id for e in record.entities if e.live and e.name}
    taken = {e.id for e in record.entities}
    mapping: Dict[str, str] = {}
    for entity in incoming.entities:
        if entity.live and entity.name and name_key(entity.name) in known:
            mapping[entity.id] = known[name_key(entity.name)]
            continue
        copy = Entity.from_dict(entity.to_dict())
        if copy.id in taken:
            copy.id = f"e{record.next_entity}"
            mapping[entity.id] = copy.id
        record.next_entity = max(record.next_entity, _number(copy.id.lstrip("e")) + 1)
        taken.add(copy.id)
        record.entities.append(copy)
    return mapping


def _near_duplicates(live: List[Fact], policy: Policy) -> List[Tuple[str, str]]:
    """Pairs (kept, merged) of live facts with the same content words, the newer kept."""
    groups: Dict[Tuple[str, ...], List[Fact]] = {}
    for fact in live:
        words = textlib.content_words(fact.text, policy.stopwords)
        if words:
            groups.setdefault(words, []).append(fact)
    pairs = []
    for group in groups.values():
        if len(group) > 1:
            ordered = sorted(group, key=lambda f: (f.pinned, f.confirmed_at), reverse=True)
            pairs += [(ordered[0].id, other.id) for other in ordered[1:]]
    return pairs


def read_json_file(path: str) -> Any:
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise OwnerError(f"cannot read {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        raise OwnerError(f"{path} is not JSON: {exc}") from None
