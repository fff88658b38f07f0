"""Was the user's answer a yes or a no? Judged in code, never by the extraction model.

The word lists (``yes.voc``, ``no.voc``, ``unsure.voc``) on the answer as said, contractions
expanded: the longest phrase said takes its words ("sure why not" is a yes, "not sure" a doubt);
then doubt wins, then a no, then a yes; else unclear (None). ovos-yes-no-plugin, when installed,
hears the words they did not read: where the two disagree, the answer is unclear.
:func:`is_answer` tells an answer from the user saying something new ("sure is cold today").
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Callable, Dict, FrozenSet, Optional, Tuple

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.text import expand_contractions, fold_accents
from ovos_memory_plugin_entity.language.locale_data import Language, ReadingWords
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


@lru_cache(maxsize=16)
def _verdicts(yes: Tuple[str, ...], no: Tuple[str, ...], unsure: Tuple[str, ...],
              words: ReadingWords) -> Dict[str, Optional[bool]]:
    """Each phrase, as read, and what it says (a phrase in two lists: doubt, then no)."""
    return {_spoken(p, words): verdict for phrases, verdict in ((yes, True), (no, False), (unsure, None)) for p in phrases}


def _verdicts_said(language: Language, answer: str) -> Tuple[FrozenSet[Optional[bool]], str]:
    """What the phrases said in ``answer`` say (each taking its words from a shorter one), and the words left."""
    verdicts = _verdicts(language.yes, language.no, language.unsure, language.reading)
    pattern, spoken = _pattern(tuple(verdicts), language.reading), _spoken(answer, language.reading)
    # words of assent that hold a negation say no no: "sí sí no te preocupes", "yes, no problem"
    spoken = _pattern(tuple(p for p in language.assent if set(_spoken(p, language.reading).split())
                            & language.reading.negations), language.reading).sub(" ", spoken)
    return frozenset(verdicts[m.group(0)] for m in pattern.finditer(spoken)), pattern.sub(" ", spoken)


def _verdict(verdicts: FrozenSet[Optional[bool]]) -> Optional[bool]:
    return None if not verdicts or None in verdicts else False not in verdicts


def confirming(language: Language, answer: str) -> str:
    """An answer to our question of forgetting, as judged: said with a yes, the verb asked about and a
    dismissal holding it are the forgetting confirmed ("yes, forget it all", "sim, esquece tudo"); a
    verb that calls it off is not ("yes, never mind", "oui, annule")."""
    own = language.controls[0]
    said = _spoken(answer, language.reading)
    # "forget it" alone also dismisses ("ok forget it, keep it"): it confirms only beside "all"
    everything = _pattern(tuple(" ".join(p) for phrases in own.everything.values() for p in phrases), language.reading)
    dismissals = tuple(p for p in language.no if any(w in own.forget or w.split("-")[0] in own.forget
                                                     for w in _spoken(p, language.reading).split()))
    if dismissals and _pattern(dismissals, language.reading).search(said) and not everything.search(said):
        return answer
    action = tuple(v for v in own.forget | own.delete if v not in language.no
                   and not set(v.split()) & language.reading.negations) + dismissals
    rest = _pattern(action, language.reading).sub(" ", said)
    return rest if True in _verdicts_said(language, rest)[0] else answer


def erases(language: Language, answer: str) -> bool:
    """The answer says to forget or delete ("sí, bórralo"): to "should I remember that?" that is no yes."""
    own = language.controls[0]
    return bool(_pattern(tuple(own.forget | own.delete), language.reading).search(_spoken(answer, language.reading)))


def keeps(language: Language, answer: str) -> bool:
    """The answer asks to remember ("remember it", "merk dir das"): to "forget everything?" that is no yes."""
    said = _spoken(answer, language.reading).split()
    return any(tuple(said[i:i + len(p)]) == p for phrases in language.controls[0].remember.values()
               for p in phrases for i in range(len(said)))


def is_answer(language: Language, answer: str) -> bool:
    """A short answer: a no with any reasons ("nee doch nicht, lass mal lieber"), or a yes or a
    doubt with nothing but words of assent, the verb asked about, small words and asides besides
    ("sí, bórralo"): "sure is cold today" says something new."""
    everything = _spoken(answer, language.reading)
    if not everything or len(everything.split()) > MAX_ANSWER_WORDS:
        return False
    verdicts, _ = _verdicts_said(language, answer)
    if False in verdicts and None not in verdicts:
        return True
    if not verdicts:
        return False
    own = language.controls[0]
    verbs = own.forget | own.delete  # the verb asked about, glued to its pronoun or read apart from it ("borrar lo")
    assent = _pattern((*language.yes, *language.no, *language.unsure, *language.assent, *verbs),
                      language.reading)
    # Besides, only small words and "everything" ("sí, tot", "ja, das alles"); never a negation or
    # a "but", which narrow the yes ("oui, mais pas tout", "yes, just the last one").
    about = {word for phrases in own.everything.values() for p in phrases for word in p}
    narrowing = language.reading.negations | language.reading.clause_openers
    left = read(assent.sub(" ", everything), language.reading).words
    # and the verb and the small words it carries, apart or glued to it ("pots esborrar-ho", "puedes borrarlo")
    carried = own.particles | verbs | {word for word in left if any(
        word.startswith(verb) and word[len(verb):].strip("-") in own.particles for verb in verbs)}
    return all(word not in narrowing and (fold_accents(word) in language.stopwords or word in about | carried)
               for word in left)


def word_list_judge(language: Language) -> Judge:
    return lambda _question, answer: _verdict(_verdicts_said(language, answer)[0])


def load_judge(language: Language, lang: str) -> Judge:
    """ovos-yes-no-plugin's engine beside the word list, when it loads."""
    fallback = word_list_judge(language)
    try:
        from ovos_yes_no import HeuristicYesNoEngine
        engine: Any = HeuristicYesNoEngine()
    except Exception:  # not installed, or broken: the word list still answers
        return fallback

    def judge(question: str, answer: str) -> Optional[bool]:
        verdicts, unread = _verdicts_said(language, answer)
        ours = _verdict(verdicts)
        if ours is None and verdicts:
            return None  # "I don't know" is not a no
        try:  # on the words our phrases did not read: "sure, why not" holds no "not" of its own
            theirs = engine.yes_or_no(question, unread if verdicts else answer, lang=lang)
        except Exception as exc:
            LOG.warning(f"entity memory: ovos-yes-no-plugin failed ({exc}); using the word list")
            theirs = None
        # Where one is silent the other decides (its data misses Italian "sì"); where they disagree, it is unclear.
        return theirs if ours is None else ours if theirs in (None, ours) else None
    return judge
