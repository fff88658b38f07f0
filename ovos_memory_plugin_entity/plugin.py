"""``EntityMemory``: the OPM memory plugin. Wiring only; the work lives in the modules.

Enable it from a persona's JSON::

    {
      "name": "Assistant",
      "handlers": ["ovos-chat-openai-plugin"],
      "ovos-chat-openai-plugin": {"api_url": "http://localhost:8000/v1", "key": "none",
                                  "allow_system_prompts": true},
      "memory_module": "ovos-memory-plugin-entity-facts",
      "ovos-memory-plugin-entity-facts": {"api_url": "http://localhost:8000/v1"}
    }
"""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple, TypeVar

from ovos_plugin_manager.templates.agents import AgentContextManager, AgentMessage
from ovos_utils.log import LOG

from ovos_memory_plugin_entity import context, facts, migration
from ovos_memory_plugin_entity.client import ChatClient
from ovos_memory_plugin_entity.confirmation import Confirmation
from ovos_memory_plugin_entity.config import load_settings
from ovos_memory_plugin_entity.extraction import render_exchange
from ovos_memory_plugin_entity.extractor import Extraction, Extractor, Retry
from ovos_memory_plugin_entity.entities import Entity
from ovos_memory_plugin_entity.facts import Change, Fact, Policy, SessionRecord
from ovos_memory_plugin_entity.language import load_language
from ovos_memory_plugin_entity.owner import Owner, OwnerError
from ovos_memory_plugin_entity.pairing import ExchangePairer
from ovos_memory_plugin_entity.store import JsonFolderStore, Store, StoreUnavailable, open_store
from ovos_memory_plugin_entity.worker import ExtractionWorker, Job
from ovos_memory_plugin_entity.yesno import load_judge

T = TypeVar("T")
# Under ``scope: global`` every session shares this one record.
GLOBAL_KEY = "*global*"
# While the store cannot be reached, a queued exchange is tried again this often.
STORE_RETRY_S = 2.0
# A session id longer than this is not an id; refusing it keeps the store sane.
MAX_SESSION_ID_CHARS = 4096


@dataclass
class _Exchange:
    user: str
    assistant: str
    generation: Optional[int]
    answers: Optional[List[str]] = None  # pending ids the user's words answer (confirm: on)
    attempts: int = 0


class EntityMemory(AgentContextManager):
    """Remembers durable facts about the user and re-injects the relevant ones every turn.

    Configuration keys (persona JSON block; seed plugin keys keep their defaults):

    ``api_url`` (str, ``http://localhost:8000/v1``): local OpenAI-compatible endpoint.
    ``api_key`` (str, ``""``): bearer token, for local servers started with one.
    ``model`` (str, ``""``): detected from ``GET /models`` when empty.
    ``max_facts`` (int, 50): live facts kept per session; 0 means no cap. Past it the
    unpinned fact least recently confirmed is evicted (recorded, never silent).
    ``max_extract_tokens`` (int, 128): ``max_tokens`` of the extraction request.
    ``request_timeout`` (s, 30) and ``connect_timeout`` (s, 5): read and connect timeouts.
    ``backend`` (``json`` | ``memory`` | ``postgres``, ``json``); ``db_path`` (str,
    ``$XDG_DATA_HOME/ovos/entity_memory.json``): the JSON backend's folder is derived
    from it (``.../entity_memory/``); a seed-format file at that path is imported once.
    ``db_url`` (str, ``$OVOS_ENTITY_MEMORY_DB_URL``): the ``postgresql://`` URL of ``postgres``.
    ``extraction_prompt`` (str): must contain ``{exchange}``; may use ``{facts}``, ``{today}``.
    ``facts_header`` (str, ``Known facts about the user:``); ``system_prompt`` (str, ``""``).
    ``scope`` (``session`` | ``global``, ``session``): one fact set per session or per device.
    ``lang`` (str, ``en-US``): language of the rules, the gates and the stopwords.
    ``extractor`` (``auto`` | ``llm`` | ``rules``, ``auto``): who extracts facts.
    ``max_prompt_facts`` (int, 20): known facts shown to the model with each exchange.
    ``supersede_threshold`` (0..1, 0.8): an update below it keeps the old fact live.
    ``max_retired_facts`` (int, 200): retired rows kept per session; 0 keeps all.
    ``inject_mode`` (``system`` | ``system_prompt`` | ``user``, ``system``): where facts go.
    ``context_budget_chars`` (int, 1200) and ``context_max_facts`` (int, 0): what a turn
    may inject; 0 means no limit. ``max_fact_chars`` (int, 200): longest injected fact.
    ``queue_size`` (int, 256), ``extract_concurrency`` (int, 1): the background queue.
    ``pending_user_timeout`` (s, 300): how long a user turn waits for its answer.
    ``confirm`` (``off`` | ``on``, ``off``): keep extracted facts pending until the user says
    yes; ``confirm_ttl_hours`` (24): pending items expire after this long.
    ``event_grace_hours`` (6): a dated event leaves the context this long after it is over.
    """

    def __init__(self, config: Optional[Dict[str, Any]] = None, *,
                 clock: Callable[[], float] = time.monotonic,
                 wall_clock: Callable[[], float] = time.time, http_session: Any = None):
        settings, unknown = load_settings(config)
        super().__init__(dict(config or {}))
        if unknown:
            LOG.warning(f"entity memory: unknown configuration keys {list(unknown)} are ignored; "
                        f"check their spelling")
        self.settings = settings
        self._wall_clock = wall_clock
        self._language = load_language(settings.lang)
        self._policy = Policy(max_facts=settings.max_facts, max_retired=settings.max_retired_facts,
                              supersede_threshold=settings.supersede_threshold,
                              max_fact_chars=settings.max_fact_chars, stopwords=self._language.stopwords)
        self._client = ChatClient(settings.api_url, model=settings.model, api_key=settings.api_key,
                                  connect_timeout=settings.connect_timeout,
                                  read_timeout=settings.request_timeout,
                                  max_tokens=settings.max_extract_tokens, session=http_session, clock=clock)
        self._extractor = Extractor(settings, self._client, self._language)
        self._pairer = ExchangePairer(clock, settings.pending_user_timeout)
        self._worker = ExtractionWorker(self._handle, queue_size=settings.queue_size,
                                        concurrency=settings.extract_concurrency, clock=clock)
        self._ranked: Dict[str, Tuple[Any, context.RankedSession]] = {}
        self._ranked_lock = threading.Lock()
        self._rank_locks: Dict[str, threading.Lock] = {}
        self._closed = False
        self._store: Store = self._open_store()
        self._owner = Owner(self._store, self._policy, wall_clock, actor="api")
        self._confirmation = Confirmation(load_judge(self._language, settings.lang), self._policy,
                                          settings.confirm_ttl_hours * 3600, settings.max_fact_chars) \
            if settings.confirm else None
        self._migration = self._start_migration()

    def _open_store(self) -> Store:
        try:
            return open_store(self.settings.backend, self.settings.store_folder, self.settings.db_url,
                              pool_size=self.settings.extract_concurrency + 2)
        except OSError as exc:
            LOG.error(f"entity memory: cannot use {self.settings.store_folder} ({exc}); keeping facts "
                      f"in memory only until restart. Check db_path and its permissions.")
            return open_store("memory", self.settings.store_folder)

    def _start_migration(self) -> Optional[threading.Thread]:
        if not isinstance(self._store, JsonFolderStore):
            return None
        return migration.start(self._store, self.settings.db_path, self._key_for_import,
                               self._policy, self._wall_clock)

    # -- keys ------------------------------------------------------------------
    def _key(self, session_id: Any) -> Optional[str]:
        """The store key for a caller's session id; None refuses it (scope fails closed)."""
        if self.settings.scope == "global":
            return GLOBAL_KEY
        if not isinstance(session_id, str) or not session_id.strip() or len(session_id) > MAX_SESSION_ID_CHARS:
            LOG.warning(f"entity memory: refused session id {str(session_id)[:40]!r}: it must be a "
                        f"non-empty string of at most {MAX_SESSION_ID_CHARS} characters")
            return None
        return session_id

    def _key_for_import(self, session_id: str) -> str:
        return GLOBAL_KEY if self.settings.scope == "global" else session_id

    def _owner_key(self, session_id: Any) -> str:
        key = self._key(session_id)
        if key is None:
            raise ValueError(f"invalid session id {session_id!r}")
        return key

    # -- AgentContextManager -----------------------------------------------------
    def get_history(self, session_id: str) -> List[AgentMessage]:
        """Always ``[]``: this plugin keeps facts, not turns."""
        return []

    def update_history(self, new_messages: List[AgentMessage], session_id: str) -> None:
        """Queue each completed user→assistant exchange for extraction; returns at once."""
        try:
            key = self._key(session_id)
            if key is None or not new_messages:
                return
            for user, assistant in self._pairer.feed(key, new_messages):
                generation = self._generation(key)
                answers = self._confirmation.next_exchange(key) if self._confirmation else None
                self._worker.submit(key, _Exchange(user, assistant, generation, answers))
        except Exception as exc:  # the turn must go on, whatever memory does
            LOG.exception(f"entity memory: could not queue an exchange: {exc}")

    def _generation(self, key: str) -> Optional[int]:
        """The session's erase generation now; None while the store cannot be read."""
        try:
            return self._store.load(key)[1].generation
        except StoreUnavailable:
            return None

    def build_conversation_context(self, utterance: str, session_id: str) -> List[AgentMessage]:
        """``[system_prompt?] + [facts block?] + [utterance]``, a fresh list every call."""
        utterance = utterance if isinstance(utterance, str) else ""
        block = None
        try:
            key = self._key(session_id)
            if key is not None:
                block = self._with_ranked(key, lambda record, ranked: self._render(key, record, ranked, utterance))
        except Exception as exc:
            LOG.exception(f"entity memory: facts left out of this turn: {exc}")
        return context.assemble(utterance, block, system_prompt=self.system_prompt,
                                inject_mode=self.settings.inject_mode)

    def _render(self, key: str, record: SessionRecord, ranked: context.RankedSession,
                utterance: str) -> Optional[str]:
        now = self._wall_clock()
        chosen = context.select(ranked, utterance, self.settings.context_budget_chars,
                                self.settings.context_max_facts, now=now,
                                grace_s=self.settings.event_grace_hours * 3600)
        block = context.render_block(self.settings.facts_header, ranked, chosen, now) if chosen else None
        if self._confirmation is not None:
            question = self._confirmation.question(key, record, self._wall_clock())
            if question:
                block = f"{block}\n\n{question}" if block else question
        return block

    def _with_ranked(self, key: str, use: Callable[[SessionRecord, context.RankedSession], T]) -> T:
        """Run ``use`` on the record and its ranking, under the session's ranking lock.

        The ranking is rebuilt only when the record changed, and then incrementally; the
        lock keeps one thread from updating the index while another reads it.
        """
        with self._ranked_lock:
            lock = self._rank_locks.setdefault(key, threading.Lock())
        with lock:
            revision, record = self._store.load(key)
            cached = self._ranked.get(key)
            if cached is None or cached[0] != revision:
                index = cached[1].index if cached else context.FactIndex(self._language.stopwords)
                cached = self._ranked[key] = (revision, context.RankedSession.build(
                    record.live_facts(), index, self.settings.max_fact_chars, record.live_entities(),
                    previous=cached[1] if cached else None))
            return use(record, cached[1])

    # -- the worker's job ---------------------------------------------------------
    def _handle(self, job: Job) -> Optional[float]:
        try:
            return self._extract_and_apply(job)
        except StoreUnavailable:
            return STORE_RETRY_S  # the exchange waits in the queue until the store is back

    def _extract_and_apply(self, job: Job) -> Optional[float]:
        exchange: _Exchange = job.payload
        record, listed = self._with_ranked(job.key, lambda rec, ranked: (
            rec, self._extractor.prompt_facts(ranked, render_exchange(exchange.user, exchange.assistant),
                                              self._wall_clock())))
        if exchange.generation is None:
            exchange.generation = record.generation  # queued while the store was unreachable
        if record.generation != exchange.generation:
            return None  # the session was erased after this exchange was queued
        if exchange.answers and exchange.attempts == 0:
            self._answer(job.key, exchange)
        exchange.attempts += 1
        outcome = self._extractor.extract(exchange.user, exchange.assistant, record, listed,
                                          exchange.attempts, self._wall_clock())
        if isinstance(outcome, Retry):
            return outcome.after_s
        if isinstance(outcome, Extraction) and not outcome.ops.empty:
            self._apply(job.key, exchange.generation, outcome)
        return None

    def _answer(self, key: str, exchange: _Exchange) -> None:
        def mutate(record: SessionRecord) -> Change:
            if record.generation != exchange.generation:
                return Change()
            return self._confirmation.apply_answer(record, exchange.answers, exchange.user, self._wall_clock())
        self._log(self._store.update(key, mutate))

    def _apply(self, key: str, generation: int, extraction: Extraction) -> None:
        def mutate(record: SessionRecord) -> Change:
            if record.generation != generation:
                return Change()
            now = self._wall_clock()
            if self._confirmation is not None:
                change = self._confirmation.expire(record, now)
                proposed = facts.propose(record, extraction.ops, now=now, actor=extraction.actor,
                                         listed_ids=extraction.listed_ids,
                                         forget_all_allowed=extraction.forget_all_allowed)
                change.events += proposed.events
                return change
            return facts.apply_ops(record, extraction.ops, now=now, actor=extraction.actor,
                                   policy=self._policy, listed_ids=extraction.listed_ids,
                                   forget_all_allowed=extraction.forget_all_allowed)
        self._log(self._store.update(key, mutate))

    @staticmethod
    def _log(change: Change) -> None:
        for warning in change.warnings:
            LOG.warning(f"entity memory: {warning}")

    # -- the owner's API ------------------------------------------------------------
    def facts(self, session_id: str, include_retired: bool = False) -> List[Fact]:
        """The session's facts: live ones, or every row including retired ones."""
        record = self._store.load(self._owner_key(session_id))[1]
        return [Fact(**f.to_dict()) for f in record.facts if include_retired or f.live]

    def entities(self, session_id: str) -> List[Entity]:
        """The people, pets and places the session's facts are about (live ones)."""
        record = self._store.load(self._owner_key(session_id))[1]
        return [Entity(**e.to_dict()) for e in record.entities if e.live]

    def add_fact(self, session_id: str, text: str, pin: bool = False, about: Optional[str] = None,
                 relation: Optional[str] = None, when: Optional[str] = None) -> Fact:
        """Add (or confirm) a fact as the owner; this lifts a tombstone on the same words.

        ``about`` names who it is about (default: the user), ``relation`` the user's
        relation to them, ``when`` an event's ISO date or date-time.
        """
        return self._owner.add(self._owner_key(session_id), text, pin, about, relation, when)

    def forget_fact(self, session_id: str, fact_id: str) -> bool:
        """Forget a fact: its text leaves the record and the trail. False if unknown."""
        try:
            self._owner.forget(self._owner_key(session_id), fact_id)
        except OwnerError:
            return False
        return True

    def audit_trail(self, session_id: str) -> List[Dict[str, Any]]:
        """Every change to the session's facts, oldest first."""
        return self._store.audit(self._owner_key(session_id))

    def erase(self, session_id: str) -> None:
        """Remove the session's facts, tombstones and trail; queued exchanges are dropped."""
        self._owner.erase(self._owner_key(session_id))

    # -- lifecycle ---------------------------------------------------------------------
    def flush(self, timeout: Optional[float] = None) -> bool:
        """Wait until every exchange queued before this call is applied (and the import)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        if self._migration is not None:
            self._migration.join(timeout)
            if self._migration.is_alive():
                return False
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        return self._worker.flush(left)

    def close(self, timeout: Optional[float] = 10.0) -> bool:
        """Drain the queue (within ``timeout``), stop the worker, release files. Idempotent."""
        if self._closed:
            return True
        self._closed = True
        drained = self._worker.close(timeout)
        self._client.close()
        self._store.close()
        return drained

    def __enter__(self) -> "EntityMemory":
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.close()
