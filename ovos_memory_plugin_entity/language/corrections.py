"""What a turn corrects among the known facts (id, line as the prompt lists them), with no model: a few narrow
structures, each function's docstring says one, since a wrong memory costs more than a missed correction. A
corrected name supersedes (``Replacement.about``): the old row is retired, naming what replaced it.
"""
from __future__ import annotations

import re
from itertools import takewhile
from typing import Callable, Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from ovos_memory_plugin_entity.domain.ops import Replacement
from ovos_memory_plugin_entity.domain.text import expand_contractions, fold_accents, said_words, title_words
from ovos_memory_plugin_entity.language.locale_data import Language, Phrase
from ovos_memory_plugin_entity.language.reading import QUESTION_MARK, SPOKEN_WORD, Reading, read
from ovos_memory_plugin_entity.language.substitution import LISTED_ABOUT as _LISTED_ABOUT, said_again, substituted

# A new home is at most this many words ("new york city"), ending at a small word ("boulder last month").
MAX_PLACE_WORDS = 3
# Who someone is, said again before their right name, is at most this many words ("elle s'appelle").
MAX_NAMING_WORDS = 4
# A corrected age is this close to the one known: a slip of the tongue, or a birthday.
MAX_AGE_STEP = 3
# A question this short after a new age asks whether it is so ("or is he?"), not something else.
MAX_TAG_QUESTION_WORDS = 3
_AGE = re.compile(r"(?<!\d)\d{1,3}(?!\d)")


def corrected(user_words: str, language: Language, known: Sequence[Tuple[str, str]], before: str = "",
              reply: str = "") -> Tuple[Replacement, ...]:
    """The ``known`` facts the user's words correct, each with what replaces it; ``before``: the user's turn just
    before, ``reply``: the assistant's answer to it."""
    spoken = (user_words or "").casefold().replace("’", "'")
    texts = (read(user_words or "", language.reading).text, spoken)
    words = expand_contractions((w.strip("'-") or w for w in SPOKEN_WORD.findall(spoken) if w != ","),
                                dict(language.reading.contractions))
    said = [(m["old"], m["new"], True) for text in texts for p in language.corrections for m in p.finditer(text)]
    said += [(old, new, False) for old, new in _names_taken_back(words, language, known)]
    cued = _found(words, language.correcting.cues) is not None  # as said: the reading sets "sorry" aside
    said += [(old, new, True) for old, new in _swapped(SPOKEN_WORD.findall(texts[0]), language, known, cued)
             + _meant(words, language, known)]
    taken_back = cued or bool(words[:1]) and words[0] in language.negations | set(language.no)
    said += [(old, new, False) for old, new in _named_anew(words, language, known) if taken_back]
    if not said:
        said += [(old, new, False) for old, new in _name_said_anew(words, language, known, before, reply, spoken)]
    update = _moved(words, language, known)
    for old, new, of_words in said:
        if {old, new} & (language.stopwords | language.negations | language.not_names) or old == new:
            continue
        for fact_id, line, about in ((i, line, _LISTED_ABOUT.match(line)) for i, line in known
                                     if all(u.fact_id != i for u in update)):
            if about and about.group("label").casefold() == old:
                update.append(Replacement(fact_id, about.group("text"), about=title_words(new)))
            elif of_words and not about and old in said_words(line):
                update.append(Replacement(fact_id, re.sub(rf"(?i)\b{re.escape(old)}\b", title_words(new), line)))
    update += [u for u in _new_favourite(texts, language, known) if u.fact_id not in {x.fact_id for x in update}]
    update += [u for u in _new_dose(user_words or "", language, known) if u.fact_id not in {x.fact_id for x in update}]
    if not update and (cued or set(words) & language.negations):
        update += _new_age(user_words or "", language, known)
    if not update and before:
        update += _number_said_anew(user_words or "", language, known, before, reply)
    if not update:  # none of the narrow structures: a value said anew, in a turn that takes back or says what is not
        update += substituted(user_words or "", language, known, before,
                              taken_back or bool(set(words[:3]) & (language.negations | set(language.no))),
                              cued or _found(words, language.correcting.meaning) is not None, _asked(reply, language))
    if not update:
        update += said_again(user_words or "", language, known, before, _asked(reply, language))
    return tuple(update)


def _found(words: Sequence[str], phrases: Sequence[Phrase], start: int = 0) -> Optional[Tuple[int, Phrase]]:
    """Where the first of ``phrases`` said from ``start`` on starts, and which it is ("_": any one word)."""
    return next(((i, p) for i in range(start, len(words)) for p in phrases if len(words[i:i + len(p)]) == len(p)
                 and all(w in (x, "_") for x, w in zip(words[i:], p))), None)


def _names_taken_back(words: Sequence[str], language: Language,
                      known: Sequence[Tuple[str, str]]) -> List[Tuple[str, str]]:
    """(old, new) names: "no wait, not Marloes, Mirjam I mean" (not "wait, no Max, sit", nor "no Tom, Tim is called
    the voice"), "we renamed him, he's called Bandit" (the user's renaming, of the pet, not "we renamed her doll")."""
    listed = {(m.group("label").casefold(), (m.group("relation") or "").casefold()) for _, line in known
              for m in [_LISTED_ABOUT.match(line)] if m}
    kinds = {label: kind for label, kind in listed if [n for n, _ in listed].count(label) == 1}  # not two Annas
    small = language.stopwords | language.negations | language.reading.subjects | language.reading.fillers
    names = {w for w in words if w.isalpha() and fold_accents(w) not in small and w not in kinds}
    said = language.correcting
    ending = {w for p in said.cues + said.naming for w in p} | language.reading.subjects | language.reading.fillers
    found = [(old, new) for i, (no, old, new) in enumerate(zip(words, words[1:], words[2:]))
             if no in language.negations and old in kinds and new in names and kinds[old] not in said.pets
             and any(tuple(words[i - len(p):i]) == p for p in said.cues)  # the cue first: "sorry, not Tom"
             and not any(tuple(words[i + 1 - len(p):i + 1]) == p for p in said.cues)  # not "wait no Max"
             and any(tuple(words[i + 3:i + 3 + len(p)]) == p for p in said.cues + said.naming)
             and all(w in ending or said.value_ends.fullmatch(w) for w in words[i + 3:])]  # not "heißt sein Freund"
    found += _names_said_right(words, language, kinds, names)
    renamed = _found(words, said.renaming)
    naming = _found(words, said.naming, renamed[0] + len(renamed[1])) if renamed else None
    pets = [label for label, kind in kinds.items() if kind in said.pets]
    pets = [label for label in pets if kinds[label] in words] or pets
    new = words[naming[0] + len(naming[1]):][:1] if naming else []
    if renamed and naming and len(pets) == 1 and new and new[0] in names and all(  # nothing else named: "her doll"
            fold_accents(w) in small or w in {pets[0], kinds[pets[0]]} or (w,) in language.reading.lead_ins
            or said.value_ends.fullmatch(w) for w in words[renamed[0] + len(renamed[1]):naming[0]]):
        found.append((pets[0], new[0]))
    return found


def _swapped(words: Sequence[str], language: Language, known: Sequence[Tuple[str, str]],
             cued: bool) -> List[Tuple[str, str]]:
    """(old, new) words: a known one right after a negation closing what is said, the right one right before it,
    in a turn ``cued`` as taking something back, opening what is said or after who it is, an article before either
    ("quatsch regensburg nicht augsburg", "sorry o tiago não o nuno", "she's called cookie not captain"; not "lisa
    not tom", an answer, nor "sorry i invited lisa not tom", nor "sorry lisa not tom is coming", nor "lucas lucas no
    toby", calling)."""
    right, values, small = _right_word(language, known)
    said = language.correcting
    articles = {w for w in language.stopwords if len(w) <= 3} - language.negations - {
        p[-1] for p in said.naming + said.identity}  # not the "is" that says who it is
    bare = [(i, w) for i, w in enumerate(words) if not (w in articles and i + 1 < len(words))]
    found = []
    for (i, new), (_, no), (j, old) in zip(bare, bare[1:], bare[2:]):
        before = [w for w in words[:i] if w not in articles]
        said_before = [w for w in words[:i] if w != ","]  # the reading's commas aside: "wat zeg, ik nu"
        if no in language.negations and old in values and old not in small and right(new, old, words[j + 1:j + 2]) \
                and (cued and all(w == new for w in before) or any(  # the cue as said, or with its articles aside
                    p in (tuple(before[len(before) - len(p):]), tuple(said_before[len(said_before) - len(p):]))
                    for p in said.cues + said.naming + said.identity)):
            found.append((old, new))
    return found


def _meant(words: Sequence[str], language: Language, known: Sequence[Tuple[str, str]]) -> List[Tuple[str, str]]:
    """(old, new) words: a known one said before "I meant" (small words or cues between), the right one after it
    closing what is said ("did i say luna, sorry, i meant nala"); not "i meant luna is a good girl"."""
    meant = _found(words, language.correcting.meaning)
    if meant is None:
        return []
    right, values, small = _right_word(language, known)
    at, phrase = meant
    start = at + len(phrase)
    # Only small words or another cue between it and "i meant": not "no max sit i meant down"
    cue_words = {w for p in language.correcting.cues for w in p}
    between = list(takewhile(lambda w: w in small and w not in values or w in cue_words, reversed(words[:at])))
    old = next((w for w in words[at - len(between) - 1:at - len(between)] if w in values and w not in small), "")
    at_new = next((j for j, w in enumerate(words[start:start + 3], start) if right(w, old, words[j + 1:j + 2])
                   and not set(words[start:j + 1]) & (language.reading.subjects | language.reading.question_openers)),
                  None)  # not "luna, i mean she's great", "denver, i mean what a dump"
    # said right before "I mean", the old name is only taken back by a new one closing the turn, or an apology after it
    # ("... queria dizer elvas desculpa"): not "luna, i mean come on"
    apologies = {p[0] for p in language.correcting.cues if len(p) == 1}
    closes = at_new is not None and (bool(between) or all(w in _clause_ends(language) for w in words[at_new + 1:])
                                     or bool(set(words[at_new + 1:at_new + 2]) & apologies)
                                     and words[at_new] not in words[at_new + 1:])  # not "... scusa rex è il cane di ..."
    return [(old, words[at_new])] if old and at_new is not None and closes else []


def _named_anew(words: Sequence[str], language: Language, known: Sequence[Tuple[str, str]]) -> List[Tuple[str, str]]:
    """(old, new) names, in a turn that takes something back: a new name said after who it is ("no espera, se llama
    maría", "sorry i meant rex", "non attends, c'est natacha"), and right after it the one known name, said to be
    someone else's or another relative ("..., marta es su hermana", "..., max is the neighbor's dog"). Not two known
    names said, nor a new name that is a word of the language, nor the known one said first ("no max sit, i mean
    down"), nor the known one said doing something ("sorry i meant tom, sarah is at school")."""
    said = language.correcting
    labels = {m.group("label").casefold() for _, line in known for m in [_LISTED_ABOUT.match(line)] if m and m.group("relation")}
    olds = {w for w in words if w in labels}
    if len(olds) != 1:
        return []
    small = language.stopwords | language.negations | language.not_names | language.reading.subjects \
        | language.reading.fillers
    saying = [p for p in (*said.naming, *said.meaning, *said.identity) if len(p) > 1 or p in said.naming]
    cue_words = {w for p in said.cues for w in p} | set(language.no) | {w for p in saying for w in p}
    for at in range(len(words)):
        for phrase in saying:
            after = words[at + len(phrase):]
            # who is called so is the one taken back, not someone said first: "no, the new puppy is called rex"
            if tuple(words[at:at + len(phrase)]) != phrase or not after or any(
                    w in language.kin or w not in small | cue_words for w in words[:at]):
                continue
            named = [w for w in after if not (w in language.stopwords and len(w) <= 3)][:2]  # articles aside
            new, then = (named[0], named[1:2]) if named else ("", [])
            # the known one said to be someone else's, a relative or a pet: not "..., sarah is at school"
            rest = after[after.index(then[0]) + 1:][:MAX_NAMING_WORDS + 2] if then else []
            else_who = any(w in language.kin or w.rstrip("'s") in language.kin for w in rest)
            if then == [*olds] and else_who and new.isalpha() and len(new) > 1 and fold_accents(new) not in small \
                    and new not in labels and not language.not_name_endings.search(new):
                return [(olds.pop(), new)]
    return []


RightWord = Callable[[str, str, Sequence[str]], bool]


def _right_word(language: Language, known: Sequence[Tuple[str, str]]) -> Tuple[RightWord, Set[str], FrozenSet[str]]:
    """Whether a word may be the right one for a known old one, given the word after it; the known words it may
    replace: a name (a person's, a pet's) or the user's home, never a food, a drug or an allergy ("sorry, milk not
    soy" orders milk); the small words that are never either."""
    home = next((slot.pattern for slot in language.slots if slot.name == "home"), None)
    values = {w for _, line in known for listed in [_LISTED_ABOUT.match(line)]
              for w in (said_words(listed.group("label")) if listed else said_words(line)
                        if home is not None and home.search(line.strip().casefold()) else ())}
    said, reading = language.correcting, language.reading
    small = language.stopwords | language.negations | language.not_names | reading.subjects | reading.fillers \
        | language.screen.finite_verbs
    # What may follow it: a new clause ("..., was red ich da", "... que tengo la cabeza"), not a verb that follows
    # a name ("lisa not tom is coming")
    ends = _clause_ends(language) | (reading.question_openers | reading.clause_glue) - (
        language.not_names & language.screen.finite_verbs) - {w for p in said.identity + said.naming for w in p}

    def right(new: str, old: str, after: Sequence[str]) -> bool:
        return new not in small and new not in values and new.isdigit() == old.isdigit() and len(new) > 1 \
            and not language.not_name_endings.search(new) and (not after or after[0] in ends | {new, old})
    return right, values, small


def _names_said_right(words: Sequence[str], language: Language, kinds: Dict[str, str],
                      names: Set[str]) -> List[Tuple[str, str]]:
    """(old, new) names: "no wait, I said it wrong, it's not Ineke, it's Ingrid", "non è marco è mirko", "non marco
    si chiama mirko": a known name after a negation, then the right name, named ("si chiama") or said to be who it is
    as the old one was ("it's ... it's"); it ends the turn or is followed by itself, the old name or a new clause; a
    cue said anywhere before. Not "no wait, not Pablo, es simpático", nor a word the data knows is no name."""
    said = language.correcting
    # As a recogniser may write them, accents dropped: "non e otello e ottavio"
    saying = tuple(dict.fromkeys(said.naming + said.identity + tuple(
        tuple(fold_accents(w) for w in p) for p in said.naming + said.identity)))
    between = {w for p in saying for w in p} | language.reading.subjects | language.reading.fillers
    found = []
    for i, no in enumerate(words):
        said_is = list(takewhile(lambda w: w in between, words[i + 1:i + 1 + MAX_NAMING_WORDS]))
        old = words[i + 1 + len(said_is):][:1]
        if no not in language.negations or not old or old[0] not in kinds or _found(words[:i], said.cues) is None:
            continue
        at = i + 2 + len(said_is)
        # who it is, said again, may be bound to the old name: "c'est pas vanille qu'elle s'appelle, c'est cannelle"
        gap = list(takewhile(lambda w: w in between | language.reading.clause_glue, words[at:at + 2 * MAX_NAMING_WORDS]))
        new, after = words[at + len(gap):][:1], words[at + len(gap) + 1:][:1]
        # Who it is said on both sides ("het is niet ineke, het is ingrid"), or the name itself said: "si chiama mirko".
        named = _found(gap, said.naming) is not None or _found(gap, saying) is not None \
            and _found(words[max(i - MAX_NAMING_WORDS, 0):at - 1], saying) is not None
        if new and new[0] in names and named and new[0] not in language.not_names \
                and not language.not_name_endings.search(new[0]) \
                and not (after and after[0] not in {new[0], old[0]} | _clause_ends(language)):
            found.append((old[0], new[0]))
    return found


def _clause_ends(language: Language) -> Set[str]:
    """Words after a name that end its clause: a filler, a tag, a cue's first word, a new clause's opener."""
    reading = language.reading
    return set(reading.fillers) | {t[0] for t in reading.tags} | {c[0] for c in language.correcting.cues} \
        | {o.split()[0] for o in reading.clause_openers} | set(reading.subjects) | set(language.negations)


def _moved(words: Sequence[str], language: Language, known: Sequence[Tuple[str, str]]) -> List[Replacement]:
    """"We moved to Boulder, so we're not in Denver anymore": the move opens the turn (not "if we moved"), and
    the known home's place follows a negation with only small words between (not "I don't know Denver")."""
    moving, ends = language.correcting.moving, language.correcting.value_ends
    small = language.stopwords | language.negations | language.reading.subjects | {w for p in moving for w in p} \
        | {opener.split()[0] for opener in language.reading.clause_openers}  # "així que"; "naar Ede verhuisd"
    start, phrase = _found(words, moving) or (0, ())
    if not phrase or set(words[:start]) - language.reading.fillers - language.negations \
            - {w for p in language.correcting.cues for w in p}:  # "cioè no, ci siamo trasferiti", not "if we moved"
        return []
    new = [words[start + phrase.index("_")]] if "_" in phrase else list(takewhile(
        lambda w: not {w, fold_accents(w)} & small and not ends.fullmatch(w),
        words[start + len(phrase):start + len(phrase) + MAX_PLACE_WORDS]))
    for fact_id, line in known:
        home = next((m for slot in language.slots if slot.name == "home" for m in [slot.pattern.search(line)] if m), None)
        between = language.stopwords | language.negations | set(said_words(line[:home.end()])) if home else set()
        negated = {next((w for w in words[i + 1:] if not (fold_accents(w) in between or ends.fullmatch(w))), "")
                   for i, no in enumerate(words) if no in language.negations}
        if new and home and set(said_words(line[home.end():])) - language.stopwords & negated - set(new):
            return [Replacement(fact_id, f"{line[:home.end()]} {title_words(' '.join(new))}")]
    return []


def _new_dose(user_words: str, language: Language, known: Sequence[Tuple[str, str]]) -> List[Replacement]:
    """"They upped my metformin to 1000 mg": a known medication's drug said again, in a statement of the user's own
    (or "my" drug beside a relative), with another dose: the first number after the drug, other than the known dose, that a
    unit follows, or that ends the clause after "to" ("upped it to 1000"). Not "my mum takes metformin 1000 mg", not
    "is 500 mg of metformin a lot", not "i take my metformin at 8"."""
    doses = [(fact_id, line, m) for fact_id, line in known for m in [language.correcting.dose_fact.search(line)] if m]
    found: List[Replacement] = []
    for clause in read(user_words, language.reading).clauses if doses else ():
        if clause.question or clause.reported:
            continue
        words = [fold_accents(w) for w in clause.words]
        for fact_id, line, fact in doses:
            drug = fold_accents(fact["drug"].casefold())
            if drug not in words or any(u.fact_id == fact_id for u in found):
                continue
            at = words.index(drug)
            if language.mention.search(clause.text) and not (at and words[at - 1] in language.reading.personal):
                continue  # "my mum takes metformin 1000 mg"; "my doctor upped MY metformin" is the user's
            after = words[at + 1:]
            units, to = language.correcting.dose_units, language.correcting.dose_to
            new = next((w for i, w in enumerate(after) if w.replace(",", ".").replace(".", "", 1).isdigit() and w != fact["dose"]
                        and (i + 1 < len(after) and units.fullmatch(after[i + 1])  # "to 1000 mg"; "to 1000" closing it
                             or i + 1 == len(after) and i > 0 and to.fullmatch(after[i - 1]))), None)
            if new is not None:
                unit = after[after.index(new) + 1] if after.index(new) + 1 < len(after) else ""
                dose = f"{new} {unit}" if language.correcting.dose_units.fullmatch(unit) else \
                    f"{new} {fact['unit']}" if fact["unit"] else new
                end = fact.end("unit") if fact["unit"] else fact.end("dose")
                found.append(Replacement(fact_id, f"{line[:fact.start('dose')]}{dose}{line[end:]}"))
    return found


def _new_age(user_words: str, language: Language, known: Sequence[Tuple[str, str]]) -> List[Replacement]:
    """The one known age said again, close to the old, in a turn that takes something back: with the age's verb
    before it or its unit after it ("ui no en té tretze", "no wait he is seven"), or right after the old one
    negated ("non sono ottantadue sono ottantaquattro"); a slip or a birthday, so at most MAX_AGE_STEP away. Not
    asked, nor with someone else named ("no my son is 5", "no la nonna ha 72 anni"), nor a time or a count
    ("no the bus comes at five"), nor where the old one is said as so ("she is 4 not 6")."""
    slot = next((s.pattern for s in language.slots if s.name == "age"), None)
    ages = [(fact_id, line, listed, m) for fact_id, line in known for listed in [_LISTED_ABOUT.match(line)]
            for text in [(listed.group("text") if listed else line).strip().casefold()]
            for said in (text, text.partition(" ")[2]) if slot is not None and slot.search(said)
            for m in [_AGE.search(line)] if m]
    reading = read(user_words, language.reading)
    if len(ages) != 1:
        return []
    fact_id, line, listed, old = ages[0]
    text = (listed.group("text") if listed else line).casefold()
    number = _AGE.search(text)
    verb, unit = (text[:number.start()].split()[-1:], text[number.end():].split()[:1]) if number else ([], [])
    whose = {fold_accents(w) for w in said_words(line)} if listed else set()
    words = [fold_accents(w) for w in SPOKEN_WORD.findall(reading.text)]
    labels = {fold_accents(w) for _, other in known for m in [_LISTED_ABOUT.match(other)] if m
              for w in said_words(m.group("label"))}
    if any(w in {fold_accents(k) for k in language.kin} - whose or w in labels - whose for w in words):
        return []  # someone else's age
    # Said, not asked ("is he 13 now?", "he is 7, or is he?", "... or is he still seven?"); a question of its own may
    # follow: "... where did the time go?"
    if any(c.question and (len(c.words) <= MAX_TAG_QUESTION_WORDS or any(w.isdigit() for w in c.words))
           for c in reading.clauses):
        return []
    negated = [i for i, w in enumerate(words) if w == old.group(0) and {*words[max(i - 2, 0):i]} & language.negations]
    if old.group(0) in words and not negated:
        return []  # the old age said as so
    new = {w for i, w in enumerate(words) if w.isdigit() and w != old.group(0)
           and 0 < abs(int(w) - int(old.group(0))) <= MAX_AGE_STEP
           and (negated or [fold_accents(x) for x in words[i - 1:i]] == [fold_accents(v) for v in verb]
                and _closes(words[i + 1:i + 2], language)
                or [fold_accents(x) for x in words[i + 1:i + 2]] == [fold_accents(u) for u in unit])}
    others = {w for w in words if w.isdigit()} - new - {old.group(0)}
    if len(new) != 1 or others or not _said_of(reading, next(iter(new)), whose | {*verb}, language):
        return []
    updated = f"{line[:old.start()]}{new.pop()}{line[old.end():]}"
    listed = _LISTED_ABOUT.match(updated)
    return [Replacement(fact_id, listed.group("text") if listed else updated)]


def said_of_another(said: Sequence[str], own: Set[str], language: Language) -> Optional[int]:
    """Where, at the end of ``said``, the nearest word that is no pronoun, small word, number, cue, filler, "now", day
    or month, nor one of a fact's ``own`` words names someone or something else the fact may be of: "no wait *emma*
    is", "no his *team* is" (not "sorry no he is", "ui no en té", "ja fez os 8 em janeiro tem"); None if nowhere."""
    small = language.stopwords | language.negations | language.reading.subjects | language.reading.fillers \
        | language.reading.contrasts | {w for p in language.correcting.cues for w in p} | own
    folded = {fold_accents(x) for x in small}
    calendar = {fold_accents(w.casefold()) for name in ("weekdays", "months") for w in language.phrases.get(name, ())}
    at = next((i for i in range(len(said) - 1, -1, -1) if not (
        said[i].isdigit() or said[i] == "," or said[i] in small or fold_accents(said[i]) in folded)), None)
    return None if at is None or fold_accents(said[at]) in calendar else at  # "... em janeiro tem": when, not who


def _said_of(reading: Reading, number: str, own: Set[str], language: Language) -> bool:
    """Whether ``number`` is said of who the fact is of, in a clause saying it (:func:`said_of_another`)."""
    return any(said_of_another(words[:i], own, language) is None for c in reading.clauses
               for words in [[fold_accents(w) for w in c.words]] for i, w in enumerate(words) if w == number)


def _number_said_anew(user_words: str, language: Language, known: Sequence[Tuple[str, str]], before: str,
                      reply: str) -> List[Replacement]:
    """The number of an age or a dose the user's last turn (``before``) said as the fact says it (with its verb or
    unit: "tiene ocho años", "5 mg of ramipril"), said anew right after: "no, nine", "nee tien milligram", "he dit
    setanta-dos? en té setanta-quatre". The assistant's ``reply`` asked nothing (else "no, ten" may answer "do you take
    it at eight?"). The turn opens with a no or a cue, or asks back the old number first ("did I say 72?"); the new
    number is its only other one, with the fact's unit or verb or alone ("no, at 8" is a time, "no, 2 a day" a
    count), an age at most MAX_AGE_STEP away; no one else is named, nothing else asked."""
    if not before or _asked(reply, language):
        return []
    said_then = [fold_accents(w) for w in SPOKEN_WORD.findall(read(before, language.reading).text)]
    slot = next((s.pattern for s in language.slots if s.name == "age"), None)
    small = language.stopwords | language.negations
    found = []
    kin = {fold_accents(k) for k in language.kin}
    for fact_id, line in known:
        listed = _LISTED_ABOUT.match(line)
        text = (listed.group("text") if listed else line).strip()
        whose, _, rest = text.partition(" ")  # a relative's as the rules phrase it: "Avô toma lasix 40 mg"
        dose = language.correcting.dose_fact.search(rest if fold_accents(whose.casefold()) in kin else text)
        age = slot is not None and any(slot.search(t) for t in (text.casefold(), text.casefold().partition(" ")[2]))
        number = dose.group("dose") if dose else (m.group(0) if age and (m := _AGE.search(text)) else None)
        if number is None:
            continue
        at = text.find(number)
        verb = [fold_accents(w) for w in text[:at].casefold().split()[-1:]]
        unit = [fold_accents(w) for w in text[at + len(number):].casefold().split()[:1]]
        said_so = [i for i, w in enumerate(said_then) if w == number and _as_the_fact(said_then, i, verb, unit, dose is not None, language)]
        named = {fold_accents(w) for w in said_words(line) if len(w) > 2 and not w.isdigit() and w not in small}
        if said_so and named & set(said_then):
            found.append((fact_id, line, number, dose is not None, named, verb, unit))
    if len(found) != 1:
        return []
    fact_id, line, old, is_dose, named, verb, unit = found[0]
    reading = read(user_words, language.reading)
    words = [fold_accents(w) for w in SPOKEN_WORD.findall(reading.text)]
    numbers = [(i, w) for i, w in enumerate(words) if w.replace(",", ".").replace(".", "", 1).isdigit()]
    new = [(i, w) for i, w in numbers if w != old]
    if len(new) != 1 or not is_dose and not 0 < abs(int(new[0][1]) - int(old)) <= MAX_AGE_STEP:
        return []
    spoken = [fold_accents(w) for w in SPOKEN_WORD.findall((user_words or "").casefold())]
    opening = list(reading.clauses[0].aside) if reading.clauses else []
    takes_back = language.negations | set(language.no)
    taken_back = bool(set(spoken[:2]) & takes_back) or bool(set(opening) & language.negations) \
        or _found(spoken[:4], language.correcting.cues) is not None
    # the old number first, asked back or taken back: "did I say 72? he's 74", "he dicho seis no no tiene siete"
    first = numbers[0][0]
    asked_back = words[first] == old and first < new[0][0] and (
        bool(reading.clauses) and reading.clauses[0].question and len(reading.clauses) > 1
        or bool(set(words[first + 1:first + 3]) & takes_back))
    if not (taken_back and old not in words or asked_back):
        return []
    # said alone in its clause or with a no, a cue or a "sure" only ("no, diez, que ...", "o nee vijftien natuurlijk
    # hij is ..."), or with the fact's unit or verb: not "no, at 8", "no, 2 a day"
    cues = {w for p in language.correcting.cues for w in p}
    sure = {w for y in language.yes for said in [set(fold_accents(y).split())] if said <= set(words) for w in said}
    parts = [*(user_words or "").split(","), *reading.text.split(",")]  # as written, or as the clauses are read
    alone = any(_words_of(part, language) - (takes_back | language.reading.fillers | cues | sure) == {new[0][1]}
                for part in parts)
    if not (alone or _as_the_fact(words, new[0][0], verb, unit, is_dose, language)):
        return []
    # From its first number on, the part holding it says nothing but the fact's own words: not "no i also take 10 mg
    # of aspirin", "he is nine minutes away", "he turns nine in june"; nor before it: not "no wait emma is nine"
    allowed = language.stopwords | takes_back | language.reading.fillers | language.reading.subjects | named \
        | set(verb) | set(unit) | cues | sure | {","}
    saying = ([fold_accents(w) for w in SPOKEN_WORD.findall(read(p, language.reading).text)]
              for p in parts if new[0][1] in _words_of(p, language))
    if not any(all(w in allowed or w.isdigit() or language.correcting.dose_units.fullmatch(w)
                   for w in _up_to_why(said, new[0][1], unit, language)) for said in saying) \
            or not _said_of(reading, new[0][1], named | {*verb}, language):
        return []
    others = {fold_accents(w) for _, o in known for m in [_LISTED_ABOUT.match(o)] if m for w in said_words(m.group("label"))}
    if any((w in {fold_accents(k) for k in language.kin} or w in others) and w not in named for w in words):
        return []  # someone else's
    if any(c.question for c in reading.clauses[1 if asked_back else 0:]):
        return []
    at = line.find(old) if is_dose else _AGE.search(line).start()  # type: ignore[union-attr]
    updated = f"{line[:at]}{new[0][1]}{line[at + len(old):]}"
    listed = _LISTED_ABOUT.match(updated)
    return [Replacement(fact_id, listed.group("text") if listed else updated)]


def _up_to_why(said: Sequence[str], number: str, unit: Sequence[str], language: Language) -> Sequence[str]:
    """``said`` from its first number, up to a word that opens why right after ``number`` or its unit: "7 | que los
    cumplió en enero", "nine | because"; "9 minutes away" goes on."""
    at = next((i for i, w in enumerate(said) if w.isdigit()), len(said))
    new = said.index(number) if number in said else at
    after = new + 1 + (said[new + 1:new + 2] == list(unit) or bool(said[new + 1:new + 2])
                       and bool(language.correcting.dose_units.fullmatch(said[new + 1])))
    opens = said[after] in language.reading.clause_openers | language.reading.clause_glue if after < len(said) else False
    return said[at:after] if opens else said[at:]


def _as_the_fact(words: Sequence[str], at: int, verb: Sequence[str], unit: Sequence[str], dose: bool,
                 language: Language) -> bool:
    """Whether the number at ``at`` is said as the fact says it: a dose's unit after it (or, for a dose kept with no
    unit, the word before it: "el eutirox de 50"), an age's verb before it or its unit after it ("8 goals", "at 8"
    are not)."""
    after = words[at + 1:at + 2]
    said_before = bool(verb) and list(words[at - 1:at]) == list(verb)
    if dose:
        return bool(after) and bool(language.correcting.dose_units.fullmatch(after[0])) or not unit and said_before
    return said_before or bool(unit) and list(after) == list(unit)


def _asked(reply: str, language: Language) -> bool:
    """Whether the assistant's ``reply`` may have asked something: a question mark, a tag's too ("..., eh?"), or a
    clause a question word opens, exclaimed too ("¡Qué edad más bonita!")."""
    return bool(QUESTION_MARK.search(reply)) or any(c.question for c in read(reply, language.reading).clauses)


def _words_of(said: str, language: Language) -> Set[str]:
    return {fold_accents(w) for w in SPOKEN_WORD.findall(read(said, language.reading).text)}


def _name_said_anew(words: Sequence[str], language: Language, known: Sequence[Tuple[str, str]], before: str,
                    reply: str, spoken_text: str) -> List[Tuple[str, str]]:
    """(old, new) names: the one known name the last turn (``before``) gave ("my hamster is called Ciccio", "mein
    Hamster Krümel"), and no one or nothing named after it there, named anew right after in a turn that takes it
    back, the assistant having asked nothing between (``reply``): "no aspetta si chiama pallino, ciccio era quello di
    prima". The new name follows a naming ("is called", "her name is") or "I meant"; before that, only the take-back,
    small words and the known name. Not a word of the language, a relative, a pet or another known name; not after
    someone else said first ("sorry, his friend is called tim"), nor "emma has a new teacher | her name is jones"."""
    if not before or _asked(reply, language):
        return []
    said, kin = language.correcting, {fold_accents(k) for k in language.kin}
    said_then = [fold_accents(w) for w in SPOKEN_WORD.findall(read(before, language.reading).text)]
    labels = {m.group("label").casefold() for _, line in known for m in [_LISTED_ABOUT.match(line)] if m and m.group("relation")}
    small = language.stopwords | language.negations | language.not_names | language.reading.subjects \
        | language.reading.fillers
    going_on = frozenset(fold_accents(w) for w in [*(p[0] for p in said.identity if len(p) == 1),
                                                   *language.reading.clause_openers])  # "è", "and"
    olds = [label for label in labels if " " not in label
            and _named_last(said_then, fold_accents(label), kin, said.naming, small | {","}, going_on)]
    if len(olds) != 1:
        return []
    old = olds[0]
    own_kind = {fold_accents(m.group("relation").casefold()) for _, line in known for m in [_LISTED_ABOUT.match(line)]
                if m and m.group("relation") and m.group("label").casefold() == old}
    takes_back = {w for p in said.cues for w in p} | set(language.no) | language.negations
    # a naming, or "I meant" or a cue of its kind ("ik bedoel pluis, tijger is van de buren"); not who it is ("hang
    # on it is sunday"), nor a cue opened by a no ("no wait tim, come here": calling)
    saying = [*said.naming, *(p for p in said.meaning + said.cues if len(p) > 1 and p[0] not in language.negations | set(language.no))]
    for at in range(1, len(words)):
        phrase = next((p for p in saying if tuple(words[at:at + len(p)]) == p), None)
        first = words[:at]
        named = [w for w in words[at + len(phrase):] if not (w in language.stopwords and len(w) <= 3)][:1] if phrase else []
        new = named[0] if named else ""
        # before the naming, the take-back, small words, the known name, the new one and who it is ("ui perdona rufus
        # es diu rufus", "sorry moos bedoel ik de kater heet moos")
        if phrase is None or not set(first) & takes_back or any(
                w not in small | takes_back | {old, new, ","} | own_kind for w in first):
            continue
        # the name closes what is said, or a comma follows it: not "she is called grumpy in the morning"; no day
        closes = re.search(rf"(?<![\w'’-]){re.escape(new)}\s*(?:,|$)", spoken_text) is not None if new else False
        calendar = {fold_accents(w.casefold()) for name in ("weekdays", "months") for w in language.phrases.get(name, ())}
        # after a cue, the old name said after it as someone else's, the new one said once: "ik bedoel pluis, tijger is
        # van de buren" (not "sorry i mean sit, max sit", "sorry i mean paris, anna is in paris")
        rest = words[at + len(phrase) + 1:]
        elsewhere = phrase in said.naming + said.meaning or new not in rest and any(
            w == old and rest[i + 1:i + 2] and rest[i + 1] in language.stopwords for i, w in enumerate(rest))
        if new.isalpha() and len(new) > 1 and new != old and fold_accents(new) not in small | calendar and elsewhere \
                and new not in labels and closes and new not in language.kin and not language.not_name_endings.search(new):
            return [(old, new)]
        if phrase in said.naming:
            return []
    return []  # a cue before the naming goes on to it: "no no ma che dico | si chiama giorgia"


def _named_last(said: Sequence[str], label: str, kin: Set[str], naming: Sequence[Phrase], small: FrozenSet[str],
                going_on: FrozenSet[str]) -> bool:
    """Whether ``said`` gives ``label`` as a name (right after a relation or a naming: "my hamster ciccio", "si chiama
    ciccio") and says nothing after it but small words, or more of the one named after an "and" or an "is" ("si
    chiama briciola è tutto nero", "chama-se tiago e anda no quinto ano"): not "my daughter emma has a new teacher"."""
    at = next((i for i, w in enumerate(said) if w == label and i and (said[i - 1] in kin or any(
        tuple(said[i - len(p):i]) == tuple(fold_accents(x) for x in p) for p in naming))), None)
    if at is None:
        return False
    # the reading's comma: it set aside the "and" that opened a clause
    return all(w in small for w in said[at + 1:]) or said[at + 1] in going_on | {","}


def _closes(after: Sequence[str], language: Language) -> bool:
    """After an age and its verb, the clause ends or goes on; no count of something else ("she is five minutes away")."""
    closing = language.stopwords | language.reading.contrasts | language.reading.fillers | language.reading.clause_glue \
        | language.reading.clause_openers | {","}
    return not after or after[0] in closing or fold_accents(after[0]) in closing


def _new_favourite(texts: Sequence[str], language: Language, known: Sequence[Tuple[str, str]]) -> List[Replacement]:
    """"Now I prefer Y", "ahora me gusta más el Y": the one favourite known, or the one whose
    value is named, becomes Y; Y ends where the old value or a conjunction is said."""
    favourites = [(fact_id, line, match) for fact_id, line in known for slot in language.slots
                  if slot.name == "favourite" for match in [slot.pattern.search(line)] if match]
    said = set(said_words(" ".join(texts)))
    named = [f for f in favourites if set(said_words(f[1][f[2].end():])) & said - language.stopwords]
    for fact_id, line, match in named if len(named) == 1 else favourites if len(favourites) == 1 else ():
        old = {w for w in said_words(line[match.end():]) if fold_accents(w) not in language.stopwords}
        for change in (m for text in texts for p in language.preference_changes for m in p.finditer(text)):
            new = list(takewhile(lambda w: w not in old and w not in language.reading.clause_openers,
                                 change.group("new").split()))
            content = [i for i, w in enumerate(new) if fold_accents(w.strip("'")) not in language.stopwords]
            if content:  # small words at either end aside ("fricandó l'")
                return [Replacement(fact_id, f"{line[:match.end()]} {' '.join(new[content[0]:content[-1] + 1])}")]
    return []
