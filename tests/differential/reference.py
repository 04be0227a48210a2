"""pymahjonggb (the C++ calculator of ChineseOfficialMahjongHelper) as a
reference, and the readings of mcr.md section 6 that explain disagreements.

pymahjonggb numbers its fans in the same WMO order as mcr.md (1..81), plus
82, a private 5-point "Concealed Kong and Melded Kong" (mcr.md 6.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scoring.engine.mcr.fans import FANS
from scoring.engine.mcr.fans.table import POINTS
from tests.differential.generate import expand

# hand-format letters to pymahjonggb codes: W characters, B dots, T bamboo.
_SUIT_CODE = {"m": "W", "p": "B", "s": "T"}
# pymahjonggb J1 J2 J3 are Red, Green, White (tile.h TILE_C TILE_F TILE_P).
_HONOR_CODE = ["F1", "F2", "F3", "F4", "J3", "J2", "J1"]
_SOURCE = {"left": 1, "opposite": 2, "right": 3}
CONCEALED_AND_MELDED_KONG = 82
# pymahjonggb's English names differ from mcr.md's in case and in three
# spellings; everything else matches once lower-cased.
_ALIASES = {
    "all five": 31,
    "two dragons pungs": 54,
    "concealed kong and melded kong": CONCEALED_AND_MELDED_KONG,
}
FAN_NUMBER = {fan.name.lower(): fan.number for fan in FANS} | _ALIASES


def code(tile: str) -> str:
    """``"3m"`` -> ``"W3"``, ``"5z"`` (White) -> ``"J3"``."""
    if tile[1] == "z":
        return _HONOR_CODE[int(tile[0]) - 1]
    return _SUIT_CODE[tile[1]] + tile[0]


def _pack(meld: Mapping[str, Any], rng_offer: int) -> tuple[str, str, int]:
    tiles = expand(meld["tiles"])
    if meld["kind"] == "chow":
        return ("CHI", code(tiles[1]), rng_offer)
    if meld["kind"] == "pung":
        return ("PENG", code(tiles[0]), _SOURCE[meld["from"]])
    offer = 0 if meld["concealed"] else _SOURCE[meld["from"]]
    return ("GANG", code(tiles[0]), offer)


def reference_args(hand: Mapping[str, Any]) -> dict[str, Any]:
    """Keyword arguments of ``MahjongGB.MahjongFanCalculator`` for ``hand``.

    Flowers are left out: they only add points and are not compared.
    """
    packs = tuple(
        _pack(meld, 1 + number % 3) for number, meld in enumerate(hand["melds"])
    )
    return {
        "pack": packs,
        "hand": tuple(code(tile) for tile in expand(hand["concealed"])),
        "winTile": code(hand["winning_tile"]),
        "flowerCount": 0,
        "isSelfDrawn": hand["self_drawn"],
        "is4thTile": hand["last_of_kind"],
        "isAboutKong": hand["replacement"] or hand["robbing_kong"],
        "isWallLast": hand["last_tile"],
        "seatWind": "ESWN".index(hand["seat_wind"]),
        "prevalentWind": "ESWN".index(hand["prevalent_wind"]),
        "verbose": True,
    }


def reference_fans(hand: Mapping[str, Any]) -> dict[int, int] | None:
    """pymahjonggb's fan counts for ``hand`` (flowers left out), None if no win."""
    from MahjongGB import MahjongFanCalculator

    try:
        result = MahjongFanCalculator(**reference_args(hand))
    except TypeError as error:
        if "NOT_WIN" in str(error):
            return None
        raise
    return {FAN_NUMBER[name_en.lower()]: count for _, count, _, name_en in result}


READINGS = {
    1: "6.1 one concealed and one melded kong: Two Melded Kongs + Concealed Kong",
    2: "6.2 Two Concealed Kongs: 8 points",
    3: "6.3 Knitted Straight: no wait fan for a tile of the knitted straight",
    4: "6.4 Seven Pairs with All Green or All Terminals: no Tile Hog",
    5: "6.5 Three or Four Kongs: concealed kongs count for concealed-pung fans",
    6: "6.6 Nine Gates: the other fans of the best reading are scored",
    7: "6.7 Last Tile Draw and Out With Replacement Tile together",
    8: "6.8 All Terminals absorbs Double Pung, not Triple Pung",
    9: "6.9 equal totals: the reading with the higher single fan",
}
_WAITS = (77, 78, 79)


def _points(fans: Mapping[int, int]) -> int:
    return sum(POINTS[number] * count for number, count in fans.items())


def _highest(fans: Mapping[int, int]) -> int:
    return max((POINTS[number] for number in fans), default=0)


def _knitted_win(hand: Mapping[str, Any]) -> bool:
    """The winning tile is a tile of the knitted straight held."""
    tiles = {*expand(hand["concealed"]), hand["winning_tile"]}
    win = hand["winning_tile"]
    for order in ("mps", "msp", "pms", "psm", "smp", "spm"):
        seq = {
            f"{start + 3 * k}{suit}"
            for start, suit in zip((1, 2, 3), order, strict=True)
            for k in range(3)
        }
        if seq <= tiles:
            return win in seq
    return False


def explain(
    hand: Mapping[str, Any], ours: dict[int, int] | None, ref: dict[int, int] | None
) -> list[str] | None:
    """The section-6 readings that turn ``ref`` into ``ours``; None if unexplained.

    An empty list means the two agree outright. Fan counts are compared, so
    6.2 (a point value) needs no rewriting.
    """
    if ours is None or ref is None:
        return [] if ours == ref else None
    readings: list[str] = []
    ref = dict(ref)
    if ref.pop(CONCEALED_AND_MELDED_KONG, 0):
        ref[57] = ref.get(57, 0) + 1
        ref[67] = ref.get(67, 0) + 1
        readings.append(READINGS[1])
    if ours.get(48):
        readings.append(READINGS[2])
    if ours.get(35) and _knitted_win(hand) and any(ref.get(w) for w in _WAITS):
        ref = {number: c for number, c in ref.items() if number not in _WAITS}
        readings.append(READINGS[3])
    if ours.get(19) and (ours.get(3) or ours.get(8)) and ref.pop(64, 0):
        readings.append(READINGS[4])
    if ours.get(4) and ref.get(4) and ours != ref and _points(ours) >= _points(ref):
        return [*readings, READINGS[6]]
    if ours == ref:
        return readings
    if _points(ours) == _points(ref) and _highest(ours) >= _highest(ref):
        return [*readings, READINGS[9]]
    return None
