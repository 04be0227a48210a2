"""The check-in and table confirmation routes (issue 30): the pages'
permissions, the house's error answer (400 schema, 422 data, 409 state)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.factories import organiser_account
from tests.integration.round_helpers import EIGHT, named_players, organised, seat_round
from tournaments.models import AuditEvent, TableConfirmation
from tournaments.services import hands

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]


@pytest.fixture
def event(organiser):
    tournament = organised(organiser, uses_checkin=True, players_confirm_tables=True)
    return tournament, named_players(tournament, EIGHT)


def url(tournament):
    return f"/api/tournaments/{tournament.slug}/checkin/"


def test_list_counts_and_search(api, event):
    tournament, players = event
    api.post(url(tournament), {"player": players[0].player_id}, format="json")
    body = api.get(url(tournament)).json()
    assert (body["present"], body["expected"]) == (1, 8)
    assert [p["present"] for p in body["players"]][:2] == [True, False]
    found = api.get(url(tournament), {"q": "Dunn"}).json()["players"]
    assert [p["name"] for p in found] == ["Carl Dunn"]


def test_mark_then_unmark(api, event):
    tournament, players = event
    player = players[3].player_id
    marked = api.post(url(tournament), {"player": player}, format="json")
    assert marked.status_code == 200 and marked.json()["present"] is True
    undone = api.post(
        url(tournament), {"player": player, "present": False}, format="json"
    )
    assert undone.json()["present"] is False and undone.json()["checked_in_at"] is None
    assert AuditEvent.objects.filter(action="checkin.undo").count() == 1


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"player": "12"}, 400, None),  # the schema's integer, not a string
        ({"player": 1, "present": "yes"}, 400, None),
        ({}, 400, None),
        ({"player": 2**31 - 1}, 422, "unknown_registration"),
    ],
)
def test_bad_input_is_a_clear_refusal(api, event, body, status, code):
    tournament, _ = event
    answer = api.post(url(tournament), body, format="json")
    assert answer.status_code == status, answer.content
    if code:
        assert answer.json()["error"] == code


def test_same_permissions_as_the_page(event, anonymous_api):
    tournament, players = event
    assert anonymous_api.get(url(tournament)).status_code in (401, 403, 404)
    stranger = APIClient()
    stranger.force_authenticate(organiser_account(username="stranger"))
    body = {"player": players[0].player_id}
    assert stranger.post(url(tournament), body, format="json").status_code in (
        403,
        404,
    )


def test_round_one_seating_refused_then_confirmed(api, event, organiser):
    tournament, players = event
    for registration in players[:4]:
        api.post(url(tournament), {"player": registration.player_id}, format="json")
    seating = f"/api/tournaments/{tournament.slug}/rounds/1/seating/"
    refused = api.post(seating, {"seed": 1}, format="json")
    assert refused.status_code == 409
    assert refused.json()["error"] == "absent_players"
    started = api.post(seating, {"seed": 1, "withdraw_absent": True}, format="json")
    assert started.status_code == 202, started.content
    statuses = api.get(f"/api/tournaments/{tournament.slug}/players/").json()
    assert sorted(p["status"] for p in statuses) == ["active"] * 4 + ["withdrawn"] * 4


@pytest.fixture
def closed_table(event, organiser):
    tournament, players = event
    tables = seat_round(tournament, 1, [players[:4], players[4:]])
    hands.close_table(table_id=tables[0].pk, actor=organiser, time_called=True)
    return tables, players


def test_four_players_confirm_through_the_api(api, closed_table):
    tables, players = closed_table
    route = f"/api/tables/{tables[0].pk}/confirmations/"
    for registration in players[:4]:
        answer = api.post(
            route,
            {"player": registration.player_id, "answer": "confirm"},
            format="json",
        )
        assert answer.status_code == 200, answer.content
    body = api.get(route).json()
    assert (body["required"], body["confirmed"], body["disputed"]) == (True, 4, 0)
    assert TableConfirmation.objects.count() == 4


def test_confirmation_refusals(api, closed_table):
    tables, players = closed_table
    first = f"/api/tables/{tables[0].pk}/confirmations/"
    open_table = f"/api/tables/{tables[1].pk}/confirmations/"
    mine = {"player": players[0].player_id, "answer": "confirm"}
    assert (
        api.post(first, {**mine, "answer": "maybe"}, format="json").status_code == 400
    )
    elsewhere = api.post(first, {**mine, "player": players[5].player_id}, format="json")
    assert (elsewhere.status_code, elsewhere.json()["error"]) == (
        422,
        "player_not_at_table",
    )
    playing = api.post(
        open_table, {**mine, "player": players[5].player_id}, format="json"
    )
    assert (playing.status_code, playing.json()["error"]) == (
        409,
        "table_not_closed_for_confirmation",
    )


def test_anonymous_cannot_answer(anonymous_api, closed_table):
    tables, players = closed_table
    route = f"/api/tables/{tables[0].pk}/confirmations/"
    answer = anonymous_api.post(
        route, {"player": players[0].player_id, "answer": "confirm"}, format="json"
    )
    assert answer.status_code in (401, 403, 404)
    assert not TableConfirmation.objects.exists()


def test_settings_through_the_tournament_route(api, organiser):
    tournament = organised(organiser)
    answer = api.patch(
        f"/api/tournaments/{tournament.slug}/",
        {"uses_checkin": True, "self_checkin_opens_at": "2026-05-01T08:30:00Z"},
        format="json",
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["uses_checkin"] is True
    tournament.refresh_from_db()
    assert tournament.self_checkin_opens_at.isoformat().startswith("2026-05-01T08:30")
