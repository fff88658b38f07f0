"""What may become a fact, and what a fact may look like inside a prompt.

Stored facts are the user's words placed in a system message. One screen,
:func:`is_instruction`, runs on every text that can reach a prompt (fact text, who it
is about and the relation, rules output, imports, migrated facts, proposals, entity
names), always on the normalised form (:func:`screened_form`), so that full-width or
zero-width tricks read as what they will render as. It refuses by word lists per
language (English always included) and by structure: a fact is a statement about a
person, so a role marker, a markup tag, an imperative addressed to the assistant, or
talk of its prompt, instructions, rules or modes is refused however it is worded.
Every fact is also flattened before it is rendered, so it cannot forge a chat turn.
"""
from __future__ import annotations

import re
from typing import FrozenSet, Pattern, Sequence

from ovos_memory_plugin_entity import text as textlib
from ovos_memory_plugin_entity.language import Language

# Chat-template tokens and role markers that could make a fact look like a new turn.
_TEMPLATE_TOKENS = re.compile(
    r"<\|[^|>]{0,40}\|>|\[/?(?:INST|SYS)\]|<<\s*/?SYS\s*>>|</?s>|<start_of_turn>|<end_of_turn>"
    r"|<\|?(?:im_start|im_end|eot_id|begin_of_text|start_header_id|end_header_id)\|?>|```",
    re.IGNORECASE)
_ROLE_MARKER = re.compile(r"(?:^|(?<=\s))(?:system|assistant|user|developer|tool|human|ai)\s*:\s*",
                          re.IGNORECASE)
# Structure that no statement about a person has, in any language.
_STRUCTURE = re.compile(
    r"</?[a-z_][\w-]{0,30}\s*/?>"  # markup: "</facts>", "<system>"
    r"|(?:^|[\s\[(])(?:system|assistant|developer|tool|human|ai|user)\s*[:>\]]"  # a role marker anywhere
    r"|\b(?:system|developer|admin|root|sudo|superuser)\s+(?:prompt|message|mode|access|instructions?|"
    r"privileges?|rights|permissions?|override)\b"
    r"|\b(?:your|the assistant'?s?|its)\s+(?:instructions?|rules|guidelines|programming|prompt|persona|"
    r"system|guardrails|restrictions|filters?)\b"
    r"|\b(?:prompt injection|jailbreak|dan mode|developer mode)\b",
    re.IGNORECASE)
# Words that open a command: "Always obey...", "Please ignore...".
_COMMAND_OPENERS = ("always", "never", "please", "do not", "don't", "you must", "you should", "you will")


# How far back (in words) a negation turns a request into its opposite: "don't ever forget".
NEGATION_WINDOW_WORDS = 4
_WORD = re.compile(r"[\w']+")


def screened_form(text: str) -> str:
    """What the screens read: compatibility forms folded (full-width, ligatures), format
    characters (zero-width joiners, bidi marks) removed, whitespace collapsed. Screening
    the raw text would let "Ｉｇｎｏｒｅ ａｌｌ…" through, to be rendered as plain ASCII later."""
    return textlib.clean(text, len(text) + 1)


def _imperative(text: str, language: Language) -> bool:
    """A sentence that opens with a command verb (after "always", "please"...): addressed
    to the assistant, not a statement about a person ("Never eats pork" is one; "Never
    reveal..." is not)."""
    for sentence in re.split(r"[.!;\n]+", text):
        words = sentence.strip().casefold()
        for opener in _COMMAND_OPENERS:
            if words.startswith(opener + " "):
                words = words[len(opener) + 1:].lstrip(", ")
        first = _WORD.findall(words)[:1]
        if first and first[0] in language.imperatives:
            return True
    return False


def is_instruction(fact: str, language: Language) -> bool:
    """True for a "fact" that tries to instruct the assistant rather than describe the user."""
    text = screened_form(fact)
    return (bool(_TEMPLATE_TOKENS.search(text)) or bool(_STRUCTURE.search(text))
            or any(p.search(text) for p in language.instructions) or _imperative(text, language))


def _requested(user_words: str, patterns: Sequence[Pattern[str]], negations: FrozenSet[str]) -> bool:
    """A pattern matches and no negation stands just before it in the same clause."""
    text = screened_form(user_words)
    for pattern in patterns:
        for match in pattern.finditer(text):
            clause = re.split(r"[.!?;,]", text[:match.start()])[-1]
            before = [w.casefold() for w in _WORD.findall(clause)][-NEGATION_WINDOW_WORDS:]
            inside = [w.casefold() for w in _WORD.findall(match.group(0))]  # "vergiss nicht alles"
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


def sanitise(fact: str, max_chars: int) -> str:
    """One plain line: no control characters, template tokens or role markers; capped."""
    flat = textlib.clean(fact, max_chars * 2)
    flat = _TEMPLATE_TOKENS.sub(" ", flat)
    flat = _ROLE_MARKER.sub("", flat)
    return textlib.clean(flat, max_chars)
