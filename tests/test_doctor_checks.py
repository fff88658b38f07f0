"""``doctor`` waits as long as the persona does, reports files the store set aside, and
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
from ovos_memory_plugin_entity.doctor import store_fix
from tests.fake_model import free_port

NAME = "ovos-memory-plugin-entity-facts"
GOOD_REPLY = json.dumps({"add": [{"fact": "Name is Sam", "pin": True}, "Lives in Leeds"]})


def persona_file(tmp_path: Path, **block) -> str:
    block.setdefault("db_path", str(tmp_path / "ovos" / "entity_memory.json"))
    path = tmp_path / "persona.json"
    path.write_text(json.dumps({"memory_module": NAME, NAME: block}))
    return str(path)


def doctor(capsys, *argv):
    code = main(["doctor", "--json", *argv])
    return code, {c["name"]: c for c in json.loads(capsys.readouterr().out)}


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


def test_quarantined_files_are_counted_with_what_to_do(capsys, tmp_path):
    db = str(tmp_path / "ovos" / "entity_memory.json")
    assert main(["--db-path", db, "add", "s", "Likes tea"]) == 0
    [record] = (tmp_path / "ovos" / "entity_memory" / "sessions").glob("*.json")
    record.write_text("{this is not JSON")
    capsys.readouterr()
    assert main(["--db-path", db, "facts", "s"]) == 1  # reading it sets the file aside
    capsys.readouterr()
    code, checks = doctor(capsys, "--db-path", db, "--config", persona_file(tmp_path, db_path=db, extractor="rules"))
    check = checks["quarantined files"]
    assert check["level"] == "WARN" and check["detail"].startswith("1 file that did not parse, set aside in ")
    assert f"{record.name}.corrupt" in check["detail"] and "then delete them" in check["fix"]
    assert checks["store"]["level"] == "PASS"


def test_no_quarantine_check_when_nothing_was_set_aside(capsys, tmp_path):
    code, checks = doctor(capsys, "--config", persona_file(tmp_path, extractor="rules"))
    assert code == 0 and "quarantined files" not in checks


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
