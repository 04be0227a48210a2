"""Search a design on Z_g x 4 levels: one base round and fixed rounds (SAT).

    .venv/bin/pip install python-sat     # once: an offline tool's solver
    .venv/bin/python scripts/find_level_bases.py --players 100 --field --symmetry 8:1230
    .venv/bin/python scripts/find_level_bases.py --players 84 --symmetry 4:1203

Players are (x, c), x in Z_g and a level c in {0, 1, 2, 3}, coded c g + x,
with g = players / 4 (``--field``: x in GF(g), g = p^2). The rounds are:

* the g translates (x -> x + i) of one base round: a partition of the 4 g
  players into g tables;
* k = floor((players - 1) / 3) - g fixed rounds, each the g translates of
  one transversal table {(a_0, 0), (a_1, 1), (a_2, 2), (a_3, 3)}, which is
  its own round (a_0 = 0: translating the table gives the same round),
  and the rounds of ``SPECIAL`` as they are (96 players).

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
``--symmetry m:1230`` (one or more) the base round and the keys the fixed
rounds take are asked to be invariant under (x, c) -> (m x, levels[c]) with
levels = 1230, which cuts the search (the excluded keys must be invariant
too; ``--exclude c,e,d`` replaces them).

Prints the base round and the fixed rounds in the form of
``tournaments.seating.designs._LEVEL_DESIGNS`` (the solver is complete: "no
such design" is a proof, for the symmetry asked). Reuses the
key-exactly-once ``SatModel`` of scripts/find_rotational_bases.py; run it
under ``timeout`` (the solver holds the interpreter: no clock inside).

Found (issue 17, 2-CPU shared machine, under nice; docs/benchmarks.md,
"Issue 17: designs at the bound for 84 and 100 players"):
100 over GF(25) with the order-8 symmetry above in 2 s (over Z_25 with
7:1230, nothing in 8 CPU minutes); 84 with 4:1203 in 2 CPU minutes. Not
found: 68, 92 and 96 (every run, stopped after 4.5-10 CPU minutes or proved
empty in seconds, is listed in that section; an odd number of fixed rounds
rules out any symmetry holding (-x, c) for 68 and 92). 96 was then built
without a search (scripts/build_wilson_96.py; docs/benchmarks.md, "Issue
17: 96 players at the bound by Wilson's construction"), and 92 found in
another form (scripts/find_six_class_bases.py).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from pathlib import Path

from find_rotational_bases import SatModel

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tournaments.seating.designs import _Field

Key = tuple[int, int, int]
Tables = list[tuple[int, ...]] | tuple[tuple[int, ...], ...]

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
    # type 3^32: each level splits into {x, x + 8, x + 16}; and the keys of
    # the round in SPECIAL
    96: [(c, c, 8) for c in range(4)] + [(0, 1, 0), (0, 1, 12), (2, 3, 0), (2, 3, 12)],
}

#: players -> fixed rounds given as they are (the distinct translates of
#: their tables). For g = 24 a level's pure key 12 is taken by no base table
#: (it would take it twice) and by no transversal table: this round takes
#: them all, and (0, 1, 0), (0, 1, 12), (2, 3, 0), (2, 3, 12).
SPECIAL: dict[int, list[tuple[tuple[int, ...], ...]]] = {
    96: [((0, 12, 24, 36), (48, 60, 72, 84))],
}


class Levels:
    """The players, keys and rounds over the group: Z_g, or with ``field``
    the additive group of GF(p^2) (g = p^2, x coded as in
    ``tournaments.seating.designs._Field``), whose multipliers are the
    field's units."""

    def __init__(
        self, players: int, field: bool = False, exclude: list[Key] | None = None
    ) -> None:
        self.players, self.g = players, players // 4
        self.special = SPECIAL.get(players, [])
        self.fixed = (players - 1) // 3 - self.g - len(self.special)
        self.excluded = set(EXCLUDED[players] if exclude is None else exclude)
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

    def rounds(self, base: Tables, fixed: list[Tables]) -> list[Tables]:
        """As ``tournaments.seating.designs._level_rounds`` develops them."""
        g = self.g

        def move(t: tuple[int, ...], i: int) -> tuple[int, ...]:
            return tuple(p - p % g + self.add(p % g, i) for p in t)

        developed = [[move(t, i) for t in base] for i in range(g)]
        for tables in fixed:
            developed.append(
                sorted({tuple(sorted(move(t, i))) for t in tables for i in range(g)})
            )
        return developed

    def check(self, rounds: list[Tables]) -> None:
        met: set[tuple[int, int]] = set()
        for r in rounds:
            assert sorted(p for t in r for p in t) == list(range(self.players))
            for t in r:
                for p, q in itertools.combinations(sorted(t), 2):
                    assert (p, q) not in met, (p, q)
                    met.add((p, q))
        assert len(rounds) == (self.players - 1) // 3


def solve(
    levels: Levels, symmetries: list[tuple[int, list[int]]]
) -> tuple[Tables, list[Tables]] | None:
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
    if not symmetries:  # (under a symmetry, translations move its centre)
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
    for m, perm in symmetries:
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
    model = sat.solve()
    if model is None:
        return None
    base: list[tuple[int, ...]] = []
    for p in range(n):
        if not any(p in t for t in base):
            base.append(
                tuple([p] + [q for q in range(n) if q != p and same(p, q) in model])
            )
    fixed = [
        (
            tuple(
                c * g + next(x for x in range(g) if a(r, c, x) in model)
                for c in range(4)
            ),
        )
        for r in range(k)
    ]
    return base, fixed + levels.special


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True, choices=sorted(EXCLUDED))
    parser.add_argument("--symmetry", action="append", default=[], metavar="M:LEVELS")
    parser.add_argument("--exclude", action="append", metavar="C,E,D")
    parser.add_argument("--field", action="store_true", help="GF(p^2), not Z_g")
    args = parser.parse_args()
    exclude = None
    if args.exclude is not None:
        exclude = [
            (c, e, d) for c, e, d in (map(int, k.split(",")) for k in args.exclude)
        ]
    levels = Levels(args.players, args.field, exclude)
    symmetries = []
    for spec in args.symmetry:
        m, images = spec.split(":")
        symmetries.append((int(m), [int(c) for c in images]))
    start = time.process_time()
    found = solve(levels, symmetries)
    print(f"{time.process_time() - start:.0f} CPU s", file=sys.stderr)
    if found is None:
        print("no such design", file=sys.stderr)
        return 1
    base, fixed = found
    levels.check(levels.rounds(base, fixed))
    print(f"{args.players}: ({levels.g}, {tuple(sorted(base))!r}, {tuple(fixed)!r}),")
    return 0


if __name__ == "__main__":
    sys.exit(main())
