"""Spoken controls on PostgreSQL: the pause and a forget live in the record, so another
persona server sharing the database honours them."""
from __future__ import annotations

from tests.pg import needs_postgres
from tests.test_commands import closed_port_url, context_text, live, turn

pytestmark = needs_postgres


def test_a_pause_and_a_forget_reach_another_node(make_memory, pg_url):
    first = make_memory(backend="postgres", db_url=pg_url, api_url=closed_port_url())
    second = make_memory(backend="postgres", db_url=pg_url, api_url=closed_port_url(), extractor="rules")
    first.add_fact("s", "Lives in Porto")
    first.add_fact("s", "Likes tea")
    turn(first, "Forget my address.")
    assert "Porto" not in context_text(second, "Porto?")
    turn(first, "Don't remember this conversation.")
    turn(second, "I live in Leeds.")
    assert live(second) == ["Likes tea"]
    assert second.facts("s") == first.facts("s")
