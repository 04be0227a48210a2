"""Only organisers (tournaments.add_tournament) create tournaments."""

from __future__ import annotations

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tournaments.models import Tournament
from tournaments.permissions import can_create_tournament

pytestmark = pytest.mark.django_db

FORM = {
    "name": "Paris Winter Open",
    "rounds_count": 4,
    "session_minutes": 120,
    "ruleset": "mcr",
    "seating_mode": "random",
}


@pytest.fixture
def player_account():
    """An account that may log in but was never made an organiser."""
    return UserFactory(username="anna")


def test_new_tournament_page_refuses_a_plain_account(client, player_account):
    """403 with a sentence saying what is missing, for the page and the POST."""
    client.force_login(player_account)
    page = client.get(reverse("staff:tournament-create"))
    assert page.status_code == 403
    assert "organiser permission" in page.content.decode()
    assert client.post(reverse("staff:tournament-create"), FORM).status_code == 403
    assert not Tournament.objects.exists()


def test_new_tournament_page_still_asks_anonymous_to_log_in(client):
    response = client.get(reverse("staff:tournament-create"))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_organiser_opens_the_new_tournament_page(client, organiser):
    client.force_login(organiser)
    assert client.get(reverse("staff:tournament-create")).status_code == 200


def test_api_create_refuses_a_plain_account(player_account):
    api = APIClient()
    api.force_authenticate(player_account)
    response = api.post("/api/tournaments/", {"name": "Open"}, format="json")
    assert response.status_code == 403
    assert "organiser permission" in response.json()["detail"]
    assert not Tournament.objects.exists()


def test_api_create_works_for_an_organiser(api):
    response = api.post("/api/tournaments/", {"name": "Open"}, format="json")
    assert response.status_code == 201


def test_grant_organiser_command(player_account):
    """The command grants the permission, --revoke takes it back."""
    call_command("grant_organiser", "anna")
    assert can_create_tournament(type(player_account).objects.get(pk=player_account.pk))
    call_command("grant_organiser", "anna", "--revoke")
    assert not can_create_tournament(
        type(player_account).objects.get(pk=player_account.pk)
    )


def test_grant_organiser_unknown_user():
    with pytest.raises(CommandError):
        call_command("grant_organiser", "nobody")


def test_superuser_may_create():
    assert can_create_tournament(UserFactory(is_superuser=True))


def test_dashboard_offers_new_tournament_only_to_organisers(client, organiser):
    """An account without the permission does not see a button that leads to 403."""
    create = reverse("staff:tournament-create")
    client.force_login(organiser)
    assert create in client.get(reverse("staff:dashboard")).content.decode()
    client.force_login(UserFactory())
    assert create not in client.get(reverse("staff:dashboard")).content.decode()
