"""Choosing the facts a turn sees: BM25 on the language's stems (:func:`text.terms`) for
the utterance, a prior (confirmed recently, often) for the rest, within a budget; pinned
facts first. When every live fact fits, every one is injected. Pure.
"""
from __future__ import annotations

import math
from bisect import bisect_right
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Callable, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.entities import event_end
from ovos_memory_plugin_entity.domain.record import Entity, Fact, id_number
from ovos_memory_plugin_entity.domain.rendering import sanitise

BM25_K1, BM25_B = 1.2, 0.75
# The prior orders the facts the utterance misses and breaks exact ties; it never reorders matches.
RECENCY_WEIGHT, FREQUENCY_WEIGHT = 0.3, 0.1
# The query reads this many characters at most, from the utterance's start and end: a page costs a sentence.
MAX_QUERY_CHARS = 1000
# An event's date is rendered per turn; the budget counts this many characters for it.
EVENT_DATE_ESTIMATE = "tomorrow, Wednesday 30 September, 15:00: "
# Choices kept per session for turns that match no fact (one per budget and cap in use).
MAX_KEPT_FILLS = 8


class FactIndex:
    """BM25 statistics over live facts, kept up to date fact by fact."""

    def __init__(self, stopwords: FrozenSet[str] = frozenset(), stem: Callable[[str], str] = textlib.light_stem):
        self._stopwords, self._stem = stopwords, stem
        self._docs: Dict[str, Tuple[str, Dict[str, int], int]] = {}  # id -> (text, counts, length)
        self._postings: Dict[str, Dict[str, int]] = defaultdict(dict)  # term -> id -> tf
        self._total_len = 0
        self._norms: Optional[Dict[str, float]] = None  # id -> BM25's length term, until the index changes

    def _terms(self, text: str) -> List[str]:
        return textlib.terms(text, self._stopwords, self._stem)

    def sync(self, docs: Dict[str, str]) -> None:
        """Hold exactly ``docs`` (id -> text)."""
        for fact_id in [i for i, doc in self._docs.items() if docs.get(i) != doc[0]]:
            self._remove(fact_id)
        for fact_id, text in docs.items():
            if fact_id not in self._docs:
                self._add(fact_id, text)

    def _add(self, fact_id: str, text: str) -> None:
        counts = Counter(self._terms(text))
        length = sum(counts.values())
        self._docs[fact_id] = (text, dict(counts), length)
        self._total_len += length
        self._norms = None
        for term, tf in counts.items():
            self._postings[term][fact_id] = tf

    def _remove(self, fact_id: str) -> None:
        _, counts, length = self._docs.pop(fact_id)
        self._total_len -= length
        self._norms = None
        for term in counts:
            posting = self._postings[term]
            posting.pop(fact_id, None)
            if not posting:
                del self._postings[term]

    def scores(self, query: str) -> Dict[str, float]:
        """BM25 score of every fact that shares a term with ``query``."""
        n = len(self._docs)
        if not n:
            return {}
        norms = self._norms
        if norms is None:
            avg_len = self._total_len / n or 1.0
            norms = self._norms = {fact_id: BM25_K1 * (1 - BM25_B + BM25_B * doc[2] / avg_len)
                                   for fact_id, doc in self._docs.items()}
        result: Dict[str, float] = {}
        # No query term is dropped for being common: BM25's idf already weighs it little.
        for term in set(self._terms(query_text(query))):
            posting = self._postings.get(term)
            if not posting:
                continue
            weight = (BM25_K1 + 1) * math.log(1 + (n - len(posting) + 0.5) / (len(posting) + 0.5))
            for fact_id, tf in posting.items():
                result[fact_id] = result.get(fact_id, 0.0) + weight * tf / (tf + norms[fact_id])
        return result


def query_text(utterance: str) -> str:
    """All of ``utterance``, or its first and last ``MAX_QUERY_CHARS // 2`` (cut at a space)."""
    if len(utterance) <= MAX_QUERY_CHARS:
        return utterance
    half = MAX_QUERY_CHARS // 2
    head, tail = utterance[:half], utterance[-half:]
    return f"{head.rsplit(' ', 1)[0]} {tail.split(' ', 1)[-1]}"


@dataclass
class RankedSession:
    """A session's live facts, indexed, with the parts of ranking that need no query."""

    facts: List[Fact]
    index: FactIndex
    prior: Dict[str, float]
    total_chars: int
    lines: Dict[str, str]  # id -> the fact as rendered alone: sanitised once, not every turn
    pinned: List[Fact]  # most recently confirmed first
    position: Dict[str, int]  # unpinned fact id -> its place in prior_ids
    prior_ids: List[str]  # unpinned, best prior first (ties: the oldest fact)
    costs: Dict[str, int]  # fact id -> the characters its line takes in the block
    by_id: Dict[str, Fact]
    shortest_line: int
    labels: Dict[str, str]  # entity id -> "Emma (daughter)", sanitised
    event_ends: Dict[str, float]  # fact id -> when its event is over
    texts: Dict[str, str]  # fact id -> its text, sanitised
    # (budget, count cap) -> the facts a turn that matches none gets (filled on first use)
    unmatched: Dict[Tuple[int, int], List[Fact]] = field(default_factory=dict)

    @classmethod
    def build(cls, facts: Sequence[Fact], index: FactIndex, max_fact_chars: int = 200,
              entities: Optional[Dict[str, Entity]] = None,
              previous: Optional["RankedSession"] = None) -> "RankedSession":
        """Rank ``facts``, updating ``index`` in place and reusing ``previous``' sanitised texts."""
        entities = entities or {}
        labels = {eid: sanitise(e.label, max_fact_chars) for eid, e in entities.items()}
        index.sync({f.id: f"{entities[f.about].name} {entities[f.about].relation} {f.text}"
                    if f.about in entities else f.text for f in facts})
        by_recency = sorted(facts, key=lambda f: (f.confirmed_at, (id_number(f.id), f.id)))
        most = max((f.confirmations for f in facts), default=1)
        n = max(len(facts), 1)
        prior = {f.id: RECENCY_WEIGHT * (rank + 1) / n
                 + FREQUENCY_WEIGHT * math.log1p(f.confirmations) / math.log1p(most)
                 for rank, f in enumerate(by_recency)}
        # The stable tie-break: the oldest fact first.
        order = {f.id: i for i, f in enumerate(sorted(facts, key=lambda f: (id_number(f.id), f.id)))}
        known = previous.by_id if previous is not None else {}
        texts = {f.id: previous.texts[f.id] if f.id in known and known[f.id].text == f.text  # type: ignore[union-attr]
                 else sanitise(f.text, max_fact_chars) for f in facts}
        lines = {}
        for f in facts:
            label = f"{labels[f.about]}: " if f.about in labels else ""
            date = EVENT_DATE_ESTIMATE if f.when else ""
            lines[f.id] = f"- {date}{label}{texts[f.id]}"
        pinned = sorted((f for f in facts if f.pinned), key=lambda f: (-f.confirmed_at, order[f.id]))
        by_prior = sorted((f.id for f in facts if not f.pinned), key=lambda fid: (-prior[fid], order[fid]))
        return cls(list(facts), index, prior, sum(len(line) + 1 for line in lines.values()), lines,
                   pinned, {fid: n for n, fid in enumerate(by_prior)}, by_prior,
                   {fid: len(line) + 1 for fid, line in lines.items()}, {f.id: f for f in facts},
                   min((len(line) + 1 for line in lines.values()), default=0), labels,
                   {f.id: event_end(f.when) for f in facts if f.when}, texts)

    def prompt_line(self, fact: Fact) -> str:
        """A fact as the extraction prompt lists it: who it is about, and its date."""
        label = f"{self.labels[fact.about]}: " if fact.about in self.labels else ""
        return f"{label}{fact.text}" + (f" (when: {fact.when})" if fact.when else "")


def _ranked(session: RankedSession, relevance: Dict[str, float], past: Set[str]) -> List[str]:
    """Pinned ids, matches by relevance alone (the prior breaks exact ties only), then the rest by prior."""
    position = session.position
    matched = [fid for fid in relevance if fid in position and fid not in past]  # pinned come first
    matched.sort(key=position.__getitem__)  # ties: the prior's order (both sorts are stable)
    matched.sort(key=relevance.__getitem__, reverse=True)
    rest = [fid for fid in session.prior_ids if fid not in relevance and fid not in past] \
        if relevance or past else session.prior_ids
    pinned = [f.id for f in session.pinned if f.id not in past]
    return pinned + matched + rest


def select(session: RankedSession, query: str, budget_chars: int, max_count: int = 0, *,
           now: Optional[float] = None, grace_s: float = 0.0,
           relevance: Optional[Dict[str, float]] = None) -> List[Fact]:
    """The facts to inject for ``query`` within ``budget_chars`` and ``max_count`` (0: none);
    events over ``grace_s`` before ``now`` left out; ``relevance`` replaces BM25's scores."""
    if not session.facts:
        return []
    past = {fid for fid, end in session.event_ends.items() if end + grace_s < now} if now is not None else set()
    if relevance is None:
        relevance = session.index.scores(query) if query else {}
    if relevance or past:
        return _fill(session, _ranked(session, relevance, past), budget_chars, max_count)
    # Most turns match no fact: their choice depends only on the session and the limits.
    chosen = session.unmatched.get((budget_chars, max_count))
    if chosen is None:
        if len(session.unmatched) >= MAX_KEPT_FILLS:
            session.unmatched.clear()
        chosen = session.unmatched[budget_chars, max_count] = _fill(
            session, _ranked(session, relevance, past), budget_chars, max_count)
    return list(chosen)


def _fill(session: RankedSession, order: List[str], budget_chars: int, max_count: int) -> List[Fact]:
    by_id = session.by_id
    if (not budget_chars or session.total_chars <= budget_chars) and (
            not max_count or len(session.facts) <= max_count):
        return [by_id[fid] for fid in order]
    costs = session.costs
    # The leading facts that fit are taken at once, then each later one that still fits.
    running = list(accumulate(map(costs.__getitem__, order)))
    taken = bisect_right(running, budget_chars) if budget_chars else len(order)
    chosen = order[:taken]
    used = running[taken - 1] if taken else 0
    for fact_id in order[taken + 1:]:
        if (max_count and len(chosen) >= max_count) or budget_chars - used < session.shortest_line:
            break  # nothing more can fit
        if used + costs[fact_id] <= budget_chars:
            chosen.append(fact_id)
            used += costs[fact_id]
    return [by_id[fid] for fid in (chosen[:max_count] if max_count else chosen)]
