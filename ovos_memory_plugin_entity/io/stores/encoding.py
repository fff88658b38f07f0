"""The JSON backend's records and lines as bytes: readable by a person, losing no character. Pure."""
from __future__ import annotations

import contextlib
import json
from typing import Any, Dict, List

from ovos_memory_plugin_entity.domain.forgetting import dumped


def encoded_record(data: Dict[str, Any]) -> bytes:
    """UTF-8; escaped ASCII when the text holds what UTF-8 cannot (a lone surrogate in an id)."""
    try:
        return render_record(data).encode("utf-8")
    except UnicodeEncodeError:
        return render_record(data, ascii_only=True).encode("ascii")


def json_lines(events: List[Dict[str, Any]]) -> bytes:
    """Each line escaped to ASCII only when UTF-8 cannot hold it."""
    return b"".join(dumped(event) + b"\n" for event in events)


def parsed_lines(raw: bytes) -> List[Dict[str, Any]]:
    """The JSON objects of a file of lines; a line that does not parse costs only itself."""
    items = []
    for line in raw.decode("utf-8", errors="replace").splitlines():
        with contextlib.suppress(ValueError, RecursionError):
            item = json.loads(line)
            if isinstance(item, dict):
                items.append(item)
    return items


def render_record(data: Dict[str, Any], ascii_only: bool = False) -> str:
    """One fact a line, by the C encoder (``indent`` would switch to the slow pure-Python one)."""
    head = {k: v for k, v in data.items() if k not in ("facts", "tombstones", "vectors")}
    parts = ["{" + json.dumps(head, ensure_ascii=ascii_only)[1:-1] + ","]
    for key in ("facts", "tombstones"):
        rows = ",\n".join("  " + json.dumps(row, ensure_ascii=ascii_only) for row in data.get(key, []))
        parts.append(f' "{key}": [\n{rows}\n ]' if rows else f' "{key}": []')
    if isinstance(data.get("vectors"), dict):  # last, one a line, apart from the facts a person reads
        vectors = data["vectors"]
        about = {k: v for k, v in vectors.items() if k != "of"}
        rows = ",\n".join(f"  {json.dumps(fid)}: {json.dumps(v)}" for fid, v in vectors.get("of", {}).items())
        parts.append(f' "vectors": {{{json.dumps(about, ensure_ascii=ascii_only)[1:-1]}, "of": {{\n{rows}\n }}}}')
    return parts[0] + "\n" + ",\n".join(parts[1:]) + "\n}\n"
