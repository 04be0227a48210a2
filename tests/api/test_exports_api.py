"""API: standings files, background exports, player import."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from openpyxl import load_workbook

from tests.factories import UserFactory
from tests.integration.export_data import played_tournament
from tournaments.models import ExportFile, Player
from tournaments.selectors.standings import get_standings
from tournaments.services import exports as export_services

pytestmark = [pytest.mark.django_db, pytest.mark.urls("tests.integration.exports_urls")]


@pytest.fixture
def played(tournament, organiser):
    return played_tournament(tournament, organiser)


def test_standings_xlsx(anonymous_api, played):
    response = anonymous_api.get(f"/api/tournaments/{played.slug}/standings.xlsx")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.openxmlformats")
    sheet = load_workbook(io.BytesIO(response.content))["Standings"]
    names = [row[1] for row in sheet.iter_rows(min_row=2, values_only=True)]
    assert names == [row.player.name for row in get_standings(played).rows]


def test_standings_xlsx_when_the_client_asks_for_a_spreadsheet(api, played):
    response = api.get(
        f"/api/tournaments/{played.slug}/standings.xlsx",
        HTTP_ACCEPT=(
            "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        ),
    )
    assert response.status_code == 200


def test_standings_csv_semicolon(anonymous_api, played):
    response = anonymous_api.get(
        f"/api/tournaments/{played.slug}/standings.csv?sep=semicolon&language=en"
    )
    assert response.status_code == 200
    text = response.content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))
    assert rows[0][:2] == ["Rank", "Player"]
    assert len(rows) == 1 + len(get_standings(played).rows)


def test_private_tournament_is_a_404_for_anonymous(anonymous_api, api, played):
    played.is_public = False
    played.save()
    for path in ("standings.xlsx", "standings.csv"):
        url = f"/api/tournaments/{played.slug}/{path}"
        assert anonymous_api.get(url).status_code == 404
        assert api.get(url).status_code == 200


def test_background_export_then_download(
    api, played, django_capture_on_commit_callbacks
):
    """POST starts a build (202); the eager task finishes it; download works."""
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(
            f"/api/tournaments/{played.slug}/exports/",
            {"kind": "xlsx", "language": "fr"},
            format="json",
        )
    assert response.status_code == 202, response.content
    export_id = response.json()["id"]
    assert response["Location"] == f"/api/exports/{export_id}/"
    state = api.get(f"/api/exports/{export_id}/").json()
    assert state["status"] == "ready"
    assert state["progress"] == 100
    assert state["language"] == "fr"
    assert state["download_url"].endswith(f"/api/exports/{export_id}/download")
    download = api.get(f"/api/exports/{export_id}/download")
    assert download.status_code == 200
    assert download.content == bytes(ExportFile.objects.get().content)
    listing = api.get(f"/api/tournaments/{played.slug}/exports/").json()
    assert [item["id"] for item in listing] == [export_id]


def test_download_before_the_build_is_a_conflict(api, played):
    export = ExportFile.objects.create(tournament=played, kind="xlsx")
    response = api.get(f"/api/exports/{export.pk}/download")
    assert response.status_code == 409
    assert response.json()["error"] == "export_not_ready"
    assert api.get(f"/api/exports/{export.pk}/").json()["download_url"] is None


def test_only_organisers_start_exports(anonymous_api, played):
    response = anonymous_api.post(f"/api/tournaments/{played.slug}/exports/", {})
    assert response.status_code in (401, 403)
    stranger = UserFactory(username="stranger")
    anonymous_api.force_authenticate(stranger)
    response = anonymous_api.post(f"/api/tournaments/{played.slug}/exports/", {})
    assert response.status_code == 403


def test_private_exports_are_hidden(anonymous_api, played):
    played.is_public = False
    played.save()
    export = ExportFile.objects.create(tournament=played, kind="xlsx")
    assert anonymous_api.get(f"/api/exports/{export.pk}/").status_code == 404
    assert anonymous_api.get(f"/api/exports/{export.pk}/download").status_code == 404


def test_a_large_tournament_answers_202_with_the_export(
    anonymous_api, played, monkeypatch, django_capture_on_commit_callbacks
):
    monkeypatch.setattr(export_services, "DIRECT_EXPORT_MAX_PLAYERS", 4)
    url = f"/api/tournaments/{played.slug}/standings.xlsx"
    with django_capture_on_commit_callbacks(execute=True):
        response = anonymous_api.get(url)
    assert response.status_code == 202
    assert response.json()["status"] in ("pending", "ready")
    again = anonymous_api.get(url)
    assert again.status_code == 200
    load_workbook(io.BytesIO(again.content))


def post_file(client, tournament, data: bytes, name="players.csv", dry_run=False):
    query = "?dry_run=1" if dry_run else ""
    return client.post(
        f"/api/tournaments/{tournament.slug}/players/import/{query}",
        {"file": SimpleUploadedFile(name, data)},
        format="multipart",
    )


GOOD = b"First name,Last name,Country,EMA number\r\nAnna,Martin,FRA,4010013\r\n"
BAD = b"Name,EMA number\r\nAnna Martin,1\r\n,2\r\nBob,XY\r\n"


def test_import_dry_run_returns_the_preview(api, tournament):
    response = post_file(api, tournament, BAD, dry_run=True)
    assert response.status_code == 200
    body = response.json()
    assert body["valid"] is False
    assert [(p["row"], p["code"]) for p in body["problems"]] == [
        (3, "missing_name"),
        (4, "malformed_ema_number"),
    ]
    assert [row["row"] for row in body["rows"]] == [2, 3, 4]
    assert body["problems"][0]["message"] == "A player needs a name."
    assert Player.objects.count() == 0


def test_import_with_problems_is_a_422_and_saves_nothing(api, tournament):
    response = post_file(api, tournament, BAD)
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "import_has_problems"
    assert len(body["problems"]) == 2
    assert Player.objects.count() == 0


def test_import_registers_and_twice_is_harmless(api, tournament):
    response = post_file(api, tournament, GOOD)
    assert response.status_code == 201, response.content
    assert response.json()["registered"] == 1
    again = post_file(api, tournament, GOOD)
    assert again.status_code == 201
    assert again.json()["registered"] == 0
    assert again.json()["already_registered"] == 1
    assert Player.objects.get().ema_number == "04010013"


def test_a_10_mb_upload_is_reported(api, tournament):
    data = b"Name\r\n" + b"x" * (10 * 1024 * 1024)
    response = post_file(api, tournament, data)
    assert response.status_code == 422
    assert response.json()["problems"][0]["code"] == "file_too_large"


def test_import_needs_an_organiser(anonymous_api, tournament):
    assert post_file(anonymous_api, tournament, GOOD).status_code in (401, 403)
    anonymous_api.force_authenticate(UserFactory(username="stranger"))
    assert post_file(anonymous_api, tournament, GOOD).status_code == 403
    assert Player.objects.count() == 0


def test_schema_names_the_views_serializers(api):
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator(urlconf="tests.integration.exports_urls").get_schema(
        request=None, public=True
    )
    components = schema["components"]["schemas"]
    assert "ExportDetailOutput" in components
    assert "ExportListInputRequest" in components
    assert "/api/tournaments/{slug}/standings.xlsx" in schema["paths"]
