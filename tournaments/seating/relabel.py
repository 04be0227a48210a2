"""Fit a design to the players: choose who plays which design point.

Any relabelling of a repeat-free design stays repeat-free, so a search over
relabellings (swap the points of two players) keeps that property while it
keeps club-mates apart, avoids pairs who already met in the history and
keeps players pinned to different tables apart (the tables are then
renumbered, and the design stays whole). With
no club and no history every relabelling is as good, and nothing is searched.
"""

from __future__ import annotations

import math

from .budget import Budget
from .plan_state import CLUB, REPEAT
from .problem import Problem

_TEMPERATURE = 20.0


#: Two players pinned to different tables seated together: the plan's tables
#: could then not be renumbered to put both at their table, and moving one of
#: them breaks the design.
PINNED_APART = 10 * REPEAT


def _weights(problem: Problem) -> list[list[int]]:
    """Cost of seating p and q together once more (history repeat, club,
    pinned to different tables)."""
    n, meet, club, pin = problem.n, problem.meet, problem.club, problem.pin
    return [
        [
            REPEAT * meet[p][q]
            + CLUB * (club[p] == club[q] and p != q)
            + PINNED_APART * (pin[p] >= 0 and pin[q] >= 0 and pin[p] != pin[q])
            for q in range(n)
        ]
        for p in range(n)
    ]


def _anything_costly(problem: Problem) -> bool:
    """Whether any pair costs something (a history meeting, a club, pins),
    checked in linear time (sums and counts run in C) before any n x n
    work."""
    clubs = [c for c in problem.club if c >= 0]
    return (
        len(set(clubs)) < len(clubs)
        or any(map(any, problem.meet))
        or sum(t >= 0 for t in problem.pin) > 1
    )


def relabel(
    problem: Problem, rounds: list[list[list[int]]], budget: Budget, iterations: int
) -> list[list[list[int]]]:
    """``rounds`` (of design points 0..n-1) with points given to players so
    that few planned meetings are costly."""
    n = problem.n
    if not _anything_costly(problem):
        return rounds
    weight = _weights(problem)
    costly = [p for p in range(n) if any(weight[p])]
    if not costly:  # pins at one table only
        return rounds
    together = [[0] * n for _ in range(n)]
    for round_ in rounds:
        for table in round_:
            for u in table:
                for v in table:
                    together[u][v] += u != v
    point = list(range(n))  # player -> design point
    rng = problem.rng
    for it in range(iterations):
        if it % 256 == 0 and budget.expired():
            break
        p = costly[rng.randrange(len(costly))]
        q = rng.randrange(n)
        if p == q:
            continue
        tp, tq, wp, wq = together[point[p]], together[point[q]], weight[p], weight[q]
        d = 0
        for x in range(n):
            if x != p and x != q:
                d += (tq[point[x]] - tp[point[x]]) * (wp[x] - wq[x])
        if d <= 0 or rng.random() < math.exp(-d / _TEMPERATURE):
            point[p], point[q] = point[q], point[p]
    player_at = [0] * n
    for player, at in enumerate(point):
        player_at[at] = player
    return [[[player_at[u] for u in table] for table in round_] for round_ in rounds]
