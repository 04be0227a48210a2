"""Several winners on one discard in the flat form the tablet enters
(``winner_2``, ``han_2``...), and results stored flat so that a correction
form and the sheet read them back like any other input."""

from __future__ import annotations

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.riichi import RIICHI

DEFAULTS = RIICHI.clean_options({})


def test_a_double_ron_in_the_flat_form_pays_as_riichi_md_says():
    """Seat 3 discards; the dealer (seat 0) wins with 2 han 30 fu and seat 1,
    who declared riichi this hand, with 3 han 30 fu. By hand: the dealer's
    ron is 30 x 2^4 x 6 = 2,880 -> 2,900; the child's 30 x 2^5 x 4 = 3,840
    -> 3,900; the first in turn after the discarder (the dealer) takes the
    stick."""
    result = RIICHI.parse_result(
        {"kind": "discard", "discarder": 3, "riichi": [1],
         "winner": 1, "han": 3, "fu": 30, "winner_2": 0, "han_2": 2, "fu_2": 30},
        DEFAULTS,
    )  # fmt: skip
    assert result.winners == (0, 1)  # turn order from the discarder
    deltas = RIICHI.hand_payments(result, RIICHI.first_deal(DEFAULTS), DEFAULTS)
    assert deltas == (2_900 + 1_000, 3_900 - 1_000, 0, -6_800)


def test_results_are_stored_flat_and_read_back():
    result = RIICHI.parse_result(
        {"kind": "discard", "discarder": 3, "winner": 1, "han": 3, "fu": 30,
         "winner_2": 0, "yakuman_2": 1},
        DEFAULTS,
    )  # fmt: skip
    stored = result.to_dict()
    assert stored["winner"] == 0 and stored["yakuman"] == 1
    assert (stored["winner_2"], stored["han_2"], stored["fu_2"]) == (1, 3, 30)
    assert "winners" not in stored
    assert RIICHI.parse_result(stored, DEFAULTS) == result


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"han_2": 2, "fu_2": 30}, "winner_2"),  # a second hand without its winner
        ({"winner_2": 0}, "han_2"),  # a second winner without a value
        ({"winner_2": 0, "han_2": 1, "fu_2": 25}, "fu_2"),  # 25 fu needs 2 han
    ],
)
def test_a_second_winners_error_names_the_second_winners_field(extra, field):
    data = {"kind": "discard", "discarder": 3, "winner": 1, "han": 3, "fu": 30}
    with pytest.raises(EngineError) as caught:
        RIICHI.parse_result({**data, **extra}, DEFAULTS)
    assert caught.value.field == field


def test_the_form_asks_for_a_third_winner_only_where_triple_ron_counts():
    names = {field.name for field in RIICHI.result_form(DEFAULTS).fields}
    assert {"winner_2", "han_2"} <= names and "winner_3" not in names
    triple = RIICHI.clean_options({"multiple_ron": "triple"})
    assert "winner_3" in {field.name for field in RIICHI.result_form(triple).fields}
    bump = RIICHI.clean_options({"multiple_ron": "head_bump"})
    assert "winner_2" not in {field.name for field in RIICHI.result_form(bump).fields}


def test_a_tsumo_has_one_winner():
    with pytest.raises(EngineError) as caught:
        RIICHI.parse_result(
            {"kind": "self_draw", "winner": 1, "han": 3, "fu": 30, "winner_2": 0},
            DEFAULTS,
        )
    assert caught.value.field == "winner_2"
