"""Each suit of a hand as one integer key into precomputed tables.

A suit's counts (nine ranks, seven for honours) are read as the digits of a
base-6 number: ``key = sum(count[rank] * 6**rank)`` (base 6, not 5: looking
for waits adds a fifth copy to a tile held four times). Every decomposition
is then a dictionary lookup on an ``int``.

The decomposition tables are built once at import by listing every way up
to four sets and a pair can fill a suit (29,559 suited keys, 792 honour
keys, about 0.05 s): a key absent from them does not split. Their size is
fixed, so a long-lived worker's memory stays flat whatever hands it sees.
Splits are stored with ranks 0-based within the suit, sorted as
``decompose.split_suit`` sorts them; the few conversions to absolute tile
indices (suit ``s`` adds ``9 * s``) go through bounded memos.
"""

from __future__ import annotations

import gc
from collections.abc import Sequence
from itertools import combinations_with_replacement
from operator import itemgetter, mul

from scoring.engine.mcr.fans.decompose import (
    CHOW,
    KNITTED,
    PUNG,
    Set,
    Split,
    combine_suits,
    honors_and_knitted,
    is_seven_pairs,
    is_thirteen_orphans,
    offset_splits,
    one_pair,
)

POW6: tuple[int, ...] = tuple(6**rank for rank in range(9))
# For a tile index 0..33: its suit 0..3 and the weight of one copy in the key.
SUIT_OF: tuple[int, ...] = tuple(tile // 9 for tile in range(34))
WEIGHT: tuple[int, ...] = tuple(POW6[tile % 9] for tile in range(34))
TABLE_LIMIT = 1 << 11
# At most five copies of a rank: four held and one more tried as a wait.
_MOST_COPIES = 5


def _build(
    size: int, chows: bool
) -> tuple[dict[int, tuple[Split, ...]], dict[int, int]]:
    """key -> every split into at most four sets and one pair; key -> shape.

    ``combinations_with_replacement`` gives each number of sets in sorted
    order, and all splits of one key have the same number of sets and the
    same pair or none (the tile count decides both), so each key's list
    comes out sorted as ``split_suit`` sorts it. Shape: bit 1 sets only,
    bit 2 sets and a pair.
    """
    kinds: list[Set] = [(CHOW, rank) for rank in range(size - 2)] if chows else []
    kinds += [(PUNG, rank) for rank in range(size)]
    found: dict[int, list[Split]] = {}
    shapes: dict[int, int] = {}
    pairs = [(rank, 2 * POW6[rank]) for rank in range(size)]
    for number in range(5):
        for sets in combinations_with_replacement(kinds, number):
            counts = [0] * size
            for kind, rank in sets:
                if kind == CHOW:
                    counts[rank] += 1
                    counts[rank + 1] += 1
                    counts[rank + 2] += 1
                else:
                    counts[rank] += 3
            if number and max(counts) > _MOST_COPIES:
                continue
            key = sum(map(mul, counts, POW6))
            found.setdefault(key, []).append((sets, -1))
            shapes[key] = 1
            for rank, weight in pairs:
                if counts[rank] <= _MOST_COPIES - 2:
                    found.setdefault(key + weight, []).append((sets, rank))
                    shapes[key + weight] = 2
    return {key: tuple(splits) for key, splits in found.items()}, shapes


def _build_all() -> tuple[
    dict[int, tuple[Split, ...]],
    dict[int, int],
    dict[int, tuple[Split, ...]],
    dict[int, int],
]:
    """Both tables, the cyclic garbage collector paused meanwhile.

    The tables hold no cycles, yet their 60,000 new containers would set off
    collections that scan them all, about half the build time. The
    collector's previous state is restored.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        return (*_build(9, chows=True), *_build(7, chows=False))
    finally:
        if enabled:
            gc.enable()


SUITED, _SUITED_SHAPES, HONORS, _HONOR_SHAPES = _build_all()
# key -> shape (bit 1: sets only, bit 2: sets and a pair; 0: no split).
_SHAPES = (_SUITED_SHAPES, _HONOR_SHAPES)
# Absolute splits of the circles, bamboo and honours (the characters' ranks
# are already their tile indices).
_ABSOLUTE: tuple[dict[int, tuple[Split, ...]], ...] = ({}, {}, {})


def decode(key: int, size: int) -> tuple[int, ...]:
    """The counts of a suit key (``size`` ranks)."""
    counts = []
    for _ in range(size):
        key, count = divmod(key, 6)
        counts.append(count)
    return tuple(counts)


def splits_of(suit: int, key: int) -> tuple[Split, ...]:
    """Every split of one suit into sets and at most one pair (absolute tiles)."""
    if suit == 0:
        return SUITED.get(key, ())
    table = _ABSOLUTE[suit - 1]
    found = table.get(key)
    if found is None:
        if len(table) >= TABLE_LIMIT:
            table.clear()
        relative = (HONORS if suit == 3 else SUITED).get(key, ())
        found = table[key] = offset_splits(relative, suit * 9)
    return found


def shape_of(suit: int, key: int) -> int:
    """Bit 1: the suit splits into sets only; bit 2: into sets and one pair."""
    return _SHAPES[suit == 3].get(key, 0)


def hand_splits(keys: tuple[int, int, int, int]) -> tuple[Split, ...]:
    """Every split of the four suits into sets and exactly one pair.

    The order is the one ``decompose.standard_splits`` gives (suit by suit,
    each suit's splits sorted), so readings of equal value keep their order.
    Most hands split one way in every suit: that case skips the product.
    """
    m = SUITED.get(keys[0], ())
    p = _ABSOLUTE[0].get(keys[1]) or splits_of(1, keys[1])
    s = _ABSOLUTE[1].get(keys[2]) or splits_of(2, keys[2])
    z = _ABSOLUTE[2].get(keys[3]) or splits_of(3, keys[3])
    if not (m and p and s and z):
        return ()
    if len(m) == 1 and len(p) == 1 and len(s) == 1 and len(z) == 1:
        (m_sets, m_pair), (p_sets, p_pair) = m[0], p[0]
        (s_sets, s_pair), (z_sets, z_pair) = s[0], z[0]
        if (m_pair >= 0) + (p_pair >= 0) + (s_pair >= 0) + (z_pair >= 0) != 1:
            return ()
        sets = tuple(sorted(m_sets + p_sets + s_sets + z_sets))
        return ((sets, max(m_pair, p_pair, s_pair, z_pair)),)
    return combine_suits((m, p, s, z))


def is_standard_keys(keys: Sequence[int]) -> bool:
    """Whether the four suits split into sets and exactly one pair."""
    return one_pair(
        (
            _SHAPES[0].get(keys[0], 0),
            _SHAPES[0].get(keys[1], 0),
            _SHAPES[0].get(keys[2], 0),
            _SHAPES[1].get(keys[3], 0),
        )
    )


# Per knitted sequence (the order of KNITTED, which decides between two held
# sequences): the counts of its nine tiles, and the suit keys they make.
KNITTED_HELD = tuple(itemgetter(*seq) for seq in KNITTED)
KNITTED_KEYS = tuple(
    tuple(sum(WEIGHT[tile] for tile in seq if tile // 9 == suit) for suit in range(4))
    for seq in KNITTED
)


def knitted_rest(
    counts: Sequence[int], keys: Sequence[int]
) -> tuple[int, tuple[int, int, int, int]]:
    """The first knitted sequence held (index into KNITTED, -1 if none) and
    the suit keys of the tiles left when it is taken out."""
    for number, held in enumerate(KNITTED_HELD):
        if all(held(counts)):
            m, p, s, z = KNITTED_KEYS[number]
            return number, (keys[0] - m, keys[1] - p, keys[2] - s, keys[3] - z)
    return -1, (0, 0, 0, 0)


def thirteen_tile_complete(counts: list[int]) -> bool:
    """Seven pairs, thirteen orphans or honours and knitted (no meld)."""
    return (
        is_seven_pairs(counts)
        or is_thirteen_orphans(counts)
        or bool(honors_and_knitted(counts))
    )


def knitted_complete(counts: list[int], keys: Sequence[int]) -> bool:
    """A knitted straight and a standard rest (at most one meld)."""
    number, rest = knitted_rest(counts, keys)
    return number >= 0 and is_standard_keys(rest)


def standard_waits(keys: Sequence[int], limit: int) -> int:
    """How many tile kinds finish the standard shape, counting up to ``limit``.

    ``keys`` are the suit keys of the 13 standing tiles. Only a tile next to
    a held tile can finish a set or the pair, and a tile changes the shape
    of its own suit only: one table lookup decides each candidate.
    """
    shapes = [shape_of(suit, key) for suit, key in enumerate(keys)]
    broken = shapes.count(0)  # suits that split neither way
    paired = shapes.count(2)  # suits that need the pair
    found = 0
    for suit, key in enumerate(keys):
        shape = shapes[suit]
        if broken - (shape == 0):
            continue
        others = paired - (shape == 2)
        if others > 1:
            continue
        for weight in _near(suit, key):
            new = shape_of(suit, key + weight)
            if (new & 1 and others == 1) or (new == 2 and others == 0):
                found += 1
                if found >= limit:
                    return found
    return found


_NEAR: tuple[dict[int, tuple[int, ...]], ...] = ({}, {}, {}, {})


def _near(suit: int, key: int) -> tuple[int, ...]:
    """Key weights of the tiles next to a held tile of the suit (bounded memo)."""
    table = _NEAR[suit]
    found = table.get(key)
    if found is None:
        if len(table) >= TABLE_LIMIT:
            table.clear()
        counts = decode(key, 7 if suit == 3 else 9)
        near: set[int] = set()
        for rank, count in enumerate(counts):
            if count:
                if suit == 3:
                    near.add(rank)
                else:
                    near.update(range(max(0, rank - 2), min(9, rank + 3)))
        found = table[key] = tuple(POW6[rank] for rank in sorted(near))
    return found


def clear() -> None:
    """Empty every table (the benchmark's first pass starts empty)."""
    for splits in _ABSOLUTE:
        splits.clear()
    for near in _NEAR:
        near.clear()
