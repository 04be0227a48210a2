"""The rules page of the French classic rule sets: yes/no settings as
checkboxes, every setting with its default, and a bad value refused with a
sentence naming the setting."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.integration.page_factories import organised_table
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

DEFAULTS = {
    "hands_per_session": 16,
    "round_wind": True,
    "grand_jeu_value": 2000,
    "own_flower_season": True,
    "draw_rotates": True,
    "draw_scores": False,
    "table_points": True,
}


def form_data(options):
    """As a browser posts the form: unticked checkboxes are left out."""
    data = {k: v for k, v in options.items() if v is not False}
    return {k: "on" if v is True else v for k, v in data.items()}


@pytest.fixture
def url(client, organiser):
    table = organised_table(organiser, ruleset="french_advanced")
    client.force_login(organiser)
    client.cookies["django_language"] = "en"  # French otherwise: these rules'
    return reverse("staff:tournament-rules", args=[table.round.tournament.slug])


def test_the_settings_show_with_their_defaults(client, url):
    page = client.get(url).content.decode()
    assert 'name="grand_jeu_value"' in page and 'value="2000"' in page
    assert 'type="checkbox" name="draw_rotates"' in page
    assert "Value of a Grand Jeu" in page


def test_a_setting_is_saved_and_a_bad_one_refused(client, url):
    options = {**DEFAULTS, "hands_per_session": 8, "draw_rotates": False}
    assert client.post(url, form_data(options)).status_code == 302
    tournament = Tournament.objects.get(ruleset="french_advanced")
    assert tournament.ruleset_options == options
    refused = client.post(url, form_data({**DEFAULTS, "grand_jeu_value": 500}))
    assert refused.status_code == 400
    assert "choose between 1000 and 100000" in refused.content.decode()
    tournament.refresh_from_db()
    assert tournament.ruleset_options == options
