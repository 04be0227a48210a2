"""Fans of one standard reading: four sets and a pair.

The steps follow the order of the reference implementation
(ChineseOfficialMahjongHelper ``calculate_regular_fan``): win conditions,
kongs and concealed pungs, set combinations, concealment, the pair, the
shapes of the sets, the tiles, Tile Hog, the wait, the exclusions of mcr.md
section 1, then the wind pungs. A fan table is a list indexed by fan number.
"""

from __future__ import annotations

from scoring.engine.mcr.fans import table as f
from scoring.engine.mcr.fans.context import (
    DRAGON_BASE,
    HONOR_BASE,
    TERMINALS,
    HandContext,
)
from scoring.engine.mcr.fans.decompose import CHOW, KONG, Set
from scoring.engine.mcr.fans.exclusions import apply_exclusions, apply_winds
from scoring.engine.mcr.fans.sets import CHOW_MEMO, PUNG_MEMO, chow_fans, pung_fans
from scoring.engine.mcr.fans.table import (
    ALL_PUNGS,
    CHICKEN_HAND,
    CLOSED_WAIT,
    DRAGON_PUNG,
    EDGE_WAIT,
    FOUR_CONCEALED_PUNGS,
    FOUR_KONGS,
    MELDED_HAND,
    PUNG_OF_TERMINALS_OR_HONORS,
    QUADRUPLE_CHOW,
    SINGLE_WAIT,
    TILE_HOG,
)

# mcr.md fans 12, 33, 66 by the number of concealed pungs (kongs included).
_CONCEALED_PUNG_FANS = {
    2: f.TWO_CONCEALED_PUNGS,
    3: f.THREE_CONCEALED_PUNGS,
    4: f.FOUR_CONCEALED_PUNGS,
}


# Per tile index: whether a chow starting there (or a pung / pair of it) fits
# Outside Hand, All Fives, All Even Pungs.
_OUTSIDE_CHOW = tuple(tile < HONOR_BASE and tile % 9 in (0, 6) for tile in range(34))
_OUTSIDE_PUNG = tuple(tile >= HONOR_BASE or tile in TERMINALS for tile in range(34))
_FIVE_CHOW = tuple(tile < HONOR_BASE and 2 <= tile % 9 <= 4 for tile in range(34))
_FIVE_PUNG = tuple(tile < HONOR_BASE and tile % 9 == 4 for tile in range(34))
_EVEN_PUNG = tuple(tile < HONOR_BASE and tile % 9 % 2 == 1 for tile in range(34))


def add_kong_fans(melded: int, concealed: int, pungs: int, table: list[int]) -> None:
    """Kong fans and concealed-pung fans (``pungs``: concealed, not kongs).

    One melded and one concealed kong: Two Melded Kongs + Concealed Kong
    (mcr.md 6.1). Two Concealed Kongs absorbs Two Concealed Pungs (fan 48).
    With three or four kongs the concealed kongs still count toward the
    concealed-pung fans (mcr.md 6.5).
    """
    kongs = melded + concealed
    hidden = pungs + concealed
    if kongs == 1:
        table[f.MELDED_KONG if melded else f.CONCEALED_KONG] = 1
    elif kongs == 2:
        if concealed == 2:
            table[f.TWO_CONCEALED_KONGS] = 1
        else:
            table[f.TWO_MELDED_KONGS] = 1
            table[f.CONCEALED_KONG] = concealed
    elif kongs == 3:
        table[f.THREE_KONGS] = 1
    elif kongs == 4:
        table[f.FOUR_KONGS] = 1
    fan = _CONCEALED_PUNG_FANS.get(hidden, 0)
    if fan and not (fan == f.TWO_CONCEALED_PUNGS and concealed == 2 and kongs == 2):
        table[fan] = 1


def count_standard(
    ctx: HandContext, sets: tuple[Set, ...], pair: int, knitted: bool = False
) -> list[int]:
    """The fan table of one reading: ``sets`` are the concealed sets.

    ``knitted``: a knitted straight stands for three of the sets, so the
    fans that look at every set (Outside Hand, All Fives, All Even Pungs)
    cannot apply. The table starts from ``ctx.base`` (win conditions,
    concealment, the tiles' own fans): no step below reads or writes those
    fans before the exclusions.
    """
    table = ctx.base.copy()
    win = ctx.win
    chow_list = []
    pung_list = []
    # Where the winning tile can sit in a concealed chow (for the wait fans).
    in_chow = edge = closed = False
    for kind, tile in sets:
        if kind == CHOW:
            chow_list.append(tile)
            if tile <= win <= tile + 2:
                in_chow = True
                if win == tile + 1:
                    closed = True
                elif (win == tile + 2 and win % 9 == 2) or (
                    win == tile and win % 9 == 6
                ):
                    edge = True
        else:
            pung_list.append(tile)
    if ctx.self_drawn or in_chow:
        hidden_pungs = len(pung_list)
    else:
        hidden_pungs = len(pung_list) - pung_list.count(win)
    melded_kongs = hidden_kongs = 0
    for kind, tile, concealed in ctx.melds:
        if kind == CHOW:
            chow_list.append(tile)
        else:
            pung_list.append(tile)
            if kind == KONG:
                if concealed:
                    hidden_kongs += 1
                else:
                    melded_kongs += 1
    chow_list.sort()
    pung_list.sort()
    chows = tuple(chow_list)
    pungs = tuple(pung_list)
    if melded_kongs or hidden_kongs or hidden_pungs > 1:
        add_kong_fans(melded_kongs, hidden_kongs, hidden_pungs, table)
    if len(pungs) == 4 and not (table[FOUR_KONGS] or table[FOUR_CONCEALED_PUNGS]):
        table[ALL_PUNGS] = 1
    for tile in pungs:
        if tile >= DRAGON_BASE:
            table[DRAGON_PUNG] += 1
        elif tile >= HONOR_BASE or tile in TERMINALS:
            table[PUNG_OF_TERMINALS_OR_HONORS] += 1
    if len(chows) > 1 and not (len(chows) == 4 and _terminal_chows(chows, pair, table)):
        for fan in CHOW_MEMO.get(chows) or chow_fans(chows):
            table[fan] += 1
    if len(pungs) > 1:
        for fan in PUNG_MEMO.get(pungs) or pung_fans(pungs):
            table[fan] += 1
    _add_pair_fans(chows, pair, table)
    if not knitted:
        _add_set_shapes(chows, pungs, pair, table)
    if not table[QUADRUPLE_CHOW]:
        table[TILE_HOG] = ctx.tile_hogs
    # Edge, Closed or Single Wait: one only, and only for a unique wait. The
    # winning tile is placed where the player may read it: an edge first,
    # then the middle of a chow, then the pair (the order of the reference
    # implementation; every choice is worth 1 point).
    if not (table[MELDED_HAND] or table[FOUR_KONGS]):
        wait = (
            EDGE_WAIT
            if edge
            else CLOSED_WAIT
            if closed
            else SINGLE_WAIT
            if pair == win
            else 0
        )
        if wait and ctx.unique_wait:
            table[wait] = 1
    apply_exclusions(table)
    if pungs and pungs[-1] >= HONOR_BASE:
        apply_winds(ctx, pungs, table)
    if not any(table):
        table[CHICKEN_HAND] = 1
    return table


def _terminal_chows(chows: tuple[int, ...], pair: int, table: list[int]) -> bool:
    """Pure Terminal Chows or Three-Suited Terminal Chows (fans 13, 29)."""
    if pair >= HONOR_BASE or pair % 9 != 4:
        return False
    if any(tile % 9 not in (0, 6) for tile in chows):
        return False
    suits = sorted(tile // 9 for tile in chows)
    pair_suit = pair // 9
    if suits == [pair_suit] * 4 and sorted(t % 9 for t in chows) == [0, 0, 6, 6]:
        table[f.PURE_TERMINAL_CHOWS] = 1
        return True
    others = sorted({0, 1, 2} - {pair_suit})
    if suits == [others[0], others[0], others[1], others[1]]:
        by_suit = {(tile // 9, tile % 9) for tile in chows}
        if len(by_suit) == 4:
            table[f.THREE_SUITED_TERMINAL_CHOWS] = 1
            return True
    return False


def _add_pair_fans(chows: tuple[int, ...], pair: int, table: list[int]) -> None:
    """All Chows, Little Three Dragons, Little Four Winds (fans 63, 10, 9)."""
    if len(chows) == 4:
        if pair < HONOR_BASE:
            table[f.ALL_CHOWS] = 1
        return
    if table[f.TWO_DRAGON_PUNGS] and pair >= DRAGON_BASE:
        table[f.LITTLE_THREE_DRAGONS] = 1
        table[f.TWO_DRAGON_PUNGS] = 0
    elif table[f.BIG_THREE_WINDS] and HONOR_BASE <= pair < DRAGON_BASE:
        table[f.LITTLE_FOUR_WINDS] = 1
        table[f.BIG_THREE_WINDS] = 0


def _add_set_shapes(
    chows: tuple[int, ...], pungs: tuple[int, ...], pair: int, table: list[int]
) -> None:
    """Outside Hand, All Fives, All Even Pungs: every set and the pair (55, 31, 21)."""
    if (
        _OUTSIDE_PUNG[pair]
        and all(map(_OUTSIDE_CHOW.__getitem__, chows))
        and all(map(_OUTSIDE_PUNG.__getitem__, pungs))
    ):
        table[f.OUTSIDE_HAND] = 1
        return
    if (
        _FIVE_PUNG[pair]
        and all(map(_FIVE_CHOW.__getitem__, chows))
        and all(map(_FIVE_PUNG.__getitem__, pungs))
    ):
        table[f.ALL_FIVES] = 1
        return
    if not chows and _EVEN_PUNG[pair] and all(map(_EVEN_PUNG.__getitem__, pungs)):
        table[f.ALL_EVEN_PUNGS] = 1
