"""A rule of the model-free extractor (:mod:`language.rules`): its pattern as the developer's ``patterns.json`` writes
it, macros expanded ({NAME}, {JOB}...) from the language's lists, compiled; what it makes of a match; and the same
pattern with its accents dropped, for text a recogniser (or a keyboard) wrote without any ("soy celiaca", "mio zio e
vegano"). Pure."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Dict, List, Optional, Pattern, Tuple

from ovos_memory_plugin_entity.domain.errors import LanguageDataError
from ovos_memory_plugin_entity.domain.text import fold_accents

NEVER = re.compile("(?!)")
# A word this long loses its accents; a shorter one keeps them ("è"/"e", "sí"/"si", "où"/"ou" say different things).
MIN_FOLDED_LETTERS = 3
_LETTER_RUN = re.compile(r"(?<!\\)[^\W\d_]+")  # a letter after a backslash is an escape ("\b")


@dataclass(frozen=True)
class Rule:
    pattern: Pattern[str]
    template: str
    pin: bool = False
    title_groups: Optional[Tuple[int, ...]] = None  # None: every group
    about_group: Optional[int] = None  # the fact is about the entity this group names
    relation_group: Optional[int] = None  # the user's relation to that entity
    lowercase: bool = True  # untitled captures lower-cased (not in German, where nouns are capitalised)
    about: str = ""  # "last": of the one named last ("she lives in Tampa"); "mentioned": names a relative said unnamed
    # how to answer ("keep it short"): said beside a command for another skill, of that answer only
    style: bool = False
    span: int = 1  # clauses read together: 2 for "we got a cat, a Chartreux, he's called Gaspard"
    # what is said right after the match and kept with it ("... 10 mg | for my blood pressure"): groups 1 and 2,
    # the preposition and its object, so a later "forget the blood pressure thing" or question finds the fact
    purpose: Pattern[str] = NEVER
    # The pattern with its accents dropped (compiled on first use), for words a recogniser wrote without any
    # ("soy celiaca", "sono nata a bari"); empty where the pattern has none
    unaccented: str = ""

    def pattern_for(self, text: str) -> Pattern[str]:
        return (_compiled_or_none(self.unaccented) or self.pattern) if self.unaccented and text.isascii() \
            else self.pattern


def unaccented_pattern(pattern: str) -> str:
    """``pattern`` with the accents of its words dropped, outside character classes (where "À-Þ" would become a
    range holding lower case), and not of a short word, whose accent tells it from another ("è" is, "e" and;
    "sí", "mí", "él", "à", "où")."""
    folded = {at for m in _LETTER_RUN.finditer(pattern) if len(m.group(0)) >= MIN_FOLDED_LETTERS
              for at in range(m.start(), m.end())}
    out, in_class, escaped = [], False, False
    for at, ch in enumerate(pattern):
        out.append(fold_accents(ch) if at in folded and not in_class and not escaped else ch)
        in_class = (in_class and (escaped or ch != "]")) or (not escaped and ch == "[")
        escaped = not escaped and ch == "\\"
    return "".join(out)


@lru_cache(maxsize=4096)  # one a rule with accents: every shipped language's fit
def _compiled_or_none(pattern: str) -> Optional[Pattern[str]]:
    """``pattern`` compiled; None where dropping its accents broke it (a range turned around)."""
    try:
        return re.compile(pattern, re.IGNORECASE)
    except re.error:
        return None


# Building blocks a rule's pattern may use, so that each language writes its phrasing only.
_UPPER = "(?-i:[A-ZÀ-ÖØ-Þ])"
_NAME_JOINER = r"(?:de|da|do|dos|das|del|van|von|der|den|di|du|le|la|van der|van den|de la)"
_NAME = rf"([^\W\d_][\w'’-]*(?:(?: {_NAME_JOINER})? {_UPPER}[\w'’-]*){{0,2}})"
_PLACE_JOINER = r"(?:de|do|da|dos|das|del|de la|di|am|an|der|sur|la|le|upon)"
# Articles that open a town's name ("La Spezia", "Las Palmas", "Le Mans", "Los Angeles")
_PLACE_ARTICLES = frozenset({"la", "las", "los", "le", "les", "el", "l'", "l’"})
_PLACE = rf"([^\W\d_][\w'’-]*\.?(?:(?:,? |-)(?:{_UPPER}[\w'’-]*\.?|{_PLACE_JOINER}(?= {_UPPER}))){{0,3}})"


def _alternation(words: List[str]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)) or "(?!)"


def _kin(words: List[str]) -> str:
    """Relations as said: a recogniser drops the hyphen ("petit fils", "mother in law")."""
    return _alternation(words).replace(re.escape("-"), "[- ]")


_WORD = re.compile(r"[\w']+")


def expand_macros(pattern: str, data: Dict[str, Any]) -> str:
    """A rule's pattern with its macros ({NAME}, {PLACE}...) replaced. {NAMED} is a name followed by
    what follows a name ("my wife Ana is"), so "my wife loves tulips" names no one."""
    # The assistant spoken to ends a value, with a verb asking before it ("j'adore le jazz | tu connais", "ich liebe
    # jazz | kennst du"); "you", "tu": a word of the list, not a phrase
    clauses = data["clauses"]
    addressed = [word for word in data["addressee"] if _WORD.fullmatch(word)]
    asking = rf"(?:(?:{clauses['asking_verbs']}) )?" if clauses["asking_verbs"] else ""
    spoken_to = rf"{asking}(?:{_alternation(addressed)})"
    end = rf"(?=\s*(?:[.!?,;:]|$|\b(?:{_alternation(data['conjunctions'] + data['keep_commands'])}|{spoken_to})\b))"
    list_end = rf"(?=\s*(?:[.!?;:]|$|\b(?:{_alternation(data['list_breaks'] + data['keep_commands'])}|{spoken_to})\b))"
    calendar_words = data["phrases"]["weekdays"] + data["phrases"]["months"] + data["time_words"]  # no place is one
    # a verb's form right after a relative is no name, unless a given name: "a minha mulher pediu", "my wife asked"
    verb_form = rf"(?![^\W\d_]*(?:{clauses['verb_endings']})(?![\w'’-]))" if clauses.get("verb_endings") else ""
    not_small = rf"(?!(?:{_alternation(data['stopwords'] + data['phrases']['weekdays'])}|{clauses['not_names']})\b)"
    calendar = _alternation(calendar_words)
    small_not_article = [w for w in data['stopwords'] if w not in _PLACE_ARTICLES]
    # Where words compound (German, Dutch), a kind of pet is one too: "schäferhund", "dwerghamster"
    pets = f"(?:{clauses['compounding']})?(?:{_kin(data['pets'])})" if clauses["compounding"] else _kin(data["pets"])
    macros = {"{NAME}": _NAME, "{PLACE}": _PLACE, "{THING}": r"([\w'’ -]{2,60}?)",
              "{LIST}": rf"([\w'’ ,-]{{2,120}}?){list_end}", "{LIST_END}": list_end, "{REL}": f"({_kin(data['relations'])})",
              "{A_REL}": f"(?:{_kin(data['relations'])})",  # one, not captured: "(not) followed by mary's DAUGHTER"
              "{END}": end,
              # or a given name, whatever follows it: "mein mann peter grillt jeden sonntag"
              "{NAMED}": rf"({verb_form}{_NAME[1:-1]}(?=\s*(?:[.!?,;:]|$)|\s+(?:{clauses['name_followers']}|{_alternation(data['keep_commands'])})(?![\w'’]))"
                         rf"|(?:{_alternation(data.get('names_anywhere', data['given_names']))})(?![\w'’-]))",
              # What may follow a name said with no relation ("our mike is turning five"): a stranger has a surname or a
              # place after it ("unser thomas müller hat", "la mayor ana de la clase")
              "{NAME_ENDS}": rf"(?=\s*(?:[.!?,;:]|$)|\s+(?:{clauses['name_followers']}|{_alternation(data['keep_commands'])})(?![\w'’]))",
              # After a verb that only names ("me llamo", "ik heet"), any small word ends the name: "fermín como el santo"
              "{CALLED}": rf"{not_small}{_NAME}(?=\s*(?:[.!?,;:]|$)|\s+(?:{clauses['name_followers']}|{_alternation(data['stopwords'] + data['keep_commands'])})(?![\w'’]))",
              "{NOT_SMALL}": not_small,  # what follows is no stopword, weekday nor a word that is never a name
              "{PET}": f"({pets})", "{A_PET}": f"(?:{pets})",  # one, not captured
              "{KIN}": f"({_kin(data['relations'])}|{pets})", "{JOB}": f"({_alternation(data['jobs'])})(?!['’]s\\b)",  # "a nurse's aide" is no nurse
              "{NOT_JOB}": rf"(?!(?:{_alternation(data['jobs'])})\b)",  # "mi marido es médico" names no one
              "{GIVEN}": rf"(?=(?:{_alternation(data['given_names'])})\b)",  # a name where any word may stand: "soy javier"
              "{NOT_KIN}": rf"(?!(?:{_kin(data['relations'])}|{pets})\b)",  # "my youngest son is 5" names no one
              # When a dose is taken, said between its drug and it ("metformin every morning 500 mg"); a word
              # before a time of day is none ("elke dag"), a small word or one of time neither ("in the morning", "seit gestern")
              "{WHEN}": rf"(?: [^\W\d_][\w'’-]*){{0,2}}? (?:{calendar})s?\b",
              "{NOT_WHEN}": rf"(?!(?:{_alternation(data['stopwords'])}|{calendar})\b|[\w'’-]+ (?:{calendar})s?\b)",
              "{HE}": rf"(?:{clauses['third_person']})", "{NUM}": r"(\d{1,3})",
              "{NOT_TIME}": rf"(?! (?:{clauses['short_age_units']})\b)",  # "turns six months", "cumple tres meses"
              # ... or how long ago ("nos mudamos a valencia | hace 2 semanas", "a bologna | 2 settimane fa"; not a house number),
              # or the assistant spoken to
              "{STOP}": rf"(?=\s*(?:[.!?,;:]|$)|\s+(?:{_alternation(data['stopwords'] + data['keep_commands'])}"
                        rf"|{clauses['value_ends']}|\d+ (?:{calendar})|{spoken_to})(?!\w))",
              # no place is an indefinite ("somewhere"), a month, a day or a time ("déménagé en juin", "no mês passado")
              # nor a small word, save an article that opens a town's name ("la spezia", "las palmas", "le mans"): "me mudé a
              # vivir juntos" and "mudei para a vodafone" name no town
              "{WHERE}": rf"(?!(?:{_alternation(data['indefinites'] + data['not_places'] + calendar_words + small_not_article)})\b)"
                         rf"([^\W\d_][\w'’-]*(?: [^\W\d_][\w'’-]*){{0,1}}?)"}
    for macro, replacement in macros.items():
        pattern = pattern.replace(macro, replacement)
    return pattern


def as_read(pattern: str, language: Dict[str, Any]) -> str:
    """``pattern`` matching the reading too, which expands an elided word ("s'appelle" is
    read "se appelle", "l'usuari" "el usuari"): each elision it writes also matches as read."""
    for said, meant in pairs(language["contractions"]):
        if said.endswith("'") and len(said) > 1 and " " not in meant:
            stem = re.escape(said[:-1])
            pattern = re.sub(rf"(?:(?<=\\b)|(?<![\w\\]))({stem})(?:\['’\]|'|’)",
                             rf"(?:\1['’]|{re.escape(meant)} )", pattern)
    return pattern


def compile_rule(data: Dict[str, Any], language: Dict[str, Any]) -> Rule:
    titles = None if data.get("title") else tuple(data.get("title_groups", ()))
    expanded = as_read(expand_macros(data["pattern"], language), language)
    compiled = re.compile(expanded, re.IGNORECASE)
    unaccented = unaccented_pattern(expanded)
    if compiled.groups <= max(map(int, re.findall(r"\{(\d+)\}", data["template"])), default=-1):  # else each match fails
        raise LanguageDataError(f"rule {data['template']!r} fills more values than its pattern captures")
    return Rule(pattern=compiled, template=data["template"],
                pin=bool(data.get("pin", False)), title_groups=titles,
                about_group=data.get("about_group"), relation_group=data.get("relation_group"),
                lowercase=not language["keep_case"], about=data.get("about", ""),
                span=int(data.get("span", 1)), style=bool(data.get("style", False)), unaccented=unaccented if unaccented != expanded else "",
                purpose=re.compile(as_read(expand_macros(data["purpose"], language), language), re.IGNORECASE)
                if "purpose" in data else NEVER)


def pairs(lines: List[str]) -> Tuple[Tuple[str, str], ...]:
    """``SAID = MEANT`` lines, longest first."""
    pairs = [tuple(part.strip().casefold() for part in line.split("=", 1)) for line in lines if "=" in line]
    return tuple(sorted(((a, b) for a, b in pairs if a and b), key=lambda p: -len(p[0])))
