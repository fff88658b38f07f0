"""Sealing for the PostgreSQL backend: no text it stores is readable without the node key.

Every session has its own data key. Its record and each audit line are stored as
AES-256-GCM ciphertext under that key (bound to the session's row key, so rows cannot be
swapped), and the data key itself is stored wrapped by the node key: 32 random bytes in
a file on each assistant node (0600), never in the database. So the database files,
its WAL, replicas, dumps and backups hold no readable text. Erasing a session, or
forgetting any of its facts, gives it a new data key and drops the old one; copies of
the old ciphertext left in WAL or backups open only with the node key and the old
wrapped key together.

Needs the ``postgres`` extra (``cryptography``, for AES-GCM).
"""
from __future__ import annotations

import base64
import contextlib
import errno
import hashlib
import hmac
import json
import os
import re
import stat
from pathlib import Path
from typing import Any, Dict, Optional

from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.errors import Unsealable, UnsafeStore
from ovos_memory_plugin_entity.io.stores import files

NODE_KEY_BYTES = 32  # AES-256
NONCE_BYTES = 12  # GCM's standard nonce; random per sealing
_HEX_KEY = re.compile(r"^[0-9a-f]{64}$")


def node_key(path: Path) -> bytes:
    """The node key at ``path``; made when missing (0600, never through a link). Many
    processes may start at once: the key appears whole or not at all, and all use the
    first one made."""
    path = Path(path).expanduser()
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    if not os.path.lexists(path):
        draft = path.with_name(f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}")
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
        try:
            with os.fdopen(fd, "w") as handle:
                handle.write(os.urandom(NODE_KEY_BYTES).hex() + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            os.link(draft, path)  # atomic, and never replaces a key another process made
            LOG.info(f"entity memory: made the node key {path}; every node sharing the database "
                     f"needs a copy of it")
        except FileExistsError:
            pass
        finally:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(draft)
    return _read_key(path)


def _read_key(path: Path) -> bytes:
    """The key as every file of ours is read: no link, a regular file, owned by the
    assistant's user, readable by nobody else (a key others could read is leaked)."""
    fd = files.open_regular(path, os.O_RDONLY)  # a link or anything but a file is refused
    with os.fdopen(fd) as handle:
        info = os.fstat(handle.fileno())
        text = handle.read(200).strip()
    if info.st_uid != os.geteuid():
        raise UnsafeStore(errno.EPERM, f"refusing the node key {path}: it belongs to another user (uid "
                                       f"{info.st_uid}); the assistant's user must own it")
    if stat.S_IMODE(info.st_mode) & 0o077:
        raise UnsafeStore(errno.EPERM, f"refusing the node key {path}: others may read it (mode "
                                       f"{stat.S_IMODE(info.st_mode):o}); treat it as leaked, or chmod 600 it")
    if not _HEX_KEY.match(text):
        raise ValueError(f"the node key {path} is not 64 hex digits; restore it from another node "
                         f"(a new one cannot open what the old one sealed)")
    return bytes.fromhex(text)


def _bound(row: str, revision: Optional[int]) -> bytes:
    """What a sealed value is bound to: its row, and its revision when it is a record."""
    return b"value\x1f" + row.encode() + (b"" if revision is None else f"\x1f{revision}".encode())


class Sealer:
    """Seals and opens one database's values with data keys wrapped by the node key."""

    def __init__(self, key: bytes, where: str = "the node key"):
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        self._aead = AESGCM
        self._node = AESGCM(key)
        self.where = where
        # Stored in the database by the first node: a node with another key is told so.
        self.fingerprint = hmac.new(key, b"ovos-entity-memory node key", hashlib.sha256).hexdigest()[:32]

    def new_data_key(self, row: str) -> str:
        """A fresh data key for the session at ``row``, wrapped by the node key."""
        return self._seal(self._node, os.urandom(NODE_KEY_BYTES), b"key\x1f" + row.encode())

    def seal(self, wrapped: str, row: str, value: Dict[str, Any], revision: Optional[int] = None) -> str:
        """``value`` sealed for the row ``row`` (and, for a record, its ``revision``: a copy
        put back at another revision does not open)."""
        data = json.dumps(value).encode("ascii")  # escaped: lone surrogates and NULs survive
        return self._seal(self._data_key(wrapped, row), data, _bound(row, revision))

    def open(self, wrapped: str, row: str, sealed: str, revision: Optional[int] = None) -> Dict[str, Any]:
        value = json.loads(self._open(self._data_key(wrapped, row), sealed, _bound(row, revision)))
        if not isinstance(value, dict):
            raise Unsealable(f"a sealed value of {row!r} is not an object")
        return value

    def _data_key(self, wrapped: str, row: str) -> Any:
        return self._aead(self._open(self._node, wrapped, b"key\x1f" + row.encode()))

    @staticmethod
    def _seal(aead: Any, data: bytes, bound_to: bytes) -> str:
        nonce = os.urandom(NONCE_BYTES)
        return base64.b64encode(nonce + aead.encrypt(nonce, data, bound_to)).decode("ascii")

    def _open(self, aead: Any, sealed: str, bound_to: bytes) -> bytes:
        from cryptography.exceptions import InvalidTag
        try:
            raw = base64.b64decode(sealed.encode("ascii"), validate=True)
            return bytes(aead.decrypt(raw[:NONCE_BYTES], raw[NONCE_BYTES:], bound_to))
        except (InvalidTag, ValueError, TypeError, AttributeError):
            raise Unsealable(f"a stored value does not open with {self.where}") from None
