"""The encyclopaedia family scoring of one hand (encyclopaedia.md)."""

from __future__ import annotations

import pytest

from scoring.engine.encyclopaedia import parse_hand, read_hand, score_hand
from scoring.engine.errors import EngineError
from tests.unit.french.sets import chow, kong, pair, pung

ONE_SUIT_PUNGS = [pung("222m"), pung("555m"), kong("7777m"), pung("111z"), pair("99m")]
MIXED = [chow("123m"), pung("555p"), chow("789s"), kong("2222z"), pair("11p")]


def _points(sets, **extra) -> int:
    return score_hand(parse_hand({"sets": sets, **extra})).points


def test_plain_points_of_a_player_who_did_not_finish():
    """Pung 5, kong 10, flower or season 5; pairs and chows nothing."""
    sets = [pung("222m"), kong("3333p"), chow("456s"), pair("77z")]
    assert _points(sets, flowers=3) == 5 + 10 + 15


@pytest.mark.parametrize(("finish", "bonus"), [(1, 100), (2, 40), (3, 20), (4, 10)])
def test_finishing_bonus_by_place(finish, bonus):
    """A mixed hand with chows: no multiplier, only the place's bonus."""
    assert _points(MIXED, finish=finish, announced=True) == 5 + 10 + bonus


def test_one_suit_of_pungs_takes_x6():
    """Pungs only (x2) and one suit apart from honours (x3) stack."""
    sheet = score_hand(
        parse_hand(
            {"sets": ONE_SUIT_PUNGS, "finish": 1, "flowers": 2, "announced": True}
        )
    )
    assert [code for code, _ in sheet.multipliers] == ["pungs_only", "one_suit"]
    assert sheet.added == 5 + 5 + 10 + 5 + 10 + 100
    assert sheet.points == 135 * 6


def test_one_suit_with_chows_takes_x3_and_pungs_in_two_suits_x2():
    one_suit = [chow("123m"), chow("456m"), pung("999m"), pung("555z"), pair("11m")]
    two_suits = [pung("222m"), pung("555p"), pung("777m"), pung("111z"), pair("99m")]
    assert _points(one_suit, finish=2, announced=True) == (10 + 40) * 3
    assert _points(two_suits, finish=2, announced=True) == (20 + 40) * 2


def test_honours_only_takes_x10_alone():
    sets = [pung("111z"), pung("222z"), kong("5555z"), pung("666z"), pair("77z")]
    sheet = score_hand(parse_hand({"sets": sets, "finish": 3, "announced": True}))
    assert sheet.multipliers == (("honours_only", 10),)
    assert sheet.points == (5 + 5 + 10 + 5 + 20) * 10


def test_players_who_did_not_finish_keep_plain_points():
    """No multiplier without Mah-Jong, even for pungs of one suit."""
    sets = [pung("222m"), pung("555m"), pung("777m")]
    assert _points(sets) == 15


def test_an_unannounced_single_wait_mahjong_scores_nothing():
    """announced false voids the hand; single_wait false needs no announcement."""
    assert _points(ONE_SUIT_PUNGS, finish=1, announced=False) == 0
    assert _points(ONE_SUIT_PUNGS, finish=1, single_wait=False) == 125 * 6
    sheet = score_hand(parse_hand({"sets": ONE_SUIT_PUNGS, "finish": 1}))
    assert sheet.void and sheet.to_dict()["points"] == 0


@pytest.mark.parametrize(
    ("data", "code", "field"),
    [
        ({"finish": 5}, "finish_out_of_range", "finish"),
        ({"finish": 0}, "finish_out_of_range", "finish"),
        ({"flowers": 9}, "flowers_out_of_range", "flowers"),
        ({"flowers": "two"}, "not_an_integer", "flowers"),
        ({"announced": "yes"}, "not_a_boolean", "announced"),
        ({"finish": 1, "sets": MIXED[:4]}, "not_a_mahjong_hand", "sets"),
        ({"sets": [pung("123m")]}, "invalid_set", "sets[0].tiles"),
    ],
)
def test_bad_hands_name_the_field(data, code, field):
    with pytest.raises(EngineError) as caught:
        parse_hand(data)
    assert (caught.value.code, caught.value.field) == (code, field)


def test_a_hand_being_built_scores_as_it_grows():
    """read_hand takes an unfinished Mah-Jong: the page shows running points."""
    running = [
        score_hand(
            read_hand({"sets": ONE_SUIT_PUNGS[:n], "finish": 1, "announced": True})
        ).points
        for n in range(len(ONE_SUIT_PUNGS) + 1)
    ]
    assert running == [200, 630, 660, 720, 750, 750]
