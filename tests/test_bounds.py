"""Bounded by size, not only by count: held user turns, merged assistant messages, the
stem and content-word caches, and the extraction queue keep a few MB whatever the
size of what they are given, and say so the first time they cut."""
from __future__ import annotations

import tracemalloc

from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.language.stemming import snowball_stem
from ovos_memory_plugin_entity.pipelines.learning import MAX_HELD_USER_CHARS, ExchangePairer
from ovos_memory_plugin_entity.pipelines.turns import MAX_TURN_CHARS
from tests.helpers import Clock, user_assistant

MB = 1024 * 1024


def retained(work) -> int:
    """Bytes still allocated after ``work`` (what it keeps, not what it passed through)."""
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        work()
        return tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()


def big(n: int, chars: int = 100_000) -> str:
    return f"My note {n}: " + "x" * chars


def test_held_user_turns_are_kept_cut_to_what_the_model_is_shown(logs):
    pairer = ExchangePairer(Clock(), timeout=300)
    kept = retained(lambda: [pairer.feed(f"s{n}", [AgentMessage(role=MessageRole.USER, content=big(n))])
                             for n in range(500)])
    assert kept < 3 * MB  # 500 turns of 100 KB were 50 MB
    (user, _), = pairer.feed("s1", [AgentMessage(role=MessageRole.ASSISTANT, content="Okay.")])
    assert user.startswith("My note 1:") and len(user) == MAX_HELD_USER_CHARS
    assert sum("MAX_HELD_USER_CHARS" in m for _, m in logs) == 1


def test_merged_assistant_messages_are_bounded(make_memory, logs):
    memory = make_memory(extractor="rules", max_history=4)
    memory.update_history(user_assistant("Tell me a story."), "s")
    for n in range(2000):
        memory.update_history([AgentMessage(role=MessageRole.ASSISTANT, content=f"Part {n}. " + "y" * 1000)], "s")
    sent = memory.build_conversation_context("And then?", "s")
    assert sum(len(m.content) for m in sent) < MAX_TURN_CHARS + 1000  # it was 2 MB, growing every turn
    assert "Part 1999." in sent[-2].content  # the newest words are the ones kept
    assert sum("MAX_TURN_CHARS" in m for _, m in logs) == 1


def test_the_stem_cache_keeps_no_long_words():
    stem = snowball_stem("english")
    assert retained(lambda: [stem(f"w{n}" + "a" * 600) for n in range(400)]) < 100_000  # was 280 KB
    assert stem("running") == "run"


def test_the_content_word_cache_keeps_no_long_texts():
    kept = retained(lambda: [textlib.content_words(f"note {n} " + "word " * 400) for n in range(500)])
    assert kept < 300_000  # was 1 MB of keys alone
    assert textlib.content_words("Likes green tea") == ("green", "like", "tea")


def test_the_queue_is_bounded_in_characters(make_memory, model):
    model.release.clear()  # the model holds every answer: everything queues
    memory = make_memory(extractor="llm", queue_size=300, max_history=0)  # the turns are bounded apart
    memory.update_history(user_assistant("I like tea."), "first")
    assert model.arrived.acquire(timeout=10)
    kept = retained(lambda: [memory.update_history(user_assistant(big(n), big(n)), f"s{n}") for n in range(200)])
    model.release.set()
    assert kept < 5 * MB  # 200 exchanges of 200 KB were 40 MB
