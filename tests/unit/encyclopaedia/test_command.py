"""``python -m scoring.engine.encyclopaedia``: the line protocol of issue 13."""

from __future__ import annotations

import json

from tests.commands import run_module
from tests.unit.encyclopaedia.test_score import ONE_SUIT_PUNGS
from tests.unit.french.sets import pung


def test_answers_points_a_line_and_errors_without_stopping():
    line = {
        "kind": "hand",
        "finish": 1,
        "sets": ONE_SUIT_PUNGS,
        "flowers": 2,
        "announced": True,
    }
    lines = [
        json.dumps(line),
        json.dumps({**line, "announced": False}),
        json.dumps({**line, "finish": None, "sets": [pung("222m")]}),
        "not json",
        json.dumps({**line, "finish": 9}),
        json.dumps({**line, "kind": "settle"}),
        json.dumps({**line, "colour": "red"}),
        json.dumps({**line, "finish": 2, "single_wait": False, "announced": False}),
    ]
    completed = run_module(
        "scoring.engine.encyclopaedia",
        "".join(text + "\n" for text in lines),
        check=True,
    )
    answers = [json.loads(text) for text in completed.stdout.splitlines()]
    assert answers[:3] == [{"points": 810}, {"points": 0}, {"points": 15}]
    assert [set(a) for a in answers[3:7]] == [{"error"}] * 4
    assert "finish" in answers[4]["error"]
    assert "kind" in answers[5]["error"]
    assert "colour" in answers[6]["error"]
    assert answers[7] == {"points": (135 - 60) * 6}
