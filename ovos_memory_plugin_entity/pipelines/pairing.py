"""``update_history`` calls as whole exchanges: a user turn sent alone (hivemind) is held per
session until its answer arrives, or dropped after ``timeout`` seconds.
"""
from __future__ import annotations

import threading
from typing import Callable, Dict, Iterable, List, Tuple

from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole
from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.contract import MAX_USER_CHARS
from ovos_memory_plugin_entity.domain.text import truncate

# So a flood of one-sided calls under ever-new session ids cannot grow memory.
MAX_HELD_USER_TURNS = 10_000
# A held user turn is kept cut to what the prompt shows of it (a pasted book is not a
# fact): MAX_HELD_USER_TURNS of them stay within about 20 M characters.
MAX_HELD_USER_CHARS = MAX_USER_CHARS


class ExchangePairer:
    """Holds the latest unanswered user turn per session."""

    def __init__(self, clock: Callable[[], float], timeout: float):
        self._clock = clock
        self._timeout = timeout
        self._held: Dict[str, Tuple[str, float]] = {}
        self._lock = threading.Lock()
        self._told_cut = self._told_full = False  # each bound is logged the first time it is reached

    def feed(self, key: str, messages: Iterable[AgentMessage]) -> List[Tuple[str, str]]:
        """The exchanges completed by ``messages``, as (user, assistant) pairs."""
        now = self._clock()
        exchanges = []
        with self._lock:
            while self._held and now - next(iter(self._held.values()))[1] > self._timeout:
                del self._held[next(iter(self._held))]
            for message in messages:
                content = message.content if isinstance(message.content, str) else ""
                role = message.role
                if role == MessageRole.USER and content.strip():
                    if len(content) > MAX_HELD_USER_CHARS and not self._told_cut:
                        self._told_cut = True
                        LOG.info(f"entity memory: a user turn longer than {MAX_HELD_USER_CHARS} characters is "
                                 f"kept cut to that (MAX_HELD_USER_CHARS): the model is shown no more of it")
                    self._held.pop(key, None)  # re-insert: the dict stays ordered by time
                    self._held[key] = (truncate(content, MAX_HELD_USER_CHARS), now)
                    if len(self._held) > MAX_HELD_USER_TURNS:
                        self._held.pop(next(iter(self._held)))
                        if not self._told_full:
                            self._told_full = True
                            LOG.warning(f"entity memory: {MAX_HELD_USER_TURNS} sessions hold a user turn "
                                        f"waiting for its answer (MAX_HELD_USER_TURNS); the oldest are dropped")
                elif role == MessageRole.ASSISTANT and content.strip() and key in self._held:
                    user, _ = self._held.pop(key)
                    exchanges.append((user, content))
        return exchanges
