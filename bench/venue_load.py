"""The venue's load benchmark: 30 tablets recording hands and 100 phones
polling the standings against ``manage.py venue`` (waitress, SQLite in WAL
with IMMEDIATE transactions, one process), on 127.0.0.1 only.

    .venv/bin/python bench/venue_load.py                 # 30 tablets, 100 phones, 60 s
    .venv/bin/python bench/venue_load.py --run-time 30s --tablets 30 --phones 100

It builds bench/room_event.py's tournament in a fresh venue folder (one
table per tablet), starts the venue on a free port of 127.0.0.1, runs
bench/locustfile.py's ``Tablet`` and ``Phone`` (a hand every 5 s per tablet,
a standings poll every 10 s per phone) headless with exactly that many of
each, then prints p95 per kind of request, the status codes that were not
200/304, and how many hands the database holds. The venue is killed (its
process group) and its folder removed at the end. The target (issue 26):
p95 < 300 ms on 2 cores. docs/benchmarks.md has figures.

Run by locust itself (``VENUE_LOCUST=1``), this file only defines the two
users with fixed counts.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENUE = [sys.executable, "manage.py", "venue"]

if os.environ.get("VENUE_LOCUST") == "1":
    import locustfile as room  # bench/, on locust's path

    class VenueTablet(room.Tablet):
        fixed_count = int(os.environ["VENUE_TABLETS"])

    class VenuePhone(room.Phone):
        fixed_count = int(os.environ["VENUE_PHONES"])


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def venue_env(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    return {
        **env,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "MURAILLE_VENUE": "1",
        "VENUE_DIR": str(folder),
        "LOG_LEVEL": "WARNING",
        "SEATING_TIME_LIMIT_S": "2",
    }


def build_event(folder: Path, out: Path, tables: int) -> dict:
    python = sys.executable
    env = venue_env(folder)
    migrate = [python, "manage.py", "migrate", "-v0"]
    subprocess.run(migrate, cwd=ROOT, env=env, check=True)
    subprocess.run(
        [python, "bench/room_event.py", str(out), "--players", str(tables * 4)],
        cwd=ROOT,
        env=env,
        check=True,
    )
    return json.loads(out.read_text())


def wait_until_up(url: str, process: subprocess.Popen, timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("the venue stopped before serving: see venue.log")
        with (
            contextlib.suppress(OSError),
            urllib.request.urlopen(url, timeout=5) as answer,
        ):
            if answer.status == 200:
                return
        time.sleep(0.5)
    raise SystemExit("the venue did not start: see venue.log")


def run_locust(args: argparse.Namespace, url: str, event: Path, work: Path) -> None:
    env = {
        **os.environ,
        "VENUE_LOCUST": "1",
        "VENUE_TABLETS": str(args.tablets),
        "VENUE_PHONES": str(args.phones),
        "ROOM_EVENT": str(event),
    }
    users = args.tablets + args.phones
    subprocess.run(
        [
            str(Path(sys.executable).with_name("locust")),
            "-f",
            __file__,
            "--headless",
            "-u",
            str(users),
            "-r",
            str(args.spawn_rate),
            "--run-time",
            args.run_time,
            "--stop-timeout",
            "10",
            "--reset-stats",
            "--host",
            url,
            "--csv",
            str(work / "locust"),
            "--only-summary",
        ],
        cwd=ROOT / "bench",
        env=env,
        stdout=(work / "locust.log").open("w"),
        stderr=subprocess.STDOUT,
        check=False,
    )


def report(work: Path, folder: Path) -> None:
    with (work / "locust_stats.csv").open() as stats:
        rows = {row["Name"]: row for row in csv.DictReader(stats)}
    for name in ("hand entry", "tablet poll", "standings poll", "Aggregated"):
        row = rows.get(name)
        if row:
            print(
                f"{name}: {row['Request Count']} requests, {row['Failure Count']} "
                f"failures, p50 {row['50%']} ms, p95 {row['95%']} ms, "
                f"p99 {row['99%']} ms, {float(row['Requests/s']):.1f} req/s"
            )
    with (work / "locust_failures.csv").open() as failures:
        for row in csv.DictReader(failures):
            print(f"failure: {row['Name']}: {row['Error']} x {row['Occurrences']}")
    with contextlib.closing(sqlite3.connect(folder / "db.sqlite3")) as db:
        (hands,) = db.execute(
            "SELECT count(*) FROM tournaments_hand h "
            "JOIN tournaments_table t ON t.id = h.table_id "
            "JOIN tournaments_round r ON r.id = t.round_id WHERE r.number = 2"
        ).fetchone()
    print(f"{hands} hands stored in round 2")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tablets", type=int, default=30)
    parser.add_argument("--phones", type=int, default=100)
    parser.add_argument("--run-time", default="60s")
    parser.add_argument("--spawn-rate", type=int, default=20)
    parser.add_argument("--threads", type=int, help="the venue's (default 8)")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="muraille-venue-bench."))
    folder = work / "venue"
    event = build_event(folder, work / "room.json", args.tablets)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with (work / "venue.log").open("w") as log:
        venue = subprocess.Popen(
            [*VENUE, "--host", "127.0.0.1", "--port", str(port)]
            + ([f"--threads={args.threads}"] if args.threads else []),
            cwd=ROOT,
            env=venue_env(folder),
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        wait_until_up(f"{url}/t/{event['slug']}/", venue, timeout_s=600)
        print(
            f"load: {args.tablets} tablets, {args.phones} phones, {args.run_time}, "
            f"venue on {url}, {args.threads or 'default'} threads; "
            f"nproc {os.cpu_count()}; load average {os.getloadavg()[0]:.2f}"
        )
        run_locust(args, url, work / "room.json", work)
        print((work / "locust.log").read_text()[-3000:])
        report(work, folder)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(venue.pid, signal.SIGKILL)
        venue.wait()
        if args.keep:
            print(f"work folder: {work}")
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
