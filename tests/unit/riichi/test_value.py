"""The value of a hand: han and fu to payments, limits, short count (riichi.md)."""

from __future__ import annotations

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.riichi.value import HandValue, basic_points, check_value, price
from tests.unit.riichi.conftest import DEFAULTS, options


def ron(han, fu=None, *, dealer=False, yakuman=0, opts=DEFAULTS):
    value = HandValue(han=han, fu=fu, yakuman=yakuman)
    check_value(value, opts, self_draw=False)
    return price(value, opts, dealer=dealer).ron


def tsumo(han, fu=None, *, dealer=False, opts=DEFAULTS):
    value = HandValue(han=han, fu=fu)
    check_value(value, opts, self_draw=True)
    cost = price(value, opts, dealer=dealer)
    return (cost.from_dealer, cost.from_child)


def test_a_mangan_is_8000_for_a_child_and_12000_for_the_dealer():
    """riichi.md: "So a mangan is 8,000 for a child, 12,000 for the dealer"."""
    assert ron(5) == 8000
    assert ron(5, dealer=True) == 12000
    assert tsumo(5) == (4000, 2000)
    assert tsumo(5, dealer=True) == (0, 4000)


@pytest.mark.parametrize(
    ("han", "fu", "child", "dealer"),
    [
        (1, 30, 1000, 1500),
        (1, 40, 1300, 2000),
        (2, 30, 2000, 2900),
        (3, 30, 3900, 5800),
        (4, 30, 7700, 11600),
        (3, 60, 7700, 11600),
        (2, 25, 1600, 2400),
        (4, 25, 6400, 9600),
        (1, 110, 3600, 5300),
    ],
)
def test_full_count_ron_is_basic_times_4_or_6_rounded_up(han, fu, child, dealer):
    """Basic points = fu x 2^(han+2); ron x4 (child) or x6 (dealer), up to 100."""
    assert ron(han, fu) == child
    assert ron(han, fu, dealer=True) == dealer


@pytest.mark.parametrize(("han", "fu"), [(4, 40), (3, 70), (4, 110)])
def test_mangan_from_4_han_40_fu_or_3_han_70_fu(han, fu):
    """5 han, or 4 with 40+ fu, or 3 with 70+ fu: basic points 2,000."""
    assert ron(han, fu) == 8000


def test_fu_are_rounded_up_to_the_next_ten_except_seven_pairs():
    """32 fu counts as 40; 25 (seven pairs) stays 25."""
    assert ron(1, 32) == ron(1, 40) == 1300
    assert ron(2, 22) == ron(2, 30)
    assert ron(2, 25) == 1600


def test_tsumo_the_dealer_pays_double_and_each_child_single():
    """Child tsumo: dealer basic x2, children basic x1; dealer tsumo: x2 each."""
    assert tsumo(1, 30) == (500, 300)
    assert tsumo(2, 20) == (700, 400)
    assert tsumo(4, 30) == (3900, 2000)
    assert tsumo(3, 30, dealer=True) == (0, 2000)
    assert tsumo(4, 30, dealer=True) == (0, 3900)


@pytest.mark.parametrize(
    ("han", "classic", "modern"),
    [
        (6, 12000, 12000),
        (7, 12000, 12000),
        (8, 16000, 16000),
        (9, 16000, 16000),
        (10, 24000, 16000),
        (11, 24000, 24000),
        (12, 24000, 24000),
        (13, 32000, 32000),
        (20, 32000, 32000),
    ],
)
def test_limits_classic_and_modern(han, classic, modern):
    """Haneman 6-7, baiman 8-9 (8-10 modern), sanbaiman 10-12 (11-12), kazoe 13+."""
    assert ron(han) == classic
    assert ron(han, opts=options(limits="modern")) == modern


def test_kazoe_can_be_capped_at_sanbaiman():
    """With the kazoe setting at sanbaiman, 13 counted han pay 24,000."""
    assert ron(13, opts=options(kazoe="sanbaiman")) == 24000
    assert ron(0, yakuman=1, opts=options(kazoe="sanbaiman")) == 32000


def test_yakuman_add_up_unless_the_setting_says_otherwise():
    """Each yakuman is 8,000 basic points and they add up."""
    assert ron(0, yakuman=1) == 32000
    assert ron(0, yakuman=2) == 64000
    assert ron(0, yakuman=2, dealer=True) == 96000
    assert ron(0, yakuman=2, opts=options(multiple_yakuman=False)) == 32000
    assert basic_points(HandValue(han=13, yakuman=3), DEFAULTS) == 24000


@pytest.mark.parametrize(
    ("han", "child", "child_tsumo", "dealer", "dealer_tsumo"),
    [
        (1, 1000, (500, 300), 1500, 500),
        (2, 2000, (1000, 500), 3000, 1000),
        (3, 3900, (2000, 1000), 5800, 2000),
        (4, 6000, (3000, 1500), 9000, 3000),
        (5, 8000, (4000, 2000), 12000, 4000),
        (6, 12000, (6000, 3000), 18000, 6000),
    ],
)
def test_short_count_table(han, child, child_tsumo, dealer, dealer_tsumo):
    """Short count: the han-only table of riichi.md, then the limits."""
    short = options(count="short")
    assert ron(han, opts=short) == child
    assert tsumo(han, opts=short) == child_tsumo
    assert ron(han, dealer=True, opts=short) == dealer
    assert tsumo(han, dealer=True, opts=short) == (0, dealer_tsumo)


def test_short_count_ignores_fu():
    """Fu typed in the short count change nothing."""
    short = options(count="short")
    assert ron(2, 70, opts=short) == ron(2, None, opts=short) == 2000


@pytest.mark.parametrize(
    ("han", "fu", "field", "code"),
    [
        (0, 30, "han", "han_out_of_range"),
        (-1, 30, "han", "han_out_of_range"),
        (1, 25, "fu", "seven_pairs_fu"),
        (2, 35, "fu", "fu_out_of_range"),
        (2, 10, "fu", "fu_out_of_range"),
        (2, 150, "fu", "fu_out_of_range"),
        (3, None, "fu", "fu_required"),
    ],
)
def test_impossible_values_are_refused_naming_the_field(han, fu, field, code):
    """Han 0, odd fu other than 25, 25 fu on 1 han, no fu below 5 han."""
    with pytest.raises(EngineError) as caught:
        check_value(HandValue(han=han, fu=fu), DEFAULTS, self_draw=False)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_limit_hands_need_no_fu_and_yakuman_no_han():
    """From 5 han fu may be left out; a yakuman needs neither."""
    check_value(HandValue(han=5), DEFAULTS, self_draw=False)
    check_value(HandValue(han=0, yakuman=1), DEFAULTS, self_draw=True)
    with pytest.raises(EngineError) as caught:
        check_value(HandValue(han=0, yakuman=7), DEFAULTS, self_draw=True)
    assert caught.value.field == "yakuman"
