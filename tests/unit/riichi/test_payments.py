"""Hand payments: honba, riichi sticks, several winners, draws, chombo."""

from __future__ import annotations

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.riichi import RIICHI
from tests.unit.riichi.conftest import DEFAULTS, options, pay, table


def test_ron_the_discarder_alone_pays():
    """Child ron 3 han 30 fu: the discarder pays 3,900, nobody else."""
    assert pay(
        {"kind": "discard", "winner": 1, "discarder": 2, "han": 3, "fu": 30}
    ) == (
        0,
        3900,
        -3900,
        0,
    )


def test_tsumo_all_three_others_pay():
    """Child mangan tsumo: the dealer 4,000, each child 2,000."""
    assert pay({"kind": "self_draw", "winner": 2, "han": 5}) == (
        -4000,
        -2000,
        8000,
        -2000,
    )


def test_honba_adds_300_to_a_ron_and_100_a_payer_to_a_tsumo():
    """Two counters: the discarder pays 600 more; on tsumo each payer 200 more."""
    deal = table(honba=2)
    assert pay(
        {"kind": "discard", "winner": 1, "discarder": 3, "han": 1, "fu": 30}, deal
    ) == (0, 1600, 0, -1600)
    assert pay({"kind": "self_draw", "winner": 0, "han": 2, "fu": 30}, deal) == (
        3600,
        -1200,
        -1200,
        -1200,
    )


def test_the_winner_takes_every_riichi_stick():
    """Two sticks on the table plus this hand's two: the winner takes 4,000."""
    deal = table(deposits=2)
    deltas = pay(
        {
            "kind": "discard",
            "winner": 1,
            "discarder": 2,
            "han": 2,
            "fu": 30,
            "riichi": [1, 3],
        },
        deal,
    )
    assert deltas == (0, -1000 + 2000 + 4000, -2000, -1000)
    assert sum(deltas) == 2000  # the two sticks that were on the table


def test_double_ron_each_winner_paid_honba_and_sticks_to_the_first():
    """Seats 2 and 0 win on seat 1's discard: seat 2 is first in turn order."""
    deal = table(honba=1, deposits=1)
    deltas = pay(
        {
            "kind": "discard",
            "discarder": 1,
            "winners": [
                {"seat": 0, "han": 1, "fu": 30},
                {"seat": 2, "han": 2, "fu": 30},
            ],
        },
        deal,
    )
    # Seat 0 is the dealer: 1,500. Seat 2: 2,000 + 300 honba + 1,000 stick.
    assert deltas == (1500, -1500 - 2300, 3300, 0)
    result = RIICHI.parse_result(
        {
            "kind": "discard",
            "discarder": 1,
            "winners": [
                {"seat": 0, "han": 1, "fu": 30},
                {"seat": 2, "han": 2, "fu": 30},
            ],
        },
        DEFAULTS,
    )
    assert result.winners == (2, 0)
    assert result.winner == 2


def test_head_bump_keeps_only_the_first_winner_after_the_discarder():
    """Head bump: seat 0 discards, seats 3 and 1 call: seat 1 wins alone."""
    bump = options(multiple_ron="head_bump")
    data = {
        "kind": "discard",
        "discarder": 0,
        "winners": [{"seat": 3, "han": 5}, {"seat": 1, "han": 1, "fu": 30}],
    }
    result = RIICHI.parse_result(data, bump)
    assert result.winners == (1,)
    assert pay(data, opts=bump) == (-1000, 1000, 0, 0)


def test_three_rons_are_an_abortive_draw_under_double_ron():
    """Three players calling ron on one tile: refused, it is an abortive draw."""
    with pytest.raises(EngineError) as caught:
        RIICHI.parse_result(
            {
                "kind": "discard",
                "discarder": 0,
                "winners": [{"seat": s, "han": 1, "fu": 30} for s in (1, 2, 3)],
            },
            DEFAULTS,
        )
    assert (caught.value.code, caught.value.field) == ("triple_ron", "winners")


def test_triple_ron_when_every_caller_wins():
    """Setting "triple": the discarder pays all three winners."""
    data = {
        "kind": "discard",
        "discarder": 2,
        "winners": [{"seat": s, "han": 1, "fu": 30} for s in (0, 1, 3)],
    }
    opts = options(multiple_ron="triple")
    assert RIICHI.parse_result(data, opts).winners == (3, 0, 1)
    assert pay(data, opts=opts) == (1500, 1000, -3500, 1000)


def test_exhaustive_draw_pays_nothing_by_default():
    """No tenpai payment unless the setting is on; riichi sticks stay out."""
    assert pay({"kind": "draw", "tenpai": [0, 2], "riichi": [2]}) == (0, 0, -1000, 0)


@pytest.mark.parametrize(
    ("tenpai", "deltas"),
    [
        ([1], (-1000, 3000, -1000, -1000)),
        ([0, 3], (1500, -1500, -1500, 1500)),
        ([0, 1, 2], (1000, 1000, 1000, -3000)),
        ([], (0, 0, 0, 0)),
        ([0, 1, 2, 3], (0, 0, 0, 0)),
    ],
)
def test_the_3000_point_tenpai_payment(tenpai, deltas):
    """The non-tenpai players pay 3,000 in all, shared by the tenpai ones."""
    opts = options(tenpai_payment=3000)
    assert pay({"kind": "draw", "tenpai": tenpai}, opts=opts) == deltas


def test_abortive_draw_moves_only_the_riichi_sticks():
    """Four riichi: each declarer puts 1,000 on the table, nobody wins them."""
    assert pay(
        {"kind": "abortive_draw", "riichi": [0, 1, 2, 3], "reason": "four_riichi"}
    ) == (
        -1000,
        -1000,
        -1000,
        -1000,
    )


def test_chombo_is_paid_like_a_mangan_tsumo():
    """A child pays 8,000 (dealer 4,000, children 2,000); the dealer 12,000."""
    assert pay({"kind": "chombo", "offender": 2}) == (4000, 2000, -8000, 2000)
    assert pay({"kind": "chombo", "offender": 1}, table(dealer=1)) == (
        4000,
        -12000,
        4000,
        4000,
    )


def test_chombo_as_a_deduction_goes_to_nobody():
    """EMA style: the offender loses the chombo points, nobody receives them."""
    opts = options(chombo="deduction")
    assert pay({"kind": "chombo", "offender": 3}, opts=opts) == (0, 0, 0, -20000)
    assert RIICHI.penalty_deltas("chombo", 1, None, opts) == (0, -20000, 0, 0)
    assert RIICHI.penalty_deltas("referee", 0, 1000, opts) == (-1000, 0, 0, 0)


@pytest.mark.parametrize(
    ("data", "field", "code"),
    [
        (
            {"kind": "discard", "winner": 1, "discarder": 1, "han": 1, "fu": 30},
            "discarder",
            "discarder_is_winner",
        ),
        (
            {"kind": "discard", "winner": 1, "han": 1, "fu": 30},
            "discarder",
            "discarder_required",
        ),
        (
            {"kind": "self_draw", "winner": 1, "discarder": 0, "han": 1, "fu": 30},
            "discarder",
            "discarder_not_allowed",
        ),
        (
            {"kind": "self_draw", "winner": 4, "han": 1, "fu": 30},
            "winner",
            "seat_out_of_range",
        ),
        (
            {"kind": "self_draw", "winner": 1, "han": 0, "fu": 30},
            "han",
            "han_out_of_range",
        ),
        ({"kind": "draw", "tenpai": [1], "riichi": [2]}, "tenpai", "riichi_not_tenpai"),
        ({"kind": "draw", "discarder": 0}, "discarder", "discarder_not_allowed"),
        ({"kind": "chombo"}, "offender", "missing_field"),
        ({"kind": "abortive_draw", "reason": "boredom"}, "reason", "invalid_value"),
        ({"kind": "ron"}, "kind", "unknown_kind"),
        ({"kind": "draw", "colour": 1}, "colour", "unknown_field"),
        (
            {
                "kind": "discard",
                "discarder": 0,
                "winners": [{"seat": 1, "han": 1, "fu": 25}],
            },
            "winners[0].fu",
            "seven_pairs_fu",
        ),
    ],
)
def test_bad_results_are_refused_naming_the_field(data, field, code):
    """Every refusal carries a code and the input field to fix."""
    with pytest.raises(EngineError) as caught:
        RIICHI.parse_result(data, DEFAULTS)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_results_survive_to_dict_and_back():
    """``to_dict`` gives what ``parse_result`` reads back to the same result."""
    for data in (
        {
            "kind": "discard",
            "winner": 1,
            "discarder": 2,
            "han": 3,
            "fu": 30,
            "riichi": [1],
        },
        {"kind": "self_draw", "winner": 0, "yakuman": 2},
        {"kind": "draw", "tenpai": [0, 3], "riichi": [3]},
        {"kind": "abortive_draw", "reason": "nine_terminals"},
        {"kind": "chombo", "offender": 2},
    ):
        result = RIICHI.parse_result(data, DEFAULTS)
        assert RIICHI.parse_result(result.to_dict(), DEFAULTS) == result
