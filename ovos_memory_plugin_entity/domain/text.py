"""Text primitives for dedup, tombstones, ranking and the screens: clean, normalise,
split into words, hash. Pure; stemming is passed in (:mod:`language.stemming`).
"""
from __future__ import annotations

import hashlib
import hmac
import re
import unicodedata
from functools import lru_cache
from typing import Callable, Dict, FrozenSet, Iterable, List, Optional, Tuple

# Distinct texts whose content words are kept (every edit indexes the live facts by them).
MAX_CACHED_TEXTS = 50_000
# Longer texts get their content words computed, not cached: the cache holds facts, not pasted pages.
MAX_CACHED_TEXT_CHARS = 300
_WHITESPACE = re.compile(r"\s+")
# A content word: letters and digits; a middle dot joins ("al·lèrgic"), an apostrophe splits ("user's").
WORD = re.compile(r"\w+(?:·\w+)*", re.UNICODE)
# A word as said (gates, answers, the screen): an apostrophe stays inside, so "don't" is one word.
SAID_WORD = re.compile(r"[\w'’]+", re.UNICODE)


def expand_contractions(words: Iterable[str], table: Dict[str, str], min_elided: int = 2) -> List[str]:
    """Contractions expanded ("i'm" -> "i am"); an elision ("d'") before ``min_elided``
    letters or more ("d'enregistrer") makes two words."""
    out: List[str] = []
    for word in words:
        apostrophe = word.find("'")
        if word not in table and 0 < apostrophe <= len(word) - 1 - min_elided and word[:apostrophe + 1] in table:
            out.extend((table[word[:apostrophe + 1]], word[apostrophe + 1:]))
        else:
            out.extend(table.get(word, word).split())
    return out


def title_words(value: str) -> str:
    """Capitalised words, short joiners kept small: "Rio de Janeiro", "Frankfurt am Main"."""
    words = value.split()
    return " ".join(w if n and len(w) <= 3 and w.islower() else w[:1].upper() + w[1:] for n, w in enumerate(words))


def said_words(text: str) -> List[str]:
    return [w.replace("’", "'") for w in SAID_WORD.findall(text.casefold())]
_TRAILING_PUNCTUATION = ".!?,;:。！？…"
# Control and format characters can smuggle structure into a prompt: none in a one-line fact.
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
    """The stemmer of last resort: a plural or third-person ``s`` only."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


def terms(text: str, stopwords: FrozenSet[str] = frozenset(),
          stem: Callable[[str], str] = light_stem) -> List[str]:
    """The meaningful words, in order: stopwords out (without accents), stemmed, accents folded."""
    return [fold_accents(stem(word)) for word in WORD.findall(normalise(text)) if fold_accents(word) not in stopwords]


def content_words(text: str, stopwords: FrozenSet[str] = frozenset(),
                  stem: Callable[[str], str] = light_stem) -> Tuple[str, ...]:
    """Sorted unique terms: what makes two wordings one fact (cached for fact-sized texts)."""
    if len(text) > MAX_CACHED_TEXT_CHARS:
        return tuple(sorted(set(terms(text, stopwords, stem))))
    return _cached_content_words(text, stopwords, stem)


@lru_cache(maxsize=MAX_CACHED_TEXTS)
def _cached_content_words(text: str, stopwords: FrozenSet[str], stem: Callable[[str], str]) -> Tuple[str, ...]:
    return tuple(sorted(set(terms(text, stopwords, stem))))


def digest(text: str) -> str:
    """A stable one-way hash; used so tombstones keep no readable text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def keyed_digest(text: str, key: bytes) -> str:
    """HMAC-SHA-256 under the store's secret: a copied hash cannot be checked against guesses."""
    return hmac.new(key, text.encode("utf-8", "surrogatepass"), hashlib.sha256).hexdigest() if key else digest(text)


def tombstone_hashes(text: str, stopwords: FrozenSet[str], stem: Callable[[str], str] = light_stem,
                     key: bytes = b"") -> Tuple[str, Optional[str]]:
    """Keyed hashes of the normalised text and of its content words (None if none)."""
    words = content_words(text, stopwords, stem)
    return keyed_digest(normalise(text), key), (keyed_digest(" ".join(words), key) if words else None)
