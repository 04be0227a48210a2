"""A stand-in for the other Muraille: a tiny HTTP server on 127.0.0.1 whose
answer each test chooses, for the failures a real server seldom gives."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Answer:
    status: int = 201
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0
    """Wait this long before answering (a test's timeout is shorter)."""


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)


def json_answer(status: int, data: Any, **headers: str) -> Answer:
    return Answer(
        status,
        json.dumps(data).encode(),
        {"Content-Type": "application/json", **headers},
    )


class FakeRemote:
    def __init__(self) -> None:
        self.answer = Answer()
        self.received: list[Received] = []
        self.release = threading.Event()

    @property
    def url(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{host}:{port}/"


@contextmanager
def fake_remote() -> Iterator[FakeRemote]:
    remote = FakeRemote()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length)
            remote.received.append(Received(self.path, dict(self.headers), body))
            answer = remote.answer
            if answer.delay_s:
                remote.release.wait(answer.delay_s)
            self.send_response(answer.status)
            for name, value in answer.headers.items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(answer.body)))
            self.end_headers()
            self.wfile.write(answer.body)

        def log_message(self, *args: Any) -> None:
            """Quiet: the test reads ``received`` instead."""

    remote.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    remote.server.daemon_threads = True
    thread = threading.Thread(target=remote.server.serve_forever, daemon=True)
    thread.start()
    try:
        yield remote
    finally:
        remote.release.set()
        remote.server.shutdown()
        remote.server.server_close()
        thread.join(10)
