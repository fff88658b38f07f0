"""A spoken control is done when the user is told it is done: written before the turn's
context says so, whatever the model, the queue, a restart, a kill or another node does."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

from ovos_memory_plugin_entity.cli import main
from ovos_memory_plugin_entity.language.locale_data import load_language
from tests.helpers import user_assistant
from tests.pg import needs_postgres
from tests.test_commands import closed_port_url, context_text, live, turn

ROOT = Path(__file__).resolve().parent.parent
SAID = {"I moved to Leeds.": "Lives in Leeds", "I like tea.": "Likes tea", "I like jazz.": "Likes jazz",
        "I have a cat.": "Has a cat", "I live in Porto.": "Lives in Porto", "I have diabetes.": "Has diabetes"}


def answer(body):
    """The fake model's answer: the fact each exchange says."""
    prompt = body["messages"][-1]["content"]
    return json.dumps({"add": [fact for said, fact in SAID.items() if f"User: {said}" in prompt]})


def said(memory, words, reply="Okay.", sid="s"):
    """One turn as ovos-persona runs it, with no waiting for the worker."""
    context = memory.build_conversation_context(words, sid)
    memory.update_history(user_assistant(words, reply), sid)
    return "\n".join(m.content for m in context if m.role.value == "system")


def test_a_forget_said_during_an_extraction_leaves_neither_value(make_memory, model):
    """The new address is at the model when the user asks to forget their address: the old
    one goes at once, and the new one is forgotten as it is applied, from the trail too."""
    model.default = answer
    memory = make_memory(extractor="llm")
    memory.add_fact("s", "Lives in Porto")
    memory.add_fact("s", "Likes tea")
    model.release.clear()
    said(memory, "I moved to Leeds.")
    assert model.arrived.acquire(timeout=10)
    assert "Lives in Porto" in said(memory, "Forget my address.")
    assert live(memory) == ["Likes tea"]  # written before the turn went on
    model.release.set()
    assert memory.flush(10)
    assert live(memory) == ["Likes tea"]
    assert "Leeds" not in json.dumps(memory.audit_trail("s")) and "Porto" not in json.dumps(memory.audit_trail("s"))


def test_a_forget_and_a_pause_survive_a_restart_while_the_model_is_slow(make_memory, model):
    model.default = answer
    memory = make_memory(extractor="llm")
    memory.add_fact("s", "Lives in Porto")
    model.release.clear()
    said(memory, "I moved to Leeds.")  # at the model when the assistant stops
    assert model.arrived.acquire(timeout=10)
    said(memory, "Forget my address.")
    said(memory, "Don't remember this conversation.")
    assert memory.close(timeout=0.2) is False
    model.release.set()
    again = make_memory(extractor="llm")
    block = said(again, "I have diabetes.")
    assert again.flush(10)
    assert again.facts("s") == []  # Leeds, learnt again from the kept exchange, is covered by the forget
    assert "Memory is paused" in block


def test_a_control_is_never_dropped_by_a_full_queue(make_memory, model):
    model.default = answer
    memory = make_memory(extractor="llm", queue_size=1)
    memory.add_fact("s", "Lives in Porto")
    model.release.clear()
    said(memory, "I like tea.")
    assert model.arrived.acquire(timeout=10)
    for words in ("I like jazz.", "I have a cat."):  # the queue holds one: jazz is dropped
        said(memory, words)
    said(memory, "Forget my address.")
    said(memory, "Stop remembering.")
    memory.close(timeout=0.2)
    model.release.set()
    again = make_memory(extractor="llm")
    said(again, "I have diabetes.")
    assert again.flush(10)
    facts = {f.text for f in again.facts("s")}
    assert "Lives in Porto" not in facts and "Has diabetes" not in facts


def test_a_killed_process_loses_no_waiting_exchange(tmp_path, model):
    """SIGKILL with one exchange at the model and two queued: the next start learns all three."""
    model.default = answer
    model.release.clear()
    db_path = tmp_path / "ovos" / "entity_memory.json"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, model.url, str(db_path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=str(ROOT))
    try:
        assert child.stdout is not None
        assert any(line.strip() == "queued" for line in child.stdout)  # (its log lines come first)
        assert model.arrived.acquire(timeout=10)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(10)
        child.stdout.close()  # type: ignore[union-attr]
        child.stdin.close()  # type: ignore[union-attr]
    model.release.set()
    from ovos_plugin_manager.agents import load_memory_plugin
    from tests.helpers import UNIQUE_NAME
    again = load_memory_plugin(UNIQUE_NAME)(config={"api_url": model.url, "db_path": str(db_path),
                                                    "extractor": "llm"})
    try:
        assert again.flush(10)
        assert {"Likes tea", "Likes jazz", "Has a cat"} <= {f.text for f in again.facts("s")}
    finally:
        again.close()


CHILD = """
import sys
from ovos_memory_plugin_entity.plugin import EntityMemory
from tests.helpers import user_assistant
memory = EntityMemory(config={"api_url": sys.argv[1], "db_path": sys.argv[2], "extractor": "llm"})
for words in ("I like tea.", "I like jazz.", "I have a cat."):
    memory.build_conversation_context(words, "s")
    memory.update_history(user_assistant(words), "s")
assert memory._learner._keeper.flush(10)  # the keeper thread wrote them (the turn did not wait for it)
print("queued", flush=True)
sys.stdin.read()  # until killed
"""


def test_forget_what_i_just_said_after_a_restart_takes_back_the_requeued_exchange(make_memory, model):
    model.default = answer
    memory = make_memory(extractor="llm")
    model.release.clear()
    said(memory, "I like tea.")
    assert model.arrived.acquire(timeout=10)
    said(memory, "I live in Porto.")  # waiting behind tea when the assistant stops
    memory.close(timeout=0.2)
    again = make_memory(extractor="llm")  # tea and Porto re-queued; tea at the model again
    assert model.arrived.acquire(timeout=10)
    block = said(again, "Forget what I just said.")
    assert "I live in Porto." in block
    model.release.set()
    assert again.flush(10)
    assert live(again) == ["Likes tea"]


def test_forgetting_everything_leaves_no_person_anywhere(make_memory, tmp_path, capsys):
    memory = make_memory(api_url=closed_port_url(), extractor="rules")
    memory.add_fact("s", "Is a nurse", about="Emma", relation="sister")
    memory.add_fact("s", "Likes tea")
    turn(memory, "Forget everything you know about me.", answer="Are you sure?")
    block = turn(memory, "yes")
    assert "forgotten" in block
    assert memory.facts("s") == [] and memory.entities("s") == []
    memory.close()
    capsys.readouterr()
    assert main(["--db-path", str(tmp_path / "ovos" / "entity_memory.json"), "export", "s"]) == 0
    assert "Emma" not in capsys.readouterr().out
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert b"Emma" not in path.read_bytes() and b"sister" not in path.read_bytes(), path


def test_the_owners_forget_all_takes_the_people_too(make_memory, tmp_path):
    memory = make_memory(api_url=closed_port_url(), extractor="rules")
    memory.add_fact("s", "Is a nurse", about="Emma", relation="sister")
    memory.close()
    assert main(["--db-path", str(tmp_path / "ovos" / "entity_memory.json"), "forget-all", "s", "--yes"]) == 0
    for path in (tmp_path / "ovos").rglob("*"):
        if path.is_file():
            assert b"Emma" not in path.read_bytes(), path


def test_a_pause_and_a_resume_are_audited(make_memory):
    memory = make_memory(api_url=closed_port_url(), extractor="rules")
    said(memory, "Don't remember this conversation.")
    said(memory, "You can remember again.")
    assert [e["action"] for e in memory.audit_trail("s")] == ["pause", "resume"]


def test_close_waits_as_long_as_a_model_request_may(make_memory, model):
    """Its default wait is the request's own bound, not a shorter fixed one."""
    memory = make_memory()
    assert memory.close.__defaults__ == (None,)


@needs_postgres
def test_a_second_node_sees_a_control_at_once(make_memory, pg_url):
    """No flush on the first node: the control is in the database when its turn returns."""
    first = make_memory(backend="postgres", db_url=pg_url, api_url=closed_port_url(), extractor="rules")
    second = make_memory(backend="postgres", db_url=pg_url, api_url=closed_port_url(), extractor="rules")
    first.add_fact("s", "Lives in Porto")
    context_text(first, "Forget my address.")
    assert "Porto" not in context_text(second, "Where do I live? Porto?")
    context_text(first, "Don't remember this conversation.")
    turn(second, "I have diabetes.")
    assert live(second) == []
    context_text(first, "You can remember again.")
    turn(second, "I like tea.")
    assert live(second) == ["Likes tea"]


def test_what_an_utterance_says_besides_a_control_is_learnt(make_memory, monkeypatch):
    """``Control.rest`` is learnt from as an ordinary exchange, except after a pause that
    opens the utterance; ``Control.unsure`` asks first instead of acting."""
    from ovos_memory_plugin_entity.language.controls import Control
    from ovos_memory_plugin_entity.pipelines import commands
    read = {"forget my address I live in Leeds now": Control("forget_thing", "my address", rest="I live in Leeds."),
            "stop remembering I have diabetes": Control("pause", rest="I have diabetes."),
            "forget about tea for a while": Control("forget_thing", "tea", unsure=True)}
    monkeypatch.setattr(commands, "recognise", lambda words, _language: read.get(words))
    memory = make_memory(api_url=closed_port_url(), extractor="rules")
    memory.add_fact("s", "Lives in Porto")
    memory.add_fact("s", "Likes tea")
    turn(memory, "forget my address I live in Leeds now")
    assert live(memory) == ["Likes tea", "Lives in Leeds"]
    block = turn(memory, "forget about tea for a while", answer="Should I forget that you like tea?")
    assert load_language("en-us").phrases["ask_forget"] in block and "Likes tea" in live(memory)  # asked, not done
    turn(memory, "stop remembering I have diabetes")
    assert "Has diabetes" not in live(memory)


def test_a_yes_counts_only_for_a_reply_that_put_our_question_and_only_as_an_answer(make_memory):
    """A reply that speaks of something else puts no question of ours; words that are not
    an answer ("sure is cold today") forget nothing; a reply that asks without a "?" but
    speaks of the memory does put it."""
    memory = make_memory(extractor="rules", api_url=closed_port_url())
    for fact in ("Likes tea", "Has a cat"):
        memory.add_fact("s", fact)
    for reply, words in (("Done, your schedule for today is clear.", "yes please"),
                         ("Are you sure you want me to forget everything?", "sure is cold today")):
        turn(memory, "Forget everything you know about me.", reply)
        turn(memory, words)
        assert sorted(live(memory)) == ["Has a cat", "Likes tea"], (reply, words)
    turn(memory, "Forget everything you know about me.", "Say yes and I will forget everything I know about you.")
    turn(memory, "yes")
    assert live(memory) == []
