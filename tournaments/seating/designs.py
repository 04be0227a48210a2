"""Known repeat-free designs: rounds of tables of four where no pair meets twice.

Construction (no data to ship): for n = 4m players split into four groups of
m, a resolvable transversal design over a finite ring R of order m seats, in
round r in R at table t in R, the players (g, t + r * a_g) for g = 0..3, where
the a_g differ by units of R. Two players of different groups then meet in
exactly one round and players of one group never meet, so the m rounds are
repeat-free. R is a product of finite fields, which needs every prime-power
factor of m to be at least 4 (m = 5, 7, 8, 9, 16, 25, 100...). When m is
itself a multiple of four, the four groups then play the design for m players
side by side, which adds its rounds: 16 players get 4 + 1 = 5 rounds (the
affine plane of order 4), 64 get 16 + 5 = 21 (AG(3, 4)), 368 get 92 + 30 and
400 get 100 + 33 (the shipped designs for 92 and 100 players), at the bound
like 16 and 64.

Second construction, at the bound: for n = 3q + 1 players, q = 1 (mod 4) a
prime power (n = 16, 28, 40, 52, 76, 88, 112...), a resolvable design where
every pair meets exactly once in (n - 1) / 3 = q rounds (``_plus_one_round``).

Found offline and shipped: base rounds developed by a cyclic group
(``_CYCLIC_BASES``), designs on a group times four levels (``_LEVEL_DESIGNS``)
and whole rounds (``design_data.SHIPPED``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .design_data import shipped_rounds

Design = tuple[tuple[tuple[int, ...], ...], ...]


class _Field:
    """GF(p^k): elements 0..q-1, base-p digits being polynomial coefficients.

    A prime field computes modulo p; an extension field tabulates addition
    and multiplication once (q = p^k is at most a few hundred for any real
    tournament), so the cost of a large prime field stays linear.
    """

    def __init__(self, p: int, k: int) -> None:
        self.p, self.k, self.q = p, k, p**k
        if k == 1:
            return
        poly = self._primitive()
        elements = range(self.q)
        self.add_table = [[self._add(a, b) for b in elements] for a in elements]
        self.mul_table = [[self._mul(a, b, poly) for b in elements] for a in elements]

    def affine(self, t: int, r: int, g: int) -> int:
        """t + r * g in the field."""
        if self.k == 1:
            return (t + r * g) % self.p
        return self.add_table[t][self.mul_table[r][g]]

    def _add(self, a: int, b: int) -> int:
        total, scale = 0, 1
        for _ in range(self.k):
            total += ((a + b) % self.p) * scale
            a, b, scale = a // self.p, b // self.p, scale * self.p
        return total

    def _mul(self, a: int, b: int, poly: list[int]) -> int:
        p, k = self.p, self.k
        if k == 1:
            return a * b % p
        da = [(a // p**i) % p for i in range(k)]
        db = [(b // p**i) % p for i in range(k)]
        prod = [0] * (2 * k)
        for i, x in enumerate(da):
            for j, y in enumerate(db):
                prod[i + j] = (prod[i + j] + x * y) % p
        for i in range(2 * k - 1, k - 1, -1):  # x^k = -(poly[0] + poly[1] x ...)
            c = prod[i]
            if c:
                prod[i] = 0
                for j in range(k):
                    prod[i - k + j] = (prod[i - k + j] - c * poly[j]) % p
        return sum(prod[i] * p**i for i in range(k))

    def _primitive(self) -> list[int]:
        """Low coefficients of a monic degree-k polynomial whose root x (coded
        p) has multiplicative order q - 1; such a polynomial is irreducible."""
        p, k = self.p, self.k
        for code in range(p**k):
            poly = [(code // p**i) % p for i in range(k)]
            value, order = 1, 0
            while order < self.q:
                value = self._mul(value, p, poly)
                order += 1
                if value == 1:
                    break
            if value == 1 and order == self.q - 1:
                return poly
        raise AssertionError("no primitive polynomial")  # pragma: no cover

    def add(self, a: int, b: int) -> int:
        return self.affine(a, b, 1)

    def mul(self, a: int, b: int) -> int:
        return self.affine(0, a, b)

    def neg(self, a: int) -> int:
        return next(b for b in range(self.q) if self.add(a, b) == 0)


def _prime_powers(m: int) -> list[tuple[int, int]]:
    factors: list[tuple[int, int]] = []
    d = 2
    while d * d <= m:
        if m % d == 0:
            k = 0
            while m % d == 0:
                m, k = m // d, k + 1
            factors.append((d, k))
        d += 1
    if m > 1:
        factors.append((m, 1))
    return factors


@cache
def _ring(m: int) -> tuple[_Field, ...] | None:
    """The fields whose product ring of order m carries the transversal
    design, or None when a prime-power factor of m is below 4."""
    factors = _prime_powers(m)
    if not factors or any(p**k < 4 for p, k in factors):
        return None
    return tuple(_Field(p, k) for p, k in factors)


def _transversal_round(m: int, r: int) -> list[tuple[int, ...]]:
    """Round r (0 <= r < m) of the resolvable transversal design on 4m
    players; the ring exists (``_ring(m)``)."""
    fields = _ring(m)
    assert fields is not None
    rc = _ring_elements(fields, r)
    tables = []
    for code in range(m):
        t = _ring_elements(fields, code)
        seats = []
        for g in range(4):
            value = tuple(
                f.affine(tc, x, g) for f, tc, x in zip(fields, t, rc, strict=True)
            )
            seats.append(g * m + _ring_code(fields, value))
        tables.append(tuple(seats))
    return tables


def _ring_elements(fields: Sequence[_Field], code: int) -> tuple[int, ...]:
    parts = []
    for f in fields:
        code, part = divmod(code, f.q)
        parts.append(part)
    return tuple(parts)


def _ring_code(fields: Sequence[_Field], value: tuple[int, ...]) -> int:
    code, scale = 0, 1
    for f, part in zip(fields, value, strict=True):
        code += part * scale
        scale *= f.q
    return code


#: Base rounds found offline by scripts/find_cyclic_bases.py (a seeded
#: annealing search), scripts/find_symmetric_bases.py and
#: scripts/find_six_class_bases.py (SAT) and scripts/find_rotational_bases.py
#: (a depth-first search that ends on steps; the checks are in
#: tests/unit/seating/test_designs.py).
#: Players are (x, c) for x in Z_g and a class c, coded c * g + x, plus
#: ``extra`` fixed players coded g * classes + j. Adding i to every x (mod g)
#: for i in Z_g turns each base round into g rounds with no pair meeting
#: twice; n -> (g, classes, base rounds).
_Bases = tuple[tuple[tuple[int, ...], ...], ...]
_CYCLIC_BASES: dict[int, tuple[int, int, _Bases]] = {
    # 24 = 3 x 7 + 3: 7 rounds; each player misses only two others.
    24: (
        7,
        3,
        (
            (
                (0, 12, 15, 22),
                (1, 2, 6, 10),
                (3, 17, 19, 20),
                (4, 7, 16, 23),
                (5, 11, 18, 21),
                (8, 9, 13, 14),
            ),
        ),
    ),
    # 60 = 3 x 19 + 3: 19 rounds, the bound floor(59 / 3); each player misses
    # only the two others of its x. Invariant under (x, c) -> (7 x, c + 1)
    # (7 is a cube root of 1 mod 19), which is how a SAT solver found it in
    # about two minutes (issue 17, see docs/benchmarks.md).
    60: (
        19,
        3,
        (
            (
                (0, 13, 18, 27),
                (1, 36, 40, 58),
                (2, 10, 23, 25),
                (3, 5, 15, 45),
                (4, 8, 30, 54),
                (6, 9, 41, 53),
                (7, 24, 44, 50),
                (11, 21, 29, 35),
                (12, 38, 46, 48),
                (14, 26, 43, 59),
                (16, 22, 49, 57),
                (17, 28, 37, 39),
                (19, 31, 34, 56),
                (20, 51, 52, 55),
                (32, 33, 42, 47),
            ),
        ),
    ),
    # 44 = 3 x 14 + 2: 14 rounds, the bound floor(43 / 3); a resolvable 4-GDD of
    # type 2^22: (x, c) misses only (x + 7, c), the two fixed players each
    # other. Invariant under (x, c) -> (9 x, c + 1).
    44: (
        14,
        3,
        (
            (
                (0, 14, 28, 42),
                (1, 3, 21, 22),
                (2, 15, 17, 26),
                (4, 7, 33, 39),
                (5, 6, 11, 36),
                (8, 12, 20, 31),
                (9, 25, 29, 43),
                (10, 19, 32, 34),
                (13, 16, 24, 40),
                (18, 37, 38, 41),
                (23, 27, 30, 35),
            ),
        ),
    ),
    # 48 = 3 x 15 + 3: 15 rounds, the bound floor(47 / 3); a resolvable 4-GDD of
    # type 3^16: each player misses only the two others of its x. Invariant
    # under (x, c) -> (x, c + 1), fixed player j -> j + 1.
    48: (
        15,
        3,
        (
            (
                (0, 26, 38, 45),
                (1, 2, 6, 33),
                (3, 16, 17, 21),
                (4, 24, 40, 43),
                (5, 12, 14, 22),
                (7, 35, 42, 44),
                (8, 15, 41, 46),
                (9, 25, 28, 34),
                (10, 13, 19, 39),
                (11, 23, 30, 47),
                (18, 31, 32, 36),
                (20, 27, 29, 37),
            ),
        ),
    ),
    # 56 = 3 x 18 + 2: 18 rounds, the bound floor(55 / 3); a resolvable 4-GDD of
    # type 2^28: (x, c) misses only (x + 9, c), the two fixed players each
    # other. Invariant under (x, c) -> (7 x, c + 1).
    56: (
        18,
        3,
        (
            (
                (0, 18, 36, 54),
                (1, 3, 32, 42),
                (2, 24, 39, 49),
                (4, 5, 9, 53),
                (6, 21, 25, 44),
                (7, 13, 40, 41),
                (8, 16, 48, 51),
                (10, 17, 19, 31),
                (11, 27, 28, 35),
                (12, 15, 20, 22),
                (14, 26, 38, 55),
                (23, 45, 47, 52),
                (29, 34, 37, 43),
                (30, 33, 46, 50),
            ),
        ),
    ),
    # 72 = 3 x 23 + 3: 23 rounds, the bound floor(71 / 3); a resolvable 4-GDD of
    # type 3^24, invariant under (x, c) -> (x, c + 1), fixed player j -> j + 1
    # (scripts/find_rotational_bases.py --players 72 --sat, 3 CPU minutes).
    72: (
        23,
        3,
        (
            (
                (0, 29, 50, 69),
                (1, 15, 18, 48),
                (2, 24, 38, 41),
                (3, 19, 33, 37),
                (4, 23, 52, 70),
                (5, 20, 30, 54),
                (6, 27, 46, 71),
                (7, 31, 51, 66),
                (8, 28, 43, 53),
                (9, 11, 22, 63),
                (10, 14, 49, 65),
                (12, 13, 39, 44),
                (16, 21, 58, 59),
                (17, 32, 34, 45),
                (25, 47, 61, 64),
                (26, 42, 56, 60),
                (35, 36, 62, 67),
                (40, 55, 57, 68),
            ),
        ),
    ),
    # 80 = 3 x 26 + 2: 26 rounds, the bound floor(79 / 3); a resolvable 4-GDD of
    # type 2^40: (x, c) misses only (x + 13, c), the two fixed players each
    # other. Invariant under (x, c) -> (3 x, c + 1); found by
    # scripts/find_rotational_bases.py --players 80 --multiplier 3 --sat
    # (3 CPU minutes).
    80: (
        26,
        3,
        (
            (
                (0, 26, 52, 78),
                (1, 22, 60, 71),
                (2, 32, 70, 79),
                (3, 17, 21, 77),
                (4, 19, 58, 76),
                (5, 24, 29, 40),
                (6, 27, 49, 72),
                (7, 10, 16, 39),
                (8, 44, 55, 69),
                (9, 25, 50, 54),
                (11, 12, 45, 74),
                (13, 63, 64, 66),
                (14, 33, 36, 57),
                (15, 42, 56, 73),
                (18, 20, 31, 38),
                (23, 35, 37, 51),
                (28, 34, 62, 67),
                (30, 47, 48, 65),
                (41, 46, 61, 68),
                (43, 53, 59, 75),
            ),
        ),
    ),
    # 92 = 6 x 15 + 2: 30 rounds, the bound floor(91 / 3); a resolvable 4-GDD
    # of type 2^46: (x, c) misses only (x, c + 3), the two fixed players each
    # other. Two base rounds: the first invariant under (x, c) -> (x, pi c),
    # the second under (x, c) -> (x + 5, pi c), pi = (012)(345), both under
    # (x, c) -> (4 x, c + 3) with the fixed players swapped; found by
    # scripts/find_six_class_bases.py --g 15 --inv 4:0:345012 (26 CPU seconds).
    92: (
        15,
        6,
        (
            (
                (0, 15, 30, 90),
                (1, 4, 38, 71),
                (2, 12, 33, 85),
                (3, 17, 27, 55),
                (5, 24, 54, 58),
                (6, 7, 50, 66),
                (8, 16, 19, 86),
                (9, 35, 84, 88),
                (10, 57, 63, 68),
                (11, 28, 59, 67),
                (13, 41, 52, 89),
                (14, 62, 76, 79),
                (18, 32, 42, 70),
                (20, 39, 69, 73),
                (21, 22, 65, 81),
                (23, 31, 34, 56),
                (25, 72, 78, 83),
                (26, 43, 74, 82),
                (29, 46, 49, 77),
                (36, 37, 51, 80),
                (40, 48, 53, 87),
                (44, 47, 61, 64),
                (45, 60, 75, 91),
            ),
            (
                (0, 20, 40, 91),
                (1, 17, 56, 63),
                (2, 24, 53, 66),
                (3, 30, 36, 38),
                (4, 42, 46, 78),
                (5, 11, 13, 23),
                (6, 10, 67, 76),
                (7, 39, 48, 89),
                (8, 29, 79, 80),
                (9, 33, 60, 74),
                (12, 41, 58, 81),
                (14, 27, 49, 68),
                (15, 26, 51, 87),
                (16, 18, 25, 43),
                (19, 32, 69, 88),
                (21, 37, 61, 83),
                (22, 44, 73, 86),
                (28, 34, 54, 55),
                (31, 35, 47, 71),
                (45, 65, 85, 90),
                (50, 52, 59, 62),
                (57, 75, 77, 84),
                (64, 70, 72, 82),
            ),
        ),
    ),
    # 36 = 3 x 11 + 3: 11 rounds, the bound floor(35 / 3).
    36: (
        11,
        3,
        (
            (
                (0, 17, 27, 35),
                (1, 10, 25, 32),
                (2, 7, 14, 15),
                (3, 18, 22, 33),
                (4, 13, 29, 34),
                (5, 8, 9, 19),
                (6, 11, 23, 24),
                (12, 16, 21, 30),
                (20, 26, 28, 31),
            ),
        ),
    ),
}


#: Designs on G x 4 levels found offline by scripts/find_level_bases.py (a
#: SAT model; the checks are in tests/unit/seating/test_designs.py), G = Z_g
#: or the additive group of GF(g). Players are (x, c) for x in G and a level
#: c, coded c * g + x. Adding i to every x for i in G turns the base round
#: into g rounds; each fixed round is the distinct translates of its tables
#: (one table {(a_c, c)}, a player of each level, gives g tables: a round
#: that the translations leave as it is). n -> (g, over GF(g), base round,
#: fixed rounds).
_LevelDesign = tuple[int, bool, tuple[tuple[int, ...], ...], _Bases]
_LEVEL_DESIGNS: dict[int, _LevelDesign] = {
    # 100 = 4 x 25: 33 rounds, the bound floor(99 / 3), every pair meeting
    # once (a resolvable (100, 4, 1) design), over GF(25); invariant under
    # (x, c) -> (8 x, c + 1 mod 4), 8 (as _Field codes it) of order 8.
    # Found in 2 s by scripts/find_level_bases.py --players 100 --field
    # --symmetry 8:1230.
    100: (
        25,
        True,
        (
            (0, 25, 50, 75),
            (1, 4, 89, 91),
            (2, 3, 35, 40),
            (5, 20, 34, 46),
            (6, 24, 64, 66),
            (7, 23, 62, 68),
            (8, 22, 85, 90),
            (9, 21, 27, 28),
            (10, 15, 84, 96),
            (11, 19, 57, 73),
            (12, 18, 33, 47),
            (13, 17, 83, 97),
            (14, 16, 58, 72),
            (26, 29, 81, 99),
            (30, 45, 61, 69),
            (31, 49, 82, 98),
            (32, 48, 52, 53),
            (36, 44, 59, 71),
            (37, 43, 77, 78),
            (38, 42, 55, 70),
            (39, 41, 87, 93),
            (51, 54, 80, 95),
            (56, 74, 86, 94),
            (60, 65, 88, 92),
            (63, 67, 76, 79),
        ),
        (
            ((0, 27, 54, 96),),
            ((0, 28, 51, 84),),
            ((0, 30, 66, 77),),
            ((0, 33, 57, 97),),
            ((0, 36, 53, 79),),
            ((0, 44, 52, 76),),
            ((0, 45, 64, 78),),
            ((0, 47, 73, 83),),
        ),
    ),
    # 84 = 4 x 21: 27 rounds, the bound floor(83 / 3); a resolvable 4-GDD of
    # type 3^28: (x, 0), (x, 1), (x, 2) miss each other, and (x, 3) misses
    # (x +- 7, 3). Invariant under (x, c) -> (4 x, c + 1 mod 3) (level 3 stays),
    # 4 a cube root of 1 mod 21. Found in 2 CPU minutes by
    # scripts/find_level_bases.py --players 84 --symmetry 4:1203.
    84: (
        21,
        False,
        (
            (0, 52, 56, 80),
            (1, 44, 47, 65),
            (2, 5, 6, 13),
            (3, 33, 48, 70),
            (4, 26, 45, 57),
            (7, 23, 36, 67),
            (8, 20, 25, 71),
            (9, 11, 49, 64),
            (10, 66, 76, 81),
            (12, 18, 37, 62),
            (14, 19, 21, 68),
            (15, 39, 51, 77),
            (16, 22, 46, 63),
            (17, 27, 30, 43),
            (24, 29, 31, 41),
            (28, 50, 60, 79),
            (32, 38, 58, 74),
            (34, 35, 42, 83),
            (40, 72, 73, 75),
            (53, 54, 59, 61),
            (55, 69, 78, 82),
        ),
        (
            ((0, 32, 49, 82),),
            ((0, 33, 60, 73),),
            ((0, 35, 58, 69),),
            ((0, 36, 54, 79),),
            ((0, 39, 48, 78),),
            ((0, 41, 55, 65),),
        ),
    ),
}


def _level_rounds(n: int) -> list[list[tuple[int, ...]]] | None:
    """Develop the shipped design on G x 4 levels for n players, if any."""
    if n not in _LEVEL_DESIGNS:
        return None
    g, field, base, fixed = _LEVEL_DESIGNS[n]
    ring = _ring(g) if field else None
    add = ring[0].add if ring else lambda x, y: (x + y) % g

    def move(table: tuple[int, ...], i: int) -> tuple[int, ...]:
        return tuple(p - p % g + add(p % g, i) for p in table)

    rounds = [[move(t, i) for t in base] for i in range(g)]
    for tables in fixed:
        moved = {tuple(sorted(move(t, i))) for t in tables for i in range(g)}
        rounds.append(sorted(moved))
    return rounds


@cache
def _plus_one_field(n: int) -> _Field | None:
    """GF(q) when n = 3q + 1 with q = 1 (mod 4) a prime power, else None."""
    if n < 16 or (n - 1) % 3:
        return None
    q = (n - 1) // 3
    factors = _prime_powers(q)
    if q % 4 != 1 or len(factors) != 1:
        return None
    return _Field(*factors[0])


def _plus_one_size(n: int) -> int:
    field = _plus_one_field(n)
    return 0 if field is None else field.q


@cache
def _plus_one_base(n: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The base round of the design on GF(q) x {0, 1, 2} plus one point.

    Points (a, k), a in GF(q), k a class, and the point at infinity (class
    -1). With e a fourth root of unity (e^2 = -1, as 4 divides q - 1) and
    a running over one element of each coset a {1, e, -1, -e} of the nonzero
    elements, the tables are {inf, (0, 0), (0, 1), (0, 2)} and, for k = 0, 1,
    2, {(a, k), (-a, k), (e a, k + 1), (-e a, k + 1)}. They seat every point
    once. Within class k the differences of its pairs are +-2a and +-2ea:
    2a {1, e, -1, -e}, every nonzero element once; from class k to k + 1
    they are a(e - 1) {1, e, -1, -e}, again every nonzero element once. So
    the q translates (a, k) -> (a + r, k), r in GF(q), seat every pair of
    players exactly once: q = (n - 1) / 3 repeat-free rounds.
    """
    field = _plus_one_field(n)
    assert field is not None
    minus_one = field.neg(1)
    e = next(x for x in range(field.q) if field.mul(x, x) == minus_one)
    seen: set[int] = set()
    tables: list[tuple[tuple[int, int], ...]] = [((0, -1), (0, 0), (0, 1), (0, 2))]
    for a in range(1, field.q):
        if a in seen:
            continue
        ea = field.mul(e, a)
        coset = (a, field.neg(a), ea, field.neg(ea))
        seen.update(coset)
        for k in range(3):
            tables.append(
                ((a, k), (coset[1], k), (ea, (k + 1) % 3), (coset[3], (k + 1) % 3))
            )
    return tuple(tables)


def _plus_one_round(n: int, r: int) -> tuple[tuple[int, ...], ...]:
    """Round r (0 <= r < q) of the design for n = 3q + 1: point (a, k) is
    player k q + a, infinity is player 3 q."""
    field = _plus_one_field(n)
    assert field is not None
    q = field.q
    return tuple(
        tuple(3 * q if k < 0 else k * q + field.add(a, r) for a, k in table)
        for table in _plus_one_base(n)
    )


def _cyclic_rounds(n: int) -> list[list[tuple[int, ...]]] | None:
    """Develop the shipped base rounds for n players, if any."""
    if n not in _CYCLIC_BASES:
        return None
    g, classes, bases = _CYCLIC_BASES[n]
    finite = g * classes
    rounds = []
    for base in bases:
        for i in range(g):
            rounds.append(
                [
                    tuple(p if p >= finite else p - p % g + (p % g + i) % g for p in t)
                    for t in base
                ]
            )
    return rounds


@cache
def _known(n: int) -> list[list[tuple[int, ...]]] | None:
    """Rounds developed from shipped base rounds or designs, or shipped as
    data, the longest."""
    candidates = (_cyclic_rounds(n), _level_rounds(n), shipped_rounds(n))
    found = [k for k in candidates if k is not None]
    return max(found, key=len) if found else None


def _constructed_size(n: int) -> int:
    m = n // 4
    size = m if _ring(m) is not None else 0
    if m % 4 == 0:
        size += design_size(m)
    return size


@cache
def design_size(n: int) -> int:
    """How many repeat-free rounds this module builds for n players (n % 4
    == 0), without building them: at least one."""
    known = _known(n)
    return max(_constructed_size(n), _plus_one_size(n), len(known) if known else 0, 1)


def design_round(n: int, r: int) -> tuple[tuple[int, ...], ...]:
    """Round r (0 <= r < design_size(n)) of the design for n players, built
    alone: a plan of R rounds costs R rounds, however many the design has."""
    known = _known(n)
    constructed, plus_one = _constructed_size(n), _plus_one_size(n)
    if known is not None and len(known) >= max(constructed, plus_one):
        return tuple(known[r])
    if plus_one > constructed:
        return _plus_one_round(n, r)
    m = n // 4
    if _ring(m) is not None:
        if r < m:
            return tuple(_transversal_round(m, r))
        r -= m
    if m % 4 == 0 and r < design_size(m):
        inner = design_round(m, r)
        return tuple(
            tuple(g * m + p for p in table) for g in range(4) for table in inner
        )
    return tuple(tuple(range(i, i + 4)) for i in range(0, n, 4))


@cache
def repeat_free_design(n: int) -> Design:
    """Every round of the design for n players (n % 4 == 0); the searches
    use ``design_round`` for the rounds they need."""
    return tuple(design_round(n, r) for r in range(design_size(n)))
