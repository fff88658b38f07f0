"""The shape of the package: layers as folders and imports that follow their map, pure
layers that do no I/O, one exception base, one list of settings, one contract (its
schema admits every field its parser reads), a public face."""
from __future__ import annotations

import ast
import dataclasses
import json
import re
import sys
from pathlib import Path
from typing import Dict, List, Set

import pytest

import ovos_memory_plugin_entity
from ovos_memory_plugin_entity.domain.contract import ADD_FIELDS, UPDATE_FIELDS, ops_schema, parse_reply
from ovos_memory_plugin_entity.settings import SPECS, Settings, shown_default
from tests.schema import admits, conform

PACKAGE = Path(ovos_memory_plugin_entity.__file__).parent
# Which layers each layer may import (its own included); the adapters at the package's
# top (plugin, cli, doctor, demo, settings, persona_config) may import any.
LAYERS: Dict[str, Set[str]] = {
    "domain": {"domain"},
    "language": {"language", "domain"},
    "io": {"io", "domain"},
    "pipelines": {"pipelines", "language", "io", "domain"},
}
# Imported by every layer: who the package is (version, names), and nothing else of ours.
SHARED = {"about"}
# The pure layers: no files, sockets, threads, processes, clocks or logging.
PURE = ("domain", "language")
IO_MODULES = {"os", "io", "socket", "subprocess", "tempfile", "fcntl", "shutil", "pathlib", "requests", "urllib",
              "http", "threading", "time", "psycopg", "psycopg_pool", "sqlite3", "atexit", "signal",
              "multiprocessing", "asyncio", "ovos_utils.log", "logging", "json_database"}
IO_CALLS = {"open", "print", "input", "exec", "eval", "now", "today", "utcnow", "sleep"}
# What a pure module may still do, and why.
PURITY_EXCEPTIONS = {
    "language/locale_data.py": {"pathlib", "ovos_utils.log"},  # reads the shipped locale files once, logs a fallback
    "language/stemming.py": {"threading"},  # a lock: a Snowball stemmer keeps state while it works
    "language/yesno.py": {"ovos_utils.log"},  # says once when ovos-yes-no-plugin fails
}


def _layer(path: Path) -> str:
    parts = path.relative_to(PACKAGE).parts
    return parts[0] if len(parts) > 1 else path.stem


def _imports(tree: ast.AST, current: str) -> Set[str]:
    """Every module a file imports, at its top or inside a function (relative ones resolved)."""
    found: Set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = current.split(".")[:-node.level]
                found.add(".".join(base + ([node.module] if node.module else [])))
            elif node.module:
                found.add(node.module)
                found |= {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
    return found


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _ours(module: str) -> str:
    """The layer (or top-level module) of one of our modules, '' for anyone else's."""
    parts = module.split(".")
    if parts[0] != PACKAGE.name or len(parts) < 2:
        return ""
    return parts[1]


def layer_violations() -> List[str]:
    """Imports that cross the layer map, as "file imports module"."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        layer = _layer(path)
        for module in _imports(ast.parse(path.read_text()), _module_name(path)):
            target = _ours(module)
            if not target or target in SHARED:
                continue
            if layer in SHARED or (layer in LAYERS and target not in LAYERS[layer]):
                found.append(f"{path.relative_to(PACKAGE)} imports {module}")
    return sorted(set(found))


def test_every_import_follows_the_layer_map():
    assert layer_violations() == []


def test_the_layer_map_check_catches_a_crossing(tmp_path, monkeypatch):
    """The check itself can fail: a domain module that imports a store is reported."""
    fake = tmp_path / PACKAGE.name
    (fake / "domain").mkdir(parents=True)
    (fake / "domain" / "record.py").write_text("from ovos_memory_plugin_entity.io.stores import open_store\n")
    (fake / "about.py").write_text("")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", fake)
    assert layer_violations() == ["domain/record.py imports ovos_memory_plugin_entity.io.stores",
                                  "domain/record.py imports ovos_memory_plugin_entity.io.stores.open_store"]


def _top_level_imports() -> Dict[str, Set[str]]:
    """Module -> the package modules it imports at import time (not inside functions)."""
    graph: Dict[str, Set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        name = _module_name(path)
        edges: Set[str] = set()
        for node in ast.parse(path.read_text()).body:
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(PACKAGE.name):
                for alias in node.names:
                    candidate = f"{node.module}.{alias.name}"
                    edges.add(candidate if (PACKAGE.parent / candidate.replace(".", "/")).with_suffix(".py").exists()
                              else node.module)
            elif isinstance(node, ast.Import):
                edges |= {a.name for a in node.names if a.name.startswith(PACKAGE.name)}
        graph[name] = edges - {name}
    return graph


def test_imports_run_one_way():
    graph = _top_level_imports()
    state: Dict[str, int] = {}

    def visit(node: str, path: list) -> None:
        state[node] = 1
        for nxt in graph.get(node, ()):
            if state.get(nxt) == 1:
                raise AssertionError(f"import circle: {' -> '.join(path + [node, nxt])}")
            if nxt not in state:
                visit(nxt, path + [node])
        state[node] = 2
    for module in graph:
        if module not in state:
            visit(module, [])


def impurities(path: Path) -> Set[str]:
    """The I/O a module's source does: modules it imports and calls it makes."""
    tree = ast.parse(path.read_text())
    imported = set()
    for module in _imports(tree, _module_name(path)):
        dotted = [".".join(module.split(".")[:n]) for n in range(1, module.count(".") + 2)]
        imported |= {name for name in dotted if name in IO_MODULES}
    calls = {n.func.id if isinstance(n.func, ast.Name) else n.func.attr for n in ast.walk(tree)
             if isinstance(n, ast.Call) and isinstance(n.func, (ast.Name, ast.Attribute))}
    return (imported | (calls & IO_CALLS)) - PURITY_EXCEPTIONS.get(str(path.relative_to(PACKAGE)), set())


def test_the_pure_layers_do_no_io():
    found = {str(p.relative_to(PACKAGE)): impurities(p) for layer in PURE for p in (PACKAGE / layer).rglob("*.py")}
    assert {k: v for k, v in found.items() if v} == {}


def test_the_purity_check_catches_a_file_and_a_thread(tmp_path, monkeypatch):
    fake = tmp_path / PACKAGE.name / "domain"
    fake.mkdir(parents=True)
    (fake / "record.py").write_text("import threading\nthreading.Thread(target=print).start()\n"
                                    "open('/tmp/x', 'w').write('x')\nprint('done')\n")
    monkeypatch.setattr(sys.modules[__name__], "PACKAGE", tmp_path / PACKAGE.name)
    assert impurities(fake / "record.py") == {"threading", "open", "print"}


def test_the_public_face_is_what_all_says():
    public = {n for n in dir(ovos_memory_plugin_entity) if not n.startswith("_")}
    submodules = {p.stem for p in PACKAGE.glob("*.py")} | {p.name for p in PACKAGE.iterdir() if p.is_dir()}
    assert set(ovos_memory_plugin_entity.__all__) - {"__version__"} == public - submodules


def test_one_exception_base():
    """Every exception class the package defines derives from EntityMemoryError."""
    from ovos_memory_plugin_entity.domain import errors
    stray = []
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and any(isinstance(b, ast.Name) and b.id in (
                    "Exception", "ValueError", "LookupError", "OSError", "RuntimeError") for b in node.bases):
                if not issubclass(getattr(errors, node.name, object), errors.EntityMemoryError):
                    stray.append(f"{path.relative_to(PACKAGE)}: {node.name}")
    assert stray == []


def test_settings_are_listed_once():
    assert [f.name for f in dataclasses.fields(Settings)] == list(SPECS)
    table = (PACKAGE.parent / "docs" / "configuration.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([a-z_]+)` \| `([^`]*)` \| \S", table, re.M)
    assert rows == [(key, shown_default(key)) for key in SPECS], "docs/configuration.md's table: keys and defaults"
    doc = ovos_memory_plugin_entity.EntityMemory.__doc__ or ""
    assert all(f"``{key}``" in doc for key in SPECS)


FULL_ADD = {"fact": "Is allergic to nuts", "pin": False, "about": "Mia", "relation": "daughter",
            "when": "2030-01-02T15:00", "category": "health"}
FULL_UPDATE = {"id": "f1", "fact": "Lives in Porto", "confidence": 0.9, "pin": True, "when": "2030-01-02",
               "category": "finances"}


def test_the_field_tables_are_what_the_examples_carry():
    assert set(FULL_ADD) == set(ADD_FIELDS) and set(FULL_UPDATE) == set(UPDATE_FIELDS)


@pytest.mark.parametrize("reply", [
    {"add": ["Likes jazz", FULL_ADD], "update": [FULL_UPDATE], "forget": ["f2"]},
    {"forget_all": True},
    {},
    {"add": [{"fact": "Name is Ana", "pin": True}]},
])
def test_the_schema_admits_every_shape_the_parser_reads(reply):
    schema = ops_schema()
    assert admits(schema, reply)
    assert conform(schema, reply) == reply  # a strict server loses nothing
    parsed = parse_reply(json.dumps(reply)).ops
    if "add" in reply and len(reply["add"]) > 1:
        item = parsed.add[1]
        assert (item.text, item.about, item.relation, item.when, item.category) == (
            "Is allergic to nuts", "Mia", "daughter", "2030-01-02T15:00", "health")
    if "update" in reply:
        assert (parsed.update[0].fact_id, parsed.update[0].confidence, parsed.update[0].when,
                parsed.update[0].category) == ("f1", 0.9, "2030-01-02", "finances")


def test_the_schema_is_strict_where_llama_cpp_is():
    schema = ops_schema()
    assert not admits(schema, {"add": [{"fact": "x", "colour": "red"}]})
    assert not admits(schema, {"remember": ["x"]})
    assert not admits(schema, {"add": [{"fact": "x", "category": "gossip"}]})


# The longest a module may grow: past it, it holds several jobs.
MAX_MODULE_LINES = 600
MAP = PACKAGE.parent / "docs" / "architecture.md"


def _map_rows() -> Dict[str, str]:
    """docs/architecture.md's layer table: each folder (or "top") and its row."""
    rows = {}
    for line in MAP.read_text(encoding="utf-8").splitlines():
        if line.startswith("| `") and line.count("|") >= 5:
            folder = line.split("`")[1].rstrip("/")
            rows[folder] = line
        elif line.startswith("| the package's top"):
            rows["top"] = line
    return rows


def test_every_module_is_on_the_map():
    """docs/architecture.md names every module, in its layer's row."""
    rows = _map_rows()
    missing = []
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).with_suffix("").parts
        if parts[-1] == "__init__":
            continue
        row = rows.get(parts[0] if len(parts) > 1 else "top", "")
        if f"`{parts[-1]}`" not in row and f"`{parts[-1]}` " not in row:
            missing.append("/".join(parts))
    assert missing == [], f"docs/architecture.md does not name {missing}"


def test_no_module_holds_several_jobs():
    long = {str(p.relative_to(PACKAGE)): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}


def test_the_learner_and_the_commands_do_not_reach_into_each_other():
    graph = _top_level_imports()
    learning, commands = f"{PACKAGE.name}.pipelines.learning", f"{PACKAGE.name}.pipelines.commands"
    assert commands not in graph[learning] and learning not in graph[commands]


def test_every_setting_is_named_by_a_test():
    tests = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    assert [key for key in SPECS if key not in tests] == []


def store_writes_not_by_the_editor() -> List[str]:
    """Every ``store.update(key, mutate)`` outside the stores: ``mutate`` must be a lambda
    whose body is ``edit(...)``, so the editor makes (and audits) every change."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        if path.relative_to(PACKAGE).parts[:2] == ("io", "stores"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "update" and "store" in ast.unparse(node.func.value)):
                continue
            mutate = node.args[1] if len(node.args) > 1 else None
            by_editor = isinstance(mutate, ast.Lambda) and isinstance(mutate.body, ast.Call) \
                and ast.unparse(mutate.body.func) == "edit"
            if not by_editor:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    return found


def test_the_editor_is_the_only_writer():
    assert store_writes_not_by_the_editor() == []
