"""``ovos-entity-memory doctor``: why memory might silently do nothing, and the fix.

Each check says pass or fail, what it saw, and (on failure) what to change.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional

from ovos_memory_plugin_entity.client import ChatClient, EndpointError
from ovos_memory_plugin_entity.settings import Settings

OUR_NAMES = ("ovos-memory-plugin-entity-facts", "ovos-memory-plugin-entity")
COMPOSITE = "ovos-memory-plugin-composite"
# Chat engines known to drop system messages unless told otherwise.
SYSTEM_DROPPING_ENGINES = ("ovos-chat-openai-plugin",)


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str
    fix: str = ""


def check_endpoint(settings: Settings, timeout: float) -> List[Check]:
    client = ChatClient(settings.api_url, model=settings.model, api_key=settings.api_key,
                        connect_timeout=timeout, read_timeout=timeout, max_tokens=8)
    try:
        models = client.models()
    except EndpointError as exc:
        return [Check("endpoint", False, f"{settings.api_url} does not answer: {exc}",
                      "start the local model server, or set api_url (or use extractor: rules)")]
    finally:
        client.close()
    checks = [Check("endpoint", True, f"{settings.api_url} answers; models: {', '.join(models) or 'none'}")]
    if settings.model and settings.model not in models:
        checks.append(Check("model", False, f"model {settings.model!r} is not served",
                            f"set model to one of {models}, or leave it empty to use the first"))
    client = ChatClient(settings.api_url, model=settings.model, api_key=settings.api_key,
                        connect_timeout=timeout, read_timeout=timeout, max_tokens=8)
    try:
        accepted = client.accepts_json_output()
        checks.append(Check("json output", True, "the server accepts response_format (JSON output)"
                            if accepted else "the server refuses response_format; plain replies are parsed instead"))
    except EndpointError as exc:
        checks.append(Check("json output", False, f"a test extraction failed: {exc}",
                            "raise request_timeout for a slow model, or check the server's logs"))
    finally:
        client.close()
    return checks


def check_store(settings: Settings) -> Check:
    if settings.backend == "memory":
        return Check("store", True, "backend 'memory': facts are kept until the assistant restarts")
    folder = settings.store_folder
    if not folder.exists():
        parent = next((p for p in folder.parents if p.exists()), Path("/"))
        ok = os.access(parent, os.W_OK)
        return Check("store", ok, f"{folder} will be created on first use" if ok else f"cannot create {folder}",
                     "" if ok else f"make {parent} writable by the assistant's user, or change db_path")
    mode = stat.S_IMODE(folder.stat().st_mode)
    if not os.access(folder, os.W_OK):
        return Check("store", False, f"{folder} is not writable", "chown it to the assistant's user")
    if mode & 0o077:
        return Check("store", False, f"{folder} is readable by others (mode {mode:o})", f"chmod 700 {folder}")
    return Check("store", True, f"{folder} is writable and private (mode {mode:o})")


def check_plugin_names(used_name: str = OUR_NAMES[0]) -> List[Check]:
    """Which class OPM gives for each of our names; a wrong one fails only if it is used."""
    from ovos_plugin_manager.agents import load_memory_plugin
    from ovos_memory_plugin_entity.plugin import EntityMemory
    checks = []
    for name in OUR_NAMES:
        cls = load_memory_plugin(name)
        ours = cls is EntityMemory
        where = f"{cls.__module__}.{cls.__name__}" if cls else "nothing"
        note = "" if ours or name != used_name else " (and the persona uses this name)"
        checks.append(Check(f"plugin name {name}", ours or name != used_name, f"OPM gives {where}{note}",
                            "" if ours else "use the unique name ovos-memory-plugin-entity-facts in memory_module"))
    return checks


def _our_block(persona: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    name = persona.get("memory_module")
    if name in OUR_NAMES:
        return persona.get(name) or {}
    if name == COMPOSITE:
        for member in (persona.get(COMPOSITE) or {}).get("members", []):
            if isinstance(member, dict) and member.get("module") in OUR_NAMES:
                return member.get("config") or {}
    return None


def check_persona(persona: Dict[str, Any]) -> List[Check]:
    block = _our_block(persona)
    if block is None:
        return [Check("persona memory", False, f"memory_module is {persona.get('memory_module')!r}",
                      'set "memory_module": "ovos-memory-plugin-entity-facts" in the persona JSON')]
    checks = [Check("persona memory", True, f"memory_module is {persona.get('memory_module')}")]
    mode = block.get("inject_mode", "system")
    if persona.get("memory_module") == COMPOSITE and mode != "system":
        checks.append(Check("composite inject_mode", False, f"inject_mode is {mode!r} inside a composite",
                            "use inject_mode: system; the composite keeps only members' system messages"))
    for engine in persona.get("handlers") or persona.get("solvers") or []:
        if engine in SYSTEM_DROPPING_ENGINES:
            keeps = bool((persona.get(engine) or {}).get("allow_system_prompts"))
            ok = keeps or mode == "user"
            checks.append(Check(f"chat engine {engine}", ok,
                                "keeps system messages" if keeps else f"drops system messages (inject_mode {mode})",
                                "" if ok else f'set "allow_system_prompts": true in "{engine}", or inject_mode: user'))
    return checks


def run_checks(settings: Settings, persona: Optional[Dict[str, Any]], timeout: float = 5.0) -> List[Check]:
    checks = check_endpoint(settings, timeout) if settings.extractor != "rules" else [
        Check("endpoint", True, "extractor: rules needs no model")]
    checks.append(check_store(settings))
    named = persona.get("memory_module") if persona else None
    used = named if isinstance(named, str) and named in OUR_NAMES else OUR_NAMES[0]
    checks += check_plugin_names(used)
    if persona is not None:
        checks += check_persona(persona)
    return checks
