"""Sealing for the PostgreSQL backend: no text it stores is readable without the node key. Each
session's values are AES-256-GCM ciphertext under its own data key (bound to its row), stored wrapped
by the node key (a 0600 file on each node, never in the database). Erase and forget give the session
a new data key: old ciphertext in WAL or backups opens only with the old one.
"""
from __future__ import annotations

import base64
import hashlib
import hmac
import json
import os
from pathlib import Path
from typing import Any, Dict, Optional

from ovos_memory_plugin_entity.domain.errors import Unsealable
from ovos_memory_plugin_entity.io.stores import files

NONCE_BYTES = 12  # GCM's standard nonce; random per sealing


def node_key(path: Path) -> bytes:
    """The node key at ``path``; made when missing (see :func:`files.key_file`)."""
    return files.key_file(path, "node key", made="every node sharing the database needs a copy of it")


def _bound(row: str, revision: Optional[int]) -> bytes:
    """What a sealed value is bound to: its row, and its revision when it is a record."""
    return b"value\x1f" + row.encode() + (b"" if revision is None else f"\x1f{revision}".encode())


class Sealer:
    """Seals and opens one database's values with data keys wrapped by the node key."""

    def __init__(self, key: bytes, where: str = "the node key"):
        from cryptography.hazmat.primitives.ciphers.aead import AESGCM
        self._aead = AESGCM
        self._node = AESGCM(key)
        self._key = key
        self.where = where
        # Stored in the database by the first node: a node with another key is told so.
        self.fingerprint = hmac.new(key, b"ovos-entity-memory node key", hashlib.sha256).hexdigest()[:32]

    def derived(self, purpose: bytes) -> bytes:
        """A secret for another ``purpose``, derived from the node key (HMAC-SHA-256)."""
        return hmac.new(self._key, b"ovos-entity-memory " + purpose, hashlib.sha256).digest()

    def new_data_key(self, row: str) -> str:
        return self._seal(self._node, os.urandom(files.KEY_BYTES), b"key\x1f" + row.encode())

    def seal(self, wrapped: str, row: str, value: Dict[str, Any], revision: Optional[int] = None) -> str:
        """Bound to ``row`` and, for a record, ``revision`` (a copy put back does not open)."""
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
