"""Whether a hand was won on its only wait (mcr.md notes on fans 77-79).

The answer is the one ``decompose.waits`` gives (every tile kind that
completes the 13 standing tiles, counted by shape), found faster: counting
stops at the second tile, the standard shape is decided by the suit keys of
``suits`` on the tiles next to a held tile, and each special shape is tried
only on the tiles that could complete it. ``tests/unit/scoring/
test_fans_tables.py`` checks the two agree on the frozen corpus.
"""

from __future__ import annotations

from operator import itemgetter, mul

from scoring.engine.mcr.fans.decompose import HONOR_BASE, KNITTED, ORPHANS
from scoring.engine.mcr.fans.suits import (
    KNITTED_HELD,
    POW6,
    WEIGHT,
    is_standard_keys,
    knitted_complete,
    standard_waits,
    thirteen_tile_complete,
)


def unique_wait(standing: tuple[int, ...], melds: int) -> bool:
    """Exactly one tile kind completes ``standing`` (as ``decompose.waits``).

    Counting stops at the second tile found. The standard shape is decided
    by the suit keys, trying only tiles next to a held tile; each special
    shape is tried only on the tiles that could complete it (``_special``).
    """
    keys = [sum(map(mul, standing[base : base + 9], POW6)) for base in (0, 9, 18, 27)]
    others, knitted, whole = _special(standing, melds)
    if not (others or knitted or whole):
        return standard_waits(keys, 2) == 1
    near = _near(standing)
    if whole:
        knitted |= near
    counts = list(standing)
    found = 0
    for tile in sorted(near | others | knitted):
        suit = tile // 9
        keys[suit] += WEIGHT[tile]
        counts[tile] += 1
        if (
            is_standard_keys(keys)
            or (tile in others and thirteen_tile_complete(counts))
            or (tile in knitted and knitted_complete(counts, keys))
        ):
            found += 1
        keys[suit] -= WEIGHT[tile]
        counts[tile] -= 1
        if found > 1:
            return False
    return found == 1


def _near(standing: tuple[int, ...]) -> set[int]:
    """Tiles next to a held tile: the only ones a standard shape can wait on."""
    near: set[int] = set()
    for tile, count in enumerate(standing):
        if count:
            if tile >= HONOR_BASE:
                near.add(tile)
            else:
                low = tile - tile % 9
                near.update(range(max(low, tile - 2), min(low + 9, tile + 3)))
    return near


def _special(standing: tuple[int, ...], melds: int) -> tuple[set[int], set[int], bool]:
    """Tiles that can complete the special shapes (supersets), in two sets,
    and whether a whole knitted sequence is held.

    Without melds, the 13-tile shapes: seven pairs only on the one tile
    held an odd number of times; thirteen orphans on an orphan, when all 13
    tiles are orphans; honours and knitted on a tile not held, when none is
    held twice. With at most one meld, a knitted straight: the missing tile
    of a sequence held eight times out of nine, or, when a whole sequence is
    held, a tile next to a held one (the rest must become sets and a pair).
    """
    knitted: set[int] = set()
    whole = False
    if melds <= 1:
        for seq, held in zip(KNITTED, KNITTED_HELD, strict=True):
            counts = held(standing)
            missing = counts.count(0)
            if missing == 1:
                knitted.add(seq[counts.index(0)])
            elif not missing:
                whole = True
    others: set[int] = set()
    if melds:
        return others, knitted, whole
    odd = [tile for tile, count in enumerate(standing) if count % 2]
    if len(odd) == 1:
        others.add(odd[0])
    if sum(_ORPHANS_HELD(standing)) == 13:
        others.update(ORPHANS)
    if max(standing) <= 1:
        others.update(tile for tile, count in enumerate(standing) if not count)
    return others, knitted, whole


_ORPHANS_HELD = itemgetter(*ORPHANS)
