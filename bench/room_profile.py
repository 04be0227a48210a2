"""Where a request of the room spends its time, one request at a time.

    createdb muraille_profile
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/muraille_profile \\
        REDIS_URL=redis://127.0.0.1:6379/12 .venv/bin/python bench/room_profile.py

Builds the benchmark's event (bench/room_event.py) when the database has none,
then times in this process, through Django's test client (no network, no
concurrency): the standings page and poll with an empty cache (computed and
rendered), the poll once another phone rendered it (from the cache), the
poll with a matching ETag (304), the tablet page and a hand entry. Then
prints cProfile's top functions for a hand entry and for a standings miss.
Milliseconds are medians; the machine's load makes them wander.
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import statistics
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1")
os.environ["CELERY_TASK_ALWAYS_EAGER"] = "true"

from django.core.cache import cache
from django.test import Client
from room_event import SLUG, build, describe

from tournaments.models import Tournament

REPEAT = 7


def timed(call, repeat: int = REPEAT, before=None) -> float:
    times = []
    for _ in range(repeat):
        if before:
            before()
        started = time.perf_counter()
        call()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def profile(call, title: str, lines: int = 18) -> None:
    profiler = cProfile.Profile()
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
    table = event["tables"][0]
    client = Client()
    url = f"/t/{SLUG}/"
    poll = {"HX-Request": "true"}
    tablet = f"/table/{table['token']}/"

    def hand() -> None:
        winner, discarder = table["players"][:2]
        client.post(
            f"{tablet}hands/",
            {
                "kind": "discard",
                "winner": winner,
                "discarder": discarder,
                "fan_total": 8,
                "flowers": 0,
                "idempotency_key": uuid.uuid4().hex,
            },
            headers=poll,
        )

    etag = client.get(url, headers=poll).headers["ETag"]
    rows = {
        "standings page, empty cache": timed(
            lambda: client.get(url), before=cache.clear
        ),
        "standings poll, empty cache": timed(
            lambda: client.get(url, headers=poll), before=cache.clear
        ),
        "standings poll, rendered by another phone": timed(
            lambda: client.get(url, headers=poll)
        ),
        "standings poll, 304": timed(
            lambda: client.get(url, headers={**poll, "If-None-Match": etag})
        ),
        "tablet page": timed(lambda: client.get(tablet)),
        "hand entry (htmx, fresh sheet back)": timed(hand, repeat=5),
    }
    size = len(client.get(url, headers=poll).content)
    gz = len(client.get(url, headers={**poll, "Accept-Encoding": "gzip"}).content)
    print("| request | median ms |\n|---|---:|")
    for name, ms in rows.items():
        print(f"| {name} | {ms:.1f} |")
    print(f"\nstandings partial: {size:,} bytes, {gz:,} gzipped")
    profile(hand, "hand entry")
    cache.clear()
    profile(lambda: client.get(url, headers=poll), "standings poll, empty cache")


if __name__ == "__main__":
    main()
