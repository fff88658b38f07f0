"""The model-free extractor: positives, tricky negatives, single-valued slots."""
from __future__ import annotations

import pytest

from ovos_memory_plugin_entity.language import rules
from ovos_memory_plugin_entity.language.data import load_language
from tests.helpers import user_assistant

EN = load_language("en-US")


def facts(text):
    ops = rules.extract(text, EN)
    return [a.text for a in ops.add], [(u.fact_id, u.text) for u in ops.update]


@pytest.mark.parametrize("said, expected", [
    ("My name is Ana.", ["Name is Ana"]),
    ("my name is ana", ["Name is Ana"]),
    ("Please call me Annie", ["Prefers to be called Annie"]),
    ("I live in Porto", ["Lives in Porto"]),
    ("I just moved to New York", ["Lives in New York"]),
    ("I'm from Brazil", ["Is from Brazil"]),
    ("I'm a nurse", ["Works as a nurse"]),
    ("I work as a software engineer at Acme", ["Works as a software engineer", "Works at Acme"]),
    ("I love jazz", ["Likes jazz"]),
    ("I hate mushrooms", ["Dislikes mushrooms"]),
    ("I prefer metric units", ["Prefers metric units"]),
    ("I'm allergic to peanuts", ["Is allergic to peanuts"]),
    ("I am vegetarian", ["Is vegetarian"]),
    ("My birthday is on March 3rd", ["Birthday is March 3"]),
])
def test_positives(said, expected):
    assert facts(said)[0] == expected


@pytest.mark.parametrize("said", [
    "my name is not important",
    "I like that idea",
    "call me later",
    "is my name Bob?",
    "I live in fear of spiders",
    "I love you",
    "what do I like?",
    "I'm tired",
])
def test_tricky_negatives(said):
    assert facts(said) == ([], [])


@pytest.mark.parametrize("lang, first, moved, old, new", [
    ("en-US", "I live in Lisbon.", "I moved to Porto.", "Lives in Lisbon", "Lives in Porto"),
    ("pt-PT", "Moro em Lisboa.", "Mudei-me para o Porto.", "Vive em Lisboa", "Vive em Porto"),
    ("es-ES", "Trabajo en Telefónica.", "Trabajo en Iberia.", "Trabaja en Telefónica", "Trabaja en Iberia"),
    ("ca-ES", "Treballo a Seat.", "Treballo a Damm.", "Treballa a Seat", "Treballa a Damm"),
])
def test_a_new_value_said_to_the_rules_replaces_the_old(make_memory, lang, first, moved, old, new):
    memory = make_memory(extractor="rules", lang=lang)
    for words in (first, moved, moved):
        memory.update_history(user_assistant(words), "s")
    assert memory.flush(10)
    assert [f.text for f in memory.facts("s")] == [new]
    retired = next(f for f in memory.facts("s", include_retired=True) if f.text == old)
    assert not retired.live and memory.facts("s")[0].confirmations == 2


def test_an_unknown_language_falls_back_to_english():
    assert load_language("xx-YY").code == "en-us"
    assert [a.text for a in rules.extract("My name is Ana", load_language("xx-YY")).add] == ["Name is Ana"]


@pytest.mark.parametrize("said, expected", [
    ("My daughter's name is Emma", [("Emma", "daughter", "Is the user's daughter")]),
    ("I have a dog named Rex", [("Rex", "dog", "Is the user's dog")]),
    ("my boss is called rui", [("Rui", "boss", "Is the user's boss")]),
    ("My daughter Emma is allergic to peanuts.", [("Emma", "daughter", "Is the user's daughter"),
                                                  ("Emma", "daughter", "Is allergic to peanuts")]),
    ("my friend's name is Tom", [("Tom", "friend", "Is the user's friend")]),
])
def test_family_and_pets_become_entities(said, expected):
    ops = rules.extract(said, EN)
    assert [(a.about, a.relation, a.text) for a in ops.add] == expected


# Spoken shapes, in every shipped language, written apart from the development half of
# the testers' sentences (tests/data/speech): lower case, lead-ins, numbers in words.
SPOKEN = [
    ("en-us", "so uh my name's carla by the way and i work as a pharmacist",
     {(None, "Name is Carla"), (None, "Works as a pharmacist")}),
    ("en-us", "my dad frank he's sixty eight and he lives up in duluth",
     {("Frank", "Is the user's dad"), ("Frank", "Is 68 years old"), ("Frank", "Lives in Duluth")}),
    ("en-us", "we've got a cat called mochi", {("Mochi", "Is the user's cat")}),
    ("en-us", "i take metformin five hundred milligrams twice a day", {(None, "Takes metformin 500 milligrams")}),
    ("en-us", "i work as a nurse over at mercy", {(None, "Works as a nurse"), (None, "Works at Mercy")}),
    ("en-us", "my wife i mean my partner her name is dana", {("Dana", "Is the user's partner")}),
    ("pt-pt", "a minha irmã chama-se rita tem trinta anos e vive em braga",
     {("Rita", "É irmã do utilizador"), ("Rita", "Tem 30 anos"), ("Rita", "Vive em Braga")}),
    ("pt-pt", "então eu chamo-me joana e sou professora", {(None, "Chama-se Joana"), (None, "Trabalha como professora")}),
    ("pt-pt", "temos uma gata que se chama mel", {("Mel", "É gata do utilizador")}),
    ("es-es", "mi hermano pablo tiene cuarenta años y vive en cádiz",
     {("Pablo", "Es hermano del usuario"), ("Pablo", "Tiene 40 años"), ("Pablo", "Vive en Cádiz")}),
    ("es-es", "tenemos un perro que se llama toby", {("Toby", "Es perro del usuario")}),
    ("fr-fr", "mon père gérard il a soixante dix ans et il habite à lyon",
     {("Gérard", "Est père de l'utilisateur"), ("Gérard", "A 70 ans"), ("Gérard", "Habite à Lyon")}),
    ("fr-fr", "alors moi c'est pauline et je suis infirmière",
     {(None, "S'appelle Pauline"), (None, "Travaille comme infirmière")}),
    ("fr-fr", "on a un chien il s'appelle filou", {("Filou", "Est chien de l'utilisateur")}),
    ("de-de", "mein bruder jan der is vierzig und wohnt in kiel",
     {("Jan", "Ist Bruder des Nutzers"), ("Jan", "Ist 40 Jahre alt"), ("Jan", "Wohnt in Kiel")}),
    ("de-de", "ich bin übrigens die katrin und ich bin lehrerin", {(None, "Heißt Katrin"), (None, "Arbeitet als Lehrerin")}),
    ("de-de", "wir haben einen hund der heißt bruno", {("Bruno", "Ist Hund des Nutzers")}),
    ("it-it", "mia sorella chiara ha trentadue anni e vive a torino",
     {("Chiara", "È sorella dell'utente"), ("Chiara", "Ha 32 anni"), ("Chiara", "Vive a Torino")}),
    ("it-it", "allora io mi chiamo paolo e faccio il cuoco", {(None, "Si chiama Paolo"), (None, "Lavora come cuoco")}),
    ("it-it", "abbiamo un cane che si chiama rocky", {("Rocky", "È cane dell'utente")}),
    ("nl-nl", "mijn broer tim is vijfendertig en woont in delft",
     {("Tim", "Is broer van de gebruiker"), ("Tim", "Is 35 jaar oud"), ("Tim", "Woont in Delft")}),
    ("nl-nl", "ik ben trouwens joost en ik ben leraar", {(None, "Heet Joost"), (None, "Werkt als leraar")}),
    ("nl-nl", "we hebben een kat die heet minoes", {("Minoes", "Is kat van de gebruiker")}),
    ("ca-es", "la meva germana anna té vint anys i viu a lleida",
     {("Anna", "És germana de l'usuari"), ("Anna", "Té 20 anys"), ("Anna", "Viu a Lleida")}),
    ("ca-es", "doncs jo em dic marc i sóc fuster", {(None, "Es diu Marc"), (None, "Treballa com a fuster")}),
    ("ca-es", "tenim una gata que es diu mixa", {("Mixa", "És gata de l'usuari")}),
]


@pytest.mark.parametrize("lang, said, expected", SPOKEN)
def test_facts_said_aloud_in_every_language(lang, said, expected):
    assert {(a.about, a.text) for a in rules.extract(said, load_language(lang)).add} == expected


@pytest.mark.parametrize("lang, said", [
    ("en-us", "uh what's my dog called again"), ("pt-pt", "como é que se chama o meu cão"),
    ("es-es", "oye cómo se llama mi perro"), ("fr-fr", "comment il s'appelle mon chien déjà"),
    ("de-de", "wie heißt mein hund nochmal"), ("it-it", "come si chiama il mio cane"),
    ("nl-nl", "hoe heet mijn hond ook alweer"), ("ca-es", "com es diu el meu gos"),
    ("en-us", "do i live in porto or in lisbon"), ("fr-fr", "est-ce que j'habite à lyon"),
    ("pt-pt", "será que o meu filho rui é alérgico a gatos"), ("it-it", "mia figlia sofia è allergica ai gatti?"),
    ("nl-nl", "hoe oud is mijn zoon bram ook alweer"),
    ("en-us", "she said her sister lives in paris"), ("en-us", "i don't think my son tom is allergic to eggs"),
    ("en-us", "she lives in tampa"),  # no one was named: whose home would it be?
])
def test_a_question_a_report_or_a_nobody_is_no_fact(lang, said):
    assert rules.extract(said, load_language(lang)).add == ()


def test_a_move_retires_the_old_home(make_memory):
    memory = make_memory(extractor="rules")
    for words in ("we live in denver", "we moved to boulder last month so we're not in denver anymore"):
        memory.update_history(user_assistant(words), "s")
    assert memory.flush(10)
    assert [f.text for f in memory.facts("s")] == ["Lives in Boulder"]


@pytest.mark.parametrize("lang, first, correction, old, new", [
    ("en-us", "my sister's name is ana", "no wait it's not ana it's eva", "Ana", "Eva"),
    ("fr-fr", "ma sœur s'appelle claire", "non attends c'est pas claire c'est chloé", "Claire", "Chloé"),
    ("de-de", "meine schwester heißt anke", "nee sie heißt imke nicht anke", "Anke", "Imke"),
])
def test_a_name_taken_back_is_said_of_the_new_name(make_memory, lang, first, correction, old, new):
    memory = make_memory(extractor="rules", lang=lang)
    for words in (first, correction):
        memory.update_history(user_assistant(words), "s")
    assert memory.flush(10)
    labels = {e.id: e.label for e in memory.entities("s")}  # "Eva (sister)"
    assert [labels.get(f.about, "").split(" (")[0] for f in memory.facts("s")] == [new]
    assert all(old not in labels.get(f.about, "") for f in memory.facts("s"))


def test_a_correction_of_a_word_nothing_holds_changes_nothing():
    known = [("f1", "Ana (sister): Is the user's sister")]
    assert rules.extract("no it's not tuesday it's wednesday", EN, known) == rules.extract("x", EN)


def test_a_false_start_is_said_once_and_a_number_stays_whole():
    assert [a.about for a in rules.extract("my sister is called ana ana", EN).add] == ["Ana"]
    assert [a.text for a in rules.extract("i take aspirin 1111 1111 mg", EN).add] == []  # not "aspirin 1111 mg"
