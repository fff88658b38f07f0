"""A write as a journal entry: the rows one change touched, and how to replay them.

The JSON backend keeps each session as a snapshot plus a journal of entries appended
after it, so storing a fact writes that fact, not the record: its cost follows the
change. An entry holds the rows the change added or altered (whole rows), the ids it
dropped and the record's small head (counters, proposals, markers); tombstones travel
as the ones added, or whole when some were lifted.

Replaying an entry twice gives the same record (upserts, drops and replacements only),
and every entry names the snapshot it follows (its epoch), so a crash between writing
a new snapshot and removing the old journal is harmless: stale entries are ignored.
Pure: no I/O.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ovos_memory_plugin_entity.record import SessionRecord

ROW_LISTS = ("facts", "entities", "tombstones")
EPOCH_KEY = "journal"


def head_of(data: Dict[str, Any]) -> Dict[str, Any]:
    """Everything of a record's dict but its row lists and its epoch."""
    return {k: v for k, v in data.items() if k not in ROW_LISTS and k != EPOCH_KEY}


def _rows_delta(before: Sequence[Any], after: Sequence[Any]) -> Optional[Tuple[List[Dict[str, Any]], List[str]]]:
    """(rows added or altered, ids dropped), or None when replay could not rebuild
    ``after`` from ``before`` (rows moved, repeated ids): the caller writes a snapshot."""
    old = {row.id: row for row in before}
    if len(old) != len(before):
        return None
    seen: set = set()
    changed: List[Dict[str, Any]] = []
    survivors: List[str] = []
    new_seen = False
    for row in after:
        if row.id in seen:
            return None
        seen.add(row.id)
        prior = old.get(row.id)
        if prior is None:
            new_seen = True
            changed.append(row.to_dict())
            continue
        if new_seen:  # replay keeps survivors in place and appends new rows after them
            return None
        survivors.append(row.id)
        if prior is not row and (prior.__dict__ != row.__dict__) and (data := row.to_dict()) != prior.to_dict():
            changed.append(data)
    if survivors != [row.id for row in before if row.id in seen]:
        return None
    return changed, [row_id for row_id in old if row_id not in seen]


def entry(before: SessionRecord, after: SessionRecord, epoch: str) -> Optional[Dict[str, Any]]:
    """The journal entry that turns ``before`` into ``after``, or None when only a new
    snapshot can (the caller writes one)."""
    facts = _rows_delta(before.facts, after.facts)
    entities = _rows_delta(before.entities, after.entities)
    if facts is None or entities is None:
        return None
    data: Dict[str, Any] = {EPOCH_KEY: epoch, "head": after.head_dict()}
    for key, (changed, dropped) in (("facts", facts), ("entities", entities)):
        if changed:
            data[key] = changed
        if dropped:
            data[f"drop_{key}"] = dropped
    old_tombstones, new_tombstones = before.tombstones, after.tombstones
    if new_tombstones[:len(old_tombstones)] == old_tombstones:
        if len(new_tombstones) > len(old_tombstones):
            data["add_tombstones"] = [t.to_dict() for t in new_tombstones[len(old_tombstones):]]
    else:
        data["tombstones"] = [t.to_dict() for t in new_tombstones]
    return data


def replay(data: Dict[str, Any], change: Dict[str, Any]) -> Dict[str, Any]:
    """The record dict ``data`` after one entry (``data`` is left as it was)."""
    head = change.get("head")
    result: Dict[str, Any] = {k: data[k] for k in ROW_LISTS if isinstance(data.get(k), list)}
    result.update(head_of(head if isinstance(head, dict) else data))
    result[EPOCH_KEY] = data.get(EPOCH_KEY)
    for key in ("facts", "entities"):
        rows = list(result.get(key, []))
        where = {row.get("id"): n for n, row in enumerate(rows) if isinstance(row, dict)}
        for row in change.get(key, []) if isinstance(change.get(key), list) else []:
            row_id = row.get("id") if isinstance(row, dict) else None
            if row_id in where:
                rows[where[row_id]] = row
            else:
                where[row_id] = len(rows)
                rows.append(row)
        dropped = change.get(f"drop_{key}")
        if isinstance(dropped, list) and dropped:
            gone = {d for d in dropped if isinstance(d, str)}
            rows = [row for row in rows if not (isinstance(row, dict) and row.get("id") in gone)]
        result[key] = rows
    if isinstance(change.get("tombstones"), list):
        result["tombstones"] = change["tombstones"]
    elif isinstance(change.get("add_tombstones"), list):
        present = {json.dumps(t, sort_keys=True) for t in result.get("tombstones", [])}
        result["tombstones"] = list(result.get("tombstones", [])) + [
            t for t in change["add_tombstones"] if json.dumps(t, sort_keys=True) not in present]
    return result
