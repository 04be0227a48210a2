"""Search one base round for 3q + 3 players with a SAT solver (offline tool).

    /path/to/a/venv/with/python-sat/bin/python scripts/find_symmetric_bases.py 19

For q a prime with q = 7 (mod 12) (so 3q + 3 is a multiple of four and a
cube root of unity w exists mod q). Players are (x, c), x in Z_q, c in
{0, 1, 2}, coded c q + x, plus three fixed players 3q + c, as in
``tournaments.seating.designs._CYCLIC_BASES``: adding i to every x turns
the base round into q rounds. The base round is looked for among those
invariant under s: (x, c) -> (w x, c + 1 mod 3), fixed player c -> c + 1,
which cuts the search by three: one table {fixed 0, one player of each
class} and (q - 3) / 4 tables, with their images under s and s^2. The q rounds are
repeat-free when every difference y - x between two players of classes
(c, d) at one table occurs at most once, and never 0 for c != d (each
player then misses only the two others of its x: the bound
floor((3q + 2) / 3) = q rounds). Prints the base round in the form of
``_CYCLIC_BASES``; 19 (60 players) takes about two minutes.
"""

from __future__ import annotations

import itertools
import sys


def main() -> int:
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Cadical153

    q = int(sys.argv[1])
    if q % 12 != 7 or any(q % d == 0 for d in range(2, q) if d * d <= q):
        print("q must be a prime = 7 mod 12", file=sys.stderr)
        return 2
    w = next(x for x in range(2, q) if pow(x, 3, q) == 1)
    blocks = (q - 3) // 4
    pool = IDPool()
    clauses: list[list[int]] = []

    def fixed(o: int, c: int) -> int:  # orbit o gives the fixed table its class c
        return pool.id(("y", o, c))

    def member(o: int, b: int, p: int) -> int:  # orbit o in table b, class p
        return pool.id(("z", o, b, p))

    def card(lits: list[int], bound: int, exact: bool) -> None:
        encode = CardEnc.equals if exact else CardEnc.atmost
        clauses.extend(
            encode(
                lits=lits, bound=bound, vpool=pool, encoding=EncType.seqcounter
            ).clauses
        )

    for o in range(q):
        lits = [fixed(o, c) for c in range(3)]
        lits += [member(o, b, p) for b in range(blocks) for p in range(3)]
        card(lits, 1, exact=True)
    for c in range(3):
        card([fixed(o, c) for o in range(q)], 1, exact=True)
    for b in range(blocks):
        card([member(o, b, p) for o in range(q) for p in range(3)], 4, exact=True)

    def point(o: int, k: int) -> tuple[int, int]:
        return (pow(w, k, q) * o % q, k)

    keys: dict[tuple[int, int, int], list[int]] = {}

    def pair(first: int, second: int, m1: tuple[int, int], m2: tuple[int, int]) -> None:
        found = set()
        for s in range(3):
            a = point(m1[0], (m1[1] + s) % 3)
            b = point(m2[0], (m2[1] + s) % 3)
            for x, y in ((a, b), (b, a)):
                found.add((x[1], y[1], (y[0] - x[0]) % q))
        if any(d == 0 for _, _, d in found):
            clauses.append([-first, -second])
            return
        both = pool.id(("and", first, second))
        clauses.append([-first, -second, both])
        for key in found:
            keys.setdefault(key, []).append(both)

    members = [(o, p) for o in range(q) for p in range(3)]
    for b in range(blocks):
        for m1, m2 in itertools.combinations(members, 2):
            if m1[0] != m2[0]:
                pair(member(m1[0], b, m1[1]), member(m2[0], b, m2[1]), m1, m2)
    for c1, c2 in itertools.combinations(range(3), 2):
        for o1, o2 in itertools.permutations(range(q), 2):
            pair(fixed(o1, c1), fixed(o2, c2), (o1, c1), (o2, c2))
    for lits in keys.values():
        if len(lits) > 1:
            card(lits, 1, exact=False)
    solver = Cadical153(bootstrap_with=clauses)
    if not solver.solve():
        print("no such base round", file=sys.stderr)
        return 1
    true = {v for v in solver.get_model() or [] if v > 0}
    tables = [[3 * q] + [0] * 3]
    for c in range(3):
        o = next(o for o in range(q) if fixed(o, c) in true)
        x, k = point(o, c)
        tables[0][1 + c] = k * q + x
    for b in range(blocks):
        tables.append(
            [
                k * q + x
                for o in range(q)
                for p in range(3)
                if member(o, b, p) in true
                for x, k in [point(o, p)]
            ]
        )
    base = []
    for s in range(3):  # the images under the map
        for table in tables:
            image = []
            for code in table:
                if code >= 3 * q:
                    image.append(3 * q + (code - 3 * q + s) % 3)
                else:
                    k, x = divmod(code, q)
                    image.append(((k + s) % 3) * q + pow(w, s, q) * x % q)
            base.append(tuple(sorted(image)))
    print(f"{3 * q + 3}: ({q}, 3, ({tuple(sorted(base))!r},)),")
    return 0


if __name__ == "__main__":
    sys.exit(main())
