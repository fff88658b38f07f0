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

import time
from typing import TYPE_CHECKING, Any, Callable, Dict, List, Optional

from ovos_plugin_manager.templates.agents import AgentContextManager, AgentMessage
from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.errors import OwnerError
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.record import Entity, Fact, Pending
from ovos_memory_plugin_entity.domain.rendering import assemble
from ovos_memory_plugin_entity.domain.scope import session_key
from ovos_memory_plugin_entity.io.caches import RankCache
from ovos_memory_plugin_entity.io.client import CONNECT_TIMEOUT_S, ChatClient
from ovos_memory_plugin_entity.io.stores import JsonFolderStore, Store, open_store
from ovos_memory_plugin_entity.io.stores.base import DEFAULT_CACHE_SESSIONS
from ovos_memory_plugin_entity.language.locale_data import load_language
from ovos_memory_plugin_entity.language.yesno import load_judge
from ovos_memory_plugin_entity.pipelines import migration
from ovos_memory_plugin_entity.pipelines.commands import Commands
from ovos_memory_plugin_entity.pipelines.confirmation import MAX_QUESTION_CHARS, Confirmation
from ovos_memory_plugin_entity.pipelines.extraction import Extractor
from ovos_memory_plugin_entity.pipelines.learning import Learner
from ovos_memory_plugin_entity.pipelines.owner import Owner
from ovos_memory_plugin_entity.pipelines.recall import Recall
from ovos_memory_plugin_entity.pipelines.turns import TurnKeeper
from ovos_memory_plugin_entity.settings import SPECS, device_defaults, read_settings, shown_default

if TYPE_CHECKING:  # imported at run time only when embeddings_url is set (it needs numpy)
    from ovos_memory_plugin_entity.pipelines.dense_recall import DenseRecall

# For a session another process holds; the job is then retried, stalling no other session.
SESSION_LOCK_WAIT_S = 1.0
# Facts pending the user's yes expire after a day: an unanswered question is not asked forever.
PENDING_TTL_S = 24 * 3600
# "Stop remembering" pauses learning this long unless the user resumes it first.
PAUSE_S = 30 * 60
PG_POOL_SIZE = 3  # PostgreSQL connections: the worker's, the turn's and the owner's


class EntityMemory(AgentContextManager):
    """Remembers durable facts about the user and re-injects the relevant ones every turn.

    Configuration keys of the persona JSON block, with their defaults (docs/configuration.md
    says what each does):

    """

    def __init__(self, config: Optional[Dict[str, Any]] = None, *,
                 clock: Callable[[], float] = time.monotonic,
                 wall_clock: Callable[[], float] = time.time, http_session: Any = None):
        loaded = read_settings(config, device_defaults())
        settings = loaded.settings
        super().__init__(dict(config) if isinstance(config, dict) else {})
        if loaded.unknown:
            LOG.warning(f"entity memory: unknown configuration keys {list(loaded.unknown)} are ignored; "
                        f"check their spelling")
        for error, fallback in loaded.errors:  # the persona keeps running
            LOG.error(f"entity memory: {error}; {fallback}")
        # A setting that decides whose facts are whose could not be read: no fact is learnt or
        # recalled; the conversation's turns (never shared between sessions) stay.
        self.facts_enabled = not loaded.memory_off
        self.settings = settings
        language = load_language(settings.lang)
        self._client = ChatClient(settings.api_url, model=settings.model, api_key=settings.api_key,
                                  read_timeout=settings.request_timeout,
                                  max_tokens=settings.max_extract_tokens, session=http_session, clock=clock)
        self._store: Store = self._open_store()
        policy = settings.policy(self._store.tombstone_key)
        self._ranks = RankCache(DEFAULT_CACHE_SESSIONS, policy)
        # The older plugin's default header is English; a persona in another language gets its own.
        english_default = settings.facts_header == SPECS["facts_header"].default
        # What a question about pending facts never repeats: an instruction, or a secret.
        def refuses(text: str) -> bool:
            return policy.refuses(text) or policy.secret_class(text) is not None
        judge = load_judge(language, settings.lang)
        # Questions about pending facts (confirm: on, sensitive topics); a control's own are the commands'.
        self._confirmation = Confirmation(judge, language, PENDING_TTL_S, policy.max_fact_chars,
                                          min(MAX_QUESTION_CHARS, settings.context_budget_chars or MAX_QUESTION_CHARS),
                                          confirms_all=settings.confirm, refuses=refuses) \
            if settings.confirm or settings.sensitive_confirm else None
        self._dense = self._start_dense(clock, wall_clock, http_session, policy)
        self._recall = Recall(header=language.phrases["header"] if english_default else settings.facts_header,
                              phrases=language.phrases, budget_chars=settings.context_budget_chars,
                              confirmation=self._confirmation, dense=self._dense, wall_clock=wall_clock)
        self._learner = Learner(store=self._store, ranks=self._ranks, policy=policy,
                                extractor=Extractor(settings.extractor, settings.extraction_prompt, self._client, language),
                                confirmation=self._confirmation, queue_size=settings.queue_size, clock=clock,
                                wall_clock=wall_clock, on_change=self._dense.keeper.request if self._dense else None,
                                learner=settings.learner_tag)
        self._commands = Commands(store=self._store, language=language, policy=policy, judge=judge,
                                  pause_s=PAUSE_S, refuses=refuses, wall_clock=wall_clock)
        self._owner = Owner(self._store, policy, wall_clock, actor="api", scope=settings.scope)
        self._redact = policy.redact
        self._turns = TurnKeeper(settings.max_history, DEFAULT_CACHE_SESSIONS, policy.redact)
        self._closed = False
        # Not while the facts are off: the older plugin's file is imported once, under the right scope.
        self._migration = migration.start(self._store, settings.db_path,
                                          lambda sid: session_key(settings.scope, sid) or sid, policy, wall_clock) \
            if isinstance(self._store, JsonFolderStore) and self._store.unwritable is None and self.facts_enabled \
            else None
        # Secrets an earlier version kept are forgotten once, in the background.
        self._sweep = migration.in_background("secret-sweep", "looking for kept secrets", lambda: (
            migration.forget_kept_secrets(self._store, policy, wall_clock))) if self.facts_enabled else None
        # Exchanges an earlier run closed with are learnt now, off the constructor's path.
        self._resume = migration.in_background("resume", "learning what an earlier run kept", self._learner.resume)

    def _open_store(self) -> Store:
        store: Optional[Store] = None
        try:
            store = open_store(self.settings.backend, self.settings.store_folder, self.settings.db_url,
                               pool_size=PG_POOL_SIZE, lock_wait_s=SESSION_LOCK_WAIT_S, key_file=self.settings.key_file)
            store.tombstone_key  # read (or made) now: a key file it may not use is found at start
        except (OSError, ValueError) as exc:  # a folder or key file it may not use; PostgreSQL without its extra
            if store is not None:
                store.close()
            where = "the database" if self.settings.backend == "postgres" else self.settings.store_folder
            LOG.error(f"entity memory: cannot use {where} ({exc}); keeping facts in memory only until "
                      f"restart. Run 'ovos-entity-memory doctor' for the fix.")
            return open_store("memory", self.settings.store_folder)
        unwritable = getattr(store, "unwritable", None)
        if unwritable is not None:
            LOG.error(f"entity memory: {self.settings.store_folder} can be read but not written ({unwritable}); "
                      f"its facts are served, nothing new is kept until it can be. Run 'ovos-entity-memory "
                      f"doctor' for the fix.")
        return store

    def _start_dense(self, clock: Callable[[], float], wall_clock: Callable[[], float], http_session: Any,
                     policy: Policy) -> Optional["DenseRecall"]:
        """Hybrid recall when ``embeddings_url`` is set; numpy is imported only then."""
        settings = self.settings
        if not settings.embeddings_url:
            return None
        try:
            from ovos_memory_plugin_entity.io.embeddings import EmbeddingsClient
            from ovos_memory_plugin_entity.pipelines.dense_recall import DenseRecall
        except ImportError as exc:
            LOG.error(f"entity memory: embeddings_url is set but {exc}: install the 'embeddings' extra "
                      f"(numpy). Facts are ranked by words alone.")
            return None
        same_server = settings.embeddings_url.split("/")[:3] == settings.api_url.split("/")[:3]
        client = EmbeddingsClient(settings.embeddings_url, model=settings.embeddings_model,
                                  api_key=settings.api_key if same_server else "", session=http_session)
        return DenseRecall(client, self._store, policy, query_prefix=settings.embeddings_query_prefix,
                           passage_prefix=settings.embeddings_passage_prefix, timeout=settings.embeddings_timeout,
                           clock=clock, wall_clock=wall_clock)

    def _key(self, session_id: Any) -> Optional[str]:
        """None refuses the id (scope fails closed)."""
        key = session_key(self.settings.scope, session_id)
        if key is None:
            LOG.warning(f"entity memory: refused session id {str(session_id)[:40]!r}: it must be a "
                        f"non-empty string of bounded length")
        return key

    # -- AgentContextManager -----------------------------------------------------
    def get_history(self, session_id: str) -> List[AgentMessage]:
        """The conversation's recent turns (``max_history`` messages), oldest first."""
        key = self._key(session_id)
        return self._turns.recent(key) if key is not None else []

    def update_history(self, new_messages: List[AgentMessage], session_id: str) -> None:
        """Queue each completed user→assistant exchange for extraction; returns at once."""
        try:
            key = self._key(session_id)
            if key is not None and new_messages:
                self._turns.add(key, new_messages)
                if self.facts_enabled:
                    for user, assistant in self._learner.pair(key, new_messages):
                        learnt, control = self._commands.replied(key, user, assistant)
                        self._learner.learn(key, learnt, assistant, control=control)
        except Exception as exc:  # the turn must go on, whatever memory does
            LOG.exception(f"entity memory: could not queue an exchange: {exc}")

    def build_conversation_context(self, utterance: str, session_id: str) -> List[AgentMessage]:
        """``[system_prompt?] + [facts block?] + [turns] + [utterance]``; a spoken control is written first."""
        utterance = utterance if isinstance(utterance, str) else ""
        block = None
        turns: List[AgentMessage] = []
        try:
            key = self._key(session_id)
            if key is not None:
                turns = self._turns.recent(key)
            if key is not None and self.facts_enabled:
                latest, loaded = self._learner.latest(key), self._store.load(key)
                reply = next((m.content for m in reversed(turns) if m.role.value == "assistant"), "")
                said, wrote = self._commands.act(key, loaded[1], utterance, latest, reply)
                # Awaited (bounded) before the session's lock is taken, so the worker never waits on it.
                # The endpoint hears the utterance as the kept turns hold it: secrets replaced by their class.
                query = self._dense.queries.vector(self._redact(utterance, "")) if self._dense and utterance.strip() \
                    else None
                # Read only (read again when the first step wrote), rendered under the ranking's
                # lock, which guards its index.
                block, record = self._ranks.use(
                    key, (lambda: self._store.load(key)) if wrote else (lambda: loaded),
                    lambda record, ranked: (self._recall.block(key, record, ranked, utterance, said, query), record))
                self._learner.context_built_from(key, record)
        except Exception as exc:
            LOG.exception(f"entity memory: facts left out of this turn: {exc}")
        return assemble(utterance, block, system_prompt=self.system_prompt,
                        inject_mode=self.settings.inject_mode, turns=turns)

    # -- the owner's API ------------------------------------------------------------
    def facts(self, session_id: str, include_retired: bool = False) -> List[Fact]:
        """The session's facts: live ones, or every row including retired ones."""
        return self._owner.facts(session_id, include_retired, must_exist=False)

    def entities(self, session_id: str) -> List[Entity]:
        """The people, pets and places the session's facts are about (live ones)."""
        return self._owner.entities(session_id, must_exist=False)

    def pending(self, session_id: str) -> List[Pending]:
        """Proposals waiting for the user's yes (``confirm: on``)."""
        return self._owner.pending(session_id, must_exist=False)

    def add_fact(self, session_id: str, text: str, pin: bool = False, about: Optional[str] = None,
                 relation: Optional[str] = None, when: Optional[str] = None) -> Fact:
        """As the owner, lifting a tombstone on the same words; ``when``: an event's ISO date or date-time."""
        fact = self._owner.add(session_id, text, pin, about, relation, when)
        if self._dense is not None:
            self._dense.keeper.request(self._owner.key(session_id))
        return fact

    def forget_fact(self, session_id: str, fact_id: str) -> bool:
        """Forget a fact: its text leaves the record and the trail. False if unknown."""
        try:
            self._owner.change(session_id, lambda editor: editor.forget(fact_id))
        except OwnerError:
            return False
        return True

    def audit_trail(self, session_id: str) -> List[Dict[str, Any]]:
        """Every change to the session's facts, oldest first."""
        return self._owner.history(session_id, must_exist=False)

    def forget_entity(self, session_id: str, entity_id: str) -> None:
        """Forget an entity and every fact about it."""
        self._owner.change(session_id, lambda editor: editor.forget_entity(entity_id))

    def erase(self, session_id: str) -> None:
        """Remove the session's facts, tombstones and trail; queued exchanges are dropped."""
        self._owner.erase(session_id)
        self._learner.erased(self._owner.key(session_id))

    # -- lifecycle ---------------------------------------------------------------------
    def flush(self, timeout: Optional[float] = None) -> bool:
        """Until every exchange queued before is applied (and the import, and the vectors asked for)."""
        deadline = None if timeout is None else time.monotonic() + timeout

        def left() -> Optional[float]:
            return None if deadline is None else max(0.0, deadline - time.monotonic())
        for starting in (self._migration, self._sweep, self._resume):
            if starting is not None:
                starting.join(left())
                if starting.is_alive():
                    return False
        return self._learner.flush(left()) and (self._dense is None or self._dense.keeper.flush(left()))

    def wake(self) -> None:
        """Try exchanges that wait for a retry now (the endpoint or the store came back)."""
        self._learner.wake()

    def close(self, timeout: Optional[float] = None) -> bool:
        """Drain the queue within ``timeout`` (default: one model request's), stop, release files;
        what is left waits in the store. Idempotent."""
        if self._closed:
            return True
        self._closed = True
        if timeout is None:
            timeout = CONNECT_TIMEOUT_S + self.settings.request_timeout
        self._resume.join(timeout)  # what it takes from the store is queued (or kept again) first
        if self._sweep is not None:
            self._sweep.join(timeout)  # the store stays open until the sweep of kept secrets is done
        drained = self._learner.close(timeout)
        if self._dense is not None:
            drained = self._dense.close(timeout) and drained
        self._client.close()
        self._store.close()
        self._ranks.clear()
        self._turns.clear()
        return drained

    def __enter__(self) -> "EntityMemory":
        return self

    def __exit__(self, *_exc: Any) -> None:
        self.close()


EntityMemory.__doc__ = (EntityMemory.__doc__ or "") + "\n".join(f"    ``{key}`` ({shown_default(key)})" for key in SPECS)
