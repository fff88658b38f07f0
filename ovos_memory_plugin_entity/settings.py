"""Settings: every key once, a field of :class:`Settings` with its default and parser (:data:`SPECS`);
docs/configuration.md says what each does. What the older plugin accepts is understood (numeric
strings, ``max_facts: 0``, a backend in any case); a value that cannot be is named (key, value,
what is allowed); unknown keys are logged so a typo shows.
"""
from __future__ import annotations

import hashlib
import json
import math
import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple

from ovos_memory_plugin_entity.domain.contract import DEFAULT_EXTRACTION_PROMPT
from ovos_memory_plugin_entity.domain.errors import ConfigError
from ovos_memory_plugin_entity.domain.policy import Policy
from ovos_memory_plugin_entity.domain.sensitive_categories import CATEGORIES
from ovos_memory_plugin_entity.io.stores import node_key_path
from ovos_memory_plugin_entity.language.judgement import language_policy

BACKENDS = ("json", "memory", "postgres")
# Where db_url is read from when the persona JSON leaves it out (secrets stay out of it).
DB_URL_ENV = "OVOS_ENTITY_MEMORY_DB_URL"
SCOPES = ("session", "global")
INJECT_MODES = ("system", "system_prompt", "user")
EXTRACTORS = ("auto", "llm", "rules")
# Characters of a learner tag (see Settings.learner_tag): a few personas, never a collision.
LEARNER_TAG_CHARS = 12
# Keys that callers put into every member's block and that we do not use ourselves.
PASSED_THROUGH_KEYS = frozenset({"enabled"})


def device_defaults() -> Dict[str, Any]:
    """Defaults the device's own configuration gives: mycroft.conf's ``lang``."""
    try:
        from ovos_config.config import read_mycroft_config
        lang = read_mycroft_config().get("lang")
    except Exception:  # no OVOS configuration here: the built-in default stands
        return {}
    return {"lang": lang} if isinstance(lang, str) and lang.strip() else {}


def default_db_path() -> str:
    """``$XDG_DATA_HOME/ovos/entity_memory.json``, as the older plugin stores it."""
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return str(Path(data_home) / "ovos" / "entity_memory.json")


def _text(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"{key} must be a string, got {value!r}")
    return value


def _number(key: str, value: Any, minimum: float, integer: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ConfigError(f"{key} must be a number, got {value!r}")
    try:
        number = float(value.strip()) if isinstance(value, str) else float(value)
    except ValueError:
        raise ConfigError(f"{key} must be a number, got {value!r}") from None
    if not math.isfinite(number):
        raise ConfigError(f"{key} must be a finite number, got {value!r}")
    if number < minimum:
        raise ConfigError(f"{key} must be at least {minimum:g}, got {value!r}")
    if integer and number != int(number):
        raise ConfigError(f"{key} must be a whole number, got {value!r}")
    return int(number) if integer else number


def _choice(choices: Tuple[str, ...]) -> Callable[[str, Any], str]:
    def parse(key: str, value: Any) -> str:
        if isinstance(value, str) and value.strip().lower() in choices:
            return value.strip().lower()
        raise ConfigError(f"{key} must be one of {list(choices)}, got {value!r}")
    return parse


def _int(minimum: int) -> Callable[[str, Any], int]:
    return lambda key, value: int(_number(key, value, minimum, integer=True))


def _seconds(key: str, value: Any) -> float:
    number = _number(key, value, 0)
    if number == 0:
        raise ConfigError(f"{key} must be greater than 0, got {value!r}")
    return number


def _switch(key: str, value: Any) -> bool:
    said = value.strip().lower() if isinstance(value, str) else value
    if isinstance(value, bool) or said in ("on", "off", "true", "false"):
        return said in (True, "on", "true")
    raise ConfigError(f"{key} must be 'on' or 'off', got {value!r}")


def _prompt(key: str, value: Any) -> str:
    text = _text(key, value)
    if "{exchange}" not in text:
        raise ConfigError(f"{key} must contain the placeholder {{exchange}}, got {value!r}")
    return text


def _categories(key: str, value: Any) -> Tuple[str, ...]:
    """A list of categories, or one string, comma-separated."""
    items = value.split(",") if isinstance(value, str) else value
    if isinstance(items, (list, tuple)) and all(isinstance(i, str) for i in items):
        chosen = {i.strip().lower() for i in items if i.strip()}
        if chosen <= set(CATEGORIES):
            return tuple(sorted(chosen))
    raise ConfigError(f"{key} must be a list of categories from {list(CATEGORIES)}, got {value!r}")


def _url(key: str, value: Any) -> str:
    text = _text(key, value).strip()
    if not text.startswith(("http://", "https://")):
        raise ConfigError(f"{key} must be an http:// or https:// URL, got {value!r}")
    return text.rstrip("/")


def _optional_url(key: str, value: Any) -> str:
    return _url(key, value) if _text(key, value).strip() else ""


def _path(key: str, value: Any) -> str:
    text = _text(key, value).strip()
    if not text:
        raise ConfigError(f"{key} must be a path, got {value!r}")
    return text


@dataclass(frozen=True)
class Spec:
    default: Any
    parse: Callable[[str, Any], Any]
    shown: str = ""  # the default as the docs show it, when it is not a literal


def _key(default: Any, parse: Callable[[str, Any], Any], shown: str = "") -> Any:
    return field(default=default, metadata={"spec": Spec(default, parse, shown)})


@dataclass(frozen=True)
class Settings:
    """In the order of docs/configuration.md's table, which a test holds to these keys and defaults."""

    api_url: str = _key("http://localhost:8000/v1", _url)
    api_key: str = _key("", _text)
    model: str = _key("", _text)
    max_facts: int = _key(1000, _int(0))
    max_extract_tokens: int = _key(128, _int(1))
    request_timeout: float = _key(30.0, _seconds)
    backend: str = _key("json", _choice(BACKENDS))
    db_path: str = _key("", _path, shown="$XDG_DATA_HOME/ovos/entity_memory.json")
    db_url: str = _key("", _text, shown=f"${DB_URL_ENV}")
    db_key_file: str = _key("", _text, shown="postgres.key in the JSON folder")
    extraction_prompt: str = _key(DEFAULT_EXTRACTION_PROMPT, _prompt, shown="built in")
    facts_header: str = _key("Known facts about the user:", _text)
    system_prompt: str = _key("", _text)
    scope: str = _key("session", _choice(SCOPES))
    lang: str = _key("en-US", _text, shown="mycroft.conf's lang, else en-US")
    extractor: str = _key("auto", _choice(EXTRACTORS))
    inject_mode: str = _key("system", _choice(INJECT_MODES))
    context_budget_chars: int = _key(1200, _int(0))
    queue_size: int = _key(256, _int(1))
    confirm: bool = _key(False, _switch, shown="off")
    max_history: int = _key(5, _int(0))
    embeddings_url: str = _key("", _optional_url)
    embeddings_model: str = _key("", _text)
    embeddings_query_prefix: str = _key("", _text)
    embeddings_passage_prefix: str = _key("", _text)
    embeddings_timeout: float = _key(0.2, _seconds)
    sensitive_confirm: Tuple[str, ...] = _key((), _categories, shown="[]")
    sensitive_deny: Tuple[str, ...] = _key((), _categories, shown="[]")

    def policy(self, tombstone_key: bytes = b"") -> Policy:
        """The limits every edit obeys, with the language's judgement and the store's tombstone secret."""
        return replace(language_policy(self.lang, max_facts=self.max_facts, sensitive_confirm=self.sensitive_confirm,
                                       sensitive_deny=self.sensitive_deny), tombstone_key=tombstone_key)

    @property
    def learner_tag(self) -> str:
        """What sets this persona's learning apart from another's sharing the store: the settings deciding it."""
        deciding = [self.lang, self.extraction_prompt, self.extractor, self.confirm, self.scope,
                    list(self.sensitive_confirm), list(self.sensitive_deny)]
        return hashlib.sha256(json.dumps(deciding).encode()).hexdigest()[:LEARNER_TAG_CHARS]

    @property
    def key_file(self) -> Path:
        """The PostgreSQL backend's node key."""
        return Path(self.db_key_file).expanduser() if self.db_key_file else node_key_path(self.store_folder)

    @property
    def store_folder(self) -> Path:
        """The JSON backend's folder: ``db_path`` when it is a folder (or ends in a separator), else beside the
        older plugin's file it names: ``.../entity_memory.json`` -> ``.../entity_memory/``."""
        path = Path(self.db_path).expanduser()
        if self.db_path.endswith(("/", os.sep)) or path.is_dir():
            return path
        if path.suffix.lower() == ".json" or path.is_file():
            return path.with_suffix("") if path.suffix else path.with_name(path.name + ".d")
        return path


SPECS: Dict[str, Spec] = {f.name: f.metadata["spec"] for f in fields(Settings)}
KNOWN_KEYS = frozenset(SPECS) | PASSED_THROUGH_KEYS


def shown_default(key: str) -> str:
    """The default as docs/configuration.md shows it."""
    spec = SPECS[key]
    if spec.shown:
        return spec.shown
    if isinstance(spec.default, str):
        return spec.default or '""'
    return f"{spec.default:g}" if isinstance(spec.default, float) else str(spec.default)


# Keys whose default is not a safe stand-in for a value that cannot be understood:
# the facts are switched off instead (a wrong scope could mix people's facts).
SAFETY_KEYS = frozenset({"scope"})
FACTS_OFF = ("facts are off until it is fixed (nothing is learnt, none is recalled); "
             "the conversation's recent turns are still kept and sent")


@dataclass(frozen=True)
class Loaded:
    """Settings read leniently: what stands, and what could not be understood."""

    settings: Settings
    unknown: Tuple[str, ...]
    errors: Tuple[Tuple[str, str], ...]  # (a value that fell back to its default, what happens until it is fixed)

    @property
    def memory_off(self) -> bool:
        return any(fallback == FACTS_OFF for _, fallback in self.errors)


def read_settings(config: Any, defaults: Optional[Mapping[str, Any]] = None) -> Loaded:
    """Every key on its own: one that cannot be understood is reported and its default used."""
    config = {} if config is None else config
    errors: List[Tuple[str, str]] = []
    if not isinstance(config, Mapping):
        errors.append((f"the plugin configuration must be a JSON object, got {config!r}",
                       "every key uses its default until it is fixed"))
        config = {}
    values: Dict[str, Any] = {key: spec.default for key, spec in SPECS.items()}
    for key, spec in SPECS.items():
        raw = config.get(key)
        if raw is None and defaults is not None and defaults.get(key) is not None:
            raw = defaults[key]
        if raw is not None:
            try:
                values[key] = spec.parse(key, raw)
            except ValueError as exc:
                errors.append((str(exc), FACTS_OFF if key in SAFETY_KEYS else
                               f"its default ({shown_default(key)}) is used until it is fixed"))
    values["db_path"] = values["db_path"] or default_db_path()
    if values["backend"] == "postgres":
        values["db_url"] = values["db_url"] or os.environ.get(DB_URL_ENV, "")
        if not values["db_url"].startswith(("postgresql://", "postgres://")):
            errors.append((f"backend 'postgres' needs db_url (or ${DB_URL_ENV}) as a postgresql:// URL, "
                           f"got {values['db_url']!r}", "backend 'json' is used until it is fixed"))
            values["backend"] = "json"
    unknown = tuple(sorted(str(k) for k in config if k not in KNOWN_KEYS))
    return Loaded(Settings(**values), unknown, tuple(errors))


def load_settings(config: Optional[Mapping[str, Any]],
                  defaults: Optional[Mapping[str, Any]] = None) -> Tuple[Settings, Tuple[str, ...]]:
    """Strictly (the CLI, tests): the settings and the unknown keys, or ``ConfigError``.
    ``None`` for a key means its default; ``defaults`` replaces built-in ones (mycroft.conf's lang)."""
    loaded = read_settings(config, defaults)
    if loaded.errors:
        raise ConfigError(loaded.errors[0][0])
    return loaded.settings, loaded.unknown
