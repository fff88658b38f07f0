"""Was the user's answer a yes or a no? Judged in code, never by the extraction model.

ovos-yes-no-plugin (the OVOS solver for this, multilingual) is used when installed;
otherwise a small word list per language (``locale/<lang>/yes.voc``, ``no.voc``, ``unsure.voc``).
Doubt wins ("I don't know"), then a negation ("yes, I mean no"), then a yes; an
answer with none of them is unclear (None).
"""
from __future__ import annotations

import re
from typing import Any, Callable, Optional

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.language.data import Language

Judge = Callable[[str, str], Optional[bool]]


def _phrase_in(phrase: str, words: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", words) is not None


def _doubtful(language: Language, answer: str) -> bool:
    words = " ".join(re.findall(r"[\w']+", answer.casefold()))
    return any(_phrase_in(p, words) for p in language.unsure)


def word_list_judge(language: Language) -> Judge:
    def judge(_question: str, answer: str) -> Optional[bool]:
        words = " ".join(re.findall(r"[\w']+", answer.casefold()))
        if _doubtful(language, answer):
            return None
        if any(_phrase_in(p, words) for p in language.no):
            return False
        if any(_phrase_in(p, words) for p in language.yes):
            return True
        return None
    return judge


def load_judge(language: Language, lang: str) -> Judge:
    """ovos-yes-no-plugin's engine (a dependency), with the word list should it fail to load."""
    fallback = word_list_judge(language)
    try:
        from ovos_yes_no import HeuristicYesNoEngine
        engine: Any = HeuristicYesNoEngine()
    except Exception:  # not installed, or broken: the word list still answers
        return fallback

    def judge(question: str, answer: str) -> Optional[bool]:
        if _doubtful(language, answer):  # "I don't know" is not a no
            return None
        try:
            verdict = engine.yes_or_no(question, answer, lang=lang)
        except Exception as exc:
            LOG.warning(f"entity memory: ovos-yes-no-plugin failed ({exc}); using the word list")
            verdict = None
        # Its data misses some words in some languages (Italian "sì"): our list decides then.
        return verdict if verdict is not None else fallback(question, answer)
    return judge
