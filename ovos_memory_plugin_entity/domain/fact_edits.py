"""Facts in an edit: the live-fact indexes, adding or confirming one, retiring one, and
the bounds every edit ends with (:meth:`finish`). Pure; the base of :class:`editor.Editor`.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Tuple

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.audit import (AUTOMATIC_ACTORS, OWNER_ACTORS, Action, Actor, AuditEvent,
                                                    RetiredReason)
from ovos_memory_plugin_entity.domain.change import Change
from ovos_memory_plugin_entity.domain.entities import clean_name, clean_relation, name_key
from ovos_memory_plugin_entity.domain.errors import NotFound
from ovos_memory_plugin_entity.domain.ops import Ops
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.record import Entity, Fact, SessionRecord, Tombstone, id_number


# The extractor may pin the user's name and how to address them; more pins mean it pins everything.
MAX_EXTRACTOR_PINS = 3
# A reply retiring (evicting) more than half of the live facts, and more than this many, is refused whole.
MASS_RETIRE_MINIMUM = 2
# Entities kept without a fact about them, at least (see _prune_entities).
MIN_ENTITY_BOUND = 20
# One automatic edit may evict at most this share of max_facts: junk replies cannot empty a memory fast.
MAX_AUTOMATIC_EVICTION_SHARE = 0.2
# What resolving an entity's name gives when the extractor names one the user asked to forget.
FORGOTTEN_ENTITY = "\x00forgotten"
# Where a row keeps its index keys (not a field: never saved, never compared).
_KEYS = "_index_keys"


def fact_key(about: Optional[str], when: Optional[str], text: str) -> str:
    """Two facts are the same: who it is about, the event date, the normalised text."""
    return f"{about or ''}\x1f{when or ''}\x1f{textlib.normalise(text)}"


def entity_hash(name: str, key: bytes = b"") -> str:
    """The tombstone of a forgotten person's name, under the store's secret."""
    return textlib.keyed_digest("entity\x1f" + name_key(name), key)


class FactEdits:
    """The facts' edits, stamped with ``now`` and the actor."""

    def __init__(self, record: SessionRecord, policy: Policy, now: float, actor: Actor):
        self.record, self.policy, self.now, self.actor = record, policy, now, actor
        self.change = Change()
        self._by_key: Dict[str, Fact] = {}
        self._by_words: Dict[Tuple[Any, ...], Fact] = {}
        self._rows_by_text: Optional[Dict[Tuple[Optional[str], str], List[Fact]]] = None
        self._replaced_by: Optional[Dict[str, List[Fact]]] = None  # fact id -> the rows it replaced
        for fact in record.live_facts():
            self._index(fact)

    # -- the live-fact indexes: exact text, and content words (a reworded repeat) -------
    def _words_key(self, fact_text: str, about: Optional[str], when: Optional[str]) -> Optional[Tuple[Any, ...]]:
        words = textlib.content_words(fact_text, self.policy.stopwords, self.policy.stem)
        return (about, when, words) if words else None

    def _keys(self, fact: Fact) -> Tuple[str, Optional[Tuple[Any, ...]]]:
        """The row's exact and content-word keys, cached on the row: an edit of a large session re-reads no text."""
        state = (fact.text, fact.about, fact.when, self.policy.stopwords, self.policy.stem)
        cached = fact.__dict__.get(_KEYS)
        if cached is not None and cached[:5] == state:
            return cached[5], cached[6]
        key, words = fact_key(fact.about, fact.when, fact.text), self._words_key(fact.text, fact.about, fact.when)
        fact.__dict__[_KEYS] = (*state, key, words)
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
        """The live fact these words repeat: the same text, or content words in the same order."""
        found = self._by_key.get(fact_key(about, when, fact_text))
        if found is not None:
            return found
        reordered = self._reordered(fact_text, about, when)
        return None if reordered is not None else self._by_words.get(self._words_key(fact_text, about, when) or ())

    def _reordered(self, fact_text: str, about: Optional[str], when: Optional[str]) -> Optional[Fact]:
        """The live fact with these content words in another order: changed ("tea over coffee"), not repeated."""
        words = self._words_key(fact_text, about, when)
        found = self._by_words.get(words) if words is not None else None
        if found is None:
            return None
        def ordered(text: str) -> Tuple[str, ...]:
            return tuple(dict.fromkeys(textlib.terms(text, self.policy.stopwords, self.policy.stem)))
        return None if ordered(found.text) == ordered(fact_text) else found

    def canonical(self, raw_text: str) -> str:
        """A fact's text as stored: one clean line, no subject prefix."""
        text = textlib.clean(self.policy.canonical(textlib.clean(raw_text, len(raw_text) + 1)),
                             self.policy.max_fact_chars)
        return text[:1].upper() + text[1:]

    # -- building blocks ---------------------------------------------------------
    def _event(self, action: Action, subject: Optional[str], before: Optional[str] = None,
               after: Optional[str] = None, actor: Optional[Actor] = None, **detail: Any) -> None:
        self.change.events.append(AuditEvent(self.now, actor or self.actor, action, subject, before, after,
                                             {k: v for k, v in detail.items() if v is not None}))

    def _hashes(self, text: str, about: Optional[str]) -> Tuple[str, Optional[str]]:
        entity = self.record.entity(about)
        hashed = f"{name_key(entity.name)}: {text}" if entity is not None and entity.name else text
        return textlib.tombstone_hashes(hashed, self.policy.stopwords, self.policy.stem, self.policy.tombstone_key)

    def _matches(self, text: str, about: Optional[str]) -> Callable[[Tombstone], bool]:
        """Whether a tombstone stands on these words (its text, or its content words)."""
        text_hash, words_hash = self._hashes(text, about)
        return lambda t: t.text_hash == text_hash or (t.words_hash is not None and t.words_hash == words_hash)

    def blocked(self, text: str, about: Optional[str] = None) -> bool:
        """True when a tombstone stands on these words."""
        stands = self._matches(text, about)
        return any(stands(t) for t in self.record.tombstones)

    def _lift_tombstones(self, text: str, about: Optional[str] = None) -> None:
        stands = self._matches(text, about)
        self.record.tombstones = [t for t in self.record.tombstones if not stands(t)]

    def name_forgotten(self, name: str) -> bool:
        """A tombstone stands on this person's name."""
        hashed = entity_hash(name, self.policy.tombstone_key)
        return any(t.text_hash == hashed for t in self.record.tombstones)

    @property
    def automatic(self) -> bool:
        return self.actor in AUTOMATIC_ACTORS

    def _secret_in(self, *texts: Optional[str]) -> Optional[str]:
        return next((kind for kind in (self.policy.secret_class(t) for t in texts if t) if kind), None)

    def _label(self, entity_id: Optional[str]) -> Optional[str]:
        entity = self.record.entity(entity_id) if entity_id else None
        return entity.label if entity is not None else None

    def _categories(self, text: str, category: Optional[str], *names: Optional[str]) -> FrozenSet[str]:
        """The model's sensitive category, and every one the words name."""
        named = self.policy.sensitive_of(" ".join(t for t in (text, *names) if t))
        return named | {category} if category else named

    def _denied(self, text: str, category: Optional[str], *names: Optional[str], always: bool = False) -> bool:
        """An automatic fact (or any, ``always``) ``sensitive_deny`` refuses, recorded by category only."""
        if not self.policy.sensitive_deny or not (always or self.automatic):
            return False
        denied = sorted(self._categories(text, category, *names) & self.policy.sensitive_deny)
        if denied:
            self._event("refuse", None, sensitive=denied[0])
            self.change.warnings.append(f"not kept: a fact about {denied[0]} (sensitive_deny)")
        return bool(denied)

    def _held_for_confirmation(self, ops: Ops, targets: Dict[str, Fact]) -> Tuple[Ops, Optional[Ops]]:
        """Split off the extracted facts ``sensitive_confirm`` holds for the user's yes."""
        confirm = self.policy.sensitive_confirm
        if not confirm or self.actor not in ("extractor", "rules"):
            return ops, None
        adds = [a for a in ops.add if self._categories(a.text, a.category, a.about, a.relation) & confirm]
        updates = [u for u in ops.update if self._categories(
            u.text, u.category, self._label(targets[u.fact_id].about) if u.fact_id in targets else None) & confirm]
        if not adds and not updates:
            return ops, None
        rest = replace(ops, add=tuple(a for a in ops.add if a not in adds),
                       update=tuple(u for u in ops.update if u not in updates))
        return rest, Ops(add=tuple(adds), update=tuple(updates))

    def _refused_secret(self, *texts: Optional[str]) -> bool:
        kind = self._secret_in(*texts)
        if kind is not None:  # recorded by class only: no text, no digits
            self._event("refuse", None, secret=kind)
            self.change.refused_secrets.append(kind)
            self.change.warnings.append(f"refused a secret ({kind}); it is never kept")
        return kind is not None

    def _may_pin(self) -> bool:
        pins = sum(1 for f in self.record.live_facts() if f.pinned and f.actor in AUTOMATIC_ACTORS)
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
        """The live entity with this name (created if new); None for the user; ``FORGOTTEN_ENTITY``."""
        display = clean_name(name or "")
        key = name_key(display)
        if not key or self.policy.refuses(display):
            return None
        relation = clean_relation(relation or "")
        if relation and self.policy.refuses(relation):
            relation = ""
        namesakes = [e for e in self.record.entities if e.live and name_key(e.name) == key]
        entity = _same_person(namesakes, relation)
        tombstoned = self.name_forgotten(display)
        if entity is None and not namesakes and tombstoned and self.automatic:
            return FORGOTTEN_ENTITY
        if entity is None and tombstoned:
            hashed = entity_hash(display, self.policy.tombstone_key)
            self.record.tombstones = [t for t in self.record.tombstones if t.text_hash != hashed]
        if entity is None:
            entity = Entity(id=f"e{self.record.next_entity}", name=display, relation=relation, created_at=self.now)
            self.record.next_entity += 1
            self.record.entities.append(entity)
            # A namesake (a daughter and a boss both called Emma): said in the trail; the owner may merge them.
            self._event("entity", entity.id, after=entity.label,
                        apart_from=[e.id for e in namesakes] or None)
        elif relation and relation != entity.relation:
            before = entity.label
            entity.relation = relation
            self._event("relate", entity.id, before=before, after=entity.label)
        return entity.id

    def _add_or_confirm(self, raw_text: str, pin: bool, about: Optional[str] = None,
                        when: Optional[str] = None, replaces: Optional[Fact] = None,
                        category: Optional[str] = None) -> Optional[Fact]:
        """Add a fact, or confirm the live one it repeats (counted, unaudited); a new value of a
        single-valued attribute retires the older (``replaces`` is the caller's to retire)."""
        if self._refused_secret(raw_text) or self._denied(raw_text, category, self._label(about)):
            return None
        text = self.canonical(raw_text)
        if not textlib.normalise(text):
            return None
        if self.policy.refuses(text):
            self.change.warnings.append(f"refused a 'fact' addressed to the assistant: {text[:60]!r}")
            return None
        slot = self.policy.slot_of(text)
        pin = (pin or bool(slot and slot[1] and about is None)) and (about is None or not self.automatic)
        existing = self._same_fact(text, about, when)
        changed = self._reordered(text, about, when) if existing is None else None
        if existing is not None:
            existing.confirmed_at = self.now
            existing.confirmations += 1
            self.change.unaudited = True
            if pin and not existing.pinned and self._may_pin():
                existing.pinned = True
                self._event("pin", existing.id)
            return existing
        fact = Fact(id=f"f{self.record.next_id}", text=text, created_at=self.now,
                    confirmed_at=self.now, actor=self.actor, about=about, when=when)
        fact.pinned = pin and self._may_pin()
        self.record.next_id += 1
        self.record.facts.append(fact)
        self._event("add", fact.id, after=text, pinned=fact.pinned, about=about, when=when)
        if changed is not None and changed is not replaces:
            fact.pinned = fact.pinned or changed.pinned
            self._retire(changed, "superseded", fact.id, "supersede", before=changed.text, after=text, rule="order")
        self._index(fact)
        if slot is not None:
            self._replace_older_values(fact, slot[0], replaces)
        return fact

    def _replace_older_values(self, fact: Fact, slot: str, spared: Optional[Fact]) -> None:
        """A single-valued attribute has one live value per person: the newest."""
        for old in self.record.live_facts():
            if old is not fact and old is not spared and old.about == fact.about and old.when == fact.when \
                    and (self.policy.slot_of(old.text) or ("",))[0] == slot:
                fact.pinned = fact.pinned or old.pinned  # a rule decided this, not the model:
                self._retire(old, "superseded", fact.id, "supersede", before=old.text, after=fact.text, rule=slot,
                             actor="rule")

    def _retire(self, fact: Fact, reason: RetiredReason, replaced_by: Optional[str], action: Action,
                **extra: Any) -> None:
        self._unindex(fact)
        fact.superseded_at = self.now
        fact.retired_reason, fact.superseded_by = reason, replaced_by
        if replaced_by and self._replaced_by is not None:
            self._replaced_by.setdefault(replaced_by, []).append(fact)
        self._event(action, fact.id, **extra)

    def _evict_over_cap(self) -> None:
        """Past ``max_facts``, unpinned facts go: said once before said again, then least recently confirmed
        (benchmarks/long_life.py); an automatic edit never evicts the owner's facts, nor many at once."""
        cap = self.policy.max_facts
        live = self.record.live_facts()
        if not cap or len(live) <= cap:
            return
        candidates = sorted((f for f in live if not f.pinned),
                            key=lambda f: (f.confirmations > 1, f.confirmed_at, id_number(f.id)))
        if self.automatic:
            candidates = [f for f in candidates if f.actor not in OWNER_ACTORS]
            budget = max(1, int(cap * MAX_AUTOMATIC_EVICTION_SHARE))
            new = [f for f in live if f.created_at == self.now and f.actor == self.actor and f.confirmations == 1]
            excess = len(live) - cap - min(budget, len(candidates))
            for fact in sorted(new, key=lambda f: -id_number(f.id))[:max(0, excess)]:
                self._unindex(fact)  # this edit's own newest additions give way first
                self.record.facts.remove(fact)
                self.change.events = [e for e in self.change.events if e.subject != fact.id]
                self.change.warnings.append(f"not kept, the memory is full of the owner's or older facts: "
                                            f"{fact.text[:60]!r}")
            live = self.record.live_facts()
            candidates = [f for f in candidates if f.live]
        for fact in candidates[:max(0, len(live) - cap)]:
            self._retire(fact, "evicted", None, "evict", before=fact.text)

    def _prune_retired(self) -> None:
        bound = self.policy.max_retired
        retired = [f for f in self.record.facts if not f.live]
        if not bound or len(retired) <= bound:
            return
        doomed = sorted(retired, key=lambda f: (f.superseded_at or 0.0, id_number(f.id)))[:len(retired) - bound]
        for fact in doomed:
            self._event("prune", fact.id, before=fact.text or None, reason=fact.retired_reason)
        doomed_ids = {f.id for f in doomed}
        self.record.facts = [f for f in self.record.facts if f.id not in doomed_ids]

    def finish(self) -> Change:
        self._evict_over_cap()
        self._prune_retired()
        self._prune_entities()
        return self.change

    def _prune_entities(self) -> None:
        """Entities no fact mentions go past a bound: junk replies cannot grow the record."""
        bound = max(MIN_ENTITY_BOUND, 2 * self.policy.max_facts) if self.policy.max_facts else 0
        if not bound or len(self.record.entities) <= bound:
            return
        mentioned = {f.about for f in self.record.facts}
        for entity in [e for e in self.record.entities if e.id not in mentioned]:
            self.record.entities.remove(entity)
            self.change.forgotten_ids.append(entity.id)
            self._event("prune", entity.id)


def _same_person(namesakes: List[Entity], relation: str) -> Optional[Entity]:
    """The namesake with ``relation``, else one with none yet; None when each has another (another person)."""
    if not relation:
        return namesakes[0] if namesakes else None
    return next((e for e in namesakes if e.relation == relation), None) or \
        next((e for e in namesakes if not e.relation), None)
