"""Search one base round with an order-3 symmetry (offline tool, no packages).

    python3 scripts/find_rotational_bases.py --players 44 --multiplier 9
    python3 scripts/find_rotational_bases.py --players 48
    /path/to/a/venv/with/python-sat/bin/python \
        scripts/find_rotational_bases.py --players 72 --sat

Players are (x, c), x in Z_g and a class c in {0, 1, 2}, coded c g + x, plus
``f = players - 3 g`` fixed players coded 3 g + j, with g = (players - f) / 3
and f in {1, 2, 3} (the one that makes g of the right residue):

* f = 1 (players = 12u + 4): every pair meets exactly once;
* f = 2 (players = 12u + 8): each player misses one other, (x, c) misses
  (x + g / 2, c) and the two fixed players miss each other;
* f = 3 (players = 12u): each player misses two others, (x, c) misses the
  other two players of its x, a fixed player the other two fixed players.

Adding i to every x (mod g) turns the base round into g rounds, as in
``tournaments.seating.designs._CYCLIC_BASES``. The base round is looked for
among those invariant under s: (x, c) -> (m x, c + 1 mod 3) (m^3 = 1 mod g;
the fixed players are fixed, or cycled when f = 3), so only one table in
three is chosen. The rounds are repeat-free when each orbit of pairs under
the translations ("key": class, class, difference) is seated once; the
search is a depth-first search over those keys that stops after ``--steps``
placements per seed (steps, not the clock: the same answer on any machine)
and tries the seeds in turn; ``--sat`` gives the same model to a SAT
solver instead (complete, and faster past five tables to choose). Prints the
base round as a ``_CYCLIC_BASES`` entry. Found so far (issue 17): 44 (m = 9)
and 48 at once, 56 (m = 7, seed 2) in 18 s; 72 with ``--sat`` in 3 CPU
minutes (the depth-first search found nothing in 5 x 2,000,000 steps).
80 (m = 3) in 3 CPU minutes of --sat. Not found: 84 (m = 1) in 15 CPU
minutes (scripts/find_level_bases.py found it since); 68 and 92 have no m
but 1 (docs/benchmarks.md, "Issue 17: designs at the bound for 84 and 100
players").
"""

from __future__ import annotations

import argparse
import random
import sys

Member = tuple[int, int]  # (orbit o, class k): the point (m^k o, k)


class Search:
    def __init__(self, players: int, m: int) -> None:
        self.f = {4: 1, 8: 2, 0: 3}[players % 12]
        self.g = (players - self.f) // 3
        self.m = m % self.g
        if pow(self.m, 3, self.g) != 1:
            raise SystemExit(f"{m} is not a cube root of 1 mod {self.g}")
        self.players = players
        self.order = 3  # 1: no symmetry (--plain)

    def point(self, member: Member, s: int = 0) -> tuple[int, int]:
        o, k = member
        return (pow(self.m, k + s, self.g) * o % self.g, (k + s) % 3)

    def keys(self, a: Member, b: Member) -> list[tuple[int, int, int]] | None:
        """The keys the pair and its two images take, None when forbidden."""
        g, found = self.g, []
        for s in range(self.order):
            (x, c), (y, d) = self.point(a, s), self.point(b, s)
            if c == d:
                diff = (y - x) % g
                diff = min(diff, g - diff)
                if diff == 0 or (self.f == 2 and 2 * diff == g):
                    return None
                found.append((c, c, diff))
            else:
                if c > d:
                    (x, c), (y, d) = (y, d), (x, c)
                diff = (y - x) % g
                if self.f == 3 and diff == 0:
                    return None
                found.append((c, d, diff))
        return found

    def fixed_tables(self, rng: random.Random) -> list[tuple[list[Member], set]]:
        """Candidate fixed tables: (members, keys) of the one table (f = 1, 3)
        or two tables (f = 2) that seat the fixed players."""
        g, options = self.g, []
        if self.f in (1, 2):
            # {inf_j, orbit a in each class}: invariant under s
            seconds = list(range(1, g)) if self.f == 2 else [None]
            rng.shuffle(seconds)
            for a2 in seconds:
                tables = [[(0, 0), (0, 1), (0, 2)]]
                if a2 is not None:
                    tables.append([(a2, 0), (a2, 1), (a2, 2)])
                used = set()
                ok = True
                for t in tables:
                    for i, p in enumerate(t):
                        for q in t[i + 1 :]:
                            ks = self.keys(p, q)
                            # a fixed table is its own image: one key per pair
                            k = None if ks is None else ks[0]
                            if k is None or k in used:
                                ok = False
                            else:
                                used.add(k)
                if ok:
                    options.append(([p for t in tables for p in t], used))
            return options
        # f = 3: {inf_0, (a, 0), (b, 1), (c, 2)} and its images; a = 0
        pairs = [(b, c) for b in range(g) for c in range(g)]
        rng.shuffle(pairs)
        for b, c in pairs:
            members = [(0, 0), (self.orbit(b, 1), 1), (self.orbit(c, 2), 2)]
            if len({o for o, _ in members}) < 3:
                continue
            used: set = set()
            ok = True
            for i, p in enumerate(members):
                for q in members[i + 1 :]:
                    ks = self.keys(p, q)
                    if ks is None or used.intersection(ks):
                        ok = False
                        break
                    used.update(ks)
            if ok:
                options.append((members, used))
        return options

    def orbit(self, x: int, k: int) -> int:
        """The orbit o whose class-k point is (x, k)."""
        inverse = pow(self.m, 2 * k, self.g)  # m^-k = m^(2k)
        return inverse * x % self.g

    def run(self, seed: int, steps: int) -> list[list[Member]] | None:
        rng = random.Random(seed)
        for fixed, used in self.fixed_tables(rng)[:50]:
            free = [o for o in range(self.g) if o not in {p for p, _ in fixed}]
            rng.shuffle(free)
            self.budget = steps
            found = self.fill(free, set(used), [])
            if found is not None:
                return [fixed, *found]
            if self.budget <= 0:
                return None
        return None

    def fill(
        self, free: list[int], used: set, tables: list[list[Member]]
    ) -> list[list[Member]] | None:
        if not free:
            return tables
        first, rest = free[0], free[1:]
        return self.extend([(first, 0)], rest, 0, used, tables)

    def extend(
        self,
        table: list[Member],
        free: list[int],
        start: int,
        used: set,
        tables: list[list[Member]],
    ) -> list[list[Member]] | None:
        if len(table) == 4:
            remaining = [o for o in free if o not in {p for p, _ in table}]
            return self.fill(remaining, used, [*tables, table])
        for i in range(start, len(free)):
            o = free[i]
            for k in range(3):
                self.budget -= 1
                if self.budget <= 0:
                    return None
                new: list = []
                ok = True
                for p in table:
                    ks = self.keys(p, (o, k))
                    if ks is None or used.intersection(ks) or set(ks) & set(new):
                        ok = False
                        break
                    new.extend(ks)
                if not ok:
                    continue
                used.update(new)
                found = self.extend([*table, (o, k)], free, i + 1, used, tables)
                if found is not None:
                    return found
                used.difference_update(new)
                if self.budget <= 0:
                    return None
        return None

    def base_round(self, reps: list[list[Member]]) -> list[tuple[int, ...]]:
        g, finite = self.g, 3 * self.g
        fixed, *others = reps
        tables: list[tuple[int, ...]] = []
        if self.f == 3:
            for s in range(3):
                points = [self.point(p, s) for p in fixed]
                tables.append(
                    tuple(sorted([finite + s] + [c * g + x for x, c in points]))
                )
        else:
            for j in range(self.f):
                points = [self.point(p) for p in fixed[3 * j : 3 * j + 3]]
                tables.append(
                    tuple(sorted([finite + j] + [c * g + x for x, c in points]))
                )
        for t in others:
            for s in range(3):
                tables.append(
                    tuple(sorted(c * g + x for x, c in (self.point(p, s) for p in t)))
                )
        return sorted(tables)

    def check(self, base: list[tuple[int, ...]]) -> int:
        """Repeats of the developed rounds (0 when the base round is right)."""
        g, finite, seen, repeats = self.g, 3 * self.g, set(), 0
        assert sorted(p for t in base for p in t) == list(range(self.players))
        for i in range(g):
            for t in base:
                moved = [p if p >= finite else p - p % g + (p % g + i) % g for p in t]
                for a in moved:
                    for b in moved:
                        if a < b:
                            repeats += (a, b) in seen
                            seen.add((a, b))
        return repeats


def units(g: int) -> list[int]:
    from math import gcd

    return [u for u in range(1, g) if gcd(u, g) == 1]


class SatModel:
    """Clauses for python-sat (in a venv of its own), with the keys (the
    differences a base round must cover) each to be taken exactly once."""

    def __init__(self) -> None:
        from pysat.formula import IDPool

        self.pool = IDPool()
        self.clauses: list[list[int]] = []
        self.keys: dict[tuple[int, int, int], list[int]] = {}

    def exactly(self, lits: list[int], bound: int) -> None:
        from pysat.card import CardEnc, EncType

        encoded = CardEnc.equals(
            lits=lits, bound=bound, vpool=self.pool, encoding=EncType.seqcounter
        )
        self.clauses.extend(encoded.clauses)

    def solve(self) -> set[int] | None:
        """Every key exactly once, then the true variables of a model; None
        when there is none (the solver is complete)."""
        from pysat.solvers import Cadical153

        for lits in self.keys.values():
            self.exactly(lits, 1)
        print(
            f"{self.pool.top} variables, {len(self.clauses)} clauses,"
            f" {len(self.keys)} keys",
            file=sys.stderr,
        )
        solver = Cadical153(bootstrap_with=self.clauses)
        if not solver.solve():
            return None
        return {v for v in solver.get_model() or [] if v > 0}


def solve_sat(search: Search, seed: int) -> list[list[Member]] | None:
    """The same model for a SAT solver (python-sat, in a venv of its own):
    which orbit each table takes, and in which class; every key exactly
    once. Complete: None means no such base round exists."""

    g, f = search.g, search.f
    blocks = (g - 3) // 4 if f == 3 else (g - f) // 4
    sat = SatModel()
    pool, clauses, keys, card = sat.pool, sat.clauses, sat.keys, sat.exactly

    def z(o: int, b: int, k: int) -> int:
        return pool.id(("z", o, b, k))

    def y(o: int, k: int) -> int:  # the fixed table(s) take member (o, k)
        return pool.id(("y", o, k))

    def pair(first: int, second: int, a: Member, b: Member, images: int) -> None:
        found = search.keys(a, b)
        if found is None:
            clauses.append([-first, -second])
            return
        both = pool.id(("and", first, second))
        clauses.append([-first, -second, both])
        clauses.append([-both, first])
        clauses.append([-both, second])
        for key in found[:images]:
            keys.setdefault(key, []).append(both)

    # the fixed tables
    fixed_members: list[Member] = []
    if f == 1:
        fixed_members = [(0, 0), (0, 1), (0, 2)]
    elif f == 2:
        fixed_members = [(0, 0), (0, 1), (0, 2)]
        for o in range(1, g):  # the second fixed table: orbit o in each class
            clauses.append([-y(o, 0), y(o, 1)])
            clauses.append([-y(o, 0), y(o, 2)])
            clauses.append([y(o, 0), -y(o, 1)])
            clauses.append([y(o, 0), -y(o, 2)])
        card([y(o, 0) for o in range(1, g)], 1)
        # multiplying every x by a unit keeps a solution (m commutes): the
        # second fixed table takes the smallest orbit of its unit class
        for o in range(1, g):
            if o != min(u * o % g for u in units(g)):
                clauses.append([-y(o, 0)])
    else:
        clauses.append([y(0, 0)])
        if search.m == 1:  # the fixed table's class-1 x: smallest of its unit class
            for o in range(1, g):
                if o != min(u * o % g for u in units(g)):
                    clauses.append([-y(o, 1)])
        for k in range(3):
            card([y(o, k) for o in range(g)], 1)
    true = pool.id(("true",))
    clauses.append([true])
    for i, a in enumerate(fixed_members):
        for b in fixed_members[i + 1 :]:
            pair(true, true, a, b, 1)
    if f == 2:
        for o in range(1, g):
            for k1 in range(3):
                for k2 in range(k1 + 1, 3):
                    pair(y(o, 0), y(o, 0), (o, k1), (o, k2), 1)
    if f == 3:
        for k1 in range(3):
            for k2 in range(k1 + 1, 3):
                for o1 in range(g):
                    for o2 in range(g):
                        if o1 != o2:
                            pair(y(o1, k1), y(o2, k2), (o1, k1), (o2, k2), 3)
    # every orbit once
    for o in range(g):
        lits = [z(o, b, k) for b in range(blocks) for k in range(3)]
        if f == 3:
            lits += [y(o, k) for k in range(3)]
        elif f == 2 and o:
            lits.append(y(o, 0))
        if o == 0 and f != 3:
            for lit in lits:
                clauses.append([-lit])
            continue
        card(lits, 1)
    for b in range(blocks):
        card([z(o, b, k) for o in range(g) for k in range(3)], 4)
        # symmetry: tables in the order of their smallest orbits
        if b:
            for o in range(g):
                prior = [z(p, b - 1, j) for p in range(o) for j in range(3)]
                for k in range(3):
                    clauses.append([-z(o, b, k), *prior])
        # symmetry: the smallest orbit of table b is taken in class 0
        for o in range(g):
            for k in (1, 2):
                clauses.append(
                    [-z(o, b, k)] + [z(p, b, j) for p in range(o) for j in range(3)]
                )
        for o1 in range(g):
            for o2 in range(o1 + 1, g):
                for k1 in range(3):
                    for k2 in range(3):
                        pair(z(o1, b, k1), z(o2, b, k2), (o1, k1), (o2, k2), 3)
    model = sat.solve()
    if model is None:
        return None
    if f == 3:
        fixed = [next((o, k) for o in range(g) if y(o, k) in model) for k in range(3)]
    elif f == 2:
        o = next(o for o in range(1, g) if y(o, 0) in model)
        fixed = [*fixed_members, (o, 0), (o, 1), (o, 2)]
    else:
        fixed = fixed_members
    tables = [
        [(o, k) for o in range(g) for k in range(3) if z(o, b, k) in model]
        for b in range(blocks)
    ]
    return [fixed, *tables]


def solve_plain_sat(search: Search) -> list[tuple[int, ...]] | None:
    """The whole base round for a SAT solver, without the order-3 symmetry
    (for 68 and 92 players, whose groups Z_22 and Z_30 have no cube root
    of 1 but 1): every player in one table, every key exactly once."""

    g, f = search.g, search.f
    finite = 3 * g
    blocks = (finite + f) // 4 - f
    sat = SatModel()
    pool, clauses, keys, card = sat.pool, sat.clauses, sat.keys, sat.exactly

    def at(p: int, t: int) -> int:  # finite player p sits at table t
        return pool.id(("at", p, t))

    tables = f + blocks  # tables 0..f-1 seat the fixed players
    for p in range(finite):
        card([at(p, t) for t in range(tables)], 1)
    for t in range(tables):
        if t < f:
            for k in range(3):
                card([at(k * g + x, t) for x in range(g)], 1)
        else:
            card([at(p, t) for p in range(finite)], 4)
        if t > f:  # tables in the order of their smallest players
            for p in range(finite):
                clauses.append([-at(p, t), *[at(q, t - 1) for q in range(p)]])
    clauses.append([at(0, 0)])
    for t in range(tables):
        for p in range(finite):
            for q in range(p + 1, finite):
                a, b = (p % g, p // g), (q % g, q // g)
                found = search.keys(a, b)
                if found is None or (t < f and a[1] == b[1]):
                    clauses.append([-at(p, t), -at(q, t)])
                    continue
                both = pool.id(("and", p, q, t))
                clauses.append([-at(p, t), -at(q, t), both])
                clauses.append([-both, at(p, t)])
                clauses.append([-both, at(q, t)])
                keys.setdefault(found[0], []).append(both)
    model = sat.solve()
    if model is None:
        return None
    base = []
    for t in range(tables):
        seated = [p for p in range(finite) if at(p, t) in model]
        base.append(tuple(sorted(seated + ([finite + t] if t < f else []))))
    return sorted(base)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--multiplier", type=int, default=1)
    parser.add_argument("--steps", type=int, default=2_000_000)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--sat", action="store_true")
    parser.add_argument("--plain", action="store_true")
    args = parser.parse_args()
    search = Search(args.players, args.multiplier)
    if args.plain:
        search.order = 1
        base = solve_plain_sat(search)
        if base is None:
            print("no such base round", file=sys.stderr)
            return 1
        assert search.check(base) == 0
        print(f"{args.players}: ({search.g}, 3, ({tuple(base)!r},)),")
        return 0
    if args.sat:
        reps = solve_sat(search, args.first_seed)
        if reps is None:
            print("no such base round", file=sys.stderr)
            return 1
        base = search.base_round(reps)
        assert search.check(base) == 0
        print(f"{args.players}: ({search.g}, 3, ({tuple(base)!r},)),")
        return 0
    for seed in range(args.first_seed, args.first_seed + args.seeds):
        reps = search.run(seed, args.steps)
        if reps is None:
            print(f"seed {seed}: nothing in {args.steps} steps", file=sys.stderr)
            continue
        base = search.base_round(reps)
        assert search.check(base) == 0
        print(f"seed {seed}, multiplier {search.m}", file=sys.stderr)
        print(f"{args.players}: ({search.g}, 3, ({tuple(base)!r},)),")
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
