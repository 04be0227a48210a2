"""What every reading of one hand shares: counts, melds, win conditions, waits.

Built once per hand, so each reading of the tiles only adds its own sets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import mul

from scoring.engine.mcr.fans.decompose import CHOW, KONG, PUNG
from scoring.engine.mcr.fans.hand import WINDS, WinningHand
from scoring.engine.mcr.fans.suits import POW6, TABLE_LIMIT
from scoring.engine.mcr.fans.table import (
    ALL_GREEN,
    ALL_HONORS,
    ALL_SIMPLES,
    ALL_TERMINALS,
    ALL_TERMINALS_AND_HONORS,
    ALL_TYPES,
    CONCEALED_HAND,
    FAN_COUNT,
    FULL_FLUSH,
    FULLY_CONCEALED_HAND,
    HALF_FLUSH,
    LAST_TILE,
    LAST_TILE_CLAIM,
    LAST_TILE_DRAW,
    LOWER_FOUR,
    LOWER_TILES,
    MELDED_HAND,
    MIDDLE_TILES,
    NO_HONORS,
    ONE_VOIDED_SUIT,
    OUT_WITH_REPLACEMENT_TILE,
    REVERSIBLE_TILES,
    ROBBING_THE_KONG,
    SELF_DRAWN,
    UPPER_FOUR,
    UPPER_TILES,
)
from scoring.engine.mcr.fans.waiting import unique_wait
from scoring.engine.tiles import TILE_KINDS

HONOR_BASE = 27
DRAGON_BASE = 31
TERMINALS = frozenset((0, 8, 9, 17, 18, 26))
# mcr.md fan 40: 1 2 3 4 5 8 9 dots, 2 4 5 6 8 9 bamboo, White Dragon.
REVERSIBLE = frozenset((9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31))
# mcr.md fan 3: 2 3 4 6 8 bamboo and Green Dragon.
GREEN = frozenset((19, 20, 21, 23, 25, 32))
MeldSet = tuple[int, int, bool]  # (kind, tile, concealed kong)
MELD_CODES = {"chow": CHOW, "pung": PUNG, "kong": KONG}
TABLE_SIZE = FAN_COUNT + 1


@dataclass(slots=True)
class HandContext:
    """One hand prepared for scoring. ``unique_wait`` is computed on demand.

    ``keys`` are the suit keys of the concealed tiles (``suits``); ``base``
    is the start of every standard reading's fan table: the win conditions,
    the concealment fans and the fans of the tiles alone.
    """

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
    keys: tuple[int, int, int, int]
    mask: int  # bit t: tile kind t held anywhere in the hand
    base: list[int]
    _unique: bool | None = field(default=None)

    @property
    def unique_wait(self) -> bool:
        """Exactly one tile kind finished the 13 tiles (mcr.md notes on 77-79)."""
        if self._unique is None:
            self._unique = unique_wait(self.standing, len(self.melds))
        return self._unique


def build_context(hand: WinningHand) -> HandContext:
    """Prepare ``hand`` (already checked by ``check_hand``)."""
    standing = [0] * TILE_KINDS
    for tile in hand.concealed:
        standing[tile.index] += 1
    all_counts = list(standing)
    all_counts[hand.winning_tile.index] += 1
    melds: list[MeldSet] = []
    for meld in hand.melds:
        for tile in meld.tiles:
            all_counts[tile.index] += 1
        kind = MELD_CODES[meld.kind]
        melds.append((kind, min(tile.index for tile in meld.tiles), meld.concealed))
    return make_context(
        standing,
        hand.winning_tile.index,
        tuple(melds),
        all_counts,
        (
            hand.self_drawn,
            hand.last_of_kind,
            hand.last_tile,
            hand.replacement,
            hand.robbing_kong,
        ),
        WINDS.index(hand.seat_wind),
        WINDS.index(hand.prevalent_wind),
    )


def make_context(
    standing: list[int],
    win: int,
    melds: tuple[MeldSet, ...],
    all_counts: list[int],
    flags: tuple[bool, bool, bool, bool, bool],
    seat: int,
    prevalent: int,
    mask: int = -1,
    keys: tuple[int, int, int, int] | None = None,
) -> HandContext:
    """The context of a checked hand given as counts (0..33 indices).

    ``all_counts`` holds every tile (winning tile and melds included);
    ``flags`` are self-drawn, last of kind, last tile, replacement, robbing
    the kong; ``seat`` and ``prevalent`` are wind numbers 0..3 (E S W N);
    ``mask`` the tile kinds held (bit t for tile t) and ``keys`` the suit
    keys of the concealed tiles, when the caller has them.
    """
    self_drawn, last_of_kind, last_tile, replacement, robbing = flags
    concealed = standing.copy()
    concealed[win] += 1
    if keys is None:
        keys = (
            sum(map(mul, concealed[0:9], POW6)),
            sum(map(mul, concealed[9:18], POW6)),
            sum(map(mul, concealed[18:27], POW6)),
            sum(map(mul, concealed[27:34], POW6)),
        )
    if mask < 0:
        mask = sum(1 << tile for tile, count in enumerate(all_counts) if count)
    claimed = kongs = 0
    for kind, _, hidden in melds:
        if not hidden:
            claimed += 1
        if kind == KONG:
            kongs += 1
    # Three copies of the winning tile in the melds make it the last of its kind.
    last_of_kind = (
        last_of_kind or all_counts[win] - concealed[win] == 3
    ) and not robbing
    if claimed == 0:
        concealment = FULLY_CONCEALED_HAND if self_drawn else CONCEALED_HAND
    elif claimed == 4 and not self_drawn:
        concealment = MELDED_HAND
    else:
        concealment = 0
    conditions = (self_drawn, last_of_kind, last_tile, replacement, robbing)
    fans, base = _base(mask, conditions, concealment)
    return HandContext(
        tuple(all_counts),
        tuple(concealed),
        tuple(standing),
        win,
        melds,
        claimed,
        self_drawn,
        last_of_kind,
        last_tile,
        replacement,
        robbing,
        HONOR_BASE + seat,
        HONOR_BASE + prevalent,
        fans,
        all_counts.count(4) - kongs,
        keys,
        mask,
        base,
    )


_BaseKey = tuple[tuple[int, ...], tuple[bool, bool, bool, bool, bool], int]
_BASES: dict[_BaseKey, tuple[tuple[int, ...], list[int]]] = {}


def _base(
    mask: int, conditions: tuple[bool, bool, bool, bool, bool], concealment: int
) -> tuple[tuple[int, ...], list[int]]:
    """The tiles' own fans and the base table (bounded memo; never mutated)."""
    fans = tile_fans_of(mask)
    key = (fans, conditions, concealment)
    found = _BASES.get(key)
    if found is None:
        if len(_BASES) >= TABLE_LIMIT:
            _BASES.clear()
        base = [0] * TABLE_SIZE
        for fan in fans:
            base[fan] = 1
        _add_conditions(base, *conditions)
        if concealment:
            base[concealment] = 1
        found = _BASES[key] = (fans, base)
    return found


def _add_conditions(
    table: list[int],
    self_drawn: bool,
    last_of_kind: bool,
    last_tile: bool,
    replacement: bool,
    robbing: bool,
) -> None:
    """Fans 44-47, 58 and 80 from the way the hand was won.

    Last Tile Draw and Out With Replacement Tile may both score (mcr.md 6.7);
    each absorbs Self-Drawn. Robbing the Kong never adds Last Tile.
    """
    if last_of_kind:
        table[LAST_TILE] = 1
    if self_drawn:
        table[SELF_DRAWN] = 1
        if last_tile:
            table[LAST_TILE_DRAW] = 1
        if replacement:
            table[OUT_WITH_REPLACEMENT_TILE] = 1
        return
    if last_tile:
        table[LAST_TILE_CLAIM] = 1
    if robbing:
        table[ROBBING_THE_KONG] = 1
        table[LAST_TILE] = 0


def add_win_conditions(ctx: HandContext, table: list[int]) -> None:
    """The win-condition fans of ``ctx`` into ``table`` (special shapes)."""
    _add_conditions(
        table,
        ctx.self_drawn,
        ctx.last_of_kind,
        ctx.last_tile,
        ctx.replacement,
        ctx.robbing_kong,
    )


_SUITS = (0x1FF, 0x1FF << 9, 0x1FF << 18)
_HONORS = 0x7F << 27
_WINDS = 0xF << 27
_DRAGONS = 0x7 << 31
_TERMINALS = sum(1 << tile for tile in TERMINALS)
_REVERSIBLE = sum(1 << tile for tile in REVERSIBLE)
_GREEN = sum(1 << tile for tile in GREEN)


def tile_fans_of(mask: int) -> tuple[int, ...]:
    """``tile_fans`` read from a mask of the tile kinds held (bit t: tile t)."""
    suits = (mask & _SUITS[0] != 0) + (mask & _SUITS[1] != 0) + (mask & _SUITS[2] != 0)
    honors = mask & _HONORS
    fans: list[int] = []
    if not honors:
        fans.append(FULL_FLUSH if suits == 1 else NO_HONORS)
    elif suits == 1:
        fans.append(HALF_FLUSH)
    if suits == 2:
        fans.append(ONE_VOIDED_SUIT)
    if suits == 3 and honors & _WINDS and honors & _DRAGONS:
        fans.append(ALL_TYPES)
    simple = not honors and not mask & _TERMINALS
    if simple:
        fans.append(ALL_SIMPLES)
    if not mask & ~_REVERSIBLE:
        fans.append(REVERSIBLE_TILES)
    if not mask & ~_GREEN:
        fans.append(ALL_GREEN)
    if not simple:
        if honors == mask:
            fans.append(ALL_HONORS)
        elif not mask & ~_TERMINALS:
            fans.append(ALL_TERMINALS)
        elif not mask & ~(_TERMINALS | _HONORS):
            fans.append(ALL_TERMINALS_AND_HONORS)
    if not honors:
        ranks = (mask | mask >> 9 | mask >> 18) & 0x1FF
        fans.extend(_RANK_FANS[ranks])
    return tuple(fans)


def clear_memo() -> None:
    _BASES.clear()


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
    """Upper/Lower Four, Upper/Middle/Lower Tiles for the ranks held (1..9)."""
    if ranks <= {1, 2, 3, 4}:
        return [LOWER_FOUR if 4 in ranks else LOWER_TILES]
    if ranks <= {6, 7, 8, 9}:
        return [UPPER_FOUR if 6 in ranks else UPPER_TILES]
    if ranks <= {4, 5, 6}:
        return [MIDDLE_TILES]
    return []


# For the nine rank bits of the suited tiles held: the rank-range fans.
_RANK_FANS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_rank_fans({rank + 1 for rank in range(9) if bits >> rank & 1}))
    for bits in range(512)
)
