"""Where a request of the room spends its time, one request at a time.

    createdb muraille_profile
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/muraille_profile \\
        REDIS_URL=redis://127.0.0.1:6379/12 .venv/bin/python bench/room_profile.py

(``manage.py collectstatic`` first: the pages name the hashed static files.)

Builds the benchmark's event (bench/room_event.py) when the database has none,
then runs in this process, through Django's test client (no network, no
concurrency): the standings page and poll with an empty cache (computed and
rendered), the poll once another phone rendered it (from the cache), the
poll with a matching ETag (304), the tablet page and a hand entry, with
the whole sheet back and, as the tablets post it, with its changes only. Then
prints cProfile's top functions for a hand entry and for a standings miss.

For each request: the least CPU time of this process (``process_time``: the
Python side, which is what a gunicorn worker spends; PostgreSQL's and Redis's
own CPU are not in it), the median wall time (which is), and the number of
SQL queries. CPU time and query counts hardly move with the machine's load;
wall time does. Hand entries go to a different table each time (a table
holds 16 hands), each table's second hand onwards, as in the room.
"""

from __future__ import annotations

import cProfile
import io
import itertools
import os
import pstats
import statistics
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1")
os.environ["CELERY_TASK_ALWAYS_EAGER"] = "true"
# The production settings, as bench/room_load.sh runs them (DEBUG off: no
# query log, the room's caches on), over plain HTTP. Needs collectstatic.
os.environ.setdefault("DEBUG", "false")
os.environ.setdefault("SECRET_KEY", "room-profile-" + uuid.uuid4().hex)
os.environ.setdefault("SECURE_SSL_REDIRECT", "false")
os.environ.setdefault("SESSION_COOKIE_SECURE", "false")
os.environ.setdefault("CSRF_COOKIE_SECURE", "false")

from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from room_event import SLUG, build, describe
from room_pages import NUMBER, VERSION

from tournaments.models import Hand, Tournament

REPEAT = 15


def measure(
    call: Callable[[], object],
    repeat: int = REPEAT,
    before: Callable[[], object] | None = None,
) -> tuple[float, float, int]:
    """Least CPU ms, median wall ms and the queries of the last call.

    The least CPU time is the request's own cost; other processes on the
    same cores only add to it (cache misses, frequency), never take away.
    """
    cpu, wall, queries = [], [], 0
    for _ in range(repeat):
        if before:
            before()
        with CaptureQueriesContext(connection) as captured:
            started, started_cpu = time.perf_counter(), time.process_time()
            call()
            cpu.append((time.process_time() - started_cpu) * 1000)
            wall.append((time.perf_counter() - started) * 1000)
        queries = len(captured)
    return min(cpu), statistics.median(wall), queries


def profile(call: Callable[[], object], title: str, lines: int = 18) -> None:
    profiler = cProfile.Profile(time.process_time)
    profiler.enable()
    call()
    profiler.disable()
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(lines)
    print(f"\n### {title}\n```")
    print("\n".join(out.getvalue().splitlines()[: lines + 12]))
    print("```")


def main() -> None:
    tournament = Tournament.objects.filter(slug=SLUG).first()
    event = (
        describe(tournament, tournament.rounds.get(number=2))
        if tournament
        else build(400)
    )
    # Each table's hands, fewest first: a table takes 16 hands at most.
    played = {
        table["token"]: Hand.objects.filter(table__token=table["token"]).count()
        for table in event["tables"]
    }
    tables = itertools.cycle(
        sorted(event["tables"], key=lambda table: played[table["token"]])
    )
    client = Client()
    url = f"/t/{SLUG}/"
    poll = {"HX-Request": "true"}
    tablet = f"/table/{event['tables'][0]['token']}/"

    def post_hand(table: dict, **sheet: str) -> str:
        """A hand at ``table`` through the tablet's form (htmx); ``sheet``:
        what the sheet's form carries besides the result. The answer."""
        winner, discarder = table["players"][:2]
        response = client.post(
            f"/table/{table['token']}/hands/",
            {
                "kind": "discard",
                "winner": winner,
                "discarder": discarder,
                "fan_total": 8,
                "flowers": 0,
                "idempotency_key": uuid.uuid4().hex,
                **sheet,
            },
            headers=poll,
        )
        body = response.content.decode()
        if "errorlist" in body or response.status_code != 200:
            raise SystemExit(f"hand refused at {table['token']}: reset the database")
        return body

    def hand() -> None:
        post_hand(next(tables))

    for _ in range(len(event["tables"])):
        hand()  # every table has a hand: the round is under way

    # As the tablet posts from a current sheet (bench/locustfile.py): the
    # table version and hand number the sheet shows, and ``partial``, so
    # the answer is the hand's changes only.
    shown: dict[str, tuple[str, str]] = {}

    def read_sheets() -> Callable[[], None]:
        """Each table's version and next hand number as its sheet shows
        them now; then the entries go round the tables still playing."""
        for table in event["tables"]:
            body = client.get(f"/table/{table['token']}/").content.decode()
            if NUMBER.search(body):
                shown[table["token"]] = (
                    VERSION.findall(body)[0],
                    NUMBER.findall(body)[0],
                )
        playing = itertools.cycle([t for t in event["tables"] if t["token"] in shown])
        return lambda: changes_only(next(playing))

    def changes_only(table: dict) -> None:
        version, number = shown.pop(table["token"])
        body = post_hand(table, table_version=version, hand_number=number, partial="1")
        numbers = NUMBER.findall(body)
        if numbers:  # the session goes on: the answer's form says where
            shown[table["token"]] = (VERSION.findall(body)[0], numbers[0])

    etag = client.get(url, headers=poll).headers["ETag"]
    rows = {
        "standings page, empty cache": measure(
            lambda: client.get(url), before=cache.clear
        ),
        "standings poll, empty cache": measure(
            lambda: client.get(url, headers=poll), before=cache.clear
        ),
        "standings poll, rendered by another phone": measure(
            lambda: client.get(url, headers=poll)
        ),
        "standings page, table rendered by another phone": measure(
            lambda: client.get(url)
        ),
        "standings poll, 304": measure(
            lambda: client.get(url, headers={**poll, "If-None-Match": etag})
        ),
        "tablet page": measure(lambda: client.get(tablet)),
        "hand entry (htmx, fresh sheet back)": measure(hand),
        "hand entry (htmx, changes only back)": measure(read_sheets()),
    }
    size = len(client.get(url, headers=poll).content)
    gz = len(client.get(url, headers={**poll, "Accept-Encoding": "gzip"}).content)
    print("| request | CPU ms | wall ms | queries |\n|---|---:|---:|---:|")
    for name, (cpu, wall, queries) in rows.items():
        print(f"| {name} | {cpu:.1f} | {wall:.1f} | {queries} |")
    print(f"\nstandings partial: {size:,} bytes, {gz:,} gzipped")
    profile(hand, "hand entry")
    cache.clear()
    profile(lambda: client.get(url, headers=poll), "standings poll, empty cache")


if __name__ == "__main__":
    main()
