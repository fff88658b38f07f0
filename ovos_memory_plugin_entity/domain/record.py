"""The persisted session record and its JSON form; every change goes through :mod:`editor`.

Invariants: fact (``f12``) and entity (``e3``) ids are never reused in a session; a
retired fact keeps its row (``retired_reason``, and ``superseded_by`` when a fact
replaced it); a forgotten one has no text; tombstones hold hashes only; ``generation``
changes only on an erase. A row that does not parse is kept as it was in
``unreadable``: one bad value costs one fact, not the session.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any, Callable, Dict, List, Optional, Tuple, TypeVar, cast

from ovos_memory_plugin_entity.domain.audit import ACTORS, RETIRED_REASONS, Actor, RetiredReason
from ovos_memory_plugin_entity.domain.entities import parse_when
from ovos_memory_plugin_entity.domain.ops import Ops

# 3: a retired fact's reason has its own field, facts name their ``actor``; no release wrote an earlier one.
SCHEMA_VERSION = 3
T = TypeVar("T")


def _float(value: Any, default: float = 0.0) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return default
    number = float(value)
    return number if number == number and abs(number) < 1e12 else default  # no NaN, inf, year 33658


def _retired_reason(reason: Any, data: Dict[str, Any]) -> Optional[RetiredReason]:
    """An unknown reason still retires the row (what was retired never comes back); an empty row was forgotten."""
    if reason in RETIRED_REASONS:
        return cast(RetiredReason, reason)
    if reason is None and data.get("superseded_by") is None and data.get("superseded_at") is None and data.get("text"):
        return None
    return "superseded" if data.get("text") else "forgotten"


def _optional_str(value: Any) -> Optional[str]:
    return value if isinstance(value, str) else None


def _strings(value: Any) -> List[str]:
    return [x for x in value if isinstance(x, str)] if isinstance(value, list) else []


@dataclass
class Fact:
    """One remembered fact; times are seconds since the epoch."""
    id: str
    text: str
    created_at: float
    confirmed_at: float
    confirmations: int = 1
    pinned: bool = False
    actor: Actor = "extractor"  # who added it
    superseded_at: Optional[float] = None
    superseded_by: Optional[str] = None  # the id of the fact that replaced it, if one did
    about: Optional[str] = None  # an entity id; None is the user
    when: Optional[str] = None  # ISO date or date-time of an event
    retired_reason: Optional[RetiredReason] = None  # None while the fact is live

    @property
    def live(self) -> bool:
        return self.retired_reason is None

    def to_dict(self) -> Dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Fact":
        if not isinstance(data.get("id"), str) or not isinstance(data.get("text", ""), str):
            raise ValueError("a fact needs a string id and text")
        created = _float(data.get("created_at"))
        confirmations = data.get("confirmations", 1)
        superseded_at = data.get("superseded_at")
        actor, reason = data.get("actor"), data.get("retired_reason")
        return cls(
            id=data["id"], text=data.get("text", ""), created_at=created,
            confirmed_at=_float(data.get("confirmed_at"), created),
            confirmations=confirmations if isinstance(confirmations, int) and confirmations > 0 else 1,
            pinned=data.get("pinned") is True, actor=actor if actor in ACTORS else "extractor",
            superseded_at=None if superseded_at is None else _float(superseded_at),
            superseded_by=_optional_str(data.get("superseded_by")),
            retired_reason=_retired_reason(reason, data),
            about=_optional_str(data.get("about")),
            # One bad date costs the date, never the fact or the session.
            when=parse_when(data.get("when")))


@dataclass
class Entity:
    """A person, pet, place or thing in the user's life."""
    id: str
    name: str
    relation: str = ""
    created_at: float = 0.0
    merged_into: Optional[str] = None  # the entity it was merged into
    former_names: List[str] = field(default_factory=list)  # so forgetting it scrubs every name it had
    retired_reason: Optional[RetiredReason] = None  # "merged" or "forgotten"; None while live

    @property
    def live(self) -> bool:
        return self.retired_reason is None

    @property
    def label(self) -> str:
        return f"{self.name} ({self.relation})" if self.relation else self.name

    def to_dict(self) -> Dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if k != "former_names" or v}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Entity":
        if not isinstance(data.get("id"), str):
            raise ValueError("an entity needs a string id")
        reason = data.get("retired_reason")
        return cls(id=data["id"], name=str(data.get("name", "")), relation=str(data.get("relation", "")),
                   created_at=_float(data.get("created_at")), merged_into=_optional_str(data.get("merged_into")),
                   former_names=_strings(data.get("former_names")),
                   retired_reason=reason if reason in ("merged", "forgotten") or reason is None else
                   "merged" if data.get("merged_into") else "forgotten")  # unknown: retired all the same


@dataclass
class Tombstone:
    """What remains of a forgotten fact: hashes only, never the text."""
    text_hash: str
    words_hash: Optional[str]
    at: float

    def to_dict(self) -> Dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Tombstone":
        if not isinstance(data.get("text_hash"), str):
            raise ValueError("a tombstone needs a text_hash")
        return cls(data["text_hash"], _optional_str(data.get("words_hash")), _float(data.get("at")))


@dataclass
class Pending:
    """Operations from one exchange, kept until the user says yes (``confirm: on``) or, ``held`` aside, the owner."""

    id: str
    ops: Ops
    describe: List[str]  # what the assistant asks about, one item a line
    listed_ids: Optional[List[str]]
    forget_all_allowed: bool
    created_at: float
    unclear_answers: int = 0
    forget_allowed: bool = False  # the user's words asked to forget something
    awaiting: bool = False  # the assistant asked about it last turn; the next words answer
    by_voice: bool = False  # a spoken control's question (forget everything, forget many): the user's yes decides
    held: bool = False  # held aside: only the owner accepts or drops it

    def to_dict(self) -> Dict[str, Any]:
        data = {k: v for k, v in asdict(self).items() if v or k not in ("by_voice", "held")}  # those two: when set
        return {**data, "ops": self.ops.to_dict()}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "Pending":
        if not isinstance(data.get("id"), str) or not isinstance(data.get("ops", {}), dict):
            raise ValueError("a pending item needs a string id and ops")
        listed = data.get("listed_ids")
        return cls(id=data["id"], ops=Ops.from_dict(data.get("ops", {})),
                   describe=_strings(data.get("describe")),
                   listed_ids=[str(x) for x in listed] if isinstance(listed, list) else None,
                   created_at=_float(data.get("created_at")),
                   unclear_answers=int(_float(data.get("unclear_answers"))),
                   **{flag: data.get(flag) is True for flag in _PENDING_FLAGS})


_PENDING_FLAGS = ("forget_all_allowed", "forget_allowed", "awaiting", "by_voice", "held")


# A stored vector larger than this is recomputed, not read: a hostile file cannot make a load decode megabytes.
MAX_VECTOR_CHARS = 16_384


@dataclass
class Vectors:
    """Dense recall's fact vectors (derived, never shown): one model, prefix and dimension,
    each vector encoded (:mod:`vectors`) by fact id."""
    model: str
    prefix: str
    dim: int
    of: Dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_dict(cls, data: Any) -> Optional["Vectors"]:
        if not isinstance(data, dict) or not isinstance(data.get("of"), dict):
            return None
        model, prefix, dim = data.get("model"), data.get("prefix", ""), data.get("dim")
        if not isinstance(model, str) or not isinstance(prefix, str) or not isinstance(dim, int) or dim <= 0:
            return None
        return cls(model, prefix, dim, {k: v for k, v in data["of"].items()
                                        if isinstance(k, str) and isinstance(v, str) and len(v) <= MAX_VECTOR_CHARS})
@dataclass(frozen=True)
class Taught:
    """What the latest exchange that taught something added ("forget that")."""
    at: float
    exchange: str  # the exchange's token, so a request can tell whether it was applied
    facts: Tuple[str, ...] = ()
    pending: Tuple[str, ...] = ()

    def to_dict(self) -> Dict[str, Any]:
        return {**asdict(self), "facts": list(self.facts), "pending": list(self.pending)}

    @classmethod
    def from_dict(cls, data: Any) -> Optional["Taught"]:
        if not isinstance(data, dict):
            return None
        return cls(_float(data.get("at")), str(data.get("exchange", "")), tuple(_strings(data.get("facts"))),
                   tuple(_strings(data.get("pending"))))


@dataclass(frozen=True)
class ForgetMark:
    """A spoken forget (:mod:`forget_edits`): attribute names, entity ids and keyed hashes
    of the target's words, never its text."""
    at: float
    everything: bool = False
    slots: Tuple[str, ...] = ()
    entities: Tuple[str, ...] = ()
    words: Tuple[str, ...] = ()

    def to_dict(self) -> Dict[str, Any]:
        return {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: Dict[str, Any]) -> "ForgetMark":
        slots, entities, words = (tuple(_strings(data.get(key))) for key in ("slots", "entities", "words"))
        return cls(_float(data.get("at")), data.get("everything") is True, slots, entities, words)


@dataclass
class SessionRecord:
    """Everything remembered for one session (or for the device, under global scope)."""
    session_id: str
    generation: int = 0
    next_id: int = 1
    facts: List[Fact] = field(default_factory=list)
    tombstones: List[Tombstone] = field(default_factory=list)
    imported: List[str] = field(default_factory=list)  # markers of what was imported: the older plugin's sessions, exports
    pending: List[Pending] = field(default_factory=list)  # awaiting the user's yes (confirm: on)
    next_pending: int = 1
    entities: List[Entity] = field(default_factory=list)
    next_entity: int = 1
    schema: int = SCHEMA_VERSION
    unreadable: List[Any] = field(default_factory=list)  # rows that did not parse, kept as they were
    audit_events: int = 0  # lines in the session's audit trail (the store keeps it bounded)
    vectors: Optional[Vectors] = None  # dense recall's fact vectors (embeddings_url), derived data
    taught: Optional[Taught] = None  # what the latest exchange that taught something added
    paused_until: Optional[float] = None  # learning paused by the user's request until then
    forget_marks: List[ForgetMark] = field(default_factory=list)  # spoken forgets, newest last (bounded)
    withdrawn: List[str] = field(default_factory=list)  # exchange tokens "forget that" took back (bounded)
    acted: Optional[str] = None  # digest of the words the latest spoken control was acted on for

    def live_facts(self) -> List[Fact]:
        return [f for f in self.facts if f.live]

    def fact(self, fact_id: str) -> Optional[Fact]:
        return next((f for f in self.facts if f.id == fact_id), None)

    def entity(self, entity_id: Optional[str]) -> Optional[Entity]:
        return next((e for e in self.entities if e.id == entity_id), None) if entity_id else None

    def live_entities(self) -> Dict[str, Entity]:
        return {e.id: e for e in self.entities if e.live}

    def copy(self) -> "SessionRecord":
        """A copy an edit may change while readers keep the original (immutable parts shared)."""
        copy = SessionRecord.__new__(SessionRecord)
        copy.__dict__.update({k: list(v) if isinstance(v, list) else v for k, v in self.__dict__.items()})
        copy.facts = [_copied(f) for f in self.facts]
        copy.entities = [_copied(e) for e in self.entities]
        for entity in copy.entities:
            entity.former_names = list(entity.former_names)
        copy.pending = [_copied(p) for p in self.pending]  # ops are frozen: shared
        copy.vectors = replace(self.vectors, of=dict(self.vectors.of)) if self.vectors is not None else None
        return copy

    def vectors_dict(self) -> Optional[Dict[str, Any]]:
        """Live facts' vectors only: a retired fact's vector leaves in the same write."""
        vectors = self.vectors
        if vectors is None:
            return None
        live = {f.id for f in self.facts if f.live}
        of = {fid: v for fid, v in vectors.of.items() if fid in live}
        return {"model": vectors.model, "prefix": vectors.prefix, "dim": vectors.dim, "of": of} if of else None

    def head_dict(self) -> Dict[str, Any]:
        data = {"schema": self.schema, "session_id": self.session_id,
                "generation": self.generation, "next_id": self.next_id,
                "imported": self.imported, "next_pending": self.next_pending,
                "pending": [p.to_dict() for p in self.pending], "next_entity": self.next_entity}
        optional = {"unreadable": self.unreadable, "audit_events": self.audit_events or None,
                    "taught": self.taught.to_dict() if self.taught is not None else None,
                    "paused_until": self.paused_until, "forget_marks": [m.to_dict() for m in self.forget_marks],
                    "withdrawn": self.withdrawn, "acted": self.acted}  # left out when empty
        return {**data, **{k: v for k, v in optional.items() if v is not None and v != []}}

    def to_dict(self) -> Dict[str, Any]:
        data = {**self.head_dict(), "entities": [e.to_dict() for e in self.entities],
                "facts": [f.to_dict() for f in self.facts],
                "tombstones": [t.to_dict() for t in self.tombstones]}
        vectors = self.vectors_dict()
        if vectors is not None:
            data["vectors"] = vectors
        return data

    @classmethod
    def from_dict(cls, data: Any) -> "SessionRecord":
        """Raises ``ValueError`` only when the whole is not a record; bad rows are set aside."""
        if not isinstance(data, dict) or not all(isinstance(data.get(k, []), list) for k in
                                                 ("facts", "tombstones", "entities", "pending")):
            raise ValueError("not a session record")
        schema = data.get("schema", SCHEMA_VERSION)
        if not isinstance(schema, int) or schema > SCHEMA_VERSION:
            raise ValueError(f"record schema {schema!r} is not one this plugin reads (up to {SCHEMA_VERSION})")
        unreadable: List[Any] = list(data["unreadable"]) if isinstance(data.get("unreadable"), list) else []

        def rows(key: str, parse: Callable[[Dict[str, Any]], T]) -> List[T]:
            parsed = []
            for row in data.get(key, []):
                try:
                    parsed.append(parse(row))
                except (ValueError, TypeError, AttributeError, KeyError):
                    unreadable.append({"in": key, "row": row})
            return parsed

        def counter(key: str, default: int = 1) -> int:
            value = data.get(key, default)
            return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else default

        paused_until = data.get("paused_until")
        record = cls(session_id=str(data.get("session_id", "")), generation=counter("generation", 0),
                     next_id=counter("next_id"), facts=rows("facts", Fact.from_dict),
                     tombstones=rows("tombstones", Tombstone.from_dict), imported=_strings(data.get("imported")),
                     pending=rows("pending", Pending.from_dict), next_pending=counter("next_pending"),
                     entities=rows("entities", Entity.from_dict), next_entity=counter("next_entity"),
                     unreadable=unreadable, audit_events=counter("audit_events", 0),
                     vectors=Vectors.from_dict(data.get("vectors")), taught=Taught.from_dict(data.get("taught")),
                     paused_until=None if paused_until is None else _float(paused_until),
                     forget_marks=rows("forget_marks", ForgetMark.from_dict), withdrawn=_strings(data.get("withdrawn")),
                     acted=_optional_str(data.get("acted")))
        record.next_id = max([record.next_id] + [id_number(f.id) + 1 for f in record.facts])
        seen = set()
        for fact in record.facts:  # a hand edit or an old import may repeat an id: each row gets its own
            if fact.id in seen:
                fact.id = f"f{record.next_id}"
                record.next_id += 1
            seen.add(fact.id)
        record.next_entity = max([record.next_entity] + [id_number(e.id) + 1 for e in record.entities])
        return record


def _copied(row: T) -> T:
    new = object.__new__(type(row))
    new.__dict__ = row.__dict__.copy()
    return new


def id_number(item_id: str) -> int:
    digits = item_id[1:]
    return int(digits) if digits.isdigit() else 0


def new_record(session_id: str, generation: int = 0) -> SessionRecord:
    return SessionRecord(session_id=session_id, generation=generation)
