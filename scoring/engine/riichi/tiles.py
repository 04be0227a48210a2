"""The riichi tile calculator: from the tiles of a winning hand to its yaku,
han, fu and payment, on top of the PyPI ``mahjong`` library.

The hand is the JSON object of hand-format.md (same tile notation and
fields as the MCR calculator, read by the MCR parser: ``concealed``,
``melds``, ``winning_tile``, ``self_drawn``, ``last_tile`` (haitei on a
self-draw, houtei on a discard), ``replacement`` (rinshan), ``robbing_kong``
(chankan), ``seat_wind``, ``prevalent_wind``), without flowers and with the
riichi fields:

* ``riichi``, ``double_riichi``, ``ippatsu``, ``first_draw`` (tenhou for
  the dealer, chiihou for a child): booleans, false by default;
* ``dora_indicators``, ``ura_dora_indicators``: tiles (ura dora count only
  after riichi);
* ``red_fives``: the red fives held, such as ``"5m5p"`` (``red_fives``
  setting on);
* ``dora``: the number of dora the referee counted at the table (dora,
  ura-dora and red fives in the hand, one whole number, 0 by default),
  added to the han the library counts when the hand has a yaku (dora
  alone is not a yaku); on top of any the indicators above count.

The library chooses the reading worth most; the payment is priced by this
package (``value.price``), so the tournament's limits and kazoe settings
apply to tile-counted and typed hands alike. The seat wind East is the
dealer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from mahjong.constants import EAST
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import (
    HandConfig,
    HandConstants,
    OptionalRules,
)
from mahjong.hand_calculating.hand_response import HandResponse
from mahjong.meld import Meld as LibraryMeld

from scoring.engine.error_words import english
from scoring.engine.errors import EngineError
from scoring.engine.mcr.fans.hand import WinningHand, parse_hand
from scoring.engine.riichi.classic_reading import classic_fu_of
from scoring.engine.riichi.options import RiichiOptions
from scoring.engine.riichi.value import HandValue, Price, price
from scoring.engine.riichi.words import ERRORS
from scoring.engine.tiles import MAX_COPIES, Tile, check_copies, parse_tiles
from scoring.engine.types import is_blank

_SHARED = (
    "concealed",
    "melds",
    "winning_tile",
    "self_drawn",
    "last_tile",
    "replacement",
    "robbing_kong",
    "seat_wind",
    "prevalent_wind",
)
_FLAGS = ("riichi", "double_riichi", "ippatsu", "first_draw")
_TILE_FIELDS = ("dora_indicators", "ura_dora_indicators", "red_fives")
FIELDS = frozenset((*_SHARED, *_FLAGS, *_TILE_FIELDS, "dora"))
#: The most dora a hand can hold (every tile of 14 to 18 counted several
#: times over by indicators, ura indicators and red fives): a bound for a
#: typed count, not a rule.
MAX_DORA = 60
#: The breakdown line of the referee's dora count.
DORA_LINE = "Dora"
#: hand-format.md fields of MCR only, which the shared tile picker writes.
OTHER_GAMES_FIELDS = frozenset({"last_of_kind", "flowers"})
_WIND_TILES = {"E": EAST, "S": EAST + 1, "W": EAST + 2, "N": EAST + 3}
_MELD_TYPES = {
    "chow": LibraryMeld.CHI,
    "pung": LibraryMeld.PON,
    "kong": LibraryMeld.KAN,
}
YAKUMAN_HAN = 13

# The library's refusals of a win condition, and the condition each is about
# (``impossible_condition``); its other refusals have codes of their own.
_IMPOSSIBLE_CONDITIONS: dict[str, str] = {
    HandCalculator.ERR_OPEN_HAND_RIICHI: "riichi",
    HandCalculator.ERR_OPEN_HAND_DABURI: "double_riichi",
    HandCalculator.ERR_IPPATSU_WITHOUT_RIICHI: "ippatsu",
    HandCalculator.ERR_CHANKAN_WITH_TSUMO: "robbing_kong",
    HandCalculator.ERR_RINSHAN_WITHOUT_TSUMO: "replacement",
    HandCalculator.ERR_HAITEI_WITHOUT_TSUMO: "last_tile",
    HandCalculator.ERR_HOUTEI_WITH_TSUMO: "last_tile",
    HandCalculator.ERR_HAITEI_WITH_RINSHAN: "last_tile",
    HandCalculator.ERR_HOUTEI_WITH_CHANKAN: "last_tile",
    HandCalculator.ERR_TENHOU_WITHOUT_TSUMO: "first_draw",
    HandCalculator.ERR_TENHOU_WITH_MELD: "first_draw",
    HandCalculator.ERR_CHIIHOU_WITHOUT_TSUMO: "first_draw",
    HandCalculator.ERR_CHIIHOU_WITH_MELD: "first_draw",
}


def _refusal(error: object) -> EngineError:
    """The library's refusal ``error`` as this engine's error (codes are
    constants, which the words' scan reads)."""
    if error == HandCalculator.ERR_HAND_NOT_WINNING:
        return EngineError("not_a_winning_hand")
    if error == HandCalculator.ERR_NO_YAKU:
        return EngineError("no_yaku")
    condition = _IMPOSSIBLE_CONDITIONS.get(str(error))
    if condition is not None:
        return EngineError("impossible_condition", field=condition, condition=condition)
    return EngineError("internal_error")


@dataclass(frozen=True)
class RiichiHand:
    """A winning hand plus the riichi conditions and indicators."""

    hand: WinningHand
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    first_draw: bool = False
    dora_indicators: tuple[Tile, ...] = ()
    ura_dora_indicators: tuple[Tile, ...] = ()
    red_fives: tuple[Tile, ...] = ()
    dora: int = 0

    @property
    def dealer(self) -> bool:
        return self.hand.seat_wind == "E"


@dataclass(frozen=True)
class YakuCount:
    """One yaku of the hand (dora included, one line per kind of dora)."""

    name: str
    han: int
    yakuman: bool = False


@dataclass(frozen=True)
class TileCount:
    """The hand's yaku, its value as typed-in han/fu/yakuman, and its price."""

    yaku: tuple[YakuCount, ...]
    value: HandValue
    fu: int
    price: Price
    dealer: bool
    self_drawn: bool

    @property
    def total(self) -> int:
        """All the winner receives, honba and deposits excluded."""
        if not self.self_drawn:
            return self.price.ron
        children = 3 if self.dealer else 2
        return self.price.from_dealer + children * self.price.from_child


def _flag(data: Mapping[str, object], field: str) -> bool:
    value = data.get(field, False)
    if not isinstance(value, bool):
        raise EngineError("invalid_value", field=field, value=str(value))
    return value


def _tiles(data: Mapping[str, object], field: str) -> tuple[Tile, ...]:
    text = data.get(field)
    if is_blank(text):
        return ()
    if not isinstance(text, str):
        raise EngineError("invalid_value", field=field, value=str(text))
    try:
        return parse_tiles(text)
    except EngineError as error:
        error.field = field
        raise


def _dora(data: Mapping[str, object]) -> int:
    value = data.get("dora", 0)
    if is_blank(value):
        return 0
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError("invalid_value", field="dora", value=str(value))
    if not 0 <= value <= MAX_DORA:
        raise EngineError("invalid_value", field="dora", value=str(value))
    return value


def parse_riichi_hand(data: Mapping[str, object], options: RiichiOptions) -> RiichiHand:
    """Read the JSON hand; raise ``EngineError`` naming the field at fault."""
    if not isinstance(data, Mapping):
        raise EngineError("invalid_value", field="hand")
    for key in data:
        if key not in FIELDS:
            raise EngineError("unknown_field", field=str(key), name=str(key))
    hand = parse_hand({key: data[key] for key in _SHARED if key in data})
    riichi_hand = RiichiHand(
        hand=hand,
        **{flag: _flag(data, flag) for flag in _FLAGS},
        dora_indicators=_tiles(data, "dora_indicators"),
        ura_dora_indicators=_tiles(data, "ura_dora_indicators"),
        red_fives=_tiles(data, "red_fives"),
        dora=_dora(data),
    )
    tiles = hand.all_tiles()
    check_copies(
        (*tiles, *riichi_hand.dora_indicators, *riichi_hand.ura_dora_indicators)
    )
    _check_red_fives(riichi_hand.red_fives, tiles, options)
    return riichi_hand


def _check_red_fives(
    red: Sequence[Tile], tiles: Sequence[Tile], options: RiichiOptions
) -> None:
    if red and not options.red_fives:
        raise EngineError("red_fives_off", field="red_fives")
    suits = [tile.suit for tile in red]
    for tile in red:
        if tile.rank != 5 or tile.is_honor or tile not in tiles:
            raise EngineError("invalid_value", field="red_fives", value=str(tile))
    if len(set(suits)) != len(suits):
        raise EngineError("invalid_value", field="red_fives", value="".join(suits))


class _Copies:
    """Hands out the library's tile ids (34-index x 4 + copy) one copy each.

    With red fives on, copy 0 of each five is the red one: it goes to a
    five declared red, and the plain fives take copies 1 to 3.
    """

    def __init__(self, red: Iterable[Tile], red_on: bool) -> None:
        self._used = [0] * 34
        self._red = set(red)
        self._red_on = red_on

    def take(self, tile: Tile) -> int:
        if self._red_on and tile.rank == 5 and not tile.is_honor:
            if tile in self._red:
                self._red.discard(tile)
                return tile.index * 4
            copy = 1 + self._used[tile.index]
        else:
            copy = self._used[tile.index]
        if copy >= MAX_COPIES:
            raise EngineError("too_many_copies", tile=str(tile), count=copy + 1)
        self._used[tile.index] += 1
        return tile.index * 4 + copy


def _config(hand: RiichiHand, options: RiichiOptions) -> HandConfig:
    kazoe = (
        HandConstants.KAZOE_LIMITED
        if options.kazoe == "yakuman"
        else HandConstants.KAZOE_SANBAIMAN
    )
    rules = OptionalRules(
        has_open_tanyao=options.open_tanyao,
        has_aka_dora=options.red_fives,
        has_double_yakuman=options.multiple_yakuman,
        kazoe_limit=kazoe,
    )
    winning = hand.hand
    last = winning.last_tile
    return HandConfig(
        is_tsumo=winning.self_drawn,
        is_riichi=hand.riichi or hand.double_riichi,
        is_daburu_riichi=hand.double_riichi,
        is_ippatsu=hand.ippatsu,
        is_rinshan=winning.replacement,
        is_chankan=winning.robbing_kong,
        is_haitei=last and winning.self_drawn,
        is_houtei=last and not winning.self_drawn,
        is_tenhou=hand.first_draw and hand.dealer,
        is_chiihou=hand.first_draw and not hand.dealer,
        player_wind=_WIND_TILES[winning.seat_wind],
        round_wind=_WIND_TILES[winning.prevalent_wind],
        options=rules,
    )


@dataclass(frozen=True)
class LibraryHand:
    """The hand in the library's terms: 136-format tile ids, its melds and
    the conditions, as ``HandCalculator.estimate_hand_value`` takes them."""

    tiles: tuple[int, ...]
    win_tile: int
    melds: tuple[LibraryMeld, ...]
    dora_indicators: tuple[int, ...]
    ura_dora_indicators: tuple[int, ...]
    config: HandConfig


def library_hand(hand: RiichiHand, options: RiichiOptions) -> LibraryHand:
    """``hand`` in the library's terms, each copy of a tile its own id."""
    copies = _Copies(hand.red_fives, options.red_fives)
    winning = hand.hand
    concealed = [copies.take(tile) for tile in winning.concealed]
    win_tile = copies.take(winning.winning_tile)
    melds = tuple(
        LibraryMeld(
            meld_type=_MELD_TYPES[meld.kind],
            tiles=[copies.take(tile) for tile in meld.tiles],
            opened=not meld.concealed,
        )
        for meld in winning.melds
    )
    tiles = (*concealed, win_tile, *(tile for meld in melds for tile in meld.tiles))
    return LibraryHand(
        tiles=tiles,
        win_tile=win_tile,
        melds=melds,
        dora_indicators=tuple(copies.take(t) for t in hand.dora_indicators),
        ura_dora_indicators=tuple(copies.take(t) for t in hand.ura_dora_indicators),
        config=_config(hand, options),
    )


def estimate(library: LibraryHand) -> HandResponse:
    """The library's own answer for the hand (errors in ``.error``)."""
    return HandCalculator.estimate_hand_value(
        library.tiles,
        library.win_tile,
        melds=library.melds,
        dora_indicators=library.dora_indicators,
        ura_dora_indicators=library.ura_dora_indicators,
        config=library.config,
    )


def count_hand(hand: RiichiHand, options: RiichiOptions) -> TileCount:
    """The hand's yaku, value and price, or ``EngineError`` (no yaku, ...).

    The fu are the library's (the modern count) or, under the ``fu_count``
    setting ``"classic"``, seed 004's count of the same reading.
    """
    library = library_hand(hand, options)
    response = estimate(library)
    if response.error is not None or response.han is None or response.fu is None:
        raise _refusal(response.error)
    fu = response.fu
    if options.fu_count == "classic":
        fu = classic_fu_of(library, response, hand.hand)
    is_open = response.is_open_hand
    yaku = tuple(
        YakuCount(
            name=item.name,
            han=item.han_open if is_open and item.han_open else item.han_closed,
            yakuman=item.is_yakuman,
        )
        for item in response.yaku or ()
    )
    yakuman = sum(item.han for item in yaku if item.yakuman) // YAKUMAN_HAN
    han = response.han
    if hand.dora and not yakuman:
        # The library answered, so the hand has a yaku: the dora count.
        yaku = (*yaku, YakuCount(name=DORA_LINE, han=hand.dora))
        han += hand.dora
    value = HandValue(
        han=0 if yakuman else han,
        fu=fu if han < 5 and not yakuman else None,
        yakuman=yakuman,
    )
    return TileCount(
        yaku=yaku,
        value=value,
        fu=fu,
        price=price(value, options, dealer=hand.dealer),
        dealer=hand.dealer,
        self_drawn=hand.hand.self_drawn,
    )


@dataclass(frozen=True)
class RiichiTilesScore:
    """What the tablet's tile picker stores: the result fields the tiles
    decide (``han``, ``fu``, ``yakuman``), nothing to confirm, whether the
    hand was self-drawn, and the yaku as a JSON-ready breakdown. The fields
    are those of the registry's tile-calculator contract.
    """

    result: Mapping[str, int]
    confirms: Mapping[str, int]
    self_drawn: bool
    breakdown: tuple[Mapping[str, object], ...]


def score_tiles(data: Mapping[str, object], options: RiichiOptions) -> RiichiTilesScore:
    """The tile picker's hand counted; ``EngineError`` when it cannot win."""
    count = count_hand(parse_riichi_hand(data, options), options)
    value = count.value
    return RiichiTilesScore(
        result={"han": value.han, "fu": count.fu, "yakuman": value.yakuman},
        confirms={},
        self_drawn=count.self_drawn,
        breakdown=tuple(
            {"name": y.name, "han": y.han, "yakuman": y.yakuman} for y in count.yaku
        ),
    )


def answer(data: Mapping[str, object], options: RiichiOptions) -> dict[str, object]:
    """The calculator's JSON answer for a hand; never raises for bad input.

    ``{"ok": true, "han": 3, "fu": 40, "yakuman": 0, "yaku": [{"name":
    "Riichi", "han": 1, "yakuman": false}, ...], "payment": {"ron": 5200,
    "from_dealer": 2600, "from_child": 1300, "total": 5200}, "error": null}``
    (``total`` is what this win brings, ron or tsumo as the hand says), or
    ``ok: false`` with an English ``error`` naming the field.
    """
    try:
        count = count_hand(parse_riichi_hand(data, options), options)
    except EngineError as error:
        return {"ok": False, "han": 0, "fu": 0, "yakuman": 0, "yaku": []} | {
            "payment": None,
            "error": english(error, ERRORS, name_field=True),
        }
    return {
        "ok": True,
        "han": count.value.han,
        "fu": count.fu,
        "yakuman": count.value.yakuman,
        "yaku": [
            {"name": y.name, "han": y.han, "yakuman": y.yakuman} for y in count.yaku
        ],
        "payment": {
            "ron": count.price.ron,
            "from_dealer": count.price.from_dealer,
            "from_child": count.price.from_child,
            "total": count.total,
        },
        "error": None,
    }
