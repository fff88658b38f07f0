"""A real HTTP server on 127.0.0.1 that speaks the OpenAI chat protocol, scripted by tests.

Like llama.cpp with a ``response_format`` schema, it never produces JSON the schema does
not admit: a scripted reply is cut down to what the schema allows."""
from __future__ import annotations

import json
import socket
import threading
from collections import deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable, Deque, Dict, List, Optional, Tuple, Union

from tests.schema import conform

# A scripted answer: reply text, or (HTTP status, raw body), or a function of the request.
Answer = Union[str, Tuple[int, Union[str, bytes]], Callable[[Dict[str, Any]], Any]]


def constrained(answer: str, response_format: Any) -> str:
    """The reply as a server that enforces ``response_format`` would give it: JSON the
    schema does not admit is cut down to what it admits (llama.cpp's reading)."""
    schema = (response_format or {}).get("json_schema", {}).get("schema") if isinstance(response_format, dict) else None
    if not schema:
        return answer
    try:
        value = json.loads(answer)
    except ValueError:
        return answer  # scripted prose: the parser's own tests
    if not isinstance(value, dict):
        return answer  # a bare array: a server without a grammar (small-model tests)
    return json.dumps(conform(schema, value))


class JsonHandler(BaseHTTPRequestHandler):
    """A JSON-over-HTTP/1.1 request handler for the fake servers: quiet, no Nagle delay."""

    protocol_version = "HTTP/1.1"
    # Headers and body are separate writes: without this, Nagle's algorithm and the
    # client's delayed ACK add 40 ms to every answer, which no real server does.
    disable_nagle_algorithm = True

    def log_message(self, *_args: Any) -> None:
        return

    def read_json(self) -> Dict[str, Any]:
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
        return body if isinstance(body, dict) else {"_body": body}

    def _send(self, status: int, body: Union[str, bytes, dict]) -> None:
        raw = body if isinstance(body, bytes) else (
            body.encode() if isinstance(body, str) else json.dumps(body).encode())
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the client stopped waiting (a turn's bounded wait): nothing to answer


class FakeModel:
    """Answers ``/v1/models`` and ``/v1/chat/completions`` from a script."""

    def __init__(self, port: int = 0, model: str = "test-model"):
        self.models: List[str] = [model]
        self.script: Deque[Answer] = deque()
        self.default: Answer = "{}"
        self.finish_reason = "stop"
        self.refuse_json_output = False
        self.models_status = 200  # another: GET /models is refused with it (a wrong key: 401)
        self.requests: List[Dict[str, Any]] = []
        self.model_requests = 0
        self.release = threading.Event()  # set: answer at once; clear: hold answers
        self.release.set()
        self.arrived = threading.Semaphore(0)  # one release per chat request received
        self._lock = threading.Lock()
        fake = self

        class Handler(JsonHandler):
            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/models"):
                    fake.model_requests += 1
                    if fake.models_status != 200:
                        self._send(fake.models_status, {"error": {"message": "invalid api key"}})
                        return
                    self._send(200, {"object": "list", "data": [{"id": m} for m in fake.models]})
                else:
                    self._send(404, {"error": "not found"})

            def do_POST(self) -> None:
                body = self.read_json()
                body["_headers"] = dict(self.headers)
                with fake._lock:
                    fake.requests.append(body)
                fake.arrived.release()
                fake.release.wait(30)
                if fake.refuse_json_output and "response_format" in body:
                    self._send(400, {"error": {"message": "response_format is not supported"}})
                    return
                with fake._lock:
                    answer = fake.script.popleft() if fake.script else fake.default
                if callable(answer):
                    answer = answer(body)
                if isinstance(answer, tuple):
                    self._send(*answer)
                    return
                self._send(200, fake.completion(constrained(answer, body.get("response_format"))))

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/v1"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def completion(self, text: str) -> Dict[str, Any]:
        return {"id": "c1", "object": "chat.completion", "model": self.models[0],
                "choices": [{"index": 0, "finish_reason": self.finish_reason,
                             "message": {"role": "assistant", "content": text}}]}

    def reply(self, *answers: Answer) -> "FakeModel":
        self.script.extend(answers)
        return self

    def prompts(self) -> List[str]:
        return [r["messages"][-1]["content"] for r in self.requests if "messages" in r]

    def chat_requests(self) -> List[Dict[str, Any]]:
        return list(self.requests)

    def start(self) -> "FakeModel":
        self._thread.start()
        return self

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


class SilentServer:
    """Accepts connections (the kernel's backlog does) and never answers a byte."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(128)
        self.port = self.sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}/v1"

    def stop(self) -> None:
        self.sock.close()


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def make_fake(port: Optional[int] = None) -> FakeModel:
    return FakeModel(port or 0).start()
