"""Which sensitive categories a fact's words name (``sensitive_<category>.voc``, the
language's and English), whatever the model tags it. Pure. An entry is matched whole,
accents and case aside; a trailing ``*`` matches any ending ("allerg*": allergy)."""
from __future__ import annotations

import re
from typing import Dict, FrozenSet, Pattern, Tuple

from ovos_memory_plugin_entity.domain.sensitive import CATEGORIES
from ovos_memory_plugin_entity.domain.text import fold_accents
from ovos_memory_plugin_entity.language.data import Language

_MATCHERS: Dict[str, Tuple[Tuple[str, Pattern[str]], ...]] = {}  # one per language folder shipped


def _entry(word: str) -> str:
    word = fold_accents(word.strip().casefold())
    return re.sub(r"\\[ -]", r"[\\s-]+", re.escape(word.rstrip("*"))) + (r"\w*" if word.endswith("*") else "")


def _matchers(language: Language) -> Tuple[Tuple[str, Pattern[str]], ...]:
    if language.code not in _MATCHERS:
        _MATCHERS[language.code] = tuple(
            (name, re.compile(rf"(?<!\w)(?:{'|'.join(map(_entry, language.sensitive_words[name]))})(?!\w)"))
            for name in CATEGORIES if language.sensitive_words.get(name))
    return _MATCHERS[language.code]


def categories_of(text: str, language: Language) -> FrozenSet[str]:
    """The categories whose words ``text`` holds."""
    folded = fold_accents(text.casefold())
    return frozenset(name for name, pattern in _matchers(language) if pattern.search(folded))
