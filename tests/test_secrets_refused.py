"""A secret is refused at every way in, in every shipped language: the model's adds and
updates, entity names and relations, the rules, pending proposals, the owner's add, edit
and rename (API and CLI), imports and the older plugin's file. The audit names the class
only; no file, no log line and no PostgreSQL table holds the value; ordinary numbers,
phones and addresses stay facts."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from ovos_memory_plugin_entity.cli import main
from ovos_memory_plugin_entity.domain.errors import OwnerError
from tests.helpers import user_assistant
from tests.pg import database_files, needs_postgres
from tests.secret_cases import CONTROLS, SECRETS, SHAPES

LANGS = sorted(SECRETS)
# Every secret of a language, and the shapes (they are the same in every language).
ALL = {lang: [(kind, sentence, value) for kind, (sentence, value) in SECRETS[lang].items()]
       + [(kind, f"Number {sentence}", value) for kind, sentence, value in SHAPES] for lang in LANGS}
LIKES = {"en-us": "I like {}.", "pt-pt": "Gosto de {}.", "es-es": "Me gusta {}.", "de-de": "Ich mag {}.",
         "fr-fr": "J'aime {}.", "it-it": "Mi piace {}.", "nl-nl": "Ik hou van {}.", "ca-es": "M'agrada {}."}


def turn(memory, text, sid="s", answer="Okay."):
    context = memory.build_conversation_context(text, sid)
    memory.update_history(user_assistant(text, answer), sid)
    assert memory.flush(10)
    return "\n".join(m.content for m in context)


def store_bytes(tmp_path: Path) -> bytes:
    """Every byte the plugin wrote (the older plugin's own file, an input, excluded)."""
    return b"".join(p.read_bytes() for p in (tmp_path / "ovos" / "entity_memory").rglob("*")
                    if p.is_file() and not p.is_symlink())


def assert_nowhere(values, tmp_path, logs=(), trail=()):
    """No value stands as a word of its own in a file, a log line or the trail (a short
    value may sit inside a random id or a time, which says nothing)."""
    written = store_bytes(tmp_path).decode("utf-8", "replace")
    said = "\n".join(message for _level, message in logs) + json.dumps(list(trail), ensure_ascii=False)
    for value in values:
        for form in {value, value.replace(" ", ""), value.replace("-", "")}:
            pattern = re.compile(rf"(?<![\w.]){re.escape(form)}(?!\w)")
            assert not pattern.search(written), f"{form!r} reached a file"
            assert not pattern.search(said), f"{form!r} reached a log line or the audit"


def refusals(trail):
    return sorted(e["secret"] for e in trail if e["action"] == "refuse")


@pytest.mark.parametrize("lang", LANGS)
def test_a_models_secret_adds_are_refused_and_the_controls_kept(make_memory, model, tmp_path, logs, lang):
    memory = make_memory(lang=lang)
    cases = ALL[lang]
    model.reply(json.dumps({"add": [sentence for _kind, sentence, _value in cases]}),
                json.dumps({"add": CONTROLS[lang]}))
    turn(memory, "Let me tell you a few things about me")
    turn(memory, "And a few more things about me")
    assert sorted(f.text for f in memory.facts("s", include_retired=True)) == sorted(CONTROLS[lang])
    trail = memory.audit_trail("s")
    assert refusals(trail) == sorted(kind for kind, _sentence, _value in cases)
    assert all(set(e) == {"at", "actor", "action", "fact", "secret"} for e in trail if e["action"] == "refuse")
    assert_nowhere([value for _kind, _sentence, value in cases], tmp_path, logs, trail)


@pytest.mark.parametrize("lang", LANGS)
def test_a_models_update_to_a_secret_is_refused_and_the_old_fact_stays(make_memory, model, tmp_path, logs, lang):
    memory = make_memory(lang=lang)
    model.reply(json.dumps({"add": ["Likes jazz"]}))
    turn(memory, "I like jazz")
    fact_id = memory.facts("s")[0].id
    cases = SECRETS[lang].values()
    model.reply(json.dumps({"update": [{"id": fact_id, "fact": sentence} for sentence, _value in cases]}))
    turn(memory, "Let me correct that")
    assert [f.text for f in memory.facts("s", include_retired=True)] == ["Likes jazz"]
    assert len(refusals(memory.audit_trail("s"))) == len(cases)
    assert_nowhere([value for _sentence, value in cases], tmp_path, logs, memory.audit_trail("s"))


@pytest.mark.parametrize("lang", LANGS)
def test_a_secret_as_an_entity_name_or_relation_refuses_the_fact(make_memory, model, tmp_path, logs, lang):
    memory = make_memory(lang=lang)
    sentence, value = SECRETS[lang]["PIN"]
    card_sentence, card = SECRETS[lang]["card number"]
    model.reply(json.dumps({"add": [{"fact": "Is a friend", "about": sentence},
                                    {"fact": "Likes tea", "about": "Mia", "relation": card_sentence},
                                    {"fact": "Likes cake", "about": "Rui", "relation": "friend"}]}))
    turn(memory, "Let me tell you about my friends")
    assert [(f.text, f.about) for f in memory.facts("s")] == [("Likes cake", memory.entities("s")[0].id)]
    assert [e.name for e in memory.entities("s")] == ["Rui"]
    assert refusals(memory.audit_trail("s")) == sorted(["PIN", "card number"])
    assert_nowhere([value, card], tmp_path, logs, memory.audit_trail("s"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_output_is_refused(make_memory, model, tmp_path, logs, lang):
    memory = make_memory(lang=lang, extractor="rules")
    turn(memory, LIKES[lang].format("4111 1111 1111 1111"))
    turn(memory, LIKES[lang].format("jazz"))
    assert len(memory.facts("s")) == 1 and "jazz" in memory.facts("s")[0].text.lower()
    assert refusals(memory.audit_trail("s")) == ["card number"]
    assert_nowhere(["4111 1111 1111 1111"], tmp_path, logs, memory.audit_trail("s"))


@pytest.mark.parametrize("lang", LANGS)
def test_nothing_secret_is_proposed_with_confirm_on(make_memory, model, tmp_path, logs, lang):
    memory = make_memory(lang=lang, confirm="on")
    cases = ALL[lang]
    model.reply(json.dumps({"add": [sentence for _kind, sentence, _value in cases] + ["Grows tomatoes"]}))
    turn(memory, "Let me tell you a few things about me")
    assert [p.describe for p in memory.pending("s")] == [["Grows tomatoes"]]
    assert len(refusals(memory.audit_trail("s"))) == len(cases)
    assert_nowhere([value for _kind, _sentence, value in cases], tmp_path, logs, memory.audit_trail("s"))


@pytest.mark.parametrize("lang,kind", [(lang, kind) for lang in LANGS for kind in SECRETS[lang]])
def test_the_owners_add_edit_and_rename_refuse_with_the_class(make_memory, tmp_path, lang, kind):
    memory = make_memory(lang=lang)
    sentence, value = SECRETS[lang][kind]
    fact = memory.add_fact("s", "Likes jazz", about="Mia", relation="daughter")
    for attempt in (lambda: memory.add_fact("s", sentence), lambda: memory.add_fact("s", "Likes tea", about=sentence),
                    lambda: memory._owner.edit("s", fact.id, sentence),
                    lambda: memory._owner.change("s", lambda editor: editor.rename_entity(fact.about, sentence))):
        with pytest.raises(OwnerError) as refused:
            attempt()
        assert f"holds a {kind}" in str(refused.value) and value not in str(refused.value)
    assert [f.text for f in memory.facts("s", include_retired=True)] == ["Likes jazz"]
    assert [e.name for e in memory.entities("s")] == ["Mia"]
    assert_nowhere([value], tmp_path, trail=memory.audit_trail("s"))


@pytest.mark.parametrize("lang,kind", [(lang, kind) for lang in LANGS for kind in SECRETS[lang]])
def test_the_cli_add_refuses_with_exit_1_and_never_echoes_the_value(tmp_path, capsys, lang, kind):
    sentence, value = SECRETS[lang][kind]
    db = ["--db-path", str(tmp_path / "ovos" / "entity_memory.json")]
    assert main([*db, "add", "s", sentence]) == 1
    err = capsys.readouterr().err
    assert f"not stored: it holds a {kind}, and secrets are never kept" in err and value not in err
    assert main([*db, "add", "s", "Lives at 221B Baker Street"]) == 0
    capsys.readouterr()
    assert main([*db, "--json", "facts", "s"]) == 0
    assert [f["text"] for f in json.loads(capsys.readouterr().out)] == ["Lives at 221B Baker Street"]
    assert main([*db, "edit", "s", "f1", sentence]) == 1
    assert value not in capsys.readouterr().err
    assert_nowhere([value], tmp_path)


@pytest.mark.parametrize("lang", LANGS)
def test_an_import_drops_secrets_and_says_how_many(tmp_path, capsys, lang):
    cases = ALL[lang]
    facts = [{"id": f"f{i}", "text": sentence, "created_at": 1.0, "confirmed_at": 1.0, "actor": "cli"}
             for i, (_kind, sentence, _value) in enumerate(cases, 1)]
    facts.append({"id": "f99", "text": "Likes jazz", "created_at": 1.0, "confirmed_at": 1.0, "actor": "cli"})
    facts.append({"id": "f98", "text": "Likes tea", "created_at": 1.0, "confirmed_at": 1.0, "actor": "cli",
                  "about": "e1"})
    history = [{"at": 1.0, "actor": "cli", "action": "add", "fact": f["id"], "after": f["text"]} for f in facts]
    history.append({"at": 1.0, "actor": "cli", "action": "entity", "fact": "e1", "after": SECRETS[lang]["PIN"][0]})
    record = {"facts": facts, "next_id": 100, "entities": [
        {"id": "e1", "name": SECRETS[lang]["PIN"][0], "created_at": 1.0}], "next_entity": 2}
    export = tmp_path / "export.json"
    export.write_text(json.dumps({"format": "ovos-memory-plugin-entity/export", "version": 1, "exported_at": 1.0,
                                  "sessions": [{"session_id": "s", "record": record, "history": history}]}),
                      encoding="utf-8")
    db = ["--db-path", str(tmp_path / "ovos" / "entity_memory.json")]
    assert main([*db, "--json", "import", str(export)]) == 0
    report = json.loads(capsys.readouterr().out)
    expected = {}
    for kind in [kind for kind, _sentence, _value in cases] + ["PIN"]:  # the entity's name is a PIN too
        expected[kind] = expected.get(kind, 0) + 1
    assert (report["sessions"], report["refused_secrets"], report["skipped"]) == (1, expected, [])
    assert main([*db, "--json", "facts", "s"]) == 0
    assert [f["text"] for f in json.loads(capsys.readouterr().out)] == ["Likes jazz"]
    assert main([*db, "--json", "history", "s"]) == 0
    trail = json.loads(capsys.readouterr().out)
    assert refusals(trail) == sorted(k for k, n in expected.items() for _ in range(n))
    assert_nowhere([value for _kind, _sentence, value in cases] + [SECRETS[lang]["PIN"][1]], tmp_path, trail=trail)


@pytest.mark.parametrize("lang", LANGS)
def test_the_older_plugins_file_brings_no_secret(make_memory, tmp_path, logs, lang):
    cases = ALL[lang]
    older = tmp_path / "ovos" / "entity_memory.json"
    older.parent.mkdir(parents=True)
    older.write_text(json.dumps({"s": {"facts": [s for _k, s, _v in cases] + CONTROLS[lang][:3]}}), encoding="utf-8")
    memory = make_memory(lang=lang)
    assert memory.flush(10)
    assert sorted(f.text for f in memory.facts("s", include_retired=True)) == sorted(CONTROLS[lang][:3])
    assert len(refusals(memory.audit_trail("s"))) == len(cases)
    assert any(f"{len(cases)} secrets in it were refused" in message for _level, message in logs)
    assert_nowhere([value for _kind, _sentence, value in cases], tmp_path, logs, memory.audit_trail("s"))


@needs_postgres
def test_no_secret_reaches_the_postgresql_tables(make_memory, model, pg_url, tmp_path):
    memory = make_memory(backend="postgres", db_url=pg_url)
    cases = ALL["en-us"]
    model.reply(json.dumps({"add": [sentence for _kind, sentence, _value in cases] + ["Grows tomatoes"]}))
    turn(memory, "Let me tell you a few things about me")
    assert [f.text for f in memory.facts("s")] == ["Grows tomatoes"]
    assert len(refusals(memory.audit_trail("s"))) == len(cases)
    tables = database_files(pg_url)
    for _kind, _sentence, value in cases:
        if len(value) >= 8:  # a shorter one may turn up by chance in the ciphertext's bytes
            assert value.encode() not in tables


def test_a_proposal_kept_before_secrets_were_refused_is_neither_asked_nor_applied(make_memory, model, tmp_path):
    import time

    from ovos_memory_plugin_entity.domain.change import Change
    from ovos_memory_plugin_entity.domain.ops import NewFact, Ops
    from ovos_memory_plugin_entity.domain.record import Pending
    memory = make_memory(confirm="on")

    def plant(record):
        record.pending.append(Pending(id="p1", ops=Ops(add=(NewFact("Bank PIN is 4821"), NewFact("Grows tomatoes"))),
                                      describe=["Bank PIN is 4821", "Grows tomatoes"], listed_ids=None,
                                      forget_all_allowed=False, created_at=time.time()))
        record.next_pending = 2
        return Change(unaudited=True)
    memory._store.update("s", plant)
    asking = turn(memory, "what's new?", answer="Nothing much. Should I remember that you grow tomatoes?")
    assert "Grows tomatoes" in asking and "4821" not in asking
    turn(memory, "yes please")
    assert [f.text for f in memory.facts("s")] == ["Grows tomatoes"]
    assert refusals(memory.audit_trail("s")) == ["PIN"]
    assert_nowhere(["4821"], tmp_path, trail=memory.audit_trail("s"))


def test_secrets_an_earlier_version_kept_are_forgotten_at_the_first_start(make_memory, tmp_path, logs):
    """A store written before secrets were refused: its PIN, card and the person named by a
    code are forgotten at the first start (the audit names their classes), the rest stays,
    and the sweep runs once (a marker in the record)."""
    from ovos_memory_plugin_entity.domain.editor import edit
    from ovos_memory_plugin_entity.domain.ops import NewFact, Ops
    from ovos_memory_plugin_entity.domain.policy import Policy
    from ovos_memory_plugin_entity.domain.scope import session_key
    from ovos_memory_plugin_entity.io.stores import JsonFolderStore
    from ovos_memory_plugin_entity.pipelines.migration import SECRETS_SWEPT

    earlier = JsonFolderStore(tmp_path / "ovos" / "entity_memory")  # no secret finder: as an earlier version wrote
    ops = Ops(add=(NewFact("Bank PIN is 4821"), NewFact("Likes jazz"), NewFact("Card is 4111 1111 1111 1111"),
                   NewFact("Is the user's friend", about="Code 7734", relation="friend")))
    earlier.update(session_key("session", "s"), lambda record: edit(record, Policy(), 1000.0, "extractor",
                                                                     lambda editor: editor.apply_ops(ops)))
    earlier.close()
    assert b"4821" in store_bytes(tmp_path)

    memory = make_memory()
    assert memory.flush(10)
    assert [f.text for f in memory.facts("s")] == ["Likes jazz"]
    trail = memory.audit_trail("s")
    assert refusals(trail) == ["PIN", "card number", "security code"]
    assert_nowhere(["4821", "4111 1111 1111 1111", "7734"], tmp_path, logs, trail)
    memory.close()

    again = make_memory()
    assert again.flush(10)
    assert refusals(again.audit_trail("s")) == ["PIN", "card number", "security code"]  # swept once
    assert SECRETS_SWEPT in json.loads(next((tmp_path / "ovos" / "entity_memory").rglob("sessions/*.json"))
                                       .read_text())["imported"]
