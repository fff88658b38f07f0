"""``ovos-entity-memory demo``: a short conversation through the real plugin."""
from __future__ import annotations

import contextlib
import tempfile
from pathlib import Path
from typing import Any, Dict, Optional, TextIO

from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole

from ovos_memory_plugin_entity.domain.errors import EndpointError, EndpointUnavailable, UserError
from ovos_memory_plugin_entity.io.client import ChatClient

DEMO_CONVERSATION = (
    ("Hi! My name is Ana, but please call me Annie.", "Nice to meet you, Annie!"),
    ("I live in Lisbon and I work as a nurse.", "That sounds like demanding work."),
    ("I'm allergic to peanuts. I love jazz.", "Noted. Jazz is a fine choice."),
    ("My daughter Emma is allergic to shellfish.", "I'll keep that in mind."),
    ("Actually, I just moved to Porto.", "Porto is lovely!"),
)
DEMO_QUESTION = "Can you suggest a dinner place near me?"


def check_reachable(api_url: str, timeout: float) -> None:
    """At once, not after the queue's retries."""
    with contextlib.closing(ChatClient(api_url, read_timeout=timeout)) as client:
        try:
            client.models()
        except EndpointUnavailable as exc:
            raise UserError(f"{exc}\nfix: start the local model server at {api_url} (llama-server, vLLM, Ollama), "
                            f"correct --api-url, or leave --api-url out to try the built-in rules") from None
        except EndpointError:
            pass  # it answers, if not with a list of models: the extraction will tell


def run_demo(api_url: Optional[str], timeout: float, out: TextIO) -> int:
    """See ``cli_commands.cmd_demo``."""
    from ovos_memory_plugin_entity.chat import watch
    from ovos_memory_plugin_entity.plugin import EntityMemory
    if api_url:
        check_reachable(api_url, timeout)
    with tempfile.TemporaryDirectory(prefix="entity-memory-demo-") as folder:
        config: Dict[str, Any] = {"db_path": str(Path(folder) / "entity_memory.json"),
                                  "system_prompt": "You are a helpful voice assistant.",
                                  "extractor": "llm" if api_url else "rules"}
        if api_url:
            config["api_url"] = api_url
        with EntityMemory(config=config) as memory:
            for user, assistant in DEMO_CONVERSATION:
                print(f"user:      {user}\nassistant: {assistant}", file=out)
                show = watch(memory, "demo", out, timeout)
                memory.update_history([AgentMessage(role=MessageRole.USER, content=user),
                                       AgentMessage(role=MessageRole.ASSISTANT, content=assistant)], "demo")
                show()
            print("\nNext turn, the persona sends its model:", file=out)
            for message in memory.build_conversation_context(DEMO_QUESTION, "demo"):
                print(f"  [{message.role.value}]", file=out)
                for line in message.content.splitlines():
                    print(f"    {line}", file=out)
    return 0
