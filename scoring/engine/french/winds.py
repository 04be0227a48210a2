"""Deal rotation of the French classic rules (french-classic.md, last part).

Players keep their chairs for the whole session; only the winds move. When
they rotate, South becomes East, West South, North West and East North.
East stays East after an East Mah-Jong, and after a hand nobody won when
the table's ``draw_rotates`` option is off. The counter ``east_kept``
counts the hands in a row the current East has kept the deal.

The round wind of a 16-hand game (``DealState.prevalent_wind``) follows the
hand number, whoever deals: East for hands 1-4, South 5-8, West 9-12, North
13-16, and round again for longer sessions.
"""

from __future__ import annotations

from scoring.engine.types import DealState, Wind

HANDS_PER_ROUND_WIND = 4
HANDS_PER_GAME = 4 * HANDS_PER_ROUND_WIND
"""A game that plays the round wind: East, South, West, North, four hands each."""
EAST_KEPT = "east_kept"


def first_deal() -> DealState:
    """Hand 1: round wind East, seat i holds the i-th wind."""
    return DealState(
        hand_number=1,
        prevalent_wind=Wind.EAST,
        seat_winds=(Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH),
    )


def next_deal(deal: DealState, *, east_stays: bool) -> DealState:
    """The deal after ``deal``: the same winds if ``east_stays``, else rotated."""
    number = deal.hand_number + 1
    kept = deal.counter(EAST_KEPT) + 1 if east_stays else 0
    counters = dict(deal.counters)
    counters[EAST_KEPT] = kept
    if east_stays:
        seat_winds = deal.seat_winds
    else:
        a, b, c, d = (Wind.at(w.order - 1) for w in deal.seat_winds)
        seat_winds = (a, b, c, d)
    return DealState(
        hand_number=number,
        prevalent_wind=Wind.at((number - 1) // HANDS_PER_ROUND_WIND),
        seat_winds=seat_winds,
        counters=tuple(counters.items()),
    )
