"""When the data, the disk or the locks misbehave: one bad value costs one fact, a
crash can be finished, imports can be repeated, and nothing grows without bound."""
from __future__ import annotations

import fcntl
import hashlib
import json
import os

import pytest

from ovos_memory_plugin_entity.domain.errors import StoreUnavailable
from ovos_memory_plugin_entity.io.stores import JsonFolderStore
from ovos_memory_plugin_entity.io.stores.json_folder import LOCK_STRIPES, file_key
from ovos_memory_plugin_entity.settings import load_settings
from tests.helpers import NewFact, Ops, Policy, apply_ops, user_assistant


def turn(memory, text, sid="s"):
    memory.update_history(user_assistant(text), sid)
    assert memory.flush(10)


def record_path(memory, sid="s"):
    return memory.settings.store_folder / "sessions" / f"{file_key(sid)}.json"


def test_one_bad_date_costs_that_date_not_the_session(make_memory):
    memory = make_memory()
    memory.add_fact("s", "Likes tea")
    memory.add_fact("s", "Dentist", when="2030-01-02T10:00")
    data = json.loads(record_path(memory).read_text())
    data["facts"][1]["when"] = "99999-99-99T99:99"
    data["facts"][0]["confirmed_at"] = float("1e308")
    record_path(memory).write_text(json.dumps(data))
    memory.close()
    again = make_memory()
    assert sorted(f.text for f in again.facts("s")) == ["Dentist", "Likes tea"]
    assert "Likes tea" in "\n".join(m.content for m in again.build_conversation_context("tea?", "s"))


def test_deep_nesting_is_quarantined_and_the_session_goes_on(make_memory):
    memory = make_memory()
    memory.add_fact("s", "Likes tea")
    record_path(memory).write_text("[" * 100_000 + "]" * 100_000)
    memory.close()
    again = make_memory()
    assert again.facts("s") == []
    again.add_fact("s", "Has a cat")
    assert [f.text for f in again.facts("s")] == ["Has a cat"]
    assert list(record_path(again).parent.glob("*.corrupt*"))


def test_imports_repeat_safely_and_tombstones_win(make_memory, tmp_path, capsys):
    from ovos_memory_plugin_entity.cli import main
    memory = make_memory()
    db = ["--db-path", memory.settings.db_path]
    memory.add_fact("s", "Likes tea")
    memory.add_fact("s", "Owns a kayak")
    assert main(db + ["export", "s"]) == 0
    backup = json.loads(capsys.readouterr().out)
    backup["sessions"][0]["record"]["facts"].append(dict(backup["sessions"][0]["record"]["facts"][0],
                                                         text="Plays chess"))  # a repeated id
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(backup))
    memory.forget_fact("s", "f2")  # forgotten after the backup was made
    other = ["--db-path", str(tmp_path / "other" / "entity_memory.json")]
    for _ in range(2):
        assert main(db + ["import", str(path)]) == 0 and main(other + ["import", str(path)]) == 0
    assert sorted(f.text for f in memory.facts("s")) == ["Likes tea", "Plays chess"]  # the kayak stays forgotten
    capsys.readouterr()
    assert main(other + ["--json", "facts", "s"]) == 0
    imported = json.loads(capsys.readouterr().out)
    assert sorted(f["text"] for f in imported) == ["Likes tea", "Owns a kayak", "Plays chess"]
    assert len({f["id"] for f in imported}) == 3
    for fact in imported:  # every row can be forgotten
        assert main(other + ["forget", "s", fact["id"]]) == 0


def test_a_lone_surrogate_in_a_session_id_loses_nothing(make_memory):
    memory = make_memory(extractor="rules")
    sid = "device-\udc80-kitchen"
    turn(memory, "My name is Ana.", sid)
    assert [f.text for f in memory.facts(sid)] == ["Name is Ana"]
    memory.close()
    assert [f.text for f in make_memory(extractor="rules").facts(sid)] == ["Name is Ana"]


@pytest.mark.parametrize("value", [float("inf"), float("-inf"), "inf", "nan"])
def test_an_infinite_setting_names_the_key(value):
    with pytest.raises(ValueError, match="request_timeout"):
        load_settings({"request_timeout": value})


def test_a_forget_interrupted_before_the_trail_is_scrubbed_can_be_finished(make_memory):
    memory = make_memory()
    memory.add_fact("s", "Likes oolong tea")
    trail = memory.settings.store_folder / "sessions" / f"{file_key('s')}.audit.jsonl"
    before = trail.read_bytes()
    memory.forget_fact("s", "f1")
    trail.write_bytes(before + trail.read_bytes())  # as if the crash came before the scrub
    assert b"oolong" in trail.read_bytes()
    assert memory.forget_fact("s", "f1")  # again: finishes the job
    assert b"oolong" not in trail.read_bytes()


def test_a_session_held_by_another_process_stalls_no_other(tmp_path):
    store = JsonFolderStore(tmp_path / "mem", lock_wait_s=0.2)

    def stripe(key):
        return int(hashlib.sha256(file_key(key).encode()).hexdigest()[:8], 16) % LOCK_STRIPES
    other = next(f"b{n}" for n in range(100) if stripe(f"b{n}") != stripe("a"))
    fd = os.open(store.locks_dir / f"{stripe('a')}.lock", os.O_RDWR | os.O_CREAT)
    fcntl.flock(fd, fcntl.LOCK_EX)  # another open file description: another process, for flock
    try:
        def add(text):
            return lambda r: apply_ops(r, Ops(add=(NewFact(text),)), now=1.0, actor="api", policy=Policy())
        with pytest.raises(StoreUnavailable, match="busy"):
            store.update("a", add("Likes tea"))
        store.update(other, add("Has a cat"))
        assert [f.text for f in store.load(other)[1].facts] == ["Has a cat"]
    finally:
        os.close(fd)


def test_junk_replies_cannot_push_out_the_owners_facts(make_memory, model):
    memory = make_memory(max_facts=50)
    for n in range(50):
        memory.add_fact("s", f"Owner fact number {n}")
    for batch in range(3):
        model.reply(json.dumps([f"Junk item {batch} {n}" for n in range(20)]))
        turn(memory, f"random chatter about my day {batch}")
    owner = [f for f in memory.facts("s") if f.text.startswith("Owner fact")]
    assert len(owner) == 50


def test_entities_are_bounded_with_the_facts(make_memory, model):
    memory = make_memory(max_facts=5)
    for batch in range(6):
        model.reply(json.dumps({"add": [{"fact": "Is a person", "about": f"Person{batch}x{n}"} for n in range(20)]}))
        turn(memory, f"my friends, part {batch}")
    assert len(memory.entities("s")) <= 20


def test_a_huge_utterance_makes_a_bounded_prompt(make_memory, model):
    memory = make_memory()
    turn(memory, "I like " + "tea " * 250_000)
    assert len(model.prompts()[0]) < 10_000


def _start_on_a_store_that_takes_no_bytes(db_path, conn):
    """In a child process: no file may grow past 0 bytes (as on a full or read-only disk;
    permissions would not stop root, who runs CI)."""
    import resource

    from ovos_plugin_manager.agents import load_memory_plugin
    from ovos_utils.log import LOG

    from ovos_memory_plugin_entity.doctor import check_store
    from tests.helpers import UNIQUE_NAME
    errors = []
    LOG.error = lambda *args, **kwargs: errors.append(" ".join(map(str, args)))
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
    memory = load_memory_plugin(UNIQUE_NAME)(config={"db_path": db_path, "extractor": "rules"})
    memory.add_fact("s", "Likes tea")
    check = check_store(memory.settings)
    conn.send((errors, [f.text for f in memory.facts("s")], check.level, check.detail))
    memory.close()


def test_a_store_that_cannot_be_written_is_found_at_start(tmp_path):
    import multiprocessing
    parent, child = multiprocessing.get_context("fork").Pipe()
    db_path = str(tmp_path / "full" / "entity_memory.json")
    proc = multiprocessing.get_context("fork").Process(target=_start_on_a_store_that_takes_no_bytes,
                                                       args=(db_path, child))
    proc.start()
    assert parent.poll(60)
    errors, facts, level, detail = parent.recv()
    proc.join(10)
    assert any("keeping facts in memory only" in e and "doctor" in e for e in errors)  # said once, at start
    assert facts == ["Likes tea"]  # this run still remembers
    assert level == "FAIL" and "entity_memory" in detail
