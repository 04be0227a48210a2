"""MCR hand payments, penalties and table points (mcr.md sections 4, 5, 7)."""

from __future__ import annotations

from scoring.engine.errors import EngineError
from scoring.engine.mcr.options import McrOptions
from scoring.engine.mcr.results import check_shape
from scoring.engine.session import share_place_points
from scoring.engine.types import (
    NO_DELTAS,
    SEATS,
    Deltas,
    HandResult,
    ResultKind,
    SessionOutcome,
)

BASE_PAYMENT = 8
"""What every loser pays on top of the hand's value (the "8" of T + 8)."""

TABLE_POINTS = (4, 2, 1, 0)
"""Table points of the 1st to 4th place of a session."""

FALSE_HU = "false_hu"
REFEREE = "referee"
PENALTY_KINDS = (FALSE_HU, REFEREE)


def _deltas(values: list[int]) -> Deltas:
    return (values[0], values[1], values[2], values[3])


def hand_payments(result: HandResult) -> Deltas:
    """Deltas by seat; T = fan total + flowers.

    Self-draw: each of the three others pays T + 8. Discard: the discarder
    pays T + 8 and the two others 8 each. Draw: nobody pays. A 12-point
    discard win gives the winner +36, the discarder -20, the others -8.
    """
    check_shape(result)
    winner = result.winner
    if winner is None:  # a draw, once check_shape has passed
        return NO_DELTAS
    values = [0] * SEATS
    for seat in range(SEATS):
        if seat == winner:
            continue
        full = result.kind is ResultKind.SELF_DRAW or seat == result.discarder
        pays = result.total + BASE_PAYMENT if full else BASE_PAYMENT
        values[seat] -= pays
        values[winner] += pays
    return _deltas(values)


def penalty_deltas(
    kind: str, offender: int, points: int | None, options: McrOptions
) -> Deltas:
    """Deltas by seat for one penalty.

    ``"false_hu"``: the offender loses ``points`` (default: the
    ``false_hu_penalty`` setting, 30), paid in equal thirds to the three
    others. ``"referee"``: the offender loses ``points`` (required, positive)
    and nobody receives them; other EMA fouls such as counting before taking
    the winning tile (-10) are entered this way.
    """
    if kind not in PENALTY_KINDS:
        raise EngineError("unknown_penalty", field="kind", kind=kind)
    if not 0 <= offender < SEATS:
        raise EngineError("offender_out_of_range", field="offender", seat=offender)
    if points is None and kind == FALSE_HU:
        points = options.false_hu_penalty
    if points is None:
        raise EngineError("penalty_points_required", field="points", kind=kind)
    if points <= 0:
        raise EngineError("penalty_not_positive", field="points", points=points)
    values = [0] * SEATS
    values[offender] = -points
    if kind == FALSE_HU:
        if points % 3:
            raise EngineError("penalty_not_divisible", field="points", points=points)
        for seat in range(SEATS):
            if seat != offender:
                values[seat] = points // 3
    return _deltas(values)


def session_result(scores: tuple[int, int, int, int]) -> SessionOutcome:
    """4/2/1/0 table points by score; tied seats share their places' points.

    Scores 10, 10, 5, 0 give ranks 1, 1, 3, 4 and table points 3, 3, 1, 0;
    three seats tied first get 7/3 each.
    """
    ranks, points = share_place_points(scores, TABLE_POINTS)
    return SessionOutcome(ranks=ranks, table_points=points)
