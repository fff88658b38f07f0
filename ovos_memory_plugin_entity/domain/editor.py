"""The one way a record changes: the extraction's ops, the owner's edits, people and import
(its bases: :mod:`fact_edits`, :mod:`forget_edits`, :mod:`proposal_edits`). An :class:`Editor`
changes one record in place and collects the :class:`Change` a store applies under its lock;
every edit ends in ``finish()`` (the cap and the retention bounds). Pure.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import replace
from typing import Any, Callable, Dict, Iterable, List, Optional, Set, Tuple

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.audit import Actor, AuditEvent
from ovos_memory_plugin_entity.domain.change import Change
from ovos_memory_plugin_entity.domain.entities import clean_name, clean_relation, name_key
from ovos_memory_plugin_entity.domain.errors import OwnerError
from ovos_memory_plugin_entity.domain.fact_edits import FORGOTTEN_ENTITY, MASS_RETIRE_MINIMUM
from ovos_memory_plugin_entity.domain.forgetting import SCRUBBED
from ovos_memory_plugin_entity.domain.ops import NewFact, Ops
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.proposal_edits import ProposalEdits
from ovos_memory_plugin_entity.domain.record import Entity, Fact, SessionRecord, Vectors


class Editor(ProposalEdits):
    """Every change a record can undergo, stamped with ``now`` and the actor."""

    # -- extraction ------------------------------------------------------------------
    def apply_ops(self, ops: Ops, listed_ids: Optional[Iterable[str]] = None, *,
                  forget_allowed: bool = False, forget_all_allowed: bool = False, asked: bool = False) -> Change:
        """An extraction's operations: an id not in ``listed_ids`` (what the prompt showed) is ignored, a forget
        needs its gate; retiring most live facts is refused unless ``asked`` (the user said yes to it)."""
        record = self.record
        snapshot, events_before = record.copy(), len(self.change.events)
        scrub_before, ids_before = len(self.change.forgotten_texts), len(self.change.forgotten_ids)
        live_before = {f.id: f for f in record.live_facts()}
        listed: Set[str] = set(listed_ids) if listed_ids is not None else set(live_before)
        targets = {fid: f for fid, f in live_before.items() if fid in listed}
        if ops.forget_all and forget_all_allowed:
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
        ops = self._set_aside(ops, listed_ids)
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
            if old is None or not old.text or self._refused_secret(item.about):
                continue
            entity = self.record.entity(old.about)
            about = self._resolve_entity(item.about, entity.relation if entity else None) if item.about else old.about
            if about in (FORGOTTEN_ENTITY, None if item.about else "") or self.blocked(self.canonical(item.text), about):
                self.change.warnings.append(f"update of {old.id} refused: its new text or name was forgotten or refused")
                continue
            new = self._add_or_confirm(item.text, item.pin or old.pinned, about, item.when or old.when,
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

    def remember(self, text: str, pin: bool = False, about: Optional[str] = None,
                 relation: Optional[str] = None) -> Optional[Fact]:
        """The user's own "remember that ...": the owner's add, under ``sensitive_deny`` and ``sensitive_confirm``."""
        if self._denied(text, None, about, relation, always=True):
            return None
        if self._categories(text, None, about, relation) & self.policy.sensitive_confirm:
            self.propose(Ops(add=(NewFact(text, pin, about, relation),)), None, forget_allowed=False,
                         forget_all_allowed=False)
            return None
        return self.add(text, pin, about, relation)

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

    # -- import ---------------------------------------------------------------------
    def import_texts(self, texts: Iterable[Any]) -> int:
        """Bring in plain fact texts (the older plugin's file); returns those a tombstone kept out."""
        kept_out = 0
        for text in texts:
            if isinstance(text, str) and self.blocked(text):
                kept_out += 1
            elif isinstance(text, str):
                self._add_or_confirm(text, pin=False)
        self.finish()
        return kept_out

    def forget_kept_secrets(self) -> List[str]:
        """Forget every row, proposal and person holding a secret an earlier version kept; their classes."""
        kinds: List[str] = []

        def refused(subject: str, *texts: str) -> bool:
            kind = self._secret_in(*texts)
            if kind is not None:
                self._event("refuse", subject, secret=kind)
                kinds.append(kind)
            return kind is not None
        for fact in [f for f in self.record.facts if f.text]:
            if refused(fact.id, fact.text):  # none in a row forgotten with an earlier one (no text left)
                self._forget_one(fact)
        for item in list(self.record.pending):
            if refused(item.id, *item.describe):
                self._drop_pending(item, "expire")
        for entity in [e for e in self.record.entities if e.live]:
            if refused(entity.id, entity.name, entity.relation, *entity.former_names):
                self.forget_entity(entity.id)
        self.finish()
        return kinds

    def mark_imported(self, marker: str) -> bool:
        """Note ``marker``'s source as brought in; False if it already was."""
        if marker in self.record.imported:
            return False
        self.record.imported.append(marker)
        self.change.unaudited = True
        return True

    def merge_record(self, incoming: SessionRecord, history: List[AuditEvent]) -> int:
        """Bring in an export of ours (ids renumbered, facts here skipped); what was forgotten here
        stays so (its history lines scrubbed), no secret comes in. Returns the facts brought in."""
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
            about_forgotten = event.subject in forgotten_here

            def kept(text: Optional[str]) -> Optional[str]:  # without text forgotten here (its subject, a tombstone)
                gone = text and (about_forgotten or any(self.blocked(part) for part in text.split(" / ")))
                return SCRUBBED if gone else text
            self.change.events.append(replace(moved, before=kept(moved.before), after=kept(moved.after)))
        self._event("import", None, facts=brought)
        self.finish()
        return brought

    def _merge_entities(self, incoming: SessionRecord, secret_ids: Set[str]) -> Dict[str, str]:
        """Incoming entity id -> id here (a known name is the same); forgotten people and ``secret_ids`` stay out."""
        known = {name_key(e.name): e.id for e in self.record.entities if e.live and e.name}
        mapping: Dict[str, str] = {}
        for entity in incoming.entities:
            if entity.id in secret_ids:
                self._refused_secret(entity.name, entity.relation, *entity.former_names)
                continue
            if not entity.live or not entity.name or self.policy.refuses(entity.label) or any(
                    self.name_forgotten(name) for name in (entity.name, *entity.former_names)):
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

    def set_vectors(self, vectors: Vectors) -> None:
        """Dense recall's fact vectors: derived data, no audit line."""
        self.record.vectors = vectors
        self.change.unaudited = True

    def decide(self, pending_id: str, accept: bool) -> None:
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


def edit(record: SessionRecord, policy: Policy, now: float, actor: Actor,
         act: Callable[[Editor], Any]) -> Change:
    editor = Editor(record, policy, now, actor)
    editor.change.outcome = act(editor)
    return editor.finish()
