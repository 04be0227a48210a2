"""Ratings benchmark: five years of a 60-member club, rated in one run.

    .venv/bin/python bench/ratings.py            # 250 nights, 10,000 sessions
    .venv/bin/python bench/ratings.py --nights 25

Each club night 40 of the 60 members come (drawn with a seeded generator) and
play 4 sessions at 10 tables, re-drawn each session: 40 sessions a night,
10,000 sessions of four over 250 nights (about 40,000 hands at 4 hands a
session). A session's ranks follow each member's hidden strength plus noise;
about 1 session in 20 has a tie between two neighbours (equal table points).
The issue's target: the rating job for the whole history under 30 s.

Also times the EMA ranking of 2,000 players with 10 results each, for the
same job's other half. Prints markdown on stdout: the machine's load at the
start, each time, and the rank correlation between hidden strength and the
final ordinal (a sanity check that the ratings find the strong players).
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from datetime import date, timedelta
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from leagues.ema import EmaResult, ema_ranking
from leagues.ratings import TableSession, rate_sessions

MEMBERS = 60
PRESENT = 40
SESSIONS_PER_NIGHT = 4


def club_history(nights: int, seed: int) -> tuple[list[TableSession], dict[int, float]]:
    """The sessions of ``nights`` club nights, in play order, and each
    member's hidden strength."""
    rng = random.Random(seed)
    strength = {member: rng.gauss(0.0, 1.0) for member in range(1, MEMBERS + 1)}
    sessions = []
    for _ in range(nights):
        present = rng.sample(sorted(strength), PRESENT)
        for _ in range(SESSIONS_PER_NIGHT):
            rng.shuffle(present)
            for start in range(0, PRESENT, 4):
                table = tuple(present[start : start + 4])
                sessions.append(TableSession(table, _ranks(table, strength, rng)))
    return sessions, strength


def _ranks(
    table: tuple[int, ...], strength: dict[int, float], rng: random.Random
) -> tuple[int, ...]:
    play = sorted(table, key=lambda p: strength[p] + rng.gauss(0.0, 1.5), reverse=True)
    rank = {player: place for place, player in enumerate(play, start=1)}
    if rng.random() < 0.05:  # two neighbours on equal table points
        place = rng.randrange(1, 4)
        rank[play[place]] = place
    return tuple(rank[p] for p in table)


def spearman(a: list[float], b: list[float]) -> float:
    def ranks(xs: list[float]) -> list[int]:
        order = sorted(range(len(xs)), key=xs.__getitem__)
        out = [0] * len(xs)
        for position, index in enumerate(order):
            out[index] = position
        return out

    ra, rb = ranks(a), ranks(b)
    n = len(a)
    d2 = sum((x - y) ** 2 for x, y in zip(ra, rb, strict=True))
    return 1 - 6 * d2 / (n * (n * n - 1))


def ema_results(players: int, per_player: int, seed: int) -> list[EmaResult]:
    rng = random.Random(seed)
    on = date(2026, 11, 23)
    out = []
    for player in range(1, players + 1):
        for t in range(per_player):
            field = rng.choice([21, 41, 81, 101])
            out.append(
                EmaResult(
                    player,
                    f"{player}-{t}",
                    on - timedelta(days=rng.randrange(0, 900)),
                    rng.randint(1, field),
                    field,
                    Fraction(rng.choice([2, 3, 4, 5, 7]), 2),
                )
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--nights", type=int, default=250)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    load = os.getloadavg()
    print("# Ratings benchmark\n")
    print(
        f"- machine: {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} CPUs, Python {platform.python_version()}"
    )
    print(f"- load average at start: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")

    sessions, strength = club_history(args.nights, args.seed)
    ties = sum(len(set(s.ranks)) < len(s.ranks) for s in sessions)
    start = time.perf_counter()
    ratings = rate_sessions(sessions)
    rated_s = time.perf_counter() - start
    members = sorted(ratings)
    rho = spearman(
        [strength[m] for m in members], [ratings[m].ordinal for m in members]
    )
    sigmas = [ratings[m].sigma for m in members]
    print(
        f"- club: {MEMBERS} members, {args.nights} nights, {len(sessions)} "
        f"sessions of four ({ties} with a tie)"
    )
    print(
        f"- **rating the whole history: {rated_s:.2f} s** "
        f"({len(sessions) / rated_s:,.0f} sessions/s; target < 30 s)"
    )
    print(f"- hidden strength vs final ordinal, Spearman rho: {rho:.3f}")
    print(
        f"- final sigma: {min(sigmas):.3f} to {max(sigmas):.3f} (newcomer {25 / 3:.3f})"
    )

    results = ema_results(2000, 10, args.seed)
    start = time.perf_counter()
    ranking = ema_ranking(results, on=date(2026, 11, 23))
    ema_s = time.perf_counter() - start
    print(
        f"- EMA ranking of 2,000 players x 10 results: {ema_s:.2f} s "
        f"({len(ranking)} listed)"
    )


if __name__ == "__main__":
    main()
