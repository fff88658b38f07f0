"""``backend: json``: one record file and one audit file per session, in a private folder.

Layout (a folder derived from ``db_path``)::

    entity_memory/
      sessions/<safe-name>-<hash>.json          one record per session
      sessions/<safe-name>-<hash>.audit.jsonl   its audit trail, appended
      sessions/<...>.json.corrupt[.N]          a record that did not parse, kept aside
      locks/<n>.lock                           cross-process locks, a fixed set (no data)
      tmp/                                     temp files of atomic writes

Every change is one read-modify-write under a lock that holds across threads and
processes, with the record re-read inside the lock and written atomically, so
storing a fact costs the same at ten sessions as at ten thousand. A file that does
not parse is renamed aside and reported, never overwritten.

The store never follows a link: every file is opened with ``O_NOFOLLOW`` and checked
to be a regular file; a folder that is a link, or that others can write, is refused.
Session ids never become raw file names.
"""
from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import json
import os
import re
import stat
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.editing import Change
from ovos_memory_plugin_entity.lru import LRU
from ovos_memory_plugin_entity.record import SessionRecord, new_record
from ovos_memory_plugin_entity.stores.base import (DEFAULT_CACHE_SESSIONS, DEFAULT_MAX_AUDIT_EVENTS, SCRUBBED,
                                                   Mutation, StoreUnavailable, compacted, erased, scrub_trail)

# Readable part of a session's file name; the hash after it makes the name unique.
MAX_READABLE_NAME_CHARS = 32
# 96 bits of SHA-256: two session ids sharing a file is not a practical concern.
HASH_CHARS = 24
# A temp file this old was left by a writer that died before its rename.
ORPHANED_TEMP_AGE_S = 600
# Sessions share this many locks (by hash): locks/ never grows with the sessions.
LOCK_STRIPES = 64
# Longest wait for a session's lock (the owner's CLI): past it the command says the
# session is busy. The assistant waits less (see open_store) and retries the job later.
LOCK_WAIT_S = 10.0
# A record nested deeper than this is not ours; json would raise RecursionError.
MAX_RECORD_BYTES = 64 * 1024 * 1024
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class UnsafeStore(OSError):
    """The store folder (or a file in it) is a link, or others can write it."""


class CorruptRecord(ValueError):
    """A record file that does not parse."""


def file_key(session_id: str) -> str:
    """A safe, unique file name stem for any session id (injective through the hash)."""
    raw = session_id.encode("utf-8", "surrogatepass")
    readable = re.sub(r"[^a-z0-9_-]+", "_", session_id.lower())[:MAX_READABLE_NAME_CHARS].strip("_-")
    return f"{readable or 'session'}-{hashlib.sha256(raw).hexdigest()[:HASH_CHARS]}"


def _private_folder(path: Path) -> None:
    """Create ``path`` 0700, or check an existing one: never a link, never writable by others."""
    try:
        os.mkdir(path, 0o700)
        return
    except FileExistsError:
        pass
    info = os.lstat(path)
    if stat.S_ISLNK(info.st_mode) or not stat.S_ISDIR(info.st_mode):
        raise UnsafeStore(errno.EPERM, f"refusing {path}: it is a link or not a folder; "
                                       f"point db_path at a private folder")
    mode = stat.S_IMODE(info.st_mode)
    if mode & 0o022:
        raise UnsafeStore(errno.EPERM, f"refusing {path}: others can write it (mode {mode:o}); chmod 700 it")
    if mode & 0o077:
        LOG.warning(f"entity memory: {path} is readable by others (mode {mode:o}); making it 0700")
        with contextlib.suppress(OSError):
            os.chmod(path, 0o700)


def _open_regular(path: Path, flags: int, mode: int = 0o600) -> int:
    """Open without following a link; refuse anything that is not a regular file."""
    fd = os.open(path, flags | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0), mode)
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise UnsafeStore(errno.EPERM, f"refusing {path}: not a regular file")
    return fd


def _read_bytes(path: Path) -> Optional[bytes]:
    """The file's bytes, or None when it does not exist. A link is refused, not followed."""
    try:
        fd = _open_regular(path, os.O_RDONLY)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnsafeStore(errno.EPERM, f"refusing {path}: it is a link") from None
        raise
    with os.fdopen(fd, "rb") as handle:
        return handle.read(MAX_RECORD_BYTES + 1)


def _identity(path: Path) -> Optional[Tuple[int, int, int]]:
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    return st.st_ino, st.st_mtime_ns, st.st_size


class JsonFolderStore:
    """One JSON record and one audit file per session, in a private folder."""

    def __init__(self, folder: Path, cache_sessions: int = DEFAULT_CACHE_SESSIONS,
                 max_audit_events: int = DEFAULT_MAX_AUDIT_EVENTS, lock_wait_s: float = LOCK_WAIT_S):
        self.max_audit_events, self.lock_wait_s = max_audit_events, lock_wait_s
        self.folder = Path(folder).expanduser()
        self.folder.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        self.sessions_dir = self.folder / "sessions"
        self.locks_dir = self.folder / "locks"
        self.tmp_dir = self.folder / "tmp"
        for directory in (self.folder, self.sessions_dir, self.locks_dir, self.tmp_dir):
            _private_folder(directory)
        self._cache: LRU[str, Tuple[Optional[Tuple[int, int, int]], SessionRecord]] = LRU(cache_sessions)
        self._stripes = [threading.Lock() for _ in range(LOCK_STRIPES)]
        self._remove_orphaned_temp_files()
        self._check_writable()

    def _check_writable(self) -> None:
        """An unwritable store is found at start, not at the first fact."""
        fd, tmp = tempfile.mkstemp(dir=str(self.tmp_dir), prefix=".probe_")
        os.close(fd)
        os.unlink(tmp)

    def _remove_orphaned_temp_files(self) -> None:
        """A writer killed between creating its temp file and the rename leaves one behind;
        it may hold text that was since forgotten, so it goes (a live write takes ms)."""
        cutoff = time.time() - ORPHANED_TEMP_AGE_S
        for temp in self.tmp_dir.glob(".tmp_*"):
            with contextlib.suppress(OSError):
                info = os.lstat(temp)
                if stat.S_ISLNK(info.st_mode):
                    temp.unlink()  # the link goes, its target is never touched
                elif stat.S_ISREG(info.st_mode) and info.st_mtime < cutoff:
                    _shred(temp)

    # -- paths and locks -----------------------------------------------------
    def record_path(self, session_id: str) -> Path:
        return self.sessions_dir / f"{file_key(session_id)}.json"

    def audit_path(self, session_id: str) -> Path:
        return self.sessions_dir / f"{file_key(session_id)}.audit.jsonl"

    def quarantined(self, session_id: str) -> List[Path]:
        return sorted(self.sessions_dir.glob(f"{file_key(session_id)}.json.corrupt*"))

    @contextlib.contextmanager
    def locked(self, key: str) -> Iterator[None]:
        """Exclusive across this process's threads and across processes (striped by hash).

        The wait is bounded: a session whose lock another process holds too long raises
        :class:`StoreUnavailable` (its job is retried later) and stalls no other session."""
        stripe = int(hashlib.sha256(key.encode()).hexdigest()[:8], 16) % LOCK_STRIPES
        if not self._stripes[stripe].acquire(timeout=self.lock_wait_s):
            raise StoreUnavailable(f"session busy: its lock was not free within {self.lock_wait_s:g} s")
        try:
            fd = _open_regular(self.locks_dir / f"{stripe}.lock", os.O_RDWR | os.O_CREAT)
            try:
                _flock_within(fd, self.lock_wait_s)
                yield
            finally:
                os.close(fd)  # closing the descriptor releases the flock
        finally:
            self._stripes[stripe].release()

    # -- reading -------------------------------------------------------------
    def _parse(self, path: Path, session_id: str) -> SessionRecord:
        raw = _read_bytes(path)
        if raw is None:
            return new_record(session_id)
        try:
            if len(raw) > MAX_RECORD_BYTES:
                raise ValueError(f"larger than {MAX_RECORD_BYTES} bytes")
            record = SessionRecord.from_dict(json.loads(raw.decode("utf-8")))
        except (ValueError, TypeError, KeyError, UnicodeDecodeError, RecursionError) as exc:
            raise CorruptRecord(str(exc) or type(exc).__name__) from None
        record.session_id = session_id
        return record

    def _quarantine(self, path: Path, reason: str) -> None:
        target = path.with_name(path.name + ".corrupt")
        n = 1
        while os.path.lexists(target):
            target = path.with_name(f"{path.name}.corrupt.{n}")
            n += 1
        os.replace(path, target)
        LOG.error(f"entity memory: {path} does not parse ({reason}); kept it as {target} "
                  f"and started that session empty. Nothing was overwritten.")

    def _read_locked(self, session_id: str) -> SessionRecord:
        path = self.record_path(session_id)
        try:
            return self._parse(path, session_id)
        except (CorruptRecord, UnsafeStore) as exc:  # a planted link is set aside, never followed
            self._quarantine(path, str(exc))
            return new_record(session_id)

    def load(self, session_id: str) -> Tuple[Any, SessionRecord]:
        key = file_key(session_id)
        path = self.sessions_dir / f"{key}.json"
        identity = _identity(path)
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
        self._cache.put(key, entry)
        return entry

    # -- writing -------------------------------------------------------------
    def update(self, session_id: str, mutate: Mutation) -> Change:
        key = file_key(session_id)
        path = self.sessions_dir / f"{key}.json"
        with self.locked(key):
            record = self._read_locked(session_id)
            change = mutate(record)
            keep = self.max_audit_events // 2
            compacting = bool(change.events) and bool(self.max_audit_events) and \
                record.audit_events + len(change.events) > self.max_audit_events
            if change.events:
                record.audit_events = keep + 1 if compacting else record.audit_events + len(change.events)
            if change.modified:
                self._write(path, _encoded(record.to_dict()))
                self._cache.put(key, (_identity(path), record))
            if change.scrubs:
                self._scrub_files(session_id, change)
            if compacting:
                trail = compacted(self.audit(session_id) + change.events, keep, time.time())
                self._write(self.audit_path(session_id), _lines(trail))
            elif change.events:
                self._append_audit(session_id, change.events)
        return change

    def _write(self, path: Path, data: bytes) -> None:
        """Atomically: a temp file in tmp/ (0600), fsync, rename over the name, fsync the folder.
        A rename replaces a link itself, never its target."""
        fd, tmp = tempfile.mkstemp(dir=str(self.tmp_dir), prefix=".tmp_")
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
        _fsync_folder(path.parent)

    def _append_audit(self, session_id: str, events: List[Dict[str, Any]]) -> None:
        path = self.audit_path(session_id)
        try:
            fd = _open_regular(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        except OSError as exc:
            if exc.errno not in (errno.ELOOP, errno.EPERM):
                raise
            self._quarantine(path, "a link or not a regular file")  # set aside, never followed
            fd = _open_regular(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        try:
            os.write(fd, _lines(events))
            os.fsync(fd)
        finally:
            os.close(fd)

    def _scrub_files(self, session_id: str, change: Change) -> None:
        """Forgetting is the one rewrite: the text leaves the trail and quarantined copies."""
        trail = self.audit(session_id)
        if trail:
            self._write(self.audit_path(session_id), _lines(scrub_trail(trail, change)))
        for copy_path in self.quarantined(session_id):
            try:
                original = data = _read_bytes(copy_path) or b""
            except UnsafeStore:
                continue  # a planted link: nothing of ours behind it
            for text in change.forgotten_texts:
                for form in {text, json.dumps(text)[1:-1], json.dumps(text, ensure_ascii=False)[1:-1]}:
                    data = data.replace(form.encode("utf-8", "surrogatepass"), SCRUBBED.encode("utf-8"))
            if data != original:
                self._write(copy_path, data)

    # -- markers -------------------------------------------------------------
    def write_marker(self, name: str, data: Dict[str, Any]) -> None:
        """A small JSON file in the store folder that records a one-time job as done."""
        self._write(self.folder / name, json.dumps(data).encode("utf-8"))

    def has_marker(self, name: str) -> bool:
        return os.path.lexists(self.folder / name)

    # -- whole sessions --------------------------------------------------------
    def audit(self, session_id: str) -> List[Dict[str, Any]]:
        try:
            raw = _read_bytes(self.audit_path(session_id))
        except UnsafeStore as exc:
            LOG.error(f"entity memory: {exc}; the trail there is not read")
            return []
        events = []
        for line in (raw or b"").decode("utf-8", errors="replace").splitlines():
            with contextlib.suppress(ValueError, RecursionError):
                event = json.loads(line)
                if isinstance(event, dict):
                    events.append(event)
        return events

    def sessions(self) -> List[str]:
        found = []
        for path in sorted(self.sessions_dir.glob("[!.]*.json")):
            with contextlib.suppress(OSError, ValueError, RecursionError, AttributeError):
                session_id = json.loads((_read_bytes(path) or b"{}").decode("utf-8")).get("session_id")
                if isinstance(session_id, str):
                    found.append(session_id)
        return sorted(found)

    def erase(self, session_id: str) -> None:
        """Facts, tombstones, trail and quarantined copies go; the generation moves on."""
        key = file_key(session_id)
        path = self.sessions_dir / f"{key}.json"
        with self.locked(key):
            try:
                old: Optional[SessionRecord] = self._parse(path, session_id)
            except (CorruptRecord, UnsafeStore):
                old = None
            # The new generation is written first: an erase killed midway still drops
            # exchanges queued before it, and running it again finishes the job.
            fresh = erased(old, session_id)
            self._write(path, _encoded(fresh.to_dict()))
            for doomed in [self.audit_path(session_id), *self.quarantined(session_id)]:
                _shred(doomed)
            self._cache.pop(key)

    def close(self) -> None:
        self._cache.clear()


def _encoded(data: Dict[str, Any]) -> bytes:
    """UTF-8 as a person reads it; escaped ASCII when the text holds what UTF-8 cannot
    (a lone surrogate from a caller's session id), so that nothing is lost."""
    try:
        return render_record(data).encode("utf-8")
    except UnicodeEncodeError:
        return render_record(data, ascii_only=True).encode("ascii")


def _lines(events: List[Dict[str, Any]]) -> bytes:
    """Audit events as JSON lines, each one escaped to ASCII only when UTF-8 cannot hold it."""
    out = []
    for event in events:
        try:
            out.append((json.dumps(event, ensure_ascii=False) + "\n").encode("utf-8"))
        except UnicodeEncodeError:
            out.append((json.dumps(event) + "\n").encode("ascii"))
    return b"".join(out)


def render_record(data: Dict[str, Any], ascii_only: bool = False) -> str:
    """The record as JSON, one fact a line: readable by a person, encoded by the C encoder
    (``indent`` would switch json to its pure-Python encoder, several times slower)."""
    head = {k: v for k, v in data.items() if k not in ("facts", "tombstones")}
    parts = ["{" + json.dumps(head, ensure_ascii=ascii_only)[1:-1] + ","]
    for key in ("facts", "tombstones"):
        rows = ",\n".join("  " + json.dumps(row, ensure_ascii=ascii_only) for row in data.get(key, []))
        parts.append(f' "{key}": [\n{rows}\n ]' if rows else f' "{key}": []')
    return parts[0] + "\n" + ",\n".join(parts[1:]) + "\n}\n"


def _flock_within(fd: int, seconds: float) -> None:
    """An exclusive flock, or StoreUnavailable once ``seconds`` have gone by."""
    deadline = time.monotonic() + seconds
    delay = 0.001
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                raise StoreUnavailable(f"session busy: another process held its lock for {seconds:g} s") from None
            time.sleep(delay)  # flock has no timed wait: poll, backing off to 50 ms
            delay = min(delay * 2, 0.05)


def _fsync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _shred(path: Path) -> None:
    """Overwrite a file's bytes before unlinking it, so a plain scan of the disk blocks
    backing the folder finds nothing readable (not a guarantee on SSDs or CoW filesystems).
    A link is unlinked, its target never touched."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISREG(info.st_mode):
        fd = _open_regular(path, os.O_WRONLY)
        try:
            os.write(fd, b"\0" * info.st_size)
            os.fsync(fd)
        finally:
            os.close(fd)
    with contextlib.suppress(FileNotFoundError):
        path.unlink()
