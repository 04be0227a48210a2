"""Benchmark: five years of a 60-member club in one league, on the database.

Usage::

    python bench/league.py                       # SQLite file in a temp dir
    python bench/league.py --database-url postgres://user@host/db
    python bench/league.py --nights 250 --requests 40

250 club nights, each of 40 members present playing 4 sessions at 10 tables
(10,000 table sessions, 40,000 session results; at 4 hands a session, the
issue's 40,000 hands). The rows are written with ``bulk_create`` straight into
the tables (no Hand rows: the league pages and the rating job read the
session results only). Then it times, through Django's test client, the
public league page and a player's page (``--requests`` each: median and
95th percentile), and the rating job over the whole history. Prints markdown.
The issue's targets: both pages under 150 ms at p95, the job under 30 s.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from datetime import date, timedelta

from bench_setup import ranks_and_points, setup_django  # bench/, the script's folder

MEMBERS, PRESENT, SESSIONS = 60, 40, 4


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="default: SQLite in a temp dir")
    parser.add_argument("--nights", type=int, default=250)
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    return parser.parse_args()


def generate(nights: int, seed: int):
    """The league and its nights, bulk-inserted; returns (league, a player)."""
    from django.db import transaction

    from leagues.models import League, LeagueEvent
    from tournaments.models import (
        Player,
        Registration,
        Round,
        Seat,
        SeatResult,
        Table,
        Tournament,
    )

    rng = random.Random(seed)
    start = date(2021, 9, 2)
    with transaction.atomic():
        league = League.objects.create(
            name="Bench club", slug=f"bench-{rng.getrandbits(32)}", is_public=True
        )
        members = Player.objects.bulk_create(
            Player(first_name=f"Member{n}", last_name=f"Club {n:02d}")
            for n in range(MEMBERS)
        )
        for index in range(nights):
            day = start + timedelta(days=7 * index)
            tournament = Tournament.objects.create(
                slug=f"{league.slug}-{index}",
                name=f"Night {index + 1}",
                start_date=day,
                end_date=day,
                rounds_count=SESSIONS,
                status=Tournament.Status.FINISHED,
                is_public=True,
            )
            LeagueEvent.objects.create(
                league=league, tournament=tournament, kind="night", day=day
            )
            present = rng.sample(members, PRESENT)
            registrations = Registration.objects.bulk_create(
                Registration(tournament=tournament, player=p, number=n)
                for n, p in enumerate(present, start=1)
            )
            rounds = Round.objects.bulk_create(
                Round(tournament=tournament, number=n, status=Round.Status.FINISHED)
                for n in range(1, SESSIONS + 1)
            )
            _play(rounds, registrations, rng, Table, Seat, SeatResult)
    return league, members[0]


def _play(rounds, registrations, rng, Table, Seat, SeatResult) -> None:
    for round_ in rounds:
        rng.shuffle(registrations)
        tables = Table.objects.bulk_create(
            Table(round=round_, number=n, is_closed=True)
            for n in range(1, PRESENT // 4 + 1)
        )
        seats, results = [], []
        for table, start in zip(tables, range(0, PRESENT, 4), strict=True):
            group = registrations[start : start + 4]
            scores = [rng.randrange(-60, 60) for _ in range(3)]
            scores.append(-sum(scores))
            for wind, reg, score, (rank, tp12) in zip(
                "ESWN", group, scores, ranks_and_points(scores), strict=True
            ):
                seat = Seat(table=table, round=round_, registration=reg, wind=wind)
                seats.append(seat)
                results.append((seat, reg, score, rank, tp12))
        Seat.objects.bulk_create(seats)
        SeatResult.objects.bulk_create(
            SeatResult(
                seat=seat,
                registration=reg,
                round=round_,
                hand_points=score,
                score=score,
                rank=rank,
                table_points_x12=tp12,
            )
            for seat, reg, score, rank, tp12 in results
        )


def timed(client, url: str, count: int) -> tuple[float, float]:
    client.get(url)  # warm-up
    times = []
    for _ in range(count):
        began = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - began) * 1000)
        assert response.status_code == 200, response.status_code
    times.sort()
    return statistics.median(times), times[max(0, int(len(times) * 0.95) - 1)]


def profile(url: str) -> None:
    """``--profile``: where the time of one request goes (cProfile, top 25)."""
    import cProfile
    import pstats

    from django.test import Client

    client = Client()
    client.get(url)
    profiler = cProfile.Profile()
    profiler.enable()
    client.get(url)
    profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def main() -> int:
    args = parse_args()
    database = setup_django(args.database_url)
    from django.test import Client

    from leagues.models import RatingJob
    from leagues.services.ratings import run_rating_job

    began = time.perf_counter()
    league, player = generate(args.nights, args.seed)
    built = time.perf_counter() - began
    if args.profile:
        profile(f"/leagues/{league.slug}/")
        profile(f"/players/{player.pk}/")
        return 0
    client = Client()
    league_page = timed(client, f"/leagues/{league.slug}/", args.requests)
    player_page = timed(client, f"/players/{player.pk}/", args.requests)
    job = RatingJob.objects.create()
    began = time.perf_counter()
    job = run_rating_job(job_id=job.pk, on_progress=lambda percent: None)
    rated = time.perf_counter() - began
    print(f"## League benchmark ({args.nights} nights)\n")
    print(f"- machine: {platform.machine()}, Python {platform.python_version()}")
    print(f"- load average at start: {os.getloadavg()[0]:.2f}")
    print(f"- database: {database.split(':', 1)[0]}; data written in {built:.1f} s")
    print("\n| what | median | p95 |\n|---|---|---|")
    print(f"| league page | {league_page[0]:.0f} ms | {league_page[1]:.0f} ms |")
    print(f"| player page | {player_page[0]:.0f} ms | {player_page[1]:.0f} ms |")
    print(f"\nrating job: {job.sessions} sessions in {rated:.1f} s ({job.status})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
