"""The dealership, counters and the end of a game (riichi.md, "Dealership")."""

from __future__ import annotations

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.riichi import RIICHI
from scoring.engine.types import Wind
from tests.unit.riichi.conftest import DEFAULTS, options, table

CHILD_RON = {"kind": "discard", "winner": 1, "discarder": 2, "han": 1, "fu": 30}
DEALER_RON = {"kind": "discard", "winner": 0, "discarder": 2, "han": 1, "fu": 30}


def after(deal, data, opts=DEFAULTS):
    return RIICHI.next_deal(deal, RIICHI.parse_result(data, opts), opts)


def test_first_deal_seat_0_is_east_with_nothing_on_the_table():
    """Hand 1: East round, seats 0..3 hold E S W N, no honba, no sticks."""
    deal = RIICHI.first_deal(DEFAULTS)
    assert deal.seat_winds == (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
    assert deal.prevalent_wind is Wind.EAST
    assert (deal.counter("honba"), deal.counter("deposits")) == (0, 0)


def test_dealer_win_keeps_the_deal_and_adds_a_counter():
    """Renchan: the dealer stays, one more honba."""
    deal = after(table(honba=1), DEALER_RON)
    assert deal.dealer == 0
    assert deal.counter("honba") == 2
    assert deal.hand_number == 2


def test_child_win_passes_the_deal_and_clears_the_counters():
    """The seat to the dealer's right deals next; honba and sticks back to 0."""
    deal = after(table(honba=3, deposits=2), CHILD_RON)
    assert deal.dealer == 1
    assert deal.seat_winds == (Wind.NORTH, Wind.EAST, Wind.SOUTH, Wind.WEST)
    assert (deal.counter("honba"), deal.counter("deposits")) == (0, 0)


def test_draw_adds_a_counter_and_the_dealer_stays_if_tenpai():
    """Exhaustive draw: +1 honba; the sticks stay; the deal passes if noten."""
    tenpai = after(table(), {"kind": "draw", "tenpai": [0, 2], "riichi": [2]})
    assert (tenpai.dealer, tenpai.counter("honba"), tenpai.counter("deposits")) == (
        0,
        1,
        1,
    )
    noten = after(table(), {"kind": "draw", "tenpai": [1]})
    assert (noten.dealer, noten.counter("honba")) == (1, 1)


def test_french_rule_passes_in_east_and_never_later():
    """French homologated: in the East round a noten dealer passes; in the
    South round the deal never passes on a draw."""
    french = options(draw_dealership="french")
    draw = {"kind": "draw", "tenpai": [1]}
    assert after(table(), draw, french).dealer == 1
    assert after(table(dealer=2, round_index=1), draw, french).dealer == 2
    assert after(table(dealer=2, round_index=1), draw).dealer == 3


def test_abortive_draw_and_chombo_keep_the_dealer():
    """Abortive draw: +1 honba, sticks stay. Chombo: replayed, nothing changes."""
    abortive = after(table(honba=1), {"kind": "abortive_draw", "riichi": [3]})
    assert (
        abortive.dealer,
        abortive.counter("honba"),
        abortive.counter("deposits"),
    ) == (
        0,
        2,
        1,
    )
    chombo = after(
        table(dealer=2, honba=1, deposits=1), {"kind": "chombo", "offender": 2}
    )
    assert (chombo.dealer, chombo.counter("honba"), chombo.counter("deposits")) == (
        2,
        1,
        1,
    )


def test_the_prevalent_wind_moves_after_four_dealerships():
    """North's seat passing the deal starts the South round with seat 0."""
    deal = RIICHI.first_deal(DEFAULTS)
    for _ in range(4):
        assert deal.prevalent_wind is Wind.EAST
        deal = after(deal, {"kind": "draw", "tenpai": []})
    assert deal.prevalent_wind is Wind.SOUTH
    assert deal.dealer == 0
    assert deal.counter("honba") == 4


def play_rounds(rounds, opts=DEFAULTS):
    """The deal after ``rounds`` full rounds of noten draws."""
    deal = RIICHI.first_deal(opts)
    for _ in range(4 * rounds):
        deal = after(deal, {"kind": "draw", "tenpai": []}, opts)
    return deal


def test_east_south_game_ends_after_south_4_when_someone_reached_30000():
    """After South: over when a player holds the return line."""
    deal = play_rounds(2)
    assert deal.prevalent_wind is Wind.WEST
    reached = (5000, -5000, 0, 0)
    assert RIICHI.session_over(8, deal, DEFAULTS, time_called=False, scores=reached)


def test_west_extension_when_nobody_reached_the_return_line():
    """Nobody at 30,000 after South: a West round, then North, then the end."""
    nobody = (4000, -4000, 0, 0)
    west = play_rounds(2)
    assert not RIICHI.session_over(8, west, DEFAULTS, time_called=False, scores=nobody)
    inside = after(west, {"kind": "draw", "tenpai": []})
    assert not RIICHI.session_over(
        9, inside, DEFAULTS, time_called=False, scores=(9000, -9000, 0, 0)
    )
    north = play_rounds(3)
    assert not RIICHI.session_over(
        12, north, DEFAULTS, time_called=False, scores=nobody
    )
    assert RIICHI.session_over(
        12, north, DEFAULTS, time_called=False, scores=(5000, -5000, 0, 0)
    )
    assert RIICHI.session_over(
        16, play_rounds(4), DEFAULTS, time_called=False, scores=nobody
    )


def test_without_the_extension_the_game_ends_after_south():
    """West extension off: over after South whatever the scores."""
    opts = options(west_extension=False)
    assert RIICHI.session_over(8, play_rounds(2, opts), opts, time_called=False)
    assert not RIICHI.session_over(7, play_rounds(1, opts), opts, time_called=False)


def test_dealer_renchan_in_south_4_plays_on():
    """A dealer win in the last hand keeps the game going."""
    south_4 = table(dealer=3, round_index=1)
    deal = after(south_4, {"kind": "self_draw", "winner": 3, "han": 1, "fu": 30})
    assert deal.prevalent_wind is Wind.SOUTH
    assert not RIICHI.session_over(
        9, deal, DEFAULTS, time_called=False, scores=(0,) * 4
    )


def test_dobon_ends_the_game_below_zero():
    """Dobon on: a player below zero ends the game at once."""
    opts = options(dobon=True)
    deal = table(dealer=1)
    assert RIICHI.session_over(
        2, deal, opts, time_called=False, scores=(-25100, 25100, 0, 0)
    )
    assert not RIICHI.session_over(
        2, deal, opts, time_called=False, scores=(-25000, 25000, 0, 0)
    )
    assert not RIICHI.session_over(
        2, deal, DEFAULTS, time_called=False, scores=(-30000, 30000, 0, 0)
    )


def test_time_called_ends_and_missing_scores_are_refused():
    """Time called: over. Scores needed but missing: scores_required."""
    assert RIICHI.session_over(3, table(), DEFAULTS, time_called=True)
    assert not RIICHI.session_over(0, None, DEFAULTS, time_called=False)
    with pytest.raises(EngineError) as caught:
        RIICHI.session_over(8, play_rounds(2), DEFAULTS, time_called=False)
    assert (caught.value.code, caught.value.field) == ("scores_required", "scores")
