"""Hybrid recall (``embeddings_url``): :class:`VectorKeeper` embeds live facts lacking a vector on its
own thread, never on the turn; :class:`QueryVectors` awaits the utterance's vector at most
``embeddings_timeout`` (else the turn ranks by words); :class:`DenseRecall` holds both and each
session's vector matrix.
"""
from __future__ import annotations

import threading
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np
from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain import vectors as vec
from ovos_memory_plugin_entity.domain.editor import Editor, edit
from ovos_memory_plugin_entity.domain.errors import EndpointError, StoreDataError, StoreUnavailable
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.ranking import RankedSession, query_text
from ovos_memory_plugin_entity.domain.record import SessionRecord, Vectors
from ovos_memory_plugin_entity.io.caches import LRU
from ovos_memory_plugin_entity.io.client import Backoff
from ovos_memory_plugin_entity.io.embeddings import MAX_BATCH, EmbeddingsClient
from ovos_memory_plugin_entity.io.stores import Store
from ovos_memory_plugin_entity.io.stores.base import DEFAULT_CACHE_SESSIONS
from ovos_memory_plugin_entity.io.worker import ExtractionWorker, Job

# "Ranking by words alone" is logged at most this often (a down endpoint must not flood the log).
LEXICAL_NOTICE_S = 300.0
# The worker waits this long for the embeddings server to answer a batch of passages:
# a CPU server embeds 32 short facts in well under this.
PASSAGE_TIMEOUT_S = 30.0
# While the store cannot be reached, vectors are tried again this often.
STORE_RETRY_S = 5.0
# Sessions waiting for vectors at once; more are found again by their next turn.
MAX_QUEUED_SESSIONS = 256


class VectorKeeper:
    def __init__(self, client: EmbeddingsClient, store: Store, policy: Policy, passage_prefix: str,
                 identity: Callable[[], str], clock: Callable[[], float], wall_clock: Callable[[], float]):
        self._client, self._store, self._prefix, self._model = client, store, passage_prefix, identity
        self._policy, self._wall_clock = policy, wall_clock
        self._backoff = Backoff(clock)
        self._queued: Dict[str, bool] = {}  # key -> asked again since its job began
        self._lock = threading.Lock()
        self._worker = ExtractionWorker(self._handle, queue_size=MAX_QUEUED_SESSIONS, clock=clock,
                                        name="entity-memory-vectors")
        self.flush, self.close = self._worker.flush, self._worker.close  # its lifecycle is its worker's

    def request(self, key: str) -> None:
        """Bring the session's vectors up to date, soon; returns at once."""
        with self._lock:
            if key in self._queued:
                self._queued[key] = True  # a job running now may have read the record before this change
                return
            if len(self._queued) >= MAX_QUEUED_SESSIONS:
                return
            self._queued[key] = False
        self._worker.submit(key, None)

    def _handle(self, job: Job) -> Optional[float]:
        """Best effort: while the endpoint fails the job is dropped; the next turn asks again."""
        with self._lock:
            self._queued[job.key] = False
        try:
            if self._backoff.ready():
                self._fill(job.key)
        except StoreUnavailable:
            return STORE_RETRY_S
        except StoreDataError as exc:
            LOG.warning(f"entity memory: fact vectors not stored ({exc})")
        except EndpointError as exc:
            if self._backoff.failed():
                LOG.warning(f"entity memory: the embeddings endpoint {self._client.api_url} cannot embed facts "
                            f"({exc}); check embeddings_url. Facts are ranked by words until it can.")
        with self._lock:
            if self._queued.get(job.key) and self._backoff.ready():
                return 0.0  # asked again while it ran: run again at once
            self._queued.pop(job.key, None)
        return None

    def _fill(self, key: str) -> None:
        """Embed the stale facts a batch at a time, until none is left or a batch stored is stale still."""
        stale: List[str] = []
        while True:
            _, record = self._store.load(key)
            live = record.live_facts()
            texts = vec.fact_texts(live, record.live_entities())
            wanted = vec.VectorKind(self._model(), self._prefix) if self._model() else None
            every_stale = vec.DenseIndex.build(live, texts, record.vectors, wanted).stale
            if not every_stale or set(stale) & set(every_stale):
                return
            stale = every_stale[:MAX_BATCH]
            reply = self._client.embed([self._prefix + texts[fid] for fid in stale], "passage",
                                       (PASSAGE_TIMEOUT_S, PASSAGE_TIMEOUT_S))
            if self._backoff.succeeded():
                LOG.info(f"entity memory: the embeddings endpoint {self._client.api_url} answers again")
            made = {fid: (texts[fid], vector) for fid, vector in zip(stale, reply.vectors)}
            identity = vec.VectorKind(reply.model, self._prefix)
            dim = len(reply.vectors[0])
            self._store.update(key, lambda rec: edit(rec, self._policy, self._wall_clock(), "plugin",
                                                     lambda editor: _set_vectors(editor, identity, dim, made)))


def _set_vectors(editor: Editor, identity: vec.VectorKind, dim: int,
                 made: Dict[str, Tuple[str, List[float]]]) -> None:
    """Store ``made`` (id -> (text, vector)) where the fact still reads so; other kinds go."""
    record = editor.record
    current = record.vectors
    if current is None or (current.model, current.prefix, current.dim) != (identity.model, identity.prefix, dim):
        current = Vectors(identity.model, identity.prefix, dim)
    texts = vec.fact_texts(record.live_facts(), record.live_entities())
    for fid, (text, vector) in made.items():
        if texts.get(fid) == text:
            current.of[fid] = vec.encode(vector, text)
    editor.set_vectors(current)


class QueryVectors:
    def __init__(self, client: EmbeddingsClient, query_prefix: str, timeout: float, clock: Callable[[], float]):
        self._client, self._prefix, self._timeout, self._clock = client, query_prefix, timeout, clock
        self._backoff = Backoff(clock)
        self._lock = threading.Lock()
        self._asking: Optional[threading.Thread] = None
        self._closed = False
        self._next_notice = float("-inf")
        self.served_model = ""  # the model the server names in its replies

    def vector(self, utterance: str) -> Optional[Tuple[vec.VectorKind, np.ndarray]]:
        """(identity, unit vector) of ``utterance``, or None (logged, rate-limited)."""
        if not self._backoff.ready():
            self._notice(f"the embeddings endpoint is backing off for {self._backoff.seconds_left():.0f} s")
            return None
        text = self._prefix + query_text(utterance)  # the part ranking reads: a pasted page is not sent whole
        answer: List[Any] = []
        with self._lock:
            if self._closed:
                return None
            if self._asking is not None and self._asking.is_alive():  # the previous turn's request: a slow server
                self._notice(f"the embeddings endpoint is still answering an earlier request "
                             f"(embeddings_timeout={self._timeout:g} s)")
                return None
            # A daemon: a request in flight must not hold the interpreter's exit.
            asking = self._asking = threading.Thread(target=self._ask, args=(text, answer), daemon=True,
                                                     name="entity-memory-query-vector")
            asking.start()
        asking.join(self._timeout)
        failed = not answer or isinstance(answer[0], Exception)
        unit = None if failed else vec.unit(answer[0][0])
        if unit is not None:
            return vec.VectorKind(answer[0][1], ""), unit
        self._notice(f"no vector within embeddings_timeout={self._timeout:g} s" if not answer else str(answer[0])
                     if failed else "the endpoint's vector for the utterance is empty or zero")
        return None

    def _ask(self, text: str, answer: List[Any]) -> None:
        try:
            reply = self._client.embed([text], "query", (self._timeout, self._timeout))
            self.served_model = reply.model
            if self._backoff.succeeded():
                LOG.info(f"entity memory: the embeddings endpoint {self._client.api_url} answers again")
            answer.append((reply.vectors[0], reply.model))
        except EndpointError as exc:
            self._backoff.failed()
            answer.append(exc)

    def _notice(self, reason: str) -> None:
        now = self._clock()
        if now >= self._next_notice:
            self._next_notice = now + LEXICAL_NOTICE_S
            LOG.warning(f"entity memory: this turn's facts are ranked by words alone: {reason} "
                        f"(embeddings_url {self._client.api_url})")

    def close(self) -> None:
        self._closed = True


class DenseRecall:
    def __init__(self, client: EmbeddingsClient, store: Store, policy: Policy, *, query_prefix: str,
                 passage_prefix: str, timeout: float, clock: Callable[[], float], wall_clock: Callable[[], float]):
        self._client = client
        self._passage_prefix = passage_prefix
        self.queries = QueryVectors(client, query_prefix, timeout, clock)
        self.keeper = VectorKeeper(client, store, policy, passage_prefix, self.model, clock, wall_clock)
        self._indexes: LRU[str, Tuple[RankedSession, Optional[vec.VectorKind], vec.DenseIndex]] = LRU(
            DEFAULT_CACHE_SESSIONS)
        self._lock = threading.Lock()

    def model(self) -> str:
        """The model vectors are made by: the configured one, else the one the server named."""
        return self._client.model or self.queries.served_model

    def relevance(self, key: str, record: SessionRecord, ranked: RankedSession, utterance: str,
                  query: Optional[Tuple[vec.VectorKind, np.ndarray]], budget_chars: int,
                  max_count: int) -> Optional[Dict[str, float]]:
        """Fused scores, or None to rank by words; asks the keeper for vectors the session lacks."""
        index = self._index(key, record, ranked)
        if index.stale:
            self.keeper.request(key)
        if query is None or index.identity is None or index.identity.model != query[0].model:
            return None
        # Only the facts that could fill the block are worth scoring in Python.
        fit = budget_chars // max(ranked.shortest_line, 1) + 1 if budget_chars else len(ranked.facts)
        return index.fused(ranked.index.scores(utterance), query[1], min(fit, max_count or fit))

    def _index(self, key: str, record: SessionRecord, ranked: RankedSession) -> vec.DenseIndex:
        model = self.model()
        wanted = vec.VectorKind(model, self._passage_prefix) if model else None
        with self._lock:
            cached = self._indexes.get(key)
        if cached is not None and cached[0] is ranked and cached[1] == wanted:
            return cached[2]
        index = vec.DenseIndex.build(ranked.facts, vec.fact_texts(ranked.facts, record.live_entities()),
                                     record.vectors, wanted, previous=cached[2] if cached else None)
        with self._lock:
            self._indexes.put(key, (ranked, wanted, index))
        return index

    def close(self, timeout: Optional[float] = None) -> bool:
        self.queries.close()
        drained = self.keeper.close(timeout)
        self._client.close()
        with self._lock:
            self._indexes.clear()
        return drained
