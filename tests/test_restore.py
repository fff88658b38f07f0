"""A backup restores after an erase, on every backend the CLI reaches; an import that
skips a session says which and why."""
from __future__ import annotations

import json

import pytest

from ovos_memory_plugin_entity.cli import main
from tests.pg import needs_postgres


@pytest.fixture(params=["json", pytest.param("postgres", marks=needs_postgres)])
def target(request, tmp_path):
    if request.param == "postgres":
        return ["--db-url", request.getfixturevalue("pg_url")]
    return ["--db-path", str(tmp_path / "entity_memory.json")]


def cli(capsys, target, *args):
    assert main(target + list(args)) == 0
    captured = capsys.readouterr()
    return captured.out, captured.err


def test_export_erase_import_erase_import_restores_each_time(tmp_path, capsys, target):
    cli(capsys, target, "add", "s", "Likes tea")
    cli(capsys, target, "add", "s", "Owns a kayak")
    backup = tmp_path / "backup.json"
    backup.write_text(cli(capsys, target, "export", "s")[0])
    for _ in range(2):
        cli(capsys, target, "erase", "s", "--yes")
        out, _err = cli(capsys, target, "import", str(backup), "--json")
        assert json.loads(out) == {"sessions": 1, "forgotten_here": 0, "skipped": [], "refused_secrets": {}}
        facts = json.loads(cli(capsys, target, "facts", "s", "--json")[0])
        assert sorted(f["text"] for f in facts) == ["Likes tea", "Owns a kayak"]


def test_an_import_that_skips_says_why(tmp_path, capsys, target):
    cli(capsys, target, "add", "s", "Likes tea")
    backup = tmp_path / "backup.json"
    backup.write_text(cli(capsys, target, "export", "s")[0])
    cli(capsys, target, "import", str(backup))
    out, err = cli(capsys, target, "import", str(backup))
    assert "imported into 0 sessions" in out
    assert "skipped s: this very content was imported into it before" in err
