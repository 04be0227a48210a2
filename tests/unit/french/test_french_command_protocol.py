"""The commands' protocol as a strict client meets it (issue 13, item 3):
every key of a line is required, JSON types are not guessed at, every bad
value is an error line naming its field, and the process goes on."""

from __future__ import annotations

import json

import pytest

from tests.commands import run_module
from tests.unit.french.sets import EXAMPLE_SETS, pair, pung
from tests.unit.french.test_command import EXAMPLE_LINE, SETTLE_LINE

FAMILY_LINE = {
    "kind": "hand",
    "finish": 1,
    "sets": [pung("111m"), pung("222m"), pung("333m"), pung("444m"), pair("55m")],
    "flowers": 0,
    "announced": True,
}


def answers(module: str, lines: list[object]) -> list[dict[str, object]]:
    text = "".join(json.dumps(line) + "\n" for line in lines)
    completed = run_module(module, text, check=True)
    found = [json.loads(line) for line in completed.stdout.splitlines()]
    assert len(found) == len(lines)
    return found


def without(line: dict[str, object], key: str) -> dict[str, object]:
    return {k: v for k, v in line.items() if k != key}


def test_every_key_of_a_french_hand_line_is_required():
    """A line missing any key of the protocol is refused, naming the key:
    a client's typo must not score as ``false`` or an empty list."""
    keys = list(EXAMPLE_LINE)
    found = answers("scoring.engine.french", [without(EXAMPLE_LINE, k) for k in keys])
    for key, answer in zip(keys, found, strict=True):
        assert answer == {"error": f"Missing field: {key}."}


def test_every_key_of_a_family_line_and_of_a_settle_line_is_required():
    keys = list(FAMILY_LINE)
    found = answers(
        "scoring.engine.encyclopaedia", [without(FAMILY_LINE, k) for k in keys]
    )
    for key, answer in zip(keys, found, strict=True):
        assert answer == {"error": f"Missing field: {key}."}
    settle = answers(
        "scoring.engine.french",
        [without(SETTLE_LINE, "mahjong"), without(SETTLE_LINE, "scores")],
    )
    assert settle[0] == {"error": "Missing field: mahjong."}
    assert "scores" in str(settle[1]["error"])


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"mahjong": "true"}, "mahjong"),
        ({"mahjong": 1}, "mahjong"),
        ({"mahjong": None}, "mahjong"),
        ({"self_drawn": "false"}, "self_drawn"),
        ({"calling_hand": 0}, "calling_hand"),
        ({"robbing_kong": 1.0}, "robbing_kong"),
        ({"flowers": ["1"]}, "flowers"),
        ({"flowers": [1.0]}, "flowers"),
        ({"seasons": [True]}, "seasons"),
        ({"flowers": None}, "flowers"),
        ({"sets": None}, "sets"),
        ({"sets": [dict(pung("222z"), concealed="yes")]}, "sets[0].concealed"),
        ({"sets": [dict(pung("222z"), concealed=1)]}, "sets[0].concealed"),
        ({"sets": [{"kind": "pung", "tiles": 222}]}, "sets[0].tiles"),
        ({"sets": [{"kind": "pung"}]}, "sets[0].tiles"),
        ({"sets": [{"tiles": "222z"}]}, "sets[0].kind"),
        ({"sets": [1]}, "sets[0]"),
    ],
)
def test_a_french_value_of_the_wrong_json_type_is_refused(change, field):
    found = answers("scoring.engine.french", [{**EXAMPLE_LINE, **change}, EXAMPLE_LINE])
    assert set(found[0]) == {"error"}
    assert field in str(found[0]["error"])
    assert not str(found[0]["error"]).startswith(("invalid_set", "not_an_object"))
    assert found[1]["points"] == 56


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"flowers": "2"}, "flowers"),
        ({"flowers": True}, "flowers"),
        ({"finish": "1"}, "finish"),
        ({"finish": True}, "finish"),
        ({"announced": "true"}, "announced"),
        ({"announced": None}, "announced"),
        ({"single_wait": 0}, "single_wait"),
        ({"sets": None}, "sets"),
    ],
)
def test_a_family_value_of_the_wrong_json_type_is_refused(change, field):
    found = answers("scoring.engine.encyclopaedia", [{**FAMILY_LINE, **change}])
    assert set(found[0]) == {"error"}
    assert field in str(found[0]["error"])


def test_settle_scores_are_json_integers_and_the_system_may_be_named():
    """A score typed as a string is refused; ``"system": "advanced"`` is
    accepted on a settle line, the simple system (nobody pays) refused."""
    scores = dict(SETTLE_LINE["scores"])  # type: ignore[call-overload]
    found = answers(
        "scoring.engine.french",
        [
            {**SETTLE_LINE, "scores": {**scores, "E": "80"}},
            {**SETTLE_LINE, "system": "advanced"},
            {**SETTLE_LINE, "system": "simple"},
        ],
    )
    assert "scores.E" in str(found[0]["error"])
    assert found[1] == {"deltas": {"E": 240, "S": 160, "W": -160, "N": -240}}
    assert "system" in str(found[2]["error"])


def test_a_replacement_tile_doubles_whether_or_not_self_drawn_is_said():
    """The protocol's ``self_drawn`` is the 5 points of a tile drawn from the
    wall; the replacement tile from the Colline is its own x2. Either way
    the line is answered, never refused."""
    found = answers(
        "scoring.engine.french",
        [
            {**EXAMPLE_LINE, "replacement_tile": True},
            {**EXAMPLE_LINE, "replacement_tile": True, "self_drawn": True},
        ],
    )
    assert found[0] == {"added": 28, "doubles": 2, "raw": 112, "points": 112}
    assert found[1] == {"added": 33, "doubles": 2, "raw": 132, "points": 132}


@pytest.mark.parametrize(
    "flags",
    [
        {"replacement_tile": True, "last_discard": True},
        {"replacement_tile": True, "robbing_kong": True},
    ],
)
def test_a_replacement_tile_is_not_a_discard_nor_a_robbed_kong(flags):
    found = answers("scoring.engine.french", [{**EXAMPLE_LINE, **flags}])
    assert set(found[0]) == {"error"}
    assert "replacement_tile" in str(found[0]["error"])


def test_the_sets_of_the_example_still_score_56():
    assert answers("scoring.engine.french", [EXAMPLE_LINE])[0]["points"] == 56
    assert list(EXAMPLE_SETS) == EXAMPLE_LINE["sets"]


def test_an_empty_line_gets_an_error_line_like_every_other_line():
    """One answer a line, as the MCR and riichi commands do: a client that
    counts lines stays in step after a blank one."""
    for module, line in (
        ("scoring.engine.french", EXAMPLE_LINE),
        ("scoring.engine.encyclopaedia", FAMILY_LINE),
    ):
        text = json.dumps(line) + "\n\n   \n" + json.dumps(line) + "\n"
        completed = run_module(module, text, check=True)
        found = [json.loads(answer) for answer in completed.stdout.splitlines()]
        assert len(found) == 4
        assert found[1] == found[2] == {"error": "Not a JSON object: empty line"}
        assert found[0] == found[3] and "error" not in found[0]
