"""Seed 004's classic fu for a hand the tile calculator counted.

The ``mahjong`` library reads the hand every way it can and keeps the
reading worth most; it answers with that reading's yaku and its modern fu
breakdown, not the reading itself. This module finds the reading again (the
one whose modern breakdown is the library's answer) and counts it with
``classic_fu``.

Why not count the breakdown itself: the seed's table is written in sets,
pairs and waits, and ``classic_fu`` follows it line for line; a reading is
what it needs. Two readings with the same modern breakdown have the same
classic fu (the tables differ only in the base and the self-draw's 2), so
the first one found is the answer.

The reading kept is the one worth most under the modern count. Under the
classic count another reading of the same tiles could be worth more only in
a closed self-drawn hand read both as pinfu and as pungs worth 50 fu or more
with one han fewer; the library does not give each reading's han, so that
corner is left to the referee, who can type the han and fu.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mahjong.constants import CHUN, HAKU, HATSU
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.fu import FuCalculator, FuDetail
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.tile import TilesConverter

from scoring.engine.errors import EngineError
from scoring.engine.mcr.fans.hand import WinningHand
from scoring.engine.riichi.classic_fu import (
    SEVEN_PAIRS_FU,
    ClassicSet,
    Reading,
    classic_fu,
)
from scoring.engine.tiles import tile_from_index

if TYPE_CHECKING:
    from scoring.engine.riichi.tiles import LibraryHand

SEVEN_PAIRS_BLOCKS = 7


def classic_fu_of(
    library: LibraryHand, response: HandResponse, hand: WinningHand
) -> int:
    """The classic fu of the reading the library chose. Seven pairs keep
    their 25 and thirteen orphans (no breakdown) the library's 0; any other
    hand whose reading cannot be found again is refused rather than priced
    at its modern fu."""
    reading = chosen_reading(library, response, hand)
    if reading is not None:
        return classic_fu(reading)
    if not response.fu_details or response.fu == SEVEN_PAIRS_FU:
        return int(response.fu or 0)
    raise EngineError("internal_error")


def chosen_reading(
    library: LibraryHand, response: HandResponse, hand: WinningHand
) -> Reading | None:
    """The reading whose modern fu breakdown is the library's answer."""
    config = library.config
    valued = [HAKU, HATSU, CHUN, config.player_wind, config.round_wind]
    opened = [meld.tiles_34 for meld in library.melds if meld.opened]
    tiles_34 = TilesConverter.to_34_array(library.tiles)
    for blocks in HandDivider.divide_hand(tiles_34, library.melds):
        if len(blocks) == SEVEN_PAIRS_BLOCKS:
            continue
        for group in winning_groups(library.win_tile // 4, blocks, opened):
            details, fu = FuCalculator.calculate_fu(
                blocks, library.win_tile, group, config, valued, library.melds
            )
            if fu == response.fu and _same(details, response.fu_details):
                return reading_of(blocks, group, opened, hand)
    return None


def _same(details: Sequence[FuDetail], answer: Sequence[FuDetail] | None) -> bool:
    """The same breakdown, whatever the order (the library's answer sorts
    it by fu)."""

    def key(detail: FuDetail) -> tuple[int, str]:
        return (detail["fu"], detail["reason"])

    return sorted(details, key=key) == sorted(answer or (), key=key)


def winning_groups(
    win_tile: int, blocks: Sequence[list[int]], opened: Sequence[list[int]]
) -> list[list[int]]:
    """The distinct blocks the winning tile (34-format) may have completed:
    those holding it, a set called from a discard excepted."""
    called = list(opened)
    groups: list[list[int]] = []
    for block in blocks:
        if block in called:
            called.remove(block)
        elif win_tile in block and block not in groups:
            groups.append(block)
    return groups


def reading_of(
    blocks: Sequence[list[int]],
    group: list[int],
    opened: Sequence[list[int]],
    hand: WinningHand,
) -> Reading:
    """The library's blocks as a ``Reading``: a block that matches a set
    called from a discard is exposed, the first other block equal to
    ``group`` is the one the winning tile completed."""
    called = list(opened)
    sets: list[ClassicSet] = []
    pair = None
    winning_set = None
    for block in blocks:
        if len(block) == 2:
            pair = tile_from_index(block[0])
            continue
        exposed = block in called
        if exposed:
            called.remove(block)
        elif block == group and winning_set is None:
            winning_set = len(sets)
        kind = (
            "chow" if block[0] != block[1] else ("kong" if len(block) == 4 else "pung")
        )
        sets.append(ClassicSet(kind, tile_from_index(block[0]), concealed=not exposed))
    if pair is None:  # the library's four sets always come with a pair
        raise EngineError("internal_error")
    return Reading(
        sets=tuple(sets),
        pair=pair,
        winning_set=winning_set,
        winning_tile=hand.winning_tile,
        self_drawn=hand.self_drawn,
        called=bool(opened),
        seat_wind=hand.seat_wind,
        prevalent_wind=hand.prevalent_wind,
    )
