"""Search a design on Z_g x 4 levels: one base round and fixed rounds (SAT).

    /path/to/a/venv/with/python-sat/bin/python \
        scripts/find_level_bases.py --players 100 --field --multiplier 8 \
        --levels 1230

Players are (x, c), x in Z_g and a level c in {0, 1, 2, 3}, coded c g + x,
with g = players / 4. The rounds are:

* the g translates (x -> x + i) of one base round: a partition of the 4 g
  players into g tables;
* k = floor((players - 1) / 3) - g fixed rounds, each the g translates of
  one transversal table {(a_0, 0), (a_1, 1), (a_2, 2), (a_3, 3)}, which is
  its own round (a_0 = 0: translating the table gives the same round).

A pair's orbit under the translations is its key: (c, c, +-d) within a
level, (c, e, y - x) for (x, c), (y, e), c < e. The rounds are repeat-free
when each key is taken at most once, by a pair at a base table or by a fixed
round (which takes (c, e, a_e - a_c) for each c < e); "at most" is "exactly"
but for the keys the design leaves out (``EXCLUDED``: the pairs that never
meet, which make the resolvable 4-GDD's groups). A level's pure key d = g / 2
(g even) would be taken twice by a base table: it is left out too.

The SAT model's unknowns are "p and q share a base table" (each player has
three table-mates, table-mates of table-mates are table-mates: no table
numbering, so no table symmetry) and the fixed tables' a_c. Symmetry
breaking: the base pair {(0, 0), (1, 0)} (one pair takes key (0, 0, 1);
a translation moves it there), fixed tables in increasing a_1. With
``--multiplier m --levels 1230`` the base round and the set of fixed rounds
are asked to be invariant under (x, c) -> (m x, levels[c]), which cuts the
search (the excluded keys must be invariant too).

Prints the base round and the fixed tables in the form of
``tournaments.seating.designs._LEVEL_DESIGNS``; ``--time`` stops the solver
after that many seconds (a gap, not a proof). Reuses the key-exactly-once
``SatModel`` of scripts/find_rotational_bases.py.

Found (issue 17, 2-CPU shared machine, under nice): 100 over GF(25) with the
order-8 symmetry above in 2 s (over Z_25 with m = 7, nothing in 10 minutes).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import threading
import time
from pathlib import Path

from find_rotational_bases import SatModel

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tournaments.seating.designs import _Field

Key = tuple[int, int, int]

#: players -> the keys no round may take: each player misses the same number
#: of others, and the misses are unions of key orbits (the GDD's groups).
EXCLUDED: dict[int, list[Key]] = {
    # resolvable (100, 4, 1) design: every pair meets
    100: [],
    # type 2^34 and 2^46: (x, 0) misses (x, 2), (x, 1) misses (x, 3)
    # (shifting a level's x makes any such pairing difference 0)
    68: [(0, 2, 0), (1, 3, 0)],
    92: [(0, 2, 0), (1, 3, 0)],
    # type 3^28: (x, 0), (x, 1), (x, 2) miss each other; level 3 splits
    # into {x, x + 7, x + 14}
    84: [(0, 1, 0), (0, 2, 0), (1, 2, 0), (3, 3, 7)],
}


class Levels:
    """The players, keys and rounds over the group: Z_g, or with ``field``
    the additive group of GF(p^2) (g = p^2, x coded as in
    ``tournaments.seating.designs._Field``), whose multipliers are the
    field's units."""

    def __init__(self, players: int, field: bool = False) -> None:
        self.players, self.g = players, players // 4
        self.fixed = (players - 1) // 3 - self.g
        self.excluded = set(EXCLUDED[players])
        g = self.g
        if g % 2 == 0:
            self.excluded.update((c, c, g // 2) for c in range(4))
        if field:
            p = round(g**0.5)
            gf = _Field(p, 2)
            self.add, self.mul = gf.add, gf.mul
            self.neg = [gf.neg(x) for x in range(g)].__getitem__
        else:
            self.add = lambda x, y: (x + y) % g
            self.mul = lambda x, y: x * y % g
            self.neg = lambda x: -x % g

    def key(self, p: int, q: int) -> Key:
        (c, x), (e, y) = divmod(p, self.g), divmod(q, self.g)
        if c == e:
            d = self.add(y, self.neg(x))
            return (c, c, min(d, self.neg(d)))
        if c > e:
            (c, x), (e, y) = (e, y), (c, x)
        return (c, e, self.add(y, self.neg(x)))

    def image(self, p: int, m: int, levels: list[int]) -> int:
        c, x = divmod(p, self.g)
        return levels[c] * self.g + self.mul(m, x)

    def rounds(
        self, base: list[tuple[int, ...]], fixed: list[tuple[int, ...]]
    ) -> list[list[tuple[int, ...]]]:
        g = self.g

        def move(p: int, i: int) -> int:
            return p - p % g + self.add(p % g, i)

        developed = [[tuple(move(p, i) for p in t) for t in base] for i in range(g)]
        for a in fixed:
            developed.append(
                [tuple(c * g + self.add(x, a[c]) for c in range(4)) for x in range(g)]
            )
        return developed

    def check(self, rounds: list[list[tuple[int, ...]]]) -> None:
        met: set[tuple[int, int]] = set()
        for r in rounds:
            assert sorted(p for t in r for p in t) == list(range(self.players))
            for t in r:
                for p, q in itertools.combinations(sorted(t), 2):
                    assert (p, q) not in met, (p, q)
                    met.add((p, q))
        assert len(rounds) == (self.players - 1) // 3


def solve(
    levels: Levels, m: int, perm: list[int] | None, seconds: float
) -> tuple[list[tuple[int, ...]], list[tuple[int, ...]]] | None:
    g, n, k = levels.g, levels.players, levels.fixed
    sat = SatModel()
    pool, clauses, keys, card = sat.pool, sat.clauses, sat.keys, sat.exactly

    def same(p: int, q: int) -> int:
        return pool.id(("same", min(p, q), max(p, q)))

    def a(r: int, c: int, x: int) -> int:  # fixed table r has a_c = x
        return pool.id(("a", r, c, x))

    for p in range(n):
        card([same(p, q) for q in range(n) if q != p], 3)
    for p, q, s in itertools.combinations(range(n), 3):
        clauses.append([-same(p, q), -same(q, s), same(p, s)])
        clauses.append([-same(p, q), -same(p, s), same(q, s)])
        clauses.append([-same(p, s), -same(q, s), same(p, q)])
    for p, q in itertools.combinations(range(n), 2):
        key = levels.key(p, q)
        if key in levels.excluded:
            clauses.append([-same(p, q)])
        else:
            keys.setdefault(key, []).append(same(p, q))
    if perm is None:  # (under the symmetry, translations move its centre)
        clauses.append([same(0, 1)])
    covered: dict[Key, list[int]] = {}
    for r in range(k):
        for c in range(4):
            card([a(r, c, x) for x in range(g)], 1)
        clauses.append([a(r, 0, 0)])
        if r:  # increasing a_1
            for x in range(g):
                clauses.append([-a(r, 1, x), *[a(r - 1, 1, y) for y in range(x)]])
        for c, e in itertools.combinations(range(4), 2):
            for d in range(g):
                takes = pool.id(("takes", r, c, e, d))
                for x in range(g):
                    y = levels.add(x, d)
                    clauses.append([-a(r, c, x), -a(r, e, y), takes])
                    clauses.append([-takes, -a(r, c, x), a(r, e, y)])
                key = (c, e, d)
                if key in levels.excluded:
                    clauses.append([-takes])
                else:
                    keys.setdefault(key, []).append(takes)
                    covered.setdefault(key, []).append(takes)
    if perm is not None:
        for p, q in itertools.combinations(range(n), 2):
            sp, sq = levels.image(p, m, perm), levels.image(q, m, perm)
            clauses.append([-same(p, q), same(sp, sq)])
        # the fixed rounds as a set: a key is taken by one of them or by none
        for (c, e, d), lits in covered.items():
            image = levels.key(
                levels.image(c * g, m, perm), levels.image(e * g + d, m, perm)
            )
            if image in levels.excluded:
                raise SystemExit(f"the excluded keys are not invariant: {image}")
            for lit in lits:
                clauses.append([-lit, *covered[image]])
    for key in levels.excluded:
        keys.pop(key, None)
    model = run(sat, seconds)
    if model is None:
        return None
    base: list[tuple[int, ...]] = []
    for p in range(n):
        if not any(p in t for t in base):
            base.append(
                tuple([p] + [q for q in range(n) if q != p and same(p, q) in model])
            )
    fixed = [
        tuple(next(x for x in range(g) if a(r, c, x) in model) for c in range(4))
        for r in range(k)
    ]
    return base, fixed


def run(sat: SatModel, seconds: float) -> set[int] | None:
    """``sat.solve()`` stopped after ``seconds`` (None then too)."""
    from pysat.solvers import Cadical153

    for lits in sat.keys.values():
        sat.exactly(lits, 1)
    print(
        f"{sat.pool.top} variables, {len(sat.clauses)} clauses, {len(sat.keys)} keys",
        file=sys.stderr,
    )
    solver = Cadical153(bootstrap_with=sat.clauses)
    timer = threading.Timer(seconds, solver.interrupt)
    timer.start()
    found = solver.solve_limited(expect_interrupt=True)
    timer.cancel()
    if not found:
        print("unsatisfiable" if found is False else "stopped", file=sys.stderr)
        return None
    return {v for v in solver.get_model() or [] if v > 0}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True, choices=sorted(EXCLUDED))
    parser.add_argument("--multiplier", type=int, default=1)
    parser.add_argument("--levels", help="level images, e.g. 1230")
    parser.add_argument("--field", action="store_true", help="GF(p^2), not Z_g")
    parser.add_argument("--time", type=float, default=600.0)
    args = parser.parse_args()
    levels = Levels(args.players, args.field)
    perm = None if args.levels is None else [int(c) for c in args.levels]
    start = time.process_time()
    found = solve(levels, args.multiplier, perm, args.time)
    print(f"{time.process_time() - start:.0f} CPU s", file=sys.stderr)
    if found is None:
        return 1
    base, fixed = found
    levels.check(levels.rounds(base, fixed))
    print(f"{args.players}: ({levels.g}, {tuple(sorted(base))!r}, {tuple(fixed)!r}),")
    return 0


if __name__ == "__main__":
    sys.exit(main())
