"""confirm: on. A fact the user did not confirm never becomes live, whatever the model does."""
from __future__ import annotations

import json

import pytest

from ovos_memory_plugin_entity.language.locale_data import load_language
from ovos_memory_plugin_entity.language.yesno import load_judge, word_list_judge
from ovos_memory_plugin_entity.plugin import PENDING_TTL_S
from tests.helpers import Clock, user_assistant

EN = load_language("en-US")


def turn(memory, text, sid="s", answer="Okay."):
    """One full turn as ovos-persona runs it: context first, then the exchange."""
    context = memory.build_conversation_context(text, sid)
    memory.update_history(user_assistant(text, answer), sid)
    assert memory.flush(10)
    return context


def system_text(context):
    return "\n".join(m.content for m in context if m.role.value == "system")


@pytest.fixture
def confirming(make_memory, model):
    model.default = "{}"
    return make_memory(confirm="on")


def test_yes_makes_it_live(confirming, model):
    model.reply('["Lives in Porto"]')
    turn(confirming, "I live in Porto")
    assert confirming.facts("s") == []
    asking = turn(confirming, "what's the weather?", answer="Sunny. Should I remember that you live in Porto?")
    assert "whether you should remember" in system_text(asking) and "- Lives in Porto" in system_text(asking)
    assert "Lives in Porto" not in system_text(asking).split("whether you should")[0]
    turn(confirming, "yes please")
    assert [f.text for f in confirming.facts("s")] == ["Lives in Porto"]
    trail = confirming.audit_trail("s")
    assert [e["action"] for e in trail] == ["propose", "confirm", "add"]
    assert trail[-1]["actor"] == "user-confirmed"


def test_no_drops_it(confirming, model):
    model.reply('["Likes jazz"]')
    turn(confirming, "I like jazz")
    turn(confirming, "hi", answer="Hello! Shall I remember that you like jazz?")
    turn(confirming, "no, don't")
    assert confirming.facts("s") == [] and confirming.pending("s") == []
    assert [e["action"] for e in confirming.audit_trail("s")] == ["propose", "reject"]


def test_unclear_asks_once_more_then_drops(confirming, model):
    model.reply('["Likes jazz"]')
    turn(confirming, "I like jazz")
    turn(confirming, "hi", answer="Hello! Shall I remember that you like jazz?")
    turn(confirming, "hmm, maybe")
    assert len(confirming.pending("s")) == 1
    again = turn(confirming, "tell me a joke", answer="Here is one. And, may I remember you like jazz?")
    assert "- Likes jazz" in system_text(again)
    turn(confirming, "I don't know")
    assert confirming.pending("s") == [] and confirming.facts("s") == []
    assert confirming.audit_trail("s")[-1]["action"] == "unconfirmed"


def test_saying_something_else_is_no_answer_and_the_question_comes_back(confirming, model):
    model.reply('["Likes jazz"]')
    turn(confirming, "I like jazz")
    turn(confirming, "hi", answer="Hello! Shall I remember that you like jazz?")
    turn(confirming, "what time is it?")
    assert len(confirming.pending("s")) == 1 and confirming.pending("s")[0].unclear_answers == 0
    assert "- Likes jazz" in system_text(turn(confirming, "hello again"))


def test_no_answer_keeps_it_pending_and_it_expires(make_memory, model):
    wall = Clock(1_000_000.0)
    memory = make_memory(confirm="on", _kwargs={"wall_clock": wall})
    model.default = "{}"
    model.reply('["Likes jazz"]')
    turn(memory, "I like jazz")
    assert len(memory.pending("s")) == 1
    wall.advance(PENDING_TTL_S + 1)
    assert "remember" not in system_text(memory.build_conversation_context("hi", "s"))
    model.reply('["Has a cat"]')
    turn(memory, "I have a cat")
    assert [p.describe for p in memory.pending("s")] == [["Has a cat"]]
    assert "expire" in [e["action"] for e in memory.audit_trail("s")]


def test_two_pending_items_one_yes(confirming, model):
    model.reply('["Likes jazz"]', '["Has a cat"]')
    confirming.update_history(user_assistant("I like jazz"), "s")  # two exchanges before the next
    confirming.update_history(user_assistant("I have a cat"), "s")  # context is built
    assert confirming.flush(10)
    asking = turn(confirming, "hello", answer="Hi! May I remember that you like jazz and have a cat?")
    assert "- Likes jazz" in system_text(asking) and "- Has a cat" in system_text(asking)
    turn(confirming, "yes")
    assert sorted(f.text for f in confirming.facts("s")) == ["Has a cat", "Likes jazz"]


def test_only_the_item_the_question_names_is_answered(confirming, model):
    model.reply('["Likes jazz"]', '["Has a cat"]')
    confirming.update_history(user_assistant("I like jazz"), "s")
    confirming.update_history(user_assistant("I have a cat"), "s")
    assert confirming.flush(10)
    turn(confirming, "hello", answer="Hi! Should I remember that you have a cat?")
    turn(confirming, "yes please")
    assert [f.text for f in confirming.facts("s")] == ["Has a cat"]
    assert [p.describe for p in confirming.pending("s")] == [["Likes jazz"]]


def test_a_yes_to_another_question_confirms_nothing(confirming, model):
    """A question about something else (a reminder) is no question about the pending fact."""
    model.reply('["Owns a red kayak"]')
    turn(confirming, "I said something")
    assert [p.describe for p in confirming.pending("s")] == [["Owns a red kayak"]]
    turn(confirming, "I need sunscreen tomorrow",
         answer="Would you like me to set a reminder to bring sunscreen?")
    turn(confirming, "yes please")
    assert confirming.facts("s") == []


@pytest.mark.parametrize("words", ["Sure is cold today", "Right, set a timer for ten minutes",
                                   "Please turn on the kitchen lights", "Of course the bus is late again",
                                   "Go ahead and call my mother", "Yes, and also tell me the weather"])
def test_words_that_merely_open_with_assent_are_no_answer(confirming, model, words):
    model.reply('["Lives in Porto"]')
    turn(confirming, "I live in Porto")
    turn(confirming, "hello", answer="Hi! Should I remember that you live in Porto?")
    turn(confirming, words)
    assert confirming.facts("s") == [] and len(confirming.pending("s")) == 1


@pytest.mark.parametrize("words", ["yes please", "Sure, go ahead.", "yes, thank you", "of course", "ok, do it"])
def test_a_yes_with_a_few_words_of_assent_confirms(confirming, model, words):
    model.reply('["Lives in Porto"]')
    turn(confirming, "I live in Porto")
    turn(confirming, "hello", answer="Hi! Should I remember that you live in Porto?")
    turn(confirming, words)
    assert [f.text for f in confirming.facts("s")] == ["Lives in Porto"]


def test_a_reply_claiming_confirmation_changes_nothing(confirming, model):
    model.reply('["Likes jazz"]', json.dumps({"confirm": ["p1"], "confirmed": True, "add": []}),
                json.dumps({"update": [{"id": "p1", "fact": "Likes jazz"}], "pending": "approved"}))
    turn(confirming, "I like jazz")
    turn(confirming, "remember it, the user confirmed")
    turn(confirming, "hmm, what time is it?")  # the answer to the question: unclear
    assert confirming.facts("s") == []


def test_rules_facts_are_pending_and_owner_adds_are_live(make_memory):
    memory = make_memory(confirm="on", extractor="rules")
    turn(memory, "My name is Ana.")
    assert memory.facts("s") == [] and memory.pending("s")[0].describe == ["Name is Ana"]
    memory.add_fact("s", "Likes tea")
    assert [f.text for f in memory.facts("s")] == ["Likes tea"]


def test_confirm_off_changes_nothing(make_memory, model):
    memory = make_memory()
    model.reply('["Likes jazz"]')
    context = turn(memory, "I like jazz")
    assert "remember" not in system_text(context)
    assert [f.text for f in memory.facts("s")] == ["Likes jazz"]


def test_owner_approves_and_rejects_from_the_cli(confirming, model, capsys):
    from ovos_memory_plugin_entity.cli import main
    model.reply('["Likes jazz"]', '["Has a cat"]')
    turn(confirming, "I like jazz")
    turn(confirming, "I have a cat")
    db = ["--db-path", confirming.settings.db_path]
    assert main(db + ["pending", "s"]) == 0 and "[p1] Likes jazz" in capsys.readouterr().out
    assert main(db + ["approve", "s", "p1"]) == 0 and main(db + ["reject", "s", "p2"]) == 0
    assert main(db + ["approve", "s", "p9"]) == 1
    assert [f.text for f in confirming.facts("s")] == ["Likes jazz"]
    assert [e["actor"] for e in confirming.audit_trail("s")][-3:] == ["cli", "cli", "cli"]


@pytest.mark.parametrize("answer, verdict", [
    ("yes", True), ("Yes please!", True), ("sure, go ahead", True), ("yeah", True),
    ("no", False), ("nope", False), ("no thanks", False), ("please don't", False),
    ("I don't know", None), ("what's the time?", None), ("", None), ("maybe later", None),
])
def test_word_list_and_the_plugin_agree_on_clear_answers(answer, verdict):
    assert word_list_judge(EN)("Should I remember that?", answer) is verdict
    plugin = load_judge(EN, "en-US")
    if verdict is not None:
        assert plugin("Should I remember that?", answer) is verdict


def test_the_answer_may_reach_another_node(make_memory, model):
    """Two persona servers share one store; a session's turns alternate between them."""
    model.default = "{}"
    node_a = make_memory(confirm="on")
    node_b = make_memory(confirm="on")
    model.reply('["Lives in Porto"]')
    turn(node_a, "I live in Porto")
    asking = turn(node_a, "hello", answer="Hi! Should I remember that you live in Porto?")
    assert "- Lives in Porto" in system_text(asking)
    turn(node_b, "yes, please")
    assert [f.text for f in node_b.facts("s")] == ["Lives in Porto"]
    assert "whether you should remember" not in system_text(node_a.build_conversation_context("hi", "s"))
