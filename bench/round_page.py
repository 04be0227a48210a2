"""The organiser's round page and the standings' dogpile at 16 to 3,200
players: CPU per request, queries and bytes (issue 31, items 1 and 3).

    createdb muraille_bench_round
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/muraille_bench_round \\
        REDIS_URL=redis://127.0.0.1:6379/11 \\
        .venv/bin/python bench/round_page.py [--sizes 16 400 1600 3200] \\
        [--code /path/to/another/checkout]

Builds, when the database has none, one event per size with the load
benchmark's generator (``bench/room_event.py``: round 1 played and
finished, round 2 seated by the Swiss job, nothing played), then measures
in this process through Django's test client, with the production
settings (DEBUG off, the Redis cache, the room's caches on):

- the organiser's round page of round 2: first view (empty cache: QR codes
  drawn), warm view (once the browser fetched the codes the first view
  showed as images), its table list's poll (rendered) and the same poll
  with its ETag (304); the print page, first and warm, likewise;
- the public standings page, first view after a change (empty cache): one
  request alone, then 8 at once from 8 threads (the dogpile: the CPU of
  the whole process for the 8, against the one).

CPU is this process's ``process_time`` (every thread; PostgreSQL's and
Redis's own CPU are not in it), the least of ``--repeat`` runs: other
processes on a shared machine only add to a request's CPU, never take away.
``--code`` runs the same measures on another checkout's code (the same
database): the before and after of a change, in one run on one machine.
Redis database ``REDIS_URL`` names is emptied between measures: give it
one of its own.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

# This folder's helpers, imported before the path names the measured code.
from bench_setup import at_once, fetch_images, least_cpu, start_production_django

HERE = Path(__file__).resolve().parent
parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--sizes", type=int, nargs="+", default=[16, 400, 1600, 3200])
parser.add_argument("--code", type=Path, default=HERE.parent)
parser.add_argument("--repeat", type=int, default=5)
ARGS = parser.parse_args()

# The code measured, and its own event generator (its checkout's bench/).
start_production_django(ARGS.code, with_its_bench=True)

import room_event  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from tournaments import extensions  # noqa: E402
from tournaments import views as _views  # noqa: E402, F401
from tournaments.limits import MAX_PLAYERS_AT_ONCE  # noqa: E402
from tournaments.models import Tournament  # noqa: E402
from tournaments.services import setup  # noqa: E402

CONCURRENT = 8


def slug_for(players: int) -> str:
    return f"bench-round-{players}"


def build(players: int) -> None:
    """The load benchmark's event under a slug of its own. The leagues'
    rating job after each closed table is left out (no part of these
    pages; in-process it makes the build quadratic), and the players are
    registered in lists the service accepts."""
    extensions._table_closed.clear()
    register = setup.register_players

    def in_chunks(*, tournament, players, actor):  # type: ignore[no-untyped-def]
        for start in range(0, len(players), MAX_PLAYERS_AT_ONCE):
            chunk = players[start : start + MAX_PLAYERS_AT_ONCE]
            register(tournament=tournament, players=chunk, actor=actor)

    setup.register_players = in_chunks  # type: ignore[assignment]
    room_event.SLUG = slug_for(players)
    room_event.build(players)
    setup.register_players = register  # type: ignore[assignment]


def measure(
    call: Callable[[], object], before: Callable[[], object] | None = None
) -> tuple[float, int]:
    """Least CPU ms of ``--repeat`` calls, and the queries of the last."""
    return least_cpu(call, ARGS.repeat, before)


def ms(figures: tuple[float, int]) -> str:
    return f"{figures[0]:.0f} ms, {figures[1]} q"


def row(players: int, organiser: object) -> str:
    """The figures of the event of ``players`` players, a Markdown row."""
    slug = slug_for(players)
    client = Client()
    client.force_login(organiser)
    page = f"/staff/{slug}/rounds/2/"
    poll = f"/staff/{slug}/rounds/2/tables/"
    printed = f"/staff/{slug}/rounds/2/print/"
    htmx = {"HX-Request": "true"}
    first = measure(lambda: client.get(page), before=cache.clear)
    fetch_images(client, page)
    warm = measure(lambda: client.get(page))
    size = len(client.get(page).content) / 1024
    polled = measure(lambda: client.get(poll, headers=htmx))
    etag = client.get(poll, headers=htmx).headers.get("ETag", "")
    unchanged = {**htmx, "If-None-Match": etag}
    not_modified = measure(lambda: client.get(poll, headers=unchanged))
    status = client.get(poll, headers=unchanged).status_code
    print_first = measure(lambda: client.get(printed), before=cache.clear)
    fetch_images(client, printed)
    print_warm = measure(lambda: client.get(printed))
    public = Client()
    standings = f"/t/{slug}/"
    alone = measure(lambda: public.get(standings), before=cache.clear)
    eight = min(at_once(standings, CONCURRENT) for _ in range(ARGS.repeat))
    answered = "" if status == 304 else f" (answered {status})"
    return (
        f"| {players:,} | {ms(first)} | {ms(warm)} | {size:,.0f} | {ms(polled)} | "
        f"{not_modified[0]:.1f} ms, {not_modified[1]} q{answered} | "
        f"{ms(print_first)} | {ms(print_warm)} | {ms(alone)} | {eight:.0f} ms | "
        f"{eight / alone[0]:.1f} |"
    )


def main() -> None:
    # A database just created (``createdb``) gets its tables first.
    call_command("migrate", verbosity=0, interactive=False)
    organiser, _ = get_user_model().objects.get_or_create(
        username="bench-organiser", defaults={"is_superuser": True, "is_staff": True}
    )
    views = Path(sys.modules["tournaments.views"].__file__ or "").parent.parent.parent
    print(f"code: {ARGS.code.resolve()} (its views from {views})")
    print(
        "| players | round page, first view | warm view | page KB | poll "
        "| poll 304 | print page, first | print, warm | standings, first view "
        "| 8 first views at once (total CPU) | 8 / 1 |"
    )
    print("|" + "---|" * 11)
    for players in ARGS.sizes:
        if not Tournament.objects.filter(slug=slug_for(players)).exists():
            build(players)
        print(row(players, organiser), flush=True)
    cache.clear()


if __name__ == "__main__":
    main()
