"""What a spoken forget covers, now and of what earlier words teach later. Pure.

"Forget my address" said while "my new address is ..." is at the model (or waits for
the next start) must leave neither value: the forget's :class:`record.ForgetMark`
stays in the record, and applying an earlier exchange forgets what the mark covers.
"""
from __future__ import annotations

from typing import Dict, Iterable, List, Optional

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.record import Entity, Fact, ForgetMark, SessionRecord

# Marks kept per session; an exchange said before more forgets than this is long learnt.
MAX_FORGET_MARKS = 16
# Exchange tokens "forget that" took back, kept per session.
MAX_WITHDRAWN = 16


def word_hashes(text: str, policy: Policy) -> tuple:
    return tuple(sorted({textlib.keyed_digest(w, policy.tombstone_key)
                         for w in textlib.terms(text, policy.stopwords, policy.stem)}))


def mark_for(target: str, slots: Iterable[str], record: SessionRecord, policy: Policy, now: float) -> ForgetMark:
    """What "forget <target>" names: a person or pet by name, else an attribute of the user
    (``slots``: "my address") a live fact holds, else every meaningful word of the target."""
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
