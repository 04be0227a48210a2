"""Value types shared by every rule set.

Seats are the indexes 0..3 of a table's four players, in the order of the
winds they hold in the session's first hand: seat 0 starts East, seat 1 South,
seat 2 West, seat 3 North. A seat follows its player for the whole session,
even when the players change chairs between prevalent-wind rounds; the wind a
seat holds in a given hand is in ``DealState.seat_winds``.

Everything here is immutable so that a result or a deal can be stored, compared
and replayed without defensive copies.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import Protocol

from scoring.engine.errors import EngineError

SEATS = 4

Deltas = tuple[int, int, int, int]
"""Points won (positive) or lost (negative) by seats 0..3."""

NO_DELTAS: Deltas = (0, 0, 0, 0)


class Wind(StrEnum):
    """A wind, in the order play goes round the table (E, S, W, N)."""

    EAST = "E"
    SOUTH = "S"
    WEST = "W"
    NORTH = "N"

    @property
    def order(self) -> int:
        """0 for East up to 3 for North."""
        return _WIND_ORDER.index(self)

    @classmethod
    def at(cls, index: int) -> Wind:
        """The wind ``index`` steps after East, modulo 4."""
        return _WIND_ORDER[index % SEATS]


_WIND_ORDER: tuple[Wind, ...] = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
_WIND_VALUES = frozenset(str(w) for w in _WIND_ORDER)


def _wind(value: object, field: str) -> Wind:
    """``value`` ("E", "S", "W", "N" or a ``Wind``) as a ``Wind``."""
    if isinstance(value, str) and value in _WIND_VALUES:
        return Wind(value)
    raise EngineError("invalid_wind", field=field, wind=str(value))


class ResultKind(StrEnum):
    """How a hand ended. A rule set may accept only some of these."""

    DISCARD = "discard"
    SELF_DRAW = "self_draw"
    DRAW = "draw"


@dataclass(frozen=True)
class DealState:
    """Who holds which wind in one hand, plus the counters a rule set carries.

    ``hand_number`` is 1-based within the session. ``seat_winds[i]`` is the
    wind of seat ``i``. ``counters`` holds named integers that some rule sets
    carry from hand to hand (riichi: ``("honba", 2)``, ``("deposits", 1)``;
    French: how many times East kept the deal); MCR carries none. They are a
    sorted tuple of pairs rather than a dict so that the state stays hashable.
    """

    hand_number: int
    prevalent_wind: Wind
    seat_winds: tuple[Wind, Wind, Wind, Wind]
    counters: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        if self.hand_number < 1:
            raise EngineError(
                "invalid_hand_number", field="hand_number", number=self.hand_number
            )
        # Accept plain strings ("E", as a Django TextChoices field holds them)
        # so that every stored state is normalised to Wind members.
        winds = tuple(_wind(w, "seat_winds") for w in self.seat_winds)
        if len(winds) != SEATS or len(set(winds)) != SEATS:
            raise EngineError(
                "invalid_seat_winds",
                field="seat_winds",
                winds="".join(str(w) for w in self.seat_winds),
            )
        object.__setattr__(self, "seat_winds", winds)
        prevalent = _wind(self.prevalent_wind, "prevalent_wind")
        object.__setattr__(self, "prevalent_wind", prevalent)
        object.__setattr__(self, "counters", tuple(sorted(self.counters)))

    @property
    def dealer(self) -> int:
        """The seat holding East this hand."""
        return self.seat_winds.index(Wind.EAST)

    def seat_of(self, wind: Wind) -> int:
        """The seat holding ``wind`` this hand."""
        return self.seat_winds.index(wind)

    def counter(self, name: str, default: int = 0) -> int:
        """The value of counter ``name`` (``default`` when it is not carried)."""
        return dict(self.counters).get(name, default)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form, read back by ``from_dict``."""
        return {
            "hand_number": self.hand_number,
            "prevalent_wind": str(self.prevalent_wind),
            "seat_winds": "".join(str(w) for w in self.seat_winds),
            "counters": dict(self.counters),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> DealState:
        """Rebuild a state written by ``to_dict`` (winds as "E", "S", "W", "N")."""
        winds = str(data.get("seat_winds", ""))
        if len(winds) != SEATS:
            raise EngineError("invalid_seat_winds", field="seat_winds", winds=winds)
        prevalent = _wind(data.get("prevalent_wind"), "prevalent_wind")
        seat_winds = tuple(_wind(w, "seat_winds") for w in winds)
        raw_counters = data.get("counters") or {}
        if not isinstance(raw_counters, Mapping):
            raise EngineError("invalid_counters", field="counters")
        counters = tuple(
            (str(k), as_int(v, f"counters.{k}")) for k, v in raw_counters.items()
        )
        return cls(
            hand_number=as_int(data.get("hand_number"), "hand_number"),
            prevalent_wind=prevalent,
            seat_winds=(seat_winds[0], seat_winds[1], seat_winds[2], seat_winds[3]),
            counters=counters,
        )


class HandResultLike(Protocol):
    """What generic code (sessions, services, templates) reads from a result.

    Each rule set has its own frozen result class with more fields; the
    session code only needs these. ``winner`` and ``discarder`` are seats or
    ``None``.
    """

    @property
    def kind(self) -> str: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def discarder(self) -> int | None: ...

    def to_dict(self) -> dict[str, object]: ...


@dataclass(frozen=True)
class HandResult:
    """The result of one MCR hand, as the referee records it.

    ``fan_total`` is the hand's points WITHOUT flowers (it decides whether the
    win reaches the minimum); ``flowers`` is the number of flower tiles, each
    worth one point once the hand qualifies. A draw has no winner, no
    discarder and zero points. Build it through ``RuleSet.parse_result``,
    which enforces the rules.
    """

    kind: ResultKind
    winner: int | None = None
    discarder: int | None = None
    fan_total: int = 0
    flowers: int = 0

    @property
    def total(self) -> int:
        """T of the payment formula: fan total plus flowers."""
        return self.fan_total + self.flowers

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form that ``parse_result`` accepts back."""
        return {
            "kind": str(self.kind),
            "winner": self.winner,
            "discarder": self.discarder,
            "fan_total": self.fan_total,
            "flowers": self.flowers,
        }


class FieldKind(StrEnum):
    """What one input of a hand result holds."""

    SEAT = "seat"  # one of the table's four players
    SEATS = "seats"  # any number of them (riichi declarations, tenpai)
    INTEGER = "integer"
    BOOLEAN = "boolean"
    WIND = "wind"  # one of the four winds ("E", "S", "W", "N")
    # One value per player (French: each player's typed score; the
    # encyclopaedia: each player's finishing place). Clients name players by
    # id; the engine reads a list of four in seat order, ``None`` for blanks.
    PER_SEAT = "per_seat"
    # One structured hand per player (the sets each player shows, as the
    # rule set reads them): by player id outside, a list of four inside.
    HANDS = "hands"


PER_PLAYER = (FieldKind.PER_SEAT, FieldKind.HANDS)
"""The kinds of input that hold one value per player."""


@dataclass(frozen=True)
class HandsInput:
    """What the tablet's builder asks of each player's hand (``HANDS``).

    ``bonus_numbers``: flowers and seasons are picked by number, 1-4 each
    (French classic), else counted together (``flowers``, encyclopaedia).
    ``flags``: the yes/no inputs of any player's hand; ``winner_flags``
    those of the Mah-Jong hand only; ``checked`` the flags that start on.
    """

    bonus_numbers: bool
    flags: tuple[str, ...] = ()
    winner_flags: tuple[str, ...] = ()
    checked: tuple[str, ...] = ()


@dataclass(frozen=True)
class ResultField:
    """One input of a hand result, as a rule set describes it.

    The Django layer builds the tablet's form field and the API's serializer
    field from it, labelled by ``name`` through the scoring catalogue: a new
    rule set brings its inputs without touching forms or serializers.
    ``kinds`` lists the result kinds that ask for it (the others drop it);
    ``default`` fills a blank. Whether a blank is allowed is the rule set's
    to say when it parses the result (its error names the field).
    ``hands`` describes a ``HANDS`` input's builder.
    """

    name: str
    kind: FieldKind
    kinds: tuple[str, ...]
    minimum: int | None = None
    maximum: int | None = None
    default: int | bool | None = None
    hands: HandsInput | None = None


@dataclass(frozen=True)
class ResultForm:
    """The inputs of a rule set's hand result: its kinds, in the order a
    referee picks them, and its fields."""

    kinds: tuple[str, ...]
    fields: tuple[ResultField, ...]

    def fields_for(self, kind: str) -> tuple[ResultField, ...]:
        """The fields a result of ``kind`` asks for."""
        return tuple(field for field in self.fields if kind in field.kinds)

    def seat_fields(self) -> tuple[ResultField, ...]:
        """The fields that name players (stored as seats by the engine)."""
        seats = (FieldKind.SEAT, FieldKind.SEATS)
        return tuple(field for field in self.fields if field.kind in seats)

    def player_keyed_fields(self) -> tuple[ResultField, ...]:
        """The fields that name players and those keyed by player
        (``PER_SEAT``, ``HANDS``): the engine reads seats or seat order."""
        keyed = (FieldKind.SEAT, FieldKind.SEATS, *PER_PLAYER)
        return tuple(field for field in self.fields if field.kind in keyed)


class OptionKind(StrEnum):
    """What one tournament setting of a rule set holds."""

    INTEGER = "integer"  # a whole number within bounds, a multiple of a step
    CHOICE = "choice"  # one of a few named values
    FLAG = "flag"  # on or off
    PLACES = "places"  # four numbers by final place, best first, or none (uma)


@dataclass(frozen=True)
class OptionField:
    """One tournament setting of a rule set, as its rules page asks for it.

    The Django layer builds the rules form from these, labelled by ``name``
    (and each choice by ``name.value``) through the scoring catalogue; the
    rule set's ``clean_options`` still has the last word on a value.
    """

    name: str
    kind: OptionKind
    minimum: int | None = None
    maximum: int | None = None
    step: int = 1
    choices: tuple[str, ...] = ()


@dataclass(frozen=True)
class TilesScore:
    """What a rule set's tile calculator makes of a hand's tiles.

    ``result`` holds the hand-result fields the tiles decide (MCR: the fan
    total without flowers), which replace what the referee typed;
    ``confirms`` the fields the referee enters apart from the tiles (MCR: the
    flowers), which must agree with them when given; ``self_drawn`` is checked
    against the result's kind; ``breakdown`` is the JSON-ready list stored
    with the hand (MCR: its fans).
    """

    result: Mapping[str, int]
    confirms: Mapping[str, int]
    self_drawn: bool
    breakdown: tuple[Mapping[str, object], ...]


@dataclass(frozen=True)
class SessionOutcome:
    """Final ranks (1 = best, shared on ties) and table points of seats 0..3."""

    ranks: tuple[int, ...]
    table_points: tuple[Fraction, ...]
    settled: tuple[int, ...] = (0, 0, 0, 0)
    """Points the end of the session moves beyond the hands' payments, added
    to each seat's hand points (riichi's sticks left on the table, which go
    to the top player under one setting)."""


def is_blank(value: object) -> bool:
    """True for a missing value: ``None`` or an empty/blank string (HTML forms)."""
    return value is None or (isinstance(value, str) and not value.strip())


def as_int(value: object, field: str) -> int:
    """``value`` as an int, or ``EngineError("not_an_integer", field)``.

    Accepts ints and decimal strings such as ``"12"`` or ``" -3 "`` (form
    input); refuses booleans, floats (even ``12.0``) and everything else, so
    that a stray ``True`` never counts as one point.
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        text = value.strip()
        digits = text[1:] if text[:1] in "+-" else text
        if digits.isascii() and digits.isdigit():
            return int(text)
    raise EngineError("not_an_integer", field=field, value=str(value))


def option_in_range(number: int, option: str, low: int, high: int) -> int:
    """``number`` if ``low <= number <= high``, else the setting's
    ``option_out_of_range`` (the same error for every rule set)."""
    if not low <= number <= high:
        raise EngineError(
            "option_out_of_range",
            field=option,
            option=option,
            value=number,
            minimum=low,
            maximum=high,
        )
    return number


def optional_int(data: Mapping[str, object], field: str) -> int | None:
    """``data[field]`` as an int, or ``None`` when it is absent or blank."""
    value = data.get(field)
    return None if is_blank(value) else as_int(value, field)
