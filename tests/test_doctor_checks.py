"""``doctor`` waits as long as the persona does, tries the persona's chat model, and
gives the fix that fits a store it cannot use; the demo gives up at once on a refused
connection."""
from __future__ import annotations

import errno
import json
import threading
import time
from pathlib import Path

import pytest

from ovos_memory_plugin_entity.cli import main
from ovos_memory_plugin_entity.doctor import check_persona, store_fix
from tests.fake_model import free_port

NAME = "ovos-memory-plugin-entity-facts"
# A chat engine that is installed here and keeps the memory's system message.
CHAT = {"handlers": ["ovos-chat-openai-plugin"], "ovos-chat-openai-plugin": {"allow_system_prompts": True}}
GOOD_REPLY = json.dumps({"add": [{"fact": "Name is Sam", "pin": True}, "Lives in Leeds"]})


def persona_file(tmp_path: Path, **block) -> str:
    block.setdefault("db_path", str(tmp_path / "ovos" / "entity_memory.json"))
    path = tmp_path / "persona.json"
    path.write_text(json.dumps(dict(CHAT, memory_module=NAME, **{NAME: block})))
    return str(path)


# Two lines of a terminal: a fix longer than this is not read.
MAX_FIX_CHARS = 160


def doctor(capsys, *argv):
    code = main(["doctor", "--json", *argv])
    checks = json.loads(capsys.readouterr().out)
    for check in checks:  # every fix of every scenario: short, on its lines
        assert len(check["fix"]) <= MAX_FIX_CHARS and "\n" not in check["fix"], check
    return code, {c["name"]: c for c in checks}


def test_a_slow_model_inside_request_timeout_passes(capsys, tmp_path, model):
    model.reply(GOOD_REPLY)
    model.release.clear()  # the model holds its answer until the doctor's request is there

    def answer_once_asked() -> None:
        if model.arrived.acquire(timeout=30):
            model.release.set()
    threading.Thread(target=answer_once_asked, daemon=True).start()
    code, checks = doctor(capsys, "--config", persona_file(tmp_path, api_url=model.url, request_timeout=60))
    assert code == 0 and checks["extraction"]["level"] == "PASS", checks["extraction"]


def test_the_personas_request_timeout_is_the_one_waited_for(capsys, tmp_path, model):
    model.release.clear()  # never answers while the doctor waits
    code, checks = doctor(capsys, "--config", persona_file(tmp_path, api_url=model.url, request_timeout=0.3))
    model.release.set()
    assert code == 1 and checks["extraction"]["level"] == "FAIL"
    assert "raise request_timeout (now 0.3 s)" in checks["extraction"]["fix"]
    assert "read timeout=0.3" in checks["extraction"]["detail"]  # what the client really waited


def test_timeout_overrides_the_persona_and_says_so(capsys, tmp_path, model):
    model.release.clear()
    code, checks = doctor(capsys, "--timeout", "0.3", "--config",
                          persona_file(tmp_path, api_url=model.url, request_timeout=60))
    model.release.set()
    assert code == 1 and "raise --timeout (now 0.3 s; the persona's request_timeout is 60 s)" in \
        checks["extraction"]["fix"]


@pytest.mark.parametrize("code, words", [
    (errno.EROFS, "mounted read-only: remount it read-write"),
    (errno.EACCES, "may not write"),
    (errno.ENOSPC, "is full: free space there"),
    (errno.EDQUOT, "is full: free space there"),
    (None, "chmod 700"),
])
def test_the_store_fix_fits_what_went_wrong(code, words):
    fix = store_fix(OSError(code, "x") if code else OSError("a link"), Path("/var/lib/m"))
    assert words in fix
    assert ("chmod 700" in fix) == (code is None)  # a private folder is not the fix for a full disk


def test_the_demo_gives_up_at_once_when_the_connection_is_refused(capsys):
    url = f"http://127.0.0.1:{free_port()}/v1"  # nothing listens there
    started = time.monotonic()
    assert main(["demo", "--api-url", url]) == 1
    err = capsys.readouterr().err
    assert time.monotonic() - started < 10
    assert "Connection refused" in err and f"fix: start the local model server at {url}" in err
    assert "leave --api-url out" in err


# -- the assistant it runs in ----------------------------------------------------------

from ovos_memory_plugin_entity.doctor import UPGRADE, check_assistant  # noqa: E402


@pytest.mark.parametrize("version, block, level", [
    (None, {}, "FAIL"),  # ovos-persona not installed: nothing loads the plugin
    ("0.7.1", {}, "FAIL"),  # the newest stable line: memory_module is not read
    ("0.8.0a1", {"api_url": "http://localhost:8000/v1"}, "FAIL"),  # read, but the block's settings are not passed
    ("0.8.0a1", {}, "WARN"),
    ("0.9.0a5", {"max_facts": 10}, "FAIL"),
    ("0.9.0a6", {"max_facts": 10}, "PASS"),
    ("0.9.0a35", {}, "PASS"),
    ("0.9.0", {}, "PASS"),
    ("0.10.0", {}, "PASS"),  # numbers, not letters, are compared
])
def test_doctor_knows_which_ovos_persona_uses_the_plugin(version, block, level):
    check = check_assistant(block, version_of=lambda _package: version)
    assert check.level == level, check
    if level != "PASS":
        assert UPGRADE in check.fix and len(check.fix) <= MAX_FIX_CHARS
    assert (version or "not installed") in check.detail


def test_the_installed_ovos_persona_is_named(capsys, tmp_path):
    from importlib.metadata import version
    code, checks = doctor(capsys, "--config", persona_file(tmp_path, extractor="rules"))
    assert code == 0 and checks["ovos-persona"]["level"] == "PASS"
    assert version("ovos-persona") in checks["ovos-persona"]["detail"]


def test_handlers_that_are_not_installed_fail_with_what_to_install(capsys, tmp_path):
    path = tmp_path / "persona.json"
    block = {"extractor": "rules", "db_path": str(tmp_path / "db")}
    path.write_text(json.dumps({"handlers": ["ovos-chat-nowhere-plugin"], "memory_module": NAME, NAME: block}))
    code, checks = doctor(capsys, "--config", str(path))
    missing = checks["handler ovos-chat-nowhere-plugin"]
    assert code == 1 and missing["level"] == "FAIL" and missing["fix"] == "pip install ovos-chat-nowhere-plugin"
    path.write_text(json.dumps({"memory_module": NAME, NAME: block}))
    code, checks = doctor(capsys, "--config", str(path))
    assert code == 1 and checks["handlers"]["level"] == "FAIL" and "ovos-chat-openai-plugin" in checks["handlers"]["fix"]


@pytest.mark.parametrize("installed, said", [
    ("1.0.2", "ovos-openai-plugin 1.0.2 is installed but too old to bring it"),  # a stable release
    (None, "ovos-chat-openai-plugin is not installed"),
])
def test_the_openai_chat_handler_is_installed_from_the_pre_release(installed, said):
    persona = {"name": "Assistant", **CHAT, "memory_module": NAME}
    found = [c for c in check_persona(persona, plugins=frozenset(), version_of=lambda _package: installed)
             if c.name == "handler ovos-chat-openai-plugin"]
    assert len(found) == 1 and found[0].level == "FAIL" and said in found[0].detail
    assert found[0].fix == "pip install --pre -U ovos-openai-plugin"


def test_the_pre_release_named_in_that_fix_registers_the_chat_handler():
    """What the fix installs, here: the pre-release registers ovos-chat-openai-plugin."""
    from importlib.metadata import distribution
    names = {ep.name for ep in distribution("ovos-openai-plugin").entry_points if ep.group == "opm.agents.chat"}
    assert "ovos-chat-openai-plugin" in names and "a" in distribution("ovos-openai-plugin").version


def test_a_composite_set_up_is_read_as_the_persona_runs_it(capsys, tmp_path):
    path = tmp_path / "persona.json"
    path.write_text(json.dumps(dict(CHAT, memory_module="ovos-memory-plugin-composite", **{
        "ovos-memory-plugin-composite": {"scope": "global", "members": [
            {"module": "ovos-memory-plugin-recency", "config": {}},
            {"module": NAME, "config": {"extractor": "rules", "db_path": str(tmp_path / "db"), "lang": "en-US"}}]}})))
    code, checks = doctor(capsys, "--config", str(path))
    assert code == 0 and [c for c in checks.values() if c["level"] != "PASS"] == []  # no false warning


def test_a_language_without_data_is_flagged(capsys, tmp_path):
    code, checks = doctor(capsys, "--config", persona_file(tmp_path, extractor="rules", lang="xx-YY"))
    assert code == 0 and checks["lang"]["level"] == "WARN" and "pt-pt" in checks["lang"]["fix"]
    _, checks = doctor(capsys, "--config", persona_file(tmp_path, extractor="rules", lang="pt-BR"))
    assert "lang" not in checks  # a region of a shipped language


def test_a_model_that_is_down_is_said_briefly(capsys, tmp_path):
    dead = f"http://127.0.0.1:{free_port()}/v1"
    code, checks = doctor(capsys, "--config", persona_file(tmp_path, api_url=dead, extractor="llm"), "--timeout", "1")
    assert code == 1 and checks["endpoint"]["level"] == "FAIL"
    assert len(checks["endpoint"]["detail"]) < 120 and "Connection refused" in checks["endpoint"]["detail"]


def test_postgres_without_its_extra_says_to_install_it(capsys, tmp_path, monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if the extra were not installed
    code, checks = doctor(capsys, "--config", persona_file(tmp_path, extractor="rules", backend="postgres",
                                                           db_url="postgresql://u@127.0.0.1:1/db"))
    store = checks["store"]
    assert code == 1 and "'postgres' extra" in store["detail"]
    assert store["fix"] == "pip install 'ovos-memory-plugin-entity[postgres]'"


@pytest.mark.parametrize("persona", [
    {"name": "Assistant", **CHAT},  # a persona that never names a memory
    {"name": "Assistant", **CHAT, "memory_module": "ovos-memory-plugin-recency"},
])
def test_a_persona_without_this_plugin_says_so_first_and_is_not_read_as_the_block(capsys, tmp_path, persona):
    path = tmp_path / "persona.json"
    path.write_text(json.dumps(persona))
    code = main(["doctor", "--timeout", "1", "--config", str(path)])
    out = capsys.readouterr().out
    first = out.splitlines()[0]
    assert code == 1 and first.startswith("FAIL  persona memory: "), out
    assert ("has no memory_module" if "memory_module" not in persona else "not this plugin") in first
    assert f'fix: add "memory_module": "{NAME}" to the persona JSON' in out.splitlines()[1]
    assert "unknown keys" not in out and out.count("persona memory") == 1


def test_other_commands_refuse_a_persona_without_this_plugin(capsys, tmp_path):
    path = tmp_path / "persona.json"
    path.write_text(json.dumps({"name": "Assistant", **CHAT, "db_path": str(tmp_path / "elsewhere")}))
    assert main(["--config", str(path), "path"]) == 1
    assert "does not use this plugin" in capsys.readouterr().err


def test_a_chat_model_that_is_down_or_refuses_fails_with_the_reason(capsys, tmp_path, model):
    path = persona_file(tmp_path, extractor="rules")
    persona = json.loads(Path(path).read_text())
    persona["ovos-chat-openai-plugin"]["api_url"] = f"http://127.0.0.1:{free_port()}/v1"  # nothing listens
    Path(path).write_text(json.dumps(persona))
    code, checks = doctor(capsys, "--config", path, "--timeout", "2")
    chat = checks["chat model ovos-chat-openai-plugin"]
    assert code == 1 and chat["level"] == "FAIL" and "Connection refused" in chat["detail"]
    assert "api_url" in chat["fix"]
    persona["ovos-chat-openai-plugin"]["api_url"] = model.url
    Path(path).write_text(json.dumps(persona))
    code, checks = doctor(capsys, "--config", path, "--timeout", "2")
    assert code == 0 and checks["chat model ovos-chat-openai-plugin"]["level"] == "PASS"
    model.models_status = 401  # it answers, refusing us (a wrong key)
    code, checks = doctor(capsys, "--config", path, "--timeout", "2")
    chat = checks["chat model ovos-chat-openai-plugin"]
    assert code == 1 and chat["level"] == "FAIL" and "HTTP 401" in chat["detail"]
