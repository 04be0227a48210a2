"""Designs found offline and shipped as data, checked by the tests.

Each entry maps a player count to rounds written as text: tables of four
point numbers separated by " / ", one string per round.
"""

from __future__ import annotations

#: 40 players, 13 rounds (the bound floor(39 / 3)): a packing of the
#: projective space PG(3, 3) (points: the 40 lines through the origin of
#: GF(3)^4; tables: its 130 lines, four points each; rounds: 13 pairwise
#: disjoint spreads), found by a seeded exact-cover search. Every pair of
#: players meets exactly once over the 13 rounds.
PG_3_3_PACKING = (
    "0 34 35 36 / 1 15 18 21 / 2 22 26 30 / 3 5 7 12 / 6 13 24 32 / "
    "4 20 29 38 / 8 14 27 37 / 9 17 28 33 / 10 19 25 31 / 11 16 23 39",
    "0 13 14 15 / 2 33 34 38 / 3 24 26 28 / 1 4 7 10 / 11 21 25 32 / "
    "6 16 27 35 / 5 20 30 37 / 8 19 23 36 / 9 18 29 31 / 12 17 22 39",
    "0 22 23 24 / 1 13 16 19 / 5 21 28 38 / 2 4 8 12 / 11 20 27 31 / "
    "3 33 35 37 / 7 17 29 32 / 6 18 26 34 / 9 14 25 39 / 10 15 30 36",
    "0 28 29 30 / 1 6 9 12 / 11 18 22 38 / 3 15 17 19 / 10 21 27 33 / "
    "2 32 36 37 / 4 16 25 34 / 5 14 24 31 / 7 20 23 35 / 8 13 26 39",
    "0 10 11 12 / 9 15 26 37 / 7 16 28 31 / 8 21 22 35 / 6 19 30 38 / "
    "2 24 25 29 / 1 14 17 20 / 3 32 34 39 / 4 18 27 36 / 5 13 23 33",
    "0 4 5 6 / 11 17 24 37 / 8 18 28 32 / 10 14 29 35 / 1 33 36 39 / "
    "2 15 16 20 / 3 23 25 30 / 7 19 22 34 / 9 13 27 38 / 12 21 26 31",
    "0 31 32 33 / 1 24 27 30 / 8 15 25 38 / 2 6 7 11 / 4 17 26 35 / "
    "5 19 29 39 / 3 14 16 21 / 9 20 22 36 / 10 13 28 34 / 12 18 23 37",
    "0 25 26 27 / 7 18 30 33 / 4 14 23 32 / 2 13 17 21 / 1 5 8 11 / "
    "3 31 36 38 / 6 20 28 39 / 9 19 24 35 / 10 16 22 37 / 12 15 29 34",
    "0 16 17 18 / 2 5 9 10 / 3 22 27 29 / 6 15 23 31 / 1 32 35 38 / "
    "8 20 24 34 / 7 13 25 37 / 4 21 30 39 / 11 19 26 33 / 12 14 28 36",
    "0 37 38 39 / 7 21 24 36 / 1 23 26 29 / 2 14 18 19 / 3 6 8 10 / "
    "4 13 22 31 / 5 17 27 34 / 9 16 30 32 / 11 15 28 35 / 12 20 25 33",
    "0 1 2 3 / 9 21 23 34 / 11 13 29 36 / 6 14 22 33 / 4 19 28 37 / "
    "5 18 25 35 / 7 15 27 39 / 8 17 30 31 / 10 20 26 32 / 12 16 24 38",
    "0 7 8 9 / 3 13 18 20 / 4 15 24 33 / 5 16 26 36 / 6 21 29 37 / "
    "1 22 25 28 / 2 31 35 39 / 10 17 23 38 / 11 14 30 34 / 12 19 27 32",
    "0 19 20 21 / 1 31 34 37 / 2 23 27 28 / 3 4 9 11 / 5 15 22 32 / "
    "6 17 25 36 / 7 14 26 38 / 8 16 29 33 / 10 18 24 39 / 12 13 30 35",
)

#: 28 players, 9 rounds (the bound floor(27 / 3)): a resolution of the
#: Hermitian unital of order 3 (points: the 28 points of x^4 + y^4 + z^4 = 0
#: in the projective plane over GF(9); tables: its 63 secant lines, four
#: points each), found by the same search. Every pair meets exactly once.
HERMITIAN_UNITAL_3 = (
    "0 8 21 23 / 1 7 16 24 / 5 9 18 20 / 2 4 17 25 / "
    "3 10 19 27 / 6 11 22 26 / 12 13 14 15",
    "0 13 16 26 / 2 7 18 22 / 3 15 20 24 / 1 4 19 23 / "
    "5 14 17 21 / 6 12 25 27 / 8 9 10 11",
    "0 5 19 22 / 2 12 20 23 / 3 4 11 13 / 7 9 25 26 / "
    "1 8 17 27 / 6 15 16 21 / 10 14 18 24",
    "0 6 17 24 / 2 9 16 27 / 3 7 8 14 / 4 12 18 21 / "
    "1 13 20 22 / 5 10 23 26 / 11 15 19 25",
    "0 1 2 3 / 4 5 6 7 / 10 15 17 22 / 8 13 18 25 / "
    "9 12 19 24 / 11 14 16 23 / 20 21 26 27",
    "0 7 10 12 / 2 11 21 24 / 4 14 22 27 / 1 15 18 26 / "
    "3 5 16 25 / 6 8 19 20 / 9 13 17 23",
    "0 14 20 25 / 1 5 11 12 / 2 6 10 13 / 3 9 21 22 / "
    "4 8 24 26 / 7 15 23 27 / 16 17 18 19",
    "0 11 18 27 / 3 12 17 26 / 2 5 8 15 / 4 10 16 20 / "
    "1 6 9 14 / 7 13 19 21 / 22 23 24 25",
    "0 4 9 15 / 1 10 21 25 / 2 14 19 26 / 3 6 18 23 / "
    "5 13 24 27 / 7 11 17 20 / 8 12 16 22",
)

SHIPPED: dict[int, tuple[str, ...]] = {28: HERMITIAN_UNITAL_3, 40: PG_3_3_PACKING}


def shipped_rounds(n: int) -> list[list[tuple[int, ...]]] | None:
    """The shipped rounds for n players, or None."""
    if n not in SHIPPED:
        return None
    return [
        [tuple(int(p) for p in table.split()) for table in text.split(" / ")]
        for text in SHIPPED[n]
    ]
