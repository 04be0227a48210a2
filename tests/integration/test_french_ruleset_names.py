"""The French rule sets and the encyclopaedia scoring have names in words,
in English and French, wherever a rule set is chosen (the tournament's
creation form, a league's form), never their codes."""

from __future__ import annotations

import pytest
from django.utils import translation

from leagues.forms import LeagueForm
from scoring.forms import ruleset_choices

pytestmark = pytest.mark.django_db

CODES = ("french_simple", "french_advanced", "encyclopaedia")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_creation_form_names_every_rule_set(language):
    with translation.override(language):
        labels = {code: str(label) for code, label in ruleset_choices()}
    for code in CODES:
        assert labels[code] != code
    if language == "fr":
        assert "système simple" in labels["french_simple"]
        assert "système avancé" in labels["french_advanced"]
        assert "encyclopédies" in labels["encyclopaedia"]


def test_the_league_form_offers_rule_sets_by_name():
    with translation.override("fr"):
        choices = {
            code: str(label) for code, label in LeagueForm().fields["ruleset"].choices
        }
        names = {code: str(label) for code, label in ruleset_choices()}
    assert choices == names
    assert all(choices[code] != code for code in CODES)
