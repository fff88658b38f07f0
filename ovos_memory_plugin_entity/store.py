"""Where facts live: the store protocol, a memory backend and a JSON-folder backend.

JSON layout (a folder derived from ``db_path``)::

    entity_memory/
      sessions/<safe-name>-<hash>.json          one record per session
      sessions/<safe-name>-<hash>.audit.jsonl   its audit trail, appended
      sessions/<...>.json.corrupt[.N]          a record that did not parse, kept aside
      locks/<safe-name>-<hash>.lock            cross-process locks (no data, never deleted)

Every change is one read-modify-write under a lock that holds across threads and
processes, with the record re-read inside the lock and written atomically, so
storing a fact costs the same at ten sessions as at ten thousand, and the owner's
CLI and the assistant never lose each other's writes. The load path is ours: a file
that does not parse is renamed aside and reported, never overwritten.
"""
from __future__ import annotations

import contextlib
import copy
import fcntl
import hashlib
import json
import os
import re
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Protocol, Tuple

from json_database import JsonStorage
from ovos_utils.log import LOG

from ovos_memory_plugin_entity.facts import Change, SessionRecord, new_record

# Readable part of a session's file name; the hash after it makes the name unique.
MAX_READABLE_NAME_CHARS = 32
# 96 bits of SHA-256: two session ids sharing a file is not a practical concern.
HASH_CHARS = 24
Mutation = Callable[[SessionRecord], Change]
SCRUBBED = "[forgotten]"
# A temp file this old was left by a writer that died before its rename.
ORPHANED_TEMP_AGE_S = 600


class StoreUnavailable(Exception):
    """The backend cannot be reached now (a database restarting); retry later."""


class Store(Protocol):
    """What the plugin needs from a backend."""

    def load(self, session_id: str) -> Tuple[Any, SessionRecord]:
        """The session's record and a revision token that changes whenever it does.

        The record may be shared with other readers: treat it as read-only.
        """

    def update(self, session_id: str, mutate: Mutation) -> Change:
        """Re-read, apply ``mutate`` and save (when its Change says so), under the session's lock."""

    def audit(self, session_id: str) -> List[Dict[str, Any]]: ...

    def sessions(self) -> List[str]: ...

    def erase(self, session_id: str) -> None: ...

    def close(self) -> None: ...


def scrub_event(event: Dict[str, Any], texts: List[str]) -> Dict[str, Any]:
    """An audit event with every forgotten text taken out of its values."""
    def scrub(value: Any) -> Any:
        if isinstance(value, str):
            for text in texts:
                if text and text in value:
                    value = value.replace(text, SCRUBBED)
            return value
        return value
    return {k: scrub(v) for k, v in event.items()}


class MemoryStore:
    """Keeps records in this process only (``backend: memory``)."""

    def __init__(self) -> None:
        self._records: Dict[str, Dict[str, Any]] = {}
        self._audit: Dict[str, List[Dict[str, Any]]] = {}
        self._cache: Dict[str, Tuple[int, SessionRecord]] = {}
        self._revision = 0
        self._lock = threading.RLock()

    def load(self, session_id: str) -> Tuple[Any, SessionRecord]:
        with self._lock:
            cached = self._cache.get(session_id)
            if cached is None:
                data = self._records.get(session_id)
                record = SessionRecord.from_dict(data) if data else new_record(session_id)
                cached = self._cache[session_id] = (self._revision, record)
            return cached

    def update(self, session_id: str, mutate: Mutation) -> Change:
        with self._lock:
            data = self._records.get(session_id)
            record = SessionRecord.from_dict(copy.deepcopy(data)) if data else new_record(session_id)
            change = mutate(record)
            if change.modified:
                self._records[session_id] = record.to_dict()
                self._revision += 1
                self._cache[session_id] = (self._revision, record)
            trail = self._audit.setdefault(session_id, [])
            if change.forgotten_texts:
                trail[:] = [scrub_event(e, change.forgotten_texts) for e in trail]
            trail.extend(change.events)
            return change

    def audit(self, session_id: str) -> List[Dict[str, Any]]:
        with self._lock:
            return [dict(e) for e in self._audit.get(session_id, [])]

    def sessions(self) -> List[str]:
        with self._lock:
            return sorted(self._records)

    def erase(self, session_id: str) -> None:
        with self._lock:
            old = self._records.pop(session_id, None)
            generation = int(old.get("generation", 0)) + 1 if old else 1
            self._records[session_id] = new_record(session_id, generation).to_dict()
            self._audit.pop(session_id, None)
            self._revision += 1
            self._cache.pop(session_id, None)

    def close(self) -> None:
        """Nothing to release."""


def file_key(session_id: str) -> str:
    """A safe, unique file name stem for any session id (injective through the hash)."""
    raw = session_id.encode("utf-8", "surrogatepass")
    readable = re.sub(r"[^a-z0-9_-]+", "_", session_id.lower())[:MAX_READABLE_NAME_CHARS].strip("_-")
    return f"{readable or 'session'}-{hashlib.sha256(raw).hexdigest()[:HASH_CHARS]}"


def _identity(path: Path) -> Optional[Tuple[int, int, int]]:
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


class CorruptRecord(ValueError):
    """A record file that does not parse."""


class JsonFolderStore:
    """One JSON record and one audit file per session, in a private folder."""

    def __init__(self, folder: Path):
        self.folder = Path(folder).expanduser()
        self.sessions_dir = self.folder / "sessions"
        self.locks_dir = self.folder / "locks"
        for directory in (self.folder, self.sessions_dir, self.locks_dir):
            directory.mkdir(mode=0o700, parents=True, exist_ok=True)
        self._cache: Dict[str, Tuple[Tuple[int, int, int], SessionRecord]] = {}
        self._cache_lock = threading.Lock()
        self._thread_locks: Dict[str, threading.Lock] = {}
        self._remove_orphaned_temp_files()

    def _remove_orphaned_temp_files(self) -> None:
        """A writer killed between creating its temp file and the rename leaves one behind;
        it may hold text that was since forgotten, so it goes (a live write takes ms)."""
        cutoff = time.time() - ORPHANED_TEMP_AGE_S
        for temp in self.sessions_dir.glob(".tmp_*"):
            with contextlib.suppress(OSError):
                if temp.stat().st_mtime < cutoff:
                    _shred(temp)

    # -- paths and locks -----------------------------------------------------
    def record_path(self, session_id: str) -> Path:
        return self.sessions_dir / f"{file_key(session_id)}.json"

    def audit_path(self, session_id: str) -> Path:
        return self.sessions_dir / f"{file_key(session_id)}.audit.jsonl"

    def quarantined(self, session_id: str) -> List[Path]:
        return sorted(self.sessions_dir.glob(f"{file_key(session_id)}.json.corrupt*"))

    @contextlib.contextmanager
    def locked(self, name: str) -> Iterator[None]:
        """Exclusive across this process's threads and across processes."""
        with self._cache_lock:
            thread_lock = self._thread_locks.setdefault(name, threading.Lock())
        with thread_lock:
            fd = os.open(self.locks_dir / f"{name}.lock", os.O_RDWR | os.O_CREAT, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                os.close(fd)  # closing the descriptor releases the flock

    # -- reading -------------------------------------------------------------
    def _parse(self, path: Path, session_id: str) -> SessionRecord:
        try:
            raw = path.read_bytes()
        except FileNotFoundError:
            return new_record(session_id)
        try:
            record = SessionRecord.from_dict(json.loads(raw.decode("utf-8")))
        except (ValueError, TypeError, KeyError, UnicodeDecodeError) as exc:
            raise CorruptRecord(str(exc)) from None
        record.session_id = session_id
        return record

    def _quarantine(self, path: Path, reason: str) -> None:
        target = path.with_name(path.name + ".corrupt")
        n = 1
        while target.exists():
            target = path.with_name(f"{path.name}.corrupt.{n}")
            n += 1
        os.replace(path, target)
        LOG.error(f"entity memory: {path} does not parse ({reason}); kept it as {target} "
                  f"and started that session empty. Nothing was overwritten.")

    def _read_locked(self, session_id: str) -> SessionRecord:
        path = self.record_path(session_id)
        try:
            return self._parse(path, session_id)
        except CorruptRecord as exc:
            self._quarantine(path, str(exc))
            return new_record(session_id)

    def load(self, session_id: str) -> Tuple[Any, SessionRecord]:
        key = file_key(session_id)
        path = self.sessions_dir / f"{key}.json"
        identity = _identity(path)
        with self._cache_lock:
            cached = self._cache.get(key)
        if cached is not None and cached[0] == identity:
            return cached
        try:
            record = self._parse(path, session_id)
        except CorruptRecord:
            with self.locked(key):
                record = self._read_locked(session_id)
            identity = _identity(path)
        # A file replaced between stat and read gets a new identity: the next load re-reads.
        entry = (identity, record)
        with self._cache_lock:
            self._cache[key] = entry
        return entry

    # -- writing -------------------------------------------------------------
    def update(self, session_id: str, mutate: Mutation) -> Change:
        key = file_key(session_id)
        path = self.sessions_dir / f"{key}.json"
        with self.locked(key):
            record = self._read_locked(session_id)
            change = mutate(record)
            if change.modified:
                write_json_atomically(path, record.to_dict())
                with self._cache_lock:
                    self._cache[key] = (_identity(path), record)
            if change.forgotten_texts:
                self._scrub_files(session_id, change.forgotten_texts)
            if change.events:
                self._append_audit(session_id, change.events)
        return change

    def _append_audit(self, session_id: str, events: List[Dict[str, Any]]) -> None:
        lines = "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events)
        fd = os.open(self.audit_path(session_id), os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, lines.encode("utf-8"))
            os.fsync(fd)
        finally:
            os.close(fd)

    def _scrub_files(self, session_id: str, texts: List[str]) -> None:
        """Forgetting is the one rewrite: the text leaves the trail and quarantined copies."""
        trail = self.audit(session_id)
        if trail:
            _write_lines_atomically(self.audit_path(session_id), [scrub_event(e, texts) for e in trail])
        for copy_path in self.quarantined(session_id):
            original = data = copy_path.read_bytes()
            for text in texts:
                for form in {text, json.dumps(text)[1:-1], json.dumps(text, ensure_ascii=False)[1:-1]}:
                    data = data.replace(form.encode("utf-8"), SCRUBBED.encode("utf-8"))
            if data != original:
                _replace_bytes(copy_path, data)

    # -- whole sessions --------------------------------------------------------
    def audit(self, session_id: str) -> List[Dict[str, Any]]:
        try:
            raw = self.audit_path(session_id).read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return []
        events = []
        for line in raw.splitlines():
            with contextlib.suppress(ValueError):
                event = json.loads(line)
                if isinstance(event, dict):
                    events.append(event)
        return events

    def sessions(self) -> List[str]:
        found = []
        for path in sorted(self.sessions_dir.glob("[!.]*.json")):
            with contextlib.suppress(OSError, ValueError):
                session_id = json.loads(path.read_text(encoding="utf-8")).get("session_id")
                if isinstance(session_id, str):
                    found.append(session_id)
        return sorted(found)

    def erase(self, session_id: str) -> None:
        """Facts, tombstones, trail and quarantined copies go; the generation moves on."""
        key = file_key(session_id)
        path = self.sessions_dir / f"{key}.json"
        with self.locked(key):
            try:
                old = self._parse(path, session_id)
                generation, imported = old.generation, old.imported
            except CorruptRecord:
                generation, imported = 0, []
            for doomed in [self.audit_path(session_id), *self.quarantined(session_id)]:
                _shred(doomed)
            fresh = new_record(session_id, generation + 1)
            fresh.imported = imported
            _shred(path)
            write_json_atomically(path, fresh.to_dict())
            with self._cache_lock:
                self._cache.pop(key, None)

    def close(self) -> None:
        with self._cache_lock:
            self._cache.clear()


def render_record(data: Dict[str, Any]) -> str:
    """The record as JSON, one fact a line: readable by a person, encoded by the C encoder
    (``indent`` would switch json to its pure-Python encoder, several times slower)."""
    head = {k: v for k, v in data.items() if k not in ("facts", "tombstones")}
    parts = ["{" + json.dumps(head, ensure_ascii=False)[1:-1] + ","]
    for key in ("facts", "tombstones"):
        rows = ",\n".join("  " + json.dumps(row, ensure_ascii=False) for row in data.get(key, []))
        parts.append(f' "{key}": [\n{rows}\n ]' if rows else f' "{key}": []')
    return parts[0] + "\n" + ",\n".join(parts[1:]) + "\n}\n"


def write_json_atomically(path: Path, data: Dict[str, Any]) -> None:
    # json-database (1.0.4a1+) writes to a temp file, fsyncs, replaces and fsyncs
    # the folder; mkstemp makes the file 0600. We keep the read path our own.
    JsonStorage._atomic_write(str(path), render_record(data) if "facts" in data else json.dumps(data))


def _write_lines_atomically(path: Path, events: List[Dict[str, Any]]) -> None:
    JsonStorage._atomic_write(str(path), "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events))


def _replace_bytes(path: Path, data: bytes) -> None:
    """Atomically replace a quarantined copy; it may not be text, so bytes go as they are."""
    fd, tmp = tempfile.mkstemp(dir=str(path.parent), prefix=".tmp_")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


def _shred(path: Path) -> None:
    """Overwrite a file's bytes before unlinking it, so a plain scan of the disk blocks
    backing the folder finds nothing readable (not a guarantee on SSDs or CoW filesystems)."""
    try:
        size = path.stat().st_size
        with open(path, "r+b") as handle:
            handle.write(b"\0" * size)
            handle.flush()
            os.fsync(handle.fileno())
        path.unlink()
    except FileNotFoundError:
        return


def open_store(backend: str, folder: Path, db_url: str = "", pool_size: int = 4) -> Store:
    if backend == "memory":
        return MemoryStore()
    if backend == "postgres":
        from ovos_memory_plugin_entity.store_pg import PostgresStore
        return PostgresStore(db_url, pool_size=pool_size)
    return JsonFolderStore(folder)
