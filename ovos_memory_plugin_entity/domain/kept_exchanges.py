"""Exchanges kept across a restart (kept as queued, removed once learnt). Pure. Each side is capped
as the prompt caps it; an erase or a forget drops them; each carries its ``learner`` tag, so only a
persona that learns alike takes it back.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.contract import MAX_ASSISTANT_CHARS, MAX_USER_CHARS

# Exchanges kept per session: more was a model down for hours, and the newest say most.
MAX_KEPT_PER_SESSION = 64

# (session id, user, assistant, generation, asked, token, said at, a control's)
Restored = Tuple[str, str, str, Optional[int], Optional[List[str]], str, Optional[float], bool]


@dataclass(frozen=True)
class Latest:
    """A session's latest exchange as the learner holds it: what "forget that" may take back."""

    token: str
    user: str
    applied: bool
    said_at: float


def kept_exchange(session_id: str, user: str, assistant: str, generation: Optional[int],
                  asked: Optional[List[str]], token: str = "", said_at: Optional[float] = None,
                  control: bool = False, learner: str = "") -> Dict[str, Any]:
    return {"session_id": session_id, "user": textlib.truncate(user, MAX_USER_CHARS),
            "assistant": textlib.truncate(assistant, MAX_ASSISTANT_CHARS), "generation": generation,
            "asked": asked, "token": token, "said_at": said_at, "control": control, "learner": learner}


def for_learner(item: Any, learner: str) -> bool:
    """Whether a kept exchange is for ``learner`` (untagged: anyone's)."""
    return not isinstance(item, dict) or item.get("learner") in (None, "", learner)


def restored_exchange(item: Any) -> Optional[Restored]:
    if not isinstance(item, dict):
        return None
    session_id, user, assistant = item.get("session_id"), item.get("user"), item.get("assistant")
    generation, asked = item.get("generation"), item.get("asked")
    if not (isinstance(session_id, str) and isinstance(user, str) and isinstance(assistant, str)):
        return None
    if generation is not None and (isinstance(generation, bool) or not isinstance(generation, int)):
        return None
    if asked is not None and not (isinstance(asked, list) and all(isinstance(a, str) for a in asked)):
        return None
    token, said_at = item.get("token"), item.get("said_at")
    said_at = float(said_at) if isinstance(said_at, (int, float)) and not isinstance(said_at, bool) else None
    return (session_id, user, assistant, generation, asked, token if isinstance(token, str) else "", said_at,
            item.get("control") is True)


def bounded(items: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    return items[-MAX_KEPT_PER_SESSION:]
