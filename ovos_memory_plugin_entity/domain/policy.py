"""The limits and the language every edit obeys: :class:`Policy`, built once from the settings and
the language (:func:`language.judgement.language_policy`). Pure."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, FrozenSet, Optional, Tuple

from ovos_memory_plugin_entity.domain import text as textlib


@dataclass(frozen=True)
class Policy:
    """The limits a change obeys, and the language's judgement of a fact's words."""

    max_facts: int = 1000
    max_retired: int = 200
    supersede_threshold: float = 0.8
    max_fact_chars: int = 200
    stopwords: FrozenSet[str] = frozenset()
    refuses: Callable[[str], bool] = lambda _text: False  # text that may not become a fact (the screen)
    doubts: Callable[[str], bool] = lambda _text: False  # a shape the screen is unsure of: held aside for the owner
    canonical: Callable[[str], str] = lambda text: text  # "The user's name is Rui" -> "Name is Rui"
    # The single-valued attribute a fact states (name, home...), and whether to pin it: a newer value replaces it.
    slot_of: Callable[[str], Optional[Tuple[str, bool]]] = lambda _text: None
    stem: Callable[[str], str] = textlib.light_stem
    tombstone_key: bytes = b""  # the store's secret: tombstones are keyed hashes, nothing in an export is guessable
    secret_class: Callable[[str], Optional[str]] = lambda _text: None  # a secret's class ("PIN"): never kept
    # Every secret replaced by its class, in each copy kept or sent (turns, waiting exchanges,
    # embeddings requests), and a reply's echo of the words before it ("Noted: 4821").
    redact: Callable[[str, str], str] = lambda text, _said_before: text
    # The categories a fact's words name (:data:`sensitive.CATEGORIES`); the owner's terms: a fact in
    # ``sensitive_confirm`` waits for the user's yes, an automatic one in ``sensitive_deny`` is never kept.
    sensitive_of: Callable[[str], FrozenSet[str]] = lambda _text: frozenset()
    sensitive_confirm: FrozenSet[str] = frozenset()
    sensitive_deny: FrozenSet[str] = frozenset()
