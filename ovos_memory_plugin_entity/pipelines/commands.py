"""Spoken memory controls as durable commands, the first step of the turn: written through the
editor in one locked write before the turn's context says it is done (never queued, seen at once
by every node, audited). Our question (forget everything, many things, or words that may not be
about the memory) is a pending item with an expiry, awaiting an answer only when the assistant's
reply put it; the answer is judged on its turn, outside the store's lock.
"""
from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from functools import reduce
from typing import Any, Callable, FrozenSet, List, NamedTuple, Optional, Sequence, Set, Tuple

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.audit import Actor
from ovos_memory_plugin_entity.domain.editor import Editor, edit
from ovos_memory_plugin_entity.domain.errors import EntityMemoryError
from ovos_memory_plugin_entity.domain.forget_edits import covers, mark_for
from ovos_memory_plugin_entity.domain.kept_exchanges import Latest
from ovos_memory_plugin_entity.domain.ops import Ops
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.record import Entity, Fact, ForgetMark, SessionRecord, Taught
from ovos_memory_plugin_entity.domain.rendering import sanitise
from ovos_memory_plugin_entity.io.stores import Store
from ovos_memory_plugin_entity.language import rules
from ovos_memory_plugin_entity.language.controls import Control, recognise
from ovos_memory_plugin_entity.language.locale_data import DEFAULT_LANG, Language, load_language
from ovos_memory_plugin_entity.language.reading import as_number
from ovos_memory_plugin_entity.language.stemming import stemmer_for
from ovos_memory_plugin_entity.language.yesno import Judge
from ovos_memory_plugin_entity.pipelines.confirmation import judged

# "Forget that" reaches back to an exchange this recent, no further: older is no "that".
FORGET_LAST_WINDOW_S = 300.0
# Forgetting more facts than this by one spoken request is asked first.
MAX_FORGET_UNASKED = 3
# A question we put is answered on the next turn or not at all: past this it has expired.
QUESTION_TTL_S = 600.0
# Controls that ask something else of the memory, so never answer our question, whatever word opens them.
NOT_ANSWERS = ("pause", "resume", "recall")
_QUESTION = re.compile(r"[^.!?？¿¡\n]*[?？]")


@dataclass(frozen=True)
class Said:
    """What a control makes of this turn's block."""
    note: str  # for the chat model, in the user's language
    recall: bool = False  # the block lists every live fact (:mod:`pipelines.recall`)


# What a "remember that ..." taught is named by this prefix in the record's ``taught``.
REMEMBERED = "said:"


class Commands:
    def __init__(self, *, store: Store, language: Language, policy: Policy, judge: Judge, pause_s: float,
                 refuses: Callable[[str], bool], wall_clock: Callable[[], float]):
        self._store, self._language, self._policy, self._judge = store, language, policy, judge
        self._pause_s, self._refuses = pause_s, refuses
        self._wall_clock = wall_clock
        self._phrases = language.phrases
        # Our question in the persona's language or English (models often answer in English); not in every shipped
        # language: their small words ("so", "fait", "sé") and verbs ("retire", "tira") would make any reply ours.
        own = {language.code: language, DEFAULT_LANG: load_language(DEFAULT_LANG)}
        self._askers = [_asking(other) for other in own.values()]
        self._offers = frozenset().union(*(other.controls[0].offers for other in own.values()))
        self._elsewhere = frozenset().union(*(other.controls[0].non_memory_objects for other in own.values()))
        self._former = language.controls[0].former

    # -- the first step of the turn ----------------------------------------------------
    def act(self, key: str, record: SessionRecord, utterance: str, latest: Optional[Latest],
            reply: str = "") -> Tuple[Optional[Said], bool]:
        """Answer our question, or act on the control ``utterance`` holds (``reply``: the assistant's last):
        what the block says (None: nothing asked of the memory, or the store is down), and whether it wrote."""
        try:
            control = recognise(utterance, self._language)
            if any(p.by_voice and p.awaiting for p in record.pending):
                # "stop remembering ..." opens with a no but asks something else of the memory
                answering = control is None or control.kind not in NOT_ANSWERS
                answered, said = self._answer(key, record, utterance, answering)
                if answered:  # else the question was dropped; the words may hold a control
                    return said, True
            unread = control is not None and control.kind == "remember" and \
                not rules.extract(control.target, self._language).add  # then the extractor's, as said
            # "back to normal" resumes only what is paused; else it is ordinary talk, learnt as ever
            idle = control is not None and control.kind == "resume" and (record.paused_until or 0) <= self._wall_clock()
            # "no, don't save that (we still have some)" or "não, esquece" answers the assistant's offer to save or add
            # something to a list or the notes; "don't remember that", or a no to "shall I save that?" (to the memory),
            # still takes it back
            offer = frozenset(_last_question(reply))
            taking_back = control is not None and (control.kind == "pause" or (control.kind, control.target) == ("forget_last", ""))
            spoken = _words([utterance]) - self._language.controls[0].forget  # its own verb names no memory: "não, esquece"
            offered = taking_back and bool(offer & self._offers and offer & self._elsewhere) and not (
                offer | spoken) & self._language.memory_words
            if control is None or unread or idle or offered:
                return None, False

            def act(editor: Editor) -> Optional[Said]:
                editor.record.acted = _digest(utterance)  # its exchange, when recorded, is a control's
                editor.change.unaudited = True
                return self._do(editor, control, latest)
            return self._write(key, act), True
        except EntityMemoryError as exc:
            LOG.error(f"entity memory: a spoken control could not be written ({exc}); nothing was changed")
            return None, False

    def _do(self, editor: Editor, control: Control, latest: Optional[Latest]) -> Optional[Said]:
        if control.unsure and control.kind in ("forget_thing", "forget_all"):
            return self._forget(editor, control, ask=True)
        if control.unsure:
            return None  # unclear whether the memory was meant, and nothing to ask: ordinary words
        if control.kind == "recall":
            return Said(self._phrases["recall_note"], recall=True)
        if control.kind in ("pause", "resume"):
            until = editor.now + self._pause_s if control.kind == "pause" else None
            editor.set_pause(until)
            if control.target:  # "no, don't save that": what was just said goes too
                self._forget_last(editor, latest)
            return Said(self._phrases["paused_note" if until else "resumed_note"])
        if control.kind == "forget_last":  # with a target: taken back in the same breath, so never learnt
            return self._forgot([control.target]) if control.target else self._forget_last(editor, latest)
        if control.kind == "remember":
            facts = rules.extract(control.target, self._language).add
            # As the owner's add is (it lifts a tombstone), and what "forget that" next takes back.
            kept = [editor.remember(fact.text, fact.pin, fact.about, fact.relation) for fact in facts]
            editor.record.taught = Taught(editor.now, REMEMBERED + uuid.uuid4().hex[:12],
                                          tuple(f.id for f in kept if f))
            remembered = [f.text for f in kept if f is not None]  # not what sensitive_deny refused or holds
            return Said("\n".join([self._phrases["remembered_note"]] + self._lines(remembered))) if remembered else None
        return self._forget(editor, control, ask=False)

    def _forget(self, editor: Editor, control: Control, ask: bool) -> Said:
        record = editor.record
        if control.kind == "forget_all":
            return self._ask(editor, Ops(forget_all=True), [self._phrases["forget_all_item"]])
        people = record.live_entities()
        owner, thing = self._owner(control.target)
        owned = self._slots(thing) if owner else set()
        if owned:  # "my wife's address" is hers: the user's own address stays
            ids = {e.id for e in people.values() if e.relation == owner}
            facts = [f for f in record.live_facts() if f.text and f.about in ids and self._slot(f) in owned]
            if not facts:
                return Said(self._phrases["forgot_nothing"])
            if ask or len(facts) > MAX_FORGET_UNASKED:
                return self._ask(editor, Ops(forget=tuple(f.id for f in facts)), [f.text for f in facts])
            for fact in facts:
                _forget_fact(editor, fact.id)
            return self._forgot([f.text for f in facts])
        slots = self._slots(control.target)
        mark, facts, entities = self._named(control.target, slots, record, editor.now)
        if not facts and not entities and control.rest:  # "my old number, the new one is ...": the one the user has,
            unqualified = " ".join(w for w in textlib.said_words(control.target) if w not in self._former)  # no "old"
            mark, facts, entities = self._named(unqualified, slots, record, editor.now)
            # never one naming what replaces it: "forget my old boss, the new one is Linda" keeps "Boss is Linda"
            new = self._content(control.rest)
            facts = [f for f in facts if not new & self._content(f.text)]
            entities = [e for e in entities if not new & self._content(e.label)]
        if not facts and not entities:  # "the allergy" names no fact's words: the user's facts on that topic, asked
            facts = self._on_topic(control.target, record)
            ask = ask or len(facts) > 1  # a topic, not a fact: several facts say it, the user may mean one
        if not facts and not entities:
            return Said(self._phrases["forgot_nothing"])
        lines = [f.text for f in facts] + [e.label for e in entities]
        if ask or len(facts) > MAX_FORGET_UNASKED:
            return self._ask(editor, Ops(forget=tuple(f.id for f in facts)), lines)
        editor.mark_forget(mark)
        for fact in facts:
            _forget_fact(editor, fact.id)
        for entity in entities:
            editor.forget_entity(entity.id)
        return self._forgot(lines)

    def _named(self, target: str, slots: Set[str], record: SessionRecord,
               now: float) -> Tuple[ForgetMark, List[Fact], List[Entity]]:
        """What forgetting ``target`` takes: its mark, and the live facts and people it covers."""
        people = record.live_entities()
        mark = mark_for(target, slots, record, self._policy, now)
        facts = [f for f in record.live_facts() if f.text and covers(mark, f, people, self._policy)]
        return mark, facts, [e for e in people.values() if e.id in mark.entities]

    def _content(self, text: str) -> Set[str]:
        """The words of ``text`` that are not small words, accents folded as the stopwords are."""
        return {textlib.fold_accents(w) for w in textlib.said_words(text)} - self._language.stopwords

    def _slots(self, target: str) -> Set[str]:
        return {slot for slot, pattern in self._language.control_slots if pattern.search(target)}

    def _slot(self, fact: Fact) -> str:
        return (self._policy.slot_of(fact.text) or ("",))[0]

    def _owner(self, target: str) -> Tuple[Optional[str], str]:
        """The relative or pet whose thing ``target`` names ("my wife's address", "die adresse meiner frau") and the
        target without them ("my address"); None when it names none."""
        said = textlib.said_words(target)
        for at, word in enumerate(said):
            kin = word[:-2] if word.endswith("'s") else word
            if kin in self._language.kin:
                return kin, " ".join(said[:at] + said[at + 1:])
        return None, target

    def _on_topic(self, target: str, record: SessionRecord) -> List[Fact]:
        """The user's own facts on the topic ``target`` names by nothing but the topic ("my meds", "the allergy"): not
        "my peanut allergy" (a thing named), "my son's allergy" (a relative's), "the dishwasher tablets"."""
        language, own = self._language, self._language.controls[0]
        named = [(topic, said) for topic, said in language.control_topics if topic.search(target)]
        small = language.stopwords | own.personal | own.vague
        # the topic's words taken out as said ("al·lèrgia" is one word, though its dot parts a said word)
        said = textlib.said_words(reduce(lambda text, topic: topic.sub(" ", text), (t for t, _ in named), target))
        # what the user goes on to say after it ("meinen tabletten, das soll nicht gespeichert sein") is no part of it
        ends = (i for i, w in enumerate(said) if i and ((w,) in own.last.get(w, ()) or w in language.reading.subjects
                                                       or w in language.reading.clause_openers))
        rest = [w for w in said[:next(ends, len(said))] if w not in small]
        if not named or rest or language.mention.search(target):
            return []
        return [f for f in record.live_facts() if f.text and f.about is None and any(s.search(f.text) for _, s in named)]

    def _forget_last(self, editor: Editor, latest: Optional[Latest]) -> Said:
        record = editor.record
        taught = record.taught if record.taught is not None and (
            editor.now - record.taught.at <= FORGET_LAST_WINDOW_S
            or (latest is not None and latest.token == record.taught.exchange)) else None
        # A "remember that" said after the latest exchange is the last thing said.
        remembered = taught is not None and taught.exchange.startswith(REMEMBERED) and (
            latest is None or latest.said_at <= taught.at)
        if latest is not None and latest.applied and not remembered and taught is not None \
                and taught.exchange != latest.token:
            taught = None  # the last thing said taught nothing: "that" is not an older exchange
        if latest is not None and not latest.applied and not remembered and (
                taught is None or taught.exchange != latest.token):
            editor.withdraw(latest.token)  # not applied yet (in flight, queued, or re-queued at a start)
            return self._forgot([latest.user])
        if taught is None:
            return Said(self._phrases["forgot_nothing"])
        lines = [f.text for f in record.live_facts() if f.id in taught.facts and f.text]
        lines += [line for p in record.pending if p.id in taught.pending for line in p.describe]
        for fact_id in taught.facts:
            _forget_fact(editor, fact_id)
        for pending_id in taught.pending:
            if any(p.id == pending_id for p in record.pending):
                editor.decide(pending_id, False)
        record.taught = None
        editor.change.unaudited = True
        return self._forgot(lines)

    def _ask(self, editor: Editor, ops: Ops, describe: List[str]) -> Said:
        lines = [sanitise(line, self._policy.max_fact_chars) for line in describe]
        for older in [p for p in editor.record.pending if p.by_voice]:
            editor.decide(older.id, False)  # one question of ours at a time: the newest
        editor.ask(f"v{uuid.uuid4().hex[:12]}", ops, lines)
        return Said("\n".join([self._phrases["ask_forget"]] + self._lines(lines)))

    def _forgot(self, texts: Sequence[str]) -> Said:
        return Said("\n".join([self._phrases["forgot_note"]] + self._lines(texts)))

    def _lines(self, texts: Sequence[str]) -> List[str]:
        return [f"- {sanitise(t, self._policy.max_fact_chars)}" for t in texts if t and not self._refuses(t)]

    # -- our question, and its answer ---------------------------------------------------
    def replied(self, key: str, user: str, assistant: str) -> Tuple[str, bool]:
        """As an exchange is recorded: the user's words to learn from, and whether a control
        took them (answers only). Our question now awaits an answer if the reply asked it."""
        control = recognise(user, self._language)
        if control is None:
            return user, False
        try:
            _, record = self._store.load(key)
            if record.acted != _digest(user):
                return user, False  # no context was built for these words: no control acted, learnt as ever
            if any(p.by_voice and not p.awaiting for p in record.pending):
                # The reply puts our question, in the persona's language or English (see _puts_our_question).
                said, marked = _last_question(assistant), bool(_QUESTION.search(assistant))
                # what we asked to forget may be named by its words: "should I forget that you like tea?"
                named = frozenset(word for p in record.pending if p.by_voice and not p.awaiting and not p.ops.forget_all
                                  for line in p.describe for word in textlib.said_words(line))
                whole = _last_question(_QUESTION.sub(" ", assistant) + " ") if marked else ()
                ours = any(_puts_our_question(asker, said, marked, named) or _proceeds(asker, said, whole)
                           for asker in self._askers)

                def put(editor: Editor) -> None:  # put by the reply, it awaits the answer; else it is dropped
                    for item in [p for p in editor.record.pending if p.by_voice and not p.awaiting]:
                        if ours:
                            editor.set_awaiting([item.id], True)
                        else:
                            editor.drop_unanswered(item.id)
                self._write(key, put)
        except EntityMemoryError as exc:
            LOG.warning(f"entity memory: could not note the question put to the user ({exc})")
            return user, False
        rest = "" if control.kind == "pause" and not control.unsure else control.rest  # a pause covers the rest
        return rest, not rest

    def _answer(self, key: str, record: SessionRecord, utterance: str,
                answering: bool) -> Tuple[bool, Optional[Said]]:
        """Judge the words against our question outside the store's lock, then write if it
        still awaits: whether they answered (else it is dropped), and what the block says."""
        now = self._wall_clock()
        awaiting = [p for p in record.pending if p.by_voice and p.awaiting]
        ids = {p.id for p in awaiting}
        verdict = judged(self._judge, self._language, "forget", awaiting, utterance) if answering else None

        def decide(editor: Editor) -> Optional[Said]:
            items = [p for p in editor.record.pending if p.id in ids and p.awaiting]
            lines = [line for p in items for line in p.describe]
            for item in items:
                if now - item.created_at > QUESTION_TTL_S or verdict is None:
                    editor.drop_unanswered(item.id)  # expired, or not answered: nothing is done
                    continue
                if verdict:
                    editor.mark_forget(ForgetMark(now, everything=item.ops.forget_all))
                editor.decide(item.id, verdict)
            return self._forgot(lines) if items and verdict else None
        return verdict is not None, self._write(key, decide, "user-confirmed" if verdict else "user")

    # -- the write -----------------------------------------------------------------------
    def _write(self, key: str, act: Callable[[Editor], Any], actor: Actor = "user") -> Any:
        """One locked write through the editor; what ``act`` returned."""
        change = self._store.update(key, lambda record: edit(record, self._policy, self._wall_clock(), actor, act))
        for warning in change.warnings:
            LOG.warning(f"entity memory: {warning}")
        return change.outcome


class _Asker(NamedTuple):
    """The words our question may use in one language."""
    plain: FrozenSet[str]  # small words, a yes, words of asking, the forgetting asked, numbers: "should I forget all four?"
    memory: FrozenSet[str]  # memory words
    verbs: FrozenSet[str]  # stems of the verbs of forgetting ("forget", "erase", "olvido")
    scope: FrozenSet[str]  # what forgetting reaches that is the memory's: "data", "memory", memory words
    asked: FrozenSet[str]  # the forgetting asked, besides small words
    asking: FrozenSet[str]  # words of asking that are no yes ("want")
    remembering: FrozenSet[str]  # words of remembering, keeping or saving
    elsewhere: FrozenSet[str]  # another skill's objects ("alarms", "list")
    stem: Callable[[str], str]
    lang: str  # the number parser's: "should I forget all four?"
    alls: FrozenSet[str]  # "all", "everything": what goes when nothing but small or memory words follows
    known: FrozenSet[str]  # stems of "everything you told me" and memory words: "tudo o que me contou"
    proceeding: FrozenSet[str]  # "proceed", "procedo": a bare question to go on


def _asking(language: Language) -> _Asker:
    own = language.controls[0]
    yes, asking = _words(language.yes + language.assent), _words(language.asking)
    small = language.stopwords | yes
    verbs = _words([*own.forget, *own.delete]) - small
    everything = _words([" ".join(p) for ps in own.everything.values() for p in ps])
    remembering = {part for index in (own.remember, own.recall, own.keeping, own.pause) for ps in index.values()
                   for p in ps for w in p for part in w.split("-")} - verbs - small - everything  # "souviens-toi"
    # the memory or its data, not "all" alone ("delete all your voicemails?"), nor the rest of "everything *you told me*"
    alls = frozenset(p[0] for ps in own.everything.values() for p in ps if len(p) == 1)
    scope = everything & (asking | language.memory_words) - verbs - small - alls
    stem = stemmer_for(language.stemmer)
    return _Asker(small | asking | verbs | everything, language.memory_words, frozenset(map(stem, verbs)),
                  frozenset(scope), (verbs | everything) - small, asking - yes, frozenset(remembering),
                  own.non_memory_objects, stem, language.reading.lang, alls,
                  frozenset(map(stem, everything | language.memory_words)), _words(language.proceeding))


def _puts_our_question(asker: _Asker, said: Tuple[str, ...], marked: bool, named: FrozenSet[str]) -> bool:
    """The reply's last question (``said``; ``marked``: with a "?") asks to confirm our forgetting: it names the
    forgetting and the memory's, or what we asked to forget (``named``'s words: "should I forget that you like tea?"),
    ("wipe your memory?", "forget everything you know about me?"; not "did you forget your
    keys?", "delete all your voicemails?", "what did the doctor say?"), or says only the forgetting asked, memory words
    and small words ("are you sure?", "weet je het zeker?") with no word of remembering or saving unless one of
    forgetting ("weißt du, was ich gespeichert habe?" is another); said with no "?", it names them or asks."""
    words = frozenset(said)
    forgets = {asker.stem(word) for word in words} & asker.verbs
    if forgets and _reaches(asker, said, named) and not words & asker.elsewhere:
        return True
    return all(_plain(asker, named, word) for word in words) and bool(marked or words & asker.asking) \
        and bool(words & asker.asked or forgets or not words - asker.plain) and bool(forgets or not words & asker.remembering)


def _plain(asker: _Asker, named: FrozenSet[str], word: str) -> bool:
    """A word our question may say: small, of asking or memory, the forgetting asked or what it names, a number."""
    return word in asker.plain or word in asker.memory or word in named or asker.stem(word) in asker.verbs | asker.known \
        or as_number(word, asker.lang) is not None  # "¿olvido todo?", "should I forget all four?"


def _reaches(asker: _Asker, said: Tuple[str, ...], named: FrozenSet[str]) -> bool:
    """``said`` names what forgetting reaches of the memory's: its scope, what we asked to forget, or "all" with
    nothing but small or memory words after it ("tutto quello che so di te")."""
    return bool(frozenset(said) & (asker.scope | named - asker.plain)) or any(
        word in asker.alls and all(_plain(asker, named, w) for w in said[at + 1:]) for at, word in enumerate(said))


def _proceeds(asker: _Asker, said: Tuple[str, ...], before: Tuple[str, ...]) -> bool:
    """A bare question to go on ("Procedo?", "On y va ?") after a reply that forgets what is the memory's (``before``:
    "Je vais supprimer tous vos souvenirs."): not after "Okay.", another skill's, nor "I'd rather keep everything"."""
    words, told = frozenset(said), frozenset(before)
    forgets = {asker.stem(word) for word in told} & asker.verbs  # "je vais supprimer tous vos souvenirs"
    return bool(words & asker.proceeding) and words <= asker.plain | asker.proceeding and not told & asker.elsewhere \
        and bool(forgets) and (_reaches(asker, before, frozenset()) or bool(told & asker.memory))


def _last_question(reply: str) -> Tuple[str, ...]:
    """The words of the reply's last question, in order (all of it, asked with no "?")."""
    questions = _QUESTION.findall(reply)
    return tuple(part for word in textlib.said_words(questions[-1] if questions else reply)
                 for part in word.split("'") if part)  # "j'oublie"


def _words(phrases: Sequence[str]) -> FrozenSet[str]:
    return frozenset(w for p in phrases for w in textlib.said_words(p))


def _digest(words: str) -> str:
    return textlib.digest(" ".join(textlib.said_words(words)))


def _forget_fact(editor: Editor, fact_id: str) -> None:
    fact = editor.record.fact(fact_id)
    if fact is not None and fact.live and fact.text:
        editor.forget(fact_id)
