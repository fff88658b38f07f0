"""Per-language data, loaded from ``locale/<lang>/`` (OVOS's layout): no code per language.

The translator's ``.voc`` and ``.dialog`` files (:data:`WORD_LISTS`, :data:`PHRASES`) beside the
developer's ``patterns.json`` (:data:`PATTERN_KEYS`), every one required (:func:`missing`).
``lang`` resolves as OVOS resolves it (``pt-BR`` → ``pt-pt``), else to English with one warning.
An attack may come in any language and models often answer in English: the screens read English
beside the persona's language; the spoken controls are understood in every shipped one.
A language is added by dropping a folder beside the others (see docs/translating.md).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, FrozenSet, List, Optional, Pattern, Sequence, Tuple

from ovos_spec_tools import expand
from ovos_spec_tools.resources import find_lang_dir, read_resource_file
from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.errors import LanguageDataError
from ovos_memory_plugin_entity.domain.sensitive_categories import CATEGORIES
from ovos_memory_plugin_entity.domain.text import expand_contractions, fold_accents
from ovos_memory_plugin_entity.language.rule_pattern import NEVER as _NEVER
from ovos_memory_plugin_entity.language.rule_pattern import Rule, as_read, compile_rule, expand_macros, pairs

LOCALE = Path(__file__).parent.parent / "locale"
DEFAULT_LANG = "en-us"
# The developer's file: patterns a translator need not touch.
PATTERNS_FILE = "patterns.json"
PATTERN_KEYS = ("stemmer", "keep_case", "subject_prefixes", "slots", "instructions", "rules", "controls", "clauses")
# The keyword lists of the secrets found by the words that introduce them, ``secret_<name>.voc``.
SECRET_LISTS = ("password", "pin", "code", "token", "card", "card_code", "bank_account", "government_id",
                "security_answer")
# Those and the words around a secret's value (see ``Language.secret_words``).
SECRET_WORDS = (*SECRET_LISTS, "links", "entering", "ordinary", "opening", "same", "parts", "question")
# A word this long may end a compound (German, Dutch): "mailwachtwoord", "veiligheidsregels".
MIN_COMPOUND_END = 6
# The reading of an utterance (:mod:`language.reading`), ``<name>.voc``.
READING_LISTS = ("fillers", "intensifiers", "lead_ins", "tags", "contractions", "number_words", "clause_openers", "subjects",
                 "clause_glue", "question_openers", "reported", "contrasts", "clitics", "refusals", "repairs")
# The spoken controls (:mod:`language.controls`), ``control_<name>.voc``.
CONTROL_LISTS = ("forget", "delete", "last", "all", "about", "personal", "recall", "pause", "again", "keeping", "remember",
                 "moment", "particles", "negated", "softeners", "offers", "reset", "vague", "things", "saying", "that", "places",
                 "needless", "private_mode", "mode_on", "mode_off", "addressed", "replacing", "former")
# The translator's word lists, ``<name>.voc``.
WORD_LISTS = ("stopwords", "negations", "yes", "no", "unsure", "assent", "asking", "proceeding", "relations", "conjunctions", "list_breaks",
              "imperatives", "command_openers", "instruction_openers", "assistant_words", "control_words", "addressee", "not_addressed",
              "held_aside", "permitting", "guarded", "outsiders", "conditions", "order_infinitives", "finite_verbs", "infinitive_marks", "greetings",
              "correction_cues", "correction_renaming", "correction_naming", "correction_identity", "correction_meaning", "correction_said",
              "correction_instead",
              "quiet_openers", "quiet_personal", "quiet_command_objects", "quiet_personal_words",
              "weekdays", "months", "memory_words", "non_memory_objects", "pets", "jobs", "correction_moving",
              "keep_commands", "not_home", "unreal", "not_ours", "indefinites", "not_places", "introductions", "time_words", "given_names",
              *(f"secret_{name}" for name in SECRET_WORDS), *(f"sensitive_{name}" for name in CATEGORIES), *READING_LISTS,
              *(f"control_{name}" for name in CONTROL_LISTS))
# Word lists read in order, with their length: Monday first, January first.
ORDERED_LISTS = {"weekdays": 7, "months": 12}
# Word lists read in order, each line with its alternatives: "(um|uma)" is the digit 1; the
# digits' last two lines say the next digit twice and three times ("double", "triple").
NUMBERED_LISTS = {"digits": 12}
# The translator's phrases, ``<name>.dialog``.
PHRASES = ("header", "note", "confirm_question", "today", "tomorrow",
           # what the block tells the chat model after a spoken control (language.controls)
           "recall_note", "recall_nothing", "forgot_note", "forgot_nothing", "paused_note", "resumed_note", "ask_forget",
           "forget_all_item", "remembered_note")


@dataclass(frozen=True)
class Slot:
    """A single-valued attribute, recognised by how a fact starts ("Lives in ...")."""

    name: str
    pattern: Pattern[str]
    pin: bool = False  # an identity: the user's name, how to address them


@dataclass(frozen=True)
class CommandTurnWords:
    """What marks a turn that cannot hold a personal fact: a command or general question, nothing of the user."""

    openers: FrozenSet[str] = frozenset()  # first words of commands and questions
    personal: FrozenSet[str] = frozenset()  # first-person words, and words that open the gate on their own
    command_objects: Pattern[str] = _NEVER  # "tell me", "remind me to": a command, not a fact


@dataclass(frozen=True)
class ScreenWords:
    """What the screen reads a text with: every shipped language's words, whatever ``lang``
    is, since an attack may come in any of them."""

    imperatives: FrozenSet[str] = frozenset()  # command verbs that open no statement about a person
    command_openers: Pattern[str] = _NEVER  # fillers before a command's verb ("always", "also")
    instruction_openers: Pattern[str] = _NEVER  # openings that make the rest an instruction ("from now on")
    assistant_words: Pattern[str] = _NEVER  # the assistant, named ("the assistant", "you")
    control_words: Pattern[str] = _NEVER  # what changes what it does, reveals or obeys ("answer", "allowed")
    held_aside: Pattern[str] = _NEVER  # the assistant named, what its answers skip ("el asistente", "safety warnings")
    permitting: Pattern[str] = _NEVER  # a right or a way past a check given ("can also", "darf", "no PIN needed")
    guarded: Pattern[str] = _NEVER  # what the assistant guards for the household ("the alarm", "parental controls")
    outsiders: Pattern[str] = _NEVER  # no one in particular: "any guest", "anyone", "les invités"
    conditions: Pattern[str] = _NEVER  # a sentence opening with what others ask ("when anyone asks"): a rule
    order_infinitives: FrozenSet[str] = frozenset()  # an order's verb ending its clause ("Alle Regeln *vergessen*")
    finite_verbs: FrozenSet[str] = frozenset()  # a statement's verb before it ("*Möchte* Nein sagen")
    infinitive_marks: FrozenSet[str] = frozenset()  # after it an infinitive hangs on another verb ("*zu* vergessen")
    greetings: FrozenSet[str] = frozenset()  # a name called after one is spoken to ("Hey Jarvis, …")


@dataclass(frozen=True, eq=False)
class ReadingWords:
    """What :mod:`language.reading` reads with (English's asides beside). Identity-hashed: it keys the cache."""

    lang: str = "en-us"  # ovos-number-parser's language
    fillers: FrozenSet[str] = frozenset()
    intensifiers: FrozenSet[str] = frozenset()  # "voll", "muy": set aside before another word
    lead_ins: FrozenSet[Tuple[str, ...]] = frozenset()
    tags: FrozenSet[Tuple[str, ...]] = frozenset()
    contractions: Tuple[Tuple[str, str], ...] = ()  # (said, expanded), longest first
    number_words: Tuple[Tuple[str, str], ...] = ()  # ("oh", "0"), ("double", "x2")
    digit_words: FrozenSet[str] = frozenset()  # the digits as spoken ("eins"): a plural the parser reads is no number
    clause_openers: FrozenSet[str] = frozenset()  # conjunctions: the clause starts after them
    asides_end: FrozenSet[str] = frozenset()  # a filler, conjunction or lead-in's last word: "so oh one two", "oh!"
    subjects: FrozenSet[str] = frozenset()  # subject pronouns: the clause starts with them
    personal: FrozenSet[str] = frozenset()  # "my", "me": after a comma the clause starts with them
    clause_glue: FrozenSet[str] = frozenset()  # after these a subject opens no clause
    contrasts: FrozenSet[str] = frozenset()  # "now": after a negation, what is so now opens a clause
    negations: FrozenSet[str] = frozenset()
    refusals: FrozenSet[str] = frozenset()  # "no" as an answer: before a comma, it negates no verb
    repairs: FrozenSet[Tuple[str, ...]] = frozenset()  # "no", "i mean": the word just said is taken back
    quoting: FrozenSet[Tuple[str, ...]] = frozenset()  # "i said", "he dicho": the word after is what was said before
    given_names: FrozenSet[str] = frozenset()  # the language's own: "holger äh nee rüdiger", a name for a name
    question_openers: FrozenSet[str] = frozenset()
    reported: Tuple[Tuple[str, ...], ...] = ()
    fused: Dict[str, Tuple[str, ...]] = field(default_factory=dict)  # "riattivala": ("riattiva", "la"), accents folded
    tens_then_units: bool = True  # "fifty two" is 52; where a joiner or one word says it, "cincuenta dos" is 50 and 2


Phrase = Tuple[str, ...]
# Phrases by their first word: a clause is matched by looking its words up, not by trying every phrase.
PhraseIndex = Dict[str, Tuple[Phrase, ...]]


@dataclass(frozen=True)
class CorrectionWords:
    """What :mod:`language.corrections` reads with: phrases as words, contractions expanded."""

    cues: Tuple[Phrase, ...] = ()  # "no wait", "i mean": the speaker takes a word back
    renaming: Tuple[Phrase, ...] = ()  # "we renamed him": a pet has a new name
    naming: Tuple[Phrase, ...] = ()  # "he is called", "se llama": a name follows
    identity: Tuple[Phrase, ...] = ()  # "it's", "c'est": who someone is follows ("not Tom, it's Tim")
    meaning: Tuple[Phrase, ...] = ()  # "i meant": the right word follows, the wrong one was said before
    moving: Tuple[Phrase, ...] = ()  # "we moved to": the user's new home follows
    said: Tuple[Phrase, ...] = ()  # "did i say", "he dicho": the known word said next is the wrong one
    instead: Tuple[Phrase, ...] = ()  # "instead", "plutôt": beside a right value said anew, no part of it
    breaks: Tuple[Phrase, ...] = ()  # "but", "because": after a word said before, what is so follows
    pets: FrozenSet[str] = frozenset()
    value_ends: Pattern[str] = _NEVER  # a word that ends a value ("now", "last")
    dose_fact: Pattern[str] = _NEVER  # a medication fact as the rules phrase it: groups drug, dose, unit
    dose_units: Pattern[str] = _NEVER  # "mg", "milligrams": a number before one is a dose
    dose_to: Pattern[str] = _NEVER  # "to", "auf": a number after one, with no unit, is a new dose ("upped it to 1000")


@dataclass(frozen=True)
class IntentWords:
    """One shipped language's words for the spoken controls (:mod:`language.controls`):
    verbs, the objects they take, and phrasings read as words in order."""

    code: str
    forget: FrozenSet[str] = frozenset()  # verbs asking the memory to forget
    delete: FrozenSet[str] = frozenset()  # verbs deleting anything: the memory's only with a memory object
    last: PhraseIndex = field(default_factory=dict)  # "that", "what i just said"
    everything: PhraseIndex = field(default_factory=dict)  # "everything", "all the stuff"
    about: PhraseIndex = field(default_factory=dict)  # "about", "what you know about": before a thing named
    personal: FrozenSet[str] = frozenset()  # "my", "me": the thing named is the user's
    recall: PhraseIndex = field(default_factory=dict)
    reset: PhraseIndex = field(default_factory=dict)  # "reset", "from scratch": forgetting everything, of the memory only
    pause: PhraseIndex = field(default_factory=dict)
    again: PhraseIndex = field(default_factory=dict)  # a resume: one of these near a word of keeping
    keeping: PhraseIndex = field(default_factory=dict)
    remember: PhraseIndex = field(default_factory=dict)
    moment: PhraseIndex = field(default_factory=dict)  # "for a while": a forget about the moment, not the memory
    needless: PhraseIndex = field(default_factory=dict)  # "you do not need to know": forgetting the thing it names
    replacing: PhraseIndex = field(default_factory=dict)  # "the new one is": what replaces the thing being forgotten
    private_mode: PhraseIndex = field(default_factory=dict)  # "private mode": on, a pause; off, a resume
    mode_on: PhraseIndex = field(default_factory=dict)  # "turn on", "geh in"
    mode_off: PhraseIndex = field(default_factory=dict)  # "turn off", "sal del"
    switching: FrozenSet[str] = frozenset()  # every word of ``mode_on`` and ``mode_off``: Dutch "uit" is a particle too
    keeping_words: FrozenSet[str] = frozenset()  # the words of the keeping phrases: "taking notes" is no skill's object
    resume_words: FrozenSet[str] = frozenset()  # the words of the again and keeping phrases: a particle between two is read past
    keeping_ends: FrozenSet[str] = frozenset()  # the last words of the keeping phrases: a pause closed by one takes no object
    pause_words: FrozenSet[str] = frozenset()  # the words of the pause phrases
    unnamed: FrozenSet[str] = frozenset()  # stopwords, personal words, particles, things: no object named after a pause
    saying: PhraseIndex = field(default_factory=dict)  # "I say", "je vais te dire": what a pause with a while covers
    that: FrozenSet[str] = frozenset()  # "that", not "this": what was just said, never what comes
    relations: FrozenSet[str] = frozenset()  # "mom", "sister": someone the user names ("my mom reads this")
    places: FrozenSet[str] = frozenset()  # "calendar", "fridge": where another skill keeps things
    particles: FrozenSet[str] = frozenset()  # clitics and particles a verb carries ("lá", "lo")
    negated: FrozenSet[str] = frozenset()  # forms said only after a negation ("no borres"): before another, "no" is no negation
    softeners: FrozenSet[str] = frozenset()  # particles that set a "no" apart from its verb ("no mejor olvida")
    offers: FrozenSet[str] = frozenset()  # an assistant's verbs offering to keep ("shall I save it?"), not the memory's
    non_memory_objects: FrozenSet[str] = frozenset()  # "alarm", "list": another skill's object
    vague: FrozenSet[str] = frozenset()  # "stuff", "thing": said with a thing named, no part of it
    things: FrozenSet[str] = frozenset()  # "things", "le cose": what a pause stops keeping, in general
    former: FrozenSet[str] = frozenset()  # "old", "previous": what the thing was; it is the same thing without them
    addressed: FrozenSet[str] = frozenset()  # "tu", "puoi": the assistant told it may, between a thing said first and its verb
    memory_words: FrozenSet[str] = frozenset()  # "know", "memory": what makes "everything ..." the memory's
    stopwords: FrozenSet[str] = frozenset()  # small words "everything you know" may hold besides
    two_part_verbs: Tuple[Tuple[str, str], ...] = ()  # ("take", "back"): its object between its parts
    clitics: FrozenSet[str] = frozenset()  # a pronoun an imperative carries written on ("bórra*la*")
    # A negation follows the verb it negates ("vergiss das nicht"): one right before a verb
    # closed what came before ("dat klopt niet, schrap dat").
    negation_after_verb: bool = False
    anchors: FrozenSet[str] = frozenset()  # a word each of these controls holds one of (the cheap first test)
    reading: Optional[ReadingWords] = None  # its own: a control said in another language is read as that language reads it


@dataclass(frozen=True)
class Language:
    code: str
    stopwords: FrozenSet[str] = frozenset()
    subject_prefixes: Tuple[Pattern[str], ...] = ()
    slots: Tuple[Slot, ...] = ()
    command_turn: CommandTurnWords = field(default_factory=CommandTurnWords)
    negations: FrozenSet[str] = frozenset()
    memory_words: FrozenSet[str] = frozenset()  # words of the memory ("forget", "know"), with English's
    instructions: Tuple[Pattern[str], ...] = ()
    screen: "ScreenWords" = field(default_factory=lambda: ScreenWords())  # every shipped language's
    addressee: Pattern[str] = _NEVER  # words that speak to the assistant ("you"), this language's and English
    not_addressed: Pattern[str] = _NEVER  # words that hold one of those and speak to no one ("rendez-vous", "thank-you")
    rules: Tuple[Rule, ...] = ()
    yes: Tuple[str, ...] = ()
    no: Tuple[str, ...] = ()
    unsure: Tuple[str, ...] = ()
    assent: Tuple[str, ...] = ()  # words that may come with a yes or a no without changing it
    asking: Tuple[str, ...] = ()  # what our question of forgetting may say besides ("do you really want")
    proceeding: Tuple[str, ...] = ()  # a bare "shall I proceed?", ours after a reply naming the memory
    stemmer: str = ""  # snowballstemmer's name for the language ("portuguese")
    phrases: Dict[str, Any] = field(default_factory=dict)  # the injected note, dates, questions
    # Secrets (:mod:`language.secrets`) of every shipped language: keywords per list, "links"
    # (the PIN *is*), "entering" (I *type*) and "ordinary" ("zip code"); the digits as spoken (0 to 9, "double",
    # "triple"), one table per shipped language: a PIN may be said in another language's digits.
    secret_words: Dict[str, Tuple[str, ...]] = field(default_factory=dict)
    digits: Tuple[Tuple[Tuple[str, ...], ...], ...] = ()
    # Words that put a fact in a sensitive category, per category, in this language and English.
    sensitive_words: Dict[str, Tuple[str, ...]] = field(default_factory=dict)
    reading: ReadingWords = field(default_factory=ReadingWords)  # how an utterance is read (language.reading)
    # The spoken controls of every shipped language, this language's first: a control is
    # understood in any of them.
    controls: Tuple[IntentWords, ...] = ()
    kin: FrozenSet[str] = frozenset()  # the words of relations and pets ("nonna", "cosí"): someone else named
    control_anchors: FrozenSet[str] = frozenset()  # a word every control holds one of, in any language
    control_slots: Tuple[Tuple[str, Pattern[str]], ...] = ()  # "my address" names the slot "home"
    # "the allergy" names the facts "is allergic to ...": a topic said, and what its facts say
    control_topics: Tuple[Tuple[Pattern[str], Pattern[str]], ...] = ()
    clause_joiner: Optional[Pattern[str]] = None  # "and" between two clauses (captured, so a split keeps it)
    subject: str = ""  # the first person, said again when a joined clause drops it ("und wohne in Köln")
    not_names: FrozenSet[str] = frozenset()  # words after "my wife" that are no name ("really", "just")
    # the endings of words shaped as adjectives or participles, no name in a list ("sono stanchi e affamati")
    not_name_endings: Pattern[str] = _NEVER
    complement_verbs: FrozenSet[str] = frozenset()  # "I don't think": the negation governs the next clause
    passing_times: Pattern[str] = _NEVER  # "now", "seit januar" inside a clause: read past ("ich arbeite | bei rossmann")
    not_home: Pattern[str] = _NEVER  # a room, a meal, a short or past time, a plan: a move there is no home now
    unreal: Pattern[str] = _NEVER  # a dream, a wish, a hypothetical, a game, a role: what is said in one is no fact
    not_ours: Pattern[str] = _NEVER  # one wished for, known or seen ("i know a dog called"): no one of the household
    mention: Pattern[str] = _NEVER  # a relative mentioned without a name ("my partner"): group 1 the relation
    introduced: Pattern[str] = _NEVER  # one new to the household ("we adopted a dog"): the next turn may name them
    possessors: FrozenSet[str] = frozenset()  # "of" before a relative: the thing said is theirs ("the dog of my sister")
    # "a friend who": someone new and the clause about them; group 1 the one introduced
    introduces_another: Pattern[str] = _NEVER
    corrections: Tuple[Pattern[str], ...] = ()  # "it's not Lisa it's Laura": groups ``old`` and ``new``
    preference_changes: Tuple[Pattern[str], ...] = ()  # "now I prefer Y": group ``new``, the favourite known
    correcting: CorrectionWords = field(default_factory=CorrectionWords)


def _phrases_of(lines: List[str], contractions: Tuple[Tuple[str, str], ...]) -> Tuple[Tuple[str, ...], ...]:
    """Phrases as words, contractions expanded as an utterance's ("je t'ai dit": "je te ai dit")."""
    table = dict(contractions)
    return tuple(dict.fromkeys(tuple(expand_contractions(line.casefold().replace("’", "'").split(), table))
                               for line in lines if line.split()))


def _reading(code: str, data: Dict[str, Any], english: Dict[str, Any],
             given_names: FrozenSet[str] = frozenset()) -> ReadingWords:
    def own(name: str) -> FrozenSet[str]:
        return frozenset(w.casefold() for w in data[name])

    # Words of this language that an English aside may sound like: "no" negates a Spanish
    # verb, "um" is a Portuguese article ("um cão"), "er" a German pronoun ("er ist 40").
    own_words = {w.casefold() for w in data["negations"] + data["stopwords"]}

    def with_english(name: str) -> List[str]:
        return data[name] + [w for w in (english[name] if data is not english else [])
                             if w.split()[0].casefold() not in own_words]
    contractions = pairs(with_english("contractions"))  # "don't remember this" under any persona
    fillers = frozenset(w.casefold() for w in with_english("fillers"))
    lead_ins = frozenset(_phrases_of(with_english("lead_ins") + data["introductions"], contractions))  # "hola | soy javier"
    return ReadingWords(
        lang=code, fillers=fillers, intensifiers=own("intensifiers"), lead_ins=lead_ins,
        tags=frozenset(_phrases_of(with_english("tags"), contractions)),
        contractions=contractions, number_words=pairs(data["number_words"]),
        digit_words=frozenset(w.casefold() for line in data["digits"] for w in line),
        clause_openers=own("clause_openers"), subjects=own("subjects"), personal=own("control_personal"),
        asides_end=fillers | own("clause_openers") | {phrase[-1] for phrase in lead_ins},
        clause_glue=own("clause_glue"), contrasts=own("contrasts"),
        negations=_negations(data, english), refusals=own("refusals"),
        repairs=frozenset(_phrases_of(data["repairs"], contractions)), question_openers=own("question_openers"),
        quoting=frozenset(_phrases_of(data["correction_said"], contractions)),
        reported=_phrases_of(data["reported"], contractions), fused=_fused(data), given_names=given_names,
        tens_then_units=data["clauses"]["tens_then_units"] is True)


def _negations(data: Dict[str, Any], english: Dict[str, Any]) -> FrozenSet[str]:
    """The language's negations, and English's (asides) that are no small word here: Portuguese "no" is "in the"."""
    return frozenset(w.casefold() for w in data["negations"]) | (frozenset(
        w.casefold() for w in english["negations"]) - {w.casefold() for w in data["stopwords"]})


def _fused(data: Dict[str, Any]) -> Dict[str, Tuple[str, ...]]:
    """A control's verb with a pronoun written on ("riattivala", "elimínalos"), accents folded, as the verb and the
    pronoun; not a form the lists already name ("dimenticalo", "olvídate"), nor a pair ("quítamelo": take it off me)."""
    listed = {fold_accents(w.casefold()) for name in [*(f"control_{n}" for n in CONTROL_LISTS), "memory_words"]
              for line in data[name] for w in line.split()}
    hosts = {fold_accents(w.casefold()) for name in ("forget", "delete", "again", "keeping") for w in data[f"control_{name}"]
             if " " not in w}
    clitics = [c for c in data["clitics"] if " " not in c]
    # a host that is itself a verb with a pronoun ("quítame") takes none more: "quítamelo" is a pair, read whole
    plain = sorted(h for h in hosts if not any(h.endswith(c) and h[:-len(c)] in hosts for c in clitics))
    return {host + clitic: (host, clitic) for host in plain for clitic in clitics if host + clitic not in listed}


def _intent_words(code: str, data: Dict[str, Any]) -> IntentWords:
    def words(name: str) -> FrozenSet[str]:
        return frozenset(w.casefold() for w in data[f"control_{name}"])

    contractions = pairs(data["contractions"])

    def phrases(name: str) -> PhraseIndex:
        index: Dict[str, List[Phrase]] = {}
        for phrase in _phrases_of(data[f"control_{name}"], contractions):
            index.setdefault(phrase[0], []).append(phrase)
        return {first: tuple(found) for first, found in index.items()}
    return IntentWords(
        code=code, forget=words("forget"), delete=words("delete"), last=phrases("last"), everything=phrases("all"),
        about=phrases("about"), personal=words("personal"), recall=phrases("recall"), reset=phrases("reset"), pause=phrases("pause"),
        again=phrases("again"), keeping=phrases("keeping"), remember=phrases("remember"), moment=phrases("moment"),
        needless=phrases("needless"), replacing=phrases("replacing"), private_mode=phrases("private_mode"), mode_on=phrases("mode_on"),
        mode_off=phrases("mode_off"), switching=frozenset(
            w for name in ("mode_on", "mode_off") for found in phrases(name).values() for phrase in found for w in phrase),
        keeping_words=_words_of(phrases("keeping")), resume_words=_words_of(phrases("keeping")) | _words_of(phrases("again")),
        keeping_ends=frozenset(p[-1] for found in phrases("keeping").values() for p in found), pause_words=_words_of(phrases("pause")),
        saying=phrases("saying"), that=words("that"), places=words("places"), relations=frozenset(w.casefold() for w in data["relations"]),
        particles=words("particles") | words("softeners"), softeners=words("softeners"), negated=words("negated"), offers=words("offers"),
        vague=words("vague"), things=words("things"), unnamed=frozenset(
            w.casefold() for w in data["stopwords"]) | words("personal") | words("particles") | words("softeners") | words("things"),
        former=words("former"), addressed=words("addressed"),
        non_memory_objects=frozenset(w.casefold() for w in data["non_memory_objects"]),
        memory_words=frozenset(w.casefold() for w in data["memory_words"]),
        stopwords=frozenset(w.casefold() for w in data["stopwords"]),
        negation_after_verb=bool(data["controls"]["negation_after_verb"]),
        two_part_verbs=tuple((a, b) for a, _, b in (v.partition(" ") for v in words("forget") | words("delete")) if b),
        clitics=frozenset(c for c in data["clitics"] if " " not in c))


def _words_of(index: PhraseIndex) -> FrozenSet[str]:
    return frozenset(w for found in index.values() for phrase in found for w in phrase)


@lru_cache(maxsize=1)
def _every_intent_word() -> Dict[str, IntentWords]:
    """The spoken controls' words of every shipped language: a control is understood in any."""
    common = frozenset(fold_accents(w.casefold()) for w in _union("stopwords"))
    return {code: replace(words, anchors=_anchors(words, common, _fused(data)),
                          reading=_reading(code, data, data))
            for code, data in _every().items() for words in (_intent_words(code, data),)}


def _anchors(words: IntentWords, common: FrozenSet[str], fused: Dict[str, Tuple[str, ...]]) -> FrozenSet[str]:
    """A word of each verb and phrasing (a control holds them all), accents kept and folded: its
    longest word that is no shipped language's stopword, the rarest in talk ("remembering"); written with its
    pronouns too ("cancellami")."""
    def rarest(phrase: Sequence[str]) -> str:
        parts = [p for w in phrase for p in re.findall(r"\w+", w)] or list(phrase)
        return max(reversed(parts), key=lambda p: (fold_accents(p) not in common, len(p)))
    found = {rarest(v.split()) for v in words.forget | words.delete}
    for index in (words.recall, words.reset, words.pause, words.keeping, words.remember, words.needless,
                  words.private_mode):
        found.update(rarest(phrase) for phrases in index.values() for phrase in phrases)
    found |= {fold_accents(w) for w in found}
    return frozenset(found | {form for form, (host, *_) in fused.items() if host in found})


def available() -> List[str]:
    """The language folders shipped (``en-us``, ``pt-pt``...)."""
    return sorted(p.parent.name for p in LOCALE.glob(f"*/{PATTERNS_FILE}"))


def resolve(lang: Any) -> Tuple[str, bool]:
    """The folder for ``lang`` and whether it is that language (a region of it included)."""
    try:
        found = find_lang_dir(LOCALE, str(lang or "").strip()) if str(lang or "").strip() else None
    except Exception:  # a tag the resolver cannot parse is no language we ship
        found = None
    if found is not None and (found / PATTERNS_FILE).is_file():
        return found.name, True
    return DEFAULT_LANG, False


def missing(code: str, locale: Path = LOCALE) -> List[str]:
    """What the folder ``locale/<code>`` lacks: files, keys of the developer's file, entries."""
    folder = locale / code
    problems = [f"{code}/{name}.voc" for name in (*WORD_LISTS, *NUMBERED_LISTS) if not (folder / f"{name}.voc").is_file()]
    problems += [f"{code}/{name}.dialog" for name in PHRASES if not (folder / f"{name}.dialog").is_file()]
    try:
        patterns = json.loads((folder / PATTERNS_FILE).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return problems + [f"{code}/{PATTERNS_FILE} ({exc})"]
    problems += [f"{code}/{PATTERNS_FILE}: key {key!r}" for key in PATTERN_KEYS if key not in patterns]
    problems += [f"{code}/{PATTERNS_FILE}: unknown key {key!r}" for key in patterns if key not in PATTERN_KEYS]
    for name, count in {**ORDERED_LISTS, **NUMBERED_LISTS}.items():
        lines = _word_list if name in ORDERED_LISTS else read_resource_file  # a digit's alternatives are one line
        if (folder / f"{name}.voc").is_file() and len(lines(folder / f"{name}.voc")) != count:
            problems.append(f"{code}/{name}.voc: {count} lines, in order")
    return problems


def _word_list(path: Path) -> List[str]:
    """A ``.voc`` file: one entry a line, ``#`` comments, ``(a|b)`` alternations expanded."""
    return [sample for line in read_resource_file(path) for sample in expand(line)]


def _read(code: str) -> Dict[str, Any]:
    """Everything in ``locale/<code>``, as one dict; a missing file or key is an error naming it."""
    problems = missing(code)
    if problems:
        raise LanguageDataError(f"language data incomplete: {', '.join(problems)}")
    folder = LOCALE / code
    data: Dict[str, Any] = json.loads((folder / PATTERNS_FILE).read_text(encoding="utf-8"))
    data.update({name: _word_list(folder / f"{name}.voc") for name in WORD_LISTS if name not in ORDERED_LISTS})
    data["phrases"] = {name: read_resource_file(folder / f"{name}.dialog")[0] for name in PHRASES}
    data["phrases"].update({name: _word_list(folder / f"{name}.voc") for name in ORDERED_LISTS})
    data.update({name: [tuple(expand(line)) for line in read_resource_file(folder / f"{name}.voc")]
                 for name in NUMBERED_LISTS})
    return data


def _phrases(words: List[str], *, opening: bool, compounds: bool = False) -> Pattern[str]:
    """Any of ``words`` as whole words (longest first); at the start only when ``opening``; ending a compound too when ``compounds``."""
    folded = sorted({w.casefold().replace("’", "'") for w in words if w.strip()}, key=len, reverse=True)
    body = "|".join(re.escape(w) for w in folded) or "(?!)"
    ends = "|".join(re.escape(w) for w in folded if compounds and len(w) >= MIN_COMPOUND_END and w.isalpha()) or "(?!)"
    return re.compile((r"(?:^(?:" if opening else rf"(?:(?<=\w)(?:{ends})|(?<![\w'])(?:") + body + r"))(?![\w'])")


@lru_cache(maxsize=1)
def _every() -> Dict[str, Dict[str, Any]]:
    """Every shipped language's data, read once: a secret, an attack, a name or a control may come in any."""
    return {code: _read(code) for code in available()}


def _union(name: str) -> List[str]:
    """The list ``name`` of every shipped language, one after another."""
    return [word for data in _every().values() for word in data[name]]


@lru_cache(maxsize=1)
def _every_screen_word() -> ScreenWords:
    """The screen's words of every shipped language. A command verb that is a stopword of
    any language ("para", "da") is left out: it opens ordinary sentences there."""
    every = _every()
    stopwords = {fold_accents(w.casefold()) for w in _union("stopwords")}
    # A language's ordinary words that name nobody there: another's word for "you" is none of them ("et": fr "and").
    ordinary = {code: {w.casefold() for w in data["stopwords"]}
                - {w.casefold() for w in (*data["assistant_words"], *data["addressee"])} for code, data in every.items()}
    return ScreenWords(
        imperatives=frozenset(w.casefold() for w in _union("imperatives") if fold_accents(w.casefold()) not in stopwords),
        command_openers=_phrases(_union("command_openers"), opening=True),
        instruction_openers=_phrases(_union("instruction_openers"), opening=True),
        assistant_words=_phrases([w for code, data in every.items() for w in data["assistant_words"] if not any(
            w.casefold() in words for other, words in ordinary.items() if other != code)], opening=False),
        control_words=_phrases(_union("control_words"), opening=False, compounds=True),
        held_aside=_phrases(_union("held_aside"), opening=False),
        permitting=_phrases(_union("permitting"), opening=False),
        guarded=_phrases(_union("guarded"), opening=False),
        outsiders=_phrases(_union("outsiders"), opening=False),
        conditions=_phrases(_union("conditions"), opening=True),
        order_infinitives=frozenset(w.casefold() for w in _union("order_infinitives")),
        finite_verbs=frozenset(w.casefold() for w in _union("finite_verbs")),
        infinitive_marks=frozenset(w.casefold() for w in _union("infinitive_marks")),
        greetings=frozenset(w.casefold() for w in _union("greetings")))


def _given_names(data: Dict[str, Any]) -> List[str]:
    """Every language's given names, save the words this one has another use for ("ella", "mia", "sem", "ben") and
    another's names of two letters, which are this one's small words ("ad", "zé"): after "my husband", where a name is
    looked for; after "I am", where any word may stand, only the language's own."""
    clauses = data["clauses"]
    ordinary = {w.casefold() for name in ("stopwords", "negations", "relations", "pets", "jobs", "conjunctions", "fillers",
                                          "time_words") for w in data[name]} \
        | {w.casefold() for key in ("not_names", "name_followers") for w in clauses[key].split("|")}
    own = {w.casefold() for w in data["given_names"]}
    every = dict.fromkeys(w.casefold() for w in _union("given_names"))
    return [w for w in every if w not in ordinary and (len(w) > 2 or w in own)]


def _build(code: str, data: Dict[str, Any], english: Dict[str, Any]) -> Language:
    data = {**data, "names_anywhere": _given_names(data)}
    every = _every_intent_word()
    # Another language's reading never forgets what the persona's knows is another skill's ("borra todo de mi lista
    # de contactos" is no Catalan forgetting)
    controls = (every[code], *(replace(words, non_memory_objects=words.non_memory_objects | every[code].non_memory_objects)
                               for other, words in every.items() if other != code))
    return Language(
        code=code,
        stopwords=frozenset(fold_accents(w.casefold()) for w in data["stopwords"]),
        subject_prefixes=tuple(re.compile(p, re.IGNORECASE) for p in data["subject_prefixes"]),
        slots=tuple(Slot(s["slot"], re.compile(s["pattern"], re.IGNORECASE), bool(s.get("pin")))
                    for s in data["slots"]),
        command_turn=CommandTurnWords(
            openers=frozenset(w.casefold() for w in data["quiet_openers"]),
            personal=frozenset(w.casefold() for w in data["quiet_personal"] + data["quiet_personal_words"]),
            command_objects=_phrases(data["quiet_command_objects"], opening=False)),
        negations=_negations(data, english),
        memory_words=frozenset(w.casefold() for w in data["memory_words"] + english["memory_words"]),
        instructions=tuple(re.compile(p, re.IGNORECASE) for p in _union("instructions")),
        screen=_every_screen_word(),
        addressee=_phrases(data["addressee"] + english["addressee"], opening=False),
        not_addressed=_phrases(data["not_addressed"] + english["not_addressed"], opening=False),
        rules=tuple(compile_rule(r, data) for r in data["rules"]),
        yes=tuple(data["yes"]), no=tuple(data["no"]), unsure=tuple(data["unsure"]),
        assent=tuple(data["assent"]), asking=tuple(data["asking"]), proceeding=tuple(data["proceeding"]),
        stemmer=str(data["stemmer"]),
        phrases=data["phrases"],
        secret_words={name: tuple(dict.fromkeys(_union(f"secret_{name}"))) for name in SECRET_WORDS},
        digits=tuple(tuple(other["digits"]) for other in _every().values()),
        sensitive_words={name: tuple(dict.fromkeys(data[f"sensitive_{name}"] + english[f"sensitive_{name}"]))
                         for name in CATEGORIES},
        reading=_reading(code, data, english, frozenset(w.casefold() for w in data["given_names"])),
        kin=frozenset(w.casefold() for w in data["relations"] + data["pets"]),
        controls=controls, control_anchors=frozenset().union(*(c.anchors for c in controls)),
        clause_joiner=re.compile(rf"(\s*,?\s+(?:{data['clauses']['joiners']})\s+)", re.IGNORECASE),
        subject=str(data["clauses"]["subject"]),
        passing_times=re.compile(r"(?<=\w) (?:{})(?= \w)".format(
            data["clauses"]["passing_times"].replace("{MONTH}", "|".join(map(re.escape, data["phrases"]["months"])))), re.IGNORECASE),
        # a word that follows a name is none ("mein hund schläft immer")
        not_names=frozenset(w.casefold() for key in ("not_names", "name_followers") for w in data["clauses"][key].split("|")
                            if " " not in w and "." not in w),
        not_name_endings=re.compile(rf"\w(?:{data['clauses']['not_name_endings']})$", re.IGNORECASE),
        possessors=frozenset(w.casefold() for w in data["clauses"]["possessors"].split("|")),
        introduces_another=re.compile(rf"\b(?:{'|'.join(map(re.escape, data['indefinites']))}) ([^\W\d_][\w'’-]*),? "
                                      rf"(?:{data['clauses']['relative_pronouns']})\b", re.IGNORECASE),
        complement_verbs=frozenset(w.casefold() for w in data["clauses"]["complement_verbs"].split("|")),
        not_home=_phrases(data["not_home"], opening=False), unreal=_phrases(data["unreal"], opening=False),
        not_ours=_phrases(data["not_ours"], opening=False),
        mention=re.compile(as_read(expand_macros(data["clauses"]["mention"], data), data), re.IGNORECASE),
        introduced=re.compile(as_read(expand_macros(data["clauses"]["introduced"], data), data), re.IGNORECASE),
        corrections=tuple(re.compile(as_read(p, data), re.IGNORECASE) for p in data["clauses"]["corrections"]),
        preference_changes=tuple(re.compile(as_read(p, data), re.IGNORECASE) for p in data["clauses"]["preference_changes"]),
        correcting=CorrectionWords(**{name: _phrases_of(data[f"correction_{name}"], pairs(data["contractions"]))
                                      for name in ("cues", "renaming", "naming", "identity", "moving", "meaning", "said",
                                                   "instead")},
                                   breaks=_phrases_of(data["list_breaks"], pairs(data["contractions"])),
                                   pets=frozenset(map(str.casefold, data["pets"])),
                                   value_ends=re.compile(data["clauses"]["value_ends"], re.IGNORECASE),
                                   dose_fact=re.compile(data["clauses"]["dose_fact"], re.IGNORECASE),
                                   dose_units=re.compile(rf"(?:{data['clauses']['dose_units']})", re.IGNORECASE),
                                   dose_to=re.compile(rf"(?:{data['clauses']['dose_to']})", re.IGNORECASE)),
        control_slots=tuple((slot, re.compile(rf"\b(?:{words})\b", re.IGNORECASE))
                            for slot, words in data["controls"]["slots"].items()),
        control_topics=tuple((re.compile(rf"\b(?:{said})\b", re.IGNORECASE), re.compile(facts, re.IGNORECASE))
                             for said, facts in data["controls"]["topics"].items()))


@lru_cache(maxsize=32)
def load_language(lang: str) -> Language:
    """The data for ``lang`` ("en-US", "pt_BR", "de"); English for a language not shipped."""
    code, found = resolve(lang)
    if not found:
        LOG.warning(f"entity memory: no language data for lang {lang!r} (shipped: {', '.join(available())}); "
                    f"the rules, the quiet-turn gate, the stopwords and the injected note fall back to English. "
                    f"The safety screens and the forget gates stay on in English.")
    return _build(code, _every()[code], _every()[DEFAULT_LANG])
