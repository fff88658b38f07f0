"""From a finished exchange to changed facts: pair, queue, extract, apply (docs/architecture.md,
"Learning"). A keeper thread keeps each queued exchange in the store, so a killed process loses
none and the turn never waits on a disk; a store down at the write keeps the extraction, so the
model is never asked twice; exchanges left waiting are queued again at the next start.
"""
from __future__ import annotations

import threading
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Iterable, List, Optional, Tuple

from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole
from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.audit import Actor
from ovos_memory_plugin_entity.domain.contract import MAX_ASSISTANT_CHARS, MAX_USER_CHARS, render_exchange
from ovos_memory_plugin_entity.domain.editor import Editor, edit
from ovos_memory_plugin_entity.domain.errors import StoreDataError, StoreUnavailable
from ovos_memory_plugin_entity.domain.forget_edits import covered
from ovos_memory_plugin_entity.domain.kept_exchanges import Latest, kept_exchange, restored_exchange
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.record import SessionRecord, Taught
from ovos_memory_plugin_entity.domain.text import truncate
from ovos_memory_plugin_entity.io.caches import LRU, RankCache
from ovos_memory_plugin_entity.io.stores import Store
from ovos_memory_plugin_entity.io.worker import ExtractionWorker, Job
from ovos_memory_plugin_entity.pipelines.confirmation import Confirmation, Offered
from ovos_memory_plugin_entity.pipelines.extraction import Extraction, Extractor, Retry

# Exchanges (and their removals) waiting to be written to the store's waiting ones, at most.
MAX_KEEPS_QUEUED = 4096
# A user turn recorded on its own waits this long for its answer (hivemind sends them apart).
USER_TURN_WAIT_S = 300.0
# While the store cannot be reached, a queued exchange is tried again this often.
STORE_RETRY_S = 2.0
# The exchange before may say who "she" is ("my girlfriend is Ana | she's a nurse"), this soon before; later, not.
ANTECEDENT_WINDOW_S = 300.0
# Sessions this process remembers between calls (see Known).
MAX_KNOWN_SESSIONS = 10_000
# So a flood of one-sided calls under ever-new session ids cannot grow memory.
MAX_HELD_USER_TURNS = 10_000
# A held user turn is cut to what the prompt shows: MAX_HELD_USER_TURNS of them stay within about 20 M characters.
MAX_HELD_USER_CHARS = MAX_USER_CHARS


class ExchangePairer:
    """``update_history`` calls as whole exchanges: a user turn sent alone is held until its answer (``timeout``)."""

    def __init__(self, clock: Callable[[], float], timeout: float):
        self._clock, self._timeout = clock, timeout
        self._held: Dict[str, Tuple[str, float]] = {}
        self._lock = threading.Lock()
        self._told_cut = self._told_full = False  # each bound is logged the first time it is reached

    def feed(self, key: str, messages: Iterable[AgentMessage]) -> List[Tuple[str, str]]:
        """The exchanges completed by ``messages``, as (user, assistant) pairs."""
        now = self._clock()
        exchanges = []
        with self._lock:
            while self._held and now - next(iter(self._held.values()))[1] > self._timeout:
                del self._held[next(iter(self._held))]
            for message in messages:
                content = message.content if isinstance(message.content, str) else ""
                role = message.role
                if role == MessageRole.USER and content.strip():
                    if len(content) > MAX_HELD_USER_CHARS and not self._told_cut:
                        self._told_cut = True
                        LOG.info(f"entity memory: a user turn longer than {MAX_HELD_USER_CHARS} characters is "
                                 f"kept cut to that (MAX_HELD_USER_CHARS): the model is shown no more of it")
                    self._held.pop(key, None)  # re-insert: the dict stays ordered by time
                    self._held[key] = (truncate(content, MAX_HELD_USER_CHARS), now)
                    if len(self._held) > MAX_HELD_USER_TURNS:
                        self._held.pop(next(iter(self._held)))
                        if not self._told_full:
                            self._told_full = True
                            LOG.warning(f"entity memory: {MAX_HELD_USER_TURNS} sessions hold a user turn "
                                        f"waiting for its answer (MAX_HELD_USER_TURNS); the oldest are dropped")
                elif role == MessageRole.ASSISTANT and content.strip() and key in self._held:
                    user, _ = self._held.pop(key)
                    exchanges.append((user, content))
        return exchanges


@dataclass
class Exchange:
    """One user→assistant exchange in the queue, and what is known of it so far."""

    user: str
    assistant: str
    generation: Optional[int]  # the session's erase generation when it was queued
    asked_ids: Optional[List[str]] = None  # pending items this exchange's assistant turn asked about (confirm: on)
    token: str = ""  # names the exchange in the store's waiting ones and the record's ``taught``/``withdrawn``
    said_at: Optional[float] = None  # wall-clock time it was queued: a later spoken forget covers it
    control: bool = False  # a spoken control's: its answers are judged, nothing is extracted
    before: str = ""  # what the user said in the exchange just before (ANTECEDENT_WINDOW_S): who "she" is
    before_reply: str = ""  # the assistant's answer to ``before``: whether it asked something ("no, ten" answers it)
    attempts: int = 0
    extraction: Optional[Extraction] = None  # kept when only the write failed
    answered: bool = False
    done: bool = False


@dataclass
class Known:
    """What this process holds of a session between calls (docs/architecture.md, "State and its bounds")."""

    record: Optional[SessionRecord] = None  # as last read: its generation stamps the next exchange, its pause holds it
    latest: Optional[Exchange] = None  # the latest exchange queued: what "forget that" names
    offered: Offered = field(default_factory=list)  # what the last context asked about (confirm: on)
    said_before: Tuple[str, str, float] = ("", "", 0.0)  # the last exchange learnt from, and when: who "she" is next


class Learner:
    def __init__(self, *, store: Store, ranks: RankCache, extractor: Extractor, policy: Policy,
                 confirmation: Optional[Confirmation], queue_size: int,
                 clock: Callable[[], float], wall_clock: Callable[[], float],
                 on_change: Optional[Callable[[str], None]] = None, learner: str = ""):
        """``on_change`` hears of each write (vectors follow); ``learner`` tags the copy kept in the store."""
        self._store, self._ranks, self._extractor = store, ranks, extractor
        self._on_change, self._redact, self._learner_tag = on_change, policy.redact, learner
        self._policy, self._confirmation, self._wall_clock = policy, confirmation, wall_clock
        self.pair = ExchangePairer(clock, USER_TURN_WAIT_S).feed  # the exchanges an update_history completes
        self._known: LRU[str, Known] = LRU(MAX_KNOWN_SESSIONS)
        self._known_lock = threading.Lock()
        self._worker = ExtractionWorker(self._handle, queue_size=queue_size, clock=clock,
                                        on_left=self._left)
        self.wake = self._worker.wake  # exchanges waiting for a retry are tried now
        # Keeps the waiting exchanges in the store, in order per session, off the turn.
        self._keeper = ExtractionWorker(self._keep, queue_size=MAX_KEEPS_QUEUED, clock=clock,
                                        name="entity-memory-keeper")
        # Tokens this run kept before ``resume`` took the earlier run's: left, queued already.
        self._kept_before_resume: Optional[set] = set()
        self._started = wall_clock()

    # -- on the turn -------------------------------------------------------------
    def learn(self, key: str, user: str, assistant: str, *, control: bool = False) -> None:
        """Keep and queue one exchange (``control``: judged for answers only); never reads the store."""
        known = self._session(key)
        asked = self._confirmation.asked_in(known.offered, assistant) if self._confirmation else None
        known.offered = []
        # Only a turn learnt from says who "she" is next: not one paused, nor a control's besides what it goes on to say
        now, (before, before_reply, said_at) = self._wall_clock(), known.said_before
        known.said_before = ("", "", 0.0)
        before, before_reply = (before, before_reply) if now - said_at <= ANTECEDENT_WINDOW_S else ("", "")
        # Each side cut as the prompt cuts it: the queue is bounded in characters too.
        user, assistant = truncate(user, MAX_USER_CHARS), truncate(assistant, MAX_ASSISTANT_CHARS)
        record = known.record
        paused = record is not None and record.paused_until is not None and record.paused_until > self._wall_clock()
        if paused and not asked and not any(p.awaiting for p in record.pending):  # type: ignore[union-attr]
            return  # paused: nothing kept or queued, unless it answers a question (answers only)
        if not user.strip() and not asked and not (record is not None and record.pending):
            return  # a control and nothing else: nothing to learn, nothing to answer
        exchange = Exchange(user, assistant, record.generation if record is not None else None, asked,
                            token=uuid.uuid4().hex[:12], said_at=now, control=control or paused, before=before,
                            before_reply=before_reply)
        self._queue(key, exchange)
        if not exchange.control:
            known.said_before = (user, assistant, now)

    def _queue(self, key: str, exchange: Exchange) -> bool:
        mine = self._kept_before_resume
        if mine is not None:
            mine.add(exchange.token)  # before the append: ``resume`` may read the store at any moment
        kept = kept_exchange(key, exchange.user, exchange.assistant, exchange.generation, exchange.asked_ids,
                             exchange.token, exchange.said_at, exchange.control, self._learner_tag)
        kept["user"], kept["assistant"] = self._redact(kept["user"], ""), self._redact(kept["assistant"], kept["user"])
        self._keeper.submit(key, kept)  # kept in the store in a moment: a SIGKILL from then on loses nothing
        self._session(key).latest = exchange
        return self._worker.submit(key, exchange)

    def _session(self, key: str) -> Known:
        with self._known_lock:
            known = self._known.get(key)
            if known is None:
                known = Known()
                self._known.put(key, known)
            return known

    def context_built_from(self, key: str, record: SessionRecord) -> None:
        """The record a turn's context was built from."""
        known = self._session(key)
        known.record = record
        known.offered = self._confirmation.offered(record, self._wall_clock()) if self._confirmation else []

    def erased(self, key: str) -> None:
        """Erased here: the next exchange takes the generation the worker finds."""
        self._session(key).record = None

    def latest(self, key: str) -> Optional[Latest]:
        """The session's latest exchange learnt from (a control's is none)."""
        exchange = self._session(key).latest
        if exchange is None or exchange.control:
            return None
        return Latest(exchange.token, exchange.user, exchange.done, exchange.said_at or 0.0)

    # -- in the worker -------------------------------------------------------------
    def _handle(self, job: Job) -> Optional[float]:
        exchange: Exchange = job.payload
        try:
            outcome = self._learn_from(job.key, exchange)
        except StoreUnavailable:
            return STORE_RETRY_S  # the exchange waits in the queue until the store is back
        except StoreDataError as exc:
            LOG.warning(f"entity memory: {exc}; this exchange was dropped, the others go on")
            outcome = None
        if outcome is None:
            exchange.done = True
            self._keeper.submit(job.key, exchange.token)  # after its keep: in order per session
        return outcome

    def _keep(self, job: Job) -> Optional[float]:
        """An exchange (a dict) kept in the store, or one (its token) learnt."""
        try:
            if isinstance(job.payload, dict):
                self._store.keep_waiting(job.key, [job.payload])
            else:
                self._store.done_waiting(job.key, job.payload)
        except StoreUnavailable:
            return STORE_RETRY_S
        except (StoreDataError, OSError) as exc:
            LOG.warning(f"entity memory: the exchanges waiting for the model could not be updated ({exc})")
        return None

    def _learn_from(self, key: str, exchange: Exchange) -> Optional[float]:
        exchange_text = render_exchange(exchange.user, exchange.assistant)
        record, listed = self._ranks.use(key, lambda: self._store.load(key), lambda rec, ranked: (
            rec, self._extractor.prompt_facts(ranked, exchange_text, self._wall_clock())))
        self._session(key).record = record
        if exchange.generation is None:
            exchange.generation = record.generation  # queued before this process read the session
        if record.generation != exchange.generation or exchange.token in record.withdrawn:
            return None  # the session was erased after this exchange was queued, or the user took it back
        if self._confirmation is not None and not exchange.answered:
            confirmation = self._confirmation
            verdict = confirmation.verdict(record, exchange.user)  # judged here, never under the store's lock
            self._edit(key, exchange.generation, "user-confirmed" if verdict else "user",
                       lambda editor: confirmation.take_answer(editor, exchange.user, verdict,
                                                               exchange.asked_ids or []))
            exchange.answered = True
        paused = record.paused_until is not None and record.paused_until > self._wall_clock()
        if exchange.control or paused:  # a control, or paused by another node: answers only
            return None
        if exchange.extraction is None:
            exchange.attempts += 1
            outcome = self._extractor.extract(exchange.user, exchange.assistant, listed, exchange.attempts,
                                              self._wall_clock(), before=exchange.before,
                                              before_reply=exchange.before_reply)
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

    def _apply(self, editor: Editor, extraction: Extraction, exchange: Exchange) -> None:
        if exchange.token in editor.record.withdrawn:  # checked under the session's lock: "forget that" won
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
        added = [f for f in (editor.record.fact(i) for i in facts) if f is not None and f.live and f.text]
        for fact in covered(editor.record.forget_marks, exchange.said_at, added, editor.record.live_entities(),
                            editor.policy):
            editor.forget(fact.id)  # a forget said after these words named it
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
    @staticmethod
    def _left(jobs: List[Job]) -> None:
        """At close: what the model never saw stays kept in the store."""
        waiting = sum(1 for job in jobs if not job.payload.control)
        if waiting:
            LOG.warning(f"entity memory: closing with {waiting} exchange(s) the model has not seen yet; kept them "
                        f"in the store, the next start learns from them")

    def resume(self) -> int:
        """At start: queue the exchanges an earlier run left waiting (closed or killed); how many."""
        try:
            waiting = self._store.take_waiting(self._learner_tag)
        except (StoreUnavailable, StoreDataError, OSError) as exc:
            LOG.warning(f"entity memory: exchanges an earlier run kept cannot be read now ({exc}); "
                        f"the next start tries again")
            return 0
        resumed, mine, self._kept_before_resume = 0, self._kept_before_resume or set(), None

        def live(item: dict) -> bool:  # queued by this run, or by another running since it started
            said_at = item.get("said_at")
            return item.get("token") in mine or (isinstance(said_at, (int, float)) and said_at >= self._started)
        readable = [(item, r) for item in waiting if (r := restored_exchange(item))]  # hand-edited junk costs itself
        others = [item for item, _ in readable if live(item)]
        for key in {item["session_id"] for item in others}:  # left to whoever queued them: kept again
            self._store.keep_waiting(key, [item for item in others if item["session_id"] == key])
        for key, user, assistant, generation, asked, token, said_at, control in (
                restored for item, restored in readable if not live(item)):
            resumed += self._queue(key, Exchange(user, assistant, generation, asked, token or uuid.uuid4().hex[:12],
                                                 said_at, control))
        if resumed:
            LOG.info(f"entity memory: learning from {resumed} exchange(s) an earlier run kept")
        return resumed

    # -- lifecycle -----------------------------------------------------------------
    def flush(self, timeout: Optional[float] = None) -> bool:
        return self._worker.flush(timeout) and self._keeper.flush(timeout)

    def close(self, timeout: Optional[float] = None) -> bool:
        drained = self._worker.close(timeout)
        return self._keeper.close(timeout) and drained
