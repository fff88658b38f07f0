"""Secrets: what the memory never keeps. Pure; the words are language data.

:func:`secret_class` and :func:`redact` read a text as the screen does, digits spoken in any
shipped language as digits, and name each secret's class, never its value. A secret is found
by its shape and a validator (Luhn, mod-97, a token's prefix or entropy, an id's check), by
the words that introduce it (``secret_<list>.voc`` of every shipped language), or as long as
one and said beside it. House numbers, years, flights, phones and doses stay as said.
"""
from __future__ import annotations

import math
import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from typing import Callable, Dict, FrozenSet, List, Optional, Pattern, Set, Tuple

from ovos_memory_plugin_entity.language import reading
from ovos_memory_plugin_entity.language.instructions import screened_form, unspelled
from ovos_memory_plugin_entity.language.locale_data import SECRET_LISTS, Language

# The class each keyword list names, as the audit and a redacted turn say it.
KEYWORD_CLASSES: Dict[str, str] = {"password": "password", "pin": "PIN", "code": "security code",
                                   "token": "access token", "card": "card number", "card_code": "card security code",
                                   "bank_account": "bank account number", "government_id": "government id",
                                   "security_answer": "security answer"}
CARD, IBAN, TOKEN, GOVERNMENT_ID = "card number", "IBAN", "access token", "government id"
# Lists whose value may be a single word without digits ("the wifi password is tulips").
WORD_VALUE_LISTS = frozenset({"password", "token", "security_answer"})
# An answer is often said with what it answers ("the name of my first dog Rex"), and its words may open with a small one.
ANSWER_LISTS = frozenset({"security_answer"})
# A value of words said on into more talk ("purple giraffe rocket all lowercase no spaces") is taken with the talk
# after it, up to this many words: what follows is lost from the kept turn, never the value kept.
MAX_SAID_ON_WORDS = 12
# Words after a security question named that may still say its answer ("na pergunta de segurança do banco sobre a
# cidade onde os meus pais se conheceram pus viseu"), in its clause.
MAX_QUESTION_REACH = 20
# Words allowed between a keyword and its linking word ("the code *they sent me by sms* is"), each after up to
# a few small words ("la combinación *del candado de la taquilla del gimnasio* es").
MAX_QUALIFIER_WORDS, MAX_SMALL_WORDS = 6, 3
# Words between a link and a value in digits: an article, an adverb ("es *el* 4821", "c'est *toujours le* 4821").
MAX_ARTICLE_WORDS, MAX_ARTICLE_CHARS = 3, 10
MAX_ARTICLE_LETTERS = 3  # an article: "el", "die"; a year past a longer word is a date ("valid until 2025")
# Words a password said aloud may take ("sunflower seventy seven"), up to the end of its clause.
MAX_PASSWORD_WORDS = 6
# The forms of a password of words that rival (see ``_word_values``): to its clause end, said on.
WORD_VALUE_FORMS = 2
# Digits a keyword's value holds at least: not "pin 12", nor a card limit of 2500 (no Luhn: a card said is misheard).
MIN_DIGITS = {"card": 12, "bank_account": 8, "government_id": 5, "pin": 4, "code": 3, "card_code": 3}
# A value of letters and digits this long after any keyword is a password ("passcode is tulips88", not "B12").
MIN_MIXED_CHARS = 6
# Lists whose value may come before the keyword ("set 7734 as the alarm code").
VALUE_FIRST_LISTS = frozenset({"pin", "code", "password", "card_code"})
# Space-separated groups an IBAN may span ("PT50 0002 0123 1234 5678 9015 4").
MAX_IBAN_GROUPS = 10
# A payment card number's length (ISO/IEC 7812).
CARD_DIGITS = (13, 19)
# An IBAN's length, from Norway's 15 to the longest the standard allows.
IBAN_CHARS = (15, 34)
# An IBAN's account part is mostly digits: fewer than this many and it is a word, not an IBAN.
MIN_IBAN_DIGITS = 10
# A token this long (letters and digits, both), this random (bits a character), is a key: words repeat more.
HIGH_ENTROPY_CHARS = 20
HIGH_ENTROPY_BITS = 3.5

# Between the groups of a card number or an IBAN: spaces, dashes of any kind, dots, slashes (a space either side
# too: "4 - 8 - 2 - 1"), commas.
_GROUP_SEP = r"(?:[ \u00a0]?[.\-/\u2010-\u2015\u2212][ \u00a0]?|[ \t\u00a0]|, ?)"
_DIGIT_RUN = re.compile(rf"(?<![\w+])\d+(?:{_GROUP_SEP}\d+)*(?!\w)")
_IBAN_RUN = re.compile(rf"(?<!\w)[a-z] ?[a-z] ?\d ?\d[a-z0-9]*(?:{_GROUP_SEP}[a-z0-9]+)*", re.IGNORECASE)  # "g b 82 …"
_NOT_ALNUM = re.compile(r"[^a-z0-9]", re.IGNORECASE)
_KNOWN_TOKENS = re.compile(
    r"(?<![\w-])(?:sk-(?:proj-|live-|test-)?[A-Za-z0-9_-]{16,}"  # OpenAI, Stripe
    r"|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}"  # GitHub
    r"|(?:AKIA|ASIA)[0-9A-Z]{16}"  # AWS access key id
    r"|xox[abprs]-[A-Za-z0-9-]{10,}"  # Slack
    r"|AIza[0-9A-Za-z_-]{35}"  # Google API key
    r"|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})")  # a JWT
# Ids by shape alone: a US SSN (never area 000, 666, 9xx), a Spanish DNI or NIE (letter checked), a codice fiscale.
_SSN = re.compile(r"(?<![\d-])(?!000|666|9)\d{3}([- ])(?!00)\d{2}\1(?!0000)\d{4}(?![\d-])")
_DNI = re.compile(r"(?<!\w)(?:([xyz])[ -]?)?(\d{7,8})[ -]?([a-z])(?!\w)", re.IGNORECASE)
_CODICE_FISCALE = re.compile(r"(?<!\w)[a-z]{6}\d{2}[a-z]\d{2}[a-z]\d{3}[a-z](?!\w)", re.IGNORECASE)
_LONG_TOKEN = re.compile(rf"(?<![\w+/=-])[A-Za-z0-9+/=]{{{HIGH_ENTROPY_CHARS},}}(?![\w+/=-])")
# A value: a word with a digit, and the digit groups that follow it ("4821", "123-45-6789", "48 21").
_DIGIT_VALUE = rf"[^\s,;!?()\"]*\d[^\s,;!?()\"]*(?:{_GROUP_SEP}\d[\w-]*)*"
# A full stop that ends no sentence: after a title's capital and up to two letters ("Mr. Whiskers", "Sgt. Pepper").
_ABBREVIATED = r"(?<=(?-i:\b[A-Z]\.))|(?<=(?-i:\b[A-Z][a-z]\.))|(?<=(?-i:\b[A-Z][a-z]{2}\.))"
# A word of a value said on, in its sentence.
_NEXT_WORD = rf"(?:(?<!\.)|{_ABBREVIATED})[ \t]+[^\s,;!?()\"]+"
# Where a sentence ends.
_SENTENCE_STOP = re.compile(r"(?<!\b[A-Z])(?<!\b[A-Z][a-z])(?<!\b[A-Z][a-z]{2})[.!?](?:\s|$)")
# ... or a clause, written: "…security questions with help from her daughter Emma, who lives in Boston".
_CLAUSE_STOP = re.compile(rf"{_SENTENCE_STOP.pattern}|[,;:](?:\s|$)")
# The words said after a value taken back ("calçots a la brasa no espera …").
_SAID_AGAIN = re.compile(rf"(?:{_NEXT_WORD}){{0,{MAX_SAID_ON_WORDS}}}")
# An answer said on into more talk is taken with the words after it, up to its most: what follows is lost, not it.
_ANSWER_VALUE = rf"[^\s,;!?()\"]+(?:[ \t]+[^\s,;!?()\"]+){{0,{MAX_SAID_ON_WORDS - 1}}}"
_ARTICLES = rf"(?P<bridge>(?:[ \t]+[^\W\d]{{1,{MAX_ARTICLE_CHARS}}}){{0,{MAX_ARTICLE_WORDS}}}?)"
_QUALIFIER = r"[^\W\d]+(?:['’-][^\W\d]+)*"
# A pause between a keyword and its value: "PIN is... 4821", "PIN? it's 4821", "PIN, 4821" (a colon, read).
_PAUSE = r"(?:\s*(?:\.{2,}|[,;?!–—-]))?"  # a lone full stop ends a sentence
# What a value said first or after words must not be: a year ("in 2024 I changed my PIN").
_YEAR = re.compile(r"(?:18|19|20)\d\d")
# Words besides small ones and the repair itself between a code and one said again ("três cinco oito *pá* não espera").
MAX_REPAIR_CONTENT = 1
# A value said first is a run of at least this many digits: "au 140 a un digicode" is a house number.
MIN_VALUE_FIRST_DIGITS = 4
# How far beside a secret the same again is looked for, in characters ("e quello del telefono di mia moglie").
MAX_AGAIN_CHARS = 60
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")
# How far before a keyword a value said first is looked for, in characters.
VALUE_FIRST_REACH = 80
# Digits a part of a value holds at least ("my passcode starts with 98 and ends with 12").
MIN_PART_DIGITS = 2
_TRAILING = ".:'’"
_DIGIT = re.compile(r"\d")
# Words as the keyword index splits them: "wi-fi", "d'accès" and "pin code" are each two.
_WORD = re.compile(r"[^\W_]+")
# Words as said: "d'enfance" and "wi-fi" are each one.
_SAID_WORD = re.compile(r"[^\W_](?:[\w'-]*[^\W_])?")


@dataclass(frozen=True)
class Secret:
    start: int
    end: int
    kind: str  # the class: "card number", "PIN"...


@dataclass(frozen=True)
class _Finder:
    keyword_lists: Dict[Tuple[str, ...], FrozenSet[str]]  # a keyword's words (also glued: "pincode") -> its lists
    first_words: FrozenSet[str]  # the first word of every keyword: where to look for one
    wordless_triggers: FrozenSet[str]  # without a digit, only these start a secret (a digit word, a password's keyword)
    longest_keyword: int  # in words
    compound_ends: Tuple[str, ...]  # one-word keywords, longest first: a compound may end in one ("handypin")
    ordinary: FrozenSet[str]  # words that, beside a keyword, make it an ordinary number ("zip code")
    stopwords: FrozenSet[str]  # a password's qualifier opens with one ("*of the mail*"; not "*manager*")
    patterns: Dict[str, Tuple[Pattern[str], ...]]  # list name -> patterns with a "value" group
    digit_words: FrozenSet[str]  # every shipped language's spoken digits, folded
    digit_tables: Tuple["_DigitTable", ...]  # one per shipped language: a run is read in one language
    value_first: Pattern[str]  # digits, a link or a pause and a small word ("4821, my PIN"), ending where a keyword starts
    retractions: FrozenSet[str]  # words that take back what was just said ("no", "nein", "non")
    repairs: FrozenSet[Tuple[str, ...]]  # what says a value again, no bare "no": "no wait", "i mean", "enganei-me"
    repair_words: FrozenSet[str]  # their words
    parts: Pattern[str]  # a part of a value ("starts with", "the last two digits of my PIN are") and the part
    questions: Pattern[str]  # a security question named ("sicherheitsfrage"): its clause holds the answer
    clause_openers: FrozenSet[str]  # where another clause starts ("and", "so"): an answer's words stop there


@dataclass(frozen=True)
class _DigitTable:
    said: Dict[str, str]  # folded word -> its digit, or "*2" / "*3" for "double" / "triple"
    run: Pattern[str]  # two or more of its words in a row


_FINDERS: Dict[str, _Finder] = {}  # one per language folder: bounded by the languages shipped


def _fold(text: str) -> str:
    """Accents off and apostrophes straight, one character for one: positions stay those of ``text``."""
    return text if text.isascii() else "".join(
        "'" if ch in "’‘" else next((b for b in unicodedata.normalize("NFKD", ch)[:1] if b.isascii()), ch) for ch in text)


def _finder(language: Language) -> _Finder:
    if language.code in _FINDERS:
        return _FINDERS[language.code]
    said_links = language.secret_words["links"]  # a value said first: these only, not the words of entering
    links = "|".join(re.escape(_fold(w.casefold())) for w in (*said_links, *language.secret_words["entering"]))
    link = rf"(?:{_PAUSE}\s*[:=,]|'s|{_PAUSE}\s+(?:{links or '(?!)'})(?!\w))"
    keyword_lists: Dict[Tuple[str, ...], Set[str]] = {}
    patterns: Dict[str, Tuple[Pattern[str], ...]] = {}
    opening = language.secret_words["opening"]
    small_word = "|".join(re.escape(_fold(w)) for w in sorted(language.stopwords, key=len, reverse=True)) or "(?!)"
    small = rf"(?:\s+(?:{small_word})(?!\w)){{0,{MAX_SMALL_WORDS}}}"
    repairs = frozenset(tuple(_fold(w) for w in repair) for repair in language.reading.repairs
                        if len(repair) > 1 or repair[0] not in (*language.negations, *language.no))
    # Where a value said on stops: the next clause or its subject ("… no spaces *and* my daughter …", "… *so i* …").
    # A subject that folds onto a small word ("él", "el") is no mark: the text is read folded.
    subjects = {w for w in language.reading.subjects if _fold(w) == w or _fold(w) not in language.stopwords}
    talk = "|".join(re.escape(_fold(w)) for w in sorted(language.reading.clause_openers | subjects,
                                                         key=len, reverse=True)) or "(?!)"
    qualifiers = rf"(?:{_PAUSE}{small}\s+(?!(?:{small_word})(?!\w)){_QUALIFIER}){{0,{MAX_QUALIFIER_WORDS}}}?{small}?"
    same = "|".join(_folded_phrase_any_spacing(w) for w in language.secret_words["same"]) or "(?!)"
    # A value the same as something, then said: "my PIN's the same as my birthday, 0412".
    same_as = rf"{qualifiers}(?:{link})?\s+(?:{same})(?:\s+{_QUALIFIER}){{0,{MAX_QUALIFIER_WORDS}}}?"
    introduced = rf"(?:{qualifiers}{link}{_ARTICLES}|{same_as}|\s*[:=#]?){_PAUSE}\s*(?P<value>{_DIGIT_VALUE})"
    parts = "|".join(_folded_phrase_any_spacing(w) for w in language.secret_words["parts"]) or "(?!)"
    for name in SECRET_LISTS:
        words = (*language.secret_words.get(name, ()), *(opening if name == "code" else ()))
        for word in words:
            split = tuple(_WORD.findall(_fold(word.casefold())))
            for form in (split, ("".join(split),)):
                keyword_lists.setdefault(form, set()).add(name)
        # Longest first; a space or a hyphen inside a keyword may be either, or nothing ("pin code", "pincode").
        alternation = "|".join(re.sub(r"\\[ -]", r"[\\s-]?", re.escape(w))
                               for w in sorted({_fold(w.casefold()) for w in words}, key=len, reverse=True))
        keyword = rf"(?P<keyword>{alternation or '(?!)'})(?!\w)"  # matched only where a keyword starts
        patterns[name] = (re.compile(keyword + introduced, re.IGNORECASE),)
        if name in WORD_VALUE_LISTS:  # its words first: "tulipes liles 1988" is one password
            values = (_ANSWER_VALUE,) if name in ANSWER_LISTS else _word_values(small_word, talk)
            patterns[name] = (*(re.compile(rf"{keyword}(?P<qualifier>(?:\s+{_QUALIFIER}){{0,{MAX_QUALIFIER_WORDS}}}?)"
                                           rf"{link}\s*(?P<value>{value})", re.IGNORECASE) for value in values),
                             *patterns[name])
    digit_tables = tuple(_digit_table(table) for table in language.digits if table)
    digit_words = frozenset(w for table in digit_tables for w in table.said)
    questions = [_fold(w.casefold()) for w in language.secret_words["question"]]
    wordless_triggers = digit_words | {words[0] for words, lists in keyword_lists.items()
                                       if lists & WORD_VALUE_LISTS} | {_WORD.findall(q)[0] for q in questions}
    # Accents kept: the Portuguese "é" (is) joins a value, "e" (and) does not.
    accented_links = "|".join(re.escape(w.casefold()) for w in said_links)
    value_first = re.compile(rf"(?<![\w+-])(?<!\d[ -])(?P<value>\d{{{MIN_VALUE_FIRST_DIGITS},}})"
                             rf"(?:[ \t]*[:,;–—-](?=[ \t]+(?:{small_word})(?!\w))|[ \t]*[:,;–—-]?"
                             rf"[ \t]+(?:(?:[^\W\d]+[ \t]+)?(?:{accented_links or '(?!)'})|[^\W\d]+['’]s)(?!\w))"
                             rf"(?:[ \t]+{_QUALIFIER}){{0,{MAX_QUALIFIER_WORDS - 1}}}[ \t]+$", re.IGNORECASE)
    compound_ends = tuple(sorted((k[0] for k in keyword_lists if len(k) == 1), key=len, reverse=True))
    finder = _Finder({k: frozenset(v) for k, v in keyword_lists.items()}, frozenset(k[0] for k in keyword_lists),
                     wordless_triggers, max(map(len, keyword_lists), default=0), compound_ends,
                     frozenset(_fold(w.casefold()) for w in language.secret_words["ordinary"]),
                     frozenset(_fold(w) for w in language.stopwords),
                     patterns, digit_words, digit_tables, value_first,
                     frozenset(_fold(w) for w in (*language.negations, *language.no) if " " not in w),
                     repairs,
                     frozenset(w for repair in repairs for w in repair),
                     re.compile(rf"(?<!\w)(?:{parts})(?!\w){introduced}", re.IGNORECASE),
                     re.compile(rf"(?<!\w)(?:{'|'.join(map(_folded_phrase_any_spacing, questions)) or '(?!)'})(?!\w)",
                                re.IGNORECASE),
                     frozenset(_fold(w) for w in language.reading.clause_openers if " " not in w))
    _FINDERS[language.code] = finder
    return finder


def _word_values(small_word: str, talk: str) -> Tuple[str, ...]:
    """The forms of a password of words, each matched at any link ("the password *to* get into my laptop *is*
    sunflower seventy seven"): up to a few words ending its clause ("tulips.", "sunflower seventy seven"); said on
    into more talk up to the next clause ("purple giraffe rocket all lowercase *and* my daughter …"), from a second
    word that is no small one; the one word ("is *shared* with my brother"), only where neither of the others is
    said. None opens with a small word ("is *on the* fridge")."""
    first = rf"(?!(?:{small_word})(?!\w))[^\s,;!?()\"]+(?![^\s,;!?()\"])"
    said_on = rf"(?:(?![ \t]+(?:{talk})(?!\w)){_NEXT_WORD})"
    return (rf"{first}(?:{_NEXT_WORD}){{0,{MAX_PASSWORD_WORDS - 1}}}(?=\s*(?:[.,;!?]|$))",
            rf"{first}(?![ \t]+(?:{small_word})(?!\w)){said_on}{{1,{MAX_SAID_ON_WORDS - 1}}}",
            first)


def _folded_phrase_any_spacing(phrase: str) -> str:
    return r"\s+".join(map(re.escape, _fold(phrase.casefold()).split()))


def _digit_table(lines: Tuple[Tuple[str, ...], ...]) -> _DigitTable:
    """A language's spoken digits (``digits.voc``: 0 to 9, then "double", "triple")."""
    said = {_fold(w.casefold()): str(digit) for digit, forms in enumerate(lines[:10]) for w in forms}
    said.update({_fold(w.casefold()): f"*{times}" for times, forms in zip((2, 3), lines[10:12]) for w in forms})
    alternation = "|".join(re.escape(w) for w in sorted(said, key=len, reverse=True))
    return _DigitTable(said, re.compile(rf"(?<!\w)(?:{alternation})(?:[\s,-]+(?:{alternation}))+(?!\w)", re.IGNORECASE))


def _spoken_digits(text: str, finder: _Finder) -> str:
    """Runs of two or more digit words of one shipped language as digits, the run that starts first (the
    longest of two) in its language: "four double eight one" -> "4881", "sete três zero oito" -> "7308"."""
    out, at = [], 0
    runs = sorted(((m, table) for table in finder.digit_tables for m in table.run.finditer(_fold(text))),
                  key=lambda run: (run[0].start(), run[0].start() - run[0].end()))
    for match, table in runs:
        if match.start() >= at:
            said = "".join(table.said[word] for word in _WORD.findall(match.group(0).casefold()))  # "4*281"
            out += [text[at:match.start()], re.sub(r"\*(\d)(\d?)", lambda d: d.group(2) * int(d.group(1)), said)]
            at = match.end()
    return "".join(out) + text[at:]


def luhn_valid(digits: str) -> bool:
    doubled = (int(ch) * (2 if i % 2 else 1) for i, ch in enumerate(reversed(digits)))
    return sum(d - 9 if d > 9 else d for d in doubled) % 10 == 0


def iban_valid(compact: str) -> bool:
    """ISO 13616 mod-97: the first four characters moved to the end, letters as 10..35."""
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(ch, 36)) for ch in rearranged)) % 97 == 1


def _card_end(m: "re.Match[str]") -> int:
    """Whole runs only (a window of a longer number passes Luhn one time in ten); no card starts with 0."""
    digits = _NOT_ALNUM.sub("", m.group(0))
    return m.end() if CARD_DIGITS[0] <= len(digits) <= CARD_DIGITS[1] and digits[0] != "0" and luhn_valid(digits) else 0


def _iban_end(m: "re.Match[str]") -> int:
    said = m.group(0)
    ends = [sep.start() for sep in re.finditer(_GROUP_SEP, said)][:MAX_IBAN_GROUPS - 1] + [len(said)]
    for end in reversed(ends):  # the longest valid prefix: words may follow an IBAN
        compact = _NOT_ALNUM.sub("", said[:end]).upper()
        if IBAN_CHARS[0] <= len(compact) <= IBAN_CHARS[1] and sum(c.isdigit() for c in compact) >= MIN_IBAN_DIGITS \
                and iban_valid(compact):
            return m.start() + end
    return 0


def _random_end(m: "re.Match[str]") -> int:
    """A long token with letters and digits this random (Shannon, bits per character) is a key."""
    token, counts = m.group(0), Counter(m.group(0)).values()
    entropy = -sum(n / len(token) * math.log2(n / len(token)) for n in counts)
    return m.end() if any(c.isdigit() for c in token) and any(c.isalpha() for c in token) \
        and entropy >= HIGH_ENTROPY_BITS else 0


def _dni_end(m: "re.Match[str]") -> int:
    """A Spanish DNI or NIE: its letter is the number (an NIE's X, Y, Z as 0, 1, 2) mod 23."""
    number = int(str("XYZ".index(m.group(1).upper())) + m.group(2) if m.group(1) else m.group(2))
    return m.end() if "TRWAGMYFPDXBNJZSQVHLCKE"[number % 23] == m.group(3).upper() else 0


# Secrets by their shape, each with its validator: the end of what it found, or 0.
_SHAPES: Tuple[Tuple[str, Pattern[str], Callable[["re.Match[str]"], int]], ...] = (
    (CARD, _DIGIT_RUN, _card_end), (IBAN, _IBAN_RUN, _iban_end),
    (TOKEN, _KNOWN_TOKENS, lambda m: m.end()), (TOKEN, _LONG_TOKEN, _random_end),
    (GOVERNMENT_ID, _SSN, lambda m: m.end()), (GOVERNMENT_ID, _CODICE_FISCALE, lambda m: m.end()),
    (GOVERNMENT_ID, _DNI, _dni_end))


def _named_keywords(folded: str, finder: _Finder) -> Dict[str, List[int]]:
    """Where a keyword of each list starts in the text: only there need its patterns run."""
    spans = [(m.start(), m.group(0).casefold()) for m in _WORD.finditer(folded)]
    words = [word for _start, word in spans]
    named: Dict[str, List[int]] = {}
    for i, (start, word) in enumerate(spans):
        if (word in finder.first_words or word.endswith(finder.compound_ends)) and not (i and words[i - 1] in finder.ordinary):
            for n in range(min(finder.longest_keyword, len(words) - i), 0, -1):  # the longest keyword names it
                lists, at = finder.keyword_lists.get(tuple(words[i:i + n]), ()), start
                end = next((end for end in finder.compound_ends if word.endswith(end)), "") if n == 1 else ""
                if not lists and end and word[:-len(end)] not in finder.ordinary:  # "handypin", not "postcode"
                    lists, at = finder.keyword_lists.get((end,), ()), start + len(word) - len(end)
                for name in lists:
                    named.setdefault(name, []).append(at)
                if lists:
                    break
    return named


def _introduced(read: str, folded: str, finder: _Finder, has_digit: bool) -> List[Secret]:
    found = []
    named = _named_keywords(folded, finder)
    # In order, a tie going to the first list; without a digit, only a list whose value may be words.
    for name in (n for n in SECRET_LISTS if n in named and (has_digit or n in WORD_VALUE_LISTS)):
        for start in sorted(set(named[name])):
            inside = start > 0 and folded[start - 1].isalnum()  # found ending a compound: "hairpin in 2019" is a date
            held = [(at, m) for at, m in enumerate(p.match(folded, start) for p in finder.patterns[name])
                    if m and _enough_digits(m.group("value"), name, _past_an_article(m) or inside)
                    and _qualified(m, name, finder)]
            # of a password's words to its clause end or said on, the first said ("c'est chaton violet … en …")
            rivals = [m for at, m in held if at < WORD_VALUE_FORMS] if name in WORD_VALUE_LISTS - ANSWER_LISTS else []
            m = min(rivals, key=lambda m: m.start("value")) if rivals else held[0][1] if held else None
            kind = KEYWORD_CLASSES[name]
            # None when an ordinary word stands before the value ("code postal", "código de descuento").
            if m is not None and finder.ordinary.isdisjoint(_WORD.findall(folded[start:m.start("value")].casefold())):
                end = m.start("value") + len(m.group("value").rstrip(_TRAILING))
                found.append(Secret(m.start("value"), _taken_back_end(folded, m.start("value"), end, finder)
                                    if name in WORD_VALUE_LISTS else end, kind))
            elif has_digit and name in VALUE_FIRST_LISTS:  # the value said a few words before
                first = finder.value_first.search(read, max(0, start - VALUE_FIRST_REACH), start)
                if first and _enough_digits(first.group("value"), name, bridged=True):
                    found.append(Secret(first.start("value"), first.end("value"), kind))
    return found + _parts(folded, named, finder)


def _taken_back_end(folded: str, start: int, end: int, finder: _Finder) -> int:
    """Where a value of words ends that a word of "no" takes back and says again ("calçots a la brasa no espera era
    sense la a calçots brasa"): the words after it go too, as many as a value said on takes at most."""
    if not _repaired(_WORD.findall(folded[start:end].casefold()), finder):
        return end
    said_again = _SAID_AGAIN.match(folded, end)
    return said_again.end() if said_again else end


def _parts(folded: str, named: Dict[str, List[int]], finder: _Finder) -> List[Secret]:
    """Parts of a value said in the sentence of its keyword: "my passcode starts with 98 and ends with 12"."""
    found = []
    for m in finder.parts.finditer(folded):
        if len(_DIGIT.findall(m.group("value"))) >= MIN_PART_DIGITS:
            kind = next((KEYWORD_CLASSES[name] for name in SECRET_LISTS if name in VALUE_FIRST_LISTS | {"card"}
                         for start in named.get(name, ()) if not _SENTENCE_END.search(
                             folded, min(start, m.end()), max(start, m.start()))), None)
            if kind:
                found.append(Secret(m.start("value"), m.start("value") + len(m.group("value").rstrip(_TRAILING)), kind))
    return found


def _answered(folded: str, finder: _Finder) -> List[Secret]:
    """Around a security question named, its clause, a few words before and up to twenty after: the answer is
    said before the question or after it ("unser erster hund hieß knöpfchen, das ist die antwort auf meine
    sicherheitsfrage"). Another clause stays ("i work as a nurse *and* i hate security questions")."""
    found = []
    for m in finder.questions.finditer(folded):
        start = max((end.end() for end in _CLAUSE_STOP.finditer(folded, 0, m.start())), default=0)
        stop = _CLAUSE_STOP.search(folded, m.end())
        before = [w for w in _SAID_WORD.finditer(folded, start, m.start())][-MAX_SAID_ON_WORDS:]
        opened = [at for at, w in enumerate(before) if w.group(0).casefold() in finder.clause_openers]
        before = before[opened[-1] + 1:] if opened else before
        after: List["re.Match[str]"] = []
        for word in _SAID_WORD.finditer(folded, m.end(), stop.start() if stop else len(folded)):
            if len(after) == MAX_QUESTION_REACH or word.group(0).casefold() in finder.clause_openers:
                break
            after.append(word)
        found.append(Secret(before[0].start() if before else m.start(), after[-1].end() if after else m.end(),
                            KEYWORD_CLASSES["security_answer"]))
    return found


def _qualified(m: "re.Match[str]", name: str, finder: _Finder) -> bool:
    """A password's qualifier opens with a small or elided word ("dell'home"), or goes on a keyword that holds one
    ("palavra-passe *da* rede wi-fi"); its value does not open with one ("on the fridge"), an answer's may ("the name
    of my first dog")."""
    if "qualifier" not in m.groupdict():
        return True
    qualifier, value = m.group("qualifier").split(), _WORD.findall(m.group("value").casefold())
    opening = [_WORD.findall(word.casefold())[0] for word in qualifier[:1] + m.group("keyword").split()[1:2]]
    return (not qualifier or "'" in qualifier[0] or not finder.stopwords.isdisjoint(opening)) \
        and bool(value) and (value[0] not in finder.stopwords or name in ANSWER_LISTS)


def _past_an_article(m: "re.Match[str]") -> bool:
    """Words longer than an article between a link and its value ("is valid until 2025", not "es el 1992")."""
    return any(len(word) > MAX_ARTICLE_LETTERS for word in (m.groupdict().get("bridge") or "").split())


def _enough_digits(value: str, name: str, bridged: bool = False) -> bool:
    """A password or a token may be words; a PIN, a card or an id holds its list's digits, or letters and
    digits ("passcode is tulips88"). A year said first or past more than an article is a date ("valid until 2025")."""
    if bridged and _YEAR.fullmatch(value):
        return False
    return name in WORD_VALUE_LISTS or len(_DIGIT.findall(value)) >= MIN_DIGITS.get(name, 1) \
        or len(value) >= MIN_MIXED_CHARS and not value.isdigit() and value.isalnum()


def _read(text: str, language: Language) -> Tuple[str, List[Secret]]:
    """The text as read and its secrets in order: as said (screened, digit words as digits), then, for a
    keyword without a value in digits, the utterance's normalised reading ("forty eight sixty three")."""
    finder = _finder(language)
    plain = text.isascii() and text.isprintable() and "  " not in text  # most turns: no screen pass
    read = text if plain else screened_form(text)
    folded = _fold(read).casefold()
    words = _WORD.findall(folded)
    may_name = not finder.first_words.isdisjoint(words) or any(w.endswith(finder.compound_ends) for w in words)
    if _DIGIT.search(read) is None and finder.wordless_triggers.isdisjoint(words) and not may_name:
        return read, []  # most turns: no digit, no word that could name or say a secret
    read, found = _find(read, words, finder)
    if found or not may_name or not _named_keywords(_fold(read), finder):
        return read, found  # the reading can only help a keyword said without a value in digits
    normal = reading.read(text, language.reading).text
    if normal and _DIGIT.search(normal) and normal != read.casefold():
        normal, found = _find(normal, _WORD.findall(_fold(normal)), finder)
        if found:
            return normal, found
    return read, []


def _find(read: str, words: List[str], finder: _Finder) -> Tuple[str, List[Secret]]:
    """``read`` with digit words as digits and spelled words whole, and the secrets in it."""
    if any(a in finder.digit_words and b in finder.digit_words for a, b in zip(words, words[1:])):
        read = _spoken_digits(read, finder)
    folded = _fold(read := unspelled(read))  # "T U L I P S" is one word
    has_digit = _DIGIT.search(folded) is not None
    found: List[Secret] = []
    if has_digit:  # the validated shapes first: they name a tie's class
        found += [Secret(m.start(), end, kind) for kind, pattern, end_of in _SHAPES
                  for m in pattern.finditer(folded) for end in (end_of(m),) if end]
    found += _introduced(read, folded, finder, has_digit) + _answered(folded, finder)
    found += _said_again(folded, found, finder)
    return read, sorted(found, key=lambda s: (s.start, -s.end))


def _echoes(read: str, said_before: str, language: Language) -> List[Secret]:
    """Where ``read`` repeats the value of a secret ``said_before`` holds, any separators between."""
    before, secrets = _read(said_before, language)
    found = []
    for secret in secrets:
        compact = _NOT_ALNUM.sub("", _fold(before[secret.start:secret.end]))
        echo = f"(?:{_GROUP_SEP})?".join(map(re.escape, compact))
        found += [Secret(m.start(), m.end(), secret.kind)
                  for m in re.finditer(rf"(?<!\w){echo}(?!\w)", _fold(read), re.IGNORECASE)] if compact else []
    return found


def _repaired(words: List[str], finder: _Finder) -> bool:
    """``words`` say something again: a repair other than a bare "no" ("no wait", "i mean", "espera")."""
    return any(tuple(words[at:at + len(repair)]) == repair for repair in finder.repairs for at in range(len(words)))


def _said_again(folded: str, found: List[Secret], finder: _Finder) -> List[Secret]:
    """The number just before or after a secret, as many digits (four at least), in its sentence or after a
    word of "no", no ordinary word between: taken back ("3371 no wait 3317"), a second ("2077 and the PIN is 5540").
    A year after a small word is a date, unless taken back ("born in 1979 and my PIN is 5566"; not "el del móvil 1995")."""
    again = []
    for secret in found:
        after = _DIGIT_RUN.search(folded, secret.end, secret.end + MAX_AGAIN_CHARS)
        before = [*_DIGIT_RUN.finditer(folded, max(0, secret.start - MAX_AGAIN_CHARS), secret.start)][-1:]
        for m, *gap in [(m, m.end(), secret.start) for m in before] + ([(after, secret.end, after.start())] if after else []):
            between = _WORD.findall(folded[gap[0]:gap[1]].casefold())
            taken_back = not finder.retractions.isdisjoint(between)
            digits, secret_digits = len(_DIGIT.findall(m.group(0))), len(_DIGIT.findall(folded[secret.start:secret.end]))
            # "358 no wait 3598"; not "4821 no problem" nor "4821 i mean my phone number is 555 0134": another thing named
            misheard = _repaired(between, finder) and len(
                [w for w in between if w not in finder.stopwords and w not in finder.repair_words]) <= MAX_REPAIR_CONTENT
            word_before = _WORD.findall(folded[:m.start()].casefold())[-1:]
            a_date = _YEAR.fullmatch(m.group(0)) and word_before and word_before[0] in finder.stopwords
            # as many digits; or, taken back, a PIN's at least: the first was misheard or missaid ("358 no wait 3598")
            if (digits == secret_digits or misheard) and digits >= MIN_DIGITS["pin"] \
                    and finder.ordinary.isdisjoint(between) and not (a_date and not taken_back) \
                    and (not _SENTENCE_END.search(folded, *gap) or taken_back):
                again.append(Secret(m.start(), m.end(), secret.kind))
    return again


def secret_class(text: str, language: Language) -> Optional[str]:
    """The class of the first secret ``text`` holds ("card number", "PIN"), or None. Never the value."""
    return next((secret.kind for secret in _read(text, language)[1]), None)


def redact(text: str, language: Language, said_before: str = "") -> str:
    """``text`` with each secret as its class ("[card number]"), in its read form; the text itself
    when it holds none. A secret ``said_before`` (the words a reply answers) goes where ``text`` repeats it."""
    read, found = _read(text, language)
    if said_before:
        found = sorted(_echoes(read, said_before, language) + found, key=lambda s: (s.start, -s.end))  # its class first
    if not found:
        return text
    out, at = [], 0
    for secret in found:
        if secret.start < at:  # overlaps one already replaced: replaced with it
            at = max(at, secret.end)
            continue
        out += [read[at:secret.start], f"[{secret.kind}]"]
        at = secret.end
    return "".join(out) + read[at:]
