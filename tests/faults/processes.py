"""The real processes the fault tests start, hurt and always stop.

Everything listens on 127.0.0.1, on a free port, and lives in its own
process group (``start_new_session``): a kill reaches a gunicorn master's or
a Celery worker's children too, and the cleanup leaves nothing behind. The
machine's PostgreSQL and Redis are never stopped: the database is cut by a
proxy of the test's own, and Redis is a redis-server of the test's own.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, TypeVar

import pytest
import redis
import requests

from tests.integration.redis_server import free_port

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
T = TypeVar("T")


def wait_until(
    check: Callable[[], T | None], *, timeout_s: float, what: str, every_s: float = 0.1
) -> T:
    """``check()`` until it returns something other than None or False."""
    deadline = time.monotonic() + timeout_s
    while True:
        value = check()
        if value is not None and value is not False:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: not within {timeout_s:.0f} s")
        time.sleep(every_s)


class Group:
    """A command started in a process group of its own, its output in a file."""

    def __init__(self, args: list[str], env: dict[str, str], log: Path) -> None:
        self.log_path = log
        self._log: IO[bytes] = log.open("ab")
        self.process = subprocess.Popen(
            args,
            cwd=ROOT,
            env=env,
            stdout=self._log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    @property
    def pid(self) -> int:
        return self.process.pid

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL to the whole group: no cleanup, as the OOM killer or a
        pulled plug would do it."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.alive():
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(timeout=10)
        # Whatever is left of the group (a worker's children), then the log.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=10)
        self._log.close()


@contextlib.contextmanager
def started(group: Group) -> Iterator[Group]:
    try:
        yield group
    finally:
        group.stop()


# -- Redis -----------------------------------------------------------------


class RestartableRedis:
    """A redis-server of the test's own that comes back on the same port,
    empty (no persistence), as a Redis restarted without its data."""

    def __init__(self, workdir: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server is not installed (make services)")
        self.binary = binary
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.workdir = workdir
        self.group: Group | None = None

    def start(self) -> None:
        args = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1"]
        args += ["--save", "", "--appendonly", "no", "--dir", str(self.workdir)]
        self.group = Group(args, dict(os.environ), self.workdir / "redis.log")
        wait_until(self._answers, timeout_s=10, what="redis-server start")

    def kill(self) -> None:
        assert self.group is not None
        self.group.kill()

    def stop(self) -> None:
        if self.group is not None:
            self.group.stop()

    def _answers(self) -> bool:
        client = redis.Redis.from_url(self.url, socket_timeout=1)
        try:
            return bool(client.ping())
        except redis.exceptions.ConnectionError:
            return False
        finally:
            client.close()


# -- A TCP proxy that a test cuts --------------------------------------------


class CuttableProxy:
    """127.0.0.1:<free port> forwarded to ``target``; ``cut()`` closes the
    listening socket and every open connection (new ones are refused), as a
    database server gone away does; ``restore()`` listens again."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self._sockets: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._listener: socket.socket | None = None

    def restore(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def cut(self) -> None:
        if self._listener is not None:
            self._close(self._listener)
            self._listener = None
        with self._lock:
            for sock in list(self._sockets):
                self._close(sock)
            self._sockets.clear()

    @staticmethod
    def _close(sock: socket.socket) -> None:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)
        sock.close()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return  # cut
            try:
                upstream = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            upstream.settimeout(None)
            with self._lock:
                self._sockets.update((client, upstream))
            for source, sink in ((client, upstream), (upstream, client)):
                threading.Thread(
                    target=self._pipe, args=(source, sink), daemon=True
                ).start()

    def _pipe(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for sock in (source, sink):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)


# -- The served app and its worker -------------------------------------------


def served_env(
    *,
    database_url: str,
    secret_key: str,
    redis_url: str = "",
    static_root: Path,
    **extra: str,
) -> dict[str, str]:
    """Production settings (DEBUG off) over plain HTTP on the loopback."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("TEST_", "DJANGO_", "CELERY_", "PYTEST"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="tests.faults.served_settings",
        DEBUG="false",
        MURAILLE_VENUE="false",
        SECRET_KEY=secret_key,
        DATABASE_URL=database_url,
        REDIS_URL=redis_url,
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="false",
        SESSION_COOKIE_SECURE="false",
        CSRF_COOKIE_SECURE="false",
        STATIC_ROOT=str(static_root),
        LOG_LEVEL="WARNING",
        **extra,
    )
    return env


class Served:
    """gunicorn serving the app: its base URL and its workers' pids."""

    def __init__(self, group: Group, port: int) -> None:
        self.group = group
        self.url = f"http://127.0.0.1:{port}"

    def answers(self) -> bool:
        try:
            requests.get(self.url + "/", timeout=10)
        except requests.RequestException:
            assert self.group.alive(), self.group.log()
            return False
        return True


def gunicorn(
    env: dict[str, str], log: Path, *, app: str = "config.wsgi", workers: int = 2
) -> Served:
    port = free_port()
    args = [str(BIN / "gunicorn"), app, "-b", f"127.0.0.1:{port}"]
    args += ["-w", str(workers), "--timeout", "120", "--graceful-timeout", "3"]
    served = Served(Group(args, env, log), port)
    with _stopped_unless_up(served.group):
        wait_until(served.answers, timeout_s=60, what="gunicorn start", every_s=0.2)
    return served


def celery_worker(
    env: dict[str, str],
    log: Path,
    *,
    beat_schedule: Path | None = None,
    include: str | None = None,
) -> Group:
    """A solo worker (one process: the task runs in the process killed);
    with ``beat_schedule``, Celery beat runs inside it (``-B``) on the
    production schedule (the requeue sweep every 15 s); ``include`` imports
    a test-only hook module."""
    args = [sys.executable, "-m", "celery", "-A", "config", "worker"]
    args += ["--pool=solo", "--without-gossip", "--without-mingle", "-l", "INFO"]
    if beat_schedule is not None:
        args += ["-B", "-s", str(beat_schedule)]
    if include is not None:
        args += ["--include", include]
    worker = Group(args, env, log)
    with _stopped_unless_up(worker):
        wait_until(
            lambda: "ready." in worker.log() or _died(worker),
            timeout_s=60,
            what="Celery worker start",
            every_s=0.2,
        )
    return worker


@contextlib.contextmanager
def _stopped_unless_up(group: Group) -> Iterator[None]:
    """A process that fails to come up is stopped before the test fails."""
    try:
        yield
    except BaseException:
        group.stop()
        raise


def _died(group: Group) -> Any:
    if not group.alive():
        pytest.fail(f"the process stopped:\n{group.log()}")
    return False
