"""A rule of the model-free extractor (:mod:`language.rules`): its compiled pattern, what it makes of a match,
and the same pattern with its accents dropped, for text a recogniser (or a keyboard) wrote without any
("soy celiaca", "mio zio e vegano"). Pure."""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Optional, Pattern, Tuple

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
