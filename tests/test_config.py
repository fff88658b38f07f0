"""Settings: the seed's forms accepted, everything else refused with the key named."""
from __future__ import annotations

import re

import pytest

from ovos_memory_plugin_entity.settings import load_settings


def test_defaults_match_the_seed(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    settings, unknown = load_settings(None)
    assert (settings.api_url, settings.model, settings.max_facts, settings.max_extract_tokens,
            settings.request_timeout, settings.backend, settings.facts_header, settings.system_prompt) == (
        "http://localhost:8000/v1", "", 1000, 128, 30.0, "json", "Known facts about the user:", "")  # max_facts: see the readme
    assert settings.db_path == str(tmp_path / "ovos" / "entity_memory.json")
    assert settings.store_folder == tmp_path / "ovos" / "entity_memory"
    assert unknown == ()


@pytest.mark.parametrize("config, attribute, value", [
    ({"max_facts": "20"}, "max_facts", 20),
    ({"max_facts": 0}, "max_facts", 0),
    ({"request_timeout": "12.5"}, "request_timeout", 12.5),
    ({"backend": "MEMORY"}, "backend", "memory"),
    ({"scope": "Global"}, "scope", "global"),
    ({"max_extract_tokens": 256.0}, "max_extract_tokens", 256),
    ({"model": None}, "model", ""),
])
def test_seed_forms_are_understood(config, attribute, value):
    assert getattr(load_settings(config)[0], attribute) == value


@pytest.mark.parametrize("config, key", [
    ({"backend": "sqlite"}, "backend"),
    ({"max_facts": "abc"}, "max_facts"),
    ({"max_facts": -1}, "max_facts"),
    ({"max_facts": True}, "max_facts"),
    ({"max_facts": 2.5}, "max_facts"),
    ({"request_timeout": 0}, "request_timeout"),
    ({"extraction_prompt": "no placeholder"}, "extraction_prompt"),
    ({"inject_mode": "tool"}, "inject_mode"),
    ({"api_url": "localhost:8000"}, "api_url"),
    ({"facts_header": 5}, "facts_header"),
    ({"extractor": "magic"}, "extractor"),
])
def test_bad_values_name_the_key_and_value(config, key):
    with pytest.raises(ValueError) as error:
        load_settings(config)
    assert key in str(error.value) and repr(next(iter(config.values()))) in str(error.value)


def test_unknown_keys_are_reported(make_memory, logs):
    make_memory(max_fact=3)
    assert any("max_fact" in m and "unknown" in m for level, m in logs if level == "warning")


def test_a_custom_prompt_with_json_braces_works(make_memory, model):
    from tests.helpers import user_assistant
    model.reply('["Likes tea"]')
    memory = make_memory(extraction_prompt='Reply like {"add": ["x"]}.\n{exchange}')
    memory.update_history(user_assistant("I like tea"), "s")
    assert memory.flush(10)
    assert model.prompts()[0].startswith('Reply like {"add": ["x"]}.\nUser: I like tea')


def test_db_path_names_the_folder_and_the_older_plugins_file_keeps_its_meaning(tmp_path):
    existing = tmp_path / "kept.memory"
    existing.mkdir()
    older_file = tmp_path / "older"
    older_file.write_text("{}")
    cases = {
        str(tmp_path / "memories"): tmp_path / "memories",  # a folder yet to be made
        str(tmp_path / "memories.d") + "/": tmp_path / "memories.d",  # a separator says folder
        str(existing): existing,  # a folder, whatever its name
        str(tmp_path / "ovos" / "entity_memory.json"): tmp_path / "ovos" / "entity_memory",  # the older plugin's
        str(older_file): tmp_path / "older.d",  # a file is never the folder
    }
    for db_path, folder in cases.items():
        assert load_settings({"db_path": db_path})[0].store_folder == folder, db_path


def test_a_folder_given_as_db_path_is_where_the_facts_are(make_memory, tmp_path):
    memory = make_memory(db_path=str(tmp_path / "assistant-memory"))
    memory.add_fact("s", "Likes tea")
    assert (tmp_path / "assistant-memory" / "sessions").is_dir()
    assert not (tmp_path / "assistant-memory.d").exists()


def test_keys_of_unreleased_builds_are_unknown_keys_warned_and_ignored(make_memory, logs):
    memory = make_memory(max_retired_facts="x", max_audit_events=-1, quiet_gate="off")
    memory.add_fact("s", "Likes tea")
    assert [x.text for x in memory.facts("s")] == ["Likes tea"]
    assert [m for level, m in logs if level == "warning" and "unknown configuration keys" in m and
            "'max_audit_events', 'max_retired_facts', 'quiet_gate'" in m]


def test_every_setting_is_named_by_a_test():
    """A setting no test names is one no one would notice breaking (or missing)."""
    from pathlib import Path

    from ovos_memory_plugin_entity.settings import SPECS
    text = "\n".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    assert [key for key in SPECS if key not in text] == []


@pytest.mark.parametrize("config, said", [
    ({"max_facts": "abc"}, "max_facts must be a number, got 'abc'"),
    ({"max_facts": True}, "max_facts must be a number, got True"),
    ({"max_facts": -1}, "max_facts must be at least 0, got -1"),
    ({"queue_size": 0}, "queue_size must be at least 1, got 0"),
    ({"max_facts": 2.5}, "max_facts must be a whole number, got 2.5"),
    ({"request_timeout": "inf"}, "request_timeout must be a finite number, got 'inf'"),
    ({"request_timeout": -3}, "request_timeout must be at least 0, got -3"),
    ({"request_timeout": 0}, "request_timeout must be greater than 0, got 0"),
])
def test_a_number_that_cannot_be_used_says_what_is_allowed(config, said):
    with pytest.raises(ValueError, match=re.escape(said)):
        load_settings(config)
