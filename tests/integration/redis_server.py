"""A redis-server of the test's own, on a free port, that a test may kill or
freeze (SIGSTOP: it keeps accepting connections and never answers, as a
Redis swapping or stuck behind a full disk does). The machine's Redis is
never touched."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
import redis


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class OwnRedis:
    """One redis-server process: its URL, and the faults a test inflicts."""

    def __init__(self, process: subprocess.Popen, port: int) -> None:
        self.process = process
        self.port = port
        self.url = f"redis://127.0.0.1:{port}/0"
        self.frozen = False

    def kill(self) -> None:
        self.resume()
        self.process.kill()
        self.process.wait(timeout=10)

    def freeze(self) -> None:
        os.kill(self.process.pid, signal.SIGSTOP)
        self.frozen = True

    def resume(self) -> None:
        if self.frozen and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGCONT)
        self.frozen = False


@contextmanager
def own_redis_server() -> Iterator[OwnRedis]:
    """Start redis-server on a free port (no persistence); always kill it."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    port = free_port()
    options = ["--port", str(port), "--bind", "127.0.0.1"]
    process = subprocess.Popen(
        [binary, *options, "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    server = OwnRedis(process, port)
    try:
        _wait_until_up(server)
        yield server
    finally:
        server.resume()
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)


def _wait_until_up(server: OwnRedis) -> None:
    client = redis.Redis.from_url(server.url, socket_timeout=1)
    deadline = time.monotonic() + 10
    while True:
        try:
            client.ping()
            return
        except redis.exceptions.ConnectionError:
            if time.monotonic() > deadline or server.process.poll() is not None:
                raise
            time.sleep(0.05)
        finally:
            client.close()
