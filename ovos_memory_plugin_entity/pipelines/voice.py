"""Spoken memory controls, acted on during the turn; :mod:`language.controls` reads them.

In ``build_conversation_context`` the user's words are read for a control whatever the
extractor is (a model up, down, or ``extractor: rules``): "what do you know about me",
"forget that", "forget my address", "don't remember this conversation" / "you can
remember again", "forget everything" (asked first), "remember that I live in Leeds".
What a control changes is written in the background, queued behind the session's
exchanges (:meth:`Learner.submit_edit`), and this turn's block tells the chat model
what was done. Until the write lands, an overlay in this process hides what was
forgotten and holds the pause, so no context built after the request shows it; once
written, the record is the truth, on every node.

The exchange that carried a control acted on is not learnt from (its answers to
questions are still judged): "forget my address" must not become a fact, nor a model's
forget, nor forget everything without the question. Words that reach ``update_history``
without a context built for them were acted on by no control, and are learnt from as
ever (a model's forget still passes only the forget gates).
"""
from __future__ import annotations

import threading
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.editor import Editor
from ovos_memory_plugin_entity.domain.ops import Ops
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.record import Entity, Fact, SessionRecord
from ovos_memory_plugin_entity.domain.rendering import sanitise
from ovos_memory_plugin_entity.io.caches import LRU
from ovos_memory_plugin_entity.language import rules
from ovos_memory_plugin_entity.language.controls import Control, recognise
from ovos_memory_plugin_entity.language.data import Language
from ovos_memory_plugin_entity.pipelines.learning import CONTROL, PAUSED, Learner, VoiceEdit

# "Forget that" reaches back to an exchange this recent, no further: older is no "that".
FORGET_LAST_WINDOW_S = 300.0
# "What do you know about me" lists this many facts at most: a spoken answer, not a dump.
MAX_RECALL_FACTS = 100
# Forgetting more facts than this by one spoken request is asked first.
MAX_FORGET_UNASKED = 3
# Sessions with a control's write in flight that this process tracks (bounded like every per-session map).
MAX_OVERLAY_SESSIONS = 10_000


@dataclass(frozen=True)
class VoiceTurn:
    """What a control makes of this turn's block."""

    note: str  # for the chat model, in the user's language
    recall: bool = False  # the block lists every live fact (up to MAX_RECALL_FACTS)
    asked: Tuple[str, ...] = ()  # pending ids of the question this turn puts to the user


@dataclass
class _Overlay:
    """What this process knows and the record may not show yet (a write in flight)."""

    facts: Set[str] = field(default_factory=set)  # forgotten fact ids
    withdrawn: Set[str] = field(default_factory=set)  # exchange tokens: what they taught is hidden too
    pause: Optional[Tuple[Optional[float]]] = None  # (paused until,) once a pause or resume was asked
    writes: int = 0


class Voice:
    """Recognises a control on the turn, acts on it, and hides its effect until written."""

    def __init__(self, *, language: Language, policy: Policy, learner: Learner, pause_s: float,
                 max_fact_chars: int, refuses: Callable[[str], bool]):
        self._language, self._policy, self._learner = language, policy, learner
        self._pause_s, self._max_fact_chars, self._refuses = pause_s, max_fact_chars, refuses
        self._phrases = language.phrases
        self._lock = threading.Lock()
        self._overlays: Dict[str, _Overlay] = {}  # insertion order: the oldest is dropped past the bound
        self._acted: LRU[str, str] = LRU(MAX_OVERLAY_SESSIONS)  # session -> the words a control was acted on for

    # -- what every turn asks --------------------------------------------------------
    def hidden(self, key: str, record: SessionRecord) -> Set[str]:
        """Fact ids no context may show although the record may still hold them live."""
        with self._lock:
            overlay = self._overlays.get(key)
            if overlay is None:
                return set()
            hidden = set(overlay.facts)
            if record.taught is not None and record.taught.exchange in overlay.withdrawn:
                hidden.update(record.taught.facts)
            return hidden

    def hidden_pending(self, key: str, record: SessionRecord) -> Set[str]:
        """Proposal ids no question may offer: a "forget that" took them back."""
        with self._lock:
            overlay = self._overlays.get(key)
            if overlay is not None and record.taught is not None and record.taught.exchange in overlay.withdrawn:
                return set(record.taught.pending)
            return set()

    def paused(self, key: str, record: SessionRecord, now: float) -> bool:
        with self._lock:
            overlay = self._overlays.get(key)
            until = overlay.pause[0] if overlay is not None and overlay.pause is not None else record.paused_until
        return until is not None and until > now

    def holds(self, key: str, user_words: str, record: SessionRecord, now: float) -> Optional[str]:
        """For the learner: not queued while paused; answers only for a control's exchange."""
        if self.paused(key, record, now):
            return PAUSED
        if self._acted.get(key) == user_words.strip():
            self._acted.pop(key)
            return CONTROL
        return None

    # -- on the turn ---------------------------------------------------------------------
    def heard(self, key: str, record: SessionRecord, utterance: str, now: float) -> Optional[VoiceTurn]:
        """Act on the control in ``utterance``, if it holds one; what this turn's block says."""
        control = recognise(utterance, self._language)
        if control is None or control.unsure or not self._acts_on(control):  # unsure: learnt as said
            return None
        self._acted.put(key, utterance.strip())
        if control.kind == "recall":
            return VoiceTurn(self._phrases["recall_note"], recall=True)
        if control.kind == "forget_all":
            return self._ask(key, record, Ops(forget_all=True), [self._phrases["forget_all_item"]])
        if control.kind in ("pause", "resume"):
            until = now + self._pause_s if control.kind == "pause" else None
            self._write(key, record, _set_pause(until), pause=(until,))
            return VoiceTurn(self._phrases["paused_note" if until else "resumed_note"])
        if control.kind == "forget_last":
            return self._forget_last(key, record, now)
        if control.kind == "remember":
            return self._remember(key, record, control)
        return self._forget_thing(key, record, control)

    def _acts_on(self, control: Control) -> bool:
        """A "remember that ..." the rules cannot read is left to the extractor, as said."""
        return control.kind != "remember" or bool(rules.extract(control.target, self._language).add)

    def _forget_thing(self, key: str, record: SessionRecord, control: Control) -> VoiceTurn:
        entities, facts = self._matching(key, record, control.target)
        if not facts and not entities:
            return VoiceTurn(self._phrases["forgot_nothing"])
        if len(facts) > MAX_FORGET_UNASKED:
            return self._ask(key, record, Ops(forget=tuple(f.id for f in facts)), [f.text for f in facts])
        entity_ids = [e.id for e in entities]
        fact_ids = [f.id for f in facts]

        def forget(editor: Editor) -> None:
            for fact_id in fact_ids:
                _forget_fact(editor, fact_id)
            for entity_id in entity_ids:
                entity = editor.record.entity(entity_id)
                if entity is not None and entity.live:
                    editor.forget_entity(entity_id)
            editor.finish()
        self._write(key, record, forget, facts=fact_ids)
        return self._forgot([f.text for f in facts] + [e.label for e in entities])

    def _matching(self, key: str, record: SessionRecord, target: str) -> Tuple[List[Entity], List[Fact]]:
        """What "forget <target>" names: a person or pet by name, else an attribute (my
        address), else the facts holding every meaningful word of the target."""
        hidden = self.hidden(key, record)
        live = [f for f in record.live_facts() if f.text and f.id not in hidden]
        said = set(textlib.WORD.findall(textlib.normalise(target)))  # "l'Emma": "l", "emma"
        entities = [e for e in record.live_entities().values()
                    if e.name and set(textlib.WORD.findall(textlib.normalise(e.name))) <= said]
        if entities:
            ids = {e.id for e in entities}
            return entities, [f for f in live if f.about in ids]
        slots = {slot for slot, pattern in self._language.control_slots if pattern.search(target)}
        if slots:
            by_slot = [f for f in live if f.about is None and (self._policy.slot_of(f.text) or ("",))[0] in slots]
            if by_slot:
                return [], by_slot
        words = set(textlib.terms(target, self._policy.stopwords, self._policy.stem))
        labels = record.live_entities()
        if not words:
            return [], []
        return [], [f for f in live if words <= set(textlib.terms(
            f"{labels[f.about].label} {f.text}" if f.about in labels else f.text,
            self._policy.stopwords, self._policy.stem))]

    def _forget_last(self, key: str, record: SessionRecord, now: float) -> VoiceTurn:
        withdrawn = self._learner.withdraw_latest(key)
        taught = record.taught if record.taught is not None and now - record.taught.at <= FORGET_LAST_WINDOW_S \
            else None
        if withdrawn is not None:
            token, lines = withdrawn.token, [withdrawn.user]
        elif taught is not None:
            token = taught.exchange
            lines = [f.text for f in record.live_facts() if f.id in taught.facts and f.text]
            lines += [line for p in record.pending if p.id in taught.pending for line in p.describe]
        else:
            return VoiceTurn(self._phrases["forgot_nothing"])

        def forget(editor: Editor) -> None:
            learnt = editor.record.taught
            if learnt is None or learnt.exchange != token:
                return  # withdrawn before it was applied: nothing of it was written
            for fact_id in learnt.facts:
                _forget_fact(editor, fact_id)
            for pending_id in learnt.pending:
                if any(p.id == pending_id for p in editor.record.pending):
                    editor.decide(pending_id, False)
            editor.record.taught = None
            editor.change.unaudited = True
        self._write(key, record, forget, withdrawn=token)
        return self._forgot(lines)

    def _remember(self, key: str, record: SessionRecord, control: Control) -> VoiceTurn:
        """The user's own "remember that ...": added as the owner's add is, lifting a tombstone."""
        facts = rules.extract(control.target, self._language).add

        def remember(editor: Editor) -> None:
            for fact in facts:
                editor.remember(fact.text, fact.pin, fact.about, fact.relation)
        self._write(key, record, remember)
        return VoiceTurn("\n".join([self._phrases["remembered_note"]] + self._lines([f.text for f in facts])))

    def _ask(self, key: str, record: SessionRecord, ops: Ops, describe: List[str]) -> VoiceTurn:
        """Ask first: a pending item the user's yes to this turn's question applies."""
        pending_id = f"v{uuid.uuid4().hex[:12]}"  # chosen now: the question is put before the write lands
        lines = [sanitise(line, self._max_fact_chars) for line in describe]
        self._write(key, record, lambda editor: editor.ask(pending_id, ops, lines))
        return VoiceTurn("\n".join([self._phrases["ask_forget"]] + self._lines(lines)), asked=(pending_id,))

    def _forgot(self, texts: Sequence[str]) -> VoiceTurn:
        return VoiceTurn("\n".join([self._phrases["forgot_note"]] + self._lines(texts)))

    def _lines(self, texts: Sequence[str]) -> List[str]:
        return [f"- {sanitise(t, self._max_fact_chars)}" for t in texts if t and not self._refuses(t)]

    # -- the write, and the overlay until it lands ----------------------------------------
    def _write(self, key: str, record: SessionRecord, act: Callable[[Editor], Any], *,
               facts: Sequence[str] = (), withdrawn: Optional[str] = None,
               pause: Optional[Tuple[Optional[float]]] = None) -> None:
        with self._lock:
            overlay = self._overlays.pop(key, None) or _Overlay()
            self._overlays[key] = overlay  # most recent last
            while len(self._overlays) > MAX_OVERLAY_SESSIONS:
                del self._overlays[next(iter(self._overlays))]
            overlay.facts.update(facts)
            if withdrawn is not None:
                overlay.withdrawn.add(withdrawn)
            if pause is not None:
                overlay.pause = pause
            overlay.writes += 1
        self._learner.submit_edit(key, VoiceEdit(record.generation, act, lambda: self._written(key, overlay)))

    def _written(self, key: str, overlay: _Overlay) -> None:
        """Every write this overlay waited for is in the record: the record is the truth again."""
        with self._lock:
            overlay.writes -= 1
            if overlay.writes <= 0 and self._overlays.get(key) is overlay:
                del self._overlays[key]


def _forget_fact(editor: Editor, fact_id: str) -> None:
    fact = editor.record.fact(fact_id)
    if fact is not None and fact.live and fact.text:
        editor.forget(fact_id)


def _set_pause(until: Optional[float]) -> Callable[[Editor], None]:
    def act(editor: Editor) -> None:
        editor.record.paused_until = until
        editor.change.unaudited = True
    return act
