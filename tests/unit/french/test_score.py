"""The hand builder: added points, doubles and totals (french-classic.md 1)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from scoring.engine.french import read_hand, score_hand
from scoring.engine.french.score import LIMIT, apply_doubles
from tests.unit.french.sets import (
    EXAMPLE_SETS,
    chow,
    context,
    hand,
    kong,
    pair,
    pung,
)


def test_worked_example_scores_56():
    """North's Mah-Jong of the document: 28 added points, one double, 56."""
    sheet = score_hand(hand(EXAMPLE_SETS, mahjong=True), context(mahjong=True))
    assert [a.points for a in sheet.additions] == [0, 4, 4, 0, 0, 20]
    assert [d.code for d in sheet.doublings] == ["dominant_wind"]
    assert (sheet.added, sheet.doubles, sheet.raw, sheet.points) == (28, 1, 56, 56)


@pytest.mark.parametrize(
    ("tile_set", "exposed", "concealed"),
    [
        (pair("55z"), 0, 2),  # dragons
        (chow("345m"), 0, 0),
        (pung("555p"), 2, 4),  # simples
        (pung("111s"), 4, 8),  # terminals
        (pung("333z"), 4, 8),  # a wind that is neither seat nor dominant
        (pung("777z"), 8, 16),
        (kong("6666m"), 8, 16),
        (kong("9999p"), 16, 32),
        (kong("4444z"), 16, 32),
        (kong("6666z"), 32, 64),
    ],
)
def test_added_points_of_each_set_follow_the_table(tile_set, exposed, concealed):
    """Every row of the table of added points, exposed then concealed."""
    for is_concealed, expected in ((False, exposed), (True, concealed)):
        sheet = score_hand(
            hand([{**tile_set, "concealed": is_concealed}]), context("N", "S")
        )
        assert sheet.added == expected


@pytest.mark.parametrize(
    ("seat", "dominant", "points"),
    [("E", "W", 2), ("W", "E", 2), ("E", "E", 4), ("S", "W", 0)],
)
def test_a_wind_pair_scores_for_the_seat_and_for_the_dominant_wind(
    seat, dominant, points
):
    """A pair of East: 2 as seat wind, 2 as dominant wind, 4 when both."""
    sheet = score_hand(hand([pair("11z")]), context(seat, dominant))
    assert sheet.added == points
    assert sheet.doubles == 0


def test_wind_pungs_double_once_per_role():
    """A pung of East for East, with East dominant and round wind: x8."""
    sheet = score_hand(hand([pung("111z")]), context("E", "E", round_wind="E"))
    codes = [d.code for d in sheet.doublings]
    assert codes == ["seat_wind", "dominant_wind", "round_wind"]
    assert (sheet.added, sheet.raw) == (4, 32)


def test_round_wind_doubles_only_when_played():
    """Without a round wind (None) a pung of it has no double for it."""
    played = score_hand(hand([pung("222z")]), context("N", "W", round_wind="S"))
    unplayed = score_hand(hand([pung("222z")]), context("N", "W"))
    assert (played.raw, unplayed.raw) == (8, 4)


def test_every_dragon_pung_or_kong_doubles():
    """Two dragon sets: (8 + 32) x 2 x 2."""
    sheet = score_hand(hand([pung("555z"), kong("6666z")]), context())
    assert [d.code for d in sheet.doublings] == ["dragon", "dragon"]
    assert sheet.raw == 160


def test_flowers_and_seasons_add_and_double():
    """4 each; all four flowers x2; own flower and own season x2."""
    sheet = score_hand(hand([], flowers=[1, 2, 3, 4], seasons=[2]), context("S", "E"))
    assert sheet.added == 20
    assert [d.code for d in sheet.doublings] == ["all_flowers", "own_flower_season"]
    assert sheet.raw == 80


def test_own_flower_alone_does_not_double_and_the_option_switches_it_off():
    """The double needs both own tiles; the table option removes it."""
    alone = score_hand(hand([], flowers=[3]), context("W", "E"))
    both_off = score_hand(
        hand([], flowers=[3], seasons=[3]), context("W", "E", own_flower_season=False)
    )
    assert (alone.raw, both_off.raw) == (4, 8)


def test_all_four_seasons_double():
    sheet = score_hand(hand([], seasons=[1, 2, 3, 4]), context())
    assert [d.code for d in sheet.doublings] == ["all_seasons"]


def test_east_is_doubled_in_the_simple_system_only():
    """The context's east_doubled (simple system) doubles East's hand."""
    simple = score_hand(hand([pung("222m")]), context("E", "S", east_doubled=True))
    advanced = score_hand(hand([pung("222m")]), context("E", "S"))
    south = score_hand(hand([pung("222m")]), context("S", "S", east_doubled=True))
    assert (simple.raw, advanced.raw, south.raw) == (4, 2, 2)


def test_four_chows_and_a_pair_and_self_draw_add_to_mahjong():
    """20 + 10 + 5, the chows adding nothing; concealed: x2."""
    sets = [chow("123m", True), chow("456m", True), chow("789p", True)]
    sets += [chow("234s", True), pair("99s", True)]
    sheet = score_hand(hand(sets, mahjong=True, self_drawn=True), context(mahjong=True))
    assert [a.code for a in sheet.additions][-3:] == [
        "mahjong",
        "four_chows",
        "self_drawn",
    ]
    assert sheet.added == 35
    assert [d.code for d in sheet.doublings] == ["concealed"]
    assert sheet.points == 70


def test_mahjong_multipliers_stack():
    """No chow, calling hand, pure (x8), last discard: 2 x 2 x 8 x 2."""
    sets = [pung("222m"), pung("555m"), pung("777m"), pung("333z"), pair("99m")]
    sheet = score_hand(
        hand(sets, mahjong=True, calling_hand=True, last_discard=True),
        context("N", "S", mahjong=True),
    )
    assert [d.code for d in sheet.doublings] == [
        "no_chow",
        "calling_hand",
        "pure_hand",
        "last_discard",
    ]
    assert sheet.doubles == 6
    assert sheet.added == 2 + 2 + 2 + 4 + 20
    assert sheet.raw == 30 * 64


def test_robbing_a_kong_and_a_replacement_tile_double():
    sets = [chow("123m"), chow("456p"), chow("789s"), pung("222s"), pair("55p")]
    robbed = score_hand(
        hand(sets, mahjong=True, robbing_kong=True), context(mahjong=True)
    )
    replaced = score_hand(
        hand(sets, mahjong=True, self_drawn=True, replacement_tile=True),
        context(mahjong=True),
    )
    assert [d.code for d in robbed.doublings] == ["robbing_kong"]
    assert [d.code for d in replaced.doublings] == ["replacement_tile"]
    assert (robbed.raw, replaced.raw) == (44, 54)


def test_honours_hand_and_its_pair():
    """Pungs of winds, dragons, 1s and 9s: x2; a pair of 5s spoils it."""
    sets = [pung("111m"), pung("999p"), pung("333z"), pung("444z")]
    honours = score_hand(
        hand([*sets, pair("11s")], mahjong=True), context(mahjong=True)
    )
    spoilt = score_hand(hand([*sets, pair("55s")], mahjong=True), context(mahjong=True))
    assert "honours_hand" in [d.code for d in honours.doublings]
    assert "honours_hand" not in [d.code for d in spoilt.doublings]


def test_an_all_honours_hand_is_not_a_pure_hand():
    """No suit at all: the honours hand applies, the pure hand does not."""
    sets = [pung("111z"), pung("333z"), pung("555z"), pung("666z"), pair("77z")]
    sheet = score_hand(hand(sets, mahjong=True), context("N", "S", mahjong=True))
    codes = [d.code for d in sheet.doublings]
    assert "pure_hand" not in codes
    assert codes.count("dragon") == 2 and "honours_hand" in codes


def test_a_hand_hitting_the_limit_scores_1000():
    """Three concealed dragon kongs and a seat-wind kong: far past 1,000."""
    sets = [kong("5555z", True), kong("6666z", True), kong("7777z", True)]
    sets += [kong("1111z", True), pair("22z", True)]
    sheet = score_hand(
        hand(sets, mahjong=True, self_drawn=True), context("E", "S", mahjong=True)
    )
    assert sheet.raw > LIMIT
    assert sheet.points == LIMIT
    assert sheet.added == 3 * 64 + 32 + 2 + 20 + 5


def test_a_grand_jeu_scores_its_value_above_the_limit():
    sheet = score_hand(
        hand([], mahjong=True, grand_jeu=True),
        context(mahjong=True, grand_jeu_value=2500),
    )
    assert (sheet.raw, sheet.points, sheet.grand_jeu) == (2500, 2500, True)


def test_a_losing_calling_hand_keeps_only_its_flowers_and_seasons():
    """Its dragon pung scores nothing; the flowers (and their double) stay."""
    sheet = score_hand(
        hand(
            [pung("777z", True), pung("111z")],
            calling_hand=True,
            flowers=[1],
            seasons=[1],
        ),
        context("E", "E"),
    )
    assert sheet.sets_void
    assert sheet.added == 8
    assert [d.code for d in sheet.doublings] == ["own_flower_season"]
    assert sheet.points == 16


def test_a_partial_hand_scores_as_it_is_built():
    """The builder takes one set at a time: a page shows the running total."""
    running = [
        score_hand(read_hand({"sets": list(EXAMPLE_SETS[:n])}), context()).raw
        for n in range(len(EXAMPLE_SETS) + 1)
    ]
    assert running == [0, 0, 8, 16, 16, 16]


def test_the_sheet_is_json_ready():
    data = score_hand(hand(EXAMPLE_SETS, mahjong=True), context(mahjong=True)).to_dict()
    assert data["points"] == 56
    assert data["doublings"] == [
        {
            "code": "dominant_wind",
            "factor": 2,
            "set": {"kind": "pung", "tiles": "222z", "concealed": False},
        }
    ]


# At most 13 tiles: a losing hand, sets of every kind of double.
SET_POOL = [pung("222z"), pung("444m", True), kong("5555z"), pung("111z", True)]


@given(hs.permutations(SET_POOL), hs.sampled_from(["E", "S", "W", "N"]))
def test_the_order_of_sets_and_doubles_does_not_matter(sets, seat):
    """Any order of the sets, hence of the doubles, gives the same score."""
    reference = score_hand(hand(SET_POOL), context(seat, "S", round_wind="E"))
    shuffled = score_hand(hand(sets), context(seat, "S", round_wind="E"))
    assert (shuffled.added, shuffled.doubles, shuffled.raw) == (
        reference.added,
        reference.doubles,
        reference.raw,
    )
    assert sorted(d.code for d in shuffled.doublings) == sorted(
        d.code for d in reference.doublings
    )


@given(hs.data())
def test_doubling_in_any_order_gives_added_times_the_product(data):
    """apply_doubles is order-free: added x 2 ** (number of doubles)."""
    sheet = score_hand(hand(SET_POOL, flowers=[1, 2, 3, 4]), context("E", "E"))
    order = data.draw(hs.permutations(sheet.doublings))
    assert apply_doubles(sheet.added, tuple(order)) == sheet.added << sheet.doubles
