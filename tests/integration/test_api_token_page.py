"""The organiser's API key page: the key the venue laptop publishes with."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.authtoken.models import Token

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

URL = reverse("staff:api-token")


def test_an_organiser_creates_a_key_and_the_api_accepts_it(client, organiser):
    """The key shown on the page authenticates API calls as the organiser."""
    client.force_login(organiser)
    assert "You have no API key yet." in client.get(URL).content.decode()
    response = client.post(URL)
    assert response.status_code == 302
    key = Token.objects.get(user=organiser).key
    page = client.get(URL)
    assert key in page.content.decode()
    assert "no-cache" in page["Cache-Control"] or "max-age=0" in page["Cache-Control"]
    client.logout()
    answer = client.get("/api/tournaments/", HTTP_AUTHORIZATION=f"Token {key}")
    assert answer.status_code == 200


def test_replacing_the_key_stops_the_old_one(client, organiser):
    client.force_login(organiser)
    client.post(URL)
    old = Token.objects.get(user=organiser).key
    client.post(URL)
    new = Token.objects.get(user=organiser).key
    assert new != old
    client.logout()
    refused = client.post("/api/tournaments/", {}, HTTP_AUTHORIZATION=f"Token {old}")
    assert refused.status_code == 401


def test_a_plain_account_gets_no_key(client):
    """An account without the organiser's right is refused, and no key made."""
    user = UserFactory()
    client.force_login(user)
    assert client.get(URL).status_code == 403
    assert client.post(URL).status_code == 403
    assert not Token.objects.filter(user=user).exists()


def test_anonymous_visitors_are_sent_to_the_login_page(client):
    response = client.get(URL)
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
