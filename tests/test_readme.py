"""The readme is for the person who runs the assistant: short, first screen on which OVOS
runs the plugin, every example pasted as it is, what gets installed complete, and CI's
two markers where CI reads them."""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import List, Tuple

from ovos_memory_plugin_entity.about import PLUGIN_NAME, UNIQUE_PLUGIN_NAME
from ovos_memory_plugin_entity.cli_commands import build_parser
from ovos_memory_plugin_entity.doctor import FAIL, UPGRADE, check_persona

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "readme.md").read_text(encoding="utf-8")
MAX_README_BYTES = 15_000
FIRST_SCREEN_LINES = 30


def fences() -> List[Tuple[str, str]]:
    """(language, body) of every fenced block."""
    return re.findall(r"^```(\w*)\n(.*?)^```", README, flags=re.S | re.M)


def test_short_enough_to_read():
    assert len(README.encode("utf-8")) <= MAX_README_BYTES


def test_the_first_screen_says_which_ovos_runs_it_and_how_to_get_there():
    first = "\n".join(README.splitlines()[:FIRST_SCREEN_LINES])
    assert "0.9.0a6" in first and "0.7.1" in first and UPGRADE in first
    assert "shares one store" in first and "db_path" in first  # the sharing, chosen on purpose


def test_ci_markers_stay_where_ci_reads_them():
    for marker, starts in (("<!-- test-command -->", "python3 -m venv .venv && "),
                           ("<!-- assistant-install -->", 'pins=$(mktemp) && "$ASSISTANT_ENV/bin/pip"')):
        after = README.split(marker, 1)[1].lstrip("\n")
        assert after.startswith("```bash\n" + starts), marker


def test_examples_paste_as_they_are():
    blocks = fences()
    assert blocks and all(language in ("bash", "json") for language, _ in blocks)
    for language, body in blocks:
        assert "..." not in body and "…" not in body, body  # no placeholder to fill in
        if language == "json":
            json.loads(body)


def test_every_persona_example_loads_this_plugin_by_its_unique_name():
    personas = [json.loads(body) for language, body in fences() if language == "json" and '"handlers"' in body]
    assert len(personas) >= 2
    for persona in personas:
        assert f'"{PLUGIN_NAME}"' not in json.dumps(persona)  # the shared name the older plugin takes
        assert UNIQUE_PLUGIN_NAME in json.dumps(persona)
        failed = [c for c in check_persona(persona) if c.level == FAIL]
        assert failed == [], failed


def test_every_persona_example_names_its_chat_model():
    personas = [json.loads(body) for language, body in fences() if language == "json" and '"handlers"' in body]
    for persona in personas:
        for handler in persona["handlers"]:
            assert persona[handler].get("model") and persona[handler].get("api_url"), persona


def test_every_command_shown_exists():
    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    for language, body in fences():
        for shown in re.findall(r"ovos-entity-memory((?: --[\w-]+(?: [^\s-][^\s]*)?)*) ([a-z-]+)", body):
            assert shown[1] in commands, shown


def test_set_up_does_not_install_the_older_plugin():
    set_up = README.split("## Try it", 1)[1].split("## ", 1)[0]
    assert "integration" not in set_up and "ovos-memory-plugins" not in set_up


def test_what_gets_installed_is_complete():
    setup = (ROOT / "setup.py").read_text(encoding="utf-8")
    requires = setup.split("install_requires=[", 1)[1].split("]", 1)[0]
    names = re.findall(r'^\s*"([A-Za-z0-9_.-]+)', requires, flags=re.M)
    installed = README.split("## Install into your assistant", 1)[1].split("\n## ", 1)[0]
    assert len(names) >= 7
    for name in names:
        assert name in installed, name


def _section(title: str) -> str:
    return README.split(f"## {title}", 1)[1].split("\n## ", 1)[0]


def test_every_command_line_names_the_environment_it_runs_from():
    """The console script is not on PATH unless a venv is active: no example counts on it."""
    for language, body in fences():
        for line in body.splitlines():
            for used in re.finditer(r"(\S*)ovos-entity-memory (?=\S)", line):
                assert used.group(1) in (".venv/bin/", "$ASSISTANT_ENV/bin/"), line


def test_the_persona_to_save_is_where_it_is_asked_for():
    try_it = _section("Try it")
    asked = try_it.index("Save\nthis as `persona.json`") if "Save\nthis" in try_it else try_it.index("Save this as")
    persona_at, chat_at = try_it.index("```json", asked), try_it.index("chat --persona persona.json", asked)
    between = try_it[asked:persona_at]
    assert persona_at < chat_at and "```" not in between  # nothing else comes between the ask and the JSON
    persona = json.loads(try_it[persona_at + len("```json"):].split("```", 1)[0])
    assert persona["memory_module"] == UNIQUE_PLUGIN_NAME and persona["ovos-chat-openai-plugin"]["model"]


def test_every_command_is_named():
    commands = build_parser()._subparsers._group_actions[0].choices  # type: ignore[union-attr]
    named = set(re.findall(r"`([a-z-]+)`", README)) | set(re.findall(r"ovos-entity-memory(?: --\S+ \S+)* ([a-z-]+)",
                                                                      README))
    assert set(commands) - named == set()


DOCS = {p.name: p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md")}


def test_what_the_docs_send_the_reader_to_exists():
    for name, text in DOCS.items():
        for quoted in re.findall(r'see "([^"]+)"', text):
            assert any(quoted in other for other in DOCS.values() if other.count(quoted) > (other is text)), \
                (name, quoted)
        for linked in re.findall(r"\]\(([\w.-]+\.md)\)", text):
            assert linked in DOCS, (name, linked)
