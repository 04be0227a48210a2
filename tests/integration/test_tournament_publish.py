"""A new tournament is private until the organiser publishes it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.integration.page_factories import UserFactory, tournament_with_players
from tournaments.models import AuditEvent

pytestmark = pytest.mark.django_db


def test_publish_then_make_private(client, organiser):
    tournament = tournament_with_players(organiser, 16, is_public=False)
    client.force_login(organiser)
    page = client.get(reverse("staff:tournament", args=[tournament.slug]))
    html = page.content.decode()
    assert "Private: only organisers see it." in html
    assert "16 players" in html and "player(s)" not in html
    public_url = reverse("public:standings", args=[tournament.slug])
    client.logout()
    assert client.get(public_url).status_code == 404

    client.force_login(organiser)
    url = reverse("staff:tournament-visibility", args=[tournament.slug])
    published = client.post(url, {"is_public": "1"}, follow=True)
    tournament.refresh_from_db()
    assert tournament.is_public
    assert "Make private" in published.content.decode()
    event = AuditEvent.objects.get(action="tournament.update")
    assert (event.before, event.after) == ({"is_public": False}, {"is_public": True})
    client.logout()
    assert client.get(public_url).status_code == 200

    client.force_login(organiser)
    client.post(url, {"is_public": "0"})
    tournament.refresh_from_db()
    assert not tournament.is_public


def test_only_organisers_publish(client, organiser):
    tournament = tournament_with_players(organiser, 0, is_public=False)
    client.force_login(UserFactory(username="stranger"))
    url = reverse("staff:tournament-visibility", args=[tournament.slug])
    assert client.post(url, {"is_public": "1"}).status_code == 404
    tournament.refresh_from_db()
    assert not tournament.is_public
