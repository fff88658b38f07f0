"""Hybrid recall through the plugin, against a scripted embeddings server on 127.0.0.1:
vectors made in the worker and stored, fused on the turn, and every way the endpoint
can fail costing the turn at most ``embeddings_timeout`` and ranking by words."""
from __future__ import annotations

import json
import time
from typing import Iterator, List

import pytest

from ovos_memory_plugin_entity.doctor import FAIL, PASS, WARN, check_embeddings
from ovos_memory_plugin_entity.domain import ranking as context
from ovos_memory_plugin_entity.settings import load_settings
from tests.embedding_servers import FakeEmbeddings
from tests.fake_model import free_port
from tests.helpers import Clock

# Concepts the fake model "understands": words of one concept point the same way.
CONCEPTS = [{"pet", "guinea", "pig", "oscar", "animal"}, {"job", "nurse", "work", "works", "hospital"},
            {"drink", "tea", "coffee"}]
# Any turn's own work is far below this; the tests allow it beside embeddings_timeout.
TURN_OVERHEAD_S = 0.15
TIMEOUT_S = 0.1


def concept_vector(text: str) -> List[float]:
    words = set(text.lower().replace("?", " ").replace(":", " ").split())
    vector = [float(len(words & concept)) for concept in CONCEPTS] + [0.1]
    return vector


@pytest.fixture
def embeddings() -> Iterator[FakeEmbeddings]:
    server = FakeEmbeddings()
    server.vector_of = concept_vector
    yield server
    server.stop()


FILLER = [f"Bought a new lamp for room {n}" for n in range(30)]


def told(memory, facts: List[str]) -> None:
    for fact in facts:
        memory.add_fact("s", fact)
    assert memory.flush(10)


def block(memory, utterance: str) -> str:
    messages = memory.build_conversation_context(utterance, "s")
    return messages[-2].content if len(messages) > 1 else ""


def test_a_question_in_other_words_finds_the_oldest_fact(make_memory, embeddings):
    config = {"context_budget_chars": 120, "extractor": "rules"}
    lexical = make_memory(**config)
    hybrid = make_memory(**config, embeddings_url=embeddings.url, embeddings_passage_prefix="passage: ",
                         embeddings_query_prefix="query: ", embeddings_timeout=5,
                         db_path=str(lexical.settings.store_folder) + "-hybrid.json")
    for memory in (lexical, hybrid):
        told(memory, ["Has a guinea pig named Oscar"] + FILLER)
    assert "guinea pig" not in block(lexical, "What animal do I keep at home?")
    assert "guinea pig" in block(hybrid, "What animal do I keep at home?")
    # made in the worker, in batches, with the passage prefix; the utterance with the query prefix
    passages = embeddings.inputs("passage")
    assert sorted(passages) == sorted(f"passage: {t}" for t in ["Has a guinea pig named Oscar"] + FILLER)
    assert all(len(r["input"]) <= 32 for r in embeddings.requests)
    assert embeddings.inputs("query") == ["query: What animal do I keep at home?"]


def test_words_still_count_and_pinned_facts_still_lead(make_memory, embeddings):
    memory = make_memory(context_budget_chars=80, extractor="rules", embeddings_url=embeddings.url,
                         embeddings_timeout=5)
    memory.add_fact("s", "Name is Ana", pin=True)
    told(memory, ["Drinks green tea every morning", "Works as a nurse"] + FILLER)
    text = block(memory, "Which lamp did I buy for room 7?")  # no concept at all: the words decide
    lines = text.splitlines()[2:]
    assert lines[0] == "- Name is Ana" and lines[1] == "- Bought a new lamp for room 7"


def test_stored_with_the_fact_and_a_fact_without_one_is_ranked_by_words(make_memory, embeddings, tmp_path):
    embeddings.answer = lambda body: (500, "no") if body["input_type"] == "passage" else None
    clock = Clock()
    memory = make_memory(context_budget_chars=80, extractor="rules", embeddings_url=embeddings.url,
                         embeddings_timeout=5, _kwargs={"clock": clock})
    told(memory, ["Has a guinea pig named Oscar"] + FILLER)
    assert "Bought a new lamp for room 7" in block(memory, "which lamp is in room 7?")
    embeddings.answer = None
    clock.advance(600)  # past the back-off
    memory.build_conversation_context("anything", "s")  # the turn finds facts without vectors
    assert memory.flush(10)
    files = list((tmp_path / "ovos" / "entity_memory" / "sessions").glob("*.json"))
    stored = json.loads(files[0].read_text())
    assert len(stored["vectors"]["of"]) == 31 and stored["vectors"]["model"] == "fake-embed"


def test_off_by_default_and_nothing_changes(make_memory, embeddings, tmp_path):
    memory = make_memory(context_budget_chars=120, extractor="rules")
    assert memory.settings.embeddings_url == "" and memory._dense is None
    told(memory, ["Has a guinea pig named Oscar"] + FILLER)
    assert "lamp for room 7" in block(memory, "which lamp is in room 7?")
    assert embeddings.requests == []
    files = list((tmp_path / "ovos" / "entity_memory" / "sessions").glob("*.json"))
    assert "vectors" not in json.loads(files[0].read_text())


@pytest.mark.parametrize("failure", ["down", "nonsense", "not json"])
def test_a_failing_endpoint_ranks_by_words_and_says_so_once(make_memory, embeddings, logs, failure):
    url = f"http://127.0.0.1:{free_port()}/v1" if failure == "down" else embeddings.url
    embeddings.answer = {"nonsense": (200, {"data": [{"embedding": "?"}]}), "not json": (200, "<html>"),
                         "down": None}[failure]
    memory = make_memory(context_budget_chars=80, extractor="rules", embeddings_url=url, embeddings_timeout=2)
    told(memory, FILLER)
    for _ in range(3):
        assert "Bought a new lamp for room 7" in block(memory, "which lamp is in room 7?")
    notices = [m for level, m in logs if level == "warning" and "ranked by words alone" in m]
    assert len(notices) == 1 and url in notices[0]


def test_a_slow_endpoint_costs_the_turn_no_more_than_the_timeout(make_memory, embeddings):
    memory = make_memory(context_budget_chars=80, extractor="rules", embeddings_url=embeddings.url,
                         embeddings_timeout=TIMEOUT_S)
    told(memory, FILLER)
    embeddings.release.clear()  # from now on the server holds every request
    try:
        for _ in range(3):
            start = time.monotonic()
            text = block(memory, "which lamp is in room 7?")
            assert time.monotonic() - start < TIMEOUT_S + TURN_OVERHEAD_S
            assert "Bought a new lamp for room 7" in text
    finally:
        embeddings.release.set()


def test_vectors_of_another_model_are_made_again_in_the_background(make_memory, embeddings, tmp_path):
    first = make_memory(extractor="rules", embeddings_url=embeddings.url, embeddings_model="model-a")
    told(first, ["Has a guinea pig named Oscar", "Works as a nurse"])
    first.close()
    embeddings.requests.clear()
    second = make_memory(extractor="rules", embeddings_url=embeddings.url, embeddings_model="model-b",
                         embeddings_timeout=5)
    second.build_conversation_context("what is my job?", "s")  # finds model-a's vectors: stale
    assert second.flush(10)
    files = list((tmp_path / "ovos" / "entity_memory" / "sessions").glob("*.json"))
    assert json.loads(files[0].read_text())["vectors"]["model"] == "model-b"
    assert sorted(embeddings.inputs("passage")) == ["Has a guinea pig named Oscar", "Works as a nurse"]
    assert all(r.get("model") == "model-b" for r in embeddings.requests)


def test_doctor_checks_the_endpoint(embeddings):
    def checked(url: str, timeout: float = 0.2):
        settings, _ = load_settings({"embeddings_url": url, "embeddings_timeout": timeout})
        return check_embeddings(settings, 2.0)[0]
    assert checked("").level == PASS and "words alone" in checked("").detail
    good = checked(embeddings.url)
    assert good.level == PASS and "4 dimensions" in good.detail
    assert checked(f"http://127.0.0.1:{free_port()}/v1").level == FAIL
    embeddings.answer = (200, {"data": []})
    assert checked(embeddings.url).level == FAIL
    embeddings.answer = None
    embeddings.release.clear()
    embeddings.hold_s = 0.3  # slower than the timeout it is checked against
    try:
        slow = checked(embeddings.url, timeout=0.05)
    finally:
        embeddings.release.set()
    assert slow.level == WARN and "embeddings_timeout" in slow.fix


def test_a_server_that_names_another_model_for_facts_does_not_loop(make_memory, embeddings):
    def named(body):
        texts = body["input"]
        return (200, {"model": "p-model" if body["input_type"] == "passage" else "q-model",
                      "data": [{"index": i, "embedding": concept_vector(t)} for i, t in enumerate(texts)]})
    embeddings.answer = named
    memory = make_memory(context_budget_chars=80, extractor="rules", embeddings_url=embeddings.url,
                         embeddings_timeout=5)
    told(memory, FILLER[:3])
    assert "lamp for room 1" in block(memory, "which lamp is in room 1?")  # the query names q-model
    assert memory.flush(10)  # the keeper stored p-model vectors, found them stale, and stopped
    assert "lamp for room 1" in block(memory, "which lamp is in room 1?")
    assert memory.flush(10)


def test_a_server_that_refuses_input_type_is_asked_without_it(make_memory, embeddings):
    def strict(body):
        if "input_type" in body:
            return (400, {"error": {"message": "Unrecognized request argument supplied: input_type"}})
        return None
    embeddings.answer = strict
    memory = make_memory(context_budget_chars=120, extractor="rules", embeddings_url=embeddings.url,
                         embeddings_passage_prefix="passage: ", embeddings_query_prefix="query: ",
                         embeddings_timeout=5)
    told(memory, ["Has a guinea pig named Oscar"] + FILLER)
    assert "guinea pig" in block(memory, "What animal do I keep at home?")
    assert sum("input_type" in r for r in embeddings.requests) == 1  # refused once, never sent again


@pytest.mark.parametrize("config, error", [
    ({"embeddings_url": "localhost:8081"}, "embeddings_url must be an http"),
    ({"embeddings_timeout": 0}, "embeddings_timeout must be greater than 0"),
    ({"embeddings_model": 3}, "embeddings_model must be a string"),
])
def test_embeddings_settings_are_checked(config, error):
    with pytest.raises(ValueError, match=error):
        load_settings(config)
    assert load_settings({"embeddings_url": " "})[0].embeddings_url == ""


def test_a_huge_utterance_sends_only_the_part_ranking_reads(make_memory, embeddings):
    """A pasted page is not sent whole to the embeddings endpoint on the turn: the
    question at its end still finds the oldest fact."""
    memory = make_memory(context_budget_chars=120, extractor="rules", embeddings_url=embeddings.url,
                         embeddings_query_prefix="query: ", embeddings_timeout=5)
    told(memory, ["Has a guinea pig named Oscar"] + FILLER)
    assert "guinea pig" in block(memory, "and then we walked on " * 50_000 + "What animal do I keep at home?")
    sent = embeddings.inputs("query")
    assert len(sent) == 1 and len(sent[0]) <= len("query: ") + context.MAX_QUERY_CHARS
