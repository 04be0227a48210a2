"""``python -m scoring.engine.mcr``: JSON hands in, one JSON answer per line."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.commands import ROOT, run_module
from tests.unit.scoring.fan_hands import BASE, hand

COMMAND = [sys.executable, "-m", "scoring.engine.mcr"]


def _run(lines: list[str]) -> list[dict[str, object]]:
    completed = run_module(
        "scoring.engine.mcr", "".join(line + "\n" for line in lines), check=True
    )
    return [json.loads(line) for line in completed.stdout.splitlines()]


def test_answers_every_line_in_order_and_goes_on_after_errors() -> None:
    """A malformed line gets ok: false and an error; the next lines get answers."""
    lines = [
        json.dumps(BASE),
        "{not json",
        json.dumps({**BASE, "winning_tile": "6s"}),
        "",
        json.dumps([1, 2]),
        json.dumps(hand("234567s234567p5z", "5z")),
        json.dumps({**BASE, "flowers": 2}),
    ]
    answers = _run(lines)
    assert len(answers) == len(lines)
    assert [a["ok"] for a in answers] == [True, False, False, False, False, False, True]
    assert answers[0]["total"] == 13
    assert answers[6]["total"] == 15
    assert str(answers[1]["error"]).startswith("Not a JSON object")
    assert answers[2]["error"] == "Not a winning hand."
    assert answers[5]["error"] == "7 points without flowers: below the 8-point minimum."
    assert all(set(a) == {"ok", "total", "fans", "error"} for a in answers)


def test_french_names_survive_the_pipe() -> None:
    """Answers are UTF-8 JSON: the French names keep their accents."""
    answer = _run([json.dumps(hand("123m123p123s456m5p", "5p"))])[0]
    names = {fan["name_fr"] for fan in answer["fans"]}  # type: ignore[union-attr]
    assert "Tout caché donné" in names


def test_each_answer_is_flushed_before_the_next_line_is_read() -> None:
    """A client may send a hand, read its answer, then send the next."""
    with subprocess.Popen(
        COMMAND,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        for _ in range(2):
            process.stdin.write(json.dumps(BASE) + "\n")
            process.stdin.flush()
            assert json.loads(process.stdout.readline())["ok"] is True
        process.stdin.close()
        assert process.wait(timeout=60) == 0
