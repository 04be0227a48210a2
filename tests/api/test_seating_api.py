"""Seating jobs through the API: start, follow, swap, publish, cancel."""

from __future__ import annotations

import pytest

from tests.factories import RegistrationFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(tournament):
    return [RegistrationFactory(tournament=tournament).player_id for _ in range(16)]


def test_plan_every_round_review_and_publish(
    api, tournament, players, django_capture_on_commit_callbacks
):
    url = f"/api/tournaments/{tournament.slug}/rounds/1/seating/"
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(
            url, {"rounds": None, "publish": False, "seed": 3}, format="json"
        )
    assert response.status_code == 202, response.content
    plan = api.get(url).json()
    assert plan["status"] == "ready"
    assert plan["round_numbers"] == [1, 2, 3, 4]
    assert sorted(p for table in plan["rounds"][0] for p in table) == sorted(players)
    assert set(plan["stats"]) == {
        "repeated_pairs",
        "max_meetings",
        "wind_imbalance",
        "clock_stopped",
    }
    assert (plan["request"]["seed"], plan["request"]["rounds_to_plan"]) == (3, 4)

    a, b = plan["rounds"][0][0][0], plan["rounds"][0][1][0]
    swapped = api.post(
        f"/api/seating-plans/{plan['id']}/swap/",
        {"round": 1, "first": a, "second": b},
        format="json",
    ).json()
    assert swapped["rounds"][0][0][0] == b

    response = api.post(f"/api/seating-plans/{plan['id']}/publish/")
    assert response.json()["status"] == "published"
    round_1 = api.get(f"/api/tournaments/{tournament.slug}/rounds/1/").json()
    assert round_1["seating_state"] == "done"
    assert [s["player"] for s in round_1["tables"][0]["seats"]] == swapped["rounds"][0][
        0
    ]


def test_uneven_player_count_names_the_substitutes_needed(api, tournament, players):
    RegistrationFactory(tournament=tournament)
    response = api.post(f"/api/tournaments/{tournament.slug}/rounds/1/seating/", {})
    assert response.status_code == 422
    assert response.json()["error"] == "player_count_not_multiple_of_four"
    assert "add 3 substitute" in response.json()["detail"]


def test_cancel_a_pending_job(api, tournament, players):
    response = api.post(f"/api/tournaments/{tournament.slug}/rounds/1/seating/", {})
    plan_id = response.json()["id"]
    response = api.post(f"/api/seating-plans/{plan_id}/cancel/")
    assert response.json()["status"] == "cancelled"
    response = api.post(f"/api/seating-plans/{plan_id}/publish/")
    assert response.status_code == 409
    assert response.json()["error"] == "plan_not_ready"


def test_only_organisers_start_seating(anonymous_api, tournament, players):
    response = anonymous_api.post(
        f"/api/tournaments/{tournament.slug}/rounds/1/seating/", {}
    )
    assert response.status_code in (401, 403)
