"""``python -m scoring.engine.french``: the line protocol of issue 13."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.commands import ROOT, run_module
from tests.unit.french.sets import EXAMPLE_SETS, kong, pair

EXAMPLE_LINE = {
    "kind": "hand",
    "system": "simple",
    "seat": "N",
    "dominant_wind": "S",
    "round_wind": None,
    "mahjong": True,
    "sets": list(EXAMPLE_SETS),
    "flowers": [],
    "seasons": [],
    "calling_hand": False,
    "self_drawn": False,
    "last_discard": False,
    "robbing_kong": False,
    "replacement_tile": False,
}
LIMIT_SETS = [kong("5555z", True), kong("6666z", True), kong("7777z", True)]
LIMIT_SETS += [kong("1111z", True), pair("22z", True)]
SETTLE_LINE = {
    "kind": "settle",
    "mahjong": "S",
    "scores": {"E": 80, "S": 60, "W": 20, "N": 0},
}


def _run(lines: list[str]) -> list[dict[str, object]]:
    completed = run_module(
        "scoring.engine.french", "".join(line + "\n" for line in lines), check=True
    )
    return [json.loads(line) for line in completed.stdout.splitlines()]


def test_worked_examples_and_errors_one_answer_a_line():
    """The 56-point hand, the settlement example, the limit, then bad lines."""
    lines = [
        json.dumps(EXAMPLE_LINE),
        json.dumps(SETTLE_LINE),
        json.dumps({**EXAMPLE_LINE, "seat": "E", "sets": LIMIT_SETS}),
        "{not json",
        json.dumps({**EXAMPLE_LINE, "system": "classic"}),
        json.dumps({**EXAMPLE_LINE, "sets": list(EXAMPLE_SETS[:4])}),
        json.dumps({**SETTLE_LINE, "scores": {"E": 1}}),
        json.dumps({**EXAMPLE_LINE, "seat": "X"}),
        json.dumps({"kind": "payments"}),
        json.dumps([1, 2]),
        json.dumps(
            {
                **EXAMPLE_LINE,
                "mahjong": False,
                "system": "advanced",
                "sets": list(EXAMPLE_SETS[:4]),
            }
        ),
    ]
    answers = _run(lines)
    assert len(answers) == len(lines)
    assert answers[0] == {"added": 28, "doubles": 1, "raw": 56, "points": 56}
    assert answers[1] == {"deltas": {"E": 240, "S": 160, "W": -160, "N": -240}}
    assert answers[2]["points"] == 1000
    assert int(answers[2]["raw"]) > 1000  # type: ignore[call-overload]
    errors = [str(a.get("error")) for a in answers[3:10]]
    assert all(set(a) == {"error"} for a in answers[3:10])
    assert errors[0].startswith("Not a JSON object")
    assert "system" in errors[1]
    assert "four sets and a pair" in errors[2]
    assert "scores" in errors[3]
    assert "seat" in errors[4]
    assert "kind" in errors[5]
    # A loser's copy of the example: no Mah-Jong extras, one double.
    assert answers[10] == {"added": 8, "doubles": 1, "raw": 16, "points": 16}


def test_options_and_grand_jeu_are_accepted():
    """Extra fields beyond the protocol: the Grand Jeu and the table options."""
    line = {**EXAMPLE_LINE, "sets": [], "grand_jeu": True}
    line["options"] = {"grand_jeu_value": 3000}
    bad = {**EXAMPLE_LINE, "options": {"grand_jeu_value": 10}}
    answers = _run([json.dumps(line), json.dumps(bad)])
    assert answers[0] == {"added": 0, "doubles": 0, "raw": 3000, "points": 3000}
    assert "grand_jeu_value" in str(answers[1]["error"])


def test_each_answer_is_flushed_before_the_next_line_is_read():
    """A client may send a line, read its answer, then send the next."""
    with subprocess.Popen(
        [sys.executable, "-m", "scoring.engine.french"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        for line in (EXAMPLE_LINE, {"kind": None}, SETTLE_LINE):
            process.stdin.write(json.dumps(line) + "\n")
            process.stdin.flush()
            assert json.loads(process.stdout.readline())
        process.stdin.close()
        assert process.wait(timeout=60) == 0
