"""A Snowball stemmer per language (snowballstemmer: pure Python, 30 languages); the light
plural stemmer when a language has none."""
from __future__ import annotations

import threading
from functools import lru_cache
from typing import Callable

from ovos_memory_plugin_entity.domain.text import light_stem

# Stems kept per stemmer (a bound, not a tuning): the same words come back every turn.
MAX_CACHED_STEMS = 50_000
# Longer "words" (a pasted hash, a run of letters) are stemmed but not kept: the stem
# cache stays within MAX_CACHED_STEMS * this many characters, a few MB.
MAX_CACHED_WORD_CHARS = 40


def snowball_stem(language: str) -> Callable[[str], str]:
    """Snowball's stemmer, safe to share between threads (it keeps state while it works), its stems cached."""
    import snowballstemmer
    stemmer, lock = snowballstemmer.stemmer(language), threading.Lock()

    def stem_word(word: str) -> str:
        with lock:
            return str(stemmer.stemWord(word))
    cached = lru_cache(maxsize=MAX_CACHED_STEMS)(stem_word)
    return lambda word: stem_word(word) if len(word) > MAX_CACHED_WORD_CHARS else cached(word)


@lru_cache(maxsize=64)
def stemmer_for(language: str) -> Callable[[str], str]:
    """Snowball's stemmer for ``language`` ("english", "portuguese"); the light one otherwise."""
    try:
        return snowball_stem(language) if language else light_stem
    except (ImportError, KeyError):
        return light_stem
