"""The plugin as OPM and its callers see it, on every supported OPM line."""
from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys

import pytest
from ovos_plugin_manager.agents import load_memory_plugin
from ovos_plugin_manager.templates.agents import AgentContextManager, MessageRole

import ovos_memory_plugin_entity
from tests.helpers import UNIQUE_NAME, user_assistant

SEED_NAME = "ovos-memory-plugin-entity"


def test_unique_name_loads_our_class():
    cls = load_memory_plugin(UNIQUE_NAME)
    assert cls is ovos_memory_plugin_entity.EntityMemory
    assert issubclass(cls, AgentContextManager)


@pytest.mark.skipif(importlib.util.find_spec("ovos_memory_plugins") is not None,
                    reason="ovos-memory-plugins is installed and registers the seed name too; "
                           "OPM keeps whichever entry point it meets last")
def test_seed_name_loads_our_class_without_the_peer():
    assert load_memory_plugin(SEED_NAME) is ovos_memory_plugin_entity.EntityMemory


def test_exported_names_are_the_public_ones():
    public = {n for n in dir(ovos_memory_plugin_entity) if not n.startswith("_")}
    modules = {n for n in public if type(getattr(ovos_memory_plugin_entity, n)).__name__ == "module"}
    assert set(ovos_memory_plugin_entity.__all__) == (public - modules) | {"__version__"}


def test_import_starts_no_thread_and_touches_no_file(tmp_path):
    code = ("import threading, ovos_memory_plugin_entity as m, ovos_memory_plugin_entity.cli; "
            "print(threading.active_count())")
    env = {"HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert out.stdout.strip().splitlines()[-1] == "1"
    assert not (tmp_path / "data").exists()


def test_contract_of_the_three_methods(make_memory, model):
    model.reply('["Likes tea"]')
    memory = make_memory(_name=UNIQUE_NAME, system_prompt="Be brief.")
    assert memory.update_history(user_assistant("I like tea"), "s") is None
    assert memory.flush(10)
    context = memory.build_conversation_context("  what do I like?  ", "s")
    assert context[0].role == MessageRole.SYSTEM and context[0].content == "Be brief."
    assert context[-1].role == MessageRole.USER and context[-1].content == "what do I like?"
    assert [m.content for m in context if m.role == MessageRole.USER] == ["I like tea", "what do I like?"]
    assert [(m.role, m.content) for m in memory.get_history("s")] == [
        (MessageRole.USER, "I like tea"), (MessageRole.ASSISTANT, "Okay.")]


def test_a_bad_setting_keeps_the_persona_with_that_keys_default(tmp_path, logs):
    cls = load_memory_plugin(UNIQUE_NAME)
    memory = cls(config={"backend": "sqlite", "max_facts": "lots", "db_path": str(tmp_path / "m.json")})
    try:
        assert memory.settings.backend == "json" and memory.settings.max_facts == 1000
        errors = [m for level, m in logs if level == "error"]
        assert any("backend" in m and "sqlite" in m for m in errors) and any("max_facts" in m for m in errors)
        assert memory.build_conversation_context("hi", "s")[-1].content == "hi"
    finally:
        memory.close()


@pytest.mark.skipif(importlib.util.find_spec("psycopg") is not None,
                    reason="psycopg is installed; this checks the message shown without it")
def test_postgres_without_the_extra_names_the_extra(logs):
    cls = load_memory_plugin(UNIQUE_NAME)
    memory = cls(config={"backend": "postgres", "db_url": "postgresql://nobody@127.0.0.1:1/x"})
    try:  # the persona keeps running, on memory for this run, and the log names the extra
        assert memory.build_conversation_context("hi", "s")[-1].content == "hi"
        assert any("ovos-memory-plugin-entity[postgres]" in m for level, m in logs if level == "error")
    finally:
        memory.close()


def test_postgres_needs_a_url(monkeypatch, tmp_path, logs):
    monkeypatch.delenv("OVOS_ENTITY_MEMORY_DB_URL", raising=False)
    memory = load_memory_plugin(UNIQUE_NAME)(config={"backend": "postgres", "db_path": str(tmp_path / "m.json")})
    try:
        assert memory.settings.backend == "json"
        assert any("db_url" in m for level, m in logs if level == "error")
    finally:
        memory.close()
