"""Every error code a rule set can raise has its words, in English and French.

Issue 28, item 2: a rule set carries the words of its errors
(``RuleSetWords.errors``), the codes every rule set shares have theirs once
(``scoring.engine.error_words.ENGINE_ERRORS``), and the web layer only
translates, by the rule set that raised the error. The codes are read from
each rule set's source (``raised_codes``), so a new code without words fails
here, not on a tablet as a raw ``han_required``.
"""

from __future__ import annotations

import json
import re

import pytest
from django.utils import translation

from scoring.engine.error_words import ENGINE_ERRORS, english, error_text
from scoring.engine.errors import EngineError
from scoring.engine.riichi.__main__ import answer_line as riichi_line
from scoring.engine.riichi.words import ERRORS as RIICHI_ERRORS
from scoring.engine.rulesets import get_ruleset, list_rulesets
from scoring.messages import describe
from tests.contract.raised_codes import ROOT, raised_codes, ruleset_files

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


def codes_of(code: str):
    return raised_codes(ruleset_files(get_ruleset(code)))


def words_of(code: str) -> dict[str, str]:
    """Every code the rule set raises, with the words it is shown in."""
    own = get_ruleset(code).words.errors
    return {name: error_text(name, own) for name in codes_of(code).codes}


class AnyParams(dict):
    def __missing__(self, key: str) -> str:
        return "x"


def test_the_scan_finds_each_rule_sets_own_codes():
    """The scan reads the rule set's package and what it imports."""
    assert "han_required" in codes_of("riichi").codes
    assert "han_required" not in codes_of("mcr").codes
    assert "below_minimum" in codes_of("mcr").codes  # the fan calculator
    assert "finishing_order_broken" in codes_of("encyclopaedia").codes
    assert "invalid_set" in codes_of("encyclopaedia").codes  # French sets
    assert "wrong_tile_count" in codes_of("riichi").codes  # MCR's hand reader


def test_every_code_is_a_constant(ruleset_code):
    """A computed code escapes the scan and reaches the page raw."""
    code = ruleset_code
    assert codes_of(code).computed == []


def test_every_code_the_rule_set_raises_has_words(ruleset_code):
    code = ruleset_code
    missing = {
        name: sorted(codes_of(code).codes[name])
        for name, text in words_of(code).items()
        if not text
    }
    assert missing == {}


def test_every_code_the_rule_set_raises_speaks_french(ruleset_code):
    """The French sentence exists, differs from the English one and keeps
    its placeholders (a translator may move them, not drop one)."""
    code = ruleset_code
    untranslated = []
    for name, text in sorted(words_of(code).items()):
        with translation.override("fr"):
            french = translation.gettext(text)
        if french == text or set(PLACEHOLDER.findall(french)) != set(
            PLACEHOLDER.findall(text)
        ):
            untranslated.append(name)
    assert untranslated == []


def test_own_words_fit_their_params(ruleset_code):
    """Every own sentence fills from params without a stray ``%``."""
    code = ruleset_code
    for text in get_ruleset(code).words.errors.values():
        assert "%" not in PLACEHOLDER.sub("", text), text
        assert text % AnyParams()


def test_every_shared_code_is_raised_somewhere():
    """No dead words in the shared table."""
    raised = set()
    for code in list_rulesets():
        raised |= set(codes_of(code).codes)
    shared = raised_codes(
        {p for p in (ROOT / "scoring").rglob("*.py")}
        | {p for p in (ROOT / "tournaments").rglob("*.py")}
    )
    raised |= set(shared.codes)
    assert sorted(set(ENGINE_ERRORS) - raised) == []


def test_the_page_words_an_error_in_the_words_of_the_rule_set_that_raised_it():
    """A chombo entered with han was shown MCR's "A drawn hand has no winner."."""
    riichi = get_ruleset("riichi")
    with pytest.raises(EngineError) as raised:
        riichi.parse_result(
            {"kind": "chombo", "offender": 1, "han": 3}, riichi.clean_options({})
        )
    assert raised.value.raised_by == "riichi"
    with translation.override("en"):
        assert describe(raised.value) == (
            "Only a won hand has a winner, han, fu or yakuman: this one was not won."
        )
    mcr = get_ruleset("mcr")
    with pytest.raises(EngineError) as raised:
        mcr.parse_result({"kind": "draw", "winner": 1}, mcr.clean_options({}))
    with translation.override("en"):
        assert describe(raised.value) == "A drawn hand has no winner."


def test_a_riichi_penalty_is_worded_as_riichi_checks_it():
    """The finding: riichi's own catalogue said "at least 100 points" where
    the page said "at least one point"; the check refuses nothing above 0
    but counts in hundreds. One set of words now, saying both."""
    riichi = get_ruleset("riichi")
    options = riichi.clean_options({})
    with pytest.raises(EngineError) as raised:
        riichi.penalty_deltas("referee", 0, 0, options)
    with translation.override("en"):
        assert describe(raised.value) == "A penalty must cost at least one point."
    with pytest.raises(EngineError) as raised:
        riichi.penalty_deltas("referee", 0, 250, options)
    with translation.override("en"):
        assert describe(raised.value) == "250 is not a multiple of 100."
    with translation.override("fr"):
        assert "option_not_multiple" not in describe(raised.value)
        assert describe(raised.value) != "250 is not a multiple of 100."


def test_the_command_prints_the_pages_english():
    """``python -m scoring.engine.riichi`` read its own re-worded catalogue
    ("han is required (or yakuman)"); it prints the rule set's words now."""
    line = {"kind": "hand", "count": "full", "han": None, "fu": None, "yakuman": 0}
    line |= {"dealer": 0, "winner": 1, "discarder": 2, "honba": 0, "deposits": 0}
    answer = riichi_line(json.dumps(line))
    error = EngineError("han_required", field="han")
    with translation.override("en"):
        page = describe(error, "riichi")
    assert answer == {"error": f"han: {page}"}
    assert english(error, RIICHI_ERRORS, name_field=True) == f"han: {page}"
