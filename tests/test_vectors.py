"""Fact vectors: their compact form, the session matrix, fusion, the embeddings reply
parser, and their place in the record on every backend (journal and file included)."""
from __future__ import annotations

import base64
import json
import math
import struct

import numpy as np
import pytest

from ovos_memory_plugin_entity.domain import vectors as vec
from ovos_memory_plugin_entity.domain.change import Change
from ovos_memory_plugin_entity.domain.errors import EndpointReplyError
from ovos_memory_plugin_entity.domain.record import Fact, SessionRecord, Vectors
from ovos_memory_plugin_entity.io.embeddings import parse_embeddings
from ovos_memory_plugin_entity.io.stores import JsonFolderStore
from ovos_memory_plugin_entity.io.stores.journal import entry, replay
from tests import helpers as f
from tests.pg import needs_postgres

POLICY = f.Policy(max_facts=0, max_retired=0)


def facts(*texts: str):
    return [Fact(id=f"f{n}", text=t, created_at=1.0, confirmed_at=1.0) for n, t in enumerate(texts, 1)]


def test_a_vector_comes_back_as_its_direction_within_a_percent():
    rng = np.random.default_rng(3)
    for _ in range(20):
        vector = rng.normal(size=384).astype(np.float32) * 7
        encoded = vec.encode(vector.tolist(), "Likes tea")
        crc, decoded = vec.decode(encoded, 384)
        assert crc == vec.checksum("Likes tea")
        assert float(decoded @ (vector / np.linalg.norm(vector))) > 0.99
        assert len(encoded) == 524  # a quarter of float32 JSON


@pytest.mark.parametrize("encoded", ["", "not base64!", base64.b64encode(b"short").decode(),
                                     base64.b64encode(struct.pack("<If", 1, math.nan) + bytes(4)).decode()])
def test_anything_else_is_no_vector(encoded):
    assert vec.decode(encoded, 4) is None


def test_the_index_uses_good_vectors_and_lists_the_rest_as_stale():
    rows = facts("Has a guinea pig named Oscar", "Works as a nurse", "Likes jazz", "Lives in Porto")
    texts = vec.fact_texts(rows, {})
    stored = Vectors("m", "passage: ", 3, {
        "f1": vec.encode([1, 0, 0], texts["f1"]),
        "f2": vec.encode([0, 1, 0], "Works as a doctor"),  # made before an edit in place: stale
        "f4": "garbage"})
    index = vec.DenseIndex.build(rows, texts, stored, vec.VectorKind("m", "passage: "))
    assert index.ids == ["f1"] and index.stale == ["f2", "f3", "f4"]
    assert index.fused({}, np.array([1, 0, 0], dtype=np.float32), 5) == {"f1": pytest.approx(0.5)}
    assert index.fused({"f3": 2.0}, np.array([1, 0], dtype=np.float32), 5) == {"f3": 1.0}  # another dimension
    other = vec.DenseIndex.build(rows, texts, stored, vec.VectorKind("another-model", "passage: "))
    assert other.ids == [] and other.identity is None and len(other.stale) == 4
    assert vec.DenseIndex.build(rows, texts, stored, vec.VectorKind("m", "")).ids == []  # another prefix


def test_fusion_puts_both_scores_on_one_scale():
    lexical = {"f1": 8.0, "f2": 2.0}  # BM25: only f1 and f2 share words with the utterance
    ids, cosines = ["f1", "f2", "f3"], np.array([0.80, 0.70, 0.90])  # f3 means what was asked
    fused = vec.fuse(lexical, ids, cosines, 10)
    assert fused == pytest.approx({"f1": 0.5 * 1 + 0.5 * 0.5, "f2": 0.5 * 0.25, "f3": 0.5 * 1})
    assert vec.fuse(lexical, ids, cosines, 2).keys() == {"f1", "f3"}  # the best that fit
    # a fact without a vector keeps its words' score, on the same scale
    assert vec.fuse({"f1": 8.0, "f9": 4.0}, ["f1", "f2"], np.array([0.8, 0.7]), 1)["f9"] == pytest.approx(0.5)
    assert vec.fuse({}, [], np.zeros(0), 5) == {} and vec.fuse({"f1": 3.0}, [], np.zeros(0), 5) == {"f1": 1.0}


@pytest.mark.parametrize("reply, count, error", [
    ({"data": [{"index": 1, "embedding": [0.0, 1.0]}, {"index": 0, "embedding": [1.0, 0.0]}], "model": "m"}, 2, None),
    ({"data": [{"embedding": base64.b64encode(struct.pack("<2f", 1.0, 0.0)).decode()}]}, 1, None),
    ({"data": []}, 1, "1 vector"),
    ({"data": [{"embedding": [1.0]}, {"embedding": [1.0, 2.0]}]}, 2, "different lengths"),
    ({"data": [{"embedding": [1.0, float("nan")]}]}, 1, "finite"),
    ({"data": [{"embedding": [True, 1.0]}]}, 1, "finite"),
    ({"data": [{"embedding": [0.5] * 5000}]}, 1, "up to"),
    ({"data": [{"index": 0, "embedding": [1.0]}, {"index": 0, "embedding": [1.0]}]}, 2, "bad index"),
    ({"data": [{"embedding": "!!"}]}, 1, "base64"),
    (["not", "a", "reply"], 1, "not an embeddings reply"),
])
def test_the_reply_parser(reply, count, error):
    if error:
        with pytest.raises(EndpointReplyError, match=error):
            parse_embeddings(reply, count)
        return
    parsed = parse_embeddings(reply, count)
    assert len(parsed.vectors) == count
    if count == 2:
        assert parsed.vectors == [[1.0, 0.0], [0.0, 1.0]] and parsed.model == "m"


def with_vectors(record: SessionRecord, model: str = "m", **by_id: str) -> Change:
    record.vectors = record.vectors if record.vectors and record.vectors.model == model else Vectors(model, "", 2)
    texts = vec.fact_texts(record.live_facts(), {})
    for fid, _ in by_id.items():
        record.vectors.of[fid] = vec.encode([1.0, 0.5], texts[fid])
    return Change(unaudited=True)


def add(text):
    return lambda record: f.apply_ops(record, f.Ops(add=(f.NewFact(text),)), now=1.0, actor="api", policy=POLICY)


def forget(fact_id):
    def mutate(record):
        editor = f.Editor(record, POLICY, 2.0, "api")
        editor.forget(fact_id)
        return editor.finish()
    return mutate


def test_the_journal_carries_vectors_set_dropped_and_replaced():
    before = SessionRecord("s", facts=facts("Likes tea", "Likes jazz"))
    with_vectors(before, f1="", f2="")
    data = before.to_dict()
    after = before.copy()
    after.facts[1].retired_reason, after.facts[1].superseded_at = "evicted", 2.0  # f2 retired: its vector goes
    after.facts.append(facts("Likes tea", "Likes jazz", "Reads a lot")[2])
    with_vectors(after, f3="")
    change = entry(before, after, "e")
    assert set(change["set_vectors"]) == {"f3"} and change["drop_vectors"] == ["f2"]
    assert replay(data, [change])["vectors"] == after.to_dict()["vectors"]
    other = after.copy()
    with_vectors(other, "another", f1="")
    assert replay(data, [change, entry(after, other, "e")])["vectors"] == other.to_dict()["vectors"]




def test_vectors_are_stored_with_their_facts_and_leave_with_them(store, tmp_path):
    store.update("s", add("Likes tea"))
    store.update("s", add("Has a guinea pig named Oscar"))
    store.update("s", lambda record: with_vectors(record, f1="", f2=""))
    if isinstance(store, JsonFolderStore):
        store = JsonFolderStore(tmp_path / "mem")  # another process: read from the files
    vectors = store.load("s")[1].vectors
    assert vectors is not None and set(vectors.of) == {"f1", "f2"}
    store.update("s", forget("f2"))
    # the forgotten fact's vector left the stored record in the same write
    assert set(store.load("s")[1].vectors_dict()["of"]) == {"f1"}
    if isinstance(store, JsonFolderStore):
        assert set(JsonFolderStore(tmp_path / "mem").load("s")[1].vectors.of) == {"f1"}
    assert store.audit("s")[-1]["action"] == "forget"  # and storing vectors wrote no audit line
    assert [e["action"] for e in store.audit("s")] == ["add", "add", "forget"]


def test_the_record_file_keeps_vectors_apart_from_the_facts(tmp_path):
    store = JsonFolderStore(tmp_path / "mem")
    store.update("s", add("Likes tea"))
    store.update("s", lambda record: with_vectors(record, f1=""))
    path = next((tmp_path / "mem" / "sessions").glob("*.json"))
    text = path.read_text()
    fact_line = next(line for line in text.splitlines() if "Likes tea" in line)
    assert "vectors" not in fact_line and json.loads(text)["vectors"]["of"].keys() == {"f1"}
    assert text.rstrip().splitlines()[-3].strip().startswith('"f1": "')  # one vector a line, last


def test_a_vector_map_that_is_not_one_is_dropped_not_trusted():
    assert SessionRecord.from_dict({"facts": [], "vectors": {"model": 3, "of": {}}}).vectors is None
    record = SessionRecord.from_dict({"facts": [], "vectors": {"model": "m", "dim": 2, "of": {"f1": "x" * 20_000}}})
    assert record.vectors is not None and record.vectors.of == {}


@needs_postgres
def test_postgres_seals_the_vectors_with_the_record(pg_url, tmp_path):
    from ovos_memory_plugin_entity.io.stores.postgres import PostgresStore
    from tests.pg import database_files, wal_files
    store = PostgresStore(pg_url, tmp_path / "node.key")
    try:
        store.update("s", add("Likes tea"))
        store.update("s", lambda record: with_vectors(record, f1=""))
        vector = store.load("s")[1].vectors.of["f1"]
    finally:
        store.close()
    on_disk = database_files(pg_url) + wal_files()
    assert vector.encode() not in on_disk
