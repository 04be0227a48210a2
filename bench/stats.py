"""Benchmark: the statistics of a long career, a large event and a league's
season (issue 29).

Usage::

    python bench/stats.py                        # SQLite file in a temp dir
    python bench/stats.py --database-url postgres://user@host/db
    python bench/stats.py --nights 250 --league-nights 300 --requests 40

A member plays every one of ``--nights`` club nights (8 players, 4 sessions
of 8 MCR hands: 1,000 sessions and 8,000 of their hands at 250 nights), and
one event seats 200 players for 8 rounds of 16 hands (6,400 hands). A
public league counts ``--league-nights`` nights (the member's and, past
them, nights of the club's other players: 300 nights, 2,400 tables, 19,200
hands), for its Statistics tab and API; the member's career page carries
its Statistics section. Rows are
bulk-inserted (hands with results, payments and some fan breakdowns). Then
it times the figures computed afresh (the cache emptied: what the first
reader after a change pays) and the pages and API answering from the cache
(``--requests`` each: median and 95th percentile). Prints markdown.
Target: p95 < 150 ms for the cached pages.
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

FANS = [
    {"number": 41, "name": "Mixed Triple Chow", "name_fr": "Triple suite mixte",
     "points": 8, "count": 1},
    {"number": 76, "name": "All Chows", "name_fr": "Que des suites",
     "points": 2, "count": 1},
]  # fmt: skip


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="default: SQLite in a temp dir")
    parser.add_argument("--nights", type=int, default=250)
    parser.add_argument("--league-nights", type=int, default=300)
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    return parser.parse_args()


def _hand(rng: random.Random, number: int, seats: list) -> dict:
    """One MCR hand's columns, payments summing to zero."""
    roll = rng.random()
    if roll < 0.15:
        return {"kind": "draw", "winner": None, "discarder": None,
                "result": {"kind": "draw", "winner": None, "discarder": None,
                           "fan_total": 0, "flowers": 0},
                "deltas": [0, 0, 0, 0], "fans": None}  # fmt: skip
    win = rng.randrange(4)
    points = rng.choice((8, 9, 10, 12, 16, 24))
    if roll < 0.4:
        deltas = [-(8 + points)] * 4
        deltas[win] = 3 * (8 + points)
        discarder = None
        kind = "self_draw"
    else:
        discarder = rng.choice([s for s in range(4) if s != win])
        deltas = [-8] * 4
        deltas[win] = 24 + points
        deltas[discarder] = -(8 + points)
        kind = "discard"
    return {
        "kind": kind,
        "winner": seats[win],
        "discarder": None if discarder is None else seats[discarder],
        "result": {"kind": kind, "winner": win, "discarder": discarder,
                   "fan_total": points, "flowers": 0},
        "deltas": deltas,
        "fans": FANS if number % 3 == 0 else None,
    }  # fmt: skip


def _play(tournament, rounds, registrations, hands_per_table, rng, first_fixed):
    """Seat ``registrations`` in tables of four each round (the first player
    always at the first table when ``first_fixed``), with hands and results."""
    from tournaments.models import Hand, Seat, SeatResult, Table

    for round_ in rounds:
        order = registrations[:]
        rng.shuffle(order)
        if first_fixed:
            order.remove(registrations[0])
            order.insert(0, registrations[0])
        tables = Table.objects.bulk_create(
            Table(round=round_, number=n, is_closed=True)
            for n in range(1, len(order) // 4 + 1)
        )
        seats = Seat.objects.bulk_create(
            Seat(table=table, round=round_, registration=reg, wind=wind)
            for table, start in zip(tables, range(0, len(order), 4), strict=True)
            for wind, reg in zip("ESWN", order[start : start + 4], strict=True)
        )
        hands, results = [], []
        for index, table in enumerate(tables):
            group = seats[index * 4 : index * 4 + 4]
            totals = [0, 0, 0, 0]
            for number in range(1, hands_per_table + 1):
                data = _hand(rng, number, group)
                totals = [a + b for a, b in zip(totals, data["deltas"], strict=True)]
                dealer = (number - 1) % 4
                winds = "".join("ESWN"[(s - dealer) % 4] for s in range(4))
                hands.append(Hand(table=table, number=number, prevalent_wind="E",
                                  seat_winds=winds, **data))  # fmt: skip
            for seat, score, (rank, tp12) in zip(
                group, totals, ranks_and_points(totals), strict=True
            ):
                results.append(SeatResult(seat=seat, registration=seat.registration,
                                          round=round_, hand_points=score,
                                          score=score, rank=rank,
                                          table_points_x12=tp12))  # fmt: skip
        Hand.objects.bulk_create(hands, batch_size=2000)
        SeatResult.objects.bulk_create(results, batch_size=2000)


def generate(nights: int, seed: int, league_nights: int = 0):
    """The career's nights, the large event and the league of the first
    ``league_nights`` nights; returns (member, event, league)."""
    from django.db import transaction

    from leagues.models import League, LeagueEvent
    from tournaments.models import Player, Registration, Round, Tournament

    rng = random.Random(seed)
    start = date(2021, 9, 2)
    with transaction.atomic():
        members = Player.objects.bulk_create(
            Player(first_name=f"Member{n}", last_name=f"Club {n:03d}")
            for n in range(220)
        )
        league = League.objects.create(
            slug="bench-league", name="Bench league", is_public=True
        )
        for index in range(max(nights, league_nights)):
            day = start + timedelta(days=7 * index)
            tournament = Tournament.objects.create(
                slug=f"night-{index}", name=f"Night {index + 1}", start_date=day,
                end_date=day, rounds_count=4, is_public=True,
            )  # fmt: skip
            if index < league_nights:
                LeagueEvent.objects.create(
                    league=league, tournament=tournament, kind="night", day=day
                )
            # The member plays the first ``nights`` nights only.
            present = (
                [members[0], *rng.sample(members[1:20], 7)]
                if index < nights
                else rng.sample(members[1:20], 8)
            )
            registrations = Registration.objects.bulk_create(
                Registration(tournament=tournament, player=p, number=n)
                for n, p in enumerate(present, start=1)
            )
            rounds = Round.objects.bulk_create(
                Round(tournament=tournament, number=n, status=Round.Status.FINISHED)
                for n in range(1, 5)
            )
            _play(tournament, rounds, registrations, 8, rng, first_fixed=index < nights)
        event = Tournament.objects.create(
            slug="big-open", name="Big Open", rounds_count=8, is_public=True
        )
        registrations = Registration.objects.bulk_create(
            Registration(tournament=event, player=p, number=n)
            for n, p in enumerate(members[20:220], start=1)
        )
        rounds = Round.objects.bulk_create(
            Round(tournament=event, number=n, status=Round.Status.FINISHED)
            for n in range(1, 9)
        )
        _play(event, rounds, registrations, 16, rng, first_fixed=False)
    return members[0], event, league


def timed(call, count: int) -> tuple[float, float]:
    call()  # warm-up
    times = []
    for _ in range(count):
        began = time.perf_counter()
        call()
        times.append((time.perf_counter() - began) * 1000)
    times.sort()
    return statistics.median(times), times[max(0, int(len(times) * 0.95) - 1)]


def main() -> int:
    args = parse_args()
    database = setup_django(args.database_url)
    from django.core.cache import cache
    from django.test import Client

    from leagues.selectors.stats import get_league_stats
    from leagues.selectors.visibility import PUBLIC
    from tournaments.models import Tournament
    from tournaments.selectors.stats import get_player_stats, get_tournament_stats

    load = os.getloadavg()[0]
    began = time.perf_counter()
    member, event, league = generate(args.nights, args.seed, args.league_nights)
    built = time.perf_counter() - began
    everything = Tournament.objects.all()
    client = Client()

    def get(url: str):
        def call():
            response = client.get(url)
            assert response.status_code == 200, response.status_code

        return call

    def fresh_career():
        cache.clear()
        get_player_stats(member.pk, everything)

    def fresh(url: str):
        call = get(url)

        def cleared():
            cache.clear()
            call()

        return cleared

    sessions = get_player_stats(member.pk, everything)["mcr"].figures["sessions"]
    rows = [
        (f"career figures, computed ({sessions.value} sessions)",
         timed(fresh_career, max(5, args.requests // 4))),
        ("career figures, API from the cache",
         timed(get(f"/api/players/{member.pk}/stats/"), args.requests)),
        ("event figures, computed (200 players, 6,400 hands)",
         timed(lambda: get_tournament_stats(event), max(5, args.requests // 4))),
        ("event statistics page from the cache",
         timed(get(f"/t/{event.slug}/stats/"), args.requests)),
        ("event statistics API from the cache",
         timed(get(f"/api/tournaments/{event.slug}/stats/"), args.requests)),
        ("player page with its statistics, from the cache",
         timed(get(f"/t/{event.slug}/players/1/"), args.requests)),
        (f"league figures, computed ({args.league_nights} nights)",
         timed(lambda: get_league_stats(league, audience=PUBLIC),
               max(5, args.requests // 8))),
        ("league statistics page, computed (cache emptied)",
         timed(fresh(f"/leagues/{league.slug}/stats/"), max(5, args.requests // 8))),
        ("league statistics page from the cache",
         timed(get(f"/leagues/{league.slug}/stats/"), args.requests)),
        ("league statistics API from the cache",
         timed(get(f"/api/leagues/{league.slug}/stats/"), args.requests)),
        (f"career page with its statistics, computed ({sessions.value} sessions)",
         timed(fresh(f"/players/{member.pk}/"), max(5, args.requests // 8))),
        ("career page with its statistics from the cache",
         timed(get(f"/players/{member.pk}/"), args.requests)),
    ]  # fmt: skip
    title = f"{args.nights} nights, a league of {args.league_nights}"
    print(f"## Statistics benchmark ({title})\n")
    print(f"- machine: {platform.machine()}, Python {platform.python_version()}")
    print(f"- load average at start: {load:.2f}, at the end: {os.getloadavg()[0]:.2f}")
    print(f"- database: {database.split(':', 1)[0]}; data written in {built:.1f} s")
    print("\n| what | median | p95 |\n|---|---|---|")
    for label, (median, p95) in rows:
        print(f"| {label} | {median:.0f} ms | {p95:.0f} ms |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
