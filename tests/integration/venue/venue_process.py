"""The venue as a real server process for the tests: ``manage.py venue`` on a
free port of 127.0.0.1, its data in a temporary VENUE_DIR, killed (its
whole process group) whatever happens.

Traffic goes to 127.0.0.1 only; the binding to every interface is read off
the listening socket (``listening_addresses``).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import psutil
import requests

from tests.commands import ROOT

START_TIMEOUT_S = 240
"""The first start migrates and collects the static files (a minute on a
busy machine); later ones take seconds."""

LOGIN = re.compile(r"^Organiser login: (\S+) / (\S+)$", re.MULTILINE)
CSRF = re.compile(r'"X-CSRFToken": "([^"]+)"')
VERSION = re.compile(r'name="table_version" value="(\d+)"')
NUMBER = re.compile(r'name="hand_number" value="(\d+)"')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def venue_env(venue_dir: Path, **extra: str) -> dict[str, str]:
    """A clean environment (the test session's settings module is not the
    venue's) with the venue's data folder."""
    keep = ("PATH", "HOME", "LANG", "TMPDIR", "SYSTEMROOT")
    base = {k: os.environ[k] for k in keep if k in os.environ}
    return {
        **base,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "VENUE_DIR": str(venue_dir),
        "LOG_LEVEL": "WARNING",
        "SEATING_TIME_LIMIT_S": "1",
        "PYTHONUNBUFFERED": "1",
        **extra,
    }


@dataclass
class Venue:
    process: subprocess.Popen[str]
    port: int
    lines: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    def kill(self) -> None:
        """``kill -9`` of the server and every process it started."""
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def interrupt(self) -> int:
        """Ctrl-C, as in the organiser's terminal; the exit code."""
        os.killpg(self.process.pid, signal.SIGINT)
        return self.process.wait(timeout=60)


def _read(venue: Venue) -> None:
    assert venue.process.stdout is not None
    for line in venue.process.stdout:
        venue.lines.append(line.rstrip("\n"))


def _hear_ctrl_c() -> None:
    """A suite started in the background by a shell without job control
    ignores Ctrl-C, and so would the venue it starts (an ignored signal is
    inherited): the venue then never stops, as an organiser's does."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@contextlib.contextmanager
def venue_server(venue_dir: Path, **env: str) -> Iterator[Venue]:
    """The venue serving ``venue_dir`` until the block ends (then killed)."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "manage.py", "venue", "--port", str(port)],
        cwd=ROOT,
        env=venue_env(venue_dir, **env),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        preexec_fn=_hear_ctrl_c,
    )
    venue = Venue(process, port)
    threading.Thread(target=_read, args=(venue,), daemon=True).start()
    try:
        _wait_until_up(venue)
        yield venue
    finally:
        venue.kill()


def _wait_until_up(venue: Venue) -> None:
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        if venue.process.poll() is not None:
            raise RuntimeError(f"the venue stopped:\n{venue.output}")
        if any(line.startswith("Listening on") for line in venue.lines):
            with contextlib.suppress(requests.RequestException):
                if requests.get(venue.url + "/", timeout=5).status_code == 200:
                    return
        time.sleep(0.2)
    raise RuntimeError(f"the venue did not start:\n{venue.output}")


def listening_addresses(pid: int, port: int) -> set[str]:
    """The addresses the process listens on at ``port`` (its own sockets)."""
    return {
        conn.laddr.ip
        for conn in psutil.Process(pid).net_connections(kind="tcp")
        if conn.status == psutil.CONN_LISTEN and conn.laddr.port == port
    }


def build_event(venue_dir: Path, out: Path, players: int) -> dict:
    """bench/room_event.py's tournament, in the venue's database (its seating
    jobs run in the script's own jobs thread, as at the venue)."""
    done = subprocess.run(
        [sys.executable, "bench/room_event.py", str(out), "--players", str(players)],
        cwd=ROOT,
        env=venue_env(venue_dir, MURAILLE_VENUE="1"),
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode:
        raise RuntimeError(f"bench/room_event.py failed:\n{done.stderr}")
    return json.loads(out.read_text())


class Tablet:
    """A table's tablet: its page's CSRF token, version and hand number, and
    the hand form's post as tablet.js sends it (htmx, CSRF header, Origin)."""

    def __init__(self, base: str, table: dict) -> None:
        self.base = base
        self.url = f"{base}/table/{table['token']}/"
        self.players = table["players"]
        self.session = requests.Session()
        self.reload()

    def move(self, base: str) -> None:
        """The same tablet (its cookies, its open page) after the server came
        back on another port."""
        self.url = self.url.replace(self.base, base, 1)
        self.base = base

    def reload(self) -> None:
        page = self.session.get(self.url, timeout=30)
        page.raise_for_status()
        self.read(page.text)
        match = CSRF.search(page.text)
        assert match, "no CSRF token on the tablet page"
        self.csrf = match.group(1)

    def read(self, text: str) -> None:
        version, number = VERSION.search(text), NUMBER.search(text)
        if version:
            self.version = version.group(1)
        self.number = number.group(1) if number else ""

    def hand(self, key: str, n: int) -> dict[str, str]:
        winner, discarder = self.players[n % 4], self.players[(n + 1) % 4]
        return {
            "kind": "discard",
            "winner": str(winner),
            "discarder": str(discarder),
            "fan_total": "8",
            "flowers": "0",
            "idempotency_key": key,
            "table_version": self.version,
            "hand_number": self.number,
            "partial": "1",
        }

    def post(self, data: dict[str, str], timeout: float = 60) -> requests.Response:
        return self.session.post(
            f"{self.url}hands/",
            data=data,
            headers={
                "HX-Request": "true",
                "X-CSRFToken": self.csrf,
                "Origin": self.base,
                "Referer": self.url,
            },
            timeout=timeout,
        )
