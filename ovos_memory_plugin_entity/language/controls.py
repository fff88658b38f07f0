"""Spoken memory controls: what the user asks of the memory itself, read from their words.

"What do you know about me", "forget that", "forget my address", "don't remember this
conversation", "you can remember again", "forget everything", "remember that I live in
Leeds": each language writes its phrasings in ``patterns.json`` (key ``controls``), and
this module decides. Pure, and bounded: only a short utterance can be a control.

A control is a request, never a mention. A clause is a control only when the whole
clause is the request: after an optional lead-in ("please", "can you", "okay,") the
phrasing must open the clause and fill it to its end. So a negation before it ("don't
forget my address", "I never said forget that"), a question about something else ("did
you forget your keys again?"), or a report ("I told her to forget about it") is none.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from ovos_memory_plugin_entity.domain.text import said_words
from ovos_memory_plugin_entity.language.data import Language
from ovos_memory_plugin_entity.language.gates import negated
from ovos_memory_plugin_entity.language.screen import screened_form

# A spoken control is a short request; a longer turn is a statement and is not read for one.
MAX_CONTROL_CHARS = 240
# Clauses: sentences. A comma does not end one: "I never said, forget that" is one clause.
_CLAUSE_BREAK = re.compile(r"[.!?;¿¡:]+")
# What one thing to forget may be, at most: "forget my old address at 12 Rua das Flores
# in Lisbon". A longer target is the user talking on, not naming what to forget.
MAX_TARGET_WORDS = 16
# Words a target may trail after a comma ("forget my address, please"); more ("forget
# Emma, she's fine, how about the weather") is the user moving on: no target.
MAX_AFTERTHOUGHT_WORDS = 3
_TARGET_BREAK = re.compile(r"[,—–]")
# The order in which a clause is tried: the most specific request first.
KINDS = ("recall", "forget_all", "pause", "resume", "forget_last", "remember", "forget_thing")
# Kinds whose phrasings hold no negation of their own: a negation anywhere in the clause
# ("vergiss meine Adresse nicht", "forget everything? never") makes it no request.
_NEGATABLE = ("forget_all", "forget_thing")


@dataclass(frozen=True)
class Control:
    """A recognised control: its kind (one of :data:`KINDS`) and, for forgetting one
    thing or remembering, the words it is about, as said. ``rest``: what the utterance
    says besides the control (learnt from as an ordinary exchange); ``unsure``: it is
    unclear the user meant the memory (ask first)."""

    kind: str
    target: str = ""
    rest: str = ""
    unsure: bool = False


def _clauses(text: str) -> list:
    return [c.strip() for c in _CLAUSE_BREAK.split(text) if c.strip()]


def recognise(utterance: str, language: Language) -> Optional[Control]:
    """The control the user's words ask for, or None. At most one per turn: the first
    clause that is one, in spoken order."""
    if not isinstance(utterance, str) or len(utterance) > MAX_CONTROL_CHARS:
        return None
    text = screened_form(utterance).replace("’", "'")  # patterns ignore case; the target keeps it
    for clause in _clauses(text):
        for kind in KINDS:
            for pattern in language.controls.get(kind, ()):
                match = pattern.fullmatch(clause)
                if match is not None and kind in _NEGATABLE and _negated(clause, language):
                    continue
                if match is not None:
                    target = (match.groupdict().get("target") or "").strip()
                    if kind in ("forget_thing", "remember") and not target:
                        continue
                    if kind == "forget_thing":
                        target = _one_thing(target)
                        # "delete my alarm", "forget my shopping list": a skill's object, as the forget gates read it
                        if not target or any(w in language.non_memory_objects for w in said_words(target)):
                            continue
                    return Control(kind, target)
    return None


def _negated(clause: str, language: Language) -> bool:
    return negated(said_words(clause), language.negations)


def _one_thing(target: str) -> str:
    """What a "forget ..." names: the words before a trailing courtesy ("my address,
    please"); nothing when the sentence runs on past it or past MAX_TARGET_WORDS."""
    head, *rest = _TARGET_BREAK.split(target, maxsplit=1)
    if rest and len(rest[0].split()) > MAX_AFTERTHOUGHT_WORDS:
        return ""
    head = head.strip()
    return head if len(head.split()) <= MAX_TARGET_WORDS else ""
