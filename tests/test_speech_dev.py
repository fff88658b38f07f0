"""The development half of the testers' spoken turns (tests/data/speech, copied from the
sentences written by people who never read the code), scored by the benchmark's own
scorer with no model: the rules' recall and precision, corrections and quiet turns must
hold their floor. The held-out half is never read here."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data" / "speech"


def _scorer():
    spec = importlib.util.spec_from_file_location("speech_eval", ROOT / "benchmarks" / "speech_eval.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def scores():
    return _scorer().evaluate(DATA, show=False)


def _total(scores, column):
    ok = sum(scores[lang][column][0] for lang in scores)
    return ok, sum(scores[lang][column][1] for lang in scores)


def test_the_rules_keep_the_facts_said_and_little_else(scores):
    recall, precision = _total(scores, "rules_recall"), _total(scores, "rules_precision")
    assert len(scores) == 8
    assert recall[0] / recall[1] >= 0.85, recall
    assert precision[0] / precision[1] >= 0.95, precision
    for lang in scores:
        ok, n = scores[lang]["rules_precision"]
        assert n and ok / n >= 0.9, (lang, ok, n)


def test_corrections_and_quiet_turns(scores):
    corrections, quiet = _total(scores, "corrections"), _total(scores, "quiet")
    assert corrections[0] >= 14, corrections
    assert quiet[0] >= quiet[1] - 2, quiet
