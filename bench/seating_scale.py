"""Seating quality that does not depend on the load (issue 31, item 6).

    .venv/bin/python bench/seating_scale.py                 # 400, 1,600, 3,200
    .venv/bin/python bench/seating_scale.py --sizes 400 --load 2
    .venv/bin/python bench/seating_scale.py --repo /work/main   # another checkout

For each field size: a Swiss event of 8 rounds ranked by simulated results
(as in bench/seating_limits.py: table points 4/2/1/0 from hidden strengths
plus noise, ranking by total points, ties by id), seated by the engine, and
the same event seated by the baseline "rank-order tables, then greedy swaps"
(steepest descent on the engine's Swiss cost: repeats, club-mates, winds,
rank spread; winds then given by the engine's colouring). *Spread* is the
mean over every table of every round of the highest minus the lowest rank
(0 = first) of its four players in the ranking the round was seated from
(the measure of bench/seating_limits.py and of the Swiss search's cost).
"rounds costlier / wider" counts the engine's rounds whose cost (the
search's: repeats, club-mates, winds, then spread) is higher, and whose
spread is wider, than the baseline's on the very same request. Then a
no-repeat plan of 8 rounds with every player in a club of 20-80: repeats
and club-mates seated together.
CPU is the seating thread's CPU seconds. ``--load K`` runs K busy-loop
processes alongside; "same plans" then says whether every plan equals the
unloaded run's (the searches end on step counts, so it should). Markdown on
stdout.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from itertools import combinations
from pathlib import Path
from typing import Any

ROUNDS = 8
SEED = 400


def _engine(repo: Path) -> Any:
    """The seating engine of the checkout ``repo`` (this one by default)."""
    sys.path.insert(0, str(repo))
    import tournaments.seating as seating
    from tournaments.seating import swiss_search, winds
    from tournaments.seating.budget import search_clock
    from tournaments.seating.pins import place_pins
    from tournaments.seating.problem import build_problem

    seating.search_clock = search_clock  # type: ignore[attr-defined]
    seating.swiss_search = swiss_search  # type: ignore[attr-defined]
    seating.winds = winds  # type: ignore[attr-defined]
    seating.place_pins = place_pins  # type: ignore[attr-defined]
    seating.build_problem = build_problem  # type: ignore[attr-defined]
    return seating


def baseline(engine: Any, request: Any) -> tuple[tuple[int, ...], ...]:
    """Rank-order tables, then greedy swaps (the descent to its end), seat
    winds by the engine's colouring."""
    problem = engine.build_problem(request)
    order = sorted(range(problem.n), key=lambda p: problem.rank[p])
    pins = {p: t for p, t in enumerate(problem.pin) if t >= 0}
    tables = engine.place_pins([order[i : i + 4] for i in range(0, problem.n, 4)], pins)
    state = engine.swiss_search.SwissRound(problem, tables)
    engine.swiss_search.descend(state, set(range(len(tables))), 10**12)
    named = [[problem.ids[p] for p in table] for table in state.tables]
    return engine.winds.assign_winds(request.history, [named])[0]  # type: ignore[no-any-return]


def _cost(engine: Any, request: Any, round_: Sequence[Sequence[int]]) -> int:
    """The Swiss search's cost of a round (repeats, club-mates, winds,
    spread)."""
    problem = engine.build_problem(request)
    index = {p: i for i, p in enumerate(problem.ids)}
    tables = [[index[p] for p in table] for table in round_]
    return engine.swiss_search.SwissRound(problem, tables).total()  # type: ignore[no-any-return]


def _spread(ranking: Sequence[int], round_: Sequence[Sequence[int]]) -> list[int]:
    place = {p: i for i, p in enumerate(ranking)}
    return [max(place[p] for p in t) - min(place[p] for p in t) for t in round_]


def swiss_event(engine: Any, n: int, *, base: bool) -> dict[str, Any]:
    """One Swiss event seated by the engine (or, with ``base``, by the
    baseline); figures and a digest of every round."""
    rng = random.Random(SEED)
    ids = tuple(range(1, n + 1))
    strength = {p: rng.random() for p in ids}
    points = dict.fromkeys(ids, 0)
    history: tuple[Any, ...] = ()
    spreads: list[int] = []
    last: list[float] = []
    cpu, slowest, stopped, wider, costlier = 0.0, 0.0, 0, 0, 0
    for number in range(1, ROUNDS + 1):
        ranking = tuple(sorted(ids, key=lambda p: (-points[p], p)))
        request = engine.SeatingRequest(
            mode="swiss",
            players=ids,
            history=history,
            round_index=number,
            rounds_total=ROUNDS,
            ranking=ranking,
            seed=SEED * 100 + number,
        )
        start = time.thread_time()
        if base:
            round_ = baseline(engine, request)
        else:
            plan = engine.plan_seating(request, clock=engine.search_clock)
            round_, stopped = plan.rounds[0], stopped + plan.clock_stopped
        seconds = time.thread_time() - start
        cpu, slowest = cpu + seconds, max(slowest, seconds)
        here = _spread(ranking, round_)
        if not base:
            other = baseline(engine, request)
            wider += sum(here) > sum(_spread(ranking, other))
            costlier += _cost(engine, request, round_) > _cost(engine, request, other)
        spreads += here
        last.append(sum(here) / len(here))
        for table in round_:
            finish = sorted(table, key=lambda p: -(strength[p] + rng.random()))
            for place, player in enumerate(finish):
                points[player] += (4, 2, 1, 0)[place]
        history = (*history, round_)
    stats = engine.plan_stats(history)
    return {
        "spread": sum(spreads) / len(spreads),
        "rounds": last,
        "repeats": stats.repeated_pairs,
        "wind": stats.wind_imbalance,
        "cpu": cpu,
        "slowest": slowest,
        "stopped": stopped,
        "wider": wider,
        "costlier": costlier,
        "digest": hashlib.sha256(repr(history).encode()).hexdigest()[:12],
    }


def _clubs(n: int) -> dict[int, str]:
    """Every player in a club of 20-80 players (seeded)."""
    rng = random.Random(n)
    order = list(range(1, n + 1))
    rng.shuffle(order)
    clubs, at, number = {}, 0, 0
    while at < n:
        size = rng.randint(20, 80)
        for player in order[at : at + size]:
            clubs[player] = f"c{number}"
        at, number = at + size, number + 1
    return clubs


def no_repeat(engine: Any, n: int) -> dict[str, Any]:
    clubs = _clubs(n)
    request = engine.SeatingRequest(
        mode="no-repeat",
        players=tuple(range(1, n + 1)),
        rounds_total=ROUNDS,
        rounds_to_plan=ROUNDS,
        clubs=clubs,
        seed=n,
    )
    start = time.thread_time()
    plan = engine.plan_seating(request, clock=engine.search_clock)
    cpu = time.thread_time() - start
    mates = sum(
        clubs[a] == clubs[b]
        for round_ in plan.rounds
        for table in round_
        for a, b in combinations(table, 2)
    )
    return {
        "repeats": plan.stats.repeated_pairs,
        "mates": mates,
        "cpu": cpu,
        "stopped": plan.clock_stopped,
        "digest": hashlib.sha256(repr(plan.rounds).encode()).hexdigest()[:12],
    }


def _busy(count: int) -> list[subprocess.Popen[bytes]]:
    """``count`` processes that spin on a CPU until killed."""
    return [
        subprocess.Popen([sys.executable, "-c", "while True: pass"])
        for _ in range(count)
    ]


def run(engine: Any, sizes: Sequence[int], label: str) -> dict[int, Any]:
    results = {}
    for n in sizes:
        swiss = swiss_event(engine, n, base=False)
        base = swiss_event(engine, n, base=True)
        plan = no_repeat(engine, n)
        results[n] = (swiss, base, plan)
        print(
            f"| {label} | {n} | {swiss['spread']:.2f} "
            f"| {' '.join(f'{s:.1f}' for s in swiss['rounds'])} "
            f"| {swiss['repeats']} | {swiss['wind']} | {swiss['cpu']:.1f} "
            f"| {swiss['slowest']:.1f} | {swiss['stopped']} "
            f"| {swiss['costlier']} / {swiss['wider']} "
            f"| {base['spread']:.2f} | {base['repeats']} | {base['wind']} "
            f"| {base['cpu']:.1f} | {plan['repeats']} | {plan['mates']} "
            f"| {plan['cpu']:.1f} | {plan['stopped']} |",
            flush=True,
        )
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[400, 1600, 3200])
    parser.add_argument("--load", type=int, default=0, help="busy processes")
    parser.add_argument("--repo", type=Path, default=Path(__file__).parents[1])
    args = parser.parse_args()
    engine = _engine(args.repo.resolve())
    head = subprocess.run(
        ["git", "-C", str(args.repo), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    ).stdout.strip()
    now = datetime.now(UTC)
    print(
        f"{platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, {now:%Y-%m-%d %H:%M} UTC, code at {head}, "
        f"load average {os.getloadavg()[0]:.1f} before the run\n"
    )
    print(
        "| run | N | Swiss spread | per round 1-8 | repeats | wind | CPU s "
        "| slowest round s | clock stopped | rounds costlier / wider than baseline "
        "| baseline spread | repeats | wind | CPU s "
        "| no-repeat repeats | club-mates together | CPU s | clock stopped |"
    )
    print("|" + "---|" * 18)
    quiet = run(engine, args.sizes, "unloaded")
    if args.load:
        busy = _busy(args.load)
        try:
            loaded = run(engine, args.sizes, f"{args.load} busy loops")
        finally:
            for process in busy:
                process.kill()
                process.wait()
        print()
        for n in args.sizes:
            same = all(
                quiet[n][k]["digest"] == loaded[n][k]["digest"] for k in range(3)
            )
            print(f"- {n} players: same plans under load: {'yes' if same else 'no'}")


if __name__ == "__main__":
    main()
