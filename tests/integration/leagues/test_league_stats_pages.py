"""The league's Statistics tab: its figures per rule set with their charts,
in English and French, over what the reader may see (issue 29)."""

from __future__ import annotations

from datetime import date

import pytest
from django.test import Client

from tests.integration.leagues.data import make_league, night, play, tables_of
from tests.integration.leagues.stats_data import mixed_league
from tournaments.selectors import row_pages
from tournaments.services.setup import update_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def test_the_tab_shows_each_rule_sets_figures(client, organiser):
    league, events = mixed_league(organiser, is_public=True)
    page = client.get(f"/leagues/{league.slug}/stats/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Win rate" in html and "Washout rate" in html
    assert 'id="rules-mcr"' in html and 'id="rules-riichi"' in html
    assert "Riichi rate" in html  # the riichi block speaks its words
    assert "stats-places" in html  # placements drawn
    assert "stats-bars" in html  # fan or yaku bars
    standings = client.get(f"/leagues/{league.slug}/").content.decode()
    assert f"/leagues/{league.slug}/stats/" in standings  # the tab


def test_the_leaders_over_the_season_are_drawn(client, organiser):
    league = make_league(organiser, is_public=True)
    for index in range(3):
        event = night(
            league, organiser, date(2026, 1, 1 + 7 * index), ["A A, B B, C C, D D"]
        )
        for table in tables_of(event):
            play(table, winner=index % 4, discarder=(index + 1) % 4)
    html = client.get(f"/leagues/{league.slug}/stats/").content.decode()
    assert 'class="league-chart"' in html
    assert html.count("<polyline") == 4  # four players, at most five leaders


def test_the_tab_in_french(organiser):
    league, _events = mixed_league(organiser, is_public=True)
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    html = client.get(f"/leagues/{league.slug}/stats/").content.decode()
    # The statistics' own words reach the catalogue with the lead's
    # translations; the page is already served in French.
    assert '<html lang="fr">' in html and "En tête" in html


def test_a_private_league_or_night_is_hidden_from_anonymous(client, organiser):
    league, events = mixed_league(organiser, is_public=False)
    assert client.get(f"/leagues/{league.slug}/stats/").status_code == 404
    client.force_login(organiser)
    assert client.get(f"/leagues/{league.slug}/stats/").status_code == 200
    client.logout()
    league.is_public = True
    league.save()
    # Unpublished through the service (audited: the cached tab follows).
    update_tournament(
        tournament_id=events["riichi"][0].pk, actor=organiser, is_public=False
    )
    html = client.get(f"/leagues/{league.slug}/stats/").content.decode()
    assert 'id="rules-riichi"' not in html and 'id="rules-mcr"' in html


def test_an_empty_season_says_so(client, organiser):
    league = make_league(organiser, is_public=True)
    page = client.get(f"/leagues/{league.slug}/stats/")
    assert page.status_code == 200
    assert "once a table of the season is closed" in page.content.decode()


def test_each_rule_sets_players_a_page_at_a_time(client, organiser, monkeypatch):
    """Two rows a page here (a hundred in the house): a federation's 5,000
    players were 2 MB of table and placements on every view."""
    monkeypatch.setattr(row_pages.page_of, "__defaults__", (2,))
    league, _events = mixed_league(organiser, is_public=True)
    url = f"/leagues/{league.slug}/stats/"
    block = client.get(url).content.decode().split('id="rules-mcr"')[1]
    block = block.split("</section>")[0]
    assert block.count('<tr><td class="name">') == 2
    places = block.split('class="league-places"')[1].split("</ul>")[0]
    assert places.count("<li>") == 2  # the placements too
    assert 'href="?p=2#rules-mcr"' in block
    second = client.get(url, {"p": "2"}).content.decode().split('id="rules-mcr"')[1]
    assert '<span class="button primary" aria-current="page">2</span>' in second
