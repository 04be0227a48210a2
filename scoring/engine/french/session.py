"""Penalties and session results of the rule sets where every hand scores.

Shared by the French classic rule sets and the encyclopaedia scoring: a
session ranks by total score, and table points are a tournament choice
(4/2/1/0 by rank, tied seats sharing, or none at all).
"""

from __future__ import annotations

from fractions import Fraction

from scoring.engine.errors import EngineError
from scoring.engine.session import competition_ranks, share_place_points
from scoring.engine.types import SEATS, Deltas, SessionOutcome

TABLE_POINTS = (4, 2, 1, 0)
REFEREE = "referee"
PENALTY_KINDS = (REFEREE,)


def penalty_deltas(kind: str, offender: int, points: int | None) -> Deltas:
    """``"referee"``: the offender loses ``points`` (required, positive).

    Nobody receives them: the rule documents name no penalty, so the
    referee decides the amount.
    """
    if kind not in PENALTY_KINDS:
        raise EngineError("unknown_penalty", field="kind", kind=kind)
    if not 0 <= offender < SEATS:
        raise EngineError("offender_out_of_range", field="offender", seat=offender)
    if points is None:
        raise EngineError("penalty_points_required", field="points", kind=kind)
    if points <= 0:
        raise EngineError("penalty_not_positive", field="points", points=points)
    values = [0] * SEATS
    values[offender] = -points
    return (values[0], values[1], values[2], values[3])


def session_result(
    scores: tuple[int, int, int, int], *, table_points: bool
) -> SessionOutcome:
    """Ranks by score; 4/2/1/0 shared on ties, or zero table points."""
    if table_points:
        ranks, points = share_place_points(scores, TABLE_POINTS)
        return SessionOutcome(ranks=ranks, table_points=points)
    ranks = competition_ranks(scores)
    return SessionOutcome(ranks=ranks, table_points=(Fraction(0),) * SEATS)
