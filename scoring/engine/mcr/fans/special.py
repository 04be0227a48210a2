"""Fans of the special shapes: Seven Pairs, Seven Shifted Pairs, Thirteen
Orphans, the Honors and Knitted hands, Knitted Straight, Nine Gates.

These shapes are concealed by definition, so Concealed Hand and Fully
Concealed Hand are not added; a self-draw adds Self-Drawn (mcr.md notes on
the table). Each function returns the fan table of its reading, or ``None``
when the tiles do not have the shape.
"""

from __future__ import annotations

from scoring.engine.mcr.fans import table as f
from scoring.engine.mcr.fans.context import (
    HONOR_BASE,
    TABLE_SIZE,
    HandContext,
    add_win_conditions,
)
from scoring.engine.mcr.fans.counting import count_standard
from scoring.engine.mcr.fans.decompose import (
    CHOW,
    KNITTED,
    honors_and_knitted,
    is_seven_pairs,
    is_thirteen_orphans,
)
from scoring.engine.mcr.fans.exclusions import apply_exclusions
from scoring.engine.mcr.fans.suits import hand_splits, is_standard_keys, knitted_rest


def count_seven_pairs(ctx: HandContext) -> list[int] | None:
    """Seven Pairs (fan 19) or Seven Shifted Pairs (fan 6) with what they allow."""
    counts = ctx.concealed
    if ctx.melds or not is_seven_pairs(counts):
        return None
    table = [0] * TABLE_SIZE
    add_win_conditions(ctx, table)
    if _is_shifted(counts):
        table[f.SEVEN_SHIFTED_PAIRS] = 1
        # Only All Simples can join it (2-8): the rest is implied or absorbed.
        if f.ALL_SIMPLES in ctx.tile_fans:
            table[f.ALL_SIMPLES] = 1
        apply_exclusions(table)
        return table
    table[f.SEVEN_PAIRS] = 1
    for fan in ctx.tile_fans:
        table[fan] = 1
    # No Tile Hog with All Green or All Terminals (mcr.md 6.4).
    if not (table[f.ALL_GREEN] or table[f.ALL_TERMINALS]):
        table[f.TILE_HOG] = ctx.tile_hogs
    apply_exclusions(table)
    return table


def _is_shifted(counts: tuple[int, ...]) -> bool:
    held = [tile for tile, count in enumerate(counts) if count]
    return (
        len(held) == 7
        and held[-1] < HONOR_BASE
        and held[0] // 9 == held[-1] // 9
        and held[-1] - held[0] == 6
    )


def count_orphans_and_knitted(ctx: HandContext) -> list[int] | None:
    """Thirteen Orphans (7), Greater (20) or Lesser (34) Honors and Knitted."""
    counts = ctx.concealed
    if ctx.melds:
        return None
    table = [0] * TABLE_SIZE
    if is_thirteen_orphans(counts):
        table[f.THIRTEEN_ORPHANS] = 1
    else:
        honors = honors_and_knitted(counts)
        if not honors:
            return None
        if honors == 7:
            table[f.GREATER_HONORS_AND_KNITTED_TILES] = 1
        else:
            table[f.LESSER_HONORS_AND_KNITTED_TILES] = 1
            # All nine knitted tiles held: Knitted Straight is added (fan 34).
            if honors == 5:
                table[f.KNITTED_STRAIGHT] = 1
    add_win_conditions(ctx, table)
    apply_exclusions(table)
    return table


def count_knitted_straight(ctx: HandContext) -> list[int] | None:
    """Knitted Straight (fan 35) with one more set and a pair."""
    if len(ctx.melds) > 1:
        return None
    number, rest = knitted_rest(ctx.concealed, ctx.keys)
    if number < 0 or not is_standard_keys(rest):
        return None
    best: list[int] | None = None
    for sets, pair in hand_splits(rest):
        table = _knitted_reading(ctx, number, sets, pair)
        if best is None or sum_points(table) > sum_points(best):
            best = table
    return best


def _knitted_reading(
    ctx: HandContext, number: int, sets: tuple[tuple[int, int], ...], pair: int
) -> list[int]:
    """Score the fourth set and the pair as a standard hand would.

    The three knitted "sets" make no chow or pung fans, so the standard
    count runs on the remaining set alone and the knitted tiles only count
    through the tiles (suits, Tile Hog). No wait fan is scored for a winning
    tile of the knitted straight (mcr.md 6.3).
    """
    table = count_standard(ctx, sets, pair, knitted=True)
    table[f.CHICKEN_HAND] = 0
    table[f.KNITTED_STRAIGHT] = 1
    fourth = sets[0] if sets else (ctx.melds[0][0], ctx.melds[0][1])
    if fourth[0] == CHOW and pair < HONOR_BASE:
        table[f.ALL_CHOWS] = 1
        table[f.NO_HONORS] = 0
    if ctx.win in KNITTED[number]:
        for fan in (f.EDGE_WAIT, f.CLOSED_WAIT, f.SINGLE_WAIT):
            table[fan] = 0
    return table


def count_nine_gates(ctx: HandContext) -> list[int] | None:
    """Nine Gates (fan 4) on the best standard reading of the 14 tiles.

    Full Flush, Concealed Hand, Fully Concealed Hand, No Honors and one Pung
    of Terminals are absorbed; every other fan of the reading stays
    (mcr.md 6.6).
    """
    best: list[int] | None = None
    for sets, pair in hand_splits(ctx.keys):
        table = count_standard(ctx, sets, pair)
        table[f.CHICKEN_HAND] = 0
        table[f.NINE_GATES] = 1
        for fan in (f.FULL_FLUSH, f.CONCEALED_HAND, f.FULLY_CONCEALED_HAND):
            table[fan] = 0
        table[f.NO_HONORS] = 0
        if table[f.PUNG_OF_TERMINALS_OR_HONORS]:
            table[f.PUNG_OF_TERMINALS_OR_HONORS] -= 1
        if ctx.self_drawn and not (
            table[f.LAST_TILE_DRAW] or table[f.OUT_WITH_REPLACEMENT_TILE]
        ):
            table[f.SELF_DRAWN] = 1
        if best is None or sum_points(table) > sum_points(best):
            best = table
    return best


def sum_points(table: list[int]) -> int:
    """Points of a fan table (flowers are never in it)."""
    return sum(points * count for points, count in zip(f.POINTS, table, strict=True))
