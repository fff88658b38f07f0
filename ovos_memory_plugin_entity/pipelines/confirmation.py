"""``confirm: on`` (and ``sensitive_confirm``): nothing extracted becomes live until the user says yes.

An exchange's operations are kept pending; the next turn's context asks the assistant
to ask about them; the words after that question are judged yes/no in code
(:mod:`yesno`). Yes applies the items (actor ``user-confirmed``), no drops them,
anything else asks once more, then drops them. No model reply can make an item live.
"""
from __future__ import annotations

import math
from typing import Callable, List, Optional, Sequence, Tuple

from ovos_memory_plugin_entity.domain.editor import Editor
from ovos_memory_plugin_entity.domain.ops import Ops
from ovos_memory_plugin_entity.domain.record import Pending, SessionRecord
from ovos_memory_plugin_entity.domain.rendering import sanitise
from ovos_memory_plugin_entity.domain.text import content_words, said_words
from ovos_memory_plugin_entity.language.locale_data import DEFAULT_LANG, Language, load_language
from ovos_memory_plugin_entity.language.stemming import stemmer_for
from ovos_memory_plugin_entity.language.yesno import Judge, confirming, erases, is_answer, keeps, word_list_judge

# What a question about pending facts may add to a turn, at most: it rides on the facts block.
MAX_QUESTION_CHARS = 600
# What a context offered: each pending item's id and the content words that name it.
Offered = List[Tuple[str, Tuple[str, ...]]]
# The share of a pending item's content words the assistant's question must say to name it.
NAMED_SHARE = 0.5


def judged(judge: Judge, language: Language, asked: str, items: Sequence[Pending], words: str) -> Optional[bool]:
    """Yes, no or None: the user's words as an answer to our question about ``items``, judged outside the
    store's lock (the judge may be a plugin). Words the persona's language does not read are judged in
    English, as a household may answer in it ("yes I'm sure" to a German persona); not in every language."""
    verdict = _judged_in(judge, language, asked, items, words)
    if verdict is not None or not items or language.code == DEFAULT_LANG or \
            set(said_words(words)) & language.stopwords:  # German "ok was" is "ok, what?", not English
        return verdict
    english = load_language(DEFAULT_LANG)
    return _judged_in(word_list_judge(english), english, asked, items, words)


def _judged_in(judge: Judge, language: Language, asked: str, items: Sequence[Pending], said: str) -> Optional[bool]:
    words = confirming(language, said) if asked == "forget" else said
    if not items or not is_answer(language, words):
        return None
    verdict = judge(f"Should I {asked}: " + "; ".join(line for p in items for line in p.describe) + "?", words)
    # "yes, delete it" to remembering and "remember it" to forgetting: unclear
    return None if verdict and (erases(language, words) if asked != "forget" else keeps(language, said)) else verdict


class Confirmation:
    """Asks about pending items and judges the answers. An answer counts only when the assistant's reply
    asked a question naming the item (most of its content words), and the user's next words are a yes, a no
    or a doubt ("Sure is cold today" says something new). What a context offered the learner keeps; which
    items await an answer lives in the record (``Pending.awaiting``), for any node."""

    def __init__(self, judge: Judge, language: Language, ttl_s: float, max_fact_chars: int,
                 max_chars: int = MAX_QUESTION_CHARS, *, refuses: Callable[[str], bool], confirms_all: bool = True):
        self._judge, self._language, self._ttl_s, self._refuses = judge, language, ttl_s, refuses
        # ``confirm: on``: every extraction waits; off, only what sensitive_confirm holds back.
        self.confirms_all = confirms_all
        self._max_fact_chars, self._max_chars = max_fact_chars, max_chars
        self._question, self._stem = language.phrases["confirm_question"], stemmer_for(language.stemmer)

    def _offer(self, record: SessionRecord, now: float) -> List[Tuple[str, List[str]]]:
        """The pending items a context asks about (id, lines), within the question's bound."""
        offer: List[Tuple[str, List[str]]] = []
        used = len(self._question)
        for item in record.pending:
            if item.awaiting or item.by_voice or item.held or now - item.created_at > self._ttl_s:
                continue
            lines = [f"- {sanitise(line, self._max_fact_chars)}" for line in item.describe if not self._refuses(line)]
            cost = sum(len(line) + 1 for line in lines)
            if lines and used + cost <= self._max_chars:
                offer.append((item.id, lines))
                used += cost
        return offer

    def question(self, record: SessionRecord, now: float) -> Optional[str]:
        """The paragraph asking about pending items, or None."""
        offer = self._offer(record, now)
        return "\n".join([self._question] + [line for _, lines in offer for line in lines]) if offer else None

    def offered(self, record: SessionRecord, now: float) -> Offered:
        """What a context built from ``record`` asked about: each item's id and the words that name it."""
        return [(item_id, self._words(" ".join(lines))) for item_id, lines in self._offer(record, now)]

    def asked_in(self, offered: Offered, assistant_words: str) -> List[str]:
        """As an exchange is recorded: the ``offered`` items its reply asked about (by name)."""
        if "?" not in assistant_words and "？" not in assistant_words and "¿" not in assistant_words:
            return []
        said = set(self._words(assistant_words))
        return [item_id for item_id, words in offered  # named: by enough of its content words (any, for none)
                if not words or sum(1 for word in words if word in said) >= max(1, math.ceil(len(words) * NAMED_SHARE))]

    def _words(self, text: str) -> Tuple[str, ...]:
        return content_words(text, self._language.stopwords, self._stem)

    def verdict(self, record: SessionRecord, user_words: str) -> Optional[bool]:
        asked = [p for p in record.pending if p.awaiting and not p.by_voice]
        return judged(self._judge, self._language, "remember", asked, user_words)

    def take_answer(self, editor: Editor, user_words: str, verdict: Optional[bool],
                    asked_now: Sequence[str]) -> None:
        """The user's words (``verdict``) answer the awaiting items; those asked about now await the next."""
        editor.expire_pending(self._ttl_s)
        # A spoken control's question is answered on its turn (:mod:`pipelines.commands`).
        awaiting = [p for p in editor.record.pending if p.awaiting and not p.by_voice]
        editor.set_awaiting([p.id for p in awaiting], False)
        if awaiting and is_answer(self._language, user_words):
            if verdict is None:
                editor.answer_unclear([p.id for p in awaiting])
            else:
                for item in awaiting:
                    editor.decide(item.id, verdict)
        editor.set_awaiting(asked_now, True)

    def propose(self, editor: Editor, ops: Ops, listed_ids: Optional[Sequence[str]], *,
                forget_allowed: bool, forget_all_allowed: bool) -> None:
        editor.expire_pending(self._ttl_s)
        editor.propose(ops, listed_ids, forget_allowed=forget_allowed, forget_all_allowed=forget_all_allowed)
