"""People are told apart: a fact about a name with a relation that contradicts the
known person's is about a second person; the trail says so, both are listed, and
the owner can merge them."""
from __future__ import annotations

import json

from ovos_memory_plugin_entity.cli import main
from tests.helpers import user_assistant


def test_a_boss_and_a_daughter_called_emma_are_two_people(make_memory, model):
    memory = make_memory(extractor="llm")
    memory.add_fact("s", "Is allergic to peanuts", about="Emma", relation="daughter")
    model.reply(json.dumps({"add": [{"fact": "Works at Siemens", "about": "Emma", "relation": "boss"}]}))
    memory.update_history(user_assistant("My boss Emma works at Siemens."), "s")
    assert memory.flush(10)
    people = {e.label: e.id for e in memory.entities("s")}
    assert sorted(people) == ["Emma (boss)", "Emma (daughter)"]
    about = {f.text: f.about for f in memory.facts("s")}
    assert about == {"Is allergic to peanuts": people["Emma (daughter)"], "Works at Siemens": people["Emma (boss)"]}
    told = [e for e in memory.audit_trail("s") if e["action"] == "entity" and e.get("apart_from")]
    assert [(e["fact"], e["after"], e["apart_from"]) for e in told] == [
        (people["Emma (boss)"], "Emma (boss)", [people["Emma (daughter)"]])]
    block = "\n".join(m.content for m in memory.build_conversation_context("What about Emma?", "s"))
    assert "Emma (daughter): Is allergic to peanuts" in block and "Emma (boss): Works at Siemens" in block


def test_mentions_find_the_right_emma_and_the_owner_can_merge(make_memory, tmp_path, capsys):
    memory = make_memory(extractor="rules")
    memory.add_fact("s", "Is allergic to peanuts", about="Emma", relation="daughter")
    memory.add_fact("s", "Works at Siemens", about="Emma", relation="boss")
    memory.add_fact("s", "Plays the piano", about="Emma", relation="daughter")
    memory.add_fact("s", "Has red hair", about="Emma")  # no relation: the first Emma
    daughter, boss = (e.id for e in sorted(memory.entities("s"), key=lambda e: e.id))
    by_person = {}
    for fact in memory.facts("s"):
        by_person.setdefault(fact.about, []).append(fact.text)
    assert by_person == {daughter: ["Is allergic to peanuts", "Plays the piano", "Has red hair"],
                         boss: ["Works at Siemens"]}
    memory.close()
    db = ["--db-path", memory.settings.db_path]
    capsys.readouterr()
    assert main(db + ["entities", "s"]) == 0
    listed = capsys.readouterr().out
    assert "Emma (daughter)" in listed and "Emma (boss)" in listed
    assert main(db + ["merge-entities", "s", daughter, boss]) == 0  # they were one person after all
    again = make_memory(extractor="rules")
    assert [e.id for e in again.entities("s")] == [daughter]
    assert {f.about for f in again.facts("s")} == {daughter}
