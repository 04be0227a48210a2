"""Every reading of the 14 tiles, the waits, the hand format and its errors."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.errors import EngineError
from scoring.engine.mcr.fans import FANS, WinningHand, answer, count_fans, parse_hand
from scoring.engine.mcr.fans.decompose import standard_splits, waits
from scoring.engine.tiles import count_tiles, parse_tiles
from tests.unit.scoring.fan_hands import BASE, fans_of, hand


def test_fan_table_matches_the_rule_book() -> None:
    """81 fans numbered 1..81; a few spot checks of names and points."""
    assert [fan.number for fan in FANS] == list(range(1, 82))
    assert FANS[0].name == "Big Four Winds" and FANS[0].points == 88
    assert FANS[47].name == "Two Concealed Kongs" and FANS[47].points == 8
    assert FANS[38].name_fr == "Grande suite"
    assert len({fan.name for fan in FANS}) == 81


@pytest.mark.parametrize(
    ("data", "shape"),
    [
        (hand("123m456p789s234m5p", "5p"), 39),
        (hand("113355779m1122z", "9m"), 19),
        (hand("1122334455667m", "7m"), 6),
        (hand("19m19p19s1234567z", "9s"), 7),
        (hand("147m25p3s1234567z", "6s"), 20),
        (hand("147m258p36s12345z", "6z"), 34),
        (hand("147m258p369s123m5z", "5z"), 35),
        (hand("147m258p369s5z", "5z", "c123m"), 35),
        (hand("1112345678999s", "9s"), 4),
    ],
    ids=[
        "standard",
        "seven-pairs",
        "shifted-pairs",
        "orphans",
        "greater",
        "lesser",
        "knitted",
        "knitted-melded",
        "nine-gates",
    ],
)
def test_every_shape_is_read(data: dict[str, object], shape: int) -> None:
    """Each special shape is recognised and scored as its fan."""
    assert shape in fans_of(data)


def test_seven_pairs_or_standard_whichever_is_higher() -> None:
    """112233m445566p77s: Seven Pairs (24) beats the standard reading."""
    fans = fans_of(hand("112233m445566p7s", "7s"))
    assert 19 in fans


def test_standard_splits_enumerate_every_reading() -> None:
    """111222333m + pair: as three pungs and as three identical chows."""
    counts = tuple(count_tiles(parse_tiles("111222333m55p")))
    readings = {sets for sets, _ in standard_splits(counts)}
    assert len(readings) == 2


@pytest.mark.parametrize(
    ("standing", "expected"),
    [
        ("123m456p789s234m5p", ["5p"]),
        ("1112345678999m", ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]),
        (
            "19m19p19s1234567z",
            ["1m", "9m", "1p", "9p", "1s", "9s", *(f"{r}z" for r in range(1, 8))],
        ),
        ("23m456p789s234m55z", ["1m", "4m"]),
        ("1113m456p789s234m", ["2m", "3m", "5m"]),
        ("147m258p36s12345z", ["9s", "6z", "7z"]),
    ],
)
def test_waits_from_the_thirteen_tiles(standing: str, expected: list[str]) -> None:
    """Every tile kind that finishes the 13 tiles, all shapes together."""
    counts = tuple(count_tiles(parse_tiles(standing)))
    found = list(waits(counts, 0))
    assert found == [parse_tiles(tile)[0].index for tile in expected]


def test_wait_fans_need_a_single_winning_tile() -> None:
    """Won in the middle of 4-6p but also waiting elsewhere: no Closed Wait."""
    assert 78 not in fans_of(hand("1113m456p789s234m", "2m"))
    assert 78 in fans_of(hand("13m456p789s567m55z", "2m"))


def test_parse_hand_builds_the_dataclass() -> None:
    """The JSON hand becomes a frozen WinningHand."""
    parsed = parse_hand(hand("789s234m5p", "5p", "c123m", "K1111z", flowers=2))
    assert isinstance(parsed, WinningHand)
    assert parsed.flowers == 2
    assert [meld.kind for meld in parsed.melds] == ["chow", "kong"]
    assert parsed.melds[1].concealed and parsed.melds[1].source is None


def test_defaults_for_optional_fields() -> None:
    """Melds, win conditions and flowers may be left out."""
    data = {
        "concealed": "123m456p789s234m5p",
        "winning_tile": "5p",
        "seat_wind": "E",
        "prevalent_wind": "E",
    }
    assert count_fans(parse_hand(data)).total == count_fans(parse_hand(BASE)).total


@pytest.mark.parametrize(
    ("change", "code", "field"),
    [
        ({"concealed": "123m456p789s234m5x"}, "malformed_tiles", "concealed"),
        ({"concealed": "123m456p789s234m"}, "wrong_tile_count", None),
        ({"winning_tile": "55p"}, "invalid_value", "winning_tile"),
        ({"seat_wind": "X"}, "invalid_value", "seat_wind"),
        ({"self_drawn": "yes"}, "invalid_value", "self_drawn"),
        ({"flowers": 9}, "invalid_value", "flowers"),
        ({"flowers": True}, "invalid_value", "flowers"),
        ({"melds": "none"}, "invalid_value", "melds"),
        ({"concealed": "5555p123m456p789s"}, "too_many_copies", None),
        ({"last_of_kind": True}, "impossible_condition", "last_of_kind"),
        ({"robbing_kong": True}, "impossible_condition", "robbing_kong"),
        (
            {"replacement": True, "self_drawn": True},
            "impossible_condition",
            "replacement",
        ),
    ],
)
def test_hand_errors_name_the_field(
    change: dict[str, object], code: str, field: str | None
) -> None:
    """Each fault raises its code and names the input field at fault."""
    with pytest.raises(EngineError) as caught:
        parse_hand({**BASE, **change})
    assert caught.value.code == code
    assert caught.value.field == field


def test_missing_field() -> None:
    """A required field left out is named."""
    data = dict(BASE)
    del data["seat_wind"]
    with pytest.raises(EngineError) as caught:
        parse_hand(data)
    assert (caught.value.code, caught.value.field) == ("missing_field", "seat_wind")


@pytest.mark.parametrize(
    ("meld", "field"),
    [
        ({"kind": "chow", "tiles": "124m"}, "melds[0].tiles"),
        ({"kind": "pung", "tiles": "2222z"}, "melds[0].tiles"),
        ({"kind": "chow", "tiles": "123z"}, "melds[0].tiles"),
        ({"kind": "pair", "tiles": "22z"}, "melds[0].kind"),
        ({"kind": "pung", "tiles": "222z", "concealed": True}, "melds[0].concealed"),
        ({"kind": "pung", "tiles": "222z", "from": "behind"}, "melds[0].from"),
        ({"kind": "pung", "tiles": "22q"}, "melds[0].tiles"),
        ({"kind": "pung"}, "melds[0].tiles"),
    ],
)
def test_meld_errors_name_the_meld(meld: dict[str, object], field: str) -> None:
    """A meld fault names the meld by its position and the key at fault."""
    data = hand("789s234m5p", "5p", "c456p")
    data["melds"] = [meld, *data["melds"]]  # type: ignore[misc]
    with pytest.raises(EngineError) as caught:
        parse_hand(data)
    assert caught.value.field == field


def test_answer_has_exactly_the_documented_keys() -> None:
    """{"ok", "total", "fans", "error"}; each fan has its five keys."""
    result = answer(BASE)
    assert set(result) == {"ok", "total", "fans", "error"}
    assert result["ok"] is True and result["error"] is None
    fans = result["fans"]
    assert isinstance(fans, list)
    assert set(fans[0]) == {"number", "name", "name_fr", "points", "count"}
    assert result["total"] == sum(f["points"] * f["count"] for f in fans)


def test_answer_error_sentences() -> None:
    """Errors come back as English sentences a referee understands."""
    assert answer({**BASE, "concealed": "123m456p789s234m5x"})["error"] == (
        "Malformed tiles: 5x"
    )
    assert answer({**BASE, "winning_tile": "6s"})["error"] == "Not a winning hand."
    five = answer({**BASE, "concealed": "33333m456p7899s5p"})
    assert five["error"] == "5 copies of 3m in the hand (at most four)."
    assert five["ok"] is False and five["fans"] == [] and five["total"] == 0


def test_answer_never_raises_on_a_non_mapping() -> None:
    """Anything but a JSON object is an answer with ok: false, not a crash."""
    assert answer([])["ok"] is False  # type: ignore[arg-type]


def test_count_fans_checks_a_hand_built_directly() -> None:
    """The API may build WinningHand itself: count_fans still checks it."""
    tiles = parse_tiles("33333m456p7899s55p")
    built = WinningHand(
        concealed=tiles[:-1],
        winning_tile=tiles[-1],
        seat_wind="E",
        prevalent_wind="E",
    )
    with pytest.raises(EngineError) as caught:
        count_fans(built)
    assert caught.value.code == "too_many_copies"


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(
            [
                "concealed",
                "melds",
                "winning_tile",
                "flowers",
                "seat_wind",
                "prevalent_wind",
                "self_drawn",
                "robbing_kong",
            ]
        ),
        st.one_of(
            st.text(alphabet="0123456789mpsz ", max_size=20),
            st.integers(-2, 10),
            st.booleans(),
            st.none(),
            st.lists(
                st.dictionaries(
                    st.sampled_from(["kind", "tiles"]),
                    st.sampled_from(["chow", "123m", "5555z"]),
                )
            ),
        ),
    )
)
def test_answer_never_raises(data: dict[str, object]) -> None:
    """Whatever the JSON object, the answer is well formed."""
    result = answer(data)
    assert set(result) == {"ok", "total", "fans", "error"}
    assert result["ok"] is (result["error"] is None)
