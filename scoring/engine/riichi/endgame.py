"""End-of-game scores (riichi.md, "End of game: the score of each player").

1. Round each player's points to thousands: the thousands below, plus one
   when the hundreds are 600 or more (24,600 -> 25; 24,500 -> 24). For
   negative points the same rule holds on the number line: -2,300 is
   -3,000 + 700, so it rounds to -2; -2,600 rounds to -3.
2. Subtract the return line (in thousands).
3. The player holding the most points takes minus the sum of the three
   others, so the table sums to zero. That figure includes the oka (the
   difference between return line and starting points, four times) and any
   riichi sticks left on the table or lost.
4. Add the uma by place.

Ties on points are broken by seat order (seat 0 first): the seats are
numbered in the order of the first hand's winds.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import reduce

from scoring.engine.errors import EngineError
from scoring.engine.riichi.deal import sticks_after
from scoring.engine.riichi.options import RiichiOptions
from scoring.engine.riichi.payments import DEPOSIT
from scoring.engine.riichi.results import CHOMBO, RiichiResult
from scoring.engine.types import SEATS, SessionOutcome


def rounded_thousands(points: int) -> int:
    """``points`` in thousands, 600 and more rounding up (see above)."""
    return (points + 400) // 1000


def places(points: Sequence[int]) -> tuple[int, ...]:
    """Seats from first to fourth place: most points first, then seat order."""
    return tuple(sorted(range(SEATS), key=lambda seat: (-points[seat], seat)))


def end_scores(
    points: Sequence[int],
    *,
    return_points: int,
    uma: Sequence[int] | None,
    deductions: Sequence[int] = (0, 0, 0, 0),
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Ranks (1..4, never shared) and final scores of seats 0..3.

    ``points`` are the points held at the end; ``return_points`` a multiple
    of 1,000. ``deductions`` are points taken from a seat after the table is
    settled (a chombo or dobon penalty under EMA-style rules, positive
    figures, multiples of 1,000): they change neither the places nor the
    others' scores. Without uma or deductions the scores sum to zero.
    """
    if len(points) != SEATS:
        raise EngineError("invalid_value", field="points", value=str(points))
    if return_points % 1000:
        raise EngineError(
            "option_not_multiple",
            field="return",
            option="return",
            value=return_points,
            step=1000,
        )
    order = places(points)
    line = return_points // 1000
    scores = [rounded_thousands(p) - line for p in points]
    top = order[0]
    scores[top] = -sum(scores[seat] for seat in order[1:])
    if uma is not None:
        for place, seat in enumerate(order):
            scores[seat] += uma[place]
    ranks = [0] * SEATS
    for place, seat in enumerate(order):
        ranks[seat] = place + 1
        scores[seat] -= deductions[seat] // 1000
    return tuple(ranks), tuple(scores)


def settle_session(
    results: Sequence[RiichiResult],
    hand_deltas: Sequence[Sequence[int]],
    scores: tuple[int, int, int, int],
    options: RiichiOptions,
    penalties: Sequence[tuple[str, Sequence[int]]] = (),
) -> SessionOutcome:
    """``session_result`` with a chombo by deduction taken off the
    offender's final score only, after the table is settled (the EMA rule):
    it changes neither the places nor the other players' scores.

    ``results`` and ``hand_deltas`` are the session's hands in order;
    ``scores`` the seats' summed deltas, penalties included; ``penalties``
    each penalty's kind and deltas: a ``"chombo"`` penalty (the EMA fixed
    deduction entered as a penalty) is such a deduction too, whatever the
    ``chombo`` setting says of chombo hands.
    """
    taken = [0] * SEATS
    if options.chombo == "deduction":
        for result, deltas in zip(results, hand_deltas, strict=True):
            if result.kind == CHOMBO:
                for seat in range(SEATS):
                    taken[seat] -= deltas[seat]
    for kind, deltas in penalties:
        if kind == CHOMBO:
            for seat in range(SEATS):
                taken[seat] -= deltas[seat]
    played = [score + deduction for score, deduction in zip(scores, taken, strict=True)]
    return _outcome(played, taken, options, leftover_sticks(results))


def leftover_sticks(results: Sequence[RiichiResult]) -> int:
    """The riichi sticks still on the table after ``results`` (the first
    hand starts with none)."""
    return reduce(sticks_after, results, 0)


def session_result(
    scores: tuple[int, int, int, int], options: RiichiOptions
) -> SessionOutcome:
    """Ranks and final scores from the seats' summed deltas.

    Points = starting points + deltas. Sticks left on the table change no
    final score: the top player's score is minus the others' whatever
    becomes of them (``leftover_deposits`` changes the points the top player
    ends with, which ``settle_session`` gives from the hands). With dobon,
    a seat that ended below zero loses ``dobon_points`` after the table is
    settled. A chombo by deduction is already in ``scores`` (the contract
    passes one sum), so there the top figure absorbs it: ``end_scores`` with
    ``deductions`` is exact.
    """
    return _outcome(scores, [0] * SEATS, options)


def _outcome(
    scores: Sequence[int],
    taken: Sequence[int],
    options: RiichiOptions,
    sticks: int = 0,
) -> SessionOutcome:
    """Places and final scores from the seats' summed deltas, ``taken`` off
    each seat's final score after the table is settled (a chombo by
    deduction), and dobon's penalty off a seat that ended below zero.

    ``sticks`` left on the table go to the first place when the
    ``leftover_deposits`` setting says so (``settled``): that changes the
    points the top player ends with, not the final scores, since the top
    player's score is minus the others'.
    """
    points = [options.start_points + score for score in scores]
    settled = [0] * SEATS
    if options.leftover_deposits == "top":
        settled[places(points)[0]] = DEPOSIT * sticks
    deductions = [
        deduction + (options.dobon_points if options.dobon and p < 0 else 0)
        for deduction, p in zip(taken, points, strict=True)
    ]
    ranks, finals = end_scores(
        points,
        return_points=options.return_points,
        uma=options.uma,
        deductions=deductions,
    )
    return SessionOutcome(
        ranks=ranks,
        table_points=tuple(Fraction(final) for final in finals),
        settled=tuple(settled),
    )


def final_points(
    scores: tuple[int, int, int, int], options: RiichiOptions
) -> tuple[int, ...]:
    """The points each seat shows at the end, leftover sticks settled.

    With ``leftover_deposits == "top"`` the sticks still on the table (the
    deltas' shortfall from zero, in whole sticks) go to the first place.
    """
    points = [options.start_points + score for score in scores]
    if options.leftover_deposits == "top":
        sticks = max(0, -sum(scores)) // 1000 * 1000
        points[places(points)[0]] += sticks
    return tuple(points)
