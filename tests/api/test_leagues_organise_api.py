"""Issue 14, point 6: the API covers what an organiser does with a league,
its nights, the players' careers and ratings, and teams, not only reads.

Settings (the ranking rule) can be changed, a night seated by the engine and
given more sessions, round 1 seeded by rating, the league's EMA ranking read,
a tournament's teams set and seated, and duplicate players listed."""

from __future__ import annotations

from datetime import date
from decimal import Decimal

import pytest

from leagues.models import League, LeagueAuditEvent, LeagueEvent, Team
from tests.factories import PlayerFactory, TournamentFactory
from tests.integration.leagues.data import night, play, tables_of
from tests.integration.round_helpers import named_players
from tournaments.models import Player, Table
from tournaments.services import setup

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

T1 = "Ann A, Bob B, Cy C, Dee D"


def club(api, **fields):
    body = {"name": "Club", "is_public": True, **fields}
    assert api.post("/api/leagues/", body, format="json").status_code == 201
    return League.objects.get(slug="club")


def two_nights(api, organiser):
    """Ann wins night 1 (4 table points) and loses night 2 to Bob."""
    league = club(api)
    first = night(league, organiser, date(2026, 1, 8), [T1])
    play(tables_of(first)[0], winner=0, discarder=1)
    second = night(league, organiser, date(2026, 1, 15), [T1])
    play(tables_of(second)[0], winner=1, discarder=0)
    return league


def standings(client):
    rows = client.get("/api/leagues/club/").json()["standings"]
    return [(r["rank"], r["name"], r["value"]) for r in rows]


def test_the_ranking_rule_is_a_setting_of_the_api(api, anonymous_api, organiser):
    """PATCH changes the rule, audited; the standings follow at once."""
    two_nights(api, organiser)
    assert standings(anonymous_api)[:2] == [(1, "Ann A", "4"), (1, "Bob B", "4")]
    response = api.patch(
        "/api/leagues/club/",
        {"ranking_rule": "best", "best_sessions": 1, "min_sessions": 2},
        format="json",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["ranking_rule"] == "best"
    assert standings(anonymous_api)[:2] == [(1, "Ann A", "4"), (1, "Bob B", "4")]
    api.patch("/api/leagues/club/", {"ranking_rule": "average"}, format="json")
    assert standings(anonymous_api)[0] == (1, "Ann A", "2")
    audit = LeagueAuditEvent.objects.filter(action="league.update").first()
    assert audit is not None and audit.after == {"ranking_rule": "average"}


def test_settings_are_refused_to_others_and_when_wrong(api, anonymous_api):
    club(api)
    response = anonymous_api.patch(
        "/api/leagues/club/", {"is_public": False}, format="json"
    )
    assert response.status_code in (401, 403)
    wrong = api.patch("/api/leagues/club/", {"tiebreaks": ["luck"]}, format="json")
    assert wrong.status_code == 400
    assert "error" in wrong.json() or "tiebreaks" in wrong.json()
    assert League.objects.get().tiebreaks == []


def test_a_night_seated_by_the_engine_and_a_second_session(
    api, django_capture_on_commit_callbacks
):
    league = club(api)
    event = api.post(
        "/api/leagues/club/nights/", {"day": "2026-02-05"}, format="json"
    ).json()
    names = [f"P{n} Member{n}" for n in range(8)]
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(
            f"/api/leagues/club/nights/{event['id']}/seating/",
            {"names": names},
            format="json",
        )
    assert response.status_code == 200, response.json()
    tournament = league.events.get().tournament
    assert Table.objects.filter(round__tournament=tournament).count() == 2
    more = api.post(f"/api/leagues/club/nights/{event['id']}/sessions/")
    assert (more.status_code, more.json()) == (201, {"round": 2})
    too_few = api.post(
        f"/api/leagues/club/nights/{event['id']}/seating/",
        {"names": names[:4] + names[:1]},
        format="json",
    )
    assert too_few.status_code == 422


def test_the_leagues_ema_ranking_on_a_date(api, anonymous_api, organiser):
    """One weighted night (MERS weight 1) on 2026-01-08: Ann 1000, Cy and
    Dee 666.67, Bob 0; with min_listed 2 nobody is listed after one result,
    so a second night: Ann 450.00 (A = 2000/5, B = 2000/4)."""
    league = club(api)
    for day in (date(2026, 1, 8), date(2026, 1, 15)):
        event = night(league, organiser, day, [T1])
        play(tables_of(event)[0], winner=0, discarder=1)
        tournament = event.tournament
        setup.update_tournament(
            tournament_id=tournament.pk, actor=organiser, mers_weight=Decimal("1")
        )
        setup.finish_round(round_id=tournament.rounds.get().pk, actor=organiser)
    body = anonymous_api.get("/api/leagues/club/ema/?date=2026-02-01").json()
    assert [(r["position"], r["name"], r["rating"], r["results"]) for r in body] == [
        (1, "Ann A", "450.00", 2),
        (2, "Cy C", "300.00", 2),
        (3, "Dee D", "300.00", 2),
        (4, "Bob B", "0.00", 2),
    ]
    # Three years later every result has aged out.
    assert anonymous_api.get("/api/leagues/club/ema/?date=2029-02-01").json() == []
    bad = anonymous_api.get("/api/leagues/club/ema/?date=2026-02-30")
    assert bad.status_code == 400


def test_teams_set_seated_and_ranked_through_the_api(api, anonymous_api, organiser):
    tournament = TournamentFactory(rounds_count=1, is_public=True)
    tournament.organisers.add(organiser)
    eight = [f"P{n} Player{n}" for n in range(8)]
    named_players(tournament, eight)
    url = f"/api/tournaments/{tournament.slug}/teams/"
    teams = [
        {"name": "Dragons", "members": eight[:4]},
        {"name": "Winds", "members": eight[4:]},
    ]
    refused = anonymous_api.put(url, {"team_size": 4, "teams": teams}, format="json")
    assert refused.status_code in (401, 403)
    wrong = api.put(url, {"team_size": 3, "teams": teams}, format="json")
    assert (wrong.status_code, wrong.json()["error"]) == (422, "team_wrong_size")
    response = api.put(url, {"team_size": 4, "teams": teams}, format="json")
    assert response.status_code == 200, response.json()
    assert {row["team"] for row in response.json()} == {"Dragons", "Winds"}
    assert Team.objects.filter(tournament=tournament).count() == 2
    seated = api.post(f"/api/tournaments/{tournament.slug}/teams/rounds/1/seat/")
    assert seated.status_code == 200, seated.json()
    for table in Table.objects.filter(round__tournament=tournament):
        teams_at_table = [
            Team.objects.get(members__registration=seat.registration).name
            for seat in table.seats.all()
        ]
        assert sorted(teams_at_table) == ["Dragons", "Dragons", "Winds", "Winds"]


def test_duplicates_are_listed_for_organisers(api, anonymous_api):
    one = PlayerFactory(first_name="Léa", last_name="Dubois")
    two = PlayerFactory(first_name="lea", last_name="DUBOIS", ema_number="04010155")
    PlayerFactory(first_name="Other", last_name="Person")
    assert anonymous_api.get("/api/players/duplicates/").status_code in (401, 403)
    body = api.get("/api/players/duplicates/").json()
    assert [[p["id"] for p in group["players"]] for group in body] == [[one.pk, two.pk]]


def test_round_one_seeded_by_rating(api, organiser, django_capture_on_commit_callbacks):
    league = two_nights(api, organiser)
    with django_capture_on_commit_callbacks(execute=True):
        api.post("/api/ratings/jobs/")
    tournament = TournamentFactory(rounds_count=2)
    tournament.organisers.add(organiser)
    named_players(tournament, [p.name for p in Player.objects.all()][:4])
    api.post("/api/leagues/club/events/", {"tournament": tournament.slug})
    event = LeagueEvent.objects.get(league=league, tournament=tournament)
    response = api.post(f"/api/leagues/club/events/{event.pk}/seed/")
    assert response.status_code == 200, response.json()
    assert Table.objects.filter(round__tournament=tournament).count() == 1
