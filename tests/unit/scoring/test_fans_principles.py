"""The combination principles (mcr.md section 2) and the minimum (section 3)."""

from __future__ import annotations

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.mcr.fans import answer, count_fans, parse_hand
from scoring.engine.mcr.fans.exclusions import ABSORBS
from tests.unit.scoring.fan_hands import fans_of, hand

CHOW_PAIRS = (69, 70, 71, 72)


def _chow_pairs(fans: dict[int, int]) -> int:
    return sum(fans.get(number, 0) for number in CHOW_PAIRS)


def test_non_repeat_big_three_dragons_keeps_a_fourth_terminal_pung() -> None:
    """Big Three Dragons absorbs its dragon pungs, not a 1m pung beside them."""
    fans = fans_of(hand("555666777z111m2p", "2p"))
    assert fans[2] == 1
    assert fans[73] == 1
    assert 54 not in fans and 59 not in fans and 10 not in fans


def test_non_separation_four_shifted_chows_add_no_pair_fans() -> None:
    """123 345 567 789: the 1st and 4th chows make no Two Terminal Chows."""
    fans = fans_of(hand("123345567789m5p", "5p"))
    assert fans[16] == 1
    assert _chow_pairs(fans) == 0
    assert 30 not in fans


def test_non_identical_pure_straight_is_counted_once() -> None:
    """Pure Straight + another 123: one Pure Straight and one Pure Double Chow."""
    fans = fans_of(hand("123123456789m5p", "5p"))
    assert fans[28] == 1
    assert fans[69] == 1
    assert _chow_pairs(fans) == 1


def test_account_once_four_chows_give_at_most_three_pairings() -> None:
    """234567s234567p has four chow pairings; only three are scored."""
    fans = fans_of(hand("234567s234567p5z", "5z"))
    assert _chow_pairs(fans) == 3
    assert fans[70] + fans[71] == 3


def test_account_once_prefers_different_fans() -> None:
    """234s 223344p 567p: Pure Double, Mixed Double and Short Straight once each."""
    fans = fans_of(hand("234s223344567p5z", "5z"))
    assert (fans[69], fans[70], fans[71]) == (1, 1, 1)


def test_account_once_three_chows_give_at_most_two_pairings() -> None:
    """123m 123m 123p make three pairings; two are scored, different ones."""
    fans = fans_of(hand("123m123p555s5z", "5z", "c123m"))
    assert (fans.get(69), fans.get(70)) == (1, 1)


def test_account_once_fourth_chow_beside_a_three_chow_fan_pairs_once() -> None:
    """Mixed Triple Chow + a 4th 123m: the 4th chow adds one pairing only."""
    fans = fans_of(hand("123123m123p123s5z", "5z"))
    assert fans[41] == 1
    assert _chow_pairs(fans) == 1


def test_high_over_low_picks_the_best_decomposition() -> None:
    """111222333m reads as three pungs (24 + 16), not three chows (24)."""
    fans = fans_of(hand("111222333m456p5s", "5s"))
    assert fans[24] == 1 and fans[33] == 1
    assert 23 not in fans


def test_chicken_hand_when_no_other_fan() -> None:
    """A legal win with no fan scores Chicken Hand, 8 points."""
    result = count_fans(parse_hand(hand("789s34m33z", "5m", "c123m", "p555p")))
    assert result.total == 8
    assert [fan.number for fan in result.fans] == [43]


def test_below_minimum_names_points_and_fans() -> None:
    """Seven points without flowers is not a win, whatever the flowers."""
    with pytest.raises(EngineError) as caught:
        count_fans(parse_hand(hand("234567s234567p5z", "5z", flowers=3)))
    error = caught.value
    assert error.code == "below_minimum"
    assert error.params["points"] == 7
    assert error.params["minimum"] == 8
    assert {fan.number for fan in error.params["fans"]} == {62, 70, 71, 75, 79}


def test_below_minimum_answer_explains() -> None:
    """The answer gives the fans found and the referee's sentence."""
    result = answer(hand("234567s234567p5z", "5z", flowers=3))
    assert result["ok"] is False
    assert result["total"] == 7
    assert result["error"] == ("7 points without flowers: below the 8-point minimum.")
    assert len(result["fans"]) == 5  # type: ignore[arg-type]


def test_flowers_add_after_the_hand_qualifies() -> None:
    """Flowers count in the total and appear as fan 81."""
    result = count_fans(parse_hand(hand("123m456p789s234m5p", "5p", flowers=3)))
    plain = count_fans(parse_hand(hand("123m456p789s234m5p", "5p")))
    assert result.total == plain.total + 3
    assert result.fans[-1].number == 81 and result.fans[-1].count == 3


def test_not_a_winning_hand() -> None:
    """Tiles that form no reading are refused with their own code."""
    with pytest.raises(EngineError) as caught:
        count_fans(parse_hand(hand("123m456p789s234m5p", "6s")))
    assert caught.value.code == "not_a_winning_hand"


def test_absorptions_do_not_depend_on_their_order() -> None:
    """A fan absorbed by an earlier fan of ABSORBS absorbs nothing more.

    ``apply_exclusions`` reads every absorbing fan before absorbing any, which
    gives the rule book's answer only while this holds.
    """
    absorbs = dict(ABSORBS)
    order = [fan for fan, _ in ABSORBS]
    for position, (_, absorbed) in enumerate(ABSORBS):
        for other in absorbed:
            if other in absorbs:
                assert order.index(other) > position
                assert set(absorbs[other]) <= set(absorbed)
