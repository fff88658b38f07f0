"""Bounded per-process caches: a long-lived process keeps nothing per session unbounded.
:func:`stripe` spreads sessions over a fixed set of locks."""
from __future__ import annotations

import functools
import hashlib
import threading
from collections import OrderedDict
from typing import Any, Callable, Generic, Optional, Tuple, TypeVar

from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.ranking import FactIndex, RankedSession
from ovos_memory_plugin_entity.domain.record import SessionRecord

K = TypeVar("K")
V = TypeVar("V")
T = TypeVar("T")
# Sessions share this many locks (by hash), so locks do not accumulate per session.
RANK_STRIPES = 64


@functools.lru_cache(maxsize=4096)  # a hash per call is most of a warm turn's lock
def stripe(key: str, stripes: int) -> int:
    """Stable across processes (a hash, not ``hash()``)."""
    return int(hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:8], 16) % stripes


class LRU(Generic[K, V]):
    """At most ``size`` entries; the least recently used goes first."""

    def __init__(self, size: int):
        self.size = max(1, size)
        self._items: "OrderedDict[K, V]" = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> Optional[V]:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            self._items[key] = value
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def pop(self, key: K) -> None:
        with self._lock:
            self._items.pop(key, None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


class RankCache:
    """Each recent session's ranking, rebuilt (incrementally) only when its revision changed;
    the session's striped lock keeps one thread from updating an index another reads."""

    def __init__(self, size: int, policy: Policy):
        self._lru: LRU[str, Tuple[Any, RankedSession]] = LRU(size)
        self._stripes = [threading.Lock() for _ in range(RANK_STRIPES)]
        self._policy = policy  # the language's stopwords and stemmer, the facts' length

    def use(self, key: str, load: Callable[[], Tuple[Any, SessionRecord]],
            work: Callable[[SessionRecord, RankedSession], T]) -> T:
        """``work`` on the record from ``load`` and its current ranking."""
        revision, record = load()  # outside the lock: a turn never waits behind another thread's read
        with self._stripes[stripe(key, RANK_STRIPES)]:
            cached = self._lru.get(key)
            if cached is None or cached[0] != revision:
                previous = cached[1] if cached else None
                index = previous.index if previous else FactIndex(self._policy.stopwords, self._policy.stem)
                cached = (revision, RankedSession.build(record.live_facts(), index, self._policy.max_fact_chars,
                                                        record.live_entities(), previous=previous))
                self._lru.put(key, cached)
            return work(record, cached[1])

    def clear(self) -> None:
        self._lru.clear()
