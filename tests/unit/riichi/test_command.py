"""``python -m scoring.engine.riichi``: one JSON request a line, one answer a line."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.commands import ROOT, run_module
from tests.unit.riichi.conftest import HAND_LINE


def hand(**changes):
    return json.dumps(HAND_LINE | changes)


def run(lines):
    completed = run_module(
        "scoring.engine.riichi", "".join(line + "\n" for line in lines), check=True
    )
    return [json.loads(line) for line in completed.stdout.splitlines()]


def test_hand_answers_the_deltas_of_seats_0_to_3():
    """Ron, tsumo, honba and deposits as the protocol describes them."""
    answers = run(
        [
            hand(),
            hand(discarder=None, winner=0),
            hand(honba=2, deposits=3),
            hand(count="short", han=4, fu=None),
            hand(han=0, fu=None, yakuman=2, winner=3, discarder=None),
            hand(han=5, fu=None, winner=0, discarder=3),
        ]
    )
    assert answers == [
        {"deltas": [0, 3900, -3900, 0]},
        {"deltas": [6000, -2000, -2000, -2000]},
        {"deltas": [0, 3900 + 600 + 3000, -3900 - 600, 0]},
        {"deltas": [0, 6000, -6000, 0]},
        {"deltas": [-32000, -16000, -16000, 64000]},
        {"deltas": [12000, 0, 0, -12000]},
    ]


def test_end_answers_the_final_scores():
    """The worked example of riichi.md, without and with uma."""
    line = {"kind": "end", "points": [21300, 8700, 33600, 36400]}
    line |= {"start": 25000, "return": 30000}
    answers = run(
        [
            json.dumps(line | {"uma": None}),
            json.dumps(line | {"uma": [15, 5, -5, -15]}),
        ]
    )
    assert answers == [{"scores": [-9, -21, 4, 26]}, {"scores": [-14, -36, 9, 41]}]


def test_end_rounds_any_totals_and_breaks_ties_by_seat():
    """24,600 rounds up, 24,500 down; tied points place the earlier seat first."""
    settings = {"start": 25000, "return": 30000}
    line = {"kind": "end", "points": [24500, 24600, 40000, 10900], "uma": None}
    line |= settings
    tied = {"kind": "end", "points": [30000, 20000, 30000, 20000]}
    tied |= {"uma": [15, 5, -5, -15]} | settings
    assert run([json.dumps(line), json.dumps(tied)]) == [
        {"scores": [-6, -5, 30, -19]},
        {"scores": [20 + 15, -10 - 5, 0 + 5, -10 - 15]},
    ]


def test_errors_name_the_field_and_the_command_goes_on():
    """Malformed lines and impossible values answer an error; the next works."""
    end = {"kind": "end", "points": [25000] * 4, "start": 25000, "return": 30000}
    end |= {"uma": None}
    lines = [
        "{not json",
        "",
        "[1, 2]",
        hand(han=0),
        hand(han=1, fu=25),
        hand(discarder=1),
        hand(winner=4),
        hand(fu=None),
        hand(count="long"),
        hand(honba=-1),
        hand(colour="red"),
        json.dumps(end | {"points": [1, 2, 3]}),
        json.dumps(end | {"deductions": [0, 500, 0, 0]}),
        json.dumps(end | {"uma": [5, 15, -5, -15]}),
        json.dumps(end | {"return": 30500}),
        json.dumps({"kind": "bet"}),
        hand(),
    ]
    answers = run(lines)
    assert len(answers) == len(lines)
    assert all(set(a) == {"error"} for a in answers[:-1])
    fields = [a["error"].split(":")[0] for a in answers[3:-1]]
    assert fields == [
        "han",
        "fu",
        "discarder",
        "winner",
        "fu",
        "count",
        "honba",
        "colour",
        "points",
        "deductions",
        "uma",
        "return",
        "kind",
    ]
    assert answers[0]["error"].startswith("Not a JSON object")
    assert answers[-1] == {"deltas": [0, 3900, -3900, 0]}


def test_tiles_requests_answer_the_calculator():
    """An extra request kind: the tile calculator over the same pipe."""
    tiles = {
        "concealed": "234789m1234566p",
        "winning_tile": "6p",
        "riichi": True,
        "seat_wind": "S",
        "prevalent_wind": "E",
    }
    (got,) = run([json.dumps({"kind": "tiles", "hand": tiles})])
    assert (got["ok"], got["han"], got["fu"]) == (True, 2, 30)


def test_each_answer_is_flushed_before_the_next_line_is_read():
    """A client may send a request, read its answer, then send the next."""
    with subprocess.Popen(
        [sys.executable, "-m", "scoring.engine.riichi"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        for expected in ([0, 3900, -3900, 0], [0, 4200, -4200, 0]):
            honba = 0 if expected[1] == 3900 else 1
            process.stdin.write(hand(honba=honba) + "\n")
            process.stdin.flush()
            assert json.loads(process.stdout.readline()) == {"deltas": expected}
        process.stdin.close()
        assert process.wait(timeout=30) == 0
