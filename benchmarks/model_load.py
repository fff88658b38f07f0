"""Load on a one-slot model server: requests and prompt characters per 100 typical turns.

A voice assistant's day is mostly commands and general questions; a few turns say
something about the user. Every extraction request delays the next chat answer on a
one-slot server, and only the part of a prompt after its longest prefix shared with the
previous prompt must be computed again (llama.cpp's and vLLM's prefix caches).
Run by hand, beside ovos-memory-plugins when it is installed:
``python benchmarks/model_load.py``.
"""
from __future__ import annotations

import itertools
import sys
import tempfile
from pathlib import Path
from typing import Any, Dict, List

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run as a script: tests/ beside it

from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole  # noqa: E402

from ovos_memory_plugin_entity import EntityMemory  # noqa: E402
from tests.fake_model import FakeModel  # noqa: E402

COMMANDS = ["set an alarm for seven", "what's the weather tomorrow", "turn off the kitchen lights",
            "play some jazz", "how far is the moon", "tell me a joke", "what time is it",
            "set a timer for ten minutes", "who wrote Hamlet", "stop", "next song", "volume up",
            "remind me to buy milk", "what's the capital of Peru", "how do you say thanks in German"]
PERSONAL = ["My name is Ana", "I live in Lisbon", "I'm allergic to peanuts", "my daughter Emma starts school",
            "I work as a nurse", "we're vegetarian at home", "I love hiking on weekends",
            "my dog is called Bolt", "call me Annie", "I moved to Porto last month"]


def day(turns: int = 100) -> List[str]:
    """70 commands and questions, 30 personal statements, interleaved."""
    commands, personal = itertools.cycle(COMMANDS), itertools.cycle(PERSONAL)
    return [next(personal) if n % 10 in (2, 5, 8) else next(commands) for n in range(turns)]


def exchange(user: str) -> List[AgentMessage]:
    return [AgentMessage(role=MessageRole.USER, content=user),
            AgentMessage(role=MessageRole.ASSISTANT, content="Okay.")]


def prompt_text(request: Dict[str, Any]) -> str:
    return "\n".join(str(m.get("content", "")) for m in request.get("messages", []))


def measure(memory: Any, model: FakeModel) -> str:
    for user in day():
        memory.update_history(exchange(user), "s")
    if hasattr(memory, "flush"):
        memory.flush(120)
    prompts = [prompt_text(r) for r in model.chat_requests()]
    chars = sum(len(p) for p in prompts)
    fresh = sum(len(p) - len(_shared(prev, p)) for prev, p in zip([""] + prompts, prompts))
    return f"{len(prompts):4d} requests, {chars:7,d} prompt chars, {fresh:7,d} not in the previous prompt's prefix"


def _shared(a: str, b: str) -> str:
    n = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    return a[:n]


def main() -> None:
    print("== per 100 typical voice turns (70 commands/questions, 30 personal), one model server")
    with tempfile.TemporaryDirectory() as folder:
        model = FakeModel().start()
        model.default = "[]"
        ours = EntityMemory(config={"api_url": model.url, "db_path": f"{folder}/a.json", "model": "m"})
        print(f"  ours: {measure(ours, model)}")
        ours.close()
        model.stop()
        try:
            from ovos_memory_plugins.entity import EntityMemory as PeerMemory
        except ImportError:
            print("  peer: ovos-memory-plugins not installed")
            return
        model = FakeModel().start()
        model.default = "[]"
        peer = PeerMemory(config={"api_url": model.url, "db_path": f"{folder}/b.json", "model": "m"})
        print(f"  peer: {measure(peer, model)}")
        model.stop()


if __name__ == "__main__":
    main()
