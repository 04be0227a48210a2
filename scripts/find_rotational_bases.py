"""Search one base round with an order-3 symmetry (offline tool, no packages).

    python3 scripts/find_rotational_bases.py --players 44 --multiplier 9
    python3 scripts/find_rotational_bases.py --players 48

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
and tries the seeds in turn. Prints the base round as a ``_CYCLIC_BASES``
entry.
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

    def point(self, member: Member, s: int = 0) -> tuple[int, int]:
        o, k = member
        return (pow(self.m, k + s, self.g) * o % self.g, (k + s) % 3)

    def keys(self, a: Member, b: Member) -> list[tuple[int, int, int]] | None:
        """The keys the pair and its two images take, None when forbidden."""
        g, found = self.g, []
        for s in range(3):
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--multiplier", type=int, default=1)
    parser.add_argument("--steps", type=int, default=2_000_000)
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args()
    search = Search(args.players, args.multiplier)
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
