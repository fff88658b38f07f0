"""The user's everyday yes (and no) to our question "forget everything?", as a recogniser hands
it over, in every shipped language: fillers, repetitions, particles, words of going ahead, and
the forgetting said as the action. What narrows, refuses or waits wipes nothing; a yes to
another question, or with nothing asked, does nothing. Sentences of our own, not the dev data."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from ovos_memory_plugin_entity.language.controls import recognise
from ovos_memory_plugin_entity.language.locale_data import load_language
from ovos_memory_plugin_entity.language.yesno import load_judge, word_list_judge
from ovos_memory_plugin_entity.pipelines.confirmation import judged
from tests.test_commands import SPOKEN, live, make, turn

YESES = {
    "en-us": ["yes damn it go ahead", "mhm yeah go on", "yeah yeah sure", "uh yes do it", "okay go ahead and wipe it", "sure why not",
              "yes forget it all", "yep clear everything", "yeah you can delete it all", "absolutely go on then",
              "uh huh", "alright then", "yes i do", "yes really sure", "yeah go for it man"],
    "pt-pt": ["sim porra apaga tudo", "sim sim", "pode ser", "claro que sim", "ah pois sim esquece tudo", "vá lá apaga tudo", "sim força",
              "ok podes esquecer", "com certeza avança", "sim podes apagá-lo", "sim quero", "tenho sim", "sim estou completamente segura", "sim pá sem problema"],
    "es-es": ["venga va hazlo carallo", "sí joder bórralo todo", "sí sí", "claro que sí", "venga sí bórralo", "vale adelante", "sí olvídalo todo", "dale",
              "por supuesto hazlo", "pues sí", "sí, puedes borrarlo", "sí totalmente segura", "sí tío sin problema"],
    "fr-fr": ["oui putain vas-y efface", "oui oui vas-y", "ouais carrément", "bah oui efface tout", "oui oublie tout", "d'accord allez",
              "bien sûr vas-y", "mais oui", "ben ouais", "oui je veux", "oui vraiment sûre", "ouais allez y"],
    "de-de": ["boah ja mach halt", "ja ja", "ja freilich hau weg", "ja mach ruhig", "klar lösch alles", "jo mach", "ja vergiss alles", "na klar",
              "okay leg los", "ja genau weg damit", "ja kannst du machen", "jaja klar", "ja ganz sicher", "ja kein problem"],
    "it-it": ["sì cazzo cancella tutto", "sì sì", "dai pure", "sì vai", "sì cancella tutto", "certo dimentica tutto", "ok procedi",
              "sì sì fallo pure", "va bene dai", "sì puoi cancellarlo", "sì sono proprio sicuro", "sì nessun problema"],
    "nl-nl": ["ja verdorie doe maar", "ja hoor", "ja ja doe maar", "ja wis alles maar", "prima ga je gang", "ja vergeet het allemaal maar",
              "oké doe het maar", "ja zeker", "tuurlijk ga maar", "ja gooi maar weg", "ja heel zeker", "ja joh ga je gang"],
    "ca-es": ["sí collons esborra-ho", "sí sí", "endavant", "sí va", "sí esborra-ho tot", "és clar que sí", "d'acord fes-ho",
              "sí home oblida-ho tot", "vinga som-hi", "sí, pots esborrar-ho tot", "sí molt segur", "sí cap problema"],
}
NOT_YESES = {
    "en-us": ["yes but only the last one", "no keep it", "actually no", "wait", "not everything", "hmm hold on",
              "yeah no leave it", "yes except my name", "no forget it", "of course not", "forget it", "yes never mind",
              "yeah cancel that",
              "go ahead and play some music", "sure, tomorrow", "yes please tomorrow", "yes yes i'm coming", "alright forget it, keep it", "ok then forget it", "yeah forget it", "yes keep it",
              "okay never mind"],
    "pt-pt": ["sim mas só a morada", "não deixa estar", "espera", "afinal não", "não apagues nada", "esquece", "sim deixa estar", "ok esquece lá isso", "pronto deixa lá"],
    "es-es": ["sí pero solo lo último", "no mejor no", "espera", "no no déjalo", "todo no", "olvídalo", "vale olvídalo, da igual", "bueno olvídalo", "vale déjalo"],
    "fr-fr": ["oui mais seulement le dernier", "non garde-le", "attends", "en fait non", "pas tout", "oui annule", "ok oublie ça laisse tomber"],
    "de-de": ["ja aber nur das letzte", "nein lass es", "warte", "nicht alles", "nee lieber nicht", "vergiss es", "ok vergiss es", "ja lass mal"],
    "it-it": ["sì ma solo l'ultima", "no lascia stare", "aspetta", "anzi no", "non tutto", "sì annulla"],
    "nl-nl": ["ja maar alleen het laatste", "nee laat maar", "wacht even", "toch maar niet", "vergeet het", "ja vergeet het maar"],
    "ca-es": ["sí però només l'última", "no deixa-ho estar", "espera", "ara no", "no tot", "oblida-ho"],
}
ASKED = [SimpleNamespace(describe=["everything remembered"])]


def _judges(lang):
    language = load_language(lang)
    return language, (word_list_judge(language), load_judge(language, lang))


@pytest.mark.parametrize("lang,words", [(lang, w) for lang, said in YESES.items() for w in said])
def test_an_everyday_yes_to_forgetting_is_a_yes(lang, words):
    """With or without ovos-yes-no-plugin beside the word lists."""
    language, judges = _judges(lang)
    assert all(judged(judge, language, "forget", ASKED, words) is True for judge in judges)


@pytest.mark.parametrize("lang,words", [(lang, w) for lang, said in NOT_YESES.items() for w in said])
def test_an_answer_that_narrows_refuses_or_waits_is_no_yes(lang, words):
    language, judges = _judges(lang)
    assert all(judged(judge, language, "forget", ASKED, words) is not True for judge in judges)


@pytest.mark.parametrize("lang,words", [("en-us", "yes forget it"), ("pt-pt", "sim esquece"),
                                        ("de-de", "ja vergiss es"), ("en-us", "yes forget it all")])
def test_the_verb_asked_about_confirms_only_a_forgetting(lang, words):
    """To "should I remember that?", "forget it" stays a dismissal even said after a yes."""
    language, judges = _judges(lang)
    assert all(judged(judge, language, "remember", ASKED, words) is not True for judge in judges)


@pytest.mark.parametrize("lang,words", [("en-us", "yeah sure erase it"), ("es-es", "sí, quítalo"),
                                        ("fr-fr", "oui oui supprime ça"), ("ca-es", "sí, treu-ho"),
                                        ("nl-nl", "ja hoor wis het maar"), ("it-it", "sì toglilo")])
def test_a_yes_that_says_to_delete_is_no_answer_to_remembering(lang, words):
    """To "should I remember that?", "yes, erase it" says two things: unclear, so nothing is kept or dropped."""
    language, judges = _judges(lang)
    assert all(judged(judge, language, "forget", ASKED, words) is True for judge in judges)
    assert all(judged(judge, language, "remember", ASKED, words) is None for judge in judges)


def test_the_plugin_hears_what_the_word_lists_did_not_read_and_a_disagreement_is_unclear():
    """Alone, the plugin hears "not" in "sure why not" (a no) and its last word in "no yeah" (a yes)."""
    language, (_, judge) = _judges("en-us")
    assert judge("Should I forget everything?", "sure why not") is True
    assert judge("Should I forget everything?", "no yeah keep it") is False
    assert judge("Should I forget everything?", "yes that would be a mistake") is None


@pytest.mark.parametrize("lang,control,reply,yes", [
    ("en-us", "uh you know what wipe everything about me",
     "Got it. Do you really want me to clear all your personal data?", "yeah yeah go on then"),
    ("pt-pt", "ehm esquece tudo o que me diz respeito", "Queres mesmo que eu apague todos os teus dados?",
     "claro que sim vá apaga lá tudo"),
    ("es-es", "eh borra todo lo mío", "¿Olvido todo lo que me has contado?", "sí sí venga dale"),
    ("fr-fr", "euh efface tout ce qui me concerne", "Je supprime toutes tes données, d'accord ?",
     "bah ouais carrément"),
    ("de-de", "ähm lösch alles über mich wirklich alles", "Soll ich wirklich alles löschen?", "ja mach ruhig"),
    ("it-it", "senti dimentica tutto su di me", "Vuoi davvero che cancelli tutti i tuoi dati?", "sì sì dai pure"),
    ("nl-nl", "vergeet alles wat met mij te maken heeft", "Zal ik al je gegevens verwijderen?", "ja hoor ga je gang"),
    ("ca-es", "eh oblida tot el que saps de mi tot", "Vols que elimini totes les teves dades?", "sí home endavant"),
    ("es-es", "oye borra todo lo que sabes de mí", "¿Estás seguro? Lo borraré todo.", "sí sí totalmente"),
    ("ca-es", "esborra-ho tot de mi", "N'estàs segura? Ho oblidaré tot.", "sí molt segura"),
    ("it-it", "dimentica tutto di me", "Vuoi che cancelli tutto ciò che ricordo di te?", "sì davvero"),
    ("de-de", "vergiss alles über mich restlos", "Bist du sicher?", "jaja ganz sicher"),
])
def test_a_spoken_yes_to_our_question_in_the_models_words_forgets_everything(make_memory, lang, control, reply, yes):
    memory = make(make_memory, lang)
    for fact in ("Likes tea", "Has a cat", "Plays chess", "Reads novels"):
        memory.add_fact("s", fact)
    turn(memory, control, answer=reply)
    turn(memory, yes)
    assert live(memory) == []


@pytest.mark.parametrize("lang,control,reply,yes", [
    ("fr-fr", "okay tu remets tout à zéro sur moi tu oublies tout",
     "Je vais supprimer tous vos souvenirs enregistrés. On y va ?", "bah ouais fais le"),
    ("it-it", "okay resetta tutta la memoria che hai su di me", "Così perderò tutto quello che so di te. Procedo?",
     "fallo dai"),
    ("en-us", "forget everything you know about me", "I'll erase all your memories. Shall I proceed?", "yeah"),
])
def test_a_bare_question_to_go_on_after_naming_the_memory_is_ours(make_memory, lang, control, reply, yes):
    """"Procedo?" alone asks nothing of the memory; after "I'll lose everything I know about you" it is our question."""
    memory = make(make_memory, lang)
    memory.add_fact("s", "Likes tea")
    turn(memory, control, answer=reply)
    turn(memory, yes)
    assert live(memory) == []


@pytest.mark.parametrize("lang,reply,yes", [
    ("en-us", "Sure. Should I also clear all the alarms?", "yeah yeah go on then"),
    ("it-it", "Va bene. Vuoi che cancelli anche la sveglia?", "sì sì dai pure"),
    ("nl-nl", "Zal ik ook de wekker uitzetten?", "ja hoor ga je gang"),
    ("en-us", "Okay. Should I continue?", "yeah go on"),
    ("de-de", "Gut. Soll ich weitermachen?", "ja klar"),
    ("fr-fr", "D'accord. Je continue ?", "oui vas-y"),
    # another language's small words ("so" is Italian for "I know", "fait" French for "done") ask nothing
    ("en-us", "Okay so do you want pasta or rice?", "yes please"),
    ("en-us", "Got it so should I add a new mattress to your shopping list", "yes"),
    ("es-es", "Vale, il fait beau. ¿Algo más?", "sí"),
    ("en-us", "Sure. Are you planning to retire soon?", "yes"), ("es-es", "Claro. ¿Quieres que apague la luz?", "sí"),
    ("it-it", "Va bene. Oggi tira vento, vuoi la giacca?", "sì"),
    # a reply that keeps the memory, then asks to go on
    ("en-us", "I'd rather keep everything I know about you, it helps me help you. Shall we continue?", "yes"),
])
def test_an_everyday_yes_to_another_question_forgets_nothing(make_memory, lang, reply, yes):
    memory = make(make_memory, lang)
    for fact in ("Likes tea", "Has a cat", "Plays chess", "Reads novels"):
        memory.add_fact("s", fact)
    turn(memory, SPOKEN[lang]["forget_all"], answer=reply)
    turn(memory, yes)
    assert len(live(memory)) == 4


@pytest.mark.parametrize("lang,control,reply,yes", [
    ("pt-pt", "uh wipe everything you know about me", "are you sure you want me to delete everything", "yes"),
    ("it-it", "dimentica tutto di me", "vuoi davvero che cancelli tutto", "sì dai"),
])
def test_our_question_said_unpunctuated_or_in_english_is_put(make_memory, lang, control, reply, yes):
    """A reply with no "?" that says only what our question says, in any shipped language, puts it (the
    answer is judged in the persona's language or English)."""
    memory = make(make_memory, lang)
    memory.add_fact("s", "Likes tea")
    turn(memory, control, answer=reply)
    turn(memory, yes)
    assert live(memory) == []


@pytest.mark.parametrize("lang,control,reply,yes", [
    ("en-us", "borra todo lo que sabes de mí", "vale pongo la alarma a las siete", "sí venga"),
    ("it-it", "dimentica tutto di me", "ok ti racconto una barzelletta", "sì dai"),
])
def test_an_unpunctuated_reply_saying_something_else_puts_no_question(make_memory, lang, control, reply, yes):
    memory = make(make_memory, lang)
    memory.add_fact("s", "Likes tea")
    turn(memory, control, answer=reply)
    turn(memory, yes)
    assert live(memory) != []


def test_an_everyday_yes_with_nothing_asked_does_nothing(make_memory):
    memory = make(make_memory, "en-us")
    memory.add_fact("s", "Likes tea")
    turn(memory, "yes forget it all")
    turn(memory, "yeah yeah go on wipe it")
    assert len(live(memory)) == 1


@pytest.mark.parametrize("lang,words,kind", [
    ("en-us", "forget everything about me everything", "forget_all"),
    ("pt-pt", "apaga tudo o que sabes de mim mesmo tudo", "forget_all"),
    ("fr-fr", "efface tout ce que tu sais de moi absolument tout", "forget_all"),
    ("it-it", "cancella tutto quello che sai su di me proprio tutto", "forget_all"),
    ("de-de", "vergiss einfach alles restlos", "forget_all"),
    ("nl-nl", "vergeet alles over mij volledig", "forget_all"),
    ("es-es", "olvida todo completamente", "forget_all"),
    ("en-us", "delete everything from my calendar everything", None),
])
def test_everything_said_again_is_emphasis_not_a_thing(lang, words, kind):
    found = recognise(words, load_language(lang))
    assert (found and found.kind) == kind


@pytest.mark.parametrize("lang, fact, said", [("ca-es", "Té un carro vermell", "esborra tot del carro"),
                                              ("es-es", "Tiene un carrito azul", "borra todo lo del carrito"),
                                              ("en-us", "Owns a red wagon", "delete everything about the wagon")])
def test_deleting_everything_of_a_thing_asks_first(make_memory, lang, fact, said):
    """A verb of deleting also empties a shopping cart: "everything of X" after it is asked, not done."""
    memory = make(make_memory, lang)
    memory.add_fact("s", fact)
    turn(memory, said)
    assert live(memory) == [fact]


@pytest.mark.parametrize("lang,control,reply,yes", [
    ("de-de", "forget everything you know about me", "Are you sure?", "yes i'm sure"),
    ("es-es", "uh forget everything about me", "Do you really want me to forget everything?", "yeah go ahead"),
    ("nl-nl", "please forget all you know about me", "Okay, should I really erase everything?", "yes do it"),
    ("it-it", "forget everything about me", "Are you sure?", "yep sure"),
])
def test_a_yes_in_the_language_the_user_asked_in_forgets_everything(make_memory, lang, control, reply, yes):
    """A bilingual household answers in the language it asked in, not the persona's."""
    memory = make(make_memory, lang)
    for fact in ("Likes tea", "Has a cat"):
        memory.add_fact("s", fact)
    turn(memory, control, answer=reply)
    turn(memory, yes)
    assert live(memory) == []


@pytest.mark.parametrize("lang,words", [("de-de", "no keep it"), ("es-es", "ja ja ja"), ("pt-pt", "ja ja"), ("fr-fr", "ja ja"),
                                        ("ca-es", "jo"), ("nl-nl", "yes but only the last one"), ("it-it", "ja"),
                                        ("pt-pt", "wait"), ("es-es", "jo"), ("fr-fr", "va"),
                                        ("de-de", "ok was"), ("de-de", "mhm was"),
                                        ("en-us", "remember it"), ("en-us", "no just remember that"),
                                        ("de-de", "merk dir das"),
                                        # reassurance alone is no yes to forgetting everything ("never mind then")
                                        ("en-us", "oh no worries then"), ("pt-pt", "sem problema deixa"),
                                        ("es-es", "no hay problema"), ("fr-fr", "pas de problème")])
def test_laughter_a_no_or_a_doubt_in_another_language_is_no_yes(lang, words):
    """English is the other language our question is known in; "ja ja" is Spanish laughter, not a German yes."""
    language, judges = _judges(lang)
    assert all(judged(judge, language, "forget", ASKED, words) is not True for judge in judges)


@pytest.mark.parametrize("lang,words", [
    # Words of assent that hold a negation say no no.
    ("en-us", "yes no problem"), ("en-us", "yeah yeah don't worry"), ("fr-fr", "oui oui t'inquiète efface"),
    ("es-es", "sí sí no te preocupes"), ("pt-pt", "sim sim não te preocupes"), ("ca-es", "sí sí no et preocupis"),
])
def test_a_yes_with_dont_worry_or_no_problem_is_a_yes(lang, words):
    language, judges = _judges(lang)
    assert all(judged(judge, language, "forget", ASKED, words) is True for judge in judges)


@pytest.mark.parametrize("lang,words", [("en-us", "no, don't worry about it"), ("es-es", "no no, tranquilo")])
def test_a_no_with_dont_worry_is_no_yes(lang, words):
    language, judges = _judges(lang)
    assert all(judged(judge, language, "forget", ASKED, words) is not True for judge in judges)
