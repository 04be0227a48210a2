"""The tile calculator against the ``mahjong`` library's own examples.

The hands below are those of the library's test suite
(``tests/hand_calculating/tests_yaku_calculation.py``), written the way that
suite writes them (the 14 tiles by suit, melds included) with the han and fu
it asserts. Each is turned into this project's notation and sent through
``tiles.answer``. The library's default configuration has no winds; the
winds given here are ones the hand does not hold, so they add nothing.
"""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mahjong.hand_calculating.hand_config import HandConfig
from mahjong.hand_calculating.scores import ScoresCalculator

from scoring.engine.riichi import RIICHI
from scoring.engine.riichi.tiles import answer, count_hand, parse_riichi_hand
from scoring.engine.riichi.value import HandValue, price
from scoring.engine.tiles import format_tiles, parse_tiles
from tests.unit.riichi.conftest import options

# The library's suite plays without open tanyao.
LIBRARY_RULES = options(open_tanyao=False, limits="modern")

# (tiles, winning tile, melds as (kind, tiles, concealed), flags, winds,
#  han, fu): ``winds`` is seat + prevalent.
EXAMPLES = [
    (
        "112233999p11177z",
        "9p",
        [("pung", "111z"), ("chow", "123p"), ("chow", "123p")],
        {},
        "SW",
        None,
        30,
    ),
    (
        "22244456799p4444z",
        "2p",
        [("kong", "4444z")],
        {"dora_indicators": "3s3z"},
        "SE",
        6,
        50,
    ),
    ("678s11m123345p666z", "3p", [], {"self_drawn": True}, "SE", None, 40),
    ("234789m12345666p", "6p", [], {}, "SE", None, 30),
    ("678s34555789p555z", "5p", [], {"self_drawn": True}, "SE", None, 40),
    ("123345678s678m88p", "3s", [], {}, "SE", 1, 30),
    (
        "111123666789s11z",
        "1s",
        [("pung", "666s")],
        {"dora_indicators": "4z"},
        "ES",
        4,
        40,
    ),
    ("12333p567s666777z", "3p", [("pung", "666z"), ("pung", "777z")], {}, "SE", 2, 30),
    ("12367778p678s456m", "7p", [], {"riichi": True}, "SE", 1, 40),
    (
        "11156677899m7777z",
        "7m",
        [("kong", "7777z"), ("pung", "111m"), ("chow", "678m")],
        {},
        "SE",
        3,
        40,
    ),
    ("122223777888m66z", "2m", [("chow", "123m"), ("pung", "777m")], {}, "SE", 2, 30),
    (
        "11144678888p444z",
        "8p",
        [("pung", "444z"), ("pung", "111p"), ("pung", "888p")],
        {},
        "SE",
        2,
        30,
    ),
    ("67778s345m999p222z", "7s", [], {"self_drawn": True}, "WE", 1, 40),
    ("33445577789s345m", "7s", [], {"self_drawn": True}, "SE", 2, 30),
    ("112233667788p22z", "3p", [("chow", "123p")], {}, "WE", 2, 30),
    ("345s12333456789m", "3m", [], {}, "SE", 2, 40),
    (
        "11123456777888s",
        "4s",
        [("chow", "123s"), ("pung", "777s"), ("pung", "888s")],
        {"self_drawn": True},
        "SE",
        5,
        30,
    ),
    ("112233789s55777z", "2s", [("chow", "123s")], {}, "SE", 4, 40),
    ("234777888999p22z", "9p", [("chow", "234p"), ("chow", "789p")], {}, "WE", 2, 30),
    (
        "77888899p777z444m",
        "8p",
        [("pung", "777z"), ("pung", "444m")],
        {"self_drawn": True},
        "SE",
        1,
        30,
    ),
    ("12333345p555z567m", "3p", [], {}, "SE", 1, 40),
    ("34567777889p555z", "7p", [("chow", "345p")], {}, "SE", 3, 30),
    ("567p3334444555s77z", "3s", [("kong*", "4444s")], {"riichi": True}, "SE", 1, 60),
    ("123444s234456m66p", "4s", [], {"riichi": True}, "SE", 1, 40),
    ("123444s234456m66p", "4s", [], {"self_drawn": True}, "SE", 1, 30),
    ("123444s234456m66p", "4s", [], {"riichi": True, "ippatsu": True}, "SE", 2, 40),
    (
        "1234444s234456m66p",
        "1s",
        [("kong*", "4444s")],
        {"self_drawn": True, "replacement": True},
        "SE",
        2,
        40,
    ),
    (
        "1234444s234456m66p",
        "1s",
        [("kong", "4444s")],
        {"self_drawn": True, "replacement": True},
        "SE",
        1,
        30,
    ),
    ("123444s234456m66p", "1s", [], {"robbing_kong": True}, "SE", 1, 40),
    (
        "123444s234456m66p",
        "4s",
        [],
        {"self_drawn": True, "last_tile": True},
        "SE",
        2,
        30,
    ),
    (
        "123444s234456m66p",
        "4s",
        [("chow", "123s")],
        {"self_drawn": True, "last_tile": True},
        "SE",
        1,
        30,
    ),
]


def as_hand(tiles, win, melds, flags, winds):
    """The example in hand-format.md: standing tiles without melds or winner."""
    rest = Counter(parse_tiles(tiles))
    meld_objects = []
    for kind, meld_tiles in melds:
        rest -= Counter(parse_tiles(meld_tiles))
        concealed = kind.endswith("*")
        meld_objects.append(
            {"kind": kind.rstrip("*"), "tiles": meld_tiles, "concealed": concealed}
        )
    rest -= Counter(parse_tiles(win))
    return {
        "concealed": format_tiles(rest.elements()),
        "melds": meld_objects,
        "winning_tile": win,
        "seat_wind": winds[0],
        "prevalent_wind": winds[1],
        **flags,
    }


@pytest.mark.parametrize(
    ("tiles", "win", "melds", "flags", "winds", "han", "fu"), EXAMPLES
)
def test_library_examples_give_the_same_han_and_fu(
    tiles, win, melds, flags, winds, han, fu
):
    """Han and fu as the library's own suite asserts them."""
    got = answer(as_hand(tiles, win, melds, flags, winds), LIBRARY_RULES)
    assert got["ok"], got["error"]
    assert got["fu"] == fu
    if han is not None:
        assert got["han"] == han


# From the library's ``tests_yakuman_calculation.py``: tiles, winning tile,
# flags, winds, yakuman (its han / 13) and fu.
YAKUMAN_EXAMPLES = [
    ("123s22m555666777z", "7z", {}, "SE", 1, 50),
    ("123s11122233344z", "4z", {}, "EE", 1, 60),
    ("22s111222333444z", "4z", {}, "EE", 2, 60),
    ("11223344556677z", "7z", {}, "EE", 1, 25),
    ("111222s111999m99p", "9p", {}, "EE", 2, 60),
    ("119s19m19p1234567z", "9s", {}, "EE", 1, 0),
    ("119s19m19p1234567z", "1s", {}, "EE", 2, 0),
    ("22334466888s666z", "6z", {}, "EE", 1, 40),
    ("111444s333m44555p", "5p", {"self_drawn": True}, "SE", 1, 50),
    ("111444s333m44455p", "5p", {"self_drawn": True}, "SE", 2, 50),
    ("33344455577799m", "9m", {}, "SE", 2, 50),
    ("11123456789999m", "1m", {}, "SE", 1, 40),
]


@pytest.mark.parametrize(
    ("tiles", "win", "flags", "winds", "yakuman", "fu"), YAKUMAN_EXAMPLES
)
def test_library_yakuman_examples(tiles, win, flags, winds, yakuman, fu):
    """Yakuman, double yakuman and their fu as the library's suite asserts."""
    got = answer(as_hand(tiles, win, [], flags, winds), LIBRARY_RULES)
    assert got["ok"], got["error"]
    assert (got["yakuman"], got["fu"]) == (yakuman, fu)
    assert len(got["yaku"]) == 1
    dealer = winds[0] == "E"
    base = 48000 if dealer else 32000
    if not flags.get("self_drawn"):
        assert got["payment"]["ron"] == base * yakuman


def library_cost(han, fu, *, dealer, tsumo, yakuman=False):
    config = HandConfig(is_tsumo=tsumo, player_wind=27 if dealer else 28)
    return ScoresCalculator.calculate_scores(han, fu, config, is_yakuman=yakuman)


@pytest.mark.parametrize(
    ("tiles", "win", "melds", "flags", "winds", "han", "fu"), EXAMPLES
)
def test_payments_match_the_library_on_its_examples(
    tiles, win, melds, flags, winds, han, fu
):
    """The price this package computes is the library's own cost."""
    hand = parse_riichi_hand(as_hand(tiles, win, melds, flags, winds), LIBRARY_RULES)
    count = count_hand(hand, LIBRARY_RULES)
    cost = library_cost(
        count.value.han, count.fu, dealer=count.dealer, tsumo=count.self_drawn
    )
    if count.self_drawn:
        assert (count.price.from_dealer or count.price.from_child) == cost["main"]
        assert count.price.from_child == cost["additional"]
    else:
        assert count.price.ron == cost["main"]


VALUES = [
    (han, fu)
    for han, fu in itertools.product(
        range(1, 14), (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)
    )
    if not (fu == 25 and han < 2)
]


@given(st.sampled_from(VALUES), st.booleans(), st.booleans(), st.integers(0, 5))
def test_every_value_prices_as_the_library_with_modern_limits(
    value, dealer, tsumo, yakuman
):
    """Full count, modern limits, kazoe yakuman: same payments as the library."""
    han, fu = value
    ours = price(
        HandValue(han=han, fu=fu, yakuman=yakuman), LIBRARY_RULES, dealer=dealer
    )
    cost = library_cost(
        13 * yakuman or han, fu, dealer=dealer, tsumo=tsumo, yakuman=yakuman > 0
    )
    if not tsumo:
        assert ours.ron == cost["main"]
    elif dealer:
        assert ours.from_child == cost["main"] == cost["additional"]
    else:
        assert (ours.from_dealer, ours.from_child) == (cost["main"], cost["additional"])


def test_yaku_list_and_dora():
    """Riichi, ippatsu, tsumo, pinfu and dora lines, each with its han."""
    hand = {
        "concealed": "234789m1234566p",
        "winning_tile": "6p",
        "self_drawn": True,
        "riichi": True,
        "ippatsu": True,
        "dora_indicators": "1m",
        "seat_wind": "E",
        "prevalent_wind": "E",
    }
    got = answer(hand, options())
    names = {y["name"]: y["han"] for y in got["yaku"]}
    assert names == {
        "Menzen Tsumo": 1,
        "Riichi": 1,
        "Ippatsu": 1,
        "Pinfu": 1,
        "Dora": 1,
    }
    assert (got["han"], got["fu"]) == (5, 20)
    assert got["payment"] == {
        "ron": 12000,
        "from_dealer": 0,
        "from_child": 4000,
        "total": 12000,
    }


def test_yakuman_are_counted_as_yakuman():
    """Thirteen orphans on a 13-sided wait: a double yakuman for the dealer."""
    hand = {
        "concealed": "19m19p19s1234567z",
        "winning_tile": "1m",
        "seat_wind": "E",
        "prevalent_wind": "E",
    }
    got = answer(hand, options())
    assert got["yakuman"] == 2
    assert got["payment"]["ron"] == 96000
    single = answer(hand, options(multiple_yakuman=False))
    assert single["payment"]["ron"] == 48000


def test_score_tiles_gives_the_result_fields_and_the_yaku():
    """The tablet's picker: han, fu, yakuman for the result, yaku to store."""
    score = RIICHI.score_tiles(
        {
            "concealed": "234789m1234566p",
            "winning_tile": "6p",
            "self_drawn": True,
            "riichi": True,
            "seat_wind": "S",
            "prevalent_wind": "E",
        }
    )
    assert score.result == {"han": 3, "fu": 20, "yakuman": 0}
    assert score.self_drawn
    assert [item["name"] for item in score.breakdown] == [
        "Menzen Tsumo",
        "Riichi",
        "Pinfu",
    ]
    data = {"kind": "self_draw", "winner": 1, **score.result}
    assert RIICHI.parse_result(data, options()).wins[0].value.han == 3
    assert RIICHI.ranking(options()) == ("table_points",)


def test_red_fives_count_when_the_setting_is_on():
    """A red five is one more dora; refused when red fives are not played."""
    hand = {
        "concealed": "234789m1234566p",
        "winning_tile": "6p",
        "riichi": True,
        "red_fives": "5p",
        "seat_wind": "S",
        "prevalent_wind": "E",
    }
    got = answer(hand, options(red_fives=True))
    assert {"name": "Aka Dora", "han": 1, "yakuman": False} in got["yaku"]
    refused = answer(hand, options())
    assert not refused["ok"]
    assert refused["error"].startswith("red_fives:")


@pytest.mark.parametrize(
    ("changes", "start"),
    [
        ({"concealed": "234789m1234567p"}, "Not a winning hand"),
        (
            {"riichi": False, "concealed": "123m456p789s444z5p", "winning_tile": "5p"},
            "The hand has no yaku",
        ),
        ({"ippatsu": True, "riichi": False}, "ippatsu:"),
        ({"winning_tile": "6q"}, "winning_tile:"),
        ({"dora_indicators": "6p6p"}, "5 copies of 6p"),
        ({"flowers": 1}, "flowers:"),
    ],
)
def test_bad_hands_answer_ok_false_with_a_reason(changes, start):
    """Not winning, no yaku, impossible conditions, bad tiles: ok false."""
    hand = {
        "concealed": "234789m1234566p",
        "winning_tile": "6p",
        "riichi": True,
        "seat_wind": "S",
        "prevalent_wind": "E",
        **changes,
    }
    got = answer(hand, options())
    assert not got["ok"]
    assert got["error"].startswith(start), got["error"]
