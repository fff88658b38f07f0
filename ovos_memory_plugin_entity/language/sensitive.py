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
    cached = _MATCHERS.get(language.code)
    if cached is None:
        cached = tuple((name, re.compile(rf"(?<!\w)(?:{'|'.join(map(_entry, words))})(?!\w)"))
                       for name, words in ((n, language.sensitive_words.get(n, ())) for n in CATEGORIES) if words)
        _MATCHERS[language.code] = cached
    return cached


def categories_of(text: str, language: Language) -> FrozenSet[str]:
    """The categories whose words ``text`` holds."""
    folded = fold_accents(text.casefold())
    return frozenset(name for name, pattern in _matchers(language) if pattern.search(folded))
