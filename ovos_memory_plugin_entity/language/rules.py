"""The model-free extractor: patterns, as data per language, over the user's own words.

Precise over broad, and never a change to what was said: a sentence that is a
question is skipped; every clause is its own candidate ("I'm allergic to peanuts and
I love cycling" is two facts, not one); a match that a negation before it in its
clause turns around ("I don't think I live in Porto", "não sou alérgico") is left out;
patterns refuse the phrasings that only look like facts ("my name is not important",
"call me later"), and keep the words as said (a gendered adjective stays as it was). Facts are phrased like the model's ("Name is Ana", "Lives in Porto") so
the two extractors dedup against each other; a new home or name replaces the old
one in the editor, through the language's single-valued attributes, as for a model.
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from quebra_frases import sentence_tokenize

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.ops import NewFact, Ops
from ovos_memory_plugin_entity.domain.text import said_words
from ovos_memory_plugin_entity.language.data import Language, Rule
from ovos_memory_plugin_entity.language.gates import negated

_AFTER_MARK = re.compile(r"(?<=[!?¡¿;])\s+")


def _sentences(user_words: str) -> List[str]:
    """Sentences that know abbreviations ("I live in St. Louis."): quebra_frases, then
    a split after ! ? and ; which it leaves joined."""
    found = []
    for sentence in sentence_tokenize(user_words):
        found += [s.strip() for s in _AFTER_MARK.split(sentence) if s.strip()]
    return found


def _understood(clause: str, language: Language) -> bool:
    return any(rule.pattern.search(clause) for rule in language.rules)


def _clauses(sentence: str, language: Language) -> List[str]:
    """Each clause its own candidate: the sentence is cut at a joining word ("and") where
    what follows is understood on its own, or with the subject said again ("Ich heiße
    Jonas und wohne in Köln"); anything else stays joined ("peanuts and shellfish")."""
    if language.clause_joiner is None:
        return [sentence]
    pieces = language.clause_joiner.split(sentence)
    clauses = [pieces[0]]
    for joiner, piece in zip(pieces[1::2], pieces[2::2]):
        with_subject = f"{language.subject} {piece}"
        if _understood(piece, language):
            clauses.append(piece)
        elif language.subject and _understood(with_subject, language):
            clauses.append(with_subject)
        else:
            clauses[-1] += joiner + piece
    return clauses


def _turned_around(clause: str, start: int, language: Language) -> bool:
    """A negation before the match, since the clause's last comma: "I don't think I live in..."."""
    return negated(said_words(clause[:start].rsplit(",", 1)[-1]), language.negations)


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
        for clause in _clauses(sentence, language):
            for rule in language.rules:
                for match in rule.pattern.finditer(clause):
                    fact = None if _turned_around(clause, match.start(), language) else _render(rule, match.groups())
                    if fact:
                        found.setdefault(f"{fact.about or ''}\x1f{textlib.normalise(fact.text)}", fact)
    return Ops(add=tuple(found.values()))
