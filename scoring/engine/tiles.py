"""The tile notation of hand-format.md: ``123m456p789s11z``.

A run of digits is followed by its suit letter: ``m`` characters, ``p``
circles, ``s`` bamboo, ``z`` honours (1-4 East South West North, 5-7 White
Green Red). Whitespace is ignored. Every mistake raises
``EngineError("malformed_tiles", part=...)`` naming the offending part, so a
referee can see what to fix.

Inside the engine a tile is also an index 0..33 (``Tile.index``): the suits
in the order m, p, s, z, nine ranks each (seven for honours). Counting arrays
of length 34 are indexed that way.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from scoring.engine.errors import EngineError

SUITS = "mpsz"
# Honours have seven ranks; suited tiles nine.
_RANK_LIMIT = {"m": 9, "p": 9, "s": 9, "z": 7}
MAX_COPIES = 4
TILE_KINDS = 34


@dataclass(frozen=True, order=True, slots=True)
class Tile:
    """One tile: ``suit`` is one of ``m p s z`` and ``rank`` 1..9 (1..7 for z).

    ``index`` is the tile's position 0..33 in the engine's counting arrays,
    computed once because the calculator reads it for every tile.
    """

    suit: str
    rank: int
    index: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        limit = _RANK_LIMIT.get(self.suit)
        if limit is None or not 1 <= self.rank <= limit:
            raise EngineError("malformed_tiles", part=f"{self.rank}{self.suit}")
        object.__setattr__(self, "index", SUITS.index(self.suit) * 9 + self.rank - 1)

    @property
    def is_honor(self) -> bool:
        return self.suit == "z"

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"


def tile_from_index(index: int) -> Tile:
    """The tile at position ``index`` (0..33) of a counting array."""
    return _TILES_BY_INDEX[index]


_TILES_BY_INDEX: tuple[Tile, ...] = tuple(
    Tile(suit, rank) for suit in SUITS for rank in range(1, _RANK_LIMIT[suit] + 1)
)
# "3m" -> the shared Tile: parsing builds no new objects.
_TILES_BY_TEXT: dict[str, Tile] = {str(tile): tile for tile in _TILES_BY_INDEX}


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Read ``text`` in tile notation; the tiles come out in reading order.

    Raises ``EngineError("malformed_tiles", part=...)``: ``part`` is a digit
    run without its suit letter (``"45"``), an impossible tile (``"0m"``,
    ``"8z"``), or a run ending in an unknown letter (``"12x"``). Copies are
    not counted here: see :func:`check_copies`.
    """
    tiles: list[Tile] = []
    digits = ""
    for char in text:
        if char.isspace():
            continue
        if char in "0123456789":
            digits += char
            continue
        if char not in _RANK_LIMIT or not digits:
            raise EngineError("malformed_tiles", part=digits + char)
        for digit in digits:
            tile = _TILES_BY_TEXT.get(digit + char)
            if tile is None:
                raise EngineError("malformed_tiles", part=digit + char)
            tiles.append(tile)
        digits = ""
    if digits:
        raise EngineError("malformed_tiles", part=digits)
    return tuple(tiles)


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Tiles back to notation, sorted and grouped by suit: ``"123m11z"``."""
    ordered = sorted(tiles, key=lambda tile: tile.index)
    parts: list[str] = []
    for suit in SUITS:
        ranks = "".join(str(tile.rank) for tile in ordered if tile.suit == suit)
        if ranks:
            parts.append(ranks + suit)
    return "".join(parts)


def count_tiles(tiles: Iterable[Tile]) -> list[int]:
    """A counting array of length 34 (see the module docstring)."""
    counts = [0] * TILE_KINDS
    for tile in tiles:
        counts[tile.index] += 1
    return counts


def check_copies(tiles: Iterable[Tile]) -> None:
    """Refuse more than four copies of a tile across the whole hand.

    Raises ``EngineError("too_many_copies", tile="3m", count=5)`` for the
    first tile (in notation order) held more than four times.
    """
    counts = count_tiles(tiles)
    if max(counts) <= MAX_COPIES:
        return
    for index, count in enumerate(counts):
        if count > MAX_COPIES:
            raise EngineError(
                "too_many_copies", tile=str(tile_from_index(index)), count=count
            )
