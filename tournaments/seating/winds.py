"""Seat winds: every player sits East, South, West and North as evenly as possible.

For a fixed table plan this is an equitable 4-edge-colouring of the bipartite
graph players x tables (a table has degree 4 and takes each wind once). Each
player's planned seats are cut into chunks of at most four, each chunk is a
vertex of degree <= 4, and a proper 4-edge-colouring of that bipartite graph
(König: always exists, found with alternating paths) gives every player each
wind floor(d/4) or ceil(d/4) times over the plan. Winds already played cannot
be changed; a descent pass then re-orders single tables to even out history
plus plan, and chains of seat exchanges across tables (``balance_by_paths``)
finish what single tables cannot, as after a withdrawal.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import permutations

from .stats import wind_counts
from .types import Round, Table

_PERMUTATIONS = tuple(permutations(range(4)))


class _EdgeColouring:
    """Proper edge colouring of a simple bipartite graph with 4 colours."""

    def __init__(self, left: int, right: int) -> None:
        self.at_left: list[list[int]] = [[-1] * 4 for _ in range(left)]
        self.at_right: list[list[int]] = [[-1] * 4 for _ in range(right)]

    def add(self, u: int, v: int) -> None:
        """Colour the edge u-v; both ends have degree <= 4 once added."""
        a = self.at_left[u].index(-1)
        b = self.at_right[v].index(-1)
        if self.at_left[u][b] == -1:
            a = b
        elif self.at_right[v][a] != -1:
            self._flip(v, a, b)
        self.at_left[u][a] = v
        self.at_right[v][a] = u

    def _flip(self, v: int, a: int, b: int) -> None:
        """Swap colours a and b on the alternating path starting at right v.

        The path cannot reach the left vertex the new edge starts from, since
        that vertex misses colour a (bipartite parity argument).
        """
        path: list[tuple[int, int, int]] = []  # (left, right, colour)
        on_right, vertex, colour = True, v, a
        while True:
            side = self.at_right if on_right else self.at_left
            other = side[vertex][colour]
            if other == -1:
                break
            if on_right:
                path.append((other, vertex, colour))
            else:
                path.append((vertex, other, colour))
            on_right, vertex = not on_right, other
            colour = b if colour == a else a
        for left, right, c in path:
            self.at_left[left][c] = -1
            self.at_right[right][c] = -1
        for left, right, c in path:
            new = b if c == a else a
            self.at_left[left][new] = right
            self.at_right[right][new] = left


def _equitable(rounds: Sequence[Sequence[Sequence[int]]]) -> list[list[list[int]]]:
    """Seat orders with each player's plan-only wind counts balanced."""
    table_ids: list[tuple[int, int]] = []
    seats_of: dict[int, int] = {}
    edges: list[tuple[int, int, int]] = []  # (player, its seat number, table)
    for r, round_ in enumerate(rounds):
        for t, members in enumerate(round_):
            table_ids.append((r, t))
            for player in members:
                edges.append((player, seats_of.get(player, 0), len(table_ids) - 1))
                seats_of[player] = seats_of.get(player, 0) + 1
    chunk_of: dict[tuple[int, int], int] = {}
    for player, index, _ in edges:
        chunk_of.setdefault((player, index // 4), len(chunk_of))
    colouring = _EdgeColouring(len(chunk_of), len(table_ids))
    for player, index, table in edges:
        colouring.add(chunk_of[(player, index // 4)], table)
    left_player = {chunk: player for (player, _), chunk in chunk_of.items()}
    result: list[list[list[int]]] = [[[] for _ in round_] for round_ in rounds]
    for number, (r, t) in enumerate(table_ids):
        result[r][t] = [left_player[c] for c in colouring.at_right[number]]
    return result


def _descent(history: Sequence[Round], plan: list[list[list[int]]]) -> None:
    """Re-order single tables while that lowers the sum of squared counts."""
    counts = wind_counts([*history, *plan])
    for _ in range(8):
        changed = False
        for round_ in plan:
            for table in round_:
                rows = [counts[p] for p in table]
                for seat, row in enumerate(rows):
                    row[seat] -= 1
                best = min(
                    _PERMUTATIONS,
                    key=lambda perm: sum(rows[i][perm[i]] for i in range(4)),
                )
                if any(best[i] != i for i in range(4)):
                    changed = True
                    table[:] = [table[best.index(s)] for s in range(4)]
                for seat, player in enumerate(table):
                    counts[player][seat] += 1
        if not changed:
            return


def assign_winds(
    history: Sequence[Round], rounds: Sequence[Sequence[Sequence[int]]]
) -> tuple[Round, ...]:
    """Seat order (E, S, W, N) for each planned table; table order is kept.

    ``rounds`` gives each planned table's four players in any order. Two
    starts are polished by the descent: the equitable colouring (optimal
    without history) and a round-by-round greedy that follows the history;
    the more even result wins.
    """
    plans = [_equitable(rounds), _sequential(history, rounds)]
    for plan in plans:
        _descent(history, plan)
        if history:
            balance_by_paths(history, plan)
    best = min(plans, key=lambda plan: _unevenness(history, plan))
    return tuple(tuple(_as_table(table) for table in round_) for round_ in best)


def _sequential(
    history: Sequence[Round], rounds: Sequence[Sequence[Sequence[int]]]
) -> list[list[list[int]]]:
    """Each table in turn takes the seating that best evens its players'
    counts so far (history first)."""
    counts = wind_counts(history)
    plan = []
    for round_ in rounds:
        seated = []
        for members in round_:
            rows = [counts.setdefault(p, [0, 0, 0, 0]) for p in members]
            best = min(
                _PERMUTATIONS, key=lambda perm: sum(rows[i][perm[i]] for i in range(4))
            )
            for i, row in enumerate(rows):
                row[best[i]] += 1
            seated.append([members[best.index(s)] for s in range(4)])
        plan.append(seated)
    return plan


def _unevenness(
    history: Sequence[Round], plan: list[list[list[int]]]
) -> tuple[int, int]:
    """(Worst player's max - min, sum of squared counts): lower is more even."""
    counts = wind_counts([*history, *plan]).values()
    return max(max(c) - min(c) for c in counts), sum(x * x for c in counts for x in c)


def _as_table(players: Sequence[int]) -> Table:
    return (players[0], players[1], players[2], players[3])


def balance_by_paths(history: Sequence[Round], plan: list[list[list[int]]]) -> None:
    """Even out history plus plan by chains of seat exchanges.

    A player x with too many of wind a and too few of b gives an a seat to y
    who sits b at the same table; y passes the surplus on the same way, until
    a player z who can take one more a and one less b (a breadth-first search
    over players, so each exchange is at another table). Intermediate players'
    counts do not change. Single tables cannot do this when every table of x
    is balanced on its own, which is what a withdrawal leaves behind: the
    history fixed some winds, and the substitute owes the others.
    """
    counts = wind_counts([*history, *plan])
    seats: dict[int, list[list[int]]] = {}
    for round_ in plan:
        for table in round_:
            for player in table:
                seats.setdefault(player, []).append(table)
    for _ in range(4 * len(counts)):
        uneven = [p for p in seats if max(counts[p]) - min(counts[p]) > 1]
        if not any(_augment(p, counts, seats) for p in uneven):
            return


def _augment(
    x: int, counts: dict[int, list[int]], seats: dict[int, list[list[int]]]
) -> bool:
    """One chain from x's most-played wind to its least-played; True if found."""
    row = counts[x]
    a = row.index(max(row))
    b = row.index(min(row))
    parent: dict[int, tuple[int, list[int]]] = {x: (-1, [])}
    frontier = [x]
    while frontier:
        following = []
        for y in frontier:
            for table in seats[y]:
                if table[a] != y:
                    continue
                z = table[b]
                if z in parent:
                    continue
                parent[z] = (y, table)
                new = [n + (w == a) - (w == b) for w, n in enumerate(counts[z])]
                if max(new) - min(new) <= 1:
                    _apply(z, parent, a, b, counts)
                    return True
                following.append(z)
        frontier = following
    return False


def _apply(
    z: int,
    parent: dict[int, tuple[int, list[int]]],
    a: int,
    b: int,
    counts: dict[int, list[int]],
) -> None:
    """Swap the a and b seats along the chain ending at z."""
    counts[z][a] += 1
    counts[z][b] -= 1
    node = z
    while True:
        previous, table = parent[node]
        if previous < 0:
            break
        table[a], table[b] = table[b], table[a]
        node = previous
    counts[node][a] -= 1
    counts[node][b] += 1
