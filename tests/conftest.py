"""Fixtures shared by the database tests."""

from __future__ import annotations

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from tests.factories import TournamentFactory, organiser_account
from tests.xdist_groups import pytest_collection_modifyitems  # noqa: F401  (a hook)


@pytest.fixture(autouse=True)
def _default_language_after_each_test():
    """A request in French leaves French active in the thread (the locale
    middleware activates a request's language and nothing resets it): the
    next test on this worker starts in the default language."""
    yield
    translation.deactivate()


@pytest.fixture
def organiser(db):
    """An account with the organiser permission (it may create tournaments)."""
    return organiser_account(username="organiser")


@pytest.fixture
def tournament(organiser):
    tournament = TournamentFactory()
    tournament.organisers.add(organiser)
    return tournament


@pytest.fixture
def api(organiser) -> APIClient:
    client = APIClient()
    client.force_authenticate(organiser)
    return client


@pytest.fixture
def anonymous_api() -> APIClient:
    return APIClient()
