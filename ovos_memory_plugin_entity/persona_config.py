"""This plugin's block in a persona's JSON, one reading for the CLI, ``doctor`` and ``chat``: the
``"<memory_module>"`` entry, or a CompositeMemory member's ``config`` with the composite's ``scope``.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, Optional, Tuple

from ovos_memory_plugin_entity.about import PLUGIN_NAMES
from ovos_memory_plugin_entity.domain.errors import UserError

COMPOSITE = "ovos-memory-plugin-composite"


def read_persona(path: str) -> Dict[str, Any]:
    """The JSON object at ``path``, or a UserError saying why not."""
    try:
        persona = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:
        raise UserError(f"cannot read the persona JSON {path}: {exc}") from None
    if not isinstance(persona, dict):
        raise UserError(f"{path} is not a persona (a JSON object)")
    return persona


def plugin_block(persona: Any) -> Optional[Dict[str, Any]]:
    """As the persona passes it; None if it does not use us."""
    found = plugin_entry(persona)
    return found[1] if found else None


def plugin_entry(persona: Any) -> Optional[Tuple[str, Dict[str, Any]]]:
    """(the name the persona loads us by, our block as passed), or None."""
    if not isinstance(persona, dict):
        return None
    name = persona.get("memory_module")
    if name in PLUGIN_NAMES:
        block = persona.get(name)
        return str(name), dict(block) if isinstance(block, dict) else {}
    composite = persona.get(COMPOSITE) if name == COMPOSITE else None
    if not isinstance(composite, dict):
        return None
    for member in composite.get("members", []):
        if isinstance(member, dict) and member.get("module") in PLUGIN_NAMES:
            config = dict(member.get("config") or {})
            if "scope" in composite:
                config["scope"] = composite["scope"]
            return str(member["module"]), config
    return None
