"""Scoring one table's session from its recorded hands and penalties.

The Django side loads a session's confirmed hands (each with the deal it was
played under, possibly corrected by a referee) and its penalties, and calls
``score_session``. Nothing here depends on a particular rule set: the rule set
prices each hand and each penalty and turns the final scores into ranks and
table points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from scoring.engine.errors import EngineError
from scoring.engine.types import SEATS, DealState, Deltas, HandResultLike

if TYPE_CHECKING:
    from scoring.engine.rulesets import AnyRuleSet


@dataclass(frozen=True)
class HandEntry:
    """A recorded hand: its result and the deal it was played under."""

    result: HandResultLike
    deal: DealState


@dataclass(frozen=True)
class PenaltyEntry:
    """A penalty given to seat ``offender``; ``points`` when the kind needs it."""

    kind: str
    offender: int
    points: int | None = None


@dataclass(frozen=True)
class SeatScore:
    """One seat's session: hand points + penalty points = score."""

    hand_points: int
    penalty_points: int
    score: int
    rank: int
    table_points: Fraction


@dataclass(frozen=True)
class SessionScore:
    """Seats 0..3 with the per-hand and per-penalty deltas that built them."""

    seats: tuple[SeatScore, ...]
    hand_deltas: tuple[Deltas, ...]
    penalty_deltas: tuple[Deltas, ...] = ()


def _add(totals: list[int], deltas: Deltas) -> None:
    for seat, delta in enumerate(deltas):
        totals[seat] += delta


def score_session(
    ruleset: AnyRuleSet,
    options: Any,
    hands: Sequence[HandEntry],
    penalties: Sequence[PenaltyEntry],
) -> SessionScore:
    """Score a session, whether finished or in progress.

    Hands are priced in the order given; penalties are summed separately so
    the score sheet can show them in their own column. Ranks and table points
    are those the session would earn if it ended now.
    """
    hand_deltas = tuple(
        ruleset.hand_payments(entry.result, entry.deal, options) for entry in hands
    )
    penalty_deltas = tuple(
        ruleset.penalty_deltas(entry.kind, entry.offender, entry.points, options)
        for entry in penalties
    )
    hand_points = [0] * SEATS
    penalty_points = [0] * SEATS
    for deltas in hand_deltas:
        _add(hand_points, deltas)
    for deltas in penalty_deltas:
        _add(penalty_points, deltas)
    scores = (
        hand_points[0] + penalty_points[0],
        hand_points[1] + penalty_points[1],
        hand_points[2] + penalty_points[2],
        hand_points[3] + penalty_points[3],
    )
    # ``settle_session`` gets the hands and each penalty's kind and deltas
    # (riichi: a chombo deducted from the final score only); by default it
    # is ``session_result`` of the summed scores.
    penalty_kinds = tuple(entry.kind for entry in penalties)
    outcome = ruleset.settle_session(
        [entry.result for entry in hands],
        hand_deltas,
        scores,
        options,
        penalties=tuple(zip(penalty_kinds, penalty_deltas, strict=True)),
    )
    seats = tuple(
        SeatScore(
            hand_points=hand_points[seat] + outcome.settled[seat],
            penalty_points=penalty_points[seat],
            score=scores[seat] + outcome.settled[seat],
            rank=outcome.ranks[seat],
            table_points=outcome.table_points[seat],
        )
        for seat in range(SEATS)
    )
    return SessionScore(
        seats=seats, hand_deltas=hand_deltas, penalty_deltas=penalty_deltas
    )


def deals_for(
    ruleset: AnyRuleSet, options: Any, results: Sequence[HandResultLike]
) -> list[DealState]:
    """The default deal of each hand, in order.

    ``deals_for(r, o, results)[i]`` is the deal hand ``i + 1`` is played
    under, so the list is as long as ``results``; pass the results recorded so
    far plus nothing else. The deal of the next hand to play is
    ``ruleset.next_deal(deals[-1], results[-1], options)`` (or
    ``first_deal`` when no hand was played).
    """
    if not results:
        return []
    deals = [ruleset.first_deal(options)]
    for result in results[:-1]:
        deals.append(ruleset.next_deal(deals[-1], result, options))
    return deals


def competition_ranks(scores: Sequence[int | Fraction]) -> tuple[int, ...]:
    """Rank 1 for the highest score; equal scores share the better rank.

    ``(10, 10, 5, 0)`` gives ``(1, 1, 3, 4)``.
    """
    return tuple(1 + sum(other > score for other in scores) for score in scores)


def share_place_points(
    scores: Sequence[int], place_points: Sequence[int]
) -> tuple[tuple[int, ...], tuple[Fraction, ...]]:
    """Ranks and points by place, tied seats sharing the places they occupy.

    ``place_points[k]`` is worth the (k+1)-th place. Seats tied on a score
    that occupy places p..p+n-1 each get the mean of those places' points, so
    the total handed out never changes: two tied for 3rd with 4/2/1/0 get
    (1 + 0)/2 each.
    """
    if len(place_points) != len(scores):
        raise EngineError(
            "wrong_place_count", places=len(place_points), seats=len(scores)
        )
    ranks = competition_ranks(scores)
    points = []
    for seat, rank in enumerate(ranks):
        tied = sum(other == scores[seat] for other in scores)
        share = place_points[rank - 1 : rank - 1 + tied]
        points.append(Fraction(sum(share), tied))
    return ranks, tuple(points)
