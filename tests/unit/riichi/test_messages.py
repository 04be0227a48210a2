"""Every code the riichi package raises has an English sentence for the command."""

from __future__ import annotations

import ast
from pathlib import Path

from scoring.engine.errors import EngineError
from scoring.engine.riichi.messages import MESSAGES, message

PACKAGE = Path(__file__).resolve().parents[3] / "scoring" / "engine" / "riichi"


def raised_codes() -> set[str]:
    codes = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "EngineError"
                and node.args
                and isinstance(node.args[0], ast.Constant)
            ):
                codes.add(str(node.args[0].value))
    return codes


def test_every_raised_code_has_a_sentence():
    codes = raised_codes()
    assert "seven_pairs_fu" in codes
    assert sorted(codes - set(MESSAGES)) == []


def test_a_message_names_the_field_first():
    """``field: sentence``, so the command's error names what to fix."""
    error = EngineError("han_out_of_range", field="han", value=0, maximum=100)
    assert message(error) == "han: han 0: a win has 1 to 100 han"
    assert message(EngineError("mystery_code")) == "mystery_code"
