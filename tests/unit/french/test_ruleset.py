"""The French rule sets through the rule-set contract."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from scoring.engine.errors import EngineError
from scoring.engine.french import (
    FRENCH_ADVANCED,
    FRENCH_SIMPLE,
    FrenchOptions,
    hand_context,
    read_hand,
    score_hand,
)
from scoring.engine.french.results import score_sheets
from scoring.engine.rulesets import get_ruleset, list_rulesets
from scoring.engine.session import HandEntry, PenaltyEntry, score_session
from scoring.engine.types import NO_DELTAS, DealState, ResultKind, Wind
from tests.unit.french.results import result_for
from tests.unit.french.sets import EXAMPLE_SETS, chow, pair, pung

OPTIONS = FrenchOptions()
FIRST = FRENCH_SIMPLE.first_deal(OPTIONS)
# North holds seat 3 in the first deal; dominant wind South.
EXAMPLE_RESULT = {
    "kind": "discard",
    "winner": 3,
    "discarder": 1,
    "dominant_wind": "S",
    "hands": [
        {"sets": [pung("777z", True), chow("234m")], "flowers": [1]},
        {"score": 12},
        {"sets": [pung("333z")], "seasons": [3], "calling_hand": True},
        {"sets": list(EXAMPLE_SETS)},
    ],
}


def test_the_rule_sets_register_under_their_codes():
    """Built-in rule sets: a tournament may choose them."""
    assert get_ruleset("french_simple") is FRENCH_SIMPLE
    assert get_ruleset("french_advanced") is FRENCH_ADVANCED
    assert {"french_simple", "french_advanced"} <= set(list_rulesets())


def test_default_options_round_trip():
    defaults = FRENCH_SIMPLE.default_options()
    assert defaults == {
        "hands_per_session": 16,
        "round_wind": True,
        "grand_jeu_value": 2000,
        "own_flower_season": True,
        "draw_rotates": True,
        "draw_scores": False,
        "table_points": True,
    }
    assert FRENCH_ADVANCED.clean_options(defaults) == OPTIONS
    assert FRENCH_SIMPLE.clean_options({"draw_rotates": "false"}).draw_rotates is False


@pytest.mark.parametrize(
    ("raw", "code", "field"),
    [
        ({"limit": 500}, "unknown_option", "limit"),
        ({"grand_jeu_value": 999}, "option_out_of_range", "grand_jeu_value"),
        ({"hands_per_session": "x"}, "not_an_integer", "hands_per_session"),
        ({"round_wind": "perhaps"}, "not_a_boolean", "round_wind"),
        ({"table_points": 1.0}, "not_a_boolean", "table_points"),
    ],
)
def test_bad_options_name_the_field(raw, code, field):
    with pytest.raises(EngineError) as caught:
        FRENCH_SIMPLE.clean_options(raw)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_simple_system_each_player_adds_their_own_score():
    """East (seat 0) is doubled; the losing caller keeps its season only."""
    result = FRENCH_SIMPLE.parse_result(EXAMPLE_RESULT, OPTIONS)
    # East: (16 + 4) x dragon x East = 80; West: season 4; North: 56.
    assert FRENCH_SIMPLE.hand_payments(result, FIRST, OPTIONS) == (80, 12, 4, 56)


def test_advanced_system_settles_the_same_hand():
    """East not doubled (40); North wins 56; zero-sum."""
    result = FRENCH_ADVANCED.parse_result(EXAMPLE_RESULT, OPTIONS)
    deltas = FRENCH_ADVANCED.hand_payments(result, FIRST, OPTIONS)
    # North: 2 x 56 from East, 56 from South and West. Losers: East 40,
    # South 12, West 4 -> South pays East 2 x 28, West pays East 2 x 36,
    # West pays South 8.
    assert deltas == (-112 + 56 + 72, -56 - 56 + 8, -56 - 72 - 8, 224)
    assert sum(deltas) == 0


def test_round_wind_comes_from_the_deal_and_is_an_option():
    """Hand 5 is played with a South round wind: North's South pung doubles."""
    deal = DealState(5, Wind.SOUTH, (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH))
    result = FRENCH_SIMPLE.parse_result(EXAMPLE_RESULT, OPTIONS)
    off = FrenchOptions(round_wind=False)
    assert FRENCH_SIMPLE.hand_payments(result, deal, OPTIONS)[3] == 112
    assert FRENCH_SIMPLE.hand_payments(result, deal, off)[3] == 56


def test_score_sheets_itemise_every_built_hand():
    result = FRENCH_SIMPLE.parse_result(EXAMPLE_RESULT, OPTIONS)
    sheets = score_sheets(result, FIRST, OPTIONS, FRENCH_SIMPLE.system)
    assert sheets[1] is None  # typed
    assert sheets[2] is not None and sheets[2].sets_void
    assert sheets[3] is not None and sheets[3].to_dict()["points"] == 56


def test_a_result_round_trips_through_to_dict():
    result = FRENCH_ADVANCED.parse_result(EXAMPLE_RESULT, OPTIONS)
    assert FRENCH_ADVANCED.parse_result(result.to_dict(), OPTIONS) == result
    assert (result.kind, result.winner, result.discarder) == (ResultKind.DISCARD, 3, 1)


def test_the_winner_self_draw_comes_from_the_kind():
    """kind self_draw gives the winner the 5 points of a wall tile."""
    data = {**EXAMPLE_RESULT, "kind": "self_draw", "discarder": None}
    result = FRENCH_SIMPLE.parse_result(data, OPTIONS)
    assert FRENCH_SIMPLE.hand_payments(result, FIRST, OPTIONS)[3] == 66


def test_a_draw_scores_nothing_unless_the_option_says_so():
    result = result_for(None, (10, 0, 0, 0))
    assert FRENCH_ADVANCED.hand_payments(result, FIRST, OPTIONS) == NO_DELTAS
    scoring = FrenchOptions(draw_scores=True)
    assert FRENCH_SIMPLE.hand_payments(result, FIRST, scoring) == (10, 0, 0, 0)
    assert FRENCH_ADVANCED.hand_payments(result, FIRST, scoring) == (60, -20, -20, -20)


def _with(**changes: object) -> dict[str, object]:
    return {**EXAMPLE_RESULT, **changes}


def _hands(seat: int, hand: dict[str, object]) -> list[object]:
    hands = list(EXAMPLE_RESULT["hands"])  # type: ignore[call-overload]
    hands[seat] = hand
    return hands


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        (_with(kind="win"), "unknown_kind", "kind"),
        (_with(winner=None), "winner_required", "winner"),
        (_with(kind="draw"), "winner_not_allowed", "winner"),
        (_with(winner=4), "winner_out_of_range", "winner"),
        (_with(discarder=3), "discarder_is_winner", "discarder"),
        (_with(kind="self_draw"), "discarder_not_allowed", "discarder"),
        (_with(dominant_wind="X"), "invalid_wind", "dominant_wind"),
        (_with(hands=[]), "four_hands_required", "hands"),
        (_with(points=[1, 2, 3, 4]), "unknown_field", "points"),
        (
            _with(hands=_hands(1, {"score": 1001})),
            "score_out_of_range",
            "hands[1].score",
        ),
        (
            _with(hands=_hands(1, {"score": 5, "sets": []})),
            "unknown_field",
            "hands[1].sets",
        ),
        (
            _with(hands=_hands(1, {"self_drawn": True})),
            "unknown_field",
            "hands[1].self_drawn",
        ),
        (
            _with(hands=_hands(1, {"last_discard": True})),
            "mahjong_only",
            "hands[1].last_discard",
        ),
        (
            _with(hands=_hands(1, {"flowers": [1]})),
            "bonus_tile_twice",
            "hands[1].flowers",
        ),
        (_with(hands=_hands(1, {"sets": [pair("77z")]})), "too_many_copies", "hands"),
        (
            _with(hands=_hands(3, {"sets": list(EXAMPLE_SETS[:4])})),
            "not_a_mahjong_hand",
            "hands[3].sets",
        ),
        (_with(hands=_hands(0, "80")), "invalid_hand", "hands[0]"),
    ],
)
def test_bad_results_name_the_field(data, code, field):
    with pytest.raises(EngineError) as caught:
        FRENCH_SIMPLE.parse_result(data, OPTIONS)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_a_typed_grand_jeu_may_pass_the_limit_for_the_winner_only():
    data = _with(hands=_hands(3, {"score": 2000}))
    assert FRENCH_SIMPLE.parse_result(data, OPTIONS).hands[3].to_dict() == {
        "score": 2000
    }


def test_a_session_scores_ranks_and_table_points():
    """Two simple hands and a referee penalty through score_session."""
    options = FrenchOptions()
    first = result_for(0, (40, 10, 0, 30))
    second = result_for(1, (0, 60, 8, 8))
    deals = [FRENCH_SIMPLE.first_deal(options)]
    deals.append(FRENCH_SIMPLE.next_deal(deals[0], first, options))
    session = score_session(
        FRENCH_SIMPLE,
        options,
        [HandEntry(first, deals[0]), HandEntry(second, deals[1])],
        [PenaltyEntry("referee", 2, 10)],
    )
    assert [s.score for s in session.seats] == [40, 70, -2, 38]
    assert [s.rank for s in session.seats] == [2, 1, 4, 3]
    assert [s.table_points for s in session.seats] == [2, 4, 0, 1]
    without = FrenchOptions(table_points=False)
    outcome = FRENCH_SIMPLE.session_result((5, 5, 0, 0), without)
    assert outcome.ranks == (1, 1, 3, 3)
    assert outcome.table_points == (Fraction(0),) * 4


def test_session_over_after_the_hands_or_when_time_is_called():
    assert FRENCH_SIMPLE.session_over(16, None, OPTIONS, time_called=False)
    assert not FRENCH_SIMPLE.session_over(15, None, OPTIONS, time_called=False)
    assert FRENCH_SIMPLE.session_over(3, None, OPTIONS, time_called=True)


@pytest.mark.parametrize(
    ("kind", "points", "code"),
    [
        ("false_hu", 30, "unknown_penalty"),
        ("referee", None, "penalty_points_required"),
        ("referee", 0, "penalty_not_positive"),
    ],
)
def test_bad_penalties_are_refused(kind, points, code):
    with pytest.raises(EngineError) as caught:
        FRENCH_SIMPLE.penalty_deltas(kind, 0, points, OPTIONS)
    assert caught.value.code == code


@given(
    hs.tuples(*[hs.integers(0, 1000)] * 4),
    hs.integers(0, 3),
    hs.integers(0, 3),
)
def test_advanced_hand_payments_sum_to_zero_for_any_dealer(scores, winner, shift):
    """Through the rule set, whoever deals and whoever wins."""
    deal = FRENCH_ADVANCED.first_deal(OPTIONS)
    for _ in range(shift):
        deal = FRENCH_ADVANCED.next_deal(deal, result_for(None), OPTIONS)
    result = result_for(winner, scores)
    assert sum(FRENCH_ADVANCED.hand_payments(result, deal, OPTIONS)) == 0


def test_a_page_builds_a_hand_from_the_table_deal():
    """hand_context gives the seat's winds: East in the simple system doubles."""
    context = hand_context(
        FIRST, 0, OPTIONS, FRENCH_SIMPLE.system, dominant_wind=Wind.SOUTH, mahjong=False
    )
    sheet = score_hand(read_hand({"sets": [pung("111z")]}), context)
    assert [d.code for d in sheet.doublings] == ["seat_wind", "round_wind", "east"]
    assert sheet.to_dict()["points"] == 32
