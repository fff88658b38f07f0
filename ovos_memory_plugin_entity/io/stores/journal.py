"""A change as a journal entry, and its replay. Pure.

An entry holds the rows a change added or altered, the ids it dropped, the record's head and
the tombstones added (all when some were lifted). Replaying twice gives the same record; each
entry names the snapshot it follows (its epoch), so a stale journal is ignored.
"""
from __future__ import annotations

import json
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from ovos_memory_plugin_entity.domain.record import SessionRecord

ROW_LISTS = ("facts", "entities", "tombstones")
EPOCH_KEY = "journal"
# The fact vectors (dense recall): carried like rows, the ones set and the ids dropped.
VECTORS_KEY = "vectors"
NOT_HEAD = (*ROW_LISTS, EPOCH_KEY, VECTORS_KEY)  # what an entry's head never replaces


def _rows_delta(before: Sequence[Any], after: Sequence[Any]) -> Optional[Tuple[List[Dict[str, Any]], List[str]]]:
    """(rows added or altered, ids dropped), or None when replay could not rebuild ``after``."""
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
        if prior.__dict__ != row.__dict__ and (data := row.to_dict()) != prior.to_dict():
            changed.append(data)
    if survivors != [row.id for row in before if row.id in seen]:
        return None
    return changed, [row_id for row_id in old if row_id not in seen]


def entry(before: SessionRecord, after: SessionRecord, epoch: str) -> Optional[Dict[str, Any]]:
    """The entry that turns ``before`` into ``after``, or None when only a snapshot can."""
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
    old, new = before.tombstones, after.tombstones
    if new[:len(old)] != old:
        data["tombstones"] = [t.to_dict() for t in new]
    elif len(new) > len(old):
        data["add_tombstones"] = [t.to_dict() for t in new[len(old):]]
    _vectors_delta(before.vectors_dict(), after.vectors_dict(), data)
    return data


def _vectors_delta(before: Optional[Dict[str, Any]], after: Optional[Dict[str, Any]], data: Dict[str, Any]) -> None:
    """The vectors set and dropped, or the whole map when its model changed (or it went)."""
    if before == after:
        return
    if before is None or after is None or {**before, "of": None} != {**after, "of": None}:
        data[VECTORS_KEY] = after
        return
    old, new = before["of"], after["of"]
    changed = {fid: v for fid, v in new.items() if old.get(fid) != v}
    if changed:
        data["set_vectors"] = changed
    dropped = [fid for fid in old if fid not in new]
    if dropped:
        data["drop_vectors"] = dropped


def replay(data: Dict[str, Any], changes: Iterable[Dict[str, Any]]) -> Dict[str, Any]:
    """``data`` (left as it was) after its entries; linear: each row list is indexed once."""
    result: Dict[str, Any] = dict(data)
    rows: Dict[str, List[Any]] = {}
    where: Dict[str, Dict[Any, int]] = {}
    for key in ("facts", "entities"):
        rows[key] = list(data[key]) if isinstance(data.get(key), list) else []
        where[key] = {row.get("id"): n for n, row in enumerate(rows[key]) if isinstance(row, dict)}
    tombstones = list(data["tombstones"]) if isinstance(data.get("tombstones"), list) else []
    present = {_tombstone_key(t) for t in tombstones}
    for change in changes:
        head = change.get("head")
        if isinstance(head, dict):
            result = {**{k: v for k, v in result.items() if k in NOT_HEAD},
                      **{k: v for k, v in head.items() if k not in NOT_HEAD}}
        _replay_vectors(result, change)
        for key in ("facts", "entities"):
            _upsert(rows[key], where[key], change.get(key), change.get(f"drop_{key}"))
        if isinstance(change.get("tombstones"), list):
            tombstones = list(change["tombstones"])
            present = {_tombstone_key(t) for t in tombstones}
        elif isinstance(change.get("add_tombstones"), list):
            for tombstone in change["add_tombstones"]:
                if _tombstone_key(tombstone) not in present:  # replaying twice adds nothing
                    present.add(_tombstone_key(tombstone))
                    tombstones.append(tombstone)
    for key in ("facts", "entities"):
        result[key] = [row for row in rows[key] if row is not _DROPPED]
    result["tombstones"] = tombstones
    return result


def _replay_vectors(result: Dict[str, Any], change: Dict[str, Any]) -> None:
    if VECTORS_KEY in change:
        result[VECTORS_KEY] = change[VECTORS_KEY]
        if change[VECTORS_KEY] is None:
            del result[VECTORS_KEY]
        return
    current = result.get(VECTORS_KEY)
    if not isinstance(current, dict) or not isinstance(current.get("of"), dict):
        return
    vectors = dict(current["of"])
    if isinstance(change.get("set_vectors"), dict):
        vectors.update(change["set_vectors"])
    for fact_id in change.get("drop_vectors") or []:
        if isinstance(fact_id, str):
            vectors.pop(fact_id, None)
    result[VECTORS_KEY] = {**current, "of": vectors}


_DROPPED = object()


def _upsert(rows: List[Any], where: Dict[Any, int], changed: Any, dropped: Any) -> None:
    """Altered rows replace theirs in place, new ones go last, dropped ones leave."""
    for row in changed if isinstance(changed, list) else []:
        row_id = row.get("id") if isinstance(row, dict) else None
        if row_id in where:
            rows[where[row_id]] = row
        else:
            where[row_id] = len(rows)
            rows.append(row)
    for row_id in dropped if isinstance(dropped, list) else []:
        if isinstance(row_id, str) and row_id in where:
            rows[where.pop(row_id)] = _DROPPED


def _tombstone_key(tombstone: Any) -> str:
    return json.dumps(tombstone, sort_keys=True)
