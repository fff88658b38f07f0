"""The fact record and every change to it: dedup, pin, supersede, forget, evict, prune.

Pure: functions take the record, the operations and ``now`` and return a
:class:`Change` (the audit events, and the texts to scrub from files when a fact is
forgotten). The store applies them under its lock; nothing here does I/O.

A retired fact keeps its row with ``superseded_at`` and ``superseded_by``:
a new fact's id, ``"superseded"`` (several facts replaced it), ``"evicted"`` (the
``max_facts`` cap) or ``"forgotten"`` (its text is removed; a tombstone of hashes
stops the extractor from bringing it back).
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Dict, FrozenSet, Iterable, List, Optional, Set, Tuple

from ovos_memory_plugin_entity import text as textlib
from ovos_memory_plugin_entity.entities import Entity, clean_name, clean_relation, name_key

# 2: facts may be about an entity and carry an event date; entities. 1 loads unchanged.
SCHEMA_VERSION = 2
# The extractor may pin the user's name and how to address them; more than this
# many pins from a model means it is pinning everything.
MAX_EXTRACTOR_PINS = 3
# A model reply that retires more than half of a session's live facts (and more
# than this many) in one exchange is refused whole: a confused model must not wipe
# a memory.
MASS_RETIRE_MINIMUM = 2
# Facts whose pin the model or the rules chose (the user confirming a fact confirms its
# words, not the model's choice to pin it).
AUTOMATIC_SOURCES = frozenset({"extractor", "rules", "user-confirmed"})
EVICTED, FORGOTTEN, SUPERSEDED = "evicted", "forgotten", "superseded"


@dataclass
class Fact:
    """One remembered fact. Times are seconds since the epoch, stamped by the plugin."""

    id: str
    text: str
    created_at: float
    confirmed_at: float
    confirmations: int = 1
    pinned: bool = False
    source: str = "extractor"
    superseded_at: Optional[float] = None
    superseded_by: Optional[str] = None
    about: Optional[str] = None  # an entity id; None is the user
    when: Optional[str] = None  # ISO date or date-time of an event

    @property
    def live(self) -> bool:
        return self.superseded_by is None

    def to_dict(self) -> Dict[str, Any]:
        return {"id": self.id, "text": self.text, "created_at": self.created_at,
                "confirmed_at": self.confirmed_at, "confirmations": self.confirmations,
                "pinned": self.pinned, "source": self.source,
                "superseded_at": self.superseded_at, "superseded_by": self.superseded_by,
                "about": self.about, "when": self.when}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Fact":
        return cls(
            id=str(data["id"]), text=str(data.get("text", "")),
            created_at=float(data.get("created_at", 0.0)),
            confirmed_at=float(data.get("confirmed_at", data.get("created_at", 0.0))),
            confirmations=int(data.get("confirmations", 1)),
            pinned=bool(data.get("pinned", False)), source=str(data.get("source", "extractor")),
            superseded_at=data.get("superseded_at"), superseded_by=data.get("superseded_by"),
            about=data.get("about"), when=data.get("when"))


@dataclass
class Tombstone:
    """What remains of a forgotten fact: hashes only, never the text."""

    text_hash: str
    words_hash: Optional[str]
    at: float


@dataclass
class Pending:
    """Operations from one exchange, kept until the user says yes (``confirm: on``)."""

    id: str
    ops: Dict[str, Any]  # the extraction contract's JSON form
    describe: List[str]  # what the assistant asks about, one item a line
    listed_ids: Optional[List[str]]
    forget_all_allowed: bool
    created_at: float
    asked: int = 0  # unclear answers so far

    def to_dict(self) -> Dict[str, Any]:
        return {"id": self.id, "ops": self.ops, "describe": self.describe, "listed_ids": self.listed_ids,
                "forget_all_allowed": self.forget_all_allowed, "created_at": self.created_at,
                "asked": self.asked}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Pending":
        return cls(id=str(data["id"]), ops=dict(data.get("ops", {})), describe=list(data.get("describe", [])),
                   listed_ids=data.get("listed_ids"), forget_all_allowed=bool(data.get("forget_all_allowed")),
                   created_at=float(data.get("created_at", 0.0)), asked=int(data.get("asked", 0)))


@dataclass
class SessionRecord:
    """Everything remembered for one session (or for the device, under global scope)."""

    session_id: str
    generation: int = 0
    next_id: int = 1
    facts: List[Fact] = field(default_factory=list)
    tombstones: List[Tombstone] = field(default_factory=list)
    imported: List[str] = field(default_factory=list)  # digests of seed sessions copied in
    pending: List["Pending"] = field(default_factory=list)  # awaiting the user's yes (confirm: on)
    next_pending: int = 1
    entities: List[Entity] = field(default_factory=list)
    next_entity: int = 1
    schema: int = SCHEMA_VERSION

    def live_facts(self) -> List[Fact]:
        return [f for f in self.facts if f.live]

    def fact(self, fact_id: str) -> Optional[Fact]:
        return next((f for f in self.facts if f.id == fact_id), None)

    def entity(self, entity_id: Optional[str]) -> Optional[Entity]:
        return next((e for e in self.entities if e.id == entity_id), None) if entity_id else None

    def live_entities(self) -> Dict[str, Entity]:
        return {e.id: e for e in self.entities if e.live}

    def to_dict(self) -> Dict[str, Any]:
        return {"schema": self.schema, "session_id": self.session_id,
                "generation": self.generation, "next_id": self.next_id,
                "imported": self.imported, "next_pending": self.next_pending,
                "pending": [p.to_dict() for p in self.pending],
                "next_entity": self.next_entity, "entities": [e.to_dict() for e in self.entities],
                "facts": [f.to_dict() for f in self.facts],
                "tombstones": [{"text_hash": t.text_hash, "words_hash": t.words_hash, "at": t.at}
                               for t in self.tombstones]}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "SessionRecord":
        if not isinstance(data, dict) or not isinstance(data.get("facts", []), list):
            raise ValueError("not a session record")
        schema = int(data.get("schema", SCHEMA_VERSION))
        if schema > SCHEMA_VERSION:
            raise ValueError(f"record schema {schema} is newer than this plugin's {SCHEMA_VERSION}")
        return cls(session_id=str(data.get("session_id", "")),
                   generation=int(data.get("generation", 0)),
                   next_id=int(data.get("next_id", 1)),
                   facts=[Fact.from_dict(f) for f in data.get("facts", [])],
                   tombstones=[Tombstone(**t) for t in data.get("tombstones", [])],
                   imported=[str(x) for x in data.get("imported", [])],
                   pending=[Pending.from_dict(p) for p in data.get("pending", [])],
                   next_pending=int(data.get("next_pending", 1)),
                   entities=[Entity.from_dict(e) for e in data.get("entities", [])],
                   next_entity=int(data.get("next_entity", 1)))


@dataclass(frozen=True)
class NewFact:
    text: str
    pin: bool = False
    about: Optional[str] = None  # an entity's display name; None is the user
    relation: Optional[str] = None  # the user's relation to ``about``
    when: Optional[str] = None  # ISO date or date-time (validated by the parser)


@dataclass(frozen=True)
class Replacement:
    fact_id: str
    text: str
    confidence: float = 1.0
    pin: bool = False
    when: Optional[str] = None


@dataclass(frozen=True)
class Ops:
    """What one extraction asks for (the extraction contract, parsed)."""

    add: Tuple[NewFact, ...] = ()
    update: Tuple[Replacement, ...] = ()
    forget: Tuple[str, ...] = ()
    forget_all: bool = False

    @property
    def empty(self) -> bool:
        return not (self.add or self.update or self.forget or self.forget_all)

    def to_json(self) -> Dict[str, Any]:
        """The extraction contract's JSON form (what :func:`extraction.ops_from_json` reads)."""
        return {"add": [{k: v for k, v in (("fact", a.text), ("pin", a.pin), ("about", a.about),
                                           ("relation", a.relation), ("when", a.when)) if v is not None}
                        for a in self.add],
                "update": [{k: v for k, v in (("id", u.fact_id), ("fact", u.text), ("confidence", u.confidence),
                                              ("pin", u.pin), ("when", u.when)) if v is not None}
                           for u in self.update],
                "forget": list(self.forget), "forget_all": self.forget_all}


@dataclass(frozen=True)
class Policy:
    """The limits a change obeys, from settings."""

    max_facts: int = 50
    max_retired: int = 200
    supersede_threshold: float = 0.8
    max_fact_chars: int = 200
    stopwords: FrozenSet[str] = frozenset()


@dataclass
class Change:
    """The outcome of applying operations: audit events and texts to scrub."""

    events: List[Dict[str, Any]] = field(default_factory=list)
    forgotten_texts: List[str] = field(default_factory=list)
    warnings: List[str] = field(default_factory=list)
    refused: bool = False
    touched: bool = False  # the record changed without an audit event (a confirmation)

    @property
    def changed(self) -> bool:
        return bool(self.events)

    @property
    def modified(self) -> bool:
        """The record must be saved."""
        return bool(self.events) or self.touched


def _entity_hash(name: str) -> str:
    return textlib.digest("entity\x1f" + name_key(name))


def fact_key(about: Optional[str], when: Optional[str], text: str) -> str:
    """What makes two facts the same: who it is about, the event date, the normalised text."""
    return f"{about or ''}\x1f{when or ''}\x1f{textlib.normalise(text)}"


class _Editor:
    """Applies changes to one record, stamping ``now`` and recording audit events."""

    def __init__(self, record: SessionRecord, policy: Policy, now: float, actor: str):
        self.record, self.policy, self.now, self.actor = record, policy, now, actor
        self.change = Change()
        self._by_key: Dict[str, Fact] = {fact_key(f.about, f.when, f.text): f for f in record.live_facts()}

    def event(self, action: str, fact: Any, **extra: Any) -> None:
        self.change.events.append({"at": self.now, "actor": self.actor, "action": action,
                                   "fact": fact.id, **extra})

    def _hashed_text(self, text: str, about: Optional[str]) -> str:
        entity = self.record.entity(about)
        return f"{name_key(entity.name)}: {text}" if entity is not None and entity.name else text

    def _hashes(self, text: str, about: Optional[str]) -> Tuple[str, Optional[str]]:
        return textlib.tombstone_hashes(self._hashed_text(text, about), self.policy.stopwords)

    def blocked(self, text: str, about: Optional[str] = None) -> bool:
        text_hash, words_hash = self._hashes(text, about)
        return any(t.text_hash == text_hash or (words_hash and t.words_hash == words_hash)
                   for t in self.record.tombstones)

    def lift_tombstones(self, text: str, about: Optional[str] = None) -> None:
        text_hash, words_hash = self._hashes(text, about)
        self.record.tombstones = [
            t for t in self.record.tombstones
            if t.text_hash != text_hash and not (words_hash and t.words_hash == words_hash)]

    def extractor_pins(self) -> int:
        return sum(1 for f in self.record.live_facts() if f.pinned and f.source in AUTOMATIC_SOURCES)

    def may_pin(self) -> bool:
        return self.actor not in AUTOMATIC_SOURCES or self.extractor_pins() < MAX_EXTRACTOR_PINS

    def resolve_entity(self, name: Optional[str], relation: Optional[str]) -> Optional[str]:
        """The id of the live entity with this name (created if new); None for the user."""
        display = clean_name(name or "")
        key = name_key(display)
        if not key:
            return None
        relation = clean_relation(relation or "")
        entity = next((e for e in self.record.entities if e.live and name_key(e.name) == key), None)
        if entity is None and self.actor in AUTOMATIC_SOURCES and any(
                t.text_hash == _entity_hash(display) for t in self.record.tombstones):
            return FORGOTTEN  # the user asked to forget this one: the extractor may not bring it back
        if entity is None and self.actor not in AUTOMATIC_SOURCES:
            self.record.tombstones = [t for t in self.record.tombstones if t.text_hash != _entity_hash(display)]
        if entity is None:
            entity = Entity(id=f"e{self.record.next_entity}", name=display, relation=relation,
                            created_at=self.now)
            self.record.next_entity += 1
            self.record.entities.append(entity)
            self.event("entity", entity, after=entity.label)
        elif relation and relation != entity.relation:
            before = entity.label
            entity.relation = relation
            self.event("relate", entity, before=before, after=entity.label)
        return entity.id

    def add_or_confirm(self, raw_text: str, pin: bool, about: Optional[str] = None,
                       when: Optional[str] = None) -> Optional[Fact]:
        """Add a fact, or confirm the live fact with the same key (no audit line)."""
        text = textlib.clean(raw_text, self.policy.max_fact_chars)
        if not textlib.normalise(text):
            return None
        key = fact_key(about, when, text)
        pin = pin and (about is None or self.actor not in AUTOMATIC_SOURCES)
        existing = self._by_key.get(key)
        if existing is not None:
            existing.confirmed_at = self.now
            existing.confirmations += 1
            self.change.touched = True
            if pin and not existing.pinned and self.may_pin():
                existing.pinned = True
                self.event("pin", existing)
            return existing
        fact = Fact(id=f"f{self.record.next_id}", text=text, created_at=self.now,
                    confirmed_at=self.now, source=self.actor, about=about, when=when)
        fact.pinned = pin and self.may_pin()
        self.record.next_id += 1
        self.record.facts.append(fact)
        self._by_key[key] = fact
        extra = {k: v for k, v in (("about", about), ("when", when)) if v}
        self.event("add", fact, after=text, pinned=fact.pinned, **extra)
        return fact

    def retire(self, fact: Fact, reason: str, action: str, **extra: Any) -> None:
        fact.superseded_at = self.now
        fact.superseded_by = reason
        self._by_key.pop(fact_key(fact.about, fact.when, fact.text), None)
        self.event(action, fact, **extra)

    def forget(self, fact: Fact) -> None:
        """Retire as forgotten, remove its text (and every row with the same text)."""
        if not fact.text:
            return
        text_hash, words_hash = self._hashes(fact.text, fact.about)
        self.record.tombstones.append(Tombstone(text_hash, words_hash, self.now))
        for row in self.record.facts:
            if row.text and row.about == fact.about and self._hashes(row.text, row.about)[0] == text_hash:
                self._by_key.pop(fact_key(row.about, row.when, row.text), None)
                self.change.forgotten_texts.append(row.text)
                row.text = ""
                if row.live or row.superseded_by != FORGOTTEN:
                    row.superseded_at = self.now
                    row.superseded_by = FORGOTTEN
                    row.pinned = False
                self.event("forget", row)

    def forget_entity(self, entity: Entity) -> None:
        """Forget everything about an entity, then the entity's name and relation."""
        for fact in [f for f in self.record.facts if f.about == entity.id and f.text]:
            self.forget(fact)
        self.change.forgotten_texts += [t for t in (entity.label, entity.name) if t]
        self.record.tombstones.append(Tombstone(_entity_hash(entity.name), None, self.now))
        entity.name, entity.relation, entity.retired_by = "", "", FORGOTTEN
        self.event("forget", entity)

    def evict_over_cap(self) -> None:
        cap = self.policy.max_facts
        live = self.record.live_facts()
        if not cap or len(live) <= cap:
            return
        candidates = sorted((f for f in live if not f.pinned),
                            key=lambda f: (f.confirmed_at, f.confirmations, _id_number(f.id)))
        for fact in candidates[:len(live) - cap]:
            self.retire(fact, EVICTED, "evict", before=fact.text)

    def prune_retired(self) -> None:
        bound = self.policy.max_retired
        retired = [f for f in self.record.facts if not f.live]
        if not bound or len(retired) <= bound:
            return
        doomed = sorted(retired, key=lambda f: (f.superseded_at or 0.0, _id_number(f.id)))
        doomed_ids = {f.id for f in doomed[:len(retired) - bound]}
        for fact in doomed[:len(retired) - bound]:
            self.event("prune", fact, before=fact.text or None, reason=fact.superseded_by)
        self.record.facts = [f for f in self.record.facts if f.id not in doomed_ids]

    def finish(self) -> Change:
        self.evict_over_cap()
        self.prune_retired()
        return self.change


def _id_number(fact_id: str) -> int:
    digits = fact_id.lstrip("f")
    return int(digits) if digits.isdigit() else 0


def new_record(session_id: str, generation: int = 0) -> SessionRecord:
    return SessionRecord(session_id=session_id, generation=generation)


def apply_ops(record: SessionRecord, ops: Ops, *, now: float, actor: str, policy: Policy,
              listed_ids: Optional[Iterable[str]] = None,
              forget_all_allowed: bool = False) -> Change:
    """Apply an extraction's operations to ``record`` in place, or refuse them whole.

    ``listed_ids`` are the ids the prompt showed the model; ``update``/``forget`` of
    any other id (invented, echoed from an example, or no longer live) is ignored.
    ``forget_all_allowed`` is the code-side gate: the user's own words asked for it.
    """
    before = record.to_dict()
    editor = _Editor(record, policy, now, actor)
    listed: Set[str] = set(listed_ids) if listed_ids is not None else {f.id for f in record.facts}
    live_before = {f.id: f for f in record.live_facts()}
    targets = {fid: f for fid, f in live_before.items() if fid in listed}
    wiped = False

    if ops.forget_all:
        if forget_all_allowed:
            for fact in record.live_facts():
                editor.forget(fact)
            wiped = True
        else:
            editor.change.warnings.append(
                "forget_all ignored: the user's words did not ask to forget everything")
    for fact_id in ops.forget:
        fact = targets.get(fact_id)
        if fact is not None and fact.live:
            editor.forget(fact)

    replaced: "OrderedDict[str, List[Fact]]" = OrderedDict()
    for item in ops.update:
        old = targets.get(item.fact_id)
        if old is None or not old.text:
            continue
        if editor.blocked(item.text, old.about):
            editor.change.warnings.append(f"update of {old.id} refused: its new text was forgotten")
            continue
        new = editor.add_or_confirm(item.text, item.pin or old.pinned, old.about, item.when or old.when)
        if new is None or new is old or item.confidence < policy.supersede_threshold:
            continue
        if old.pinned and not new.pinned:
            new.pinned = True
        replaced.setdefault(old.id, []).append(new)
    for old_id, new_facts in replaced.items():
        old = targets[old_id]
        if old.live:
            by = new_facts[0].id if len(new_facts) == 1 else SUPERSEDED
            editor.retire(old, by, "supersede", before=old.text,
                          after=" / ".join(f.text for f in new_facts))

    for item in ops.add:
        about = editor.resolve_entity(item.about, item.relation) if item.about else None
        if about == FORGOTTEN or editor.blocked(item.text, about):
            editor.change.warnings.append("a forgotten fact was not added again")
            continue
        editor.add_or_confirm(item.text, item.pin, about, item.when)

    still_live = {f.id for f in record.facts if f.live}
    retired_now = sum(1 for fid in live_before if fid not in still_live)
    if not wiped and retired_now > MASS_RETIRE_MINIMUM and retired_now * 2 > len(live_before):
        _restore(record, before)
        return Change(refused=True, warnings=[
            f"refused a reply that would retire {retired_now} of {len(live_before)} live facts"])
    return editor.finish()


def _restore(record: SessionRecord, snapshot: Dict[str, Any]) -> None:
    record.__dict__.update(SessionRecord.from_dict(snapshot).__dict__)


def owner_add(record: SessionRecord, text: str, *, now: float, actor: str, policy: Policy,
              pin: bool = False, about: Optional[str] = None, relation: Optional[str] = None,
              when: Optional[str] = None) -> Tuple[Change, Optional[Fact]]:
    """The owner adds (or confirms) a fact; this lifts a tombstone on the same words."""
    editor = _Editor(record, policy, now, actor)
    about_id = editor.resolve_entity(about, relation) if about else None
    editor.lift_tombstones(text, about_id)
    fact = editor.add_or_confirm(text, pin, about_id, when)
    if fact is not None and pin and not fact.pinned:
        fact.pinned = True
        editor.event("pin", fact)
    return editor.finish(), fact


def _live_entity(record: SessionRecord, entity_id: str) -> Entity:
    entity = record.entity(entity_id)
    if entity is None or not entity.live:
        raise KeyError(entity_id)
    return entity


def owner_rename_entity(record: SessionRecord, entity_id: str, name: str, *, now: float, actor: str,
                        policy: Policy, relation: Optional[str] = None) -> Change:
    """Rename an entity (and optionally set its relation); this is how two Emmas are told apart."""
    entity = _live_entity(record, entity_id)
    editor = _Editor(record, policy, now, actor)
    before = entity.label
    entity.name = clean_name(name) or entity.name
    if relation is not None:
        entity.relation = clean_relation(relation)
    if entity.label != before:
        editor.event("rename", entity, before=before, after=entity.label)
    return editor.change


def owner_merge_entities(record: SessionRecord, keep_id: str, merge_id: str, *, now: float, actor: str,
                         policy: Policy) -> Change:
    """Fold entity ``merge_id`` into ``keep_id``: its facts move over, its row stays retired."""
    keep, merged = _live_entity(record, keep_id), _live_entity(record, merge_id)
    if keep is merged:
        raise KeyError(merge_id)
    editor = _Editor(record, policy, now, actor)
    keys = {fact_key(f.about, f.when, f.text) for f in record.live_facts() if f.about == keep.id}
    for fact in record.facts:
        if fact.about == merged.id:
            fact.about = keep.id
            if fact.live and fact_key(fact.about, fact.when, fact.text) in keys:
                fact.superseded_at, fact.superseded_by = now, SUPERSEDED  # a duplicate of the kept one
    keep.relation = keep.relation or merged.relation
    merged.retired_by = keep.id
    editor.event("merge", merged, before=merged.label, after=keep.label, by=keep.id)
    return editor.change


def owner_forget_entity(record: SessionRecord, entity_id: str, *, now: float, actor: str,
                        policy: Policy) -> Change:
    """Forget an entity and every fact about it."""
    entity = _live_entity(record, entity_id)
    editor = _Editor(record, policy, now, actor)
    editor.forget_entity(entity)
    return editor.change


def owner_edit(record: SessionRecord, fact_id: str, text: str, *, now: float, actor: str,
               policy: Policy) -> Tuple[Change, Optional[Fact]]:
    """Replace a live fact's text: a supersession by the owner, history kept."""
    old = record.fact(fact_id)
    if old is None or not old.live:
        raise KeyError(fact_id)
    editor = _Editor(record, policy, now, actor)
    editor.lift_tombstones(text)
    new = editor.add_or_confirm(text, old.pinned)
    if new is None or new is old:
        return editor.finish(), old
    new.pinned = old.pinned
    editor.retire(old, new.id, "edit", before=old.text, after=new.text)
    return editor.finish(), new


def owner_set_pinned(record: SessionRecord, fact_id: str, pinned: bool, *, now: float,
                     actor: str, policy: Policy) -> Change:
    fact = record.fact(fact_id)
    if fact is None or not fact.live:
        raise KeyError(fact_id)
    editor = _Editor(record, policy, now, actor)
    if fact.pinned != pinned:
        fact.pinned = pinned
        editor.event("pin" if pinned else "unpin", fact)
    return editor.finish()


def owner_forget(record: SessionRecord, fact_id: str, *, now: float, actor: str,
                 policy: Policy) -> Change:
    """Forget a fact, live or retired: its text leaves the record; a tombstone stays."""
    fact = record.fact(fact_id)
    if fact is None:
        raise KeyError(fact_id)
    editor = _Editor(record, policy, now, actor)
    editor.forget(fact)
    return editor.change


def import_facts(record: SessionRecord, texts: Iterable[str], *, now: float, policy: Policy
                 ) -> Change:
    """Bring in facts from elsewhere (the seed plugin's file); tombstones are honoured."""
    editor = _Editor(record, policy, now, "import")
    for text in texts:
        if isinstance(text, str) and not editor.blocked(text):
            editor.add_or_confirm(text, pin=False)
    return editor.finish()


# Unclear answers after which a pending item is dropped: asked, then asked once more.
MAX_UNCLEAR_ANSWERS = 2


def describe_ops(record: SessionRecord, ops: Ops, listed_ids: Optional[Iterable[str]]) -> List[str]:
    """One line per proposed change, as the assistant will ask about it."""
    listed = set(listed_ids) if listed_ids is not None else None
    lines = [a.text for a in ops.add]
    for item in ops.update:
        old = record.fact(item.fact_id)
        if old is not None and old.live and (listed is None or old.id in listed):
            lines.append(f"{item.text} (instead of: {old.text})")
    for fact_id in ops.forget:
        old = record.fact(fact_id)
        if old is not None and old.live and old.text and (listed is None or old.id in listed):
            lines.append(f"forget: {old.text}")
    if ops.forget_all:
        lines.append("forget everything remembered")
    return lines


def propose(record: SessionRecord, ops: Ops, *, now: float, actor: str, listed_ids: Optional[Iterable[str]],
            forget_all_allowed: bool) -> Change:
    """Keep ``ops`` pending: nothing becomes live until the user (or the owner) says yes."""
    change = Change()
    describe = describe_ops(record, ops, listed_ids)
    if not describe:
        return change
    item = Pending(id=f"p{record.next_pending}", ops=ops.to_json(), describe=describe,
                   listed_ids=list(listed_ids) if listed_ids is not None else None,
                   forget_all_allowed=forget_all_allowed, created_at=now)
    record.next_pending += 1
    record.pending.append(item)
    change.events.append({"at": now, "actor": actor, "action": "propose", "fact": item.id,
                          "after": " | ".join(describe)})
    return change


def decide(record: SessionRecord, pending_id: str, accept: bool, ops: Optional[Ops], *, now: float, actor: str,
           policy: Policy) -> Change:
    """Apply (accept) or drop a pending item; ``ops`` is its parsed operations."""
    item = next((p for p in record.pending if p.id == pending_id), None)
    if item is None:
        raise KeyError(pending_id)
    record.pending.remove(item)
    if accept and ops is not None:
        change = apply_ops(record, ops, now=now, actor=actor, policy=policy, listed_ids=item.listed_ids,
                           forget_all_allowed=item.forget_all_allowed)
        if change.refused:
            record.pending.append(item)
            return change
    else:
        change = Change()
    change.events.insert(0, {"at": now, "actor": actor, "action": "confirm" if accept else "reject",
                             "fact": item.id, "before": " | ".join(item.describe)})
    return change


def answer_unclear(record: SessionRecord, pending_ids: Iterable[str], *, now: float) -> Change:
    """Count an unclear answer; after the second the item is dropped, recorded."""
    change = Change()
    for item in [p for p in record.pending if p.id in set(pending_ids)]:
        item.asked += 1
        change.touched = True
        if item.asked >= MAX_UNCLEAR_ANSWERS:
            record.pending.remove(item)
            change.events.append({"at": now, "actor": "user", "action": "unconfirmed", "fact": item.id,
                                  "before": " | ".join(item.describe)})
    return change


def expire_pending(record: SessionRecord, *, now: float, ttl_s: float) -> Change:
    change = Change()
    for item in [p for p in record.pending if now - p.created_at > ttl_s]:
        record.pending.remove(item)
        change.events.append({"at": now, "actor": "plugin", "action": "expire", "fact": item.id,
                              "before": " | ".join(item.describe)})
    return change
