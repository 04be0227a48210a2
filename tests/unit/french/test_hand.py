"""Reading and checking a player's hand: errors name the field at fault."""

from __future__ import annotations

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.french import parse_hand
from tests.unit.french.sets import EXAMPLE_SETS, chow, kong, pair, pung


def _error(data: dict[str, object], mahjong: bool = False) -> EngineError:
    with pytest.raises(EngineError) as caught:
        parse_hand(data, mahjong=mahjong, prefix="hands[1].")
    return caught.value


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ({"sets": [pung("123m")]}, "invalid_set", "hands[1].sets[0].tiles"),
        ({"sets": [chow("777z")]}, "invalid_set", "hands[1].sets[0].tiles"),
        ({"sets": [chow("124m")]}, "invalid_set", "hands[1].sets[0].tiles"),
        ({"sets": [kong("555m")]}, "invalid_set", "hands[1].sets[0].tiles"),
        ({"sets": [pung("8z8z8z")]}, "malformed_tiles", "hands[1].sets[0].tiles"),
        (
            {"sets": [{"kind": "knitted", "tiles": "147m"}]},
            "unknown_set_kind",
            "hands[1].sets[0].kind",
        ),
        ({"sets": [{"kind": "pung"}]}, "missing_field", "hands[1].sets[0].tiles"),
        (
            {"sets": [{**pung("222m"), "from": "left"}]},
            "unknown_field",
            "hands[1].sets[0].from",
        ),
        (
            {"sets": [{**pung("222m"), "concealed": "maybe"}]},
            "not_a_boolean",
            "hands[1].sets[0].concealed",
        ),
        ({"sets": "222m"}, "invalid_sets", "hands[1].sets"),
        ({"sets": [kong("2222m"), pair("22m")]}, "too_many_copies", "hands[1].sets"),
        ({"flowers": [5]}, "bonus_number_out_of_range", "hands[1].flowers"),
        ({"seasons": [2, 2]}, "bonus_number_repeated", "hands[1].seasons"),
        ({"flowers": 2}, "invalid_bonus_tiles", "hands[1].flowers"),
        ({"self_drawn": True}, "mahjong_only", "hands[1].self_drawn"),
        ({"grand_jeu": True}, "mahjong_only", "hands[1].grand_jeu"),
        (
            {
                "sets": [
                    pung("111m"),
                    pung("222m"),
                    pung("333m"),
                    pung("444m"),
                    pung("555m"),
                ]
            },
            "too_many_tiles",
            "hands[1].sets",
        ),
    ],
)
def test_a_bad_hand_is_refused_naming_the_field(data, code, field):
    error = _error(data)
    assert (error.code, error.field) == (code, field)


@pytest.mark.parametrize(
    "sets",
    [
        EXAMPLE_SETS[:4],
        [*EXAMPLE_SETS[:4], pair("99m"), pair("99p")],
        [*EXAMPLE_SETS[1:], pung("999m")],
    ],
)
def test_a_mahjong_hand_is_four_sets_and_a_pair(sets):
    error = _error({"sets": list(sets)}, mahjong=True)
    assert (error.code, error.field) == ("not_a_mahjong_hand", "hands[1].sets")


@pytest.mark.parametrize(
    ("flags", "code", "field"),
    [
        (
            {"self_drawn": True, "robbing_kong": True},
            "conflicting_conditions",
            "hands[1].robbing_kong",
        ),
        (
            {"self_drawn": True, "last_discard": True},
            "conflicting_conditions",
            "hands[1].last_discard",
        ),
        (
            {"robbing_kong": True, "last_discard": True},
            "conflicting_conditions",
            "hands[1].last_discard",
        ),
        ({"replacement_tile": True}, "condition_needs", "hands[1].replacement_tile"),
    ],
)
def test_impossible_win_conditions_are_refused(flags, code, field):
    error = _error({"sets": list(EXAMPLE_SETS), **flags}, mahjong=True)
    assert (error.code, error.field) == (code, field)


def test_a_kong_counts_as_three_tiles_and_a_grand_jeu_skips_the_shape():
    """Four kongs and a pair are a Mah-Jong; a Grand Jeu needs no sets."""
    sets = [kong("1111m"), kong("2222p"), kong("3333s"), kong("4444z"), pair("55z")]
    assert len(parse_hand({"sets": sets}, mahjong=True).sets) == 5
    assert parse_hand({"grand_jeu": True}, mahjong=True).grand_jeu


def test_form_strings_are_read_and_the_hand_round_trips():
    """Checkbox strings work; to_dict is read back to the same hand."""
    hand = parse_hand(
        {"sets": list(EXAMPLE_SETS), "flowers": ["2"], "calling_hand": "on"},
        mahjong=True,
    )
    assert hand.calling_hand and hand.flowers == (2,)
    assert parse_hand(hand.to_dict(), mahjong=True) == hand
