"""``ovos-entity-memory doctor``: why memory might silently do nothing, and the fix.

Each check passes, warns (memory works, but not as configured) or fails, says what it
saw, and says what to change. The model is tried with a real extraction, read by the
real parser: a server that answers but never in the contract's JSON fails here.
"""
from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any, Dict, List, Optional

from ovos_memory_plugin_entity.client import ChatClient, EndpointError
from ovos_memory_plugin_entity.contract import ReplyError, build_prompt, parse_reply, render_exchange
from ovos_memory_plugin_entity.persona_config import COMPOSITE, OUR_NAMES, plugin_block
from ovos_memory_plugin_entity.settings import Loaded, Settings
from ovos_memory_plugin_entity.stores import StoreUnavailable, open_store

# Chat engines known to drop system messages unless told otherwise.
SYSTEM_DROPPING_ENGINES = ("ovos-chat-openai-plugin",)
PASS, WARN, FAIL = "PASS", "WARN", "FAIL"
_TRIAL_EXCHANGE = render_exchange("My name is Sam and I live in Leeds.", "Nice to meet you, Sam!")


@dataclass(frozen=True)
class Check:
    name: str
    level: str  # PASS, WARN or FAIL
    detail: str
    fix: str = ""

    @property
    def ok(self) -> bool:
        return self.level != FAIL


def check_settings(loaded: Loaded) -> List[Check]:
    checks = [Check("setting", FAIL, error, "correct it in the persona JSON; until then its default is used")
              for error in loaded.errors]
    if loaded.unknown:
        checks.append(Check("unknown keys", WARN, f"{', '.join(loaded.unknown)} mean nothing to this plugin",
                            "check their spelling against the readme's configuration table"))
    return checks or [Check("settings", PASS, "every key is understood")]


def check_endpoint(settings: Settings, timeout: float) -> List[Check]:
    """The endpoint answers, serves the model, and a real extraction parses."""
    down = WARN if settings.extractor == "auto" else FAIL
    client = ChatClient(settings.api_url, model=settings.model, api_key=settings.api_key,
                        connect_timeout=timeout, read_timeout=timeout, max_tokens=settings.max_extract_tokens)
    try:
        try:
            models = client.models()
        except EndpointError as exc:
            hint = " (extractor auto: the rules extract meanwhile)" if down == WARN else ""
            return [Check("endpoint", down, f"{settings.api_url} does not answer: {exc}{hint}",
                          "start the local model server, or set api_url (or use extractor: rules)")]
        checks = [Check("endpoint", PASS, f"{settings.api_url} answers; models: {', '.join(models) or 'none'}")]
        if settings.model and settings.model not in models:
            checks.append(Check("model", FAIL, f"model {settings.model!r} is not served",
                                f"set model to one of {models}, or leave it empty to use the first"))
            return checks
        checks.append(_trial_extraction(client, settings))
        return checks
    finally:
        client.close()


def _trial_extraction(client: ChatClient, settings: Settings) -> Check:
    today = datetime.date.today().isoformat()
    try:
        completion = client.complete(build_prompt(settings.extraction_prompt, _TRIAL_EXCHANGE, [], today))
    except EndpointError as exc:
        return Check("extraction", FAIL, f"a test extraction failed: {exc}",
                     "raise request_timeout for a slow model, or check the server's logs")
    mode = "JSON output" if client.json_output else "plain replies (the server refuses response_format)"
    if completion.truncated:
        return Check("extraction", FAIL, "the test reply was cut off by the token limit", "raise max_extract_tokens")
    try:
        ops = parse_reply(completion.text).ops
    except ReplyError as exc:
        return Check("extraction", FAIL, f"the model's reply does not fit the contract ({exc}): "
                                         f"{completion.text[:120]!r}",
                     "use an instruction-tuned model, or an extraction_prompt that asks for the JSON contract")
    if not ops.add:
        return Check("extraction", WARN, f"the reply parses ({mode}) but learnt nothing from "
                                         f"\"My name is Sam and I live in Leeds\"",
                     "try a larger model, or check extraction_prompt")
    return Check("extraction", PASS, f"a test exchange gave {[a.text for a in ops.add]} ({mode})")


def check_store(settings: Settings) -> Check:
    if settings.backend == "memory":
        return Check("store", WARN, "backend 'memory': facts are kept only until the assistant restarts",
                     "use backend json (the default) to keep them")
    where = settings.db_url.split("@")[-1] if settings.backend == "postgres" else str(settings.store_folder)
    try:
        store = open_store(settings.backend, settings.store_folder, settings.db_url, key_file=settings.key_file)
        try:
            store.load("doctor-check")
        finally:
            store.close()
    except (OSError, StoreUnavailable, ValueError) as exc:
        fix = ("check db_url, that the server runs, and that the role may create tables"
               if settings.backend == "postgres" else
               f"make {settings.store_folder} a private folder (chmod 700) owned by the assistant's user, "
               f"or change db_path")
        return Check("store", FAIL, f"{where} cannot be used: {exc}", fix)
    if settings.backend == "postgres":
        return Check("store", PASS, f"{where} answers; its text is sealed with the node key {settings.key_file}")
    return Check("store", PASS, f"{where} is writable and private")


def check_plugin_names(used_name: str = OUR_NAMES[0]) -> List[Check]:
    """Which class OPM gives for each of our names; a wrong one fails only if it is used."""
    from ovos_plugin_manager.agents import load_memory_plugin
    from ovos_memory_plugin_entity.plugin import EntityMemory
    checks = []
    for name in OUR_NAMES:
        cls = load_memory_plugin(name)
        ours = cls is EntityMemory
        where = f"{cls.__module__}.{cls.__name__}" if cls else "nothing"
        level = PASS if ours else FAIL if name == used_name else WARN
        note = "" if ours or name != used_name else " (and the persona uses this name)"
        checks.append(Check(f"plugin name {name}", level, f"OPM gives {where}{note}",
                            "" if ours else "use the unique name ovos-memory-plugin-entity-facts in memory_module"))
    return checks


def check_persona(persona: Dict[str, Any]) -> List[Check]:
    block = plugin_block(persona)
    if block is None:
        return [Check("persona memory", FAIL, f"memory_module is {persona.get('memory_module')!r}",
                      'set "memory_module": "ovos-memory-plugin-entity-facts" in the persona JSON')]
    checks = [Check("persona memory", PASS, f"memory_module is {persona.get('memory_module')}")]
    mode = block.get("inject_mode", "system")
    if persona.get("memory_module") == COMPOSITE and mode != "system":
        checks.append(Check("composite inject_mode", FAIL, f"inject_mode is {mode!r} inside a composite",
                            "use inject_mode: system; the composite keeps only members' system messages"))
    for engine in persona.get("handlers") or persona.get("solvers") or []:
        if engine in SYSTEM_DROPPING_ENGINES:
            keeps = bool((persona.get(engine) or {}).get("allow_system_prompts"))
            level = PASS if keeps or mode == "user" else FAIL
            checks.append(Check(f"chat engine {engine}", level,
                                "keeps system messages" if keeps else f"drops system messages (inject_mode {mode})",
                                "" if level == PASS else
                                f'set "allow_system_prompts": true in "{engine}", or inject_mode: user'))
    return checks


def run_checks(loaded: Loaded, persona: Optional[Dict[str, Any]], timeout: float = 5.0) -> List[Check]:
    settings = loaded.settings
    checks = check_settings(loaded)
    checks += check_endpoint(settings, timeout) if settings.extractor != "rules" else [
        Check("endpoint", PASS, "extractor: rules needs no model")]
    from ovos_memory_plugin_entity.doctor_embeddings import check_embeddings  # it builds on this module's Check
    checks += check_embeddings(settings, timeout)
    checks.append(check_store(settings))
    named = persona.get("memory_module") if persona else None
    checks += check_plugin_names(named if isinstance(named, str) and named in OUR_NAMES else OUR_NAMES[0])
    if persona is not None:
        checks += check_persona(persona)
    return checks

