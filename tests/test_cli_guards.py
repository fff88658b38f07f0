"""The owner's command line: it never creates a store by reading, asks before it destroys,
exits with the documented statuses, and words counts and retired rows plainly."""
from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from ovos_memory_plugin_entity.cli import main
from ovos_memory_plugin_entity.cli_commands import build_parser


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "ovos" / "entity_memory.json")


def run(capsys, db, *argv):
    code = main(["--db-path", db, *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


class Terminal(io.StringIO):
    """Standard input as a person at a terminal types it."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("argv", [
    ["sessions"], ["facts", "s"], ["facts", "s", "--all"], ["history", "s"], ["entities", "s"], ["pending", "s"],
])
def test_a_fresh_install_lists_nothing_learnt_yet_and_creates_nothing(capsys, tmp_path, argv):
    db = str(tmp_path / "fresh" / "entity_memory.json")
    code, out, err = run(capsys, db, *argv)
    assert code == 0 and err == ""
    assert out.strip() == f"nothing learnt yet: no store at {tmp_path / 'fresh' / 'entity_memory'} " \
                          f"(the assistant, or 'add', makes it)"
    code, out, _ = run(capsys, db, "--json", *argv)
    assert code == 0 and not any(json.loads(out) if isinstance(json.loads(out), list) else json.loads(out).values())
    assert not (tmp_path / "fresh").exists()


@pytest.mark.parametrize("argv", [
    ["export", "--all"], ["forget", "s", "f1"], ["erase", "s", "--yes"], ["forget-all", "s", "--yes"],
])
def test_a_change_to_a_missing_store_is_an_error_naming_it_and_is_not_created(capsys, tmp_path, argv):
    db = str(tmp_path / "typo" / "entity_memory.json")
    code, out, err = run(capsys, db, *argv)
    assert code == 1 and out == ""
    assert f"no store at {tmp_path / 'typo' / 'entity_memory'}" in err and "--db-path" in err
    assert not (tmp_path / "typo").exists()


@pytest.mark.parametrize("argv", [["sessions"], ["facts", "s"], ["forget", "s", "f1"]])
def test_a_path_that_is_not_a_folder_is_an_error_for_every_command(capsys, tmp_path, argv):
    (tmp_path / "entity_memory").write_text("not a folder")  # where entity_memory.json's folder goes
    code, out, err = run(capsys, str(tmp_path / "entity_memory.json"), *argv)
    assert code == 1 and out == "" and f"{tmp_path / 'entity_memory'} is not a folder" in err


def test_the_older_plugins_file_is_named_when_only_it_is_there(capsys, tmp_path):
    db = tmp_path / "ovos" / "entity_memory.json"
    db.parent.mkdir()
    db.write_text(json.dumps({"s": {"facts": ["Likes tea"]}}))
    code, out, _ = run(capsys, str(db), "sessions")
    assert code == 0 and f"the older plugin's file {db} is there: 'import {db}'" in out


def test_adding_creates_the_store(capsys, db):
    assert run(capsys, db, "add", "s", "Likes tea")[0] == 0
    assert run(capsys, db, "sessions")[0] == 0


@pytest.mark.parametrize("command", ["erase", "forget-all"])
def test_destroying_refuses_without_a_terminal_or_yes(capsys, db, monkeypatch, command):
    run(capsys, db, "add", "s", "Likes tea")
    monkeypatch.setattr(sys, "stdin", io.StringIO("y\n"))  # piped: no one to ask
    code, _, err = run(capsys, db, command, "s")
    assert code == 2 and "add --yes" in err
    assert "Likes tea" in run(capsys, db, "facts", "s")[1]


@pytest.mark.parametrize("command", ["erase", "forget-all"])
def test_destroying_asks_at_a_terminal_and_a_no_changes_nothing(capsys, db, monkeypatch, command):
    run(capsys, db, "add", "s", "Likes tea")
    monkeypatch.setattr(sys, "stdin", Terminal("n\n"))
    code, _, err = run(capsys, db, command, "s")
    assert code == 1 and "[y/N]" in err and "1 live fact" in err and "nothing changed" in err
    assert "Likes tea" in run(capsys, db, "facts", "s")[1]
    monkeypatch.setattr(sys, "stdin", Terminal("y\n"))
    assert run(capsys, db, command, "s")[0] == 0


def test_erase_with_yes_asks_nothing(capsys, db, monkeypatch):
    run(capsys, db, "add", "s", "Likes tea")
    monkeypatch.setattr(sys, "stdin", Terminal(""))  # an answer would be read from here
    code, out, err = run(capsys, db, "erase", "s", "--yes")
    assert code == 0 and "erased s" in out and "[y/N]" not in err
    assert run(capsys, db, "facts", "s")[1].strip() == "(no facts)"


def test_forget_all_forgets_for_good_and_labels_the_rows(capsys, db):
    run(capsys, db, "add", "s", "Likes tea")
    run(capsys, db, "add", "s", "Owns a kayak")
    code, out, _ = run(capsys, db, "forget-all", "s", "--yes")
    assert code == 0 and "forgot 2 facts of s" in out
    assert run(capsys, db, "facts", "s")[1].strip() == "(no facts)"
    every = run(capsys, db, "facts", "s", "--all")[1]
    assert every.count("(forgotten)  (retired: forgotten") == 2 and "tea" not in every


def test_retired_rows_say_they_are_retired_and_why(capsys, db):
    run(capsys, db, "add", "s", "Lives in Lisbon")
    run(capsys, db, "edit", "s", "f1", "Lives in Porto")
    every = run(capsys, db, "facts", "s", "--all")[1]
    assert "[f1] Lives in Lisbon  (retired: replaced by f2 " in every


def test_one_fact_is_not_facts(capsys, db):
    run(capsys, db, "add", "s", "Is allergic to peanuts", "--about", "Emma", "--relation", "daughter")
    out = run(capsys, db, "entities", "s")[1]
    assert "(1 fact)" in out and "(1 facts)" not in out


@pytest.mark.parametrize("argv", [["export"], ["no-such-command"], ["facts"], ["doctor", "--timeout", "0"]])
def test_usage_mistakes_exit_2(capsys, db, argv):
    run(capsys, db, "add", "s", "Likes tea")
    try:
        code = main(["--db-path", db, *argv])
    except SystemExit as stop:  # argparse's own mistakes
        code = int(stop.code or 0)
    assert code == 2 and "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("removed", [["events", "s"], ["curate"], ["vacuum"]])
def test_a_removed_command_is_a_usage_error_naming_it(capsys, db, removed):
    with pytest.raises(SystemExit) as stop:
        main(["--db-path", db, *removed])
    assert stop.value.code == 2 and f"invalid choice: '{removed[0]}'" in capsys.readouterr().err


def test_every_help_line_is_a_whole_sentence():
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command")
    for choice in commands._choices_actions:
        assert choice.help.endswith((".", ")")), (choice.dest, choice.help)


def test_the_older_plugin_has_one_name_in_help_and_messages(capsys, db, tmp_path):
    parser = build_parser()
    shown = parser.format_help() + "".join(
        p.format_help() for a in parser._actions if a.dest == "command" for p in a.choices.values())
    assert "seed" not in shown and "the older plugin's entity_memory.json" in shown
    stranger = tmp_path / "stranger.json"
    stranger.write_text(json.dumps({"hello": 1}))
    code, _, err = run(capsys, db, "import", str(stranger))
    assert code == 1 and "nor the older plugin's file" in err and "seed" not in err


def test_the_question_docs_cli_shows_is_the_one_erase_asks(capsys, db, monkeypatch):
    for text in ("Likes tea", "Owns a kayak", "Lives in Porto"):
        run(capsys, db, "add", "default", text)
    monkeypatch.setattr(sys, "stdin", Terminal("n\n"))
    asked = run(capsys, db, "erase", "default")[2].split("[y/N]")[0] + "[y/N]"  # input() writes no newline
    docs = " ".join((Path(__file__).resolve().parents[1] / "docs" / "cli.md").read_text(encoding="utf-8").split())
    assert f"({asked.strip()})" in docs.replace("(`", "(").replace("`)", ")"), asked
