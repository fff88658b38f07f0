"""A language's part in the editor's :class:`policy.Policy`, shared by the plugin and the
owner's command line, so both judge a fact's words the same way."""
from __future__ import annotations

from typing import Iterable

from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.language.attributes import canonical_text, slot_of
from ovos_memory_plugin_entity.language.data import load_language
from ovos_memory_plugin_entity.language.screen import is_doubtful, is_instruction
from ovos_memory_plugin_entity.language.secrets import redact, secret_class
from ovos_memory_plugin_entity.language.sensitive import categories_of
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
