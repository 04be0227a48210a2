"""The rule-set registry and the MCR settings."""

from __future__ import annotations

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.mcr import MCR, McrRuleSet
from scoring.engine.mcr.options import McrOptions
from scoring.engine.rulesets import get_ruleset, list_rulesets, register


def test_get_ruleset_finds_mcr_without_importing_it_first():
    """The registry imports the built-in rule sets on the first lookup."""
    ruleset = get_ruleset("mcr")
    assert ruleset.code == "mcr"
    assert isinstance(ruleset, McrRuleSet)


def test_only_complete_rulesets_are_listed():
    """Every rule set whose Django side is complete is listed."""
    assert list_rulesets() == [
        "encyclopaedia",
        "french_advanced",
        "french_simple",
        "mcr",
        "riichi",
    ]


def test_unknown_ruleset_is_refused():
    """An unknown code raises unknown_ruleset naming the code."""
    with pytest.raises(EngineError) as caught:
        get_ruleset("mahjong_solitaire")
    assert caught.value.code == "unknown_ruleset"
    assert caught.value.params == {"ruleset": "mahjong_solitaire"}


def test_registering_twice_is_harmless_but_a_clash_is_refused():
    """Re-registering the same object is a no-op; another one with its code is not."""
    assert register(MCR) is MCR
    with pytest.raises(EngineError) as caught:
        register(McrRuleSet())
    assert caught.value.code == "duplicate_ruleset"


def test_default_options_are_the_ema_ones():
    """Minimum 8, 16 hands, False Hu 30."""
    assert MCR.default_options() == {
        "minimum_points": 8,
        "hands_per_session": 16,
        "false_hu_penalty": 30,
    }
    assert MCR.clean_options({}) == McrOptions()
    assert MCR.clean_options(MCR.default_options()) == McrOptions()


def test_clean_options_reads_settings_and_form_strings():
    """Given settings replace the defaults; decimal strings are accepted."""
    options = MCR.clean_options({"minimum_points": "6", "hands_per_session": 8})
    assert options == McrOptions(minimum_points=6, hands_per_session=8)


@pytest.mark.parametrize(
    ("raw", "code", "field"),
    [
        ({"minimum": 8}, "unknown_option", "minimum"),
        ({"minimum_points": 8.0}, "not_an_integer", "minimum_points"),
        ({"minimum_points": True}, "not_an_integer", "minimum_points"),
        ({"hands_per_session": "sixteen"}, "not_an_integer", "hands_per_session"),
        ({"hands_per_session": 0}, "option_out_of_range", "hands_per_session"),
        ({"minimum_points": 89}, "option_out_of_range", "minimum_points"),
        ({"false_hu_penalty": -3}, "option_out_of_range", "false_hu_penalty"),
        ({"false_hu_penalty": 20}, "penalty_not_divisible", "false_hu_penalty"),
    ],
)
def test_clean_options_refuses_bad_settings(raw, code, field):
    """An unknown key or a bad value names the setting at fault."""
    with pytest.raises(EngineError) as caught:
        MCR.clean_options(raw)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_option_out_of_range_gives_the_bounds():
    """The message can tell the organiser the allowed range."""
    with pytest.raises(EngineError) as caught:
        MCR.clean_options({"hands_per_session": 65})
    assert caught.value.params == {
        "option": "hands_per_session",
        "value": 65,
        "minimum": 1,
        "maximum": 64,
    }
