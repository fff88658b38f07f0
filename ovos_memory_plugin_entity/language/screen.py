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

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.rendering import TEMPLATE_TOKENS
from ovos_memory_plugin_entity.domain.text import SAID_WORD
from ovos_memory_plugin_entity.language.data import Language

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
        first = SAID_WORD.findall(words)[:1]
        if first and first[0] in language.imperatives:
            return True
    return False


def is_instruction(fact: str, language: Language) -> bool:
    """True for a "fact" that tries to instruct the assistant rather than describe the user."""
    text = screened_form(fact)
    return (bool(TEMPLATE_TOKENS.search(text)) or bool(_STRUCTURE.search(text))
            or any(p.search(text) for p in language.instructions) or _imperative(text, language))
