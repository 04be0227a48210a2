"""The dealership through a riichi game (riichi.md, "Dealership").

Players keep their chairs for the whole game, so seats play in the order
0, 1, 2, 3 and seat ``s`` holds the wind ``s - dealer`` steps after East.
Seat 0 deals first. The dealer stays (renchan) on a dealer win and on a
draw the rules say so; otherwise the deal passes to the next seat, and the
prevalent wind moves on when it comes back to seat 0.

Counters carried in ``DealState.counters``: ``honba`` (continuation
counters), ``deposits`` (riichi sticks on the table), ``round`` (0 East,
1 South, 2 West, 3 North, 4 past North: the game is over) and
``new_round`` (1 on the first deal of a round reached by passing the deal,
where the West extension decides whether play goes on).
"""

from __future__ import annotations

from scoring.engine.errors import EngineError
from scoring.engine.riichi.options import RiichiOptions
from scoring.engine.riichi.results import ABORTIVE_DRAW, CHOMBO, DRAW, RiichiResult
from scoring.engine.types import SEATS, DealState, Wind

SOUTH_ROUND = 1
WEST_ROUND = 2
PAST_NORTH = 4


def deal_for(
    hand_number: int,
    dealer: int,
    round_index: int,
    honba: int,
    deposits: int,
    *,
    new_round: bool = False,
) -> DealState:
    """The deal with ``dealer`` holding East in round ``round_index``."""
    a, b, c, d = (Wind.at(seat - dealer) for seat in range(SEATS))
    counters = [("honba", honba), ("deposits", deposits), ("round", round_index)]
    if new_round:
        counters.append(("new_round", 1))
    return DealState(
        hand_number=hand_number,
        prevalent_wind=Wind.at(round_index),
        seat_winds=(a, b, c, d),
        counters=tuple(counters),
    )


def first_deal() -> DealState:
    """Hand 1: East round, seat 0 deals, no counters on the table."""
    return deal_for(1, 0, 0, 0, 0)


def round_of(deal: DealState) -> int:
    """The round index of ``deal`` (see the module docstring)."""
    return deal.counter("round", deal.prevalent_wind.order)


def _dealer_stays(
    deal: DealState, result: RiichiResult, options: RiichiOptions
) -> bool:
    dealer = deal.dealer
    if result.kind in (ABORTIVE_DRAW, CHOMBO):
        return True
    if result.kind != DRAW:
        return dealer in result.winners
    if options.draw_dealership == "french" and round_of(deal) > 0:
        return True
    return dealer in result.tenpai


def sticks_after(sticks: int, result: RiichiResult) -> int:
    """Riichi sticks on the table after ``result``: a win takes them all, a
    draw adds its own, a chombo changes nothing (its sticks are given back)."""
    if result.kind == CHOMBO:
        return sticks
    return 0 if result.wins else sticks + len(result.riichi)


def next_deal(
    deal: DealState, result: RiichiResult, options: RiichiOptions
) -> DealState:
    """The deal after ``deal`` ended with ``result``.

    Honba: one more after a dealer win, a draw or an abortive draw; back to
    zero after a child's win; unchanged after a chombo (the hand is replayed).
    Deposits: taken by a win, else this hand's sticks are added (a chombo's
    are given back).
    """
    honba = deal.counter("honba")
    deposits = sticks_after(deal.counter("deposits"), result)
    won = bool(result.wins)
    if result.kind != CHOMBO:
        honba = honba + 1 if _dealer_stays(deal, result, options) or not won else 0
    dealer = deal.dealer
    round_index = round_of(deal)
    moved = not _dealer_stays(deal, result, options)
    if moved:
        dealer = (dealer + 1) % SEATS
        if dealer == 0:
            round_index += 1
    return deal_for(
        deal.hand_number + 1,
        dealer,
        round_index,
        honba,
        deposits,
        new_round=moved and dealer == 0,
    )


def session_over(
    deal: DealState | None,
    options: RiichiOptions,
    *,
    hands_played: int,
    time_called: bool,
    scores: tuple[int, int, int, int] | None,
) -> bool:
    """Whether the game ends before the hand ``deal`` would start.

    ``deal`` is the deal after the last hand (``next_deal`` of it), ``None``
    before the first hand. ``scores`` are the seats' summed deltas (points
    minus the starting points); they are needed for dobon and for the West
    extension, and ``scores_required`` is raised when they are missing then.
    """
    if time_called:
        return True
    if deal is None:
        if hands_played:
            raise EngineError("missing_field", field="deal")
        return False
    round_index = round_of(deal)
    if round_index >= PAST_NORTH:
        return True
    at_boundary = round_index >= WEST_ROUND and deal.counter("new_round") == 1
    needs_scores = options.dobon or (at_boundary and options.west_extension)
    if not needs_scores:
        return at_boundary
    if scores is None:
        raise EngineError("scores_required", field="scores")
    points = [options.start_points + score for score in scores]
    if options.dobon and min(points) < 0:
        return True
    if not at_boundary:
        return False
    return not options.west_extension or max(points) >= options.return_points
