"""Forgetting a value forgets the earlier values it replaced, and forgetting everything
leaves no history: "forget my address" must not leave the old address in a file."""
from __future__ import annotations

import pathlib

from ovos_memory_plugin_entity.cli import main
from ovos_memory_plugin_entity.domain.editor import Editor
from ovos_memory_plugin_entity.domain.record import Fact
from tests.helpers import Policy, new_record, user_assistant


def _said(memory, *texts):
    for text in texts:
        memory.build_conversation_context(text, "s")
        memory.update_history(user_assistant(text, "Okay."), "s")
    assert memory.flush(10)


def _files(memory) -> bytes:
    folder = pathlib.Path(memory.settings.db_path).with_suffix("")
    return b"".join(p.read_bytes() for p in folder.rglob("*") if p.is_file()).lower()


def test_forgetting_the_new_address_forgets_the_old_one(make_memory):
    memory = make_memory(extractor="rules")
    _said(memory, "I live in Zanzibarville.", "I just moved to Quokkaton.")
    live = [f for f in memory.facts("s") if "Quokkaton" in f.text]
    assert live and memory.forget_fact("s", live[0].id)
    assert b"zanzibar" not in _files(memory) and b"quokkaton" not in _files(memory)
    assert all(f.text == "" for f in memory.facts("s", include_retired=True))


def test_forget_all_leaves_no_history(make_memory, capsys):
    memory = make_memory(extractor="rules")
    _said(memory, "I live in Zanzibarville.", "I just moved to Quokkaton.", "I love kazoos.")
    assert main(["--db-path", memory.settings.db_path, "forget-all", "s", "--yes"]) == 0
    assert b"zanzibar" not in _files(memory) and b"kazoo" not in _files(memory)
    capsys.readouterr()
    assert main(["--db-path", memory.settings.db_path, "facts", "s", "--all"]) == 0
    assert "Zanzibar" not in capsys.readouterr().out


def test_forget_everything_by_voice_leaves_no_history(make_memory):
    memory = make_memory(extractor="rules")
    _said(memory, "I live in Zanzibarville.", "I just moved to Quokkaton.")
    memory.build_conversation_context("Forget everything you know about me", "s")
    memory.update_history(user_assistant("Forget everything you know about me",
                                         "Are you sure you want me to forget everything about you?"), "s")
    _said(memory, "yes")
    assert memory.facts("s") == [] and b"zanzibar" not in _files(memory)



def test_a_cycle_of_replacements_in_a_damaged_record_is_forgotten_and_ends():
    """Two retired rows naming each other as their replacement (a damaged or hand-edited
    record): forgetting everything clears both and finishes."""
    record = new_record("s")
    record.facts = [Fact("f1", "Lives in Zanzibarville", 1.0, 1.0, superseded_at=2.0, superseded_by="f2",
                         retired_reason="superseded"),
                    Fact("f2", "Lives in Wombatford", 2.0, 2.0, superseded_at=3.0, superseded_by="f1",
                         retired_reason="superseded"),
                    Fact("f3", "Lives in Quokkaton", 3.0, 3.0)]
    editor = Editor(record, Policy(), 10.0, "owner")
    assert editor.forget_everything() == 1
    editor.finish()
    assert [f.text for f in record.facts] == ["", "", ""]
