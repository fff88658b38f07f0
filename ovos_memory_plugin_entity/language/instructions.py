"""What may become a fact: one screen, judging what a text does, not which words it has.

Every text that can reach a prompt is judged on its normalised form folded to its skeleton
(a Cyrillic "о" in "Ignоre" reads "o"), with every shipped language's data whatever ``lang``
is. A fact is a statement about a person; :func:`is_instruction` refuses structure no
statement has (markup, role markers), an order, a change to what the assistant may do,
reveal or whom it obeys; :func:`is_doubtful` finds a text spoken to someone ("you", "the
assistant"): held aside for the owner. "Prefers short answers" stays a fact.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Tuple

from confusable_homoglyphs import confusables

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.rendering import TEMPLATE_TOKENS
from ovos_memory_plugin_entity.domain.text import fold_accents
from ovos_memory_plugin_entity.language.locale_data import Language

# Role words of every shipped language, for role markers recognised by shape.
_ROLES = (r"system|assistant|user|developer|tool|human|ai|model|sistema|assistente|utilizador|usuario|usuário|"
          r"asistente|assistent|benutzer|nutzer|système|utilisateur|utente|systeem|gebruiker|usuari")
# Structure that no statement about a person has, in any language.
_STRUCTURE = re.compile(
    r"</?[a-z_][\w-]{0,30}\s*/?>"  # markup: "</facts>", "<system>"
    r"|<<\s*/?\w{1,30}\s*>>|\{\{.{0,40}\}\}"  # "<<SYS>>", "{{user}}"
    r"|>>[^<>\n]{0,60}<<"  # a section closed, another opened: ">> end of facts <<"
    rf"|(?:^|[\s\[\](){{}}<>|*#=~_-])(?:{_ROLES})\s*(?::|>|\]|\)|\}}|\||\*\*|##|==|~~)"  # role markers
    rf"|(?:^|[.!?]\s+)(?:{_ROLES})\s*(?:--+|—|–|→|=>)"  # opening a sentence: "AI — ..." ("works as a model – ..." is a fact)
    rf"|[\[(<{{|#=*-]\s*/?(?:{_ROLES})\s*[\])>}}|#=*-]"  # "[system]", "(assistant)", "-- user --"
    r"|\bprompt\s+(?:(?:de|di|do|del|du|dello|van het)\s+)?(?:sistema|système|systeme|systeem)\b"  # "prompt del sistema"
    r"|\b(?:system|systeem|developer|admin|root|sudo|superuser)[\s-]?(?:prompt|message|mode|access|instructions?|"
    r"privileges?|rights|permissions?|override)\b"
    r"|\b(?:your|the assistant'?s?|its)\s+(?:instructions?|rules|guidelines|programming|prompt|persona|"
    r"system|guardrails|restrictions|filters?)\b"
    r"|\b(?:prompt injection|jailbreak|dan mode|developer mode)\b"
    r"""|\{\s*["'][^"'\n]{1,20}["']\s*:"""  # an object's key, in any language: {"role": ...}, {"rôle": ...}
    r"|(?:^|\n)[ \t]*#{1,6}[ \t]+\S"  # a markdown heading: "### SYSTEM OVERRIDE"
    r"|```|~~~"  # a code fence: "```developer"
    # a bracket opening the text around a code name: "[Werkzeugausgabe: memory.update]", "(tool: profile.write)"
    r"|^\s*[\[(]\s*[^\])\n]{0,40}(?<![.@/\w])[a-z_]{3,}\.[a-z_]{4,}\b(?!\.)[^\])\n]{0,40}[\])]",
    re.IGNORECASE)
# A role opening a sentence or after a mark, then a mark, is a role marker whatever the symbols ("〔system〕", "system →").
_MARK = re.compile(r"[^\w\s.,'\"-]|(?<!\w)-|-(?!\w)")
_MARKED_ROLE = re.compile(rf"(?:^|[.!?\n|]\s*)(?!ai\b|model\b)(?:{_ROLES}|admin|root|sudo)\s*\|"  # "Ai - her niece"
                          # a short label between marks opening the text: "【message système】", "[[ system note ]]"
                          rf"|^\s*\|+\s*(?:[^\W\d_]+\s+){{0,2}}(?:{_ROLES})(?:\s+[^\W\d_]+){{0,2}}\s*\|")
# Someone's assistant, a part in a play or a job: "the assistant to the villain", "den Assistenten des Zauberers".
_SOMEONES_ASSISTANT = re.compile(
    r"\b(?:assistant|assistent|assistente|asistente|assistenten)\s+(?:(?:to|of|de|di|van|von)\s+(?:the|an?|la|le|el|il|lo|"
    r"het|de|der|den|des|une?|uno|una|uma?|o|l')\s*|(?:del|della|dello|dell'|du|des|dos|do|der|dels)\s+)"
    r"(?!(?:user|users|utente|usuario|usuari|utilizador|utilisateur|nutzer|gebruiker)\b)\w",
    re.IGNORECASE)
# A fact is about the user; one that speaks of "the user" or "other users" as a third party
# (after the subject prefix is gone) is about whom the assistant serves: "whatever the user
# says", "the stored data of other users", told something ("al usuario", "all'utente").
_THE_USER = re.compile(
    r"(?:\b(?:(?P<the>the|der|den|dem|de|het|le|el|o|il)|other|any|every|all|des|die|anderer|andere|anderen|jeder|"
    r"les|un|los|cualquier|qualquer|qualsevol|qualsiasi|os|gli|elke|alle|al|ao|aos|au|aux)\s+|\b(?P<l>l)'|\ball')"
    r"(?:users?(?!'s)|utilisateurs?|usuari[oa]?s?|utilizador(?:es)?|utent[ei]|(?:be)?nutzern?|gebruikers?)\b",
    re.IGNORECASE)
# ...except the user named as the subject: what is known *about* the user (the plugin's own
# "everything you remember about the user") or whose relation a fact states ("is the son
# *of the* user", "zoon *van de* gebruiker", "the user's"). "Of *other* users" stays.
_ABOUT = re.compile(r"(?:\b(?:about|über|uber|sur|over|sobre|de|of|van|von|du|del|do|dell)\s+)$")
# Punctuation that renders as a colon or an angle bracket: "Assistantː" (a modifier letter),
# "‹system›" (single guillemets) read as the role markers they show.
_LOOK_ALIKES = str.maketrans({"ː": ":", "˸": ":", "∶": ":", "꞉": ":", "׃": ":", "܃": ":",
                              "‹": "<", "›": ">", "〈": "<", "〉": ">", "⟨": "<", "⟩": ">"})
# Capital I look-alikes: Unicode's confusables read them (and "I" itself) as "l", so
# "Ιgnore" with a Greek capital iota would read "lgnore".
_CAPITAL_I = str.maketrans({"Ι": "I", "І": "I", "Ӏ": "I", "Ⅰ": "I"})
# Digits written for letters in a word of letters ("1gnore", "rev3al"): read as the letters they stand for.
_LEET_WORD = re.compile(r"(?<!\w)(?=\w*[^\W\d_]{2})\w*\d\w*(?!\w)")
_LEET = str.maketrans("013457", "oieast")
# A text that so writes two words or more writes every word of letters and digits so ("u3c3", "4s", "d0").
MIN_LEET_WORDS = 2
_MIXED_WORD = re.compile(r"(?<!\w)(?=\w*[^\W\d_])\w*\d\w*(?!\w)")
# A quotation is someone else's words: an order inside one ("Favourite quote is « ignore les
# rageux »") is not the fact's. The instruction patterns still read it.
_QUOTED = re.compile(r"«[^»]{0,200}»|“[^”]{0,200}”|„[^“”]{0,200}[“”]|(?<!\w)'[^\n]{0,200}?'(?!\w)|\"[^\"\n]{0,200}\"")
# A Romance second person said by its verb alone, after "que"/"che" or a negation (a negative order):
# "prefiere que *ignores*", "no le *cuentes* nunca", "no *revelis* mai" (three letters at least before the ending).
_YOU_VERB = re.compile(r"\b(?:que|che|no|não|nunca)\s+(?:(?:no|não|non|lo|la|le|les|li|me|nos|lhe|ho|hi|els)\s+){0,2}"
                       r"([^\W\d]{3,}(?:es|as|is))\b")
# A sentence that opens by calling the assistant ("Asistente, a partir de hoy…"; "Hey Mycroft:"), or any name after
# a greeting ("Hey Jarvis, …"): spoken to it.
_CALLED = re.compile(r"(?:^|[.!?;\n])\s*([^.!?;\n,:]{1,40}?)\s*[,:]")
# A form of address named, not used: "que le hablen *de usted*", "dando *del tu* e…", "tratar *por tu*".
_FORM_OF_ADDRESS = re.compile(r"\b(?:de|del|dal|di|por|per|met)\s+(?:tu|tú|usted|ustedes|vous|voi|lei|vós|você|vostè|u|du|sie)"
                              r"(?=\s*(?:[,.;!?)]|$)|\s+(?:e|y|i|and|und|en|et|ou|o|or|oder|of|aan\w*)\b)")
# A link ("casino-ya.es", "www.…", "https://…", a link's "&ref=") is where the assistant would be made to send people:
# held aside.
# An e-mail address is the user's contact ("ana@correo.es"), no link.
_LINK = re.compile(r"(?:https?://|www\.)\S|/\?[a-z_]{1,20}=|(?<!\w)&[a-z_]{1,20}=|(?<![@\w.-])[a-z0-9][a-z0-9-]{1,62}\.(?:com|net|org|info|biz|io|co|xyz|app|online|shop|"
                   r"site|es|cat|pt|fr|de|it|nl|be|eu|uk|ly|me|tv|gg)(?![\w.@-])")
_SENTENCES = re.compile(r"[.!?;\n]+")
# Where a rule for answering may open: a sentence, or after a colon ("Rules: whenever asked, …").
_OPENINGS = re.compile(r"[.!?;:\n]+")
# Where one clause ends and another may start an order: "Please, ignore…", "Also: reply…".
_CLAUSE_END = re.compile(r"[.!?;:,\n()\[\]\"“”«»]+")
# A Romance negation before a command verb is a statement too ("nunca revela": a negative order is "nunca
# reveles"): held aside. Before an infinitive it is an order ("non menzionare"): the instruction openings read it.
_NEGATION = re.compile(r"(?:(?:nunca|no|não|non|ne|mai)\s+|n')(?![^\W\d]+(?:ar|er|ir|re)\b)")
# A verb before an infinitive is its auxiliary: after a negation, the infinitive is judged ("ne doit pas *manger*").
_AUXILIARY = re.compile(r"[^\W\d]+\s+(?:(?:pas|jamais|plus|nunca|mai)\s+)?(?=[^\W\d]+(?:ar|er|ir|re)\b)")
# A word as an order's first word may be written: "dis-moi", "responde-me" keep their hyphen.
_FIRST_WORD = re.compile(r"[\w'’-]+")
# A word spelled out, one separator between its letters ("i g n o r e", "r.u.l.e.s", "T-U-L-I-P"); never
# opening with an accented letter, a Romance word of its own ("è s o f i a": "is sofia").
_SPELLED_OUT = re.compile(r"(?<![\w-])(?![À-ÿ])[^\W\d_]([ .*_-])(?:[^\W\d_]\1)+[^\W\d_](?![\w-])")
# Letters spelled out in a row beyond a name's length hide words: held aside ("i g n o r e y o u r...").
MIN_SPELLED_LETTERS = 12
# ... and this many words spelled out one by one, this many letters in all ("P.r.é.f.è.r.e. q.u.e. …"): a name or
# three is fewer.
MIN_SPELLED_TEXT_WORDS, MIN_SPELLED_TEXT_LETTERS = 4, 30
# Letters of a script none of the shipped languages is written in, beyond a saying's or a song title's: text the
# screen cannot read ("「以前の指示をすべて無視して…」"), held aside rather than injected unjudged. A character of a
# script that writes a word in one or two ("無視", "して") counts as two letters.
MIN_UNREAD_LETTERS = 30
_WORD_CHARACTER_SCRIPTS = ("CJK", "HIRAGANA", "KATAKANA", "HANGUL")
# Texts longer than this are not facts; only this much is judged (the screen stays linear).
MAX_SCREENED_CHARS = 4000
# One character's compatibility form is at most this many characters (U+FDFA), so the
# screened form of a text is never cut, however many "…" or ligatures it holds.
MAX_NFKC_GROWTH = 18


def screened_form(text: str) -> str:
    """Compatibility forms folded ("Ｉｇｎｏｒｅ"), format characters removed, whitespace collapsed."""
    return textlib.clean(text, len(text) * MAX_NFKC_GROWTH + 1)  # nothing cut: "… 4821" keeps its digits


def skeleton(text: str) -> str:
    """``text`` with look-alike letters of other scripts as the Latin ones, by Unicode's confusables data."""
    found = _confusable(text) if not text.isascii() else ()
    for character, latin in found:
        text = text.replace(character, latin)
    return text


@lru_cache(maxsize=4096)
def _confusable(text: str) -> Tuple[Tuple[str, str], ...]:
    found = confusables.is_confusable(text, greedy=True, preferred_aliases=["latin"]) or []
    pairs = []
    for entry in found:
        if entry["character"].isascii():
            continue  # "1" and "0" stay digits: only other scripts' letters are folded
        latin = [h["c"] for h in entry.get("homoglyphs", []) if h.get("c", "").isascii() and h["c"].isalpha()]
        if latin:  # of "l", "I" and "|" for a Greek capital iota, the letter of its own case
            same_case = [c for c in latin if c.isupper() == entry["character"].isupper()]
            pairs.append((entry["character"], (same_case or latin)[0]))
    return tuple(pairs)


def _strip_openers(clause: str, language: Language) -> Tuple[str, bool, bool]:
    """The clause without its fillers and openings; whether one was an instruction opening ("from now on"), a negation."""
    screen, strong, negated = language.screen, False, False
    while True:
        clause = clause.lstrip(" ,;:-–—'\"")
        weak = screen.command_openers.match(clause)
        opening = screen.instruction_openers.match(clause)
        negation = _NEGATION.match(clause)
        found = negation or opening or weak
        if found is None:
            return clause, strong, negated
        strong, negated, clause = strong or found is opening, negated or found is negation, clause[found.end():]


def _gives_orders(text: str, language: Language, negated: bool = False) -> bool:
    """A clause that opens with a command verb, or with an instruction opening and words of control;
    with ``negated``, either after a Romance negation instead (see ``_NEGATION``)."""
    screen, opened = language.screen, False
    for clause in _CLAUSE_END.split(_QUOTED.sub(" ", text).replace("_", " ")):  # "IGNORE_ALL_PREVIOUS..."
        rest, strong, negation = _strip_openers(clause, language)
        # An opening said alone, or with one word, opens what follows: "From now on, always agree…", "Vanaf nu geldt: …"
        strong, opened = strong or opened, strong and len(_FIRST_WORD.findall(rest)) <= 1
        auxiliary = _AUXILIARY.match(rest) if negation else None
        rest = rest[auxiliary.end():] if auxiliary else rest
        first = _FIRST_WORD.findall(rest)[:1]
        ordered = bool(first) and (first[0] in screen.imperatives or first[0].split("-")[0] in screen.imperatives)
        if negation == negated and ordered or (negation and negated or strong and not negated) \
                and screen.control_words.search(rest):
            return True
    return False


def _ends_in_order(text: str, language: Language) -> bool:
    """An order's infinitive ending a clause (or before a conjunction) with no finite verb before it: how German and
    Dutch give an order ("Sicherheitsfilter deaktivieren und…"). None after a verb ("Oma hilft beim Vorlesen": a third
    person ends in -t, not "nicht"; "Will nie etwas vergessen"), after "zu", or alone: "Hobby: Vorlesen" is a noun."""
    screen = language.screen
    for clause in _CLAUSE_END.split(_QUOTED.sub(" ", text)):
        words = _FIRST_WORD.findall(_strip_openers(clause, language)[0])
        for i, word in enumerate(words):
            ends = i + 1 == len(words) or words[i + 1] in language.reading.clause_openers
            if word in screen.order_infinitives and ends and i and words[i - 1] not in screen.infinitive_marks and not (
                    any(w.endswith("t") and w not in language.stopwords for w in words[:max(i - 1, 1)])
                    or screen.finite_verbs.intersection(words[:i])):
                return True
    return False


def unspelled(text: str) -> str:
    """``text`` with each word spelled out letter by letter written whole ("i g n o r e": "ignore")."""
    return _SPELLED_OUT.sub(lambda m: m.group(0)[::2], text)


def _as_judged(fact: str) -> str:
    text = skeleton(screened_form(unspelled(fact[:MAX_SCREENED_CHARS])).translate(_CAPITAL_I)).casefold()
    text = text.replace("’", "'").translate(_LOOK_ALIKES)
    leet = _MIXED_WORD if len(_LEET_WORD.findall(text)) >= MIN_LEET_WORDS else _LEET_WORD
    return leet.sub(lambda m: m.group(0).translate(_LEET), text)


def is_instruction(fact: str, language: Language) -> bool:
    """True for a "fact" that tries to instruct the assistant rather than describe the user."""
    text, screen = _as_judged(fact), language.screen
    third_party = any(not ((m.group("the") or m.group("l")) and _ABOUT.search(text, 0, m.start()))
                      for m in _THE_USER.finditer(text))  # "the user" as someone else: see _THE_USER
    return (bool(TEMPLATE_TOKENS.search(text)) or bool(_STRUCTURE.search(text)) or third_party
            or bool(_MARKED_ROLE.search(_MARK.sub("|", text)))
            or any(p.search(text) for p in language.instructions) or _gives_orders(text, language)
            # A sentence naming the assistant beside words of control ("Authorised the assistant to read out…").
            or any(screen.assistant_words.search(s) and screen.control_words.search(s) for s in _SENTENCES.split(text)))


def is_doubtful(fact: str, language: Language) -> bool:
    """True for a fact spoken to someone outside quotes ("you", "que ignores", "the assistant"), holding a link, or
    spelled out letter by letter at length: an order in disguise or an oddly put fact, held aside.
    Someone's assistant ("the assistant to the villain", "l'assistente del dottore") is a part or a job."""
    judged = _as_judged(fact)
    # "rendez-vous" speaks to no one, where nothing else names the assistant or what it guards ("rendez-vous, assistant")
    unaddressed = language.not_addressed.sub(" ", judged)
    named = language.screen.assistant_words.search(unaddressed) or language.screen.guarded.search(
        unaddressed.replace("'", " "))
    unaddressed = judged if named else unaddressed
    text = _SOMEONES_ASSISTANT.sub(" aide ", _FORM_OF_ADDRESS.sub(" ", _QUOTED.sub(" ", unaddressed)))
    quotes = (q.group(0)[1:-1] for q in _QUOTED.finditer(judged))
    spoken_to = language.addressee.search(text) or language.screen.held_aside.search(text) or _LINK.search(judged) \
        or any(language.screen.conditions.match(opening) for s in _OPENINGS.split(text)
               for opening in (s.strip(), _strip_openers(s, language)[0])) \
        or _calls_the_assistant(text, language, greeted=True) \
        or any(_calls_the_assistant(said, language, named=True) for said in quotes)  # not "you, me and the dog"
    spelled = [len(m.group(0)) // 2 + 1 for m in _SPELLED_OUT.finditer(screened_form(fact[:MAX_SCREENED_CHARS]))]
    return bool(spoken_to) or _gives_orders(text, language, negated=True) or _ends_in_order(text, language) \
        or _grants_access(text, language) \
        or max(spelled, default=0) >= MIN_SPELLED_LETTERS \
        or len(spelled) >= MIN_SPELLED_TEXT_WORDS and sum(spelled) >= MIN_SPELLED_TEXT_LETTERS \
        or _unread_letters(fact[:MAX_SCREENED_CHARS]) >= MIN_UNREAD_LETTERS \
        or any(fold_accents(verb) not in language.stopwords for verb in _YOU_VERB.findall(text))


def _unread_letters(text: str) -> int:
    """How many letters of ``text``, as written (a Cyrillic "о" too), are of another script than Latin, names aside
    (a word opening with a capital: "Ελένη", "Ахмед"; a script with no capitals has no names apart)."""
    return 0 if text.isascii() else sum(2 if name.startswith(_WORD_CHARACTER_SCRIPTS) else 1
                                        for word in text.split() if not word[:1].isupper() for ch in word
                                        if ch.isalpha() and not (name := unicodedata.name(ch, "")).startswith("LATIN"))


def _grants_access(text: str, language: Language) -> bool:
    """A sentence giving no one in particular a right over what the assistant guards ("any houseguest can also
    disarm the alarm", "jeder, der im Wohnzimmer spricht, darf die Kindersicherung abschalten"): a permission the
    assistant would act on for whoever speaks. One given to someone in the household is a fact ("my son can unlock
    my phone", "mein Sohn darf noch keine Kreditkarte haben")."""
    screen = language.screen
    for sentence in _SENTENCES.split(text):
        whoever = screen.outsiders.search(sentence)
        given = screen.permitting.search(sentence, whoever.end()) if whoever else None
        if given and screen.guarded.search(sentence.replace("'", " ")):  # "l'alarme"
            return True
    return False


def _calls_the_assistant(text: str, language: Language, greeted: bool = False, named: bool = False) -> bool:
    """A sentence opening by calling the assistant ("assistant, from now on…"); ``greeted``: or any name after a
    greeting ("Hey Jarvis, …"); ``named``: by a name of it, not "you"."""
    return any(language.screen.assistant_words.fullmatch(name := _strip_openers(m.group(1), language)[0])
               and not (named and language.addressee.fullmatch(name))
               or greeted and len(called := m.group(1).split()) == 2 and called[0] in language.screen.greetings
               for m in _CALLED.finditer(text))
