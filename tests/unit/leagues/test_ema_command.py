"""``python -m leagues.ema``: one JSON request in, the ranking or an error out."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from leagues.ema.protocol import parse_request, run
from tests.commands import run_module
from tests.unit.leagues.ema_data import EXPECTED, ON, request_results


def request(**changes: object) -> dict[str, object]:
    return {"date": ON.isoformat(), "results": request_results(), **changes}


def test_command_writes_the_ranking_with_two_decimals() -> None:
    """The published-style table through a subprocess, ratings as 2-decimal
    JSON numbers, best first, exit status 0."""
    completed = run_module("leagues.ema", json.dumps(request()))
    assert completed.returncode == 0, completed.stdout + completed.stderr
    answer = json.loads(completed.stdout)
    assert [(r["player"], r["rating"], r["results"]) for r in answer["ranking"]] == [
        (player, float(rating), count) for player, rating, count in EXPECTED
    ]
    assert '"rating": 694.75,' in completed.stdout
    assert set(answer) == {"ranking"}
    assert all(set(r) == {"player", "rating", "results"} for r in answer["ranking"])


def test_command_reports_a_bad_request_and_exits_non_zero() -> None:
    """A place beyond the field: an error naming the result, exit status 2."""
    bad = request()
    bad["results"][2]["place"] = 500  # type: ignore[index]
    completed = run_module("leagues.ema", json.dumps(bad))
    assert completed.returncode == 2
    error = json.loads(completed.stdout)["error"]
    assert error.startswith("bad_place: ") and "results[2]" in error


def test_every_param_is_optional_and_overridable() -> None:
    """Params as the issue spells them; factors as decimals or "1/2"."""
    params = {
        "ages": [[365, 1], [730, "1/2"]],
        "min_results": 5,
        "best": 4,
        "part_a": 0.5,
        "min_listed": 2,
        "part_a_share": 1,
    }
    assert run(json.dumps(request(params=params))) == run(json.dumps(request()))
    status, answer = run(json.dumps(request(params={"min_listed": 1, "best": 1})))
    assert status == 0
    players = [r["player"] for r in json.loads(answer)["ranking"]]
    assert "08040007" in players and len(players) == 5


def test_weights_are_read_as_exact_decimals() -> None:
    """A weight written 0.3 is 3/10 exactly, not the float nearest 0.3."""
    text = json.dumps(request()).replace('"weight": 3.5', '"weight": 0.3')
    parsed = parse_request(text)
    assert {r.weight for r in parsed.results if r.tournament == "paris"} == {
        Fraction(3, 10)
    }


def test_an_empty_results_list_gives_an_empty_ranking() -> None:
    assert run('{"date": "2026-01-01", "results": []}') == (0, '{"ranking": []}')


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("not json", "invalid_json"),
        ("[1, 2]", "not_an_object: at='request'"),
        ('{"results": []}', "missing_field: at='request', field='date'"),
        ('{"date": "2026-13-01", "results": []}', "bad_date: at='date'"),
        ('{"date": "2026-1-1", "results": []}', "bad_date"),
        ('{"date": "2026-01-01", "results": {}}', "not_a_list: at='results'"),
        ('{"date": "2026-01-01", "results": [], "extra": 1}', "unknown_fields"),
        (
            '{"date": "2026-01-01", "results": [], "params": {"k": 4}}',
            "unknown_fields: at='params', fields=['k']",
        ),
        (
            '{"date": "2026-01-01", "results": [], "params": {"best": 0}}',
            "bad_param: param='best'",
        ),
        (
            '{"date": "2026-01-01", "results": [], "params": {"ages": [[365]]}}',
            "not_a_pair: at='params.ages[0]'",
        ),
        (
            '{"date": "2026-01-01", "results": [], "params": {"part_a": NaN}}',
            "invalid_json",
        ),
        (
            '{"date": "2026-01-01", "results": [], "params": {"part_a": "x"}}',
            "not_a_number: at='params.part_a'",
        ),
    ],
)
def test_bad_requests_name_the_problem(text: str, expected: str) -> None:
    """Each malformed request: status 2 and an error naming what is wrong."""
    status, answer = run(text)
    assert status == 2
    assert expected in json.loads(answer)["error"]


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("player", True, "bad_id"),
        ("player", "", "bad_id"),
        ("tournament", 1.5, "bad_id"),
        ("place", "1", "not_an_integer"),
        ("players", 2.0, "not_an_integer"),
        ("weight", False, "not_a_number"),
        ("weight", 0, "bad_weight"),
        ("date", "2026/01/01", "bad_date"),
    ],
)
def test_bad_result_fields_name_the_field(field: str, value: object, code: str) -> None:
    """A wrong type or value in one result names that result and field."""
    bad = request()
    bad["results"][3][field] = value  # type: ignore[index]
    status, answer = run(json.dumps(bad))
    error = json.loads(answer)["error"]
    assert status == 2
    assert error.startswith(f"{code}: ") and "results[3]" in error


def test_a_missing_result_field_is_named() -> None:
    bad = request()
    del bad["results"][0]["weight"]  # type: ignore[attr-defined]
    status, answer = run(json.dumps(bad))
    assert (status, json.loads(answer)) == (
        2,
        {"error": "missing_field: at='results[0]', field='weight'"},
    )
