"""Seat winds through an MCR session (mcr.md section 7)."""

from __future__ import annotations

import pytest

from scoring.engine.mcr import MCR
from scoring.engine.session import deals_for
from scoring.engine.types import DealState, HandResult, ResultKind, Wind

OPTIONS = MCR.clean_options({})
DRAW = HandResult(ResultKind.DRAW)
WIN = HandResult(ResultKind.SELF_DRAW, winner=0, fan_total=8)

# Hand number, prevalent wind, winds of seats 0..3, worked out on paper in
# the docstring of scoring/engine/mcr/winds.py.
SESSION = [
    (1, "E", "ESWN"),
    (2, "E", "NESW"),
    (3, "E", "WNES"),
    (4, "E", "SWNE"),
    (5, "S", "SENW"),
    (6, "S", "ENWS"),
    (7, "S", "NWSE"),
    (8, "S", "WSEN"),
    (9, "W", "NWES"),
    (10, "W", "WSNE"),
    (11, "W", "SEWN"),
    (12, "W", "ENSW"),
    (13, "N", "WNSE"),
    (14, "N", "SWEN"),
    (15, "N", "ESNW"),
    (16, "N", "NEWS"),
]


def deal(hand: int, prevalent: str, winds: str) -> DealState:
    w = [Wind(c) for c in winds]
    return DealState(hand, Wind(prevalent), (w[0], w[1], w[2], w[3]))


def test_first_deal_seats_everyone_on_their_starting_wind():
    """Hand 1: prevalent East, seat i holds wind i, seat 0 deals."""
    first = MCR.first_deal(OPTIONS)
    assert first == deal(1, "E", "ESWN")
    assert first.dealer == 0


@pytest.mark.parametrize(("hand", "prevalent", "winds"), SESSION)
def test_each_of_the_sixteen_hands(hand, prevalent, winds):
    """Every hand of a session has the worked-out prevalent and seat winds."""
    deals = deals_for(MCR, OPTIONS, [DRAW] * 16)
    assert deals[hand - 1] == deal(hand, prevalent, winds)


def test_dealers_of_the_sixteen_hands():
    """Each seat deals exactly once in each prevalent-wind round."""
    dealers = [d.dealer for d in deals_for(MCR, OPTIONS, [DRAW] * 16)]
    assert dealers == [0, 1, 2, 3, 1, 0, 3, 2, 2, 3, 1, 0, 3, 2, 0, 1]
    for start in range(0, 16, 4):
        assert sorted(dealers[start : start + 4]) == [0, 1, 2, 3]


def test_the_deal_passes_whatever_the_result():
    """No dealer repeat: a dealer win and a draw lead to the same next deal."""
    first = MCR.first_deal(OPTIONS)
    assert MCR.next_deal(first, WIN, OPTIONS) == MCR.next_deal(first, DRAW, OPTIONS)


def test_round_start_winds_follow_the_score_sheet_mnemonic():
    """Seats 0 and 1 zigzag, seats 2 and 3 circle: E S N W / S E W N / ..."""
    deals = deals_for(MCR, OPTIONS, [DRAW] * 16)
    starts = [deals[i].seat_winds for i in (0, 4, 8, 12)]
    per_seat = ["".join(start[seat] for start in starts) for seat in range(4)]
    assert per_seat == ["ESNW", "SEWN", "WNES", "NWSE"]


def test_inside_a_round_east_becomes_north_and_south_becomes_east():
    """Within a round seat winds move back one place each hand."""
    second = MCR.next_deal(MCR.first_deal(OPTIONS), DRAW, OPTIONS)
    assert second.seat_winds == (Wind.NORTH, Wind.EAST, Wind.SOUTH, Wind.WEST)


def test_after_hand_sixteen_the_cycle_starts_again():
    """A longer session goes back to the first round's seating at hand 17."""
    deals = deals_for(MCR, OPTIONS, [DRAW] * 20)
    assert deals[16] == deal(17, "E", "ESWN")
    assert [d.seat_winds for d in deals[16:20]] == [d.seat_winds for d in deals[0:4]]


def test_a_corrected_deal_carries_over_to_the_next_hands():
    """A referee's correction of one hand's winds shapes the following deals."""
    corrected = deal(2, "E", "ENSW")
    assert MCR.next_deal(corrected, DRAW, OPTIONS) == deal(3, "E", "NWES")


def test_deals_for_no_hand_is_empty():
    """No results, no deals."""
    assert deals_for(MCR, OPTIONS, []) == []
