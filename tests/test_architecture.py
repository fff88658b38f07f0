"""The shape of the package: one-way imports, small modules, one list of settings,
one contract (its schema admits every field its parser reads), a public face."""
from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path
from typing import Dict, Set

import pytest

import ovos_memory_plugin_entity
from ovos_memory_plugin_entity.contract import ADD_FIELDS, UPDATE_FIELDS, ops_schema, parse_reply
from ovos_memory_plugin_entity.settings import SPECS, Settings, settings_table
from tests.schema import admits, conform

PACKAGE = Path(ovos_memory_plugin_entity.__file__).parent
MAX_MODULE_LINES = 450


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


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


def test_the_pure_modules_do_no_io():
    pure = ["record", "editing", "editor", "contract", "rules", "safety", "context", "text", "entities", "vectors"]
    io_modules = {"requests", "os", "socket", "threading.Thread", "fcntl", "psycopg", "tempfile"}
    for name in pure:
        tree = ast.parse((PACKAGE / f"{name}.py").read_text())
        imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        imported |= {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not imported & io_modules, (name, imported & io_modules)


def test_no_module_is_too_long():
    long = {str(p.relative_to(PACKAGE)): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text().splitlines())) > MAX_MODULE_LINES}
    assert long == {}


def test_the_public_face_is_what_all_says():
    public = {n for n in dir(ovos_memory_plugin_entity) if not n.startswith("_")}
    submodules = {p.stem for p in PACKAGE.glob("*.py")} | {"stores", "locale"}
    assert set(ovos_memory_plugin_entity.__all__) - {"__version__"} == public - submodules


def test_settings_are_listed_once():
    assert [f.name for f in dataclasses.fields(Settings)] == list(SPECS)
    readme = (PACKAGE.parent / "readme.md").read_text(encoding="utf-8")
    assert settings_table() in readme, "regenerate the readme's table from settings.settings_table()"
    doc = ovos_memory_plugin_entity.EntityMemory.__doc__ or ""
    assert all(f"``{key}``" in doc for key in SPECS)


FULL_ADD = {"fact": "Is allergic to nuts", "pin": False, "about": "Mia", "relation": "daughter",
            "when": "2030-01-02T15:00"}
FULL_UPDATE = {"id": "f1", "fact": "Lives in Porto", "confidence": 0.9, "pin": True, "when": "2030-01-02"}


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
        assert (item.text, item.about, item.relation, item.when) == ("Is allergic to nuts", "Mia", "daughter",
                                                                     "2030-01-02T15:00")
    if "update" in reply:
        assert (parsed.update[0].fact_id, parsed.update[0].confidence, parsed.update[0].when) == (
            "f1", 0.9, "2030-01-02")


def test_the_schema_is_strict_where_llama_cpp_is():
    schema = ops_schema()
    assert not admits(schema, {"add": [{"fact": "x", "colour": "red"}]})
    assert not admits(schema, {"remember": ["x"]})
