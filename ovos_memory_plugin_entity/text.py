"""Text primitives shared by dedup, tombstones and ranking: normalise, tokenise, stem.

Pure functions, no language model: Unicode NFKC, case folding, accents dropped for
matching, and a light plural/verb-s stemmer that is right far more often than wrong
for the short third-person facts this plugin keeps.
"""
from __future__ import annotations

import hashlib
import re
import unicodedata
from typing import FrozenSet, Iterable, List, Optional, Tuple

_WHITESPACE = re.compile(r"\s+")
_WORD = re.compile(r"\w+", re.UNICODE)
_TRAILING_PUNCTUATION = ".!?,;:。！？…"
# Control and format characters (newlines, zero-width joiners, bidi overrides) have
# no place in a one-line fact and can smuggle structure into a prompt.
_CONTROL_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def clean(text: str, max_chars: int) -> str:
    """One tidy line: control characters removed, whitespace collapsed, length capped."""
    text = unicodedata.normalize("NFKC", text)
    text = "".join(" " if unicodedata.category(ch) in _CONTROL_CATEGORIES else ch for ch in text)
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


def _fold_accents(word: str) -> str:
    if word.isascii():
        return word
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def stem(word: str) -> str:
    """A light stemmer: plural and third-person ``s`` only (``likes`` → ``like``)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def tokens(text: str) -> List[str]:
    """Stemmed, accent-folded, case-folded word tokens, in order."""
    folded = _fold_accents(normalise(text))
    return [stem(w) for w in _WORD.findall(folded)]


def content_words(text: str, stopwords: FrozenSet[str]) -> Tuple[str, ...]:
    """Sorted unique tokens that are not stopwords."""
    return tuple(sorted({t for t in tokens(text) if t not in stopwords}))


def digest(text: str) -> str:
    """A stable one-way hash; used so tombstones keep no readable text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def tombstone_hashes(text: str, stopwords: FrozenSet[str]) -> Tuple[str, Optional[str]]:
    """Hashes of the normalised text and of its sorted content words (None if it has none)."""
    words = content_words(text, stopwords)
    return digest(normalise(text)), (digest(" ".join(words)) if words else None)


def contains_all(haystack_tokens: Iterable[str], needle_tokens: Iterable[str]) -> bool:
    """True when every needle token occurs among the haystack tokens."""
    have = set(haystack_tokens)
    return all(t in have for t in needle_tokens)
