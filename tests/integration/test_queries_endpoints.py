"""No N+1: every page, poll and API read runs as many queries for 8 tables as
for 2.

Each endpoint is measured on two events built alike (round 1 played and
closed, round 2 seated, one hand at table 1 of round 2), one with 8 players
(2 tables a round) and one with 32 (8 tables a round). The standings cache is
emptied before each measure, so the counts include the standings' own reads.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import organiser_account
from tests.integration.room_data import room_event, win
from tournaments.models import Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


def _event(players: int) -> Tournament:
    tournament, _ = room_event(players=players)
    tournament.is_public = True
    tournament.save(update_fields=["is_public"])
    win(tournament.rounds.get(number=2).tables.get(number=1), 0, 2)
    return tournament


def _table(tournament: Tournament):
    return tournament.rounds.get(number=2).tables.get(number=1)


def _player(tournament: Tournament) -> int:
    return tournament.registrations.order_by("number").first().number


PUBLIC = {
    "home": lambda t: reverse("public:home"),
    "standings": lambda t: reverse("public:standings", args=[t.slug]),
    "round": lambda t: reverse("public:round", args=[t.slug, 2]),
    "finished round": lambda t: reverse("public:round", args=[t.slug, 1]),
    "player": lambda t: reverse("public:player", args=[t.slug, _player(t)]),
    "projector": lambda t: reverse("public:projector", args=[t.slug]),
    "seating board": lambda t: reverse("public:round-projector", args=[t.slug, 2]),
    "clock": lambda t: reverse("public:round-clock", args=[t.slug, 2]),
    "standings csv": lambda t: reverse("exports:standings-csv", args=[t.slug]),
}
STAFF = {
    "tournament": lambda t: reverse("staff:tournament", args=[t.slug]),
    "round": lambda t: reverse("staff:round", args=[t.slug, 2]),
    "round tables poll": lambda t: reverse("staff:round-tables", args=[t.slug, 2]),
    "print": lambda t: reverse("staff:round-print", args=[t.slug, 2]),
}
TABLET = {
    "table": lambda t: reverse("referee:table", args=[_table(t).token]),
    "state poll": lambda t: reverse("referee:table-state", args=[_table(t).token]),
}
API = {
    "tournaments": lambda t: "/api/tournaments/",
    "tournament": lambda t: f"/api/tournaments/{t.slug}/",
    "players": lambda t: f"/api/tournaments/{t.slug}/players/",
    "rounds": lambda t: f"/api/tournaments/{t.slug}/rounds/",
    "round": lambda t: f"/api/tournaments/{t.slug}/rounds/2/",
    "standings": lambda t: f"/api/tournaments/{t.slug}/standings/",
    "table": lambda t: f"/api/tables/{_table(t).pk}/",
    "clock": lambda t: f"/api/tournaments/{t.slug}/rounds/2/clock/",
}


def _count(client, url: str, **headers: str) -> int:
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url, headers=headers)
    assert response.status_code == 200, (url, response.status_code)
    return len(queries)


def _counts(make_client, url_of, **headers: str) -> tuple[int, int]:
    """Queries for the same endpoint on the 2-table and the 8-table event."""
    counts = []
    for players in (8, 32):
        tournament = _event(players)
        client = make_client(tournament)
        _count(client, url_of(tournament), **headers)  # warm sessions and caches
        counts.append(_count(client, url_of(tournament), **headers))
    return counts[0], counts[1]


def _anonymous(tournament):
    from django.test import Client

    return Client()


def _organiser(tournament):
    from django.test import Client

    user = organiser_account()
    tournament.organisers.add(user)
    client = Client()
    client.force_login(user)
    return client


def _api(tournament):
    user = organiser_account()
    tournament.organisers.add(user)
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.mark.parametrize("name", PUBLIC)
def test_public_page_queries_do_not_grow_with_tables(name):
    small, large = _counts(_anonymous, PUBLIC[name])
    assert small == large


@pytest.mark.parametrize("name", ["standings", "round", "player", "projector"])
def test_public_poll_queries_do_not_grow_with_tables(name):
    """The htmx poll (the partial alone) is bounded like the page."""
    small, large = _counts(_anonymous, PUBLIC[name], HX_Request="true")
    assert small == large


@pytest.mark.parametrize("name", STAFF)
def test_staff_page_queries_do_not_grow_with_tables(name):
    small, large = _counts(_organiser, STAFF[name])
    assert small == large


@pytest.mark.parametrize("name", TABLET)
def test_tablet_queries_do_not_grow_with_tables(name):
    small, large = _counts(_anonymous, TABLET[name])
    assert small == large


@pytest.mark.parametrize("name", API)
def test_api_read_queries_do_not_grow_with_tables(name):
    small, large = _counts(_api, API[name])
    assert small == large
