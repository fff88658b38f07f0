"""Taking a forgotten text out wherever it may still stand. Pure: stores call it on bytes. Whole words
only, any case ("Ann" never touches "Annapolis"); a forgotten id's row or event loses every text field;
a copy that did not parse is scrubbed by structure where a line parses, by words where not.
"""
from __future__ import annotations

import contextlib
import json
import re
from typing import Any, Dict, Iterable, List, Optional, Pattern, Set

from ovos_memory_plugin_entity.domain.audit import TEXT_FIELDS

SCRUBBED = "[forgotten]"
# The fields of rows, events and proposals that can carry what the user said.
TEXT_KEYS = frozenset({"text", "before", "after", "name", "relation", "describe", "former_names"})
# A torn tail shorter than this is too short to be anyone's words (a quote, a letter).
MIN_TORN_TAIL_CHARS = 4


def whole_words(texts: Iterable[str]) -> Optional[Pattern[str]]:
    """One pattern for every text as whole words, any case; None when there is none."""
    forms = sorted({t for t in texts if t}, key=len, reverse=True)  # the longest wins an overlap
    return re.compile("|".join(rf"(?<!\w){re.escape(t)}(?!\w)" for t in forms), re.IGNORECASE) if forms else None


def mentions(text: str, texts: Iterable[str]) -> bool:
    pattern = whole_words(texts)
    return bool(pattern and pattern.search(text))


def linked_ids(trail: List[Dict[str, Any]], ids: Iterable[str]) -> Set[str]:
    """``ids`` and the proposals confirmed into one of them (they carry the same words)."""
    found = set(ids)
    for event in trail:
        made = event.get("facts")
        if event.get("action") == "confirm" and isinstance(made, list) and found.intersection(map(str, made)):
            found.add(str(event.get("fact")))
    return found


def scrub_value(value: Any, pattern: Optional[Pattern[str]], ids: Set[str]) -> Any:
    """Parsed JSON without forgotten text: a forgotten id's dict loses its text fields whole."""
    if isinstance(value, dict):
        owner = value.get("id", value.get("fact"))
        whole = isinstance(owner, str) and owner in ids
        return {k: _blank(v) if whole and k in TEXT_KEYS else scrub_value(v, pattern, ids) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub_value(v, pattern, ids) for v in value]
    return pattern.sub(SCRUBBED, value) if isinstance(value, str) and pattern is not None else value


def _blank(value: Any) -> Any:
    if isinstance(value, list):
        return [_blank(v) for v in value]
    return SCRUBBED if isinstance(value, str) and value else value


def scrub_copy(raw: bytes, texts: Iterable[str], ids: Iterable[str]) -> bytes:
    """A quarantined copy without the forgotten texts, in every form JSON may have written them."""
    texts, id_set = [t for t in texts if t], set(ids)
    pattern = whole_words(texts)
    text = raw.decode("utf-8", errors="surrogateescape")
    with contextlib.suppress(ValueError, RecursionError):
        return dumped(scrub_value(json.loads(text), pattern, id_set)) + b"\n"
    lines = text.split("\n")
    escaped = whole_words({form for t in texts for form in _json_forms(t)})
    out = []
    for line in lines:
        with contextlib.suppress(ValueError, RecursionError):
            out.append(dumped(scrub_value(json.loads(line), pattern, id_set)).decode("utf-8", "surrogateescape"))
            continue
        if escaped is not None:
            line = escaped.sub(SCRUBBED, line)
        out.append(_without_torn_tail(line, texts))
    return "\n".join(out).encode("utf-8", errors="surrogateescape")


def _json_forms(text: str) -> Set[str]:
    return {text, json.dumps(text)[1:-1], json.dumps(text, ensure_ascii=False)[1:-1]}


def _without_torn_tail(line: str, texts: List[str]) -> str:
    """A line torn by a crash may end inside a forgotten text: that tail goes too."""
    start = line.rfind('"') + 1
    tail = line[start:]
    if len(tail) >= MIN_TORN_TAIL_CHARS and any(form.casefold().startswith(tail.casefold())
                                                for t in texts for form in _json_forms(t)):
        return line[:start] + SCRUBBED
    return line


def dumped(value: Any) -> bytes:
    try:
        return json.dumps(value, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value).encode("ascii")


def scrub_event(event: Dict[str, Any], texts: Iterable[str], ids: Iterable[str] = ()) -> Dict[str, Any]:
    """An event (JSON form) without forgotten text: all of it for a forgotten row's, else as whole words."""
    scrubbed = dict(event)
    present = [key for key in TEXT_FIELDS if isinstance(scrubbed.get(key), str) and scrubbed[key]]
    if scrubbed.get("fact") in set(ids):
        for key in present:
            scrubbed[key] = SCRUBBED
        return scrubbed
    pattern = whole_words(texts)  # a case-changed copy of the text is the same text
    for key in present:
        if pattern is not None:
            scrubbed[key] = pattern.sub(SCRUBBED, scrubbed[key])
    return scrubbed
