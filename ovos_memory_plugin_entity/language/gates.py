"""Gates decided in code from the user's own words: the quiet turn, and the forget requests.

The quiet-turn gate: no model request for a turn that cannot hold a personal fact.

On a one-slot model server every extraction delays the next chat answer, so "set an
alarm for seven" or "how far is the moon" should cost nothing. The gate is
conservative (a lost fact costs more than a wasted call): a turn is quiet only when
every sentence opens like a command or a general question (language data) and no word
in it speaks of the user (first person, family, allergies, forgetting...). Anything
else, a statement about Emma included, goes to the model.

The forget gates: a model's ``forget`` (of ids, or everything) is honoured only when the
user's own words ask to forget, a request and not a mention: a negation anywhere in the
sentence before the request turns it off ("I don't want you to ever forget...", "Never,
ever forget..."), and the sentence must be about the memory (a word of remembering or
knowing, per language) and about no list, alarm, table or plan ("delete my 7 am alarm",
"wipe the table", "my flight got cancelled" open nothing). One pass over the text,
bounded work per sentence. Pure.
"""
from __future__ import annotations

import re
from typing import FrozenSet, Iterator, Pattern, Sequence

from ovos_memory_plugin_entity.domain.text import SAID_WORD, said_words
from ovos_memory_plugin_entity.language.data import Language
from ovos_memory_plugin_entity.language.screen import screened_form

# A forget request is a short sentence; a longer one is read as no request (and costs nothing).
MAX_REQUEST_CHARS = 400
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


def _sentences(text: str) -> Iterator[str]:
    """Sentences, found in one pass: a negation governs the sentence it is in, across
    commas ("Never, ever forget..."), and no further."""
    start = 0
    for end in _SENTENCE_END.finditer(text):
        yield text[start:end.start()]
        start = end.end()
    yield text[start:]


def negated(words: Sequence[str], negations: FrozenSet[str]) -> bool:
    """A negation among ``words``: one word ("never", "don't", "nicht"), or a phrase ("do not")."""
    spoken = f" {' '.join(words)} "
    return any(w in negations or w.endswith("n't") for w in words) or any(
        " " in n and f" {n} " in spoken for n in negations)


def _requested(user_words: str, patterns: Sequence[Pattern[str]], language: Language) -> bool:
    """Some sentence asks it: a pattern matches, no negation stands anywhere in that
    sentence (before the verb or after it: "vergiss niemals", "forget it? not ever"),
    and the sentence is about the memory (a word of remembering or knowing) and about
    no list, alarm, table or plan. Linear in the input: one pass over the sentences,
    each read at most MAX_REQUEST_CHARS far."""
    text = screened_form(user_words)
    for sentence in _sentences(text):
        if len(sentence) > MAX_REQUEST_CHARS or not sentence.strip():
            continue
        words = said_words(sentence)
        if negated(words, language.negations) or not any(w in language.memory_words for w in words) or any(
                w in language.non_memory_objects for w in words):
            continue
        if any(pattern.search(sentence) for pattern in patterns):
            return True
    return False


def user_asked_to_forget_all(user_words: str, language: Language) -> bool:
    """The gate for ``forget_all``: the user's own words ask to forget everything
    (a request, not a mention: "never forget anything about me" is not one)."""
    return _requested(user_words, language.forget_all, language)


def user_asked_to_forget(user_words: str, language: Language) -> bool:
    """The gate for a model's ``forget`` of ids: the user's own words ask to forget (or
    cancel) something. Without it a model cannot delete on its own."""
    return _requested(user_words, language.forget_request + language.forget_all, language)
