"""Riichi settings: defaults, and a refusal naming the field for a bad value."""

from __future__ import annotations

import json

import pytest

from scoring.engine import rulesets
from scoring.engine.errors import EngineError
from scoring.engine.riichi import RIICHI, RiichiOptions


def test_every_setting_has_a_json_ready_default():
    """default_options covers every field and cleans back to the defaults."""
    defaults = RIICHI.default_options()
    assert json.loads(json.dumps(defaults)) == defaults
    assert RIICHI.clean_options(defaults) == RiichiOptions()
    assert RIICHI.clean_options({}) == RiichiOptions()
    assert defaults["uma"] == [15, 5, -5, -15]
    assert (defaults["start_points"], defaults["return_points"]) == (25000, 30000)


@pytest.mark.parametrize(
    ("raw", "field", "code"),
    [
        ({"count": "half"}, "count", "invalid_choice"),
        ({"limits": 3}, "limits", "invalid_choice"),
        ({"multiple_ron": "quadruple"}, "multiple_ron", "invalid_choice"),
        ({"chombo": "fine"}, "chombo", "invalid_choice"),
        ({"dobon": "yes"}, "dobon", "not_a_boolean"),
        ({"start_points": 0}, "start_points", "option_out_of_range"),
        ({"start_points": 25050}, "start_points", "option_not_multiple"),
        ({"return_points": 30500}, "return_points", "option_not_multiple"),
        ({"return_points": 20000}, "return_points", "return_below_start"),
        ({"tenpai_payment": 1000}, "tenpai_payment", "option_not_multiple"),
        ({"uma": [15, 5, -5]}, "uma", "invalid_uma"),
        ({"uma": [5, 15, -5, -15]}, "uma", "invalid_uma"),
        ({"uma": [15.5, 5, -5, -15]}, "uma", "not_an_integer"),
        ({"honba": 2}, "honba", "unknown_option"),
    ],
)
def test_bad_settings_are_refused_naming_the_field(raw, field, code):
    """Unknown keys, wrong types, out-of-range or uneven values."""
    with pytest.raises(EngineError) as caught:
        RIICHI.clean_options(raw)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_no_uma_and_string_numbers_are_accepted():
    """None or [] mean no uma; numbers may come as form strings."""
    assert RIICHI.clean_options({"uma": None}).uma is None
    assert RIICHI.clean_options({"uma": []}).uma is None
    cleaned = RIICHI.clean_options(
        {"start_points": "30000", "uma": ["20", 10, -10, -20]}
    )
    assert cleaned.start_points == 30000
    assert cleaned.uma == (20, 10, -10, -20)


def test_riichi_is_a_built_in_rule_set():
    """The registry's built-in list registers riichi: a tournament may choose it."""
    assert "scoring.engine.riichi.registered" in rulesets.BUILTIN_MODULES
    assert "riichi" in rulesets.list_rulesets()
    assert rulesets.get_ruleset("riichi") is RIICHI
