"""Find a repeat-free seating design with a SAT solver (offline tool).

    .venv/bin/pip install python-sat
    .venv/bin/python scripts/find_design_sat.py --players 32 --rounds 10 \
        --swap 2:5-7 --swap 4:1-6,2-9

The unknowns are "p and q sit at one table in round w" for every pair and
round; the clauses say that each player has three table-mates a round, that
table-mates of table-mates are table-mates (so tables are groups of four), and
that no pair sits together in two rounds. Tables need no numbering, so the
search has no table symmetry to wade through.

To make the search small, the design is asked to be invariant under the
group Z_2^k acting on players (o, g), coded 8 o + g for k = 3, by
g -> g xor h: ``--swap h:a-b,c-d`` says that h maps round a onto round b and
c onto d (and back); rounds not named are mapped onto themselves, and h = 1
fixes every round. This is how the 32-player, 10-round design (the social
golfer instance 8-4-10, whose existence was open until 2004) shipped in
``tournaments/seating/design_data.py`` was found, in about 15 seconds; the
tests re-check every pair.
"""

from __future__ import annotations

import argparse
import itertools
import sys

from pysat.card import CardEnc, EncType
from pysat.formula import IDPool
from pysat.solvers import Cadical153


def round_action(swaps: dict[int, list[tuple[int, int]]], rounds: int, h: int):
    """Where group element h sends each round (h is a xor of generators)."""
    image = list(range(rounds))
    for generator, pairs in swaps.items():
        if h & generator:
            step = list(range(rounds))
            for a, b in pairs:
                step[a], step[b] = b, a
            image = [step[w] for w in image]
    return image


def solve(
    players: int, rounds: int, bits: int, swaps: dict[int, list[tuple[int, int]]]
) -> list[list[list[int]]] | None:
    size = 1 << bits
    pool = IDPool()

    def together(w: int, p: int, q: int) -> int:
        return pool.id((w, min(p, q), max(p, q)))

    clauses: list[list[int]] = []
    for w in range(rounds):
        for p in range(players):
            mates = [together(w, p, q) for q in range(players) if q != p]
            clauses += CardEnc.equals(
                mates, bound=3, vpool=pool, encoding=EncType.seqcounter
            ).clauses
        for p, q, r in itertools.permutations(range(players), 3):
            if p < r:
                clauses.append(
                    [-together(w, p, q), -together(w, q, r), together(w, p, r)]
                )
    for p, q in itertools.combinations(range(players), 2):
        clauses += CardEnc.atmost(
            [together(w, p, q) for w in range(rounds)], bound=1, vpool=pool
        ).clauses
    for h in range(1, size):
        image = round_action(swaps, rounds, h)
        for w in range(rounds):
            for p, q in itertools.combinations(range(players), 2):
                a = together(w, p, q)
                b = together(image[w], p ^ h, q ^ h)
                if a != b:
                    clauses += [[-a, b], [a, -b]]
    solver = Cadical153(bootstrap_with=clauses)
    if not solver.solve():
        return None
    true = {v for v in solver.get_model() or [] if v > 0}
    plan = []
    for w in range(rounds):
        seated: set[int] = set()
        tables = []
        for p in range(players):
            if p not in seated:
                table = [p] + [
                    q for q in range(players) if q != p and together(w, p, q) in true
                ]
                seated.update(table)
                tables.append(table)
        plan.append(tables)
    return plan


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--rounds", type=int, required=True)
    parser.add_argument("--bits", type=int, default=3, help="k: the group Z_2^k")
    parser.add_argument("--swap", action="append", default=[], metavar="h:a-b,...")
    args = parser.parse_args()
    if args.players % (1 << args.bits) or args.players % 4:
        parser.error("players must be a multiple of four and of 2^bits")
    swaps: dict[int, list[tuple[int, int]]] = {}
    for spec in args.swap:
        h, pairs = spec.split(":")
        swaps[int(h)] = [
            (int(a), int(b)) for a, b in (pair.split("-") for pair in pairs.split(","))
        ]
    plan = solve(args.players, args.rounds, args.bits, swaps)
    if plan is None:
        print("no such design", file=sys.stderr)
        return 1
    for round_ in plan:  # as design_data.py writes it: half a round a line
        tables = [" ".join(map(str, t)) for t in round_]
        half = len(tables) // 2
        print(f'    "{" / ".join(tables[:half])} / "')
        print(f'    "{" / ".join(tables[half:])}",')
    return 0


if __name__ == "__main__":
    sys.exit(main())
