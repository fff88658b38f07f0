"""The conversation turns the plugin keeps (max_history) carry no secret: each is replaced
by its class before the turn is kept, so the next context says that something was said,
never what. A turn without a secret is kept exactly as said."""
from __future__ import annotations

import json

import pytest

from tests.helpers import user_assistant
from tests.secret_cases import SECRETS


def turn(memory, text, sid="s", answer="Okay."):
    context = memory.build_conversation_context(text, sid)
    memory.update_history(user_assistant(text, answer), sid)
    assert memory.flush(10)
    return context


def test_a_kept_turn_with_a_card_number_reaches_the_next_context_redacted(make_memory, model):
    memory = make_memory()
    turn(memory, "My card number is 4111 1111 1111 1111, keep it for me",
         answer="I heard 4111-1111-1111-1111, but I will not keep card numbers.")
    turn(memory, "My PIN is 4821", answer="Noted: 4821")
    context = turn(memory, "What did I just tell you?")
    said = [m.content for m in context]
    assert "My card number is [card number], keep it for me" in said
    assert "I heard [card number], but I will not keep card numbers." in said
    assert "Noted: [PIN]" in said and not any("4111" in text or "4821" in text for text in said)
    assert all("4111" not in m.content and "4821" not in m.content for m in memory.get_history("s"))


@pytest.mark.parametrize("lang", ["pt-pt", "de-de"])
def test_every_class_is_redacted_in_the_language(make_memory, model, lang):
    memory = make_memory(lang=lang, max_history=20)
    for sentence, _value in SECRETS[lang].values():
        memory.update_history(user_assistant(sentence), "s")
    kept = "\n".join(m.content for m in memory.get_history("s"))
    for kind, (_sentence, value) in SECRETS[lang].items():
        assert f"[{kind}]" in kept and value not in kept


def test_a_turn_without_a_secret_is_kept_as_said(make_memory, model):
    memory = make_memory()
    said = "I live at 221B Baker Street,  my phone is +44 20 7946 0958\nand I was born in 1985."
    memory.update_history(user_assistant(said, "Noted: flight TP1234 on 2026-12-01."), "s")
    assert [m.content for m in memory.get_history("s")] == [said, "Noted: flight TP1234 on 2026-12-01."]


def test_the_local_extraction_endpoint_still_hears_the_exchange_once(make_memory, model):
    """The one place the words go as said (the threat model says so): the local model."""
    memory = make_memory()
    turn(memory, "My PIN is 4821 and I live in Porto")
    assert sum("4821" in prompt for prompt in model.prompts()) == 1


def test_an_exchange_kept_for_the_next_start_holds_no_secret(make_memory, model, tmp_path):
    """A slow model at close: the exchange waiting behind the one it holds is kept in
    ``waiting/`` as the turns are, the PIN replaced by its class."""
    model.release.clear()
    memory = make_memory(extractor="llm")
    memory.update_history(user_assistant("I like jazz"), "s")
    assert model.arrived.acquire(timeout=10)
    memory.update_history(user_assistant("My bank PIN's 4821, by the way", "Noted: 4821."), "s")
    assert memory.close(timeout=0.2) is False
    model.release.set()
    # what was said, not the whole line: a time stamp or an id may hold the digits "4821" by chance
    exchanges = [json.loads(line) for p in (tmp_path / "ovos" / "entity_memory" / "waiting").iterdir()
                 for line in p.read_text().splitlines() if line.strip()]
    said = " ".join(f"{e['user']} {e['assistant']}" for e in exchanges)
    assert len(exchanges) >= 2 and "[PIN]" in said and "4821" not in said


def test_the_embeddings_endpoint_hears_the_utterance_redacted(make_memory, model):
    from tests.embedding_servers import FakeEmbeddings
    server = FakeEmbeddings()
    try:
        memory = make_memory(embeddings_url=server.url)
        memory.build_conversation_context("my card is 4111 1111 1111 1111, and I like jazz", "s")
        sent = [text for request in server.requests for text in request["input"]]
        assert sent and not any("4111" in text for text in sent)
        assert any("[card number]" in text for text in sent)
    finally:
        server.stop()
