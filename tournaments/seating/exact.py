"""Exact completion for small fields: rounds in which nobody meets twice.

The annealing search of the no-repeat mode can miss a repeat-free completion
that exists when it is the only one or one of few (20 players have five
repeat-free rounds at most, and after two or three of them played the rest is
nearly forced). A depth-first search settles it: each table is the first
unseated player with three unseated players who have met neither them nor each
other, and a branch dies as soon as someone unseated has fewer than three
possible table-mates left. The search counts its steps and gives up after
``limit`` of them, so it ends at the same point on any machine.
"""

from __future__ import annotations

from itertools import combinations

Plan = list[list[list[int]]]


class _OutOfSteps(Exception):
    pass


def complete(meet: list[list[int]], rounds: int, limit: int) -> Plan | None:
    """``rounds`` rounds of tables of four over players 0..n-1 in which no pair
    meets that met before (``meet[p][q] > 0``) or twice; None when there are
    none or the search ran out of steps."""
    n = len(meet)
    free = [{q for q in range(n) if q != p and not meet[p][q]} for p in range(n)]
    plan: Plan = []
    steps = [0]

    def seat(unseated: set[int], tables: list[list[int]]) -> bool:
        if not unseated:
            plan.append(tables)
            if len(plan) == rounds or seat(set(range(n)), []):
                return True
            plan.pop()
            return False
        p = min(unseated)
        mates = sorted(free[p] & unseated)
        for a, b, c in combinations(mates, 3):
            if b not in free[a] or c not in free[a] or c not in free[b]:
                continue
            steps[0] += 1
            if steps[0] > limit:
                raise _OutOfSteps
            table = [p, a, b, c]
            for x, y in combinations(table, 2):
                free[x].discard(y)
                free[y].discard(x)
            left = unseated - set(table)
            if all(len(free[q] & left) >= 3 for q in left) and seat(
                left, [*tables, table]
            ):
                return True
            for x, y in combinations(table, 2):
                free[x].add(y)
                free[y].add(x)
        return False

    try:
        return plan if rounds == 0 or seat(set(range(n)), []) else None
    except _OutOfSteps:
        return None
