"""The integrator's scorer (benchmarks/speech_eval.py) on the development half of the spoken
turns (tests/data/speech, written by testers who never read the code), through the plugin
as ovos-persona drives it, with no model: what the reading, the controls, the gates and
the yes/no judge achieve may not fall back. The floors are the scores measured when they
were set; the facts the rules keep are the rules' own tests'."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Scenarios that must hold, per column, over the eight languages (of 56, 16 and 40).
FLOORS = {"controls": 31, "pauses": 11, "questions": 24, "quiet": 11}


@pytest.fixture(scope="module")
def scores():
    spec = importlib.util.spec_from_file_location("speech_eval", ROOT / "benchmarks" / "speech_eval.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.evaluate(ROOT / "tests" / "data" / "speech", show=False)


@pytest.mark.parametrize("column", FLOORS)
def test_the_development_half_holds_its_floor(scores, column):
    held = sum(scores[lang][column][0] for lang in scores)
    assert held >= FLOORS[column], f"{column}: {held} scenarios held, the floor is {FLOORS[column]}"
