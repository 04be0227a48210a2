"""Search two base rounds on Z_g x 6 classes + 2 fixed players (SAT).

    .venv/bin/pip install python-sat     # once: an offline tool's solver
    .venv/bin/python scripts/find_six_class_bases.py --g 15 --inv 4:0:345012

A resolvable 4-GDD of type 2^(3g + 1): N = 6g + 2 players, (N - 2) / 3 = 2g
rounds, each player missing exactly one other. Players are (x, c), x in Z_g
and a class c in 0..5, coded c g + x, and two fixed players coded 6g + j;
(x, c) misses (x, c + 3), the fixed players miss each other. Two base rounds
R0 and R1, each developed by the g translations (x -> x + i, fixed players
unchanged), as ``tournaments.seating.designs._CYCLIC_BASES`` develops them.

With pi = (012)(345) on the classes, R0 is asked to be invariant under
(x, c) -> (x, pi c) and R1 under the twisted rotation (x, c) ->
(x + t_(c mod 3), pi c), t_0 + t_1 + t_2 = 0 (mod g); by default each t is
g / 3 (so 3 | g), ``--twist t0,t1,t2`` chooses others. The two fixed
players' tables are their own images, and the twist makes them take other
keys in R1 than in R0 (with pi alone in both they would take the same ones,
which is why the one-round form over Z_g x 3 + 2 has no such symmetry for 68
and 92). In R0 the first fixed player sits with (0, 0), (0, 1), (0, 2) and
the second with (b, 3), (b, 4), (b, 5); in R1 the second sits with (0, 0),
(t_0, 1), (t_0 + t_1, 2), the first with the same offsets from (e, 3).
``--inv e:t:images`` also asks both rounds to be invariant under the
involution (x, c) -> (e x + t, images[c]).

The unknowns are "p and q share a table of R_i" (three table-mates each,
transitive), one per orbit of pairs under R_i's symmetries; every key (a
pair's orbit under the translations) is taken exactly once over the two
rounds, but the missed pairs. The solver is complete: "none" is a proof for
the symmetry asked. Prints the ``_CYCLIC_BASES`` entry; the same command
gives the same rounds (the solver is deterministic).

Found (issue 17, docs/benchmarks.md, "Issue 17: 92 players at the bound"):
92 (g = 15) with --inv 4:0:345012 in 20 CPU seconds; 56 (g = 9) without
--inv in 20 s (56 was shipped already). 68 (g = 11) has no twist: unequal
offsets are refuted in under a second (docs/benchmarks.md says why).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time
from collections.abc import Callable

PI = (1, 2, 0, 4, 5, 3)
Map = Callable[[int], int]


class SixClasses:
    def __init__(
        self,
        g: int,
        involution: tuple[int, int, list[int]] | None,
        twist: tuple[int, int, int] | None = None,
    ):
        if twist is None:
            if g % 3:
                raise SystemExit(f"g = {g}: the twist g / 3 needs 3 | g (or --twist)")
            twist = (g // 3,) * 3
        if sum(twist) % g or any(t % g == 0 for t in twist):
            raise SystemExit(f"the twist {twist} must be nonzero, of sum 0 mod {g}")
        self.g, self.twist, self.finite = g, twist, 6 * g
        self.n = self.finite + 2
        self.maps = {i: self._group(i, involution) for i in (0, 1)}

    def point(self, x: int, c: int) -> int:
        return c * self.g + x % self.g

    def _group(
        self, i: int, involution: tuple[int, int, list[int]] | None
    ) -> list[Map]:
        """Round i's symmetries: the class rotation (twisted for R1), and
        with ``involution`` its products with that map."""
        g, shift = self.g, (self.twist if i == 1 else (0, 0, 0))

        def rotate(p: int, k: int) -> int:
            x, c = p % g, p // g
            for _ in range(k):
                x, c = x + shift[c % 3], PI[c]
            return self.point(x, c)

        maps: list[Map] = [lambda p, k=k: rotate(p, k) for k in range(3)]
        if involution is None:
            return maps
        e, t, images = involution

        def flip(p: int) -> int:
            return self.point(e * (p % g) + t, images[p // g])

        maps += [lambda p, f=f: flip(f(p)) for f in maps]
        points = range(self.finite)
        closed = {tuple(f(p) for p in points) for f in maps}
        for f, h in itertools.product(maps, repeat=2):
            if tuple(f(h(p)) for p in points) not in closed:
                raise SystemExit("the involution and the rotation make no group")
        return maps

    def missed(self, p: int, q: int) -> bool:
        return p % self.g == q % self.g and abs(p // self.g - q // self.g) == 3

    def key(self, p: int, q: int) -> tuple[int, int, int]:
        g = self.g
        (c, x), (e, y) = divmod(p, g), divmod(q, g)
        if c == e:
            d = (y - x) % g
            return (c, c, min(d, g - d))
        return (c, e, (y - x) % g)


def solve(form: SixClasses) -> list[list[tuple[int, ...]]] | None:
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Solver

    g, finite = form.g, form.finite
    at = (0, form.twist[0], form.twist[0] + form.twist[1])  # R1's rotation orbit of 0
    pool, clauses = IDPool(), []
    point = form.point
    ids: dict[tuple[int, int, int], int] = {}

    def same(i: int, p: int, q: int) -> int:
        key = (i, p, q) if p < q else (i, q, p)
        if key not in ids:
            orbit = min(tuple(sorted((f(p), f(q)))) for f in form.maps[i])
            ids[key] = pool.id(("S", i, *orbit))
        return ids[key]

    false, true = pool.id("false"), pool.id("true")
    clauses += [[-false], [true]]
    for i in (0, 1):
        for p, q in itertools.combinations(range(finite), 2):
            if form.missed(p, q):
                clauses.append([-same(i, p, q)])

    # The fixed players' tables: b and e choose the second table of each round.
    b = [pool.id(("B", x)) for x in range(g)]
    e = [pool.id(("E", x)) for x in range(g)]
    for lits in (b, e):
        clauses += CardEnc.equals(
            lits=lits, bound=1, vpool=pool, encoding=EncType.pairwise
        ).clauses
    with_fixed: dict[int, dict[int, int | list[int]]] = {0: {}, 1: {}}
    for c in range(3):
        with_fixed[0][point(0, c)] = true
        with_fixed[1][point(at[c], c)] = true
    for c, d in itertools.combinations(range(3), 2):
        clauses.append([same(0, point(0, c), point(0, d))])
        clauses.append([same(1, point(at[c], c), point(at[d], d))])
    for x in range(g):
        for i, lit, trio in (
            (0, b[x], [point(x, 3), point(x, 4), point(x, 5)]),
            (1, e[x], [point(x + at[0], 3), point(x + at[1], 4), point(x + at[2], 5)]),
        ):
            for p in trio:
                found = with_fixed[i].setdefault(p, [])
                if isinstance(found, list):
                    found.append(lit)
            for p, q in itertools.combinations(trio, 2):
                clauses.append([-lit, same(i, p, q)])

    # Three table-mates each (two when a fixed player is one of them).
    for i in (0, 1):
        for p in range(finite):
            lits = [same(i, p, q) for q in range(finite) if q != p]
            fixed = with_fixed[i].get(p)
            bound = 2 if fixed == true else 3
            if isinstance(fixed, list):
                lits += fixed
            clauses += CardEnc.equals(
                lits=lits, bound=bound, vpool=pool, encoding=EncType.seqcounter
            ).clauses

    # Table-mates of table-mates are table-mates.
    seen: set[tuple[int, int, int, int]] = set()
    for i in (0, 1):
        for q in range(finite):
            for p, r in itertools.combinations([t for t in range(finite) if t != q], 2):
                clause = (i, same(i, p, q), same(i, q, r), same(i, p, r))
                if clause not in seen:
                    seen.add(clause)
                    clauses.append([-clause[1], -clause[2], clause[3]])

    # Every key once over both rounds, but the missed pairs' keys.
    keys: dict[tuple[int, int, int], list[int]] = {}
    for i in (0, 1):
        for p, q in itertools.combinations(range(finite), 2):
            keys.setdefault(form.key(p, q), []).append(same(i, p, q))
    for (c, d, delta), lits in keys.items():
        if not (abs(c - d) == 3 and delta == 0):
            clauses += CardEnc.equals(
                lits=lits, bound=1, vpool=pool, encoding=EncType.seqcounter
            ).clauses

    print(f"{pool.top} variables, {len(clauses)} clauses", file=sys.stderr)
    solver = Solver(name="cadical195", bootstrap_with=clauses)
    if not solver.solve():
        return None
    model = {v for v in solver.get_model() or [] if v > 0}
    bases = []
    for i in (0, 1):
        tables: list[list[int]] = []
        for p in range(finite):
            if not any(p in t for t in tables):
                tables.append(
                    [p]
                    + [q for q in range(finite) if q != p and same(i, p, q) in model]
                )
        fixed_for_low_classes = 0 if i == 0 else 1
        for t in tables:
            if len(t) == 3:
                j = (
                    fixed_for_low_classes
                    if t[0] // g < 3
                    else 1 - fixed_for_low_classes
                )
                t.append(finite + j)
        bases.append(sorted(tuple(sorted(t)) for t in tables))
    return bases


def check(form: SixClasses, bases: list[list[tuple[int, ...]]]) -> None:
    g, finite, met = form.g, form.finite, set()
    for base in bases:
        for i in range(g):
            round_ = [
                tuple(p if p >= finite else p - p % g + (p % g + i) % g for p in t)
                for t in base
            ]
            assert sorted(p for t in round_ for p in t) == list(range(form.n))
            for t in round_:
                for pair in itertools.combinations(sorted(t), 2):
                    assert pair not in met, pair
                    met.add(pair)
    assert len(met) == form.n * (form.n - 2) // 2  # each misses exactly one


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--g", type=int, required=True, help="Z_g")
    parser.add_argument("--inv", metavar="E:T:IMAGES", help="e.g. 4:0:345012")
    parser.add_argument(
        "--twist", metavar="T0,T1,T2", help="R1's offsets (default g/3 each)"
    )
    args = parser.parse_args()
    involution = None
    if args.inv:
        e, t, images = args.inv.split(":")
        involution = (int(e), int(t), [int(c) for c in images])
    twist = None
    if args.twist:
        t0, t1, t2 = (int(t) for t in args.twist.split(","))
        twist = (t0, t1, t2)
    form = SixClasses(args.g, involution, twist)
    start = time.process_time()
    bases = solve(form)
    print(f"{time.process_time() - start:.0f} CPU s", file=sys.stderr)
    if bases is None:
        print("none: no such base rounds", file=sys.stderr)
        return 1
    check(form, bases)
    print(f"{form.n}: ({form.g}, 6, {tuple(tuple(r) for r in bases)!r}),")
    return 0


if __name__ == "__main__":
    sys.exit(main())
