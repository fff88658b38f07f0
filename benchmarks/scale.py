"""Flat at scale: start-up, the CLI and writes against the number of sessions and facts.

Prints, for the JSON backend: constructing the plugin and running ``facts`` for an
unknown session at 100 / 10,000 / 100,000 sessions; storing one fact, a process's first
read and forgetting everything at 50 / 1,000 / 10,000 live facts in one session;
storing one fact under the defaults after 50 / 1,000 / 10,000 facts have come and gone;
and the audit file's size after 10,000 stored facts under the default cap. Run by hand: ``python benchmarks/scale.py``.
"""
from __future__ import annotations

import contextlib
import io
import tempfile
import time
from pathlib import Path

from timing import median_ms, timed  # noqa: E402

from ovos_memory_plugin_entity import EntityMemory  # noqa: E402
from ovos_memory_plugin_entity.cli import main as cli  # noqa: E402
from ovos_memory_plugin_entity.domain.editor import Editor, edit
from ovos_memory_plugin_entity.domain.ops import Ops  # noqa: E402
from ovos_memory_plugin_entity.domain.policy import Policy  # noqa: E402
from ovos_memory_plugin_entity.domain.record import new_record  # noqa: E402
from ovos_memory_plugin_entity.io.stores import JsonFolderStore  # noqa: E402
from ovos_memory_plugin_entity.io.stores.encoding import render_record  # noqa: E402
from ovos_memory_plugin_entity.io.stores.json_folder import file_key  # noqa: E402


def seed_sessions(folder: Path, sessions: int) -> None:
    target = folder / "entity_memory" / "sessions"
    target.mkdir(parents=True, mode=0o700)
    for n in range(sessions):
        record = new_record(f"s{n}")
        Editor(record, Policy(), 1.0, "import").import_texts([f"Fact {k} of s{n}" for k in range(3)])
        (target / f"{file_key(f's{n}')}.json").write_text(render_record(record.to_dict()))


def bench_sessions() -> None:
    print("== against the number of sessions (JSON backend), median")
    for sessions in (100, 10_000, 100_000):
        with tempfile.TemporaryDirectory() as folder:
            seed_sessions(Path(folder), sessions)
            db = str(Path(folder) / "entity_memory.json")
            start_up = timed(lambda: EntityMemory(config={"db_path": db}).close(), 5)
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                unknown = timed(lambda: cli(["--db-path", db, "facts", "nobody"]), 5)
            print(f"  {sessions:>7,} sessions: start-up {median_ms(start_up)}   CLI facts for an unknown session {median_ms(unknown)}")


def bench_facts() -> None:
    print("== against the facts in one session (JSON backend, max_facts 0), median of 200 writes")
    for facts in (50, 1_000, 10_000):
        with tempfile.TemporaryDirectory() as folder:
            store = JsonFolderStore(Path(folder) / "m", max_audit_events=0)
            policy = Policy(max_facts=0, max_retired=0)
            record = new_record("s")
            Editor(record, policy, 1.0, "import").import_texts([f"Fact number {k} in this long session"
                                                                for k in range(facts)])
            store.record_path("s").write_text(render_record(record.to_dict()))
            counter = iter(range(10 ** 6))

            def write() -> None:
                store.update("s", lambda r: edit(r, policy, 2.0, "api", lambda e: e.add(f"New fact {next(counter)}")))
            write()  # the first write gives the hand-made file its epoch
            writes = timed(write, 200)  # spans journal appends and the snapshots folding them in
            cold = timed(lambda: JsonFolderStore(Path(folder) / "m").load("s"), 5)
            start = time.perf_counter()
            store.update("s", lambda r: edit(r, policy, 3.0, "extractor", lambda e: e.apply_ops(
                Ops(forget_all=True), forget_all_allowed=True)))
            forget_all = time.perf_counter() - start
            print(f"  {facts:>6,} facts: store one fact {median_ms(writes)} (mean {sum(writes) / len(writes) * 1000:.1f} ms)"
                  f"   first read in a process {median_ms(cold)}   forget everything {forget_all * 1000:8.1f} ms")


def bench_history() -> None:
    print("== under the defaults (max_facts 50, 200 retired rows kept), after N facts stored, median of 200 writes")
    for stored in (50, 1_000, 10_000):
        with tempfile.TemporaryDirectory() as folder:
            store = JsonFolderStore(Path(folder) / "m")
            policy = Policy()
            counter = iter(range(10 ** 7))

            def write() -> None:
                store.update("s", lambda r: edit(r, policy, 2.0, "api", lambda e: e.add(f"Fact {next(counter)}")))
            for _ in range(stored):
                write()
            writes = timed(write, 200)
            print(f"  {stored:>6,} stored: store one fact {median_ms(writes)} (mean {sum(writes) / len(writes) * 1000:.1f} ms)")


def bench_audit() -> None:
    print("== the audit trail after 10,000 stored facts (defaults: max_facts 50, max_audit_events 1000)")
    with tempfile.TemporaryDirectory() as folder:
        memory = EntityMemory(config={"db_path": f"{folder}/m.json"})
        for n in range(10_000):
            memory.add_fact("s", f"Fact number {n}")
        trail = memory.settings.store_folder / "sessions" / f"{file_key('s')}.audit.jsonl"
        print(f"  {len(memory.audit_trail('s')):,} lines, {trail.stat().st_size / 1024:.0f} KB "
              f"(unbounded, it would be about {10_000 * 2} lines)")
        memory.close()


if __name__ == "__main__":
    bench_sessions()
    bench_facts()
    bench_history()
    bench_audit()
