"""A store that turns read-only keeps serving what it holds: the prompt still carries the
facts, the command line lists and exports them, and doctor says what to do. The store is
mounted read-only for real, in a mount namespace of the test's own (``unshare -rm``)."""
from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import List

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _namespaces_work() -> bool:
    if shutil.which("unshare") is None:
        return False
    return subprocess.run(["unshare", "-rm", "true"], capture_output=True).returncode == 0


needs_namespaces = pytest.mark.skipif(not _namespaces_work(),
                                      reason="needs 'unshare -rm' to mount a folder read-only without root")


def read_only(folder: Path, argv: List[str]) -> "subprocess.CompletedProcess[str]":
    """``argv`` run with ``folder`` mounted read-only (the rest of the system as it is)."""
    where = shlex.quote(str(folder))
    script = (f"mount --bind {where} {where} && mount -o remount,ro,bind {where} && "
              f"exec {' '.join(shlex.quote(a) for a in argv)}")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run(["unshare", "-rm", "sh", "-c", script], capture_output=True, text=True, env=env,
                          timeout=120)


TURN = """
import json, sys
from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole
from ovos_memory_plugin_entity.plugin import EntityMemory
memory = EntityMemory(config={"db_path": sys.argv[1], "extractor": "rules"})
context = memory.build_conversation_context("Where do I live?", "default")
memory.update_history([AgentMessage(role=MessageRole.USER, content="I have a cat named Tom"),
                       AgentMessage(role=MessageRole.ASSISTANT, content="Nice.")], "default")
memory.close(timeout=1)
print(json.dumps([m.content for m in context]))
"""


@pytest.fixture
def kept(make_memory, tmp_path) -> Path:
    folder = tmp_path / "memory"
    memory = make_memory(db_path=str(folder), extractor="rules")
    memory.add_fact("default", "Name is Sam", pin=True)
    memory.add_fact("default", "Lives in Leeds")
    memory.close()
    return folder


@needs_namespaces
def test_the_prompt_still_carries_the_facts(kept):
    done = read_only(kept, [sys.executable, "-c", TURN, str(kept)])
    assert done.returncode == 0, done.stderr[-2000:]
    context = " ".join(json.loads(done.stdout.splitlines()[-1]))
    assert "Name is Sam" in context and "Lives in Leeds" in context


@needs_namespaces
def test_the_command_line_lists_and_exports_and_doctor_says_what_to_do(kept):
    cli = [sys.executable, "-m", "ovos_memory_plugin_entity.cli", "--db-path", str(kept)]
    facts = read_only(kept, cli + ["--json", "facts", "default"])
    assert facts.returncode == 0, facts.stderr
    assert {f["text"] for f in json.loads(facts.stdout)} == {"Name is Sam", "Lives in Leeds"}
    export = read_only(kept, cli + ["export", "default"])
    assert export.returncode == 0 and "Lives in Leeds" in export.stdout, export.stderr
    added = read_only(kept, cli + ["add", "default", "Likes tea"])
    assert added.returncode == 1 and "can be read but not written" in added.stderr and "Traceback" not in added.stderr
    doctor = read_only(kept, cli + ["--json", "doctor", "--timeout", "1"])
    store = {c["name"]: c for c in json.loads(doctor.stdout)}["store"]
    assert store["level"] == "FAIL" and "facts are served" in store["detail"]
    assert "read-only: remount it read-write" in store["fix"]
