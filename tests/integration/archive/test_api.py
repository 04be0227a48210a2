"""POST /api/events/: an archive in, the event's URL out (201 created, 200
updated or unchanged), 400 naming the problem, 403 for a stranger."""

from __future__ import annotations

import os

import pytest
from django.core.management import call_command
from django.test import override_settings
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import UserFactory, organiser_account
from tests.integration.archive.helpers import as_copy, carried, row_counts
from tournaments.api.events import ARCHIVE_MAX_BYTES, ArchiveJSONParser
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

URL = "/api/events/"


def test_an_archive_creates_then_leaves_the_event_unchanged(api, played):
    document = as_copy(carried(played))
    first = api.post(URL, document, format="json")
    assert first.status_code == 201
    body = first.json()
    copy = Tournament.objects.get(uid=document["event"]["uid"])
    assert body["slug"] == copy.slug != played.slug
    assert body["url"] == f"http://testserver/t/{copy.slug}/"  # public: standings
    assert body["created"] is True and body["changed"] is True
    assert any("hands added" in line for line in body["changes"])
    again = api.post(URL, document, format="json")
    assert again.status_code == 200
    assert again.json() | {"changes": []} == {
        "slug": copy.slug,
        "url": body["url"],
        "created": False,
        "changed": False,
        "changes": [],
    }


def test_a_token_is_enough(played, organiser):
    client = APIClient()
    token = Token.objects.create(user=organiser)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    document = as_copy(carried(played))
    document["event"]["is_public"] = False
    response = client.post(URL, document, format="json")
    assert response.status_code == 201
    slug = response.json()["slug"]
    assert response.json()["url"] == f"http://testserver/staff/{slug}/"


def test_a_bad_archive_answers_422_naming_it_and_stores_nothing(api, played):
    document = as_copy(carried(played))
    document["rounds"][0]["tables"][0]["hands"][1]["winner"] = 999
    counts = row_counts()
    response = api.post(URL, document, format="json")
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "archive_not_seated"
    assert body["field"] == "rounds[0].tables[0].hands[1].winner"
    assert body["field"] in body["detail"]
    assert body["params"]["registration"] == 999
    assert row_counts() == counts


def test_not_an_archive_answers_422(api):
    response = api.post(URL, {"hello": "world"}, format="json")
    assert response.status_code == 422
    assert response.json()["error"] == "archive_not_muraille"
    response = api.post(URL, [1, 2], format="json")
    assert response.json()["error"] == "archive_not_muraille"


def test_strangers_are_refused(anonymous_api, played):
    document = carried(played)
    assert anonymous_api.post(URL, document, format="json").status_code == 401
    anonymous_api.force_authenticate(UserFactory(username="stranger"))
    assert anonymous_api.post(URL, document, format="json").status_code == 403
    other = APIClient()
    other.force_authenticate(organiser_account(username="other-organiser"))
    response = other.post(URL, document, format="json")
    assert response.status_code == 403
    assert response.json()["error"] == "archive_not_organiser"


def test_the_archive_has_its_own_size_limit():
    """Far above the 2.5 MB of other bodies; a larger body is a 413."""
    assert ARCHIVE_MAX_BYTES >= 32 * 1024 * 1024
    assert ArchiveJSONParser.max_bytes == ARCHIVE_MAX_BYTES


def test_a_body_over_the_limit_is_413(api, monkeypatch):
    monkeypatch.setattr(ArchiveJSONParser, "max_bytes", 100)
    response = api.post(
        URL, {"format": "muraille-event", "x": "y" * 200}, format="json"
    )
    assert response.status_code == 413


@override_settings(DEBUG=True)
def test_the_schema_validates_with_the_endpoint():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    answers = schema["paths"]["/api/events/"]["post"]["responses"]
    assert {"200", "201", "400", "401", "403", "413", "422"} <= answers.keys()
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", os.devnull)


def test_a_body_above_the_usual_limit_is_read(api, settings):
    """3 MB: over DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB), under the archive's."""
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE < 3_000_000
    document = {"format": "muraille-event", "version": 1, "pad": "x" * 3_000_000}
    response = api.post(URL, document, format="json")
    assert response.status_code == 422  # read whole, then refused by its keys
    assert (response.json()["error"], response.json()["field"]) == (
        "archive_unknown_key",
        "pad",
    )
