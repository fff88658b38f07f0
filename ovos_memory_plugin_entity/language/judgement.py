"""A language's part in the editor's :class:`policy.Policy`, shared by the plugin and the
owner's command line, so both judge a fact's words the same way: among them, which sensitive
categories a fact's words name (``sensitive_<category>.voc``, the language's and English), whatever
the model tags it. An entry is matched whole, accents and case aside; a trailing ``*`` matches any
ending ("allerg*": allergy)."""
from __future__ import annotations

import re
from typing import Dict, FrozenSet, Iterable, Pattern, Tuple

from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.sensitive_categories import CATEGORIES
from ovos_memory_plugin_entity.domain.text import fold_accents
from ovos_memory_plugin_entity.language.attributes import canonical_text, slot_of
from ovos_memory_plugin_entity.language.instructions import is_doubtful, is_instruction
from ovos_memory_plugin_entity.language.locale_data import Language, load_language
from ovos_memory_plugin_entity.language.secrets import redact, secret_class
from ovos_memory_plugin_entity.language.stemming import stemmer_for


def language_policy(lang: str, *, max_facts: int, sensitive_confirm: Iterable[str] = (),
                    sensitive_deny: Iterable[str] = ()) -> Policy:
    """The limits every edit obeys, with ``lang``'s judgement of a fact's words."""
    language = load_language(lang)
    return Policy(max_facts=max_facts, stopwords=language.stopwords,
                  refuses=lambda text: is_instruction(text, language),
                  doubts=lambda text: is_doubtful(text, language),
                  canonical=lambda text: canonical_text(text, language),
                  slot_of=lambda text: slot_of(text, language), stem=stemmer_for(language.stemmer),
                  secret_class=lambda text: secret_class(text, language),
                  redact=lambda text, said_before: redact(text, language, said_before),
                  sensitive_of=lambda text: categories_of(text, language),
                  sensitive_confirm=frozenset(sensitive_confirm), sensitive_deny=frozenset(sensitive_deny))

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
