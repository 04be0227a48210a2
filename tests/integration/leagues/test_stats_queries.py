"""The statistics of a league and of a career cost the same queries whatever
the season's nights, players and sessions (issue 29, point 6), computed or
cached; and the check has teeth (a query per player is caught)."""

from __future__ import annotations

from datetime import date

import pytest

from leagues.selectors import stats_pages
from tests.integration.leagues.data import make_league
from tests.integration.leagues.test_season_queries import add_nights, count
from tournaments.models import Player

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def measure(client, organiser):
    """Each URL's queries computed afresh, then from the cache, for a small
    season and for one with four times the nights and three times the
    players."""
    league = make_league(organiser, is_public=True)
    add_nights(league, organiser, 2, date(2026, 1, 1), members=8)
    member = Player.objects.get(last_name="Member0")
    urls = [
        f"/leagues/{league.slug}/stats/",
        f"/api/leagues/{league.slug}/stats/",
        f"/players/{member.pk}/",
        f"/api/players/{member.pk}/stats/?league={league.slug}",
    ]
    small = [(count(client, url), count(client, url)) for url in urls]
    add_nights(league, organiser, 6, date(2026, 3, 1), members=24)
    large = [(count(client, url), count(client, url)) for url in urls]
    return small, large


def test_queries_stay_constant_as_nights_and_players_grow(client, organiser):
    small, large = measure(client, organiser)
    assert large == small
    # From the cache: the version and the league or player, no more.
    assert all(cached <= fresh for fresh, cached in large)


def test_a_query_per_player_would_be_caught(client, organiser, monkeypatch):
    original = stats_pages._players

    def one_query_a_player(event, code, names):
        for player in event.players:
            Player.objects.filter(pk=player).exists()
        return original(event, code, names)

    monkeypatch.setattr(stats_pages, "_players", one_query_a_player)
    small, large = measure(client, organiser)
    assert large[0][0] > small[0][0]
