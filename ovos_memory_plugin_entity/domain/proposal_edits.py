"""Proposals, in an edit: facts pending the user's (or the owner's) yes, a spoken control's own
question, and how each ends (applied, dropped, expired, unanswered). Pure.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable, List, Optional

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.entities import name_key
from ovos_memory_plugin_entity.domain.errors import NotFound
from ovos_memory_plugin_entity.domain.forget_edits import ForgetEdits
from ovos_memory_plugin_entity.domain.ops import Ops
from ovos_memory_plugin_entity.domain.record import Pending


# Proposals waiting for the user's yes, at most; the oldest expire first.
MAX_PENDING = 10
# Unclear answers after which a pending item is dropped: asked, then asked once more.
MAX_UNCLEAR_ANSWERS = 2


class ProposalEdits(ForgetEdits):
    """Proposals kept, asked about and decided; :meth:`Editor.decide` applies one."""

    def propose(self, ops: Ops, listed_ids: Optional[Iterable[str]], *,
                forget_allowed: bool, forget_all_allowed: bool, held: bool = False) -> Optional[Pending]:
        """Keep ``ops`` pending until the user (or owner) says yes, screened like any fact."""
        if not held:
            ops = self._set_aside(ops, listed_ids)
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
                       created_at=self.now, held=held)
        self.record.next_pending += 1
        self.record.pending.append(item)
        self._event("propose", item.id, after=" | ".join(describe), held=held or None)
        for oldest in self.record.pending[:-MAX_PENDING]:  # a chatty model cannot pile proposals up
            self._drop_pending(oldest, "expire")
        return item

    def ask(self, pending_id: str, ops: Ops, describe: List[str]) -> Pending:
        """Keep a spoken control's forget pending under ``pending_id``: the user's yes applies it."""
        item = Pending(id=pending_id, ops=ops, describe=describe, listed_ids=None, forget_allowed=True,
                       forget_all_allowed=ops.forget_all, created_at=self.now, by_voice=True)
        self.record.pending.append(item)
        self._event("propose", item.id, after=" | ".join(describe))
        return item

    def _set_aside(self, ops: Ops, listed_ids: Optional[Iterable[str]]) -> Ops:
        """An extraction's facts whose shape the screen doubts, held aside for the owner; the rest."""
        doubts = self.policy.doubts if self.automatic else lambda _text: False
        aside = Ops(add=tuple(a for a in ops.add  # who a fact is about, and the relation, are read too
                              if any(map(doubts, (self.canonical(a.text), a.about or "", a.relation or "")))),
                    update=tuple(u for u in ops.update if doubts(self.canonical(u.text))))
        if aside.add or aside.update:
            self.propose(aside, listed_ids, forget_allowed=False, forget_all_allowed=False, held=True)
        return replace(ops, add=tuple(a for a in ops.add if a not in aside.add),
                       update=tuple(u for u in ops.update if u not in aside.update))

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
        for item in [p for p in self.record.pending if self.now - p.created_at > ttl_s and not p.held]:
            self._drop_pending(item, "expire")
