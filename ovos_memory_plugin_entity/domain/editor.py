"""The one way a record changes: every edit, its audit events, its retirements.

An :class:`Editor` wraps one record, one ``now`` and one actor; its methods change
the record in place and collect a :class:`Change` (audit events, texts to scrub from
files, warnings) that a store applies under its lock. Pure: no I/O.

Who calls what: the learning pipeline :meth:`Editor.apply_ops` (or, with ``confirm:
on``, :meth:`Editor.propose` and the answers); the owner's API and CLI the owner
methods; import and migration :meth:`Editor.import_texts` / :meth:`Editor.merge_record`;
curation :meth:`Editor.merge_duplicate` / :meth:`Editor.curate`. Every edit ends in
``finish()``, which applies the cap and the retention bound.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from typing import Any, Callable, Dict, FrozenSet, Iterable, List, Optional, Set, Tuple

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.audit import (
    AUTOMATIC_ACTORS,
    OWNER_ACTORS,
    Action,
    Actor,
    AuditEvent,
    RetiredReason,
)
from ovos_memory_plugin_entity.domain.change import Change
from ovos_memory_plugin_entity.domain.entities import clean_name, clean_relation, name_key
from ovos_memory_plugin_entity.domain.errors import NotFound, OwnerError
from ovos_memory_plugin_entity.domain.forgetting import SCRUBBED, mentions
from ovos_memory_plugin_entity.domain.ops import Ops
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.forget_marks import MAX_FORGET_MARKS, MAX_WITHDRAWN
from ovos_memory_plugin_entity.domain.record import (
    Entity,
    Fact,
    ForgetMark,
    Pending,
    SessionRecord,
    Tombstone,
    id_number,
)

# The extractor may pin the user's name and how to address them; more than this
# many pins from a model means it is pinning everything.
MAX_EXTRACTOR_PINS = 3
# A model reply that retires (evictions included) more than half of a session's live
# facts, and more than this many, in one exchange is refused whole.
MASS_RETIRE_MINIMUM = 2
# Entities kept without a fact about them, at least (see _prune_entities).
MIN_ENTITY_BOUND = 20
# One automatic edit may evict at most this share of max_facts (junk replies cannot
# empty a memory a few at a time faster than this).
MAX_AUTOMATIC_EVICTION_SHARE = 0.2
# Proposals waiting for the user's yes, at most; the oldest expire first.
MAX_PENDING = 10
# Unclear answers after which a pending item is dropped: asked, then asked once more.
MAX_UNCLEAR_ANSWERS = 2


# What resolving an entity's name gives when the extractor names one the user asked to forget.
FORGOTTEN_ENTITY = "\x00forgotten"
# Where a row keeps its index keys (not a field: never saved, never compared).
_KEYS = "_index_keys"


def fact_key(about: Optional[str], when: Optional[str], text: str) -> str:
    """What makes two facts the same: who it is about, the event date, the normalised text."""
    return f"{about or ''}\x1f{when or ''}\x1f{textlib.normalise(text)}"


def entity_hash(name: str, key: bytes = b"") -> str:
    """The tombstone of a forgotten person's name, under the store's secret."""
    return textlib.keyed_digest("entity\x1f" + name_key(name), key)


class Editor:
    """Every change a record can undergo, stamped with ``now`` and the actor."""

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
        """The live fact these words repeat: the same text, or the same content words in
        the same order ("Prefers tea over coffee" is not "Prefers coffee over tea")."""
        found = self._by_key.get(fact_key(about, when, fact_text))
        if found is not None:
            return found
        reordered = self._reordered(fact_text, about, when)
        return None if reordered is not None else self._by_words.get(self._words_key(fact_text, about, when) or ())

    def _reordered(self, fact_text: str, about: Optional[str], when: Optional[str]) -> Optional[Fact]:
        """The live fact with the same content words in another order: the words' roles
        changed, so the new wording is a change of it, not a repeat."""
        words = self._words_key(fact_text, about, when)
        found = self._by_words.get(words) if words is not None else None
        if found is None:
            return None
        same_order = self._ordered(found.text) == self._ordered(fact_text)
        return None if same_order else found

    def _ordered(self, text: str) -> Tuple[str, ...]:
        """The content words in the order they are said (each once)."""
        return tuple(dict.fromkeys(textlib.terms(text, self.policy.stopwords, self.policy.stem)))

    def canonical(self, raw_text: str) -> str:
        """A fact's text as stored: one clean line, its subject prefix taken off."""
        text = textlib.clean(self.policy.canonical(textlib.clean(raw_text, len(raw_text) + 1)),
                             self.policy.max_fact_chars)
        return text[:1].upper() + text[1:]

    # -- building blocks ---------------------------------------------------------
    def _event(self, action: Action, subject: Optional[str], before: Optional[str] = None,
               after: Optional[str] = None, **detail: Any) -> None:
        self.change.events.append(AuditEvent(self.now, self.actor, action, subject, before, after,
                                             {k: v for k, v in detail.items() if v is not None}))

    def _hashes(self, text: str, about: Optional[str], key: Optional[bytes] = None) -> Tuple[str, Optional[str]]:
        entity = self.record.entity(about)
        hashed = f"{name_key(entity.name)}: {text}" if entity is not None and entity.name else text
        return textlib.tombstone_hashes(hashed, self.policy.stopwords, self.policy.stem,
                                        self.policy.tombstone_key if key is None else key)

    def _matches(self, text: str, about: Optional[str]) -> Callable[[Tombstone], bool]:
        """Whether a tombstone stands on these words: a keyed one, or one made before
        tombstones were keyed (plain SHA-256, still honoured)."""
        forms = {self._hashes(text, about)}
        if self.policy.tombstone_key:
            forms.add(self._hashes(text, about, b""))
        texts = {text_hash for text_hash, _ in forms}
        words = {words_hash for _, words_hash in forms if words_hash}
        return lambda t: t.text_hash in texts or (t.words_hash is not None and t.words_hash in words)

    def blocked(self, text: str, about: Optional[str] = None) -> bool:
        """True when a tombstone stands on these words."""
        stands = self._matches(text, about)
        return any(stands(t) for t in self.record.tombstones)

    def _lift_tombstones(self, text: str, about: Optional[str] = None) -> None:
        stands = self._matches(text, about)
        self.record.tombstones = [t for t in self.record.tombstones if not stands(t)]

    def _entity_tombstoned(self, name: str) -> bool:
        forms = {entity_hash(name, self.policy.tombstone_key), entity_hash(name)}
        return any(t.text_hash in forms for t in self.record.tombstones)

    @property
    def automatic(self) -> bool:
        return self.actor in AUTOMATIC_ACTORS

    def _secret_in(self, *texts: Optional[str]) -> Optional[str]:
        """The class of the first secret these texts hold, or None."""
        return next((kind for kind in (self.policy.secret_class(t) for t in texts if t) if kind), None)

    def _refuse_secret(self, kind: str) -> None:
        """Record that a secret was refused: its class only, no text, no digits."""
        self._event("refuse", None, secret=kind)
        self.change.refused_secrets.append(kind)
        self.change.warnings.append(f"refused a secret ({kind}); it is never kept")

    def _label(self, entity_id: Optional[str]) -> Optional[str]:
        entity = self.record.entity(entity_id) if entity_id else None
        return entity.label if entity is not None else None

    def _categories(self, text: str, category: Optional[str], *names: Optional[str]) -> FrozenSet[str]:
        """A fact's sensitive categories: the model's tag, and every one its words name."""
        named = self.policy.sensitive_of(" ".join(t for t in (text, *names) if t))
        return named | {category} if category else named

    def _denied(self, text: str, category: Optional[str], *names: Optional[str]) -> bool:
        """True, recorded by category only, for an automatic fact the owner's ``sensitive_deny`` refuses."""
        if not self.policy.sensitive_deny or not self.automatic:
            return False
        denied = sorted(self._categories(text, category, *names) & self.policy.sensitive_deny)
        if denied:
            self._event("refuse", None, sensitive=denied[0])
            self.change.warnings.append(f"not kept: a fact about {denied[0]} (sensitive_deny)")
        return bool(denied)

    def _held_for_confirmation(self, ops: Ops, targets: Dict[str, Fact]) -> Tuple[Ops, Optional[Ops]]:
        """Split off what waits for the user's yes even with ``confirm: off``: an extracted
        fact in a category of ``sensitive_confirm``."""
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
        """True, recorded, when one of these texts holds a secret."""
        kind = self._secret_in(*texts)
        if kind is not None:
            self._refuse_secret(kind)
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
        """The id of the live entity with this name (created if new); None for the user;
        ``FORGOTTEN_ENTITY`` when the extractor names an entity the user asked to forget."""
        display = clean_name(name or "")
        key = name_key(display)
        if not key or self.policy.refuses(display):
            return None
        relation = clean_relation(relation or "")
        if relation and self.policy.refuses(relation):
            relation = ""
        namesakes = [e for e in self.record.entities if e.live and name_key(e.name) == key]
        entity = _same_person(namesakes, relation)
        tombstoned = self._entity_tombstoned(display)
        if entity is None and not namesakes and tombstoned and self.automatic:
            return FORGOTTEN_ENTITY
        if entity is None and tombstoned:
            forms = {entity_hash(display, self.policy.tombstone_key), entity_hash(display)}
            self.record.tombstones = [t for t in self.record.tombstones if t.text_hash not in forms]
        if entity is None:
            entity = Entity(id=f"e{self.record.next_entity}", name=display, relation=relation, created_at=self.now)
            self.record.next_entity += 1
            self.record.entities.append(entity)
            # Another person of the same name (a daughter and a boss both called Emma): said in
            # the trail, and the owner can merge them if they are one after all.
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
        """Add a fact, or confirm the live fact it repeats (counted, no audit line). A new
        value of a single-valued attribute (home, job, name...) retires the older one,
        except ``replaces``, which the caller retires itself (an edit, a model's update)."""
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
                fact.pinned = fact.pinned or old.pinned
                actor, self.actor = self.actor, "rule"  # a rule decided this, not the model
                self._retire(old, "superseded", fact.id, "supersede", before=old.text, after=fact.text, rule=slot)
                self.actor = actor

    def _retire(self, fact: Fact, reason: RetiredReason, replaced_by: Optional[str], action: Action,
                **extra: Any) -> None:
        self._unindex(fact)
        fact.superseded_at = self.now
        fact.retired_reason, fact.superseded_by = reason, replaced_by
        if replaced_by and self._replaced_by is not None:
            self._replaced_by.setdefault(replaced_by, []).append(fact)
        self._event(action, fact.id, **extra)

    def _forget_text(self, fact: Fact) -> None:
        """Retire as forgotten and remove the text of every row with the same words, and of
        the earlier values it replaced ("forget my address" forgets the old addresses too)."""
        todo, seen = [fact], set()
        while todo:
            row = todo.pop()
            if row.text and row.id not in seen:  # seen: a damaged record's cycle of replacements ends
                seen.add(row.id)
                todo += self._replaced(row)
                self._forget_one(row)

    def _replaced(self, fact: Fact) -> List[Fact]:
        """The retired rows ``fact`` replaced or absorbed, their text still kept."""
        if self._replaced_by is None:
            self._replaced_by = {}
            for row in self.record.facts:
                if row.superseded_by and row.retired_reason in ("superseded", "merged"):
                    self._replaced_by.setdefault(row.superseded_by, []).append(row)
        return [row for row in self._replaced_by.get(fact.id, ()) if row.text]

    def forget_everything(self) -> int:
        """Forget every row with text, live or retired, and every person, pet and place with
        their names and relations: nothing said is left. Returns how many live facts there were."""
        live = len(self.record.live_facts())
        for row in list(self.record.facts):
            if row.text:
                self._forget_text(row)
        for entity in self.record.entities:
            if entity.name or entity.relation or entity.former_names:
                self._forget_person(entity)
        return live

    # -- the user's spoken commands ------------------------------------------------------
    def set_pause(self, until: Optional[float]) -> None:
        """Pause learning until ``until`` (None resumes it); audited."""
        self.record.paused_until = until
        self._event("pause" if until is not None else "resume", None)

    def mark_forget(self, mark: ForgetMark) -> None:
        """Keep a spoken forget's mark, so it covers what earlier words teach later (bounded)."""
        self.record.forget_marks = [*self.record.forget_marks, mark][-MAX_FORGET_MARKS:]
        self.change.unaudited = True

    def withdraw(self, token: str) -> None:
        """"Forget that" before the exchange ``token`` names was applied: it never will be."""
        self.record.withdrawn = [*self.record.withdrawn, token][-MAX_WITHDRAWN:]
        self.change.unaudited = True

    def _forget_one(self, fact: Fact) -> None:
        text_hash, words_hash = self._hashes(fact.text, fact.about)
        self.record.tombstones.append(Tombstone(text_hash, words_hash, self.now))
        same = self._rows_with_text(fact.about, textlib.normalise(fact.text))
        for row in same if any(r is fact for r in same) else [fact, *same]:  # a row re-homed since the index was built
            if row.text:
                self._unindex(row)
                self.change.forgotten_texts.append(row.text)
                self.change.forgotten_ids.append(row.id)
                row.text = ""
                if row.retired_reason != "forgotten":
                    row.superseded_at = self.now
                    row.retired_reason = "forgotten"
                    row.pinned = False
                # This edit's own earlier lines about the row (added, then forgotten) lose its text too.
                self.change.events = [replace(e, before=None, after=None) if e.subject == row.id else e
                                      for e in self.change.events]
                self._event("forget", row.id)
                self._drop_proposals_about(row.id, self.change.forgotten_texts[-1])

    def _drop_proposals_about(self, fact_id: str, fact_text: str) -> None:
        """A proposal about a forgotten fact (by its id, or in its words) goes with it: the
        assistant is never asked about it again, and its lines leave the trail."""
        for item in list(self.record.pending):
            targets = {u.fact_id for u in item.ops.update} | set(item.ops.forget)
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
            candidates = [f for f in candidates if f.actor not in OWNER_ACTORS]
            budget = max(1, int(cap * MAX_AUTOMATIC_EVICTION_SHARE))
            new = [f for f in live if f.created_at == self.now and f.actor == self.actor and f.confirmations == 1]
            excess = len(live) - cap - min(budget, len(candidates))
            for fact in sorted(new, key=lambda f: -id_number(f.id))[:max(0, excess)]:
                self._drop_new(fact)  # this edit's own newest additions give way first
            live = self.record.live_facts()
            candidates = [f for f in candidates if f.live]
        for fact in candidates[:max(0, len(live) - cap)]:
            self._retire(fact, "evicted", None, "evict", before=fact.text)

    def _drop_new(self, fact: Fact) -> None:
        """Undo this edit's addition of ``fact`` (it never existed for the trail)."""
        self._unindex(fact)
        self.record.facts.remove(fact)
        self.change.events = [e for e in self.change.events if e.subject != fact.id]
        self.change.warnings.append(f"not kept, the memory is full of the owner's or older facts: {fact.text[:60]!r}")

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

    # -- extraction ------------------------------------------------------------------
    def apply_ops(self, ops: Ops, listed_ids: Optional[Iterable[str]] = None, *,
                  forget_allowed: bool = False, forget_all_allowed: bool = False, asked: bool = False) -> Change:
        """Apply an extraction's operations, or refuse them whole.

        ``listed_ids`` are the ids the prompt showed the model; ``update``/``forget`` of
        any other id (invented, echoed from an example, or no longer live) is ignored.
        The two gates are decided in code from the user's own words: ``forget_allowed``
        (they asked to forget something) and ``forget_all_allowed`` (everything). A forget
        without its gate is ignored and leaves no tombstone. A change that retires more
        than half the live facts (forgetting everything included) is refused whole unless
        ``asked``: the user said yes to the assistant's question about exactly this.
        """
        record = self.record
        snapshot, events_before = record.copy(), len(self.change.events)
        scrub_before, ids_before = len(self.change.forgotten_texts), len(self.change.forgotten_ids)
        live_before = {f.id: f for f in record.live_facts()}
        listed: Set[str] = set(listed_ids) if listed_ids is not None else set(live_before)
        targets = {fid: f for fid, f in live_before.items() if fid in listed}
        wiped = ops.forget_all and forget_all_allowed
        if wiped:
            self.forget_everything()
        elif ops.forget_all:
            self.change.warnings.append("forget_all ignored: the user's words did not ask to forget everything")
        if ops.forget and not forget_allowed:
            self.change.warnings.append("a forget was ignored: the user's words did not ask to forget")
        elif ops.forget:
            for fact_id in ops.forget:
                if fact_id in targets and targets[fact_id].live:
                    self._forget_text(targets[fact_id])
        ops, held = self._held_for_confirmation(ops, targets)
        self._apply_updates(ops, targets)
        for item in ops.add:
            if self._refused_secret(item.about, item.relation) or \
                    self._denied(item.text, item.category, item.about, item.relation):
                continue
            about = self._resolve_entity(item.about, item.relation) if item.about else None
            if about == FORGOTTEN_ENTITY or self.blocked(self.canonical(item.text), about):
                self.change.warnings.append("a forgotten fact was not added again")
                continue
            self._add_or_confirm(item.text, item.pin, about, item.when, category=item.category)
        if held is not None:
            self.propose(held, listed_ids, forget_allowed=False, forget_all_allowed=False)
        self.finish()
        retired_now = sum(1 for f in live_before.values() if not f.live)
        if not asked and retired_now > MASS_RETIRE_MINIMUM and retired_now * 2 > len(live_before):
            record.__dict__.update(snapshot.__dict__)
            self._by_key, self._by_words = {}, {}
            for fact in record.live_facts():
                self._index(fact)
            del self.change.events[events_before:]
            del self.change.forgotten_texts[scrub_before:]
            del self.change.forgotten_ids[ids_before:]
            self.change.refused = True
            self.change.warnings.append(
                f"refused a reply that would retire {retired_now} of {len(live_before)} live facts")
        return self.change

    def _apply_updates(self, ops: Ops, targets: Dict[str, Fact]) -> None:
        replaced: "OrderedDict[str, List[Fact]]" = OrderedDict()
        for item in ops.update:
            old = targets.get(item.fact_id)
            if old is None or not old.text:
                continue
            if self.blocked(self.canonical(item.text), old.about):
                self.change.warnings.append(f"update of {old.id} refused: its new text was forgotten")
                continue
            new = self._add_or_confirm(item.text, item.pin or old.pinned, old.about, item.when or old.when,
                                       replaces=old, category=item.category)
            if new is None or new is old or item.confidence < self.policy.supersede_threshold:
                continue
            new.pinned = new.pinned or old.pinned
            replaced.setdefault(old.id, []).append(new)
        for old_id, new_facts in replaced.items():
            old = targets[old_id]
            if old.live:
                by = new_facts[0].id if len(new_facts) == 1 else None
                self._retire(old, "superseded", by, "supersede", before=old.text, after=" / ".join(f.text for f in new_facts))

    # -- the owner -------------------------------------------------------------------
    def add(self, text: str, pin: bool = False, about: Optional[str] = None, relation: Optional[str] = None,
            when: Optional[str] = None) -> Optional[Fact]:
        """The owner adds (or confirms) a fact; this lifts a tombstone on the same words."""
        if self._refused_secret(about, relation):
            return None
        about_id = self._resolve_entity(about, relation) if about else None
        self._lift_tombstones(text, about_id)
        fact = self._add_or_confirm(text, pin, about_id, when)
        if fact is not None and pin and not fact.pinned:
            fact.pinned = True
            self._event("pin", fact.id)
        self.finish()
        return fact

    def edit(self, fact_id: str, text: str) -> Optional[Fact]:
        """Replace a live fact's text: a supersession by the owner, history kept."""
        old = self._live_fact(fact_id)
        self._lift_tombstones(text, old.about)
        new = self._add_or_confirm(text, old.pinned, old.about, old.when, replaces=old)
        if new is not None and new is not old:
            new.pinned = old.pinned
            self._retire(old, "superseded", new.id, "edit", before=old.text, after=new.text)
        self.finish()
        return new

    def set_pinned(self, fact_id: str, pinned: bool) -> None:
        fact = self._live_fact(fact_id)
        if fact.pinned != pinned:
            fact.pinned = pinned
            self._event("pin" if pinned else "unpin", fact.id)
        self.finish()

    def forget(self, fact_id: str) -> None:
        """Forget a fact, live or retired: its text leaves the record; a tombstone stays."""
        fact = self.record.fact(fact_id)
        if fact is None:
            raise NotFound("fact", fact_id)
        if not fact.text and fact.retired_reason == "forgotten":
            # Forgotten already: scrub its trail again, finishing a forget a crash interrupted.
            self.change.forgotten_ids.append(fact.id)
            self.change.unaudited = True
            return
        if not fact.text:
            raise NotFound("fact with text", fact_id)
        self._forget_text(fact)

    def rename_entity(self, entity_id: str, name: str, relation: Optional[str] = None) -> None:
        """Rename an entity (and optionally set its relation): how two Emmas are told apart."""
        entity = self._live_entity(entity_id)
        for text in (name, relation or ""):
            if self.policy.refuses(clean_name(text)):
                raise OwnerError(f"not renamed: {text[:60]!r} reads as an instruction to the assistant")
        kind = self._secret_in(name, relation)
        if kind is not None:
            raise OwnerError(f"not renamed: the name holds a {kind}, and secrets are never kept")
        before = entity.label
        if clean_name(name) and clean_name(name) != entity.name:
            entity.former_names.append(entity.name)
        if relation is not None:
            entity.relation = clean_relation(relation)
        entity.name = clean_name(name) or entity.name
        if entity.label != before:
            self._event("rename", entity.id, before=before, after=entity.label)

    def merge_entities(self, keep_id: str, merge_id: str) -> None:
        """Fold entity ``merge_id`` into ``keep_id``: its facts move over, its row stays retired."""
        keep, merged = self._live_entity(keep_id), self._live_entity(merge_id)
        if keep is merged:
            raise OwnerError(f"cannot merge entity {keep_id!r} into itself")
        for fact in self.record.facts:
            if fact.about != merged.id:
                continue
            if fact.live:
                self._unindex(fact)
            fact.about = keep.id
            same = self._same_fact(fact.text, fact.about, fact.when) if fact.live else None
            if same is not None:
                self._retire(fact, "merged", same.id, "merge", before=fact.text, by=same.id)
            elif fact.live:
                self._index(fact)
        keep.relation = keep.relation or merged.relation
        merged.retired_reason, merged.merged_into = "merged", keep.id
        self._event("merge", merged.id, before=merged.label, after=keep.label, by=keep.id)

    def forget_entity(self, entity_id: str) -> None:
        """Forget an entity and everything about it, then its name and relation."""
        entity = self._live_entity(entity_id)
        for fact in [f for f in self.record.facts if f.about == entity.id and f.text]:
            self._forget_text(fact)
        self._forget_person(entity)

    def _forget_person(self, entity: Entity) -> None:
        self.change.forgotten_texts += [t for t in (entity.label, entity.name, *entity.former_names) if t]
        self.change.forgotten_ids.append(entity.id)
        self.record.tombstones += [Tombstone(entity_hash(name, self.policy.tombstone_key), None, self.now)
                                   for name in {entity.name, *entity.former_names} if name]
        entity.name, entity.relation, entity.retired_reason, entity.former_names = "", "", "forgotten", []
        self._event("forget", entity.id)

    # -- import and curation ---------------------------------------------------------
    def import_texts(self, texts: Iterable[Any]) -> None:
        """Bring in plain fact texts (the older plugin's file); tombstones are honoured."""
        for text in texts:
            if isinstance(text, str) and not self.blocked(text):
                self._add_or_confirm(text, pin=False)
        self.finish()

    def mark_imported(self, marker: str) -> bool:
        """Note that the source ``marker`` names was brought in; False if it already was."""
        if marker in self.record.imported:
            return False
        self.record.imported.append(marker)
        self.change.unaudited = True
        return True

    def merge_record(self, incoming: SessionRecord, history: List[AuditEvent]) -> int:
        """Bring in another record of ours (an export): ids renumbered where they clash,
        facts already here skipped. What was forgotten here stays forgotten: its facts,
        the people it named and every line of history that says it are left out (the
        history's lines keep their place, their text scrubbed); a secret is never brought in.
        Returns the facts brought in."""
        refused_ids = {e.id for e in incoming.entities if self._secret_in(e.name, e.relation, *e.former_names)}
        entity_ids = self._merge_entities(incoming, refused_ids)
        renumber: Dict[str, str] = dict(entity_ids)
        forgotten_here: Set[str] = {e.id for e in incoming.entities if e.id not in entity_ids}
        def identity(fact: Fact, about: Optional[str]) -> Tuple[Any, ...]:
            # A forgotten row has no text: it is known by when it was made.
            return (about, fact.when, textlib.normalise(fact.text), fact.live, fact.text or fact.created_at)
        known = {identity(f, f.about) for f in self.record.facts}
        brought = 0
        for fact in incoming.facts:
            if fact.about and fact.about not in entity_ids:
                forgotten_here.add(fact.id)  # about someone forgotten (or refused) here
                continue
            about = entity_ids.get(fact.about or "", fact.about)
            if fact.about in refused_ids or self._refused_secret(fact.text) or self._denied(fact.text, None):
                refused_ids.add(fact.id)  # its history goes too
                continue
            if identity(fact, about) in known or (fact.live and not fact.text):
                continue
            if fact.text and (self.blocked(fact.text, about) or self.policy.refuses(fact.text)):
                forgotten_here.add(fact.id)
                continue
            if fact.live and self._same_fact(fact.text, about, fact.when) is not None:
                continue
            copy = Fact(**fact.to_dict())
            copy.id, copy.about = f"f{self.record.next_id}", about
            self.record.next_id += 1
            renumber[fact.id] = copy.id
            self.record.facts.append(copy)
            if copy.live:
                self._index(copy)
            brought += 1
        for fact in self.record.facts:
            if fact.superseded_by in renumber and fact.id in renumber.values():
                fact.superseded_by = renumber[fact.superseded_by]
        for tombstone in incoming.tombstones:
            if all((t.text_hash, t.words_hash) != (tombstone.text_hash, tombstone.words_hash)
                   for t in self.record.tombstones):
                self.record.tombstones.append(tombstone)
        for event in history:
            if event.subject in refused_ids or self._secret_in(event.before, event.after):
                continue  # the trail of a refused secret is not brought in either
            by = event.detail.get("by")
            detail = {**event.detail, "by": renumber.get(by, by)} if isinstance(by, str) else event.detail
            moved = replace(event, subject=renumber.get(event.subject or "", event.subject), detail=detail)
            self.change.events.append(self._without_forgotten(moved, event.subject in forgotten_here))
        self._event("import", None, facts=brought)
        self.finish()
        return brought

    def _without_forgotten(self, event: AuditEvent, about_forgotten: bool) -> AuditEvent:
        """An imported line of history with no text forgotten here: every text of a line about
        a fact or person forgotten here, and any text a tombstone here stands on."""
        def kept(text: Optional[str]) -> Optional[str]:
            gone = text and (about_forgotten or any(self.blocked(part) for part in text.split(" / ")))
            return SCRUBBED if gone else text
        return replace(event, before=kept(event.before), after=kept(event.after))

    def _merge_entities(self, incoming: SessionRecord, secret_ids: Set[str]) -> Dict[str, str]:
        """Incoming entity id -> id here: a known name is the same entity, a new one is added;
        a person forgotten here is not brought back, and one whose names hold a secret
        (``secret_ids``) is refused, recorded."""
        known = {name_key(e.name): e.id for e in self.record.entities if e.live and e.name}
        mapping: Dict[str, str] = {}
        for entity in incoming.entities:
            if entity.id in secret_ids:
                self._refused_secret(entity.name, entity.relation, *entity.former_names)
                continue
            if not entity.live or not entity.name or self.policy.refuses(entity.label):
                continue
            if self._entity_tombstoned(entity.name) or any(self._entity_tombstoned(n) for n in entity.former_names):
                continue
            if name_key(entity.name) in known:
                mapping[entity.id] = known[name_key(entity.name)]
                continue
            copy = Entity.from_dict(entity.to_dict())
            copy.id = f"e{self.record.next_entity}"
            self.record.next_entity += 1
            mapping[entity.id] = copy.id
            known[name_key(copy.name)] = copy.id
            self.record.entities.append(copy)  # its "entity" event comes with the imported history
        return mapping

    def merge_duplicate(self, kept_id: str, merged_id: str) -> None:
        """Curation: fold a near-duplicate into the fact kept; its confirmations move over."""
        kept, merged = self.record.fact(kept_id), self.record.fact(merged_id)
        if kept is None or merged is None or not kept.live or not merged.live or kept is merged:
            return
        kept.confirmations += merged.confirmations
        kept.confirmed_at = max(kept.confirmed_at, merged.confirmed_at)
        self._retire(merged, "merged", kept_id, "merge", before=merged.text, by=kept_id)

    def curate(self, fact_id: str) -> None:
        """Curation: retire a live fact the owner chose to prune (its text stays in history)."""
        fact = self.record.fact(fact_id)
        if fact is not None and fact.live:
            self._retire(fact, "curated", None, "curate", before=fact.text)

    # -- proposals (confirm: on) -------------------------------------------------------
    def propose(self, ops: Ops, listed_ids: Optional[Iterable[str]], *,
                forget_allowed: bool, forget_all_allowed: bool) -> Optional[Pending]:
        """Keep ``ops`` pending: nothing becomes live until the user (or the owner) says yes.

        What is proposed is screened like any fact, in its stored (canonical) form, and a
        forgotten fact is never proposed again."""
        adds = tuple(a for a in ops.add if not self._unwelcome(a.text, self._entity_named(a.about), a.about,
                                                                a.relation, category=a.category))
        updates = tuple(u for u in ops.update if not self._unwelcome(u.text, None, category=u.category))
        ops = Ops(add=tuple(replace(a, text=self.canonical(a.text)) for a in adds),
                  update=tuple(replace(u, text=self.canonical(u.text)) for u in updates),
                  forget=ops.forget if forget_allowed else (), forget_all=ops.forget_all and forget_all_allowed)
        describe = self._describe(ops, listed_ids)
        if not describe:
            return None
        item = Pending(id=f"p{self.record.next_pending}", ops=ops, describe=describe,
                       listed_ids=list(listed_ids) if listed_ids is not None else None,
                       forget_allowed=forget_allowed, forget_all_allowed=forget_all_allowed,
                       created_at=self.now)
        self.record.next_pending += 1
        self.record.pending.append(item)
        self._event("propose", item.id, after=" | ".join(describe))
        for oldest in self.record.pending[:-MAX_PENDING]:  # a chatty model cannot pile proposals up
            self._drop_pending(oldest, "expire")
        return item

    def ask(self, pending_id: str, ops: Ops, describe: List[str]) -> Pending:
        """Keep a spoken control's forget pending under ``pending_id`` (chosen when the
        question was put, before this write): the user's yes to that question applies it."""
        item = Pending(id=pending_id, ops=ops, describe=describe, listed_ids=None, forget_allowed=True,
                       forget_all_allowed=ops.forget_all, created_at=self.now, by_voice=True)
        self.record.pending.append(item)
        self._event("propose", item.id, after=" | ".join(describe))
        return item

    def _unwelcome(self, text: str, about: Optional[str], *names: Optional[str],
                   category: Optional[str] = None) -> bool:
        if self._refused_secret(text, *names) or self._denied(text, category, *names):
            return True
        canonical = self.canonical(text)
        return not textlib.normalise(canonical) or self.policy.refuses(canonical) or self.blocked(canonical, about)

    def _entity_named(self, name: Optional[str]) -> Optional[str]:
        key = name_key(name or "")
        return next((e.id for e in self.record.entities if e.live and key and name_key(e.name) == key), None)

    def _describe(self, ops: Ops, listed_ids: Optional[Iterable[str]]) -> List[str]:
        """One line per proposed change, as the assistant will ask about it."""
        listed = set(listed_ids) if listed_ids is not None else None
        lines = [a.text for a in ops.add]
        for item in ops.update:
            old = self.record.fact(item.fact_id)
            if old is not None and old.live and (listed is None or old.id in listed):
                lines.append(f"{item.text} (instead of: {old.text})")
        for fact_id in ops.forget:
            old = self.record.fact(fact_id)
            if old is not None and old.live and old.text and (listed is None or old.id in listed):
                lines.append(f"forget: {old.text}")
        if ops.forget_all:
            lines.append("forget everything remembered")
        return lines

    def _pending(self, pending_id: str) -> Pending:
        item = next((p for p in self.record.pending if p.id == pending_id), None)
        if item is None:
            raise NotFound("pending item", pending_id)
        return item

    def _drop_pending(self, item: Pending, action: Action) -> None:
        """A proposal not accepted leaves no text behind: its lines leave the trail too."""
        self.record.pending.remove(item)
        self.change.forgotten_texts += item.describe
        self.change.forgotten_ids.append(item.id)
        self._event(action, item.id)

    def decide(self, pending_id: str, accept: bool) -> None:
        """Apply (accept) or drop a pending item."""
        item = self._pending(pending_id)
        if not accept:
            self._drop_pending(item, "reject")
            return
        events_before = len(self.change.events)
        self.record.pending.remove(item)
        said = [line for line in item.describe if not self._secret_in(line)]  # kept before secrets were refused
        self._event("confirm", item.id, before=" | ".join(said))
        self.apply_ops(item.ops, item.listed_ids, forget_allowed=item.forget_allowed,
                       forget_all_allowed=item.forget_all_allowed, asked=item.by_voice)
        if self.change.refused:
            del self.change.events[events_before:]
            self.record.pending.append(item)
            return
        # The facts it became: forgetting one of them scrubs this proposal's lines too.
        made = [e.subject or "" for e in self.change.events[events_before + 1:] if e.action == "add"]
        confirmed = self.change.events[events_before]
        self.change.events[events_before] = replace(confirmed, detail={**confirmed.detail, "facts": made or None})

    def drop_unanswered(self, pending_id: str) -> None:
        """A question the user did not answer (or the assistant did not put): nothing is done."""
        self._drop_pending(self._pending(pending_id), "unconfirmed")

    def set_awaiting(self, pending_ids: Iterable[str], awaiting: bool) -> None:
        """Record that the assistant asked about these items (or that the asking is over)."""
        ids = set(pending_ids)
        for item in self.record.pending:
            if item.id in ids and item.awaiting != awaiting:
                item.awaiting = awaiting
                self.change.unaudited = True

    def answer_unclear(self, pending_ids: Iterable[str]) -> None:
        """Count an unclear answer; after the second the item is dropped, recorded."""
        ids = set(pending_ids)
        for item in [p for p in self.record.pending if p.id in ids]:
            item.unclear_answers += 1
            self.change.unaudited = True
            if item.unclear_answers >= MAX_UNCLEAR_ANSWERS:
                self._drop_pending(item, "unconfirmed")

    def expire_pending(self, ttl_s: float) -> None:
        for item in [p for p in self.record.pending if self.now - p.created_at > ttl_s]:
            self._drop_pending(item, "expire")


def edit(record: SessionRecord, policy: Policy, now: float, actor: Actor,
         act: Callable[[Editor], Any]) -> Change:
    """Run ``act`` on an editor of ``record``, finish, and return the change."""
    editor = Editor(record, policy, now, actor)
    act(editor)
    return editor.finish()


def _same_person(namesakes: List[Entity], relation: str) -> Optional[Entity]:
    """Which of the live entities with this name a mention with ``relation`` means: the
    one with that relation, else one with none yet; with no relation, the first. None
    when every namesake has another relation: a different person."""
    if not relation:
        return namesakes[0] if namesakes else None
    return next((e for e in namesakes if e.relation == relation), None) or \
        next((e for e in namesakes if not e.relation), None)
