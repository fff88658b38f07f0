"""The models a voice assistant really runs: a grammar-constrained server, small models
that ignore most of the contract, one busy server. Through the loopback model, which
enforces the schema it is sent the way llama.cpp does."""
from __future__ import annotations

import json

import pytest

from ovos_memory_plugin_entity.domain.contract import DEFAULT_EXTRACTION_PROMPT
from tests.helpers import user_assistant
from tests.schema import admits


def turn(memory, text, sid="s"):
    memory.update_history(user_assistant(text), sid)
    assert memory.flush(10)


def live(memory, sid="s"):
    return sorted(f.text for f in memory.facts(sid))


def test_a_strict_server_still_delivers_entities_relations_and_dates(make_memory, model):
    memory = make_memory()
    model.reply(json.dumps({"add": [{"fact": "Is allergic to nuts", "about": "Mia", "relation": "daughter"},
                                    {"fact": "Dentist appointment", "when": "2030-01-02T15:00"}]}))
    turn(memory, "My daughter Mia is allergic to nuts; I see the dentist on the 2nd at three")
    schema = model.chat_requests()[0]["response_format"]["json_schema"]["schema"]
    assert admits(schema, {"add": [{"fact": "x", "about": "Mia", "relation": "daughter", "when": "2030-01-02"}]})
    assert [(e.name, e.relation) for e in memory.entities("s")] == [("Mia", "daughter")]
    assert [f.when for f in memory.facts("s") if f.when] == ["2030-01-02T15:00"]


@pytest.mark.parametrize("first, second", [
    ("User has a cat named Tom", "The user has a cat called Tom"),
    ("Likes hiking", "The user likes hiking."),
    ("User's favourite food is sushi", "Favourite food is sushi"),
    ("Enjoys cooking Thai food", "Enjoys cooking thai food"),
])
def test_the_same_fact_in_other_words_is_confirmed_not_added(make_memory, model, first, second):
    memory = make_memory()
    model.reply(json.dumps([first]), json.dumps([second]))
    turn(memory, "I have news about my life")
    turn(memory, "I have more news about my life")
    facts = memory.facts("s")
    assert len(facts) == 1 and facts[0].confirmations == 2
    assert not facts[0].text.lower().startswith(("user", "the user"))


def test_a_name_in_a_bare_array_is_pinned_and_survives_the_cap(make_memory, model):
    memory = make_memory(max_facts=10)
    model.reply(json.dumps(["The user's name is Rui"]),
                json.dumps([f"Enjoys hobby number {n}" for n in range(20)]),
                json.dumps([f"Collects item number {n}" for n in range(20)]))
    for _ in range(3):
        turn(memory, "let me tell you about my life")
    name = [f for f in memory.facts("s") if f.text == "Name is Rui"]
    assert name and name[0].pinned


@pytest.mark.parametrize("before, after", [
    ("Lives in Faro", "Lives in Évora"),
    ("Works as a teacher", "Works as a baker"),
    ("Name is Rui", "Name is Rui Silva"),
    ("Is married to Ana", "Is married to Joana"),
    ("Favourite colour is blue", "Favourite colour is green"),
])
def test_a_new_value_stated_as_an_add_supersedes_the_old(make_memory, model, before, after):
    memory = make_memory()
    model.reply(json.dumps([before]), json.dumps([after]))
    turn(memory, "here is something about me")
    turn(memory, "and here is a change in my life")
    assert live(memory) == [after]
    old = next(f for f in memory.facts("s", include_retired=True) if f.text == before)
    new = next(f for f in memory.facts("s") if f.text == after)
    assert old.superseded_by == new.id
    event = next(e for e in memory.audit_trail("s") if e["action"] == "supersede")
    assert event["actor"] == "rule" and event["fact"] == old.id


def test_compatible_facts_and_other_peoples_facts_all_stay(make_memory, model):
    memory = make_memory()
    model.reply(json.dumps({"add": ["Likes jazz", "Lives in Lisbon",
                                    {"fact": "Lives in Porto", "about": "Emma", "relation": "daughter"}]}),
                json.dumps(["Likes hiking", {"fact": "Lives in Faro", "about": "Rui", "relation": "son"}]))
    turn(memory, "I like jazz and live in Lisbon; my daughter Emma lives in Porto")
    turn(memory, "I like hiking too; my son Rui lives in Faro")
    assert live(memory) == ["Likes hiking", "Likes jazz", "Lives in Faro", "Lives in Lisbon", "Lives in Porto"]


@pytest.mark.parametrize("utterance", ["set an alarm for seven", "how far is the moon?", "tell me a joke",
                                       "turn off the kitchen lights", "what's the weather like in Paris"])
def test_a_command_or_a_general_question_sends_no_request(make_memory, model, utterance):
    memory = make_memory()
    turn(memory, utterance)
    assert model.chat_requests() == []


@pytest.mark.parametrize("utterance", ["call me Annie", "Emma is allergic to peanuts", "please forget that",
                                       "we moved to Porto last week", "set an alarm, I start work at seven"])
def test_a_turn_that_may_hold_a_fact_is_sent(make_memory, model, utterance):
    memory = make_memory()
    turn(memory, utterance)
    assert len(model.chat_requests()) == 1


def test_the_constant_instructions_come_first_for_the_prompt_cache(make_memory, model):
    memory = make_memory()
    turn(memory, "I like tea")
    turn(memory, "My sister is called Joana")
    first, second = model.prompts()
    head = DEFAULT_EXTRACTION_PROMPT.split("{", 1)[0]
    shared = next(i for i, (a, b) in enumerate(zip(first, second)) if a != b)
    assert first.startswith(head) and shared >= len(DEFAULT_EXTRACTION_PROMPT.split("{facts}")[0])
