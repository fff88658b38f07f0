"""Gates decided in code from the user's own words: the quiet turn, and the forget requests.

The quiet-turn gate: no model request for a turn that cannot hold a personal fact.

On a one-slot model server every extraction delays the next chat answer, so "set an
alarm for seven" or "how far is the moon" should cost nothing. The gate is
conservative (a lost fact costs more than a wasted call): a turn is quiet only when
every sentence opens like a command or a general question (language data) and no word
in it speaks of the user (first person, family, allergies, forgetting...). Anything
else, a statement about Emma included, goes to the model.

The forget gates: a model's ``forget`` (of ids, or everything) is honoured only when the
user's own words ask to forget, a request and not a mention, negation understood.
Pure.
"""
from __future__ import annotations

import re
from typing import FrozenSet, Pattern, Sequence

from ovos_memory_plugin_entity.domain.text import SAID_WORD
from ovos_memory_plugin_entity.language.data import Language
from ovos_memory_plugin_entity.language.screen import screened_form

# How far back (in words) a negation turns a request into its opposite: "don't ever forget".
NEGATION_WINDOW_WORDS = 4
_SENTENCE_END = re.compile(r"[.!?;]+")


def may_hold_fact(user_words: str, language: Language) -> bool:
    """False only for a turn that is surely a command or a general question."""
    gate = language.quiet_gate
    if not gate.openers:
        return True  # no data for this language: every turn goes to the model
    text = screened_form(user_words).casefold().replace("’", "'")
    if not SAID_WORD.search(text):
        return False
    said = text
    for phrase in gate.command_objects:  # "tell me a joke": the "me" of a command is no fact
        said = re.sub(rf"(?<!\w){re.escape(phrase)}(?!\w)", " ", said)
    if any(w in gate.personal or w in gate.personal_words for w in SAID_WORD.findall(said)):
        return True
    for sentence in _SENTENCE_END.split(text):
        first = SAID_WORD.findall(sentence)[:1]
        if first and first[0] not in gate.openers:
            return True
    return False


def _requested(user_words: str, patterns: Sequence[Pattern[str]], negations: FrozenSet[str]) -> bool:
    """A pattern matches and no negation stands just before it in the same clause."""
    text = screened_form(user_words)
    for pattern in patterns:
        for match in pattern.finditer(text):
            clause = re.split(r"[.!?;,]", text[:match.start()])[-1]
            before = [w.casefold() for w in SAID_WORD.findall(clause)][-NEGATION_WINDOW_WORDS:]
            inside = [w.casefold() for w in SAID_WORD.findall(match.group(0))]  # "vergiss nicht alles"
            if not any(w in negations or w.endswith("n't") for w in before + inside):
                return True
    return False


def user_asked_to_forget_all(user_words: str, language: Language) -> bool:
    """The gate for ``forget_all``: the user's own words ask to forget everything
    (a request, not a mention: "never forget anything about me" is not one)."""
    return _requested(user_words, language.forget_all, language.negations)


def user_asked_to_forget(user_words: str, language: Language) -> bool:
    """The gate for a model's ``forget`` of ids: the user's own words ask to forget (or
    cancel) something. Without it a model cannot delete on its own."""
    return _requested(user_words, language.forget_request + language.forget_all, language.negations)
