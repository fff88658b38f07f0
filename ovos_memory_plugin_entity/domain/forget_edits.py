"""Forgetting in an edit: a fact and every row with its words, a person with every name, everything;
the pause and a spoken forget's marks. Pure. "Forget my address" said while "my new address is ..."
is at the model must leave neither: the mark stays, and an earlier exchange applied later forgets
what it covers (:func:`covered`).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, Iterable, List, Optional

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.audit import Action
from ovos_memory_plugin_entity.domain.errors import NotFound
from ovos_memory_plugin_entity.domain.fact_edits import FactEdits, entity_hash
from ovos_memory_plugin_entity.domain.forgetting import mentions
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.record import Entity, Fact, ForgetMark, Pending, SessionRecord, Tombstone

# Marks kept per session; an exchange said before more forgets than this is long learnt.
MAX_FORGET_MARKS = 16
# Exchange tokens "forget that" took back, kept per session.
MAX_WITHDRAWN = 16


def word_hashes(text: str, policy: Policy) -> tuple:
    return tuple(sorted({textlib.keyed_digest(w, policy.tombstone_key)
                         for w in textlib.terms(text, policy.stopwords, policy.stem)}))


def mark_for(target: str, slots: Iterable[str], record: SessionRecord, policy: Policy, now: float) -> ForgetMark:
    """What "forget <target>" names: a person by name, else a live attribute (``slots``), else its words."""
    said = set(textlib.WORD.findall(textlib.normalise(target)))  # "l'Emma": "l", "emma"
    entities = tuple(e.id for e in record.live_entities().values()
                     if e.name and set(textlib.WORD.findall(textlib.normalise(e.name))) <= said)
    if entities:
        return ForgetMark(now, entities=entities)
    mark = ForgetMark(now, slots=tuple(sorted(slots)))
    if mark.slots and any(covers(mark, f, {}, policy) for f in record.live_facts() if f.text):
        return mark
    return ForgetMark(now, slots=mark.slots, words=word_hashes(target, policy))


def covers(mark: ForgetMark, fact: Fact, entities: Dict[str, Entity], policy: Policy) -> bool:
    """Everything, the person or pet, the user's attribute, or every meaningful word of the target."""
    if mark.everything or (fact.about is not None and fact.about in mark.entities):
        return True
    if mark.slots and fact.about is None and (policy.slot_of(fact.text) or ("",))[0] in mark.slots:
        return True
    if not mark.words:
        return False
    label = entities[fact.about].label if fact.about in entities else ""
    return set(mark.words) <= set(word_hashes(f"{label} {fact.text}", policy))


def covered(marks: Iterable[ForgetMark], said_at: Optional[float], facts: List[Fact],
            entities: Dict[str, Entity], policy: Policy) -> List[Fact]:
    """What an exchange said at ``said_at`` (None: older than all) added that a later mark covers."""
    later = [m for m in marks if said_at is None or m.at > said_at]
    return [f for f in facts if any(covers(m, f, entities, policy) for m in later)]


class ForgetEdits(FactEdits):
    """What an edit forgets: the text goes from the record, a tombstone of hashes stays."""

    def _forget_text(self, fact: Fact) -> None:
        """Forget every row with these words, and the earlier values it replaced (old addresses too)."""
        todo, seen = [fact], set()
        while todo:
            row = todo.pop()
            if row.text and row.id not in seen:  # seen: a damaged record's cycle of replacements ends
                seen.add(row.id)
                todo += self._replaced(row)
                self._forget_one(row)

    def _replaced(self, fact: Fact) -> List[Fact]:
        if self._replaced_by is None:
            self._replaced_by = {}
            for row in self.record.facts:
                if row.superseded_by and row.retired_reason in ("superseded", "merged"):
                    self._replaced_by.setdefault(row.superseded_by, []).append(row)
        return [row for row in self._replaced_by.get(fact.id, ()) if row.text]

    def forget_everything(self) -> int:
        """Forget every row and every person with their names: nothing said is left. Returns the live count."""
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
                row.when = None  # a date says what happened when ("surgery on the 15th")
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
        """A proposal about a forgotten fact (its id or words) goes with it, from the trail too."""
        for item in list(self.record.pending):
            targets = {u.fact_id for u in item.ops.update} | set(item.ops.forget)
            if fact_id in targets or any(mentions(line, [fact_text]) for line in item.describe):
                self._drop_pending(item, "forget")

    def _drop_pending(self, item: Pending, action: Action) -> None:
        """A proposal not accepted leaves no text behind: its lines leave the trail too."""
        self.record.pending.remove(item)
        self.change.forgotten_texts += item.describe
        self.change.forgotten_ids.append(item.id)
        self._event(action, item.id)

    def _rows_with_text(self, about: Optional[str], normalised: str) -> List[Fact]:
        """Rows about ``about`` with this text: indexed once per edit, so forgetting all is O(rows)."""
        if self._rows_by_text is None:
            self._rows_by_text = {}
            for row in self.record.facts:
                if row.text:
                    self._rows_by_text.setdefault((row.about, textlib.normalise(row.text)), []).append(row)
        return list(self._rows_by_text.get((about, normalised), ()))

    def forget(self, fact_id: str) -> bool:
        """Forget a fact, live or retired (a tombstone stays); False if it was forgotten already."""
        fact = self.record.fact(fact_id)
        if fact is None:
            raise NotFound("fact", fact_id)
        if not fact.text and fact.retired_reason == "forgotten":
            # Forgotten already: scrub its trail again, finishing a forget a crash interrupted.
            self.change.forgotten_ids.append(fact.id)
            self.change.unaudited = True
            return False
        if not fact.text:
            raise NotFound("fact with text", fact_id)
        self._forget_text(fact)
        return True

    def _forget_person(self, entity: Entity) -> None:
        self.change.forgotten_texts += [t for t in (entity.label, entity.name, *entity.former_names) if t]
        self.change.forgotten_ids.append(entity.id)
        self.record.tombstones += [Tombstone(entity_hash(name, self.policy.tombstone_key), None, self.now)
                                   for name in {entity.name, *entity.former_names} if name]
        entity.name, entity.relation, entity.retired_reason, entity.former_names = "", "", "forgotten", []
        self._event("forget", entity.id)
