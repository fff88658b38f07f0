"""Gates decided in code from the user's own words: the quiet turn, and the forget requests.

The quiet-turn gate: no model request for a turn that cannot hold a personal fact.
Both gates read the utterance's :mod:`reading <language.reading>`.

On a one-slot model server every extraction delays the next chat answer, so "set an
alarm for seven" or "how far is the moon" should cost nothing. The gate is
conservative (a lost fact costs more than a wasted call): a turn is quiet only when
every sentence opens like a command or a general question (language data) and no word
in it speaks of the user (first person, family, allergies, forgetting...). Anything
else, a statement about Emma included, goes to the model.

The forget gates: a model's ``forget`` (of ids, or everything) is honoured only when the
user's own words ask to forget, a request and not a mention, read on the utterance's
:mod:`reading <language.reading>`: a negation that governs the request turns it off
("I don't want you to ever forget...", "Never, ever forget...", "vergiss niemals..."),
while one in another clause does not ("I don't think so, but forget my address"); a
report ("forget my address, she said") is none; the clause must be about the memory (a
word of remembering or knowing, per language) and about no list, alarm, table or plan
("delete my 7 am alarm", "wipe the table", "my flight got cancelled" open nothing). One
pass over the text, bounded work per sentence. Pure.
"""
from __future__ import annotations

import re
from typing import FrozenSet, Iterator, Pattern, Sequence

from ovos_memory_plugin_entity.domain.text import SAID_WORD
from ovos_memory_plugin_entity.language.data import Language
from ovos_memory_plugin_entity.language.reading import MAX_READ_CHARS, Clause, read
from ovos_memory_plugin_entity.language.screen import screened_form

# A forget request is a short sentence; a longer one is read as no request (and costs nothing).
MAX_REQUEST_CHARS = 400
# A clause this short holding a negation refuses the request before it ("…? no, not ever").
MAX_REFUSAL_WORDS = 3
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
    if len(text) > MAX_READ_CHARS:
        return True  # too long to be surely a command: the model reads it
    # Each clause, its lead-ins and fillers aside ("hey so turn off the lights and uh play
    # some music"), opens like a command or a question.
    return any(clause.words[0] not in gate.openers for clause in read(text, language.reading).clauses if clause.words)


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
    """Some clause asks it, read on the utterance's reading (lead-ins, fillers and tags
    aside, contractions expanded): a pattern matches, no negation governs the request
    (before it, or closing the clause; anywhere in the clause where the language puts a
    negation after its verb: "vergiss niemals meine Adresse"), no bare refusal follows
    it ("forget everything? no, not ever"), it is the user's own (not "she said"), about
    the memory (a word of remembering or knowing) and about no list, alarm, table or
    plan. Linear in the input: one pass over the sentences, each read at most
    MAX_REQUEST_CHARS far."""
    after_verb = bool(language.controls) and language.controls[0].negation_after_verb
    clauses = [c for sentence in _sentences(screened_form(user_words))
               if len(sentence) <= MAX_REQUEST_CHARS and sentence.strip()
               for c in read(sentence, language.reading).clauses if c.words]
    for i, clause in enumerate(clauses):
        refused = i + 1 < len(clauses) and _refusal(clauses[i + 1])
        if clause.reported or refused or not any(w in language.memory_words for w in clause.words) or any(
                w in language.non_memory_objects for w in clause.words):
            continue
        text = clause.text
        for pattern in patterns:
            found = pattern.search(text)
            if found is not None and not _governed(clause, len(text[:found.start()].split()), after_verb):
                return True
    return False


def _governed(clause: Clause, request_at: int, after_verb: bool) -> bool:
    """A negation governs the request that starts at word ``request_at``."""
    at = clause.negation_at
    return bool(at) and (after_verb or at[0] < request_at or at[-1] == len(clause.words) - 1)


def _refusal(clause: Clause) -> bool:
    """A clause that only refuses what came before: "no, not ever", "nunca"."""
    return clause.negated and len(clause.words) <= MAX_REFUSAL_WORDS


def user_asked_to_forget_all(user_words: str, language: Language) -> bool:
    """The gate for ``forget_all``: the user's own words ask to forget everything
    (a request, not a mention: "never forget anything about me" is not one)."""
    return _requested(user_words, language.forget_all, language)


def user_asked_to_forget(user_words: str, language: Language) -> bool:
    """The gate for a model's ``forget`` of ids: the user's own words ask to forget (or
    cancel) something. Without it a model cannot delete on its own."""
    return _requested(user_words, language.forget_request + language.forget_all, language)
