"""Fixtures shared by the database tests."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Permission
from rest_framework.test import APIClient

from tests.factories import TournamentFactory, UserFactory


@pytest.fixture
def organiser(db):
    """An account with the organiser permission (it may create tournaments)."""
    user = UserFactory(username="organiser")
    user.user_permissions.add(
        Permission.objects.get(
            content_type__app_label="tournaments", codename="add_tournament"
        )
    )
    return user


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
