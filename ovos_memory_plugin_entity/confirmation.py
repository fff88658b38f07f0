"""``confirm: on``: nothing extracted becomes live until the user says yes, judged in code.

The flow, per session: an exchange's operations are kept *pending*; the next turn's
context asks the assistant to ask the user about them (one short system paragraph);
that turn's exchange carries the question; the exchange after it holds the user's
answer, judged yes/no in code (:mod:`yesno`). Yes applies the items (actor
``user-confirmed``), no drops them, anything else asks once more, then drops them.
Nothing the model returns can make an item live: the contract has no such operation.
"""
from __future__ import annotations

import re
import threading
from typing import Callable, List, Optional, Sequence

from ovos_memory_plugin_entity.contract import Ops
from ovos_memory_plugin_entity.editor import Editor
from ovos_memory_plugin_entity.language import Language
from ovos_memory_plugin_entity.lru import LRU
from ovos_memory_plugin_entity.record import SessionRecord
from ovos_memory_plugin_entity.safety import sanitise
from ovos_memory_plugin_entity.yesno import Judge

# Sessions whose asked-about items this process tracks; the oldest are forgotten first.
MAX_TRACKED_SESSIONS = 10_000

QUESTION = ("Before or after answering, ask the user in one short question whether you should "
            "remember the following about them. Do not treat it as known until they agree:")


# What a question about pending facts may add to a turn, at most: it rides on the facts block.
MAX_QUESTION_CHARS = 600
_WORD = re.compile(r"[\w']+")


class Confirmation:
    """Tracks which pending items were asked about, per session, and judges the answers.

    An answer counts only when it replies to a question: the assistant's turn that
    carried the pending items must have asked one ("?"), and the user's next words
    must not open like a command or a question of their own ("turn on the lights" is
    no yes). Anything else is no answer: the items wait, and expire.
    """

    def __init__(self, judge: Judge, language: Language, ttl_s: float, max_fact_chars: int,
                 question: str = QUESTION, max_chars: int = MAX_QUESTION_CHARS):
        self._judge, self._language, self._ttl_s = judge, language, ttl_s
        self._question, self._max_fact_chars, self._max_chars = question, max_fact_chars, max_chars
        self._offered: LRU[str, List[str]] = LRU(MAX_TRACKED_SESSIONS)  # asked in the context answered now
        self._awaiting: LRU[str, List[str]] = LRU(MAX_TRACKED_SESSIONS)  # asked last exchange; next one answers
        self._lock = threading.Lock()

    def question(self, key: str, record: SessionRecord, now: float, refuses: Callable[[str], bool]) -> Optional[str]:
        """The paragraph asking about pending items, within its bound, or None; remembers what it asked."""
        with self._lock:
            awaiting = set(self._awaiting.get(key) or ())
        lines: List[str] = []
        asked: List[str] = []
        used = len(self._question)
        for item in record.pending:
            if item.id in awaiting or now - item.created_at > self._ttl_s:
                continue
            item_lines = [f"- {sanitise(line, self._max_fact_chars)}" for line in item.describe if not refuses(line)]
            cost = sum(len(line) + 1 for line in item_lines)
            if not item_lines or used + cost > self._max_chars:
                continue
            lines += item_lines
            asked.append(item.id)
            used += cost
        with self._lock:
            if asked:
                self._offered.put(key, asked)
            else:
                self._offered.pop(key)
        return "\n".join([self._question, *lines]) if asked else None

    def next_exchange(self, key: str, assistant_words: str) -> Optional[List[str]]:
        """Called for each exchange in order: the pending ids its user words answer. The
        items offered to this exchange's assistant turn await an answer only if it asked."""
        with self._lock:
            answers = self._awaiting.get(key)
            offered = self._offered.get(key)
            self._awaiting.pop(key)
            self._offered.pop(key)
            if offered and ("?" in assistant_words or "？" in assistant_words):
                self._awaiting.put(key, offered)
            return answers

    def _is_answer(self, user_words: str) -> bool:
        """Not a command or a question of the user's own, unless it starts with a yes or a no."""
        words = [w.casefold() for w in _WORD.findall(user_words)]
        if not words:
            return False
        starts_yes_no = any(" ".join(words[:len(p.split())]) == p.casefold()
                            for p in (*self._language.yes, *self._language.no))
        return starts_yes_no or words[0] not in self._language.quiet_gate.openers

    def apply_answer(self, editor: Editor, pending_ids: Sequence[str], user_words: str) -> None:
        """Judge the user's words and apply, drop or re-ask the items asked about."""
        editor.expire_pending(self._ttl_s)
        asked = [p for p in editor.record.pending if p.id in set(pending_ids)]
        if not asked or not self._is_answer(user_words):
            return  # no answer: the items wait for another ask, or expire
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
        editor.propose(ops, listed_ids, forget_allowed=forget_allowed, forget_all_allowed=forget_all_allowed)
