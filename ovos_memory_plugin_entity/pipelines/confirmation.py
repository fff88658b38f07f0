"""``confirm: on``: nothing extracted becomes live until the user says yes, judged in code.

The flow, per session: an exchange's operations are kept *pending*; the next turn's
context asks the assistant to ask the user about them (one short system paragraph);
that turn's exchange carries the question; the exchange after it holds the user's
answer, judged yes/no in code (:mod:`yesno`). Yes applies the items (actor
``user-confirmed``), no drops them, anything else asks once more, then drops them.
Nothing the model returns can make an item live: the contract has no such operation.
"""
from __future__ import annotations

from typing import Callable, List, Optional, Sequence

from ovos_memory_plugin_entity.domain.editor import Editor
from ovos_memory_plugin_entity.domain.ops import Ops
from ovos_memory_plugin_entity.domain.record import Pending, SessionRecord
from ovos_memory_plugin_entity.domain.rendering import sanitise
from ovos_memory_plugin_entity.domain.text import said_words
from ovos_memory_plugin_entity.io.caches import LRU
from ovos_memory_plugin_entity.language.data import Language
from ovos_memory_plugin_entity.language.yesno import Judge

# Sessions whose offered items this process tracks (from a context to its exchange).
MAX_TRACKED_SESSIONS = 10_000


# What a question about pending facts may add to a turn, at most: it rides on the facts block.
MAX_QUESTION_CHARS = 600


class Confirmation:
    """Asks about pending items and judges the answers.

    An answer counts only when it replies to a question: the assistant's turn that
    carried the pending items must have asked one ("?"), and the user's next words
    must not open like a command or a question of their own ("turn on the lights" is
    no yes). Anything else is no answer: the items are asked about again, or expire.

    Which items a turn's context offered is known only between building that context
    and recording that turn, in the same process (ovos-persona does both in one
    handler); it is kept here, bounded. Which items await an answer is state the next
    turn needs, perhaps on another node: it lives in the record (``Pending.awaiting``).
    """

    def __init__(self, judge: Judge, language: Language, ttl_s: float, max_fact_chars: int,
                 question: str, max_chars: int = MAX_QUESTION_CHARS):
        self._judge, self._language, self._ttl_s = judge, language, ttl_s
        self._question, self._max_fact_chars, self._max_chars = question, max_fact_chars, max_chars
        self._offered: LRU[str, List[str]] = LRU(MAX_TRACKED_SESSIONS)  # in the context being answered now

    def question(self, key: str, record: SessionRecord, now: float, refuses: Callable[[str], bool]) -> Optional[str]:
        """The paragraph asking about pending items, within its bound, or None; remembers what it asked."""
        lines: List[str] = []
        asked: List[str] = []
        used = len(self._question)
        for item in record.pending:
            if item.awaiting or item.by_voice or now - item.created_at > self._ttl_s:
                continue
            item_lines = [f"- {sanitise(line, self._max_fact_chars)}" for line in item.describe if not refuses(line)]
            cost = sum(len(line) + 1 for line in item_lines)
            if not item_lines or used + cost > self._max_chars:
                continue
            lines += item_lines
            asked.append(item.id)
            used += cost
        if asked:
            self._offered.put(key, asked)
        else:
            self._offered.pop(key)
        return "\n".join([self._question, *lines]) if asked else None

    def offer(self, key: str, pending_ids: Sequence[str]) -> None:
        """A spoken control put its own question in this turn's context (:mod:`voice`)."""
        self._offered.put(key, (self._offered.get(key) or []) + list(pending_ids))

    def asked_in(self, key: str, assistant_words: str) -> List[str]:
        """Called as each exchange is recorded: the items its context offered, if the
        assistant's reply asked a question (the user's next words then answer them)."""
        offered = self._offered.get(key) or []
        self._offered.pop(key)
        return list(offered) if ("?" in assistant_words or "？" in assistant_words) else []

    def _is_answer(self, user_words: str) -> bool:
        """Not a command or a question of the user's own, unless it starts with a yes or a no."""
        words = said_words(user_words)
        if not words:
            return False
        starts_yes_no = any(" ".join(words[:len(p.split())]) == p.casefold()
                            for p in (*self._language.yes, *self._language.no))
        return starts_yes_no or words[0] not in self._language.quiet_gate.openers

    def take_answer(self, editor: Editor, user_words: str, asked_now: Sequence[str]) -> None:
        """One exchange, in order: its user words answer the items that awaited an answer;
        then the items its own assistant turn asked about await the next words."""
        editor.expire_pending(self._ttl_s)
        awaiting = [p for p in editor.record.pending if p.awaiting]
        editor.set_awaiting([p.id for p in awaiting], False)
        if awaiting and self._is_answer(user_words):
            self._judge_answer(editor, awaiting, user_words)
        editor.set_awaiting(asked_now, True)
        for item in [p for p in editor.record.pending if p.by_voice and not p.awaiting]:
            editor.decide(item.id, False)  # a control's question the assistant did not put, or put and answered

    def _judge_answer(self, editor: Editor, asked: List[Pending], user_words: str) -> None:
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
