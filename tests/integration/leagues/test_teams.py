"""Team events: teams of a set size, team standings (members' table points,
then score), rounds seated with teammates apart, the team tab and sheet."""

from __future__ import annotations

from io import BytesIO

import pytest
from openpyxl import load_workbook

from leagues.models import Team
from leagues.selectors.teams import get_team_standings
from leagues.services import teams as team_services
from tests.factories import TournamentFactory
from tests.integration.leagues.data import play
from tests.integration.round_helpers import named_players
from tournaments.models import AuditEvent, Table
from tournaments.services import seating_plans
from tournaments.services.errors import ServiceError

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


@pytest.fixture(autouse=True)
def stopped_clock(monkeypatch):
    """The search ends by its step counts, never by a loaded machine's time."""
    monkeypatch.setattr(seating_plans, "engine_clock", lambda: 0.0)


SIXTEEN = [f"P{n} Player{n}" for n in range(16)]
TEAMS = "\n".join(
    f"Team {t}: " + ", ".join(SIXTEEN[t * 4 : t * 4 + 4]) for t in range(4)
)


@pytest.fixture
def event(organiser):
    tournament = TournamentFactory(rounds_count=2)
    tournament.organisers.add(organiser)
    named_players(tournament, SIXTEEN)
    team_services.set_teams(
        tournament=tournament,
        teams=team_services.parse_teams(TEAMS),
        team_size=4,
        actor=organiser,
    )
    return tournament


def test_teams_are_set_and_audited(event):
    assert event.teams.count() == 4
    assert Team.objects.get(name="Team 0").members.count() == 4
    assert AuditEvent.objects.filter(action="teams.set").count() == 1


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("A: P0 Player0, P1 Player1", "team_wrong_size"),
        ("A: P0 Player0, P1 Player1, P2 Player2, Nobody Here", "team_unknown_player"),
        (
            "A: P0 Player0, P1 Player1, P2 Player2, P3 Player3\n"
            "B: P0 Player0, P5 Player5, P6 Player6, P7 Player7",
            "team_player_twice",
        ),
    ],
)
def test_bad_teams_are_refused_and_the_old_teams_stay(event, organiser, text, code):
    with pytest.raises(ServiceError) as error:
        team_services.set_teams(
            tournament=event,
            teams=team_services.parse_teams(text),
            team_size=4,
            actor=organiser,
        )
    assert error.value.code == code
    assert event.teams.count() == 4


def test_the_engine_keeps_teammates_apart(event, organiser):
    """Four teams of four, four tables: every table has one of each team."""
    round_ = team_services.seat_round_with_teams(
        round_id=event.rounds.get(number=1).pk, actor=organiser, seed=7
    )
    for table in Table.objects.filter(round=round_):
        teams = {seat.registration.team_member.team_id for seat in table.seats.all()}
        assert len(teams) == 4


def test_team_standings_sum_the_members(event, organiser, client):
    """Round 1, teams apart; at each table East wins 12 from South (+36,
    -20, -8, -8: 4, 0, 1.5, 1.5 table points). A team's total is the sum of
    its members' points; the four totals add up to 4 tables x 7 points."""
    round_ = team_services.seat_round_with_teams(
        round_id=event.rounds.get(number=1).pk, actor=organiser, seed=7
    )
    for table in Table.objects.filter(round=round_):
        play(table, winner=0, discarder=1)
    rows = get_team_standings(event)
    assert sum(row.table_points for row in rows) == 28
    assert sum(row.score for row in rows) == 0
    assert all(len(row.members) == 4 for row in rows)
    assert rows[0].table_points >= rows[-1].table_points
    first = rows[0]
    assert first.table_points == sum(m.table_points for m in first.members)
    page = client.get(f"/teams/{event.slug}/").content.decode()
    assert first.team.name in page
    response = client.get(f"/teams/{event.slug}/teams.xlsx")
    sheet = load_workbook(BytesIO(response.content))["Teams"]
    assert len(list(sheet.iter_rows())) == 5


def test_the_organiser_team_page_saves_teams(event, organiser, client):
    client.force_login(organiser)
    assert client.get(f"/manage/teams/{event.slug}/").status_code == 200
    response = client.post(
        f"/manage/teams/{event.slug}/",
        {"action": "teams", "team_size": "4", "teams": "A: P0 Player0"},
    )
    assert response.status_code == 400
    assert "Team “A” has 1 players instead of 4." in response.content.decode()


def test_team_standings_through_the_api(event, organiser, anonymous_api):
    round_ = team_services.seat_round_with_teams(
        round_id=event.rounds.get(number=1).pk, actor=organiser, seed=7
    )
    for table in Table.objects.filter(round=round_):
        play(table, winner=0, discarder=1)
    body = anonymous_api.get(f"/api/tournaments/{event.slug}/teams/").json()
    assert len(body) == 4
    assert all(len(row["members"]) == 4 for row in body)
    assert body[0]["table_points"] == str(get_team_standings(event)[0].table_points)


def test_a_team_member_is_found_as_the_player_lists_find_names(organiser):
    """Team lines compare names as every other way in does (``name_key``):
    "zoe van der ært", typed without accent nor capitals, is the registered
    "Zoë Van der Ært" (the team service had a casefold of its own, accents
    counted)."""
    tournament = TournamentFactory(rounds_count=2)
    tournament.organisers.add(organiser)
    named_players(tournament, ["Zoë Van der Ært", "Bob B", "Cy C", "Dee D"])
    teams = team_services.parse_teams("Ours: zoe van der ært, Bob B")
    team_services.set_teams(
        tournament=tournament, teams=teams, team_size=2, actor=organiser
    )
    members = Team.objects.get(name="Ours").members.select_related(
        "registration__player"
    )
    assert {m.registration.player.name for m in members} == {"Zoë Van der Ært", "Bob B"}
