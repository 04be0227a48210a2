"""Every error code any layer can raise has one text, in English and French.

The codes are read from the source itself (the first argument of every
``EngineError``, ``ServiceError``, ``ConflictError`` and ``SeatingError``
raised with a literal code), so a new code without a text fails here, not
on a referee's tablet as a raw "swiss_plans_one_round".
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.utils import translation

from scoring.engine.errors import EngineError
from scoring.engine.rulesets import get_ruleset, list_rulesets
from scoring.messages import describe, ruleset_label
from tournaments.messages import CATALOGUES, error_message
from tournaments.services.errors import ServiceError

ROOT = Path(__file__).resolve().parents[3]
ERROR_CLASSES = {"EngineError", "ServiceError", "ConflictError", "SeatingError"}
SOURCES = ("scoring", "tournaments", "config")


def raised_codes() -> dict[str, set[str]]:
    """Each literal error code in the source, with the files that raise it."""
    codes: dict[str, set[str]] = {}
    for package in SOURCES:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.Call) or not node.args:
                    continue
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
                first = node.args[0]
                if name in ERROR_CLASSES and isinstance(first, ast.Constant):
                    where = str(path.relative_to(ROOT))
                    codes.setdefault(str(first.value), set()).add(where)
    return codes


class AnyParams(dict):
    """Every parameter a text may name, as a number: a plural text picks its
    form by any of them."""

    def __missing__(self, key: str) -> int:
        return 2


RAISED = raised_codes()
CATALOGUED = [code for catalogue in CATALOGUES for code in catalogue]


def test_the_source_scan_finds_the_codes_of_every_layer():
    assert len(RAISED) > 100
    assert "swiss_plans_one_round" in RAISED  # the seating engine
    assert "not_a_winning_hand" in RAISED  # the fan calculator
    assert "table_closed" in RAISED  # the services


def test_every_raised_code_has_a_text():
    """In a catalogue, or in a rule set's own words (which
    tests/contract/test_ruleset_error_words.py checks rule set by rule set)."""
    missing = {code: sorted(where) for code, where in RAISED.items()}
    own = {code for name in list_rulesets() for code in get_ruleset(name).words.errors}
    for code in [*CATALOGUED, *own]:
        missing.pop(code, None)
    assert missing == {}


def test_no_code_is_defined_twice():
    every = CATALOGUED
    assert sorted({code for code in every if every.count(code) > 1}) == []


@pytest.mark.parametrize("code", sorted(set(CATALOGUED)))
def test_every_text_speaks_french(code):
    """The French text exists and is not the English one left untranslated."""
    catalogue = next(c for c in CATALOGUES if code in c)
    params = AnyParams(count=2, hands=2, substitutes_needed=2)
    with translation.override("en"):
        english = str(catalogue[code] % params)
    with translation.override("fr"):
        french = str(catalogue[code] % params)
    assert french and french != english


def test_a_seating_code_reads_as_a_sentence_not_a_code():
    """The issue's Swiss round page showed the raw ``swiss_plans_one_round``."""
    error = ServiceError("swiss_plans_one_round", rounds_to_plan=3)
    with translation.override("en"):
        assert error_message(error) == (
            "A Swiss seating plans one round at a time (each waits for the "
            "results of the one before), not 3."
        )
    with translation.override("fr"):
        assert "swiss_plans_one_round" not in error_message(error)


def test_the_engines_unknown_penalty_is_not_the_services_missing_penalty():
    """The issue: the engine's ``unknown_penalty`` rendered as the service's
    literal "There is no penalty %(penalty)s."; each now has its own code."""
    from scoring.engine.errors import EngineError

    with translation.override("en"):
        assert error_message(EngineError("unknown_penalty", kind="chombo")) == (
            "“chombo” is not a penalty of these rules."
        )
        assert error_message(ServiceError("penalty_not_found", penalty=7)) == (
            "This penalty no longer exists: it was removed or never recorded."
        )


def test_a_rule_set_in_an_error_is_named_by_its_name_not_its_code():
    """The French classic rules have no tile calculator: the sentence names
    them as the creation form does, in both languages."""
    error = EngineError("no_tile_calculator", field="tiles", ruleset="french_simple")
    service = ServiceError("no_tile_calculator", field="tiles", ruleset="french_simple")
    for language in ("en", "fr"):
        with translation.override(language):
            name = ruleset_label("french_simple")
            assert name != "french_simple"
            assert name in describe(error)
            assert name in error_message(service)
            assert "french_simple" not in describe(error) + error_message(service)
