"""The real callers: ovos-persona, hivemind's split calls, CompositeMemory; and no model at all."""
from __future__ import annotations

import importlib.util
import json

import pytest
from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole

from ovos_memory_plugin_entity.pipelines.learning import USER_TURN_WAIT_S
from tests.fake_model import FakeModel, free_port
from tests.helpers import UNIQUE_NAME, Clock, user_assistant

needs_integration = pytest.mark.skipif(
    importlib.util.find_spec("ovos_persona") is None or importlib.util.find_spec("ovos_memory_plugins") is None,
    reason="the integration extra (ovos-persona, ovos-memory-plugins) is not installed")


def extraction_or_chat(extracted: str, answer: str = "Nice to meet you!"):
    def respond(body):
        prompt = body["messages"][-1]["content"]
        return extracted if "The latest exchange:" in prompt else answer
    return respond


def test_split_calls_make_one_whole_exchange(make_memory, model):
    model.reply('["Likes tea"]')
    memory = make_memory()
    memory.update_history([AgentMessage(role=MessageRole.USER, content="I like tea")], "s")
    memory.update_history([AgentMessage(role=MessageRole.ASSISTANT, content="Tea is nice.")], "s")
    assert memory.flush(10)
    assert "User: I like tea\nAssistant: Tea is nice." in model.prompts()[0]
    assert [f.text for f in memory.facts("s")] == ["Likes tea"]


def test_an_unanswered_user_turn_expires(make_memory, model):
    clock = Clock()
    memory = make_memory(_kwargs={"clock": clock})
    memory.update_history([AgentMessage(role=MessageRole.USER, content="I like tea")], "s")
    clock.advance(USER_TURN_WAIT_S + 1)
    memory.update_history([AgentMessage(role=MessageRole.ASSISTANT, content="late answer")], "s")
    assert memory.flush(10) and model.requests == []


def test_rules_extractor_needs_no_model(make_memory, model):
    memory = make_memory(extractor="rules", api_url="http://127.0.0.1:9/v1")
    memory.update_history(user_assistant("Hi, my name is Ana and I live in Lisbon."), "s")
    memory.update_history(user_assistant("I moved to Porto."), "s")
    assert memory.flush(10)
    assert [(f.text, f.pinned) for f in memory.facts("s")] == [("Name is Ana", True), ("Lives in Porto", False)]
    assert memory.audit_trail("s")[0]["actor"] == "rules"


def test_auto_switches_to_rules_while_down_and_back_without_double_extraction(make_memory):
    port = free_port()
    clock = Clock()
    memory = make_memory(api_url=f"http://127.0.0.1:{port}/v1", model="m", _kwargs={"clock": clock})
    memory.update_history(user_assistant("My name is Ana."), "s")
    memory.update_history(user_assistant("I love jazz."), "s")
    assert memory.flush(10)
    assert [f.text for f in memory.facts("s")] == ["Name is Ana", "Likes jazz"]
    server = FakeModel(port).start()
    try:
        server.reply('["Has a cat"]')
        clock.advance(3600)
        memory.update_history(user_assistant("I have a cat called Tom."), "s")
        assert memory.flush(10)
        assert len(server.requests) == 1 and "I have a cat" in server.prompts()[0]
        assert [f.text for f in memory.facts("s")][-1] == "Has a cat"
        assert memory.audit_trail("s")[-1]["actor"] == "extractor"
    finally:
        server.stop()


@needs_integration
def test_ovos_persona_carries_the_fact_into_the_next_turn(model, tmp_path):
    from ovos_bus_client.session import Session
    from ovos_persona import Persona
    model.default = extraction_or_chat(json.dumps({"add": [{"fact": "Name is Ana", "pin": True}]}))
    config = {
        "name": "Test", "handlers": ["ovos-chat-openai-plugin"],
        "ovos-chat-openai-plugin": {"api_url": model.url, "key": "none", "model": "test-model",
                                    "allow_system_prompts": True},
        "memory_module": UNIQUE_NAME,
        UNIQUE_NAME: {"api_url": model.url, "db_path": str(tmp_path / "mem.json")},
    }
    persona = Persona("Test", config)
    try:
        session = Session("persona-session")
        answer = persona.chat(persona.get_messages("Hi, I'm Ana", session), session)
        persona.remember("Hi, I'm Ana", answer, session)
        assert persona.memory.flush(10)
        persona.chat(persona.get_messages("What's my name?", session), session)
        second_chat = [r for r in model.chat_requests() if "The latest exchange:" not in r["messages"][-1]["content"]][-1]
        assert any("Name is Ana" in m["content"] for m in second_chat["messages"] if m["role"] == "system")
        assert second_chat["messages"][-1] == {"role": "user", "content": "What's my name?"}
        # adding long-term memory keeps the short-term one: turn 1 is in turn 2's request
        assert {"role": "user", "content": "Hi, I'm Ana"} in second_chat["messages"]
        assert any(m["role"] == "assistant" for m in second_chat["messages"])
    finally:
        persona.memory.close()


@needs_integration
def test_composite_memory_passes_our_block_through(model, tmp_path):
    from ovos_memory_plugins.composite import CompositeMemory
    model.reply('["Likes tea"]')
    composite = CompositeMemory(config={
        "scope": "session",
        "members": [{"module": "ovos-memory-plugin-recency", "config": {}},
                    {"module": UNIQUE_NAME, "config": {"api_url": model.url,
                                                       "db_path": str(tmp_path / "mem.json")}}]})
    try:
        ours = [m for name, m, _ in composite.members if name == UNIQUE_NAME][0]
        assert ours.settings.scope == "session" and ours in [m for _, m, _ in composite.plain]
        composite.update_history(user_assistant("I like tea"), "s")
        assert ours.flush(10)
        context = composite.build_conversation_context("what do I like?", "s")
        systems = [m.content for m in context if m.role == MessageRole.SYSTEM]
        assert any("Likes tea" in s for s in systems)
        assert context[-1].content == "what do I like?"
    finally:
        composite.close()
