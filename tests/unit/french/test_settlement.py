"""The advanced system's payments (french-classic.md, step 2b)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from scoring.engine.errors import EngineError
from scoring.engine.french.settlement import check_zero_sum, settle

E, S, W, N = 0, 1, 2, 3


def test_worked_example_of_the_document():
    """South wins 60; East 80, West 20, North 0: +240, +160, -160, -240."""
    assert settle((80, 60, 20, 0), winner=S, east=E) == (240, 160, -160, -240)


def test_east_wins_every_other_player_pays_double():
    """East 50: each pays 100; the others settle among themselves, undoubled."""
    deltas = settle((50, 30, 10, 10), winner=E, east=E)
    # South receives 20 from West and from North; West and North are equal.
    assert deltas == (300, -100 + 40, -100 - 20, -100 - 20)


def test_east_wins_a_player_above_east_receives_four_times_the_difference():
    """East 20, South 50: South still pays 40, and East pays 4 x 30 = 120."""
    deltas = settle((20, 50, 0, 0), winner=E, east=E)
    assert deltas[S] == -40 + 120 + 50 + 50
    assert deltas[E] == 40 + 40 + 40 - 120


def test_a_non_east_loser_above_the_winner_receives_twice_the_difference():
    """West wins 30; North 40: North pays 30, receives 2 x 10 = 20."""
    deltas = settle((0, 0, 30, 40), winner=W, east=E)
    # North: -30 + 20, +40 from South, +2 x 40 from East.
    assert deltas[N] == -30 + 20 + 40 + 80
    assert deltas[W] == 60 + 30 + 30 - 20


def test_draw_settles_between_all_four():
    """With draw_scores, nobody won: all four settle as losers do."""
    assert settle((10, 0, 0, 0), winner=None, east=E) == (60, -20, -20, -20)


def test_a_seat_out_of_range_is_refused():
    with pytest.raises(EngineError) as caught:
        settle((0, 0, 0, 0), winner=4, east=E)
    assert caught.value.code == "seat_out_of_range"


def test_a_non_zero_total_is_caught():
    with pytest.raises(EngineError) as caught:
        check_zero_sum((1, 0, 0, 0))
    assert caught.value.code == "settlement_not_zero_sum"


scores = hs.integers(min_value=0, max_value=2000)


@given(
    hs.tuples(scores, scores, scores, scores),
    hs.one_of(hs.none(), hs.integers(0, 3)),
    hs.integers(0, 3),
)
def test_settlements_sum_to_zero(hand_scores, winner, east):
    """Whatever the scores, the winner and East, the four results sum to 0."""
    assert sum(settle(hand_scores, winner, east)) == 0


@given(hs.tuples(scores, scores, scores, scores), hs.integers(0, 3))
def test_the_winner_gains_unless_a_loser_outscored_them(hand_scores, winner):
    """A winner whose score tops every loser's never loses money."""
    deltas = settle(hand_scores, winner, east=0)
    if all(hand_scores[winner] >= s for s in hand_scores):
        assert deltas[winner] >= 0
