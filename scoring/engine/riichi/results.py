"""A riichi hand result as the referee enters it, read and checked.

Input is a mapping. A win by one player may be written flat::

    {"kind": "discard", "winner": 2, "discarder": 0, "han": 3, "fu": 40,
     "riichi": [2]}

and several winners on one discard as a list::

    {"kind": "discard", "discarder": 0, "riichi": [],
     "winners": [{"seat": 1, "han": 2, "fu": 30}, {"seat": 3, "yakuman": 1}]}

Kinds: ``discard`` (ron), ``self_draw`` (tsumo), ``draw`` (exhaustive, with
``tenpai``: the seats that were ready), ``abortive_draw`` (optional
``reason``), ``chombo`` (``offender``). ``riichi`` lists the seats that
declared riichi in this hand (each puts 1,000 on the table). Seats are 0..3.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from scoring.engine.errors import EngineError
from scoring.engine.riichi.options import RiichiOptions
from scoring.engine.riichi.value import (
    MAX_FU,
    MAX_HAN,
    MAX_YAKUMAN,
    MIN_FU,
    HandValue,
    check_value,
)
from scoring.engine.types import (
    SEATS,
    FieldKind,
    ResultField,
    ResultForm,
    as_int,
    is_blank,
    optional_int,
)

DISCARD = "discard"
SELF_DRAW = "self_draw"
DRAW = "draw"
ABORTIVE_DRAW = "abortive_draw"
CHOMBO = "chombo"
KINDS = (DISCARD, SELF_DRAW, DRAW, ABORTIVE_DRAW, CHOMBO)
ABORTIVE_REASONS = (
    "four_winds",
    "four_riichi",
    "four_kans",
    "nine_terminals",
    "triple_ron",
)
_FLAT = ("winner", "han", "fu", "yakuman")
# More winners on one discard, flat (the tablet's form): ``winner_2``,
# ``han_2``... for the second in turn from the discarder, ``_3`` the third.
MORE_WINNERS = ("_2", "_3")
_MORE = tuple(key + suffix for suffix in MORE_WINNERS for key in _FLAT)
FIELDS = frozenset(
    {"kind", "winner", "han", "fu", "yakuman", "winners", "discarder"}
    | {"riichi", "tenpai", "offender", "reason"}
    | set(_MORE)
)
# The codes every rule set uses for a field its kind of result cannot have.
# The inputs of a win, refused (``winner_not_allowed``) on a hand nobody won.
_WIN_INPUTS = frozenset(("winner", "winners", "han", "fu", "yakuman", *_MORE))
_WIN_FIELDS = frozenset({"seat", "han", "fu", "yakuman"})


@dataclass(frozen=True)
class Win:
    """One winner of a hand and the value of their hand."""

    seat: int
    value: HandValue


@dataclass(frozen=True)
class RiichiResult:
    """The result of one riichi hand; build it with ``parse_result``.

    ``wins`` are in turn order from the discarder (the first is the one a
    head bump keeps and the one who takes honba and deposits); a self-draw
    has exactly one. ``riichi`` and ``tenpai`` are sorted seats.
    """

    kind: str
    wins: tuple[Win, ...] = ()
    discarder: int | None = None
    riichi: tuple[int, ...] = ()
    tenpai: tuple[int, ...] = ()
    offender: int | None = None
    reason: str | None = None

    @property
    def winner(self) -> int | None:
        """The first winner (see ``wins``), ``None`` without a win."""
        return self.wins[0].seat if self.wins else None

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(win.seat for win in self.wins)

    def to_dict(self) -> dict[str, object]:
        """A JSON-ready form that ``parse_result`` accepts back."""
        data: dict[str, object] = {"kind": self.kind, "riichi": list(self.riichi)}
        # Flat, as the tablet's form enters it: the first winner's inputs,
        # then ``winner_2``... for the others in turn from the discarder.
        for suffix, win in zip(("", *MORE_WINNERS), self.wins, strict=False):
            data["winner" + suffix] = win.seat
            data["han" + suffix] = win.value.han
            data["fu" + suffix] = win.value.fu
            data["yakuman" + suffix] = win.value.yakuman
        if self.discarder is not None:
            data["discarder"] = self.discarder
        if self.kind == DRAW:
            data["tenpai"] = list(self.tenpai)
        if self.offender is not None:
            data["offender"] = self.offender
        if self.reason is not None:
            data["reason"] = self.reason
        return data


def seat(value: object, field: str) -> int:
    """``value`` as a seat 0..3, or an ``EngineError`` naming ``field``."""
    number = as_int(value, field)
    if not 0 <= number < SEATS:
        raise EngineError("seat_out_of_range", field=field, seat=number)
    return number


def _seats(data: Mapping[str, object], field: str) -> tuple[int, ...]:
    raw = data.get(field)
    if is_blank(raw):
        return ()
    if not isinstance(raw, list | tuple):
        raise EngineError("invalid_value", field=field, value=str(raw))
    seats = [seat(item, field) for item in raw]
    if len(set(seats)) != len(seats):
        raise EngineError("invalid_value", field=field, value=str(seats))
    return tuple(sorted(seats))


def _value(data: Mapping[str, object], prefix: str = "") -> HandValue:
    yakuman = optional_int(data, "yakuman") or 0
    han = optional_int(data, "han")
    if han is None and not yakuman:
        raise EngineError("han_required", field=prefix + "han")
    return HandValue(han=han or 0, fu=optional_int(data, "fu"), yakuman=yakuman)


def _absent(data: Mapping[str, object], key: str) -> bool:
    """Nothing given for ``key`` (a yakuman count of 0 is nothing either)."""
    value = data.get(key)
    return is_blank(value) or value == [] or (key == "yakuman" and value == 0)


def _flat_wins(data: Mapping[str, object]) -> list[tuple[int, HandValue]]:
    """The winners of the flat form: ``winner``, ``han``... then the same
    with ``_2`` and ``_3`` when given."""
    if is_blank(data.get("winner")):
        raise EngineError("winner_required", field="winner")
    wins = [(seat(data["winner"], "winner"), _value(data))]
    for suffix in MORE_WINNERS:
        inputs = {key: data.get(key + suffix) for key in _FLAT}
        if all(_absent(inputs, key) for key in _FLAT):
            continue
        try:
            if is_blank(inputs["winner"]):
                raise EngineError("winner_required", field="winner")
            wins.append((seat(inputs["winner"], "winner"), _value(inputs)))
        except EngineError as error:
            error.field = f"{error.field}{suffix}"
            raise
    return wins


def _raw_wins(data: Mapping[str, object]) -> list[tuple[int, HandValue]]:
    raw = data.get("winners")
    if is_blank(raw):
        return _flat_wins(data)
    if any(not _absent(data, key) for key in (*_FLAT, *_MORE)):
        raise EngineError("invalid_value", field="winners", value="winner and winners")
    if not isinstance(raw, list | tuple) or not raw:
        raise EngineError("invalid_value", field="winners", value=str(raw))
    wins = []
    for number, item in enumerate(raw):
        prefix = f"winners[{number}]."
        if not isinstance(item, Mapping):
            raise EngineError("not_an_object", field=prefix[:-1])
        for key in item:
            if key not in _WIN_FIELDS:
                raise EngineError(
                    "unknown_field", field=prefix + str(key), name=str(key)
                )
        wins.append((seat(item.get("seat"), prefix + "seat"), _value(item, prefix)))
    return wins


def _checked_wins(
    data: Mapping[str, object], kind: str, discarder: int | None, options: RiichiOptions
) -> tuple[Win, ...]:
    raw = _raw_wins(data)
    seats = [s for s, _ in raw]
    if len(set(seats)) != len(seats):
        raise EngineError("invalid_value", field="winners", value=str(seats))
    for number, (_, value) in enumerate(raw):
        try:
            check_value(value, options, self_draw=kind == SELF_DRAW)
        except EngineError as error:
            if "winners" in data:
                error.field = f"winners[{number}].{error.field}"
            elif number:
                error.field = f"{error.field}{MORE_WINNERS[number - 1]}"
            raise
    if kind == SELF_DRAW:
        if len(raw) != 1:
            raise EngineError("invalid_value", field="winners", value=str(seats))
        return (Win(raw[0][0], raw[0][1]),)
    assert discarder is not None
    if discarder in seats:
        raise EngineError("discarder_is_winner", field="discarder", seat=discarder)
    # Turn order from the discarder: the next seat first.
    raw.sort(key=lambda pair: (pair[0] - discarder) % SEATS)
    if options.multiple_ron == "head_bump":
        raw = raw[:1]
    elif len(raw) == 3 and options.multiple_ron == "double":
        raise EngineError("triple_ron", field="winners")
    return tuple(Win(s, value) for s, value in raw)


def result_form(options: RiichiOptions) -> ResultForm:
    """The inputs of one hand at a tablet: a single winner's han, fu or
    yakuman (several winners on one discard go through ``winners``, not this
    flat form), who declared riichi, who was tenpai at a draw, who committed
    a chombo."""
    wins = (DISCARD, SELF_DRAW)
    # A second winner's inputs, a third's only where triple ron counts; a
    # head bump keeps one winner.
    more: tuple[str, ...] = {"triple": MORE_WINNERS, "double": MORE_WINNERS[:1]}.get(
        options.multiple_ron, ()
    )
    others = tuple(
        field
        for suffix in more
        for field in (
            ResultField("winner" + suffix, FieldKind.SEAT, (DISCARD,)),
            ResultField(
                "han" + suffix,
                FieldKind.INTEGER,
                (DISCARD,),
                minimum=1,
                maximum=MAX_HAN,
            ),
            ResultField("fu" + suffix, FieldKind.INTEGER, (DISCARD,), MIN_FU, MAX_FU),
            ResultField(
                "yakuman" + suffix, FieldKind.INTEGER, (DISCARD,), 0, MAX_YAKUMAN
            ),
        )
    )
    return ResultForm(
        kinds=KINDS,
        fields=(
            ResultField("winner", FieldKind.SEAT, wins),
            ResultField("discarder", FieldKind.SEAT, (DISCARD,)),
            ResultField("han", FieldKind.INTEGER, wins, minimum=1, maximum=MAX_HAN),
            ResultField("fu", FieldKind.INTEGER, wins, minimum=MIN_FU, maximum=MAX_FU),
            ResultField(
                "yakuman", FieldKind.INTEGER, wins, minimum=0, maximum=MAX_YAKUMAN
            ),
            ResultField("riichi", FieldKind.SEATS, (*wins, DRAW, ABORTIVE_DRAW)),
            ResultField("tenpai", FieldKind.SEATS, (DRAW,)),
            ResultField("offender", FieldKind.SEAT, (CHOMBO,)),
            *others,
        ),
    )


def parse_result(data: Mapping[str, object], options: RiichiOptions) -> RiichiResult:
    """A checked ``RiichiResult`` from raw input, or an ``EngineError``."""
    for key in data:
        if key not in FIELDS:
            raise EngineError("unknown_field", field=str(key), name=str(key))
    kind = data.get("kind")
    if is_blank(kind):
        raise EngineError("kind_required", field="kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise EngineError("unknown_kind", field="kind", kind=str(kind))
    riichi = _seats(data, "riichi")
    if kind in (DISCARD, SELF_DRAW):
        return _parse_win(data, kind, riichi, options)
    _refuse(data, kind, ("winner", "winners", "han", "fu", "yakuman", "discarder"))
    _refuse(data, kind, _MORE)
    if kind == DRAW:
        _refuse(data, kind, ("offender", "reason"))
        tenpai = _seats(data, "tenpai")
        noten = sorted(set(riichi) - set(tenpai))
        if noten:
            raise EngineError("riichi_not_tenpai", field="tenpai", seat=noten[0])
        return RiichiResult(kind=kind, riichi=riichi, tenpai=tenpai)
    _refuse(data, kind, ("tenpai",))
    if kind == ABORTIVE_DRAW:
        _refuse(data, kind, ("offender",))
        return RiichiResult(kind=kind, riichi=riichi, reason=_reason(data))
    _refuse(data, kind, ("riichi", "reason"))
    if is_blank(data.get("offender")):
        raise EngineError("missing_field", field="offender")
    return RiichiResult(kind=kind, offender=seat(data["offender"], "offender"))


def _parse_win(
    data: Mapping[str, object],
    kind: str,
    riichi: tuple[int, ...],
    options: RiichiOptions,
) -> RiichiResult:
    _refuse(data, kind, ("tenpai", "offender", "reason"))
    discarder = None
    if kind == DISCARD:
        if is_blank(data.get("discarder")):
            raise EngineError("discarder_required", field="discarder")
        discarder = seat(data["discarder"], "discarder")
    else:
        _refuse(data, kind, ("discarder", *_MORE))
    wins = _checked_wins(data, kind, discarder, options)
    return RiichiResult(kind=kind, wins=wins, discarder=discarder, riichi=riichi)


def _refuse(data: Mapping[str, object], kind: str, keys: Iterable[str]) -> None:
    for key in keys:
        if not _absent(data, key):
            value = str(data[key])
            if key == "discarder":
                raise EngineError(
                    "discarder_not_allowed", field=key, kind=kind, value=value
                )
            if key in _WIN_INPUTS:
                raise EngineError(
                    "winner_not_allowed", field=key, kind=kind, value=value
                )
            raise EngineError("invalid_value", field=key, kind=kind, value=value)


def _reason(data: Mapping[str, object]) -> str | None:
    reason = data.get("reason")
    if is_blank(reason):
        return None
    if not isinstance(reason, str) or reason not in ABORTIVE_REASONS:
        raise EngineError("invalid_value", field="reason", value=str(reason))
    return reason
