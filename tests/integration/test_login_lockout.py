"""Login lockout (django-axes): wrong passwords lock a user at an address."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from axes.utils import reset
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import timezone

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def log_in(client: Client, password: str, *, ip: str = "10.0.0.1"):
    return client.post(
        reverse("login"),
        {"username": "anna", "password": password},
        REMOTE_ADDR=ip,
    )


@pytest.fixture
def anna():
    return UserFactory(username="anna")


def logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


@override_settings(AXES_FAILURE_LIMIT=3)
def test_wrong_passwords_lock_out_the_right_one(anna):
    """After the limit of failures, even the right password is refused (429)."""
    client = Client()
    for _ in range(3):
        assert log_in(client, "wrong").status_code in (200, 429)
    response = log_in(client, "secret-pass")
    assert response.status_code == 429
    assert not logged_in(client)
    assert "Too many attempts" in response.content.decode()


@override_settings(AXES_FAILURE_LIMIT=3)
def test_lockout_is_per_address(anna):
    """Failures from one address do not lock the user out of another."""
    for _ in range(3):
        log_in(Client(), "wrong", ip="10.0.0.1")
    client = Client()
    response = log_in(client, "secret-pass", ip="10.0.0.2")
    assert response.status_code == 302
    assert logged_in(client)


@override_settings(AXES_FAILURE_LIMIT=3)
def test_after_the_cool_off_the_right_password_works(anna):
    """Once the attempts are reset (what the cool-off does), login works again."""
    client = Client()
    for _ in range(3):
        log_in(client, "wrong")
    assert log_in(client, "secret-pass").status_code == 429
    reset(username="anna")
    response = log_in(client, "secret-pass")
    assert response.status_code == 302
    assert logged_in(client)


@override_settings(AXES_FAILURE_LIMIT=3)
def test_a_success_before_the_limit_resets_the_count(anna):
    """Two typos, a success, two more typos: not locked out."""
    client = Client()
    log_in(client, "wrong")
    log_in(client, "wrong")
    assert log_in(client, "secret-pass").status_code == 302
    client = Client()
    log_in(client, "wrong")
    log_in(client, "wrong")
    assert log_in(client, "secret-pass").status_code == 302


def test_lockout_page_is_translated(anna, settings):
    """The lockout page speaks the visitor's language."""
    settings.AXES_FAILURE_LIMIT = 1
    client = Client(HTTP_ACCEPT_LANGUAGE="fr")
    log_in(client, "wrong")
    response = log_in(client, "secret-pass")
    assert response.status_code == 429
    assert response.headers["Content-Language"] == "fr"


@override_settings(AXES_FAILURE_LIMIT=3)
def test_lockout_ends_with_the_cool_off(anna, settings):
    """Failures older than the cool-off no longer count."""
    client = Client()
    for _ in range(3):
        log_in(client, "wrong")
    assert log_in(client, "secret-pass").status_code == 429
    past = timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    AccessAttempt.objects.update(attempt_time=past)
    response = log_in(client, "secret-pass")
    assert response.status_code == 302
    assert logged_in(client)


@override_settings(AXES_FAILURE_LIMIT=3)
def test_forged_forwarded_for_does_not_dodge_the_lockout(anna):
    """Without a trusted proxy, a new X-Forwarded-For per try is one address."""
    client = Client()
    for n in range(3):
        client.post(
            reverse("login"),
            {"username": "anna", "password": "wrong"},
            REMOTE_ADDR="10.0.0.1",
            HTTP_X_FORWARDED_FOR=f"192.0.2.{n}",
        )
    response = client.post(
        reverse("login"),
        {"username": "anna", "password": "secret-pass"},
        REMOTE_ADDR="10.0.0.1",
        HTTP_X_FORWARDED_FOR="192.0.2.99",
    )
    assert response.status_code == 429


def test_behind_a_proxy_the_lockout_counts_the_forwarded_address(anna, settings):
    """NUM_PROXIES=1: each client behind the proxy has its own count."""
    settings.AXES_FAILURE_LIMIT = 2
    settings.NUM_PROXIES = 1

    def attempt(password: str, client_address: str):
        return Client().post(
            reverse("login"),
            {"username": "anna", "password": password},
            REMOTE_ADDR="127.0.0.1",
            HTTP_X_FORWARDED_FOR=f"192.0.2.1, {client_address}",
        )

    for _ in range(2):
        attempt("wrong", "203.0.113.7")
    assert attempt("secret-pass", "203.0.113.7").status_code == 429
    assert attempt("secret-pass", "203.0.113.8").status_code == 302
