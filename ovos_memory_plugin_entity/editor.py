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
from typing import Any, Callable, Dict, Iterable, List, Optional, Set, Tuple

from ovos_memory_plugin_entity import text as textlib
from ovos_memory_plugin_entity.contract import Ops
from ovos_memory_plugin_entity.editing import (MASS_RETIRE_MINIMUM, MAX_PENDING, MAX_UNCLEAR_ANSWERS, Change,
                                               EditorCore, NotFound, Policy, entity_hash, fact_key)
from ovos_memory_plugin_entity.entities import clean_name, clean_relation, name_key
from ovos_memory_plugin_entity.record import (EVICTED, FORGOTTEN, SUPERSEDED, Entity, Fact, Pending,
                                              SessionRecord, Tombstone)

__all__ = ["Change", "Editor", "NotFound", "Policy", "edit", "fact_key"]


class Editor(EditorCore):
    """Every change a record can undergo, stamped with ``now`` and the actor."""

    # -- extraction ------------------------------------------------------------------
    def apply_ops(self, ops: Ops, listed_ids: Optional[Iterable[str]] = None, *,
                  forget_allowed: bool = False, forget_all_allowed: bool = False) -> Change:
        """Apply an extraction's operations, or refuse them whole.

        ``listed_ids`` are the ids the prompt showed the model; ``update``/``forget`` of
        any other id (invented, echoed from an example, or no longer live) is ignored.
        The two gates are decided in code from the user's own words: ``forget_allowed``
        (they asked to forget something) and ``forget_all_allowed`` (everything). A forget
        without its gate is ignored and leaves no tombstone.
        """
        record = self.record
        snapshot, events_before = record.copy(), len(self.change.events)
        scrub_before, ids_before = len(self.change.forgotten_texts), len(self.change.forgotten_ids)
        live_before = {f.id: f for f in record.live_facts()}
        listed: Set[str] = set(listed_ids) if listed_ids is not None else set(live_before)
        targets = {fid: f for fid, f in live_before.items() if fid in listed}
        wiped = ops.forget_all and forget_all_allowed
        if wiped:
            for fact in record.live_facts():
                self._forget_text(fact)
        elif ops.forget_all:
            self.change.warnings.append("forget_all ignored: the user's words did not ask to forget everything")
        if ops.forget and not forget_allowed:
            self.change.warnings.append("a forget was ignored: the user's words did not ask to forget")
        elif ops.forget:
            for fact_id in ops.forget:
                if fact_id in targets and targets[fact_id].live:
                    self._forget_text(targets[fact_id])
        self._apply_updates(ops, targets)
        for item in ops.add:
            about = self._resolve_entity(item.about, item.relation) if item.about else None
            if about == FORGOTTEN or self.blocked(self.canonical(item.text), about):
                self.change.warnings.append("a forgotten fact was not added again")
                continue
            self._add_or_confirm(item.text, item.pin, about, item.when)
        self.finish()
        retired_now = sum(1 for f in live_before.values() if not f.live)
        if not wiped and retired_now > MASS_RETIRE_MINIMUM and retired_now * 2 > len(live_before):
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
                                       replaces=old)
            if new is None or new is old or item.confidence < self.policy.supersede_threshold:
                continue
            new.pinned = new.pinned or old.pinned
            replaced.setdefault(old.id, []).append(new)
        for old_id, new_facts in replaced.items():
            old = targets[old_id]
            if old.live:
                by = new_facts[0].id if len(new_facts) == 1 else SUPERSEDED
                self._retire(old, by, "supersede", before=old.text, after=" / ".join(f.text for f in new_facts))

    # -- the owner -------------------------------------------------------------------
    def add(self, text: str, pin: bool = False, about: Optional[str] = None, relation: Optional[str] = None,
            when: Optional[str] = None) -> Optional[Fact]:
        """The owner adds (or confirms) a fact; this lifts a tombstone on the same words."""
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
            self._retire(old, new.id, "edit", before=old.text, after=new.text)
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
        if not fact.text and fact.superseded_by == FORGOTTEN:
            # Forgotten already: scrub its trail again, finishing a forget a crash interrupted.
            self.change.forgotten_ids.append(fact.id)
            self.change.touched = True
            return
        if not fact.text:
            raise NotFound("fact with text", fact_id)
        self._forget_text(fact)

    def rename_entity(self, entity_id: str, name: str, relation: Optional[str] = None) -> None:
        """Rename an entity (and optionally set its relation): how two Emmas are told apart."""
        entity = self._live_entity(entity_id)
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
            raise ValueError(f"cannot merge entity {keep_id!r} into itself")
        for fact in self.record.facts:
            if fact.about != merged.id:
                continue
            if fact.live:
                self._unindex(fact)
            fact.about = keep.id
            same = self._same_fact(fact.text, fact.about, fact.when) if fact.live else None
            if same is not None:
                self._retire(fact, same.id, "merge", before=fact.text, by=same.id)
            elif fact.live:
                self._index(fact)
        keep.relation = keep.relation or merged.relation
        merged.retired_by = keep.id
        self._event("merge", merged.id, before=merged.label, after=keep.label, by=keep.id)

    def forget_entity(self, entity_id: str) -> None:
        """Forget an entity and everything about it, then its name and relation."""
        entity = self._live_entity(entity_id)
        for fact in [f for f in self.record.facts if f.about == entity.id and f.text]:
            self._forget_text(fact)
        self.change.forgotten_texts += [t for t in (entity.label, entity.name, *entity.former_names) if t]
        self.change.forgotten_ids.append(entity.id)
        self.record.tombstones += [Tombstone(entity_hash(name), None, self.now)
                                   for name in {entity.name, *entity.former_names} if name]
        entity.name, entity.relation, entity.retired_by, entity.former_names = "", "", FORGOTTEN, []
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
        self.change.touched = True
        return True

    def merge_record(self, incoming: SessionRecord, history: List[Dict[str, Any]]) -> int:
        """Bring in another record of ours (an export): ids renumbered where they clash,
        facts already here or forgotten here skipped. Returns the facts brought in."""
        entity_ids = self._merge_entities(incoming)
        renumber: Dict[str, str] = dict(entity_ids)
        def identity(fact: Fact, about: Optional[str]) -> Tuple[Any, ...]:
            # A forgotten row has no text: it is known by when it was made.
            return (about, fact.when, textlib.normalise(fact.text), fact.live, fact.text or fact.created_at)
        known = {identity(f, f.about) for f in self.record.facts}
        brought = 0
        for fact in incoming.facts:
            about = entity_ids.get(fact.about or "", fact.about)
            if identity(fact, about) in known or (fact.live and not fact.text):
                continue
            if fact.text and (self.blocked(fact.text, about) or self.policy.refuses(fact.text)):
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
            moved = {k: renumber.get(v, v) if k in ("fact", "by") and isinstance(v, str) else v
                     for k, v in event.items()}
            self.change.events.append(moved)
        self._event("import", None, facts=brought)
        self.finish()
        return brought

    def _merge_entities(self, incoming: SessionRecord) -> Dict[str, str]:
        """Incoming entity id -> id here: a known name is the same entity, a new one is added."""
        known = {name_key(e.name): e.id for e in self.record.entities if e.live and e.name}
        mapping: Dict[str, str] = {}
        for entity in incoming.entities:
            if not entity.live or not entity.name or self.policy.refuses(entity.label):
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
        self._retire(merged, kept_id, "merge", before=merged.text, by=kept_id)

    def curate(self, fact_id: str) -> None:
        """Curation: retire a live fact the owner chose to prune (its text stays in history)."""
        fact = self.record.fact(fact_id)
        if fact is not None and fact.live:
            self._retire(fact, EVICTED, "curate", before=fact.text)

    # -- proposals (confirm: on) -------------------------------------------------------
    def propose(self, ops: Ops, listed_ids: Optional[Iterable[str]], *,
                forget_allowed: bool, forget_all_allowed: bool) -> Optional[Pending]:
        """Keep ``ops`` pending: nothing becomes live until the user (or the owner) says yes.

        What is proposed is screened like any fact, in its stored (canonical) form, and a
        forgotten fact is never proposed again."""
        adds = tuple(a for a in ops.add if not self._unwelcome(a.text, self._entity_named(a.about)))
        updates = tuple(u for u in ops.update if not self._unwelcome(u.text, None))
        ops = Ops(add=tuple(replace(a, text=self.canonical(a.text)) for a in adds),
                  update=tuple(replace(u, text=self.canonical(u.text)) for u in updates),
                  forget=ops.forget if forget_allowed else (), forget_all=ops.forget_all and forget_all_allowed)
        describe = self._describe(ops, listed_ids)
        if not describe:
            return None
        item = Pending(id=f"p{self.record.next_pending}", ops=ops.to_dict(), describe=describe,
                       listed_ids=list(listed_ids) if listed_ids is not None else None,
                       forget_allowed=forget_allowed, forget_all_allowed=forget_all_allowed,
                       created_at=self.now)
        self.record.next_pending += 1
        self.record.pending.append(item)
        self._event("propose", item.id, after=" | ".join(describe))
        for oldest in self.record.pending[:-MAX_PENDING]:  # a chatty model cannot pile proposals up
            self._drop_pending(oldest, "expire")
        return item

    def _unwelcome(self, text: str, about: Optional[str]) -> bool:
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

    def _drop_pending(self, item: Pending, action: str) -> None:
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
        self._event("confirm", item.id, before=" | ".join(item.describe))
        self.apply_ops(Ops.from_dict(item.ops), item.listed_ids, forget_allowed=item.forget_allowed,
                       forget_all_allowed=item.forget_all_allowed)
        if self.change.refused:
            del self.change.events[events_before:]
            self.record.pending.append(item)
            return
        # The facts it became: forgetting one of them scrubs this proposal's lines too.
        self.change.events[events_before]["facts"] = [e["fact"] for e in self.change.events[events_before + 1:]
                                                      if e.get("action") == "add"]

    def set_awaiting(self, pending_ids: Iterable[str], awaiting: bool) -> None:
        """Record that the assistant asked about these items (or that the asking is over)."""
        ids = set(pending_ids)
        for item in self.record.pending:
            if item.id in ids and item.awaiting != awaiting:
                item.awaiting = awaiting
                self.change.touched = True

    def answer_unclear(self, pending_ids: Iterable[str]) -> None:
        """Count an unclear answer; after the second the item is dropped, recorded."""
        ids = set(pending_ids)
        for item in [p for p in self.record.pending if p.id in ids]:
            item.asked += 1
            self.change.touched = True
            if item.asked >= MAX_UNCLEAR_ANSWERS:
                self._drop_pending(item, "unconfirmed")

    def expire_pending(self, ttl_s: float) -> None:
        for item in [p for p in self.record.pending if self.now - p.created_at > ttl_s]:
            self._drop_pending(item, "expire")


def edit(record: SessionRecord, policy: Policy, now: float, actor: str,
         act: Callable[[Editor], Any]) -> Change:
    """Run ``act`` on an editor of ``record``, finish, and return the change."""
    editor = Editor(record, policy, now, actor)
    act(editor)
    return editor.finish()
