"""The plugin through OPM: an exchange becomes a fact that the next turn's prompt carries."""
from __future__ import annotations

import json

import pytest
from ovos_plugin_manager.templates.agents import MessageRole

from tests.helpers import user_assistant


def test_a_stated_fact_reaches_the_next_turn(make_memory, model):
    model.reply(json.dumps({"add": [{"fact": "Name is Ana", "pin": True}, "Likes jazz"]}))
    memory = make_memory()
    memory.update_history(user_assistant("Hi, I'm Ana and I love jazz."), "s1")
    assert memory.flush(10)
    context = memory.build_conversation_context("What should I listen to?", "s1")
    assert [m.role for m in context] == [MessageRole.SYSTEM, MessageRole.USER, MessageRole.ASSISTANT,
                                         MessageRole.USER]  # facts, then the conversation so far
    assert "- Name is Ana" in context[0].content and "- Likes jazz" in context[0].content
    assert context[-1].content == "What should I listen to?"
    assert "Hi, I'm Ana" in model.prompts()[0]


def test_no_facts_means_no_block_and_a_fresh_list(make_memory):
    memory = make_memory(system_prompt="You are kind.")
    first = memory.build_conversation_context("hello", "s1")
    assert [(m.role, m.content) for m in first] == [(MessageRole.SYSTEM, "You are kind."),
                                                    (MessageRole.USER, "hello")]
    second = memory.build_conversation_context("hello", "s1")
    assert first is not second and first[0] is not second[0]


def test_get_history_gives_the_kept_turns_and_there_is_no_search_attribute(make_memory):
    """get_history is the conversation so far (a new session has none); no attribute named
    search, or CompositeMemory would take the plugin for a retriever."""
    memory = make_memory(extractor="rules")
    assert memory.get_history("s1") == []
    memory.update_history(user_assistant("What time is it?", "Noon."), "s1")
    assert [(m.role.value, m.content) for m in memory.get_history("s1")] == [
        ("user", "What time is it?"), ("assistant", "Noon.")]
    assert memory.get_history("s2") == []
    assert not hasattr(memory, "search")


def test_sessions_are_apart(make_memory, model):
    model.reply('["Lives in Porto"]')
    memory = make_memory()
    memory.update_history(user_assistant("I live in Porto"), "a")
    assert memory.flush(10)
    assert [f.text for f in memory.facts("a")] == ["Lives in Porto"]
    assert memory.facts("b") == []
    assert len(memory.build_conversation_context("hi", "b")) == 1


def test_global_scope_shares_one_fact_set(make_memory, model):
    model.reply('["Lives in Porto"]')
    memory = make_memory(scope="global")
    memory.update_history(user_assistant("I live in Porto"), "made-up-1")
    assert memory.flush(10)
    assert "Lives in Porto" in memory.build_conversation_context("hi", "made-up-2")[0].content


def test_restart_sees_the_facts(make_memory, model, tmp_path):
    model.reply('["Likes tea"]')
    memory = make_memory()
    memory.update_history(user_assistant("I like tea"), "s1")
    assert memory.flush(10)
    memory.close()
    again = make_memory()
    assert [f.text for f in again.facts("s1")] == ["Likes tea"]


@pytest.mark.parametrize("bad_sid", [None, "", "   ", 42, "x" * 5000])
def test_hostile_session_ids_fail_closed(make_memory, model, bad_sid):
    model.reply('["Likes tea"]')
    memory = make_memory()
    memory.update_history(user_assistant("I like tea"), bad_sid)
    assert memory.flush(10)
    assert model.requests == []
    assert memory.build_conversation_context("hi", bad_sid)[-1].content == "hi"
