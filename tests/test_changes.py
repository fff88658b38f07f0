"""Facts that change and facts that are forgotten, end to end through the loopback model."""
from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import user_assistant


def reply(**ops):
    return json.dumps(ops)


def turn(memory, text, sid="s"):
    memory.update_history(user_assistant(text), sid)
    assert memory.flush(10)


def live(memory, sid="s"):
    return [f.text for f in memory.facts(sid)]


def all_bytes(folder: Path) -> bytes:
    return b"".join(p.read_bytes() for p in folder.rglob("*") if p.is_file())


def test_a_move_and_a_job_change(make_memory, model):
    memory = make_memory()
    model.reply(reply(add=["Lives in Lisbon", "Works as a nurse"]))
    turn(memory, "I live in Lisbon and work as a nurse")
    model.reply(lambda body: reply(update=[{"id": "f1", "fact": "Lives in Porto", "confidence": 0.95}]))
    turn(memory, "I moved to Porto")
    assert "[f1] Lives in Lisbon" in model.prompts()[1]
    assert live(memory) == ["Works as a nurse", "Lives in Porto"]
    old = memory.facts("s", include_retired=True)[0]
    assert (old.text, old.superseded_by) == ("Lives in Lisbon", "f3")
    context = memory.build_conversation_context("where do I live?", "s")[0].content
    assert "Lisbon" not in context and "Porto" in context
    actions = [e["action"] for e in memory.audit_trail("s")]
    assert actions == ["add", "add", "add", "supersede"]


def test_misheard_name_corrected_keeps_the_pin(make_memory, model):
    memory = make_memory()
    model.reply(reply(add=[{"fact": "Name is Anna", "pin": True}]),
                reply(update=[{"id": "f1", "fact": "Name is Ana"}]))
    turn(memory, "my name is Anna")
    turn(memory, "no, it's Ana with one n")
    assert [(f.text, f.pinned) for f in memory.facts("s")] == [("Name is Ana", True)]


def test_low_confidence_update_keeps_both(make_memory, model):
    memory = make_memory()
    model.reply(reply(add=["Is vegetarian"]), reply(update=[{"id": "f1", "fact": "Eats fish", "confidence": 0.4}]))
    turn(memory, "I'm vegetarian")
    turn(memory, "I had fish today")
    assert live(memory) == ["Is vegetarian", "Eats fish"]


def test_invented_and_echoed_ids_change_nothing(make_memory, model):
    memory = make_memory()
    model.reply(reply(add=["Likes tea"]), reply(update=[{"id": "x1", "fact": "Works as a nurse"}], forget=["x2", "f9"]))
    turn(memory, "I like tea")
    turn(memory, "hello")
    assert live(memory) == ["Likes tea"]


def test_forgotten_stays_forgotten_and_leaves_no_trace(make_memory, model, tmp_path):
    memory = make_memory()
    model.reply(reply(add=["Likes smooth jazz", "Has a cat"]), reply(forget=["f1"]),
                reply(add=["jazz smooth likes"]), reply(add=["Likes smooth jazz"]))
    turn(memory, "I like smooth jazz and I have a cat")
    turn(memory, "please forget that I like jazz")
    turn(memory, "smooth jazz is on the radio")
    turn(memory, "did I say I like smooth jazz?")
    assert live(memory) == ["Has a cat"]
    folder = memory.settings.store_folder
    assert b"smooth jazz" not in all_bytes(folder).lower()
    assert b"jazz smooth" not in all_bytes(folder).lower()
    trail = memory.audit_trail("s")
    assert [e["action"] for e in trail] == ["add", "add", "forget"]
    assert "jazz" not in json.dumps(trail)
    assert "jazz" not in memory.build_conversation_context("music?", "s")[0].content
    memory.add_fact("s", "Likes smooth jazz")  # the owner may bring it back
    assert "Likes smooth jazz" in live(memory)


def test_forget_all_only_when_the_user_asks(make_memory, model, logs):
    memory = make_memory()
    model.reply(reply(add=["Likes tea", "Has a cat", "Lives in Porto"]), reply(forget_all=True),
                reply(forget_all=True))
    turn(memory, "I like tea, have a cat and live in Porto")
    turn(memory, "the weather is lovely today")
    assert len(live(memory)) == 3
    assert any("forget_all ignored" in m for _, m in logs)
    turn(memory, "Please forget everything you know about me.")
    assert len(live(memory)) == 3  # a model's forget_all keeps the half-of-live guard: asked first, by voice
    assert any("refused a reply that would retire 3 of 3" in m for _, m in logs)
    memory.build_conversation_context("Please forget everything you know about me.", "s")
    memory.update_history(user_assistant("Please forget everything you know about me.", "Are you sure?"), "s")
    memory.build_conversation_context("yes", "s")  # our question is answered on the turn
    turn(memory, "yes")
    assert live(memory) == []


def test_a_mass_retire_reply_is_refused(make_memory, model, logs):
    memory = make_memory()
    model.reply(reply(add=["A one", "B two", "C three", "D four", "E five"]),
                reply(forget=["f1", "f2", "f3", "f4"]))
    turn(memory, "facts")
    turn(memory, "forget those")
    assert len(live(memory)) == 5
    assert any("refused" in m for _, m in logs)


def test_api_forget_scrubs_quarantined_copies(make_memory, model):
    memory = make_memory()
    model.reply(reply(add=["Likes oolong tea"]))
    turn(memory, "I like oolong tea")
    from ovos_memory_plugin_entity.io.stores.json_folder import file_key
    record_path = memory.settings.store_folder / "sessions" / f"{file_key('s')}.json"
    quarantined = record_path.with_name(record_path.name + ".corrupt")
    quarantined.write_bytes(record_path.read_bytes()[:-5])
    assert memory.forget_fact("s", "f1") and not memory.forget_fact("s", "nope")
    assert b"oolong" not in all_bytes(memory.settings.store_folder)


def test_erase_drops_a_queued_exchange(make_memory, model):
    memory = make_memory()
    model.reply(reply(add=["Likes tea"]))
    turn(memory, "I like tea")
    model.release.clear()  # hold the next answer
    model.reply(reply(add=["Has a cat"]))
    memory.update_history(user_assistant("I have a cat"), "s")
    assert model.arrived.acquire(timeout=10) and model.arrived.acquire(timeout=10)
    memory.erase("s")
    model.release.set()
    assert memory.flush(10)
    assert live(memory) == [] and memory.audit_trail("s") == []
    assert b"tea" not in all_bytes(memory.settings.store_folder)
