"""Spoken memory controls, in every shipped language, with the model endpoint down or
configured off: each control acts on the record and the next contexts; a negated or
merely mentioned control does nothing."""
from __future__ import annotations

import json
import socket

import pytest

from ovos_memory_plugin_entity.language.controls import recognise
from ovos_memory_plugin_entity.language.locale_data import load_language
from tests.helpers import user_assistant

# Per language: a sentence the rules learn a home from (and the place), each control in
# native words, a yes, and words that only mention or negate a control.
SPOKEN = {
    "en-us": dict(home=("I live in Porto.", "Porto"), remember=("Remember that I live in Leeds.", "Leeds"),
                  recall="What do you know about me?", forget_last="Forget what I just said.",
                  forget_slot="Please forget my address.", forget_entity="Forget about Emma.",
                  pause="Don't remember this conversation.", resume="You can remember again.",
                  forget_all="Forget everything you know about me.", yes="yes",
                  mentions=["I didn't say forget it.", "Did you forget your keys again?", "Don't forget my address.",
                            "Never, ever forget what I just said.", "I told her to forget about Emma."]),
    "pt-pt": dict(home=("Moro em Lisboa.", "Lisboa"), remember=("Lembra-te que moro em Braga.", "Braga"),
                  recall="O que sabes sobre mim?", forget_last="Esquece o que acabei de dizer.",
                  forget_slot="Esquece a minha morada.", forget_entity="Esquece a Emma.",
                  pause="Não te lembres desta conversa.", resume="Podes voltar a memorizar.",
                  forget_all="Esquece tudo o que sabes sobre mim.", yes="sim",
                  mentions=["Eu não disse para esquecer isso.", "Esqueceste-te outra vez das chaves?",
                            "Não esqueças a minha morada."]),
    "es-es": dict(home=("Vivo en Sevilla.", "Sevilla"), remember=("Recuerda que vivo en Granada.", "Granada"),
                  recall="¿Qué sabes de mí?", forget_last="Olvida lo que acabo de decir.",
                  forget_slot="Olvida mi dirección.", forget_entity="Olvídate de Emma.",
                  pause="No recuerdes esta conversación.", resume="Puedes volver a recordar.",
                  forget_all="Olvida todo lo que sabes de mí.", yes="sí",
                  mentions=["Yo no dije que lo olvidaras.", "¿Otra vez olvidaste las llaves?",
                            "No olvides mi dirección."]),
    "de-de": dict(home=("Ich wohne in Hamburg.", "Hamburg"), remember=("Merk dir, ich wohne in Bremen.", "Bremen"),
                  recall="Was weißt du über mich?", forget_last="Vergiss, was ich gerade gesagt habe.",
                  forget_slot="Vergiss meine Adresse.", forget_entity="Vergiss Emma.",
                  pause="Merk dir dieses Gespräch nicht.", resume="Du kannst dir wieder etwas merken.",
                  forget_all="Vergiss alles, was du über mich weißt.", yes="ja",
                  mentions=["Ich habe nicht gesagt, vergiss es.", "Hast du schon wieder deine Schlüssel vergessen?",
                            "Vergiss meine Adresse nicht."]),
    "fr-fr": dict(home=("J'habite à Lyon.", "Lyon"), remember=("Souviens-toi que j'habite à Nice.", "Nice"),
                  recall="Qu'est-ce que tu sais sur moi ?", forget_last="Oublie ce que je viens de dire.",
                  forget_slot="Oublie mon adresse.", forget_entity="Oublie Emma.",
                  pause="Ne retiens pas cette conversation.", resume="Tu peux de nouveau retenir des choses.",
                  forget_all="Oublie tout ce que tu sais sur moi.", yes="oui",
                  mentions=["Je n'ai pas dit de l'oublier.", "Tu as encore oublié tes clés ?",
                            "N'oublie pas mon adresse."]),
    "it-it": dict(home=("Vivo a Torino.", "Torino"), remember=("Ricorda che vivo a Bari.", "Bari"),
                  recall="Cosa sai di me?", forget_last="Dimentica quello che ho appena detto.",
                  forget_slot="Dimentica il mio indirizzo.", forget_entity="Dimentica Emma.",
                  pause="Non ricordare questa conversazione.", resume="Puoi tornare a ricordare.",
                  forget_all="Dimentica tutto quello che sai su di me.", yes="sì",
                  mentions=["Non ho detto di dimenticarlo.", "Hai dimenticato di nuovo le chiavi?",
                            "Non dimenticare il mio indirizzo."]),
    "nl-nl": dict(home=("Ik woon in Utrecht.", "Utrecht"), remember=("Onthoud, ik woon in Delft.", "Delft"),
                  recall="Wat weet je over mij?", forget_last="Vergeet wat ik net zei.",
                  forget_slot="Vergeet mijn adres.", forget_entity="Vergeet Emma.",
                  pause="Onthoud dit gesprek niet.", resume="Je mag weer dingen onthouden.",
                  forget_all="Vergeet alles wat je over mij weet.", yes="ja",
                  mentions=["Ik zei niet dat je het moest vergeten.", "Ben je je sleutels weer vergeten?",
                            "Vergeet mijn adres niet."]),
    "ca-es": dict(home=("Visc a Girona.", "Girona"), remember=("Recorda que visc a Lleida.", "Lleida"),
                  recall="Què saps de mi?", forget_last="Oblida el que acabo de dir.",
                  forget_slot="Oblida la meva adreça.", forget_entity="Oblida l'Emma.",
                  pause="No recordis aquesta conversa.", resume="Pots tornar a recordar.",
                  forget_all="Oblida tot el que saps de mi.", yes="sí",
                  mentions=["No he dit que ho oblidis.", "Has tornat a oblidar les claus?",
                            "No oblidis la meva adreça."]),
}
LANGS = list(SPOKEN)


def closed_port_url() -> str:
    """An endpoint that refuses connections: the model is down."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def make(make_memory, lang, **config):
    """The plugin in ``lang`` with no model: the endpoint down (``auto`` falls back to the rules)."""
    config.setdefault("api_url", closed_port_url())
    return make_memory(lang=lang, **config)


def turn(memory, text, answer="Okay.", sid="s"):
    """One turn as ovos-persona runs it: the context, then the exchange; the system text returned."""
    context = memory.build_conversation_context(text, sid)
    memory.update_history(user_assistant(text, answer), sid)
    assert memory.flush(10)
    return "\n".join(m.content for m in context if m.role.value == "system")


def context_text(memory, text, sid="s"):
    return "\n".join(m.content for m in memory.build_conversation_context(text, sid) if m.role.value == "system")


def live(memory, sid="s"):
    return [f.text for f in memory.facts(sid)]


@pytest.mark.parametrize("lang", LANGS)
def test_what_do_you_know_lists_every_fact_with_the_note(make_memory, lang):
    memory = make(make_memory, lang, context_budget_chars=60)
    for n in range(8):
        memory.add_fact("s", f"Fact number {n} about something quite long to read")
    phrases = load_language(lang).phrases
    ordinary = context_text(memory, "hello")
    assert sum("Fact number" in line for line in ordinary.splitlines()) < 8  # the budget holds on other turns
    block = turn(memory, SPOKEN[lang]["recall"])
    assert sum("Fact number" in line for line in block.splitlines()) == 8
    assert phrases["recall_note"] in block
    assert len(live(memory)) == 8  # asking changes nothing


@pytest.mark.parametrize("lang", LANGS)
def test_what_do_you_know_with_nothing_kept_says_nothing_is_known(make_memory, lang):
    """The model is told there is nothing to list, never asked to list facts it was not given."""
    memory = make(make_memory, lang, extractor="rules")
    phrases = load_language(lang).phrases
    block = turn(memory, SPOKEN[lang]["recall"])
    assert phrases["recall_nothing"] in block and phrases["recall_note"] not in block
    memory.add_fact("s", "Likes green tea")
    block = turn(memory, SPOKEN[lang]["recall"])
    assert phrases["recall_note"] in block and phrases["recall_nothing"] not in block


@pytest.mark.parametrize("lang", LANGS)
def test_forget_that_takes_back_the_last_exchange(make_memory, lang):
    memory = make(make_memory, lang)
    memory.add_fact("s", "Likes tea")
    sentence, place = SPOKEN[lang]["home"]
    turn(memory, sentence)
    assert any(place in t for t in live(memory))
    block = turn(memory, SPOKEN[lang]["forget_last"])
    assert load_language(lang).phrases["forgot_note"] in block and place in block
    assert live(memory) == ["Likes tea"]
    assert place not in context_text(memory, f"{place}?")
    assert not any(place in str(line) for line in memory.audit_trail("s"))


@pytest.mark.parametrize("lang", LANGS)
def test_forget_one_thing_by_slot_and_by_person(make_memory, lang):
    memory = make(make_memory, lang)
    memory.add_fact("s", "Likes tea")
    memory.add_fact("s", "Is allergic to cats", about="Emma", relation="daughter")
    sentence, place = SPOKEN[lang]["home"]
    turn(memory, sentence)
    turn(memory, SPOKEN[lang]["forget_slot"])
    assert not any(place in t for t in live(memory)) and "Likes tea" in live(memory)
    block = turn(memory, SPOKEN[lang]["forget_entity"])
    assert "Emma" in block  # the block says what was forgotten
    assert live(memory) == ["Likes tea"] and memory.entities("s") == []
    assert "Emma" not in context_text(memory, "Emma?")


@pytest.mark.parametrize("lang", LANGS)
def test_pause_and_resume(make_memory, lang):
    memory = make(make_memory, lang, extractor="rules")
    phrases = load_language(lang).phrases
    block = turn(memory, SPOKEN[lang]["pause"])
    assert phrases["paused_note"] in block
    sentence, place = SPOKEN[lang]["home"]
    turn(memory, sentence)
    assert live(memory) == []  # paused: the rules learn nothing either
    assert phrases["paused_note"] in context_text(memory, "hello")
    assert phrases["resumed_note"] in turn(memory, SPOKEN[lang]["resume"])
    turn(memory, sentence)
    assert any(place in t for t in live(memory))
    assert phrases["paused_note"] not in context_text(memory, "hello")


def test_a_pause_ends_after_half_an_hour(make_memory):
    from tests.helpers import Clock
    clock = Clock(1_000_000.0)
    memory = make(make_memory, "en-us", extractor="rules", _kwargs={"wall_clock": clock})
    turn(memory, "Stop remembering.")
    turn(memory, "I live in Porto.")
    assert live(memory) == []
    clock.advance(29 * 60)
    turn(memory, "I live in Porto.")
    assert live(memory) == []
    clock.advance(60 + 1)
    turn(memory, "I live in Porto.")
    assert live(memory) == ["Lives in Porto"]


def test_the_pause_is_in_the_record(make_memory, tmp_path):
    """Another node (here a second plugin on the same files) honours the pause."""
    first = make(make_memory, "en-us", extractor="rules")
    turn(first, "This is off the record.")
    second = make(make_memory, "en-us", extractor="rules")
    turn(second, "I live in Porto.")
    assert live(second) == []
    assert second.facts("s") == []


@pytest.mark.parametrize("lang", LANGS)
def test_forget_everything_asks_and_acts_only_on_yes(make_memory, lang):
    memory = make(make_memory, lang)
    for fact in ("Likes tea", "Has a cat", "Plays chess", "Reads novels"):
        memory.add_fact("s", fact)
    phrases = load_language(lang).phrases
    block = turn(memory, SPOKEN[lang]["forget_all"], answer="Are you sure?")
    assert phrases["ask_forget"] in block and phrases["forget_all_item"] in block
    assert len(live(memory)) == 4  # asked, not done
    turn(memory, SPOKEN[lang]["yes"])
    assert live(memory) == []


def test_forget_everything_is_not_done_on_no_or_without_the_question(make_memory):
    memory = make(make_memory, "en-us")
    for fact in ("Likes tea", "Has a cat", "Plays chess"):
        memory.add_fact("s", fact)
    turn(memory, "Forget everything you know about me.", answer="Are you sure?")
    turn(memory, "no")
    assert len(live(memory)) == 3
    # The assistant moved on to a question of its own: a yes answers that one.
    turn(memory, "Forget everything you know about me.", answer="Sure. Would you like to hear today's weather?")
    turn(memory, "yes")
    assert len(live(memory)) == 3
    assert memory.pending("s") == []
    assert "forget everything remembered" not in str(memory.audit_trail("s"))  # dropped, and its words with it


@pytest.mark.parametrize("lang, request_, reply", [
    ("en-us", "forget everything about me", "Sure. Shall I also delete the kitchen timer?"),
    ("pt-pt", "esquece tudo sobre mim", "Queres que apague as luzes da sala?"),
    ("es-es", "olvida todo lo que sabes de mí", "Vale. ¿Borro también la alarma de las siete?"),
    ("en-us", "forget everything about me", "Okay. The oven is clear now."),
])
def test_a_yes_to_another_deleting_forgets_nothing(make_memory, lang, request_, reply):
    """A verb of deleting is no word of the memory: "apagar" turns off lights, "clear" a timer."""
    memory = make(make_memory, lang)
    for fact in ("Likes tea", "Has a cat", "Plays chess", "Reads novels"):
        memory.add_fact("s", fact)
    turn(memory, request_, answer=reply)
    turn(memory, {"pt-pt": "sim", "es-es": "sí"}.get(lang, "yes"))
    assert len(live(memory)) == 4


@pytest.mark.parametrize("lang, narrowed", [("en-us", "yes, only the newest one"), ("fr-fr", "oui mais pas tout"),
                                            ("de-de", "ja, aber nicht alles"), ("it-it", "sì, non tutto però")])
def test_a_yes_that_narrows_forgets_nothing(make_memory, lang, narrowed):
    memory = make(make_memory, lang)
    for fact in ("Likes tea", "Has a cat", "Plays chess", "Reads novels"):
        memory.add_fact("s", fact)
    turn(memory, SPOKEN[lang]["forget_all"], answer="?")
    turn(memory, narrowed)
    assert len(live(memory)) == 4


@pytest.mark.parametrize("lang, yes", [("de-de", "ja, das alles"), ("es-es", "sí sí todo eso"),
                                       ("en-us", "yes all of that"), ("it-it", "sì, tutto")])
def test_a_yes_may_name_what_was_asked_with_small_words(make_memory, lang, yes):
    memory = make(make_memory, lang)
    for fact in ("Likes tea", "Has a cat", "Plays chess", "Reads novels"):
        memory.add_fact("s", fact)
    turn(memory, SPOKEN[lang]["forget_all"], answer="?")
    turn(memory, yes)
    assert live(memory) == []


def test_a_yes_with_something_new_answers_nothing(make_memory):
    memory = make(make_memory, "en-us")
    for fact in ("Likes tea", "Has a cat", "Plays chess", "Reads novels"):
        memory.add_fact("s", fact)
    turn(memory, SPOKEN["en-us"]["forget_all"], answer="Are you sure?")
    turn(memory, "yes the weather is lovely")
    assert len(live(memory)) == 4


def test_a_reply_without_a_question_mark_still_asks(make_memory):
    """The model's words are its own: a reply that asks nothing else puts our question."""
    memory = make(make_memory, "en-us")
    memory.add_fact("s", "Likes tea")
    turn(memory, "Forget everything you know about me.", answer="I will wipe my memory of you once you confirm.")
    block = turn(memory, "yes")
    assert live(memory) == []
    assert load_language("en-us").phrases["forgot_note"] in block  # this turn tells the model it is done
    assert "Likes tea" not in context_text(memory, "tea")


def test_forget_many_things_asks_first(make_memory):
    memory = make(make_memory, "en-us")
    for fact in ("Likes green tea", "Drinks tea at night", "Buys tea in Porto", "Grows tea", "Likes jazz"):
        memory.add_fact("s", fact)
    block = turn(memory, "Forget about tea.", answer="Should I forget all four?")
    assert "Likes green tea" in block and len(live(memory)) == 5
    turn(memory, "yes")
    assert live(memory) == ["Likes jazz"]


@pytest.mark.parametrize("lang", LANGS)
def test_remember_again_lifts_the_tombstone(make_memory, lang):
    memory = make(make_memory, lang)
    sentence, place = SPOKEN[lang]["remember"]
    turn(memory, sentence)
    assert any(place in t for t in live(memory))
    turn(memory, SPOKEN[lang]["forget_slot"])
    assert live(memory) == []
    turn(memory, SPOKEN[lang]["home"][0].replace(SPOKEN[lang]["home"][1], place))  # said again: stays forgotten
    assert live(memory) == []
    turn(memory, sentence)  # the user's own "remember that ..."
    assert any(place in t for t in live(memory))


@pytest.mark.parametrize("lang", LANGS)
def test_a_mention_or_a_negation_is_no_control(make_memory, lang):
    memory = make(make_memory, lang, extractor="rules")
    memory.add_fact("s", "Is allergic to cats", about="Emma", relation="daughter")
    sentence, place = SPOKEN[lang]["home"]
    turn(memory, sentence)
    before = sorted(live(memory))
    for words in SPOKEN[lang]["mentions"]:
        assert recognise(words, load_language(lang)) is None, words
        turn(memory, words)
    assert sorted(live(memory)) == before
    assert place in context_text(memory, "hello")


def test_forget_followed_by_more_talk_names_no_target(make_memory):
    """"Forget Emma, she's fine, how about the weather" is the user moving on: unsure that
    the memory was meant, nothing is forgotten, while "forget about Emma" still is."""
    memory = make(make_memory, "en-us", extractor="rules")
    memory.add_fact("s", "Is allergic to cats", about="Emma", relation="daughter")
    words = "Forget Emma, she's fine, how about the weather today?"
    control = recognise(words, load_language("en-us"))
    assert control is None or control.unsure
    turn(memory, words)
    assert any("allergic to cats" in t for t in live(memory))
    turn(memory, "Forget about Emma.")
    assert not any("allergic to cats" in t for t in live(memory))


@pytest.mark.parametrize("lang,words,target", [
    ("en-us", "Forget my address, please.", "my address"), ("en-us", "Forget about Emma, thanks", "Emma"),
    ("en-us", "Forget my old address at 12 Rua das Flores in Lisbon", "my old address at 12 Rua das Flores in Lisbon"),
    ("pt-pt", "Esquece a minha morada, por favor.", "a minha morada"),
    ("es-es", "Olvida mi dirección, por favor.", "mi dirección"),
    ("fr-fr", "Oublie mon adresse, s'il te plaît.", "mon adresse"),
    ("it-it", "Dimentica il mio indirizzo, per favore.", "il mio indirizzo"),
    ("nl-nl", "Vergeet mijn adres, alsjeblieft.", "mijn adres"),
    ("ca-es", "Oblida la meva adreça, si us plau.", "la meva adreça")])
def test_a_courtesy_after_a_comma_leaves_the_target(lang, words, target):
    control = recognise(words, load_language(lang))
    assert control is not None and control.kind == "forget_thing" and control.target == target


def test_a_forget_is_written_before_the_turn_goes_on(make_memory, model):
    """The model holds the session's queue (an extraction in flight): the forget is not
    queued behind it, it is in the record when the turn's context says it is done."""
    memory = make_memory()  # the fake model, up
    memory.add_fact("s", "Lives in Porto")
    memory.add_fact("s", "Likes tea")
    model.release.clear()
    memory.update_history(user_assistant("I had a long day at work"), "s")
    assert model.arrived.acquire(timeout=10)  # the extraction is at the model, holding the session
    block = context_text(memory, "Forget my address.")
    assert "Lives in Porto" in block
    assert live(memory) == ["Likes tea"]  # written, while the model still holds the earlier exchange
    assert "Porto" not in context_text(memory, "Where do I live? Porto?")
    model.release.set()
    assert memory.flush(10)
    assert live(memory) == ["Likes tea"]


def test_forget_that_withdraws_an_exchange_still_in_flight(make_memory, model):
    memory = make_memory()
    model.reply('{"add": ["Lives in Porto"]}')
    model.release.clear()
    memory.update_history(user_assistant("I live in Porto"), "s")
    assert model.arrived.acquire(timeout=10)
    block = context_text(memory, "Forget what I just said.")
    assert "I live in Porto" in block
    model.release.set()
    assert memory.flush(10)
    assert live(memory) == []
    assert "Porto" not in context_text(memory, "Porto?")


def test_forget_that_reaches_back_only_a_few_minutes(make_memory):
    from tests.helpers import Clock
    clock = Clock(1_000_000.0)
    memory = make(make_memory, "en-us", extractor="rules", _kwargs={"wall_clock": clock})
    turn(memory, "I live in Porto.")
    clock.advance(3600)
    memory.update_history(user_assistant("The weather is nice"), "s")  # taught nothing
    assert memory.flush(10)
    block = turn(memory, "Forget that.")
    assert load_language("en-us").phrases["forgot_nothing"] in block
    assert live(memory) == ["Lives in Porto"]


def test_controls_work_with_the_model_up_and_are_not_extracted(make_memory, model):
    """With a model up, a control's own exchange is never sent for extraction."""
    memory = make_memory()
    memory.add_fact("s", "Lives in Porto")
    sent = len(model.requests)
    turn(memory, "Please forget my address.")
    assert live(memory) == []
    assert len(model.requests) == sent


def test_forget_everything_can_be_confirmed_while_paused(make_memory):
    memory = make(make_memory, "en-us", extractor="rules")
    memory.add_fact("s", "Likes tea")
    memory.add_fact("s", "Has a cat")
    turn(memory, "Stop remembering.")
    turn(memory, "Forget everything you know about me.", answer="Are you sure?")
    turn(memory, "yes")
    assert live(memory) == []
    turn(memory, "I live in Porto.")
    assert live(memory) == []  # still paused: nothing learnt


def test_forget_that_drops_a_proposal_awaiting_its_yes(make_memory):
    """``confirm: on``: what the last exchange proposed is dropped, and never asked about again."""
    memory = make(make_memory, "en-us", extractor="rules", confirm="on")
    turn(memory, "I live in Porto.")
    assert [p.describe for p in memory.pending("s")] == [["Lives in Porto"]]
    block = turn(memory, "Forget that.")
    assert "Lives in Porto" in block
    assert load_language("en-us").phrases["confirm_question"] not in block  # not asked about in the same breath
    assert memory.pending("s") == []
    assert "Porto" not in context_text(memory, "hello")
    turn(memory, "yes")
    assert live(memory) == []


@pytest.mark.parametrize("lang,words,kind", [
    ("fr-fr", "Oublie ce que j'ai dit.", "forget_last"), ("nl-nl", "Vergeet wat ik zei.", "forget_last"),
    ("fr-fr", "Que sais tu de moi", "recall"), ("nl-nl", "Wat weet jij over mij?", "recall"),
    ("de-de", "Was weißt du von mir?", "recall"), ("it-it", "Che sai di me?", "recall"),
    ("en-us", "Delete my address", "forget_thing"), ("fr-fr", "Tu peux oublier mon adresse ?", "forget_thing"),
    ("fr-fr", "Tu peux oublier ça ?", "forget_last"), ("de-de", "Lösch das", "forget_last"),
    ("nl-nl", "Wis dat", "forget_last"), ("fr-fr", "Tu peux recommencer à mémoriser", "resume"),
    ("de-de", "Du darfst dir wieder was merken", "resume")])
def test_everyday_variants_of_a_control_are_recognised(lang, words, kind):
    """"Forget what I said" is a taking back, never a thing named "what I said" that matches nothing."""
    control = recognise(words, load_language(lang))
    assert control is not None and control.kind == kind


@pytest.mark.parametrize("lang,words", [("en-us", "Delete my alarm"), ("en-us", "Forget my shopping list"),
                                        ("de-de", "Vergiss meine Einkaufsliste"), ("pt-pt", "Esquece o alarme")])
def test_a_skills_object_is_no_memory_control(lang, words):
    """An alarm or a list belongs to another skill, as the forget gates read it: nothing is forgotten."""
    assert recognise(words, load_language(lang)) is None


def test_forget_that_takes_back_the_last_thing_said_and_nothing_older(make_memory):
    """"Forget that" after "remember that ..." takes back what it remembered, not the turn
    before; after a turn that taught nothing it forgets nothing older."""
    memory = make(make_memory, "en-us", extractor="rules")
    turn(memory, "My name is Ana.")
    turn(memory, "Remember that I live in Leeds")
    assert "Lives in Leeds" in live(memory)
    turn(memory, "Forget what I just said")
    assert live(memory) == ["Name is Ana"]
    turn(memory, "What is the weather like?")
    turn(memory, "forget that")
    assert live(memory) == ["Name is Ana"]


@pytest.mark.parametrize("lang,words", [
    ("en-us", "oh no, don't keep that"), ("fr-fr", "ah non garde pas ça"), ("es-es", "uy no, no lo apuntes"),
    ("ca-es", "ai no, no ho apuntis")])
def test_a_pause_said_alone_of_that_takes_back_what_was_just_said(make_memory, lang, words):
    memory = make(make_memory, lang, extractor="rules")
    sentence, place = SPOKEN[lang]["home"]
    turn(memory, sentence)
    assert any(place in t for t in live(memory))
    assert load_language(lang).phrases["paused_note"] in turn(memory, words)
    assert live(memory) == []


@pytest.mark.parametrize("words", ["don't forget to save that", "why don't you save that?",
                                   "you don't need to write that down"])
def test_only_a_plain_dont_save_that_takes_back(make_memory, words):
    """Asked, or said with more ("don't forget to save that"): what was just said stays."""
    memory = make(make_memory, "en-us", extractor="rules")
    sentence, place = SPOKEN["en-us"]["home"]
    turn(memory, sentence)
    turn(memory, words)
    assert any(place in t for t in live(memory))


def test_a_question_that_elides_its_memory_word_still_awaits_the_answer(make_memory):
    memory = make(make_memory, "fr-fr", extractor="rules")
    turn(memory, "j'habite à Nantes")
    turn(memory, "oublie tout ce que tu sais sur moi", answer="Tu veux vraiment que j'oublie tout ?")
    turn(memory, "ouais vas-y")
    assert live(memory) == []


@pytest.mark.parametrize("lang,fact,words", [
    ("en-us", "I live in Porto.", "my brother is called tom uh forget that"),
    ("es-es", "Vivo en Sevilla.", "mi hermano se llama tomás eh no mejor olvida eso"),
    ("it-it", "Vivo a Bari.", "mio fratello si chiama tommaso ehm lascia stare cancella quello che ho detto"),
])
def test_forget_that_in_the_same_breath_takes_back_only_that_breath(make_memory, lang, fact, words):
    """The words before the hesitation are never learnt; what was said before the turn stays."""
    memory = make(make_memory, lang)
    turn(memory, fact)
    before = live(memory)
    note = turn(memory, words)
    assert live(memory) == before and before and load_language(lang).phrases["forgot_note"] in note


@pytest.mark.parametrize("lang,words,city", [
    ("en-us", "i live in tacoma keep that to yourself", "Tacoma"), ("de-de", "ich wohne in kiel behalt das für dich", "Kiel"),
    ("es-es", "vivo en cádiz guárdatelo para ti", "Cádiz"), ("nl-nl", "ik woon in gouda dat blijft tussen ons", "Gouda")])
def test_a_pause_closing_a_statement_keeps_nothing_of_it_and_pauses_nothing_after(make_memory, lang, words, city):
    memory = make(make_memory, lang, extractor="rules")
    turn(memory, words)
    assert not any(city.casefold() in t.casefold() for t in live(memory))
    sentence, place = SPOKEN[lang]["home"]
    turn(memory, sentence)
    assert any(place in t for t in live(memory))


@pytest.mark.parametrize("lang,fact,words", [
    # a forgetting right after the pause takes what was just said back
    ("de-de", "ich wohne in kiel", "moment das bitte nicht speichern lösch das"),
    ("es-es", "vivo en cádiz", "oye no guardes eso bórralo"), ("nl-nl", "ik woon in gouda", "niet opslaan wis dat maar"),
])
def test_a_pause_then_a_forgetting_takes_back_what_was_just_said(make_memory, lang, fact, words):
    memory = make(make_memory, lang, extractor="rules")
    turn(memory, fact)
    assert live(memory)
    note = turn(memory, words)
    assert live(memory) == [] and load_language(lang).phrases["paused_note"] in note


@pytest.mark.parametrize("lang,fact,words", [
    # "keep that to yourself" said alone may be of the assistant's own remark: it pauses, and takes nothing back
    ("en-us", "my son is called tom", "ha keep that to yourself"), ("de-de", "ich wohne in kiel", "behalt das für dich"),
    ("fr-fr", "j'habite à nantes", "garde ça pour toi"), ("it-it", "abito a bari", "tienilo per te"),
])
def test_a_positive_pause_of_that_said_alone_takes_nothing_back(make_memory, lang, fact, words):
    memory = make(make_memory, lang, extractor="rules")
    turn(memory, fact)
    before = live(memory)
    turn(memory, words)
    assert before and live(memory) == before


@pytest.mark.parametrize("lang", ["en-us", "it-it"])
def test_a_resume_acts_only_on_a_pause(make_memory, lang):
    memory = make(make_memory, lang, extractor="rules")
    phrases, words = load_language(lang).phrases, SPOKEN[lang]["resume"]
    assert phrases["resumed_note"] not in turn(memory, words)  # nothing paused: ordinary talk
    turn(memory, SPOKEN[lang]["pause"])
    assert phrases["resumed_note"] in turn(memory, words)
    sentence, place = SPOKEN[lang]["home"]
    turn(memory, sentence)
    assert any(place in t for t in live(memory))


@pytest.mark.parametrize("lang,fact,words,kept", [
    ("pt-pt", "A minha gata chama-se Mimi.", "olha não apaga isso", True),  # spoken Portuguese: "don't delete that"
    ("es-es", "Mi perro se llama Toby.", "oye no olvida eso eh", True),
    ("ca-es", "El meu gos es diu Rufus.", "no esborra això", True),
    ("pt-pt", "A minha gata chama-se Mimi.", "olha não apagues isso", True),
    ("es-es", "Mi perro se llama Toby.", "oye no lo olvides eh", True),
])
def test_a_no_right_before_a_plain_imperative_keeps_the_last_fact(make_memory, lang, fact, words, kept):
    """"não apaga isso", "no olvida eso" said without a comma negate as people say them: the fact stays."""
    memory = make(make_memory, lang)
    turn(memory, fact)
    before = live(memory)
    turn(memory, words)
    assert before and (live(memory) == before) == kept


@pytest.mark.parametrize("lang,words", [
    ("de-de", "meine lieblingsbeschäftigung ist enkeln vorlesen"), ("de-de", "mein lieblingshobby ist mails beantworten"),
])
def test_a_hobby_ending_in_an_orders_infinitive_is_kept(make_memory, lang, words):
    """"... ist enkeln vorlesen": a finite verb before the infinitive makes a statement, stored like any other."""
    memory = make(make_memory, lang, extractor="rules")
    turn(memory, words)
    assert live(memory)


@pytest.mark.parametrize("lang,reply", [
    ("en-us", "Sure. Do you remember where you put your keys?"), ("en-us", "ok. shall i remember the recipe for next week?"),
    ("de-de", "Alles klar. Soll ich mir das merken?"), ("fr-fr", "D'accord. Tu te souviens de la recette de ta grand-mère ?"),
    ("it-it", "Va bene. Vuoi che ricordi il tuo appuntamento?"), ("nl-nl", "Prima. Moet ik je afspraak onthouden?"),
    # a verb of knowing is in "forget everything you know", yet asks another thing
    ("es-es", "Vale. ¿Sabes dónde aparcaste el coche?"), ("nl-nl", "Weet je nog waar je geparkeerd hebt?"),
    ("de-de", "Weißt du, wo dein Schlüssel ist?"), ("pt-pt", "Sabes a que horas abre a farmácia?"),
    ("ca-es", "Saps on són les claus?"), ("fr-fr", "Tu sais où tu as garé la voiture ?"),
    # what someone said or learnt, a forgetting of something else, another skill's clearing: another question
    ("en-us", "Did your sister tell you that?"), ("en-us", "Did you forget your umbrella again?"),
    ("es-es", "¿Y qué te dijo tu madre?"), ("de-de", "Hast du das deinem Bruder erzählt?"),
    ("pt-pt", "Já disseste isso ao teu pai?"), ("it-it", "Hai imparato qualcosa di nuovo oggi?"),
    ("nl-nl", "Weet je wat ik allemaal opgeslagen heb?"), ("en-us", "Okay. Shall I clear all your timers too?"),
    ("en-us", "Do you want me to delete all your saved podcasts?"), ("de-de", "Soll ich alle Fotos vom Handy löschen?"),
    ("fr-fr", "Je supprime tout l'historique des appels ?"), ("es-es", "¿Borro todas las descargas?"),
    ("en-us", "Sure. Should I delete the data in your calendar too?"),
])
def test_a_yes_to_a_question_that_only_remembers_forgets_nothing(make_memory, lang, reply):
    """Another question holding a word of remembering is not ours: the yes answers it, every fact stays."""
    memory = make(make_memory, lang)
    for fact in ("Likes tea", "Has a cat", "Plays chess"):
        memory.add_fact("s", fact)
    turn(memory, SPOKEN[lang]["forget_all"], answer=reply)
    turn(memory, SPOKEN[lang]["yes"])
    assert len(live(memory)) == 3


@pytest.mark.parametrize("lang,fact,offer,words", [
    ("en-us", "my sister is called nora", "Got it. Should I add that to your notes?", "no don't save that"),
    ("pt-pt", "a minha irmã chama-se rita", "Queres que aponte isso na lista de compras?", "não guardes isso"),
    ("es-es", "mi hermana se llama lucía", "¿Lo apunto en tu lista?", "no lo apuntes"),
    ("ca-es", "la meva germana es diu marta", "Vols que ho afegeixi a les notes?", "no ho apuntis"),
    ("it-it", "mia sorella si chiama giulia", "Vuoi che lo aggiunga alla lista della spesa?", "no non lo salvare"),
    # a bare "forget it" answers the offer too
    ("pt-pt", "a minha filha inês é celíaca", "Anotado. Queres que adicione pão sem glúten à lista de compras?",
     "não, esquece, eu compro amanhã"),
    ("en-us", "my son max is eight", "Nice. Should I add a birthday reminder to your calendar?", "no, forget it"),
    ("es-es", "mi hijo dani tiene ocho años", "Qué bien. ¿Quieres que ponga un recordatorio en el calendario?",
     "no, olvídalo"),
])
def test_a_no_to_another_skills_offer_takes_nothing_back(make_memory, lang, fact, offer, words):
    """"no, don't save that" right after the assistant offered to save or add something answers the offer."""
    memory = make(make_memory, lang, extractor="rules")
    turn(memory, fact, answer=offer)
    before = live(memory)
    turn(memory, words)
    assert before and live(memory) == before


@pytest.mark.parametrize("lang,fact,offer,words", [
    ("en-us", "my sister is called nora", "Should I add that to your notes?", "no don't remember that"),
    ("en-us", "my sister is called nora", "Shall I keep that in my memory?", "no don't save that"),
    ("en-us", "my sister is called nora", "Thanks. Shall I note that down for next time?", "no don't save that"),
    ("en-us", "my sister is called nora", "Lovely. Do you want me to save this?", "no please don't save it"),
    ("de-de", "meine schwester heißt nora", "Danke. Soll ich mir das notieren?", "nein notier das nicht"),
    ("pt-pt", "a minha irmã chama-se rita", "Percebi. Queres que guarde isso?", "não guardes isso"),
    ("en-us", "my sister is called nora", "Nice. Should I add a birthday reminder to your calendar?",
     "no, forget what i told you"),  # the memory named
])
def test_a_no_to_the_memorys_offer_takes_it_back(make_memory, lang, fact, offer, words):
    """An offer naming no list, notes or contacts, or a no naming the memory, is the memory's: it takes it back."""
    memory = make(make_memory, lang, extractor="rules")
    turn(memory, fact, answer=offer)
    assert live(memory)
    turn(memory, words)
    assert live(memory) == []


@pytest.mark.parametrize("lang,fact,reply,words", [
    ("pt-pt", "a minha gata chama-se mimi", "Que giro! Queres que procure promoções de ração?", "esquece isso"),
    ("pt-pt", "moro em braga", "Não consigo ver o tempo agora.", "ah esquece isso"),
    ("de-de", "meine katze heißt mimi", "Schöner Name! Soll ich das Licht einschalten?", "vergiss es"),
    ("de-de", "ich wohne in köln", "Das Wetter kann ich gerade nicht abrufen.", "äh vergiss es"),
])
def test_a_bare_never_mind_takes_nothing_back(make_memory, lang, fact, reply, words):
    """"esquece isso", "vergiss es" said alone are "never mind" as often as a request of the memory: nothing goes."""
    memory = make(make_memory, lang, extractor="rules")
    turn(memory, fact, answer=reply)
    kept = live(memory)
    assert kept
    turn(memory, words)
    assert live(memory) == kept


def test_a_forgetting_lead_in_beside_a_no_takes_nothing_back(make_memory):
    """"ah não esquece isso" may be "don't forget that": a missed control costs less than a wrong forget."""
    memory = make(make_memory, "pt-pt", extractor="rules")
    turn(memory, "a minha gata chama-se mimi")
    before = live(memory)
    turn(memory, "ah não esquece isso")
    assert before and live(memory) == before


@pytest.mark.parametrize("lang,fact,words", [
    ("de-de", "meine katze heißt mimi", "ach ich hab das grad vergessen"), ("de-de", "meine katze heißt mimi", "wir haben das eben vergessen"),
    ("nl-nl", "mijn kat heet mimi", "ik heb dat laatste vergeten"),
])
def test_the_speaker_telling_what_was_forgotten_takes_nothing_back(make_memory, lang, fact, words):
    """A subject opening the clause before the object and its verb states what happened ("ich habe das vergessen")."""
    memory = make(make_memory, lang, extractor="rules")
    turn(memory, fact)
    before = live(memory)
    turn(memory, words)
    assert before and live(memory) == before


def test_a_spoken_grad_names_what_was_just_said(make_memory):
    """"grad" is how "gerade" is said: "lösch das grad wieder" takes back the last fact."""
    memory = make(make_memory, "de-de", extractor="rules")
    turn(memory, "meine katze heißt mimi")
    assert live(memory)
    turn(memory, "moment lösch das grad wieder was ich eben gesagt hab")
    assert live(memory) == []


@pytest.mark.parametrize("lang,facts,said,gone", [
    ("en-us", ("Is allergic to shellfish", "Plays the cello"), "please forget the allergy", "Is allergic to shellfish"),
    ("es-es", ("Toma omeprazol 20 miligramos", "Vive en Cuenca"), "borra lo de la medicación", "Toma omeprazol 20 miligramos"),
    ("de-de", ("Ist Veganerin", "Wohnt in Trier"), "vergiss das mit der ernährung", "Ist Veganerin"),
    ("it-it", ("Prende ramipril 5 mg", "Vive a Como"), "dimentica i miei farmaci", "Prende ramipril 5 mg"),
    # a topic with a vague word after it, and one whose word a dot parts
    ("en-us", ("Is allergic to shellfish", "Plays the cello"), "um can you delete the allergy stuff", "Is allergic to shellfish"),
    ("ca-es", ("És al·lèrgic al marisc", "Viu a Vic"), "esborra allò de l'al·lèrgia", "És al·lèrgic al marisc"),
])
def test_one_thing_named_by_its_topic_is_forgotten(make_memory, lang, facts, said, gone):
    """"the allergy" names no word of the fact "is allergic to shellfish": the user's one fact on that topic goes."""
    memory = make(make_memory, lang)
    for fact in facts:
        memory.add_fact("s", fact)
    turn(memory, said)
    assert live(memory) == [f for f in facts if f != gone]


@pytest.mark.parametrize("lang,fact,said", [
    ("en-us", "Is allergic to penicillin", "forget my peanut allergy"),  # a thing named, not the topic
    ("en-us", "Is allergic to penicillin", "forget my son's allergy"),  # a relative's
    ("es-es", "Es alérgico a la penicilina", "olvida la alergia de mi hijo"),
    ("en-us", "Takes metformin 500 mg", "actually forget the dishwasher tablets"),  # another thing's tablets
    ("nl-nl", "Is vegetariër", "vergeet het eten maar"),  # "the food", no diet
])
def test_a_topic_beside_a_thing_or_a_relative_forgets_nothing_of_the_users(make_memory, lang, fact, said):
    memory = make(make_memory, lang)
    memory.add_fact("s", fact)
    turn(memory, said, answer="Are you sure?")
    turn(memory, SPOKEN[lang]["yes"])
    assert live(memory) == [fact]


@pytest.mark.parametrize("lang,said,forget", [
    ("en-us", "i take lisinopril ten milligrams for my blood pressure", "forget that blood pressure stuff"),
    ("de-de", "ich nehme ramipril fünf milligramm wegen dem blutdruck", "vergiss das zeug mit dem blutdruck"),
    ("fr-fr", "je prends du ramipril cinq milligrammes pour ma tension", "oublie ce truc de tension"),
])
def test_a_medication_is_forgotten_by_what_it_is_for(make_memory, lang, said, forget):
    """The purpose said with a dose is kept in the fact, so "that blood pressure stuff" names it ("stuff" names
    nothing); a home said beside stays."""
    memory = make(make_memory, lang, extractor="rules")
    turn(memory, said)
    memory.add_fact("s", "Plays the cello")
    assert len(live(memory)) == 2
    turn(memory, forget)
    assert live(memory) == ["Plays the cello"]


def test_a_topic_several_facts_say_is_asked_first(make_memory):
    """"forget my medication" with two medications: the user may mean one of them, so it asks, and keeps both."""
    memory = make(make_memory, "en-us")
    for fact in ("Takes metformin 500 milligrams", "Takes aspirin 75 milligrams", "Has a cat"):
        memory.add_fact("s", fact)
    turn(memory, "forget my medication", answer="Are you sure?")
    assert len(live(memory)) == 3
    turn(memory, SPOKEN["en-us"]["yes"])
    assert live(memory) == ["Has a cat"]


@pytest.mark.parametrize("lang,facts,said", [
    ("en-us", ["my dog is called mochi", "i work at the hospital"],
     "you don't really need to know where i work anymore so just forget it"),
    ("de-de", ["ich arbeite bei siemens", "meine katze heißt mimi"],
     "also wo ich arbeite musst du nicht mehr wissen vergiss das einfach"),
])
def test_need_not_know_then_forget_it_asks_about_that_thing_not_the_last_one(make_memory, lang, facts, said):
    """"You don't need to know where I work, forget it": asked about the job, and the job goes on a yes; whatever
    was said last is not taken back."""
    memory = make(make_memory, lang, extractor="rules")
    for fact in facts:
        turn(memory, fact)
    before = live(memory)
    assert len(before) == 2
    turn(memory, said, answer="Should I forget that?")
    assert live(memory) == before
    turn(memory, {"en-us": "yes", "de-de": "ja"}[lang])
    assert len(live(memory)) == 1 and live(memory)[0] == before[0 if lang == "en-us" else 1]


@pytest.mark.parametrize("lang,home,said,new", [
    ("es-es", "vivimos en zamora", "olvida lo de zamora que ahora vivimos en teruel", "Teruel"),
    ("it-it", "abito a bari", "dimentica quella cosa di bari che adesso abitiamo a lecce", "Lecce")])
def test_a_thing_forgotten_and_what_replaces_it_in_one_breath_do_both(make_memory, lang, home, said, new):
    """The old home goes and the new one, said on in the same clause as so now, is learnt (issue 32: a control
    said together with a fact does both)."""
    memory = make(make_memory, lang, extractor="rules")
    turn(memory, home)
    assert len(live(memory)) == 1
    turn(memory, said)
    assert [new in text for text in live(memory)] == [True]


def test_the_clauses_said_beside_a_forgetting_are_learnt_apart(make_memory):
    """Joined by a comma the rules read one place, "Teruel Trabajo" (round 31's review)."""
    memory = make(make_memory, "es-es", extractor="rules")
    turn(memory, "vivimos en zamora")
    turn(memory, "olvida mi casa de zamora, ahora vivimos en teruel y trabajo en una panadería")
    assert live(memory) == ["Vive en Teruel"]


@pytest.mark.parametrize("lang, turns, forget, kept, gone", [
    ("en-us", ["I live in Boston.", "My wife Anna lives in Chicago."], "Can you delete my wife's address?", "Boston", "Chicago"),
    ("de-de", ["Ich wohne in Köln.", "Meine Frau Anna wohnt in Bonn."], "Vergiss die Adresse meiner Frau.", "Köln", "Bonn"),
    ("es-es", ["Vivo en Sevilla.", "Mi mujer Ana vive en Cádiz."], "Olvida la dirección de mi mujer.", "Sevilla", "Cádiz"),
])
def test_a_relatives_thing_forgotten_is_theirs_never_the_users_own(make_memory, lang, turns, forget, kept, gone):
    memory = make(make_memory, lang, extractor="rules")
    for said in turns:
        turn(memory, said)
    turn(memory, forget)
    facts = " ".join(live(memory))
    assert kept in facts and gone not in facts
    assert [e.name for e in memory.entities("s")] in (["Anna"], ["Ana"])  # she is still known


@pytest.mark.parametrize("lang, old, said, new", [
    ("en-us", "Phone number is 555 0134", "uh forget my old number the new one is five five five oh one nine nine",
     "Phone number is 555 0199"),
    ("de-de", "Die Nummer ist 0170 1234", "vergiss meine alte nummer die neue ist null eins sieben null neun neun",
     "Die Nummer ist 0170 99"),
    ("pt-pt", "O número de telemóvel é 912 345 678", "esquece o meu número antigo o novo é nove três três",
     "O número de telemóvel é 933"),
])
def test_forget_my_old_number_the_new_one_is_forgets_the_old_and_keeps_the_new(make_memory, model, lang, old, said,
                                                                                 new):
    """In one breath, no punctuation: the old number is forgotten at once and the model learns the new one from
    what replaces it (issue 32). Before, "the new one is ..." was read as part of the thing to forget."""
    def answer(body):
        prompt = body["messages"][-1]["content"]
        digits = "".join(ch for ch in new if ch.isdigit())
        return json.dumps({"add": [new] if digits in prompt.replace(" ", "") else []})
    model.default = answer
    memory = make_memory(lang=lang, extractor="llm")
    memory.add_fact("s", old)
    memory.add_fact("s", "Likes tea" if lang == "en-us" else "Mag Tee" if lang == "de-de" else "Gosta de chá")
    turn(memory, said)
    assert old not in context_text(memory, "hallo")
    facts = live(memory)
    assert old not in facts and new in facts and len(facts) == 2, facts


def test_a_word_for_old_is_read_past_only_where_what_replaces_the_thing_is_said(make_memory):
    """"Forget my former boss" with only the current boss known forgets nothing; "how old" keeps its meaning
    (round 33's review)."""
    memory = make(make_memory, "en-us")
    memory.add_fact("s", "Boss is Linda")
    memory.add_fact("s", "Son Tom is 7 years old")
    turn(memory, "forget my former boss")
    assert live(memory) == ["Boss is Linda", "Son Tom is 7 years old"]
    turn(memory, "forget how old my son is")
    assert live(memory) == ["Boss is Linda"]
    turn(memory, "forget my old boss the new one is linda")  # the one the user has now is the new one
    assert live(memory) == ["Boss is Linda"]


@pytest.mark.parametrize("lang,words,name", [
    ("it-it", "vabbè tu per adesso non ricordarti niente di quello che diciamo, mia suocera si chiama assunta", "Assunta"),
    ("pt-pt", "deixa de guardar coisas por agora, o meu irmão chama-se custódio", "Custódio"),
    ("es-es", "bueno tú por ahora no te quedes con nada de lo que hablemos, mi suegra se llama eufrasia", "Eufrasia"),
])
def test_a_pause_opening_the_turn_keeps_nothing_said_after_it_in_one_breath(make_memory, lang, words, name):
    memory = make(make_memory, lang, extractor="rules")
    turn(memory, words)
    turn(memory, SPOKEN[lang]["home"][0])
    assert not any(name.casefold() in t.casefold() for t in live(memory))
    assert live(memory) == []  # still paused: the next turn is not learnt either
