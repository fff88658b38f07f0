"""Settings: the seed plugin's keys and defaults, plus ours, validated once.

Everything the seed (ovos-memory-plugins' EntityMemory) accepts is understood:
numeric strings for numbers, ``max_facts: 0`` for "no cap", a backend name in any
case. A value that cannot be understood raises ``ValueError`` naming the key, the
value and what is allowed; unknown keys are logged once so a typo shows.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Dict, Mapping, Optional, Tuple

from ovos_memory_plugin_entity.extraction import DEFAULT_EXTRACTION_PROMPT

BACKENDS = ("json", "memory", "postgres")
# Where db_url is read from when the persona JSON leaves it out (secrets stay out of it).
DB_URL_ENV = "OVOS_ENTITY_MEMORY_DB_URL"
SCOPES = ("session", "global")
INJECT_MODES = ("system", "system_prompt", "user")
EXTRACTORS = ("auto", "llm", "rules")
# Keys that callers put into every member's block and that we do not use ourselves.
PASSED_THROUGH_KEYS = frozenset({"enabled"})


def default_db_path() -> str:
    """``$XDG_DATA_HOME/ovos/entity_memory.json``, as the seed plugin stores it."""
    data_home = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return str(Path(data_home) / "ovos" / "entity_memory.json")


@dataclass(frozen=True)
class Settings:
    """Validated plugin settings. Build with :func:`load_settings`."""

    api_url: str = "http://localhost:8000/v1"
    api_key: str = ""
    model: str = ""
    max_facts: int = 50
    max_extract_tokens: int = 128
    request_timeout: float = 30.0
    connect_timeout: float = 5.0
    backend: str = "json"
    db_path: str = ""
    db_url: str = ""
    extraction_prompt: str = DEFAULT_EXTRACTION_PROMPT
    facts_header: str = "Known facts about the user:"
    system_prompt: str = ""
    scope: str = "session"
    lang: str = "en-US"
    extractor: str = "auto"
    max_prompt_facts: int = 20
    supersede_threshold: float = 0.8
    max_retired_facts: int = 200
    inject_mode: str = "system"
    context_budget_chars: int = 1200
    context_max_facts: int = 0
    max_fact_chars: int = 200
    queue_size: int = 256
    extract_concurrency: int = 1
    pending_user_timeout: float = 300.0
    confirm: bool = False
    confirm_ttl_hours: float = 24.0
    event_grace_hours: float = 6.0

    @property
    def store_folder(self) -> Path:
        """The folder the JSON backend keeps its files in, derived from ``db_path``."""
        path = Path(self.db_path).expanduser()
        return path.with_suffix("") if path.suffix else path.with_name(path.name + ".d")


def _text(key: str, value: Any) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{key} must be a string, got {value!r}")
    return value


def _number(key: str, value: Any, *, integer: bool, minimum: float,
            maximum: float = math.inf) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"{key} must be a number, got {value!r}")
    try:
        number = float(value.strip()) if isinstance(value, str) else float(value)
    except ValueError:
        raise ValueError(f"{key} must be a number, got {value!r}") from None
    if math.isnan(number) or not minimum <= number <= maximum:
        allowed = f"between {minimum:g} and {maximum:g}" if maximum < math.inf else f"at least {minimum:g}"
        raise ValueError(f"{key} must be {allowed}, got {value!r}")
    if integer:
        if number != int(number):
            raise ValueError(f"{key} must be a whole number, got {value!r}")
        return int(number)
    return number


def _choice(choices: Tuple[str, ...]) -> Callable[[str, Any], str]:
    def parse(key: str, value: Any) -> str:
        if isinstance(value, str) and value.strip().lower() in choices:
            return value.strip().lower()
        raise ValueError(f"{key} must be one of {list(choices)}, got {value!r}")
    return parse


def _int(minimum: int, maximum: float = math.inf) -> Callable[[str, Any], int]:
    return lambda key, value: _number(key, value, integer=True, minimum=minimum, maximum=maximum)


def _float(minimum: float, maximum: float = math.inf, *, exclusive_zero: bool = False
           ) -> Callable[[str, Any], float]:
    def parse(key: str, value: Any) -> float:
        number = _number(key, value, integer=False, minimum=minimum, maximum=maximum)
        if exclusive_zero and number == 0:
            raise ValueError(f"{key} must be greater than 0, got {value!r}")
        return number
    return parse


def _switch(key: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("on", "off", "true", "false"):
        return value.strip().lower() in ("on", "true")
    raise ValueError(f"{key} must be 'on' or 'off', got {value!r}")


def _prompt(key: str, value: Any) -> str:
    text = _text(key, value)
    if "{exchange}" not in text:
        raise ValueError(f"{key} must contain the placeholder {{exchange}}, got {value!r}")
    return text


def _url(key: str, value: Any) -> str:
    text = _text(key, value).strip()
    if not text.startswith(("http://", "https://")):
        raise ValueError(f"{key} must be an http:// or https:// URL, got {value!r}")
    return text.rstrip("/")


def _path(key: str, value: Any) -> str:
    text = _text(key, value).strip()
    if not text:
        raise ValueError(f"{key} must be a file path, got {value!r}")
    return text


_PARSERS: Dict[str, Callable[[str, Any], Any]] = {
    "api_url": _url,
    "api_key": _text,
    "model": _text,
    "max_facts": _int(0),
    "max_extract_tokens": _int(1),
    "request_timeout": _float(0, exclusive_zero=True),
    "connect_timeout": _float(0, exclusive_zero=True),
    "backend": _choice(BACKENDS),
    "db_path": _path,
    "db_url": _text,
    "extraction_prompt": _prompt,
    "facts_header": _text,
    "system_prompt": _text,
    "scope": _choice(SCOPES),
    "lang": _text,
    "extractor": _choice(EXTRACTORS),
    "max_prompt_facts": _int(0),
    "supersede_threshold": _float(0, 1),
    "max_retired_facts": _int(0),
    "inject_mode": _choice(INJECT_MODES),
    "context_budget_chars": _int(0),
    "context_max_facts": _int(0),
    "max_fact_chars": _int(20),
    "queue_size": _int(1),
    "extract_concurrency": _int(1, 64),
    "pending_user_timeout": _float(0, exclusive_zero=True),
    "confirm": _switch,
    "confirm_ttl_hours": _float(0, exclusive_zero=True),
    "event_grace_hours": _float(0),
}
KNOWN_KEYS = frozenset(_PARSERS) | PASSED_THROUGH_KEYS


def load_settings(config: Optional[Mapping[str, Any]]) -> Tuple[Settings, Tuple[str, ...]]:
    """Validate a persona's plugin block; return the settings and the unknown keys.

    ``None`` for a key means "use the default", as an empty JSON value would.
    """
    if config is None:
        config = {}
    if not isinstance(config, Mapping):
        raise ValueError(f"the plugin configuration must be a JSON object, got {config!r}")
    values: Dict[str, Any] = {}
    for key, parse in _PARSERS.items():
        raw = config.get(key)
        if raw is not None:
            values[key] = parse(key, raw)
    values.setdefault("db_path", default_db_path())
    if values.get("backend") == "postgres":
        values["db_url"] = values.get("db_url") or os.environ.get(DB_URL_ENV, "")
        if not values["db_url"].startswith(("postgresql://", "postgres://")):
            raise ValueError(f"backend 'postgres' needs db_url (or ${DB_URL_ENV}) as a postgresql:// URL, "
                             f"got {values['db_url']!r}")
    unknown = tuple(sorted(str(k) for k in config if k not in KNOWN_KEYS))
    return Settings(**values), unknown

