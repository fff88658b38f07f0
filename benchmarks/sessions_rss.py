"""Per-session state stays bounded: RSS after touching 100,000 sessions vs after 1,000.

Each session gets a turn (``build_conversation_context``); every tenth also teaches a
fact through the rules extractor (``update_history``), so records, rankings, locks and
the pairer all see every kind of use. Target: at most 50 MB more after 100,000 than
after the first 1,000. Run by hand: ``python benchmarks/sessions_rss.py [SESSIONS]``.
"""
from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole

from ovos_memory_plugin_entity import EntityMemory


def rss_mb() -> float:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * resource.getpagesize() / 1e6


def touch(memory: EntityMemory, n: int) -> None:
    session = f"device-{n}"
    if n % 10 == 0:
        memory.update_history([AgentMessage(role=MessageRole.USER, content=f"My name is Person{n}."),
                               AgentMessage(role=MessageRole.ASSISTANT, content="Hello!")], session)
    memory.build_conversation_context("what do you know about me?", session)


def main(total: int = 100_000) -> None:
    with tempfile.TemporaryDirectory() as folder:
        memory = EntityMemory(config={"db_path": str(Path(folder) / "entity_memory.json"), "extractor": "rules"})
        start = time.perf_counter()
        for n in range(1_000):
            touch(memory, n)
            if n % 1_000 == 0:
                memory.flush(600)
        memory.flush(600)
        first = rss_mb()
        for n in range(1_000, total):
            touch(memory, n)
            if n % 1_000 == 0:  # every exchange is learnt: the queue never overflows
                memory.flush(600)
        memory.flush(600)
        last = rss_mb()
        print(f"RSS after 1,000 sessions: {first:.1f} MB; after {total:,}: {last:.1f} MB; "
              f"growth {last - first:+.1f} MB (target <= 50 MB); {time.perf_counter() - start:.0f} s")
        memory.close()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 100_000)
