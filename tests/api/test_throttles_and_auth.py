"""API hardening: throttles that a forged header cannot dodge, 401, 503."""

from __future__ import annotations

import json
from unittest import mock

import pytest
from django.core.cache import cache
from django.db import OperationalError
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from scoring.api import EXAMPLE_HAND

FANS_URL = "/api/mcr/fans"


@pytest.fixture
def low_rates(monkeypatch):
    """Two requests a minute per scope (the test settings raise them on purpose)."""
    # SimpleRateThrottle reads the rates once, at import: patch the class.
    monkeypatch.setattr(
        SimpleRateThrottle, "THROTTLE_RATES", {"fans": "2/min", "writes": "2/min"}
    )
    cache.clear()
    yield
    cache.clear()


def post_hand(client: Client, **headers):
    return client.post(
        FANS_URL, json.dumps(EXAMPLE_HAND), content_type="application/json", **headers
    )


def test_calculator_throttle_ignores_forged_forwarded_for(low_rates):
    """Without a trusted proxy, a new X-Forwarded-For each time is still one client."""
    client = Client()
    answers = [
        post_hand(client, REMOTE_ADDR="10.1.1.1", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
        for n in range(4)
    ]
    assert [a.status_code for a in answers] == [200, 200, 429, 429]


def test_calculator_throttle_counts_each_address(low_rates):
    """Another client address has its own budget."""
    client = Client()
    for _ in range(2):
        post_hand(client, REMOTE_ADDR="10.1.1.1")
    assert post_hand(client, REMOTE_ADDR="10.1.1.1").status_code == 429
    assert post_hand(client, REMOTE_ADDR="10.1.1.2").status_code == 200


def test_behind_one_proxy_the_last_forwarded_address_counts(low_rates, settings):
    """With NUM_PROXIES=1, the address the proxy appended is the client."""
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    client = Client()
    forged = [f"192.0.2.{n}, 203.0.113.7" for n in range(3)]
    codes = [
        post_hand(client, REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR=f).status_code
        for f in forged
    ]
    assert codes == [200, 200, 429]
    other = post_hand(
        client, REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="192.0.2.1, 203.0.113.8"
    )
    assert other.status_code == 200


def test_api_writes_are_throttled_per_user(low_rates, api, tournament):
    """The third write in a minute answers 429; reads stay free."""
    url = f"/api/tournaments/{tournament.slug}/players/"
    codes = [
        api.post(url, {"last_name": f"Martin{n}"}, format="json").status_code
        for n in range(3)
    ]
    assert codes == [201, 201, 429]
    assert api.get(url).status_code == 200


def test_missing_token_is_401(tournament):
    """An anonymous write asks for credentials (401 + WWW-Authenticate)."""
    response = APIClient().post(
        f"/api/tournaments/{tournament.slug}/players/", {"last_name": "X"}
    )
    assert response.status_code == 401
    assert response.headers["WWW-Authenticate"] == "Token"


def test_bad_token_is_401(tournament):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = client.get(f"/api/tournaments/{tournament.slug}/")
    assert response.status_code == 401


def test_good_token_without_rights_is_403(tournament):
    """A known user who may not write is refused with 403, not asked to log in."""
    from tests.factories import UserFactory

    token = Token.objects.create(user=UserFactory(username="stranger"))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    response = client.post(
        f"/api/tournaments/{tournament.slug}/players/", {"last_name": "X"}
    )
    assert response.status_code == 403


def database_down():
    return mock.patch(
        "django.db.backends.base.base.BaseDatabaseWrapper.ensure_connection",
        side_effect=OperationalError("connection refused"),
    )


@pytest.mark.django_db
def test_api_answers_503_when_the_database_is_down():
    """The API keeps its error shape and says when to retry."""
    with database_down():
        response = APIClient().get("/api/tournaments/")
    assert response.status_code == 503
    assert response.headers["Retry-After"]
    body = response.json()
    assert body["error"] == "database_unavailable"
    assert body["detail"]


@pytest.mark.django_db
def test_page_answers_503_when_the_database_is_down():
    """A page shows the plain, translated 503 page, not a server error."""
    with database_down():
        response = Client(HTTP_ACCEPT_LANGUAGE="fr").get("/")
    assert response.status_code == 503
    assert response.headers["Retry-After"]
    assert response.headers["Content-Type"].startswith("text/html")
    assert "<html" in response.content.decode()


def test_server_error_handler_turns_a_database_error_into_503(rf):
    """handler500 (errors raised outside a view, e.g. in a middleware)."""
    from config.middleware import server_error

    try:
        raise OperationalError("connection refused")
    except OperationalError:
        response = server_error(rf.get("/api/tournaments/"))
    assert response.status_code == 503
    assert json.loads(response.content)["error"] == "database_unavailable"
    try:
        raise ValueError("a bug")
    except ValueError:
        assert server_error(rf.get("/")).status_code == 500
