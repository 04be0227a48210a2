"""Seat winds through an MCR session (mcr.md section 7).

Chairs A, B, C, D are the physical places round the table in playing order
(counter-clockwise); in hand 1 seat 0 sits at A as East, seat 1 at B as
South, seat 2 at C as West, seat 3 at D as North.

Inside a prevalent-wind round nobody moves and the deal passes after every
hand, draws included: the East of one hand becomes North, South becomes East,
West becomes South and North becomes West.

Between rounds the players change chairs, and chair A is East again for the
round's first hand ("seat winds are re-assigned starting from the seat of the
initial East player": the chair East held in hand 1). The moves are named by
the wind each player held when the previous round started, which is also the
chair they sat on during it:

* before South: East <-> South and West <-> North swap chairs;
* before West: East -> West chair, West -> South, South -> North,
  North -> East;
* before North: East <-> South and West <-> North swap again.

Worked on paper, the wind of each seat at the start of each round:

====== ====== ====== ====== ======
round  seat 0 seat 1 seat 2 seat 3
====== ====== ====== ====== ======
East   E (A)  S (B)  W (C)  N (D)
South  S (B)  E (A)  N (D)  W (C)
West   N (D)  W (C)  E (A)  S (B)
North  W (C)  N (D)  S (B)  E (A)
====== ====== ====== ====== ======

Seats 0 and 1 go A, B, D, C and B, A, C, D: zigzags. Seats 2 and 3 go C, D,
A, B and D, C, B, A: circles, hence "east-south zigzag, west-north circle".
This matches the per-player seat row of the score sheet of the
ChineseOfficialMahjongHelper app (E S N W / S E W N / W N E S / N W S E).
Note that the "before West" moves apply to the chairs of the South round:
the initial East player, who sat South during that round, goes to North.

Dealers (the seat holding East) of hands 1..16: 0 1 2 3 | 1 0 3 2 |
2 3 1 0 | 3 2 0 1; every seat deals once per round.

After hand 16 the cycle starts again from the first round's chairs, so a
session with more than 16 hands (a tournament setting) stays well defined.

``next_deal`` works from the deal it is given, not from the hand number
alone, so a referee's correction of one hand's winds carries over to the
following hands.
"""

from __future__ import annotations

from scoring.engine.types import DealState, Wind

HANDS_PER_ROUND = 4
ROUNDS = 4

_E, _S, _W, _N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH

# The wind each player takes for the next round's first hand, from the wind
# they held in the first hand of the round just finished. Index 0 leads into
# South, 1 into West, 2 into North, 3 back into East (after hand 16).
_ROUND_CHANGES: tuple[dict[Wind, Wind], ...] = (
    {_E: _S, _S: _E, _W: _N, _N: _W},
    {_E: _W, _W: _S, _S: _N, _N: _E},
    {_E: _S, _S: _E, _W: _N, _N: _W},
    {_W: _E, _N: _S, _S: _W, _E: _N},
)


def first_deal() -> DealState:
    """Hand 1: prevalent East, seat i holds the i-th wind."""
    return DealState(
        hand_number=1,
        prevalent_wind=Wind.EAST,
        seat_winds=(Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH),
    )


def _shift(winds: tuple[Wind, ...], steps: int) -> tuple[Wind, Wind, Wind, Wind]:
    """Each wind moved ``steps`` places forward (E -> S -> W -> N -> E)."""
    a, b, c, d = (Wind.at(w.order + steps) for w in winds)
    return (a, b, c, d)


def next_deal(deal: DealState) -> DealState:
    """The deal after ``deal``, whatever the result (the deal always passes)."""
    position = (deal.hand_number - 1) % HANDS_PER_ROUND
    if position < HANDS_PER_ROUND - 1:
        return DealState(
            hand_number=deal.hand_number + 1,
            prevalent_wind=deal.prevalent_wind,
            seat_winds=_shift(deal.seat_winds, -1),
            counters=deal.counters,
        )
    round_start = _shift(deal.seat_winds, position)
    change = _ROUND_CHANGES[((deal.hand_number - 1) // HANDS_PER_ROUND) % ROUNDS]
    a, b, c, d = (change[w] for w in round_start)
    return DealState(
        hand_number=deal.hand_number + 1,
        prevalent_wind=Wind.at(deal.prevalent_wind.order + 1),
        seat_winds=(a, b, c, d),
        counters=deal.counters,
    )
