"""Search two base rounds on Z_g x 6 classes + 2, one the other's shift (SAT).

    /path/to/a/venv/with/python-sat/bin/python \
        scripts/find_shift_bases.py --players 68

For a resolvable 4-GDD of type 2^u (68 = 11 x 6 + 2 players, 22 rounds;
92 = 15 x 6 + 2, 30 rounds): players (x, c), x in Z_g and a class c < 6,
coded c g + x, and two fixed players coded 6 g, 6 g + 1, with g = (players
- 2) / 6 (odd). (x, c) misses (x, c + 3) and the fixed players miss each
other. The rounds are the g translates (x -> x + i) of a base round B and
of its shift s(B), s: (x, c) -> (x, c + 3 mod 6), fixed players fixed:
2 g = (players - 2) / 3 rounds, the bound.

A pair's orbit under the translations is its key; s pairs the keys (none is
its own image but the excluded (c, c + 3, 0)), and the rounds are
repeat-free when B takes exactly one key of each pair {k, s(k)} (s(B) then
takes the other). ``--symmetry m:CLASSES`` asks B to be invariant under
(x, c) -> (m x, CLASSES[c]) (a trailing "s": swapping the fixed players
too). Unknowns "p and q share a table of B", as in
scripts/find_level_bases.py, with its ``SatModel``. Prints the two base
rounds as a ``tournaments.seating.designs._CYCLIC_BASES`` entry.

Runs (issue 17, 2-CPU shared machine, under nice; docs/fragments/designs2.md):
nothing found. Plain, 68 and 92 stopped after 19-19.5 CPU minutes each;
every symmetry tried for 68 proved empty at once (the fixed players' tables).
"""

from __future__ import annotations

import argparse
import itertools
import sys
import time

from find_rotational_bases import SatModel

CLASSES = 6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--players", type=int, required=True, choices=(32, 44, 56, 68, 80, 92)
    )
    parser.add_argument("--symmetry", action="append", default=[], metavar="M:CLASSES")
    args = parser.parse_args()
    n = args.players
    g = (n - 2) // CLASSES
    finite = g * CLASSES

    def key(p: int, q: int) -> tuple[int, int, int]:
        """The pair's orbit; (10 + j, c, 0) for fixed player j and class c."""
        if p > q:
            p, q = q, p
        if q >= finite:
            return (-1, -1, 0) if p >= finite else (q - finite + 10, p // g, 0)
        (c, x), (e, y) = divmod(p, g), divmod(q, g)
        if c == e:
            return (c, c, min((y - x) % g, (x - y) % g))
        return (c, e, (y - x) % g)

    def shift(p: int) -> int:
        if p >= finite:
            return p
        c, x = divmod(p, g)
        return (c + 3) % CLASSES * g + x

    sat = SatModel()
    pool, clauses, card = sat.pool, sat.clauses, sat.exactly

    def same(p: int, q: int) -> int:
        return pool.id(("same", min(p, q), max(p, q)))

    for p in range(n):
        card([same(p, q) for q in range(n) if q != p], 3)
    for p, q, s in itertools.combinations(range(n), 3):
        clauses.append([-same(p, q), -same(q, s), same(p, s)])
        clauses.append([-same(p, q), -same(p, s), same(q, s)])
        clauses.append([-same(p, s), -same(q, s), same(p, q)])
    for p, q in itertools.combinations(range(n), 2):
        k, image = key(p, q), key(shift(p), shift(q))
        if k == image:  # (x, c)-(x, c + 3) and the fixed pair: never meet
            clauses.append([-same(p, q)])
        else:
            sat.keys.setdefault(min(k, image), []).append(same(p, q))
    for spec in args.symmetry:  # B invariant under (x, c) -> (m x, classes[c])
        m_text, classes = spec.split(":")
        swap = classes.endswith("s")
        m, images = int(m_text), [int(c) for c in classes.rstrip("s")]

        def image(
            p: int, m: int = m, images: list[int] = images, swap: bool = swap
        ) -> int:
            if p >= finite:
                return finite + (p - finite + swap) % 2
            c, x = divmod(p, g)
            return images[c] * g + m * x % g

        for p, q in itertools.combinations(range(n), 2):
            clauses.append([-same(p, q), same(image(p), image(q))])
    if not args.symmetry:  # (a symmetry moves the centre of translations)
        clauses.append([same(0, 1)])
    start = time.process_time()
    model = sat.solve()
    print(f"{time.process_time() - start:.0f} CPU s", file=sys.stderr)
    if model is None:
        print("no such design", file=sys.stderr)
        return 1
    base: list[tuple[int, ...]] = []
    for p in range(n):
        if not any(p in t for t in base):
            base.append(
                tuple([p] + [q for q in range(n) if q != p and same(p, q) in model])
            )
    shifted = [tuple(sorted(map(shift, t))) for t in base]
    rounds = [
        [tuple(p if p >= finite else p - p % g + (p % g + i) % g for p in t) for t in b]
        for b in (base, shifted)
        for i in range(g)
    ]
    met: set[tuple[int, int]] = set()
    for r in rounds:
        assert sorted(p for t in r for p in t) == list(range(n))
        for t in r:
            for pair in itertools.combinations(sorted(t), 2):
                assert pair not in met, pair
                met.add(pair)
    print(f"{n}: ({g}, {CLASSES}, ({tuple(base)!r}, {tuple(shifted)!r})),")
    return 0


if __name__ == "__main__":
    sys.exit(main())
