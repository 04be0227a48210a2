"""Fans formed by combining chows, and by combining pungs.

Tiles are indices 0..33 (see ``scoring.engine.tiles``): ``index // 9`` is the
suit (0 m, 1 p, 2 s, 3 honours) and ``index % 9 + 1`` the rank. A chow is
given by its lowest tile, a pung or kong by its tile.

The combination principles of mcr.md section 2 shape these functions: a fan
made of three or four sets absorbs the smaller fans among those sets
(non-repeat), a set left over combines at most once with a set already used
(account-once), and the number of chow-pair fans is capped (account-once:
three with four chows, two with three). The same structure is used by the
reference implementation (ChineseOfficialMahjongHelper, ``fan_calculator.cpp``
``calculate_4_chows`` and ``exclusionary_rule``).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations, compress

from scoring.engine.mcr.fans.table import (
    BIG_FOUR_WINDS,
    BIG_THREE_DRAGONS,
    BIG_THREE_WINDS,
    DOUBLE_PUNG,
    FOUR_PURE_SHIFTED_CHOWS,
    FOUR_PURE_SHIFTED_PUNGS,
    MIXED_DOUBLE_CHOW,
    MIXED_SHIFTED_CHOWS,
    MIXED_SHIFTED_PUNGS,
    MIXED_STRAIGHT,
    MIXED_TRIPLE_CHOW,
    POINTS,
    PURE_DOUBLE_CHOW,
    PURE_SHIFTED_CHOWS,
    PURE_SHIFTED_PUNGS,
    PURE_STRAIGHT,
    PURE_TRIPLE_CHOW,
    QUADRUPLE_CHOW,
    SHORT_STRAIGHT,
    TRIPLE_PUNG,
    TWO_DRAGON_PUNGS,
    TWO_TERMINAL_CHOWS,
)

EAST = 27
DRAGONS = (31, 32, 33)
# Preference among the 1-point chow pairs when one must be dropped or only one
# may be kept: the order of the reference implementation, so that breakdowns
# of equal value read the same.
_CHOW_PAIR_ORDER = (
    PURE_DOUBLE_CHOW,
    MIXED_DOUBLE_CHOW,
    SHORT_STRAIGHT,
    TWO_TERMINAL_CHOWS,
)


def two_chows_fan(a: int, b: int) -> int:
    """The 1-point fan two chows make together, or 0."""
    if a // 9 != b // 9:
        return MIXED_DOUBLE_CHOW if a % 9 == b % 9 else 0
    if a == b:
        return PURE_DOUBLE_CHOW
    if a - b in (3, -3):
        return SHORT_STRAIGHT
    if {a % 9, b % 9} == {0, 6}:
        return TWO_TERMINAL_CHOWS
    return 0


def three_chows_fan(a: int, b: int, c: int) -> int:
    """The fan three chows (sorted by tile) make together, or 0."""
    sa, sb, sc = a // 9, b // 9, c // 9
    ra, rb, rc = sorted((a % 9, b % 9, c % 9))
    if sa != sb and sa != sc and sb != sc:
        if ra + 1 == rb and rb + 1 == rc:
            return MIXED_SHIFTED_CHOWS
        if ra == rb == rc:
            return MIXED_TRIPLE_CHOW
        if (ra, rb, rc) == (0, 3, 6):
            return MIXED_STRAIGHT
        return 0
    if not sa == sb == sc:
        return 0
    if (ra, rb, rc) == (0, 3, 6):
        return PURE_STRAIGHT
    if (ra + 1 == rb and rb + 1 == rc) or (ra + 2 == rb and rb + 2 == rc):
        return PURE_SHIFTED_CHOWS
    if ra == rc:
        return PURE_TRIPLE_CHOW
    return 0


def four_chows_fan(chows: tuple[int, ...]) -> int:
    """Quadruple Chow or Four Pure Shifted Chows for four sorted chows, or 0."""
    a, b, c, d = chows
    if not a // 9 == b // 9 == c // 9 == d // 9:
        return 0
    if a == d:
        return QUADRUPLE_CHOW
    for step in (1, 2):
        if b == a + step and c == b + step and d == c + step:
            return FOUR_PURE_SHIFTED_CHOWS
    return 0


def _best_extra_pair(used: tuple[int, ...], extra: int) -> int:
    """Account-once: the 4th chow pairs once with one chow of a 3-chow fan."""
    found = {two_chows_fan(chow, extra) for chow in used}
    for fan in _CHOW_PAIR_ORDER:
        if fan in found:
            return fan
    return 0


def _capped_pairs(chows: tuple[int, ...], cap: int, table: list[int]) -> None:
    """Add the chow-pair fans, at most ``cap`` of them (account-once).

    A chow that pairs with no other chow lowers the cap by one: with four
    chows, three pairings need every chow to take part. When too many
    pairings exist, duplicates of a fan are dropped first (non-identical),
    starting from the end of ``_CHOW_PAIR_ORDER``.
    """
    pair_fans = [
        (i, j, two_chows_fan(chows[i], chows[j]))
        for i, j in combinations(range(len(chows)), 2)
    ]
    linked = {k for i, j, fan in pair_fans if fan for k in (i, j)}
    cap -= len(chows) - len(linked)
    tally = dict.fromkeys(_CHOW_PAIR_ORDER, 0)
    for _, _, fan in pair_fans:
        if fan:
            tally[fan] += 1
    total = sum(tally.values())
    for keep in (1, 0):
        for fan in reversed(_CHOW_PAIR_ORDER):
            while total > cap and tally[fan] > keep:
                tally[fan] -= 1
                total -= 1
    for fan, count in tally.items():
        table[fan] += count


def add_chow_fans(chows: tuple[int, ...], table: list[int]) -> None:
    """Add the fans of the hand's chows (sorted), following section 2."""
    count = len(chows)
    if count == 4:
        fan = four_chows_fan(chows)
        if fan:
            table[fan] += 1
            return
    if count >= 3:
        best, best_extra = 0, -1
        best_used: tuple[int, ...] = ()
        for used in combinations(range(count), 3):
            fan = three_chows_fan(*(chows[i] for i in used))
            if fan and (POINTS[fan], -fan) > (POINTS[best], -best):
                best, best_used = fan, used
                best_extra = next((i for i in range(count) if i not in used), -1)
        if best:
            table[best] += 1
            if best_extra >= 0:
                extra = _best_extra_pair(
                    tuple(chows[i] for i in best_used), chows[best_extra]
                )
                if extra:
                    table[extra] += 1
            return
    if count >= 2:
        _capped_pairs(chows, count - 1, table)


def two_pungs_fan(a: int, b: int) -> int:
    """Double Pung or Two Dragon Pungs for two pungs, or 0."""
    if a < EAST and b < EAST:
        return DOUBLE_PUNG if a % 9 == b % 9 and a != b else 0
    if a in DRAGONS and b in DRAGONS:
        return TWO_DRAGON_PUNGS
    return 0


def three_pungs_fan(a: int, b: int, c: int) -> int:
    """The fan three pungs (sorted) make together, or 0."""
    if c < EAST:
        sa, sb, sc = a // 9, b // 9, c // 9
        ra, rb, rc = sorted((a % 9, b % 9, c % 9))
        if sa != sb and sa != sc and sb != sc:
            if ra + 1 == rb and rb + 1 == rc:
                return MIXED_SHIFTED_PUNGS
            if ra == rc:
                return TRIPLE_PUNG
            return 0
        if sa == sb == sc and a + 1 == b and b + 1 == c:
            return PURE_SHIFTED_PUNGS
        return 0
    if a >= EAST and c < DRAGONS[0]:
        return BIG_THREE_WINDS
    if (a, b, c) == DRAGONS:
        return BIG_THREE_DRAGONS
    return 0


def four_pungs_fan(pungs: tuple[int, ...]) -> int:
    """Four Pure Shifted Pungs or Big Four Winds for four sorted pungs, or 0."""
    a, b, c, d = pungs
    if d < EAST and a // 9 == d // 9 and b == a + 1 and c == b + 1 and d == c + 1:
        return FOUR_PURE_SHIFTED_PUNGS
    if pungs == (EAST, EAST + 1, EAST + 2, EAST + 3):
        return BIG_FOUR_WINDS
    return 0


def add_pung_fans(pungs: tuple[int, ...], table: list[int]) -> None:
    """Add the fans pungs and kongs (sorted) make together, following section 2."""
    count = len(pungs)
    if count == 4:
        fan = four_pungs_fan(pungs)
        if fan:
            table[fan] += 1
            return
    if count >= 3:
        best = 0
        best_used: tuple[int, ...] = ()
        for used in combinations(range(count), 3):
            fan = three_pungs_fan(*(pungs[i] for i in used))
            if fan and (POINTS[fan], -fan) > (POINTS[best], -best):
                best, best_used = fan, used
        if best:
            table[best] += 1
            free = [i for i in range(count) if i not in best_used]
            # Account-once: the pung left over combines once with a used pung.
            for i in free:
                for j in best_used:
                    fan = two_pungs_fan(pungs[j], pungs[i])
                    if fan:
                        table[fan] += 1
                        return
            return
    for i, j in combinations(range(count), 2):
        fan = two_pungs_fan(pungs[i], pungs[j])
        if fan:
            table[fan] += 1


# Bounded memos of the two functions above for the calculator's hot path:
# the sorted chows (or pungs) of a reading -> the fans they add, one entry
# per count. Emptied when full, so memory stays flat.
_MEMO_LIMIT = 1 << 12
CHOW_MEMO: dict[tuple[int, ...], tuple[int, ...]] = {}
PUNG_MEMO: dict[tuple[int, ...], tuple[int, ...]] = {}
_SCRATCH_SIZE = 82


def _memoised(
    memo: dict[tuple[int, ...], tuple[int, ...]],
    add: Callable[[tuple[int, ...], list[int]], None],
    sets: tuple[int, ...],
) -> tuple[int, ...]:
    fans = memo.get(sets)
    if fans is None:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        table = [0] * _SCRATCH_SIZE
        add(sets, table)
        fans = tuple(
            fan for fan in compress(range(82), table) for _ in range(table[fan])
        )
        memo[sets] = fans
    return fans


def chow_fans(chows: tuple[int, ...]) -> tuple[int, ...]:
    """The fans ``add_chow_fans`` adds for ``chows``, repeated by count."""
    return _memoised(CHOW_MEMO, add_chow_fans, chows)


def pung_fans(pungs: tuple[int, ...]) -> tuple[int, ...]:
    """The fans ``add_pung_fans`` adds for ``pungs``, repeated by count."""
    return _memoised(PUNG_MEMO, add_pung_fans, pungs)


def clear_memos() -> None:
    CHOW_MEMO.clear()
    PUNG_MEMO.clear()
