"""The quiet-turn gate: no model request for a turn that cannot hold a personal fact.

On a one-slot model server every extraction delays the next chat answer, so "set an
alarm for seven" or "how far is the moon" should cost nothing. The gate is
conservative (a lost fact costs more than a wasted call): a turn is quiet only when
every sentence opens like a command or a general question (language data) and no word
in it speaks of the user (first person, family, allergies, forgetting...). Anything
else, a statement about Emma included, goes to the model. Pure.
"""
from __future__ import annotations

import re

from ovos_memory_plugin_entity.language import Language
from ovos_memory_plugin_entity.safety import screened_form

_WORD = re.compile(r"[\w']+")
_SENTENCE_END = re.compile(r"[.!?;]+")


def may_hold_fact(user_words: str, language: Language) -> bool:
    """False only for a turn that is surely a command or a general question."""
    gate = language.quiet_gate
    if not gate.openers:
        return True  # no data for this language: every turn goes to the model
    text = screened_form(user_words).casefold().replace("’", "'")
    if not _WORD.search(text):
        return False
    said = text
    for phrase in gate.command_objects:  # "tell me a joke": the "me" of a command is no fact
        said = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", " ", said)
    if any(w in gate.personal or w in gate.personal_words for w in _WORD.findall(said)):
        return True
    for sentence in _SENTENCE_END.split(text):
        first = _WORD.findall(sentence)[:1]
        if first and first[0] not in gate.openers:
            return True
    return False
