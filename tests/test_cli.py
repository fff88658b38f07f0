"""The owner's command line: path and demo."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

from ovos_memory_plugin_entity.cli import main


def test_demo_runs_without_a_model(capsys):
    assert main(["demo"]) == 0
    out = capsys.readouterr().out
    assert "Name is Ana  (pinned)" in out and "Lives in Lisbon  (retired: f" in out
    assert "[system]" in out and "- Lives in Porto" in out
    assert out.rstrip().endswith("Can you suggest a dinner place near me?")


def test_path_follows_db_path_and_persona_json(tmp_path, capsys):
    assert main(["--db-path", str(tmp_path / "x" / "entity_memory.json"), "path"]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "x" / "entity_memory")
    persona = tmp_path / "persona.json"
    persona.write_text(json.dumps({"memory_module": "m", "m": {"db_path": str(tmp_path / "y.json")}}))
    assert main(["--config", str(persona), "path"]) == 0
    assert capsys.readouterr().out.strip() == str(tmp_path / "y")


def test_user_errors_exit_1_without_traceback(tmp_path, capsys):
    assert main(["--config", str(tmp_path / "missing.json"), "path"]) == 1
    err = capsys.readouterr().err
    assert "cannot read the persona JSON" in err and "Traceback" not in err


def test_console_script_is_installed():
    script = shutil.which("ovos-entity-memory", path=os.path.dirname(sys.executable))
    assert script, "the console script is not on PATH; install the package"
    out = subprocess.run([script, "--help"], capture_output=True, text=True, check=True).stdout
    assert "demo" in out and "path" in out
