"""A value said anew in place of a known one: what :mod:`language.corrections` falls back on when none of its
narrow structures holds.

The shapes, as people correct a detail: the known value said with a negation beside the right one ("sono dieci
milligrammi non cinque", "geen kapper maar bakker", "el tres no, el trece"); the known value said first, taken back,
then the right one ("he dicho octubre pero es noviembre", "alcalá no torrejón, torrejón"); the right value alone
after "make that" in place of the one fact just stated; with a cue, a number alone in place of the number the turn
before said ("perdona, quería decir ochocientos cincuenta"); the user's own name said alone ("no, héctor, con hache,
héctor"). Each value keeps its kind: a number for a number, a word for a word. Pure.
"""
from __future__ import annotations

import re
from typing import AbstractSet, Callable, Dict, List, Optional, Sequence, Set, Tuple

from ovos_memory_plugin_entity.domain.ops import NewFact, Replacement
from ovos_memory_plugin_entity.domain.text import expand_contractions, fold_accents, said_words, title_words
from ovos_memory_plugin_entity.language.locale_data import Language
from ovos_memory_plugin_entity.language.reading import SPOKEN_WORD, read

# The right value stands this many words before the negation at most ("dieci milligrammi | non cinque").
MAX_NEW_BEFORE = 4
# Small words between a negation and the known value ("não é a catorze", "pas aux noix").
MAX_SMALL_AFTER_NEGATION = 2
# A known value of several words is matched up to this many ("noix de cajou").
MAX_OLD_WORDS = 4
# A value said as a word is this long at least: "bakker", "lyon", not "à".
MIN_VALUE_CHARS = 3
# A name said alone comes with a few words at most ("con hache").
MAX_NAME_ALONE_WORDS = 3
# Whether a fact (its line) was said just before or named now, besides the value (old) it holds.
Anchor = Callable[[str, str], bool]
# The slots a user's own name is kept in: what they are called, and what they like to be called.
NAME_SLOTS = ("name", "address")
# How the prompt lists a fact about someone: "Lisa (niece): Is the user's niece".
LISTED_ABOUT = re.compile(r"^(?P<label>[^:()]+?)(?: \((?P<relation>[^)]*)\))?: (?P<text>.+)$")


def substituted(user_words: str, language: Language, known: Sequence[Tuple[str, str]], before: str,
                taking_back: bool, cued: bool, asked: bool) -> List[Replacement]:
    """The ``known`` facts (id, line as listed) whose value the user's words say anew; ``before``: the user's turn just
    before; ``taking_back``: the turn opens with a no or holds a cue, ``cued``: it holds a cue ("sorry", "i mean");
    ``asked``: the assistant's reply asked something, which a value answers. Only a fact the turn before stated, or
    one the words name besides its value ("pour ma mère ... c'est lorient pas quimper"); a person's name only said
    alone."""
    if asked:
        return []
    words = SPOKEN_WORD.findall(read(user_words or "", language.reading).text)
    small = language.stopwords | language.reading.fillers | {w for p in language.correcting.cues for w in p}
    said_before = {fold_accents(w) for w in SPOKEN_WORD.findall(read(before, language.reading).text)} if before else set()
    said_now = {fold_accents(w) for w in words}

    kin = {fold_accents(k) for k in language.kin}

    def own(line: str) -> Set[str]:  # its words, not the verb a fact of the user's opens with ("Lives in")
        listed = LISTED_ABOUT.match(line)
        words_of = said_words(line) if listed or said_words(line)[:1] and fold_accents(said_words(line)[0]) in kin \
            else said_words(line)[1:]
        return {fold_accents(w) for w in words_of if w not in small and len(w) > 2} - {"user's"}

    def named(line: str, old: str) -> bool:  # named now besides the value: "ah e a rita ... não doze"
        return bool(own(line) - set(fold_accents(old).split()) & said_now)

    def anchored(line: str, old: str) -> bool:  # or said just before; never one whose relative is not the one named
        others = {w for w in said_now if w in kin} - {fold_accents(w) for w in said_words(line)}
        return not others and (bool(own(line) & said_before) or named(line, old))
    best = _stated_best(known, said_before, own)
    contrasted = _contrasted(words, language, known, small, anchored if taking_back else
                             (lambda line, old: anchored(line, old) and named(line, old)),
                             said_before if not taking_back else set()) \
        or _said_then_right(words, language, known, small, lambda line, old: best(line, old) and anchored(line, old),
                            _paused_after(user_words or "")) \
        or _value_anew(words, language, known, said_before, small)
    if contrasted or not taking_back:
        return contrasted
    return (_number_again(words, language, known, before, small | language.negations, anchored) if cued else []) \
        or _name_alone(words, language, known, before, small)


def _contrasted(words: Sequence[str], language: Language, known: Sequence[Tuple[str, str]],
                small: AbstractSet[str], anchored: Anchor, just_said: AbstractSet[str]) -> List[Replacement]:
    """The known value said with a negation beside the right one, of its kind and in no fact: "<right> <negation>
    <known>" ("dieci milligrammi non cinque"), "<negation> <known> <but> <right>" ("geen verpleegkundige maar
    fysiotherapeut": only the "but" and small words between), "<known> <negation>, <right>" ("el catorce no, el
    veinticuatro": the comma said; not "perdona no sevilla no juega hoy"). ``anchored``: which facts may change; with
    no cue (``just_said``: the words of the turn before) also the one just said, when the right word opens what is
    said ("bé de paleta no de fuster", not "the game is in boston not denver")."""
    known_words = _known_words(known)
    folded_small = {fold_accents(w) for w in small}
    opening = next((i for i, w in enumerate(words) if w != "," and w not in small), None)

    def value(at: int, step: int, limit: int, known_one: bool, digit: Optional[bool] = None) -> Optional[int]:
        for i in range(at, at + step * limit, step):
            if not 0 <= i < len(words) or words[i] in language.negations:
                return None
            word = words[i]
            if word == "," or word in small or word in language.reading.clause_openers or (word,) in language.reading.tags:
                continue  # a tag is no value: "es en repsol vale no en iberdrola"
            if digit and not word.isdigit():
                continue  # a unit between: "dieci milligrammi | non cinque"
            kind_ok = word.replace("-", "").isalpha() if digit is not None else word.isdigit() or word.replace("-", "").isalpha()
            held = fold_accents(word) in known_words
            # a value, not a small word with an accent ("à")
            valued = word.isdigit() or len(word) >= MIN_VALUE_CHARS and fold_accents(word) not in folded_small
            return i if (digit or kind_ok) and valued and held == known_one else None
        return None

    for at, word in enumerate(words):
        if word not in language.negations:
            continue
        shapes = []
        old_at = value(at + 1, 1, 1 + MAX_SMALL_AFTER_NEGATION, True)
        if old_at is not None:
            digit = words[old_at].isdigit()
            after = value(old_at + 1, 1, MAX_NEW_BEFORE, False, digit)
            between = words[old_at + 1:after] if after is not None else []
            shapes += [(old_at, value(at - 1, -1, MAX_NEW_BEFORE, False, digit))]  # "dieci ... non cinque"
            closes = after is not None and words[after + 1:after + 2] in ([], [","])
            if closes and set(between) & (language.reading.clause_openers | {","}) and all(
                    w in small or w == "," or w in language.reading.clause_openers for w in between):
                shapes.append((old_at, after))  # "geen X maar Y", "geen X, Y": the right one closing what is said
        before_at = value(at - 1, -1, 1 + MAX_SMALL_AFTER_NEGATION, True)
        if before_at is not None and words[at + 1:at + 2] == [","]:
            shapes.append((before_at, value(at + 1, 1, MAX_NEW_BEFORE, False, words[before_at].isdigit())))
        for old, new in shapes:
            if new is None:
                continue
            run = words[old:old + MAX_OLD_WORDS] if old > at else [words[old]]
            found = _replaced(known, run, words[new], anchored)
            if not found and new == opening and not words[old].isdigit() and fold_accents(words[old]) in just_said:
                found = _replaced(known, run, words[new], lambda line, old: not set(words) & language.kin)
            if found:
                return found
    return []


def _paused_after(utterance: str) -> Set[str]:
    """The words the recogniser wrote a comma after, where the reading may have joined the clauses ("leganés, se
    mudó"): a pause closes what is said."""
    said = SPOKEN_WORD.findall(utterance.casefold())
    return {fold_accents(w) for w, then in zip(said, said[1:]) if then == "," and w != ","}


def _said_then_right(words: Sequence[str], language: Language, known: Sequence[Tuple[str, str]],
                     small: AbstractSet[str], just_said: Anchor, paused: AbstractSet[str] = frozenset()) -> List[Replacement]:
    """The known value, the first word said but small ones and "did i say" ("he dicho"), taken back by a "no", a cue
    or a comma, or after "did i say" by a "but", then the right one of its kind, said again or with a cue: "alcalá no
    torrejón, torrejón de ardoz", "he dicho octubre pero es noviembre", "zei ik zoetermeer ik bedoel leidschendam";
    after a negation, the right one closing its clause ("non pas michelin, limagrain je confonds"). Not a plain
    negation after it, which stresses the known one ("boston not denver"), a clause of its own after it ("boston,
    but i work in cambridge", "boston no it was fun"), nor a word said once with no cue ("alcalá no, es precioso")."""
    said = language.correcting
    phrases = said.said + said.cues + said.meaning
    phrased = {at for start, end in _phrases_at(words, phrases) for at in range(start, end)}
    skipped = small | set(language.no) | language.reading.clause_openers
    opening = next((i for i, w in enumerate(words) if w != "," and w not in skipped | language.negations
                    and i not in phrased), None)
    if opening is None or fold_accents(words[opening]) not in _known_words(known):
        return []
    # "not <known>, <right>" takes it back as a cue would: the right one then closes its clause
    negated = any(w in language.negations - set(language.no) for w in words[:opening])
    denied = bool(set(words[:opening]) & set(language.no))  # "no en getafe no en leganés": a "no" before each
    pointed = any(start < opening for start, _ in _phrases_at(words, said.said))
    # after "i said", a "no" insists on the known one ("eu disse 500 não 1000"): only a "but" or a cue takes it back
    turning = language.reading.clause_openers | {","} if pointed else set(language.no) | {","}
    for at in range(opening + 1, min(len(words), opening + 1 + MAX_NEW_BEFORE + 2)):
        word = words[at]
        if word in language.reading.subjects and at not in phrased or word in language.negations - set(language.no):
            return []
        if word == "," or word in skipped or at in phrased or said.value_ends.fullmatch(word):
            continue  # no value: "not vegetarian | anymore"
        between = words[opening + 1:at]
        if sum(1 for i in range(opening + 1, at) if i not in phrased and words[i] != ",") > MAX_SMALL_AFTER_NEGATION:
            return []  # a clause of its own: "boston no it was fun"
        kind = word.isdigit() == words[opening].isdigit()
        fresh = fold_accents(word) not in _known_words(known) and fold_accents(word) not in language.kin
        # and it is meant: said again ("fairfield no plainfield, plainfield"), or with "did i say", a cue, "i meant"
        # the right one closes what is said ("he dicho madrid pero trabajo en getafe" is no correction) and is meant:
        # said again ("fairfield no plainfield, plainfield"), or with "did i say", a cue, "i meant", a negation first
        closing = word in words[at + 1:] or words[at + 1:at + 2] in ([], [","]) or fold_accents(word) in paused \
            or at + 1 in phrased or bool(
            set(words[at + 1:at + 2]) & (language.reading.subjects | language.reading.fillers))
        meant = closing and (word in words[at + 1:] or bool(phrased) or negated or denied and bool(
            set(between) & set(language.no))) and word not in language.not_names
        if kind and fresh and meant and (word.isdigit() or len(word) >= MIN_VALUE_CHARS) and (
                negated or set(between) & turning or any(opening < i < at for i in phrased)):
            return _replaced(known, [words[opening]], word, just_said)
        return []
    return []


def _stated_best(known: Sequence[Tuple[str, str]], said_before: AbstractSet[str],
                 own: Callable[[str], Set[str]]) -> Anchor:
    """The facts the turn before stated best: most of their own words said in it. Of "my dad takes metoprolol 25
    mg", the father's dose, not the user's own of the same drug."""
    share = {line: (len(own(line) & said_before) / len(own(line)), len(own(line) & said_before))
             for _, line in known if own(line) & said_before}
    best = max(share.values(), default=(0.0, 0))
    return lambda line, old: share.get(line) == best


def _value_anew(words: Sequence[str], language: Language, known: Sequence[Tuple[str, str]], said_before: AbstractSet[str],
                small: AbstractSet[str]) -> List[Replacement]:
    """Only the right value, a few words in a row, said with "make that", "i meant", "volevo dire" and small words, in
    place of the value of the one fact the turn before stated (its last word said then): "make that enchiladas", "eh
    scusa volevo dire i kiwi", "olha põe antes francesinha". Not with a cue alone ("sorry, wrong button")."""
    said = language.correcting
    pointing = [p for p in said.said + said.meaning if len(p) > 1 or p in said.said]
    phrased = {at for start, end in _phrases_at(words, [*pointing, *said.cues]) for at in range(start, end)}
    # said as "make that" is (not "i didn't say"), the value after it and small words
    pointed = [(s, e) for s, e in _phrases_at(words, pointing) if not set(words[max(0, s - 1):s]) & language.negations]
    if not pointed:
        return []
    known_words = _known_words(known)
    if set(words) & language.negations - set(language.no):
        return []  # "ich hab köln gesagt nicht bonn"
    aside = small | {w for phrase in said.instead for w in phrase}  # "mets *plutôt* le bœuf bourguignon"
    new = [i for i, w in enumerate(words) if i not in phrased and w != "," and w not in aside
           and w not in language.negations and fold_accents(w) not in known_words]
    run = [words[i] for i in new]
    if not new or not any(end <= new[0] and all(w in aside or w == "," or i in phrased for i, w in
                                                  enumerate(words[end:new[0]], end)) for _, end in pointed) \
            or new != list(range(new[0], new[0] + len(new))) or len(new) > MAX_NAME_ALONE_WORDS \
            or not all(w.isalpha() for w in run) or len(run[-1]) < MIN_VALUE_CHARS \
            or set(run) & (language.kin | language.not_names):
        return []

    def value(line: str) -> Optional[str]:  # its last word said just before: "Favourite food is lasagna"
        listed = LISTED_ABOUT.match(line)
        text = listed.group("text") if listed else line
        said_then = [w for w in said_words(text) if w.isalpha() and w.casefold() not in small
                     and fold_accents(w.casefold()) in said_before]
        return said_then[-1].casefold() if said_then and said_words(text)[-1] == said_then[-1] else None
    stated = [(fact_id, line, value(line)) for fact_id, line in known if value(line)]
    if len(stated) != 1:
        return []
    target = stated[0][1]
    if stated[0][2] in words:
        return []  # the known one said: another shape's, or insisting on it
    return _replaced(known, [stated[0][2] or ""], " ".join(run), lambda line, old: line == target)


def _number_again(words: Sequence[str], language: Language, known: Sequence[Tuple[str, str]], before: str,
                  small: AbstractSet[str], anchored: Anchor) -> List[Replacement]:
    """One new number, said with nothing but small words and the fact's own, in place of the one number the turn
    before said and a fact holds: "perdona, quería decir ochocientos cincuenta" (not "no wait emma is nine")."""
    known_words = _known_words(known)
    numbers = {w for w in words if w.isdigit()}
    new = [n for n in numbers if n not in known_words]
    said_before = {w for w in SPOKEN_WORD.findall(read(before, language.reading).text) if w.isdigit()} if before else set()
    olds = [n for n in said_before if n in known_words and n not in numbers]
    if len(new) != 1 or len(olds) != 1:
        return []
    holding = {fold_accents(w) for _, line in known if olds[0] in said_words(line) for w in said_words(line)}
    if any(not w.isdigit() and w != "," and w not in small and fold_accents(w) not in holding for w in words):
        return []
    return _replaced(known, [olds[0]], new[0], anchored)


def _name_alone(words: Sequence[str], language: Language, known: Sequence[Tuple[str, str]], before: str,
                small: AbstractSet[str]) -> List[Replacement]:
    """Only a name said, maybe spelt out ("no, héctor, con hache, héctor", "no it's roy, r o y, roy"), in place of
    the one name the turn before gave and one fact of the user's holds ("Prefers to be called Ray")."""
    said = [w for w in words if w != "," and w not in small and w not in language.negations and len(w) > 1]
    ordinary = language.stopwords | language.not_names | language.kin | language.negations
    names = sorted({w for w in said if w.isalpha() and fold_accents(w) not in ordinary}, key=said.count, reverse=True)
    # the name said most, twice ("con hache", spelt): once, it calls someone ("no luna no"); and little else
    if not names or said.count(names[0]) < 2 or len(set(said)) > MAX_NAME_ALONE_WORDS:
        return []
    said_before = {fold_accents(w) for w in SPOKEN_WORD.findall(read(before, language.reading).text)} if before else set()
    named = [line for _, line in known if not LISTED_ABOUT.match(line)
             and any(slot.name in NAME_SLOTS and slot.pattern.search(line) for slot in language.slots)]
    olds = {w for line in named for w in line.split()[1:] if w[:1].isupper() and fold_accents(w.casefold()) in said_before}
    return _replaced(known, [next(iter(olds)).casefold()], names[0], lambda line, old: True) if len(olds) == 1 else []


def _phrases_at(words: Sequence[str], phrases: Sequence[Tuple[str, ...]]) -> List[Tuple[int, int]]:
    """Where each of ``phrases`` stands among ``words``: (start, end)."""
    return [(at, at + len(p)) for p in phrases for at in range(len(words)) if tuple(words[at:at + len(p)]) == p]


def _known_words(known: Sequence[Tuple[str, str]]) -> Set[str]:
    return {fold_accents(w) for _, line in known for w in said_words(line)}


def _replaced(known: Sequence[Tuple[str, str]], old_words: Sequence[str], new: str,
              anchored: Anchor) -> List[Replacement]:
    """Each fact holding the longest run of ``old_words`` in its text (``new`` written as the value it replaces was:
    "Quimper" → "Lorient"); a name of someone listed is renamed by :mod:`language.corrections` alone."""
    found: Dict[str, Replacement] = {}
    for size in range(len(old_words), 0, -1):
        old = " ".join(old_words[:size])
        if "," in old_words[:size]:
            continue
        pattern = re.compile(rf"(?<![\w'’-]){re.escape(old)}(?![\w'’-])", re.IGNORECASE)
        for fact_id, line in known:
            listed = LISTED_ABOUT.match(line)
            text = listed.group("text") if listed else line
            at = pattern.search(text) if anchored(line, old) else None
            if at is not None:
                found[fact_id] = Replacement(fact_id, pattern.sub(title_words(new) if at.group(0)[:1].isupper() else new, text))
        if found:
            return list(found.values())
    return []


def said_again(user_words: str, language: Language, known: Sequence[Tuple[str, str]], before: str,
               asked: bool) -> List[Replacement]:
    """The right value said twice (a word or a run of them: "arroz doce"), as people stress a correction, in place of
    the one value of its kind of the fact the turn before stated (its words most of what was said then): after the
    known one taken back ("marieke nee mariska haha mariska", "nicht bruno balu balu"), or with a cue ("sorry", "did i say", "rather") and the only
    number said ("no perdona és de quaranta quaranta") or a naming ("scusa stella si chiama stella"); a listed name
    is renamed. Not a word alone after a cue ("sorry honey honey", "perdona adiós adiós"), nor in a question, nor a
    value someone else's; after a reply that ``asked``, only cued."""
    words = [w for w in SPOKEN_WORD.findall(read(user_words or "", language.reading).text) if w != ","]
    said = language.correcting
    cues = said.cues + said.meaning + said.instead + tuple(p for p in said.said if len(p) > 1)  # not "put", "pon"
    denials = tuple((w,) for w in language.negations | set(language.no))
    spoken = SPOKEN_WORD.findall((user_words or "").casefold())  # as said: the reading sets "no scusa" aside
    cued = bool(_phrases_at(spoken, cues))
    if not before or not (cued or not asked and _phrases_at(spoken, denials)) \
            or any(c.question for c in read(user_words or "", language.reading).clauses):
        return []
    naming = {w for p in said.naming for w in p}
    small = language.stopwords | language.reading.fillers | language.negations | set(language.no) | language.kin \
        | language.not_names | language.screen.finite_verbs | {w for p in cues + denials for w in p} | naming
    known_words = _known_words(known)
    twice = {w for w in words if words.count(w) > 1 and w not in small and fold_accents(w) not in known_words
             and (w.isdigit() or len(w) >= MIN_VALUE_CHARS and w.replace("-", "").isalpha())}
    if not twice:
        return []
    first = next(i for i, w in enumerate(words) if w in twice)
    second = words.index(words[first], first + 1)
    size = 1  # the value is the run said twice: "nasi goreng hoor nasi goreng"
    while first + size < second and second + size < len(words) and words[first + size] == words[second + size]:
        size += 1
    while size > 1 and words[first + size - 1] in small:
        size -= 1  # "bacalhau à brás", not "pad thai for"
    if not twice <= set(words[first:first + size]):
        return []  # two values said twice, or one said twice apart from another
    new = " ".join(words[first:first + size])
    if {fold_accents(w) for w in words[second:]} & {fold_accents(k) for k in language.kin}:
        return []  # someone else's: "rex scusa rex è il cane di mio fratello"
    said_before = {fold_accents(w) for w in SPOKEN_WORD.findall(read(before, language.reading).text)}
    folded_small = {fold_accents(w) for w in small}

    def own(line: str) -> Dict[str, str]:  # its words (folded: as written), but whose it is ("cagnolina")
        listed = LISTED_ABOUT.match(line)
        whose = {fold_accents(w.casefold()) for w in said_words(listed.group("relation") or "")} if listed else set()
        return {fold_accents(w.casefold()): w.casefold() for w in said_words(line)
                if fold_accents(w.casefold()) not in folded_small | whose}
    # the facts the turn before stated: their words are most of what it said ("wake me up at eight" states no age)
    content = {w for w in said_before - folded_small if w.isdigit() or len(w) >= MIN_VALUE_CHARS}
    stated = [(fact_id, line) for fact_id, line in known if 2 * len(set(own(line)) & content) > len(content)]
    theirs = {folded: written for _, line in stated for folded, written in own(line).items() if folded in said_before}
    digit = new.isdigit()
    olds = [w for w in dict.fromkeys(words[:second]) if fold_accents(w) in theirs and w not in small
            and w.isdigit() == digit]
    before_it = [w for w in words[:first] if w not in small and fold_accents(w) not in theirs and len(w) >= MIN_VALUE_CHARS]
    if any(w in before_it and after in language.screen.finite_verbs for w, after in zip(words[:first], words[1:first + 1])) \
            or set(words[second + 1:]) & language.reading.question_openers:
        return []  # someone else said to be or do something first ("the game is in springfield no ..."), or asked
    # a naming said whole around it ("stella si chiama stella"), or who it is with a word of one between ("farrusca, a
    # gata é a farrusca"); not "il" or "è" alone ("a tavola a tavola il piatto è pronto")
    between = set(words[first + size:second])
    named = any(first - 2 <= start < second for start, _ in _phrases_at(words, said.naming)) \
        or bool(between & language.kin and between & naming)
    alone = digit and all(w == new for w in words if w.isdigit())  # not "ballet at four no sorry five five"
    if not olds and cued and (named or alone) and not before_it:  # the known one not said again: the one of its kind
        olds = list({v for _, line in stated for v in [w for f, w in own(line).items() if f in said_before
                                                      and w.isdigit() == digit][-1:]})
    # the known one said between, not taken back, goes on being: "sorry i mean sit, max sit", "... anna is in paris"
    # ... and said before it, nothing else said after it: not "no tiger get off the table off the table"
    if len(olds) != 1 or any(w == olds[0] and words[i - 1] not in language.negations | set(language.no)
                             for i, w in enumerate(words[first:second], first)) \
            or any(w == olds[0] and words[i + 1:i + 2] and words[i + 1] not in small and words[i + 1] != words[first]
                   for i, w in enumerate(words[:first])):
        return []
    renamed = [Replacement(fact_id, listed.group("text"), about=title_words(new)) for fact_id, line in stated
               for listed in [LISTED_ABOUT.match(line)] if listed and listed.group("label").casefold() == olds[0]]
    return renamed or _replaced(stated, olds, new, lambda line, old: True)


def renamed(found: Sequence[NewFact], user_words: str, language: Language, known: Sequence[Tuple[str, str]],
            updates: Sequence[Replacement]) -> Tuple[List[NewFact], List[Replacement]]:
    """Who the turn names anew, in place of the one known of that relation whose name it takes back ("did i say
    jocelyn, i meant evangeline, my sister's name is evangeline", "t'he dit pau però es diu pere", "bruno hab ich
    gesagt ... unser hund heißt balou"): each fact about the known one renamed, and the new one's facts that say the
    same no new person. The known name taken back (:func:`_taken_back`), the new one named with a naming phrase after
    it ("my sister's name is", "es diu"). Not two of that relation named anew, nor one only mentioned ("i said chloe
    because my daughter lucy has exams")."""
    listed = [(fact_id, m) for fact_id, line in known for m in [LISTED_ABOUT.match(line)] if m and m.group("relation")]
    labels = {fold_accents(m.group("label").casefold()) for _, m in listed}
    words = [fold_accents(w) for w in expand_contractions(
        SPOKEN_WORD.findall((user_words or "").casefold().replace("’", "'")), dict(language.reading.contractions))]
    back = [(at, w) for at, w in enumerate(words) if w in labels and _taken_back(words, at, language)]
    if len(back) != 1:
        return list(found), []
    at, old = back[0]
    relation = {fold_accents(m.group("relation").casefold()) for _, m in listed if fold_accents(m.group("label").casefold()) == old}
    anew = {fact.about for fact in found if fact.about and fold_accents(fact.about.casefold()) not in labels
            and fold_accents((fact.relation or "").casefold()) in relation}
    olds = [(fact_id, m) for fact_id, m in listed if fold_accents(m.group("label").casefold()) == old]
    if len(relation) != 1 or len(anew) != 1 or {u.fact_id for u in updates} & {fact_id for fact_id, _ in olds}:
        return list(found), []
    new = anew.pop()
    naming = [tuple(fold_accents(w) for w in p) for p in language.correcting.naming]
    if not any(tuple(words[k:k + len(p)]) == p and fold_accents(new.casefold()) in words[k + len(p):k + len(p) + 2]
               for k in range(at + 1, len(words)) for p in naming):
        return list(found), []  # named so after the one taken back ("... my sister's name is stacy"), not mentioned
    texts = {fold_accents(m.group("text").casefold()) for _, m in olds}
    kept = [f for f in found if not (f.about == new and fold_accents(f.text.casefold()) in texts)]
    return kept, [Replacement(fact_id, m.group("text"), about=new) for fact_id, m in olds]


def _taken_back(words: Sequence[str], at: int, language: Language) -> bool:
    """Whether the name at ``at`` is taken back: said as not so, opening the turn, what is so said next ("nicht
    bruno, unser hund heißt balou", "no not tracy my sister's name is stacy"), or said as said before, then what is so
    ("did i say jocelyn, i meant ...", "t'he dit pau però ...", "tracy hab ich gesagt, nee"). Not "never met paul",
    "pero no lucía", "not to tom", "ni el pere ni jo", "i said tom would come", "a paolo ho detto di venire"."""
    said = language.correcting
    cues = [tuple(fold_accents(w) for w in p) for p in said.cues + said.meaning]
    saying = [tuple(fold_accents(w) for w in p) for p in said.said if len(p) > 1]  # "put", "pon", "disse": verbs too
    breaks = [tuple(fold_accents(w) for w in p) for p in said.breaks]
    opening = {p[0] for p in cues if len(p) == 1} | {w for p in said.identity for w in p} | language.negations \
        | set(language.no) | language.reading.fillers  # "sorry, not", "c'est pas": not "ne dis rien à"

    def then(start: int, allowed: List[Tuple[str, ...]]) -> bool:  # what follows ends what was taken back
        return start >= len(words) or words[start] == "," or any(tuple(words[start:start + len(p)]) == p for p in allowed)
    before = words[:at]
    negated = before[-1:] != [] and before[-1] in language.negations and all(w in opening for w in before) \
        and then(at + 1, cues + [(w,) for w in language.reading.personal])
    quoted = any(tuple(words[max(at - len(p), 0):at]) == p for p in saying) \
        and then(at + 1, cues + breaks + [(w,) for w in language.negations])
    quoted_after = next((len(p) for p in saying if tuple(words[at + 1:at + 1 + len(p)]) == p), 0)
    return negated or quoted or bool(quoted_after) and then(at + 1 + quoted_after, cues + [(w,) for w in language.negations])
