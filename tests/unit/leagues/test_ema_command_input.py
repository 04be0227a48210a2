"""Audit of ``python -m leagues.ema``: requests no parser should choke on
answer ``{"error": ...}`` with status 2, at once, without a traceback."""

from __future__ import annotations

import json

from leagues.ema.protocol import run
from tests.commands import run_module
from tests.unit.leagues.test_ema_formula import ten_results


def test_deeply_nested_json_is_an_error_not_a_traceback() -> None:
    """A request nested 100,000 deep: status 2 and an invalid_json error."""
    completed = run_module("leagues.ema", "[" * 100_000)
    assert completed.returncode == 2, completed.stderr
    assert json.loads(completed.stdout)["error"].startswith("invalid_json")
    assert completed.stderr == ""


def test_an_integer_too_long_to_read_is_an_error() -> None:
    """A 5,000-digit number (past Python's int conversion limit): status 2."""
    text = '{"date": "2026-01-01", "results": [], "params": {"best": %s}}'
    status, answer = run(text % ("9" * 5000))
    assert status == 2
    assert json.loads(answer)["error"].startswith("invalid_json")


def test_a_number_with_a_huge_exponent_is_refused_at_once() -> None:
    """1e-99999999 as a weight would take hours to make exact: not_a_number."""
    for weight in ("1e-99999999", '"1e-99999999"', "1E+99999999"):
        text = json.dumps({"date": "2026-01-01", "results": ten_results()[:1]})
        text = text.replace('"weight": 1', f'"weight": {weight}')
        completed = run_module("leagues.ema", text, timeout=20)
        assert completed.returncode == 2
        assert json.loads(completed.stdout)["error"].startswith("not_a_number")
