"""French is the first language of the pages of the French classic rules
and the encyclopaedia scoring (issue 13, item 4): a visitor who has not
chosen a language reads them in French, in the words of the rule
documents; the language menu's choice (its cookie) still wins, and MCR
pages keep the site's language."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.factories import TournamentFactory, seated_table

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("ruleset", ["french_simple", "french_advanced"])
def test_a_french_tablet_opens_in_french(client, ruleset):
    table = seated_table(TournamentFactory(ruleset=ruleset))
    response = client.get(f"/table/{table.token}/", HTTP_ACCEPT_LANGUAGE="en-US,en")
    page = response.content.decode()
    assert response["Content-Language"] == "fr"
    for words in ("Vent dominant", "Brelan", "Carré", "Suite", "Colline",
                  "Main appelante", "Grand Jeu"):  # fmt: skip
        assert words in page, words


def test_a_family_tablet_and_the_public_pages_open_in_french(client):
    table = seated_table(TournamentFactory(ruleset="encyclopaedia", is_public=True))
    slug = table.round.tournament.slug
    assert client.get(f"/table/{table.token}/")["Content-Language"] == "fr"
    standings = client.get(reverse("public:standings", args=[slug]))
    assert standings["Content-Language"] == "fr"


def test_the_language_chosen_in_the_menu_still_wins(client):
    table = seated_table(TournamentFactory(ruleset="french_simple"))
    client.cookies["django_language"] = "en"
    page = client.get(f"/table/{table.token}/")
    assert page["Content-Language"] == "en"
    assert "Dominant wind" in page.content.decode()


def test_mcr_pages_keep_the_sites_language(client):
    table = seated_table(TournamentFactory(ruleset="mcr"))
    assert client.get(f"/table/{table.token}/")["Content-Language"] == "en"


def test_the_rules_page_of_a_french_tournament_opens_in_french(client, organiser):
    tournament = TournamentFactory(ruleset="french_advanced")
    tournament.organisers.add(organiser)
    client.force_login(organiser)
    page = client.get(reverse("staff:tournament-rules", args=[tournament.slug]))
    assert page["Content-Language"] == "fr"
    assert "Grand Jeu" in page.content.decode()


def test_a_french_league_page_opens_in_french(client, organiser):
    from leagues.services.leagues import create_league

    create_league(actor=organiser, name="Club", slug="club", ruleset="french_simple",
                  is_public=True)  # fmt: skip
    assert client.get("/leagues/club/")["Content-Language"] == "fr"
