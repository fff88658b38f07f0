"""Turning ``update_history`` calls into whole user→assistant exchanges.

ovos-persona sends ``[USER, ASSISTANT]`` in one call; hivemind-persona-agent-plugin
sends ``[USER]`` then ``[ASSISTANT]``. The user turn is held per session until its
answer arrives; one whose answer never comes is dropped after ``timeout`` seconds.
"""
from __future__ import annotations

import threading
from typing import Callable, Dict, Iterable, List, Tuple

from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole

# So a flood of one-sided calls under ever-new session ids cannot grow memory.
MAX_HELD_USER_TURNS = 10_000


class ExchangePairer:
    """Holds the latest unanswered user turn per session."""

    def __init__(self, clock: Callable[[], float], timeout: float):
        self._clock = clock
        self._timeout = timeout
        self._held: Dict[str, Tuple[str, float]] = {}
        self._lock = threading.Lock()

    def feed(self, key: str, messages: Iterable[AgentMessage]) -> List[Tuple[str, str]]:
        """The exchanges completed by ``messages``, as (user, assistant) pairs."""
        now = self._clock()
        exchanges = []
        with self._lock:
            self._expire(now)
            for message in messages:
                content = message.content if isinstance(message.content, str) else ""
                role = message.role
                if role == MessageRole.USER and content.strip():
                    self._held.pop(key, None)  # re-insert: the dict stays ordered by time
                    self._held[key] = (content, now)
                    if len(self._held) > MAX_HELD_USER_TURNS:
                        self._held.pop(next(iter(self._held)))
                elif role == MessageRole.ASSISTANT and content.strip() and key in self._held:
                    user, _ = self._held.pop(key)
                    exchanges.append((user, content))
        return exchanges

    def _expire(self, now: float) -> None:
        while self._held:
            key, (_, since) = next(iter(self._held.items()))
            if now - since <= self._timeout:
                return
            del self._held[key]
