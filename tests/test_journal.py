"""The JSON backend's journal: a large record's changes are appended, replayed exactly
by any reader, folded into a snapshot when due, and survive crashes and other writers."""
from __future__ import annotations

import contextlib
import json
import random
import shutil

import pytest

from ovos_memory_plugin_entity.domain.editor import Editor, edit
from ovos_memory_plugin_entity.domain.errors import NotFound
from ovos_memory_plugin_entity.domain.record import SessionRecord, new_record
from ovos_memory_plugin_entity.io.stores import JsonFolderStore, MemoryStore
from ovos_memory_plugin_entity.io.stores.journal import entry, replay
from tests import helpers as f

POLICY = f.Policy(max_facts=0, max_retired=0)


def journaled(tmp_path, **options):
    """A store that journals every change after a session's first snapshot."""
    return JsonFolderStore(tmp_path / "mem", whole_record_bytes=0, **options)


def by(actor, now, work):
    return lambda record: edit(record, POLICY, now, actor, work)


def run_every_kind_of_edit(store):
    store.update("s", by("import", 1.0, lambda e: e.import_texts([f"Fact {n} about the garden" for n in range(40)])))
    store.update("s", by("api", 2.0, lambda e: e.add("Likes oolong tea", pin=True)))
    store.update("s", by("api", 3.0, lambda e: e.add("Likes oolong tea")))  # a repeat confirms
    store.update("s", lambda r: f.apply_ops(r, f.Ops(add=(f.NewFact("Sister is Rita", about="Rita", relation="sister"),),
                                                     update=(f.Replacement("f2", "Fact 1 about the roses"),)),
                                            now=4.0, actor="extractor", policy=POLICY))
    store.update("s", by("api", 5.0, lambda e: e.set_pinned("f3", True)))
    store.update("s", by("api", 6.0, lambda e: e.edit("f4", "Fact 3 about the lawn")))
    store.update("s", by("api", 7.0, lambda e: e.add("Brother is Tom", about="Tom", relation="brother")))
    entities = [x.id for x in store.load("s")[1].entities]
    store.update("s", by("api", 8.0, lambda e: e.rename_entity(entities[0], "Rita Maria")))
    store.update("s", by("api", 9.0, lambda e: e.merge_entities(entities[0], entities[1])))
    store.update("s", by("extractor", 10.0, lambda e: e.propose(
        f.Ops(add=(f.NewFact("Moves to Porto"),)), None, forget_allowed=False, forget_all_allowed=False)))


def test_a_large_record_appends_its_changes_and_any_reader_replays_them_exactly(tmp_path):
    store = journaled(tmp_path)
    run_every_kind_of_edit(store)
    snapshot = store.record_path("s").read_bytes()
    assert store.journal_path("s").exists() and b"Rita" not in snapshot  # appended, not rewritten
    mine = store.load("s")[1].to_dict()
    assert JsonFolderStore(tmp_path / "mem").load("s")[1].to_dict() == mine  # another process
    rebuilt = SessionRecord.from_dict(json.loads(snapshot))
    assert rebuilt.to_dict() != mine


def test_the_journal_is_folded_into_a_snapshot_once_it_outgrows_it(tmp_path):
    store = journaled(tmp_path, min_journal_bytes=0)
    store.update("s", by("api", 1.0, lambda e: e.add("Likes tea")))
    journal, folds, appends = store.journal_path("s"), 0, 0
    for n in range(30):
        had_journal = journal.exists()
        store.update("s", by("api", 2.0 + n, lambda e, n=n: e.add(f"Fact number {n} with some words in it")))
        if journal.exists():
            appends += 1
            assert journal.stat().st_size <= store.record_path("s").stat().st_size
        folds += had_journal and not journal.exists()
    assert appends and folds  # both happened, and the journal never outgrew its snapshot
    assert len(JsonFolderStore(tmp_path / "mem").load("s")[1].facts) == 31


def test_forgetting_leaves_the_text_in_no_file(tmp_path):
    store = journaled(tmp_path)
    run_every_kind_of_edit(store)
    fact = next(x for x in store.load("s")[1].facts if x.text == "Likes oolong tea")
    store.update("s", lambda r: f.owner_forget(r, fact.id, now=20.0, actor="api", policy=POLICY))
    assert not store.journal_path("s").exists()
    for path in store.sessions_dir.iterdir():
        assert b"oolong" not in path.read_bytes(), path.name


def test_a_journal_left_by_a_crash_before_its_snapshot_was_replaced_is_ignored_then_shredded(tmp_path):
    store = journaled(tmp_path)
    run_every_kind_of_edit(store)
    old_journal = tmp_path / "journal.copy"
    shutil.copy(store.journal_path("s"), old_journal)
    fact = next(x for x in store.load("s")[1].facts if x.text == "Likes oolong tea")
    store.update("s", lambda r: f.owner_forget(r, fact.id, now=20.0, actor="api", policy=POLICY))
    after_forget = store.load("s")[1].to_dict()
    shutil.copy(old_journal, store.journal_path("s"))  # as if killed between the two steps
    fresh = journaled(tmp_path)
    assert fresh.load("s")[1].to_dict() == after_forget  # the old entries name another snapshot
    fresh.update("s", by("api", 21.0, lambda e: e.add("Likes coffee")))
    assert b"Likes coffee" in store.journal_path("s").read_bytes()
    assert not [p.name for p in store.sessions_dir.iterdir() if b"oolong" in p.read_bytes()]


def test_a_torn_last_line_costs_nothing_and_a_damaged_line_only_itself(tmp_path, logs):
    store = journaled(tmp_path)
    store.update("s", by("api", 1.0, lambda e: e.add("Likes tea")))
    store.update("s", by("api", 2.0, lambda e: e.add("Has a cat")))
    store.update("s", by("api", 3.0, lambda e: e.add("Lives in Porto")))
    path = store.journal_path("s")
    lines = path.read_bytes().split(b"\n")
    path.write_bytes(lines[0][:25] + b"\n" + lines[1] + b"\n" + b'{"journal": "torn')  # damaged, good, torn
    fresh = JsonFolderStore(tmp_path / "mem")
    assert [x.text for x in fresh.load("s")[1].facts] == ["Likes tea", "Lives in Porto"]
    fresh.update("s", by("api", 4.0, lambda e: e.add("Drinks coffee")))
    texts = [x.text for x in JsonFolderStore(tmp_path / "mem").load("s")[1].facts]
    assert texts == ["Likes tea", "Lives in Porto", "Drinks coffee"]
    assert fresh.quarantined("s") and any("do not parse" in message for _, message in logs)


def test_a_change_by_another_process_is_seen_and_never_overwritten(tmp_path):
    mine, theirs = journaled(tmp_path), journaled(tmp_path)
    mine.update("s", by("api", 1.0, lambda e: e.add("Likes tea")))
    assert [x.text for x in theirs.load("s")[1].facts] == ["Likes tea"]
    theirs.update("s", by("cli", 2.0, lambda e: e.add("Has a cat")))
    mine.update("s", by("api", 3.0, lambda e: e.add("Lives in Porto")))
    expected = ["Likes tea", "Has a cat", "Lives in Porto"]
    assert [x.text for x in mine.load("s")[1].facts] == expected
    assert [x.text for x in theirs.load("s")[1].facts] == expected


def test_a_reader_keeps_its_record_while_a_write_changes_the_session(tmp_path):
    store = journaled(tmp_path)
    store.update("s", by("api", 1.0, lambda e: e.add("Likes tea")))
    _, before = store.load("s")
    store.update("s", by("api", 2.0, lambda e: e.edit("f1", "Likes green tea")))
    assert [x.text for x in before.facts] == ["Likes tea"]
    assert [x.text for x in store.load("s")[1].live_facts()] == ["Likes green tea"]


# -- the pure part ----------------------------------------------------------------
def _record(*texts):
    record = new_record("s")
    Editor(record, POLICY, 1.0, "import").import_texts(texts)
    return record


def test_an_entry_replayed_twice_gives_the_same_record():
    before = _record("Likes tea", "Has a cat", "Lives in Porto")
    after = before.copy()
    edit(after, POLICY, 2.0, "api", lambda e: (e.forget("f2"), e.add("Likes coffee"), e.set_pinned("f1", True)))
    change = entry(before, after, "e")
    assert change is not None and {row["id"] for row in change["facts"]} == {"f1", "f2", "f4"}
    once = replay(before.to_dict(), [change])
    assert SessionRecord.from_dict(once).to_dict() == after.to_dict()
    assert SessionRecord.from_dict(replay(once, [change])).to_dict() == after.to_dict()
    assert SessionRecord.from_dict(replay(before.to_dict(), [change, change])).to_dict() == after.to_dict()


@pytest.mark.parametrize("reshape", [lambda r: r.facts.reverse(), lambda r: r.facts.append(r.facts[0])],
                         ids=["rows moved", "an id repeated"])
def test_a_change_replay_could_not_rebuild_asks_for_a_snapshot(reshape):
    before = _record("Likes tea", "Has a cat")
    after = before.copy()
    reshape(after)
    assert entry(before, after, "e") is None


def test_random_edits_read_back_the_same_from_the_journal_as_from_memory(tmp_path):
    """Whatever mix of edits, a fresh reader of the files sees what the writer holds."""
    rng = random.Random(11)
    files_store, memory = journaled(tmp_path, min_journal_bytes=4096), MemoryStore()
    people = ["Rita", "Tom", "Ana"]

    def one_edit(e, choice, n):
        live = [x.id for x in e.record.live_facts()]
        with contextlib.suppress(NotFound, ValueError):
            if choice == 0 or not live:
                e.add(f"Fact {n} about {rng.choice(['tea', 'the garden', 'Porto', 'cats'])}",
                      about=rng.choice([None, *people]), relation="friend")
            elif choice == 1:
                e.edit(rng.choice(live), f"Edited fact {n}")
            elif choice == 2:
                e.set_pinned(rng.choice(live), rng.random() < 0.5)
            elif choice == 3:
                e.forget(rng.choice(live))
            elif choice == 4:
                e.add(e.record.fact(rng.choice(live)).text)  # a repeat confirms
    for n in range(300):
        choice = rng.choice([0, 0, 0, 1, 2, 3, 4])
        state = rng.getstate()
        for store in (files_store, memory):
            rng.setstate(state)
            store.update("s", by("api", float(n), lambda e: one_edit(e, choice, n)))
    def state(store):
        data = store.load("s")[1].to_dict()
        data.pop("audit_events", None)  # the trail's bookkeeping, kept by the JSON backend only
        return data
    expected = state(memory)
    assert len(expected["facts"]) > 100 and expected["entities"] and expected["tombstones"]
    assert state(files_store) == expected
    assert state(JsonFolderStore(tmp_path / "mem")) == expected
