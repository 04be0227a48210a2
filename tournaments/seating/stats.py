"""Figures of any set of rounds: repeated pairs, meetings and wind balance."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from .types import SeatingStats


def pair_counts(rounds: Sequence[Sequence[Sequence[int]]]) -> Counter[tuple[int, int]]:
    """How many times each pair (smaller id first) sat at the same table."""
    counts: Counter[tuple[int, int]] = Counter()
    for round_ in rounds:
        for table in round_:
            for a, b in combinations(sorted(table), 2):
                counts[(a, b)] += 1
    return counts


def wind_counts(rounds: Sequence[Sequence[Sequence[int]]]) -> dict[int, list[int]]:
    """Each player's count of East, South, West and North seats."""
    counts: dict[int, list[int]] = {}
    for round_ in rounds:
        for table in round_:
            for seat, player in enumerate(table):
                counts.setdefault(player, [0, 0, 0, 0])[seat % 4] += 1
    return counts


def plan_stats(history_and_plan: Sequence[Sequence[Sequence[int]]]) -> SeatingStats:
    """Figures of the given rounds, tables in seat order E, S, W, N.

    Used on history plus plan, and again after an organiser swaps players by
    hand, so it accepts any nested sequences and checks nothing.
    """
    meetings = pair_counts(history_and_plan)
    winds = wind_counts(history_and_plan)
    return SeatingStats(
        repeated_pairs=sum(count - 1 for count in meetings.values()),
        max_meetings=max(meetings.values(), default=0),
        wind_imbalance=max((max(c) - min(c) for c in winds.values()), default=0),
    )
