"""What finishing-after-a-crash costs a forget and an erase (JSON backend).

A forget now writes a marker, the snapshot with its intent, the scrubbed trail and the
snapshot again; an erase the same. Prints the median of 50 forgets of one fact, and of
50 erases, in a session of 50 facts with its trail. Run by hand:
``python benchmarks/forget_cost.py``.
"""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import List

from timing import median_ms, timed  # noqa: E402

from ovos_memory_plugin_entity.domain.editor import Editor
from ovos_memory_plugin_entity.domain.ops import NewFact, Ops  # noqa: E402
from ovos_memory_plugin_entity.domain.policy import Policy  # noqa: E402
from ovos_memory_plugin_entity.io.stores import JsonFolderStore  # noqa: E402

POLICY = Policy(max_facts=0, max_retired=0)
ROUNDS = 50


def seeded(store: JsonFolderStore, session: str) -> None:
    def act(record):  # type: ignore[no-untyped-def]
        editor = Editor(record, POLICY, 1.0, "api")
        editor.apply_ops(Ops(add=tuple(NewFact(f"Likes thing number {n}") for n in range(50))))
        return editor.finish()
    store.update(session, act)


def forget_one(store: JsonFolderStore, session: str) -> None:
    def act(record):  # type: ignore[no-untyped-def]
        editor = Editor(record, POLICY, 2.0, "cli")
        editor.forget(record.live_facts()[0].id)
        return editor.finish()
    store.update(session, act)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        store = JsonFolderStore(Path(tmp) / "mem")
        forgets: List[float] = []
        erases: List[float] = []
        for n in range(ROUNDS):
            seeded(store, f"f{n}")
            forgets += timed(lambda: forget_one(store, f"f{n}"), 1)
            seeded(store, f"e{n}")
            erases += timed(lambda: store.erase(f"e{n}"), 1)
        print(f"forget one fact of 50: {median_ms(forgets)} (median of {ROUNDS})")
        print(f"erase a session of 50 facts: {median_ms(erases)} (median of {ROUNDS})")


if __name__ == "__main__":
    main()
