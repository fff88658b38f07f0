"""The spoken controls' first test: an utterance without a word every control needs is
not read for one, and no control is ever missed by it."""
from __future__ import annotations

import dataclasses
import re

import pytest

from ovos_memory_plugin_entity.language.controls import recognise
from ovos_memory_plugin_entity.language.data import load_language
from ovos_memory_plugin_entity.language.triggers import ControlTriggers
from tests.test_voice import LANGS, SPOKEN

EVERYDAY = [("en-us", "okay can you please forget that"), ("en-us", "WHAT DO YOU KNOW ABOUT ME"),
            ("en-us", "this is off the record"), ("en-us", "we're back on the record"),
            ("en-us", "stop taking notes for now"), ("en-us", "what do you have stored about me"),
            ("en-us", "scratch that"), ("fr-fr", "Oublie ce que j'ai dit."), ("de-de", "Lösch das"),
            ("nl-nl", "Wis dat"), ("de-de", "Du darfst dir wieder was merken"), ("it-it", "Che sai di me?")]


def spoken_controls():
    for lang in LANGS:
        for kind, said in SPOKEN[lang].items():
            if kind not in ("home", "mentions", "yes"):
                yield lang, said[0] if isinstance(said, tuple) else said
    yield from EVERYDAY


@pytest.mark.parametrize("lang,words", list(spoken_controls()))
def test_no_control_is_missed(lang, words):
    language = load_language(lang)
    assert recognise(words, language) is not None
    assert ControlTriggers(language).may_hold(words)


@pytest.mark.parametrize("words", ["what's the weather like tomorrow", "set a timer for ten minutes",
                                   "tell me about topic 5", "play some jazz in the kitchen",
                                   "how tall is the eiffel tower", "I had a long day at work"])
def test_an_ordinary_utterance_is_not_read_for_a_control(words):
    assert not ControlTriggers(load_language("en-us")).may_hold(words)


def test_a_new_phrasing_brings_its_own_word_and_one_without_any_lets_everything_through():
    language = load_language("en-us")
    zap = re.compile(r"(?:please )?zap (?:the|my) slate", re.IGNORECASE)
    added = dataclasses.replace(language, controls={**language.controls, "forget_all": (zap,)})
    assert ControlTriggers(added).may_hold("please zap my slate")
    anything = re.compile(r"(?:please )?(?P<target>.{1,40})", re.IGNORECASE)
    loose = dataclasses.replace(language, controls={**language.controls, "remember": (anything,)})
    assert ControlTriggers(loose).may_hold("set a timer for ten minutes")


def test_text_that_is_not_ascii_is_always_read():
    """Full-width or look-alike letters are folded by the screens first: never judged here."""
    assert ControlTriggers(load_language("en-us")).may_hold("ｆｏｒｇｅｔ that")


def test_a_long_utterance_is_left_to_the_recogniser():
    """The test itself stays the cost of a sentence: a page is passed on unread."""
    assert ControlTriggers(load_language("en-us")).may_hold("nothing to see here " * 100_000)
