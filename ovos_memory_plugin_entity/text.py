"""Text primitives shared by dedup, tombstones and ranking: normalise, tokenise, stem.

Pure functions, no language model: Unicode NFKC, case folding, accents dropped for
matching, and a Snowball stemmer per language (snowballstemmer: pure Python, 30
languages), with a light plural stemmer when a language has none.
"""
from __future__ import annotations

import hashlib
import re
import threading
import unicodedata
from functools import lru_cache
from typing import Callable, Dict, FrozenSet, Iterable, List, Optional, Tuple

# Stems kept per stemmer before the cache starts again (a bound, not a tuning).
MAX_CACHED_STEMS = 50_000
# Longer "words" (a pasted hash, a run of letters) are stemmed but not kept: the stem
# cache stays within MAX_CACHED_STEMS * this many characters, a few MB.
MAX_CACHED_WORD_CHARS = 40
# Longer texts get their content words computed, not cached: the cache holds facts
# (max_fact_chars, 200 by default), not pasted pages.
MAX_CACHED_TEXT_CHARS = 300
_WHITESPACE = re.compile(r"\s+")
_WORD = re.compile(r"\w+(?:·\w+)*", re.UNICODE)  # Catalan "al·lèrgic" is one word
_TRAILING_PUNCTUATION = ".!?,;:。！？…"
# Control and format characters (newlines, zero-width joiners, bidi overrides) have
# no place in a one-line fact and can smuggle structure into a prompt.
_CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def clean(text: str, max_chars: int) -> str:
    """One tidy line: control characters removed, whitespace collapsed, length capped."""
    text = unicodedata.normalize("NFKC", text)
    # Format characters (zero-width, bidi) vanish; line breaks and controls become a space.
    text = "".join("" if unicodedata.category(ch) == "Cf" else " " if unicodedata.category(ch) in _CONTROL_CATEGORIES
                   else ch for ch in text)
    text = _WHITESPACE.sub(" ", text).strip()
    if len(text) > max_chars:
        cut = text[:max_chars].rsplit(" ", 1)[0] if " " in text[:max_chars] else text[:max_chars]
        text = cut.rstrip(" ,;:") + "…"
    return text


def truncate(text: str, max_chars: int) -> str:
    """``text`` cut to ``max_chars`` with an ellipsis when it was longer."""
    return text if len(text) <= max_chars else text[:max_chars - 1] + "…"


def normalise(text: str) -> str:
    """The dedup key: NFKC, case-folded, whitespace collapsed, trailing punctuation dropped."""
    text = _WHITESPACE.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()
    return text.rstrip(_TRAILING_PUNCTUATION + " ")


def fold_accents(word: str) -> str:
    if word.isascii():
        return word
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def light_stem(word: str) -> str:
    """The stemmer of last resort: plural and third-person ``s`` only (``likes`` → ``like``)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


class SnowballStem:
    """A Snowball stemmer for one language, safe to share between threads, with a
    bounded cache (the same few thousand words come back every turn)."""

    def __init__(self, language: str):
        import snowballstemmer
        self._stemmer = snowballstemmer.stemmer(language)
        self._lock = threading.Lock()
        self._cache: Dict[str, str] = {}

    def __call__(self, word: str) -> str:
        found = self._cache.get(word)
        if found is None:
            with self._lock:  # a Snowball stemmer keeps state while it works
                found = self._stemmer.stemWord(word)
            if len(word) > MAX_CACHED_WORD_CHARS:
                return found
            if len(self._cache) >= MAX_CACHED_STEMS:
                self._cache.clear()
            self._cache[word] = found
        return found


@lru_cache(maxsize=64)
def stemmer_for(language: str) -> Callable[[str], str]:
    """Snowball's stemmer for ``language`` ("english", "portuguese"); the light one otherwise."""
    try:
        return SnowballStem(language) if language else light_stem
    except (ImportError, KeyError):
        return light_stem


def terms(text: str, stopwords: FrozenSet[str] = frozenset(),
          stem: Callable[[str], str] = light_stem) -> List[str]:
    """The words of ``text`` that carry meaning, in order: case-folded, stopwords out
    (compared without accents), stemmed, accents folded."""
    out = []
    for word in _WORD.findall(normalise(text)):
        if fold_accents(word) not in stopwords:
            out.append(fold_accents(stem(word)))
    return out


def content_words(text: str, stopwords: FrozenSet[str] = frozenset(),
                  stem: Callable[[str], str] = light_stem) -> Tuple[str, ...]:
    """Sorted unique meaningful terms: what makes two wordings the same fact. Cached
    (every edit indexes the session's live facts by them), for texts of fact size."""
    if len(text) > MAX_CACHED_TEXT_CHARS:
        return tuple(sorted(set(terms(text, stopwords, stem))))
    return _cached_content_words(text, stopwords, stem)


@lru_cache(maxsize=MAX_CACHED_STEMS)
def _cached_content_words(text: str, stopwords: FrozenSet[str], stem: Callable[[str], str]) -> Tuple[str, ...]:
    return tuple(sorted(set(terms(text, stopwords, stem))))


def digest(text: str) -> str:
    """A stable one-way hash; used so tombstones keep no readable text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def tombstone_hashes(text: str, stopwords: FrozenSet[str],
                     stem: Callable[[str], str] = light_stem) -> Tuple[str, Optional[str]]:
    """Hashes of the normalised text and of its sorted content words (None if it has none)."""
    words = content_words(text, stopwords, stem)
    return digest(normalise(text)), (digest(" ".join(words)) if words else None)


def contains_all(haystack_tokens: Iterable[str], needle_tokens: Iterable[str]) -> bool:
    """True when every needle token occurs among the haystack tokens."""
    have = set(haystack_tokens)
    return all(t in have for t in needle_tokens)
