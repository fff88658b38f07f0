"""Side-by-side figures: this plugin beside ovos-memory-plugins' EntityMemory (the peer).

Run by hand, in an environment that has both (the peer is never our dependency):

    pip install -c .ci/constraints.txt -e ".[integration]"
    python benchmarks/bench.py            # all sections
    python benchmarks/bench.py store turn  # some sections

Sections: store (storing one fact at 100/1,000/10,000 sessions), turn (how long
update_history holds the turn; a silent endpoint; throughput), context (build time
at 50 and 1,000 facts), recall (a long conversation: is the needed fact injected?),
postgres (writers per second beside the JSON backend; needs DB_URL).
"""
from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, List

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: tests/ beside it

from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole  # noqa: E402
from timing import median_ms, timed  # noqa: E402

from ovos_memory_plugin_entity import EntityMemory  # noqa: E402
from ovos_memory_plugin_entity.io.stores import JsonFolderStore  # noqa: E402
from tests import helpers as factlib  # noqa: E402
from tests.fake_model import FakeModel, SilentServer  # noqa: E402

try:
    from ovos_memory_plugins.entity import EntityMemory as PeerMemory
except ImportError:  # the figures for us still print
    PeerMemory = None


def exchange(user: str) -> List[AgentMessage]:
    return [AgentMessage(role=MessageRole.USER, content=user),
            AgentMessage(role=MessageRole.ASSISTANT, content="Okay.")]


def bench_store() -> None:
    print("\n== storing one new fact (sessions x 50 facts), median")
    policy = factlib.Policy(max_facts=50)
    for sessions in (100, 1_000, 10_000):
        with tempfile.TemporaryDirectory() as folder:
            store = JsonFolderStore(Path(folder) / "entity_memory")
            seed = {}
            for s in range(sessions):
                record = factlib.new_record(f"s{s}")
                factlib.import_facts(record, [f"Fact {n} of session {s}" for n in range(50)], now=1.0, policy=policy)
                path = store.record_path(f"s{s}")
                path.write_text(json.dumps(record.to_dict()))
                seed[f"s{s}"] = {"facts": [f"Fact {n} of session {s}" for n in range(50)]}
            counter = iter(range(10**6))

            def ours() -> None:
                n = next(counter)
                store.update(f"s{n % sessions}", lambda r: factlib.apply_ops(
                    r, factlib.Ops(add=(factlib.NewFact(f"New fact {n}"),)), now=2.0, actor="api", policy=policy))
            mine = median_ms(timed(ours, 60))
            peer = "n/a"
            if PeerMemory is not None:
                peer_path = Path(folder) / "peer.json"
                peer_path.write_text(json.dumps(seed))
                peer_memory = PeerMemory(config={"db_path": str(peer_path)})

                def theirs() -> None:
                    n = next(counter)
                    peer_memory._merge_facts(f"s{n % sessions}", [f"New fact {n}"])
                peer = median_ms(timed(theirs, 20 if sessions == 10_000 else 60))
            print(f"  {sessions:>6} sessions: ours {mine}   peer {peer}")


def bench_turn() -> None:
    print("\n== the turn (update_history), model answering in 0.3 s, median")
    model = FakeModel().start()
    model.default = lambda body: (time.sleep(0.3), '["Likes tea"]')[1]
    with tempfile.TemporaryDirectory() as folder:
        ours = EntityMemory(config={"api_url": model.url, "db_path": f"{folder}/a.json", "model": "m"})
        mine = timed(lambda: ours.update_history(exchange("I like tea"), "s"), 10)
        ours.close(30)
        peer = "n/a"
        if PeerMemory is not None:
            them = PeerMemory(config={"api_url": model.url, "db_path": f"{folder}/b.json", "model": "m"})
            peer = median_ms(timed(lambda: them.update_history(exchange("I like tea"), "s"), 5))
        print(f"  hold per turn: ours {median_ms(mine)}   peer {peer}")
    model.stop()

    print("\n== three turns against an endpoint that accepts and never answers (timeout 2 s)")
    silent = SilentServer()
    with tempfile.TemporaryDirectory() as folder:
        ours = EntityMemory(config={"api_url": silent.url, "db_path": f"{folder}/a.json", "model": "m",
                                    "request_timeout": 2, "extractor": "llm"})
        start = time.perf_counter()
        for n in range(3):
            ours.update_history(exchange(f"I like tea {n}"), "s")
            ours.build_conversation_context("hi", "s")
        mine = time.perf_counter() - start
        ours.close(0.1)
        peer = "n/a"
        if PeerMemory is not None:
            them = PeerMemory(config={"api_url": silent.url, "db_path": f"{folder}/b.json", "model": "m",
                                      "request_timeout": 2})
            start = time.perf_counter()
            for n in range(3):
                them.update_history(exchange(f"I like tea {n}"), "s")
                them.build_conversation_context("hi", "s")
            peer = f"{(time.perf_counter() - start) * 1000:8.1f} ms"
        print(f"  total: ours {mine * 1000:8.1f} ms   peer {peer}")
    silent.stop()

    print("\n== exchanges applied per second, instant model, 4 sessions")
    model = FakeModel().start()
    model.default = lambda body: '["' + body["messages"][0]["content"].split("User: ")[1].split("\n")[0] + '"]'
    with tempfile.TemporaryDirectory() as folder:
        ours = EntityMemory(config={"api_url": model.url, "db_path": f"{folder}/a.json", "model": "m",
                                    "queue_size": 1000, "max_facts": 0})
        start = time.perf_counter()
        for n in range(400):
            ours.update_history(exchange(f"Fact {n}"), f"s{n % 4}")
        ours.flush(300)
        print(f"  ours: {400 / (time.perf_counter() - start):8.1f} exchanges/s")
        ours.close()
    model.stop()

    print("\n== a one-slot model server: delay a background extraction adds to the next chat answer")
    model = FakeModel().start()
    slot = __import__("threading").Lock()

    def one_slot(body):
        with slot:  # one request at a time, like llama.cpp with one slot
            time.sleep(0.5 if "The latest exchange:" in body["messages"][-1]["content"] else 0.2)
        return "[]" if "The latest exchange:" in body["messages"][-1]["content"] else "answer"
    model.default = one_slot
    import requests
    with tempfile.TemporaryDirectory() as folder:
        ours = EntityMemory(config={"api_url": model.url, "db_path": f"{folder}/a.json", "model": "m"})
        alone = timed(lambda: requests.post(f"{model.url}/chat/completions",
                                            json={"messages": [{"role": "user", "content": "hi"}]}), 3)
        delays = []
        for n in range(3):
            ours.update_history(exchange(f"I like tea {n}"), "s")
            model.arrived.acquire(timeout=5)  # the extraction reached the server
            start = time.perf_counter()
            requests.post(f"{model.url}/chat/completions", json={"messages": [{"role": "user", "content": "hi"}]})
            delays.append(time.perf_counter() - start - statistics.median(alone))
            ours.flush(10)
            model.arrived = __import__("threading").Semaphore(0)
        print(f"  chat answer alone {median_ms(alone)}; added by a running extraction {median_ms(delays)} "
              f"(at most one extraction's time: one runs at a time)")
        ours.close()
    model.stop()


def _memory_with(n_facts: int, folder: str):
    memory = EntityMemory(config={"db_path": f"{folder}/a.json", "max_facts": 0, "extractor": "rules"})
    for n in range(n_facts):
        memory.add_fact("s", f"Fact number {n} about topic {n % 37} and item {n % 11}")
    return memory


def bench_context() -> None:
    print("\n== build_conversation_context, warm, median")
    for n_facts in (50, 1000):
        with tempfile.TemporaryDirectory() as folder:
            ours = _memory_with(n_facts, folder)
            ours.build_conversation_context("warm up", "s")
            mine = timed(lambda: ours.build_conversation_context("tell me about topic 5", "s"), 500)
            ours.close()
            peer = "n/a"
            if PeerMemory is not None:
                them = PeerMemory(config={"db_path": f"{folder}/b.json", "max_facts": 0})
                them._facts["s"] = [f"Fact number {n} about topic {n % 37} and item {n % 11}" for n in range(n_facts)]
                peer = median_ms(timed(lambda: them.build_conversation_context("tell me about topic 5", "s"), 500))
            print(f"  {n_facts:>5} facts: ours {median_ms(mine)}   peer {peer}")


def _writers(make_store: Callable[[], object], writers: int, per_writer: int) -> float:
    import threading
    policy = factlib.Policy(max_facts=0)
    stores = [make_store() for _ in range(writers)]  # a store each, as separate servers have

    def write(w: int) -> None:
        for n in range(per_writer):
            stores[w].update(f"s{(w + n) % 8}", lambda r, t=f"Fact {w} {n}": factlib.apply_ops(
                r, factlib.Ops(add=(factlib.NewFact(t),)), now=1.0, actor="api", policy=policy))
    threads = [threading.Thread(target=write, args=(w,)) for w in range(writers)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    for store in stores:
        store.close()
    return writers * per_writer / elapsed


def bench_postgres() -> None:
    """Needs a database: DB_URL=postgresql://... (or source <(.ci/postgres start))."""
    url = os.environ.get("DB_URL") or os.environ.get("ENTITY_MEMORY_TEST_PG_URL")
    print("\n== facts stored per second, 8 overlapping sessions (threads, a store each)")
    if not url:
        print("  skipped: set DB_URL to a postgresql:// URL")
        return
    import psycopg

    from ovos_memory_plugin_entity.io.stores.postgres import PostgresStore
    for writers in (1, 4, 16):
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("DROP TABLE IF EXISTS entity_memory_sessions, entity_memory_audit, entity_memory_meta")
        with tempfile.TemporaryDirectory() as folder:
            pg_rate = _writers(lambda: PostgresStore(url, Path(folder) / "node.key"), writers, 400 // writers)
            json_rate = _writers(lambda: JsonFolderStore(Path(folder) / "m"), writers, 400 // writers)
        print(f"  {writers:>2} writers: postgres {pg_rate:8.1f}/s   json {json_rate:8.1f}/s")
    print("\n== build_conversation_context on postgres, warm cache, 50 facts, median")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP TABLE IF EXISTS entity_memory_sessions, entity_memory_audit, entity_memory_meta")
    memory = EntityMemory(config={"backend": "postgres", "db_url": url, "extractor": "rules"})
    for n in range(50):
        memory.add_fact("s", f"Fact number {n} about topic {n % 37} and item {n % 11}")
    memory.build_conversation_context("warm up", "s")
    print(f"  postgres {median_ms(timed(lambda: memory.build_conversation_context('topic 5', 's'), 300))}"
          f"  (one round trip checks the revision; the ranking is cached)")
    memory.close()


def bench_recall() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from recall_eval import run
    run()


SECTIONS = {"store": bench_store, "turn": bench_turn, "context": bench_context, "recall": bench_recall,
            "postgres": bench_postgres}

if __name__ == "__main__":
    os.environ.setdefault("OVOS_DEFAULT_LOG_LEVEL", "ERROR")
    for name in sys.argv[1:] or list(SECTIONS):
        SECTIONS[name]()
