"""The building blocks of every edit to a record; :mod:`editor` builds the edits on them.

Pure: an :class:`Editor` wraps one record, one ``now`` and one actor; its methods
change the record in place and collect a :class:`Change` (audit events, texts to
scrub from files, warnings). Stores apply a change under their lock; nothing here
does I/O.

The public face is :class:`editor.Editor`; nothing outside these two modules
assigns to a record's rows, writes an audit event or retires a fact.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Tuple

from ovos_memory_plugin_entity import text as textlib
from ovos_memory_plugin_entity.entities import clean_name, clean_relation, name_key
from ovos_memory_plugin_entity.forgetting import mentions
from ovos_memory_plugin_entity.record import (EVICTED, FORGOTTEN, Entity, Fact, SessionRecord, Tombstone, id_number)

# The extractor may pin the user's name and how to address them; more than this
# many pins from a model means it is pinning everything.
MAX_EXTRACTOR_PINS = 3
# A model reply that retires (evictions included) more than half of a session's live
# facts, and more than this many, in one exchange is refused whole.
MASS_RETIRE_MINIMUM = 2
# Actors whose pins and adds are automatic (the user confirming a fact confirms its
# words, not the model's choice to pin it).
AUTOMATIC_SOURCES = frozenset({"extractor", "rules", "user-confirmed", "import"})
# Entities kept without a fact about them, at least (see _prune_entities).
MIN_ENTITY_BOUND = 20
# The owner's own facts: an automatic edit never evicts them.
OWNER_SOURCES = frozenset({"api", "cli"})
# One automatic edit may evict at most this share of max_facts (junk replies cannot
# empty a memory a few at a time faster than this).
MAX_AUTOMATIC_EVICTION_SHARE = 0.2
# Proposals waiting for the user's yes, at most; the oldest expire first.
MAX_PENDING = 10
# Unclear answers after which a pending item is dropped: asked, then asked once more.
MAX_UNCLEAR_ANSWERS = 2


class NotFound(LookupError):
    """No such live fact, entity or pending item in this record."""

    def __init__(self, kind: str, item_id: str):
        super().__init__(f"no {kind} {item_id!r}")
        self.kind, self.item_id = kind, item_id


def _never(_text: str) -> bool:
    return False


def _as_is(text: str) -> str:
    return text


def _no_slot(_text: str) -> Optional[Tuple[str, bool]]:
    return None


@dataclass(frozen=True)
class Policy:
    """The limits a change obeys, from settings."""

    max_facts: int = 50
    max_retired: int = 200
    supersede_threshold: float = 0.8
    max_fact_chars: int = 200
    stopwords: FrozenSet[str] = frozenset()
    refuses: Callable[[str], bool] = _never  # text that may not become a fact (safety screen)
    canonical: Callable[[str], str] = _as_is  # "The user's name is Rui" -> "Name is Rui"
    # The single-valued attribute a fact states (name, home, job...) and whether it is an
    # identity to pin: a newer value of the same attribute replaces the older one.
    slot_of: Callable[[str], Optional[Tuple[str, bool]]] = _no_slot
    stem: Callable[[str], str] = textlib.light_stem


@dataclass
class Change:
    """The outcome of one edit: audit events, texts to scrub, warnings."""

    events: List[Dict[str, Any]] = field(default_factory=list)
    forgotten_texts: List[str] = field(default_factory=list)
    forgotten_ids: List[str] = field(default_factory=list)  # rows whose every audit line loses its text

    @property
    def scrubs(self) -> bool:
        """Files must be rewritten: something was forgotten."""
        return bool(self.forgotten_texts or self.forgotten_ids)
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


# Where a row keeps its index keys (not a field: never saved, never compared).
_KEYS = "_index_keys"


def fact_key(about: Optional[str], when: Optional[str], text: str) -> str:
    """What makes two facts the same: who it is about, the event date, the normalised text."""
    return f"{about or ''}\x1f{when or ''}\x1f{textlib.normalise(text)}"


def entity_hash(name: str) -> str:
    return textlib.digest("entity\x1f" + name_key(name))


class EditorCore:
    """The building blocks of an edit: events, tombstones, adding, retiring, forgetting."""

    def __init__(self, record: SessionRecord, policy: Policy, now: float, actor: str):
        self.record, self.policy, self.now, self.actor = record, policy, now, actor
        self.change = Change()
        self._by_key: Dict[str, Fact] = {}
        self._by_words: Dict[Tuple[Any, ...], Fact] = {}
        self._rows_by_text: Optional[Dict[Tuple[Optional[str], str], List[Fact]]] = None
        for fact in record.live_facts():
            self._index(fact)

    # -- the live-fact indexes: exact text, and content words (a reworded repeat) -------
    def _words_key(self, fact_text: str, about: Optional[str], when: Optional[str]) -> Optional[Tuple[Any, ...]]:
        words = textlib.content_words(fact_text, self.policy.stopwords, self.policy.stem)
        return (about, when, words) if words else None

    def _keys(self, fact: Fact) -> Tuple[str, Optional[Tuple[Any, ...]]]:
        """The row's exact and content-word keys. Kept on the row while its text, subject,
        date and this policy's words stay the same, so an edit of a large session does
        not re-read every text (copies of the record carry them along)."""
        policy = self.policy
        cached = fact.__dict__.get(_KEYS)
        if cached is not None and cached[0] == fact.text and cached[1] == fact.about and \
                cached[2] == fact.when and cached[3] is policy.stopwords and cached[4] is policy.stem:
            return cached[5], cached[6]
        key, words = fact_key(fact.about, fact.when, fact.text), self._words_key(fact.text, fact.about, fact.when)
        fact.__dict__[_KEYS] = (fact.text, fact.about, fact.when, policy.stopwords, policy.stem, key, words)
        return key, words

    def _index(self, fact: Fact) -> None:
        key, words = self._keys(fact)
        self._by_key[key] = fact
        if words is not None:
            self._by_words.setdefault(words, fact)

    def _unindex(self, fact: Fact) -> None:
        key, words = self._keys(fact)
        if self._by_key.get(key) is fact:
            del self._by_key[key]
        if words is not None and self._by_words.get(words) is fact:
            del self._by_words[words]

    def _same_fact(self, fact_text: str, about: Optional[str], when: Optional[str]) -> Optional[Fact]:
        """The live fact these words repeat: the same text, or the same content words."""
        found = self._by_key.get(fact_key(about, when, fact_text))
        words = self._words_key(fact_text, about, when)
        return found if found is not None or words is None else self._by_words.get(words)

    def canonical(self, raw_text: str) -> str:
        """A fact's text as stored: one clean line, its subject prefix taken off."""
        text = textlib.clean(self.policy.canonical(textlib.clean(raw_text, len(raw_text) + 1)),
                             self.policy.max_fact_chars)
        return text[:1].upper() + text[1:]

    # -- building blocks ---------------------------------------------------------
    def _event(self, action: str, subject: Optional[str], **extra: Any) -> None:
        self.change.events.append({"at": self.now, "actor": self.actor, "action": action,
                                   "fact": subject, **{k: v for k, v in extra.items() if v is not None}})

    def _hashes(self, text: str, about: Optional[str]) -> Tuple[str, Optional[str]]:
        entity = self.record.entity(about)
        hashed = f"{name_key(entity.name)}: {text}" if entity is not None and entity.name else text
        return textlib.tombstone_hashes(hashed, self.policy.stopwords, self.policy.stem)

    def blocked(self, text: str, about: Optional[str] = None) -> bool:
        """True when a tombstone stands on these words."""
        text_hash, words_hash = self._hashes(text, about)
        return any(t.text_hash == text_hash or (words_hash and t.words_hash == words_hash)
                   for t in self.record.tombstones)

    def _lift_tombstones(self, text: str, about: Optional[str] = None) -> None:
        text_hash, words_hash = self._hashes(text, about)
        self.record.tombstones = [t for t in self.record.tombstones
                                  if t.text_hash != text_hash and not (words_hash and t.words_hash == words_hash)]

    @property
    def automatic(self) -> bool:
        return self.actor in AUTOMATIC_SOURCES

    def _may_pin(self) -> bool:
        pins = sum(1 for f in self.record.live_facts() if f.pinned and f.source in AUTOMATIC_SOURCES)
        return not self.automatic or pins < MAX_EXTRACTOR_PINS

    def _live_fact(self, fact_id: str) -> Fact:
        fact = self.record.fact(fact_id)
        if fact is None or not fact.live:
            raise NotFound("live fact", fact_id)
        return fact

    def _live_entity(self, entity_id: str) -> Entity:
        entity = self.record.entity(entity_id)
        if entity is None or not entity.live:
            raise NotFound("entity", entity_id)
        return entity

    def _resolve_entity(self, name: Optional[str], relation: Optional[str]) -> Optional[str]:
        """The id of the live entity with this name (created if new); None for the user;
        ``FORGOTTEN`` when the extractor names an entity the user asked to forget."""
        display = clean_name(name or "")
        key = name_key(display)
        if not key or self.policy.refuses(display):
            return None
        relation = clean_relation(relation or "")
        if relation and self.policy.refuses(relation):
            relation = ""
        namesakes = [e for e in self.record.entities if e.live and name_key(e.name) == key]
        entity = _same_person(namesakes, relation)
        tombstoned = any(t.text_hash == entity_hash(display) for t in self.record.tombstones)
        if entity is None and not namesakes and tombstoned and self.automatic:
            return FORGOTTEN
        if entity is None and tombstoned:
            self.record.tombstones = [t for t in self.record.tombstones if t.text_hash != entity_hash(display)]
        if entity is None:
            entity = Entity(id=f"e{self.record.next_entity}", name=display, relation=relation, created_at=self.now)
            self.record.next_entity += 1
            self.record.entities.append(entity)
            # Another person of the same name (a daughter and a boss both called Emma): said in
            # the trail, and the owner can merge them if they are one after all.
            self._event("entity", entity.id, after=entity.label, apart_from=[e.id for e in namesakes] or None)
        elif relation and relation != entity.relation:
            before = entity.label
            entity.relation = relation
            self._event("relate", entity.id, before=before, after=entity.label)
        return entity.id

    def _add_or_confirm(self, raw_text: str, pin: bool, about: Optional[str] = None,
                        when: Optional[str] = None, replaces: Optional[Fact] = None) -> Optional[Fact]:
        """Add a fact, or confirm the live fact it repeats (counted, no audit line). A new
        value of a single-valued attribute (home, job, name...) retires the older one,
        except ``replaces``, which the caller retires itself (an edit, a model's update)."""
        text = self.canonical(raw_text)
        if not textlib.normalise(text):
            return None
        if self.policy.refuses(text):
            self.change.warnings.append(f"refused a 'fact' addressed to the assistant: {text[:60]!r}")
            return None
        slot = self.policy.slot_of(text)
        pin = (pin or bool(slot and slot[1] and about is None)) and (about is None or not self.automatic)
        existing = self._same_fact(text, about, when)
        if existing is not None:
            existing.confirmed_at = self.now
            existing.confirmations += 1
            self.change.touched = True
            if pin and not existing.pinned and self._may_pin():
                existing.pinned = True
                self._event("pin", existing.id)
            return existing
        fact = Fact(id=f"f{self.record.next_id}", text=text, created_at=self.now,
                    confirmed_at=self.now, source=self.actor, about=about, when=when)
        fact.pinned = pin and self._may_pin()
        self.record.next_id += 1
        self.record.facts.append(fact)
        self._index(fact)
        self._event("add", fact.id, after=text, pinned=fact.pinned, about=about, when=when)
        if slot is not None:
            self._replace_older_values(fact, slot[0], replaces)
        return fact

    def _replace_older_values(self, fact: Fact, slot: str, spared: Optional[Fact]) -> None:
        """A single-valued attribute has one live value per person: the newest."""
        for old in self.record.live_facts():
            if old is not fact and old is not spared and old.about == fact.about and old.when == fact.when \
                    and (self.policy.slot_of(old.text) or ("",))[0] == slot:
                fact.pinned = fact.pinned or old.pinned
                actor, self.actor = self.actor, "rule"  # a rule decided this, not the model
                self._retire(old, fact.id, "supersede", before=old.text, after=fact.text, rule=slot)
                self.actor = actor

    def _retire(self, fact: Fact, reason: str, action: str, **extra: Any) -> None:
        self._unindex(fact)
        fact.superseded_at = self.now
        fact.superseded_by = reason
        self._event(action, fact.id, **extra)

    def _forget_text(self, fact: Fact) -> None:
        """Retire as forgotten and remove the text (of every row with the same words)."""
        if not fact.text:
            return
        text_hash, words_hash = self._hashes(fact.text, fact.about)
        self.record.tombstones.append(Tombstone(text_hash, words_hash, self.now))
        for row in self._rows_with_text(fact.about, textlib.normalise(fact.text)):
            if row.text:
                self._unindex(row)
                self.change.forgotten_texts.append(row.text)
                self.change.forgotten_ids.append(row.id)
                row.text = ""
                if row.superseded_by != FORGOTTEN:
                    row.superseded_at = self.now
                    row.superseded_by = FORGOTTEN
                    row.pinned = False
                self._event("forget", row.id)
                self._drop_proposals_about(row.id, self.change.forgotten_texts[-1])

    def _drop_proposals_about(self, fact_id: str, fact_text: str) -> None:
        """A proposal about a forgotten fact (by its id, or in its words) goes with it: the
        assistant is never asked about it again, and its lines leave the trail."""
        for item in list(self.record.pending):
            ops = item.ops
            targets = {u.get("fact_id") for u in ops.get("update", []) if isinstance(u, dict)}
            targets |= {str(f) for f in ops.get("forget", [])}
            if fact_id in targets or any(mentions(line, [fact_text]) for line in item.describe):
                self.record.pending.remove(item)
                self.change.forgotten_texts += item.describe
                self.change.forgotten_ids.append(item.id)
                self._event("forget", item.id)

    def _rows_with_text(self, about: Optional[str], normalised: str) -> List[Fact]:
        """Rows (live or retired) about ``about`` with this normalised text: one index per
        edit, so forgetting everything is O(rows), not O(rows²)."""
        if self._rows_by_text is None:
            self._rows_by_text = {}
            for row in self.record.facts:
                if row.text:
                    self._rows_by_text.setdefault((row.about, textlib.normalise(row.text)), []).append(row)
        return list(self._rows_by_text.get((about, normalised), ()))

    def _evict_over_cap(self) -> None:
        """The least recently confirmed unpinned facts go past ``max_facts``. An automatic
        edit (a model reply, the rules) never pushes out the owner's own facts, and at
        most a bounded share of the memory: what would need more is not kept."""
        cap = self.policy.max_facts
        live = self.record.live_facts()
        if not cap or len(live) <= cap:
            return
        candidates = sorted((f for f in live if not f.pinned),
                            key=lambda f: (f.confirmed_at, f.confirmations, id_number(f.id)))
        if self.automatic:
            candidates = [f for f in candidates if f.source not in OWNER_SOURCES]
            budget = max(1, int(cap * MAX_AUTOMATIC_EVICTION_SHARE))
            new = [f for f in live if f.created_at == self.now and f.source == self.actor and f.confirmations == 1]
            excess = len(live) - cap - min(budget, len(candidates))
            for fact in sorted(new, key=lambda f: -id_number(f.id))[:max(0, excess)]:
                self._drop_new(fact)  # this edit's own newest additions give way first
            live = self.record.live_facts()
            candidates = [f for f in candidates if f.live]
        for fact in candidates[:max(0, len(live) - cap)]:
            self._retire(fact, EVICTED, "evict", before=fact.text)

    def _drop_new(self, fact: Fact) -> None:
        """Undo this edit's addition of ``fact`` (it never existed for the trail)."""
        self._unindex(fact)
        self.record.facts.remove(fact)
        self.change.events = [e for e in self.change.events if e.get("fact") != fact.id]
        self.change.warnings.append(f"not kept, the memory is full of the owner's or older facts: {fact.text[:60]!r}")

    def _prune_retired(self) -> None:
        bound = self.policy.max_retired
        retired = [f for f in self.record.facts if not f.live]
        if not bound or len(retired) <= bound:
            return
        doomed = sorted(retired, key=lambda f: (f.superseded_at or 0.0, id_number(f.id)))[:len(retired) - bound]
        for fact in doomed:
            self._event("prune", fact.id, before=fact.text or None, reason=fact.superseded_by)
        doomed_ids = {f.id for f in doomed}
        self.record.facts = [f for f in self.record.facts if f.id not in doomed_ids]

    def finish(self) -> Change:
        """Apply the cap and the retention bounds; the change is then complete."""
        self._evict_over_cap()
        self._prune_retired()
        self._prune_entities()
        return self.change

    def _prune_entities(self) -> None:
        """Entities no fact mentions any more go once there are more than the facts could
        need: junk replies cannot grow the record without bound."""
        bound = max(MIN_ENTITY_BOUND, 2 * self.policy.max_facts) if self.policy.max_facts else 0
        if not bound or len(self.record.entities) <= bound:
            return
        mentioned = {f.about for f in self.record.facts}
        for entity in [e for e in self.record.entities if e.id not in mentioned]:
            self.record.entities.remove(entity)
            self.change.forgotten_ids.append(entity.id)
            self._event("prune", entity.id)



def _same_person(namesakes: List[Entity], relation: str) -> Optional[Entity]:
    """Which of the live entities with this name a mention with ``relation`` means: the
    one with that relation, else one with none yet; with no relation, the first. None
    when every namesake has another relation: a different person."""
    if not relation:
        return namesakes[0] if namesakes else None
    return next((e for e in namesakes if e.relation == relation), None) or \
        next((e for e in namesakes if not e.relation), None)
