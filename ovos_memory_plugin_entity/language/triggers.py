"""A cheap first test for the spoken controls: can this utterance be one at all?

Reading an utterance for a control (:mod:`language.controls`) normalises it and tries
every phrasing on every clause, on every turn. Most turns ask nothing of the memory, so
each phrasing is read once, at load, for the words every match of it must contain
(``forget``, ``remember``, ``record``...); an utterance holding none of them is no
control, and is not read further. The words are found in the compiled patterns
themselves, so a translator's new phrasing brings its own: a phrasing with no word
every match must contain makes every utterance pass, never one be missed. Pure.
"""
from __future__ import annotations

import re
from typing import Any, FrozenSet, Iterable, List, Optional, Pattern, Tuple

try:  # the regular-expression parser's own reading of a pattern (named sre_parse before 3.11)
    from re import _constants as _sre  # type: ignore[attr-defined]
    from re import _parser as _sre_parse  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _sre
    import sre_parse as _sre_parse

from ovos_memory_plugin_entity.language.data import Language

# Longer utterances are left to the recogniser (which reads only short ones): this test
# never costs more than a sentence.
MAX_TESTED_CHARS = 1000
_LETTER = re.compile(r"[^\W\d_]")
# Nodes a match may pass without any text of its own being required.
_NOT_REQUIRED = (_sre.ASSERT, _sre.ASSERT_NOT, _sre.AT)


class ControlTriggers:
    """The phrases one of which every spoken control of a language holds (``words``; None:
    any utterance may be one)."""

    def __init__(self, language: Language):
        self.words = _trigger_words((p for patterns in language.controls.values() for p in patterns),
                                    language.stopwords)
        self._search = re.compile("|".join(re.escape(w) for w in sorted(self.words))).search \
            if self.words else None

    def may_hold(self, utterance: str) -> bool:
        """False only when ``utterance`` cannot be a control: it holds none of the words.
        Text that is not printable ASCII is always read in full (the screens fold
        full-width and look-alike letters, and make control characters spaces, first)."""
        if self._search is None or not isinstance(utterance, str) or len(utterance) > MAX_TESTED_CHARS \
                or not utterance.isascii() \
                or not utterance.replace("\n", " ").replace("\t", " ").isprintable():
            return True
        return self._search(" ".join(utterance.casefold().split())) is not None


def _trigger_words(patterns: Iterable[Pattern[str]], stopwords: FrozenSet[str]) -> Optional[FrozenSet[str]]:
    words: set = set()
    for pattern in patterns:
        needed = _needed(list(_sre_parse.parse(pattern.pattern, pattern.flags)), stopwords)
        if needed is None:
            return None
        words |= needed
    return frozenset(words)


def _needed(sequence: List[Any], stopwords: FrozenSet[str]) -> Optional[FrozenSet[str]]:
    """Phrases one of which every match of ``sequence`` contains, the most telling such set
    (each with a word that is no stopword, then its shortest phrase longest); None when
    no such set is found."""
    def telling(phrases: FrozenSet[str]) -> Tuple[bool, int]:
        return all(any(w not in stopwords for w in p.split()) for p in phrases), min(map(len, phrases))
    best: Optional[FrozenSet[str]] = None
    for candidate in _candidates(sequence, stopwords):
        if candidate and (best is None or telling(candidate) > telling(best)):
            best = candidate
    return best


def _candidates(sequence: List[Any], stopwords: FrozenSet[str]) -> Iterable[Optional[FrozenSet[str]]]:
    run: List[str] = []
    for op, value in sequence + [(None, None)]:
        if op is _sre.LITERAL:
            run.append(chr(value))
            continue
        phrase = "".join(run).casefold().strip()  # as the utterance holds it, its spaces collapsed
        run = []
        if _LETTER.search(phrase):
            yield frozenset({phrase})
        if op is _sre.SUBPATTERN:
            yield _needed(list(value[-1]), stopwords)
        elif op is _sre.BRANCH:
            branches = [_needed(list(branch), stopwords) for branch in value[1]]
            yield None if any(b is None for b in branches) else frozenset().union(*branches)  # type: ignore[arg-type]
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT) and value[0] >= 1:
            yield _needed(list(value[2]), stopwords)
