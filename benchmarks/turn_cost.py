"""What a turn costs when nothing is asked of the memory, beside the older plugin, in one run.

``build_conversation_context`` with 50 live facts (told in a long conversation, from
``recall_set``), warm, on the JSON backend, for: an ordinary utterance (a request to
another skill), a question one fact answers, a spoken control's words, and a 1 MB
utterance (pasted text). The two plugins are timed in alternating batches, so a busy
machine slows both alike; the figure is the median of the batches' per-call means.

Run from the repository root, in an environment with ovos-memory-plugins installed:
``python benchmarks/turn_cost.py``
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, List

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: benchmarks/ beside it

from benchmarks.recall_set import build  # noqa: E402
from ovos_memory_plugin_entity import EntityMemory  # noqa: E402

try:
    from ovos_memory_plugins.entity import EntityMemory as PeerMemory
except ImportError:  # pragma: no cover - the older plugin is never our dependency
    PeerMemory = None

FACTS = 50
BATCHES, CALLS = 30, 200  # alternating batches of calls per plugin
UTTERANCES = {
    "ordinary utterance": "what's the weather like tomorrow",
    "a question a fact answers": "what instrument do I play?",
    "a spoken control's words": "what do you know about me",
    "1 MB utterance": "and then we walked on along the river " * 27_000 + "what is my guinea pig called?",
}


def per_call_us(call: Callable[[], object], calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        call()
    return (time.perf_counter() - start) / calls * 1e6


def side_by_side(ours: Callable[[], object], theirs: Callable[[], object], calls: int) -> List[float]:
    mine, peer = [], []
    for _ in range(BATCHES):
        mine.append(per_call_us(ours, calls))
        peer.append(per_call_us(theirs, calls))
    return [statistics.median(mine), statistics.median(peer)]


def run() -> None:
    facts = build().facts[:FACTS]
    with tempfile.TemporaryDirectory() as folder:
        ours = EntityMemory(config={"db_path": f"{folder}/a.json", "extractor": "rules",
                                    "api_url": "http://127.0.0.1:9/v1"})
        for text in facts:
            ours.add_fact("s", text)
        assert len(ours.facts("s")) == FACTS
        peer = None
        if PeerMemory is not None:
            peer = PeerMemory(config={"db_path": f"{folder}/b.json"})
            peer._facts["s"] = list(facts)
        print(f"\n== build_conversation_context, {FACTS} facts, warm, JSON backend "
              f"(median of {BATCHES} alternating batches)")
        print(f"  {'utterance':<28}{'this plugin':>14}{'older plugin':>15}{'ratio':>8}")
        for name, utterance in UTTERANCES.items():
            calls = 3 if len(utterance) > 10_000 else CALLS
            def mine() -> object:
                return ours.build_conversation_context(utterance, "s")
            def theirs() -> object:
                return peer.build_conversation_context(utterance, "s") if peer is not None else None
            mine(), theirs()
            us, them = side_by_side(mine, theirs, calls)
            ratio = f"{us / them:7.1f}x" if peer is not None else "    n/a"
            print(f"  {name:<28}{us:>11.1f} µs{them:>12.1f} µs{ratio}")
        ours.close(0.1)


if __name__ == "__main__":
    run()
