"""The JSON folder store with real files and real processes; the memory store alike."""
from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import stat

import pytest

from ovos_memory_plugin_entity.io.stores import JsonFolderStore
from ovos_memory_plugin_entity.io.stores.json_folder import file_key
from ovos_memory_plugin_entity.pipelines.migration import import_older_plugin_file
from tests import helpers as f
from tests.pg import needs_postgres

POLICY = f.Policy(max_facts=0, max_retired=0)


def add(text):
    def mutate(record):
        return f.apply_ops(record, f.Ops(add=(f.NewFact(text),)), now=1.0, actor="api", policy=POLICY)
    return mutate




def test_update_then_load_and_audit(store):
    store.update("s", add("Likes tea"))
    revision, record = store.load("s")
    assert [x.text for x in record.live_facts()] == ["Likes tea"]
    assert [e["action"] for e in store.audit("s")] == ["add"]
    store.update("s", add("Likes coffee"))
    assert store.load("s")[0] != revision
    assert store.sessions() == ["s"]


def test_the_audit_trail_is_compacted_past_its_bound(store):
    store.max_audit_events = 20
    for n in range(60):
        store.update("s", add(f"Collects thing number {n}"))
    trail = store.audit("s")
    assert len(trail) <= 21 and trail[0]["action"] == "compact" and trail[0]["counts"]["add"] >= 40


def test_erase_moves_the_generation_and_clears_everything(store):
    store.update("s", add("Likes tea"))
    generation = store.load("s")[1].generation
    store.erase("s")
    record = store.load("s")[1]
    assert record.facts == [] and record.generation == generation + 1 and store.audit("s") == []


@pytest.mark.parametrize("session_id", ["../../etc/passwd", "a/b", "ns:client", "nul\0byte", "x" * 10000,
                                        "emoji 🎉", "CON", "Ana", "ana", ".", ""])
def test_hostile_ids_stay_inside_and_apart(tmp_path, session_id):
    store = JsonFolderStore(tmp_path / "mem")
    store.update(session_id, add(f"Fact of {file_key(session_id)}"))
    store.update("ANA" if session_id == "ana" else "ana-other", add("Other"))
    path = store.record_path(session_id)
    assert path.parent == store.sessions_dir and len(path.name) < 100
    assert [x.text for x in store.load(session_id)[1].live_facts()] == [f"Fact of {file_key(session_id)}"]
    assert file_key("Ana") != file_key("ana")


def test_permissions(tmp_path):
    store = JsonFolderStore(tmp_path / "mem")
    store.update("s", add("Likes tea"))
    assert stat.S_IMODE(os.stat(store.folder).st_mode) == 0o700
    assert stat.S_IMODE(os.stat(store.record_path("s")).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(store.audit_path("s")).st_mode) == 0o600


@pytest.mark.parametrize("content", [b"", b'{"facts": [', b"\x00\xff\xfe garbage", b'"a string"'])
def test_corrupt_files_are_quarantined_not_overwritten(tmp_path, content, logs):
    store = JsonFolderStore(tmp_path / "mem")
    path = store.record_path("s")
    path.write_bytes(content)
    assert store.load("s")[1].facts == []
    kept = store.quarantined("s")
    assert len(kept) == 1 and kept[0].read_bytes() == content
    assert any(str(path) in m and str(kept[0]) in m for level, m in logs if level == "error")
    store.update("s", add("Likes tea"))
    assert kept[0].read_bytes() == content


def test_a_cache_never_serves_what_another_process_changed(tmp_path):
    one, two = JsonFolderStore(tmp_path / "mem"), JsonFolderStore(tmp_path / "mem")
    one.update("s", add("Likes tea"))
    assert len(two.load("s")[1].facts) == 1
    one.update("s", add("Likes coffee"))
    assert len(two.load("s")[1].facts) == 2


def _open_backend(kind, where):
    if kind == "postgres":
        from ovos_memory_plugin_entity.io.stores.postgres import PostgresStore
        url, key_file = where
        return PostgresStore(url, key_file)
    return JsonFolderStore(where)


def _writer(kind, where, worker, count, sessions):
    store = _open_backend(kind, where)
    for n in range(count):
        store.update(f"s{n % sessions}", add(f"Fact w{worker} n{n}"))
    store.close()


@pytest.mark.parametrize("kind, processes", [("json", 2), ("json", 4),
                                              pytest.param("postgres", 4, marks=needs_postgres)])
def test_processes_sharing_a_store_lose_nothing(request, tmp_path, kind, processes):
    where = (request.getfixturevalue("pg_url"), tmp_path / "node.key") if kind == "postgres" else tmp_path / "mem"
    per_process, sessions = 150, 3
    # spawn: a fresh interpreter per writer, as separate services are (and no threads forked)
    ctx = multiprocessing.get_context("spawn")
    workers = [ctx.Process(target=_writer, args=(kind, where, w, per_process, sessions))
               for w in range(processes)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(180)
        assert w.exitcode == 0
    store = _open_backend(kind, where)
    assert sum(len(store.load(f"s{s}")[1].facts) for s in range(sessions)) == processes * per_process
    assert sum(len(store.audit(f"s{s}")) for s in range(sessions)) == processes * per_process
    store.close()


def _acknowledging_writer(folder, conn, whole_record_bytes):
    store = JsonFolderStore(folder, whole_record_bytes=whole_record_bytes, min_journal_bytes=2048)
    for n in range(500):
        store.update(f"s{n % 4}", add(f"Fact {n}"))
        conn.send(n)


@pytest.mark.parametrize("whole_record_bytes", [1 << 30, 0], ids=["snapshots", "journal"])
def test_sigkill_at_random_moments_loses_no_acknowledged_write(tmp_path, whole_record_bytes):
    folder = tmp_path / "mem"
    rng = random.Random(7)
    acknowledged = []
    ctx = multiprocessing.get_context("fork")
    for _ in range(5):
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_acknowledging_writer, args=(folder, child, whole_record_bytes))
        proc.start()
        stop_after = rng.randint(5, 80)
        got = 0
        while got < stop_after and parent.poll(30):
            acknowledged.append(parent.recv())
            got += 1
        os.kill(proc.pid, signal.SIGKILL)
        proc.join()
        while parent.poll(0):
            acknowledged.append(parent.recv())
    store = JsonFolderStore(folder)
    texts = set()
    for path in store.sessions_dir.glob("[!.]*.json"):
        json.loads(path.read_text())  # every record parses (temp files of killed writers are not records)
    for s in range(4):
        texts |= {x.text for x in store.load(f"s{s}")[1].facts}
    assert {f"Fact {n}" for n in acknowledged} <= texts
    assert not list(store.sessions_dir.glob("*.corrupt*"))


def test_seed_file_is_imported_by_copy_once(tmp_path):
    seed = tmp_path / "entity_memory.json"
    seed.write_text(json.dumps({"a": {"facts": ["Likes tea", "Name is Bob"]}, "b": {"facts": ["Has a cat"]}}))
    before = seed.read_bytes()
    store = JsonFolderStore(tmp_path / "entity_memory")
    assert import_older_plugin_file(store, seed, lambda s: s, POLICY, lambda: 1.0) == 2
    assert import_older_plugin_file(store, seed, lambda s: s, POLICY, lambda: 2.0) == 0  # resumable, no repeats
    assert [x.text for x in store.load("a")[1].facts] == ["Likes tea", "Name is Bob"]
    assert store.audit("b")[0]["actor"] == "import"
    assert seed.read_bytes() == before


def test_interrupted_import_resumes_without_duplicates(tmp_path):
    seed = tmp_path / "entity_memory.json"
    seed.write_text(json.dumps({f"s{n}": {"facts": [f"Fact {n}"]} for n in range(10)}))
    store = JsonFolderStore(tmp_path / "entity_memory")
    half = tmp_path / "half.json"
    half.write_text(json.dumps({f"s{n}": {"facts": [f"Fact {n}"]} for n in range(5)}))
    import_older_plugin_file(store, half, lambda s: s, POLICY, lambda: 1.0)  # as if stopped halfway
    assert import_older_plugin_file(store, seed, lambda s: s, POLICY, lambda: 2.0) == 5
    assert all(len(store.load(f"s{n}")[1].facts) == 1 for n in range(10))


def test_orphaned_temp_files_of_dead_writers_are_removed(tmp_path):
    store = JsonFolderStore(tmp_path / "mem")
    old = store.tmp_dir / ".tmp_abc.json"
    old.write_text('{"facts": [{"text": "Likes oolong"')
    os.utime(old, (1, 1))
    fresh = store.tmp_dir / ".tmp_def.json"
    fresh.write_text("{}")
    JsonFolderStore(tmp_path / "mem")
    assert not old.exists() and fresh.exists()


def test_forget_scrubs_the_trail_on_every_backend(store):
    store.update("s", add("Likes oolong tea"))
    store.update("s", lambda r: f.owner_forget(r, "f1", now=2.0, actor="api", policy=POLICY))
    assert "oolong" not in json.dumps(store.audit("s"))
    assert [e["action"] for e in store.audit("s")] == ["add", "forget"]


@pytest.mark.parametrize("session_id", ["nul\0byte", "emoji 🎉", "a/b", "Ana", "ana", "x" * 3000])
def test_hostile_ids_on_every_backend(store, session_id):
    store.update(session_id, add("Mine"))
    store.update(session_id.swapcase() if session_id != session_id.swapcase() else "other", add("Other"))
    assert [x.text for x in store.load(session_id)[1].facts] == ["Mine"]
    assert session_id in store.sessions()


def test_a_failed_mutation_changes_nothing(store):
    store.update("s", add("Likes tea"))

    def broken(record):
        f.apply_ops(record, f.Ops(add=(f.NewFact("Half done"),)), now=1.0, actor="api", policy=POLICY)
        raise RuntimeError("boom")
    with pytest.raises(RuntimeError):
        store.update("s", broken)
    assert [x.text for x in store.load("s")[1].facts] == ["Likes tea"]
