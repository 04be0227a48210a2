"""The waiting list at the door of round 1 through the API (issue 30): the
seating route that withdraws the absentees lets the door's waiting-list
players in, in the same step, with the pages' permissions and the house's
error answer."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.api.test_schemathesis import schema
from tests.factories import organiser_account
from tests.integration.door_helpers import at_the_door
from tournaments.models import AuditEvent, Player, Registration, Signup

pytestmark = pytest.mark.django_db


@pytest.fixture
def door(organiser):
    return at_the_door(organiser)


def seating_url(door, number=1):
    return f"/api/tournaments/{door.tournament.slug}/rounds/{number}/seating/"


def admit(door, count):
    return [{"signup": signup.pk} for signup in door.waiting[:count]]


def test_absentees_withdrawn_and_two_let_in(
    api, door, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        started = api.post(
            seating_url(door),
            {"seed": 1, "withdraw_absent": True, "admit_waiting": admit(door, 2)},
            format="json",
        )
    assert started.status_code == 202, started.content
    registrations = api.get(
        f"/api/tournaments/{door.tournament.slug}/registrations/"
    ).json()
    by_name = {row["name"]: row for row in registrations["registrations"]}
    assert by_name["Ivo Jahn"]["status"] == "confirmed"
    assert by_name["Jon Kurz"]["status"] == "confirmed"
    assert by_name["Kim Lutz"]["status"] == "waiting"
    assert by_name["Gus Hart"]["status"] == "cancelled"  # absent
    active = Registration.objects.filter(tournament=door.tournament, status="active")
    assert active.count() == 8
    assert active.filter(checked_in_at__isnull=True).count() == 0
    assert AuditEvent.objects.filter(action="checkin.admit").count() == 2
    round_one = api.get(f"/api/tournaments/{door.tournament.slug}/rounds/1/").json()
    seated = {seat["player"] for t in round_one["tables"] for seat in t["seats"]}
    assert len(seated) == 8


def test_an_impossible_count_is_a_named_422(api, door):
    answer = api.post(
        seating_url(door),
        {"withdraw_absent": True, "admit_waiting": admit(door, 1)},
        format="json",
    )
    assert answer.status_code == 422, answer.content
    body = answer.json()
    assert (body["error"], body["field"]) == (
        "door_count_not_multiple_of_four",
        "admit_waiting",
    )
    assert "7 players would sit at round 1" in body["detail"]
    assert not door.tournament.seating_plans.exists()
    assert not Registration.objects.filter(status="withdrawn").exists()


def test_the_answer_is_in_the_client_s_language(api, door):
    answer = api.post(
        seating_url(door),
        {"withdraw_absent": True, "admit_waiting": admit(door, 1)},
        format="json",
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert answer.status_code == 422
    assert answer["Content-Language"] == "fr"


def test_a_look_alike_needs_its_answer(api, organiser):
    known = Player.objects.create(first_name="Ivo", last_name="Jahn")
    door = at_the_door(organiser)
    ivo, jon = door.waiting[:2]
    body = {
        "withdraw_absent": True,
        "admit_waiting": [{"signup": ivo.pk}, {"signup": jon.pk}],
    }
    refused = api.post(seating_url(door), body, format="json")
    assert refused.status_code == 422
    assert refused.json()["error"] == "door_same_player_unanswered"
    body["admit_waiting"][0]["same_player"] = True
    started = api.post(seating_url(door), body, format="json")
    assert started.status_code == 202, started.content
    assert Signup.objects.get(pk=ivo.pk).registration.player == known


@pytest.mark.parametrize(
    "admit_waiting",
    [
        "12",
        [12],
        [{"signup": "12"}],
        [{"signup": 0}],
        [{"signup": 2**70}],
        [{"signup": 1, "same_player": "yes"}],
        [{}],
    ],
)
def test_a_malformed_choice_is_a_400(api, door, admit_waiting):
    answer = api.post(
        seating_url(door),
        {"withdraw_absent": True, "admit_waiting": admit_waiting},
        format="json",
    )
    assert answer.status_code == 400, answer.content
    assert not door.tournament.seating_plans.exists()


def test_another_sign_up_is_a_422(api, door):
    confirmed = door.registered[0].signup
    answer = api.post(
        seating_url(door),
        {"withdraw_absent": True, "admit_waiting": [{"signup": confirmed.pk}]},
        format="json",
    )
    assert answer.status_code == 422
    assert answer.json()["error"] == "not_on_waiting_list"


def test_same_permissions_as_the_page(door, anonymous_api):
    body = {"withdraw_absent": True, "admit_waiting": admit(door, 2)}
    assert anonymous_api.post(seating_url(door), body, format="json").status_code in (
        401,
        403,
        404,
    )
    stranger = APIClient()
    stranger.force_authenticate(organiser_account(username="stranger"))
    assert stranger.post(seating_url(door), body, format="json").status_code in (
        403,
        404,
    )
    assert not Signup.objects.filter(status="confirmed", pk=door.waiting[0].pk)


def test_the_schema_documents_the_door():
    path = schema.raw_schema["paths"][
        "/api/tournaments/{slug}/rounds/{number}/seating/"
    ]["post"]
    reference = path["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    components = schema.raw_schema["components"]["schemas"]
    body = components[reference.rsplit("/", 1)[1]]
    field = body["properties"]["admit_waiting"]
    assert "waiting list" in field["description"]
    assert field["maxItems"] == 200
    item = components[field["items"]["$ref"].rsplit("/", 1)[1]]
    assert set(item["properties"]) == {"signup", "same_player"}
    assert item["required"] == ["signup"]
