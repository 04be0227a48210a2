"""The round wind counts only "when a game of 16 hands is played"
(french-classic.md, Words): a session of another length has no round wind,
whatever the ``round_wind`` setting says."""

from __future__ import annotations

import pytest

from scoring.engine.french import System, hand_context
from scoring.engine.french.options import clean_options
from scoring.engine.french.winds import first_deal
from scoring.engine.types import Wind


@pytest.mark.parametrize(
    ("hands", "played"), [(16, Wind.EAST), (32, Wind.EAST), (4, None), (8, None)]
)
def test_the_round_wind_is_played_in_games_of_16_hands(hands, played):
    options = clean_options({"hands_per_session": hands})
    context = hand_context(
        first_deal(), 0, options, System.SIMPLE, dominant_wind=Wind.SOUTH, mahjong=False
    )
    assert context.round_wind is played


def test_the_setting_still_switches_it_off_in_a_16_hand_game():
    options = clean_options({"round_wind": False})
    context = hand_context(
        first_deal(), 0, options, System.SIMPLE, dominant_wind=Wind.SOUTH, mahjong=False
    )
    assert context.round_wind is None
