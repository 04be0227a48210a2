"""Errors about one player's hand name the player and the part in words,
not the engine's field path."""

from __future__ import annotations

from scoring.engine.errors import EngineError
from scoring.messages import describe, field_label


def test_a_players_hand_is_named_by_its_place_at_the_table():
    assert field_label("hands[2].sets") == "the hand of player 3 (sets)"
    assert field_label("hands[0].sets[1].tiles") == "the hand of player 1 (sets)"
    assert field_label("hands[3]") == "the hand of player 4"


def test_an_engine_error_reads_as_a_sentence():
    error = EngineError("too_many_tiles", field="hands[1].sets", count=15)
    assert describe(error) == (
        "15 tiles in the hand of player 2 (sets): a hand holds at most 13 "
        "(a kong counts as 3)."
    )
