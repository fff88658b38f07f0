"""Per-language data (stopwords, gates, injection patterns, rules), loaded from locale/.

A language is added by dropping ``locale/<code>.json`` beside the others: no code.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import FrozenSet, Optional, Pattern, Tuple

_LOCALE = Path(__file__).with_name("locale")


@dataclass(frozen=True)
class Rule:
    pattern: Pattern[str]
    template: str
    slot: Optional[str] = None
    pin: bool = False
    title_groups: Optional[Tuple[int, ...]] = None  # None: every group
    about_group: Optional[int] = None  # the fact is about the entity this group names
    relation_group: Optional[int] = None  # the user's relation to that entity


@dataclass(frozen=True)
class Language:
    code: str
    stopwords: FrozenSet[str] = frozenset()
    forget_all: Tuple[Pattern[str], ...] = ()
    forget_request: Tuple[Pattern[str], ...] = ()
    negations: FrozenSet[str] = frozenset()
    instructions: Tuple[Pattern[str], ...] = ()
    rules: Tuple[Rule, ...] = ()
    yes: Tuple[str, ...] = ()
    no: Tuple[str, ...] = ()
    unsure: Tuple[str, ...] = ()


def _rule(data: dict) -> Rule:
    titles: Optional[Tuple[int, ...]]
    if data.get("title"):
        titles = None
    else:
        titles = tuple(data.get("title_groups", ()))
    return Rule(pattern=re.compile(data["pattern"], re.IGNORECASE), template=data["template"],
                slot=data.get("slot"), pin=bool(data.get("pin", False)), title_groups=titles,
                about_group=data.get("about_group"), relation_group=data.get("relation_group"))


@lru_cache(maxsize=16)
def load_language(lang: str) -> Language:
    """The data for ``lang`` ("en-US", "en_us", "en"); an unknown language has none."""
    code = lang.replace("_", "-").split("-")[0].lower()
    path = _LOCALE / f"{code}.json"
    if not code.isalpha() or not path.is_file():
        return Language(code=code)
    data = json.loads(path.read_text(encoding="utf-8"))
    return Language(
        code=code,
        stopwords=frozenset(data.get("stopwords", ())),
        forget_all=tuple(re.compile(p, re.IGNORECASE) for p in data.get("forget_all", ())),
        forget_request=tuple(re.compile(p, re.IGNORECASE) for p in data.get("forget_request", ())),
        negations=frozenset(w.casefold() for w in data.get("negations", ())),
        instructions=tuple(re.compile(p, re.IGNORECASE) for p in data.get("instructions", ())),
        rules=tuple(_rule(r) for r in data.get("rules", ())),
        yes=tuple(data.get("yes", ())), no=tuple(data.get("no", ())),
        unsure=tuple(data.get("unsure", ())))
