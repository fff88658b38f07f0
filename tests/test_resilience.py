"""The turn never waits and never breaks: dead, silent, refusing and babbling endpoints."""
from __future__ import annotations

import threading
import time

import pytest

from tests.fake_model import FakeModel, SilentServer, free_port
from tests.helpers import Clock, user_assistant


def test_update_history_returns_before_the_model_answers(make_memory, model):
    model.release.clear()
    memory = make_memory()
    memory.update_history(user_assistant("I like tea"), "s")  # would block here if synchronous
    assert model.arrived.acquire(timeout=10)
    assert memory.build_conversation_context("hi", "s")[-1].content == "hi"
    model.release.set()
    assert memory.flush(10)


def test_a_silent_endpoint_costs_the_turn_nothing(make_memory, logs):
    silent = SilentServer()
    try:
        clock = Clock()
        memory = make_memory(api_url=silent.url, request_timeout=0.5, extractor="llm",
                             _kwargs={"clock": clock})
        started = time.perf_counter()
        for n in range(3):
            memory.update_history(user_assistant(f"I like tea {n}"), "s")
            memory.build_conversation_context("hi", "s")
        assert time.perf_counter() - started < 0.5
        assert memory.flush(0.1) is False  # still waiting for the endpoint, in the background
        memory.flush(2)
        downs = [m for level, m in logs if level == "warning" and "is down" in m]
        assert len(downs) == 1 and "request_timeout" in downs[0]
    finally:
        silent.stop()


def test_dead_endpoint_then_recovery_on_the_same_port(make_memory, logs):
    port = free_port()
    clock = Clock()
    memory = make_memory(api_url=f"http://127.0.0.1:{port}/v1", extractor="llm", model="m",
                         _kwargs={"clock": clock})
    memory.update_history(user_assistant("I like tea"), "s")
    memory.update_history(user_assistant("I have a cat"), "s")
    assert memory.flush(0.5) is False  # connection refused -> backing off, exchanges kept
    assert any("is down" in m and "api_url" in m for _, m in logs)
    server = FakeModel(port).start()
    try:
        server.reply('["Likes tea"]', '["Has a cat"]')
        clock.advance(3600)
        memory.wake()
        assert memory.flush(10)
        assert [f.text for f in memory.facts("s")] == ["Likes tea", "Has a cat"]
        assert any("answers again" in m for level, m in logs if level == "info")
    finally:
        server.stop()


@pytest.mark.parametrize("answer, hint", [
    ((500, "oops"), "is down"),
    ((200, "not json at all"), "not JSON"),
    ((200, b'{"choices": [{"message": {"content": "\xff\xfe"}}]}'), "no JSON object"),
    ((200, '{"choices": []}'), "not an OpenAI chat completion"),
    ("I think the user likes jazz.", "no JSON object"),
])
def test_bad_answers_store_nothing_and_say_so(make_memory, model, logs, answer, hint):
    model.reply(answer)
    memory = make_memory(extractor="llm", model="m")
    memory.update_history(user_assistant("I like tea"), "s")
    memory.flush(2)
    assert memory.facts("s") == []
    assert any(hint in m for level, m in logs if level == "warning"), logs


def test_truncated_reply_names_the_key(make_memory, model, logs):
    model.finish_reason = "length"
    model.reply('["Likes te')
    memory = make_memory()
    memory.update_history(user_assistant("I like tea"), "s")
    assert memory.flush(10)
    assert memory.facts("s") == []
    assert any("max_extract_tokens" in m for _, m in logs)


def test_json_output_refused_falls_back_to_plain(make_memory, model):
    model.refuse_json_output = True
    model.reply('["Likes tea"]', '["Has a cat"]')
    memory = make_memory()
    memory.update_history(user_assistant("I like tea"), "s")
    memory.update_history(user_assistant("I have a cat"), "s")
    assert memory.flush(10)
    assert [f.text for f in memory.facts("s")] == ["Likes tea", "Has a cat"]
    sent = model.chat_requests()
    assert "response_format" in sent[0] and "response_format" not in sent[-1]
    assert sent[0]["temperature"] == 0


def test_model_is_detected_and_redetected(make_memory, model):
    model.models = ["first"]
    model.default = lambda body: (404, '{"error": "model first not found"}') if body["model"] == "first" \
        else '["Likes tea"]'
    model.reply("[]")
    memory = make_memory()
    memory.update_history(user_assistant("hello, I am back"), "s")
    assert memory.flush(10)
    model.models = ["second"]
    memory.update_history(user_assistant("I like tea"), "s")
    assert memory.flush(10)
    assert [r["model"] for r in model.chat_requests()] == ["first", "first", "second"]
    assert [f.text for f in memory.facts("s")] == ["Likes tea"]


def test_api_key_is_sent(make_memory, model):
    model.reply("[]")
    memory = make_memory(api_key="sekrit")
    memory.update_history(user_assistant("hi, I am Sam"), "s")
    assert memory.flush(10)
    assert model.chat_requests()[0]["_headers"]["Authorization"] == "Bearer sekrit"


def test_many_threads_many_sessions_lose_and_duplicate_nothing(make_memory, model):
    model.default = lambda body: '["' + body["messages"][0]["content"].split("User: ")[1].split("\n")[0] + '"]'
    memory = make_memory(queue_size=2000, max_facts=0, extractor="llm", model="m")
    threads_n, turns = 16, 100

    def talk(t):
        for n in range(turns):
            memory.update_history(user_assistant(f"Fact t{t} n{n}"), f"s{t % 4}")
            memory.build_conversation_context("hi", f"s{t % 4}")
    threads = [threading.Thread(target=talk, args=(t,)) for t in range(threads_n)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert memory.flush(120)
    texts = [f.text for s in range(4) for f in memory.facts(f"s{s}")]
    assert len(texts) == threads_n * turns == len(set(texts))
