"""The model-free extractor: patterns, as data per language, over the user's own words.

Precise over broad, words kept as said. Each clause of the :mod:`reading <language.reading>` is a candidate,
save a question, someone else's words or what a dream, a wish or a game frames; a match a negation turns around,
or said of what another's relative owns ("the dog of my sister"), is left out. An ``"about": "last"`` rule states
a fact of the one named last ("my mom Linda ... she lives in Tampa") or of a relative mentioned without a name.
Facts are phrased like the model's so the two dedup; a new home, job or name replaces the
old through the language's ``slots``; what the user corrects, :mod:`language.corrections` reads.
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Pattern, Sequence, Tuple

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.ops import NewFact, Ops
from ovos_memory_plugin_entity.domain.text import SAID_WORD, said_words, title_words
from ovos_memory_plugin_entity.language.corrections import corrected, said_of_another
from ovos_memory_plugin_entity.language.locale_data import Language
from ovos_memory_plugin_entity.language.reading import Clause, read
from ovos_memory_plugin_entity.language.rule_pattern import Rule
from ovos_memory_plugin_entity.language.substitution import renamed

# A word said twice in a row is a false start ("chama-se chama-se Inês", "rui rui"); a
# number is not ("4111 1111 1111 1111" stays whole, for the secret screen too).
_REPEATED = re.compile(r"\b([^\W\d_][\w'’-]*)(?: \1\b)+", re.IGNORECASE)
# Someone named this soon after a medication owns it: "... il ramipril 5 mg di mio padre".
MAX_OWNER_AFTER_CHARS = 16
# A dose in grams is at most this: more is a recipe or shopping ("500 grammi di farina").
MAX_GRAMS_A_DOSE = 10.0


def _spoken(clause: Clause, language: Language) -> str:
    """The clause's words; a filler after a word of content and before a small one as a comma, the speaker going on
    to something else ("soc la núria eh a quina hora tanca", "my wife is sarah um she works"), not a search for the
    word ("allergic to uh peanuts", "i take um metformin"); so too after a negation with words of its own, which it
    ends ("niente carne per me ehm | sono vegetariana"). Never inside what a negated verb of thinking or saying
    governs ("no creo eh que sea", "i never said um that i'm vegan"). When it is so, said inside it, is read past
    ("trabajo ahora en lidl", "ich arbeite seit januar bei rossmann")."""
    words = list(clause.words)
    for at in clause.hesitations:
        negated = _negated_words(words[:at], language)
        if not 0 < at < len(words) or negated is not None and set(negated) & language.complement_verbs:
            continue
        if words[at - 1] not in language.stopwords and words[at] in language.stopwords \
                or negated is not None and any(w not in language.stopwords for w in negated):
            words[at - 1] += ","
    return language.passing_times.sub("", " ".join(words))


def _negated_words(said: Sequence[str], language: Language) -> Optional[Sequence[str]]:
    """What follows the last negation in ``said``; None with no negation."""
    at = max((i for i, w in enumerate(said) if w in language.negations or w.endswith("n't")), default=None)
    return None if at is None else said[at + 1:]


def _clauses(read: Sequence[Clause], language: Language) -> List[str]:
    """The clauses as read, save questions, someone else's words and what "I don't think" governs: alone where
    understood, with the subject said again ("Ich heiße Jonas | und wohne in Köln") or its own ("| he lives in
    Duluth"); else joined to the one before ("allergic to peanuts | and shellfish"), unless negated."""
    candidates: List[str] = []
    joinable = governed = False
    for clause in read:
        if clause.question or clause.reported or governed:
            joinable = governed = False
            continue
        governed = clause.negated and bool(clause.words) and clause.words[-1] in language.complement_verbs
        # A negation set aside as an answer ("ah não não, sou ...") still turns the clause around; not one before a
        # subject of its own ("no my brother marcus lives in denver"), nor one in a lead-in ("pues nada, me llamo ...")
        answer = all(w in language.negations or w in language.reading.fillers for w in clause.aside) \
            and not (set(clause.words[:1]) & language.reading.subjects or language.mention.match(" ".join(clause.words)))
        text = " ".join([*(w for w in clause.aside if answer and w in language.negations), _spoken(clause, language)])
        with_subject = f"{language.subject} {text}"
        if not joinable or set(clause.words[:1]) & language.reading.subjects or any(
                rule.pattern_for(text).search(text) for rule in language.rules):  # "he ..." says its own subject
            candidates.append(text)
        elif language.subject and any(rule.pattern_for(with_subject).search(with_subject) for rule in language.rules):
            candidates.append(with_subject)
        elif clause.negated:
            # "allergique aux arachides | donc jamais de cacahuètes": a list goes on unnegated
            joinable = False
            continue
        else:  # after a fact, only an "and" goes on with it: "me llamo jordi | aunque todo el mundo me dice jor"
            joiners = [w for w in clause.aside if language.clause_joiner and language.clause_joiner.fullmatch(f" {w} ")]
            if joiners or not any(rule.pattern_for(candidates[-1]).search(candidates[-1]) for rule in language.rules):
                candidates[-1] = " ".join([candidates[-1], *joiners, text])
            else:
                candidates.append(text)
        joinable = True
    return candidates


def _framed(read: Sequence[Clause], language: Language, frame: Pattern[str], backward: bool = False) -> List[str]:
    """Clauses said inside ``frame``: holding its words, or after a clause of them stating nothing ("when i was six |
    we moved to york"); with ``backward``, before such a clause ending the turn too ("i'm a pilot | in my dreams")."""
    framed: List[str] = []
    carried = False
    for clause in read:
        said = " ".join((*clause.aside, *clause.words))
        found = frame.search(said)
        marked = carried or bool(found)
        if marked and clause.words:
            framed.append(_spoken(clause, language))
        # make-believe closing its clause may open the next ("i'm vegan in my dreams | i live in rome"): both go
        closing = backward and found is not None and not said[found.end():].strip()
        stated = _spoken(clause, language)
        carried = marked and (closing or not any(rule.pattern_for(stated).search(stated) for rule in language.rules))
    spoken = [_spoken(clause, language) for clause in read if clause.words]
    if backward and carried and len(spoken) > 1 and spoken[-1] in framed:
        framed.append(spoken[-2])
    return framed


def _said_in_passing(passing: Sequence[str], clause: str, candidate: str, framing_next: bool,
                     language: Language) -> List[Tuple[int, int]]:
    """Where in ``candidate`` (``clause`` as said) a passing time or place frames what is said: the clause holding it
    ("noi abitiamo a bari | e volevo sapere se c'è una sagra questo fine settimana", joined as one, keeps the home
    said before it); all of it where the frame is all its own words say ("we live in whitby | and only for the summer"),
    unless it frames the clause after (``framing_next``: "we live in bristol | and for dinner | we had pizza")."""
    spans: List[Tuple[int, int]] = []
    for text in (text for text in passing if text in clause):
        at = candidate.casefold().find(_REPEATED.sub(r"\1", text).casefold())  # "we live live in york for the summer"
        frame = language.not_home.search(text)
        alone = frame is not None and len(text[:frame.start()].split()) <= 1 and not text[frame.end():].strip()
        spans.append((at, at + len(_REPEATED.sub(r"\1", text))) if at >= 0 and not (alone and not framing_next)
                     else (0, len(candidate)))
    return spans


def _no_name(words: str, language: Language, listed: bool = False) -> bool:
    """Whether ``words`` said where a name goes name no one: "really", "ist"; in a list ("sono stanchi e affamati"),
    also a word shaped as an adjective or participle (alone, "Kate" or "Inés" may have that shape)."""
    folded = words.casefold().split()
    return not folded or folded[0] in language.stopwords | language.not_names \
        or listed and bool(language.not_name_endings.search(folded[-1]))


def _render(rule: Rule, groups: Tuple[Optional[str], ...], language: Language,
            mentioned: Optional[str] = None) -> Optional[NewFact]:
    values = []
    for index, value in enumerate(groups):
        if not value:
            return None
        words = value.split()
        at = next((i for i, w in enumerate(words) if set(said_words(w)) & language.negations), None)
        # A negation said before its verb, two words on, after a content word, opens the next predicate:
        # "odio las setas | no las aguanto". Otherwise it turns the value around: "allergic to nothing".
        if at is not None and (at == 0 or len(words) - at < 3 or index == rule.about_group or words[at - 1].casefold()
                               in language.stopwords or any(c.negation_after_verb for c in language.controls[:1])):
            return None
        value = " ".join(words[:at]).strip(" ,.'’")
        if said_words(value)[-1:] and said_words(value)[-1] in language.reading.question_openers:
            return None  # a question as a recogniser gives it: "my daughter plays what", "juega a qué"
        titled = rule.title_groups is None or index in rule.title_groups
        values.append(title_words(value) if titled else value.lower() if rule.lowercase else value)
    about = values[rule.about_group] if rule.about_group is not None else None
    if about is not None and _no_name(about, language):
        return None  # "my wife really is ...", "mein Bruder ist Jonas": "really", "ist" name no one
    relation = values[rule.relation_group] if rule.relation_group is not None else mentioned
    return NewFact(rule.template.format(*values, relation=relation), rule.pin, about=about, relation=relation)


def _mentions(clause: str, language: Language) -> List[Tuple[int, str]]:
    """The relatives mentioned in ``clause``, by where; one after "of" is only the owner of what is said ("o cão da
    minha irmã chama-se bobi"), or one the data names no relation of ("der kleine", "die älteste in der klasse"):
    "", no one a fact may be said of."""
    return [(m.start(), "" if set(said_words(clause[:m.start()])[-1:]) & language.possessors or not m.lastindex
             else m.group(m.lastindex).casefold()) for m in language.mention.finditer(clause)]


def _other_since(mentions: Sequence[Tuple[int, str]], last: Optional[NewFact], after: int, before: int) -> bool:
    """A relative other than ``last`` mentioned between ``after`` and ``before``: what follows is theirs."""
    relation = (last.relation or "").casefold() if last is not None else None
    return relation is not None and any(after < at < before and kin != relation for at, kin in mentions)


def _facts_in(clause: str, following: str, language: Language, last: Optional[NewFact],
              mentioned: Optional[str], naming_kin: Optional[str] = None,
              commanded: bool = False) -> List[Tuple[int, NewFact]]:
    """The facts a clause states, by where they start: of the one named ``last`` before, or of the relative
    ``mentioned`` without a name ("my partner ... her name is Renata"), or ``naming_kin`` for a naming only (mentioned
    in the turn before); a rule of two clauses reads ``following``; ``commanded``: another clause is a command for
    another skill."""
    found: List[Tuple[int, int, Rule, Tuple[Optional[str], ...]]] = []
    window = f"{clause}, {following}" if following else clause
    matches = sorted(((match, rule) for rule in language.rules for text in [window if rule.span > 1 else clause]
                      for match in rule.pattern_for(text).finditer(text)), key=lambda item: item[0].start())
    opens_a_command = set(clause.casefold().split()[:1]) <= language.command_turn.openers and bool(clause.strip())
    for match, rule in matches:
        if rule.style and (commanded or opens_a_command and match.start() > 0):
            continue  # "baisse le son euh fais court": how to answer, said with another skill's command, is for it only
        # A negation before the match, since the clause's last comma or a fact stated since, turns it around: "I
        # don't think I live in"; not one of the fact before it ("non mangio carne da anni | sono vegetariana").
        since = max((end for _, end, _, _ in found if end <= match.start()), default=0)
        # a match closing on a negation leaves it to what follows: "mi hermana no | vive en lugo"
        before = [w for w in said_words(clause[:since])[-1:] if w in language.negations] + said_words(
            clause[since:match.start()].rsplit(",", 1)[-1])
        if match.start() < len(clause) and not any(w in language.negations or w.endswith("n't") for w in before) \
                and not set(before[-1:]) & language.possessors:  # "o cão da | minha irmã chama-se bobi"
            found.append((match.start(), match.end(), rule, match.groups()))
    said_of = {g.casefold() for _, _, rule, groups in found if rule.about_group is None for g in groups if g}
    facts: List[Tuple[int, NewFact]] = []
    mentions, around = _mentions(clause, language), _mentions(window, language)
    for start, end, rule, groups in sorted(found, key=lambda item: item[0]):
        named = next((relation for at, relation in reversed(mentions) if at < start), mentioned or naming_kin)
        whose: Optional[str] = None  # the relative a fact said without a name is of
        if rule.about == "last" and _other_since(mentions, last, next((at for at, f in facts if f is last), -1), start):
            last = None  # of the relative said since: "mi hijo está enfermo tiene seis años"
        if rule.about == "mentioned" and not named:
            continue
        fact = _render(rule, groups, language, named if rule.about == "mentioned" else None)
        purpose = rule.purpose.match(clause[end:]) if end <= len(clause) else None
        if fact is not None and purpose is not None:
            fact = NewFact(f"{fact.text} {purpose.group(1).lower()} {purpose.group(2)}", fact.pin, fact.about, fact.relation)
        if fact is None or (fact.about and fact.about.casefold().split()[-1] in said_of | {fact.relation}):
            continue  # "a minha sogra é diabética", "een hond die is tien": a value or the relation is no name
        if _not_the_users_dose(fact, clause, start, end + (purpose.end() if purpose is not None else 0), mentions,
                               language):  # "... pour mon père": what it is for names whose it is
            continue
        pets = language.correcting.pets
        if (fact.relation or "").casefold() in pets and any(at < end and kin not in pets for at, kin in around) \
                and not any(at == start and kin in pets for at, kin in around):  # "my sister minds our dog rex"
            continue  # "my sister has a dog called max", "un perro, mi hermana se llama ana": the sister's
        if rule.about == "last" and last is None:  # a relative said without a name, in this clause or before
            kin = next((relation for at, relation in reversed(mentions) if at < start), mentioned)
            if not kin:
                continue
            fact = NewFact(f"{kin[:1].upper()}{kin[1:]} {fact.text[:1].lower()}{fact.text[1:]}", fact.pin)
            whose = kin
        elif rule.about == "last" and last is not None:
            if all(f is not last for _, f in facts) and said_of_another(  # when unsure, no fact: "en verano es ..."
                    [w.casefold() for w in said_words(clause[:start])],
                    set(said_words(f"{last.about} {last.relation or ''}".casefold())), language) is not None:
                continue  # "my son dani is eight | no wait emma is nine", "his friend is nine": not Dani's
            fact = NewFact(fact.text, fact.pin, about=last.about, relation=last.relation)
        elif fact.about is not None:
            last = fact
        if _of_one_introduced(clause, end, (whose or fact.relation or "").casefold(), mentions, language):
            continue  # "my son has a friend who takes adderall": the friend's; when unsure whose, no fact
        facts.append((start, fact))
    return facts


def _of_one_introduced(clause: str, end: int, whose: str, mentions: Sequence[Tuple[int, str]],
                       language: Language) -> bool:
    """Whether a relative or pet other than ``whose`` is introduced last before ``end`` with a clause about them ("a
    friend who", "un amigo que", "einen freund der"); a breed names the same pet ("un chat euh un chartreux qui").
    Not when ``whose`` is named again after them, nor after a verb of saying ("told a friend that he ...")."""
    introduced = [m for m in language.introduces_another.finditer(clause) if m.end() <= end]
    if not introduced:
        return False
    last, pets = introduced[-1], language.correcting.pets
    said = said_words(clause[:last.start()])[-2:]
    return last.group(1).casefold() in language.kin and last.group(1).casefold() != whose \
        and not (last.group(1).casefold() in pets and whose in pets) \
        and not any(last.end() <= at < end and kin == whose for at, kin in mentions) \
        and not set(said) & language.complement_verbs


def _not_the_users_dose(fact: NewFact, clause: str, start: int, end: int, mentions: Sequence[Tuple[int, str]],
                        language: Language) -> bool:
    """A medication said with a negation inside it ("ich muss kein metformin mehr nehmen"), with someone named in it
    or right after it (their drug: "i take my mom her insulin", "devo prendere il ramipril di mio padre"), or
    grams beyond any dose (a recipe: "devo prendere 500 grammi di farina")."""
    dose = language.correcting.dose_fact.search(fact.text)
    if dose is None:
        return False
    if any(w in language.negations or w.endswith("n't") for w in said_words(clause[start:end])):
        return True
    if any(start <= at <= end + MAX_OWNER_AFTER_CHARS for at, _ in mentions):
        return True
    unit = (dose.group("unit") or "").casefold()
    return unit.startswith("gr") and float(dose.group("dose").replace(",", ".")) > MAX_GRAMS_A_DOSE


def _each_named(fact: NewFact, language: Language) -> List[NewFact]:
    """The fact of each relative a list names ("mis gemelos son hugo y martina"); none if any is no name."""
    names = [n.split(maxsplit=n.casefold().split()[0] in language.stopwords)[-1]
             for n in language.clause_joiner.split(fact.about)[::2]] if fact.about and language.clause_joiner else []
    if len(names) < 2:
        return [fact]
    named = [NewFact(fact.text, fact.pin, about=title_words(name), relation=fact.relation) for name in names]
    return [] if any(_no_name(n, language, listed=True) for n in names) else named


def extract(user_words: str, language: Language, known: Sequence[Tuple[str, str]] = (), before: str = "",
            before_reply: str = "") -> Ops:
    """Facts the user stated about themselves and the people and pets they named, and what
    they corrected among the ``known`` facts (:mod:`language.corrections`). ``before``: what the
    user said just before, read for who "she" or "he" is ("my girlfriend's name is Ana | she's a
    nurse"), never for facts, and for a number it said being taken back; ``before_reply``: the assistant's answer to it."""
    _, last, mentioned = _walk(before, language, None, None) if before else ({}, None, None)
    if before and not mentioned:  # "... el curro de mi novia": what was said was hers, she is "ella"; "hemos
        # adoptado un perro | se llama coco": one new to the household is named next
        said_before = read(before, language.reading).text
        kin = [m.group(m.lastindex).casefold() for m in sorted(
            (m for pattern in (language.mention, language.introduced) for m in pattern.finditer(said_before)),
            key=lambda m: m.start()) if m.lastindex]
        mentioned = kin[-1] if kin else None
    # Said before, only someone named may be what "she" does ("my wife anna | she is a doctor"), never a pet; one
    # only mentioned may only be named ("mi novia | ella se llama ainhoa"): "my wife saw a specialist | he is a
    # doctor" is not hers
    if last is not None and (last.relation or "").casefold() in language.correcting.pets:
        last = None
    found, _, _ = _walk(user_words, language, last, None, naming_kin=mentioned)
    if not known:
        return Ops(add=tuple(found.values()))
    updates = corrected(user_words, language, known, before, before_reply)
    adds, renaming = renamed(tuple(found.values()), user_words, language, known, updates)
    return Ops(add=tuple(adds), update=(*updates, *renaming))


def _walk(user_words: str, language: Language, last: Optional[NewFact], mentioned: Optional[str],
          naming_kin: Optional[str] = None) -> Tuple[Dict[str, NewFact], Optional[NewFact], Optional[str]]:
    """The facts ``user_words`` state, and who was named and mentioned last at its end."""
    said = {word.casefold(): word for word in SAID_WORD.findall(user_words or "")}
    found: Dict[str, NewFact] = {}
    # Each word as the user wrote it (the reading folds case), a false start said once: "Katzen", "Telefónica".
    reading = read(user_words or "", language.reading).clauses
    clauses = _clauses(reading, language)
    passing, unreal = _framed(reading, language, language.not_home), _framed(reading, language, language.unreal, True)
    candidates = [SAID_WORD.sub(lambda w: said.get(w.group(0), w.group(0)), _REPEATED.sub(r"\1", c)) for c in clauses]
    for index, clause in enumerate(candidates):
        following = candidates[index + 1] if index + 1 < len(candidates) else ""
        commanded = any(other.casefold().split()[:1] and set(other.casefold().split()[:1]) <= language.command_turn.openers
                        for at, other in enumerate(candidates) if at != index)
        facts = _facts_in(clause, following, language, last, mentioned, naming_kin, commanded)
        framing_next = index + 1 < len(clauses) and any(text in clauses[index + 1] for text in passing)
        said_in_passing = _said_in_passing(passing, clauses[index], candidates[index], framing_next, language)
        if any(clauses[index].startswith(text) for text in unreal):
            continue  # "i'm a doctor in my dreams", "when i grow up | i'm a pilot": no fact of the user
        # said after one not of the household, before its name: "i know a dog called bello", "el gos dels veïns un
        # husky que es diu nanuk"; not "our cat max hates the neighbours' dog"
        strangers = language.not_ours.search(clauses[index])
        for start, fact in facts:
            if strangers is not None and fact.about is not None and strangers.start() <= start:
                continue
            if any(lo <= start < hi for lo, hi in said_in_passing) and any(
                    slot.name == "home" and slot.pattern.search(fact.text) for slot in language.slots):
                continue  # "we moved to the kitchen for dinner", "when i was six | we moved to york"
            if fact.about is not None:  # not a list: "mis gemelos son hugo y martina | martina es alérgica"
                last = fact if len(_each_named(fact, language)) == 1 else None
            for each in _each_named(fact, language):
                found.setdefault(f"{each.about or ''}\x1f{textlib.normalise(each.text)}", each)
        mentions = _mentions(clause, language)
        if _other_since(mentions, last, max((at for at, f in facts if f.about), default=-1), len(clause)):
            last = None  # "my husband is rick, my son is sick, he's six": the son is six
        mentioned = mentions[-1][1] if mentions else mentioned  # "two kids": "kid"
    return found, last, mentioned
