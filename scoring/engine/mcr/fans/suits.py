"""Each suit of a hand as one integer key, looked up in bounded tables.

A suit's counts (nine ranks, seven for honours) are read as the digits of a
base-6 number: ``key = sum(count[rank] * 6**rank)`` (base 6, not 5: looking
for waits adds a fifth copy to a tile held four times). Every decomposition
is then a dictionary lookup on an ``int``.

The tables are filled on first use and emptied when they reach
``TABLE_LIMIT`` entries, so a long-lived worker's memory stays flat whatever
hands it sees (the ``lru_cache`` memos they replace grew to tens of MB).
A suit's splits are stored with absolute tile indices (suit ``s`` adds
``9 * s``), ready to be combined into whole-hand readings.
"""

from __future__ import annotations

from itertools import product

from scoring.engine.mcr.fans.decompose import HONOR_BASE, Split, split_suit

POW6: tuple[int, ...] = tuple(6**rank for rank in range(9))
# For a tile index 0..33: its suit 0..3 and the weight of one copy in the key.
SUIT_OF: tuple[int, ...] = tuple(tile // 9 for tile in range(34))
WEIGHT: tuple[int, ...] = tuple(POW6[tile % 9] for tile in range(34))
TABLE_LIMIT = 1 << 14
_HAND_LIMIT = 1 << 12

# One table per suit: key -> splits (absolute tiles), sorted as before.
_SPLITS: tuple[dict[int, tuple[Split, ...]], ...] = ({}, {}, {}, {})
# One table per suit: key -> shape (bit 1: sets only, bit 2: sets and a pair).
_SHAPES: tuple[dict[int, int], ...] = ({}, {}, {}, {})
_HANDS: dict[tuple[int, int, int, int], tuple[Split, ...]] = {}


def decode(key: int, size: int) -> tuple[int, ...]:
    """The counts of a suit key (``size`` ranks)."""
    counts = []
    for _ in range(size):
        key, count = divmod(key, 6)
        counts.append(count)
    return tuple(counts)


def splits_of(suit: int, key: int) -> tuple[Split, ...]:
    """Every split of one suit into sets and at most one pair (absolute tiles)."""
    table = _SPLITS[suit]
    found = table.get(key)
    if found is None:
        if len(table) >= TABLE_LIMIT:
            table.clear()
        honors = suit == 3
        offset = suit * 9
        found = tuple(
            (
                tuple((kind, tile + offset) for kind, tile in sets),
                pair + offset if pair >= 0 else -1,
            )
            for sets, pair in split_suit(decode(key, 7 if honors else 9), honors)
        )
        table[key] = found
    return found


def shape_of(suit: int, key: int) -> int:
    """Bit 1: the suit splits into sets only; bit 2: into sets and one pair."""
    table = _SHAPES[suit]
    shape = table.get(key)
    if shape is None:
        if len(table) >= TABLE_LIMIT:
            table.clear()
        shape = 0
        for _, pair in splits_of(suit, key):
            shape |= 2 if pair >= 0 else 1
        table[key] = shape
    return shape


def hand_splits(keys: tuple[int, int, int, int]) -> tuple[Split, ...]:
    """Every split of the four suits into sets and exactly one pair.

    The order is the one ``decompose.standard_splits`` gives (suit by suit,
    each suit's splits sorted), so readings of equal value keep their order.
    """
    found = _HANDS.get(keys)
    if found is None:
        if len(_HANDS) >= _HAND_LIMIT:
            _HANDS.clear()
        found = _combine(keys)
        _HANDS[keys] = found
    return found


def _combine(keys: tuple[int, int, int, int]) -> tuple[Split, ...]:
    per_suit = []
    for suit, key in enumerate(keys):
        splits = splits_of(suit, key)
        if not splits:
            return ()
        per_suit.append(splits)
    result: list[Split] = []
    for choice in product(*per_suit):
        pairs = [pair for _, pair in choice if pair >= 0]
        if len(pairs) == 1:
            sets = tuple(sorted(s for part_sets, _ in choice for s in part_sets))
            result.append((sets, pairs[0]))
    return tuple(result)


def is_standard_keys(keys: tuple[int, ...] | list[int]) -> bool:
    """Whether the four suits split into sets and exactly one pair."""
    pair_suits = 0
    for suit in range(4):
        key = keys[suit]
        if not key:
            continue
        shape = shape_of(suit, key)
        if shape & 1:
            continue
        if not shape & 2:
            return False
        pair_suits += 1
    return pair_suits == 1


def standard_waits(standing: tuple[int, ...], keys: list[int], limit: int) -> int:
    """How many tile kinds finish the standard shape, counting up to ``limit``.

    Only tiles next to a held tile can finish a set or the pair; the three
    other suits keep their shape, so one table lookup decides each tile.
    """
    found = 0
    for tile in _near(standing):
        suit = SUIT_OF[tile]
        before = keys[suit]
        keys[suit] = before + WEIGHT[tile]
        complete = is_standard_keys(keys)
        keys[suit] = before
        if complete:
            found += 1
            if found >= limit:
                break
    return found


def _near(standing: tuple[int, ...]) -> set[int]:
    near: set[int] = set()
    for tile, count in enumerate(standing):
        if not count:
            continue
        if tile >= HONOR_BASE:
            near.add(tile)
            continue
        low = tile - tile % 9
        near.update(range(max(low, tile - 2), min(low + 9, tile + 3)))
    return near


def clear() -> None:
    """Empty every table (the benchmark's first pass starts empty)."""
    for splits in _SPLITS:
        splits.clear()
    for shapes in _SHAPES:
        shapes.clear()
    _HANDS.clear()
