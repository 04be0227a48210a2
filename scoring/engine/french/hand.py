"""One player's hand as the table shows it at the end of a hand (French rules).

``HandSets`` holds what belongs to the player: the sets, the flowers and
seasons by number, the calling-hand declaration and, for the Mah-Jong player,
how the hand was won. The context of the hand (winds, who went Mah-Jong, the
system) lives in ``score.HandContext``: the same sets score differently for
another seat.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scoring.engine.errors import EngineError
from scoring.engine.french.sets import (
    TileSet,
    check_hand_size,
    optional_bool,
    parse_sets,
)
from scoring.engine.types import as_int

BONUS_NUMBERS = (1, 2, 3, 4)
"""Flowers and seasons are numbered 1-4: 1 East, 2 South, 3 West, 4 North."""

MAHJONG_ONLY = ("self_drawn", "last_discard", "robbing_kong", "replacement_tile")
"""How the hand was won: only the Mah-Jong player's hand may say so."""

# Conditions that cannot both hold: a robbed kong or the last discard is not
# a tile drawn from the wall, and a replacement tile from the Colline is
# neither. Where the result says how the hand was won (the tablet's kind),
# a replacement tile, drawn by the player, also needs ``self_drawn``.
_CONFLICTS = (
    ("self_drawn", "robbing_kong"),
    ("self_drawn", "last_discard"),
    ("robbing_kong", "last_discard"),
    ("robbing_kong", "replacement_tile"),
    ("last_discard", "replacement_tile"),
)
_NEEDS = (("replacement_tile", "self_drawn"),)

HAND_FIELDS = frozenset(
    {"sets", "flowers", "seasons", "calling_hand", "grand_jeu", *MAHJONG_ONLY}
)


@dataclass(frozen=True)
class HandSets:
    """A player's sets, flowers and seasons, and the conditions of a win.

    ``grand_jeu`` marks a special limit hand: its value is the table's
    setting and its sets are not counted (they need not be four sets and a
    pair). Build it through ``parse_hand`` to have it checked.
    """

    sets: tuple[TileSet, ...] = ()
    flowers: tuple[int, ...] = ()
    seasons: tuple[int, ...] = ()
    calling_hand: bool = False
    self_drawn: bool = False
    last_discard: bool = False
    robbing_kong: bool = False
    replacement_tile: bool = False
    grand_jeu: bool = False

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form that ``parse_hand`` accepts back."""
        return {
            "sets": [s.to_dict() for s in self.sets],
            "flowers": list(self.flowers),
            "seasons": list(self.seasons),
            "calling_hand": self.calling_hand,
            "self_drawn": self.self_drawn,
            "last_discard": self.last_discard,
            "robbing_kong": self.robbing_kong,
            "replacement_tile": self.replacement_tile,
            "grand_jeu": self.grand_jeu,
        }


def parse_numbers(data: object, field: str) -> tuple[int, ...]:
    """Flower or season numbers: distinct, each 1-4, sorted."""
    if data is None:
        return ()
    if not isinstance(data, list):
        raise EngineError("invalid_bonus_tiles", field=field, reason="not a list")
    numbers = [as_int(value, field) for value in data]
    for number in numbers:
        if number not in BONUS_NUMBERS:
            raise EngineError("bonus_number_out_of_range", field=field, number=number)
    if len(set(numbers)) != len(numbers):
        raise EngineError("bonus_number_repeated", field=field)
    return tuple(sorted(numbers))


def read_hand(data: Mapping[str, object], prefix: str = "") -> HandSets:
    """A hand from the keys of ``HAND_FIELDS`` in ``data``, checked for shape only.

    Each set must be a set and no tile may appear more than four times, but
    the hand may be incomplete: a page reads the hand being built this way
    and shows its running score. ``parse_hand`` adds the rules of a finished
    hand. Errors name the field with ``prefix`` (``"hands[2].sets"``).
    """
    flags = {
        name: optional_bool(data, name, prefix + name)
        for name in ("calling_hand", "grand_jeu", *MAHJONG_ONLY)
    }
    return HandSets(
        sets=parse_sets(data.get("sets"), prefix + "sets"),
        flowers=parse_numbers(data.get("flowers"), prefix + "flowers"),
        seasons=parse_numbers(data.get("seasons"), prefix + "seasons"),
        **flags,
    )


def parse_hand(
    data: Mapping[str, object],
    *,
    mahjong: bool,
    prefix: str = "",
    self_draw_known: bool = True,
) -> HandSets:
    """A finished hand, checked (``read_hand`` then ``check_hand``).

    The caller refuses unknown keys (its input has other fields too).
    """
    hand = read_hand(data, prefix)
    check_hand(hand, mahjong=mahjong, prefix=prefix, self_draw_known=self_draw_known)
    return hand


def check_hand(
    hand: HandSets, *, mahjong: bool, prefix: str = "", self_draw_known: bool = True
) -> None:
    """The rules a hand must meet, whoever built it.

    ``self_draw_known``: ``self_drawn`` says how the tile was won (a table's
    result kind), so a replacement tile needs it. The command's
    ``self_drawn`` is only the 5 points of a tile drawn from the wall, and
    the Colline is not the wall: there the two flags are independent.
    """
    flags = hand.to_dict()
    if not mahjong:
        for name in (*MAHJONG_ONLY, "grand_jeu"):
            if flags[name]:
                raise EngineError("mahjong_only", field=prefix + name, condition=name)
    for first, second in _CONFLICTS:
        if flags[first] and flags[second]:
            raise EngineError(
                "conflicting_conditions",
                field=prefix + second,
                first=first,
                second=second,
            )
    for condition, needed in _NEEDS if self_draw_known else ():
        if flags[condition] and not flags[needed]:
            raise EngineError(
                "condition_needs",
                field=prefix + condition,
                condition=condition,
                needed=needed,
            )
    if not hand.grand_jeu:
        check_hand_size(hand.sets, mahjong=mahjong, field=prefix + "sets")
