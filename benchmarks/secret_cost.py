"""What keeping secrets out costs (issue 24). Run by hand:

    python benchmarks/secret_cost.py

turn: one turn as ovos-persona runs it (build_conversation_context, then update_history)
for typical utterances: commands, questions, personal statements, one in eight with a
secret. Two plugins run side by side, turn for turn: one as shipped (the kept turns are
redacted), one whose turn keeper is given ``str`` (no redaction); the difference is what
redaction adds to the turn. The model answers at once ({}), so the worker stays idle.

keeper: the same messages through the turn keeper alone (``TurnKeeper.add``), with and
without redaction: the cost redaction adds to a turn, without the store's file checks
whose time varies more than it.

worker: the editor applying a reply of 20 secret facts (every class, every language's
phrasing) to a session of 50 facts, minus an empty reply: refusing one secret, per fact.
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import List

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: tests/ beside it

from timing import timed  # noqa: E402

from ovos_memory_plugin_entity import EntityMemory  # noqa: E402
from ovos_memory_plugin_entity.domain.editor import edit  # noqa: E402
from ovos_memory_plugin_entity.domain.ops import NewFact, Ops  # noqa: E402
from ovos_memory_plugin_entity.domain.record import new_record  # noqa: E402
from ovos_memory_plugin_entity.language.locale_data import load_language  # noqa: E402
from ovos_memory_plugin_entity.language.secrets import redact  # noqa: E402
from ovos_memory_plugin_entity.pipelines.turns import TurnKeeper  # noqa: E402
from ovos_memory_plugin_entity.settings import load_settings  # noqa: E402
from tests.fake_model import FakeModel  # noqa: E402
from tests.helpers import user_assistant  # noqa: E402
from tests.secret_cases import SECRETS  # noqa: E402

TURNS = 2000
UTTERANCES = ["set an alarm for seven", "what's the weather like in Porto tomorrow?",
              "I started learning the piano last month", "turn off the kitchen lights",
              "my sister Emma moves to Berlin in March", "how far is the moon?",
              "remind me to call the dentist at three", "my card number is 4111 1111 1111 1111"]
ANSWER = "Sure. I have noted that, and I will remind you when the time comes."


def us(samples: List[float]) -> str:
    return f"{statistics.median(samples) * 1e6:7.1f} µs"


def bench_turn() -> None:
    print(f"\n== one turn (context + update_history), median of {TURNS} turns each, interleaved")
    model = FakeModel().start()
    with tempfile.TemporaryDirectory() as folder:
        shipped = EntityMemory(config={"api_url": model.url, "db_path": f"{folder}/a.json", "model": "m"})
        plain = EntityMemory(config={"api_url": model.url, "db_path": f"{folder}/b.json", "model": "m"})
        plain._turns._redact = str  # the same plugin, its kept turns not redacted
        samples = {"shipped": [], "plain": []}
        for n in range(TURNS):
            said = UTTERANCES[n % len(UTTERANCES)]
            for name, memory in (("shipped", shipped), ("plain", plain))[::1 if n % 2 else -1]:
                start = time.perf_counter()
                memory.build_conversation_context(said, f"s{n % 50}")
                memory.update_history(user_assistant(said, ANSWER), f"s{n % 50}")
                samples[name].append(time.perf_counter() - start)
            if n % 200 == 199:
                shipped.flush(30)
                plain.flush(30)
        shipped.close(30)
        plain.close(30)
    model.stop()
    print(f"  redacted (as shipped) {us(samples['shipped'])}   not redacted {us(samples['plain'])}")


def bench_keeper() -> None:
    print(f"\n== the turn keeper alone, median of {TURNS * 5} turns each")
    language = load_language("en-us")
    keepers = {"shipped": TurnKeeper(5, 512, lambda text, said: redact(text, language, said)),
               "plain": TurnKeeper(5, 512, lambda text, _said: text)}
    samples = {"shipped": [], "plain": []}
    for n in range(TURNS * 5):
        said = user_assistant(UTTERANCES[n % len(UTTERANCES)], ANSWER)
        for name, keeper in keepers.items():
            start = time.perf_counter()
            keeper.add(f"s{n % 50}", said)
            samples[name].append(time.perf_counter() - start)
    print(f"  redacted (as shipped) {us(samples['shipped'])}   not redacted {us(samples['plain'])}")


def bench_worker() -> None:
    print("\n== the worker refusing secrets: a reply of 20 secret facts on a session of 50, median of 200")
    settings, _ = load_settings({})
    policy = settings.policy()
    record = new_record("s")
    edit(record, policy, 1.0, "cli", lambda e: [e.add(f"Likes thing number {i}") for i in range(50)])
    sentences = [sentence for lang in sorted(SECRETS) for sentence, _value in SECRETS[lang].values()][:20]
    secrets, nothing = Ops(add=tuple(NewFact(s) for s in sentences)), Ops()
    refusing = timed(lambda: edit(record.copy(), policy, 2.0, "extractor", lambda e: e.apply_ops(secrets)), 200)
    empty = timed(lambda: edit(record.copy(), policy, 2.0, "extractor", lambda e: e.apply_ops(nothing)), 200)
    per_fact = (statistics.median(refusing) - statistics.median(empty)) / len(sentences)
    print(f"  20 secrets {us(refusing)}   empty reply {us(empty)}   per refused fact {per_fact * 1e6:7.1f} µs")


if __name__ == "__main__":
    sections = {"turn": bench_turn, "keeper": bench_keeper, "worker": bench_worker}
    for name in sys.argv[1:] or list(sections):
        sections[name]()
