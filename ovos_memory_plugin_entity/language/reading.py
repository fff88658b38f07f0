"""One reading of an utterance, made once per turn, that every language feature reads.

From a speech recogniser's text, per language (:class:`ReadingWords`, English's asides beside):
look-alike letters and case folded, contractions expanded, a control's verb and the pronouns written on it apart, numbers in words as digits (digit
by digit too); clauses at punctuation or before a conjunction or a subject pronoun; fillers set
aside anywhere, lead-ins at a clause's start, tags at its end; each clause marked ``negated``
(its scope is the clause), ``question`` or ``reported``. Pure; reads at most :data:`MAX_READ_CHARS`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple

from ovos_memory_plugin_entity.domain.text import expand_contractions, fold_accents
from ovos_memory_plugin_entity.language.instructions import screened_form, skeleton
from ovos_memory_plugin_entity.language.locale_data import ReadingWords

# Only this much of an utterance is read: a spoken turn is short, a pasted page is no turn.
MAX_READ_CHARS = 1000
# Readings kept: one turn's features read the same utterance several times; a few turns back is plenty.
MAX_CACHED_READINGS = 256
# Number words looked up once each (the parser costs ~0.1 ms a call).
MAX_CACHED_NUMBER_WORDS = 4096
# A lead-in or tag set aside is at most this many words ("you know what", "when i ask you a question").
MAX_PHRASE_WORDS = 6
# A clause of fewer words than this is not split before a subject pronoun ("yes i'm sure").
MIN_SPLIT_WORDS = 2
# A negation opening a clause with at most this many words and no verb is an answer of its own ("ya no").
MAX_ELLIPTIC_WORDS = 2
# A word taken back stands at most this far before its repair: "a minha irmã chama-se marta | não espera | a minha".
MAX_REPAIR_WORDS = 5
# A repair is said in this many words at most: "o que é que eu estou a dizer".
MAX_REPAIR_PHRASE_WORDS = 8
# An article is this short: "la meva germana ai no el meu germà" starts again with one of another gender.
MAX_ARTICLE_CHARS = 3
# A word said in place of another is this long at least: a name, a town ("carl", "lyon"), no small word.
MIN_SWAPPED_CHARS = 4
# A run of single digits this long reads as one number ("four oh two one"); "two or three" stays.
MIN_DIGIT_RUN = 3
# A run of single letters this long spells the word before it ("maarten m a a r t e n").
MIN_SPELLED_LETTERS = 3
# A word spelled is this like the one the recogniser heard at least ("kristen k i r s t e n"; not "ask a b c d").
MIN_SPELLING_LIKENESS = 0.75

# In a reporting phrase, any one word: "(my|his) \w+ said".
ANY_WORD = "\\w+"

_SENTENCE_END = re.compile(r"[.!?;:¿¡…]+")
SPOKEN_WORD = re.compile(r"[\w'·-]+|,")  # a comma is kept as a word of its own: a soft clause edge
QUESTION_MARK = re.compile(r"[?¿？]")


@dataclass(frozen=True)
class Clause:
    """One clause as read: its words, and the lead-ins, fillers and tags set aside."""

    words: Tuple[str, ...]
    aside: Tuple[str, ...] = ()
    negation_at: Tuple[int, ...] = ()  # where a negation stands among ``words`` (its scope is the clause)
    question: bool = False
    reported: bool = False
    hesitations: Tuple[int, ...] = ()  # where a filler stood among ``words``: the speaker may start again there

    @property
    def negated(self) -> bool:
        return bool(self.negation_at)

    @property
    def text(self) -> str:
        return " ".join(self.words)


@dataclass(frozen=True)
class Reading:  # the normalised utterance: its clauses in spoken order

    clauses: Tuple[Clause, ...] = ()

    @property
    def text(self) -> str:
        return ", ".join(c.text for c in self.clauses if c.words)

    @property
    def words(self) -> Tuple[str, ...]:
        return tuple(w for c in self.clauses for w in c.words)


def read(utterance: str, words: ReadingWords) -> Reading:
    """The reading of ``utterance`` (a non-string reads as nothing)."""
    return _read(utterance[:MAX_READ_CHARS], words) if isinstance(utterance, str) else Reading()


@lru_cache(maxsize=MAX_CACHED_READINGS)
def _read(utterance: str, words: ReadingWords) -> Reading:
    text = skeleton(screened_form(utterance)).casefold().replace("’", "'").replace("`", "'")
    clauses: List[Clause] = []
    start = 0
    for end in _SENTENCE_END.finditer(text + "."):
        sentence = text[start:end.start()]
        asked = bool(QUESTION_MARK.search(text[end.start():end.end()] if end.start() < len(text) else ""))
        start = end.end()
        said = expand_contractions(_spelled([w.strip("'-") or w for w in SPOKEN_WORD.findall(sentence)]),
                                   dict(words.contractions))  # spelled before "i" is German "ich"
        if words.fused:  # "riattivala la memoria": the verb and its pronoun as two words
            said = [part for word in said for part in words.fused.get(fold_accents(word), (word,))]
        said, closing = _closing_tag(_repaired(_numbers(said, words), words), words)
        pieces = _split(said, words)
        for i, piece in enumerate(pieces):
            clause = _clause(piece, words, asked and i == len(pieces) - 1)
            if i == len(pieces) - 1 and closing:
                clause = replace(clause, aside=(*clause.aside, *closing))
            if clause.words or clause.aside:
                clauses.append(clause)
    return Reading(_mark_reports(clauses, words))


def as_said(words: str, utterance: str) -> str:
    """``words`` of the reading of ``utterance`` as the user said them ("Rua das Flores", "Emma") where the reading
    kept them; else as read."""
    found = words and re.search(r"(?<!\w)" + r"\W+".join(re.escape(w) for w in words.split()) + r"(?!\w)",
                                utterance, re.IGNORECASE)
    return found.group(0) if found else words


def said_after(clause: Clause, last: str, utterance: str) -> str:
    """What ``utterance`` says after ``clause``'s words up to its ``last`` ones, as said ("j'habite à Nice", not "je
    habite à nice"); ``last`` as read if nothing."""
    ends_at = len(clause.words) - len(last.split()) - 1
    if ends_at < 0:
        return last
    end = re.search(rf"(?<![\w']){re.escape(clause.words[ends_at])}(?![\w'])", utterance, re.IGNORECASE)
    said = utterance[end.end():].strip(" ,.!?;:") if end is not None else ""
    return said or last


def _parsed(text: str, lang: str) -> str:
    """``text`` as ovos-number-parser reads it (numbers as digits); as said where it cannot."""
    try:
        from ovos_number_parser import numbers_to_digits
        return numbers_to_digits(text, lang=lang)
    except Exception:  # a language or a text the parser cannot read stays as said
        return text


@lru_cache(maxsize=MAX_CACHED_NUMBER_WORDS)
def as_number(word: str, lang: str) -> Optional[str]:
    """``word``'s digits, or None for no number word."""
    digits = word if word.isdigit() else _parsed(word, lang).strip()
    return digits if digits.isdigit() else None


def _number(word: str, words: ReadingWords) -> Optional[str]:
    """``word``'s digits; none for a plural the parser reads as its singular opening a run ("les nous", "the little
    ones"), unless a digit is said so ("eins"); within a run it is a number ("deux cents", "quatre-vingts")."""
    digits = as_number(word, words.lang)
    if digits is not None and word.endswith("s") and word not in words.digit_words and word.isalpha() \
            and as_number(word[:-1], words.lang) == digits:
        return None
    return digits


def _numbers(said: List[str], words: ReadingWords) -> List[str]:
    """Runs of number words ("setenta e dois", "four oh two") as the parser reads them, a lone "one" a word
    where it ends a run too: an article ("de seis e um periquito", "sechs und einen hund")."""
    helpers = {word for word, _ in words.number_words}  # "oh", "double": a digit's word, no article's
    joiners = words.clause_openers | helpers
    out: List[str] = []
    i = 0
    while i < len(said):
        if _number(said[i], words) is None:
            out.append(said[i])
            i += 1
            continue
        j = i + 1
        while j < len(said) and (as_number(said[j], words.lang) is not None or (
                j + 1 < len(said) and said[j] in joiners and as_number(said[j + 1], words.lang) is not None)):
            j += 1
        groups = _groups(said[i:j], words)
        for before, group in zip([[], *groups], groups):  # alone, or after the word joining it: "seis e | um"
            lone_one = len(group) == 1 and as_number(group[0], words.lang) == "1" and not group[0].isdigit() and (
                j - i == 1 or bool(before) and as_number(before[-1], words.lang) is None and before[-1] not in helpers)
            out.extend(group if lone_one else _parsed(" ".join(group), words.lang).split())
        i = j
    return _join_digits(out, dict(words.number_words), words.asides_end)


def _groups(run: Sequence[str], words: ReadingWords) -> List[List[str]]:
    """A run of number words split where one number ends ("quarenta e oito vinte e um" is 48 21, not 69): a
    number joins adding below the lowest non-zero place (2000 + 24), multiplying (mille deux cent) or by twenties."""
    groups: List[List[str]] = []
    value = last = 0
    for word in run:
        said = as_number(word, words.lang)
        number = int(said) if said else None
        multiplies = number is not None and 0 < last < number and (number in (100, 1000, 10 ** 6) or (last, number) == (4, 20))
        # a number said in digits ends there ("850 dos veces"); units after the tens only where the language says so
        apart = groups and groups[-1][-1:] and (groups[-1][-1].isdigit() and not word.isdigit() and not multiplies
                                                or not words.tens_then_units and 20 <= last <= 90 and number is not None
                                                and number < 10 and as_number(groups[-1][-1], words.lang) == str(last))
        if number is not None and groups and (apart or not (multiplies or value in (60, 80) and number < 20
                                                            or number < 10 ** (len(str(value)) - len(str(value).rstrip("0"))))):
            # the word joining the two is neither's ("sechs | und | einen"): the parser reads "sechs und" as no number
            groups += [[groups[-1].pop()], []] if as_number(groups[-1][-1], words.lang) is None else [[]]
            value = last = 0
        groups = groups or [[]]
        groups[-1].append(word)
        if number is not None:
            value, last = (value - last + last * number, last * number) if multiplies else (value + number, number)
    return groups


def _join_digits(said: List[str], helpers: Dict[str, str], asides_end: FrozenSet[str]) -> List[str]:
    """"4 oh 2 1" → "4021", "oh 7 7 double 2" → "07722": a run of :data:`MIN_DIGIT_RUN` digits or more."""
    out: List[str] = []
    i = 0
    while i < len(said):
        digits, j = "", i
        while j < len(said):
            word, value = said[j], helpers.get(said[j], "")
            if len(word) == 1 and word.isdigit():
                digits += word
            elif value.isdigit() and (digits or 0 < j < len(said) - 1 and said[j - 1] not in asides_end
                                      and len(said[j + 1]) == 1 and said[j + 1].isdigit()):
                digits += value  # "is oh seven seven double two": a number's leading zero; after talk, "oh!"
            elif value.startswith("x") and j + 1 < len(said) and len(said[j + 1]) == 1 and said[j + 1].isdigit():
                digits += said[j + 1] * int(value[1:] or "1")
                j += 1
            else:
                break
            j += 1
        if len(digits) >= MIN_DIGIT_RUN:
            out.append(digits)
            i = j
        else:
            out.append(said[i])
            i += 1
    return out


def _spelled(said: List[str]) -> List[str]:
    """A word spelled out after it is said once: "ik heet maarten m a a r t e n", "der heißt balou, b a l o u", the
    one-letter words after it kept ("eva e v a y a mí"); spelled otherwise than heard, as spelled ("kristen k i r s t e
    n" is "kirsten"). Letters after no such word stay."""
    out: List[str] = []
    at = 0
    while at < len(said):
        run = 0
        while at + run < len(said) and len(said[at + run]) == 1 and said[at + run].isalpha():
            run += 1
        if run >= MIN_SPELLED_LETTERS:  # most turns spell nothing: no word's spelt forms are worked out for them
            heard = out[-2] if out[-1:] == [","] and len(out) > 1 else out[-1] if out else ""
            letters = fold_accents("".join(said[at:at + run]))
            exact = next((len(form) for form in _spelt_forms(heard) if letters.startswith(form)), 0)
            near = _near_spelling(fold_accents(heard), letters) if not exact else 0
            if exact >= MIN_SPELLED_LETTERS or near:
                if out[-1:] == [","]:
                    out.pop()
                out[-1] = heard if exact else letters[:near]
                at += exact or near
                continue
        out.extend(said[at:at + max(run, 1)])
        at += max(run, 1)
    return out


def _spelt_forms(heard: str) -> Tuple[str, ...]:
    """The letters a word is spelled with: "jean-luc" as "jeanluc", "björn" as "bjorn" or "bjoern"."""
    bare = heard.casefold().replace("-", "").replace("'", "")
    german = bare.replace("ä", "ae").replace("ö", "oe").replace("ü", "ue").replace("ß", "ss")
    return tuple(dict.fromkeys((german, fold_accents(bare)))) if bare.isalpha() else ()


def _near_spelling(heard: str, letters: str) -> int:
    """How many of ``letters`` spell nearly ``heard`` (the recogniser's word misheard: "kristen k i r s t e n"), all
    of them or all but a one-letter word after; 0 if none do."""
    near = [(SequenceMatcher(None, heard, letters[:n]).ratio(), n) for n in (len(letters), len(letters) - 1)
            if abs(n - len(heard)) <= 1]
    likeness, size = max(near, default=(0.0, 0))
    return size if heard[:1] == letters[:1] and likeness >= MIN_SPELLING_LIKENESS else 0


def _repaired(said: List[str], words: ReadingWords) -> List[str]:
    """Words the speaker took back and said again, left out: "my sister uh no my brother marcus" is "my brother
    marcus", "veinte perdón treinta" "30", "boise no sorry spokane" "spokane". A repair (``repairs``: "no",
    "sorry", "i mean") counts only where what follows it starts again as before, within :data:`MAX_REPAIR_WORDS`: a
    number after a number, a word of the user's after one ("meine schwester nee mein bruder"), after a pause the
    same word ("el meu germà ai no el meu cunyat"; a mere "no" only after a filler: "es mi hija no mi hijo" is a
    contrast); or one word in place of the one before, closing the clause, after two repairs ("carmen digo no pilar").
    Not "no como carne no como pescado", nor "i live in lyon i mean in the suburbs"."""
    out: List[str] = []
    at = 0
    while at < len(said):
        restart, cues, pauses, denials, addressed = at, 0, 0, 0, 0
        end = len(out)
        while end and (out[end - 1] in words.fillers or out[end - 1] == ","):
            end -= 1
        while restart < len(said):  # "no sorry", "uh no", "cioè no": the repair and the pauses around it
            size = next((n for n in range(min(MAX_REPAIR_PHRASE_WORDS, len(said) - restart), 0, -1)
                         if tuple(said[restart:restart + n]) in words.repairs), 0)
            denied = _denied_again(said, restart, out[:end], words) if cues and end else 0
            if denied:  # "(filomena) espera | não é a filomena | (é a fernanda)": the repair, with what it takes back
                restart, cues = restart + denied, cues + 1
            elif size:
                denials += size == 1 and said[restart] in words.negations
                addressed += size == 1 and said[restart] not in words.refusals  # "sorry jim", "wait luca": spoken to
                restart, cues = restart + size, cues + 1
            elif cues and (said[restart] in words.fillers or said[restart] == ","):
                restart, pauses = restart + 1, pauses + 1
            else:
                break
        again = said[restart] if cues and restart < len(said) else ""
        # the new word said twice is said once: "gerald, no, harold, harold", "once años no qué digo doce doce años"
        twice = next((n for n in (1, 2) if again and said[restart + n:restart + n + 1] == [again]
                      and said[restart + 1:restart + n] in ([], [","])), 0)  # "rosalba, rosalba"
        after = restart + 1 + twice
        paused = end < len(out) or pauses > 0
        # a mere "no" with no hesitation is a contrast ("es mi hija no mi hijo", "my wife said no my son ..."): a
        # word is taken back by it only after a filler or with a pause after it ("my sister uh no my brother", "el tres
        # no, el trece")
        hesitated = any(w in words.fillers for w in (*out[end:], *said[at:restart])) or said[restart - 1:restart] == [","]
        start: Optional[int] = None
        if again.isdigit() and end and out[end - 1].isdigit():
            # "seis no siete", "catorze, no tretze, que..." say which it is not: a number is taken back by "sorry",
            # or by a "no" with the clause going on after the new one ("tres eh no cuatro gatos")
            goes_on = said[after:after + 1] not in ([], [","])
            start = end - 1 if cues > denials or hesitated or (paused or cues > 1) and goes_on else None
        elif again.isdigit() and end >= 2 and out[end - 2].isdigit() and (cues > denials or hesitated) \
                and said[after:after + 1] in ([], [","], [out[end - 1]]):
            # a number and its unit, then the number alone: "douze ans euh non treize", "doze anos não desculpa treze"
            out[end - 2:] = [again, out[end - 1]]
            at = after + (said[after:after + 1] == [out[-1]])
            continue
        elif again and again not in words.negations and (cues > denials or hesitated):
            start = next((j for j in range(end - 1, max(end - MAX_REPAIR_WORDS, 0) - 1, -1)
                          if _restarts(out[j], again, paused or cues > 1, words)), None)
            if start is None and end and out[end - 1] == again and _content(again, words):
                start = end - 1  # the same word said again to stress it: "à narbonne pardon narbonne"
            if start is None and hesitated and len(again) <= MAX_ARTICLE_CHARS and said[restart + 1:restart + 2] \
                    and said[restart + 1] in words.personal:  # "a minha irmã ah não o meu irmão": an article and a word of the user's
                start = next((j for j in range(end - 2, max(end - MAX_REPAIR_WORDS, 0) - 1, -1)
                              if len(out[j]) <= MAX_ARTICLE_CHARS and out[j + 1] in words.personal), None)
            # one word for another after two repairs ("boise no sorry spokane", "carmen digo no pilar"); not "olvida a
            # lucía, no viene", nor a hedge ("moro em braga aliás perto", "allergic to peanuts i mean badly")
            then = said[restart + 1:]
            swapped = bool(end) and cues > 1 and _swappable(out[end - 1], again, then, words)
            # ... and a name for a name after a hesitation and a "no" or a phrase ("holger äh nee rüdiger", "tim äh
            # was sag ich tom"), the first said after what it names, not after a repair ("perdona ana eh no pilar":
            # "ana, not pilar"), nor after "sorry" or "wait", to whoever is there ("kate uh sorry jim")
            slipped_name = hesitated and not addressed and end > 1 and (out[end - 2],) not in words.repairs | words.lead_ins \
                and _name_for_name(out[end - 1], again, then, words.given_names,
                                   bool(twice) and all(w == "," or w in words.fillers for w in said[after:]))
            # ... never a word the user quotes from before ("he dicho mayo no quería decir junio" corrects what was said)
            quoted = any(tuple(out[end - 1 - len(p):end - 1]) == p for p in words.quoting)
            if start is None and (swapped or slipped_name) and not quoted:
                start = end - 1
        if start is None:
            out.append(said[at])
            at += 1
            continue
        del out[start:]
        out.append(again)
        at = after
    return out


def _swappable(said: str, again: str, then: Sequence[str], words: ReadingWords) -> bool:
    """Two words of content, one said in place of the other, its clause ending after it or the new word said again
    ("boise no sorry spokane | he moved", "megan no wait what am i saying morgan | her name's morgan"). Not "i want uh
    no more", nor "tomás eh no mejor olvida eso"."""
    ends = not then or then[0] == "," or then[0] in words.subjects | words.clause_openers \
        or again in then[:MAX_REPAIR_WORDS + 1]
    return ends and _content(said, words) and _content(again, words)


def _content(word: str, words: ReadingWords) -> bool:
    """A word of content: a name, a town, a food ("carl", "lyon", a short given name: "lea"); no small word, no
    number."""
    return (len(word) >= MIN_SWAPPED_CHARS or word in words.given_names) and word.replace("-", "").isalpha() and word not in (
        words.subjects | words.personal | words.clause_openers | words.clause_glue | words.negations | words.refusals
        | words.question_openers | words.fillers)


def _name_for_name(said: str, again: str, then: Sequence[str], names: FrozenSet[str], stressed: bool) -> bool:
    """Two given names of the language, one said in place of the other, the utterance ending after it or the new one
    said again later ("holger äh nee rüdiger mein mann heißt rüdiger"), or said twice closing the utterance
    (``stressed``: "our dog is called bella uh no molly, molly"). Not "sarah um hang on babe", "chloe um no problem",
    nor someone called by name ("ben um no max, get off the couch", "luna, luna, sit", "tom, tom, i'm on the phone")."""
    called = (then[:1] == [again] or then[:2] == [",", again]) and not stressed  # "max max get down", "kira, kira, quieta"
    return said != again and said in names and again in names and (not then or again in then[:MAX_REPAIR_WORDS + 1]
                                                                    and not called)


def _denied_again(said: Sequence[str], at: int, before: Sequence[str], words: ReadingWords) -> int:
    """How many words from ``at``, after a repair, deny again the word just said (``before``'s last), to be left out
    with it: a negation, a few small words and that word ("(erdbeeren ne warte) nicht erdbeeren (kiwi)", "(filomena
    espera) não é a filomena (é a fernanda)"). Not the repair's own "no" ("mario eh no | mario no toques", a child
    told off)."""
    if said[at] not in words.negations:
        return 0
    start = at + 1
    for size in range(1, MAX_REPAIR_WORDS):
        echo = said[start:start + size]
        if len(echo) < size:
            return 0
        if echo[-1] == before[-1]:
            small = all(w in before[-MAX_REPAIR_WORDS:] or len(w) <= MAX_ARTICLE_CHARS for w in echo[:-1])
            return start + size - at if small else 0
    return 0


def _restarts(said: str, again: str, paused: bool, words: ReadingWords) -> bool:
    """Whether ``again`` starts again where ``said`` stood: the same word after a pause, or a word of the user's in
    another form ("meine schwester nee mein bruder"), not another ("mi dirección bórrala que no me fío")."""
    if said == again:
        return paused or again in words.personal
    return said in words.personal and again in words.personal and said[:2] == again[:2] \
        and not {said, again} & words.subjects


def _split(said: List[str], words: ReadingWords) -> List[List[str]]:
    """Clauses without punctuation: before a conjunction, an unbound subject pronoun, a first-person word
    after a comma ("forget that, my new number is"), a "now" after a negation ("ya no X ahora Y") or the verb a negation took said
    again ("no vivo en lugo vivo en vigo"), once the clause holds :data:`MIN_SPLIT_WORDS` words;
    and after a negation that opened the turn with no verb ("ya no | que nos mudamos")."""
    pieces: List[List[str]] = [[]]
    for word in said:
        current = pieces[-1]
        before = current[-1] if current else ""
        so_far = [w for w in current if w != "," and w not in words.fillers]
        opens = (word in words.clause_openers or word in words.subjects or before == "," and word in words.personal
                 or word in words.contrasts and any(w in words.negations for w in current)  # "ya no X | ahora Y"
                 # the verb a negation took, said again, says what is so instead: "não moro em lisboa | moro no porto"
                 or before not in words.negations and any(w in words.negations and current[i + 1:i + 2] == [word]
                                                          for i, w in enumerate(current))
                 ) and before not in words.clause_glue \
            or _elliptic(so_far, before, word, words)
        if word == "," or not opens:
            current.append(word)
            continue
        content, _ = strip_leading(so_far, words)
        if content and (len(content) >= MIN_SPLIT_WORDS or before == ","):
            pieces.append([word])
        else:
            current.append(word)
    return pieces


def _elliptic(so_far: List[str], before: str, word: str, words: ReadingWords) -> bool:
    """A negation opening the turn with no verb, then a pause or a linking word: an answer of its own
    ("ya no, eh, que nos mudamos", "ja no eh ens vam mudar"), not "ya no vivo", "je veux pas que" nor "io non sono"."""
    opening, _ = strip_leading(so_far, words)
    return bool(opening) and opening[-1] in words.negations and len(opening) <= MAX_ELLIPTIC_WORDS \
        and not set(opening) & words.subjects and (before in words.fillers or word in words.clause_glue)  # "io non sono"


def strip_leading(said: Sequence[str], words: ReadingWords) -> Tuple[List[str], List[str]]:
    """Lead-ins, fillers and the conjunction that opened the clause, at its start, longest first."""
    said, aside = list(said), []
    while said:
        if said[0] == ",":  # a pause the recogniser wrote
            del said[0]
            continue
        if said[0] in words.refusals and said[1:2] == [","]:  # "no, olvida eso": an answer, not the verb's negation
            aside.append(said.pop(0))
            continue
        for size in range(min(MAX_PHRASE_WORDS, len(said)), 0, -1):  # "ah não" before the filler "ah"
            if tuple(said[:size]) in words.lead_ins:
                aside.extend(said[:size])
                del said[:size]
                break
        else:
            if said[0] not in words.fillers and said[0] not in words.clause_openers:
                return said, aside
            aside.append(said.pop(0))
    return said, aside


def _closing_tag(said: List[str], words: ReadingWords) -> Tuple[List[str], List[str]]:
    """A closing tag the split would cut in two: opened by a conjunction ("and stuff", "y todo eso"), or holding a
    subject ("mein ich", "bedoel ik": "I mean" said after the word meant)."""
    for size in range(min(MAX_PHRASE_WORDS, len(said) - 1), 1, -1):
        if (said[-size] in words.clause_openers or any(w in words.subjects for w in said[1 - size:])) \
                and tuple(said[-size:]) in words.tags:
            return said[:-size], said[-size:]
    return said, []


def _strip_trailing(said: List[str], words: ReadingWords) -> Tuple[List[str], List[str]]:
    """Closing tags and fillers at the end, longest first, repeatedly."""
    aside: List[str] = []
    while said:
        if said[-1] in words.fillers:
            aside.insert(0, said.pop())
            continue
        for size in range(min(MAX_PHRASE_WORDS, len(said) - 1), 0, -1):  # a tag never is the whole clause
            if tuple(said[-size:]) in words.tags:
                aside[:0] = said[-size:]
                del said[-size:]
                break
        else:
            return said, aside
    return said, aside


def _clause(said: List[str], words: ReadingWords, asked: bool) -> Clause:
    head, aside = strip_leading(said, words)
    body, tail = _strip_trailing([w for w in head if w != ","], words)
    hesitations = tuple(dict.fromkeys(i - n for n, i in enumerate(i for i, w in enumerate(body) if w in words.fillers)))
    body = [w for w in body if w not in words.fillers]
    body = [w for i, w in enumerate(body) if w not in words.intensifiers or i + 1 == len(body)]  # "voll allergisch"
    negation_at = tuple(i for i, w in enumerate(body) if w in words.negations or w.endswith("n't"))
    question = asked or bool(body and body[0] in words.question_openers)
    reported = any(_holds(body, phrase) for phrase in words.reported)
    return Clause(tuple(body), tuple(aside + tail), negation_at, question, reported, hesitations)


def _holds(said: Sequence[str], phrase: Sequence[str]) -> bool:
    """``phrase`` stands in ``said``, word for word (``\\w+`` is any one word: "my \\w+ said")."""
    size = len(phrase)
    return any(all(p == w or p == ANY_WORD for p, w in zip(phrase, said[i:i + size]))
               for i in range(len(said) - size + 1))


def _mark_reports(clauses: List[Clause], words: ReadingWords) -> Tuple[Clause, ...]:
    """A clause that is only a report makes reported the clause after it when it opens the utterance ("my mother
    says: forget everything"), else the one before ("…, she said")."""
    out = list(clauses)
    for i, clause in enumerate(clauses):
        if not (clause.reported and any(len(clause.words) == len(p) and _holds(clause.words, p) for p in words.reported)):
            continue
        at = i + 1 if i == 0 else i - 1
        if at < len(out) and not out[at].reported:
            out[at] = replace(out[at], reported=True)
    return tuple(out)
