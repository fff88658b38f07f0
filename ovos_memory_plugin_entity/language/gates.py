"""Gates decided in code from the user's own words: the quiet turn, and the forget requests.

The quiet turn: no model request for a turn that cannot hold a personal fact ("set an alarm
for seven"; on a one-slot server every extraction delays the next answer), only when every
clause opens like a command or a general question and no word speaks of the user. The forget
gates: a model's ``forget`` is honoured only when the user's own words ask it, as the spoken
controls recognise a request (:func:`~language.controls.recognise`). Pure.
"""
from __future__ import annotations

import re
from typing import Tuple

from ovos_memory_plugin_entity.domain.text import SAID_WORD
from ovos_memory_plugin_entity.language.controls import recognise
from ovos_memory_plugin_entity.language.instructions import screened_form
from ovos_memory_plugin_entity.language.locale_data import Language
from ovos_memory_plugin_entity.language.reading import MAX_READ_CHARS, read

# A forget request is a short sentence; a longer one is read as no request (and costs nothing).
MAX_REQUEST_CHARS = 400
_SENTENCE_END = re.compile(r"[.!?;]+")


def may_hold_fact(user_words: str, language: Language) -> bool:
    """False only for a turn that is surely a command or a general question."""
    gate = language.command_turn
    if not gate.openers:
        return True  # no data for this language: every turn goes to the model
    text = screened_form(user_words).casefold().replace("’", "'")
    if not SAID_WORD.search(text):
        return False
    said = gate.command_objects.sub(" ", text)  # "tell me a joke": the "me" of a command is no fact
    if any(w in gate.personal for w in SAID_WORD.findall(said)):
        return True
    if len(text) > MAX_READ_CHARS:
        return True  # too long to be surely a command: the model reads it
    # Each clause, asides aside ("hey so turn off the lights and uh play music"), opens like a command or a question.
    return any(clause.words[0] not in gate.openers for clause in read(text, language.reading).clauses if clause.words)


def _asked(user_words: str, language: Language, kinds: Tuple[str, ...]) -> bool:
    """Some sentence of at most MAX_REQUEST_CHARS opens a request of one of ``kinds`` the
    user surely meant (read with what follows it: "forget everything? no, not ever")."""
    text = screened_form(user_words) if isinstance(user_words, str) else ""
    starts = (0, *(end.end() for end in _SENTENCE_END.finditer(text)))
    for start, end in zip(starts, (*starts[1:], len(text))):
        if end - start > MAX_REQUEST_CHARS or not text[start:end].strip():
            continue
        control = recognise(text[start:start + MAX_REQUEST_CHARS], language)
        if control is not None and control.kind in kinds and not control.unsure:
            return True
    return False


def user_asked_to_forget_all(user_words: str, language: Language) -> bool:
    return _asked(user_words, language, ("forget_all",))


def user_asked_to_forget(user_words: str, language: Language) -> bool:
    """Asked to forget, or to keep nothing ("stop remembering that"): a model cannot delete on its own."""
    return _asked(user_words, language, ("forget_all", "forget_last", "forget_thing", "pause"))
