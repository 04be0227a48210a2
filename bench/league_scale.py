"""Benchmark: a federation's league (issue 31, point 5), CPU and queries.

Usage::

    python bench/league_scale.py --database-url postgres://user@host/db
    python bench/league_scale.py --nights 30 --tournaments 50 --players 500

A league of ``--nights`` club nights (40 of its 2,000 members a night, four
sessions at ten tables) and ``--tournaments`` finished MCR tournaments with
a MERS weight (40 of ``--players`` players each, four rounds), bulk-written
(no hands: the pages and jobs read the session results). Then, through
Django's test client, the CPU milliseconds of this process (median of
``--repeat``) and the queries of: the league's EMA page (first view, cache
cleared, and warm), the league page (first and warm), the league workbook
request (the file built by the job: the request serves it) and the build
job itself, and the ratings after one more closed table (played through
the services): the incremental update against the full recompute.
Prints markdown for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time
from datetime import date, timedelta
from decimal import Decimal

from bench_setup import ranks_and_points, setup_django  # bench/, the script's folder

PRESENT, SESSIONS, MEMBERS = 40, 4, 2000


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="default: SQLite in a temp dir")
    parser.add_argument("--nights", type=int, default=300)
    parser.add_argument("--tournaments", type=int, default=500)
    parser.add_argument("--players", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


def _event(models, slug, name, day, people, rng, weight=None):
    """One finished tournament of ``people`` (a multiple of 4), four
    sessions, every table closed."""
    Tournament, Registration, Round, Table, Seat, SeatResult = models
    tournament = Tournament.objects.create(
        slug=slug,
        name=name,
        start_date=day,
        end_date=day,
        rounds_count=SESSIONS,
        status=Tournament.Status.FINISHED,
        is_public=True,
        mers_weight=weight,
    )
    registrations = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=p, number=n)
        for n, p in enumerate(people, start=1)
    )
    rounds = Round.objects.bulk_create(
        Round(tournament=tournament, number=n, status=Round.Status.FINISHED)
        for n in range(1, SESSIONS + 1)
    )
    seats, results = [], []
    for round_ in rounds:
        rng.shuffle(registrations)
        tables = Table.objects.bulk_create(
            Table(round=round_, number=n, is_closed=True)
            for n in range(1, len(people) // 4 + 1)
        )
        for table, start in zip(tables, range(0, len(people), 4), strict=True):
            group = registrations[start : start + 4]
            scores = [rng.randrange(-60, 60) for _ in range(3)]
            scores.append(-sum(scores))
            for wind, reg, score, (rank, tp12) in zip(
                "ESWN", group, scores, ranks_and_points(scores), strict=True
            ):
                seat = Seat(table=table, round=round_, registration=reg, wind=wind)
                seats.append(seat)
                results.append((seat, reg, round_, score, rank, tp12))
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
        for seat, reg, round_, score, rank, tp12 in results
    )
    return tournament


def generate(args):
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

    models = (Tournament, Registration, Round, Table, Seat, SeatResult)
    rng = random.Random(args.seed)
    start = date(2021, 9, 2)
    with transaction.atomic():
        league = League.objects.create(
            name="Federation", slug=f"fed-{rng.getrandbits(32)}", is_public=True
        )
        players = Player.objects.bulk_create(
            Player(first_name=f"Player{n}", last_name=f"Fed {n:05d}")
            for n in range(args.players)
        )
        members = players[: min(MEMBERS, len(players))]
        for index in range(args.nights):
            day = start + timedelta(days=7 * index)
            tournament = _event(
                models,
                f"{league.slug}-n{index}",
                f"Night {index + 1}",
                day,
                rng.sample(members, PRESENT),
                rng,
            )
            LeagueEvent.objects.create(
                league=league, tournament=tournament, kind="night", day=day
            )
        for index in range(args.tournaments):
            # A result a day until today: every one within the EMA's
            # two years, so every one counts.
            day = date.today() - timedelta(days=args.tournaments - index)
            weight = Decimal(rng.choice(["1", "1.5", "2", "3"]))
            _event(
                models,
                f"{league.slug}-t{index}",
                f"Open {index + 1}",
                day,
                rng.sample(players, PRESENT),
                rng,
                weight,
            )
    return league, members


def cpu_ms(call):
    began = time.process_time()
    result = call()
    return (time.process_time() - began) * 1000, result


def request(client, url, *, clear=False):
    """(CPU ms, queries, bytes) of one GET."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    if clear:
        cache.clear()
    with CaptureQueriesContext(connection) as queries:
        ms, response = cpu_ms(lambda: client.get(url, secure=True))
    assert response.status_code == 200, (url, response.status_code)
    return ms, len(queries), len(response.content)


def measured(client, url, repeat, *, clear):
    runs = [request(client, url, clear=clear) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), runs[-1][1], runs[-1][2]


def one_more_table(league, members):
    """A night of one table played and closed through the services (its
    audit trail is what the incremental update reads); the automatic job
    is held back so that both updates are timed alike."""
    from leagues.services import nights, ratings
    from tournaments.models import Table, in_wind_order
    from tournaments.services import hands

    names = ", ".join(f"{p.first_name} {p.last_name}" for p in members[:4])
    event = nights.create_club_night(league=league, day=date(2030, 1, 1), actor=None)
    nights.seat_night_tables(event=event, tables=nights.parse_tables(names), actor=None)
    table = Table.objects.get(round__tournament=event.tournament)
    seats = in_wind_order(table.seats.select_related("registration"))
    ids = [seat.registration.player_id for seat in seats]
    hands.record_hand(
        table_id=table.pk,
        result={
            "kind": "discard",
            "winner": ids[0],
            "discarder": ids[1],
            "fan_total": 8,
        },
        actor=None,
    )
    held, ratings.refresh_ratings = ratings.refresh_ratings, lambda: None
    try:
        hands.close_table(table_id=table.pk, actor=None, time_called=True)
    finally:
        ratings.refresh_ratings = held


def rating_job(mode):
    from leagues.models import RatingJob
    from leagues.services.ratings import run_rating_job

    job = RatingJob.objects.create(mode=mode)
    ms, job = cpu_ms(lambda: run_rating_job(job_id=job.pk, on_progress=lambda _p: None))
    return ms, job


def ema_paths(league):
    """The weighted tournaments' results read tournament by tournament from
    their standings (the old path) and at once: CPU, queries, same answer."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from leagues.selectors.ema_results import list_ema_results
    from leagues.selectors.ranking import ema_results, weighted_tournaments
    from leagues.selectors.visibility import PUBLIC

    tournaments = list(weighted_tournaments(league, audience=PUBLIC))
    with CaptureQueriesContext(connection) as old_queries:
        old_ms, old = cpu_ms(lambda: [r for t in tournaments for r in ema_results(t)])
    with CaptureQueriesContext(connection) as new_queries:
        new_ms, new = cpu_ms(lambda: list_ema_results(tournaments))
    same = sorted(old, key=repr) == sorted(new, key=repr)
    return (old_ms, len(old_queries)), (new_ms, len(new_queries)), same


def main() -> int:
    args = parse_args()
    database = setup_django(args.database_url)
    from django.test import Client

    from leagues.models import LeagueExport, RatingJob
    from leagues.services.exports import run_league_export
    from tournaments.models import SeatResult

    load = os.getloadavg()
    began = time.perf_counter()
    league, members = generate(args)
    built = time.perf_counter() - began
    client = Client()
    base = f"/leagues/{league.slug}/"
    client.get("/leagues/", secure=True)  # imports and URL resolvers warm
    rows = []
    rows.append(("EMA page, first view", *request(client, base + "ema/", clear=True)))
    rows.append(
        ("EMA page, warm", *measured(client, base + "ema/", args.repeat, clear=False))
    )
    rows.append(("league page, first view", *request(client, base, clear=True)))
    rows.append(
        ("league page, warm", *measured(client, base, args.repeat, clear=False))
    )
    # The workbook: the job builds it (timed alone: with Celery eager the
    # first reader's request would run it), then readers download it.
    export = LeagueExport.objects.create(league=league)
    build_ms, _ = cpu_ms(
        lambda: run_league_export(export_id=export.pk, on_progress=lambda _p: None)
    )
    rows.append(
        (
            "league workbook request (file built)",
            *measured(client, base + "workbook.xlsx", args.repeat, clear=False),
        )
    )
    old_path, new_path, same = ema_paths(league)
    full_first, job = rating_job(RatingJob.Mode.FULL)
    one_more_table(league, members)
    incremental_ms, incremental = rating_job(RatingJob.Mode.AUTO)
    full_ms, full = rating_job(RatingJob.Mode.FULL)
    sessions = SeatResult.objects.count()
    print(
        f"## Federation league ({args.nights} nights, {args.tournaments} "
        f"weighted tournaments, {args.players} players)\n"
    )
    print(f"- date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    print(
        f"- machine: {platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}; load average at start "
        f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f} (shared, busy)"
    )
    print(
        f"- database: {database.split(':', 1)[0]}; {sessions} session results "
        f"written in {built:.0f} s"
    )
    print(
        f"- command: `python bench/league_scale.py --nights {args.nights} "
        f"--tournaments {args.tournaments} --players {args.players}`\n"
    )
    print("| request | CPU ms (this process) | queries | bytes |\n|---|---:|---:|---:|")
    for name, ms, queries, size in rows:
        print(f"| {name} | {ms:.0f} | {queries} | {size:,} |")
    print(
        f"\n- the weighted tournaments' results: tournament by tournament "
        f"(the old path) {old_path[0]:.0f} ms CPU, {old_path[1]} queries; at "
        f"once {new_path[0]:.0f} ms CPU, {new_path[1]} queries; same results: "
        f"{'yes' if same else 'NO'}"
    )
    print(f"- workbook build job: {build_ms:.0f} ms CPU (in the worker)")
    print(
        f"- ratings, full recompute of {job.sessions} sessions: {full_first:.0f} ms CPU"
    )
    print(
        f"- ratings after one more closed table: incremental "
        f"{incremental_ms:.0f} ms CPU ({incremental.mode}, {incremental.sessions} "
        f"sessions), full {full_ms:.0f} ms CPU ({full.mode})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
