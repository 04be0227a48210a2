"""The fast reader answers as parse_hand and count_fans do, or steps aside."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from scoring.engine.errors import EngineError
from scoring.engine.mcr.fans import answer, count_fans, parse_hand
from scoring.engine.mcr.fans.calculator import _checked_answer
from scoring.engine.mcr.fans.reading import read_context

BASE: dict[str, Any] = {
    "concealed": "123m456p789s234m5p",
    "winning_tile": "5p",
    "seat_wind": "E",
    "prevalent_wind": "S",
}
KONG = {"kind": "kong", "tiles": "1111z", "concealed": True, "from": None}
CHOW = {"kind": "chow", "tiles": "789s", "from": "left"}
VARIANTS: list[dict[str, Any]] = [
    BASE,
    {**BASE, "flowers": 2, "self_drawn": True},
    {**BASE, "concealed": "123m 456p789s234m5p"},
    {**BASE, "concealed": "123m456p789s234m0p"},
    {**BASE, "concealed": "123m456p789s234m58z"},
    {**BASE, "concealed": "12345"},
    {**BASE, "flowers": True},
    {**BASE, "flowers": 9},
    {**BASE, "self_drawn": 1},
    {**BASE, "seat_wind": ["E"]},
    {**BASE, "seat_wind": "X"},
    {**BASE, "winning_tile": "5p6p"},
    {**BASE, "concealed": "123m456p234m5p", "melds": [CHOW]},
    {**BASE, "concealed": "123m456p234m5p", "melds": [{**CHOW, "tiles": "788s"}]},
    {**BASE, "concealed": "123m456p234m5p", "melds": [{**CHOW, "from": "up"}]},
    {**BASE, "concealed": "123m456p234m5p", "melds": [{**CHOW, "concealed": 1}]},
    {**BASE, "concealed": "123m456p234m5p", "melds": [{**CHOW, "kind": ["chow"]}]},
    {**BASE, "concealed": "123m456p234m5p", "melds": ({**CHOW},)},
    {**BASE, "concealed": "123m456p234m5p", "melds": [KONG]},
    {**BASE, "concealed": "123m456p234m5p", "melds": [{**KONG, "from": "left"}]},
    {**BASE, "concealed": "1111m456p789s234m"},
    {**BASE, "replacement": True},
    {**BASE, "robbing_kong": True},
    {**BASE, "last_of_kind": True},
    {**BASE, "winning_tile": "6s"},
    {"winning_tile": "5p", "seat_wind": "E", "prevalent_wind": "S"},
]


@pytest.mark.parametrize("data", VARIANTS)
def test_every_answer_is_the_checked_answer(data: dict[str, Any]) -> None:
    """Same answer (fans, total, error) with or without the fast reader."""
    assert answer(data) == _checked_answer(data)


def test_plain_hands_take_the_fast_path_and_odd_ones_do_not() -> None:
    """Missing optional fields are read fast; spaces or 1-for-true are not."""
    assert read_context(BASE) is not None
    assert read_context({**BASE, "concealed": "123m 456p789s234m5p"}) is None
    assert read_context({**BASE, "self_drawn": 1}) is None


def test_a_parsed_hand_is_checked_once_and_a_built_one_by_count_fans() -> None:
    """parse_hand marks its hand checked; replace() and direct builds are not."""
    parsed = parse_hand(BASE)
    assert parsed.checked
    wrong = dataclasses.replace(parsed, flowers=9)
    assert not wrong.checked
    with pytest.raises(EngineError) as caught:
        count_fans(wrong)
    assert caught.value.code == "invalid_value"
    assert count_fans(parsed).total == count_fans(dataclasses.replace(parsed)).total
