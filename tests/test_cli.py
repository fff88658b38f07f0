"""The owner's command line: path and demo."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from ovos_memory_plugin_entity.cli import main


def test_demo_runs_without_a_model(capsys):
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "learnt    [f1] Name is Ana  (pinned)" in out and "replaced  [f3] Lives in Lisbon  (retired: replaced by f" in out
    assert "[system]" in out and "- Lives in Porto" in out
    assert out.rstrip().endswith("Can you suggest a dinner place near me?")


def test_path_follows_db_path_and_persona_json(tmp_path, capsys):
    assert main(["--db-path", str(tmp_path / "x" / "entity_memory.json"), "path"]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "x" / "entity_memory")
    persona = tmp_path / "persona.json"
    persona.write_text(json.dumps({"memory_module": "m", "m": {"db_path": str(tmp_path / "y.json")}}))
    assert main(["--config", str(persona), "path"]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "y")


def test_user_errors_exit_1_without_traceback(tmp_path, capsys):
    assert main(["--config", str(tmp_path / "missing.json"), "path"]) == 1
    err = capsys.readouterr().err
    assert "cannot read the persona JSON" in err and "Traceback" not in err
    (tmp_path / "list.json").write_text("[]")
    for argv in (["path"], ["doctor"], ["chat"]):  # not read as a block of defaults
        assert main(["--config", str(tmp_path / "list.json"), *argv]) == 1
        assert "list.json is not a persona (a JSON object)" in capsys.readouterr().err


def test_console_script_is_installed():
    script = shutil.which("ovos-entity-memory", path=os.path.dirname(sys.executable))
    assert script, "the console script is not on PATH; install the package"
    out = subprocess.run([script, "--help"], capture_output=True, text=True, check=True).stdout
    assert "demo" in out and "path" in out


# -- the owner's commands ------------------------------------------------------------

import multiprocessing  # noqa: E402

import pytest  # noqa: E402

from tests.fake_model import SilentServer, free_port  # noqa: E402


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "ovos" / "entity_memory.json")


def run(capsys, db, *argv, json_out=False):
    args = ["--db-path", db] + (["--json"] if json_out else []) + list(argv)
    code = main(args)
    captured = capsys.readouterr()
    return code, (json.loads(captured.out) if json_out and code == 0 else captured.out), captured.err


def test_review_and_correct(capsys, db):
    assert run(capsys, db, "add", "ana", "Name is Anna", "--pin")[0] == 0
    assert run(capsys, db, "add", "ana", "Lives in Lisbon")[0] == 0
    code, out, _ = run(capsys, db, "edit", "ana", "f1", "Name is Ana")
    assert code == 0 and "Name is Ana" in out
    assert run(capsys, db, "unpin", "ana", "f3")[0] == 0 and run(capsys, db, "pin", "ana", "f2")[0] == 0
    _, live, _ = run(capsys, db, "facts", "ana", json_out=True)
    assert [(f["text"], f["pinned"]) for f in live] == [("Lives in Lisbon", True), ("Name is Ana", False)]
    _, every, _ = run(capsys, db, "facts", "ana", "--all", json_out=True)
    assert every[0]["superseded_by"] == "f3"
    _, sessions, _ = run(capsys, db, "sessions", json_out=True)
    assert sessions[0]["session_id"] == "ana" and sessions[0]["live"] == 2 and sessions[0]["retired"] == 1
    _, trail, _ = run(capsys, db, "history", "ana", json_out=True)
    assert [e["action"] for e in trail] == ["add", "add", "add", "edit", "unpin", "pin"]
    assert {e["actor"] for e in trail} == {"cli"}


def test_add_and_edit_say_who_the_fact_is_about(capsys, db):
    code, out, _ = run(capsys, db, "add", "s", "Is allergic to shellfish", "--about", "Emma", "--relation", "daughter")
    assert code == 0 and out.startswith("added [f1] Emma (daughter): Is allergic to shellfish")
    code, out, _ = run(capsys, db, "edit", "s", "f1", "Is allergic to shellfish and peanuts")
    assert code == 0 and out.startswith("now [f2] Emma (daughter): Is allergic to shellfish and peanuts")
    assert run(capsys, db, "add", "s", "Likes tea")[1].startswith("added [f3] Likes tea")


def test_add_says_whether_a_dated_fact_is_past_as_facts_does(capsys, db):
    assert "(live; past;" in run(capsys, db, "add", "s", "Visited Berlin", "--when", "2020-01-01")[1]
    assert "(live; upcoming;" in run(capsys, db, "add", "s", "Dentist appointment", "--when", "2999-01-01")[1]


def test_a_date_of_the_wrong_form_is_a_usage_mistake(capsys, db):
    with pytest.raises(SystemExit) as stop:
        main(["--db-path", db, "add", "s", "Went to Rome", "--when", "yesterday"])
    assert stop.value.code == 2 and "ISO date" in capsys.readouterr().err


def test_forget_and_erase_leave_no_trace(capsys, db, tmp_path):
    run(capsys, db, "add", "s", "Likes oolong tea")
    run(capsys, db, "add", "s", "Owns a kayak")
    assert run(capsys, db, "forget", "s", "f1")[0] == 0
    files = b"".join(p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())
    assert b"oolong" not in files and b"kayak" in files
    assert run(capsys, db, "erase", "s", "--yes")[0] == 0
    files = b"".join(p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())
    assert b"kayak" not in files and b"Owns" not in files
    assert list((tmp_path / "ovos" / "entity_memory" / "locks").iterdir())  # lock files stay


def test_an_erased_session_is_no_longer_listed(capsys, db):
    run(capsys, db, "add", "s", "Likes tea")
    run(capsys, db, "add", "t", "Has a cat")
    assert run(capsys, db, "erase", "t", "--yes")[0] == 0
    code, listed, _ = run(capsys, db, "sessions", json_out=True)
    assert code == 0 and [s["session_id"] for s in listed] == ["s"]


def test_erase_says_when_the_seed_file_still_holds_the_session(capsys, db, tmp_path):
    Path(db).parent.mkdir(parents=True)
    Path(db).write_text(json.dumps({"s": {"facts": ["Likes tea"]}}))
    run(capsys, db, "add", "s", "Has a cat")
    code, out, _ = run(capsys, db, "erase", "s", "--yes")
    assert code == 0 and "still holds this session" in out


@pytest.mark.parametrize("argv, message", [
    (["facts", "nobody"], "no session 'nobody'"),
    (["forget", "s", "f99"], "no fact 'f99'"),
    (["edit", "s", "f99", "x"], "no live fact 'f99'"),
    (["import", "/nonexistent.json"], "cannot read"),
])
def test_clear_errors(capsys, db, argv, message):
    run(capsys, db, "add", "s", "Likes tea")
    code, _, err = run(capsys, db, *argv)
    assert code == 1 and message in err and "Traceback" not in err


def test_options_go_anywhere_json_stays_clean_and_version_answers(capsys, db):
    run(capsys, db, "add", "s", "Likes tea")
    code = main(["facts", "s", "--json", "--db-path", db])
    out = capsys.readouterr().out
    assert code == 0 and json.loads(out)[0]["text"] == "Likes tea"
    main(["doctor", "--json", "--db-path", db, "--timeout", "1"])  # its logs must not reach stdout
    checks = json.loads(capsys.readouterr().out)
    assert {c["name"] for c in checks} >= {"settings", "endpoint", "store"}
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and "ovos-entity-memory" in capsys.readouterr().out
    with pytest.raises(SystemExit) as refused:
        main(["--db-path", db, "doctor", "--timeout", "0"])
    assert refused.value.code == 2 and "more than 0" in capsys.readouterr().err


def test_a_composite_persona_reaches_our_members_store_and_policy(capsys, tmp_path):
    db = str(tmp_path / "member" / "entity_memory.json")
    persona = tmp_path / "persona.json"
    persona.write_text(json.dumps({
        "memory_module": "ovos-memory-plugin-composite",
        "ovos-memory-plugin-composite": {"scope": "global", "members": [
            {"module": "ovos-memory-plugin-recency", "config": {}},
            {"module": "ovos-memory-plugin-entity-facts", "config": {"db_path": db, "max_facts": 2}}]}}))
    for text in ("Likes tea", "Has a cat", "Plays chess"):
        assert main(["--config", str(persona), "add", "anything", text]) == 0
    capsys.readouterr()
    assert main(["--config", str(persona), "--json", "facts", "someone-else"]) == 0
    facts = json.loads(capsys.readouterr().out)
    assert len(facts) == 2  # the member's own cap, under the composite's global scope


def test_without_a_persona_the_cli_evicts_nothing(capsys, db):
    for n in range(60):
        run(capsys, db, "add", "s", f"Collects item number {n}")
    _, facts, _ = run(capsys, db, "facts", "s", json_out=True)
    assert len(facts) == 60


def test_bad_config_is_a_clear_error(capsys, tmp_path):
    persona = tmp_path / "p.json"
    persona.write_text(json.dumps({"memory_module": "m", "m": {"max_facts": "lots"}}))
    assert main(["--config", str(persona), "sessions"]) == 1
    assert "max_facts" in capsys.readouterr().err


def test_export_then_import_round_trips(capsys, db, tmp_path):
    run(capsys, db, "add", "a", "Likes tea")
    run(capsys, db, "add", "a", "Lives in Lisbon")
    run(capsys, db, "edit", "a", "f2", "Lives in Porto")
    run(capsys, db, "add", "a", "Owns a kayak")
    run(capsys, db, "forget", "a", "f4")
    run(capsys, db, "add", "b", "Has a cat")
    code, exported, _ = run(capsys, db, "export", "--all")
    assert code == 0
    dump = tmp_path / "export.json"
    dump.write_text(exported)
    other = str(tmp_path / "other" / "entity_memory.json")
    assert run(capsys, other, "import", str(dump))[0] == 0
    for session in ("a", "b"):
        _, before, _ = run(capsys, db, "facts", session, "--all", json_out=True)
        _, after, _ = run(capsys, other, "facts", session, "--all", json_out=True)
        assert before == after
        _, trail_before, _ = run(capsys, db, "history", session, json_out=True)
        _, trail_after, _ = run(capsys, other, "history", session, json_out=True)
        assert trail_after[:-1] == trail_before and trail_after[-1]["action"] == "import"
    assert b"kayak" not in dump.read_bytes()
    # importing again into a store that has the session renumbers clashing ids
    run(capsys, other, "add", "b", "Has a dog")
    assert run(capsys, other, "import", str(dump))[0] == 0
    _, b_facts, _ = run(capsys, other, "facts", "b", json_out=True)
    assert sorted(f["text"] for f in b_facts) == ["Has a cat", "Has a dog"]


def test_import_after_forget_all_says_what_it_left_out_and_how_to_bring_one_back(capsys, db, tmp_path):
    run(capsys, db, "add", "a", "Likes tea")
    run(capsys, db, "add", "a", "Is allergic to shellfish", "--about", "Emma", "--relation", "daughter")
    run(capsys, db, "add", "a", "Lives in Porto")
    dump = tmp_path / "export.json"
    dump.write_text(run(capsys, db, "export", "a")[1])
    run(capsys, db, "forget", "a", "f3")
    assert run(capsys, db, "forget-all", "a", "--yes")[0] == 0
    run(capsys, db, "add", "a", "Lives in Porto")  # the owner's add lifts its tombstone
    code, out, _ = run(capsys, db, "import", str(dump))
    assert code == 0 and out.strip() == ("imported into 1 session; 2 facts left out: forgotten here earlier "
                                         "(the owner's 'add SESSION TEXT' brings one back)")
    older = tmp_path / "entity_memory.json"
    older.write_text(json.dumps({"a": {"facts": ["Likes tea", "Has a cat"]}}))
    code, report, _ = run(capsys, db, "import", str(older), json_out=True)
    assert code == 0 and report["forgotten_here"] == 1
    _, facts, _ = run(capsys, db, "facts", "a", json_out=True)
    assert sorted(f["text"] for f in facts) == ["Has a cat", "Lives in Porto"]


def test_import_takes_the_older_plugins_format(capsys, db, tmp_path):
    seed = tmp_path / "seed.json"
    seed.write_text(json.dumps({"x": {"facts": ["Likes tea", "Name is Bob"]}}))
    assert run(capsys, db, "import", str(seed))[0] == 0
    _, facts, _ = run(capsys, db, "facts", "x", json_out=True)
    assert [f["text"] for f in facts] == ["Likes tea", "Name is Bob"]


def test_a_reworded_repeat_confirms_instead_of_adding(capsys, db):
    run(capsys, db, "add", "s", "Likes green tea")
    run(capsys, db, "add", "s", "The user likes green tea!")  # the same words in the same order
    _, facts, _ = run(capsys, db, "facts", "s", json_out=True)
    assert [(f["text"], f["confirmations"]) for f in facts] == [("Likes green tea", 2)]


def _plugin_writer(db, count, ready):
    from ovos_memory_plugin_entity.plugin import EntityMemory
    with EntityMemory(config={"db_path": db}) as memory:
        ready.set()
        for n in range(count):
            memory.add_fact("shared", f"Plugin fact {n}")


def test_cli_and_a_plugin_in_another_process_keep_both(capsys, db):
    ctx = multiprocessing.get_context("fork")
    ready = ctx.Event()
    writer = ctx.Process(target=_plugin_writer, args=(db, 100, ready))
    writer.start()
    assert ready.wait(30)
    for n in range(30):
        assert run(capsys, db, "add", "shared", f"CLI fact {n}")[0] == 0
    writer.join(60)
    _, facts, _ = run(capsys, db, "facts", "shared", "--all", json_out=True)  # the cap evicts, never loses
    texts = {f["text"] for f in facts}
    assert {f"CLI fact {n}" for n in range(30)} <= texts and {f"Plugin fact {n}" for n in range(100)} <= texts


def test_doctor_live_dead_and_silent(capsys, db, model, tmp_path):
    model.default = json.dumps({"add": [{"fact": "Name is Sam", "pin": True}, "Lives in Leeds"]})
    persona = tmp_path / "persona.json"
    persona.write_text(json.dumps({
        "handlers": ["ovos-chat-openai-plugin"], "ovos-chat-openai-plugin": {"allow_system_prompts": False},
        "memory_module": "ovos-memory-plugin-entity-facts",
        "ovos-memory-plugin-entity-facts": {"api_url": model.url, "db_path": db, "max_fact": 3}}))
    code, out, _ = run(capsys, db, "--config", str(persona), "doctor", "--timeout", "2")
    assert "PASS  endpoint" in out and "PASS  extraction" in out and "FAIL  chat engine" in out
    assert "WARN  unknown keys: max_fact" in out
    assert code == 1 and "allow_system_prompts" in out
    model.default = "Sure! I will remember that your name is Sam."
    code, out, _ = run(capsys, db, "--config", str(persona), "doctor", "--timeout", "2")
    assert "FAIL  extraction" in out  # a model that never answers in the contract's JSON
    dead = f"http://127.0.0.1:{free_port()}/v1"
    chat = {"handlers": ["ovos-chat-openai-plugin"], "ovos-chat-openai-plugin": {
        "allow_system_prompts": True, "api_url": model.url, "model": "test-model"}}  # the persona's answers
    persona.write_text(json.dumps({**chat, "memory_module": "ovos-memory-plugin-entity-facts",
                                   "ovos-memory-plugin-entity-facts": {"api_url": dead, "db_path": db}}))
    code, out, _ = run(capsys, db, "--config", str(persona), "doctor", "--timeout", "1")
    assert code == 0 and "WARN  endpoint" in out and "rules extract meanwhile" in out  # extractor: auto works
    persona.write_text(json.dumps({"memory_module": "ovos-memory-plugin-entity-facts",
                                   "ovos-memory-plugin-entity-facts": {"api_url": dead, "db_path": db,
                                                                       "extractor": "llm"}}))
    code, out, _ = run(capsys, db, "--config", str(persona), "doctor", "--timeout", "1")
    assert code == 1 and "FAIL  endpoint" in out and "fix:" in out
    silent = SilentServer()
    try:
        persona.write_text(json.dumps({"memory_module": "ovos-memory-plugin-entity-facts",
                                       "ovos-memory-plugin-entity-facts": {"api_url": silent.url, "db_path": db,
                                                                           "extractor": "llm"}}))
        code, out, _ = run(capsys, db, "--config", str(persona), "doctor", "--timeout", "0.5")
        assert code == 1 and "FAIL  endpoint" in out and "in time" in out
    finally:
        silent.stop()


def test_cli_erase_drops_an_exchange_queued_in_a_running_assistant(capsys, db, make_memory, model, tmp_path):
    from tests.helpers import user_assistant
    memory = make_memory(db_path=db)
    model.reply('["Likes oolong tea"]')
    memory.update_history(user_assistant("I like oolong tea"), "s")
    assert memory.flush(10)
    model.release.clear()
    model.reply('["Owns a kayak"]')
    memory.update_history(user_assistant("I own a kayak"), "s")
    assert model.arrived.acquire(timeout=10) and model.arrived.acquire(timeout=10)
    assert run(capsys, db, "erase", "s", "--yes")[0] == 0
    model.release.set()
    assert memory.flush(10)
    assert memory.facts("s") == []
    files = b"".join(p.read_bytes() for p in tmp_path.rglob("*") if p.is_file())
    assert b"kayak" not in files and b"oolong" not in files


# -- quiet by default ------------------------------------------------------------------

def _cli(*argv: str) -> "subprocess.CompletedProcess[str]":
    """The command line in a process of its own, as a user runs it (fresh loggers)."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    return subprocess.run([sys.executable, "-m", "ovos_memory_plugin_entity.cli", *argv], capture_output=True,
                          text=True, env=env, timeout=120)


def test_no_log_line_comes_before_a_commands_output(db):
    demo = _cli("demo")
    assert demo.returncode == 0 and demo.stdout.startswith("user:"), demo.stdout[:300]
    assert demo.stderr == ""  # neither the new-key INFO line nor the deprecation notice
    added = _cli("--db-path", db, "add", "s", "Name is Sam", "--pin")  # makes the store and its key
    assert added.returncode == 0 and added.stderr == "" and added.stdout.startswith("added [f1]")
    verbose = _cli("--db-path", db + ".other", "add", "s", "Likes tea", "--verbose")
    assert "made the tombstone key" in verbose.stderr and "made the tombstone key" not in verbose.stdout


def test_json_is_json_from_the_first_byte(db):
    _cli("--db-path", db, "add", "s", "Likes tea")
    for argv in (["facts", "s"], ["sessions"], ["path"], ["doctor", "--timeout", "1"]):
        done = _cli("--db-path", db + "-fresh" if argv[0] == "doctor" else db, "--json", *argv)
        assert json.loads(done.stdout) is not None, (argv, done.stdout[:200])
        assert done.stdout[0] in "[{" and done.stderr == ""  # ovos-persona's import warns, quietly here


# What a stable ovos-bus-client (1.5.0) does as it loads: it calls ovos-utils' deprecated
# standardize_lang_tag, whose notice OVOS's logger writes on stdout. Reproduced here by
# making that call when ovos_bus_client.session is imported, then running the console
# script's own entry point (Python's own DeprecationWarning, shown for __main__ only, is not the point).
_DEPRECATED_AT_IMPORT = '''
import importlib.util, sys

class CallsDeprecatedOnImport:
    def find_spec(self, name, path, target=None):
        if name != "ovos_bus_client.session":
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(name)
        load = spec.loader.exec_module

        def exec_module(module):
            load(module)
            from ovos_utils.lang import standardize_lang_tag
            standardize_lang_tag("en-us")
        spec.loader.exec_module = exec_module
        return spec

sys.meta_path.insert(0, CallsDeprecatedOnImport())
from ovos_memory_plugin_entity.cli import main
sys.exit(main(sys.argv[1:]))
'''


def test_a_notice_ovos_logs_as_it_loads_never_reaches_stdout(db):
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    for verbose in ([], ["--verbose"]):
        done = subprocess.run([sys.executable, "-W", "ignore::DeprecationWarning", "-c", _DEPRECATED_AT_IMPORT, "--db-path", db, "--json", "path",
                               *verbose], capture_output=True, text=True, env=env, timeout=120)
        assert done.returncode == 0 and json.loads(done.stdout) == {"path": db[:-len(".json")]}, done.stdout[:300]
        if verbose:  # the notice was given, and went where logs go
            assert "Origin=ovos_utils.lang:standardize_lang_tag" in done.stderr, done.stderr[:300]
        else:
            assert done.stderr == ""


@pytest.mark.parametrize("argv", [["demo", "--json"], ["--json", "chat", "--persona", "p.json"]])
def test_a_conversation_refuses_json_rather_than_ignoring_it(capsys, argv):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "has no JSON output: drop --json" in captured.err
