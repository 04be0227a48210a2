"""Every error code the leagues raise has a text (leagues or tournaments
catalogue), and no league code shadows a tournaments one."""

from __future__ import annotations

import ast
from pathlib import Path

from django.utils import translation

from leagues.messages import LEAGUE_MESSAGES, error_message
from tournaments.messages import CATALOGUES
from tournaments.services.errors import ServiceError

ROOT = Path(__file__).resolve().parents[3]
ERROR_CLASSES = {"ServiceError", "ConflictError", "LeagueError"}
# The EMA command's request codes are printed by the command itself.
COMMAND_ONLY = {"ema"}


def raised_codes() -> set[str]:
    codes = set()
    for path in (ROOT / "leagues").rglob("*.py"):
        if "migrations" in path.parts or COMMAND_ONLY & set(path.parts):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
            first = node.args[0]
            if name in ERROR_CLASSES and isinstance(first, ast.Constant):
                codes.add(str(first.value))
    return codes


def test_every_league_code_has_a_text():
    known = set(LEAGUE_MESSAGES).union(*CATALOGUES)
    codes = raised_codes()
    assert "night_table_needs_four" in codes
    assert codes - known == set()


def test_no_league_code_is_also_a_tournaments_code():
    assert set(LEAGUE_MESSAGES) & set().union(*CATALOGUES) == set()


def test_a_league_error_reads_as_a_sentence():
    with translation.override("en"):
        text = error_message(ServiceError("night_table_needs_four", table=2, count=3))
    assert text == "Table 2 has 3 names: give four names a table."


def test_a_tournaments_code_passes_through():
    with translation.override("en"):
        text = error_message(ServiceError("round_already_played", round=1))
    assert text == "Round 1 has started: it cannot be seated again."
