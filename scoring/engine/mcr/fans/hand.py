"""The winning hand of hand-format.md, read from its JSON form and checked.

Errors name the JSON field at fault (``EngineError.field``): ``concealed``,
``melds[1].tiles``, ``winning_tile``, ``flowers``... so the API can point at
the input a referee must correct.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field

from scoring.engine.errors import EngineError
from scoring.engine.tiles import Tile, check_copies, parse_tiles

WINDS = ("E", "S", "W", "N")
MELD_KINDS = ("chow", "pung", "kong")
SOURCES = ("left", "opposite", "right")
MAX_FLOWERS = 8
HAND_SIZE = 14
_FLAGS = ("self_drawn", "last_of_kind", "last_tile", "replacement", "robbing_kong")


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. ``concealed`` is true only for a concealed kong.

    ``source`` is the JSON ``from`` (``from`` is a Python keyword): who
    discarded the claimed tile, ``"left"``, ``"opposite"``, ``"right"``, or
    None for a concealed kong or when not given.
    """

    kind: str
    tiles: tuple[Tile, ...]
    concealed: bool = False
    source: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class WinningHand:
    """A winning hand as hand-format.md describes it, field for field.

    ``concealed`` holds the standing tiles without the winning tile; winds are
    ``"E" "S" "W" "N"``; ``flowers`` is 0..8. Keyword-only, so the fields keep
    the JSON order while the optional ones have defaults.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    winning_tile: Tile
    self_drawn: bool = False
    last_of_kind: bool = False
    last_tile: bool = False
    replacement: bool = False
    robbing_kong: bool = False
    flowers: int = 0
    seat_wind: str
    prevalent_wind: str
    # Set by parse_hand once check_hand passed, so count_fans checks a parsed
    # hand only once; a hand built directly (or by dataclasses.replace) is
    # checked by count_fans.
    checked: bool = dataclass_field(
        default=False, init=False, compare=False, repr=False
    )

    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile of the hand, kongs with their four tiles."""
        melded = tuple(tile for meld in self.melds for tile in meld.tiles)
        return (*self.concealed, self.winning_tile, *melded)


def parse_hand(data: Mapping[str, object]) -> WinningHand:
    """Read the JSON object of hand-format.md; raise ``EngineError`` on faults.

    Optional fields default to hand-format.md's neutral values: no melds,
    every win condition false, no flowers. The tiles and both winds are
    required.
    """
    if not isinstance(data, Mapping):
        raise EngineError("invalid_value", field="hand")
    hand = WinningHand(
        concealed=_tiles(data, "concealed"),
        winning_tile=_one_tile(data),
        seat_wind=_wind(data, "seat_wind"),
        prevalent_wind=_wind(data, "prevalent_wind"),
        melds=_melds(data.get("melds", [])),
        flowers=_flowers(data.get("flowers", 0)),
        **{flag: _flag(data, flag) for flag in _FLAGS},
    )
    check_hand(hand)
    object.__setattr__(hand, "checked", True)
    return hand


def check_hand(hand: WinningHand) -> None:
    """Tile count, copies and win conditions that the tiles make impossible."""
    size = len(hand.concealed) + 1 + 3 * len(hand.melds)
    if size != HAND_SIZE or len(hand.melds) > 4:
        raise EngineError("wrong_tile_count", count=size, expected=HAND_SIZE)
    check_copies(hand.all_tiles())
    if hand.flowers < 0 or hand.flowers > MAX_FLOWERS:
        raise EngineError("invalid_value", field="flowers", value=hand.flowers)
    _check_conditions(hand)


def _check_conditions(hand: WinningHand) -> None:
    """Refuse win conditions the tiles contradict, naming the condition."""
    held = hand.concealed.count(hand.winning_tile)
    melded = sum(meld.tiles.count(hand.winning_tile) for meld in hand.melds)
    has_kong = any(meld.kind == "kong" for meld in hand.melds)
    impossible = (
        ("replacement", hand.replacement and not (hand.self_drawn and has_kong)),
        ("robbing_kong", hand.robbing_kong and (hand.self_drawn or held + melded)),
        ("last_of_kind", hand.last_of_kind and held > 0),
    )
    for field, wrong in impossible:
        if wrong:
            raise EngineError("impossible_condition", field=field, condition=field)


def _tiles(
    data: Mapping[str, object], key: str, field: str | None = None
) -> tuple[Tile, ...]:
    field = field or key
    if key not in data:
        raise EngineError("missing_field", field=field)
    text = data[key]
    if not isinstance(text, str):
        raise EngineError("invalid_value", field=field, value=text)
    try:
        return parse_tiles(text)
    except EngineError as error:
        error.field = field
        raise


def _one_tile(data: Mapping[str, object]) -> Tile:
    tiles = _tiles(data, "winning_tile")
    if len(tiles) != 1:
        raise EngineError(
            "invalid_value", field="winning_tile", value=data["winning_tile"]
        )
    return tiles[0]


def _wind(data: Mapping[str, object], field: str) -> str:
    if field not in data:
        raise EngineError("missing_field", field=field)
    value = data[field]
    if value not in WINDS:
        raise EngineError("invalid_value", field=field, value=value)
    return str(value)


def _flag(data: Mapping[str, object], field: str) -> bool:
    value = data.get(field, False)
    if not isinstance(value, bool):
        raise EngineError("invalid_value", field=field, value=value)
    return value


def _flowers(value: object) -> int:
    # bool is an int subclass: ``true`` is not a number of flowers.
    if not isinstance(value, int) or isinstance(value, bool):
        raise EngineError("invalid_value", field="flowers", value=value)
    return value


def _melds(value: object) -> tuple[Meld, ...]:
    if not isinstance(value, list | tuple):
        raise EngineError("invalid_value", field="melds", value=value)
    return tuple(_meld(item, f"melds[{number}]") for number, item in enumerate(value))


def _meld(item: object, field: str) -> Meld:
    if not isinstance(item, Mapping):
        raise EngineError("invalid_value", field=field, value=item)
    kind = item.get("kind")
    if kind not in MELD_KINDS:
        raise EngineError("invalid_value", field=f"{field}.kind", value=kind)
    tiles = _tiles(item, "tiles", f"{field}.tiles")
    concealed = item.get("concealed", False)
    source = item.get("from")
    if not isinstance(concealed, bool) or (concealed and kind != "kong"):
        raise EngineError("invalid_value", field=f"{field}.concealed", value=concealed)
    # Not "source not in (*SOURCES, None)": mypyc cannot compile that tuple.
    if source is not None and (concealed or source not in SOURCES):
        raise EngineError("invalid_value", field=f"{field}.from", value=source)
    meld = Meld(
        str(kind), tiles, concealed, source if isinstance(source, str) else None
    )
    if not is_meld_shape(meld):
        raise EngineError("invalid_meld", field=f"{field}.tiles", kind=kind)
    return meld


def is_meld_shape(meld: Meld) -> bool:
    """The tiles form the declared kind: 3 in sequence, 3 alike or 4 alike."""
    tiles = sorted(meld.tiles, key=lambda tile: tile.index)
    if meld.kind == "chow":
        return (
            len(tiles) == 3
            and not tiles[0].is_honor
            and tiles[0].suit == tiles[2].suit
            and [tile.rank for tile in tiles] == [tiles[0].rank + k for k in range(3)]
        )
    size = 4 if meld.kind == "kong" else 3
    return len(tiles) == size and len(set(tiles)) == 1
