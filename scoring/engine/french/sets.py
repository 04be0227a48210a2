"""The sets a player shows at the end of a hand: pairs, chows, pungs, kongs.

Input is the JSON of issue 13: ``{"kind": "pung", "tiles": "555z",
"concealed": true}``. A concealed kong (carré) that was never declared counts
as a concealed pung (brelan): enter it as a pung. Shared by the French
classic rules and the encyclopaedia scoring, which show hands the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from scoring.engine.errors import EngineError
from scoring.engine.tiles import Tile, check_copies, format_tiles, parse_tiles

DRAGON_RANKS = frozenset({5, 6, 7})
"""Ranks of the dragons among the honours (``5z`` to ``7z``)."""

WIND_RANKS = frozenset({1, 2, 3, 4})
"""Ranks of the winds among the honours: 1 East, 2 South, 3 West, 4 North."""

HAND_TILES = 13
"""Tiles a player holds between turns (a kong's fourth tile not counted)."""

MAHJONG_SETS = 4
"""Sets of a Mah-Jong hand besides its pair."""


class SetKind(StrEnum):
    PAIR = "pair"
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


_SIZES = {SetKind.PAIR: 2, SetKind.CHOW: 3, SetKind.PUNG: 3, SetKind.KONG: 4}
SET_FIELDS = frozenset({"kind", "tiles", "concealed"})


@dataclass(frozen=True)
class TileSet:
    """One set; ``tile`` is its lowest tile (the tile of a pair, pung, kong)."""

    kind: SetKind
    tile: Tile
    concealed: bool = False

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind is SetKind.CHOW:
            return tuple(Tile(self.tile.suit, self.tile.rank + i) for i in range(3))
        return (self.tile,) * _SIZES[self.kind]

    @property
    def is_triplet(self) -> bool:
        """A pung or a kong (brelan or carré)."""
        return self.kind in (SetKind.PUNG, SetKind.KONG)

    @property
    def counted_tiles(self) -> int:
        """Tiles toward the hand's 13 or 14: a kong counts as three."""
        return min(_SIZES[self.kind], 3)

    @property
    def is_dragon(self) -> bool:
        return self.tile.is_honor and self.tile.rank in DRAGON_RANKS

    @property
    def is_wind(self) -> bool:
        return self.tile.is_honor and self.tile.rank in WIND_RANKS

    @property
    def is_terminal_or_honour(self) -> bool:
        """Every tile is an honour, a 1 or a 9 (never true of a chow)."""
        return all(t.is_honor or t.rank in (1, 9) for t in self.tiles)

    def to_dict(self) -> dict[str, object]:
        return {
            "kind": str(self.kind),
            "tiles": format_tiles(self.tiles),
            "concealed": self.concealed,
        }


def as_bool(value: object, field: str) -> bool:
    """``value`` as a bool: a JSON bool, or a form's "true"/"false"/"on"/"1"/"0".

    Raises ``EngineError("not_a_boolean", field)`` for anything else, so that
    a stray ``1.0`` or ``"yes please"`` is not read as a choice.
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _BOOL_TEXT:
        return _BOOL_TEXT[value.strip().lower()]
    raise EngineError("not_a_boolean", field=field, value=str(value))


_BOOL_TEXT = {
    "true": True,
    "on": True,
    "1": True,
    "false": False,
    "off": False,
    "0": False,
}


def optional_bool(data: Mapping[str, object], key: str, field: str) -> bool:
    """``data[key]`` as a bool, ``False`` when absent or null."""
    value = data.get(key)
    return False if value is None else as_bool(value, field)


def check_fields(
    data: Mapping[str, object], allowed: frozenset[str], prefix: str
) -> None:
    """Refuse a key outside ``allowed``: a typing mistake must not be ignored."""
    for key in data:
        if key not in allowed:
            name = f"{prefix}{key}"
            raise EngineError("unknown_field", field=name, name=name)


def parse_set(data: object, field: str) -> TileSet:
    """One set from its JSON; errors name ``field`` (``"sets[2]"``)."""
    if not isinstance(data, Mapping):
        raise EngineError("invalid_set", field=field, reason="not an object")
    check_fields(data, SET_FIELDS, f"{field}.")
    raw_kind = data.get("kind")
    if not isinstance(raw_kind, str) or raw_kind not in _KIND_VALUES:
        raise EngineError("unknown_set_kind", field=f"{field}.kind", kind=str(raw_kind))
    kind = SetKind(raw_kind)
    text = data.get("tiles")
    if not isinstance(text, str):
        raise EngineError("missing_field", field=f"{field}.tiles")
    try:
        tiles = sorted(parse_tiles(text))
    except EngineError as error:
        raise EngineError(error.code, field=f"{field}.tiles", **error.params) from None
    if not _is_shape(kind, tiles):
        raise EngineError(
            "invalid_set", field=f"{field}.tiles", kind=raw_kind, tiles=text
        )
    concealed = optional_bool(data, "concealed", f"{field}.concealed")
    return TileSet(kind=kind, tile=tiles[0], concealed=concealed)


_KIND_VALUES = frozenset(str(kind) for kind in SetKind)


def _is_shape(kind: SetKind, tiles: Sequence[Tile]) -> bool:
    if len(tiles) != _SIZES[kind]:
        return False
    first = tiles[0]
    if kind is SetKind.CHOW:
        return not first.is_honor and all(
            t.suit == first.suit and t.rank == first.rank + i
            for i, t in enumerate(tiles)
        )
    return all(t == first for t in tiles)


def parse_sets(data: object, field: str = "sets") -> tuple[TileSet, ...]:
    """A list of sets, at most four copies of a tile among them."""
    if data is None:
        return ()
    if not isinstance(data, list):
        raise EngineError("invalid_sets", field=field, reason="not a list")
    sets = tuple(parse_set(item, f"{field}[{i}]") for i, item in enumerate(data))
    try:
        check_copies(tile for s in sets for tile in s.tiles)
    except EngineError as error:
        raise EngineError(error.code, field=field, **error.params) from None
    return sets


def check_hand_size(sets: Sequence[TileSet], *, mahjong: bool, field: str) -> None:
    """A Mah-Jong hand is four sets and a pair; any other hand at most 13 tiles.

    A losing player may show fewer sets than that (only the sets that score
    matter to the count), but never more tiles than a hand holds.
    """
    counted = sum(s.counted_tiles for s in sets)
    if mahjong:
        pairs = sum(s.kind is SetKind.PAIR for s in sets)
        if pairs != 1 or len(sets) != MAHJONG_SETS + 1:
            raise EngineError(
                "not_a_mahjong_hand", field=field, sets=len(sets), pairs=pairs
            )
    elif counted > HAND_TILES:
        raise EngineError("too_many_tiles", field=field, count=counted)


def suits_of(sets: Sequence[TileSet]) -> frozenset[str]:
    """The suits (``m``, ``p``, ``s``) of the suited tiles among ``sets``."""
    return frozenset(s.tile.suit for s in sets if not s.tile.is_honor)
