"""Score a winning hand: every reading of the tiles, the best one wins.

mcr.md section 2.5: every decomposition is scored and the highest total
kept; between equal totals the reading with the higher single fan is kept
(mcr.md 6.9). The 8-point minimum is judged without flowers (section 3).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from operator import mul

from scoring.engine.errors import EngineError
from scoring.engine.mcr.fans import table as f
from scoring.engine.mcr.fans.context import HandContext, build_context
from scoring.engine.mcr.fans.counting import count_standard
from scoring.engine.mcr.fans.decompose import is_nine_gates, standard_splits
from scoring.engine.mcr.fans.hand import WinningHand, check_hand, parse_hand
from scoring.engine.mcr.fans.messages import message
from scoring.engine.mcr.fans.special import (
    count_knitted_straight,
    count_nine_gates,
    count_orphans_and_knitted,
    count_seven_pairs,
)

MINIMUM = 8


@dataclass(frozen=True, slots=True)
class FanCount:
    """One fan of the breakdown: ``points`` per count, ``count`` >= 1."""

    number: int
    name: str
    name_fr: str
    points: int
    count: int

    def as_dict(self) -> dict[str, object]:
        return {
            "number": self.number,
            "name": self.name,
            "name_fr": self.name_fr,
            "points": self.points,
            "count": self.count,
        }


@dataclass(frozen=True, slots=True)
class FanResult:
    """The breakdown of the best reading; ``total`` includes the flowers."""

    total: int
    fans: tuple[FanCount, ...]


def count_fans(hand: WinningHand) -> FanResult:
    """Score ``hand``.

    Raises ``EngineError``: the codes of ``check_hand``,
    ``"not_a_winning_hand"``, or ``"below_minimum"`` with ``points`` (without
    flowers), ``minimum`` and ``fans`` (the breakdown found, no flowers).
    """
    check_hand(hand)
    best = best_table(build_context(hand))
    if best is None:
        raise EngineError("not_a_winning_hand")
    fans = breakdown(best)
    points = sum(fan.points * fan.count for fan in fans)
    if points < MINIMUM:
        raise EngineError("below_minimum", points=points, minimum=MINIMUM, fans=fans)
    if hand.flowers:
        flower = f.FAN_BY_NUMBER[f.FLOWER_TILES]
        fans = (*fans, FanCount(81, flower.name, flower.name_fr, 1, hand.flowers))
    return FanResult(total=points + hand.flowers, fans=fans)


def best_table(ctx: HandContext) -> list[int] | None:
    """The fan table of the best reading of the tiles, or None if none."""
    best: list[int] | None = None
    best_key = (-1, -1)
    for table in _readings(ctx):
        key = _rank(table)
        if key > best_key:
            best, best_key = table, key
    return best


def _readings(ctx: HandContext) -> list[list[int]]:
    """One fan table per reading of the 14 tiles."""
    tables: list[list[int] | None] = []
    if not ctx.melds:
        tables.append(count_seven_pairs(ctx))
        tables.append(count_orphans_and_knitted(ctx))
        if is_nine_gates(ctx.standing, ctx.win):
            tables.append(count_nine_gates(ctx))
    tables.append(count_knitted_straight(ctx))
    for sets, pair in standard_splits(ctx.concealed):
        tables.append(count_standard(ctx, sets, pair))
    return [table for table in tables if table is not None]


def _rank(table: list[int]) -> tuple[int, int]:
    """Total points, then the highest single fan (mcr.md 6.9)."""
    total = sum(map(mul, f.POINTS, table))
    # Fan numbers run from high to low points: the first fan is the highest.
    highest = next((f.POINTS[n] for n, count in enumerate(table) if count), 0)
    return total, highest


def breakdown(table: list[int]) -> tuple[FanCount, ...]:
    """The fans of ``table`` in fan-number order."""
    fans = []
    for number, count in enumerate(table):
        if count > 0:
            fan = f.FAN_BY_NUMBER[number]
            fans.append(FanCount(number, fan.name, fan.name_fr, fan.points, count))
    return tuple(fans)


def answer(data: Mapping[str, object]) -> dict[str, object]:
    """hand-format.md's answer for one JSON hand: never raises EngineError.

    A hand below the minimum answers ``ok: false`` with the fans found and
    their total without flowers; other errors answer no fans and total 0.
    """
    try:
        result = count_fans(parse_hand(data))
    except EngineError as error:
        fans = error.params.get("fans", ()) if error.code == "below_minimum" else ()
        return {
            "ok": False,
            "total": error.params.get("points", 0),
            "fans": [fan.as_dict() for fan in fans],
            "error": message(error),
        }
    return {
        "ok": True,
        "total": result.total,
        "fans": [fan.as_dict() for fan in result.fans],
        "error": None,
    }
