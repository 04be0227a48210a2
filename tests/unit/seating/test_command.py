"""``python -m tournaments.seating``: JSON in, JSON out, errors on stderr."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.commands import run_module
from tournaments.seating import SeatingRequest
from tournaments.seating.command import parse_request, request_to_data


def run(payload: str) -> subprocess.CompletedProcess[str]:
    return run_module("tournaments.seating", payload)


def test_command_plans_the_requested_rounds() -> None:
    """A valid request: one JSON response with rounds and stats."""
    request = {
        "mode": "no-repeat",
        "players": list(range(1, 17)),
        "history": [],
        "round_index": 1,
        "rounds_total": 5,
        "rounds_to_plan": 5,
        "ranking": None,
        "time_limit_s": 2,
        "seed": 7,
    }
    result = run(json.dumps(request))
    assert result.returncode == 0, result.stderr
    response = json.loads(result.stdout)
    assert len(response["rounds"]) == 5
    assert all(len(table) == 4 for r in response["rounds"] for table in r)
    assert response["stats"] == {
        "repeated_pairs": 0,
        "max_meetings": 1,
        "wind_imbalance": 1,
        "clock_stopped": False,
    }
    assert run(json.dumps(request)).stdout == result.stdout


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ('{"mode": "no-repeat", "players": [1, 2, 3, 4, 5]}', "player_count_not"),
        ('{"mode": "swiss", "players": [1, 2, 3, 4.5]}', "bad_player_id"),
        (
            '{"mode": "swiss", "players": [1, 2, 3, 4], "history": [[[1, 2]]]}',
            "malformed",
        ),
        ("not json", "invalid_json"),
    ],
)
def test_bad_request_gives_one_line_on_stderr(payload: str, code: str) -> None:
    """A bad request: non-zero exit, nothing on stdout, one line on stderr."""
    result = run(payload)
    assert result.returncode != 0
    assert result.stdout == ""
    assert code in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_request_written_out_reads_back_the_same() -> None:
    """What the job asked the engine, written for the command, is that request."""
    request = SeatingRequest(
        mode="swiss",
        players=tuple(range(10, 18)),
        history=(((10, 11, 12, 13), (14, 15, 16, 17)),),
        round_index=2,
        rounds_total=4,
        rounds_to_plan=1,
        ranking=tuple(range(17, 9, -1)),
        clubs={10: "Lyon", 14: "Lyon"},
        pins={12: 2},
        time_limit_s=1.5,
        seed=77,
    )
    assert parse_request(json.dumps(request_to_data(request))) == request
