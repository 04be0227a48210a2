"""Deal rotation over a whole 16-hand game (french-classic.md, last part)."""

from __future__ import annotations

from scoring.engine.french import FRENCH_ADVANCED, FRENCH_SIMPLE
from scoring.engine.french.winds import EAST_KEPT
from scoring.engine.session import deals_for
from scoring.engine.types import Wind
from tests.unit.french.results import result_for


def _dealers(ruleset, options, outcomes):
    """The dealer (seat holding East) of each hand, from winners by dealer.

    ``outcomes`` says per hand who went Mah-Jong relative to the dealer:
    "east", "other" (the next seat) or None for a draw.
    """
    deal = ruleset.first_deal(options)
    deals = [deal]
    for outcome in outcomes[:-1]:
        winner = {"east": deal.dealer, "other": (deal.dealer + 1) % 4, None: None}
        result = result_for(winner[outcome])
        deal = ruleset.next_deal(deal, result, options)
        deals.append(deal)
    return deals


OUTCOMES = [
    "east", "east", "other", None,
    "other", "east", None, "other",
    "other", "other", "east", "east",
    "east", None, "other", "other",
]  # fmt: skip


def test_a_16_hand_game_east_keeps_on_a_win_and_rotates_otherwise():
    """East stays after an East win, moves after another win or a draw."""
    options = FRENCH_SIMPLE.clean_options({})
    deals = _dealers(FRENCH_SIMPLE, options, OUTCOMES)
    assert [d.dealer for d in deals] == [
        0, 0, 0, 1,
        2, 3, 3, 0,
        1, 2, 3, 3,
        3, 3, 0, 1,
    ]  # fmt: skip
    assert [d.counter(EAST_KEPT) for d in deals][:4] == [0, 1, 2, 0]
    assert [d.hand_number for d in deals] == list(range(1, 17))
    rounds = "".join(str(d.prevalent_wind) for d in deals)
    assert rounds == "EEEESSSSWWWWNNNN"


def test_draws_may_keep_east_in_place():
    """With draw_rotates off, a draw keeps East (and the East double)."""
    options = FRENCH_ADVANCED.clean_options({"draw_rotates": False})
    deals = _dealers(FRENCH_ADVANCED, options, OUTCOMES)
    assert [d.dealer for d in deals] == [
        0, 0, 0, 1,
        1, 2, 2, 2,
        3, 0, 1, 1,
        1, 1, 1, 2,
    ]  # fmt: skip


def test_rotation_moves_every_wind_one_step_back():
    """South becomes East, West South, North West, East North."""
    options = FRENCH_SIMPLE.clean_options({})
    first = FRENCH_SIMPLE.first_deal(options)
    after = FRENCH_SIMPLE.next_deal(first, result_for(2), options)
    assert after.seat_winds == (Wind.NORTH, Wind.EAST, Wind.SOUTH, Wind.WEST)
    assert after.counter(EAST_KEPT) == 0


def test_deals_for_replays_a_session():
    """The session helper gives the same deals from the recorded results."""
    options = FRENCH_SIMPLE.clean_options({})
    results = [result_for(0), result_for(1), result_for(None)]
    deals = deals_for(FRENCH_SIMPLE, options, results)
    assert [d.dealer for d in deals] == [0, 0, 1]
