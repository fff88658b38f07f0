"""The conversation's recent turns, as ovos-persona's default memory keeps them: the last ``max_history``
messages, a dangling user turn dropped, assistant messages merged, never starting with an answer.
A secret is replaced by its class ("[card number]") before a turn is kept.
"""
from __future__ import annotations

import threading
from typing import Callable, List

from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole
from ovos_utils.log import LOG

from ovos_memory_plugin_entity.io.caches import LRU

# Longest message kept, its newest characters (about 2,000 tokens): a pasted page is not sent every turn.
MAX_TURN_CHARS = 8000
# Read beyond the kept characters for secrets, so one cut at the edge is still found whole.
REDACT_MARGIN_CHARS = 1000


class TurnKeeper:
    def __init__(self, max_history: int, max_sessions: int, redact: Callable[[str, str], str]):
        self._max_history, self._redact = max_history, redact
        self._turns: LRU[str, List[AgentMessage]] = LRU(max_sessions)
        self._lock = threading.Lock()
        self._told = False  # the bound is logged the first time it is reached

    def add(self, key: str, messages: List[AgentMessage]) -> None:
        if self._max_history <= 0:
            return
        with self._lock:
            history = list(self._turns.get(key) or [])
            said = ""  # the user's words a reply answers: its echo of their secret goes too
            for message in messages:
                if not isinstance(message.content, str) or message.role not in (MessageRole.USER,
                                                                                 MessageRole.ASSISTANT):
                    continue
                said, content = (message.content, self._redacted(message.content, "")) if message.role == MessageRole.USER \
                    else (said, self._redacted(message.content, said))
                last = history[-1] if history else None
                if last is not None and last.role == message.role == MessageRole.USER:
                    history.pop()  # a user turn that got no answer
                elif last is not None and last.role == message.role == MessageRole.ASSISTANT:
                    merged = self._bounded(f"{last.content}\n{content}")
                    history[-1] = AgentMessage(role=MessageRole.ASSISTANT, content=merged)
                    continue
                history.append(AgentMessage(role=message.role, content=self._bounded(content)))
            self._turns.put(key, history[-self._max_history:])

    def _redacted(self, content: str, said_before: str) -> str:
        """Secrets redacted in the kept part and a margin (a secret cut at the edge is seen whole)."""
        return self._redact(content[-(MAX_TURN_CHARS + REDACT_MARGIN_CHARS):], said_before[-MAX_TURN_CHARS:])

    def _bounded(self, content: str) -> str:
        if len(content) <= MAX_TURN_CHARS:
            return content
        if not self._told:
            self._told = True
            LOG.info(f"entity memory: a conversation message longer than {MAX_TURN_CHARS} characters is kept "
                     f"cut to its last {MAX_TURN_CHARS} (MAX_TURN_CHARS)")
        return "…" + content[-(MAX_TURN_CHARS - 1):]

    def recent(self, key: str) -> List[AgentMessage]:
        """Whole exchanges, oldest first: no dangling question, no leading answer."""
        with self._lock:
            history = list(self._turns.get(key) or [])
        while history and history[-1].role == MessageRole.USER:
            history.pop()
        while history and history[0].role == MessageRole.ASSISTANT:
            history.pop(0)
        return [AgentMessage(role=m.role, content=m.content) for m in history]

    def clear(self) -> None:
        self._turns.clear()
