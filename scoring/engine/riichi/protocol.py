"""The line protocol of ``python -m scoring.engine.riichi`` (issue 12, item 3).

``{"kind": "hand", "count": "full"|"short", "han": h, "fu": f or null,
"yakuman": k, "dealer": seat, "winner": seat, "discarder": seat or null,
"honba": n, "deposits": n}`` answers ``{"deltas": [d0, d1, d2, d3]}``: the
hand's price, honba (300 on a ron, 100 a payer on a tsumo) and the
``deposits`` riichi sticks on the table, which go to the winner (so the
deltas sum to 1,000 x deposits). An optional ``options`` object carries other
settings (``limits``, ``kazoe``, ``multiple_yakuman``).

``{"kind": "end", "points": [p0, p1, p2, p3], "start": 25000, "return":
30000, "uma": [u1, u2, u3, u4] or null}`` answers ``{"scores": [...]}``
(endgame.py); an optional ``deductions`` list takes points from seats after
the table is settled. The points are not checked against ``start`` (sticks
lost on the table and penalties change their sum); ``start`` must not be
above ``return``.

``{"kind": "tiles", "hand": {...}, "options": {...}}`` answers the tile
calculator's answer (``tiles.answer``) for a hand of hand-format.md.

Every key listed above is required (``null`` only where shown; ``han`` may
be null for a yakuman) and numbers are JSON integers: a key left out, a
string, a boolean or a float answers an error naming the key. A bad line
answers ``{"error": "field: what is wrong"}``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from scoring.engine import lines
from scoring.engine.errors import EngineError
from scoring.engine.riichi import tiles
from scoring.engine.riichi.endgame import end_scores
from scoring.engine.riichi.options import (
    COUNTS,
    RiichiOptions,
    bounded,
    clean_options,
    clean_uma,
)
from scoring.engine.riichi.payments import DEPOSIT, win_deltas
from scoring.engine.riichi.results import Win, seat
from scoring.engine.riichi.value import HandValue, check_value
from scoring.engine.types import SEATS, as_int, is_blank, optional_int

HAND_FIELDS = frozenset(
    {"kind", "count", "han", "fu", "yakuman", "dealer", "winner", "discarder"}
    | {"honba", "deposits", "options"}
)
TILES_FIELDS = frozenset({"kind", "hand", "options"})
END_FIELDS = frozenset({"kind", "points", "start", "return", "uma", "deductions"})
# The keys item 3 lists: each is given (a forgotten ``discarder`` must not
# read as a tsumo, nor a forgotten ``honba`` as 0); ``null`` says "none"
# only where the protocol allows it (``han`` then needs a yakuman).
HAND_KEYS: tuple[str, ...] = ("count", "han", "fu", "yakuman", "dealer")
HAND_KEYS += ("winner", "discarder", "honba", "deposits")
END_KEYS = ("points", "start", "return", "uma")
NULLABLE = frozenset({"han", "fu", "discarder", "uma"})
# Keys (and list keys, item by item) that hold JSON integers: unlike a web
# form's text, a line's "3" or 3.0 is the wrong type.
NUMBER_KEYS = frozenset(HAND_KEYS[1:]) | {"start", "return"}
NUMBER_LISTS = frozenset({"points", "uma", "deductions"})
MAX_COUNTER = 100
MAX_POINTS = 10_000_000


def answer(data: Mapping[str, object]) -> dict[str, object]:
    """The answer to one request; raises ``EngineError`` for a bad one."""
    kind = data.get("kind")
    if kind == "hand":
        return {"deltas": list(hand_deltas(data))}
    if kind == "end":
        return {"scores": list(end_answer(data))}
    if kind == "tiles":
        _check_fields(data, TILES_FIELDS)
        hand = data.get("hand")
        if not isinstance(hand, Mapping):
            raise EngineError("not_an_object", field="hand")
        return tiles.answer(hand, _hand_options(data))
    if is_blank(kind):
        raise EngineError("kind_required", field="kind")
    raise EngineError("unknown_kind", field="kind", kind=str(kind))


def _check_fields(data: Mapping[str, object], allowed: frozenset[str]) -> None:
    for key in data:
        if key not in allowed:
            raise EngineError("unknown_field", field=str(key), name=str(key))


def _check_keys(data: Mapping[str, object], keys: tuple[str, ...]) -> None:
    """Every key of ``keys`` given, and numbers as JSON integers."""
    lines.require(data, keys)
    for key, value in data.items():
        if value is None and key in keys and key not in NULLABLE | {"count"}:
            raise EngineError("not_an_integer", field=key, value="null")
        if key in NUMBER_KEYS and value is not None:
            _json_int(value, key)
        if key in NUMBER_LISTS and isinstance(value, list):
            for n, item in enumerate(value):
                _json_int(item, key if key == "uma" else f"{key}[{n}]")


def _json_int(value: object, field: str) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise EngineError("not_an_integer", field=field, value=json.dumps(value))


def _counter(data: Mapping[str, object], field: str) -> int:
    return bounded(optional_int(data, field) or 0, field, (0, MAX_COUNTER))


def _hand_options(data: Mapping[str, object]) -> RiichiOptions:
    raw = data.get("options") or {}
    if not isinstance(raw, Mapping):
        raise EngineError("not_an_object", field="options")
    # A hand request gives its count (null is not a count); a tiles
    # request may leave it to the options.
    if data.get("kind") == "hand" or not is_blank(data.get("count")):
        count = data.get("count")
        if not isinstance(count, str) or count not in COUNTS:
            raise EngineError(
                "invalid_choice",
                field="count",
                option="count",
                value=json.dumps(count),
                choices=", ".join(COUNTS),
            )
        raw = {**raw, "count": count}
    return clean_options(raw)


def hand_deltas(data: Mapping[str, object]) -> tuple[int, ...]:
    """Deltas of seats 0..3 for a ``hand`` request."""
    _check_fields(data, HAND_FIELDS)
    _check_keys(data, HAND_KEYS)
    options = _hand_options(data)
    for field in ("dealer", "winner"):
        if is_blank(data.get(field)):
            raise EngineError("missing_field", field=field)
    dealer = seat(data["dealer"], "dealer")
    winner = seat(data["winner"], "winner")
    raw_discarder = data.get("discarder")
    discarder = None if is_blank(raw_discarder) else seat(raw_discarder, "discarder")
    if discarder == winner:
        raise EngineError("discarder_is_winner", field="discarder", seat=winner)
    yakuman = optional_int(data, "yakuman") or 0
    han = optional_int(data, "han")
    if han is None and not yakuman:
        raise EngineError("han_required", field="han")
    value = HandValue(han=han or 0, fu=optional_int(data, "fu"), yakuman=yakuman)
    check_value(value, options, self_draw=discarder is None)
    return win_deltas(
        (Win(winner, value),),
        discarder=discarder,
        dealer=dealer,
        honba=_counter(data, "honba"),
        pot=DEPOSIT * _counter(data, "deposits"),
        options=options,
    )


def _four(data: Mapping[str, object], field: str) -> list[int]:
    raw = data.get(field)
    if not isinstance(raw, list | tuple) or len(raw) != SEATS:
        raise EngineError("invalid_value", field=field, value=str(raw))
    limits = (-MAX_POINTS, MAX_POINTS)
    return [
        bounded(as_int(item, f"{field}[{n}]"), f"{field}[{n}]", limits)
        for n, item in enumerate(raw)
    ]


_SETTING_FIELDS = {"start_points": "start", "return_points": "return"}


def end_answer(data: Mapping[str, object]) -> tuple[int, ...]:
    """Final scores of seats 0..3 for an ``end`` request."""
    _check_fields(data, END_FIELDS)
    _check_keys(data, END_KEYS)
    points = _four(data, "points")
    settings: dict[str, object] = {"uma": None}
    for name, field in _SETTING_FIELDS.items():
        if not is_blank(data.get(field)):
            settings[name] = data[field]
    try:
        options = clean_options(settings)
    except EngineError as error:
        error.field = _SETTING_FIELDS.get(str(error.field), error.field)
        raise
    uma = clean_uma(data.get("uma"))
    deductions = _four(data, "deductions") if "deductions" in data else [0] * SEATS
    if any(d < 0 or d % 1000 for d in deductions):
        raise EngineError("invalid_value", field="deductions", value=str(deductions))
    _, scores = end_scores(
        points,
        return_points=options.return_points,
        uma=uma,
        deductions=deductions,
    )
    return scores
