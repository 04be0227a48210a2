"""Fixtures of the fault tests: the test's own PostgreSQL database (the
suite's, committed: ``transaction=True``) reached by real processes, and
their environment."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client
from rest_framework.authtoken.models import Token

from tests.faults.processes import served_env


@pytest.fixture
def database_url(transactional_db) -> str:
    """The test database, as the served processes reach it."""
    db = connection.settings_dict
    if connection.vendor != "postgresql":
        pytest.fail(
            "The fault tests need PostgreSQL: run them with `make test-faults`."
        )
    return f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


@pytest.fixture
def environment(tmp_path) -> Callable[..., dict[str, str]]:
    """Production settings for a served process; the test's SECRET_KEY, so
    that a session the test opens is valid there."""
    static_root = tmp_path / "static"
    static_root.mkdir()

    def make(**fields: str) -> dict[str, str]:
        return served_env(
            secret_key=settings.SECRET_KEY, static_root=static_root, **fields
        )

    return make


@pytest.fixture
def token(organiser) -> str:
    """The organiser's API token, as an outside client sends it."""
    return f"Token {Token.objects.create(user=organiser).key}"


@pytest.fixture
def session_cookie(organiser) -> dict[str, str]:
    """The organiser logged in (a session row, as the login page makes)."""
    client = Client()
    client.force_login(organiser)
    return {
        settings.SESSION_COOKIE_NAME: client.cookies[settings.SESSION_COOKIE_NAME].value
    }
