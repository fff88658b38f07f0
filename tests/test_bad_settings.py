"""A setting that cannot be understood never costs the conversation, and each bad key
is told with what happens for that key: in the log and in ``doctor`` alike."""
from __future__ import annotations

import json

from ovos_memory_plugin_entity.cli import main
from ovos_memory_plugin_entity.doctor import check_settings
from ovos_memory_plugin_entity.settings import read_settings
from tests.helpers import user_assistant


def test_a_bad_scope_keeps_the_turns_and_turns_only_the_facts_off(make_memory, tmp_path, logs):
    memory = make_memory(scope="sesion", extractor="rules")
    memory.update_history(user_assistant("My name is Ana.", "Hello, Ana."), "s")
    assert memory.flush(5)
    context = memory.build_conversation_context("what is my name?", "s")
    # Turn 1 is still there at turn 2; no fact was learnt, none is injected.
    assert [m.content for m in context] == ["My name is Ana.", "Hello, Ana.", "what is my name?"]
    assert memory.facts("s") == [] and not list((tmp_path / "ovos" / "entity_memory").rglob("*.json"))
    # The turns stay per session: another session does not see them.
    assert [m.content for m in memory.build_conversation_context("hi", "other")] == ["hi"]
    errors = [m for level, m in logs if level == "error"]
    assert len(errors) == 1 and "'sesion'" in errors[0] and "facts are off" in errors[0] \
        and "recent turns are still kept" in errors[0]


def test_each_bad_key_says_what_happens_for_that_key(make_memory, logs):
    make_memory(scope="everyone", max_facts="lots", inject_mode="loud")
    errors = {m.split("entity memory: ", 1)[1].split(" ", 1)[0]: m for level, m in logs if level == "error"}
    assert set(errors) == {"scope", "max_facts", "inject_mode"}
    assert errors["max_facts"].endswith("its default (1000) is used until it is fixed")
    assert errors["inject_mode"].endswith("its default (system) is used until it is fixed")
    assert "facts are off" in errors["scope"]
    assert not any("facts are off" in errors[k] for k in ("max_facts", "inject_mode"))


def test_doctor_says_the_same_per_key(tmp_path, capsys):
    checks = check_settings(read_settings({"scope": "sesion", "max_facts": "lots"}))
    details = {c.detail.split(" ", 1)[0]: c.detail for c in checks}
    assert "facts are off" in details["scope"] and "recent turns are still kept" in details["scope"]
    assert details["max_facts"].endswith("its default (1000) is used until it is fixed")
    persona = tmp_path / "persona.json"
    persona.write_text(json.dumps({"memory_module": "ovos-memory-plugin-entity-facts",
                                   "ovos-memory-plugin-entity-facts": {
                                       "scope": "sesion", "extractor": "rules",
                                       "db_path": str(tmp_path / "m" / "entity_memory.json")}}))
    assert main(["doctor", "--config", str(persona)]) == 1
    out = capsys.readouterr().out
    assert "FAIL  setting: scope must be one of" in out and "facts are off" in out

