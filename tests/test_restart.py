"""Nothing said is lost across a restart: exchanges the model had not seen when the
plugin closed are kept in the store, bounded, and learnt at the next start; an erase
or a forget drops them."""
from __future__ import annotations

import json
import re

import pytest

from ovos_memory_plugin_entity.cli import main
from ovos_memory_plugin_entity.domain.kept_exchanges import MAX_KEPT_PER_SESSION
from ovos_memory_plugin_entity.io.stores import open_store
from tests.helpers import user_assistant
from tests.pg import needs_postgres

SAID = {"I like tea.": "Likes tea", "I like jazz.": "Likes jazz", "I have a cat.": "Has a cat",
        "I live in Porto.": "Lives in Porto"}


def answer(body):
    """The fake model's answer: the fact each exchange says (order does not matter)."""
    prompt = body["messages"][-1]["content"]
    return json.dumps({"add": [fact for said, fact in SAID.items() if f"User: {said}" in prompt]})


@pytest.fixture(params=["json", pytest.param("postgres", marks=needs_postgres)])
def backend(request):
    if request.param == "postgres":
        return {"backend": "postgres", "db_url": request.getfixturevalue("pg_url")}
    return {}


def close_with_three_waiting(make_memory, model, logs, backend, sid="s"):
    """A slow model: the first exchange is at the model, three wait, the assistant stops."""
    model.default = answer
    model.release.clear()
    memory = make_memory(extractor="llm", **backend)
    for said in SAID:
        memory.update_history(user_assistant(said), sid)
    assert model.arrived.acquire(timeout=10)  # the first is with the model
    assert memory.close(timeout=0.2) is False  # a bounded wait, then what is left is kept
    model.release.set()
    assert any("closing with 3 exchange(s) the model has not seen yet" in m for _, m in logs)


def test_a_restart_learns_what_was_waiting(make_memory, model, logs, backend):
    close_with_three_waiting(make_memory, model, logs, backend)
    again = make_memory(extractor="llm", **backend)
    assert again.flush(10)
    facts = {f.text for f in again.facts("s")}
    assert {"Likes jazz", "Has a cat", "Lives in Porto"} <= facts
    # The three waiting, and the one at the model when the store closed under it (PostgreSQL).
    assert any(re.search(r"learning from [34] exchange\(s\) an earlier run kept", m) for _, m in logs)
    third = make_memory(extractor="llm", **backend)  # taken once: nothing is learnt twice
    assert third.flush(10) and sum("learning from" in m for _, m in logs) == 1


@pytest.mark.parametrize("how", ["erase", "forget"])
def test_an_erase_or_a_forget_drops_what_was_waiting(make_memory, model, logs, backend, tmp_path, how):
    first = make_memory(extractor="llm", **backend)
    first.add_fact("s", "Likes jazz")
    first.close()
    close_with_three_waiting(make_memory, model, logs, backend)
    target = ["--db-path", str(tmp_path / "ovos" / "entity_memory.json")]  # (the node key lives beside it)
    target += ["--db-url", backend["db_url"]] if backend else []
    assert main(target + (["erase", "s", "--yes"] if how == "erase" else ["forget", "s", "f1"])) == 0  # the owner, meanwhile
    if not backend:
        waiting = tmp_path / "ovos" / "entity_memory" / "waiting"
        assert list(waiting.iterdir()) == []
    again = make_memory(extractor="llm", **backend)
    assert again.flush(10)
    assert not {"Has a cat", "Lives in Porto"} & {f.text for f in again.facts("s")}


def test_what_is_kept_is_bounded(tmp_path, logs):
    from ovos_memory_plugin_entity.domain.kept_exchanges import kept_exchange
    from ovos_memory_plugin_entity.io.stores import JsonFolderStore
    store = JsonFolderStore(tmp_path / "mem")
    items = [kept_exchange("s", f"I like thing {n}. " + "x" * 100_000, "Okay.", 0, None)
             for n in range(MAX_KEPT_PER_SESSION + 5)]
    store.keep_waiting("s", items[:10])
    store.keep_waiting("s", items[10:])
    taken = store.take_waiting()
    assert [t["user"][:16] for t in taken] == [i["user"][:16] for i in items[-MAX_KEPT_PER_SESSION:]]
    assert max(len(t["user"]) for t in taken) <= 2000  # each side capped as the prompt caps it
    assert any("kept the newest" in m for _, m in logs)
    assert store.take_waiting() == []


def test_a_hand_edited_kept_exchange_costs_only_itself(make_memory, model, logs, backend, tmp_path):
    """Junk among the kept exchanges (no session, a date from the future) never stops a start."""
    close_with_three_waiting(make_memory, model, logs, backend)
    store = open_store(backend.get("backend", "json"), tmp_path / "ovos" / "entity_memory", backend.get("db_url", ""))
    store.keep_waiting("s", [{"said_at": 1e12, "user": "I have a cat."}, {"session_id": 7, "said_at": 1e12}])
    store.close()
    again = make_memory(extractor="llm", **backend)
    assert again.flush(10)
    assert {"Likes jazz", "Has a cat", "Lives in Porto"} <= {f.text for f in again.facts("s")}
