"""The PostgreSQL backend against a real cluster: outages, erase, moving backends.

The backend-neutral suite, concurrent writers included, runs on it from test_store.py."""
from __future__ import annotations

import json

import pytest

from ovos_memory_plugin_entity.cli import main

from tests.helpers import user_assistant
from tests.pg import database_files, needs_postgres, pg_ctl

pytestmark = needs_postgres

def test_the_plugin_on_postgres(make_memory, model, pg_url):
    model.reply('["Likes tea"]')
    memory = make_memory(backend="postgres", db_url=pg_url)
    memory.update_history(user_assistant("I like tea"), "s")
    assert memory.flush(10)
    assert "Likes tea" in memory.build_conversation_context("hi", "s")[0].content
    other = make_memory(backend="postgres", db_url=pg_url)  # another persona server
    assert [x.text for x in other.facts("s")] == ["Likes tea"]


def test_db_url_from_the_environment(make_memory, pg_url, monkeypatch):
    monkeypatch.setenv("OVOS_ENTITY_MEMORY_DB_URL", pg_url)
    memory = make_memory(backend="postgres")
    memory.add_fact("s", "Likes tea")
    assert [x.text for x in memory.facts("s")] == ["Likes tea"]


def test_database_restart_loses_nothing_and_never_breaks_a_turn(make_memory, model, pg_url, logs):
    model.default = lambda body: '["' + body["messages"][0]["content"].split("User: ")[1].split("\n")[0] + '"]'
    memory = make_memory(backend="postgres", db_url=pg_url, model="m")
    memory.update_history(user_assistant("Fact before"), "s")
    assert memory.flush(10)
    memory.build_conversation_context("warm the cache", "s")
    pg_ctl("stop")
    try:
        for n in range(5):
            memory.update_history(user_assistant(f"Fact during {n}"), "s")
            context = memory.build_conversation_context("hi", "s")
            assert "Fact before" in context[0].content  # the last good read
        assert memory.flush(3) is False  # waiting in the queue
        assert sum("database is unreachable" in m for _, m in logs) == 1
    finally:
        pg_ctl("start")
    assert memory.flush(60)
    texts = [x.text for x in memory.facts("s")]
    assert texts == ["Fact before"] + [f"Fact during {n}" for n in range(5)]
    assert any("answers again" in m for level, m in logs if level == "info")


def test_erase_leaves_no_row_and_no_text_in_the_table_files(pg_url, capsys):
    db = ["--db-url", pg_url]
    assert main(db + ["add", "s", "Owns a zebra named Quintessa"]) == 0
    assert main(db + ["add", "s", "Lives in Zanzibar"]) == 0
    assert main(db + ["edit", "s", "f2", "Lives in Zagreb"]) == 0
    assert main(db + ["add", "other", "Likes tea"]) == 0
    assert b"Quintessa" in database_files(pg_url)
    assert main(db + ["erase", "s"]) == 0  # quick: locks one row, no VACUUM on the request path
    assert main(db + ["vacuum"]) == 0  # the owner's explicit, table-locking step
    files = database_files(pg_url)
    for text in (b"Quintessa", b"Zanzibar", b"Zagreb"):
        assert text not in files
    assert b"Likes tea" in files
    import psycopg
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT count(*) FROM entity_memory_audit WHERE session_id = 's'").fetchone()[0] == 0
        record = conn.execute("SELECT record FROM entity_memory_sessions WHERE session_id = 's'").fetchone()[0]
    assert record["facts"] == [] and record["generation"] == 1


@pytest.mark.parametrize("direction", ["json-to-postgres", "postgres-to-json"])
def test_moving_between_backends_keeps_facts_history_and_tombstones(pg_url, tmp_path, capsys, direction):
    json_db = ["--db-path", str(tmp_path / "entity_memory.json")]
    pg_db = ["--db-url", pg_url]
    source, target = (json_db, pg_db) if direction == "json-to-postgres" else (pg_db, json_db)
    main(source + ["add", "a", "Name is Ana", "--pin"])
    main(source + ["add", "a", "Lives in Lisbon"])
    main(source + ["edit", "a", "f2", "Lives in Porto"])
    main(source + ["add", "a", "Likes oolong"])
    main(source + ["forget", "a", "f4"])
    main(source + ["add", "a", "Is allergic to peanuts", "--about", "Emma", "--relation", "daughter"])
    capsys.readouterr()
    assert main(source + ["export", "--all"]) == 0
    dump = tmp_path / "export.json"
    dump.write_text(capsys.readouterr().out)
    assert main(target + ["import", str(dump)]) == 0
    capsys.readouterr()
    results = []
    for where in (source, target):
        main(where + ["--json", "facts", "a", "--all"])
        facts = json.loads(capsys.readouterr().out)
        main(where + ["--json", "history", "a"])
        history = json.loads(capsys.readouterr().out)
        main(where + ["--json", "export", "a"])
        record = json.loads(capsys.readouterr().out)["sessions"][0]["record"]
        results.append((facts, history, record["tombstones"], record["entities"]))
    assert results[0][0] == results[1][0]
    assert results[1][1][:-1] == results[0][1] and results[1][1][-1]["action"] == "import"
    assert results[0][2] == results[1][2] and len(results[0][2]) == 1
    assert results[0][3] == results[1][3]
    assert b"oolong" not in dump.read_bytes()


@needs_postgres
def test_a_hung_database_does_not_hold_the_turn(pg_url, tmp_path):
    import os
    import signal
    import time
    from tests.pg import cluster_processes
    from ovos_memory_plugin_entity import EntityMemory
    memory = EntityMemory(config={"backend": "postgres", "db_url": pg_url, "extractor": "rules"})
    try:
        memory.add_fact("s", "Likes tea")
        assert "Likes tea" in memory.build_conversation_context("tea?", "s")[-2].content
        stopped = cluster_processes()
        for pid in stopped:
            os.kill(pid, signal.SIGSTOP)
        try:
            start = time.monotonic()
            context = memory.build_conversation_context("tea?", "s")
            waited = time.monotonic() - start
        finally:
            for pid in stopped:
                os.kill(pid, signal.SIGCONT)
        assert "Likes tea" in context[-2].content  # the facts last read
        assert waited < 2.0  # not the whole hang: a bounded wait (0.25 s by design)
    finally:
        memory.close(timeout=5)


@needs_postgres
def test_a_very_long_session_id_is_stored_not_taken_for_an_outage(pg_url):
    from ovos_memory_plugin_entity import EntityMemory
    long_id = "device-" + "x" * 3000
    memory = EntityMemory(config={"backend": "postgres", "db_url": pg_url, "extractor": "rules"})
    try:
        memory.add_fact(long_id, "Likes tea")
        memory.add_fact("short", "Has a cat")
        assert [f.text for f in memory.facts(long_id)] == ["Likes tea"]
        assert [f.text for f in memory.facts("short")] == ["Has a cat"]
    finally:
        memory.close(timeout=5)
    from ovos_memory_plugin_entity.cli import main
    assert main(["--db-url", pg_url, "sessions"]) == 0
