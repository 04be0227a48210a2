"""The round clock through the API: public reading, organisers' actions."""

from __future__ import annotations

import pytest

from tests.factories import UserFactory, seated_table
from tournaments.models import Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(tournament):
    return seated_table(tournament)


def url(table, action: str = "") -> str:
    base = f"/api/tournaments/{table.round.tournament.slug}/rounds/1/clock/"
    return f"{base}{action}/" if action else base


def test_anyone_reads_the_clock_of_a_public_tournament(anonymous_api, table):
    response = anonymous_api.get(url(table))
    assert response.status_code == 200
    body = response.json()
    assert body["state"] == "not_started"
    assert body["seconds_left"] == body["total_s"] == 120 * 60
    assert body["tables"][0]["table"] == 1


def test_a_private_tournament_clock_is_hidden(anonymous_api, table):
    table.round.tournament.is_public = False
    table.round.tournament.save()
    assert anonymous_api.get(url(table)).status_code == 404


def test_organiser_starts_and_extends_one_table(api, table):
    assert api.post(url(table, "start")).json()["state"] == "running"
    body = api.post(
        url(table, "extend"), {"minutes": 5, "table": 1}, format="json"
    ).json()
    assert body["tables"][0]["extra_minutes"] == 5
    assert body["tables"][0]["total_s"] == 125 * 60
    assert body["total_s"] == 120 * 60


def test_refusals_name_the_problem(api, table):
    response = api.post(url(table, "pause"))
    assert response.status_code == 409
    assert response.json()["error"] == "clock_not_running"
    response = api.post(url(table, "extend"), {"minutes": 0}, format="json")
    assert response.json()["error"] == "bad_extra_minutes"
    assert api.post(url(table, "explode")).status_code == 404


def test_only_organisers_act(anonymous_api, table):
    anonymous_api.force_authenticate(UserFactory(username="stranger"))
    assert anonymous_api.post(url(table, "start")).status_code == 403
    assert Round.objects.get(pk=table.round_id).clock_started_at is None
