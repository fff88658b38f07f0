"""What a fact says, read the same way whoever phrased it: the safety net under small models.

:func:`canonical_text` takes a subject prefix off ("The user's name is Rui" → "Name is
Rui"), so one fact is one fact; :func:`slot_of` names the single-valued attribute a fact
states (name, home, job...), so a newer value supersedes the older even from a plain ``add``.
"""
from __future__ import annotations

from typing import Optional, Tuple

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.language.locale_data import Language


def canonical_text(fact: str, language: Language) -> str:
    """``fact`` without a subject prefix, its first letter capitalised."""
    said = fact.strip()
    text = next((t for t in (p.sub("", said, count=1).strip() for p in language.subject_prefixes) if t and t != said), said)
    return text[:1].upper() + text[1:]


def slot_of(fact: str, language: Language) -> Optional[Tuple[str, bool]]:
    """(attribute, is it an identity) for a fact that states a single-valued attribute."""
    text = textlib.normalise(fact)
    for slot in language.slots:
        match = slot.pattern.search(text)
        if match:
            key = match.groupdict().get("key")
            return (f"{slot.name}:{key}" if key else slot.name), slot.pin
    return None
