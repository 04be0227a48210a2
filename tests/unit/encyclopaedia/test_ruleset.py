"""The encyclopaedia rule set through the rule-set contract."""

from __future__ import annotations

from fractions import Fraction

import pytest

from scoring.engine.encyclopaedia import ENCYCLOPAEDIA, FamilyOptions
from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get_ruleset
from scoring.engine.session import HandEntry, score_session
from scoring.engine.types import ResultKind
from tests.unit.encyclopaedia.test_score import MIXED, ONE_SUIT_PUNGS
from tests.unit.french.sets import pung

OPTIONS = FamilyOptions()
RESULT = {
    "kind": "self_draw",
    "hands": [
        {"finish": 2, "sets": MIXED, "announced": True},
        {"finish": None, "sets": [pung("333s")], "flowers": 1},
        {"finish": 1, "sets": ONE_SUIT_PUNGS, "flowers": 2, "announced": True},
        {"finish": 3, "score": 60},
    ],
}


def test_registers_under_its_code():
    """A built-in rule set: found by its code without importing it first."""
    assert get_ruleset("encyclopaedia") is ENCYCLOPAEDIA


def test_each_player_adds_their_own_score_in_finishing_order():
    result = ENCYCLOPAEDIA.parse_result(RESULT, OPTIONS)
    assert (result.winner, result.discarder, result.order) == (2, None, (2, 0, 3))
    deal = ENCYCLOPAEDIA.first_deal(OPTIONS)
    assert ENCYCLOPAEDIA.hand_payments(result, deal, OPTIONS) == (55, 10, 810, 60)
    assert ENCYCLOPAEDIA.parse_result(result.to_dict(), OPTIONS) == result


def test_the_deal_rotates_every_hand():
    result = ENCYCLOPAEDIA.parse_result(RESULT, OPTIONS)
    deal = ENCYCLOPAEDIA.first_deal(OPTIONS)
    dealers = []
    for _ in range(16):
        dealers.append(deal.dealer)
        deal = ENCYCLOPAEDIA.next_deal(deal, result, OPTIONS)
    assert dealers == [0, 1, 2, 3] * 4


def test_a_hand_nobody_finished_still_scores_plain_points():
    data = {
        "kind": "draw",
        "hands": [{"sets": [pung("222m")]}, {"flowers": 2}, {}, {"score": 0}],
    }
    result = ENCYCLOPAEDIA.parse_result(data, OPTIONS)
    assert result.kind is ResultKind.DRAW and result.winner is None
    deal = ENCYCLOPAEDIA.first_deal(OPTIONS)
    assert ENCYCLOPAEDIA.hand_payments(result, deal, OPTIONS) == (5, 10, 0, 0)


def _hands(*finishes):
    return [{"finish": f, "score": 0} for f in finishes]


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        (
            {"kind": "discard", "hands": _hands(1, 1, None, None)},
            "finishing_order_broken",
            "hands",
        ),
        (
            {"kind": "discard", "hands": _hands(2, None, None, None)},
            "finishing_order_broken",
            "hands",
        ),
        (
            {"kind": "draw", "hands": _hands(1, None, None, None)},
            "kind_does_not_match_finish",
            "kind",
        ),
        (
            {"kind": "discard", "hands": _hands(None, None, None, None)},
            "kind_does_not_match_finish",
            "kind",
        ),
        ({"kind": "tsumo", "hands": _hands(1, 2, 3, 4)}, "unknown_kind", "kind"),
        ({"kind": "discard", "hands": _hands(1, 2, 3)}, "four_hands_required", "hands"),
        (
            {"kind": "discard", "hands": [*_hands(1, 2, 3), {"score": -1}]},
            "score_out_of_range",
            "hands[3].score",
        ),
        (
            {"kind": "discard", "hands": [*_hands(1, 2, 3), {"score": 1, "x": 1}]},
            "unknown_field",
            "hands[3].x",
        ),
        (
            {"kind": "discard", "hands": [*_hands(1, 2, 3), {"finish": 7, "score": 1}]},
            "finish_out_of_range",
            "hands[3].finish",
        ),
        (
            {"kind": "discard", "hands": [*_hands(1, 2, 3), {"sets": [pung("1s")]}]},
            "invalid_set",
            "hands[3].sets[0].tiles",
        ),
    ],
)
def test_bad_results_name_the_field(data, code, field):
    with pytest.raises(EngineError) as caught:
        ENCYCLOPAEDIA.parse_result(data, OPTIONS)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_options_session_and_table_points():
    assert ENCYCLOPAEDIA.default_options() == {
        "hands_per_session": 16,
        "table_points": True,
    }
    with pytest.raises(EngineError) as caught:
        ENCYCLOPAEDIA.clean_options({"grand_jeu_value": 2000})
    assert (caught.value.code, caught.value.field) == (
        "unknown_option",
        "grand_jeu_value",
    )
    options = ENCYCLOPAEDIA.clean_options({"table_points": False})
    result = ENCYCLOPAEDIA.parse_result(RESULT, options)
    deal = ENCYCLOPAEDIA.first_deal(options)
    session = score_session(ENCYCLOPAEDIA, options, [HandEntry(result, deal)], [])
    assert [s.rank for s in session.seats] == [3, 4, 1, 2]
    assert {s.table_points for s in session.seats} == {Fraction(0)}
    assert ENCYCLOPAEDIA.session_over(16, deal, options, time_called=False)
