"""Audit of ``python -m scoring.engine.riichi`` against issue 12, item 3: the
request carries every key the protocol lists, with JSON numbers where it
says numbers, and answers worked out by hand from riichi.md."""

from __future__ import annotations

import json

import pytest

from scoring.engine.riichi.__main__ import answer_line
from tests.unit.riichi.conftest import HAND_LINE

END = {
    "kind": "end",
    "points": [21300, 8700, 33600, 36400],
    "start": 25000,
    "return": 30000,
    "uma": None,
}


def ask(line: dict[str, object]) -> dict[str, object]:
    return answer_line(json.dumps(line))


def without(line: dict[str, object], key: str) -> dict[str, object]:
    return {k: v for k, v in line.items() if k != key}


@pytest.mark.parametrize("key", sorted(set(HAND_LINE) - {"kind"}))
def test_a_hand_request_without_one_of_its_keys_is_an_error_naming_it(key):
    """A missing ``discarder`` is not a tsumo, a missing ``honba`` not 0: the
    protocol lists each key (``null`` says "none" where it may)."""
    got = ask(without(HAND_LINE, key))
    assert set(got) == {"error"} and got["error"].startswith(f"{key}:"), got


@pytest.mark.parametrize("key", ["points", "start", "return", "uma"])
def test_an_end_request_without_one_of_its_keys_is_an_error_naming_it(key):
    """``uma`` is a list or ``null``; start and return are given."""
    got = ask(without(END, key))
    assert set(got) == {"error"} and got["error"].startswith(f"{key}:"), got


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("han", "3"),
        ("fu", "30"),
        ("yakuman", "0"),
        ("yakuman", None),
        ("dealer", "0"),
        ("winner", "1"),
        ("discarder", "2"),
        ("discarder", ""),
        ("honba", "0"),
        ("deposits", None),
        ("count", None),
        ("han", True),
        ("fu", 30.0),
    ],
)
def test_a_hand_value_of_the_wrong_json_type_is_an_error_naming_it(key, value):
    """Numbers are JSON integers: a string, a boolean or a float is refused."""
    got = ask(HAND_LINE | {key: value})
    assert set(got) == {"error"} and got["error"].startswith(f"{key}:"), got


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"points": [21300, "8700", 33600, 36400]}, "points[1]"),
        ({"start": "25000"}, "start"),
        ({"return": "30000"}, "return"),
        ({"uma": [15, "5", -5, -15]}, "uma"),
        ({"start": None}, "start"),
    ],
)
def test_an_end_value_of_the_wrong_json_type_is_an_error_naming_it(changes, field):
    got = ask(END | changes)
    assert set(got) == {"error"} and got["error"].startswith(f"{field}:"), got


def test_a_yakuman_needs_no_han():
    """``han`` may be null (or 0) when the hand is a yakuman; a double yakuman
    by the dealer on a tsumo: 16,000 x 2 from each child, 100 a honba each,
    the two sticks to the winner."""
    line = HAND_LINE | {"han": None, "fu": None, "yakuman": 2, "discarder": None}
    line |= {"winner": 0, "honba": 1, "deposits": 2}
    assert ask(line) == {"deltas": [96_000 + 300 + 2_000, -32_100, -32_100, -32_100]}
    assert ask(HAND_LINE | {"han": None, "fu": None}) == {
        "error": "han: Enter the han of the winning hand (or its yakuman)."
    }


@pytest.mark.parametrize(
    ("changes", "deltas"),
    [
        # 4 han 30 fu: 1,920 basic, no mangan (riichi.md: 4 han with 40+ fu).
        ({"han": 4, "fu": 30}, [0, 7_700, -7_700, 0]),
        ({"han": 4, "fu": 40}, [0, 8_000, -8_000, 0]),
        ({"han": 3, "fu": 70}, [0, 8_000, -8_000, 0]),
        # 5 han 20 fu is a mangan whatever the fu; the child's tsumo.
        ({"han": 5, "fu": 20, "discarder": None}, [-4_000, 8_000, -2_000, -2_000]),
        # 32 fu round up to 40: 320 x 4 = 1,280 -> 1,300.
        ({"han": 1, "fu": 32}, [0, 1_300, -1_300, 0]),
        # Seven pairs, 4 han 25 fu, dealer ron: 1,600 x 6.
        ({"han": 4, "fu": 25, "winner": 0}, [9_600, 0, -9_600, 0]),
        # Dealer tsumo, 1 han 30 fu: 480 -> 500 each, honba 3, a stick.
        (
            {"han": 1, "winner": 0, "discarder": None, "honba": 3, "deposits": 1},
            [3 * 800 + 1_000, -800, -800, -800],
        ),
        # Classic limits: 10 han is a sanbaiman; 13 counted han a yakuman.
        ({"han": 10, "fu": None}, [0, 24_000, -24_000, 0]),
        ({"han": 13, "fu": None}, [0, 32_000, -32_000, 0]),
        # Short count, 3 han child tsumo with the dealer at seat 2.
        (
            {"count": "short", "fu": None, "dealer": 2, "discarder": None},
            [-1_000, 4_000, -2_000, -1_000],
        ),
    ],
)
def test_hand_answers_worked_by_hand(changes, deltas):
    assert ask(HAND_LINE | changes) == {"deltas": deltas}


@pytest.mark.parametrize(
    ("points", "uma", "scores"),
    [
        # -1,500 is -2,000 + 500: -2; -1,600 is -2,000 + 400: -2; 12,500 -> 12.
        ([-1_500, -1_600, 12_500, 90_600], None, [-32, -32, -18, 82]),
        ([12_600, -1_400, 29_400, 59_400], None, [-17, -31, -1, 49]),
        # Ties on points: the earlier seat takes the better place.
        ([30_000, 30_000, 20_000, 20_000], [15, 5, -5, -15], [35, 5, -15, -25]),
    ],
)
def test_end_answers_worked_by_hand(points, uma, scores):
    assert ask(END | {"points": points, "uma": uma}) == {"scores": scores}
