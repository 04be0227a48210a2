"""The leagues' API: a season run from a client, its standings, careers,
ratings and merges, errors in the house's shape."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth.models import User

from leagues.models import League
from tests.factories import PlayerFactory, RegistrationFactory, TournamentFactory
from tests.integration.leagues.data import play, tables_of
from tournaments.models import Player

pytestmark = pytest.mark.django_db


def run_night(api):
    api.post("/api/leagues/", {"name": "Club", "is_public": True}, format="json")
    night = api.post(
        "/api/leagues/club/nights/", {"day": "2026-01-08"}, format="json"
    ).json()
    response = api.post(
        f"/api/leagues/club/nights/{night['id']}/tables/",
        {"tables": [["Ann A", "Bob B", "Cy C", "Dee D"]]},
        format="json",
    )
    assert response.status_code == 200
    event = League.objects.get().events.get()
    play(tables_of(event)[0], winner=0, discarder=1)
    return event


def test_a_night_from_the_api_to_the_standings(api, anonymous_api):
    run_night(api)
    body = anonymous_api.get("/api/leagues/club/").json()
    assert body["league"]["ranking_rule"] == "total"
    assert body["events"][0]["day"] == "2026-01-08"
    assert [(r["rank"], r["name"], r["table_points"]) for r in body["standings"]] == [
        (1, "Ann A", "4"),
        (2, "Cy C", "3/2"),
        (2, "Dee D", "3/2"),
        (4, "Bob B", "0"),
    ]


def test_a_bad_table_is_refused_with_the_leagues_words(api):
    api.post("/api/leagues/", {"name": "Club"}, format="json")
    night = api.post(
        "/api/leagues/club/nights/", {"day": "2026-01-08"}, format="json"
    ).json()
    response = api.post(
        f"/api/leagues/club/nights/{night['id']}/tables/",
        {"tables": [["Ann A", "Bob B"]]},
        format="json",
    )
    assert response.status_code == 422
    assert response.json() == {
        "error": "night_table_needs_four",
        "field": "tables",
        "detail": "Table 1 has 2 names: give four names a table.",
        "params": {"table": 1, "count": 2},
    }


def test_a_private_league_is_not_found_by_others(api, anonymous_api):
    api.post("/api/leagues/", {"name": "Club"}, format="json")
    assert anonymous_api.get("/api/leagues/club/").status_code == 404
    assert anonymous_api.get("/api/leagues/").json() == []


def test_only_organisers_create_leagues(anonymous_api):
    response = anonymous_api.post("/api/leagues/", {"name": "Club"}, format="json")
    assert response.status_code in (401, 403)


def test_career_and_ratings(api, anonymous_api, django_capture_on_commit_callbacks):
    run_night(api)
    ann = Player.objects.get(last_name="A")
    career = anonymous_api.get(f"/api/players/{ann.pk}/career/").json()
    assert career["sessions"][0]["score"] == 36
    assert career["head_to_head"][0]["meetings"] == 1
    with django_capture_on_commit_callbacks(execute=True):
        job = api.post("/api/ratings/jobs/").json()
    assert api.get(f"/api/ratings/jobs/{job['id']}/").json()["status"] == "done"
    ratings = anonymous_api.get("/api/leagues/club/ratings/").json()
    assert len(ratings) == 4
    assert ratings[0]["name"] == "Ann A"


def test_merge_through_the_api(api):
    keep, drop = PlayerFactory(), PlayerFactory()
    tournament = TournamentFactory(name="Spring Open", start_date=date(2026, 3, 1))
    RegistrationFactory(tournament=tournament, player=keep)
    RegistrationFactory(tournament=tournament, player=drop)
    tournament.organisers.add(*User.objects.all())
    refused = api.post(
        "/api/players/merge/", {"keep": keep.pk, "drop": drop.pk}, format="json"
    )
    assert refused.status_code == 422
    assert refused.json()["error"] == "merge_both_played"
    other = PlayerFactory()
    merged = api.post(
        "/api/players/merge/",
        {"keep": keep.pk, "drop": other.pk, "different_names": True},
        format="json",
    )
    assert merged.status_code == 200
    assert merged.json()["player"] == keep.pk
