"""Checking an MCR hand result as a referee enters it (mcr.md sections 3, 4)."""

from __future__ import annotations

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.mcr import MCR
from scoring.engine.mcr.results import MAX_FAN_TOTAL, check_result
from scoring.engine.types import HandResult, ResultKind

OPTIONS = MCR.clean_options({})


def parse(**data):
    return MCR.parse_result(data, OPTIONS)


def refusal(data, options=OPTIONS):
    with pytest.raises(EngineError) as caught:
        MCR.parse_result(data, options)
    return caught.value


def test_discard_win_is_read():
    """A discard win names winner, discarder, points and flowers."""
    result = parse(kind="discard", winner=2, discarder=0, fan_total=12, flowers=1)
    assert result == HandResult(
        kind=ResultKind.DISCARD, winner=2, discarder=0, fan_total=12, flowers=1
    )
    assert result.total == 13


def test_self_draw_win_is_read_with_flowers_defaulting_to_zero():
    """Flowers may be left out; a self-draw has no discarder."""
    result = parse(kind="self_draw", winner=3, fan_total=8)
    assert result == HandResult(kind=ResultKind.SELF_DRAW, winner=3, fan_total=8)


def test_draw_is_read_with_blank_form_fields():
    """A washout has no winner, no discarder and no points; blanks are absent."""
    result = parse(kind="draw", winner="", discarder=None, fan_total="0", flowers=0)
    assert result == HandResult(kind=ResultKind.DRAW)


def test_form_strings_are_read_as_integers():
    """Decimal strings from an HTML form count as integers."""
    result = parse(kind="discard", winner="1", discarder="3", fan_total=" 9 ")
    assert (result.winner, result.discarder, result.fan_total) == (1, 3, 9)


def test_result_round_trips_through_to_dict():
    """to_dict gives back input that parse_result accepts unchanged."""
    result = parse(kind="discard", winner=2, discarder=0, fan_total=12, flowers=1)
    assert MCR.parse_result(result.to_dict(), OPTIONS) == result


def test_chicken_hand_minimum_is_accepted():
    """Exactly 8 points without flowers is a legal win."""
    assert parse(kind="self_draw", winner=0, fan_total=8).fan_total == 8


def test_the_highest_plausible_hand_is_accepted():
    """The bound itself is still accepted."""
    result = parse(kind="self_draw", winner=0, fan_total=MAX_FAN_TOTAL, flowers=8)
    assert result.total == MAX_FAN_TOTAL + 8


def test_lowered_minimum_setting_is_applied():
    """A tournament that lowers the minimum accepts smaller hands."""
    options = MCR.clean_options({"minimum_points": 6})
    assert (
        MCR.parse_result(
            {"kind": "self_draw", "winner": 0, "fan_total": 6}, options
        ).fan_total
        == 6
    )


@pytest.mark.parametrize(
    ("data", "code", "field", "params"),
    [
        ({"kind": "discard", "seat": 1}, "unknown_field", "seat", {"name": "seat"}),
        ({"winner": 1}, "kind_required", "kind", {}),
        ({"kind": "ron"}, "unknown_kind", "kind", {"kind": "ron"}),
        ({"kind": 3}, "unknown_kind", "kind", {"kind": "3"}),
        ({"kind": "discard", "discarder": 1}, "winner_required", "winner", {}),
        (
            {"kind": "self_draw", "winner": 4, "fan_total": 8},
            "winner_out_of_range",
            "winner",
            {"seat": 4},
        ),
        (
            {"kind": "discard", "winner": 1, "fan_total": 8},
            "discarder_required",
            "discarder",
            {},
        ),
        (
            {"kind": "discard", "winner": 1, "discarder": -1, "fan_total": 8},
            "discarder_out_of_range",
            "discarder",
            {"seat": -1},
        ),
        (
            {"kind": "discard", "winner": 1, "discarder": 1, "fan_total": 8},
            "discarder_is_winner",
            "discarder",
            {"seat": 1},
        ),
        (
            {"kind": "self_draw", "winner": 1, "discarder": 2, "fan_total": 8},
            "discarder_not_allowed",
            "discarder",
            {"kind": "self_draw"},
        ),
        (
            {"kind": "discard", "winner": 1, "discarder": 2},
            "fan_total_required",
            "fan_total",
            {},
        ),
        (
            {"kind": "discard", "winner": 1, "discarder": 2, "fan_total": 7},
            "below_minimum",
            "fan_total",
            {"points": 7, "minimum": 8},
        ),
        (
            {"kind": "self_draw", "winner": 1, "fan_total": MAX_FAN_TOTAL + 1},
            "fan_total_too_high",
            "fan_total",
            {"points": MAX_FAN_TOTAL + 1, "maximum": MAX_FAN_TOTAL},
        ),
        (
            {"kind": "self_draw", "winner": 1, "fan_total": 8, "flowers": 9},
            "flowers_out_of_range",
            "flowers",
            {"flowers": 9, "maximum": 8},
        ),
        (
            {"kind": "self_draw", "winner": 1, "fan_total": 8, "flowers": -1},
            "flowers_out_of_range",
            "flowers",
            {"flowers": -1, "maximum": 8},
        ),
        (
            {"kind": "self_draw", "winner": 1, "fan_total": 8.5},
            "not_an_integer",
            "fan_total",
            {"value": "8.5"},
        ),
        (
            {"kind": "self_draw", "winner": True, "fan_total": 8},
            "not_an_integer",
            "winner",
            {"value": "True"},
        ),
        (
            {"kind": "draw", "winner": 0},
            "winner_not_allowed",
            "winner",
            {"kind": "draw"},
        ),
        (
            {"kind": "draw", "discarder": 0},
            "discarder_not_allowed",
            "discarder",
            {"kind": "draw"},
        ),
        (
            {"kind": "draw", "fan_total": 8},
            "fan_total_not_allowed",
            "fan_total",
            {"kind": "draw"},
        ),
        (
            {"kind": "draw", "flowers": 2},
            "flowers_not_allowed",
            "flowers",
            {"kind": "draw"},
        ),
    ],
)
def test_invalid_results_are_refused(data, code, field, params):
    """Each broken rule raises its own code, naming the field at fault."""
    error = refusal(data)
    assert (error.code, error.field, error.params) == (code, field, params)


def test_seven_points_is_refused_even_with_flowers():
    """The minimum is judged without flowers: 7 + 1 flower is not a win."""
    error = refusal({"kind": "self_draw", "winner": 0, "fan_total": 7, "flowers": 1})
    assert error.code == "below_minimum"


def test_check_result_applies_the_rules_to_a_built_result():
    """A result built in code gets the same checks as parsed input."""
    with pytest.raises(EngineError) as caught:
        check_result(HandResult(ResultKind.SELF_DRAW, winner=0, fan_total=2), OPTIONS)
    assert caught.value.code == "below_minimum"
