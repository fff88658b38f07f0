"""``backend: json``: a snapshot, a journal and an audit trail per session, in a private folder::

    sessions/<key>.json, .journal.jsonl, .audit.jsonl   record, changes since, trail
    sessions/<key>.json.corrupt[...]   a file that did not parse, kept aside, never overwritten
    locks/<n>.lock   a fixed set of cross-process locks (no data)
    tmp/.tmp_<key>.*   atomic writes' temp files, named for their session
    scrubs/, waiting/   unfinished forgets and erases (json_forgetting), kept exchanges

Every change runs under a lock held across threads and processes. A record under 32 KB is rewritten
whole; a larger one gets a change's rows appended to its journal (:mod:`journal`), until the journal
outgrows the snapshot or something is forgotten: then a new snapshot replaces both.

A cached record is current when one ``lstat`` of its snapshot says so: every change gives the
snapshot a later mtime, so (inode, mtime, size) changes with the record, whoever wrote. Inside the
lock a writer also compares the journal's size, so no change is built on a stale record.

No link is ever followed (``O_NOFOLLOW``, regular files only; a folder that is a link or
that others can write is refused), and session ids never become raw file names.
"""
from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import json
import os
import re
import secrets
import stat
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional, Tuple

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.audit import compacted
from ovos_memory_plugin_entity.domain.change import Change
from ovos_memory_plugin_entity.domain.errors import (CorruptRecord, ReadOnlyStore, StoreUnavailable, UnfinishedScrub,
                                                     UnsafeStore)
from ovos_memory_plugin_entity.domain.kept_exchanges import MAX_KEPT_PER_SESSION, bounded, for_learner
from ovos_memory_plugin_entity.domain.record import SessionRecord, new_record
from ovos_memory_plugin_entity.io.caches import LRU, stripe
from ovos_memory_plugin_entity.io.crashpoints import crash_point
from ovos_memory_plugin_entity.io.stores import files, json_forgetting
from ovos_memory_plugin_entity.io.stores.base import (DEFAULT_CACHE_SESSIONS, DEFAULT_MAX_AUDIT_EVENTS, Mutation,
                                                      erased, event_lines)
from ovos_memory_plugin_entity.io.stores.encoding import encoded_record, json_lines, parsed_lines
from ovos_memory_plugin_entity.io.stores.journal import EPOCH_KEY, entry, replay
from ovos_memory_plugin_entity.io.stores.json_forgetting import INTENT_KEY

# The store's secret for tombstone hashes, in its folder.
TOMBSTONE_KEY_FILE = "tombstone.key"
MAX_READABLE_NAME_CHARS = 32  # of a session's file name; the hash after it makes it unique
# 96 bits of SHA-256: two session ids sharing a file is not a practical concern.
HASH_CHARS = 24
# A temp file this old was left by a writer that died before its rename.
ORPHANED_TEMP_AGE_S = 600
# What makes a store read-only without making it unsafe: its facts are still served.
UNWRITABLE_ERRNOS = (errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOSPC, errno.EDQUOT)
# Sessions share this many locks (by hash): locks/ never grows with the sessions.
LOCK_STRIPES = 64
# Longest wait for a session's lock (the CLI) before "busy"; the assistant waits less and retries later.
LOCK_WAIT_S = 10.0
# A record smaller than this is rewritten whole: a small session is one plain file a person can read.
WHOLE_RECORD_BYTES = 32 * 1024
# A journal larger than this and its snapshot is folded in: the rewrite costs at most what the appends did.
MIN_JOURNAL_BYTES = 64 * 1024
_EPOCH_AT_START = re.compile(rb'^\{"journal": "([0-9a-f]{32})"')
_HEAD_BYTES = 64

# What one lstat tells of a file: inode, modification time, size.
Stamp = Tuple[int, int, int]
# What identifies a session's files inside the lock: the snapshot's stamp, the journal's size.
Identity = Tuple[Optional[Stamp], Optional[int]]
MAX_CACHED_FILE_KEYS = 4096  # session ids whose file names (a hash) are remembered
JOURNAL, TRAIL = ".journal.jsonl", ".audit.jsonl"  # beside the snapshot, <key>.json


@functools.lru_cache(maxsize=MAX_CACHED_FILE_KEYS)
def file_key(session_id: str) -> str:
    """A safe file name stem for any session id, unique through the hash."""
    raw = session_id.encode("utf-8", "surrogatepass")
    readable = re.sub(r"[^a-z0-9_-]+", "_", session_id.lower())[:MAX_READABLE_NAME_CHARS].strip("_-")
    return f"{readable or 'session'}-{hashlib.sha256(raw).hexdigest()[:HASH_CHARS]}"


class JsonFolderStore:
    """A snapshot, a journal and an audit trail per session, in a private folder."""

    def __init__(self, folder: Path, cache_sessions: int = DEFAULT_CACHE_SESSIONS,
                 max_audit_events: int = DEFAULT_MAX_AUDIT_EVENTS, lock_wait_s: float = LOCK_WAIT_S,
                 whole_record_bytes: int = WHOLE_RECORD_BYTES, min_journal_bytes: int = MIN_JOURNAL_BYTES):
        self.max_audit_events, self.lock_wait_s = max_audit_events, lock_wait_s
        self.whole_record_bytes, self.min_journal_bytes = whole_record_bytes, min_journal_bytes
        self.folder = Path(folder).expanduser()
        self.folder.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        folders = tuple(self.folder / name for name in ("sessions", "locks", "tmp", "scrubs", "waiting"))
        self.sessions_dir, self.locks_dir, self.tmp_dir, self.scrubs_dir, self.waiting_dir = folders
        self._sessions = str(self.sessions_dir)
        for directory in (self.folder, *folders):
            files.private_folder(directory)
        self._cache: LRU[str, Tuple[Optional[Identity], SessionRecord]] = LRU(cache_sessions)
        self._stripes = [threading.Lock() for _ in range(LOCK_STRIPES)]
        self._tombstone_key: Optional[bytes] = None
        self._remove_orphaned_temp_files()
        # Why nothing can be written now: a store holding sessions is still read, an empty one is refused.
        self.unwritable: Optional[OSError] = None
        self.finished_at_start: List[str] = []
        try:
            self._check_writable()
        except OSError as exc:
            if exc.errno not in UNWRITABLE_ERRNOS or not self.sessions():
                raise
            self.unwritable = exc
            return
        self.finished_at_start = json_forgetting.finish_all(self)

    @property
    def tombstone_key(self) -> bytes:
        """Made on first use (0600); losing it only makes older tombstones stop matching."""
        if self._tombstone_key is None:
            self._tombstone_key = files.key_file(self.folder / TOMBSTONE_KEY_FILE, "tombstone key")
        return self._tombstone_key

    def _check_writable(self) -> None:
        """A few bytes written and synced as a record is: a read-only or full disk is found at start."""
        fd, tmp = tempfile.mkstemp(dir=str(self.tmp_dir), prefix=".probe_")
        try:
            os.write(fd, b"{}\n" * 512)
            os.fsync(fd)
        finally:
            os.close(fd)
            os.unlink(tmp)

    def _remove_orphaned_temp_files(self) -> None:
        """A killed writer's temp file may hold text since forgotten: it goes."""
        cutoff = time.time() - ORPHANED_TEMP_AGE_S
        for temp in self.tmp_dir.glob(".tmp_*"):
            with contextlib.suppress(OSError):
                info = os.lstat(temp)
                if stat.S_ISLNK(info.st_mode):
                    temp.unlink()  # the link goes, its target is never touched
                elif stat.S_ISREG(info.st_mode) and info.st_mtime < cutoff:
                    files.shred(temp)

    # -- paths and locks -----------------------------------------------------
    def record_path(self, session_id: str) -> Path:
        return Path(self._record(session_id))

    def journal_path(self, session_id: str) -> Path:
        return Path(self._record(session_id, JOURNAL))

    def audit_path(self, session_id: str) -> Path:
        return Path(self._record(session_id, TRAIL))

    def _record(self, session_id: str, suffix: str = ".json") -> str:
        """The snapshot's path, or with ``suffix`` (:data:`JOURNAL`, :data:`TRAIL`) the journal's or the trail's."""
        return os.path.join(self._sessions, file_key(session_id) + suffix)

    def quarantined(self, session_id: str) -> List[Path]:
        return sorted(self.sessions_dir.glob(f"{file_key(session_id)}.json.corrupt*"))

    @contextlib.contextmanager
    def locked(self, key: str) -> Iterator[None]:
        """Exclusive across threads and processes (striped by hash), within ``lock_wait_s``:
        past it :class:`StoreUnavailable` (the job is retried later), stalling no other session."""
        if self.unwritable is not None:  # every write takes the lock first: writable again (remounted, space freed)?
            try:
                self._check_writable()
            except OSError as exc:
                self.unwritable = exc
                raise ReadOnlyStore(f"{self.folder} can be read but not written ({exc.strerror or exc}); what it "
                                    f"holds is served, nothing new is kept") from None
            self.unwritable = None
        number = stripe(key, LOCK_STRIPES)
        if not self._stripes[number].acquire(timeout=self.lock_wait_s):
            raise StoreUnavailable(f"session busy: its lock was not free within {self.lock_wait_s:g} s")
        try:
            with files.opened(self.locks_dir / f"{number}.lock", os.O_RDWR | os.O_CREAT) as fd:
                files.flock_within(fd, self.lock_wait_s)  # held until the descriptor closes
                yield
        finally:
            self._stripes[number].release()

    # -- reading -------------------------------------------------------------
    def _stamp(self, session_id: str) -> Optional[Stamp]:
        """The one ``lstat`` a turn spends on the store (a link's stamp is its own, never matched)."""
        info = files.lstat(self._record(session_id))
        return None if info is None else (info.st_ino, info.st_mtime_ns, info.st_size)

    def _identity(self, session_id: str) -> Optional[Identity]:
        """None for a session that has no files (revisions are falsy only then)."""
        snapshot, journal = self._stamp(session_id), files.lstat(self._record(session_id, JOURNAL))
        return None if snapshot is None and journal is None else (snapshot, journal.st_size if journal else None)

    def _epoch(self, session_id: str) -> Optional[str]:
        """Read from the snapshot's first bytes (render_record writes it first)."""
        with files.opened(self._record(session_id), os.O_RDONLY) as fd:
            found = _EPOCH_AT_START.match(os.pread(fd, _HEAD_BYTES, 0))
        return found.group(1).decode() if found else None

    def _parse(self, session_id: str, locked: bool = False, intent_ok: bool = False) -> SessionRecord:
        """The snapshot with its journal replayed; CorruptRecord (or UnsafeStore) when the snapshot
        does not parse, UnfinishedScrub when a forget or erase must be finished first."""
        raw = files.read_bytes(self._record(session_id))
        if raw is None:
            return new_record(session_id)
        try:
            if len(raw) > files.MAX_FILE_BYTES:
                raise ValueError(f"larger than {files.MAX_FILE_BYTES} bytes")
            data = json.loads(raw.decode("utf-8"))
            intent = data.get(INTENT_KEY) if isinstance(data, dict) else None
            if isinstance(data, dict) and isinstance(data.get(EPOCH_KEY), str):
                data = replay(data, self._journal(session_id, data[EPOCH_KEY], locked))
            record = SessionRecord.from_dict(data)
        except (ValueError, TypeError, KeyError, UnicodeDecodeError, RecursionError) as exc:
            raise CorruptRecord(str(exc) or type(exc).__name__) from None
        if isinstance(intent, dict) and not intent_ok:
            raise UnfinishedScrub(intent)
        record.session_id = session_id
        return record

    def _journal(self, session_id: str, epoch: str, locked: bool) -> List[Dict[str, Any]]:
        """The entries after the snapshot of ``epoch``; another epoch's are shredded, a damaged line costs
        itself (the journal copied aside). Repairs happen under the lock: CorruptRecord sends a reader there."""
        path = self._record(session_id, JOURNAL)
        try:
            raw = files.read_bytes(path)
        except UnsafeStore:
            if locked:  # a planted link goes aside; its target is never read
                self._set_aside(path)
            return []
        if not raw:
            return []
        entries, kept, stale, damaged = [], [], False, 0
        lines = raw.split(b"\n")
        for n, line in enumerate(lines):
            if not line.strip(b"\0 \r\t"):
                continue  # an empty line, or a journal being shredded as we read
            try:
                change = json.loads(line.decode("utf-8"))
            except (ValueError, UnicodeDecodeError, RecursionError):
                damaged += n < len(lines) - 1  # the last line torn by a crash is expected
                continue
            if not isinstance(change, dict) or change.get(EPOCH_KEY) != epoch:
                stale = True
                continue
            entries.append(change)
            kept.append(line + b"\n")
        if (damaged or stale) and not locked:
            raise CorruptRecord("the journal needs repair")  # never append after such lines
        if damaged:
            target = self._quarantine_name(path)
            files.write_atomic(target, raw, self.tmp_dir)
            LOG.error(f"entity memory: {damaged} line(s) of {path} do not parse; skipped them "
                      f"and kept the journal as it was in {target}")
        if stale and not entries:
            files.shred(path)
        elif damaged or stale:
            files.write_atomic(path, b"".join(kept), self.tmp_dir)
        return entries

    def _quarantine_name(self, path: files.StrPath) -> Path:
        """``<key>.json.corrupt`` (``-journal``, ``-audit`` for the others), then ``.1``, ``.2``..."""
        stem, _, rest = os.path.basename(path).partition(".")
        kind = rest.split(".")[0]
        base = self.sessions_dir / f"{stem}.json.corrupt{'' if kind == 'json' else '-' + kind}"
        target, n = base, 1
        while os.path.lexists(target):
            target = base.with_name(f"{base.name}.{n}")
            n += 1
        return target

    def _set_aside(self, path: str, why: str = "was a link or not a regular file") -> None:
        """Moved, never followed nor overwritten."""
        target = self._quarantine_name(path)
        os.replace(path, target)
        LOG.error(f"entity memory: {path} {why}; moved it to {target}")

    def _quarantine(self, session_id: str, reason: str) -> None:
        for path in (self._record(session_id), self._record(session_id, JOURNAL)):
            if os.path.lexists(path):
                self._set_aside(path, f"does not parse ({reason}); that session starts empty")
                reason = "its snapshot did not parse"

    def _read_locked(self, session_id: str) -> SessionRecord:
        try:
            return self._parse(session_id, locked=True)
        except UnfinishedScrub as unfinished:
            record = self._parse(session_id, locked=True, intent_ok=True)
            json_forgetting.finish(self, session_id, file_key(session_id), record, unfinished.intent)
            return record
        except (CorruptRecord, UnsafeStore) as exc:  # a planted link is set aside, never followed
            self._quarantine(session_id, str(exc))
            return new_record(session_id)

    def load(self, session_id: str) -> Tuple[Any, SessionRecord]:
        key = file_key(session_id)
        cached = self._cache.get(key)
        if cached is not None and (cached[0] or (None, None))[0] == self._stamp(session_id):
            return cached  # one lstat: every change restamps the snapshot (see the module's docstring)
        identity = self._identity(session_id)
        try:
            record = self._parse(session_id)
        except (CorruptRecord, UnsafeStore, UnfinishedScrub):
            with self.locked(key):
                record = self._read_locked(session_id)
            identity = self._identity(session_id)
        # Files changed between the identity and the read get a new identity: the next load re-reads.
        entry_ = (identity, record)
        self._cache.put(key, entry_)
        return entry_

    # -- writing -------------------------------------------------------------
    def update(self, session_id: str, mutate: Mutation) -> Change:
        key = file_key(session_id)
        with self.locked(key):
            identity = self._identity(session_id)
            cached = self._cache.get(key)
            if cached is not None and identity is not None and identity[0] is not None and cached[0] == identity:
                base = cached[1]  # the files are the ones this process last read or wrote
            else:
                base = self._read_locked(session_id)
                identity = self._identity(session_id)
            record = base.copy()  # readers of ``base`` never see half an edit
            change = mutate(record)
            keep = self.max_audit_events // 2
            compacting = bool(change.events) and bool(self.max_audit_events) and \
                record.audit_events + len(change.events) > self.max_audit_events
            if change.events:
                record.audit_events = keep + 1 if compacting else record.audit_events + len(change.events)
            if change.forgets:  # recorded first, then finished: see json_forgetting
                json_forgetting.scrub(self, session_id, key, record, {"texts": list(change.forgotten_texts),
                                                                      "ids": list(change.forgotten_ids)})
            elif change.modified:
                self._save(session_id, base, record, identity)
            if change.modified or change.forgets:
                self._cache.put(key, (self._identity(session_id), record))
            if compacting:
                trail = compacted(self.audit(session_id) + event_lines(change), keep, time.time())
                files.write_atomic(self._record(session_id, TRAIL), json_lines(trail), self.tmp_dir)
            elif change.events:
                self._append_audit(session_id, event_lines(change))
        return change

    def _save(self, session_id: str, base: SessionRecord, record: SessionRecord,
              identity: Optional[Identity]) -> None:
        """Append to the journal, or a new snapshot (a small record, no journal form, a journal grown too big)."""
        snapshot, journal_size = identity or (None, None)
        snapshot_size = snapshot[2] if snapshot else 0
        epoch = None if snapshot is None or snapshot_size < self.whole_record_bytes else self._epoch(session_id)
        change = None if epoch is None else entry(base, record, epoch)
        if change is not None:
            line = json_lines([change])
            if (journal_size or 0) + len(line) <= max(self.min_journal_bytes, snapshot_size):
                files.append(self._record(session_id, JOURNAL), line)
                self._restamp(session_id, snapshot)
                return
        self.write_snapshot(session_id, record)

    def _restamp(self, session_id: str, previous: Optional[Stamp]) -> None:
        """After an append, so every reader's lstat sees the change."""
        with files.opened(self._record(session_id), os.O_RDONLY) as fd:
            files.stamp_later(fd, previous[1] if previous else None)

    def write_snapshot(self, session_id: str, record: SessionRecord,
                       intent: Optional[Dict[str, Any]] = None) -> None:
        """The whole record under a new epoch (``intent``: a scrub still to finish); then the
        journal goes (a crash between leaves one of another epoch: ignored, then shredded)."""
        data = {EPOCH_KEY: secrets.token_hex(16), **record.to_dict()}
        if intent is not None:
            data[INTENT_KEY] = intent
        previous = self._stamp(session_id)
        files.write_atomic(self._record(session_id), encoded_record(data), self.tmp_dir, stamped=True,
                           later_than_ns=previous[1] if previous else None)
        crash_point("snapshot-written")
        files.shred(self._record(session_id, JOURNAL))

    def _append_audit(self, session_id: str, events: List[Dict[str, Any]]) -> None:
        path = self._record(session_id, TRAIL)
        try:
            files.append(path, json_lines(events))
        except OSError as exc:
            if exc.errno not in (errno.ELOOP, errno.EPERM):
                raise
            self._set_aside(path)
            files.append(path, json_lines(events))

    # -- markers -------------------------------------------------------------
    def write_marker(self, name: str, data: Dict[str, Any]) -> None:
        """A one-time job (an import) recorded as done."""
        files.write_atomic(self.folder / name, json.dumps(data).encode("utf-8"), self.tmp_dir)

    def has_marker(self, name: str) -> bool:
        return os.path.lexists(self.folder / name)

    # -- whole sessions --------------------------------------------------------
    def audit(self, session_id: str) -> List[Dict[str, Any]]:
        try:
            raw = files.read_bytes(self._record(session_id, TRAIL))
        except UnsafeStore as exc:
            LOG.error(f"entity memory: {exc}; the trail there is not read")
            return []
        return parsed_lines(raw or b"")

    def sessions(self) -> List[str]:
        found = []
        for path in sorted(self.sessions_dir.glob("[!.]*.json")):
            with contextlib.suppress(OSError, ValueError, RecursionError, AttributeError):
                session_id = json.loads((files.read_bytes(path) or b"{}").decode("utf-8")).get("session_id")
                if isinstance(session_id, str):
                    found.append(session_id)
        return sorted(found)

    def erase(self, session_id: str) -> None:
        """Everything of the session goes, the generation moves on."""
        key = file_key(session_id)
        with self.locked(key):
            try:
                old: Optional[SessionRecord] = self._parse(session_id, locked=True, intent_ok=True)
            except (CorruptRecord, UnsafeStore):
                old = None
            # With the intent: an erase killed midway still drops what was queued before it.
            json_forgetting.scrub(self, session_id, key, erased(old, session_id), json_forgetting.ERASE_INTENT)
            self._cache.pop(key)

    def finish_scrub(self, session_id: str) -> None:
        """An interrupted forget or erase a marker named."""
        key = file_key(session_id)
        with self.locked(key):
            self._read_locked(session_id)  # finishes what the snapshot records, or sets damage aside
            json_forgetting.finish(self, session_id, key, None, None)  # crashed before it: temp files, marker
            self._cache.pop(key)

    # -- kept exchanges, a line each (a crash while taking one means it is confirmed twice) --
    def waiting_path(self, key: str) -> str:
        return os.path.join(self.waiting_dir, f"{key}.json")

    def keep_waiting(self, session_id: str, exchanges: List[Dict[str, Any]]) -> None:
        """Appended; bounded when one is removed or taken."""
        key = file_key(session_id)
        with self.locked(key):
            files.append(self.waiting_path(key), json_lines(exchanges))

    def done_waiting(self, session_id: str, token: str) -> None:
        key = file_key(session_id)
        with self.locked(key):
            self._take_kept(key, lambda item: item.get("token") == token)

    def take_waiting(self, learner: str = "") -> List[Dict[str, Any]]:
        """Oldest first per session; those another learner heard stay."""
        taken: List[Dict[str, Any]] = []
        for path in sorted(self.waiting_dir.glob("*.json")):
            key = path.name[:-len(".json")]
            with self.locked(key):
                taken += self._take_kept(key, lambda item: for_learner(item, learner))
        return taken

    def _take_kept(self, key: str, goes: Callable[[Dict[str, Any]], bool]) -> List[Dict[str, Any]]:
        """Under the lock: the kept exchanges ``goes`` picks, taken out of the file; both parts bounded."""
        path = self.waiting_path(key)
        try:
            items = parsed_lines(files.read_bytes(path) or b"")
        except UnsafeStore:
            return []
        gone, left = [item for item in items if goes(item)], [item for item in items if not goes(item)]
        if len(left) > MAX_KEPT_PER_SESSION or len(gone) > MAX_KEPT_PER_SESSION:
            LOG.warning(f"entity memory: more than {MAX_KEPT_PER_SESSION} exchanges waiting for one session "
                        f"(MAX_KEPT_PER_SESSION); kept the newest")
        if gone and left:
            files.write_atomic(path, json_lines(bounded(left)), self.tmp_dir)
        elif gone:
            files.shred(path)
        return bounded(gone)

    def close(self) -> None:
        self._cache.clear()
