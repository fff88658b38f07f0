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
