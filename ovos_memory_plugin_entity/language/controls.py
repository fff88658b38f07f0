"""Spoken memory controls: what the user asks of the memory itself, read as an intent.

A control is recognised from what a clause asks of the memory and about what, on the
utterance's :mod:`reading <language.reading>` (lead-ins, fillers and tags set aside,
contractions expanded, clauses found without punctuation), wherever the clause stands
in the utterance and whatever surrounds it:

- ``recall`` ("what do you know about me", "qu'est-ce que t'as en mémoire sur moi"),
  ``pause`` ("stop remembering things for a while", "off the record"), ``resume`` ("you
  can start remembering again"): phrasings read as words in order with a few others
  allowed between them (``control_recall.voc``, ``control_pause.voc``,
  ``control_resume.voc``); a pause opens its clause, the others stand anywhere in it;
- a forgetting: a verb that opens the clause (``control_forget.voc`` asks the memory
  itself, ``control_delete.voc`` deletes anything) and its object: everything
  (``forget_all``), the last thing said (``forget_last``), or one thing named
  (``forget_thing``, after "about", ``control_about.voc``);
- ``remember`` ("remember that I live in Leeds"): the words after the phrasing.

A control is a request, never a mention: a reported clause ("forget my address, she
said"), a question ("did you forget your keys?") or a negation before the verb ("don't
forget my address", or closing the clause: "vergiss meine Adresse nicht") is none. A
thing a delete verb names must be the user's ("delete my address"; "apaga as luzes" is
another skill's, as is anything on ``non_memory_objects.voc``); a forget verb's thing
that is not, or a forgetting for a while ("forget about work for a while"), is
``unsure``: the pipeline asks first.

Every shipped language's controls are understood whatever the persona speaks (its own
are tried first). A turn holding none costs one set lookup per word: a control always
holds one of the words in ``Language.control_anchors``. Pure and bounded.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import FrozenSet, List, Optional, Sequence, Tuple

from ovos_memory_plugin_entity.domain.text import fold_accents
from ovos_memory_plugin_entity.language.data import ControlWords, Language, Phrase
from ovos_memory_plugin_entity.language.reading import Clause, read

# A spoken control is a short request; only this much of a turn is read for one.
MAX_CONTROL_CHARS = 400
# What one thing to forget may be, at most: "my old address at 12 Rua das Flores in Lisbon".
MAX_TARGET_WORDS = 16
# A request's verb stands this far into its clause at most (after lead-ins): "lo borres",
# "mira borra" said under another language's persona.
MAX_VERB_AT = 1
# A verb that closes its clause stands this far in at most, after its object: "das mit dem
# Handball kannst du wieder vergessen".
MAX_FRONTED_AT = 8
# Other words allowed between two words of a phrasing: "stop remembering stuff", "what
# have you got stored on me".
MAX_GAP = 3
# The order in which a clause is read: the most specific request first.
KINDS = ("pause", "resume", "recall", "remember", "forget_all", "forget_last", "forget_thing")
_ANCHOR_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class Control:
    """A recognised control: its kind (one of :data:`KINDS`); for forgetting one thing or
    remembering, the words it is about; what the utterance says besides it (``rest``,
    learnt as an ordinary exchange; empty after an opening pause, which covers it); and
    whether it is unclear that the user meant the memory (``unsure``: ask first)."""

    kind: str
    target: str = ""
    rest: str = ""
    unsure: bool = False


def may_hold_control(utterance: str, language: Language) -> bool:
    """The cheap first test: some word of the utterance is a control's anchor word."""
    anchors = language.control_anchors
    return any(w in anchors or fold_accents(w) in anchors
               for w in _ANCHOR_WORD.findall(utterance[:MAX_CONTROL_CHARS].casefold()))


def recognise(utterance: str, language: Language) -> Optional[Control]:
    """The control the user's words ask for, or None: the first clause that holds one,
    read with the persona's language first, then every other shipped language."""
    if not isinstance(utterance, str) or not may_hold_control(utterance, language):
        return None
    clauses = [c for c in read(utterance[:MAX_CONTROL_CHARS], language.reading).clauses if c.words]
    for i, clause in enumerate(clauses):
        if clause.reported:
            continue
        for words in language.controls:
            found = _control(clause, words, language.reading.subjects)
            if found is not None:
                opening_pause = found.kind == "pause" and i == 0
                rest = "" if opening_pause else ", ".join(c.text for j, c in enumerate(clauses) if j != i)
                return Control(found.kind, found.target, rest, found.unsure)
    return None


def _control(clause: Clause, words: ControlWords, subjects: FrozenSet[str]) -> Optional[Control]:
    said = clause.words
    if _starts_with_any(said, words.pause) is not None:  # its own negation is its request: "don't remember this"
        return Control("pause")
    remembered = _starts_with_any(said, words.remember)  # "don't forget that ..." too
    if remembered is not None:
        return _remember(said, remembered)
    if not clause.negated:
        if any(_find(said, phrase, 0, len(said)) is not None for phrase in words.resume):
            return Control("resume")
        if any(_find(said, phrase, 0, len(said)) is not None for phrase in words.recall) and not _opens_forgetting(
                said, words):
            return Control("recall")
    if clause.question:
        return None
    # A request may also start right after a negation that closed what came before it:
    # "dat klopt niet, schrap dat maar", "that's not true, delete it".
    for start in (0, *(at + 1 for at in clause.negation_at if at + 1 < len(said))):
        negations = tuple(at - start for at in clause.negation_at if at >= start)
        found = _forgetting(said[start:], words, negations, subjects)
        if found is not None:
            return found
    return None


def _opens_forgetting(said: Sequence[str], words: ControlWords) -> bool:
    """ "forget everything you know about me" asks to forget, not what is known."""
    return any(_verb(said[at], words, said[at + 1:]) is not None for at in range(min(MAX_VERB_AT + 1, len(said))))


def _remember(said: Sequence[str], end: Optional[int]) -> Optional[Control]:
    target = said[end:] if end is not None else ()
    return Control("remember", " ".join(target)) if target else None


def _verb(word: str, words: ControlWords, after: Sequence[str] = ()) -> Optional[Tuple[bool, Tuple[str, ...]]]:
    """Whether ``word`` is a forget verb (True) or a delete verb (False), with the words
    attached to it ("oblida-ho": "ho"); None for any other word. A verb in two parts
    ("take that back") counts when its second part follows within a few words."""
    head, *attached = word.split("-")
    for said in (word, head):
        if said in words.forget or said in words.delete:
            return said in words.forget, tuple(attached) if said == head and said != word else ()
    for first, second in words.two_part_verbs:
        if word == first and second in after[:MAX_GAP + 1]:
            return first in words.forget, ()
    return None


def _forgetting(said: Sequence[str], words: ControlWords, negations: Tuple[int, ...],
                subjects: FrozenSet[str]) -> Optional[Control]:
    """A forget or delete verb and what it takes: the verb opening the clause ("forget my
    address"), or closing it after its object ("das mit dem Handball kannst du vergessen",
    "quella cosa del nuoto cancellala"). A negation before the verb or closing the
    clause turns the request off ("don't forget my address", "vergiss das nicht")."""
    def negated(at: int) -> bool:
        return any(n <= at for n in negations) or (len(said) - 1) in negations
    for at in range(min(MAX_VERB_AT + 1, len(said))):
        if at and said[at - 1] not in words.particles:
            break
        verb = _verb(said[at], words, said[at + 1:])
        if verb is None:
            continue
        if negated(at):
            return None
        if (said[at],) in words.last and at == len(said) - 1:  # verb and object in one word: "dimenticalo"
            return Control("forget_last")
        return _object(_unsplit(words, said[at], [*verb[1], *said[at + 1:]]), words, memory_verb=verb[0])
    for at in range(1, min(MAX_FRONTED_AT + 1, len(said))):
        after = said[at + 1:]
        verb = _verb(said[at], words, after)
        if verb is None or (after and after[0] not in words.particles) or negated(at):
            continue
        before = list(said[:at])
        while before and before[-1] in words.particles:
            before.pop()
        if before and before[-1] not in subjects:  # "my keys I always forget" is no request
            return _object(before, words, memory_verb=verb[0], fronted=True)
    return None


def _unsplit(words: ControlWords, verb: str, rest: List[str]) -> List[str]:
    """A verb in two parts ("take that back"): its second part is not part of the object."""
    for entry in (*words.forget, *words.delete):
        first, _, second = entry.partition(" ")
        if first == verb and second and second in rest[:MAX_GAP + 1]:
            rest = list(rest)
            rest.remove(second)
    return rest


def _object(said: Sequence[str], words: ControlWords, memory_verb: bool, fronted: bool = False) -> Optional[Control]:
    if not said or any(w in words.non_memory_objects for w in said):
        return None  # "forget" alone; "delete my alarm", "forget my shopping list": a skill's
    bare = _without_leading(said, words.particles)
    if any(_starts_with_any(s, words.everything, strict=True) is not None for s in (said, bare)):
        return Control("forget_all")
    last, about = _longest(said, words.last), _longest(said, words.about)
    if not last and not about:
        said = bare
        last, about = _longest(said, words.last), _longest(said, words.about)
    if fronted and not last and not about:
        return None  # "my keys i always forget": a statement, not a request
    named = len(said[:about]) > 1  # "what I told you about", "lo de": what was said is named
    if last and last >= about:
        rest = said[last:]
        if not rest or rest[0] not in words.personal:
            return Control("forget_last")
        said = rest  # "forget that I'm allergic to cats": the thing is what follows
    elif about:
        said = said[about:]
        if _starts_with_any(said, words.everything, strict=True) is not None:
            return Control("forget_all")
        if len(said) == _longest(said, words.last):  # "forget about it": maybe only "never mind"
            return Control("forget_last", unsure=True)
    said = _without_leading(said, words.particles)
    if not said or len(said) > MAX_TARGET_WORDS:
        return None
    personal = named or any(w in words.personal for w in said)
    if not personal and not memory_verb:
        return None  # "apaga as luzes da cozinha": another skill's
    for_a_while = any(_find(said, phrase, 0, len(said), gap=0) is not None for phrase in words.moment)
    return Control("forget_thing", " ".join(said), unsure=for_a_while or not personal)


def _without_leading(said: Sequence[str], particles: frozenset) -> Sequence[str]:
    at = 0
    while at < len(said) and said[at] in particles:
        at += 1
    return said[at:]


def _longest(said: Sequence[str], phrases: Tuple[Phrase, ...]) -> int:
    """How many words of ``said`` the longest of ``phrases`` said right at its start covers."""
    return max((len(p) for p in phrases if tuple(said[:len(p)]) == p), default=0)


def _starts_with_any(said: Sequence[str], phrases: Tuple[Phrase, ...], strict: bool = False) -> Optional[int]:
    """Where the first of ``phrases`` that opens ``said`` ends (its words in order, a few
    others between them unless ``strict``), or None."""
    for phrase in phrases:
        end = _find(said, phrase, 0, 1 if strict else MAX_VERB_AT + 1, gap=0 if strict else MAX_GAP)
        if end is not None:
            return end
    return None


def _find(said: Sequence[str], phrase: Phrase, first: int, last: int, gap: int = MAX_GAP) -> Optional[int]:
    """Where ``phrase`` ends in ``said`` when its first word stands at ``first`` ..
    ``last`` - 1 and each next word follows within ``gap`` other words; None if nowhere.
    A ``\\w+`` word stands for any one word; a word written ``.*word`` may follow any
    number of words later."""
    for start in range(first, min(last, len(said))):
        if not _same(said[start], phrase[0]):
            continue
        at, ok = start, True
        for word in phrase[1:]:
            far = len(said) if word.startswith(".*") else min(at + 2 + gap, len(said))
            word = word[2:] if word.startswith(".*") else word
            nxt = next((j for j in range(at + 1, far) if _same(said[j], word)), None)
            if nxt is None:
                ok = False
                break
            at = nxt
        if ok:
            return at + 1
    return None


def _same(said: str, word: str) -> bool:
    return said == word or word == "\\w+"
