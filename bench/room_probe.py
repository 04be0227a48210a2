"""Two more clients beside locust: one phone and one tablet, timed alone.

    .venv/bin/python bench/room_probe.py http://127.0.0.1:8765 room.json \\
        --after 25 --seconds 60

Started by bench/room_load.sh with the load. After ``--after`` seconds (the
ramp), for ``--seconds`` seconds: a phone asks the standings partial twice a
second as room.js does (``HX-Request``, ``If-None-Match`` with the ETag the
partial carries), and a tablet enters a hand every 5 s at the event's last
table (which locust's tablets leave alone) as the tablet page does (the
table version and hand number its sheet shows, ``partial``). One request at
a time each, over a new connection, with plain blocking sockets
(http.client, in two threads), no gevent: figures that do not depend on the
load generator's own scheduling, which adds tens of milliseconds to
locust's (docs/benchmarks.md). Prints p50, p95 and maximum of each.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import re
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from room_pages import CSRF, ETAG, NUMBER, VERSION, unescape

COOKIE = re.compile(r"csrftoken=([^;]+)")


class Client:
    def __init__(self, host: str) -> None:
        parts = urlsplit(host)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.cookie = ""

    def send(
        self, method: str, path: str, headers: dict[str, str], body: str = ""
    ) -> tuple[int, str, float]:
        """Status, body and milliseconds of one request on a new connection."""
        started = time.perf_counter()
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        if self.cookie:
            headers = {**headers, "Cookie": f"csrftoken={self.cookie}"}
        connection.request(method, path, body=body or None, headers=headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        cookie = COOKIE.search(response.getheader("Set-Cookie") or "")
        if cookie:
            self.cookie = cookie.group(1)
        connection.close()
        return response.status, text, (time.perf_counter() - started) * 1000


def phone(client: Client, path: str) -> Callable[[], tuple[int, float]]:
    etag = ""

    def poll() -> tuple[int, float]:
        nonlocal etag
        headers = {"HX-Request": "true"}
        if etag:
            headers["If-None-Match"] = etag
        status, text, elapsed = client.send("GET", path, headers)
        match = ETAG.search(text)
        if match:
            etag = unescape(match.group(1))
        return status, elapsed

    poll()
    return poll


def tablet(client: Client, host: str, table: dict) -> Callable[[], tuple[int, float]]:
    path = f"/table/{table['token']}/"
    _status, page, _ms = client.send("GET", path, {})
    csrf = CSRF.search(page)
    state = {
        "csrf": csrf.group(1) if csrf else "",
        "version": VERSION.findall(page)[0],
        "number": NUMBER.findall(page)[0],
    }
    rng = random.Random(table["token"])

    def enter() -> tuple[int, float]:
        if not state["number"]:
            return 0, 0.0  # the session is over
        winner, discarder = rng.sample(table["players"], 2)
        body = urlencode(
            {
                "kind": "discard",
                "winner": winner,
                "discarder": discarder,
                "fan_total": rng.choice([8, 8, 9, 10, 12, 16, 24]),
                "flowers": 0,
                "idempotency_key": uuid.uuid4().hex,
                "table_version": state["version"],
                "hand_number": state["number"],
                "partial": "1",
            }
        )
        headers = {
            "HX-Request": "true",
            "X-CSRFToken": state["csrf"],
            "Referer": f"{host}{path}",
            "Content-Type": "application/x-www-form-urlencoded",
        }
        status, text, elapsed = client.send("POST", f"{path}hands/", headers, body)
        versions, numbers = VERSION.findall(text), NUMBER.findall(text)
        if versions:
            state["version"] = versions[0]
        state["number"] = numbers[0] if numbers else ""
        return status, elapsed

    return enter


def every(
    period: float, seconds: float, call: Callable[[], tuple[int, float]], out: list
) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        started = time.monotonic()
        status, elapsed = call()
        if status:
            out.append((status, elapsed))
        time.sleep(max(0.0, period - (time.monotonic() - started)))


def report(name: str, results: list[tuple[int, float]]) -> None:
    if not results:
        print(f"probe {name}: no request")
        return
    times = sorted(elapsed for _status, elapsed in results)
    statuses = Counter(status for status, _elapsed in results)
    print(
        f"probe {name}: {len(times)} requests, p50 {times[len(times) // 2]:.0f} ms,"
        f" p95 {times[int(len(times) * 0.95)]:.0f} ms, max {times[-1]:.0f} ms,"
        f" status {dict(sorted(statuses.items()))}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("host", help="http://127.0.0.1:PORT")
    parser.add_argument("event", type=Path, help="bench/room_event.py's JSON")
    parser.add_argument("--after", type=float, default=0.0)
    parser.add_argument("--seconds", type=float, default=60.0)
    args = parser.parse_args()
    event = json.loads(args.event.read_text())
    poll = phone(Client(args.host), f"/t/{event['slug']}/")
    enter = tablet(Client(args.host), args.host, event["tables"][-1])
    time.sleep(args.after)
    polls: list[tuple[int, float]] = []
    hands: list[tuple[int, float]] = []
    threads = [
        threading.Thread(target=every, args=(0.5, args.seconds, poll, polls)),
        threading.Thread(target=every, args=(5.0, args.seconds, enter, hands)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    report("(one phone beside locust) standings poll", polls)
    report("(one tablet beside locust) hand entry", hands)


if __name__ == "__main__":
    main()
