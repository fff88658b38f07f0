"""ovos-memory-plugin-entity: durable facts about the user for OVOS personas.

Importing this package has no side effects (no threads, files or network): OPM
imports every memory plugin whenever any one is loaded.

Layers, each a folder that imports only the ones before it: ``domain`` (what a memory
is and the only way it changes), ``language`` (the locale data and what is read from
the user's words), ``io`` (HTTP, worker, caches, stores), ``pipelines`` (learning,
confirmation, the owner's actions); the adapters (``plugin``, ``cli``, ``doctor``,
``demo``, ``settings``) sit here at the top.
"""
from ovos_memory_plugin_entity.about import PLUGIN_NAME, UNIQUE_PLUGIN_NAME, __version__
from ovos_memory_plugin_entity.domain.errors import (
                                                     ConfigError,
                                                     EntityMemoryError,
                                                     MissingExtra,
                                                     NotFound,
                                                     OwnerError,
                                                     StoreUnavailable,
)
from ovos_memory_plugin_entity.domain.record import Entity, Fact, Pending
from ovos_memory_plugin_entity.plugin import EntityMemory
from ovos_memory_plugin_entity.settings import Settings, load_settings

__all__ = ["EntityMemory", "Entity", "Fact", "Pending", "Settings", "load_settings", "PLUGIN_NAME",
           "UNIQUE_PLUGIN_NAME", "EntityMemoryError", "ConfigError", "MissingExtra", "OwnerError", "NotFound",
           "StoreUnavailable", "__version__"]
