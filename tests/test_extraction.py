"""The extraction contract: prompt building and reply parsing, as tables of real-looking replies."""
from __future__ import annotations

import json

import pytest

from ovos_memory_plugin_entity.domain.contract import (
    DEFAULT_EXTRACTION_PROMPT,
    build_prompt,
    example_facts,
    parse_reply,
)
from ovos_memory_plugin_entity.domain.errors import ReplyError


def adds(reply: str, **kwargs) -> list:
    return [a.text for a in parse_reply(reply, **kwargs).ops.add]


@pytest.mark.parametrize("reply, expected", [
    ('{"add": ["Likes jazz"]}', ["Likes jazz"]),
    ('```json\n{"add": ["Likes jazz"]}\n```', ["Likes jazz"]),
    ('Sure! Here you go:\n{"add": ["Lives in Porto"]}\nHope that helps.', ["Lives in Porto"]),
    ('["Likes tea", "Has a cat"]', ["Likes tea", "Has a cat"]),
    ('["Likes tea", 42, null, {"x": 1}, "  "]', ["Likes tea"]),
    ("- Likes tea\n* Has a cat", ["Likes tea", "Has a cat"]),
    ("<think>The user said {\"add\": [\"Wrong\"]}</think>{\"add\": [\"Right\"]}", ["Right"]),
    ('Example: {"add": ["Likes jazz"]} Answer: {"add": ["Likes tea"]}', ["Likes tea"]),
    ('{"add": ["Likes tea"]} {"note": "not the contract"}', ["Likes tea"]),
    ('{"add": [{"fact": "Name is [Ana]", "pin": true}]}', ["Name is [Ana]"]),
    ("NONE", []), ("[]", []), ("{}", []), ("", []), ("None.", []),
])
def test_replies_that_fit(reply, expected):
    assert adds(reply) == expected


@pytest.mark.parametrize("reply", [
    "The user likes jazz.",
    '{"add": ["Likes ja',  # truncated
    '{"facts": ["Likes jazz"]}',
    '[1, 2, 3]',
    "<think>still thinking about {\"add\": [\"x\"]}",
])
def test_replies_that_do_not_fit_raise(reply):
    with pytest.raises(ReplyError):
        parse_reply(reply)


def test_huge_reply_is_bounded():
    reply = "[" * 500_000 + '{"add": ["Likes tea"]}' + "x" * 500_000
    with pytest.raises(ReplyError):
        parse_reply(reply)


def test_invalid_utf8_decoded_with_replacement_is_handled():
    reply = b'{"add": ["Likes caf\xe9"]}'.decode("utf-8", errors="replace")
    assert adds(reply) == ["Likes caf\ufffd"]


def test_update_forget_and_confidence():
    ops = parse_reply(json.dumps({"update": [{"id": "f3", "fact": "Lives in Porto", "confidence": 0.5},
                                             {"id": 7, "fact": "bad id"}],
                                  "forget": ["f2", 9], "forget_all": True})).ops
    assert [(u.fact_id, u.text, u.confidence) for u in ops.update] == [("f3", "Lives in Porto", 0.5)]
    assert ops.forget == ("f2",) and ops.forget_all


def test_pin_flag():
    ops = parse_reply('{"add": [{"fact": "Name is Ana", "pin": true}, {"fact": "x y", "pin": "yes"}]}').ops
    assert [(a.text, a.pin) for a in ops.add] == [("Name is Ana", True), ("x y", False)]


def test_echoed_examples_are_dropped_unless_said():
    examples = example_facts(DEFAULT_EXTRACTION_PROMPT)
    assert "Likes jazz" in examples and "Name is Sam" in examples
    echoed = adds('["Likes jazz", "Likes tea"]', examples=examples, exchange="User: I like tea\nAssistant: ok")
    assert echoed == ["Likes tea"]
    said = adds('["Likes jazz"]', examples=examples, exchange="User: I love jazz\nAssistant: ok")
    assert said == ["Likes jazz"]


def test_prompt_replaces_only_named_placeholders():
    template = 'Facts:\n{facts}\nToday {today}\n{exchange}\nReply {"add": []} or {unknown}'
    prompt = build_prompt(template, "User: hi", [("f1", "Likes tea")], "2026-11-30")
    assert prompt == 'Facts:\n[f1] Likes tea\nToday 2026-11-30\nUser: hi\nReply {"add": []} or {unknown}'


def test_default_prompt_fills():
    prompt = build_prompt(DEFAULT_EXTRACTION_PROMPT, "User: hi", [], "2026-11-30")
    assert "User: hi" in prompt and "{exchange}" not in prompt and '{"add": [...]' in prompt
