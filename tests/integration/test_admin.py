"""The admin covers every model of the tournaments app."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.contrib import admin
from django.urls import reverse

from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_every_model_is_registered_and_its_list_opens(client):
    superuser = UserFactory(is_staff=True, is_superuser=True)
    client.force_login(superuser)
    for model in apps.get_app_config("tournaments").get_models():
        assert admin.site.is_registered(model), model.__name__
        name = f"admin:tournaments_{model._meta.model_name}_changelist"
        assert client.get(reverse(name)).status_code == 200, model.__name__
