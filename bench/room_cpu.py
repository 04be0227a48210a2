"""CPU time per request of the room, measured in a real gunicorn worker.

    # a database holding the event (bench/room_event.py OUT.json), then:
    gunicorn config.wsgi -w 1 -b 127.0.0.1:8766 &   # production settings
    .venv/bin/python bench/room_cpu.py OUT.json --master $! --db DBNAME

Sends requests one at a time (no concurrency) to the single worker of the
gunicorn whose master is ``--master`` and reads, from /proc, the CPU time the
worker and the PostgreSQL backends of database ``--db`` spent on them:
the server's whole cost per request (WSGI, middleware, the view, the
queries on both sides), which in-process profiling (bench/room_profile.py)
does not see all of. CPU time is far steadier than latency on a shared
machine. Linux only; the hand entries go to a different table each time.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from room_pages import CSRF, NUMBER, VERSION

TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


def backends_cpu(database: str) -> float:
    """The CPU time of the PostgreSQL backends connected to ``database``."""
    total = 0.0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if database in Path(f"/proc/{entry}/cmdline").read_text():
                total += cpu_seconds(int(entry))
        except OSError:
            continue
    return total


class Server:
    def __init__(self, port: int) -> None:
        self.port = port

    def send(
        self, method: str, path: str, body: str = "", **headers: str
    ) -> tuple[http.client.HTTPResponse, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port)
        connection.request(method, path, body=body or None, headers=headers)
        response = connection.getresponse()
        return response, response.read()


def measure(label: str, call: Callable[[], Any], count: int, worker: int, db: str):
    call()
    worker_before, db_before = cpu_seconds(worker), backends_cpu(db)
    for _ in range(count):
        call()
    worker_ms = (cpu_seconds(worker) - worker_before) * 1000 / count
    db_ms = (backends_cpu(db) - db_before) * 1000 / count
    print(f"| {label} | {worker_ms:.1f} | {db_ms:.1f} | {worker_ms + db_ms:.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("event", type=Path)
    parser.add_argument("--master", type=int, required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--port", type=int, default=8766)
    parser.add_argument("--hands", type=int, default=100)
    args = parser.parse_args()
    workers = os.popen(f"pgrep -P {args.master}").read().split()
    if len(workers) != 1:
        raise SystemExit(f"want one gunicorn worker, found {workers}")
    worker = int(workers[0])
    event = json.loads(args.event.read_text())
    server = Server(args.port)
    standings = f"/t/{event['slug']}/"
    poll = {"HX-Request": "true", "Accept-Encoding": "gzip"}
    etag = server.send("GET", standings, **poll)[0].getheader("ETag") or ""

    tablets: dict[str, tuple[str, str]] = {}
    # What each tablet's sheet shows: the table version and next hand number.
    sheets: dict[str, str] = {}
    for table in event["tables"]:
        response, body = server.send("GET", f"/table/{table['token']}/")
        match = CSRF.search(body.decode())
        cookie = (response.getheader("Set-Cookie") or "").split(";")[0]
        tablets[table["token"]] = (match.group(1) if match else "", cookie)
        sheets[table["token"]] = body.decode()
    tables = iter(event["tables"] * (2 * args.hands // len(event["tables"]) + 2))

    def hand(partial: bool) -> None:
        """A hand as the tablet posts it: with the sheet's table version,
        hand number and ``partial`` (changes only back), or without them
        (the whole sheet back, as a queued hand sent again gets)."""
        table = next(tables)
        token, cookie = tablets[table["token"]]
        winner, discarder = table["players"][:2]
        url = f"/table/{table['token']}/"
        body = (
            f"kind=discard&winner={winner}&discarder={discarder}&fan_total=8"
            f"&flowers=0&idempotency_key={uuid.uuid4().hex}"
        )
        version = VERSION.search(sheets[table["token"]])
        number = NUMBER.search(sheets[table["token"]])
        if partial and version and number:
            body += (
                f"&table_version={version.group(1)}"
                f"&hand_number={number.group(1)}&partial=1"
            )
        response, answer = server.send(
            "POST",
            f"{url}hands/",
            body,
            **{
                "Content-Type": "application/x-www-form-urlencoded",
                "HX-Request": "true",
                "X-CSRFToken": token,
                "Cookie": cookie,
                "Referer": f"http://127.0.0.1:{args.port}{url}",
            },
        )
        if response.status != 200 or b"errorlist" in answer:
            raise SystemExit(f"hand refused at {url}: {response.status}")
        if partial and response.getheader("HX-Retarget") is None:
            raise SystemExit(f"whole sheet back at {url}: hand 1 or 16?")
        sheets[table["token"]] = answer.decode()

    print(f"{time.strftime('%H:%M:%S')} {os.getloadavg()}")
    print("| request | worker CPU ms | PostgreSQL CPU ms | total |")
    print("|---|---:|---:|---:|")
    db = args.db
    measure(
        "standings poll, 304",
        lambda: server.send("GET", standings, **{**poll, "If-None-Match": etag}),
        300,
        worker,
        db,
    )
    measure(
        "standings poll, rendered by another phone",
        lambda: server.send("GET", standings, **poll),
        100,
        worker,
        db,
    )
    first = event["tables"][0]["token"]
    measure(
        "tablet page",
        lambda: server.send("GET", f"/table/{first}/"),
        50,
        worker,
        db,
    )
    for _ in event["tables"]:
        hand(False)  # every table's first hand: the answer is the whole sheet
    measure(
        "hand entry (htmx, whole sheet back)",
        lambda: hand(False),
        args.hands,
        worker,
        db,
    )
    measure(
        "hand entry (htmx, changes only back)",
        lambda: hand(True),
        args.hands,
        worker,
        db,
    )


if __name__ == "__main__":
    main()
