"""Spoken controls as intents (language/controls.py), the yes/no judge and the answer check
(language/yesno.py), on turns written by testers who never read the code
(tests/data/speech, the development half) and on other phrasings of the same intents."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator, Optional, Tuple

import pytest

from ovos_memory_plugin_entity.language.controls import MAX_CONTROL_CHARS, Control, may_hold_control, recognise
from ovos_memory_plugin_entity.language.locale_data import available, load_language
from ovos_memory_plugin_entity.language.yesno import is_answer, word_list_judge

SPEECH = Path(__file__).parent / "data" / "speech"
# Which turn of a scenario is the control, and what it is.
CONTROL_TURN = {"control_recall": None, "control_forget_last": -1, "control_forget_thing": -1,
                "control_forget_all": -2, "control_pause": 0}


def spoken_turns() -> Iterator[Tuple[str, str, str, Optional[str]]]:
    """(lang, scenario id, user words, the control they hold or None), every user turn and ask."""
    for path in sorted(SPEECH.glob("*.json")):
        for scenario in json.loads(path.read_text(encoding="utf-8")):
            category, turns = scenario["category"], [t["user"] for t in scenario["turns"]]
            for i, words in enumerate(turns):
                if category == "control_forget_all" and i == len(turns) - 1:
                    continue  # the answer to the question, judged below
                want = None
                if category in CONTROL_TURN and CONTROL_TURN[category] is not None:
                    want = category[len("control_"):] if i == CONTROL_TURN[category] % len(turns) else None
                if category == "control_resume":
                    want = ("pause", "resume", None)[min(i, 2)]
                yield path.stem, scenario["id"], words, want
            if scenario.get("ask"):
                yield path.stem, scenario["id"], scenario["ask"], "recall" if category == "control_recall" else None


TURNS = list(spoken_turns())


def test_the_development_half_is_here_in_every_language():
    assert sorted({lang for lang, *_ in TURNS}) == available()


@pytest.mark.parametrize("lang,scenario,words,want", TURNS, ids=[f"{t[1]}:{t[2][:40]}" for t in TURNS])
def test_each_spoken_turn_holds_its_control_and_no_other(lang, scenario, words, want):
    control = recognise(words, load_language(lang))
    assert (control.kind if control is not None and not control.unsure else None) == want


@pytest.mark.parametrize("lang,words,kind", [
    # lead-ins, fillers and tags around a control (issue 32)
    ("en-us", "you know what forget everything you know about me", "forget_all"),
    ("en-us", "Hmm, actually, forget what I just told you", "forget_last"),
    ("en-us", "uh forget what i just said", "forget_last"),
    ("en-us", "So what do you actually remember about me?", "recall"),
    ("en-us", "hey what do you actually know about me", "recall"),
    ("de-de", "was weißt du eigentlich alles über mich", "recall"),
    ("es-es", "mira olvida lo que te acabo de decir", "forget_last"),
    ("it-it", "senti dimentica quello che ti ho detto", "forget_last"),
    ("nl-nl", "weet je wat vergeet alles wat je over mij weet", "forget_all"),
    # "forget that" right after a fact
    ("en-us", "actually forget that", "forget_last"), ("fr-fr", "en fait oublie ça", "forget_last"),
    ("de-de", "ach vergiss das wieder", "forget_last"), ("it-it", "anzi lascia stare dimenticalo", "forget_last"),
    ("nl-nl", "laat maar vergeet dat maar", "forget_last"), ("ca-es", "bah oblida-ho", "forget_last"),
    ("pt-pt", "esquece lá isso", "forget_last"), ("es-es", "bueno olvida eso", "forget_last"),
    ("en-us", "never mind forget it", "forget_last"),
    # pauses and resumes as people say them
    ("fr-fr", "attends ne retiens rien de ce que je vais te dire", "pause"),
    ("en-us", "Don't remember anything from this conversation, okay?", "pause"),
    ("en-us", "stop remembering things for a while", "pause"),
    ("it-it", "smetti di memorizzare per un po'", "pause"), ("nl-nl", "stop even met onthouden", "pause"),
    ("ca-es", "deixa de guardar coses una estona", "pause"), ("fr-fr", "ne retiens pas ça", "pause"),
    ("fr-fr", "c'est bon tu peux recommencer à retenir", "resume"),
    ("de-de", "so du kannst dir wieder sachen merken", "resume"),
    # one thing, by what it is
    ("pt-pt", "podes esquecer a minha morada", "forget_thing"), ("es-es", "olvida lo de mi trabajo", "forget_thing"),
    ("en-us", "could you please wipe your memory", "forget_all"), ("en-us", "what have you got on me", "recall"),
    ("es-es", "oye qué sabes tú de mí", "recall"),
    # the same intents in other words, every language (issue 32: generalise)
    ("en-us", "okay so can you forget what i just told you", "forget_last"), ("en-us", "scratch that", "forget_last"),
    # lead-ins of everyday speech: "vabbè", "o sea"
    ("it-it", "vabbè scordati del mio lavoro", "forget_thing"), ("es-es", "o sea olvida lo que te dije", "forget_last"),
    # German word order: everything, the verb, then what is the memory's
    ("de-de", "hör mal ich will dass du alles vergisst was du über mich gespeichert hast okay", "forget_all"),
    ("de-de", "ich möchte dass du alles löschst was du über mich gespeichert hast", "forget_all"),
    # "ai no", "ay no" before a forgetting: an oops, not a refusal; "val" closes a Catalan request
    ("ca-es", "ai no oblida el que acabo de dir", "forget_last"), ("es-es", "ay no olvida lo que te acabo de decir", "forget_last"),
    ("ca-es", "reinicia tot el que saps de mi val", "forget_all"),
    # "forget I said that", "ignore what I just said", "bórrame lo último": the last thing said
    ("en-us", "forget i said anything", "forget_last"),
    ("es-es", "bórrame lo último", "forget_last"), ("pt-pt", "esquece que te disse isso", "forget_last"),
    ("de-de", "vergiss dass ich das gesagt habe", "forget_last"), ("it-it", "dimentica che te l'ho detto", "forget_last"),
    ("en-us", "erase everything you have on me", "forget_all"), ("en-us", "wipe all my data", "forget_all"),
    ("en-us", "please forget where i work", "forget_thing"), ("en-us", "what have you stored about me", "recall"),
    ("en-us", "this is just between us don't remember it", "pause"), ("en-us", "go back to remembering things", "resume"),
    ("pt-pt", "apaga isso", "forget_last"), ("pt-pt", "não guardes nada disto", "pause"),
    ("pt-pt", "já podes voltar a memorizar", "resume"), ("es-es", "anda olvida eso", "forget_last"),
    ("es-es", "anda olvídate de lo que te acabo de decir", "forget_last"), ("es-es", "qué recuerdas de mí", "recall"),
    ("es-es", "ya puedes volver a recordar cosas", "resume"), ("fr-fr", "efface ça", "forget_last"),
    ("fr-fr", "tu peux de nouveau retenir des choses", "resume"), ("de-de", "merk dir davon nichts", "pause"),
    ("de-de", "du kannst dir wieder was merken", "resume"), ("it-it", "cancella questo", "forget_last"),
    ("it-it", "non memorizzare niente di questo", "pause"), ("nl-nl", "onthoud hier niks van", "pause"),
    ("nl-nl", "je mag weer dingen onthouden", "resume"), ("ca-es", "esborra això", "forget_last"),
    ("ca-es", "no guardis res d'això", "pause"), ("ca-es", "ja pots tornar a recordar coses", "resume"),
    ("en-us", "forget the thing about my gym i'd rather you didn't keep it", "forget_thing"),
    ("fr-fr", "oublie le truc de mon boulot s'il te plaît", "forget_thing"),
    ("it-it", "dimentica la cosa della palestra per favore", "forget_thing"),
    ("pt-pt", "esquece aquilo da minha alergia", "forget_thing"),
    ("es-es", "olvida el tema de mi trabajo que ya no importa", "forget_thing"),
    # discarding is deleting
    ("en-us", "ok scrap that last bit", "forget_last"), ("es-es", "descarta lo que te acabo de decir", "forget_last"),
    ("fr-fr", "jette ce que je viens de dire", "forget_last"), ("it-it", "scarta quello che ho appena detto", "forget_last"),
    ("de-de", "verwirf was ich gerade gesagt habe", "forget_last"), ("pt-pt", "descarta o que eu acabei de dizer", "forget_last"),
    ("ca-es", "descarta el que acabo de dir", "forget_last"), ("nl-nl", "oké weggooien wat ik net zei", "forget_last"),
    # a pause for a short while, however said
    ("en-us", "quit saving things for a moment", "pause"), ("es-es", "deja de apuntar cosas un minuto", "pause"),
    ("pt-pt", "pára de guardar coisas um segundo", "pause"), ("it-it", "smetti di salvare cose qualche minuto", "pause"),
    ("de-de", "hör kurz mal auf dir sachen zu merken", "pause"), ("ca-es", "deixa de guardar coses un minut", "pause"),
    # Interjections and dialect before the verb; "everything" said again, then a fresh start
    ("fr-fr", "oups efface ce que je viens de dire", "forget_last"), ("nl-nl", "allez vergeet wat ik net zei", "forget_last"),
    ("de-de", "na wart lösch des letzte wieder", "forget_last"), ("de-de", "lösch amal alles was du über mich weißt", "forget_all"),
    ("es-es", "borra todo lo mío todo todo y empezamos de cero", "forget_all"),
    ("en-us", "forget everything about me everything everything start over", "forget_all"),
    # A while said first, with nothing but the memory's after the pause
    ("it-it", "per un po' non salvare niente", "pause"), ("it-it", "uè stasera non tenere nota di nulla", "pause"),
    ("de-de", "mach mal pause beim speichern", "pause"), ("ca-es", "avui no apuntis res", "pause"),
    # A modal first, the verb closing its object, then a new clause
    ("de-de", "du kannst das letzte löschen das war falsch", "forget_last"),
])
def test_other_phrasings_of_the_same_intents(lang, words, kind):
    control = recognise(words, load_language(lang))
    assert control is not None and control.kind == kind and not control.unsure, control


@pytest.mark.parametrize("lang,words", [
    ("en-us", "forget about work for a while let's relax"),
    ("en-us", "Forget about Emma's party, it's cancelled"),
    ("en-us", "forget my address, she said"), ("en-us", "forget my address she said"),
    ("en-us", "my boss told me to forget about it"), ("en-us", "she told me to forget my keys at home"),
    ("en-us", "i always forget my mum's birthday"), ("en-us", "did you forget your keys again"),
    ("en-us", "I didn't say forget it."), ("en-us", "i don't want you to ever forget my birthday"),
    ("de-de", "vergiss meine adresse nicht"), ("pt-pt", "não esqueças a minha morada"),
    ("pt-pt", "apaga as luzes da cozinha"), ("en-us", "delete my alarm"),
    ("en-us", "remove milk from my shopping list please"), ("en-us", "can you turn off the kitchen lights"),
    ("fr-fr", "Je n'ai pas dit de l'oublier."), ("nl-nl", "Ik zei niet dat je het moest vergeten."),
    ("en-us", "i forgot my umbrella"), ("en-us", "do you remember the name of that movie"), ("en-us", "cancel my alarm"),
    ("pt-pt", "esqueci-me das chaves"), ("es-es", "se me olvidaron las llaves"), ("es-es", "borra la alarma"),
    ("fr-fr", "j'ai oublié mes clés"), ("de-de", "lösch den wecker"), ("it-it", "ho dimenticato le chiavi"),
    ("nl-nl", "verwijder de wekker"), ("ca-es", "m'he oblidat les claus"), ("es-es", "olvídate de eso"),
    # "that" before a thing is its article; an alarm clock or a contact is another skill's
    ("fr-fr", "efface le brouillon de mardi"), ("en-us", "delete that draft from tuesday"),
    ("it-it", "cancella quello screenshot di ieri"), ("nl-nl", "wis dat concept van gisteren"),
    ("fr-fr", "supprime mon réveil de demain"), ("es-es", "quita el despertador de mañana"),
    ("pt-pt", "apaga o despertador das sete"), ("ca-es", "esborra el contacte de la marta"),
    ("en-us", "the difference between you and me is huge"), ("en-us", "between you and alexa who is smarter"),
    ("en-us", "just ignore my husband he's being silly"),
])
def test_a_mention_a_report_a_negation_or_a_skill_is_no_control(lang, words):
    control = recognise(words, load_language(lang))
    assert control is None or control.unsure, control


@pytest.mark.parametrize("lang,words,target", [
    ("en-us", "forget the thing about my gym i'd rather you didn't keep it", "my gym"),
    ("es-es", "olvida el tema de mi trabajo que ya no importa", "mi trabajo"),
    ("en-us", "forget my address because it changed", "my address"),
    ("pt-pt", "esquece aquilo da minha alergia", "minha alergia"),
    # a particle of several words ends it too
    ("it-it", "puoi dimenticare mia cognata per favore meglio di no", "mia cognata"),
    ("ca-es", "oblida la meva cunyada si us plau que no ve al cas", "la meva cunyada"),
    ("nl-nl", "vergeet mijn schoonzus alsjeblieft die is vervelend", "mijn schoonzus"),
    # before the verb closing "what I told you about ..."
    ("de-de", "lösch was ich dir über meinen bruder erzählt habe", "meinen bruder"),
    ("nl-nl", "vergeet wat ik je over mijn werk verteld heb", "mijn werk")])
def test_the_thing_named_ends_where_the_user_goes_on(lang, words, target):
    assert recognise(words, load_language(lang)).target == target


def test_unclear_whether_the_memory_was_meant_is_unsure():
    english = load_language("en-us")
    assert recognise("forget about work please for a while", english).unsure  # "a while" is no clause
    for words in ("forget about work for a while let's relax", "Forget about Emma's party, it's cancelled"):
        control = recognise(words, english)
        assert control is not None and control.kind == "forget_thing" and control.unsure
    assert not recognise("forget about my boss", english).unsure  # the user's own: clear


@pytest.mark.parametrize("lang", ["de-de", "pt-pt", "nl-nl", "it-it"])
def test_controls_in_another_shipped_language_are_understood(lang):
    language = load_language(lang)
    assert recognise("off the record i've been diagnosed with diabetes", language).kind == "pause"
    assert recognise("stop remembering things for a while", language).kind == "pause"
    assert recognise("what do you know about me", language).kind == "recall"
    assert recognise("olvida todo lo que sabes de mí", language).kind == "forget_all"
    assert recognise("please don't save anything okay", language).kind == "pause"  # English contractions read too


def test_an_opening_pause_covers_the_rest_and_another_control_keeps_it():
    english = load_language("en-us")
    pause = recognise("off the record i've been diagnosed with diabetes", english)
    assert pause.kind == "pause" and pause.rest == ""  # nothing of it is learnt
    forget = recognise("forget my old number, i'm in lisbon now", english)
    assert forget.kind == "forget_thing" and forget.target == "my old number" and forget.rest == "i am in lisbon"
    later = recognise("i live in porto and stop remembering now", english)
    assert later.kind == "pause" and later.rest == "i live in porto"


def test_a_target_keeps_what_the_user_said():
    english = load_language("en-us")
    assert recognise("Forget my old address at Rua das Flores, please", english).target == \
        "my old address at Rua das Flores"
    assert recognise("Merk dir, ich wohne in Bremen.", load_language("de-de")).target == "ich wohne in Bremen"
    assert recognise("Souviens-toi que j'habite à Nice.", load_language("fr-fr")).target == "j'habite à Nice"


@pytest.mark.parametrize("lang", available())
def test_the_cheap_first_test_passes_every_control_and_stops_ordinary_talk(lang):
    language = load_language(lang)
    for turn_lang, _, words, want in TURNS:
        if want is not None:  # a control in any language passes under any persona
            assert may_hold_control(words, language), words
    for words in ("what time is it", "set a timer for ten minutes", "turn on the kitchen lights",
                  "my daughter emma is allergic to cats"):
        assert not may_hold_control(words, language), words


def answers() -> Iterator[Tuple[str, str, bool]]:
    """The answers to "forget everything?" in the development half, and whether each is a yes."""
    for path in sorted(SPEECH.glob("*.json")):
        for scenario in json.loads(path.read_text(encoding="utf-8")):
            if scenario["category"] == "control_forget_all":
                yield path.stem, scenario["turns"][-1]["user"], bool(scenario["expect"].get("not_kept"))


@pytest.mark.parametrize("lang,words,yes", list(answers()) + [
    ("en-us", "yes i'm sure", True), ("en-us", "go ahead", True), ("en-us", "do it", True),
    ("pt-pt", "sim tenho a certeza", True), ("es-es", "sí estoy segura", True), ("it-it", "sì sono sicura", True),
    ("fr-fr", "oui je suis sûr", True), ("de-de", "ja ich bin mir sicher", True), ("nl-nl", "ja ik weet het zeker", True),
    ("ca-es", "sí n'estic segura", True), ("en-us", "no don't do it", False), ("en-us", "nah keep it", False),
    ("pt-pt", "não, deixa estar", False), ("de-de", "ja ganz sicher hau weg", True), ("pt-pt", "ya apaga tudo", True),
    ("fr-fr", "bah ouais fais le", True), ("ca-es", "sí fes ho", True)])
def test_a_yes_is_any_ordinary_way_of_saying_yes(lang, words, yes):
    language = load_language(lang)
    assert word_list_judge(language)("are you sure?", words) is yes
    assert is_answer(language, words)


@pytest.mark.parametrize("lang,said", [
    ("en-us", "could you just reset your memory"), ("en-us", "empty your whole memory"),
    ("en-us", "let us start from scratch and clear everything you know about me"),
    ("es-es", "oye reinicia tu memoria"), ("es-es", "vamos a empezar desde cero con lo que sabes de mí"),
    ("pt-pt", "esvazia a memória toda"), ("pt-pt", "reinicia a tua memória"),
    ("de-de", "setz mal dein gedächtnis zurück"), ("fr-fr", "réinitialise toute ta mémoire"),
    ("it-it", "ricominciamo da zero con quello che sai di me"), ("nl-nl", "reset je hele geheugen"),
    ("ca-es", "reinicia la teva memòria"), ("ca-es", "comencem des de zero amb el que saps de mi"),
    # everything "about me", with no word of the memory
    ("es-es", "resetea todo lo que tienes de mí"), ("it-it", "azzera tutto quello che hai su di me")])
def test_a_reset_of_the_memory_itself_is_forgetting_everything(lang, said):
    control = recognise(said, load_language(lang))
    assert control is not None and control.kind == "forget_all", control


@pytest.mark.parametrize("lang,said", [
    ("en-us", "reset your memory card"), ("en-us", "reset the router's memory"), ("en-us", "reset my password"),
    ("en-us", "empty my inbox"), ("en-us", "reset the router"), ("en-us", "start from scratch with the recipe"),
    # a question about a reset, or a home emptied of "all my stuff": no request of the memory
    ("en-us", "who reset your memory"), ("en-us", "how do i reset your memory"), ("fr-fr", "comment réinitialiser ta mémoire"),
    ("nl-nl", "het huis is zo leeg zonder al mijn spullen"), ("es-es", "la casa está vacía sin todo lo mío"),
    ("en-us", "i had to start from scratch with all my stuff"),
    ("en-us", "i forgot everything and had to start from scratch"), ("es-es", "reinicia la tarjeta de memoria"),
    ("es-es", "vacía la papelera"), ("fr-fr", "réinitialise la carte mémoire"), ("de-de", "setz die speicherkarte zurück"),
    ("de-de", "setz mal den timer zurück"), ("it-it", "formatta la scheda di memoria"),
    ("nl-nl", "wis de geheugenkaart"), ("nl-nl", "reset de timer"), ("pt-pt", "reinicia o router"),
    ("ca-es", "reinicia el temporitzador"), ("it-it", "ricomincio da zero con la dieta")])
def test_a_reset_of_a_device_or_anything_else_is_no_control(lang, said):
    control = recognise(said, load_language(lang))
    assert control is None or control.kind != "forget_all", control


@pytest.mark.parametrize("lang,words", [
    ("en-us", "i don't know"), ("en-us", "hmm not sure"), ("pt-pt", "não sei"), ("fr-fr", "je sais pas")])
def test_a_doubt_is_neither(lang, words):
    assert word_list_judge(load_language(lang))("are you sure?", words) is None


@pytest.mark.parametrize("lang,words", [
    ("en-us", "sure is cold today"), ("en-us", "go ahead and call my mother"), ("en-us", "yes my name is ana"),
    ("pt-pt", "sim, moro em lisboa")])
def test_something_new_is_no_answer(lang, words):
    assert not is_answer(load_language(lang), words)


def test_a_huge_remember_reads_no_further_than_a_control_may():
    """A pasted page after "remember that" is read as far as a control is (MAX_CONTROL_CHARS):
    the target, and the work, stay bounded."""
    control = recognise("remember that " + "i live in leeds and " * 50_000, load_language("en-us"))
    assert control is not None and control.kind == "remember"
    assert len(control.target) <= MAX_CONTROL_CHARS


@pytest.mark.parametrize("lang,said", [
    ("en-us", "clear everything from my schedule for today"), ("en-us", "wipe everything off the kitchen counter"),
    ("en-us", "remove everything from the fridge"), ("en-us", "forget everything i said about jazz"),
    ("es-es", "borra todo de la pizarra"), ("it-it", "cancella tutto dalla lavagna"),
    ("nl-nl", "wis alles van het bord"), ("fr-fr", "efface tout du tableau"), ("pt-pt", "apaga tudo do quadro"),
    ("ca-es", "esborra-ho tot de la pissarra"), ("de-de", "lösch alles von der tafel")])
def test_everything_of_a_thing_of_its_own_is_no_forgetting_of_everything(lang, said):
    control = recognise(said, load_language(lang))
    assert control is None or control.kind != "forget_all", control


@pytest.mark.parametrize("lang,said", [
    ("en-us", "erase everything you have on me"), ("en-us", "forget everything you know"),
    ("de-de", "vergiss alles was du über mich weißt"), ("nl-nl", "vergeet alles wat je over mij weet"),
    ("pt-pt", "esquece tudo o que sabes sobre mim"), ("ca-es", "oblida tot el que saps de mi")])
def test_everything_the_memory_holds_is_forgetting_everything(lang, said):
    control = recognise(said, load_language(lang))
    assert control is not None and control.kind == "forget_all", control


@pytest.mark.parametrize("lang,words", [
    ("en-us", "alright you may start taking notes again"), ("en-us", "ok memory back on please"),
    ("fr-fr", "c'est bon recommence à noter"), ("de-de", "ok speicher ab jetzt wieder"),
    ("es-es", "vale ya puedes apuntar otra vez"), ("it-it", "dai puoi ricominciare a salvare le cose"),
    ("nl-nl", "je mag het weer opslaan hoor"), ("pt-pt", "pronto podes guardar outra vez"),
    ("ca-es", "ja pots tornar a apuntar coses")])
def test_a_resume_is_a_word_of_again_near_a_word_of_keeping(lang, words):
    """Not a list of sentences: "again" (or "start", "back on", "volver a", "weer") near
    what the memory does ("taking notes", "memory", "apuntar", "opslaan"), however said."""
    control = recognise(words, load_language(lang))
    assert control is not None and control.kind == "resume"


@pytest.mark.parametrize("lang,words", [("en-us", "don't start recording again"),
                                        ("de-de", "merk dir das nicht wieder")])
def test_a_negated_resume_is_none(lang, words):
    control = recognise(words, load_language(lang))
    assert control is None or control.kind != "resume"


@pytest.mark.parametrize("lang,words", [("en-us", "my mother says: forget everything"),
                                        ("en-us", "my boss says: delete my address"),
                                        ("en-us", "off the record is a great podcast"),
                                        ("en-us", "forget it, i'll just order pizza")])
def test_a_report_a_phrase_named_or_a_dismissal_while_talking_on_is_no_control(lang, words):
    """What someone else says after a colon is theirs; "off the record is ..." names a
    podcast; "forget it" answering the assistant's offer takes nothing back."""
    control = recognise(words, load_language(lang))
    assert control is None or control.unsure


@pytest.mark.parametrize("words", ["keep this between us", "this stays between you and me", "don't write this down",
                                   "so off the record i've been diagnosed with diabetes"])
def test_a_pause_said_in_other_ways(words):
    control = recognise(words, load_language("en-us"))
    assert control is not None and control.kind == "pause"


@pytest.mark.parametrize("lang,words", [("en-us", "you can just forget where i work"),
                                        ("es-es", "puedes olvidar que tengo dos gatos en casa"),
                                        ("pt-pt", "podes esquecer que sou alérgico ao marisco")])
def test_a_permission_before_the_verb_and_a_first_person_verb_are_a_clear_forgetting(lang, words):
    """"you can forget ..." asks as "forget ..." does; "que tengo gatos" is the user's own
    (the verb says who, where the language drops the pronoun)."""
    control = recognise(words, load_language(lang))
    assert control is not None and control.kind == "forget_thing" and not control.unsure


@pytest.mark.parametrize("words, kind", [
    ("hmm never mind that last bit", "forget_last"),
    ("ah never mind what i told you a second ago", "forget_last"),
    ("never mind, just wipe everything you have on me", "forget_all"),
    ("oh never mind just take it back", "forget_last"), ("never mind, take that back", "forget_last"),
])
def test_never_mind_with_an_object_takes_it_back(words, kind):
    found = recognise(words, load_language("en-us"))
    assert found is not None and found.kind == kind and not found.unsure


@pytest.mark.parametrize("words", ["never mind", "oh never mind, i found my keys", "never mind the rain"])
def test_never_mind_as_a_dismissal_takes_nothing_back(words):
    assert recognise(words, load_language("en-us")) is None


@pytest.mark.parametrize("lang, words, rest", [
    ("en-us", "scratch that, my new address is 4 elm street", "my new address is 4 elm street"),
    ("es-es", "borra eso, mi correo nuevo es otro", "mi correo nuevo es otro"),
    ("de-de", "lösch das, mein neuer Job ist bei Bosch", "mein neuer job ist bei bosch"),
    ("nl-nl", "vergeet dat, mijn nieuwe nummer is anders", "mijn nieuwe nummer is anders"),
])
def test_a_taking_back_then_a_comma_then_a_fact_of_mine_keeps_the_fact(lang, words, rest):
    """The comma ends what is taken back: what follows is said anew, not the thing to forget."""
    found = recognise(words, load_language(lang))
    assert found is not None and found.kind == "forget_last" and found.rest == rest


@pytest.mark.parametrize("lang,words,taken_back", [
    ("en-us", "my sister lives in ohio um forget that", "my sister lives in ohio"),
    ("fr-fr", "je travaille chez renault euh non oublie ça", "je travaille chez renault"),
    ("de-de", "ich wohne in kiel äh vergiss das", "ich wohne in kiel"),
    ("nl-nl", "ik heb een kat eh vergeet dat maar", "ik heb een kat"),
    ("es-es", "mi hermano se llama pablo eh mejor borra eso", "mi hermano se llama pablo"),
    ("it-it", "mio figlio si chiama luca ehm cancella quello che ho detto", "mio figlio si chiama luca"),
    ("ca-es", "treballo a girona ehm oblida-ho", "treballo a girona"),
    ("pt-pt", "o meu irmão chama-se rui hum apaga isso", "o meu irmão chama-se rui"),
])
def test_forget_that_after_a_hesitation_takes_back_what_was_said_before_it(lang, words, taken_back):
    """In one breath, a fact, a hesitation and "forget that": the fact is taken back, nothing is learnt."""
    found = recognise(words, load_language(lang))
    assert found is not None and found.kind == "forget_last" and not found.unsure
    assert (found.target, found.rest) == (taken_back, "")


@pytest.mark.parametrize("lang,words,kind", [
    ("es-es", "no eh quita eso", "forget_last"), ("pt-pt", "não hum apaga isso", "forget_last"),
    ("ca-es", "no uf esborra-ho", "forget_last"), ("es-es", "eh no quites eso", None),
    ("ca-es", "ai no esborris això", None), ("es-es", "ah no borres lo que te dije", None),
    ("pt-pt", "mm não esqueças isso", None), ("es-es", "tengo un perro eh no lo olvides", None),
    # a bare forgetting after a refusal takes back what was just said
    ("it-it", "ehm no dimentica", "forget_last"), ("pt-pt", "não hum esquece", "forget_last"), ("ca-es", "no eh oblida", "forget_last"),
    ("pt-pt", "não melhor apaga isso", "forget_last"), ("ca-es", "no millor esborra-ho", "forget_last"),
    ("es-es", "no no no olvides", None), ("it-it", "no non dimenticare", None), ("de-de", "nicht vergessen", None),
    ("nl-nl", "niet vergeten", None), ("en-us", "don't forget", None),
])
def test_a_no_before_a_verb_is_its_negation_only_before_a_negated_form(lang, words, kind):
    """Where the negative imperative has forms of its own ("no borres"), "no" a filler sets apart before another
    form is an interjection ("no eh, quita eso"): what came before goes; set aside or not, before one of them it
    negates ("ah no borres eso")."""
    found = recognise(words, load_language(lang))
    assert (found.kind if found is not None and not found.unsure else None) == kind
    assert found is None or not found.target  # the exchange before, not the "no" said in this breath


@pytest.mark.parametrize("lang, words, kind", [
    # as people say them, "no" right before the plain imperative negates it ("não apaga isso": don't delete that;
    # "no quita eso la lejía": bleach doesn't get that out)
    ("pt-pt", "hmm não esquece isso", None), ("pt-pt", "olha não apaga o que eu disse", None),
    ("es-es", "uy no borra lo de mi madre", "forget_thing"), ("es-es", "pues no quita eso eh", None),  # "uy no": a lead-in
    ("ca-es", "ep no esborra això", None), ("ca-es", "escolta no oblida-ho", None),
    ("es-es", "no quita eso la lejía", None), ("ca-es", "doncs no treu això", None),
    ("pt-pt", "não te esqueças disso", None), ("pt-pt", "não apagues o que eu disse", None),
    ("es-es", "no lo borres", None), ("es-es", "oye no olvides lo de mi madre", None), ("ca-es", "no ho esborris", None),
])
def test_a_no_right_before_a_plain_imperative_negates_it(lang, words, kind):
    """A "no" right before a plain imperative negates it: only one a filler or softener sets apart is an
    exclamation ("no eh, quita eso")."""
    found = recognise(words, load_language(lang))
    assert (found.kind if found is not None and not found.unsure else None) == kind, found


@pytest.mark.parametrize("lang, words", [
    ("en-us", "can you stop recording the game"),
    ("es-es", "deja de grabar el partido"),
    ("de-de", "hör auf die Sendung aufzunehmen"),
    ("it-it", "smetti di registrare la partita"),
])
def test_stop_recording_a_show_is_no_pause(lang, words):
    """A pause's words with another skill's object (a show, a game) are that skill's request."""
    found = recognise(words, load_language(lang))
    assert found is None or found.kind != "pause"


@pytest.mark.parametrize("lang,words,kind", [
    ("de-de", "kannst du das mit dem auto wieder vergessen der mechaniker sagt das stimmt nicht", "forget_thing"),
    ("nl-nl", "dat van de tandarts mag je vergeten dat klopt niet", "forget_thing"),
    ("fr-fr", "oublie ce que je t'ai dit sur mon frère ça sert à rien", "forget_thing"),
    ("es-es", "olvida lo de mi tío eso no importa nada", "forget_thing"),
    ("de-de", "vergiss meine adresse bitte nicht", None), ("nl-nl", "vergeet mijn verjaardag niet", None),
    ("de-de", "das mit dem hund darfst du nicht vergessen", None),
])
def test_a_negation_in_what_the_user_goes_on_to_say_negates_no_request(lang, words, kind):
    """Only where a negation follows its verb does one closing the clause negate it ("vergiss das nicht"), and
    never a verb that closes its own clause: after it the user says something new ("… das stimmt nicht")."""
    found = recognise(words, load_language(lang))
    assert (found.kind if found is not None else None) == kind, found


@pytest.mark.parametrize("lang,words,target", [
    ("en-us", "please forget everything about my brother Tom", "my brother Tom"),
    ("en-us", "erase all you know about Rua das Flores", "Rua das Flores"),
    ("pt-pt", "esquece tudo o que sabes sobre o Rui", "o Rui"),
    ("es-es", "olvida todo sobre Lucía", "Lucía"), ("fr-fr", "oublie tout sur Julien", "Julien"),
    ("de-de", "vergiss alles, was du über Jonas weißt", "Jonas"), ("it-it", "dimentica tutto su Marco", "Marco"),
    ("nl-nl", "vergeet alles over Sanne", "Sanne"), ("ca-es", "oblida tot sobre la Núria", "la Núria")])
def test_everything_about_someone_else_forgets_that_one(lang, words, target):
    control = recognise(words, load_language(lang))
    assert control is not None and (control.kind, control.target, control.unsure) == ("forget_thing", target, False)


@pytest.mark.parametrize("lang,words", [
    ("en-us", "quit remembering the things i tell you"), ("en-us", "stop keeping track of me"),
    ("en-us", "don't learn anything today"), ("en-us", "stop logging stuff about me"),
    ("pt-pt", "para de registar o que eu digo"), ("fr-fr", "arrête de noter ce que je dis"),
    ("en-us", "stop tracking what i do"), ("es-es", "deja de apuntar lo que te digo"),
    ("de-de", "hör auf, dir zu merken, was ich sage"), ("it-it", "smetti di registrare quello che dico"),
    ("nl-nl", "stop met bijhouden wat ik zeg"), ("ca-es", "deixa d'apuntar el que dic")])
def test_stopping_to_keep_what_the_user_says_is_a_pause(lang, words):
    control = recognise(words, load_language(lang))
    assert control is not None and control.kind == "pause", control


@pytest.mark.parametrize("lang,words", [
    ("en-us", "stop recording the lecture"), ("en-us", "could you stop learning the drum track"),
    ("pt-pt", "para de gravar o jogo"), ("es-es", "deja de grabar el partido"), ("fr-fr", "arrête d'enregistrer l'émission"),
    ("it-it", "smetti di registrare la partita"),
    ("en-us", "can you stop listening to the radio show"), ("fr-fr", "arrête d'écouter cette émission"),
    ("ca-es", "deixa de gravar el partit")])
def test_stopping_to_keep_another_thing_is_no_pause(lang, words):
    control = recognise(words, load_language(lang))
    assert control is None or control.kind != "pause", control


@pytest.mark.parametrize("lang,words", [
    ("en-us", "forget Lisa, the party's off"), ("en-us", "forget my car, play some jazz"),
    ("en-us", "scratch Marco, he cancelled"), ("pt-pt", "esquece o Rui, ele já não vem"),
    ("es-es", "olvida a Lucía, no viene"), ("fr-fr", "oublie Julien, il ne vient plus"),
    ("de-de", "vergiss Jonas, er kommt nicht"), ("it-it", "dimentica Marco, non viene più")])
def test_a_bare_name_or_topic_then_talk_is_unsure(lang, words):
    control = recognise(words, load_language(lang))
    assert control is None or control.unsure, control


@pytest.mark.parametrize("lang,words", [
    ("en-us", "forget what i told you about Lisa, she moved"), ("en-us", "forget Lisa"),
    ("de-de", "vergiss Jonas bitte"), ("en-us", "forget my car, i sold it")])
def test_a_name_with_a_word_of_the_memory_or_alone_or_the_users_is_clear(lang, words):
    control = recognise(words, load_language(lang))
    assert control is not None and control.kind == "forget_thing" and not control.unsure, control


@pytest.mark.parametrize("lang,words", [
    ("pt-pt", "para de anotar o que eu te conto"), ("es-es", "no anotes nada de lo que diga"),
    ("fr-fr", "arrête de prendre des notes sur moi"), ("it-it", "smetti di prendere nota delle mie cose"),
    ("de-de", "hör auf aufzuzeichnen, was ich erzähle"), ("nl-nl", "stop met notities maken over mij"),
    ("ca-es", "deixa de prendre notes sobre mi"), ("de-de", "hör mal auf, dir alles über mich zu merken")])
def test_a_pause_of_noting_or_tracking_in_every_language(lang, words):
    control = recognise(words, load_language(lang))
    assert control is not None and control.kind == "pause", control


@pytest.mark.parametrize("lang,words", [
    ("it-it", "smetti di tenere traccia del pacco"), ("nl-nl", "stop met registreren van de bestellingen"),
    ("es-es", "deja de anotar el marcador")])
def test_noting_or_tracking_another_thing_is_no_pause(lang, words):
    control = recognise(words, load_language(lang))
    assert control is None or control.kind != "pause", control


@pytest.mark.parametrize("lang,words", [
    ("es-es", "no me recuerdes la reunión del jueves"), ("ca-es", "no em recordis la cita de dilluns"),
    ("it-it", "non mi ricordare la bolletta"), ("pt-pt", "não me lembres da consulta de sexta")])
def test_a_pause_verb_with_the_user_right_after_its_first_word_is_a_reminder_not_a_pause(lang, words):
    assert recognise(words, load_language(lang)) is None


@pytest.mark.parametrize("lang,words,yes", [
    ("nl-nl", "ja hoor, ga je gang maar", True), ("es-es", "sí, venga, bórralo", True),
    ("fr-fr", "ouais efface", True), ("en-us", "yep erase it", True), ("en-us", "yes forget my alarm", None)])
def test_a_yes_may_say_the_verb_asked_about_in_the_order_said(lang, words, yes):
    language = load_language(lang)
    assert is_answer(language, words) is (yes is not None)
    if yes:
        assert word_list_judge(language)("are you sure?", words) is True


@pytest.mark.parametrize("lang,words,kind", [
    ("en-us", "oh never mind, keep it all", None), ("en-us", "never mind just keep that", None),
    ("ca-es", "bah deixa-ho estar, oblida-ho", "forget_last"), ("es-es", "da igual olvídalo", "forget_last")])
def test_a_dismissal_before_keeping_or_forgetting_is_no_negation(lang, words, kind):
    found = recognise(words, load_language(lang))
    assert (found and found.kind) == kind


@pytest.mark.parametrize("lang,words,kind,target", [
    ("en-us", "hey alright so you can save stuff again", "resume", ""),
    ("ca-es", "pots oblidar que soc vegetariana", "forget_thing", "soc vegetariana"),
    ("it-it", "potresti dimenticare che sono vegano", "forget_thing", "sono vegano"),
    ("it-it", "cancella quello che sai dello zio franco", "forget_thing", "zio franco")])
def test_a_lead_in_a_first_person_verb_or_what_is_known_of_someone_reads_clearly(lang, words, kind, target):
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.target, found.unsure) == (kind, target, False)


@pytest.mark.parametrize("lang,words", [
    ("pt-pt", "olha isto fica entre nós, vou pedir a demissão amanhã"),
    ("es-es", "esto que quede entre nosotros, me han ofrecido otro trabajo"),
    ("it-it", "resta tra noi eh, cerco casa a torino"), ("fr-fr", "ça reste entre nous, je change de boulot")])
def test_between_us_opens_a_pause_over_what_follows_and_takes_nothing_back(lang, words):
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.target, found.rest) == ("pause", "", "")


@pytest.mark.parametrize("lang,words,kind", [
    ("en-us", "could you not save this my uncle owes the bank money", "pause"),
    ("de-de", "kannst du dir das bitte nicht merken", "pause"),
    ("pt-pt", "mete a tua memória em pausa", "pause"), ("es-es", "pon la memoria en pausa", "pause"),
    ("ca-es", "posa la memòria en pausa", "pause"), ("de-de", "hör mal bitte auf notizen zu machen", "pause")])
def test_pauses_as_people_say_them(lang, words, kind):
    found = recognise(words, load_language(lang))
    assert found is not None and found.kind == kind


@pytest.mark.parametrize("lang,words,taken", [
    ("en-us", "my uncle owes the bank money but keep that to yourself", "my uncle owes the bank money"),
    ("en-us", "my uncle owes the bank money please don't write it down", "my uncle owes the bank money please"),
    ("de-de", "mein onkel hat spielschulden behalt das für dich", "mein onkel hat spielschulden"),
    ("es-es", "mi tío tiene deudas de juego guárdatelo para ti", "mi tío tiene deudas de juego"),
    ("it-it", "mio zio ha debiti di gioco tienilo per te", "mio zio ha debiti di gioco"),
    ("nl-nl", "mijn oom heeft gokschulden dat blijft tussen ons", "mijn oom heeft gokschulden"),
    ("ca-es", "el meu oncle té deutes de joc no ho apuntis", "el meu oncle té deutes de joc")])
def test_a_pause_of_that_closing_a_statement_takes_it_back_in_the_same_breath(lang, words, taken):
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.target, found.rest) == ("forget_last", taken, "")


@pytest.mark.parametrize("lang,words", [
    ("en-us", "the twins did not remember it"), ("en-us", "keep it short"), ("en-us", "don't tell my wife"),
    ("de-de", "ich kann mir das nicht merken"), ("es-es", "no puedo recordar eso"),
    ("pt-pt", "não consigo lembrar isso"), ("fr-fr", "il a gardé ça pour lui"), ("nl-nl", "ik kan dat niet onthouden")])
def test_a_statement_about_remembering_or_a_secret_kept_by_others_is_no_pause(lang, words):
    assert recognise(words, load_language(lang)) is None


@pytest.mark.parametrize("lang,said", [
    # A reset before a resume: "remets" puts the memory back to nothing.
    ("fr-fr", "bon remets ta mémoire à zéro"), ("fr-fr", "remettez votre mémoire à zéro s'il vous plaît"),
    # An adverb closing it: "por completo", "for good".
    ("es-es", "reinicia tu memoria por completo"), ("en-us", "wipe your memory for good"),
    ("ca-es", "reinicia la teva memòria del tot"),
    # Forgetting the user themselves: everything about them.
    ("en-us", "just forget about me ok"), ("es-es", "olvídate de mí"), ("de-de", "vergiss mich einfach"),
    ("nl-nl", "vergeet mij maar"), ("it-it", "dimenticati di me"), ("pt-pt", "esquece-te de mim"),
    ("ca-es", "oblida't de mi")])
def test_a_reset_said_with_a_resume_verb_or_an_adverb_and_forgetting_the_user_forget_everything(lang, said):
    control = recognise(said, load_language(lang))
    assert control is not None and control.kind == "forget_all", control


@pytest.mark.parametrize("lang,said", [
    ("en-us", "forget my keys"), ("es-es", "olvídate de mi cumpleaños"), ("en-us", "forget me not is a flower")])
def test_forgetting_something_of_the_users_is_no_forgetting_of_everything(lang, said):
    control = recognise(said, load_language(lang))
    assert control is None or control.kind != "forget_all", control


@pytest.mark.parametrize("lang,words", [
    ("nl-nl", "ja hoor gaan met die banaan"), ("pt-pt", "sim pode ser vai"), ("es-es", "sí dale"),
    ("it-it", "sì vai avanti"), ("en-us", "yeah go on then")])
def test_a_yes_with_words_of_encouragement_is_a_yes(lang, words):
    language = load_language(lang)
    assert word_list_judge(language)("are you sure?", words) is True and is_answer(language, words)


@pytest.mark.parametrize("lang,said", [("ca-es", "borra tot el que tinguis guardat de mi"),
                                       ("ca-es", "doncs borra tot el que saps de mi")])
def test_the_everyday_catalan_delete_verb_is_heard(lang, said):
    control = recognise(said, load_language(lang))
    assert control is not None and control.kind == "forget_all", control


@pytest.mark.parametrize("lang,said", [
    ("en-us", "remember to buy milk"), ("es-es", "acuérdate de comprar pan"), ("it-it", "ricordati di chiamare la nonna"),
    ("fr-fr", "souviens-toi d'appeler maman"), ("pt-pt", "lembra-te de tirar a carne do congelador")])
def test_a_thing_to_do_is_a_reminder_not_a_fact_to_remember(lang, said):
    control = recognise(said, load_language(lang))
    assert control is None or control.kind != "remember", control


@pytest.mark.parametrize("lang,said,target", [
    ("en-us", "remember that i hate flying", "i hate flying"), ("es-es", "acuérdate de que soy vegano", "soy vegano")])
def test_a_fact_to_remember_is_still_remembered(lang, said, target):
    control = recognise(said, load_language(lang))
    assert control is not None and (control.kind, control.target) == ("remember", target), control


@pytest.mark.parametrize("lang,said,kind", [
    ("en-us", "so what do you remember about me again", "recall"), ("es-es", "qué recuerdas de mí otra vez", "recall"),
    ("en-us", "can you remember things again", "resume"), ("es-es", "oye de qué te acuerdas de mí", "recall")])
def test_asking_again_what_is_remembered_is_a_recall_not_a_resume(lang, said, kind):
    control = recognise(said, load_language(lang))
    assert control is not None and control.kind == kind, control


@pytest.mark.parametrize("lang,said", [("es-es", "olvídalo yo me encargo"), ("it-it", "dimentica io lo faccio"),
                                       ("fr-fr", "oublie je m'en charge"), ("ca-es", "oblida-ho soc jo")])
def test_forget_it_i_will_handle_it_forgets_nothing_of_the_user(lang, said):
    control = recognise(said, load_language(lang))
    assert control is None or control.kind != "forget_all", control


@pytest.mark.parametrize("lang,words,target", [
    ("en-us", "forget that stuff about my knee", "my knee"),
    ("it-it", "cancella quella faccenda del dentista", "dentista"),
    ("it-it", "quella faccenda del dentista toglila pure", "dentista"),
    ("es-es", "olvida ese rollo del dentista", "dentista"),
    ("es-es", "esa historia del dentista bórrala", "dentista"),
    ("fr-fr", "oublie cette histoire de dentiste", "dentiste"),
    ("pt-pt", "esquece aquela cena do dentista", "dentista"),
    ("ca-es", "oblida aquella història del dentista", "dentista"),
    ("nl-nl", "vergeet dat gedoe met de tandarts", "de tandarts")])
def test_a_vague_word_before_the_thing_named_is_no_part_of_it(lang, words, target):
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.target, found.unsure) == ("forget_thing", target, False)


@pytest.mark.parametrize("lang,words", [
    ("en-us", "wipe everything you know about me really"),
    ("fr-fr", "efface tout ce que tu sais sur moi vraiment"),
    ("de-de", "lösch alles was du über mich weißt wirklich"),
    ("it-it", "cancella tutto quello che sai di me tutto davvero")])
def test_everything_closed_by_an_intensifier_is_still_everything(lang, words):
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.unsure) == ("forget_all", False)


@pytest.mark.parametrize("lang,words", [
    ("it-it", "quest ultima cosa dimenticala non è vero"),
    ("es-es", "eso último bórralo no era verdad"),
    ("it-it", "no aspetta l ultima cosa cancellala non volevo dirla")])
def test_the_last_thing_named_first_then_its_verb_then_why_not_takes_it_back(lang, words):
    found = recognise(words, load_language(lang))
    assert found is not None and found.kind == "forget_last"


@pytest.mark.parametrize("lang,words", [
    ("es-es", "borra todo lo que sabes de mi todo todo y empezamos otra vez"),
    ("it-it", "cancella tutto quello che sai di me tutto tutto ricominciamo"),
    ("pt-pt", "apaga tudo o que sabes sobre mim tudo tudo vamos recomeçar")])
def test_everything_said_again_after_me_closes_it_and_the_rest_is_said_anew(lang, words):
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.unsure) == ("forget_all", False)


@pytest.mark.parametrize("lang,words,kind,target", [
    ("en-us", "hmm dont keep that stuff about my landlord ok", "forget_thing", "my landlord"),
    ("es-es", "no guardes lo de mi jefe", "forget_thing", "mi jefe"),
    ("en-us", "please don't remember anything i say", "pause", ""),
    ("en-us", "don't keep that", "pause", "last"),
    ("en-us", "ok erase everything you know about me start fresh", "forget_all", ""),
])
def test_not_keeping_a_thing_named_forgets_it_and_a_fresh_start_after_me_closes_everything(lang, words, kind, target):
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.target) == (kind, target)


@pytest.mark.parametrize("lang, said, kind, target", [
    ("de-de", "vergiss bitte das mit meinem chef ja der ist eh nicht mehr da", "forget_thing", "meinem chef"),
    ("es-es", "lo de la gata bórralo vale que ya no importa", "forget_thing", "gata"),
    ("ca-es", "oblida't del gos d'acord que això no cal", "forget_thing", "gos"),
    ("fr-fr", "oublie le truc sur mon genou s'il te plaît c'est pas important", "forget_thing", "mon genou"),
    ("it-it", "cancella quella cosa sul cane per favore non serve", "forget_thing", "cane"),
    ("nl-nl", "vergeet dat van mijn zus oké dat is niet belangrijk", "forget_thing", "mijn zus"),
    ("pt-pt", "esquece o papagaio está bem que isso não interessa", "forget_thing", "papagaio"),
    ("en-us", "forget about the parrot okay it's not important", "forget_thing", "parrot"),
])
def test_a_tag_before_why_not_ends_the_control(lang, said, kind, target):
    """A tag inside the turn, then a negated why: the control ends at the tag, its thing named cleanly."""
    found = recognise(said, load_language(lang))
    assert found is not None and found.kind == kind
    assert target in found.target.casefold() and len(found.target.split()) <= 3


@pytest.mark.parametrize("lang, said, kind", [
    ("de-de", "vergiss das ja nicht wieder", None),  # a tag a negation follows: "don't forget that"
    ("de-de", "was weißt du eigentlich alles über mich", "recall"),  # no why not after the tag
    ("en-us", "forget emma okay she's not coming", "forget_thing"),  # a name not the user's: ask first
    ("de-de", "vergiss das mit meiner schwester ja doch lieber nicht", None),  # taken back after the tag
    ("de-de", "vergiss des ned", None),  # Bavarian: "don't forget that"
    ("en-us", "forget the dog food okay we don't need it", "forget_thing"),  # a thing of a pet: ask first
    ("es-es", "olvídate del veterinario del gato vale que no hace falta ir", "forget_thing"),
    ("en-us", "forget the dog okay he can't come on the trip", "forget_thing"),  # a plan: ask first
    ("en-us", "for now don't keep anything in the freezer", None),  # a household's, not the memory's
    ("de-de", "vergiss das halt ist nicht so wichtig", "forget_last"),  # maybe "never mind": ask first
])
def test_a_tag_inside_the_turn_ends_no_control_before_anything_but_why_not(lang, said, kind):
    found = recognise(said, load_language(lang))
    assert (found.kind if found else None) == kind
    if found is not None and found.kind in ("forget_thing", "forget_last"):
        assert found.unsure


@pytest.mark.parametrize("lang, said", [
    ("de-de", "vergiss amal alles komplett was du über mi weißt"),
    ("de-de", "jetzt lösch amal alles von mi"),
])
def test_bavarian_me_is_the_user(lang, said):
    found = recognise(said, load_language(lang))
    assert found is not None and found.kind == "forget_all"


@pytest.mark.parametrize("lang, said", [
    ("it-it", "per ora non tenere niente nel freezer"),  # the while set aside by the reading: still the household's
    ("en-us", "for now, don't keep anything in the freezer"),
])
def test_a_while_set_aside_still_marks_a_households_order(lang, said):
    assert recognise(said, load_language(lang)) is None


@pytest.mark.parametrize("lang, said, kind", [
    ("it-it", "vabbè dai riattivala la memoria tanto non c'è niente di segreto", "resume"),
    ("en-us", "you can start remembering again i don't have anything to hide", "resume"),
    ("en-us", "start remembering again no don't", None),  # taken back
    ("es-es", "vuelve a apuntar cosas bueno no mejor no", None),
])
def test_a_resume_holds_before_a_statement_of_its_own_that_a_negation_opens(lang, said, kind):
    found = recognise(said, load_language(lang))
    assert (found.kind if found else None) == kind


@pytest.mark.parametrize("lang, said, target", [
    ("it-it", "allora il mio indirizzo cancellalo non mi va che ce l'hai ok", "mio indirizzo"),
    ("es-es", "mi dirección bórrala que no me fío", "mi dirección"),
    ("es-es", "mi cumpleaños olvídalo", "mi cumpleaños"),
    ("pt-pt", "a minha morada apaga-a", "minha morada"),
    ("it-it", "la mia sveglia cancellala", None),  # a skill's thing
    ("es-es", "mi lista de la compra bórrala", None),
    ("es-es", "la foto no me gusta bórrala", None),  # no thing of the user's said first
    ("es-es", "el trabajo olvídalo", None),  # "forget work": talk, no thing of the user said first
])
def test_the_users_thing_said_first_is_taken_up_by_the_pronoun_on_the_verb(lang, said, target):
    found = recognise(said, load_language(lang))
    if target is None:
        assert found is None or found.kind != "forget_thing"
    else:
        assert found is not None and found.kind == "forget_thing" and target in found.target.casefold()
        assert found.unsure  # maybe a thing to take away: "mi plato quítalo"


@pytest.mark.parametrize("lang, said", [
    ("it-it", "svuota tutto scordati di me ricominciamo da zero"),
    ("es-es", "borra todo olvídate de mí"),
    ("en-us", "delete everything forget about me"),
    ("de-de", "lösch alles vergiss mich"),
    ("nl-nl", "wis alles vergeet mij"),
    ("it-it", "azzera tutto dimenticati di me ricominciamo da capo"),
    ("en-us", "forget it delete everything"),  # two kinds: forgetting everything, asked
    ("fr-fr", "oublie ça efface tout"),
])
def test_requests_said_one_after_another_forget_everything_asked(lang, said):
    """"Delete everything" alone may be a list's; a forgetting of the user right after it says it is the memory."""
    found = recognise(said, load_language(lang))
    assert found is not None and found.kind == "forget_all"


@pytest.mark.parametrize("lang, said", [
    ("en-us", "forget it delete the timer"),  # "never mind", then another skill's request
    ("es-es", "olvídalo borra la alarma de las siete"),
    ("it-it", "dimenticalo cancella la sveglia delle sette"),
    ("nl-nl", "vergeet het wis de wekker"),
    ("fr-fr", "oublie ça supprime l'alarme"),
])
def test_never_mind_then_another_skills_request_is_no_control(lang, said):
    assert recognise(said, load_language(lang)) is None


@pytest.mark.parametrize("lang, said, unsure", [
    ("ca-es", "això últim no ho apuntis oblida-ho", True),  # asked: what was negated may be the assistant's words
    ("es-es", "eso que dije no era verdad olvídalo", True),
    ("it-it", "questo non segnarlo dimenticalo", True),
    ("pt-pt", "isso não anotes esquece-o", True),
])
def test_a_verb_and_its_object_in_one_word_closing_the_turn_takes_back_whatever_was_negated_before(lang, said, unsure):
    found = recognise(said, load_language(lang))
    assert found is not None and (found.kind, found.unsure) == ("forget_last", unsure)


@pytest.mark.parametrize("lang, said", [
    ("it-it", "non dimenticarlo"),  # don't forget it
    ("es-es", "no quiero que lo olvides"),
    ("es-es", "quita la alarma olvídalo"),  # a skill's request first: no chain of the memory's
    ("en-us", "they always forget my order"),
    ("en-us", "turn off the lights forget the kitchen"),
    ("en-us", "honestly i do not want you to forget"),  # a negation further in governs the verb closing it
    ("es-es", "la verdad es que no quiero que lo olvides"),
    ("it-it", "il messaggio non è importante cancellalo"),  # another skill's thing
    ("es-es", "el correo no es importante bórralo"),
    ("pt-pt", "a mensagem não interessa apaga-a"),
    ("it-it", "la mail non la mando cancellala"),
])
def test_a_verb_of_forgetting_after_something_else_is_no_request_of_the_memory(lang, said):
    assert recognise(said, load_language(lang)) is None


@pytest.mark.parametrize("lang, said", [
    ("ca-es", "esborra tot del carro"),  # a shopping cart
    ("en-us", "delete everything about the trip"),
    ("es-es", "borra todo de mi lista de contactos"),  # not read as Catalan: the persona's skill object
    ("de-de", "lösch alles von meiner freundin"),  # her messages, maybe
])
def test_deleting_everything_about_something_else_asks_first(lang, said):
    found = recognise(said, load_language(lang))
    assert found is None or found.unsure


@pytest.mark.parametrize("lang, said, target", [
    ("es-es", "olvida que tengo un perro", "tengo un perro"),  # the one fact, not everything
    ("it-it", "dimentica che sono di roma", "sono di roma"),
    ("en-us", "forget my brother start over", "my brother"),  # a fresh start after no user word ends nothing
])
def test_forgetting_one_thing_of_the_users_stays_one_thing(lang, said, target):
    found = recognise(said, load_language(lang))
    assert found is not None and found.kind == "forget_thing" and target in found.target


@pytest.mark.parametrize("lang, said", [
    # A pause said with a while covers what the user says from now on (control_saying.voc).
    ("en-us", "for the next bit don't save anything i tell you"),
    ("fr-fr", "pour l'instant ne retiens rien de ce que je vais te raconter"),
    ("es-es", "por ahora no guardes nada de lo que te cuente"),
    ("it-it", "per stasera non salvare niente di quello che ti dico"),
    ("pt-pt", "por agora não guardes nada do que eu te disser"),
    ("ca-es", "per ara no guardis res del que t'expliqui"),
    ("de-de", "für heute nichts speichern von dem was ich dir erzähle"),
    ("nl-nl", "voor vandaag niks onthouden van wat ik je vertel"),
    # the infinitive said as an order
    ("nl-nl", "even niks opslaan hoor"),
    ("de-de", "bitte erstmal nichts aufschreiben"),
])
def test_a_pause_with_a_while_covers_what_the_user_says(lang, said):
    found = recognise(said, load_language(lang))
    assert found is not None and found.kind == "pause"


@pytest.mark.parametrize("lang, said", [
    ("it-it", "per ora non tenere niente nel freezer ti dico"),  # the household's, whatever is said after
    ("en-us", "for now don't keep anything in the car i tell you"),
    ("nl-nl", "ik kan niks onthouden"),  # the user's own memory
    ("de-de", "kannst du dir nichts merken"),  # a reproach
])
def test_a_households_while_or_ones_own_memory_is_no_pause(lang, said):
    assert recognise(said, load_language(lang)) is None


@pytest.mark.parametrize("lang", ["ca-es", "de-de", "es-es", "fr-fr", "it-it", "nl-nl", "pt-pt"])
@pytest.mark.parametrize("said, kind", [
    ("forget what i just said", "forget_last"),  # German reads a Bavarian "i" as "ich": English reads it as said
    ("uh forget what i told you about my sister", "forget_thing"),
    ("forget everything i told you", "forget_all"),
    ("what do you know about me", "recall"),
])
def test_an_english_control_under_any_persona_is_read_as_english_reads_it(lang, said, kind):
    found = recognise(said, load_language(lang))
    assert found is not None and found.kind == kind and not found.unsure


@pytest.mark.parametrize("lang,words", [
    # Not keeping "that" (or bare), then why: what was just said goes, and nothing more is learnt for a while.
    ("en-us", "no no don't write that down my mom reads this stuff"),
    ("de-de", "nee schreib das bloß nicht auf okay, meine mutter liest hier mit"),
    ("nl-nl", "nee nee niet opschrijven man mijn moeder leest alles"),
    ("en-us", "don't save that, my sister checks the history"),
])
def test_not_keeping_that_then_why_takes_back_what_was_just_said(lang, words):
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.target) == ("pause", "last")


@pytest.mark.parametrize("lang,words", [
    # "this" may name what comes: a pause, and what was said before stays.
    ("en-us", "could you not save this my uncle owes the bank money"),
    ("en-us", "don't write this down, my uncle owes the bank money"),
    ("nl-nl", "onthoud dit niet, mijn oom heeft gokschulden"),
])
def test_not_keeping_this_then_a_statement_pauses_and_keeps_what_was_said_before(lang, words):
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.target) == ("pause", "")


@pytest.mark.parametrize("lang,words,kind", [
    # A no before a comma is an answer: the request after it stands.
    ("es-es", "espera no, olvida eso vale", "forget_last"),
    ("pt-pt", "não, apaga isso", "forget_last"),
    ("fr-fr", "non, oublie ça", "forget_last"),
])
def test_a_no_before_a_comma_answers_and_negates_no_request(lang, words, kind):
    found = recognise(words, load_language(lang))
    assert found is not None and found.kind == kind


@pytest.mark.parametrize("lang,words", [
    ("en-us", "never, ever forget what I just said"), ("es-es", "no olvides eso"), ("fr-fr", "jamais, oublie pas ça"),
])
def test_a_never_before_a_comma_still_negates(lang, words):
    assert recognise(words, load_language(lang)) is None


@pytest.mark.parametrize("lang,words", [
    # "this is not for the record": a pause of what comes, nothing taken back.
    ("de-de", "das ist jetzt nicht zum mitschreiben, mein onkel klaus ist in der entzugsklinik"),
    ("en-us", "this isn't for the record, my uncle is in rehab"),
    ("fr-fr", "c'est pas à noter hein mon oncle est en cure"),
    ("nl-nl", "dit is niet om op te schrijven mijn oom zit in een kliniek"),
])
def test_what_is_said_not_to_be_noted_pauses_before_what_comes(lang, words):
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.target) == ("pause", "")


@pytest.mark.parametrize("lang,words,kind", [
    ("nl-nl", "zo wis maar alles wat je over mij weet", "forget_all"),  # "zo" opens, "maar" is a particle
    ("fr-fr", "c'est bon tu peux noter", "resume"),
])
def test_everyday_openers_and_permissions(lang, words, kind):
    found = recognise(words, load_language(lang))
    assert found is not None and found.kind == kind


@pytest.mark.parametrize("lang,words", [
    # The user's own reason (a refused offer, a plan): a pause, what was said before stays.
    ("en-us", "don't write that down i will remember it myself"),
    ("de-de", "schreib das nicht auf ich merk mir das selbst"),
    ("de-de", "speicher das nicht wir haben noch welche"),
])
def test_not_keeping_that_then_the_users_own_reason_takes_nothing_back(lang, words):
    found = recognise(words, load_language(lang))
    assert found is None or found.target == ""


@pytest.mark.parametrize("lang,words", [
    # Another skill's place said as a clause of its own after it: no pause of the memory.
    ("es-es", "no, no guardes nada en el congelador"), ("es-es", "no, no guardes nada en la nevera"),
])
def test_not_keeping_a_thing_in_another_skills_place_is_no_pause(lang, words):
    assert recognise(words, load_language(lang)) is None


@pytest.mark.parametrize("lang,words", [
    ("en-us", "stop remembering, i'll make a shopping list"), ("en-us", "off the record the meeting with my lawyer went badly"),
    ("en-us", "keep this between us, the flight to cancun is a surprise for my wife"),
    ("es-es", "no apuntes nada, mañana tengo cita con el psiquiatra"),
    ("en-us", "don't record anything during the meeting"),  # an event is no place
])
def test_a_pause_before_a_statement_naming_another_skills_thing_still_pauses(lang, words):
    found = recognise(words, load_language(lang))
    assert found is not None and found.kind == "pause"


@pytest.mark.parametrize("lang,words", [
    ("fr-fr", "c'est bon tu peux noter le rendez-vous dans l'agenda"),  # another skill's: no resume
    ("en-us", "don't write that down my memory is fine"),  # the user's own reason: nothing taken back
])
def test_another_skills_thing_resumes_nothing_and_the_users_own_reason_takes_nothing_back(lang, words):
    found = recognise(words, load_language(lang))
    assert found is None or (found.kind, found.target) == ("pause", "")


@pytest.mark.parametrize("lang, said, kind, target", [
    # Everything about someone of the user's, then why in the same breath: that one, never everything; what follows
    # their name is no part of them, even where it ends on "me".
    ("de-de", "vergiss alles über meinen bruder der redet nicht mehr mit mir", "forget_thing", "meinen bruder"),
    ("de-de", "lösch alles über meinen bruder der redet nicht mehr mit mir", "forget_thing", "meinen bruder"),
    ("es-es", "olvida todo sobre mi cuñado que ya no se habla conmigo", "forget_thing", "mi cuñado"),
    ("en-us", "um delete all the stuff you've got on me", "forget_all", ""),
])
def test_everything_about_someone_then_why(lang, said, kind, target):
    control = recognise(said, load_language(lang))
    assert control is not None and (control.kind, control.target) == (kind, target)


@pytest.mark.parametrize("lang, words", [
    # Not keeping "that", its verb alone among small words, takes back what was just said too
    ("es-es", "eh mejor no te acuerdes de eso"),
    ("de-de", "ähm nee merk dir das lieber nicht"),
    ("ca-es", "ai no millor no te'n recordis"),
    ("it-it", "no meglio non ricordartelo"),
    ("pt-pt", "é melhor não te lembrares disso"),
    ("fr-fr", "non vaut mieux pas retenir ça"),
    ("en-us", "on second thought better not keep that"),
])
def test_not_keeping_that_said_plainly_takes_it_back(lang, words):
    control = recognise(words, load_language(lang))
    assert control is not None and (control.kind, control.target) == ("pause", "last")


@pytest.mark.parametrize("lang, words", [
    ("en-us", "don't remember that i'm sick"),
    ("en-us", "i don't remember that"),
    ("en-us", "why don't you remember that?"),
])
def test_not_keeping_what_comes_takes_nothing_back(lang, words):
    control = recognise(words, load_language(lang))
    assert control is None or control.target != "last"


@pytest.mark.parametrize("lang, words, target", [
    # What the user told about a topic names the topic, not the last thing said
    ("ca-es", "mira oblida el que t'he dit de la feina", "la feina"),
    ("es-es", "olvida lo que te he contado de mi trabajo", "mi trabajo"),
    ("fr-fr", "oublie ce qui concerne mes médicaments s'il te plaît", "mes médicaments"),
    ("it-it", "dimentica tutto quello che riguarda il lavoro", "il lavoro"),
    ("pt-pt", "esquece tudo o que tem a ver com o meu trabalho", "o meu trabalho"),
    ("en-us", "forget anything to do with my job", "my job"),
])
def test_what_was_told_about_a_topic_is_that_topic(lang, words, target):
    control = recognise(words, load_language(lang))
    assert control is not None and (control.kind, control.target) == ("forget_thing", target)


@pytest.mark.parametrize("lang,words,target", [
    ("en-us", "you don't need to know my address anymore, just forget it", "my address anymore"),
    ("en-us", "honestly you don't need to know where i live", "where i live"),
    ("es-es", "no necesitas saber dónde trabajo olvídalo", "dónde trabajo"),
    ("de-de", "wo ich wohne musst du nicht mehr wissen lösch das", "wo ich wohne"),
    ("it-it", "dove abito non ti serve saperlo cancellalo", "dove abito"),
    ("nl-nl", "waar ik werk hoef je niet te weten", "waar ik werk"),
    ("pt-pt", "tu não tens nada que saber do meu irmão", "do meu irmão"),
])
def test_a_thing_the_assistant_need_not_know_is_asked_to_be_forgotten(lang, words, target):
    """"You don't need to know X": X, said after the phrasing or before it, is asked to be forgotten: a forgetting
    after it may be "never mind", and the question lists what would go."""
    assert recognise(words, load_language(lang)) == Control("forget_thing", target, unsure=True)


@pytest.mark.parametrize("lang,words", [
    ("en-us", "you don't need to know how to cook"), ("en-us", "you don't need to know everything"),
    ("en-us", "you don't need to know my name to set a timer"), ("de-de", "du musst nicht wissen wie alt ich bin um mir das wetter zu sagen"),
    ("es-es", "no tienes que saber todo de mí"), ("nl-nl", "je hoeft niet alles te weten van mij"),
])
def test_need_not_know_of_no_thing_of_the_users_is_no_control(lang, words):
    assert recognise(words, load_language(lang)) is None


@pytest.mark.parametrize("lang,words", [
    ("es-es", "lo que te acabo de decir no lo guardes"),
    ("fr-fr", "ce que je viens de dire tu le retiens pas"), ("ca-es", "el que t'he dit no ho recordis"),
    ("pt-pt", "ah esquece isso que eu te disse"), ("fr-fr", "laisse tomber ce que je t'ai dit"),
    ("en-us", "eh no espera olvida eso"), ("de-de", "ok alors oublie ce que je viens de dire"),
])
def test_what_was_just_said_named_then_not_to_be_kept_takes_back_the_last_turn(lang, words):
    """A fronted "what I just said" before "don't keep it", a "never mind" with what was said, a control in another
    shipped language read as that language reads it: the last turn is taken back, not the words of this one."""
    assert recognise(words, load_language(lang)) == Control("forget_last")


@pytest.mark.parametrize("lang,words", [("pt-pt", "esquece isso"), ("fr-fr", "laisse tomber c'est pas grave"),
                                        ("fr-fr", "laisse tomber")])
def test_never_mind_alone_is_still_no_control(lang, words):
    assert recognise(words, load_language(lang)) is None


@pytest.mark.parametrize("lang,words,kind", [
    ("en-us", "switch off incognito mode", "resume"), ("en-us", "okay leave private mode now", "resume"),
    ("en-us", "go into private mode for a bit", "pause"),
    ("de-de", "schalt den privatmodus wieder aus", "resume"), ("de-de", "wechsel mal in den privatmodus", "pause"),
    ("es-es", "quita el modo privado ya", "resume"), ("es-es", "ponte en modo privado un rato", "pause"),
    ("pt-pt", "desliga o modo privado", "resume"), ("fr-fr", "sors du mode privé", "resume"),
    ("it-it", "disattiva la modalità privata", "resume"), ("nl-nl", "zet de privémodus uit alsjeblieft", "resume"),
    ("ca-es", "desactiva el mode privat", "resume"),
    # switched to, or switched with another form of the verb
    ("en-us", "switch to private mode", "pause"), ("de-de", "schalte den privatmodus aus", "resume"),
    ("es-es", "cambia a modo privado", "pause"), ("pt-pt", "muda para o modo privado", "pause"),
    ("fr-fr", "passe au mode privé", "pause"), ("it-it", "passa al modo privato", "pause"),
])
def test_the_private_mode_switched_off_resumes_and_on_pauses(lang, words, kind):
    """Off or left, the private mode resumes (it paused before: "private mode off" was a pause); on or entered
    anywhere in a short request, it pauses."""
    assert recognise(words, load_language(lang)) == Control(kind)


@pytest.mark.parametrize("lang,words", [
    ("en-us", "my browser has a private mode"), ("en-us", "i watched it incognito"),
    ("de-de", "ich war gestern im privatmodus"), ("es-es", "mi móvil tiene modo privado"),
    ("en-us", "don't turn on private mode"), ("en-us", "turn off private mode on my laptop"),
    ("nl-nl", "mijn zoon zet de privémodus altijd uit"), ("es-es", "mi hija siempre quita el modo incógnito"),
    ("en-us", "alexa turn off private mode"), ("en-us", "turn off her incognito mode"), ("en-us", "leave it in private mode"),
    ("en-us", "put the ipad on private mode"), ("de-de", "mach den privatmodus morgen an"),
    ("de-de", "verlass dich auf den privatmodus"),
    # asked about, not switched: "is private mode on", "ist der privatmodus an?"
    ("en-us", "is private mode on"), ("en-us", "is the private mode on?"), ("de-de", "ist der privatmodus an?"),
    ("fr-fr", "est-ce que le mode privé est activé ?"),
])
def test_a_private_mode_talked_about_is_no_control(lang, words):
    assert recognise(words, load_language(lang)) is None


@pytest.mark.parametrize("lang,words,target,rest", [
    ("es-es", "oye olvida lo de zamora que nos hemos mudado, ahora estamos en teruel", "zamora",
     "nos hemos mudado, ahora estamos en teruel"),
    ("it-it", "dimentica quella cosa di bari che adesso abitiamo a lecce", "bari", "adesso abitiamo a lecce"),
    ("ca-es", "oblida allò de girona que ara vivim a reus", "girona", "ara vivim a reus"),
    # what was never said as so now is the claim rejected: "forget the story that I live in Paris"
    ("fr-fr", "oublie cette histoire que j'habite à paris", "cette histoire", ""),
    ("it-it", "dimentica la storia che abito a milano", "la storia", "")])
def test_what_the_clause_of_a_thing_to_forget_goes_on_to_say_is_so_now_is_kept_to_learn(lang, words, target, rest):
    """Round 31: the words after the thing's end were dropped, and the new home with them."""
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.target, found.rest, found.unsure) == ("forget_thing", target, rest, False)


def test_what_follows_a_comma_after_a_thing_to_forget_is_kept_to_learn_and_the_forgetting_asked():
    found = recognise("forget my job, too much stress", load_language("en-us"))
    assert found is not None and (found.kind, found.target, found.rest, found.unsure) == (
        "forget_thing", "my job", "too much stress", True)


@pytest.mark.parametrize("lang,words", [
    ("fr-fr", "ce que je viens de dire tu peux l'oublier"), ("fr-fr", "ce que je viens de dire tu l'oublies"),
    ("it-it", "quello che ti ho appena detto puoi dimenticarlo"), ("es-es", "lo que te acabo de decir puedes olvidarlo"),
    ("pt-pt", "isso que eu disse podes apagar"), ("ca-es", "el que t'acabo de dir ho pots oblidar"),
    ("nl-nl", "ehm zou je misschien wat ik net vertelde weer kunnen vergeten"), ("nl-nl", "dat laatste zou je kunnen vergeten"),
    ("pt-pt", "ai não isso último apaga se faz favor"), ("pt-pt", "apaga isso último")])
def test_what_was_just_said_named_before_you_can_and_its_verb_is_taken_back(lang, words):
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.unsure) == ("forget_last", False)


@pytest.mark.parametrize("lang,words,target", [
    ("it-it", "dimentica mia moglie può arrangiarsi da sola", "mia moglie può arrangiarsi da sola"),
    ("fr-fr", "oublie que je peux venir demain", "je peux venir demain")])
def test_you_can_after_a_thing_to_forget_ends_no_thing(lang, words, target):
    """"può", "peux" are read past only between a thing said first and its verb: "forget my wife | she can ..." is
    no forgetting of "my wife"."""
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.target) == ("forget_thing", target)


@pytest.mark.parametrize("lang,words", [
    ("fr-fr", "ce que tu as oublié"), ("it-it", "quello che hai dimenticato"), ("es-es", "lo que has olvidado"),
    ("ca-es", "el que has oblidat"), ("pt-pt", "o que tu esqueceste"), ("nl-nl", "wat je vergeten bent")])
def test_what_the_assistant_forgot_is_no_request(lang, words):
    assert recognise(words, load_language(lang)) is None


@pytest.mark.parametrize("lang,words", [
    ("es-es", "eh no no olvídate de eso lo que acabo de decir"), ("en-us", "forget about that, what i just said"),
    ("fr-fr", "bon tu sais quoi la dernière chose que j'ai dite tu l'oublies ok"),
    ("it-it", "l'ultima cosa che ti ho raccontato dimenticala"),
    ("nl-nl", "weet je wat dat van net mag je wissen oké")])
def test_the_last_thing_said_again_or_said_how_is_taken_back(lang, words):
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.unsure) == ("forget_last", False)


@pytest.mark.parametrize("lang,words", [
    ("fr-fr", "la dernière chose que ma femme a dite je l'oublie toujours"), ("nl-nl", "dat van net was leuk"),
    ("it-it", "l'ultima cosa che il dottore mi ha detto ieri dimenticala"), ("nl-nl", "schrappen doe ik later wel")])
def test_the_last_thing_talked_of_asks_nothing(lang, words):
    assert recognise(words, load_language(lang)) is None


@pytest.mark.parametrize("lang,words,target", [
    ("de-de", "könntest du meine adresse löschen", "meine adresse"), ("nl-nl", "kun je mijn adres wissen", "mijn adres")])
def test_can_you_then_the_users_thing_and_the_verb_last_forgets_it(lang, words, target):
    found = recognise(words, load_language(lang))
    assert found is not None and (found.kind, found.target, found.unsure) == ("forget_thing", target, False)


@pytest.mark.parametrize("lang,words", [
    ("de-de", "hast du meinen geburtstag vergessen"), ("nl-nl", "heb je mijn verjaardag vergeten"),
    ("de-de", "kannst du bitte meinen wecker löschen"), ("nl-nl", "kun je mijn boodschappenlijst wissen"),
    ("de-de", "kannst du die adresse von meiner frau löschen"),
    ("de-de", "oh nein meine brille vergessen"), ("nl-nl", "oh mijn sleutels vergeten")])  # forgot my glasses, keys
def test_did_you_forget_or_another_skills_thing_asks_the_memory_nothing(lang, words):
    assert recognise(words, load_language(lang)) is None


@pytest.mark.parametrize("lang, said, target, rest", [
    ("en-us", "forget my old number the new one is five five five oh one nine nine", "my old number",
     "the new one is 5550199"),
    ("fr-fr", "oublie mon ancienne adresse la nouvelle c'est trois rue des lilas", "mon ancienne adresse",
     "la nouvelle ce est 3 rue des lilas"),
    ("de-de", "vergiss meine alte nummer meine neue ist null eins sieben null eins zwei drei", "meine alte nummer",
     "meine neue ist 0170123"),
    ("es-es", "olvida mi número viejo el nuevo es seis uno dos tres cuatro cinco", "mi número viejo", "el nuevo es 612345"),
    ("it-it", "cancella il mio vecchio indirizzo quello nuovo è via roma dieci", "il mio vecchio indirizzo",
     "quello nuovo è via roma 10"),
    ("pt-pt", "esquece o meu número antigo o novo é nove um dois três quatro cinco", "o meu número antigo",
     "o novo é 912345"),
    ("ca-es", "oblida el meu número antic el nou és el sis u dos", "el meu número antic", "el 9 és el 612"),
    ("ca-es", "oblida la meva adreça antiga la nova és carrer major dos", "la meva adreça antiga",
     "la nova és carrer major 2"),
    ("nl-nl", "vergeet mijn oude adres mijn nieuwe adres is kerkstraat vijf", "mijn oude adres",
     "mijn nieuwe adres is kerkstraat 5"),
    ("en-us", "uh scratch my old phone number, my new one is oh seven seven double two", "my old phone number",
     "my new one is 07722"),
])
def test_a_thing_forgotten_ends_where_what_replaces_it_begins(lang, said, target, rest):
    """Said in one breath with no punctuation, what replaces the thing is no part of it: it is learnt, and the
    forgetting is clear (issue 32: "forget my old number, the new one is ..." forgets the old and keeps the new)."""
    found = recognise(said, load_language(lang))
    assert found is not None and (found.kind, found.target, found.rest, found.unsure) == (
        "forget_thing", target, rest, False), found


@pytest.mark.parametrize("lang, said, target", [
    ("en-us", "forget my new number", "my new number"),
    ("de-de", "vergiss meine neue nummer", "meine neue nummer"),
    ("en-us", "please forget my old address at 12 elm street", "my old address at 12 elm street"),
])
def test_a_thing_named_new_or_old_is_the_whole_thing(lang, said, target):
    """Without what replaces it, "new" and "old" are part of the thing."""
    found = recognise(said, load_language(lang))
    assert found is not None and (found.kind, found.target, found.rest) == ("forget_thing", target, ""), found



@pytest.mark.parametrize("lang, said", [
    ("en-us", "forget i said my husband is diabetic"),  # what is taken back is the whole claim
    ("nl-nl", "haal de kinderen op mijn vrouw is ziek"),  # another skill's or talk: no "new", no replacement
    ("de-de", "nimm den hund mit meine frau ist krank"),
    ("en-us", "cancel the babysitter my mom is coming"),
    ("es-es", "olvida el fútbol ahora es hora de cenar"),
    ("en-us", "forget my diet the new year is here"),  # "new", but not the thing's: another thing
    ("en-us", "cancel my netflix the new price is too high"),
    ("en-us", "forget i said my new girlfriend is called anna"),  # a claim taken back whole
    ("en-us", "forget i said the new one is broken"),
    ("en-us", "forget the part where my new boss is rude"),
])
def test_a_statement_after_a_thing_is_no_replacement_without_a_word_for_new(lang, said):
    """Round 33's review: "my X is ..." and "now it is ..." said after a thing are the reason or talk, never what
    replaces it; nothing is cut from the thing to be learnt."""
    found = recognise(said, load_language(lang))
    assert found is None or found.rest == "", found


@pytest.mark.parametrize("lang, said", [
    ("de-de", "vergiss meine nummer nicht meine neue ist null eins sieben eins"),
    ("nl-nl", "vergeet mijn nummer niet mijn nieuwe is nul zes een twee drie"),
])
def test_a_negated_forgetting_before_what_replaces_it_forgets_nothing(lang, said):
    assert recognise(said, load_language(lang)) is None


def test_a_thing_not_the_users_before_what_replaces_it_is_asked():
    """"Forget the kettle, the new one is faster" may be talk about a kettle: ask first, learn what is said."""
    found = recognise("forget the kettle the new one is faster", load_language("en-us"))
    assert found is not None and (found.kind, found.target, found.unsure) == ("forget_thing", "the kettle", True)


@pytest.mark.parametrize("lang, said", [
    ("pt-pt", "deixa de guardar coisas"),  # "deixa" is a lead-in ("let it be") too
    ("it-it", "smetti di ricordarti le cose per favore"),
    ("fr-fr", "arrête de mémoriser des trucs"),
    ("it-it", "per un po' smetti di ricordarti le cose"),  # a while, then things
    ("it-it", "tu per adesso non ricordarti niente di quello che diciamo"),
    ("es-es", "por ahora no te quedes con nada de lo que hablemos que te cuento"),
    ("de-de", "äh kannst du dir mal eine weile nichts merken"),
    ("es-es", "podrías no guardar nada de lo que te diga"),
    ("fr-fr", "tu pourrais ne rien retenir de ce que je dis"),
    ("es-es", "prefiero que no te quedes con nada de esta conversación"),
    ("it-it", "questo è fuori verbale non te lo segnare"),
    ("fr-fr", "tu peux arrêter de tout noter"), ("de-de", "schalt dein gedächtnis mal kurz aus"),
])
def test_a_pause_said_as_people_say_it_pauses(lang, said):
    """A verb set aside as a lead-in, "things" as its object, "you, for now", what "we talk about", a polite negated
    infinitive: each a pause."""
    found = recognise(said, load_language(lang))
    assert found is not None and found.kind == "pause"


@pytest.mark.parametrize("lang, said", [
    ("it-it", "torna pure a memorizzare"),
])
def test_a_resume_said_as_people_say_it_resumes(lang, said):
    found = recognise(said, load_language(lang))
    assert found is not None and found.kind == "resume"


@pytest.mark.parametrize("lang, said", [
    ("de-de", "ich muss wieder mal echt für die prüfung lernen"),  # a particle is read past only inside a phrase
    ("en-us", "my blood sugar is normal again"), ("it-it", "vlahovic torna a segnare"),
    ("pt-pt", "o miúdo está outra vez a ficar com febre"), ("es-es", "puedes quedarte a cenar otra vez"),
    ("it-it", "devo di nuovo tenere a mente tutte le password"), ("de-de", "die ministerin ist wieder on the record"),
])
def test_a_resume_look_alike_is_no_resume(lang, said):
    found = recognise(said, load_language(lang))
    assert found is None or found.kind != "resume"


@pytest.mark.parametrize("lang, said", [
    ("es-es", "prefiero no guardar nada en el móvil"),  # an infinitive after the user's own verb
    ("es-es", "oye prefiero que me contestes de forma breve"),  # how the user wants answers: a fact
    ("pt-pt", "liga o modo privado do telemóvel"),
    ("en-us", "things went back to normal after the surgery"),
    ("de-de", "kannst du dir nichts merken"),
    ("es-es", "prefiero que no guardes eso en la nevera"),
    ("en-us", "no saving for a house takes forever"),  # a "no" set aside is no verb read back
    ("fr-fr", "j'ai peur je pourrais ne rien retenir"), ("es-es", "deja de grabar la historia"),
    ("de-de", "hör mal auf meinem handy ist kein platz mehr um fotos zu speichern"),
    ("es-es", "ella puede no recordar nada del accidente"),
    ("fr-fr", "n'oublie pas ce que je vais te dire"), ("it-it", "smetti di registrare le partite da ora in poi"),
])
def test_a_pause_look_alike_is_no_pause(lang, said):
    found = recognise(said, load_language(lang))
    assert found is None or found.kind != "pause"


@pytest.mark.parametrize("lang, said, kind", [
    ("ca-es", "va oblidar el meu aniversari", None),  # Catalan "va" is the past tense's: someone forgot, no request
    ("de-de", "off the record der chef wird entlassen", "pause"),  # off the record before news still pauses
])
def test_what_someone_did_or_news_off_the_record_reads_as_before(lang, said, kind):
    found = recognise(said, load_language(lang))
    assert (found and found.kind) == kind
