"""ovos-memory-plugin-entity: durable facts about the user for OVOS personas.

Importing this package has no side effects (no threads, files or network): OPM
imports every memory plugin whenever any one is loaded.
"""
from ovos_memory_plugin_entity.plugin import EntityMemory
from ovos_memory_plugin_entity.record import Entity, Fact
from ovos_memory_plugin_entity.settings import Settings, load_settings
from ovos_memory_plugin_entity.version import __version__

PLUGIN_NAME = "ovos-memory-plugin-entity"
UNIQUE_PLUGIN_NAME = "ovos-memory-plugin-entity-facts"

__all__ = ["EntityMemory", "Entity", "Fact", "Settings", "load_settings", "PLUGIN_NAME", "UNIQUE_PLUGIN_NAME",
           "__version__"]
