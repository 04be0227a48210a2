"""Bad input gets HTTP 400 naming the problem, and changes nothing."""

from __future__ import annotations

import pytest

from tests.factories import player_ids, seated_table
from tournaments.models import AuditEvent, Hand, SeatResult

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(tournament):
    return seated_table(tournament)


def state(table):
    return (
        Hand.objects.filter(table=table).count(),
        AuditEvent.objects.count(),
        list(SeatResult.objects.order_by("pk").values_list("score", flat=True)),
    )


@pytest.mark.parametrize(
    ("body", "error", "field", "words"),
    [
        (
            "unknown_winner",
            "player_not_at_table",
            "winner",
            "does not sit at this table",
        ),
        ("five_fans", "below_minimum", "fan_total", "below the 8-point minimum"),
        ("no_discarder", "discarder_required", "discarder", "discarder"),
    ],
)
def test_refused_hand_names_the_problem(api, table, body, error, field, words):
    e, s, w, n = player_ids(table)
    bodies = {
        "unknown_winner": {
            "kind": "discard",
            "winner": 999999,
            "discarder": s,
            "fan_total": 8,
        },
        "five_fans": {"kind": "discard", "winner": e, "discarder": s, "fan_total": 5},
        "no_discarder": {"kind": "discard", "winner": e, "fan_total": 8},
    }
    api.post(f"/api/tables/{table.pk}/hands/", {"kind": "draw"}, format="json")
    before = state(table)
    response = api.post(f"/api/tables/{table.pk}/hands/", bodies[body], format="json")
    assert response.status_code == 422
    assert response.json()["error"] == error
    assert response.json()["field"] == field
    assert words in response.json()["detail"]
    assert state(table) == before


def test_malformed_body_is_a_400(api, table):
    before = state(table)
    response = api.post(
        f"/api/tables/{table.pk}/hands/", "{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert "JSON" in response.json()["detail"]
    response = api.post(
        f"/api/tables/{table.pk}/hands/", {"fan_total": "many"}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"] == "invalid"
    assert set(response.json()["params"]["fields"]) >= {"kind", "fan_total"}
    assert state(table) == before


def test_error_messages_follow_the_language(api, table):
    e, s, w, n = player_ids(table)
    body = {"kind": "discard", "winner": e, "discarder": s, "fan_total": 5}
    response = api.post(
        f"/api/tables/{table.pk}/hands/", body, format="json", HTTP_ACCEPT_LANGUAGE="fr"
    )
    assert response.status_code == 422
    assert "minimum" in response.json()["detail"]
    assert "below" not in response.json()["detail"]


def test_stale_edit_is_a_409(api, table):
    e, s, w, n = player_ids(table)
    hand = api.post(
        f"/api/tables/{table.pk}/hands/",
        {"kind": "discard", "winner": e, "discarder": s, "fan_total": 8},
        format="json",
    ).json()
    first = api.patch(
        f"/api/hands/{hand['id']}/", {"version": 1, "seat_winds": "SENW"}, format="json"
    )
    assert first.status_code == 200
    second = api.patch(
        f"/api/hands/{hand['id']}/", {"version": 1, "seat_winds": "ESWN"}, format="json"
    )
    assert second.status_code == 409
    assert second.json()["error"] == "stale_version"
    assert Hand.objects.get(pk=hand["id"]).seat_winds == "SENW"


def test_only_organisers_and_referees_write(table, anonymous_api, api):
    from tests.factories import UserFactory

    e, s, w, n = player_ids(table)
    body = {"kind": "self_draw", "winner": e, "fan_total": 8}
    assert anonymous_api.post(
        f"/api/tables/{table.pk}/hands/", body, format="json"
    ).status_code in (401, 403)
    stranger = UserFactory()
    anonymous_api.force_authenticate(stranger)
    assert (
        anonymous_api.post(
            f"/api/tables/{table.pk}/hands/", body, format="json"
        ).status_code
        == 403
    )
    table.round.tournament.referees.add(stranger)
    assert (
        anonymous_api.post(
            f"/api/tables/{table.pk}/hands/", body, format="json"
        ).status_code
        == 201
    )


def test_private_tournament_is_hidden_from_anonymous(table, anonymous_api):
    tournament = table.round.tournament
    assert (
        anonymous_api.get(f"/api/tournaments/{tournament.slug}/standings/").status_code
        == 200
    )
    tournament.is_public = False
    tournament.save()
    assert (
        anonymous_api.get(f"/api/tournaments/{tournament.slug}/standings/").status_code
        == 404
    )
    assert anonymous_api.get(f"/api/tables/{table.pk}/").status_code == 404


TILES = {
    "concealed": "123m456p78s11z",
    "melds": [{"kind": "pung", "tiles": "222z", "concealed": False, "from": "left"}],
    "winning_tile": "9s",
    "self_drawn": False,
    "flowers": 0,
    "seat_wind": "E",
    "prevalent_wind": "E",
}


def test_hand_with_tiles_takes_its_points_from_the_calculator(api, table):
    e, s, w, n = player_ids(table)
    body = {
        "kind": "discard",
        "winner": e,
        "discarder": s,
        "fan_total": 88,
        "tiles": TILES,
    }
    response = api.post(f"/api/tables/{table.pk}/hands/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["result"]["fan_total"] == 9
    assert response.json()["fans"][0]["name"] == "Mixed Straight"


def test_tiles_that_contradict_the_result_are_refused(api, table):
    e, s, w, n = player_ids(table)
    body = {"kind": "self_draw", "winner": e, "tiles": TILES}
    before = state(table)
    response = api.post(f"/api/tables/{table.pk}/hands/", body, format="json")
    assert response.status_code == 422
    assert response.json()["error"] == "tiles_disagree_with_result"
    assert state(table) == before


def test_flowers_typed_apart_from_the_tiles_must_agree_with_them(api, table):
    """Two flowers in the tiles, three typed in the form: the referee is told
    which figure disagrees, in words, and nothing is stored."""
    e, s, w, n = player_ids(table)
    body = {
        "kind": "discard",
        "winner": e,
        "discarder": s,
        "flowers": 3,
        "tiles": {**TILES, "flowers": 2},
    }
    before = state(table)
    response = api.post(f"/api/tables/{table.pk}/hands/", body, format="json")
    assert response.status_code == 422
    assert response.json()["error"] == "tiles_value_disagree"
    assert response.json()["field"] == "flowers"
    assert response.json()["detail"] == (
        "The tiles count 2 for the flowers, the result says 3: correct one of them."
    )
    assert state(table) == before
