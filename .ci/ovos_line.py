"""Run by .ci/ovos-lines inside an assistant's environment: the plugin loads through OPM,
keeps a fact and recalls it, and a persona naming it in memory_module either builds it
with the persona's own block ("used") or has no memory support at all ("ignored")."""
import sys
import tempfile
from pathlib import Path

from ovos_plugin_manager.agents import load_memory_plugin
from ovos_plugin_manager.templates.agents import AgentMessage, MessageRole
from ovos_persona import Persona

NAME = "ovos-memory-plugin-entity-facts"
expected = sys.argv[1]

with tempfile.TemporaryDirectory() as folder:
    block = {"extractor": "rules", "db_path": str(Path(folder) / "entity_memory.json"), "max_history": 3}
    cls = load_memory_plugin(NAME)
    assert cls is not None and cls.__module__ == "ovos_memory_plugin_entity.plugin", cls
    with cls(config=block) as memory:
        memory.update_history([AgentMessage(role=MessageRole.USER, content="My name is Ana."),
                               AgentMessage(role=MessageRole.ASSISTANT, content="Hello, Ana.")], "s")
        assert memory.flush(10)
        assert "Name is Ana" in memory.build_conversation_context("who am I?", "s")[0].content
    persona = Persona("check", {"handlers": ["ovos-solver-failure-plugin"], "memory_module": NAME, NAME: block})
    memory = getattr(persona, "memory", None)
    if expected == "used":
        assert isinstance(memory, cls) and memory.settings.max_history == 3, memory
        memory.close()
    else:
        assert memory is None, f"this ovos-persona has a memory now ({memory!r}): update the readme's table"
print(f"plugin loads through OPM; the persona's memory_module is {expected}")
