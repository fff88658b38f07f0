"""The model-free extractor: patterns, as data per language, over the user's own words.

Precise over broad: a sentence that is a question is skipped, and patterns refuse
the phrasings that only look like facts ("my name is not important", "call me
later"). Facts are phrased like the model's ("Name is Ana", "Lives in Porto") so
the two extractors dedup against each other. A fact for a single-valued slot
(name, home, job, ...) replaces that slot's live fact, as a model ``update`` would.
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Sequence, Tuple

from quebra_frases import sentence_tokenize

from ovos_memory_plugin_entity import text as textlib
from ovos_memory_plugin_entity.contract import NewFact, Ops, Replacement
from ovos_memory_plugin_entity.language import Language, Rule

_AFTER_MARK = re.compile(r"(?<=[!?¡¿;])\s+")


def _sentences(user_words: str) -> List[str]:
    """Sentences that know abbreviations ("I live in St. Louis."): quebra_frases, then
    a split after ! ? and ; which it leaves joined."""
    found = []
    for sentence in sentence_tokenize(user_words):
        found += [s.strip() for s in _AFTER_MARK.split(sentence) if s.strip()]
    return found


def _slot_prefix(rule: Rule) -> str:
    return textlib.normalise(rule.template.split("{", 1)[0])


def _title(value: str) -> str:
    """Capitalised words, short joiners kept small: "Rio de Janeiro", "Frankfurt am Main"."""
    words = value.split()
    return " ".join(w if n and len(w) <= 3 and w.islower() else w[:1].upper() + w[1:] for n, w in enumerate(words))


def _render(rule: Rule, groups: Tuple[Optional[str], ...]) -> Optional[NewFact]:
    values = []
    for index, value in enumerate(groups):
        if not value:
            return None
        value = value.strip(" ,.'’")
        titled = rule.title_groups is None or index in rule.title_groups
        values.append(_title(value) if titled else value.lower() if rule.lowercase else value)
    about = values[rule.about_group] if rule.about_group is not None else None
    relation = values[rule.relation_group] if rule.relation_group is not None else None
    return NewFact(rule.template.format(*values), rule.pin, about=about, relation=relation)


def slot_of(fact_text: str, language: Language) -> Optional[str]:
    """Which single-valued slot a stored fact fills, judged by its phrasing."""
    key = textlib.normalise(fact_text)
    for rule in language.rules:
        if rule.slot and key.startswith(_slot_prefix(rule)):
            return rule.slot
    return None


def extract(user_words: str, language: Language, live_facts: Sequence[Tuple[str, str]] = ()) -> Ops:
    """Facts the user stated about themselves, as operations on ``live_facts`` (id, text)."""
    found: Dict[str, Tuple[NewFact, Rule]] = {}
    for sentence in _sentences(user_words):
        if sentence.endswith("?") or sentence.startswith("¿"):
            continue
        for rule in language.rules:
            for match in rule.pattern.finditer(sentence):
                fact = _render(rule, match.groups())
                if fact:
                    found.setdefault(f"{fact.about or ''}\x1f{textlib.normalise(fact.text)}", (fact, rule))
    slots: Dict[str, List[Tuple[str, str]]] = {}
    for fact_id, fact_text in live_facts:
        slot = slot_of(fact_text, language)
        if slot:
            slots.setdefault(slot, []).append((fact_id, fact_text))
    adds: List[NewFact] = []
    updates: List[Replacement] = []
    for fact, rule in found.values():
        key = textlib.normalise(fact.text)
        holders = [h for h in slots.get(rule.slot or "", ()) if textlib.normalise(h[1]) != key]
        same = any(textlib.normalise(h[1]) == key for h in slots.get(rule.slot or "", ()))
        if rule.slot and holders and not same:
            updates.extend(Replacement(fid, fact.text, 1.0, rule.pin) for fid, _ in holders)
        else:
            adds.append(fact)
    return Ops(add=tuple(adds), update=tuple(updates))
