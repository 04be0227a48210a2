"""The rule-set contract's base class (issue 28, item 1): every optional
part has a default, and the registry names what a rule set lacks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

import pytest

from scoring.checks import check_rulesets
from scoring.engine import rulesets
from scoring.engine.base import BaseRuleSet, HandValue
from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get_ruleset, list_rulesets, ruleset_problems
from scoring.engine.types import (
    DealState,
    Deltas,
    FieldKind,
    ResultField,
    ResultForm,
    SessionOutcome,
    Wind,
)
from scoring.engine.words import RuleSetWords


class Minimal(BaseRuleSet[dict[str, object], object]):
    """Only the required methods: everything else is the base's default."""

    code = "minimal"
    words = RuleSetWords(name="Minimal", hand_value="Points", units=("points",))

    def default_options(self) -> dict[str, object]:
        return {"short_game": False}

    def clean_options(self, raw: Mapping[str, object]) -> dict[str, object]:
        return {}

    def parse_result(self, data: Mapping[str, object], options: object) -> object:
        return data

    def first_deal(self, options: object) -> DealState:
        return DealState(1, Wind.EAST, (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH))

    def next_deal(self, deal: DealState, result: object, options: object) -> DealState:
        return deal

    def hand_payments(self, result: object, deal: DealState, options: object) -> Deltas:
        return (0, 0, 0, 0)

    def penalty_deltas(
        self, kind: str, offender: int, points: int | None, options: object
    ) -> Deltas:
        return (0, 0, 0, 0)

    def session_over(self, hands_played, deal, options, *, time_called, scores=None):
        return time_called

    def session_result(self, scores, options) -> SessionOutcome:
        return SessionOutcome((1, 2, 3, 4), (Fraction(1),) * 4)

    def ranking(self, options: object) -> tuple[str, ...]:
        return ()

    def hand_value(
        self, result: Mapping[str, object], scores: Sequence[int] | None = None
    ) -> HandValue | None:
        return None


def test_the_optional_parts_have_their_documented_defaults():
    ruleset = Minimal()
    assert ruleset.first_language is None
    assert ruleset.tile_dora_count is False
    assert ruleset.penalty_kinds is None
    assert ruleset.ema_name is None
    assert ruleset.tiles_preview_is_calculator is False
    assert ruleset.option_presets() == {}
    assert ruleset.result_form({}) is None
    assert ruleset.running_scores((0, 0, 0, 0), {}) is None
    assert ruleset.hands_per_session({}) is None
    assert ruleset.heading_wind({}) == "prevalent"
    assert not (ruleset.counts_tiles or ruleset.itemises_hands or ruleset.builds_hands)
    # The settings form defaults to one field per default option.
    assert [f.name for f in ruleset.option_form()] == ["short_game"]
    # Settling defaults to the summed scores' session result.
    outcome = ruleset.settle_session([], [], (0, 0, 0, 0), {})
    assert outcome.ranks == (1, 2, 3, 4)
    with pytest.raises(EngineError) as refused:
        ruleset.score_tiles({})
    assert refused.value.code == "no_tile_calculator"


def test_a_rule_set_that_leaves_out_a_required_method_cannot_be_built():
    class NoRanking(Minimal):
        ranking = BaseRuleSet.ranking  # type: ignore[assignment]

    with pytest.raises(TypeError, match="ranking"):
        NoRanking()  # type: ignore[abstract]


def test_the_registry_refuses_what_is_not_a_rule_set():
    class Duck:
        code = "duck"

    with pytest.raises(EngineError) as refused:
        rulesets.register(Duck())  # type: ignore[type-var]
    assert refused.value.code == "not_a_ruleset"
    assert "duck" not in list_rulesets()


def test_the_optional_parts_of_the_built_in_rule_sets():
    """What the old ``getattr`` probes found, now read from the contract."""
    assert get_ruleset("french_simple").first_language == "fr"
    assert get_ruleset("encyclopaedia").first_language == "fr"
    assert get_ruleset("mcr").first_language is None
    assert get_ruleset("riichi").tile_dora_count
    assert get_ruleset("mcr").counts_tiles and get_ruleset("riichi").counts_tiles
    assert not get_ruleset("french_simple").counts_tiles
    assert get_ruleset("french_advanced").itemises_hands
    assert get_ruleset("encyclopaedia").builds_hands
    assert not get_ruleset("mcr").itemises_hands
    assert get_ruleset("mcr").ema_name == "MCR"
    assert get_ruleset("riichi").ema_name == "Riichi"
    assert get_ruleset("french_simple").ema_name is None


@pytest.mark.parametrize("code", list_rulesets())
def test_every_built_in_rule_set_is_complete(code):
    assert ruleset_problems(get_ruleset(code)) == []


class Unworded(Minimal):
    """A rule set whose inputs and settings have no words."""

    code = "unworded"
    words = RuleSetWords(name="Unworded", hand_value="Points", units=("points",))

    def result_form(self, options: object) -> ResultForm:
        return ResultForm(
            kinds=("win",),
            fields=(ResultField("points", FieldKind.INTEGER, ("win",)),),
        )


def test_the_start_up_check_names_what_a_rule_set_lacks():
    rulesets.register(Unworded())
    try:
        errors = check_rulesets()
    finally:
        rulesets._registry.pop("unworded", None)
    assert [error.id for error in errors] == ["scoring.E001"]
    message = errors[0].msg
    assert "'unworded'" in message
    assert "'win'" in message and "'points'" in message
    assert "'short_game'" in message


def test_a_rule_set_without_words_or_code_is_named():
    class Nameless(Minimal):
        code = ""
        words = None  # type: ignore[assignment]

    assert ruleset_problems(Nameless()) == [
        "no code (a non-empty string)",
        "its words are not a RuleSetWords",
    ]
    assert ruleset_problems(object()) == ["object is not a BaseRuleSet subclass"]
