"""The facts block and the messages around it. Pure. Stored facts are the user's words in
a system message: each is flattened first (:func:`sanitise`), so none can forge a turn.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.entities import describe_when
from ovos_memory_plugin_entity.domain.record import Fact

if TYPE_CHECKING:  # ranking imports this module for sanitise
    from ovos_memory_plugin_entity.domain.ranking import RankedSession

# Chat-template tokens and role markers that could make a fact look like a new turn.
TEMPLATE_TOKENS = re.compile(
    r"<\|[^|>]{0,40}\|>|\[/?(?:INST|SYS)\]|<<\s*/?SYS\s*>>|</?s>|<start_of_turn>|<end_of_turn>"
    r"|<\|?(?:im_start|im_end|eot_id|begin_of_text|start_header_id|end_header_id)\|?>|```",
    re.IGNORECASE)
ROLE_MARKER = re.compile(r"(?:^|(?<=\s))(?:system|assistant|user|developer|tool|human|ai)\s*:\s*",
                         re.IGNORECASE)


def sanitise(fact: str, max_chars: int) -> str:
    """One plain line: no control characters, template tokens or role markers; capped."""
    flat = textlib.clean(fact, max_chars * 2)
    flat = TEMPLATE_TOKENS.sub(" ", flat)
    flat = ROLE_MARKER.sub("", flat)
    return textlib.clean(flat, max_chars)


def render_block(header: str, session: RankedSession, facts: Sequence[Fact], now: float,
                 phrases: Mapping[str, Any]) -> str:
    """The user's facts, one line per entity, then events by date, in ``phrases``' language."""
    head = [header.strip() or phrases["header"], phrases["note"]]
    if not session.labels and not session.event_ends:  # only the user's own facts: one line each
        return "\n".join(head + [session.lines[f.id] for f in facts])
    lines: List[str] = []
    groups: Dict[str, List[str]] = {}
    events: List[Tuple[float, str]] = []
    for fact in facts:
        text = session.texts[fact.id]
        if fact.when:
            label = f"{session.labels[fact.about]}: " if fact.about in session.labels else ""
            events.append((session.event_ends[fact.id], f"- {describe_when(fact.when, now, phrases)}: {label}{text}"))
        elif fact.about in session.labels:
            if fact.about not in groups:
                groups[fact.about] = []
                lines.append(fact.about)  # placeholder: the entity's line goes where it first appears
            groups[fact.about].append(text)
        else:
            lines.append(f"- {text}")
    rendered = [f"- {session.labels[item]}: " + "; ".join(groups[item]) if item in groups else item
                for item in lines]
    rendered += [line for _, line in sorted(events)]
    return "\n".join(head + rendered)


def assemble(utterance: str, block: Optional[str], *, system_prompt: str, inject_mode: str,
             turns: Sequence[AgentMessage] = ()) -> List[AgentMessage]:
    """``[system?] + [facts?] + [recent turns] + [user]`` per ``inject_mode``; the utterance last, once."""
    system_prompt, utterance = system_prompt.strip(), utterance.strip()
    if block and inject_mode == "system_prompt":
        system_prompt, block = f"{system_prompt}\n\n{block}" if system_prompt else block, None
    elif block and inject_mode == "user":
        utterance, block = f"{block}\n\n{utterance}", None
    system = [AgentMessage(role=MessageRole.SYSTEM, content=text) for text in (system_prompt, block) if text]
    return [*system, *turns, AgentMessage(role=MessageRole.USER, content=utterance)]
