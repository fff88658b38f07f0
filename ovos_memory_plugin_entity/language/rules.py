"""The model-free extractor: patterns, as data per language, over the user's own words.

Precise over broad: a sentence that is a question is skipped, and patterns refuse
the phrasings that only look like facts ("my name is not important", "call me
later"). Facts are phrased like the model's ("Name is Ana", "Lives in Porto") so
the two extractors dedup against each other; a new home or name replaces the old
one in the editor, through the language's single-valued attributes, as for a model.
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from quebra_frases import sentence_tokenize

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.ops import NewFact, Ops
from ovos_memory_plugin_entity.language.data import Language, Rule

_AFTER_MARK = re.compile(r"(?<=[!?¡¿;])\s+")


def _sentences(user_words: str) -> List[str]:
    """Sentences that know abbreviations ("I live in St. Louis."): quebra_frases, then
    a split after ! ? and ; which it leaves joined."""
    found = []
    for sentence in sentence_tokenize(user_words):
        found += [s.strip() for s in _AFTER_MARK.split(sentence) if s.strip()]
    return found


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


def extract(user_words: str, language: Language) -> Ops:
    """Facts the user stated about themselves, as additions. A new value of a
    single-valued attribute replaces the old one in the editor, as for any extractor."""
    found: Dict[str, NewFact] = {}
    for sentence in _sentences(user_words):
        if sentence.endswith("?") or sentence.startswith("¿"):
            continue
        for rule in language.rules:
            for match in rule.pattern.finditer(sentence):
                fact = _render(rule, match.groups())
                if fact:
                    found.setdefault(f"{fact.about or ''}\x1f{textlib.normalise(fact.text)}", fact)
    return Ops(add=tuple(found.values()))
