"""What the load generator adds: the room's phones without locust.

    .venv/bin/python bench/client_delay.py http://127.0.0.1:8765 room.json \\
        --phones 400 --seconds 30

Against a running server (as bench/room_load.sh starts it, or gunicorn on a
database where bench/room_event.py built the event): ``--phones`` phones
poll the standings partial every 10 s as room.js does (``HX-Request``,
``If-None-Match`` with the partial's ETag, a new connection each time), each
from a random phase, as gevent greenlets writing plain HTTP/1.1 on sockets.
Prints p50 and p95. The same phones from locust, to compare on the same
server within a minute (locust's ``Phone`` users alone):

    ROOM_EVENT=room.json .venv/bin/locust -f bench/locustfile.py --headless \\
        -u 400 -r 100 --run-time 30s --host http://127.0.0.1:8765 Phone

On this machine locust reports a median tens of milliseconds above this
client's for the same 304s, growing with its number of users
(docs/benchmarks.md, "What locust adds").
"""

from __future__ import annotations

from gevent import monkey

monkey.patch_all()

import argparse  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import socket  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from urllib.parse import urlsplit  # noqa: E402

import gevent  # noqa: E402
from room_pages import ETAG, unescape  # noqa: E402

PERIOD = 10.0


def fetch(host: str, port: int, path: str, etag: str = "") -> tuple[int, bytes]:
    """Status and body of one GET on a new connection."""
    lines = [f"GET {path} HTTP/1.1", f"Host: {host}:{port}", "HX-Request: true"]
    if etag:
        lines.append(f"If-None-Match: {etag}")
    request = "\r\n".join([*lines, "Connection: close", "", ""]).encode()
    with socket.create_connection((host, port), timeout=30) as sock:
        sock.sendall(request)
        chunks = []
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    answer = b"".join(chunks)
    return int(answer.split(b" ", 2)[1]), answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("host")
    parser.add_argument("event", type=Path)
    parser.add_argument("--phones", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=30)
    args = parser.parse_args()
    parts = urlsplit(args.host)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    path = f"/t/{json.loads(args.event.read_text())['slug']}/"
    _status, page = fetch(host, port, path)
    match = ETAG.search(page.decode("utf-8", "replace"))
    etag = unescape(match.group(1)) if match else ""
    times: list[float] = []
    statuses: dict[int, int] = {}
    end = time.monotonic() + args.seconds

    def phone() -> None:
        gevent.sleep(random.uniform(0, PERIOD))
        while time.monotonic() < end:
            started = time.perf_counter()
            status, _body = fetch(host, port, path, etag)
            elapsed = time.perf_counter() - started
            times.append(elapsed * 1000)
            statuses[status] = statuses.get(status, 0) + 1
            gevent.sleep(max(0.0, PERIOD - elapsed))

    gevent.joinall([gevent.spawn(phone) for _ in range(args.phones)])
    times.sort()
    print(
        f"plain gevent phones ({args.phones}): {len(times)} polls, "
        f"p50 {times[len(times) // 2]:.1f} ms, "
        f"p95 {times[int(len(times) * 0.95)]:.1f} ms, status {statuses}"
    )


if __name__ == "__main__":
    main()
