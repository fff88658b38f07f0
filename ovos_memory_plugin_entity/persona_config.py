"""Finding this plugin's block in a persona's JSON: the one reading shared by the CLI and
``doctor``, so that both act on the store the running persona uses.

The block is the persona's ``"<memory_module>"`` entry when ``memory_module`` names us,
or a member's ``config`` when it names ovos-memory-plugins' CompositeMemory, which
also passes its own ``scope`` to every member.
"""
from __future__ import annotations

from typing import Any, Dict, Optional

from ovos_memory_plugin_entity.about import PLUGIN_NAMES

COMPOSITE = "ovos-memory-plugin-composite"


def used_name(persona: Any) -> Optional[str]:
    """The name the persona loads this plugin by (its own ``memory_module``, or a composite
    member's ``module``), or None if it does not use it."""
    if not isinstance(persona, dict):
        return None
    name = persona.get("memory_module")
    if name in PLUGIN_NAMES:
        return str(name)
    composite = persona.get(COMPOSITE) if name == COMPOSITE else None
    for member in composite.get("members", []) if isinstance(composite, dict) else []:
        if isinstance(member, dict) and member.get("module") in PLUGIN_NAMES:
            return str(member["module"])
    return None


def plugin_block(persona: Any) -> Optional[Dict[str, Any]]:
    """This plugin's configuration as the persona passes it, or None if it is not used."""
    if not isinstance(persona, dict):
        return None
    name = persona.get("memory_module")
    if name in PLUGIN_NAMES:
        block = persona.get(name)
        return dict(block) if isinstance(block, dict) else {}
    if name == COMPOSITE:
        composite = persona.get(COMPOSITE) or {}
        for member in composite.get("members", []) if isinstance(composite, dict) else []:
            if isinstance(member, dict) and member.get("module") in PLUGIN_NAMES:
                config = dict(member.get("config") or {})
                if "scope" in composite:
                    config["scope"] = composite["scope"]
                return config
    return None
