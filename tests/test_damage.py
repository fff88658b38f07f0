"""One bad value costs only itself: an extreme date, a malformed imported event, a
damaged PostgreSQL row or audit line; the rest of the session and the store go on."""
from __future__ import annotations

import json

import pytest

from ovos_memory_plugin_entity.cli import main
from ovos_memory_plugin_entity.domain.entities import describe_when, event_end, parse_when
from ovos_memory_plugin_entity.language.locale_data import load_language
from tests.helpers import user_assistant
from tests.pg import needs_postgres


@pytest.mark.parametrize("when", ["9999-12-31T23:00-12:00", "0001-01-01T00:00+05:00", "9999-12-31",
                                  "0001-01-01", "1899-12-31"])
def test_an_unrepresentable_date_is_refused_when_it_is_read(when):
    assert parse_when(when) is None


def test_a_date_written_past_the_parser_costs_only_itself():
    extreme, garbled = "9999-12-31T23:00-12:00", "2030-13-45"
    assert describe_when(extreme, 1_800_000_000.0, load_language("en-us").phrases) == extreme  # as written, no crash
    assert event_end(garbled) == float("inf")


def test_a_model_chosen_extreme_date_keeps_the_rest_of_the_block(make_memory, model):
    model.reply(json.dumps({"add": [{"fact": "Name is Ana", "pin": True}, "Is allergic to peanuts",
                                    {"fact": "Dentist appointment", "when": "9999-12-31T23:00-12:00"},
                                    {"fact": "Party at the lake", "when": "0001-01-01T00:00+05:00"}]}))
    memory = make_memory(extractor="llm")
    memory.update_history(user_assistant("I'm Ana, allergic to peanuts; dentist and a party soon."), "s")
    assert memory.flush(10)
    block = "\n".join(m.content for m in memory.build_conversation_context("What do you know?", "s"))
    for text in ("Name is Ana", "Is allergic to peanuts", "Dentist appointment", "Party at the lake"):
        assert text in block
    assert all(f.when is None for f in memory.facts("s"))


def test_an_imported_event_of_the_wrong_type_is_left_out_and_history_works(tmp_path, capsys):
    db = ["--db-path", str(tmp_path / "entity_memory.json")]
    assert main(db + ["add", "s", "Likes tea"]) == 0
    capsys.readouterr()
    assert main(db + ["export", "s"]) == 0
    backup = json.loads(capsys.readouterr().out)
    history = backup["sessions"][0]["history"]
    history.append(dict(history[0], at="yesterday"))
    history.append(dict(history[0], after=["not", "text"]))
    (tmp_path / "backup.json").write_text(json.dumps(backup))
    assert main(db + ["erase", "s", "--yes"]) == 0
    assert main(db + ["import", str(tmp_path / "backup.json")]) == 0
    assert "2 history event(s) are not events of this plugin" in capsys.readouterr().err
    assert main(db + ["history", "s"]) == 0 and "Likes tea" in capsys.readouterr().out


def damage(pg_url, sql, *args):
    import psycopg
    with psycopg.connect(pg_url) as conn:
        conn.execute(sql, args)


def set_aside(pg_url):
    import psycopg
    with psycopg.connect(pg_url) as conn:
        return [row[0] for row in conn.execute("SELECT kind FROM entity_memory_damaged ORDER BY id").fetchall()]


@needs_postgres
def test_a_damaged_audit_line_is_set_aside_and_the_session_keeps_working(tmp_path, pg_url, capsys):
    db = ["--db-url", pg_url, "--db-path", str(tmp_path / "entity_memory.json")]
    for text in ("Likes tea", "Owns a kayak", "Has a cat"):
        assert main(db + ["add", "s", text]) == 0
    damage(pg_url, "UPDATE entity_memory_audit SET event = '{\"sealed\": \"AAAA\"}' "
                   "WHERE id = (SELECT min(id) FROM entity_memory_audit)")
    capsys.readouterr()
    assert main(db + ["history", "s"]) == 0
    assert "Owns a kayak" in capsys.readouterr().out  # the other lines are read
    assert main(db + ["forget", "s", "f2"]) == 0  # a forget re-seals the trail: the damaged line is set aside
    assert set_aside(pg_url) == ["audit line"]
    assert main(db + ["history", "s"]) == 0 and "kayak" not in capsys.readouterr().out


@needs_postgres
def test_compaction_past_the_bound_survives_a_damaged_line(tmp_path, pg_url):
    from ovos_memory_plugin_entity.io.stores.postgres import PostgresStore
    from tests.helpers import NewFact, Ops, Policy, apply_ops
    store = PostgresStore(pg_url, tmp_path / "node.key", max_audit_events=4)
    try:
        def add(text):
            return lambda r: apply_ops(r, Ops(add=(NewFact(text),)), now=1.0, actor="api", policy=Policy())
        store.update("s", add("Likes tea"))
        damage(pg_url, "UPDATE entity_memory_audit SET event = '{\"sealed\": \"AAAA\"}'")
        for text in ("Owns a kayak", "Has a cat", "Likes jazz", "Lives in Porto", "Speaks Dutch"):
            store.update("s", add(text))  # each past the bound compacts the trail
        assert len(store.load("s")[1].live_facts()) == 6 and set_aside(pg_url) == ["audit line"]
    finally:
        store.close()


@needs_postgres
def test_a_damaged_session_row_costs_only_that_session(tmp_path, pg_url, capsys):
    db = ["--db-url", pg_url, "--db-path", str(tmp_path / "entity_memory.json")]
    assert main(db + ["add", "good", "Likes tea"]) == 0
    assert main(db + ["add", "bad", "Owns a kayak"]) == 0
    damage(pg_url, "UPDATE entity_memory_sessions SET record = jsonb_set(record, '{sealed}', '\"AAAA\"') "
                   "WHERE session_id = 'bad'")
    capsys.readouterr()
    assert main(db + ["sessions"]) == 0 and "good" in capsys.readouterr().out
    assert main(db + ["export", "--all"]) == 0 and "Likes tea" in capsys.readouterr().out
    assert main(db + ["add", "bad", "Has a cat"]) == 0  # its next change sets the damaged row aside
    assert set_aside(pg_url) == ["record", "audit line"]  # its trail was sealed under the damaged row's key
    capsys.readouterr()
    assert main(db + ["facts", "bad"]) == 0 and "Has a cat" in capsys.readouterr().out
