"""Players' names typed for a night fit the player's columns (first and
last name, 80 characters each): a longer one is refused naming the field,
never a 500."""

from __future__ import annotations

import pytest

from tests.integration.leagues.data import make_league

pytestmark = [pytest.mark.django_db, pytest.mark.db_sensitive]

LONG = "X" * 90


@pytest.mark.parametrize("name", [LONG, f"{LONG} Lee", f"Ann {LONG}"])
def test_a_name_too_long_for_a_night_table_is_refused_by_the_api(api, organiser, name):
    league = make_league(organiser)
    night = api.post(
        f"/api/leagues/{league.slug}/nights/", {"day": "2026-01-08"}, format="json"
    ).json()
    response = api.post(
        f"/api/leagues/{league.slug}/nights/{night['id']}/tables/",
        {"tables": [["Bob B", "Cy C", "Dee D", name]]},
        format="json",
    )
    assert response.status_code == 422
    assert response.json()["field"] in ("first_name", "last_name")


def test_a_name_too_long_for_the_engine_is_refused_by_the_page(client, organiser):
    league = make_league(organiser)
    client.force_login(organiser)
    client.post(
        f"/manage/leagues/{league.slug}/",
        {"action": "night", "day": "2026-01-08", "sessions": 1, "ruleset": ""},
    )
    event = league.events.get()
    response = client.post(
        f"/manage/leagues/{league.slug}/nights/{event.pk}/",
        {"action": "engine", "names": "\n".join(["Bob B", "Cy C", "Dee D", LONG])},
    )
    assert response.status_code == 400
    assert "80" in response.content.decode()
