"""Build the 31-round design for 96 players (Wilson's construction; no search).

    .venv/bin/python scripts/build_wilson_96.py

96 = 4 x 24. A resolvable transversal design TD(4, 24) gives 24 rounds where
players of different groups of 24 meet once; each group then plays the
shipped 7-round design for 24 players, 24 + 7 = 31 = floor(95 / 3) rounds,
the bound (a resolvable 4-GDD of type 3^32). ``designs.py`` builds the
transversal design over a ring of fields, which 24 = 8 x 3 lacks (Z_3 has no
four distinct slopes), so it is built here: a TD(5, 24), resolvable once
its fifth group is dropped (the blocks through one of its points are one
round), from Wilson's construction TD(5, m t + u) with t = 5, m = 4, u = 4:

* TD(6, 5) over GF(5): block (a, b) = {(i, a i + b) : i < 5} + {(5, a)};
  the sixth group truncated to U = {0, 1, 2, 3} (a = 4 dropped);
* group i (i < 5) of the new design: (v, s) for v in Z_5, s < 4, coded
  4 v + s, and (y) for y in U, coded 20 + y;
* a block with a = 4: a TD(5, 4) on {(a i + b, s) : s < 4} (i < 5);
* a block with a = y in U: a TD(5, 5) on {(a i + b, s) : s < 4} + {y}
  without its block {y, y, y, y, y};
* a TD(5, 4) on the points y of U, one copy per group.

TD(5, q) for q = 4, 5: {(i, c x_i + d)} over GF(q), x_i distinct field
elements, and for q = 4 the fifth group takes c. Prints the rounds as a
``design_data.SHIPPED`` entry (checks every round seats the 96 players once
and no pair meets twice). Runs in well under a second.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tournaments.seating.designs import _Field, design_round, design_size

GROUPS = 5
SIZE = 24
GF4 = _Field(2, 2)


def td5(q: int) -> list[list[int]]:
    """Blocks of a TD(5, q), q in {4, 5}: block[i] is its point in group i."""
    if q == 5:
        return [[(c * i + d) % 5 for i in range(5)] for c in range(5) for d in range(5)]
    return [
        [GF4.add(GF4.mul(c, x), d) for x in range(4)] + [c]
        for c in range(4)
        for d in range(4)
    ]


def td5_24() -> list[list[int]]:
    """Blocks of a TD(5, 24): block[i] is its point (0..23) in group i."""
    blocks: list[list[int]] = []
    for a, b in itertools.product(range(5), repeat=2):
        v = [(a * i + b) % 5 for i in range(GROUPS)]
        if a == 4:
            for small in td5(4):
                blocks.append([4 * v[i] + small[i] for i in range(GROUPS)])
            continue
        for small in td5(5):
            if small == [4] * GROUPS:
                continue
            blocks.append(
                [
                    20 + a if small[i] == 4 else 4 * v[i] + small[i]
                    for i in range(GROUPS)
                ]
            )
    blocks.extend([[20 + y for y in small] for small in td5(4)])
    return blocks


def rounds_96() -> list[list[tuple[int, ...]]]:
    blocks = td5_24()
    rounds = [
        [
            tuple(i * SIZE + block[i] for i in range(4))
            for block in blocks
            if block[4] == p
        ]
        for p in range(SIZE)
    ]
    for r in range(design_size(SIZE)):
        inner = design_round(SIZE, r)
        rounds.append([tuple(g * SIZE + p for p in t) for g in range(4) for t in inner])
    return rounds


def check(rounds: list[list[tuple[int, ...]]], players: int) -> None:
    met: set[tuple[int, int]] = set()
    for tables in rounds:
        assert sorted(p for t in tables for p in t) == list(range(players))
        for t in tables:
            for pair in itertools.combinations(sorted(t), 2):
                assert pair not in met, f"{pair} meets twice"
                met.add(pair)


def main() -> int:
    rounds = rounds_96()
    check(rounds, 4 * SIZE)
    print("WILSON_96 = (")
    for tables in rounds:
        text = [" ".join(map(str, t)) for t in tables]
        lines = [" / ".join(text[i : i + 5]) for i in range(0, len(text), 5)]
        print("\n".join(f'    "{line} / "' for line in lines[:-1]))
        print(f'    "{lines[-1]}",')
    print(")")
    return 0


if __name__ == "__main__":
    sys.exit(main())
