"""The owner's commands that change one thing: each says what it did to which, in words and in JSON."""
from __future__ import annotations

import json

import pytest

from ovos_memory_plugin_entity.cli import main


@pytest.fixture
def db(tmp_path, capsys):
    path = str(tmp_path / "ovos" / "entity_memory.json")
    for argv in (["add", "s", "Likes tea"], ["add", "s", "Is allergic to shellfish", "--about", "Emma",
                                             "--relation", "daughter"],
                 ["add", "s", "Plays the cello", "--about", "Emmy"]):
        assert main(["--db-path", path] + argv) == 0
    capsys.readouterr()
    return path


@pytest.mark.parametrize("argv, done, subject", [
    (["pin", "s", "f1"], "pinned", "f1"),
    (["unpin", "s", "f1"], "unpinned", "f1"),
    (["forget", "s", "f1"], "forgotten", "f1"),
    (["rename-entity", "s", "e1", "Emma Rose", "--relation", "daughter"], "renamed", "e1"),
    (["merge-entities", "s", "e1", "e2"], "merged", "e2"),
    (["forget-entity", "s", "e2"], "forgotten", "e2"),
])
@pytest.mark.parametrize("as_json", [False, True], ids=["words", "json"])
def test_a_change_says_what_it_did_to_which(capsys, db, argv, done, subject, as_json):
    assert main(["--db-path", db] + ["--json"] * as_json + argv) == 0
    out = capsys.readouterr().out
    assert (json.loads(out) if as_json else out) == ({done: subject} if as_json else f"{done} {subject}\n")


def test_forgetting_a_fact_twice_says_nothing_was_there(capsys, db):
    assert main(["--db-path", db, "forget", "s", "f1"]) == 0
    capsys.readouterr()
    assert main(["--db-path", db, "forget", "s", "f1"]) == 1  # as for an unknown fact
    out, err = capsys.readouterr()
    assert out == "" and "fact 'f1' of session 's' was already forgotten: nothing was there" in err
