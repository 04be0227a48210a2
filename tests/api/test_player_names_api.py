"""Names through the API (issue 27, item 6): kept as sent, and namesakes of
two clubs or two EMA numbers are two players."""

from __future__ import annotations

import pytest

from tournaments.models import Player

pytestmark = pytest.mark.django_db


def players_url(tournament) -> str:
    return f"/api/tournaments/{tournament.slug}/players/"


def test_first_and_last_name_are_kept_as_sent(api, tournament):
    body = [{"first_name": "Zoë", "last_name": "Van der Ært", "club": "Gent"}]
    response = api.post(players_url(tournament), body, format="json")
    assert response.status_code == 201
    assert response.json()[0]["last_name"] == "Van der Ært"
    assert Player.objects.get().first_name == "Zoë"


def test_namesakes_of_two_clubs_are_two_registrations(api, tournament):
    body = [
        {"first_name": "Anna", "last_name": "Martin", "club": "Paris"},
        {"first_name": "Anna", "last_name": "Martin", "club": "Lyon"},
        {"first_name": "Bo", "last_name": "Chen", "ema_number": "11"},
        {"first_name": "Bo", "last_name": "Chen", "ema_number": "12"},
    ]
    response = api.post(players_url(tournament), body, format="json")
    assert response.status_code == 201
    assert len(response.json()) == 4
    assert Player.objects.count() == 4


def test_a_namesake_without_club_or_number_is_the_known_player(api, tournament):
    first = [{"first_name": "Anna", "last_name": "Martin", "club": "Paris"}]
    api.post(players_url(tournament), first, format="json")
    again = [{"first_name": "anna", "last_name": "MARTIN"}]
    response = api.post(players_url(tournament), again, format="json")
    assert response.status_code == 201
    assert Player.objects.count() == 1
    assert len(response.json()) == 1
