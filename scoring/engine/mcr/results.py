"""Reading and checking an MCR hand result as a referee enters it.

Input is a mapping such as ``{"kind": "discard", "winner": 2, "discarder": 0,
"fan_total": 12, "flowers": 1}``. Seats are 0..3. Missing or blank values
count as absent; integers may come as ints or decimal strings (form input).

MAX_FAN_TOTAL: the best hand found under the readings of mcr.md section 6
scores 324 points without flowers: four concealed kongs (three dragons and
the prevalent wind, which is also the player's seat wind) and a pair of
another wind, self-drawn on the replacement tile for the fourth kong, which
is the last tile of the wall. Big Three Dragons 88 + Four Kongs 88 + Four
Concealed Pungs 64 (reading 6.5) + All Honors 64 + Prevalent Wind 2 + Seat
Wind 2 + Last Tile Draw 8 + Out With Replacement Tile 8 (reading 6.7) = 324;
Last Tile cannot be added, because a four-kong hand always waits on its pair
and the player's own copy of the pair tile is not visible to the table. Big
Four Winds instead of the dragons gives 320. The fan calculator
(``mcr.fans``) agrees on both. The bound is 332, a little above, so that a
hand nobody has thought of, or a reading that keeps one more small fan, is
not refused; anything higher is a typing mistake.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine.errors import EngineError
from scoring.engine.mcr.options import McrOptions
from scoring.engine.types import (
    SEATS,
    FieldKind,
    HandResult,
    ResultField,
    ResultForm,
    ResultKind,
    is_blank,
    optional_int,
)

MAX_FAN_TOTAL = 332
MAX_FLOWERS = 8
FIELDS = frozenset({"kind", "winner", "discarder", "fan_total", "flowers"})


def parse_result(data: Mapping[str, object], options: McrOptions) -> HandResult:
    """A checked ``HandResult`` from raw input, or an ``EngineError``."""
    for key in data:
        if key not in FIELDS:
            raise EngineError("unknown_field", field=str(key), name=str(key))
    raw_kind = data.get("kind")
    if is_blank(raw_kind):
        raise EngineError("kind_required", field="kind")
    if not isinstance(raw_kind, str) or raw_kind not in _KINDS:
        raise EngineError("unknown_kind", field="kind", kind=str(raw_kind))
    fan_total = optional_int(data, "fan_total")
    result = HandResult(
        kind=ResultKind(raw_kind),
        winner=optional_int(data, "winner"),
        discarder=optional_int(data, "discarder"),
        fan_total=fan_total or 0,
        flowers=optional_int(data, "flowers") or 0,
    )
    check_shape(result)
    if result.kind is not ResultKind.DRAW and fan_total is None:
        raise EngineError("fan_total_required", field="fan_total")
    _check_rules(result, options)
    return result


def result_form(options: McrOptions) -> ResultForm:
    """A win on a discard names the winner and the discarder, a self-draw the
    winner; both give the points without flowers and the flowers."""
    wins = (str(ResultKind.DISCARD), str(ResultKind.SELF_DRAW))
    return ResultForm(
        kinds=(*wins, str(ResultKind.DRAW)),
        fields=(
            ResultField("winner", FieldKind.SEAT, wins),
            ResultField("discarder", FieldKind.SEAT, (str(ResultKind.DISCARD),)),
            ResultField(
                "fan_total",
                FieldKind.INTEGER,
                wins,
                minimum=0,
                maximum=MAX_FAN_TOTAL,
            ),
            ResultField(
                "flowers",
                FieldKind.INTEGER,
                wins,
                minimum=0,
                maximum=MAX_FLOWERS,
                default=0,
            ),
        ),
    )


_KINDS = frozenset(str(kind) for kind in ResultKind)


def check_shape(result: HandResult) -> None:
    """Seats consistent with the kind of result (no scoring rule involved)."""
    if result.kind is ResultKind.DRAW:
        _check_draw(result)
        return
    if result.winner is None:
        raise EngineError("winner_required", field="winner")
    if not 0 <= result.winner < SEATS:
        raise EngineError("winner_out_of_range", field="winner", seat=result.winner)
    if result.kind is ResultKind.SELF_DRAW:
        if result.discarder is not None:
            raise EngineError(
                "discarder_not_allowed", field="discarder", kind=str(result.kind)
            )
        return
    if result.discarder is None:
        raise EngineError("discarder_required", field="discarder")
    if not 0 <= result.discarder < SEATS:
        raise EngineError(
            "discarder_out_of_range", field="discarder", seat=result.discarder
        )
    if result.discarder == result.winner:
        raise EngineError("discarder_is_winner", field="discarder", seat=result.winner)


def _check_draw(result: HandResult) -> None:
    kind = str(result.kind)
    if result.winner is not None:
        raise EngineError("winner_not_allowed", field="winner", kind=kind)
    if result.discarder is not None:
        raise EngineError("discarder_not_allowed", field="discarder", kind=kind)
    if result.fan_total:
        raise EngineError("fan_total_not_allowed", field="fan_total", kind=kind)
    if result.flowers:
        raise EngineError("flowers_not_allowed", field="flowers", kind=kind)


def check_result(result: HandResult, options: McrOptions) -> None:
    """``check_shape`` plus the scoring rules: minimum, bounds, flowers."""
    check_shape(result)
    _check_rules(result, options)


def _check_rules(result: HandResult, options: McrOptions) -> None:
    if result.kind is ResultKind.DRAW:
        return
    if result.fan_total > MAX_FAN_TOTAL:
        raise EngineError(
            "fan_total_too_high",
            field="fan_total",
            points=result.fan_total,
            maximum=MAX_FAN_TOTAL,
        )
    if result.fan_total < options.minimum_points:
        raise EngineError(
            "below_minimum",
            field="fan_total",
            points=result.fan_total,
            minimum=options.minimum_points,
        )
    if not 0 <= result.flowers <= MAX_FLOWERS:
        raise EngineError(
            "flowers_out_of_range",
            field="flowers",
            flowers=result.flowers,
            maximum=MAX_FLOWERS,
        )
