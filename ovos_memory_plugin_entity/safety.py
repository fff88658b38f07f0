"""What may become a fact, and what a fact may look like inside a prompt.

Stored facts are the user's words placed in a system message: a "fact" that tries to
change the assistant's rules, identity or permissions is refused at extraction, and
every fact is flattened before it is rendered so it cannot forge a chat turn.
"""
from __future__ import annotations

import re

from ovos_memory_plugin_entity import text as textlib
from ovos_memory_plugin_entity.language import Language

# Chat-template tokens and role markers that could make a fact look like a new turn.
_TEMPLATE_TOKENS = re.compile(
    r"<\|[^|>]{0,40}\|>|\[/?(?:INST|SYS)\]|<<\s*/?SYS\s*>>|</?s>|<start_of_turn>|<end_of_turn>"
    r"|<\|?(?:im_start|im_end|eot_id|begin_of_text|start_header_id|end_header_id)\|?>|```",
    re.IGNORECASE)
_ROLE_MARKER = re.compile(r"(?:^|(?<=\s))(?:system|assistant|user|developer|tool|human|ai)\s*:\s*",
                          re.IGNORECASE)


def is_instruction(fact: str, language: Language) -> bool:
    """True for a "fact" that tries to instruct the assistant rather than describe the user."""
    return any(p.search(fact) for p in language.instructions) or bool(_TEMPLATE_TOKENS.search(fact))


def user_asked_to_forget_all(user_words: str, language: Language) -> bool:
    """The code-side gate for ``forget_all``: the user's own words must ask for it."""
    return any(p.search(user_words) for p in language.forget_all)


def sanitise(fact: str, max_chars: int) -> str:
    """One plain line: no control characters, template tokens or role markers; capped."""
    flat = textlib.clean(fact, max_chars * 2)
    flat = _TEMPLATE_TOKENS.sub(" ", flat)
    flat = _ROLE_MARKER.sub("", flat)
    return textlib.clean(flat, max_chars)
