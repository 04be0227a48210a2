"""Every length and number the league forms and API accept fits its column
and what is made of it: a refusal naming the field (400), never a 500."""

from __future__ import annotations

import pytest

from leagues.models import League
from tests.factories import RegistrationFactory
from tests.integration.leagues.data import make_league

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

LONG_NAME = "L" * 160


def settings_post(league, **changes):
    data = {
        "action": "settings",
        "name": league.name,
        "ranking_rule": "best",
        "min_sessions": 0,
        "best_sessions": 10,
        "ruleset": "mcr",
        "tiebreaks": "",
    }
    return data | changes


@pytest.mark.parametrize("length", [148, 155, 160])
def test_a_night_of_a_league_with_a_long_name_is_created(client, organiser, length):
    """The night's name ("<league> · <date>") is cut to fit its column."""
    league = make_league(organiser, name="L" * length)
    client.force_login(organiser)
    response = client.post(
        f"/manage/leagues/{league.slug}/",
        {"action": "night", "day": "2026-01-08", "sessions": 1, "ruleset": ""},
    )
    assert response.status_code == 302
    event = league.events.get()
    assert len(event.tournament.name) <= 160
    assert event.tournament.name.startswith("L" * 100)


def test_a_night_from_the_api_of_a_league_with_a_long_name(api, organiser):
    league = make_league(organiser, name=LONG_NAME)
    response = api.post(
        f"/api/leagues/{league.slug}/nights/", {"day": "2026-01-08"}, format="json"
    )
    assert response.status_code == 201
    assert len(response.json()["name"]) <= 160


@pytest.mark.parametrize("best", [0, -1, 10**12, 40000])
def test_best_sessions_out_of_range_is_a_form_error(client, organiser, best):
    league = make_league(organiser)
    client.force_login(organiser)
    response = client.post(
        f"/manage/leagues/{league.slug}/", settings_post(league, best_sessions=best)
    )
    assert response.status_code == 400
    assert "best_sessions" in response.context["settings_form"].errors
    league.refresh_from_db()
    assert league.best_sessions == 10


@pytest.mark.parametrize("field,value", [("min_sessions", 10**12)])
def test_min_sessions_out_of_range_is_a_form_error(client, organiser, field, value):
    league = make_league(organiser)
    client.force_login(organiser)
    response = client.post(
        f"/manage/leagues/{league.slug}/", settings_post(league, **{field: value})
    )
    assert response.status_code == 400
    assert field in response.context["settings_form"].errors


@pytest.mark.parametrize("best", [0, 10**12])
def test_best_sessions_out_of_range_is_refused_by_the_api(api, organiser, best):
    league = make_league(organiser)
    response = api.patch(
        f"/api/leagues/{league.slug}/", {"best_sessions": best}, format="json"
    )
    assert response.status_code == 400
    assert "best_sessions" in response.json() or (
        response.json().get("field") == "best_sessions"
    )


def test_a_new_league_with_best_sessions_zero_is_a_form_error(client, organiser):
    client.force_login(organiser)
    response = client.post(
        "/manage/leagues/",
        {
            "name": "Club",
            "ranking_rule": "best",
            "min_sessions": 0,
            "best_sessions": 0,
            "ruleset": "mcr",
        },
    )
    assert response.status_code == 400
    assert not League.objects.exists()


def test_a_season_ending_before_it_starts_is_refused_by_the_page(client, organiser):
    league = make_league(organiser)
    client.force_login(organiser)
    response = client.post(
        f"/manage/leagues/{league.slug}/",
        settings_post(league, season_start="2026-06-01", season_end="2026-01-01"),
    )
    assert response.status_code == 400
    assert "season_end" in response.context["settings_form"].errors
    league.refresh_from_db()
    assert league.season_end is None


def test_a_season_ending_before_it_starts_is_refused_by_the_api(api, organiser):
    response = api.post(
        "/api/leagues/",
        {"name": "Club", "season_start": "2026-06-01", "season_end": "2026-01-01"},
        format="json",
    )
    assert response.status_code == 422
    assert "season_end" in str(response.json())
    league = make_league(organiser, name="Other")
    response = api.patch(
        f"/api/leagues/{league.slug}/", {"season_end": "2025-01-01"}, format="json"
    )
    assert response.status_code == 200  # no start: any end
    response = api.patch(
        f"/api/leagues/{league.slug}/", {"season_start": "2026-01-01"}, format="json"
    )
    assert response.status_code == 422
    assert response.json()["field"] == "season_end"


def test_a_team_name_too_long_is_a_form_error(client, organiser, tournament):
    names = [RegistrationFactory(tournament=tournament).player.name for _ in range(2)]
    client.force_login(organiser)
    response = client.post(
        f"/manage/teams/{tournament.slug}/",
        {
            "action": "teams",
            "team_size": 2,
            "teams": "T" * 121 + ": " + ", ".join(names),
        },
    )
    assert response.status_code == 400
    assert "120" in response.content.decode()
    assert not tournament.teams.exists()


def test_a_team_name_too_long_is_refused_by_the_api(api, tournament):
    names = [RegistrationFactory(tournament=tournament).player.name for _ in range(2)]
    response = api.put(
        f"/api/tournaments/{tournament.slug}/teams/",
        {"team_size": 2, "teams": [{"name": "T" * 121, "members": names}]},
        format="json",
    )
    assert response.status_code == 400
