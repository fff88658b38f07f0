"""ovos-memory-plugin-entity: durable facts about the user for OVOS personas.

Importing it has no side effects: the plugin and its settings import OVOS (which may log) on
first use, after the command line quiets logging. The layers: docs/architecture.md.
"""
import importlib as _importlib

from ovos_memory_plugin_entity.about import PLUGIN_NAME, UNIQUE_PLUGIN_NAME, __version__
from ovos_memory_plugin_entity.domain.errors import (ConfigError, EntityMemoryError, MissingExtra, NotFound, OwnerError,
                                                     StoreUnavailable)
from ovos_memory_plugin_entity.domain.record import Entity, Fact, Pending

__all__ = ["EntityMemory", "Entity", "Fact", "Pending", "Settings", "load_settings", "PLUGIN_NAME",
           "UNIQUE_PLUGIN_NAME", "EntityMemoryError", "ConfigError", "MissingExtra", "OwnerError", "NotFound",
           "StoreUnavailable", "__version__"]

# The names whose modules import OVOS: imported when first asked for (PEP 562).
_LAZY = {"EntityMemory": "ovos_memory_plugin_entity.plugin", "Settings": "ovos_memory_plugin_entity.settings",
         "load_settings": "ovos_memory_plugin_entity.settings"}


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(_importlib.import_module(_LAZY[name]), name)


def __dir__() -> "list[str]":
    return sorted(set(globals()) | set(_LAZY))
