"""Readings of the concealed tiles: sets and a pair, special shapes, waits.

Everything works on counting arrays of length 34 (``scoring.engine.tiles``).
The standard shape is split suit by suit: a suit's split never depends on the
other suits, and a whole hand combines them. These functions are the
reference definitions: the calculator's hot path reads the same splits from
the precomputed tables of ``suits`` (tested key by key against
``split_suit``), and ``waits`` is what ``HandContext.unique_wait`` answers
(tested on the frozen corpus). Their memos are small and bounded.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import product

CHOW, PUNG, KONG, PAIR = 0, 1, 2, 3
HONOR_BASE = 27
# A set as the engine handles it: (kind, tile index of its lowest tile).
Set = tuple[int, int]
Split = tuple[tuple[Set, ...], int]  # (sets, pair tile or -1)

ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
# The six knitted sequences: 147 in one suit, 258 in another, 369 in the third.
KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        suit * 9 + rank
        for suit, start in zip(order, (0, 1, 2), strict=True)
        for rank in (start, start + 3, start + 6)
    )
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)
# Bounded: these memos serve the rarer paths (special shapes, waits near
# them); the hot path uses the integer-keyed tables of ``suits``.
_MEMO_SIZE = 1 << 12


@lru_cache(maxsize=_MEMO_SIZE)
def suit_splits(counts: tuple[int, ...], honors: bool) -> tuple[Split, ...]:
    """Every split of one suit into sets and at most one pair (memoised)."""
    return split_suit(counts, honors)


def split_suit(counts: tuple[int, ...], honors: bool) -> tuple[Split, ...]:
    """Every split of one suit into sets and at most one pair.

    Ranks in the result are 0-based within the suit. Honours form no chows.
    """
    found: set[tuple[tuple[Set, ...], int]] = set()
    _split(list(counts), honors, [], -1, found)
    return tuple(sorted(found))


def _split(
    counts: list[int],
    honors: bool,
    sets: list[Set],
    pair: int,
    found: set[tuple[tuple[Set, ...], int]],
) -> None:
    first = next((rank for rank, count in enumerate(counts) if count), -1)
    if first < 0:
        found.add((tuple(sorted(sets)), pair))
        return
    count = counts[first]
    if count >= 3:
        counts[first] -= 3
        sets.append((PUNG, first))
        _split(counts, honors, sets, pair, found)
        sets.pop()
        counts[first] += 3
    if pair < 0 and count >= 2:
        counts[first] -= 2
        _split(counts, honors, sets, first, found)
        counts[first] += 2
    if (
        not honors
        and first + 2 < len(counts)
        and counts[first + 1]
        and counts[first + 2]
    ):
        for rank in (first, first + 1, first + 2):
            counts[rank] -= 1
        sets.append((CHOW, first))
        _split(counts, honors, sets, pair, found)
        sets.pop()
        for rank in (first, first + 1, first + 2):
            counts[rank] += 1


def _suits(counts: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return (counts[0:9], counts[9:18], counts[18:27], counts[27:34])


@lru_cache(maxsize=_MEMO_SIZE)
def suit_shape(counts: tuple[int, ...], honors: bool) -> int:
    """Bit 1: the suit splits into sets only; bit 2: into sets and one pair."""
    shape = 0
    for _, pair in suit_splits(counts, honors):
        shape |= 2 if pair >= 0 else 1
    return shape


def is_standard(counts: tuple[int, ...]) -> bool:
    """Whether the tiles split into sets and exactly one pair."""
    shapes = [suit_shape(part, base == 3) for base, part in enumerate(_suits(counts))]
    return one_pair(shapes)


def one_pair(shapes: Sequence[int]) -> bool:
    """Suit shapes (``suit_shape``) make sets and exactly one pair."""
    pair_suits = 0
    for shape in shapes:
        if shape & 1:
            continue
        if not shape & 2:
            return False
        pair_suits += 1
    # A suit holds the pair exactly when its size is 2 modulo 3, so the two
    # bits never both appear: the hand needs exactly one suit with the pair.
    return pair_suits == 1


@lru_cache(maxsize=1024)
def standard_splits(counts: tuple[int, ...]) -> tuple[Split, ...]:
    """Every split of the tiles into sets and exactly one pair (absolute tiles)."""
    per_suit = []
    for base, part in enumerate(_suits(counts)):
        splits = suit_splits(part, base == 3)
        if not splits:
            return ()
        per_suit.append(offset_splits(splits, base * 9))
    return combine_suits(per_suit)


def offset_splits(splits: tuple[Split, ...], offset: int) -> tuple[Split, ...]:
    """Splits of one suit with ranks turned into tile indices (``+ offset``)."""
    return tuple(
        (
            tuple((kind, tile + offset) for kind, tile in sets),
            pair + offset if pair >= 0 else -1,
        )
        for sets, pair in splits
    )


def combine_suits(per_suit: Sequence[tuple[Split, ...]]) -> tuple[Split, ...]:
    """Whole-hand splits from each suit's: one pair in all, sets sorted."""
    result: list[Split] = []
    for choice in product(*per_suit):
        pairs = [pair for _, pair in choice if pair >= 0]
        if len(pairs) == 1:
            sets = tuple(sorted(s for part_sets, _ in choice for s in part_sets))
            result.append((sets, pairs[0]))
    return tuple(result)


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Seven pairs; four alike count as two pairs (mcr.md fan 19)."""
    return sum(counts) == 14 and all(count % 2 == 0 for count in counts)


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    return (
        sum(counts) == 14
        and all(counts[t] for t in ORPHANS)
        and sum(counts[t] for t in ORPHANS) == 14
    )


def honors_and_knitted(counts: Sequence[int]) -> int:
    """0, or 7 (all honours: Greater) or fewer (Lesser) for the knitted hands.

    Fourteen different tiles: honours and tiles of a single knitted sequence.
    Returns the number of honours when the shape holds, else 0.
    """
    if sum(counts) != 14 or any(count > 1 for count in counts):
        return 0
    suited = {tile for tile in range(HONOR_BASE) if counts[tile]}
    if not any(suited <= set(seq) for seq in KNITTED):
        return 0
    honors = 14 - len(suited)
    return honors if honors >= 5 else 0


def knitted_straight_rest(counts: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """The knitted sequence held (index into KNITTED) and the tiles left over.

    Returns ``(-1, counts)`` when no full knitted sequence is held.
    """
    for number, seq in enumerate(KNITTED):
        if all(counts[tile] for tile in seq):
            rest = list(counts)
            for tile in seq:
                rest[tile] -= 1
            return number, tuple(rest)
    return -1, counts


def is_nine_gates(standing: tuple[int, ...], win: int) -> bool:
    """The 13 tiles before the win were 1112345678999 of the winning suit."""
    suit = win // 9
    if suit == 3 or sum(standing) != 13:
        return False
    base = suit * 9
    pattern = (3, 1, 1, 1, 1, 1, 1, 1, 3)
    return standing[base : base + 9] == pattern


def is_complete(counts: tuple[int, ...], melds: int) -> bool:
    """Whether the concealed tiles finish a hand that has ``melds`` melds."""
    if is_standard(counts):
        return True
    if melds == 0 and (
        is_seven_pairs(counts)
        or is_thirteen_orphans(counts)
        or honors_and_knitted(counts)
    ):
        return True
    if melds <= 1:
        number, rest = knitted_straight_rest(counts)
        return number >= 0 and is_standard(rest)
    return False


@lru_cache(maxsize=_MEMO_SIZE)
def waits(standing: tuple[int, ...], melds: int) -> tuple[int, ...]:
    """The tile kinds that finish the hand, from the tiles before the win.

    Shapes only: a tile whose four copies are all held still counts, as in
    the reference implementation (``is_unique_waiting``). The special shapes
    are only tried when the 13 tiles are one tile away from one of them.
    """
    special = _special_possible(standing, melds)
    found = []
    counts = list(standing)
    for tile in _candidates(standing, special):
        counts[tile] += 1
        key = tuple(counts)
        if is_standard(key) or (special and is_complete(key, melds)):
            found.append(tile)
        counts[tile] -= 1
    return tuple(found)


def _special_possible(standing: tuple[int, ...], melds: int) -> bool:
    """One more tile could make a special shape or a knitted straight."""
    if melds <= 1 and any(
        sum(1 for tile in seq if standing[tile]) >= 8 for seq in KNITTED
    ):
        return True
    if melds:
        return False
    odd = sum(count % 2 for count in standing)
    distinct_orphans = sum(1 for tile in ORPHANS if standing[tile])
    return odd <= 1 or distinct_orphans >= 12 or max(standing) <= 1


def _candidates(standing: tuple[int, ...], special: bool) -> list[int]:
    """Tiles that can finish a shape: near a held tile for the standard shape.

    The special shapes can wait on a tile far from any held tile, so every
    tile is tried when one is possible.
    """
    if special:
        return list(range(34))
    near: set[int] = set()
    for tile, count in enumerate(standing):
        if not count:
            continue
        if tile >= HONOR_BASE:
            near.add(tile)
            continue
        near.update(
            other
            for other in range(tile - 2, tile + 3)
            if other // 9 == tile // 9 and other >= 0
        )
    return sorted(near)
