"""From a finished exchange to changed facts: pair, queue, extract, apply. The worker's job.

``learn`` runs on the turn: it pairs, notes the session's erase generation from the
record it has (cached; a read when it has none), and queues. The worker
thread then, per exchange and in order per session:

1. reads the record and its ranking (no lock held while the model runs);
2. drops the exchange if the session was erased since it was queued (generation);
3. judges the user's answer to a question about pending facts (``confirm: on``);
4. extracts operations (model, rules or both; :mod:`extractor`);
5. applies them through :class:`editor.Editor` in one locked read-modify-write.

If the store is down at step 5 the extraction is kept with the exchange and only the
write is retried: the model is never asked twice for one exchange because of the store.

Exchanges still queued when the plugin closes are kept in the store (bounded, see
:mod:`waiting`) and queued again at the next start; an erase or a forget drops them there.
"""
from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional

from ovos_plugin_manager.templates.agents import AgentMessage
from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.audit import Actor
from ovos_memory_plugin_entity.domain.contract import MAX_ASSISTANT_CHARS, MAX_USER_CHARS, render_exchange
from ovos_memory_plugin_entity.domain.editor import Editor, edit
from ovos_memory_plugin_entity.domain.errors import StoreDataError, StoreUnavailable
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.record import SessionRecord, Taught, new_record
from ovos_memory_plugin_entity.domain.text import truncate
from ovos_memory_plugin_entity.domain.waiting import kept_exchange, restored_exchange
from ovos_memory_plugin_entity.io.caches import LRU, RankCache
from ovos_memory_plugin_entity.io.stores import Store
from ovos_memory_plugin_entity.io.worker import ExtractionWorker, Job
from ovos_memory_plugin_entity.pipelines.confirmation import Confirmation
from ovos_memory_plugin_entity.pipelines.extraction import Extraction, Extractor, Retry
from ovos_memory_plugin_entity.pipelines.pairing import ExchangePairer

# While the store cannot be reached, a queued exchange is tried again this often.
STORE_RETRY_S = 2.0
# Sessions whose record (as last read) is remembered: its generation stamps the next
# exchange, its pause holds it, and "forget that" can withdraw the latest one.
MAX_KNOWN_SESSIONS = 10_000
# What ``hold`` says of an exchange: not queued at all (memory is paused), or queued for
# the answers only (the user's words were a spoken control, acted on during the turn).
PAUSED, CONTROL = "paused", "control"


@dataclass
class Exchange:
    """One user→assistant exchange waiting in the queue, and what is known of it so far."""

    user: str
    assistant: str
    generation: Optional[int]  # the session's erase generation when it was queued
    asked_ids: Optional[List[str]] = None  # pending items this exchange's assistant turn asked about (confirm: on)
    attempts: int = 0
    extraction: Optional[Extraction] = None  # kept when only the write failed
    answered: bool = False
    token: str = ""  # names the exchange in the record's ``taught``
    control: bool = False  # a spoken control: its answers are judged, nothing is extracted
    withdrawn: bool = False  # "forget that" came before it was applied: it never will be
    done: bool = False


@dataclass
class VoiceEdit:
    """A spoken control's change to the record, queued behind the session's exchanges."""

    generation: int
    act: Callable[[Editor], Any]
    done: Callable[[], None]  # called once the change is written


class Learner:
    """Pairs exchanges, queues them, and applies what is learnt from each."""

    def __init__(self, *, store: Store, ranks: RankCache, extractor: Extractor, policy: Policy,
                 confirmation: Optional[Confirmation], pending_user_timeout: float, queue_size: int,
                 concurrency: int, clock: Callable[[], float], wall_clock: Callable[[], float],
                 on_change: Optional[Callable[[str], None]] = None, answers: Optional[Confirmation] = None,
                 hold: Optional[Callable[[str, str, SessionRecord], Optional[str]]] = None, learner: str = ""):
        """``confirmation`` keeps extractions pending (``confirm: on``); ``answers`` judges
        the user's answers to any question (a spoken control's too); ``hold`` says whether
        an exchange is learnt from (:data:`PAUSED`, :data:`CONTROL`, or None); ``on_change``
        is told the session's key after each write (fact vectors follow); ``learner`` tags the
        exchanges kept at close, so that only a plugin that learns alike takes them back."""
        self._store, self._ranks, self._extractor = store, ranks, extractor
        self._learner_tag = learner
        self._on_change = on_change
        self._answers, self._hold = answers or confirmation, hold
        self._latest: LRU[str, Exchange] = LRU(MAX_KNOWN_SESSIONS)
        self._policy, self._confirmation, self._wall_clock = policy, confirmation, wall_clock
        self._pairer = ExchangePairer(clock, pending_user_timeout)
        self._seen: LRU[str, SessionRecord] = LRU(MAX_KNOWN_SESSIONS)
        self._worker = ExtractionWorker(self._handle, queue_size=queue_size, concurrency=concurrency, clock=clock,
                                        on_left=self._keep)

    # -- on the turn -------------------------------------------------------------
    def learn(self, key: str, messages: List[AgentMessage]) -> None:
        """Queue each exchange ``messages`` completes; returns at once, never reading the store."""
        for user, assistant in self._pairer.feed(key, messages):
            asked = self._answers.asked_in(key, assistant) if self._answers else None
            # Each side cut as the prompt cuts it: the queue is bounded in characters too.
            user, assistant = truncate(user, MAX_USER_CHARS), truncate(assistant, MAX_ASSISTANT_CHARS)
            record = self._seen.get(key)
            held = self._hold(key, user, record or new_record(key)) if self._hold is not None else None
            if held == PAUSED and not asked and not (record is not None and any(p.awaiting for p in record.pending)):
                continue  # paused: nothing queued, unless it answers a question (answers only, nothing learnt)
            exchange = Exchange(user, assistant, record.generation if record is not None else None, asked,
                                token=uuid.uuid4().hex[:12], control=held in (CONTROL, PAUSED))
            self._latest.put(key, exchange)
            self._worker.submit(key, exchange)

    def saw(self, key: str, record: SessionRecord) -> None:
        """The record a turn's context (or the worker) just read: its generation stamps the
        exchange that turn queues and its pause holds it, so learning never waits on the store."""
        self._seen.put(key, record)

    def erased(self, key: str) -> None:
        """This process erased the session: its next exchange takes the generation the worker finds."""
        self._seen.pop(key)

    def withdraw_latest(self, key: str) -> Optional[Exchange]:
        """"Forget that": the session's latest exchange, when this process has not finished
        it, is never applied; it is returned. None when there is none or it is finished."""
        exchange = self._latest.get(key)
        if exchange is None or exchange.done or exchange.control:
            return None
        exchange.withdrawn = True
        return exchange

    def submit_edit(self, key: str, edit: VoiceEdit) -> None:
        """Queue a spoken control's change behind the exchanges already queued for the session."""
        self._worker.submit(key, edit)

    # -- in the worker -------------------------------------------------------------
    def _handle(self, job: Job) -> Optional[float]:
        try:
            if isinstance(job.payload, VoiceEdit):
                self._edit(job.key, job.payload.generation, "user", job.payload.act)
                job.payload.done()
                return None
            outcome = self._learn_from(job.key, job.payload)
            job.payload.done = outcome is None
            return outcome
        except StoreUnavailable:
            return STORE_RETRY_S  # the exchange waits in the queue until the store is back
        except StoreDataError as exc:
            LOG.warning(f"entity memory: {exc}; this exchange was dropped, the others go on")
            return None

    def _learn_from(self, key: str, exchange: Exchange) -> Optional[float]:
        exchange_text = render_exchange(exchange.user, exchange.assistant)
        record, listed = self._ranks.use(key, lambda: self._store.load(key), lambda rec, ranked: (
            rec, self._extractor.prompt_facts(ranked, exchange_text, self._wall_clock())))
        self.saw(key, record)
        if exchange.generation is None:
            exchange.generation = record.generation  # queued before this process read the session
        if record.generation != exchange.generation or exchange.withdrawn:
            return None  # the session was erased after this exchange was queued, or the user took it back
        if self._answers is not None and not exchange.answered and (
                self._confirmation is not None or record.pending or exchange.asked_ids):
            self._edit(key, exchange.generation, "user", lambda editor: self._answer(editor, exchange))
            exchange.answered = True
        paused = record.paused_until is not None and record.paused_until > self._wall_clock()
        if exchange.control or paused:  # a control, or paused by another node: answers only
            return None
        if exchange.extraction is None:
            exchange.attempts += 1
            outcome = self._extractor.extract(exchange.user, exchange.assistant, listed, exchange.attempts,
                                              self._wall_clock())
            if isinstance(outcome, Retry):
                return outcome.after_s
            if not isinstance(outcome, Extraction) or outcome.ops.empty:
                return None
            exchange.extraction = outcome
        extraction = exchange.extraction
        self._edit(key, exchange.generation, extraction.actor,
                   lambda editor: self._apply(editor, extraction, exchange))
        if self._on_change is not None:
            self._on_change(key)
        return None

    def _answer(self, editor: Editor, exchange: Exchange) -> None:
        if self._answers is not None:
            self._answers.take_answer(editor, exchange.user, exchange.asked_ids or [])

    def _apply(self, editor: Editor, extraction: Extraction, exchange: Exchange) -> None:
        if exchange.withdrawn:  # checked under the session's lock: "forget that" won the race
            return
        gates = {"forget_allowed": extraction.forget_allowed, "forget_all_allowed": extraction.forget_all_allowed}
        events_before = len(editor.change.events)
        if self._confirmation is not None and self._confirmation.confirms_all:
            self._confirmation.propose(editor, extraction.ops, extraction.listed_ids, **gates)
        else:
            editor.apply_ops(extraction.ops, extraction.listed_ids, **gates)
        new = editor.change.events[events_before:]
        facts = tuple(e.subject for e in new if e.action == "add" and e.subject)
        pending = tuple(e.subject for e in new if e.action == "propose" and e.subject)
        if facts or pending:  # what "forget that" takes back
            editor.record.taught = Taught(editor.now, exchange.token, facts, pending)

    def _edit(self, key: str, generation: int, actor: Actor, act: Callable[[Editor], Any]) -> None:
        def unless_erased(editor: Editor) -> None:
            if editor.record.generation == generation:  # not erased since this exchange was queued
                act(editor)
        change = self._store.update(key, lambda record: edit(record, self._policy, self._wall_clock(), actor,
                                                              unless_erased))
        for warning in change.warnings:
            LOG.warning(f"entity memory: {warning}")

    # -- across restarts -------------------------------------------------------------
    def _keep(self, jobs: List[Job]) -> None:
        """At close: the exchanges the model never saw are kept in the store, for the next start."""
        by_key: Dict[str, List[Dict[str, Any]]] = {}
        for job in jobs:
            exchange = job.payload
            if not isinstance(exchange, Exchange) or exchange.control or exchange.withdrawn:
                continue  # a control's edit or answers-only exchange: nothing to learn at the next start
            # Kept as the turns are, secrets replaced by their class: a file never holds one in clear.
            by_key.setdefault(job.key, []).append(kept_exchange(
                job.key, self._policy.redact(exchange.user), self._policy.redact(exchange.assistant),
                exchange.generation, exchange.asked_ids, self._learner_tag))
        kept = 0
        for key, items in by_key.items():
            try:
                self._store.keep_waiting(key, items)
                kept += len(items)
            except (StoreUnavailable, StoreDataError, OSError) as exc:
                LOG.warning(f"entity memory: {len(items)} exchange(s) waiting for the model could not be kept "
                            f"({exc}); they are lost")
        if kept:
            LOG.warning(f"entity memory: closing with {kept} exchange(s) the model has not seen yet; kept them "
                        f"in the store, the next start learns from them")

    def resume(self) -> int:
        """At start: queue the exchanges an earlier run kept at its close; how many."""
        try:
            waiting = self._store.take_waiting(self._learner_tag)
        except (StoreUnavailable, StoreDataError, OSError) as exc:
            LOG.warning(f"entity memory: exchanges kept at the last close cannot be read now ({exc}); "
                        f"the next start tries again")
            return 0
        resumed, refused = 0, []
        for item in waiting:
            restored = restored_exchange(item)
            if restored is None:
                continue
            key, user, assistant, generation, asked = restored
            if self._worker.submit(key, Exchange(user, assistant, generation, asked)):
                resumed += 1
            else:  # closed meanwhile: they wait for the next start again
                refused.append(Job(key, 0, Exchange(user, assistant, generation, asked)))
        if refused:
            self._keep(refused)
        if resumed:
            LOG.info(f"entity memory: learning from {resumed} exchange(s) kept at the last close")
        return resumed

    # -- lifecycle -----------------------------------------------------------------
    def wake(self) -> None:
        """Re-check waiting sessions now (after the clock moved, or the endpoint returned)."""
        self._worker.wake()

    def flush(self, timeout: Optional[float] = None) -> bool:
        return self._worker.flush(timeout)

    def close(self, timeout: Optional[float] = None) -> bool:
        return self._worker.close(timeout)
