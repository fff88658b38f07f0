"""A Snowball stemmer per language (snowballstemmer: pure Python, 30 languages); the light
plural stemmer when a language has none."""
from __future__ import annotations

import threading
from functools import lru_cache
from typing import Callable, Dict

from ovos_memory_plugin_entity.domain.text import light_stem

# Stems kept per stemmer before the cache starts again (a bound, not a tuning).
MAX_CACHED_STEMS = 50_000
# Longer "words" (a pasted hash, a run of letters) are stemmed but not kept: the stem
# cache stays within MAX_CACHED_STEMS * this many characters, a few MB.
MAX_CACHED_WORD_CHARS = 40


class SnowballStem:
    """Safe to share between threads, with a bounded cache (the same words come back every turn)."""

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
