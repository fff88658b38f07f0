"""The extraction contract in one place: prompt, parser and JSON schema (docs/contract.md). Pure and
bounded. The schema lists every field of the parser's tables (llama.cpp admits only listed properties);
of several JSON values in a reply the last that fits wins (models echo the examples first).
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from ovos_memory_plugin_entity.domain import text as textlib
from ovos_memory_plugin_entity.domain.entities import parse_when
from ovos_memory_plugin_entity.domain.errors import ReplyError
from ovos_memory_plugin_entity.domain.ops import NewFact, Ops, Replacement
from ovos_memory_plugin_entity.domain.sensitive_categories import CATEGORIES, parse_category

_STRING, _BOOLEAN, _NUMBER = {"type": "string"}, {"type": "boolean"}, {"type": "number"}
_CATEGORY = {"type": "string", "enum": list(CATEGORIES)}
# Every field the parser reads from an item, with its JSON type: the schema is built from these.
ADD_FIELDS: Dict[str, Dict[str, Any]] = {"fact": _STRING, "pin": _BOOLEAN, "about": _STRING,
                                         "relation": _STRING, "when": _STRING, "category": _CATEGORY}
UPDATE_FIELDS: Dict[str, Dict[str, Any]] = {"id": _STRING, "fact": _STRING, "confidence": _NUMBER,
                                            "pin": _BOOLEAN, "when": _STRING, "category": _CATEGORY}
_CONTRACT_KEYS = {"add", "update", "forget", "forget_all"}


def _object(fields: Dict[str, Dict[str, Any]], required: Sequence[str]) -> Dict[str, Any]:
    return {"type": "object", "properties": dict(fields), "required": list(required),
            "additionalProperties": False}


def ops_schema() -> Dict[str, Any]:
    def listing(items: Dict[str, Any]) -> Dict[str, Any]:
        return {"type": "array", "items": items, "maxItems": MAX_ITEMS_PER_KIND}
    return {"type": "object",
            "properties": {"add": listing({"anyOf": [_STRING, _object(ADD_FIELDS, ["fact"])]}),
                           "update": listing(_object(UPDATE_FIELDS, ["id", "fact"])),
                           "forget": listing(_STRING),
                           "forget_all": _BOOLEAN},
            "additionalProperties": False}

# A runaway reply cannot stall the worker: only this much of it is scanned.
MAX_SCANNED_REPLY_CHARS = 16384
# Scanning gives up after this many brackets that start no valid JSON value.
MAX_FAILED_DECODES = 64
# More items than this in one reply is a model listing everything it saw.
MAX_ITEMS_PER_KIND = 20
# What of an exchange reaches the prompt: a 1 MB utterance must not become a 1 MB prompt.
MAX_USER_CHARS = 2000
MAX_ASSISTANT_CHARS = 1000
# Bullet lines longer than this are prose, not facts.
MAX_BULLET_CHARS = 200

# The constant instructions come first and the three variable parts last, so a server's
# prompt cache (llama.cpp --cache-reuse, vLLM prefix caching) reuses the whole head.
DEFAULT_EXTRACTION_PROMPT = """You maintain a memory of durable facts about the USER of a voice assistant and the people, pets and plans in their life.

Reply with one JSON object and nothing else:
{"add": [...], "update": [...], "forget": [...]}

Rules:
- Only facts the USER stated: their name, how to address them, where they live, work, likes, dislikes, diet, allergies, constraints, goals; the people and pets in their life; their plans. Never the assistant's words, never guesses, never questions, never requests to the assistant.
- Each fact is short, in the third person without a subject, in the user's language: "Likes jazz", "Lives in Porto".
- Mark the user's name and how to address them with "pin": {"fact": "Name is Sam", "pin": true}.
- A fact about someone else names them with "about" and the user's relation to them: {"fact": "Is allergic to nuts", "about": "Mia", "relation": "daughter"}.
- A plan or appointment has "when", an ISO date or date-time worked out from today: {"fact": "Piano lesson", "when": "2030-01-02T15:00"}.
- A fact about health, children, finances, beliefs or sexuality has "category": {"fact": "Has asthma", "category": "health"}.
- "update" replaces a known fact when both cannot be true at once (a changed value, a corrected name, a moved appointment): {"id": "x1", "fact": "Works as a nurse", "confidence": 0.9}. Related but compatible facts are "add", not "update". When unsure, do not replace.
- A fact already known, in other words, is not added again.
- "forget" lists ids of known facts the user asked you to forget, or plans they cancelled: ["x2"].
- If the user asks to forget everything, reply {"forget_all": true}.
- Nothing new: reply {}.

Known facts (id and text):
{facts}

Today is {today}. The latest exchange:
{exchange}"""

_PLACEHOLDERS = ("{exchange}", "{facts}", "{today}")
_THINK_BLOCK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_UNCLOSED_THINK = re.compile(r"<think>", re.IGNORECASE)
_BULLET = re.compile(r"^\s*[-*•]\s+(.+?)\s*$")
_NOTHING = {"none", "nothing", "[]", "{}", "null", "n/a"}
_QUOTED = re.compile(r'"([^"{}\[\]\n]{3,80})"')


@dataclass(frozen=True)
class ParsedReply:
    ops: Ops
    dropped_examples: Tuple[str, ...] = ()


def build_prompt(template: str, exchange: str, facts: Sequence[Tuple[str, str]], today: str) -> str:
    """Fill the three named placeholders; every other brace is left as written."""
    listed = "\n".join(f"[{fid}] {text}" for fid, text in facts) or "(none yet)"
    values = {"{exchange}": exchange, "{facts}": listed, "{today}": today}
    pattern = re.compile("|".join(re.escape(p) for p in _PLACEHOLDERS))
    return pattern.sub(lambda m: values[m.group(0)], template)


def example_facts(template: str) -> Tuple[str, ...]:
    """Quoted fact-like strings in the prompt template: what a small model may echo."""
    found = [m.group(1) for m in _QUOTED.finditer(template)]
    return tuple(s for s in found if s not in _CONTRACT_KEYS and s not in ADD_FIELDS and s not in UPDATE_FIELDS
                 and any(ch.isalpha() for ch in s) and " " in s.strip())


def _json_values(text: str) -> List[Any]:
    decoder = json.JSONDecoder()
    values: List[Any] = []
    pos, failures = 0, 0
    starts = re.compile(r"[\[{]")
    while failures < MAX_FAILED_DECODES:
        match = starts.search(text, pos)
        if match is None:
            break
        try:
            value, end = decoder.raw_decode(text, match.start())
        except (ValueError, RecursionError):
            failures += 1
            pos = match.start() + 1
            continue
        values.append(value)
        pos = end
    return values


def _optional_text(item: Any, key: str) -> Optional[str]:
    value = item.get(key) if isinstance(item, dict) else None
    return value.strip() if isinstance(value, str) and value.strip() else None


def _new_fact(item: Any) -> Optional[NewFact]:
    """A plain string, or an object with ``fact`` and the optional fields of :data:`ADD_FIELDS`."""
    text = item.strip() if isinstance(item, str) else _optional_text(item, "fact")
    if not text or not any(ch.isalnum() for ch in text):
        return None
    return NewFact(text, isinstance(item, dict) and item.get("pin") is True, about=_optional_text(item, "about"),
                   relation=_optional_text(item, "relation"), when=parse_when(_optional_text(item, "when")),
                   category=parse_category(item.get("category")) if isinstance(item, dict) else None)


def ops_from_json(value: Any) -> Optional[Ops]:
    """The operations in one JSON value, or None when it does not fit the contract."""
    if isinstance(value, list):
        adds = [f for f in (_new_fact(i) for i in value[:MAX_ITEMS_PER_KIND]) if f]
        return None if value and not adds else Ops(add=tuple(adds))
    if not isinstance(value, dict) or (value and not _CONTRACT_KEYS & set(value)):
        return None
    add_items, update_items, forget_items = (value.get(key) or [] for key in ("add", "update", "forget"))
    if not all(isinstance(x, list) for x in (add_items, update_items, forget_items)):
        return None
    adds = [f for f in (_new_fact(i) for i in add_items[:MAX_ITEMS_PER_KIND]) if f]
    updates = []
    for item in update_items[:MAX_ITEMS_PER_KIND]:
        new = _new_fact(item) if isinstance(item, dict) and isinstance(item.get("id"), str) else None
        if new is not None:  # an add's fields, with an id and a confidence
            confidence = item.get("confidence", 1.0)
            confidence = 1.0 if isinstance(confidence, bool) or not isinstance(confidence, (int, float)) \
                else min(max(float(confidence), 0.0), 1.0)
            updates.append(Replacement(item["id"].strip(), new.text, confidence, new.pin, new.when, new.category))
    forgets = tuple(x.strip() for x in forget_items[:MAX_ITEMS_PER_KIND] if isinstance(x, str))
    return Ops(add=tuple(adds), update=tuple(updates), forget=forgets,
               forget_all=value.get("forget_all") is True)


# A code fence around the reply or a part of it, on a line's edge ("```json" then "{...}", "```json {...}```"); one
# inside a fact's text is the fact's ("```system ...```": the screen refuses it, unless the fence is taken away)
_FENCE = re.compile(r"(?m)^[ \t]*```[a-zA-Z]*[ \t]*(?=$|[\[{])|```[ \t]*$")


def parse_reply(reply: str, *, examples: Iterable[str] = (), exchange: str = "",
                stopwords: FrozenSet[str] = frozenset()) -> ParsedReply:
    """The reply's operations, or :class:`ReplyError`; an echoed example the exchange does not say is dropped."""
    text = _THINK_BLOCK.sub("", reply[:MAX_SCANNED_REPLY_CHARS]).strip()
    if _UNCLOSED_THINK.search(text):
        raise ReplyError("the reply is unfinished reasoning (<think> never closed); "
                         "raise max_extract_tokens or use a model that can skip thinking")
    fence = _FENCE.sub("", text).strip()
    if fence.lower().rstrip(".") in _NOTHING or not fence:
        return ParsedReply(Ops())
    ops: Optional[Ops] = None
    for value in reversed(_json_values(fence)):
        ops = ops_from_json(value)
        if ops is not None:
            break
    if ops is None:  # "- fact" lines
        lines = [m.group(1) for m in map(_BULLET.match, fence.splitlines()) if m]
        facts = [line for line in lines if len(line) <= MAX_BULLET_CHARS and any(c.isalnum() for c in line)]
        ops = Ops(add=tuple(NewFact(f) for f in facts[:MAX_ITEMS_PER_KIND])) if facts else None
    if ops is None:
        raise ReplyError("the reply holds no JSON object, array or '- fact' lines that fit the contract")
    return _drop_examples(ops, examples, exchange, stopwords)


def _drop_examples(ops: Ops, examples: Iterable[str], exchange: str, stopwords: FrozenSet[str]) -> ParsedReply:
    example_keys = {textlib.normalise(e) for e in examples}
    if not example_keys:
        return ParsedReply(ops)
    said = textlib.terms(exchange)

    def echoed(text: str) -> bool:
        if textlib.normalise(text) not in example_keys:
            return False
        # The first word is the predicate ("Likes", "Name"); the rest must be said.
        rest = [t for t in textlib.terms(text)[1:] if t not in stopwords]
        return not set(rest) <= set(said)

    kept = tuple(a for a in ops.add if not echoed(a.text) or a.about)
    kept_updates = tuple(u for u in ops.update if not echoed(u.text))
    dropped = tuple(a.text for a in ops.add if echoed(a.text)) + tuple(
        u.text for u in ops.update if echoed(u.text))
    return ParsedReply(Ops(add=kept, update=kept_updates, forget=ops.forget,
                           forget_all=ops.forget_all), dropped)


def render_exchange(user: str, assistant: str) -> str:
    """The exchange as the prompt shows it, each side capped."""
    return (f"User: {textlib.truncate(user.strip(), MAX_USER_CHARS)}\n"
            f"Assistant: {textlib.truncate(assistant.strip(), MAX_ASSISTANT_CHARS)}")
