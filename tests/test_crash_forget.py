"""Forgetting and erasing are finished after any crash: a writer killed (SIGKILL) at each
step, then the store opened again; no byte of the forgotten text is left in the folder."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ovos_memory_plugin_entity.io.crashpoints import CRASH_ENV
from ovos_memory_plugin_entity.io.stores import JsonFolderStore
from ovos_memory_plugin_entity.io.stores.json_folder import file_key
from tests import helpers as f
from tests.pg import database_files, needs_postgres

SECRET = "Is allergic to peanuts"
POLICY = f.Policy(max_facts=0, max_retired=0)
ROOT = Path(__file__).resolve().parent.parent

# Run in a child process that may be killed at a named step.
CHILD = """
import sys
from pathlib import Path
from ovos_memory_plugin_entity.domain.editor import Editor
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.io.stores import JsonFolderStore

def forget(record):
    editor = Editor(record, Policy(max_facts=0, max_retired=0), 5.0, "cli")
    editor.forget("f2")
    return editor.finish()

store = JsonFolderStore(Path(sys.argv[1]), whole_record_bytes=0)
if sys.argv[2] == "forget":
    store.update("s", forget)
else:
    store.erase("s")
"""


def add(text, now=1.0):
    def mutate(record):
        return f.apply_ops(record, f.Ops(add=(f.NewFact(text),)), now=now, actor="api", policy=POLICY)
    return mutate


def as_owner(record, act):
    editor = f.Editor(record, POLICY, 1.0, "cli")
    act(editor)
    return editor.finish()


def seed(folder: Path) -> JsonFolderStore:
    """The secret in every place a session keeps text: the journal, the trail, a copy of
    a damaged journal (with a line torn inside the secret), and a killed writer's temp file."""
    store = JsonFolderStore(folder, whole_record_bytes=0)
    store.update("s", add("Likes tea"))
    store.update("s", add(SECRET, 2.0))  # journaled
    store.update("s", add("Has a cat", 3.0))
    journal = store.journal_path("s")
    lines = journal.read_bytes().splitlines(keepends=True)
    torn = lines[0][:lines[0].index(b"peanuts") + 3] + b"\n"  # torn inside the secret
    journal.write_bytes(lines[0] + torn + b"".join(lines[1:]))
    # The next process to read it copies the damaged journal aside and repairs it (an edit
    # by hand restamps no snapshot, so this process's cache would not look again).
    store = JsonFolderStore(folder, whole_record_bytes=0)
    store.load("s")
    assert [p.name.split(".", 1)[1] for p in store.quarantined("s")] == ["json.corrupt-journal"]
    (store.tmp_dir / f".tmp_{file_key('s')}.json.orphan").write_bytes(store.record_path("s").read_bytes()
                                                                     .replace(b"Likes tea", SECRET.encode()))
    assert SECRET.encode() in store.journal_path("s").read_bytes() + store.audit_path("s").read_bytes()
    return store


def leftovers(folder: Path, text: str = SECRET) -> list:
    """Every file in the folder that still holds any part of ``text`` that is its own."""
    needles = [text.encode(), text.split()[-1].encode(), b"allergic"]
    found = []
    for path in folder.rglob("*"):
        if path.is_file() and any(n.lower() in path.read_bytes().lower() for n in needles):
            found.append(str(path.relative_to(folder)))
    return found


def run_child(folder: Path, action: str, step: str) -> int:
    env = {**os.environ, CRASH_ENV: step, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", CHILD, str(folder), action], env=env, cwd=str(ROOT),
                          capture_output=True, timeout=60).returncode


# Each step of a forget, in order; ``False`` where the forget has not landed yet (the
# owner sees the command fail and runs it again).
FORGET_STEPS = [("atomic-write:1", False), ("scrub-marked", False), ("atomic-write:2", False),
                ("snapshot-written", True), ("atomic-write:3", True), ("scrub-trail", True),
                ("atomic-write:4", True), ("scrub-copies", True), ("scrub-temp", True),
                ("atomic-write:5", True), ("scrub-clean-snapshot", True)]


@pytest.mark.parametrize("step,landed", FORGET_STEPS)
def test_a_forget_killed_at_any_step_is_finished_by_the_next_start(tmp_path, step, landed):
    folder = tmp_path / "mem"
    seed(folder)
    assert run_child(folder, "forget", step) == -signal.SIGKILL
    store = JsonFolderStore(folder, whole_record_bytes=0)  # every start finishes what it finds
    fact = store.load("s")[1].fact("f2")
    assert fact is not None and (fact.text == "") == landed
    if landed:
        assert leftovers(folder) == []
        assert store.finished_at_start == ["s"] or step == "scrub-clean-snapshot"
    else:
        store.update("s", lambda r: f.owner_forget(r, "f2", now=9.0, actor="cli", policy=POLICY))
        assert leftovers(folder) == []
    assert [x.text for x in store.load("s")[1].live_facts()] == ["Likes tea", "Has a cat"]
    assert list(store.scrubs_dir.iterdir()) == []


ERASE_STEPS = ["atomic-write:1", "scrub-marked", "atomic-write:2", "snapshot-written", "scrub-trail",
               "scrub-copies", "scrub-temp", "atomic-write:3", "scrub-clean-snapshot"]


@pytest.mark.parametrize("step", ERASE_STEPS)
def test_an_erase_killed_at_any_step_is_finished_by_the_next_start(tmp_path, step):
    folder = tmp_path / "mem"
    generation = seed(folder).load("s")[1].generation
    assert run_child(folder, "erase", step) == -signal.SIGKILL
    store = JsonFolderStore(folder, whole_record_bytes=0)
    record = store.load("s")[1]
    if record.facts:  # killed before the erase landed: the owner runs it again
        store.erase("s")
        record = store.load("s")[1]
    assert record.facts == [] and record.generation == generation + 1
    assert leftovers(folder) == [] and leftovers(folder, "Likes tea") == []
    assert store.audit("s") == [] and list(store.scrubs_dir.iterdir()) == []


def test_a_read_of_the_session_finishes_it_when_the_start_could_not(tmp_path):
    folder = tmp_path / "mem"
    seed(folder)
    assert run_child(folder, "forget", "scrub-trail") == -signal.SIGKILL
    for marker in (folder / "scrubs").iterdir():
        marker.unlink()  # as if the start found the session busy
    store = JsonFolderStore(folder, whole_record_bytes=0)
    assert store.finished_at_start == [] and leftovers(folder) != []
    assert store.load("s")[1].fact("f2").text == ""  # an unlocked reader goes through the lock
    assert leftovers(folder) == []


def test_doctor_finishes_and_says_so(tmp_path):
    from ovos_memory_plugin_entity.doctor import check_store
    from ovos_memory_plugin_entity.settings import load_settings
    settings = load_settings({"db_path": str(tmp_path / "entity_memory.json")})[0]
    seed(settings.store_folder)
    assert run_child(settings.store_folder, "forget", "scrub-copies") == -signal.SIGKILL
    check = check_store(settings)
    assert check.level == "PASS" and "finished 1 forget" in check.detail
    assert leftovers(settings.store_folder) == []


def test_copies_are_scrubbed_by_whole_words_and_by_structure(tmp_path):
    store = JsonFolderStore(tmp_path / "mem")
    store.update("s", add("Ann"))
    store.update("s", add("Visited Annapolis"))
    copy = store.sessions_dir / f"{file_key('s')}.json.corrupt"
    copy.write_bytes(store.record_path("s").read_bytes()[:-20] + b"\n{\"id\": \"f1\", \"text\": \"A\\u006en Smith\"}\nANN")
    store.update("s", lambda r: f.owner_forget(r, "f1", now=9.0, actor="cli", policy=POLICY))
    scrubbed = copy.read_text()
    assert "Annapolis" in scrubbed and "[forgotten]apolis" not in scrubbed
    assert "ANN" not in scrubbed and "Smith" not in scrubbed  # the row of f1 loses its text by its id
    assert [e.get("after") for e in store.audit("s")][:2] == ["[forgotten]", "Visited Annapolis"]


def test_a_forgotten_fact_takes_its_proposals_and_their_events_with_it(tmp_path):
    store = JsonFolderStore(tmp_path / "mem")
    ops = f.Ops(add=(f.NewFact("Likes jazz"), f.NewFact("Has a cat")))

    def propose_twice(record):
        editor = f.Editor(record, POLICY, 1.0, "extractor")
        editor.propose(ops, [], forget_allowed=False, forget_all_allowed=False)
        editor.decide("p1", True)  # the user said yes: Likes jazz is live
        editor.propose(f.Ops(update=(f.Replacement("f1", "Likes jazz and blues"),)), ["f1"],
                       forget_allowed=False, forget_all_allowed=False)
        return editor.finish()
    store.update("s", propose_twice)
    assert [p.id for p in store.load("s")[1].pending] == ["p2"]
    store.update("s", lambda r: f.owner_forget(r, "f1", now=9.0, actor="cli", policy=POLICY))
    assert store.load("s")[1].pending == []  # never asked about again
    trail = store.audit("s")
    assert "jazz" not in json.dumps(trail).lower()
    # The proposal the fact came from, and its confirmation, are known by id: their lines go whole.
    assert [e.get("after") or e.get("before") for e in trail if e["fact"] == "p1"] == ["[forgotten]"] * 2
    assert {e["action"] for e in trail} >= {"propose", "confirm", "add", "forget"}


def test_forgetting_a_renamed_person_scrubs_every_name_from_copies(tmp_path):
    store = JsonFolderStore(tmp_path / "mem")
    store.update("s", lambda r: as_owner(r, lambda e: e.add("Is allergic to dust", about="Emma",
                                                                    relation="daughter")))
    store.update("s", lambda r: as_owner(r, lambda e: e.rename_entity("e1", "Emmy")))
    copy = store.sessions_dir / f"{file_key('s')}.json.corrupt"
    copy.write_bytes(store.record_path("s").read_bytes() + b"garbage")
    store.update("s", lambda r: as_owner(r, lambda e: e.forget_entity("e1")))
    for name in ("Emma", "Emmy", "dust"):
        assert name not in copy.read_text() and name not in json.dumps(store.audit("s"))


@needs_postgres
@pytest.mark.parametrize("step", ["pg-record-written", "pg-trail-resealed", "pg-committed"])
def test_postgres_forget_killed_at_any_step_leaves_no_text(tmp_path, pg_url, step):
    from ovos_memory_plugin_entity.io.stores.postgres import PostgresStore
    key = tmp_path / "node.key"
    store = PostgresStore(pg_url, key)
    store.update("s", add("Likes tea"))
    store.update("s", add(SECRET, 2.0))
    store.close()
    child = CHILD.replace("JsonFolderStore(Path(sys.argv[1]), whole_record_bytes=0)",
                          "__import__('ovos_memory_plugin_entity.io.stores.postgres', fromlist=['x'])"
                          ".PostgresStore(sys.argv[1], Path(sys.argv[3]))")
    env = {**os.environ, CRASH_ENV: step, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", child, pg_url, "forget", str(key)], env=env, cwd=str(ROOT),
                          capture_output=True, timeout=60)
    assert done.returncode == -signal.SIGKILL, done.stderr
    store = PostgresStore(pg_url, key)
    try:
        if store.load("s")[1].fact("f2").text:  # the transaction never committed: run it again
            assert step != "pg-committed"
            store.update("s", lambda r: f.owner_forget(r, "f2", now=9.0, actor="cli", policy=POLICY))
        record = store.load("s")[1]
        opened = json.dumps([record.to_dict(), store.audit("s")])
        assert "peanuts" not in opened and "Likes tea" in opened
        assert b"peanuts" not in database_files(pg_url)
    finally:
        store.close()
