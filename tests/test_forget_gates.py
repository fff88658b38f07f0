"""The forget gates read the sentence: a negation anywhere in it turns the request off,
across commas and "not ever"; a request must be about the memory, not a list, an
alarm, a table or a plan; the work is bounded per sentence."""
from __future__ import annotations

import json

import pytest

from ovos_memory_plugin_entity.language.locale_data import load_language
from ovos_memory_plugin_entity.language.gates import (
    MAX_REQUEST_CHARS,
    user_asked_to_forget,
    user_asked_to_forget_all,
)
from tests.helpers import user_assistant

FORGET = {
    "en-us": (["please forget that I like tea", "Forget what I told you about my job.", "stop remembering that",
               "Can you forget my address?"],
              ["Remove the milk from my shopping list", "Delete my 7 am alarm", "Can you drop me at the station",
               "my flight got cancelled", "it's wrong to lie", "wipe the table", "Don't, please, forget my address",
               "I never want you to forget my birthday", "Forget my plans for Friday"]),
    "pt-pt": (["Esquece a minha morada.", "Apaga o que sabes sobre o meu trabalho."],
              ["Apaga o alarme das sete.", "Remove o leite da lista de compras.", "Não, nunca esqueças a minha morada."]),
    "es-es": (["Olvida mi dirección.", "Borra lo que sabes de mi trabajo."],
              ["Borra la alarma de las siete.", "Quita la leche de la lista de la compra.",
               "No, nunca olvides mi dirección."]),
    "de-de": (["Vergiss meine Adresse.", "Lösche, was du über meinen Job weißt."],
              ["Lösche meinen Wecker um sieben.", "Entferne die Milch von der Einkaufsliste.",
               "Nein, vergiss niemals meine Adresse."]),
    "fr-fr": (["Oublie mon adresse.", "Efface ce que tu sais de mon travail."],
              ["Efface mon alarme de sept heures.", "Enlève le lait de la liste de courses.",
               "Non, n'oublie jamais mon adresse."]),
    "it-it": (["Dimentica il mio indirizzo.", "Cancella quello che sai del mio lavoro."],
              ["Cancella la sveglia delle sette.", "Togli il latte dalla lista della spesa.",
               "No, non dimenticare mai il mio indirizzo."]),
    "nl-nl": (["Vergeet mijn adres.", "Wis wat je weet over mijn werk."],
              ["Wis mijn wekker van zeven uur.", "Haal de melk van de boodschappenlijst.",
               "Nee, vergeet nooit mijn adres."]),
    "ca-es": (["Oblida la meva adreça.", "Esborra el que saps de la meva feina."],
              ["Esborra l'alarma de les set.", "Treu la llet de la llista de la compra.",
               "No, no oblidis mai la meva adreça."]),
}
FORGET_ALL = {
    "en-us": (["Forget everything you know about me.", "Please wipe your memory."],
              ["I don't want you to ever forget everything about me", "Never, ever forget everything you know about me",
               "Delete everything", "Clear all the alarms, then forget everything? No, not ever."]),
    "de-de": (["Vergiss bitte alles, was du über mich weißt."],
              ["Ich will nicht, dass du jemals alles über mich vergisst.", "Lösche alles von der Einkaufsliste."]),
    "pt-pt": (["Esquece tudo o que sabes sobre mim."],
              ["Não quero que, alguma vez, esqueças tudo sobre mim.", "Apaga tudo da lista de compras."]),
}


@pytest.mark.parametrize("lang", FORGET)
def test_a_forget_request_is_about_the_memory_and_not_negated(lang):
    language = load_language(lang)
    asks, others = FORGET[lang]
    assert [w for w in asks if not user_asked_to_forget(w, language)] == []
    assert [w for w in others if user_asked_to_forget(w, language)] == []


@pytest.mark.parametrize("lang", FORGET_ALL)
def test_forget_everything_is_negated_anywhere_in_the_sentence(lang):
    language = load_language(lang)
    asks, others = FORGET_ALL[lang]
    assert [w for w in asks if not user_asked_to_forget_all(w, language)] == []
    assert [w for w in others if user_asked_to_forget_all(w, language)] == []


def test_a_negation_governs_its_own_clause():
    """The scope of a negation is its clause: before the request or closing it, it turns the
    request off; in another clause ("I don't think so, but ...") it does not."""
    language = load_language("en-us")
    assert user_asked_to_forget("I never said that. Forget my address.", language)
    assert user_asked_to_forget("I don't think so, but forget my address", language)
    assert not user_asked_to_forget("I don't want you to forget my address", language)
    assert not user_asked_to_forget("forget my address, she said", language)
    assert not user_asked_to_forget_all("um forget everything you know about me? no not ever", language)
    assert user_asked_to_forget_all("hmm you know what forget everything you know about me okay", language)


def test_a_huge_sentence_is_no_request_and_costs_bounded_work():
    language = load_language("en-us")
    long_sentence = "please forget that " + "very " * (MAX_REQUEST_CHARS // 5) + "long thing"
    assert not user_asked_to_forget(long_sentence, language)
    many = "I like tea, " * 20_000 + ". Forget my address."
    assert user_asked_to_forget(many, language)  # the short sentence at the end is still read


def test_a_model_cannot_delete_on_a_list_request(make_memory, model):
    memory = make_memory()
    memory.add_fact("s", "Likes milk")
    model.default = json.dumps({"forget": ["f1"]})
    memory.update_history(user_assistant("Remove the milk from my shopping list"), "s")
    assert memory.flush(10)
    assert [f.text for f in memory.facts("s")] == ["Likes milk"]
