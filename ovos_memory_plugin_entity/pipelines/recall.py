"""The turn's block, read only, under the ranking's lock: the facts the utterance needs within the
budget, a question about pending facts, and the note of the turn's control or of a pause.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Mapping, Optional

from ovos_memory_plugin_entity.domain.ranking import RankedSession, select
from ovos_memory_plugin_entity.domain.record import SessionRecord
from ovos_memory_plugin_entity.domain.rendering import render_block
from ovos_memory_plugin_entity.pipelines.commands import Said
from ovos_memory_plugin_entity.pipelines.confirmation import Confirmation

if TYPE_CHECKING:  # needs numpy: imported only with embeddings_url
    from ovos_memory_plugin_entity.pipelines.dense_recall import DenseRecall

# "What do you know about me" lists this many facts at most: a spoken answer, not a dump.
MAX_RECALL_FACTS = 100
# A dated event leaves the injected context this long after it is over (it stays in the record).
EVENT_GRACE_S = 6 * 3600


class Recall:
    def __init__(self, *, header: str, phrases: Mapping[str, Any], budget_chars: int,
                 confirmation: Optional[Confirmation], dense: Optional["DenseRecall"], wall_clock: Callable[[], float]):
        self._header, self._phrases, self._budget_chars = header, phrases, budget_chars
        self._confirmation, self._dense, self._wall_clock = confirmation, dense, wall_clock

    def block(self, key: str, record: SessionRecord, ranked: RankedSession, utterance: str,
              said: Optional[Said], query: Any = None) -> Optional[str]:
        now = self._wall_clock()
        recall = said is not None and said.recall  # "what do you know about me": every fact, its own cap
        budget, cap = (0, MAX_RECALL_FACTS) if recall else (self._budget_chars, 0)
        relevance = self._dense.relevance(key, record, ranked, utterance, query, budget, cap) \
            if self._dense and not recall else None
        chosen = select(ranked, utterance, budget, cap, now=now, relevance=relevance, grace_s=EVENT_GRACE_S)
        block = render_block(self._header, ranked, chosen, now, self._phrases) if chosen else None
        question = self._confirmation.question(record, now) if self._confirmation else None
        paused = record.paused_until is not None and record.paused_until > now
        note = said.note if said is not None else (self._phrases["paused_note"] if paused else None)
        if recall and not chosen:  # "list these facts" over none would invite the model to make some up
            note = self._phrases["recall_nothing"]
        return "\n\n".join(part for part in (block, question, note) if part) or None
