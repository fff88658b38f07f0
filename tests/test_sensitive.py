"""Sensitive topics on the owner's terms: ``sensitive_deny`` (never kept) and
``sensitive_confirm`` (wait for the user's yes even with ``confirm: off``), for a
category the model tags and for one only the words name, in two languages."""
from __future__ import annotations

import json

import pytest

from ovos_memory_plugin_entity.language.judgement import categories_of
from ovos_memory_plugin_entity.language.locale_data import load_language
from tests.helpers import user_assistant

# lang: (a fact only the model's tag makes sensitive, one whose words name health, the
# user's yes, a rules sentence about health and the fact the rules make of it)
CASES = {
    "en-us": dict(tagged="Goes to a clinic on Tuesdays", worded="Takes insulin every morning", yes="yes, please",
                  said="I am allergic to peanuts.", ruled="Is allergic to peanuts"),
    "pt-pt": dict(tagged="Vai à clínica às terças", worded="Tem asma", yes="sim, claro",
                  said="Sou alérgico a amendoins.", ruled="É alérgico a amendoins"),
}
LANGS = sorted(CASES)


def turn(memory, text, sid="s", answer="Okay."):
    context = memory.build_conversation_context(text, sid)
    memory.update_history(user_assistant(text, answer), sid)
    assert memory.flush(10)
    return "\n".join(m.content for m in context)


def live(memory, sid="s"):
    return sorted(f.text for f in memory.facts(sid))


def refused(memory, sid="s"):
    return [e.get("sensitive") for e in memory.audit_trail(sid) if e["action"] == "refuse"]


def store_text(tmp_path):
    return b"".join(p.read_bytes() for p in (tmp_path / "ovos" / "entity_memory").rglob("*")
                    if p.is_file()).decode("utf-8", "replace")


@pytest.mark.parametrize("lang", LANGS)
def test_deny_drops_a_tagged_and_a_worded_fact_and_keeps_the_rest(make_memory, model, tmp_path, logs, lang):
    case = CASES[lang]
    memory = make_memory(lang=lang, sensitive_deny=["health"])
    model.reply(json.dumps({"add": [{"fact": case["tagged"], "category": "health"},
                                    {"fact": case["worded"]},  # tagged harmless by omission
                                    "Grows tomatoes"]}))
    turn(memory, "Let me tell you about me")
    assert live(memory) == ["Grows tomatoes"]
    assert refused(memory) == ["health", "health"]
    for text in (case["tagged"], case["worded"]):
        assert text not in store_text(tmp_path) and all(text not in message for _level, message in logs)


@pytest.mark.parametrize("lang", LANGS)
def test_deny_reaches_the_rules_and_a_relation(make_memory, model, lang):
    case = CASES[lang]
    memory = make_memory(lang=lang, extractor="rules", sensitive_deny="health")
    turn(memory, case["said"])
    assert live(memory) == [] and refused(memory) == ["health"]
    memory = make_memory(lang=lang, sensitive_deny=["children"])
    model.reply(json.dumps({"add": [{"fact": "Likes dinosaurs", "about": "Mia", "relation": "daughter"}]}))
    turn(memory, "Mia loves dinosaurs", sid="t")
    assert live(memory, "t") == [] and memory.entities("t") == [] and refused(memory, "t") == ["children"]


@pytest.mark.parametrize("lang", LANGS)
def test_confirm_holds_a_tagged_and_a_worded_fact_until_the_users_yes(make_memory, model, lang):
    case = CASES[lang]
    memory = make_memory(lang=lang, sensitive_confirm=["health"])  # confirm stays off
    model.reply(json.dumps({"add": [{"fact": case["tagged"], "category": "health"}, {"fact": case["worded"]},
                                    "Grows tomatoes"]}))
    turn(memory, "Let me tell you about me")
    assert live(memory) == ["Grows tomatoes"]
    assert [p.describe for p in memory.pending("s")] == [[case["tagged"], case["worded"]]]
    asking = turn(memory, "what time is it?",
                  answer=f"Ten o'clock. Should I remember: {case['tagged']}; {case['worded']}?")
    assert case["tagged"] in asking and case["worded"] in asking
    turn(memory, case["yes"])
    assert live(memory) == sorted([case["tagged"], case["worded"], "Grows tomatoes"])
    assert memory.pending("s") == []


@pytest.mark.parametrize("lang", LANGS)
def test_confirm_holds_what_the_rules_find(make_memory, model, lang):
    case = CASES[lang]
    memory = make_memory(lang=lang, extractor="rules", sensitive_confirm=["health", "beliefs"])
    turn(memory, case["said"])
    assert live(memory) == [] and [p.describe for p in memory.pending("s")] == [[case["ruled"]]]


def test_deny_wins_over_confirm_and_an_update_is_held_too(make_memory, model):
    memory = make_memory(sensitive_confirm=["finances"], sensitive_deny=["health"])
    model.reply(json.dumps({"add": ["Works as a baker"]}))
    turn(memory, "I work as a baker")
    fact_id = memory.facts("s")[0].id
    model.reply(json.dumps({"update": [{"id": fact_id, "fact": "Earns a salary as a baker"}],
                            "add": [{"fact": "Has diabetes", "category": "finances"}]}))
    turn(memory, "My salary as a baker is fine, and I have diabetes")
    assert live(memory) == ["Works as a baker"]
    assert [p.describe for p in memory.pending("s")] == [["Earns a salary as a baker (instead of: Works as a baker)"]]
    assert refused(memory) == ["health"]


def test_by_default_nothing_changes(make_memory, model):
    memory = make_memory()
    model.reply(json.dumps({"add": [{"fact": "Has asthma", "category": "health"}]}))
    turn(memory, "I have asthma")
    assert live(memory) == ["Has asthma"] and memory.pending("s") == []


def test_the_owners_own_add_is_kept_under_deny(make_memory):
    memory = make_memory(sensitive_deny=["health"])
    memory.add_fact("s", "Has asthma")
    assert live(memory) == ["Has asthma"]


@pytest.mark.parametrize("value", [["gossip"], "health, gossip", 3, [1]])
def test_a_bad_value_is_logged_and_its_default_used(make_memory, model, logs, value):
    memory = make_memory(sensitive_deny=value)
    assert memory.settings.sensitive_deny == ()
    assert any("sensitive_deny must list categories" in m or "sensitive_deny must be a list" in m
               for _level, m in logs)


def test_settings_accept_a_list_or_a_comma_separated_string(make_memory):
    assert make_memory(sensitive_confirm="Health, children").settings.sensitive_confirm == ("children", "health")


@pytest.mark.parametrize("lang,text,category", [
    ("en-us", "Is allergic to peanuts", "health"), ("pt-pt", "É alérgica a amendoins", "health"),
    ("de-de", "Hat zwei Töchter", "children"), ("fr-fr", "Va à la mosquée le vendredi", "beliefs"),
    ("es-es", "Tiene una hipoteca", "finances"), ("it-it", "È bisessuale", "sexuality"),
    ("nl-nl", "Heeft diabetes", "health"), ("ca-es", "Té dos fills", "children")])
def test_every_language_names_its_categories(lang, text, category):
    assert category in categories_of(text, load_language(lang))
    assert categories_of("Grows tomatoes in the garden", load_language(lang)) == frozenset()


@pytest.mark.parametrize("setting", ["sensitive_deny", "sensitive_confirm"])
def test_remember_that_follows_the_owners_sensitive_settings(make_memory, model, setting):
    """The spoken "remember that ..." is a way in like any: a denied category is never kept,
    one to confirm waits for the user's yes (and is not live until then)."""
    memory = make_memory(extractor="rules", **{setting: ["health"]})
    context = memory.build_conversation_context("Remember that I am allergic to peanuts", "s")
    memory.update_history(user_assistant("Remember that I am allergic to peanuts", "Okay."), "s")
    assert memory.flush(10)
    assert [f.text for f in memory.facts("s")] == []
    if setting == "sensitive_confirm":
        assert [p.describe for p in memory.pending("s")] == [["Is allergic to peanuts"]]
    else:
        assert memory.pending("s") == []
        assert any(e.get("sensitive") == "health" for e in memory.audit_trail("s"))
        assert not any("allergic" in m.content for m in context[:-1])  # never said to be remembered


def test_remember_that_keeps_a_sensitive_fact_the_owner_allows(make_memory, model):
    memory = make_memory(extractor="rules")
    turn(memory, "Remember that I am allergic to peanuts")
    assert [f.text for f in memory.facts("s")] == ["Is allergic to peanuts"]
