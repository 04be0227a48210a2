"""What every reading of one hand shares: counts, melds, win conditions, waits.

Built once per hand, so each reading of the tiles only adds its own sets.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.engine.mcr.fans.decompose import CHOW, KONG, PUNG, waits
from scoring.engine.mcr.fans.hand import WINDS, WinningHand
from scoring.engine.mcr.fans.table import (
    ALL_GREEN,
    ALL_HONORS,
    ALL_SIMPLES,
    ALL_TERMINALS,
    ALL_TERMINALS_AND_HONORS,
    ALL_TYPES,
    FULL_FLUSH,
    HALF_FLUSH,
    LOWER_FOUR,
    LOWER_TILES,
    MIDDLE_TILES,
    NO_HONORS,
    ONE_VOIDED_SUIT,
    REVERSIBLE_TILES,
    UPPER_FOUR,
    UPPER_TILES,
)
from scoring.engine.tiles import TILE_KINDS

HONOR_BASE = 27
DRAGON_BASE = 31
TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
# mcr.md fan 40: 1 2 3 4 5 8 9 dots, 2 4 5 6 8 9 bamboo, White Dragon.
REVERSIBLE = frozenset((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))
# mcr.md fan 3: 2 3 4 6 8 bamboo and Green Dragon.
GREEN = frozenset((19, 20, 21, 23, 25, 32))
MeldSet = tuple[int, int, bool]  # (kind, tile, concealed kong)


@dataclass(slots=True)
class HandContext:
    """One hand prepared for scoring. ``unique_wait`` is computed on demand."""

    all_counts: tuple[int, ...]
    concealed: tuple[int, ...]  # standing tiles and the winning tile
    standing: tuple[int, ...]  # standing tiles only
    win: int
    melds: tuple[MeldSet, ...]
    claimed: int  # melds other than concealed kongs
    self_drawn: bool
    last_of_kind: bool
    last_tile: bool
    replacement: bool
    robbing_kong: bool
    seat: int
    prevalent: int
    tile_fans: tuple[int, ...]
    tile_hogs: int
    _unique: bool | None = field(default=None)

    @property
    def unique_wait(self) -> bool:
        """Exactly one tile kind finished the 13 tiles (mcr.md notes on 77-79)."""
        if self._unique is None:
            self._unique = len(waits(self.standing, len(self.melds))) == 1
        return self._unique


def build_context(hand: WinningHand) -> HandContext:
    """Prepare ``hand`` (already checked by ``check_hand``)."""
    standing = [0] * TILE_KINDS
    for tile in hand.concealed:
        standing[tile.index] += 1
    win = hand.winning_tile.index
    concealed = list(standing)
    concealed[win] += 1
    all_counts = list(concealed)
    melds: list[MeldSet] = []
    for meld in hand.melds:
        for tile in meld.tiles:
            all_counts[tile.index] += 1
        kind = {"chow": CHOW, "pung": PUNG, "kong": KONG}[meld.kind]
        melds.append((kind, min(tile.index for tile in meld.tiles), meld.concealed))
    # Three copies of the winning tile in the melds make it the last of its kind.
    melded_wins = all_counts[win] - concealed[win]
    return HandContext(
        all_counts=tuple(all_counts),
        concealed=tuple(concealed),
        standing=tuple(standing),
        win=win,
        melds=tuple(melds),
        claimed=sum(1 for _, _, hidden in melds if not hidden),
        self_drawn=hand.self_drawn,
        last_of_kind=(hand.last_of_kind or melded_wins == 3) and not hand.robbing_kong,
        last_tile=hand.last_tile,
        replacement=hand.replacement,
        robbing_kong=hand.robbing_kong,
        seat=HONOR_BASE + WINDS.index(hand.seat_wind),
        prevalent=HONOR_BASE + WINDS.index(hand.prevalent_wind),
        tile_fans=tile_fans(all_counts),
        tile_hogs=sum(1 for count in all_counts if count == 4)
        - sum(1 for kind, _, _ in melds if kind == KONG),
    )


def tile_fans(counts: list[int]) -> tuple[int, ...]:
    """Fans read from the tiles alone, whatever the sets: suits, kinds, ranks.

    Exclusions that only depend on the tiles are applied here (Full Flush
    absorbs No Honors and One Voided Suit, Half Flush absorbs One Voided
    Suit, the narrower rank range absorbs the wider one).
    """
    held = [tile for tile, count in enumerate(counts) if count]
    suits = {tile // 9 for tile in held if tile < HONOR_BASE}
    honors = [tile for tile in held if tile >= HONOR_BASE]
    fans: list[int] = []
    if not honors:
        fans.append(FULL_FLUSH if len(suits) == 1 else NO_HONORS)
    elif len(suits) == 1:
        fans.append(HALF_FLUSH)
    if len(suits) == 2:
        fans.append(ONE_VOIDED_SUIT)
    if len(suits) == 3 and honors and honors[0] < DRAGON_BASE <= honors[-1]:
        fans.append(ALL_TYPES)
    fans.extend(_kind_fans(held, honors))
    if not honors:
        fans.extend(_rank_fans({tile % 9 + 1 for tile in held}))
    return tuple(fans)


def _kind_fans(held: list[int], honors: list[int]) -> list[int]:
    fans: list[int] = []
    simple = not honors and not any(tile in TERMINALS for tile in held)
    if simple:
        fans.append(ALL_SIMPLES)
    if all(tile in REVERSIBLE for tile in held):
        fans.append(REVERSIBLE_TILES)
    if all(tile in GREEN for tile in held):
        fans.append(ALL_GREEN)
    if simple:
        return fans
    if len(honors) == len(held):
        fans.append(ALL_HONORS)
    elif all(tile in TERMINALS for tile in held):
        fans.append(ALL_TERMINALS)
    elif all(tile in TERMINALS or tile >= HONOR_BASE for tile in held):
        fans.append(ALL_TERMINALS_AND_HONORS)
    return fans


def _rank_fans(ranks: set[int]) -> list[int]:
    if ranks <= {1, 2, 3, 4}:
        return [LOWER_FOUR if 4 in ranks else LOWER_TILES]
    if ranks <= {6, 7, 8, 9}:
        return [UPPER_FOUR if 6 in ranks else UPPER_TILES]
    if ranks <= {4, 5, 6}:
        return [MIDDLE_TILES]
    return []
