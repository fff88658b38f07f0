"""Was the user's answer a yes or a no? Judged in code, never by the extraction model.

ovos-yes-no-plugin when installed, else the word lists (``yes.voc``, ``no.voc``,
``unsure.voc``), on the answer's :mod:`reading <language.reading>` with its asides ("no"
opening an answer is the answer). Doubt wins, then a no, then a yes; else unclear (None).
:func:`is_answer` tells an answer from the user saying something new ("sure is cold today").
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Optional, Tuple

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.text import expand_contractions, fold_accents
from ovos_memory_plugin_entity.language.data import Language, ReadingWords
from ovos_memory_plugin_entity.language.reading import SPOKEN_WORD, read

Judge = Callable[[str, str], Optional[bool]]
# An answer is short: "yes, go ahead, I'm sure"; a longer reply is the user saying something new.
MAX_ANSWER_WORDS = 8


def _spoken(text: str, words: ReadingWords) -> str:
    """An answer's words in the order said, contractions expanded ("ja doe maar": "maar" is no aside here)."""
    said = (w.strip("'-") or w for w in SPOKEN_WORD.findall(text.casefold().replace("’", "'")) if w != ",")
    return " ".join(expand_contractions(said, dict(words.contractions)))


@lru_cache(maxsize=64)
def _pattern(phrases: Tuple[str, ...], words: ReadingWords) -> "re.Pattern[str]":
    """Any of ``phrases``, read the way an answer is, as whole words (longest first)."""
    read_phrases = sorted({_spoken(p, words) for p in phrases} - {""}, key=len, reverse=True)
    body = "|".join(re.escape(p) for p in read_phrases) or "(?!)"
    return re.compile(rf"(?<![\w'])(?:{body})(?![\w'])")


def _verdict(language: Language, answer: str) -> Optional[bool]:
    spoken = _spoken(answer, language.reading)
    for phrases, verdict in ((language.unsure, None), (language.no, False), (language.yes, True)):
        if _pattern(phrases, language.reading).search(spoken):
            return verdict
    return None


def is_answer(language: Language, answer: str) -> bool:
    """A short answer: a no with any reasons ("nee doch nicht, lass mal lieber"), or a yes or a
    doubt with nothing but words of assent, the verb asked about, small words and asides besides
    ("sí, bórralo"): "sure is cold today" says something new."""
    everything = _spoken(answer, language.reading)
    if not everything or len(everything.split()) > MAX_ANSWER_WORDS:
        return False
    if _verdict(language, answer) is False:
        return True
    if not _pattern((*language.yes, *language.unsure), language.reading).search(everything):
        return False
    own = language.controls[0]
    assent = _pattern((*language.yes, *language.no, *language.unsure, *language.assent, *own.forget, *own.delete),
                      language.reading)
    # Besides, only small words and "everything" ("sí, tot", "ja, das alles"); never a negation or
    # a "but", which narrow the yes ("oui, mais pas tout", "yes, just the last one").
    about = {word for phrases in own.everything.values() for p in phrases for word in p}
    narrowing = language.reading.negations | language.reading.clause_openers
    left = read(assent.sub(" ", everything), language.reading).words
    return all(word not in narrowing and (fold_accents(word) in language.stopwords or word in about) for word in left)


def word_list_judge(language: Language) -> Judge:
    return lambda _question, answer: _verdict(language, answer)


def load_judge(language: Language, lang: str) -> Judge:
    """ovos-yes-no-plugin's engine (a dependency), with the word list should it fail to load."""
    fallback = word_list_judge(language)
    try:
        from ovos_yes_no import HeuristicYesNoEngine
        engine: Any = HeuristicYesNoEngine()
    except Exception:  # not installed, or broken: the word list still answers
        return fallback

    def judge(question: str, answer: str) -> Optional[bool]:
        if _pattern(language.unsure, language.reading).search(_spoken(answer, language.reading)):
            return None  # "I don't know" is not a no
        try:
            verdict = engine.yes_or_no(question, answer, lang=lang)
        except Exception as exc:
            LOG.warning(f"entity memory: ovos-yes-no-plugin failed ({exc}); using the word list")
            verdict = None
        # Its data misses some words in some languages (Italian "sì"): our list decides then.
        return verdict if verdict is not None else fallback(question, answer)
    return judge
