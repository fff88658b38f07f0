"""The JSON backend's file primitives: private folders, no link ever followed, atomic
replacement, appends, bounded cross-process locks, shredding. Nothing here knows a record.
"""
from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import stat
import tempfile
import time
from pathlib import Path
from typing import Iterator, Optional, Union

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.errors import StoreUnavailable, UnsafeStore
from ovos_memory_plugin_entity.io.crashpoints import crash_point

# Per-session files are named by plain strings: pathlib (before 3.12) interns every
# name it parses, which would keep one string per session ever touched.
StrPath = Union[str, Path]
# A file larger than this is not one of ours (a record, a journal or a trail).
MAX_FILE_BYTES = 64 * 1024 * 1024
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
# A key file holds this many random bytes, as hex (AES-256; HMAC-SHA-256).
KEY_BYTES = 32
_HEX_KEY = re.compile(r"^[0-9a-f]{64}$")


def private_folder(path: Path) -> None:
    """Create ``path`` 0700, or check an existing one: never a link, never writable by others."""
    with contextlib.suppress(FileExistsError):
        os.mkdir(path, 0o700)
        return
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


def open_regular(path: StrPath, flags: int, mode: int = 0o600) -> int:
    """Refuses a link, or anything but a regular file."""
    try:
        fd = os.open(path, flags | _NOFOLLOW | getattr(os, "O_CLOEXEC", 0), mode)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnsafeStore(errno.EPERM, f"refusing {path}: it is a link") from None
        raise
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise UnsafeStore(errno.EPERM, f"refusing {path}: not a regular file")
    return fd


@contextlib.contextmanager
def opened(path: StrPath, flags: int) -> Iterator[int]:
    """:func:`open_regular`, closed after."""
    fd = open_regular(path, flags)
    try:
        yield fd
    finally:
        os.close(fd)


def read_bytes(path: StrPath, limit: int = MAX_FILE_BYTES + 1) -> Optional[bytes]:
    """None when the file does not exist; a link is refused."""
    try:
        fd = open_regular(path, os.O_RDONLY)
    except FileNotFoundError:
        return None
    with os.fdopen(fd, "rb") as handle:
        return handle.read(limit)


def lstat(path: StrPath) -> Optional[os.stat_result]:
    """None when nothing is there; a link's own."""
    try:
        return os.lstat(path)
    except FileNotFoundError:
        return None


def write_atomic(path: StrPath, data: bytes, tmp_dir: StrPath, *, stamped: bool = False,
                 later_than_ns: Optional[int] = None) -> None:
    """Temp file (0600, named for its target), fsync, rename (a link is replaced, never its target), fsync
    the folder. ``stamped``: an mtime later than ``later_than_ns`` (:func:`stamp_later`)."""
    fd, tmp = tempfile.mkstemp(dir=str(tmp_dir), prefix=f".tmp_{os.path.basename(path)}.")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if stamped:
                stamp_later(handle.fileno(), later_than_ns)
            os.fsync(handle.fileno())
        crash_point("atomic-write")
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # the rename itself made durable
        folder = os.open(os.path.dirname(path), os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(folder)
        finally:
            os.close(folder)


# Steps tried, in order, when a filesystem keeps coarser times than nanoseconds.
_MTIME_STEPS_NS = (1, 1_000, 1_000_000, 1_000_000_000, 2_000_000_000)


def stamp_later(fd: int, previous_ns: Optional[int]) -> None:
    """Now, or past ``previous_ns``: (inode, mtime, size) never repeats, so one ``lstat`` can
    be trusted (an inode freed by a rename may be reused within a clock tick)."""
    wanted = time.time_ns()
    for step in _MTIME_STEPS_NS:
        if previous_ns is not None:
            wanted = max(wanted, previous_ns + step)
        os.utime(fd, ns=(wanted, wanted))
        if previous_ns is None or os.fstat(fd).st_mtime_ns > previous_ns:
            break


def append(path: StrPath, data: bytes) -> None:
    """Append and fsync. A line torn by a crash is ended first."""
    with opened(path, os.O_RDWR | os.O_APPEND | os.O_CREAT) as fd:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            data = b"\n" + data
        os.write(fd, data)
        os.fsync(fd)


def flock_within(fd: int, seconds: float) -> None:
    """An exclusive flock, or StoreUnavailable past ``seconds``."""
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


def shred(path: StrPath) -> None:
    """Zeroed before unlinking, against a plain scan of the disk (no guarantee on SSDs or
    CoW filesystems). A link is unlinked, its target never touched."""
    info = lstat(path)
    if info is None:
        return
    if stat.S_ISREG(info.st_mode):
        with opened(path, os.O_WRONLY) as fd:
            os.write(fd, b"\0" * info.st_size)
            os.fsync(fd)
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


def key_file(path: StrPath, what: str, made: str = "") -> bytes:
    """The 32-byte key at ``path``, made when missing: whole or not at all (written aside,
    then linked), the first one made winning. Refused unless ours alone (no link, 0600)."""
    path = Path(path).expanduser()
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not os.path.lexists(path):
        draft = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}")
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            with os.fdopen(fd, "w") as handle:
                handle.write(os.urandom(KEY_BYTES).hex() + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            with contextlib.suppress(FileExistsError):
                os.link(draft, path)  # atomic, and never replaces a key another process made (it stands)
                LOG.info(f"entity memory: made the {what} {path}" + (f"; {made}" if made else ""))
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(draft)
    fd = open_regular(path, os.O_RDONLY)  # a link or anything but a file is refused
    with os.fdopen(fd) as handle:
        info = os.fstat(handle.fileno())
        text = handle.read(200).strip()
    if info.st_uid != os.geteuid():
        raise UnsafeStore(errno.EPERM, f"refusing the {what} {path}: it belongs to another user (uid "
                                       f"{info.st_uid}); the assistant's user must own it")
    if stat.S_IMODE(info.st_mode) & 0o077:
        raise UnsafeStore(errno.EPERM, f"refusing the {what} {path}: others may read it (mode "
                                       f"{stat.S_IMODE(info.st_mode):o}); treat it as leaked, or chmod 600 it")
    if not _HEX_KEY.match(text):
        raise ValueError(f"the {what} {path} is not {2 * KEY_BYTES} hex digits; restore it from a copy "
                         f"(a new one cannot open what the old one made)")
    return bytes.fromhex(text)
