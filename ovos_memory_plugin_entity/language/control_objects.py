"""What a spoken forget or delete verb takes (:mod:`language.controls`): everything the memory holds, the last
thing said, or one thing named; and the verb itself, with the pronoun it carries or in two parts. Pure.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import dropwhile, takewhile
from typing import List, Optional, Sequence, Tuple

from ovos_memory_plugin_entity.language.locale_data import IntentWords
from ovos_memory_plugin_entity.language.phrasing import MAX_GAP, longest, match

# What one thing to forget may be, at most: "my old address at 12 Rua das Flores in Lisbon".
MAX_TARGET_WORDS = 16
# A thing not the user's is named in this many words at most ("forget Emma", "forget about
# Emma's party"); longer, the user is talking about it ("... it's cancelled").
MAX_NAME_WORDS = 3
# Words of the thing that may stand between two of a replacing phrase's: "my new | phone number | is".
MAX_REPLACING_GAP = 2
# After "everything", a fresh start said this far in closes it: "todo todo y empezamos de cero".
MAX_RESET_AT = 2


@dataclass(frozen=True)
class Control:
    """A control (one of :data:`language.controls.KINDS`); what it is about (a pause's "last": what was just said
    too; a "forget that"'s: the words it takes back before it); what is said besides it (``rest``, learnt; empty
    after an opening pause; of a thing to forget, what its clause goes on to say too); ``unsure``: ask first."""

    kind: str
    target: str = ""
    rest: str = ""
    unsure: bool = False


def forgetting_verb(word: str, words: IntentWords, after: Sequence[str] = ()) -> Optional[Tuple[bool, Tuple[str, ...]]]:
    """A forget (True) or delete (False) verb, its attached words ("oblida-ho"), or one in two parts ("take back")."""
    head, *attached = word.split("-")
    for said in (word, head):
        if said in words.forget or said in words.delete:
            return said in words.forget, tuple(attached) if said == head and said != word else ()
    for first, second in words.two_part_verbs:
        if word == first and second in after[:MAX_GAP + 1]:
            return first in words.forget, ()
    return None


def without_second_part(words: IntentWords, verb: str, rest: List[str]) -> List[str]:
    """A verb in two parts ("take that back", "forget about"): its second part right after the verb or closing
    the clause is not part of the object ("forget everything about Emma" keeps it), unless it opens a thing named."""
    if longest(rest, words.about) > 1:
        return rest
    for first, second in words.two_part_verbs:
        at = rest.index(second) if first == verb and second in rest[:MAX_GAP + 1] else -1
        if at == 0 or (at > 0 and all(w in words.particles for w in rest[at + 1:])):
            rest = [*rest[:at], *rest[at + 1:]]
    return rest


def object_of(said: Sequence[str], words: IntentWords, memory_verb: bool, alone: bool,
            fronted: bool = False) -> Optional[Control]:
    """What a forget or delete verb takes: everything, the last thing said, or one thing named; ``unsure`` for a
    thing not the user's named while the user talks on ("..., it's cancelled") or a forgetting for a while."""
    if not said or any(w in words.non_memory_objects for w in said):
        return None  # "forget" alone; "delete my alarm", "forget my shopping list": a skill's
    bare = list(dropwhile(lambda w: w in words.particles or w in words.stopwords, said))
    inner = forgetting_verb(bare[0], words, bare[1:]) if bare else None
    if inner is not None:  # "never mind (just) forget it": the second verb asks
        return object_of(without_second_part(words, bare[0], bare[1:]), words, inner[0], alone, fronted)
    bare = list(dropwhile(words.particles.__contains__, said))
    for words_said in (said, bare):
        if everything := longest(words_said, words.everything):
            return everything_of(words_said, everything, words, memory_verb) or \
                _all_about(words_said[everything:], words, memory_verb)
    last, about = longest(said, words.last), longest(said, words.about)
    if not last and not about:
        said = bare
        last, about = longest(said, words.last), longest(said, words.about)
    if fronted and not last and not about:
        return None  # "my keys i always forget": a statement, not a request
    # "what I told you about", "lo de": what was said is named; so is "the allergy thing"
    named = len(said[:about]) > 1 or any(w in words.vague for w in said) and any(
        w not in words.vague and w not in words.stopwords for w in said)
    if last and last >= about:
        rest = said[last:]
        # A one-word "that" before a word of a thing is its article: "supprime le réveil de six heures"
        if not rest or rest[0] not in words.personal and (
                last > 1 or rest[0] in words.stopwords or of_the_memory(rest, words)):
            # "forget it, I'll just order pizza" may answer the assistant's offer: a bare
            # pronoun while the user talks on is unsure; "forget what I just said" is not.
            return Control("forget_last", unsure=last == 1 and not rest and not alone and not fronted)
        said = rest  # "forget that I'm allergic to cats": the thing is what follows
    elif about:
        said = said[about:]
        if everything := longest(said, words.everything):
            return everything_of(said, everything, words, memory_verb)
        if len(said) == longest(said, words.last):  # "forget about it": maybe only "never mind";
            # "olvídate de eso que acabo de decir" names what was said: clear
            return Control("forget_last", unsure=len(said) == 1)
        that = longest(said, words.last)  # ... and so does "that" said again: "olvídate de eso, lo que acabo de decir"
        if that and longest(said[that:], words.last) == len(said) - that:
            return Control("forget_last")
    said = list(dropwhile(words.particles.__contains__, said))
    # The thing ends where the user goes on to why ("lo de la penicilina | que prefiero ...",
    # "my address | because ...", "mia cognata | per favore ..."): at a particle after its first word;
    # or to what replaces it ("my old number, | the new one is ...").
    end = next((i for i in range(1, len(said)) if any(" ".join(said[i:i + n]) in words.particles for n in (1, 2, 3))
                or replacement_at(said, i, words)), len(said))
    whole, said = said, said[:end]
    while said and said[-1] == ",":
        said = said[:-1]
    thing = [w for w in said if w not in words.vague]  # "that blood pressure stuff": the blood pressure
    said = thing if any(w not in words.stopwords for w in thing) else said
    if not said or len(said) > MAX_TARGET_WORDS:
        return None
    # What follows is learnt where it says what is so now: what replaces the thing ("my old number | the new one is"),
    # or a word of now ("lo de zamora | que nos hemos mudado, ahora estamos en teruel"); not "cette histoire | que
    # j'habite à paris": the claim the user rejects.
    going_on = list(dropwhile(lambda w: w == "," or w in words.particles, whole[end:]))
    replaced = replacement_at(whole, end, words)
    reading = words.reading
    if replaced and reading is not None and any(w in reading.negations for w in said):
        return None  # "vergiss meine nummer nicht, meine neue ist ...": keep it, and the new one
    now = replaced or reading is not None and any(w in reading.contrasts for w in going_on)
    personal = named or any(w in words.personal for w in said)
    if not personal and not memory_verb:
        return None  # "apaga as luzes da cozinha": another skill's
    for_a_while = match(whole, words.moment, 0, len(whole), gap=0) is not None
    # A name of someone or something not the user's, said alone, is clear ("forget Emma");
    # said while the user talks on, or as a longer description, it may be talk about it.
    # So is one said before what replaces it: "forget the kettle, the new one is faster".
    talked_on = not alone or len(said) > MAX_NAME_WORDS or replaced
    return Control("forget_thing", " ".join(said), " ".join(going_on) if now else "",
                   for_a_while or (not personal and talked_on))


def replacement_at(said: Sequence[str], at: int, words: IntentWords) -> bool:
    """Whether what replaces the thing ``said[:at]`` begins at ``at`` (``control_replacing.voc``): a phrase whose
    words between its own are the thing's ("my old phone number, | my new phone number is"), never another's ("my
    diet | the new year is here"); not after a clause said within the thing ("forget i said | my new boss is rude")."""
    thing, reading = set(said[:at]), words.reading
    if reading is not None and (thing & reading.subjects or at and said[at - 1] in reading.clause_glue):
        return False  # "i said | my new ...", "dije que | mi nuevo ...", "the part where | my new ..."
    for phrase in words.replacing.get(said[at] if at < len(said) else "", ()):
        end = at
        for word in phrase[1:]:
            found = next((k for k in range(end + 1, min(len(said), end + 2 + MAX_REPLACING_GAP)) if said[k] == word), None)
            if found is None or not set(said[end + 1:found]) <= thing:
                break
            end = found
        else:
            return True
    return False


def everything_of(said: Sequence[str], end: int, words: IntentWords, memory_verb: bool) -> Optional[Control]:
    """Forgetting everything (``said[:end]``) the memory's; "delete everything" (no word of the memory) is unsure."""
    if not of_the_memory(said[end:], words):
        return None
    return Control("forget_all", unsure=not memory_verb and not any(
        w in words.personal or w in words.memory_words for w in said))


def _all_about(after: Sequence[str], words: IntentWords, memory_verb: bool) -> Optional[Control]:
    """Everything about one thing or person not the user ("... (you know) about Emma"): forget it; after a verb of
    deleting with no word of the memory, ask first ("esborra tot del carro" may empty a shopping cart)."""
    at = next((i for i, w in enumerate(after) if longest(after[i:], words.about) or not of_the_memory((w,), words)),
              len(after))
    about = longest(after[at:], words.about)  # what follows, up to a word of the memory ("... über Jonas weißt")
    thing = list(takewhile(lambda w: w not in words.memory_words,
                           dropwhile(words.particles.__contains__, after[at + about:])))
    # Someone of the user's named ("meinen bruder", "my brother tom"): the thing ends with their name, what follows
    # says why ("... der redet nicht mehr mit mir")
    kin = next((i for i, w in enumerate(thing) if w in words.relations and i and thing[i - 1] in words.personal), None)
    if kin is not None:
        thing = thing[:kin + 1] + list(takewhile(lambda w: w not in words.stopwords, thing[kin + 1:kin + 2]))
    of_memory = memory_verb or any(w in words.memory_words for w in after)  # "erase all you know about ..."
    return Control("forget_thing", " ".join(thing), unsure=not of_memory) \
        if about and 0 < len(thing) <= MAX_TARGET_WORDS else None


def of_the_memory(after: Sequence[str], words: IntentWords) -> bool:
    """Whether "everything" is the memory's: alone, about the user ("... on me"), or with only words of the memory
    and small words ("everything you know"); not "everything from my schedule" (a thing of its own). "Everything"
    said again to close it is emphasis ("... about me, everything", "de mí todo todo", "su di me tutto proprio")."""
    while emphasis := max((len(p) for ps in words.everything.values() for p in ps if tuple(after[-len(p):]) == p),
                          default=0):
        after = after[:-emphasis]
    # Said again right after the user, "everything" closes the object; what follows is said anew: "de mi todo todo
    # empezamos de cero"
    while after and (said_again := longest(after, words.everything)):  # "todo lo mío todo todo empezamos de cero"
        after = after[said_again:]
    again = next((at for at in range(1, len(after)) if after[at - 1] in words.personal and (
        longest(after[at:], words.everything) or longest(after[at:], words.reset))), 0)  # "... about me, start fresh"
    # A fresh start closing it, after a verb and a conjunction at most: "... (y) empezamos de cero"
    if after and match(after, words.reset, 0, MAX_RESET_AT + 1, gap=0) == len(after):
        return True
    after = after[:again] if again else after
    # "... you've got on me" is about the user; "... about my brother, he never talks to me" is not
    on_me = bool(after) and after[-1] in words.personal and not any(w in words.relations for w in after)
    return not any(w in words.non_memory_objects for w in after) and (not after or on_me or all(
        w in words.memory_words or w in words.personal or w in words.particles or w in words.stopwords for w in after))
