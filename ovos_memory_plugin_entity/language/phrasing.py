"""Phrasings found among an utterance's words (:mod:`language.reading`): a phrase's words in order, a few others
allowed between them, one written ``.*word`` any number later. Pure.
"""
from __future__ import annotations

from typing import FrozenSet, List, Optional, Sequence

from ovos_memory_plugin_entity.language.locale_data import Phrase, PhraseIndex

# Other words allowed between two words of a phrasing: "stop remembering stuff", "what have you got stored on me".
MAX_GAP = 3


def near(said: Sequence[str], first: PhraseIndex, second: PhraseIndex) -> bool:
    """One of ``first`` and one of ``second`` said in ``said``, at most MAX_GAP words apart, in either order."""
    spans = [[(at, at + len(p)) for at in range(len(said)) for p in index.get(said[at], ())
              if tuple(said[at:at + len(p)]) == p] for index in (first, second)]
    return any(max(a[0], b[0]) - min(a[1], b[1]) <= MAX_GAP for a in spans[0] for b in spans[1])


def longest(said: Sequence[str], phrases: PhraseIndex) -> int:
    """How many words of ``said`` the longest of ``phrases`` said right at its start covers."""
    return max((len(p) for p in phrases.get(said[0] if said else "", ()) if tuple(said[:len(p)]) == p), default=0)


def match(said: Sequence[str], phrases: PhraseIndex, first: int, last: int, gap: int = MAX_GAP) -> Optional[int]:
    """Where one of ``phrases`` ends in ``said``, its first word at ``first`` .. ``last`` - 1 and each next one
    within ``gap`` other words (one written ``.*word`` any number later); None if nowhere."""
    return next(iter(ends(said, phrases, first, last, gap)), None)


def ends(said: Sequence[str], phrases: PhraseIndex, first: int, last: int, gap: int = MAX_GAP) -> List[int]:
    """Where each of ``phrases`` said from the first start that has one ends (:func:`match`)."""
    for start in range(first, min(last, len(said))):
        ends = [end for phrase in phrases.get(said[start], ()) for end in [_follows(said, phrase, start, gap)]
                if end is not None]
        if ends:
            return ends
    return []


def _follows(said: Sequence[str], phrase: Phrase, start: int, gap: int) -> Optional[int]:
    at = start
    for word in phrase[1:]:
        far = len(said) if word.startswith(".*") else min(at + 2 + gap, len(said))
        word = word[2:] if word.startswith(".*") else word
        at = next((j for j in range(at + 1, far) if said[j] == word), -1)
        if at < 0:
            return None
    return at + 1


def without_particles_between(said: Sequence[str], particles: FrozenSet[str], phrased: FrozenSet[str]) -> List[str]:
    """``said`` without the particles standing between two words of the phrases: "torna (pure) a memorizzare"."""
    return [w for at, w in enumerate(said) if not (w in particles and w not in phrased and 0 < at < len(said) - 1
                                                   and said[at - 1] in phrased and said[at + 1] in phrased)]


def without_phrases(said: Sequence[str], phrases: PhraseIndex) -> List[str]:
    """``said`` without ``phrases`` said in it: "de lo que (hablemos) que (te cuento)"."""
    out: List[str] = []
    at = 0
    while at < len(said):
        size = longest(said[at:], phrases)
        out.extend(said[at:at + 1] if not size else ())
        at += size or 1
    return out
