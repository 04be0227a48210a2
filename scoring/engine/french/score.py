"""The hand builder: one player's hand score, itemised (french-classic.md 1).

``score_hand(hand, context)`` returns every line a score sheet shows: the
added points of each set, flower, season and Mah-Jong extra, then each
double with its reason, then the total. It accepts a hand still being built
(fewer sets than a full hand), so that a page can show "added points,
doubles, total" after each tile the player picks; the completeness checks
live in ``hand.check_hand``.

Readings where french-classic.md leaves room (a club referee's usual call):

* a pair that is both the seat wind and the dominant wind scores 2 + 2;
* the own flower/season double needs BOTH the player's own flower and own
  season ("own flower AND own season"): one double;
* a pure hand has suited tiles of exactly one suit; a hand of honours only
  is an honours hand, not a pure one;
* the honours hand needs its pair to be of honours, 1s or 9s too;
* "entirely concealed" means every set shown is marked concealed;
* a losing player who declared a calling hand keeps their flowers and
  seasons with the doubles they bring, and the East double of the simple
  system (it doubles the hand score, not a set);
* a Grand Jeu scores its value as it stands: no added points, no doubles;
* the limit applies to the final score, East's double included.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from scoring.engine.french.hand import HandSets
from scoring.engine.french.sets import SetKind, TileSet, suits_of
from scoring.engine.types import Wind

LIMIT = 1000
"""The most an ordinary hand scores; only a Grand Jeu scores more."""

MAHJONG_POINTS = 20
FOUR_CHOWS_POINTS = 10
SELF_DRAWN_POINTS = 5
BONUS_TILE_POINTS = 4

# Added points of a pung by kind of tile; concealed doubles them and a kong
# is worth four times the pung (french-classic.md, the table of step 1).
_PUNG_POINTS = {"simple": 2, "terminal_or_wind": 4, "dragon": 8}
_KONG_FACTOR = 4
_CONCEALED_FACTOR = 2
_PAIR_WIND_POINTS = 2
_CONCEALED_DRAGON_PAIR_POINTS = 2
_PURE_DOUBLES = 3  # x8


@dataclass(frozen=True)
class HandContext:
    """What the score of a hand depends on besides the hand itself.

    ``round_wind`` is ``None`` when the round wind is not played (a game
    shorter than 16 hands, or the table's option). ``east_doubled`` is the
    simple system's rule that East's hand score is always doubled.
    """

    seat_wind: Wind
    dominant_wind: Wind
    round_wind: Wind | None = None
    mahjong: bool = False
    east_doubled: bool = False
    own_flower_season: bool = True
    grand_jeu_value: int = 2 * LIMIT


@dataclass(frozen=True)
class Addition:
    """One line of added points: a set, a flower or season, a Mah-Jong extra.

    ``code`` is ``"set"``, ``"flower"``, ``"season"``, ``"mahjong"``,
    ``"four_chows"`` or ``"self_drawn"``; ``tile_set`` or ``number`` says
    which set or which flower/season.
    """

    code: str
    points: int
    tile_set: TileSet | None = None
    number: int | None = None

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "points": self.points,
            "set": None if self.tile_set is None else self.tile_set.to_dict(),
            "number": self.number,
        }


@dataclass(frozen=True)
class Doubling:
    """One reason the hand is doubled; ``doubles`` is 1 for x2, 3 for x8.

    ``code`` names the reason (``"dominant_wind"``, ``"pure_hand"``...);
    ``tile_set`` is the set that brings it, when a set does.
    """

    code: str
    doubles: int = 1
    tile_set: TileSet | None = None

    @property
    def factor(self) -> int:
        return 1 << self.doubles

    def to_dict(self) -> dict[str, object]:
        return {
            "code": self.code,
            "factor": self.factor,
            "set": None if self.tile_set is None else self.tile_set.to_dict(),
        }


@dataclass(frozen=True)
class HandScore:
    """A hand's score sheet. ``raw`` is before the limit, ``points`` after.

    ``sets_void`` is true for a losing calling hand: its sets score nothing.
    """

    additions: tuple[Addition, ...]
    doublings: tuple[Doubling, ...]
    added: int
    doubles: int
    raw: int
    points: int
    grand_jeu: bool = False
    sets_void: bool = False

    def to_dict(self) -> dict[str, object]:
        """The page's and the API's form of the sheet."""
        return {
            "additions": [a.to_dict() for a in self.additions],
            "doublings": [d.to_dict() for d in self.doublings],
            "added": self.added,
            "doubles": self.doubles,
            "raw": self.raw,
            "points": self.points,
            "grand_jeu": self.grand_jeu,
            "sets_void": self.sets_void,
        }


def apply_doubles(added: int, doublings: tuple[Doubling, ...]) -> int:
    """``added`` doubled once per double, in the order given (any order)."""
    total = added
    for doubling in doublings:
        total *= doubling.factor
    return total


def score_hand(hand: HandSets, context: HandContext) -> HandScore:
    """The itemised score of ``hand`` in ``context`` (see the module notes)."""
    if hand.grand_jeu and context.mahjong:
        value = context.grand_jeu_value
        return HandScore((), (), 0, 0, value, value, grand_jeu=True)
    sets_void = hand.calling_hand and not context.mahjong
    counted = () if sets_void else hand.sets
    additions = (
        *_set_additions(counted, context),
        *_bonus_additions(hand),
        *(_mahjong_additions(hand) if context.mahjong else ()),
    )
    doublings = (
        *_set_doublings(counted, context),
        *_bonus_doublings(hand, context),
        *(_mahjong_doublings(hand) if context.mahjong else ()),
    )
    added = sum(a.points for a in additions)
    raw = apply_doubles(added, doublings)
    return HandScore(
        additions=additions,
        doublings=doublings,
        added=added,
        doubles=sum(d.doubles for d in doublings),
        raw=raw,
        points=min(raw, LIMIT),
        sets_void=sets_void,
    )


def _wind_of(tile_set: TileSet) -> Wind | None:
    return Wind.at(tile_set.tile.rank - 1) if tile_set.is_wind else None


def set_points(tile_set: TileSet, context: HandContext) -> int:
    """Added points of one set for the player of ``context``."""
    if tile_set.kind is SetKind.CHOW:
        return 0
    if tile_set.kind is SetKind.PAIR:
        wind = _wind_of(tile_set)
        points = _PAIR_WIND_POINTS * (
            (wind is context.seat_wind) + (wind is context.dominant_wind)
        )
        if tile_set.is_dragon and tile_set.concealed:
            points += _CONCEALED_DRAGON_PAIR_POINTS
        return points
    if tile_set.is_dragon:
        points = _PUNG_POINTS["dragon"]
    elif tile_set.is_terminal_or_honour:
        points = _PUNG_POINTS["terminal_or_wind"]
    else:
        points = _PUNG_POINTS["simple"]
    if tile_set.kind is SetKind.KONG:
        points *= _KONG_FACTOR
    if tile_set.concealed:
        points *= _CONCEALED_FACTOR
    return points


def _set_additions(
    sets: tuple[TileSet, ...], context: HandContext
) -> Iterator[Addition]:
    for tile_set in sets:
        yield Addition("set", set_points(tile_set, context), tile_set=tile_set)


def _bonus_additions(hand: HandSets) -> Iterator[Addition]:
    for number in hand.flowers:
        yield Addition("flower", BONUS_TILE_POINTS, number=number)
    for number in hand.seasons:
        yield Addition("season", BONUS_TILE_POINTS, number=number)


def _mahjong_additions(hand: HandSets) -> Iterator[Addition]:
    yield Addition("mahjong", MAHJONG_POINTS)
    kinds = [s.kind for s in hand.sets]
    if kinds.count(SetKind.CHOW) == _FOUR and kinds.count(SetKind.PAIR) == 1:
        yield Addition("four_chows", FOUR_CHOWS_POINTS)
    if hand.self_drawn:
        yield Addition("self_drawn", SELF_DRAWN_POINTS)


def _set_doublings(
    sets: tuple[TileSet, ...], context: HandContext
) -> Iterator[Doubling]:
    for tile_set in sets:
        if not tile_set.is_triplet:
            continue
        wind = _wind_of(tile_set)
        if wind is not None and wind is context.seat_wind:
            yield Doubling("seat_wind", tile_set=tile_set)
        if wind is not None and wind is context.dominant_wind:
            yield Doubling("dominant_wind", tile_set=tile_set)
        if wind is not None and wind is context.round_wind:
            yield Doubling("round_wind", tile_set=tile_set)
        if tile_set.is_dragon:
            yield Doubling("dragon", tile_set=tile_set)


def _bonus_doublings(hand: HandSets, context: HandContext) -> Iterator[Doubling]:
    if hand.flowers == _ALL_FOUR:
        yield Doubling("all_flowers")
    if hand.seasons == _ALL_FOUR:
        yield Doubling("all_seasons")
    own = context.seat_wind.order + 1
    if context.own_flower_season and own in hand.flowers and own in hand.seasons:
        yield Doubling("own_flower_season")
    if context.east_doubled and context.seat_wind is Wind.EAST:
        yield Doubling("east")


_ALL_FOUR = (1, 2, 3, 4)
_FOUR = 4


def _mahjong_doublings(hand: HandSets) -> Iterator[Doubling]:
    sets = hand.sets
    if not any(s.kind is SetKind.CHOW for s in sets):
        yield Doubling("no_chow")
    if hand.calling_hand:
        yield Doubling("calling_hand")
    if len(suits_of(sets)) == 1:
        yield Doubling("pure_hand", doubles=_PURE_DOUBLES)
    if hand.robbing_kong:
        yield Doubling("robbing_kong")
    if hand.replacement_tile:
        yield Doubling("replacement_tile")
    if sets and all(s.concealed for s in sets):
        yield Doubling("concealed")
    if hand.last_discard:
        yield Doubling("last_discard")
    if sets and all(
        s.kind is not SetKind.CHOW and s.is_terminal_or_honour for s in sets
    ):
        yield Doubling("honours_hand")
