"""The constant-query check of issue 14, point 7, with a season that grows in
every direction: more nights, more players in the standings, more
opponents on the player's page; and proof that the check has teeth (a query
added per standings row or per session is caught)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from leagues.selectors import careers, standings
from tests.integration.leagues.data import make_league, night, play, tables_of
from tournaments.models import Player

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def names(members: int) -> list[str]:
    return [f"P{n} Member{n}" for n in range(members)]


def add_nights(league, organiser, count, start, members):
    """``count`` nights of ``members`` players (a multiple of 4), Member0 at
    every night, the others rotating so the tables change."""
    everyone = names(members)
    for index in range(count):
        shift = 1 + index % (members - 1)
        rest = everyone[1:]
        order = [everyone[0], *rest[shift - 1 :], *rest[: shift - 1]]
        tables = [", ".join(order[i : i + 4]) for i in range(0, members, 4)]
        event = night(league, organiser, start + timedelta(days=7 * index), tables)
        for table in tables_of(event):
            play(table, winner=index % 4, discarder=(index + 1) % 4)


def count(client, url):
    """The queries of a first view (the page and the API share a cache)."""
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def measure(client, organiser):
    """The page and API query counts for a small season, then a season with
    four times the nights and three times the players."""
    league = make_league(organiser, is_public=True)
    add_nights(league, organiser, 2, date(2026, 1, 1), members=8)
    member = Player.objects.get(last_name="Member0")
    urls = [
        f"/leagues/{league.slug}/",
        f"/players/{member.pk}/",
        f"/api/leagues/{league.slug}/",
        f"/api/players/{member.pk}/career/",
    ]
    small = [count(client, url) for url in urls]
    add_nights(league, organiser, 6, date(2026, 3, 1), members=24)
    assert Player.objects.count() == 24
    large = [count(client, url) for url in urls]
    return small, large


def test_queries_stay_constant_as_players_and_nights_grow(client, organiser):
    """8 players and 2 nights, then 24 players and 8 nights: same counts."""
    small, large = measure(client, organiser)
    assert large == small


def test_a_query_per_standings_row_would_be_caught(client, organiser, monkeypatch):
    """The same check fails once each standings row reads its player's club."""
    original = standings._row

    def one_more_query(line, players):
        Player.objects.filter(pk=line.player).exists()
        return original(line, players)

    monkeypatch.setattr(standings, "_row", one_more_query)
    small, large = measure(client, organiser)
    assert large[0] > small[0] and large[2] > small[2]


def test_a_query_per_session_would_be_caught(client, organiser, monkeypatch):
    """The same check fails once each career session costs a query."""
    original = careers._events

    def one_query_a_session(sessions):
        for session in sessions:
            Player.objects.filter(pk=session.opponents[0].player.pk).exists()
        return original(sessions)

    monkeypatch.setattr(careers, "_events", one_query_a_session)
    small, large = measure(client, organiser)
    assert large[1] > small[1] and large[3] > small[3]
