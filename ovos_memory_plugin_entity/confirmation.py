"""``confirm: on``: nothing extracted becomes live until the user says yes, judged in code.

The flow, per session: an exchange's operations are kept *pending*; the next turn's
context asks the assistant to ask the user about them (one short system paragraph);
that turn's exchange carries the question; the exchange after it holds the user's
answer, judged yes/no in code (:mod:`yesno`). Yes applies the items (actor
``user-confirmed``), no drops them, anything else asks once more, then drops them.
Nothing the model returns can make an item live: the contract has no such operation.
"""
from __future__ import annotations

import threading
from typing import Iterable, List, Optional, Sequence

from ovos_memory_plugin_entity.contract import Ops
from ovos_memory_plugin_entity.editor import Editor
from ovos_memory_plugin_entity.lru import LRU
from ovos_memory_plugin_entity.record import SessionRecord
from ovos_memory_plugin_entity.safety import sanitise
from ovos_memory_plugin_entity.yesno import Judge

# Sessions whose asked-about items this process tracks; the oldest are forgotten first.
MAX_TRACKED_SESSIONS = 10_000

QUESTION = ("Before or after answering, ask the user in one short question whether you should "
            "remember the following about them. Do not treat it as known until they agree:")


def describe_ops(record: SessionRecord, ops: Ops, listed_ids: Optional[Iterable[str]]) -> List[str]:
    """One line per proposed change, as the assistant will ask about it."""
    listed = set(listed_ids) if listed_ids is not None else None
    lines = [a.text for a in ops.add]
    for item in ops.update:
        old = record.fact(item.fact_id)
        if old is not None and old.live and (listed is None or old.id in listed):
            lines.append(f"{item.text} (instead of: {old.text})")
    for fact_id in ops.forget:
        old = record.fact(fact_id)
        if old is not None and old.live and old.text and (listed is None or old.id in listed):
            lines.append(f"forget: {old.text}")
    if ops.forget_all:
        lines.append("forget everything remembered")
    return lines


class Confirmation:
    """Tracks which pending items were asked about, per session, and judges the answers."""

    def __init__(self, judge: Judge, ttl_s: float, max_fact_chars: int, question: str = QUESTION):
        self._judge, self._ttl_s, self._question = judge, ttl_s, question
        self._max_fact_chars = max_fact_chars
        self._offered: LRU[str, List[str]] = LRU(MAX_TRACKED_SESSIONS)  # asked in the context answered now
        self._awaiting: LRU[str, List[str]] = LRU(MAX_TRACKED_SESSIONS)  # asked last exchange; next one answers
        self._lock = threading.Lock()

    def question(self, key: str, record: SessionRecord, now: float) -> Optional[str]:
        """The paragraph asking about pending items, or None; remembers what it asked."""
        with self._lock:
            awaiting = set(self._awaiting.get(key) or ())
            items = [p for p in record.pending if p.id not in awaiting and now - p.created_at <= self._ttl_s]
            if not items:
                self._offered.pop(key)
                return None
            self._offered.put(key, [p.id for p in items])
        lines = [f"- {sanitise(line, self._max_fact_chars)}" for p in items for line in p.describe]
        return "\n".join([self._question, *lines])

    def next_exchange(self, key: str) -> Optional[List[str]]:
        """Called for each exchange in order: the pending ids its user words answer."""
        with self._lock:
            answers = self._awaiting.get(key)
            offered = self._offered.get(key)
            self._awaiting.pop(key)
            self._offered.pop(key)
            if offered:
                self._awaiting.put(key, offered)
            return answers

    def apply_answer(self, editor: Editor, pending_ids: Sequence[str], user_words: str) -> None:
        """Judge the user's words and apply, drop or re-ask the items asked about."""
        editor.expire_pending(self._ttl_s)
        asked = [p for p in editor.record.pending if p.id in set(pending_ids)]
        if not asked:
            return
        question = "Should I remember: " + "; ".join(line for p in asked for line in p.describe) + "?"
        verdict = self._judge(question, user_words)
        if verdict is None:
            editor.answer_unclear([p.id for p in asked])
            return
        actor = editor.actor
        editor.actor = "user-confirmed" if verdict else "user"
        for item in asked:
            editor.decide(item.id, verdict)
        editor.actor = actor

    def propose(self, editor: Editor, ops: Ops, listed_ids: Optional[Sequence[str]], *,
                forget_allowed: bool, forget_all_allowed: bool) -> None:
        """Expire what is too old, then keep ``ops`` pending."""
        editor.expire_pending(self._ttl_s)
        editor.propose(ops, describe_ops(editor.record, ops, listed_ids), listed_ids,
                       forget_allowed=forget_allowed, forget_all_allowed=forget_all_allowed)
