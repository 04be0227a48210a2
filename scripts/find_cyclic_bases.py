"""Search base rounds for a cyclic repeat-free seating design (offline tool).

    .venv/bin/python scripts/find_cyclic_bases.py --players 24 --group 7 \
        --classes 3 --seed 1
    .venv/bin/pip install python-sat
    .venv/bin/python scripts/find_cyclic_bases.py --players 36 --group 11 \
        --classes 3 --sat

Players are (x, c) for x in Z_g and a class c, coded c * g + x, plus
``players - g * classes`` fixed players coded g * classes + j. Adding i to
every x (mod g) turns each base round into g rounds, so ``bases`` base rounds
give ``bases * g`` rounds; they are repeat-free exactly when, over all base
rounds, each class-pair difference y - x (mod g), each class's pure difference
+-d, and each (fixed player, class) occurs at most once, no pure difference is
g / 2, and no two fixed players share a table. The search anneals over swaps
of two players of one base round (or, with ``--sat``, asks a SAT solver, which
also proves when no bases exist) and prints the bases in the form of
``tournaments.seating.designs._CYCLIC_BASES``. The commands above found the
shipped bases (24 players at once; 36 players in about 10 s, where annealing
stalls one conflict short); the tests re-check every pair of the developed
rounds.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time


def pair_keys(n: int, g: int, classes: int) -> tuple[list[list[int]], list[int]]:
    """Key of each pair (its orbit under the shifts) and each key's unit: how
    many times each pair of the orbit meets when a base round seats the pair
    once (1; 2 for a pure difference g / 2; g for two fixed players)."""
    finite = g * classes
    keys: dict[tuple[int, ...], int] = {}
    unit: list[int] = []

    def key(k: tuple[int, ...], w: int) -> int:
        if k not in keys:
            keys[k] = len(unit)
            unit.append(w)
        return keys[k]

    table = [[-1] * n for _ in range(n)]
    for p in range(n):
        for q in range(n):
            if p == q:
                continue
            if p >= finite and q >= finite:  # two fixed players: g meetings
                k = key((3, min(p, q), max(p, q)), g)
            elif p >= finite or q >= finite:
                fixed, other = (p, q) if p >= finite else (q, p)
                k = key((2, fixed, other // g), 1)
            else:
                (cp, xp), (cq, xq) = divmod(p, g), divmod(q, g)
                if cp == cq:
                    d = (xq - xp) % g
                    d = min(d, g - d)
                    k = key((0, cp, d), 2 if 2 * d == g else 1)
                elif cp < cq:
                    k = key((1, cp, cq, (xq - xp) % g), 1)
                else:
                    k = key((1, cq, cp, (xp - xq) % g), 1)
            table[p][q] = k
    return table, unit


def search(
    n: int,
    g: int,
    classes: int,
    bases: int,
    seed: int,
    limit_s: float,
) -> list[list[list[int]]] | None:
    """Base rounds with no conflict, or None when the time runs out."""
    rng = random.Random(seed)
    key, unit = pair_keys(n, g, classes)
    count = [0] * len(unit)
    rounds = []
    for _ in range(bases):
        order = list(range(n))
        rng.shuffle(order)
        rounds.append([order[i : i + 4] for i in range(0, n, 4)])
    where = [[0] * n for _ in range(bases)]
    for b, tables in enumerate(rounds):
        for t, table in enumerate(tables):
            for p in table:
                where[b][p] = t
            for i, p in enumerate(table):
                for q in table[i + 1 :]:
                    count[key[p][q]] += unit[key[p][q]]
    cost = sum(max(0, c - 1) for c in count)
    temperature, start, steps = 0.6, time.monotonic(), 0
    best = cost
    while cost:
        steps += 1
        if steps % 10_000 == 0:
            if time.monotonic() - start > limit_s:
                return None
            temperature = max(0.15, temperature * 0.995)
        b = rng.randrange(bases)
        p, q = rng.randrange(n), rng.randrange(n)
        tp, tq = where[b][p], where[b][q]
        if tp == tq:
            continue
        change: dict[int, int] = {}
        for r in rounds[b][tp]:
            if r != p:
                kp, kq = key[p][r], key[q][r]
                change[kp] = change.get(kp, 0) - unit[kp]
                change[kq] = change.get(kq, 0) + unit[kq]
        for r in rounds[b][tq]:
            if r != q:
                kp, kq = key[p][r], key[q][r]
                change[kq] = change.get(kq, 0) - unit[kq]
                change[kp] = change.get(kp, 0) + unit[kp]
        delta = sum(
            max(0, count[k] + c - 1) - max(0, count[k] - 1)
            for k, c in change.items()
            if c
        )
        if delta > 0 and rng.random() >= math.exp(-delta / temperature):
            continue
        for k, c in change.items():
            count[k] += c
        a, bt = rounds[b][tp], rounds[b][tq]
        a[a.index(p)], bt[bt.index(q)] = q, p
        where[b][p], where[b][q] = tq, tp
        cost += delta
        if cost < best:
            best = cost
            print(f"  step {steps}: cost {cost}", file=sys.stderr)
    return rounds


def sat_search(
    n: int, g: int, classes: int, bases: int
) -> list[list[list[int]]] | None:
    """The same base rounds from a SAT solver (``pip install python-sat``):
    exact, so None means no such bases exist.

    Tables are numbered by their least player (table t + 1 holds a player
    after table t's first), which removes the table symmetry.
    """
    from pysat.card import CardEnc, EncType
    from pysat.formula import IDPool
    from pysat.solvers import Cadical153

    key, unit = pair_keys(n, g, classes)
    tables, pool = n // 4, IDPool()

    def at(b: int, p: int, t: int) -> int:
        return pool.id(("at", b, p, t))

    def together(b: int, p: int, q: int) -> int:
        return pool.id(("together", b, p, q))

    clauses: list[list[int]] = []
    uses: dict[int, list[int]] = {}
    for b in range(bases):
        clauses.append([at(b, 0, 0)])
        for p in range(n):
            clauses.append([at(b, p, t) for t in range(tables)])
            clauses += CardEnc.atmost(
                [at(b, p, t) for t in range(tables)], bound=1, vpool=pool
            ).clauses
            for t in range(1, tables):
                clauses.append([-at(b, p, t)] + [at(b, q, t - 1) for q in range(p)])
        for t in range(tables):
            clauses += CardEnc.equals(
                [at(b, p, t) for p in range(n)],
                bound=4,
                vpool=pool,
                encoding=EncType.seqcounter,
            ).clauses
        for p in range(n):
            for q in range(p + 1, n):
                k = key[p][q]
                for t in range(tables):
                    clause = [-at(b, p, t), -at(b, q, t)]
                    clauses.append(
                        clause if unit[k] > 1 else [*clause, together(b, p, q)]
                    )
                if unit[k] == 1:
                    uses.setdefault(k, []).append(together(b, p, q))
    for used in uses.values():
        clauses += CardEnc.atmost(
            used, bound=1, vpool=pool, encoding=EncType.seqcounter
        ).clauses
    solver = Cadical153(bootstrap_with=clauses)
    if not solver.solve():
        return None
    true = {v for v in solver.get_model() or [] if v > 0}
    return [
        [[p for p in range(n) if at(b, p, t) in true] for t in range(tables)]
        for b in range(bases)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--group", type=int, required=True, help="g: Z_g")
    parser.add_argument("--classes", type=int, required=True)
    parser.add_argument("--bases", type=int, default=1)
    parser.add_argument(
        "--sat", action="store_true", help="use a SAT solver (python-sat)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--restart-s", type=float, default=60.0)
    parser.add_argument("--restarts", type=int, default=100)
    args = parser.parse_args()
    n, g, classes = args.players, args.group, args.classes
    extra = n - g * classes
    if n % 4 or not 0 <= extra <= n // 4:
        parser.error("players must be a multiple of four, at most one fixed a table")
    if args.sat:
        found = sat_search(n, g, classes, args.bases)
        if found is None:
            print("no such base rounds", file=sys.stderr)
            return 1
        print_bases(n, g, classes, found)
        return 0
    for attempt in range(args.restarts):
        seed = args.seed + attempt
        print(f"seed {seed}", file=sys.stderr)
        found = search(n, g, classes, args.bases, seed, args.restart_s)
        if found is not None:
            print_bases(n, g, classes, found)
            return 0
    return 1


def print_bases(n: int, g: int, classes: int, found: list[list[list[int]]]) -> None:
    """As an entry of ``_CYCLIC_BASES``."""
    bases = tuple(tuple(tuple(sorted(t)) for t in sorted(r, key=min)) for r in found)
    print(f"{n}: ({g}, {classes}, {bases!r}),")


if __name__ == "__main__":
    sys.exit(main())
