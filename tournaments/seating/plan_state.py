"""Mutable plan under search: tables, positions and pair meetings, with the
cost of a swap computed from the twelve pairs it changes.

Cost (lower is better), in the order of the issue's objectives: each repeated
meeting of a pair costs REPEAT, and a pair's third or later meeting costs
EXCESS more per meeting beyond two, so that two pairs meeting twice beat one
pair meeting three times (a search may weigh it more: see norepeat's second
pass); club-mates at one table cost CLUB; a pair seated
together in two consecutive rounds costs CONSECUTIVE (repeats are spread out).
Pairs that met only in the history have a constant cost, left out.
"""

from __future__ import annotations

from .problem import Problem

REPEAT = 100
EXCESS = 100
CLUB = 40
CONSECUTIVE = 10


def pair_cost(k: int, excess: int = EXCESS) -> int:
    """Cost of a pair that met k times in all (history plus plan)."""
    return 0 if k <= 1 else REPEAT * (k - 1) + excess * (k - 1) * (k - 2) // 2


class PlanState:
    """Planned rounds of player indices, table order meaningful (pins)."""

    def __init__(
        self,
        problem: Problem,
        rounds: list[list[list[int]]],
        excess: int = EXCESS,
    ) -> None:
        n = problem.n
        self.problem = problem
        self.tables = rounds
        self.where = [[0] * n for _ in rounds]
        self.cnt = [row[:] for row in problem.meet]
        # A pair met at most as often as its players played (plus one round
        # a look-ahead may add to the history): a bound in linear time.
        played = max((sum(row) for row in problem.winds), default=0)
        self.pair = [pair_cost(k, excess) for k in range(len(rounds) + played + 4)]
        self.club = problem.club
        for r, round_ in enumerate(rounds):
            for t, table in enumerate(round_):
                for p in table:
                    self.where[r][p] = t
                    for q in table:
                        if q != p:
                            self.cnt[p][q] += 1

        # Rows of ``where`` are updated in place, so these stay current.
        self.before = [problem.last, *self.where[:-1]]
        self.after: list[list[int] | None] = [*self.where[1:], None]

    def neighbours(self, r: int) -> tuple[list[int], list[int] | None]:
        """Table positions in the round before r (history's last round for the
        first planned round) and after r, if any."""
        return self.before[r], self.after[r]

    def _planned_pairs(self) -> set[tuple[int, int]]:
        return {
            (p, q) if p < q else (q, p)
            for round_ in self.tables
            for table in round_
            for p in table
            for q in table
            if p != q
        }

    def cost(self) -> int:
        """Full cost of the plan (used once; searches add deltas)."""
        meet, cnt, pair = self.problem.meet, self.cnt, self.pair
        # Only pairs that meet in the plan cost more than their history.
        total = sum(
            pair[cnt[p][q]] - pair[meet[p][q]] for p, q in self._planned_pairs()
        )
        for r, round_ in enumerate(self.tables):
            before, _ = self.neighbours(r)
            for table in round_:
                for i, p in enumerate(table):
                    for q in table[i + 1 :]:
                        total += CLUB * (self.club[p] == self.club[q])
                        total += CONSECUTIVE * (before[p] == before[q] >= 0)
        return total

    def beyond_two(self) -> int:
        """Meetings beyond a pair's second, history included, over the pairs
        the plan seats together."""
        cnt = self.cnt
        return sum(max(0, cnt[p][q] - 2) for p, q in self._planned_pairs())

    def delta(self, r: int, a: int, b: int) -> int:
        """Change of cost if a and b (different tables of round r) swap."""
        where = self.where[r]
        before, after = self.neighbours(r)
        return self._leave_join(r, a, b, where[a], before, after) + self._leave_join(
            r, b, a, where[b], before, after
        )

    def _leave_join(
        self,
        r: int,
        a: int,
        b: int,
        ta: int,
        before: list[int],
        after: list[int] | None,
    ) -> int:
        """Cost change at a's table when a leaves it and b takes a's seat."""
        pair, ca, cb, club = self.pair, self.cnt[a], self.cnt[b], self.club
        club_a, club_b = club[a], club[b]
        d = 0
        for x in self.tables[r][ta]:
            if x == a:
                continue
            k = ca[x]
            d += pair[k - 1] - pair[k]
            k = cb[x]
            d += pair[k + 1] - pair[k]
            cx = club[x]
            d += CLUB * ((cx == club_b) - (cx == club_a))
            bx = before[x]
            if bx >= 0:
                d += CONSECUTIVE * ((before[b] == bx) - (before[a] == bx))
            if after is not None:
                ax = after[x]
                d += CONSECUTIVE * ((after[b] == ax) - (after[a] == ax))
        return d

    def swap(self, r: int, a: int, b: int) -> None:
        where = self.where[r]
        ta, tb = where[a], where[b]
        table_a, table_b = self.tables[r][ta], self.tables[r][tb]
        cnt = self.cnt
        for x in table_a:
            if x != a:
                cnt[a][x] -= 1
                cnt[x][a] -= 1
                cnt[b][x] += 1
                cnt[x][b] += 1
        for y in table_b:
            if y != b:
                cnt[b][y] -= 1
                cnt[y][b] -= 1
                cnt[a][y] += 1
                cnt[y][a] += 1
        table_a[table_a.index(a)] = b
        table_b[table_b.index(b)] = a
        where[a], where[b] = tb, ta

    def conflicted(self, r: int, p: int) -> bool:
        """True when p's table in round r costs something because of p."""
        before, after = self.neighbours(r)
        cp, club = self.cnt[p], self.club
        for x in self.tables[r][self.where[r][p]]:
            if x != p and (
                cp[x] > 1
                or club[x] == club[p]
                or before[x] == before[p] >= 0
                or (after is not None and after[x] == after[p])
            ):
                return True
        return False

    def conflicts(self) -> list[tuple[int, int]]:
        """(round, player) of every movable player in a costly seat: the
        players ``conflicted`` finds, table by table over its six pairs (the
        annealing refreshes this list often; one call per player was most of
        its time)."""
        pin, cnt, club = self.problem.pin, self.cnt, self.club
        found: list[tuple[int, int]] = []
        for r, round_ in enumerate(self.tables):
            before, after = self.neighbours(r)
            for table in round_:
                costly = set()
                for i, p in enumerate(table):
                    cp, bp, kp = cnt[p], before[p], club[p]
                    ap = -1 if after is None else after[p]
                    for q in table[i + 1 :]:
                        if (
                            cp[q] > 1
                            or club[q] == kp
                            or before[q] == bp >= 0
                            or (after is not None and after[q] == ap)
                        ):
                            costly.add(p)
                            costly.add(q)
                if costly:
                    found += [(r, p) for p in table if p in costly and pin[p] < 0]
        return found

    def snapshot(self) -> list[list[list[int]]]:
        return [[table[:] for table in round_] for round_ in self.tables]
