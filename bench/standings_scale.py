"""The standings, the player page and the public round page at 16 to 3,200
players: CPU per request and queries (issue 31, item 2).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/muraille_bench_round \\
        REDIS_URL=redis://127.0.0.1:6379/12 \\
        .venv/bin/python bench/standings_scale.py [--sizes 16 400 1600 3200] \\
        [--code /path/to/another/checkout] [--repeat 5]

Reads the events ``bench/round_page.py`` builds (slugs ``bench-round-<n>``:
round 1 played and finished, round 2 seated, nothing played); writes
nothing to the database. Measures in this process through Django's test
client with the production settings (DEBUG off, the Redis cache, the
room's caches on), as an anonymous visitor:

- the public standings page: first view after a change (the cache
  emptied: the ranking computed, the page rendered), then warm;
- the standings API: a page of 100 rows (``?limit=100``; a checkout
  without pagination answers every row), after a change and warm;
- a player's page (the middle registration number), warm;
- the public round page of round 2 ("where do I sit"): the cache
  emptied, after a hand at one table (every cached value forgotten but
  the other tables' cards: the database is not written) and warm.

CPU is this process's ``process_time`` (PostgreSQL's and Redis's own CPU
are not in it), the least of ``--repeat`` runs: other processes on a
shared machine only add to a request's CPU, never take away. ``--code``
runs the same measures on another checkout's code (the same database).
The Redis database ``REDIS_URL`` names is emptied between measures: give
it one of its own.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path

from bench_setup import least_cpu, start_production_django  # bench/, this folder

HERE = Path(__file__).resolve().parent
parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--sizes", type=int, nargs="+", default=[16, 400, 1600, 3200])
parser.add_argument("--code", type=Path, default=HERE.parent)
parser.add_argument("--repeat", type=int, default=5)
ARGS = parser.parse_args()

# The code measured: nothing of this checkout is imported but bench/.
start_production_django(ARGS.code)

import redis  # noqa: E402
from django.core.cache import cache  # noqa: E402
from django.test import Client  # noqa: E402

from tournaments.models import Tournament  # noqa: E402


def measure(
    call: Callable[[], object], before: Callable[[], object] | None = None
) -> tuple[float, int]:
    """Least CPU ms of ``--repeat`` calls, and the queries of the last; each
    answer must be a 200."""

    def checked() -> None:
        status = getattr(call(), "status_code", 200)
        assert status == 200, status

    return least_cpu(checked, ARGS.repeat, before)


def forget_but_cards(keep_all_cards: bool = False) -> None:
    """A hand at one table, as the caches see it, without writing to the
    database: every cached value goes (the versions, the partials, the
    ranking) but the round page's table cards, less one. A checkout
    without cards loses everything, as after any change."""
    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    cards = sorted(client.scan_iter(match="*round-card:*", count=1000))
    for key in client.scan_iter(count=1000):
        if b"round-card:" not in key:
            client.delete(key)
    if cards and not keep_all_cards:
        client.delete(cards[0])


def ms(figures: tuple[float, int]) -> str:
    return f"{figures[0]:,.0f} ms, {figures[1]} q"


def row(players: int) -> str:
    """The figures of the event of ``players`` players, a Markdown row."""
    slug = f"bench-round-{players}"
    client = Client()
    standings = f"/t/{slug}/"
    api = f"/api/tournaments/{slug}/standings/?limit=100"
    player = f"/t/{slug}/players/{max(1, players // 2)}/"
    round_page = f"/t/{slug}/rounds/2/"
    first = measure(lambda: client.get(standings), before=cache.clear)
    warm = measure(lambda: client.get(standings))
    size = len(client.get(standings).content) / 1024
    api_first = measure(lambda: client.get(api), before=cache.clear)
    api_warm = measure(lambda: client.get(api))
    client.get(player)
    player_warm = measure(lambda: client.get(player))
    round_first = measure(lambda: client.get(round_page), before=cache.clear)
    round_hand = measure(lambda: client.get(round_page), before=forget_but_cards)
    round_warm = measure(lambda: client.get(round_page))
    return (
        f"| {players:,} | {ms(first)} | {ms(warm)} | {size:,.0f} | {ms(api_first)} "
        f"| {ms(api_warm)} | {ms(player_warm)} | {ms(round_first)} "
        f"| {ms(round_hand)} | {ms(round_warm)} |"
    )


def main() -> None:
    print(f"code: {ARGS.code.resolve()}")
    print(
        "| players | standings, first view after a change | standings, warm "
        "| standings page KB | API (100 rows), after a change | API, warm "
        "| player page, warm | public round page, cache emptied "
        "| round page, after a hand at one table | round page, warm |"
    )
    print("|" + "---|" * 10)
    for players in ARGS.sizes:
        if not Tournament.objects.filter(slug=f"bench-round-{players}").exists():
            print(f"| {players:,} | no event bench-round-{players} (round_page.py) |")
            continue
        print(row(players), flush=True)
    cache.clear()


if __name__ == "__main__":
    main()
