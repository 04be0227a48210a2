"""Benchmark: the standings workbook of a 400-player, 8-round tournament.

Usage::

    python bench/export.py                      # SQLite file in a temp dir
    python bench/export.py --database-url postgres://user@host/db
    python bench/export.py --players 400 --rounds 8 --repeat 3
    python bench/export.py --database-url postgres://user@host/db --keep
    python bench/export.py --database-url postgres://user@host/db \\
        --slugs bench-round-16 bench-round-3200 [--code /path/to/checkout]

The tournament (400 players, 100 tables a round, 800 sessions, 12,800 hands,
3,200 session results, some penalties and fan breakdowns) is written with
``bulk_create`` straight into the tables: this measures the export, not the
hand services. Then ``build_export`` runs ``--repeat`` times for the time,
once more under ``tracemalloc`` for the peak of Python allocations, and
``getrusage`` gives the process's peak resident memory. On PostgreSQL the
generated tournament is deleted afterwards, unless ``--keep``, which names
it ``bench-export-<players>`` for later runs.

``--slugs`` measures events already in the database instead, and only
reads (no migration, nothing generated or deleted): the workbook's CPU
(``process_time``, the least of ``--repeat`` builds) with the cache
emptied before each build ("cold": the statistics computed) and with the
statistics the first build cached ("warm"), the queries of each, and the
tracemalloc peak of one cold build. The cache is this process's memory
(``REDIS_URL`` is ignored). ``--code`` measures another checkout's code on
the same database: the before and after of a change, on one machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import resource
import shutil
import sys
import tempfile
import time
import tracemalloc
from datetime import UTC, date, datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLACE_POINTS_X12 = (48, 24, 12, 0)
FAN_SAMPLE = [
    {"number": 28, "name": "Pure Straight", "name_fr": "Suite pure", "points": 16,
     "count": 1},
    {"number": 63, "name": "All Chows", "name_fr": "Que des suites", "points": 2,
     "count": 1},
    {"number": 81, "name": "Flower Tiles", "name_fr": "Fleurs", "points": 1,
     "count": 2},
]  # fmt: skip


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", help="default: SQLite in a temp dir")
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=8)
    parser.add_argument("--hands", type=int, default=16, help="hands per session")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--language", default="en")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the event")
    parser.add_argument("--slugs", nargs="+", help="measure these events only")
    parser.add_argument("--code", type=Path, default=ROOT, help="checkout measured")
    return parser.parse_args()


def use_code(code: Path) -> None:
    """Import the application from ``code``: first on the path, and the
    working directory (Celery's loader puts it on the path too)."""
    code = code.resolve()
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != ROOT]
    sys.path.insert(0, str(code))
    os.chdir(code)


def setup_django(database_url: str | None, *, migrate: bool = True) -> str:
    """Point the settings at the benchmark's database and start Django."""
    if not database_url:
        folder = tempfile.mkdtemp(prefix="muraille-bench-")
        database_url = f"sqlite:///{folder}/bench.sqlite3"
    os.environ["DATABASE_URL"] = database_url
    os.environ.setdefault("CELERY_TASK_ALWAYS_EAGER", "true")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    # The process's own memory cache, which ``measure_event`` empties.
    os.environ.pop("REDIS_URL", None)
    import django
    from django.core.management import call_command

    django.setup()
    if migrate:
        call_command("migrate", verbosity=0, interactive=False)
    return database_url


def payments(rng: random.Random) -> tuple[str, int | None, int | None, int, int, list]:
    """A random MCR hand: kind, winner and discarder seats, fans, flowers, deltas."""
    roll = rng.random()
    if roll < 0.1:
        return "draw", None, None, 0, 0, [0, 0, 0, 0]
    winner = rng.randrange(4)
    fans, flowers = rng.choice((8, 8, 9, 10, 12, 16, 24, 32)), rng.choice((0, 0, 1, 2))
    total, deltas = fans + flowers, [0, 0, 0, 0]
    if roll < 0.4:
        for seat in range(4):
            if seat != winner:
                deltas[seat], deltas[winner] = -(total + 8), deltas[winner] + total + 8
        return "self_draw", winner, None, fans, flowers, deltas
    discarder = rng.choice([seat for seat in range(4) if seat != winner])
    for seat in range(4):
        if seat != winner:
            paid = total + 8 if seat == discarder else 8
            deltas[seat], deltas[winner] = -paid, deltas[winner] + paid
    return "discard", winner, discarder, fans, flowers, deltas


def table_results(scores: list[int]) -> list[tuple[int, int]]:
    """(rank, table points x12) per seat: 4/2/1/0, tied seats share."""
    ordered = sorted(scores, reverse=True)
    results = []
    for score in scores:
        places = [i for i, other in enumerate(ordered) if other == score]
        points = sum(PLACE_POINTS_X12[i] for i in places) // len(places)
        results.append((places[0] + 1, points))
    return results


def generate(args: argparse.Namespace):
    """Write the tournament with bulk inserts; returns it."""
    from django.db import transaction

    from tournaments.models import Player, Registration, Round, Seat, Table, Tournament

    rng = random.Random(args.seed)
    stamp = datetime.now(UTC).strftime("%Y%m%d%H%M%S")
    with transaction.atomic():
        tournament = Tournament.objects.create(
            slug=f"bench-{stamp}", name="Benchmark Open", city="Paris",
            country="FRA", start_date=date(2026, 3, 14), end_date=date(2026, 3, 15),
            rounds_count=args.rounds, status=Tournament.Status.FINISHED,
        )  # fmt: skip
        players = Player.objects.bulk_create(
            Player(
                first_name=f"Prénom{n}", last_name=f"Joueur {n:03d}", country="FRA",
                ema_number=f"9{stamp[-3:]}{n:04d}" if n % 3 else "",
            )
            for n in range(1, args.players + 1)
        )  # fmt: skip
        registrations = Registration.objects.bulk_create(
            Registration(tournament=tournament, player=player, number=n)
            for n, player in enumerate(players, start=1)
        )
        rounds = Round.objects.bulk_create(
            Round(tournament=tournament, number=n, status=Round.Status.FINISHED)
            for n in range(1, args.rounds + 1)
        )
        for round_ in rounds:
            _play_round(round_, registrations, args.hands, rng, Table, Seat)
    return tournament


def _play_round(round_, registrations, hands_count, rng, Table, Seat) -> None:
    from tournaments.models import Hand, Penalty, SeatResult

    order = registrations[:]
    rng.shuffle(order)
    count = len(order) // 4
    tables = Table.objects.bulk_create(
        Table(round=round_, number=n, is_closed=True) for n in range(1, count + 1)
    )
    seats = Seat.objects.bulk_create(
        Seat(table=table, round=round_, registration=order[t * 4 + i], wind="ESWN"[i])
        for t, table in enumerate(tables)
        for i in range(4)
    )
    hands, penalties, results = [], [], []
    for t, table in enumerate(tables):
        table_seats, scores = seats[t * 4 : t * 4 + 4], [0, 0, 0, 0]
        for number in range(1, hands_count + 1):
            kind, winner, discarder, fans, flowers, deltas = payments(rng)
            scores = [a + b for a, b in zip(scores, deltas, strict=True)]
            hands.append(
                Hand(
                    table=table, number=number, seat_winds="ESWN", kind=kind,
                    prevalent_wind="ESWN"[(number - 1) // 4 % 4],
                    winner=None if winner is None else table_seats[winner],
                    discarder=None if discarder is None else table_seats[discarder],
                    result={
                        "kind": kind, "winner": winner, "discarder": discarder,
                        "fan_total": fans or 0, "flowers": flowers,
                    },
                    deltas=deltas,
                    fans=FAN_SAMPLE if kind != "draw" and number % 4 == 0 else None,
                )
            )  # fmt: skip
        if t % 10 == 0:
            penalty = [0, -10, 0, 0]
            penalties.append(
                Penalty(
                    table=table, seat=table_seats[1], kind="referee", points=10,
                    reason="slow play", deltas=penalty,
                )
            )  # fmt: skip
            scores[1] -= 10
        for seat, score, (rank, x12) in zip(
            table_seats, scores, table_results(scores), strict=True
        ):
            results.append(
                SeatResult(
                    seat=seat, registration_id=seat.registration_id, round=round_,
                    score=score, hand_points=score, rank=rank, table_points_x12=x12,
                )
            )  # fmt: skip
    Hand.objects.bulk_create(hands, batch_size=2000)
    Penalty.objects.bulk_create(penalties)
    SeatResult.objects.bulk_create(results, batch_size=2000)


def measure(tournament, args: argparse.Namespace) -> dict[str, object]:
    from tournaments.services.exports import build_export

    def run() -> bytes:
        return build_export(tournament=tournament, kind="xlsx", language=args.language)[
            1
        ]

    times = []
    for _ in range(args.repeat):
        start = time.perf_counter()
        content = run()
        times.append(time.perf_counter() - start)
    tracemalloc.start()
    run()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    start = time.perf_counter()
    build_export(tournament=tournament, kind="csv", language=args.language)
    csv_time = time.perf_counter() - start
    return {
        "times": times,
        "size": len(content),
        "traced_peak": peak,
        "maxrss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        "csv_time": csv_time,
    }


def counts(tournament) -> dict[str, int]:
    from tournaments.models import Hand, Penalty, SeatResult, Table

    return {
        "players": tournament.registrations.count(),
        "sessions": Table.objects.filter(round__tournament=tournament).count(),
        "results": SeatResult.objects.filter(round__tournament=tournament).count(),
        "hands": Hand.objects.filter(table__round__tournament=tournament).count(),
        "penalties": Penalty.objects.filter(
            table__round__tournament=tournament
        ).count(),
    }


def cleanup(tournament) -> None:
    """Remove the generated rows, children first: seats protect registrations
    and hands protect seats."""
    from tournaments.models import Hand, Penalty, Player, Seat

    player_ids = list(tournament.registrations.values_list("player_id", flat=True))
    for model in (Hand, Penalty):
        model.objects.filter(table__round__tournament=tournament).delete()
    Seat.objects.filter(round__tournament=tournament).delete()
    tournament.delete()
    Player.objects.filter(pk__in=player_ids).delete()


def machine() -> str:
    """OS, CPU model and count, memory, Python: enough to compare runs."""
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    return (
        f"{platform.platform()}, {cpu} x {os.cpu_count()}, "
        f"{memory / 1024**3:.0f} GiB RAM, Python {platform.python_version()}"
    )


def mb(value: float) -> str:
    return f"{value / 1024 / 1024:.0f} MB"


def measure_event(tournament, args: argparse.Namespace) -> dict[str, object]:
    """Cold and warm CPU and queries, and one cold build's traced peak."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.services.exports import build_export

    def build(clear: bool) -> tuple[float, int, int]:
        if clear:
            cache.clear()
        with CaptureQueriesContext(connection) as captured:
            start = time.process_time()
            content = build_export(
                tournament=tournament, kind="xlsx", language=args.language
            )[1]
            cpu = time.process_time() - start
        return cpu, len(captured), len(content)

    cold = [build(True) for _ in range(args.repeat)]
    warm = [build(False) for _ in range(args.repeat)]
    cache.clear()
    tracemalloc.start()
    build(False)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "cold": min(cpu for cpu, _, _ in cold),
        "cold_queries": cold[-1][1],
        "warm": min(cpu for cpu, _, _ in warm),
        "warm_queries": warm[-1][1],
        "size": cold[-1][2],
        "traced_peak": peak,
    }


def existing(args: argparse.Namespace) -> None:
    """``--slugs``: the workbook of events already in the database."""
    import tournaments
    from tournaments.models import Tournament

    app = Path(tournaments.__file__).resolve().parent.parent
    if app != args.code.resolve():
        sys.exit(f"the app came from {app}, not {args.code}")
    print(f"date:     {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(f"machine:  {machine()}, load {os.getloadavg()[0]:.2f}")
    print(f"command:  {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"code:     {args.code.resolve()}")
    for slug in args.slugs:
        tournament = Tournament.objects.get(slug=slug)
        figures = measure_event(tournament, args)
        print(
            f"{slug}: {counts(tournament)}\n"
            f"  cold {figures['cold'] * 1000:,.0f} ms CPU, "
            f"{figures['cold_queries']} queries; "
            f"warm {figures['warm'] * 1000:,.0f} ms, "
            f"{figures['warm_queries']} queries; "
            f"{figures['size'] / 1024:,.0f} KiB; "
            f"tracemalloc peak {mb(figures['traced_peak'])}",
            flush=True,
        )
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(f"process max RSS {mb(rss)}")


def main() -> None:
    args = parse_args()
    use_code(args.code)
    if args.slugs:
        if not args.database_url:
            sys.exit("--slugs needs --database-url")
        setup_django(args.database_url, migrate=False)
        existing(args)
        return
    database_url = setup_django(args.database_url)
    from django.db import connection

    start = time.perf_counter()
    tournament = generate(args)
    generated = time.perf_counter() - start
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    figures = measure(tournament, args)
    print(f"date:     {datetime.now(UTC):%Y-%m-%d %H:%M} UTC")
    print(f"machine:  {machine()}")
    print(f"command:  {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"database: {connection.vendor} ({database_url.split('@')[-1]})")
    print(f"data:     {counts(tournament)}, generated in {generated:.1f} s")
    times = ", ".join(f"{t:.2f}" for t in figures["times"])
    print(f"workbook: {min(figures['times']):.2f} s best of [{times}] s, "
          f"{figures['size'] / 1024:.0f} KiB")  # fmt: skip
    print(f"memory:   tracemalloc peak {mb(figures['traced_peak'])}, "
          f"process max RSS {mb(figures['maxrss'])} "
          f"({mb(rss_before)} before the first export)")  # fmt: skip
    print(f"csv:      {figures['csv_time']:.2f} s")
    if args.keep:
        tournament.slug = f"bench-export-{args.players}"
        tournament.save(update_fields=["slug"])
        print(f"kept:     {tournament.slug}")
    elif args.database_url:
        cleanup(tournament)
    else:
        connection.close()
        shutil.rmtree(Path(database_url.removeprefix("sqlite:///")).parent)


if __name__ == "__main__":
    main()
