"""The OpenAI-compatible HTTP client (llama.cpp, vLLM, Ollama): model detection, JSON output,
back-off (the embeddings endpoint's too). Raises :class:`errors.EndpointError`s; ``requests.Session``
is the test seam, an injected clock drives the back-off (nothing sleeps).
"""
from __future__ import annotations

import json
import random
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

import requests
from ovos_utils.log import LOG

from ovos_memory_plugin_entity.domain.contract import ops_schema
from ovos_memory_plugin_entity.domain.errors import (EndpointError, EndpointHTTPError, EndpointReplyError,
                                                     EndpointUnavailable)

# A misbehaving server cannot fill memory: bodies past this are refused.
MAX_RESPONSE_BYTES = 1_048_576
# Model detection is quick on every local server; it must not hold the worker long.
MODELS_TIMEOUT_S = 10.0
# Seconds to wait for a connection to the endpoint: a local server answers at once or is down.
CONNECT_TIMEOUT_S = 5.0
FIRST_DELAY_S = 2.0
MAX_DELAY_S = 300.0  # a model server restarting for minutes is still retried every 5 min
JITTER = 0.25  # +-25% so many devices do not retry in lockstep


class Backoff:
    """When to try an endpoint again: counts consecutive failures and says whether an attempt is due."""

    def __init__(self, clock: Callable[[], float]):
        self._clock = clock
        self._rng = random.Random()
        self.failures = 0
        self.retry_at = 0.0

    def ready(self) -> bool:
        return self._clock() >= self.retry_at

    def seconds_left(self) -> float:
        return max(0.0, self.retry_at - self._clock())

    def failed(self) -> bool:
        """Record a failure; True when this one took the endpoint from up to down."""
        self.failures += 1
        delay = min(MAX_DELAY_S, FIRST_DELAY_S * 2 ** (self.failures - 1))
        self.retry_at = self._clock() + delay * (1 + self._rng.uniform(-JITTER, JITTER))
        return self.failures == 1

    def succeeded(self) -> bool:
        """Record a success; True when the endpoint was down until now."""
        was_down = self.failures > 0
        self.failures, self.retry_at = 0, 0.0
        return was_down


@dataclass(frozen=True)
class Completion:
    text: str
    truncated: bool  # finish_reason == "length": the reply was cut off by max_tokens


class ChatClient:
    """One endpoint: ``models()`` and ``complete(prompt)``. Thread-safe."""

    def __init__(self, api_url: str, *, model: str = "", api_key: str = "",
                 connect_timeout: float = CONNECT_TIMEOUT_S, read_timeout: float = 30.0, max_tokens: int = 128,
                 session: Optional[requests.Session] = None, clock: Callable[[], float] = time.monotonic):
        self.api_url = api_url.rstrip("/")
        self.model = model
        self._configured_model = model
        self._timeout = (connect_timeout, read_timeout)
        self.max_tokens = max_tokens
        self._session = session or requests.Session()
        self._headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.backoff = Backoff(clock)
        self.json_output = True  # cleared when the server refuses response_format
        self.schema = ops_schema()  # the contract's own: it admits every field the parser reads
        self._lock = threading.Lock()

    def models(self) -> List[str]:
        body = request_json(self._session, "GET", f"{self.api_url}/models", body=None, headers=self._headers,
                            timeout=(self._timeout[0], min(self._timeout[1], MODELS_TIMEOUT_S)))
        entries = (body.get("data") or body.get("models") or []) if isinstance(body, dict) else []
        ids = [e.get("id") or e.get("name") for e in entries if isinstance(e, dict)]
        return [i for i in ids if isinstance(i, str) and i]

    def _resolve_model(self) -> str:
        with self._lock:
            if not self.model:
                found = self.models()
                if not found:
                    raise EndpointReplyError(f"{self.api_url}/models lists no model; set 'model'")
                self.model = found[0]
            return self.model

    def _post_chat(self, prompt: str, json_output: bool) -> Any:
        payload: Dict[str, Any] = {"model": self.model, "messages": [{"role": "user", "content": prompt}],
                                   "max_tokens": self.max_tokens, "temperature": 0}
        if json_output:
            payload["response_format"] = {"type": "json_schema", "json_schema": {
                "name": "memory_operations", "schema": self.schema, "strict": True}}
            # Reasoning models would spend every token inside <think>; servers that
            # do not know the flag ignore it (and a strict one triggers the plain retry).
            payload["chat_template_kwargs"] = {"enable_thinking": False}
        return request_json(self._session, "POST", f"{self.api_url}/chat/completions", body=payload,
                            headers=self._headers, timeout=self._timeout)

    @staticmethod
    def is_outage(exc: EndpointError) -> bool:
        """Down or overloaded, not refusing us."""
        return isinstance(exc, EndpointUnavailable) or (
            isinstance(exc, EndpointHTTPError) and exc.status >= 500)

    def complete(self, prompt: str) -> Completion:
        """Raises an :class:`EndpointError`; an outage starts a back-off in which calls fail at once."""
        if not self.backoff.ready():
            raise EndpointUnavailable(f"backing off for {self.backoff.seconds_left():.0f} s more")
        try:
            completion = self._complete(prompt)
        except EndpointError as exc:
            if self.is_outage(exc) and self.backoff.failed():
                hint = "raise request_timeout" if "in time" in str(exc) else "check api_url"
                LOG.warning(f"entity memory: the model endpoint {self.api_url} is down ({exc}); "
                            f"{hint}. Retrying with back-off.")
            raise
        if self.backoff.succeeded():
            LOG.info(f"entity memory: the model endpoint {self.api_url} answers again")
        return completion

    def _complete(self, prompt: str) -> Completion:
        self._resolve_model()
        try:
            body = self._post_chat(prompt, self.json_output)
        except EndpointHTTPError as exc:
            said = exc.body.lower()  # the detected model is gone (the server loaded another)
            if not self._configured_model and exc.status in (400, 404) and "model" in said \
                    and any(words in said for words in ("not found", "unknown", "does not exist")):
                with self._lock:
                    self.model = ""
                self._resolve_model()
                body = self._post_chat(prompt, self.json_output)
            elif self.json_output and exc.status in (400, 415, 422, 501):
                # The server refuses response_format (or chat_template_kwargs): plain from now on.
                body = self._post_chat(prompt, False)
                self.json_output = False
            else:
                raise
        return _completion(body)

    def close(self) -> None:
        self._session.close()


# What a failed connection comes down to, found in the wrappers requests words: the reason alone is shown.
_REASONS = ("Connection refused", "Connection reset by peer", "Name or service not known",
            "Temporary failure in name resolution", "No route to host", "Network is unreachable",
            "certificate verify failed", "Connection aborted")
MAX_REASON_CHARS = 80


def failure_reason(exc: BaseException) -> str:
    """In a few words."""
    text = str(exc)
    found = next((r for r in _REASONS if r.lower() in text.lower()), None)
    return found or (text if len(text) <= MAX_REASON_CHARS else text[:MAX_REASON_CHARS - 1] + "…")


def request_json(session: requests.Session, method: str, url: str, *, body: Optional[dict],
                 headers: Dict[str, str], timeout: Tuple[float, float]) -> Any:
    """The JSON reply (within :data:`MAX_RESPONSE_BYTES`), or an :class:`errors.EndpointError`."""
    chunks, size = [], 0
    try:
        for attempt in (1, 2):
            try:
                response = session.request(method, url, json=body, headers=headers, timeout=timeout, stream=True)
                break
            except requests.ConnectionError as exc:  # a connect timeout too: the server is not there
                # One retry on a reset connection (a keep-alive socket the server closed).
                if attempt == 2 or not any(word in repr(exc).lower() for word in ("reset", "remotedisconnected",
                                                                                   "aborted")):
                    raise EndpointUnavailable(f"cannot reach {url}: {failure_reason(exc)}") from None
        try:
            for chunk in response.iter_content(chunk_size=65536):
                size += len(chunk)
                if size > MAX_RESPONSE_BYTES:
                    raise EndpointReplyError(f"reply larger than {MAX_RESPONSE_BYTES} bytes")
                chunks.append(chunk)
        finally:
            response.close()
    except requests.Timeout:
        raise EndpointUnavailable(f"{url} did not answer in time (read timeout={timeout[1]:g} s)") from None
    except requests.RequestException as exc:
        raise EndpointUnavailable(f"request to {url} failed: {failure_reason(exc)}") from None
    text = b"".join(chunks).decode("utf-8", errors="replace")
    if response.status_code >= 400:
        raise EndpointHTTPError(response.status_code, text)
    try:
        return json.loads(text)
    except ValueError:
        raise EndpointReplyError(f"{url} answered with a body that is not JSON: {text[:120]!r}") from None


def _completion(body: Any) -> Completion:
    try:
        choice = body["choices"][0]
        content = choice["message"].get("content") or ""
    except (KeyError, IndexError, TypeError, AttributeError):
        raise EndpointReplyError(f"not an OpenAI chat completion: {str(body)[:120]!r}") from None
    if not isinstance(content, str):
        raise EndpointReplyError("the completion's content is not text")
    return Completion(text=content, truncated=choice.get("finish_reason") == "length")
