"""Forgotten stays forgotten: tombstones are keyed by the store's secret (an export holds
nothing guessable), tombstones made before still hold, and importing an older export
brings back no forgotten fact, person or line of history."""
from __future__ import annotations

import hashlib
import json

from ovos_memory_plugin_entity.cli import main
from ovos_memory_plugin_entity.domain.text import content_words, normalise


def _export(capsys, db):
    capsys.readouterr()
    assert main(db + ["export", "s"]) == 0
    return json.loads(capsys.readouterr().out)


def test_an_export_holds_no_guessable_tombstone(make_memory, capsys):
    memory = make_memory(extractor="rules")
    fact = memory.add_fact("s", "Is HIV positive")
    assert memory.forget_fact("s", fact.id)
    db = ["--db-path", memory.settings.db_path]
    tombstones = _export(capsys, db)["sessions"][0]["record"]["tombstones"]
    guesses = {hashlib.sha256(normalise(text).encode()).hexdigest()
               for text in ("Is HIV positive", "is hiv positive", "Is HIV positive.")}
    guesses |= {hashlib.sha256(" ".join(content_words("Is HIV positive")).encode()).hexdigest()}
    stored = {t["text_hash"] for t in tombstones} | {t["words_hash"] for t in tombstones}
    assert tombstones and not guesses & stored


def test_an_older_export_brings_back_nothing_forgotten(make_memory, model, capsys):
    memory = make_memory(extractor="rules")
    memory.add_fact("s", "Takes sertraline for depression")
    memory.add_fact("s", "Is allergic to cats", about="Emma", relation="daughter")
    memory.add_fact("s", "Likes tea")
    db = ["--db-path", memory.settings.db_path]
    backup = _export(capsys, db)
    sertraline = next(f for f in memory.facts("s") if "sertraline" in f.text)
    assert memory.forget_fact("s", sertraline.id)
    memory.forget_entity("s", memory.entities("s")[0].id)
    path = memory.settings.db_path + ".backup.json"
    with open(path, "w") as handle:
        json.dump(backup, handle)
    assert main(db + ["import", path]) == 0
    assert [f.text for f in memory.facts("s")] == ["Likes tea"]
    assert memory.entities("s") == []
    trail = json.dumps(memory.audit_trail("s"))
    assert "sertraline" not in trail and "Emma" not in trail and "cats" not in trail


def test_a_forgotten_event_keeps_no_date(make_memory, capsys):
    memory = make_memory(extractor="rules")
    fact = memory.add_fact("s", "Has a biopsy at the clinic", when="2027-03-09")
    assert memory.forget_fact("s", fact.id)
    rows = _export(capsys, ["--db-path", memory.settings.db_path])["sessions"][0]["record"]["facts"]
    assert [row for row in rows if row["id"] == fact.id and not row.get("text") and not row.get("when")]
    assert "2027-03-09" not in json.dumps(rows)
