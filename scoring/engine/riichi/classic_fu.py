"""Seed 004's "méthode classique" of counting fu (riichi.md, "Counting fu:
modern count or the seed's classic count").

Base 30 for a hand without calls, 20 for a hand with a chi, pon or kan
called from a discard; then every set and the pair from the set table,
except the one the winning tile completes; then the wait and the final call
from the wait table, which already holds the self-draw's 2 and the pair or
pung the winning tile completes; the sum rounded up to the next 10. Seven
pairs are 25. Unlike the modern count there is no pinfu exception and no
30-fu floor for an open hand.

Pure: a hand comes in already read as four sets and a pair (a ``Reading``);
``classic_reading`` reads the tile calculator's hand into one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from scoring.engine.tiles import Tile

SEVEN_PAIRS_FU = 25
CALLED_BASE = 20
CLOSED_BASE = 30
_WINDS = "ESWN"
_DRAGONS = frozenset({5, 6, 7})


class Wait(StrEnum):
    """The waits of the seed's table."""

    TWO_SIDED = "two_sided"
    CLOSED = "closed"  # kanchan: the middle tile of a run
    EDGE = "edge"  # penchan: 12 waiting on 3, or 89 on 7
    SINGLE = "single"  # tanki: the winning tile completes the pair
    TWO_PAIRS = "two_pairs"  # shanpon: the winning tile makes a pung


@dataclass(frozen=True)
class ClassicSet:
    """A run, pung or kong: ``kind`` is ``chow``, ``pung`` or ``kong``;
    ``tile`` its lowest tile; ``concealed`` false when called from a discard
    (a pung the winning tile completes is counted by the wait table)."""

    kind: str
    tile: Tile
    concealed: bool


@dataclass(frozen=True)
class Reading:
    """A winning hand read as four sets and a pair.

    ``winning_set`` is the index in ``sets`` of the set the winning tile
    completes, ``None`` when it completes the pair (a single wait).
    ``called``: a chi, pon or kan was called from a discard (a concealed
    kong is not a call). Winds are ``"E" "S" "W" "N"``.
    """

    sets: tuple[ClassicSet, ...]
    pair: Tile
    winning_set: int | None
    winning_tile: Tile
    self_drawn: bool
    called: bool
    seat_wind: str
    prevalent_wind: str


# The set table: (exposed, concealed) by kind, for simple tiles (2-8) and
# for terminals (1, 9) and honours.
_SET_FU: dict[tuple[str, bool], tuple[int, int]] = {
    ("pung", False): (2, 4),
    ("pung", True): (4, 8),
    ("kong", False): (8, 16),
    ("kong", True): (16, 32),
}
# The wait table: (ron, tsumo). A single wait is keyed by the pair's own
# worth (0, 2 or 4: see ``pair_fu``), a two-pairs wait by terminal-or-honour.
_RUN_WAIT_FU = {Wait.TWO_SIDED: (0, 2), Wait.CLOSED: (2, 4), Wait.EDGE: (2, 4)}
_SINGLE_WAIT_FU = {0: (2, 4), 2: (4, 6), 4: (6, 8)}
_TWO_PAIRS_WAIT_FU = {False: (2, 6), True: (4, 10)}


def is_major(tile: Tile) -> bool:
    """A terminal (1, 9) or an honour: the set table's second column."""
    return tile.is_honor or tile.rank in (1, 9)


def set_fu(item: ClassicSet) -> int:
    """A set's points from the set table (a run is worth nothing)."""
    if item.kind == "chow":
        return 0
    exposed, concealed = _SET_FU[(item.kind, is_major(item.tile))]
    return concealed if item.concealed else exposed


def pair_fu(pair: Tile, seat_wind: str, prevalent_wind: str) -> int:
    """A dragon 2; the seat or round wind 2; a wind that is both 4; else 0."""
    if not pair.is_honor:
        return 0
    if pair.rank in _DRAGONS:
        return 2
    wind = _WINDS[pair.rank - 1]
    return 2 * ((wind == seat_wind) + (wind == prevalent_wind))


def wait_of(reading: Reading) -> Wait:
    """The wait the winning tile completed, read from its set."""
    if reading.winning_set is None:
        return Wait.SINGLE
    completed = reading.sets[reading.winning_set]
    if completed.kind != "chow":
        return Wait.TWO_PAIRS
    offset = reading.winning_tile.rank - completed.tile.rank
    if offset == 1:
        return Wait.CLOSED
    if (completed.tile.rank == 1 and offset == 2) or (
        completed.tile.rank == 7 and offset == 0
    ):
        return Wait.EDGE
    return Wait.TWO_SIDED


def wait_fu(reading: Reading) -> int:
    """The wait and the final call, from the wait table."""
    wait = wait_of(reading)
    if wait is Wait.SINGLE:
        worth = pair_fu(reading.pair, reading.seat_wind, reading.prevalent_wind)
        ron, tsumo = _SINGLE_WAIT_FU[worth]
    elif wait is Wait.TWO_PAIRS:
        ron, tsumo = _TWO_PAIRS_WAIT_FU[is_major(reading.winning_tile)]
    else:
        ron, tsumo = _RUN_WAIT_FU[wait]
    return tsumo if reading.self_drawn else ron


def raw_fu(reading: Reading) -> int:
    """The sum before rounding."""
    total = CALLED_BASE if reading.called else CLOSED_BASE
    total += sum(
        set_fu(item)
        for index, item in enumerate(reading.sets)
        if index != reading.winning_set
    )
    if reading.winning_set is not None:
        total += pair_fu(reading.pair, reading.seat_wind, reading.prevalent_wind)
    return total + wait_fu(reading)


def classic_fu(reading: Reading) -> int:
    """The hand's fu: the sum rounded up to the next 10."""
    return -(-raw_fu(reading) // 10) * 10
