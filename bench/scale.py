"""Issue 31's growth study: every page of an event at 16 to 3,200 players
and of a league of 300 nights, CPU per request, queries and memory, the
growth exponent, the dogpile, and a summary row per target (item 7).

    createdb muraille_bench_league   # once; the league is built if missing
    REDIS_URL=redis://127.0.0.1:6379/14 .venv/bin/python bench/scale.py \\
        [--sizes 16 400 1600 3200] [--code /path/to/another/checkout] \\
        [--repeat 3] [--parts events league] \\
        [--events-db postgres://postgres@127.0.0.1:5432/muraille_bench_round] \\
        [--league-db postgres://postgres@127.0.0.1:5432/muraille_bench_league]

The events are bench/round_page.py's (slugs ``bench-round-<players>``:
round 1 played and finished, round 2 seated, nothing played): build them
with that script first; they are only read here. A "first view after a
change" empties the cache, as a change's new version makes every cached
value miss. The league (300 nights of 40 of 2,000 members, 500 weighted
MCR tournaments of 40 of 5,000 players) is bench/league_scale.py's
generator, run once into ``--league-db`` and reused by every later run;
the ratings rows (one more closed table, the incremental update and the
full recompute) are written in a transaction rolled back, so the league
stays as built.

Each page is requested by its URL through Django's test client, with the
production settings (DEBUG off, the Redis cache ``REDIS_URL`` names, which
is emptied between measures: give it a database of its own): whatever code
``--code`` holds is what is measured, with no import of its services but
the workbook's build (``build_export``, what its request or job runs) and
the league's jobs (league_scale's helpers). Per request: the least CPU ms
of ``--repeat`` (this process's ``process_time``, every thread; PostgreSQL's
and Redis's own CPU are not in it), the queries, the bytes, and the peak
of Python's allocations (``tracemalloc``, a run of its own). The growth
exponent is the log-log slope of the CPU between 400 and 3,200 players (1:
linear, 0: flat). The dogpile is 8 first views of the standings at once
from 8 threads against one. Each part runs in a process of its own (one
database each); this one prints Markdown for docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

# This folder's helpers, imported before the path names the measured code.
from bench_setup import (
    at_once,
    fetch_images,
    least_cpu,
    peak_memory,
    start_production_django,
)

HERE = Path(__file__).resolve().parent
SERVER = "postgres://postgres@127.0.0.1:5432/"
CONCURRENT = 8
LEAGUE_NAME = "Federation"  # bench/league_scale.py's
# What the issue asks of each page (item 2 to 5), at the largest event.
STANDINGS_FIRST, PLAYER_WARM, ROUND_WARM = 150, 50, 50
ORGANISER, WORKBOOK_MS, EMA_WARM = 150, 5000, 150
TARGET_SIZE = 3200


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[16, 400, 1600, 3200])
    parser.add_argument("--code", type=Path, default=HERE.parent)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--workbook-repeat", type=int, default=2, help="the workbook is slow"
    )
    parser.add_argument("--parts", nargs="+", default=["events", "league"])
    parser.add_argument("--events-db", default=SERVER + "muraille_bench_round")
    parser.add_argument("--league-db", default=SERVER + "muraille_bench_league")
    parser.add_argument("--no-memory", action="store_true", help="skip tracemalloc")
    parser.add_argument("--save", type=Path, help="also write the figures there (JSON)")
    parser.add_argument(
        "--load", type=Path, help="print the figures --save wrote; measure nothing"
    )
    # Internal: the part a child process measures, and where it writes.
    parser.add_argument(
        "--worker", choices=["events", "league"], help=argparse.SUPPRESS
    )
    parser.add_argument("--out", type=Path, help=argparse.SUPPRESS)
    return parser.parse_args(argv)


@dataclass
class Figure:
    """One request of one page at one size."""

    page: str
    size: int
    cpu_ms: float
    queries: int | None = None
    bytes: int | None = None
    peak_kb: float | None = None
    status: int | None = None
    note: str = ""


@dataclass
class Results:
    figures: list[Figure] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# -- measuring (in the child process) ---------------------------------------


class Pages:
    """Requests measured with one set of options; figures collected."""

    def __init__(self, args: argparse.Namespace, results: Results) -> None:
        self.args = args
        self.results = results

    def get(
        self,
        page: str,
        size: int,
        client: Any,
        url: str,
        *,
        first: bool = False,
        headers: dict[str, str] | None = None,
        expect: int = 200,
        repeat: int | None = None,
    ) -> Figure:
        """``url``'s figures: a first view after a change (the cache emptied
        before each run) or a warm one (after one view)."""
        from django.core.cache import cache

        before = cache.clear if first else None
        answers: list[Any] = []

        def call() -> None:
            answers.append(client.get(url, headers=headers or {}))

        if not first:
            call()
        cpu, queries = least_cpu(call, repeat or self.args.repeat, before)
        answer = answers[-1]
        peak = None if self.args.no_memory else peak_memory(call, before) / 1024
        body = (
            sum(len(part) for part in answer.streaming_content)
            if getattr(answer, "streaming", False)
            else len(answer.content)
        )
        figure = Figure(page, size, cpu, queries, body, peak, answer.status_code)
        if answer.status_code != expect:
            figure.note = f"answered {answer.status_code}"
        self.results.figures.append(figure)
        return figure

    def call(
        self, page: str, size: int, call: Callable[[], object], repeat: int
    ) -> Figure:
        """A service's figures (no URL: a job's work)."""
        cpu, queries = least_cpu(call, repeat)
        peak = None if self.args.no_memory else peak_memory(call) / 1024
        figure = Figure(page, size, cpu, queries, None, peak)
        self.results.figures.append(figure)
        return figure


def measure_events(args: argparse.Namespace, results: Results) -> None:
    from django.contrib.auth import get_user_model
    from django.core.cache import cache
    from django.test import Client

    from tournaments.models import Tournament

    organiser, _ = get_user_model().objects.get_or_create(
        username="bench-organiser", defaults={"is_superuser": True, "is_staff": True}
    )
    pages = Pages(args, results)
    htmx = {"HX-Request": "true"}
    for size in args.sizes:
        slug = f"bench-round-{size}"
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            results.notes.append(
                f"no event {slug} in the events database: build it with "
                f"bench/round_page.py --sizes {size}"
            )
            continue
        public, staff = Client(), Client()
        staff.force_login(organiser)
        standings = f"/t/{slug}/"
        # A page of 100 rows (item 2); a checkout without pagination
        # ignores the limit and answers every row.
        api = f"/api/tournaments/{slug}/standings/?limit=100"
        round_page = f"/staff/{slug}/rounds/2/"
        poll = round_page + "tables/"
        printed = round_page + "print/"
        alone = pages.get(
            "standings page, first view after a change", size, public, standings,
            first=True,
        )  # fmt: skip
        pages.get("standings page, warm", size, public, standings)
        pages.get("standings API (100 rows), first view after a change", size,
                  public, api, first=True)  # fmt: skip
        pages.get("standings API (100 rows), warm", size, public, api)
        pages.get("player page, warm", size, public,
                  f"/t/{slug}/players/{max(1, size // 2)}/")  # fmt: skip
        pages.get('public round page ("where do I sit"), warm', size, public,
                  f"/t/{slug}/rounds/2/")  # fmt: skip
        pages.get("organiser's round page, first view", size, staff, round_page,
                  first=True)  # fmt: skip
        fetch_images(staff, round_page)
        pages.get("organiser's round page, warm", size, staff, round_page)
        pages.get("organiser's round page: its poll", size, staff, poll,
                  headers=htmx)  # fmt: skip
        etag = staff.get(poll, headers=htmx).headers.get("ETag", "")
        pages.get("organiser's round page: its poll, nothing new (304)", size,
                  staff, poll, headers={**htmx, "If-None-Match": etag},
                  expect=304)  # fmt: skip
        pages.get("print page, first view", size, staff, printed, first=True)
        fetch_images(staff, printed)
        pages.get("print page, warm", size, staff, printed)
        pages.get("event statistics page, first view after a change", size,
                  public, f"/t/{slug}/stats/", first=True)  # fmt: skip
        pages.get("event statistics page, warm", size, public, f"/t/{slug}/stats/")
        workbook(pages, tournament, size)
        eight = min(at_once(standings, CONCURRENT) for _ in range(args.repeat))
        results.figures.append(
            Figure(
                f"{CONCURRENT} first views of the standings at once (total CPU)",
                size,
                eight,
                note=f"{eight / alone.cpu_ms:.1f}x one",
            )
        )
        cache.clear()
        print(f"events: {size} players measured", file=sys.stderr, flush=True)


def workbook(pages: Pages, tournament: Any, size: int) -> None:
    """The standings workbook's build: what its request runs for a small
    event and its job for a big one (a big event's request serves the
    built file). Measured as the build, which writes nothing, so the
    shared events stay as they are."""
    from tournaments.services import exports

    def build() -> object:
        return exports.build_export(tournament=tournament, kind="xlsx", language="en")

    pages.call(
        "standings workbook (its build)", size, build, pages.args.workbook_repeat
    )


def find_or_build_league(args: argparse.Namespace, results: Results) -> Any:
    from leagues.models import League

    league = League.objects.filter(name=LEAGUE_NAME).order_by("pk").first()
    if league is not None:
        return league
    import league_scale  # bench/, appended to the path last

    began = time.perf_counter()
    league, _ = league_scale.generate(
        argparse.Namespace(nights=300, tournaments=500, players=5000, seed=1)
    )
    results.notes.append(
        f"league built in this run ({time.perf_counter() - began:.0f} s)"
    )
    return league


def measure_league(args: argparse.Namespace, results: Results) -> None:
    from django.core.cache import cache
    from django.db import transaction
    from django.db.models import Count
    from django.test import Client

    from tournaments.models import Player, Tournament

    league = find_or_build_league(args, results)
    pages = Pages(args, results)
    client = Client()
    base = f"/leagues/{league.slug}/"
    tournaments = Tournament.objects.count()
    # The career of the player with the most events.
    player = (
        Player.objects.annotate(events=Count("registrations"))
        .order_by("-events", "pk")
        .first()
    )
    size = tournaments
    for page, url in (
        ("league page", base),
        ("league EMA page", base + "ema/"),
        ("league statistics page", base + "stats/"),
        (f"career page ({player.events} events)", f"/players/{player.pk}/"),
    ):
        pages.get(f"{page}, first view after a change", size, client, url,
                  first=True)  # fmt: skip
        pages.get(f"{page}, warm", size, client, url)
    try:
        from leagues.models import LeagueExport
        from leagues.services.exports import run_league_export
    except ImportError:
        results.notes.append("the league workbook has no job in this code")
    else:
        export = LeagueExport.objects.create(league=league)
        pages.call(
            "league workbook build (the job, in the worker)",
            size,
            lambda: run_league_export(export_id=export.pk, on_progress=lambda _p: 0),
            1,
        )
        pages.get("league workbook request (the file built)", size, client,
                  base + "workbook.xlsx")  # fmt: skip
    cache.clear()
    import league_scale  # bench/, appended to the path last

    members = list(Player.objects.order_by("pk")[:4])
    with transaction.atomic():
        # Rolled back: the league stays as built for the next run.
        league_scale.rating_job("full")  # every session rated: the base
        league_scale.one_more_table(league, members)
        incremental_ms, incremental = league_scale.rating_job("auto")
        full_ms, full = league_scale.rating_job("full")
        transaction.set_rollback(True)
    for name, ms, ran in (
        ("ratings after one more closed table: incremental update", incremental_ms,
         incremental),
        ("ratings after one more closed table: full recompute", full_ms, full),
    ):  # fmt: skip
        results.figures.append(
            Figure(name, size, ms, note=f"{ran.mode}, {ran.sessions:,} sessions")
        )
    results.notes.append(
        f"league: {league.slug}, {tournaments:,} events in its database "
        f"(300 nights and 500 weighted tournaments as built); career of "
        f"player {player.pk}"
    )


def worker(args: argparse.Namespace) -> None:
    start_production_django(args.code)
    from django.test import Client

    Client().get("/")  # imports and URL resolvers warm
    results = Results()
    views = Path(sys.modules["tournaments.views"].__file__ or "").parent.parent.parent
    results.notes.append(f"{args.worker}: the code of {views}")
    if args.worker == "events":
        measure_events(args, results)
    else:
        measure_league(args, results)
    args.out.write_text(
        json.dumps(
            {"figures": [asdict(f) for f in results.figures], "notes": results.notes}
        )
    )


# -- reporting (in the parent process) --------------------------------------


def run_part(args: argparse.Namespace, part: str) -> Results:
    """Measure ``part`` in a child process with its database."""
    database = args.events_db if part == "events" else args.league_db
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "figures.json"
        command = [sys.executable, __file__, "--worker", part, "--out", str(out)]
        command += ["--code", str(args.code), "--repeat", str(args.repeat)]
        command += ["--workbook-repeat", str(args.workbook_repeat)]
        command += ["--sizes", *map(str, args.sizes)]
        if args.no_memory:
            command.append("--no-memory")
        subprocess.run(
            command, check=True, env={**os.environ, "DATABASE_URL": database}
        )
        data = json.loads(out.read_text())
    return Results([Figure(**f) for f in data["figures"]], data["notes"])


def exponent(low: Figure | None, high: Figure | None) -> float | None:
    """The log-log slope of the CPU between two sizes."""
    if low is None or high is None or low.size == high.size:
        return None
    if low.cpu_ms <= 0 or high.cpu_ms <= 0:
        return None
    return math.log(high.cpu_ms / low.cpu_ms) / math.log(high.size / low.size)


def cell(figure: Figure | None) -> str:
    if figure is None:
        return ""
    parts = [f"{figure.cpu_ms:,.1f}" if figure.cpu_ms < 10 else f"{figure.cpu_ms:,.0f}"]
    if figure.queries is not None:
        parts.append(f"{figure.queries} q")
    if figure.peak_kb is not None:
        parts.append(f"{figure.peak_kb / 1024:,.1f} MB")
    if figure.note:
        parts.append(figure.note)
    return " · ".join(parts)


def query_growth(figures: dict[int, Figure], low: int) -> str:
    """ "yes" when the page's queries are the same at every size; "from
    ``low``" when they are the same from ``low`` players up only (the
    organiser's round page has one page of tables at 16 players, several
    from 400: one step, not a growth); "**no**" when they grow."""
    counts = sorted((f.size, f.queries) for f in figures.values() if f.queries)
    if len({queries for _, queries in counts}) <= 1:
        return "yes" if counts else ""
    above = {queries for size, queries in counts if size >= low}
    if len(above) == 1:
        below = ", ".join(f"{q} at {size:,}" for size, q in counts if size < low)
        return f"from {low:,} ({below})"
    return "**no**"


def by_page(figures: list[Figure]) -> dict[str, dict[int, Figure]]:
    pages: dict[str, dict[int, Figure]] = {}
    for figure in figures:
        pages.setdefault(figure.page, {})[figure.size] = figure
    return pages


def events_table(results: Results, sizes: list[int]) -> list[str]:
    low, high = (400, 3200) if {400, 3200} <= set(sizes) else (sizes[0], sizes[-1])
    lines = [
        "| request (CPU ms · queries · peak of Python allocations) | "
        + " | ".join(f"{size:,} players" for size in sizes)
        + f" | exponent {low:,}→{high:,} | queries constant |",
        "|---|" + "---:|" * len(sizes) + "---:|---|",
    ]
    for page, figures in by_page(results.figures).items():
        slope = exponent(figures.get(low), figures.get(high))
        constant = query_growth(figures, low)
        lines.append(
            f"| {page} | "
            + " | ".join(cell(figures.get(size)) for size in sizes)
            + f" | {'' if slope is None else f'{slope:.2f}'} | {constant} |"
        )
    return lines


def league_table(results: Results) -> list[str]:
    lines = [
        "| request | CPU ms | queries | bytes | peak of Python allocations |",
        "|---|---:|---:|---:|---:|",
    ]
    for figure in results.figures:
        cpu = f"{figure.cpu_ms:,.0f}" + (f" ({figure.note})" if figure.note else "")
        queries = "" if figure.queries is None else str(figure.queries)
        size = "" if figure.bytes is None else f"{figure.bytes:,}"
        peak = "" if figure.peak_kb is None else f"{figure.peak_kb / 1024:,.1f} MB"
        lines.append(f"| {figure.page} | {cpu} | {queries} | {size} | {peak} |")
    return lines


def summary(events: Results | None, league: Results | None) -> list[str]:
    """One row per target of the issue: what it asks, the figure, met."""
    rows: list[tuple[str, str, bool | None]] = []
    if events and events.figures:
        pages = by_page(events.figures)
        largest = max(f.size for f in events.figures)

        def at(page: str) -> Figure | None:
            return pages.get(page, {}).get(largest)

        def target(name: str, page: str, limit: float, unit: str = "ms") -> None:
            figure = at(page)
            if figure is None:
                rows.append((name, "not measured", None))
                return
            shown = (
                f"{figure.cpu_ms / 1000:.1f} s" if unit == "s" else
                f"{figure.cpu_ms:,.0f} ms"
            )  # fmt: skip
            # A target at 3,200 players is judged there only.
            met = figure.cpu_ms < limit if largest >= TARGET_SIZE else None
            rows.append((name, f"{shown} at {largest:,}", met))

        target(
            "standings, first view after a change < 150 ms CPU at 3,200",
            "standings page, first view after a change",
            STANDINGS_FIRST,
        )
        target("player page < 50 ms warm at 3,200", "player page, warm", PLAYER_WARM)
        target(
            "public round page < 50 ms warm at 3,200",
            'public round page ("where do I sit"), warm',
            ROUND_WARM,
        )
        target(
            "organiser's round page < 150 ms at 3,200 (first view)",
            "organiser's round page, first view",
            ORGANISER,
        )
        target(
            "organiser's round page < 150 ms at 3,200 (warm)",
            "organiser's round page, warm",
            ORGANISER,
        )
        target("standings workbook of 3,200 < 5 s", "standings workbook (its build)",
               WORKBOOK_MS, "s")  # fmt: skip
        poll = at("organiser's round page: its poll, nothing new (304)")
        rows.append(
            ("the organiser's poll answers 304 when nothing changed",
             "not measured" if poll is None else f"{poll.status}", 
             None if poll is None else poll.status == 304)
        )  # fmt: skip
        low = 400 if 400 in {f.size for f in events.figures} else 0
        growing = sorted(
            page
            for page, figures in pages.items()
            if query_growth(figures, low) == "**no**"
        )
        rows.append(
            ("queries constant in the event's size",
             "every page" if not growing else "grow: " + "; ".join(growing),
             not growing)
        )  # fmt: skip
        dogpile = at(f"{CONCURRENT} first views of the standings at once (total CPU)")
        rows.append(
            (f"{CONCURRENT} first views at once computed once (no target figure)",
             "not measured" if dogpile is None else f"{dogpile.note} at {largest:,}",
             None)
        )  # fmt: skip
    if league and league.figures:
        warm = by_page(league.figures).get("league EMA page, warm", {})
        figure = next(iter(warm.values()), None)
        rows.append(
            ("EMA page < 150 ms warm at 500 tournaments and 5,000 players",
             "not measured" if figure is None else f"{figure.cpu_ms:,.0f} ms",
             None if figure is None else figure.cpu_ms < EMA_WARM)
        )  # fmt: skip
    lines = ["| target | figure | met |", "|---|---|---|"]
    for name, figure, met in rows:
        verdict = "" if met is None else ("met" if met else "**not met**")
        lines.append(f"| {name} | {figure} | {verdict} |")
    return lines


def main() -> int:
    args = parse_args()
    if args.worker:
        worker(args)
        return 0
    if args.load:
        saved = json.loads(args.load.read_text())
        parts = {
            name: Results([Figure(**f) for f in part["figures"]], part["notes"])
            for name, part in saved["parts"].items()
        }
        events, league, caption = (
            parts.get("events"),
            parts.get("league"),
            saved["caption"],
        )
        args.sizes = saved["sizes"]
    else:
        load = os.getloadavg()
        began = time.strftime("%Y-%m-%d %H:%M", time.gmtime())
        events = run_part(args, "events") if "events" in args.parts else None
        league = run_part(args, "league") if "league" in args.parts else None
        end = os.getloadavg()
        caption = (
            f"code: {args.code.resolve()}; {began}-{time.strftime('%H:%M UTC')}; "
            f"load average {load[0]:.1f} → {end[0]:.1f}; least of {args.repeat} "
            f"(the workbook's of {args.workbook_repeat})"
        )
    if args.save:
        parts_saved = {
            name: {"figures": [asdict(f) for f in part.figures], "notes": part.notes}
            for name, part in (("events", events), ("league", league))
            if part
        }
        args.save.write_text(
            json.dumps({"caption": caption, "sizes": args.sizes, "parts": parts_saved})
        )
    print(caption + "\n")
    print("\n".join(summary(events, league)) + "\n")
    if events:
        print("\n".join(events_table(events, args.sizes)) + "\n")
    if league:
        print("\n".join(league_table(league)) + "\n")
    for note in (events.notes if events else []) + (league.notes if league else []):
        print(f"- {note}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
