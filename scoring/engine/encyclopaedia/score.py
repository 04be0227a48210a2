"""The encyclopaedia family scoring of one hand (encyclopaedia.md).

Every player scores their pungs (5), kongs (10) and flowers or seasons (5
each); a player who went Mah-Jong adds the bonus of their finishing place
(100, 40, 20, 10) and multiplies the total: x2 for only pungs and kongs
apart from honours, x3 for one suit apart from honours (both: x6), x10 for
honours only, alone. Pairs and chows score nothing.

A player waiting for a single tile must announce it; a Mah-Jong made on a
single wait that was not announced scores nothing at all (the whole hand,
the document's "scores nothing"). ``single_wait`` defaults to true, so that
the command's ``announced: false`` voids the Mah-Jong as the protocol
expects; a Mah-Jong on a wider wait passes ``single_wait: false``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.engine.errors import EngineError
from scoring.engine.french.sets import (
    SetKind,
    TileSet,
    as_bool,
    check_hand_size,
    optional_bool,
    parse_sets,
    suits_of,
)
from scoring.engine.types import as_int

FINISH_POINTS = (100, 40, 20, 10)
"""Bonus of the 1st, 2nd, 3rd and 4th player to go Mah-Jong."""

SET_POINTS = {SetKind.PUNG: 5, SetKind.KONG: 10}
BONUS_TILE_POINTS = 5
MAX_BONUS_TILES = 8
HONOURS_ONLY = 10
PUNGS_ONLY = 2
ONE_SUIT = 3

HAND_FIELDS = frozenset({"finish", "sets", "flowers", "announced", "single_wait"})


@dataclass(frozen=True)
class FamilyHand:
    """One player's hand: sets, flowers and seasons (a count), finishing place."""

    sets: tuple[TileSet, ...] = ()
    flowers: int = 0
    finish: int | None = None
    announced: bool = False
    single_wait: bool = True

    @property
    def void(self) -> bool:
        """A Mah-Jong on a single wait that was not announced."""
        return self.finish is not None and self.single_wait and not self.announced

    def to_dict(self) -> dict[str, object]:
        return {
            "finish": self.finish,
            "sets": [s.to_dict() for s in self.sets],
            "flowers": self.flowers,
            "announced": self.announced,
            "single_wait": self.single_wait,
        }


@dataclass(frozen=True)
class FamilyScore:
    """The sheet: ``added`` plain points, the ``multipliers`` by name, total."""

    added: int
    multipliers: tuple[tuple[str, int], ...]
    points: int
    void: bool = False

    @property
    def factor(self) -> int:
        return combined(self.multipliers)

    def to_dict(self) -> dict[str, object]:
        return {
            "added": self.added,
            "multipliers": [{"code": c, "factor": f} for c, f in self.multipliers],
            "factor": self.factor,
            "points": self.points,
            "void": self.void,
        }


def read_hand(data: Mapping[str, object], prefix: str = "") -> FamilyHand:
    """A hand from the keys of ``HAND_FIELDS``, checked for shape only.

    The sets may not make a whole hand yet: a page reads a hand being built
    this way to show its running score. ``parse_hand`` adds the size rules.
    """
    finish_value = data.get("finish")
    finish = None if finish_value is None else as_int(finish_value, prefix + "finish")
    if finish is not None and not 1 <= finish <= len(FINISH_POINTS):
        raise EngineError("finish_out_of_range", field=prefix + "finish", finish=finish)
    flowers = as_int(data.get("flowers", 0), prefix + "flowers")
    if not 0 <= flowers <= MAX_BONUS_TILES:
        raise EngineError(
            "flowers_out_of_range",
            field=prefix + "flowers",
            flowers=flowers,
            maximum=MAX_BONUS_TILES,
        )
    wait = data.get("single_wait")
    return FamilyHand(
        sets=parse_sets(data.get("sets"), prefix + "sets"),
        flowers=flowers,
        finish=finish,
        announced=optional_bool(data, "announced", prefix + "announced"),
        single_wait=True if wait is None else as_bool(wait, prefix + "single_wait"),
    )


def parse_hand(data: Mapping[str, object], prefix: str = "") -> FamilyHand:
    """A finished hand: a Mah-Jong is four sets and a pair, others 13 tiles."""
    hand = read_hand(data, prefix)
    check_hand_size(hand.sets, mahjong=hand.finish is not None, field=prefix + "sets")
    return hand


def multipliers(sets: tuple[TileSet, ...]) -> tuple[tuple[str, int], ...]:
    """The multipliers of a Mah-Jong hand made of ``sets``."""
    if sets and all(s.tile.is_honor for s in sets):
        return (("honours_only", HONOURS_ONLY),)
    found: list[tuple[str, int]] = []
    if not any(s.kind is SetKind.CHOW for s in sets):
        found.append(("pungs_only", PUNGS_ONLY))
    if len(suits_of(sets)) == 1:
        found.append(("one_suit", ONE_SUIT))
    return tuple(found)


def combined(found: tuple[tuple[str, int], ...]) -> int:
    """The product of the multipliers ``found`` (1 when there are none)."""
    factor = 1
    for _, value in found:
        factor *= value
    return factor


def score_hand(hand: FamilyHand) -> FamilyScore:
    """The hand's points; a void Mah-Jong scores zero."""
    if hand.void:
        return FamilyScore(added=0, multipliers=(), points=0, void=True)
    added = BONUS_TILE_POINTS * hand.flowers + sum(
        SET_POINTS.get(s.kind, 0) for s in hand.sets
    )
    if hand.finish is None:
        return FamilyScore(added=added, multipliers=(), points=added)
    added += FINISH_POINTS[hand.finish - 1]
    found = multipliers(hand.sets)
    return FamilyScore(added=added, multipliers=found, points=added * combined(found))
