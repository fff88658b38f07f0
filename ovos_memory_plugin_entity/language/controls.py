"""Spoken memory controls: what the user asks of the memory itself, read as an intent,
clause by clause of the utterance's :mod:`reading <language.reading>`, wherever it stands:
``recall`` and ``pause`` as phrasings (words in order, a few others between); ``resume``
as a word of "again" near one of keeping; a forgetting as a verb opening
or closing its clause, with its object (everything, the last thing said or one thing); ``remember``
as the words after "remember that". A mention is none: a reported clause, a question about the past,
a negation governing the verb, a skill's object. Where it is unclear the user meant the memory it is
``unsure``: ask first. Every shipped language is understood (the persona's first); a turn holding
none costs a set lookup per word (``Language.control_anchors``). Pure, bounded.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import FrozenSet, List, Optional, Sequence, Tuple

from ovos_memory_plugin_entity.domain.text import fold_accents
from ovos_memory_plugin_entity.language.control_objects import (MAX_NAME_WORDS, MAX_TARGET_WORDS, Control, everything_of,
                                                                 forgetting_verb, object_of, of_the_memory,
                                                                 without_second_part)
from ovos_memory_plugin_entity.language.locale_data import DEFAULT_LANG, IntentWords, Language, PhraseIndex, ReadingWords
from ovos_memory_plugin_entity.language.phrasing import (ends, longest, match, near, without_particles_between,
                                                          without_phrases)
from ovos_memory_plugin_entity.language.reading import Clause, as_said, read, said_after, strip_leading

# A spoken control is a short request; only this much of a turn is read for one.
MAX_CONTROL_CHARS = 400
# A request's verb stands this far into its clause at most (after lead-ins): "lo borres",
# "mira borra" said under another language's persona.
MAX_VERB_AT = 1
# "don't save that" takes back what was just said only said plainly: "don't forget to save that",
# "why don't you save that?" and "you don't need to save that" keep it.
MAX_TAKE_BACK_WORDS = 3  # besides its negations: "no, don't save that"
# A verb that closes its clause stands this far in at most, after its object: "das mit dem
# Handball kannst du wieder vergessen".
MAX_FRONTED_AT = 10
# How the last thing named was said takes this many words at most: "la dernière chose que | j'ai dite".
MAX_RELATIVE_WORDS = 4
# An object said before its verb names what it is ("das letzte", "quella cosa del nuoto"): a
# lone pronoun before a verb is its clitic ("de l'oublier"), no object said first.
MIN_FRONTED_WORDS = 2
# Another skill's place after a pause is said in this many words at most: "in the fridge".
MAX_PLACE_WORDS = 4
# A negated clause this short after a question refuses it ("…? no, not ever").
MAX_REFUSAL_WORDS = 3
# A pause closing an utterance covers a statement of this many words at least ("i am pregnant"); fewer
# ("no, don't save that") answer what was said before.
MIN_COVERED_WORDS = 3
# "forget it", "vergiss das": a forgetting of what was just said in this many words is bare.
MAX_BARE_WORDS = 2
# A negation closing this many words closes a statement ("das brauchst du nicht"); fewer take back ("doch lieber nicht").
MIN_STATEMENT_WORDS = 4
# A tag is this many words at most ("s'il te plaît", "si us plau").
MAX_TAG_WORDS = 3
# A verb switching the private mode on stands this many words before its name at most, an article included ("go
# into the | private mode").
MAX_SWITCH_WORDS = 3
# The thing the assistant need not know is named in this many words at most: "where i work anymore".
MAX_NEEDLESS_WORDS = 4
# The clauses said besides a control are learnt as sentences apart: joined by a comma, the rules read "vivimos en
# teruel, trabajo en ..." as one place, "Teruel Trabajo".
CLAUSES_APART = ". "
# The order in which a clause is read: the most specific request first.
KINDS = ("pause", "resume", "recall", "remember", "forget_all", "forget_last", "forget_thing")
_ANCHOR_WORD = re.compile(r"\w+")


def may_hold_control(utterance: str, language: Language) -> bool:
    """The cheap first test: some word is a control's anchor word."""
    return _holds_anchor(_ANCHOR_WORD.findall(utterance[:MAX_CONTROL_CHARS].casefold()), language.control_anchors)


def _holds_anchor(words: Sequence[str], anchors: FrozenSet[str]) -> bool:
    return any(w in anchors or fold_accents(w) in anchors for w in words)


# What to remember said as a thing to do ("to buy milk", "de comprar pan", "di chiamare"): a reminder.
_REMINDER = re.compile(r"(?!to call me\b)(?:to\s+\w|(?:de|di|d')\s*[^\W\d_]+(?:ar|er|ir|re)\b)", re.IGNORECASE)


def recognise(utterance: str, language: Language) -> Optional[Control]:
    """The first clause's control, read in the persona's language first, then every other shipped one; then, where
    none or only a maybe was found, another's in its own reading: the persona's may read English words as its own
    ("forget what i just said": German's "i" is Bavarian "ich", Catalan's "and") or miss their lead-ins ("eh no
    espera olvida eso"). Not where its words are the persona's too: Portuguese "para de gravar o jogo" is Catalan."""
    if not isinstance(utterance, str) or not may_hold_control(utterance, language):
        return None
    found = _recognised(utterance, language)
    if found is None or found.unsure:  # none, or maybe: read as another language reads it, it may be clear
        said = _ANCHOR_WORD.findall(utterance[:MAX_CONTROL_CHARS].casefold())
        unowned = frozenset(said) - language.controls[0].anchors
        as_read: Optional[Tuple[Tuple[str, ...], ...]] = None  # read only where another language may find one
        for words in language.controls[1:]:
            if words.reading is None or not (_holds_anchor(said, words.anchors) if words.code == DEFAULT_LANG
                                             else _foreign_verb(unowned, words)):
                continue
            as_read = _words_read(utterance, language.reading) if as_read is None else as_read
            if _words_read(utterance, words.reading) != as_read:  # the same words: nothing new to find
                other = _recognised(utterance, replace(language, reading=words.reading, controls=(words,)))
                if other is not None and (found is None or not other.unsure):
                    return other
    return found


def _foreign_verb(unowned: FrozenSet[str], words: IntentWords) -> bool:
    """A forget or delete verb of ``words``' language said that is none of the persona's words of a control
    (``unowned``): "olvida" under English; not "off", Portuguese's "em off", nor Portuguese "apaga" under Spanish."""
    return not (unowned.isdisjoint(words.forget) and unowned.isdisjoint(words.delete))


def _words_read(utterance: str, reading: ReadingWords) -> Tuple[Tuple[str, ...], ...]:
    """The clauses as ``reading`` reads them: Catalan's "i" opens one ("forget what | i just said")."""
    return tuple(c.words for c in read(utterance[:MAX_CONTROL_CHARS], reading).clauses)


def _recognised(utterance: str, language: Language) -> Optional[Control]:
    split = [_at_tag(c, language) for c in read(utterance[:MAX_CONTROL_CHARS], language.reading).clauses if c.words]
    clauses = [part for parts in split for part in parts if part.words]
    before_tag = {id(parts[0]) for parts in split if len(parts) > 1}  # a clause a tag ended, "why not" after it
    said = _ANCHOR_WORD.findall(" ".join(w for c in clauses for w in (*c.aside, *c.words)))
    controls = [words for words in language.controls if _holds_anchor(said, words.anchors)]
    closing = _closing_pause(clauses, controls, language)
    if closing is not None:
        return closing
    for i, clause in enumerate(clauses):
        if clause.reported:
            continue
        # Alone: nothing else is said, or only why not ("take that back, I don't want that").
        alone = all(c.negated for c in clauses if c is not clause)
        for words in controls:
            read_as = _verb_set_aside(clause, words, language.reading.negations | language.reading.refusals)
            needless = _needless(read_as, words, language, clauses[i + 1:])
            if needless is not None:
                return replace(needless, target=as_said(needless.target, utterance[:MAX_CONTROL_CHARS]))
            found = _control(read_as, words, language.reading, alone, clauses[i + 1].words if i + 1 < len(clauses) else ())
            if found is None or found.unsure:
                found = _chained(read_as, words, language.reading, alone) or found
            if found is not None and found.kind == "remember" and not found.target:
                # "merk dir, ich wohne in Bremen": what to remember is the next clause
                if i + 1 == len(clauses):
                    return None
                rest = CLAUSES_APART.join(c.text for c in clauses[i + 2:])
                return Control("remember", as_said(clauses[i + 1].text, utterance[:MAX_CONTROL_CHARS]), rest)
            refused = i + 1 < len(clauses) and clauses[i + 1].negated and len(clauses[i + 1].words) <= MAX_REFUSAL_WORDS
            if found is not None and read_as.question and refused:
                return None  # "forget everything? no, not ever"
            if found is not None:
                opening_pause = found.kind == "pause" and i == 0
                rest = "" if opening_pause else CLAUSES_APART.join(c.text for j, c in enumerate(clauses) if j != i)
                target = said_after(read_as, found.target, utterance[:MAX_CONTROL_CHARS]) if found.kind == "remember" \
                    else found.target
                if found.kind == "remember" and _REMINDER.match(target):
                    return None  # "remember to buy milk": a reminder for another skill, no fact
                target, unsure = as_said(target, utterance[:MAX_CONTROL_CHARS]), found.unsure
                if found.kind == "forget_thing" and len(clauses) == 1 \
                        and target.casefold() in words.personal - language.reading.subjects:
                    return Control("forget_all", "", rest, unsure)  # "forget me", "olvídate de mí": all about them
                if found.kind == "forget_thing":  # "forget Emma, she's not coming", "forget my job, tell me a joke"
                    target, comma, after = target.partition(",")  # named while the user goes on: maybe talk, ask first
                    # what the clause goes on to say is learnt: "olvida lo de zamora | que nos hemos mudado a teruel"
                    going_on = (after.strip(" ,"), as_said(found.rest, utterance[:MAX_CONTROL_CHARS]))
                    rest = CLAUSES_APART.join(part for part in (*going_on, rest) if part)
                    unsure = unsure or bool(comma) or len(clauses) > 1 and not any(w in words.personal or (
                        w in words.memory_words and not forgetting_verb(w, words)) for w in read_as.words)
                if found.kind == "forget_last" and id(read_as) in before_tag and len(read_as.words) <= MAX_BARE_WORDS:
                    unsure = True  # "vergiss das halt, ist nicht so wichtig": maybe only "never mind"
                return Control(found.kind, target, rest, unsure)
    return None


def _at_tag(clause: Clause, language: Language) -> Tuple[Clause, ...]:
    """The clause in two where a tag stands inside it before why not: "vergiss das mit meiner Schwiegermutter | ja |
    das muss nicht sein", "lo del loro olvídalo | vale | que no viene a cuento". Not a tag that is also a particle
    or a negation ("vergiss bitte das"), nor one a negation follows ("vergiss das ja nicht"), nor before what
    holds no negation ("was weißt du eigentlich alles über mich") or takes it back ("ja doch lieber nicht", "okay
    actually no"): a negation closing it closes a statement ("das brauchst du nicht")."""
    said, reading = clause.words, language.reading
    particles = language.controls[0].particles | reading.negations  # the persona's: Catalan "ja" is German "yes"
    for at in range(MIN_FRONTED_WORDS, len(said) - MIN_COVERED_WORDS + 1):  # a verb and its object first
        size = next((n for n in range(MAX_TAG_WORDS, 0, -1) if tuple(said[at:at + n]) in reading.tags), 0)
        after = said[at + size:]
        # a small word inside a pause said first is none: "dir mal eine weile nichts merken" (German "ne" is "eine")
        if not size or size == 1 and (said[at] in particles or said[at] in language.stopwords and match(
                said, language.controls[0].pause, 0, 1, gap=0) is not None) \
                or len(after) < MIN_COVERED_WORDS - 1 or after[0] in reading.negations:
            continue
        why_not = any(w in reading.negations for w in after[:-1]) or after[-1] in reading.negations and (
            len(after) >= MIN_STATEMENT_WORDS or any(w in reading.subjects for w in after))
        if why_not:
            return _part(clause, 0, at, clause.aside + said[at:at + size]), _part(clause, at + size, len(said))
    return (clause,)


def _verb_set_aside(clause: Clause, words: IntentWords, negations: FrozenSet[str]) -> Clause:
    """The clause with the last words set aside before it (a lead-in) read back where they open a pause: Portuguese
    "deixa" ("let it be") is the verb of "deixa | de guardar coisas", "tu pourrais | ne rien retenir" asks. Never a
    negation or an answer: "no, saving for a house takes forever"; nor where the clause opens one itself."""
    opening = [size for size in (2, 1) if len(clause.aside) >= size and clause.aside[-size] in words.pause]
    if not opening or match(clause.words, words.pause, 0, MAX_VERB_AT + 1) is not None:
        return clause
    for size in opening:
        back = clause.aside[-size:]
        if not set(back) & negations and match((*back, *clause.words), words.pause, 0, 1, gap=0) is not None:
            return Clause((*back, *clause.words), clause.aside[:-size], tuple(n + size for n in clause.negation_at),
                          clause.question, clause.reported, tuple(h + size for h in clause.hesitations))
    return clause


def _part(clause: Clause, start: int, end: int, aside: Tuple[str, ...] = ()) -> Clause:
    """The words ``start`` .. ``end`` of ``clause`` as a clause of their own, its negations and hesitations with them."""
    return Clause(clause.words[start:end], aside, tuple(n - start for n in clause.negation_at if start <= n < end),
                  clause.question, clause.reported, tuple(h - start for h in clause.hesitations if start <= h < end))


def _chained(clause: Clause, words: IntentWords, reading: ReadingWords, alone: bool) -> Optional[Control]:
    """Requests said one after another with nothing between ("azzera tutto dimenticati di me"): a request, then a
    forget or delete verb opening another. None where the second is another skill's ("forget it delete the timer");
    of one kind, the second where it is clear; else forgetting everything (always asked), or the second, asked."""
    said = clause.words
    for at in range(1, len(said)):
        if forgetting_verb(said[at], words, said[at + 1:]) is None:
            continue
        first = _control(_part(clause, 0, at), words, reading, alone)
        if first is not None:
            second = _control(_part(clause, at, len(said)), words, reading, alone)
            if second is None or second.kind == first.kind:
                return second if second is None or not second.unsure else first
            return next((c for c in (first, second) if c.kind == "forget_all"), replace(second, unsure=True))
    return None


def _needless(clause: Clause, words: IntentWords, language: Language, later: Sequence[Clause]) -> Optional[Control]:
    """The user's thing the assistant need not know, named right after the phrasing that opens the clause or before
    it: "you don't need to know where i work anymore", "wo ich arbeite musst du nicht mehr wissen". Nothing else may
    follow but a forgetting ("... | so just forget it", "... dimenticalo pure"). Always asked first: the question lists
    what would go. Not a reason ("... to tell me the weather"), a question, a remark ("... todo de mí")."""
    said = clause.words
    start = next((at for at, w in enumerate(said) if w in words.needless and match(said, words.needless, at, at + 1)
                  is not None), None)
    if start is None:
        return None
    end = match(said, words.needless, start, start + 1) or start
    forgetting = next((at for at in range(end, len(said)) if forgetting_verb(said[at], words, said[at + 1:])), len(said))
    opens = all(language.addressee.fullmatch(w) or w in words.particles for w in said[:start])  # "tu (não tens ...)"
    if opens and clause.question:  # before it, a question word opens the thing: "wo ich arbeite (musst du ...)"
        return None
    thing = said[end:forgetting] if opens else said[:start] if end == forgetting else []
    while thing and (thing[-1] in words.particles or (thing[-1],) in language.reading.tags):  # "... | just", "... | right"
        thing = thing[:-1]
    # after it, only a forgetting: not the user going on ("... wie alt | ich bin um mir das wetter zu sagen")
    talks_on = opens and forgetting == len(said) and later and _control(later[0], words, language.reading, True) \
        != Control("forget_last")
    if talks_on or any(longest(said[at:], words.everything) for at in range(start, end)):  # "... niet alles te weten"
        return None
    # the user's own: "my sister", "where i work"; said without a pronoun, a question word and its verb ("dónde vivo")
    owned = any(w in words.personal for w in thing) or len(thing) == 2 and thing[0] in language.reading.question_openers
    if not owned or len(thing) > MAX_NEEDLESS_WORDS or any(w in words.non_memory_objects or any(
            longest(thing[at:], index) for index in (words.everything, words.last)) or language.addressee.fullmatch(w)
            for at, w in enumerate(thing)):
        return None
    then = next((c for c in later if _control(c, words, language.reading, True) == Control("forget_last")), None)
    rest = CLAUSES_APART.join(c.text for c in later if c is not then)
    # asked: a forgetting after it may be "never mind" ("... forget it, i'll get the pizza myself"), and the thing
    # may name another's ("my boss's name"): the question lists what would go
    return Control("forget_thing", " ".join(thing), rest, unsure=True)


def _closing_pause(clauses: Sequence[Clause], controls: Sequence[IntentWords], language: Language) -> Optional[Control]:
    """A pause of "that" closing a statement that asks nothing of the memory ("my sister is in rehab, keep that
    to yourself"): a forget of it in the same breath, so none of it is learnt (and later turns are)."""
    said = [w for c in clauses if not c.reported for w in c.words]
    for words in controls:
        for at in range(MIN_COVERED_WORDS, len(said)):
            end = match(said, words.pause, at, at + 1, gap=0)
            # Not a statement's "(the kids did) not keep it", "(ich kann mir) das nicht merken"
            told = said[at] in language.reading.negations and not words.negated or said[at - 1] in words.personal or any(
                w in language.reading.subjects for w in said[at - 2:at])
            if end is not None and end >= len(said) - 1 and not told \
                    and _takes_that(said[at - 1], said[at:end], words, language.reading.negations) \
                    and recognise(" ".join(said[:at]), language) is None:  # a word may trail: "down anywhere"
                # "lo último que te he dicho, no lo recuerdes": what was said before this turn
                named = list(said[:at])
                while named and (named[-1] in words.particles or (named[-1],) in words.last.get(named[-1], ())
                                 or language.addressee.fullmatch(named[-1])):  # "... tu le (retiens pas)"
                    named.pop()
                taken_back = () if named and longest(named, words.last) == len(named) else said[:at]
                return Control("forget_last", " ".join(taken_back))
    return None


def _takes_that(before: str, said: Sequence[str], words: IntentWords, negations: FrozenSet[str]) -> bool:
    """A word of "that" in a pause's phrasing ``said``, or right ``before`` one its negation closes ("tu le retiens
    pas"; not "i watched it incognito"), or carried by its verb ("non salvarlo")."""
    taken = (before, *said) if said[-1] in negations else said
    return any((w,) in words.last.get(w, ()) for w in taken) or any(
        fold_accents(w).endswith(c) and len(w) > len(c) + 2 for w in said for c in words.clitics)


def _control(clause: Clause, words: IntentWords, reading: ReadingWords, alone: bool,
             then: Sequence[str] = ()) -> Optional[Control]:
    """The control ``clause`` holds (``then``: the clause after it)."""
    said = clause.words
    mode = _private_mode(clause, words)
    if mode is not None or clause.question and _asks_about_the_mode(said, words):
        return mode
    # Its own negation is its request ("don't remember this"); a while may come first ("per un po' non salvare")
    addressed = int(bool(said) and said[0] in words.addressed and longest(said[1:], words.moment) > 0)  # "tú (por ahora)"
    opening = addressed + longest(said[addressed:], words.moment)
    paused = _pause_end(clause, opening, words, reading, then)
    if paused is not None:
        # "don't keep that thing about Gus": not keeping one thing named is forgetting it, not a pause
        about = next((at for at in range(max(paused - 1, 0), len(said)) if longest(said[at:], words.about) > 1), None)
        named = object_of(said[about:], words, True, alone) if clause.negated and about is not None else None
        last = _takes_back(clause, paused, words, reading, alone, then)
        return named if named is not None and named.kind == "forget_thing" else Control("pause", "last" if last else "")
    # A reset asked (before a resume: "remets ta mémoire à zéro" puts it back to nothing), near the clause's start
    # ("let's start from scratch ..."): not "who reset your memory?", nor "the house is so empty without all my stuff"
    if not clause.negated and not clause.question and match(said, words.reset, 0, MAX_VERB_AT + 3) is not None \
            and _memory_named(said, words):
        return Control("forget_all")  # "resetea tu memoria", "start from scratch, wipe everything you know about me"
    # "you can remember things again" ("again" closes it: a tag, set aside, that may stand on either side)
    asks_what = clause.question and match(said, words.recall, 0, len(said)) is not None  # "what do you remember about me again"
    # A negation opening a statement of its own after it leaves it asked: "riattivala | tanto non c'è niente di segreto"
    unsaid = clause.negation_at[0] if clause.negated else len(said)
    said_on = 0 < unsaid and len(said) - unsaid >= MIN_STATEMENT_WORDS
    if (not clause.negated or said_on) and not asks_what and not any(
            w in words.non_memory_objects and w not in words.keeping_words for w in said) \
            and near(without_particles_between((*clause.aside, *said[:unsaid], *clause.aside), words.particles,
                                               words.resume_words), words.again, words.keeping):  # not "… in the agenda"
        return Control("resume")
    remembered = match(said, words.remember, 0, MAX_VERB_AT + 1)  # "don't forget that ..." too
    if remembered is not None:  # what follows "remember that" (empty: the next clause says it)
        return Control("remember", " ".join(said[remembered:]))
    # "forget everything you know about me" asks to forget, not what is known
    opens_forgetting = any(forgetting_verb(said[at], words, said[at + 1:]) for at in range(min(MAX_VERB_AT + 1, len(said))))
    if not clause.negated and not opens_forgetting and match(said, words.recall, 0, len(said)) is not None:
        return Control("recall")
    # Where a negation follows its verb, a request may start right after one that closed
    # what came before it: "dat klopt niet, schrap dat maar". Where it comes before its
    # verb, what follows a negation is governed by it: "I didn't say forget it".
    restarts = clause.negation_at if words.negation_after_verb else ()
    if any(w in reading.negations for w in clause.aside) and any(w in words.negated for w in said[:MAX_VERB_AT + 1]):
        return None  # a "no" set aside before a form only a negation takes is its negation: "ah no borres eso"
    # Where the negative imperative has forms of its own ("no borres", "não esqueças"), a "no" a filler or softener
    # sets apart before another form is an interjection ("no eh, quita eso"); right before it, it negates it, as
    # people say it ("não apaga isso", "no quita eso la lejía").
    apart = tuple(at for at in clause.negation_at if at + 1 in clause.hesitations or at + 1 < len(said) and
                  said[at + 1] in words.softeners) if words.negated else ()
    refused = len(said) == 1 and any(w in reading.negations for w in clause.aside) or len(said) == 2 and 0 in apart
    if refused and said[-1] in words.forget - words.negated:
        return Control("forget_last")  # a bare forgetting after a refusal takes back: "ehm no dimentica"
    # "can you" said first and set aside: "(könntest du) meine adresse löschen"
    asked = sum(w in words.particles or w in words.addressed for w in clause.aside) >= MIN_FRONTED_WORDS
    for start in (0, *(at + 1 for at in restarts if 0 < at < len(said) - 1)):
        negations = tuple(at - start for at in clause.negation_at if at >= start)
        # After a negation, only a verb that opens what follows: "dat klopt niet, schrap dat maar",
        # not "ich will nicht, dass du alles vergisst".
        found = _forgetting(said[start:], words, negations, apart, reading, alone,
                            fronted=not (clause.question or start), asked=not start and asked)
        if found is not None:
            return found
    # A forgetting set aside as "never mind" takes back what the clause names as said: "esquece isso | que eu disse",
    # "laisse tomber | ce que je viens de dire"
    verb_at = next((at for at, w in enumerate(clause.aside) if forgetting_verb(w, words, clause.aside[at + 1:])), None)
    taken = without_second_part(words, clause.aside[verb_at], [*clause.aside[verb_at + 1:], *said]) \
        if verb_at is not None else []
    if len(said) >= MIN_FRONTED_WORDS and taken and longest(taken, words.last) == len(taken) and not clause.negated:
        return Control("forget_last")
    # After a hesitation, "forget that" takes back what was said before it: "tomo varfine 5 mg ah esquece lá isso"
    for start in clause.hesitations:
        after = strip_leading(said[start:], reading)[0]
        shift = len(said) - len(after)
        negations, set_apart = (tuple(at - shift for at in ats if at >= shift) for ats in (clause.negation_at, apart))
        found = _forgetting(after, words, negations, set_apart, reading, True, fronted=False)
        if found is not None and found.kind == "forget_last":
            return Control("forget_last", " ".join(said[:start]))
    return None


def _private_mode(clause: Clause, words: IntentWords) -> Optional[Control]:
    """The private mode switched off ("turn off private mode", "private mode off", "schalt den privatmodus wieder
    aus"): a resume; switched on ("activa el modo privado", "privatmodus an"): a pause. Only so said, the verb opening
    the request right before the name (or in two parts around it), nothing after but a particle or a while: not
    "alexa turn off private mode", "turn off her private mode", "leave it in private mode", "put the ipad on private
    mode", "mach den privatmodus morgen an"."""
    said = [w for w in clause.words if w not in words.particles or w in words.switching]
    at = _mode_named_at(said, words)
    if at is None or clause.question or clause.negated or clause.reported:
        return None
    end = at + longest(said[at:], words.private_mode)
    for kind, switch in (("resume", words.mode_off), ("pause", words.mode_on)):
        if at and longest(said, switch) == at:  # "turn off | private mode"
            rest = said[end:]
        elif not at and longest(said[end:], switch):  # "private mode | off"
            rest = said[end + longest(said[end:], switch):]
        elif at == 1 and (said[0], said[end:end + 1][0] if end < len(said) else "") in switch.get(said[0], ()):
            rest = said[end + 1:]  # in two parts around it: "schalt | den privatmodus | aus"
        else:
            continue
        return Control(kind) if _only_a_while(rest, words) else None
    return None


def _mode_named_at(said: Sequence[str], words: IntentWords) -> Optional[int]:
    """Where the private mode is named in ``said``, if it is."""
    return next((at for at, w in enumerate(said) if w in words.private_mode and longest(said[at:], words.private_mode)),
                None)


def _asks_about_the_mode(said: Sequence[str], words: IntentWords) -> bool:
    """A question naming the private mode with no verb switching it on right before (an article between at most): "is
    private mode on", "what is private mode"; not "can you go into private mode"."""
    at = _mode_named_at(said, words)
    return at is not None and not any(0 < longest(said[start:at], words.mode_on) >= at - start - 1
                                      for start in range(max(at - MAX_SWITCH_WORDS, 0), at))


def _only_a_while(said: Sequence[str], words: IntentWords) -> bool:
    """Nothing, particles or a while: "(… private mode) for a bit please", "(… modo privado) un rato"."""
    said = [w for w in said if w not in words.particles]
    return not said or longest(said, words.moment) == len(said)


def _pause_end(clause: Clause, opening: int, words: IntentWords, reading: ReadingWords,
               then: Sequence[str]) -> Optional[int]:
    """Where the pause said in ``clause`` ends, soonest ("don't write that down | my mom reads this": at "down"); with
    a while ("for now", "per ora,") only before what the user says ("per un po' non ricordarti niente di quello che
    dico", not "for now don't keep anything in the freezer"); not before another skill's place (:func:`_in_a_place`)."""
    said = clause.words
    for_now = opening or match(clause.aside, words.moment, 0, len(clause.aside), gap=0) is not None
    found = sorted(ends(said, words.pause, opening, opening + MAX_VERB_AT + 1))
    if any(not said[end:] and _in_a_place(then, words, reading) for end in found):  # a place of its own after it
        return None
    return next((end for end in found if _pause_said(said, end, words, reading.question_openers) and not (
        for_now and any(w not in words.unnamed for w in without_phrases(said[end:], words.saying)))), None)


def _in_a_place(after: Sequence[str], words: IntentWords, reading: ReadingWords) -> bool:
    """Whether ``after``, the clause after a pause, is only another skill's place: "(no guardes nada) | en el
    congelador"; not "the meeting with my lawyer", nor "during the meeting"."""
    return 0 < len(after) <= MAX_PLACE_WORDS and after[0] in words.stopwords and not any(
        w in words.personal or w in reading.subjects for w in after) and any(w in words.places for w in after)


def _takes_back(clause: Clause, paused: int, words: IntentWords, reading: ReadingWords, alone: bool,
                then: Sequence[str]) -> bool:
    """Whether a pause takes back what was just said too: negated and alone, of "that" ("no, don't save that", "no ho
    recordis"), plainly or with a forgetting after it ("… nicht speichern, lösch das"); or negated, of "that" or bare
    ("niet opschrijven"), then why, in its clause or the next, of someone the user names ("… | my mom reads this"; not
    "i'll remember it myself", "my memory is fine", nor "this", of what comes: "don't save this | my uncle owes …")."""
    said, said_on = clause.words, clause.words[paused:] or then
    if not clause.negated:
        return False
    # Its verb alone among small words is as plain: "no te acuerdes de eso", "merk dir das lieber nicht"; not asked
    plain = len([w for w in said if w not in reading.negations]) <= MAX_TAKE_BACK_WORDS or not clause.question \
        and not set(said) & reading.subjects and len(  # not "i don't remember that"
            [w for w in said if w not in reading.negations | words.particles | words.stopwords]) == 1
    forgetting = any(forgetting_verb(w, words) for w in said[paused:paused + 1])
    objects = said if forgetting else (*said[:paused], said[-1])
    if alone and (plain or forgetting) and any((w,) in words.last.get(w, ()) for w in objects):
        return True
    why = any(w in words.personal and w not in reading.subjects and said_on[i + 1:i + 2] and said_on[i + 1] in words.relations
              for i, w in enumerate(said_on[:3]))
    bare = len([w for w in said[:paused] if w not in reading.negations]) == 1
    return why and (bare or any(w in words.that for w in said[1:paused]))  # not its subject: "that is not for the record, …"


def _last_said(named: Sequence[str], words: IntentWords) -> bool:
    """The last thing named, then said how, in a few words: "la dernière chose | que j'ai dite", "l'ultima cosa | che
    ti ho raccontato"."""
    that = longest(named, words.last)
    return that >= MIN_FRONTED_WORDS and named[that:that + 1] != [] and named[that] in words.particles \
        and len(named) - that - 1 <= MAX_RELATIVE_WORDS


def _pause_said(said: Sequence[str], paused: int, words: IntentWords, openers: FrozenSet[str]) -> bool:
    """Closed by its verb, a pause takes the user, what they say ("... what I say", "... lo que digo"), things,
    a while or nothing, not another thing ("stop recording the meeting"); else "off the record is a podcast"."""
    after, last = said[paused:], said[paused - 1]
    # Not "never mind, keep it" (a verb of its own), nor "no me recuerdes" (the user after its first word: "remind me")
    if any(tuple(said[at:at + 2]) in words.two_part_verbs or said[at] in words.pause and said[at + 1] in words.personal
           and said[at + 1] not in words.pause_words for at in range(min(MAX_VERB_AT + 1, paused - 1))):
        return False
    users = bool(after) and (  # a moment closing the clause may have lost its rest as a tag: "for (now)"; a
        forgetting_verb(after[0], words) is not None  # forgetting opening what follows is a request of its own
        or any(w in words.personal for w in after) or any(w in words.particles for w in after[:2])
        or match(after, words.moment, 0, len(after), gap=0) is not None or after[-1] in words.moment)
    if not users and after and after[0] in openers and not any(w in openers for w in said[:paused]):
        return False
    things = all(w in words.things or w in words.stopwords for w in after)  # "smetti di ricordarti | le cose"
    if not users and any(w in words.places for w in after):  # "(prefiero que no guardes eso) en la nevera"
        return False
    return (users or things or len(after) <= 1 or last not in words.keeping_ends
            or longest(after, words.everything) > 0 or of_the_memory(after, words))


def _memory_named(said: Sequence[str], words: IntentWords) -> bool:
    """The memory itself named among the words besides a reset's ("your memory", "everything you know about me"),
    not a thing of its own ("your memory card", "the router's memory"), nor "all my stuff" ("todo lo que tienes de mí" is)."""
    resetting = {w for phrases in words.reset.values() for p in phrases for w in p}
    return any((n := longest(said[at:], words.everything)) and any(
        w in words.memory_words or w in words.personal and (said[i - 1],) in words.about.get(said[i - 1], ())
        for i, w in enumerate(said[at:], at)) and of_the_memory(
        [w for w in said[at + n:] if w not in resetting], words) for at in range(len(said)))


def _forgetting(said: Sequence[str], words: IntentWords, negations: Tuple[int, ...], apart: Tuple[int, ...],
                reading: ReadingWords, alone: bool, fronted: bool, asked: bool = False) -> Optional[Control]:
    """A forget or delete verb and what it takes: the verb opening the clause ("forget my
    address") or closing it after its object ("das mit dem Handball kannst du vergessen")."""
    def negated(at: int, final: bool = False) -> bool:
        """A negation just before the verb, or, unless the verb closes its clause (``final``: what follows it is
        said anew), after it ("no oblidis mai", "vergiss das niemals") or closing the clause where a negation
        follows its verb ("vergiss das nicht"; not "oublie le truc sur ma voisine ça sert à rien")."""
        before, after = at - 1, at + 1
        while before >= 0 and said[before] in words.particles:
            before -= 1
        while words.negation_after_verb and after < len(said) and said[after] in words.particles:
            after += 1
        # Set apart, before a form its negation does not take, a "no" is an interjection ("no ehm olvida eso")
        refused = before in negations and not (before in apart and said[at] not in words.negated)
        return refused or not final and (after in negations or words.negation_after_verb and len(said) - 1 in negations)
    subjects, negation_words = reading.subjects, reading.negations
    opening = 1 if 0 in apart else 0
    for at in range(opening, min(opening + MAX_VERB_AT + 1, len(said))):
        if at > opening and said[at - 1] not in words.particles:
            break
        verb = forgetting_verb(said[at], words, said[at + 1:])
        if verb is None:
            continue
        if negated(at):
            return None
        if (said[at],) in words.last.get(said[at], ()) and at == len(said) - 1:  # verb and object in one word: "dimenticalo"
            return Control("forget_last", unsure=not alone)
        return object_of(without_second_part(words, said[at], [*verb[1], *said[at + 1:]]), words, verb[0], alone)
    for at in range(1, min(MAX_FRONTED_AT + 1, len(said)) if fronted else 0):
        after = said[at + 1:]
        verb = forgetting_verb(said[at], words, after)
        # A negation opening the clause answers what came before ("no això últim treu-ho");
        # one further in governs the verb after it ("ich will nicht, dass du alles vergisst").
        if verb is None or negated(at, final=True):
            continue
        if any(0 < n < at for n in negations):
            # unless the verb holds its object and closes the clause, a request of its own, asked first (what was
            # negated may be the assistant's words): "això últim no ho apuntis oblida-ho"; never of a skill's thing
            # ("la sveglia non serve più cancellala")
            if not after and (said[at],) in words.last.get(said[at], ()) and not any(
                    w in words.non_memory_objects for w in said):
                return Control("forget_last", unsure=True)
            continue
        before = list(said[:at])
        while before and (before[-1] in words.particles or before[-1] in words.addressed
                          or (before[-1],) in words.last.get(before[-1], ())):
            before.pop()  # "(…) tu peux le (oublier)"
        # "(dass du) alles vergisst, was du über mich gespeichert hast": everything, then the verb, then the memory's
        if words.negation_after_verb and before and longest(before, words.everything) == len(before) \
                and of_the_memory(after, words):
            return everything_of([*before, *after], len(before), words, verb[0])
        # After the verb: nothing, a particle ("toglila che non è vero"), a negation opening a clause of its own
        # where a negation stands before its verb ("cancellala non dovevo dirla"), or, once a modal stood
        # before it ("kannst du das wieder vergessen, der Arzt sagt..."), a new clause.
        opens_anew = bool(after) and after[0] in negation_words and not words.negation_after_verb
        modal_first = any(w in words.particles for w in said[:MAX_VERB_AT + 1])  # "du kannst X löschen, der…"
        if after and after[0] not in words.particles and not opens_anew and len(before) == at and not modal_first:
            continue
        # "my keys I always forget", "ich habe das eben vergessen": the speaker tells what was forgotten, asks nothing
        if not before or before[-1] in subjects or before[0] in subjects:
            continue
        # The object said first is all that stands before the verb: "(that was wrong) the last
        # bit you can delete", not "I said that you should forget".
        for start in range(len(before)):
            head = before[start:]
            named = list(head)  # "quest'ultima cosa": a vague word closing it names nothing more
            while len(named) > 1 and named[-1] in words.vague:
                named.pop()
            if len(head) >= MIN_FRONTED_WORDS and (
                    longest(named, words.last) == len(named) or _last_said(named, words)
                    or longest(head, words.about) >= MIN_FRONTED_WORDS
                    or match(head, words.everything, 0, 1, gap=0) is not None):
                return object_of(head, words, verb[0], alone, fronted=True)
        # Asked as "can you" set aside before it, the verb last takes the user's thing said before it: "(könntest
        # du) meine adresse löschen", "(kun je) mijn adres wissen"; not "hast du meinen geburtstag vergessen", nor
        # someone else's ("die adresse von meiner frau": the user's own address is no part of it)
        if asked and before[0] in words.personal:
            return object_of(before, words, verb[0], alone)
        # The user's thing said first, taken up by the pronoun the imperative carries: "il mio indirizzo cancellalo"
        carries = verb[1] or any(fold_accents(said[at]).endswith(c) and len(said[at]) > len(c) + 2 for c in words.clitics)
        if carries and any(w in words.personal for w in before) \
                and len(before) <= MAX_NAME_WORDS + 1:
            found = object_of(before, words, verb[0], alone)  # maybe a thing to take away ("mi plato quítalo"): ask first
            return replace(found, unsure=True) if found is not None else None
    return None

