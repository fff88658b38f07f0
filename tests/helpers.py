"""Small factories shared by the tests: a hand-moved clock, exchanges, and record edits."""
from __future__ import annotations

from typing import Any, Iterable, List, Optional

from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole

from ovos_memory_plugin_entity.about import UNIQUE_PLUGIN_NAME
from ovos_memory_plugin_entity.domain.change import Change
from ovos_memory_plugin_entity.domain.editor import Editor
from ovos_memory_plugin_entity.domain.ops import NewFact, Ops, Replacement  # noqa: F401  (re-exported)
from ovos_memory_plugin_entity.domain.policy import Policy  # noqa: F401
from ovos_memory_plugin_entity.domain.record import SessionRecord, new_record  # noqa: F401

UNIQUE_NAME = UNIQUE_PLUGIN_NAME


class Clock:
    """A clock the tests move by hand: no test sleeps."""

    def __init__(self, start: float = 1_000.0):
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def user_assistant(user: str, assistant: str = "Okay.") -> List[AgentMessage]:
    return [AgentMessage(role=MessageRole.USER, content=user),
            AgentMessage(role=MessageRole.ASSISTANT, content=assistant)]


def apply_ops(record: SessionRecord, ops: Ops, *, now: float, actor: str, policy: Policy,
              listed_ids: Optional[Iterable[str]] = None, forget_allowed: bool = True,
              forget_all_allowed: bool = False, asked: bool = False) -> Change:
    """An extraction's operations applied as the learning pipeline applies them."""
    return Editor(record, policy, now, actor).apply_ops(ops, listed_ids, forget_allowed=forget_allowed,
                                                        forget_all_allowed=forget_all_allowed, asked=asked)


def owner_add(record: SessionRecord, text: str, *, now: float, actor: str, policy: Policy,
              pin: bool = False) -> Change:
    editor = Editor(record, policy, now, actor)
    editor.add(text, pin)
    return editor.finish()


def owner_forget(record: SessionRecord, fact_id: str, *, now: float, actor: str, policy: Policy) -> Change:
    editor = Editor(record, policy, now, actor)
    editor.forget(fact_id)
    return editor.finish()


def import_facts(record: SessionRecord, texts: Iterable[Any], *, now: float, policy: Policy) -> Change:
    editor = Editor(record, policy, now, "import")
    editor.import_texts(texts)
    return editor.finish()
