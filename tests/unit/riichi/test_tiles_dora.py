"""The referee's dora count with the tiles, and the tournament's settings in
the tile calculator.

The hand: South (a child) wins on a discard with 234m 789m 123p 456p 66p,
riichi declared: riichi and pinfu, 2 han 30 fu (2,000 points). With 2 dora
counted at the table: 4 han 30 fu, 30 x 2^(2+4) = 1,920 x 4 = 7,680 -> 7,700.
"""

from __future__ import annotations

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.riichi import RIICHI
from scoring.engine.riichi.tiles import answer, score_tiles
from scoring.engine.rulesets import takes_dora_count
from tests.unit.riichi.conftest import DEFAULTS, options

PINFU = {
    "concealed": "234789m1234566p",
    "winning_tile": "6p",
    "seat_wind": "S",
    "prevalent_wind": "E",
    "riichi": True,
}

# All simples in an open hand, and nothing else: a yaku only with open tanyao.
OPEN_TANYAO = {
    "concealed": "345p678s234s5p",
    "melds": [{"kind": "pung", "tiles": "222m", "concealed": False}],
    "winning_tile": "5p",
    "seat_wind": "S",
    "prevalent_wind": "E",
}


def test_the_dora_count_adds_its_han_and_a_line():
    got = answer({**PINFU, "dora": 2}, DEFAULTS)
    assert got["ok"], got["error"]
    assert (got["han"], got["fu"]) == (4, 30)
    assert got["yaku"][-1] == {"name": "Dora", "han": 2, "yakuman": False}
    assert got["payment"]["ron"] == 7_700


def test_no_dora_counted_leaves_the_hand_as_it_was():
    plain = answer(PINFU, DEFAULTS)
    zero = answer({**PINFU, "dora": 0}, DEFAULTS)
    assert plain == zero
    assert (plain["han"], plain["payment"]["ron"]) == (2, 2_000)
    assert "Dora" not in [item["name"] for item in plain["yaku"]]


def test_dora_alone_is_not_a_yaku():
    """An open hand without yaku stays refused, dora or not."""
    with pytest.raises(EngineError) as caught:
        score_tiles({**OPEN_TANYAO, "dora": 3}, options(open_tanyao=False))
    assert caught.value.code == "no_yaku"


def test_a_yakuman_ignores_the_dora():
    hand = {
        "concealed": "123s22m55566677z",
        "winning_tile": "7z",
        "seat_wind": "S",
        "prevalent_wind": "E",
        "dora": 3,
    }
    score = score_tiles(hand, DEFAULTS)
    assert score.result == {"han": 0, "fu": 50, "yakuman": 1}
    assert "Dora" not in [line["name"] for line in score.breakdown]


def test_the_dora_count_goes_through_kazoe():
    """2 han + 11 dora = 13 han: a counted yakuman's price under the
    default kazoe setting, as typed-in 13 han would be."""
    got = answer({**PINFU, "dora": 11}, DEFAULTS)
    assert got["han"] == 13
    typed = RIICHI.parse_result(
        {"kind": "discard", "winner": 1, "discarder": 2, "han": 13, "fu": 30},
        DEFAULTS,
    )
    deltas = RIICHI.hand_payments(typed, RIICHI.first_deal(DEFAULTS), DEFAULTS)
    assert got["payment"]["ron"] == deltas[1]


@pytest.mark.parametrize("bad", [-1, True, "2", 1.5, 61])
def test_a_bad_dora_count_is_named(bad):
    with pytest.raises(EngineError) as caught:
        score_tiles({**PINFU, "dora": bad}, DEFAULTS)
    assert (caught.value.code, caught.value.field) == ("invalid_value", "dora")


def test_the_rule_set_counts_with_the_tournaments_options():
    """Open tanyao and red fives are the tournament's, not the defaults."""
    assert RIICHI.score_tiles(OPEN_TANYAO).result["han"] == 1
    with pytest.raises(EngineError) as caught:
        RIICHI.score_tiles(OPEN_TANYAO, options(open_tanyao=False))
    assert caught.value.code == "no_yaku"
    red = {**PINFU, "concealed": "234789m1234566p", "red_fives": "5p"}
    with pytest.raises(EngineError) as caught:
        RIICHI.score_tiles(red)
    assert caught.value.code == "red_fives_off"
    counted = RIICHI.score_tiles(red, options(red_fives=True))
    assert counted.result["han"] == 3  # riichi, pinfu, one red five


def test_riichi_takes_a_dora_count_and_mcr_does_not():
    from scoring.engine.rulesets import get_ruleset

    assert takes_dora_count(RIICHI)
    assert not takes_dora_count(get_ruleset("mcr"))
