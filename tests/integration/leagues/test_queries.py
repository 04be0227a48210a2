"""The league standings page and a player's page run a constant number of
queries however long the season (issue 14, point 7)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.integration.leagues.data import make_league, night, play, tables_of
from tournaments.models import Player

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

NAMES = [f"P{n} Member{n}" for n in range(12)]


def add_nights(league, organiser, count, start):
    for index in range(count):
        # Rotate the members so that the tables change from night to night.
        names = NAMES[index % 12 :] + NAMES[: index % 12]
        tables = [", ".join(names[i : i + 4]) for i in range(0, 12, 4)]
        event = night(league, organiser, start + timedelta(days=7 * index), tables)
        for table in tables_of(event):
            play(table, winner=index % 4, discarder=(index + 1) % 4)


def count(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries)


def test_queries_do_not_grow_with_the_season(client, organiser):
    league = make_league(organiser, is_public=True)
    add_nights(league, organiser, 2, date(2026, 1, 1))
    player = Player.objects.get(last_name="Member0")
    small = (
        count(client, f"/leagues/{league.slug}/"),
        count(client, f"/players/{player.pk}/"),
    )
    add_nights(league, organiser, 6, date(2026, 3, 1))
    large = (
        count(client, f"/leagues/{league.slug}/"),
        count(client, f"/players/{player.pk}/"),
    )
    assert large == small
    # The player's page reads its statistics too (issue 29): their version
    # (two queries), and on a change the player's sessions, hands,
    # penalties and rules, their events and leagues (six).
    assert small[0] <= 8 and small[1] <= 16
