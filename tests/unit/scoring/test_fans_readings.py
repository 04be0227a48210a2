"""The readings of mcr.md section 6, where references differ."""

from __future__ import annotations

from scoring.engine.mcr.fans import count_fans, parse_hand
from tests.unit.scoring.fan_hands import BASE_KONG, fans_of, hand


def _total(data: dict[str, object]) -> int:
    return count_fans(parse_hand(data)).total


def test_6_1_one_concealed_one_melded_kong() -> None:
    """Two Melded Kongs 4 + Concealed Kong 2, no private 5-point fan."""
    fans = fans_of(hand("456s789m5z", "5z", "K1111m", "k2222p"))
    assert fans[57] == 1 and fans[67] == 1
    assert 74 not in fans


def test_6_2_two_concealed_kongs_are_worth_8() -> None:
    """Fan 48 is worth 8; it absorbs Concealed Kong and Two Concealed Pungs."""
    data = hand("456s789m5z", "5z", "K1111m", "K2222p")
    result = count_fans(parse_hand(data))
    by_number = {fan.number: fan for fan in result.fans}
    assert by_number[48].points == 8
    assert 67 not in by_number and 66 not in by_number


def test_6_3_no_wait_fan_on_a_knitted_straight_tile() -> None:
    """Won on 9s, the only tile that completes it, but 9s is knitted: no wait fan."""
    fans = fans_of(hand("147m258p36s123m55z", "9s"))
    assert fans[35] == 1
    assert not {77, 78, 79} & set(fans)


def test_6_3_wait_fan_outside_the_knitted_straight() -> None:
    """Won on 3m with 12m: an Edge Wait, as 3m is not a knitted tile."""
    fans = fans_of(hand("147m258p369s12m55z", "3m"))
    assert fans[35] == 1 and fans[77] == 1


def test_6_4_seven_pairs_all_green_no_tile_hog() -> None:
    """Four 2s in All Green Seven Pairs: no Tile Hog."""
    fans = fans_of(hand("2222668888s666z", "6z"))
    assert fans[3] == 1 and fans[19] == 1
    assert 64 not in fans


def test_6_4_seven_pairs_all_terminals_no_tile_hog() -> None:
    """Four 1m in All Terminals Seven Pairs: no Tile Hog."""
    fans = fans_of(hand("111199m1199p119s", "9s"))
    assert fans[8] == 1 and fans[19] == 1
    assert 64 not in fans


def test_6_4_other_seven_pairs_keep_tile_hog() -> None:
    """Elsewhere four alike in Seven Pairs still score Tile Hog."""
    fans = fans_of(hand("1111m3355p7799s1z", "1z"))
    assert fans[19] == 1 and fans[64] == 1


def test_6_5_three_kongs_with_concealed_kongs() -> None:
    """Two concealed kongs among three: Three Kongs + Two Concealed Pungs."""
    fans = fans_of(hand("456m5z", "5z", "K1111m", "K2222p", "k3333s"))
    assert fans[17] == 1 and fans[66] == 1
    assert not {48, 57, 67, 74} & set(fans)


def test_6_5_four_kongs_with_concealed_kongs() -> None:
    """Three concealed kongs among four: Four Kongs + Three Concealed Pungs."""
    fans = fans_of(hand("5z", "5z", "K1111m", "K2222p", "K3333s", "k4444z"))
    assert fans[5] == 1 and fans[33] == 1
    assert not {17, 48, 49, 57, 67, 79} & set(fans)


def test_6_6_nine_gates_on_a_terminal() -> None:
    """Won on 1m: Pure Straight and Tile Hog stay; the absorbed fans go."""
    fans = fans_of(hand("1112345678999m", "1m"))
    assert fans == {4: 1, 28: 1, 64: 1}


def test_6_6_nine_gates_on_a_two() -> None:
    """Won on 2m: Two Concealed Pungs, Short Straight, one Pung of Terminals."""
    fans = fans_of(hand("1112345678999m", "2m"))
    assert fans == {4: 1, 66: 1, 71: 1, 73: 1}


def test_6_6_nine_gates_self_drawn() -> None:
    """Self-drawn Nine Gates adds Self-Drawn, not Fully Concealed Hand."""
    fans = fans_of(hand("1112345678999p", "5p", self_drawn=True))
    assert fans[4] == 1 and fans[80] == 1
    assert 56 not in fans and 22 not in fans


def test_6_7_last_tile_draw_and_replacement_together() -> None:
    """A kong replaced by the last wall tile scores both 44 and 46."""
    data = {**BASE_KONG, "self_drawn": True, "last_tile": True, "replacement": True}
    fans = fans_of(data)
    assert fans[44] == 1 and fans[46] == 1
    assert 80 not in fans


def test_6_8_all_terminals_absorbs_double_pung() -> None:
    """111m 999m 111p 999p: no Double Pung beside All Terminals."""
    fans = fans_of(hand("111999m111999p1s", "1s"))
    assert fans[8] == 1 and 65 not in fans


def test_6_8_all_terminals_keeps_triple_pung() -> None:
    """111m 111p 111s: Triple Pung stays beside All Terminals."""
    fans = fans_of(hand("111999m111p111s9p", "9p"))
    assert fans[8] == 1 and fans[32] == 1


def test_6_9_equal_totals_prefer_the_higher_single_fan() -> None:
    """Two readings worth 4: Two Concealed Pungs (2) beats Short Straight + 73."""
    fans = fans_of(hand("777p1123444s", "1s", "c567s"))
    assert fans == {66: 1, 75: 1, 76: 1}
