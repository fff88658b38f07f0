"""``ovos-entity-memory chat``: a typed conversation through the real ovos-persona, its chat
handler and this plugin all pointed at the loopback model; a second run remembers the first."""
from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict

import pytest

from ovos_memory_plugin_entity.cli import main
from tests.fake_model import free_port

NAME = "ovos-memory-plugin-entity-facts"
FACTS = {"My name is Sam": {"fact": "Name is Sam", "pin": True}, "I live in Leeds": "Lives in Leeds",
         "I moved to York": {"id": "f2", "fact": "Lives in York"},
         "My daughter Emma can't eat shellfish": {"fact": "Is allergic to shellfish", "about": "Emma", "relation": "daughter"}}


def answer(body: Dict[str, Any]) -> str:
    """The extractor's request (it asks for the contract's JSON) gets facts; the persona's
    chat handler gets a sentence that shows what its context carried."""
    if "response_format" in body:
        exchange = body["messages"][-1]["content"]
        said = [fact for words, fact in FACTS.items() if f"User: {words}" in exchange]
        updates = [f for f in said if isinstance(f, dict) and "id" in f]
        return json.dumps({"add": [f for f in said if f not in updates], "update": updates})
    system = " ".join(m["content"] for m in body["messages"] if m["role"] == "system")
    return "You are Sam." if "Name is Sam" in system else "Nice to meet you."


def persona_file(tmp_path: Path, model_url: str, **block: Any) -> str:
    block = {"api_url": model_url, "extractor": "llm", "db_path": str(tmp_path / "memory"), **block}
    path = tmp_path / "persona.json"
    path.write_text(json.dumps({
        "name": "Ada", "handlers": ["ovos-chat-openai-plugin"],
        "ovos-chat-openai-plugin": {"api_url": model_url, "key": "none", "model": "test-model",
                                    "allow_system_prompts": True},
        "memory_module": NAME, NAME: block}))
    return str(path)


def chat(monkeypatch, capsys, persona: str, *lines: str) -> str:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    assert main(["chat", "--persona", persona, "--timeout", "20"]) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def test_a_conversation_through_the_real_persona_and_a_second_run_remembers(monkeypatch, capsys, tmp_path, model):
    model.default = answer
    persona = persona_file(tmp_path, model.url)
    first = chat(monkeypatch, capsys, persona, "My name is Sam", "I live in Leeds", "I moved to York")
    assert first.startswith("Ada: memory in " + str(tmp_path / "memory"))
    assert "Ada> Nice to meet you." in first  # the persona's own handler answered the first turn
    assert "learnt    [f1] Name is Sam  (pinned)" in first and "learnt    [f2] Lives in Leeds" in first
    assert "replaced  [f2] Lives in Leeds  (retired: replaced by f3)" in first and "learnt    [f3] Lives in York" in first
    assert "Ada> You are Sam." in first  # the second turn's context carried the fact to the chat handler
    second = chat(monkeypatch, capsys, persona, "Who am I?")
    assert "already known: [f1] Name is Sam; [f3] Lives in York" in second
    assert "Ada> You are Sam." in second and "learnt" not in second
    handler_requests = [r for r in model.requests if "response_format" not in r]
    assert any("Name is Sam" in m["content"] for m in handler_requests[-1]["messages"] if m["role"] == "system")


def test_a_fact_about_someone_says_who(monkeypatch, capsys, tmp_path, model):
    model.default = answer
    persona = persona_file(tmp_path, model.url)
    out = chat(monkeypatch, capsys, persona, "My daughter Emma can't eat shellfish")
    assert "learnt    [f1] Emma (daughter): Is allergic to shellfish" in out
    again = chat(monkeypatch, capsys, persona, "Who am I?")
    assert "already known: [f1] Emma (daughter): Is allergic to shellfish" in again


def test_a_forget_is_shown(monkeypatch, capsys, tmp_path, model):
    model.default = answer
    persona = persona_file(tmp_path, model.url, extractor="rules")
    out = chat(monkeypatch, capsys, persona, "I love jazz", "Forget what I just said.")
    assert "learnt    [f1]" in out and "forgotten [f1]" in out


def test_without_ovos_persona_it_says_what_to_install(monkeypatch, capsys, tmp_path):
    monkeypatch.setitem(sys.modules, "ovos_persona", None)  # as if it were not installed
    monkeypatch.setattr(sys, "stdin", io.StringIO("hello\n"))
    persona = persona_file(tmp_path, f"http://127.0.0.1:{free_port()}/v1")
    assert main(["chat", "--persona", persona]) == 1
    err = capsys.readouterr().err
    assert "ovos-persona is not installed" in err and "pip install --pre -U ovos-core ovos-persona" in err


def test_a_persona_without_this_plugin_is_refused_with_the_fix(monkeypatch, capsys, tmp_path):
    path = tmp_path / "persona.json"
    path.write_text(json.dumps({"name": "Ada", "handlers": ["ovos-chat-openai-plugin"]}))
    monkeypatch.setattr(sys, "stdin", io.StringIO("hello\n"))
    assert main(["chat", "--persona", str(path)]) == 1
    assert f'"memory_module": "{NAME}"' in capsys.readouterr().err


@pytest.mark.parametrize("lines", [["I like tea"], ["I like tea", "and coffee"]])
def test_a_handler_that_is_down_is_said_in_one_line_and_the_chat_fails(monkeypatch, capsys, tmp_path, lines):
    persona = persona_file(tmp_path, f"http://127.0.0.1:{free_port()}/v1", extractor="rules")
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    assert main(["chat", "--persona", persona]) == 1  # no turn got an answer
    captured = capsys.readouterr()
    said = [line for line in captured.out.splitlines() if "no answer" in line]
    assert len(said) == len(lines) and "Connection refused" in said[0] and len(said[0]) < 160
    reason = captured.err.strip()
    assert "\n" not in reason and reason.startswith("ovos-entity-memory: no turn got an answer") and "doctor" in reason


def test_one_answered_turn_is_a_chat_that_worked(monkeypatch, capsys, tmp_path, model):
    model.default = answer
    persona = persona_file(tmp_path, model.url, extractor="rules")
    assert "Ada> Nice to meet you." in chat(monkeypatch, capsys, persona, "I like tea")


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path, model):
    """``chat ... | head -n 1``: the reader closes the pipe; the chat stops quietly."""
    model.default = answer
    persona = persona_file(tmp_path, model.url, extractor="rules")
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]), PYTHONUNBUFFERED="1")
    chat = subprocess.Popen([sys.executable, "-m", "ovos_memory_plugin_entity.cli", "chat", "--persona", persona],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert chat.stdout is not None and chat.stdout.readline().startswith("Ada: memory in")
    chat.stdout.close()  # what head does once it has its line
    _, err = chat.communicate("I like tea\nI like jazz\n", timeout=60)
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert chat.returncode == 1


def test_a_composite_persona_is_talked_to_through_its_member(monkeypatch, capsys, tmp_path, model):
    model.default = answer
    block = {"extractor": "rules", "db_path": str(tmp_path / "memory"), "max_history": 0}
    path = tmp_path / "persona.json"
    path.write_text(json.dumps({
        "name": "Ada", "handlers": ["ovos-chat-openai-plugin"],
        "ovos-chat-openai-plugin": {"api_url": model.url, "key": "none", "model": "test-model",
                                    "allow_system_prompts": True},
        "memory_module": "ovos-memory-plugin-composite",
        "ovos-memory-plugin-composite": {"members": [{"module": NAME, "config": block}]}}))
    out = chat(monkeypatch, capsys, str(path), "I love jazz")
    assert out.startswith("Ada: memory in " + str(tmp_path / "memory")) and "learnt    [f1] Likes jazz" in out
