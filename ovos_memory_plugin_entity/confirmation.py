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
from typing import Dict, List, Optional, Sequence

from ovos_memory_plugin_entity import facts as factlib
from ovos_memory_plugin_entity.extraction import ops_from_json
from ovos_memory_plugin_entity.facts import Change, Policy, SessionRecord
from ovos_memory_plugin_entity.safety import sanitise
from ovos_memory_plugin_entity.yesno import Judge

QUESTION = ("Before or after answering, ask the user in one short question whether you should "
            "remember the following about them. Do not treat it as known until they agree:")


class Confirmation:
    """Tracks which pending items were asked about, per session, and applies the answers."""

    def __init__(self, judge: Judge, policy: Policy, ttl_s: float, max_fact_chars: int):
        self._judge, self._policy, self._ttl_s = judge, policy, ttl_s
        self._max_fact_chars = max_fact_chars
        self._offered: Dict[str, List[str]] = {}  # asked in the context being answered now
        self._awaiting: Dict[str, List[str]] = {}  # asked in the last exchange; next one answers
        self._lock = threading.Lock()

    def question(self, key: str, record: SessionRecord, now: float) -> Optional[str]:
        """The paragraph asking about pending items, or None; remembers what it asked."""
        with self._lock:
            awaiting = set(self._awaiting.get(key, ()))
            items = [p for p in record.pending if p.id not in awaiting and now - p.created_at <= self._ttl_s]
            if not items:
                self._offered.pop(key, None)
                return None
            self._offered[key] = [p.id for p in items]
        lines = [f"- {sanitise(line, self._max_fact_chars)}" for p in items for line in p.describe]
        return "\n".join([QUESTION, *lines])

    def next_exchange(self, key: str) -> Optional[List[str]]:
        """Called for each exchange in order: the pending ids its user words answer."""
        with self._lock:
            answers = self._awaiting.pop(key, None)
            offered = self._offered.pop(key, None)
            if offered:
                self._awaiting[key] = offered
            return answers

    def apply_answer(self, record: SessionRecord, pending_ids: Sequence[str], user_words: str,
                     now: float) -> Change:
        """Judge the user's words and apply, drop or re-ask the items asked about."""
        change = factlib.expire_pending(record, now=now, ttl_s=self._ttl_s)
        asked = [p for p in record.pending if p.id in set(pending_ids)]
        if not asked:
            return change
        question = "Should I remember: " + "; ".join(line for p in asked for line in p.describe) + "?"
        verdict = self._judge(question, user_words)
        if verdict is None:
            _merge(change, factlib.answer_unclear(record, [p.id for p in asked], now=now))
            return change
        for item in asked:
            ops = ops_from_json(item.ops) if verdict else None
            _merge(change, factlib.decide(record, item.id, verdict, ops, now=now, actor="user-confirmed"
                                          if verdict else "user", policy=self._policy))
        return change

    def expire(self, record: SessionRecord, now: float) -> Change:
        return factlib.expire_pending(record, now=now, ttl_s=self._ttl_s)


def _merge(into: Change, other: Change) -> None:
    into.events += other.events
    into.forgotten_texts += other.forgotten_texts
    into.warnings += other.warnings
    into.touched = into.touched or other.touched
