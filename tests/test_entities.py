"""People, pets, places and plans: entities, relationships and dated events."""
from __future__ import annotations

import datetime
import json

from ovos_memory_plugin_entity.io.stores import JsonFolderStore
from tests import helpers as f
from tests.helpers import Clock, user_assistant

# Monday 30 November 2026, 10:00 local time
MONDAY_10AM = datetime.datetime(2026, 11, 30, 10, 0).timestamp()


def turn(memory, text, sid="s"):
    memory.update_history(user_assistant(text), sid)
    assert memory.flush(10)


def block(memory, utterance, sid="s"):
    context = memory.build_conversation_context(utterance, sid)
    return "\n".join(m.content for m in context if m.role.value == "system")


def test_facts_about_others_are_grouped_under_who_they_are_about(make_memory, model):
    memory = make_memory()
    model.reply(json.dumps({"add": [{"fact": "Is allergic to peanuts", "about": "Emma", "relation": "daughter"},
                                    {"fact": "Likes drawing", "about": "Emma's"},
                                    {"fact": "Is called Rui", "about": "rui", "relation": "boss"},
                                    "Lives in Porto"]}))
    turn(memory, "My daughter Emma is allergic to peanuts and loves drawing; my boss is Rui. I live in Porto.")
    entities = memory.entities("s")
    assert [(e.id, e.name, e.relation) for e in entities] == [("e1", "Emma", "daughter"), ("e2", "rui", "boss")]
    text = block(memory, "hello")
    assert "- Lives in Porto" in text
    emma = next(line for line in text.splitlines() if line.startswith("- Emma (daughter): "))
    assert sorted(emma[len("- Emma (daughter): "):].split("; ")) == ["Is allergic to peanuts", "Likes drawing"]
    assert text.index("- Lives in Porto") < text.index("- Emma (daughter)")


def test_what_is_emma_allergic_to_fits_a_tight_budget(make_memory):
    memory = make_memory(context_budget_chars=250, max_facts=0)
    memory.add_fact("s", "Is allergic to peanuts", about="Emma", relation="daughter")
    for n in range(60):
        memory.add_fact("s", f"Collects vintage item number {n}")
    text = block(memory, "what is Emma allergic to?")
    assert "- Emma (daughter): Is allergic to peanuts" in text
    assert len(text.split("\n", 2)[2]) <= 250
    text = block(memory, "what can my daughter eat?")
    assert "Emma (daughter)" in text


def test_a_dated_event_is_shown_relative_to_today_and_leaves_when_past(make_memory, model):
    wall = Clock(MONDAY_10AM)
    memory = make_memory(_kwargs={"wall_clock": wall})  # EVENT_GRACE_S: six hours
    model.reply(json.dumps({"add": [{"fact": "Dentist appointment", "when": "2026-12-01T15:00"},
                                    {"fact": "Birthday party", "about": "Emma", "relation": "daughter",
                                     "when": "2026-12-05"}]}))
    turn(memory, "I have the dentist tomorrow at three, and Emma's party is on Saturday")
    assert "Today is 2026-11-30" in model.prompts()[0]
    text = block(memory, "what's on this week?")
    assert "- tomorrow, Tuesday 1 December, 15:00: Dentist appointment" in text
    assert "- Saturday 5 December: Emma (daughter): Birthday party" in text
    wall.now = datetime.datetime(2026, 12, 1, 16, 30).timestamp()  # over, but within the grace
    assert "Dentist appointment" in block(memory, "hi")
    wall.now = datetime.datetime(2026, 12, 1, 21, 30).timestamp()
    text = block(memory, "hi")
    assert "Dentist" not in text and "Birthday party" in text
    assert any(x.text == "Dentist appointment" for x in memory.facts("s"))  # still in the record
    model.reply("{}")
    turn(memory, "anything?")
    assert "Dentist" not in model.prompts()[1] and "Birthday party (when: 2026-12-05)" in model.prompts()[1]


def test_a_moved_appointment_is_an_update(make_memory, model):
    memory = make_memory(_kwargs={"wall_clock": Clock(MONDAY_10AM)})
    model.reply(json.dumps({"add": [{"fact": "Dentist appointment", "when": "2026-12-01T15:00"}]}),
                json.dumps({"update": [{"id": "f1", "fact": "Dentist appointment", "when": "2026-12-03T09:00"}]}))
    turn(memory, "dentist tomorrow at 3")
    turn(memory, "the dentist moved to Thursday at nine")
    assert [(x.text, x.when) for x in memory.facts("s")] == [("Dentist appointment", "2026-12-03T09:00")]


def test_invalid_dates_are_dropped_not_trusted(make_memory, model):
    memory = make_memory()
    model.reply(json.dumps({"add": [{"fact": "Dentist appointment", "when": "next tuesday"}]}))
    turn(memory, "dentist next tuesday")
    assert [(x.text, x.when) for x in memory.facts("s")] == [("Dentist appointment", None)]


def test_rename_and_merge_entities(make_memory, capsys):
    from ovos_memory_plugin_entity.cli import main
    memory = make_memory()
    memory.add_fact("s", "Likes drawing", about="Emma", relation="daughter")
    memory.add_fact("s", "Is seven", about="Emmy")
    db = ["--db-path", memory.settings.db_path, "--json"]
    assert main(db + ["merge-entities", "s", "e1", "e2"]) == 0
    assert main(db + ["rename-entity", "s", "e1", "Emma Silva", "--relation", "daughter"]) == 0
    capsys.readouterr()
    assert [(e.name, e.relation) for e in memory.entities("s")] == [("Emma Silva", "daughter")]
    assert {x.about for x in memory.facts("s")} == {"e1"}
    actions = [e["action"] for e in memory.audit_trail("s")]
    assert "merge" in actions and "rename" in actions
    assert main(db + ["entities", "s"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed[0]["facts"] == 2


def test_forgetting_an_entity_forgets_everything_about_it(make_memory, model):
    memory = make_memory()
    memory.add_fact("s", "Is allergic to peanuts", about="Emma", relation="daughter")
    memory.add_fact("s", "Likes drawing", about="Emma")
    memory.add_fact("s", "Lives in Porto")
    memory.forget_entity("s", "e1")
    assert [x.text for x in memory.facts("s")] == ["Lives in Porto"] and memory.entities("s") == []
    model.reply(json.dumps({"add": [{"fact": "Is allergic to peanuts", "about": "Emma", "relation": "daughter"}]}))
    turn(memory, "Emma is allergic to peanuts")
    assert [x.text for x in memory.facts("s")] == ["Lives in Porto"] and memory.entities("s") == []
    files = b"".join(p.read_bytes() for p in memory.settings.store_folder.rglob("*") if p.is_file())
    assert b"Emma" not in files and b"peanuts" not in files


def test_merging_entities_audits_the_duplicate_it_retires(make_memory):
    memory = make_memory()
    memory.add_fact("s", "Likes drawing", about="Emma", relation="daughter")
    memory.add_fact("s", "Likes drawing", about="Em")
    memory.add_fact("s", "Plays chess", about="Em")
    from ovos_memory_plugin_entity.cli import main
    assert main(["--db-path", memory.settings.db_path, "merge-entities", "s", "e1", "e2"]) == 0
    live = sorted((x.text, x.about) for x in memory.facts("s"))
    assert live == [("Likes drawing", "e1"), ("Plays chess", "e1")]
    retired = [x for x in memory.facts("s", include_retired=True) if not x.live]
    assert len(retired) == 1 and retired[0].superseded_by == "f1"
    trail = memory.audit_trail("s")
    assert any(e["action"] == "merge" and e["fact"] == retired[0].id and e.get("by") == "f1" for e in trail)


def test_merging_an_entity_into_itself_is_a_clear_error(make_memory, capsys):
    memory = make_memory()
    memory.add_fact("s", "Likes drawing", about="Emma", relation="daughter")
    from ovos_memory_plugin_entity.cli import main
    assert main(["--db-path", memory.settings.db_path, "merge-entities", "s", "e1", "e1"]) == 1
    assert "itself" in capsys.readouterr().err
