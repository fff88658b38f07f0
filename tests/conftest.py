"""Shared fixtures: a loopback model server, the plugin loaded through OPM, log capture."""
from __future__ import annotations

from typing import Any, Callable, Dict, Iterator, List, Tuple

import pytest

from ovos_memory_plugin_entity.io.stores import JsonFolderStore, MemoryStore
from tests.fake_model import FakeModel, make_fake
from tests.helpers import UNIQUE_NAME, Clock, user_assistant  # noqa: F401  (fixtures' helpers)
from tests.pg import needs_postgres, pg_url  # noqa: F401  (pg_url: a fixture, a fresh PostgreSQL database per test)


@pytest.fixture
def model() -> Iterator[FakeModel]:
    fake = make_fake()
    yield fake
    fake.stop()


@pytest.fixture
def logs(monkeypatch: pytest.MonkeyPatch) -> List[Tuple[str, str]]:
    """(level, message) of everything OVOS's LOG is told (it does not reach caplog)."""
    from ovos_utils.log import LOG
    seen: List[Tuple[str, str]] = []
    for level in ("info", "warning", "error", "exception"):
        def record(*args: Any, _level: str = level, **_kwargs: Any) -> None:
            seen.append((_level, " ".join(str(a) for a in args)))
        monkeypatch.setattr(LOG, level, record)
    return seen


@pytest.fixture
def make_memory(tmp_path, model) -> Iterator[Callable[..., Any]]:
    """Build the plugin through OPM's own loader, with its files in tmp_path."""
    from ovos_plugin_manager.agents import load_memory_plugin
    made: List[Any] = []

    def factory(_name: str = UNIQUE_NAME, _kwargs: Dict[str, Any] = None, **config: Any) -> Any:
        cls = load_memory_plugin(_name)
        config.setdefault("api_url", model.url)
        config.setdefault("db_path", str(tmp_path / "ovos" / "entity_memory.json"))
        memory = cls(config=config, **(_kwargs or {}))
        made.append(memory)
        return memory

    yield factory
    for memory in made:
        memory.close(timeout=5)


@pytest.fixture(autouse=True)
def private_data_home(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Default paths (db_path, the PostgreSQL node key) land in the test's own folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))


@pytest.fixture(params=["json", "json-journal", "memory", pytest.param("postgres", marks=needs_postgres)])
def store(request, tmp_path):
    """Every backend, so the suites that take it cannot drift apart."""
    if request.param == "postgres":
        from ovos_memory_plugin_entity.io.stores.postgres import PostgresStore
        backend = PostgresStore(request.getfixturevalue("pg_url"), tmp_path / "node.key")
        yield backend
        backend.close()
    else:
        # json-journal: every change after the first is appended to the journal, as in a large record
        yield JsonFolderStore(tmp_path / "mem") if request.param == "json" else JsonFolderStore(
            tmp_path / "mem", whole_record_bytes=0) if request.param == "json-journal" else MemoryStore()
